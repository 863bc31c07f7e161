#!/bin/sh
# Build the guest's base initramfs: busybox, guest/init, rt-tests (cyclictest,
# hackbench), util-linux's chrt and uclampset, crun and runc, trinity and
# stress-ng, with their shared libraries, the example OCI spec
# (examples/oci-config.json), readback (bench/readback.c), the console's
# splat patterns of scripts/boot/qemu-run.sh, and the static kselftests installed
# in KSFT_DIR (optional).
# usage: initramfs.sh OUT.cpio.gz [KSFT_DIR]
set -e

TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$1 KSFT=$2
ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT

mkdir -p "$ROOT"/bin "$ROOT"/sbin "$ROOT"/usr/bin "$ROOT"/usr/sbin "$ROOT"/proc \
	"$ROOT"/sys "$ROOT"/dev "$ROOT"/tmp "$ROOT"/etc "$ROOT"/root "$ROOT"/extra
cp /bin/busybox "$ROOT"/bin/busybox
cp "$TOP"/guest/init "$ROOT"/init
chmod +x "$ROOT"/init
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n' >"$ROOT"/etc/passwd
printf 'root:x:0:\nnogroup:x:65534:\n' >"$ROOT"/etc/group

# rt-tests, chrt and uclampset (Debian's, built against the 6.1 uapi
# headers: what existing userspace does on the patched kernel), the OCI
# runtimes crun and runc, the fuzzer trinity and stress-ng, perf (bookworm's
# linux-perf installs the 6.1 binary itself, no version wrapper), setpriv
# and prlimit (latnice's test drops privileges with them: busybox's setpriv
# cannot change uids) and the libraries they load.
for b in cyclictest hackbench chrt uclampset crun runc trinity stress-ng perf setpriv prlimit; do
	cp "$(command -v $b)" "$ROOT"/usr/bin/
	ldd "$(command -v $b)" | grep -o '/[^ ]*' | while read -r lib; do
		mkdir -p "$ROOT$(dirname "$lib")"
		cp -L "$lib" "$ROOT$lib"
	done
done
for g in "$TOP"/guest/*; do
	case ${g##*/} in init) ;; *) cp "$g" "$ROOT"/usr/bin/ ;; esac
done
# readback (guest/check-fuzz's writer), static: the guest's libc is busybox's.
gcc -static -O2 -Wall -o "$ROOT"/usr/bin/readback "$TOP"/bench/readback.c
# waker (guest/matrix's heavy waker: a periodic waker that works).
gcc -static -O2 -Wall -o "$ROOT"/usr/bin/waker "$TOP"/bench/waker.c
# sleeper (guest/matrix's tolerant task as a sleeper: work, then a relative sleep).
gcc -static -O2 -Wall -o "$ROOT"/usr/bin/sleeper "$TOP"/bench/sleeper.c
# transitions (guest/check-fuzz's driver of the latency tree's state transitions).
gcc -static -O2 -Wall -o "$ROOT"/usr/bin/transitions "$TOP"/bench/transitions.c
mkdir -p "$ROOT"/usr/share/latnice
cp "$TOP"/examples/oci-config.json "$ROOT"/usr/share/latnice/
# What qemu-run.sh counts as a splat on the console, for the guest's own
# scan of its kernel log (guest/check-fuzz): one list, qemu-run.sh's.
(eval "$(grep '^splat=' "$TOP"/scripts/boot/qemu-run.sh)" && printf '%s\n' "$splat") \
	>"$ROOT"/usr/share/latnice/splat.ere
[ -s "$ROOT"/usr/share/latnice/splat.ere ]
[ -n "$KSFT" ] && [ -d "$KSFT" ] && cp -a "$KSFT" "$ROOT"/kselftest
# The latnice tool (latnice/, built by scripts/tree/build-latnice.sh into the
# kselftests' folder), where the demo and users in vm-run expect a command.
[ -x "$ROOT"/kselftest/latnice/latnice ] && cp "$ROOT"/kselftest/latnice/latnice "$ROOT"/usr/bin/

(cd "$ROOT" && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
