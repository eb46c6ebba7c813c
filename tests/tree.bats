#!/usr/bin/env bats
# The tree is whole: no file names a path outside it (a folder of the
# machine it was written on, a sibling of the checkout), so that every
# test reads only what the tree holds and runs the same on any machine.

load common

# The files of the tree: those git tracks, or in an unpacked copy every
# file but the build folders'.
tree_files() {
	if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git -C "$ROOT" ls-files
	else
		(cd "$ROOT" && find . -path ./.git -prune -o -path './build*' -prune \
			-o -type f -print | sed 's|^\./||')
	fi
}

@test "no file of the tree names a path outside it" {
	# a home or work folder, a temporary file by its path, a sibling of
	# the checkout ("../shared", "$ROOT/.."); this file names them
	local pattern='(^|[^[:alnum:]_.$-])/(work|home|root|Users|tmp)(/|[^[:alnum:]_.-]|$)'
	pattern+='|\.\./shared|ROOT\}?/\.\.([/"]|$)|BATS_TEST_DIRNAME\}?/\.\./\.\.'
	cd "$ROOT"
	found=$(tree_files | grep -v -x 'tests/tree[.]bats' |
		tr '\n' '\0' | xargs -0 grep -I -n -E "$pattern" -- || true)
	echo "$found"
	[ -z "$found" ]
}
