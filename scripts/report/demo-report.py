#!/usr/bin/env python3
"""Print make demo's table and its verdict line from the samples of one demo
run (the RESULT lines of guest/matrix and guest/share, with kernel=).  A cell
is the median of its rounds (guest/matrix: one result per fresh load).
Beside it, hackbench's own time in pipes and sockets and the tolerant task
as a sleeper (its share beside a hog, what it gets done behind hackbench),
each with SCHED_BATCH on the base kernel, where the samples have them.

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
    lat, floor, hb, share, sshare, sload = {}, {}, {}, {}, {}, {}
    for r in rows:
        k, b = r["kernel"], r["bench"]
        if b in ("floor", "heavy-floor"):
            floor.setdefault((b, k), []).append(r)
        elif b in ("matrix", "heavy"):
            lat.setdefault((b, k, r["hb_value"], r["ct_value"]), []).append(r)
        elif b == "hackbench" and r.get("mode", "pipe") == "pipe":
            hb.setdefault((k, r["value"]), []).append(float(r["sec"]))
        elif b == "hackbench":
            hb.setdefault((k, r["value"], r["mode"]), []).append(float(r["sec"]))
        elif b == "share":
            share[r["value"]] = float(r["pct"])
        elif b == "sleeper-share":
            sshare.setdefault((k, r["as"], r["hog_value"], r["value"]), []).append(
                float(r["pct"]))
        elif b == "sleeper-load":
            sload.setdefault((k, r["value"]), []).append(r)

    def med(rounds, stat):
        """the median of a statistic over a cell's rounds"""
        return statistics.median(float(r[stat]) for r in rounds)

    def cell(r, stats):
        if not r:
            return f"{'-':>{7 * len(stats) + 3 * (len(stats) - 1)}}"
        return " / ".join(f"{med(r, s):7.0f}" for s in stats)

    print(f"latency nice at work ({header})")
    groups = next((r["groups"] for r in rows if r["bench"] == "matrix"), "?")
    work = next((r["work_us"] for r in rows if "work_us" in r), None)
    for b, stats, what in (("matrix", ("avg", "p99"), "cyclictest --policy other -i 1000, "
                            "a light waker"),
                           ("heavy", ("avg", "p50", "p99"), f"a waker every 1 ms working "
                            f"{work} us, above its fair share (bench/waker)")):
        if not any(key[0] == b for key in lat):
            continue
        print()
        for k in ("base", "patched"):
            f = floor.get(("floor" if b == "matrix" else "heavy-floor", k))
            if f:
                print(f"idle floor, {k:7}  " + ", ".join(f"{s} {med(f, s):.0f} us"
                                                      for s in stats))
        print(f"wake-up latency of {what} ({' / '.join(stats)}, us)")
        print(f"under hackbench -p -g {groups}, both on one CPU; rows: hackbench's "
              "latency nice, columns: the waker's")
        width = 7 * len(stats) + 3 * (len(stats) - 1) + 3
        print(f"{'':18}" + "".join(f"{'at ' + c:>{width}}" for c in VALUES))
        for h in VALUES:
            print(f"{'hackbench at ' + h:18}" +
                  "".join(f"   {cell(lat.get((b, 'patched', h, c)), stats)}" for c in VALUES))
        print(f"{'base kernel, 0':18}   {cell(None, stats)}   "
              f"{cell(lat.get((b, 'base', '0', '0')), stats)}   {cell(None, stats)}")
    print()
    def secs(runs):
        """the median of hackbench's runs, and their range when several"""
        m = f"{statistics.median(runs):.3f} s"
        return m if len(runs) == 1 else f"{m} ({min(runs):.3f}-{max(runs):.3f})"

    nruns = max((len(x) for x in hb.values()), default=0)
    for mode, opt, m in (("pipes", "-p ", ()), ("sockets", "", ("socket",))):
        times = ", ".join(f"{v}: {secs(hb[('patched', v) + m])}" for v in VALUES + ("batch",)
                          if ("patched", v) + m in hb)
        base = ", ".join(f"{v}: {secs(hb[('base', v) + m])}" for v in ("0", "batch")
                         if ("base", v) + m in hb)
        if times or base:
            print(f"hackbench {opt}-g {groups} ({mode}), its own time (median of {nruns} "
                  f"runs) at {times}{'; base kernel at ' + base if base else ''}")
    print("(batch: SCHED_BATCH, no wakeup preemption, the most that patience at "
          "wakeup can gain)")
    if sshare:
        def pcts(k, as_, hog, vals):
            return ", ".join(f"{v}: {statistics.median(sshare[k, as_, hog, v]):.1f}%"
                             for v in vals if (k, as_, hog, v) in sshare)
        print("CPU share of a sleeper (3 ms work, 3 ms sleep, bench/sleeper) beside one "
              "hog, at the sleeper's value:")
        for what, as_, hog in (("beside a hog at 0", "task", "0"),
                               ("beside a hog at 19", "task", "19"),
                               ("in a group, a hog in a group at 0", "group", "0")):
            p = pcts("patched", as_, hog, ("19", "0", "batch"))
            b = pcts("base", as_, hog, ("0", "batch"))
            if p or b:
                print(f"  {what}: {p or '-'}{'; base kernel ' + b if b else ''}")
    if sload:
        def ops(k, v):
            r = sload[k, v]
            return (f"{v}: {med(r, 'ops_s'):.0f} ops/s, each sleep "
                    f"{med(r, 'oversleep_us'):.0f} us late")
        p = ", ".join(ops("patched", v) for v in ("19", "0", "batch") if ("patched", v) in sload)
        b = ", ".join(ops("base", v) for v in ("0", "batch") if ("base", v) in sload)
        print(f"a sleeper (50 us work, 200 us sleep) behind hackbench -p -g {groups} at 0: "
              f"{p or '-'}{'; base kernel ' + b if b else ''}")
    if share:
        print("CPU share of two CPU hogs on one CPU: "
              f"-20: {share['-20']:.1f}%, 19: {share['19']:.1f}%")
    print()

    # The verdict, from the row of hackbench at 0.
    lo, mid = lat.get(("matrix", "patched", "0", "-20")), lat.get(("matrix", "patched", "0", "0"))
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

    heavy = ""
    h19, h0 = (lat.get(("heavy", "patched", v, "0")) for v in ("19", "0"))
    if h19 and h0:
        heavy = ("; heavy waker at 0 beside hackbench at 19 vs 0: " +
                 ", ".join(f"{s} {med(h19, s):.0f} vs {med(h0, s):.0f} us"
                           for s in ("avg", "p50")))
    # the tolerant task itself, against SCHED_BATCH on the base kernel
    sleeper = ""
    s19 = sshare.get(("patched", "task", "0", "19"))
    sb = sshare.get(("base", "task", "0", "batch"))
    if s19 and sb:
        sleeper += (f"; sleeper at 19 beside a hog: {statistics.median(s19):.1f}% "
                    f"(SCHED_BATCH on base: {statistics.median(sb):.1f}%)")
    l19, lb = sload.get(("patched", "19")), sload.get(("base", "batch"))
    if l19 and lb:
        sleeper += (f"; behind hackbench: {med(l19, 'ops_s'):.0f} ops/s "
                    f"(SCHED_BATCH on base: {med(lb, 'ops_s'):.0f})")
    k19, k0 = hb.get(("patched", "19", "socket")), hb.get(("patched", "0", "socket"))
    if k19 and k0:
        sleeper += (f"; hackbench sockets at 19: "
                    f"{(1 - statistics.median(k19) / statistics.median(k0)) * 100:.0f}% faster")
    print(f"verdict: latency nice -20: avg {ratio(med(lo, 'avg'), med(mid, 'avg'))} "
          f"lower, p99 {ratio(med(lo, 'p99'), med(mid, 'p99'))} lower than 0; "
          f"hackbench at 19: {(1 - t19 / t0) * 100:.0f}% faster than at 0; "
          f"share -20/19: {share['-20']:.1f}%/{share['19']:.1f}%{heavy}{sleeper}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
