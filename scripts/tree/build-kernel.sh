#!/bin/sh
# Build a bzImage from a source tree: tinyconfig + configs/ fragments, with
# ccache; CONFIG_WERROR makes every warning (kernel/sched included) an error.
# usage: build-kernel.sh SRC OUT FRAGMENT...
set -e

TOP=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$1 OUT=$2
shift 2
[ -d "$SRC" ] || { echo "build-kernel: no tree at $SRC: run 'make tree'" >&2; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# One build at a time in an object directory: two makes in one tree of
# objects break each other's files.
exec 9>"$OUT/.build.lock"
flock 9

# ccache's own cache (~/.cache/ccache, or CCACHE_DIR), shared by every
# clone on the machine: paths under build/ are hashed relative, so a fresh
# clone hits what another clone compiled.
export CCACHE_BASEDIR=$TOP/build
export KBUILD_BUILD_TIMESTAMP='2000-01-01' KBUILD_BUILD_USER=latnice KBUILD_BUILD_HOST=latnice
KMAKE="make -s -C $SRC O=$OUT CC=ccache\ gcc -j$(nproc)"

# missing: the fragments' lines that .config does not have.
missing() {
	for f in "$@"; do
		grep -E '^CONFIG_[A-Z0-9_]+=' "$f" | while IFS= read -r line; do
			grep -qx "$line" "$OUT/.config" ||
				echo "build-kernel: $line not set by Kconfig ($f)"
		done
	done
}

# Regenerate .config when a fragment changed, or when .config lost one of
# their lines (a build of an older commit in the same directory drops the
# symbols that commit does not have).
cfgsum=$(cat "$@" | sha1sum | cut -d' ' -f1)
if [ ! -f "$OUT/.config" ] || [ "$(cat "$OUT/.fragments" 2>/dev/null)" != "$cfgsum" ] ||
	[ -n "$(missing "$@")" ]; then
	eval "$KMAKE tinyconfig" >/dev/null
	"$SRC/scripts/kconfig/merge_config.sh" -m -O "$OUT" "$OUT/.config" "$@" >/dev/null
	eval "$KMAKE olddefconfig" >/dev/null
	# Every line of the fragments must have landed in .config: a symbol
	# Kconfig dropped is a test or a feature silently missing.
	missing "$@" >"$OUT/.missing"
	if [ -s "$OUT/.missing" ]; then
		cat "$OUT/.missing" >&2
		exit 1
	fi
	echo "$cfgsum" > "$OUT/.fragments"
fi

eval "$KMAKE bzImage"
echo "build-kernel: $OUT/arch/x86/boot/bzImage ($(cat "$OUT/include/config/kernel.release"))"
