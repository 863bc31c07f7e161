#!/bin/sh
# Install every Debian package the project needs (idempotent, quiet when done),
# and the packages given as arguments (make db-bench's database and client).
set -e

PKGS="linux-source-6.1 linux-source-6.12 build-essential flex bison bc libelf-dev libssl-dev
ccache qemu-system-x86 busybox-static cpio rsync rt-tests util-linux python3
python3-matplotlib xz-utils kmod man-db crun runc trinity stress-ng linux-perf $*"

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing packages:$missing (run 'make deps' as root)" >&2
	exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
