#!/bin/sh
# make cost-profile: where the instructions of a pingpong round trip go, per
# kernel function, base vs patched (and the fix alone, when
# build/obj/cost-fix has been built).  Boots each kernel of make cost twice
# on one CPU under -icount with bench/tb-count.c, a TCG plugin that counts
# the instructions of every translation block, once with PROFILE_SHORT and
# once with PROFILE_LONG round trips; the difference of the two, divided by
# the difference of the round trips, is what one round trip costs in each
# function, boot and exit cancelled out.  nokaslr, so that the blocks'
# addresses are those of vmlinux's symbols.
#
# env: PROFILE_SHORT (20000), PROFILE_LONG (60000), PROFILE_TOP (25 rows),
#      PROFILE_KEEP="base fix": reuse those kernels' counts from the last run,
#      PROFILE_KEY_ON=1: a latency nice is set once before the round trips
#      (latnice -n 19 true), so that the patched kernel runs them with
#      sched_latency_nice_used on, every task at 0 (default: never set)
# out: build/cost-profile/report.md (build/cost-profile-key-on/ with
#      PROFILE_KEY_ON=1)
set -e
cd "$(dirname "$0")/../.."
. scripts/tree/paths.sh
OUT=build/cost-profile
before=
if [ -n "$PROFILE_KEY_ON" ]; then
	OUT=build/cost-profile-key-on
	before="latnice -n 19 true; "
fi
SHORT=${PROFILE_SHORT:-20000}
LONG=${PROFILE_LONG:-60000}

mkdir -p $OUT/extra
gcc -static -O2 -Wall -o $OUT/extra/pingpong bench/pingpong.c
gcc -shared -fPIC -O2 -Wall -o $OUT/tb-count.so bench/tb-count.c

kernels="base patched"
[ -f build/obj/cost-fix/vmlinux ] && kernels="base fix patched"
for k in $kernels; do
	case " $PROFILE_KEEP " in *" $k "*) continue ;; esac
	for n in $SHORT $LONG; do
		echo "cost-profile: $k, $n round trips"
		ICOUNT=0 APPEND="maxcpus=1 nokaslr" EXTRA=$OUT/extra \
			PLUGIN=$PWD/$OUT/tb-count.so,out=$PWD/$OUT/$k-$n.blocks \
			VMDIR=$PWD/build/vm/cost-profile TIMEOUT=1200 \
			sh scripts/boot/qemu-run.sh build/obj/cost-$k/$BZIMAGE \
			$GUEST_INITRD "${before}taskset -c 0 /extra/pingpong $n" \
			>$OUT/$k-$n.out
		[ -s $OUT/$k-$n.blocks ] || { echo "cost-profile: no blocks from $k" >&2; exit 1; }
	done
done
# shellcheck disable=SC2086
python3 scripts/report/cost-profile.py "$SHORT" "$LONG" "${PROFILE_TOP:-25}" $OUT $kernels \
	>$OUT/report.md
cat $OUT/report.md
