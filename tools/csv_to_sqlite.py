#!/usr/bin/env python3
"""Loads a zoo-host CSV table (cells.csv, cost.csv) into SQLite through its schema, the CSV on
the Web metadata beside it (cells.csv-metadata.json): integer and double columns arrive as
numbers, booleans as 1/0, and an empty field as NULL, so ORDER BY and avg() work as a reader
expects. Python's standard library only.

Usage: csv_to_sqlite.py TABLE.csv DATABASE [NAME]
  writes table NAME (default: the file's stem, e.g. "cells") into DATABASE, replacing it.
Then, for example:
  sqlite3 zoo.db "SELECT adapter, median_ns FROM cells WHERE concurrency = 1 ORDER BY median_ns"
A value that does not match its column's datatype stops the load with one sentence naming the
file, line and column (exit code 2)."""
import csv
import json
import pathlib
import sqlite3
import sys

SQL_TYPES = {"integer": "INTEGER", "double": "REAL", "boolean": "INTEGER", "string": "TEXT"}


class LoadError(Exception):
    pass


def read_schema(table: pathlib.Path) -> list:
    """[(name, datatype, null)] of the table's CSVW metadata, in column order."""
    meta_path = table.with_name(table.name + "-metadata.json")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise LoadError(f"{meta_path}: cannot read the table's schema ({e})")
    columns = []
    for c in meta["tableSchema"]["columns"]:
        datatype = c["datatype"]["base"] if isinstance(c["datatype"], dict) else c["datatype"]
        if datatype not in SQL_TYPES:
            raise LoadError(f"{meta_path}: column {c['name']}: unknown datatype {datatype}")
        columns.append((c["name"], datatype, c.get("null", "")))
    return columns


def convert(value: str, datatype: str, null: str):
    """The typed value of one field; ValueError when it is not of its datatype."""
    if value == null:
        return None
    if datatype == "integer":
        return int(value)
    if datatype == "double":
        return float(value)
    if datatype == "boolean":
        if value not in ("true", "false"):
            raise ValueError(f"{value!r} is not true or false")
        return 1 if value == "true" else 0
    return value


def load(table: pathlib.Path, db: sqlite3.Connection, name: str) -> int:
    """Creates table `name` from `table` through its schema; returns the rows loaded."""
    columns = read_schema(table)
    with table.open(encoding="utf-8", newline="") as f:
        rows = csv.reader(f)
        header = next(rows, [])
        if header != [c[0] for c in columns]:
            raise LoadError(f"{table}: its header does not match the columns of its schema")
        typed = []
        for line, row in enumerate(rows, start=2):
            if len(row) != len(columns):
                raise LoadError(f"{table}:{line}: {len(row)} fields, the schema has "
                                f"{len(columns)}")
            try:
                typed.append([convert(v, t, n) for v, (_, t, n) in zip(row, columns)])
            except ValueError as e:
                raise LoadError(f"{table}:{line}: {e}")
    quoted = '"' + name.replace('"', '""') + '"'
    db.execute(f"DROP TABLE IF EXISTS {quoted}")
    db.execute(f"CREATE TABLE {quoted} (" +
               ", ".join(f'"{c}" {SQL_TYPES[t]}' for c, t, _ in columns) + ")")
    db.executemany(f"INSERT INTO {quoted} VALUES ({', '.join('?' * len(columns))})", typed)
    db.commit()
    return len(typed)


def main(argv: list) -> int:
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    table = pathlib.Path(argv[1])
    name = argv[3] if len(argv) == 4 else table.stem
    try:
        with sqlite3.connect(argv[2]) as db:
            count = load(table, db, name)
    except (LoadError, OSError) as e:
        print(f"csv_to_sqlite: {e}", file=sys.stderr)
        return 2
    print(f"{count} rows of {table} in table {name} of {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
