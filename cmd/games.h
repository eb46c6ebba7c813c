/*
 * Reading OGN collections for the tools that check every game: games in
 * batches, checked on N worker threads (cmd/pool.c) and handed back in
 * input order, with a bounded number of bytes in flight; with one thread
 * a batch is one game.
 */
#ifndef OB_CMD_GAMES_H
#define OB_CMD_GAMES_H

#include <stdbool.h>

#include "buf.h"
#include "oblique.h"

#define GAMES_BATCH 32

/* Games read together, and what a worker made of them. */
struct game_batch {
	struct ob_game games[GAMES_BATCH];
	int n;
	size_t bytes;      /* of the games, with threads (games.c) */
	const char *name;  /* the file's, for diagnostics */
	int input;         /* the file's index among the paths (0: stdin) */
	struct buf out;    /* for standard output, by done() */
	struct buf diag;   /* for standard error, in order, after done() */
	bool invalid;      /* a game was invalid: exit status 1 */
	/* Where each game's part of out ends, and the variant its positions
	 * are in (NULL: none written); for the caller's use. */
	size_t out_end[GAMES_BATCH];
	const struct ob_variant *variant[GAMES_BATCH];
};

/* On a worker thread (0 to jobs - 1): check and handle b's games. */
typedef void games_check_fn(struct game_batch *b, int worker, void *arg);
/* On the reading thread, batch after batch in input order. */
typedef void games_done_fn(struct game_batch *b, void *arg);

/*
 * Reads the games of the paths (standard input when npaths is 0, or "-")
 * on jobs threads; a progress line counts them on a terminal.  Returns
 * the exit status: 1 if a batch was invalid, 2 if an input could not be
 * read (after saying so).
 */
int games_read(char *const *paths, int npaths, int jobs,
	       games_check_fn *check, games_done_fn *done, void *arg);

/* Appends "prog: FILE:LINE:COL: game N, ply P (MOVE): reason" lines for
 * each of g's errors. */
void games_diagnostics(struct buf *diag, const char *name,
		       const struct ob_game *g);

#endif
