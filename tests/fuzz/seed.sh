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
	;;
move)
	"$build/ob-fen" --moves --startpos | while IFS= read -r m; do
		printf '\000%s' "$m" >"$dir/seed-start-$m"
	done
	"$build/ob-fen" -V diagonal-oblong --moves --startpos | while IFS= read -r m; do
		printf '\002%s' "$m" >"$dir/seed-doc-$m"
	done
	for m in 'O-O' 'Qd2-f2&Bh2-d2' 'Pd6xe5' 'Pa3-a7+' 'TCa1-Ca4' 'RCb1xCc2+' 'PBa4-Ba5=R' 'NCc3-Ec4' 'PCc2-Cc3!?' \
		'TCa1Ca4' 'PCc4-Cc5=S' 'SCc1-Dc1#'; do
		printf '\002%s' "$m" >"$dir/seed-text-$(echo "$m" | tr -c 'A-Za-z0-9' _)"
	done
	;;
partial)
	for o in "" "--by Event" "--by Event --openings 2" "-V raumschach" \
		"-V diagonal-oblong --openings 1" "--by Result --openings 1"; do
		for f in testdata/stats/hand.ogn testdata/stats/plattraum.ogn \
			testdata/ogn/valid.ogn; do
			# shellcheck disable=SC2086
			"$build/ob-stats" --partial $o "$f" 2>/dev/null |
				{ i=$((i + 1)); cat >"$dir/seed-$i"; } || true
			i=$((i + 1))
		done
	done
	;;
*)
	for f in testdata/ogn/*; do
		[ -f "$f" ] && cp "$f" "$dir/"
	done
	;;
esac
