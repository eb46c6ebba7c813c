# Loaded by the ob-diagram tests: `load diagram` after `load common`.
# Golden files live in testdata/diagram/; OB_UPDATE_GOLDEN=1 rewrites them
# (review the change with git diff).

GOLDEN="$TESTDATA/diagram"

# golden NAME FILE: FILE must equal testdata/diagram/NAME byte for byte.
golden() {
	if [ "${OB_UPDATE_GOLDEN:-0}" = 1 ]; then
		mkdir -p "$GOLDEN"
		cp "$2" "$GOLDEN/$1"
		return 0
	fi
	diff -u "$GOLDEN/$1" "$2"
}

# svg_ok FILE: well-formed, and nothing fetched from outside.
svg_ok() {
	xmllint --noout "$1"
	! grep -q -e '<image' -e '@import' -e '@font-face' -e 'href=' "$1"
}
