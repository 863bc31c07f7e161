#!/usr/bin/env python3
"""The testers' matrix side by side across kernels: the cells that say what
latency nice is for, from the samples of one or more make matrix runs
(scripts/flows/matrix.sh), one row per kernel.

Each argument is LABEL=SAMPLES:KERNEL, KERNEL being the samples' kernel=
(base, patched, slices).  A cell is the median over its rounds and boots
(avg / p99, us); "-" where that kernel has no such cell (the base kernel
runs everything at 0).  hackbench's own time is the median, in seconds.

usage: matrix-compare.py LABEL=SAMPLES:KERNEL...
"""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
report = importlib.import_module("matrix-report")

# (hackbench, cyclictest) values of the cells shown, and their titles
CELLS = (("0", "0", "all at 0"),
         ("0", "-20", "cyclictest -20, hackbench 0"),
         ("19", "0", "cyclictest 0, hackbench 19"),
         ("19", "-20", "cyclictest -20, hackbench 19"),
         ("0", "19", "cyclictest 19, hackbench 0"))


def main():
    runs = []
    for arg in sys.argv[1:]:
        label, rest = arg.split("=", 1)
        path, kernel = rest.rsplit(":", 1)
        runs.append((label, [r for r in report.parse(path) if r.get("kernel") == kernel]))

    groups = sorted({r["groups"] for _, rows in runs for r in rows
                     if r.get("bench") == "matrix"}, key=int)
    out = []
    for g in groups:
        out.append(f"#### {g} hackbench group(s) on one CPU: cyclictest avg / p99 (us); "
                   "hackbench's own time (s)")
        out.append("")
        out.append("| kernel | floor | " + " | ".join(t for _, _, t in CELLS) +
                   " | hackbench 0 / 19 / batch |")
        out.append("| --- |" + " --- |" * (len(CELLS) + 2))
        for label, rows in runs:
            def med(pred, key):
                c = report.cell([float(r[key]) for r in rows if pred(r)])
                return c[0] if c else None

            def lat(h, c):
                vals = [med(lambda r: r["bench"] == "matrix" and r["groups"] == g and
                            r["hb_value"] == h and r["ct_value"] == c, s)
                        for s in ("avg", "p99")]
                return " / ".join("-" if v is None else f"{v:.0f}" for v in vals)

            def hb(v):
                x = med(lambda r: r["bench"] == "hackbench" and r["groups"] == g and
                        r["value"] == v and r.get("mode", "pipe") == "pipe", "sec")
                return "-" if x is None else f"{x:.2f}"

            fl = [med(lambda r: r["bench"] == "floor", s) for s in ("avg", "p99")]
            floor = " / ".join("-" if v is None else f"{v:.0f}" for v in fl)
            out.append(f"| {label} | {floor} | " +
                       " | ".join(lat(h, c) for h, c, _ in CELLS) +
                       f" | {hb('0')} / {hb('19')} / {hb('batch')} |")
        out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
