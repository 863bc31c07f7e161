#!/bin/sh
# The harness's own tests: make vm-run passes a command's output and exit
# status through, and fails with the right message on a failing command, a
# kernel panic and a hung guest.  TAP out.
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 1
n=0 rc=0
# make exits 2 whenever a recipe fails; the runner's own status shows in
# make's "Error N" line.
check() {	# description, expected exit, expected text, command
	n=$((n + 1))
	out=$(TIMEOUT=${T:-120} make -s vm-run CMD="$4" 2>&1)
	got=$?
	[ $got -eq 2 ] && got=$(echo "$out" | sed -n "s/^make\(\[[0-9]*\]\)\{0,1\}: \*\*\* .*vm-run\] Error \([0-9]*\)$/\2/p")
	if [ "$got" = "$2" ] && echo "$out" | grep -q "$3"; then
		echo "ok $n vm-run: $1"
	else
		echo "$out" | tail -n 15 | sed 's/^/# /'
		echo "not ok $n vm-run: $1 (exit $got, expected $2 and '$3')"
		rc=1
	fi
}
echo "TAP version 13"
echo "1..4"
check "output and exit 0 come back" 0 "hello from $(uname -m)" "echo hello from \$(uname -m)"
check "a failing command's exit status comes back" 3 "about to fail" "echo about to fail; exit 3"
check "a kernel panic is a failure" 125 "kernel reported a problem" "echo c >/proc/sysrq-trigger"
T=25 check "a hung guest is a failure" 124 "guest hung" "sleep 1000"
exit $rc
