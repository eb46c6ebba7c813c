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
[ -x /usr/bin/time ] || sh tests/need.sh time
[ -x "$tool" ] || { echo "bench-validate.sh: no $tool (run make)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$tool" --random "$games" --seed 2026 >"$tmp/games.ogn"
# The plies checked, from the summary line.
plies=$("$tool" "$tmp/games.ogn" 2>&1 >/dev/null |
	sed -n 's/.*; \([0-9]*\) plies checked$/\1/p')
bytes=$(wc -c <"$tmp/games.ogn")

# run LABEL ARGS...: best wall and CPU seconds of three runs.
run() {
	label=$1
	shift
	: >"$tmp/times"
	for i in 1 2 3; do
		/usr/bin/time -f '%e %U %S' -o "$tmp/time" "$tool" -q "$@" \
			"$tmp/games.ogn" >/dev/null
		tail -1 "$tmp/time" >>"$tmp/times"
	done
	best_wall=$(awk 'NR == 1 || $1 < m { m = $1 } END { print m }' "$tmp/times")
	best_cpu=$(awk 'NR == 1 || $2 + $3 < m { m = $2 + $3 } END { print m }' "$tmp/times")
	awk -v l="$label" -v p="$plies" -v w="$best_wall" -v c="$best_cpu" 'BEGIN {
		if (w <= 0) w = 0.001
		if (c <= 0) c = 0.001
		printf "ob-validate %-12s %9.0f plies/s wall (%.3f s), %9.0f plies/s CPU (%.3f s)\n",
			l, p / w, w, p / c, c
	}'
}

echo "ob-validate: $games games, $plies plies, $bytes bytes"
run check
run --normalize --normalize
