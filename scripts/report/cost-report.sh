#!/bin/sh
# cost-report.sh SAMPLES.CSV BASEVERSION COMMIT REPS FRAGMENTS RUNS: the
# markdown table of make cost (scripts/flows/cost.sh): per benchmark row, the mean
# guest time of the base kernel and of the patched one at latency nice 0, 19
# and -20, with the change vs base and the spread of the samples (max - min,
# % of the mean).
set -e
csv=$1
cat <<EOF
# latency nice: cost in instructions (QEMU -icount, one CPU)

- base: Linux $2, and the same tree with the series, built with the same config ($5)
- commit: $3
- date: $(date -u '+%Y-%m-%d %H:%M UTC')
- boots: $4 of each kernel, interleaved, $6 passes in each

Guest time under \`-icount shift=0,sleep=off\`: one nanosecond per executed
instruction, idle time skipped, so the numbers count instructions (pingpong:
per round trip, two wake-ups and two context switches; hackbench: the whole
run) and do not depend on the host's load.  (pct): change vs base, **positive
= more instructions**; ±: spread (max - min) of all the samples, boots and passes.

| bench | base | patched 0 | patched 19 | patched -20 |
| --- | --- | --- | --- | --- |
EOF
awk -F, 'NR > 1 {
	row = $3 ($4 != "" ? " " $4 " " $5 " g" $6 : "")
	col = $1 == "base" ? "base" : $7
	key = row SUBSEP col
	if (!(row in seen)) { seen[row] = 1; rows[++nr] = row }
	n[key]++; sum[key] += $8
	if (!(key in lo) || $8 < lo[key]) lo[key] = $8
	if (!(key in hi) || $8 > hi[key]) hi[key] = $8
}
function cell(row, col,    key, m, s, b) {
	key = row SUBSEP col
	if (!n[key]) return ""
	m = sum[key] / n[key]
	s = m > 0 ? sprintf(" ±%.2f%%", 100 * (hi[key] - lo[key]) / m) : ""
	if (col == "base") return sprintf("%.4f%s", m, s)
	b = row SUBSEP "base"
	if (!n[b]) return sprintf("%.4f%s", m, s)
	return sprintf("%.4f (%+.2f%%)%s", m, 100 * (m / (sum[b] / n[b]) - 1), s)
}
END {
	for (i = 1; i <= nr; i++)
		printf "| %s | %s | %s | %s | %s |\n", rows[i], cell(rows[i], "base"),
		       cell(rows[i], "0"), cell(rows[i], "19"), cell(rows[i], "-20")
}' "$csv"
