/*
 * Fuzzes the OGN reader and the game validator.  Invariants: nothing
 * crashes or hangs; every error names a place; and any game that validates
 * writes out in canonical form, reads back as one valid game, and writes
 * out the same again (normalise-then-validate succeeds).
 */
#include "games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Canonical text of a game checked with OB_CHECK_CANONICAL; malloc'd. */
static char *normalise(const struct ob_game *g, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	FUZZ_ASSERT(m != NULL);
	FUZZ_ASSERT(ob_ogn_write(m, g) == OB_OK);
	FUZZ_ASSERT(fclose(m) == 0);
	return buf;
}

static void round_trip(const char *text, size_t len)
{
	FILE *f = fmemopen((void *)text, len, "rb");
	FUZZ_ASSERT(f != NULL);
	struct ob_ogn_reader *r = ob_ogn_open(f);
	struct ob_game g;
	struct ob_error err;
	ob_game_init(&g);
	FUZZ_ASSERT(ob_ogn_next(r, &g, &err) == 1);
	FUZZ_ASSERT(!g.broken);
	FUZZ_ASSERT(ob_game_check(&g, ob_variant_default(),
				  OB_CHECK_CANONICAL) == OB_OK);
	size_t again_len;
	char *again = normalise(&g, &again_len);
	FUZZ_ASSERT(again_len == len && memcmp(again, text, len) == 0);
	free(again);
	FUZZ_ASSERT(ob_ogn_next(r, &g, &err) == 0);
	ob_game_free(&g);
	ob_ogn_close(r);
	fclose(f);
}

static void each(struct ob_game *g)
{
	if (g->broken ||
	    ob_game_check(g, ob_variant_default(), OB_CHECK_CANONICAL) != OB_OK)
		return;
	FUZZ_ASSERT(g->nerrors == 0);
	size_t len;
	char *text = normalise(g, &len);
	round_trip(text, len);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_each_game(data, size, each);
	return 0;
}
