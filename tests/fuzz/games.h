/* Shared by the OGN harnesses: every game of an input, through the
 * streaming reader.  Include it first, for fmemopen. */
#ifndef OB_FUZZ_GAMES_H
#define OB_FUZZ_GAMES_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>

#include "fuzz.h"
#include "oblique.h"

/*
 * Reads every game of data and calls each(g) on it; then checks that
 * every problem recorded names a place and a reason, and, at the end,
 * that the reader stopped cleanly after at most one game per byte.
 */
static inline void fuzz_each_game(const uint8_t *data, size_t size,
				   void (*each)(struct ob_game *g))
{
	if (size == 0)
		return;
	FILE *f = fmemopen((void *)data, size, "rb");
	if (!f)
		return;
	struct ob_ogn_reader *r = ob_ogn_open(f);
	FUZZ_ASSERT(r != NULL);
	struct ob_game g;
	struct ob_error err;
	ob_game_init(&g);
	int got, games = 0;
	while ((got = ob_ogn_next(r, &g, &err)) > 0) {
		FUZZ_ASSERT(++games <= (int)size + 1);
		FUZZ_ASSERT(g.index == games);
		each(&g);
		for (int i = 0; i < g.nerrors; i++) {
			FUZZ_ASSERT(g.errors[i].line >= 1);
			FUZZ_ASSERT(g.errors[i].column >= 1);
			FUZZ_ASSERT(g.errors[i].reason[0] != '\0');
		}
	}
	FUZZ_ASSERT(got == 0);
	FUZZ_ASSERT(ob_ogn_next(r, &g, &err) == 0);
	ob_game_free(&g);
	ob_ogn_close(r);
	fclose(f);
}

#endif
