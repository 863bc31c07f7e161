#!/usr/bin/env python3
"""What a waker waited behind: from a trace of sched_wakeup, sched_switch and
sched_stat_runtime (guest/trace-waker), each wake-up of cyclictest that waited
over 500 us for the CPU, the switches between its wake-up and its run, and
how far ahead of it in vruntime the tasks that ran in between started; and
the wake-ups that came over 500 us late after one that ran at once, which no
runqueue explains.

usage: trace-report.py TRACE RESULT-LINE HEADER
"""
import re
import sys

LINE = re.compile(r"\s*(\S+)-(\d+)\s+\[\d+\]\s+\S+\s+([\d.]+): (\w+): (.*)")
PID = re.compile(r"pid=(\d+)")
RUNTIME = re.compile(r"pid=(\d+) runtime=(\d+) \[ns\] vruntime=(\d+)")
WAKER = re.compile(r"comm=(cyclictest|waker) ")
LIMIT = 500e-6
PERIOD = 1e-3   # cyclictest -i 1000


def main():
    events = []
    with open(sys.argv[1]) as f:
        for line in f:
            m = LINE.match(line)
            if m:
                events.append((float(m.group(3)), m.group(4), m.group(5)))
    waits = []
    for i, (t, name, args) in enumerate(events):
        if name != "sched_wakeup" or not WAKER.search(args):
            continue
        pid = PID.search(args).group(1)
        for j in range(i + 1, len(events)):
            if events[j][1] == "sched_switch" and f"next_pid={pid} " in events[j][2] + " ":
                waits.append((events[j][0] - t, i, j, pid))
                break
    # A wake-up can also come late: its timer's interrupt, not the runqueue.
    # The measuring thread is the one woken most (its main thread is
    # cyclictest too).  Counted only after a wake-up that ran at once: one
    # that waited makes the next look late, its timer expired meanwhile.
    pids = [w[3] for w in waits]
    thread = max(set(pids), key=pids.count) if pids else None
    mine = [(events[i][0], wait) for wait, i, _, pid in waits if pid == thread]
    late = sorted((b - a - PERIOD for (a, wait), (b, _) in zip(mine, mine[1:])
                   if wait < LIMIT and b - a - PERIOD > LIMIT), reverse=True)
    queued = sum(1 for w in waits if w[0] >= LIMIT)
    print(f"## What a waker waits behind ({sys.argv[3]})")
    print()
    print(f"{sys.argv[2]}; {len(waits)} wake-ups traced: {queued} waited over 500 us "
          f"in the runqueue, {len(late)} were woken over 500 us late (largest: "
          f"{', '.join(f'{x * 1e6:.0f}' for x in late[:5]) or '-'} us).")
    print()
    print("For each wait in the runqueue over 500 us: the switches before the waker "
          "ran, and the vruntime of each task that ran then, at the start of its "
          "run, less the waker's (negative: ahead of it).")
    print()
    print("| wait (us) | switches before it | ahead of the waker (ms) |")
    print("| --- | --- | --- |")
    for wait, i, j, pid in sorted(waits, reverse=True):
        if wait < LIMIT:
            break
        mine = next((int(m.group(3)) - int(m.group(2)) for _, name, args in events[j:j + 200]
                     if name == "sched_stat_runtime"
                     for m in [RUNTIME.search(args)] if m and m.group(1) == pid), None)
        if mine is None:
            continue
        switches = sum(1 for _, name, _ in events[i:j] if name == "sched_switch")
        ahead = [(int(m.group(3)) - int(m.group(2)) - mine) / 1e6
                 for _, name, args in events[i:j] if name == "sched_stat_runtime"
                 for m in [RUNTIME.search(args)] if m]
        span = f"{min(ahead):.2f} to {max(ahead):.2f}" if ahead else "-"
        print(f"| {wait * 1e6:.0f} | {switches} | {span} |")


if __name__ == "__main__":
    main()
