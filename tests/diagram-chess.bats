#!/usr/bin/env bats
# ob-diagram on the square board (orthodox chess, -V chess): positions in
# text and SVG, from either side, the last move (castling's Rook too), the
# check mark, arrows in the long form and as UCI writes them, move tables
# (the pawn's double step and en passant, the King's castlings in a
# position), the table of counts and heat maps.  Golden files live in
# testdata/diagram/chess-*; OB_UPDATE_GOLDEN=1 rewrites them.

load common
load diagram

C='-V chess'
# Both sides may castle both ways.
CASTLES='r3k2r/pppq1ppp/2n2n2/1B1pp3/1b1PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1'
# After 1. e4 d5 2. e5 f5: White's pawn on e5 may take f5 en passant.
EP='rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'

# board TEXT: the eight rank lines of a text diagram, the frame and the
# labels taken off, as the rank's cells one character each: "rnbqkbnr".
board() {
	sed -n 's/^[1-8] [|│]\(.*\)[|│]$/\1/p' <<<"$1" | tr -d ' '
}

# placement FEN: the FEN's placement as eight lines of eight, '.' empty.
placement() {
	cut -d' ' -f1 <<<"$1" | tr / '\n' |
		perl -pe 's/(\d)/"." x $1/ge'
}

# square SVG CELL: the top-left corner of CELL's square, "x,y".
square() {
	sed -n "s/.*<polygon class=\"cell [^\"]*\" points=\"\([0-9.]*,[0-9.]*\) [^\"]*\" [^>]*data-cell=\"$2\".*/\1/p" "$1"
}

setup() {
	sh "$ROOT/tests/need.sh" xmllint
	T="$BATS_TEST_TMPDIR"
}

@test "chess, text: the start position as its FEN places it, golden" {
	ob-diagram $C -S >"$T/out"
	golden chess-start.txt "$T/out"
	run -0 ob-diagram $C -S
	[ "$(board "$output")" = "$(placement 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR')" ]
	[ "${lines[0]}" = "  +---------------+" ]
	[ "${lines[10]}" = "   a b c d e f g h" ]
	[ "${lines[11]}" = "White to move" ]
	[ "${lines[12]}" = "Castling: KQkq; en passant: none" ]
}

@test "chess, text: every position of random games drawn as its FEN places it" {
	ob-fen $C --random 40 --seed 3 >"$T/fens"
	while IFS= read -r fen; do
		[[ $fen == '#'* ]] && continue
		run -0 ob-diagram $C <<<"$fen"
		[ "$(board "$output")" = "$(placement "$fen")" ] || { echo "$fen"; false; }
	done <"$T/fens"
}

@test "chess, text: --flip turns the board through 180 degrees; --unicode" {
	echo 'startpos e2e4 c7c5 g1f3' | ob-diagram $C -F -u >"$T/out"
	golden chess-flip-unicode.txt "$T/out"
	run -0 ob-diagram $C -F <<<'startpos e2e4 c7c5 g1f3'
	[ "${lines[1]}" = "1 |R . B K Q B N R|" ]
	[ "${lines[8]}" = "8 |r n b k q b n r|" ]
	[ "${lines[10]}" = "   h g f e d c b a" ]
	# each rank read backwards, the ranks upside down: the board unflipped
	run -0 ob-diagram $C <<<'startpos e2e4 c7c5 g1f3'
	local plain=$output
	run -0 ob-diagram $C -F <<<'startpos e2e4 c7c5 g1f3'
	[ "$(board "$output" | rev | tac)" = "$(board "$plain")" ]
	# one army but Black's to see from
	run -2 --separate-stderr ob-diagram $C -S -F --army 3
	[[ "$stderr" == *"variant chess has 2 armies; --army 3 does not apply"* ]]
}

@test "chess, text: the status and the last move, castling and en passant named" {
	run -0 ob-diagram $C <<<"$CASTLES e1g1"
	[ "${lines[11]}" = "Black to move" ]
	[ "${lines[12]}" = "Castling: kq; en passant: none" ]
	[ "${lines[13]}" = "Last move: Ke1-g1" ]
	[ "$(board "$output" | sed -n 8p)" = "R....RK." ]
	run -0 ob-diagram $C <<<"$EP e5f6"
	[ "${lines[13]}" = "Last move: Pe5xf6" ]
	[ "$(board "$output" | sed -n 3,4p | paste -sd/)" = ".....P../...p...." ]
	run -0 ob-diagram $C <<<'startpos f2f3 e7e5 g2g4 d8h4'
	[ "${lines[11]}" = "White to move: checkmate" ]
	run -0 ob-diagram $C <<<'7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
	[ "${lines[11]}" = "Black to move: stalemate" ]
	# a move that is not legal: file, line, column, and the rest drawn
	printf 'startpos e2e5\nstartpos\n' >"$T/in"
	run -1 --separate-stderr ob-diagram $C "$T/in"
	[[ "$stderr" == "ob-diagram: $T/in:1:12: ply 1 (e2e5): a pawn cannot move from e2 to e5" ]]
	[ "$(grep -c '^White to move$' <<<"$output")" -eq 1 ]
}

@test "chess, SVG: 64 squares, a1 dark and h1 light, labelled a-h and 1-8" {
	ob-diagram $C -S -f svg >"$T/start.svg"
	svg_ok "$T/start.svg"
	[ "$(grep -c '<polygon class="cell ' "$T/start.svg")" -eq 64 ]
	[ "$(grep -c 'class="piece white' "$T/start.svg")" -eq 16 ]
	[ "$(grep -c 'class="piece black' "$T/start.svg")" -eq 16 ]
	grep -q 'class="cell dark file-a rank-1"' "$T/start.svg"
	grep -q 'class="cell light file-h rank-1"' "$T/start.svg"
	grep -q 'class="cell light file-a rank-8"' "$T/start.svg"
	# as many light squares as dark, no two neighbours alike
	[ "$(grep -c 'class="cell light ' "$T/start.svg")" -eq 32 ]
	run -0 bash -c "grep -o 'class=\"file-label\"[^>]*>[a-h]<' '$T/start.svg' | grep -o '>[a-h]<' | tr -d '<>' | paste -sd ''"
	[ "$output" = abcdefgh ]
	run -0 bash -c "grep -o 'class=\"rank-label\"[^>]*>[1-8]<' '$T/start.svg' | grep -o '>[1-8]<' | tr -d '<>' | paste -sd ''"
	[ "$output" = 87654321 ]
	# a1 at the bottom left, h8 at the top right; --flip swaps them
	[ "$(square "$T/start.svg" a1)" = "30,331" ]
	[ "$(square "$T/start.svg" h8)" = "345,16" ]
	ob-diagram $C -S -F -f svg >"$T/flip.svg"
	[ "$(square "$T/flip.svg" h8)" = "30,331" ]
	[ "$(square "$T/flip.svg" a1)" = "345,16" ]
}

@test "chess, SVG: last move with castling's Rook, the check mark, arrows; golden" {
	# 1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Bc5 5. Bxc6
	local line='startpos e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f8c5 b5c6'
	ob-diagram $C -f svg --key -A 'Pd2-d4 e1g1' --arrow-color red -A 'Ng1-f3' \
		<<<"$line" >"$T/pos.svg"
	svg_ok "$T/pos.svg"
	golden chess-position.svg "$T/pos.svg"
	grep -q 'class="last-move from" [^>]*data-cell="b5"' "$T/pos.svg"
	grep -q 'class="last-move to" [^>]*data-cell="c6"' "$T/pos.svg"
	[ "$(grep -c 'class="arrow"' "$T/pos.svg")" -eq 3 ]
	# castling marks the King's and the Rook's cells
	ob-diagram $C -f svg <<<'startpos e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1' >"$T/castle.svg"
	run -0 bash -c "grep -o 'class=\"last-move [a-z ]*\" [^>]*data-cell=\"[a-h][1-8]\"' '$T/castle.svg' | sed 's/.*class=\"last-move \([a-z ]*\)\".*data-cell=\"\(..\)\"/\2 \1/' | sort | paste -sd,"
	[ "$output" = "e1 from,f1 to,g1 to,h1 from" ]
	ob-diagram $C -f svg <<<"$CASTLES e1g1 e8c8" >"$T/castle2.svg"
	run -0 bash -c "grep -o 'class=\"last-move [a-z ]*\" [^>]*data-cell=\"[a-h][1-8]\"' '$T/castle2.svg' | sed 's/.*data-cell=\"\(..\)\"/\1/' | sort | paste -sd,"
	[ "$output" = "a8,c8,d8,e8" ]
	# the King in check: its square hatched, its disc ringed
	ob-diagram $C -f svg <<<'startpos e2e4 f7f6 d1h5' >"$T/check.svg"
	grep -q 'class="check-cell" [^>]*data-cell="e8"' "$T/check.svg"
	grep -q 'class="check" [^>]*data-cell="e8"' "$T/check.svg"
	[ "$(grep -c 'class="check' "$T/check.svg")" -eq 3 ]
}

@test "chess, arrows: the long form and UCI's draw the same arrows" {
	ob-diagram $C -S -f svg -A 'Pe2-e4,Ng1-f3 Pe7-e8=Q Ke1-g1' >"$T/long.svg"
	ob-diagram $C -S -f svg -A 'e2e4,g1f3 e7e8q e1g1' >"$T/uci.svg"
	cmp "$T/long.svg" "$T/uci.svg"
	[ "$(grep -c 'class="arrow"' "$T/uci.svg")" -eq 4 ]
	run -2 --separate-stderr ob-diagram $C -S -f svg -A 'e2e4x'
	[[ "$stderr" == *"--arrow: expected moves such as Pe2-e4 or e2e4, separated by spaces or commas, not 'e2e4x'"* ]]
	run -2 --separate-stderr ob-diagram $C -S -f svg -A 'e2e2'
	run -2 --separate-stderr ob-diagram $C -S -f svg -A 'e2i4'
	# UCI's form is chess's: the lattice reads the long form only
	run -2 --separate-stderr ob-diagram -S -f svg -A 'Ca1Ca4'
}

@test "chess, --mark: squares by name; a name off the board refused" {
	ob-diagram $C -S -f svg --mark e4,d5 >"$T/mark.svg"
	[ "$(grep -c 'class="mark"' "$T/mark.svg")" -eq 2 ]
	grep -q 'class="mark" [^>]*data-cell="d5"' "$T/mark.svg"
	run -2 --separate-stderr ob-diagram $C -S --mark e4,i9
	[[ "$stderr" == "ob-diagram: --mark: 'i9' is not a cell of chess's board (cells separated by commas, as in e5,a1)"* ]]
}

@test "chess, move tables on an empty board: Knight, Queen, the pawns' double steps" {
	ob-diagram $C --piece N --at e4 >"$T/knight.txt"
	golden chess-knight.txt "$T/knight.txt"
	run -0 ob-diagram $C --piece N --at e4
	[ "$(board "$output" | tr -cd '*' | wc -c)" -eq 8 ]
	[ "$(board "$output" | sed -n 3p)" = "...*.*.." ]
	[ "${lines[11]}" = "Knight from e4: 8 leaps, 8 cells" ]
	run -0 ob-diagram $C --piece N --at a1
	[ "${lines[11]}" = "Knight from a1: 2 leaps, 2 cells" ]
	run -0 ob-diagram $C --piece Q --at d4
	[ "${lines[11]}" = "Queen from d4: 8 rays, 27 cells" ]
	run -0 ob-diagram $C --piece B --at a1
	[ "${lines[11]}" = "Bishop from a1: 1 ray, 7 cells" ]
	# White's pawn on its second rank: one step and the double step
	run -0 ob-diagram $C --piece P --at e2
	[ "$(board "$output" | sed -n 5,6p | paste -sd/)" = "....o.../...xox.." ]
	[ "${lines[11]}" = "Pawn from e2: 2 advances, 2 attacked cells" ]
	[ "${lines[12]}" = "Double step to e4, from a starting cell" ]
	run -0 ob-diagram $C --piece P --at e3
	[ "${lines[11]}" = "Pawn from e3: 1 advance, 2 attacked cells" ]
	# Black's goes down the board, through the mirror top to bottom
	run -0 ob-diagram $C --piece p --at d7
	[ "$(board "$output" | sed -n 3,4p | paste -sd/)" = "..xox.../...o...." ]
	[ "${lines[12]}" = "Double step to d5, from a starting cell" ]
	[ "${lines[13]}" = "A Black Pawn: White's vectors, mirrored top to bottom" ]
	run -0 ob-diagram $C --piece P --at a2
	[ "${lines[11]}" = "Pawn from a2: 2 advances, 1 attacked cell" ]
}

@test "chess, a move table in a position: en passant, captures, golden SVG" {
	run -0 ob-diagram $C --piece P --at e5 -P "$EP"
	# d6 and f6 attacked, e6 the advance; f5's pawn is the one taken
	[ "$(board "$output" | sed -n 3,4p | paste -sd/)" = "...xox../...pPx.." ]
	[ "${lines[11]}" = "Pawn from e5: 1 advance, 2 attacked cells, 1 to capture" ]
	[ "${lines[12]}" = "En passant to f6, taking the Pawn on f5" ]
	ob-diagram $C --piece P --at e5 -P "$EP" -f svg >"$T/ep.svg"
	svg_ok "$T/ep.svg"
	golden chess-en-passant.svg "$T/ep.svg"
	grep -q 'class="capture" [^>]*data-cell="f5"' "$T/ep.svg"
	grep -q 'class="attack" [^>]*data-cell="f6"' "$T/ep.svg"
	grep -q '>an enemy piece it may capture<' "$T/ep.svg"
	# the en passant cell is the side to move's: not Black's pawn's
	run -0 ob-diagram $C --piece p --at d5 -P "$EP"
	[[ "$output" != *"En passant"* ]]
	[[ "${lines[11]}" == *", 0 to capture" ]]
	# nor a pawn that does not attack it
	run -0 ob-diagram $C --piece P --at c5 -P "$EP"
	[[ "$output" != *"En passant"* ]]
}

@test "chess, the King's move table in a position shows its castlings" {
	ob-diagram $C --piece K --at e1 -P "$CASTLES" >"$T/king.txt"
	golden chess-king-castling.txt "$T/king.txt"
	run -0 ob-diagram $C --piece K --at e1 -P "$CASTLES"
	[ "$(board "$output" | sed -n 7,8p | paste -sd/)" = "PPPQ*PPP/R.c*K*cR" ]
	[ "${lines[11]}" = "King from e1: 3 steps, 3 cells, 0 to capture, 2 castlings" ]
	[ "${lines[12]}" = "Castling: Ke1-g1 (the Rook h1-f1), Ke1-c1 (the Rook a1-d1)" ]
	[ "${lines[13]}" = "* reached cell, x capture, c castling (the King's cell)" ]
	ob-diagram $C --piece K --at e1 -P "$CASTLES" -f svg >"$T/king.svg"
	svg_ok "$T/king.svg"
	golden chess-king-castling.svg "$T/king.svg"
	[ "$(grep -c 'class="castle"' "$T/king.svg")" -eq 3 ]
	[ "$(grep -c 'class="ray castling"' "$T/king.svg")" -eq 2 ]
	# Black's, though White is to move
	run -0 ob-diagram $C --piece k --at e8 -P "$CASTLES"
	[ "$(board "$output" | sed -n 1,2p | paste -sd/)" = "r.c*k*cr/pppq*ppp" ]
	[ "${lines[12]}" = "Castling: Ke8-g8 (the Rook h8-f8), Ke8-c8 (the Rook a8-d8)" ]
	# no castling through an attacked square (a Rook on f8 sees f1), nor
	# without the right, nor on an empty board
	run -0 ob-diagram $C --piece K --at e1 -P '4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1'
	[ "${lines[12]}" = "Castling: Ke1-c1 (the Rook a1-d1)" ]
	run -0 ob-diagram $C --piece K --at e1 -P 'r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1'
	[ "${lines[12]}" = "Castling: Ke1-c1 (the Rook a1-d1)" ]
	run -0 ob-diagram $C --piece K --at e1
	[[ "$output" != *astling* ]]
	# with the other side in check the position cannot be the King's turn
	run -0 ob-diagram $C --piece K --at e1 -P 'r3k2r/4R3/8/8/8/8/8/R3K3 b Qkq - 0 1'
	[[ "$output" == *"Castlings not shown: with White to move the position is not legal"* ]]
}

@test "chess, --table: the pieces' moves over the 64 squares" {
	ob-diagram $C -T --at e4 >"$T/table.txt"
	golden chess-table.txt "$T/table.txt"
	run -0 ob-diagram $C -T --at e4
	[ "${lines[0]}" = "Chess: moves on an empty board, from e4 and over all 64 cells" ]
	# the Knight: 336 moves over the board (the sum over its squares)
	run -0 bash -c "ob-diagram $C -T | awk '\$2 == \"Knight\" { print \$9 * 64 }'"
	[ "$output" = 336 ]
	run -0 bash -c "ob-diagram $C -T | awk '\$2 == \"Queen\" { print \$9 * 64 }'"
	[ "$output" = 1456 ]
}

@test "chess, --heatmap: digits in the squares, an SVG with a legend; golden" {
	ob-diagram $C --heatmap "$GOLDEN/chess-cells.txt" >"$T/heat.txt"
	golden chess-heat.txt "$T/heat.txt"
	ob-diagram --heatmap -f svg "$GOLDEN/chess-cells.txt" >"$T/heat.svg"
	svg_ok "$T/heat.svg"
	golden chess-heat.svg "$T/heat.svg"
	local n
	n=$(grep -c '^[a-h][1-8] ' "$GOLDEN/chess-cells.txt")
	[ "$(grep -c 'class="cell heat ' "$T/heat.svg")" -eq "$n" ]
	[ "$(grep -c 'class="cell nodata ' "$T/heat.svg")" -eq $((64 - n)) ]
	# ob-stats --cells of chess games goes straight in
	ob-validate $C --random 20 --seed 4 >"$T/games.ogn"
	run -0 bash -c "ob-stats --cells - '$T/games.ogn' | ob-diagram --heatmap"
	[[ "$output" == *"64 cells with values"* ]]
	[ "${lines[10]}" = "   a b c d e f g h" ]
	# a square off the board, refused by line and column
	printf 'e4 1\ni4 2\ne9 3\n' >"$T/bad.txt"
	run -1 --separate-stderr ob-diagram $C --heatmap "$T/bad.txt"
	[[ "$stderr" == *"bad.txt:2:1: "* ]]
	[[ "$stderr" == *"bad.txt:3:1: "* ]]
	[[ "$output" == *"1 cell with a value"* ]]
}

@test "chess: one canvas width for every figure" {
	width() { sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$1"; }
	ob-diagram $C -S -f svg --key >"$T/1.svg"
	ob-diagram $C --heatmap -f svg <<<'e4 123456' >"$T/2.svg"
	ob-diagram $C -f svg --piece q --at d8 --key >"$T/3.svg"
	ob-diagram $C -S -F -f svg >"$T/4.svg"
	for i in 1 2 3 4; do
		svg_ok "$T/$i.svg"
		[ "$(width "$T/$i.svg")" = "$(width "$T/1.svg")" ]
	done
}
