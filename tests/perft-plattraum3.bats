#!/usr/bin/env bats
# ob-perft -V plattraum (three armies): the suite testdata/perft/plattraum.epd
# (plain, rotated once and twice, reference generator, threads and hash
# table), --divide's '#' on the last elimination, and --stats's
# eliminations, checkmates, stalemates and wins against the positions
# ob-fen plays.  OB_QUICK=1 (sanitizer builds) uses smaller depths.

load common

SUITE="$TESTDATA/perft/plattraum.epd"

setup() {
	T="$BATS_TEST_TMPDIR"
	sh "$ROOT/tests/need.sh" jq
	if [ "$OB_QUICK" = 1 ]; then DEEP=3 SHALLOW=2 REF=2; else DEEP=5 SHALLOW=4 REF=3; fi
}

# positions FILE: the number of position lines in a suite
positions() {
	grep -vc '^#' "$1"
}

# every result line is ok, one per position of the suite
all_ok() {
	[ "${#lines[@]}" -eq "$(positions "$SUITE")" ]
	! printf '%s\n' "${lines[@]}" | grep -v '^ok'
}

# the line after the comment that starts with $1, without its counts
position() {
	grep -A20 "^# $1" "$SUITE" | grep -m1 -v '^#' | sed 's/ ;D.*//'
}

@test "the suite: all ok, the start position to depth 6" {
	[ "$(positions "$SUITE")" -ge 15 ]
	run -0 --separate-stderr ob-perft -V plattraum -j 2 -m "$DEEP" "$SUITE"
	all_ok
	[ -z "$stderr" ]
	grep -q '^startpos ;D1 16 ;D2 264 ;D3 3876 ;D4 68582 ;D5 1223268 ;D6 22413897$' "$SUITE"
	# A position with one army left has no moves.
	grep -q ' 2 0 30 ;D1 0 ;D2 0 ;D3 0$' "$SUITE"
	[ "$OB_QUICK" = 1 ] && return
	# Every position to its deepest count (a few seconds).
	run -0 ob-perft -V plattraum -j 2 --hash 16 "$SUITE"
	all_ok
}

@test "both rotations by 120 degrees give the same counts" {
	sed 's/ ;D.*//' "$SUITE" | grep -v '^#' >"$T/pos"
	sed -n '/^[^#]/s/^[^;]*//p' "$SUITE" >"$T/counts"
	# Once: ob-perft -M.  Twice: ob-fen -M, then ob-perft -M.
	run -0 ob-perft -V plattraum -M -j 2 -m "$SHALLOW" "$SUITE"
	all_ok
	ob-fen -V plattraum -M "$T/pos" | grep -v '^#' >"$T/once"
	# The file names its board, as a three-army position may have lost
	# army 3 (else ob-perft says it may be a two-player PFEN).
	{
		echo '#variant plattraum'
		paste -d ' ' "$T/once" "$T/counts"
	} >"$T/once.epd"
	run -0 ob-perft -V plattraum -M -j 2 -m "$SHALLOW" "$T/once.epd"
	all_ok
	# The rotated positions differ (army k becomes army k + 1), and three
	# rotations give the suite's positions back.
	ob-fen -V plattraum "$T/pos" | grep -v '^#' >"$T/plain"
	run -1 cmp -s "$T/once" "$T/plain"
	ob-fen -V plattraum -M "$T/once" | ob-fen -V plattraum -M | grep -v '^#' >"$T/thrice"
	cmp "$T/plain" "$T/thrice"
	grep -q '^2,Sn3,.* 2 0 1 ;D1 16 ;D2 264' "$T/once.epd"
}

@test "the slow reference generator agrees" {
	run -0 ob-perft -V plattraum --reference -j 2 -m "$REF" "$SUITE"
	all_ok
	[ "$OB_QUICK" = 1 ] && return
	# The positions with eliminations, to depth 4.
	for p in 'a discovered' 'a chain of two eliminations, the last' \
		'the mover' 'the same after a stalemate'; do
		grep -A20 "^# $p" "$SUITE" | grep -m1 -v '^#'
	done >"$T/elim"
	run -0 ob-perft -V plattraum --reference -j 2 -m 4 "$T/elim"
	[ "${#lines[@]}" -eq 4 ]
	[ "$(printf '%s\n' "${lines[@]}" | grep -c '^ok')" -eq 4 ]
}

@test "-j 1, -j 2 and --hash give identical output" {
	ob-perft -V plattraum -j 1 -m "$DEEP" "$SUITE" >"$T/j1"
	ob-perft -V plattraum -j 2 -m "$DEEP" "$SUITE" >"$T/j2"
	ob-perft -V plattraum -j 2 --hash 4 -m "$DEEP" "$SUITE" >"$T/h4"
	cmp "$T/j1" "$T/j2"
	cmp "$T/j1" "$T/h4"
	sed 's/ ;D.*//' "$SUITE" >"$T/pos"
	for mode in "" --divide "--stats -d 2" --json; do
		# --stats uses no table, and refuses --hash
		hash="--hash 2"
		[[ $mode == --stats* ]] && hash=""
		# shellcheck disable=SC2086
		ob-perft -V plattraum -d 3 $mode "$T/pos" >"$T/a"
		# shellcheck disable=SC2086
		ob-perft -V plattraum -d 3 $mode -j 2 $hash "$T/pos" >"$T/b"
		cmp "$T/a" "$T/b"
	done
}

@test "--divide: '#' on the last elimination only, nothing below it" {
	run -0 ob-perft -V plattraum -d 2 --divide <<<"$(position 'a chain of two eliminations, the last')"
	[ "$(grep '#' <<<"$output" | paste -sd' ')" = "Sne5-h4# 0" ]
	[ "${lines[-1]}" = "total 240" ]
	run -0 ob-perft -V plattraum -d 2 --divide <<<"$(position 'a chain of two eliminations for want')"
	[ "$(grep '#' <<<"$output" | paste -sd' ')" = "Dse5-i2# 0 Dse5-k1# 0" ]
	run -0 ob-perft -V plattraum -d 1 --divide <<<"$(position 'two armies: a stalemate')"
	[ "$(grep '#' <<<"$output")" = "Dse6xc6# 1" ]
	# The mover eliminated by its own move has not won: no '#', and
	# army 2, left alone, has no moves.
	run -0 ob-perft -V plattraum -d 2 --divide <<<"$(position 'the mover eliminated')"
	[ "$(grep -c '#' <<<"$output")" -eq 0 ]
	[ "$(grep -c '^Snd5-.* 0$' <<<"$output")" -eq 11 ]
	# '+' where the move also attacks a Grandduke left on the board.
	run -0 ob-perft -V plattraum -d 1 --divide <<<"$(position 'a discovered attack')"
	[ "$(grep '[+#]' <<<"$output")" = "Snc5-f7+ 1" ]
	# The far-corner arrival wins too ('#'), but perft counts on below it.
	run -0 ob-perft -V plattraum -d 2 --divide <<<"$(position 'far-corner wins')"
	[ "$(grep '#' <<<"$output" | paste -sd' ')" = "Cpf10-f11=Ds# 10 Cpf10-f11=Fr# 11 Cpf10-f11=Hr# 14 Cpf10-f11=Sn# 12 Cpf10-f11=Un# 13" ]
	run -0 ob-perft -V plattraum -d 2 --stockfish <<<"$(position 'a chain of two eliminations, the last')"
	[[ "$output" == *$'\nSne5-h4#: 0\n'* ]]
}

@test "--stats: eliminations, checkmates, stalemates and wins of the hand-made positions" {
	sed -n '/^# a discovered/,$p' "$SUITE" | sed 's/ ;D.*//' | grep -v '^#' >"$T/pos"
	ob-perft -V plattraum -d 1 --stats --json "$T/pos" |
		jq -r '.stats[0] | "\(.nodes) \(.eliminations) \(.checkmates) \(.stalemates) \(.wins)"' >"$T/got"
	# nodes eliminations checkmates stalemates wins, one line a position
	cat >"$T/want" <<-'EOF'
		17 10 0 0 0
		39 2 1 1 0
		65 13 1 1 1
		75 6 3 3 2
		18 22 0 0 11
		29 2 0 1 1
		62 1 0 1 1
		5 0 0 0 0
		0 0 0 0 0
		55 0 0 0 0
		63 0 0 0 0
		41 0 0 0 0
	EOF
	diff "$T/want" "$T/got"
	# The table's columns with three armies; the two-player variants
	# keep theirs.
	run -0 ob-perft -V plattraum -S -d 4 --stats
	[ "${lines[0]}" = "depth  nodes  captures  promotions  checks  double_checks  checkmates  stalemates  eliminations  wins" ]
	[ "${lines[3]}" = "    3   3876       471           0     533              1           1           0             1     0" ]
	[ "${lines[4]}" = "    4  68582     11294           0   10136             40         600           0           600     0" ]
	run -0 ob-perft -V plattraum-2p -S -d 1 --stats
	[ "${lines[0]}" = "depth  nodes  captures  promotions  checks  double_checks  checkmates  stalemates" ]
	run -0 ob-perft -V plattraum-2p -S -d 1 --stats --json
	[ "$(jq -c '.stats[0] | [has("eliminations"), has("wins")]' <<<"$output")" = "[false,false]" ]
	run -0 ob-perft -V plattraum -S -d 1 --stats --json
	[ "$(jq -c '.stats[0] | keys_unsorted' <<<"$output")" = '["depth","nodes","captures","promotions","checks","double_checks","checkmates","stalemates","en_passant","castlings","guardings","eliminations","wins"]' ]
}

@test "--stats: the eliminations and wins are those of the positions ob-fen plays" {
	sed 's/ ;D.*//' "$SUITE" | ob-fen -V plattraum | grep -v '^#' >"$T/pos"
	# Every position and move one ply down, as 'POSITION MOVE' lines.
	ob-fen -V plattraum --moves "$T/pos" >"$T/moves"
	awk 'NR == FNR { p[++n] = $0; next } /^$/ { k++; next }
		{ print p[k + 1] " " $0 }' "$T/pos" "$T/moves" >"$T/lines"
	[ "$(wc -l <"$T/lines")" -eq "$(ob-perft -V plattraum -d 1 --sum "$T/pos")" ]
	ob-fen -V plattraum "$T/lines" | grep -v '^#' >"$T/after"
	# armies FILE: how many armies each PFEN's placement has
	armies() {
		awk '{ s = $1; n = 0; split("", seen)
		       while (match(s, /[A-Z][a-z][1-3]/)) {
			       d = substr(s, RSTART + 2, 1)
			       if (!(d in seen)) { seen[d]; n++ }
			       s = substr(s, RSTART + RLENGTH)
		       }
		       print n }' "$1"
	}
	cut -d' ' -f1-4 "$T/lines" >"$T/before"
	paste -d' ' <(armies "$T/before") <(armies "$T/after") >"$T/counts"
	eliminated=$(awk '{ s += $1 - $2 } END { print s }' "$T/counts")
	won=$(awk '$2 == 1 { n++ } END { print n + 0 }' "$T/counts")
	ob-perft -V plattraum -d 1 --stats --json "$T/pos" >"$T/stats"
	[ "$(jq -s '[.[].stats[0].eliminations] | add' "$T/stats")" -eq "$eliminated" ]
	[ "$(jq -s '[.[].stats[0].wins] | add' "$T/stats")" -eq "$won" ]
	[ "$eliminated" -gt 50 ]
	[ "$won" -gt 10 ]
	# Threads and the reference generator count the same, two plies down.
	ob-perft -V plattraum -d 2 --stats --json "$T/pos" >"$T/one"
	ob-perft -V plattraum -d 2 --stats --json -j 2 "$T/pos" | cmp - "$T/one"
	ob-perft -V plattraum -d 2 --stats --json --reference "$T/pos" | cmp - "$T/one"
	jq -r '.stats[1].nodes' "$T/one" | cmp - <(ob-perft -V plattraum -d 2 "$T/pos")
	for k in checks double_checks checkmates stalemates eliminations wins promotions captures; do
		jq -s -e "[.[].stats[].$k] | add > 0" "$T/one"
	done
	# Every elimination is counted once: by attack, checkmate or stalemate.
	jq -s -e '[.[].stats[] | .eliminations - .checkmates - .stalemates] | min >= 0' "$T/one"
}

@test "a two-player PFEN read with -V plattraum: said on standard error once per input, not for a file that names its board" {
	ob-perft -V plattraum-2p -S --split 1 | grep -v '^#' | sed 's/ ;M.*//' >"$T/two"
	[ "$(wc -l <"$T/two")" -eq 21 ]
	note="no army 3 in the placement: read as plattraum, army 3 out of the game; a two-player position needs its variant's name (plattraum-2p, plattraum-multiple, plattraum-knighted, plattraum-liu-yang) in -V or a '#variant' line (said once per input)"
	run -0 --separate-stderr ob-perft -V plattraum -d 1 "$T/two" "$T/two"
	[ "${#lines[@]}" -eq 42 ]
	[ "${stderr_lines[0]}" = "ob-perft: $T/two:1:1: $note" ]
	[ "${stderr_lines[1]}" = "ob-perft: $T/two:1:1: $note" ]
	[ "${#stderr_lines[@]}" -eq 2 ]
	# Read as what they are: no word.
	run -0 --separate-stderr ob-perft -V plattraum-2p -d 1 "$T/two"
	[ -z "$stderr" ]
	# The suite names its board: its positions without army 3 (one army
	# eliminated) get no word, with -V or without.
	[ "$(grep -v '^#' "$SUITE" | grep -vc 'Gd3')" -ge 2 ]
	run -0 --separate-stderr ob-perft -m 1 "$SUITE"
	[ -z "$stderr" ]
	run -0 --separate-stderr ob-perft -V plattraum -m 1 "$SUITE"
	[ -z "$stderr" ]
	# Without its #variant line, one word at the first such position.
	grep -v '^#variant' "$SUITE" >"$T/bare"
	first=$(grep -n -v '^#' "$T/bare" | grep -v Gd3 | grep -v startpos | head -1 | cut -d: -f1)
	run -0 --separate-stderr ob-perft -V plattraum -m 1 "$T/bare"
	[ "$stderr" = "ob-perft: $T/bare:$first:1: $note" ]
	# The start position has army 3: no word.
	run -0 --separate-stderr ob-perft -V plattraum -S -d 1
	[ -z "$stderr" ]
}
