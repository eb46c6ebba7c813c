# chess-board.awk: read a FEN placement into b[file, rank] (files and
# ranks 1..8, "." for an empty square); loaded by chess-census.awk's and
# chess-playouts.sh's awk programs.
function board(place,   i, c, r, f, k) {
	split("", b)
	r = 8; f = 1
	for (i = 1; i <= length(place); i++) {
		c = substr(place, i, 1)
		if (c == "/") { r--; f = 1 }
		else if (c ~ /[1-9]/) for (k = 0; k < c + 0; k++) b[f++, r] = "."
		else b[f++, r] = c
	}
}
