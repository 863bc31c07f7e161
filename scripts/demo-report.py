#!/usr/bin/env python3
"""Print make demo's table and its verdict line from the samples of one demo
run (the RESULT lines of guest/matrix and guest/share, with kernel=).  A cell
is the median of its rounds (guest/matrix: one result per fresh load).

usage: demo-report.py SAMPLES HEADER
"""
import statistics
import sys

VALUES = ("19", "0", "-20")


def parse(path):
    with open(path) as f:
        return [dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
                for line in f]


def main():
    rows = parse(sys.argv[1])
    header = sys.argv[2] if len(sys.argv) > 2 else ""
    lat, floor, hb, share = {}, {}, {}, {}
    for r in rows:
        k, b = r["kernel"], r["bench"]
        if b == "floor":
            floor.setdefault(k, []).append(r)
        elif b == "matrix":
            lat.setdefault((k, r["hb_value"], r["ct_value"]), []).append(r)
        elif b == "hackbench":
            hb.setdefault((k, r["value"]), []).append(float(r["sec"]))
        elif b == "share":
            share[r["value"]] = float(r["pct"])

    def med(rounds, stat):
        """the median of a statistic over a cell's rounds"""
        return statistics.median(float(r[stat]) for r in rounds)

    def cell(r):
        return f"{med(r, 'avg'):7.0f} / {med(r, 'p99'):6.0f}" if r else f"{'-':>16}"

    print(f"latency nice at work ({header})")
    print()
    for k in ("base", "patched"):
        if k in floor:
            f = floor[k]
            print(f"idle floor, {k:7}  avg {med(f, 'avg'):.0f} us, p99 {med(f, 'p99'):.0f} us")
    groups = next((r["groups"] for r in rows if r["bench"] == "matrix"), "?")
    print()
    print("wake-up latency of cyclictest --policy other -i 1000 (avg / p99, us)")
    print(f"under hackbench -p -g {groups}, both on one CPU; rows: hackbench's "
          "latency nice, columns: cyclictest's")
    print(f"{'':18}" + "".join(f"{'at ' + c:>19}" for c in VALUES))
    for h in VALUES:
        print(f"{'hackbench at ' + h:18}" +
              "".join(f"   {cell(lat.get(('patched', h, c)))}" for c in VALUES))
    print(f"{'base kernel, 0':18}   {cell(None)}   {cell(lat.get(('base', '0', '0')))}"
          f"   {cell(None)}")
    print()
    def secs(runs):
        """the median of hackbench's runs, and their range when several"""
        m = f"{statistics.median(runs):.2f} s"
        return m if len(runs) == 1 else f"{m} ({min(runs):.2f}-{max(runs):.2f})"

    times = ", ".join(f"{v}: {secs(hb[('patched', v)])}" for v in VALUES + ("batch",)
                      if ("patched", v) in hb)
    if ("base", "0") in hb:
        times += f"; base kernel: {secs(hb[('base', '0')])}"
    nruns = max((len(x) for x in hb.values()), default=0)
    print(f"hackbench -p -g {groups}, its own time (median of {nruns} runs) at {times}")
    print("(batch: SCHED_BATCH, no wakeup preemption, the most that patience at "
          "wakeup can gain)")
    if share:
        print("CPU share of two CPU hogs on one CPU: "
              f"-20: {share['-20']:.1f}%, 19: {share['19']:.1f}%")
    print()

    # The verdict, from the row of hackbench at 0.
    lo, mid = lat.get(("patched", "0", "-20")), lat.get(("patched", "0", "0"))
    t0, t19 = (statistics.median(hb[("patched", v)]) if ("patched", v) in hb else None
               for v in ("0", "19"))
    missing = [n for n, x in (("latency at -20", lo), ("latency at 0", mid),
                              ("hackbench at 0", t0), ("hackbench at 19", t19),
                              ("share", share or None)) if x is None]
    if missing:
        print("verdict: no result for " + ", ".join(missing))
        return 1

    def ratio(a, b):
        return f"{b / a:.1f}x" if a > 0 else "inf"

    print(f"verdict: latency nice -20: avg {ratio(med(lo, 'avg'), med(mid, 'avg'))} "
          f"lower, p99 {ratio(med(lo, 'p99'), med(mid, 'p99'))} lower than 0; "
          f"hackbench at 19: {(1 - t19 / t0) * 100:.0f}% faster than at 0; "
          f"share -20/19: {share['-20']:.1f}%/{share['19']:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
