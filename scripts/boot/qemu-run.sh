#!/bin/sh
# The one QEMU runner: boot KERNEL with the base INITRD plus a small archive
# holding CMD (and EXTRA copied to /extra), print the command's output as it
# runs, and exit with the command's exit status.  A hung guest (timeout), a
# kernel panic/oops/WARN/BUG/lockdep/KASAN/UBSAN report or a missing result is
# a failure with a message saying which: exit 124 for a hang, 125 otherwise.
#
# usage: qemu-run.sh KERNEL INITRD CMD
#        qemu-run.sh --accel: print the accelerator it would use (kvm, tcg)
# env:   TOPO (scripts/boot/topology.sh), EXTRA=dir, TIMEOUT=seconds (600),
#        APPEND=extra kernel command line, VMDIR=where the logs go
#        (console.log, output.log; default a new build/vm/run.*),
#        ICOUNT=N: guest time counts instructions, 2^N ns each, and skips
#        idle time (QEMU -icount shift=N,sleep=off): timings in the guest
#        then measure instructions executed, free of host noise (QEMU 7.2
#        hangs bringing up a second CPU under -icount: use maxcpus=1);
#        TCG_THREAD=single|multi: TCG's threads (single: every vCPU in
#        turn on one host thread; multi: a host thread per vCPU); default
#        single up to 64 vCPUs, multi above (single under ICOUNT),
#        PLUGIN=lib.so,args: a TCG plugin (QEMU -plugin),
#        ACCEL=kvm|tcg: KVM (-cpu host) where a kernel boots with it and neither
#        ICOUNT nor PLUGIN is set, TCG otherwise; the guest sees it as
#        $QEMU_ACCEL;
#        BOOT_STALL=seconds (300): a boot whose console stays silent that
#        long before "Run /init" is a hang, stopped then, not at TIMEOUT,
#        and booted again once, saying so; a second hang fails (the debug
#        kernel stops now and then after "Running RCU-tasks wait API self
#        tests", before any test starts: 2 of its 3 boots in make test on
#        12-07 under host load, on the series' kernel as on its scheduler
#        files of that dawn);
#        KUNIT=1: run the KUnit suites built into the kernel at boot
#        (kunit.sh, make mutants); other boots pass kunit.enable=0, so
#        that no test runs on a scheduler the suites have just exercised
#        (they toggle the latency nice static key and set tunables)
set -e

TOP=$(cd "$(dirname "$0")/../.." && pwd)
KERNEL=$1 INITRD=$2 CMD=$3
TOPO=${TOPO:-default}
TIMEOUT=${TIMEOUT:-600}

# KVM works if a kernel boots with it: a kernel that prints its banner
# within 20 s.  Where /dev/kvm opens and QEMU starts with it but a guest
# never gets past its first instructions in long mode (seen on a machine
# with nested virtualisation: a real-mode boot sector ran, the kernel
# printed nothing in 600 s), that is TCG.  The kernel: the one to boot, or
# for --accel the test kernel; none built: TCG.  The answer is kept in
# build/vm/kvm-probe for as long as the host stays up (its boot_id).
kvm_works() {
	[ -c /dev/kvm ] || return 1
	probe=$TOP/build/vm/kvm-probe
	boot=$(cat /proc/sys/kernel/random/boot_id)
	if [ "$(sed -n 1p "$probe" 2>/dev/null)" != "$boot" ]; then
		k=$KERNEL
		[ "$k" = --accel ] && k=$TOP/$(. "$TOP/scripts/tree/paths.sh" && echo "$TEST_KERNEL")
		[ -f "$k" ] || return 1
		mkdir -p "$TOP/build/vm"
		log=$(mktemp "$TOP/build/vm/kvm-probe.XXXXXX")
		timeout -k 5 20 qemu-system-x86_64 -machine q35 -accel kvm -cpu host -m 256 \
			-no-reboot -nodefaults -display none -kernel "$k" \
			-append "console=ttyS0 panic=-1 kunit.enable=0" -serial file:"$log" \
			>/dev/null 2>&1 || true
		works=no
		grep -q 'Linux version' "$log" && works=yes
		printf '%s\n%s\n' "$boot" "$works" >"$log"
		mv -f "$log" "$probe"
	fi
	[ "$(sed -n 2p "$probe")" = yes ]
}
if [ -z "$ACCEL" ]; then
	ACCEL=tcg
	[ -z "$ICOUNT$PLUGIN" ] && kvm_works && ACCEL=kvm
fi
case $ACCEL in
kvm)
	[ -z "$ICOUNT$PLUGIN" ] || { echo "qemu-run: ICOUNT and PLUGIN need ACCEL=tcg" >&2; exit 125; }
	kvm_works || { echo "qemu-run: ACCEL=kvm, but KVM does not work here" >&2; exit 125; }
	;;
tcg) ;;
*) echo "qemu-run: unknown ACCEL '$ACCEL' (kvm, tcg)" >&2; exit 125 ;;
esac
[ "$KERNEL" = --accel ] && { echo "$ACCEL"; exit 0; }

[ -f "$KERNEL" ] || { echo "qemu-run: no kernel at $KERNEL: run 'make kernel'" >&2; exit 125; }
[ -f "$INITRD" ] || { echo "qemu-run: no initramfs at $INITRD" >&2; exit 125; }
machine=$(sh "$TOP/scripts/boot/topology.sh" "$TOPO")
topoenv=$(sh "$TOP/scripts/boot/topology.sh" -e "$TOPO")

mkdir -p "$TOP/build/vm"
if [ -n "$VMDIR" ]; then
	RUN=$VMDIR
	rm -rf "$RUN"
	mkdir -p "$RUN"
else
	RUN=$(mktemp -d "$TOP/build/vm/run.XXXXXX")
fi
ln -sfn "$RUN" "$TOP/build/vm/last"
mkdir -p "$RUN/root/extra"
[ -n "$EXTRA" ] && cp -a "$EXTRA"/. "$RUN/root/extra/"
{
	echo "export $topoenv QEMU_ACCEL=$ACCEL"
	echo "cd /extra"
	printf '%s\n' "$CMD"
} >"$RUN/root/cmd"
(cd "$RUN/root" && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$RUN/extra.cpio.gz"
cat "$INITRD" "$RUN/extra.cpio.gz" >"$RUN/initrd"
: >"$RUN/output.log"
: >"$RUN/console.log"

ncpu=$(echo "$topoenv" | sed -n 's/.*TOPO_CPUS=\([0-9]*\).*/\1/p')
threads=single
[ "$ncpu" -gt 64 ] && [ -z "$ICOUNT" ] && threads=multi
threads=${TCG_THREAD:-$threads}
accel="-accel tcg,thread=$threads -cpu max,vendor=GenuineIntel"
[ "$ACCEL" = kvm ] && accel="-accel kvm -cpu host"
icount=
[ -n "$ICOUNT" ] && icount="-icount shift=$ICOUNT,sleep=off"
[ -n "$PLUGIN" ] && icount="$icount -plugin $PLUGIN"
kunit=kunit.enable=0
[ "$KUNIT" = 1 ] && kunit=

# shellcheck disable=SC2086
timeout -k 10 "$TIMEOUT" qemu-system-x86_64 \
	-machine q35 $accel $machine $icount -no-reboot -display none -monitor none -nodefaults \
	-kernel "$KERNEL" -initrd "$RUN/initrd" \
	-append "console=ttyS0 panic=-1 oops=panic tsc=reliable rdinit=/init $kunit $APPEND" \
	-chardev file,id=con,path="$RUN/console.log" -serial chardev:con \
	-chardev file,id=out,path="$RUN/output.log" -serial chardev:out &
qpid=$!
stall=${BOOT_STALL:-300}
(
	last=-1 still=0
	while kill -0 $qpid 2>/dev/null; do
		grep -q 'Run /init as init process' "$RUN/console.log" && exit 0
		size=$(wc -c <"$RUN/console.log")
		if [ "$size" = "$last" ]; then
			still=$((still + 5))
		else
			still=0 last=$size
		fi
		if [ $still -ge "$stall" ]; then
			: >"$RUN/stalled"
			kill $qpid
			exit 0
		fi
		sleep 5
	done
) &
tail -n +1 -s 0.2 -f --pid=$qpid "$RUN/output.log" | grep -v '^latnice-exit: ' || true
qrc=0
wait $qpid || qrc=$?
# The logs stay; the guest's initramfs (tens of MB a boot) does not.
rm -f "$RUN/initrd" "$RUN/extra.cpio.gz"

splat='Kernel panic|Oops|WARNING:|BUG:|KASAN:|UBSAN:|general protection fault'
splat="$splat|possible (recursive|circular) locking|inconsistent lock state"
splat="$splat|suspicious RCU usage|INFO: (task .* blocked|rcu_.* stall)|Call Trace:"
if [ -e "$RUN/stalled" ]; then
	if [ -z "$BOOT_RETRIED" ]; then
		cp "$RUN/console.log" "$TOP/build/vm/stalled-console.log"
		echo "qemu-run: the boot stopped before init, console silent for ${stall}s after '$(tr -d '\r' <"$RUN/console.log" | grep . | tail -n 1)' (log: build/vm/stalled-console.log); booting again, once" >&2
		BOOT_RETRIED=1 exec sh "$0" "$KERNEL" "$INITRD" "$CMD"
	fi
	echo "qemu-run: FAIL: guest hung: its boot stopped before init twice, console silent for ${stall}s (log: $RUN/console.log)" >&2
	tail -n 20 "$RUN/console.log" >&2
	exit 124
fi
if [ $qrc -eq 124 ] || [ $qrc -eq 137 ]; then
	echo "qemu-run: FAIL: guest hung: no result after ${TIMEOUT}s (log: $RUN/console.log)" >&2
	tail -n 20 "$RUN/console.log" >&2
	exit 124
fi
if grep -Eq "$splat" "$RUN/console.log"; then
	first=$(grep -Em 1 "$splat" "$RUN/console.log" | tr -d '\r' | sed 's/^\[[ 0-9.]*\] //')
	echo "qemu-run: FAIL: the kernel reported a problem: $first (log: $RUN/console.log):" >&2
	grep -E -A 12 "$splat" "$RUN/console.log" | head -n 60 >&2
	exit 125
fi
rc=$(sed -n 's/^latnice-exit: \([0-9]*\).*/\1/p' "$RUN/output.log" | tail -n 1)
if [ -z "$rc" ]; then
	echo "qemu-run: FAIL: the guest gave no result (qemu exit $qrc; log: $RUN/console.log)" >&2
	tail -n 20 "$RUN/console.log" >&2
	exit 125
fi
exit "$rc"
