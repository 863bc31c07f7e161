#!/bin/sh
# make demo's verdict and the matrix report, checked on stored samples
# (examples/demo-samples.txt: build/demo/samples.txt of a real make demo):
# the verdict line has its format and carries the samples' numbers,
# recomputed here (medians over the rounds, ratios, hackbench's medians,
# the shares); samples without a cell give no verdict and fail; the matrix
# report judges each bullet of DESIGN.md section 3 and counts them (one
# without its samples not measured, never held), and draws each cell's
# latency distribution.  The reports, not the timing.
# TAP out.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP" || exit 1
. guest/tap.sh
SAMPLES=${DEMO_SAMPLES:-examples/demo-samples.txt}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# med KEY=VALUE... STAT: the median of STAT over the samples' lines that
# have every KEY=VALUE (the mean of the two middle ones for an even count).
med() {
	stat=$(eval echo "\${$#}")
	sel=
	while [ $# -gt 1 ]; do
		sel="$sel $1"
		shift
	done
	awk -v sel="$sel" -v stat="$stat" '{
		n = split(sel, want, " ")
		for (i = 1; i <= n; i++)
			if (index(" " $0 " ", " " want[i] " ") == 0)
				next
		for (i = 1; i <= NF; i++)
			if (index($i, stat "=") == 1)
				print substr($i, length(stat) + 2)
	}' "$SAMPLES" | sort -g | awk '{ v[NR] = $1 }
		END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

echo "TAP version 13"
python3 scripts/report/demo-report.py "$SAMPLES" header >"$OUT/demo" 2>&1
rc=$?
[ $rc = 0 ] || tail -n 3 "$OUT/demo" | tap_diag
tap_result "demo: the report of the stored samples prints" "$([ $rc = 0 ] || echo "exit $rc")"

verdict=$(tail -n 1 "$OUT/demo")
re='^verdict: latency nice -20: avg [0-9]+\.[0-9]x lower, p99 [0-9]+\.[0-9]x lower than 0; hackbench at 19: -?[0-9]+% faster than at 0; share -20/19: [0-9]+\.[0-9]%/[0-9]+\.[0-9]%$'
echo "$verdict" | grep -Eq "$re"
tap_result "demo: the last line is the verdict, in its format" \
	"$([ $? = 0 ] || echo "\"$verdict\"")"

cell="kernel=patched bench=matrix hb_value=0"
hb="kernel=patched bench=hackbench"
want=$(awk -v a20="$(med $cell ct_value=-20 avg)" -v a0="$(med $cell ct_value=0 avg)" \
	-v p20="$(med $cell ct_value=-20 p99)" -v p0="$(med $cell ct_value=0 p99)" \
	-v t0="$(med $hb value=0 sec)" -v t19="$(med $hb value=19 sec)" \
	-v s20="$(med bench=share value=-20 pct)" -v s19="$(med bench=share value=19 pct)" 'BEGIN {
	printf "verdict: latency nice -20: avg %.1fx lower, p99 %.1fx lower than 0; ", a0 / a20, p0 / p20
	printf "hackbench at 19: %.0f%% faster than at 0; share -20/19: %.1f%%/%.1f%%\n", (1 - t19 / t0) * 100, s20, s19
}')
[ "$verdict" = "$want" ] || printf 'printed:    %s\nrecomputed: %s\n' "$verdict" "$want" | tap_diag
tap_result "demo: the verdict's numbers are the samples'" \
	"$([ "$verdict" = "$want" ] || echo "they differ")"

grep -v 'hb_value=0 ct_value=-20' "$SAMPLES" >"$OUT/missing"
python3 scripts/report/demo-report.py "$OUT/missing" header >"$OUT/demo-missing" 2>&1
rc=$?
grep -q '^verdict: no result for latency at -20$' "$OUT/demo-missing" && [ $rc != 0 ]
tap_result "demo: samples without the -20 cell give no verdict and fail" \
	"$([ $? = 0 ] || echo "exit $rc: $(tail -n 1 "$OUT/demo-missing")")"

# The stored samples are from before sockets and the sleeper: those
# bullets (sockets: 3; the sleeper's share: 4, behind load: 2) are not
# measured, and neither held nor counted.
python3 scripts/report/matrix-report.py "$SAMPLES" header >"$OUT/matrix" 2>&1
bullets=$(grep -c '^- \(holds\|FAILS\): ' "$OUT/matrix")
count=$(sed -n 's/^\([0-9]*\) of \([0-9]*\) hold\.$/\1 \2/p' "$OUT/matrix")
held=$(grep -c '^- holds: ' "$OUT/matrix")
unmeasured=$(grep -c '^- not measured: .*\(socket\|sleeper\)' "$OUT/matrix")
why=
[ "$bullets" = 23 ] || why="$bullets bullets, not 23 (one hackbench group, the base kernel beside)"
[ "$count" = "$held 23" ] || why="${why:+$why; }the count says '$count', the bullets $held of 23"
[ "$unmeasured" = 9 ] && grep -qx '9 not measured\.' "$OUT/matrix" ||
	why="${why:+$why; }$unmeasured socket and sleeper bullets not measured, not 9"
grep -q '^- holds: .*\(socket\|sleeper\)' "$OUT/matrix" &&
	why="${why:+$why; }a bullet without samples holds"
grep -q 'nan' "$OUT/matrix" && why="${why:+$why; }a number is nan"
tap_result "matrix: each bullet of what it must show judged, and counted" "$why"

# PY: Debian's python3, with matplotlib (make deps)
. scripts/tree/paths.sh
$PY scripts/report/matrix-report.py -p "$OUT" "$SAMPLES" header >"$OUT/plotted" 2>&1
rc=$?
why=
[ $rc = 0 ] || why="exit $rc: $(tail -n 1 "$OUT/plotted")"
[ -s "$OUT/cdf_patched_1.png" ] || why="${why:+$why; }no cdf_patched_1.png"
grep -qF '![cdf_patched_1.png](cdf_patched_1.png)' "$OUT/plotted" ||
	why="${why:+$why; }the report does not show it"
tap_result "matrix: the latency distribution of every cell is drawn and shown" "$why"
tap_plan
tap_exit
