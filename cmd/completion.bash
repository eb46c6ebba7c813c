# Bash completion for the oblique tools: ob-perft, ob-validate, ob-fen,
# ob-diagram, ob-stats.  Options are read from each tool's --help and the
# variant names from the library (through the tool's own message for an
# unknown variant), so neither can drift from the tools.
#
# Installed by `make install` as share/bash-completion/completions/ob-*;
# or source it: . cmd/completion.bash

_ob_options() {
	"$1" --help 2>/dev/null | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-z-]*' |
		sed 's/^[ ,]*//' | sort -u
}

_ob_variants() {
	"$1" -V '?' --help </dev/null 2>&1 |
		sed -n 's/.*(known: \(.*\))$/\1/p' | tr -d ','
}

_ob_complete() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	case $prev in
	-V | --variant)
		mapfile -t COMPREPLY < <(compgen -W "$(_ob_variants "$1")" -- "$cur")
		return
		;;
	-f | --format)
		mapfile -t COMPREPLY < <(compgen -W "text json svg tsv html" -- "$cur")
		return
		;;
	# the other options that take a value (oblique(7)): nothing to offer
	-d | --depth | -j | --jobs | --threads | -H | --hash | -m | \
		--max-plies | --max-depth | -r | --random | -g | --generate | \
		--seed | --split | --memory | --openings | --top | -t | --at | \
		--piece | -p | --play | --mark | -A | --arrow | -P | --position | \
		-b | --by | --army)
		return
		;;
	esac
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_ob_options "$1")" -- "$cur")
		return
	fi
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _ob_complete -o filenames ob-perft ob-validate ob-fen ob-diagram ob-stats
