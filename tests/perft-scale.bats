#!/usr/bin/env bats
# Perft beyond one process: ob-perft --split K writes the distinct
# positions K plies down as '<OFEN> ;M paths' work units after a
# '#variant NAME' line, the units are sharded by line (each shard starting
# with that line) and counted by GNU parallel with ob-perft -d D-K --sum,
# which follows the line with no -V, and the shard totals, added by awk,
# equal ob-perft -d D.  The README's recipe is run on the other boards.
# Also: units of several lines merge, ;M multiplies, a table over
# --memory is refused, a malformed ;M is diagnosed, units of two boards
# are never summed; Plattraum's PFEN units.  OB_QUICK=1 (sanitizer
# builds) uses smaller depths.

load common

SUITE="$TESTDATA/perft/oblique.epd"
DSUITE="$TESTDATA/perft/diagonal-oblong.epd"

setup() {
	T="$BATS_TEST_TMPDIR"
	sh "$ROOT/tests/need.sh" parallel
	if [ "$OB_QUICK" = 1 ]; then QUICK=1; else QUICK=0; fi
}

# add: the sum of the first field of each line (exact to 2^53)
add() {
	awk '{ s += $1 } END { printf "%.0f\n", s }'
}

# sharded UNITS N DEPTH [ob-perft options...]: splits the units into N
# shards by line, each starting with the units' #variant line, counts each
# to DEPTH with --sum under GNU parallel, and prints the sum of the shard
# totals.
sharded() {
	local units=$1 n=$2 depth=$3
	shift 3
	rm -rf "$T/shards"
	mkdir "$T/shards"
	grep -v '^#' "$units" | split -n "r/$n" --filter="{ head -n 1 '$units'; cat; } >\$FILE" - "$T/shards/shard."
	[ "$(find "$T/shards" -type f | wc -l)" -eq "$n" ]
	parallel --will-cite --halt now,fail=1 -j 2 ob-perft "$@" -d "$depth" --sum ::: "$T/shards"/shard.* >"$T/totals"
	[ "$(wc -l <"$T/totals")" -eq "$n" ]
	add <"$T/totals"
}

# check_split VARIANT INPUT K D SHARDS...: split + parallel + sum over
# each shard count equals the direct count of the input lines to K + D.
check_split() {
	local variant=$1 input=$2 k=$3 d=$4
	shift 4
	local direct
	direct=$(ob-perft -V "$variant" -d $((k + d)) -j 2 -H 64 "$input" | add)
	ob-perft -V "$variant" --split "$k" "$input" >"$T/units"
	[ "$(head -n 1 "$T/units")" = "#variant $variant" ]
	# The units' paths add up to perft(K) of the input.
	[ "$(grep -v '^#' "$T/units" | awk '{ print $NF }' | add)" = "$(ob-perft -V "$variant" -d "$k" "$input" | add)" ]
	for n in "$@"; do
		# No -V: the shards name their board.
		got=$(sharded "$T/units" "$n" "$d" -H 16)
		echo "$variant K=$k D=$d shards=$n: $got, direct $direct"
		[ "$got" = "$direct" ]
	done
}

@test "Oblique start position: split + parallel + sum = perft, any shard count" {
	echo startpos >"$T/in"
	if [ "$QUICK" = 1 ]; then
		check_split oblique "$T/in" 1 2 1 3
		return
	fi
	check_split oblique "$T/in" 2 3 1 4
	[ "$got" = 1322477950 ]
	# Transpositions from ply 3 on: fewer units than paths, same total.
	check_split oblique "$T/in" 3 1 2 7
	[ "$(wc -l <"$T/units")" -lt 279716 ]
	[ "$got" = 18756745 ]
}

@test "several suite positions at once, Oblique and Raumschach" {
	grep -v '^#' "$SUITE" | sed -n '2p;9p;17p;30p;41p' | sed 's/ ;D.*//' >"$T/in"
	[ "$(wc -l <"$T/in")" -eq 5 ]
	if [ "$QUICK" = 1 ]; then
		check_split oblique "$T/in" 1 1 2
	else
		check_split oblique "$T/in" 2 2 1 3 6
	fi
	echo startpos >"$T/r"
	if [ "$QUICK" = 1 ]; then
		check_split raumschach "$T/r" 1 2 2
	else
		check_split raumschach "$T/r" 2 2 2 5
		[ "$got" = 15587032 ]
	fi
}

@test "Diagonal Oblong: castling, guarding and en passant positions split and add up" {
	grep -v '^#' "$DSUITE" | sed 's/ ;D.*//' >"$T/in"
	if [ "$QUICK" = 1 ]; then
		check_split diagonal-oblong "$T/in" 1 2 3
	else
		check_split diagonal-oblong "$T/in" 2 2 1 4 9
		check_split diagonal-oblong "$T/in" 3 1 5
	fi
	# The start position to depth 6 through units 2 plies down.
	head -1 "$T/in" >"$T/start"
	grep -q '^rknb/bnqr/.* w KGkg - 0 1$' "$T/start"
	if [ "$QUICK" = 1 ]; then
		check_split diagonal-oblong "$T/start" 2 2 3
		[ "$got" = 119539 ]
	else
		check_split diagonal-oblong "$T/start" 2 4 2 5
		[ "$got" = 52004785 ]
	fi
	# The units keep the rights and the en passant cell: the DFEN
	# fields are written.
	grep -q ' w KGkg [a-h][0-9]* 0 2 ;M 1$' "$T/units"
}

@test "Plattraum: PFEN work units split and add up; swaps and promotions in them" {
	echo startpos >"$T/in"
	if [ "$QUICK" = 1 ]; then
		check_split plattraum-liu-yang "$T/in" 1 1 2
		[ "$got" = 901 ]
	else
		check_split plattraum-liu-yang "$T/in" 2 2 1 3
		[ "$got" = 1067926 ]
		check_split plattraum-2p "$T/in" 2 3 4
		[ "$got" = 8203140 ]
	fi
	# The units are PFEN lines; a swap moved the Grandduke in some.
	ob-perft -V plattraum-liu-yang --split 1 "$T/in" >"$T/units"
	[ "$(grep -vc '^#' "$T/units")" -eq 30 ]
	grep -q '^6/Cp1,5,Cp2/.*/Hc1,Gd1,Hc1,1,Cp1,.* 2 1 1 ;M 1$' "$T/units"
	# --json: each object names the board (and no directive line).
	ob-perft -V plattraum-liu-yang --split 1 --json "$T/in" >"$T/units.json"
	grep -v '^#' "$T/units" | cmp - <(jq -r '"\(.pfen) ;M \(.paths)"' "$T/units.json")
	[ "$(jq -r .variant "$T/units.json" | sort | uniq -c | awk '{ print $1, $2 }')" = "30 plattraum-liu-yang" ]
	# Promotions of the multiple-compound suite's positions.
	grep -A1 '^# promotions' "$TESTDATA/perft/plattraum-multiple.epd" | tail -1 | sed 's/ ;D.*//' >"$T/promo"
	if [ "$QUICK" = 1 ]; then
		check_split plattraum-multiple "$T/promo" 1 1 2
	else
		check_split plattraum-multiple "$T/promo" 1 2 3
	fi
}

@test "--sum with -j and --hash, and --json, give the same total" {
	[ "$QUICK" = 1 ] && d=1 || d=2
	ob-perft -S --split 2 >"$T/units"
	want=$(ob-perft -S -d $((d + 2)))
	run -0 ob-perft -d "$d" --sum "$T/units"
	[ "$output" = "$want" ]
	run -0 ob-perft -d "$d" --sum -j 2 --hash 8 "$T/units"
	[ "$output" = "$want" ]
	run -0 ob-perft -d "$d" --sum --json "$T/units"
	[ "$(jq -c '[.variant, .depth, .positions, .paths, .nodes]' <<<"$output")" = "[\"oblique\",$d,4102,4102,$want]" ]
	# -d 0: the paths; an empty input: 0.
	run -0 ob-perft -d 0 --sum "$T/units"
	[ "$output" = 4102 ]
	run -0 ob-perft --sum </dev/null
	[ "$output" = 0 ]
	# --split --json: one object per unit.
	ob-perft -S --split 2 --json >"$T/units.json"
	grep -v '^#' "$T/units" | cmp - <(jq -r '"\(.ofen) ;M \(.paths)"' "$T/units.json")
	[ "$(jq -r .variant "$T/units.json" | sort -u)" = oblique ]
}

@test "--split of several lines merges them into one table" {
	# A line twice: the same units, each path counted twice.
	ob-perft -S --split 2 >"$T/one"
	printf 'startpos\n\nstartpos\n' | ob-perft --split 2 >"$T/two"
	sed 's/;M 1$/;M 2/' "$T/one" | cmp - "$T/two"
	# Splitting in stages gives the same table, in the same order, as
	# splitting at once: K=3 has transpositions, merged the same way.
	ob-perft -S --split 1 | ob-perft --split 1 | cmp - "$T/one"
	ob-perft -S --split 3 >"$T/three"
	ob-perft -S --split 1 | ob-perft --split 2 | cmp - "$T/three"
	ob-perft -S --split 2 | ob-perft --split 1 | cmp - "$T/three"
	grep -qv ';M 1$' "$T/three"
	# --split 0 merges equal input positions and adds their paths.
	ob-perft --split 0 "$T/three" | cmp - "$T/three"
	cat "$T/three" "$T/three" | ob-perft --split 0 >"$T/twice"
	awk '/^#/ { print; next } { $NF = 2 * $NF; print }' "$T/three" | cmp - "$T/twice"
	# Diagonal Oblong: two lines whose units meet.
	s='rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg - 0 1'
	ob-perft -V diagonal-oblong --split 1 <<<"$s" | sed -n '2p;6p' | sed 's/ ;M.*//' >"$T/d2"
	ob-perft -V diagonal-oblong --split 2 "$T/d2" >"$T/d2units"
	[ "$(grep -vc '^#' "$T/d2")" -eq 2 ]
	a=$(ob-perft -V diagonal-oblong --split 1 "$T/d2" | grep -vc '^#')
	b=$(grep -vc '^#' "$T/d2units")
	echo "$a units from the lines one ply down, $b two plies down"
	[ "$(grep -v '^#' "$T/d2units" | awk '{ print $NF }' | add)" = "$(ob-perft -V diagonal-oblong -d 2 "$T/d2" | add)" ]
	[ "$b" -lt "$(ob-perft -V diagonal-oblong -d 2 "$T/d2" | add)" ]
}

@test ";M counts multiply: plain counts, --sum, --split" {
	run -0 ob-perft -d 2 <<<"startpos ;M 5"
	[ "$output" = 20510 ]
	run -0 ob-perft -d 2 --json <<<"startpos ;M 5"
	[ "$(jq -c '[.paths, .nodes]' <<<"$output")" = "[5,20510]" ]
	printf 'startpos ;M 5\nstartpos\nstartpos  ;M 2\n' >"$T/in"
	run -0 ob-perft -d 2 --sum "$T/in"
	[ "$output" = $((8 * 4102)) ]
	run -0 ob-perft --split 1 "$T/in"
	[ "${#lines[@]}" -eq 65 ]
	[ "${lines[0]}" = "#variant oblique" ]
	! printf '%s\n' "${lines[@]:1}" | grep -v ' ;M 8$'
	# The units of units: paths multiply down the levels.
	ob-perft --split 1 "$T/in" | ob-perft --split 1 | grep -v '^#' | awk '{ print $NF }' | sort -u >"$T/m"
	[ "$(cat "$T/m")" = 8 ]
	run -0 bash -c "ob-perft --split 1 '$T/in' | ob-perft --split 1 | ob-perft -d 1 --sum"
	[ "$output" = $((8 * 279716)) ]
	# ;M with expectations: the expectations are checked once, and
	# --sum takes the position with its paths.
	run -0 ob-perft <<<"startpos ;M 3 ;D1 64"
	[ "$output" = "ok D1 64" ]
	run -0 ob-perft --sum -d 1 <<<"startpos ;D1 64 ;M 3"
	[ "$output" = 192 ]
}

@test "a table over --memory is refused: exit 2, the message, nothing written" {
	run -2 --separate-stderr ob-perft -S --split 3 --memory 1
	[ -z "$output" ]
	[[ "$stderr" =~ ^ob-perft:\ --split\ 3:\ the\ distinct\ positions\ do\ not\ fit\ in\ --memory\ 1\ MiB\ \(up\ to\ 192\ bytes\ each\):\ stopped\ at\ [0-9]+\ positions ]]
	# The positions reached: at least what 192 bytes each allow.
	n=$(sed 's/.*stopped at \([0-9]*\) positions.*/\1/' <<<"$stderr")
	[ "$n" -ge $((1048576 / 192)) ] && [ "$n" -lt 10000 ]
	# Several lines: the table of all of them counts.
	run -0 ob-perft -S --split 2 --memory 1
	[ "${#lines[@]}" -eq 4103 ]
	{ echo startpos; ob-perft -S --split 1 | sed -n 2p; } >"$T/in"
	run -2 --separate-stderr ob-perft --split 2 --memory 1 "$T/in"
	[ -z "$output" ]
	[[ "$stderr" == *"stopped at "* ]]
	run -0 ob-perft --split 2 --memory 8 "$T/in"
	[ "${#lines[@]}" -gt 5462 ]
}

@test "a malformed ;M is diagnosed at its column and the next line processed (--sum: no total)" {
	printf '%s\n' 'startpos ;M' 'startpos ;M 0' 'startpos ;M 3x' \
		'startpos ;M 2 ;M 2' 'startpos ;M 99999999999999999999' \
		'startpos ;5 1' 'startpos ;M 2' >"$T/in"
	# --sum: no total, as the total would leave lines out.
	run -1 --separate-stderr ob-perft -d 1 --sum "$T/in"
	[ -z "$output" ]
	[ "${stderr_lines[6]}" = "ob-perft: --sum: no total written, as not every line was counted" ]
	[ "${stderr_lines[0]}" = "ob-perft: $T/in:1:12: expected a space and a path count from 1 to 18446744073709551615 after ';M'" ]
	[ "${stderr_lines[1]}" = "ob-perft: $T/in:2:13: expected a space and a path count from 1 to 18446744073709551615 after ';M'" ]
	[ "${stderr_lines[2]}" = "ob-perft: $T/in:3:14: unexpected 'x' after the path count" ]
	[ "${stderr_lines[3]}" = "ob-perft: $T/in:4:15: a second ';M'" ]
	[ "${stderr_lines[4]}" = "ob-perft: $T/in:5:13: expected a space and a path count from 1 to 18446744073709551615 after ';M'" ]
	[ "${stderr_lines[5]}" = "ob-perft: $T/in:6:11: expected 'D' and a depth, 'M', or an EPD opcode after ';'" ]
	[ "${#stderr_lines[@]}" -eq 7 ]
	# The same in the other modes: the valid line is still counted.
	run -1 --separate-stderr ob-perft -d 1 "$T/in"
	[ "$output" = 128 ]
	[ "${#stderr_lines[@]}" -eq 6 ]
	run -1 --separate-stderr ob-perft --split 1 "$T/in"
	[ "${#lines[@]}" -eq 65 ]
	[ "${#stderr_lines[@]}" -eq 6 ]
}

@test "totals past 2^64 - 1 are refused" {
	run -1 --separate-stderr ob-perft -d 1 --sum <<<"startpos ;M 18446744073709551615"
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "ob-perft: <stdin>:1:1: the sum passes 18446744073709551615" ]
	run -0 ob-perft -d 0 --sum <<<"startpos ;M 18446744073709551615"
	[ "$output" = 18446744073709551615 ]
	run -1 --separate-stderr ob-perft -d 1 <<<"startpos ;M 18446744073709551615"
	[ -z "$output" ]
	[[ "$stderr" == *"pass 18446744073709551615" ]]
	# The table is filled before the paths are counted: past 2^64 - 1 no
	# unit is written, as one may have wrapped (to ;M 0).
	printf 'startpos ;M 18446744073709551615\nstartpos\n' >"$T/in"
	run -1 --separate-stderr ob-perft --split 1 "$T/in"
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "ob-perft: $T/in:1:1: its 64 paths 1 plies down, times ;M 18446744073709551615, take the work units' path counts past 18446744073709551615" ]
	[ "${stderr_lines[1]}" = "ob-perft: no work units written" ]
	for k in 0 1; do
		printf 'startpos ;M 9223372036854775808\nstartpos ;M 9223372036854775808\n' >"$T/in"
		run -1 --separate-stderr ob-perft --split $k "$T/in"
		[ -z "$output" ]
		[[ "${stderr_lines[0]}" == "ob-perft: $T/in:"[12]":1: its "*" take the work units' path counts past 18446744073709551615" ]]
		run -1 --separate-stderr ob-perft --split $k --json "$T/in"
		[ -z "$output" ]
	done
	# Up to 2^64 - 1 they are exact.
	printf 'startpos ;M 9223372036854775808\nstartpos ;M 9223372036854775807\n' >"$T/in"
	run -0 ob-perft --split 0 "$T/in"
	[ "${lines[1]}" = "$(ob-fen -S | tail -n 1) ;M 18446744073709551615" ]
}

@test "every board: --split 2 units summed to depth 2 with no -V give perft 4; --json units name it" {
	for v in oblique raumschach diagonal-oblong plattraum plattraum-2p \
		plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		ob-perft -V "$v" -S --split 2 >"$T/u"
		[ "$(head -n 1 "$T/u")" = "#variant $v" ]
		want=$(ob-perft -V "$v" -S -d 4)
		run -0 --separate-stderr ob-perft -d 2 --sum "$T/u"
		echo "$v: $output, perft 4 $want"
		[ "$output" = "$want" ]
		[ -z "$stderr" ]
		run -0 ob-perft -d 2 --sum --json "$T/u"
		[ "$(jq -r .variant <<<"$output")" = "$v" ]
		# The units piped into a plain count (one line each) and into
		# another --split follow the directive too.
		[ "$(ob-perft -V "$v" -S --split 1 | ob-perft -d 1 | add)" = "$(ob-perft -V "$v" -S -d 2)" ]
		ob-perft -V "$v" -S --split 1 | ob-perft --split 1 | cmp - "$T/u"
		# --json: every unit names the board.
		[ "$(ob-perft -V "$v" -S --split 2 --json | jq -r .variant | sort -u)" = "$v" ]
	done
}

@test "units of two boards are never summed or split together" {
	ob-perft -V raumschach -S --split 1 >"$T/r"
	ob-perft -V plattraum -S --split 1 >"$T/p"
	run -1 --separate-stderr ob-perft -d 1 --sum "$T/r" "$T/p"
	[ -z "$output" ]
	[ "${stderr_lines[0]}" = "ob-perft: $T/p:1:1: --sum takes the positions of one variant, raumschach (the first read): the plattraum lines up to the next #variant are skipped" ]
	[ "${stderr_lines[1]}" = "ob-perft: --sum: no total written, as not every line was counted" ]
	run -1 --separate-stderr ob-perft -d 1 --sum --json "$T/p" "$T/r"
	[ -z "$output" ]
	[[ "$stderr" == *"--sum takes the positions of one variant, plattraum"* ]]
	# Two boards that read the same PFEN: plattraum-2p's units are not
	# summed with plattraum-knighted's, whatever -V says.
	ob-perft -V plattraum-2p -S --split 1 >"$T/p2"
	ob-perft -V plattraum-knighted -S --split 1 >"$T/pk"
	run -1 --separate-stderr ob-perft -V plattraum-2p -d 1 --sum "$T/p2" "$T/pk"
	[ -z "$output" ]
	# A shard without its #variant line is read in -V's variant: its
	# Raumschach lines then fail as Oblique, or it is refused beside
	# Raumschach units; never a total.
	grep -v '^#' "$T/r" >"$T/bare"
	run -1 --separate-stderr ob-perft -d 1 --sum "$T/r" "$T/bare"
	[ -z "$output" ]
	[[ "${stderr_lines[0]}" == *"bare:1:1: --sum takes the positions of one variant, raumschach (the first read): the oblique lines up to the next #variant are skipped (a file without a #variant line is read in -V's variant)" ]]
	run -1 --separate-stderr ob-perft -d 1 --sum "$T/bare"
	[ -z "$output" ]
	# The same file with -V: the total.
	run -0 ob-perft -V raumschach -d 1 --sum "$T/r" "$T/bare"
	[ "$output" = $((2 * 3615)) ]
	# --split keeps the first board's units, refuses the other's lines.
	run -1 --separate-stderr ob-perft --split 0 "$T/r" "$T/p"
	[ "${lines[0]}" = "#variant raumschach" ]
	[ "${#lines[@]}" -eq 62 ]
	[[ "$stderr" == *"p:1:1: --split takes the positions of one variant, raumschach"* ]]
}

# readme_recipe: the commands of the README's "At scale" example, from
# the --split to the one that prints the total, one a line.
readme_recipe() {
	awk '/^## At scale/ { s = 1 }
	     s && /^```console$/ { b = 1; next }
	     b && /^```/ { exit }
	     b && /^\$ / { print substr($0, 3); next }
	     b && /^[0-9]+$/ { exit }' "$ROOT/README.md"
}

# run_recipe VARIANT: the README's recipe with -V VARIANT given to its
# --split, run in a scratch directory; prints its output.
run_recipe() {
	readme_recipe | sed "1s/^ob-perft /ob-perft -V $1 /" >"$T/recipe.sh"
	grep -q "^ob-perft -V $1 --startpos --split 2 > units.txt$" "$T/recipe.sh"
	rm -rf "$T/work" && mkdir "$T/work"
	(cd "$T/work" && bash "$T/recipe.sh")
}

@test "the README's parallel recipe on Raumschach and on the three-player board" {
	[ "$(readme_recipe | wc -l)" -ge 3 ]
	for v in raumschach plattraum; do
		run -0 run_recipe "$v"
		echo "$v: $output"
		[ "${lines[-1]}" = "$(ob-perft -V "$v" -S -d 4)" ]
		# Every shard names the board.
		for f in "$T/work"/unit.0?; do
			[ "$(head -n 1 "$f")" = "#variant $v" ]
		done
	done
}

@test "the README's parallel recipe stops on a failed shard: no total" {
	readme_recipe | sed "1s/^ob-perft /ob-perft -V raumschach /" >"$T/recipe.sh"
	rm -rf "$T/work" && mkdir "$T/work"
	# The units and shards, then one shard spoilt, then the counting and
	# adding.
	awk '{ print } /(^| )split / { exit }' "$T/recipe.sh" >"$T/prepare.sh"
	tail -n +"$(($(wc -l <"$T/prepare.sh") + 1))" "$T/recipe.sh" >"$T/count.sh"
	grep -q -- '--sum' "$T/count.sh"
	cd "$T/work"
	bash "$T/prepare.sh"
	echo 'not a position' >>unit.02
	run bash "$T/count.sh"
	[ "$status" -ne 0 ]
	! grep -qx '[0-9]*' <<<"$output"
	# So does a shard that lost its #variant line (read as Oblique).
	bash "$T/prepare.sh"
	sed -i 1d unit.01
	run bash "$T/count.sh"
	[ "$status" -ne 0 ]
	! grep -qx '[0-9]*' <<<"$output"
}
