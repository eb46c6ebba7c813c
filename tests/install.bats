#!/usr/bin/env bats
# make install / uninstall into a scratch DESTDIR, and a program built
# against the installed library with pkg-config.

load common

@test "install, build against the library with pkg-config, uninstall" {
	command -v pkg-config >/dev/null || sh "$ROOT/tests/need.sh" pkg-config
	dest="$BATS_TEST_TMPDIR/dest"
	prefix=/opt/oblique
	run make -C "$ROOT" --no-print-directory BUILD="$OB_BUILD" \
		DESTDIR="$dest" PREFIX="$prefix" install
	echo "$output"
	[ "$status" -eq 0 ]
	for tool in $(tool_names); do
		[ -x "$dest$prefix/bin/$tool" ]
	done
	[ -f "$dest$prefix/lib/liboblique.a" ]
	[ -f "$dest$prefix/include/oblique.h" ]
	[ -f "$dest$prefix/share/man/man1/ob-fen.1" ]
	[ -f "$dest$prefix/share/man/man5/ofen.5" ]
	[ -f "$dest$prefix/share/man/man5/pfen.5" ]
	[ -f "$dest$prefix/share/man/man5/dfen.5" ]

	cat >"$BATS_TEST_TMPDIR/hello.c" <<'C'
#include <oblique.h>
#include <stdio.h>
int main(void)
{
	struct ob_position pos;
	ob_position_start(&pos, ob_variant_default());
	printf("%llu\n", (unsigned long long)ob_perft(&pos, 2));
	return 0;
}
C
	export PKG_CONFIG_SYSROOT_DIR="$dest"
	export PKG_CONFIG_PATH="$dest$prefix/lib/pkgconfig"
	run pkg-config --cflags --libs oblique
	echo "$output"
	[ "$status" -eq 0 ]
	flags=$output
	# A sanitizer build's library needs the sanitizer runtimes.
	if nm "$dest$prefix/lib/liboblique.a" 2>/dev/null | grep -q __asan; then
		flags="$flags -fsanitize=address,undefined"
	fi
	# shellcheck disable=SC2086
	cc -std=c11 -o "$BATS_TEST_TMPDIR/hello" "$BATS_TEST_TMPDIR/hello.c" $flags
	run "$BATS_TEST_TMPDIR/hello"
	[ "$output" = 4102 ]

	run make -C "$ROOT" --no-print-directory BUILD="$OB_BUILD" \
		DESTDIR="$dest" PREFIX="$prefix" uninstall
	[ "$status" -eq 0 ]
	left=$(find "$dest" -type f)
	echo "left: $left"
	[ -z "$left" ]
}
