#!/bin/sh
# bench-stats.sh [BUILD-DIR [GAMES]]: how fast ob-stats counts games.
# Makes GAMES (default 10000) seeded random games, then times ob-stats
# over them with one thread, with --openings 4, and with one thread per
# processor; best of three runs each.  Prints games and main-line plies
# per second of wall-clock time, CPU seconds and peak memory.
set -eu
build=${1:-build}
games=${2:-10000}
case $build in /*) ;; *) build=$(pwd)/$build ;; esac
tool="$build/ob-stats"
[ -x /usr/bin/time ] || sh tests/need.sh time
[ -x "$tool" ] || { echo "bench-stats.sh: no $tool (run make)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$build/ob-validate" --random "$games" --seed 2026 >"$tmp/games.ogn"
# Main-line plies: the first column of the length table.
plies=$("$tool" --tsv "$tmp/games.ogn" |
	awk '$0 == "# length" { getline; getline; print $1; exit }')
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

# run LABEL ARGS...: best wall and CPU seconds of three runs, peak memory.
run() {
	label=$1
	shift
	: >"$tmp/times"
	for i in 1 2 3; do
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$tool" "$@" \
			"$tmp/games.ogn" >/dev/null
		tail -1 "$tmp/time" >>"$tmp/times"
	done
	awk -v l="$label" -v g="$games" -v p="$plies" '
		NR == 1 || $1 < w { w = $1 }
		NR == 1 || $2 + $3 < c { c = $2 + $3 }
		$4 > m { m = $4 }
		END {
			if (w <= 0) w = 0.001
			printf "ob-stats %-14s %8.0f games/s %9.0f plies/s wall (%.3f s, CPU %.3f s, %d KB)\n",
				l, g / w, p / w, w, c, m
		}' "$tmp/times"
}

echo "ob-stats: $games games, $plies main-line plies, $cpus processors"
run "-j 1" -j 1
run "-j 1 -o 4" -j 1 --openings 4
run "-j $cpus" -j "$cpus"
