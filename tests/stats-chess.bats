#!/usr/bin/env bats
# ob-stats on orthodox chess: a hand-made collection worked out by hand
# (UCI and O-O moves read, en passant, castlings both ways, promotions to
# a Knight and a Rook, a mate, a stalemate, insufficient material, a
# threefold repetition, an invalid game); generated games of every ending
# recounted from ob-validate --positions alone, their terminations from
# ob-validate --json; --by, threads, partial states of versions 5 and 6,
# the page and its heat map of the square board.

load common

HAND="$TESTDATA/stats/chess.ogn"

setup_file() {
	local dir="$BATS_FILE_TMPDIR" n=60
	[ "$OB_QUICK" = 1 ] && n=20
	# long games, so that every ending occurs (checked below)
	ob-validate -V chess --random "$n" --max-plies 1000 --seed 1 >"$dir/gen.ogn"
	ob-validate -V chess --random 30 --seed 3 >"$dir/short.ogn"
}

setup() {
	T="$BATS_FILE_TMPDIR"
	sh "$ROOT/tests/need.sh" jq
}

# The rows of one section of a TSV report, header first.
section() {
	awk -v s="# $1" '$0 == s { on = 1; next } on && /^$/ { exit } on'
}

# ---------------------------------------------------------------------
# The hand-made collection, testdata/stats/chess.ogn: eight games.
#
#  A1 e2e4 a7a6 e4e5 Pd7-d5 e5d6 (en passant) Ng8-f6 Ng1-f3 Pe7-e6
#     Bf1-c4 Bf8xd6 O-O Ke8-g8: 12 plies, two castlings, *.
#  A2 f3 e5 g4 Qh4#: 4 plies, checkmate, 0-1.
#  B1 FEN, b7b8n g2g1r+ Ka1-a2: under-promotions to N and R, the Rook's
#     check given by the pawn that promotes, *.
#  B2 FEN, Kh1-g1: stalemate, 1/2-1/2.
#  B3 FEN, Ke1xe2 takes the last Rook: King and Bishop against King,
#     insufficient material, 1/2-1/2.
#  C1 the Knights out and back twice: threefold repetition, 1/2-1/2.
#  C2 Pe2-e4 Pe7-e5 Pe4-e5: invalid at ply 3.
#  C3 FEN, e1g1 O-O-O: both castlings in UCI's and the O-O form, *.
#
# Valid games 7, plies 12 + 4 + 3 + 1 + 1 + 8 + 2 = 31.
# ---------------------------------------------------------------------

@test "hand: the bad game reported; results; a row for insufficient material" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	[ "$stderr" = "ob-stats: $HAND:45:25: game 7, ply 3 (Pe4-e5): a pawn cannot capture straight ahead" ]
	[ "$(echo "$output" | section games | sed -n 2p)" = "$(printf '8\t7\t1')" ]
	expected=$(printf '%s\n' 'result	marker	games	percent' \
		'White wins	1-0	0	0.0' 'Black wins	0-1	1	14.3' \
		'draws	1/2-1/2	3	42.9' 'unfinished	*	3	42.9')
	[ "$(echo "$output" | section results)" = "$expected" ]
	expected=$(printf '%s\n' 'termination	games	percent' \
		'checkmate	1	14.3' 'stalemate	1	14.3' \
		'insufficient material	1	14.3' \
		'threefold repetition	1	14.3' '100 half-moves	0	0.0' \
		'none recorded	3	42.9')
	[ "$(echo "$output" | section terminations)" = "$expected" ]
	# the same row in text and JSON
	run -1 --separate-stderr ob-stats "$HAND"
	echo "$output" | grep -qx '  insufficient material      1     14.3'
	run -1 --separate-stderr ob-stats --json "$HAND"
	[ "$(echo "$output" | jq -c '.terminations[2]')" = \
		'{"termination":"insufficient material","games":1,"percent":14.3}' ]
}

@test "hand: length, pieces, en passant, castlings, promotions" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# lengths sorted: 1 1 2 3 4 8 12; ranks ceil(7/4) = 2, 4, 6
	[ "$(echo "$output" | section length | sed -n 2p)" = \
		"$(printf '31\t1\t1\t3\t8\t4.43\t12')" ]
	# K: O-O, Ke8-g8, Ka1-a2, Kh1-g1, Ke1xe2 (takes the Rook), Ke1-g1,
	# Ke8-c8; P: e4 a6 e5 d5 e5d6 e6 f3 e5 g4 b8=N g1=R+; Pawns taken:
	# d5 (en passant) and d6
	expected=$(printf '%s\n' \
		'piece	name	moves	captures	captured	checks	mates	promotions' \
		'K	King	7	1	0	0	0	0' \
		'Q	Queen	1	0	0	1	1	0' \
		'R	Rook	0	0	1	0	0	1' \
		'B	Bishop	2	1	0	0	0	0' \
		'N	Knight	10	0	0	0	0	1' \
		'P	Pawn	11	1	2	1	0	0')
	[ "$(echo "$output" | section pieces)" = "$expected" ]
	[ "$(echo "$output" | section special)" = "$(printf 'castlings\ten_passant\n4\t1')" ]
	echo "$output" | grep -q '^captures	3	0.43	9.68$'
}

@test "hand: openings in the long form, whatever form the moves were read in" {
	run -1 --separate-stderr ob-stats --tsv --openings 2 --top 0 "$HAND"
	expected=$(printf '%s\n' \
		'moves	games	white_wins	draws	black_wins	unfinished	points	score' \
		'Ke1-g1 Ke8-c8	1	0	0	0	1	0	' \
		'Ng1-f3 Ng8-f6	1	0	1	0	0	0.5	50.0' \
		'Pb7-b8=N Pg2-g1=R+	1	0	0	0	1	0	' \
		'Pe2-e4 Pa7-a6	1	0	0	0	1	0	' \
		'Pf2-f3 Pe7-e5	1	0	0	1	0	0	0.0')
	[ "$(echo "$output" | section openings)" = "$expected" ]
	run -1 --separate-stderr ob-stats --tsv --openings 4 "$HAND"
	[ "$(echo "$output" | section openings | cut -f1 | sed 1d)" = \
		"$(printf '%s\n' 'Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8' \
			'Pe2-e4 Pa7-a6 Pe4-e5 Pd7-d5' 'Pf2-f3 Pe7-e5 Pg2-g4 Qd8-h4#')" ]
}

@test "hand: --cells: the 64 squares by name, the King's square for a castling" {
	run -1 --separate-stderr ob-stats --cells - "$HAND"
	[ "${lines[0]}" = "#variant chess" ]
	names=$(echo "$output" | awk '!/^#/ { print $1 }' | sort | tr '\n' ' ')
	[ "$names" = "$(for f in a b c d e f g h; do seq -f "$f%g" 1 8; done | sort | tr '\n' ' ')" ]
	# A1: e4 a6 e5 d5 d6 f6 f3 e6 c4 d6 g1 g8; A2: f3 e5 g4 h4;
	# B: b8 g1 a2, g1, e2; C1: f3 f6 g1 g8 twice; C3: g1 c8
	nonzero=$(echo "$output" | awk '!/^#/ && $2 != 0 { printf "%s %s ", $1, $2 }')
	[ "$nonzero" = "a2 1 a6 1 b8 1 c4 1 c8 1 d5 1 d6 2 e2 1 e4 1 e5 2 e6 1 f3 4 f6 3 g1 6 g4 1 g8 3 h4 1 " ]
}

@test "hand: --by Event: each group's rows, insufficient material in its own" {
	run -1 --separate-stderr ob-stats --tsv --by Event "$HAND"
	[ "$(echo "$output" | section terminations | awk -F'\t' 'NR > 1 && $3 != 0 { print $1 ":" $2 ":" $3 }' | tr '\n' ' ')" = \
		"A:checkmate:1 A:none recorded:1 B:stalemate:1 B:insufficient material:1 B:none recorded:1 C:threefold repetition:1 C:none recorded:1 " ]
	[ "$(echo "$output" | section special | sed 1d | tr '\t\n' ', ')" = "A,2,1 B,0,0 C,2,0 " ]
}

# ---------------------------------------------------------------------
# Generated games, recounted from their positions alone: each ply's
# move is read off the difference of two FEN boards (the square a piece
# of the side to move left, the square it came to; the King's, when the
# Rook moves too), its check and mate from ob-fen's status of the
# position after it.
# ---------------------------------------------------------------------

recount() {
	ob-validate -q --positions "$1" >"$T/pos"
	grep -v '^#' "$T/pos" | ob-fen -V chess --json | jq -r .status >"$T/status"
	awk -v statuses="$T/status" '
	function expand(fen, board,   f, place, r, c, i, ch, k) {
		split(fen, f, " "); place = f[1]; r = 8; c = 1
		for (i = 1; i <= length(place); i++) {
			ch = substr(place, i, 1)
			if (ch == "/") { r--; c = 1 }
			else if (ch ~ /[1-8]/) { for (k = 0; k < ch; k++) board[c + k, r] = "."; c += ch }
			else { board[c, r] = ch; c++ }
		}
		return f[2]
	}
	function mine(ch, side) { return ch != "." && (side == "w" ? ch ~ /[A-Z]/ : ch ~ /[a-z]/) }
	/^#/ { have = 0; next }
	{
		getline status < statuses
		side = expand($0, now)
		if (have) {
			from = to = ""
			for (c = 1; c <= 8; c++) for (r = 1; r <= 8; r++) {
				if (mine(before[c, r], mover) && now[c, r] == "." &&
				    (from == "" || toupper(before[c, r]) == "K")) {
					from = c SUBSEP r; fc = c
				}
				if (mine(now[c, r], mover) && now[c, r] != before[c, r] &&
				    (to == "" || toupper(now[c, r]) == "K")) {
					to = c SUBSEP r; tc = c; tr = r
				}
			}
			p = toupper(before[from]); moves[p]++; plies++
			cells[substr("abcdefgh", tc, 1) tr]++
			if (p == "K" && (fc - tc == 2 || tc - fc == 2)) castlings++
			else if (before[to] != ".") { captures[p]++; captured[toupper(before[to])]++ }
			else if (p == "P" && fc != tc) { captures[p]++; captured["P"]++; en_passant++ }
			if (p == "P" && toupper(now[to]) != "P") promotions[toupper(now[to])]++
			if (status == "check" || status == "checkmate") checks[p]++
			if (status == "checkmate") mates[p]++
		}
		for (k in now) before[k] = now[k]
		mover = side; have = 1
	}
	END {
		printf "plies %d\ncastlings %d\nen_passant %d\n", plies, castlings, en_passant
		for (p in moves) printf "moves %s %d\n", p, moves[p]
		for (p in captures) printf "captures %s %d\n", p, captures[p]
		for (p in captured) printf "captured %s %d\n", p, captured[p]
		for (p in checks) printf "checks %s %d\n", p, checks[p]
		for (p in mates) printf "mates %s %d\n", p, mates[p]
		for (p in promotions) printf "promotions %s %d\n", p, promotions[p]
		for (c in cells) printf "cell %s %d\n", c, cells[c]
	}' "$T/pos" | sort
}

# The same figures from ob-stats --json and --cells.
figures() {
	{
		ob-stats -q --json "$@" | jq -r '
			"plies \(.length.plies)", "castlings \(.special.castlings)",
			"en_passant \(.special.en_passant)",
			(.pieces[] | . as $p
			 | ("moves", "captures", "captured", "checks", "mates", "promotions")
			 | select($p[.] > 0) | "\(.) \($p.piece) \($p[.])")'
		ob-stats -q --cells - "$@" | awk '!/^#/ && $2 { print "cell " $1 " " $2 }'
	} | sort
}

@test "generated: pieces, special moves and cells agree with the positions" {
	for g in gen short; do
		run diff -u <(recount "$T/$g.ogn") <(figures "$T/$g.ogn")
		echo "$g: $output"
		[ "$status" -eq 0 ]
	done
	# the long games castle, take en passant, promote to every kind,
	# mate and check with every kind
	recount "$T/gen.ogn" >"$T/mine"
	[ "$(awk '/^(castlings|en_passant) / && $2 > 0' "$T/mine" | wc -l)" -eq 2 ]
	[ "$(grep -c '^promotions [QRBN] ' "$T/mine")" -eq 4 ]
	[ "$(grep -c '^checks [KQRBNP] ' "$T/mine")" -eq 6 ]
	grep -q '^mates ' "$T/mine"
}

@test "generated: results, terminations and lengths as ob-validate finds them" {
	ob-stats -q --json "$T/gen.ogn" >"$T/r.json"
	ob-validate -q --json "$T/gen.ogn" >"$T/v.json"
	mine=$(jq -r '.terminations[] | select(.games > 0) | "\(.termination) \(.games)"' "$T/r.json" | sort)
	theirs=$(jq -r '.termination' "$T/v.json" | sort | uniq -c |
		awk '{ n = $1; $1 = ""; sub(/^ /, ""); if ($0 == "none") $0 = "none recorded"; print $0 " " n }' | sort)
	[ "$mine" = "$theirs" ]
	# every ending occurs
	[ "$(echo "$mine" | wc -l)" -eq 6 ]
	[ "$(jq -r '[.terminations[].termination] | join(",")' "$T/r.json")" = \
		"checkmate,stalemate,insufficient material,threefold repetition,100 half-moves,none recorded" ]
	mine=$(jq -r '.results[] | "\(.marker) \(.games)"' "$T/r.json")
	theirs=$(for m in 1-0 0-1 1/2-1/2 '*'; do
		echo "$m $(jq -r --arg m "$m" 'select(.result == $m)' "$T/v.json" | grep -c '^{')"; done)
	[ "$mine" = "$theirs" ]
	[ "$(jq .length.plies "$T/r.json")" = "$(jq -s 'map(.plies) | add' "$T/v.json")" ]
	[ "$(jq .length.max "$T/r.json")" = "$(jq -s 'map(.plies) | max' "$T/v.json")" ]
	# the draws by insufficient material are draws
	[ "$(jq -r 'select(.termination == "insufficient material") | .result' "$T/v.json" | sort -u)" = "1/2-1/2" ]
}

@test "generated: openings are the games' first moves in the long form" {
	ob-stats -q --json --openings 3 --top 0 "$T/short.ogn" >"$T/r.json"
	# the first three main-line tokens of each game (the generator writes
	# the long form, with its check marks), comments and variations dropped
	theirs=$(awk '
		/^\[Event / { if (text != "") print text; text = ""; n = 0; depth = 0 }
		/^\[/ { next }
		{
			gsub(/\{[^}]*\}/, " "); gsub(/\(/, " ( "); gsub(/\)/, " ) ")
			for (i = 1; i <= NF; i++) {
				if ($i == "(") depth++
				else if ($i == ")") depth--
				else if (!depth && n < 3 && $i ~ /^[KQRBNP][a-h][1-8]/) {
					text = text (n ? " " : "") $i; n++
				}
			}
		}
		END { if (text != "") print text }' "$T/short.ogn" | sort | uniq -c |
		awk '{ n = $1; $1 = ""; sub(/^ /, ""); print $0 " " n }' | sort)
	mine=$(jq -r '.openings[] | "\(.moves) \(.games)"' "$T/r.json" | sort)
	[ "$mine" = "$theirs" ]
	[ "$(echo "$mine" | wc -l)" -eq 30 ]
}

@test "generated: branching: the library's legal moves before each ply" {
	run -0 --separate-stderr ob-stats --tsv "$T/short.ogn"
	counts=$(ob-validate -q --positions "$T/short.ogn" |
		awk '/^#/ { pending = ""; next }
		     { if (pending != "") print pending; pending = $0 }' |
		ob-fen -V chess --json | jq -r .legal_moves |
		awk '{ s += $1; n++ } END { print n "\t" s }')
	[ "$(echo "$output" | section branching | sed -n 2p | cut -f2,3)" = "$counts" ]
}

@test "generated: --by Result, -j 3 and partial states merged give the same bytes" {
	dir="$BATS_TEST_TMPDIR"
	cat "$T/gen.ogn" "$T/short.ogn" >"$dir/all.ogn"
	for fmt in "" --json --tsv; do
		ob-stats -q $fmt --by Result --openings 2 --top 0 "$dir/all.ogn" >"$dir/j1"
		ob-stats -q $fmt --by Result --openings 2 --top 0 -j 3 "$dir/all.ogn" >"$dir/j3"
		cmp "$dir/j1" "$dir/j3"
		ob-stats -q --partial --by Result --openings 2 "$T/gen.ogn" >"$dir/a.json"
		ob-stats -q --partial --by Result --openings 2 "$T/short.ogn" >"$dir/b.json"
		ob-stats --merge $fmt --top 0 "$dir/a.json" "$dir/b.json" >"$dir/m"
		cmp "$dir/j1" "$dir/m"
	done
	# each group's figures are those of its games alone
	run -0 ob-stats -q --json --by Result "$dir/all.ogn"
	draws=$(echo "$output" | jq -c '.groups[] | select(.value == "1/2-1/2") | del(.value)')
	[ "$(echo "$draws" | jq '.terminations[] | select(.termination == "insufficient material") | .games')" = \
		"$(ob-validate -q --json "$dir/all.ogn" | jq -r 'select(.termination == "insufficient material")' | grep -c '^{')" ]
	[ "$(echo "$draws" | jq '.terminations[] | select(.termination == "none recorded") | .games')" -gt 0 ]
	# the cells, from the states
	ob-stats -q --cells - "$dir/all.ogn" >"$dir/c1"
	ob-stats --merge --cells - "$dir/a.json" "$dir/b.json" >"$dir/c2"
	cmp "$dir/c1" "$dir/c2"
	[ "$(grep -vc '^#' "$dir/c1")" -eq 64 ]
	# the state is version 6 with eight terminations, and reads back to
	# itself
	grep -q '"version":6,' "$dir/a.json"
	grep -q '"terminations":\[[0-9]*\(,[0-9]*\)\{7\}\]' "$dir/a.json"
	run -0 ob-stats --merge --partial "$dir/a.json"
	[ "$output" = "$(cat "$dir/a.json")" ]
}

# ---------------------------------------------------------------------
# Partial states.
# ---------------------------------------------------------------------

@test "a state of version 5, written before insufficient material, merges as it did" {
	v5="$TESTDATA/stats/chess-by-event.v5.partial"
	head -1 "$v5" | grep -q '"version":5,$'
	# its draw by insufficient material was counted as none recorded
	mine=$(ob-stats --by Event --openings 2 --tsv "$HAND" 2>/dev/null || true)
	run -1 ob-stats --merge --tsv "$v5"
	[ "$(echo "$output" | section terminations | grep '^B')" = "$(printf '%s\n' \
		'B	checkmate	0	0.0' 'B	stalemate	1	33.3' \
		'B	insufficient material	0	0.0' \
		'B	threefold repetition	0	0.0' 'B	100 half-moves	0	0.0' \
		'B	none recorded	2	66.7')" ]
	# and every other figure as the games give it
	[ "$(echo "$output" | grep -v '^B	\(insufficient material\|none recorded\)')" = \
		"$(echo "$mine" | grep -v '^B	\(insufficient material\|none recorded\)')" ]
	# written again as version 6, the games' state but for that game
	run -1 ob-stats --merge --partial "$v5"
	[ "$output" = "$(ob-stats --partial --by Event --openings 2 "$HAND" 2>/dev/null |
		sed 's/"terminations":\[0,0,0,1,1,0,0,1\]/"terminations":[0,0,0,1,0,0,0,2]/')" ]
	# beside a state of version 6
	ob-stats -q --partial --by Event --openings 2 "$T/short.ogn" >"$BATS_TEST_TMPDIR/s.json"
	run -1 ob-stats --merge --json "$v5" "$BATS_TEST_TMPDIR/s.json"
	[ "$(echo "$output" | jq '[.groups[].games.games] | add')" -eq 38 ]
	# version 5 has seven terminations
	sed 's/"terminations":\[\([0-9,]*\)\]/"terminations":[\1,0]/' "$v5" >"$BATS_TEST_TMPDIR/bad.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/bad.json"
	[[ "$stderr" == *":7:65: expected ']', not ','" ]]
}

@test "a state's draws by insufficient material: only where a variant played has them, and drawn" {
	dir="$BATS_TEST_TMPDIR"
	ob-stats --partial "$HAND" >"$dir/c.json" 2>/dev/null || true
	grep -q '"terminations":\[1,0,0,1,1,1,0,3\]' "$dir/c.json"
	# one of the draws said to be unfinished
	sed 's/"results":\[0,1,3,0,0,0,0,0,0,0,3\]/"results":[0,1,0,0,0,0,0,0,0,0,6]/' \
		"$dir/c.json" >"$dir/bad.json"
	sed -i 's/"lengths_by_result":.*/"lengths_by_result":null,/' "$dir/bad.json"
	run -2 --separate-stderr ob-stats --merge "$dir/bad.json"
	[[ "$stderr" == *": 1 games ended by insufficient material, 0 drawn 1/2-1/2"* ]]
	# in a state of Oblique games
	ob-stats --partial "$TESTDATA/stats/hand.ogn" >"$dir/o.json" 2>/dev/null || true
	sed 's/"terminations":\[1,0,0,1,0,1,1,4\]/"terminations":[1,0,0,1,1,1,1,3]/' \
		"$dir/o.json" >"$dir/bad.json"
	! cmp -s "$dir/o.json" "$dir/bad.json"
	run -2 --separate-stderr ob-stats --merge "$dir/bad.json"
	[[ "$stderr" == *":7:51: draws by insufficient material, which no variant played has"* ]]
}

# ---------------------------------------------------------------------
# The page, and the other boards.
# ---------------------------------------------------------------------

@test "html: the insufficient material bar, and the square board's heat map as ob-diagram draws it" {
	ob-stats -q -f html "$T/gen.ogn" >"$T/gen.html"
	ob-stats -q --json "$T/gen.ogn" >"$T/gen.json"
	n=$(jq '.terminations[2].games' "$T/gen.json")
	[ "$n" -gt 0 ]
	grep -q "<rect class=\"bar\" [^>]*data-key=\"terminations.2.games\" data-value=\"$n\"" "$T/gen.html"
	grep -q '>insufficient material</td>' "$T/gen.html"
	grep -q '<title>60 games of Chess on the square board' "$T/gen.html" ||
		[ "$OB_QUICK" = 1 ]
	[ "$(grep -c '<figure class="heat-map">' "$T/gen.html")" -eq 1 ]
	grep -q '<figcaption>Moves ending on each cell: games of Chess</figcaption>' "$T/gen.html"
	ob-stats --cells - "$T/gen.ogn" | ob-diagram --heatmap -f svg | sed 1d >"$T/gen.svg"
	sed -n '/<svg [^>]*class="oblique-diagram/,/<\/svg>/p' "$T/gen.html" >"$T/page.svg"
	diff -u "$T/gen.svg" "$T/page.svg"
	grep -q 'class="oblique-diagram square' "$T/page.svg"
}

@test "the other boards' reports have no row for insufficient material" {
	ob-validate --generate 20 --seed 3 >"$BATS_TEST_TMPDIR/o.ogn"
	ob-validate -V diagonal-oblong --generate 20 --seed 3 >>"$BATS_TEST_TMPDIR/o.ogn"
	run -0 ob-stats "$BATS_TEST_TMPDIR/o.ogn"
	[[ "$output" != *insufficient* ]]
	# beside chess games, in their group alone
	run -1 --separate-stderr ob-stats --by Variant --tsv "$BATS_TEST_TMPDIR/o.ogn" "$HAND"
	[ "$(echo "$output" | section terminations | grep insufficient | cut -f1)" = Chess ]
}
