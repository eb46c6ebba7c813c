/* Tallying games into groups, and adding figures together; see tally.h. */
#include "tally.h"

#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "options.h"
#include "util.h"

const char *const result_marker[NRESULTS] = {
	"1-0",	     "0-1",	  "1/2-1/2",	 "1-0-0",
	"0-1-0",     "0-0-1",	  "1/2-1/2-0",	 "1/2-0-1/2",
	"0-1/2-1/2", "1/3-1/3-1/3", "*"};

bool result_of_three(int r)
{
	return r >= NRESULTS2 && r < RESULT_UNFINISHED;
}

int result_score(int r, int a)
{
	/* by army: 1-0, 0-1, 1/2-1/2, then three armies', then * */
	static const int8_t scores[NRESULTS][OB_MAX_ARMIES] = {
		{6, 0, 0}, {0, 6, 0}, {3, 3, 0}, {6, 0, 0}, {0, 6, 0},
		{0, 0, 6}, {3, 3, 0}, {3, 0, 3}, {0, 3, 3}, {2, 2, 2},
		{0, 0, 0}};
	return scores[r][a];
}

/* The enum ob_game_end of each termination. */
static const enum ob_game_end end_order[NENDS] = {
	OB_END_CHECKMATE,   OB_END_FAR_CORNER,
	OB_END_LAST_ARMY,   OB_END_STALEMATE,
	OB_END_INSUFFICIENT_MATERIAL,
	OB_END_THREEFOLD,   OB_END_FIFTY_MOVES,
	OB_END_NONE};
enum ob_game_end end_order_of(int i)
{
	return end_order[i];
}

const char *const end_label[NENDS] = {
	"checkmate",	 "far-corner win",
	"last army left", "stalemate",
	"insufficient material",
	"threefold repetition", "100 half-moves",
	"none recorded"};

const char *const phase_label[NPHASES] = {"1-20", "21-60", "61-"};

struct known_variants known;

void group_free(void *p)
{
	struct group *g = p;
	free(g->lengths);
	free(g->by_result);
	strmap_free(&g->openings, NULL);
}

struct group *stats_group(struct stats *st, const char *value)
{
	return strmap_get(&st->groups, value, sizeof(struct group));
}

void stats_free(struct stats *st)
{
	strmap_free(&st->groups, group_free);
	strmap_free(&st->inputs, NULL);
}

void stats_input(struct stats *st, const struct digest *d)
{
	char hex[DIGEST_HEX + 1];
	digest_hex(d, hex);
	struct input *in = strmap_get(&st->inputs, hex, sizeof *in);
	in->games = d->games;
	in->times++;
}

/* Adds x to *to; false (leaving *to, and saying so in *o unless o is
 * NULL or holds an overflow already) when the sum passes 2^64 - 1. */
static bool add(uint64_t *to, uint64_t x, const char *member,
		struct overflow *o)
{
	if (*to + x >= x) {
		*to += x;
		return true;
	}
	if (o && !o->member)
		*o = (struct overflow){member, *to, x};
	return false;
}

static bool add_all(uint64_t *to, const uint64_t *from, size_t n,
		    const char *member, struct overflow *o)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++)
		ok &= add(&to[i], from[i], member, o);
	return ok;
}

/* Makes room for lengths up to length in the histogram and in the
 * lengths by result. */
static void lengths_room(struct group *g, size_t length)
{
	if (length < g->nlengths)
		return;
	size_t n = g->nlengths ? g->nlengths : 64;
	while (n <= length)
		n *= 2;
	uint64_t *p = realloc(g->lengths, n * sizeof *p);
	uint64_t *q = p ? realloc(g->by_result, n * NRESULTS * sizeof *q)
			: NULL;
	if (!q)
		util_out_of_memory();
	memset(p + g->nlengths, 0, (n - g->nlengths) * sizeof *p);
	memset(q + g->nlengths * NRESULTS, 0,
	       (n - g->nlengths) * NRESULTS * sizeof *q);
	g->lengths = p;
	g->by_result = q;
	g->nlengths = n;
}

bool lengths_add(struct group *g, size_t length, uint64_t count)
{
	lengths_room(g, length);
	return add(&g->lengths[length], count, "lengths", NULL);
}

bool lengths_add_result(struct group *g, size_t length, int r,
			uint64_t count)
{
	lengths_room(g, length);
	return add(&g->by_result[length * NRESULTS + (size_t)r], count,
		   "lengths_by_result", NULL);
}

bool group_sums(const struct group *g, struct overflow *o)
{
	uint64_t eliminations = 0, legal = 0;
	bool ok = true;
	for (int a = 0; a < OB_MAX_ARMIES; a++)
		for (int b = 0; b < OB_MAX_ARMIES; b++)
			ok &= add(&eliminations, g->eliminated[a][b],
				  "eliminations", o);
	for (int p = 0; p < NPHASES; p++)
		ok &= add(&legal, g->legal[p], "branching", o);
	return ok;
}

bool group_merge(struct group *to, const struct group *from,
		 struct overflow *o)
{
	bool ok = add(&to->games, from->games, "games", o);
	ok &= add(&to->invalid, from->invalid, "invalid", o);
	to->variants |= from->variants;
	ok &= add_all(to->results, from->results, NRESULTS, "results", o);
	ok &= add_all(to->ends, from->ends, NENDS, "terminations", o);
	for (size_t k = 0; k < from->nlengths; k++)
		if (from->lengths[k]) {
			lengths_room(to, k);
			ok &= add(&to->lengths[k], from->lengths[k], "lengths",
				  o);
			ok &= add_all(&to->by_result[k * NRESULTS],
				      &from->by_result[k * NRESULTS], NRESULTS,
				      "lengths_by_result", o);
		}
	ok &= add(&to->plies, from->plies, "lengths", o);
	ok &= add(&to->unsplit, from->unsplit, "lengths_by_result", o);
	for (int i = 0; i < MAX_PIECES; i++) {
		struct kind_figures *a = &to->kinds[i];
		const struct kind_figures *b = &from->kinds[i];
		ok &= add(&a->moves, b->moves, "pieces", o);
		ok &= add(&a->captures, b->captures, "pieces", o);
		ok &= add(&a->captured, b->captured, "pieces", o);
		ok &= add(&a->checks, b->checks, "pieces", o);
		ok &= add(&a->mates, b->mates, "pieces", o);
		ok &= add(&a->promotions, b->promotions, "pieces", o);
	}
	ok &= add(&to->castlings, from->castlings, "special", o);
	ok &= add(&to->guardings, from->guardings, "special", o);
	ok &= add(&to->en_passant, from->en_passant, "special", o);
	ok &= add(&to->swaps, from->swaps, "special", o);
	ok &= add_all(to->positions, from->positions, NPHASES, "branching",
		      o);
	ok &= add_all(to->legal, from->legal, NPHASES, "branching", o);
	ok &= add_all(to->levels, from->levels, MAX_LEVELS, "levels", o);
	for (int a = 0; a < OB_MAX_ARMIES; a++)
		ok &= add_all(to->eliminated[a], from->eliminated[a],
			      OB_MAX_ARMIES, "eliminations", o);
	ok &= add_all(to->no_move, from->no_move, OB_MAX_ARMIES,
		      "eliminations", o);
	for (size_t i = 0; i < from->openings.cap; i++) {
		const struct strmap_entry *e = &from->openings.slots[i];
		if (!e->key)
			continue;
		struct opening *op =
			strmap_get(&to->openings, e->key, sizeof *op);
		const struct opening *src = e->value;
		ok &= add_all(op->results, src->results, NRESULTS, "openings",
			      o);
	}
	return ok && group_sums(to, o);
}

bool stats_merge(struct stats *to, const struct stats *from)
{
	bool ok = true;
	for (size_t i = 0; i < from->groups.cap; i++) {
		const struct strmap_entry *e = &from->groups.slots[i];
		if (e->key)
			ok &= group_merge(stats_group(to, e->key), e->value,
					  NULL);
	}
	for (int v = 0; v < MAX_VARIANTS; v++)
		ok &= add_all(to->cells[v], from->cells[v], OB_MAX_CELLS,
			      "cells", NULL);
	return ok;
}

unsigned stats_variants(const struct stats *st)
{
	unsigned variants = 0;
	for (size_t i = 0; i < st->groups.cap; i++)
		if (st->groups.slots[i].key)
			variants |= ((const struct group *)
					     st->groups.slots[i].value)
					    ->variants;
	return variants;
}

const struct ob_variant *stats_board(const struct stats *st, struct buf *mix)
{
	unsigned variants = stats_variants(st);
	const struct ob_variant *first = NULL;
	bool mixed = false;
	for (int v = 0; v < known.count; v++) {
		if (!(variants >> v & 1))
			continue;
		if (!first)
			first = known.list[v];
		mixed = mixed || known.list[v]->board != first->board;
	}
	if (!mixed)
		return first ? first : opt.variant;
	for (int v = 0, n = 0; v < known.count; v++)
		if (variants >> v & 1)
			buf_printf(mix, "%s%s", n++ ? ", " : "",
				   known.list[v]->name);
	return NULL;
}

void stats_cells(const struct stats *st, const struct ob_variant *board,
		 uint64_t cells[OB_MAX_CELLS])
{
	memset(cells, 0, OB_MAX_CELLS * sizeof *cells);
	for (int v = 0; v < known.count; v++)
		if (known.list[v]->board == board->board)
			for (int c = 0; c < OB_MAX_CELLS; c++)
				cells[c] += st->cells[v][c];
}

/* ---- what each variant's tables mean to the figures ---- */

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The piece names: every letter, and the codes of the variants. */
static void known_pieces(const struct ob_variant *const *all, int n)
{
	for (int l = 0; l < 26; l++)
		known.piece_name[known.npieces++][0] = (char)('A' + l);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < all[i]->nkinds; k++) {
			const char *code = ob_kind_code(all[i], k);
			if (piece_index(code) >= 0)
				continue;
			/* the library's 26 + 16 names fit with room */
			if (strlen(code) >= sizeof known.piece_name[0] ||
			    known.npieces == MAX_PIECES) {
				util_warn("internal error: no room for the "
					  "piece %s of %s",
					  code, all[i]->name);
				abort();
			}
			strcpy(known.piece_name[known.npieces++], code);
		}
	qsort(known.piece_name, (size_t)known.npieces,
	      sizeof known.piece_name[0], name_cmp);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < all[i]->nkinds; k++) {
			int p = piece_index(ob_kind_code(all[i], k));
			known.piece[i][k] = (int8_t)p;
			known.cannon[p] |= all[i]->kinds[k].motion == OB_CANNON;
		}
}

int piece_index(const char *name)
{
	for (int p = 0; p < known.npieces; p++)
		if (strcmp(known.piece_name[p], name) == 0)
			return p;
	return -1;
}

void known_init(void)
{
	const struct ob_variant *const *all = ob_variants();
	int nall = 0;
	while (all[nall] && nall < MAX_VARIANTS)
		nall++;
	known_pieces(all, nall);
	for (int i = 0; i < nall; i++) {
		const struct ob_variant *v = all[i];
		known.list[known.count] = v;
		int dim = -1;
		const struct ob_board *b = v->board;
		for (int d = 0; d < b->ndims; d++)
			if (b->ndims == 3 && strcmp(b->dim_name[d], "level") == 0 &&
			    b->extent[d] <= MAX_LEVELS)
				dim = d;
		known.levels[i] = dim >= 0 ? b->extent[dim] : 0;
		int n = ob_cell_count(v);
		for (int c = 0; c < OB_MAX_CELLS; c++) {
			int coords[OB_MAX_DIMS];
			known.level[i][c] = -1;
			if (dim >= 0 && c < n) {
				ob_cell_coords(v, c, coords);
				known.level[i][c] = (int8_t)coords[dim];
			}
		}
		known.count++;
	}
}

struct rules rules_of(unsigned variants)
{
	struct rules r = {0};
	for (int i = 0; i < known.count; i++) {
		if (!(variants >> i & 1))
			continue;
		const struct ob_variant *v = known.list[i];
		for (int p = 0; p < v->npairs; p++) {
			r.castling |= v->pairs[p].type == OB_CASTLING;
			r.guarding |= v->pairs[p].type == OB_GUARDING;
			r.swap |= v->pairs[p].type == OB_SWAP;
		}
		r.en_passant |= v->pawn->en_passant;
		for (int k = 0; k < v->nkinds; k++)
			r.cannon |= v->kinds[k].motion == OB_CANNON;
		r.far_corner |= v->far_corner != NULL;
		r.insufficient |= v->dead_position != NULL;
		if (ob_variant_has_codes(v))
			r.numbered++;
		else
			r.lettered++;
		r.two |= ob_armies(v) == 2;
		r.three |= ob_armies(v) > 2;
	}
	return r;
}

int variant_index(const struct ob_variant *v)
{
	for (int i = 0; i < known.count; i++)
		if (known.list[i] == v)
			return i;
	return 0;
}

static int result_index(const char *marker)
{
	for (int i = 0; i < NRESULTS; i++)
		if (strcmp(marker, result_marker[i]) == 0)
			return i;
	return NRESULTS - 1;
}

static int end_index(enum ob_game_end e)
{
	for (int i = 0; i < NENDS; i++)
		if (end_order[i] == e)
			return i;
	return NENDS - 1;
}

/* ---- one game ---- */

/* Three armies, after army mover's move (settled): does it attack
 * another army's Grandduke (the move's "+")? */
static bool attacks_another(const struct ob_position *pos, int mover)
{
	for (int a = 0; a < ob_armies(pos->variant); a++)
		if (a != mover && pos->royal_cell[a] >= 0 &&
		    ob_attacked(pos, pos->royal_cell[a], mover))
			return true;
	return false;
}

/* The armies the move eliminated, and by whom: settling credits an army
 * left without a legal move to the mover, and only such an army (an
 * attack is always by the army next in turn, never the mover). */
static void count_eliminations(struct group *gr, const struct ob_undo *u)
{
	for (int i = 0; i < u->neliminated; i++) {
		int out = u->eliminated[i], by = u->eliminated_by[i];
		gr->eliminated[out][by]++;
		gr->no_move[out] += by == u->mover;
	}
}

/* Adds a valid game's figures to its group. */
static void tally(struct stats *st, struct group *gr, const struct ob_game *g)
{
	const struct ob_variant *v = g->variant;
	int vi = variant_index(v);
	const int8_t *piece = known.piece[vi], *level = known.level[vi];
	int res = result_index(g->termination);
	gr->variants |= 1u << vi;
	gr->results[res]++;
	gr->ends[end_index(g->end)]++;
	lengths_add(gr, (size_t)g->plies, 1);
	lengths_add_result(gr, (size_t)g->plies, res, 1);
	gr->plies += (uint64_t)g->plies;

	struct ob_position pos = g->start;
	struct buf seq = {0};
	bool three = ob_armies(v) > 2;
	int ply = 0;
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		if (t->type != OB_TOKEN_MOVE || t->depth != 0 ||
		    t->move == OB_MOVE_NONE)
			continue;
		ob_move m = t->move;
		int phase = ply < 20 ? 0 : ply < 60 ? 1 : 2;
		gr->positions[phase]++;
		gr->legal[phase] += (uint64_t)ob_legal_count(&pos);
		int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
		struct kind_figures *mover =
			&gr->kinds[piece[OB_PIECE_KIND(pos.board[from])]];
		mover->moves++;
		if (OB_MOVE_IS_CAPTURE(m)) {
			int at = OB_MOVE_SPECIAL(m) == OB_EN_PASSANT
					 ? pos.ep_victim
					 : to;
			mover->captures++;
			if (at >= 0 && pos.board[at] != OB_EMPTY)
				gr->kinds[piece[OB_PIECE_KIND(pos.board[at])]]
					.captured++;
		}
		if (OB_MOVE_PROMO(m) >= 0)
			gr->kinds[piece[OB_MOVE_PROMO(m)]].promotions++;
		if (OB_MOVE_SPECIAL(m) == OB_EN_PASSANT)
			gr->en_passant++;
		else if (OB_MOVE_SPECIAL(m) == OB_PAIRED) {
			switch (v->pairs[OB_MOVE_PAIR(m)].type) {
			case OB_CASTLING:
				gr->castlings++;
				break;
			case OB_GUARDING:
				gr->guardings++;
				break;
			case OB_SWAP:
				gr->swaps++;
				break;
			}
		}
		if (level[to] >= 0)
			gr->levels[level[to]]++;
		st->cells[vi][to]++;
		bool win = false; /* written with '#': a mate, a far-corner win */
		if (ply < opt.openings) {
			char text[OB_MOVE_TEXT_MAX];
			win = ob_far_corner_win(&pos, m);
			if (ply)
				buf_add(&seq, " ", 1);
			buf_add(&seq, text, (size_t)ob_move_write_plain(&pos, m,
									text));
		}
		struct ob_undo u;
		ob_make(&pos, m, &u);
		ply++;
		/* three armies: "+" when the mover attacks another army's
		 * Grandduke, "#" (a mate, and a check) for the last
		 * elimination */
		bool mate = ply == g->plies &&
			    g->end == (three ? OB_END_LAST_ARMY
					     : OB_END_CHECKMATE);
		bool check = three ? mate || attacks_another(&pos, u.mover)
				   : ob_in_check(&pos);
		if (u.neliminated)
			count_eliminations(gr, &u);
		if (check) {
			mover->checks++;
			mover->mates += mate;
			win |= mate;
		}
		if ((check || win) && ply <= opt.openings)
			buf_add(&seq, win ? "#" : "+", 1);
	}
	if (opt.openings && ply >= opt.openings) {
		struct opening *o =
			strmap_get(&gr->openings, seq.p, sizeof *o);
		o->results[res]++;
	}
	free(seq.p);
}

bool tally_game(struct stats *st, struct ob_game *g, const char *name,
		struct buf *diag)
{
	enum ob_status s = ob_game_check(g, opt.variant, 0);
	if (s == OB_ERR_NO_MEMORY)
		util_out_of_memory();
	const char *value = "";
	if (opt.by && !(value = ob_game_tag(g, opt.by)))
		value = "?";
	struct group *gr = stats_group(st, value);
	gr->games++;
	if (s == OB_OK) {
		tally(st, gr, g);
		return true;
	}
	gr->invalid++;
	games_diagnostics(diag, name, g);
	return false;
}

