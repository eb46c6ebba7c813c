#!/bin/sh
# The library's files depend on each other one way only: no call cycle
# between its objects and no include cycle between its files.
#
#   sh tests/lib-deps.sh BUILD_DIR      (prints the call graph, exit 1 on a cycle)
#
# Calls come from the objects' symbol tables (nm): an edge A -> B when A
# uses a symbol that B defines.  Includes come from the #include "..."
# lines.  tsort(1) finds the cycles.

set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for o in "$build"/lib/*.o; do
	name=$(basename "$o" .o)
	nm --defined-only -g "$o" | awk -v f="$name" 'NF == 3 { print $3, f }'
done | sort >"$tmp/defs"
for o in "$build"/lib/*.o; do
	name=$(basename "$o" .o)
	nm -u "$o" | awk -v f="$name" '{ print $NF, f }'
done | sort >"$tmp/uses"
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $2 ".c", $3 ".c" }' |
	sort -u >"$tmp/calls"
for f in "$here"/lib/*.[ch]; do
	sed -n 's/^#include "\(.*\)".*/\1/p' "$f" |
		while read -r h; do echo "$(basename "$f") $h"; done
done | sort -u >"$tmp/includes"

status=0
for graph in calls includes; do
	# tsort wants every node too, so that an isolated file is listed.
	if ! tsort "$tmp/$graph" >"$tmp/order" 2>"$tmp/err"; then
		echo "lib-deps: a cycle in the $graph:" >&2
		cat "$tmp/err" >&2
		status=1
	elif [ -s "$tmp/err" ]; then
		echo "lib-deps: a cycle in the $graph:" >&2
		cat "$tmp/err" >&2
		status=1
	fi
done
awk '{ to[$1] = to[$1] " " $2 } END { for (f in to) print f " ->" to[f] }' \
	"$tmp/calls" | sort
exit $status
