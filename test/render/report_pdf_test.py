#!/usr/bin/env python3
"""report_pdf_test.py ZOO_HOST ARCHIVE

`zoo-host render --format pdf` of a committed archive, as a user runs it (core/render/deck_pdf.h):
in en and zh, the PDF has one page per slide of the deck rendered beside it (pdfinfo), each
page 1920x1080 CSS pixels (1440x810 pt); the text of the zh PDF (pdftotext) holds the report's
Chinese title; `--format pdf` alone writes report.pdf alone, byte-identical to the first print
(its dates are the archive's); a Chromium that is missing or fails is one sentence, exit code 2,
and no report folder.

Chromium and poppler-utils are required: without them the test fails, saying what to install
(CI's setup installs both).
"""

import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


class Failure(Exception):
    pass


def zoo_host(binary, args, chromium):
    env = dict(os.environ, ZOO_HOST_CHROMIUM=chromium)
    return subprocess.run([binary, *args], env=env, capture_output=True, text=True, timeout=600)


def render(binary, archive, out, lang, formats, chromium=CHROMIUM):
    r = zoo_host(binary, ["render", archive, "--out", str(out), "--lang", lang, "--format", formats],
                 chromium)
    if r.returncode != 0:
        raise Failure(f"render --lang {lang} --format {formats} exited {r.returncode}: "
                      f"{r.stderr.strip()[-500:]}")
    return sorted(p.name for p in out.iterdir())


def pdf_pages(pdf):
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    size = re.search(r"^Page size:\s+(.*)$", info, re.M).group(1).strip()
    return pages, size


def check_language(binary, archive, scratch, lang, problems):
    out = scratch / lang
    files = render(binary, archive, out, lang, "html,pdf")
    if files != ["report.html", "report.pdf"]:
        problems.append(f"{lang}: --format html,pdf wrote {files}")
        return None
    deck = (out / "report.html").read_text(encoding="utf-8")
    slides = len(re.findall(r'<section class="slide"', deck))
    pages, size = pdf_pages(out / "report.pdf")
    if slides < 2 or pages != slides:
        problems.append(f"{lang}: the PDF has {pages} pages, the deck {slides} slides")
    if not size.startswith("1440 x 810 pts"):
        problems.append(f"{lang}: a page is {size}, not 1440 x 810 pts (1920x1080 px)")
    print(f"{lang}: {pages} pages for {slides} slides, {size}")
    return out


def check_title_text(out, problems):
    deck = (out / "report.html").read_text(encoding="utf-8")
    title = html.unescape(re.search(r"<title>(.*?)</title>", deck).group(1))
    if not re.search(r"[\u4e00-\u9fff]", title):
        problems.append(f"zh: the report's title {title!r} is not Chinese")
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(out / "report.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    squeeze = lambda s: re.sub(r"\s+", "", s)
    if squeeze(title) not in squeeze(text):
        problems.append(f"zh: pdftotext of the PDF does not hold the title {title!r}")
    else:
        print(f"zh: the PDF's text holds the title {title!r}")


def check_pdf_alone(binary, archive, scratch, first, problems):
    out = scratch / "pdf-only"
    files = render(binary, archive, out, "zh", "pdf")
    if files != ["report.pdf"]:
        problems.append(f"--format pdf wrote {files}, not report.pdf alone")
    elif (out / "report.pdf").read_bytes() != (first / "report.pdf").read_bytes():
        problems.append("a second print of the same archive gave other bytes")


def check_refusals(binary, archive, scratch, problems):
    for chromium, expected in (("/nonexistent/chromium", "ZOO_HOST_CHROMIUM names"),
                               (shutil.which("false") or "/bin/false", "did not print")):
        out = scratch / "refused"
        r = zoo_host(binary, ["render", archive, "--out", str(out), "--format", "pdf"], chromium)
        lines = r.stderr.strip().splitlines()
        if r.returncode != 2 or len(lines) != 1 or expected not in r.stderr:
            problems.append(f"ZOO_HOST_CHROMIUM={chromium}: exit {r.returncode}, stderr "
                            f"{r.stderr.strip()!r}; expected exit 2 and one line with {expected!r}")
        if out.exists() or any(p.name.startswith(".refused") for p in scratch.iterdir()):
            problems.append(f"ZOO_HOST_CHROMIUM={chromium}: a report folder was left behind")


def main(argv):
    if len(argv) != 3:
        print("usage: report_pdf_test.py ZOO_HOST ARCHIVE", file=sys.stderr)
        return 1
    binary, archive = argv[1], argv[2]
    missing = [p for p in (CHROMIUM, "pdfinfo", "pdftotext") if not shutil.which(p)]
    if missing:
        print(f"FAIL: the PDF test needs Chromium and poppler-utils, and {', '.join(missing)} is "
              "missing: install them with `apt-get install -y chromium poppler-utils`.",
              file=sys.stderr)
        return 1
    problems = []
    with tempfile.TemporaryDirectory(prefix="report-pdf-") as tmp:
        scratch = Path(tmp)
        try:
            check_language(binary, archive, scratch, "en", problems)
            zh = check_language(binary, archive, scratch, "zh", problems)
            if zh is not None:
                check_title_text(zh, problems)
                check_pdf_alone(binary, archive, scratch, zh, problems)
            check_refusals(binary, archive, scratch, problems)
        except (Failure, subprocess.SubprocessError, AttributeError) as e:
            problems.append(str(e))
    if problems:
        for p in problems:
            print(f"FAIL: {p}")
        return 1
    print("PASS: one 1920x1080 page per slide, the Chinese title in the zh PDF's text, the same "
          "bytes on a second print, a missing or failing Chromium refused with exit code 2")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
