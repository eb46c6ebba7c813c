#!/usr/bin/env bats
# ob-validate on orthodox chess ([Variant "Chess"], fen(5)): moves in the
# long form, as castling words and as UCI writes them, written back in the
# long form; the FEN tag; the draws (threefold, 100 half-moves,
# insufficient material) as game ends; faults with their exact
# diagnostics; --positions; random games of every ending, --strict and
# --normalize.

load common

CHESS='[Variant "Chess"]'
ROOKS='[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]'

setup() {
	T="$BATS_TEST_TMPDIR"
	sh "$ROOT/tests/need.sh" jq
}

# bad TEXT DIAGNOSTIC: TEXT (one game, on standard input) is invalid with
# exactly that one diagnostic, FILE being <stdin>.
bad() {
	run -1 --separate-stderr ob-validate -q <<<"$1"
	if [ "$stderr" != "ob-validate: <stdin>:$2" ]; then
		printf 'input: %s\ngot:   %s\nwant:  %s\n' "$1" "$stderr" \
			"ob-validate: <stdin>:$2"
		return 1
	fi
}

@test "every move form is read, and --normalize writes the long form, castling as the King's move" {
	run -0 --separate-stderr ob-validate -q --strict <<<"$CHESS

1. f2f3 e7e5 2. g2g4 Qd8-h4# 0-1"
	[ -z "$stderr" ]
	run -1 --separate-stderr ob-validate -q <<<"$CHESS
$ROOKS

1. O-O e8c8 2. Kg1-g2 O-O-O *"
	[ "$stderr" = "ob-validate: <stdin>:4:23: game 1, ply 4 (O-O-O): the queenside castling right is gone" ]
	run -0 ob-validate -q -n <<<"$CHESS
$ROOKS

1. O-O e8c8 2. Kg1-g2 Kc8-b8 *"
	[ "$output" = '[Result "*"]
[Variant "Chess"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]

1. Ke1-g1 Ke8-c8 2. Kg1-g2 Kc8-b8 *' ]
	# en passant and promotion in UCI's form
	run -0 ob-validate -q -n <<<"$CHESS
[FEN \"4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1\"]

1. e5d6 Ke8-f7 2. b7b8n *"
	[[ "$output" == *$'\n1. Pe5xd6 Ke8-f7 2. Pb7-b8=N *'* ]]
}

@test "a bad move or tag: the first fault, at its line and column" {
	bad "$CHESS
[FEN \"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1\"]

1. O-O *" "4:4: game 1, ply 1 (O-O): kingside castling with f1 attacked"
	bad "$CHESS

1. e4 e5 *" "3:6: game 1, ply 1 (e4): expected the to-cell (SAN is not read: write the long form, as Ng1-f3, or UCI's g1f3)"
	bad "$CHESS

1. e2e4 e7e5 2. Ke1-g1 *" "3:17: game 1, ply 3 (Ke1-g1): kingside castling needs f1 empty"
	bad "$CHESS
[DFEN \"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/B1K1 w K - 0 1\"]

*" "2:1: game 1, ply 0: a DFEN tag in a game of Chess, whose positions are FEN (a game of Diagonal Oblong says [Variant \"Diagonal Oblong\"])"
	# a chess game without its Variant tag: the FEN tag names the board
	bad '[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]

*' '1:1: game 1, ply 0: a FEN tag in a game of Oblique, whose positions are OFEN (a game of Chess says [Variant "Chess"])'
	run -0 ob-validate -q -V chess <<<'[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]

*'
	bad "$CHESS
[OFEN \"5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2S2/2N2/2s2 w 0 1\"]

*" "2:1: game 1, ply 0: an OFEN tag in a game of Chess, whose positions are FEN"
	bad "$CHESS
[FEN \"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\"]

*" "2:7: game 1, ply 0: FEN tag: White kingside castling right, but its pieces are not on e1 and h1; White queenside castling right, but its pieces are not on e1 and a1"
}

@test "draws by the rules end the game: threefold, 100 half-moves, insufficient material" {
	bad "$CHESS

1. Ng1-f3 Ng8-f6 2. Nf3-g1 Nf6-g8 3. g1f3 g8f6 4. f3g1 f6g8 *" "3:61: game 1, ply 8: the game ended in threefold repetition: the result is 1/2-1/2, not *"
	bad "$CHESS
[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]

80. Ra1-a2 *" "4:12: game 1, ply 1: the game ended in 100 half-moves: the result is 1/2-1/2, not *"
	# King takes the last piece: King against King.
	run -0 --separate-stderr ob-validate -q <<<"$CHESS
[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]

1. Ke1xd2 1/2-1/2"
	[ -z "$stderr" ]
	bad "$CHESS
[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]

1. Ke1xd2 *" "4:11: game 1, ply 1: the game ended in insufficient material: the result is 1/2-1/2, not *"
	bad "$CHESS
[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]

1. Ke1xd2 Ke8-d7 1/2-1/2" "4:11: game 1, ply 2 (Ke8-d7): move after the end of the game (insufficient material)"
	# Bishops on both colours can still mate: no end.
	run -0 --separate-stderr ob-validate -q <<<"$CHESS
[FEN \"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1\"]

1. Bd1-e2 *"
	[ -z "$stderr" ]
	run -0 ob-validate --json <<<"$CHESS
[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]

1. Ke1xd2 1/2-1/2"
	[ "$(jq -r .termination <<<"$output")" = "insufficient material" ]
}

@test "--positions: FEN lines after a #variant chess line, the en passant field as Stockfish writes it" {
	run -0 ob-validate -q --positions <<<"$CHESS

1. e2e4 c7c5 2. e4e5 d7d5 3. e5d6 *"
	[ "${lines[0]}" = "#variant chess" ]
	[ "${lines[2]}" = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' ]
	[ "${lines[3]}" = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' ]
	[ "${lines[6]}" = 'rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3' ]
	[ "${lines[7]}" = 'rnbqkbnr/pp2pppp/3P4/2p5/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3' ]
	# and they read back as chess, with no -V
	printf '%s\n' "${lines[@]}" | ob-fen --check
}

@test "random games: valid under --strict, normalized unchanged, every ending among them" {
	local n=300
	[ "$OB_QUICK" = 1 ] && n=60
	ob-validate -V chess -g "$n" --seed 4 >"$T/g.ogn"
	run -0 --separate-stderr ob-validate --strict "$T/g.ogn"
	[[ "$stderr" == *"$n games read: $n valid, 0 invalid;"* ]]
	ob-validate -q -n "$T/g.ogn" | cmp - "$T/g.ogn"
	grep -q '^\[Variant "Chess"\]$' "$T/g.ogn"
	[ "$OB_QUICK" = 1 ] && return
	ob-validate --json "$T/g.ogn" | jq -r .termination | sort -u >"$T/ends"
	for end in checkmate stalemate "threefold repetition" "insufficient material"; do
		grep -qx "$end" "$T/ends" || { echo "no $end"; false; }
	done
}
