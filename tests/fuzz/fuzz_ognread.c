/*
 * Fuzzes the OGN reader alone (fuzz_ogn.c also replays, normalises and
 * re-reads, at a hundredth of the speed).  Invariants: nothing crashes or
 * hangs; the reader ends; a broken game has errors, and a game that is not
 * has none but those of its end (no marker, an open variation);
 * every error names a place; the game stays within its limits; tags and
 * tokens point into the game's text, in the order written, with
 * variations that open and close in step.
 */
#include "games.h"

#include <string.h>

/* A NUL-terminated string starting at offset in g's text. */
static void check_string(const struct ob_game *g, size_t offset)
{
	FUZZ_ASSERT(offset < g->text_len);
	FUZZ_ASSERT(memchr(g->text + offset, '\0', g->text_len - offset));
}

static void check_tags(const struct ob_game *g)
{
	for (int i = 0; i < g->ntags; i++) {
		const struct ob_tag *t = &g->tags[i];
		check_string(g, t->name);
		check_string(g, t->value);
		FUZZ_ASSERT(g->text[t->name] != '\0');
		FUZZ_ASSERT(t->line >= g->line && t->column >= 1);
		FUZZ_ASSERT(t->value_column > t->column);
		FUZZ_ASSERT(i == 0 || t->line > g->tags[i - 1].line);
	}
}

static void check_tokens(const struct ob_game *g)
{
	int depth = 0;
	long line = 0, column = 0;
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		FUZZ_ASSERT(t->line >= 1 && t->column >= 1);
		/* (a stray UTF-8 continuation byte starts no character, so
		 * a token of one shares the column of the one before) */
		FUZZ_ASSERT(t->line > line ||
			    (t->line == line && t->column >= column));
		line = t->line;
		column = t->column;
		switch (t->type) {
		case OB_TOKEN_MOVE:
			check_string(g, t->text);
			FUZZ_ASSERT(g->text[t->text] != '\0');
			FUZZ_ASSERT(t->ply >= 1 && t->ply <= OB_OGN_PLIES_MAX);
			FUZZ_ASSERT(t->depth == depth);
			break;
		case OB_TOKEN_COMMENT:
			check_string(g, t->text);
			FUZZ_ASSERT(t->depth == depth);
			break;
		case OB_TOKEN_NAG:
			FUZZ_ASSERT(t->nag >= 0 && t->nag <= 255);
			FUZZ_ASSERT(t->depth == depth);
			break;
		case OB_TOKEN_OPEN:
			FUZZ_ASSERT(t->depth == ++depth);
			FUZZ_ASSERT(depth <= OB_OGN_DEPTH_MAX);
			break;
		case OB_TOKEN_CLOSE:
			FUZZ_ASSERT(depth >= 1 && t->depth == depth--);
			break;
		default:
			FUZZ_ASSERT(!"a token of no known type");
		}
	}
	/* A game whole but for its end (no marker, or ( left open) keeps
	 * its tokens, so that its moves are still checked: its only
	 * problems are those. */
	if (!g->broken && g->nerrors == 0) {
		FUZZ_ASSERT(depth == 0);
		FUZZ_ASSERT(g->termination[0] != '\0');
	}
	if (!g->broken && (depth != 0 || g->termination[0] == '\0'))
		FUZZ_ASSERT(g->nerrors > 0);
	if (!g->broken)
		for (int i = 0; i < g->nerrors; i++)
			FUZZ_ASSERT(g->errors[i].status ==
					    OB_ERR_OGN_NO_TERMINATION ||
				    g->errors[i].status == OB_ERR_OGN_VARIATION);
}

static void each(struct ob_game *g)
{
	FUZZ_ASSERT(g->line >= 1 && g->column >= 1);
	FUZZ_ASSERT(!g->broken || g->nerrors > 0);
	FUZZ_ASSERT(g->ntags + g->ntokens <= OB_OGN_TOKENS_MAX);
	FUZZ_ASSERT(g->text_len <= OB_OGN_GAME_BYTES_MAX);
	check_tags(g);
	check_tokens(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_each_game(data, size, each);
	return 0;
}
