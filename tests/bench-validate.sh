#!/bin/sh
# bench-validate.sh [BUILD-DIR [GAMES]]: how fast ob-validate checks games.
# Makes GAMES (default 10000) seeded random games, then times plain
# validation and validation with --normalize (which re-emits every game)
# over them, best of three runs each, and prints plies per second of
# wall-clock and of CPU time.  Single-threaded.
set -eu
build=${1:-build}
games=${2:-10000}
case $build in /*) ;; *) build=$(pwd)/$build ;; esac
tool="$build/ob-validate"
[ -x "$tool" ] || { echo "bench-validate.sh: no $tool (run make)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$tool" --generate "$games" --seed 2026 >"$tmp/games.ogn"
# The plies checked, from the summary line.
plies=$("$tool" "$tmp/games.ogn" 2>&1 >/dev/null |
	sed -n 's/.*; \([0-9]*\) plies checked$/\1/p')
bytes=$(wc -c <"$tmp/games.ogn")

# run LABEL ARGS...: best wall and CPU seconds of three runs.
run() {
	label=$1
	shift
	best_wall= best_cpu=
	for i in 1 2 3; do
		start=$(date +%s.%N)
		cpu=$( { /usr/bin/time -f '%U %S' "$tool" -q "$@" \
			"$tmp/games.ogn" >/dev/null; } 2>&1 | tail -1)
		end=$(date +%s.%N)
		wall=$(echo "$end - $start" | bc -l)
		cpu=$(echo "$cpu" | awk '{ print $1 + $2 }')
		if [ -z "$best_wall" ] || [ "$(echo "$wall < $best_wall" | bc -l)" = 1 ]; then
			best_wall=$wall
		fi
		if [ -z "$best_cpu" ] || [ "$(echo "$cpu < $best_cpu" | bc -l)" = 1 ]; then
			best_cpu=$cpu
		fi
	done
	awk -v l="$label" -v p="$plies" -v w="$best_wall" -v c="$best_cpu" 'BEGIN {
		if (c <= 0) c = 0.001
		printf "ob-validate %-12s %9.0f plies/s wall (%.3f s), %9.0f plies/s CPU (%.3f s)\n",
			l, p / w, w, p / c, c
	}'
}

echo "ob-validate: $games games, $plies plies, $bytes bytes"
run check
run --normalize --normalize
