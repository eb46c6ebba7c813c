#!/bin/sh
# The fixed benchmarks (make bench).
#
# Perft: ob-perft on Oblique's start position and three middle-game
# positions, and on the start and a middle-game position of each other
# variant (every Plattraum variant, the three players' too), at fixed
# depths, one thread, no hash table; leaf nodes per
# second, best of BENCH_RUNS runs (default 3), less the start-up (the
# same command at depth 1), and per variant.  Chess is counted on
# Stockfish's own positions: the start position at depth 7
# (BENCH_SF_DEPTH, 6 or 7) and Kiwipete at depth 5.  When Stockfish is
# installed, its 'go perft' on those two positions and depths is timed
# in the same run (single thread, no table; the time of a session that
# runs 'go perft 1' is subtracted as the start-up), and each chess row
# is printed as a ratio to Stockfish's rate on the same position and
# depth; every other variant's rate as a ratio to Stockfish's on chess's
# start position.
#
# Then ob-validate and ob-stats on 10,000 generated games
# (tests/bench-validate.sh, tests/bench-stats.sh).
#
#   sh tests/bench.sh BUILD_DIR

set -eu

build=${1:-build}
perft=$build/ob-perft
runs=${BENCH_RUNS:-3}
here=$(dirname "$0")
[ -x "$perft" ] || { echo "bench.sh: no $perft; run make first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# Nanoseconds since the epoch (GNU date).
now() {
	date +%s%N
}
case $(now) in *N*|'') echo "bench.sh: date +%s%N is needed" >&2; exit 2 ;; esac

# variant, name, depth, position (all from the suites in testdata/perft/).
cat >"$tmp/positions" <<'END'
oblique start 5 startpos
oblique middle-31 4 b4/5/2B2/3S1/TN3|5/3p1/3nt/1P3/3L1|1s3/p1p1p/P2P1/1P1P1/2T2|1l3/Bp1p1/N1P2/1p1n1/5|5/1lr2/2b2/1L3/5 b 2 39
oblique middle-35 4 3t1/3l1/3n1/2L2/5|3b1/bppN1/1P1p1/5/1S3|1ts2/pp1p1/n2pN/PPPBP/2T2|1l3/1p1T1/2R2/rPPP1/5|5/5/5/1L3/5 w 8 24
oblique middle-31b 4 5/4r/1S3/5/B4|5/1Npp1/PpL2/1P1P1/R4|s3t/1pl1p/p1P2/1BL2/T2b1|5/3p1/1P3/3Pt/5|1T2b/5/4n/5/2b2 w 4 42
raumschach start 5 startpos
raumschach middle 4 r1q1r/1pppp/5/5/5|u4/p3p/pn3/5/3u1|4k/1ppp1/5/5/5|5/2N2/P1P2/1P1PP/BU2U|4b/2N1b/1PB2/2PK1/R3R w 4 19
diagonal-oblong start 6 startpos
diagonal-oblong middle 5 rknb/b2r/4/1n1p/p1pp/ppq1/1pP1/2p1/PP2/2P1/1Q2/3K/N2P/PP1P/R1NB/B2R w k d12 0 11
plattraum-multiple start 6 startpos
plattraum-multiple middle 4 1,Cp1,Fd1,Hd1,2/1,Rk2,2,Cp2,2/Fr1,1,Hd1,5/1,Rk1,Cp1,6/2,Hr1,2,Cp1,Cp2,Hd2,1,Un2/Gd1,1,Cp2,7,Gd2/Rk1,2,Cp1,6/3,Un1,1,Fr2,3/Fd1,7/2,Cp1,3,Rk2/4,Hr2,1 1 2 88
plattraum-2p start 6 startpos
plattraum-2p middle 5 1,Un1,4/2,Sn1,4/8/Fr1,Cp1,1,Sn2,3,Cp2,Fr2/1,Hr1,Cp1,4,Cp2,1,Ds2/Un1,Un1,1,Cp1,3,Cp2,Hr2,Un2,Un2/Gd1,Hr1,Cp1,Ds1,3,Cp2,Hr2,Gd2/Fr1,Cp1,5,Cp2,Fr2/2,Un2,5/7/1,Sn1,2,Sn2,1 2 11 6
plattraum-knighted start 6 startpos
plattraum-knighted middle 5 5,Sn2/Cp1,4,Fs2,Cp2/1,Cp1,2,Fs1,1,Cp2,1/Fr1,Sn1,Hr1,Cp1,2,Cp2,Fr2,1/Sp1,Hd1,Un1,Cp1,Cp1,2,Hr2,Hd2,Sp2/Un1,5,Cp2,Rk2,1,Un2,Un2/Gd1,Fd1,Hr1,Un1,Cp1,1,Gd2,Hr2,Fd2,Un2/Hs1,1,Cp1,3,Cp2,1,Hs2/Fr1,Cp1,3,Cp2,Fr2,1/Cp1,2,Sn2,2,Cp2/6 1 7 19
plattraum-liu-yang start 5 startpos
plattraum-liu-yang middle 4 6/2,Cp1,1,Un1,Cp2,1/Sn1,7/1,Hc1,6,Fc1/3,Cp1,1,Cp2,1,Un1,1,Gd2/6,Cp1,4/10/6,Sn1,2/Gd1,1,Sg2,Cp1,Un2,2,Fc2/2,Cp1,3,Sg1/3,Hc2,2 1 3 93
plattraum start 6 startpos
plattraum middle 5 3,Fr3,Gd3,1/3,Cp3,1,Un3,1/2,Hr1,5/Fr1,2,Un1,Sn1,Cp3,Cp3,2/Ds1,2,Un2,Cp1,1,Cp2,Cp3,1,Ds2/Un1,3,Cp1,4,Hr3,1/Gd1,4,Cp2,4/Sn3,Cp1,3,Un3,Cp2,2/2,Hr1,1,Cp2,Sn2,1,Fr2/Sn2,2,Cp2,Sn1,Un2,Gd2/3,Fr2,1,Un2 1 1 21
END

sf_depth=${BENCH_SF_DEPTH:-7}
case $sf_depth in
6) start_nodes=119060324 ;;
7) start_nodes=3195901860 ;;
*) echo "bench.sh: BENCH_SF_DEPTH is 6 or 7" >&2; exit 2 ;;
esac
# Chess on the positions and depths Stockfish is timed on below (from
# testdata/perft/chess.epd): name, depth, position (FEN, as both read
# it), and the count both must print.
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
cat >"$tmp/chess" <<END
start $sf_depth startpos $start_nodes
kiwipete 5 $kiwipete 193690690
END
while read -r name depth pos; do
	echo "chess $name $depth ${pos% *}"
done <"$tmp/chess" >>"$tmp/positions"

# Best wall time of runs of ob-perft on the position at a depth.
perft_time() {
	best=
	i=0
	while [ "$i" -lt "$runs" ]; do
		t0=$(now)
		printf '%s\n' "$pos" | "$perft" -V "$variant" -j 1 -d "$1" \
			>"$tmp/nodes"
		t1=$(now)
		if [ -z "$best" ] || [ $((t1 - t0)) -lt "$best" ]; then
			best=$((t1 - t0))
		fi
		i=$((i + 1))
	done
	echo "$best"
}

# Each run's start-up (starting the process, building the board's
# tables) is that of the same command at depth 1, and is subtracted as
# Stockfish's empty session is below.
echo "ob-perft, 1 thread, no hash table, best of $runs, start-up subtracted:"
while read -r variant name depth pos; do
	startup=$(perft_time 1)
	best=$(perft_time "$depth")
	nodes=$(cat "$tmp/nodes")
	ns=$((best - startup))
	note=
	[ "$ns" -gt 0 ] || { ns=$best; note=' start-up NOT subtracted'; }
	echo "$variant $nodes $ns" >>"$tmp/runs"
	echo "$variant $name $depth $nodes $ns" >>"$tmp/rows"
	awk -v v="$variant" -v n="$name" -v d="$depth" -v nodes="$nodes" \
		-v ns="$ns" -v s="$startup" -v note="$note" 'BEGIN {
		printf "  %-18s %-11s D%d %12.0f nodes %8.3f s %7.1f Mnodes/s (start-up %.1f ms%s)\n",
			v, n, d, nodes, ns / 1e9, nodes / (ns / 1e9) / 1e6, s / 1e6, note }'
done <"$tmp/positions"

# Chess's counts are known (Stockfish must print them too, below).
while read -r name depth pos; do
	got=$(awk -v n="$name" '$1 == "chess" && $2 == n { print $4 }' "$tmp/rows")
	if [ "$got" != "${pos##* }" ]; then
		echo "bench.sh: ob-perft chess $name D$depth said '$got'" >&2
		exit 1
	fi
done <"$tmp/chess"

# Per variant, in the order listed: VARIANT NODES NS RATE.
awk '{ if (!($1 in n)) order[k++] = $1; n[$1] += $2; t[$1] += $3 }
	END { for (i = 0; i < k; i++) { v = order[i]
		printf "%s %.0f %.0f %.0f\n", v, n[v], t[v], n[v] / (t[v] / 1e9) } }' \
	"$tmp/runs" >"$tmp/rates"
awk '{ printf "  %-18s %-11s    %12.0f nodes %8.3f s %7.1f Mnodes/s\n",
	$1, "all", $2, $3 / 1e9, $4 / 1e6 }' "$tmp/rates"

# Wall time of a Stockfish session that runs 'go perft N' on a position
# ('startpos' or a FEN).
sf_time() {
	case $1 in
	startpos) setup='position startpos' ;;
	*) setup="position fen $1" ;;
	esac
	t0=$(now)
	printf '%s\ngo perft %s\nquit\n' "$setup" "$2" | "$sf" >"$tmp/sf"
	t1=$(now)
	echo $((t1 - t0))
}

# Best wall time of Stockfish's runs on a position at a depth.
sf_best() {
	best=
	i=0
	while [ "$i" -lt "$runs" ]; do
		t=$(sf_time "$1" "$2")
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
		i=$((i + 1))
	done
	echo "$best"
}

stockfish_ratios() {
	version=$(echo quit | "$sf" | head -1 | cut -d' ' -f1-2)
	# The start-up: a session that counts one ply.
	startup=$(sf_best startpos 1)
	echo "$version, go perft, 1 thread, no hash table, best of $runs, start-up subtracted:"
	: >"$tmp/sfrates"
	while read -r name depth pos; do
		expect=${pos##* }
		pos=${pos% *}
		best=$(sf_best "$pos" "$depth")
		sf_nodes=$(sed -n 's/^Nodes searched: //p' "$tmp/sf")
		if [ "$sf_nodes" != "$expect" ]; then
			echo "bench.sh: stockfish perft $depth on $name said '$sf_nodes'" >&2
			exit 1
		fi
		ns=$((best - startup))
		note=
		[ "$ns" -gt 0 ] || { ns=$best; note=' start-up NOT subtracted'; }
		echo "$name $depth $sf_nodes $ns" >>"$tmp/sfrates"
		awk -v n="$name" -v d="$depth" -v nodes="$sf_nodes" -v ns="$ns" \
			-v s="$startup" -v note="$note" 'BEGIN {
			printf "  %-18s %-11s D%d %12.0f nodes %8.3f s %7.1f Mnodes/s (start-up %.1f ms%s)\n",
				"chess", n, d, nodes, ns / 1e9, nodes / (ns / 1e9) / 1e6, s / 1e6, note }'
	done <"$tmp/chess"
	# Chess: each row against Stockfish on the same position and depth;
	# the other variants against Stockfish on chess's start position.
	awk 'FNR == NR { sf[$1 " " $2] = $3 / ($4 / 1e9); next }
	$1 == "chess" {
		k = $2 " " $3
		printf "ratio ob-perft / Stockfish, chess %s D%d (the same position and depth): %.2f\n",
			$2, $3, $4 / ($5 / 1e9) / sf[k]
	}' "$tmp/sfrates" "$tmp/rows"
	awk -v d="$sf_depth" 'FNR == NR { if ($1 == "start") sf = $3 / ($4 / 1e9); next }
	$1 != "chess" {
		printf "ratio ob-perft / Stockfish on chess start D%d, %s: %.2f\n", d, $1, $4 / sf
	}' "$tmp/sfrates" "$tmp/rates"
}

sf=$(command -v stockfish 2>/dev/null || true)
[ -n "$sf" ] || [ ! -x /usr/games/stockfish ] || sf=/usr/games/stockfish
if [ -z "$sf" ]; then
	echo "stockfish: not installed (apt-get install stockfish), no ratio"
else
	stockfish_ratios
fi

sh "$here/bench-validate.sh" "$build"
sh "$here/bench-stats.sh" "$build"
