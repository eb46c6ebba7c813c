#!/bin/sh
# seed.sh NAME DIR BUILD: writes seed inputs for harness NAME into DIR, one
# file each, from testdata/ and from the tools themselves.
set -eu
name=$1 dir=$2 build=$3
i=0
emit() { i=$((i + 1)); printf '%s' "$1" >"$dir/seed-$i"; }
case $name in
ofen)
	for f in testdata/perft/*.epd testdata/ofen/*; do
		[ -f "$f" ] || continue
		while IFS= read -r line; do emit "${line%% ;*}"; done <"$f"
	done
	"$build/ob-fen" --random 50 --seed 3 | while IFS= read -r line; do
		emit "$line"
	done
	"$build/ob-fen" -V chess --random 30 --seed 3 | grep -v '^#' |
		while IFS= read -r line; do emit "$line"; done
	# PFEN: random positions of each Plattraum variant, and faults
	for v in plattraum-2p plattraum-multiple plattraum-knighted \
		plattraum-liu-yang; do
		"$build/ob-fen" -V $v --random 20 --seed 3 | grep -v '^#' |
			while IFS= read -r line; do emit "$line"; done
	done
	p='6/7/8/9/10/Gd1,9,Gd2/10/9/8/7/6'
	for line in "$p 1" "$p 2 0 1" "$p 3 0 1" "$p 1 99 9" \
		'6/7/8/9/10/Gd1,4,5,Gd2/5,5/9/8/7/6 1' \
		'6/7/8/9/1,Gd2,8/Gd1,10/10/9/8/7/6 1' \
		'6/7/8/Cp2,8/9,Cp1/Gd1,9,Gd2/10/9/8/7/6 1' \
		'6/7/8/9/10/Gd1,,9,Gd2/10/9/8/7/6 1' \
		'6/7/8/9/10/Gd1Gd2,9/10/9/8/7/6 1' \
		'6/7/8/9/10/Gd3,9,Gd2/10/9/8/7/6 1' \
		'6/7/8/9/10/Gd1,3,Cp2,3,Fc2,1,Gd2/10/9/8/7/6 2'; do
		emit "$line"
	done
	;;
move)
	# The first byte picks a position of fuzz_move.c's table: 0-6 the
	# start positions, 7-15 Plattraum's special positions.
	i=0
	for v in oblique raumschach diagonal-oblong plattraum-2p \
		plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		byte=$(printf '\\%03o' $i)
		"$build/ob-fen" -V $v --moves --startpos | while IFS= read -r m; do
			# shellcheck disable=SC2059
			printf "$byte%s" "$m" >"$dir/seed-$v-$(echo "$m" | tr -c 'A-Za-z0-9' _)"
		done
		i=$((i + 1))
	done
	for m in 'O-O' 'Qd2-f2&Bh2-d2' 'Pd6xe5' 'Pa3-a7+' 'TCa1-Ca4' 'RCb1xCc2+' 'PBa4-Ba5=R' 'NCc3-Ec4' 'PCc2-Cc3!?' \
		'TCa1Ca4' 'PCc4-Cc5=S' 'SCc1-Dc1#'; do
		printf '\002%s' "$m" >"$dir/seed-text-$(echo "$m" | tr -c 'A-Za-z0-9' _)"
	done
	# Plattraum's texts, by position (the first byte in octal):
	# promotions (7, 8), cannons (9, 10), swaps (11, 12), far-corner
	# wins (13, 14, 15); chess's, in every form it reads (27-30)
	n=0
	while read -r byte m; do
		n=$((n + 1))
		# shellcheck disable=SC2059
		printf "\\$byte%s" "$m" >"$dir/seed-plattraum-$n"
	done <<-'EOF'
	007 Cpe9-e10=Sg
	007 Cpe9xd9=Fc
	007 Cpe9-e10=Ds
	007 Gdf1-e1
	010 Cpe9-e10=Hc
	010 Cpe9xd9
	011 Fcd1xd5
	011 Fcd1-d4
	011 Sgh1xk3
	012 Unf5-d4
	012 Une4-f6
	013 Gdf1-e1&Une1-f1+
	013 Gdf1-f2&Snf2-f1
	014 Gdf1xe1&Sge1-f1
	015 Cpf10-f11=Ds#
	015 Cpf10-f11=Ds+
	016 Cpf10-f11=Un#
	017 Cpf2-f1=Sn#
	033 e2e4
	033 Ng1-f3
	033 Nf3
	034 O-O-O
	034 Ke1-g1
	034 e1c1+
	035 d4e3
	035 Pd4xe3
	036 c7c8q
	036 Pa7xb8=N
	036 a7a8k
	EOF
	;;
partial)
	for o in "" "--by Event" "--by Event --openings 2" "-V raumschach" \
		"-V diagonal-oblong --openings 1" "--by Result --openings 1"; do
		for f in testdata/stats/hand.ogn testdata/stats/plattraum.ogn \
			testdata/stats/chess.ogn \
			testdata/ogn/valid.ogn; do
			# shellcheck disable=SC2086
			"$build/ob-stats" --partial $o "$f" 2>/dev/null |
				{ i=$((i + 1)); cat >"$dir/seed-$i"; } || true
			i=$((i + 1))
		done
	done
	;;
compare)
	# The first byte picks a position of fuzz_compare.c's table: 0-6 the
	# start positions.  ob-perft's own divide in its two forms, and
	# lines of every kind the reader refuses.
	i=0
	for v in oblique raumschach diagonal-oblong plattraum-2p \
		plattraum-multiple plattraum-knighted plattraum-liu-yang; do
		byte=$(printf '\\%03o' $i)
		for form in --divide --stockfish; do
			# shellcheck disable=SC2059
			{ printf "$byte"; "$build/ob-perft" -V $v -S -d 2 $form; } \
				>"$dir/seed-$v$form"
		done
		i=$((i + 1))
	done
	printf '\000BBb1-Aa1 18446744073709551615\nBBb1-Ab2 1\ntotal 0\n' \
		>"$dir/seed-wrap"
	printf '\000BBb1-Aa1: 1\r\n\r\nNodes searched: 1\r\n' >"$dir/seed-crlf"
	printf '\000Bb1Aa1 1\nbb1-aa1 1\n2\n' >"$dir/seed-forms"
	printf '\002e1a1 1\nd2h2&h2d2 1\nO-O 1\n3\n' >"$dir/seed-pairs"
	printf '\006f1f2&f2f1 1\nGdf1-f2&Hcf2-f1 1\n2\n' >"$dir/seed-swap"
	;;
*)
	for f in testdata/ogn/*; do
		[ -f "$f" ] && cp "$f" "$dir/"
	done
	;;
esac
