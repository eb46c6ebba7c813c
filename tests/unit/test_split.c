/*
 * Perft work units: the split positions' perft, weighted by their path
 * counts, adds up to the whole perft; merging is by whole state; the
 * memory limit is kept.
 */
#include "check.h"

#include <string.h>

struct sum {
	int depth;
	uint64_t total, paths;
	size_t positions;
	bool keys_ok;
};

static void add_unit(const struct ob_position *pos, uint64_t paths, void *arg)
{
	struct sum *s = arg;
	struct ob_position p = *pos;
	s->total += paths * ob_perft(&p, s->depth);
	s->paths += paths;
	s->positions++;
	s->keys_ok &= pos->key == ob_position_compute_key(pos) &&
		      ob_position_check(pos, NULL) == OB_OK;
}

static void adds_up(const struct ob_position *pos, int plies, int depth)
{
	struct ob_split *s = ob_split_new((size_t)256 << 20);
	struct ob_position p = *pos;
	if (!CHECK(s != NULL, "table"))
		return;
	CHECK(ob_split_add(s, pos, plies, 1) == OB_OK, "split %d", plies);
	struct sum sum = {depth - plies, 0, 0, 0, true};
	ob_split_each(s, add_unit, &sum);
	uint64_t whole = ob_perft(&p, depth), paths = ob_perft(&p, plies);
	CHECK(sum.total == whole, "%s: split %d, depth %d: %llu, not %llu",
	      pos->variant->name, plies, depth,
	      (unsigned long long)sum.total, (unsigned long long)whole);
	CHECK(sum.paths == paths, "paths %llu, perft(%d) %llu",
	      (unsigned long long)sum.paths, plies, (unsigned long long)paths);
	CHECK(sum.positions == ob_split_count(s), "count");
	CHECK(sum.positions <= paths, "merged");
	CHECK(sum.keys_ok, "written positions are whole and legal");
	ob_split_free(s);
}

void test_split(void)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		struct ob_position pos;
		ob_position_start(&pos, all[i]);
		adds_up(&pos, 1, 3);
		adds_up(&pos, 2, 3);
		if (!check_quick())
			adds_up(&pos, 3, 4);
		/* From a position some random plies in. */
		struct ob_rng rng;
		ob_rng_seed(&rng, 5 + (uint64_t)i);
		for (int ply = 0; ply < 30; ply++) {
			ob_move moves[OB_MAX_MOVES];
			int n = ob_legal_moves(&pos, moves);
			if (n == 0)
				break;
			struct ob_undo u;
			ob_make(&pos, moves[ob_rng_below(&rng, (uint64_t)n)], &u);
		}
		adds_up(&pos, 2, 3);
	}

	/* Transpositions merge: after 4 plies of the start position there
	 * are fewer distinct positions than paths. */
	struct ob_position start;
	ob_position_start(&start, ob_variant_default());
	struct ob_split *s = ob_split_new((size_t)64 << 20);
	ob_split_add(s, &start, 3, 1);
	CHECK(ob_split_count(s) < 279716, "%zu positions after 3 plies",
	      ob_split_count(s));
	/* Adding the same again doubles every count, not the positions. */
	size_t before = ob_split_count(s);
	ob_split_add(s, &start, 3, 2);
	CHECK(ob_split_count(s) == before, "same positions");
	ob_split_free(s);

	/* The memory limit: a small table refuses, and says so. */
	s = ob_split_new(64 << 10);
	CHECK(ob_split_add(s, &start, 3, 1) == OB_ERR_SPLIT_FULL,
	      "64 KiB cannot hold the positions 3 plies deep");
	CHECK(ob_split_count(s) * OB_SPLIT_ENTRY_BYTES <= (64 << 10) * 2,
	      "stayed within about its limit: %zu", ob_split_count(s));
	ob_split_free(s);
}
