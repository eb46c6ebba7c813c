# chess-divide.awk PLAN OUTPUT: a chess divide, Stockfish's or ob-perft's,
# as lines "KEY<TAB>DEPTH<TAB>MOVE<TAB>COUNT", MOVE in UCI's form (e2e4,
# e7e8q) or "total"; for comparing two generators line by line.
#
# PLAN has a line "KEY<TAB>WHAT" for each block of OUTPUT, in order: WHAT
# names a divide (its depth), or starts with "d" for Stockfish's 'd'
# command, whose 'Fen:' and 'Checkers:' lines become
# "KEY<TAB>WHAT<TAB>fen<TAB>FEN" and "KEY<TAB>WHAT<TAB>checkers<TAB>CELLS".
# A divide block is Stockfish's ("e2e4: 20" lines, "Nodes searched: N")
# or ob-perft's (--divide: "Pe2-e4 20" lines, "total N"; UCI's "e2e4 20"
# read too).  Output left over, or a plan not all used, is an error (exit
# 2): a block lost would hide a difference.
BEGIN { FS = "\t" }
FILENAME == ARGV[1] { key[++nplan] = $1; what[nplan] = $2; next }
function next_block() {
	if (++block > nplan) fail("more blocks than the plan's " nplan)
}
function emit(move, count) {
	printf "%s\t%s\t%s\t%s\n", key[block], what[block], move, count
}
function end_block(total) {
	emit("total", total)
	block_done = block
}
function fail(why) {
	printf "chess-divide.awk: %s:%d: %s\n", FILENAME, FNR, why >"/dev/stderr"
	failed = 1
	exit 2
}
# a new divide starts with its first move after the last block ended
function move_line(move, count) {
	if (block == block_done) next_block()
	if (what[block] ~ /^d/) fail("a move where the plan has '" what[block] "'")
	emit(move, count)
}
/^[a-h][1-8][a-h][1-8][qrbn]?:? [0-9]+$/ {
	split($0, f, /:? /)
	move_line(f[1], f[2])
	next
}
/^[KQRBNP][a-h][1-8][-x][a-h][1-8](=[QRBN])?[+#]? [0-9]+$/ {
	split($0, f, " ")
	m = substr(f[1], 2, 2) substr(f[1], 5, 2)
	if (substr(f[1], 7, 1) == "=") m = m tolower(substr(f[1], 8, 1))
	move_line(m, f[2])
	next
}
/^(Nodes searched: |total )[0-9]+$/ {
	# a position without moves has a total alone
	if (block == block_done) next_block()
	n = split($0, f, " ")
	end_block(f[n])
	next
}
/^Fen: / {
	next_block()
	if (what[block] !~ /^d/) fail("'Fen:' where the plan has " what[block])
	printf "%s\t%s\tfen\t%s\n", key[block], what[block], substr($0, 6)
	next
}
/^Checkers:/ {
	if (what[block] !~ /^d/) fail("'Checkers:' without 'Fen:'")
	c = substr($0, 10)
	gsub(/^ +| +$/, "", c)
	printf "%s\t%s\tcheckers\t%s\n", key[block], what[block], c
	block_done = block
	next
}
END {
	if (!failed && block != nplan)
		fail("the plan has " nplan " blocks, the output " block)
}
