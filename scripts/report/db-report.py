#!/usr/bin/env python3
"""Tabulate scripts/flows/db-bench.sh's samples: sysbench against MariaDB on one
CPU, the server's cgroup at cpu.latency.nice 0 or 19, or the server under
SCHED_BATCH, on the base and the patched kernel.

For each kernel, a table of the median transactions per second and the
median 95th percentile latency of each condition over its rounds and
boots, with the spread (min-max), and the ratios 19/0 and batch/0 of the
medians (tps: above 1 is faster; p95: below 1 is shorter).

usage: db-report.py SAMPLES HEADER COMMAND [INFO]
"""
import statistics
import sys
from collections import defaultdict

CONDS = ("0", "19", "batch")


def parse(path):
    with open(path) as f:
        return [dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
                for line in f if line.strip()]


def summary(vals):
    """'median (min-max)' of a list of numbers, '-' for none"""
    if not vals:
        return "-"
    return f"{statistics.median(vals):.1f} ({min(vals):.1f}-{max(vals):.1f})"


def ratio(a, b):
    if not a or not b:
        return "-"
    return f"{statistics.median(a) / statistics.median(b):.3f}"


def main():
    rows = parse(sys.argv[1])
    header, command = sys.argv[2], sys.argv[3]
    info = sys.argv[4] if len(sys.argv) > 4 else ""
    tps = defaultdict(list)   # (kernel, cond) -> values
    p95 = defaultdict(list)
    inv = defaultdict(list)   # the server's involuntary switches a run
    for r in rows:
        if r.get("bench") != "db":
            continue
        tps[r["kernel"], r["cond"]].append(float(r["tps"]))
        p95[r["kernel"], r["cond"]].append(float(r["p95_ms"]))
        if "srv_invol" in r:
            inv[r["kernel"], r["cond"]].append(float(r["srv_invol"]))
    out = [f"## A database under wakeup preemption ({header})", "",
           f"Command: `sh scripts/flows/db-bench.sh` with `{command}`.", ""]
    if info:
        out += [f"Guest: `{info}`", ""]
    out += ["sysbench against MariaDB over its socket, on one CPU; the server "
            "in a cgroup of its own, the client in a sibling cgroup at the "
            "default.  `0`, `19`: cpu.latency.nice of the server's cgroup; "
            "`batch`: the server under SCHED_BATCH (cgroup at 0).  Median over "
            "rounds and boots, (min-max); n: samples; server preempted: the "
            "involuntary context switches of the server's threads in a run.", ""]
    for k in ("base", "patched"):
        conds = [c for c in CONDS if tps[k, c]]
        if not conds:
            continue
        out += [f"### {k} kernel", "",
                "| condition | n | tps | p95 (ms) | server preempted |",
                "| --- | --- | --- | --- | --- |"]
        for c in conds:
            out.append(f"| {c} | {len(tps[k, c])} | {summary(tps[k, c])} | "
                       f"{summary(p95[k, c])} | {summary(inv[k, c])} |")
        out.append("")
        for c in ("19", "batch"):
            if tps[k, c]:
                out.append(f"- {c}/0: tps {ratio(tps[k, c], tps[k, '0'])}, "
                           f"p95 {ratio(p95[k, c], p95[k, '0'])}")
        out.append("")
    if tps["base", "0"] and tps["patched", "0"]:
        out.append(f"patched/base at 0: tps {ratio(tps['patched', '0'], tps['base', '0'])}, "
                   f"p95 {ratio(p95['patched', '0'], p95['base', '0'])}")
    print("\n".join(out).rstrip())


if __name__ == "__main__":
    main()
