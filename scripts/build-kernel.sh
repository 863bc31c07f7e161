#!/bin/sh
# Build a bzImage from a source tree: tinyconfig + configs/ fragments, with
# ccache; CONFIG_WERROR makes every warning (kernel/sched included) an error.
# usage: build-kernel.sh SRC OUT FRAGMENT...
set -e

TOP=$(cd "$(dirname "$0")/.." && pwd)
SRC=$1 OUT=$2
shift 2
[ -d "$SRC" ] || { echo "build-kernel: no tree at $SRC: run 'make tree'" >&2; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

export CCACHE_DIR=${CCACHE_DIR:-$TOP/build/ccache}
export CCACHE_BASEDIR=$TOP/build
export KBUILD_BUILD_TIMESTAMP='2000-01-01' KBUILD_BUILD_USER=latnice KBUILD_BUILD_HOST=latnice
KMAKE="make -s -C $SRC O=$OUT CC=ccache\ gcc -j$(nproc)"

# Regenerate .config only when a fragment or the tree's Kconfig changed.
cfgsum=$(cat "$@" | sha1sum | cut -d' ' -f1)
if [ ! -f "$OUT/.config" ] || [ "$(cat "$OUT/.fragments" 2>/dev/null)" != "$cfgsum" ]; then
	eval "$KMAKE tinyconfig" >/dev/null
	"$SRC/scripts/kconfig/merge_config.sh" -m -O "$OUT" "$OUT/.config" "$@" >/dev/null
	eval "$KMAKE olddefconfig"
	# Every line of the fragments must have landed in .config.
	for f in "$@"; do
		grep -E '^CONFIG_[A-Z0-9_]+=' "$f" | while IFS= read -r line; do
			case $line in
			*=n) grep -q "^# ${line%=n} is not set" "$OUT/.config" ;;
			*) grep -qx "$line" "$OUT/.config" ;;
			esac || echo "build-kernel: warning: $line not set by Kconfig ($f)" >&2
		done
	done
	echo "$cfgsum" > "$OUT/.fragments"
fi

eval "$KMAKE bzImage"
echo "build-kernel: $OUT/arch/x86/boot/bzImage ($(cat "$OUT/include/config/kernel.release"))"
