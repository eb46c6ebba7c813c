/* ob-stats figures: exact counts per group, games tallied, groups added. */
#ifndef OB_STATS_TALLY_H
#define OB_STATS_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "digest.h"
#include "oblique.h"
#include "strmap.h"

/* Results in the order of the report: two armies' 1-0, 0-1, 1/2-1/2
 * (the first NRESULTS2), three armies' 1-0-0, 0-1-0, 0-0-1, 1/2-1/2-0,
 * 1/2-0-1/2, 0-1/2-1/2, 1/3-1/3-1/3, and * of either. */
#define NRESULTS 11
#define NRESULTS2 3
#define RESULT_DRAW 2 /* 1/2-1/2 */
#define RESULT_UNFINISHED (NRESULTS - 1)
extern const char *const result_marker[NRESULTS];
/* Is result r one of three armies (else of two, or *)? */
bool result_of_three(int r);
/* Army a's score in result r, in sixths: 6 a win, 3 or 2 a share of a
 * draw, 0 a loss or *. */
int result_score(int r, int a);

/* Terminations in the order of the report: checkmate, the far-corner
 * win, the last army left, stalemate, insufficient material, threefold
 * repetition, 100 half-moves, none. */
#define NENDS 8
#define END_CHECKMATE 0
#define END_FAR_CORNER 1
#define END_LAST_ARMY 2
#define END_INSUFFICIENT 4
extern const char *const end_label[NENDS];
/* The library's end of termination i. */
enum ob_game_end end_order_of(int i);

/* Phases of a game for the branching factor, by the ply about to be
 * played: 1-20, 21-60, 61 on. */
#define NPHASES 3
extern const char *const phase_label[NPHASES];

/* Piece figures are kept by the name a move writes its piece with: a
 * letter A-Z, or a two-letter code (Plattraum's "Gd"). */
#define MAX_PIECES 64
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
	/* by_result[k * NRESULTS + r]: those of the games of k plies that
	 * ended in result r; unsplit: the valid games whose lengths were
	 * not kept by result (counted by a partial state of version 4 or
	 * before), whose group has no lengths by result */
	uint64_t *by_result;
	uint64_t unsplit;
	size_t nlengths;
	uint64_t plies;
	struct kind_figures kinds[MAX_PIECES]; /* by known.piece_name */
	uint64_t castlings, guardings, en_passant, swaps;
	uint64_t positions[NPHASES], legal[NPHASES];
	uint64_t levels[MAX_LEVELS];
	/* Three armies: eliminated[a][b], army a eliminated by army b (for
	 * an army left without a legal move, the army that moved then);
	 * no_move[a], army a eliminated without a legal move. */
	uint64_t eliminated[OB_MAX_ARMIES][OB_MAX_ARMIES];
	uint64_t no_move[OB_MAX_ARMIES];
	struct strmap openings; /* sequence text -> struct opening */
};

/* An input whose games are counted (see digest.h). */
struct input {
	uint64_t games; /* its games */
	uint64_t times; /* how often they are counted */
	/* the partial state it was first read from, and that state's number
	 * (stats.states when it was read); NULL: counted in this run */
	const char *state;
	unsigned from;
};

struct stats {
	struct strmap groups; /* tag value ("" without --by) -> group */
	/* moves ending on each cell, by the index of the game's variant */
	uint64_t cells[MAX_VARIANTS][OB_MAX_CELLS];
	/* the inputs counted: digest (DIGEST_HEX digits) -> struct input */
	struct strmap inputs;
	unsigned states; /* the partial states read into these figures */
};

/* What each variant's tables mean to the figures (known_init). */
struct known_variants {
	int count;
	const struct ob_variant *list[MAX_VARIANTS];
	/* the names pieces are kept by, in byte order: the letters A-Z and
	 * the codes of the variants ("A", "B", "C", "Cp", "D", "Ds", ...) */
	int npieces;
	char piece_name[MAX_PIECES][4];
	bool cannon[MAX_PIECES]; /* the name of a cannon (OB_CANNON) */
	int8_t piece[MAX_VARIANTS][OB_MAX_KINDS]; /* kind -> piece name */
	int8_t level[MAX_VARIANTS][OB_MAX_CELLS];  /* cell -> level, or -1 */
	int levels[MAX_VARIANTS];                  /* 0: a flat board */
};

extern struct known_variants known;

/* Fills known from ob_variants(); before anything is tallied or read. */
void known_init(void);
/* The index of v in known.list (0 for a variant not there). */
int variant_index(const struct ob_variant *v);
/* The index of a piece name in known.piece_name, or -1. */
int piece_index(const char *name);

/* What the variants played have (bit i of variants for known.list[i]). */
struct rules {
	bool castling, guarding, en_passant, swap; /* special moves */
	bool cannon;     /* a kind with a cannon's motion */
	bool far_corner; /* the far-corner win */
	bool insufficient; /* the draw by insufficient material */
	int numbered;    /* how many number their armies 1 and 2 (Plattraum,
			    which writes kinds as codes), how many do not */
	int lettered;
	bool two, three; /* a variant of two armies, of three */
};
struct rules rules_of(unsigned variants);

/* Counts the games of an input (d->games of them, at least one) once
 * more. */
void stats_input(struct stats *st, const struct digest *d);
/* The group of a tag value, created empty when missing. */
struct group *stats_group(struct stats *st, const char *value);
/* Adds count games of the given length (plies) to a group's histogram. */
bool lengths_add(struct group *g, size_t length, uint64_t count);
/* Adds count games of the given length that ended in result r to the
 * group's lengths by result (not to its histogram). */
bool lengths_add_result(struct group *g, size_t length, int r,
			uint64_t count);
/* A count that would pass 2^64 - 1: the member of a partial state that
 * holds it (ob-stats-partial(5)), the sum so far and the count added. */
struct overflow {
	const char *member;
	uint64_t sum, added;
};
/*
 * Adds the figures of from to those of to; false (the first count that
 * would pass 2^64 - 1 in *o, when o is not NULL) when a count, or a sum
 * of counts the report makes (group_sums), would pass 2^64 - 1, which
 * only partial states can make happen.
 */
bool group_merge(struct group *to, const struct group *from,
		 struct overflow *o);
bool stats_merge(struct stats *to, const struct stats *from);
/* Do the sums of a group's counts that the report makes and no check of
 * a partial state bounds stay within 2^64 - 1 (the eliminations, the
 * legal moves of all phases)?  If not, *o says where. */
bool group_sums(const struct group *g, struct overflow *o);
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
