# Bash completion for the oblique tools: ob-perft, ob-validate, ob-fen,
# ob-diagram, ob-stats.  Options are read from each tool's --help, and the
# words an option takes from the tool's own message for a value it does not
# know (the variant names, the formats, --scale, --layout, --piece, ...), so
# none of them can drift from the tools.
#
# Installed by `make install` as share/bash-completion/completions/ob-*;
# or source it: . cmd/completion.bash

_ob_options() {
	"$1" --help 2>/dev/null | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-z-]*' |
		sed 's/^[ ,]*//' | sort -u
}

# The options of tool $1 that take a value ("-f, --format FMT" in --help).
_ob_value_options() {
	"$1" --help 2>/dev/null |
		sed -nE 's/^ +(-[A-Za-z], )?(--[a-z-]+) [A-Z]+( .*)?$/\1\2/p' |
		tr ',' '\n' | sed 's/^ *//'
}

_ob_variants() {
	"$1" -V '?' --help </dev/null 2>&1 |
		sed -n 's/.*(known: \(.*\))$/\1/p' | tr -d ','
}

# _ob_words TOOL OPTION [ARG...]: the words OPTION takes, from the tool's
# refusal of '?' ("--scale takes linear, log or quantile, not '?'"); ARGs
# (the line's variant) come first, as the piece letters depend on it.
# Nothing for a value that is no word from a list (a number, a colour).
_ob_words() {
	local tool=$1 option=$2 takes word
	shift 2
	# a tool that checks the value only once the options are read (--piece
	# against the variant) shows --help instead: ask it again without, with
	# no input
	takes=$({ "$tool" "$@" "$option" '?' --help </dev/null 2>&1 >/dev/null &&
		"$tool" "$@" "$option" '?' </dev/null 2>&1 >/dev/null; } |
		sed -n "s/^[^:]*: [^ ]* takes \\(.*\\), not '?'\$/\\1/p" | head -1)
	if [[ $takes =~ ^one\ of\ the\ letters\ ([A-Za-z]+)$ ]]; then
		# upper case White, lower case Black
		word=${BASH_REMATCH[1]}
		grep -o . <<<"${word^^}${word,,}"
	elif [[ $takes =~ ^one\ of\ the\ codes\ (.*),\ with\ an\ army\'s\ digit\ 1\ to\ ([0-9]) ]]; then
		local armies=${BASH_REMATCH[2]} army
		for word in ${BASH_REMATCH[1]}; do
			echo "$word"
			for ((army = 1; army <= armies; army++)); do
				echo "$word$army"
			done
		done
	elif [[ $takes =~ ^an\ army\'s\ number,\ 1\ to\ ([0-9])$ ]]; then
		seq 1 "${BASH_REMATCH[1]}"
	else
		# a list of words; not "a colour name", "a depth from 0 to 30"
		[[ $takes =~ ^[a-z0-9-]+((,\ |\ or\ )[a-z0-9-]+)*$ ]] || return 0
		sed 's/, / /g; s/ or / /g' <<<"$takes" | tr ' ' '\n'
	fi
}

_ob_complete() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' i
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# --option=value: bash splits the word at '='
	if [ "$cur" = = ]; then
		cur=
	elif [ "$prev" = = ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	# the variant given on the line, which some words depend on
	local variant=()
	for ((i = 1; i < COMP_CWORD - 1; i++)); do
		case ${COMP_WORDS[i]} in
		-V | --variant) variant=(-V "${COMP_WORDS[i + 1]}") ;;
		esac
	done
	case $prev in
	-V | --variant)
		mapfile -t COMPREPLY < <(compgen -W "$(_ob_variants "$1")" -- "$cur")
		return
		;;
	# a file, or a command that may be a file
	-o | --output | --cells | --compare)
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return
		;;
	-?*)
		if _ob_value_options "$1" | grep -qxF -- "$prev"; then
			mapfile -t COMPREPLY < <(compgen -W \
				"$(_ob_words "$1" "$prev" "${variant[@]}")" -- "$cur")
			return
		fi
		;;
	esac
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_ob_options "$1")" -- "$cur")
		return
	fi
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _ob_complete -o filenames ob-perft ob-validate ob-fen ob-diagram ob-stats
