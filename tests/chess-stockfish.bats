#!/usr/bin/env bats
# Orthodox chess against Stockfish (Debian's stockfish, 15.1), on the
# 1,000 positions of biased random playouts in testdata/playouts/chess.epd
# (made by tests/chess-playouts.sh with seed 4, the first of 1 to 4 whose
# sample held every case: double checks are rare): every divide at depths 1, 2 and 3,
# and at depth 4 on every tenth position, move by move; equal totals for
# the mirrored and the point-reflected positions; the reference
# generator's divides; ob-fen's FEN of each position and of the position
# after each legal move against Stockfish's 'd'.  The special cases the
# sample holds are counted and must all be there.  One Stockfish process
# answers everything; ob-perft runs once per depth over all positions.

load common

SAMPLE="$TESTDATA/playouts/chess.epd"

# uci: the long form of the last field as UCI writes it (Pe7-e8=Q e7e8q).
UCI='function uci(m,   u) {
	u = substr(m, 2, 2) substr(m, 5, 2)
	if (substr(m, 7, 1) == "=") u = u tolower(substr(m, 8, 1))
	return u
}'

# ask PLAN WHAT: Stockfish's commands for each line of standard input, a
# position "FEN", "FEN MOVE" (a long move played from it) or "KEY<TAB>FEN"
# (asked about FEN, known as KEY), appending "KEY<TAB>WHAT" to PLAN for
# each block of output they give: WHAT "d" or "dm" (after a move) asks
# 'd', "N" or a letter and N (a variation) 'go perft N'.
ask() {
	awk -F '\t' -v plan="$1" -v what="$2" "$UCI"'
	{
		fen = $NF
		if (what == "dm") {
			n = split(fen, w, " ")
			fen = substr(fen, 1, length(fen) - length(w[n]) - 1) " moves " uci(w[n])
		}
		print "position fen " fen
		print what ~ /^d/ ? "d" : "go perft " substr(what, length(what))
		print $1 "\t" what >>plan
	}'
}

# keyed KEYS: the lines of standard input whose first field is a line of
# KEYS.
keyed() {
	awk -F '\t' 'NR == FNR { k[$0]; next } $1 in k' "$1" -
}

# ours DEPTH FILE [OPTION...]: ob-perft's divide of each position of FILE
# at DEPTH, as chess-divide.awk lines keyed by FILE's lines.
ours() {
	local depth=$1 file=$2
	shift 2
	ob-perft -V chess -d "$depth" --divide "$@" "$file" >"$D/ours.out"
	awk -v d="$depth" '{ print $0 "\t" d }' "$file" >"$D/ours.plan"
	awk -f "$ROOT/tests/chess-divide.awk" "$D/ours.plan" "$D/ours.out"
}

# totals WHAT FILE KEYS [OPTION...]: ob-perft's depth-3 totals of FILE's
# positions, keyed by the lines of KEYS, as chess-divide.awk lines of depth WHAT.
totals() {
	local what=$1 file=$2 keys=$3
	shift 3
	ob-perft -V chess -d 3 "$@" "$file" | paste "$keys" - |
		awk -F '\t' -v w="$what" '{ print $1 "\t" w "\ttotal\t" $2 }'
}

# reflect: the point reflection of each FEN (turned 180 degrees, colours
# swapped), for positions without castling rights (castling breaks the
# symmetry between the wings).
REFLECT='{
	n = split($1, rank, "/"); p = ""
	for (i = n; i >= 1; i--) {
		r = ""
		for (j = length(rank[i]); j >= 1; j--) {
			c = substr(rank[i], j, 1)
			r = r (c ~ /[a-z]/ ? toupper(c) : tolower(c))
		}
		p = p r (i > 1 ? "/" : "")
	}
	ep = $4 == "-" ? "-" : substr("hgfedcba", index("abcdefgh", substr($4, 1, 1)), 1) (9 - substr($4, 2))
	print p, $2 == "w" ? "b" : "w", "-", ep, $5, $6
}'

setup_file() {
	PATH="$PATH:/usr/games" sh "$ROOT/tests/need.sh" stockfish
	export D="$BATS_FILE_TMPDIR"
	grep -v '^#' "$SAMPLE" >"$D/pos"
	awk 'NR % 10 == 1' "$D/pos" >"$D/deep"
	# each position followed by one of its legal moves, one a line
	ob-fen -V chess --moves "$D/pos" |
		awk 'NR == FNR { p[++n] = $0; next } /^$/ { k++; next }
			{ print p[k + 1] " " $0 }' "$D/pos" - >"$D/children"
	ob-fen -V chess -M "$D/pos" | grep -v '^#' >"$D/mirrored"
	awk '$3 == "-"' "$D/pos" >"$D/unrighted"
	awk "$REFLECT" "$D/unrighted" >"$D/reflected"

	# Stockfish: every 'd' first, as 'd' is answered at once while 'go
	# perft' runs in a thread of its own and would interleave.
	local plan="$D/sf.plan"
	: >"$plan"
	{
		ask "$plan" d <"$D/pos"
		ask "$plan" dm <"$D/children"
		for depth in 1 2 3; do
			ask "$plan" $depth <"$D/pos"
		done
		ask "$plan" 4 <"$D/deep"
		paste "$D/pos" "$D/mirrored" | ask "$plan" M3
		paste "$D/unrighted" "$D/reflected" | ask "$plan" R3
		echo quit
	} >"$D/sf.in"
	PATH="$PATH:/usr/games" stockfish <"$D/sf.in" >"$D/sf.out"
	head -1 "$D/sf.out" >"$D/sf.version"
	awk -f "$ROOT/tests/chess-divide.awk" "$plan" "$D/sf.out" >"$D/sf"

	# ob-perft, once per depth over all positions
	{
		for depth in 1 2 3; do ours $depth "$D/pos"; done
		ours 4 "$D/deep"
	} >"$D/ob"
}

# differ ONE TWO NAME_ONE NAME_TWO: divide-diff.awk's verdict, the first
# differences shown; fails when any.
differ() {
	local status=0
	awk -v ours="$3" -v theirs="$4" -f "$ROOT/tests/divide-diff.awk" \
		"$1" "$2" >"$D/diff" || status=$?
	head -40 "$D/diff"
	[ "$(wc -l <"$D/diff")" -le 41 ] || tail -1 "$D/diff"
	return $status
}

# fen_differ INPUT OURS THEIRS: the lines of INPUT (a position, or a
# position and a move) whose FEN differs in OURS (ob-fen's) and THEIRS
# (Stockfish's), the first shown; fails when any.
fen_differ() {
	local status=0
	paste "$1" "$2" "$3" | awk -F '\t' '$2 != $3 {
		print $1 ": ob-fen " ($2 == "" ? "-" : $2) ", stockfish " ($3 == "" ? "-" : $3)
		n++
	} END { print NR " lines compared, " n + 0 " differ"; exit n > 0 }' \
		>"$D/fen-diff" || status=$?
	head -20 "$D/fen-diff"
	[ "$(wc -l <"$D/fen-diff")" -le 21 ] || tail -1 "$D/fen-diff"
	return $status
}

# sf WHAT...: Stockfish's lines of those kinds of block
sf() {
	local w
	for w in "$@"; do awk -F '\t' -v w="$w" '$2 == w' "$D/sf"; done
}

@test "the sample: 1,000 positions holding checks, pins, castling, en passant, promotions and stalemates" {
	cat "$D/sf.version"
	[[ "$(cat "$D/sf.version")" == Stockfish* ]]
	awk -f "$ROOT/tests/chess-board.awk" -f "$ROOT/tests/chess-census.awk" "$D/sf" >"$D/census"
	cat "$D/census"
	[ "$(awk '$1 == "positions" { print $2 }' "$D/census")" -eq 1000 ]
	# every case is there (en passant refused for a pin is not)
	[ -z "$(awk '$1 != "en_passant_refused" && $2 == 0' "$D/census")" ]
	[ "$(wc -l <"$D/deep")" -eq 100 ]
	# the mirror of each, and the point reflection of those without rights
	[ "$(wc -l <"$D/mirrored")" -eq 1000 ]
	[ "$(wc -l <"$D/reflected")" -ge 500 ]
}

@test "perft 1, 2 and 3: every position's divide is Stockfish's, move by move" {
	awk -F '\t' '$2 ~ /^[123]$/' "$D/ob" >"$D/ob123"
	differ "$D/ob123" <(sf 1 2 3) ob-perft stockfish
	[ "$(tail -1 "$D/diff")" = "3000 blocks compared, 0 differ" ]
}

@test "perft 4 on every tenth position: the divide is Stockfish's, move by move" {
	awk -F '\t' '$2 == 4' "$D/ob" >"$D/ob4"
	differ "$D/ob4" <(sf 4) ob-perft stockfish
	[ "$(tail -1 "$D/diff")" = "100 blocks compared, 0 differ" ]
}

@test "mirrored and point-reflected, the totals at depth 3 stay: ours and Stockfish's" {
	awk -F '\t' '$2 == 3 && $3 == "total"' "$D/sf" >"$D/sf3"
	# ob-perft -M, Stockfish on ob-fen -M's FEN
	totals 3 "$D/pos" "$D/pos" -M >"$D/m"
	differ "$D/m" "$D/sf3" "ob-perft -M" stockfish
	sf M3 | awk -F '\t' -v OFS='\t' '$3 == "total" { $2 = 3; print }' >"$D/sfm"
	differ "$D/sfm" "$D/sf3" "stockfish on ob-fen -M" stockfish
	[ "$(tail -1 "$D/diff")" = "1000 blocks compared, 0 differ" ]
	# turned 180 degrees, where no castling right tells the wings apart
	totals 3 "$D/reflected" "$D/unrighted" >"$D/r"
	keyed "$D/unrighted" <"$D/sf3" >"$D/sf3u"
	differ "$D/r" "$D/sf3u" "ob-perft turned" stockfish
	sf R3 | awk -F '\t' -v OFS='\t' '$3 == "total" { $2 = 3; print }' >"$D/sfr"
	differ "$D/sfr" "$D/sf3u" "stockfish turned" stockfish
	[ "$(tail -1 "$D/diff")" = "$(wc -l <"$D/unrighted") blocks compared, 0 differ" ]
}

@test "the reference generator: perft 1 and the divide at depth 2 of every position, at 3 of every tenth" {
	ours 1 "$D/pos" --reference >"$D/ref1"
	differ "$D/ref1" <(sf 1) "ob-perft --reference" stockfish
	[ "$(tail -1 "$D/diff")" = "1000 blocks compared, 0 differ" ]
	ours 2 "$D/pos" --reference >"$D/ref2"
	differ "$D/ref2" <(sf 2) "ob-perft --reference" stockfish
	[ "$(tail -1 "$D/diff")" = "1000 blocks compared, 0 differ" ]
	# under the sanitizers every fiftieth
	[ "$OB_QUICK" = 1 ] && awk 'NR % 5 == 1' "$D/deep" >"$D/ref-deep" ||
		cp "$D/deep" "$D/ref-deep"
	ours 3 "$D/ref-deep" --reference >"$D/ref3"
	sf 3 | keyed "$D/ref-deep" >"$D/sf3d"
	differ "$D/ref3" "$D/sf3d" "ob-perft --reference" stockfish
	[ "$(tail -1 "$D/diff")" = "$(wc -l <"$D/ref-deep") blocks compared, 0 differ" ]
}

@test "ob-fen writes each position, and the one after each legal move, as Stockfish's 'd' does" {
	grep -q '^Stockfish 15\.1 ' "$D/sf.version" ||
		skip "the FEN dialect is Stockfish 15.1's; this is $(cat "$D/sf.version")"
	ob-fen -V chess "$D/pos" | grep -v '^#' >"$D/fen"
	sf d | awk -F '\t' '$3 == "fen" { print $4 }' >"$D/sf-fen"
	fen_differ "$D/pos" "$D/fen" "$D/sf-fen"
	ob-fen -V chess "$D/children" | grep -v '^#' >"$D/fen"
	sf dm | awk -F '\t' '$3 == "fen" { print $4 }' >"$D/sf-fen"
	fen_differ "$D/children" "$D/fen" "$D/sf-fen"
	[ "$(wc -l <"$D/fen")" -eq "$(wc -l <"$D/children")" ]
	# castling rights lost and en passant cells written among them
	awk '$3 != "-" && $3 != "KQkq"' "$D/fen" | grep -q .
	awk '$4 != "-"' "$D/fen" | grep -q .
}

@test "the sample is what tests/chess-playouts.sh makes: its first positions made again" {
	local n=40 seed
	[ "$OB_QUICK" = 1 ] && n=15
	# the seed as the sample's heading names it
	seed=$(sed -n 's/^# .* tests\/chess-playouts\.sh [0-9]* \([0-9]*\)$/\1/p' "$SAMPLE")
	[ -n "$seed" ]
	sh "$ROOT/tests/chess-playouts.sh" $n "$seed" >"$D/again"
	head -1 "$D/again" | grep -qx '#variant chess'
	grep -v '^#' "$D/again" | diff - <(head -n $n "$D/pos")
}

@test "a difference is shown with its FEN, depth and moves; a lost block is an error" {
	awk -F '\t' '$2 == 2' "$D/ob" | keyed <(head -10 "$D/pos") >"$D/good"
	# one count changed, one move dropped
	awk -F '\t' -v OFS='\t' 'NR == 3 { $4 = $4 + 1 } NR != 7' "$D/good" >"$D/bad"
	run -1 awk -v theirs=stockfish -f "$ROOT/tests/divide-diff.awk" "$D/bad" "$D/good"
	fen=$(head -1 "$D/good" | cut -f 1)
	m3=$(sed -n 3p "$D/good" | cut -f 3) c3=$(sed -n 3p "$D/good" | cut -f 4)
	m7=$(sed -n 7p "$D/good" | cut -f 3) c7=$(sed -n 7p "$D/good" | cut -f 4)
	total=$(awk -F '\t' -v f="$fen" '$1 == f && $3 == "total" { print $4 }' "$D/good")
	[ "${lines[0]}" = "$fen, depth 2: total ours $total stockfish $total" ]
	[ "${lines[1]}" = "  $m3 ours $((c3 + 1)) stockfish $c3" ]
	[ "${lines[2]}" = "  $m7 ours - stockfish $c7" ]
	[ "${lines[3]}" = "10 blocks compared, 1 differ" ]
	# ob-perft's output short of a position fails chess-divide.awk
	printf '%s\n' "$(head -2 "$D/pos")" | awk '{ print $0 "\t1" }' >"$D/plan"
	ob-perft -V chess -d 1 --divide <(head -1 "$D/pos") >"$D/out"
	run -2 --separate-stderr awk -f "$ROOT/tests/chess-divide.awk" "$D/plan" "$D/out"
	[ "$stderr" = "chess-divide.awk: $D/out:$(wc -l <"$D/out"): the plan has 2 blocks, the output 1" ]
}
