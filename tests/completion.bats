#!/usr/bin/env bats
# Bash completion: every tool's long options and the variant names.

load common

complete_words() {
	# shellcheck disable=SC1091
	. "$ROOT/cmd/completion.bash"
	COMP_WORDS=("$@")
	COMP_CWORD=$(($# - 1))
	_ob_complete "$1"
	printf '%s\n' "${COMPREPLY[@]}"
}

@test "-V completes the library's variant names in every tool" {
	for tool in $(tool_names); do
		run complete_words "$tool" -V ""
		echo "$tool: $output"
		[ "$output" = "$(printf 'oblique\nraumschach\ndiagonal-oblong\nplattraum\nplattraum-2p\nplattraum-multiple\nplattraum-knighted\nplattraum-liu-yang')" ]
	done
}

@test "options complete from --help" {
	for tool in $(tool_names); do
		run complete_words "$tool" --
		for o in $("$tool" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
			grep -qx -- "$o" <<<"$output" || { echo "$tool $o"; false; }
		done
	done
	run complete_words ob-perft --div
	[ "$output" = --divide ]
}
