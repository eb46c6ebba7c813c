#!/usr/bin/env bats
# ob-diagram on the hexagonal board (Plattraum, spec sections 1 and 12):
# the page's setup figures, cell for cell; SVG in three cell colours with
# the armies apart; move tables through each army's frame; heat maps.
# Golden files live in testdata/diagram/; OB_UPDATE_GOLDEN=1 rewrites them.

load common
load diagram

# The "Setup" section of Plattraum's page (the page the spec was written
# from, its lines 15 to 114), as the page has it: its four setup figures,
# the three-player one and three of two players.  The tests read only this
# copy; its digest below was taken when it was compared with the page.
PAGE="$TESTDATA/diagram/plattraum-setup.txt"
PAGE_SHA256=86f7af30a8cc9be8ad2fed1f1f1e624fe79958de679b67b29301227d1149fd65
P2='-V plattraum-2p'

# page_figure N: the page's Nth setup figure as spec section 12 reads it:
# the title before the first line's top edge, and the filler underscores
# outside the board, as spaces; no trailing spaces.  A figure is its title
# line (ending in the top edge of f11) and 22 lines more.  Filler is a run
# of underscores at either end of a line that is no cell's edge: an edge
# at the outside joins a slash (\___ or ___/), filler a space or a slash
# that ends the line's last cell (____\___/ ... \___/____).
page_figure() {
	perl -e '
		my ($want) = @ARGV[0]; my @l = <STDIN>; chomp @l;
		my $n = 0;
		for my $i (0 .. $#l) {
			next unless $l[$i] =~ /^[A-Za-z][^_]*:\s*___$/;
			next unless ++$n == $want;
			my @fig = @l[$i .. $i + 22];
			$fig[0] =~ s/^.*(?=___$)/" " x length($&)/e;
			for (@fig[1 .. $#fig]) {
				s/^(_+)(?=[ \\])/" " x length($1)/e;
				s/(?<=[ \/])(_+)$/" " x length($1)/e;
				s/ +$//;
			}
			print "$_\n" for @fig;
			exit 0;
		}
		exit 1;
	' "$1" <"$PAGE"
}

# picture: a text diagram's board without its labels, wherever they stand
# (words of letters or digits standing alone, as in board_only), and
# without the margin they leave at the left; the captions below go too.
picture() {
	perl -ne '
		last if /[A-Za-z]{2,} [A-Za-z]/;
		chomp;
		s/(?<!\S)[0-9a-z]+(?!\S)/" " x length($&)/ge;
		s/ +$//;
		push @l, $_;
		END {
			my $m = 1e9;
			for (@l) { next unless /\S/; /^( *)/; $m = length $1 if length $1 < $m }
			pop @l while @l && $l[-1] eq "";
			shift @l while @l && $l[0] eq "";
			print substr($_, $m), "\n" for @l;
		}
	'
}

# labels: the words standing alone in a text diagram's board (its
# labels), sorted, one a line.
labels() {
	perl -ne 'last if /[A-Za-z]{2,} [A-Za-z]/; print "$1\n" while /(?<!\S)([0-9a-z]+)(?!\S)/g' | sort
}

# points SVG CELL: the corners of the cell's hexagon in the SVG.
points() {
	grep -o "<polygon class=\"cell [^>]*data-cell=\"$2\"" "$1" |
		sed 's/.* points="\([^"]*\)".*/\1/'
}

# board_only: a text diagram's picture without its labels (file letters,
# cell numbers: words of letters or digits standing alone) and without the
# margin of two columns at the left, where the numbers of the left edge
# stand; the captions below go too.
board_only() {
	perl -ne '
		last if /^[A-Z]/;
		chomp; s/^..//;
		s/(?<!\S)[0-9a-z]+(?!\S)/" " x length($&)/ge;
		s/ +$//;
		push @l, $_;
		END { pop @l while @l && $l[-1] eq ""; print "$_\n" for @l }
	'
}

setup() {
	sh "$ROOT/tests/need.sh" xmllint
	T="$BATS_TEST_TMPDIR"
}

# same_as_page N VARIANT: VARIANT's start position drawn is the page's Nth
# setup figure, cell for cell.
same_as_page() {
	page_figure "$1" >"$T/page$1.txt"
	[ "$(wc -l <"$T/page$1.txt")" -eq 23 ]
	ob-diagram -V "$2" -S | board_only >"$T/ours$1.txt"
	diff -u "$T/page$1.txt" "$T/ours$1.txt"
}

@test "hexagonal board, text: each two-player start position is the page's setup figure, cell for cell" {
	same_as_page 2 plattraum-multiple
	same_as_page 3 plattraum-knighted
	same_as_page 4 plattraum-liu-yang
	# the figures are the page's: pieces in cells, filler gone
	grep -q '^    \\___/Fr1\\___/Hd1\\___/Fd1\\___/Fr1\\___/$' "$T/page3.txt"
	grep -q '^ ___/Cp2\\___/Sn2\\___/Hc2\\___/Sn2\\___/Cp2\\___$' "$T/page4.txt"
	run -1 grep -q _____ "$T/page2.txt" "$T/page3.txt" "$T/page4.txt"
}

@test "hexagonal board, text: the three-player start position is the page's first figure" {
	same_as_page 1 plattraum
	grep -q '^/Un3\\___/Hr3\\___/ . \\' "$T/page1.txt"
}

@test "hexagonal board: the page's figures in testdata are as taken from the page" {
	run -0 sha256sum "$PAGE"
	[ "${output%% *}" = "$PAGE_SHA256" ]
	# the section's title and its four figures' titles, each ending in
	# the top edge of f11
	[ "$(head -1 "$PAGE")" = Setup ]
	[ "$(grep -c '^[A-Za-z][^_]*:[[:space:]]*___$' "$PAGE")" -eq 4 ]
}

@test "hexagonal board, text: the labels beside the board; two players" {
	ob-diagram $P2 -S >"$T/start.txt"
	golden plattraum-2p-start.txt "$T/start.txt"
	run -0 ob-diagram $P2 -S
	[ "${#lines[@]}" -eq 25 ]
	# the number of each cell beside the leftmost cell of that number:
	# up and to the left of f11 ... b7, left of a6 ... a1
	[ "${lines[0]}" = '                    11 ___' ]
	[ "${lines[4]}" = '     7 ___/Sn2\___/Hr2\___/Hr2\___/Sn2\___' ]
	[ "${lines[6]}" = '6 / . \___/ . \___/Cp2\___/Cp2\___/ . \___/ . \' ]
	[ "${lines[16]}" = '1 / . \___/ . \___/Cp1\___/Cp1\___/ . \___/ . \' ]
	# each file's letter below its first cell
	[ "${lines[18]}" = '    a \___/Sn1\___/Hr1\___/Hr1\___/Sn1\___/ l' ]
	[ "${lines[22]}" = '                    e \___/ g' ]
	[ "${lines[23]}" = '                        f' ]
	[ "${lines[24]}" = 'Army 1 to move' ]
	# army 1's half is the page's (the figure is of three players)
	page_figure 1 | sed -n 14,23p >"$T/page-half"
	board_only <"$T/start.txt" | sed -n 14,23p | diff "$T/page-half" -
}

@test "hexagonal board, text: --flip turns the board, --unicode its slashes" {
	ob-diagram $P2 -S -F -u >"$T/flip.txt"
	golden plattraum-2p-flip-unicode.txt "$T/flip.txt"
	run -0 ob-diagram $P2 -S --flip
	# seen from army 2's side: l at the left, the letters above
	[ "${lines[0]}" = '                        f' ]
	[ "${lines[5]}" = '    l  ___/Sn1\___/Hr1\___/Hr1\___/Sn1\___  a' ]
	[ "${lines[7]}" = '1 / . \___/ . \___/Cp1\___/Cp1\___/ . \___/ . \' ]
	[ "${lines[19]}" = '    7 \___/Sn2\___/Hr2\___/Hr2\___/Sn2\___/' ]
	[ "${lines[23]}" = '                   11 \___/' ]
	# and back: the picture read backwards is the same board
	run -0 ob-diagram $P2 -S -F -u
	[[ "${lines[7]}" == "1 ╱ · ╲___╱ · ╲___╱Cp1╲"* ]]
}

@test "hexagonal board, SVG: 91 hexagons in three colours, labels, pieces by code and army" {
	ob-diagram $P2 -S -f svg --key --mark f6,e5 -A Cpf4-f5,Sni1-h4 \
		>"$T/pos.svg"
	svg_ok "$T/pos.svg"
	golden plattraum-2p-position.svg "$T/pos.svg"
	grep -q '<svg [^>]*class="oblique-diagram hexagonal"' "$T/pos.svg"
	[ "$(grep -c '<polygon class="cell ' "$T/pos.svg")" -eq 91 ]
	# flat-topped: six corners, the first two at the same height
	grep -o '<polygon class="cell [^>]*data-cell="f6"' "$T/pos.svg" |
		grep -q 'points="[0-9.]*,\([0-9.]*\) [0-9.]*,\1 [^"]*"'
	# three colours, 30, 31 and 30 cells; f1, f2, f3 one of each
	[ "$(grep -c 'class="cell light ' "$T/pos.svg")" -eq 30 ]
	[ "$(grep -c 'class="cell medium ' "$T/pos.svg")" -eq 31 ]
	[ "$(grep -c 'class="cell dark ' "$T/pos.svg")" -eq 30 ]
	grep -q 'class="cell light file-f number-1 colour-0"' "$T/pos.svg"
	grep -q 'class="cell dark file-f number-2 colour-2"' "$T/pos.svg"
	grep -q 'class="cell medium file-f number-3 colour-1"' "$T/pos.svg"
	# each file's letter, each cell number once
	[ "$(grep -c 'class="file-label"' "$T/pos.svg")" -eq 11 ]
	[ "$(grep -c 'class="number-label"' "$T/pos.svg")" -eq 11 ]
	run -1 grep -q '>j<' "$T/pos.svg"
	# 16 pieces an army, by code, the armies told apart by class and fill
	[ "$(grep -c '<g class="piece army-1 ' "$T/pos.svg")" -eq 16 ]
	[ "$(grep -c '<g class="piece army-2 ' "$T/pos.svg")" -eq 16 ]
	grep -q '<g class="piece army-1 grandduke" data-cell="g1">' "$T/pos.svg"
	grep -q '<g class="piece army-2 grandduke" data-cell="g10">' "$T/pos.svg"
	grep -q '>Gd</text>' "$T/pos.svg"
	grep -q '<text class="key"[^>]*>Plattraum Two-Player: Gd Grandduke, Ds Duchess,' "$T/pos.svg"
	grep -q "(white discs army" "$T/pos.svg"
	grep -q ">1's, black discs army 2's)<" "$T/pos.svg"
	# marks and arrows as on the other boards
	[ "$(grep -c '<polygon class="mark"' "$T/pos.svg")" -eq 2 ]
	grep -q '<g class="arrow" data-from="f4" data-to="f5">' "$T/pos.svg"
	grep -q '<g class="arrow" data-from="i1" data-to="h4">' "$T/pos.svg"
}

@test "hexagonal board: positions with moves, check and the last move" {
	run -0 ob-diagram $P2 -S -p 'Cpf4-f5 Cpf8-f7'
	[ "${lines[24]}" = 'Army 1 to move' ]
	[ "${lines[25]}" = 'Last move: Cpf8-f7' ]
	[ "${lines[7]}" = '  \___/ . \___/ . \___/ . \___/ . \___/ . \___/' ]
	ob-diagram $P2 -S -p 'Cpf4-f5 Cpf8-f7' -f svg >"$T/last.svg"
	grep -q 'class="last-move from".*data-cell="f8"' "$T/last.svg"
	grep -q 'class="last-move to".*data-cell="f7"' "$T/last.svg"
	# a Forerook on f5 checks the Grandduke on f11
	local check='6/7/8/9/10/Gd1,3,Fr1,5,Gd2/10/9/8/7/6 2 0 1'
	run -0 ob-diagram $P2 <<<"$check"
	[ "${lines[24]}" = 'Army 2 to move: check' ]
	ob-diagram $P2 -f svg <<<"$check" >"$T/check.svg"
	grep -q '<polygon class="check-cell" [^>]*data-cell="f11"' "$T/check.svg"
	# Liu Yang's Grandduke swap: both cells are the last move's
	run -0 ob-diagram -V plattraum-liu-yang -S -p 'Gdf1-f2&Hcf2-f1'
	[ "${lines[25]}" = 'Last move: Gdf1-f2&Hcf2-f1' ]
	[[ "${lines[21]}" == *'\___/Hc1\___/'* ]]
	ob-diagram -V plattraum-liu-yang -S -p 'Gdf1-f2&Hcf2-f1' -f svg >"$T/swap.svg"
	grep -q 'class="last-move from".*data-cell="f1"' "$T/swap.svg"
	grep -q 'class="last-move to".*data-cell="f2"' "$T/swap.svg"
	# a position written by ob-fen draws as the start
	ob-fen $P2 -S | ob-diagram $P2 >"$T/piped.txt"
	ob-diagram $P2 -S | diff - "$T/piped.txt"
}

@test "Liu Yang move tables in a position: the Grandduke's swaps, a cannon's screen, the piece ringed" {
	# before: "0 steps, 0 cells, 0 to capture" at the start, nothing
	# said of the three legal swaps; no screen, the piece not ringed
	local ly='-V plattraum-liu-yang'
	run -0 ob-diagram $ly --piece Gd -t f1 -P startpos
	[[ "$output" == *"Grandduke from f1: 0 steps, 0 cells, 0 to capture, 3 swaps"* ]]
	[[ "$output" == *"s a piece it may swap with"* ]]
	[[ "${lines[20]}" == *'c \___/ s \___/ s \___/ i' ]]
	[[ "${lines[19]}" == *'b \___/Fc1\___/ s \___/Fc1\___/ k' ]]
	# the partners are the library's: its swaps at the start
	ob-perft $ly -S -D -d 1 | sed -n 's/^Gdf1-\([a-l][0-9]*\)&.*/\1/p' |
		sort >"$T/lib"
	[ "$(wc -l <"$T/lib")" -eq 3 ]
	ob-diagram $ly -f svg --piece Gd -t f1 -P startpos >"$T/gd.svg"
	svg_ok "$T/gd.svg"
	grep -o '<circle class="swap" [^>]*data-cell="[^"]*"' "$T/gd.svg" |
		sed 's/.*data-cell="\([^"]*\)"/\1/' | sort -u >"$T/drawn"
	diff -u "$T/lib" "$T/drawn"
	[ "$(grep -c '<line class="ray swap"' "$T/gd.svg")" -eq 3 ]
	grep -q '<circle class="subject" [^>]*data-cell="f1"' "$T/gd.svg"
	grep -q '>a piece it may swap with<' "$T/gd.svg"
	grep -q '>the piece whose moves are shown<' "$T/gd.svg"
	# army 2's, with army 2 to move
	run -0 ob-diagram $ly --piece Gd2 -t f11 -P startpos
	[[ "$output" == *"Grandduke from f11: 0 steps, 0 cells, 0 to capture, 3 swaps"* ]]
	# a position that is not legal with the Grandduke's army to move
	# (army 2 checkmated, army 1 asked for) says so
	local mated='6/Cp1,3,Sn2,1,Cp2/Fr1,Cp1,1,Sn1,2,Cp2,Fr2/Fc1,1,Cp1,2,Cp2,2,Fc2/Gd1,Un1,1,Cp1,Un1,1,Cp2,Sn1,Hr2,Sg2/Sg1,1,Hc1,Hr1,Cp1,1,Cp2,Un2,Hc2,Hc2,Gd2/Sg1,Hc1,Hr1,Cp1,1,Cp2,1,Hr2,Un2,Sg2/Fc1,1,Cp1,3,Cp2,1,Fc2/Fr1,Cp1,2,Cp2,2,Fr2/Cp1,5,Cp2/5,Sn2 2 5 9'
	run -0 ob-diagram $ly --piece Gd -t e1 -P "$mated"
	[[ "$output" == *"Swaps not shown: with army 1 to move the position is not legal (army 2 is not to move but is in check)"* ]]
	# the Forecannon on f2 captures f7 over the Corporal on f4, which
	# is ringed as its screen; the Grandduke may swap with it
	local file_f='6/7/8/9/10/Gd1,Fc1,1,Cp1,2,Cp2,3,Gd2/10/9/8/7/6 1 0 1'
	run -0 ob-diagram $ly --piece Fc -t f2 -P "$file_f"
	[[ "$output" == *"Forecannon from f2: 3 rays, 4 cells, 1 to capture"* ]]
	ob-diagram $ly -f svg --piece Fc -t f2 -P "$file_f" >"$T/fc.svg"
	svg_ok "$T/fc.svg"
	[ "$(grep -c '<circle class="screen" [^>]*data-cell="[a-z]' "$T/fc.svg")" -eq 1 ]
	grep -q '<circle class="screen" [^>]*data-cell="f4"' "$T/fc.svg"
	grep -q '<circle class="capture" [^>]*data-cell="f7"' "$T/fc.svg"
	grep -q '>a screen, which it jumps to capture<' "$T/fc.svg"
	run -0 ob-diagram $ly --piece Gd -t f1 -P "$file_f"
	[[ "$output" == *"Grandduke from f1: 4 steps, 4 cells, 0 to capture, 1 swap"* ]]
	# a cannon with no capture (a friendly piece beyond the first) has
	# no screen; on an empty board no piece is ringed
	run -0 ob-diagram $ly -f svg --piece Fc -t f2 -P '6/7/8/9/10/Gd1,Fc1,1,Cp1,2,Cp1,3,Gd2/10/9/8/7/6 1 0 1'
	[[ "$output" != *'class="screen"'* ]]
	run -0 ob-diagram $ly -f svg --piece Fc -t f2
	[[ "$output" != *'class="subject"'* ]]
}

@test "hexagonal board, move tables: the spec's cells from f6, from the library" {
	caption() {
		run -0 ob-diagram -V "$1" --piece "$2"
		[[ "$output" == *"$3"* ]] || { echo "$output"; false; }
	}
	caption plattraum-2p Gd "Grandduke from f6: 12 steps, 12 cells"
	caption plattraum-2p Ds "Duchess from f6: 12 rays, 42 cells"
	caption plattraum-multiple Rk "Rook from f6: 6 rays, 30 cells"
	caption plattraum-2p Un "Unicorn from f6: 6 rays, 12 cells"
	caption plattraum-2p Sn "Sennight from f6: 12 leaps, 12 cells"
	caption plattraum-2p Fr "Forerook from f6: 3 rays, 15 cells"
	caption plattraum-2p Hr "Hindrook from f6: 3 rays, 15 cells"
	caption plattraum-knighted Fd "Foreduchess from f6: 9 rays, 27 cells"
	caption plattraum-knighted Hd "Hindduchess from f6: 9 rays, 27 cells"
	caption plattraum-knighted Fs "Foreseaseholder from f6: 3 rays and 12 leaps, 27 cells"
	caption plattraum-knighted Hs "Hindseaseholder from f6: 3 rays and 12 leaps, 27 cells"
	caption plattraum-knighted Sp "Seprechaun from f6: 6 rays and 12 leaps, 24 cells"
	caption plattraum-liu-yang Fc "Forecannon from f6: 3 rays, 15 cells"
	caption plattraum-liu-yang Sg "Sling from f6: 6 rays, 12 cells"
	caption plattraum-liu-yang Sg "It captures over exactly one piece, the first piece beyond"
	caption plattraum-2p Cp "Corporal from f6: 1 advance, 2 attacked cells"
	# the cells, as spec sections 1 and 3 list them
	cells() {
		ob-diagram -V plattraum-knighted -f svg --piece "$1" --at "$2" |
			grep -o "class=\"$3\"[^>]*data-cell=\"[a-l][0-9][0-9]*\"" |
			sed 's/.*data-cell="\(.*\)"/\1/' | sort | tr '\n' ' '
	}
	[ "$(cells Fr f6 reached)" = 'a1 b2 c3 d4 e5 f10 f11 f7 f8 f9 g5 h4 i3 k2 l1 ' ]
	[ "$(cells Hr f6 reached)" = 'a6 b6 c6 d6 e6 f1 f2 f3 f4 f5 g6 h6 i6 k6 l6 ' ]
	[ "$(cells Un f6 reached)" = 'b4 d2 d5 d8 e4 e7 g4 g7 h2 h5 h8 k4 ' ]
	[ "$(cells Sn f6 reached)" = 'c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5 ' ]
	# the Corporal: inward forward diagonal and outward half-forward
	# step off the centre file, both half-forward steps on it
	[ "$(cells Cp e4 advance)" = 'e5 ' ]
	[ "$(cells Cp e4 attack)" = 'd4 f6 ' ]
	[ "$(cells Cp f5 attack)" = 'e5 g5 ' ]
	[ "$(cells Cp k1 advance)" = 'k2 ' ]
	[ "$(cells Cp k1 attack)" = 'i3 l1 ' ]
	# army 2's through its frame, the mirror top to bottom
	[ "$(cells Fr2 f6 reached)" = 'a6 b6 c6 d6 e6 f1 f2 f3 f4 f5 g6 h6 i6 k6 l6 ' ]
	[ "$(cells Cp2 e7 advance)" = 'e6 ' ]
	[ "$(cells Cp2 e7 attack)" = 'd6 f6 ' ]
	run -0 ob-diagram -V plattraum-knighted --piece Cp2 --at e7
	[[ "$output" == *"Army 2's Corporal: army 1's steps, mirrored top to bottom"* ]]
}

@test "hexagonal board, move tables: text and SVG, in a position, cannons over a screen" {
	ob-diagram -V plattraum-liu-yang --piece Fc --at f6 >"$T/fc.txt"
	golden plattraum-forecannon.txt "$T/fc.txt"
	run -0 ob-diagram -V plattraum-liu-yang --piece Fc --at f6
	[ "$(grep -o ' [*] ' <<<"$output" | wc -l)" -eq 15 ]
	[[ "${lines[11]}" == *'\___/Fc1\___/'* ]]
	ob-diagram -V plattraum-liu-yang --piece Fc --at f6 -f svg >"$T/fc.svg"
	svg_ok "$T/fc.svg"
	golden plattraum-forecannon.svg "$T/fc.svg"
	[ "$(grep -c '<line class="ray slide"' "$T/fc.svg")" -eq 3 ]
	[ "$(grep -c '<circle class="reached"[^>]*data-cell="[a-l]' "$T/fc.svg")" -eq 15 ]
	# in the start position: forward over the Corporal on f7 and the
	# empty f8 onto the Hindcannon on f9; back to a1 and l1
	run -0 ob-diagram -V plattraum-liu-yang --piece Fc --at f6 -P startpos
	[[ "$output" == *"Forecannon from f6: 3 rays, 11 cells, 1 to capture"* ]]
	[ "${lines[5]}" = '   ___/Cp2\___/Sn2\___/ x \___/Sn2\___/Cp2\___' ]
	ob-diagram -V plattraum-liu-yang --piece Fc --at f6 -P startpos -f svg \
		>"$T/fcp.svg"
	grep -q '<circle class="capture" [^>]*data-cell="f9"' "$T/fcp.svg"
	grep -q '<line class="ray slide" [^>]*x2="249" y2="142.6"' "$T/fcp.svg"
	run -1 grep -q 'data-cell="f8"' <(grep 'class="reached"' "$T/fcp.svg")
	# the Sennight's leaps are leap lines; a Seaseholder has both
	ob-diagram -V plattraum-knighted --piece Fs -f svg >"$T/fs.svg"
	[ "$(grep -c '<line class="ray slide"' "$T/fs.svg")" -eq 3 ]
	[ "$(grep -c '<line class="ray leap"' "$T/fs.svg")" -eq 12 ]
}

@test "hexagonal board, --table: the spec's sums over all 91 cells" {
	ob-diagram -V plattraum-knighted --table >"$T/table.txt"
	golden plattraum-knighted-table.txt "$T/table.txt"
	run -0 ob-diagram $P2 --table
	[[ "${lines[0]}" == "Plattraum Two-Player: moves on an empty board, from f6 and over all 91 cells" ]]
	# orthogonal 2070, diagonal 1080, Grandduke 900, Sennight 720
	[[ "$output" == *"Gd Grandduke     12     12       5     9.89     12"* ]]
	[[ "$output" == *"Un Unicorn        6     12       2     4.62      6      10    11.87     14"* ]]
	[[ "$output" == *"Sn Sennight      12     12       4     7.91     12       4     7.91     12"* ]]
	run -0 ob-diagram -V plattraum-multiple --table
	[[ "$output" == *"Rk Rook             6     30       3     5.27      6      20    22.75     30"* ]]
}

@test "hexagonal board, --heatmap: digits in the cells, an SVG with a legend" {
	printf 'f6 10\na1 0\nl6 5\nf11 2.5\n' >"$T/cells.txt"
	ob-diagram $P2 --heatmap "$T/cells.txt" >"$T/heat.txt"
	golden plattraum-heat.txt "$T/heat.txt"
	run -0 ob-diagram $P2 --heatmap "$T/cells.txt"
	[ "${lines[0]}" = '                    11 ___' ]
	[ "${lines[1]}" = '                10 ___/ 2 \___' ]
	[[ "${lines[11]}" == *'/ 9 \'* ]]
	[[ "$output" == *"4 cells with values, total 17.5, from 0 to 10"* ]]
	ob-diagram $P2 --heatmap -f svg "$T/cells.txt" >"$T/heat.svg"
	svg_ok "$T/heat.svg"
	[ "$(grep -c 'class="cell heat ' "$T/heat.svg")" -eq 4 ]
	[ "$(grep -c 'class="cell nodata ' "$T/heat.svg")" -eq 87 ]
	# j is no file; a number past the file's end no cell
	printf 'j3 1\nf12 2\na6 3\n' >"$T/bad.txt"
	run -1 --separate-stderr ob-diagram $P2 --heatmap "$T/bad.txt"
	[[ "$stderr" == *"bad.txt:1:1: expected a cell name, as in 'f6 12'"* ]]
	[[ "$stderr" == *"bad.txt:2:1: "* ]]
	[[ "$output" == *"1 cell with a value"* ]]
}

@test "hexagonal board: one canvas width for every figure" {
	width() { sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$1"; }
	ob-diagram $P2 -S -f svg --key >"$T/1.svg"
	ob-diagram $P2 --heatmap -f svg <<<'f6 123456' >"$T/2.svg"
	ob-diagram -V plattraum-liu-yang -f svg --piece Fc2 -t f6 --key >"$T/3.svg"
	ob-diagram $P2 -S -F -f svg >"$T/4.svg"
	for i in 1 2 3 4; do
		svg_ok "$T/$i.svg"
		[ "$(width "$T/$i.svg")" = "$(width "$T/1.svg")" ]
	done
}

@test "hexagonal board: --piece takes a code and an army's digit; usage errors" {
	run -2 --separate-stderr ob-diagram $P2 --piece Fc
	[[ "$stderr" == *"--piece takes one of the codes Gd Ds Fr Hr Un Sn Cp, with an army's digit 1 to 2 or none (army 1), not 'Fc'"* ]]
	run -2 --separate-stderr ob-diagram $P2 --piece Fr3
	run -2 --separate-stderr ob-diagram $P2 --piece fr
	run -2 --separate-stderr ob-diagram $P2 --piece Fr --at j3
	run -2 --separate-stderr ob-diagram $P2 --piece Fr --at f12
	run -2 --separate-stderr ob-diagram $P2 -S -f svg -l stacked
	[[ "$stderr" == *"--layout stacked does not apply"* ]]
	run -2 --separate-stderr ob-diagram $P2 -S --ascending
	run -0 ob-diagram $P2 --piece Fr2 --at f6
	[[ "$output" == *"Forerook from f6: 3 rays, 15 cells"* ]]
	[[ "$output" == *'/Fr2\'* ]]
	# arrows name pieces by code, promotions too
	ob-diagram $P2 -S -f svg -A 'Cpf10-f11=Ds,Snc1-e4' >"$T/a.svg"
	[ "$(grep -c '<g class="arrow"' "$T/a.svg")" -eq 2 ]
}

@test "hexagonal board, three armies: army 3 apart in colour and grey print" {
	ob-diagram -V plattraum -S -f svg --key >"$T/three.svg"
	svg_ok "$T/three.svg"
	for a in 1 2 3; do
		[ "$(grep -c "<g class=\"piece army-$a " "$T/three.svg")" -eq 16 ]
	done
	# a ring inside army 3's discs, which no other army's have
	[ "$(grep -c 'fill="none" stroke="#fff"' "$T/three.svg")" -eq 16 ]
	grep -q "red ringed discs army 3's)<" "$T/three.svg"
	run -0 ob-diagram -V plattraum -S --key
	[[ "$output" == *"(the digit after a code is the army)"* ]]
}

@test "three armies, --flip --army N: the board turned so that army N's home is at the bottom, in text" {
	ob-diagram -V plattraum -S -F --army 3 >"$T/three.txt"
	golden plattraum-flip-army3.txt "$T/three.txt"
	# Seen from army 2 (240 degrees) or army 3 (120 degrees), the start
	# position is army 1's view with the armies renumbered, cell for cell.
	ob-diagram -V plattraum -S | picture >"$T/1"
	ob-diagram -V plattraum -S -F --army 2 | picture >"$T/2"
	ob-diagram -V plattraum -S -F --army 3 | picture >"$T/3"
	tr 123 231 <"$T/1" | diff - "$T/2"
	tr 123 312 <"$T/1" | diff - "$T/3"
	! cmp -s "$T/1" "$T/2"
	# the page's picture from every side: the same outline of cells
	[ "$(wc -l <"$T/2")" -eq 23 ]
	tr -c '_/\\\n' ' ' <"$T/1" | sed 's/ *$//' >"$T/1.edges"
	tr -c '_/\\\n' ' ' <"$T/2" | sed 's/ *$//' | diff "$T/1.edges" -
	# --flip alone is army 2's side; --army 1 the board as written
	ob-diagram -V plattraum -S -F | diff - <(ob-diagram -V plattraum -S -F --army 2)
	ob-diagram -V plattraum -S -F --army 1 | diff - <(ob-diagram -V plattraum -S)
	# every letter (no j) and every number once, from each side
	want=$(printf '%s\n' a b c d e f g h i k l 1 2 3 4 5 6 7 8 9 10 11 | sort)
	for a in 1 2 3; do
		[ "$(ob-diagram -V plattraum -S -F --army $a | labels)" = "$want" ]
	done
	# from army 2: l6 (army 2's Unicorn) at the bottom; the letters up
	# and to the left of the cells numbered 1 (a1 at the top) and left
	# of them, the numbers below the bottom edges
	run -0 ob-diagram -V plattraum -S -F --army 2
	[ "${lines[0]}" = '                    a  ___' ]
	[ "${lines[6]}" = 'f /Un1\___/Hr1\___/ . \___/ . \___/Hr3\___/Un3\' ]
	[ "${lines[18]}" = '    1 \___/Sn2\___/Hr2\___/Hr2\___/Sn2\___/ 11' ]
	[ "${lines[22]}" = '                    5 \___/  7' ]
	[ "${lines[23]}" = '                         6' ]
	[ "${lines[24]}" = 'Army 1 to move' ]
	# from army 3: the numbers at the left, the letters at the right
	run -0 ob-diagram -V plattraum -S -F --army 3
	[ "${lines[0]}" = '                      1 ___  l' ]
	[ "${lines[6]}" = ' 6 /Un2\___/Hr2\___/ . \___/ . \___/Hr1\___/Un1\' ]
	[ "${lines[7]}" = '   \___/Un2\___/Cp2\___/ . \___/Cp1\___/Un1\___/ e' ]
	# two armies keep --flip's meaning: --army 2 is --flip, 1 unturned
	ob-diagram $P2 -S -F --army 2 | diff - <(ob-diagram $P2 -S -F)
	ob-diagram $P2 -S -F --army 1 | diff - <(ob-diagram $P2 -S)
}

@test "three armies, --flip --army N in SVG: each cell where its turned cell stood, the labels beside the board" {
	ob-diagram -V plattraum -S -f svg >"$T/1.svg"
	ob-diagram -V plattraum -S -f svg -F --army 2 >"$T/2.svg"
	ob-diagram -V plattraum -S -f svg -F --army 3 >"$T/3.svg"
	for a in 2 3; do
		svg_ok "$T/$a.svg"
		[ "$(grep -c '<polygon class="cell ' "$T/$a.svg")" -eq 91 ]
		[ "$(grep -c 'class="file-label"' "$T/$a.svg")" -eq 11 ]
		[ "$(grep -c 'class="number-label"' "$T/$a.svg")" -eq 11 ]
		for b in 1 2 3; do
			[ "$(grep -c "<g class=\"piece army-$b " "$T/$a.svg")" -eq 16 ]
		done
		[ "$(sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$T/$a.svg")" = 498 ]
	done
	# army 2's home corner l6 where f1 stands unturned, a6 (army 3's)
	# where l6 stood, f1 where a6 stood; from army 3 the other way
	[ "$(points "$T/2.svg" l6)" = "$(points "$T/1.svg" f1)" ]
	[ "$(points "$T/2.svg" a6)" = "$(points "$T/1.svg" l6)" ]
	[ "$(points "$T/2.svg" f1)" = "$(points "$T/1.svg" a6)" ]
	[ "$(points "$T/3.svg" a6)" = "$(points "$T/1.svg" f1)" ]
	[ "$(points "$T/3.svg" f6)" = "$(points "$T/1.svg" f6)" ]
	[ "$(points "$T/3.svg" f11)" = "$(points "$T/1.svg" a1)" ]
	# the pieces with them: army 2's Grandduke on k7 where g1 stood
	c() { grep -o "<g class=\"piece army-$2 grandduke\" data-cell=\"$3\">" -A1 "$1" | sed -n 's/.*cx="\([0-9.]*\)" cy="\([0-9.]*\)".*/\1,\2/p'; }
	[ "$(c "$T/2.svg" 2 k7)" = "$(c "$T/1.svg" 1 g1)" ]
	[ "$(c "$T/3.svg" 3 a5)" = "$(c "$T/1.svg" 1 g1)" ]
	# every label inside the picture
	grep -o '<text x="[-0-9.]*" y="[-0-9.]*" [^>]*class="\(file\|number\)-label"' "$T/2.svg" "$T/3.svg" |
		sed 's/.*x="\([-0-9.]*\)" y="\([-0-9.]*\)".*/\1 \2/' |
		awk '$1 < 5 || $1 > 493 || $2 < 10 || $2 > 560 { print; bad = 1 } END { exit bad }'
}

@test "three armies: move tables and heat maps through the armies' frames, turned with the board" {
	# army 2's Corporal on h6 seen from army 2 is army 1's on f4 seen
	# from army 1, on an empty board and in the start position
	ob-diagram -V plattraum --piece Cp --at f4 | picture | tr 1 2 >"$T/a"
	ob-diagram -V plattraum --piece Cp2 --at h6 -F --army 2 | picture | diff "$T/a" -
	ob-diagram -V plattraum --piece Cp --at f4 -P startpos | picture | tr 123 231 >"$T/b"
	ob-diagram -V plattraum --piece Cp2 --at h6 -P startpos -F --army 2 | picture | diff "$T/b" -
	run -0 ob-diagram -V plattraum --piece Cp2 --at h6 -P startpos
	[[ "$output" == *"Corporal from h6: 1 advance, 2 attacked cells, 0 to capture"* ]]
	[[ "$output" == *"Army 2's Corporal: army 1's steps, turned through 120 degrees"* ]]
	# army 3's Sennight from f6 seen from army 3 is army 1's
	ob-diagram -V plattraum --piece Sn | picture | tr 1 3 >"$T/c"
	ob-diagram -V plattraum --piece Sn3 -F --army 3 | picture | diff "$T/c" -
	run -0 ob-diagram -V plattraum --piece Gd3
	[[ "$output" == *"Grandduke from f6: 12 steps, 12 cells"* ]]
	[[ "$output" == *"Army 3's Grandduke: army 1's steps, turned through 240 degrees"* ]]
	# army 3's Corporal on d6 advances to e6 (forward is down and to the
	# right) and attacks d5 and e7
	cells() {
		ob-diagram -V plattraum -f svg "$@" |
			grep -o "class=\"\(advance\|attack\)\"[^>]*data-cell=\"[a-l][0-9]*\"" |
			sed 's/class="\([a-z]*\)".*data-cell="\(.*\)"/\1:\2/' | sort | tr '\n' ' '
	}
	[ "$(cells --piece Cp3 --at d6)" = 'advance:e6 attack:d5 attack:e7 ' ]
	[ "$(cells --piece Cp3 --at d6 -F --army 3)" = 'advance:e6 attack:d5 attack:e7 ' ]
	# a heat map turns with the board: f1's value seen from army 3
	# stands where l6's does unturned
	ob-diagram -V plattraum --heatmap <<<'l6 10' | picture >"$T/h1"
	ob-diagram -V plattraum --heatmap -F --army 3 <<<'f1 10' | picture | diff "$T/h1" -
	# (the digit is a word standing alone: on the same line, last)
	[ "$(ob-diagram -V plattraum --heatmap <<<'l6 10' | grep -n '/ 9 \\$' | cut -d: -f1)" = 7 ]
	[ "$(ob-diagram -V plattraum --heatmap -F --army 3 <<<'f1 10' | grep -n '/ 9 \\$' | cut -d: -f1)" = 7 ]
	ob-diagram -V plattraum --heatmap -f svg -F --army 3 <<<'f1 10' >"$T/h.svg"
	ob-diagram -V plattraum -S -f svg >"$T/1.svg"
	[ "$(points "$T/h.svg" f1)" = "$(points "$T/1.svg" l6)" ]
	grep -q '<polygon class="cell heat [^>]*data-cell="f1"' "$T/h.svg"
}

@test "three armies, captions: the army out of the game, the last army left, check" {
	run -0 ob-diagram -V plattraum <<<'1,Ds2,1,Sn1,1,Gd3/7/8/9/10/Gd1,10/10/9/8/7/5,Gd2 1 Sna4-b7'
	[ "${lines[24]}" = 'Army 2 to move' ]
	[ "${lines[25]}" = 'Army 3 is out of the game' ]
	[ "${lines[26]}" = 'Last move: Sna4-b7' ]
	run -0 ob-diagram -V plattraum <<<'Gd1,5/3,Ds2,3/6,Ds2,1/9/10/11/10/9/8/7/5,Gd2 2 Dsc7-c4#'
	[ "${lines[24]}" = 'Army 2 has won: the last army left' ]
	[ "${lines[25]}" = 'Last move: Dsc7-c4#' ]
	run -0 ob-diagram -V plattraum <<<'5,Gd3/7/8/9/10/Gd1,4,Ds1,5/10/9/8/7/5,Gd2 2'
	[ "${lines[24]}" = 'Army 2 to move: check' ]
	ob-diagram -V plattraum -f svg <<<'5,Gd3/7/8/9/10/Gd1,4,Ds1,5/10/9/8/7/5,Gd2 2' >"$T/check.svg"
	grep -q '<polygon class="check-cell" [^>]*data-cell="l6"' "$T/check.svg"
	[ "$(grep -c 'class="check-cell"' "$T/check.svg")" -eq 1 ]
}

@test "--army: with --flip only, an army of the variant only; usage errors" {
	run -2 --separate-stderr ob-diagram -V plattraum -S --army 2
	[[ "$stderr" == *"--army needs --flip"* ]]
	run -2 --separate-stderr ob-diagram -V plattraum -S -F --army 4
	[[ "$stderr" == *"--army takes an army's number, 1 to 3, not '4'"* ]]
	run -2 --separate-stderr ob-diagram -V plattraum -S -F --army 0
	run -2 --separate-stderr ob-diagram -V plattraum -S -F --army x
	run -2 --separate-stderr ob-diagram $P2 -S -F --army 3
	[[ "$stderr" == *"variant plattraum-2p has 2 armies; --army 3 does not apply"* ]]
	run -2 --separate-stderr ob-diagram -S -F --army 3
	[[ "$stderr" == *"variant oblique has 2 armies; --army 3 does not apply"* ]]
	run -2 --separate-stderr ob-diagram -V plattraum -T -F --army 2
	[[ "$stderr" == *"--table cannot be combined with --flip"* ]]
	# a #variant line to a board without that army: its lines skipped
	run -1 --separate-stderr ob-diagram -V plattraum -F --army 3 <<<'startpos
#variant plattraum-2p
startpos'
	[ "$(grep -c 'Army 1 to move' <<<"$output")" -eq 1 ]
	[ "$stderr" = "ob-diagram: <stdin>:2:1: cannot draw in plattraum-2p (variant plattraum-2p has 2 armies; --army 3 does not apply); the lines up to the next #variant are skipped" ]
	# the lattice: --army 2 is Black's side, --army 1 White's
	ob-diagram -S -F --army 2 | diff - <(ob-diagram -S -F)
	ob-diagram -S -F --army 1 | diff - <(ob-diagram -S)
}
