#!/usr/bin/env python3
"""Turn the samples scripts/bench.sh collected (samples.csv, runs.csv,
meta.txt in DIR, default build/results) into DIR/report.md: base vs patched
tables in the style of scheduler patch reviews, DIR/report.json: the same
numbers for machines, and the plots DIR/hackbench_<topo>.png and
DIR/latency_<topo>.png.  Every number comes from the CSV files; a missing
measurement is "n/a".

usage: report.py [DIR]
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
PERCENTILES = ["min", "p50", "p90", "p99", "max"]
# One colour per latency nice value in every plot; the base kernel dashed.
COLOURS = {"0": "tab:blue", "19": "tab:green", "-20": "tab:red"}


def style(kernel, value):
    if kernel == "base":
        return dict(color="dimgray", linestyle="--")
    return dict(color=COLOURS.get(value), linestyle="-")


def read_meta(path):
    meta = {}
    with open(path) as f:
        for line in f:
            key, sep, val = line.rstrip("\n").partition("=")
            if sep:
                meta[key] = val
    return meta


def read_samples(path):
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            r["params"] = dict(p.split("=", 1) for p in r["params"].split())
            r["value"] = float(r["value"])
            rows.append(r)
    return rows


def read_runs(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


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

    def param_values(self, topo, bench, key):
        return {r["params"][key] for r in self.rows
                if r["topo"] == topo and r["bench"] == bench
                and key in r["params"]}

    def topos(self):
        return list(dict.fromkeys(r["topo"] for r in self.rows))


def value_order(values):
    """VALUE_ORDER first, then any other value, numerically."""
    rest = sorted((v for v in values if v not in VALUE_ORDER), key=int)
    return VALUE_ORDER + rest


def stats(vals):
    if not vals:
        return None
    mean = statistics.mean(vals)
    sd = statistics.stdev(vals) if len(vals) > 1 else None
    return {"mean": mean, "sd": sd, "n": len(vals),
            "min": min(vals), "max": max(vals)}


def cell(st, ref, fmt, reps):
    """'mean (pct vs ref) ±sd%' with n= when fewer samples than reps."""
    if st is None:
        return "n/a"
    text = fmt.format(st["mean"])
    if ref is not None and ref["mean"]:
        text += " ({:+.1f}%)".format(100 * (st["mean"] / ref["mean"] - 1))
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


def topo_line(meta, topo):
    env = dict(kv.split("=", 1) for kv in shlex.split(meta.get("topo_" + topo, "")))
    if not env:
        return topo
    return "{}: {} CPUs, {} NUMA node(s), sched domains {}".format(
        topo, env.get("TOPO_CPUS", "?"), env.get("TOPO_NODES", "?"),
        env.get("TOPO_LEVELS", "?"))


def hackbench_axes(s, topo):
    """The modes, kinds, groups and values the hackbench samples of topo have."""
    modes = [m for m in ("pipe", "socket")
             if m in s.param_values(topo, "hackbench", "mode")]
    kinds = [k for k in ("process", "thread")
             if k in s.param_values(topo, "hackbench", "kind")]
    groups = sorted(s.param_values(topo, "hackbench", "groups"), key=int)
    values = value_order(s.param_values(topo, "hackbench", "value"))
    return modes, kinds, groups, values


def hackbench_section(s, topo, reps, md, js):
    modes, kinds, groups, values = hackbench_axes(s, topo)
    if not groups:
        return
    md += ["", "### hackbench", "",
           "Time in seconds, mean of the runs (lower is better). (pct) is the "
           "change vs the base kernel: **negative = faster**. ± is the "
           "standard deviation as a % of the mean.", ""]
    header = ["mode", "kind", "groups", "base 0"] + ["patched " + v for v in values]
    rows = []
    for mode in modes:
        for kind in kinds:
            for g in groups:
                p = dict(mode=mode, kind=kind, groups=g)
                ref = stats(s.get(topo, "base", "hackbench", "sec", value=0, **p))
                row = [mode, kind, g, cell(ref, None, "{:.3f}", reps)]
                entry = dict(p, base=ref)
                for v in values:
                    st = stats(s.get(topo, "patched", "hackbench", "sec", value=v, **p))
                    row.append(cell(st, ref, "{:.3f}", reps))
                    entry["patched " + v] = st
                rows.append(row)
                js.append(entry)
    rows.append(["**geomean**", "", "", "1"] +
                [geomean_ratio(js, "patched " + v) for v in values])
    md += table(header, rows)
    md += ["", "geomean: the geometric mean over the rows of each column's "
           "mean / base's mean (rows where both exist)."]


def geomean_ratio(entries, column):
    ratios = [e[column]["mean"] / e["base"]["mean"] for e in entries
              if e.get(column) and e.get("base") and e["base"]["mean"]
              and e[column]["mean"]]
    if not ratios:
        return "n/a"
    g = math.exp(statistics.mean(math.log(r) for r in ratios))
    return "{:.3f} ({:+.1f}%)".format(g, 100 * (g - 1))


def cyclictest_section(s, topo, reps, md, js):
    values = value_order(s.param_values(topo, "cyclictest", "ct_value")
                         | s.param_values(topo, "cyclictest", "hb_value"))
    base_p = dict(hb_value=0, ct_value=0)
    if not s.get(topo, "patched", "cyclictest", "avg", **base_p) and \
            not s.get(topo, "base", "cyclictest", "avg", **base_p):
        return
    load = sorted(s.param_values(topo, "cyclictest", "load_groups"))
    md += ["", "### cyclictest --policy=other under hackbench",
           "",
           "Wake-up latency in us of `cyclictest --policy=other` (1 thread, "
           "1 ms interval) while `hackbench -p -g {}` runs in the background; "
           "rows: hackbench's latency nice, columns: cyclictest's. (pct) is "
           "the change vs the patched kernel's (0, 0) cell: **negative = "
           "lower latency**. ± is the standard deviation as a % of the mean "
           "of the runs. Under TCG the latencies include the emulator's "
           "round-robin over the vCPUs and the host's own scheduling: a "
           "floor of milliseconds.".format("/".join(load) or "?")]
    for metric, what in (("avg", "average"), ("p99", "99th percentile")):
        ref = stats(s.get(topo, "patched", "cyclictest", metric, **base_p))
        header = ["{} latency".format(what)] + ["cyclictest " + v for v in values]
        rows = []
        base = stats(s.get(topo, "base", "cyclictest", metric, **base_p))
        rows.append(["base kernel, hackbench 0", cell(base, ref, "{:.0f}", reps)]
                    + ["" for _ in values[1:]])
        js.append(dict(metric=metric, kernel="base", hb_value="0",
                       ct_value="0", stats=base))
        for hv in values:
            row = ["patched, hackbench " + hv]
            for cv in values:
                st = stats(s.get(topo, "patched", "cyclictest", metric,
                                 hb_value=hv, ct_value=cv))
                row.append(cell(st, None if (hv, cv) == ("0", "0") else ref,
                                "{:.0f}", reps))
                js.append(dict(metric=metric, kernel="patched", hb_value=hv,
                               ct_value=cv, stats=st))
            rows.append(row)
        md += [""] + table(header, rows)
    samples = stats(s.get(topo, "patched", "cyclictest", "samples", **base_p))
    if samples:
        md += ["", "Wake-ups measured per run at (0, 0): {:.0f} on the patched "
               "kernel (fewer samples, rougher percentiles).".format(samples["mean"])]


def fairness_section(s, topo, reps, md, js):
    rows = []
    for kernel, a, b in (("base", 0, 0), ("patched", 0, 0), ("patched", -20, 19)):
        st = stats(s.get(topo, kernel, "fairness", "share_a", value_a=a, value_b=b))
        if st is None and kernel == "patched" and a:
            continue
        rows.append(["{} kernel".format(kernel), str(a), str(b),
                     cell(st, None, "{:.1f}%", reps)])
        js.append(dict(kernel=kernel, value_a=a, value_b=b, share_a=st))
    md += ["", "### fairness", "",
           "Two CPU hogs share one CPU; the first one's share of the CPU time "
           "they got (50% is fair). ± is the standard deviation as a % of the "
           "mean.", ""]
    md += table(["kernel", "hog A value", "hog B value", "share of A"], rows)


def pingpong_section(s, topo, reps, md, js):
    ref = stats(s.get(topo, "base", "pingpong", "usec_per_roundtrip", value=0))
    st = stats(s.get(topo, "patched", "pingpong", "usec_per_roundtrip", value=0))
    md += ["", "### pipe ping-pong", "",
           "Microseconds per round trip of a byte between two processes on "
           "one CPU, at the default latency nice (lower is better; (pct) vs "
           "base, negative = faster).", ""]
    md += table(["base 0", "patched 0"],
                [[cell(ref, None, "{:.2f}", reps), cell(st, ref, "{:.2f}", reps)]])
    js.append(dict(base=ref, patched=st))


def plot_hackbench(s, topo, path):
    modes, kinds, groups, values = hackbench_axes(s, topo)
    if not (modes and kinds and groups):
        return False
    fig, axes = plt.subplots(len(modes), len(kinds), squeeze=False,
                             figsize=(5 * len(kinds), 3.8 * len(modes)))
    lines = [("base", "0")] + [("patched", v) for v in values]
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
                                label="{} {}".format(kernel, v), **style(kernel, v))
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


def plot_latency(s, topo, path):
    values = value_order(s.param_values(topo, "cyclictest", "ct_value")
                         | s.param_values(topo, "cyclictest", "hb_value"))
    hvs = [v for v in values
           if s.get(topo, "patched", "cyclictest", "p50", hb_value=v)]
    if not hvs and not s.get(topo, "base", "cyclictest", "p50"):
        return False
    hvs = hvs or ["0"]
    fig, axes = plt.subplots(1, len(hvs), squeeze=False, sharey=True,
                             figsize=(4.5 * len(hvs), 4))
    for j, hv in enumerate(hvs):
        ax = axes[0][j]
        lines = [("patched", v) for v in values]
        if hv == "0":
            lines.insert(0, ("base", "0"))
        for kernel, cv in lines:
            ys, es = [], []
            for pc in PERCENTILES:
                st = stats(s.get(topo, kernel, "cyclictest", pc,
                                 hb_value=hv, ct_value=cv))
                ys.append(st["mean"] if st else float("nan"))
                es.append((st["sd"] or 0) if st else 0)
            if any(y == y for y in ys):
                ax.errorbar(PERCENTILES, ys, yerr=es, marker="o", capsize=3,
                            label="{} cyclictest {}".format(kernel, cv),
                            **style(kernel, cv))
        ax.set_yscale("log")
        ax.set_title("hackbench at latency nice {}".format(hv))
        ax.set_xlabel("percentile of wake-up latency")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize="small")
    axes[0][0].set_ylabel("latency (us), lower is better")
    fig.suptitle("cyclictest --policy=other under hackbench on {} "
                 "(mean ± stddev)".format(topo))
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def runs_section(runs, md):
    md += ["", "## Boots", "",
           "Wall-clock seconds per boot (one pass of the matrix, boot "
           "included), and boots that failed (see logs/).", ""]
    rows = []
    for topo in dict.fromkeys(r["topo"] for r in runs):
        for kernel in ("base", "patched"):
            rs = [r for r in runs if r["topo"] == topo and r["kernel"] == kernel]
            if not rs:
                continue
            secs = [int(r["seconds"]) for r in rs]
            bad = ["rep {} exit {}".format(r["rep"], r["status"])
                   for r in rs if r["status"] != "0"]
            rows.append([topo, kernel, str(len(rs)),
                         "{:.0f} ({}-{})".format(statistics.mean(secs), min(secs), max(secs)),
                         ", ".join(bad) or "none"])
    md += table(["topology", "kernel", "boots", "seconds (min-max)", "failed"], rows)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "build/results"
    meta = read_meta(os.path.join(out, "meta.txt"))
    s = Samples(read_samples(os.path.join(out, "samples.csv")))
    runs = read_runs(os.path.join(out, "runs.csv"))
    reps = int(meta.get("reps", "0"))

    md = ["# latency nice: base vs patched", ""]
    md += ["- base: Linux {} (the same tree without the series)".format(
        meta.get("base_version", "?")),
        "- commit: {}".format(meta.get("commit", "?")),
        "- date: {}".format(meta.get("date", "?")),
        "- reps: {} boot(s) of each kernel per topology, interleaved "
        "(base, patched, base, ...)".format(reps),
        "- host: {}".format(meta.get("host", "?")),
        "- kernels: {}".format(meta.get("kernels", "?"))]
    if meta.get("knobs"):
        md.append("- guest knobs: `{}`".format(meta["knobs"]))
    if "full" in meta:
        md.append("- full-size nps4 (224 CPUs): {}".format(meta["full"]))
    if reps < FULL_REPS:
        md += ["", "**Quick run: REPS={} (< {}). The numbers show the shape "
               "of the results, not their significance{}.**".format(
                   reps, FULL_REPS, "; no spread with one sample" if reps == 1 else "")]
    md += ["", "Columns: the base kernel at the default latency nice (0), "
           "and the patched kernel with the measured task(s) at latency "
           "nice 0, 19 and -20. QEMU TCG emulation: compare ratios within a "
           "topology, not absolute numbers with real hardware."]

    report = {"meta": meta, "topologies": {}}
    for topo in s.topos():
        js = {"hackbench": [], "cyclictest": [], "fairness": [], "pingpong": []}
        md += ["", "## " + topo_line(meta, topo)]
        guest = [meta[k] for k in ("guest_{}_patched".format(topo),
                                   "guest_{}_base".format(topo)) if k in meta]
        if guest:
            md += ["", "Guest parameters: `{}`".format(guest[0])]
        hackbench_section(s, topo, reps, md, js["hackbench"])
        cyclictest_section(s, topo, reps, md, js["cyclictest"])
        fairness_section(s, topo, reps, md, js["fairness"])
        pingpong_section(s, topo, reps, md, js["pingpong"])
        plots = []
        if plot_hackbench(s, topo, os.path.join(out, "hackbench_{}.png".format(topo))):
            plots.append("hackbench_{}.png".format(topo))
        if plot_latency(s, topo, os.path.join(out, "latency_{}.png".format(topo))):
            plots.append("latency_{}.png".format(topo))
        md += [""] + ["![{0}]({0})".format(p) for p in plots]
        report["topologies"][topo] = js
    runs_section(runs, md)
    md += ["", "Raw samples: `samples.csv` (one row per measurement); "
           "aggregates: `report.json`; guest output: `logs/`."]

    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
