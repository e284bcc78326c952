#!/usr/bin/env python3
"""Every source of core/ stays readable in one sitting: no .cc file over 500 lines, no
function over 80 lines (from the line of its opening brace's head to its closing brace;
lambdas count with the function that holds them).

Usage: core_sizes_test.py CORE_DIR. Exits 1 naming every file and function over its limit.
Functions are found by brace matching on the source with comments and literals blanked; a
brace opens a function body when no function body is open and what precedes it, back to the
last ';', '{' or '}', ends in ')' and a few qualifiers and is not a namespace, class or
initializer."""
import pathlib
import re
import sys

MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 80

RAW_STRING = re.compile(r'R"([^(\s]*)\(')
FUNCTION_HEAD = re.compile(r'\)\s*(const|noexcept|override|final|mutable|&|&&|->[^{;]*|:.*|\s)*$',
                           re.S)
SCOPE_HEAD = re.compile(r'\b(namespace|class|struct|union|enum)\b[^()]*$|\bextern\s*""\s*$')


def blank_comments_and_literals(src: str) -> str:
    """The source with comments, strings and characters emptied; line breaks kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * src.count("\n", i, j))
            i = j
            continue
        raw = RAW_STRING.match(src, i)
        if raw and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            end = ")" + raw.group(1) + '"'
            j = src.find(end, raw.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j
            continue
        c = src[i]
        if c == '"' or (c == "'" and not (i > 0 and src[i - 1].isalnum())):
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def long_functions(path: pathlib.Path):
    """(first line, length, head) of every function body longer than the limit."""
    s = blank_comments_and_literals(path.read_text(encoding="utf-8", errors="replace"))
    stack, last, line, found = [], 0, 1, []
    for i, c in enumerate(s):
        if c == "\n":
            line += 1
        elif c == "{":
            head = " ".join(s[last:i].split())
            if any(kind == "fn" for kind, _, _ in stack):
                kind = "block"
            elif SCOPE_HEAD.search(head):
                kind = "scope"
            elif FUNCTION_HEAD.search(head) and not head.endswith("="):
                kind = "fn"
            else:
                kind = "block"
            stack.append((kind, line, head[-70:]))
            last = i + 1
        elif c == "}":
            if stack:
                kind, first, head = stack.pop()
                if kind == "fn" and line - first + 1 > MAX_FUNCTION_LINES:
                    found.append((first, line - first + 1, head))
            last = i + 1
        elif c == ";":
            last = i + 1
    return found


def main(core: pathlib.Path) -> int:
    problems, checked = [], 0
    for f in sorted(core.rglob("*.cc")):
        checked += 1
        lines = f.read_text(encoding="utf-8", errors="replace").count("\n")
        if lines > MAX_FILE_LINES:
            problems.append(f"{f}: {lines} lines, over {MAX_FILE_LINES}")
        for first, length, head in long_functions(f):
            problems.append(f"{f}:{first}: a function of {length} lines, over "
                            f"{MAX_FUNCTION_LINES}: {head}")
    for p in problems:
        print(p)
    print(f"core sizes: {checked} files checked, {len(problems)} problem(s)")
    return 1 if problems or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
