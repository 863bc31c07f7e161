#!/bin/sh
# Build the kselftests the guest runs (static) and install them in OUT.
# usage: build-kselftests.sh SRC KOBJ OUT   (KOBJ: configured kernel build dir)
# env: KSFT_TARGETS ("sched cgroup": the collections built)
set -e

SRC=$1 KOBJ=$2 OUT=$3
TARGETS=${KSFT_TARGETS:-sched cgroup}
mkdir -p "$KOBJ" "$OUT"
KOBJ=$(cd "$KOBJ" && pwd) OUT=$(cd "$OUT" && pwd)

make -s -C "$SRC" O="$KOBJ" headers >/dev/null
export CCACHE_BASEDIR=$(cd "$SRC/.." && pwd)
# Built in the source tree (the binaries are in the selftests' .gitignore):
# selftests/sched installs cs_prctl_test from there whatever O= says.
make -s -C "$SRC/tools/testing/selftests" \
	KHDR_INCLUDES="-isystem $KOBJ/usr/include" CC="ccache gcc" \
	LDFLAGS=-static TARGETS="$TARGETS" KSFT_INSTALL_PATH="$OUT" \
	install >"$KOBJ/kselftest.log" 2>&1 || {
	tail -n 40 "$KOBJ/kselftest.log" >&2
	echo "build-kselftests: failed (log: $KOBJ/kselftest.log)" >&2
	exit 1
}
# Under TCG a test runs several times slower than on hardware: give each
# collection 5 minutes a test (kselftest's default is 45 s) unless it asks
# for more.
for d in "$OUT"/*/; do
	[ -f "$d/settings" ] || echo "timeout=300" >"$d/settings"
done
# The install goes on past a failing target: check that every test is there.
missing=$(sed 's|:|/|' "$OUT/kselftest-list.txt" | while read -r t; do
	[ -x "$OUT/$t" ] || echo "$t"; done)
[ -z "$missing" ] || { echo "build-kselftests: not built:" $missing >&2; exit 1; }
