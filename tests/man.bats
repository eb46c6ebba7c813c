#!/usr/bin/env bats
# The manual pages: lint-clean, one per tool, and in step with --help.

load common

setup() {
	sh "$ROOT/tests/need.sh" mandoc
}

# lint PAGE: what mandoc -Tlint says of PAGE, every level down to style,
# but for references to the pages of man/ (mandoc looks for them among the
# installed pages only).
lint() {
	mandoc -Tlint "$1" 2>&1 | while IFS= read -r line; do
		if [[ $line =~ "referenced manual not found: Xr "([^ ]+)" "([0-9]) ]] &&
			[ -f "$ROOT/man/${BASH_REMATCH[1]}.${BASH_REMATCH[2]}" ]; then
			continue
		fi
		echo "$line"
	done
}

@test "every manual page renders without a word from mandoc -Tlint or groff (man --warnings, 80 columns)" {
	sh "$ROOT/tests/need.sh" man groff
	local page said="$BATS_TEST_TMPDIR/said"
	for page in "$ROOT"/man/*.[1357]; do
		lint "$page"
		# Debian's man runs groff, which warns of lines it cannot break
		MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null
	done >"$said"
	cat "$said"
	[ ! -s "$said" ]
}

@test "every tool has a manual page with EXIT STATUS 0, 1 and 2 and EXAMPLES" {
	for tool in $(tool_names); do
		page="$ROOT/man/$tool.1"
		echo "$page"
		[ -f "$page" ]
		grep -q '^\.Sh EXIT STATUS' "$page"
		grep -q '^\.Sh EXAMPLES' "$page"
		grep -q '^\.Sh SEE ALSO' "$page"
		for code in 0 1 2; do
			grep -q "^\.It $code\$" "$page"
		done
	done
}

@test "every long option in --help is documented in the manual page" {
	for tool in $(tool_names); do
		page="$ROOT/man/$tool.1"
		[ -f "$page" ] || continue
		opts=$("$tool" --help | grep -o -- '--[a-z][a-z-]*' | sort -u)
		for o in $opts; do
			grep -q -- "Fl -${o#--}" "$page" ||
				{ echo "$tool: $o missing from $page"; false; }
		done
	done
}

@test "no page renders nested or unbalanced quotes" {
	for page in "$ROOT"/man/*.[1357]; do
		bad=$(mandoc -Tascii "$page" | col -b | awk -f "$ROOT/tests/man-quotes.awk")
		[ -z "$bad" ] || { echo "$page: $bad"; false; }
	done
}

@test "every page is dated within the project's years, none in the future" {
	now=$(date +%Y)
	for page in "$ROOT"/man/*.[1357]; do
		year=$(sed -n 's/^\.Dd .* \([0-9]\{4\}\)$/\1/p' "$page")
		echo "$page: $year"
		[ "$year" -ge 2026 ]
		[ "$year" -le "$now" ]
	done
}

@test "the tools' examples that need no files run without error" {
	cd "$BATS_TEST_TMPDIR"
	local ran=0 cmd
	while IFS= read -r cmd; do
		echo "\$ $cmd"
		run -0 bash -o pipefail -c "$cmd"
		ran=$((ran + 1))
	done < <(for page in "$ROOT"/man/ob-*.1; do
		# a line ending in \e goes on on the next
		awk '/^\.Sh EXAMPLES/ { e = 1 } /^\.Sh SEE ALSO/ { e = 0 } e' "$page" |
			sed -e ':a' -e '/\\e$/N' -e 's/\\e\n */ /' -e 'ta' |
			sed -n 's/^\(\.Dl \)\{0,1\}\$ //p' | sed 's/\\&//g' |
			grep -v -e '[.]ogn' -e '[.]txt' -e testdata -e units -e shard \
				-e '[*]' -e '-d 6' -e '|$' -e '[.]/'
	done)
	[ "$ran" -ge 8 ]
}

@test "the format pages exist" {
	[ -f "$ROOT/man/ofen.5" ]
	[ -f "$ROOT/man/ogn.5" ]
	[ -f "$ROOT/man/pfen.5" ]
	[ -f "$ROOT/man/dfen.5" ]
	[ -f "$ROOT/man/fen.5" ]
	[ -f "$ROOT/man/ob-stats-partial.5" ]
}

@test "the README's table of folders names every page but the tools'" {
	local row page name
	row=$(grep '^| `man/` |' "$ROOT/README.md")
	for page in "$ROOT"/man/*.[1-8]; do
		name=${page##*/}
		[[ $name == ob-*.1 ]] && continue
		[[ $row == *"\`${name%.*}(${name##*.})\`"* ]] ||
			{ echo "README's man/ row lacks ${name%.*}(${name##*.})"; false; }
	done
}

@test "every page that names DFEN links dfen(5) in its SEE ALSO" {
	local page
	for page in $(grep -l 'DFEN' "$ROOT"/man/*.[1-8]); do
		[[ $page == */dfen.5 ]] && continue
		sed -n '/^\.Sh SEE ALSO/,/^\.Sh /p' "$page" |
			grep -qx '\.Xr dfen 5\( ,\)\{0,1\}' ||
			{ echo "$page: no dfen(5) in SEE ALSO"; false; }
	done
}

@test "dfen(5)'s examples print what the page shows, and its game is valid" {
	local dir="$BATS_TEST_TMPDIR/ex" cmd expected n=0
	mkdir "$dir"
	awk -v dir="$dir" -f "$ROOT/tests/man-examples.awk" "$ROOT/man/dfen.5"
	cd "$BATS_TEST_TMPDIR"
	for cmd in "$dir"/cmd*; do
		n=$((n + 1))
		expected="$dir/exp${cmd##*/cmd}"
		echo "\$ $(cat "$cmd")"
		run bash -o pipefail -c "$(cat "$cmd")"
		# an example that shows a diagnostic shows a line refused: exit 1
		if grep -q '^ob-[a-z-]*: ' "$expected"; then
			[ "$status" -eq 1 ]
		else
			[ "$status" -eq 0 ]
		fi
		diff -u "$expected" <(printf '%s\n' "$output")
	done
	[ "$n" -ge 6 ]
	run -0 --separate-stderr ob-validate --strict "$dir"/game*.ogn
	[[ "$stderr" == *" 1 game read: 1 valid, 0 invalid;"* ]]
}

@test "the games of ogn(5)'s EXAMPLES are valid, --strict" {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh SEE ALSO/p' "$ROOT/man/ogn.5" |
		sed -n '/^\.Bd -literal/,/^\.Ed/p' | sed '1d;$d' >"$BATS_TEST_TMPDIR/ex.ogn"
	run -0 --separate-stderr ob-validate --strict "$BATS_TEST_TMPDIR/ex.ogn"
	[[ "$stderr" == *" 5 games read: 5 valid, 0 invalid;"* ]]
}

@test "liboblique(3) names the three-player board and links pfen(5) and oblique(7)" {
	page="$ROOT/man/liboblique.3"
	sed -n '/^\.Sh DESCRIPTION/,/^\.Ss /p' "$page" | tr '\n' ' ' |
		grep -q 'Plattraum for three players .Pq Cm plattraum'
	see_also=$(sed -n '/^\.Sh SEE ALSO/,$p' "$page")
	grep -qx '\.Xr pfen 5\( ,\)\{0,1\}' <<<"$see_also"
	grep -qx '\.Xr oblique 7\( ,\)\{0,1\}' <<<"$see_also"
}

@test "the liboblique(3) example compiles and runs" {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh SEE ALSO/p' "$ROOT/man/liboblique.3" |
		sed -n '/^\.Bd -literal/,/^\.Ed/p' | sed '1d;$d' |
		sed 's/\\e/\\/g' >"$BATS_TEST_TMPDIR/example.c"
	flags=
	if nm "$OB_BUILD/liboblique.a" 2>/dev/null | grep -q __asan; then
		flags="-fsanitize=address,undefined"
	fi
	# shellcheck disable=SC2086
	cc -std=c11 -I"$ROOT/lib" -o "$BATS_TEST_TMPDIR/example" \
		"$BATS_TEST_TMPDIR/example.c" "$OB_BUILD/liboblique.a" -lpthread $flags
	run "$BATS_TEST_TMPDIR/example"
	[ "$status" -eq 0 ]
	[ "$output" = 65 ]
	# and as C++: the header declares C linkage
	sh "$ROOT/tests/need.sh" g++
	cp "$BATS_TEST_TMPDIR/example.c" "$BATS_TEST_TMPDIR/example.cpp"
	# shellcheck disable=SC2086
	g++ -I"$ROOT/lib" -o "$BATS_TEST_TMPDIR/example-cxx" \
		"$BATS_TEST_TMPDIR/example.cpp" "$OB_BUILD/liboblique.a" -lpthread $flags
	run "$BATS_TEST_TMPDIR/example-cxx"
	[ "$status" -eq 0 ]
	[ "$output" = 65 ]
}
