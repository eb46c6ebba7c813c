/*
 * Perft work units: the distinct positions some plies below a position,
 * with the number of move paths reaching each, in an open-addressing
 * table keyed on the whole state.
 */
#include "oblique.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* One distinct position, packed: everything perft depends on, and the
 * clocks of the first path for writing it out. */
struct entry {
	uint64_t key; /* ob_position_full_key */
	uint64_t paths;
	const struct ob_variant *variant;
	int32_t halfmove_clock, fullmove_number;
	uint16_t rights;
	int8_t side, ep_cell, ep_victim;
	ob_piece board[OB_MAX_CELLS];
};

struct ob_split {
	size_t max_bytes;
	struct entry *entries; /* in the order first reached */
	size_t count, capacity;
	uint32_t *slots; /* index + 1 into entries; 0 is empty */
	size_t nslots;   /* a power of two, at least twice count */
};

_Static_assert(sizeof(struct entry) + 2 * sizeof(uint32_t) <=
		       OB_SPLIT_ENTRY_BYTES,
	       "OB_SPLIT_ENTRY_BYTES must cover an entry and its slots");

struct ob_split *ob_split_new(size_t max_bytes)
{
	struct ob_split *s = calloc(1, sizeof *s);
	if (s)
		s->max_bytes = max_bytes;
	return s;
}

void ob_split_free(struct ob_split *s)
{
	if (!s)
		return;
	free(s->entries);
	free(s->slots);
	free(s);
}

size_t ob_split_count(const struct ob_split *s)
{
	return s->count;
}

static size_t bytes_for(size_t capacity, size_t nslots)
{
	return capacity * sizeof(struct entry) + nslots * sizeof(uint32_t);
}

static bool same_state(const struct entry *e, const struct ob_position *pos)
{
	return e->key == ob_position_full_key(pos) && e->side == pos->side &&
	       e->rights == pos->rights && e->ep_cell == pos->ep_cell &&
	       e->variant == pos->variant &&
	       memcmp(e->board, pos->board, sizeof e->board) == 0;
}

/* Doubles the slot array and re-files every entry: OB_ERR_SPLIT_FULL
 * past the table's limit, OB_ERR_NO_MEMORY when the allocation fails. */
static enum ob_status grow_slots(struct ob_split *s)
{
	size_t n = s->nslots ? s->nslots * 2 : 1024;
	if (bytes_for(s->capacity, n) > s->max_bytes || n > UINT32_MAX)
		return OB_ERR_SPLIT_FULL;
	uint32_t *slots = calloc(n, sizeof *slots);
	if (!slots)
		return OB_ERR_NO_MEMORY;
	for (size_t i = 0; i < s->count; i++) {
		size_t h = (size_t)s->entries[i].key & (n - 1);
		while (slots[h])
			h = (h + 1) & (n - 1);
		slots[h] = (uint32_t)(i + 1);
	}
	free(s->slots);
	s->slots = slots;
	s->nslots = n;
	return OB_OK;
}

/* Room for more entries (the same statuses as grow_slots). */
static enum ob_status grow_entries(struct ob_split *s)
{
	size_t n = s->capacity ? s->capacity * 2 : 512;
	if (bytes_for(n, s->nslots) > s->max_bytes) {
		/* The last step up to exactly what the limit allows. */
		size_t room = s->max_bytes - s->nslots * sizeof(uint32_t);
		n = room / sizeof(struct entry);
		if (n <= s->capacity)
			return OB_ERR_SPLIT_FULL;
	}
	struct entry *e = realloc(s->entries, n * sizeof *e);
	if (!e)
		return OB_ERR_NO_MEMORY;
	s->entries = e;
	s->capacity = n;
	return OB_OK;
}

/* The slot of pos, or of the empty slot where it would go. */
static size_t find_slot(const struct ob_split *s, const struct ob_position *pos,
			uint64_t key)
{
	size_t h = (size_t)key & (s->nslots - 1);
	while (s->slots[h] && !same_state(&s->entries[s->slots[h] - 1], pos))
		h = (h + 1) & (s->nslots - 1);
	return h;
}

static enum ob_status record(struct ob_split *s, const struct ob_position *pos,
			     uint64_t paths)
{
	uint64_t key = ob_position_full_key(pos);
	enum ob_status st;
	if (s->nslots == 0 && (st = grow_slots(s)) != OB_OK)
		return st;
	size_t h = find_slot(s, pos, key);
	if (s->slots[h]) { /* a merge never needs more memory */
		s->entries[s->slots[h] - 1].paths += paths;
		return OB_OK;
	}
	if ((s->count + 1) * 2 > s->nslots) {
		if ((st = grow_slots(s)) != OB_OK)
			return st;
		h = find_slot(s, pos, key);
	}
	if (s->count == s->capacity && (st = grow_entries(s)) != OB_OK)
		return st;
	struct entry *e = &s->entries[s->count];
	e->key = key;
	e->paths = paths;
	e->variant = pos->variant;
	e->halfmove_clock = pos->halfmove_clock;
	e->fullmove_number = pos->fullmove_number;
	e->rights = (uint16_t)pos->rights;
	e->side = (int8_t)pos->side;
	e->ep_cell = (int8_t)pos->ep_cell;
	e->ep_victim = (int8_t)pos->ep_victim;
	memcpy(e->board, pos->board, sizeof e->board);
	s->slots[h] = (uint32_t)++s->count;
	return OB_OK;
}

static enum ob_status walk(struct ob_split *s, struct ob_position *pos,
			   int plies, uint64_t multiplicity)
{
	if (plies == 0)
		return record(s, pos, multiplicity);
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		ob_make(pos, moves[i], &u);
		enum ob_status st = walk(s, pos, plies - 1, multiplicity);
		ob_unmake(pos, moves[i], &u);
		if (st != OB_OK)
			return st;
	}
	return OB_OK;
}

enum ob_status ob_split_add(struct ob_split *s, const struct ob_position *pos,
			    int plies, uint64_t multiplicity)
{
	struct ob_position scratch = *pos;
	return walk(s, &scratch, plies, multiplicity);
}

void ob_split_each(const struct ob_split *s,
		   void (*fn)(const struct ob_position *pos, uint64_t paths,
			      void *arg),
		   void *arg)
{
	for (size_t i = 0; i < s->count; i++) {
		const struct entry *e = &s->entries[i];
		struct ob_position pos;
		ob_position_clear(&pos, e->variant);
		for (int c = 0; c < e->variant->tables->ncells; c++)
			if (e->board[c] != OB_EMPTY)
				ob_position_put(&pos, c, e->board[c]);
		pos.side = e->side;
		pos.rights = e->rights;
		pos.ep_cell = e->ep_cell;
		pos.ep_victim = e->ep_victim;
		pos.halfmove_clock = e->halfmove_clock;
		pos.fullmove_number = e->fullmove_number;
		pos.key = ob_position_compute_key(&pos);
		fn(&pos, e->paths, arg);
	}
}
