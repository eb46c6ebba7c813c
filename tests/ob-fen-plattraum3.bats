#!/usr/bin/env bats
# ob-fen on Plattraum for three players (-V plattraum, spec sections 2, 6,
# 9 and 12): the start position, the mirror as the turn by 120 degrees
# with army k becoming army k+1, --json with the armies in the game and
# the last army left, every PFEN legality condition of three armies with
# its message, moves that eliminate, --random's settled positions, and
# the hint that names the board a line reads on.

load common

THREE='2,Sn3,Fr3,Gd3,Un3/3,Cp3,Hr3,Un3,Ds3/Sn1,3,Cp3,Un3,Hr3,Fr3/Fr1,Cp1,3,Cp3,Cp3,Cp3,Sn3/Ds1,Hr1,Cp1,7/Un1,Un1,Un1,Cp1,7/Gd1,Hr1,Cp1,7/Fr1,Cp1,3,Cp2,Cp2,Cp2,Sn2/Sn1,3,Cp2,Un2,Hr2,Fr2/3,Cp2,Hr2,Un2,Gd2/2,Sn2,Fr2,Ds2,Un2 1 0 1'
TWO='6/7/Sn1,6,Sn2/Fr1,Cp1,5,Cp2,Fr2/Ds1,Hr1,Cp1,4,Cp2,Hr2,Ds2/Un1,Un1,Un1,Cp1,3,Cp2,Un2,Un2,Un2/Gd1,Hr1,Cp1,4,Cp2,Hr2,Gd2/Fr1,Cp1,5,Cp2,Fr2/Sn1,6,Sn2/7/6 1 0 1'
# The three Granddukes on their home corners f1, l6 and a6.
CORNERS='5,Gd3/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2'
# Army 1's Grandduke on a1, army 2's on l6 and two Duchesses of army 2 on
# b4 and c4, army 3 out: army 1 cannot move, and is not in check.
STUCK='Gd1,5/3,Ds2,3/3,Ds2,4/9/10/11/10/9/8/7/5,Gd2'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# feed VARIANT TEXT ARGS...: ob-fen -V VARIANT ARGS with TEXT on stdin
feed() {
	printf '%s\n' "$2" | ob-fen -V "$1" "${@:3}"
}

# bad TEXT MESSAGE: the line is refused in plattraum (exit 1, nothing on
# standard output) with exactly this diagnostic
bad() {
	run -1 --separate-stderr feed plattraum "$1"
	[ -z "$output" ]
	echo "got: $stderr"
	[ "$stderr" = "ob-fen: <stdin>:1:$2" ]
}

# good TEXT: the line is a legal position of plattraum, written back
good() {
	run -0 --separate-stderr feed plattraum "$1"
	[ -z "$stderr" ]
	[ "${lines[1]}" = "$1 0 1" ]
}

@test "three armies: the spec's start position, read back, and its 16 moves as ob-perft counts them" {
	run -0 --separate-stderr ob-fen -V plattraum --startpos
	[ "$output" = "#variant plattraum
$THREE" ]
	[ -z "$stderr" ]
	run -0 feed plattraum "$THREE"
	[ "${lines[1]}" = "$THREE" ]
	run -0 feed plattraum "${THREE% 1 0 1} 2" --check
	[ -z "$output" ]
	run -0 ob-fen -V plattraum -S --moves
	[ "${#lines[@]}" -eq 16 ]
	LC_ALL=C sort -c <<<"$output"
	[ "$(ob-perft -V plattraum -S -d 1 | tail -1)" = 16 ]
	# army 2's moves from the start are army 1's turned by 120 degrees:
	# Cpf4-f5 becomes Cpk4-i4, Unf3xc6+ becomes Uni6xf3+
	run -0 feed plattraum "${THREE% 1 0 1} 2" --moves
	[ "${#lines[@]}" -eq 16 ]
	[[ "$output" == *$'\nCpk4-i4\n'* ]]
	[[ "$output" == *$'\nUni6xf3+'* ]]
	run -0 ob-fen -V plattraum -S --moves
	[[ "$output" == *$'\nCpf4-f5\n'* ]]
	[[ "$output" == *$'\nUnf3xc6+'* ]]
}

@test "--mirror: the turn by 120 degrees, army k becoming army k+1; three give the position back" {
	run -0 ob-fen -V plattraum -S -M
	[ "${lines[1]}" = "${THREE% 1 0 1} 2 0 1" ]
	run -0 bash -c "ob-fen -V plattraum -S -M | ob-fen -M"
	[ "${lines[1]}" = "${THREE% 1 0 1} 3 0 1" ]
	run -0 bash -c "ob-fen -V plattraum -S -M | ob-fen -M | ob-fen -M"
	[ "${lines[1]}" = "$THREE" ]
	# A known position: f1 goes to l6, l6 to a6, a6 to f1, f2 to k6;
	# the clocks stay.
	run -0 feed plattraum "5,Gd3/7/8/9/10/Gd1,Cp1,9/10/9/8/7/5,Gd2 1 3 7" -M
	[ "${lines[1]}" = "5,Gd3/7/8/9/10/Gd1,10/10/9/8/5,Cp2,1/5,Gd2 2 3 7" ]
	run -0 feed plattraum "5,Gd3/7/8/9/10/Gd1,Cp1,9/10/9/8/7/5,Gd2 3 3 7" -M
	[ "${lines[1]}" = "5,Gd3/7/8/9/10/Gd1,10/10/9/8/5,Cp2,1/5,Gd2 1 3 7" ]
	# army 3 out of the game becomes army 1 out of it; a1 goes to l1
	run -0 feed plattraum "$STUCK 2" -M
	[ "${lines[1]}" = "5,Gd3/7/8/9/10/11/10/1,Ds3,Ds3,6/8/7/Gd2,5 3 0 1" ]
	# random positions: each mirror legal and different, the third the
	# identity
	ob-fen -V plattraum --random 100 --seed 5 >"$T/pos"
	ob-fen --mirror "$T/pos" >"$T/once"
	ob-fen --mirror "$T/once" >"$T/twice"
	ob-fen --mirror "$T/twice" >"$T/thrice"
	diff -u "$T/pos" "$T/thrice"
	! cmp -s "$T/pos" "$T/once"
	! cmp -s "$T/once" "$T/twice"
	ob-fen --check "$T/once" "$T/twice"
	# a position's moves turn with it: as many, and the same perft
	[ "$(ob-perft -d 2 --sum "$T/pos" | tail -1)" = "$(ob-perft -d 2 --sum "$T/once" | tail -1)" ]
}

@test "--json: the armies of the variant and those in the game, the army to move, the last army left" {
	sh "$ROOT/tests/need.sh" jq
	run -0 ob-fen -V plattraum -S --json
	jq -e . <<<"$output" >/dev/null
	[ "$(jq -c '[.variant, .army_to_move, .armies, .armies_in_game, .status, .legal_moves, (.pieces | length)]' <<<"$output")" = '["plattraum",1,3,[1,2,3],"ongoing",16,48]' ]
	[ "$(jq -c '.pieces | map(select(.piece == "Gd"))' <<<"$output")" = '[{"cell":"a5","army":3,"piece":"Gd","name":"Grandduke"},{"cell":"g1","army":1,"piece":"Gd","name":"Grandduke"},{"cell":"k7","army":2,"piece":"Gd","name":"Grandduke"}]' ]
	# army 2 to move and in check from army 1's Duchess on f6, which
	# attacks army 3's Grandduke too (it may: army 1 is not to move)
	run -0 feed plattraum "5,Gd3/7/8/9/10/Gd1,4,Ds1,5/10/9/8/7/5,Gd2 2" --json
	[ "$(jq -c '[.army_to_move, .armies_in_game, .status]' <<<"$output")" = '[2,[1,2,3],"check"]' ]
	# army 3 out of the game
	run -0 feed plattraum "$STUCK 2" --json
	[ "$(jq -c '[.army_to_move, .armies, .armies_in_game, .status]' <<<"$output")" = '[2,3,[1,2],"ongoing"]' ]
	# one army left: it has won, is to move and has no moves
	run -0 feed plattraum "${STUCK/Gd1/1} 2" --json
	[ "$(jq -c '[.army_to_move, .armies_in_game, .status, .legal_moves]' <<<"$output")" = '[2,[2],"last army left",0]' ]
	# the two-army objects gain the same members, nothing else changes
	run -0 ob-fen -V plattraum-2p -S --json
	[ "$(jq -c '[.army_to_move, .armies, .armies_in_game, .status, .legal_moves]' <<<"$output")" = '[1,2,[1,2],"ongoing",21]' ]
	[ "$(jq -r 'keys_unsorted | join(" ")' <<<"$output")" = "pfen variant army_to_move armies armies_in_game halfmove_clock fullmove_number pieces status legal_moves" ]
	run -0 ob-fen -S --json
	[ "$(jq -r 'keys_unsorted | join(" ")' <<<"$output")" = "ofen variant side halfmove_clock fullmove_number pieces status legal_moves" ]
}

@test "PFEN of three armies: the digits and the army to move" {
	bad "Cp4,4,Gd3/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1" "1: bad item 'Cp4' in placement: the army digit is 1, 2 or 3"
	bad "$CORNERS 4" "38: army to move must be 1, 2 or 3"
	bad "$CORNERS 0" "38: army to move must be 1, 2 or 3"
	good "$CORNERS 3"
}

@test "PFEN legality of three armies: each condition of spec section 9 by name, several in order" {
	# One Grandduke an army, or no pieces at all (the army is out).
	bad "6/6,Ds3/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1" "1: army 3 has 0 Granddukes, not exactly one"
	bad "Gd3,4,Gd3/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1" "1: army 3 has 2 Granddukes, not exactly one"
	bad "5,Gd3/7/8/9/10/Gd1,10/10/9/8/7/Gd2,4,Gd2 2" "1: army 2 has 2 Granddukes, not exactly one"
	good "6/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1"
	# ... but the army to move has pieces
	bad "6/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 3" "1: army 3 is to move but has no pieces"
	bad "6/7/8/9/10/Gd1,10/10/9/8/7/6 2" "1: army 2 is to move but has no pieces"
	# Granddukes a step apart; the army to move attacks no Grandduke
	# (each it attacks is named, from the next army on).
	bad "6/7/8/9/10/Gd1,Gd2,Gd3,8/10/9/8/7/6 3" "1: the Granddukes on f1 and f2 stand a Grandduke's step apart; the Granddukes on f2 and f3 stand a Grandduke's step apart; army 2 is not to move but is in check"
	bad "5,Gd3/7/8/9/10/Gd1,4,Ds1,5/10/9/8/7/5,Gd2 1" "1: army 2 is not to move but is in check; army 3 is not to move but is in check"
	bad "5,Gd3/7/8/9/10/Gd1,4,Ds2,5/10/9/8/7/5,Gd2 2" "1: army 3 is not to move but is in check; army 1 is not to move but is in check"
	# ... while another army may be: army 1's Duchess attacks both.
	good "5,Gd3/7/8/9/10/Gd1,4,Ds1,5/10/9/8/7/5,Gd2 3"
	# Settled: the army to move has a legal move while another is left,
	# in check or not; with two armies left too, unlike plattraum-2p,
	# where the same position is a stalemate.
	bad "$STUCK 1" "1: army 1 is to move but has no legal move (the position is not settled) (the line reads as plattraum-2p: give -V plattraum-2p or a '#variant plattraum-2p' line)"
	bad "Gd1,5/3,Ds2,3/3,Ds3,4/9/10/10,Gd3/10/9/8/7/5,Gd2 1" "1: army 1 is to move but has no legal move (the position is not settled)"
	bad "Gd1,Ds2,Ds3,3/7/8/9/10/10,Gd3/10/9/8/7/5,Gd2 1" "1: army 1 is to move but has no legal move (the position is not settled)"
	run -0 feed plattraum-2p "$STUCK 1" --json
	[[ "$output" == *'"status":"stalemate","legal_moves":0}' ]]
	# One army left: settled, it has won.
	good "6/7/8/9/10/11/10/9/8/7/5,Gd2 2"
	# Corporals on their far edges: army 1 the top edges, army 2 the
	# left edge and the lower left, army 3 the lower right and the right.
	bad "Cp2,4,Gd3/7/8/9/10/Gd1,9,Cp1/10/9/8/Cp3,6/5,Gd2 2" "1: army 1 Corporal on f11, its far edge; army 2 Corporal on a1, its far edge; army 3 Corporal on k1, its far edge"
	bad "$(sed 's|/5,Gd2$|/Cp3,4,Gd2|' <<<"$CORNERS") 1" "1: army 3 Corporal on l1, its far edge"
	bad "5,Gd3/7/8/9/Cp2,9/Gd1,10/10/9/8/7/5,Gd2 1" "1: army 2 Corporal on e1, its far edge"
	# where another army's Corporal may stand: l1 for army 2, a1 for 3
	good "Cp3,4,Gd3/7/8/9/10/Gd1,10/10/9/8/7/Cp2,4,Gd2 1"
	# More pieces than the setup's 16: 17 of army 3.
	bad "Cp3,Cp3,Cp3,Cp3,Cp3,Gd3/Cp3,Cp3,Cp3,Cp3,Cp3,Cp3,1/Cp3,Cp3,Cp3,Cp3,Cp3,3/9/10/Gd1,10/10/9/8/7/5,Gd2 1" "1: army 3 has 17 pieces, more than 16"
	# Several at once, in the order of the spec.
	bad "Cp2,5/7/8/9/10/Gd1,Gd2,9/10/9/8/7/6 3" "1: army 3 is to move but has no pieces; army 2 Corporal on a1, its far edge"
}

@test "--play: a move that eliminates, the check of an army not next, the last army's win and nothing after it" {
	sh "$ROOT/tests/need.sh" jq
	# Army 1's Sennight leaves a4 and opens the file to army 2's
	# Duchess: army 2, next, eliminates army 3 at once.
	local open='1,Ds2,1,Sn1,1,Gd3/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1'
	run -0 feed plattraum "$open" --play Sna4-b7
	[ "${lines[1]}" = "1,Ds2,4/6,Sn1/8/9/10/Gd1,10/10/9/8/7/5,Gd2 2 0 1" ]
	run -0 feed plattraum "$open Sna4-b7" --json
	[ "$(jq -c '[.army_to_move, .armies_in_game, .status, .halfmove_clock]' <<<"$output")" = '[2,[1,2],"ongoing",0]' ]
	# + names a check of any army, not only the next; army 3 is then
	# in check while army 2 is to move, and to move after it.
	run -0 feed plattraum "5,Gd3/7/8/9/10/Gd1,2,Ds1,7/10/9/8/7/5,Gd2 1 Dsf4-c4+ Gdl6-l5" --json
	[ "$(jq -c '[.army_to_move, .status, .fullmove_number]' <<<"$output")" = '[3,"check",1]' ]
	run -1 --separate-stderr feed plattraum "5,Gd3/7/8/9/10/Gd1,2,Ds1,7/10/9/8/7/5,Gd2 1 Dsf4-f5+"
	[ "$stderr" = "ob-fen: <stdin>:1:52: ply 1 (Dsf4-f5+): + but the move gives no check" ]
	# Army 2's Duchess leaves army 1 without a move: army 1 is out and
	# army 2 has won (#), the last army left, with no moves.
	run -0 feed plattraum "${STUCK/3,Ds2,4/6,Ds2,1} 2 Dsc7-c4#" --each
	[ "${lines[1]}" = "6/3,Ds2,3/3,Ds2,4/9/10/11/10/9/8/7/5,Gd2 2 0 1" ]
	run -0 feed plattraum "${STUCK/3,Ds2,4/6,Ds2,1} 2" --moves
	[[ "$output" == *$'\nDsc7-c4#\n'* ]]
	run -1 --separate-stderr feed plattraum "${STUCK/3,Ds2,4/6,Ds2,1} 2 Dsc7-c4+"
	[ "$stderr" = "ob-fen: <stdin>:1:55: ply 1 (Dsc7-c4+): + on the last elimination: write #" ]
	run -0 feed plattraum "6/3,Ds2,3/3,Ds2,4/9/10/11/10/9/8/7/5,Gd2 2" --moves
	[ -z "$output" ]
	run -1 --separate-stderr feed plattraum "6/3,Ds2,3/3,Ds2,4/9/10/11/10/9/8/7/5,Gd2 2 0 1 Dsc4-c5"
	[ "$stderr" = "ob-fen: <stdin>:1:48: ply 1 (Dsc4-c5): the game is over: army 2 is the last army left, and its position has no moves" ]
}

@test "--random: settled, legal three-army positions, some with an army out, deterministic" {
	sh "$ROOT/tests/need.sh" jq
	run -0 --separate-stderr ob-fen -V plattraum --random 200 --seed 1
	[ "${#lines[@]}" -eq 201 ]
	[ "${lines[0]}" = "#variant plattraum" ]
	[ -z "$stderr" ]
	printf '%s\n' "$output" >"$T/r"
	ob-fen -V plattraum --random 200 --seed 1 | cmp - "$T/r"
	# legal and canonical: rewriting changes none
	ob-fen --check "$T/r"
	ob-fen "$T/r" | cmp - "$T/r"
	ob-fen --json "$T/r" >"$T/r.json"
	# all three armies in most; one or two out in some
	[ "$(jq -s 'map(select(.armies_in_game == [1,2,3])) | length' "$T/r.json")" -gt 100 ]
	[ "$(jq -s 'map(select(.armies_in_game | length == 2)) | length' "$T/r.json")" -gt 10 ]
	# a playout ends where one army is left: it has no moves; no
	# position of three armies is a checkmate or a stalemate
	[ "$(jq -s 'map(select(.armies_in_game | length == 1)) | map(.status == "last army left" and .legal_moves == 0) | (length > 0 and all)' "$T/r.json")" = true ]
	[ "$(jq -r .status "$T/r.json" | sort -u | paste -sd' ')" = "check last army left ongoing" ]
	run -0 ob-fen -V plattraum --random 3 --seed 2 --moves
	[[ "${lines[0]}" =~ ^[A-Z][a-z][a-l][0-9]+[-x][a-l][0-9]+ ]]
}

@test "the board a line reads on: the hint names the three-army variant, or the two-army one for a line without army 3" {
	# The three-army start read as Oblique, or on a board of two armies.
	run -1 --separate-stderr ob-fen <<<"$THREE"
	[ "$stderr" = "ob-fen: <stdin>:1:2: bad letter ',' in placement (the line reads as plattraum: give -V plattraum or a '#variant plattraum' line)" ]
	run -1 --separate-stderr feed plattraum-2p "$THREE"
	[ "$stderr" = "ob-fen: <stdin>:1:3: bad item 'Sn3' in placement: the army digit is 1 or 2 (the line reads as plattraum: give -V plattraum or a '#variant plattraum' line)" ]
	# A line without army 3 reads on both boards: the two-army variant
	# is named ...
	run -1 --separate-stderr ob-fen <<<"$STUCK 2"
	[ "$stderr" = "ob-fen: <stdin>:1:1: bad letter 'G' in placement (the line reads as plattraum-2p: give -V plattraum-2p or a '#variant plattraum-2p' line)" ]
	# ... and a line that only the three-army board takes, without army
	# 3, is not taken for it (army 2's Corporal on l1, its far edge with
	# two players only): a two-player position that lacks a Grandduke
	# would be named as a three-army one with an army out, wrongly.
	run -1 --separate-stderr ob-fen <<<"6/7/8/9/10/Gd1,10/10/9/8/7/Cp2,4,Gd2 1"
	[ "$stderr" = "ob-fen: <stdin>:1:10: bad letter '0' in placement" ]
	run -0 feed plattraum "6/7/8/9/10/Gd1,10/10/9/8/7/Cp2,4,Gd2 1"
	run -1 --separate-stderr feed plattraum-2p "6/7/8/9/10/5,Gd1,5/10/9/8/7/6 1"
	[ "$stderr" = "ob-fen: <stdin>:1:1: army 2 has 0 Granddukes, not exactly one" ]
	# A two-army start given -V plattraum is a three-army position with
	# army 3 out of the game (the armies' frames are the three-army ones).
	run -0 feed plattraum "$TWO" --json
	[[ "$output" == *'"army_to_move":1,"armies":3,"armies_in_game":[1,2],'* ]]
	# #variant lines carry the variant between the boards.
	run -0 ob-fen <<<"#variant plattraum
startpos
#variant plattraum-2p
startpos"
	[ "$output" = "#variant plattraum
$THREE
#variant plattraum-2p
$TWO" ]
}
