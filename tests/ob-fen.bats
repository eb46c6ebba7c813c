#!/usr/bin/env bats
# ob-fen: canonical rewrite, --check, --startpos, playing moves, --each,
# --mirror, --moves, --json, --random, -V, line ends, bad bytes and long
# lines, exit statuses.  Inputs and expected output: testdata/ofen/.

load common

START='5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w 0 1'
START_B='5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 b 0 1'
PLACEMENT='5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5'
# After PCc2-Cc3 and after PCc2-Cc3 PCb4-Cb3.
PLY1='5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/2P2/PP1PP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 b 0 1'
PLY2='5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/p1ppp/1pP2/PP1PP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w 0 2'
RAUM='rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1'
MATE='5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|1R3/2S2/5/5/5|s4/N4/5/5/5 b 0 1'
STALE='5/5/5/2R2/4s|2T2/5/5/5/5|5/5/5/5/4S|5/5/5/5/5|5/5/5/5/5 b 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# feed TEXT ARGS...: ob-fen ARGS with TEXT (and a newline) on stdin
# (bats_pipe needs Bats 1.10).
feed() {
	printf '%s\n' "$1" | ob-fen "${@:2}"
}

@test "--help exits 0 on stdout and names every option" {
	run -0 --separate-stderr ob-fen --help
	[[ "$output" == usage:* ]]
	for o in --check --each --json --moves --mirror --play --random \
		--seed --startpos --variant --version; do
		[[ "$output" == *"$o"* ]]
	done
	[ -z "$stderr" ]
	run -0 --separate-stderr ob-fen -h
	[[ "$output" == usage:* ]]
	run -0 ob-fen --version
	[[ "$output" == "ob-fen "[0-9]* ]]
}

@test "unknown option, bad numbers, unknown variant: exit 2 with usage on stderr" {
	run -2 --separate-stderr ob-fen --bogus
	[ -z "$output" ]
	[[ "$stderr" == *usage:* ]]
	run -2 --separate-stderr ob-fen -x
	[[ "$stderr" == *usage:* ]]
	run -2 --separate-stderr ob-fen --random x
	[[ "$stderr" == "ob-fen: --random takes a count"* ]]
	run -2 --separate-stderr ob-fen --random 3 --seed -1
	[[ "$stderr" == "ob-fen: --seed takes a number"* ]]
	run -2 --separate-stderr ob-fen -V nosuch --startpos
	[[ "$stderr" == "ob-fen: unknown variant 'nosuch'"* ]]
	run -2 --separate-stderr ob-fen --play
	[[ "$stderr" == *usage:* ]]
}

@test "a missing file exits 2; the other files are still read" {
	run -2 --separate-stderr ob-fen "$T/no-such-file"
	[ -z "$output" ]
	[[ "$stderr" == "ob-fen: $T/no-such-file: "* ]]
	echo startpos >"$T/one"
	run -2 --separate-stderr ob-fen "$T/no-such-file" "$T/one"
	[ "$output" = "$START" ]
}

@test "--startpos prints the start position, byte for byte" {
	run -0 --separate-stderr ob-fen --startpos
	[ "$output" = "$START" ]
	[ -z "$stderr" ]
	run -0 ob-fen -S
	[ "$output" = "$START" ]
}

@test "canonical rewrite: digits, leading zeros, left-out clocks, startpos" {
	cd "$TESTDATA/ofen"
	run -1 --separate-stderr ob-fen mixed.ofen
	diff -u mixed.out <(printf '%s\n' "$output")
	diff -u mixed.err <(printf '%s\n' "$stderr")
	# the start position round-trips byte for byte, from stdin too
	run -0 feed "$START"
	[ "$output" = "$START" ]
	run -0 feed "$START" -
	[ "$output" = "$START" ]
	run -0 feed "$PLACEMENT w"
	[ "$output" = "$START" ]
}

@test "--check: only diagnostics, FILE:LINE:COL: reason, keeps going, exit 1" {
	cd "$TESTDATA/ofen"
	run -1 --separate-stderr ob-fen --check mixed.ofen
	[ -z "$output" ]
	diff -u mixed.err <(printf '%s\n' "$stderr")
	# every line of it has the shape
	while IFS= read -r line; do
		[[ "$line" =~ ^ob-fen:\ mixed\.ofen:[0-9]+:[0-9]+:\ .+ ]]
	done <<<"$stderr"
	# valid input: exit 0, nothing printed
	run -0 --separate-stderr ob-fen --check <(printf 'startpos\n%s\n' "$START")
	[ -z "$output" ]
	[ -z "$stderr" ]
	# standard input is named <stdin>
	run -1 --separate-stderr feed $'startpos\nbad' -c
	[ "$stderr" = "ob-fen: <stdin>:2:2: bad letter 'a' in placement" ]
}

@test "--play and moves on the line; an illegal move names its ply and column" {
	run -0 --separate-stderr feed startpos --play PCc2-Cc3
	[ "$output" = "$PLY1" ]
	run -0 feed "startpos PCc2-Cc3 PCb4-Cb3"
	[ "$output" = "$PLY2" ]
	run -0 feed "startpos moves PCc2-Cc3"
	[ "$output" = "$PLY1" ]
	run -0 feed "$START PCc2-Cc3" --play PCb4-Cb3
	[ "$output" = "$PLY2" ]
	# the line's moves come before --play's
	run -0 feed "$PLACEMENT w PCc2-Cc3" --play "PCb4-Cb3"
	[ "$output" = "$PLY2" ]
	# a fault in a move on the line: column within the line
	run -1 --separate-stderr feed "$START PCc2-Cc3 PCc4-Cc3"
	[ -z "$output" ]
	[ "$stderr" = "ob-fen: <stdin>:1:119: ply 2 (PCc4-Cc3): a pawn cannot capture straight ahead" ]
	run -1 --separate-stderr feed "startpos PCc2-Cc4"
	[ "$stderr" = "ob-fen: <stdin>:1:15: ply 1 (PCc2-Cc4): a pawn cannot move two cells" ]
	run -1 --separate-stderr feed "startpos TCa1Ca4"
	[ "$stderr" = "ob-fen: <stdin>:1:14: ply 1 (TCa1Ca4): expected - or x after the from-cell" ]
	# a fault in --play: the ply counts the line's moves too
	run -1 --separate-stderr feed "startpos PCc2-Cc3" --play "PCb4-Cb3 PCa2-Ca3+"
	[ "$stderr" = "ob-fen: --play:1:18: ply 3 (PCa2-Ca3+): + but the move gives no check" ]
	# a bad move does not stop the lines after it
	run -1 --separate-stderr feed $'startpos PCc2-Cc4\nstartpos PCc2-Cc3'
	[ "$output" = "$PLY1" ]
}

@test "--each prints the position after every ply" {
	run -0 feed "startpos PCc2-Cc3 PCb4-Cb3" --each
	[ "${lines[0]}" = "$PLY1" ]
	[ "${lines[1]}" = "$PLY2" ]
	[ "${#lines[@]}" -eq 2 ]
	run -0 feed startpos --each --play "PCc2-Cc3 PCb4-Cb3"
	[ "${lines[0]}" = "$PLY1" ]
	[ "${lines[1]}" = "$PLY2" ]
	# without moves, the position itself
	run -0 feed startpos --each
	[ "$output" = "$START" ]
}

@test "--mirror: the start maps to itself with Black to move; twice is the identity" {
	run -0 feed startpos --mirror
	[ "$output" = "$START_B" ]
	run -0 ob-fen --startpos --mirror
	[ "$output" = "$START_B" ]
	ob-fen --random 300 --seed 11 >"$T/pos"
	ob-fen --mirror "$T/pos" >"$T/once"
	ob-fen --mirror "$T/once" >"$T/twice"
	diff -u "$T/pos" "$T/twice"
	! cmp -s "$T/pos" "$T/once"
	run -0 ob-fen --check "$T/once"
	# a known position and its mirror
	run -0 feed "$MATE" --mirror
	[ "$output" = '5/5/5/4n/4S|5/5/5/2s2/3r1|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5 w 0 1' ]
}

@test "--moves: the legal moves in long form, sorted, a blank line between positions" {
	run -0 --separate-stderr feed startpos --moves
	[ "${#lines[@]}" -eq 64 ]
	[ "${lines[0]}" = BBb1-Aa1 ]
	sort -c <<<"$output"
	[[ "$output" == *$'\nPCc2-Cc3\n'* ]]
	[[ "$output" == *$'\nNCb1-Ab3\n'* || "$output" == *$'\nNCb1-Ab2\n'* ]]
	# byte order: a piece's quiet moves before its captures
	run -0 feed "s4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/SR2t w" --moves
	[ "$output" = "$(printf 'RAb1-Ac1\nRAb1-Ad1\nRAb1xAe1+\nSAa1-Aa2\nSAa1-Ab2\nSAa1-Ba1\nSAa1-Ba2\nSAa1-Bb1\nSAa1-Bb2')" ]
	# two positions: a blank line between; none for a mate
	run -0 feed "$MATE"$'\nstartpos' --moves
	[ "${lines[0]}" = BBb1-Aa1 ]
	[ "${output:0:1}" = $'\n' ]
	# Black's moves are written with upper-case letters
	run -0 feed "$START_B" --moves
	[ "${#lines[@]}" -eq 64 ]
	[[ "$output" == *$'\nPCc4-Cc3\n'* ]]
}

@test "--json: one object per position with pieces, side, clocks, status, moves" {
	sh "$ROOT/tests/need.sh" jq
	run -0 feed "$(printf '%s\n' startpos "$MATE" "$STALE" "s4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/S3t w 5 9")" --json
	[ "${#lines[@]}" -eq 4 ]
	for l in "${lines[@]}"; do jq -e . <<<"$l" >/dev/null; done
	[ "$(jq -r '[.side, .halfmove_clock, .fullmove_number, .status, .legal_moves, (.pieces | length), .ofen] | @tsv' <<<"${lines[0]}")" = "$(printf 'white\t0\t1\tongoing\t64\t40\t%s' "$START")" ]
	[ "$(jq -r '.status, .legal_moves, .side' <<<"${lines[1]}" | paste -sd' ')" = "checkmate 0 black" ]
	[ "$(jq -r '.status, .legal_moves' <<<"${lines[2]}" | paste -sd' ')" = "stalemate 0" ]
	[ "$(jq -r '.status, .halfmove_clock, .fullmove_number' <<<"${lines[3]}" | paste -sd' ')" = "check 5 9" ]
	[ "$(jq -c '.pieces | map(select(.cell == "Cc1"))' <<<"${lines[0]}")" = '[{"cell":"Cc1","color":"white","piece":"S","name":"Sovereign"}]' ]
	[ "$(jq -c '.pieces | map(select(.cell == "Cc5"))' <<<"${lines[0]}")" = '[{"cell":"Cc5","color":"black","piece":"S","name":"Sovereign"}]' ]
}

@test "--random N --seed S: deterministic, N valid positions" {
	run -0 --separate-stderr ob-fen --random 200 --seed 42
	[ "${#lines[@]}" -eq 200 ]
	[ -z "$stderr" ]
	first="$output"
	run -0 ob-fen --random 200 --seed 42
	[ "$output" = "$first" ]
	run -0 ob-fen --random 200 --seed 43
	[ "$output" != "$first" ]
	# a longer run begins with the shorter one
	run -0 ob-fen --random 20 --seed 42
	[ "$output" = "$(head -n 20 <<<"$first")" ]
	# valid: ob-fen --check accepts every one, and rewriting changes none
	run -0 --separate-stderr feed "$(ob-fen --random 500 --seed 7)" --check
	[ -z "$stderr" ]
	ob-fen --random 500 --seed 7 >"$T/r"
	run -0 ob-fen "$T/r"
	diff -u "$T/r" <(printf '%s\n' "$output")
	# with --json and --moves
	run -0 ob-fen --random 3 --seed 5 --json
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[0]}" == '{"ofen":'* ]]
	run -0 ob-fen --random 0
	[ -z "$output" ]
}

@test "-V raumschach: its start position, moves and random positions" {
	# positions of a variant other than Oblique follow a #variant line
	run -0 ob-fen -V raumschach --startpos
	[ "$output" = "#variant raumschach
$RAUM" ]
	run -0 ob-fen --variant Raumschach --startpos --mirror
	[ "${lines[1]}" = "${RAUM% w 0 1} b 0 1" ]
	run -0 feed startpos -V raumschach
	[ "${lines[1]}" = "$RAUM" ]
	run -0 feed startpos -V raumschach --play PAc2-Ac3
	[ "${lines[1]}" = 'rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/2P2/PP1PP/RNKNR b 0 1' ]
	# Oblique letters are not Raumschach's; the hint names the variant
	run -1 --separate-stderr feed "$START" -V raumschach
	[ "$stderr" = "ob-fen: <stdin>:1:13: bad letter 'l' in placement (the line reads as oblique: give -V oblique or a '#variant oblique' line)" ]
	run -0 feed "$(ob-fen -V raumschach --random 100 --seed 3)" -V raumschach --check
}

@test "CRLF line ends and a byte-order mark are accepted" {
	printf '\xef\xbb\xbfstartpos\r\n%s\r\n%s w\r\nstartpos PCc2-Cc3\r\n' "$START" "$PLACEMENT" >"$T/crlf"
	run -0 --separate-stderr ob-fen "$T/crlf"
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 4 ]
	[ "${lines[0]}" = "$START" ]
	[ "${lines[1]}" = "$START" ]
	[ "${lines[2]}" = "$START" ]
	[ "${lines[3]}" = "$PLY1" ]
	run -0 ob-fen --check "$T/crlf"
}

@test "a NUL byte, binary junk and an overlong line get a diagnostic; the lines after are read" {
	{
		printf '%s w\0 0 1\n' "$PLACEMENT"
		printf 'startpos\n'
		printf '\x7fELF\x02\x01\x01\x00\x00\xff\xfe\n'
		printf 'startpos PCc2-Cc3\n'
		head -c 70000 /dev/zero | tr '\0' 5
		printf '\n'
		printf '%s\xc3\xa9 w\n' "$PLACEMENT"
		printf '%s b\n' "$PLACEMENT"
	} >"$T/junk"
	run -1 --separate-stderr ob-fen "$T/junk"
	[ "${lines[0]}" = "$START" ]
	[ "${lines[1]}" = "$PLY1" ]
	[ "${lines[2]}" = "$START_B" ]
	[ "${#lines[@]}" -eq 3 ]
	expected="ob-fen: $T/junk:1:100: NUL byte
ob-fen: $T/junk:3:1: unexpected byte 0x7f
ob-fen: $T/junk:5:65537: line longer than 65536 bytes
ob-fen: $T/junk:6:98: unexpected byte 0xc3"
	[ "$stderr" = "$expected" ]
	run -1 --separate-stderr ob-fen --check "$T/junk"
	[ -z "$output" ]
	[ "$stderr" = "$expected" ]
	# a line of exactly 65536 bytes is read (and is a bad position)
	{ head -c 65536 /dev/zero | tr '\0' 5; printf '\nstartpos\n'; } >"$T/edge"
	run -1 --separate-stderr ob-fen "$T/edge"
	[ "$output" = "$START" ]
	[[ "$stderr" == "ob-fen: $T/edge:1:"* ]]
	[[ "$stderr" != *"longer than"* ]]
	# a last line without a newline is read
	printf 'startpos' >"$T/nonl"
	run -0 ob-fen "$T/nonl"
	[ "$output" = "$START" ]
}

@test "binary junk from a real binary: a diagnostic per bad line, no crash" {
	head -c 20000 "$(command -v ob-fen)" >"$T/bin"
	printf '\nstartpos\n' >>"$T/bin"
	run -1 --separate-stderr ob-fen "$T/bin"
	[ "${lines[-1]}" = "$START" ]
	[[ "$stderr" == "ob-fen: $T/bin:1:"* ]]
	# no output line is anything but a position
	[ "${#lines[@]}" -eq 1 ]
}

@test "-V diagonal-oblong: DFEN with rights and en passant, in text and JSON" {
	sh "$ROOT/tests/need.sh" jq
	run ob-fen -V diagonal-oblong --startpos
	[ "$output" = "#variant diagonal-oblong
rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg - 0 1" ]
	run bash -c "echo 'startpos Pa3-a7 Pd14-d10 Qd2-f2' | ob-fen -V diagonal-oblong"
	[ "$status" -eq 1 ]
	run bash -c "echo 'startpos Nf2-g5 Pd14-d10 Qd2-f2&Bh2-d2' | ob-fen -V diagonal-oblong"
	[ "${lines[1]}" = "rknb/bnqr/p1pp/pppp/4/4/1p2/4/4/4/4/3N/PPPP/PPPP/RBQ1/BNKR b Kkg - 1 2" ]
	run bash -c "echo 'startpos Pa3-a7' | ob-fen -V diagonal-oblong --json | jq -c '[.rights, .en_passant]'"
	[ "$output" = '["KGkg","a5"]' ]
	# the position under its format's name, "dfen", as the DFEN tag
	run -0 bash -c "ob-fen -V diagonal-oblong -S --json | jq -r 'keys_unsorted[0], .dfen'"
	[ "${lines[0]}" = dfen ]
	[ "${lines[1]}" = "$(ob-fen -V diagonal-oblong -S | sed -n 2p)" ]
}

@test "#variant lines: read in their variant to the next one or the file's end, and written" {
	RAUM1=$(ob-fen -V raumschach --startpos | sed -n 2p)
	# a directive switches; ob-fen writes one before each change
	run -0 --separate-stderr ob-fen <<<"startpos
#variant raumschach
startpos
#variant oblique
$START"
	[ "$output" = "$START
#variant raumschach
$RAUM1
#variant oblique
$START" ]
	# the scope ends with the file: the next starts in -V's variant
	printf '#variant raumschach\nstartpos\n' >"$T/r.ofen"
	run -0 --separate-stderr ob-fen "$T/r.ofen" "$T/r.ofen" - <<<startpos
	[ "$output" = "#variant raumschach
$RAUM1
$RAUM1
#variant oblique
$START" ]
	# an unknown name: a diagnostic at its column, its lines skipped
	run -1 --separate-stderr ob-fen <<<"#variant shogi
startpos
#variant  raumschach
startpos"
	[ "$stderr" = "ob-fen: <stdin>:1:10: unknown variant 'shogi' (known: oblique, raumschach, diagonal-oblong, plattraum, plattraum-2p, plattraum-multiple, plattraum-knighted, plattraum-liu-yang, chess); the lines up to the next #variant are skipped" ]
	[ "$output" = "#variant raumschach
$RAUM1" ]
	# through a pipeline, without -V: mirror, then draw
	run -0 bash -c 'ob-fen -V raumschach --startpos | ob-fen --mirror | ob-fen --check'
	run -0 bash -c 'ob-fen -V diagonal-oblong --startpos | ob-fen --json'
	[[ "$output" == *'"variant":"diagonal-oblong"'* ]]
}
