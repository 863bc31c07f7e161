#!/bin/sh
# Count TAP results in FILE...: leaf results (a test binary's own subtests
# when it reports them, "# ok"/"# not ok" one level down, else its top-level
# line).  Prints "N passed, N failed, N skipped" and exits 1 if anything
# failed or nothing ran.  An expected failure ("ok N # XFAIL") is not a pass:
# it is counted with the skipped.  A subtest number seen again before its
# top-level line is counted once: a test that forks with stdout buffered
# (cgroup's test_cpu) prints its earlier results again from each child.
awk '
function flush() {
	if (!have) return
	if (sub_n == 0 || (top_fail && sub_fail == 0)) {
		if (top_skip) s++; else if (top_fail) f++; else p++
	}
	have = 0
}
/^(# )?TAP version/ { next }
/^(# |[ \t]+)(not )?ok [0-9]+/ {
	num = $0
	sub(/^(# |[ \t]+)(not )?ok /, "", num)
	num += 0
	if (num in seen) next
	seen[num] = 1
	if (/# (SKIP|XFAIL)/) s++; else if (/^(# |[ \t]+)not ok/) { f++; sub_fail++ } else p++
	sub_n++
	next
}
/^(not )?ok [0-9]+/ {
	# A top-level line closes the subtests printed before it.
	top_fail = /^not ok/; top_skip = /# (SKIP|XFAIL)/; have = 1
	flush()
	sub_n = 0; sub_fail = 0
	split("", seen)
	next
}
END {
	printf "%d passed, %d failed, %d skipped\n", p, f, s
	exit (f > 0 || p == 0)
}' "$@"
