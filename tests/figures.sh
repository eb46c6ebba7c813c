#!/bin/sh
# figures.sh BUILD_DIR: the figures of the manual, into BUILD_DIR/figures/:
# one SVG per piece kind of Oblique (its moves from the centre of an empty
# lattice), the start position as slices and as stacked planes, and the
# table of move counts.  The piece letters and names are read from the
# tool's own table, so nothing here lists them.
set -eu
build=${1:?usage: sh tests/figures.sh BUILD_DIR}
tool=$build/ob-diagram
out=$build/figures
[ -x "$tool" ] || { echo "figures.sh: $tool: not built" >&2; exit 2; }
mkdir -p "$out"
"$tool" --table >"$out/table.txt"
awk 'NF == 10 && $1 ~ /^[A-Z]$/ { print $1, tolower($2) }' "$out/table.txt" |
while read -r letter name; do
	"$tool" --format svg --piece "$letter" -o "$out/$name.svg"
done
echo startpos | "$tool" --format svg -o "$out/start.svg"
echo startpos | "$tool" --format svg --layout stacked -o "$out/start-stacked.svg"
n=$(ls "$out"/*.svg | wc -l)
echo "figures.sh: $n SVG figures in $out" >&2
