#!/usr/bin/env bats
# Every data file shipped in testdata/ names its board, so that no tool
# reads it on another board for want of -V: each file is classified here
# (a new kind of file must be added), and the position streams must say
# '#variant NAME' before their first position.

load common

# kind FILE (relative to testdata/): what the file holds.
kind() {
	case $1 in
	bad/*) echo hostile ;;  # malformed on purpose: the bytes are the case
	perft/deep.txt) echo record ;;  # commands and counts, no positions
	*.epd | *.ofen | diagram/cells.txt) echo positions ;;
	*.ogn) echo games ;;
	*.partial) echo partial ;;
	*.err | *.out | *.status | *.args | *.svg | *.json | *.tsv | *.text | \
		diagram/*.txt) echo expected ;;  # a tool's expected output
	*) echo unknown ;;
	esac
}

# directive_first FILE: a known '#variant NAME' line comes before the
# first line that is neither blank nor a comment.
directive_first() {
	local line name
	while IFS= read -r line; do
		case $line in
		'#variant '*)
			name=${line#'#variant '}
			ob-fen -V "$name" -S >/dev/null || return 1
			return 0 ;;
		'' | '#'*) ;;
		*) return 1 ;;
		esac
	done <"$1"
	return 1
}

@test "every file of testdata/ is of a known kind, and every position stream names its board" {
	local n=0 streams=0 bad=0
	while IFS= read -r f; do
		n=$((n + 1))
		case $(kind "$f") in
		unknown)
			echo "testdata/$f: of no known kind: classify it in tests/testdata.bats"
			bad=$((bad + 1)) ;;
		positions)
			streams=$((streams + 1))
			if ! directive_first "$TESTDATA/$f"; then
				echo "testdata/$f: no '#variant NAME' line before its first position"
				bad=$((bad + 1))
			fi ;;
		partial)
			if ! grep -q '"variant":"[a-z0-9-]*"' "$TESTDATA/$f"; then
				echo "testdata/$f: a partial state that names no variant"
				bad=$((bad + 1))
			fi ;;
		esac
	done < <(cd "$TESTDATA" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)
	echo "$n files, $streams position streams, $bad faults"
	[ "$n" -gt 100 ]
	[ "$streams" -ge 10 ]
	[ "$bad" -eq 0 ]
}

@test "the check finds a stream without its #variant line, or with an unknown one" {
	printf '# a comment\n\nstartpos\n' >"$BATS_TEST_TMPDIR/none.epd"
	! directive_first "$BATS_TEST_TMPDIR/none.epd"
	printf '#variant shogi\nstartpos\n' >"$BATS_TEST_TMPDIR/shogi.epd"
	! directive_first "$BATS_TEST_TMPDIR/shogi.epd" 2>/dev/null
	printf '# a comment\n#variant plattraum\nstartpos\n' >"$BATS_TEST_TMPDIR/ok.epd"
	directive_first "$BATS_TEST_TMPDIR/ok.epd"
	[ "$(kind perft/new.epd)" = positions ]
	[ "$(kind new.data)" = unknown ]
}
