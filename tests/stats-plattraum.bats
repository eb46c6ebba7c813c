#!/usr/bin/env bats
# ob-stats on Plattraum's hexagonal board: a hand-made collection worked
# out by hand (a Grandduke swap, a cannon's capture, promotions, a
# far-corner win); generated collections of the four two-player variants
# recounted with awk against --json; --by, --openings, --cells, threads
# and partial states; the other boards' reports untouched.

load common

HAND="$TESTDATA/stats/plattraum.ogn"
VARIANTS="plattraum-2p plattraum-multiple plattraum-knighted plattraum-liu-yang"

setup_file() {
	local dir="$BATS_FILE_TMPDIR" n=150 v
	[ "$OB_QUICK" = 1 ] && n=50
	for v in $VARIANTS; do
		ob-validate -V "$v" --generate "$n" --seed 11 |
			ob-validate --normalize >"$dir/$v.ogn"
	done
	cat "$dir"/plattraum-*.ogn >"$dir/all.ogn"
}

setup() {
	sh "$ROOT/tests/need.sh" jq
}

# The rows of one section of a TSV report, header first.
section() {
	awk -v s="# $1" '$0 == s { on = 1; next } on && /^$/ { exit } on'
}

# ---------------------------------------------------------------------
# The hand-made collection, testdata/stats/plattraum.ogn: four games.
#
#  1 Liu Yang, PFEN: army 1 Gd f1, Hc f2, Fc d1, Cp d3, Cp c7; army 2
#    Gd k7, Sn d5.  Gdf1-f2&Hcf2-f1 (a swap: the Grandduke ends on f2),
#    Gdk7-k6, Fcd1xd5 (over the screen on d3, the Sennight captured),
#    Gdk6-k7, Cpc7-c8=Sg (army 1 has no Sling of its setup's two), *.
#  2 Liu Yang from the start: Gdf1-e1&Sge1-f1 Gdf11-e10&Sge10-f11,
#    1/2-1/2 (agreed).
#  3 Two-Player, PFEN: army 1's whole setup but the Corporal of f4, which
#    stands on f10; army 2 Gd a1.  Cpf10-f11=Ds#: a far-corner win, 1-0.
#    The new Duchess also attacks a1 along f11 e9 d7 c5 b3: a check.
#  4 Liu Yang: Cpf5-f7, invalid.
#
# Valid games 3, plies 5 + 2 + 1 = 8.
# ---------------------------------------------------------------------

@test "hand: the bad game reported with its code; results by army; the far-corner win" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	[ "$stderr" = "ob-stats: $HAND:28:9: game 4, ply 1 (Cpf5-f7): a Corporal cannot move two cells" ]
	[ "$(echo "$output" | section games | sed -n 2p)" = "$(printf '4\t3\t1')" ]
	expected=$(printf '%s\n' 'result	marker	games	percent' \
		'army 1 wins	1-0	1	33.3' 'army 2 wins	0-1	0	0.0' \
		'draws	1/2-1/2	1	33.3' 'unfinished	*	1	33.3')
	[ "$(echo "$output" | section results)" = "$expected" ]
	expected=$(printf '%s\n' 'termination	games	percent' \
		'checkmate	0	0.0' 'far-corner win	1	33.3' \
		'stalemate	0	0.0' 'threefold repetition	0	0.0' \
		'100 half-moves	0	0.0' 'none recorded	2	66.7')
	[ "$(echo "$output" | section terminations)" = "$expected" ]
}

@test "hand: pieces by code: moves, captures, captured, checks, mates, promotions" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# Gd: two swaps in game 2, one and two steps in game 1 = 5; Cp: the
	# promotions to Sg and Ds (the far-corner win gives check); Fc: the
	# capture of the Sennight.  The Two-Player kinds first, in the order
	# of its table, then Liu Yang's others.
	expected=$(printf '%s\n' \
		'piece	name	moves	captures	captured	checks	mates	promotions' \
		'Gd	Grandduke	5	0	0	0	0	0' \
		'Ds	Duchess	0	0	0	0	0	1' \
		'Fr	Forerook	0	0	0	0	0	0' \
		'Hr	Hindrook	0	0	0	0	0	0' \
		'Un	Unicorn	0	0	0	0	0	0' \
		'Sn	Sennight	0	0	1	0	0	0' \
		'Cp	Corporal	2	0	0	1	0	0' \
		'Sg	Sling	0	0	0	0	0	1' \
		'Fc	Forecannon	1	1	0	0	0	0' \
		'Hc	Hindcannon	0	0	0	0	0	0')
	[ "$(echo "$output" | section pieces)" = "$expected" ]
	run -1 --separate-stderr ob-stats "$HAND"
	echo "$output" | grep -qx 'Pieces (by the code that moves)'
}

@test "hand: swaps and cannon captures, only where a variant played has them" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	[ "$(echo "$output" | section special)" = \
		"$(printf 'swaps\tcannon_captures\n3\t1')" ]
	run -1 --separate-stderr ob-stats --by Event --tsv "$HAND"
	[ "$(echo "$output" | section special)" = \
		"$(printf 'Event\tswaps\tcannon_captures\nLiu Yang\t3\t1')" ]
	# with Diagonal Oblong games in the report, every group has the
	# columns of all
	run -1 --separate-stderr ob-stats --by Event --tsv "$HAND" "$TESTDATA/stats/hand.ogn"
	expected=$(printf '%s\n' \
		'Event	castlings	guardings	en_passant	swaps	cannon_captures' \
		'C	1	1	1	0	0' 'Liu Yang	0	0	0	3	1')
	[ "$(echo "$output" | section special)" = "$expected" ]
}

@test "hand: branching factor: the library's legal moves before each ply" {
	run -1 --separate-stderr ob-stats --tsv "$HAND"
	# the position before each ply: each game's positions but its last
	counts=$(ob-validate -q --positions "$HAND" 2>/dev/null |
		awk '/^#/ { pending = ""; print; next }
		     { if (pending != "") print pending; pending = $0 }' |
		ob-fen --json | grep -ao '"legal_moves":[0-9]*' |
		awk -F: '{ s += $2; n++ } END { print n "\t" s }')
	[ "$counts" = "$(printf '8\t206')" ]
	[ "$(echo "$output" | section branching | sed -n 2p)" = \
		"$(printf 'all\t8\t206\t25.75')" ]
}

@test "hand: openings with '#' on the far-corner win and swaps in full; columns by army" {
	run -1 --separate-stderr ob-stats --tsv --openings 1 "$HAND"
	expected=$(printf '%s\n' \
		'moves	games	army_1_wins	draws	army_2_wins	unfinished	points	score' \
		'Cpf10-f11=Ds#	1	1	0	0	0	1	100.0' \
		'Gdf1-e1&Sge1-f1	1	0	1	0	0	0.5	50.0' \
		'Gdf1-f2&Hcf2-f1	1	0	0	0	1	0	')
	[ "$(echo "$output" | section openings)" = "$expected" ]
	# the openings' moves are the games' own text
	run -1 --separate-stderr ob-stats --tsv --openings 2 "$HAND"
	expected=$(printf '%s\n' \
		'Gdf1-e1&Sge1-f1 Gdf11-e10&Sge10-f11' 'Gdf1-f2&Hcf2-f1 Gdk7-k6')
	[ "$(echo "$output" | section openings | sed 1d | cut -f1)" = "$expected" ]
}

@test "hand: --cells: the hexagonal board's 91 cells by name" {
	run -1 --separate-stderr ob-stats --cells - "$HAND"
	[ "${lines[0]}" = "#variant plattraum-2p" ]
	# every cell of the board once, a1-a6 ... f1-f11 ... l1-l6, no j
	names=$(echo "$output" | awk '!/^#/ { print $1 }' | sort | tr '\n' ' ')
	expected=$(for f in a:6 b:7 c:8 d:9 e:10 f:11 g:10 h:9 i:8 k:7 l:6; do
		seq -f "${f%:*}%g" 1 "${f#*:}"; done | sort | tr '\n' ' ')
	[ "$names" = "$expected" ]
	nonzero=$(echo "$output" | awk '!/^#/ && $2 != 0' | sort | tr '\n' ' ')
	# game 1: f2 k6 d5 k7 c8; game 2: e1 e10; game 3: f11
	[ "$nonzero" = "c8 1 d5 1 e1 1 e10 1 f11 1 f2 1 k6 1 k7 1 " ]
	# an Oblique game beside them: two boards, refused
	run -2 --separate-stderr ob-stats --cells - "$HAND" "$TESTDATA/stats/hand.ogn"
	[ "${stderr##*$'\n'}" = "ob-stats: --cells: the games are on the boards of several variants (oblique, diagonal-oblong, plattraum-2p, plattraum-liu-yang), and its output holds one" ]
}

@test "hand: the whole report by variant (golden file)" {
	golden="$TESTDATA/stats/plattraum-by-variant.text"
	run -1 --separate-stderr ob-stats --by Variant --openings 1 "$HAND"
	[ "${OB_UPDATE_GOLDEN:-0}" = 1 ] && printf '%s\n' "$output" > "$golden"
	diff -u "$golden" <(printf '%s\n' "$output")
}

@test "a group of Plattraum and other games: both names" {
	run -1 --separate-stderr ob-stats --tsv "$HAND" "$TESTDATA/stats/hand.ogn"
	[ "$(echo "$output" | section results | cut -f1 | sed -n '2,3p' | tr '\n' ,)" = \
		"White or army 1 wins,Black or army 2 wins," ]
	run -1 --separate-stderr ob-stats --openings 1 "$HAND" "$TESTDATA/stats/hand.ogn"
	echo "$output" | grep -qx 'Pieces (by the letter or code that moves)'
	# openings keep White's columns when the report is not all Plattraum
	echo "$output" | grep -q '^  moves .* white wins  draws  black wins'
}

# ---------------------------------------------------------------------
# Generated collections, recounted with awk over the normalised games.
# ---------------------------------------------------------------------

# Main-line figures of Plattraum OGN games, comments and variations
# dropped: moves by the code that moves, captures, checks and mates (no
# generated game ends by a far-corner win, checked below, so '#' is a
# mate), promotions by code, swaps, cannon captures, destination cells.
recount() {
	awk '
	function flush() {
		if (!ingame) return
		gsub(/\{[^}]*\}/, " ", text); gsub(/\(/, " ( ", text)
		gsub(/\)/, " ) ", text)
		n = split(text, tok, " "); depth = 0
		for (i = 1; i <= n; i++) {
			t = tok[i]
			if (t == "(") { depth++; continue }
			if (t == ")") { depth--; continue }
			if (depth || t !~ /^[A-Z][a-z][a-l][0-9]+[-x][a-l][0-9]+/)
				continue
			plies++; p = substr(t, 1, 2); moves[p]++
			match(t, /^[A-Z][a-z][a-l][0-9]+/); sep = substr(t, RLENGTH + 1, 1)
			rest = substr(t, RLENGTH + 2); match(rest, /^[a-l][0-9]+/)
			cells[substr(rest, 1, RLENGTH)]++
			if (sep == "x") {
				captures[p]++
				if (p == "Fc" || p == "Hc" || p == "Sg") cannon++
			}
			if (t ~ /[+#]$/) checks[p]++
			if (t ~ /#$/) mates[p]++
			if (t ~ /=/) promotions[substr(t, index(t, "=") + 1, 2)]++
			if (t ~ /&/) swaps++
		}
		games++; results[result]++
		text = ""; ingame = 0
	}
	/^\[Event / { flush() }
	/^\[Result / { result = $2; gsub(/[]"]/, "", result) }
	/^\[/ { next }
	/./ { text = text " " $0; ingame = 1 }
	END {
		flush()
		printf "games %d\nplies %d\nswaps %d\ncannon %d\n", games, plies, swaps, cannon
		for (r in results) printf "result %s %d\n", r, results[r]
		for (p in moves) printf "moves %s %d\n", p, moves[p]
		for (p in captures) printf "captures %s %d\n", p, captures[p]
		for (p in checks) printf "checks %s %d\n", p, checks[p]
		for (p in mates) printf "mates %s %d\n", p, mates[p]
		for (p in promotions) printf "promotions %s %d\n", p, promotions[p]
		for (c in cells) printf "cell %s %d\n", c, cells[c]
	}' "$@" | sort
}

# The same figures from ob-stats --json (and --cells).
figures() {
	ob-stats -q --json "$@" | jq -r '
		"games \(.games.valid)", "plies \(.length.plies)",
		"swaps \(.special.swaps // 0)",
		"cannon \(.special.cannon_captures // 0)",
		(.results[] | select(.games > 0) | "result \(.marker) \(.games)"),
		(.pieces[] | . as $p
		 | ("moves", "captures", "checks", "mates", "promotions")
		 | select($p[.] > 0) | "\(.) \($p.piece) \($p[.])")'
	ob-stats -q --cells - "$@" | awk '!/^#/ && $2 { print "cell " $1 " " $2 }'
}

@test "generated: each variant's figures agree with awk over its games" {
	for v in $VARIANTS; do
		gen="$BATS_FILE_TMPDIR/$v.ogn"
		run diff -u <(recount "$gen") <(figures "$gen" | sort)
		echo "$v: $output"
		[ "$status" -eq 0 ]
		[ "$(recount "$gen" | grep -c '^promotions')" -gt 0 ]
	done
	# the Liu Yang games swap and capture with cannons
	[ "$(recount "$BATS_FILE_TMPDIR/plattraum-liu-yang.ogn" | awk '/^(swaps|cannon) / && $2 > 0' | wc -l)" -eq 2 ]
}

@test "generated: terminations as ob-validate finds them; lengths; openings add up" {
	for v in $VARIANTS; do
		gen="$BATS_FILE_TMPDIR/$v.ogn"
		ob-stats -q --json --openings 2 --top 0 "$gen" >"$BATS_TEST_TMPDIR/r.json"
		ob-validate -q --json "$gen" >"$BATS_TEST_TMPDIR/v.json"
		mine=$(jq -r '.terminations[] | select(.games > 0) | "\(.termination) \(.games)"' \
			"$BATS_TEST_TMPDIR/r.json" | sort)
		theirs=$(jq -r '.termination' "$BATS_TEST_TMPDIR/v.json" | sort | uniq -c |
			awk '{ n = $1; $1 = ""; sub(/^ /, ""); if ($0 == "none") $0 = "none recorded"; print $0 " " n }' | sort)
		[ "$mine" = "$theirs" ]
		[ "$(jq '.terminations[1] | [.termination, .games] == ["far-corner win", 0]' "$BATS_TEST_TMPDIR/r.json")" = true ]
		plies=$(jq -s 'map(.plies) | add' "$BATS_TEST_TMPDIR/v.json")
		[ "$(jq .length.plies "$BATS_TEST_TMPDIR/r.json")" = "$plies" ]
		long=$(jq -s 'map(select(.plies >= 2)) | length' "$BATS_TEST_TMPDIR/v.json")
		[ "$(jq '[.openings[].games] | add' "$BATS_TEST_TMPDIR/r.json")" = "$long" ]
		[ "$(jq '[.openings[] | .army_1_wins + .army_2_wins + .draws + .unfinished] | add' "$BATS_TEST_TMPDIR/r.json")" = "$long" ]
	done
}

@test "generated: --by Variant, one group a variant, pieces by their own codes" {
	run -0 --separate-stderr ob-stats --json --by Variant "$BATS_FILE_TMPDIR/all.ogn"
	[ "$(echo "$output" | jq -r '.groups | map(.value) | join(",")')" = \
		"Plattraum Knighted,Plattraum Liu Yang,Plattraum Multiple,Plattraum Two-Player" ]
	[ "$(echo "$output" | jq -r '.groups[3].pieces | map(.piece) | join(" ")')" = "Gd Ds Fr Hr Un Sn Cp" ]
	[ "$(echo "$output" | jq -r '.groups[2].pieces | map(.piece) | join(" ")')" = "Gd Rk Fd Hd Fr Hr Un Sn Cp" ]
	[ "$(echo "$output" | jq -r '.groups[0].pieces | map(.piece) | join(" ")')" = "Gd Sp Fs Hs Fd Hd Rk Fr Hr Un Sn Cp" ]
	[ "$(echo "$output" | jq -r '.groups[1].pieces | map(.piece) | join(" ")')" = "Gd Sg Fc Hc Fr Hr Un Sn Cp" ]
	# a special section only for Liu Yang
	[ "$(echo "$output" | jq -r '[.groups[] | has("special")] | map(tostring) | join(",")')" = "false,true,false,false" ]
	# each group's figures are those of its variant's games alone
	for g in 0:knighted 1:liu-yang 2:multiple 3:2p; do
		[ "$(echo "$output" | jq -c ".groups[${g%%:*}] | del(.value)")" = \
			"$(ob-stats -q --json "$BATS_FILE_TMPDIR/plattraum-${g#*:}.ogn" | jq -c .)" ]
	done
}

@test "generated: -j 1 and -j 3, and partial states merged, give the same bytes" {
	all="$BATS_FILE_TMPDIR/all.ogn" dir="$BATS_TEST_TMPDIR"
	for fmt in "" --json --tsv; do
		ob-stats -q $fmt --by Result --openings 2 --top 0 -j 1 "$all" >"$dir/j1"
		ob-stats -q $fmt --by Result --openings 2 --top 0 -j 3 "$all" >"$dir/j3"
		cmp "$dir/j1" "$dir/j3"
		for v in $VARIANTS; do
			ob-stats -q --partial --by Result --openings 2 \
				"$BATS_FILE_TMPDIR/$v.ogn" >"$dir/$v.json"
		done
		ob-stats --merge $fmt --top 0 "$dir"/plattraum-*.json >"$dir/m"
		cmp "$dir/j1" "$dir/m"
	done
	# the cells of one board, from states of four variants
	ob-stats -q --cells - "$all" >"$dir/c1"
	ob-stats --merge --cells - "$dir"/plattraum-*.json >"$dir/c2"
	cmp "$dir/c1" "$dir/c2"
	[ "$(grep -vc '^#' "$dir/c1")" -eq 91 ]
	# a state read and written again is the same bytes
	ob-stats -q --partial --by Variant --openings 1 "$all" "$HAND" >"$dir/s.json" || true
	run -1 ob-stats --merge --partial "$dir/s.json"
	[ "$output" = "$(cat "$dir/s.json")" ]
}

@test "the other boards' reports are as before: no far-corner row, no army, no swaps" {
	ob-validate --generate 40 --seed 3 >"$BATS_TEST_TMPDIR/o.ogn"
	run -0 ob-stats "$BATS_TEST_TMPDIR/o.ogn"
	[[ "$output" != *far-corner* ]]
	[[ "$output" != *army* ]]
	[[ "$output" != *"Special moves"* ]]
	echo "$output" | grep -qx 'Pieces (by the letter that moves)'
}
