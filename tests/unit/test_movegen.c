/*
 * Move generation: the fast generator against the slow reference on a large
 * sample of positions from seeded random playouts (both variants), with the
 * hard cases counted so that the sample provably contains them; make and
 * unmake; incremental keys; perft symmetry and the start position's perft.
 */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* ---- helpers done here, without the library's tables ---- */

static int cmp_move(const void *a, const void *b)
{
	ob_move x = *(const ob_move *)a, y = *(const ob_move *)b;
	return x < y ? -1 : x > y;
}

/* Does the piece on `from` attack `target`?  From the empty-board targets
 * and the between-sets: an independent route from the generator's. */
static bool piece_attacks(const struct ob_position *pos, int from, int target)
{
	const struct ob_variant *v = pos->variant;
	ob_piece p = pos->board[from];
	int kind = OB_PIECE_KIND(p);
	if (v->kinds[kind].motion == OB_CANNON) {
		/* on its lines, over exactly one piece */
		if (!ob_cellset_has(ob_lines_empty(v, OB_PIECE_COLOR(p), kind,
						   from),
				    target))
			return false;
		struct ob_cellset between = ob_between(v, from, target);
		int screens = 0;
		for (int c = 0; c < ob_cell_count(v); c++)
			screens += ob_cellset_has(between, c) &&
				   pos->board[c] != OB_EMPTY;
		return screens == 1;
	}
	if (!ob_cellset_has(ob_attacks_empty(v, OB_PIECE_COLOR(p), kind, from),
			    target))
		return false;
	if (v->kinds[kind].motion != OB_SLIDE)
		return true;
	struct ob_cellset between = ob_between(v, from, target);
	for (int c = 0; c < ob_cell_count(v); c++)
		if (ob_cellset_has(between, c) && pos->board[c] != OB_EMPTY)
			return false;
	return true;
}

/* The cell of color's Sovereign, by scanning the board. */
static int find_royal(const struct ob_position *pos, int color)
{
	const struct ob_variant *v = pos->variant;
	ob_piece royal = OB_PIECE(color, v->royal_kind);
	for (int c = 0; c < ob_cell_count(v); c++)
		if (pos->board[c] == royal)
			return c;
	return -1;
}

static int armies_in_game(const struct ob_position *pos)
{
	int n = 0;
	for (int a = 0; a < OB_MAX_ARMIES; a++)
		n += pos->by_color[a].lo != 0 || pos->by_color[a].hi != 0;
	return n;
}

static int count_checkers(const struct ob_position *pos)
{
	int royal = find_royal(pos, pos->side), n = 0;
	for (int c = 0; c < ob_cell_count(pos->variant); c++)
		if (pos->board[c] != OB_EMPTY &&
		    OB_PIECE_COLOR(pos->board[c]) != pos->side &&
		    piece_attacks(pos, c, royal))
			n++;
	return n;
}

/* Does a slider of this kind move along (d0, d1, d2)? */
static bool kind_slides_along(const struct ob_variant *v, int kind,
			      const int *d)
{
	const struct ob_piece_kind *k = &v->kinds[kind];
	if (k->motion != OB_SLIDE)
		return false;
	for (int i = 0; i < k->nvectors; i++) {
		const int8_t *x = k->vectors[i].d;
		if ((x[0] == d[0] && x[1] == d[1] && x[2] == d[2]) ||
		    (x[0] == -d[0] && x[1] == -d[1] && x[2] == -d[2]))
			return true;
	}
	return false;
}

/*
 * Pins of the side to move's pieces: a bit per ray kind (1 axis, 2 two-axis
 * diagonal, 4 body diagonal).  Walks the 26 directions from the Sovereign
 * on coordinates: an own piece, then an enemy slider of that direction.
 */
static unsigned pin_kinds(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	int royal = find_royal(pos, pos->side);
	unsigned found = 0;
	if (royal < 0)
		return 0;
	int at[OB_MAX_DIMS] = {0};
	ob_cell_coords(v, royal, at);
	for (int d = 0; d < 27; d++) {
		int dir[3] = {d / 9 - 1, d / 3 % 3 - 1, d % 3 - 1};
		int nonzero = (dir[0] != 0) + (dir[1] != 0) + (dir[2] != 0);
		/* a flat board: the third component stays 0 */
		if (nonzero == 0 || (v->board->ndims < 3 && dir[2] != 0))
			continue;
		int c[3] = {at[0], at[1], at[2]}, own = 0;
		for (;;) {
			for (int i = 0; i < 3; i++)
				c[i] += dir[i];
			int cell = ob_cell_at(v, c);
			if (cell < 0)
				break;
			ob_piece p = pos->board[cell];
			if (p == OB_EMPTY)
				continue;
			if (OB_PIECE_COLOR(p) == pos->side) {
				if (own++)
					break;
				continue;
			}
			if (own == 1 &&
			    kind_slides_along(v, OB_PIECE_KIND(p), dir))
				found |= 1u << (nonzero - 1);
			break;
		}
	}
	return found;
}

/* Board, sets, Sovereign cells and key agree with each other. */
static bool consistent(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset color[OB_MAX_ARMIES];
	memset(color, 0, sizeof color);
	struct ob_cellset kind[OB_MAX_KINDS];
	memset(kind, 0, sizeof kind);
	for (int c = 0; c < ob_cell_count(v); c++) {
		ob_piece p = pos->board[c];
		if (p == OB_EMPTY)
			continue;
		struct ob_cellset *s = &color[OB_PIECE_COLOR(p)];
		struct ob_cellset *k = &kind[OB_PIECE_KIND(p)];
		if (c < 64) {
			s->lo |= (uint64_t)1 << c;
			k->lo |= (uint64_t)1 << c;
		} else {
			s->hi |= (uint64_t)1 << (c - 64);
			k->hi |= (uint64_t)1 << (c - 64);
		}
	}
	for (int i = 0; i < OB_MAX_ARMIES; i++)
		if (color[i].lo != pos->by_color[i].lo ||
		    color[i].hi != pos->by_color[i].hi)
			return false;
	for (int i = 0; i < OB_MAX_KINDS; i++)
		if (kind[i].lo != pos->by_kind[i].lo ||
		    kind[i].hi != pos->by_kind[i].hi)
			return false;
	for (int i = 0; i < ob_armies(v); i++)
		if (pos->royal_cell[i] != find_royal(pos, i))
			return false;
	return pos->key == ob_position_compute_key(pos);
}

static bool same_position(const struct ob_position *a,
			  const struct ob_position *b)
{
	return a->variant == b->variant &&
	       memcmp(a->board, b->board, sizeof a->board) == 0 &&
	       memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
	       memcmp(a->by_kind, b->by_kind, sizeof a->by_kind) == 0 &&
	       memcmp(a->royal_cell, b->royal_cell, sizeof a->royal_cell) == 0 &&
	       a->side == b->side &&
	       a->halfmove_clock == b->halfmove_clock &&
	       a->fullmove_number == b->fullmove_number && a->key == b->key;
}

/* ---- fast against reference ---- */

/*
 * What one sample holds.  The variants' samples run in threads of their
 * own, so a sample records its failures (the first one's text) and the
 * main thread reports them.
 */
struct sample {
	const struct ob_variant *variant;
	long want;
	uint64_t seed;
	long positions, in_check, double_check, promotions, moves;
	long pins[3]; /* axis, two-axis diagonal, body diagonal */
	/* Plattraum Liu Yang's: an enemy cannon on a line to the royal piece
	 * over one or two pieces (a move can give, block or uncover check
	 * by a screen); a pawn that could reach its far edge but has no kind
	 * left; a swap legal; a swap partner adjacent but no swap legal. */
	long cannon_lines, blocked_promotions, swaps, swaps_refused;
	/* Three armies: moves that eliminated, positions with two left. */
	long eliminations, two_left;
	/* Boards with castling and en passant: positions with a castling
	 * legal, with one whose right, pieces and empty cells stand but not
	 * its attack condition, and with an en passant capture legal. */
	long castlings, castlings_refused, en_passant;
	/* Replies (perft's last ply, which keeps castling's attack condition
	 * from the position before the move): a castling whose right,
	 * pieces and empty cells stand before and after the move, refused
	 * before and legal after it (opened), or the other way (closed). */
	long castlings_opened, castlings_closed;
	long failures;
	char first_failure[400];
	bool extend; /* no hand-made positions: play on for the categories */
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
fail(struct sample *s, const struct ob_position *pos, const char *fmt, ...)
{
	if (s->failures++ == 0) {
		char ofen[OB_OFEN_MAX];
		va_list ap;
		ob_ofen_write(pos, ofen);
		int n = snprintf(s->first_failure, sizeof s->first_failure,
				 "%s: ", ofen);
		va_start(ap, fmt);
		if (n > 0 && (size_t)n < sizeof s->first_failure)
			vsnprintf(s->first_failure + n,
				  sizeof s->first_failure - (size_t)n, fmt, ap);
		va_end(ap);
	}
}

static bool has_cannons(const struct ob_variant *v)
{
	for (int k = 0; k < v->nkinds; k++)
		if (v->kinds[k].motion == OB_CANNON)
			return true;
	return false;
}

/* The categories of struct sample that only cannons, limited promotions
 * and swaps have. */
static void count_liu_yang(const struct ob_position *pos, const ob_move *moves,
			   int n, struct sample *s)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side, royal = find_royal(pos, us);
	if (royal < 0)
		return;
	bool line = false;
	for (int c = 0; has_cannons(v) && c < ob_cell_count(v); c++) {
		ob_piece p = pos->board[c];
		if (p == OB_EMPTY || OB_PIECE_COLOR(p) == us ||
		    v->kinds[OB_PIECE_KIND(p)].motion != OB_CANNON ||
		    !ob_cellset_has(ob_lines_empty(v, 1 - us, OB_PIECE_KIND(p),
						   c),
				    royal))
			continue;
		struct ob_cellset between = ob_between(v, c, royal);
		int screens = 0;
		for (int b = 0; b < ob_cell_count(v); b++)
			screens += ob_cellset_has(between, b) &&
				   pos->board[b] != OB_EMPTY;
		line |= screens == 1 || screens == 2;
	}
	s->cannon_lines += line;
	bool swap = false, pawn_to_edge = false;
	for (int i = 0; i < n; i++) {
		swap |= OB_MOVE_SPECIAL(moves[i]) == OB_PAIRED;
	}
	s->swaps += swap;
	for (int i = 0; i < v->npairs && !swap; i++) {
		if (v->pairs[i].type != OB_SWAP)
			continue;
		bool partner = false;
		for (int c = 0; c < ob_cell_count(v); c++) {
			ob_piece p = pos->board[c];
			partner |= p != OB_EMPTY && OB_PIECE_COLOR(p) == us &&
				   (v->pairs[i].partner_kinds >> OB_PIECE_KIND(p) &
				    1) &&
				   ob_cellset_has(ob_attacks_empty(v, us, v->royal_kind,
								   royal),
						  c) &&
				   ob_cellset_count(ob_between(v, royal, c)) == 0;
		}
		s->swaps_refused += partner;
	}
	/* no kind left, and a pawn next to its far edge */
	bool left = false;
	for (const char *l = v->pawn->promotion_letters; *l; l++) {
		int len, k = ob_kind_parse(v, l, &len);
		left |= k >= 0 && ob_promotion_open(pos, k);
	}
	for (int c = 0; !left && v->pawn->promotion_limited &&
			c < ob_cell_count(v);
	     c++) {
		if (pos->board[c] != OB_PIECE(us, v->pawn_kind))
			continue;
		struct ob_cellset near = ob_attacks_empty(v, us, v->royal_kind, c);
		for (int to = 0; to < ob_cell_count(v); to++) {
			int xy[OB_MAX_DIMS] = {0};
			ob_cell_coords(v, ob_cell_unframe(v, us, to), xy);
			pawn_to_edge |= ob_cellset_has(near, to) &&
					v->pawn->promotes_on(xy);
		}
	}
	s->blocked_promotions += pawn_to_edge;
}

static bool has_castling(const struct ob_variant *v)
{
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == OB_CASTLING)
			return true;
	return false;
}

/* A rule's cell (White's name) for army us. */
static int rule_cell(const struct ob_variant *v, int us, const char *name)
{
	int cell = -1;
	ob_cell_parse(v, name, &cell);
	return ob_cell_frame(v, us, cell);
}

/* The castlings (a bit per rule) among n moves. */
static unsigned castlings_of(const struct ob_variant *v, const ob_move *moves,
			     int n)
{
	unsigned rules = 0;
	for (int i = 0; i < n; i++)
		if (OB_MOVE_SPECIAL(moves[i]) == OB_PAIRED &&
		    v->pairs[OB_MOVE_PAIR(moves[i])].type == OB_CASTLING)
			rules |= 1u << OB_MOVE_PAIR(moves[i]);
	return rules;
}

/* The castling rules of the army to move whose right, pieces and empty
 * cells stand (a bit per rule). */
static unsigned castlings_open(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	unsigned rules = 0;
	for (int i = 0; i < v->npairs; i++) {
		const struct ob_pair_rule *r = &v->pairs[i];
		if (r->type != OB_CASTLING ||
		    !(pos->rights >> (us * v->npairs + i) & 1) ||
		    pos->board[rule_cell(v, us, r->mover_cell)] !=
			    OB_PIECE(us, r->mover_kind) ||
		    pos->board[rule_cell(v, us, r->partner_cell)] !=
			    OB_PIECE(us, r->partner_kind))
			continue;
		bool clear = true;
		for (int k = 0; k < OB_PAIR_CELLS && r->empty[k]; k++)
			clear &= pos->board[rule_cell(v, us, r->empty[k])] ==
				 OB_EMPTY;
		rules |= (unsigned)clear << i;
	}
	return rules;
}

/* The categories of struct sample that castling and en passant have. */
static void count_castling(const struct ob_position *pos,
			   const ob_move *moves, int n, struct sample *s)
{
	unsigned castled = castlings_of(pos->variant, moves, n);
	bool ep = false;
	for (int i = 0; i < n; i++)
		ep |= OB_MOVE_SPECIAL(moves[i]) == OB_EN_PASSANT;
	s->castlings += castled != 0;
	s->castlings_refused += (castlings_open(pos) & ~castled) != 0;
	s->en_passant += ep;
}

/* The replies' castlings after the move m from pos (the replier's open
 * then: open_before, legal then: legal_before) that the move opened or
 * closed by their attack condition. */
static void count_castlings_changed(struct ob_position *pos, ob_move m,
				    unsigned open_before,
				    unsigned legal_before, struct sample *s)
{
	ob_move replies[OB_MAX_MOVES];
	struct ob_undo u;
	ob_make(pos, m, &u);
	unsigned open = castlings_open(pos) & open_before;
	if (open) {
		unsigned legal =
			castlings_of(pos->variant, replies,
				     ob_legal_moves(pos, replies)) & open;
		s->castlings_opened += (legal & ~legal_before) != 0;
		s->castlings_closed += (legal_before & open & ~legal) != 0;
	}
	ob_unmake(pos, m, &u);
}

/* One position: the two generators, the count, the categories; make and
 * unmake of every legal move; and perft 2 (its last ply from the reply
 * cache) against the replies counted one by one after each move. */
static void compare(struct ob_position *pos, struct sample *s)
{
	ob_move fast[OB_MAX_MOVES], slow[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, fast);
	int m = ob_reference_moves(pos, slow);
	int count = ob_legal_count(pos);
	s->positions++;
	s->moves += n;
	qsort(fast, (size_t)n, sizeof *fast, cmp_move);
	qsort(slow, (size_t)m, sizeof *slow, cmp_move);
	if (n != m || memcmp(fast, slow, (size_t)n * sizeof *fast) != 0)
		fail(s, pos, "fast generator %d moves, reference %d, sets "
		     "differ", n, m);
	for (int i = 1; i < n; i++)
		if (fast[i] == fast[i - 1])
			fail(s, pos, "move %u listed twice", (unsigned)fast[i]);
	if (count != n)
		fail(s, pos, "ob_legal_count %d, list %d", count, n);

	int checkers = count_checkers(pos);
	s->in_check += checkers > 0;
	s->double_check += checkers > 1;
	if (checkers != ob_cellset_count(ob_checkers(pos)) ||
	    (checkers > 0) != ob_in_check(pos))
		fail(s, pos, "%d checkers, library says %d", checkers,
		     ob_cellset_count(ob_checkers(pos)));
	unsigned pins = pin_kinds(pos);
	for (int i = 0; i < 3; i++)
		s->pins[i] += (pins >> i) & 1;
	count_liu_yang(pos, fast, n, s);
	count_castling(pos, fast, n, s);
	for (int i = 0; i < n; i++)
		if (OB_MOVE_PROMO(fast[i]) >= 0) {
			s->promotions++;
			break;
		}

	struct ob_position before = *pos;
	uint64_t replies = 0;
	for (int i = 0; i < n; i++) {
		struct ob_undo u;
		ob_make(pos, fast[i], &u);
		bool ok = consistent(pos);
		replies += (uint64_t)ob_legal_count(pos);
		ob_unmake(pos, fast[i], &u);
		if (!ok)
			fail(s, &before, "move %u: inconsistent after make",
			     (unsigned)fast[i]);
		if (!same_position(pos, &before)) {
			fail(s, &before, "move %u: unmake does not restore",
			     (unsigned)fast[i]);
			*pos = before;
			return;
		}
	}
	/* The replier's castlings then, as if it were to move (two armies). */
	struct ob_position replier = before;
	replier.side = 1 - pos->side;
	replier.ep_cell = replier.ep_victim = -1; /* the mover's to take */
	unsigned open_before = ob_armies(pos->variant) == 2
				       ? castlings_open(&replier)
				       : 0;
	if (open_before) {
		ob_move then[OB_MAX_MOVES];
		unsigned legal_before = castlings_of(
			pos->variant, then, ob_legal_moves(&replier, then));
		for (int i = 0; i < n; i++)
			count_castlings_changed(pos, fast[i], open_before,
						legal_before, s);
	}
	/* perft's last two plies take the sliders' attacks from here */
	uint64_t perft2 = ob_perft(pos, 2);
	if (perft2 != replies)
		fail(s, pos, "perft 2 is %llu, the replies counted one by one "
		     "%llu", (unsigned long long)perft2,
		     (unsigned long long)replies);
}

/* Prefers captures and pawn moves when biased, to reach promotions and
 * open lines. */
static ob_move pick(const struct ob_position *pos, const ob_move *moves,
		    int n, struct ob_rng *rng, bool biased, bool checks)
{
	if (checks && ob_rng_below(rng, 2) == 0) {
		/* checking moves, for double checks */
		ob_move wanted[OB_MAX_MOVES];
		struct ob_position after = *pos;
		int w = 0;
		for (int i = 0; i < n; i++) {
			struct ob_undo u;
			ob_make(&after, moves[i], &u);
			if (ob_in_check(&after))
				wanted[w++] = moves[i];
			ob_unmake(&after, moves[i], &u);
		}
		if (w > 0)
			return wanted[ob_rng_below(rng, (uint64_t)w)];
	}
	if (biased && ob_rng_below(rng, 4) != 0) {
		ob_move wanted[OB_MAX_MOVES];
		int w = 0;
		const struct ob_variant *v = pos->variant;
		for (int i = 0; i < n; i++)
			if (OB_MOVE_IS_CAPTURE(moves[i]) ||
			    OB_PIECE_KIND(pos->board[OB_MOVE_FROM(moves[i])]) ==
				    v->pawn_kind)
				wanted[w++] = moves[i];
		if (w > 0)
			return wanted[ob_rng_below(rng, (uint64_t)w)];
	}
	return moves[ob_rng_below(rng, (uint64_t)n)];
}

/* Seeded playouts from the start position, half of them biased, until
 * the sample holds `want` positions.  Runs in a thread of its own. */
/* Has the sample a position of every category that applies?  The three
 * ray kinds are the lattice's; a flat board's diagonals count as the
 * two-axis kind. */
static bool all_categories(const struct sample *s)
{
	bool lattice = s->variant->board->ndims == 3;
	return s->in_check > 0 && s->double_check > 0 && s->promotions > 0 &&
	       s->pins[1] > 0 && (!lattice || (s->pins[0] > 0 && s->pins[2] > 0)) &&
	       (!has_cannons(s->variant) ||
		(s->cannon_lines > 0 && s->blocked_promotions > 0 &&
		 s->swaps > 0 && s->swaps_refused > 0)) &&
	       (ob_armies(s->variant) < 3 ||
		(s->eliminations > 0 && s->two_left > 0)) &&
	       (!has_castling(s->variant) ||
		(s->castlings > 0 && s->castlings_refused > 0 &&
		 s->castlings_opened > 0 && s->castlings_closed > 0)) &&
	       (!s->variant->pawn->en_passant || s->en_passant > 0);
}

/* Past the wanted size, a sample that still lacks a category goes on with
 * biased playouts, up to ten times the size (quick samples of a variant
 * without hand-made positions need it). */
static bool more(const struct sample *s)
{
	return s->positions < s->want ||
	       (s->extend && !all_categories(s) &&
		s->positions < 10 * s->want);
}

static int random_playouts(void *arg)
{
	struct sample *s = arg;
	struct ob_rng rng;
	struct ob_position pos;
	ob_move moves[OB_MAX_MOVES];
	ob_rng_seed(&rng, s->seed);
	for (long game = 0; more(s) && s->failures < 10; game++) {
		bool biased = game % 2 == 1 || s->positions >= s->want;
		ob_position_start(&pos, s->variant);
		for (int ply = 0; ply < 300 && more(s); ply++) {
			compare(&pos, s);
			int n = ob_legal_moves(&pos, moves);
			if (n == 0)
				break;
			ob_move m = pick(&pos, moves, n, &rng, biased,
					 s->positions >= s->want);
			struct ob_undo u;
			uint64_t key = pos.key;
			ob_make(&pos, m, &u);
			s->eliminations += u.nremoved > 0;
			s->two_left += armies_in_game(&pos) == 2 &&
				       ob_armies(s->variant) == 3;
			if (pos.key != ob_position_compute_key(&pos))
				fail(s, &pos, "incremental key differs after "
				     "move %u", (unsigned)m);
			if (pos.key == key)
				fail(s, &pos, "key unchanged by move %u",
				     (unsigned)m);
		}
	}
	return 0;
}

/*
 * Hand-made positions for every category, per variant, so that even a
 * small (quick) sample holds each; they are compared like the sample, and
 * so are their mirrors (Black to move).  Sovereigns on Aa1 and Ea5.
 */
struct special {
	const char *ofen;
	unsigned pins;     /* the pin kinds it holds */
	int checkers;
	bool promotion;
};
static const struct special oblique_special[] = {
	/* R Ab1 pinned on the file by t Ae1 */
	{"s4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/SR2t w 0 1", 1, 0,
	 false},
	/* B Ab2 pinned by b Ad4 */
	{"s4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/3b1/5/1B3/S4 w 0 1", 2, 0,
	 false},
	/* L Bb2 pinned by l Dd4 */
	{"s4/5/5/5/5|5/3l1/5/5/5|5/5/5/5/5|5/5/5/1L3/5|5/5/5/5/S4 w 0 1", 4, 0,
	 false},
	/* double check: t Ae1 along the file and n Ac2 */
	{"s4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/2n2/S3t w 0 1", 0, 2,
	 false},
	/* pawn Ac4: pushes to Ac5 or takes n Ab5, five choices each */
	{"s4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|1n3/2P2/5/5/S4 w 0 1", 0, 0,
	 true},
	/* in check from l Cc3 and R Ab1 pinned: only the Sovereign moves
	 * or the Lancer is taken or blocked */
	{"s4/5/5/5/5|5/5/5/5/5|5/5/2l2/5/5|5/5/5/5/5|5/5/5/1T3/SR2t w 0 1", 1,
	 1, false},
	{NULL, 0, 0, false},
};
static const struct special raumschach_special[] = {
	{"k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/KQ2r w 0 1", 1, 0,
	 false},
	{"k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/3b1/5/1B3/K4 w 0 1", 2, 0,
	 false},
	{"k4/5/5/5/5|5/3u1/5/5/5|5/5/5/5/5|5/5/5/1U3/5|5/5/5/5/K4 w 0 1", 4, 0,
	 false},
	{"k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/2n2/K3r w 0 1", 0, 2,
	 false},
	/* pawn Ec4: pushes to Ec5 or takes n Eb5 */
	{"1n3/2P2/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|k4/5/5/5/K4 w 0 1", 0, 0,
	 true},
	{NULL, 0, 0, false},
};

static void special_positions(const struct ob_variant *v, struct sample *s)
{
	const struct special *list =
		strcmp(v->name, "oblique") == 0 ? oblique_special
						: raumschach_special;
	if (strcmp(v->name, "oblique") != 0 &&
	    strcmp(v->name, "raumschach") != 0)
		return; /* a variant added later brings its own */
	for (const struct special *sp = list; sp->ofen; sp++) {
		struct ob_position pos, mirror;
		if (!check_position(&pos, v, sp->ofen))
			continue;
		ob_position_mirror(&pos, &mirror);
		for (int side = 0; side < 2; side++) {
			struct ob_position *p = side ? &mirror : &pos;
			CHECK(pin_kinds(p) == sp->pins, "%s (%s): pins %u",
			      sp->ofen, side ? "mirror" : "as given",
			      pin_kinds(p));
			CHECK(count_checkers(p) == sp->checkers,
			      "%s: %d checkers", sp->ofen, count_checkers(p));
			long promotions = s->promotions;
			compare(p, s);
			CHECK((s->promotions > promotions) == sp->promotion,
			      "%s: promotion", sp->ofen);
		}
	}
}

/* A few exact move lists the hand-made positions must give. */
static int moves_from(const struct ob_position *pos, const char *cell)
{
	ob_move moves[OB_MAX_MOVES];
	int from = -1, n = ob_legal_moves(pos, moves), k = 0;
	ob_cell_parse(pos->variant, cell, &from);
	for (int i = 0; i < n; i++)
		k += OB_MOVE_FROM(moves[i]) == from;
	return k;
}

static void exact_lists(void)
{
	const struct ob_variant *v = ob_variant_default();
	const struct special *sp = oblique_special;
	struct ob_position pos;
	/* The pinned Regent keeps its file: Ac1, Ad1, Ae1. */
	if (check_position(&pos, v, sp[0].ofen))
		CHECK(moves_from(&pos, "Ab1") == 3, "axis pin: %d",
		      moves_from(&pos, "Ab1"));
	/* The pinned Bishop keeps its diagonal: Ac3, Ad4. */
	if (check_position(&pos, v, sp[1].ofen))
		CHECK(moves_from(&pos, "Ab2") == 2, "two-axis pin: %d",
		      moves_from(&pos, "Ab2"));
	/* The pinned Lancer keeps its diagonal: Cc3, Dd4. */
	if (check_position(&pos, v, sp[2].ofen))
		CHECK(moves_from(&pos, "Bb2") == 2, "body pin: %d",
		      moves_from(&pos, "Bb2"));
	/* Double check: only the Sovereign moves. */
	if (check_position(&pos, v, sp[3].ofen)) {
		ob_move moves[OB_MAX_MOVES];
		int n = ob_legal_moves(&pos, moves);
		for (int i = 0; i < n; i++)
			CHECK(OB_MOVE_FROM(moves[i]) == 0,
			      "double check: a move from %d",
			      OB_MOVE_FROM(moves[i]));
		CHECK(n > 0, "double check: the Sovereign can move");
	}
	/* Five promotions by push, five by capture. */
	if (check_position(&pos, v, sp[4].ofen))
		CHECK(moves_from(&pos, "Ac4") == 10, "promotions: %d",
		      moves_from(&pos, "Ac4"));
	/* Check by l Cc3 with the Regent pinned: the Regent may not take
	 * or block; the Tower on Ab2 blocks on Bb2 or nothing. */
	if (check_position(&pos, v, sp[5].ofen)) {
		CHECK(moves_from(&pos, "Ab1") == 0, "pinned in check: %d",
		      moves_from(&pos, "Ab1"));
		CHECK(moves_from(&pos, "Ab2") == 1, "block: %d",
		      moves_from(&pos, "Ab2"));
	}
}

static void fast_against_reference(void)
{
	const struct ob_variant *const *all = ob_variants();
	long want = check_quick() ? 5000 : 100000;
	struct sample samples[16];
	thrd_t threads[16];
	bool started[16] = {false};
	int nv = 0;
	for (; all[nv] && nv < 16; nv++) {
		struct sample *s = &samples[nv];
		memset(s, 0, sizeof *s);
		s->variant = all[nv];
		s->want = want;
		s->seed = 0x0b11c0 + (uint64_t)nv;
		s->extend = strcmp(all[nv]->name, "oblique") != 0 &&
			    strcmp(all[nv]->name, "raumschach") != 0;
		started[nv] = thrd_create(&threads[nv], random_playouts, s) ==
			      thrd_success;
		if (!started[nv])
			random_playouts(s);
	}
	for (int i = 0; i < nv; i++) {
		struct sample *s = &samples[i];
		if (started[i])
			thrd_join(threads[i], NULL);
		long random_part[7] = {s->in_check,  s->double_check,
				       s->pins[0],   s->pins[1],
				       s->pins[2],   s->promotions,
				       s->positions};
		special_positions(s->variant, s);
		fprintf(stderr,
			"  %s: %ld positions (%ld playout positions, %ld "
			"moves); in check %ld, double check %ld, pins: axis "
			"%ld, two-axis %ld, body %ld; with promotions %ld\n",
			s->variant->name, s->positions, random_part[6],
			s->moves, s->in_check, s->double_check, s->pins[0],
			s->pins[1], s->pins[2], s->promotions);
		const char *name = s->variant->name;
		CHECK(s->failures == 0, "%s: %ld failures; first: %s", name,
		      s->failures, s->first_failure);
		CHECK(random_part[6] >= want, "%s: %ld positions", name,
		      random_part[6]);
		CHECK(s->extend || random_part[6] == want,
		      "%s: %ld positions", name, random_part[6]);
		CHECK(s->in_check > 0, "%s: no position in check", name);
		CHECK(s->double_check > 0, "%s: no double check", name);
		/* The three ray kinds are the lattice's; a flat board has
		 * its own (see test_diagonal.c). */
		bool lattice = s->variant->board->ndims == 3;
		CHECK(!lattice || s->pins[0] > 0, "%s: no axis pin", name);
		CHECK(s->pins[1] > 0, "%s: no two-axis pin", name);
		CHECK(!lattice || s->pins[2] > 0, "%s: no body-diagonal pin",
		      name);
		CHECK(s->promotions > 0, "%s: no promotion", name);
		if (has_cannons(s->variant))
			fprintf(stderr,
				"  %s: cannon on a check line over one or two "
				"pieces %ld, no kind left to promote to %ld, "
				"swaps %ld, swaps refused %ld\n",
				name, s->cannon_lines, s->blocked_promotions,
				s->swaps, s->swaps_refused);
		if (has_castling(s->variant))
			fprintf(stderr,
				"  %s: castling legal %ld, refused by an "
				"attacked cell %ld, en passant %ld; replies' "
				"castling opened by the move %ld, closed %ld\n",
				name, s->castlings, s->castlings_refused,
				s->en_passant, s->castlings_opened,
				s->castlings_closed);
		CHECK(!has_castling(s->variant) ||
			      (s->castlings > 0 && s->castlings_refused > 0),
		      "%s: no castling, or none refused by an attack", name);
		CHECK(!has_castling(s->variant) ||
			      (s->castlings_opened > 0 && s->castlings_closed > 0),
		      "%s: no reply's castling opened or closed by a move",
		      name);
		CHECK(!s->variant->pawn->en_passant || s->en_passant > 0,
		      "%s: no en passant capture", name);
		if (ob_armies(s->variant) == 3)
			fprintf(stderr,
				"  %s: moves that eliminated %ld, positions with "
				"two armies left %ld\n",
				name, s->eliminations, s->two_left);
		CHECK(ob_armies(s->variant) < 3 ||
			      (s->eliminations > 0 && s->two_left > 0),
		      "%s: no elimination or no position with two armies",
		      name);
		CHECK(!has_cannons(s->variant) ||
			      (s->cannon_lines > 0 && s->blocked_promotions > 0 &&
			       s->swaps > 0 && s->swaps_refused > 0),
		      "%s: a Liu Yang category is missing", name);
		if (check_quick())
			continue;
		/* The full sample reaches every category by playouts alone. */
		for (int k = 0; k < 6; k++)
			CHECK(random_part[k] > 0 ||
				      (!lattice && (k == 2 || k == 4)),
			      "%s: category %d only from hand-made positions",
			      name, k);
	}
}

/* ---- perft ---- */

static void start_perft(void)
{
	static const uint64_t expect[] = {1, 64, 4102, 279716};
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos, mirror;
	ob_position_start(&pos, v);
	ob_position_mirror(&pos, &mirror);
	for (int d = 0; d <= 3; d++) {
		uint64_t fast = ob_perft(&pos, d);
		CHECK(fast == expect[d], "perft(%d) = %llu, expected %llu", d,
		      (unsigned long long)fast, (unsigned long long)expect[d]);
		uint64_t m = ob_perft(&mirror, d);
		CHECK(m == expect[d], "mirror perft(%d) = %llu", d,
		      (unsigned long long)m);
		if (d == 3 && check_quick())
			continue;
		uint64_t slow = check_reference_perft(&pos, d);
		CHECK(slow == expect[d], "reference perft(%d) = %llu", d,
		      (unsigned long long)slow);
	}
	struct ob_position again;
	ob_position_start(&again, v);
	CHECK(same_position(&pos, &again), "perft leaves the position as it was");

	/* Every other variant: fast against reference from its start. */
	const struct ob_variant *const *all = ob_variants();
	for (int i = 1; all[i]; i++) {
		ob_position_start(&pos, all[i]);
		for (int d = 1; d <= (check_quick() ? 2 : 3); d++) {
			uint64_t fast = ob_perft(&pos, d);
			uint64_t slow = check_reference_perft(&pos, d);
			CHECK(fast == slow, "%s perft(%d): %llu, reference %llu",
			      all[i]->name, d, (unsigned long long)fast,
			      (unsigned long long)slow);
		}
	}
}

/* A position and its mirror have equal perft counts. */
static void perft_symmetry(void)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		/* Plattraum's frames are new: a larger sample */
		int positions = check_quick()			  ? 20
				: ob_variant_has_codes(all[i]) ? 10000
							       : 300;
		struct ob_rng rng;
		ob_rng_seed(&rng, 77 + (uint64_t)i);
		int compared = 0;
		for (int k = 0; k < positions; k++) {
			struct ob_position pos, mirror, rotated;
			ob_move moves[OB_MAX_MOVES];
			char ofen[OB_OFEN_MAX];
			ob_position_start(&pos, all[i]);
			int plies = (int)ob_rng_below(&rng, 120);
			for (int p = 0; p < plies; p++) {
				int n = ob_legal_moves(&pos, moves);
				if (n == 0)
					break;
				struct ob_undo u;
				ob_make(&pos, moves[ob_rng_below(&rng,
								 (uint64_t)n)],
					&u);
			}
			/* three armies: both rotations, armies relabelled */
			ob_position_mirror(&pos, &mirror);
			ob_position_mirror(&mirror, &rotated);
			int depth = k % 10 == 0 && k < 3000 ? 3 : 2;
			uint64_t a = ob_perft(&pos, depth);
			uint64_t b = ob_perft(&mirror, depth);
			uint64_t c = ob_armies(all[i]) == 3
					     ? ob_perft(&rotated, depth)
					     : a;
			ob_ofen_write(&pos, ofen);
			if (!CHECK(a == b && a == c,
				   "%s: perft(%d) %llu, mirror %llu, %llu", ofen,
				   depth, (unsigned long long)a,
				   (unsigned long long)b, (unsigned long long)c))
				break;
			compared++;
		}
		CHECK(compared == positions, "%s: %d mirrors compared",
		      all[i]->name, compared);
	}
}

/* ob_has_legal_move says exactly whether ob_legal_count is non-zero, in
 * every position of random games played to their end. */
static void has_legal_move_agrees(void)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		struct ob_rng rng;
		long nodes = 0, ends = 0, wrong = 0;
		ob_rng_seed(&rng, 0x5eed + (uint64_t)i);
		/* a quick run plays on (up to ten times) until a game ends */
		int games = check_quick() ? 30 : 300;
		for (int game = 0; game < games || (ends == 0 && game < 10 * games);
		     game++) {
			struct ob_position pos;
			ob_position_start(&pos, all[i]);
			for (int ply = 0; ply < 400; ply++) {
				ob_move moves[OB_MAX_MOVES];
				int n = ob_legal_moves(&pos, moves);
				nodes++;
				wrong += ob_has_legal_move(&pos) != (n > 0);
				if (n == 0) {
					ends++;
					break;
				}
				struct ob_undo u;
				ob_make(&pos,
					moves[ob_rng_below(&rng, (uint64_t)n)],
					&u);
				/* three armies: mate and stalemate eliminate */
				ends += u.nremoved > 0;
			}
		}
		CHECK(wrong == 0, "%s: %ld of %ld positions wrong",
		      all[i]->name, wrong, nodes);
		CHECK(ends > 0,
		      "%s: no game reached mate, stalemate or an elimination",
		      all[i]->name);
	}
}

void test_movegen(void)
{
	has_legal_move_agrees();
	exact_lists();
	start_perft();
	perft_symmetry();
	fast_against_reference();
}
