/*
 * The canonical OGN writer (ogn(5)): tags in a fixed order, move numbers,
 * glyphs as NAGs, comments with their blanks collapsed, lines wrapped at
 * 80 columns and never starting with %, and UTF-8 only: each ill-formed
 * part of a tag value or comment as U+FFFD.  The reader is ogn.c.
 */
#include "oblique.h"

#include <stdlib.h>
#include <string.h>

#include "ogn.h"

#define WRAP 80

/* Output goes through a buffer, written out whole: one fwrite per few
 * kilobytes instead of one stdio call per token. */
struct writer {
	FILE *out;
	long col; /* characters on the current line */
	size_t n;
	char buf[8192];
};

static void flush(struct writer *w)
{
	if (w->n)
		fwrite(w->buf, 1, w->n, w->out);
	w->n = 0;
}

static void emit(struct writer *w, const char *s, size_t n)
{
	if (w->n + n > sizeof w->buf) {
		flush(w);
		if (n > sizeof w->buf) {
			fwrite(s, 1, n, w->out);
			return;
		}
	}
	memcpy(w->buf + w->n, s, n);
	w->n += n;
}

static inline void emit_char(struct writer *w, char c)
{
	if (w->n == sizeof w->buf)
		flush(w);
	w->buf[w->n++] = c;
}

static void emit_str(struct writer *w, const char *s)
{
	emit(w, s, strlen(s));
}

/* The UTF-8 replacement character, for an ill-formed part of the text. */
static const char replacement[] = "\xef\xbf\xbd";

/* Copies the UTF-8 character at s to out, or U+FFFD for an ill-formed
 * part there; returns how many bytes of s that was, and adds the bytes
 * written to *n. */
static size_t copy_char(char *out, size_t *n, const char *s)
{
	int k = ob_utf8_char(s);
	if (k < 0) {
		memcpy(out + *n, replacement, 3);
		*n += 3;
		return (size_t)-k;
	}
	memcpy(out + *n, s, (size_t)k);
	*n += (size_t)k;
	return (size_t)k;
}

static long utf8_length(const char *s, size_t n)
{
	long chars = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			chars++;
	return chars;
}

/* Writes a unit of movetext, after a space or a line break; *prefix (a
 * pending "(") goes just before it. */
static void unit(struct writer *w, const char **prefix, const char *s,
		 size_t n)
{
	size_t p = strlen(*prefix);
	long width = utf8_length(s, n) + (long)p;
	if (w->col > 0 && w->col + 1 + width > WRAP) {
		emit_char(w, '\n');
		w->col = 0;
	} else if (w->col > 0) {
		emit_char(w, ' ');
		w->col++;
	}
	/* A line starting with % is skipped, even inside a comment: a word
	 * of a comment that would start one goes one space in. */
	if (w->col == 0 && p == 0 && n > 0 && s[0] == '%') {
		emit_char(w, ' ');
		w->col++;
	}
	emit(w, *prefix, p);
	emit(w, s, n);
	w->col += width;
	*prefix = "";
}

static void unit_str(struct writer *w, const char **prefix, const char *s)
{
	unit(w, prefix, s, strlen(s));
}

/* A number after a prefix ("$") and before a suffix ("." or "..."). */
static void unit_number(struct writer *w, const char **prefix,
			const char *before, long x, const char *after)
{
	char buf[32], digits[24];
	size_t n = 0, k = 0;
	unsigned long u = x < 0 ? 0 : (unsigned long)x;
	do
		digits[k++] = (char)('0' + u % 10);
	while ((u /= 10) && k < sizeof digits);
	while (*before)
		buf[n++] = *before++;
	while (k)
		buf[n++] = digits[--k];
	while (*after)
		buf[n++] = *after++;
	unit(w, prefix, buf, n);
}

/* A comment with its blanks collapsed, wrapped at spaces; as a ;
 * comment ending the line when its text holds a }. */
static void write_comment(struct writer *w, const char **prefix,
			  const char *text)
{
	/* U+FFFD is 3 bytes, and the part it stands for at least 1. */
	size_t len = strlen(text), n = 0;
	char *buf = malloc(3 * len + 4);
	if (!buf)
		return;
	buf[n++] = '{';
	for (const char *s = text; *s;) {
		while (is_space((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (n > 1)
			buf[n++] = ' ';
		while (*s && !is_space((unsigned char)*s))
			s += copy_char(buf, &n, s);
	}
	buf[n++] = '}';
	buf[n] = '\0';
	if (memchr(buf + 1, '}', n - 2)) {
		buf[0] = ';';
		buf[--n] = '\0';
		unit(w, prefix, buf, n);
		emit_char(w, '\n');
		w->col = 0;
		free(buf);
		return;
	}
	/* Word by word: "{first", ..., "last}". */
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && buf[j] != ' ')
			j++;
		unit(w, prefix, buf + i, j - i);
		i = j + 1;
	}
	free(buf);
}

static void write_tag(struct writer *w, const char *name, const char *value)
{
	emit_char(w, '[');
	emit_str(w, name);
	emit(w, " \"", 2);
	for (const char *s = value; *s;) {
		char c[4];
		size_t n = 0;
		if (*s == '"' || *s == '\\')
			emit_char(w, '\\');
		s += copy_char(c, &n, s);
		emit(w, c, n);
	}
	emit(w, "\"]\n", 3);
}

/* The tags written first, in this order: PGN's seven tag roster with its
 * two players, or with three armies a player tag for each (ogn(5)), then
 * the variant and its position tag (OFEN stands for it). */
static const char *const roster2[] = {"Event", "Site",	 "Date",
				      "Round", "White",	 "Black",
				      "Result", "Variant", "OFEN",  NULL};
static const char *const roster3[] = {"Event", "Site",	 "Date",  "Round",
				      "Army1", "Army2",	 "Army3", "Result",
				      "Variant", "OFEN", NULL};

static const char *const *roster_of(const struct ob_game *g)
{
	return g->variant && ob_armies(g->variant) > 2 ? roster3 : roster2;
}

/* The roster's name, with OFEN standing for the variant's position tag. */
static const char *roster_name(const struct ob_game *g, const char *name)
{
	return strcmp(name, "OFEN") == 0 ? ob_position_tag(g->variant) : name;
}

static bool in_roster(const struct ob_game *g, const char *name)
{
	for (const char *const *r = roster_of(g); *r; r++)
		if (strcmp(roster_name(g, *r), name) == 0)
			return true;
	return false;
}

static int by_tag_name(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;
	int c = strcmp(x[0], y[0]);
	if (c)
		return c;
	return x[2] < y[2] ? -1 : x[2] > y[2]; /* original order */
}

static void write_tags(struct writer *w, const struct ob_game *g)
{
	for (const char *const *r = roster_of(g); *r; r++) {
		const char *name = roster_name(g, *r);
		const char *value = ob_game_tag(g, name);
		char ofen[OB_OFEN_MAX];
		if (strcmp(name, "Result") == 0) {
			value = g->termination[0] ? g->termination : "*";
		} else if (strcmp(name, "Variant") == 0) {
			if (g->variant &&
			    (value || g->variant != ob_variant_default()))
				value = g->variant->tag_name;
		} else if (strcmp(*r, "OFEN") == 0 && value) {
			ob_ofen_write(&g->start, ofen);
			value = ofen;
		}
		if (value)
			write_tag(w, name, value);
	}
	/* The others by name, the first of each name only. */
	const char *(*rest)[3] = malloc(((size_t)g->ntags + 1) * sizeof *rest);
	if (!rest)
		return;
	int n = 0;
	for (int i = 0; i < g->ntags; i++) {
		const char *name = g->text + g->tags[i].name;
		if (in_roster(g, name) || g->tags[i].repeated)
			continue;
		rest[n][0] = name;
		rest[n][1] = g->text + g->tags[i].value;
		rest[n][2] = (const char *)&g->tags[i];
		n++;
	}
	qsort(rest, (size_t)n, sizeof *rest, by_tag_name);
	for (int i = 0; i < n; i++)
		write_tag(w, rest[i][0], rest[i][1]);
	free(rest);
}

/* A trailing glyph of a move as written, as its NAG (0: none). */
static int trailing_glyph(const char *text)
{
	size_t n = strlen(text), k = 0;
	while (k < n && k < 2 &&
	       (text[n - 1 - k] == '!' || text[n - 1 - k] == '?'))
		k++;
	return k ? glyph_nag(text + n - k, k) : 0;
}

enum ob_status ob_ogn_write(FILE *out, const struct ob_game *g)
{
	struct writer *w = malloc(sizeof *w);
	int narmies = g->variant ? ob_armies(g->variant) : 2;
	int last_army = -1; /* of the move before, on the same line */
	const char *prefix = "";
	bool need_number = true; /* a line of play starts or goes on */

	if (!w)
		return OB_ERR_NO_MEMORY;
	w->out = out;
	w->col = 0;
	w->n = 0;
	write_tags(w, g);
	emit_char(w, '\n');
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		switch (t->type) {
		case OB_TOKEN_MOVE: {
			/* "12." before army 1's move; "12..." before another
			 * army's where a reader needs it: where a line of play
			 * starts or goes on after a comment or variation, and
			 * where the turn skips an army that is out of the game
			 * (the order is no longer 1, 2, 3 there) */
			bool skip = last_army >= 0 &&
				    t->army != (last_army + 1) % narmies;
			if (t->army == 0 || need_number || skip) {
				/* one unit: no number ends a line */
				char pair[24 + sizeof t->canonical];
				int n = snprintf(pair, sizeof pair, "%d%s %s",
						 t->fullmove,
						 t->army == 0 ? "." : "...",
						 t->canonical);
				unit(w, &prefix, pair, (size_t)n);
			} else {
				unit_str(w, &prefix, t->canonical);
			}
			int nag = trailing_glyph(g->text + t->text);
			if (nag)
				unit_number(w, &prefix, "$", nag, "");
			need_number = false;
			last_army = t->army;
			break;
		}
		case OB_TOKEN_NAG:
			unit_number(w, &prefix, "$", t->nag, "");
			break;
		case OB_TOKEN_COMMENT:
			write_comment(w, &prefix, g->text + t->text);
			need_number = true;
			break;
		case OB_TOKEN_OPEN:
			prefix = "(";
			need_number = true;
			break;
		case OB_TOKEN_CLOSE:
			if (w->col + 1 > WRAP) {
				emit_char(w, '\n');
				w->col = 0;
			}
			emit_char(w, ')');
			w->col++;
			need_number = true;
			break;
		}
	}
	unit_str(w, &prefix, g->termination[0] ? g->termination : "*");
	emit(w, "\n\n", 2);
	flush(w);
	free(w);
	return ferror(out) ? OB_ERR_IO : OB_OK;
}
