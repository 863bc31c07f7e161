#!/usr/bin/env python3
"""The report of scripts/flows/cost-profile.sh: instructions per pingpong round
trip in each kernel function, each kernel against base.

usage: cost-profile.py SHORT LONG TOP DIR KERNEL...
DIR holds KERNEL-SHORT.blocks and KERNEL-LONG.blocks (bench/tb-count.c's
"vaddr instructions runs" lines) for each KERNEL; its symbols are read
from build/obj/cost-KERNEL/vmlinux.
"""
import bisect
import subprocess
import sys
from collections import Counter


def symbols(vmlinux):
    out = subprocess.run(["nm", "-n", vmlinux], capture_output=True,
                         text=True, check=True).stdout
    addrs, names = [], []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "tTwW":
            addrs.append(int(f[0], 16))
            names.append(f[2])
    return addrs, names


def per_function(path, addrs, names):
    """instructions executed in each function; a block counts for the
    function it starts in, user space for "(user)" """
    count = Counter()
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                sys.exit(f"{path}: {line.strip()}")
            va, n, runs = line.split()
            va = int(va, 16)
            if va < 1 << 63:
                count["(user)"] += int(n) * int(runs)
                continue
            i = bisect.bisect_right(addrs, va) - 1
            count[names[i] if i >= 0 else "?"] += int(n) * int(runs)
    return count


def main():
    short, long_, top, d = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    kernels = sys.argv[5:]
    per_trip = {}
    for k in kernels:
        addrs, names = symbols(f"build/obj/cost-{k}/vmlinux")
        lo = per_function(f"{d}/{k}-{short}.blocks", addrs, names)
        hi = per_function(f"{d}/{k}-{long_}.blocks", addrs, names)
        per_trip[k] = {f: (hi[f] - lo[f]) / (long_ - short) for f in set(lo) | set(hi)}

    base = per_trip["base"]
    total = {k: sum(v.values()) for k, v in per_trip.items()}
    out = ["# Instructions per pingpong round trip, per function", ""]
    out.append(f"`make cost-profile`: QEMU `-icount`, one CPU, the kernels of `make cost`; "
               f"({long_} - {short} round trips) / {long_ - short}, so boot and exit cancel out.  "
               "A block counts for the function it starts in.")
    out.append("")
    out.append("| kernel | instructions | vs base |")
    out.append("| --- | --- | --- |")
    for k in kernels:
        out.append(f"| {k} | {total[k]:.0f} | {total[k] - total['base']:+.0f} "
                   f"({(total[k] / total['base'] - 1) * 100:+.2f}%) |")
    out.append("")
    last = kernels[-1]
    names = set().union(*per_trip.values())
    rows = sorted(names, key=lambda f: -abs(per_trip[last].get(f, 0) - base.get(f, 0)))
    out.append("| function | " + " | ".join(kernels) + f" | {last} - base |")
    out.append("| --- |" + " --- |" * (len(kernels) + 1))
    for f in rows[:top]:
        cells = " | ".join(f"{per_trip[k].get(f, 0):.1f}" for k in kernels)
        out.append(f"| `{f}` | {cells} | {per_trip[last].get(f, 0) - base.get(f, 0):+.1f} |")
    print("\n".join(out))


if __name__ == "__main__":
    main()
