#!/usr/bin/env bats
# What the tools write is UTF-8 (ogn(5), ENCODING): a tag value, comment
# or file name that holds an encoded surrogate (ED A0 80), a code point
# past U+10FFFF (F4 90 80 80), an overlong form (E0 80 AF) or a stray byte
# is read as it is, and each ill-formed part is written as U+FFFD in
# every output: JSON (checked by python's strict decoder and json module,
# and jq), HTML (xmllint), canonical OGN, text and TSV (iconv).

load common

# Each bad sequence between two letters, and a good one (e-acute).
BAD=$'s\xed\xa0\x80|u\xf4\x90\x80\x80|o\xe0\x80\xaf|x\xff|e\xc3\xa9'
# The same with each ill-formed part replaced (as Unicode's maximal
# subparts count them: one U+FFFD for each of these bytes).
R=$'\xef\xbf\xbd'
GOOD="s$R$R$R|u$R$R$R$R|o$R$R$R|x$R|e"$'\xc3\xa9'

setup() {
	T="$BATS_TEST_TMPDIR"
	sh "$ROOT/tests/need.sh" jq xmllint python3 iconv
	printf '[Event "%s"]\n[Site "\\"%s\\""]\n\n1. PCc2-Cc3 {before %s after} *\n\n' \
		"$BAD" "$BAD" "$BAD" >"$T/bad.ogn"
	ob-validate -q --random 2 --seed 3 >>"$T/bad.ogn"
}

# Fails (printing where) unless file $1 is UTF-8 throughout.
utf8_only() {
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null
}

# Prints the Event value of each JSON object of file $1 (one a line),
# read by a strict decoder: invalid UTF-8 or JSON fails.
json_events() {
	python3 -c '
import json, sys
text = open(sys.argv[1], "rb").read().decode("utf-8")
for line in text.splitlines():
    sys.stdout.buffer.write(json.loads(line)["tags"]["Event"].encode("utf-8") + b"\n")
' "$1"
}

@test "ob-validate --json: each ill-formed part of a tag value as U+FFFD" {
	ob-validate -q --json "$T/bad.ogn" >"$T/out.json"
	utf8_only "$T/out.json"
	jq -e . "$T/out.json" >/dev/null
	run -0 json_events "$T/out.json"
	[ "${lines[0]}" = "$GOOD" ]
	[ "$(jq -r 'select(.index == 1) | .tags.Site' "$T/out.json")" = "\"$GOOD\"" ]
}

@test "ob-validate --normalize: canonical OGN is UTF-8, tags and comments" {
	ob-validate -q -n "$T/bad.ogn" >"$T/out.ogn"
	utf8_only "$T/out.ogn"
	grep -qxF "[Event \"$GOOD\"]" "$T/out.ogn"
	grep -qxF "[Site \"\\\"$GOOD\\\"\"]" "$T/out.ogn"
	grep -qF "{before $GOOD after}" "$T/out.ogn"
	# and it reads back as itself
	run -0 ob-validate -q -n "$T/out.ogn"
	[ "$output" = "$(cat "$T/out.ogn")" ]
}

@test "ob-validate --positions and ob-perft --json: a file name not UTF-8" {
	cp "$T/bad.ogn" "$T/"$'g\xed\xa0\x80.ogn'
	ob-validate -q --positions "$T/"$'g\xed\xa0\x80.ogn' >"$T/pos.txt"
	utf8_only "$T/pos.txt"
	grep -qxF "# game 1 $T/g$R$R$R.ogn:1" "$T/pos.txt"
	printf 'startpos ;D1 64\n' >"$T/"$'p\xf4\x90\x80\x80.epd'
	ob-perft --json "$T/"$'p\xf4\x90\x80\x80.epd' >"$T/perft.json"
	utf8_only "$T/perft.json"
	[ "$(jq -r .file "$T/perft.json")" = "$T/p$R$R$R$R.epd" ]
}

@test "ob-stats --json, text and TSV: tag values of --by as UTF-8" {
	ob-stats -q --by Event --json "$T/bad.ogn" >"$T/by.json"
	utf8_only "$T/by.json"
	python3 -c 'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))' \
		"$T/by.json"
	jq -e --arg v "$GOOD" '[.groups[].value] | index($v) != null' "$T/by.json"
	ob-stats -q --by Event "$T/bad.ogn" >"$T/by.txt"
	utf8_only "$T/by.txt"
	grep -qxF "[Event \"$GOOD\"]" "$T/by.txt"
	ob-stats -q --by Event --tsv "$T/bad.ogn" >"$T/by.tsv"
	utf8_only "$T/by.tsv"
	grep -q "^$GOOD"$'\t' "$T/by.tsv"
}

@test "ob-stats --format html: tag values as U+FFFD, the page well-formed" {
	ob-stats -q --by Event -f html "$T/bad.ogn" >"$T/by.html"
	utf8_only "$T/by.html"
	xmllint --noout "$T/by.html"
	grep -qF '<q data-key="groups.1.value" data-value="s&#xfffd;&#xfffd;&#xfffd;|u&#xfffd;&#xfffd;&#xfffd;&#xfffd;|o&#xfffd;&#xfffd;&#xfffd;|x&#xfffd;|e'$'\xc3\xa9''">' \
		"$T/by.html"
}

@test "ob-stats --merge: a partial state keeps the bytes, the report replaces them" {
	ob-stats --partial --by Event "$T/bad.ogn" >"$T/part.json" 2>/dev/null
	utf8_only "$T/part.json" # the bytes are kept as \u00XX escapes
	ob-stats -q --merge --by Event -f html "$T/part.json" >"$T/merged.html"
	utf8_only "$T/merged.html"
	xmllint --noout "$T/merged.html"
	ob-stats -q --merge --json "$T/part.json" >"$T/merged.json"
	utf8_only "$T/merged.json"
	[ "$(jq -r '.groups[0].value' "$T/merged.json")" = "$(jq -r '.groups[0].value' \
		<(ob-stats -q --by Event --json "$T/bad.ogn"))" ]
}
