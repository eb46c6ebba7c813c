/* Games read in batches and checked on worker threads; see games.h. */
#define _GNU_SOURCE
#include "games.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"
#include "util.h"

/*
 * With one thread a batch is one game: it is read, checked and handed
 * back before the next is read, so memory holds one game (the longest
 * read so far: its buffers are kept for the next).
 *
 * With threads, a batch holds up to GAMES_BATCH games and, once it holds
 * one, closes at READ_AHEAD / nbatches bytes; the batches read ahead and
 * not yet handed back hold at most READ_AHEAD bytes of games (the last
 * game read excepted), whatever the number of threads, and a batch's
 * games are freed when it is handed back (ob-validate(1), ob-stats(1)).
 */
#define READ_AHEAD ((size_t)16 << 20)

struct reader {
	struct pool *pool; /* NULL: checked on the reading thread */
	struct game_batch *batches; /* batches[k % nbatches]: k-th read */
	long nbatches, submitted;
	size_t queued; /* bytes of the batches submitted, not handed back */
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

/* The bytes a game read holds: its tokens, tags and errors, and its text
 * up to the end of the last string of a tag or a token. */
static size_t game_bytes(const struct ob_game *g)
{
	size_t end = 0;
	for (int i = 0; i < g->ntags; i++)
		end = g->tags[i].value > end ? g->tags[i].value : end;
	for (int i = 0; i < g->ntokens; i++)
		end = g->tokens[i].text > end ? g->tokens[i].text : end;
	if (g->text)
		end += strlen(g->text + end) + 1;
	return sizeof *g + end + (size_t)g->ntokens * sizeof *g->tokens +
	       (size_t)g->ntags * sizeof *g->tags +
	       (size_t)g->nerrors * sizeof *g->errors;
}

/* Hands a checked batch back: its output, then its diagnostics. */
static int finish_batch(struct reader *rd, struct game_batch *b)
{
	rd->done(b, rd->arg);
	if (rd->pool) {
		rd->queued -= b->bytes;
		for (int i = 0; i < b->n; i++) {
			ob_game_free(&b->games[i]);
			ob_game_init(&b->games[i]);
		}
	}
	if (b->diag.len) {
		util_progress_clear();
		util_put_escaped(stderr, b->diag.p, true);
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
	while ((b = pool_next_done(rd->pool, pool_pending(rd->pool) > keep ||
						     rd->queued >= READ_AHEAD)))
		if (finish_batch(rd, b))
			status = EXIT_INVALID;
	return status;
}

static int read_file(struct reader *rd, const char *path, int input)
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
		b->bytes = 0;
		b->name = name;
		b->input = input;
		size_t share = READ_AHEAD / (size_t)rd->nbatches;
		int most = rd->pool ? GAMES_BATCH : 1;
		while (b->n < most && (!rd->pool || b->bytes < share) &&
		       (got = ob_ogn_next(r, &b->games[b->n], &err)) > 0) {
			if (rd->pool)
				b->bytes += game_bytes(&b->games[b->n]);
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
		rd->queued += b->bytes;
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
		status = read_file(&rd, "-", 0);
	for (int i = 0; i < npaths; i++) {
		int s = read_file(&rd, paths[i], i);
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
