#!/usr/bin/env python3
"""Google Benchmark's own compare.py (Debian's libbenchmark-tools) reads the gbench.json of two
runs and prints its Mann-Whitney U test for every benchmark that has at least two repetitions
on both sides; comparing a run with itself gives p = 1 everywhere. Where the archive recorded
each round's CPU time, compare.py's CPU columns read each process's CPU time, not its real
time: the committed archives predate the CPU clock, so a copy of one is given CPU times here
(a fixed share of each round's wall time, different per process) and compared with itself.

Usage: gbench_compare_test.py ZOO_HOST PYTHON COMPARE_PY ARCHIVE_A ARCHIVE_B. PYTHON is the
interpreter compare.py is run with (Debian's, which has python3-scipy). Exits 1 naming what is
missing when compare.py or scipy is not installed (tools/setup-debian.sh installs both):
a missing reader is a failure, never a skip."""
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile

UTEST_MIN_REPETITIONS = 2  # compare.py's own threshold (gbench/report.py)


def render(zoo_host: str, archive: str, out: pathlib.Path) -> pathlib.Path:
    subprocess.run([zoo_host, "render", archive, "--out", str(out), "--format", "gbench"],
                   check=True, stdout=subprocess.DEVNULL)
    return out / "gbench.json"


def repetitions(export: pathlib.Path) -> dict:
    """name -> count of its iteration entries."""
    counts = {}
    for b in json.loads(export.read_text(encoding="utf-8"))["benchmarks"]:
        if b["run_type"] == "iteration":
            counts[b["name"]] = counts.get(b["name"], 0) + 1
    return counts


def summary(xs: list) -> dict:
    """The archive's summary of `xs` (core/base/statistics.h): median as the core computes it,
    the rest approximate, which nothing downstream of a process unit reads."""
    xs = sorted(xs)
    q = statistics.quantiles(xs, n=100, method="inclusive") if len(xs) > 1 else xs * 99
    mean = statistics.fmean(xs)
    stdev = statistics.stdev(xs) if len(xs) > 1 else 0.0
    median = statistics.median(xs)
    return {"n": len(xs), "median": median, "mean": mean, "min": xs[0], "max": xs[-1],
            "stdev": stdev, "iqr": q[74] - q[24], "p50": median, "p95": q[94], "p99": q[98],
            "relative_spread": stdev / median if median else None}


def with_cpu_time(archive: str, out: pathlib.Path) -> pathlib.Path:
    """A copy of `archive` whose timed units recorded CPU time: per round a share of its wall
    time that differs per process (40% to 62%), and the stats the run would have written."""
    doc = json.loads(pathlib.Path(archive).read_text(encoding="utf-8"))
    for unit in doc["units"]:
        if unit["status"] != "ok" or unit["spec"].get("instrument", ""):
            continue
        share = 0.4 + 0.02 * (unit["spec"].get("process", 0) % 12)
        c = unit["spec"]["concurrency"]
        for r in unit["rounds"]:
            r["cpu_ns"] = int(r["wall_ns"] * share)
        unit["stats"]["cpu_per_task_ns"] = summary([r["cpu_ns"] / c for r in unit["rounds"]])
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def check_cpu_column(python: str, compare_py: str, zoo_host: str, archive: str,
                     tmp: pathlib.Path) -> list:
    """compare.py on an export with CPU times: its CPU column holds them, apart from real time."""
    problems = []
    export = render(zoo_host, str(with_cpu_time(archive, tmp / "cpu.json")), tmp / "cpu")
    dump = tmp / "cpu-dump.json"
    compare(python, compare_py, export, export, dump)
    apart = 0
    for entry in json.loads(dump.read_text()):
        # Aggregates are statistics of the repetitions (a spread of CPU times may well exceed
        # that of real times); the counting units read no CPU clock.
        if entry["run_type"] == "aggregate" or "{counters}" in entry["name"]:
            continue
        for m in entry["measurements"]:
            if not m["cpu_time"] < m["real_time"]:
                problems.append(f"{entry['name']}: CPU {m['cpu_time']} is not below real "
                                f"time {m['real_time']} although the archive recorded it")
                break
        else:
            apart += 1
    if apart < 10:
        problems.append(f"only {apart} benchmarks show a CPU time apart from real time")
    print(f"{apart} benchmarks with their CPU time in compare.py's CPU column")
    return problems


def compare(python: str, compare_py: str, a: pathlib.Path, b: pathlib.Path,
            dump: pathlib.Path) -> str:
    r = subprocess.run([python, compare_py, "--no-color", "--dump_to_json", str(dump),
                        "benchmarks", str(a), str(b)],
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        raise SystemExit(f"compare.py exited {r.returncode}:\n{r.stdout}\n{r.stderr}")
    return r.stdout


def main(zoo_host: str, python: str, compare_py: str, archive_a: str, archive_b: str) -> int:
    if not pathlib.Path(compare_py).is_file():
        print(f"{compare_py}: not found; install libbenchmark-tools (tools/setup-debian.sh)")
        return 1
    if subprocess.run([python, "-c", "import scipy.stats"], capture_output=True).returncode:
        print(f"{python}: cannot import scipy, which compare.py's U test needs; install "
              "python3-scipy (tools/setup-debian.sh)")
        return 1
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        a = render(zoo_host, archive_a, tmp / "a")
        b = render(zoo_host, archive_b, tmp / "b")
        reps_a, reps_b = repetitions(a), repetitions(b)
        testable = sorted(n for n in reps_a.keys() & reps_b.keys()
                          if min(reps_a[n], reps_b[n]) >= UTEST_MIN_REPETITIONS)
        if len(testable) < 10:
            problems.append(f"only {len(testable)} benchmarks with {UTEST_MIN_REPETITIONS}+ "
                            "repetitions on both sides; the archives should give more")

        for left, right, same in ((a, b, False), (a, a, True)):
            dump = tmp / "dump.json"
            text = compare(python, compare_py, left, right, dump)
            lines = text.splitlines()
            report = {entry["name"]: entry for entry in json.loads(dump.read_text())}
            names = testable if not same else sorted(n for n, k in reps_a.items()
                                                     if k >= UTEST_MIN_REPETITIONS)
            for name in names:
                utest = report.get(name, {}).get("utest", {})
                if not utest:
                    problems.append(f"{left.parent.name} vs {right.parent.name}: {name}: "
                                    "no U test in compare.py's report")
                    continue
                want = (reps_a[name], reps_a[name] if same else reps_b[name])
                got = (utest["nr_of_repetitions"], utest["nr_of_repetitions_other"])
                if got != want:
                    problems.append(f"{name}: U test over {got} repetitions, expected {want}")
                for key in ("time_pvalue", "cpu_pvalue"):
                    p = utest[key]
                    if not 0 < p <= 1 or (same and p != 1.0):
                        problems.append(f"{name}: {key} {p} (same run on both sides: {same})")
                if not any(line.startswith(name + "_pvalue ") and "U Test, Repetitions" in line
                           for line in lines):
                    problems.append(f"{name}: compare.py printed no U test line")
        print(f"{len(testable)} benchmarks U-tested across the two runs")
        problems += check_cpu_column(python, compare_py, zoo_host, archive_a, tmp)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 6:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
