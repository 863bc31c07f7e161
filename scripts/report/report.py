#!/usr/bin/env python3
"""Turn benchmark samples into DIR/report.md: base vs patched tables in the
style of scheduler patch reviews (hackbench and perf's messaging in the
mmtests compare style, `value (pct)` with a mark beyond the spread),
DIR/report.json: the same numbers for machines, and the plots
DIR/hackbench_<topo>.png (time against groups) and DIR/latency_<topo>.png
(the latency distribution of each cyclictest cell).  Every number comes
from the CSV files; a missing measurement is "n/a".  Where make bench ran
the cyclictest table as make matrix (under TCG), DIR/matrix/report.md
follows, with why.

usage: report.py [DIR]             make bench's results (samples.csv,
                                   runs.csv, meta.txt in DIR, default
                                   build/results): kernels base and patched
       report.py -o OUT SET...     compare result sets of
                                   scripts/flows/bench-host.sh, one kernel each;
                                   the first is the baseline
"""
import csv
import json
import math
import os
import shlex
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

FULL_REPS = 5
# Latency nice values in the order the tables show them; others follow.
VALUE_ORDER = ["0", "19", "-20"]
# The percentiles of guest/latency-stats, as fractions: the points of the
# latency distribution's plot (min and max are its ends).
QUANTILES = [("min", 0), ("p10", .1), ("p25", .25), ("p50", .5), ("p75", .75),
             ("p90", .9), ("p95", .95), ("p99", .99), ("p999", .999), ("max", 1)]
# One colour per latency nice value in every plot; the baseline dashed, the
# other kernels one line style each.
COLOURS = {"0": "tab:blue", "19": "tab:green", "-20": "tab:red"}
LINESTYLES = ["-", "-.", ":"]
# The core scheduling configurations of the 2019 reports, in their order.
CS_CONFIGS = [("alone", "alone (A only, CPU 0)"),
              ("same_thread", "same thread (A and B on CPU 0)"),
              ("no_tag", "no cookies"),
              ("a_tagged", "A tagged"),
              ("b_tagged", "B tagged"),
              ("both_tagged", "both tagged, different cookies")]
CS_VALUES = [("0", "0"), ("-20", "19")]
# The mark of a difference beyond the spread (mmtests compare marks its
# significant differences the same way).
MARK = "*"

# Which method each table used and why, per way of running: "tcg" (make
# bench under QEMU TCG), "kvm" (make bench with ACCEL=kvm), "host"
# (scripts/flows/bench-host.sh on a booted machine).  -icount is not among them:
# QEMU 7.2 hangs bringing up a second CPU under -icount, and every table
# here needs several CPUs or the topology (make matrix and make cost are
# the one-CPU -icount measurements).
HOST = "a booted machine, no emulation: the times are real"
VM = "a virtual machine of unknown kind"
METHODS = {
    "hackbench": {
        "tcg": "plain TCG, every CPU of the topology: the time of a whole "
               "run is throughput, compared as ratios within one run of "
               "interleaved boots; confining it to one CPU would remove the "
               "load balancing across the topology it exists to show",
        "kvm": "KVM, every CPU of the topology: throughput across the "
               "topology",
        "host": HOST + ", every CPU"},
    "messaging": {
        "tcg": "plain TCG, every CPU of the topology, as hackbench (perf's "
               "messaging is hackbench's ancestor)",
        "kvm": "KVM, every CPU of the topology",
        "host": HOST + ", every CPU"},
    "cyclictest": {
        "tcg": "plain TCG, cyclictest pinned to CPU 0, the background "
               "hackbench on every CPU: the latencies include the "
               "emulator's round robin over the busy vCPUs, a floor of "
               "milliseconds (make bench under TCG measures the matrix on "
               "one CPU under -icount instead, below)",
        "kvm": "KVM, cyclictest pinned to CPU 0, the load on every CPU",
        "host": HOST + "; cyclictest pinned to CPU 0, the load on every CPU"},
    "fairness": {
        "tcg": "plain TCG, both hogs confined to one CPU: a share is a "
               "ratio of one vCPU's time, whatever the emulator's speed",
        "kvm": "KVM, both hogs confined to one CPU",
        "host": HOST + "; both hogs confined to one CPU"},
    "pipe": {
        "tcg": "plain TCG, both processes confined to CPU 0: every round "
               "trip is two wake-ups and two switches on one runqueue; wall "
               "time includes the emulation, so only the ratio means "
               "anything (`make cost` counts its instructions under -icount "
               "for a 1% difference)",
        "kvm": "KVM, both processes confined to CPU 0",
        "host": HOST + "; both processes confined to CPU 0"},
    "coresched": {
        "tcg": "plain TCG, A on CPU 0 and B on its SMT sibling: the table "
               "needs two CPUs online. TCG runs the vCPUs in turn on one "
               "host thread, so a task alone gets the whole thread and two "
               "busy siblings half each: 'alone' against the rest shows the "
               "emulator, not SMT; A against B and the stdev show the "
               "scheduler's fairness and consistency",
        "kvm": "KVM, A on CPU 0 and B on its SMT sibling (vCPUs: the "
               "host's threads need not be siblings)",
        "host": HOST + "; A on CPU 0 and B on its SMT sibling"},
}


def read_meta(path):
    meta = {}
    with open(path) as f:
        for line in f:
            key, sep, val = line.rstrip("\n").partition("=")
            if sep:
                meta[key] = val
    return meta


def read_samples(path, kernel=None):
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            r["params"] = dict(p.split("=", 1) for p in r["params"].split())
            r["value"] = float(r["value"])
            if kernel is not None:
                r["kernel"] = kernel
            rows.append(r)
    return rows


def read_runs(path, kernel=None):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        runs = list(csv.DictReader(f))
    for r in runs:
        if kernel is not None:
            r["kernel"] = kernel
    return runs


class Samples:
    """The samples, and the values of one measurement across the reps."""

    def __init__(self, rows):
        self.rows = rows

    def get(self, topo, kernel, bench, metric, **params):
        return [r["value"] for r in self.rows
                if r["topo"] == topo and r["kernel"] == kernel
                and r["bench"] == bench and r["metric"] == metric
                and all(r["params"].get(k) == str(v)
                        for k, v in params.items())]

    def param_values(self, topo, bench, key, kernel=None):
        return {r["params"][key] for r in self.rows
                if r["topo"] == topo and r["bench"] == bench
                and key in r["params"]
                and (kernel is None or r["kernel"] == kernel)}

    def topos(self):
        return list(dict.fromkeys(r["topo"] for r in self.rows))


class Ctx:
    """What every section needs: the kernels (the first is the baseline),
    the reps, how the run was made (tcg, kvm, host)."""

    def __init__(self, kernels, reps, mode, compare=False):
        self.compare = compare
        self.kernels = kernels
        self.base = kernels[0]
        self.others = kernels[1:]
        self.reps = reps
        self.mode = mode


def value_order(values):
    """VALUE_ORDER first, then any other value, numerically ("idle", the
    cyclictest floor's hackbench value, is none)."""
    rest = sorted((v for v in values if v not in VALUE_ORDER and v != "idle"), key=int)
    return VALUE_ORDER + rest


def stats(vals):
    if not vals:
        return None
    mean = statistics.mean(vals)
    sd = statistics.stdev(vals) if len(vals) > 1 else None
    return {"mean": mean, "sd": sd, "n": len(vals),
            "min": min(vals), "max": max(vals)}


def beyond_spread(st, ref):
    """Whether st's mean differs from ref's by more than both standard
    deviations together (needs two samples on each side)."""
    if not st or not ref or st["sd"] is None or ref["sd"] is None:
        return False
    return abs(st["mean"] - ref["mean"]) > st["sd"] + ref["sd"]


def cell(st, ref, fmt, reps, mark=False):
    """'mean (pct vs ref) ±sd%' with n= when fewer samples than reps; with
    mark, MARK after (pct) where the difference is beyond the spread."""
    if st is None:
        return "n/a"
    text = fmt.format(st["mean"])
    if ref is not None and ref["mean"]:
        text += " ({:+.1f}%)".format(100 * (st["mean"] / ref["mean"] - 1))
        if mark and beyond_spread(st, ref):
            text += MARK
    if st["sd"] is not None and st["mean"]:
        text += " ±{:.1f}%".format(100 * st["sd"] / st["mean"])
    if st["n"] < reps:
        text += " n={}".format(st["n"])
    return text


def table(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def method(ctx, name, md):
    if ctx.mode == "vm":
        text = METHODS[name]["host"].replace(HOST, VM)
    else:
        text = METHODS[name][ctx.mode]
    md += ["", "Method: {}.".format(text)]


def topo_line(meta, topo):
    if topo == "host":
        return "host: {}".format(meta.get("topology", "?"))
    env = dict(kv.split("=", 1) for kv in shlex.split(meta.get("topo_" + topo, "")))
    if not env:
        return topo
    return "{}: {} CPUs, {} NUMA node(s), sched domains {}".format(
        topo, env.get("TOPO_CPUS", "?"), env.get("TOPO_NODES", "?"),
        env.get("TOPO_LEVELS", "?"))


def hackbench_axes(s, topo, bench="hackbench"):
    """The modes, kinds, groups and values the samples of bench have."""
    modes = [m for m in ("pipe", "socket")
             if m in s.param_values(topo, bench, "mode")]
    kinds = [k for k in ("process", "thread")
             if k in s.param_values(topo, bench, "kind")]
    groups = sorted(s.param_values(topo, bench, "groups"), key=int)
    values = value_order(s.param_values(topo, bench, "value"))
    return modes, kinds, groups, values


def columns(s, ctx, topo, bench, key, values):
    """The (kernel, value) columns after the baseline's at 0: every other
    kernel at each value it has samples of."""
    return [(k, v) for k in ctx.others for v in values
            if v in s.param_values(topo, bench, key, kernel=k)]


def hackbench_section(s, ctx, topo, md, js, bench="hackbench"):
    modes, kinds, groups, values = hackbench_axes(s, topo, bench)
    if not groups:
        return
    title = {"hackbench": "hackbench",
             "messaging": "perf bench sched messaging"}[bench]
    md += ["", "### " + title, "",
           "Time in seconds, mean of the runs (lower is better). (pct) is the "
           "change vs {} at 0: **negative = faster**; {} marks a difference "
           "beyond the spread (larger than both standard deviations "
           "together). ± is the standard deviation as a % of the "
           "mean.".format(ctx.base, MARK)]
    method(ctx, bench, md)
    md.append("")
    cols = columns(s, ctx, topo, bench, "value", values)
    header = ["mode", "kind", "groups", ctx.base + " 0"] + \
        ["{} {}".format(k, v) for k, v in cols]
    rows = []
    entries = []
    for mode in modes:
        for kind in kinds:
            for g in groups:
                p = dict(mode=mode, kind=kind, groups=g)
                ref = stats(s.get(topo, ctx.base, bench, "sec", value=0, **p))
                if ref is None and not any(
                        s.get(topo, k, bench, "sec", value=v, **p) for k, v in cols):
                    continue
                row = [mode, kind, g, cell(ref, None, "{:.3f}", ctx.reps)]
                entry = dict(p, base=ref, marks=[])
                for k, v in cols:
                    st = stats(s.get(topo, k, bench, "sec", value=v, **p))
                    row.append(cell(st, ref, "{:.3f}", ctx.reps, mark=True))
                    entry["{} {}".format(k, v)] = st
                    if beyond_spread(st, ref):
                        entry["marks"].append("{} {}".format(k, v))
                rows.append(row)
                entries.append(entry)
    rows.append(["**geomean**", "", "", "1"] +
                [geomean_ratio(entries, "{} {}".format(k, v)) for k, v in cols])
    js += entries
    md += table(header, rows)
    md += ["", "geomean: the geometric mean over the rows of each column's "
           "mean / {}'s mean (rows where both exist).".format(ctx.base)]


def geomean_ratio(entries, column):
    ratios = [e[column]["mean"] / e["base"]["mean"] for e in entries
              if e.get(column) and e.get("base") and e["base"]["mean"]
              and e[column]["mean"]]
    if not ratios:
        return "n/a"
    g = math.exp(statistics.mean(math.log(r) for r in ratios))
    return "{:.3f} ({:+.1f}%)".format(g, 100 * (g - 1))


def cyclictest_section(s, ctx, topo, md, js):
    values = value_order(s.param_values(topo, "cyclictest", "ct_value")
                         | s.param_values(topo, "cyclictest", "hb_value"))
    base_p = dict(hb_value=0, ct_value=0)
    if not any(s.get(topo, k, "cyclictest", "avg", **base_p) for k in ctx.kernels):
        return
    # the floor runs with no load (load_groups=0)
    load = sorted(s.param_values(topo, "cyclictest", "load_groups") - {"0"}, key=int)
    md += ["", "### cyclictest --policy=other under hackbench",
           "",
           "Wake-up latency in us of `cyclictest --policy=other` (1 thread, "
           "1 ms interval) while `hackbench -p -g {}` runs in the background; "
           "rows: hackbench's latency nice, columns: cyclictest's; the idle "
           "floor is the same cyclictest with nothing else running. (pct) is "
           "the change vs the same kernel's (0, 0) cell ({}'s row: vs the "
           "next kernel's): **negative = lower latency**. ± is the "
           "standard deviation as a % of the mean of the "
           "runs.".format("/".join(load) or "?", ctx.base)]
    method(ctx, "cyclictest", md)
    first = ctx.others[0] if ctx.others else ctx.base
    for metric, what in (("min", "minimum"), ("avg", "average"),
                         ("p99", "99th percentile"), ("max", "maximum")):
        header = ["{} latency".format(what)] + ["cyclictest " + v for v in values]
        rows = []
        ref = stats(s.get(topo, first, "cyclictest", metric, **base_p))
        base = stats(s.get(topo, ctx.base, "cyclictest", metric, **base_p))
        for k in ctx.kernels:
            fl = stats(s.get(topo, k, "cyclictest", metric, hb_value="idle"))
            if fl:
                rows.append(["{}, idle floor".format(k),
                             cell(fl, None, "{:.0f}", ctx.reps)]
                            + ["n/a" for _ in values[1:]])
                js.append(dict(metric=metric, kernel=k, hb_value="idle",
                               ct_value="0", stats=fl))
        rows.append(["{}, hackbench 0".format(ctx.base),
                     cell(base, ref if first != ctx.base else None, "{:.0f}", ctx.reps)]
                    + ["n/a" for _ in values[1:]])
        js.append(dict(metric=metric, kernel=ctx.base, hb_value="0",
                       ct_value="0", stats=base))
        for k in ctx.others:
            kref = stats(s.get(topo, k, "cyclictest", metric, **base_p))
            for hv in values:
                if not s.get(topo, k, "cyclictest", metric, hb_value=hv):
                    continue
                row = ["{}, hackbench {}".format(k, hv)]
                for cv in values:
                    st = stats(s.get(topo, k, "cyclictest", metric,
                                     hb_value=hv, ct_value=cv))
                    row.append(cell(st, None if (hv, cv) == ("0", "0") else kref,
                                    "{:.0f}", ctx.reps))
                    js.append(dict(metric=metric, kernel=k, hb_value=hv,
                                   ct_value=cv, stats=st))
                rows.append(row)
        md += [""] + table(header, rows)
    samples = stats(s.get(topo, first, "cyclictest", "samples", **base_p))
    if samples:
        md += ["", "Wake-ups measured per run at (0, 0): {:.0f} on {} "
               "(fewer samples, rougher percentiles).".format(samples["mean"], first)]


def fairness_section(s, ctx, topo, md, js):
    rows = []
    for kernel in ctx.kernels:
        for a, b in ((0, 0), (-20, 19)):
            st = stats(s.get(topo, kernel, "fairness", "share_a", value_a=a, value_b=b))
            if st is None and a:
                continue
            rows.append([kernel, str(a), str(b), cell(st, None, "{:.1f}%", ctx.reps)])
            js.append(dict(kernel=kernel, value_a=a, value_b=b, share_a=st))
    md += ["", "### fairness", "",
           "Two CPU hogs share one CPU; the first one's share of the CPU time "
           "they got (50% is fair). ± is the standard deviation as a % of the "
           "mean."]
    method(ctx, "fairness", md)
    md += [""] + table(["kernel", "hog A value", "hog B value", "share of A"], rows)


def pipe_section(s, ctx, topo, md, js):
    # perf bench sched pipe; bench/pingpong.c's samples where perf did not run
    # (bench=pipe tool=pingpong) or from BENCH_ONLY=pingpong
    tools = sorted(s.param_values(topo, "pipe", "tool"))
    sources = [("pipe", "usec_per_op"), ("pingpong", "usec_per_roundtrip")]
    row, entry = [], {}
    for bench, metric in sources:
        if any(s.get(topo, k, bench, metric, value=0) for k in ctx.kernels):
            break
    else:
        return
    if bench == "pingpong":
        tools = ["pingpong"]
    ref = stats(s.get(topo, ctx.base, bench, metric, value=0))
    for k in ctx.kernels:
        st = stats(s.get(topo, k, bench, metric, value=0))
        row.append(cell(st, None if k == ctx.base else ref, "{:.2f}", ctx.reps,
                        mark=True))
        entry[k] = st
    js.append(dict(entry, tool="/".join(tools)))
    md += ["", "### pipe ping-pong", "",
           "Microseconds per round trip of `{}` between two processes on one "
           "CPU, at the default latency nice (lower is better; (pct) vs {}, "
           "negative = faster, {} beyond the spread).".format(
               " / ".join("perf bench sched pipe" if t == "perf" else "bench/pingpong.c"
                          for t in tools), ctx.base, MARK)]
    method(ctx, "pipe", md)
    md += [""] + table(["{} 0".format(k) for k in ctx.kernels], [row])


def coresched_section(s, ctx, topo, md, js):
    if not s.param_values(topo, "coresched", "config"):
        return
    md += ["", "### core scheduling fairness", "",
           "Two CPU-bound tasks (bench/cs-spin.c), A on CPU 0 and B on its "
           "SMT sibling, in the configurations of the 2019 core scheduling "
           "reports; average and standard deviation of each task's "
           "throughput (million loops a second, higher is better) over all "
           "runs, and A's share of the two (50 is fair). A tagged task has "
           "a core scheduling cookie of its own (prctl PR_SCHED_CORE_CREATE): "
           "it never shares the core with a task of another cookie."]
    method(ctx, "coresched", md)
    rows = []
    shares = {}
    for k in ctx.kernels:
        for va, vb in CS_VALUES:
            p = dict(value_a=va, value_b=vb)
            if not s.get(topo, k, "coresched", "mops_a", **p):
                continue
            for config, label in CS_CONFIGS:
                a = s.get(topo, k, "coresched", "mops_a", config=config, **p)
                b = s.get(topo, k, "coresched", "mops_b", config=config, **p)
                sa, sb = stats(a), stats(b)
                sh = stats([100 * x / (x + y) for x, y in zip(a, b) if x + y]) \
                    if b else None
                shares[(k, va, vb, config)] = sh
                rows.append([k, "{}/{}".format(va, vb), label] +
                            [num(st, key) for st in (sa, sb) for key in ("mean", "sd")] +
                            [num(sh, "mean"), num(sh, "sd"), str(len(a))])
                js.append(dict(kernel=k, value_a=va, value_b=vb, config=config,
                               a=sa, b=sb, share_a=sh))
    md += [""] + table(["kernel", "latency nice A/B", "configuration",
                        "A average", "A stdev", "B average", "B stdev",
                        "A share", "share stdev", "runs"], rows)
    # latency nice must change neither fairness nor consistency
    lines = []
    for k in ctx.kernels:
        for config, label in CS_CONFIGS[1:]:
            s0 = shares.get((k, "0", "0", config))
            s1 = shares.get((k, "-20", "19", config))
            if not (s0 and s1):
                continue
            lines.append("- {}, {}: A's share {:.1f} at 0/0, {:.1f} at -20/19: "
                         "{}".format(k, label, s0["mean"], s1["mean"],
                                     "beyond the spread" if beyond_spread(s1, s0)
                                     else "within the spread"))
    if lines:
        md += ["", "Latency nice -20 (A) / 19 (B) against 0/0, per "
               "configuration (fairness and consistency must not change):",
               ""] + lines


def num(st, key):
    if not st or st.get(key) is None:
        return "n/a"
    return "{:.2f}".format(st[key])


def style(ctx, kernel, value):
    if kernel == ctx.base:
        return dict(color="dimgray", linestyle="--")
    i = ctx.others.index(kernel) % len(LINESTYLES)
    return dict(color=COLOURS.get(value), linestyle=LINESTYLES[i])


def plot_hackbench(s, ctx, topo, path):
    modes, kinds, groups, values = hackbench_axes(s, topo)
    if not (modes and kinds and groups):
        return False
    fig, axes = plt.subplots(len(modes), len(kinds), squeeze=False,
                             figsize=(5 * len(kinds), 3.8 * len(modes)))
    lines = [(ctx.base, "0")] + columns(s, ctx, topo, "hackbench", "value", values)
    for i, mode in enumerate(modes):
        for j, kind in enumerate(kinds):
            ax = axes[i][j]
            for kernel, v in lines:
                xs, ys, es = [], [], []
                for g in groups:
                    st = stats(s.get(topo, kernel, "hackbench", "sec", mode=mode,
                                     kind=kind, groups=g, value=v))
                    if st:
                        xs.append(int(g))
                        ys.append(st["mean"])
                        es.append(st["sd"] or 0)
                if xs:
                    ax.errorbar(xs, ys, yerr=es, marker="o", capsize=3,
                                label="{} {}".format(kernel, v),
                                **style(ctx, kernel, v))
            ax.set_xscale("log", base=2)
            ax.set_xticks([int(g) for g in groups])
            ax.set_xticklabels(groups)
            ax.set_title("hackbench {} {}".format(mode, kind))
            ax.set_xlabel("groups (40 tasks each)")
            ax.set_ylabel("time (s), lower is better")
            ax.grid(alpha=0.3)
            ax.legend(fontsize="small")
    fig.suptitle("hackbench on {} (mean ± stddev)".format(topo))
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def plot_latency(s, ctx, topo, path):
    """The latency distribution (CDF) of each cell of the cyclictest
    table: a panel per hackbench value, a line per kernel and cyclictest
    value, each percentile the mean over the runs; the idle floor dotted."""
    values = value_order(s.param_values(topo, "cyclictest", "ct_value")
                         | s.param_values(topo, "cyclictest", "hb_value"))
    hvs = [v for v in values
           if any(s.get(topo, k, "cyclictest", "p50", hb_value=v) for k in ctx.others)]
    if not hvs and not s.get(topo, ctx.base, "cyclictest", "p50"):
        return False
    hvs = hvs or ["0"]
    fig, axes = plt.subplots(1, len(hvs), squeeze=False, sharey=True,
                             figsize=(4.5 * len(hvs), 4))
    for j, hv in enumerate(hvs):
        ax = axes[0][j]
        lines = [(k, v, dict(hb_value=hv, ct_value=v), style(ctx, k, v))
                 for k in ctx.others for v in values]
        if hv == "0":
            lines.insert(0, (ctx.base, "0", dict(hb_value="0", ct_value="0"),
                             style(ctx, ctx.base, "0")))
        lines.append((ctx.others[0] if ctx.others else ctx.base, "idle floor",
                      dict(hb_value="idle"), dict(color="grey", linestyle=":")))
        for kernel, cv, p, st in lines:
            pts = [(stats(s.get(topo, kernel, "cyclictest", q, **p)), f)
                   for q, f in QUANTILES]
            pts = [(x["mean"], f) for x, f in pts if x]
            if len(pts) > 2:
                label = "{} cyclictest {}".format(kernel, cv) if cv != "idle floor" \
                    else "idle floor"
                ax.plot([x for x, _ in pts], [f for _, f in pts], marker=".",
                        label=label, **st)
        ax.set_xscale("log")
        ax.set_title("hackbench at latency nice {}".format(hv))
        ax.set_xlabel("wake-up latency (us)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize="small", loc="lower right")
    axes[0][0].set_ylabel("fraction of wake-ups")
    fig.suptitle("cyclictest --policy=other under hackbench on {} "
                 "(each percentile the mean of the runs)".format(topo))
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


# make bench under TCG: the cyclictest table is make matrix's, on one CPU
# under -icount (scripts/flows/bench.sh), and why.
MATRIX_METHOD = (
    "Method: under TCG the hackbench x cyclictest matrix is measured on one "
    "CPU under QEMU -icount (guest time counts instructions), load and "
    "cyclictest on CPU 0 (`scripts/flows/matrix.sh`, REPS boots of each kernel, "
    "all at once, as their timings count instructions): there the difference "
    "it exists to show, -20 against 0 in a row, is beyond its spread (make "
    "demo, 2026-12-04: idle "
    "floor 53 us, -20 cutting the average 4.2x and the p99 5.5x under one "
    "group at 0).  On a topology under plain TCG it is not: on nps1 with the "
    "load confined to CPU 0 and every CPU online (2026-12-04, one boot of "
    "each kernel, with QEMU's TCG on one thread and on one per vCPU), the "
    "idle floor ranged from 179 to 1058 us on average and from 388 to 9112 "
    "us at p99, and the cells did not order (hackbench at 19 gave every "
    "column 2.3-3.6 ms on average, the worst row); with the load on every "
    "CPU the floor is milliseconds.  With one CPU online the kernel builds no "
    "sched domain, so this matrix is the same on every topology and is "
    "measured once; with KVM or on a booted machine the table is measured "
    "on each topology (guest/bench).")


def matrix_section(out, md):
    """make matrix's report in DIR/matrix, if this run made one, its
    headings one level down, and its plots."""
    path = os.path.join(out, "matrix", "report.md")
    if not os.path.exists(path):
        return
    md += ["", "## cyclictest under hackbench, on one CPU under -icount", "",
           MATRIX_METHOD, ""]
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                line = "#" + line
            md.append(line.replace("](cdf_", "](matrix/cdf_"))


def runs_section(ctx, runs, md):
    md += ["", "## Boots and passes", "",
           "Wall-clock seconds per boot of make bench (one pass of the "
           "matrix, boot included) or per pass of bench-host.sh, and the "
           "ones that failed (see logs/).", ""]
    rows = []
    for topo in dict.fromkeys(r["topo"] for r in runs):
        for kernel in ctx.kernels:
            rs = [r for r in runs if r["topo"] == topo and r["kernel"] == kernel]
            if not rs:
                continue
            secs = [int(r["seconds"]) for r in rs]
            bad = ["rep {} exit {}".format(r["rep"], r["status"])
                   for r in rs if r["status"] != "0"]
            rows.append([topo, kernel, str(len(rs)),
                         "{:.0f} ({}-{})".format(statistics.mean(secs), min(secs), max(secs)),
                         ", ".join(bad) or "none"])
    md += table(["topology", "kernel", "runs", "seconds (min-max)", "failed"], rows)


def bench_header(meta, reps):
    md = ["# latency nice: base vs patched", ""]
    md += ["- base: Linux {} (the same tree without the series)".format(
        meta.get("base_version", "?")),
        "- commit: {}".format(meta.get("commit", "?")),
        "- date: {}".format(meta.get("date", "?")),
        "- reps: {} boot(s) of each kernel per topology, interleaved "
        "(base, patched, base, ...), {} at once (BENCH_JOBS)".format(
            reps, meta.get("jobs", "1")),
        "- host: {}".format(meta.get("host", "?")),
        "- kernels: {}".format(meta.get("kernels", "?"))]
    if meta.get("knobs"):
        md.append("- guest knobs: `{}`".format(meta["knobs"]))
    if "full" in meta:
        md.append("- full-size nps4 (224 CPUs): {}".format(meta["full"]))
    return md


def compare_header(sets):
    md = ["# latency nice: compare of {} result sets".format(len(sets)), "",
          "Result sets of `scripts/flows/bench-host.sh`, one kernel each, the "
          "first the baseline (columns and (pct) are against it):", ""]
    rows = [[m.get("label", "?"), m.get("kernel", "?"), m.get("latency_nice", "?"),
             m.get("accel", "?"), m.get("reps", "?"), m.get("date", "?"),
             m.get("commit", "?"), "`{}`".format(d)] for d, m in sets]
    md += table(["kernel (label)", "uname -r", "latency nice",
                 "VM (none: booted)", "passes", "date", "commit", "set"], rows)
    md += ["", "Topologies: " + "; ".join(
        "{}: {}".format(m.get("label", "?"), m.get("topology", "?")) for _, m in sets)]
    return md


def load_bench(out):
    meta = read_meta(os.path.join(out, "meta.txt"))
    rows = read_samples(os.path.join(out, "samples.csv"))
    runs = read_runs(os.path.join(out, "runs.csv"))
    mode = "kvm" if "accel kvm" in meta.get("host", "") else "tcg"
    ctx = Ctx(["base", "patched"], int(meta.get("reps", "0")), mode)
    return meta, rows, runs, ctx, bench_header(meta, ctx.reps)


def load_compare(dirs):
    sets, rows, runs, labels = [], [], [], []
    for d in dirs:
        meta = read_meta(os.path.join(d, "meta.txt"))
        if meta.get("mode") != "host":
            sys.exit("report.py: {} is not a result set of bench-host.sh "
                     "(no mode=host in meta.txt)".format(d))
        label = meta.get("label") or os.path.basename(os.path.normpath(d))
        while label in labels:
            label += "'"
        labels.append(label)
        meta["label"] = label
        sets.append((d, meta))
        rows += read_samples(os.path.join(d, "samples.csv"), kernel=label)
        runs += read_runs(os.path.join(d, "runs.csv"), kernel=label)
    reps = min(int(m.get("reps", "0")) for _, m in sets)
    # the way the sets were run: booted machines, or the VMs they ran in
    kinds = {m.get("accel", "none") for _, m in sets}
    mode = {"none": "host", "tcg": "tcg", "kvm": "kvm"}.get(kinds.pop(), "vm") \
        if len(kinds) == 1 else "vm"
    ctx = Ctx(labels, reps, mode, compare=True)
    meta = dict(sets[0][1])
    for _, m in sets:
        meta.update({k: v for k, v in m.items() if k.startswith("guest_")})
    meta["sets"] = json.dumps([dict(m, path=d) for d, m in sets])
    return meta, rows, runs, ctx, compare_header(sets)


def main():
    args = sys.argv[1:]
    if args[:1] == ["-o"]:
        if len(args) < 3:
            sys.exit(__doc__)
        out = args[1]
        meta, rows, runs, ctx, md = load_compare(args[2:])
        os.makedirs(out, exist_ok=True)
    else:
        out = args[0] if args else "build/results"
        meta, rows, runs, ctx, md = load_bench(out)
    s = Samples(rows)
    reps = ctx.reps
    if reps < FULL_REPS:
        md += ["", "**Quick run: REPS={} (< {}). The numbers show the shape "
               "of the results, not their significance{}.**".format(
                   reps, FULL_REPS, "; no spread with one sample" if reps == 1 else "")]
    if ctx.compare:
        md += ["", "Columns: {} at the default latency nice (0), and each "
               "other kernel with the measured task(s) at each latency nice "
               "it has.".format(ctx.base)]
    else:
        md += ["", "Columns: the base kernel at the default latency nice (0), "
               "and the patched kernel with the measured task(s) at latency "
               "nice 0, 19 and -20. QEMU {}: compare ratios within a "
               "topology, not absolute numbers with real hardware.".format(
                   "KVM" if ctx.mode == "kvm" else "TCG emulation")]

    report = {"meta": meta, "kernels": ctx.kernels, "topologies": {}}
    for topo in s.topos():
        js = {"hackbench": [], "messaging": [], "cyclictest": [], "fairness": [],
              "pipe": [], "coresched": []}
        md += ["", "## " + topo_line(meta, topo)]
        guest = [meta[k] for k in ["guest_{}_{}".format(topo, k) for k in ctx.kernels[::-1]]
                 if k in meta]
        if guest:
            md += ["", "Parameters of guest/bench: `{}`".format(guest[0])]
        hackbench_section(s, ctx, topo, md, js["hackbench"])
        hackbench_section(s, ctx, topo, md, js["messaging"], bench="messaging")
        cyclictest_section(s, ctx, topo, md, js["cyclictest"])
        fairness_section(s, ctx, topo, md, js["fairness"])
        pipe_section(s, ctx, topo, md, js["pipe"])
        coresched_section(s, ctx, topo, md, js["coresched"])
        plots = []
        if plot_hackbench(s, ctx, topo, os.path.join(out, "hackbench_{}.png".format(topo))):
            plots.append("hackbench_{}.png".format(topo))
        if plot_latency(s, ctx, topo, os.path.join(out, "latency_{}.png".format(topo))):
            plots.append("latency_{}.png".format(topo))
        md += [""] + ["![{0}]({0})".format(p) for p in plots]
        report["topologies"][topo] = js
    if not ctx.compare:
        matrix_section(out, md)
    if runs:
        runs_section(ctx, runs, md)
    md += ["", "Raw samples: `samples.csv` (one row per measurement{}); "
           "aggregates: `report.json`; output: `logs/`.".format(
               ", in each set" if ctx.compare else "")]

    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
