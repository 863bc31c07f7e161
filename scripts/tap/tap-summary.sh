#!/bin/sh
# Count TAP results in FILE...: leaf results (a test binary's own subtests
# when it reports them, "# ok"/"# not ok" one level down, else its top-level
# line).  Prints "N passed, N failed, N skipped" and exits 1 if anything
# failed or nothing ran.  An expected failure ("ok N # XFAIL") is not a pass:
# it is counted with the skipped.  A subtest number seen again before its
# top-level line is counted once: a test that forks with stdout buffered
# (cgroup's test_cpu) prints its earlier results again from each child.  A
# repeat that says "not ok" where the first said "ok" turns it into a
# failure: a repeat never hides one.
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
	bad = /^(# |[ \t]+)not ok/
	if (num in seen) {
		if (bad && seen[num] == "pass") { p--; f++; sub_fail++; seen[num] = "fail" }
		next
	}
	if (/# (SKIP|XFAIL)/) { s++; seen[num] = "skip" }
	else if (bad) { f++; sub_fail++; seen[num] = "fail" }
	else { p++; seen[num] = "pass" }
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
