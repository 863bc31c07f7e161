#!/bin/sh
# make trace-waker: why a waker at -20 still waits under a settled load.
# Builds the test kernel with the sched tracepoints (TRACE_FRAGS), runs
# guest/trace-waker on one CPU under -icount, and has
# scripts/report/trace-report.py say, for each wake-up that waited over 500 us,
# how many switches went before it and how far ahead of the waker, in
# vruntime, the tasks that ran were: build/trace-waker/report.md.
# env: TRACE_LOAD, TRACE_WAKER, TRACE_GROUPS, TRACE_WAKEUPS, TRACE_WORK (guest/trace-waker)
set -e
cd "$(dirname "$0")/../.."
. scripts/tree/paths.sh
OUT=build/trace-waker
mkdir -p $OUT
sh scripts/tree/build-kernel.sh build/linux $TRACE_OBJ $TRACE_FRAGS
cmd=
for v in TRACE_LOAD TRACE_WAKER TRACE_GROUPS TRACE_WAKEUPS TRACE_WORK; do
	eval "val=\${$v:-}"
	[ -n "$val" ] && cmd="$cmd $v=$val"
done
ICOUNT=0 APPEND=maxcpus=1 TIMEOUT=900 VMDIR=$PWD/build/vm/trace-waker \
	sh scripts/boot/qemu-run.sh $TRACE_OBJ/$BZIMAGE $GUEST_INITRD "$cmd trace-waker" >$OUT/guest.out
sed -n '/^TRACE_B64_START/,/^TRACE_B64_END/p' $OUT/guest.out | sed '1d;$d' | tr -d '\r\n' |
	base64 -d | gunzip >$OUT/trace.txt
python3 scripts/report/trace-report.py $OUT/trace.txt "$(grep '^RESULT' $OUT/guest.out)" \
	"commit $(git describe --always --dirty), $(date -u '+%F %H:%M'),$cmd" >$OUT/report.md
cat $OUT/report.md
