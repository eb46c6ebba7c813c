/* The tag names of one game as a hash set; see tagnames.h. */
#include "tagnames.h"

#include <stdlib.h>
#include <string.h>

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static const char *name_of(const struct ob_game *g, int i)
{
	return g->text + g->tags[i].name;
}

/* The slot of tag i's name: the one holding it, or the free one where it
 * goes. */
static struct tagnames_slot *find(const struct tagnames *s,
				  const struct ob_game *g, int i)
{
	const char *name = name_of(g, i);
	size_t mask = s->cap - 1;
	for (size_t j = hash_name(name) & mask;; j = (j + 1) & mask) {
		struct tagnames_slot *slot = &s->slots[j];
		if (slot->game != s->game ||
		    strcmp(name_of(g, slot->tag), name) == 0)
			return slot;
	}
}

void tagnames_clear(struct tagnames *s)
{
	s->count = 0;
	if (++s->game == 0) {
		/* every slot's mark could be taken for this game's */
		if (s->slots)
			memset(s->slots, 0, s->cap * sizeof *s->slots);
		s->game = 1;
	}
}

/* Doubles the table, holding again the first tag of each name before
 * tag i. */
static bool grow(struct tagnames *s, const struct ob_game *g, int i)
{
	size_t cap = s->cap ? 2 * s->cap : 64;
	struct tagnames_slot *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return false;
	free(s->slots);
	s->slots = slots;
	s->cap = cap;
	s->game = 1;
	for (int k = 0; k < i; k++)
		if (!g->tags[k].repeated)
			*find(s, g, k) = (struct tagnames_slot){1, k};
	return true;
}

int tagnames_add(struct tagnames *s, const struct ob_game *g, int i)
{
	if (2 * ((size_t)s->count + 1) > s->cap && !grow(s, g, i))
		return -1;
	struct tagnames_slot *slot = find(s, g, i);
	if (slot->game == s->game)
		return 1;
	*slot = (struct tagnames_slot){s->game, i};
	s->count++;
	return 0;
}

void tagnames_free(struct tagnames *s)
{
	free(s->slots);
	memset(s, 0, sizeof *s);
}
