#!/bin/sh
# Export base..HEAD of LINUX's tree into its series (build/linux into
# patches/, build/linux-6.12 into patches-6.12/: scripts/tree/paths.sh) as
# NNNN-*.patch + series, deterministically: zeroed commit hashes, no
# version signature.  The cover letter (0000-cover-letter.patch) is written
# by hand and kept.
set -e

TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/scripts/tree/paths.sh"
TREE=$TOP/$TREE
PATCHES=$TOP/$PATCHES
GIT="git -C $TREE"

$GIT rev-parse -q --verify base >/dev/null || { echo "patches: no tree: run 'make tree'" >&2; exit 1; }
[ -z "$($GIT status --porcelain --untracked-files=no)" ] ||
	echo "patches: warning: $TREE has uncommitted changes; they are not exported" >&2

mkdir -p "$PATCHES"
find "$PATCHES" -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-cover-letter.patch' -delete
$GIT -c core.abbrev=9 format-patch -q --zero-commit --no-signature \
	-o "$PATCHES" base..HEAD
(cd "$PATCHES" && ls [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null |
	grep -v '^0000-cover-letter' >series) || true
echo "patches: exported $(wc -l <"$PATCHES/series") patches"
# The tree now matches patches/: record it so 'make tree' leaves it alone.
sh "$TOP/scripts/tree/tree.sh" --stamp
