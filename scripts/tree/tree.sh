#!/bin/sh
# Set up the tree of LINUX (scripts/tree/paths.sh: build/linux for 6.1,
# build/linux-6.12 for 6.12): Debian's linux-source-$LINUX as a git repo
# (commit tagged 'base') with its series (patches/ or patches-6.12/)
# applied on top by 'git am'.  Safe to re-run: an up-to-date tree is left
# alone, and local commits are never thrown away.
# env: FORCE=1 (reset the tree to base + series, local commits dropped),
#      TARBALL (/usr/src/linux-source-$LINUX.tar.xz), LINUX (6.1)
set -e

TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/scripts/tree/paths.sh"
REL=$TREE
TREE=$TOP/$TREE
PATCHES=$TOP/$PATCHES
GIT="git -C $TREE -c gc.auto=0 -c user.name=latnice -c user.email=latnice@localhost"
STAMP=$TREE/.git/latnice-applied

series_id() {
	# Identity of what patches/ asks for: the series file and its patches.
	(cd "$PATCHES" 2>/dev/null && cat series $(grep -v '^#' series 2>/dev/null) 2>/dev/null) |
		sha1sum | cut -d' ' -f1
}

make_base() {
	[ -f "$TARBALL" ] || { echo "tree: $TARBALL missing: run 'make deps'" >&2; exit 1; }
	echo "tree: unpacking $(basename "$TARBALL")"
	rm -rf "$TREE" "$TREE.tmp"
	mkdir -p "$TREE.tmp"
	tar -xJf "$TARBALL" -C "$TREE.tmp" --strip-components=1
	# Debian's .gitignore ends with a block that ignores the whole top
	# level; drop it so the tree can be tracked.
	sed -i '/^# Debian packaging/,$d' "$TREE.tmp/.gitignore"
	sed -i '${/^#$/d}' "$TREE.tmp/.gitignore"
	mv "$TREE.tmp" "$TREE"
	git init -q -b master "$TREE"
	# The base commit has no .gitignore below the top (the top one's ".*"
	# kept them out): the series' kselftests, built in the tree, would show
	# as untracked, and a "git add -A" would take them in.
	echo 'tools/testing/selftests/sched/latency_nice_*_test' >>"$TREE/.git/info/exclude"
	echo 'tools/testing/selftests/sched/latency_nice_test' >>"$TREE/.git/info/exclude"
	$GIT add -A
	$GIT commit -q --date='2000-01-01T00:00:00Z' \
		-m "Linux $(make -s -C "$TREE" kernelversion) (Debian linux-source-$LINUX)"
	$GIT tag base
}

apply_series() {
	$GIT reset -q --hard base
	if [ -f "$PATCHES/series" ]; then
		for p in $(grep -v '^#' "$PATCHES/series"); do
			$GIT am -q --keep-cr "$PATCHES/$p" || {
				$GIT am --abort
				echo "tree: $p does not apply" >&2
				exit 1
			}
		done
	fi
	echo "$(series_id) $($GIT rev-parse HEAD)" > "$STAMP"
}

if [ "$1" = --stamp ]; then
	echo "$(series_id) $($GIT rev-parse HEAD)" >"$STAMP"
	exit 0
fi

if ! $GIT rev-parse -q --verify base >/dev/null 2>&1; then
	make_base
	apply_series
elif [ -f "$STAMP" ]; then
	read -r sid head < "$STAMP"
	if [ "$($GIT rev-parse HEAD)" != "$head" ] && [ -z "$FORCE" ]; then
		if [ "$sid" != "$(series_id)" ]; then
			echo "tree: $REL has local commits and its series changed;" >&2
			echo "tree: 'make patches' to keep the tree, or FORCE=1 to reset it" >&2
			exit 1
		fi
		echo "tree: $REL has local commits (not exported: 'make patches')"
	elif [ "$sid" != "$(series_id)" ] || [ -n "$FORCE" ]; then
		apply_series
	fi
else
	apply_series
fi
echo "tree: Linux $(make -s -C "$TREE" kernelversion), $($GIT rev-list --count base..HEAD) patches, HEAD $($GIT rev-parse --short HEAD)"
