#!/bin/sh
# Host mode of make bench: run guest/bench on the machine this runs on (a
# booted base or patched kernel, no VM) REPS times and write a result set
# to OUTDIR: samples.csv (the columns of make bench's, topology "host",
# kernel LABEL), runs.csv, meta.txt (label, uname -r, whether the kernel
# has latency nice, topology, whether it is a VM, date) and logs/.  Run it once per kernel,
# then scripts/report/bench-compare.sh builds the report from the sets.
# With "matrix" in BENCH_ONLY (make bench-host), the testers' matrix of
# guest/matrix too, REPS passes, on one CPU in real time, through latnice
# (sched_runtime slices on a stock kernel): OUTDIR/report.md
# (scripts/report/matrix-report.py, with the load average around each pass),
# matrix-samples.txt and the plots.
#
# usage: bench-host.sh OUTDIR      (as root: cgroups, debugfs tunables)
# env: BENCH_LABEL  the kernel's name in the report (uname -r)
#      REPS         passes of guest/bench and of guest/matrix (3)
#      BENCH_ONLY, BENCH_VALUES, BENCH_GROUPS, ... as guest/bench (see there)
#      MATRIX_*     as guest/matrix (see there)
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/scripts/tree/paths.sh"
OUT=${1:?usage: bench-host.sh OUTDIR}
REPS=${REPS:-3}
LABEL=${BENCH_LABEL:-$(uname -r)}
ONLY=${BENCH_ONLY:-hackbench cyclictest fairness pipe messaging coresched cgroups}

# The tools each section of guest/bench (and guest/matrix) calls; latnice
# (latnice/) is how they find latency nice or slices: without it, value 0.
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
	matrix) echo cyclictest hackbench taskset chrt latnice waker sleeper ;;
	esac
}

# bench/*.c helpers: the ones on PATH, else built here.
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
for c in cs-spin pingpong waker sleeper; do
	command -v $c >/dev/null 2>&1 && continue
	cc -O2 -Wall -o "$BIN/$c" "$TOP/bench/$c.c" ||
		{ echo "bench-host: cannot build bench/$c.c (a C compiler?)" >&2; exit 1; }
done
# guest/matrix calls latency-stats by name; latnice as the checkout builds
# it (make bench-host) comes first.
ln -s "$TOP/guest/latency-stats" "$BIN/latency-stats"
PATH=$BIN:$PATH
[ -x "$TOP/$LATNICE_HOST/latnice" ] && PATH=$TOP/$LATNICE_HOST:$PATH
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
failed=0

# The testers' matrix: latency nice where the kernel has it, else latnice's
# slices, else value 0 alone.
if case " $ONLY " in *" matrix "*) true ;; *) false ;; esac; then
	shown=$(latnice -p $$ 2>&1)
	case $shown in
	*"latency nice: "*[0-9]) via=latnice K=patched how="latency nice" ;;
	*"latency nice: "*slice*) via=slice K=slices
		how="latnice's sched_runtime slices (no latency nice; base slice ${shown##*base })" ;;
	*) via=latnice K=base how="neither latency nice nor slices: value 0 alone ($shown)" ;;
	esac
	loads=
	for rep in $(seq "$REPS"); do
		before=$(cut -d' ' -f1-3 /proc/loadavg)
		t0=$(date +%s)
		rc=0
		MATRIX_VIA=$via sh "$TOP/guest/matrix" >"$OUT/logs/matrix$rep.out" 2>&1 || rc=$?
		loads="$loads${loads:+; }pass $rep: $before ($(($(date +%s) - t0)) s)"
		sed -n "s/^RESULT /kernel=$K rep=$rep /p" "$OUT/logs/matrix$rep.out" >>"$OUT/matrix-samples.txt"
		echo "bench-host: matrix pass $rep: exit $rc, load $before"
		[ $rc -eq 0 ] || { failed=1; grep '^ERROR' "$OUT/logs/matrix$rep.out" | head -n 5 >&2; }
	done
	info=$(grep -m1 '^INFO' "$OUT/logs/matrix1.out" | sed 's/^INFO //')
	{
		printf '# make bench-host\n\n'
		echo "- kernel: $LABEL$([ "$LABEL" = "$(uname -r)" ] || echo " ($(uname -r))"), through $how"
		echo "- machine: $(topology); virtualised: $(machine)"
		echo "- commit: $(git -C "$TOP" describe --always --dirty 2>/dev/null || echo '?')"
		echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
		echo "- method: real time, load and cyclictest confined by taskset; $info"
		echo "- load average (1, 5, 15 min) before each pass (other work on the machine; during a pass it counts the load's own tasks too): $loads"
		echo
		$PY "$TOP/scripts/report/matrix-report.py" -p "$OUT" "$OUT/matrix-samples.txt" \
			"$LABEL, real time, REPS=$REPS" $K
	} >"$OUT/report.md"
	ONLY=$(echo " $ONLY " | sed 's/ matrix / /; s/^ *//; s/ *$//')
	[ -n "$ONLY" ] || { echo "bench-host: $OUT/report.md"; exit $failed; }
fi

echo "topo,kernel,rep,bench,params,metric,value" >"$OUT/samples.csv"
echo "topo,kernel,rep,seconds,status,results" >"$OUT/runs.csv"
for rep in $(seq "$REPS"); do
	t0=$(date +%s)
	rc=0
	BENCH_ONLY=$ONLY sh "$TOP/guest/bench" >"$OUT/logs/rep$rep.out" 2>"$OUT/logs/rep$rep.err" || rc=$?
	secs=$(($(date +%s) - t0))
	sh "$TOP/scripts/report/bench-csv.sh" host "$LABEL" "$rep" <"$OUT/logs/rep$rep.out" >>"$OUT/samples.csv"
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
