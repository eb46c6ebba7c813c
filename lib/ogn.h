/*
 * Private to the library: what the OGN reader (ogn.c) and the canonical
 * writer (ognwrite.c) share.
 */
#ifndef OB_OGN_H
#define OB_OGN_H

#include <stdbool.h>
#include <string.h>

/* The blanks of OGN. */
static inline bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

/* The glyph's NAG: ! $1, ? $2, !! $3, ?? $4, !? $5, ?! $6; 0 if none. */
static inline int glyph_nag(const char *w, size_t n)
{
	static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
	for (int i = 0; i < 6; i++)
		if (strlen(glyphs[i]) == n && memcmp(glyphs[i], w, n) == 0)
			return i + 1;
	return 0;
}

#endif
