#!/bin/sh
# Host mode of make bench: run guest/bench on the machine this runs on (a
# booted base or patched kernel, no VM) REPS times and write a result set
# to OUTDIR: samples.csv (the columns of make bench's, topology "host",
# kernel LABEL), runs.csv, meta.txt (label, uname -r, whether the kernel
# has latency nice, topology, whether it is a VM, date) and logs/.  Run it once per kernel,
# then scripts/bench-compare.sh builds the report from the sets.
#
# usage: bench-host.sh OUTDIR      (as root: cgroups, debugfs tunables)
# env: BENCH_LABEL  the kernel's name in the report (uname -r)
#      REPS         passes of guest/bench (3)
#      BENCH_ONLY, BENCH_VALUES, BENCH_GROUPS, ... as guest/bench (see there)
set -e
TOP=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:?usage: bench-host.sh OUTDIR}
REPS=${REPS:-3}
LABEL=${BENCH_LABEL:-$(uname -r)}
ONLY=${BENCH_ONLY:-hackbench cyclictest fairness pipe messaging coresched cgroups}

# The tools each section of guest/bench calls; latnice (tools/sched/latnice
# of the series) is how guest/bench finds latency nice: without it, value 0.
need() {
	case $1 in
	hackbench) echo hackbench ;;
	cyclictest) echo cyclictest hackbench taskset ;;
	fairness) echo taskset ;;
	pipe) echo taskset perf ;;
	messaging) echo perf ;;
	coresched) echo taskset cs-spin ;;
	cgroups) echo hackbench renice ;;
	pingpong) echo taskset pingpong ;;
	esac
}

# bench/*.c helpers: the ones on PATH, else built here.
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
for c in cs-spin pingpong; do
	command -v $c >/dev/null 2>&1 && continue
	cc -O2 -Wall -o "$BIN/$c" "$TOP/bench/$c.c" ||
		{ echo "bench-host: cannot build bench/$c.c (a C compiler?)" >&2; exit 1; }
done
PATH=$BIN:$PATH
export PATH

missing=
for s in $ONLY; do
	for t in $(need "$s"); do
		command -v "$t" >/dev/null 2>&1 || missing="$missing $t($s)"
	done
done
[ -z "$missing" ] || { echo "bench-host: missing tools:$missing" >&2; exit 1; }
command -v latnice >/dev/null 2>&1 ||
	echo "bench-host: no latnice on PATH: latency nice 0 only" >&2

# topology: lscpu's summary where there is lscpu, else /sys's counts
topology() {
	if command -v lscpu >/dev/null 2>&1; then
		lscpu | sed -n 's/^\(Model name\|CPU(s)\|Thread(s) per core\|Core(s) per socket\|Socket(s)\|NUMA node(s)\|L3 cache\): *\(.*\)/\1: \2/p' |
			paste -sd ';' - | sed 's/;/; /g'
	else
		sys=/sys/devices/system/cpu
		echo "CPU(s): $(nproc); Thread(s) per core: $(tr ',' '\n' <$sys/cpu0/topology/thread_siblings_list |
			awk -F- '{ n += ($2 == "" ? 1 : $2 - $1 + 1) } END { print n }'); NUMA node(s): $(ls -d /sys/devices/system/node/node* | wc -l)"
	fi
}

# machine: none on a booted machine; in a VM the QEMU accelerator qemu-run.sh
# exports (tcg, kvm), else vm
machine() {
	if [ -n "$QEMU_ACCEL" ]; then
		echo "$QEMU_ACCEL"
	elif grep -qw hypervisor /proc/cpuinfo; then
		echo vm
	else
		echo none
	fi
}

rm -rf "$OUT"
mkdir -p "$OUT/logs"
echo "topo,kernel,rep,bench,params,metric,value" >"$OUT/samples.csv"
echo "topo,kernel,rep,seconds,status,results" >"$OUT/runs.csv"
failed=0
for rep in $(seq "$REPS"); do
	t0=$(date +%s)
	rc=0
	sh "$TOP/guest/bench" >"$OUT/logs/rep$rep.out" 2>"$OUT/logs/rep$rep.err" || rc=$?
	secs=$(($(date +%s) - t0))
	sh "$TOP/scripts/bench-csv.sh" host "$LABEL" "$rep" <"$OUT/logs/rep$rep.out" >>"$OUT/samples.csv"
	n=$(grep -c '^RESULT' "$OUT/logs/rep$rep.out" || true)
	echo "host,$LABEL,$rep,$secs,$rc,$n" >>"$OUT/runs.csv"
	echo "bench-host: pass $rep: ${secs}s, $n results, exit $rc"
	[ $rc -eq 0 ] || { failed=1; grep '^ERROR' "$OUT/logs/rep$rep.out" | head -n 5 >&2; }
done

latnice=$(sed -n 's/^INFO kernel=.* latnice=\([a-z]*\).*/\1/p' "$OUT/logs/rep1.out")
{
	echo "mode=host"
	echo "label=$LABEL"
	echo "kernel=$(uname -r)"
	echo "latency_nice=${latnice:-?}"
	echo "topology=$(topology)"
	echo "accel=$(machine)"
	echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "reps=$REPS"
	echo "only=$ONLY"
	echo "guest_host_$LABEL=$(sed -n 's/^INFO \(values=.*\)/\1/p' "$OUT/logs/rep1.out")"
	echo "commit=$(git -C "$TOP" rev-parse --short HEAD 2>/dev/null || echo '?')"
} >"$OUT/meta.txt"
echo "bench-host: $OUT ($LABEL, latency nice ${latnice:-?})"
exit $failed
