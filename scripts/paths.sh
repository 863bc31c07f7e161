# Where the harness keeps what it builds, and the config fragments of each
# kernel: the one place for these paths and lists.  The scripts source it
# from the top of the checkout (. scripts/paths.sh); the Makefile reads it.
BZIMAGE=arch/x86/boot/bzImage
TEST_OBJ=build/obj/default
BASE_OBJ=build/obj/base
DEBUG_OBJ=build/obj/debug
TRACE_OBJ=build/obj/trace
TEST_KERNEL=$TEST_OBJ/$BZIMAGE
BASE_KERNEL=$BASE_OBJ/$BZIMAGE
DEBUG_KERNEL=$DEBUG_OBJ/$BZIMAGE
# Every guest boots it, with its command appended (scripts/qemu-run.sh).
GUEST_INITRD=build/initramfs.cpio.gz
# The test kernel; the base kernel has no KUnit suite of the series; the
# debug kernel is the test kernel with lockdep, KASAN, UBSAN and friends;
# make cost builds base and patched alike, -O2 and without KUnit.
TEST_FRAGS="configs/kernel.config configs/kunitconfig"
BASE_FRAGS=configs/kernel.config
DEBUG_FRAGS="$TEST_FRAGS configs/debug.config"
PERF_FRAGS="configs/kernel.config configs/perf.config"
# make trace-waker: the test kernel with the sched tracepoints.
TRACE_FRAGS="$TEST_FRAGS configs/trace.config"
