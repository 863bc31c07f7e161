# latency nice for CFS on Linux 6.1: the front door.  Every workflow is a
# target; README.md says which to use when.  The Makefile's graph builds
# (kernels, kselftests, initramfs: each only when what it is built from
# changed); the scripts it calls run guests through scripts/boot/qemu-run.sh and
# pass on its status as it is; they call make only to build.

B       := build
# The kernel line: 6.1 (CFS) or 6.12 (EEVDF), each with its own series,
# tree, kernels, kselftests and initramfs (scripts/tree/paths.sh).
LINUX   ?= 6.1
export LINUX
# The paths and fragment lists of scripts/tree/paths.sh.
path = $(shell LINUX=$(LINUX) && . ./scripts/tree/paths.sh && echo "$$$(1)")
TREE    := $(call path,TREE)
OBJ     := $(call path,TEST_OBJ)
BASEOBJ := $(call path,BASE_OBJ)
BASEKERNEL := $(call path,BASE_KERNEL)
DEBUGOBJ := $(call path,DEBUG_OBJ)
DEBUGKERNEL := $(call path,DEBUG_KERNEL)
# FLAVOUR=debug runs kunit, selftest and vm-run on the debug kernel.
FLAVOUR ?= test
ifeq ($(FLAVOUR),debug)
KERNEL  := $(DEBUGKERNEL)
KTARGET := kernel-debug
else
KERNEL  := $(call path,TEST_KERNEL)
KTARGET := kernel
endif
KSFT    := $(call path,KSFT)
INITRD  := $(call path,GUEST_INITRD)
FRAGS   := $(call path,TEST_FRAGS)
BASEFRAGS := $(call path,BASE_FRAGS)
DEBUGFRAGS := $(call path,DEBUG_FRAGS)
TOPO    ?= default
TOPOS   ?= default nps1
# kselftests run in the guest: collections or collection:test.  The cgroup
# test first: the first latency nice of the boot then comes through
# cpu.latency.nice, whose path to turning sched_latency_nice_used on is
# tested that way (a sched_setattr() would have turned it on already).
# The default is the edit loop (under 3 min with make kernel): the series'
# tests, the kernel's core scheduling test, the latnice tool's test and
# check-userspace; make test adds the kernel's cgroup test_cpu (46 s) and a
# longer stress run (STRESS_SECONDS, seconds of latency_nice_stress_test:
# 15 unless given).
SELFTESTS ?= sched:latency_nice_cgroup_test sched latnice
# CMD reaches the runner through the environment, unexpanded by make.
override CMD := $(value CMD)
export TOPO CMD EXTRA

.PHONY: all deps tree patches kernelversion kernel kernel-base kernel-debug kselftests \
	initramfs kunit checkpatch selftest vm-run test test-debug soak mutants demo bench bench-host db-bench matrix trace-waker cost cost-profile results clean

all: kernel

deps:
	@sh scripts/tree/deps.sh

tree:
	@sh scripts/tree/tree.sh

patches:
	@sh scripts/tree/export-patches.sh

kernelversion:
	@$(MAKE) -s -C $(TREE) kernelversion

kernel:
	@sh scripts/tree/build-kernel.sh $(TREE) $(OBJ) $(FRAGS)

# The unpatched kernel, for comparisons: a worktree of the tree at 'base'.
kernel-base:
	@sh scripts/tree/base-tree.sh
	@sh scripts/tree/build-kernel.sh $(call path,BASE_TREE) $(BASEOBJ) $(BASEFRAGS)

# The test kernel with lockdep, KASAN, UBSAN and friends.
kernel-debug:
	@sh scripts/tree/build-kernel.sh $(TREE) $(DEBUGOBJ) $(DEBUGFRAGS)

# What the kselftests are built from (the uapi headers included): the tree's
# tracked files there, not what the build leaves beside them (a test binary
# listed here would be rebuilt by make's own rules), and what else goes into
# the initramfs.
KSFT_SRCS := $(addprefix $(TREE)/,$(shell git -C $(TREE) ls-files \
	tools/testing/selftests/sched tools/testing/selftests/cgroup \
	tools/include/uapi include/uapi arch/x86/include/uapi \
	tools/testing/selftests/kselftest.h tools/testing/selftests/lib.mk 2>/dev/null))
GUEST_FILES := $(wildcard guest/*) bench/readback.c bench/waker.c bench/transitions.c \
	bench/sched_attr.h examples/oci-config.json scripts/tree/initramfs.sh scripts/boot/qemu-run.sh
KSFT_STAMP := $(KSFT).stamp
# The latnice tool (latnice/, user space, no kernel tree) and its test: in
# the guests' /kselftest/latnice, and for this machine in LATNICE_HOST.
LATNICE_SRCS := $(wildcard latnice/*.c latnice/Makefile latnice/test.sh latnice/expected/*) \
	scripts/tree/build-latnice.sh
LATNICE_HOST := $(call path,LATNICE_HOST)

kselftests: $(KSFT_STAMP)
$(KSFT_STAMP): $(KSFT_SRCS) scripts/tree/build-kselftests.sh
	@sh scripts/tree/build-kselftests.sh $(TREE) $(OBJ) $(KSFT)
	@touch $@

$(KSFT)/latnice/latnice: $(KSFT_STAMP) $(LATNICE_SRCS)
	@sh scripts/tree/build-latnice.sh $(KSFT)/latnice

$(LATNICE_HOST)/latnice: $(LATNICE_SRCS)
	@sh scripts/tree/build-latnice.sh $(LATNICE_HOST)

initramfs: $(INITRD)
$(INITRD): $(KSFT_STAMP) $(KSFT)/latnice/latnice $(GUEST_FILES)
	@sh scripts/tree/initramfs.sh $(INITRD) $(KSFT)

kunit: $(KTARGET) $(INITRD)
	@sh scripts/flows/kunit.sh $(TREE) $(KERNEL) $(INITRD)

checkpatch:
	@sh scripts/tree/checkpatch.sh

# Boot the test kernel on $(TOPO) and run the kselftests (SELFTESTS= picks
# collections or collection:test; KSFT_TIMEOUT, LATNICE_TIMING and
# STRESS_SECONDS are passed to the guest, see scripts/flows/selftest.sh).
# (Passed to this recipe only: an export would reach make test-debug's own
# default set too.)
selftest: $(KTARGET) $(INITRD)
	@SELFTESTS="$(SELFTESTS)" STRESS_SECONDS="$(STRESS_SECONDS)" KSFT_TIMEOUT="$(KSFT_TIMEOUT)" \
		LATNICE_TIMING="$(LATNICE_TIMING)" sh scripts/flows/selftest.sh $(KERNEL)

vm-run: $(INITRD)
	@[ -n "$$CMD" ] || { echo "usage: make vm-run CMD='...' [EXTRA=dir] [TOPO=...] [BASE=1]"; exit 2; }
	@sh scripts/boot/qemu-run.sh $(if $(BASE),$(BASEKERNEL),$(KERNEL)) $(INITRD) "$$CMD"

test:
	@sh scripts/flows/test.sh $(TOPOS)

# KUnit and the kselftests on the debug kernel (default topology).
test-debug:
	@sh scripts/flows/test-debug.sh

# Long stress and fuzzing on the debug kernel, not in CI: guest/check-fuzz
# for SOAK_SECONDS (70 min) on nps1 unless TOPO= is given; build/soak/.
soak:
	@$(MAKE) -s deps tree kernel-debug initramfs
	@TOPO=$(if $(filter file,$(origin TOPO)),nps1,$(TOPO)) sh scripts/flows/soak.sh

# Each rule of the series broken in turn: its test must fail.
mutants: $(INITRD)
	@sh scripts/flows/mutants.sh

# A Zen3 shape unless TOPO= is given (TOPO's own default is the small machine).
demo:
	@$(MAKE) -s deps tree kernel kernel-base initramfs
	@TOPO=$(if $(filter file,$(origin TOPO)),nps1,$(TOPO)) sh scripts/flows/demo.sh

bench:
	@sh scripts/flows/bench.sh

# The testers' matrix on this machine's own kernel, no VM: real time, the
# load and cyclictest on one CPU by taskset, through latnice (sched_runtime
# slices on a stock kernel), about two minutes a pass (REPS, 1):
# build/bench-host/report.md.
bench-host: $(LATNICE_HOST)/latnice
	@BENCH_ONLY=matrix REPS=$${REPS:-1} MATRIX_ROUNDS=$${MATRIX_ROUNDS:-3} \
		MATRIX_SECONDS=$${MATRIX_SECONDS:-3} MATRIX_HB_REPS=$${MATRIX_HB_REPS:-3} \
		sh scripts/flows/bench-host.sh build/bench-host

# A database (MariaDB under sysbench) on one CPU of 6.12, base and patched,
# its server's cgroup at cpu.latency.nice 0 or 19 or under SCHED_BATCH:
# build/db-bench/report.md.  6.12 only; builds nothing.
db-bench:
	@sh scripts/tree/deps.sh sysbench mariadb-server
	@sh scripts/flows/db-bench.sh

# The testers' matrix of DESIGN.md section 3 on one CPU, base vs patched,
# with each bullet of "What it must show" held or not: build/matrix/report.md.
matrix:
	@sh scripts/flows/matrix.sh

# Why a waker at -20 still waits under a settled load: one traced run on
# the test kernel with the sched tracepoints, build/trace-waker/report.md.
trace-waker: $(INITRD)
	@sh scripts/flows/trace-waker.sh

# Instructions per pingpong round trip and hackbench run, base vs patched
# with the same config, on one CPU under QEMU -icount: build/cost/report.md.
cost:
	@sh scripts/flows/cost.sh

# Where the instructions of a pingpong round trip go, per kernel function,
# for the kernels make cost built: build/cost-profile/report.md.
cost-profile:
	@sh scripts/flows/cost-profile.sh

# Every run's report under build/ into RESULTS.md, with its date, commit
# and command (each once).
results:
	@sh scripts/report/results.sh

clean:
	rm -rf $(B)/obj $(B)/kselftest $(KSFT_STAMP) $(B)/vm $(INITRD)
