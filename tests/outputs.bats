#!/usr/bin/env bats
# A failed run loses no file (cmd/outfile.c): every file a tool writes (-o,
# ob-stats --cells, ob-diagram's patterns) goes to a temporary file beside
# it, renamed over it only when the run succeeds (exit 0, or 1 with the bad
# input left out); exit 2 or a signal leaves the old file and no temporary
# file.  A new file gets 0666 less the umask, a replaced one keeps its mode.

load common

setup() {
	T="$BATS_TEST_TMPDIR"
	ob-validate --random 3 --seed 5 >"$T/games.ogn"
}

# Fails unless file $1 holds "old" and its directory no temporary file.
kept() {
	[ "$(cat "$1")" = old ]
	no_temporary "$(dirname "$1")"
}

no_temporary() {
	find "$1" -maxdepth 1 -name '.*.??????'
	[ -z "$(find "$1" -maxdepth 1 -name '.*.??????')" ]
}

@test "ob-stats: an input that cannot be read keeps -o's and --cells' files" {
	echo old >"$T/keep.txt"
	echo old >"$T/cells.txt"
	run -2 --separate-stderr ob-stats -o "$T/keep.txt" --cells "$T/cells.txt" \
		"$T/games.ogn" "$T/nonexistent"
	[ "$stderr" = "ob-stats: $T/nonexistent: No such file or directory" ]
	kept "$T/keep.txt"
	kept "$T/cells.txt"
	# the same run without the missing file replaces both
	run -0 ob-stats -o "$T/keep.txt" --cells "$T/cells.txt" "$T/games.ogn"
	[ "$(cat "$T/keep.txt")" = "$(ob-stats "$T/games.ogn")" ]
	[ "$(cat "$T/cells.txt")" = "$(ob-stats --cells - "$T/games.ogn")" ]
	no_temporary "$T"
}

@test "ob-stats --merge: a truncated partial state keeps -o's file" {
	ob-stats --partial "$T/games.ogn" >"$T/good.partial"
	head -c 100 "$T/good.partial" >"$T/truncated.partial"
	echo old >"$T/keep.json"
	run -2 ob-stats --merge --partial -o "$T/keep.json" "$T/good.partial" \
		"$T/truncated.partial"
	kept "$T/keep.json"
	run -0 ob-stats --merge --partial -o "$T/keep.json" "$T/good.partial"
	[ "$(cat "$T/keep.json")" = "$(cat "$T/good.partial")" ]
}

@test "ob-stats: an invalid game (exit 1) still writes the report of the others" {
	printf '1. PCc2-Cc5 *\n\n' >>"$T/games.ogn"
	echo old >"$T/keep.txt"
	run -1 ob-stats -q -o "$T/keep.txt" "$T/games.ogn"
	grep -q '^Games' "$T/keep.txt"
	no_temporary "$T"
}

@test "ob-validate: exit 2 keeps -o's file; exit 1 writes the valid games" {
	echo old >"$T/keep.ogn"
	run -2 ob-validate -q -n -o "$T/keep.ogn" "$T/games.ogn" "$T/nonexistent"
	kept "$T/keep.ogn"
	run -2 ob-validate -q --json -o "$T/keep.ogn" "$T/nonexistent"
	kept "$T/keep.ogn"
	{ cat "$T/games.ogn"; printf '1. PCc2-Cc5 *\n\n'; } >"$T/some-bad.ogn"
	run -1 ob-validate -q -n -o "$T/keep.ogn" "$T/some-bad.ogn"
	[ "$(cat "$T/keep.ogn")" = "$(ob-validate -q -n "$T/games.ogn")" ]
	run -0 ob-validate -q --random 2 -o "$T/keep.ogn"
	[ "$(cat "$T/keep.ogn")" = "$(ob-validate -q --random 2)" ]
	no_temporary "$T"
}

@test "ob-fen: exit 2 keeps -o's file; exit 1 writes the valid lines" {
	echo old >"$T/keep.txt"
	printf 'startpos\n' >"$T/pos.txt"
	run -2 ob-fen -o "$T/keep.txt" "$T/pos.txt" "$T/nonexistent"
	kept "$T/keep.txt"
	printf 'startpos\nnot a position\n' >"$T/some-bad.txt"
	run -1 ob-fen -o "$T/keep.txt" "$T/some-bad.txt"
	[ "$(cat "$T/keep.txt")" = "$(ob-fen -S)" ]
	no_temporary "$T"
}

@test "ob-diagram: several SVG positions leave no partial pos.svg" {
	cd "$T"
	printf 'startpos\nstartpos\n' >two.txt
	run -2 --separate-stderr ob-diagram -f svg -o pos.svg two.txt
	[[ "$stderr" == *"several SVG diagrams need a %d"* ]]
	[ ! -e pos.svg ]
	echo old >pos.svg
	run -2 ob-diagram -f svg -o pos.svg two.txt
	kept pos.svg
	# text diagrams gathered in one file: kept when an input is missing
	echo old >all.txt
	run -2 ob-diagram -o all.txt two.txt nonexistent
	kept all.txt
	run -0 ob-diagram -o all.txt two.txt
	[ "$(cat all.txt)" = "$(ob-diagram two.txt)" ]
	# with %d each file is whole as soon as it is drawn
	run -2 ob-diagram -f svg -o 'd%d.svg' two.txt nonexistent
	[ "$(cat d1.svg)" = "$(ob-diagram -S -f svg)" ]
	[ "$(cat d2.svg)" = "$(ob-diagram -S -f svg)" ]
	no_temporary "$T"
}

@test "modes: a new file's honours the umask, a replaced file keeps its own" {
	cd "$T"
	(umask 027 && ob-fen -S -o new.txt)
	[ "$(stat -c %a new.txt)" = 640 ]
	echo old >private.txt
	chmod 600 private.txt
	ob-fen -S -o private.txt
	[ "$(stat -c %a private.txt)" = 600 ]
	[ "$(cat private.txt)" = "$(ob-fen -S)" ]
	chmod 751 private.txt
	ob-stats -q --cells private.txt games.ogn
	[ "$(stat -c %a private.txt)" = 751 ]
}

@test "a link is followed, and what is not a regular file is written directly" {
	cd "$T"
	echo old >real.txt
	ln -s real.txt link.txt
	ob-fen -S -o link.txt
	[ -L link.txt ]
	[ "$(cat real.txt)" = "$(ob-fen -S)" ]
	run -0 ob-stats -q -o /dev/null games.ogn
	[ -c /dev/null ]
	if [ -w /dev/full ]; then
		run -2 --separate-stderr ob-validate -q -n -o /dev/full games.ogn
		[[ "$stderr" == *"write error: No space left on device" ]]
	fi
	mkdir dir
	run -2 --separate-stderr ob-fen -S -o dir
	[ "$stderr" = "ob-fen: cannot create dir: Is a directory" ]
	no_temporary "$T"
}

# Starts TOOL ARGS... in the background on a pipe that the test holds open,
# waits until it has made its temporary file in $T, then sends it signal $SIG.
interrupted() {
	mkfifo "$T/in"
	"$@" <"$T/in" &
	local pid=$! tries=0
	exec 3>"$T/in"
	until [ -n "$(find "$T" -maxdepth 1 -name '.*.??????')" ]; do
		tries=$((tries + 1))
		if [ "$tries" -ge 600 ]; then
			echo "no temporary file in $T"
			kill "$pid"
			exec 3>&-
			return 1
		fi
		sleep 0.05
	done
	kill "-$SIG" "$pid"
	local status=0
	wait "$pid" || status=$?
	exec 3>&-
	rm -f "$T/in"
	echo "$status"
}

@test "a run ended by SIGTERM or SIGHUP leaves the old file and no temporary" {
	echo old >"$T/keep.txt"
	SIG=TERM run -0 interrupted ob-stats -q -o "$T/keep.txt"
	[ "$output" -eq $((128 + 15)) ]
	kept "$T/keep.txt"
	SIG=HUP run -0 interrupted ob-validate -q --json -o "$T/keep.txt"
	[ "$output" -eq $((128 + 1)) ]
	kept "$T/keep.txt"
	SIG=TERM run -0 interrupted ob-fen -o "$T/keep.txt"
	kept "$T/keep.txt"
}
