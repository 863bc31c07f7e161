#!/usr/bin/env python3
"""Tabulate the testers' matrix (scripts/flows/matrix.sh's samples) and check the
bullets of DESIGN.md section 3 "What it must show".

Each cell is the median over its results (guest/matrix's rounds, each on a
fresh load, in every boot), with the spread (min-max over them).  "Above the floor" is a cell less the idle floor,
the same statistic.  The report says of each bullet whether it held, and
by how much, or that it was not measured (its samples are missing: never
counted as held).  Beside the matrix: hackbench's own time in pipes and
sockets, and the tolerant task as a sleeper (bench/sleeper): its share
beside a hog and what it gets done behind hackbench, each beside
SCHED_BATCH on the base kernel.

usage: matrix-report.py [-p DIR] [-f] SAMPLES HEADER [KERNEL]

KERNEL is the kernel whose samples fill the matrix and the bullets against
the base kernel: patched (the default), or slices (the base kernel with the
slices of scripts/flows/matrix.sh's MATRIX_KERNELS asked for through
sched_runtime).  With -p, it also draws the latency distribution of
every cell (the median over the results of each percentile guest/matrix
measured) into DIR/cdf_<KERNEL>_<groups>.png, one panel per hackbench value,
the idle floor and the base kernel's cell beside them.  With -f, the
bullets that hold are counted but not listed, the ones that fail or were
not measured are (short enough for RESULTS.md beside the tables).
"""
import math
import os
import statistics
import sys
from collections import defaultdict

STATS = ("min", "avg", "p50", "p99", "max")
REGIMES = ("matrix", "heavy")
# The percentiles of guest/latency-stats, as fractions: the CDF's points.
QUANTILES = (("min", 0), ("p10", .1), ("p25", .25), ("p50", .5), ("p75", .75),
             ("p90", .9), ("p95", .95), ("p99", .99), ("p999", .999), ("max", 1))
COLOURS = {"19": "tab:green", "0": "tab:blue", "-20": "tab:red"}


def parse(path):
    rows = []
    with open(path) as f:
        for line in f:
            rows.append(dict(kv.split("=", 1) for kv in line.split() if "=" in kv))
    return rows


def known(*xs):
    """whether every number was measured (a missing cell is nan)"""
    return not any(math.isnan(x) for x in xs)


def cell(vals):
    """median and spread (half of max - min) of a list of numbers"""
    if not vals:
        return None
    return statistics.median(vals), (max(vals) - min(vals)) / 2


def quantiles(rows, **match):
    """The CDF of the results matching: each percentile's median over them."""
    sel = [r for r in rows if all(r.get(k) == v for k, v in match.items())]
    if not sel or any(q not in sel[0] for q, _ in QUANTILES):
        return None
    return [(statistics.median(float(r[q]) for r in sel), f) for q, f in QUANTILES]


def plot_cdfs(rows, K, values, groups, plotdir):
    """One PNG per group count: a panel per hackbench value, a line per
    cyclictest value, with the floor and the base kernel's (0, 0) cell;
    none where the samples have no percentiles (older runs)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    paths = []
    for g in groups:
        drawn = 0
        fig, axes = plt.subplots(1, len(values), sharey=True, squeeze=False,
                                 figsize=(4.5 * len(values), 4))
        for ax, h in zip(axes[0], values):
            lines = [(f"cyclictest at {c}", dict(kernel=K, bench="matrix", groups=g,
                                                  hb_value=h, ct_value=c),
                      dict(color=COLOURS.get(c))) for c in values]
            lines.append(("idle floor", dict(kernel=K, bench="floor"),
                          dict(color="grey", linestyle=":")))
            if h == "0":
                lines.append(("base kernel, 0", dict(kernel="base", bench="matrix",
                                                     groups=g, hb_value="0", ct_value="0"),
                              dict(color="black", linestyle="--")))
            for label, match, style in lines:
                q = quantiles(rows, **match)
                if q:
                    drawn += 1
                    ax.plot([x for x, _ in q], [f for _, f in q], marker=".",
                            label=label, **style)
            ax.set_xscale("log")
            ax.set_title(f"hackbench at {h}")
            ax.set_xlabel("wake-up latency (us)")
            ax.grid(alpha=0.3, which="both")
            ax.legend(fontsize="small", loc="lower right")
        axes[0][0].set_ylabel("fraction of wake-ups")
        fig.suptitle(f"cyclictest under {g} hackbench group(s) on one CPU, {K} kernel "
                     "(median of each percentile over the rounds)")
        fig.tight_layout()
        path = os.path.join(plotdir, f"cdf_{K}_{g}.png")
        if drawn:
            fig.savefig(path, dpi=90)
            paths.append(path)
        plt.close(fig)
    return paths


def main():
    args = sys.argv[1:]
    plotdir, failed_only = None, False
    if args[:1] == ["-p"]:
        plotdir, args = args[1], args[2:]
    if args[:1] == ["-f"]:
        failed_only, args = True, args[1:]
    rows = parse(args[0])
    header = args[1] if len(args) > 1 else ""
    K = args[2] if len(args) > 2 else "patched"
    # regime: matrix (cyclictest, a light waker) or heavy (bench/waker, work
    # above its fair share); "-start": a measurement's first wake-ups
    lat = defaultdict(list)      # (regime, kernel, groups, hb, ct, stat) -> values
    floor = defaultdict(list)    # (regime, kernel, stat) -> values
    hb = defaultdict(list)       # (kernel, mode, groups, value) -> seconds
    # the tolerant sleeper: (kernel, as, hog value, value) -> share (%);
    # (kernel, groups, value, key) -> ops_s or oversleep_us behind hackbench
    sshare = defaultdict(list)
    sload = defaultdict(list)
    for r in rows:
        k, b = r["kernel"], r["bench"]
        if b in ("floor", "heavy-floor"):
            for s in STATS:
                floor["heavy" if b == "heavy-floor" else "matrix", k, s].append(float(r[s]))
        elif b in REGIMES or b.endswith("-start") and b[:-6] in REGIMES:
            for s in STATS:
                if s in r:
                    lat[b, k, r["groups"], r["hb_value"], r["ct_value"], s].append(float(r[s]))
        elif b == "hackbench":
            # pipes: the lines without mode= (samples from before sockets)
            hb[k, r.get("mode", "pipe"), r["groups"], r["value"]].append(float(r["sec"]))
        elif b == "sleeper-share":
            sshare[k, r["as"], r["hog_value"], r["value"]].append(float(r["pct"]))
        elif b == "sleeper-load":
            for key in ("ops_s", "oversleep_us"):
                sload[k, r["groups"], r["value"], key].append(float(r[key]))
    info = next((r for r in rows if "work_us" in r), {})

    groups = sorted({key[2] for key in lat}, key=int)
    # a run on one kernel (scripts/flows/bench-host.sh) has no base kernel beside it
    has_base = any(key[1] == "base" for key in lat)
    values = ["19", "0", "-20"]
    # CPUs the load is spread over (guest/matrix MATRIX_LOAD_CPUS); the
    # asks of DESIGN.md section 3 are per CPU
    ncpu = int(next((r["load_cpus"] for r in rows if "load_cpus" in r), 1))
    where = "one CPU" if ncpu == 1 else f"{ncpu} CPUs"
    work = next((r["work_us"] for r in rows if "work_us" in r), None)
    out = [f"## The testers' matrix on {where} ({header})", ""]
    out.append("Wake-up latency (us) of a periodic waker (1 ms) under `hackbench -p` in the "
               f"background, everything on {where}, in two regimes (DESIGN.md section 6): "
               "`cyclictest --policy other -i 1000`, a light waker, and bench/waker working "
               f"{work or '-'} us of its own CPU time each period, a heavy one, above its fair "
               "share beside the load.  Median over the cells' measurements (a fresh load each, "
               "one measurement of its wake-ups past the first ones, which are reported apart) "
               "and boots.  Rows: hackbench's latency nice; columns: the waker's." +
               (has_base and "  `base` is the unpatched kernel (both at 0)." or ""))
    if K == "slices":
        out.append("")
        out.append("Here the rows and columns are not latency nice but the slice "
                   "the 6.12 series maps each value to, asked for through "
                   "`sched_attr.sched_runtime` on a kernel without the series "
                   "(by `latnice`, which does so there: the upstream alternative); "
                   "0 asks for none.")
    out.append("")
    regimes = [x for x in REGIMES if any(key[0] == x for key in lat)]
    for x in regimes:
        for k in ("base", K):
            f = {s: cell(floor[x, k, s]) for s in STATS}
            if f["avg"]:
                out.append(f"Idle floor, {'light' if x == 'matrix' else 'heavy'} waker, "
                           f"{k}: " + ", ".join(f"{s} {f[s][0]:.0f}" for s in STATS))
    out.append("")

    def get(x, k, g, h, c, s):
        return cell(lat[x, k, g, h, c, s])

    def row(x, k, g, h, c):
        return " / ".join(f"{v[0]:.0f}" if v else "-"
                          for v in (get(x, k, g, h, c, s) for s in STATS))

    verdicts = []
    for x in regimes:
        name = ("cyclictest (light waker)" if x == "matrix" else
                f"the heavy waker ({work} us of work a period)")
        for g in groups:
            per_cpu = max(int(g) // ncpu, 1)
            share = 100 / (int(g) * 40 + 1)
            out.append(f"### {name}, {g} hackbench group(s) ({int(g) * 40} tasks) on {where}"
                       + (f"; its fair share {share:.1f}% of the CPU, its work "
                          f"{int(work) / 10:.1f}%" if x == "heavy" and work else ""))
            out.append("")
            out.append("| hackbench \\ waker | " +
                       " | ".join(f"{c}: {' / '.join(STATS)}" for c in values) + " |")
            out.append("| --- |" + " --- |" * len(values))
            for h in values:
                out.append(f"| {h} | " + " | ".join(row(x, K, g, h, c) for c in values) + " |")
            if has_base:
                out.append(f"| base, 0 | - | {row(x, 'base', g, '0', '0')} | - |")
            if any(key[0] == x + "-start" for key in lat):
                out.append("| first wake-ups, 0 | " + " | ".join(
                    row(x + "-start", K, g, "0", c) for c in values) + " |")
            out.append("")

            def m(h, c, s, k=K):
                v = get(x, k, g, h, c, s)
                return v if v else (float("nan"), 0.0)

            tag = f"{g} group(s), {'light' if x == 'matrix' else 'heavy'} waker"
            stats = ("avg", "p99") if x == "matrix" else ("avg", "p50", "p99")
            if x == "matrix":
                for h in values:
                    for s in stats:
                        lo, mid = m(h, "-20", s), m(h, "0", s)
                        verdicts.append((lo[0] < mid[0], f"{tag}, hackbench at {h}: {s} "
                                         f"at -20 below 0: {lo[0]:.0f} vs {mid[0]:.0f}",
                                         known(lo[0], mid[0])))
                        hi = m(h, "19", s)
                        ok = hi[0] >= mid[0] - (hi[1] + mid[1])
                        verdicts.append((ok, f"{tag}, hackbench at {h}: {s} at 19 not "
                                             f"below 0 beyond the spread: {hi[0]:.0f} vs "
                                             f"{mid[0]:.0f} +- {hi[1] + mid[1]:.0f}",
                                         known(hi[0], mid[0])))
            # tolerant background never hurts, in either regime, against the
            # same background at 0 and against the base kernel
            for c in ("0", "-20"):
                for s in stats:
                    t, d = m("19", c, s), m("0", c, s)
                    ok = t[0] <= d[0] + (t[1] + d[1])
                    verdicts.append((ok, f"{tag} at {c}: {s} under hackbench at 19 at most "
                                         f"under 0: {t[0]:.0f} vs {d[0]:.0f} +- "
                                         f"{t[1] + d[1]:.0f}", known(t[0], d[0])))
            if has_base:
                for s in stats:
                    t, b0 = m("19", "0", s), m("0", "0", s, "base")
                    ok = t[0] <= b0[0] + (t[1] + b0[1])
                    verdicts.append((ok, f"{tag} at 0: {s} under hackbench at 19 at most "
                                         f"the base kernel's: {t[0]:.0f} vs {b0[0]:.0f} +- "
                                         f"{t[1] + b0[1]:.0f}", known(t[0], b0[0])))
            if x != "matrix":
                continue
            want = 5 if per_cpu == 1 else 3
            for s in stats:
                fl = cell(floor[x, K, s])
                if not fl:
                    continue
                a0 = m("0", "0", s)[0] - fl[0]
                a20 = m("0", "-20", s)[0] - fl[0]
                ratio = a0 / a20 if a20 > 0 else float("inf")
                verdicts.append((ratio >= want, f"{tag}, hackbench at 0: -20 cuts {s} "
                                                f"above the floor by {ratio:.1f}x (asked: "
                                                f"{want}x; {a0:.0f} -> {a20:.0f} us)",
                                 known(a0, a20)))
            out.append("")

    out.append(f"### hackbench's own time (s), same {'CPU' if ncpu == 1 else 'CPUs'}")
    out.append("")
    out.append("SCHED_BATCH (`batch`) turns wakeup preemption off: the most that "
               "patience at wakeup can gain.  `pipe` is `hackbench -p`, `socket` its "
               "default, AF_UNIX sockets.")
    out.append("")
    out.append("| groups | mode | base, 0 | base, batch | 0 | 19 | -20 | batch | 19 vs 0 "
               "| batch vs 0 |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")

    def fmt(x):
        return f"{x[0]:.3f} +- {x[1]:.3f}" if x else "-"

    # every group the matrix measured, so that a missing run is not measured
    for g in sorted({key[2] for key in hb} | set(groups), key=int):
        for mode in ("pipe", "socket"):
            b = cell(hb["base", mode, g, "0"])
            bb = cell(hb["base", mode, g, "batch"])
            p = {v: cell(hb[K, mode, g, v]) for v in values + ["batch"]}

            def faster(v):
                return ((1 - p[v][0] / p["0"][0]) * 100 if p[v] and p["0"]
                        else float("nan"))
            tag = f"{g} group(s), {mode}s"
            if any(p.values()) or b or bb:
                out.append(f"| {g} | {mode} | {fmt(b)} | {fmt(bb)} | {fmt(p['0'])} | "
                           f"{fmt(p['19'])} | {fmt(p['-20'])} | {fmt(p['batch'])} | "
                           f"{faster('19'):+.0f}% | {faster('batch'):+.0f}% |")
            have = bool(p["19"] and p["0"])
            if mode == "pipe":
                verdicts.append((have and faster("19") >= 20,
                                 f"{tag}: hackbench at 19 {faster('19'):.0f}% faster than at "
                                 f"0 (asked: 20%; SCHED_BATCH: {faster('batch'):.0f}%)"
                                 if have else f"{tag}: hackbench at 19 at least 20% faster "
                                 "than at 0", have))
            else:
                verdicts.append((have and faster("19") > 0,
                                 f"{tag}: hackbench at 19 faster than at 0: "
                                 f"{faster('19'):+.0f}% (SCHED_BATCH: {faster('batch'):+.0f}%)"
                                 if have else f"{tag}: hackbench at 19 faster than at 0",
                                 have))
            have = bool(p["19"] and p["batch"])
            verdicts.append((have and p["19"][0] <= p["batch"][0] + p["19"][1] + p["batch"][1],
                             f"{tag}: hackbench at 19 at least as fast as SCHED_BATCH "
                             f"within the spread: {p['19'][0]:.3f} vs {p['batch'][0]:.3f} +- "
                             f"{p['19'][1] + p['batch'][1]:.3f} s" if have else
                             f"{tag}: hackbench at 19 at least as fast as SCHED_BATCH", have))
            have = bool(b and p["0"])
            verdicts.append((have and abs(b[0] - p["0"][0]) <= b[1] + p["0"][1],
                             f"{tag}: hackbench at the default, base {b[0]:.3f} vs {K} "
                             f"{p['0'][0]:.3f} s, within the spread {b[1] + p['0'][1]:.3f}"
                             if have else f"{tag}: hackbench at the default, base and {K} "
                             "within the spread", have))
    out.append("")

    # The tolerant task itself as a sleeper (DESIGN.md sections 3 and 6),
    # against SCHED_BATCH on the base kernel.  The base kernel has no value
    # 19: its sleeper beside a hog at 0 is the reference for every hog.
    def pct(x):
        return f"{x[0]:.1f} +- {x[1]:.1f}" if x else "-"

    def sh(k, as_, hog, v):
        return cell(sshare[k, as_, hog, v])

    out.append("### The tolerant task as a sleeper: its CPU share beside one hog on one CPU")
    out.append("")
    if sshare:
        out.append("bench/sleeper working 3 ms of its own CPU time and sleeping 3 ms, beside one "
                   "CPU hog on the same CPU: its share (%) of the two's run time "
                   "(`/proc/PID/schedstat`).  Columns: the sleeper's value (`batch`: "
                   "SCHED_BATCH); in a group, the group's `cpu.latency.nice` (its task at 0) "
                   "beside the hog in a sibling group at 0.  The base kernel has no 19: its hog "
                   "is at 0.")
        out.append("")
        out.append("| the sleeper | base, 0 | base, batch | 0 | 19 | batch |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for as_, hog, what in (("task", "0", "beside a hog at 0"),
                               ("task", "19", "beside a hog at 19"),
                               ("group", "0", "in a group, beside a hog in a group at 0")):
            bcells = ([sh("base", as_, hog, v) for v in ("0", "batch")] if hog == "0"
                      and as_ == "task" else [None, None])
            pcells = [sh(K, as_, hog, v) for v in ("0", "19", "batch")]
            out.append(f"| {what} | " + " | ".join(pct(x) for x in bcells + pcells) + " |")
    else:
        out.append("No samples (guest/matrix measured none: MATRIX_SHARE_SECONDS=0, "
                   "or samples from before it did).")
    out.append("")
    ref = sh("base", "task", "0", "batch")
    for as_, hog, what in (("task", "0", "beside a hog at 0"),
                           ("task", "19", "beside a hog at 19"),
                           ("group", "0", "in a group, beside a hog in a group at 0")):
        x = sh(K, as_, hog, "19")
        have = bool(x and ref)
        verdicts.append((have and x[0] >= ref[0] - (x[1] + ref[1]),
                         f"the sleeper at 19{' ' if as_ == 'task' else ', '}{what}: its share "
                         f"at least SCHED_BATCH's on the base kernel: {x[0]:.1f}% vs "
                         f"{ref[0]:.1f}% +- {x[1] + ref[1]:.1f}" if have else
                         f"the sleeper at 19{' ' if as_ == 'task' else ', '}{what}: "
                         "its share at least SCHED_BATCH's on the base kernel", have))
    x, b0 = sh(K, "task", "19", "19"), sh("base", "task", "0", "0")
    have = bool(x and b0)
    verdicts.append((have and abs(x[0] - b0[0]) <= 3,
                     f"the sleeper at 19 beside a hog at 19: its share within 3 points of "
                     f"the base kernel's at 0 beside a hog at 0: {x[0]:.1f}% vs {b0[0]:.1f}%"
                     if have else "the sleeper at 19 beside a hog at 19: its share within 3 "
                     "points of the base kernel's at 0 beside a hog at 0", have))

    out.append("### The tolerant task as a sleeper behind hackbench")
    out.append("")

    def sl(k, g, v):
        ops, over = cell(sload[k, g, v, "ops_s"]), cell(sload[k, g, v, "oversleep_us"])
        return (ops, over) if ops and over else None

    if sload:
        out.append("bench/sleeper working 50 us and sleeping 200 us behind `hackbench -p` at 0 "
                   "on the same CPU, settled: operations a second, and how much later than "
                   "asked a sleep ends on average (us: its wait at each wake-up).  Columns: "
                   "the sleeper's value (`batch`: SCHED_BATCH).")
        out.append("")
        out.append("| groups | base, 0 | base, batch | 0 | 19 | batch |")
        out.append("| --- | --- | --- | --- | --- | --- |")
    else:
        out.append("No samples (guest/matrix measured none: MATRIX_SLEEPER_SECONDS=0, "
                   "or samples from before it did).")
    lgroups = sorted(set(groups) | {key[1] for key in sload}, key=int)
    for g in lgroups:
        if sload:
            out.append(f"| {g} | " + " | ".join(
                f"{x[0][0]:.0f} ops/s, {x[1][0]:.0f} us" if x else "-"
                for x in [sl("base", g, "0"), sl("base", g, "batch")] +
                [sl(K, g, v) for v in ("0", "19", "batch")]) + " |")
        x, ref = sl(K, g, "19"), sl("base", g, "batch")
        have = bool(x and ref)
        tag = f"{g} group(s): the sleeper at 19 behind hackbench at 0"
        verdicts.append((have and x[0][0] >= ref[0][0] - (x[0][1] + ref[0][1]),
                         f"{tag} does at least SCHED_BATCH's operations a second on the base "
                         f"kernel: {x[0][0]:.0f} vs {ref[0][0]:.0f} +- "
                         f"{x[0][1] + ref[0][1]:.0f}" if have else
                         f"{tag} does at least SCHED_BATCH's operations a second on the base "
                         "kernel", have))
        verdicts.append((have and x[1][0] <= ref[1][0] + (x[1][1] + ref[1][1]),
                         f"{tag} waits at its wake-ups no longer than under SCHED_BATCH on the "
                         f"base kernel: {x[1][0]:.0f} vs {ref[1][0]:.0f} +- "
                         f"{x[1][1] + ref[1][1]:.0f} us over its sleep" if have else
                         f"{tag} waits at its wake-ups no longer than under SCHED_BATCH on the "
                         "base kernel", have))
    out.append("")
    out.append("### What it must show")
    out.append("")
    # (ok, text) or (ok, text, measured): a bullet without its samples is
    # not measured, never held
    verdicts = [v if len(v) == 3 else v + (True,) for v in verdicts]
    for ok, text, measured in verdicts:
        if not measured:
            out.append(f"- not measured: {text} (no samples)")
        elif not (ok and failed_only):
            out.append(f"- {'holds' if ok else 'FAILS'}: {text}")
    judged = [ok for ok, _, measured in verdicts if measured]
    unmeasured = len(verdicts) - len(judged)
    out.append("")
    out.append(f"{sum(judged)} of {len(judged)} hold.")
    if unmeasured:
        out.append(f"{unmeasured} not measured.")
    if plotdir:
        paths = plot_cdfs(rows, K, values, groups, plotdir)
        if paths:
            out += ["", "Latency distributions: " +
                    ", ".join(f"![{os.path.basename(p)}]({os.path.basename(p)})"
                              for p in paths)]
    print("\n".join(out))


if __name__ == "__main__":
    main()
