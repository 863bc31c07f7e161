#!/bin/sh
# make demo: build and boot the patched kernel on a Zen3-shaped machine
# (TOPO=nps1 unless told otherwise) and show latency nice at work.
set -e
cd "$(dirname "$0")/.."
TOPO=${TOPO:-nps1}
export TOPO
echo "== building (deps, tree, kernel, initramfs)"
make -s deps tree kernel initramfs
echo "== booting the patched kernel on TOPO=$TOPO"
sh scripts/qemu-run.sh build/obj/default/arch/x86/boot/bzImage \
	build/initramfs.cpio.gz demo
