#!/bin/sh
# Run the KUnit suites: they are built into the test kernel (configs/kunitconfig
# is one of its fragments) and run once at boot, so boot it in QEMU and let
# kunit.py parse the KTAP they print.  Prints the KTAP, then kunit.py's
# summary; exits non-zero if a case failed or none ran.
# usage: kunit.sh SRC KERNEL INITRD
TOP=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$1 KERNEL=$2 INITRD=$3

export VMDIR="$TOP/build/vm/kunit"
KUNIT=1 TOPO=default sh "$TOP/scripts/boot/qemu-run.sh" "$KERNEL" "$INITRD" true >/dev/null || exit 1
LOG=$VMDIR/console.log
python3 "$SRC/tools/testing/kunit/kunit.py" parse --raw_output=kunit "$LOG" |
	grep -E '^ *(KTAP version|[0-9]+\.\.[0-9]+|(not )?ok [0-9]|# |    )'
python3 "$SRC/tools/testing/kunit/kunit.py" parse "$LOG" >"$TOP/build/kunit.summary" 2>&1
rc=$?
tail -n 3 "$TOP/build/kunit.summary" >&2
grep -q '^ *ok [0-9]' "$LOG" || { echo "kunit: no KUnit result in the boot log" >&2; exit 1; }
exit $rc
