/*
 * Strict UTF-8 (lib/utf8.c): well-formed characters at their lengths;
 * overlong forms, encoded surrogates, code points past U+10FFFF, stray
 * and truncated bytes as ill-formed parts of their maximal subpart.
 */
#include "check.h"

static void expect(const char *bytes, int want, const char *what)
{
	int got = ob_utf8_char(bytes);
	CHECK(got == want, "%s: got %d, want %d", what, got, want);
}

void test_utf8(void)
{
	expect("", 1, "the NUL");
	expect("a", 1, "ASCII");
	expect("\x7f", 1, "DEL");
	expect("\xc2\x80", 2, "U+0080");
	expect("\xc3\xa9", 2, "U+00E9");
	expect("\xdf\xbf", 2, "U+07FF");
	expect("\xe0\xa0\x80", 3, "U+0800");
	expect("\xe2\x82\xac", 3, "U+20AC");
	expect("\xed\x9f\xbf", 3, "U+D7FF, below the surrogates");
	expect("\xee\x80\x80", 3, "U+E000, above the surrogates");
	expect("\xef\xbf\xbd", 3, "U+FFFD");
	expect("\xef\xbf\xbf", 3, "U+FFFF (a noncharacter, but UTF-8)");
	expect("\xf0\x90\x80\x80", 4, "U+10000");
	expect("\xf4\x8f\xbf\xbf", 4, "U+10FFFF");

	expect("\xed\xa0\x80", -1, "U+D800, an encoded surrogate");
	expect("\xed\xbf\xbf", -1, "U+DFFF, an encoded surrogate");
	expect("\xf4\x90\x80\x80", -1, "U+110000, past the last code point");
	expect("\xf5\x80\x80\x80", -1, "a lead byte past U+10FFFF");
	expect("\xff", -1, "0xff");
	expect("\xe0\x80\xaf", -1, "an overlong three-byte '/'");
	expect("\xc0\xaf", -1, "an overlong two-byte '/'");
	expect("\xc1\xbf", -1, "an overlong two-byte DEL");
	expect("\xf0\x8f\xbf\xbf", -1, "an overlong four-byte U+FFFF");
	expect("\x80", -1, "a lone continuation byte");
	expect("\xbf", -1, "a lone continuation byte");

	expect("\xc3", -1, "a two-byte lead at the end");
	expect("\xc3x", -1, "a two-byte lead before ASCII");
	expect("\xe2\x82", -2, "a three-byte form cut after two");
	expect("\xe2\x82x", -2, "a three-byte form cut by ASCII");
	expect("\xf0\x9f\x98", -3, "a four-byte form cut after three");
	expect("\xf0\x9f\x98\xc3\xa9", -3, "a four-byte form cut by another");
	expect("\xf4\x8f\xbf", -3, "U+10FFFF cut after three");
}
