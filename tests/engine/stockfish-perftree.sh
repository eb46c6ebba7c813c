#!/bin/sh
# A perftree script around Stockfish, of the kind chess engine authors
# keep for their own engines (ob-perft --compare runs it unchanged):
#
#   stockfish-perftree.sh DEPTH FEN MOVES
#
# prints Stockfish's divide of FEN after MOVES (UCI's form, space-separated,
# maybe none) at DEPTH: 'e2e4 20' lines, a blank line and the total.
# Stockfish reads 'position fen F moves M' and 'go perft D' and prints
# 'e2e4: 20' lines, then 'Nodes searched: N'.  Debian installs it in
# /usr/games.
[ $# -eq 3 ] || {
	echo 'usage: stockfish-perftree.sh DEPTH FEN MOVES' >&2
	exit 2
}
PATH=$PATH:/usr/games
printf 'position fen %s%s\ngo perft %s\nquit\n' "$2" "${3:+ moves $3}" "$1" |
	stockfish | awk '
		/^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { sub(":", ""); print }
		/^Nodes searched: [0-9]+$/ { print ""; print $3; total = 1 }
		END { exit !total }'
