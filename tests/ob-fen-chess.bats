#!/usr/bin/env bats
# ob-fen on orthodox chess (fen(5)): the start position, the canonical
# rewrite, every FEN read failure and legality condition with its exact
# message, the en passant field as Stockfish writes it (checked against
# Stockfish itself after every legal move of random positions), moves in
# long form, O-O and UCI's form with their faults, --mirror, --moves,
# --json and --random.

load common

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# Both sides may castle both ways; nothing else but the Kings and Rooks.
ROOKS='r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# feed TEXT ARGS...: ob-fen -V chess ARGS with TEXT on standard input
feed() {
	printf '%s\n' "$1" | ob-fen -V chess "${@:2}"
}

# bad TEXT MESSAGE: the line is refused (exit 1, nothing on standard
# output but the #variant line) with exactly this diagnostic
bad() {
	run -1 --separate-stderr feed "$1"
	[ "$output" = "#variant chess" ] || [ -z "$output" ]
	echo "got: $stderr"
	[ "$stderr" = "ob-fen: <stdin>:1:$2" ]
}

@test "--startpos: the standard start position after its #variant line, read back unchanged" {
	run -0 --separate-stderr ob-fen -V chess --startpos
	[ "$output" = "#variant chess
$START" ]
	[ -z "$stderr" ]
	run -0 ob-fen -V Chess -S
	[ "${lines[1]}" = "$START" ]
	run -0 feed "$START" --check
	[ -z "$output" ]
	run -0 ob-fen <<<"#variant chess
startpos"
	[ "${lines[1]}" = "$START" ]
}

@test "canonical rewrite: runs of digits joined, clocks left out or with leading zeros, an unusable en passant cell" {
	run -0 feed 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'
	[ "${lines[1]}" = "$START" ]
	run -0 feed 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 007 012'
	[ "${lines[1]}" = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 12' ]
	# An en passant cell is read when consistent, and written only when
	# a pawn of the side to move attacks it.
	run -0 feed 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
	[ "${lines[1]}" = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' ]
	run -0 feed 'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2'
	[ "${lines[1]}" = 'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2' ]
	# ... also when the capture would leave the King attacked, as
	# Stockfish 15.1 writes it.
	run -0 feed '8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1'
	[ "${lines[1]}" = '8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1' ]
}

@test "every read failure and legality condition, with its column and message" {
	bad 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '37: the placement has 9 ranks, not 8'
	bad 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '19: rank 6 has more than 8 cells'
	bad 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '17: rank 7 has 7 cells, not 8'
	bad 'rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' "14: bad letter 'x' in placement"
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1' '45: side to move must be w or b'
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1' "48: bad rights field: 'K' is not a right here (expected letters in the order of the variant's rights, or -)"
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1' '52: en passant field must be a cell or -'
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq' '51: missing en passant field'
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0' '55: missing full-move number (the clock and move number go together)'
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1' '1: White queenside castling right, but its pieces are not on e1 and a1'
	bad 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1' '1: en passant cell e3, but no pawn has just moved two cells over it'
	bad 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 2' "1: en passant cell e3, but the half-move clock is 3, not 0 as after the pawn's two-cell move"
	bad '8/8/8/8/8/8/8/4Kk2 w - - 0 1' '1: the Kings stand on adjacent cells; Black is not to move but is in check'
	bad '4k3/4R3/8/8/8/8/8/4K3 w - - 0 1' '1: Black is not to move but is in check'
	bad '3k4/8/8/8/8/8/8/3K4 w - - 0 1 extra' "31: ply 1 (extra): 'e' is not a piece letter (SAN is not read: write the long form, as Ng1-f3, or UCI's g1f3)"
	# Every failing condition, in order.
	bad 'Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '1: White pawn on a8, where no White pawn may stand; Black queenside castling right, but its pieces are not on e8 and a8; White has 17 pieces, more than 16'
	bad '8/8/8/8/8/8/8/8 w - - 0 1' '1: White has 0 Kings, not exactly one; Black has 0 Kings, not exactly one'
}

@test "moves after a position: long form, castling words and the King's move, UCI; each written in long form" {
	run -0 feed 'startpos Pe2-e4 e7e5 Ng1-f3 b8c6 f1c4 Bf8-c5 O-O g8f6' --each
	[ "${#lines[@]}" -eq 9 ]
	[ "${lines[7]}" = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4' ]
	[ "${lines[8]}" = 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5' ]
	for castle in O-O-O Ke1-c1 e1c1; do
		run -0 feed "$ROOKS $castle Ke8-g8"
		[ "${lines[1]}" = 'r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2' ]
	done
	# promotions, an en passant capture
	run -0 feed '4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1 e5d6 Ke8-f8 b7b8n'
	[ "${lines[1]}" = '1N3k2/8/3P4/8/8/8/8/4K3 b - - 0 2' ]
	run -0 feed '4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1 Pe5xd6 Ke8-f8 Pb7-b8=N'
	[ "${lines[1]}" = '1N3k2/8/3P4/8/8/8/8/4K3 b - - 0 2' ]
}

@test "a bad move: the first fault in order, at its column" {
	bad "$ROOKS Ke1-g1 Ke8-c8 O-O" "52: ply 3 (O-O): the kingside castling right is gone"
	bad 'r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1 O-O-O' '39: ply 1 (O-O-O): queenside castling needs b1 empty'
	bad 'r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1 e1g1' '40: ply 1 (e1g1): kingside castling with f1 attacked'
	bad "$ROOKS Ke1xg1" '41: ply 1 (Ke1xg1): x but g1 is empty'
	bad 'startpos Nf3' '13: ply 1 (Nf3): expected - or x after the from-cell (SAN is not read: write the long form, as Ng1-f3, or UCI'"'"'s g1f3)'
	bad 'startpos e2e5' '12: ply 1 (e2e5): a pawn cannot move from e2 to e5'
	bad 'startpos e2e4 e7e5 e4e5' '22: ply 3 (e4e5): a pawn cannot capture straight ahead'
	bad '4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a7a8' '36: ply 1 (a7a8): a pawn reaching a8 must promote (=QRBN)'
	bad '4k3/P7/8/8/8/8/8/4K3 w - - 0 1 a7a8k' '36: ply 1 (a7a8k): a pawn promotes to one of QRBN (lower case in UCI'"'"'s form)'
}

@test "--mirror: the board mirrored top to bottom, colours swapped" {
	run -0 ob-fen -V chess -S -M
	[ "${lines[1]}" = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1' ]
	# The perft table's Position 4 and its mirror, as the wiki gives it.
	run -0 feed 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1' -M
	[ "${lines[1]}" = 'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1' ]
	# an en passant cell mirrors with the position
	run -0 feed 'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2' -M
	[ "${lines[1]}" = 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2' ]
}

@test "--moves and --json: sorted long form, castling as the King's move, the fen member" {
	run -0 feed "$ROOKS" --moves
	[ "${#lines[@]}" -eq 26 ]
	[[ " ${lines[*]} " == *" Ke1-c1 Ke1-d1 Ke1-d2 Ke1-e2 Ke1-f1 Ke1-f2 Ke1-g1 "* ]]
	run -0 feed '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1' --moves
	[[ " ${lines[*]} " == *" Pe5xd6 "* ]]
	run -0 feed 'rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2' --json
	[ "$(jq -c '[.fen, .variant, .rights, .en_passant, .legal_moves]' <<<"$output")" = '["rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2","chess","KQkq","d3",31]' ]
	run -0 feed 'startpos e2e4' --json
	[ "$(jq -c '[.rights, .en_passant]' <<<"$output")" = '["KQkq",null]' ]
}

@test "--random: positions that read back, count the same mirrored, and include rights and en passant" {
	run -0 ob-fen -V chess -r 200 --seed 3
	printf '%s\n' "${lines[@]}" >"$T/r"
	[ "$(grep -vc '^#' "$T/r")" -eq 200 ]
	run -0 ob-fen --check "$T/r"
	[ -z "$output" ]
	ob-perft -d 2 "$T/r" >"$T/a"
	ob-perft -M -d 2 "$T/r" >"$T/b"
	cmp "$T/a" "$T/b"
	grep -v '^#' "$T/r" | awk '$3 != "-"' | grep -q .
}

@test "the en passant field and every other field are Stockfish's after each legal move of random positions" {
	PATH="$PATH:/usr/games" sh "$ROOT/tests/need.sh" stockfish
	local n=300
	[ "$OB_QUICK" = 1 ] && n=30
	ob-fen -V chess -r "$n" --seed 7 | grep -v '^#' >"$T/p"
	# and positions where castling, en passant and promotions are sure
	printf '%s\n' "$ROOKS" \
		'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' \
		'4k3/8/8/8/1p1p1p2/8/P1P1P1P1/4K3 w - - 0 1' \
		'8/p1p1p3/8/1P1P4/8/8/8/K6k b - - 0 1' \
		'1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 w - - 0 1' >>"$T/p"
	ob-fen -V chess --moves "$T/p" >"$T/m"
	# each position with each of its moves, one a line
	awk 'NR == FNR { p[++n] = $0; next } /^$/ { k++; next }
		{ print p[k + 1] " " $0 }' "$T/p" "$T/m" >"$T/pm"
	ob-fen -V chess "$T/pm" | grep -v '^#' >"$T/ours"
	# the same moves in UCI's form, for Stockfish's 'position' and 'd'
	sed -E 's/^(.*) [KQRBNP]([a-h][1-8])[-x]([a-h][1-8])(=([QRBN]))?[+#]?$/position fen \1 moves \2\3\5/
		s/Q$/q/; s/R$/r/; s/B$/b/; s/N$/n/' "$T/pm" |
		awk '{ print; print "d" } END { print "quit" }' |
		PATH="$PATH:/usr/games" stockfish | sed -n 's/^Fen: //p' >"$T/theirs"
	[ "$(wc -l <"$T/ours")" -eq "$(wc -l <"$T/pm")" ]
	diff "$T/ours" "$T/theirs"
	# the sample holds written en passant cells, castlings and promotions
	[ "$(awk '$4 != "-"' "$T/ours" | wc -l)" -gt 0 ]
	grep -Eq 'Ke1-[cg]1|Ke8-[cg]8' "$T/pm"
	grep -q '=' "$T/pm"
}
