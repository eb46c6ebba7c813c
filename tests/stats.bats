#!/usr/bin/env bats
# ob-stats: every figure of a hand-made collection worked out by hand; a
# generated collection recounted with awk; threads, partial states merged
# with GNU parallel, a bad game among good ones, flat memory.

load common

HAND="$TESTDATA/stats/hand.ogn"

setup_file() {
	local dir="$BATS_FILE_TMPDIR"
	local n=1000
	[ "$OB_QUICK" = 1 ] && n=300
	ob-validate --generate "$n" --seed 11 | ob-validate --normalize \
		> "$dir/gen.ogn"
}

# The rows of one section of a TSV report, header first.
section() {
	awk -v s="# $1" '$0 == s { on = 1; next } on && /^$/ { exit } on'
}

# The value of column $2 in the row whose first field is $1 (header
# names the columns).
cell() {
	awk -F'\t' -v key="$1" -v col="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$1 == key { print $(c[col]); exit }'
}

# ---------------------------------------------------------------------
# The hand-made collection, testdata/stats/hand.ogn: nine games.
#
#  1 Event A, Oblique, OFEN: White S Cc3, R Eb2; Black S Aa1.
#    REb2-Bb2#, 1-0.  The Regent on Bb2 touches all seven cells around
#    Aa1 and is guarded by the Sovereign.  Legal moves before ply 1: the
#    Sovereign's 26 steps less Bb2 (next to Aa1) = 25; the Regent from
#    Eb2 = (4,1,1): rays of 26 directions, none blocked; with dl = 0:
#    3+1+3+1+3+1+1+1 = 14, with dl = -1 (4 cells down): 4+3+1+3+1+3+1+1+1
#    = 18, dl = +1: none; 25 + 14 + 18 = 57.
#  2 Event A, OFEN: White S Cb2, T Ab5, T Ae3; Black S Aa1.  TAe3-Ae2,
#    stalemate, 1/2-1/2.  Before: S on Cb2 has 26 steps less Ba1 Ba2 Bb1
#    Bb2 = 22; T Ab5: up 4, file 3+1, rank 4 = 12; T Ae3: up 4, file 4,
#    rank 2+2 = 12; 46.
#  3 Event B, OFEN: White S Aa1, Black S Ee5.  SAa1-Ab1 SEe5-Ed5 SAb1-Aa1
#    SEd5-Ee5, twice: the start position a third time after ply 8,
#    threefold repetition, 1/2-1/2 (a variation is not counted).  A corner
#    Sovereign has 7 moves, on Ab1 or Ed5 11: 7 7 11 11 7 7 11 11 = 72.
#  4 Event B, the same position with the clock at 99: SAa1-Ab1 reaches
#    100 half-moves, 1/2-1/2.  7 moves.
#  5 no Event tag, OFEN: White S Aa1, P Cc4, P Bb4; Black S Ee5, T Cd5.
#    PCc4xCd5=N+ SEe5-Ee4 PBb4-Bb5=L, unfinished (*).  Before ply 1: S 7,
#    pawn Cc4 to Cc5 and x Cd5, 5 promotions each = 10, pawn Bb4 5: 22.
#    Ply 2: the Sentinel on Cd5 checks Ee5 and covers Ed4: 6.  Ply 3:
#    S 7, Sentinel on Cd5 13 leaps on the lattice, pawn 5: 25.  53 in all.
#  6 Event B: PCc2-Cc4 from the start: invalid.
#  7 Event C, Diagonal Oblong, DFEN: White K e1, B a1, right K; Black K
#    d16.  O-O, 1-0.  King d2 f2 c1 g1 e3 = 5, Bishop c1 and a3..a15 = 8,
#    castling 1: 14.
#  8 Event C, Diagonal Oblong: White K e1, P d10; Black K d16, P e13,
#    Black to move.  Pe13-e9 Pd10xe11 (en passant), 0-1.  Black: K 5, pawn
#    e11 and e9 = 7; White: K 5, pawn d12 and x e11 = 7.
#  9 Event C, Diagonal Oblong: White K e1, Q d2, B h2, right G; Black K
#    b16.  Qd2-d8&Bh2-d2 (guarding), *.  Queen 4+3+1+1+1+7 = 17 plain
#    moves, 18 guarding ones (h2 too), King 4, Bishop 1+7 = 8: 47.
#
# Valid games 8, plies 1+1+8+1+3+1+2+1 = 18; legal moves 57+46+72+7+53+
# 14+14+47 = 310 over 18 positions, all in plies 1-20: mean 17.22.
# ---------------------------------------------------------------------

@test "hand: games, valid, invalid; the bad game reported as ob-validate does; exit 1" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	[ "$stderr" = "ob-stats: $HAND:39:9: game 6, ply 1 (PCc2-Cc4): a pawn cannot move two cells" ]
	rows=$(echo "$output" | section games)
	[ "$(echo "$rows" | sed -n 2p)" = "$(printf '9\t8\t1')" ]
	# the same diagnostic as ob-validate's, program name aside
	run -1 --separate-stderr ob-validate --quiet "$HAND"
	[ "$stderr" = "ob-validate: $HAND:39:9: game 6, ply 1 (PCc2-Cc4): a pawn cannot move two cells" ]
}

@test "hand: results with percentages of the 8 valid games" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	rows=$(echo "$output" | section results)
	# 1-0: games 1 and 7; 0-1: game 8; draws: 2, 3, 4; *: 5 and 9
	[ "$(echo "$rows" | cell 'White wins' games)" = 2 ]
	[ "$(echo "$rows" | cell 'White wins' percent)" = 25.0 ]
	[ "$(echo "$rows" | cell 'Black wins' games)" = 1 ]
	[ "$(echo "$rows" | cell 'Black wins' percent)" = 12.5 ]
	[ "$(echo "$rows" | cell draws games)" = 3 ]
	[ "$(echo "$rows" | cell draws percent)" = 37.5 ]
	[ "$(echo "$rows" | cell unfinished games)" = 2 ]
	[ "$(echo "$rows" | cell unfinished percent)" = 25.0 ]
}

@test "hand: terminations" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	rows=$(echo "$output" | section terminations)
	# one each for games 1-4; none for 5, 7, 8, 9
	for t in checkmate stalemate 'threefold repetition' '100 half-moves'; do
		[ "$(echo "$rows" | cell "$t" games)" = 1 ]
		[ "$(echo "$rows" | cell "$t" percent)" = 12.5 ]
	done
	[ "$(echo "$rows" | cell 'none recorded' games)" = 4 ]
	[ "$(echo "$rows" | cell 'none recorded' percent)" = 50.0 ]
}

@test "hand: length: total, minimum, quartiles, mean, maximum, histogram" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# lengths sorted: 1 1 1 1 1 2 3 8; ranks ceil(8/4) = 2, 4, 6
	[ "$(echo "$output" | section length | sed -n 2p)" = \
		"$(printf '18\t1\t1\t1\t2\t2.25\t8')" ]
	# bins of 1 from 1 to 8
	expected=$(printf 'from\tto\tgames\n1\t1\t5\n2\t2\t1\n3\t3\t1\n4\t4\t0\n5\t5\t0\n6\t6\t0\n7\t7\t0\n8\t8\t1')
	[ "$(echo "$output" | section histogram)" = "$expected" ]
}

@test "hand: length by result: games, extremes, quartiles and mean of each result" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# 1-0: games 1 and 7, of 1 ply each; 0-1: game 8, 2 plies; draws:
	# games 2, 3 and 4, lengths 1 1 8 (ranks 1, 2 and 3); *: games 5 and
	# 9, lengths 1 3 (ranks 1, 1 and 2); game 6 is invalid
	expected=$(printf '%s\n' \
		'result	marker	games	min	q1	median	q3	mean	max' \
		'White wins	1-0	2	1	1	1	1	1.00	1' \
		'Black wins	0-1	1	2	2	2	2	2.00	2' \
		'draws	1/2-1/2	3	1	1	1	8	3.33	8' \
		'unfinished	*	2	1	1	1	3	2.00	3')
	[ "$(echo "$output" | section length_by_result)" = "$expected" ]
	# a result of no games has no lengths
	run -1 --separate-stderr ob-stats --tsv --by Event "$HAND"
	echo "$output" | section length_by_result | grep -qx 'A	White wins	1-0	1	1	1	1	1	1.00	1'
	echo "$output" | section length_by_result | grep -qx 'A	Black wins	0-1	0						'
}

@test "hand: pieces: moves, captures, captured, checks, mates, promotions" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# S: game 3 eight moves, game 4 one, game 5 one (Black) = 10
	# R: the mate of game 1 (a check and a mate); T: game 2, and the Tower
	#   captured in game 5; L and N: the promotions of game 5
	# P: game 5 two (a capture giving check), game 8 two (en passant)
	# K: castling in game 7; Q: guarding in game 9
	expected=$(printf '%s\n' \
		'piece	name	moves	captures	captured	checks	mates	promotions' \
		'S	Sovereign	10	0	0	0	0	0' \
		'R	Regent/Rook	1	0	0	1	1	0' \
		'T	Tower	1	0	1	0	0	0' \
		'B	Bishop	0	0	0	0	0	0' \
		'L	Lancer	0	0	0	0	0	1' \
		'N	Sentinel/Knight	0	0	0	0	0	1' \
		'P	Pawn	4	2	1	1	0	0' \
		'K	King	1	0	0	0	0	0' \
		'Q	Queen	1	0	0	0	0	0')
	[ "$(echo "$output" | section pieces)" = "$expected" ]
}

@test "hand: rates: the pieces' captures, checks and mates per game and per 100 plies" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# 8 valid games, 18 plies: 2 captures and 2 checks (the pawns' and the
	# Regent's), 1 mate; 1/8 = 0.125 rounds to even as printf does
	expected=$(printf '%s\n' \
		'figure	total	per_game	per_100_plies' \
		'captures	2	0.25	11.11' \
		'checks	2	0.25	11.11' \
		'mates	1	0.12	5.56')
	[ "$(echo "$output" | section rates)" = "$expected" ]
	run -0 --separate-stderr ob-stats --json </dev/null
	[ "$(echo "$output" | jq -c '.rates[0]')" = '{"figure":"captures","total":0,"per_game":null,"per_100_plies":null}' ]
}

@test "hand: castlings, guardings and en passant, only where the variant has them" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	[ "$(echo "$output" | section special)" = \
		"$(printf 'castlings\tguardings\ten_passant\n1\t1\t1')" ]
	# Oblique games alone have no such section
	run -1 --separate-stderr ob-stats --by Event --tsv "$HAND"
	[ "$(echo "$output" | section special)" = \
		"$(printf 'Event\tcastlings\tguardings\ten_passant\nC\t1\t1\t1')" ]
}

@test "hand: branching factor overall and by phase" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	expected=$(printf '%s\n' 'phase	positions	moves	mean' \
		'all	18	310	17.22' '1-20	18	310	17.22' '21-60	0	0	' \
		'61-	0	0	')
	[ "$(echo "$output" | section branching)" = "$expected" ]
	# each position's count is the library's too
	while IFS=';' read -r v pos count; do
		[ "$(echo "$pos" | ob-fen -V "$v" --moves | grep -c .)" = "$count" ]
	done <<-'EOF'
	oblique;5/5/5/1R3/5|5/5/5/5/5|5/5/2S2/5/5|5/5/5/5/5|5/5/5/5/s4 w;57
	oblique;5/5/5/5/5|5/5/5/5/5|5/5/5/1S3/5|5/5/5/5/5|1T3/5/4T/5/s4 w;46
	oblique;4s/5/5/5/5|5/5/5/5/5|3t1/2P2/5/5/5|5/1P3/5/5/5|5/5/5/5/S4 w;22
	diagonal-oblong;1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/B1K1 w K - 0 1;14
	diagonal-oblong;k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w G - 0 1;47
	EOF
}

@test "hand: levels of the Oblique moves" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# A: Ae2, Ab1 Aa1 Ab1 Aa1 (game 3), Ab1 (game 4) = 6; B: Bb2, Bb5;
	# C: Cd5; E: Ed5 Ee5 Ed5 Ee5, Ee4 = 5; of 14 Oblique moves
	expected=$(printf '%s\n' 'level	moves	percent' 'A	6	42.9' \
		'B	2	14.3' 'C	1	7.1' 'D	0	0.0' 'E	5	35.7')
	[ "$(echo "$output" | section levels)" = "$expected" ]
}

@test "hand: --cells: destination counts per cell of the games' own board" {
	# Oblique games (the first five): a #variant line, then 125 cells
	head -40 "$HAND" >"$BATS_TEST_TMPDIR/oblique.ogn"
	run -1 --separate-stderr ob-stats --cells - "$BATS_TEST_TMPDIR/oblique.ogn"
	[ "${lines[0]}" = "#variant oblique" ]
	[ "$(echo "$output" | grep -vc '^#')" -eq 125 ]
	nonzero=$(echo "$output" | awk '!/^#/ && $2 != 0' | sort)
	expected=$(printf '%s\n' 'Aa1 2' 'Ab1 3' 'Ae2 1' 'Bb2 1' 'Bb5 1' \
		'Cd5 1' 'Ed5 2' 'Ee4 1' 'Ee5 2' | sort)
	[ "$nonzero" = "$expected" ]
	# games with a Variant tag: their board, without -V (a1: castling)
	tail -n +41 "$HAND" >"$BATS_TEST_TMPDIR/oblong.ogn"
	run -0 --separate-stderr ob-stats --cells "$BATS_TEST_TMPDIR/c" "$BATS_TEST_TMPDIR/oblong.ogn"
	[ "$(head -1 "$BATS_TEST_TMPDIR/c")" = "#variant diagonal-oblong" ]
	[ "$(grep -vc '^#' "$BATS_TEST_TMPDIR/c")" -eq 64 ]
	[ "$(awk '!/^#/ && $2 != 0' "$BATS_TEST_TMPDIR/c" | sort | tr '\n' ' ')" = "a1 1 d8 1 e11 1 e9 1 " ]
	echo "$output" | grep -q '^Games'
	# a heat map that ob-diagram draws on that board, without -V
	ob-diagram --heatmap -f svg "$BATS_TEST_TMPDIR/c" | grep -q 'data-cell="e9"'
	# both boards: no one cells file holds them
	run -2 --separate-stderr ob-stats --cells - "$HAND"
	[ "${stderr##*$'\n'}" = "ob-stats: --cells: the games are on the boards of several variants (oblique, diagonal-oblong), and its output holds one" ]
	[ -z "$output" ]
}

@test "hand: openings of one and two plies, with White's score" {
	run -1 --separate-stderr ob-stats --tsv --openings 1 "$HAND"
	expected=$(printf '%s\n' \
		'moves	games	white_wins	draws	black_wins	unfinished	points	score' \
		'SAa1-Ab1	2	0	2	0	0	1	50.0' \
		'O-O	1	1	0	0	0	1	100.0' \
		'PCc4xCd5=N+	1	0	0	0	1	0	' \
		'Pe13-e9	1	0	0	1	0	0	0.0' \
		'Qd2-d8&Bh2-d2	1	0	0	0	1	0	' \
		'REb2-Bb2#	1	1	0	0	0	1	100.0' \
		'TAe3-Ae2	1	0	1	0	0	0.5	50.0')
	[ "$(echo "$output" | section openings)" = "$expected" ]
	# two plies: games 3, 5 and 8 only; --top 2 keeps the first two
	run -1 --separate-stderr ob-stats --tsv --openings 2 --top 2 "$HAND"
	expected=$(printf '%s\n' \
		'moves	games	white_wins	draws	black_wins	unfinished	points	score' \
		'PCc4xCd5=N+ SEe5-Ee4	1	0	0	0	1	0	' \
		'Pe13-e9 Pd10xe11	1	0	0	1	0	0	0.0')
	[ "$(echo "$output" | section openings)" = "$expected" ]
}

@test "hand: --by Event: groups in byte order, a missing tag under ?" {
	run -1 --separate-stderr ob-stats --by Event --tsv "$HAND"
	expected=$(printf '%s\n' 'Event	games	valid	invalid' '?	1	1	0' \
		'A	2	2	0' 'B	3	2	1' 'C	3	3	0')
	[ "$(echo "$output" | section games)" = "$expected" ]
	# B: lengths 8 and 1; A: 1 and 1
	[ "$(echo "$output" | section length | cell B median)" = 1 ]
	[ "$(echo "$output" | section length | cell B mean)" = 4.50 ]
	[ "$(echo "$output" | section length | cell B max)" = 8 ]
	[ "$(echo "$output" | section branching | awk -F'\t' '$1 == "A" && $2 == "all"' | cut -f3-)" = \
		"$(printf '2\t103\t51.50')" ]
	# the text report: one block per group, headed by its tag pair
	run -1 --separate-stderr ob-stats --by Event "$HAND"
	[ "$(echo "$output" | grep '^\[')" = "$(printf '%s\n' '[Event "?"]' '[Event "A"]' '[Event "B"]' '[Event "C"]')" ]
}

@test "hand: whole reports in text, JSON and TSV (golden files)" {
	for args in "text:" "json:--json" "tsv:--tsv"; do
		name=${args%%:*} opt=${args#*:}
		golden="$TESTDATA/stats/hand-by-event.$name"
		run -1 --separate-stderr ob-stats $opt --by Event --openings 2 "$HAND"
		if [ "${OB_UPDATE_GOLDEN:-0}" = 1 ]; then
			printf '%s\n' "$output" > "$golden"
		fi
		diff -u "$golden" <(printf '%s\n' "$output")
	done
	golden="$TESTDATA/stats/hand.text"
	run -1 --separate-stderr ob-stats --openings 1 "$HAND"
	[ "${OB_UPDATE_GOLDEN:-0}" = 1 ] && printf '%s\n' "$output" > "$golden"
	diff -u "$golden" <(printf '%s\n' "$output")
}

@test "JSON reports are one valid document" {
	sh "$ROOT/tests/need.sh" jq
	run -1 --separate-stderr ob-stats --json --openings 1 "$HAND"
	[ "$(echo "$output" | jq -c '.games')" = '{"games":9,"valid":8,"invalid":1}' ]
	[ "$(echo "$output" | jq -c '.branching[0]')" = '{"phase":"all","positions":18,"moves":310,"mean":17.22}' ]
	[ "$(echo "$output" | jq -r '.openings[6].points')" = 0.5 ]
	[ "$(echo "$output" | jq -r '.branching[2].mean')" = null ]
	run -1 --separate-stderr ob-stats --json --by Event "$HAND"
	[ "$(echo "$output" | jq -r '.groups | map(.value) | join(",")')" = '?,A,B,C' ]
}

@test "no games: a report of zeros" {
	run -0 ob-stats --tsv < /dev/null
	[ "$(echo "$output" | section games | sed -n 2p)" = "$(printf '0\t0\t0')" ]
	[ "$(echo "$output" | section length | sed -n 2p)" = "$(printf '0\t\t\t\t\t\t')" ]
}

# ---------------------------------------------------------------------
# A generated collection, recounted with awk over the normalised games.
# ---------------------------------------------------------------------

# Main-line figures of OGN games: comments and variations dropped.
recount() {
	awk '
	function flush() {
		if (!ingame) return
		gsub(/\{[^}]*\}/, " ", text); gsub(/\(/, " ( ", text)
		gsub(/\)/, " ) ", text)
		n = split(text, tok, " "); depth = 0; plies = 0
		for (i = 1; i <= n; i++) {
			t = tok[i]
			if (t == "(") { depth++; continue }
			if (t == ")") { depth--; continue }
			if (depth || t !~ /^[SRTBLNP][A-E][a-e][1-5][-x][A-E][a-e][1-5]/)
				continue
			plies++; p = substr(t, 1, 1); moves[p]++
			if (substr(t, 5, 1) == "x") captures[p]++
			if (t ~ /[+#]$/) checks[p]++
			if (t ~ /#$/) mates[p]++
			if (t ~ /=/) promotions[substr(t, index(t, "=") + 1, 1)]++
			level[substr(t, 6, 1)]++
		}
		games++; total += plies; results[result]++
		if (games == 1 || plies < min) min = plies
		if (plies > max) max = plies
		text = ""; ingame = 0
	}
	/^\[Event / { flush() }
	/^\[Result / { result = $2; gsub(/[]"]/, "", result) }
	/^\[/ { next }
	/./ { text = text " " $0; ingame = 1 }
	END {
		flush()
		printf "games %d\nplies %d\nmin %d\nmax %d\n", games, total, min, max
		for (r in results) printf "result %s %d\n", r, results[r]
		for (p in moves) printf "moves %s %d\n", p, moves[p]
		for (p in captures) printf "captures %s %d\n", p, captures[p]
		for (p in checks) printf "checks %s %d\n", p, checks[p]
		for (p in mates) printf "mates %s %d\n", p, mates[p]
		for (p in promotions) printf "promotions %s %d\n", p, promotions[p]
		for (l in level) printf "level %s %d\n", l, level[l]
	}' "$@" | sort
}

# The same figures from ob-stats --tsv.
figures() {
	local report
	report=$(ob-stats --tsv "$@")
	{
		echo "$report" | section games | awk -F'\t' 'NR == 2 { print "games " $2 }'
		echo "$report" | section length | awk -F'\t' 'NR == 2 {
			print "plies " $1; print "min " $2; print "max " $7 }'
		echo "$report" | section results | awk -F'\t' 'NR > 1 && $3 != 0 {
			print "result " $2 " " $3 }'
		echo "$report" | section pieces | awk -F'\t' 'NR > 1 {
			if ($3) print "moves " $1 " " $3
			if ($4) print "captures " $1 " " $4
			if ($6) print "checks " $1 " " $6
			if ($7) print "mates " $1 " " $7
			if ($8) print "promotions " $1 " " $8 }'
		echo "$report" | section levels | awk -F'\t' 'NR > 1 && $2 != 0 {
			print "level " $1 " " $2 }'
	} | sort
}

@test "generated: games, plies, extremes, results, pieces and levels agree with awk" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	diff -u <(recount "$gen") <(figures "$gen")
	[ "$(recount "$gen" | grep -c '^mates')" -gt 0 ]
}

@test "generated: rates per game and per 100 plies from awk's counts" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	recount "$gen" | awk '
		$1 == "games" { games = $2 } $1 == "plies" { plies = $2 }
		$1 == "captures" || $1 == "checks" || $1 == "mates" { sum[$1] += $3 }
		END {
			print "figure\ttotal\tper_game\tper_100_plies"
			split("captures checks mates", f, " ")
			for (i = 1; i <= 3; i++)
				printf "%s\t%d\t%.2f\t%.2f\n", f[i], sum[f[i]],
					sum[f[i]] / games, 100 * sum[f[i]] / plies
		}' >"$BATS_TEST_TMPDIR/awk"
	ob-stats -q --tsv "$gen" | section rates >"$BATS_TEST_TMPDIR/report"
	diff -u "$BATS_TEST_TMPDIR/awk" "$BATS_TEST_TMPDIR/report"
}

@test "generated: median and quartiles by nearest rank, as sort and awk find them" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	ob-validate --json "$gen" | sed 's/.*"plies":\([0-9]*\).*/\1/' | sort -n > "$BATS_TEST_TMPDIR/len"
	n=$(wc -l < "$BATS_TEST_TMPDIR/len")
	q1=$(sed -n "$(((n + 3) / 4))p" "$BATS_TEST_TMPDIR/len")
	med=$(sed -n "$(((n + 1) / 2))p" "$BATS_TEST_TMPDIR/len")
	q3=$(sed -n "$(((3 * n + 3) / 4))p" "$BATS_TEST_TMPDIR/len")
	run -0 ob-stats --tsv "$gen"
	row=$(echo "$output" | section length | sed -n 2p)
	[ "$(echo "$row" | cut -f3-5)" = "$(printf '%s\t%s\t%s' "$q1" "$med" "$q3")" ]
	# the histogram adds up to the games
	[ "$(echo "$output" | section histogram | awk 'NR > 1 { s += $3 } END { print s }')" = "$n" ]
}

@test "generated: length by result, as sort and awk find each result's" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	ob-validate --json "$gen" | jq -r 'select(.valid) | "\(.result) \(.plies)"' |
		sort -k1,1 -k2,2n >"$BATS_TEST_TMPDIR/len"
	awk '
		function flush() {
			if (!n) return
			printf "%s\t%d\t%d\t%d\t%d\t%d\t%.2f\t%d\n", r, n, l[1],
				l[int((n + 3) / 4)], l[int((n + 1) / 2)],
				l[int((3 * n + 3) / 4)], s / n, l[n]
			n = 0; s = 0
		}
		$1 != r { flush(); r = $1 }
		{ l[++n] = $2; s += $2 }
		END { flush() }' "$BATS_TEST_TMPDIR/len" | sort >"$BATS_TEST_TMPDIR/awk"
	ob-stats -q --tsv "$gen" | section length_by_result |
		awk -F'\t' 'NR > 1 && $3 > 0' | cut -f2- | sort >"$BATS_TEST_TMPDIR/report"
	diff -u "$BATS_TEST_TMPDIR/awk" "$BATS_TEST_TMPDIR/report"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/report")" -ge 3 ]
}

@test "generated: openings of two plies add up to the games that long" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	run -0 ob-stats --tsv --openings 2 --top 0 "$gen"
	long=$(ob-validate --quiet --json "$gen" | grep -c '"plies":\([2-9]\|[1-9][0-9]\)')
	[ "$(echo "$output" | section openings | awk -F'\t' 'NR > 1 { s += $2 } END { print s }')" = "$long" ]
}

@test "-j 1, -j 2 and -j 3 give the same bytes, diagnostics included" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	{ head -c 200000 "$gen"; cat "$HAND"; } > "$BATS_TEST_TMPDIR/mix.ogn"
	cat "$HAND" "$gen" "$HAND" > "$BATS_TEST_TMPDIR/mix2.ogn"
	# mix ends in a game cut short; mix2 has the hand-made games twice
	for case in mix: mix:--json mix:--tsv mix2:; do
		in="$BATS_TEST_TMPDIR/${case%%:*}.ogn" fmt=${case#*:}
		ob-stats $fmt --by Result --openings 2 -j 1 "$in" > "$BATS_TEST_TMPDIR/j1" 2> "$BATS_TEST_TMPDIR/e1" || true
		for j in 2 3; do
			ob-stats $fmt --by Result --openings 2 -j $j "$in" > "$BATS_TEST_TMPDIR/jn" 2> "$BATS_TEST_TMPDIR/en" || true
			cmp "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/jn"
			cmp "$BATS_TEST_TMPDIR/e1" "$BATS_TEST_TMPDIR/en"
		done
	done
	[ "$(grep -c 'pawn cannot move two cells' "$BATS_TEST_TMPDIR/e1")" = 2 ]
}

@test "a bad game among good ones is reported and the others are counted" {
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	awk '/^\[Event /{n++} n <= 20' "$gen" > "$BATS_TEST_TMPDIR/a.ogn"
	awk '/^\[Event /{n++} n > 20 && n <= 40' "$gen" > "$BATS_TEST_TMPDIR/b.ogn"
	printf '[Event "bad"]\n\n1. NCb1-Ca3 NCd5-Ce3 2. TCa1-Ca5 *\n\n' > "$BATS_TEST_TMPDIR/bad.ogn"
	cat "$BATS_TEST_TMPDIR/a.ogn" "$BATS_TEST_TMPDIR/bad.ogn" "$BATS_TEST_TMPDIR/b.ogn" > "$BATS_TEST_TMPDIR/all.ogn"
	run -1 --separate-stderr ob-stats --tsv "$BATS_TEST_TMPDIR/all.ogn"
	[ "$(echo "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == "ob-stats: $BATS_TEST_TMPDIR/all.ogn:"*": game 21, ply 3 (TCa1-Ca5): "* ]]
	[ "$(echo "$output" | section games | sed -n 2p)" = "$(printf '41\t40\t1')" ]
	good=$(cat "$BATS_TEST_TMPDIR/a.ogn" "$BATS_TEST_TMPDIR/b.ogn" | ob-stats --tsv)
	[ "$(echo "$output" | sed '1,3d')" = "$(echo "$good" | sed '1,3d')" ]
	# a file that cannot be read: exit 2, the others still read (their
	# diagnostics shown) but no report, which would be of part of the input
	run -2 --separate-stderr ob-stats --tsv "$BATS_TEST_TMPDIR/missing.ogn" "$BATS_TEST_TMPDIR/all.ogn"
	[[ "$stderr" == *"missing.ogn: No such file or directory"* ]]
	[[ "$stderr" == *": game 21, ply 3 (TCa1-Ca5): "* ]]
	[ -z "$output" ]
}

# ---------------------------------------------------------------------
# Partial states merged (issue 11): shards counted with GNU parallel.
# ---------------------------------------------------------------------

@test "partial states of K shards, run with GNU parallel, merge to the direct report" {
	sh "$ROOT/tests/need.sh" parallel
	gen="$BATS_FILE_TMPDIR/gen.ogn"
	dir="$BATS_TEST_TMPDIR"
	cat "$gen" "$HAND" > "$dir/all.ogn"
	opts="--by Result --openings 2"
	for fmt in "" --json --tsv; do
		ob-stats $fmt $opts --top 0 "$dir/all.ogn" > "$dir/direct.$fmt" 2>/dev/null || true
	done
	for k in 1 2 5 8; do
		rm -rf "$dir/s" && mkdir "$dir/s"
		awk -v k=$k -v d="$dir/s" '/^\[Event /{n++} {print > (d "/shard-" (n % k) ".ogn")}' "$dir/all.ogn"
		[ "$(ls "$dir/s" | wc -l)" -eq $k ]
		parallel --will-cite "ob-stats --partial $opts {} > {}.json 2>/dev/null; [ \$? -le 1 ]" ::: "$dir"/s/*.ogn
		for fmt in "" --json --tsv; do
			run -1 ob-stats --merge $fmt --top 0 "$dir"/s/*.json
			[ "$output" = "$(cat "$dir/direct.$fmt")" ]
		done
		# the options may be given to --merge too, and must match
		run -1 ob-stats --merge $opts --top 0 "$dir"/s/*.json
		[ "$output" = "$(cat "$dir/direct.")" ]
	done
	# a tree: merged partial states merge again
	ob-stats --merge --partial "$dir"/s/shard-[0-3].ogn.json > "$dir/left.json" || true
	ob-stats --merge --partial "$dir"/s/shard-[4-7].ogn.json > "$dir/right.json" || true
	run -1 ob-stats --merge --top 0 "$dir/left.json" "$dir/right.json"
	[ "$output" = "$(cat "$dir/direct.")" ]
	# --cells after a merge equals --cells over all the games: refused
	# on both boards, the same on one
	run -2 --separate-stderr ob-stats --cells - "$dir/all.ogn"
	direct=${stderr##*$'\n'}
	run -2 --separate-stderr ob-stats --merge --cells - "$dir"/s/*.json
	[ "$stderr" = "$direct" ]
	ob-stats --partial "$gen" >"$dir/gen.json" 2>/dev/null || true
	run ob-stats --merge --cells - "$dir/gen.json"
	[ "$output" = "$(ob-stats --cells - "$gen" 2>/dev/null)" ]
}

@test "partial states: bytes of tag values kept; mismatched or broken states refused" {
	dir="$BATS_TEST_TMPDIR"
	printf '[Event "caf\xc3\xa9 \\"x\\" \xff"]\n\n1. PCc2-Cc3 *\n\n' > "$dir/u.ogn"
	ob-stats --partial --by Event "$dir/u.ogn" > "$dir/u.json"
	run -0 ob-stats --merge "$dir/u.json"
	[ "$output" = "$(ob-stats --by Event "$dir/u.ogn")" ]
	ob-stats --partial --by Site "$HAND" > "$dir/site.json" 2>/dev/null || true
	run -2 --separate-stderr ob-stats --merge "$dir/u.json" "$dir/site.json"
	[[ "$stderr" == *"site.json:2:6: made with another --by"* ]]
	[ -z "$output" ]
	run -2 --separate-stderr ob-stats --merge --openings 3 "$dir/u.json"
	[[ "$stderr" == *"another --openings"* ]]
	head -c 100 "$dir/u.json" > "$dir/cut.json"
	run -2 --separate-stderr ob-stats --merge "$dir/cut.json"
	[[ "$stderr" == "ob-stats: $dir/cut.json:"* ]]
	echo '{"format":"ob-stats partial","version":1}' > "$dir/empty.json"
	run -2 --separate-stderr ob-stats --merge "$dir/empty.json"
	[[ "$stderr" == *"empty.json:1:41: expected ',' and member \"by\""* ]]
}

# ---------------------------------------------------------------------
# Options, memory.
# ---------------------------------------------------------------------

@test "usage errors exit 2; --help and --version exit 0" {
	run -2 ob-stats -j 0 "$HAND"
	run -2 ob-stats --json --tsv "$HAND"
	run -2 ob-stats --partial --cells x "$HAND"
	run -2 ob-stats --partial --top 3 "$HAND"
	run -2 ob-stats --openings -1 "$HAND"
	run -2 ob-stats -V shogi "$HAND"
	run -2 ob-stats --frobnicate
	run -0 ob-stats --help
	[[ "$output" == usage:* ]]
	run -0 ob-stats --version
	[[ "$output" == "ob-stats "* ]]
}

@test "peak memory does not grow with the number of games" {
	[ -x /usr/bin/time ] || sh "$ROOT/tests/need.sh" time
	# Both inputs are larger than the games the reader may hold ahead of
	# the workers (16 MiB, cmd/games.c).  How much of that read-ahead a
	# run fills depends on the machine's load, so two runs may differ by
	# up to its size (6 MB seen on a loaded machine at -j 2); memory that
	# followed the input would grow by over 100 MB here (the large input
	# is 84 MB of text, four times the small one).
	small=8 large=32
	[ "$OB_QUICK" = 1 ] && small=8 large=12
	# a worker frees each game it counted: under ASan, freed memory would
	# wait in quarantine and count as used
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"
	dir="$BATS_TEST_TMPDIR"
	ob-validate --generate 8000 --seed 5 --max-plies 30 > "$dir/unit.ogn"
	for n in $small $large; do
		for i in $(seq $n); do cat "$dir/unit.ogn"; done > "$dir/$n.ogn"
	done
	for j in 1 2; do
		/usr/bin/time -f %M ob-stats -j $j "$dir/$small.ogn" 2> "$dir/rs" > /dev/null
		/usr/bin/time -f %M ob-stats -j $j "$dir/$large.ogn" 2> "$dir/rl" > /dev/null
		rs=$(tail -1 "$dir/rs") rl=$(tail -1 "$dir/rl")
		echo "-j $j: $((small * 8000)) games $rs KB, $((large * 8000)) games $rl KB"
		[ "$rl" -le $((rs + 20480)) ]
	done
}

@test "-j N holds a bounded read-ahead of large games, whatever N" {
	[ -x /usr/bin/time ] || sh "$ROOT/tests/need.sh" time
	# ASan keeps freed memory in quarantine: the figures mean nothing there
	! nm "$OB_BUILD/ob-stats" 2>/dev/null | grep -q __asan_init || skip
	# failed before: batches of 32 whole games, (2N + 2) of them (172 MB
	# at -j 8 here, 10 MB at -j 1)
	dir="$BATS_TEST_TMPDIR"
	line=$(printf '{xxxxxxxx} %.0s' $(seq 90))
	for i in $(seq 1000); do echo "$line"; done > "$dir/comment"
	for i in $(seq 24); do
		printf '[Event "big %d"]\n\n1. PCe2-Ce3\n' "$i"
		cat "$dir/comment"
		printf 'BDb5-Da4 *\n\n'
	done > "$dir/big.ogn"
	for j in 1 2 8; do
		/usr/bin/time -o "$dir/m$j" -f %M ob-stats -j $j "$dir/big.ogn" \
			> "$dir/out$j"
		cmp "$dir/out1" "$dir/out$j"
		eval "m$j=$(tail -1 "$dir/m$j")"
	done
	echo "peak KB: -j 1 $m1, -j 2 $m2, -j 8 $m8"
	# 16 MiB read ahead, one game being read (about 7 MB here) and one
	# being counted on each thread
	[ "$m8" -le $((m1 + 32768)) ]
	[ "$m8" -le $((m2 + 16384)) ]
}
