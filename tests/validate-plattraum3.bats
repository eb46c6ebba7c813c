#!/usr/bin/env bats
# ob-validate on three-player Plattraum (plattraum.md sections 6-11): the
# result against the game's end (the last army left, the far-corner win,
# draws shared by the armies left, no points to an army out), a move of an
# eliminated army, --positions (settled positions, into ob-perft and
# ob-diagram), the canonical OGN of three armies (move numbers, player
# tags) and random games played to their end.

load common

# Positions as PFEN tags (files a..l, each from cell 1 up).
# Army 2 is out; army 1 (Gd f1, Ds d5 c3) to move; army 3 has its Gd a6
# only: Dsc3-a5 leaves army 3 without a legal move, and army 1 alone.
LAST='5,Gd3/7/2,Ds1,5/4,Ds1,4/10/Gd1,10/10/9/8/7/6 1 0 1'
# Army 1 Gd f1, Sn c1 (screening f1 from a1), Un a3; army 2 Gd l6, Ds a1;
# army 3 Gd a6, Cp d7.  Any move of the Unicorn opens file a: army 2, next
# to move, attacks a6 and eliminates army 3.
OPENS='Ds2,1,Un1,2,Gd3/7/Sn1,7/6,Cp3,2/10/Gd1,10/10/9/8/7/5,Gd2 1 0 1'
# Army 1 Gd a6, Ds f9 g7; army 2 Gd l6 alone; army 3 Gd a1.  Dsf9-h7
# leaves army 2 without a legal move: armies 1 and 3 play on.
SKIPS='Gd3,4,Gd1/7/8/9/10/8,Ds1,2/6,Ds1,3/9/8/7/5,Gd2 1 0 1'
# Armies 1 and 3 of SKIPS after Dsf9-h7, army 3 to move, the half-move
# clock at 99.
CLOCK='Gd3,4,Gd1/7/8/9/10/11/6,Ds1,3/6,Ds1,2/8/7/6 3 99 40'
# SKIPS turned by 240 degrees (ob-fen --mirror twice): army 3 to move,
# whose Dsg4-e3 leaves army 1 without a move; armies 2 and 3 play on.
FIRST_OUT='6/7/8/9/10/Gd1,9,Gd2/3,Ds3,6/9/2,Ds3,5/7/5,Gd3 3 0 1'
# The three Granddukes alone: f1, l6, a6.
THREE='5,Gd3/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1 0 1'
# Army 1 has its whole setup but the Corporals, and a Corporal on f10 by
# its far corner f11; army 2 Gd l6, Cp k3; army 3 Gd a6.
CORNER='5,Gd3/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1,Hr1,8/Fr1,8/Sn1,7/2,Cp2,4/5,Gd2 1 0 1'
# CORNER turned by 120 degrees (ob-fen --mirror): army 2's whole setup,
# its Corporal on b2 by its far corner a1, army 2 to move.
CORNER2='5,Gd3/1,Cp2,5/8/9/8,Cp3,1/Gd1,10/10/8,Sn2/5,Un2,Hr2,Fr2/4,Hr2,Un2,Gd2/2,Sn2,Fr2,Ds2,Un2 2 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# bad TEXT DIAGNOSTIC [OPTION...]: TEXT (one Plattraum game on standard
# input) is invalid with exactly that one diagnostic.
bad() {
	local text=$1 want=$2
	shift 2
	run -1 --separate-stderr ob-validate -q -V plattraum "$@" <<<"$text"
	if [ "$stderr" != "ob-validate: <stdin>:$want" ]; then
		printf 'input: %s\ngot:   %s\nwant:  %s\n' "$text" "$stderr" \
			"ob-validate: <stdin>:$want"
		return 1
	fi
}

# good TEXT [OPTION...]: TEXT is valid, with nothing said.
good() {
	local text=$1
	shift
	run -0 --separate-stderr ob-validate -q -V plattraum "$@" <<<"$text"
	[ -z "$stderr" ] || { echo "input: $text"; echo "$stderr"; false; }
}

# at PFEN MOVES: a game from that position (the tag on line 1, the moves
# on line 2).
at() {
	printf '[PFEN "%s"]\n%s' "$1" "$2"
}

# termination TEXT: the termination ob-validate --json names.
termination() {
	ob-validate -q -V plattraum --json <<<"$1" | jq -r .termination
}

@test "the last army left wins: its result only, # on the move, nothing after" {
	good "$(at "$LAST" '1. Dsc3-a5# 1-0-0')" --strict
	[ "$(termination "$(at "$LAST" '1. Dsc3-a5# 1-0-0')")" = "last army left" ]
	for r in 0-0-1 1/2-0-1/2 '*'; do
		bad "$(at "$LAST" "1. Dsc3-a5# $r")" "2:13: game 1, ply 1: army 1 is the last army left: the result is 1-0-0, not $r"
	done
	# army 2 went out before the game: the result may not score it
	bad "$(at "$LAST" '1. Dsc3-a5# 0-1-0')" "2:13: game 1, ply 1: army 1 is the last army left: the result is 1-0-0, not 0-1-0"
	bad "$(at "$LAST" '1. Dsc3-a5+ 1-0-0')" "2:11: game 1, ply 1 (Dsc3-a5+): + on the last elimination: write #"
	bad "$(at "$LAST" '1. Dsc3-a5 1-0-0')" "2:11: game 1, ply 1 (Dsc3-a5): missing #" --strict
	# the winner has moves on the board, but the game is over
	bad "$(at "$LAST" '1. Dsc3-a5# Gdf1-g1 1-0-0')" "2:13: game 1, ply 2 (Gdf1-g1): move after the end of the game (last army left)"
	# another move: army 3 is in check, not out; the game goes on
	good "$(at "$LAST" '1. Dsc3-c4+ *')" --strict
}

@test "far-corner wins with three armies: the mover's result, whoever it is" {
	good "$(at "$CORNER" '1. Cpf10-f11=Ds# 1-0-0')" --strict
	[ "$(termination "$(at "$CORNER" '1. Cpf10-f11=Ds# 1-0-0')")" = "far-corner win" ]
	bad "$(at "$CORNER" '1. Cpf10-f11=Ds# 1/3-1/3-1/3')" "2:18: game 1, ply 1: army 1 wins by the far corner: the result is 1-0-0, not 1/3-1/3-1/3"
	bad "$(at "$CORNER" '1. Cpf10-f11=Ds# Gdl6-l5 1-0-0')" "2:18: game 1, ply 2 (Gdl6-l5): move after the end of the game (far-corner win)"
	# army 2's far corner is a1
	good "$(at "$CORNER2" '1... Cpb2-a1=Un# 0-1-0')" --strict
	for r in 1-0-0 '*'; do
		bad "$(at "$CORNER2" "1... Cpb2-a1=Un# $r")" "2:18: game 1, ply 1: army 2 wins by the far corner: the result is 0-1-0, not $r"
	done
}

@test "draws by the rules are shared by the armies left" {
	# 100 half-moves with army 2 out: armies 1 and 3 share
	good "$(at "$CLOCK" '40... Gda1-b1 1/2-0-1/2')"
	[ "$(termination "$(at "$CLOCK" '40... Gda1-b1 1/2-0-1/2')")" = "100 half-moves" ]
	for r in 1/3-1/3-1/3 1/2-1/2-0 0-0-1 '*'; do
		bad "$(at "$CLOCK" "40... Gda1-b1 $r")" "2:15: game 1, ply 1: the game ended in 100 half-moves, a draw shared by armies 1 and 3 (army 2 is out of the game): the result is 1/2-0-1/2, not $r"
	done
	# threefold repetition with all three in: the same position with the
	# same army to move after every sixth ply; the start counts
	moves='1. Gdf1-g1 Gdl6-l5 Gda6-a5 2. Gdg1-f1 Gdl5-l6 Gda5-a6 3. Gdf1-g1 Gdl6-l5 Gda6-a5 4. Gdg1-f1 Gdl5-l6 Gda5-a6'
	good "$(at "$THREE" "$moves 1/3-1/3-1/3")"
	[ "$(termination "$(at "$THREE" "$moves 1/3-1/3-1/3")")" = "threefold repetition" ]
	bad "$(at "$THREE" "$moves 1/2-1/2-0")" "2:109: game 1, ply 12: the game ended in threefold repetition, a draw shared by armies 1, 2 and 3: the result is 1/3-1/3-1/3, not 1/2-1/2-0"
	bad "$(at "$THREE" "$moves 5. Gdf1-g1 1/3-1/3-1/3")" "2:112: game 1, ply 13 (Gdf1-g1): move after the end of the game (threefold repetition)"
	# a game that has not ended may record any result of the armies in
	# it (agreement, resignation): all three are in here
	for r in 1/2-1/2-0 0-1/2-1/2 0-0-1 1/3-1/3-1/3; do
		good "$(at "$THREE" "1. Gdf1-g1 $r")"
	done
}

@test "no points to an army out of the game" {
	# army 2 went out at ply 1; the game goes on and stops unfinished
	for r in 0-1-0 1/2-1/2-0 0-1/2-1/2 1/3-1/3-1/3; do
		bad "$(at "$SKIPS" "1. Dsf9-h7 Gda1-b1 $r")" "2:20: game 1, ply 2: army 2 is out of the game: the result $r gives it points"
	done
	for r in 1-0-0 0-0-1 1/2-0-1/2 '*'; do
		good "$(at "$SKIPS" "1. Dsf9-h7 Gda1-b1 $r")"
	done
	# the Result tag is compared the same way, through the marker
	bad "[Result \"0-1-0\"]
$(at "$SKIPS" '1. Dsf9-h7 0-1-0')" "3:12: game 1, ply 1: army 2 is out of the game: the result 0-1-0 gives it points"
	# results of two armies are not results of three
	bad "$(at "$THREE" '1. Gdf1-g1 1-0')" "2:12: game 1, ply 1: termination marker 1-0 is not a result of Plattraum"
	bad "[Result \"1/2-1/2\"]
1. Cpf4-f5 *" "1:10: game 1, ply 0: Result tag '1/2-1/2' is not a three-army result (1-0-0, 1/2-0-1/2, 1/3-1/3-1/3, *, ...)"
}

@test "a move of an eliminated army: its cell is empty, and the message says why" {
	# army 3 is eliminated by ply 1; its Corporal's move at ply 5
	bad "$(at "$OPENS" '1. Una3-b2 Gdl6-l5 2. Gdf1-g1 Gdl5-l4 3. Cpd7-e7 *')" "2:44: game 1, ply 5 (Cpd7-e7): d7 is empty: army 3 was eliminated at ply 1"
	# in its turn order the move would have been ply 3
	bad "$(at "$OPENS" '1. Una3-b2 Gdl6-l5 Cpd7-e7 *')" "2:22: game 1, ply 3 (Cpd7-e7): d7 is empty: army 3 was eliminated at ply 1"
	# in a variation of the eliminating move army 3 is in and moves
	good "$(at "$OPENS" '1. Una3-b2 (1. Gdf1-g1 Gdl6-l5 Cpd7-e7 2. Gdg1-f1) Gdl6-l5 *')" --strict
	# in a variation after it, out again
	bad "$(at "$OPENS" '1. Una3-b2 Gdl6-l5 (1... Gdl6-k7 2. Gdf1-g1 Gdk7-k6 3. Cpd7-e7) *')" "2:58: game 1, ply 5 (Cpd7-e7): d7 is empty: army 3 was eliminated at ply 1"
	# army 2, out for want of a move: its Grandduke's cell
	bad "$(at "$SKIPS" '1. Dsf9-h7 Gdl6-l5 *')" "2:14: game 1, ply 2 (Gdl6-l5): l6 is empty: army 2 was eliminated at ply 1"
	# an empty cell no eliminated army stood on: the usual words
	bad "$(at "$OPENS" '1. Una3-b2 Gdl6-l5 2. Cpd6-d7 *')" "2:25: game 1, ply 3 (Cpd6-d7): no piece on d6"
	# the cell taken since by another army: whose piece it is
	bad "$(at "$SKIPS" '1. Dsf9-h7 Gda1-b1 2. Dsh7-k7 Gdb1-a1 3. Dsk7-l6+ Gda1-b1 4. Gdl6-l5 *')" "2:62: game 1, ply 7 (Gdl6-l5): the piece on l6 is a Duchess, not a Grandduke"
}

@test "--positions: the settled position after each main-line ply" {
	game=$(at "$OPENS" '1. Una3-b2 (1. Gdf1-g1) Gdl6-l5 2. Gdf1-g1 *')
	run -0 --separate-stderr ob-validate -q -V plattraum --positions <<<"$game"
	expected=$(printf '%s\n' '#variant plattraum' '# game 1 <stdin>:1' "$OPENS" \
		'Ds2,5/1,Un1,5/Sn1,7/9/10/Gd1,10/10/9/8/7/5,Gd2 2 0 1' \
		'Ds2,5/1,Un1,5/Sn1,7/9/10/Gd1,10/10/9/8/7/4,Gd2,1 1 1 2' \
		'Ds2,5/1,Un1,5/Sn1,7/9/10/11/Gd1,9/9/8/7/4,Gd2,1 2 2 2')
	# ply 1: army 3's pieces gone, army 2 to move, the clock reset;
	# ply 2: army 1 next (3 is skipped), a new full move (section 8)
	[ "$output" = "$expected" ]
	# the same as ob-fen playing the moves
	[ "$(echo "$output" | sed 1,3d)" = "$(ob-fen -V plattraum -e <<<"$OPENS Una3-b2 Gdl6-l5 Gdf1-g1" | sed 1d)" ]
	# the last army's position: it alone, written as the army to move
	run -0 ob-validate -q -V plattraum --positions <<<"$(at "$LAST" '1. Dsc3-a5# 1-0-0')"
	[ "${lines[3]}" = '4,Ds1,1/7/8/4,Ds1,4/10/Gd1,10/10/9/8/7/6 1 0 1' ]
	[ "$(ob-fen -V plattraum --json <<<"${lines[3]}" | jq -r .status)" = "last army left" ]
}

@test "--normalize: move numbers by the army that moves, one player tag an army" {
	game='[White "W"]
[Army3 "C"]
[Black "B"]
[Army1 "A"]
[Variant "plattraum"]
[PFEN "'"$SKIPS"'"]
[Army2 "B2"]
1.Dsf9-h7 Gda1-b1 2. Dsg7-g8 Gdb1-a1 {c} 3. Dsg8-g7 ( 3. Dsg8-g9 Gda1-b1 ) 3... Gda1-b1 *'
	expected='[Army1 "A"]
[Army2 "B2"]
[Army3 "C"]
[Result "*"]
[Variant "Plattraum"]
[PFEN "'"$SKIPS"'"]
[Black "B"]
[White "W"]

1. Dsf9-h7 1... Gda1-b1 2. Dsg7-g8 2... Gdb1-a1 {c} 3. Dsg8-g7 (3. Dsg8-g9
3... Gda1-b1) 3... Gda1-b1 *'
	run -0 --separate-stderr ob-validate -q -V plattraum --normalize <<<"$game"
	[ "$output" = "$expected" ]
	# all three in: a number before army 1's moves only, and where a
	# line starts or goes on after a comment or variation
	run -0 --separate-stderr ob-validate -q -V plattraum --normalize <<<'1. Cpf4-f5 Cph6-g6 {x} Cpd6-e6 (1... Cpd7-e7 2. Cpf5-f6) 2. Cpf5-f6 Cph7-g7 *'
	[ "${lines[2]}" = '1. Cpf4-f5 Cph6-g6 {x} 1... Cpd6-e6 (1... Cpd7-e7 2. Cpf5-f6) 2. Cpf5-f6 Cph7-g7' ]
	# move numbers as written are not kept: the canonical ones replace them
	run -0 --separate-stderr ob-validate -q -V plattraum --normalize <<<"$(at "$OPENS" '1. Gdf1-g1 1... Gdl6-l5 5... Cpd7-e7 2. Gdg1-f1 *')"
	[ "${lines[3]}" = '1. Gdf1-g1 Gdl6-l5 Cpd7-e7 2. Gdg1-f1 *' ]
	# army 1 out: army 2 opens each full move, as N... (section 8)
	run -0 --separate-stderr ob-validate -q -V plattraum --normalize <<<"$(at "$FIRST_OUT" 'Dsg4-e3 Gdf11-g10 Dse3-e2 Gdg10-f11 Dse2-e3 *')"
	[ "${lines[3]}" = '1... Dsg4-e3 2... Gdf11-g10 Dse3-e2 3... Gdg10-f11 Dse2-e3 *' ]
	# a start with army 3 to move
	start3=$(echo "$THREE" | sed 's/ 1 0 1$/ 3 0 7/')
	run -0 --separate-stderr ob-validate -q -V plattraum --normalize <<<"$(at "$start3" 'Gda6-a5 Gdf1-g1 Gdl6-l5 Gda5-a6 *')"
	[ "${lines[3]}" = '7... Gda6-a5 8. Gdf1-g1 Gdl6-l5 Gda5-a6 *' ]
	# the canonical text reads back to itself
	ob-validate -q -V plattraum --normalize <<<"$game" >"$T/n1.ogn"
	ob-validate -q --normalize "$T/n1.ogn" | cmp - "$T/n1.ogn"
}

# numbers POSITIONS OGN: every main-line move number of canonical OGN
# checked against the --positions of its games: "N." before army 1's move
# and "N..." before another's, N the full-move number of the position
# before it; army 1's moves always numbered; a move without a number is by
# the army after the one before in the order 1, 2, 3.  Prints "ok MOVES
# NUMBERS", or each mismatch (and fails).
numbers() {
	awk '
	FNR == 1 { file++ }
	file == 1 && /^# game / { g++; i = 0; next }
	file == 1 && /^#/ { next }
	file == 1 { split($0, f, " "); side[g, i] = f[2]; full[g, i] = f[4]; i++; next }
	function check(    n, t, k, depth, ply, num, prev, s) {
		gsub(/\{[^}]*\}/, " ", text)
		gsub(/\(/, " ( ", text); gsub(/\)/, " ) ", text)
		n = split(text, t, " "); depth = 0; ply = 0; num = ""; prev = 0
		for (k = 1; k <= n; k++) {
			if (t[k] == "(") { depth++; continue }
			if (t[k] == ")") { depth--; continue }
			if (depth || t[k] ~ /^\$/) continue
			if (t[k] ~ /^[0-9]+\.(\.\.)?$/) { num = t[k]; numbers++; continue }
			if (t[k] !~ /^[A-Z][a-z]/) continue
			s = side[games, ply]
			if (num != "") {
				if (num != full[games, ply] (s == 1 ? "." : "...")) {
					print "game " games " ply " ply + 1 ": " num " before army " s "'"'"'s move of full move " full[games, ply]
					bad = 1
				}
			} else if (s == 1 || (prev && s != prev % 3 + 1)) {
				print "game " games " ply " ply + 1 ": no number before army " s "'"'"'s move after army " prev "'"'"'s"
				bad = 1
			}
			prev = s; num = ""; ply++; moves++
		}
	}
	file == 2 && /^\[Event / { if (games) check(); games++; text = ""; next }
	file == 2 && /^\[/ { next }
	file == 2 { text = text " " $0 }
	END { check(); if (!bad) print "ok " moves " " numbers; exit bad }' "$@"
}

@test "random games played to their end: every end, valid, canonical, numbered by the armies" {
	n=60
	[ "$OB_QUICK" = 1 ] && n=20
	ob-validate -V plattraum --generate "$n" --seed 7 -m 3000 >"$T/g.ogn"
	run -0 --separate-stderr ob-validate --strict "$T/g.ogn"
	[[ "$stderr" == "ob-validate: $n games read: $n valid, 0 invalid; "* ]]
	# the games end by the rules (or stop at a random ply, unfinished)
	ends=$(ob-validate -q --json "$T/g.ogn" | jq -r .termination | sort -u | tr '\n' ,)
	[ "$ends" = "100 half-moves,last army left,none,threefold repetition," ]
	# each game's players, one tag an army
	[ "$(grep -c '^\[Army[123] "random"\]$' "$T/g.ogn")" -eq $((3 * n)) ]
	! grep -q '^\[White \|^\[Black ' "$T/g.ogn"
	# canonical as generated, and byte-stable
	ob-validate -q --normalize "$T/g.ogn" >"$T/n1.ogn"
	ob-validate -q --normalize "$T/n1.ogn" >"$T/n2.ogn"
	cmp "$T/g.ogn" "$T/n1.ogn"
	cmp "$T/n1.ogn" "$T/n2.ogn"
	# the move numbers against the positions (some games lose an army
	# and skip its turns: N... then)
	ob-validate -q --positions "$T/g.ogn" >"$T/p.txt"
	run -0 numbers "$T/p.txt" "$T/g.ogn"
	[[ "$output" == ok* ]]
	grep -Eq '^[^{]* [0-9]+\. [A-Z][a-z][^ ]* [0-9]+\.\.\. ' "$T/g.ogn"
}

@test "--positions of random games: read by ob-fen, ob-perft and ob-diagram" {
	n=30
	[ "$OB_QUICK" = 1 ] && n=10
	ob-validate -V plattraum --generate "$n" --seed 3 -m 3000 |
		ob-validate -q --positions >"$T/p.txt"
	grep -v '^#' "$T/p.txt" >"$T/only.txt"
	positions=$(wc -l <"$T/only.txt")
	ob-fen --check <"$T/p.txt"
	# every position is settled: the army to move has moves, unless it is
	# the last army left
	ob-fen --json <"$T/p.txt" >"$T/f.json"
	[ "$(jq -r .status "$T/f.json" | grep -c 'last army left')" -gt 0 ]
	[ "$(jq -r 'select(.status != "last army left" and .legal_moves == 0)' "$T/f.json")" = "" ]
	# ob-perft: one count a position, ob-fen's legal moves
	ob-perft -d 1 <"$T/p.txt" >"$T/perft.txt"
	[ "$(wc -l <"$T/perft.txt")" -eq "$positions" ]
	cmp "$T/perft.txt" <(jq -r .legal_moves "$T/f.json")
	# ob-diagram: one picture a position, with its army to move (or the
	# last army left, as the winner)
	ob-diagram <"$T/p.txt" | grep -Eo '^Army [123] (to move|has won)' |
		cut -d' ' -f2 >"$T/armies.txt"
	cmp "$T/armies.txt" <(cut -d' ' -f2 "$T/only.txt")
	# as SVG, each game's last position (the last army's among them)
	awk '/^# game/ && last { print last } !/^#/ { last = $0 }
	     END { print last }' "$T/p.txt" >"$T/last.txt"
	ob-diagram -V plattraum -f svg -o "$T/d%d.svg" <"$T/last.txt"
	[ "$(ls "$T"/d*.svg | wc -l)" -eq "$n" ]
	grep -l 'Gd' "$T"/d*.svg | wc -l | grep -qx "$n"
}
