/*
 * Perft beyond the plain recursion of lib/movegen.c: root moves split
 * among threads, a transposition table shared by them, and statistics
 * counted at the leaves.
 *
 * Splitting.  The calling thread lists the root moves and counts the
 * replies to each.  From depth 3 (depth 2 for statistics) the work items
 * are the pairs (root move i, reply j), in generation order; threads take
 * them one at a time under a mutex and add each result to counts[i].
 * Every item's count is exact, so the totals do not depend on the number
 * of threads or on the order in which items finish.
 *
 * The table.  Buckets of four 16-byte entries, one cache line each.  An
 * entry holds data = count << 8 | depth and check = key ^ data, written
 * and read with relaxed atomics and no lock.  A probe accepts an entry
 * only when check ^ data equals the full 64-bit key and the depth is the
 * one asked for, so an entry torn by a concurrent write is rejected (the
 * torn halves would have to agree with a 64-bit key by chance).  Counts of
 * 2^56 and more are not stored.
 *
 * The part in use.  The table starts with 1 MiB of buckets in use and
 * doubles that part whenever it has taken half as many stores as it has
 * entries, up to the size asked for: a small tree touches few pages of a
 * large table, whose first touch (the system zeroing each page) cost more
 * than the count itself.  A doubling moves the entries whose keys pick the
 * new half (hash_double).
 */
#define _POSIX_C_SOURCE 200809L /* pthreads, clock_gettime */
#include "oblique.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "make.h"
#include "movegen.h"

#define BUCKET_ENTRIES 4
#define HASH_MIN_DEPTH 2 /* below this a probe costs more than the count */
#define COUNT_LIMIT ((uint64_t)1 << 56)
#define HASH_FIRST_BYTES ((size_t)1 << 20) /* in use at first */

struct hash_entry {
	_Atomic uint64_t check;
	_Atomic uint64_t data;
};

struct ob_perft_hash {
	struct hash_entry *entries; /* in block, on a cache line */
	void *block;
	size_t mask; /* buckets - 1 */
	size_t bytes;
	_Atomic size_t used_mask;  /* buckets in use - 1 */
	_Atomic uint64_t stores;   /* since the part in use last grew */
	_Atomic bool growing;      /* a thread is doubling it */
	size_t first_mask;
	const struct ob_variant *variant; /* whose positions the entries hold */
};

struct ob_perft_hash *ob_perft_hash_new(size_t megabytes)
{
	const size_t bucket = BUCKET_ENTRIES * sizeof(struct hash_entry);
	if (megabytes == 0 || megabytes > SIZE_MAX / 2 / ((size_t)1 << 20))
		return NULL;
	size_t want = megabytes << 20, buckets = 1;
	while (buckets <= want / bucket / 2)
		buckets *= 2;
	struct ob_perft_hash *h = malloc(sizeof *h);
	if (!h)
		return NULL;
	h->bytes = buckets * bucket;
	h->mask = buckets - 1;
	h->variant = NULL;
	/* Zeroed by calloc, which for a large block maps pages that the
	 * system zeroes when first touched: a big table costs nothing until
	 * it is used (clearing 256 MiB here took longer than the whole
	 * count of a small tree).  An all-zero entry is empty: check and
	 * data 0, which no probe of depth 1 or more accepts. */
	h->block = calloc(1, h->bytes + 63);
	if (!h->block) {
		free(h);
		return NULL;
	}
	h->entries = (struct hash_entry *)(((uintptr_t)h->block + 63) &
					   ~(uintptr_t)63);
	h->first_mask = h->mask;
	while (h->first_mask > 0 &&
	       (h->first_mask + 1) * bucket > HASH_FIRST_BYTES)
		h->first_mask >>= 1;
	atomic_init(&h->used_mask, h->first_mask);
	atomic_init(&h->stores, 0);
	atomic_init(&h->growing, false);
	return h;
}

void ob_perft_hash_free(struct ob_perft_hash *h)
{
	if (!h)
		return;
	free(h->block);
	free(h);
}

/* Only the part in use has ever been written. */
void ob_perft_hash_clear(struct ob_perft_hash *h)
{
	size_t n = (atomic_load(&h->used_mask) + 1) * BUCKET_ENTRIES;
	for (size_t i = 0; i < n; i++) {
		atomic_init(&h->entries[i].check, 0);
		atomic_init(&h->entries[i].data, 0);
	}
	atomic_store(&h->used_mask, h->first_mask);
	atomic_store(&h->stores, 0);
	h->variant = NULL;
}

size_t ob_perft_hash_bytes(const struct ob_perft_hash *h)
{
	return h->bytes;
}

static inline struct hash_entry *bucket_of(const struct ob_perft_hash *h,
					   uint64_t key)
{
	size_t used = atomic_load_explicit(&h->used_mask, memory_order_relaxed);
	return &h->entries[(size_t)(key & used) * BUCKET_ENTRIES];
}

/* Doubles the part in use, buckets 0 .. used, moving each entry whose key
 * now picks a bucket of the new half there (key = check ^ data).  The new
 * half is empty and no other thread sees it before used_mask grows; a
 * store racing with the move into the old half may be lost or torn, and a
 * torn entry is rejected as any other. */
static void hash_double(struct ob_perft_hash *h, size_t used)
{
	size_t n = used + 1;
	for (size_t b = 0; b < n; b++) {
		struct hash_entry *from = &h->entries[b * BUCKET_ENTRIES];
		struct hash_entry *to = &h->entries[(b + n) * BUCKET_ENTRIES];
		int k = 0;
		for (int i = 0; i < BUCKET_ENTRIES; i++) {
			uint64_t data = atomic_load_explicit(
				&from[i].data, memory_order_relaxed);
			uint64_t check = atomic_load_explicit(
				&from[i].check, memory_order_relaxed);
			if ((data & 255) == 0 || !((check ^ data) & n))
				continue;
			atomic_store_explicit(&to[k].data, data,
					      memory_order_relaxed);
			atomic_store_explicit(&to[k++].check, check,
					      memory_order_relaxed);
			atomic_store_explicit(&from[i].data, 0,
					      memory_order_relaxed);
			atomic_store_explicit(&from[i].check, 0,
					      memory_order_relaxed);
		}
	}
	atomic_store_explicit(&h->used_mask, used * 2 + 1, memory_order_release);
}

/* Counts a store; doubles the part in use once it has taken half as many
 * stores as it has entries (one thread does it, the others go on). */
static inline void hash_grow(struct ob_perft_hash *h)
{
	size_t used = atomic_load_explicit(&h->used_mask, memory_order_relaxed);
	if (used == h->mask)
		return;
	uint64_t n = atomic_fetch_add_explicit(&h->stores, 1,
					       memory_order_relaxed) + 1;
	if (n < (uint64_t)(used + 1) * BUCKET_ENTRIES / 2 ||
	    atomic_exchange(&h->growing, true))
		return;
	if (atomic_load(&h->used_mask) == used) {
		hash_double(h, used);
		atomic_store(&h->stores, 0);
	}
	atomic_store(&h->growing, false);
}

static inline bool hash_probe(const struct ob_perft_hash *h, uint64_t key,
			      int depth, uint64_t *count)
{
	struct hash_entry *b = bucket_of(h, key);
	for (int i = 0; i < BUCKET_ENTRIES; i++) {
		uint64_t data = atomic_load_explicit(&b[i].data,
						     memory_order_relaxed);
		uint64_t check = atomic_load_explicit(&b[i].check,
						      memory_order_relaxed);
		if ((check ^ data) == key && (int)(data & 255) == depth) {
			*count = data >> 8;
			return true;
		}
	}
	return false;
}

/* Replaces the shallowest entry of the bucket (empty ones have depth 0). */
static inline void hash_store(struct ob_perft_hash *h, uint64_t key, int depth,
			      uint64_t count)
{
	if (count >= COUNT_LIMIT)
		return;
	struct hash_entry *b = bucket_of(h, key);
	int victim = 0, shallowest = 256;
	for (int i = 0; i < BUCKET_ENTRIES; i++) {
		int d = (int)(atomic_load_explicit(&b[i].data,
						   memory_order_relaxed) & 255);
		if (d < shallowest) {
			shallowest = d;
			victim = i;
		}
	}
	uint64_t data = count << 8 | (uint64_t)depth;
	atomic_store_explicit(&b[victim].data, data, memory_order_relaxed);
	atomic_store_explicit(&b[victim].check, key ^ data,
			      memory_order_relaxed);
	hash_grow(h);
}

/* ---- the searches ---- */

/* The replies to the n moves of pos.  Most are those of the army next
 * to move here: it is looked at once, before the moves are made (its
 * cache on this frame only, not on every frame of the search). */
__attribute__((noinline)) static uint64_t
last_two_plies(struct ob_position *pos, const ob_move *moves, int n)
{
	struct ob_reply_cache cache;
	uint64_t total = 0;
	ob_reply_cache_fill(pos, &cache);
	if (pos->variant->tables->narmies > 2) {
		/* Settling mostly removes nothing: those moves are counted
		 * without it (the last army left has no moves to count). */
		bool plain = cache.replier != pos->side;
		for (int i = 0; i < n; i++) {
			int count = -1;
			if (plain && !OB_MOVE_SPECIAL(moves[i])) {
				/* a quiet move: counted without making it */
				count = ob_reply_count_quiet(pos, &cache,
							     moves[i]);
				if (count <= 0)
					count = ob_count_plain_replies(
						pos, moves[i], &cache);
			}
			if (count < 0) {
				struct ob_undo u;
				count = ob_make_count(pos, moves[i], &u, &cache);
				ob_unmake(pos, moves[i], &u);
			}
			total += (uint64_t)count;
		}
		return total;
	}
	/* Two armies never settle: their moves are made here, inline. */
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		move_apply(pos, moves[i], &u);
		total += (uint64_t)ob_legal_count_cached(pos, &cache, moves[i]);
		move_retract(pos, moves[i], &u);
	}
	return total;
}

static uint64_t search(struct ob_position *pos, int depth,
		       struct ob_perft_hash *h);

/* Leaves at depth >= 2 below pos, whose n legal moves are given. */
static uint64_t below(struct ob_position *pos, int depth,
		      struct ob_perft_hash *h, const ob_move *moves, int n)
{
	if (depth == 2)
		return last_two_plies(pos, moves, n);
	uint64_t total = 0;
	/* Three armies: settling asks whether the army next in turn has a
	 * move, so its moves are listed there, once, when no table is
	 * probed before they are needed (with one, every child at depth 2
	 * or more is probed first). */
	if (pos->variant->tables->narmies > 2 && !h) {
		struct ob_settling_cache settling;
		ob_settling_cache_fill(pos, &settling);
		for (int i = 0; i < n; i++) {
			ob_move next[OB_MAX_MOVES];
			struct ob_undo u;
			int k = ob_make_list(pos, moves[i], &u, next, &settling);
			total += below(pos, depth - 1, h, next, k);
			ob_unmake(pos, moves[i], &u);
		}
		return total;
	}
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		ob_make(pos, moves[i], &u);
		total += search(pos, depth - 1, h);
		ob_unmake(pos, moves[i], &u);
	}
	return total;
}

/* Leaves at depth >= 1 below pos, with the fast generator. */
static uint64_t search(struct ob_position *pos, int depth,
		       struct ob_perft_hash *h)
{
	if (depth == 1)
		return (uint64_t)ob_legal_count(pos);
	bool table = h && depth >= HASH_MIN_DEPTH;
	uint64_t key = table ? ob_position_full_key(pos) : 0, total = 0;
	if (table && hash_probe(h, key, depth, &total))
		return total;
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves);
	total = below(pos, depth, h, moves, n);
	if (table)
		hash_store(h, key, depth, total);
	return total;
}

uint64_t ob_perft(struct ob_position *pos, int depth)
{
	return depth <= 0 ? 1 : search(pos, depth, NULL);
}

/* A move made as the generator in use settles it (three armies). */
static inline void play(struct ob_position *pos, ob_move m, struct ob_undo *u,
			bool reference)
{
	if (reference)
		ob_reference_make(pos, m, u);
	else
		ob_make(pos, m, u);
}

/* The same with the slow reference generator at every node, no table. */
static uint64_t search_reference(struct ob_position *pos, int depth)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_reference_moves(pos, moves);
	if (depth == 1)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		play(pos, moves[i], &u, true);
		total += search_reference(pos, depth - 1);
		ob_unmake(pos, moves[i], &u);
	}
	return total;
}

static inline int generate(const struct ob_position *pos, ob_move *moves,
			   bool reference)
{
	return reference ? ob_reference_moves(pos, moves)
			 : ob_legal_moves(pos, moves);
}

static inline int count_moves(const struct ob_position *pos, bool reference)
{
	if (reference) {
		ob_move moves[OB_MAX_MOVES];
		return ob_reference_moves(pos, moves);
	}
	return ob_legal_count(pos);
}

/* Was the i-th army that move eliminated (for want of a legal move) in
 * check then?  The board then was the board after the move with the
 * armies eliminated from the i-th on put back (settling removes each
 * army's pieces at once, in the order of undo->eliminated). */
static bool stuck_in_check(const struct ob_position *after,
			   const struct ob_undo *u, int i)
{
	struct ob_position then = *after;
	for (int k = 0; k < u->nremoved; k++)
		for (int j = i; j < u->neliminated; j++)
			if (OB_PIECE_COLOR(u->removed[k]) == u->eliminated[j])
				ob_position_put(&then, u->removed_cell[k],
						u->removed[k]);
	then.side = u->eliminated[i];
	return ob_in_check(&then);
}

/* Three armies: the armies the move eliminated, and how those left
 * without a legal move stood.  Only the mover is named for those: an
 * attack that eliminates is the next army's (lib/turn.c). */
static void record_eliminations(struct ob_perft_stats *s,
				const struct ob_position *after,
				const struct ob_undo *u)
{
	s->eliminations += (uint64_t)u->neliminated;
	for (int i = 0; i < u->neliminated; i++) {
		if (u->eliminated_by[i] != u->mover)
			continue;
		if (stuck_in_check(after, u, i))
			s->checkmates++;
		else
			s->stalemates++;
	}
}

/* Records a node reached by move m, `after` it (u: its undo record): the
 * move's kind, and with three armies its eliminations. */
static inline void record_move(struct ob_perft_stats *s, ob_move m,
			       const struct ob_position *after,
			       const struct ob_undo *u)
{
	const struct ob_variant *v = after->variant;
	if (u->neliminated)
		record_eliminations(s, after, u);
	s->captures += OB_MOVE_IS_CAPTURE(m);
	s->promotions += OB_MOVE_PROMO(m) >= 0;
	/* a cannon's capture: not a Corporal's that promotes to a cannon */
	if (OB_MOVE_IS_CAPTURE(m) && OB_MOVE_PROMO(m) < 0 &&
	    v->kinds[OB_PIECE_KIND(after->board[OB_MOVE_TO(m)])].motion ==
		    OB_CANNON)
		s->cannon_captures++;
	switch (OB_MOVE_SPECIAL(m)) {
	case OB_EN_PASSANT:
		s->en_passant++;
		break;
	case OB_PAIRED:
		if (v->pairs[OB_MOVE_PAIR(m)].type == OB_CASTLING)
			s->castlings++;
		else if (v->pairs[OB_MOVE_PAIR(m)].type == OB_SWAP)
			s->swaps++;
		else
			s->guardings++;
		break;
	default:
		break;
	}
}

/* Records the node itself, given its number of legal moves, or -1 to
 * find out (as much as needed) here.  With three armies a settled node
 * without a move has one army left: a win, not a mate (record_move
 * counts those). */
static inline void record_node(struct ob_position *pos,
			       struct ob_perft_stats *s, int nmoves)
{
	struct ob_cellset checkers = ob_checkers(pos);
	int nchecks = ob_cellset_count(checkers);
	if (nmoves < 0)
		nmoves = ob_has_legal_move(pos);
	s->nodes++;
	if (nchecks > 0)
		s->checks++;
	if (nchecks > 1)
		s->double_checks++;
	if (nmoves == 0) {
		if (pos->variant->tables->narmies > 2)
			s->wins++;
		else if (nchecks > 0)
			s->checkmates++;
		else
			s->stalemates++;
	}
}

/* Records pos (a node at ply) in st[ply] and its subtree to depth more
 * plies in the entries after it. */
static void walk(struct ob_position *pos, int depth, int ply,
		 struct ob_perft_stats *st, bool reference)
{
	if (depth == 0) {
		record_node(pos, &st[ply],
			    reference ? count_moves(pos, true) : -1);
		return;
	}
	ob_move moves[OB_MAX_MOVES];
	int n = generate(pos, moves, reference);
	record_node(pos, &st[ply], n);
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		play(pos, moves[i], &u, reference);
		record_move(&st[ply + 1], moves[i], pos, &u);
		walk(pos, depth - 1, ply + 1, st, reference);
		ob_unmake(pos, moves[i], &u);
	}
}

static void stats_add(struct ob_perft_stats *to, const struct ob_perft_stats *s)
{
	to->nodes += s->nodes;
	to->captures += s->captures;
	to->promotions += s->promotions;
	to->checks += s->checks;
	to->double_checks += s->double_checks;
	to->checkmates += s->checkmates;
	to->stalemates += s->stalemates;
	to->en_passant += s->en_passant;
	to->castlings += s->castlings;
	to->guardings += s->guardings;
	to->swaps += s->swaps;
	to->cannon_captures += s->cannon_captures;
	to->eliminations += s->eliminations;
	to->wins += s->wins;
}

/* ---- one run: root moves, work items, threads ---- */

struct run {
	struct ob_position root;
	int depth;
	const ob_move *moves;
	int n;
	uint64_t *counts;           /* count mode: per root move */
	struct ob_perft_stats *stats; /* stats mode: per ply, 0..depth */
	bool reference;
	struct ob_perft_hash *hash;

	pthread_mutex_t lock;
	pthread_cond_t finished;
	int workers;                /* still running */
	int next_move, next_reply;  /* the next item to hand out */
	int nreplies[OB_MAX_MOVES];
	int remaining[OB_MAX_MOVES]; /* items of a root move not yet done */
	int moves_done;
	long items_done, items_total;
	uint64_t nodes_done;
};

/* Takes the next item (after accounting for the previous one, if
 * prev >= 0); false when none is left.  Called with the lock held. */
static bool next_item(struct run *r, int prev, uint64_t result, int *i,
		      int *j)
{
	if (prev >= 0) {
		if (r->counts)
			r->counts[prev] += result;
		r->nodes_done += result;
		r->items_done++;
		if (--r->remaining[prev] == 0)
			r->moves_done++;
	}
	while (r->next_move < r->n &&
	       r->next_reply >= r->nreplies[r->next_move]) {
		r->next_move++;
		r->next_reply = 0;
	}
	if (r->next_move == r->n)
		return false;
	*i = r->next_move;
	*j = r->next_reply++;
	return true;
}

static void *worker(void *arg)
{
	struct run *r = arg;
	struct ob_position pos = r->root;
	struct ob_perft_stats local[OB_PERFT_MAX_DEPTH + 1];
	ob_move replies[OB_MAX_MOVES];
	struct ob_undo root_undo, u;
	int made = -1, i = -1, j = 0;
	uint64_t result = 0;

	memset(local, 0, sizeof local);
	for (;;) {
		pthread_mutex_lock(&r->lock);
		int prev = i;
		bool more = next_item(r, prev, result, &i, &j);
		pthread_mutex_unlock(&r->lock);
		if (!more)
			break;
		if (made != i) {
			if (made >= 0)
				ob_unmake(&pos, r->moves[made], &root_undo);
			play(&pos, r->moves[i], &root_undo, r->reference);
			made = i;
			generate(&pos, replies, r->reference);
		}
		play(&pos, replies[j], &u, r->reference);
		if (r->stats) {
			uint64_t before = local[r->depth].nodes;
			record_move(&local[2], replies[j], &pos, &u);
			walk(&pos, r->depth - 2, 2, local, r->reference);
			result = local[r->depth].nodes - before;
		} else if (r->reference) {
			result = search_reference(&pos, r->depth - 2);
		} else {
			result = search(&pos, r->depth - 2, r->hash);
		}
		ob_unmake(&pos, replies[j], &u);
	}

	pthread_mutex_lock(&r->lock);
	if (r->stats)
		for (int d = 2; d <= r->depth; d++)
			stats_add(&r->stats[d], &local[d]);
	if (--r->workers == 0)
		pthread_cond_broadcast(&r->finished);
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	       (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void report(struct run *r, const struct ob_perft_options *opt,
		   const struct timespec *start)
{
	struct ob_perft_progress p;
	p.moves_done = r->moves_done;
	p.moves_total = r->n;
	p.fraction = r->items_total ? (double)r->items_done /
					      (double)r->items_total
				    : 0;
	p.nodes = r->nodes_done;
	pthread_mutex_unlock(&r->lock);
	p.seconds = seconds_since(start);
	opt->progress(&p, opt->progress_arg);
	pthread_mutex_lock(&r->lock);
}

/* Runs the items on threads (the calling thread works too, unless it
 * reports progress).  POSIX threads rather than C11's, which the thread
 * sanitizer does not follow. */
static void run_items(struct run *r, const struct ob_perft_options *opt)
{
	enum { MAX_THREADS = 1024 };
	bool progress = opt && opt->progress;
	int threads = opt && opt->threads > 1 ? opt->threads : 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	int extra = progress ? threads : threads - 1;
	pthread_t *ids = NULL;
	pthread_condattr_t attr;
	int started = 0;
	struct timespec start;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (pthread_mutex_init(&r->lock, NULL) != 0)
		goto alone;
	if (pthread_condattr_init(&attr) != 0) {
		pthread_mutex_destroy(&r->lock);
		goto alone;
	}
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	if (pthread_cond_init(&r->finished, &attr) != 0) {
		pthread_condattr_destroy(&attr);
		pthread_mutex_destroy(&r->lock);
		goto alone;
	}
	pthread_condattr_destroy(&attr);
	r->workers = 0;
	if (extra > 0)
		ids = malloc((size_t)extra * sizeof *ids);
	pthread_mutex_lock(&r->lock);
	for (int t = 0; ids && t < extra; t++) {
		if (pthread_create(&ids[started], NULL, worker, r) != 0)
			break;
		started++;
		r->workers++;
	}
	if (!progress || started == 0) {
		/* The calling thread works alongside. */
		r->workers++;
		pthread_mutex_unlock(&r->lock);
		worker(r);
		pthread_mutex_lock(&r->lock);
	}
	int interval = opt && opt->progress_ms > 0 ? opt->progress_ms : 250;
	while (r->workers > 0) {
		if (!progress) {
			pthread_cond_wait(&r->finished, &r->lock);
			continue;
		}
		struct timespec until;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += (long)(interval % 1000) * 1000000L;
		until.tv_sec += interval / 1000 + until.tv_nsec / 1000000000L;
		until.tv_nsec %= 1000000000L;
		if (pthread_cond_timedwait(&r->finished, &r->lock, &until) ==
			    ETIMEDOUT &&
		    r->workers > 0)
			report(r, opt, &start);
	}
	pthread_mutex_unlock(&r->lock);
	for (int t = 0; t < started; t++)
		pthread_join(ids[t], NULL);
	free(ids);
	pthread_cond_destroy(&r->finished);
	pthread_mutex_destroy(&r->lock);
	return;

alone:
	/* No synchronisation objects: every item on the calling thread. */
	for (int i = 0; i < r->n; i++) {
		struct ob_position pos = r->root;
		struct ob_undo ru, u;
		ob_move replies[OB_MAX_MOVES];
		play(&pos, r->moves[i], &ru, r->reference);
		int n = generate(&pos, replies, r->reference);
		for (int j = 0; j < n; j++) {
			play(&pos, replies[j], &u, r->reference);
			if (r->stats) {
				record_move(&r->stats[2], replies[j], &pos, &u);
				walk(&pos, r->depth - 2, 2, r->stats,
				     r->reference);
			} else if (r->reference) {
				r->counts[i] +=
					search_reference(&pos, r->depth - 2);
			} else {
				r->counts[i] +=
					search(&pos, r->depth - 2, r->hash);
			}
			ob_unmake(&pos, replies[j], &u);
		}
	}
}

/* Phase one on the calling thread: each root move's replies (and, for
 * statistics, plies 0 and 1); then the items, if the depth needs any. */
static void run(struct run *r, const struct ob_perft_options *opt)
{
	struct ob_position pos = r->root;
	r->reference = opt && opt->reference;
	r->hash = opt && !r->reference ? opt->hash : NULL;
	if (r->hash && r->hash->variant != pos.variant) {
		if (r->hash->variant)
			ob_perft_hash_clear(r->hash);
		r->hash->variant = pos.variant;
	}
	if (r->stats)
		record_node(&pos, &r->stats[0], r->n);
	r->items_total = 0;
	for (int i = 0; i < r->n; i++) {
		struct ob_undo u;
		play(&pos, r->moves[i], &u, r->reference);
		int replies = count_moves(&pos, r->reference);
		if (r->stats) {
			record_move(&r->stats[1], r->moves[i], &pos, &u);
			record_node(&pos, &r->stats[1], replies);
		} else if (r->counts) {
			r->counts[i] = r->depth == 1 ? 1
				       : r->depth == 2 ? (uint64_t)replies
						       : 0;
		}
		ob_unmake(&pos, r->moves[i], &u);
		bool split = r->stats ? r->depth >= 2 : r->depth >= 3;
		r->nreplies[i] = split ? replies : 0;
		r->remaining[i] = r->nreplies[i];
		r->items_total += r->nreplies[i];
	}
	r->next_move = r->next_reply = 0;
	r->moves_done = 0;
	r->items_done = 0;
	r->nodes_done = 0;
	if (r->items_total > 0)
		run_items(r, opt);
}

void ob_perft_divide(const struct ob_position *pos, int depth,
		     const ob_move *moves, int n, uint64_t *counts,
		     const struct ob_perft_options *opt)
{
	if (depth < 1 || depth > OB_PERFT_MAX_DEPTH || n <= 0) {
		for (int i = 0; i < n; i++)
			counts[i] = 0;
		return;
	}
	if (n > OB_MAX_MOVES) { /* more than a run's tables hold */
		ob_perft_divide(pos, depth, moves, OB_MAX_MOVES, counts, opt);
		ob_perft_divide(pos, depth, moves + OB_MAX_MOVES,
				n - OB_MAX_MOVES, counts + OB_MAX_MOVES, opt);
		return;
	}
	struct run *r = malloc(sizeof *r);
	if (!r) {
		/* No room for the work list: one move at a time, one thread. */
		for (int i = 0; i < n; i++) {
			struct ob_position p = *pos;
			struct ob_undo u;
			ob_make(&p, moves[i], &u);
			counts[i] = ob_perft(&p, depth - 1);
		}
		return;
	}
	r->root = *pos;
	r->depth = depth;
	r->moves = moves;
	r->n = n;
	r->counts = counts;
	r->stats = NULL;
	run(r, opt);
	free(r);
}

uint64_t ob_perft_count(const struct ob_position *pos, int depth,
			const struct ob_perft_options *opt)
{
	if (depth <= 0)
		return 1;
	if (depth == 1) /* no work to share: count the moves */
		return (uint64_t)count_moves(pos, opt && opt->reference);
	ob_move moves[OB_MAX_MOVES];
	uint64_t counts[OB_MAX_MOVES], total = 0;
	int n = opt && opt->reference ? ob_reference_moves(pos, moves)
				      : ob_legal_moves(pos, moves);
	ob_perft_divide(pos, depth, moves, n, counts, opt);
	for (int i = 0; i < n; i++)
		total += counts[i];
	return total;
}

void ob_perft_collect_stats(const struct ob_position *pos, int depth,
			    struct ob_perft_stats *stats,
			    const struct ob_perft_options *opt)
{
	if (depth < 0)
		depth = 0;
	if (depth > OB_PERFT_MAX_DEPTH)
		depth = OB_PERFT_MAX_DEPTH;
	memset(stats, 0, (size_t)(depth + 1) * sizeof *stats);
	bool reference = opt && opt->reference;
	ob_move moves[OB_MAX_MOVES];
	struct run *r = malloc(sizeof *r);
	if (!r) {
		struct ob_position p = *pos;
		walk(&p, depth, 0, stats, reference);
		return;
	}
	r->root = *pos;
	r->depth = depth;
	r->moves = moves;
	r->n = depth > 0 ? generate(pos, moves, reference) : 0;
	r->counts = NULL;
	r->stats = stats;
	if (depth == 0) {
		record_node(&r->root, &stats[0], count_moves(pos, reference));
		free(r);
		return;
	}
	run(r, opt);
	free(r);
}
