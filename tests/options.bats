#!/usr/bin/env bats
# One vocabulary of options across the tools: the table in oblique(7) (and
# its copy in the README) says which tool has which option; each tool's
# --help must list exactly those, short letter and long name paired as in
# the table; every other letter is an unknown option (exit 2).  Then the
# rules every tool follows: refused combinations, outputs that would
# overwrite an input.

load common

# Differences from the table that other work is closing, one a line:
# "TOOL missing|extra SHORT LONG ARG" as table_rows and help_rows write
# them.  A line that is no longer a difference fails the test: take it out
# when that work lands.
PENDING=''

# The rows of the tables in oblique(7), "SHORT|LONG ARG|TOOLS" (SHORT
# empty when none): "-j|--jobs N|perft, validate, stats".  The page has
# three tables: "Every tool" (TOOLS "all"), "Several tools" (followed by a
# table of which tool has which of them) and "One tool's own" (one table
# after each ".Xr ob-NAME 1 :" line); TOOLS lists the tools in the order
# of the second table of "Several tools".
man_table() {
	awk '
		/^\.Ss / { section = $0; sub(/^\.Ss /, "", section); next }
		/^\.Xr ob-[a-z]+ 1 :$/ { tool = $2; sub(/^ob-/, "", tool); next }
		/^\.Bl -column/ { inside = 1; next }
		/^\.El/ { inside = 0 }
		!inside || !/^\.It / || /^\.It Em/ { next }
		section == "Several tools" && /^\.It Xr ob-/ {
			# "Xr ob-fen 1 Ta Fl -json , o , S": the options of one tool
			name = $3; sub(/^ob-/, "", name)
			order[++ntools] = name
			opts = $0; sub(/^.* Ta Fl /, "", opts)
			n = split(opts, o, / , /)
			for (i = 1; i <= n; i++)
				has[name, "-" o[i]] = 1
			next
		}
		{
			sub(/^\.It ?/, "")
			split($0, col, / ?Ta ?/)
			short = col[1]; sub(/^Fl /, "-", short)
			long = col[2]; gsub(/Fl -/, "--", long); gsub(/Ar /, "", long)
			if (section == "Every tool") {
				print short "|" long "|all"
			} else if (section == "Several tools") {
				rows[++nrows] = short "|" long
				split(long, w, " ")
				key[nrows] = short != "" ? short : w[1]
			} else {
				print short "|" long "|" tool
			}
		}
		END {
			for (r = 1; r <= nrows; r++) {
				tools = ""
				for (t = 1; t <= ntools; t++)
					if ((order[t], key[r]) in has)
						tools = tools (tools == "" ? "" : ", ") order[t]
				print rows[r] "|" tools
			}
		}
	' "$ROOT/man/oblique.7"
}

# The table's rows for tool $1, "SHORT LONG ARG" (SHORT - when none, ARG 1
# when the option takes a value).
table_rows() {
	man_table | awk -F'|' -v tool="${1#ob-}" '
		$3 != "all" && (", " $3 ", ") !~ (", " tool ", ") { next }
		{
			split($2, w, " ")
			print ($1 == "" ? "-" : $1), w[1], (w[2] == "" ? 0 : 1)
		}
	' | sort
}

# The options --help lists, in the same form.
help_rows() {
	"$1" --help | sed -nE \
		-e 's/^  (-[A-Za-z]), (--[a-z-]+)( [A-Z]+)?  .*/\1 \2 \3/p' \
		-e 's/^      (--[a-z-]+)( [A-Z]+)?  .*/- \1 \2/p' |
		awk '{ print $1, $2, (NF > 2 ? 1 : 0) }' | sort
}

# The differences between the table and --help for tool $1.
differences() {
	local table help
	table=$(table_rows "$1")
	help=$(help_rows "$1")
	comm -23 <(echo "$table") <(echo "$help") | sed "s/^/$1 missing /"
	comm -13 <(echo "$table") <(echo "$help") | sed "s/^/$1 extra /"
}

@test "the option table has a row for every tool and every tool's --help follows it" {
	local all="" tool
	for tool in $(tool_names); do
		[ -n "$(table_rows "$tool")" ] || { echo "$tool: no rows"; false; }
		all+=$(differences "$tool")$'\n'
	done
	all=$(grep . <<<"$all" | sort || true)
	echo "differences from oblique(7):"
	echo "$all"
	unexpected=$(comm -23 <(echo "$all" | grep .) <(echo "$PENDING" | sort) || true)
	stale=$(comm -13 <(echo "$all" | grep .) <(echo "$PENDING" | sort) || true)
	echo "not pending: $unexpected"
	echo "pending but no longer different: $stale"
	[ -z "$unexpected" ]
	[ -z "$stale" ]
}

@test "every letter a tool does not have is an unknown option (exit 2)" {
	local tool letter
	for tool in $(tool_names); do
		have=$(table_rows "$tool" | awk '$1 != "-" { printf "%s", substr($1, 2) }')
		# a pending letter is one the tool may still have
		have+=$(echo "$PENDING" | awk -v t="$tool" '$1 == t && $3 != "-" { printf "%s", substr($3, 2) }')
		for letter in {a..z} {A..Z}; do
			[[ $have == *"$letter"* ]] && continue
			run -2 --separate-stderr "$tool" "-$letter" </dev/null
			[[ "$stderr" == *"invalid option -- '$letter'"* ]] ||
				{ echo "$tool -$letter: $stderr"; false; }
			[ -z "$output" ]
		done
	done
}

@test "the README's option table is the table of oblique(7)" {
	man=$(man_table)
	readme=$(sed -n '/^## Options/,/^## /p' "$ROOT/README.md" |
		awk -F' *[|] *' '{ gsub(/`/, "") }
			/^[|] *(-|[|])/ && !/---/ { print $2 "|" $3 "|" $5 }')
	diff <(echo "$man" | sort) <(echo "$readme" | sort)
}

# ---- refused combinations ----

@test "combinations a tool does not honour exit 2 naming both options" {
	T=$BATS_TEST_TMPDIR
	ob-validate --random 2 >"$T/g.ogn"
	check() { # expected-text command...
		local want=$1
		shift
		run -2 --separate-stderr "$@" </dev/null
		[ -z "$output" ] || { echo "$*: wrote '$output'"; false; }
		[[ "$stderr" == *"$want"* ]] || { echo "$*: $stderr"; false; }
	}
	check "--startpos cannot be combined with --random" ob-fen --random 3 --startpos
	check "--startpos cannot be combined with --random" ob-fen -r 3 -S 5
	check "--startpos reads no input files, not 'nosuchfile'" ob-fen -S nosuchfile
	check "--random reads no input files, not 'nosuchfile'" ob-fen -r 2 nosuchfile
	check "--check cannot be combined with --json" ob-fen --check --json
	check "--json cannot be combined with --moves" ob-fen --json --moves
	check "--moves cannot be combined with --format json" ob-fen --moves -f json
	check "--random cannot be combined with --play" ob-fen -r 1 --play PCc2-Cc3
	check "--seed needs --random" ob-fen --seed 3
	check "--check cannot be combined with --mirror" ob-fen --check -M
	check "--seed needs --random" ob-validate --seed 3 "$T/g.ogn"
	check "--max-plies needs --random" ob-validate --max-plies 30 "$T/g.ogn"
	check "--random cannot be combined with --strict" ob-validate -r 3 --strict
	check "--random cannot be combined with --json" ob-validate -r 3 --json
	check "--json cannot be combined with --positions" ob-validate --json --positions
	check "--arrow needs --format svg" ob-diagram -S -A TCa1-Ca4
	check "--layout needs --format svg" ob-diagram -S -l stacked
	check "--unicode cannot be combined with --format svg" ob-diagram -S -u -f svg
	check "--play cannot be combined with --piece" ob-diagram --piece R -p PCc2-Cc3
	check "--table cannot be combined with --flip" ob-diagram -T -F
	check "--startpos cannot be combined with --heatmap" ob-diagram -S --heatmap
	check "--cells - cannot be combined with --json" ob-stats --cells - --json "$T/g.ogn"
	check "--cells - cannot be combined with --format tsv" ob-stats --cells - -f tsv "$T/g.ogn"
	check "--cells - cannot be combined with --by" ob-stats --cells - --by Event "$T/g.ogn"
	check "--top needs --openings" ob-stats --top 3 "$T/g.ogn"
	check "--merge cannot be combined with --jobs" ob-stats --merge -j 2 "$T/g.ogn"
	check "--allow-repeats needs --merge" ob-stats --allow-repeats "$T/g.ogn"
	check "--format json cannot be combined with --tsv" ob-stats -f json --tsv "$T/g.ogn"
	# an output form is one choice, whichever options make it
	check "--format text cannot be combined with --json" ob-fen -S -f text --json
	check "--check cannot be combined with --format text" ob-fen -S -c -f text
	check "--json cannot be combined with --format text" ob-validate --json -f text "$T/g.ogn"
	check "--format text cannot be combined with --json" ob-stats -f text --json "$T/g.ogn"
	# ob-stats: -o writes the report, --cells - the cells in its stead
	check "--cells - cannot be combined with --output" ob-stats -o "$T/out.txt" --cells - "$T/g.ogn"
	[ ! -e "$T/out.txt" ]
	check "--cells $T/same.txt cannot be combined with --output $T/same.txt: the same file" \
		ob-stats -q -o "$T/same.txt" --cells "$T/same.txt" "$T/g.ogn"
	[ ! -e "$T/same.txt" ]
	(cd "$T" && check "--cells ./same.txt cannot be combined with --output same.txt" \
		ob-stats -q -o same.txt --cells ./same.txt g.ogn)
	# ob-perft: each pair names both options (the pairs table says why)
	check "--stockfish cannot be combined with --json" ob-perft -S -d 2 --stockfish --json
	check "--max-plies cannot be combined with --startpos" ob-perft -S -d 2 -m 1
	check "--max-depth cannot be combined with --sum" ob-perft --sum --max-depth 1
	check "--hash cannot be combined with --reference" ob-perft -S -H 1 --reference
	check "--hash cannot be combined with --stats" ob-perft -S -H 1 --stats
	check "--split cannot be combined with --depth" ob-perft -S --split 1 -d 2
	check "--format text cannot be combined with --json" ob-perft -S -f text --json
	# ob-diagram
	check "--arrow-color needs --format svg" ob-diagram -S --arrow-color red
	check "--ascending cannot be combined with --layout stacked" ob-diagram -S -a -f svg -l stacked
	check "--ascending cannot be combined with --piece in SVG" ob-diagram --piece R -a -f svg
	check "--format text cannot be combined with --format svg" ob-diagram -S -f text -f svg
	check "--key cannot be combined with --heatmap" ob-diagram --key --heatmap
}

# Whether the message $2 names the option $1 as a whole word.
names_option() {
	[[ $2 =~ (^|[^a-z-])$1([^a-z-]|$) ]]
}

@test "every pair of options of each tool is honoured or refused as option-pairs.txt says" {
	T=$BATS_TEST_TMPDIR
	echo startpos >"$T/pos.txt"
	ob-validate --random 2 >"$T/games.ogn"
	local tool="" input row n=0 failures="" line
	local -a rows marks
	# the pairs of the block read so far
	check_block() {
		[ -n "$tool" ] || return 0
		local j i a b status err
		# every option of --help has a row
		local listed given
		listed=$(help_rows "$tool" | awk '{ print $2 }' |
			grep -vx -e --help -e --version | sort -u)
		given=$(printf '%s\n' "${rows[@]}" | awk '{ print $1 }' | sort -u)
		[ "$listed" = "$given" ] ||
			failures+="$tool: rows differ from --help: $(comm -3 <(echo "$listed") <(echo "$given") | tr -s '\t\n' '  ')"$'\n'
		for ((j = 0; j < ${#rows[@]}; j++)); do
			read -r -a m <<<"${marks[j]}"
			[ "${#m[@]}" -eq "$j" ] ||
				{ failures+="$tool row $((j + 1)): ${#m[@]} marks, not $j"$'\n'; continue; }
			for ((i = 0; i < j; i++)); do
				# files of their own for each pair: none is there before
				a=${rows[i]//OUT/$T/out-$i-$j-a}
				b=${rows[j]//OUT/$T/out-$i-$j-b}
				a=${a//CELLS/$T/cells-$i-$j-a}
				b=${b//CELLS/$T/cells-$i-$j-b}
				status=0
				$tool $a $b <"$input" >"$T/stdout" 2>"$T/stderr" || status=$?
				err=$(<"$T/stderr")
				if [ "${m[i]}" = x ]; then
					local ok=1 o named_a=0 named_b=0
					for o in $a; do [[ $o == --* ]] && names_option "$o" "$err" && named_a=1; done
					for o in $b; do [[ $o == --* ]] && names_option "$o" "$err" && named_b=1; done
					[ "$status" -eq 2 ] && [ ! -s "$T/stdout" ] && [ $named_a = 1 ] && [ $named_b = 1 ] &&
						[[ $err == *"for more information"* ]] || ok=0
					[ $ok = 1 ] || failures+="$tool $a $b: refused in the table, but exit $status: ${err%%$'\n'*}"$'\n'
				elif [ "${m[i]}" = . ]; then
					[[ $err != *"for more information"* && $err != usage:* ]] ||
						failures+="$tool $a $b: honoured in the table, but ${err%%$'\n'*}"$'\n'
				else
					failures+="$tool row $((j + 1)): mark '${m[i]}' is neither . nor x"$'\n'
				fi
			done
		done
	}
	while IFS= read -r line; do
		[[ -z $line || $line == '#'* ]] && continue
		if [[ $line == "tool "* ]]; then
			check_block
			tool=${line#tool }
			case $tool in ob-validate | ob-stats) input=$T/games.ogn ;; *) input=$T/pos.txt ;; esac
			rows=() marks=()
			continue
		fi
		row=${line%%|*}
		row=$(sed -E 's/^ *[0-9]+ +//; s/ +$//' <<<"$row")
		rows+=("$row")
		marks+=("${line#*|}")
	done <"$ROOT/tests/option-pairs.txt"
	check_block
	# every tool has a block
	for t in $(tool_names); do
		grep -qx "tool $t" "$ROOT/tests/option-pairs.txt" || failures+="$t: no block"$'\n'
	done
	printf '%s' "$failures"
	[ -z "$failures" ]
}

@test "-j means threads: ob-validate -j 4 games.ogn validates on 4 threads, no JSON" {
	ob-validate --random 2 >"$BATS_TEST_TMPDIR/games.ogn"
	run -0 --separate-stderr ob-validate -j 4 "$BATS_TEST_TMPDIR/games.ogn"
	[ -z "$output" ]
	[[ "$stderr" == *"2 games read: 2 valid, 0 invalid"* ]]
	run -2 --separate-stderr ob-fen -j 4
}

@test "a move list takes spaces or commas, with a hint when a move is glued to the next" {
	run -0 ob-fen -S --play 'PCc2-Cc3 NCd5-Ce3'
	spaced=$output
	run -0 ob-fen -S --play PCc2-Cc3,NCd5-Ce3
	[ "$output" = "$spaced" ]
	run -0 ob-fen <<<'startpos PCc2-Cc3,NCd5-Ce3'
	[ "$output" = "$spaced" ]
	run -1 --separate-stderr ob-fen -S --play 'PCc2-Cc3;NCd5-Ce3'
	[[ "$stderr" == *"(separate moves with spaces or commas)" ]]
	# a fault that is not a glued move gets no hint
	run -1 --separate-stderr ob-fen -S --play 'PCc2-Cc3+'
	[[ "$stderr" != *separate* ]]
	# ob-diagram's --play and --arrow alike
	run -0 ob-diagram -S -p 'PCc2-Cc3 NCd5-Ce3'
	[ "${lines[-1]}" = "Last move: NCd5-Ce3" ]
	a=$(ob-diagram -S -f svg -A 'TCa1-Ca4 NCb1-Ea2')
	b=$(ob-diagram -S -f svg -A TCa1-Ca4,NCb1-Ea2)
	[ "$a" = "$b" ]
}

# ---- outputs never overwrite inputs ----

@test "no tool writes its output over one of its inputs" {
	T=$BATS_TEST_TMPDIR
	cd "$T"
	ob-validate --random 3 >games.ogn
	sum=$(md5sum <games.ogn)
	run -2 --separate-stderr ob-stats --cells games.ogn games.ogn
	[[ "$stderr" == *"--cells games.ogn: that file is an input"* ]]
	run -2 --separate-stderr ob-stats -o games.ogn games.ogn
	run -2 --separate-stderr ob-stats --cells ./games.ogn - <games.ogn
	run -2 --separate-stderr ob-validate -n -o games.ogn games.ogn
	[ "$(md5sum <games.ogn)" = "$sum" ]
	# a link is the same file
	ln games.ogn hard.ogn
	run -2 --separate-stderr ob-validate --json -o hard.ogn games.ogn
	[ "$(md5sum <games.ogn)" = "$sum" ]
	echo startpos >pos.txt
	run -2 --separate-stderr ob-fen -o pos.txt pos.txt
	[ "$(cat pos.txt)" = startpos ]
	# ob-diagram: a pattern that resolves to an input
	echo startpos >d1.txt
	run -2 --separate-stderr ob-diagram -o 'd%d.txt' d1.txt
	[[ "$stderr" == *"--output d1.txt: that file is an input"* ]]
	[ "$(cat d1.txt)" = startpos ]
	ob-stats --cells - games.ogn >cells.txt
	run -2 --separate-stderr ob-diagram --heatmap -o cells.txt cells.txt
	[ "$(wc -l <cells.txt)" -eq 126 ]
	# other outputs are fine; standard output and /dev/null are not files
	run -0 ob-stats --cells cells2.txt -o report.txt games.ogn
	[ "$(wc -l <cells2.txt)" -eq 126 ]
	grep -q '^Games' report.txt
	run -0 ob-validate -q -o /dev/null /dev/null
}

@test "an output file that cannot be created says why" {
	run -2 --separate-stderr ob-diagram -S -o /nonexistent/x%d.txt
	[ "$stderr" = "ob-diagram: cannot create /nonexistent/x1.txt: No such file or directory" ]
	run -2 --separate-stderr ob-fen -S -o /nonexistent/x.txt
	[ "$stderr" = "ob-fen: cannot create /nonexistent/x.txt: No such file or directory" ]
}

@test "ob-stats writes no report when an input cannot be read" {
	run -2 --separate-stderr ob-stats nosuch.txt
	[ -z "$output" ]
	[ "$stderr" = "ob-stats: nosuch.txt: No such file or directory" ]
	ob-validate --random 2 >"$BATS_TEST_TMPDIR/g.ogn"
	run -2 --separate-stderr ob-stats "$BATS_TEST_TMPDIR/g.ogn" nosuch.txt
	[ -z "$output" ]
	run -2 --separate-stderr ob-stats --cells - nosuch.txt
	[ -z "$output" ]
}
