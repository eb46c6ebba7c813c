#!/usr/bin/env bats
# ob-perft: the suites in testdata/perft/ (plain, mirrored, reference
# generator, threads and hash table), --divide and --stockfish against the
# plain counts, --stats (with the special moves' columns), --json, suite
# mismatches and bad lines, usage errors, memory.  Work units (--split,
# --sum, ;M) are tested in perft-scale.bats.  OB_QUICK=1 (sanitizer
# builds) uses smaller depths.

load common

SUITE="$TESTDATA/perft/oblique.epd"
RSUITE="$TESTDATA/perft/raumschach.epd"
DSUITE="$TESTDATA/perft/diagonal-oblong.epd"
# Plattraum's two-player variants: -V plattraum-NAME reads plattraum-NAME.epd.
PLATTRAUM="2p multiple knighted liu-yang"
psuite() {
	echo "$TESTDATA/perft/plattraum-$1.epd"
}
START='5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
	if [ "$OB_QUICK" = 1 ]; then DEEP=3 SHALLOW=2 REF=1; else DEEP=4 SHALLOW=3 REF=2; fi
}

# positions FILE: the number of position lines in a suite
positions() {
	grep -vc '^#' "$1"
}

# every result line is ok, one per position
all_ok() {
	[ "${#lines[@]}" -eq "$(positions "$1")" ]
	! printf '%s\n' "${lines[@]}" | grep -v '^ok'
}

@test "the Oblique suite: at least 40 positions, all ok" {
	[ "$(positions "$SUITE")" -ge 40 ]
	run -0 --separate-stderr ob-perft -j 2 -m "$DEEP" "$SUITE"
	all_ok "$SUITE"
	[ -z "$stderr" ]
	# The start position is checked to depth 5 in the suite.
	grep -q '^startpos .*;D5 1322477950$' "$SUITE"
}

@test "the Raumschach suite: all ok" {
	run -0 --separate-stderr ob-perft -V raumschach -j 2 -m "$DEEP" "$RSUITE"
	all_ok "$RSUITE"
	grep -q '^startpos ;D1 61 ;D2 3615 ;D3 237316 ;D4 15587032' "$RSUITE"
}

@test "the Plattraum suites: all ok, start positions to depth 6 (Liu Yang 5)" {
	for p in $PLATTRAUM; do
		[ "$(positions "$(psuite $p)")" -ge 20 ]
		run -0 --separate-stderr ob-perft -V plattraum-$p -j 2 -m "$DEEP" "$(psuite $p)"
		all_ok "$(psuite $p)"
		[ -z "$stderr" ]
	done
	grep -q '^startpos ;D1 21 ;D2 432 ;D3 11121 ;D4 280455 ;D5 8203140 ;D6 235826163$' "$(psuite 2p)"
	grep -q '^startpos ;D1 23 ;D2 532 ;D3 14686 ;D4 409642 ;D5 13204236 ;D6 430850692$' "$(psuite multiple)"
	grep -q '^startpos ;D1 21 ;D2 442 ;D3 12192 ;D4 334290 ;D5 11029064 ;D6 362799698$' "$(psuite knighted)"
	grep -q '^startpos ;D1 30 ;D2 901 ;D3 30990 ;D4 1067926 ;D5 40372298$' "$(psuite liu-yang)"
}

@test "the Diagonal Oblong suite: all ok, start position to depth 6" {
	[ "$(positions "$DSUITE")" -ge 25 ]
	run -0 --separate-stderr ob-perft -V diagonal-oblong -j 2 -m "$DEEP" "$DSUITE"
	all_ok "$DSUITE"
	[ -z "$stderr" ]
	grep -q '^rknb/.* w KGkg - 0 1 ;D1 18 ;D2 324 ;D3 6227 ;D4 119539 ;D5 2495207 ;D6 52004785$' "$DSUITE"
	[ "$OB_QUICK" = 1 ] && return
	# Every position to its deepest count (a few seconds).
	run -0 ob-perft -V diagonal-oblong -j 2 --hash 16 "$DSUITE"
	all_ok "$DSUITE"
}

@test "every suite count holds for the point-reflected position" {
	run -0 ob-perft -M -m "$SHALLOW" "$SUITE"
	all_ok "$SUITE"
	run -0 ob-perft -M -V raumschach -m "$SHALLOW" "$RSUITE"
	all_ok "$RSUITE"
	run -0 ob-perft -M -V diagonal-oblong -m "$DEEP" "$DSUITE"
	all_ok "$DSUITE"
	# Plattraum: the mirror top to bottom, armies swapped.
	for p in $PLATTRAUM; do
		run -0 ob-perft -M -V plattraum-$p -j 2 -m "$SHALLOW" "$(psuite $p)"
		all_ok "$(psuite $p)"
	done
}

@test "every suite count holds with the slow reference generator" {
	run -0 ob-perft --reference -j 2 -m "$REF" "$SUITE"
	all_ok "$SUITE"
	run -0 ob-perft --reference -V raumschach -m "$REF" "$RSUITE"
	all_ok "$RSUITE"
	run -0 ob-perft --reference -V diagonal-oblong -m "$SHALLOW" "$DSUITE"
	all_ok "$DSUITE"
	for p in $PLATTRAUM; do
		run -0 ob-perft --reference -V plattraum-$p -j 2 -m "$REF" "$(psuite $p)"
		all_ok "$(psuite $p)"
	done
}

@test "-j 1, -j 2 and --hash give identical output on the whole suite" {
	ob-perft -j 1 -m "$SHALLOW" "$SUITE" >"$T/j1"
	ob-perft -j 2 -m "$SHALLOW" "$SUITE" >"$T/j2"
	ob-perft -j 1 --hash 1 -m "$SHALLOW" "$SUITE" >"$T/h1"
	ob-perft -j 2 --hash 16 -m "$SHALLOW" "$SUITE" >"$T/h16"
	cmp "$T/j1" "$T/j2"
	cmp "$T/j1" "$T/h1"
	cmp "$T/j1" "$T/h16"
	ob-perft -V diagonal-oblong -j 1 -m "$DEEP" "$DSUITE" >"$T/d1"
	ob-perft -V diagonal-oblong -j 2 --hash 4 -m "$DEEP" "$DSUITE" >"$T/d2"
	cmp "$T/d1" "$T/d2"
	for p in $PLATTRAUM; do
		ob-perft -V plattraum-$p -j 1 -m "$SHALLOW" "$(psuite $p)" >"$T/p1"
		ob-perft -V plattraum-$p -j 2 --hash 4 -m "$SHALLOW" "$(psuite $p)" >"$T/p2"
		cmp "$T/p1" "$T/p2"
	done
	# The same for plain counts, divide and stats at a fixed depth.
	# (--stats costs about one ply more than a count.)
	sed 's/ ;D.*//' "$SUITE" >"$T/positions"
	for mode in "" --divide --stockfish "--stats -d 2" --json; do
		# --stats uses no table, and refuses --hash
		hash="--hash 2"
		[[ $mode == --stats* ]] && hash=""
		# shellcheck disable=SC2086
		ob-perft -d "$SHALLOW" $mode "$T/positions" >"$T/a"
		# shellcheck disable=SC2086
		ob-perft -d "$SHALLOW" $mode -j 2 $hash "$T/positions" >"$T/b"
		cmp "$T/a" "$T/b"
	done
}

@test "plain counts: one line per position, perft(0) = 1" {
	run -0 ob-perft --startpos -d 3
	[ "$output" = 279716 ]
	run -0 ob-perft -S -d 0
	[ "$output" = 1 ]
	printf 'startpos\n# comment\n\n%s\n' "$START" | ob-perft -d 2 >"$T/out"
	printf '4102\n4102\n' | cmp - "$T/out"
	run -0 ob-perft -V raumschach -S -d 3
	[ "$output" = 237316 ]
	# Fields 3 and 4 may be left out, also before expectations.
	run -0 ob-perft -d 2 <<<"${START% 0 1}"
	[ "$output" = 4102 ]
	run -0 ob-perft <<<"${START% 0 1} ;D1 64 ;D2 4102"
	[ "$output" = "ok D1 64 D2 4102" ]
}

@test "--divide: moves in byte order, totals equal the plain counts" {
	sed 's/ ;D.*//' "$SUITE" >"$T/positions"
	ob-perft -d 2 "$T/positions" >"$T/plain"
	ob-perft -d 2 --divide "$T/positions" >"$T/divide"
	grep '^total ' "$T/divide" | cut -d' ' -f2 | cmp - "$T/plain"
	# Blank lines only between positions.
	[ "$(grep -c '^$' "$T/divide")" -eq $(($(wc -l <"$T/plain") - 1)) ]
	# Each block's moves are sorted by their bytes and sum to its total.
	awk -v RS= '{
		s = 0
		for (i = 1; i < NF - 1; i += 2) {
			if (i > 1 && $i <= prev) { print "unsorted " $i; exit 1 }
			prev = $i; s += $(i + 1)
		}
		if ($(NF - 1) != "total" || $NF != s) { print "bad total"; exit 1 }
	}' "$T/divide"
	LC_ALL=C awk 'NF == 2 && $1 != "total" { print $1 }' "$T/divide" |
		head -64 | LC_ALL=C sort -c
	# Check suffixes are part of the text: mates show '#', checks '+'.
	ob-perft -d 1 --divide "$T/positions" | grep -q '^[A-Z][A-E][a-e][1-5][-x][A-E][a-e][1-5].*#'
	ob-perft -d 1 --divide "$T/positions" | grep -q '^[A-Z][A-E][a-e][1-5][-x][A-E][a-e][1-5].*+ 1$'
	# Quiet moves before captures of the same piece.
	ob-perft -d 1 --divide "$T/positions" | grep -q 'x.*=R 1$'
}

@test "--divide needs a depth of at least 1" {
	run -2 --separate-stderr ob-perft -S --divide -d 0
	[[ "$stderr" == *"--divide needs a depth of at least 1"* ]]
	run -2 --separate-stderr ob-perft -S --stockfish -d 0
	run -0 ob-perft -S --divide
	[ "${lines[64]}" = "total 64" ]
}

@test "--stockfish: 'MOVE: N' lines, a blank line, 'Nodes searched: N' and a blank line" {
	run -0 ob-perft -S -d 2 --stockfish
	[ "${#lines[@]}" -eq 65 ] # bats drops the blank lines
	[ "${lines[64]}" = "Nodes searched: 4102" ]
	[[ "${lines[0]}" =~ ^[A-Z][A-E][a-e][1-5][-x][A-E][a-e][1-5]:\ [0-9]+$ ]]
	[ "$(ob-perft -S -d 2 --stockfish | tail -3 | paste -sd'|')" = "|Nodes searched: 4102|" ]
	# the blank line after one position parts it from the next
	[ "$(printf 'startpos\nstartpos\n' | ob-perft -d 1 --stockfish | grep -c '^$')" -eq 4 ]
	# The same counts as --divide.
	diff <(ob-perft -S -d 3 --divide | sed '$d') \
		<(ob-perft -S -d 3 --stockfish | sed -n '/^Nodes/!s/: / /p')
}

@test "--stats: the table of leaf statistics for each depth" {
	run -0 ob-perft -S -d 3 --stats -j 2
	[ "${lines[0]}" = "depth   nodes  captures  promotions  checks  double_checks  checkmates  stalemates" ]
	[ "${lines[1]}" = "    1      64         0           0       0              0           0           0" ]
	[ "${lines[2]}" = "    2    4102        61           0      12              0           0           0" ]
	[ "${lines[3]}" = "    3  279716      9008           0    5984              0           0           0" ]
	[ "${#lines[@]}" -eq 4 ]
	# Nodes equal the plain counts; the suite has every kind of leaf.
	sed 's/ ;D.*//' "$SUITE" | ob-perft --stats -d 2 --json >"$T/stats"
	for k in captures promotions checks double_checks checkmates stalemates; do
		jq -s -e "[.[].stats[].$k] | add > 0" "$T/stats"
	done
	jq -r '.stats[1].nodes' "$T/stats" >"$T/n2"
	sed 's/ ;D.*//' "$SUITE" | ob-perft -d 2 | cmp - "$T/n2"
	# JSON always has the special moves' members, zero for Oblique.
	jq -s -e '[.[].stats[] | .en_passant + .castlings + .guardings] | add == 0' "$T/stats"
}

@test "--stats: en passant, castling and guarding columns for Diagonal Oblong" {
	run -0 ob-perft -V diagonal-oblong -S -d 3 --stats
	[ "${lines[0]}" = "depth  nodes  captures  promotions  checks  double_checks  checkmates  stalemates  en_passant  castlings  guardings" ]
	[ "${lines[3]}" = "    3   6227         7           0       0              0           0           0           0          0         72" ]
	# One castling, eighteen guardings (47 moves with the right, 29
	# without), one en passant capture: the suite's positions.
	d() { grep -F -- "$1" "$DSUITE" | head -1 | sed 's/ ;D.*//'; }
	run -0 ob-perft -V diagonal-oblong -d 1 --stats <<<"$(d 'B1K1 w K - 0 1 ;D1 14 ;D2 66')"
	[ "${lines[1]}" = "    1     14         0           0       0              0           0           0           0          1          0" ]
	run -0 ob-perft -V diagonal-oblong -d 1 --stats --json <<<"$(d '1Q1B/2K1 w G - 0 1')"
	[ "$(jq -c '.stats[0] | [.nodes, .checks, .guardings, .castlings]' <<<"$output")" = "[47,9,18,0]" ]
	run -0 ob-perft -V diagonal-oblong -d 1 --stats --json <<<"$(d '2K1 b - e5 0 1 ;D1 7')"
	[ "$(jq -c '.stats[0] | [.nodes, .captures, .en_passant]' <<<"$output")" = "[7,1,1]" ]
	# Over the whole suite every column counts something, and the nodes
	# are the plain counts; threads change nothing.
	sed 's/ ;D.*//' "$DSUITE" >"$T/dpos"
	ob-perft -V diagonal-oblong --stats -d 3 --json "$T/dpos" >"$T/ds"
	for k in captures promotions checks double_checks checkmates stalemates en_passant castlings guardings; do
		jq -s -e "[.[].stats[].$k] | add > 0" "$T/ds"
	done
	jq -r '.stats[2].nodes' "$T/ds" | cmp - <(ob-perft -V diagonal-oblong -d 3 "$T/dpos")
	ob-perft -V diagonal-oblong --stats -d 3 -j 2 --json "$T/dpos" | cmp - "$T/ds"
	# Raumschach has no such moves: no such columns.
	run -0 ob-perft -V raumschach -S -d 1 --stats
	[ "${lines[0]}" = "depth  nodes  captures  promotions  checks  double_checks  checkmates  stalemates" ]
}

@test "--json: one object per position in every mode" {
	run -0 ob-perft -S -d 2 --json
	[ "$(jq -r .nodes <<<"$output")" = 4102 ]
	[ "$(jq -r .variant <<<"$output")" = oblique ]
	[ "$(jq -r .ofen <<<"$output")" = "$START" ]
	# each board's position under its format's name, in every mode
	local variant key
	for variant in oblique:ofen raumschach:ofen diagonal-oblong:dfen \
		plattraum:pfen plattraum-2p:pfen; do
		key=${variant#*:} variant=${variant%%:*}
		for mode in "" --divide --stats "--split 1"; do
			# depth 1, the default (--split refuses -d)
			# shellcheck disable=SC2086
			ob-perft -V "$variant" -S $mode --json >"$BATS_TEST_TMPDIR/j"
			jq -e --arg key "$key" \
				'keys_unsorted[0] == $key and (.[$key] | type) == "string"' \
				"$BATS_TEST_TMPDIR/j" >/dev/null ||
				{ echo "$variant $mode:"; head -c 300 "$BATS_TEST_TMPDIR/j"; false; }
		done
	done
	run -0 ob-perft -S -d 2 --divide --json
	[ "$(jq '.moves | length' <<<"$output")" = 64 ]
	[ "$(jq '[.moves[].nodes] | add' <<<"$output")" = 4102 ]
	run -0 ob-perft -S -d 2 --stats --json
	[ "$(jq -c '.stats[1] | [.depth, .nodes, .captures, .checks]' <<<"$output")" = "[2,4102,61,12]" ]
	run -1 --separate-stderr ob-perft --json <<<"startpos ;D1 64 ;D2 4103"
	[ "$(jq -c '[.ok, .line, .checks[1].expected, .checks[1].nodes]' <<<"$output")" = "[false,1,4103,4102]" ]
	run -0 ob-perft --json -m 2 "$SUITE"
	[ "${#lines[@]}" -eq "$(positions "$SUITE")" ]
	[ "$(jq -s '[.[] | select(.ok)] | length' <<<"$output")" -eq "${#lines[@]}" ]
}

@test "a suite mismatch: FAIL line, diagnostic, exit 1, the next line checked" {
	printf 'startpos ;D1 64 ;D2 4103 ;D3 1\nstartpos ;D1 64\n' >"$T/s"
	run -1 --separate-stderr ob-perft "$T/s"
	[ "${lines[0]}" = "FAIL D2 expected 4103 got 4102" ]
	[ "${lines[1]}" = "ok D1 64" ]
	[ "$stderr" = "ob-perft: $T/s:1:17: D2: expected 4103, got 4102" ]
	# --max-depth leaves the deeper expectations unchecked.
	run -0 ob-perft -m 1 "$T/s"
	[ "$output" = "$(printf 'ok D1 64\nok D1 64')" ]
	run -0 ob-perft -m 0 "$T/s"
	[ "$output" = "$(printf 'ok\nok')" ]
}

@test "moves after a position are played first, with suite expectations after them" {
	printf '%s\n' 'startpos PCc2-Cc3 NCd5-Ce3' 'startpos moves PCc2-Cc3 NCd5-Ce3 ;D1 70 ;D2 4821' \
		'startpos PCc2-Cc3 PCc4-Cc3' "$START PCc2-Cc3" >"$T/m"
	run -1 --separate-stderr ob-perft -d 1 "$T/m"
	[ "${lines[0]}" = 70 ]
	[[ "${lines[1]}" == "ok D1 70 D2 "* ]]
	[ "${lines[2]}" = "$(echo 'startpos PCc2-Cc3' | ob-perft -d 1)" ]
	[ "$stderr" = "ob-perft: $T/m:3:24: ply 2 (PCc4-Cc3): a pawn cannot capture straight ahead" ]
	# The same position as ob-fen reaches with the same moves.
	[ "$(echo 'startpos PCc2-Cc3 NCd5-Ce3' | ob-fen | ob-perft -d 2)" = "$(echo 'startpos PCc2-Cc3 NCd5-Ce3' | ob-perft -d 2)" ]
}

@test "a bad OFEN line gets a diagnostic and the next line is processed" {
	printf 'startpos\n5/5/5/5/5 w 0 1\n%s x\nstartpos ;D1 64\n' "$START" >"$T/in"
	run -1 --separate-stderr ob-perft -d 1 "$T/in"
	[ "$output" = "$(printf '64\nok D1 64')" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	[[ "${stderr_lines[0]}" == "ob-perft: $T/in:2:"*": "* ]]
	# Text after the position is read as moves to play from it.
	[ "${stderr_lines[1]}" = "ob-perft: $T/in:3:105: ply 1 (x): 'x' is not a piece letter" ]
	# An illegal position is named, and the run goes on.
	printf '5/5/5/5/5|5/5/5/5/5|5/5/5/5/SS2s|5/5/5/5/5|5/5/5/5/5 w 0 1\nstartpos\n' >"$T/illegal"
	run -1 --separate-stderr ob-perft "$T/illegal"
	[ "$output" = 64 ]
	[[ "$stderr" == "ob-perft: $T/illegal:1:1: "*Sovereign* ]]
	# Several files: a missing one is exit 2, the others still run.
	run -2 --separate-stderr ob-perft "$T/missing" "$T/in"
	[ "$output" = "$(printf '64\nok D1 64')" ]
}

@test "usage errors exit 2: absurd -j and --hash, bad depths, conflicts" {
	for args in "-j 0" "-j 100000" "-j x" "--hash 1000000000000" \
		"--hash -1" "--hash 1x" "-d 31" "-d -1" "-m x" "--stats --divide" \
		"-V nosuch" "--startpos $SUITE" "--nosuch" "--split 31" \
		"--split x" "--split 1 --sum" "--split 1 --divide" \
		"--split 1 --stats" "--split 1 --reference" "--sum --stats" \
		"--sum --divide" "--memory 64" "--split 1 --memory 0" \
		"--split 1 --memory 1000000000000"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr ob-perft -S $args </dev/null
		echo "$args: $stderr"
		[ -n "$stderr" ]
		[ -z "$output" ]
	done
	run -2 --separate-stderr ob-perft --hash 1000000000000 -S
	[[ "$stderr" == "ob-perft: --hash takes mebibytes from 0 to "* ]]
}

@test "--help, --version" {
	run -0 --separate-stderr ob-perft --help
	[[ "$output" == "usage: ob-perft "* ]]
	for o in --depth --divide --hash --threads --json --max-depth --memory \
		--mirror --reference --split --stats --startpos --stockfish \
		--sum --verbose --variant --version; do
		[[ "$output" == *"$o"* ]]
	done
	[ -z "$stderr" ]
	run -0 ob-perft --version
	[[ "$output" == "ob-perft "[0-9]* ]]
}

@test "-v prints the time and nodes per second on standard error" {
	run -0 --separate-stderr ob-perft -S -d 3 -v
	[ "$output" = 279716 ]
	[[ "$stderr" =~ ^ob-perft:\ 279716\ nodes\ in\ [0-9.]+\ s,\ [0-9]+\ nodes/s$ ]]
}

@test "a progress line only when standard error is a terminal" {
	[ "$OB_QUICK" = 1 ] && skip "too slow under the sanitizers"
	# The line comes after a second: a run of about five here (the
	# three-player start position to depth 7, on one thread).
	# Not a terminal: an empty standard error.
	run -0 --separate-stderr ob-perft -V plattraum -S -d 7 -j 1
	[ "$output" = 470574694 ]
	[ -z "$stderr" ]
	# A terminal, from script(1): a progress line on standard error,
	# nothing more on standard output.
	command -v script >/dev/null || skip "no script(1)"
	script -qec "ob-perft -V plattraum -S -d 7 -j 1 >$T/out" \
		/dev/null >"$T/tty"
	grep -q 'ob-perft: [0-9]*/16 moves, [0-9]* nodes, [0-9]* nodes/s, ETA [0-9]* s' "$T/tty"
	[ "$(cat "$T/out")" = 470574694 ]
}

@test "memory: a few megabytes without --hash; with it, the table in use grows with the tree up to the size asked" {
	[ -x /usr/bin/time ] || skip "no /usr/bin/time"
	nm "$OB_BUILD/ob-perft" 2>/dev/null | grep -q __asan && skip "sanitizer build"
	[ "$OB_QUICK" = 1 ] && skip "too slow under the sanitizers"
	/usr/bin/time -f %M -o "$T/rss" ob-perft -S -d 4 -j 2 >/dev/null
	echo "max RSS $(cat "$T/rss") KiB"
	[ "$(cat "$T/rss")" -lt 8192 ]
	# A small tree touches a small part of a large table ...
	/usr/bin/time -f %M -o "$T/rss" ob-perft -S -d 4 --hash 1024 >/dev/null
	echo "max RSS $(cat "$T/rss") KiB with --hash 1024 at depth 4"
	[ "$(cat "$T/rss")" -lt 16384 ]
	# ... and a tree with more nodes to store than it has entries fills it.
	echo startpos | /usr/bin/time -f %M -o "$T/rss" \
		ob-perft -V diagonal-oblong -d 7 --hash 16 >"$T/out"
	echo "max RSS $(cat "$T/rss") KiB with --hash 16 at depth 7"
	[ "$(cat "$T/out")" = 1180008877 ]
	[ "$(cat "$T/rss")" -gt 16384 ]
}

@test "every suite names its board: checked with no -V, all of them at once" {
	local all=()
	for f in "$TESTDATA"/perft/*.epd; do
		name=$(basename "$f" .epd)
		[ "$(grep -m1 -v '^# ' "$f")" = "#variant $name" ]
		run -0 --separate-stderr ob-perft -m 1 "$f"
		all_ok "$f"
		[ -z "$stderr" ]
		all+=("$f")
	done
	[ "${#all[@]}" -eq 9 ]
	# Each file starts again in -V's variant, so its directive counts.
	run -0 --separate-stderr ob-perft -m 1 "${all[@]}"
	[ -z "$stderr" ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^ok')" -eq "$(cat "${all[@]}" | grep -vc '^#')" ]
}

@test "EPD opcodes: ;id is kept and printed, the others skipped with a warning once per name and input" {
	printf '%s\n' 'startpos ;D1 64 ;D2 4102 ;id "start"' \
		'startpos ;bm PCc2-Cc3; c0 "a; b" ;D1 64;' \
		'startpos ;id  two words  ;acd 5 ;bm x' \
		'startpos ;D1 65 ;id "off by one"' \
		'startpos ;id "" ;Dx 3' >"$T/in"
	run -1 --separate-stderr ob-perft "$T/in"
	[ "${lines[0]}" = 'ok D1 64 D2 4102 id "start"' ]
	[ "${lines[1]}" = 'ok D1 64' ]
	[ "${lines[2]}" = '64 id "two words"' ]
	[ "${lines[3]}" = 'FAIL D1 expected 65 got 64 id "off by one"' ]
	[ "${lines[4]}" = '64 id ""' ]
	[ "${#lines[@]}" -eq 5 ]
	[ "${stderr_lines[0]}" = "ob-perft: $T/in:2:11: EPD opcode 'bm' skipped (ob-perft reads ;D<depth>, ;M and ;id); not said again for this input" ]
	[ "${stderr_lines[1]}" = "ob-perft: $T/in:2:24: EPD opcode 'c0' skipped (ob-perft reads ;D<depth>, ;M and ;id); not said again for this input" ]
	[ "${stderr_lines[2]}" = "ob-perft: $T/in:3:27: EPD opcode 'acd' skipped (ob-perft reads ;D<depth>, ;M and ;id); not said again for this input" ]
	[ "${stderr_lines[3]}" = "ob-perft: $T/in:4:10: D1: expected 65, got 64" ]
	[ "${stderr_lines[4]}" = "ob-perft: $T/in:5:18: EPD opcode 'Dx' skipped (ob-perft reads ;D<depth>, ;M and ;id); not said again for this input" ]
	[ "${#stderr_lines[@]}" -eq 5 ]
	# Once per input: the same file twice is warned twice; stdin once.
	run -1 --separate-stderr ob-perft -m 1 "$T/in" "$T/in"
	[ "$(grep -c "'bm' skipped" <<<"$stderr")" -eq 2 ]
	run -0 --separate-stderr ob-perft -d 1 <<<"$(printf 'startpos ;bm a\nstartpos ;bm b ;pm c\n')"
	[ "$(grep -c "'bm' skipped" <<<"$stderr")" -eq 1 ]
	[ "$(grep -c "'pm' skipped" <<<"$stderr")" -eq 1 ]
	# The names kept are bounded: past 32 kinds, one word, then none.
	line=startpos
	for k in $(seq 40); do line="$line ;op$k x"; done
	run -0 --separate-stderr ob-perft -d 1 <<<"$line"
	[ "$output" = 64 ]
	[ "${#stderr_lines[@]}" -eq 33 ]
	[[ "${stderr_lines[32]}" == *"more than 32 EPD opcode names in this input: the others are skipped without a word" ]]
	# --json: the id as a member, in every mode that writes one object
	# per position.
	run -1 --separate-stderr ob-perft --json "$T/in"
	[ "$(jq -r '.id // "-"' <<<"$output" | paste -sd,)" = 'start,-,two words,off by one,' ]
	run -0 ob-perft --json -d 1 <<<'startpos ;id x\y'
	[ "$(jq -r .id <<<"$output")" = 'x\y' ]
	run -0 ob-perft -D --json -d 1 <<<'startpos ;id d'
	[ "$(jq -r .id <<<"$output")" = d ]
	run -0 ob-perft -D -d 1 <<<'startpos ;id d'
	[ "${lines[-1]}" = 'total 64 id "d"' ]
	run -0 ob-perft -s --json -d 1 <<<'startpos ;id s'
	[ "$(jq -r .id <<<"$output")" = s ]
	# --sum and --split take the position and its ;M, not the id.
	run -0 ob-perft --sum -d 1 <<<'startpos ;id a ;M 2'
	[ "$output" = 128 ]
	# A bad ;id or opcode is a diagnostic at its column; the next line
	# is read.
	printf '%s\n' 'startpos ;id "open' 'startpos ;id' 'startpos ;id a ;id b' \
		'startpos ;c0 "open' 'startpos ;id a"b' 'startpos ;;' 'startpos' >"$T/bad"
	run -1 --separate-stderr ob-perft "$T/bad"
	[ "$output" = 64 ]
	[ "${stderr_lines[0]}" = "ob-perft: $T/bad:1:14: unterminated string after ';id'" ]
	[ "${stderr_lines[1]}" = "ob-perft: $T/bad:2:13: expected the id after ';id'" ]
	[ "${stderr_lines[2]}" = "ob-perft: $T/bad:3:16: a second ';id'" ]
	[ "${stderr_lines[3]}" = "ob-perft: $T/bad:4:14: unterminated string in the operands of ';c0'" ]
	[ "${stderr_lines[4]}" = "ob-perft: $T/bad:5:15: a '\"' in the id" ]
	[ "${stderr_lines[5]}" = "ob-perft: $T/bad:6:11: expected 'D' and a depth, 'M', or an EPD opcode after ';'" ]
	[ "${#stderr_lines[@]}" -eq 6 ]
}

@test "#variant lines set the variant of the positions after them" {
	printf '#variant raumschach\nstartpos\n#variant Diagonal Oblong\nstartpos\n' >"$T/in"
	printf 'startpos\n' >>"$T/in2"
	run -0 ob-perft -d 2 "$T/in" "$T/in2"
	[ "$output" = "$(printf '3615\n324\n4102')" ]
	# --sum adds counts of one variant only, the first: the others are
	# skipped, said, and no total is written.
	run -1 --separate-stderr ob-perft -d 1 --sum "$T/in"
	[ -z "$output" ]
	[[ "$stderr" == *"in:3:1: --sum takes the positions of one variant, raumschach (the first read): the diagonal-oblong lines up to the next #variant are skipped"* ]]
	run -0 ob-perft -d 1 --sum "$T/in2"
	[ "$output" = 64 ]
	run -1 --separate-stderr ob-perft -d 1 "$T/in" - <<<"#variant shogi"
	[[ "$stderr" == *"<stdin>:1:"*"shogi"* ]]
}

@test "--json: a file name's invalid UTF-8 byte is replaced, as in the other tools" {
	f="$T/$(printf 'p\377.epd')"
	printf 'startpos ;D1 64\n' >"$f"
	run -0 ob-perft --json "$f"
	[[ "$output" == *'p\ufffd.epd","line"'* ]]
	! LC_ALL=C grep -q $'\377' <<<"$output"
}
