#!/usr/bin/env python3
"""Every CSV table of the report (cells.csv, cost.csv, and the others the archive has) loads
through its schema; cells.csv and cost.csv load through their schemas (the CSVW metadata beside them) with
tools/csv_to_sqlite.py: numeric columns arrive as numbers, an empty field as NULL, so ORDER BY
sorts by value and avg() leaves missing figures out; a field that is not of its column's type
stops the load with exit code 2 and one sentence naming the line.

Usage: csv_schema_test.py ZOO_HOST CSV_TO_SQLITE ARCHIVE"""
import csv
import pathlib
import sqlite3
import subprocess
import sys
import tempfile


def main(zoo_host: str, loader: str, archive: str) -> int:
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        out = tmp / "report"
        subprocess.run([zoo_host, "render", archive, "--out", str(out), "--format", "csv"],
                       check=True, stdout=subprocess.DEVNULL)
        db_path = tmp / "zoo.db"
        tables = sorted(p.stem for p in out.glob("*.csv"))
        for want in ("cells", "cost"):
            if want not in tables:
                problems.append(f"{want}.csv was not written")
        for table in tables:
            r = subprocess.run([sys.executable, loader, str(out / f"{table}.csv"), str(db_path)],
                               capture_output=True, text=True)
            if r.returncode != 0:
                problems.append(f"{table}.csv does not load: {r.stderr.strip()}")
        if problems:
            print("\n".join(problems))
            return 1
        db = sqlite3.connect(db_path)

        with (out / "cells.csv").open(encoding="utf-8", newline="") as f:
            raw = list(csv.DictReader(f))
        db.row_factory = sqlite3.Row
        rows = db.execute("SELECT rowid, * FROM cells ORDER BY rowid").fetchall()
        if len(rows) != len(raw) or not raw:
            problems.append(f"cells: {len(rows)} rows loaded of {len(raw)}")
        declared = {r["name"]: r["type"] for r in db.execute("PRAGMA table_info(cells)")}
        for column, want in (("median_ns", "REAL"), ("concurrency", "INTEGER"),
                             ("ok", "INTEGER"), ("verdict", "TEXT"), ("p_value", "REAL")):
            if declared.get(column) != want:
                problems.append(f"cells.{column}: declared {declared.get(column)}, want {want}")
        numeric = [c for c, t in declared.items() if t in ("REAL", "INTEGER")]
        nulls = 0
        for loaded, text in zip(rows, raw):
            for column in declared:
                value = loaded[column]
                if text[column] == "":
                    nulls += 1
                    if value is not None:
                        problems.append(f"cells {text['id']}.{column}: empty field loaded as "
                                        f"{value!r}, not NULL")
                elif column in numeric and not isinstance(value, (int, float)):
                    problems.append(f"cells {text['id']}.{column}: {value!r} is not a number")
                elif column in numeric and float(value) != float(
                        {"true": 1, "false": 0}.get(text[column], text[column])):
                    problems.append(f"cells {text['id']}.{column}: {value!r} != {text[column]}")
        if nulls == 0:
            problems.append("cells: no empty field at all; the check of NULLs checked nothing")

        # The subject's rows have no cell against itself: NULL, not 0.
        subject_ratios = db.execute(
            "SELECT count(*) FROM cells WHERE adapter = 'zoo_scheduler' AND ratio IS NOT NULL"
        ).fetchone()[0]
        if subject_ratios:
            problems.append(f"{subject_ratios} subject rows carry a ratio")
        # ORDER BY sorts by value; avg() counts only the figures there are.
        medians = [r[0] for r in db.execute(
            "SELECT median_ns FROM cells WHERE median_ns IS NOT NULL ORDER BY median_ns")]
        if medians != sorted(float(r["median_ns"]) for r in raw if r["median_ns"]):
            problems.append("ORDER BY median_ns does not sort by value")
        ratios = [float(r["ratio"]) for r in raw if r["ratio"]]
        avg = db.execute("SELECT avg(ratio) FROM cells").fetchone()[0]
        if not ratios or abs(avg - sum(ratios) / len(ratios)) > 1e-9 * abs(avg):
            problems.append(f"avg(ratio) {avg} is not the mean of the {len(ratios)} ratios")

        # A field that is not of its type is refused, naming the line.
        bad = tmp / "bad"
        bad.mkdir()
        text = (out / "cells.csv").read_bytes().decode("utf-8")
        header, first, rest = text.split("\r\n", 2)
        fields = first.split(",")
        fields[header.split(",").index("concurrency")] = "one"
        (bad / "cells.csv").write_text("\r\n".join([header, ",".join(fields), rest]),
                                       encoding="utf-8", newline="")
        (bad / "cells.csv-metadata.json").write_bytes(
            (out / "cells.csv-metadata.json").read_bytes())
        r = subprocess.run([sys.executable, loader, str(bad / "cells.csv"), str(tmp / "bad.db")],
                           capture_output=True, text=True)
        if r.returncode != 2 or "cells.csv:2:" not in r.stderr:
            problems.append(f"a non-integer concurrency: exit {r.returncode}, {r.stderr!r}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
