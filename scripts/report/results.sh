#!/bin/sh
# make results: every run's report found under build/ into RESULTS.md
# (scripts/report/results-add.sh), each as the entry of its kind, the
# command that writes it, replacing the older run of that kind; a report
# already there is left alone.  The reports, and the command of each:
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
REPORTS='test:make test
demo:make demo
demo-6.12:make demo LINUX=6.12
matrix:make matrix
matrix-6.12:make matrix LINUX=6.12
cost:make cost
cost-6.12:make cost LINUX=6.12
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
