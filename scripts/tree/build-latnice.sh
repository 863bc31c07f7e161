#!/bin/sh
# Build latnice (latnice/ of the checkout, or the copy SRC: make mutants
# builds a mutated one) static into OUT, with its test: the test's helper,
# test.sh and expected/.  Static, so that one build runs in the guests
# (busybox, no libc) and on this machine.
# usage: build-latnice.sh OUT [SRC]
set -e
OUT=${1:?usage: build-latnice.sh OUT [SRC]}
SRC=${2:-$(dirname "$0")/../../latnice}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
make -s -C "$SRC" O="$OUT" LDFLAGS=-static
cp "$SRC/test.sh" "$OUT/"
rm -rf "$OUT/expected"
cp -r "$SRC/expected" "$OUT/"
