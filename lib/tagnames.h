/*
 * Private to the library: the tag names a game has had so far, for the
 * reader (ogn.c) to mark each tag that repeats an earlier name in one
 * step, so that a game of many tags is read in time linear in them.
 */
#ifndef OB_TAGNAMES_H
#define OB_TAGNAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oblique.h"

/* {0} is an empty set.  It keeps its table from game to game. */
struct tagnames {
	struct tagnames_slot {
		uint32_t game; /* the game it belongs to; other: a free slot */
		int32_t tag;   /* the first tag of its name, in g->tags */
	} *slots;
	size_t cap; /* a power of two, or 0 */
	uint32_t game;
	int count;
};

/* Empties the set for a new game, in constant time. */
void tagnames_clear(struct tagnames *s);
/* Adds the name of tag i of g (each tag before it having been added): 1
 * when an earlier tag had the name, 0 when not, -1 when out of memory. */
int tagnames_add(struct tagnames *s, const struct ob_game *g, int i);
void tagnames_free(struct tagnames *s);

#endif
