#!/usr/bin/env bats
# ob-stats on three-player Plattraum (plattraum.md section 12): results
# counted per army and recounted with awk from the Result tags, the
# eliminations per army and by whom recounted from ob-validate's
# positions, terminations as ob-validate finds them, checks and mates by
# the moves' suffixes, --by with two- and three-army games, partial states
# (their three-army figures checked, merges equal to one run), the HTML
# page; two-army reports as before.

load common

setup_file() {
	local dir="$BATS_FILE_TMPDIR" n=120
	# games played to their end (or stopped at a random ply); as many in
	# a quick (sanitizer) run, which the tests' counts need: 40 games
	# hold too few eliminations and no last army left
	ob-validate -V plattraum --generate "$n" --seed 5 -m 1500 >"$dir/p3.ogn"
	ob-validate -q --positions "$dir/p3.ogn" >"$dir/p3.pos"
	ob-validate -V plattraum-2p --generate 40 --seed 5 >"$dir/p2.ogn"
	cat "$dir/p3.ogn" "$dir/p2.ogn" >"$dir/mixed.ogn"
}

setup() {
	sh "$ROOT/tests/need.sh" jq
	T="$BATS_FILE_TMPDIR"
}

# The rows of one section of a TSV report, header first.
section() {
	awk -v s="# $1" '$0 == s { on = 1; next } on && /^$/ { exit } on'
}

# Points kept in sixths as the report writes them: whole, a half, or two
# decimals.
points_awk='function points(x) {
	if (x % 3) return sprintf("%.2f", x / 6)
	return sprintf("%d%s", int(x / 6), x % 6 ? ".5" : "")
}'

# From the Result tags alone: "result MARKER GAMES" for each result, and
# "army A WINS DRAWS POINTS" for each army.
results_recount() {
	awk "$points_awk"'
	/^\[Result / {
		r = $2; gsub(/[]"]/, "", r); n[r]++
		if (r == "*") next
		split(r, s, "-")
		for (a = 1; a <= 3; a++) {
			x = s[a] == "1" ? 6 : s[a] == "1/2" ? 3 : s[a] == "1/3" ? 2 : 0
			if (x == 6) wins[a]++
			else if (x) draws[a]++
			pts[a] += x
		}
	}
	END {
		for (r in n) print "result " r " " n[r]
		for (a = 1; a <= 3; a++)
			print "army " a " " wins[a] + 0 " " draws[a] + 0 " " points(pts[a])
	}' "$@" | sort
}

# The eliminations of three-army games from their --positions: the armies
# whose Granddukes leave the board between two positions, and by whom
# (spec section 6).  P is the army after the mover M among those in: an
# army eliminated alone is P for want of a move (credited to M), or any
# other by P's attack; when two go, P's attack took both if P is to move,
# else P had no move (M), and with it M went by the third army's attack
# (the position names no other case but "P attacked the third, then had
# no move" against "the third had no move either", printed as
# "ambiguous").  Prints "out A BY B" and "nomove A" per elimination.
eliminations_recount() {
	awk '
	function armies(pfen,    s, a) {
		s = ""
		for (a = 1; a <= 3; a++) if (index(pfen, "Gd" a)) s = s a
		return s
	}
	function after(m, set,    k, a) {
		for (k = 1; k <= 3; k++) { a = (m + k - 1) % 3 + 1; if (index(set, a)) return a }
	}
	/^# game/ { have = 0; next }
	/^#/ { next }
	{
		split($0, f, " "); now = armies(f[1]); side = f[2]
		if (have && now != before) {
			M = mover; P = after(M, before); nv = 0
			for (a = 1; a <= 3; a++) {
				v[a] = index(before, a) && !index(now, a)
				if (v[a]) { nv++; V = a }
			}
			if (nv == 1 && V == P) print "out " V " by " M "\nnomove " V
			else if (nv == 1) print "out " V " by " P
			else if (side == P) {
				for (a = 1; a <= 3; a++) if (v[a]) print "out " a " by " P
			} else {
				print "out " P " by " M "\nnomove " P
				if (v[M]) print "out " M " by " (6 - M - P)
				else print "ambiguous"
			}
		}
		have = 1; before = now; mover = side
	}' "$@" | sort | uniq -c | awk '{ $1 = $1; n = $1; $1 = ""; print substr($0, 2) " " n }'
}

@test "results per army: each 1-0-0 style result, wins, draws and points as the Result tags give" {
	run -0 --separate-stderr ob-stats --json "$T/p3.ogn"
	echo "$output" >"$BATS_TEST_TMPDIR/r.json"
	mine=$( {
		jq -r '.results[] | select(.games > 0) | "result \(.marker) \(.games)"' "$BATS_TEST_TMPDIR/r.json"
		jq -r '.armies[] | "army \(.army) \(.wins) \(.draws) \(.points)"' "$BATS_TEST_TMPDIR/r.json"
	} | sort)
	diff -u <(results_recount "$T/p3.ogn") <(echo "$mine")
	# every three-army result has its row, and no two-army one
	[ "$(jq -r '[.results[].marker] | join(" ")' "$BATS_TEST_TMPDIR/r.json")" = \
		"1-0-0 0-1-0 0-0-1 1/2-1/2-0 1/2-0-1/2 0-1/2-1/2 1/3-1/3-1/3 *" ]
	[ "$(jq -r '.results[6].result' "$BATS_TEST_TMPDIR/r.json")" = "all three draw" ]
	# wins in all three columns, and draws of each pair
	[ "$(jq '[.results[0:6][] | select(.games > 0)] | length' "$BATS_TEST_TMPDIR/r.json")" -eq 6 ]
}

@test "eliminations per army and by whom, as the positions show them" {
	run -0 eliminations_recount "$T/p3.pos"
	recount=$output
	[[ "$recount" != *ambiguous* ]]
	mine=$(ob-stats -q --json "$T/p3.ogn" | jq -r '.armies[] | . as $r
		| ((1, 2, 3) | select($r["by_army_\(.)"] > 0)
		   | "out \($r.army) by \(.) \($r["by_army_\(.)"])"),
		  (select(.no_move > 0) | "nomove \(.army) \(.no_move)")' | sort)
	diff -u <(echo "$recount") <(echo "$mine")
	# eliminations made add up to those suffered; the armies eliminate
	# each other in most ways, and each lacks a move somewhere
	ob-stats -q --json "$T/p3.ogn" >"$BATS_TEST_TMPDIR/r.json"
	[ "$(jq '[.armies[].eliminations] | add' "$BATS_TEST_TMPDIR/r.json")" = \
		"$(jq '[.armies[].eliminated] | add' "$BATS_TEST_TMPDIR/r.json")" ]
	[ "$(echo "$recount" | grep -c '^out ')" -ge 5 ]
	[ "$(echo "$recount" | grep -c '^nomove ')" -eq 3 ]
}

@test "terminations as ob-validate finds them, the last army left among them" {
	ob-stats -q --json "$T/p3.ogn" >"$BATS_TEST_TMPDIR/r.json"
	mine=$(jq -r '.terminations[] | select(.games > 0) | "\(.termination) \(.games)"' \
		"$BATS_TEST_TMPDIR/r.json" | sort)
	theirs=$(ob-validate -q --json "$T/p3.ogn" | jq -r .termination | sort | uniq -c |
		awk '{ n = $1; $1 = ""; sub(/^ /, ""); if ($0 == "none") $0 = "none recorded"; print $0 " " n }' | sort)
	[ "$mine" = "$theirs" ]
	[[ "$mine" == *"last army left"* ]]
	# checkmate and stalemate end two armies' games only: no rows
	[ "$(jq -r '[.terminations[].termination] | join(",")' "$BATS_TEST_TMPDIR/r.json")" = \
		"far-corner win,last army left,threefold repetition,100 half-moves,none recorded" ]
	# the games won by the last army left: one a win in the results
	last=$(jq '.terminations[1].games' "$BATS_TEST_TMPDIR/r.json")
	wins=$(jq '[.results[0:3][].games] | add' "$BATS_TEST_TMPDIR/r.json")
	[ "$wins" -ge "$last" ] && [ "$last" -gt 0 ]
}

@test "checks and mates by the moves' suffixes: + attacks a Grandduke, # the last elimination" {
	# main-line moves by code, from the canonical text (variations and
	# comments dropped): checks are moves with + or #, mates with #
	recount=$(awk '
	function flush(    n, t, i, depth, p) {
		gsub(/\{[^}]*\}/, " ", text); gsub(/\(/, " ( ", text); gsub(/\)/, " ) ", text)
		n = split(text, t, " "); depth = 0
		for (i = 1; i <= n; i++) {
			if (t[i] == "(") { depth++; continue }
			if (t[i] == ")") { depth--; continue }
			if (depth || t[i] !~ /^[A-Z][a-z][a-l][0-9]/) continue
			p = substr(t[i], 1, 2)
			if (t[i] ~ /[+#]$/) checks[p]++
			if (t[i] ~ /#$/) mates[p]++
		}
		text = ""
	}
	/^\[Event / { flush() }
	/^\[/ { next }
	{ text = text " " $0 }
	END {
		flush()
		for (p in checks) print "checks " p " " checks[p]
		for (p in mates) print "mates " p " " mates[p]
	}' "$T/p3.ogn" | sort)
	mine=$(ob-stats -q --json "$T/p3.ogn" | jq -r '.pieces[] | . as $p
		| ("checks", "mates") | select($p[.] > 0) | "\(.) \($p.piece) \($p[.])"' | sort)
	diff -u <(echo "$recount") <(echo "$mine")
	# no far-corner win among these games: every # is a last elimination
	[ "$(ob-stats -q --json "$T/p3.ogn" | jq '.terminations[0].games')" -eq 0 ]
	[ "$(echo "$mine" | awk '/^mates/ { s += $3 } END { print s }')" -eq \
		"$(ob-validate -q --json "$T/p3.ogn" | grep -c '"last army left"')" ]
}

@test "--by with three armies: per result, per player, and beside two-army games" {
	# --by Result: a group a result, its own figures
	run -0 --separate-stderr ob-stats --json --by Result "$T/p3.ogn"
	[ "$(echo "$output" | jq -r '[.groups[].value] | join(" ")')" = \
		"$(grep '^\[Result ' "$T/p3.ogn" | cut -d'"' -f2 | sort -u | tr '\n' ' ' | sed 's/ $//')" ]
	[ "$(echo "$output" | jq -r '.groups[] | select(.value == "0-0-1") | .armies[2].wins')" = \
		"$(grep -c '^\[Result "0-0-1"\]' "$T/p3.ogn")" ]
	# a player tag of each army
	run -0 --separate-stderr ob-stats --json --by Army3 "$T/p3.ogn"
	[ "$(echo "$output" | jq -r '[.groups[].value] | join(",")')" = "random" ]
	# two- and three-army games: each group its own rows and sections,
	# each as the run over its games alone
	run -0 --separate-stderr ob-stats --json --by Variant "$T/mixed.ogn"
	[ "$(echo "$output" | jq -r '[.groups[] | "\(.value):\(has("armies")):\(.results | length)"] | join(",")')" = \
		"Plattraum:true:8,Plattraum Two-Player:false:4" ]
	[ "$(echo "$output" | jq -c '.groups[0] | del(.value)')" = \
		"$(ob-stats -q --json "$T/p3.ogn" | jq -c .)" ]
	[ "$(echo "$output" | jq -c '.groups[1] | del(.value)')" = \
		"$(ob-stats -q --json "$T/p2.ogn" | jq -c .)" ]
	# one group of both: both kinds of result, both kinds of end
	run -0 --separate-stderr ob-stats --tsv "$T/mixed.ogn"
	[ "$(echo "$output" | section results | cut -f2 | tr '\n' ' ')" = \
		"marker 1-0 0-1 1/2-1/2 1-0-0 0-1-0 0-0-1 1/2-1/2-0 1/2-0-1/2 0-1/2-1/2 1/3-1/3-1/3 * " ]
	[ "$(echo "$output" | section terminations | cut -f1 | tr '\n' ',')" = \
		"termination,checkmate,far-corner win,last army left,stalemate,threefold repetition,100 half-moves,none recorded," ]
}

@test "openings with three armies: each army's wins, and army 1's points" {
	run -0 --separate-stderr ob-stats --tsv --openings 1 --top 0 "$T/p3.ogn"
	echo "$output" | section openings >"$BATS_TEST_TMPDIR/o.tsv"
	[ "$(head -1 "$BATS_TEST_TMPDIR/o.tsv")" = "$(printf 'moves\tgames\tarmy_1_wins\tarmy_2_wins\tarmy_3_wins\tdraws\tunfinished\tpoints\tscore')" ]
	# the columns add up to the games, and army 1's points to the
	# results' figure for army 1
	awk -F'\t' 'NR > 1 && $3 + $4 + $5 + $6 + $7 != $2 { bad = 1 } END { exit bad }' \
		"$BATS_TEST_TMPDIR/o.tsv"
	# (in sixths: a figure with two decimals is a whole number of them)
	sum=$(awk -F'\t' 'NR > 1 { s += int($8 * 6 + 0.5) } END { print s }' "$BATS_TEST_TMPDIR/o.tsv")
	army1=$(echo "$output" | section armies | awk -F'\t' '$1 == 1 { print int($4 * 6 + 0.5) }')
	[ "$sum" = "$army1" ]
}

@test "partial states: merged, with threads, they give one run's bytes" {
	dir="$BATS_TEST_TMPDIR"
	split_at=$(grep -n '^\[Event ' "$T/p3.ogn" | sed -n '61p' | cut -d: -f1)
	head -n $((split_at - 1)) "$T/p3.ogn" >"$dir/a.ogn"
	tail -n +"$split_at" "$T/p3.ogn" >"$dir/b.ogn"
	for fmt in "" --json --tsv "-f html"; do
		ob-stats -q $fmt --by Result --openings 2 --top 0 "$T/mixed.ogn" >"$dir/one"
		ob-stats -q $fmt --by Result --openings 2 --top 0 -j 3 "$T/mixed.ogn" >"$dir/j3"
		cmp "$dir/one" "$dir/j3"
		for f in a b; do
			ob-stats -q --partial --by Result --openings 2 "$dir/$f.ogn" >"$dir/$f.json"
		done
		ob-stats -q --partial --by Result --openings 2 "$T/p2.ogn" >"$dir/c.json"
		ob-stats --merge $fmt --top 0 "$dir/a.json" "$dir/b.json" "$dir/c.json" >"$dir/m"
		# the same bytes, but for the page's heading, which names the
		# files read
		cmp <(sed '1,/^<h1>/d' "$dir/one") <(sed '1,/^<h1>/d' "$dir/m")
		cmp <(sed '/^<h1>/,$d' "$dir/one" | grep -v '^<title>') \
			<(sed '/^<h1>/,$d' "$dir/m" | grep -v '^<title>')
	done
	# the state holds the eliminations, and reads back to itself
	grep -q '"version":6,' "$dir/a.json"
	grep -q '^ "eliminations":\[\[0,[0-9]*,[0-9]*,[0-9]*\],\[' "$dir/a.json"
	run -0 ob-stats --merge --partial "$dir/a.json"
	[ "$output" = "$(cat "$dir/a.json")" ]
}

# refused SED REASON: the state of the three-army games edited by SED is
# refused with exit 2, no report, and a diagnostic naming a line, a column
# and a reason that contains REASON.
refused() {
	local edit=$1 reason=$2 file="$BATS_TEST_TMPDIR/bad.json"
	sed -e "$edit" "$T/p3.json" >"$file"
	! cmp -s "$file" "$T/p3.json" || { echo "the edit $edit changed nothing"; return 1; }
	run -2 --separate-stderr ob-stats --merge "$file"
	[ -z "$output" ] || { echo "a report was written"; return 1; }
	[[ "$stderr" =~ ob-stats:\ $file:[0-9]+:[0-9]+:\ .*"$reason" ]] ||
		{ echo "$edit: expected '$reason' in: $stderr"; return 1; }
}

@test "partial states: three-army figures that disagree are named with their place" {
	ob-stats -q --partial "$T/p3.ogn" >"$T/p3.json"
	ob-stats -q --partial "$T/p2.ogn" >"$T/p2.json"
	# an army by itself; more for want of a move than in all
	refused 's/"eliminations":\[\[0,/"eliminations":[[1,/' "army 1 eliminated by itself"
	refused 's/"eliminations":\[\[0,\([0-9]*\),\([0-9]*\),[0-9]*\]/"eliminations":[[0,\1,\2,99999]/' \
		"army 1: 99999 eliminations for want of a move"
	# more than two a game; fewer than the last armies' wins need
	refused 's/"eliminations":\[\[0,\([0-9]*\),/"eliminations":[[0,99999,/' \
		"eliminations in $(grep -c '^\[Event ' "$T/p3.ogn") valid games (two at most in a game)"
	refused 's/"eliminations":.*/"eliminations":[[0,0,0,0],[0,0,0,0],[0,0,0,0]],/' \
		"0 eliminations, "
	# results and ends of the other number of armies (each problem is
	# named, beside the sums they break)
	refused 's/"results":\[0,/"results":[1,/' \
		"results 1-0, of two armies, which no variant played has"
	run -2 --separate-stderr ob-stats --merge <(sed 's/"terminations":\[\([0-9]*\),0,0,/"terminations":[\1,0,1,/' "$T/p2.json")
	[[ "$stderr" == *"wins of the last army left, which no variant played has"* ]]
	run -2 --separate-stderr ob-stats --merge <(sed 's/"eliminations":\[\[0,0,0,0\]/"eliminations":[[0,1,0,0]/' "$T/p2.json")
	[[ "$stderr" == *"eliminations, which no variant played has"* ]]
	run -2 --separate-stderr ob-stats --merge <(sed 's/"results":\[\([0-9]*\),\([0-9]*\),\([0-9]*\),0,/"results":[\1,\2,\3,1,/' "$T/p2.json")
	[[ "$stderr" == *"results 1-0-0, of three armies, which no variant played has"* ]]
	# the mates: the last armies' wins
	refused 's/\["Ds",\([0-9]*\),\([0-9]*\),\([0-9]*\),\([0-9]*\),\([0-9]*\),/["Ds",\1,\2,\3,\4,99999,/' \
		"mates given"
}

@test "the HTML page of three armies: its figures are the JSON's, and it is valid" {
	sh "$ROOT/tests/need.sh" tidy xmllint
	ob-stats -q -f html --openings 1 "$T/p3.ogn" >"$BATS_TEST_TMPDIR/p.html"
	ob-stats -q --json --openings 1 "$T/p3.ogn" >"$BATS_TEST_TMPDIR/p.json"
	grep -q '<h3>Armies (three players' "$BATS_TEST_TMPDIR/p.html"
	# each figure of the armies' table as in the JSON
	grep -o 'data-key="armies\.[0-9]\.[a-z_0-9]*" data-value="[^"]*"' "$BATS_TEST_TMPDIR/p.html" |
		sed 's/data-key="\([^"]*\)" data-value="\([^"]*\)"/\1 \2/' | sort -u >"$BATS_TEST_TMPDIR/page"
	jq -r '.armies | to_entries[] | .key as $i | .value | to_entries[] | "armies.\($i).\(.key) \(.value)"' \
		"$BATS_TEST_TMPDIR/p.json" | sort >"$BATS_TEST_TMPDIR/doc"
	diff -u "$BATS_TEST_TMPDIR/doc" "$BATS_TEST_TMPDIR/page"
	xmllint --noout "$BATS_TEST_TMPDIR/p.html"
	[ -z "$(tidy -q -e "$BATS_TEST_TMPDIR/p.html" 2>&1 | grep -v '<svg> proprietary attribute "font-family"')" ]
}

@test "two-army reports as before: no armies, no last army, no three-army results" {
	run -0 --separate-stderr ob-stats --json "$T/p2.ogn"
	[ "$(echo "$output" | jq 'has("armies")')" = false ]
	[ "$(echo "$output" | jq -r '[.results[].marker] | join(" ")')" = "1-0 0-1 1/2-1/2 *" ]
	[[ "$(echo "$output" | jq -r '[.terminations[].termination] | join(",")')" != *"last army"* ]]
}
