#!/bin/sh
# make results: add every run's report found under build/ to RESULTS.md
# (scripts/report/results-add.sh: a heading with the command, the report's date
# and commit, then the report), skipping a report already there.  The
# reports, and the command that writes each:
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
REPORTS='test:make test
demo:make demo
demo-6.12:make demo LINUX=6.12
matrix:make matrix
matrix-6.12:make matrix LINUX=6.12
cost:make cost
cost-profile:make cost-profile
results:make bench
results-6.12:make bench LINUX=6.12
bench-host:make bench-host
db-bench:make db-bench
soak:make soak
mutants:make mutants
mutants-6.12:make mutants LINUX=6.12'
added=0
echo "$REPORTS" | {
	while IFS=: read -r dir cmd; do
		r=build/$dir/report.md
		[ -s "$r" ] || continue
		sh scripts/report/results-add.sh "$r" $cmd || exit 1
		added=$((added + 1))
	done
	echo "results: $added report(s) looked at"
}
