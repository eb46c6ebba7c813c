#!/usr/bin/env bats
# ob-perft on Plattraum's board: --stats with Liu Yang's swaps and cannon
# captures (against the moves ob-fen lists, and against the other columns
# and boards), --divide and --stockfish with codes and the far-corner '#',
# --json with PFEN, a bad PFEN line.  The suites themselves are checked in
# perft.bats, --compare in compare.bats, --split in perft-scale.bats.

load common

LIU=plattraum-liu-yang
LSUITE="$TESTDATA/perft/plattraum-liu-yang.epd"
TWO='6/7/Sn1,6,Sn2/Fr1,Cp1,5,Cp2,Fr2/Ds1,Hr1,Cp1,4,Cp2,Hr2,Ds2/Un1,Un1,Un1,Cp1,3,Cp2,Un2,Un2,Un2/Gd1,Hr1,Cp1,4,Cp2,Hr2,Gd2/Fr1,Cp1,5,Cp2,Fr2/Sn1,6,Sn2/7/6 1 0 1'
# Army 1 has its whole setup and a Corporal on f10: Cpf10-f11 wins.
CORNER='6/7/Sn1,6,Gd2/Fr1,5,Cp1,2/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1,Hr1,Cp2,7/Fr1,6,Sn2,1/Sn1,7/7/6 1 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
	sh "$ROOT/tests/need.sh" jq
}

@test "--stats: Liu Yang's table has swaps and cannon captures; guardings are not shown" {
	run -0 ob-perft -V $LIU -S -d 3 --stats
	[ "${lines[0]}" = "depth  nodes  captures  promotions  checks  double_checks  checkmates  stalemates  swaps  cannon_captures" ]
	[ "${lines[1]}" = "    1     30         2           0       0              0           0           0      3                0" ]
	[ "${lines[2]}" = "    2    901        66           0       0              0           0           0     90                0" ]
	[ "${lines[3]}" = "    3  30990      2626           0      30              0           0           0   2849              316" ]
	[ "${#lines[@]}" -eq 4 ]
	# The other Plattraum variants have neither move: no such columns.
	for v in plattraum-2p plattraum-multiple plattraum-knighted; do
		run -0 ob-perft -V $v -S -d 1 --stats
		[ "${lines[0]}" = "depth  nodes  captures  promotions  checks  double_checks  checkmates  stalemates" ]
	done
	# JSON: the other boards' members, guardings 0 (a swap is not one),
	# and swaps and cannon captures; only on Liu Yang.
	run -0 ob-perft -V $LIU -S -d 3 --stats --json
	[ "$(jq -c '.stats[2] | [.guardings, .castlings, .en_passant, .swaps, .cannon_captures]' <<<"$output")" = "[0,0,0,2849,316]" ]
	[ "$(jq -r 'keys[0]' <<<"$output")" = depth ]
	[ "$(jq -r '.pfen' <<<"$output")" = "$(ob-fen -V $LIU -S | tail -1)" ]
	run -0 ob-perft -V plattraum-2p -S -d 1 --stats --json
	[ "$(jq -c '.stats[0] | [has("swaps"), has("cannon_captures"), has("guardings")]' <<<"$output")" = "[false,false,true]" ]
	run -0 ob-perft -S -d 1 --stats --json
	[ "$(jq -c '.stats[0] | keys_unsorted' <<<"$output")" = '["depth","nodes","captures","promotions","checks","double_checks","checkmates","stalemates","en_passant","castlings","guardings"]' ]
}

@test "--stats: swaps and cannon captures are the moves ob-fen lists, two plies down" {
	# The moves 2 plies below the start, as 'startpos M1 M2' lines.
	ob-fen -V $LIU -S --moves >"$T/m1"
	sed 's/^/startpos /' "$T/m1" | ob-fen -V $LIU --moves >"$T/m2"
	awk 'NR == FNR { m1[++n] = $0; next } /^$/ { k++; next }
		{ print "startpos " m1[k + 1] " " $0 }' "$T/m1" "$T/m2" >"$T/lines"
	[ "$(wc -l <"$T/lines")" -eq 901 ]
	ob-fen -V $LIU --moves "$T/lines" >"$T/m3"
	run -0 ob-perft -V $LIU -S -d 3 --stats --json
	[ "$(grep -c . "$T/m3")" = "$(jq '.stats[2].nodes' <<<"$output")" ]
	[ "$(grep -c '&' "$T/m3")" = "$(jq '.stats[2].swaps' <<<"$output")" ]
	[ "$(grep -cE '^(Fc|Hc|Sg)[a-l][0-9]+x' "$T/m3")" = "$(jq '.stats[2].cannon_captures' <<<"$output")" ]
	[ "$(grep -c '=' "$T/m3")" = "$(jq '.stats[2].promotions' <<<"$output")" ]
	# The suite's positions, one ply down: the divide's moves.
	sed 's/ ;D.*//' "$LSUITE" >"$T/pos"
	ob-perft -V $LIU -d 1 --divide "$T/pos" >"$T/divide"
	ob-perft -V $LIU -d 1 --stats --json "$T/pos" >"$T/stats"
	[ "$(jq -s '[.[].stats[0].swaps] | add' "$T/stats")" = "$(grep -c '&' "$T/divide")" ]
	[ "$(jq -s '[.[].stats[0].cannon_captures] | add' "$T/stats")" = "$(grep -cE '^(Fc|Hc|Sg)[a-l][0-9]+x' "$T/divide")" ]
	[ "$(jq -s '[.[].stats[0].cannon_captures] | add' "$T/stats")" -gt 0 ]
}

@test "--stats: the same with threads and the reference generator; nodes are the plain counts" {
	sed 's/ ;D.*//' "$LSUITE" >"$T/pos"
	ob-perft -V $LIU -d 2 --stats --json "$T/pos" >"$T/one"
	ob-perft -V $LIU -d 2 --stats --json -j 2 "$T/pos" | cmp - "$T/one"
	ob-perft -V $LIU -d 2 --stats --json --reference "$T/pos" | cmp - "$T/one"
	jq -r '.stats[1].nodes' "$T/one" | cmp - <(ob-perft -V $LIU -d 2 "$T/pos")
	# Over the suite every column counts something, but guardings.
	for k in captures promotions checks double_checks checkmates stalemates swaps cannon_captures; do
		jq -s -e "[.[].stats[].$k] | add > 0" "$T/one"
	done
	jq -s -e '[.[].stats[].guardings] | add == 0' "$T/one"
}

@test "--divide and --stockfish: codes, byte order, the far-corner win's '#' with the count below it" {
	run -0 ob-perft -V plattraum-2p -d 2 --divide <<<"$CORNER"
	[ "$(grep f11 <<<"$output" | paste -sd' ')" = "Cpf10-f11=Ds# 2 Cpf10-f11=Fr# 2 Cpf10-f11=Hr# 11 Cpf10-f11=Sn# 10 Cpf10-f11=Un# 11" ]
	[ "${lines[-1]}" = "total 569" ]
	[ "$(ob-perft -V plattraum-2p -d 2 <<<"$CORNER")" = 569 ]
	awk 'NF == 2 && $1 != "total" { print $1 }' <<<"$output" | LC_ALL=C sort -c
	run -0 ob-perft -V plattraum-2p -d 2 --stockfish <<<"$CORNER"
	[[ "$output" == *$'\nCpf10-f11=Un#: 11\n'* ]]
	[[ "$output" == *$'\n\nNodes searched: 569' ]]
	# Promotions to the variants' kinds, swaps with their partner.
	for v in multiple:28:Fd knighted:40:Sp; do
		IFS=: read -r name n code <<<"$v"
		pos=$(grep -A1 '^# promotions' "$TESTDATA/perft/plattraum-$name.epd" | tail -1 | sed 's/ ;D.*//')
		run -0 ob-perft -V plattraum-$name -d 1 --divide <<<"$pos"
		[ "$(grep -c '=' <<<"$output")" -eq "$n" ]
		[[ "$output" == *"Cpe9-e10=$code"* ]]
	done
	run -0 ob-perft -V $LIU -S -d 2 --divide
	[ "$(grep '&' <<<"$output" | paste -sd' ')" = "Gdf1-e1&Sge1-f1 30 Gdf1-f2&Hcf2-f1 30 Gdf1-g1&Sgg1-f1 30" ]
	[ "${lines[-1]}" = "total 901" ]
	# Each Plattraum start's divide adds up to its count.
	for v in plattraum-2p plattraum-multiple plattraum-knighted $LIU; do
		[ "$(ob-perft -V $v -S -d 3 --divide | tail -1)" = "total $(ob-perft -V $v -S -d 3)" ]
	done
}

@test "--json and -M: the position as pfen; the mirrored start has the same counts" {
	run -0 ob-perft -V plattraum-2p -S -d 2 --json
	[ "$(jq -c '[.pfen, .variant, .depth, .nodes]' <<<"$output")" = "[\"$TWO\",\"plattraum-2p\",2,432]" ]
	run -0 ob-perft -V plattraum-2p -S -d 1 --divide --json
	[ "$(jq -c '[.moves[0], (.moves | length), .nodes]' <<<"$output")" = '[{"move":"Cpd2-d3","nodes":1},21,21]' ]
	run -0 ob-perft -V plattraum-2p --json <<<"startpos ;D1 21 ;D2 432"
	[ "$(jq -c '[.pfen, .ok, .checks[1].nodes]' <<<"$output")" = "[\"$TWO\",true,432]" ]
	for v in plattraum-2p plattraum-multiple plattraum-knighted $LIU; do
		[ "$(ob-perft -V $v -S -d 3 -M)" = "$(ob-perft -V $v -S -d 3)" ]
	done
	run -0 ob-perft -V plattraum-2p -S -d 0 -M --json
	[ "$(jq -r '.pfen' <<<"$output")" = "${TWO% 1 0 1} 2 0 1" ]
}

@test "--play and moves on the line: codes, the swap" {
	want=$(ob-perft -V $LIU -d 2 <<<'startpos Gdf1-f2&Hcf2-f1 Cpf7-f6')
	[ "$want" = "$(ob-perft -V $LIU -S -d 2 -p 'Gdf1-f2&Hcf2-f1,Cpf7-f6')" ]
	[ "$want" = "$(ob-fen -V $LIU -S -p 'Gdf1-f2&Hcf2-f1 Cpf7-f6' | ob-perft -d 2)" ]
	run -1 --separate-stderr ob-perft -V $LIU -S -d 1 -p 'Gdf1-e1&Sge1-f1 Cpf7-f6 Gde1-f1&Sgf1-e1+'
	[ "$stderr" = "ob-perft: --play:1:40: ply 3 (Gde1-f1&Sgf1-e1+): + but the move gives no check" ]
}

@test "a bad PFEN line or move is named, and the next line counted" {
	printf '%s\n' "${TWO% 1 0 1} 3" "startpos Cpf4-f6" "startpos Cpf4-f5 ;D1 21" "startpos" >"$T/in"
	run -1 --separate-stderr ob-perft -V plattraum-2p -d 1 "$T/in"
	[ "$output" = "ok D1 21
21" ]
	[ "$stderr" = "ob-perft: $T/in:1:151: army to move must be 1 or 2
ob-perft: $T/in:2:15: ply 1 (Cpf4-f6): a Corporal cannot move two cells" ]
}
