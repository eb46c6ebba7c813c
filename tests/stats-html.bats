#!/usr/bin/env bats
# ob-stats --format html: every figure in the page (each table cell and
# each bar, by its data-key and data-value) equals the JSON report's, for
# a generated collection of each variant and for groups of --by; the page
# is valid HTML (tidy) and well-formed (xmllint), needs nothing from
# elsewhere, escapes what the games say, and draws its heat maps as
# ob-diagram --heatmap draws the counts of --cells.

load common

VARIANTS="oblique raumschach diagonal-oblong plattraum plattraum-2p plattraum-multiple
plattraum-knighted plattraum-liu-yang chess"

setup_file() {
	local dir="$BATS_FILE_TMPDIR" v
	for v in $VARIANTS; do
		ob-validate --random 25 --seed 4 -V "$v" >"$dir/$v.ogn"
	done
}

setup() {
	T="$BATS_FILE_TMPDIR"
	sh "$ROOT/tests/need.sh" jq tidy xmllint
}

# The figures of a page, "KEY<tab>VALUE" a line, from its data attributes
# (markup undone).
page_figures() {
	grep -o 'data-key="[^"]*" data-value="[^"]*"' "$1" |
		sed -e 's/^data-key="\([^"]*\)" data-value="\([^"]*\)"$/\1\t\2/' \
		    -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' \
		    -e 's/&#xfffd;/\xef\xbf\xbd/g' -e 's/&amp;/\&/g'
}

# Compares the figures of page $1 with the JSON report $2: prints each
# figure of the page that differs from the JSON's (numbers compared as
# numbers), and each figure of the JSON that the page's tables lack.
differences() {
	page_figures "$1" >"$1.tsv"
	jq -rn --slurpfile doc "$2" --rawfile figs "$1.tsv" '
		def path_of: split(".") | map(tonumber? // .);
		[$figs | split("\n")[] | select(. != "") | split("\t")
		 | {key: .[0], value: .[1]}] as $page
		| ($page | map(.key) | unique) as $keys
		| ($page[] | . as $f | ($doc[0] | getpath($f.key | path_of)) as $v
		   | select(if $v == null then $f.value != "null"
			    elif ($v | type) == "number" then ($f.value | tonumber? // null) != $v
			    else $f.value != ($v | tostring) end)
		   | "page \($f.key)=\($f.value), json \($v)"),
		  ($doc[0] | paths(type != "object" and type != "array")
		   | map(tostring) | join(".")
		   | select(. as $k | $keys | index([$k]) | not)
		   | "missing from the page: \(.)")'
}

# tidy's report of a page, less its one false alarm: tidy 5.6 does not
# know SVG's presentation attribute font-family.
tidy_problems() {
	tidy -q -e "$1" 2>&1 | grep -v '<svg> proprietary attribute "font-family"' || true
}

@test "each variant: every figure of the page is the JSON report's" {
	for v in $VARIANTS; do
		ob-stats -q --openings 2 -f html "$T/$v.ogn" >"$T/$v.html"
		ob-stats -q --openings 2 --json "$T/$v.ogn" >"$T/$v.json"
		run -0 differences "$T/$v.html" "$T/$v.json"
		echo "$v: $output"
		[ -z "$output" ]
		# the bars too: every table of charts has its bars
		grep -q '<rect class="bar" [^>]*data-key="pieces.0.moves"' "$T/$v.html"
		grep -q '<rect class="bar" [^>]*data-key="histogram.0.games"' "$T/$v.html"
		grep -q 'class="mark-label"[^>]*>median ' "$T/$v.html"
		# a chart of each section but the games and the length's summary
		for id in $(grep -o '<table class="figures [a-z_]*"' "$T/$v.html" |
			sed 's/.* \([a-z_]*\)"$/\1/' | grep -vx -e games -e length); do
			grep -Eq "<(rect|line) class=\"(bar|median)\" [^>]*data-key=\"$id\." "$T/$v.html" ||
				{ echo "$v: no chart of $id"; return 1; }
		done
		# each figure of the pieces charted
		for col in moves captures captured checks mates promotions; do
			grep -q "<rect class=\"bar\" [^>]*data-key=\"pieces.0.$col\"" "$T/$v.html"
		done
	done
	# a sum across the page: the histogram's bars hold every valid game
	[ "$(grep -o '<rect class="bar" [^>]*data-key="histogram\.[0-9]*\.games" data-value="[0-9]*"' \
		"$T/oblique.html" | awk -F'"' '{ s += $(NF - 1) } END { print s }')" \
		-eq "$(jq .games.valid "$T/oblique.json")" ]
}

@test "--by: a section per group, figures per group, tag values escaped" {
	{
		sed '0,/\[Event "Random game"\]/s//[Event "<b>\&amp; \\"x\\" \xff"]/' \
			"$T/oblique.ogn"
		cat "$T/raumschach.ogn" "$T/diagonal-oblong.ogn"
	} >"$T/mixed.ogn"
	ob-stats -q --by Event -f html "$T/mixed.ogn" >"$T/by.html"
	ob-stats -q --by Event --json "$T/mixed.ogn" >"$T/by.json"
	run -0 differences "$T/by.html" "$T/by.json"
	echo "$output"
	[ -z "$output" ]
	[ "$(grep -c '<section class="group"' "$T/by.html")" -eq 2 ]
	grep -q '>&lt;b&gt;&amp;amp; &quot;x&quot; &#xfffd;</q></h2>' "$T/by.html"
	run -1 grep -q '<b>' "$T/by.html"
	[ -z "$(tidy_problems "$T/by.html")" ]
	xmllint --noout "$T/by.html"
}

@test "the page is valid HTML, well-formed, and needs nothing from elsewhere" {
	for v in $VARIANTS; do
		# four plies: openings whose names widen their chart
		ob-stats -q --openings 4 -f html "$T/$v.ogn" >"$T/$v.html"
		run -1 grep -q '<svg [^>]*width="[0-9]*\.' "$T/$v.html"
		run -0 tidy_problems "$T/$v.html"
		echo "$output"
		[ -z "$output" ]
		xmllint --noout "$T/$v.html"
		run -1 grep -iE '<script|<link|<img|<iframe|<object|url\(|@import|src=' "$T/$v.html"
		# the one address in the page is SVG's namespace
		[ "$(grep -o '[a-z]*://[^"]*' "$T/$v.html" | sort -u)" = "http://www.w3.org/2000/svg" ]
	done
}

@test "heat maps: ob-diagram's drawing of --cells, one per board played" {
	for v in oblique diagonal-oblong chess; do
		ob-stats -q -f html "$T/$v.ogn" >"$T/$v.html"
		ob-stats --cells - "$T/$v.ogn" | ob-diagram --heatmap -f svg |
			sed 1d >"$T/$v.svg"
		sed -n '/<svg [^>]*class="oblique-diagram/,/<\/svg>/p' "$T/$v.html" \
			>"$T/$v.page.svg"
		diff -u "$T/$v.svg" "$T/$v.page.svg"
	done
	cat "$T/oblique.ogn" "$T/raumschach.ogn" "$T/diagonal-oblong.ogn" |
		ob-stats -q --by Variant -f html >"$T/boards.html"
	# Oblique and Raumschach share the lattice: two boards, two maps
	[ "$(grep -c '<figure class="heat-map">' "$T/boards.html")" -eq 2 ]
	grep -q '<figcaption>Moves ending on each cell: games of Oblique, Raumschach</figcaption>' "$T/boards.html"
	grep -q 'class="oblique-diagram diamond"' "$T/boards.html"
}

@test "heat maps: Plattraum's board drawn as ob-diagram draws it, or a sentence why not" {
	cat "$T"/plattraum-*.ogn >"$T/hex.ogn"
	ob-stats -q -f html "$T/hex.ogn" >"$T/hex.html"
	[ -z "$(tidy_problems "$T/hex.html")" ]
	xmllint --noout "$T/hex.html"
	caption='games of Plattraum Two-Player, Plattraum Multiple, Plattraum Knighted, Plattraum Liu Yang'
	if grep -q 'class="note heat-map-missing"' "$T/hex.html"; then
		# no shape draws the board: one sentence, and ob-diagram cannot either
		grep -q "<p class=\"note heat-map-missing\">No heat map of the $caption: this page cannot draw their board, the hexagonal board; <code>--cells</code> writes its counts.</p>" "$T/hex.html"
		run -1 grep -q '<figure class="heat-map">' "$T/hex.html"
		run ob-diagram --heatmap -f svg < <(ob-stats --cells - "$T/hex.ogn")
		[ "$status" -ne 0 ]
	else
		[ "$(grep -c '<figure class="heat-map">' "$T/hex.html")" -eq 1 ]
		grep -q "<figcaption>Moves ending on each cell: $caption</figcaption>" "$T/hex.html"
		ob-stats --cells - "$T/hex.ogn" | ob-diagram --heatmap -f svg |
			sed 1d >"$T/hex.svg"
		sed -n '/<svg [^>]*class="oblique-diagram/,/<\/svg>/p' "$T/hex.html" \
			>"$T/hex.page.svg"
		diff -u "$T/hex.svg" "$T/hex.page.svg"
	fi
	# beside a board that is drawn, that board's map is still there
	cat "$T/oblique.ogn" "$T/hex.ogn" | ob-stats -q -f html >"$T/two.html"
	grep -q '<figcaption>Moves ending on each cell: games of Oblique</figcaption>' "$T/two.html"
}

@test "the same bytes: again, with threads, and merged from partial states" {
	ob-stats -q --openings 2 -f html "$T/oblique.ogn" >"$T/1.html"
	ob-stats -q --openings 2 -f html "$T/oblique.ogn" >"$T/2.html"
	cmp "$T/1.html" "$T/2.html"
	ob-stats -q -j 3 --openings 2 --format html "$T/oblique.ogn" >"$T/3.html"
	cmp "$T/1.html" "$T/3.html"
	ob-stats -q --openings 2 --partial "$T/oblique.ogn" >"$T/all.partial"
	ob-stats --merge -f html "$T/all.partial" >"$T/4.html"
	# but for the heading, which names the partial state read
	cmp <(sed "1,/^<h1>/d" "$T/1.html") \
		<(sed "1,/^<h1>/d" "$T/4.html")
	grep -qx '<h1>25 games of Oblique on the 5x5x5 lattice<span class="from">merged from the partial state .*/all.partial</span></h1>' "$T/4.html"
}

# The page's title and its heading, markup and all.
title_of() { sed -n '/^<head>/,/^<\/head>/p' "$1" | grep '^<title>'; }
heading_of() { grep '^<h1>' "$1"; }

@test "the title and the heading name the games, their boards and the files" {
	cd "$T"
	ob-stats -q -f html oblique.ogn >one.html
	[ "$(title_of one.html)" = '<title>25 games of Oblique on the 5x5x5 lattice, from oblique.ogn</title>' ]
	[ "$(heading_of one.html)" = '<h1>25 games of Oblique on the 5x5x5 lattice<span class="from">from oblique.ogn</span></h1>' ]
	# every board played, its variants, the invalid games; standard input
	printf '[Variant "Raumschach"]\n\n1. PAa2-Aa4 *\n' >bad.ogn
	cat raumschach.ogn bad.ogn | ob-stats -q -f html oblique.ogn - diagonal-oblong.ogn \
		>three.html || true
	[ "$(title_of three.html)" = '<title>76 games (1 invalid) of Oblique and Raumschach on the 5x5x5 lattice; Diagonal Oblong on the diagonal oblong board, from oblique.ogn, standard input and diagonal-oblong.ogn</title>' ]
	ob-stats -q -f html plattraum-2p.ogn plattraum-liu-yang.ogn plattraum.ogn >hex.html
	[ "$(heading_of hex.html)" = '<h1>75 games of Plattraum, Plattraum Two-Player and Plattraum Liu Yang on the hexagonal board<span class="from">from plattraum-2p.ogn, plattraum-liu-yang.ogn and plattraum.ogn</span></h1>' ]
	# no game: -V's board
	ob-stats -f html -V diagonal-oblong </dev/null >none.html
	[ "$(heading_of none.html)" = '<h1>0 games of Diagonal Oblong on the diagonal oblong board<span class="from">from standard input</span></h1>' ]
	# a file name is text: escaped
	cp raumschach.ogn '<a&"b">.ogn'
	ob-stats -q -f html '<a&"b">.ogn' >escaped.html
	[ "$(heading_of escaped.html)" = '<h1>25 games of Raumschach on the 5x5x5 lattice<span class="from">from &lt;a&amp;&quot;b&quot;&gt;.ogn</span></h1>' ]
	xmllint --noout escaped.html
	# six files are named; of more, five and the rest listed below
	ob-stats -q -f html oblique.ogn oblique.ogn oblique.ogn oblique.ogn oblique.ogn raumschach.ogn >six.html
	[ "$(heading_of six.html)" = '<h1>150 games of Oblique and Raumschach on the 5x5x5 lattice<span class="from">from oblique.ogn, oblique.ogn, oblique.ogn, oblique.ogn, oblique.ogn and raumschach.ogn</span></h1>' ]
	run -1 grep -q '<details class="inputs">' six.html
	ob-stats -q -f html oblique.ogn oblique.ogn oblique.ogn oblique.ogn oblique.ogn oblique.ogn raumschach.ogn >seven.html
	[ "$(heading_of seven.html)" = '<h1>175 games of Oblique and Raumschach on the 5x5x5 lattice<span class="from">from oblique.ogn, oblique.ogn, oblique.ogn, oblique.ogn, oblique.ogn and 2 more files</span></h1>' ]
	[ "$(sed -n '/<details class="inputs">/,/<\/details>/p' seven.html | grep -c '^<li>')" -eq 7 ]
	grep -qx '<li>raumschach.ogn</li>' seven.html
	[ -z "$(tidy_problems seven.html)" ]
	# partial states merged
	ob-stats -q --partial raumschach.ogn >r.partial
	ob-stats -q --partial diagonal-oblong.ogn >d.partial
	ob-stats --merge -f html r.partial d.partial >merged.html
	[ "$(heading_of merged.html)" = '<h1>50 games of Raumschach on the 5x5x5 lattice; Diagonal Oblong on the diagonal oblong board<span class="from">merged from the partial states r.partial and d.partial</span></h1>' ]
}

@test "no games: a page of zeros; --cells - and -f html are refused together" {
	run -0 ob-stats -f html </dev/null
	[[ "$output" == *'data-key="games.games" data-value="0"'* ]]
	[[ "$output" == *"No valid game."* ]]
	run -2 --separate-stderr ob-stats --cells - -f html </dev/null
	[[ "$stderr" == "ob-stats: --cells - cannot be combined with --format html"* ]]
	run -2 --separate-stderr ob-stats --json -f html </dev/null
	[[ "$stderr" == "ob-stats: --json cannot be combined with --format html"* ]]
}

# layout WIDTH PAGE: how headless Chromium lays the page out in a viewport
# WIDTH px wide (an iframe: the browser's window is 500 px at least, and
# tall enough for no scroll bar), a "NAME VALUE" line each: the page's
# width (more than WIDTH: the page itself scrolls sideways), the pictures
# drawn smaller than their size, the smallest text of a picture in px,
# the two-column pairs laid side by side, of those of two, the most
# lines a cell of the openings' moves takes, the table cells whose text
# takes more than one line, and the counts over the
# histogram's columns that a quartile's line runs through.
layout() {
	local wrapper="$BATS_TEST_TMPDIR/layout-$1.html" profile
	{
		printf '<!DOCTYPE html>\n<html><body style="margin:0">\n'
		printf '<iframe id="page" style="border:0;width:%spx;height:30000px" srcdoc="' "$1"
		sed -e 's/&/\&amp;/g' -e 's/"/\&quot;/g' "$2"
		cat <<'JS'
"></iframe>
<pre id="layout"></pre>
<script>
window.addEventListener('load', function () {
  var doc = document.getElementById('page').contentDocument, out = [];
  function scale(e) { var m = e.getScreenCTM(); return Math.hypot(m.a, m.b); }
  out.push('page-width ' + doc.documentElement.scrollWidth);
  var shrunk = 0, smallest = 1e9;
  doc.querySelectorAll('svg').forEach(function (s) {
    if (scale(s) < 0.999) shrunk++;
  });
  doc.querySelectorAll('svg text').forEach(function (t) {
    var px = parseFloat(t.getAttribute('font-size')) * scale(t);
    if (px < smallest) smallest = px;
  });
  out.push('shrunk-pictures ' + shrunk);
  out.push('smallest-text ' + Math.floor(smallest * 10) / 10);
  var pairs = 0, beside = 0;
  doc.querySelectorAll('.pair').forEach(function (p) {
    if (p.children.length < 2) return;
    pairs++;
    if (p.children[1].getBoundingClientRect().left >
        p.children[0].getBoundingClientRect().right) beside++;
  });
  out.push('pairs-side-by-side ' + beside + ' of ' + pairs);
  var lines = 0;
  doc.querySelectorAll('table.openings tbody td:first-child').forEach(function (td) {
    var r = doc.createRange();
    r.selectNodeContents(td);
    lines = Math.max(lines, r.getClientRects().length);
  });
  out.push('opening-lines ' + lines);
  var wrapped = 0;
  doc.querySelectorAll('td, th').forEach(function (cell) {
    var r = doc.createRange();
    r.selectNodeContents(cell);
    var tops = {};
    Array.prototype.forEach.call(r.getClientRects(), function (b) {
      tops[Math.round(b.top)] = 1;
    });
    if (Object.keys(tops).length > 1) wrapped++;
  });
  out.push('wrapped-cells ' + wrapped);
  var struck = 0;
  doc.querySelectorAll('line.mark-line').forEach(function (l) {
    var x = l.x1.baseVal.value, y1 = l.y1.baseVal.value, y2 = l.y2.baseVal.value;
    l.ownerSVGElement.querySelectorAll('text.value').forEach(function (t) {
      var b = t.getBBox();
      if (x >= b.x && x <= b.x + b.width &&
          Math.max(y1, y2) >= b.y && Math.min(y1, y2) <= b.y + b.height)
        struck++;
    });
  });
  out.push('counts-struck ' + struck);
  document.getElementById('layout').textContent = out.join('\n');
});
</script>
</body></html>
JS
	} >"$wrapper"
	profile=$(mktemp -d "$BATS_TEST_TMPDIR/chromium.XXXXXX")
	chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run \
		--user-data-dir="$profile" --window-size=1400,900 \
		--virtual-time-budget=10000 --dump-dom "$wrapper" 2>/dev/null |
		sed -n '/<pre id="layout">/,/<\/pre>/p' | sed 's/<[^>]*>//g'
}

@test "a phone (400 px): one column, pictures at their size, the page no wider than the screen" {
	sh "$ROOT/tests/need.sh" chromium
	cd "$T"
	for v in oblique plattraum plattraum-liu-yang; do
		ob-stats -q --openings 3 -f html "$v.ogn" >"$v-phone.html"
		grep -q '<meta name="viewport" content="width=device-width, initial-scale=1"/>' "$v-phone.html"
		layout 400 "$v-phone.html" >"$v-400.txt"
		cat "$v-400.txt"
		grep -qx 'page-width 400' "$v-400.txt"
		grep -qx 'shrunk-pictures 0' "$v-400.txt"
		awk '$1 == "smallest-text" && $2 >= 10 { ok = 1 } END { exit !ok }' "$v-400.txt"
		grep -qx 'pairs-side-by-side 0 of [1-9]' "$v-400.txt"
		# a move's hyphen is no place to break a line, nor a table's
		# cell (the table scrolls sideways)
		grep -qx 'opening-lines 1' "$v-400.txt"
		grep -qx 'wrapped-cells 0' "$v-400.txt"
	done
}

@test "a screen of 1280 px: two columns, and the heat map at its size in the page's" {
	sh "$ROOT/tests/need.sh" chromium
	cd "$T"
	ob-stats -q --openings 2 -f html oblique.ogn >wide.html
	layout 1280 wide.html >wide.txt
	cat wide.txt
	grep -qx 'page-width 1280' wide.txt
	grep -qx 'shrunk-pictures 0' wide.txt
	grep -qx 'pairs-side-by-side 3 of 3' wide.txt
	# the heat map of five levels is the widest picture
	grep -q '<svg [^>]*class="oblique-diagram slices" width="1232"' wide.html
}

# golden NAME FILE: FILE is testdata/stats/NAME (OB_UPDATE_GOLDEN=1
# rewrites it, to be reviewed as a diff).
golden() {
	if [ "${OB_UPDATE_GOLDEN:-0}" = 1 ]; then
		cp "$2" "$TESTDATA/stats/$1"
	fi
	diff -u "$TESTDATA/stats/$1" "$2"
}

# svg_of PAGE CLASS: the page's <svg> elements of that class, in order.
svg_of() {
	sed -n "/<svg [^>]*class=\"$2\"/,/<\\/svg>/p" "$1"
}

@test "the histogram: a count axis of games, and quartile lines that strike no count" {
	sh "$ROOT/tests/need.sh" chromium
	ob-stats -q -f html "$TESTDATA/ogn/random-s1.ogn" >"$T/s1.html"
	svg_of "$T/s1.html" "chart columns" >"$T/histogram.svg"
	golden html-histogram.svg "$T/histogram.svg"
	grep -q '<text class="axis-name" [^>]*transform="rotate(-90 [^>]*>games</text>' "$T/histogram.svg"
	[ "$(grep -c '<text class="tick-label"' "$T/histogram.svg")" -ge 2 ]
	# the counts over the columns, laid out: no quartile's line through one
	for v in $VARIANTS; do
		ob-stats -q -f html "$T/$v.ogn" >"$T/$v-marks.html"
		layout 1280 "$T/$v-marks.html" >"$T/$v-marks.txt"
		echo "$v: $(grep counts-struck "$T/$v-marks.txt")"
		grep -qx 'counts-struck 0' "$T/$v-marks.txt"
	done
}

# charts_titled PAGE TITLE: the page's charts whose title starts so.
charts_titled() {
	awk -v title="<title>$2" '
		/^<svg / { svg = ""; keep = 0 }
		{ svg = svg $0 "\n" }
		index($0, title) == 1 { keep = 1 }
		/^<\/svg>/ && keep { printf "%s", svg; keep = 0 }
	' "$1"
}

@test "a chart of every section: the armies, the length by result, the special moves, the rates, the openings, all six figures of the pieces" {
	ob-stats -q -f html "$TESTDATA/stats/three.ogn" >"$T/three.html"
	charts_titled "$T/three.html" "Armies " >"$T/armies.svg"
	[ "$(grep -c '^<svg ' "$T/armies.svg")" -eq 6 ]
	golden html-armies.svg "$T/armies.svg"
	ob-stats -q -f html "$TESTDATA/stats/plattraum.ogn" >"$T/liu.html" || true
	charts_titled "$T/liu.html" "Special moves" >"$T/special.svg"
	grep -q '<rect class="bar" [^>]*data-key="special.swaps" data-value="3"' "$T/special.svg"
	grep -q '<rect class="bar" [^>]*data-key="special.cannon_captures" data-value="1"' "$T/special.svg"
	golden html-special.svg "$T/special.svg"
	ob-stats -q -f html --openings 2 "$TESTDATA/ogn/random-s1.ogn" >"$T/s1.html"
	charts_titled "$T/s1.html" "Pieces " >"$T/pieces.svg"
	[ "$(grep -c '^<svg ' "$T/pieces.svg")" -eq 6 ]
	golden html-pieces.svg "$T/pieces.svg"
	charts_titled "$T/three.html" "Length by result" >"$T/by-result.svg"
	golden html-length-by-result.svg "$T/by-result.svg"
	# a box and whiskers for each result of games, its median given
	[ "$(grep -c '<rect class="box"' "$T/by-result.svg")" -eq 5 ]
	grep -q '<line class="median" [^>]*data-key="length_by_result.0.median" data-value="136"/>' "$T/by-result.svg"
	grep -q '<text class="value" [^>]*>136</text>' "$T/by-result.svg"
	charts_titled "$T/s1.html" "Rates " >"$T/rates.svg"
	golden html-rates.svg "$T/rates.svg"
	charts_titled "$T/s1.html" "Openings " >"$T/openings.svg"
	golden html-openings.svg "$T/openings.svg"
	grep -q '<figcaption>Score: White.s points in percent of the finished games.</figcaption>' "$T/s1.html"
	# a score is a percentage: 50 is half a bar, though no score is more
	printf '[Event "x"]\n[Result "1/2-1/2"]\n\n1. PCc2-Cc3 1/2-1/2\n' |
		ob-stats -f html --openings 1 >"$T/draw.html"
	games=$(grep -o '<rect class="bar" [^>]*width="[0-9.]*" [^>]*data-key="openings.0.games"' "$T/draw.html" |
		sed 's/.*width="\([0-9.]*\)".*/\1/')
	score=$(grep -o '<rect class="bar" [^>]*width="[0-9.]*" [^>]*data-key="openings.0.score"' "$T/draw.html" |
		sed 's/.*width="\([0-9.]*\)".*/\1/')
	echo "games bar $games, score bar $score"
	awk -v g="$games" -v s="$score" 'BEGIN { exit !(s > 0.35 * g && s < 0.55 * g) }'
	# of many openings, the twenty most frequent are charted
	ob-stats -q -f html --openings 1 --top 0 "$T/oblique.ogn" >"$T/top.html"
	[ "$(charts_titled "$T/top.html" "Openings " | grep -c 'data-key="openings\.[0-9]*\.games"')" -eq 20 ]
	grep -q "<figcaption>The 20 most frequent of the $(jq '.openings | length' <(ob-stats -q --json --openings 1 --top 0 "$T/oblique.ogn")) below. Score" "$T/top.html"
}
