#!/bin/sh
# Compare result sets of scripts/flows/bench-host.sh (one kernel each, run on the
# same machine): OUT/report.md, report.json and the plots, the first set the
# baseline, as mmtests compare does (scripts/report/report.py -o).
# usage: bench-compare.sh OUT SET SET...
[ $# -ge 3 ] || { echo "usage: bench-compare.sh OUT SET SET..." >&2; exit 2; }
# PY: Debian's python3, with matplotlib
. "$(dirname "$0")/../tree/paths.sh"
out=$1
shift
exec $PY "$(dirname "$0")/report.py" -o "$out" "$@"
