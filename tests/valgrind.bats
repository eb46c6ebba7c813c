#!/usr/bin/env bats
# A sample of each tool's runs is clean under valgrind --leak-check=full:
# no invalid access, no uninitialised use, no leak.  (Skipped for the
# sanitizer build, whose binaries valgrind cannot run.)

load common

setup() {
	if nm "$OB_BUILD/ob-fen" 2>/dev/null | grep -q __asan_init; then
		skip "sanitizer build"
	fi
	sh "$ROOT/tests/need.sh" valgrind
}

vg() {
	valgrind -q --leak-check=full --show-leak-kinds=all \
		--errors-for-leak-kinds=all --error-exitcode=99 "$@"
}

# One or more sample runs per tool; input on stdin where given.
sample() {
	case $1 in
	ob-fen)
		printf 'startpos PCc2-Cc3\nbad line\n' | vg ob-fen --json
		vg ob-fen --random 3 --moves >/dev/null
		vg ob-fen -V diagonal-oblong --startpos
		;;
	ob-perft)
		printf 'startpos ;D1 64 ;D2 4102\nstartpos ;D1 1\n' | vg ob-perft
		vg ob-perft --startpos -d 2 --divide -j 2 --hash 1
		vg ob-perft --startpos -d 2 --stats --json
		;;
	ob-diagram)
		printf 'startpos\nxx\n' | vg ob-diagram
		echo startpos | vg ob-diagram --format svg --layout stacked
		vg ob-diagram --piece N --at Cc3 --format svg
		;;
	ob-validate)
		vg ob-validate --generate 3 --seed 1 >"$BATS_TEST_TMPDIR/g.ogn"
		vg ob-validate --normalize "$BATS_TEST_TMPDIR/g.ogn"
		printf '1. PCc2-Cc4 *\n' | vg ob-validate --json
		;;
	ob-stats)
		vg ob-validate --generate 5 --seed 2 >"$BATS_TEST_TMPDIR/s.ogn"
		vg ob-stats --openings 2 "$BATS_TEST_TMPDIR/s.ogn"
		vg ob-stats --json "$BATS_TEST_TMPDIR/s.ogn"
		;;
	*)
		echo "no valgrind sample for $1"
		return 98
		;;
	esac
}

@test "each tool's sample runs are clean under valgrind" {
	for tool in $(tool_names); do
		run sample "$tool"
		echo "$tool: status $status"
		echo "$output" | grep -E '==[0-9]+==' | head -20
		# Status 1 is a tool's own "invalid input"; valgrind's is 99.
		[ "$status" -ne 99 ] && [ "$status" -ne 98 ]
		! echo "$output" | grep -qE '==[0-9]+=='
	done
}
