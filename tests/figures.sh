#!/bin/sh
# figures.sh BUILD_DIR: the figures of the manual, into BUILD_DIR/figures/:
# one SVG per piece kind of Oblique (its moves from the centre of an empty
# lattice), the start position as slices and as stacked planes, and the
# table of move counts; and the same for Diagonal Oblong Chess in
# BUILD_DIR/figures/diagonal-oblong/ (the flat board turned through 45
# degrees), with the pawn drawn once more from a starting cell, where it
# has its double step; a middle game with arrows within and between
# levels, a check, and the heat map of testdata/diagram/cells.txt (where
# the moves of 1000 generated games end) on each scale.  The piece
# letters and names are read from the tool's own table, so nothing here
# lists them.
set -eu
build=${1:?usage: sh tests/figures.sh BUILD_DIR}
tool=$build/ob-diagram
out=$build/figures
[ -x "$tool" ] || { echo "figures.sh: $tool: not built" >&2; exit 2; }

# pieces VARIANT DIR: the table and one SVG per piece kind into DIR
pieces() {
	mkdir -p "$2"
	"$tool" -V "$1" --table >"$2/table.txt"
	awk 'NF == 10 && $1 ~ /^[A-Z]$/ { print $1, tolower($2) }' \
		"$2/table.txt" |
	while read -r letter name; do
		"$tool" -V "$1" --format svg --piece "$letter" -o "$2/$name.svg"
	done
}

pieces oblique "$out"
echo startpos | "$tool" --format svg -o "$out/start.svg"
echo startpos | "$tool" --format svg --layout stacked -o "$out/start-stacked.svg"
echo 'startpos PCc2-Cc3 PCb4-Cb3' | "$tool" --format svg --key --mark Dd4 \
	--arrow-color '#b00020' -A TCa1-Ca2,RDb1-Cc2 \
	--arrow-color '#1f4e9c' -A NCb1-Ea2,LDd1-Db3 \
	-o "$out/middle-game.svg"
echo '5/5/5/5/5|5/5/5/5/5|2s2/2R2/5/5/2S2|5/5/5/5/5|5/5/5/5/5 b 0 1' |
	"$tool" --format svg -o "$out/check.svg"
cells=$(dirname "$0")/../testdata/diagram/cells.txt
for scale in linear log quantile; do
	"$tool" --heatmap --scale $scale --format svg -o "$out/heat-$scale.svg" \
		"$cells"
done

flat=$out/diagonal-oblong
pieces diagonal-oblong "$flat"
"$tool" -V diagonal-oblong --format svg --piece P --at d4 \
	-o "$flat/pawn-double-step.svg"
echo startpos | "$tool" -V diagonal-oblong --format svg -o "$flat/start.svg"
echo startpos | "$tool" -V diagonal-oblong >"$flat/start.txt"

n=$(ls "$out"/*.svg "$flat"/*.svg | wc -l)
echo "figures.sh: $n SVG figures in $out and $flat" >&2
