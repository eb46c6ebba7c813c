#!/bin/sh
# run.sh BUILD SECONDS NAME...: runs each libFuzzer harness for SECONDS,
# seeded from testdata/ and the kept regression inputs, with the
# dictionary tests/fuzz/NAME.dict when there is one.  A crash leaves its
# input in BUILD/fuzz-findings/NAME/: minimise it, fix the bug, and keep
# the input under tests/fuzz/regress/NAME/ so that `make test` replays it.
set -eu
build=$1 seconds=$2
shift 2
top=$(pwd)
for name in "$@"; do
	corpus=$build/fuzz-corpus/$name
	findings=$build/fuzz-findings/$name
	mkdir -p "$corpus" "$findings"
	sh tests/fuzz/seed.sh "$name" "$corpus" "$build"
	[ -d "tests/fuzz/regress/$name" ] &&
		cp tests/fuzz/regress/"$name"/* "$corpus"/ 2>/dev/null || true
	dict=
	[ -f "tests/fuzz/$name.dict" ] && dict=-dict=tests/fuzz/$name.dict
	echo "== fuzzing $name for $seconds s ($(ls "$corpus" | wc -l) seeds)"
	# shellcheck disable=SC2086
	"$build/fuzz-$name" $dict -max_total_time="$seconds" -max_len=4096 \
		-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$findings/" "$corpus" 2>"$build/fuzz-$name.log" ||
		{ tail -40 "$build/fuzz-$name.log"; exit 1; }
	grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' \
		"$build/fuzz-$name.log" | sed "s/^/$name: /"
done
cd "$top"
