#!/bin/sh
# BASE_TREE (build/linux-base, build/linux-6.12-base): a git worktree of
# LINUX's tree at the 'base' tag (the unpatched kernel), for
# base-vs-patched comparisons.
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/scripts/tree/paths.sh"
[ -d "$TOP/$BASE_TREE" ] && exit 0
git -C "$TOP/$TREE" -c gc.auto=0 worktree add -q --detach "$TOP/$BASE_TREE" base
