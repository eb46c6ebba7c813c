# divide-diff.awk OURS THEIRS: compare two generators' divides, as
# chess-divide.awk writes them ("KEY<TAB>DEPTH<TAB>MOVE<TAB>COUNT"), block
# by block (a key and a depth).  Each block that differs is printed as
#   FEN, depth D: total ours N theirs M
#     MOVE ours N theirs M      (one line per move that differs, '-' for
#                                a move the one does not have)
# with the names of -v ours=NAME -v theirs=NAME.  A block in one file only
# differs too: its total is '-' on the other side.  Last, "N blocks
# compared, M differ" on standard output; exit 1 when some differ.
BEGIN {
	FS = "\t"
	if (ours == "") ours = "ours"
	if (theirs == "") theirs = "theirs"
}
{
	block = $1 FS $2
	side = FILENAME == ARGV[1] ? 1 : 2
	if (!(block in order)) { order[block] = ++nblocks; name[nblocks] = block }
	if (!((block, $3) in known)) {
		known[block, $3] = 1
		moves[block] = moves[block] SUBSEP $3
	}
	count[block, $3, side] = $4
}
function shown(block, move, side) {
	return (block, move, side) in count ? count[block, move, side] : "-"
}
END {
	for (b = 1; b <= nblocks; b++) {
		block = name[b]
		n = split(substr(moves[block], 2), list, SUBSEP)
		head = ""
		for (i = 1; i <= n; i++) {
			m = list[i]
			if (shown(block, m, 1) == shown(block, m, 2)) continue
			if (head == "") {
				split(block, kd, FS)
				head = kd[1] ", depth " kd[2] ": total " ours " " \
					shown(block, "total", 1) " " theirs " " \
					shown(block, "total", 2)
				print head
				ndiff++
			}
			if (m != "total")
				print "  " m " " ours " " shown(block, m, 1) " " \
					theirs " " shown(block, m, 2)
		}
	}
	print nblocks " blocks compared, " ndiff + 0 " differ"
	exit (ndiff > 0)
}
