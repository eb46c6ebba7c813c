/* Growable text buffers; see buf.h. */
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void buf_grow(struct buf *b, size_t n)
{
	if (b->len + n + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + n + 1)
		cap *= 2;
	char *p = realloc(b->p, cap);
	if (!p)
		util_out_of_memory();
	b->p = p;
	b->cap = cap;
}

size_t buf_add_char(struct buf *b, const char *s)
{
	int n = ob_utf8_char(s);
	if (n < 0) {
		buf_add(b, "\xef\xbf\xbd", 3);
		return (size_t)-n;
	}
	buf_add(b, s, (size_t)n);
	return (size_t)n;
}

void buf_add_text(struct buf *b, const char *s)
{
	while (*s)
		s += buf_add_char(b, s);
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}
