# The one TAP emitter: of the guest's checks, sourced from /usr/bin/tap.sh
# (scripts/tree/initramfs.sh installs guest/* there), and of the host's scripts,
# sourced from guest/tap.sh.  Results are numbered in
# order; tap_plan prints the plan for them at the end, tap_exit exits 1 if
# any failed.
tap_n=0
tap_failed=0

# tap_ok NAME: a passing result.
tap_ok() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n $*"
}

# tap_not_ok NAME: a failing result.
tap_not_ok() {
	tap_n=$((tap_n + 1))
	echo "not ok $tap_n $*"
	tap_failed=1
}

# tap_result NAME [WHY]: ok when WHY is empty, else "not ok N NAME: WHY".
tap_result() {
	if [ -z "$2" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1: $2"
	fi
}

# tap_check NAME CMD...: one result, from CMD's exit status.
tap_check() {
	tap_name=$1
	shift
	if "$@"; then
		tap_ok "$tap_name"
	else
		tap_not_ok "$tap_name"
	fi
}

# tap_diag FILE...: the files' lines as diagnostics, colour codes removed.
tap_diag() {
	sed 's/\x1b\[[0-9;]*m//g; s/^/# /' "$@"
}

# tap_plan: the plan of the results printed so far.
tap_plan() {
	echo "1..$tap_n"
}

# tap_exit: the checks' exit status, 1 if any result failed.
tap_exit() {
	exit $tap_failed
}
