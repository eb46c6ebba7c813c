#!/usr/bin/env bats
# ob-validate: every kind of error of spec sections 6, 7 and 9 with its
# exact diagnostic, the games after a bad one, line ends and columns,
# --normalize round trips, --positions, --json, --generate, memory that
# does not grow with the number of games, exit statuses.
# Collections and expected output: testdata/ogn/.

load common

# Positions used as OFEN tags.
MATE1='5/5/5/5/5|5/5/5/R4/5|5/5/5/5/5|5/5/5/5/5|5/5/2S2/2N2/2s2 w 0 1' # RDa2-Bc2#
STALE1='S4/5/5/5/5|5/5/5/5/2R2|5/5/5/5/s4|5/5/5/5/5|5/R4/5/5/5 w 0 40' # RAa4-Aa2
PIN='4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/ST2r w 0 1'     # TAb1 pinned
PROMO='4s/5/5/5/5|5/5/5/5/5|5/2P2/5/5/5|5/5/5/5/5|5/5/5/5/S4 w 0 1'   # PCc4 promotes
CLOCK99='4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/ST3 b 99 80'
CLOCK100='4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/ST3 w 100 80'
# Both Sentinels out and back twice: the start position a third time.
REPEAT='1. NCb1-Ca3 NCd5-Ce3 2. NCa3-Cb1 NCe3-Cd5 3. NCb1-Ca3 NCd5-Ce3 4. NCa3-Cb1 NCe3-Cd5'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# bad TEXT DIAGNOSTIC [OPTION...]: TEXT (one game, on standard input) is
# invalid with exactly that one diagnostic, FILE being <stdin>.
bad() {
	local text=$1 want=$2
	shift 2
	run -1 --separate-stderr ob-validate -q "$@" <<<"$text"
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
	run -0 --separate-stderr ob-validate -q "$@" <<<"$text"
	[ -z "$stderr" ] || { echo "input: $text"; echo "$stderr"; false; }
}

@test "--help, --version, usage errors exit 2" {
	run -0 --separate-stderr ob-validate --help
	[[ "$output" == usage:* ]]
	for o in --generate --json --max-plies --normalize --positions \
		--quiet --seed --strict --variant --version; do
		[[ "$output" == *"$o"* ]]
	done
	run -0 ob-validate --version
	[[ "$output" == "ob-validate "[0-9]* ]]
	run -2 --separate-stderr ob-validate --bogus
	[[ "$stderr" == *usage:* ]]
	run -2 --separate-stderr ob-validate --json --normalize
	[[ "$stderr" == "ob-validate: --json cannot be combined with --normalize"* ]]
	run -2 --separate-stderr ob-validate --generate x
	[[ "$stderr" == "ob-validate: --generate takes a count"* ]]
	run -2 --separate-stderr ob-validate --generate 1 some.ogn
	run -2 --separate-stderr ob-validate -V shogi
	[[ "$stderr" == "ob-validate: unknown variant 'shogi'"* ]]
	run -2 --separate-stderr ob-validate "$T/missing.ogn"
	[ "$stderr" = "ob-validate: $T/missing.ogn: No such file or directory
ob-validate: 0 games read: 0 valid, 0 invalid; 0 plies checked" ]
}

@test "a valid collection: every feature once, exit 0 and a summary" {
	run -0 --separate-stderr ob-validate "$TESTDATA/ogn/valid.ogn"
	[ -z "$output" ]
	[ "$stderr" = "ob-validate: 10 games read: 10 valid, 0 invalid; 28 plies checked" ]
	run -0 --separate-stderr ob-validate --quiet --strict "$TESTDATA/ogn/valid.ogn"
	[ -z "$stderr" ]
}

@test "move text: every fault of section 9, in its order" {
	bad '1. QCa1-Ca4 *' "1:4: game 1, ply 1 (QCa1-Ca4): 'Q' is not a piece letter"
	bad '1. tCa1-Ca4 *' "1:4: game 1, ply 1 (tCa1-Ca4): piece letters in moves are upper case: 't'"
	bad '1. TCa1-Ca6 *' "1:9: game 1, ply 1 (TCa1-Ca6): the to-cell is not a cell of the board"
	bad '1. TCa1Ca4 *' "1:8: game 1, ply 1 (TCa1Ca4): expected - or x after the from-cell"
	bad "[OFEN \"$PROMO\"]
1. PCc4-Cc5=S *" "2:13: game 1, ply 1 (PCc4-Cc5=S): a pawn promotes to one of RTBLN"
	bad '1. PCc2-Cc3!+ *' "1:12: game 1, ply 1 (PCc2-Cc3!+): unexpected text after the move"
	bad '1. TCc3-Cc4 *' "1:5: game 1, ply 1 (TCc3-Cc4): no piece on Cc3"
	bad '1. PCc4-Cc3 *' "1:5: game 1, ply 1 (PCc4-Cc3): the piece on Cc4 belongs to Black, not the side to move"
	bad '1. TCb1-Ca3 *' "1:4: game 1, ply 1 (TCb1-Ca3): the piece on Cb1 is a Sentinel, not a Tower"
	bad '1. TCa1-Ca3 *' "1:9: game 1, ply 1 (TCa1-Ca3): the Tower's way from Ca1 to Ca3 is blocked"
	bad '1. PCc2-Cc4 *' "1:9: game 1, ply 1 (PCc2-Cc4): a pawn cannot move two cells"
	bad "[OFEN \"$PROMO\"]
1. PCc4-Cc5 *" "2:12: game 1, ply 1 (PCc4-Cc5): a pawn reaching Cc5 must promote (=RTBLN)"
	bad '1. PCc2-Cc3=R *' "1:12: game 1, ply 1 (PCc2-Cc3=R): no promotion on this move"
	bad "[OFEN \"$PIN\"]
1. TAb1-Bb1 *" "2:4: game 1, ply 1 (TAb1-Bb1): the move leaves the own Sovereign attacked"
	bad '1. PCc2xCc3 *' "1:8: game 1, ply 1 (PCc2xCc3): x but Cc3 is empty"
	bad '1. PCc2-Cc3 PCb4-Cb3 2. PCa2-Cb3 *' "1:29: game 1, ply 3 (PCa2-Cb3): the move captures on Cb3: write x"
	bad '1. PCc2-Cc3+ *' "1:12: game 1, ply 1 (PCc2-Cc3+): + but the move gives no check"
	bad "[OFEN \"$MATE1\"]
1. RDa2-Ad2# *" "2:12: game 1, ply 1 (RDa2-Ad2#): # but the move is only check"
	bad "[OFEN \"$MATE1\"]
1. RDa2-Bc2+ 1-0" "2:12: game 1, ply 1 (RDa2-Bc2+): + on a checkmate: write #"
	# several faults: the first in section 9's order is named
	bad '1. TCc3xCc9+ *' "1:9: game 1, ply 1 (TCc3xCc9+): the to-cell is not a cell of the board"
	bad '1. TCb1xCc3# *' "1:4: game 1, ply 1 (TCb1xCc3#): the piece on Cb1 is a Sentinel, not a Tower"
}

@test "--strict: check and mate suffixes required" {
	good "[OFEN \"$MATE1\"]
1. RDa2-Bc2 1-0"
	bad "[OFEN \"$MATE1\"]
1. RDa2-Bc2 1-0" "2:12: game 1, ply 1 (RDa2-Bc2): missing #" --strict
	bad "[OFEN \"$MATE1\"]
1. RDa2-Ad2 SAc1-Bb1 *" "2:12: game 1, ply 1 (RDa2-Ad2): missing +" --strict
	good "[OFEN \"$MATE1\"]
1. RDa2-Ad2+ SAc1-Bb1 *" --strict
}

@test "the result agrees with a final checkmate or draw" {
	good "[OFEN \"$MATE1\"]
1. RDa2-Bc2# 1-0"
	bad "[OFEN \"$MATE1\"]
1. RDa2-Bc2# *" "2:14: game 1, ply 1: Black is checkmated: the result is 1-0, not *"
	bad "[OFEN \"$MATE1\"]
1. RDa2-Bc2# 0-1" "2:14: game 1, ply 1: Black is checkmated: the result is 1-0, not 0-1"
	bad "[OFEN \"$MATE1\"]
1. RDa2-Bc2# 1/2-1/2" "2:14: game 1, ply 1: Black is checkmated: the result is 1-0, not 1/2-1/2"
	good "[OFEN \"$STALE1\"]
40. RAa4-Aa2 1/2-1/2"
	bad "[OFEN \"$STALE1\"]
40. RAa4-Aa2 1-0" "2:14: game 1, ply 1: the game ended in stalemate: the result is 1/2-1/2, not 1-0"
	good "$REPEAT 1/2-1/2"
	bad "$REPEAT *" "1:85: game 1, ply 8: the game ended in threefold repetition: the result is 1/2-1/2, not *"
	good "[OFEN \"$CLOCK99\"]
80... SEe5-Ed5 1/2-1/2"
	bad "[OFEN \"$CLOCK99\"]
80... SEe5-Ed5 0-1" "2:16: game 1, ply 1: the game ended in 100 half-moves: the result is 1/2-1/2, not 0-1"
	# an OFEN clock of 100 starts a game that is already drawn
	good "[OFEN \"$CLOCK100\"]
1/2-1/2"
	bad "[OFEN \"$CLOCK100\"]
*" "2:1: game 1, ply 0: the game ended in 100 half-moves: the result is 1/2-1/2, not *"
	# resignation, time, agreement: any result on an unfinished game
	good '1. PCc2-Cc3 1-0'
	good '1. PCc2-Cc3 0-1'
	good '1. PCc2-Cc3 1/2-1/2'
	good '1. PCc2-Cc3 *'
}

@test "nothing is played after the end of the game" {
	bad "[OFEN \"$MATE1\"]
1. RDa2-Bc2# SAc1-Bc1 1-0" "2:14: game 1, ply 2 (SAc1-Bc1): move after the end of the game (checkmate)"
	bad "[OFEN \"$STALE1\"]
40. RAa4-Aa2 SAa1-Ab1 1/2-1/2" "2:14: game 1, ply 2 (SAa1-Ab1): move after the end of the game (stalemate)"
	bad "$REPEAT 5. NCb1-Ca3 1/2-1/2" "1:88: game 1, ply 9 (NCb1-Ca3): move after the end of the game (threefold repetition)"
	bad "[OFEN \"$CLOCK99\"]
80... SEe5-Ed5 81. SAa1-Aa2 1/2-1/2" "2:20: game 1, ply 2 (SAa1-Aa2): move after the end of the game (100 half-moves)"
	bad "[OFEN \"$CLOCK100\"]
1. SAa1-Aa2 1/2-1/2" "2:4: game 1, ply 1 (SAa1-Aa2): move after the end of the game (100 half-moves)"
}

@test "variations: played from the position before their move, with the game's history" {
	good "1. PCc2-Cc3 (1. PBc2-Bc3 PCb4-Cb3 (1... PCd4-Cd3)) PCb4-Cb3 *"
	# a bad move in a variation; the main line goes on and is checked
	run -1 --separate-stderr ob-validate -q <<<"1. PCc2-Cc3 (1. PCc2-Cc4) PCb4-Cb3 2. PCa2-Cb3 *"
	[ "$stderr" = "ob-validate: <stdin>:1:22: game 1, ply 1 (PCc2-Cc4): a pawn cannot move two cells
ob-validate: <stdin>:1:43: game 1, ply 3 (PCa2-Cb3): the move captures on Cb3: write x" ]
	# the repetition counts the main line's positions before the branch
	bad "1. NCb1-Ca3 NCd5-Ce3 2. NCa3-Cb1 NCe3-Cd5 3. NCb1-Ca3 NCd5-Ce3 4. NCa3-Cb1 PCc4-Cc3 (4... NCe3-Cd5 5. NCb1-Ca3) *" \
		"1:103: game 1, ply 9 (NCb1-Ca3): move after the end of the game (threefold repetition)"
	# the end applies inside a variation: mate, then a move
	bad "[OFEN \"$MATE1\"]
1. RDa2-Ad2+ (1. RDa2-Bc2# SAc1-Bc1) SAc1-Bb1 *" "2:28: game 1, ply 2 (SAc1-Bc1): move after the end of the game (checkmate)"
	# result consistency is the main line's
	good "[OFEN \"$MATE1\"]
1. RDa2-Ad2+ (1. RDa2-Bc2#) SAc1-Bb1 *"
	bad '(PCc2-Cc3) *' "1:1: game 1, ply 0: a variation must follow a move"
	bad 'PCc2-Cc3 ( ) *' "1:12: game 1, ply 0: empty variation"
	bad 'PCc2-Cc3 ) *' "1:10: game 1, ply 1: ) without ("
	bad 'PCc2-Cc3 (PBc2-Bc3 *' "1:10: game 1, ply 1: ( without )"
	deep="PCc2-Cc3"
	for i in $(seq 64); do deep="$deep (PBc2-Bc3"; done
	for i in $(seq 64); do deep="$deep)"; done
	good "$deep *"
	deep="PCc2-Cc3"
	for i in $(seq 65); do deep="$deep (PBc2-Bc3"; done
	bad "$deep *" "1:650: game 1, ply 1: variations nested deeper than 64"
}

@test "tags: Result, the termination marker, OFEN, Variant" {
	bad '[Result "1-0"]
1. PCc2-Cc3 0-1' "2:13: game 1, ply 1: termination marker 0-1 differs from the Result tag 1-0"
	bad '[Result "1:0"]
*' "1:10: game 1, ply 0: Result tag '1:0' is not 1-0, 0-1, 1/2-1/2 or *"
	bad '[OFEN "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/SS3 w 0 1"]
*' "1:8: game 1, ply 0: OFEN tag: White has 2 Sovereigns, not exactly one; Black has 0 Sovereigns, not exactly one"
	bad '[OFEN "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/Ss3 w 0 1"]
*' "1:8: game 1, ply 0: OFEN tag: the Sovereigns stand on adjacent cells; Black is not to move but is in check"
	bad '[OFEN "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/SX3 w 0 1"]
*' "1:58: game 1, ply 0: OFEN tag: bad letter 'X' in placement"
	bad '[Variant "Shogi"]
*' "1:11: game 1, ply 0: unknown variant 'Shogi' (known: Oblique, Raumschach, Diagonal Oblong, Plattraum, Plattraum Two-Player, Plattraum Multiple, Plattraum Knighted, Plattraum Liu Yang, Chess)"
	# another board's position tag is an error, not a silent start
	# from the variant's own start position
	bad '[Variant "Plattraum Liu Yang"]
[OFEN "x"]
*' "2:1: game 1, ply 0: an OFEN tag in a game of Plattraum Liu Yang, whose positions are PFEN"
	bad '[DFEN "x"]
*' "1:1: game 1, ply 0: a DFEN tag in a game of Oblique, whose positions are OFEN (a game of Diagonal Oblong says [Variant \"Diagonal Oblong\"])"
	good '[Variant "Raumschach"]
1. PBa2-Ba3 *'
	good '[Variant "oblique"]
1. PCc2-Cc3 *'
	# -V names the variant of games without the tag
	good '1. PBa2-Ba3 *' -V raumschach
	bad '1. PBa2-Ba3 *' "1:5: game 1, ply 1 (PBa2-Ba3): no piece on Ba2"
	# tag names are case-sensitive; a repeated tag: the first counts
	good '[result "0-1"]
[Result "1-0"]
[Result "0-1"]
1-0'
	bad '[Event "x\n"]
*' "1:10: game 1, ply 0: bad escape in a tag value (only \\\" and \\\\)"
	bad '[Event "x]
*' "1:11: game 1, ply 0: unterminated tag value"
	bad '[Event "x" y]
*' "1:12: game 1, ply 0: expected ] after the tag value"
	bad '["x"]
*' "1:2: game 1, ply 0: expected a tag name after ["
	bad '[Event "x"] [Site "y"]
*' "1:13: game 1, ply 0: unexpected text after the tag pair"
	# a tag line that lost its '[': named so, and one game, not two
	bad '[Event "a"]
Site "x"]
[Result "*"]

1. PCc2-Cc3 *' "2:1: game 1, ply 0: a tag line without its '[' (write [Site \"...\"])"
}

@test "movetext syntax: move numbers, NAGs, glyphs, comments, markers" {
	good '1.PCc2-Cc3 1...PCb4-Cb3 2. PCa2xCb3 $0 $255 ! ?? !? {x} ; y
*'
	good '1. PCc2-Cc3! PCb4-Cb3?! 2. PCa2xCb3!! *'
	bad '1. PCc2-Cc3 1.. PCb4-Cb3 *' "1:13: game 1, ply 1: bad move number '1..': write 1. or 1..."
	bad '1. PCc2-Cc3 1....PCb4-Cb3 *' "1:13: game 1, ply 1: bad move number '1....': write 1. or 1..."
	bad '1 PCc2-Cc3 *' "1:1: game 1, ply 0: '1' is not a move number, move or termination marker"
	bad '1. PCc2-Cc3 1-2 *' "1:13: game 1, ply 1: '1-2' is not a move number, move or termination marker"
	bad '1. PCc2-Cc3 $256 *' "1:13: game 1, ply 1: a NAG is \$0 to \$255, not '\$256'"
	bad '1. PCc2-Cc3 $ *' "1:13: game 1, ply 1: a NAG is \$0 to \$255, not '\$'"
	bad '1. PCc2-Cc3 } *' "1:13: game 1, ply 1: } without {"
	bad '1. PCc2-Cc3 { open' "1:13: game 1, ply 1: comment not closed with }"
	# (the here-string ends the line: the input ends at 2:1)
	bad '1. PCc2-Cc3' "2:1: game 1, ply 1: missing termination marker at the end of the input"
	bad "$(printf '1. PCc2-Cc3 \001 *')" "1:13: game 1, ply 1: unexpected control character 0x01"
}

@test "a missing marker or an open ( does not hide the moves' errors" {
	run -1 --separate-stderr ob-validate <<<'PCc2-Cc4 NCd5-Ce3 NCb1-Ca3'
	[ "$stderr" = "ob-validate: <stdin>:1:6: game 1, ply 1 (PCc2-Cc4): a pawn cannot move two cells
ob-validate: <stdin>:2:1: game 1, ply 3: missing termination marker at the end of the input
ob-validate: 1 game read: 0 valid, 1 invalid; 0 plies checked" ]
	# an open ( is reported where it stands, not at the next game's tag
	run -1 --separate-stderr ob-validate <<<'1. PCc2-Cc3 (1. PCb2-Cb3 PCd4-Cd3 2. PCa2-Ca4

[Event "next"]
1. PCc2-Cc3 *'
	[ "$stderr" = "ob-validate: <stdin>:1:13: game 1, ply 1: ( without )
ob-validate: <stdin>:1:43: game 1, ply 3 (PCa2-Ca4): a pawn cannot move two cells
ob-validate: <stdin>:3:1: game 1, ply 1: missing termination marker before the next game
ob-validate: 2 games read: 1 valid, 1 invalid; 4 plies checked" ]
	# the moves of a game without its marker are checked: a mate is a mate
	run -1 --separate-stderr ob-validate --json <<<"[OFEN \"$MATE1\"]
1. RDa2-Bc2# SAc1-Bb1"
	[[ "$output" == *'"plies":1,"result":null,"termination":"checkmate"'* ]]
	[[ "$stderr" == *"2:14: game 1, ply 2 (SAc1-Bb1): move after the end of the game (checkmate)"* ]]
}

@test "the games after a bad one are still read and checked" {
	cd "$TESTDATA/ogn"
	run -1 --separate-stderr ob-validate invalid.ogn
	diff -u invalid.err - <<<"$stderr"
}

@test "a bare move list is one game from the start position" {
	good 'PCc2-Cc3 PCb4-Cb3 PCa2xCb3 *'
	run -0 --separate-stderr ob-validate --json <<<'PCc2-Cc3 1-0'
	[ "$output" = '{"index":1,"tags":{},"plies":1,"result":"1-0","termination":"none","valid":true,"errors":[]}' ]
}

@test "CRLF and a byte-order mark: the same lines and columns as LF" {
	printf '[Event "x"]\n\n1. PCc2-Cc3 PCb4-Cb3 2. PCa2-Cb3 *\n' >"$T/lf.ogn"
	printf '\357\273\277[Event "x"]\r\n\r\n1. PCc2-Cc3 PCb4-Cb3 2. PCa2-Cb3 *\r\n' >"$T/crlf.ogn"
	run -1 --separate-stderr ob-validate -q "$T/lf.ogn"
	[ "$stderr" = "ob-validate: $T/lf.ogn:3:29: game 1, ply 3 (PCa2-Cb3): the move captures on Cb3: write x" ]
	run -1 --separate-stderr ob-validate -q "$T/crlf.ogn"
	[ "$stderr" = "ob-validate: $T/crlf.ogn:3:29: game 1, ply 3 (PCa2-Cb3): the move captures on Cb3: write x" ]
	# columns count characters, not bytes
	printf '{\303\251t\303\251} PCc2-Cc4 *\n' >"$T/utf8.ogn"
	run -1 --separate-stderr ob-validate -q "$T/utf8.ogn"
	[ "$stderr" = "ob-validate: $T/utf8.ogn:1:12: game 1, ply 1 (PCc2-Cc4): a pawn cannot move two cells" ]
}

@test "a line longer than the limit is an error; the next game is read" {
	{
		printf '1. PCc2-Cc3 {'
		head -c 70000 /dev/zero | tr '\0' x
		printf '} *\n\n[Event "next"]\n\n1. PCc2-Cc4 *\n'
	} >"$T/long.ogn"
	run -1 --separate-stderr ob-validate "$T/long.ogn"
	[ "$stderr" = "ob-validate: $T/long.ogn:1:65537: game 1, ply 1: line longer than 65536 bytes
ob-validate: $T/long.ogn:5:9: game 2, ply 1 (PCc2-Cc4): a pawn cannot move two cells
ob-validate: 2 games read: 0 valid, 2 invalid; 0 plies checked" ]
}

@test "several files: each its own name and game numbers; exit 1 beats 0" {
	run -1 --separate-stderr ob-validate "$TESTDATA/ogn/valid.ogn" - <<<'1. PCc2-Cc4 *'
	[ "$stderr" = "ob-validate: <stdin>:1:9: game 1, ply 1 (PCc2-Cc4): a pawn cannot move two cells
ob-validate: 11 games read: 10 valid, 1 invalid; 28 plies checked" ]
	run -2 --separate-stderr ob-validate -q "$T/none.ogn" - <<<'1. PCc2-Cc4 *'
}

@test "--normalize: canonical OGN, which reads back to itself" {
	ob-validate -q --normalize "$TESTDATA/ogn/valid.ogn" >"$T/norm.ogn"
	diff -u "$TESTDATA/ogn/valid.norm.ogn" "$T/norm.ogn"
	ob-validate -q --normalize "$TESTDATA/ogn/valid.norm.ogn" >"$T/again.ogn"
	cmp "$TESTDATA/ogn/valid.norm.ogn" "$T/again.ogn"
	ob-validate -q --strict "$T/again.ogn"
	awk 'length > 80 { exit 1 }' "$T/again.ogn"
	# invalid games are left out
	run -1 --separate-stderr ob-validate -q --normalize "$TESTDATA/ogn/invalid.ogn"
	[ "$(grep -c '^\[Event' <<<"$output")" -eq 4 ]
	# a move number never ends a line with its move on the next
	ob-validate --generate 300 --seed 3 | ob-validate -q --normalize >"$T/wrap.ogn"
	! grep -nE '(^| )[0-9]+\.(\.\.)?$' "$T/wrap.ogn"
}

@test "random games: deterministic, all valid, and canonical already" {
	n=300
	[ "$OB_QUICK" = 1 ] && n=60
	ob-validate --generate "$n" --seed 42 >"$T/a.ogn"
	ob-validate --generate "$n" --seed 42 >"$T/b.ogn"
	cmp "$T/a.ogn" "$T/b.ogn"
	ob-validate --generate 10 --seed 1 --max-plies 40 >"$T/s1.ogn"
	diff -u "$TESTDATA/ogn/random-s1.ogn" "$T/s1.ogn"
	run -0 --separate-stderr ob-validate --strict "$T/a.ogn"
	[[ "$stderr" == "ob-validate: $n games read: $n valid, 0 invalid; "* ]]
	ob-validate -q --normalize "$T/a.ogn" >"$T/n1.ogn"
	ob-validate -q --normalize "$T/n1.ogn" >"$T/n2.ogn"
	cmp "$T/n1.ogn" "$T/n2.ogn"
	cmp "$T/a.ogn" "$T/n1.ogn"
	for v in raumschach diagonal-oblong; do
		ob-validate -V "$v" --generate 20 --seed 3 --max-plies 80 >"$T/$v.ogn"
		ob-validate -q "$T/$v.ogn"
		ob-validate -q --normalize "$T/$v.ogn" | cmp - "$T/$v.ogn"
	done
}

@test "--positions: each game's start and the OFEN after each main-line ply, for ob-fen" {
	run -0 --separate-stderr ob-validate -q --positions <<<'1. PCc2-Cc3 (1. PBc2-Bc3) PCb4-Cb3 *'
	[ "${lines[0]}" = "# game 1 <stdin>:1" ]
	[ "${lines[1]}" = "$(ob-fen --startpos)" ]
	[ "${lines[2]}" = "$(echo startpos PCc2-Cc3 | ob-fen)" ]
	[ "${lines[3]}" = "$(echo startpos PCc2-Cc3 PCb4-Cb3 | ob-fen)" ]
	[ "${#lines[@]}" -eq 4 ]
	ob-validate --generate 20 --seed 9 --max-plies 60 >"$T/g.ogn"
	ob-validate -q --positions "$T/g.ogn" >"$T/pos.txt"
	ob-fen --check "$T/pos.txt"
	plies=$(ob-validate --json "$T/g.ogn" 2>/dev/null |
		grep -o '"plies":[0-9]*' | awk -F: '{ n += $2 } END { print n }')
	[ "$(grep -vc '^#' "$T/pos.txt")" -eq $((plies + 20)) ]
	[ "$(grep -c '^# game ' "$T/pos.txt")" -eq 20 ]
}

@test "--positions: games of other variants reach every tool with their variant" {
	R='[Variant "Raumschach"]
1. PAc2-Ac3 *'
	D='[Variant "Diagonal Oblong"]
1. Pa3-a5 *'
	run -0 --separate-stderr ob-validate -q --positions <<<"$R

$D

1. PCc2-Cc3 *"
	[ "${lines[0]}" = "#variant raumschach" ]
	[ "${lines[1]}" = "# game 1 <stdin>:1" ]
	[ "${lines[4]}" = "#variant diagonal-oblong" ]
	[ "${lines[5]}" = "# game 2 <stdin>:4" ]
	[ "${lines[8]}" = "#variant oblique" ]
	printf '%s\n' "${lines[@]}" >"$T/mixed.ofen"
	# every position reader follows the directives, without -V
	run -0 ob-fen --check "$T/mixed.ofen"
	run -0 bash -c 'ob-fen --mirror "$0" | ob-diagram >/dev/null' "$T/mixed.ofen"
	run -0 bash -c 'ob-validate -q --positions <<<"$0" | ob-diagram' "$R"
	[[ "${lines[2]}" == "5 |r n k n r|"* ]]
}

@test "-j N: the same output, diagnostics and status as one thread" {
	ob-validate --generate 300 --seed 4 --max-plies 60 >"$T/g.ogn"
	cat "$T/g.ogn" "$TESTDATA/ogn/invalid.ogn" "$T/g.ogn" >"$T/all.ogn"
	for o in "" --json --normalize --positions; do
		run -1 --separate-stderr ob-validate $o "$T/all.ogn"
		one=$output one_err=$stderr
		run -1 --separate-stderr ob-validate -j 3 $o "$T/all.ogn"
		[ "$output" = "$one" ]
		[ "$stderr" = "$one_err" ]
	done
	run -2 --separate-stderr ob-validate -j 0
	[[ "$stderr" == "ob-validate: --jobs takes a thread count from 1 to 256, not '0'"* ]]
}

@test "progress on a terminal: --generate and long runs count their games" {
	command -v script >/dev/null || sh "$ROOT/tests/need.sh" script
	# (slowed by a pipe that waits, so that a second passes cheaply)
	run -0 script -qec "ob-validate --generate 5000 --max-plies 2 | { sleep 1.5; cat >/dev/null; }" /dev/null
	[[ "$output" == *"ob-validate: "*" games written"* ]]
	ob-validate --generate 2000 --max-plies 2 >"$T/g.ogn"
	run -0 script -qec "{ cat $T/g.ogn; sleep 1.2; cat $T/g.ogn; } | ob-validate" /dev/null
	[[ "$output" == *"ob-validate: "*" games read"$'\r\e[K'* ]]
	# -q: neither the progress nor the summary
	run -0 script -qec "{ cat $T/g.ogn; sleep 1.2; cat $T/g.ogn; } | ob-validate -q" /dev/null
	[[ "$output" != *"games read"* ]]
	# not when standard error is not a terminal
	run -0 --separate-stderr ob-validate -q "$T/g.ogn"
	[ -z "$stderr" ]
}

@test "--json: one object per game, errors with their places" {
	run -1 --separate-stderr ob-validate --json <<<'[Event "a \"b\""]
[Result "*"]

1. PCc2-Cc3 PCc4-Cc3 *

[OFEN "'"$MATE1"'"]

1. RDa2-Bc2# 1-0'
	[ "${lines[0]}" = '{"index":1,"tags":{"Event":"a \"b\"","Result":"*"},"plies":1,"result":"*","termination":"none","valid":false,"errors":[{"line":4,"column":18,"ply":2,"move":"PCc4-Cc3","reason":"a pawn cannot capture straight ahead"}]}' ]
	[ "${lines[1]}" = '{"index":2,"tags":{"OFEN":"'"$MATE1"'"},"plies":1,"result":"1-0","termination":"checkmate","valid":true,"errors":[]}' ]
	run -1 --separate-stderr ob-validate --json <<<'1. PCc2-Cc3 2.. *'
	[ "$output" = '{"index":1,"tags":{},"plies":0,"result":null,"termination":null,"valid":false,"errors":[{"line":1,"column":13,"ply":1,"move":null,"reason":"bad move number '"'2..'"': write 2. or 2..."}]}' ]
	# plies and termination describe one position: the one reached
	# before the first error (a mate written with + is not played)
	run -1 --separate-stderr ob-validate --json <<<"[OFEN \"$MATE1\"]
1. RDa2-Bc2+ 1-0"
	[[ "$output" == *'"plies":0,"result":"1-0","termination":"none","valid":false'* ]]
}

@test "memory does not grow with the number of games" {
	[ -x /usr/bin/time ] || sh "$ROOT/tests/need.sh" time
	small=1000 big=100000
	[ "$OB_QUICK" = 1 ] && big=10000
	ob-validate --generate 1000 --seed 7 --max-plies 10 >"$T/k.ogn"
	for i in $(seq $((big / small))); do cat "$T/k.ogn"; done >"$T/big.ogn"
	/usr/bin/time -f %M -o "$T/small.rss" ob-validate -q "$T/k.ogn"
	/usr/bin/time -f %M -o "$T/big.rss" ob-validate -q "$T/big.ogn"
	s=$(tail -1 "$T/small.rss") b=$(tail -1 "$T/big.rss")
	echo "max RSS: $small games $s KB, $big games $b KB"
	[ "$b" -le $((s + 512)) ]
}

@test "a line starting with % is skipped inside a brace comment too" {
	good $'1. PCc2-Cc3 {x\n% } and more\n} *'
	good $'1. PCc2-Cc3 {x\n%\n} PCb4-Cb3 *'
	bad $'1. PCc2-Cc3 {x\n %}\n} *' '3:1: game 1, ply 1: } without {'
	# after a syntax error too: the } on the % line does not end the comment
	run -1 --separate-stderr ob-validate -q <<<$'1. PCc2-Cc3 2.. {1-0\n%}\n1-0 } *\n\n1. PCc2-Cc3 *'
	[ "$stderr" = "ob-validate: <stdin>:1:13: game 1, ply 1: bad move number '2..': write 2. or 2..." ]
}

@test "--normalize never starts a line of a comment with %" {
	text=$(awk 'BEGIN { printf "1. PCc2-Cc3 {"
		for (i = 0; i < 60; i++) printf "%%%d ", i
		printf "x} *\n" }')
	run -0 --separate-stderr ob-validate -n <<<"$text"
	printf '%s\n' "$output" >"$T/n.ogn"
	cat "$T/n.ogn"
	run -1 grep '^%' "$T/n.ogn"
	run -0 grep -c '^ %' "$T/n.ogn"
	[ "$output" -eq 3 ]
	run -0 --separate-stderr ob-validate -n "$T/n.ogn"
	[ "$output" = "$(cat "$T/n.ogn")" ]
}
