#!/usr/bin/env bats
# The source layout stays readable: the library's files depend on each
# other one way (no call or include cycle), and no source file outgrows a
# thousand lines.

load common

@test "no call or include cycle between library files" {
	run --separate-stderr sh "$ROOT/tests/lib-deps.sh" "$OB_BUILD"
	echo "$output"
	echo "$stderr"
	[ "$status" -eq 0 ]
	# The graph is really read: the generator calls the attack scan.
	[[ "$output" == *"movegen.c -> attack.c"* ]]
}

@test "a cycle is reported" {
	# Two objects that call each other.
	d="$BATS_TEST_TMPDIR/b"
	mkdir -p "$d/lib"
	printf 'int b(void);\nint a(void) { return b(); }\n' >"$d/a.c"
	printf 'int a(void);\nint b(void) { return a(); }\n' >"$d/b.c"
	cc -c "$d/a.c" -o "$d/lib/a.o"
	cc -c "$d/b.c" -o "$d/lib/b.o"
	run --separate-stderr sh "$ROOT/tests/lib-deps.sh" "$d"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"cycle in the calls"* ]]
}

@test "no source file over 1,000 lines" {
	long=$(find "$ROOT/lib" "$ROOT/cmd" "$ROOT/tests" -name '*.[ch]' \
		-exec awk 'FNR == 1001 { print FILENAME }' {} +)
	[ -z "$long" ] || { echo "over 1,000 lines: $long"; false; }
}
