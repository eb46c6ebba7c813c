/*
 * Perft: every position of the suites in testdata/perft/ is checked here
 * against routes that share as little as possible with the fast counter:
 *   - the fast generator's move list equals the slow reference's, at the
 *     root and at every node one ply below it;
 *   - the point-reflected position gives the suite's counts;
 *   - threads and the hash table give the suite's counts;
 *   - the leaf statistics agree with a plain recursive count (whose move
 *     lists are the reference's, by the first check).
 * The suites' path: $OB_TESTDATA/perft, or testdata/perft from the
 * directory the tests run in (the top of the source tree).
 */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EXPECT 16

struct suite_line {
	char text[1024];
	struct ob_position pos;
	int n;
	int depth[MAX_EXPECT];
	unsigned long long count[MAX_EXPECT];
};

/* Reads "startpos" or an OFEN and the ";Dn count" expectations. */
static bool parse_line(const struct ob_variant *v, struct suite_line *s)
{
	size_t len = strlen(s->text), end = 0;
	struct ob_error err;
	while (len > 0 && (s->text[len - 1] == '\n' || s->text[len - 1] == '\r'))
		s->text[--len] = '\0';
	if (strncmp(s->text, "startpos", 8) == 0) {
		ob_position_start(&s->pos, v);
		end = 8;
	} else if (!CHECK(ob_ofen_read(&s->pos, v, s->text, len, &end, &err) ==
				  OB_OK,
			  "%s: %s", s->text, err.message)) {
		return false;
	}
	s->n = 0;
	const char *p = s->text + end;
	int used;
	while (s->n < MAX_EXPECT &&
	       sscanf(p, " ;D%d %llu%n", &s->depth[s->n], &s->count[s->n],
		      &used) == 2) {
		p += used;
		s->n++;
	}
	return CHECK(s->n > 0 && *p == '\0', "%s: bad expectations at '%s'",
		     s->text, p);
}

static int cmp_move(const void *a, const void *b)
{
	ob_move x = *(const ob_move *)a, y = *(const ob_move *)b;
	return x < y ? -1 : x > y;
}

/* The fast list equals the reference list (as sets) at pos. */
static bool same_moves(const struct ob_position *pos, const char *where)
{
	static ob_move fast[OB_MAX_MOVES], slow[OB_MAX_MOVES];
	int nf = ob_legal_moves(pos, fast), ns = ob_reference_moves(pos, slow);
	if (!CHECK(nf == ns, "%s: %d moves, reference %d", where, nf, ns))
		return false;
	qsort(fast, (size_t)nf, sizeof *fast, cmp_move);
	qsort(slow, (size_t)ns, sizeof *slow, cmp_move);
	return CHECK(memcmp(fast, slow, (size_t)nf * sizeof *fast) == 0,
		     "%s: the move lists differ", where);
}

/* Leaf statistics by plain recursion. */
static void recursive_stats(struct ob_position *pos, int depth, int ply,
			    struct ob_perft_stats *st)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves);
	int checkers = ob_cellset_count(ob_checkers(pos));
	st[ply].nodes++;
	st[ply].checks += checkers > 0;
	st[ply].double_checks += checkers > 1;
	st[ply].checkmates += n == 0 && checkers > 0;
	st[ply].stalemates += n == 0 && checkers == 0;
	if (depth == 0)
		return;
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		ob_make(pos, moves[i], &u);
		st[ply + 1].captures += OB_MOVE_IS_CAPTURE(moves[i]);
		st[ply + 1].promotions += OB_MOVE_PROMO(moves[i]) >= 0;
		recursive_stats(pos, depth - 1, ply + 1, st);
		ob_unmake(pos, moves[i], &u);
	}
}

static bool same_stats(const struct ob_perft_stats *a,
		       const struct ob_perft_stats *b)
{
	return a->nodes == b->nodes && a->captures == b->captures &&
	       a->promotions == b->promotions && a->checks == b->checks &&
	       a->double_checks == b->double_checks &&
	       a->checkmates == b->checkmates &&
	       a->stalemates == b->stalemates;
}

static void check_suite_position(struct suite_line *s, struct ob_perft_hash *hash,
			   int max_depth, long *positions)
{
	const char *where = s->text;
	struct ob_position pos = s->pos, mirror;
	ob_position_mirror(&s->pos, &mirror);
	(*positions)++;

	/* Move lists at the root and one ply below. */
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(&pos, moves);
	same_moves(&pos, where);
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		ob_make(&pos, moves[i], &u);
		same_moves(&pos, where);
		ob_unmake(&pos, moves[i], &u);
	}

	struct ob_perft_options threaded = {0};
	threaded.threads = 2;
	threaded.hash = hash;
	for (int k = 0; k < s->n; k++) {
		int d = s->depth[k];
		unsigned long long want = s->count[k];
		if (d > max_depth)
			continue;
		CHECK(ob_perft(&pos, d) == want, "%s: D%d", where, d);
		CHECK(ob_perft(&mirror, d) == want, "%s: mirrored D%d", where,
		      d);
		CHECK(ob_perft_count(&pos, d, &threaded) == want,
		      "%s: D%d with 2 threads and the table", where, d);
	}

	/* Statistics with two threads against plain recursion, to depth 2. */
	struct ob_perft_stats fast[3], slow[3];
	memset(slow, 0, sizeof slow);
	ob_perft_collect_stats(&pos, 2, fast, &threaded);
	recursive_stats(&pos, 2, 0, slow);
	for (int d = 0; d <= 2; d++)
		CHECK(same_stats(&fast[d], &slow[d]), "%s: statistics at ply %d",
		      where, d);
}

static void check_suite(const char *name, const struct ob_variant *v,
			long min_positions)
{
	char path[1024];
	const char *dir = getenv("OB_TESTDATA");
	snprintf(path, sizeof path, "%s/perft/%s", dir ? dir : "testdata", name);
	FILE *f = fopen(path, "r");
	if (!CHECK(f != NULL, "cannot open %s", path))
		return;
	struct ob_perft_hash *hash = ob_perft_hash_new(1);
	CHECK(hash != NULL, "a 1 MiB table");
	static struct suite_line s;
	long positions = 0;
	int max_depth = check_quick() ? 2 : 3;
	while (fgets(s.text, sizeof s.text, f)) {
		if (s.text[0] == '#' || s.text[0] == '\n')
			continue;
		if (parse_line(v, &s))
			check_suite_position(&s, hash, max_depth, &positions);
	}
	fclose(f);
	ob_perft_hash_free(hash);
	CHECK(positions >= min_positions, "%s: %ld positions", path,
	      positions);
}

/* Divide: per-move counts in any order of the moves, summing to perft. */
static void check_divide(void)
{
	struct ob_position pos;
	ob_position_start(&pos, ob_variant_default());
	ob_move moves[OB_MAX_MOVES], reversed[OB_MAX_MOVES];
	uint64_t counts[OB_MAX_MOVES], back[OB_MAX_MOVES], total = 0;
	int n = ob_legal_moves(&pos, moves);
	for (int i = 0; i < n; i++)
		reversed[i] = moves[n - 1 - i];
	struct ob_perft_options two = {0};
	two.threads = 2;
	ob_perft_divide(&pos, 3, moves, n, counts, NULL);
	ob_perft_divide(&pos, 3, reversed, n, back, &two);
	for (int i = 0; i < n; i++) {
		total += counts[i];
		struct ob_position after = pos;
		struct ob_undo u;
		ob_make(&after, moves[i], &u);
		CHECK(counts[i] == ob_perft(&after, 2), "divide move %d", i);
		CHECK(back[n - 1 - i] == counts[i], "divide reversed, move %d",
		      i);
	}
	CHECK(total == 279716, "divide total %llu", (unsigned long long)total);
	CHECK(ob_perft_count(&pos, 0, NULL) == 1, "perft(0) = 1");
}

static void check_hash(void)
{
	CHECK(ob_perft_hash_new(0) == NULL, "a table of 0 MiB");
	CHECK(ob_perft_hash_new((size_t)-1) == NULL, "an absurd table");
	struct ob_perft_hash *h = ob_perft_hash_new(3);
	if (!CHECK(h != NULL, "a 3 MiB table"))
		return;
	CHECK(ob_perft_hash_bytes(h) == 2u << 20, "3 MiB rounds to 2 MiB, "
	      "not %zu", ob_perft_hash_bytes(h));
	/* A table filled by one variant is not used for another. */
	struct ob_perft_options o = {0};
	o.hash = h;
	struct ob_position a, b;
	ob_position_start(&a, ob_variant_find("oblique"));
	ob_position_start(&b, ob_variant_find("raumschach"));
	CHECK(ob_perft_count(&a, 4, &o) == 18756745, "oblique D4 with table");
	CHECK(ob_perft_count(&b, 4, &o) == ob_perft(&b, 4),
	      "raumschach D4 after oblique in the same table");
	ob_perft_hash_free(h);
}

void test_perft(void)
{
	check_hash();
	check_divide();
	check_suite("oblique.epd", ob_variant_find("oblique"), 40);
	check_suite("raumschach.epd", ob_variant_find("raumschach"), 5);
}
