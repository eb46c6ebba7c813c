/*
 * Perft: every position of the suites in testdata/perft/ is checked here
 * against routes that share as little as possible with the fast counter:
 *   - the fast generator's move list equals the slow reference's, at the
 *     root and at every node one ply below it;
 *   - the point-reflected position gives the suite's counts;
 *   - threads and the hash table give the suite's counts;
 *   - the leaf statistics agree with a plain recursive count (whose move
 *     lists are the reference's, by the first check), which tells en
 *     passant captures, castlings, guardings and swaps apart by what the
 *     move did to the board, not by the move's encoding;
 *   - the Diagonal Oblong suite reaches every kind of special move, and
 *     Plattraum's every kind of leaf (Liu Yang's swaps and cannon
 *     captures too).
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

/* What move m did, from the boards before and after it: cells that
 * gained a piece of the mover's colour (two for a paired move), whether
 * the royal moved (castling, not guarding), whether the royal and the
 * other piece only changed places (Plattraum Liu Yang's swap), and
 * whether an enemy piece vanished from a cell other than the target (en
 * passant). */
static void classify(const struct ob_position *before,
		     const struct ob_position *after, struct ob_perft_stats *s)
{
	int us = before->side, gained = 0, vanished_elsewhere = 0;
	int changed[2] = {-1, -1};
	for (int c = 0; c < OB_MAX_CELLS; c++) {
		ob_piece a = before->board[c], b = after->board[c];
		if (a == b)
			continue;
		if (b != OB_EMPTY && OB_PIECE_COLOR(b) == us) {
			if (gained < 2)
				changed[gained] = c;
			gained++;
		}
		if (a != OB_EMPTY && OB_PIECE_COLOR(a) != us && b == OB_EMPTY)
			vanished_elsewhere++;
	}
	if (gained == 2) {
		int x = changed[0], y = changed[1];
		bool royal = before->royal_cell[us] != after->royal_cell[us];
		bool exchange = before->board[x] == after->board[y] &&
				before->board[y] == after->board[x];
		if (royal && exchange)
			s->swaps++;
		else if (royal)
			s->castlings++;
		else
			s->guardings++; /* its pieces may exchange cells too */
	}
	s->en_passant += vanished_elsewhere > 0;
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
		struct ob_position before = *pos;
		ob_make(pos, moves[i], &u);
		/* A cannon's capture: the piece that moved is a cannon. */
		int kind = OB_PIECE_KIND(before.board[OB_MOVE_FROM(moves[i])]);
		bool cannon = pos->variant->kinds[kind].motion == OB_CANNON;
		st[ply + 1].captures += OB_MOVE_IS_CAPTURE(moves[i]);
		st[ply + 1].cannon_captures +=
			cannon && OB_MOVE_IS_CAPTURE(moves[i]);
		st[ply + 1].promotions += OB_MOVE_PROMO(moves[i]) >= 0;
		classify(&before, pos, &st[ply + 1]);
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
	       a->stalemates == b->stalemates &&
	       a->en_passant == b->en_passant &&
	       a->castlings == b->castlings && a->guardings == b->guardings &&
	       a->swaps == b->swaps && a->cannon_captures == b->cannon_captures;
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
}

/* Statistics of the whole suite, all plies added. */
static struct ob_perft_stats suite_total;

static void check_suite_position(struct suite_line *s, struct ob_perft_hash *hash,
			   int max_depth, int stats_depth, long *positions)
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

	/* Statistics with one and two threads against plain recursion. */
	struct ob_perft_stats fast[4], one[4], slow[4];
	memset(slow, 0, sizeof slow);
	ob_perft_collect_stats(&pos, stats_depth, fast, &threaded);
	ob_perft_collect_stats(&pos, stats_depth, one, NULL);
	recursive_stats(&pos, stats_depth, 0, slow);
	for (int d = 0; d <= stats_depth; d++) {
		CHECK(same_stats(&fast[d], &slow[d]), "%s: statistics at ply %d",
		      where, d);
		CHECK(same_stats(&one[d], &slow[d]),
		      "%s: statistics at ply %d, one thread", where, d);
		stats_add(&suite_total, &slow[d]);
	}
}

static void check_suite(const char *name, const struct ob_variant *v,
			long min_positions, int stats_depth)
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
	memset(&suite_total, 0, sizeof suite_total);
	while (fgets(s.text, sizeof s.text, f)) {
		if (s.text[0] == '#' || s.text[0] == '\n')
			continue;
		if (parse_line(v, &s))
			check_suite_position(&s, hash, max_depth, stats_depth,
					     &positions);
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
	check_suite("oblique.epd", ob_variant_find("oblique"), 40, 2);
	/* Neither variant has en passant or paired moves. */
	CHECK(suite_total.en_passant + suite_total.castlings +
			      suite_total.guardings ==
		      0,
	      "Oblique: no special moves");
	check_suite("raumschach.epd", ob_variant_find("raumschach"), 5, 2);
	/* Plattraum: promotions, checks and ends in every variant; Liu
	 * Yang's swaps and cannon captures. */
	static const char *const plattraum[] = {"plattraum-2p",
						"plattraum-multiple",
						"plattraum-knighted",
						"plattraum-liu-yang"};
	for (int i = 0; i < 4; i++) {
		char name[64];
		snprintf(name, sizeof name, "%s.epd", plattraum[i]);
		check_suite(name, ob_variant_find(plattraum[i]), 20, 2);
		CHECK(suite_total.promotions > 0 && suite_total.checks > 0 &&
			      suite_total.double_checks > 0 &&
			      suite_total.checkmates > 0 &&
			      suite_total.stalemates > 0 &&
			      suite_total.en_passant + suite_total.castlings +
					      suite_total.guardings ==
				      0,
		      "%s: every kind of leaf, no en passant, castling or "
		      "guarding",
		      plattraum[i]);
		CHECK((suite_total.swaps > 0 && suite_total.cannon_captures > 0) ==
			      (i == 3),
		      "%s: %llu swaps, %llu cannon captures", plattraum[i],
		      (unsigned long long)suite_total.swaps,
		      (unsigned long long)suite_total.cannon_captures);
	}
	check_suite("diagonal-oblong.epd", ob_variant_find("diagonal-oblong"),
		    25, 3);
	/* The suite reaches each special move, each check and end. */
	CHECK(suite_total.en_passant > 0 && suite_total.castlings > 0 &&
		      suite_total.guardings > 0,
	      "Diagonal Oblong: %llu en passant, %llu castlings, %llu "
	      "guardings",
	      (unsigned long long)suite_total.en_passant,
	      (unsigned long long)suite_total.castlings,
	      (unsigned long long)suite_total.guardings);
	CHECK(suite_total.promotions > 0 && suite_total.checkmates > 0 &&
		      suite_total.stalemates > 0 &&
		      suite_total.double_checks > 0,
	      "Diagonal Oblong: every kind of leaf");
}
