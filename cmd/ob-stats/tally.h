/* ob-stats figures: exact counts per group, games tallied, groups added. */
#ifndef OB_STATS_TALLY_H
#define OB_STATS_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "oblique.h"
#include "strmap.h"

/* Results in the order of the report: 1-0, 0-1, 1/2-1/2, *. */
#define NRESULTS 4
extern const char *const result_marker[NRESULTS];
extern const char *const result_label[NRESULTS];

/* Terminations in the order of the report. */
#define NENDS 5
extern const char *const end_label[NENDS];

/* Phases of a game for the branching factor, by the ply about to be
 * played: 1-20, 21-60, 61 on. */
#define NPHASES 3
extern const char *const phase_label[NPHASES];

#define NLETTERS 26 /* piece figures are kept by letter, A-Z */
#define MAX_LEVELS 8
#define MAX_VARIANTS 16

struct kind_figures {
	uint64_t moves, captures, captured, checks, mates, promotions;
};

struct opening {
	uint64_t results[NRESULTS];
};

struct group {
	uint64_t games, invalid;
	unsigned variants; /* bit i: ob_variants()[i] played in a valid game */
	uint64_t results[NRESULTS];
	uint64_t ends[NENDS];
	uint64_t *lengths; /* lengths[k]: valid games of k plies */
	size_t nlengths;
	uint64_t plies;
	struct kind_figures kinds[NLETTERS];
	uint64_t castlings, guardings, en_passant;
	uint64_t positions[NPHASES], legal[NPHASES];
	uint64_t levels[MAX_LEVELS];
	struct strmap openings; /* sequence text -> struct opening */
};

struct stats {
	struct strmap groups; /* tag value ("" without --by) -> group */
	/* moves ending on each cell, by the index of the game's variant */
	uint64_t cells[MAX_VARIANTS][OB_MAX_CELLS];
};

/* What each variant's tables mean to the figures (known_init). */
struct known_variants {
	int count;
	const struct ob_variant *list[MAX_VARIANTS];
	int8_t letter[MAX_VARIANTS][OB_MAX_KINDS]; /* kind -> letter - 'A' */
	int8_t level[MAX_VARIANTS][OB_MAX_CELLS];  /* cell -> level, or -1 */
	int levels[MAX_VARIANTS];                  /* 0: a flat board */
};

extern struct known_variants known;

/* Fills known from ob_variants(); before anything is tallied or read. */
void known_init(void);
/* The index of v in known.list (0 for a variant not there). */
int variant_index(const struct ob_variant *v);

/* The group of a tag value, created empty when missing. */
struct group *stats_group(struct stats *st, const char *value);
/* Adds count games of the given length (plies) to a group's histogram. */
bool lengths_add(struct group *g, size_t length, uint64_t count);
/* Adds the figures of from to those of to; false when a count passes
 * 2^64 - 1 (it wraps), which only a partial state can make happen. */
bool group_merge(struct group *to, const struct group *from);
bool stats_merge(struct stats *to, const struct stats *from);
/* Frees what a group holds (not the group itself). */
void group_free(void *p);
void stats_free(struct stats *st);

/* The variants of the valid games of every group: bit i for
 * known.list[i]. */
unsigned stats_variants(const struct stats *st);

/*
 * The variant whose board the cells are on: the first in known.list of
 * the valid games' variants, -V's when there is none; NULL (after
 * writing their names to mix) when the games are on several boards.
 */
const struct ob_variant *stats_board(const struct stats *st, struct buf *mix);

/* The moves ending on each cell of board's board, over the variants
 * played on it. */
void stats_cells(const struct stats *st, const struct ob_variant *board,
		 uint64_t cells[OB_MAX_CELLS]);

/* Checks a game and counts it; its diagnostics go to diag.  false when
 * the game is invalid. */
bool tally_game(struct stats *st, struct ob_game *g, const char *name,
		struct buf *diag);

#endif
