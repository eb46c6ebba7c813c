#!/usr/bin/env bats
# ob-validate on Plattraum's two-player variants (plattraum.md): every
# fault of the long move form with its exact diagnostic and in the order
# of oblique.md section 9 (codes, cells, promotions, the Grandduke swap,
# cannons), far-corner wins as a game end, PFEN tags, the Variant tags,
# and random games of every variant, --strict and --normalize.

load common

# Positions used as PFEN tags (files a..l, each from cell 1 up).
# Liu Yang: army 1 Gd f1, Sg e1 g1 (its setup's two), Cp e9 (one step
# from its far edge e10; it captures on d9, army 2's Corporal); army 2
# Gd a6.
SLINGS='5,Gd2/7/8/8,Cp2/Sg1,7,Cp1,1/Gd1,10/Sg1,9/9/8/7/6 1 0 1'
# Liu Yang: army 1 has its setup's count of every kind but the Corporal
# on e9: no kind is left to promote to.  Army 2 Gd g10, Cp d9.
FULL='6/7/Fr1,7/Fc1,Sn1,6,Cp2/Sg1,Un1,Hr1,5,Cp1,1/Gd1,Hc1,Hc1,8/Sg1,Un1,Hr1,6,Gd2/Fc1,Sn1,7/Fr1,7/7/6 1 0 1'
# Liu Yang cannons: army 1 Fc d1 with its own Cp d3 as a screen and army
# 2's Corporals on d5 and d7; Sg h1 and army 2's Cp k3 on one line with
# nothing between; Hc f9.  Gd f1 and a6.
CANNONS='5,Gd2/7/8/Fc1,1,Cp1,1,Cp2,1,Cp2,2/10/Gd1,7,Hc1,2/10/Sg1,8/8/2,Cp2,4/6 1 0 1'
# Liu Yang: army 2's Forecannon on f9 aims down file f at army 1's Gd f1
# over two screens, Cp f3 and Un f5; Un e4 may step in front of it.
SCREENS='5,Gd2/7/8/9/3,Un1,6/Gd1,1,Cp1,1,Un1,3,Fc2,2/10/9/8/7/6 1 0 1'
# ...and with no screen on the file at all.
OPEN='5,Gd2/7/8/9/3,Un1,6/Gd1,7,Fc2,2/10/9/8/7/6 1 0 1'
# Liu Yang swaps: Gd f1 beside Sn f2 (not long-range), Cp g1, Un e1; the
# Unicorn on f1 would check army 2's Gd a6 along the diagonal.
PARTNERS='5,Gd2/7/8/9/Un1,9/Gd1,Sn1,9/Cp1,9/9/8/7/6 1 0 1'
# Liu Yang: army 2's Forerook on f2 checks army 1's Gd f1 from beside it.
ENEMY='5,Gd2/7/8/9/10/Gd1,Fr2,9/10/9/8/7/6 1 0 1'
# Liu Yang: army 2's Fc f9 over army 1's Cp f5 attacks Hc f2 (the Gd f1
# behind it is two screens away)...
PARTNER_ATTACKED='5,Gd2/7/8/9/Sg1,9/Gd1,Hc1,2,Cp1,3,Fc2,2/10/9/8/7/6 1 0 1'
# ...and with f2 empty, the Grandduke itself: it is in check.
IN_CHECK='5,Gd2/7/8/9/Sg1,9/Gd1,3,Cp1,3,Fc2,2/10/9/8/7/6 1 0 1'
# Two-player single compound: army 1 has its whole setup (Gd g1, Ds e1,
# Fr d1 h1, Hr e2 g2, Un f1 f2 f3, Sn c1 i1) and a Corporal on f10, next
# to its far corner f11; army 2 Gd a6, Cp l6.
CORNER='5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1,Hr1,8/Fr1,8/Sn1,7/7/5,Cp2 1 0 1'
# The same without the Unicorn on f3: the arrival does not win.
SHORT='5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,7,Cp1,1/Gd1,Hr1,8/Fr1,8/Sn1,7/7/5,Cp2 1 0 1'
# The whole setup again, the Corporal on e9 capturing army 2's Sn on f11.
CORNER_CAPTURE='5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,6,Cp1,1/Un1,Un1,Un1,7,Sn2/Gd1,Hr1,8/Fr1,8/Sn1,7/7/6 1 0 1'
# Army 2 to move, with its whole setup and a Corporal on f2 (its far
# corner is f1); army 1 Gd a1.
CORNER2='Gd1,5/7/7,Sn2/8,Fr2/8,Hr2,Ds2/1,Cp2,6,Un2,Un2,Un2/8,Hr2,Gd2/8,Fr2/7,Sn2/7/6 2 0 1'

setup() {
	T="$BATS_TEST_TMPDIR"
}

# bad VARIANT TEXT DIAGNOSTIC [OPTION...]: TEXT (one game, on standard
# input, of -V VARIANT) is invalid with exactly that one diagnostic.
bad() {
	local variant=$1 text=$2 want=$3
	shift 3
	run -1 --separate-stderr ob-validate -q -V "$variant" "$@" <<<"$text"
	if [ "$stderr" != "ob-validate: <stdin>:$want" ]; then
		printf 'input: %s\ngot:   %s\nwant:  %s\n' "$text" "$stderr" \
			"ob-validate: <stdin>:$want"
		return 1
	fi
}

# good VARIANT TEXT [OPTION...]: TEXT is valid, with nothing said.
good() {
	local variant=$1 text=$2
	shift 2
	run -0 --separate-stderr ob-validate -q -V "$variant" "$@" <<<"$text"
	[ -z "$stderr" ] || { echo "input: $text"; echo "$stderr"; false; }
}

# at PFEN MOVES: a game from that position (the tag on line 1, the moves
# on line 2, so a column of line 2 counts from the move number "1. ").
at() {
	printf '[PFEN "%s"]\n%s' "$1" "$2"
}

@test "syntax: piece codes, cells that do not exist, separators" {
	ly=plattraum-liu-yang
	bad $ly '1. Xxf5-f6 *' "1:4: game 1, ply 1 (Xxf5-f6): 'Xx' is not a piece code of Plattraum Liu Yang"
	bad $ly '1. Dse1-e4 *' "1:4: game 1, ply 1 (Dse1-e4): 'Ds' is not a piece code of Plattraum Liu Yang"
	bad $ly '1. cpf5-f6 *' "1:4: game 1, ply 1 (cpf5-f6): a piece code is an upper-case letter and a lower-case one, as Gd"
	bad $ly '1. CPf5-f6 *' "1:4: game 1, ply 1 (CPf5-f6): a piece code is an upper-case letter and a lower-case one, as Gd"
	# e11 and j3 name no cell (file e has 10, there is no file j)
	bad $ly '1. Cpe4-e11 *' "1:9: game 1, ply 1 (Cpe4-e11): the to-cell is not a cell of the board"
	bad $ly '1. Cpj3-f6 *' "1:6: game 1, ply 1 (Cpj3-f6): the from-cell is not a cell of the board"
	bad $ly '1. Cpf0-f1 *' "1:6: game 1, ply 1 (Cpf0-f1): the from-cell is not a cell of the board"
	bad $ly '1. Cpf5-6 *' "1:9: game 1, ply 1 (Cpf5-6): expected the to-cell"
	bad $ly '1. Cpf5f6 *' "1:8: game 1, ply 1 (Cpf5f6): expected - or x after the from-cell"
	bad $ly '1. Cpf5-f6!+ *' "1:11: game 1, ply 1 (Cpf5-f6!+): unexpected text after the move"
	# the other variants' codes are their own
	bad plattraum-2p '1. Sgg1-e4 *' "1:4: game 1, ply 1 (Sgg1-e4): 'Sg' is not a piece code of Plattraum Two-Player"
	good plattraum-2p '1. Cpf4-f5! Cpf8-f7?? *'
}

@test "promotions: Gd and Cp are syntax; another variant's kind, Liu Yang's limit and no kind left are promotion faults" {
	ly=plattraum-liu-yang
	# syntax: never a choice, or no code at all
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10=Gd *')" "2:13: game 1, ply 1 (Cpe9-e10=Gd): a Corporal never promotes to a Grandduke; it promotes to one of Sg Fc Hc Fr Hr Un Sn"
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10=Cp *')" "2:13: game 1, ply 1 (Cpe9-e10=Cp): a Corporal never promotes to a Corporal; it promotes to one of Sg Fc Hc Fr Hr Un Sn"
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10=Xx *')" "2:13: game 1, ply 1 (Cpe9-e10=Xx): 'Xx' is not a piece code; a Corporal promotes to one of Sg Fc Hc Fr Hr Un Sn"
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10=s *')" "2:13: game 1, ply 1 (Cpe9-e10=s): expected a piece code after =; a Corporal promotes to one of Sg Fc Hc Fr Hr Un Sn"
	# a syntax fault comes before every other, here "no promotion"
	bad $ly '1. Cpf5-f6=Gd *' "1:12: game 1, ply 1 (Cpf5-f6=Gd): a Corporal never promotes to a Grandduke; it promotes to one of Sg Fc Hc Fr Hr Un Sn"
	# a kind of another variant: a promotion fault, after the from-cell
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10=Ds *')" "2:12: game 1, ply 1 (Cpe9-e10=Ds): there is no Duchess in Plattraum Liu Yang; a Corporal promotes to one of Sg Fc Hc Fr Hr Un Sn"
	bad $ly "$(at "$SLINGS" '1. Cpd9-e10=Ds *')" "2:6: game 1, ply 1 (Cpd9-e10=Ds): the piece on d9 belongs to army 2, not the army to move"
	bad $ly '1. Cpf5-f6=Ds *' "1:11: game 1, ply 1 (Cpf5-f6=Ds): no promotion on this move"
	bad plattraum-2p "$(at "$CORNER" '1. Cpf10-f11=Sg *')" "2:13: game 1, ply 1 (Cpf10-f11=Sg): there is no Sling in Plattraum Two-Player; a Corporal promotes to one of Ds Fr Hr Un Sn"
	# Liu Yang's limit: army 1 has its setup's two Slings
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10=Sg *')" "2:12: game 1, ply 1 (Cpe9-e10=Sg): no promotion to Sg while army 1 has 2, as many as its setup has"
	bad $ly "$(at "$SLINGS" '1. Cpe9xd9=Sg *')" "2:11: game 1, ply 1 (Cpe9xd9=Sg): no promotion to Sg while army 1 has 2, as many as its setup has"
	good $ly "$(at "$SLINGS" '1. Cpe9-e10=Fc *')"
	good $ly "$(at "$SLINGS" '1. Cpe9xd9=Sn *')"
	# a missing promotion lists the kinds still open
	bad $ly "$(at "$SLINGS" '1. Cpe9-e10 *')" "2:12: game 1, ply 1 (Cpe9-e10): a Corporal reaching e10 must promote, to one of Fc Hc Fr Hr Un Sn"
	bad plattraum-2p "$(at "$SHORT" '1. Cpf10-f11 *')" "2:13: game 1, ply 1 (Cpf10-f11): a Corporal reaching f11 must promote, to one of Ds Fr Hr Un Sn"
	# no kind left: the Corporal may not enter its far edge at all,
	# advancing or capturing, whatever the text says after the cell
	for m in e10:Cpe9-e10=Sg e10:Cpe9-e10 e10:Cpe9-e10=Ds d9:Cpe9xd9=Fc \
		d9:Cpe9xd9; do
		bad $ly "$(at "$FULL" "1. ${m#*:} *")" "2:9: game 1, ply 1 (${m#*:}): no kind is left to promote to (army 1 has as many of each as its setup): the Corporal may not enter ${m%%:*}"
	done
	# ...but the geometry is judged first
	bad $ly "$(at "$FULL" '1. Cpe9-f10=Sg *')" "2:9: game 1, ply 1 (Cpe9-f10=Sg): a Corporal cannot move from e9 to f10"
	# and the separator after the promotion
	bad $ly "$(at "$SLINGS" '1. Cpe9-d9=Fc *')" "2:8: game 1, ply 1 (Cpe9-d9=Fc): the move captures on d9: write x"
}

@test "the Grandduke swap: each fault and its order" {
	ly=plattraum-liu-yang
	good $ly '1. Gdf1-f2&Hcf2-f1 Gdf11-f10&Hcf10-f11 2. Gdf2-e1&Sge1-f2 *'
	# a swap can give check; --strict wants it said
	good $ly "$(at "$PARTNERS" '1. Gdf1-e1&Une1-f1+ *')" --strict
	bad $ly "$(at "$PARTNERS" '1. Gdf1-e1&Une1-f1 *')" "2:19: game 1, ply 1 (Gdf1-e1&Une1-f1): missing +" --strict
	# syntax: the second piece's move
	bad $ly '1. Gdf1-f2&Hcf2xf1 *' "1:16: game 1, ply 1 (Gdf1-f2&Hcf2xf1): expected - in the second piece's move"
	bad $ly '1. Gdf1-f2&Hc *' "1:14: game 1, ply 1 (Gdf1-f2&Hc): expected the second piece's from-cell"
	# the partner's cells must be the Grandduke's, reversed
	bad $ly '1. Gdf1-e1&Sgf2-f1 *' "1:11: game 1, ply 1 (Gdf1-e1&Sgf2-f1): in a swap the second piece goes from e1 to f1"
	bad $ly '1. Gdf1-e1&Sge1-f2 *' "1:11: game 1, ply 1 (Gdf1-e1&Sge1-f2): in a swap the second piece goes from e1 to f1"
	# from-cell faults: a partner of another kind than written, or of a
	# kind that does not swap (not long-range)
	bad $ly '1. Gdf1-f2&Sgf2-f1 *' "1:12: game 1, ply 1 (Gdf1-f2&Sgf2-f1): the piece on f2 is a Hindcannon, not a Sling"
	bad $ly "$(at "$PARTNERS" '1. Gdf1-f2&Snf2-f1 *')" "2:12: game 1, ply 1 (Gdf1-f2&Snf2-f1): a Grandduke swaps only with a long-range piece, not a Sennight"
	bad $ly "$(at "$PARTNERS" '1. Gdf1-g1&Cpg1-f1 *')" "2:12: game 1, ply 1 (Gdf1-g1&Cpg1-f1): a Grandduke swaps only with a long-range piece, not a Corporal"
	bad $ly '1. Gdf1-f2&Hcf2-f1 Gdf11-f10&Hcf2-f11 *' "1:29: game 1, ply 2 (Gdf11-f10&Hcf2-f11): in a swap the second piece goes from f10 to f11"
	bad $ly "$(at "$SLINGS" '1. Gdf1-f2&Hcf2-f1 *')" "2:14: game 1, ply 1 (Gdf1-f2&Hcf2-f1): no piece on f2"
	bad $ly "$(at "$ENEMY" '1. Gdf1-f2&Frf2-f1 *')" "2:14: game 1, ply 1 (Gdf1-f2&Frf2-f1): the piece on f2 belongs to army 2: a swap is with the own army"
	# geometry: not sharing an edge (e2 is a diagonal step, d1 further)
	bad $ly '1. Gdf1-e2&Une2-f1 *' "1:9: game 1, ply 1 (Gdf1-e2&Une2-f1): a swap is with an orthogonally adjacent piece, on a cell sharing an edge with f1; e2 is not"
	bad $ly '1. Gdf1-d1&Fcd1-f1 *' "1:9: game 1, ply 1 (Gdf1-d1&Fcd1-f1): a swap is with an orthogonally adjacent piece, on a cell sharing an edge with f1; d1 is not"
	# geometry: either cell attacked before the swap
	bad $ly "$(at "$PARTNER_ATTACKED" '1. Gdf1-f2&Hcf2-f1 *')" "2:9: game 1, ply 1 (Gdf1-f2&Hcf2-f1): no swap while the Hindcannon's cell f2 is attacked"
	bad $ly "$(at "$IN_CHECK" '1. Gdf1-e1&Sge1-f1 *')" "2:9: game 1, ply 1 (Gdf1-e1&Sge1-f1): no swap while the Grandduke's cell f1 is attacked"
	# geometry: a Grandduke's step onto its own piece, without &
	bad $ly '1. Gdf1-e1 *' "1:9: game 1, ply 1 (Gdf1-e1): e1 is occupied by a piece of the mover's side; a swap is written Gdf1-e1&Sge1-f1"
	bad $ly "$(at "$PARTNERS" '1. Gdf1-f2 *')" "2:9: game 1, ply 1 (Gdf1-f2): f2 is occupied by a piece of the mover's side"
	# a promotion, then the separator: x is false on a swap
	bad $ly '1. Gdf1-f2=Sg&Hcf2-f1 *' "1:11: game 1, ply 1 (Gdf1-f2=Sg&Hcf2-f1): no promotion on this move"
	bad $ly '1. Gdf1xf2&Hcf2-f1 *' "1:8: game 1, ply 1 (Gdf1xf2&Hcf2-f1): a swap captures nothing: write -"
	# several faults: the attack (geometry) before the separator
	bad $ly "$(at "$IN_CHECK" '1. Gdf1xe1&Sge1-f1 *')" "2:9: game 1, ply 1 (Gdf1xe1&Sge1-f1): no swap while the Grandduke's cell f1 is attacked"
	# the other variants have no swap
	bad plattraum-2p '1. Gdg1-g2&Hrg2-g1 *' "1:11: game 1, ply 1 (Gdg1-g2&Hrg2-g1): a Grandduke has no paired move in Plattraum Two-Player"
	bad $ly '1. Sge1-f1&Gdf1-e1 *' "1:11: game 1, ply 1 (Sge1-f1&Gdf1-e1): a Sling has no paired move in Plattraum Liu Yang"
}

@test "cannons: a capture over exactly one screen, a quiet move over none" {
	ly=plattraum-liu-yang
	good $ly "$(at "$CANNONS" '1. Fcd1xd5 *')"
	good $ly "$(at "$CANNONS" '1. Fcd1-d2 *')"
	bad $ly "$(at "$CANNONS" '1. Sgh1xk3 *')" "2:9: game 1, ply 1 (Sgh1xk3): a Sling captures over exactly one screen; there is none between h1 and k3"
	bad $ly "$(at "$CANNONS" '1. Fcd1xd7 *')" "2:9: game 1, ply 1 (Fcd1xd7): a Forecannon captures over exactly one screen; there are 2 between d1 and d7"
	bad $ly "$(at "$CANNONS" '1. Fcd1-d4 *')" "2:9: game 1, ply 1 (Fcd1-d4): the Forecannon's way from d1 to d4 is blocked at d3; over a screen it only captures"
	bad $ly "$(at "$CANNONS" '1. Fcd1xd9 *')" "2:9: game 1, ply 1 (Fcd1xd9): the Forecannon's way from d1 to d9 is blocked at d3; over a screen it only captures"
	# the geometry first, then the separator's truth
	bad $ly "$(at "$CANNONS" '1. Sgh1-k3 *')" "2:9: game 1, ply 1 (Sgh1-k3): a Sling captures over exactly one screen; there is none between h1 and k3"
	bad $ly "$(at "$CANNONS" '1. Fcd1-d5 *')" "2:8: game 1, ply 1 (Fcd1-d5): the move captures on d5: write x"
	bad $ly "$(at "$CANNONS" '1. Fcd1xd2 *')" "2:8: game 1, ply 1 (Fcd1xd2): x but d2 is empty"
	# a Hindcannon moves backward and half-forward only
	bad $ly "$(at "$CANNONS" '1. Hcf9-f10 *')" "2:9: game 1, ply 1 (Hcf9-f10): a Hindcannon cannot move from f9 to f10"
}

@test "leaving the own Grandduke to a cannon: a screen taken away or put in" {
	ly=plattraum-liu-yang
	# two screens on the file: either one leaving opens it
	bad $ly "$(at "$SCREENS" '1. Unf5-d4 *')" "2:4: game 1, ply 1 (Unf5-d4): the move leaves the own Grandduke attacked"
	bad $ly "$(at "$SCREENS" '1. Unf5-d4+ *')" "2:4: game 1, ply 1 (Unf5-d4+): the move leaves the own Grandduke attacked"
	good $ly "$(at "$SCREENS" '1. Une4-f6 *')"
	good $ly "$(at "$SCREENS" '1. Cpf3-f4 *')"
	# no screen: a piece stepping onto the file becomes one
	bad $ly "$(at "$OPEN" '1. Une4-f6 *')" "2:4: game 1, ply 1 (Une4-f6): the move leaves the own Grandduke attacked"
	good $ly "$(at "$OPEN" '1. Une4-g4 *')"
	# the Grandduke stepping behind a screen: f2 has f5's Corporal
	bad $ly "$(at "$IN_CHECK" '1. Gdf1-f2 *')" "2:4: game 1, ply 1 (Gdf1-f2): the move leaves the own Grandduke attacked"
	good $ly "$(at "$IN_CHECK" '1. Gdf1-g1 *')"
}

@test "far-corner wins end the game: #, the mover's result, nothing after" {
	p2=plattraum-2p
	good $p2 "$(at "$CORNER" '1. Cpf10-f11=Ds# 1-0')" --strict
	good $p2 "$(at "$CORNER" '1. Cpf10-f11=Ds 1-0')"
	good $p2 "$(at "$CORNER_CAPTURE" '1. Cpe9xf11=Hr# 1-0')" --strict
	good $p2 "$(at "$CORNER2" '1... Cpf2-f1=Sn# 0-1')" --strict
	bad $p2 "$(at "$CORNER" '1. Cpf10-f11=Ds 1-0')" "2:16: game 1, ply 1 (Cpf10-f11=Ds): missing #" --strict
	bad $p2 "$(at "$CORNER" '1. Cpf10-f11=Ds+ 1-0')" "2:16: game 1, ply 1 (Cpf10-f11=Ds+): + on a far-corner win: write #"
	# the result is the mover's win
	for r in 0-1 1/2-1/2 '*'; do
		bad $p2 "$(at "$CORNER" "1. Cpf10-f11=Ds# $r")" "2:18: game 1, ply 1: army 1 wins by the far corner: the result is 1-0, not $r"
	done
	bad $p2 "$(at "$CORNER2" '1... Cpf2-f1=Sn# 1-0')" "2:18: game 1, ply 1: army 2 wins by the far corner: the result is 0-1, not 1-0"
	# a move after it
	bad $p2 "$(at "$CORNER" '1. Cpf10-f11=Ds# Gda6-a5 1-0')" "2:18: game 1, ply 2 (Gda6-a5): move after the end of the game (far-corner win)"
	bad $p2 "$(at "$CORNER_CAPTURE" '1. Cpe9xf11=Hr Gda6-a5 1-0')" "2:16: game 1, ply 2 (Gda6-a5): move after the end of the game (far-corner win)"
	# without the whole setup the arrival is a promotion only
	good $p2 "$(at "$SHORT" '1. Cpf10-f11=Un Cpl6-l5 *')" --strict
	bad $p2 "$(at "$SHORT" '1. Cpf10-f11=Un# *')" "2:16: game 1, ply 1 (Cpf10-f11=Un#): # but the far-corner arrival does not win: army 1 has 2 Un of its setup's 3"
	# --json names the termination
	run -0 --separate-stderr ob-validate -V $p2 --json <<<"$(at "$CORNER" '1. Cpf10-f11=Ds# 1-0')"
	[[ "$output" == *'"plies":1,"result":"1-0","termination":"far-corner win","valid":true'* ]]
	# a random game of Plattraum Knighted that ends there (game 570 of
	# --generate 2000 --seed 5), kept in testdata/
	f=$TESTDATA/ogn/plattraum-corner.ogn
	run -0 --separate-stderr ob-validate --strict --json "$f"
	[[ "$output" == *'"plies":89,"result":"1-0","termination":"far-corner win","valid":true'* ]]
	ob-validate -q --normalize "$f" | cmp - "$f"
	sed -e 's/^1-0$/0-1/' -e 's/^\[Result "1-0"\]$/[Result "0-1"]/' "$f" >"$T/lost.ogn"
	run -1 --separate-stderr ob-validate -q "$T/lost.ogn"
	[ "$stderr" = "ob-validate: $T/lost.ogn:24:1: game 1, ply 89: army 1 wins by the far corner: the result is 1-0, not 0-1" ]
	sed 's/^1-0$/45... Unf11-e9 1-0/' "$f" >"$T/more.ogn"
	run -1 --separate-stderr ob-validate -q "$T/more.ogn"
	[ "$stderr" = "ob-validate: $T/more.ogn:24:7: game 1, ply 90 (Unf11-e9): move after the end of the game (far-corner win)" ]
}

@test "PFEN tags: a start position; its faults named as the tag's" {
	good plattraum-liu-yang "$(at "$PARTNERS" '1. Gdf1-e1&Une1-f1+ Gda6-a5 *')"
	good plattraum-liu-yang "[Variant \"Plattraum Liu Yang\"]
[PFEN \"$CANNONS\"]
1. Fcd1xd5 *"
	# the tag's value starts in column 8
	bad plattraum-2p '[PFEN "6/7/8/9/10/11/10/9/8/7/6 1 0 1"]
*' "1:8: game 1, ply 0: PFEN tag: army 1 has 0 Granddukes, not exactly one; army 2 has 0 Granddukes, not exactly one"
	bad plattraum-2p '[PFEN "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 3 0 1"]
*' "1:40: game 1, ply 0: PFEN tag: army to move must be 1 or 2"
	bad plattraum-2p '[PFEN "6/7/8/9/1,Gd2,8/Gd1,10/10/9/8/7/6 1 0 1"]
*' "1:8: game 1, ply 0: PFEN tag: the Granddukes on f1 and e2 stand a Grandduke's step apart; army 2 is not to move but is in check"
	bad plattraum-2p '[PFEN "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/Sg1,5 1 0 1"]
*' "1:38: game 1, ply 0: PFEN tag: bad item 'Sg1' in placement: Sg is not a piece code of Plattraum Two-Player"
	bad plattraum-2p '[PFEN "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7 1 0 1"]
*' "1:37: game 1, ply 0: PFEN tag: the placement has 10 files, not 11"
	bad plattraum-2p '[PFEN "6/7/8/9/10/Gd1,8,Gd2/10/9/8/7/6 1 0 1"]
*' "1:28: game 1, ply 0: PFEN tag: file f has 10 cells, not 11"
	# the position's moves, from its army to move
	bad plattraum-2p "$(at "$CORNER2" '1. Gda1-a2 *')" "2:6: game 1, ply 1 (Gda1-a2): the piece on a1 belongs to army 1, not the army to move"
	# a start at its 100th half-move is drawn already
	good plattraum-2p '[PFEN "6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6 1 100 60"]
1/2-1/2'
}

@test "the Variant tag: each two-player Plattraum ruleset by its tag or -V name" {
	while IFS='|' read -r name tag first; do
		good oblique "[Variant \"$tag\"]
1. $first *"
		good "$name" "1. $first *"
		good oblique "[Variant \"$name\"]
1. $first *"
	done <<'EOF'
plattraum-2p|Plattraum Two-Player|Cpf4-f5
plattraum-multiple|Plattraum Multiple|Cpf5-f6
plattraum-knighted|Plattraum Knighted|Cpf5-f6
plattraum-liu-yang|Plattraum Liu Yang|Gdf1-f2&Hcf2-f1
EOF
	# case does not matter; the tag beats -V
	good oblique '[Variant "plattraum liu yang"]
1. Gdf1-f2&Hcf2-f1 *'
	good plattraum-2p '[Variant "Oblique"]
1. PCc2-Cc3 *'
	# a move of another variant is refused by its own rules
	bad oblique '[Variant "Plattraum Knighted"]
1. Gdf1-f2&Hcf2-f1 *' "2:12: game 1, ply 1 (Gdf1-f2&Hcf2-f1): 'Hc' is not a piece code of Plattraum Knighted"
	# --positions carries the variant to the position readers
	run -0 --separate-stderr ob-validate -q --positions <<<'[Variant "Plattraum Multiple"]
1. Cpf5-f6 *'
	[ "${lines[0]}" = "#variant plattraum-multiple" ]
	[ "${lines[3]}" = "$(echo 'startpos Cpf5-f6' | ob-fen -V plattraum-multiple | tail -1)" ]
}

@test "random games of every Plattraum variant: valid under --strict, canonical, --normalize byte-stable" {
	n=60
	[ "$OB_QUICK" = 1 ] && n=15
	for v in plattraum-2p plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		ob-validate -V "$v" --generate "$n" --seed 5 >"$T/$v.ogn"
		grep -q "^\[Variant \"Plattraum " "$T/$v.ogn"
		run -0 --separate-stderr ob-validate --strict "$T/$v.ogn"
		[[ "$stderr" == "ob-validate: $n games read: $n valid, 0 invalid; "* ]]
		ob-validate -q --normalize "$T/$v.ogn" >"$T/n1.ogn"
		ob-validate -q --normalize "$T/n1.ogn" >"$T/n2.ogn"
		cmp "$T/n1.ogn" "$T/n2.ogn"
		cmp "$T/$v.ogn" "$T/n1.ogn"
		# every position on the way reads back as PFEN
		ob-validate -q --positions "$T/$v.ogn" | ob-fen --check
	done
	# Liu Yang's games have swaps
	grep -q '&' "$T/plattraum-liu-yang.ogn"
}
