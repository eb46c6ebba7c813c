#!/usr/bin/env bats
# The README cannot drift from the tools: every "$ command" line in its
# ```console blocks is run in one scratch directory (with testdata/ linked
# into it and the tools on the PATH), in order, and its output (stdout and
# stderr) must equal the lines shown below it.  The set-up commands in its ```sh blocks are run too (but for
# `make test`, which is what is running this).

load common

# Writes each example as "<cmd>\0<expected output>\0" to $1.
extract_examples() {
	awk '
		/^```console$/ { inblock = 1; next }
		/^```/ && inblock { flush(); inblock = 0; next }
		!inblock { next }
		/^\$ / { flush(); cmd = substr($0, 3); have = 1; out = ""; next }
		{ out = out $0 "\n" }
		function flush() {
			if (have) printf "%s%c%s%c", cmd, 0, out, 0
			have = 0
		}
	' "$ROOT/README.md" >"$1"
}

@test "README console examples give the output shown" {
	sh "$ROOT/tests/need.sh" jq parallel
	extract_examples "$BATS_TEST_TMPDIR/examples"
	mkdir "$BATS_TEST_TMPDIR/work"
	ln -s "$TESTDATA" "$BATS_TEST_TMPDIR/work/testdata"
	cd "$BATS_TEST_TMPDIR/work"
	local count=0 failed=0
	while IFS= read -r -d '' cmd && IFS= read -r -d '' expected; do
		count=$((count + 1))
		actual=$(bash -c "$cmd" 2>&1; echo x)
		actual=${actual%x}
		if [ "$actual" != "$expected" ]; then
			failed=$((failed + 1))
			echo "README example failed: \$ $cmd"
			diff <(printf '%s' "$expected") <(printf '%s' "$actual") || true
		fi
	done <"$BATS_TEST_TMPDIR/examples"
	echo "$count examples"
	[ "$count" -gt 0 ]
	[ "$failed" -eq 0 ]
}

@test "README set-up commands run" {
	cd "$ROOT"
	run grep -c '^make test$' README.md
	[ "$output" -ge 1 ]
	local ran=0
	while IFS= read -r cmd; do
		[ "$cmd" = "make test" ] && continue
		run bash -c "$cmd"
		echo "$cmd: $status"
		[ "$status" -eq 0 ]
		ran=$((ran + 1))
	done < <(awk '/^```sh$/ { b = 1; next } /^```/ { b = 0 } b' README.md)
	[ "$ran" -ge 1 ]
}

@test "README set-up puts the tools on the PATH for the tour and says how long make test takes" {
	local setup
	setup=$(sed -n '/^## Set-up$/,/^## /p' "$ROOT/README.md")
	# its commands, in a shell that has none of the tools on its PATH, make
	# the tour's commands find the tools of this tree
	awk '/^```sh$/ { b = 1; next } /^```/ { b = 0 } b' <<<"$setup" |
		grep -v -x -e 'make test' -e 'make && .*' >"$BATS_TEST_TMPDIR/setup.sh"
	run -0 env -i HOME="$HOME" PATH=/usr/bin:/bin bash -c 'cd "$1" && . "$2" &&
		command -v ob-perft ob-validate ob-fen ob-diagram ob-stats' \
		_ "$ROOT" "$BATS_TEST_TMPDIR/setup.sh"
	[ "${#lines[@]}" -eq 5 ]
	for line in "${lines[@]}"; do
		[[ $line == "$ROOT/build/ob-"* ]] || { echo "$line"; false; }
	done
	# and how long the whole suite takes
	grep -Eq 'takes about [0-9]+ minutes on [a-z0-9]+ cores' <<<"$setup"
}
