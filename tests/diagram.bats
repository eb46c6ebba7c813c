#!/usr/bin/env bats
# ob-diagram: text and SVG diagrams, move tables, the count table, heat maps.
# Golden files live in testdata/diagram/; OB_UPDATE_GOLDEN=1 rewrites them
# (review the change with git diff).

load common
load diagram

MATE='5/5/5/5/TS1n1|1b1R1/1pp2/2np1/1P1P1/3L1|5/ppp1p/3P1/PP3/T4|tl3/4R/1P3/1P1P1/NBL1N|5/4s/5/5/4B b 0 26'
STALEMATE='5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/1S3/5/2R2|5/5/5/5/s4 b 0 1'
CHECK='5/5/5/5/5|5/5/5/5/5|2s2/2R2/5/5/2S2|5/5/5/5/5|5/5/5/5/5 b 0 1'

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
	[[ "$stderr" == "ob-diagram: --mark: 'Zz9' is not a cell of oblique's board"* ]]
	run -2 --separate-stderr ob-diagram -S --mark Cc3,,Dd4
	[[ "$stderr" == "ob-diagram: --mark: a cell is missing in 'Cc3,,Dd4'"* ]]
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
	[ "$(grep -c '<line class="ray slide' "$T/R.svg")" -eq 26 ]
	[ "$(grep -c '<circle class="reached".*data-cell' "$T/R.svg")" -eq 52 ]
	[ "$(grep -c '<line class="ray leap' "$T/N.svg")" -eq 24 ]
	[ "$(grep -c '<line class="ray advance' "$T/P.svg")" -eq 1 ]
	[ "$(grep -c '<line class="ray attack' "$T/P.svg")" -eq 4 ]
	grep -q 'class="advance".*data-cell="Cc4"' "$T/P.svg"
	for c in Cb4 Cd4 Bc4 Dc4; do
		grep -q "class=\"attack\".*data-cell=\"$c\"" "$T/P.svg"
	done
	# every ray within the level ends where a reached marker is drawn:
	# at a cell centre
	grep -o '<line class="ray slide"[^>]*' "$T/R.svg" |
		sed 's/.*x2="\([^"]*\)" y2="\([^"]*\)".*/\1 \2/' | sort >"$T/ends"
	grep -o '<circle class="reached"[^>]*' "$T/R.svg" |
		sed 's/.*cx="\([^"]*\)" cy="\([^"]*\)".*/\1 \2/' | sort >"$T/dots"
	[ "$(comm -23 "$T/ends" "$T/dots" | wc -l)" -eq 0 ]
}

# ends_on_frames FILE: every line to another level ends on an edge of
# the frame of a cell (a slider's frames the cells it passes too)
ends_on_frames() {
	grep -o '<polygon class="other-level" points="[^"]*"[^>]*data-cell="[^"]' "$1" |
		sed 's/.*points="\([^"]*\)".*/\1/' >"$T/frames"
	grep -o '<line class="ray [a-z]* other-level"[^>]*' "$1" |
		sed 's/.*x2="\([^"]*\)" y2="\([^"]*\)".*/\1 \2/' >"$T/ends"
	[ -s "$T/ends" ]
	awk 'NR == FNR { frame[NR] = $0; n = NR; next }
	     { on = 0
	       for (i = 1; i <= n && !on; i++) {
		       k = split(frame[i], p, /[ ,]/)
		       for (j = 1; j < k; j += 2) {
			       ax = p[j]; ay = p[j + 1]
			       nx = j + 2 > k ? 1 : j + 2
			       bx = p[nx]; by = p[nx + 1]
			       # on the edge, within the rounding to 0.1
			       cross = (bx - ax) * ($2 - ay) - (by - ay) * ($1 - ax)
			       len = sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
			       dot = ($1 - ax) * (bx - ax) + ($2 - ay) * (by - ay)
			       if (cross < 0) cross = -cross
			       if (cross / len < 0.2 && dot >= -1 && dot <= len * len + 1)
				       on = 1
		       }
	       }
	       if (!on) { print "not on a frame:", $0; bad = 1 } }
	     END { exit bad }' "$T/frames" "$T/ends"
}

@test "stacked move tables: a move to another level is a thin dashed line beneath, ending on its cell's frame" {
	# before: every line solid, drawn in one pass: the pawn's capture
	# from Cb2 to Db3 ran over Cb3 to Cb5 like a move along the file
	ob-diagram -f svg --piece P -t Cb2 >"$T/P.svg"
	svg_ok "$T/P.svg"
	grep -q '<line class="ray attack other-level" [^>]*stroke-dasharray="5 3"' "$T/P.svg"
	[ "$(grep -c '<line class="ray [a-z]* other-level"' "$T/P.svg")" -eq 2 ]
	grep -q '<polygon class="other-level" [^>]*data-cell="Db3"' "$T/P.svg"
	grep -q '<polygon class="other-level" [^>]*data-cell="Bb3"' "$T/P.svg"
	run -1 grep -q '<polygon class="other-level" [^>]*data-cell="C' "$T/P.svg"
	ends_on_frames "$T/P.svg"
	# within the level: solid, and drawn after (over) every other line
	run -1 grep -E '<line class="ray [a-z]*" [^>]*dasharray' "$T/P.svg"
	grep -o '<line class="ray [a-z ]*"' "$T/P.svg" | awk '
		/other-level/ { if (inlevel) bad = 1; next } { inlevel = 1 }
		END { exit bad || !inlevel }'
	grep -q '>on another level: a thin dashed line, the cell framed<' "$T/P.svg"
	# the Regent: 8 rays within level C, 18 to other levels, their 36
	# cells framed; the Sentinel: 8 leaps within, 16 to other levels
	ob-diagram -f svg --piece R >"$T/R.svg"
	[ "$(grep -c '<line class="ray slide"' "$T/R.svg")" -eq 8 ]
	[ "$(grep -c '<line class="ray slide other-level"' "$T/R.svg")" -eq 18 ]
	[ "$(grep -c '<polygon class="other-level" [^>]*data-cell=' "$T/R.svg")" -eq 36 ]
	ends_on_frames "$T/R.svg"
	ob-diagram -f svg --piece N >"$T/N.svg"
	[ "$(grep -c '<line class="ray leap"' "$T/N.svg")" -eq 8 ]
	[ "$(grep -c '<line class="ray leap other-level"' "$T/N.svg")" -eq 16 ]
	ends_on_frames "$T/N.svg"
	# a board of one plane has no dashed lines, no frames and no legend
	# line for them; slices draw no lines at all
	ob-diagram $DOC -f svg --piece Q >"$T/Q.svg"
	grep -q '<line class="ray slide"' "$T/Q.svg"
	run -1 grep -q 'other-level' "$T/Q.svg"
	ob-diagram -f svg --piece P -t Cb2 -l slices >"$T/Ps.svg"
	run -1 grep -q -e 'other-level' -e '<line class="ray' "$T/Ps.svg"
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
	[[ "$output" == *"shades 0-9, linear scale from 0 (0) to 10 (9)"* ]]
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
	[[ "$output" == *"1 cell with a value"* ]]
}

@test "--heatmap: another board's cells without their #variant line: one hint, then a count" {
	ob-validate -V plattraum -r 3 | ob-stats -V plattraum --cells - |
		grep -v '^#' >"$T/hex.cells"
	n=$(wc -l <"$T/hex.cells")
	run -1 --separate-stderr ob-diagram --heatmap "$T/hex.cells"
	[ "${#stderr_lines[@]}" -eq 2 ]
	[ "${stderr_lines[0]}" = "ob-diagram: $T/hex.cells:1:1: expected a cell name, as in 'Cc3 12' ('a1' is a cell of diagonal-oblong's, plattraum's or chess's board: give -V or a '#variant' line naming one)" ]
	[ "${stderr_lines[1]}" = "ob-diagram: $T/hex.cells:$n:1: $((n - 1)) more lines up to here start with a cell of another board than oblique's, not shown; they are cells of plattraum's board: give -V plattraum or a '#variant plattraum' line" ]
	run -0 ob-diagram -V plattraum --heatmap "$T/hex.cells"
	# a word that is no cell of any board is reported on each line
	run -1 --separate-stderr ob-diagram --heatmap <<<$'a1 1\nZz9 1\nq1 1\nh16 2'
	[ "${#stderr_lines[@]}" -eq 4 ]
	[[ "${stderr_lines[3]}" == "ob-diagram: <stdin>:4:1: 1 more line up to here starts with a cell of another board than oblique's, not shown; it is a cell of diagonal-oblong's board: give -V diagonal-oblong or a '#variant diagonal-oblong' line" ]]
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
	for name in sovereign regent tower bishop lancer sentinel pawn start \
		middle-game check heat-linear heat-log heat-quantile; do
		svg_ok "$T/build/figures/$name.svg"
	done
	grep -q 'data-number="2"' "$T/build/figures/middle-game.svg"
	grep -q '>logarithmic scale from 630 to 2500' "$T/build/figures/heat-log.svg"
	grep -q 'Regent from Cc3: 26 rays, 52 cells' "$T/build/figures/regent.svg"
	for name in king queen rook bishop knight pawn pawn-double-step start; do
		svg_ok "$T/build/figures/diagonal-oblong/$name.svg"
	done
	grep -q 'Queen from e9: 8 rays, 24 cells' \
		"$T/build/figures/diagonal-oblong/queen.svg"
	grep -q 'Double step to d8' "$T/build/figures/diagonal-oblong/pawn-double-step.svg"
	[ ! -e "$T/build/figures/diagonal-oblong/tower.svg" ]
}

# ---- Diagonal Oblong Chess: the flat board turned through 45 degrees ----

DOC='-V diagonal-oblong'
# White to move: check (from a seeded random playout)
DOC_CHECK='4/n3/2b1/k2n/4/4/P3/pp2/2rP/P1r1/4/4/1BpK/4/3N/2b1 w - - 0 78'
# White may castle: c1 and f2 are empty
DOC_CASTLE='rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQ1B/B1KR w KGkg - 0 1'

# The "Setup" section of Diagonal Oblong Chess's game page (its lines 11 to
# 46): the setup figure, a two-digit rank's digits one above the other.
# The tests read only this copy; its digest was taken against the page.
DOC_PAGE="$TESTDATA/diagram/diagonal-oblong-setup.txt"
DOC_PAGE_SHA256=420e371a15bd3793307a70110bc2b73aee782eb698976941ea9105e9b3d86877

# without_ranks [MARGIN]: a flat-board text diagram without its rank
# labels (digits) and its left MARGIN columns, and no trailing blanks.
without_ranks() {
	sed -E "s/[0-9]/ /g; s/^.{${1:-0}}//; s/ +\$//"
}

@test "flat board, text: the start position is the game page's setup figure, each rank's label on one line" {
	run -0 sha256sum "$DOC_PAGE"
	[ "${output%% *}" = "$DOC_PAGE_SHA256" ]
	echo startpos | ob-diagram $DOC >"$T/out"
	golden diagonal-start.txt "$T/out"
	# cell for cell the page's figure; only the labels stand otherwise
	# (and "16" needs a column more at the left)
	diff <(sed -n '3,$p' "$DOC_PAGE" | without_ranks) <(head -34 "$T/out" | without_ranks 1)
	run -0 ob-diagram $DOC <<<startpos
	[ "${#lines[@]}" -eq 36 ]
	[ "${lines[0]}" = ' \a /\c /\e /\g /\' ]
	[ "${lines[1]}" = '16\/r \/k \/n \/b \' ]
	[ "${lines[2]}" = '  /\  /\  /\  /\  /' ]
	[ "${lines[3]}" = ' /b \/n \/q \/r \/15' ]
	[ "${lines[17]}" = ' 8\/  \/  \/  \/  \' ]
	[ "${lines[31]}" = ' /B \/N \/K \/R \/1' ]
	[ "${lines[33]}" = '  \/b \/d \/f \/h \' ]
	[ "${lines[34]}" = "White to move" ]
	[ "${lines[35]}" = "Rights: KGkg; en passant: none" ]
	# every rank once, on the line of its letters: even at the left,
	# odd at the right, from 16 down
	[ "$(head -34 "$T/out" | sed -nE '2~2{s/^ *([0-9]+)\\.*/\1/p; s/.*\/([0-9]+)$/\1/p}' | paste -sd' ')" = "$(seq -s' ' 16 -1 1)" ]
	[ "$(head -34 "$T/out" | grep -c '[0-9]')" -eq 16 ]
}

@test "flat board, text: --unicode --flip, rights and en passant below" {
	echo 'startpos Pd4-d8 Pe13-e9' | ob-diagram $DOC -u -F >"$T/out"
	golden diagonal-flip-unicode.txt "$T/out"
	run -0 ob-diagram $DOC --flip <<<'startpos Pd4-d8 Pe13-e9'
	[ "${lines[0]}" = ' \h /\f /\d /\b /\' ]
	[ "${lines[1]}" = ' 1\/R \/K \/N \/B \' ]
	[ "${lines[3]}" = ' /B \/N \/Q \/R \/2' ]
	[ "${lines[29]}" = '15\/r \/q \/n \/b \' ]
	[ "${lines[31]}" = ' /b \/n \/k \/r \/16' ]
	[ "${lines[33]}" = '  \/g \/e \/c \/a \' ]
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
	check_caption P "Double step to d8, from a starting cell" d4
	check_caption p "Pawn from e13: 2 advances, 2 attacked cells" e13
	check_caption p "Double step to e9, from a starting cell" e13
	run -0 ob-diagram $DOC --piece P --at d6
	[[ "$output" != *"Double step"* ]]
}

@test "flat board, move tables, text: the reached cells in the diamonds" {
	ob-diagram $DOC --piece N --at d2 >"$T/knight.txt"
	golden diagonal-knight.txt "$T/knight.txt"
	[ "$(grep -o '[*]' "$T/knight.txt" | wc -l)" -eq 7 ]
	# the pawn on d4: advances to d6 and d8, attacks c5 and e5
	run -0 ob-diagram $DOC --piece P --at d4
	[ "${lines[17]}" = ' 8\/  \/o \/  \/  \' ]
	[ "${lines[21]}" = ' 6\/  \/o \/  \/  \' ]
	[ "${lines[23]}" = ' /  \/x \/x \/  \/5' ]
	[ "${lines[25]}" = ' 4\/  \/P \/  \/  \' ]
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

@test "move tables in a position: the piece is ringed, even with no move" {
	# before: a Queen without a move was one disc among 32
	run -0 ob-diagram $DOC --piece q --at e15 --position startpos
	[[ "$output" == *"Queen from e15: 0 rays, 0 cells, 0 to capture"* ]]
	ob-diagram $DOC -f svg --piece q --at e15 --position startpos >"$T/q.svg"
	svg_ok "$T/q.svg"
	[ "$(grep -c '<circle class="subject" [^>]*data-cell="[a-z]' "$T/q.svg")" -eq 1 ]
	grep -q '<circle class="subject" [^>]*data-cell="e15"' "$T/q.svg"
	grep -q '>the piece whose moves are shown<' "$T/q.svg"
	# the plate is under the disc: drawn before it
	grep -n -e 'class="subject" [^>]*data-cell="e15"' -e '<g class="piece [^"]*" data-cell="e15"' "$T/q.svg" |
		head -1 | grep -q subject
	ob-diagram -f svg -l slices --piece n -t Bd4 -P startpos >"$T/n.svg"
	grep -q '<circle class="subject" [^>]*data-cell="Bd4"' "$T/n.svg"
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
	[ "${lines[15]}" = ' /. \/. \/9 \/. \/9' ]
	[ "${lines[31]}" = ' /0 \/. \/. \/. \/1' ]
	ob-diagram $DOC --heatmap -f svg "$T/cells.txt" >"$T/heat.svg"
	svg_ok "$T/heat.svg"
	golden diagonal-heat.svg "$T/heat.svg"
	grep -q 'class="cell heat file-e rank-9".*data-cell="e9"' "$T/heat.svg"
	[ "$(grep -c 'class="cell nodata ' "$T/heat.svg")" -eq 60 ]
	run -1 --separate-stderr ob-diagram $DOC --heatmap <<<'a2 1'
	[[ "$stderr" == *"<stdin>:1:1: expected a cell name, as in 'e9 12'"* ]]
}

@test "flat board: ob-fen pipes into ob-diagram" {
	run -0 bash -c 'ob-fen -V diagonal-oblong --random 3 --seed 5 |
		ob-diagram -V diagonal-oblong'
	[ "$(grep -c '^  \\/b \\/d \\/f \\/h \\$' <<<"$output")" -eq 3 ]
	run -0 bash -c 'ob-fen -V diagonal-oblong --random 3 --seed 5 |
		ob-diagram -V diagonal-oblong -f svg -o "$0/r-%d.svg"' "$T"
	for i in 1 2 3; do svg_ok "$T/r-$i.svg"; done
}

# ---- Figures that read right (issue 22) ----

# piece_centre FILE CELL: "x y" of the disc on CELL
piece_centre() {
	grep -A1 "<g class=\"piece [^\"]*\" data-cell=\"$2\">" "$1" |
		sed -n 's/.*<circle cx="\([^"]*\)" cy="\([^"]*\)".*/\1 \2/p'
}

# arrow_clear FILE CELL...: every corner of every arrow shape is at least
# 9 (0.6 of a disc's radius) from the centre of each CELL's disc, so that
# no arrow covers a piece letter
arrow_clear() {
	local file=$1 cell
	shift
	for cell in "$@"; do
		piece_centre "$file" "$cell"
	done >"$T/centres"
	grep -o '<polygon class="arrow-shape" points="[^"]*"' "$file" |
		sed 's/.*points="\([^"]*\)"/\1/' | tr ' ' '\n' | tr ',' ' ' |
		awk 'NR == FNR { cx[++n] = $1; cy[n] = $2; next }
		     { for (i = 1; i <= n; i++) {
			     d = sqrt(($1 - cx[i]) ^ 2 + ($2 - cy[i]) ^ 2)
			     if (d < 9) { print "too close:", $0, d; bad = 1 }
		       } }
		     END { exit bad }' "$T/centres" -
}

@test "slices: an arrow between levels is a pair of numbered rings, not a line across other levels" {
	# before: one straight shaft from Db1 across level D to Cc2
	echo startpos |
		ob-diagram -f svg -A RDb1-Cc2,NCb1-Ea2,LDd1-Db3 >"$T/a.svg"
	svg_ok "$T/a.svg"
	golden arrows-levels.svg "$T/a.svg"
	[ "$(grep -c '<g class="arrow" .*data-number=' "$T/a.svg")" -eq 2 ]
	grep -q 'data-from="Db1" data-to="Cc2" data-number="1"' "$T/a.svg"
	grep -q 'data-from="Cb1" data-to="Ea2" data-number="2"' "$T/a.svg"
	[ "$(grep -c '<circle class="arrow-from"' "$T/a.svg")" -eq 2 ]
	[ "$(grep -c '<circle class="arrow-to"' "$T/a.svg")" -eq 2 ]
	[ "$(grep -c 'class="arrow-number"[^>]*>[12]<' "$T/a.svg")" -eq 4 ]
	grep -q '>Moves between levels, numbered, from the dashed ring to the solid one: 1 Db1-Cc2, 2 Cb1-Ea2<' "$T/a.svg"
	# within a level, and in the stacked layout, an arrow is an arrow
	[ "$(grep -c '<polygon class="arrow-shape"' "$T/a.svg")" -eq 1 ]
	grep -q 'data-from="Dd1" data-to="Db3">' "$T/a.svg"
	echo startpos | ob-diagram -f svg -l stacked -A RDb1-Cc2 >"$T/s.svg"
	[ "$(grep -c '<polygon class="arrow-shape' "$T/s.svg")" -eq 1 ]
	run -1 grep -q 'data-number' "$T/s.svg"
}

@test "stacked: an arrow to another level is dashed and paler, its cell framed in its plane" {
	# before: drawn as an arrow within a level, RDb1-Cc2 crossing
	# level C's ranks 3 to 5 like a move along a file
	echo startpos | ob-diagram -f svg -l stacked -A RDb1-Cc2,LDd1-Db3 >"$T/s.svg"
	svg_ok "$T/s.svg"
	grep -q '<polygon class="arrow-shape other-level" [^>]*stroke-dasharray="5 3"' "$T/s.svg"
	grep -q '<polygon class="arrow-frame other-level" [^>]*data-cell="Cc2"' "$T/s.svg"
	# within level D: solid, and no frame
	[ "$(grep -c '<polygon class="arrow-shape"' "$T/s.svg")" -eq 1 ]
	[ "$(grep -c 'class="arrow-frame' "$T/s.svg")" -eq 1 ]
	grep -q '>an arrow to another level: dashed, its cell framed<' "$T/s.svg"
	# the frame is beneath the piece on Cc2
	grep -n -e 'class="arrow-frame' -e '<g class="piece [^"]*" data-cell="Cc2"' "$T/s.svg" |
		head -1 | grep -q arrow-frame
	# slices draw such an arrow as numbered rings: no legend line
	echo startpos | ob-diagram -f svg -A RDb1-Cc2 >"$T/l.svg"
	run -1 grep -q -e 'other-level' -e 'arrow-frame' "$T/l.svg"
}

# badges_apart FILE: no two numbered arrows' badges (radius 7.5) overlap
badges_apart() {
	grep -o '<circle class="arrow-badge" cx="[^"]*" cy="[^"]*"' "$1" |
		sed 's/.*cx="\([^"]*\)" cy="\([^"]*\)"/\1 \2/' |
		awk '{ x[NR] = $1; y[NR] = $2 }
		     END { for (i = 1; i <= NR; i++)
			     for (j = i + 1; j <= NR; j++)
				     if ((x[i] - x[j]) ^ 2 + (y[i] - y[j]) ^ 2 < 15 ^ 2) {
					     print "overlap:", x[i], y[i]; bad = 1 }
			   exit bad || NR == 0 }'
}

@test "slices: the badges of several arrows from one cell stand apart, over every ring" {
	# before: all three on one corner of Cd1, only the last number seen
	echo startpos | ob-diagram -f svg -A NCd1-Dd3 -A NCd1-Bd3 -A NCd1-Ec1 >"$T/b.svg"
	svg_ok "$T/b.svg"
	[ "$(grep -c 'class="arrow-number"' "$T/b.svg")" -eq 6 ]
	badges_apart "$T/b.svg"
	# the badges come after the last ring, so that no ring covers one
	grep -n -e 'class="arrow-badge"' -e 'class="arrow-\(from\|to\)"' "$T/b.svg" |
		awk '/badge/ { seen = 1; next } { if (seen) bad = 1 } END { exit bad || !seen }'
	# nine arrows from one cell: still apart
	echo startpos | ob-diagram -f svg -A NCd1-Dd3,NCd1-Bd3,NCd1-Ec1,NCd1-Ee1,NCd1-Ae1,NCd1-Da1,NCd1-Ba1,NCd1-Ea5,NCd1-Aa5 >"$T/n.svg"
	[ "$(grep -c 'class="arrow-number"' "$T/n.svg")" -eq 18 ]
	badges_apart "$T/n.svg"
}

@test "arrows: half transparent, clear of the letters, drawn between neighbours" {
	# before: opacity 0.85, and no arrow at all between neighbours
	echo startpos | ob-diagram -f svg -A TCa1-Ca2,TCa1-Ca4 >"$T/a.svg"
	[ "$(grep -c '<g class="arrow"' "$T/a.svg")" -eq 2 ]
	[ "$(grep -c 'class="arrow-shape" [^>]*fill-opacity="0.5"' "$T/a.svg")" -eq 2 ]
	arrow_clear "$T/a.svg" Ca1 Ca2 Ca4
	echo startpos | ob-diagram -f svg -l stacked -A PCa2-Ca3,SCc1-Dc2 >"$T/s.svg"
	[ "$(grep -c '<g class="arrow"' "$T/s.svg")" -eq 2 ]
	arrow_clear "$T/s.svg" Ca2 Cc1
	echo startpos | ob-diagram $DOC -f svg -A Nc1-d2,Qd2-e3 >"$T/d.svg"
	[ "$(grep -c '<g class="arrow"' "$T/d.svg")" -eq 2 ]
	arrow_clear "$T/d.svg" c1 d2
}

# outside_discs FILE FROM TO: the longest stretch of the first arrow's
# outline that lies outside both cells' discs
outside_discs() {
	local a b
	a=$(grep -A1 "<g class=\"piece [^\"]*\" data-cell=\"$2\">" "$1" |
		sed -n 's/.*<circle cx="\([^"]*\)" cy="\([^"]*\)" r="\([^"]*\)".*/\1 \2 \3/p')
	b=$(grep -A1 "<g class=\"piece [^\"]*\" data-cell=\"$3\">" "$1" |
		sed -n 's/.*<circle cx="\([^"]*\)" cy="\([^"]*\)" r="\([^"]*\)".*/\1 \2 \3/p')
	grep -o '<polygon class="arrow-shape" points="[^"]*"' "$1" | head -1 |
		sed 's/.*points="\([^"]*\)"/\1/' | tr ' ' '\n' | tr ',' ' ' |
		awk -v a="$a" -v b="$b" '
		BEGIN { split(a, p); split(b, q) }
		{ if (sqrt(($1 - p[1]) ^ 2 + ($2 - p[2]) ^ 2) > p[3] + 1 &&
		      sqrt(($1 - q[1]) ^ 2 + ($2 - q[2]) ^ 2) > q[3] + 1) {
			  n++; x[n] = $1; y[n] = $2 } }
		END { m = 0
		      for (i = 1; i <= n; i++)
			      for (j = i + 1; j <= n; j++) {
				      d = sqrt((x[i] - x[j]) ^ 2 + (y[i] - y[j]) ^ 2)
				      if (d > m) m = d }
		      print int(m) }'
}

@test "arrows between neighbours are bent to show a shaft; a swap is two arcs; no arrow runs over a letter" {
	# before: a head between two rims, all within the discs
	echo startpos | ob-diagram -f svg -l stacked -A TCa1-Ca2 >"$T/s.svg"
	[ "$(outside_discs "$T/s.svg" Ca1 Ca2)" -ge 13 ]
	arrow_clear "$T/s.svg" Ca1 Ca2 Cb1 Cb2
	echo startpos | ob-diagram -f svg -A TCa1-Ca2 >"$T/l.svg"
	[ "$(outside_discs "$T/l.svg" Ca1 Ca2)" -ge 15 ]
	arrow_clear "$T/l.svg" Ca1 Ca2 Cb1 Cb2
	# an arrow into an empty neighbour has room, and stays straight
	echo startpos | ob-diagram -f svg -A PCa2-Ca3 >"$T/e.svg"
	[ "$(grep -o '<polygon class="arrow-shape" points="[^"]*"' "$T/e.svg" | tr -cd ',' | wc -c)" -eq 7 ]
	# Liu Yang's swap: before, an hourglass on the edge of f1 and f2;
	# now an arc on each side of the line between the cells
	echo startpos | ob-diagram -V plattraum-liu-yang -f svg \
		-A 'Gdf1-f2&Hcf2-f1' >"$T/swap.svg"
	svg_ok "$T/swap.svg"
	[ "$(grep -c '<g class="arrow"' "$T/swap.svg")" -eq 2 ]
	arrow_clear "$T/swap.svg" f1 f2 e1 e2 g1 g2 f3
	f1=$(piece_centre "$T/swap.svg" f1)
	f2=$(piece_centre "$T/swap.svg" f2)
	grep -o '<polygon class="arrow-shape" points="[^"]*"' "$T/swap.svg" |
		sed 's/.*points="\([^"]*\)"/\1/' |
		awk -v a="$f1" -v b="$f2" '
		BEGIN { split(a, p); split(b, q); len = sqrt((q[1] - p[1]) ^ 2 + (q[2] - p[2]) ^ 2) }
		{ n = split($0, v, /[ ,]/); cx = cy = 0
		  for (i = 1; i < n; i += 2) { cx += v[i]; cy += v[i + 1] }
		  cx /= n / 2; cy /= n / 2
		  # the centroid'"'"'s side of the line from f1 to f2, and its distance
		  side[NR] = ((q[1] - p[1]) * (cy - p[2]) - (q[2] - p[2]) * (cx - p[1])) / len }
		END { exit !(side[1] * side[2] < 0 && side[1] ^ 2 >= 64 && side[2] ^ 2 >= 64) }'
	# a cannon's capture over d2 and d3: before, its shaft covered their
	# letters; now it bends round every disc's letter
	echo startpos | ob-diagram -V plattraum-liu-yang -f svg -A Fcd1xd7 >"$T/fc.svg"
	cells=$(grep -o '<g class="piece [^"]*" data-cell="[a-l][0-9]*"' "$T/fc.svg" |
		sed 's/.*data-cell="\([^"]*\)"/\1/')
	arrow_clear "$T/fc.svg" $cells
	# and so does a Tower's arrow over the pawn on Ca2
	echo startpos | ob-diagram -f svg -A TCa1-Ca4 >"$T/t.svg"
	arrow_clear "$T/t.svg" Ca1 Ca2 Ca4 Cb1 Cb2
}

@test "arrows: lower-case piece letters, and colours with --arrow-color" {
	# before: exit 2 for both
	run -0 ob-diagram -f svg -A tCa1-Ca4,nCb5-Cc3 <<<startpos
	[ "$(grep -c '<g class="arrow"' <<<"$output")" -eq 2 ]
	run -0 ob-diagram $DOC -f svg -A nc15-d14 <<<startpos
	[ "$(grep -c '<g class="arrow"' <<<"$output")" -eq 1 ]
	run -0 ob-diagram -f svg -A TCa1-Ca4 --arrow-color '#c00' \
		-A TCe1-Ce4 --arrow-color navy -A RDb1-Cc2 <<<startpos
	# arrows before the first --arrow-color take it too
	[ "$(grep -c 'class="arrow-shape" [^>]*fill="#c00"' <<<"$output")" -eq 2 ]
	grep -q 'class="arrow-to" [^>]*stroke="navy"' <<<"$output"
	run -0 ob-diagram -f svg -A TCa1-Ca4 <<<startpos
	grep -q 'class="arrow-shape" [^>]*fill="#15781b"' <<<"$output"
	run -2 --separate-stderr ob-diagram --arrow-color 'red" onload="x' -A TCa1-Ca4
	[[ "$stderr" == *"--arrow-color takes #rgb, #rrggbb or a CSS colour name"* ]]
	run -2 --separate-stderr ob-diagram --arrow-color '#12345'
	# a colour is #rgb, #rrggbb or a CSS named colour, never other text
	run -2 --separate-stderr ob-diagram -S -f svg --arrow-color notacolor -A TCa1-Ca4
	[[ "$stderr" == *"--arrow-color takes #rgb, #rrggbb or a CSS colour name such as red, not 'notacolor'"* ]]
	run -0 ob-diagram -S -f svg --arrow-color RebeccaPurple -A TCa1-Ca4 \
		--arrow-color lightgoldenrodyellow -A TCe1-Ce4
	grep -q 'class="arrow-shape" [^>]*fill="rebeccapurple"' <<<"$output"
	grep -q 'class="arrow-shape" [^>]*fill="lightgoldenrodyellow"' <<<"$output"
	# a colour that colours no arrow is refused, not ignored
	run -2 --separate-stderr ob-diagram -S --arrow-color red
	[[ "$stderr" == *"--arrow-color needs --format svg"* ]]
	run -2 --separate-stderr ob-diagram -S -f svg --arrow-color red
	[[ "$stderr" == *"--arrow-color needs --arrow"* ]]
	run -2 --separate-stderr ob-diagram -S -f svg -A TCa1-Ca4 --arrow-color red --arrow-color blue
	[[ "$stderr" == *"--arrow-color blue colours no arrow"* ]]
	run -2 --separate-stderr ob-diagram -S -f svg --arrow-color red --arrow-color blue -A TCa1-Ca4
	[[ "$stderr" == *"--arrow-color red colours no arrow"* ]]
}

@test "heat maps: the caption gives the data's least and greatest value, the legend the scale" {
	# before: "from 0 to 10" (the scale's end), "1 cells"
	run -0 ob-diagram --heatmap <<<$'Cc3 10\nDd4 5'
	[[ "$output" == *$'\n2 cells with values, total 15, from 5 to 10\n'* ]]
	[[ "$output" == *"shades 0-9, linear scale from 0 (0) to 10 (9); . no value"* ]]
	run -0 ob-diagram --heatmap <<<'Cc3 7'
	[[ "$output" == *$'\n1 cell with a value, total 7, from 7 to 7\n'* ]]
	run -0 ob-diagram --heatmap -f svg <<<'Cc3 7'
	grep -q '<title>Heat map of 1 cell</title>' <<<"$output"
}

@test "heat maps: values of 10,000 and more print short enough for a cell" {
	# before: 1.234e+04, 1.235e+07
	printf 'Cc3 12345\nCc4 12345678\nCc5 -45678\nCc2 9999\nCc1 0.5\n' |
		ob-diagram --heatmap -f svg >"$T/h.svg"
	for v in 12.3k 12.3M -45.7k 9999 0.5; do
		grep -q "class=\"value\"[^>]*>$v</text>" "$T/h.svg"
	done
	# the legend's values too, and no number wider than its cell
	grep -q 'class="legend-value"[^>]*>12.3M<' "$T/h.svg"
	run -1 grep -E 'class="value"[^>]*>[^<]{8}' "$T/h.svg"
}

@test "heat maps: numbers never in e-notation; values too small to write so are refused" {
	# before: 1.234e-05 in the caption, the cell and the legend, and a
	# total of 4e+14
	printf 'Cc3 0.00001234\nDd4 0.5\n' >"$T/small.txt"
	run -0 ob-diagram --heatmap "$T/small.txt"
	[[ "$output" == *$'\n2 cells with values, total 0.500012, from 0.00001234 to 0.5\n'* ]]
	run -0 ob-diagram --heatmap --scale log "$T/small.txt"
	[[ "$output" == *"logarithmic scale from 0.00001234 (0) to 0.5 (9), 0.002484 in the middle"* ]]
	ob-diagram --heatmap -f svg --scale log "$T/small.txt" >"$T/small.svg"
	grep -q 'class="value"[^>]*>0.00001234<' "$T/small.svg"
	grep -q 'class="legend-value"[^>]*>0.00001234<' "$T/small.svg"
	printf 'Cc3 399999999999999.5\nDd4 0.25\n' >"$T/big.txt"
	run -0 ob-diagram --heatmap "$T/big.txt"
	[[ "$output" == *"total 399999999999999.8, from 0.25 to 399999999999999.5"* ]]
	# a fraction keeps a decimal, so that it never reads as a count
	run -0 ob-diagram --heatmap <<<$'Cc3 123456.75\nDd4 1'
	[[ "$output" == *"total 123457.8, from 1 to 123456.8"* ]]
	for f in "$T/small.txt" "$T/big.txt"; do
		for scale in linear log quantile; do
			ob-diagram --heatmap --scale $scale "$f"
			ob-diagram --heatmap -f svg --scale $scale "$f"
			ob-diagram $DOC --heatmap -f svg --scale $scale <<<"$(sed 's/Cc3/e9/; s/Dd4/d8/' "$f")"
		done
	done | sed 's/<[^>]*>/ /g' >"$T/all"
	grep -q '0.00001234' "$T/all"
	run -1 grep -E '[0-9]e[-+]?[0-9]' "$T/all"
	run -1 --separate-stderr ob-diagram --heatmap <<<$'Cc3 1e-10\nDd4 0\nBb2 1e-400\nEe5 1e-9'
	[ "$stderr" = "ob-diagram: <stdin>:1:5: the value is too small for a heat map: other than 0, from 1e-9 in magnitude
ob-diagram: <stdin>:3:5: the value is too small for a heat map: other than 0, from 1e-9 in magnitude" ]
	[[ "$output" == *"2 cells with values, total 0.000000001, from 0 to 0.000000001"* ]]
}

@test "heat maps: the lightest shade is not the white of no value, which is hatched" {
	# before: #f7fbff beside #ffffff, with nothing else to tell them apart
	printf 'Cc3 0\nDd4 10\n' | ob-diagram --heatmap -f svg >"$T/h.svg"
	svg_ok "$T/h.svg"
	grep -q 'class="cell heat level-C" [^>]*fill="#deebf7"[^>]*data-cell="Cc3"' "$T/h.svg"
	[ "$(grep -c 'class="cell nodata ' "$T/h.svg")" -eq 123 ]
	[ "$(grep -c '<path class="nodata-hatch"' "$T/h.svg")" -eq 124 ]
	grep -q '<text class="legend-text"[^>]*>no value<' "$T/h.svg"
}

@test "heat maps: --scale linear, log or quantile, named by the legend" {
	# before: --scale is an unknown option
	printf 'Aa1 1\nAa2 2\nAa3 3\nAa4 4\nAa5 1000\n' >"$T/skew.txt"
	run -0 ob-diagram --heatmap "$T/skew.txt"
	[[ "${lines[2]}" == *"5 |. . . . .|   5 |9 . . . .|" ]]
	[[ "${lines[4]}" == *"3 |. . . . .|   3 |0 . . . .|" ]]
	run -0 ob-diagram --heatmap --scale quantile "$T/skew.txt"
	[[ "${lines[4]}" == *"3 |. . . . .|   3 |5 . . . .|" ]]
	[[ "$output" == *"shades 0-9, quantile scale from 1 (0) to 1000 (9), median 3;"* ]]
	run -0 ob-diagram --heatmap --scale log "$T/skew.txt"
	[[ "${lines[4]}" == *"3 |. . . . .|   3 |1 . . . .|" ]]
	[[ "$output" == *"shades 0-9, logarithmic scale from 1 (0) to 1000 (9), 31.62 in the middle;"* ]]
	ob-diagram --heatmap -f svg --scale quantile "$T/skew.txt" >"$T/q.svg"
	svg_ok "$T/q.svg"
	golden heat-quantile.svg "$T/q.svg"
	grep -q '>quantile scale from 1 to 1000, median 3<' "$T/q.svg"
	run -0 ob-diagram --heatmap -f svg "$T/skew.txt"
	grep -q '>linear scale from 0 to 1000<' <<<"$output"
	run -2 --separate-stderr ob-diagram --heatmap --scale cubic "$T/skew.txt"
	[[ "$stderr" == *"--scale takes linear, log or quantile"* ]]
	run -2 --separate-stderr ob-diagram --scale log <<<startpos
	[[ "$stderr" == *"--scale needs --heatmap"* ]]
}

@test "heat maps: values beyond +-1e15, nan and inf are refused by line and column; the rest is drawn" {
	# before: exit 0, every cell shade 0 and a legend from -1.79e+308
	printf 'Cc3 1.79e308\nAa1 -1.79e308\nDd4 5\nBb2 nan\nBb3 -inf\nBb4 1e999\nEe5 1e15\n' >"$T/x.txt"
	run -1 --separate-stderr ob-diagram --heatmap "$T/x.txt"
	[[ "$stderr" == *"$T/x.txt:1:5: the value is beyond the range of a heat map, -1e15 to 1e15"* ]]
	[[ "$stderr" == *"$T/x.txt:2:5: the value is beyond the range of a heat map"* ]]
	[[ "$stderr" == *"$T/x.txt:4:5: the value is not a number (nan)"* ]]
	[[ "$stderr" == *"$T/x.txt:5:5: the value is infinite"* ]]
	[[ "$stderr" == *"$T/x.txt:6:5: the value is beyond the range of a heat map"* ]]
	[ "$(wc -l <<<"$stderr")" -eq 5 ]
	[[ "$output" == *"2 cells with values, total 1000000000000005, from 5 to 1000000000000000"* ]]
	[[ "${lines[3]}" == "4 |. . . . .|   4 |. . . 0 .|"* ]]
	[[ "${lines[2]}" == "5 |. . . . 9|"* ]]
}

@test "one canvas width per board and layout, whatever the captions; long ones wrap" {
	# before: the heat map's legend and long captions widened the canvas
	width() { sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$1"; }
	echo startpos | ob-diagram -f svg >"$T/1.svg"
	ob-diagram --heatmap -f svg <<<'Cc3 1' >"$T/2.svg"
	ob-diagram -f svg -l slices --piece n -t Bd4 -P startpos >"$T/3.svg"
	[ "$(width "$T/1.svg")" = 1232 ]
	for i in 2 3; do [ "$(width "$T/$i.svg")" = 1232 ]; done
	echo startpos | ob-diagram $DOC -f svg --key >"$T/4.svg"
	ob-diagram $DOC --heatmap -f svg <<<'e9 123456' >"$T/5.svg"
	ob-diagram $DOC -f svg --piece p -t e13 >"$T/6.svg"
	for i in 4 5 6; do
		svg_ok "$T/$i.svg"
		[ "$(width "$T/$i.svg")" = 310 ]
	done
	# the key wraps to the width
	[ "$(grep -c '<text class="key"' "$T/4.svg")" -ge 2 ]
	# no text line is longer than fits: about 0.54 of its size a character
	grep -hoE '<text class="(caption[a-z ]*|key|legend-text)" x="[0-9]*" [^>]*font-size="[0-9.]*"[^>]*>[^<]*<' \
		"$T/4.svg" "$T/5.svg" "$T/6.svg" |
		sed 's/.*x="\([0-9]*\)" [^>]*font-size="\([0-9.]*\)"[^>]*>\([^<]*\)</\1 \2 \3/' |
		awk '{ x = $1; size = $2; $1 = $2 = ""
		       if (x + 0.54 * size * (length($0) - 2) > 310) bad = 1 }
		     END { exit bad }'
}

@test "Diagonal Oblong's narrow canvas: a move table's captions and legend take few lines" {
	# before: the Black pawn from e13 took 6 caption lines and 4 legend
	# lines, each of its three captions and two legend lines wrapping
	rows() { grep -c "<text class=\"$2" "$1"; }
	ob-diagram $DOC -f svg --piece p -t e13 >"$T/p.svg"
	[ "$(rows "$T/p.svg" caption)" -le 4 ]
	[ "$(rows "$T/p.svg" legend-text)" -eq 2 ]
	grep -q '>Double step to e9, from a starting cell<' "$T/p.svg"
	grep -q ">A Black Pawn: White's vectors, negated<" "$T/p.svg"
	grep -q '>advance: a quiet move only<' "$T/p.svg"
	grep -q '>attacked cell: a capture only<' "$T/p.svg"
	ob-diagram $DOC -f svg --piece N -t d12 -P startpos >"$T/n.svg"
	[ "$(rows "$T/n.svg" caption)" -le 2 ]
	[ "$(rows "$T/n.svg" legend-text)" -eq 3 ]
	ob-diagram $DOC -f svg --heatmap --scale log <<<$'e9 0.00001234\nd8 123456.75' >"$T/h.svg"
	[ "$(rows "$T/h.svg" caption)" -le 3 ]
}

@test "check is a filled, hatched cell behind the royal piece, visible in grey" {
	# before: only a red dashed ring
	echo "$CHECK" | ob-diagram -f svg >"$T/c.svg"
	grep -q '<polygon class="check-cell" [^>]*data-cell="Cc5"' "$T/c.svg"
	grep -q '<path class="check-hatch"' "$T/c.svg"
	[ "$(grep -c 'class="check-cell"' "$T/c.svg")" -eq 1 ]
	echo "$DOC_CHECK" | ob-diagram $DOC -f svg >"$T/d.svg"
	grep -q '<polygon class="check-cell" [^>]*data-cell="h4"' "$T/d.svg"
	echo startpos | ob-diagram -f svg >"$T/s.svg"
	run -1 grep -q 'check-cell' "$T/s.svg"
}

# grey R G B: the luminance (0 to 255) of a colour given as three numbers
grey() { echo $(( (2126 * $1 + 7152 * $2 + 722 * $3) / 10000 )); }

@test "the last move is a thick dark frame with a faint tint, which reads in grey print" {
	# before: a 45% blue fill that turned a light cell the grey of a
	# dark one, and a frame of 2
	echo 'startpos PCc2-Cc3 PCb4-Cb3' | ob-diagram -f svg >"$T/l.svg"
	[ "$(grep -c '<polygon class="last-move' "$T/l.svg")" -eq 2 ]
	grep -o '<polygon class="last-move[^>]*' "$T/l.svg" >"$T/marks"
	while read -r mark; do
		fill=$(sed 's/.* fill="#\(......\)".*/\1/' <<<"$mark")
		opacity=$(sed 's/.* fill-opacity="\([0-9.]*\)".*/\1/' <<<"$mark")
		stroke=$(sed 's/.* stroke="#\(......\)".*/\1/' <<<"$mark")
		width=$(sed 's/.* stroke-width="\([0-9.]*\)".*/\1/' <<<"$mark")
		# the frame: at least 3 wide, and dark
		awk -v w="$width" 'BEGIN { exit !(w >= 3) }'
		[ "$(grey $((16#${stroke:0:2})) $((16#${stroke:2:2})) $((16#${stroke:4:2})))" -lt 80 ]
		# a light cell (#f0f0f0) under the tint stays far lighter than
		# a dark one (#c4c4c4)
		tinted=$(awk -v o="$opacity" -v r=$((16#${fill:0:2})) \
			-v g=$((16#${fill:2:2})) -v b=$((16#${fill:4:2})) \
			'BEGIN { printf "%d %d %d", (1 - o) * 240 + o * r,
				 (1 - o) * 240 + o * g, (1 - o) * 240 + o * b }')
		[ "$(grey $tinted)" -ge $(( $(grey 196 196 196) + 20 )) ]
	done <"$T/marks"
}

@test "--key names the variant and what each letter stands for" {
	# before: --key is an unknown option
	run -0 ob-diagram --key <<<startpos
	[[ "$output" == *$'\nOblique: S Sovereign, R Regent, T Tower, B Bishop, L Lancer, N Sentinel, P Pawn (upper case White\'s, lower case Black\'s)'* ]]
	run -0 ob-diagram -V raumschach --key --piece R
	[[ "$output" == *"Raumschach: K King, Q Queen, R Rook,"* ]]
	echo "$CHECK" | ob-diagram -f svg --key >"$T/k.svg"
	svg_ok "$T/k.svg"
	golden check-key.svg "$T/k.svg"
	grep -q "<text class=\"key\"[^>]*>Oblique: S Sovereign, R Regent, .* (white discs White's, black discs Black's)<" "$T/k.svg"
	run -0 ob-diagram <<<startpos
	[[ "$output" != *"Sovereign"* ]]
	run -2 --separate-stderr ob-diagram --key --table
}

@test "#variant lines: positions and heat maps drawn on their own board" {
	# no -V: the directive from ob-fen says which board
	run -0 bash -c 'ob-fen -V diagonal-oblong --random 3 --seed 5 | ob-diagram'
	[ "$(grep -c '^  \\/b \\/d \\/f \\/h \\$' <<<"$output")" -eq 3 ]
	run -0 bash -c 'ob-fen -V raumschach --startpos | ob-fen --mirror | ob-diagram'
	[[ "${lines[2]}" == "5 |r n k n r|"* ]]
	# a heat map: the directive before the values sets the board
	printf '#variant diagonal-oblong\ne9 3\na3 1\n' >"$T/d.cells"
	run -0 --separate-stderr ob-diagram --heatmap -f svg "$T/d.cells"
	[[ "$output" == *'data-cell="e9"'* ]]
	# one heat map holds one board: values for another are refused
	printf 'Cc3 1\n#variant diagonal-oblong\ne9 3\n' >"$T/mix.cells"
	run -1 --separate-stderr ob-diagram --heatmap "$T/mix.cells"
	[ "$stderr" = "ob-diagram: $T/mix.cells:2:1: cannot draw in diagonal-oblong (a heat map is of one board, and values for another were read); the lines up to the next #variant are skipped" ]
	[[ "$output" == *"1 cell with a value"* ]]
	# a bad letter for the variant in force hints at -V and #variant
	run -1 --separate-stderr bash -c 'ob-fen -V raumschach --startpos | sed 1d | ob-diagram'
	[ "$stderr" = "ob-diagram: <stdin>:1:3: bad letter 'k' in placement (the line reads as raumschach: give -V raumschach or a '#variant raumschach' line)" ]
}
