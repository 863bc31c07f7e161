#!/bin/sh
# A database under wakeup preemption on Linux 6.12 (EEVDF): guest/db-bench
# (MariaDB served to sysbench on one CPU, the server's cgroup at
# cpu.latency.nice 0 or 19, or the server under SCHED_BATCH) on the base
# and the patched kernel, booted in turn (interleaved, REPS boots each),
# then the report of scripts/report/db-report.py.  guest/db-bench measures; this
# collects.
#
# The kernels are the ones built (this builds nothing): copied first to
# $OUT, so that a build running meanwhile does not change them under a
# boot.  The guest's base initramfs has no database: mariadbd and sysbench
# (Debian's: apt-get install sysbench mariadb-server) go to the guest in
# EXTRA with the shared libraries ldd lists for them, the error messages,
# sysbench's Lua scripts and bench/nolock.c (record locks for a kernel
# without them).  One CPU under QEMU -icount (ICOUNT=0
# APPEND=maxcpus=1): guest time counts instructions, free of host noise.
#
# env: REPS (2), TOPO (default), DB_OUT (build/db-bench), DB_CONDS,
#      DB_ROUNDS, DB_TEST, DB_THREADS, DB_SECONDS, DB_WARMUP, DB_TABLES,
#      DB_ROWS (passed to guest/db-bench, which says what they do)
# out: $DB_OUT/samples.txt (every RESULT line, with kernel and rep),
#      $DB_OUT/report.md, $DB_OUT/{base,patched}-REP.out (each boot's output)
set -e
cd "$(dirname "$0")/../.."
REPS=${REPS:-2}
OUT=${DB_OUT:-build/db-bench}
LINUX=6.12
. scripts/tree/paths.sh

for b in /usr/sbin/mariadbd /usr/bin/sysbench; do
	[ -x $b ] || { echo "db-bench: no $b: apt-get install sysbench mariadb-server" >&2; exit 1; }
done
rm -rf $OUT
mkdir -p $OUT/extra/bin $OUT/extra/lib $OUT/extra/share/mysql
cp $BASE_KERNEL $OUT/bzImage-base
cp $TEST_KERNEL $OUT/bzImage-patched
cp $GUEST_INITRD $OUT/initramfs.cpio.gz

# EXTRA: the two programs, their libraries, what they read at run time.
X=$OUT/extra
for b in /usr/sbin/mariadbd /usr/bin/sysbench; do
	cp $b $X/bin/
	ldd $b | grep -o '/[^ ]*' | while read -r lib; do
		cp -L "$lib" $X/lib/
	done
done
cp -a /usr/share/mysql/english /usr/share/mysql/charsets $X/share/mysql/
cp -a /usr/share/sysbench $X/share/
# The test kernels have no file locking (CONFIG_FILE_LOCKING): the server
# runs with bench/nolock.c's fcntl() preloaded.
gcc -shared -fPIC -O2 -Wall -o $X/lib/nolock.so bench/nolock.c
echo 'CREATE DATABASE IF NOT EXISTS sbtest;' >$X/db-init.sql
cp guest/db-bench $X/

cmd=
for v in DB_CONDS DB_ROUNDS DB_TEST DB_THREADS DB_SECONDS DB_WARMUP DB_TABLES DB_ROWS; do
	eval "val=\${$v:-}"
	[ -n "$val" ] && cmd="$cmd $v='$val'"
done
cmd="$cmd sh /extra/db-bench"

: >$OUT/samples.txt
for rep in $(seq "$REPS"); do
	for k in base patched; do
		echo "db-bench: $k kernel, boot $rep of $REPS"
		VMDIR=$(cd $OUT && pwd)/vm EXTRA=$X TIMEOUT=${TIMEOUT:-3600} ICOUNT=0 APPEND=maxcpus=1 \
			sh scripts/boot/qemu-run.sh $OUT/bzImage-$k $OUT/initramfs.cpio.gz "$cmd" \
			>$OUT/$k-$rep.out || { cat $OUT/$k-$rep.out; exit 1; }
		sed -n "s/^RESULT /kernel=$k rep=$rep /p" $OUT/$k-$rep.out >>$OUT/samples.txt
		grep -h '^INFO' $OUT/$k-$rep.out | sed "s/^/$k: /"
	done
done

kver=$(sed -n 's/^INFO kernel=\([^ ]*\).*/\1/p' $OUT/patched-1.out | head -n 1)
header="Linux $kver, commit $(git describe --always --dirty), $(date -u '+%F %H:%M UTC'), TCG ICOUNT=0 APPEND=maxcpus=1, TOPO=${TOPO:-default}, REPS=$REPS"
python3 scripts/report/db-report.py $OUT/samples.txt "$header" "REPS=$REPS$cmd" "$(grep -h '^INFO kernel' $OUT/patched-1.out | head -n 1)" >$OUT/report.md
cat $OUT/report.md
