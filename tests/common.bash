# Loaded by every Bats file: `load common`.
bats_require_minimum_version 1.5.0

export LC_ALL=C
OB_BUILD=${OB_BUILD:-$(cd "$BATS_TEST_DIRNAME/.." && pwd)/build}
export PATH="$OB_BUILD:$PATH"
TESTDATA=$(cd "$BATS_TEST_DIRNAME/../testdata" && pwd)
ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
export TESTDATA ROOT OB_BUILD
# Sanitizer builds are slower: tests may ask for smaller samples.
OB_QUICK=${OB_QUICK:-0}

# The tools' names, one a line, found as the Makefile finds them: a file
# cmd/ob-NAME.c or a folder cmd/ob-NAME/.
tool_names() {
	local src
	for src in "$ROOT"/cmd/ob-*.c "$ROOT"/cmd/ob-*/; do
		[ -e "$src" ] && basename "$src" .c
	done
	return 0
}
