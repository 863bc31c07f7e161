#!/bin/sh
# build/linux-base: a git worktree of build/linux at the 'base' tag (the
# unpatched kernel), for base-vs-patched comparisons.
set -e
TOP=$(cd "$(dirname "$0")/.." && pwd)
[ -d "$TOP/build/linux-base" ] && exit 0
git -C "$TOP/build/linux" -c gc.auto=0 worktree add -q --detach "$TOP/build/linux-base" base
