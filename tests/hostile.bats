#!/usr/bin/env bats
# Hostile input: each case under testdata/bad/TOOL/ is NAME.in (fed on
# standard input), with the expected standard output NAME.out, standard
# error NAME.err and exit status NAME.status; NAME.args holds the tool's
# arguments, one per line (default: none; ob-perft: -d 2).  Game
# collections are validated and counted with every line of the same input
# kind: ob-stats reports what ob-validate reports.  The expected
# output always includes the valid records around the bad one, so a case
# also proves that nothing before or after it was lost.  Set
# OB_UPDATE_GOLDEN=1 to rewrite the expected files, then review the diff.

load common

run_case() {
	local tool=$1 name=$2 dir="$TESTDATA/bad/$1" args=()
	case $tool in perft) args=(-d 2) ;; esac
	if [ -f "$dir/$name.args" ]; then
		mapfile -t args <"$dir/$name.args"
	fi
	run --separate-stderr "ob-$tool" "${args[@]}" <"$dir/$name.in"
	if [ -n "${OB_UPDATE_GOLDEN:-}" ]; then
		printf '%s' "$output" >"$dir/$name.out"
		[ -z "$output" ] || echo >>"$dir/$name.out"
		printf '%s' "$stderr" >"$dir/$name.err"
		[ -z "$stderr" ] || echo >>"$dir/$name.err"
		echo "$status" >"$dir/$name.status"
	fi
	echo "status $status, stderr: $stderr"
	[ "$status" -eq "$(cat "$dir/$name.status")" ]
	[ "$output" = "$(cat "$dir/$name.out")" ]
	[ "$stderr" = "$(cat "$dir/$name.err")" ]
}

@test "every hostile case has a test" {
	for f in "$TESTDATA"/bad/*/*.in; do
		tool=$(basename "$(dirname "$f")") name=$(basename "$f" .in)
		grep -q "run_case $tool $name;" "$BATS_TEST_FILENAME" ||
			{ echo "no test for $tool/$name"; false; }
	done
}

@test "ob-fen: empty input" { run_case fen empty; }
@test "ob-fen: no final newline" { run_case fen no-final-newline; }
@test "ob-fen: truncated line" { run_case fen truncated; }
@test "ob-fen: NUL byte" { run_case fen nul-byte; }
@test "ob-fen: invalid UTF-8" { run_case fen invalid-utf8; }
@test "ob-fen: binary junk" { run_case fen binary-junk; }
@test "ob-fen: clock overflows" { run_case fen clock-overflow; }
@test "ob-fen: move number overflows" { run_case fen move-number-overflow; }
@test "ob-fen: CRLF line ends" { run_case fen crlf; }
@test "ob-fen: byte-order mark" { run_case fen bom; }
@test "ob-fen: extra fields" { run_case fen extra-field; }
@test "ob-fen: illegal move" { run_case fen illegal-move; }
@test "ob-fen: illegal position followed by moves" { run_case fen illegal-with-moves; }
@test "ob-fen: control bytes in the moves, escaped in diagnostics" { run_case fen control-in-moves; }

@test "ob-perft: empty input" { run_case perft empty; }
@test "ob-perft: no final newline" { run_case perft no-final-newline; }
@test "ob-perft: truncated line" { run_case perft truncated; }
@test "ob-perft: NUL byte" { run_case perft nul-byte; }
@test "ob-perft: invalid UTF-8" { run_case perft invalid-utf8; }
@test "ob-perft: binary junk" { run_case perft binary-junk; }
@test "ob-perft: clock overflows" { run_case perft clock-overflow; }
@test "ob-perft: move number overflows" { run_case perft move-number-overflow; }
@test "ob-perft: CRLF line ends" { run_case perft crlf; }
@test "ob-perft: byte-order mark" { run_case perft bom; }
@test "ob-perft: extra fields" { run_case perft extra-field; }
@test "ob-perft: bad expectation" { run_case perft bad-expectation; }
@test "ob-perft: expected count overflows" { run_case perft count-overflow; }
@test "ob-perft: expectation depth overflows" { run_case perft depth-overflow; }
@test "ob-perft: illegal position followed by expectations" { run_case perft illegal-with-suffix; }
@test "ob-perft: control bytes in the moves, escaped in diagnostics" { run_case perft control-in-moves; }

@test "ob-validate: binary junk" { run_case validate binary-junk; }
@test "ob-validate: crlf" { run_case validate crlf; }
@test "ob-validate: cut mid move" { run_case validate cut-mid-move; }
@test "ob-validate: empty" { run_case validate empty; }
@test "ob-validate: invalid utf8" { run_case validate invalid-utf8; }
@test "ob-validate: no final newline" { run_case validate no-final-newline; }
@test "ob-validate: nul byte" { run_case validate nul-byte; }
@test "ob-validate: number overflow" { run_case validate number-overflow; }
@test "ob-validate: stray close paren" { run_case validate stray-close-paren; }
@test "ob-validate: truncated move" { run_case validate truncated-move; }
@test "ob-validate: truncated tag" { run_case validate truncated-tag; }
@test "ob-validate: unbalanced brace" { run_case validate unbalanced-brace; }
@test "ob-validate: unclosed variation" { run_case validate unclosed-variation; }
@test "ob-stats: binary junk" { run_case stats binary-junk; }
@test "ob-stats: empty" { run_case stats empty; }
@test "ob-stats: invalid utf8" { run_case stats invalid-utf8; }
@test "ob-stats: nul byte" { run_case stats nul-byte; }
@test "ob-stats: number overflow" { run_case stats number-overflow; }
@test "ob-stats: truncated move" { run_case stats truncated-move; }
@test "ob-stats: unbalanced brace" { run_case stats unbalanced-brace; }
@test "ob-diagram: binary junk" { run_case diagram binary-junk; }
@test "ob-diagram: empty" { run_case diagram empty; }
@test "ob-diagram: heatmap bad lines" { run_case diagram heatmap-bad-lines; }
@test "ob-diagram: illegal move" { run_case diagram illegal-move; }
@test "ob-diagram: control bytes in the moves, escaped in diagnostics" { run_case diagram control-in-moves; }
@test "ob-diagram: truncated" { run_case diagram truncated; }

# Large inputs are made here rather than stored.
long_line() {
	printf 'startpos\n'
	head -c 1048576 /dev/zero | tr '\0' 5
	printf '\nstartpos\n'
}

@test "ob-fen: a 1 MB line is reported and skipped" {
	run --separate-stderr bash -c "$(declare -f long_line); long_line | ob-fen"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 2 ]
	[ "$stderr" = "ob-fen: <stdin>:2:65537: line longer than 65536 bytes" ]
}

@test "ob-perft: a 1 MB line is reported and skipped" {
	run --separate-stderr bash -c "$(declare -f long_line); long_line | ob-perft -d 1"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '64\n64')" ]
	[[ "$stderr" == "ob-perft: <stdin>:2:"*"longer than 65536 bytes" ]]
}

@test "write errors: a full device exits 2 with a message" {
	for cmd in 'ob-fen --startpos' 'ob-perft --startpos -d 1' \
		'ob-fen --random 5000' 'ob-validate --generate 50' \
		'ob-validate --normalize "$TESTDATA/ogn/valid.ogn"' \
		'ob-stats "$TESTDATA/ogn/valid.ogn"' \
		'echo startpos | ob-diagram' \
		'echo startpos | ob-diagram --format svg'; do
		run --separate-stderr bash -c "$cmd >/dev/full"
		echo "$cmd: $status $stderr"
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"write error: No space left on device" ]]
	done
}

@test "write errors: a closed pipe ends the tool quietly" {
	run --separate-stderr bash -c 'ob-perft -d 3 --divide --startpos | head -1'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	run --separate-stderr bash -c 'ob-fen --random 20000 | head -1'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	for cmd in 'ob-validate --generate 2000' \
		'ob-validate --generate 300 | ob-validate --positions' \
		'ob-validate --generate 300 | ob-stats' \
		'ob-fen --random 300 | ob-diagram'; do
		run --separate-stderr bash -c "$cmd | head -1"
		echo "$cmd: $status $stderr"
		[ "$status" -eq 0 ]
		[ -z "$stderr" ] || [[ "$stderr" == "ob-validate: "*" games read"* ]]
	done
}

@test "ob-validate: a 1 MB line is reported and the next game read" {
	run --separate-stderr bash -c '
		printf "1. PCc2-Cc3 *\n\n{"
		head -c 1048576 /dev/zero | tr "\\0" x
		printf "}\n*\n\n1. NCb1-Ca3 *\n" ' 
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/long.ogn"
	run --separate-stderr ob-validate "$BATS_TEST_TMPDIR/long.ogn"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == *"long.ogn:3:"*"longer than 65536"* ]]
	[[ "${stderr_lines[1]}" == *"3 games read: 2 valid, 1 invalid"* ]]
}

@test "ob-validate: a million-ply game is refused at the limit, memory bounded" {
	[ "$OB_QUICK" = 0 ] || skip "slow under the sanitizers"
	awk 'BEGIN {
		printf "1."
		for (i = 0; i < 250000; i++)
			printf " NCb1-Ca3 NCd5-Ce3 NCa3-Cb1 NCe3-Cd5\n"
		printf "*\n\n1. PCc2-Cc3 *\n"
	}' >"$BATS_TEST_TMPDIR/million.ogn"
	run --separate-stderr /usr/bin/time -f 'maxrss %M' \
		ob-validate "$BATS_TEST_TMPDIR/million.ogn"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == *"game 1"* ]]
	[[ "$stderr" == *"2 games read: 1 valid, 1 invalid"* ]]
	rss=$(echo "$stderr" | sed -n 's/^maxrss //p')
	[ "$rss" -lt 65536 ]
}

@test "ob-validate: variations nested 100,000 deep: an error, no stack overflow" {
	awk 'BEGIN {
		printf "1. PCc2-Cc3"
		for (i = 0; i < 100000; i++) printf " (1. PCb2-Cb3"
		for (i = 0; i < 100000; i++) printf ")"
		printf " *\n\n1. PCc2-Cc3 *\n"
	}' >"$BATS_TEST_TMPDIR/deep.ogn"
	run --separate-stderr ob-validate "$BATS_TEST_TMPDIR/deep.ogn"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == *"game 1"*"nest"* ]]
	[[ "$stderr" == *"2 games read: 1 valid, 1 invalid"* ]]
	run --separate-stderr ob-stats "$BATS_TEST_TMPDIR/deep.ogn"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == *"game 1"*"nest"* ]]
}
