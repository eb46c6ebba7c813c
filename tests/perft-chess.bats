#!/usr/bin/env bats
# ob-perft on orthodox chess (-V chess): the suite of the chessprogramming
# perft table and one-rule positions (plain, mirrored, reference generator,
# threads and table), the start position to depth 6, --stats against the
# table's columns, --divide with castling as the King's move, moves in
# every form after a position, #variant lines and --json.  The FEN
# dialect is tested in ob-fen-chess.bats.

load common

CSUITE="$TESTDATA/perft/chess.epd"
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
	if [ "$OB_QUICK" = 1 ]; then DEEP=4 SHALLOW=3 REF=2; else DEEP=5 SHALLOW=4 REF=3; fi
}

positions() {
	grep -vc '^#' "$1"
}

all_ok() {
	[ "${#lines[@]}" -eq "$1" ]
	! printf '%s\n' "${lines[@]}" | grep -v '^ok'
}

@test "the chess suite: the perft table's six positions and the one-rule positions, all ok" {
	[ "$(positions "$CSUITE")" -ge 20 ]
	run -0 --separate-stderr ob-perft -V chess -j 2 -m "$DEEP" "$CSUITE"
	all_ok "$(positions "$CSUITE")"
	[ -z "$stderr" ]
	# The table's counts, as the wiki gives them.
	grep -q '^startpos ;D1 20 ;D2 400 ;D3 8902 ;D4 197281 ;D5 4865609 ;D6 119060324 ;D7 3195901860$' "$CSUITE"
	grep -q "^$KIWIPETE ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603 ;D5 193690690 ;D6 8031647685\$" "$CSUITE"
	grep -q '^8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 .*;D6 11030083 ;D7 178633661 ;D8 3009794393$' "$CSUITE"
	grep -q '^r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 .*;D5 15833292 ;D6 706045033$' "$CSUITE"
	grep -q '^rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 .*;D4 2103487 ;D5 89941194$' "$CSUITE"
	grep -q '^r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10 .*;D5 164075551 ;D6 6923051137$' "$CSUITE"
	[ "$OB_QUICK" = 1 ] && return
	# Depth 6 where it stays below 200 million leaves a position (the
	# deeper counts are in deep.txt).
	awk '!/^#/ && match($0, / ;D6 [0-9]+/) && substr($0, RSTART + 5, RLENGTH - 5) + 0 < 2e8' \
		"$CSUITE" >"$T/six"
	[ "$(wc -l <"$T/six")" -ge 12 ]
	run -0 ob-perft -V chess -j 2 -m 6 "$T/six"
	all_ok "$(wc -l <"$T/six")"
}

@test "the start position to depth 6 prints 119060324" {
	[ "$OB_QUICK" = 1 ] && skip "depth 6 under the sanitizers"
	run -0 --separate-stderr ob-perft -V chess -d 6 <<<startpos
	[ "$output" = 119060324 ]
	[ -z "$stderr" ]
}

@test "every count of the suite holds for the mirrored position and with the reference generator" {
	run -0 ob-perft -V chess -M -j 2 -m "$SHALLOW" "$CSUITE"
	all_ok "$(positions "$CSUITE")"
	run -0 ob-perft -V chess --reference -j 2 -m "$REF" "$CSUITE"
	all_ok "$(positions "$CSUITE")"
	# Position 4's mirror is the suite's next line: -M of one is the other.
	sed -n '/^# Position 4/{n;p;n;p}' "$CSUITE" | sed 's/ ;D.*//' >"$T/p4"
	head -1 "$T/p4" | ob-fen -V chess -M | tail -1 >"$T/m4"
	[ "$(cat "$T/m4")" = "$(tail -1 "$T/p4")" ]
}

@test "-j 1, -j 2 and --hash give identical output on the suite" {
	ob-perft -V chess -j 1 -m "$SHALLOW" "$CSUITE" >"$T/j1"
	ob-perft -V chess -j 2 --hash 8 -m "$SHALLOW" "$CSUITE" >"$T/j2"
	cmp "$T/j1" "$T/j2"
	sed 's/ ;D.*//' "$CSUITE" | grep -v '^#' >"$T/pos"
	ob-perft -V chess -d 3 --divide "$T/pos" >"$T/d1"
	ob-perft -V chess -d 3 --divide -j 2 --hash 4 "$T/pos" >"$T/d2"
	cmp "$T/d1" "$T/d2"
}

@test "--stats: the chessprogramming table's columns for the start position and Kiwipete" {
	[ "$OB_QUICK" = 1 ] && skip "depth 5 under the sanitizers"
	run -0 ob-perft -V chess -S -d 5 --stats
	[ "${lines[0]}" = "depth    nodes  captures  promotions  checks  double_checks  checkmates  stalemates  en_passant  castlings" ]
	[ "${lines[4]}" = "    4   197281      1576           0     469              0           8           0           0          0" ]
	[ "${lines[5]}" = "    5  4865609     82719           0   27351              0         347           0         258          0" ]
	run -0 ob-perft -V chess -d 4 --stats <<<"$KIWIPETE"
	[ "${lines[3]}" = "    3    97862     17102           0     993              0           1           0          45       3162" ]
	[ "${lines[4]}" = "    4  4085603    757163       15172   25523              6          43           0        1929     128013" ]
	# The nodes are the plain counts; threads change nothing.
	sed 's/ ;D.*//' "$CSUITE" >"$T/pos"
	ob-perft -d 3 --stats --json "$T/pos" >"$T/s1"
	ob-perft -d 3 --stats --json -j 2 "$T/pos" | cmp - "$T/s1"
	jq -r '.stats[2].nodes' "$T/s1" | cmp - <(ob-perft -d 3 "$T/pos")
	# Over the suite every column counts something.
	for k in captures promotions checks double_checks checkmates stalemates en_passant castlings; do
		jq -s -e "[.[].stats[].$k] | add > 0" "$T/s1"
	done
}

@test "--divide: moves in long form and byte order, castling as the King's move" {
	run -0 ob-perft -V chess -S -d 1 --divide
	[ "${lines[0]}" = "Nb1-a3 1" ]
	[ "${lines[19]}" = "Ph2-h4 1" ]
	run -0 ob-perft -V chess -d 2 --divide <<<"$KIWIPETE"
	[[ "$output" == *$'\nKe1-c1 43\n'* ]]
	[[ "$output" == *$'\nKe1-g1 43\n'* ]]
	[ "${lines[${#lines[@]} - 1]}" = "total 2039" ]
	run -0 --separate-stderr ob-perft -V chess -d 2 --stockfish <<<"$KIWIPETE"
	[ "${lines[${#lines[@]} - 1]}" = "Nodes searched: 2039" ]
}

@test "moves after a position in every form chess reads, then the expectations" {
	run -0 ob-perft -V chess <<<"startpos e2e4 Pe7-e5 g1f3 Nb8-c6 Bf1-c4 g8f6 O-O ;D1 29 ;D2 862"
	[ "$output" = "ok D1 29 D2 862" ]
	# the same position as a FEN
	run -0 ob-perft -V chess -d 2 <<<"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
	[ "$output" = 862 ]
	run -1 --separate-stderr ob-perft -V chess -d 1 <<<"startpos e2e4 Nf6"
	[ "$stderr" = "ob-perft: <stdin>:1:18: ply 2 (Nf6): expected - or x after the from-cell (SAN is not read: write the long form, as Ng1-f3, or UCI's g1f3)" ]
}

@test "#variant chess and -V Chess select the board; a FEN without them is named" {
	printf '#variant chess\nstartpos ;D1 20 ;D2 400\n' >"$T/in"
	run -0 ob-perft "$T/in"
	[ "$output" = "ok D1 20 D2 400" ]
	run -0 ob-perft -V Chess -S -d 2
	[ "$output" = 400 ]
	run -1 --separate-stderr ob-perft -d 1 <<<"$KIWIPETE"
	[ "$stderr" = "ob-perft: <stdin>:1:3: bad letter 'k' in placement (the line reads as chess: give -V chess or a '#variant chess' line)" ]
	run -0 ob-perft -V chess -S -d 1 --json
	[ "$(jq -c '[.fen, .variant, .nodes]' <<<"$output")" = '["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","chess",20]' ]
}
