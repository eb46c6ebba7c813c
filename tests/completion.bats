#!/usr/bin/env bats
# Bash completion: every tool's long options, the variant names and the
# words of each option that takes one from a list.

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
		[ "$output" = "$(printf 'oblique\nraumschach\ndiagonal-oblong\nplattraum\nplattraum-2p\nplattraum-multiple\nplattraum-knighted\nplattraum-liu-yang\nchess')" ]
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

# words TOOL WORD...: the completions of the last WORD, sorted, on one line.
words() {
	complete_words "$@" | sort | paste -sd' '
}

@test "-f and --format complete each tool's formats, and the tool takes each" {
	local tool want
	for tool in $(tool_names); do
		case $tool in
		ob-diagram) want="svg text" ;;
		ob-stats) want="html json text tsv" ;;
		*) want="json text" ;;
		esac
		[ "$(words "$tool" -f '')" = "$want" ] || { echo "$tool -f: $(words "$tool" -f '')"; false; }
		[ "$(words "$tool" -S --format '')" = "$want" ]
		# --format=j: bash splits the word at '='
		[ "$(words "$tool" --format = '')" = "$want" ]
		for format in $want; do
			case $tool in
			ob-validate | ob-stats) run -0 "$tool" -f "$format" </dev/null ;;
			*) run -0 "$tool" -f "$format" -S ;;
			esac
		done
	done
	[ "$(words ob-stats --format = t)" = "text tsv" ]
}

@test "--scale, --layout, --piece and --army complete their words, --piece the line's board's" {
	[ "$(words ob-diagram --heatmap --scale '')" = "linear log quantile" ]
	[ "$(words ob-diagram -l '')" = "slices stacked" ]
	[ "$(words ob-diagram --layout st)" = "stacked" ]
	[ "$(words ob-diagram --piece '')" = "$(echo B L N P R S T b l n p r s t)" ]
	[ "$(words ob-diagram -V raumschach --piece '')" = "$(echo B K N P Q R U b k n p q r u)" ]
	[ "$(words ob-diagram --variant diagonal-oblong --piece '')" = "$(echo B K N P Q R b k n p q r)" ]
	[ "$(words ob-diagram -V chess --piece '')" = "$(echo B K N P Q R b k n p q r)" ]
	# Plattraum: a code, or a code and an army's digit
	[ "$(words ob-diagram -V plattraum --piece Sn)" = "Sn Sn1 Sn2 Sn3" ]
	[ "$(words ob-diagram -V plattraum-liu-yang --piece Fc)" = "Fc Fc1 Fc2" ]
	[ "$(words ob-diagram -V plattraum-2p --piece Gd)" = "Gd Gd1 Gd2" ]
	[ "$(words ob-diagram --flip --army '')" = "1 2 3" ]
	# every word offered is taken
	for letter in $(words ob-diagram -V raumschach --piece ''); do
		ob-diagram -V raumschach --piece "$letter" >/dev/null
	done
	for letter in $(words ob-diagram -V chess --piece ''); do
		ob-diagram -V chess --piece "$letter" >/dev/null
	done
	for scale in $(words ob-diagram --scale ''); do
		echo 'Cc3 1' | ob-diagram --heatmap --scale "$scale" >/dev/null
	done
	for layout in $(words ob-diagram -l ''); do
		ob-diagram -S -f svg -l "$layout" >/dev/null
	done
}

@test "a value from no list completes nothing; a file or a command completes files" {
	cd "$BATS_TEST_TMPDIR"
	touch some-file
	local tool option
	for tool in $(tool_names); do
		for option in $("$tool" --help |
			sed -nE 's/^ +(-[A-Za-z], )?(--[a-z-]+) [A-Z]+( .*)?$/\1\2/p' |
			tr ',' ' '); do
			case $option in
			-V | --variant | -f | --format | -l | --layout | --scale | \
				--piece | --army) continue ;;
			-o | --output | --cells | --compare)
				[ "$(words "$tool" "$option" so)" = some-file ] ||
					{ echo "$tool $option"; false; }
				;;
			*)
				[ -z "$(words "$tool" "$option" '')" ] ||
					{ echo "$tool $option: $(words "$tool" "$option" '')"; false; }
				;;
			esac
		done
	done
}
