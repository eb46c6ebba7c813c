/* Reading the other generator's divide; see their_divide.h. */
#include "their_divide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "util.h"

/* The bytes of a line quoted in a reason. */
#define QUOTE_MAX 60

/* line[0..len) cut to QUOTE_MAX bytes, a NUL byte written as the
 * diagnostics' escape writes other control bytes. */
static void quote(const char *line, size_t len, char *out, size_t outlen)
{
	size_t o = 0;
	for (size_t i = 0; i < len && i < QUOTE_MAX && o + 5 < outlen; i++) {
		if (line[i] == '\0') {
			memcpy(out + o, "\\x00", 4);
			o += 4;
		} else {
			out[o++] = line[i];
		}
	}
	out[o] = '\0';
}

enum count_read { COUNT_OK, COUNT_NONE, COUNT_TOO_LARGE };

/* The whole of s is a decimal count of at most 2^64 - 1. */
static enum count_read count_of(const char *s, uint64_t *out)
{
	uint64_t x = 0;
	if (!*s)
		return COUNT_NONE;
	for (const char *c = s; *c; c++)
		if (*c < '0' || *c > '9')
			return COUNT_NONE;
	for (; *s; s++) {
		unsigned digit = (unsigned)(*s - '0');
		if (x > (UINT64_MAX - digit) / 10)
			return COUNT_TOO_LARGE;
		x = x * 10 + digit;
	}
	*out = x;
	return COUNT_OK;
}

/* 'N', 'total N' or 'Nodes searched: N'. */
static enum count_read total_of(const char *line, uint64_t *out)
{
	if (strncmp(line, "total ", 6) == 0)
		line += 6;
	else if (strncmp(line, "Nodes searched: ", 16) == 0)
		line += 16;
	return count_of(line, out);
}

static bool add_move(struct their_divide *d, const struct their_move *m)
{
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 128;
		struct their_move *p = realloc(d->moves, (size_t)cap * sizeof *p);
		if (!p)
			return false;
		d->moves = p;
		d->cap = cap;
	}
	d->moves[d->n++] = *m;
	return true;
}

/* Does a failure to read a move say its text is not a move form at all
 * (rather than a move that is not legal here)? */
static bool unreadable(enum ob_status st)
{
	switch (st) {
	case OB_ERR_MOVE_SYNTAX:
	case OB_ERR_MOVE_BAD_PIECE:
	case OB_ERR_MOVE_BAD_CELL:
	case OB_ERR_MOVE_NO_SEPARATOR:
	case OB_ERR_MOVE_BAD_PROMOTION_LETTER:
	case OB_ERR_BAD_BYTE:
		return true;
	default:
		return false;
	}
}

/* 'MOVE COUNT' or 'MOVE: COUNT' into m (move resolved against pos); the
 * count's reading, COUNT_NONE when the line is not of that form. */
static enum count_read move_line(const struct ob_position *pos, char *line,
				 struct their_move *m)
{
	char *gap = strrchr(line, ' ');
	if (!gap)
		return COUNT_NONE;
	enum count_read c = count_of(gap + 1, &m->count);
	if (c != COUNT_OK)
		return c;
	while (gap > line && gap[-1] == ' ')
		gap--;
	if (gap > line && gap[-1] == ':')
		gap--;
	*gap = '\0';
	if (!*line || strchr(line, ' '))
		return COUNT_NONE;
	size_t len = strlen(line);
	size_t shown = len < sizeof m->text ? len : sizeof m->text - 1;
	memcpy(m->text, line, shown);
	m->text[shown] = '\0';
	struct ob_error err;
	m->reason[0] = '\0';
	enum ob_status st = notation_read(pos, line, len, &m->move, &err);
	m->readable = st == OB_OK || !unreadable(st);
	if (st != OB_OK) {
		m->move = OB_MOVE_NONE;
		snprintf(m->reason, sizeof m->reason, "%s", err.message);
	}
	return COUNT_OK;
}

bool their_divide_read(const char *text, size_t len,
		       const struct ob_position *pos, struct their_divide *out,
		       char *why, size_t whylen)
{
	long lineno = 0;
	bool have_total = false;
	uint64_t sum = 0;
	out->n = 0;
	out->total = 0;
	for (size_t at = 0; at < len;) {
		const char *start = text + at;
		const char *nl = memchr(start, '\n', len - at);
		size_t n = nl ? (size_t)(nl - start) : len - at;
		at += n + (nl != NULL);
		lineno++;
		while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' ' ||
				 start[n - 1] == '\t'))
			n--;
		if (n == 0)
			continue;
		char shown[4 * QUOTE_MAX + 1];
		quote(start, n, shown, sizeof shown);
		if (n > THEIR_LINE_MAX)
			return util_fail_why(why, whylen, "output line %ld '%s...': "
				    "longer than %d bytes", lineno, shown,
				    THEIR_LINE_MAX);
		if (memchr(start, '\0', n))
			return util_fail_why(why, whylen, "output line %ld '%s': a NUL "
				    "byte", lineno, shown);
		char line[THEIR_LINE_MAX + 1];
		memcpy(line, start, n);
		line[n] = '\0';
		for (char *c = line; *c; c++)
			if (*c == '\t')
				*c = ' ';
		if (have_total)
			return util_fail_why(why, whylen, "output line %ld '%s': nothing "
				    "may follow the total", lineno, shown);
		enum count_read c = total_of(line, &out->total);
		if (c == COUNT_OK) {
			have_total = true;
			continue;
		}
		struct their_move m;
		m.line = lineno;
		if (c == COUNT_NONE)
			c = move_line(pos, line, &m);
		if (c == COUNT_TOO_LARGE)
			return util_fail_why(why, whylen, "output line %ld '%s': a count "
				    "larger than %llu", lineno, shown,
				    (unsigned long long)UINT64_MAX);
		if (c == COUNT_NONE)
			return util_fail_why(why, whylen, "output line %ld '%s': expected "
				    "'MOVE COUNT', 'MOVE: COUNT' or the total",
				    lineno, shown);
		if (out->n == THEIR_MOVES_MAX)
			return util_fail_why(why, whylen, "output line %ld: more than %d "
				    "moves", lineno, THEIR_MOVES_MAX);
		if (m.count > UINT64_MAX - sum)
			return util_fail_why(why, whylen, "output line %ld '%s': the "
				    "moves' counts add up to more than %llu",
				    lineno, shown,
				    (unsigned long long)UINT64_MAX);
		sum += m.count;
		if (!add_move(out, &m))
			return util_fail_why(why, whylen, "out of memory");
	}
	if (!have_total)
		return util_fail_why(why, whylen, "no total after the moves (%ld output "
			    "lines)", lineno);
	if (sum != out->total)
		return util_fail_why(why, whylen, "the total %llu is not the sum of the "
			    "moves' counts, %llu",
			    (unsigned long long)out->total,
			    (unsigned long long)sum);
	return true;
}

void their_divide_free(struct their_divide *d)
{
	free(d->moves);
	d->moves = NULL;
	d->n = d->cap = 0;
}
