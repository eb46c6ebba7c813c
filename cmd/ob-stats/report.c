/* The report of ob-stats, a table per section; see report.h. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "html.h"
#include "json.h"
#include "options.h"
#include "partial.h"
#include "table.h"
#include "util.h"

/* ---- cells of figures ---- */

static void cell_u(struct table *t, uint64_t x)
{
	table_cell(t, "%llu", (unsigned long long)x);
}

/* 100 * part / whole with one decimal, or no value. */
static void cell_percent(struct table *t, uint64_t part, uint64_t whole)
{
	if (!whole)
		table_none(t);
	else
		table_cell(t, "%.1f", 100.0 * (double)part / (double)whole);
}

/*
 * Points: a win 1, a share of a draw 1/2 or 1/3.  Kept as whole points
 * and sixths, since an army's points are at most its games (within
 * 2^64 - 1) but their sixths may not be.
 */
struct points {
	uint64_t whole;
	int sixths; /* 0 to 5 */
};

/* Adds count results of score sixths each (result_score). */
static void points_add(struct points *p, int score, uint64_t count)
{
	uint64_t rest = count % 6 * (uint64_t)score; /* below 36 */
	p->whole += count / 6 * (uint64_t)score + rest / 6;
	p->sixths += (int)(rest % 6);
	if (p->sixths >= 6) {
		p->whole++;
		p->sixths -= 6;
	}
}

/* Whole, a half, or two decimals (thirds). */
static void cell_points(struct table *t, struct points p)
{
	static const char *const decimals[6] = {"", ".17", ".33", ".5",
						".67", ".83"};
	table_cell(t, "%llu%s", (unsigned long long)p.whole,
		   decimals[p.sixths]);
}

/* The points of finished games as a percentage of those games. */
static void cell_score(struct table *t, struct points p, uint64_t finished)
{
	if (!finished)
		table_none(t);
	else if (p.whole <= UINT64_MAX / 6 - 1 && finished <= UINT64_MAX / 6)
		cell_percent(t, p.whole * 6 + (uint64_t)p.sixths, 6 * finished);
	else
		table_cell(t, "%.1f",
			   100.0 * ((double)p.whole + p.sixths / 6.0) /
				   (double)finished);
}

static void cell_mean(struct table *t, uint64_t sum, uint64_t n)
{
	if (!n)
		table_none(t);
	else
		table_cell(t, "%.2f", (double)sum / (double)n);
}

/* ---- sections ---- */

static uint64_t valid_games(const struct group *g)
{
	return g->games - g->invalid;
}

/* The rank ceil(n * quarters / 4), for quarters 1 to 4, computed so that
 * no product passes 2^64 - 1. */
static uint64_t quartile_rank(uint64_t n, int quarters)
{
	uint64_t q = (uint64_t)quarters;
	return n / 4 * q + (n % 4 * q + 3) / 4;
}

/* The length at 1-based rank r (nearest rank) among games counted by
 * length, counts[k * stride] games of k plies for k below n. */
static size_t rank_length(const uint64_t *counts, size_t stride, size_t n,
			  uint64_t r)
{
	uint64_t seen = 0;
	for (size_t k = 0; k < n; k++) {
		seen += counts[k * stride];
		if (seen >= r)
			return k;
	}
	return 0;
}

/* The length at 1-based rank r among the valid games. */
static size_t length_at_rank(const struct group *g, uint64_t r)
{
	return rank_length(g->lengths, 1, g->nlengths, r);
}

static void section_length(struct table *t, const struct group *g)
{
	uint64_t n = valid_games(g);
	table_init(t, "length", "Length (plies)", true);
	static const char *const ids[] = {"plies", "min",  "q1", "median",
					  "q3",    "mean", "max"};
	for (int i = 0; i < 7; i++)
		table_col(t, ids[i], C_NUM);
	table_row(t);
	cell_u(t, g->plies);
	if (!n) {
		for (int i = 1; i < 7; i++)
			table_none(t);
		return;
	}
	/* min and max are ranks 1 and n */
	cell_u(t, length_at_rank(g, 1));
	cell_u(t, length_at_rank(g, quartile_rank(n, 1)));
	cell_u(t, length_at_rank(g, quartile_rank(n, 2)));
	cell_u(t, length_at_rank(g, quartile_rank(n, 3)));
	cell_mean(t, g->plies, n);
	cell_u(t, length_at_rank(g, n));
}

/* A bar's length of 40 for the most games, c / most * 40 rounded to the
 * nearest (at least 1 for some games), computed exactly: 40 * c may pass
 * 2^64 - 1. */
static int bar_length(uint64_t c, uint64_t most)
{
	/* 40 * c = bar * most + rest, adding c forty times modulo most */
	int bar = 0;
	uint64_t rest = 0;
	for (int i = 0; i < 40; i++) {
		if (rest >= most - c) {
			rest -= most - c;
			bar++;
		} else {
			rest += c;
		}
	}
	bar += rest >= most - most / 2; /* rounds half up */
	return c && !bar ? 1 : bar;
}

static void section_histogram(struct table *t, const struct group *g)
{
	uint64_t n = valid_games(g);
	table_init(t, "histogram", "", false);
	table_col(t, "from", C_NUM);
	table_col(t, "to", C_NUM);
	table_col(t, "games", C_NUM);
	table_col(t, "bar", C_BAR);
	if (!n) {
		snprintf(t->title, sizeof t->title, "Length histogram (plies)");
		return;
	}
	size_t lo = length_at_rank(g, 1), hi = length_at_rank(g, n), w = 1;
	/* the smallest width of 1, 2, 5, 10, 20, 50, ... giving at most 20 bins */
	for (int step = 0; hi / w - lo / w + 1 > 20; step++)
		w = w * (step % 3 == 1 ? 5 : 2) / (step % 3 == 1 ? 2 : 1);
	snprintf(t->title, sizeof t->title,
		 "Length histogram (plies, bins of %zu)", w);
	uint64_t most = 0;
	for (size_t b = lo / w; b <= hi / w; b++) {
		uint64_t c = 0;
		for (size_t k = b * w; k < (b + 1) * w && k < g->nlengths; k++)
			c += g->lengths[k];
		most = c > most ? c : most;
	}
	for (size_t b = lo / w; b <= hi / w; b++) {
		uint64_t c = 0;
		for (size_t k = b * w; k < (b + 1) * w && k < g->nlengths; k++)
			c += g->lengths[k];
		table_row(t);
		table_cell(t, "%zu", b * w);
		table_cell(t, "%zu", b * w + w - 1);
		cell_u(t, c);
		int bar = bar_length(c, most);
		char hashes[41];
		memset(hashes, '#', (size_t)bar);
		hashes[bar] = '\0';
		table_cell(t, "%s", hashes);
	}
}

/* Is name one of the '/'-separated names in list? */
static bool has_name(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		const char *end = strchr(p, '/');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && memcmp(p, name, n) == 0)
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

static void section_pieces(struct table *t, const struct group *g)
{
	static const char *const ids[] = {"moves",  "captures", "captured",
					  "checks", "mates",    "promotions"};
	struct rules r = rules_of(g->variants);
	table_init(t, "pieces",
		   !r.numbered   ? "Pieces (by the letter that moves)"
		   : !r.lettered ? "Pieces (by the code that moves)"
				 : "Pieces (by the letter or code that moves)",
		   false);
	table_col(t, "piece", C_TEXT);
	table_col(t, "name", C_TEXT);
	for (int i = 0; i < 6; i++)
		table_col(t, ids[i], C_NUM);
	/* the pieces of the variants played, in the order of their tables */
	bool done[MAX_PIECES] = {false};
	for (int v = 0; v < known.count; v++) {
		if (!(g->variants >> v & 1))
			continue;
		const struct ob_variant *var = known.list[v];
		for (int k = 0; k < var->nkinds; k++) {
			int p = known.piece[v][k];
			if (done[p])
				continue;
			done[p] = true;
			struct buf names = {0};
			for (int u = v; u < known.count; u++) {
				if (!(g->variants >> u & 1))
					continue;
				const struct ob_variant *o = known.list[u];
				for (int j = 0; j < o->nkinds; j++) {
					const char *name = o->kinds[j].name;
					if (known.piece[u][j] != p ||
					    has_name(names.p, name))
						continue;
					if (names.len)
						buf_puts(&names, "/");
					buf_puts(&names, name);
				}
			}
			const struct kind_figures *f = &g->kinds[p];
			table_row(t);
			table_cell(t, "%s", known.piece_name[p]);
			table_cell(t, "%s", names.p);
			free(names.p);
			cell_u(t, f->moves);
			cell_u(t, f->captures);
			cell_u(t, f->captured);
			cell_u(t, f->checks);
			cell_u(t, f->mates);
			cell_u(t, f->promotions);
		}
	}
}

/* total / n with two decimals, or no value. */
static void cell_ratio(struct table *t, uint64_t total, uint64_t n,
		       double times)
{
	if (!n)
		table_none(t);
	else
		table_cell(t, "%.2f", times * (double)total / (double)n);
}

/* The captures, checks and mates of all the pieces, per valid game and
 * per 100 plies.  Each sum is within 2^64 - 1: a piece captures and
 * checks at most once a move, and the moves add up to the plies. */
static void section_rates(struct table *t, const struct group *g)
{
	uint64_t sums[3] = {0, 0, 0};
	for (int p = 0; p < known.npieces; p++) {
		sums[0] += g->kinds[p].captures;
		sums[1] += g->kinds[p].checks;
		sums[2] += g->kinds[p].mates;
	}
	static const char *const figures[3] = {"captures", "checks", "mates"};
	table_init(t, "rates", "Rates (per game and per 100 plies)", false);
	table_col(t, "figure", C_TEXT);
	table_col(t, "total", C_NUM);
	table_col(t, "per_game", C_NUM);
	table_col(t, "per_100_plies", C_NUM);
	for (int i = 0; i < 3; i++) {
		table_row(t);
		table_cell(t, "%s", figures[i]);
		cell_u(t, sums[i]);
		cell_ratio(t, sums[i], valid_games(g), 1);
		cell_ratio(t, sums[i], g->plies, 100);
	}
}

/* The special moves (and cannon captures) of a group whose variants
 * have any; the columns are those of the variants of the whole report,
 * the same for every group. */
static bool section_special(struct table *t, const struct group *g,
			    unsigned run)
{
	struct rules r = rules_of(g->variants), all = rules_of(run);
	if (!r.castling && !r.guarding && !r.en_passant && !r.swap &&
	    !r.cannon)
		return false;
	uint64_t cannon = 0;
	for (int p = 0; p < known.npieces; p++)
		if (known.cannon[p])
			cannon += g->kinds[p].captures;
	static const char *const ids[] = {"castlings", "guardings",
					  "en_passant", "swaps",
					  "cannon_captures"};
	const bool shown[] = {all.castling, all.guarding, all.en_passant,
			      all.swap, all.cannon};
	const uint64_t counts[] = {g->castlings, g->guardings, g->en_passant,
				   g->swaps, cannon};
	table_init(t, "special", "Special moves", true);
	for (int c = 0; c < 5; c++)
		if (shown[c])
			table_col(t, ids[c], C_NUM);
	table_row(t);
	for (int c = 0; c < 5; c++)
		if (shown[c])
			cell_u(t, counts[c]);
	return true;
}

static int level_count(unsigned variants)
{
	int n = 0;
	for (int v = 0; v < known.count; v++)
		if ((variants >> v & 1) && known.levels[v] > n)
			n = known.levels[v];
	return n;
}

struct ranked {
	const char *moves;
	const struct opening *o;
	uint64_t games;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return strcmp(x->moves, y->moves);
}

/* An opening's games won by army a (of two or of three armies). */
static uint64_t opening_wins(const uint64_t *r, int a)
{
	uint64_t n = 0;
	for (int i = 0; i < RESULT_UNFINISHED; i++)
		n += result_score(i, a) == 6 ? r[i] : 0;
	return n;
}

static void section_openings(struct table *t, const struct group *g,
			     unsigned run)
{
	char title[96];
	snprintf(title, sizeof title, "Openings (first %d pl%s)", opt.openings,
		 opt.openings == 1 ? "y" : "ies");
	table_init(t, "openings", title, false);
	/* the first army's points and score; its name that of the whole
	 * report's games, so that every group has the same columns; with
	 * three armies, each army's wins before the draws */
	struct rules all = rules_of(run);
	bool armies = all.numbered && !all.lettered;
	const char *const two_ids[] = {"games",
				       armies ? "army_1_wins" : "white_wins",
				       "draws",
				       armies ? "army_2_wins" : "black_wins",
				       "unfinished",
				       "points",
				       "score"};
	const char *const three_ids[] = {"games", "army_1_wins", "army_2_wins",
					 "army_3_wins", "draws", "unfinished",
					 "points", "score"};
	const char *const *ids = all.three ? three_ids : two_ids;
	int nids = all.three ? 8 : 7;
	table_col(t, "moves", C_TEXT);
	for (int i = 0; i < nids; i++)
		table_col(t, ids[i], C_NUM);
	size_t n = g->openings.count;
	struct ranked *list = malloc((n + 1) * sizeof *list);
	if (!list)
		util_out_of_memory();
	size_t k = 0;
	for (size_t i = 0; i < g->openings.cap; i++) {
		const struct strmap_entry *e = &g->openings.slots[i];
		if (!e->key)
			continue;
		list[k].moves = e->key;
		list[k].o = e->value;
		list[k].games = 0;
		for (int r = 0; r < NRESULTS; r++)
			list[k].games += list[k].o->results[r];
		k++;
	}
	qsort(list, n, sizeof *list, ranked_cmp);
	if (opt.top > 0 && (size_t)opt.top < n)
		n = (size_t)opt.top;
	for (size_t i = 0; i < n; i++) {
		const uint64_t *r = list[i].o->results;
		uint64_t finished = list[i].games - r[RESULT_UNFINISHED];
		uint64_t won = 0;
		struct points points = {0};
		for (int a = 0; a < OB_MAX_ARMIES; a++)
			won += opening_wins(r, a);
		for (int x = 0; x < RESULT_UNFINISHED; x++)
			points_add(&points, result_score(x, 0), r[x]);
		table_row(t);
		table_cell(t, "%s", list[i].moves);
		cell_u(t, list[i].games);
		cell_u(t, opening_wins(r, 0));
		if (!all.three)
			cell_u(t, finished - won);
		cell_u(t, opening_wins(r, 1));
		if (all.three) {
			cell_u(t, opening_wins(r, 2));
			cell_u(t, finished - won);
		}
		cell_u(t, r[RESULT_UNFINISHED]);
		cell_points(t, points);
		cell_score(t, points, finished);
	}
	free(list);
}

/* The label of result r in a group of those variants: the side's name,
 * or the army's in Plattraum. */
static const char *result_label(int r, unsigned variants)
{
	static const char *const labels[NRESULTS2][3] = {
		{"White wins", "White or army 1 wins", "army 1 wins"},
		{"Black wins", "Black or army 2 wins", "army 2 wins"},
		{"draws", "draws", "draws"}};
	static const char *const three[NRESULTS - NRESULTS2] = {
		"army 1 wins",		"army 2 wins",
		"army 3 wins",		"armies 1 and 2 draw",
		"armies 1 and 3 draw",	"armies 2 and 3 draw",
		"all three draw",	"unfinished"};
	struct rules rs = rules_of(variants);
	if (r >= NRESULTS2)
		return three[r - NRESULTS2];
	return labels[r][!rs.numbered ? 0 : rs.lettered ? 1 : 2];
}

/* The variants a group's rows are for: those of its valid games, or
 * -V's when it has none. */
static unsigned row_variants(const struct group *g)
{
	return g->variants ? g->variants : 1u << variant_index(opt.variant);
}

/* The results a group of those variants shows: those of two armies and
 * of three as its variants have them, and *. */
static bool result_shown(int r, unsigned variants)
{
	struct rules rs = rules_of(variants);
	return r == RESULT_UNFINISHED ||
	       (result_of_three(r) ? rs.three : rs.two);
}

/* The length of the games of each result, as the length section gives
 * that of all: the games, the shortest, the quartiles by nearest rank,
 * the mean and the longest; no value for a result of no games, nor for
 * any when some games' lengths were not kept by result (g->unsplit). */
static void section_length_by_result(struct table *t, const struct group *g)
{
	static const char *const ids[] = {"games", "min", "q1", "median",
					  "q3", "mean", "max"};
	table_init(t, "length_by_result", "Length by result (plies)", false);
	table_col(t, "result", C_TEXT);
	table_col(t, "marker", C_TEXT);
	for (int i = 0; i < 7; i++)
		table_col(t, ids[i], C_NUM);
	for (int r = 0; r < NRESULTS; r++) {
		if (!result_shown(r, row_variants(g)))
			continue;
		uint64_t n = g->results[r], plies = 0;
		const uint64_t *counts = g->by_result ? &g->by_result[r] : NULL;
		table_row(t);
		table_cell(t, "%s", result_label(r, g->variants));
		table_cell(t, "%s", result_marker[r]);
		cell_u(t, n);
		if (!n || g->unsplit || !counts) {
			for (int i = 1; i < 7; i++)
				table_none(t);
			continue;
		}
		/* within the plies of all the games, which fit */
		for (size_t k = 0; k < g->nlengths; k++)
			plies += counts[k * NRESULTS] * k;
		cell_u(t, rank_length(counts, NRESULTS, g->nlengths, 1));
		for (int q = 1; q <= 3; q++)
			cell_u(t, rank_length(counts, NRESULTS, g->nlengths,
					      quartile_rank(n, q)));
		cell_mean(t, plies, n);
		cell_u(t, rank_length(counts, NRESULTS, g->nlengths, n));
	}
}

/* With three armies: each army's wins, draws and points (from the
 * results), the eliminations it made and suffered, and by whom. */
static void section_armies(struct table *t, const struct group *g)
{
	static const char *const ids[] = {
		"wins",	     "draws",	  "points",    "eliminations",
		"eliminated", "by_army_1", "by_army_2", "by_army_3",
		"no_move"};
	table_init(t, "armies",
		   "Armies (three players: eliminated by an army, or for want "
		   "of a move)",
		   false);
	table_col(t, "army", C_NUM);
	for (int i = 0; i < 9; i++)
		table_col(t, ids[i], C_NUM);
	for (int a = 0; a < OB_MAX_ARMIES; a++) {
		uint64_t wins = 0, draws = 0, made = 0, out = 0;
		struct points points = {0};
		for (int r = 0; r < RESULT_UNFINISHED; r++) {
			if (!result_of_three(r))
				continue;
			int score = result_score(r, a);
			wins += score == 6 ? g->results[r] : 0;
			draws += score && score < 6 ? g->results[r] : 0;
			points_add(&points, score, g->results[r]);
		}
		for (int b = 0; b < OB_MAX_ARMIES; b++) {
			made += g->eliminated[b][a];
			out += g->eliminated[a][b];
		}
		table_row(t);
		table_cell(t, "%d", a + 1);
		cell_u(t, wins);
		cell_u(t, draws);
		cell_points(t, points);
		cell_u(t, made);
		cell_u(t, out);
		for (int b = 0; b < OB_MAX_ARMIES; b++)
			cell_u(t, g->eliminated[a][b]);
		cell_u(t, g->no_move[a]);
	}
}

bool report_section(enum section sec, const struct group *g, unsigned run,
		    struct table *t)
{
	uint64_t n = valid_games(g);
	switch (sec) {
	case SEC_GAMES:
		table_init(t, "games", "Games", true);
		table_col(t, "games", C_NUM);
		table_col(t, "valid", C_NUM);
		table_col(t, "invalid", C_NUM);
		table_row(t);
		cell_u(t, g->games);
		cell_u(t, n);
		cell_u(t, g->invalid);
		return true;
	case SEC_RESULTS:
		table_init(t, "results", "Results", false);
		table_col(t, "result", C_TEXT);
		table_col(t, "marker", C_TEXT);
		table_col(t, "games", C_NUM);
		table_col(t, "percent", C_NUM);
		for (int i = 0; i < NRESULTS; i++) {
			if (!result_shown(i, row_variants(g)))
				continue;
			table_row(t);
			table_cell(t, "%s", result_label(i, g->variants));
			table_cell(t, "%s", result_marker[i]);
			cell_u(t, g->results[i]);
			cell_percent(t, g->results[i], n);
		}
		return true;
	case SEC_TERMINATIONS:
		table_init(t, "terminations", "Terminations", false);
		table_col(t, "termination", C_TEXT);
		table_col(t, "games", C_NUM);
		table_col(t, "percent", C_NUM);
		for (int i = 0; i < NENDS; i++) {
			/* the ends the variants have: checkmate and stalemate
			 * end two armies' games only, the last army three's;
			 * the far corner and insufficient material only the
			 * games of a variant played with that rule */
			struct rules rs = rules_of(row_variants(g)),
				     played = rules_of(g->variants);
			bool two_only = i == END_CHECKMATE ||
					end_order_of(i) == OB_END_STALEMATE;
			if ((i == END_FAR_CORNER && !played.far_corner) ||
			    (i == END_INSUFFICIENT && !played.insufficient) ||
			    (i == END_LAST_ARMY && !rs.three) ||
			    (two_only && !rs.two))
				continue;
			table_row(t);
			table_cell(t, "%s", end_label[i]);
			cell_u(t, g->ends[i]);
			cell_percent(t, g->ends[i], n);
		}
		return true;
	case SEC_ARMIES:
		if (!rules_of(row_variants(g)).three)
			return false;
		section_armies(t, g);
		return true;
	case SEC_LENGTH:
		section_length(t, g);
		return true;
	case SEC_HISTOGRAM:
		section_histogram(t, g);
		return true;
	case SEC_LENGTH_BY_RESULT:
		section_length_by_result(t, g);
		return true;
	case SEC_PIECES:
		section_pieces(t, g);
		return true;
	case SEC_RATES:
		section_rates(t, g);
		return true;
	case SEC_SPECIAL:
		return section_special(t, g, run);
	case SEC_BRANCHING: {
		table_init(t, "branching",
			   "Branching factor (legal moves where a move was "
			   "played)",
			   false);
		table_col(t, "phase", C_TEXT);
		table_col(t, "positions", C_NUM);
		table_col(t, "moves", C_NUM);
		table_col(t, "mean", C_NUM);
		uint64_t pos = 0, legal = 0;
		for (int p = 0; p < NPHASES; p++) {
			pos += g->positions[p];
			legal += g->legal[p];
		}
		table_row(t);
		table_cell(t, "all");
		cell_u(t, pos);
		cell_u(t, legal);
		cell_mean(t, legal, pos);
		for (int p = 0; p < NPHASES; p++) {
			table_row(t);
			table_cell(t, "%s", phase_label[p]);
			cell_u(t, g->positions[p]);
			cell_u(t, g->legal[p]);
			cell_mean(t, g->legal[p], g->positions[p]);
		}
		return true;
	}
	case SEC_LEVELS: {
		int levels = level_count(g->variants);
		if (!levels)
			return false;
		table_init(t, "levels", "Levels (moves ending on each level)",
			   false);
		table_col(t, "level", C_TEXT);
		table_col(t, "moves", C_NUM);
		table_col(t, "percent", C_NUM);
		uint64_t all = 0;
		for (int l = 0; l < levels; l++)
			all += g->levels[l];
		for (int l = 0; l < levels; l++) {
			table_row(t);
			table_cell(t, "%c", 'A' + l);
			cell_u(t, g->levels[l]);
			cell_percent(t, g->levels[l], all);
		}
		return true;
	}
	case SEC_OPENINGS:
		if (!opt.openings)
			return false;
		section_openings(t, g, run);
		return true;
	case NSECTIONS:
		break;
	}
	return false;
}

/* ---- the whole report ---- */

static void flush_buf(struct buf *b)
{
	if (b->len && fwrite(b->p, 1, b->len, stdout) != b->len)
		util_check_output();
	b->len = 0;
}

/* A tag value as in a PGN tag pair: quotes and backslashes escaped, each
 * ill-formed UTF-8 part as U+FFFD. */
static void tag_pair(struct buf *b, const char *name, const char *value)
{
	buf_printf(b, "[%s \"", name);
	for (const char *p = value; *p;) {
		if (*p == '"' || *p == '\\')
			buf_puts(b, "\\");
		p += buf_add_char(b, p);
	}
	buf_puts(b, "\"]\n");
}

void report_write(struct stats *st)
{
	struct buf b = {0};
	if (!opt.by)
		stats_group(st, ""); /* a report even without games */
	struct strmap_entry **groups = strmap_sorted(&st->groups);
	size_t ngroups = st->groups.count;
	unsigned run = stats_variants(st);
	struct table t;

	switch (opt.format) {
	case FMT_TEXT:
		for (size_t i = 0; i < ngroups; i++) {
			if (opt.by) {
				buf_puts(&b, i ? "\n" : "");
				tag_pair(&b, opt.by, groups[i]->key);
			}
			for (int s = 0; s < NSECTIONS; s++) {
				if (!report_section(s, groups[i]->value, run, &t))
					continue;
				if (s || opt.by)
					buf_puts(&b, "\n");
				table_text(&b, &t);
				table_free(&t);
			}
			flush_buf(&b);
		}
		break;
	case FMT_JSON:
		if (opt.by) {
			buf_puts(&b, "{\"by\":");
			json_text(&b, opt.by);
			buf_puts(&b, ",\"groups\":[");
		}
		for (size_t i = 0; i < ngroups; i++) {
			const char *indent = opt.by ? " " : "";
			if (opt.by) {
				buf_puts(&b, i ? ",\n{\"value\":" : "\n{\"value\":");
				json_text(&b, groups[i]->key);
			} else {
				buf_puts(&b, "{");
			}
			bool first = !opt.by;
			for (int s = 0; s < NSECTIONS; s++) {
				if (!report_section(s, groups[i]->value, run, &t))
					continue;
				buf_puts(&b, first ? "\n" : ",\n");
				first = false;
				table_json(&b, &t, indent);
				table_free(&t);
			}
			buf_puts(&b, "}");
			flush_buf(&b);
		}
		buf_puts(&b, opt.by ? "]}\n" : "\n");
		break;
	case FMT_TSV:
		for (int s = 0, printed = 0; s < NSECTIONS; s++) {
			bool header = false;
			for (size_t i = 0; i < ngroups; i++) {
				if (!report_section(s, groups[i]->value, run, &t))
					continue;
				if (!header) {
					buf_printf(&b, "%s# %s\n",
						   printed++ ? "\n" : "", t.id);
					table_tsv_header(&b, &t, opt.by);
					header = true;
				}
				table_tsv_rows(&b, &t,
						opt.by ? groups[i]->key : NULL);
				table_free(&t);
				flush_buf(&b);
			}
		}
		break;
	case FMT_HTML:
		html_write(stdout, groups, ngroups, st);
		break;
	case FMT_PARTIAL:
		partial_write(&b, st, stdout);
		break;
	}
	flush_buf(&b);
	free(b.p);
	free(groups);
	util_check_output();
}

const struct ob_variant *report_board(const struct stats *st,
				      const char *option)
{
	struct buf mix = {0};
	const struct ob_variant *v = stats_board(st, &mix);
	if (!v) {
		util_warn("%s: the games are on the boards of several variants "
			  "(%s), and its output holds one",
			  option, mix.p);
		exit(EXIT_USAGE);
	}
	return v;
}

void report_cells(const struct stats *st, FILE *f)
{
	const struct ob_variant *v = report_board(st, "--cells");
	int n = ob_cell_count(v);
	uint64_t cells[OB_MAX_CELLS];
	stats_cells(st, v, cells);
	fprintf(f, "#variant %s\n", v->name);
	for (int c = 0; c < n; c++) {
		char name[8];
		ob_cell_name(v, c, name);
		fprintf(f, "%s %llu\n", name, (unsigned long long)cells[c]);
	}
	if (f == stdout)
		util_check_output();
}
