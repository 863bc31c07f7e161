# Where the harness keeps what it builds, and the config fragments of each
# kernel: the one place for these paths and lists.  The scripts source it
# from the top of the checkout (. scripts/tree/paths.sh); the Makefile reads it.
# LINUX picks the kernel line: 6.1 (CFS, the default) or 6.12 (EEVDF), each
# with its series, tree, objects, kselftests and initramfs.
LINUX=${LINUX:-6.1}
case $LINUX in
6.1)	TREE=build/linux PATCHES=patches OBJS=build/obj KSFT=build/kselftest
	GUEST_INITRD=build/initramfs.cpio.gz LINE_FRAGS=configs/linux-6.1.config ;;
6.12)	TREE=build/linux-6.12 PATCHES=patches-6.12 OBJS=build/obj-6.12
	KSFT=build/kselftest-6.12 GUEST_INITRD=build/initramfs-6.12.cpio.gz LINE_FRAGS= ;;
*)	echo "LINUX=$LINUX: 6.1 or 6.12" >&2
	exit 2 ;;
esac
# Debian's linux-source-$LINUX: the base tree.
TARBALL=${TARBALL:-/usr/src/linux-source-$LINUX.tar.xz}
BASE_TREE=$TREE-base
BZIMAGE=arch/x86/boot/bzImage
TEST_OBJ=$OBJS/default
BASE_OBJ=$OBJS/base
DEBUG_OBJ=$OBJS/debug
TRACE_OBJ=$OBJS/trace
TEST_KERNEL=$TEST_OBJ/$BZIMAGE
BASE_KERNEL=$BASE_OBJ/$BZIMAGE
DEBUG_KERNEL=$DEBUG_OBJ/$BZIMAGE
# The test kernel; the base kernel has no KUnit suite of the series; the
# debug kernel is the test kernel with lockdep, KASAN, UBSAN and friends;
# make cost builds base and patched alike, -O2 and without KUnit.
TEST_FRAGS="configs/kernel.config $LINE_FRAGS configs/kunitconfig"
BASE_FRAGS="configs/kernel.config $LINE_FRAGS"
DEBUG_FRAGS="$TEST_FRAGS configs/debug.config"
PERF_FRAGS="configs/kernel.config $LINE_FRAGS configs/perf.config"
# make trace-waker: the test kernel with the sched tracepoints.
TRACE_FRAGS="$TEST_FRAGS configs/trace.config"
# The latnice tool built for this machine (make bench-host, make test's host
# step); the guests' is in $KSFT/latnice.
LATNICE_HOST=build/latnice
# Debian's python3, which has python3-matplotlib (make deps), for the
# reports and their plots; another python3 earlier on PATH may not.
PY=/usr/bin/python3
[ -x $PY ] || PY=python3
