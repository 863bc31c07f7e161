#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# latnice's test, as util-linux tests its tools: each case runs a command
# and its output (stdout, then stderr as "stderr: " lines, then "exit N";
# pids as PID, the temporary directory as T, the cgroup as CG, a slice as
# slice(V) where V's slice it is) must be expected/NAME.MODE, or
# expected/NAME where every kernel answers alike.  Adding a case: a "t"
# line below and its file (write it with LATNICE_TEST_WRITE=1).  TAP out;
# exits 1 when a case fails.  As root, "unprivileged" cases run as uid
# 65534; as another user, they run as that user, and the cases that need
# root (tagged root, or lower where they lower a value on a kernel with
# latency nice) are skipped.
#
# usage: test.sh [MODE], the kernel the test runs on:
#   latency  latency nice (either series); with cgroup v2
#   slice    EEVDF custom slices, no latency nice (stock 6.12 and later)
#   none     neither (6.1 without the series)
#   (none given: what latnice --kernel says)
# env: LATNICE (./latnice), LATNICE_THREADS (test-threads beside LATNICE)
DIR=$(cd "$(dirname "$0")" && pwd)
L=${LATNICE:-$DIR/latnice}
case $L in /*) ;; *) L=$(pwd)/$L ;; esac
MODE=$1
[ -n "$MODE" ] || case $("$L" --kernel 2>/dev/null) in
	"latency nice") MODE=latency ;;
	"custom slices"*) MODE=slice ;;
	"neither "*) MODE=none ;;
esac
case $MODE in latency | slice | none) ;; *)
	echo "usage: test.sh [latency|slice|none]" >&2
	exit 2 ;;
esac
THREADS=${LATNICE_THREADS:-${L%/*}/test-threads}
T=$(mktemp -d) || exit 1
chmod 755 "$T"
CG=/sys/fs/cgroup/latnice-test
pids=
trap 'kill $pids 2>/dev/null; rmdir "$CG" 2>/dev/null; rm -rf "$T"' EXIT

# The copy under test: one that uid 65534 can run too.
cp "$L" "$T/latnice" || exit 1
L=$T/latnice
export L

# task NAME CMD...: CMD in the background (killed at the end), its pid in
# $last once it runs the program NAME.
task() {
	name=$1
	shift
	"$@" >/dev/null 2>&1 </dev/null &
	last=$!
	pids="$pids $last"
	i=0
	until [ "$(cat /proc/$last/comm 2>/dev/null)" = "$name" ] || [ $i -ge 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# threads: a process of 4 threads, its pid in $last.
threads() {
	task test-threads "$THREADS" 3
	i=0
	until [ "$(ls /proc/$last/task | wc -l)" -eq 4 ] || [ $i -ge 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# Each thread's own value, read one by one (not through -a).
threads_of() {
	for t in $(ls /proc/"$1"/task | sort -n); do
		"$L" -p "$t"
	done
}
# runas LIMIT CMD...: CMD unprivileged under RLIMIT_NICE LIMIT: as uid
# 65534 where the test runs as root (util-linux's setpriv: busybox's
# cannot change uids), else as the user running it.
ROOT=
[ "$(id -u)" -eq 0 ] && ROOT=1
runas() {
	limit=$1
	shift
	if [ -n "$ROOT" ]; then
		prlimit --nice="$limit:$limit" /usr/bin/setpriv --reuid=65534 \
			--regid=65534 --clear-groups "$@"
	else
		prlimit --nice="$limit:$limit" "$@"
	fi
}
# The report of a command: its value, then a child's.
printf '"$L" -p $$\nsh -c '"'"'"$L" -p $$'"'"'\n' >"$T/report"

# On a kernel with slices, a slice shows as slice(V), V the value furthest
# from 0 whose slice it is, as latnice formats it (in ms) and as
# /proc/PID/sched shows it (in ns): the map of latnice(1), computed here
# from the kernel's base slice, and that base as B.  The base is the slice
# of a task that never asked for one: a child of a reset-on-fork parent
# (learnt here without latnice).
base=
[ "$MODE" = slice ] && base=$(chrt -R -o 0 sh -c 'cat /proc/self/sched; :' |
	awk '/^se\.slice / { printf "%.3f", $NF / 1e6 }')
normalize() {
	sed -E "s|$T|T|g; s|$CG|CG|g; s/pid [0-9]+/pid PID/g" |
		awk -v base="$base" '
		BEGIN {
			for (v = -20; base != "" && v <= 19; v++) {
				s = base * exp(log(2) * v / 5)
				s = sprintf("%.3f", s < 0.1 ? 0.1 : s > 100 ? 100 : s)
				if (!(s in name) || v * v > name[s] * name[s])
					name[s] = v
			}
		}
		function slice(ms) {
			return ms in name ? "slice(" name[ms] ")" : "slice " ms " ms"
		}
		/^se\.slice / {
			print "se.slice: " slice(sprintf("%.3f", $NF / 1e6))
			next
		}
		{
			if (base != "")
				gsub("base " base " ms", "base B")
			out = ""
			while (match($0, /slice [0-9.]+ ms/)) {
				out = out substr($0, 1, RSTART - 1) slice(substr($0, RSTART + 6, RLENGTH - 9))
				$0 = substr($0, RSTART + RLENGTH)
			}
			print out $0
		}'
}

n=0 failed=0
echo "TAP version 13"
echo "# MODE=$MODE${1:+ (given)}, uid $(id -u)${base:+, base slice $base ms}"
needs_root() {
	case " $1 " in
	*" root "*) return 0 ;;
	*" lower "*) [ "$MODE" = latency ] ;;
	*) return 1 ;;
	esac
}
# t TAGS NAME COMMAND: on the kernels TAGS names ("all" or a list of
# modes), run COMMAND and compare its output with the expected file.  A
# case that needs root (tag root, or lower on a kernel with latency nice)
# is a skip for another user.
t() {
	case " $1 " in *" all "* | *" $MODE "*) ;; *) return ;; esac
	name=$2
	want=$DIR/expected/$name.$MODE
	[ -f "$want" ] || want=$DIR/expected/$name
	n=$((n + 1))
	if [ -z "$ROOT" ] && needs_root "$1"; then
		echo "ok $n $name # SKIP needs root"
		return
	fi
	(pids= && eval "$3"; rc=$? && kill $pids 2>/dev/null; exit $rc) >"$T/out" 2>"$T/err" </dev/null
	rc=$?
	{ cat "$T/out"; sed 's/^/stderr: /' "$T/err"; echo "exit $rc"; } |
		normalize >"$T/got"
	if [ -n "$LATNICE_TEST_WRITE" ] && [ ! -f "$want" ]; then
		cp "$T/got" "$DIR/expected/$name.$MODE"
		want=$DIR/expected/$name.$MODE
	fi
	if cmp -s "$want" "$T/got"; then
		echo "ok $n $name"
	else
		echo "not ok $n $name"
		diff -u "$want" "$T/got" 2>&1 | sed 's/^/# /'
		failed=1
	fi
}

task sleep sleep 1000
S=$last
task sleep sleep 1000
S2=$last
NOPID=$(cat /proc/sys/kernel/pid_max)

# The command line: the same on every kernel.
t all help '"$L" --help'
t all version '"$L" -V'
t all no-arguments '"$L"'
t all unknown-option '"$L" --bogus'
t all help-with-argument '"$L" --help=x'
t all flag-with-argument '"$L" --all-tasks=1 -p $S'
t all abbreviated-option '"$L" --all=1 -p $S; "$L" --cg'
t all ambiguous-option '"$L" --ver'
t all missing-argument '"$L" -p'
t all value-without-target '"$L" -n 5'
t all command-without-value '"$L" true'
t all pid-and-command '"$L" -p $S true'
t all all-tasks-without-pid '"$L" -a -n 1 true'
t all reset-without-value '"$L" -R -p $S'
t all cgroup-and-pid '"$L" --cgroup $T -p $S'
t all cgroup-and-reset '"$L" -R -n 1 --cgroup $T'
t all value-too-high '"$L" -n 20 true'
t all value-too-low '"$L" -n -21 true'
t all value-not-a-number '"$L" -n 1x true'
t all pid-not-a-number '"$L" -p 1x'
t all kernel '"$L" --kernel'

# A kernel with neither: an error, and nothing runs or changes.
t none neither-show '"$L" -p $S'
t none neither-set '"$L" -n 5 -p $S; rc=$?; chrt -p $S; exit $rc'
t none neither-command '"$L" -n -5 echo ran'
t none neither-cgroup '"$L" --cgroup $T'

# Tasks, on a kernel with latency nice or with slices.
t "latency slice" show '"$L" -p $S'
t "latency slice lower" set-pid '"$L" -n -5 -p $S; "$L" -p $S'
t "latency slice lower" set-verbose '"$L" --verbose --latency-nice 19 --pid $S'
t "latency slice lower" ends '"$L" -v -n -20 -p $S; "$L" -v -n 19 -p $S; "$L" -v -n 0 -p $S'
t "latency slice" no-such-pid '"$L" -p $NOPID'
t "latency slice" keeps-nice 'renice -n 7 -p $S2 >/dev/null; "$L" -n 3 -p $S2; cut -d" " -f19,41 /proc/$S2/stat'
t "latency slice root" fifo 'task sleep chrt -f 10 sleep 1000; "$L" -n 4 -p $last; "$L" -p $last; chrt -p $last'
t "latency slice lower" command '"$L" -n -7 sh $T/report'
t "latency slice" command-verbose '"$L" -v -n 2 true'
t "latency slice" command-status '"$L" -n 1 sh -c "exit 7"'
t "latency slice" command-missing '"$L" -n 1 $T/nonexistent'
t "latency slice" reset-on-fork '"$L" -R -n 5 sh $T/report'
t "latency slice" reset-on-fork-pid 'task sleep sleep 1000; "$L" -R -n 6 -p $last; chrt -p $last; "$L" -n 8 -p $last; chrt -p $last'
t "latency slice" all-tasks-set 'threads; "$L" -a -n 4 -p $last; threads_of $last'
t "latency slice" all-tasks-show 'threads; "$L" -n 4 -p $last; "$L" -a -p $last'
# A SCHED_IDLE main thread and a real-time one: every other thread set,
# they named, exit 3 where the kernel has slices only; shown with the
# others, the real-time one with its policy where latency nice keeps a
# value that has no effect under it.
t "latency slice root" all-tasks-fifo 'threads; chrt -i -p 0 $last; chrt -f -p 10 $(ls /proc/$last/task | sort -n | sed -n 2p)
	"$L" -a -n 4 -p $last; echo "exit $?"; "$L" -a -p $last'
t "all root" policies 'task sleep chrt -r 5 sleep 1000; a=$last; task sleep chrt -i 0 sleep 1000; b=$last
	task sleep chrt -d -T 1000000 -P 10000000 0 sleep 1000; "$L" -p $a $b $last'
t "latency slice" pids 'task sleep sleep 1000; a=$last; task sleep sleep 1000
	"$L" -n 5 -p $a $last; "$L" -n 6 -p $a -p $last; "$L" -p $a -n 7 $last
	"$L" -p $a $last'
t "latency slice" pid-zero 'task sleep sleep 1000; "$L" -n 3 "$L" -p $last 0'
t "latency slice" quiet 'task sleep sleep 1000; "$L" -q -n 6 -p $last; "$L" -q -n 2 true'
# The kind of kernel is not the base slice, and any caller learns both:
# an unprivileged SCHED_IDLE one under a slice it inherited (from a child
# of a reset-on-fork child), one that cannot fork (from its own slice,
# handed back for a moment); a deadline caller, which cannot fork, says
# that it cannot learn the base and takes it from --base-slice.
t all kind-idle 'task sleep sleep 1000; in=; [ "$MODE" = none ] || in="$L -q -n 10"
	runas 0 $in chrt -i 0 "$L" --kernel; runas 0 $in chrt -i 0 "$L" -p $last
	runas 0 $in chrt -i 0 "$L" --base-slice ${base:-1} -p $last'
t all kind-nproc 'task sleep sleep 1000; runas 0 prlimit --nproc=1:1 "$L" --kernel
	runas 0 prlimit --nproc=1:1 "$L" -p $last'
t "all root" kind-deadline 'task sleep sleep 1000; dl="chrt -d -T 1000000 -P 10000000 0"
	$dl "$L" --kernel; $dl "$L" -p $last; echo "exit $?"; $dl "$L" --base-slice ${base:-1} -p $last'
# Another user's task (pid 1) needs CAP_SYS_NICE.
t "latency slice" unprivileged 'runas 0 "$L" -n -1 true; runas 0 "$L" -n 5 sh $T/report; runas 0 "$L" -n 5 -p 1'
t "latency root" rlimit-nice 'runas 30 "$L" -n -10 true && echo -10 taken; runas 30 "$L" -n -11 true'

# The slice is the kernel's: as /proc/PID/sched shows it, and the base is
# that of a task that never asked for one.
t slice kernel-slice '"$L" -n 19 -p $S; grep "^se.slice" /proc/$S/sched; "$L" -n 0 -p $S; grep "^se.slice" /proc/$S/sched'
t slice base 'task sleep sleep 1000; grep "^se.slice" /proc/$last/sched'
t slice base-under-a-slice '"$L" -n 10 "$L" -p $S'
t slice base-under-a-slice-nice 'task sleep sleep 1000; runas 0 nice -n 5 "$L" -n 10 "$L" -p $last
	runas 0 nice -n 5 "$L" -n 10 "$L" -v -n 5 true'

# Cgroups.
t "latency slice" cgroup-not-a-cgroup '"$L" --cgroup $T'
if [ "$MODE" = latency ] && [ -n "$ROOT" ]; then
	grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control ||
		echo +cpu >/sys/fs/cgroup/cgroup.subtree_control
	mkdir -p "$CG"
fi
t "latency root" cgroup '"$L" --cgroup $CG; "$L" -n -5 --cgroup $CG; cat $CG/cpu.latency.nice; "$L" -v -n 19 --cgroup $CG'
t latency cgroup-root '"$L" --cgroup /sys/fs/cgroup'
t "latency root" cgroup-unprivileged 'runas 0 "$L" -n 1 --cgroup $CG'

echo "1..$n"
exit $failed
