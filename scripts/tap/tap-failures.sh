#!/bin/sh
# Name every failing TAP result in FILE... with what its test printed just
# before it (up to 12 diagnostic lines since the previous result), so the
# last lines of a CI log say what broke and with which numbers.
# usage: tap-failures.sh FILE...
for f in "$@"; do
	awk -v file="${f##*/}" '
	/^(# |[ \t]+)?(not )?ok [0-9]+/ {
		if (/^(# |[ \t]+)?not ok/) {
			for (i = (n > 12 ? n - 12 : 0); i < n; i++)
				print "  " file ": " diag[i]
			print "FAILED " file ":" $0
		}
		n = 0
		next
	}
	/^(# |[ \t]+)/ { diag[n++] = $0 }
	' "$f"
done
