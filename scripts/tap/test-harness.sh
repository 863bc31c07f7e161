#!/bin/sh
# The harness's own tests: the runner (scripts/boot/qemu-run.sh, which make
# vm-run and every other boot call) passes a command's output and exit
# status through, and fails with the right message on a failing command, a
# kernel panic, a hung guest, a WARN or lockdep report after a command that
# exits 0, and a guest that gives no result; the guest knows whether it
# runs under KVM or TCG, and an unknown ACCEL fails; a misspelt test or
# collection is "not ok", and fails make selftest; the KUnit step's reader
# makes a KUnit boot that failed or gave no result "not ok".  TAP out.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
. scripts/tree/paths.sh
. guest/tap.sh
check() {	# description, expected exit, expected text, command
	out=$(TIMEOUT=${T:-120} sh scripts/boot/qemu-run.sh $TEST_KERNEL $GUEST_INITRD "$4" 2>&1)
	got=$?
	if [ "$got" = "$2" ] && echo "$out" | grep -q "$3"; then
		tap_ok "qemu-run: $1"
	else
		echo "$out" | tail -n 15 | tap_diag
		tap_not_ok "qemu-run: $1 (exit $got, expected $2 and '$3')"
	fi
}
echo "TAP version 13"
check "output and exit 0 come back" 0 "hello from $(uname -m)" "echo hello from \$(uname -m)"
check "a failing command's exit status comes back" 3 "about to fail" "echo about to fail; exit 3"
check "a kernel panic is a failure" 125 "kernel reported a problem" "echo c >/proc/sysrq-trigger"
T=25 check "a hung guest is a failure" 124 "guest hung" "sleep 1000"
# The console scan, fed through the kernel log as a real report would be.
check "a WARN in a guest whose command exits 0 is a failure" 125 "kernel reported a problem" \
	"echo '<4>WARNING: CPU: 0 PID: 1 at kernel/sched/fair.c:1 harness check' >/dev/kmsg; exit 0"
check "a lockdep report in a guest whose command exits 0 is a failure" 125 "kernel reported a problem" \
	"echo '<4>possible circular locking dependency detected' >/dev/kmsg; exit 0"
check "a guest that gives no result is a failure" 125 "gave no result" "poweroff -f"
check "the guest is told its accelerator" 0 "accel=\(tcg\|kvm\)" "echo accel=\$QEMU_ACCEL"
ACCEL=none check "an unknown accelerator is a failure" 125 "unknown ACCEL 'none'" true
check "a misspelt test is not ok" 1 "not ok 1 selftests: sched: latency_nice_tset # no such test" \
	"run-selftests sched:latency_nice_tset"
check "a collection that matches nothing is not ok" 1 "not ok 1 selftests: nosuch: nosuch # no such test" \
	"run-selftests nosuch"
# make vm-run fails when its command does (make's own status: 2).
if out=$(make -s vm-run CMD="echo vm-run ran; exit 3" 2>&1); then
	echo "$out" | tail -n 5 | tap_diag
	tap_not_ok "make vm-run: a failing command fails it"
elif echo "$out" | grep -q "vm-run ran"; then
	tap_ok "make vm-run: a failing command fails it"
else
	echo "$out" | tail -n 5 | tap_diag
	tap_not_ok "make vm-run: a failing command fails it (no output)"
fi
# make selftest keeps the guest's status through its pipe into tee.
out=$(make -s selftest SELFTESTS=sched:latency_nice_tset 2>&1)
got=$?
if [ $got -ne 0 ] && echo "$out" | grep -q "passed, 1 failed"; then
	tap_ok "make selftest: a misspelt test fails the run"
else
	echo "$out" | tail -n 15 | tap_diag
	tap_not_ok "make selftest: a misspelt test fails the run (exit $got)"
fi
# scripts/tap/kunit-tap.sh on the logs make kunit leaves: a splat after the
# suites passed, and no output at all.
tmp=$(mktemp -d)
printf 'KTAP version 1\n1..1\n    # Subtest: s\n    ok 1 a\nok 1 s\n%s\n[ 9.1] WARNING: at x\n' \
	'qemu-run: FAIL: the kernel reported a problem: WARNING: at x (log: l):' >"$tmp/splat.log"
: >"$tmp/none.log"
for c in "splat:a KUnit boot with a splat is not ok:not ok 1 kunit guest: qemu-run: FAIL" \
	"none:a KUnit boot with no result is not ok:not ok 1 kunit ran"; do
	log=${c%%:*} rest=${c#*:}
	what=${rest%%:*} want=${rest#*:}
	out=$(sh scripts/tap/kunit-tap.sh "$tmp/$log.log" "$tmp/$log.tap" 2>&1)
	if grep -q "^$want" "$tmp/$log.tap" && echo "$out" | grep -q "kunit: .* [1-9][0-9]* failed"; then
		tap_ok "kunit-tap: $what"
	else
		tap_diag "$tmp/$log.tap"
		tap_not_ok "kunit-tap: $what"
	fi
done
rm -rf "$tmp"
tap_plan
tap_exit
