#!/usr/bin/env bats
# Limits.  Of one game (ogn(5), Limits): whatever floods a game, the
# reader refuses it at a limit, reads the next game, and its memory stays
# under the 64 MiB that ogn(5) states; the floods are made by pipes, 60 MB
# each, and never written to disk.  Of the --split table of ob-perft: a
# table that cannot fit is refused at once, and an allocation that fails
# is named as such.

load common

# flood UNIT BYTES [TOOL]: one game, a move then BYTES of UNIT lines, and a
# valid game after it, through TOOL (ob-validate) under /usr/bin/time.
flood() {
	tool=${3:-ob-validate}
	sh "$ROOT/tests/need.sh" /usr/bin/time
	run --separate-stderr bash -c '
		{ printf "1. PCc2-Cc3\n"; yes "$1" | head -c "$2"
		  printf " *\n\n1. PCc2-Cc3 *\n"; } |
		/usr/bin/time -f "maxrss %M" "$3" >/dev/null' \
		_ "$1" "$2" "$tool"
	echo "$stderr"
}

# The game was refused for `why`, the next one read (ob-validate says so),
# the memory bounded.
refused() {
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == *"<stdin>:"*": game 1, ply 1: $1" ]]
	[ "$tool" != ob-validate ] ||
		[[ "$stderr" == *"2 games read: 1 valid, 1 invalid"* ]]
	# Sanitizer builds keep shadow memory: no figure to check there.
	[ "$OB_QUICK" = 0 ] || return 0
	rss=$(echo "$stderr" | sed -n 's/^maxrss //p')
	[ "$rss" -lt 65536 ]
}

@test "a flood of NAGs after one move: refused at the token limit" {
	flood '$1' 60000000
	refused "game longer than 262144 tokens"
}

@test "a flood of glyphs (!) after one move: refused at the token limit" {
	flood '!' 60000000
	refused "game longer than 262144 tokens"
}

@test "a flood of empty comments: refused at the token limit" {
	flood '{}' 60000000
	refused "game longer than 262144 tokens"
}

@test "a flood of NAGs through ob-stats: the same limit" {
	flood '$1 $2 $3' 60000000 ob-stats
	refused "game longer than 262144 tokens"
}

@test "blank lines count toward the game's bytes" {
	flood '' 20000000
	refused "game longer than 16777216 bytes"
}

@test "tag pairs count as tokens" {
	run --separate-stderr bash -c '
		yes "[Event \"x\"]" | head -n 300000
		printf "\n1. PCc2-Cc3 *\n\n1. PCc2-Cc3 *\n"' 
	printf '%s\n' "$output" >"$BATS_TEST_TMPDIR/tags.ogn"
	run --separate-stderr ob-validate "$BATS_TEST_TMPDIR/tags.ogn"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "${stderr_lines[0]}" == *"tags.ogn:262145:1: game 1, ply 0: game longer than 262144 tokens" ]]
	[[ "$stderr" == *"2 games read: 1 valid, 1 invalid"* ]]
}

@test "a game just under the limits is valid" {
	run --separate-stderr bash -c '
		awk "BEGIN {
			printf \"1. PCc2-Cc3\"
			for (i = 0; i < 262143; i++) printf \" \$1\n\"
			printf \"*\n\"
		}" | ob-validate -q'
	echo "$stderr"
	[ "$status" -eq 0 ]
}

@test "ob-perft --split: a table over --memory is refused at once" {
	# Counting every path 7 plies deep would take hours.
	run -2 --separate-stderr timeout 20 ob-perft -S --split 7 --memory 1
	echo "$stderr"
	[ -z "$output" ]
	[[ "$stderr" == "ob-perft: --split 7: the distinct positions do not fit in --memory 1 MiB"*"stopped at "* ]]
}

@test "ob-perft --split: a failed allocation is not blamed on --memory" {
	# The sanitizers reserve more address space than the limit allows.
	[ "$OB_QUICK" = 0 ] || skip "no ulimit -v under the sanitizers"
	run -2 --separate-stderr bash -c \
		'ulimit -v 60000; ob-perft -S --split 4 --memory 1000'
	echo "$stderr"
	[ -z "$output" ]
	[ "$stderr" = "ob-perft: --split 4: out of memory" ]
}

# tags N FILE: one game of N distinct tags (and a move) in FILE.
tags() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) printf "[T%06d \"v%d\"]\n", i, i
		printf "\n1. PCc2-Cc3 *\n"
	}' >"$2"
}

@test "one game of 250,000 distinct tags: every option reads it in linear time" {
	# The first-of-its-name check was quadratic: --json took about 100 s
	# here.  Linear, each run takes well under a second; the limit
	# leaves room for a loaded machine and the sanitizers, not for n^2.
	f=$BATS_TEST_TMPDIR/tags.ogn
	tags 250000 "$f"
	for opts in "" --json -n --positions --strict "-j 2 --json"; do
		run --separate-stderr timeout 60 ob-validate -q $opts "$f"
		echo "ob-validate $opts: $status $stderr"
		[ "$status" -eq 0 ]
	done
	run --separate-stderr timeout 60 ob-validate -q --json "$f"
	[ "$(grep -o '"T[0-9]*":' <<<"$output" | wc -l)" -eq 250000 ]
	run --separate-stderr timeout 60 ob-validate -q -n "$f"
	[ "$(grep -c '^\[T[0-9]* "v[0-9]*"\]$' <<<"$output")" -eq 250000 ]
	for opts in "" --json "-f html" --partial "-b T249999" \
		"--openings 1" "-j 2 -b T000000"; do
		run --separate-stderr timeout 60 ob-stats -q $opts "$f"
		echo "ob-stats $opts: $status $stderr"
		[ "$status" -eq 0 ]
	done
}

# big_games N TOOL ARGS...: N valid games of 15 MB each (a comment) through
# TOOL under /usr/bin/time; sets rss to its peak resident memory in KiB.
big_games() {
	local n=$1
	shift
	run --separate-stderr bash -c '
		line=$(printf "%0999d" 0 | tr 0 a)
		for i in $(seq "$1"); do
			printf "1. PCc2-Cc3 {"
			yes "$line" | head -c 15000000
			printf "} *\n\n"
		done | /usr/bin/time -f "maxrss %M" "${@:2}" >/dev/null' \
		_ "$n" "$@"
	echo "$* ($n games): $status $stderr"
	[ "$status" -eq 0 ]
	rss=$(echo "$stderr" | sed -n 's/^maxrss //p')
}

@test "one thread holds one big game at a time, threads a bounded number" {
	# Sanitizer builds keep shadow memory: no figure to check there.
	[ "$OB_QUICK" = 0 ] || skip "peak memory is not the program's under the sanitizers"
	sh "$ROOT/tests/need.sh" /usr/bin/time
	for tool in ob-validate ob-stats; do
		big_games 1 "$tool" -q
		one=$rss
		# One thread read 32 games before counting them: 24 big ones
		# took 340 MB more than one.
		big_games 24 "$tool" -q
		[ "$((rss - one))" -lt 40000 ]
		# Threads read ahead at most 16 MiB and a game.
		big_games 24 "$tool" -q -j 4
		[ "$((rss - one))" -lt 40000 ]
	done
}
