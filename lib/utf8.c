/*
 * Strict UTF-8 (RFC 3629): the one decoder behind every writer of text
 * that came from input, so that what the tools write is always UTF-8.
 */
#include "oblique.h"

int ob_utf8_char(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	unsigned c = s[0];
	int extra;
	unsigned low = 0x80, high = 0xbf; /* the second byte's range */
	if (c < 0x80)
		return 1;
	if (c < 0xc2) /* a continuation byte, or an overlong two-byte lead */
		return -1;
	if (c < 0xe0) {
		extra = 1;
	} else if (c < 0xf0) {
		extra = 2;
		if (c == 0xe0)
			low = 0xa0; /* below: an overlong form */
		else if (c == 0xed)
			high = 0x9f; /* above: a surrogate */
	} else if (c < 0xf5) {
		extra = 3;
		if (c == 0xf0)
			low = 0x90; /* below: an overlong form */
		else if (c == 0xf4)
			high = 0x8f; /* above: past U+10FFFF */
	} else {
		return -1;
	}
	/* The ill-formed part ends at the first byte that cannot follow:
	 * its maximal subpart, which one U+FFFD replaces. */
	for (int k = 1; k <= extra; k++) {
		unsigned b = s[k];
		if (b < low || b > high)
			return -k;
		low = 0x80;
		high = 0xbf;
	}
	return extra + 1;
}
