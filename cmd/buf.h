/* Growable text buffers: bytes, strings and formatted text appended. */
#ifndef OB_CMD_BUF_H
#define OB_CMD_BUF_H

#include <stddef.h>
#include <string.h>

#include "util.h"

/*
 * Text of len bytes at p, always followed by a NUL once anything has been
 * added; {0} is an empty buffer and free(b.p) releases one.  Running out
 * of memory exits (util_out_of_memory).
 */
struct buf {
	char *p;
	size_t len, cap;
};

/* Makes room for n more bytes and the NUL; see buf_reserve. */
void buf_grow(struct buf *b, size_t n);

/* Makes sure n more bytes and the NUL fit (the first call allocates). */
static inline void buf_reserve(struct buf *b, size_t n)
{
	if (b->len + n + 1 > b->cap)
		buf_grow(b, n);
}

static inline void buf_add(struct buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static inline void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_printf(struct buf *b, const char *fmt, ...) UTIL_PRINTF(2, 3);

/* Appends the UTF-8 character at s, or U+FFFD for the ill-formed part
 * there (ob_utf8_char); returns how many bytes of s that was. */
size_t buf_add_char(struct buf *b, const char *s);
/* Appends s as UTF-8 text: each ill-formed part as U+FFFD. */
void buf_add_text(struct buf *b, const char *s);

#endif
