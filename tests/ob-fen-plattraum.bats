#!/usr/bin/env bats
# ob-fen on Plattraum's board (PFEN, piece codes, armies 1 and 2): the
# start positions of the spec, the canonical rewrite, every PFEN read
# failure and legality condition with its exact message, --json, --mirror,
# --moves (swaps, promotions, far-corner wins), --random, --check, --play
# and --each, and the #variant lines between the boards.

load common

TWO='6/7/Sn1,6,Sn2/Fr1,Cp1,5,Cp2,Fr2/Ds1,Hr1,Cp1,4,Cp2,Hr2,Ds2/Un1,Un1,Un1,Cp1,3,Cp2,Un2,Un2,Un2/Gd1,Hr1,Cp1,4,Cp2,Hr2,Gd2/Fr1,Cp1,5,Cp2,Fr2/Sn1,6,Sn2/7/6 1 0 1'
MULTIPLE='6/Cp1,5,Cp2/Fr1,Cp1,4,Cp2,Fr2/Hd1,Sn1,Cp1,3,Cp2,Sn2,Hd2/Rk1,Fd1,Hr1,Cp1,2,Cp2,Hr2,Fd2,Rk2/Gd1,Un1,Un1,Un1,Cp1,1,Cp2,Un2,Un2,Un2,Gd2/Rk1,Fd1,Hr1,Cp1,2,Cp2,Hr2,Fd2,Rk2/Hd1,Sn1,Cp1,3,Cp2,Sn2,Hd2/Fr1,Cp1,4,Cp2,Fr2/Cp1,5,Cp2/6 1 0 1'
KNIGHTED='6/Cp1,5,Cp2/Fr1,Cp1,4,Cp2,Fr2/Fs1,Sn1,Cp1,3,Cp2,Sn2,Fs2/Sp1,Hd1,Hr1,Cp1,2,Cp2,Hr2,Hd2,Sp2/Un1,Un1,Un1,Rk1,Cp1,1,Cp2,Rk2,Un2,Un2,Un2/Gd1,Fd1,Hr1,Cp1,2,Cp2,Hr2,Fd2,Gd2/Hs1,Sn1,Cp1,3,Cp2,Sn2,Hs2/Fr1,Cp1,4,Cp2,Fr2/Cp1,5,Cp2/6 1 0 1'
LIU='6/Cp1,5,Cp2/Fr1,Cp1,4,Cp2,Fr2/Fc1,Sn1,Cp1,3,Cp2,Sn2,Fc2/Sg1,Un1,Hr1,Cp1,2,Cp2,Hr2,Un2,Sg2/Gd1,Hc1,Hc1,1,Cp1,1,Cp2,1,Hc2,Hc2,Gd2/Sg1,Un1,Hr1,Cp1,2,Cp2,Hr2,Un2,Sg2/Fc1,Sn1,Cp1,3,Cp2,Sn2,Fc2/Fr1,Cp1,4,Cp2,Fr2/Cp1,5,Cp2/6 1 0 1'
# The two Granddukes on f1 and f11, nothing else.
BARE='6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6'
# Army 1 has its whole setup and a Corporal on f10: Cpf10-f11 wins.
CORNER='6/7/Sn1,6,Gd2/Fr1,5,Cp1,2/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1,Hr1,Cp2,7/Fr1,6,Sn2,1/Sn1,7/7/6 1 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# feed VARIANT TEXT ARGS...: ob-fen -V VARIANT ARGS with TEXT on stdin
feed() {
	printf '%s\n' "$2" | ob-fen -V "$1" "${@:3}"
}

# bad VARIANT TEXT MESSAGE: the line is refused (exit 1, nothing on
# standard output) with exactly this diagnostic
bad() {
	run -1 --separate-stderr feed "$1" "$2"
	[ -z "$output" ]
	echo "got: $stderr"
	[ "$stderr" = "ob-fen: <stdin>:1:$3" ]
}

@test "--startpos: each variant's start position of the spec, byte for byte, after its #variant line" {
	run -0 --separate-stderr ob-fen -V plattraum-2p --startpos
	[ "$output" = "#variant plattraum-2p
$TWO" ]
	[ -z "$stderr" ]
	run -0 ob-fen -V plattraum-multiple -S
	[ "${lines[1]}" = "$MULTIPLE" ]
	run -0 ob-fen -V 'Plattraum Knighted' -S
	[ "${lines[1]}" = "$KNIGHTED" ]
	run -0 ob-fen -V plattraum-liu-yang -S
	[ "${lines[1]}" = "$LIU" ]
	# Each reads back unchanged; a #variant line overrides -V.
	run -0 feed plattraum-knighted "#variant plattraum-multiple
$MULTIPLE"
	[ "${lines[1]}" = "$MULTIPLE" ]
	run -0 feed plattraum-knighted "$KNIGHTED"
	[ "${lines[1]}" = "$KNIGHTED" ]
	run -0 feed plattraum-liu-yang "$LIU" --check
	[ -z "$output" ]
}

@test "canonical rewrite: runs of empty cells joined, leading zeros, left-out clocks, startpos" {
	run -0 feed plattraum-2p '6/7/8/9/10/Gd1,5,4,Gd2/10/9/8/7/2,2,1,1 1 05 007'
	[ "${lines[1]}" = "$BARE 1 5 7" ]
	run -0 feed plattraum-2p "$BARE 2"
	[ "${lines[1]}" = "$BARE 2 0 1" ]
	run -0 feed plattraum-2p startpos
	[ "${lines[1]}" = "$TWO" ]
	run -0 feed plattraum-2p "${TWO% 1 0 1} 1"
	[ "${lines[1]}" = "$TWO" ]
}

@test "PFEN syntax faults: each message, at its column" {
	V=plattraum-2p
	bad $V "Xx1,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Xx1' in placement: Xx is not a piece code of Plattraum Two-Player"
	bad $V "gd1,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'gd1' in placement: a piece is a code (an upper-case letter and a lower-case one) and an army digit, as Gd1"
	# A kind of another Plattraum variant: the hint names where it reads.
	bad $V "Fc1,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Fc1' in placement: Fc is not a piece code of Plattraum Two-Player (the line reads as plattraum-liu-yang: give -V plattraum-liu-yang or a '#variant plattraum-liu-yang' line)"
	bad $V "Cp3,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Cp3' in placement: the army digit is 1 or 2"
	bad $V "Cp0,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Cp0' in placement: the army digit is 1 or 2"
	bad $V "Cp,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Cp' in placement: the army digit (1 or 2) is missing"
	bad $V "Cp12,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Cp12' in placement: one piece an item, items separated by commas"
	bad $V "Cp1Un1,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: bad item 'Cp1Un1' in placement: one piece an item, items separated by commas"
	bad $V "6/7/8/9/10/Gd1,0,Gd2/10/9/8/7/6 1" "16: bad item '0' in placement: a run of empty cells is 1 to 11"
	bad $V "6/7/8/9/10/Gd1,9x,Gd2/10/9/8/7/6 1" "16: bad item '9x' in placement: a run of empty cells is 1 to 11"
	bad $V "6/7/8/9/10/Gd1,,9,Gd2/10/9/8/7/6 1" "16: empty item in placement (two commas, or a comma at an end)"
	bad $V "6/7/8/9/10/Gd1,9,Gd2,/10/9/8/7/6 1" "22: empty item in placement (two commas, or a comma at an end)"
	# A file with too many or too few cells, too many or too few files.
	bad $V "6/7/8/9/10/Gd1,10,Gd2/10/9/8/7/6 1" "19: file f has more than 11 cells"
	bad $V "6/7/8/9/10/Gd1,12,Gd2/10/9/8/7/6 1" "16: file f has more than 11 cells"
	bad $V "6/7/8/9/10/Gd1,8,Gd2/10/9/8/7/6 1" "21: file f has 10 cells, not 11"
	bad $V "7/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: file a has more than 6 cells"
	bad $V "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/5 1" "32: file l has 5 cells, not 6"
	bad $V "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7 1" "30: the placement has 10 files, not 11"
	bad $V "$BARE/1 1" "32: the placement has 12 files, not 11"
}

@test "PFEN field faults: army to move, clock, move number, missing and extra fields" {
	V=plattraum-2p
	bad $V "$BARE 3" "33: army to move must be 1 or 2"
	bad $V "$BARE 0 0 1" "33: army to move must be 1 or 2"
	bad $V "$BARE w 0 1" "33: army to move must be 1 or 2"
	bad $V "$BARE 12" "33: army to move must be 1 or 2"
	bad $V "$BARE" "32: missing army to move"
	bad $V "$BARE 1 0" "36: missing full-move number (the clock and move number go together)"
	bad $V "$BARE 1 10000 1" "35: half-move clock must be a number from 0 to 9999"
	bad $V "$BARE 1 0 0" "37: full-move number must be a number from 1 to 99999"
	bad $V "$BARE  1" "33: fields must be separated by exactly one space"
	bad $V "$BARE"$'\t'"1" "32: fields must be separated by exactly one space"
	# After the last field come moves: a word that is none says so.
	bad $V "$BARE 1 0 1 x" "39: ply 1 (x): a piece code is an upper-case letter and a lower-case one, as Gd"
}

@test "PFEN legality: each condition of spec section 9 by name, several in order" {
	V=plattraum-2p
	bad $V "Gd1,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: army 1 has 2 Granddukes, not exactly one"
	bad $V "Gd1,5/7/8/9/10/Gd2,9,Gd2/10/9/8/7/6 1" "1: army 2 has 2 Granddukes, not exactly one"
	bad $V "6/7/8/9/10/5,Gd1,5/10/9/8/7/6 1" "1: army 2 has 0 Granddukes, not exactly one"
	bad $V "6/7/8/9/10/11/10/9/8/7/6 1" "1: army 1 has 0 Granddukes, not exactly one; army 2 has 0 Granddukes, not exactly one"
	# Granddukes a step apart, orthogonal (f6, f7) or diagonal (f6, h5):
	# the one not to move is in check.
	bad $V "6/7/8/9/10/5,Gd1,Gd2,4/10/9/8/7/6 1" "1: the Granddukes on f6 and f7 stand a Grandduke's step apart; army 2 is not to move but is in check"
	bad $V "6/7/8/9/10/5,Gd1,5/10/4,Gd2,4/8/7/6 1" "1: the Granddukes on f6 and h5 stand a Grandduke's step apart; army 2 is not to move but is in check"
	# The army not to move in check: by a Duchess; through a cannon's screen.
	bad $V "6/7/8/9/10/Gd1,Ds1,8,Gd2/10/9/8/7/6 1" "1: army 2 is not to move but is in check"
	bad plattraum-liu-yang "6/7/8/9/10/Gd1,1,Fc1,3,Cp2,3,Gd2/10/9/8/7/6 1" "1: army 2 is not to move but is in check"
	# Without the screen the cannon gives no check.
	run -0 feed plattraum-liu-yang "6/7/8/9/10/Gd1,1,Fc1,7,Gd2/10/9/8/7/6 1"
	# A Corporal on its army's far edge: army 1 the top, army 2 the bottom.
	bad $V "5,Cp1/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" "1: army 1 Corporal on a6, its far edge"
	bad $V "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/Cp2,5 1" "1: army 2 Corporal on l1, its far edge"
	# A Corporal of army 2 on army 1's far edge is where it may stand.
	run -0 feed $V "5,Cp2/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1"
	# Too many pieces: 17 for army 1 of the two-player setup's 16.
	p='Cp1,Cp1,Cp1,3/Cp1,Cp1,Cp1,4/Cp1,Cp1,Cp1,5/Cp1,Cp1,Cp1,6/Cp1,Cp1,Cp1,7/Gd1,9,Gd2/Cp1,8,Cp2/9/8/7/6 1'
	run -1 --separate-stderr feed $V "$p"
	[[ "$stderr" == "ob-fen: <stdin>:1:1: army 1 has 17 pieces, more than 16 (the line reads as plattraum-multiple: "* ]]
	run -0 feed plattraum-multiple "$p"
	# Several at once, in the order of the spec.
	bad $V '5,Cp1/Cp1,Cp1,Cp1,4/Cp1,Cp1,Cp1,5/Cp1,Cp1,Cp1,6/Cp1,Cp1,Cp1,7/5,Gd1,Gd2,4/Cp1,Cp1,8/Cp1,8/8/7/Cp2,5 1' \
		"1: the Granddukes on f6 and f7 stand a Grandduke's step apart; army 2 is not to move but is in check; army 1 Corporal on a6, its far edge; army 2 Corporal on l1, its far edge; army 1 has 17 pieces, more than 16"
}

@test "--check: only diagnostics, keeps going, exit 1; valid input prints nothing" {
	printf '%s\n' "$TWO" "$BARE 3" "startpos" "5,Cp1/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1" >"$T/in"
	run -1 --separate-stderr ob-fen -V plattraum-2p --check "$T/in"
	[ -z "$output" ]
	[ "$stderr" = "ob-fen: $T/in:2:33: army to move must be 1 or 2
ob-fen: $T/in:4:1: army 1 Corporal on a6, its far edge" ]
	run -0 --separate-stderr ob-fen -V plattraum-liu-yang --check <(ob-fen -V plattraum-liu-yang --random 50 --seed 3)
	[ -z "$output" ]
	[ -z "$stderr" ]
}

@test "--json: the position as pfen, armies as numbers, pieces by code" {
	sh "$ROOT/tests/need.sh" jq
	run -0 ob-fen -V plattraum-2p -S --json
	jq -e . <<<"$output" >/dev/null
	[ "$(jq -r '[.pfen, .variant, .army_to_move, .halfmove_clock, .fullmove_number, .status, .legal_moves, (.pieces | length)] | @tsv' <<<"$output")" = "$(printf '%s\tplattraum-2p\t1\t0\t1\tongoing\t21\t32' "$TWO")" ]
	[ "$(jq -c '.pieces | map(select(.cell == "g1" or .cell == "g10"))' <<<"$output")" = '[{"cell":"g1","army":1,"piece":"Gd","name":"Grandduke"},{"cell":"g10","army":2,"piece":"Gd","name":"Grandduke"}]' ]
	# No member of the boards with colours, no blank piece letter.
	[ "$(jq -c '[has("ofen"), has("side"), (.pieces | map(has("color")) | any)]' <<<"$output")" = '[false,false,false]' ]
	! grep -q '"piece":" "' <<<"$output"
	# Every kind's code and name, army 2 to move, check and checkmate.
	run -0 ob-fen -V plattraum-liu-yang -S --json
	[ "$(jq -r '[.pieces[] | .piece + ":" + .name] | unique | join(" ")' <<<"$output")" = "Cp:Corporal Fc:Forecannon Fr:Forerook Gd:Grandduke Hc:Hindcannon Hr:Hindrook Sg:Sling Sn:Sennight Un:Unicorn" ]
	run -0 ob-fen -V plattraum-knighted -S --json -M
	[ "$(jq -r '.army_to_move' <<<"$output")" = 2 ]
	[ "$(jq -r '[.pieces[] | .piece] | unique | join(" ")' <<<"$output")" = "Cp Fd Fr Fs Gd Hd Hr Hs Rk Sn Sp Un" ]
	run -0 feed plattraum-2p '6/7/8/9/10/5,Gd1,5/10/9/8/7/5,Gd2 2' --json
	[ "$(jq -c '[.status, .legal_moves, .army_to_move]' <<<"$output")" = '["ongoing",5,2]' ]
	run -0 feed plattraum-2p '6/7/Ds2,7/9/10/Gd1,9,Gd2/10/9/8/7/6 1' --json
	[ "$(jq -c '[.status, .legal_moves]' <<<"$output")" = '["check",2]' ]
	# The other boards keep their members.
	run -0 ob-fen -S --json
	[ "$(jq -c '[has("ofen"), .side, .pieces[0].color]' <<<"$output")" = '[true,"white","white"]' ]
}

@test "--mirror: top to bottom with the armies swapped; the start maps to itself, twice is the identity" {
	for v in plattraum-2p plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		run -0 ob-fen -V $v -S -M
		start=$(ob-fen -V $v -S | tail -1)
		[ "${lines[1]}" = "${start% 1 0 1} 2 0 1" ]
		ob-fen -V $v --random 100 --seed 5 >"$T/pos"
		ob-fen -V $v --mirror "$T/pos" >"$T/once"
		ob-fen -V $v --mirror "$T/once" >"$T/twice"
		diff -u "$T/pos" "$T/twice"
		! cmp -s "$T/pos" "$T/once"
		ob-fen --check "$T/once"
	done
	# A known position: f1 and f11 swap, a1 goes to a6, l6 to l1.
	run -0 feed plattraum-2p "Cp1,5/7/8/9/10/Gd1,9,Gd2/10/9/8/7/5,Hr2 1 3 7" -M
	[ "${lines[1]}" = "5,Cp2/7/8/9/10/Gd1,9,Gd2/10/9/8/7/Hr1,5 2 3 7" ]
}

@test "--moves: codes, sorted; swaps, promotions and far-corner wins" {
	run -0 --separate-stderr ob-fen -V plattraum-2p -S --moves
	[ "${#lines[@]}" -eq 21 ]
	[ "${lines[0]}" = Cpd2-d3 ]
	[ "${lines[20]}" = Unf3-k7 ]
	LC_ALL=C sort -c <<<"$output"
	run -0 ob-fen -V plattraum-liu-yang -S --moves
	[ "${#lines[@]}" -eq 30 ]
	[ "$(grep '&' <<<"$output" | paste -sd' ')" = "Gdf1-e1&Sge1-f1 Gdf1-f2&Hcf2-f1 Gdf1-g1&Sgg1-f1" ]
	[ "$(grep x <<<"$output" | paste -sd' ')" = "Une2xi7 Ung2xc7" ]
	# The far corner with the whole setup: five promotions, each a win.
	run -0 feed plattraum-2p "$CORNER" --moves
	[ "$(grep f11 <<<"$output" | paste -sd' ')" = "Cpf10-f11=Ds# Cpf10-f11=Fr# Cpf10-f11=Hr# Cpf10-f11=Sn# Cpf10-f11=Un#" ]
	# One Unicorn short: promotions, no win.
	run -0 feed plattraum-2p "${CORNER/Un1,Un1,Un1,/Un1,Un1,1,}" --moves
	[ "$(grep f11 <<<"$output" | paste -sd' ')" = "Cpf10-f11=Ds+ Cpf10-f11=Fr+ Cpf10-f11=Hr Cpf10-f11=Sn Cpf10-f11=Un" ]
	# A blank line between positions, army 2's moves with the same codes.
	run -0 feed plattraum-2p "$TWO"$'\n'"${TWO% 1 0 1} 2" --moves
	[ "${#lines[@]}" -eq 42 ]
	[[ "$output" == *$'\nUnf3-k7\n\nCpd8-d7\n'* ]]
}

@test "--play, moves on the line and --each; illegal moves name their ply" {
	AFTER='6/7/Sn1,6,Sn2/Fr1,Cp1,5,Cp2,Fr2/Ds1,Hr1,Cp1,4,Cp2,Hr2,Ds2/Un1,Un1,Un1,1,Cp1,2,Cp2,Un2,Un2,Un2/Gd1,Hr1,Cp1,4,Cp2,Hr2,Gd2/Fr1,Cp1,5,Cp2,Fr2/Sn1,6,Sn2/7/6 2 0 1'
	run -0 feed plattraum-2p "startpos Cpf4-f5"
	[ "${lines[1]}" = "$AFTER" ]
	run -0 feed plattraum-2p startpos --play Cpf4-f5
	[ "${lines[1]}" = "$AFTER" ]
	run -0 feed plattraum-2p "startpos Cpf4-f5 Cpf8-f7" --each
	[ "${lines[1]}" = "$AFTER" ]
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[2]}" == *",Cp1,1,Cp2,1,"*" 1 0 2" ]]
	# The swap of Liu Yang, played and taken back by another swap.
	run -0 feed plattraum-liu-yang "startpos Gdf1-f2&Hcf2-f1 Cpf7-f6 Gdf2-f1&Hcf1-f2" --each
	[ "${#lines[@]}" -eq 4 ]
	[[ "${lines[1]}" == *"/Hc1,Gd1,Hc1,1,Cp1,"* ]]
	[[ "${lines[3]}" == *"/Gd1,Hc1,Hc1,1,Cp1,Cp2,2,"*" 2 1 2" ]]
	run -1 --separate-stderr feed plattraum-liu-yang "startpos Cpf5-f6 Cpf7xf6"
	[ "$stderr" = "ob-fen: <stdin>:1:23: ply 2 (Cpf7xf6): a Corporal cannot capture straight ahead" ]
	run -1 --separate-stderr feed plattraum-liu-yang "startpos Gdf1-f2"
	[ "$stderr" = "ob-fen: <stdin>:1:15: ply 1 (Gdf1-f2): f2 is occupied by a piece of the mover's side; a swap is written Gdf1-f2&Hcf2-f1" ]
	run -1 --separate-stderr feed plattraum-2p startpos --play "Cpf4-f5 Cpf8-f7+"
	[ "$stderr" = "ob-fen: --play:1:16: ply 2 (Cpf8-f7+): + but the move gives no check" ]
}

@test "--random: deterministic and valid, for each variant; --json and --moves" {
	for v in plattraum-2p plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		run -0 --separate-stderr ob-fen -V $v --random 100 --seed 42
		[ "${#lines[@]}" -eq 101 ]
		[ "${lines[0]}" = "#variant $v" ]
		[ -z "$stderr" ]
		first="$output"
		run -0 ob-fen -V $v --random 100 --seed 42
		[ "$output" = "$first" ]
		run -0 ob-fen -V $v --random 10 --seed 42
		[ "$output" = "$(head -n 11 <<<"$first")" ]
		# Valid, and canonical: rewriting changes none.
		printf '%s\n' "$first" >"$T/r"
		run -0 ob-fen "$T/r"
		diff -u "$T/r" <(printf '%s\n' "$output")
	done
	# -o writes the same to a file.
	ob-fen -V plattraum-2p --random 5 --seed 9 -o "$T/out"
	ob-fen -V plattraum-2p --random 5 --seed 9 | cmp - "$T/out"
	run -0 ob-fen -V plattraum-2p --random 3 --seed 5 --json
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[0]}" == '{"pfen":'* ]]
	run -0 ob-fen -V plattraum-2p --random 2 --seed 5 --moves
	[[ "${lines[0]}" =~ ^[A-Z][a-z][a-l][0-9]+[-x][a-l][0-9]+ ]]
}

@test "#variant lines carry the variant between the boards" {
	run -0 --separate-stderr ob-fen <<<"startpos
#variant plattraum-liu-yang
startpos
#variant Plattraum Two-Player
$TWO"
	[ "${lines[1]}" = "#variant plattraum-liu-yang" ]
	[ "${lines[2]}" = "$LIU" ]
	[ "${lines[3]}" = "#variant plattraum-2p" ]
	[ "${lines[4]}" = "$TWO" ]
	# A PFEN read as an OFEN: the hint names the variant it reads in.
	run -1 --separate-stderr ob-fen <<<"$TWO"
	[ "$stderr" = "ob-fen: <stdin>:1:8: bad letter ',' in placement (the line reads as plattraum-2p: give -V plattraum-2p or a '#variant plattraum-2p' line)" ]
	run -0 bash -c "ob-fen -V plattraum-multiple -S | ob-fen --mirror | ob-fen --json"
	[[ "$output" == *'"variant":"plattraum-multiple","army_to_move":2,'* ]]
}
