/*
 * The storage of one game record (struct ob_game): its text, tags, tokens
 * and problems, grown as the reader fills them and kept between games.
 */
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void record_free(struct ob_game *g)
{
	free(g->text);
	free(g->tags);
	free(g->tokens);
	free(g->errors);
}

void record_reset(struct ob_game *g)
{
	g->index = 0;
	g->line = g->column = 0;
	g->ntags = g->ntokens = g->nerrors = 0;
	g->text_len = 0;
	g->termination[0] = '\0';
	g->term_line = g->term_column = 0;
	g->broken = false;
	g->variant = NULL;
	g->plies = 0;
	g->moves_checked = 0;
	g->end = OB_END_NONE;
}

int record_text_reserve(struct ob_game *g, size_t n)
{
	if (g->text_len + n + 1 <= g->text_cap)
		return RECORD_OK;
	if (g->text_len + n + 1 > OB_OGN_GAME_BYTES_MAX)
		return RECORD_TOO_MANY_BYTES;
	size_t cap = g->text_cap ? g->text_cap : 4096;
	while (cap < g->text_len + n + 1)
		cap *= 2;
	if (cap > OB_OGN_GAME_BYTES_MAX)
		cap = OB_OGN_GAME_BYTES_MAX;
	char *p = realloc(g->text, cap);
	if (!p)
		return RECORD_NO_MEMORY;
	g->text = p;
	g->text_cap = cap;
	return RECORD_OK;
}

int record_text_add(struct ob_game *g, const char *s, size_t n, size_t *offset)
{
	int st = record_text_reserve(g, n);
	if (st)
		return st;
	*offset = g->text_len;
	memcpy(g->text + g->text_len, s, n);
	g->text_len += n;
	g->text[g->text_len++] = '\0';
	return RECORD_OK;
}

/* Grows an array of elements of size `size` to hold one more. */
static bool grow(void **items, int *cap, int count, size_t size)
{
	if (count < *cap)
		return true;
	int ncap = *cap ? *cap * 2 : 64;
	void *p = realloc(*items, (size_t)ncap * size);
	if (!p)
		return false;
	*items = p;
	*cap = ncap;
	return true;
}

/* Room for one more tag or token in *items: RECORD_OK or why not.  The
 * limit is a power of two and so is every capacity, so no list is ever
 * allocated for more than OB_OGN_TOKENS_MAX entries. */
static int grow_counted(const struct ob_game *g, void **items, int *cap,
			int count, size_t size)
{
	_Static_assert((OB_OGN_TOKENS_MAX & (OB_OGN_TOKENS_MAX - 1)) == 0 &&
			       OB_OGN_TOKENS_MAX >= 64,
		       "list capacities double from 64 up to the limit");
	if (g->ntags + g->ntokens >= OB_OGN_TOKENS_MAX)
		return RECORD_TOO_MANY_TOKENS;
	return grow(items, cap, count, size) ? RECORD_OK : RECORD_NO_MEMORY;
}

int record_token_add(struct ob_game *g, struct ob_token **t)
{
	void *items = g->tokens;
	int st = grow_counted(g, &items, &g->tokens_cap, g->ntokens,
			      sizeof *g->tokens);
	if (st)
		return st;
	g->tokens = items;
	*t = &g->tokens[g->ntokens++];
	memset(*t, 0, offsetof(struct ob_token, canonical) + 1);
	return RECORD_OK;
}

int record_tag_add(struct ob_game *g, struct ob_tag **t)
{
	void *items = g->tags;
	int st = grow_counted(g, &items, &g->tags_cap, g->ntags,
			      sizeof *g->tags);
	if (st)
		return st;
	g->tags = items;
	*t = &g->tags[g->ntags++];
	memset(*t, 0, sizeof **t);
	return RECORD_OK;
}

bool record_error_add(struct ob_game *g, enum ob_status status, long line,
		   long column, int ply, const char *move, const char *fmt,
		   ...)
{
	if (g->nerrors >= RECORD_ERRORS_MAX)
		return true;
	void *items = g->errors;
	if (!grow(&items, &g->errors_cap, g->nerrors, sizeof *g->errors))
		return false;
	g->errors = items;
	struct ob_game_error *e = &g->errors[g->nerrors++];
	e->status = status;
	e->line = line;
	e->column = column;
	e->ply = ply;
	snprintf(e->move, sizeof e->move, "%s", move ? move : "");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->reason, sizeof e->reason, fmt, ap);
	va_end(ap);
	return true;
}

const char *ob_game_tag(const struct ob_game *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (strcmp(g->text + g->tags[i].name, name) == 0)
			return g->text + g->tags[i].value;
	return NULL;
}
