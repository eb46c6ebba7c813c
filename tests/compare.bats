#!/usr/bin/env bats
# ob-perft --compare: a test engine (tests/engine/engine.c, built as
# test-engine) plants one fault at a time; ob-perft must descend from the
# start position (depth 4, Diagonal Oblong 5 or 6) to the exact position,
# path and moves.  Promotion is out of reach of the start position at
# these depths, so those cases start from a suite position with a pawn
# about to promote; the castling case starts after the moves that clear
# the way.  Plattraum: ob-perft itself as the other engine, the faults
# above with codes, Liu Yang's swaps and limited promotions.  Also: the
# accepted output forms, failures (exit 2), --json, threads and hash,
# refused combinations; the command's process group ended on a time-out,
# when it exits and when ob-perft is interrupted (each run bounded by
# timeout(1) in the test itself); notation not understood, counts that
# add up past 2^64 - 1 and control bytes in its output.

load common

DO='-V diagonal-oblong'

# cmp VARIANT DEPTH LINE FAULT [ENGINE OPTIONS]: ob-perft --compare with the
# engine's fault, reading LINE.
cmp() {
	local v=$1 d=$2 line=$3 f=$4
	shift 4
	run --separate-stderr bash -c "echo '$line' | ob-perft -V $v -d $d --compare='test-engine -V $v -f $f $*'"
}

@test "a generator without fault agrees: exit 0, 'ok' and the count" {
	run -0 ob-perft --startpos -d 3 --compare=test-engine
	[ "$output" = "ok D3 279716" ]
	run -0 ob-perft $DO --startpos -d 4 --compare="test-engine $DO"
	[ "$output" = "ok D4 119539" ]
}

@test "oblique: a pawn capture too many, from depth 4" {
	cmp oblique 4 startpos pawn-capture
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D4 expected 18756745 got 18929770: 64 of 64 moves differ, smallest NCd1-Ae1 expected 253194 got 254588" ]
	[ "${lines[3]}" = "D1 after NCd1-Ae1 NCb5-Ea5 NCb1-Bb3 expected 55 got 56: 0 missing, 1 extra" ]
	[ "${lines[4]}" = "position n4/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|t1snt/ppppp/5/PPPPP/T1S1T|1l1r1/1p1p1/1N3/1PPP1/1BLB1|5/5/5/5/4N b 3 2" ]
	[ "${lines[5]}" = "path NCd1-Ae1 NCb5-Ea5 NCb1-Bb3" ]
	[ "${lines[6]}" = "extra PBb4xBb3: a pawn cannot capture straight ahead" ]
	[ "${#lines[@]}" -eq 7 ]
}

@test "oblique: a Sovereign's move left in check, from depth 4" {
	cmp oblique 4 startpos check
	[ "$status" -eq 1 ]
	[ "${lines[5]}" = "path NCd1-Ae1 NCb5-Ea5 NCb1-Bb3" ]
	[ "${lines[6]}" = "extra SCc5-Bc5: the move leaves the own Sovereign attacked" ]
	[ "${lines[7]}" = "extra SCc5-Cb5: the move leaves the own Sovereign attacked" ]
}

@test "oblique: wrong counts but the right moves at depth 1" {
	cmp oblique 4 startpos counts
	[ "$status" -eq 1 ]
	[ "${lines[3]}" = "D1 after NCd1-Ae1 NCb5-Ea5 NCb1-Bb3 expected 55 got 57: the same moves, 2 counted otherwise" ]
	[ "${lines[6]}" = "miscounted PCb4xBb3 expected 1 got 2" ]
	[ "${lines[7]}" = "miscounted RBd5xBb3 expected 1 got 2" ]
}

@test "oblique: a missing promotion choice (a suite position, depth 4)" {
	cmp oblique 4 '5/5/5/5/5|1B2R/5/5/1p1s1/1B3|L4/5/T3p/P3L/4T|5/5/2p2/2P2/N4|5/1S3/5/5/5 w 4 93' promotion
	[ "$status" -eq 1 ]
	[ "${lines[3]}" = "D1 after RDe5-De1 SDd2-Ee3 BDb1-Bd1 expected 8 got 7: 1 missing, 0 extra" ]
	[ "${lines[4]}" = "position 5/5/4s/5/5|1B3/5/5/1p3/4R|L4/5/T3p/P3L/4T|5/5/2p2/2P2/N2B1|5/1S3/5/5/5 b 7 94" ]
	[ "${lines[6]}" = "missing PDb2-Db1=N" ]
}

@test "raumschach: pawn capture, King into check, counts, promotion" {
	cmp raumschach 4 startpos pawn-capture
	[ "$status" -eq 1 ]
	[ "${lines[4]}" = "position rnknr/ppqpp/5/5/5|ub1ub/ppppp/2U2/5/5|5/5/5/5/5|5/5/5/PPPPP/BU1B1|5/5/5/PPPPP/RNKNR b 1 2" ]
	[ "${lines[5]}" = "path QBc1xEc4 QDc5xEc4 UBe1-Dc3" ]
	[ "${lines[6]}" = "extra PDc4xDc3: a pawn cannot capture straight ahead" ]
	cmp raumschach 4 startpos check
	[ "$status" -eq 1 ]
	[ "${lines[5]}" = "path QBc1xEc4 QDc5xEc4 UBe1xEb4" ]
	[ "${lines[6]}" = "extra KEc5-Dc5: the move leaves the own King attacked" ]
	cmp raumschach 4 startpos counts
	[ "$status" -eq 1 ]
	[ "${lines[5]}" = "path QBc1xEc4 QDc5xEc4 BBd1xEd4" ]
	[ "${lines[6]}" = "miscounted KEc5xEd4 expected 1 got 2" ]
	cmp raumschach 4 '5/P4/5/1q3/5|5/5/5/5/3B1|5/5/5/5/5|5/5/5/5/5|4K/r4/n4/1k1p1/5 w 0 1' promotion
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D4 expected 2015248 got 1810340: 1 missing, 0 extra" ]
	[ "${lines[2]}" = "path" ]
	[ "${lines[3]}" = "missing PEa4-Ea5=N" ]
}

@test "diagonal-oblong: a missed en passant, from depth 5" {
	cmp diagonal-oblong 5 startpos en-passant
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D5 expected 2495207 got 2495102: 4 of 18 moves differ, smallest Pf4-f8 expected 110404 got 110374" ]
	[ "${lines[5]}" = "position rknb/bnqr/1ppp/pp1p/p3/4/2P1/2p1/4/4/4/4/PP1P/PPPP/RQNB/BNKR w KGkg e11 0 3" ]
	[ "${lines[6]}" = "path Pf4-f8 Pb14-b12 Pf8-f10 Pe13-e9" ]
	[ "${lines[7]}" = "missing Pf10xe11" ]
	[ "${#lines[@]}" -eq 8 ]
}

@test "diagonal-oblong: a castling right kept after the King moved" {
	cmp diagonal-oblong 5 'startpos Nf2-e5 Pd14-d12 Nc1-f2 Pb14-b12' castling
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D5 after Nf2-e5 Pd14-d12 Nc1-f2 Pb14-b12 expected 4339488 got 4339759: 1 of 25 moves differ, smallest Ke1-c1 expected 126717 got 126988" ]
	[ "${lines[5]}" = "position rknb/1nqr/2pp/bppp/pp2/p3/4/4/4/4/4/2N1/PPPP/PPPP/RQNB/B1KR w Gk - 2 5" ]
	[ "${lines[6]}" = "path Nf2-e5 Pd14-d12 Nc1-f2 Pb14-b12 Ke1-c1 Pa13-a11 Kc1-e1 Ba15-a13" ]
	[ "${lines[7]}" = "extra O-O: the castling right is gone" ]
}

@test "diagonal-oblong: pawn capture, counts (depth 5), King into check (depth 6), promotion" {
	cmp diagonal-oblong 5 startpos pawn-capture
	[ "$status" -eq 1 ]
	[ "${lines[6]}" = "path Pg3-g5 Pb14-b12 Pf4-f8 Pf14-f10" ]
	[ "${lines[7]}" = "extra Pf8xf10: a pawn cannot capture straight ahead" ]
	cmp diagonal-oblong 5 startpos counts
	[ "$status" -eq 1 ]
	[ "${lines[7]}" = "miscounted Pf8xe9 expected 1 got 2" ]
	# The King cannot step out before depth 6.
	cmp diagonal-oblong 5 startpos check
	[ "$status" -eq 0 ]
	cmp diagonal-oblong 6 startpos check
	[ "$status" -eq 1 ]
	[ "${lines[6]}" = "position r1nb/bnqr/pkpp/pppp/4/2P1/1p2/4/4/4/4/4/PPPP/PP1P/RQNB/BNKR b KGg - 0 3" ]
	[ "${lines[7]}" = "path Pe3-e7 Pd14-d10 Pe7-e9 Kd16-d14 Pe9-e11" ]
	[ "${lines[8]}" = "extra Kd14-d12: the move leaves the own King attacked" ]
	cmp diagonal-oblong 4 '3k/4/4/P3/4/4/4/4/4/4/4/4/4/4/4/K3 w - - 0 1' promotion
	[ "$status" -eq 1 ]
	[ "${lines[3]}" = "missing Pa13-a15=N" ]
}

@test "plattraum: ob-perft itself agrees, its divide read in long form, as cells and in Stockfish's form" {
	for v in plattraum-2p plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		want=$(ob-perft -V $v -S -d 3)
		run -0 ob-perft -V $v --startpos -d 3 --compare="f() { ob-perft -V $v -d \"\$1\" --divide; }; echo \"\$2 \$3\" | f"
		[ "$output" = "ok D3 $want" ]
		run -0 ob-perft -V $v --startpos -d 3 --compare="f() { ob-perft -V $v -d \"\$1\" --stockfish; }; echo \"\$2 \$3\" | f"
		[ "$output" = "ok D3 $want" ]
		run -0 ob-perft -V $v --startpos -d 3 -j 2 --compare="test-engine -V $v -c"
		[ "$output" = "ok D3 $want" ]
	done
	# Cells alone: promotions with codes, the swap's partner after '&'.
	LY=plattraum-liu-yang
	run -0 test-engine -V $LY -c 1 "$(ob-fen -V $LY -S | tail -1)" ''
	[ "$(grep '&' <<<"$output" | paste -sd' ')" = "f1e1&e1f1 1 f1f2&f2f1 1 f1g1&g1f1 1" ]
	pos=$(grep -A1 '^# kinds left' "$TESTDATA/perft/$LY.epd" | tail -1 | sed 's/ ;D.*//')
	run -0 test-engine -V $LY -c 1 "$pos" ''
	[[ "$output" == *$'\ne9e10=Sn 1\n'* && "$output" == *$'\ne9d9=Un 1\n'* ]]
	run -0 ob-perft -V $LY -d 3 --compare="test-engine -V $LY -c" <<<"$pos"
	[ "$output" = "ok D3 173490" ]
	# The swap as the Grandduke's cells alone is a plain step: extra.
	run -1 ob-perft -V $LY --startpos -d 1 --compare="echo f1f2 1; echo; echo 1 #"
	[[ "$output" == *"extra f1f2: f2 is occupied by a piece of the mover's side"* ]]
	# The position is passed as PFEN, the moves with codes.
	run -0 --separate-stderr ob-perft -V $LY -d 2 --compare='f() { echo "$2|$3" >&2; echo "$2 $3" | ob-perft -V plattraum-liu-yang -d "$1" --divide; }; f' <<<"startpos Gdf1-f2&Hcf2-f1"
	[ "$output" = "ok D2 $(ob-perft -V $LY -d 2 <<<'startpos Gdf1-f2&Hcf2-f1')" ]
	[ "$stderr" = "$(ob-fen -V $LY -S | tail -1)|Gdf1-f2&Hcf2-f1" ]
}

@test "plattraum: a Corporal capturing straight ahead and a Grandduke stepping into check, from depth 4" {
	cmp plattraum-2p 4 startpos pawn-capture
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D4 expected 280455 got 280721: 13 of 21 moves differ, smallest Unf3-d5 expected 9925 got 9939" ]
	[ "${lines[5]}" = "path Unf3-d5 Cpf8-f7 Und5-e7" ]
	[ "${lines[6]}" = "extra Cpe8xe7: a Corporal cannot capture straight ahead" ]
	cmp plattraum-knighted 4 startpos check
	[ "$status" -eq 1 ]
	[ "${lines[5]}" = "path Snh2-k3 Hsh9-k6 Snk3-i6" ]
	[ "${lines[6]}" = "extra Gdg10-h9: the move leaves the own Grandduke attacked" ]
	cmp plattraum-multiple 4 startpos counts
	[ "$status" -eq 1 ]
	[ "${lines[3]}" = "D1 after Cpb1-b2 Cpb7-b6 Cpd3-d4 expected 22 got 24: the same moves, 2 counted otherwise" ]
}

@test "plattraum-liu-yang: a swap with a cell attacked, a missing promotion choice" {
	LY=plattraum-liu-yang
	pos=$(grep -A1 '^# swaps at home' "$TESTDATA/perft/$LY.epd" | tail -1 | sed 's/ ;D.*//')
	cmp $LY 3 "$pos" swap -c
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D3 expected 26935 got 27483: 34 of 34 moves differ, smallest Sgg1-c6 expected 576 got 590" ]
	[ "${lines[3]}" = "position 6/7/5,Sg1,2/2,Cp1,6/Sg1,Un1,8/Gd1,Hc1,7,Fc2,Gd2/6,Cp2,3/Sn2,8/8/7/6 1 2 2" ]
	[ "${lines[5]}" = "extra f1f2&f2f1: no swap while the Grandduke's cell f1 is attacked" ]
	[ "${lines[6]}" = "extra f1e1&e1f1: no swap while the Grandduke's cell f1 is attacked" ]
	# The long form of the same.
	cmp $LY 3 "$pos" swap
	[ "${lines[5]}" = "extra Gdf1-f2&Hcf2-f1: no swap while the Grandduke's cell f1 is attacked" ]
	# Promotion limited to the Unicorn and Sennight; the engine drops Sn.
	pos=$(grep -A1 '^# kinds left' "$TESTDATA/perft/$LY.epd" | tail -1 | sed 's/ ;D.*//')
	cmp $LY 2 "$pos" promotion -c
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "D2 expected 1953 got 1878: 5 missing, 0 extra" ]
	[ "$(printf '%s\n' "${lines[@]}" | grep '^missing' | paste -sd' ')" = "missing Cpe9-e10=Sn missing Cpe9xd9=Sn missing Cpe9xf11=Sn+ missing Cpk6-k7=Sn missing Cpk6xl6=Sn+" ]
	# --json names the position pfen.
	run -1 bash -c "echo '$pos' | ob-perft -V $LY -d 2 --json --compare='test-engine -V $LY -f promotion'"
	[ "$(jq -r '[.pfen == "'"$pos"'", .finding, (.missing | length)] | join(",")' <<<"$output")" = "true,moves,5" ]
}

@test "moves as cells alone, and Stockfish's form, are read" {
	# Castling as the King's cells (e1a1), guarding with & (d2f2&h2d2).
	run -0 test-engine $DO -c 1 "$(echo 'startpos Nf2-e5 Pd14-d12 Nc1-f2 Pb14-b12' | ob-fen $DO | grep -v '^#')" ''
	[[ "$output" == *"e1a1 1"* ]]
	run -0 test-engine $DO -c 1 "$(echo 'startpos Nf2-g5 Pd14-d10' | ob-fen $DO | grep -v '^#')" ''
	[[ "$output" == *"d2h2&h2d2 1"* ]]
	run -0 ob-perft $DO -d 3 --compare="test-engine $DO -c" <<<'startpos Nf2-g5 Pd14-d10'
	[ "$output" = "ok D3 $(echo 'startpos Nf2-g5 Pd14-d10' | ob-perft $DO -d 3)" ]
	run -0 bash -c "echo 'startpos Nf2-e5 Pd14-d12 Nc1-f2 Pb14-b12' | ob-perft $DO -d 3 --compare='test-engine $DO -c -s'"
	[ "$output" = "ok D3 10048" ]
	cmp diagonal-oblong 5 startpos en-passant -c -s
	[ "$status" -eq 1 ]
	[ "${lines[7]}" = "missing Pf10xe11" ]
	cmp oblique 4 startpos pawn-capture -c
	[ "${lines[6]}" = "extra Bb4Bb3: a pawn cannot capture straight ahead" ]
	# ob-perft's own --divide and --stockfish output is read too.
	run -0 ob-perft --startpos -d 2 --compare='f() { ob-perft -d "$1" --divide; }; echo "$2 $3" | f'
	[ "$output" = "ok D2 4102" ]
	run -0 ob-perft --startpos -d 2 --compare='f() { ob-perft -d "$1" --stockfish; }; echo "$2 $3" | f'
}

@test "the other generator fails: crash, exit status, garbage, time-out: exit 2" {
	run -2 --separate-stderr ob-perft --startpos -d 3 --compare='test-engine -f crash'
	[ -z "$output" ]
	[[ "$stderr" == *"ob-perft: startpos: --compare: the other generator, depth 3: exited with status 139 (killed by signal 11: Segmentation fault)" ]]
	run -2 --separate-stderr ob-perft --startpos -d 3 --compare='exec test-engine -f crash'
	[ "$stderr" = "ob-perft: startpos: --compare: the other generator, depth 3: killed by signal 11 (Segmentation fault)" ]
	run -2 --separate-stderr ob-perft --startpos -d 3 --compare='test-engine -f exit'
	[ "${stderr_lines[1]}" = "ob-perft: startpos: --compare: the other generator, depth 3: exited with status 3" ]
	run -2 --separate-stderr ob-perft --startpos -d 3 --compare='test-engine -f garbage'
	[ "$stderr" = "ob-perft: startpos: --compare: the other generator, depth 3: output line 3 'the rest is silence': expected 'MOVE COUNT', 'MOVE: COUNT' or the total" ]
	run -2 --separate-stderr ob-perft --startpos -d 3 --timeout 1 --compare='test-engine -f hang'
	[ "$stderr" = "ob-perft: startpos: --compare: the other generator, depth 3: no answer within 1 s" ]
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='echo "PCc2-Cc3 1" #'
	[[ "$stderr" == *"no total after the moves (1 output lines)" ]]
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='printf "PCc2-Cc3 1\n\n2\n" #'
	[[ "$stderr" == *"the total 2 is not the sum of the moves' counts, 1" ]]
	# A failure on one line does not stop the next.
	printf 'startpos\nstartpos\n' >"$BATS_TEST_TMPDIR/two"
	run -2 --separate-stderr ob-perft -d 1 --compare='exit 1 #' "$BATS_TEST_TMPDIR/two"
	[ "${stderr_lines[0]}" = "ob-perft: $BATS_TEST_TMPDIR/two:1:1: --compare: the other generator, depth 1: exited with status 1" ]
	[ "${stderr_lines[1]}" = "ob-perft: $BATS_TEST_TMPDIR/two:2:1: --compare: the other generator, depth 1: exited with status 1" ]
}

@test "--json: one object with the steps, the position, path and moves" {
	run -1 --separate-stderr ob-perft --startpos -d 4 -j 2 --hash 16 --json --compare='test-engine -f pawn-capture'
	run -0 jq -r '[.ok, .finding, (.steps | length), .steps[0].next, .path[2], .extra[0].move, .extra[0].reason] | join(",")' <<<"$output"
	[ "$output" = "false,moves,4,NCd1-Ae1,NCb1-Bb3,PBb4xBb3,a pawn cannot capture straight ahead" ]
	run -0 ob-perft --startpos -d 2 --json --compare=test-engine
	[ "$(jq -r '.ok' <<<"$output")" = true ]
}

@test "--compare refuses options it does not honour; --timeout needs it" {
	for o in --divide --stockfish --stats --sum '--split 1' '--max-plies 2'; do
		run -2 --separate-stderr ob-perft --startpos -d 2 $o --compare=test-engine
		[[ "$stderr" == "ob-perft: --compare cannot be combined with ${o%% *}"* ]]
	done
	run -2 --separate-stderr ob-perft --startpos -d 0 --compare=test-engine
	[[ "$stderr" == *"--compare needs a depth of at least 1"* ]]
	run -2 --separate-stderr ob-perft --startpos --timeout 5
	[[ "$stderr" == *"--timeout applies to --compare only"* ]]
}

# A `sleep` unique to this run, whose process must not outlive ob-perft
# (the group's other members are ended with it); end_leftovers removes
# what a failed run leaves, by process ID.
leftovers() { pgrep -f "sleep $MARK" || true; }
end_leftovers() {
	local p
	for p in $(leftovers); do kill -KILL "$p" 2>/dev/null || true; done
}
setup() { MARK=1000.$$$BATS_TEST_NUMBER; }
teardown() { end_leftovers; }

# timed_out SECONDS CMD REASON: ob-perft --timeout SECONDS --compare=CMD
# exits 2 for REASON, within the test's own limit, leaving nothing.
timed_out() {
	run -2 --separate-stderr timeout 20 ob-perft --startpos -d 1 --timeout "$1" --compare="$2"
	[ "$stderr" = "ob-perft: startpos: --compare: the other generator, depth 1: $3" ]
	[ -z "$(leftovers)" ]
}

@test "--timeout ends a command that closed its output but runs on, and all it started: exit 2" {
	local closed='its output ended, but it had not exited within'
	timed_out 2 "exec >&-; sleep $MARK; :" "$closed 2 s"
	# After a complete and correct divide.
	timed_out 2 "f() { test-engine \"\$@\"; exec >&-; sleep $MARK; }; f" "$closed 2 s"
	# The output held open by a child of the command.
	timed_out 1 "sleep $MARK & wait; :" "no answer within 1 s"
	# A member that ignores SIGTERM is killed after the grace period.
	timed_out 1 "trap '' TERM; sleep $MARK; :" "no answer within 1 s"
}

@test "what the command leaves running when it exits is ended with it" {
	run -0 --separate-stderr timeout 20 ob-perft --startpos -d 2 --compare="f() { sleep $MARK >/dev/null & test-engine \"\$@\"; }; f"
	[ "$output" = "ok D2 4102" ]
	[ -z "$(leftovers)" ]
	# Also one that ignores SIGTERM.
	run -0 --separate-stderr timeout 20 ob-perft --startpos -d 1 --compare="f() { (trap '' TERM; exec sleep $MARK) >/dev/null & test-engine \"\$@\"; }; f"
	[ "$output" = "ok D1 64" ]
	[ -z "$(leftovers)" ]
}

@test "ob-perft interrupted by SIGINT, SIGTERM or SIGHUP ends the command's group, then itself by that signal" {
	for sig in INT TERM HUP; do
		# Job control: the background job keeps SIGINT (a shell
		# ignores it in background jobs otherwise).  Its output not
		# into run's pipe, which a leftover would hold open.
		run timeout 20 bash -c "set -m
			ob-perft --startpos -d 1 --compare='sleep $MARK; :' >/dev/null 2>&1 &
			for i in \$(seq 400); do
				pgrep -f 'sleep $MARK' >/dev/null && break
				sleep 0.05
			done
			pgrep -f 'sleep $MARK' >/dev/null || exit 99
			kill -$sig \$!
			wait \$!"
		echo "$sig: status $status"
		[ "$status" -eq $((128 + $(kill -l $sig))) ]
		[ -z "$(leftovers)" ]
	done
}

@test "a command that cannot be run is named, with no line 0" {
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare=./nonexistent
	[ "${stderr_lines[-1]}" = "ob-perft: startpos: --compare: the other generator, depth 1: exited with status 127, the shell's status for a command not found (--compare './nonexistent')" ]
	[[ "$stderr" != *":0:"* ]]
	run -2 --separate-stderr ob-perft -d 1 --compare="$BATS_TEST_TMPDIR" <<<startpos
	[ "${stderr_lines[-1]}" = "ob-perft: <stdin>:1:1: --compare: the other generator, depth 1: exited with status 126, the shell's status for a command that cannot be run (--compare '$BATS_TEST_TMPDIR')" ]
}

@test "moves in a notation not understood are said to be so, not reported as all missing and all extra" {
	# Every move in lower case: none reads.
	run -2 --separate-stderr ob-perft --startpos -d 2 --compare='f() { echo "$2 $3" | ob-perft -d "$1" --divide | tr A-Z a-z; }; f'
	[ -z "$output" ]
	[ "$stderr" = "ob-perft: startpos: --compare: the other generator, depth 2: its notation is not understood: 64 of its 64 moves name no legal move here, 64 do not read as moves at all (as output line 1 'bbb1-aa1': piece letters in moves are upper case: 'b')" ]
	# Rank and file swapped: the moves read, but none is legal.
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='f() { echo "$2 $3" | ob-perft -d "$1" --divide | sed "s/^\([A-Z][A-Z]\)\([a-e]\)\([1-5]\)/\1\3\2/"; }; f'
	[[ "$stderr" == *": its notation is not understood: 64 of its 64 moves name no legal move here, 64 do not read as moves at all (as output line 1 'BB1b-Aa1': "* ]]
	# Most moves unreadable, a few legal: still not understood.
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='f() { echo "$2 $3" | ob-perft -d "$1" --divide | sed "4,\$s/^[A-Z]/?/"; }; f'
	[[ "$stderr" == *": its notation is not understood: 61 of its 64 moves name no legal move here, 61 do not read as moves at all (as output line 4 '?Bb1-Ba2': "* ]]
	# One unreadable move among legal ones is a finding.
	run -1 --separate-stderr ob-perft --startpos -d 1 --compare='f() { echo "$2 $3" | ob-perft -d "$1" --divide | sed "1s/^[A-Z]/?/"; }; f'
	[ "${lines[0]}" = "D1 expected 64 got 64: 1 missing, 1 extra" ]
	[[ "${lines[-1]}" == "extra ?Bb1-Aa1: "* ]]
}

@test "the other generator's counts: a sum past 2^64 - 1 is refused, not wrapped" {
	max=18446744073709551615
	# 2^64 - 1 for the first move and a total raised to match, modulo
	# 2^64: the sum wraps to it.
	div=$(ob-perft -S -d 1 --divide | sed "1s/ 1\$/ $max/; \$s/.*/total 62/")
	printf '%s\n' "$div" >"$BATS_TEST_TMPDIR/div"
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare="cat $BATS_TEST_TMPDIR/div #"
	[ -z "$output" ]
	[ "$stderr" = "ob-perft: startpos: --compare: the other generator, depth 1: output line 2 'BBb1-Ab2 1': the moves' counts add up to more than $max" ]
	# A count of 2^64 itself.
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='echo "BBb1-Aa1 18446744073709551616"; echo 1 #'
	[[ "$stderr" == *": output line 1 'BBb1-Aa1 18446744073709551616': a count larger than $max" ]]
}

@test "the other generator's text is quoted escaped: no control byte reaches the terminal" {
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='printf "the \033]0;owned\007 end\n" #'
	[ "$stderr" = 'ob-perft: startpos: --compare: the other generator, depth 1: output line 1 '"'"'the \x1b]0;owned\x07 end'"'"': expected '"'"'MOVE COUNT'"'"', '"'"'MOVE: COUNT'"'"' or the total' ]
	run -2 --separate-stderr ob-perft --startpos -d 1 --compare='printf "BBb1-Aa1 1\000junk\n1\n" #'
	[[ "$stderr" == *": output line 1 'BBb1-Aa1 1\x00junk': a NUL byte" ]]
	# An extra move on standard output.
	run -1 --separate-stderr ob-perft --startpos -d 1 --compare='f() { echo "$2 $3" | ob-perft -d "$1" --divide | sed "1s/^BBb1-Aa1/BBb1-Aa1\x1b[2J/"; }; f'
	[[ "${lines[-1]}" == 'extra BBb1-Aa1\x1b[2J: '* ]]
	[ "$(printf '%s%s' "$output" "$stderr" | tr -d '\n' | tr -d '[:print:]' | wc -c)" -eq 0 ]
}
