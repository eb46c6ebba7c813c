/* Games read in batches and checked on worker threads; see games.h. */
#define _GNU_SOURCE
#include "games.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"
#include "util.h"

struct reader {
	struct pool *pool; /* NULL: checked on the reading thread */
	struct game_batch *batches; /* batches[k % nbatches]: k-th read */
	long nbatches, submitted;
	games_check_fn *check;
	games_done_fn *done;
	void *arg;
};

struct work {
	games_check_fn *check;
	void *arg;
};

static void check_batch(void *item, int worker, void *arg)
{
	struct work *w = arg;
	w->check(item, worker, w->arg);
}

/* Hands a checked batch back: its output, then its diagnostics. */
static int finish_batch(struct reader *rd, struct game_batch *b)
{
	rd->done(b, rd->arg);
	if (b->diag.len) {
		util_progress_clear();
		fputs(b->diag.p, stderr);
	}
	int status = b->invalid ? EXIT_INVALID : EXIT_OK;
	b->out.len = b->diag.len = 0;
	b->invalid = false;
	return status;
}

/* Hands back the checked batches in order: while more than keep are
 * pending, waiting for them, then those already checked. */
static int collect(struct reader *rd, long keep)
{
	int status = EXIT_OK;
	struct game_batch *b;
	while ((b = pool_next_done(rd->pool, pool_pending(rd->pool) > keep)))
		if (finish_batch(rd, b))
			status = EXIT_INVALID;
	return status;
}

static int read_file(struct reader *rd, const char *path)
{
	const char *name = path;
	FILE *f = stdin;
	int status = EXIT_OK;
	if (strcmp(path, "-") == 0) {
		name = "<stdin>";
	} else if (!(f = fopen(path, "rb"))) {
		util_progress_clear();
		util_warn("%s: %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	struct ob_ogn_reader *r = ob_ogn_open(f);
	if (!r)
		util_out_of_memory();
	struct ob_error err;
	int got = 1;
	while (got > 0) {
		if (rd->pool && collect(rd, rd->nbatches - 1))
			status = EXIT_INVALID;
		struct game_batch *b =
			&rd->batches[rd->submitted % rd->nbatches];
		b->n = 0;
		b->name = name;
		while (b->n < GAMES_BATCH &&
		       (got = ob_ogn_next(r, &b->games[b->n], &err)) > 0) {
			b->n++;
			util_progress_tick();
		}
		if (!b->n)
			break;
		if (!rd->pool) {
			rd->check(b, 0, rd->arg);
			if (finish_batch(rd, b))
				status = EXIT_INVALID;
			continue;
		}
		pool_submit(rd->pool, b);
		rd->submitted++;
	}
	if (rd->pool && collect(rd, 0))
		status = EXIT_INVALID;
	if (got < 0) {
		util_progress_clear();
		util_warn("%s: %s", name, err.message);
		status = EXIT_USAGE;
	}
	ob_ogn_close(r);
	if (f != stdin)
		fclose(f);
	return status;
}

int games_read(char *const *paths, int npaths, int jobs,
	       games_check_fn *check, games_done_fn *done, void *arg)
{
	struct reader rd = {0};
	struct work w = {check, arg};
	rd.check = check;
	rd.done = done;
	rd.arg = arg;
	rd.nbatches = jobs > 1 ? 2L * jobs + 2 : 1;
	rd.batches = calloc((size_t)rd.nbatches, sizeof *rd.batches);
	if (!rd.batches)
		util_out_of_memory();
	for (long i = 0; i < rd.nbatches; i++)
		for (int k = 0; k < GAMES_BATCH; k++)
			ob_game_init(&rd.batches[i].games[k]);
	if (jobs > 1)
		rd.pool = pool_start(jobs, rd.nbatches, check_batch, &w);

	int status = EXIT_OK;
	if (npaths == 0)
		status = read_file(&rd, "-");
	for (int i = 0; i < npaths; i++) {
		int s = read_file(&rd, paths[i]);
		status = s > status ? s : status;
	}
	if (rd.pool)
		pool_finish(rd.pool);
	util_progress_clear();
	for (long i = 0; i < rd.nbatches; i++) {
		for (int k = 0; k < GAMES_BATCH; k++)
			ob_game_free(&rd.batches[i].games[k]);
		free(rd.batches[i].out.p);
		free(rd.batches[i].diag.p);
	}
	free(rd.batches);
	return status;
}

void games_diagnostics(struct buf *diag, const char *name,
		       const struct ob_game *g)
{
	for (int i = 0; i < g->nerrors; i++) {
		const struct ob_game_error *e = &g->errors[i];
		buf_printf(diag, "%s: %s:%ld:%ld: game %ld, ply %d",
			   util_progname, name, e->line, e->column, g->index,
			   e->ply);
		if (e->move[0])
			buf_printf(diag, " (%s)", e->move);
		buf_printf(diag, ": %s\n", e->reason);
	}
}
