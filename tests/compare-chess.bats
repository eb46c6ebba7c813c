#!/usr/bin/env bats
# ob-perft -V chess --compare with chess programs as they are: a perftree
# script around Stockfish (tests/engine/stockfish-perftree.sh: 'CMD depth
# fen moves', UCI moves in and out) agrees on the chess suite and on lines
# whose moves castle both ways, take en passant and promote; the test
# engine's planted faults are found down the tree, the path and moves named
# in UCI's form, which is also what the other program is given; --stockfish
# writes Stockfish's own bytes but for the order of the moves.

load common

SF_PERFTREE="$ROOT/tests/engine/stockfish-perftree.sh"
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
	PATH="$PATH:/usr/games" sh "$ROOT/tests/need.sh" stockfish
}

# with_fault FAULT DEPTH LINE: ob-perft --compare with the test engine's
# fault, its moves in UCI's form, reading LINE.
with_fault() {
	run --separate-stderr ob-perft -V chess -d "$2" --compare="test-engine -V chess -u -f $1" <<<"$3"
}

@test "Stockfish through a perftree script agrees on the suite and on lines that castle, take en passant and promote" {
	grep -v '^#' "$TESTDATA/perft/chess.epd" | sed 's/ ;D.*//' >"$T/lines"
	cat >>"$T/lines" <<-'EOF'
		startpos e2e4 g8f6 e4e5 d7d5 e5d6
		r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 e1c1 e8g8
		r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 e1g1 e8c8
		r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 a2a4 b4a3
		4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1 b7b8n b2b1r
		4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1 b7b8b b2b1q
		n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1 g2h1q b7b8n
	EOF
	local n
	n=$(wc -l <"$T/lines")
	[ "$n" -ge 28 ]
	# what Stockfish was given, one run a line
	run -0 --separate-stderr ob-perft -V chess -d 3 \
		--compare="echo \"\$3\" >>'$T/given'; '$SF_PERFTREE'" "$T/lines"
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq "$n" ] # bats drops the blank lines
	! printf '%s\n' "${lines[@]}" | grep -v '^ok D3 [0-9][0-9]*$'
	# the same counts as the suite's and ob-perft's own
	[ "${lines[1]}" = "ok D3 97862" ]
	[ "${lines[-1]}" = "ok D3 $(tail -1 "$T/lines" | ob-perft -V chess -d 3)" ]
	# each line's moves were given in UCI's form (Stockfish stops reading
	# at the first move it does not know, so the counts would differ)
	grep -qx 'e2e4 g8f6 e4e5 d7d5 e5d6' "$T/given"
	grep -qx 'e1c1 e8g8' "$T/given"
	grep -qx 'e1g1 e8c8' "$T/given"
	grep -qx 'b7b8n b2b1r' "$T/given"
	# and castling as the King's cells in its divide is read as that castling
	# (e1c1 was once read as the King's side): Kiwipete has both
	run -0 "$SF_PERFTREE" 1 "$KIWIPETE" ''
	[[ "$output" == *$'\ne1c1 1\n'* && "$output" == *$'\ne1g1 1\n'* ]]
}

@test "a planted en passant fault is found down the tree, the path named in UCI's form" {
	with_fault en-passant 5 startpos
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	[ "$output" = "D5 expected 4865609 got 4865351: 8 of 20 moves differ, smallest f2f4 expected 198473 got 198435
D4 after f2f4 expected 198473 got 198435: 19 of 20 moves differ, smallest f7f6 expected 8462 got 8460
D3 after f2f4 f7f6 expected 8462 got 8460: 1 of 20 moves differ, smallest f4f5 expected 346 got 344
D2 after f2f4 f7f6 f4f5 expected 346 got 344: 2 of 18 moves differ, smallest e7e5 expected 20 got 19
D1 after f2f4 f7f6 f4f5 e7e5 expected 20 got 19: 1 missing, 0 extra
position rnbqkbnr/pppp2pp/5p2/4pP2/8/8/PPPPP1PP/RNBQKBNR w KQkq e6 0 3
path f2f4 f7f6 f4f5 e7e5
missing f5e6" ]
	# the position and path agree: Stockfish counts the same there
	run -0 ob-perft -V chess -d 1 --compare="$SF_PERFTREE" <<<'startpos f2f4 f7f6 f4f5 e7e5'
	[ "$output" = "ok D1 20" ]
	# --json names them so too
	run -1 ob-perft -V chess -d 5 --json --compare='test-engine -V chess -u -f en-passant' <<<startpos
	[ "$(jq -r '[.steps[0].next, (.path | join(" ")), .missing[0]] | join(",")' <<<"$output")" = "f2f4,f2f4 f7f6 f4f5 e7e5,f5e6" ]
}

@test "planted castling, promotion, check and count faults, the moves the engine is given in UCI's form" {
	# the castling right kept after the King went and came back
	run --separate-stderr ob-perft -V chess -d 5 \
		--compare="echo \"\$3\" >>'$T/given'; test-engine -V chess -u -f castling" \
		<<<'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
	[ "$status" -eq 1 ]
	[ "${lines[4]}" = "D1 after e1f1 e8g8 f1e1 a8a2 expected 14 got 15: 0 missing, 1 extra" ]
	[ "${lines[5]}" = "position 5rk1/8/8/8/8/8/r7/R3K2R w - - 4 3" ]
	[ "${lines[6]}" = "path e1f1 e8g8 f1e1 a8a2" ]
	[ "${lines[7]}" = "extra e1c1: the queenside castling right is gone" ]
	[ "$(paste -sd, "$T/given")" = ",e1f1,e1f1 e8g8,e1f1 e8g8 f1e1,e1f1 e8g8 f1e1 a8a2" ]
	# no under-promotion to a Knight
	with_fault promotion 3 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'
	[ "$status" -eq 1 ]
	[ "$(printf '%s\n' "${lines[@]}" | grep '^missing' | paste -sd' ')" = "missing g2f1n missing g2g1n missing g2h1n" ]
	# the King onto an attacked cell, after a promotion in the path
	with_fault check 3 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'
	[ "$status" -eq 1 ]
	[ "${lines[4]}" = "path g2g1n e2d1" ]
	[ "${lines[5]}" = "extra d7d8: the move leaves the own King attacked" ]
	with_fault counts 3 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'
	[ "$status" -eq 1 ]
	[ "${lines[5]}" = "miscounted a8c7 expected 1 got 2" ]
	# without a fault it agrees
	run -0 ob-perft -V chess -d 3 --compare='test-engine -V chess -u' <<<"$KIWIPETE"
	[ "$output" = "ok D3 97862" ]
}

@test "--stockfish writes what Stockfish's go perft writes, byte for byte, the moves in our order (by their bytes)" {
	local p pos i=0
	for p in startpos "fen $KIWIPETE" 'fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' \
		'fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1' \
		'fen rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8' \
		'fen 8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1'; do
		i=$((i + 1))
		pos=${p#fen }
		ob-perft -V chess -d 3 --stockfish <<<"$pos" >"$T/ours.$i"
		# Stockfish, but for its banner, the moves sorted by their bytes
		printf 'position %s\ngo perft 3\nquit\n' "$p" |
			PATH="$PATH:/usr/games" stockfish | tail -n +2 >"$T/sf"
		n=$(grep -c '^[a-h][1-8][a-h][1-8][qrbn]*: ' "$T/sf")
		[ "$n" -gt 0 ]
		{ head -n "$n" "$T/sf" | LC_ALL=C sort; tail -n +"$((n + 1))" "$T/sf"; } >"$T/theirs.$i"
		cmp "$T/ours.$i" "$T/theirs.$i"
		# and ours was already in that order
		head -n "$n" "$T/ours.$i" | LC_ALL=C sort -c
	done
	grep -q '^e1c1: ' "$T/ours.2"
	grep -q '^d7c8q: ' "$T/ours.5"
	grep -q '^c4d3: ' "$T/ours.6"
	# two positions: one after the other, as two go perft commands
	printf 'startpos\n%s\n' "$KIWIPETE" | ob-perft -V chess -d 3 --stockfish >"$T/both"
	cat "$T/ours.1" "$T/ours.2" | cmp - "$T/both"
	# the other boards keep the long form
	run -0 ob-perft -S -d 1 --stockfish
	[ "${lines[0]}" = "BBb1-Aa1: 1" ]
}
