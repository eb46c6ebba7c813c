#!/usr/bin/env bats
# ob-diagram: text and SVG diagrams, move tables, the count table, heat maps.
# Golden files live in testdata/diagram/; OB_UPDATE_GOLDEN=1 rewrites them
# (review the change with git diff).

load common

GOLDEN="$TESTDATA/diagram"
MATE='5/5/5/5/TS1n1|1b1R1/1pp2/2np1/1P1P1/3L1|5/ppp1p/3P1/PP3/T4|tl3/4R/1P3/1P1P1/NBL1N|5/4s/5/5/4B b 0 26'
STALEMATE='5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/1S3/5/2R2|5/5/5/5/s4 b 0 1'
CHECK='5/5/5/5/5|5/5/5/5/5|2s2/2R2/5/5/2S2|5/5/5/5/5|5/5/5/5/5 b 0 1'

# golden NAME FILE: FILE must equal testdata/diagram/NAME byte for byte.
golden() {
	if [ "${OB_UPDATE_GOLDEN:-0}" = 1 ]; then
		mkdir -p "$GOLDEN"
		cp "$2" "$GOLDEN/$1"
		return 0
	fi
	diff -u "$GOLDEN/$1" "$2"
}

# svg_ok FILE: well-formed, and nothing fetched from outside.
svg_ok() {
	xmllint --noout "$1"
	! grep -q -e '<image' -e '@import' -e '@font-face' -e 'href=' "$1"
}

setup() {
	sh "$ROOT/tests/need.sh" xmllint
	T="$BATS_TEST_TMPDIR"
}

@test "--help and --version exit 0 on stdout" {
	run -0 --separate-stderr ob-diagram --help
	[[ "$output" == usage:* ]]
	[[ "$output" == *--heatmap* ]]
	[ -z "$stderr" ]
	run -0 ob-diagram --version
	[[ "$output" == "ob-diagram "[0-9]* ]]
}

@test "usage errors exit 2 with a message on stderr" {
	run -2 --separate-stderr ob-diagram --format png
	[[ "$stderr" == *"--format takes text or svg"* ]]
	run -2 --separate-stderr ob-diagram --layout round
	run -2 --separate-stderr ob-diagram --bogus
	run -2 --separate-stderr ob-diagram --at Cc3
	[[ "$stderr" == *"--at needs --piece or --table"* ]]
	run -2 --separate-stderr ob-diagram --piece X
	[[ "$stderr" == *"SRTBLNP"* ]]
	run -2 --separate-stderr ob-diagram --piece R --at Fa1
	run -2 --separate-stderr ob-diagram --mark Cc3,Zz9
	run -2 --separate-stderr ob-diagram --arrow Ca1Ca4
	run -2 --separate-stderr ob-diagram -o 'x-%s.svg'
	run -2 --separate-stderr ob-diagram --table some-file
	run -2 --separate-stderr ob-diagram --piece R --table
	run -2 --separate-stderr ob-diagram --position startpos
	run -2 --separate-stderr ob-diagram --piece R --position 'nonsense w'
	run -2 --separate-stderr ob-diagram -V chaturanga
	run -2 --separate-stderr ob-diagram "$T/missing-file"
	[[ "$stderr" == *missing-file* ]]
}

@test "text: the start position, E to A, from White's side" {
	echo startpos | ob-diagram >"$T/out"
	golden start.txt "$T/out"
	run ob-diagram <<<startpos
	[ "${lines[0]}" = "    level E         level D         level C         level B         level A" ]
	[ "${lines[4]}" = "3 |. . . . .|   3 |. . . . .|   3 |. . . . .|   3 |. . . . .|   3 |. . . . .|" ]
	[ "${lines[9]}" = "White to move" ]
}

@test "text: --unicode --flip --ascending" {
	echo startpos | ob-diagram --unicode --flip --ascending >"$T/out"
	golden start-unicode-flip-ascending.txt "$T/out"
	run ob-diagram -u -F -a <<<startpos
	[[ "${lines[0]}" == "    level A"*"level E" ]]
	[[ "${lines[2]}" == "1 │· · · · ·│   1 │· B L B ·│"* ]]
	[[ "${lines[8]}" == "   e d c b a"* ]]
}

@test "text: status below the boards: check, checkmate, stalemate" {
	run -0 ob-diagram <<<"$CHECK"
	[ "${lines[9]}" = "Black to move: check" ]
	run -0 ob-diagram <<<"$MATE"
	[ "${lines[9]}" = "Black to move: checkmate" ]
	run -0 ob-diagram <<<"$STALEMATE"
	[ "${lines[9]}" = "Black to move: stalemate" ]
}

@test "text: moves on the line are played and the last one is named" {
	run -0 ob-diagram <<<"startpos moves PCc2-Cc3 PCb4-Cb3"
	[ "${lines[9]}" = "White to move" ]
	[ "${lines[10]}" = "Last move: PCb4-Cb3" ]
	[[ "${lines[4]}" == *"3 |. p P . .|"* ]]
}

@test "text: one diagram per line, a blank line between them" {
	printf 'startpos\n# a comment\n\n%s\n' "$CHECK" | ob-diagram >"$T/out"
	[ "$(grep -c 'level E' "$T/out")" -eq 2 ]
	[ "$(sed -n 11p "$T/out")" = "" ]
	[ "$(sed -n 21p "$T/out")" = "Black to move: check" ]
}

@test "bad lines are reported with file, line and column; the rest is drawn; exit 1" {
	printf 'startpos\nstartpos PCc2-Cc5\n5/5/5 w 0 1\n%s\n' "$CHECK" >"$T/in.txt"
	run -1 --separate-stderr ob-diagram "$T/in.txt"
	[ "$(grep -c 'level E' <<<"$output")" -eq 2 ]
	[[ "$stderr" == *"ob-diagram: $T/in.txt:2:15: ply 1 (PCc2-Cc5): "* ]]
	[[ "$stderr" == *"ob-diagram: $T/in.txt:3:"* ]]
	[ "$(wc -l <<<"$stderr")" -eq 2 ]
}

@test "ob-fen pipes into ob-diagram" {
	run -0 bash -c 'ob-fen --random 3 --seed 5 | ob-diagram'
	[ "$(grep -c 'level E' <<<"$output")" -eq 3 ]
}

@test "SVG slices: well-formed, golden, classes for cells and pieces" {
	echo 'startpos PCc2-Cc3 PCb4-Cb3' |
		ob-diagram -f svg --mark Cc3,Dd4 -A TCa1-Ca4,NCb1-Ea2 >"$T/pos.svg"
	svg_ok "$T/pos.svg"
	golden position-slices.svg "$T/pos.svg"
	grep -q 'class="cell light level-C"' "$T/pos.svg"
	grep -q 'class="cell dark level-A"' "$T/pos.svg"
	grep -q '<g class="piece white tower" data-cell="Ca1">' "$T/pos.svg"
	grep -q '<g class="piece black regent" data-cell="Bd5">' "$T/pos.svg"
	grep -q 'class="mark".*data-cell="Dd4"' "$T/pos.svg"
	grep -q 'class="last-move from".*data-cell="Cb4"' "$T/pos.svg"
	grep -q 'class="last-move to".*data-cell="Cb3"' "$T/pos.svg"
	[ "$(grep -c '<g class="arrow"' "$T/pos.svg")" -eq 2 ]
	grep -q 'font-family="sans-serif"' "$T/pos.svg"
	[ "$(grep -c '<polygon class="cell ' "$T/pos.svg")" -eq 125 ]
	[ "$(grep -c '<g class="piece ' "$T/pos.svg")" -eq 40 ]
}

@test "SVG stacked: well-formed, golden; the checked Sovereign is ringed" {
	echo "$CHECK" | ob-diagram -f svg -l stacked -F >"$T/check.svg"
	svg_ok "$T/check.svg"
	golden check-stacked-flip.svg "$T/check.svg"
	grep -q '<svg [^>]*class="oblique-diagram stacked"' "$T/check.svg"
	grep -q 'class="check".*data-cell="Cc5"' "$T/check.svg"
	echo "$MATE" | ob-diagram -f svg >"$T/mate.svg"
	svg_ok "$T/mate.svg"
	grep -q 'class="check"' "$T/mate.svg"
	grep -q '>Black to move: checkmate<' "$T/mate.svg"
	echo "$STALEMATE" | ob-diagram -f svg >"$T/stale.svg"
	run -1 grep -q 'class="check"' "$T/stale.svg"
}

@test "SVG is deterministic: the same input gives the same bytes" {
	echo startpos | ob-diagram -f svg -l stacked >"$T/a.svg"
	echo startpos | ob-diagram -f svg -l stacked >"$T/b.svg"
	cmp "$T/a.svg" "$T/b.svg"
}

@test "-o PATTERN: one SVG file per position" {
	printf 'startpos\n%s\n%s\n' "$CHECK" "$MATE" |
		ob-diagram -f svg -o "$T/ply-%02d.svg"
	for i in 01 02 03; do svg_ok "$T/ply-$i.svg"; done
	[ ! -e "$T/ply-04.svg" ]
	grep -q 'checkmate' "$T/ply-03.svg"
}

@test "-o without %d: several SVGs are an error; text goes to one file" {
	run -2 --separate-stderr bash -c \
		"printf 'startpos\nstartpos\n' | ob-diagram -f svg -o '$T/one.svg'"
	[[ "$stderr" == *"need a %d"* ]]
	printf 'startpos\nstartpos\n' | ob-diagram -o "$T/all.txt"
	[ "$(grep -c 'level E' "$T/all.txt")" -eq 2 ]
}

@test "without -o, several SVG documents follow one another on stdout" {
	run -0 bash -c "printf 'startpos\nstartpos\n' | ob-diagram -f svg"
	[ "$(grep -c '^<?xml ' <<<"$output")" -eq 2 ]
	[ "$(grep -c '^</svg>$' <<<"$output")" -eq 2 ]
}

@test "move tables: captions count rays and cells from the library" {
	check_caption() {
		run -0 ob-diagram --piece "$1"
		[[ "$output" == *"$2"* ]] || { echo "$output"; false; }
	}
	check_caption R "Regent from Cc3: 26 rays, 52 cells"
	check_caption T "Tower from Cc3: 6 rays, 12 cells"
	check_caption B "Bishop from Cc3: 12 rays, 24 cells"
	check_caption L "Lancer from Cc3: 8 rays, 16 cells"
	check_caption N "Sentinel from Cc3: 24 leaps, 24 cells"
	check_caption S "Sovereign from Cc3: 26 steps, 26 cells"
	check_caption P "Pawn from Cc3: 1 advance, 4 attacked cells"
	check_caption R "* reached cell"
	run -0 ob-diagram --piece R --at Aa1
	[[ "$output" == *"Regent from Aa1: 7 rays, 28 cells"* ]]
}

@test "move tables, text: the reached cells on the slices" {
	ob-diagram --piece R >"$T/regent.txt"
	golden regent.txt "$T/regent.txt"
	run -0 ob-diagram --piece P
	[[ "${lines[3]}" == *"4 |. x o x .|"* ]]
	[[ "${lines[3]}" == "4 |. . . . .|   4 |. . x . .|"* ]]
	[ "$(grep -o '[*]' <<<"$(ob-diagram --piece L)" | wc -l)" -eq 17 ]
}

@test "move tables, SVG: a line per direction to a cell centre; pawn moves apart" {
	for p in S R T B L N P; do
		ob-diagram -f svg --piece $p -o "$T/$p.svg"
		svg_ok "$T/$p.svg"
	done
	golden regent.svg "$T/R.svg"
	golden pawn.svg "$T/P.svg"
	[ "$(grep -c '<line class="ray slide"' "$T/R.svg")" -eq 26 ]
	[ "$(grep -c '<circle class="reached".*data-cell' "$T/R.svg")" -eq 52 ]
	[ "$(grep -c '<line class="ray leap"' "$T/N.svg")" -eq 24 ]
	[ "$(grep -c '<line class="ray advance"' "$T/P.svg")" -eq 1 ]
	[ "$(grep -c '<line class="ray attack"' "$T/P.svg")" -eq 4 ]
	grep -q 'class="advance".*data-cell="Cc4"' "$T/P.svg"
	for c in Cb4 Cd4 Bc4 Dc4; do
		grep -q "class=\"attack\".*data-cell=\"$c\"" "$T/P.svg"
	done
	# every ray ends where a reached marker is drawn: at a cell centre
	grep -o '<line class="ray slide"[^>]*' "$T/R.svg" |
		sed 's/.*x2="\([^"]*\)" y2="\([^"]*\)".*/\1 \2/' | sort >"$T/ends"
	grep -o '<circle class="reached"[^>]*' "$T/R.svg" |
		sed 's/.*cx="\([^"]*\)" cy="\([^"]*\)".*/\1 \2/' | sort >"$T/dots"
	[ "$(comm -23 "$T/ends" "$T/dots" | wc -l)" -eq 0 ]
}

@test "move tables in a position: blocked rays and captures" {
	run -0 ob-diagram --piece n --at Bd4 --position startpos
	[[ "$output" == *"Sentinel from Bd4: 8 leaps, 8 cells, 2 to capture"* ]]
	[[ "$output" == *"A Black Sentinel"* ]]
	run -0 ob-diagram --piece R --at Cc3 --position startpos
	[[ "$output" == *"Regent from Cc3: "* ]]
	ob-diagram -f svg --piece n --at Bd4 --position startpos -o "$T/n.svg"
	svg_ok "$T/n.svg"
	[ "$(grep -c 'class="capture"' "$T/n.svg")" -ge 2 ]
}

@test "--table: directions and cells from Cc3 and over all cells" {
	ob-diagram --table >"$T/table.txt"
	golden table.txt "$T/table.txt"
	run -0 ob-diagram --table
	[[ "$output" == *"R Regent        26     52       7    16.58     26      28    32.80     52"* ]]
	run -0 ob-diagram --table --at Aa1
	[[ "$output" == *"from Aa1"* ]]
	[[ "$output" == *"L Lancer         1      4"* ]]
}

@test "--heatmap: text digits and an SVG with a legend" {
	printf 'Cc3 10\nAa1 0\nEe5 5\n# comment\nDd4 2.5\n' >"$T/cells.txt"
	ob-diagram --heatmap "$T/cells.txt" >"$T/heat.txt"
	golden heat.txt "$T/heat.txt"
	run -0 ob-diagram --heatmap "$T/cells.txt"
	[[ "${lines[4]}" == *"3 |. . 9 . .|"* ]]
	[[ "$output" == *"shades 0-9 from 0 (0) to 10 (9)"* ]]
	ob-diagram --heatmap -f svg "$T/cells.txt" >"$T/heat.svg"
	svg_ok "$T/heat.svg"
	golden heat.svg "$T/heat.svg"
	grep -q 'class="cell heat level-C".*data-cell="Cc3"' "$T/heat.svg"
	[ "$(grep -c 'class="legend-swatch"' "$T/heat.svg")" -eq 10 ]
	ob-diagram --heatmap -f svg -l stacked "$T/cells.txt" >"$T/heat2.svg"
	svg_ok "$T/heat2.svg"
}

@test "--heatmap: bad lines are reported and skipped, exit 1" {
	printf 'Cc3 10\nZz9 1\nCc3 4\nDd4 lots\nAa1\nBb2 1 2\n' >"$T/bad.txt"
	run -1 --separate-stderr ob-diagram --heatmap "$T/bad.txt"
	[[ "$stderr" == *"$T/bad.txt:2:1: expected a cell name"* ]]
	[[ "$stderr" == *"$T/bad.txt:3:1: Cc3 already has a value (line 1)"* ]]
	[[ "$stderr" == *"$T/bad.txt:4:5: the value is not a number"* ]]
	[[ "$stderr" == *"$T/bad.txt:5:4: missing value after the cell"* ]]
	[[ "$stderr" == *"$T/bad.txt:6:7: unexpected text after the value"* ]]
	[[ "$output" == *"1 cells with values"* ]]
}

@test "Raumschach: its letters and its pieces" {
	run -0 ob-diagram -V raumschach <<<startpos
	[[ "${lines[2]}" == "5 |r n k n r|"* ]]
	run -0 ob-diagram -V raumschach --piece U
	[[ "$output" == *"Unicorn from Cc3: 8 rays, 16 cells"* ]]
	run -0 ob-diagram -V raumschach --piece P
	[[ "$output" == *"Pawn from Cc3: 2 advances, 5 attacked cells"* ]]
	ob-diagram -V raumschach -f svg --piece Q -o "$T/q.svg"
	svg_ok "$T/q.svg"
	grep -q 'class="piece white queen"' "$T/q.svg"
}

@test "figures.sh writes one SVG per piece kind" {
	mkdir -p "$T/build"
	ln -s "$OB_BUILD/ob-diagram" "$T/build/ob-diagram"
	run -0 sh "$ROOT/tests/figures.sh" "$T/build"
	for name in sovereign regent tower bishop lancer sentinel pawn start; do
		svg_ok "$T/build/figures/$name.svg"
	done
	grep -q 'Regent from Cc3: 26 rays, 52 cells' "$T/build/figures/regent.svg"
	for name in king queen rook bishop knight pawn pawn-double-step start; do
		svg_ok "$T/build/figures/diagonal-oblong/$name.svg"
	done
	grep -q 'Queen from e9: 8 rays, 24 cells' \
		"$T/build/figures/diagonal-oblong/queen.svg"
	grep -q 'double step' "$T/build/figures/diagonal-oblong/pawn-double-step.svg"
	[ ! -e "$T/build/figures/diagonal-oblong/tower.svg" ]
}

# ---- Diagonal Oblong Chess: the flat board turned through 45 degrees ----

DOC='-V diagonal-oblong'
# White to move: check (from a seeded random playout)
DOC_CHECK='4/n3/2b1/k2n/4/4/P3/pp2/2rP/P1r1/4/4/1BpK/4/3N/2b1 w - - 0 78'
# White may castle: c1 and f2 are empty
DOC_CASTLE='rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQ1B/B1KR w KGkg - 0 1'

@test "flat board, text: the start position is the game page's setup figure" {
	echo startpos | ob-diagram $DOC >"$T/out"
	golden diagonal-start.txt "$T/out"
	run -0 ob-diagram $DOC <<<startpos
	[ "${#lines[@]}" -eq 36 ]
	[ "${lines[0]}" = '\a /\c /\e /\g /\' ]
	[ "${lines[1]}" = '1\/r \/k \/n \/b \' ]
	[ "${lines[2]}" = '6/\  /\  /\  /\  /' ]
	[ "${lines[31]}" = '/B \/N \/K \/R \/1' ]
	[ "${lines[33]}" = ' \/b \/d \/f \/h \' ]
	[ "${lines[34]}" = "White to move" ]
	[ "${lines[35]}" = "Rights: KGkg; en passant: none" ]
}

@test "flat board, text: --unicode --flip, rights and en passant below" {
	echo 'startpos Pd4-d8 Pe13-e9' | ob-diagram $DOC -u -F >"$T/out"
	golden diagonal-flip-unicode.txt "$T/out"
	run -0 ob-diagram $DOC --flip <<<'startpos Pd4-d8 Pe13-e9'
	[ "${lines[0]}" = '\h /\f /\d /\b /\' ]
	[ "${lines[1]}" = '1\/R \/K \/N \/B \' ]
	[ "${lines[33]}" = ' \/g \/e \/c \/a \' ]
	[ "${lines[35]}" = "Rights: KGkg; en passant: e11" ]
	[ "${lines[36]}" = "Last move: Pe13-e9" ]
	run -0 ob-diagram $DOC <<<"$DOC_CHECK"
	[ "${lines[34]}" = "White to move: check" ]
	[ "${lines[35]}" = "Rights: none; en passant: none" ]
}

@test "flat board: lattice-only options are usage errors" {
	run -2 --separate-stderr ob-diagram $DOC -f svg -l stacked <<<startpos
	[[ "$stderr" == *"--layout stacked does not apply"* ]]
	run -2 --separate-stderr ob-diagram $DOC --ascending <<<startpos
	[[ "$stderr" == *"--ascending"* ]]
	run -2 --separate-stderr ob-diagram $DOC --piece R --at a2
	run -2 --separate-stderr ob-diagram $DOC --piece T
	[[ "$stderr" == *"KQRBNP"* ]]
}

@test "flat board, SVG: well-formed, golden, 64 diamonds, classes, labels" {
	echo 'startpos Pd4-d8 Pe13-e9' |
		ob-diagram $DOC -f svg --mark e5,d6 -A Nc1-b4,Qd2-h6 >"$T/pos.svg"
	svg_ok "$T/pos.svg"
	golden diagonal-position.svg "$T/pos.svg"
	grep -q '<svg [^>]*class="oblique-diagram diamond"' "$T/pos.svg"
	[ "$(grep -c '<polygon class="cell ' "$T/pos.svg")" -eq 64 ]
	[ "$(grep -c '<g class="piece ' "$T/pos.svg")" -eq 32 ]
	grep -q 'class="cell dark file-a rank-1".*data-cell="a1"' "$T/pos.svg"
	grep -q 'class="cell light file-b rank-2".*data-cell="b2"' "$T/pos.svg"
	grep -q '<g class="piece white queen" data-cell="d2">' "$T/pos.svg"
	grep -q '<g class="piece black king" data-cell="d16">' "$T/pos.svg"
	grep -q 'class="mark".*data-cell="d6"' "$T/pos.svg"
	grep -q 'class="last-move from".*data-cell="e13"' "$T/pos.svg"
	grep -q 'class="last-move to".*data-cell="e9"' "$T/pos.svg"
	[ "$(grep -c '<g class="arrow"' "$T/pos.svg")" -eq 2 ]
	[ "$(grep -c 'class="file-label"' "$T/pos.svg")" -eq 8 ]
	[ "$(grep -c 'class="rank-label"' "$T/pos.svg")" -eq 16 ]
	grep -q '>Rights: KGkg; en passant: e11<' "$T/pos.svg"
	# every cell is a square on its corner: equal diagonals, one
	# horizontal and one vertical
	grep -o '<polygon class="cell [^>]*points="[^"]*"' "$T/pos.svg" |
		sed 's/.*points="\([^"]*\)"/\1/' | tr ', ' '  ' |
		awk '{ if (!($1 == $5 && $4 == $8 && $2 + $6 == 2 * $4 &&
		       $3 + $7 == 2 * $1 && $6 - $2 == $3 - $7)) bad++ }
		     END { exit bad > 0 }'
}

@test "flat board, SVG: the checked King is ringed; castling marks both pieces" {
	echo "$DOC_CHECK" | ob-diagram $DOC -f svg >"$T/check.svg"
	svg_ok "$T/check.svg"
	grep -q 'class="check".*data-cell="h4"' "$T/check.svg"
	grep -q '>White to move: check<' "$T/check.svg"
	echo "$DOC_CASTLE O-O" | ob-diagram $DOC -f svg -F >"$T/castle.svg"
	svg_ok "$T/castle.svg"
	grep -q 'class="last-move from".*data-cell="e1"' "$T/castle.svg"
	grep -q 'class="last-move from to".*data-cell="a1"' "$T/castle.svg"
	grep -q 'class="last-move to".*data-cell="c1"' "$T/castle.svg"
	grep -q '>Last move: O-O<' "$T/castle.svg"
	echo "${DOC_CASTLE%% *} w KGkg - 0 1 Qd2-f2&Bh2-d2" |
		ob-diagram $DOC -f svg >"$T/guard.svg"
	svg_ok "$T/guard.svg"
	grep -q 'class="last-move from to".*data-cell="d2"' "$T/guard.svg"
	grep -q 'class="last-move to".*data-cell="f2"' "$T/guard.svg"
	grep -q 'class="last-move from".*data-cell="h2"' "$T/guard.svg"
	run -0 ob-diagram $DOC -f svg -A 'Qd2-f6&Bh2-d2' <<<startpos
	[ "$(grep -c '<g class="arrow"' <<<"$output")" -eq 2 ]
}

@test "flat board: SVG and text are deterministic" {
	for f in text svg; do
		echo 'startpos Nf2-e5' | ob-diagram $DOC -f $f >"$T/a"
		echo 'startpos Nf2-e5' | ob-diagram $DOC -f $f >"$T/b"
		cmp "$T/a" "$T/b"
		ob-diagram $DOC -f $f --piece N -t d2 >"$T/a"
		ob-diagram $DOC -f $f --piece N -t d2 >"$T/b"
		cmp "$T/a" "$T/b"
	done
}

@test "flat board, move tables: captions count rays and cells from the library" {
	check_caption() {
		run -0 ob-diagram $DOC --piece "$1" ${3:+--at "$3"}
		[[ "$output" == *"$2"* ]] || { echo "$output"; false; }
	}
	check_caption Q "Queen from d2: 7 rays, 19 cells" d2
	check_caption Q "Queen from e9: 8 rays, 24 cells"
	check_caption R "Rook from e9: 4 rays, 14 cells"
	check_caption R "Rook from d2: 4 rays, 9 cells" d2
	check_caption B "Bishop from e9: 4 rays, 10 cells"
	check_caption B "Bishop from a1: 2 rays, 10 cells" a1
	check_caption K "King from e9: 8 steps, 8 cells"
	check_caption K "King from a1: 3 steps, 3 cells" a1
	check_caption N "Knight from e9: 8 leaps, 8 cells"
	check_caption N "Knight from c1: 3 leaps, 3 cells" c1
	check_caption P "Pawn from e9: 1 advance, 2 attacked cells"
	check_caption P "Pawn from d4: 2 advances, 2 attacked cells" d4
	check_caption P "The advance to d8 is a double step" d4
	check_caption p "Pawn from e13: 2 advances, 2 attacked cells" e13
	check_caption p "The advance to e9 is a double step" e13
	run -0 ob-diagram $DOC --piece P --at d6
	[[ "$output" != *"double step"* ]]
}

@test "flat board, move tables, text: the reached cells in the diamonds" {
	ob-diagram $DOC --piece N --at d2 >"$T/knight.txt"
	golden diagonal-knight.txt "$T/knight.txt"
	[ "$(grep -o '[*]' "$T/knight.txt" | wc -l)" -eq 7 ]
	# the pawn on d4: advances to d6 and d8, attacks c5 and e5
	run -0 ob-diagram $DOC --piece P --at d4
	[ "${lines[17]}" = '8\/  \/o \/  \/  \' ]
	[ "${lines[21]}" = '6\/  \/o \/  \/  \' ]
	[ "${lines[23]}" = '/  \/x \/x \/  \/5' ]
	[ "${lines[25]}" = '4\/  \/P \/  \/  \' ]
	[ "$(grep -c '[ox]' <<<"$(head -34 <<<"$output")")" -eq 3 ]
}

@test "flat board, move tables, SVG: lines to cell centres; pawn moves apart" {
	for p in K Q R B N P; do
		ob-diagram $DOC -f svg --piece $p --at d4 -o "$T/$p.svg"
		svg_ok "$T/$p.svg"
	done
	ob-diagram $DOC -f svg --piece Q --at d2 -o "$T/Qd2.svg"
	golden diagonal-queen.svg "$T/Qd2.svg"
	golden diagonal-pawn.svg "$T/P.svg"
	[ "$(grep -c '<line class="ray slide"' "$T/Qd2.svg")" -eq 7 ]
	[ "$(grep -c '<circle class="reached".*data-cell' "$T/Qd2.svg")" -eq 19 ]
	[ "$(grep -c '<line class="ray leap"' "$T/N.svg")" -eq 8 ]
	[ "$(grep -c '<line class="ray leap"' "$T/K.svg")" -eq 8 ]
	# the pawn: one advance line through both cells of the double step
	[ "$(grep -c '<line class="ray advance"' "$T/P.svg")" -eq 1 ]
	[ "$(grep -c '<line class="ray attack"' "$T/P.svg")" -eq 2 ]
	for c in d6 d8; do
		grep -q "class=\"advance\".*data-cell=\"$c\"" "$T/P.svg"
	done
	for c in c5 e5; do
		grep -q "class=\"attack\".*data-cell=\"$c\"" "$T/P.svg"
	done
	# every ray ends where a reached marker is drawn: at a cell centre
	grep -o '<line class="ray slide"[^>]*' "$T/Qd2.svg" |
		sed 's/.*x2="\([^"]*\)" y2="\([^"]*\)".*/\1 \2/' | sort >"$T/ends"
	grep -o '<circle class="reached"[^>]*' "$T/Qd2.svg" |
		sed 's/.*cx="\([^"]*\)" cy="\([^"]*\)".*/\1 \2/' | sort >"$T/dots"
	[ "$(wc -l <"$T/ends")" -eq 7 ]
	[ "$(comm -23 "$T/ends" "$T/dots" | wc -l)" -eq 0 ]
}

@test "flat board, move tables in a position: blocked rays and captures" {
	run -0 ob-diagram $DOC --piece N --at d12 --position "$DOC_CHECK"
	[[ "$output" == *"Knight from d12: 8 leaps, 8 cells, 3 to capture"* ]]
	run -0 ob-diagram $DOC --piece q --at e15 --position startpos
	[[ "$output" == *"Queen from e15: 0 rays, 0 cells, 0 to capture"* ]]
	ob-diagram $DOC -f svg --piece N --at d12 --position "$DOC_CHECK" \
		-o "$T/n.svg"
	svg_ok "$T/n.svg"
	[ "$(grep -c 'class="capture"' "$T/n.svg")" -ge 3 ]
}

@test "flat board, --table: directions and cells over the 64 cells" {
	ob-diagram $DOC --table >"$T/table.txt"
	golden diagonal-table.txt "$T/table.txt"
	run -0 ob-diagram $DOC --table
	[[ "${lines[0]}" == "Diagonal Oblong: moves on an empty board, from e9 and over all 64 cells" ]]
	[[ "$output" == *"B Bishop      4     10       2     3.25      4      10    10.00     10"* ]]
	[[ "$output" == *"K King        8      8       3     6.53      8       3     6.53      8"* ]]
	run -0 ob-diagram $DOC --table --at a1
	[[ "$output" == *"from a1"* ]]
	[[ "$output" == *"R Rook        1      7"* ]]
}

@test "flat board, --heatmap: text digits and an SVG with a legend" {
	printf 'e9 10\na1 0\nh16 5\nd8 2.5\n' >"$T/cells.txt"
	ob-diagram $DOC --heatmap "$T/cells.txt" >"$T/heat.txt"
	golden diagonal-heat.txt "$T/heat.txt"
	run -0 ob-diagram $DOC --heatmap "$T/cells.txt"
	[ "${lines[15]}" = '/. \/. \/9 \/. \/9' ]
	[ "${lines[31]}" = '/0 \/. \/. \/. \/1' ]
	ob-diagram $DOC --heatmap -f svg "$T/cells.txt" >"$T/heat.svg"
	svg_ok "$T/heat.svg"
	golden diagonal-heat.svg "$T/heat.svg"
	grep -q 'class="cell heat file-e rank-9".*data-cell="e9"' "$T/heat.svg"
	[ "$(grep -c 'class="cell nodata ' "$T/heat.svg")" -eq 60 ]
	run -1 --separate-stderr ob-diagram $DOC --heatmap <<<'a2 1'
	[[ "$stderr" == *"<stdin>:1:1: expected a cell name"* ]]
}

@test "flat board: ob-fen pipes into ob-diagram" {
	run -0 bash -c 'ob-fen -V diagonal-oblong --random 3 --seed 5 |
		ob-diagram -V diagonal-oblong'
	[ "$(grep -c '^ \\/b \\/d \\/f \\/h \\$' <<<"$output")" -eq 3 ]
	run -0 bash -c 'ob-fen -V diagonal-oblong --random 3 --seed 5 |
		ob-diagram -V diagonal-oblong -f svg -o "$0/r-%d.svg"' "$T"
	for i in 1 2 3; do svg_ok "$T/r-$i.svg"; done
}
