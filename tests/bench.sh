#!/bin/sh
# The fixed perft benchmark (make bench): ob-perft on the start position and
# three middle-game positions at fixed depths, one thread, no hash table;
# leaf nodes per second, best of BENCH_RUNS runs (default 3).  When
# Stockfish is installed, its 'go perft 6' from chess's start position is
# timed in the same run (its start-up, timed with 'go perft 1', is
# subtracted) and the ratio of the two rates is printed.
#
#   sh tests/bench.sh BUILD_DIR

set -eu

build=${1:-build}
perft=$build/ob-perft
runs=${BENCH_RUNS:-3}
[ -x "$perft" ] || { echo "bench.sh: no $perft; run make first" >&2; exit 2; }

# Nanoseconds since the epoch (GNU date).
now() {
	date +%s%N
}
case $(now) in *N*|'') echo "bench.sh: date +%s%N is needed" >&2; exit 2 ;; esac

# The positions: name, depth, position (all from testdata/perft/oblique.epd).
positions() {
	cat <<'EOF'
start 5 startpos
middle-31 4 b4/5/2B2/3S1/TN3|5/3p1/3nt/1P3/3L1|1s3/p1p1p/P2P1/1P1P1/2T2|1l3/Bp1p1/N1P2/1p1n1/5|5/1lr2/2b2/1L3/5 b 2 39
middle-35 4 3t1/3l1/3n1/2L2/5|3b1/bppN1/1P1p1/5/1S3|1ts2/pp1p1/n2pN/PPPBP/2T2|1l3/1p1T1/2R2/rPPP1/5|5/5/5/1L3/5 w 8 24
middle-31b 4 5/4r/1S3/5/B4|5/1Npp1/PpL2/1P1P1/R4|s3t/1pl1p/p1P2/1BL2/T2b1|5/3p1/1P3/3Pt/5|1T2b/5/4n/5/2b2 w 4 42
EOF
}

total_nodes=0
total_ns=0
echo "ob-perft, 1 thread, no hash table, best of $runs:"
while read -r name depth pos; do
	best=
	i=0
	while [ "$i" -lt "$runs" ]; do
		t0=$(now)
		nodes=$(printf '%s\n' "$pos" | "$perft" -j 1 -d "$depth")
		t1=$(now)
		ns=$((t1 - t0))
		if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
		i=$((i + 1))
	done
	total_nodes=$((total_nodes + nodes))
	total_ns=$((total_ns + best))
	awk -v n="$name" -v d="$depth" -v nodes="$nodes" -v ns="$best" 'BEGIN {
		printf "  %-11s D%d %12d nodes %8.3f s %7.1f Mnodes/s\n",
			n, d, nodes, ns / 1e9, nodes / (ns / 1e9) / 1e6 }'
done <<EOF
$(positions)
EOF
ours=$(awk -v n="$total_nodes" -v ns="$total_ns" 'BEGIN { printf "%.0f", n / (ns / 1e9) }')
awk -v n="$total_nodes" -v ns="$total_ns" -v r="$ours" 'BEGIN {
	printf "  %-11s    %12d nodes %8.3f s %7.1f Mnodes/s\n", "all", n, ns / 1e9, r / 1e6 }'

sf=$(command -v stockfish 2>/dev/null || true)
[ -n "$sf" ] || [ ! -x /usr/games/stockfish ] || sf=/usr/games/stockfish
if [ -z "$sf" ]; then
	echo "stockfish: not installed (apt-get install stockfish), no ratio"
	exit 0
fi

# Wall time of a Stockfish session that runs 'go perft N'.
sf_time() {
	t0=$(now)
	printf 'position startpos\ngo perft %s\nquit\n' "$1" | "$sf" >"${TMPDIR:-/tmp}/bench-sf.$$"
	t1=$(now)
	echo $((t1 - t0))
}

best6= best1=
i=0
while [ "$i" -lt "$runs" ]; do
	t=$(sf_time 1)
	if [ -z "$best1" ] || [ "$t" -lt "$best1" ]; then best1=$t; fi
	t=$(sf_time 6)
	if [ -z "$best6" ] || [ "$t" -lt "$best6" ]; then best6=$t; fi
	i=$((i + 1))
done
sf_nodes=$(sed -n 's/^Nodes searched: //p' "${TMPDIR:-/tmp}/bench-sf.$$")
rm -f "${TMPDIR:-/tmp}/bench-sf.$$"
[ "$sf_nodes" = 119060324 ] || { echo "bench.sh: stockfish perft 6 said '$sf_nodes'" >&2; exit 1; }
version=$(echo quit | "$sf" | head -1 | cut -d' ' -f1-2)
awk -v n="$sf_nodes" -v t6="$best6" -v t1="$best1" -v ours="$ours" -v v="$version" 'BEGIN {
	ns = t6 - t1
	if (ns <= 0) ns = t6
	sf = n / (ns / 1e9)
	printf "%s, go perft 6 (start-up subtracted), best of runs:\n", v
	printf "  %-11s D6 %12d nodes %8.3f s %7.1f Mnodes/s\n", "chess", n, ns / 1e9, sf / 1e6
	printf "ratio ob-perft / Stockfish: %.2f\n", ours / sf }'
