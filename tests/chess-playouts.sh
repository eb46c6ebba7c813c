#!/bin/sh
# chess-playouts.sh N SEED: write '#variant chess' and N distinct chess
# positions (FEN) taken from seeded random playouts, for comparing counts
# with another generator (tests/chess-stockfish.bats).  ob-fen must be on
# the PATH; it lists the moves and plays them.
#
#   PATH=build:$PATH sh tests/chess-playouts.sh 1000 4 >sample.epd
#
# Uniform playouts rarely reach what move generators get wrong, so most
# playouts prefer (by weight) captures, checks, pawn moves, promotions,
# en passant, castling and stalemating moves; a third play uniformly.  A
# position is kept with chance 1/12, or 1/2 when it has a promotion, an en
# passant cell, a castling, only King moves while other pieces stand (a
# double check among them), or keeps a castling right whose cells are
# empty but cannot castle (the King's path attacked); a
# position without moves (mate, stalemate) is always kept and ends its
# playout, as do dead material and 300 plies.  The random numbers are
# awk's own LCG (MINSTD), the same under every awk; the output changes
# only when ob-fen's move order or rules do.
set -eu
n=${1:?usage: chess-playouts.sh N SEED}
seed=${2:?usage: chess-playouts.sh N SEED}
case $n$seed in *[!0-9]*) echo "chess-playouts.sh: N and SEED are numbers" >&2; exit 2 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
# Half the playouts start elsewhere: without minor pieces, with Rooks and
# pawns only, with pawns only, without Rooks, a Queen and two pawns
# against the King alone, or from the chessprogramming wiki's perft
# Position 3 (Kings among Rooks and pawns on the middle ranks).  Open lines
# reach the Kings sooner (pins, refused castlings, en passant refused for
# a pin along the rank, a Knight or Bishop giving check as it uncovers the
# Queen's), pawns promote and the lone King is stalemated.
starts="$start|r2qk2r/pppppppp/8/8/8/8/PPPPPPPP/R2QK2R w KQkq - 0 1"
starts="$starts|r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
starts="$starts|4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"
starts="$starts|1n1qkbn1/pppppppp/8/8/8/8/PPPPPPPP/1N1QKBN1 w - - 0 1"
starts="$starts|4k3/8/8/8/8/8/3PP3/3QK3 w - - 0 1"
starts="$starts|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
lanes=25
# Shared awk: the board (chess-board.awk) and the random numbers.
common="$(cat "$(dirname "$0")/chess-board.awk")"'
function rnd() { rng = (rng * 48271) % 2147483647; return rng / 2147483647 }
function fen_of(line,   i) {	# the FEN after "playout ply uniform "
	for (i = 1; i <= 3; i++) sub(/^[^ ]+ /, "", line)
	return line
}
# a new playout on lane K: "lane ply uniform FEN", a third uniform
function restart(k,   s, n) {
	n = split(starts, s, "|")
	print k, 0, rnd() < 1 / 3, rnd() < 1 / 2 ? s[1] : s[2 + int(rnd() * (n - 1))]
}
'

# The state: the random number in $tmp/rng; each lane's "playout ply
# uniform FEN" in $tmp/cur.
echo $((seed % 2147483646 + 1)) >"$tmp/rng"
awk -v lanes=$lanes -v starts="$starts" "$common"'
	{ rng = $0 }
	END {
		for (k = 0; k < lanes; k++) restart(k)
		print rng > ARGV[1] ".new"
	}' "$tmp/rng" >"$tmp/cur"
mv "$tmp/rng.new" "$tmp/rng"
: >"$tmp/kept"

while :; do
	awk '{ sub(/^[^ ]+ [^ ]+ [^ ]+ /, ""); print }' "$tmp/cur" |
		ob-fen -V chess --moves >"$tmp/moves"
	# Keep positions, end playouts without moves, and list each lane's
	# children for ob-fen to play.
	awk -v kept="$tmp/kept" -v ends="$tmp/ends" -v kids="$tmp/kids" \
		-v meta="$tmp/meta" "$common"'
	BEGIN { k = 0 }
	FILENAME == ARGV[1] { rng = $0; next }
	FILENAME == ARGV[2] { lane[++nl] = $0; next }
	# ob-fen separates the lists by a blank line
	/^$/ { decide(); k++; nm = 0; next }
	{ mv[++nm] = $0 }
	function decide(   line, fen, f, special, i, m, right, r, rank, cells, c, castled, own, kings) {
		line = lane[k + 1]; fen = fen_of(line); split(fen, f, " ")
		if (nm == 0) { print fen >> kept; print "end" > ends; return }
		special = 0
		kings = 0
		for (i = 1; i <= nm; i++) {
			m = mv[i]
			if (m ~ /=/ || m ~ /^K(e1-[cg]1|e8-[cg]8)$/) special = 1
			kings += m ~ /^K/
		}
		# the King alone moves though other pieces of its side stand
		own = f[1]; gsub(f[2] == "w" ? "[^A-Z]" : "[^a-z]", "", own)
		if (kings == nm && length(own) > 1) special = 1
		# an en passant cell, taken or not (refused for a pin)
		if (f[4] != "-") special = 1
		# a right whose cells between King and Rook are empty, unused
		board(f[1])
		for (r = 1; r <= length(f[3]) && f[3] != "-"; r++) {
			right = substr(f[3], r, 1)
			rank = right ~ /[KQ]/ ? 1 : 8
			cells = right ~ /[Kk]/ ? "67" : "234"
			castled = "K" (rank == 1 ? "e1-" : "e8-") (right ~ /[Kk]/ ? "g" : "c") rank
			for (c = 1; c <= length(cells); c++)
				if (b[substr(cells, c, 1) + 0, rank] != ".") break
			if (c <= length(cells)) continue
			for (i = 1; i <= nm && mv[i] != castled; i++);
			if (i > nm) special = 1
		}
		if (rnd() < (special ? 0.5 : 1 / 12)) print fen >> kept
		print "go" > ends
		for (i = 1; i <= nm; i++) {
			print fen " " mv[i] > kids
			print k, mv[i], f[4] > meta
		}
	}
	END { decide(); print rng > ARGV[1] ".new" }
	' "$tmp/rng" "$tmp/cur" "$tmp/moves"
	mv "$tmp/rng.new" "$tmp/rng"
	[ "$(awk '!seen[$1 " " $2 " " $3 " " $4]++' "$tmp/kept" | wc -l)" -ge "$n" ] && break
	touch "$tmp/kids" "$tmp/meta"
	ob-fen -V chess --json "$tmp/kids" |
		sed 's/^{"fen":"\([^"]*\)".*"status":"\([a-z]*\)".*/\2 \1/' >"$tmp/played"
	# Each lane plays one of its children by weight, or starts again.
	awk -v starts="$starts" "$common"'
	FILENAME == ARGV[1] { rng = $0; next }
	FILENAME == ARGV[2] { lane[++nl] = $0; next }
	FILENAME == ARGV[3] { state[nl2++] = $0; next }
	FILENAME == ARGV[4] { mk[++nk] = $1; mm[nk] = $2; mep[nk] = $3; next }
	{ st[++np] = $1; child[np] = substr($0, length($1) + 2) }
	function weight(i, uniform,   m, w, f) {
		if (uniform) return 1
		m = mm[i]; w = 1
		if (m ~ /x/) w *= 4
		if (st[i] ~ /check/) w *= 10
		if (st[i] == "stalemate") w *= 500
		# the move lets the other side take en passant
		if (split(child[i], f, " ") && f[4] != "-") w *= 20
		if (m ~ /^P/) w *= 2
		if (m ~ /=/) w *= 8
		if (m ~ /^P..x/ && substr(m, 5, 2) == mep[i]) w *= 20
		if (m ~ /^K(e1-[cg]1|e8-[cg]8)$/) w *= 20
		return w
	}
	# dead: the Kings alone or with one Bishop or Knight (a Queen or a
	# Rook left alone may still stalemate)
	function dead(fen,   place) {
		place = fen; sub(/ .*/, "", place); gsub(/[^A-Za-z]/, "", place)
		return place !~ /[PpQqRr]/ && length(place) <= 3
	}
	END {
		i = 1
		for (k = 0; k < nl; k++) {
			split(lane[k + 1], l, " ")
			if (state[k] == "end") { restart(k); continue }
			total = 0
			for (j = i; j <= nk && mk[j] == k; j++) total += weight(j, l[3])
			pick = rnd() * total
			for (c = i; c < j - 1; c++) {
				pick -= weight(c, l[3])
				if (pick < 0) break
			}
			i = j
			if (l[2] + 1 >= 300 || dead(child[c]) || split(child[c], f, " ") && f[5] >= 100)
				restart(k)
			else
				print k, l[2] + 1, l[3], child[c]
		}
		print rng > ARGV[1] ".new"
	}
	' "$tmp/rng" "$tmp/cur" "$tmp/ends" "$tmp/meta" "$tmp/played" >"$tmp/next"
	mv "$tmp/rng.new" "$tmp/rng"
	mv "$tmp/next" "$tmp/cur"
	rm -f "$tmp/kids" "$tmp/meta" "$tmp/ends"
done

echo '#variant chess'
echo "# $n positions of seeded random playouts: tests/chess-playouts.sh $n $seed"
awk '!seen[$1 " " $2 " " $3 " " $4]++' "$tmp/kept" | head -n "$n"
