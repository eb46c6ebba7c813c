# Reads a page rendered by mandoc -Tascii (col -b) and prints each
# paragraph whose quotes nest or do not balance: `single' quotes (Ql, Sq)
# must close before another opens, "double" quotes (Qq) must pair
# without a blank just inside them.
function flush(   i, c, open, n, bad, prev, next_c, text) {
	text = para
	para = ""
	if (text == "")
		return
	open = 0; n = 0; bad = ""
	for (i = 1; i <= length(text); i++) {
		c = substr(text, i, 1)
		if (c == "`") {
			if (open)
				bad = "nested `quotes'"
			open = 1
		} else if (c == "'" && open) {
			open = 0
		} else if (c == "\"" && !open) {
			n++
			prev = substr(text, i - 1, 1)
			next_c = substr(text, i + 1, 1)
			if (n % 2 == 1 && (next_c == " " || next_c == "\""))
				bad = "a \"quote\" opens on a blank or an empty pair"
			if (n % 2 == 0 && prev == " ")
				bad = "a \"quote\" closes after a blank"
		}
	}
	if (open)
		bad = "unbalanced `quote'"
	if (n % 2)
		bad = "unbalanced \"quotes\""
	if (bad != "")
		printf "%s: %s\n", bad, text
}
/^[ \t]*$/ { flush(); next }
{ sub(/^[ \t]+/, ""); para = para (para == "" ? "" : " ") $0 }
END { flush() }
