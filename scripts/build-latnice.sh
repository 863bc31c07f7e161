#!/bin/sh
# Build tools/sched/latnice (the tool, its test and helpers) static for the
# guest, into OUT.  Nothing to do on a tree without the tool.
# usage: build-latnice.sh SRC OUT
set -e
SRC=$1 OUT=$2
[ -d "$SRC/tools/sched/latnice" ] || exit 0
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
make -s -C "$SRC/tools/sched/latnice" O="$OUT" LDFLAGS=-static
cp "$SRC/tools/sched/latnice/latnice_test.sh" "$OUT/"
