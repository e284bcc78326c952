#!/usr/bin/env python3
"""markdown_safe_test.py REPORT.md [REPORT.md ...]

Reads each report.md with the tools its readers use (issue 24): cmark-gfm with the table
extension in its default safe mode, which drops raw HTML ("raw HTML omitted"), must drop
nothing; pandoc's gfm reader, which gives every heading the id GitHub would, must find a
heading for every internal link ("#..."), so the contents land on their sections.

Exit status 0 when every report passes, 1 with one line per failure otherwise. cmark-gfm and
pandoc are required (tools/setup-debian.sh installs them): without them the test fails.
"""

import re
import shutil
import subprocess
import sys
import urllib.parse


def check(path):
    failures = []
    safe = subprocess.run(["cmark-gfm", "-e", "table", path], capture_output=True, text=True,
                          check=True).stdout
    omitted = safe.count("raw HTML omitted")
    if omitted:
        failures.append(f"{path}: cmark-gfm (safe mode) omitted raw HTML {omitted} times")
    if "<table>" not in safe:
        failures.append(f"{path}: cmark-gfm found no table")
    html = subprocess.run(["pandoc", "-f", "gfm", "-t", "html", path], capture_output=True,
                          text=True, check=True).stdout
    ids = {urllib.parse.unquote(i) for i in re.findall(r'\bid="([^"]+)"', html)}
    links = [urllib.parse.unquote(l) for l in re.findall(r'\bhref="#([^"]+)"', html)]
    if len(links) < 17:
        failures.append(f"{path}: {len(links)} internal links, expected the 17 of the contents")
    for link in links:
        if link not in ids:
            failures.append(f"{path}: the link #{link} lands on no heading under pandoc -f gfm")
    return failures


def main(paths):
    missing = [tool for tool in ("cmark-gfm", "pandoc") if shutil.which(tool) is None]
    if missing:
        print(f"missing {' and '.join(missing)}: install the Debian packages cmark-gfm and "
              "pandoc (tools/setup-debian.sh does)")
        return 1
    failures = [f for path in paths for f in check(path)]
    for f in failures:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
