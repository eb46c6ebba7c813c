# chess-census.awk DIVIDES (loaded after chess-board.awk): how many
# positions of a sample hold each case a chess move generator may get
# wrong, read from Stockfish's view of them (chess-divide.awk's lines: 'd'
# for the checkers, depth 1 for the legal moves) and from the placement
# itself.  Prints "CASE COUNT" lines, in a fixed
# order, every case even when none was found.
BEGIN {
	FS = "\t"
	ncase = split("positions in_check double_check checkmate stalemate " \
		"pinned castling_right castling castling_refused en_passant " \
		"en_passant_refused promotion under_promotion promoted_piece " \
		"under_promoted_piece", cases, " ")
	for (i = 1; i <= ncase; i++) count[cases[i]] = 0
}
$2 == "d" && $3 == "checkers" { checkers[$1] = $4; seen[$1] = 1; next }
$2 == "1" && $3 == "total" { moves_total[$1] = $4; next }
$2 == "1" { moves[$1] = moves[$1] " " $3; next }

function own(c, white) { return white ? c ~ /[A-Z]/ : c ~ /[a-z]/ }
function cell(f, r) { return substr("abcdefgh", f, 1) r }

# pinned(WHITE): whether a piece of that side stands between its King and
# an enemy Rook, Bishop or Queen on their line
function pinned(white,   f, r, kf, kr, d, df, dr, first, c, sliders) {
	for (f = 1; f <= 8; f++)
		for (r = 1; r <= 8; r++)
			if (b[f, r] == (white ? "K" : "k")) { kf = f; kr = r }
	for (d = 0; d < 8; d++) {
		df = d < 4 ? (d == 0) - (d == 1) : (d % 2 ? 1 : -1)
		dr = d < 4 ? (d == 2) - (d == 3) : (d < 6 ? 1 : -1)
		sliders = d < 4 ? "[RQ]" : "[BQ]"
		if (white) sliders = tolower(sliders)
		first = ""
		f = kf; r = kr
		for (;;) {
			f += df; r += dr
			if (f < 1 || f > 8 || r < 1 || r > 8) break
			c = b[f, r]
			if (c == ".") continue
			if (first == "") {
				if (!own(c, white)) break
				first = c
				continue
			}
			if (c ~ sliders) return 1
			break
		}
	}
	return 0
}
function has(list, pattern) { return (" " list " ") ~ pattern }
# how many pieces of the letter beyond its starting number
function extra(letter, start,   s, n) {
	s = placement; n = gsub(letter, "", s)
	return n > start ? n - start : 0
}
END {
	for (key in seen) {
		split(key, f, " ")
		placement = f[1]; white = f[2] == "w"
		board(placement)
		count["positions"]++
		n = split(checkers[key], chk, " ")
		if (n > 0) count["in_check"]++
		if (n > 1) count["double_check"]++
		if (moves_total[key] == 0) count[n > 0 ? "checkmate" : "stalemate"]++
		if (pinned(white)) count["pinned"]++
		list = moves[key]
		if (f[3] != "-") count["castling_right"]++
		castles = refused = 0
		for (i = 1; f[3] != "-" && i <= length(f[3]); i++) {
			right = substr(f[3], i, 1)
			rank = right ~ /[KQ]/ ? 1 : 8
			target = (right ~ /[Kk]/ ? "g" : "c") rank
			between = right ~ /[Kk]/ ? "67" : "234"
			if (has(list, " e" rank target " ")) { castles = 1; continue }
			for (c = 1; c <= length(between); c++)
				if (b[substr(between, c, 1) + 0, rank] != ".") break
			if (c > length(between)) refused = 1
		}
		count["castling"] += castles
		count["castling_refused"] += refused
		if (f[4] != "-") {
			# a pawn of the side to move beside the passed pawn takes
			ep = 0
			epf = index("abcdefgh", substr(f[4], 1, 1))
			from_rank = white ? 5 : 4
			for (df = -1; df <= 1; df += 2)
				if (b[epf + df, from_rank] == (white ? "P" : "p") &&
					has(list, " " cell(epf + df, from_rank) f[4] " "))
					ep = 1
			count[ep ? "en_passant" : "en_passant_refused"]++
		}
		if (has(list, " [a-h][1-8][a-h][1-8]q ")) count["promotion"]++
		if (has(list, " [a-h][1-8][a-h][1-8][rbn] ")) count["under_promotion"]++
		if (extra("Q", 1) + extra("q", 1) + extra("[RBN]", 6) + extra("[rbn]", 6) > 0)
			count["promoted_piece"]++
		if (extra("R", 2) + extra("B", 2) + extra("N", 2) + extra("r", 2) + extra("b", 2) + extra("n", 2) > 0)
			count["under_promoted_piece"]++
	}
	for (i = 1; i <= ncase; i++) print cases[i], count[cases[i]]
}
