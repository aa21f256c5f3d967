#!/usr/bin/env python3
"""Merges scripts/bench's side-by-side rounds into one Markdown table: each figure of each row of each table, as the
median over the rounds for this tree's skeletond and for the baseline's, and the change.

    bench-side-by-side.py DIR ROUNDS BASELINE-NAME LOAD

DIR holds this-N.md and baseline-N.md for N in 1...ROUNDS (skeleton-bench's own tables)."""
import re
import statistics
import sys

directory, rounds, baseline_name, load = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def tables(path):
    """{(heading, row, column): text} in the file's order."""
    cells = {}
    heading, header = "", None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("## "):
            heading, header = line[3:].strip(), None
            continue
        if not line.startswith("|"):
            header = None if not line.strip() else header
            continue
        row = [cell.strip() for cell in line.strip("|").split("|")]
        if header is None:
            header = row
        elif not set("".join(row)) <= set("-: "):
            for column, text in zip(header[1:], row[1:]):
                cells[(heading, row[0], column)] = text
    return cells


def value(text):
    match = NUMBER.search(text.replace(",", "").replace("**", ""))
    return float(match.group()) if match else None


def unit(text):
    return NUMBER.sub("", text.replace(",", "").replace("**", ""), count=1).strip()


def key_heading(heading):
    """A heading without the figures it may carry (a row's label keeps its table)."""
    tag = re.match(r"\((\w+'?)\)", heading)
    return tag.group(1) if tag else heading


sides = {which: [tables(f"{directory}/{which}-{r}.md") for r in range(1, rounds + 1)] for which in ("this", "baseline")}
order = list(sides["this"][0].keys())
print(f"## Side by side: this tree's skeletond against {baseline_name}\n")
print(f"{rounds} rounds, alternating which daemon goes first; each figure is the median over the rounds of "
      f"skeleton-bench's own median. Load average at the end: {load} (other builds share the machine).\n")
current = None
for heading, row, column in order:
    figures = {}
    for which in ("this", "baseline"):
        values = []
        for cells in sides[which]:
            matches = [text for (h, r, c), text in cells.items()
                       if key_heading(h) == key_heading(heading) and r == row and c == column]
            number = value(matches[0]) if matches else None
            if number is not None:
                values.append(number)
        figures[which] = statistics.median(values) if values else None
    if figures["this"] is None or figures["baseline"] is None:
        continue
    if heading != current:
        current = heading
        print(f"\n### {heading}\n")
        print("| row | figure | this tree | baseline | change |\n|---|---|---:|---:|---:|")
    this, base = figures["this"], figures["baseline"]
    change = f"{(this / base - 1) * 100:+.1f} %" if base else "–"
    suffix = unit(sides["this"][0][(heading, row, column)])
    print(f"| {row} | {column} | {this:,.4g} {suffix} | {base:,.4g} {suffix} | {change} |")
print("")
