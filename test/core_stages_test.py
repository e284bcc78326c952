#!/usr/bin/env python3
"""core/ is one folder per stage of the data path; a file may include only from its own stage
and the stages before it, so the path reads from the folder names and no stage reaches ahead.

Usage: core_stages_test.py CORE_DIR. Exits 1 naming every file at core/'s top level and every
include that points forward (or at a folder that is not a stage)."""
import pathlib
import re
import sys

# In data-path order; the order is the rule.
STAGES = ["base", "plugin", "measure", "archive", "worker", "run", "model", "render", "child"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"core/([^/"]+)/', re.M)


def main(core: pathlib.Path) -> int:
    problems = []
    for f in sorted(core.iterdir()):
        if f.is_file() and f.name != "meson.build":
            problems.append(f"{f}: a source at core/'s top level; it belongs in a stage folder")
        elif f.is_dir() and f.name not in STAGES:
            problems.append(f"{f}: not a stage ({', '.join(STAGES)})")
    checked = 0
    for stage in STAGES:
        for f in sorted((core / stage).rglob("*")):
            if not f.is_file() or f.name == "meson.build":
                continue
            checked += 1
            for target in INCLUDE.findall(f.read_text(encoding="utf-8", errors="replace")):
                if target not in STAGES:
                    problems.append(f"{f}: includes core/{target}/, which is not a stage")
                elif STAGES.index(target) > STAGES.index(stage):
                    problems.append(f"{f}: the {stage} stage includes from the later {target} stage")
    for p in problems:
        print(p)
    print(f"core stages: {checked} files checked, {len(problems)} problem(s)")
    return 1 if problems or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
