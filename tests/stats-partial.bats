#!/usr/bin/env bats
# ob-stats partial states (ob-stats-partial(5)) read back by --merge: every
# rule of the format refused with its place and reason, a state written
# again unchanged, bounded memory on endless input.

load common

HAND="$TESTDATA/stats/hand.ogn"

setup_file() {
	local dir="$BATS_FILE_TMPDIR"
	ob-stats --partial "$HAND" > "$dir/plain.json" 2>/dev/null || true
	ob-stats --partial "$TESTDATA/stats/plattraum.ogn" \
		> "$dir/plattraum.json" 2>/dev/null || true
	ob-stats --partial --by Event --openings 1 "$HAND" \
		> "$dir/event.json" 2>/dev/null || true
}

# refused BASE SED REASON: the state BASE.json edited by SED is refused
# with exit 2, no report, and a diagnostic naming a line, a column and a
# reason that contains REASON.
refused() {
	local base=$1 edit=$2 reason=$3 file="$BATS_TEST_TMPDIR/bad.json"
	sed -e "$edit" "$BATS_FILE_TMPDIR/$base.json" > "$file"
	! cmp -s "$file" "$BATS_FILE_TMPDIR/$base.json" ||
		{ echo "the edit $edit changed nothing"; return 1; }
	run -2 --separate-stderr ob-stats --merge "$file"
	[ -z "$output" ] || { echo "a report was written"; return 1; }
	[[ "$stderr" =~ ob-stats:\ $file:[0-9]+:[0-9]+:\ .*"$reason" ]] ||
		{ echo "$edit: expected '$reason' in: $stderr"; return 1; }
}

@test "games counted without their lengths are refused, not a division by zero" {
	# failed before: SIGFPE (exit 136) in the length histogram
	refused plain 's/"lengths":.*,$/"lengths":[],/' \
		"0 games of the lengths, not the 8 valid games"
}

@test "an empty string reads as one: an empty tag value merges to the direct report" {
	# failed before under ASan: a heap over-read past the empty string
	dir="$BATS_TEST_TMPDIR"
	printf '[Event ""]\n\n1. PCc2-Cc3 *\n\n[Event "x"]\n\n1. PCc2-Cc3 *\n\n' \
		> "$dir/e.ogn"
	ob-stats --partial --by Event "$dir/e.ogn" > "$dir/e.json"
	grep -q '"value":""' "$dir/e.json"
	run -0 ob-stats --merge "$dir/e.json"
	[ "$output" = "$(ob-stats --by Event "$dir/e.ogn")" ]
	refused plain 's/\["S",10,/["",10,/' "a piece other than a letter A-Z or a code"
	refused event 's/\["PCc4xCd5=N+",/["",/' \
		"an opening that is not 1 move texts joined by spaces"
}

@test "figures that disagree are named with their place" {
	refused plain 's/"invalid":1/"invalid":10/' "more invalid games than games"
	refused plain 's/"results":\[2,1,3,0,0,0,0,0,0,0,2\]/"results":[2,1,3,0,0,0,0,0,0,0,3]/' \
		"9 results, not the 8 valid games"
	refused plain 's/"terminations":\[1,0,0,1,0,1,1,4\]/"terminations":[1,0,0,1,0,1,1,5]/' \
		"9 terminations, not the 8 valid games"
	refused plain 's/"lengths":\[\[1,5\]/"lengths":[[1,4]/' \
		"7 games of the lengths, not the 8 valid games"
	refused plain 's/\["oblique","diagonal-oblong"\]/["diagonal-oblong","oblique"]/' \
		"variants out of order or repeated"
	refused plain 's/"oblique","diagonal-oblong"/"oblique","shogi"/' \
		"an unknown variant"
	refused plain 's/"variants":\[[^]]*\]/"variants":[]/' \
		"valid games but no variant played"
	refused plain 's/\[18,310\]/[17,310]/' \
		"17 positions in plies 1-20, not the 18 the lengths give"
	refused plain 's/\[18,310\]/[18,17]/' "17 legal moves in 18 positions"
	refused plain 's/\["S",10,/["S",11,/' "19 moves, not the 18 plies"
	refused plain 's/\["P",4,2,/["P",4,5,/' "P: more captures than moves"
	refused plain 's/\["R",1,0,0,1,1,0\]/["R",1,0,0,1,2,0]/' \
		"R: more mates than checks"
	refused plain 's/\["T",1,0,1,/["T",1,0,2,/' "3 pieces captured in 2 captures"
	refused plain 's/\["T",1,0,1,0,0,0\]/&,["Z",0,0,0,0,0,0],["Y",0,0,0,0,0,0]/' \
		"pieces out of byte order or repeated"
	refused plain 's/"special":\[1,1,1,0\]/"special":[1,1,3,0]/' \
		"more en passant captures than captures"
	refused plain 's/"levels":\[6,2,1,0,5,0,0,0\]/"levels":[6,2,1,0,5,0,0,1]/' \
		"moves on level H, which the variants played lack"
	refused plain 's/"cells":\[[0-9]*,/"cells":[999,/' "the cells count"
	refused event 's/\["PCc4xCd5=N+",0,0,0,0,0,0,0,0,0,0,1\]/["PCc4xCd5=N+",0,0,0,0,0,0,0,0,0,0,2]/' \
		"openings of 2 games, not the 1 games of 1 plies or more"
	refused event 's/"value":"A"/"value":"?"/' \
		"groups out of byte order of their values, or repeated"
	refused plain 's/"openings":0/"openings":1/' \
		"the 8 games of 1 plies or more"
}

@test "Plattraum's figures that disagree are named with their place" {
	# a far-corner win, a swap, a code in a state of other boards
	refused plain 's/"terminations":\[1,0,0,1,0,1,1,4\]/"terminations":[1,1,0,1,0,1,1,3]/' \
		"far-corner wins, which no variant played has"
	refused plain 's/"special":\[1,1,1,0\]/"special":[1,1,1,1]/' \
		"a special move no variant played has"
	refused plain 's/\["S",10,0,0,0,0,0\]/&,["Sn",0,0,0,0,0,0],["Un",0,0,0,0,0,1]/' \
		"Un: a piece of no variant played"
	refused plain 's/\["S",10,0,0,0,0,0\]/&,["Xy",0,0,0,0,0,0]/' \
		"a piece other than a letter A-Z or a code of a variant"
	# the state of the hand-made Plattraum games
	refused plattraum 's/\(\["[DS][sg]",0,0,0,0,0,\)1\]/\10]/g' \
		"0 promotions, 1 games ended by a far-corner win"
	refused plattraum 's/\(\["Fc",[0-9,]*\]\),\(\["Gd",[0-9,]*\]\)/\2,\1/' \
		"pieces out of byte order or repeated"
	refused plattraum 's/"special":\[0,0,0,3\]/"special":[0,0,0,9]/' \
		"more special moves than plies"
	refused plattraum 's/"cells":\[0,/"cells":[1,/' "the cells count 9 moves"
}

# A report or state without the lengths by result, which states before
# version 5 lack: their section's figures after the games, or the member.
unsplit() {
	awk -F'\t' '
		/^Length by result/ { on = 1; print; next }
		on && /^$/ { on = 0 }
		on && NR > 0 { sub(/ +[0-9-]+ +[0-9.-]+ +[0-9-]+ +[0-9-]+ +[0-9-]+ +[0-9.-]+ +[0-9-]+$/, " (unsplit)") }
		{ print }' |
		sed 's/^ "lengths_by_result":\[\[.*/ "lengths_by_result":null,/'
}
unsplit_json() {
	jq -c 'walk(if type == "object" and has("length_by_result")
		then .length_by_result |= map(del(.min, .q1, .median, .q3, .mean, .max))
		else . end)'
}

@test "lengths by result: rows that disagree are named; version 4 and null leave them unknown" {
	refused plain 's/"lengths_by_result":\[\[1,2,0,2,/"lengths_by_result":[[1,2,0,3,/' \
		"6 games of 1 plies by result, not the 5 of the lengths"
	refused plain 's/"lengths_by_result":\[\[1,2,0,2,0,0,0,0,0,0,0,1\]/"lengths_by_result":[[1,2,0,1,0,0,0,0,0,0,0,2]/' \
		"2 games ending 1/2-1/2 by length, not the 3 of the results"
	refused plain 's/\[8,0,0,1,0,0,0,0,0,0,0,0\]\]/[8,0,0,0,0,0,0,0,0,0,0,0]]/' \
		"a length of no games"
	refused plain 's/\[2,0,1,0,0,0,0,0,0,0,0,0\],\[3,/[3,0,1,0,0,0,0,0,0,0,0,0],[3,/' \
		"lengths by result out of order or repeated"
	refused plain 's/"lengths_by_result":\[\[1,2,0,2,0,0,0,0,0,0,0,1\],/"lengths_by_result":[[1,2,0,2,0,0,0,0,0,0,0],/' \
		"expected ','"
	refused plain 's/"lengths_by_result":\[/"lengths_by_result":{/' "expected null or '['"
	# null: the games' lengths are not known by result, as in version 4
	local dir="$BATS_TEST_TMPDIR"
	sed 's/^ "lengths_by_result":.*/ "lengths_by_result":null,/' \
		"$BATS_FILE_TMPDIR/plain.json" >"$dir/null.json"
	sed -e '/^ "lengths_by_result":/d' -e 's/"version":6,/"version":4,/' \
		-e 's/"terminations":\[1,0,0,1,0,/"terminations":[1,0,0,1,/' \
		"$BATS_FILE_TMPDIR/plain.json" >"$dir/v4.json"
	for state in null v4; do
		run -1 ob-stats --merge --tsv "$dir/$state.json"
		[ "$(echo "$output" | awk '/^# length_by_result/,/^$/' | sed -n 4p)" = \
			"$(printf 'Black wins\t0-1\t1\t\t\t\t\t\t')" ]
		# the same beside the games of a state that has them
		ob-stats --partial "$TESTDATA/ogn/random-s1.ogn" >"$dir/s1.json"
		run -1 ob-stats --merge --partial "$dir/$state.json" "$dir/s1.json"
		echo "$output" | grep -qx ' "lengths_by_result":null,'
		run -1 ob-stats --merge --json "$dir/$state.json" "$dir/s1.json"
		[ "$(echo "$output" | jq -c '[.length_by_result[].median] | unique')" = '[null]' ]
	done
	# and a state's rows merged to one run's
	run -1 ob-stats --merge --json "$BATS_FILE_TMPDIR/plain.json" "$dir/s1.json"
	[ "$output" = "$(ob-stats --json "$HAND" "$TESTDATA/ogn/random-s1.ogn" 2>/dev/null)" ]
	[ "$(echo "$output" | jq '.length_by_result[0].median')" != null ]
}

@test "a state of version 4 of no valid game: each problem at its place, none at the lengths by result it lacks" {
	# failed before: "0:0: 0 games of 1 plies by result", a member that
	# version 4 does not have
	sed -e '/^ "lengths_by_result":/d' -e 's/"version":6,/"version":4,/' \
		-e 's/"terminations":\[1,0,0,1,0,/"terminations":[1,0,0,1,/' \
		-e 's/"games":9,"invalid":1/"games":1,"invalid":1/' \
		"$BATS_FILE_TMPDIR/plain.json" >"$BATS_TEST_TMPDIR/v4.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/v4.json"
	[[ "$stderr" == *":6:48: a variant played but no valid game"* ]]
	[[ "$stderr" == *":7:12: 8 results, not the 0 valid games"* ]]
	[ "$(echo "$stderr" | grep -vc "^ob-stats: $BATS_TEST_TMPDIR/v4.json:[1-9][0-9]*:[1-9][0-9]*: ")" -eq 0 ]
}

@test "a state of version 1, written before Plattraum, merges as it did" {
	v1="$TESTDATA/stats/hand-by-event.v1.partial"
	head -1 "$v1" | grep -q '"version":1,$'
	run -1 ob-stats --merge "$v1"
	[ "$(echo "$output" | unsplit)" = "$(ob-stats --by Event --openings 1 "$HAND" 2>/dev/null | unsplit)" ]
	[ "$output" != "$(ob-stats --by Event --openings 1 "$HAND" 2>/dev/null)" ]
	# its games' lengths are not known by result
	echo "$output" | grep -q '^  draws       1/2-1/2      1    -   -       -   -     -    -$'
	# beside a state of the current version, and written again as one
	ob-stats --partial --by Event --openings 1 "$TESTDATA/stats/plattraum.ogn" \
		> "$BATS_TEST_TMPDIR/p.json" 2>/dev/null || true
	run -1 ob-stats --merge --json "$v1" "$BATS_TEST_TMPDIR/p.json"
	[ "$(echo "$output" | unsplit_json)" = "$(ob-stats --json --by Event --openings 1 "$HAND" "$TESTDATA/stats/plattraum.ogn" 2>/dev/null | unsplit_json)" ]
	[ "$(echo "$output" | jq -c '[.groups[] | select(.value == "A") | .length_by_result[].median] | unique')" = '[null]' ]
	# with no inputs: version 1 has no digests of them
	run -1 ob-stats --merge --partial "$v1"
	[ "$output" = "$(ob-stats --partial --by Event --openings 1 "$HAND" 2>/dev/null |
		sed 's/^"inputs":.*/"inputs":[],/' | unsplit)" ]
	echo "$output" | grep -q '^ "lengths_by_result":null,$'
	# version 1 knows neither codes nor six terminations
	sed 's/\["K",/["Gd",/' "$v1" > "$BATS_TEST_TMPDIR/bad.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/bad.json"
	[[ "$stderr" == *": a piece letter other than A-Z"* ]]
	sed 's/"terminations":\[0,0,0,0,1\]/"terminations":[0,0,0,0,0,1]/' "$v1" > "$BATS_TEST_TMPDIR/bad.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/bad.json"
	[[ "$stderr" == *":6:47: expected ']', not ','" ]]
}

@test "a state of version 2, written before three armies, merges as it did" {
	v2="$TESTDATA/stats/hand-plattraum-by-event.v2.partial"
	head -1 "$v2" | grep -q '"version":2,$'
	both="$HAND $TESTDATA/stats/plattraum.ogn"
	for fmt in "" --partial; do
		run -1 ob-stats --merge $fmt "$v2"
		# with no inputs: version 2 has no digests of them, nor the
		# lengths by result
		[ "$(echo "$output" | unsplit)" = "$(ob-stats $fmt --by Event --openings 1 $both 2>/dev/null |
			sed 's/^"inputs":.*/"inputs":[],/' | unsplit)" ]
	done
	run -1 ob-stats --merge --json "$v2"
	[ "$(echo "$output" | unsplit_json)" = "$(ob-stats --json --by Event --openings 1 $both 2>/dev/null | unsplit_json)" ]
	# version 2 has four results, six terminations and no eliminations
	sed 's/"results":\[\([0-9,]*\)\]/"results":[\1,0]/' "$v2" > "$BATS_TEST_TMPDIR/bad.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/bad.json"
	[[ "$stderr" == *": expected ']', not ','"* ]]
	sed 's/"terminations":\(\[[0-9,]*\]\)/&,"eliminations":[]/' "$v2" > "$BATS_TEST_TMPDIR/bad.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/bad.json"
	[[ "$stderr" == *": expected member \"lengths\""* ]]
}

@test "counts that would pass 2^64 - 1 are refused, naming the numbers" {
	# failed before: 2^64 - 1 eliminations in 2 games were taken for 0
	dir="$BATS_TEST_TMPDIR"
	ob-validate -V plattraum --generate 2 --max-plies 1000 --seed 3 \
		> "$dir/three.ogn"
	ob-stats --partial "$dir/three.ogn" > "$BATS_FILE_TMPDIR/three.json"
	grep -q '"eliminations":\[\[0,0,0,0\],' "$BATS_FILE_TMPDIR/three.json"
	refused three 's/"eliminations":\[\[0,0,0,0\]/"eliminations":[[0,18446744073709551615,0,0]/' \
		"18446744073709551615 eliminations in 2 valid games (two at most in a game)"
	refused three 's/"eliminations":\[\[0,0,0,0\]/"eliminations":[[0,18446744073709551615,1,0]/' \
		"eliminations add up beyond 2^64 - 1: 18446744073709551615 and 1"
	refused plain 's/"lengths":\[\[1,5\]/"lengths":[[1,5],[65536,281474976710656]/' \
		"281474976710656 games of 65536 plies: plies beyond 2^64 - 1"
	# the legal moves of all phases, which the report adds up
	refused plain 's/\[18,310\],\[[0-9]*,[0-9]*\]/[18,18446744073709551615],[6,18446744073709551615]/' \
		"legal moves add up beyond 2^64 - 1: 18446744073709551615 and 18446744073709551615"
	# states that would pass it together: the merge is refused
	huge="$TESTDATA/stats/huge-counts.v3.partial"
	run -2 --separate-stderr ob-stats --merge "$huge" "$huge"
	[ -z "$output" ]
	[ "$stderr" = "ob-stats: $huge:5:23: \"games\" of the states read add up beyond 2^64 - 1: 13835058055282163711 and 13835058055282163711" ]
}

@test "counts near 2^64 - 1: quartiles, bars, points and scores do not wrap" {
	# failed before: q3 1, bars of one #, points and scores wrapped
	A=9223372036854775807 B=4611686018427387904
	run -0 ob-stats --merge "$TESTDATA/stats/huge-counts.v3.partial"
	[[ "$output" == *"  18446744073709551615    1   1       1   2  1.33    2"* ]]
	[[ "$output" == *"     1   1  $A  $(printf '#%.0s' {1..40})"$'\n'* ]]
	[[ "$output" == *"     2   2  $B  $(printf '#%.0s' {1..20})"$'\n'* ]]
	[[ "$output" == *"  PCc2-Cc3  13835058055282163711  $A  $B           0           0  11529215046068469759   83.3"* ]]
	run -0 ob-stats --merge "$TESTDATA/stats/huge-counts-three.v3.partial"
	[[ "$output" == *"     1  $A  $B  10760600709663905108.33 "* ]]
	[[ "$output" == *"     2                    0  $B   1537228672809129301.33 "* ]]
	[[ "$output" == *"  13835058055282163711  $A            0            0  $B           0  10760600709663905108.33   77.8"* ]]
}

# digest FILE: the digest of the first input of the partial state FILE.
digest() {
	sed -n 's/^"inputs":\[\["\([0-9a-f]*\)".*/\1/p' "$1"
}

@test "the same games merged twice are refused (exit 1) unless --allow-repeats says so" {
	# failed before: the games of a state merged twice were counted twice
	cd "$BATS_TEST_TMPDIR"
	ob-validate --generate 30 --seed 1 > a.ogn
	ob-validate --generate 20 --seed 2 -V raumschach > b.ogn
	ob-stats --partial a.ogn > a.json
	ob-stats --partial < b.ogn > b.json
	ob-stats --partial a.ogn b.ogn > ab.json
	a=$(digest a.json)
	[ ${#a} -eq 32 ]
	# the same state twice: nothing written, the input and state named
	run -1 --separate-stderr ob-stats --merge a.json a.json
	[ -z "$output" ]
	[ "$stderr" = "ob-stats: a.json:3:12: the 30 games of input $a were counted already, in a.json (--allow-repeats counts them again)" ]
	# states that overlap: a run over a.ogn and b.ogn, and one over a.ogn
	run -1 --separate-stderr ob-stats --merge --partial ab.json a.json
	[ -z "$output" ]
	[[ "$stderr" == "ob-stats: a.json:3:12: the 30 games of input $a were counted already, in ab.json "* ]]
	# a merged state and one of its parts, in either order
	ob-stats --merge --partial b.json a.json > m.json
	cmp m.json ab.json
	run -1 ob-stats --merge m.json b.json
	run -1 ob-stats --merge b.json m.json
	# the digest is of the games, not of the file, its name or its lines
	sed 's/$/\r/' a.ogn | ob-stats --partial -j 2 > crlf.json
	cmp crlf.json a.json
	run -1 ob-stats --merge crlf.json ab.json
	# states of other games merge
	run -0 ob-stats --merge a.json b.json
	[ "$output" = "$(ob-stats a.ogn b.ogn)" ]
	# said to be meant: counted again, as a run over the games twice
	run -0 ob-stats --merge --allow-repeats a.json a.json ab.json
	[ "$output" = "$(ob-stats a.ogn a.ogn a.ogn b.ogn)" ]
	run -0 ob-stats --merge --partial --allow-repeats a.json ab.json
	[ "$output" = "$(ob-stats --partial a.ogn a.ogn b.ogn)" ]
	[[ "$output" == *$'\n"inputs":[["'"$a"'",30],["'"$a"'",30],'* ]]
	run -2 --separate-stderr ob-stats --allow-repeats a.ogn
	[[ "$stderr" == "ob-stats: --allow-repeats needs --merge"* ]]
}

@test "a state's inputs are checked: digests, their order and their games" {
	d=0123456789abcdef0123456789abcdef
	refused plain 's/^"inputs":\[\["[0-9a-f]*"/"inputs":[["0123"/' \
		"an input's digest that is not 32 lower-case hexadecimal digits"
	refused plain 's/^"inputs":\[\["[0-9a-f]*"/"inputs":[["'"${d^^}"'"/' \
		"an input's digest that is not 32 lower-case hexadecimal digits"
	refused plain 's/^"inputs":\[\(.*\)\],$/"inputs":[\1,["'"$d"'",1]],/' \
		"inputs out of byte order of their digests"
	refused plain 's/^"inputs":\[\["\([0-9a-f]*\)",9\]/"inputs":[["\1",0]/' \
		"an input of no games"
	refused plain 's/^"inputs":\[\["\([0-9a-f]*\)",9\]/"inputs":[["\1",10]/' \
		"inputs of 10 games, the groups of 9"
	refused plain 's/^"inputs":\[/&["'"$d"'",1],/' \
		"inputs of 10 games, the groups of 9"
	refused plain 's/^"inputs":\[\["\([0-9a-f]*\)",9\]\]/"inputs":[["\1",9],["\1",8]]/' \
		": 8 games, but 9 in "
}

@test "text that is not a partial state is named with its place" {
	refused plain 's/"games":9/"games":-9/' "a negative number"
	refused plain 's/"games":9/"games":09/' "a number with a leading zero"
	refused plain 's/"games":9/"games":9.0/' "a number with a fraction"
	refused plain 's/"games":9/"games":18446744073709551616/' \
		"number above 2^64 - 1"
	refused plain 's/"results"/"result"/' 'expected member "results"'
	refused plain 's/"value":null/"value":"x"/' "a group's value must be null"
	refused plain 's/"by":null/"by":""/' '"by" must be null or a tag name'
	refused plain 's/"version":6/"version":7/' "version 7; this ob-stats reads versions 1 to 6"
	refused plain 's/"version":6/"version":0/' "version 0; this ob-stats reads versions 1 to 6"
	refused plain 's/"oblique"/"\\u0100"/' "escape other than"
	refused plain '$s/$/x/' "unexpected character"
	refused plain '$s/$/{}/' "expected the end after the partial state, not '{'"
	refused plain 's/"format":"ob-stats partial"/"format":"x"/' \
		"not a partial state of ob-stats"
	head -c 300 "$BATS_FILE_TMPDIR/plain.json" > "$BATS_TEST_TMPDIR/cut.json"
	run -2 --separate-stderr ob-stats --merge "$BATS_TEST_TMPDIR/cut.json"
	[[ "$stderr" == *"cut.json:4:"*": expected a number, not the end of the input" ]]
}

@test "every bad state is named, none is merged, nothing is written" {
	dir="$BATS_TEST_TMPDIR"
	sed 's/"invalid":1/"invalid":10/' "$BATS_FILE_TMPDIR/plain.json" > "$dir/a.json"
	echo '{' > "$dir/b.json"
	run -2 --separate-stderr ob-stats --merge "$dir/a.json" \
		"$BATS_FILE_TMPDIR/plain.json" "$dir/b.json"
	[ -z "$output" ]
	[[ "$stderr" == *"a.json:6:"* ]]
	[[ "$stderr" == *"b.json:2:1: expected member \"format\""* ]]
}

@test "a state read and written again is the same bytes" {
	dir="$BATS_TEST_TMPDIR"
	for v in oblique raumschach diagonal-oblong; do
		ob-validate -V $v --generate 200 --seed 4 > "$dir/$v.ogn"
	done
	cat "$dir"/*.ogn "$HAND" > "$dir/all.ogn"
	for opts in "" "--by Result --openings 3" "-V raumschach --by Variant --openings 1"; do
		# shellcheck disable=SC2086
		ob-stats --partial $opts "$dir/all.ogn" > "$dir/s.json" 2>/dev/null || true
		run -1 ob-stats --merge --partial "$dir/s.json"
		[ "$output" = "$(cat "$dir/s.json")" ]
	done
}

@test "--merge memory does not grow with its input: zeros and an endless state" {
	[ -x /usr/bin/time ] || sh "$ROOT/tests/need.sh" time
	# failed before: the whole input was read first (198 MB for 200 MB of
	# zeros, 1.45 GB for a 26 MB state)
	dir="$BATS_TEST_TMPDIR"
	big=200000000
	[ "$OB_QUICK" = 1 ] && big=50000000
	head -c -3 "$BATS_FILE_TMPDIR/event.json" > "$dir/open.json"
	for n in 1000000 $big; do
		head -c $n /dev/zero | /usr/bin/time -o "$dir/zero.$n" -f %M \
			ob-stats --merge 2>/dev/null && false
		{ cat "$dir/open.json"; head -c $n /dev/zero | tr '\0' ' '; } |
			/usr/bin/time -o "$dir/spaces.$n" -f %M \
				ob-stats --merge 2> "$dir/err" && false
		grep -q "expected ',' or ']', not the end of the input" "$dir/err"
	done
	for kind in zero spaces; do
		small=$(tail -1 "$dir/$kind.1000000") large=$(tail -1 "$dir/$kind.$big")
		echo "$kind: 1 MB $small KB, $big bytes $large KB"
		[ "$large" -le $((small + 1024)) ]
		[ "$OB_QUICK" = 1 ] || [ "$large" -le 8192 ]
	done
}
