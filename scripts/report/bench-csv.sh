#!/bin/sh
# RESULT lines of guest/bench on stdin, CSV rows of samples.csv out, one per
# metric: "TOPO,KERNEL,REP,bench,params,metric,value"; the keys that are not
# metrics are the sample's parameters.  The one list of metric names, for
# scripts/flows/bench.sh and scripts/flows/bench-host.sh.
# usage: bench-csv.sh TOPO KERNEL REP
awk -v pre="$1,$2,$3" '
$1 == "RESULT" {
	bench = params = ""
	n = 0
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == "bench")
			bench = kv[2]
		else if (kv[1] ~ /^(sec|min|avg|p[0-9]+|max|samples|share_a|share_b|usec_per_roundtrip|usec_per_op|mops_a|mops_b)$/)
			m[++n] = $i
		else
			params = params (params == "" ? "" : " ") $i
	}
	for (i = 1; i <= n; i++) {
		split(m[i], kv, "=")
		print pre "," bench "," params "," kv[1] "," kv[2]
	}
}'
