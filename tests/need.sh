#!/bin/sh
# need.sh COMMAND...: make sure each command exists, installing its Debian
# package when we are root (the test suite must pass on a fresh machine).
for cmd in "$@"; do
	command -v "$cmd" >/dev/null 2>&1 && continue
	case $cmd in
	bats) pkg=bats ;;
	mandoc) pkg=mandoc ;;
	man) pkg=man-db ;;
	groff | nroff | troff) pkg=groff-base ;;
	xmllint) pkg=libxml2-utils ;;
	valgrind) pkg=valgrind ;;
	parallel) pkg=parallel ;;
	rsvg-convert) pkg=librsvg2-bin ;;
	/usr/bin/time) pkg=time ;;
	stockfish) pkg=stockfish ;;  # in /usr/games: callers add it to PATH
	*) pkg=$cmd ;;
	esac
	if [ "$(id -u)" = 0 ]; then
		echo "need.sh: installing $pkg for $cmd" >&2
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq "$pkg"; } >&2 || exit 1
	else
		echo "need.sh: $cmd is missing: install the Debian package $pkg" >&2
		exit 1
	fi
done
