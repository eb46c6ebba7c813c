/* Swaps and cannon captures for --stats; see special.h. */
#include "special.h"

#include <pthread.h>
#include <string.h>

bool special_has_swaps(const struct ob_variant *v)
{
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == OB_SWAP)
			return true;
	return false;
}

bool special_has_cannons(const struct ob_variant *v)
{
	for (int k = 0; k < v->nkinds; k++)
		if (v->kinds[k].motion == OB_CANNON)
			return true;
	return false;
}

/* Adds what move m (legal in pos, not yet made) is to c. */
static void classify(const struct ob_position *pos, ob_move m,
		     struct special_counts *c)
{
	const struct ob_variant *v = pos->variant;
	if (OB_MOVE_SPECIAL(m) == OB_PAIRED &&
	    v->pairs[OB_MOVE_PAIR(m)].type == OB_SWAP)
		c->swaps++;
	if (OB_MOVE_IS_CAPTURE(m) &&
	    v->kinds[OB_PIECE_KIND(pos->board[OB_MOVE_FROM(m)])].motion ==
		    OB_CANNON)
		c->cannon_captures++;
}

static int generate(const struct ob_position *pos, ob_move *moves,
		    bool reference)
{
	return reference ? ob_reference_moves(pos, moves)
			 : ob_legal_moves(pos, moves);
}

/* The moves of pos (at ply) into counts[ply + 1], and below them to
 * depth more plies. */
static void walk(struct ob_position *pos, int depth, int ply,
		 struct special_counts *counts, bool reference)
{
	ob_move moves[OB_MAX_MOVES];
	int n = generate(pos, moves, reference);
	for (int i = 0; i < n; i++) {
		classify(pos, moves[i], &counts[ply + 1]);
		if (depth == 1)
			continue;
		struct ob_undo u;
		ob_make(pos, moves[i], &u);
		walk(pos, depth - 1, ply + 1, counts, reference);
		ob_unmake(pos, moves[i], &u);
	}
}

/* The root moves, handed out one at a time to the threads. */
struct run {
	const struct ob_position *root;
	const ob_move *moves;
	int n, next, depth;
	bool reference;
	pthread_mutex_t mu;
	struct special_counts *counts; /* the sums, under mu */
};

static void *worker(void *arg)
{
	struct run *r = arg;
	struct special_counts local[OB_PERFT_MAX_DEPTH + 1];
	memset(local, 0, sizeof local);
	for (;;) {
		pthread_mutex_lock(&r->mu);
		int i = r->next++;
		pthread_mutex_unlock(&r->mu);
		if (i >= r->n)
			break;
		struct ob_position pos = *r->root;
		struct ob_undo u;
		ob_make(&pos, r->moves[i], &u);
		walk(&pos, r->depth - 1, 1, local, r->reference);
	}
	pthread_mutex_lock(&r->mu);
	for (int k = 0; k <= r->depth; k++) {
		r->counts[k].swaps += local[k].swaps;
		r->counts[k].cannon_captures += local[k].cannon_captures;
	}
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

void special_collect(const struct ob_position *pos, int depth,
		     struct special_counts *counts, bool reference,
		     int threads)
{
	static ob_move moves[OB_MAX_MOVES];
	memset(counts, 0, (size_t)(depth + 1) * sizeof *counts);
	if (depth < 1)
		return;
	int n = generate(pos, moves, reference);
	for (int i = 0; i < n; i++)
		classify(pos, moves[i], &counts[1]);
	if (depth == 1)
		return;
	struct run r = {.root = pos, .moves = moves, .n = n, .depth = depth,
			.reference = reference, .counts = counts};
	pthread_mutex_init(&r.mu, NULL);
	if (threads < 1)
		threads = 1;
	if (threads > n)
		threads = n > 0 ? n : 1;
	pthread_t tid[256];
	int started = 0;
	for (int t = 1; t < threads && t < 256; t++) {
		if (pthread_create(&tid[started], NULL, worker, &r) != 0)
			break;
		started++;
	}
	worker(&r);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	pthread_mutex_destroy(&r.mu);
}
