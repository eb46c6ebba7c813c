# The literal blocks of a page's EXAMPLES, split into files under dir
# (awk -v dir=DIR -f man-examples.awk PAGE): for each "$ command" its
# command in cmdN (a line ending in | goes on on the next) and the output
# printed under it in expN; a block that starts with "[" is a game, gameN.ogn.
/^\.Sh EXAMPLES/ { examples = 1; next }
/^\.Sh / { examples = 0 }
!examples { next }
/^\.Bd -literal/ { literal = 1; first = 1; game = 0; next }
/^\.Ed/ { literal = 0; next }
!literal { next }
{
	gsub(/\\e/, "\\")
	gsub(/\\&/, "")
}
first && /^\[/ { game = 1; games++ }
{ first = 0 }
game { print > (dir "/game" games ".ogn"); next }
/^\$ / {
	commands++
	going_on = /\|$/
	print substr($0, 3) > (dir "/cmd" commands)
	printf "" > (dir "/exp" commands)
	next
}
going_on {
	sub(/^ +/, "")
	going_on = /\|$/
	print > (dir "/cmd" commands)
	next
}
commands { print > (dir "/exp" commands) }
