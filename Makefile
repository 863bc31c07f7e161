# latency nice for CFS on Linux 6.1: the front door.  Every workflow is a
# target; README.md says which to use when.  The Makefile's graph builds
# (kernels, kselftests, initramfs: each only when what it is built from
# changed); the scripts it calls run guests through scripts/boot/qemu-run.sh and
# pass on its status as it is; they call make only to build.

B       := build
# The kernel line: 6.1 (CFS) or 6.12 (EEVDF), each with its own series,
# tree, kernels, kselftests and initramfs (scripts/tree/paths.sh).
## LINUX=6.1     the kernel line: 6.1 (CFS, patches/) or 6.12 (EEVDF, patches-6.12/)
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
## FLAVOUR=test  debug: kunit, selftest and vm-run on the debug kernel
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
## TOPO=default  the guest's shape: default (4 CPUs), nps1, nps2, nps4 (32 CPUs)
TOPO    ?= default
## TOPOS='default nps1'  make test's topologies: the first runs the full set
TOPOS   ?= default nps1
# kselftests run in the guest: collections or collection:test.  The cgroup
# test first: the first latency nice of the boot then comes through
# cpu.latency.nice, whose path to turning sched_latency_nice_used on is
# tested that way (a sched_setattr() would have turned it on already).
# The default is the edit loop (under 3 min with make kernel): the series'
# tests, the kernel's core scheduling test, the latnice tool's test and
# check-userspace; make test adds the kernel's cgroup test_cpu (46 s).
## SELFTESTS='sched:latency_nice_cgroup_test sched latnice'  make selftest's
##                 kselftests: collections, COLLECTION:TEST or latnice
## KSFT_TIMEOUT, LATNICE_TIMING=report: to make selftest's
##                 guest (scripts/flows/selftest.sh, guest/run-selftests)
SELFTESTS ?= sched:latency_nice_cgroup_test sched latnice
## CMD, EXTRA=dir, BASE=1: make vm-run's command, the directory copied to
##                 /extra, the unpatched kernel
## MUTANTS=regex   the mutants make mutants runs (grep -E on their lines; all)
# CMD reaches the runner through the environment, unexpanded by make.
override CMD := $(value CMD)
export TOPO CMD EXTRA

.PHONY: all help deps tree patches kernelversion kernel kernel-base kernel-debug kselftests \
	initramfs kunit checkpatch selftest vm-run test test-debug soak mutants demo bench bench-host db-bench matrix trace-waker cost cost-profile results clean

all: kernel

# The targets (their "## " comments), then the knobs, each documented where
# it is read: the "## " lines here and each script's "# env:" block.
help:
	@echo 'make TARGET [KNOB=value ...]'; echo
	@sed -n 's/^\([a-z0-9-]*\):.*## \(.*\)/  \1|\2/p' Makefile | awk -F'|' '{ printf "%-16s %s\n", $$1, $$2 }'
	@echo; echo 'Knobs of the Makefile:'; sed -n 's/^## /  /p' Makefile
	@echo; echo 'Knobs of the scripts (guest/*: read in the guest, where a flow forwards them or CMD sets them):'
	@awk 'FNR == 1 { b = 0 } /^# env/ { b = 1; if (!n[FILENAME]++) print "\n" FILENAME ":"; print "  " substr($$0, 3); next } \
		b && /^#[ \t][ \t]/ { print "  " substr($$0, 3); next } { b = 0 }' scripts/*/*.sh guest/*

deps: ## install the Debian packages (idempotent)
	@sh scripts/tree/deps.sh

tree: ## Debian's linux-source into build/linux as git, base tag, git am of the series
	@sh scripts/tree/tree.sh

patches: ## export the tree (base..HEAD) to patches/, deterministically
	@sh scripts/tree/export-patches.sh

kernelversion:
	@$(MAKE) -s -C $(TREE) kernelversion

kernel: ## the test kernel (tinyconfig + configs/, -Werror, ccache)
	@sh scripts/tree/build-kernel.sh $(TREE) $(OBJ) $(FRAGS)

# The unpatched kernel, for comparisons: a worktree of the tree at 'base'.
kernel-base: ## the same kernel from the unpatched base
	@sh scripts/tree/base-tree.sh
	@sh scripts/tree/build-kernel.sh $(call path,BASE_TREE) $(BASEOBJ) $(BASEFRAGS)

# The test kernel with lockdep, KASAN, UBSAN and friends.
kernel-debug: ## the test kernel with lockdep, KASAN, UBSAN and friends
	@sh scripts/tree/build-kernel.sh $(TREE) $(DEBUGOBJ) $(DEBUGFRAGS)

# What the kselftests are built from (the uapi headers included): the tree's
# tracked files there, not what the build leaves beside them (a test binary
# listed here would be rebuilt by make's own rules), and what else goes into
# the initramfs.
KSFT_SRCS := $(addprefix $(TREE)/,$(shell git -C $(TREE) ls-files \
	tools/testing/selftests/sched tools/testing/selftests/cgroup \
	tools/include/uapi include/uapi arch/x86/include/uapi \
	tools/testing/selftests/kselftest.h tools/testing/selftests/lib.mk 2>/dev/null))
GUEST_FILES := $(wildcard guest/*) bench/readback.c bench/waker.c bench/sleeper.c bench/transitions.c \
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

kunit: $(KTARGET) $(INITRD) ## boot the test kernel; its KUnit suites run at boot
	@sh scripts/flows/kunit.sh $(TREE) $(KERNEL) $(INITRD)

checkpatch: ## checkpatch.pl --strict on every patch, the tools uapi copy
	@sh scripts/tree/checkpatch.sh

# Boot the test kernel on $(TOPO) and run the kselftests (SELFTESTS= picks
# collections or collection:test; KSFT_TIMEOUT and LATNICE_TIMING are
# passed to the guest, see scripts/flows/selftest.sh).
# (Passed to this recipe only: an export would reach make test-debug's own
# default set too.)
selftest: $(KTARGET) $(INITRD) ## boot it on TOPO and run SELFTESTS (the edit loop, ~3 min)
	@SELFTESTS="$(SELFTESTS)" KSFT_TIMEOUT="$(KSFT_TIMEOUT)" \
		LATNICE_TIMING="$(LATNICE_TIMING)" sh scripts/flows/selftest.sh $(KERNEL)

vm-run: $(INITRD) ## boot, run CMD in the guest, return its output and status
	@[ -n "$$CMD" ] || { echo "usage: make vm-run CMD='...' [EXTRA=dir] [TOPO=...] [BASE=1]"; exit 2; }
	@sh scripts/boot/qemu-run.sh $(if $(BASE),$(BASEKERNEL),$(KERNEL)) $(INITRD) "$$CMD"

test: ## everything CI runs; ends with "N passed, N failed, N skipped"
	@sh scripts/flows/test.sh $(TOPOS)

# KUnit and the kselftests on the debug kernel (default topology).
test-debug: ## KUnit, kselftests and a fuzz run on the debug kernel
	@sh scripts/flows/test-debug.sh

# Long stress and fuzzing on the debug kernel, not in CI: guest/check-fuzz
# for SOAK_SECONDS (70 min) on nps1 unless TOPO= is given; build/soak/.
soak: ## long stress and fuzzing on the debug kernel (70 min, not CI)
	@$(MAKE) -s deps tree kernel-debug initramfs
	@TOPO=$(if $(filter file,$(origin TOPO)),nps1,$(TOPO)) sh scripts/flows/soak.sh

# Each rule of the series broken in turn: its test must fail.
mutants: $(INITRD) ## break each rule of the series in turn: its test must fail
	@sh scripts/flows/mutants.sh

# A Zen3 shape unless TOPO= is given (TOPO's own default is the small machine).
demo: ## latency nice at work: base and patched kernel, measured now
	@$(MAKE) -s deps tree kernel kernel-base initramfs
	@TOPO=$(if $(filter file,$(origin TOPO)),nps1,$(TOPO)) sh scripts/flows/demo.sh

bench: ## the published tables, base vs patched, on every topology
	@sh scripts/flows/bench.sh

# The testers' matrix on this machine's own kernel, no VM: real time, the
# load and cyclictest on one CPU by taskset, through latnice (sched_runtime
# slices on a stock kernel), about two minutes a pass (REPS, 1):
# build/bench-host/report.md.
bench-host: $(LATNICE_HOST)/latnice ## the testers' matrix on this machine's kernel, no VM
	@BENCH_ONLY=matrix REPS=$${REPS:-1} MATRIX_ROUNDS=$${MATRIX_ROUNDS:-3} \
		MATRIX_SECONDS=$${MATRIX_SECONDS:-3} MATRIX_HB_REPS=$${MATRIX_HB_REPS:-3} \
		sh scripts/flows/bench-host.sh build/bench-host

# A database (MariaDB under sysbench) on one CPU of 6.12, base and patched,
# its server's cgroup at cpu.latency.nice 0 or 19 or under SCHED_BATCH:
# build/db-bench/report.md.  6.12 only; builds nothing.
db-bench: ## MariaDB under sysbench on one CPU of 6.12, base vs patched
	@sh scripts/tree/deps.sh sysbench mariadb-server
	@sh scripts/flows/db-bench.sh

# The testers' matrix of DESIGN.md section 3 on one CPU, base vs patched,
# with each bullet of "What it must show" held or not: build/matrix/report.md.
matrix: ## the testers' matrix (DESIGN 3) on one CPU, base vs patched
	@sh scripts/flows/matrix.sh

# Why a waker at -20 still waits under a settled load: one traced run on
# the test kernel with the sched tracepoints, build/trace-waker/report.md.
trace-waker: $(INITRD) ## why a waker at -20 still waits: one traced run
	@sh scripts/flows/trace-waker.sh

# Instructions per pingpong round trip and hackbench run, base vs patched
# with the same config, on one CPU under QEMU -icount: build/cost/report.md.
cost: ## instructions per round trip and hackbench run, base vs patched
	@sh scripts/flows/cost.sh

# Where the instructions of a pingpong round trip go, per kernel function,
# for the kernels make cost built: build/cost-profile/report.md.
cost-profile: ## where a round trip's instructions go, per kernel function
	@sh scripts/flows/cost-profile.sh

# Every run's report under build/ into RESULTS.md, with its date, commit
# and command, in place of the older run of its kind.
results: ## every run's report under build/ into RESULTS.md, one of each kind
	@sh scripts/report/results.sh

clean: ## remove the objects, kselftests, guests and initramfs
	rm -rf $(B)/obj $(B)/kselftest $(KSFT_STAMP) $(B)/vm $(INITRD)
