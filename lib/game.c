/*
 * Replaying and checking game records (spec sections 6, 7 and 9), and
 * making random ones.
 *
 * The replay keeps one level per open variation: its position, the last
 * move with its undo record (a variation starts from the position before
 * that move), and where its history begins.  The history for the draw
 * rules is one array of Zobrist keys indexed by ply, shared by all levels:
 * a variation writes past its branch point and the entry it overwrote is
 * restored when it closes.  This is ob_history's rule (positions since the
 * last capture or pawn move, counted every second ply) without copying a
 * position per ply; the unit tests hold the two to the same answers.
 *
 * A move is first read by a quick path that only ever accepts a move that
 * is legal and written truly: the text in its one common shape, the piece
 * able to reach the cell, the mover's Sovereign not attacked after it, and
 * the suffix checked against the new position.  Anything else goes to
 * ob_move_read, which names the fault.  Whether the side to move has a
 * move is asked with an early exit; "none" is confirmed by the generator.
 * With three armies ob_make settles the position, so it always has a move
 * unless one army is left; the armies a move eliminates are noted per
 * level, to name them when a later move starts from where they stood.
 * The result against the end is gameresult.c's.
 */
#include "oblique.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "game.h"
#include "record.h"
#include "spare.h"

struct level {
	struct ob_position pos;
	ob_move last;        /* the move that led to pos */
	struct ob_undo undo; /* to take it back */
	int ply;             /* plies from the game's start to pos */
	int base;            /* ply of the last capture or pawn move */
	int prev_base, saved_prev_base;
	bool in_check, saved_in_check;
	bool far_corner; /* last won by the far-corner rule */
	enum ob_game_end end;
	/* Three armies: the ply that eliminated each army on this line (0:
	 * none did), and the cells its pieces stood on then, to name the
	 * army of a later move from one of them (move text names none). */
	int out_ply[OB_MAX_ARMIES];
	struct ob_cellset out_cells[OB_MAX_ARMIES];
};

struct ob_game_work {
	const struct ob_variant *variant; /* the tables below are for it */
	bool quick;                       /* all cell names have 3 bytes */
	/* Kinds beyond leapers, sliders and pawns (cannons, compounds,
	 * limited promotions: Plattraum's): the shortcuts below know none,
	 * and the generator answers. */
	bool generic;
	int8_t kind_of[128];              /* upper-case letter to kind */
	bool promotes_to[OB_MAX_KINDS];
	int16_t cell_of[1 << 14];
	char names[OB_MAX_CELLS][8];
	uint8_t name_rank[OB_MAX_CELLS]; /* in byte order of the names */
	/* Cells on a slider line through each cell: only a piece there can
	 * be pinned to a Sovereign there. */
	struct ob_cellset aligned[OB_MAX_CELLS];
	uint64_t *keys;                  /* by ply */
	size_t keys_cap;
	struct level levels[OB_OGN_DEPTH_MAX + 1];
};

static inline int cell_index(const char *s)
{
	return ((s[0] & 31) << 9) | ((s[1] & 31) << 4) | (s[2] & 15);
}

static struct ob_game_work *work_for(struct ob_game *g,
				    const struct ob_variant *v)
{
	struct ob_game_work *w = g->work;
	if (!w) {
		w = spare_take();
		if (!w)
			w = calloc(1, sizeof *w);
		if (!w)
			return NULL;
		g->work = w;
	}
	if (w->variant == v)
		return w;
	w->variant = v;
	memset(w->kind_of, -1, sizeof w->kind_of);
	for (int k = 0; k < v->nkinds; k++)
		if (v->kinds[k].letter && (unsigned char)v->kinds[k].letter < 128)
			w->kind_of[(unsigned char)v->kinds[k].letter] = (int8_t)k;
	memset(w->promotes_to, 0, sizeof w->promotes_to);
	for (const char *p = v->pawn->promotion_letters; *p; p++) {
		int k = ob_kind_from_letter(v, *p);
		if (k >= 0)
			w->promotes_to[k] = true;
	}
	for (size_t i = 0; i < sizeof w->cell_of / sizeof *w->cell_of; i++)
		w->cell_of[i] = -1;
	w->generic = ob_variant_has_codes(v);
	w->quick = !w->generic;
	int n = ob_cell_count(v), order[OB_MAX_CELLS];
	for (int c = 0; c < n; c++) {
		order[c] = c;
		if (ob_cell_name(v, c, w->names[c]) != 3 || w->generic) {
			w->quick = false;
			continue;
		}
		int i = cell_index(w->names[c]);
		if (w->cell_of[i] >= 0)
			w->quick = false;
		w->cell_of[i] = (int16_t)c;
	}
	const struct ob_tables *t = v->tables;
	for (int c = 0; c < n; c++) {
		w->aligned[c] = cs_empty();
		for (int d = 0; d < t->ndirs; d++)
			w->aligned[c] = cs_or(w->aligned[c], t->ray[d][c]);
	}
	for (int i = 1; i < n; i++) { /* once per variant: no hurry */
		int c = order[i], j = i;
		for (; j > 0 && strcmp(w->names[order[j - 1]], w->names[c]) > 0;
		     j--)
			order[j] = order[j - 1];
		order[j] = c;
	}
	for (int i = 0; i < n; i++)
		w->name_rank[order[i]] = (uint8_t)i;
	return w;
}

static void work_release(void *block)
{
	struct ob_game_work *w = block;
	free(w->keys);
	free(w);
}

/* Kept for the next game (lib/spare.c): building a record anew (its
 * tables are per variant) costs more than checking a short game, and the
 * tools' -j frees each game after its batch.  A long history is not kept. */
static void work_free(struct ob_game_work *w)
{
	if (!w)
		return;
	if (w->keys_cap > 4096) {
		free(w->keys);
		w->keys = NULL;
		w->keys_cap = 0;
	}
	if (!spare_keep(w, work_release))
		work_release(w);
}

void ob_game_init(struct ob_game *g)
{
	memset(g, 0, sizeof *g);
}

void ob_game_free(struct ob_game *g)
{
	record_free(g);
	work_free(g->work);
	memset(g, 0, sizeof *g);
}

static bool reserve_keys(struct ob_game_work *w, size_t n)
{
	if (n <= w->keys_cap)
		return true;
	size_t cap = w->keys_cap ? w->keys_cap : 1024;
	while (cap < n)
		cap *= 2;
	uint64_t *k = realloc(w->keys, cap * sizeof *k);
	if (!k)
		return false;
	w->keys = k;
	w->keys_cap = cap;
	return true;
}

/* ---- the position after a move ---- */

/* Pseudo-legal targets of the piece of kind k on from. */
static inline struct ob_cellset targets(const struct ob_position *pos,
					int k, int from)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	struct ob_cellset own = pos->by_color[us], opp = pos->by_color[1 - us];
	struct ob_cellset occ = cs_or(own, opp);
	switch (v->kinds[k].motion) {
	case OB_SLIDE:
		return cs_andnot(ob_slider_attacks(t, us, k, from, occ), own);
	case OB_LEAP:
		return cs_andnot(t->leap[us][k][from], own);
	case OB_PAWN:
	default:
		return cs_or(cs_andnot(t->pawn_push[us][from], occ),
			     cs_and(t->pawn_attack[us][from], opp));
	}
}

/* Has the side to move a legal move?  Out of check, any move of a piece
 * off every line through its Sovereign is legal: such a piece is looked
 * for first, leapers and pawns before sliders.  Then the Sovereign's
 * steps and the other pieces' moves are tried one by one, up to the
 * first legal one.  "No" is only a hint (moves of a variant's special
 * kinds are not tried). */
static bool any_legal(const struct ob_game_work *w, struct ob_position *pos,
		      bool in_check)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side, them = 1 - us;
	struct ob_cellset own = pos->by_color[us], opp = pos->by_color[them];
	struct ob_cellset occ = cs_or(own, opp);
	int royal = pos->royal_cell[us];
	if (royal < 0 || w->generic)
		return false;
	if (!in_check) {
		struct ob_cellset loose = cs_andnot(own, w->aligned[royal]);
		for (int pass = 0; pass < 2; pass++)
			for (int k = 0; k < v->nkinds; k++) {
				if (k == v->royal_kind ||
				    (v->kinds[k].motion == OB_SLIDE) != pass)
					continue;
				struct ob_cellset pieces =
					cs_and(pos->by_kind[k], loose);
				while (cs_any(pieces))
					if (cs_any(targets(pos, k,
							   cs_pop(&pieces))))
						return true;
			}
	}
	struct ob_cellset steps =
		cs_andnot(t->leap[us][v->royal_kind][royal], own);
	struct ob_cellset occ_without = cs_andnot(occ, cs_bit(royal));
	while (cs_any(steps))
		if (!ob_attacked_occ(pos, cs_pop(&steps), them, occ_without))
			return true;
	for (int k = 0; k < v->nkinds; k++) {
		if (k == v->royal_kind)
			continue;
		struct ob_cellset pieces = cs_and(pos->by_kind[k], own);
		enum ob_motion motion = v->kinds[k].motion;
		while (cs_any(pieces)) {
			int from = cs_pop(&pieces);
			struct ob_cellset to = targets(pos, k, from);
			while (cs_any(to)) {
				int dest = cs_pop(&to);
				int promo = motion == OB_PAWN &&
						    ob_cellset_has(t->promotion[us],
								   dest) &&
						    t->npromotions > 0
					    ? t->promotion_kinds[0] + 1
					    : 0;
				ob_move m = OB_MOVE_MAKE(
					from, dest, promo,
					ob_cellset_has(opp, dest));
				struct ob_undo u;
				ob_make(pos, m, &u);
				bool ok = !ob_attacked(pos, royal, them);
				ob_unmake(pos, m, &u);
				if (ok)
					return true;
			}
		}
	}
	return false;
}

/* Is the side to move in check after m?  Before m it was not (the side
 * that moved could not leave it so), so only the piece that moved, or a
 * line that its from-cell opened, can give check. */
static bool gives_check(const struct ob_game_work *w,
			const struct ob_position *pos, ob_move m)
{
	const struct ob_tables *t = pos->variant->tables;
	int them = pos->side, us = 1 - them, royal = pos->royal_cell[them];
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
	if (royal < 0 || ob_cellset_has(w->aligned[royal], from))
		return ob_in_check(pos);
	int k = OB_PIECE_KIND(pos->board[to]);
	switch (pos->variant->kinds[k].motion) {
	case OB_LEAP:
		return ob_cellset_has(t->leap[us][k][to], royal);
	case OB_SLIDE:
		return ob_cellset_has(
			ob_slider_attacks(t, us, k, to,
					  ob_occupied(pos)),
			royal);
	case OB_PAWN:
	default:
		return ob_cellset_has(t->pawn_attack[us][to], royal);
	}
}

/* Check, end of the game and repetition at the level's position, whose
 * key is already at keys[ply]; check < 0 when not known yet.  Returns the
 * suffix the move to it deserves. */
static char settle(struct ob_game_work *w, struct level *L, int check)
{
	struct ob_position *pos = &L->pos;
	bool three = pos->variant->tables->narmies > 2;
	L->in_check = check < 0 ? ob_in_check(pos) : check;
	if (L->far_corner) { /* wins, whatever else the move does */
		L->end = OB_END_FAR_CORNER;
		return '#';
	}
	/* Three armies: a settled position has a move unless one army is
	 * left, which has won (spec section 6) and has moves no more. */
	bool moves = three ? ob_next_army(pos, pos->side) != pos->side
			   : any_legal(w, pos, L->in_check) ||
				     ob_has_legal_move(pos);
	char suffix = three && L->ply > 0 ? ob_suffix_after(pos, L->undo.mover)
		      : L->in_check	     ? '+'
					     : 0;
	if (!moves) {
		L->end = three ? OB_END_LAST_ARMY
			 : L->in_check ? OB_END_CHECKMATE
				       : OB_END_STALEMATE;
		return three ? suffix : L->in_check ? '#' : 0;
	}
	/* Keys hold the army to move: with two armies only every second
	 * position can be the same. */
	int seen = 0;
	uint64_t key = w->keys[L->ply];
	for (int i = L->ply; i >= L->base; i -= three ? 1 : 2)
		seen += w->keys[i] == key;
	if (ob_dead_position(pos))
		L->end = OB_END_INSUFFICIENT_MATERIAL;
	else if (seen >= 3)
		L->end = OB_END_THREEFOLD;
	else if (pos->halfmove_clock >= 100)
		L->end = OB_END_FIFTY_MOVES;
	else
		L->end = OB_END_NONE;
	return suffix;
}

/* The key under which the repetition rule compares positions: an en
 * passant cell counts only when a capture there is legal (as in
 * ob_position_same). */
static uint64_t repetition_key(const struct ob_position *pos)
{
	if (pos->ep_cell < 0 || !cs_any(ob_en_passant_capturers(pos)))
		return pos->key;
	return pos->key ^ ob_zobrist_ep[pos->ep_cell];
}

/* Notes the armies the level's last move eliminated, and their cells. */
static void note_out(struct level *L)
{
	const struct ob_undo *u = &L->undo;
	for (int i = 0; i < u->neliminated; i++) {
		L->out_ply[u->eliminated[i]] = L->ply;
		L->out_cells[u->eliminated[i]] = cs_empty();
	}
	for (int i = 0; i < u->nremoved; i++) {
		struct ob_cellset *s =
			&L->out_cells[OB_PIECE_COLOR(u->removed[i])];
		*s = cs_or(*s, cs_bit(u->removed_cell[i]));
	}
}

/* Forgets them again (the move is taken back, or a variation replaces
 * it): an army is eliminated once on a line, so they were in before. */
static void forget_out(struct level *L, const struct ob_undo *u)
{
	for (int i = 0; i < u->neliminated; i++)
		L->out_ply[u->eliminated[i]] = 0;
}

static void apply(struct ob_game_work *w, struct level *L, ob_move m)
{
	L->saved_prev_base = L->prev_base;
	L->saved_in_check = L->in_check;
	L->prev_base = L->base;
	L->far_corner = ob_far_corner_win(&L->pos, m);
	ob_make(&L->pos, m, &L->undo);
	L->last = m;
	L->ply++;
	w->keys[L->ply] = repetition_key(&L->pos);
	if (L->pos.halfmove_clock == 0)
		L->base = L->ply;
	if (L->undo.neliminated)
		note_out(L);
}

static void take_back(struct level *L)
{
	if (L->undo.neliminated)
		forget_out(L, &L->undo);
	ob_unmake(&L->pos, L->last, &L->undo);
	L->ply--;
	L->base = L->prev_base;
	L->prev_base = L->saved_prev_base;
	/* play() takes back only from a position that had not ended */
	L->in_check = L->saved_in_check;
	L->far_corner = false;
	L->end = OB_END_NONE;
}

/* A level for a variation of parent's last move. */
static void branch(struct ob_game_work *w, const struct level *parent,
		   struct level *child)
{
	child->pos = parent->pos;
	ob_unmake(&child->pos, parent->last, &parent->undo);
	memcpy(child->out_ply, parent->out_ply, sizeof child->out_ply);
	memcpy(child->out_cells, parent->out_cells, sizeof child->out_cells);
	forget_out(child, &parent->undo);
	child->ply = parent->ply - 1;
	child->base = parent->prev_base;
	child->prev_base = parent->prev_base;
	child->last = OB_MOVE_NONE;
	child->far_corner = false;
	settle(w, child, -1);
}

static void close_branch(struct ob_game_work *w, const struct level *parent)
{
	w->keys[parent->ply] = repetition_key(&parent->pos);
}

static void start_level(struct ob_game_work *w, struct level *L,
			const struct ob_position *start)
{
	L->pos = *start;
	L->ply = 0;
	memset(L->out_ply, 0, sizeof L->out_ply);
	L->base = L->prev_base = L->saved_prev_base = 0;
	L->last = OB_MOVE_NONE;
	L->far_corner = false;
	w->keys[0] = repetition_key(start);
	settle(w, L, -1);
}

/* ---- reading a move ---- */

static inline int cell3(const struct ob_game_work *w, const char *s)
{
	int c = w->cell_of[cell_index(s)];
	if (c < 0 || memcmp(w->names[c], s, 3) != 0)
		return -1;
	return c;
}

static bool is_glyph(const char *s, size_t n)
{
	return (n == 1 && (s[0] == '!' || s[0] == '?')) ||
	       (n == 2 && (s[0] == '!' || s[0] == '?') &&
		(s[1] == '!' || s[1] == '?'));
}

/* The quick path: a move in the one common shape, able to reach its cell
 * with the separator and promotion right.  false: ask ob_move_read. */
static bool quick_read(const struct ob_game_work *w,
		       const struct ob_position *pos, const char *s, size_t len,
		       ob_move *out, char *suffix)
{
	if (len < 8 || (unsigned char)s[0] >= 128)
		return false;
	int kind = w->kind_of[(unsigned char)s[0]];
	int from = kind >= 0 ? cell3(w, s + 1) : -1;
	if (from < 0 || (s[4] != '-' && s[4] != 'x'))
		return false;
	int to = cell3(w, s + 5), promo = -1;
	size_t i = 8;
	if (to < 0)
		return false;
	if (i < len && s[i] == '=') {
		if (i + 1 >= len || (unsigned char)s[i + 1] >= 128)
			return false;
		promo = w->kind_of[(unsigned char)s[i + 1]];
		if (promo < 0 || !w->promotes_to[promo])
			return false;
		i += 2;
	}
	*suffix = 0;
	if (i < len && (s[i] == '+' || s[i] == '#'))
		*suffix = s[i++];
	if (i < len && !is_glyph(s + i, len - i))
		return false;

	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	ob_piece p = pos->board[from], target = pos->board[to];
	if (p == OB_EMPTY || OB_PIECE_COLOR(p) != us || OB_PIECE_KIND(p) != kind)
		return false;
	bool capture = target != OB_EMPTY;
	if ((capture && OB_PIECE_COLOR(target) == us) ||
	    (s[4] == 'x') != capture)
		return false;
	struct ob_cellset reach;
	switch (v->kinds[kind].motion) {
	case OB_LEAP:
		reach = t->leap[us][kind][from];
		break;
	case OB_SLIDE:
		reach = ob_slider_attacks(t, us, kind, from,
					  ob_occupied(pos));
		break;
	case OB_PAWN:
	default:
		reach = capture ? t->pawn_attack[us][from]
				: t->pawn_push[us][from];
		break;
	}
	if (!ob_cellset_has(reach, to))
		return false;
	bool must = kind == v->pawn_kind &&
		    ob_cellset_has(t->promotion[us], to);
	if (must != (promo >= 0))
		return false;
	*out = OB_MOVE_MAKE(from, to, promo + 1, capture);
	return true;
}

static void canonical(const struct ob_position *before, ob_move m,
		      char truth, struct ob_token *t)
{
	int n = ob_move_write_plain(before, m, t->canonical);
	if (truth) {
		t->canonical[n++] = truth;
		t->canonical[n] = '\0';
	}
}

/* An empty from-cell where an eliminated army's piece stood when it was
 * eliminated (the latest such army): the move is likely that army's, and
 * the message says so. */
static void explain_empty(const struct level *L, const char *text,
			  struct ob_error *err)
{
	const struct ob_variant *v = L->pos.variant;
	int cell, army = -1;
	if (err->column < 1 ||
	    ob_cell_parse(v, text + err->column - 1, &cell) <= 0)
		return;
	for (int a = 0; a < ob_armies(v); a++)
		if (L->out_ply[a] && ob_cellset_has(L->out_cells[a], cell) &&
		    (army < 0 || L->out_ply[a] > L->out_ply[army]))
			army = a;
	if (army < 0)
		return;
	char name[8];
	ob_cell_name(v, cell, name);
	snprintf(err->message, sizeof err->message,
		 "%s is empty: army %d was eliminated at ply %d", name,
		 army + 1, L->out_ply[army]);
}

/* Plays the move token t on level L; false (with the error recorded, or
 * *nomem set) when it cannot be played. */
static bool play(struct ob_game *g, struct ob_game_work *w, struct level *L,
		 struct ob_token *t, unsigned flags, bool *nomem)
{
	const char *text = g->text + t->text;
	size_t len = strlen(text);
	struct ob_position *pos = &L->pos;
	ob_move m;
	char suffix, truth;

	if (L->end != OB_END_NONE) {
		if (!record_error_add(g, OB_ERR_MOVE_GAME_OVER, t->line, t->column,
				   t->ply, text,
				   "move after the end of the game (%s)",
				   ob_game_end_name(L->end)))
			*nomem = true;
		return false;
	}
	t->army = pos->side;
	t->fullmove = pos->fullmove_number;
	if (w->quick && quick_read(w, pos, text, len, &m, &suffix)) {
		int us = pos->side, from = OB_MOVE_FROM(m);
		/* Out of check, only a move of the Sovereign or from a line
		 * through it can leave it attacked. */
		int royal = pos->royal_cell[us];
		bool safe = !L->in_check && royal >= 0 && from != royal &&
			    !ob_cellset_has(w->aligned[royal], from);
		if (flags & OB_CHECK_CANONICAL)
			ob_move_write_plain(pos, m, t->canonical);
		apply(w, L, m);
		royal = pos->royal_cell[us];
		if (safe || royal < 0 || !ob_attacked(pos, royal, 1 - us)) {
			truth = settle(w, L, gives_check(w, pos, m));
			if ((suffix == 0 || suffix == truth) &&
			    !((flags & OB_CHECK_STRICT) && truth != suffix)) {
				if (truth && (flags & OB_CHECK_CANONICAL)) {
					size_t n = strlen(t->canonical);
					t->canonical[n] = truth;
					t->canonical[n + 1] = '\0';
				}
				t->move = m;
				g->moves_checked++;
				return true;
			}
		}
		take_back(L);
	}

	struct ob_error err;
	enum ob_status st = ob_move_read(pos, text, len, flags & OB_READ_STRICT,
					 &m, &err);
	if (st != OB_OK) {
		if (st == OB_ERR_MOVE_FROM_EMPTY)
			explain_empty(L, text, &err);
		if (!record_error_add(g, st, t->line, t->column + err.column - 1,
				   t->ply, text, "%s", err.message))
			*nomem = true;
		return false;
	}
	struct ob_position before;
	if (flags & OB_CHECK_CANONICAL)
		before = *pos;
	apply(w, L, m);
	truth = settle(w, L, -1);
	if (flags & OB_CHECK_CANONICAL)
		canonical(&before, m, truth, t);
	t->move = m;
	g->moves_checked++;
	return true;
}

/* ---- checking a game ---- */

static const struct ob_tag *find_tag(const struct ob_game *g,
				     const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (strcmp(g->text + g->tags[i].name, name) == 0)
			return &g->tags[i];
	return NULL;
}

/* The reader's errors (an unclosed variation, a missing marker) and the
 * replay's, in the order of the text: a stable insertion sort. */
static void sort_errors(struct ob_game *g)
{
	for (int i = 1; i < g->nerrors; i++) {
		struct ob_game_error e = g->errors[i];
		int j = i;
		while (j > 0 && (g->errors[j - 1].line > e.line ||
				 (g->errors[j - 1].line == e.line &&
				  g->errors[j - 1].column > e.column))) {
			g->errors[j] = g->errors[j - 1];
			j--;
		}
		g->errors[j] = e;
	}
}

static enum ob_status first_error(const struct ob_game *g, bool nomem)
{
	if (nomem)
		return OB_ERR_NO_MEMORY;
	return g->nerrors ? g->errors[0].status : OB_OK;
}

/* The variant and the start position the tags ask for. */
static bool setup(struct ob_game *g, const struct ob_variant *dv,
		  bool *nomem)
{
	const struct ob_tag *tag = find_tag(g, "Variant");
	const struct ob_variant *v = dv ? dv : ob_variant_default();
	if (tag) {
		const char *name = g->text + tag->value;
		v = ob_variant_find(name);
		if (!v) {
			char known[160];
			ob_variant_tag_names(known, sizeof known);
			if (!record_error_add(g, OB_ERR_UNKNOWN_VARIANT, tag->line,
					   tag->value_column, 0, "",
					   "unknown variant '%.60s' (known: "
					   "%s)",
					   name, known))
				*nomem = true;
			return false;
		}
	}
	/* Another board's position tag would be ignored, and the game start
	 * from the wrong position without a word: say so.  The tags are the
	 * registry's, so that a new board's is known. */
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		const char *name = ob_position_tag(all[i]);
		const struct ob_tag *other = find_tag(g, name);
		if (!other || strcmp(name, ob_position_tag(v)) == 0)
			continue;
		const struct ob_variant *owner = ob_position_tag_owner(name);
		char hint[120] = "";
		if (owner)
			snprintf(hint, sizeof hint,
				 " (a game of %s says [Variant \"%s\"])",
				 owner->tag_name, owner->tag_name);
		if (!record_error_add(g, OB_ERR_OGN_TAG, other->line,
				   other->column, 0, "",
				   "%s %s tag in a game of %s, whose positions "
				   "are %s%s",
				   name[0] == 'O' ? "an" : "a", name,
				   v->tag_name, ob_position_tag(v), hint))
			*nomem = true;
		return false;
	}
	tag = find_tag(g, ob_position_tag(v));
	if (tag) {
		const char *ofen = g->text + tag->value;
		struct ob_error err;
		if (ob_ofen_read(&g->start, v, ofen, strlen(ofen), NULL, &err) !=
		    OB_OK) {
			if (!record_error_add(g, err.status, tag->line,
					   tag->value_column + err.column - 1,
					   0, "", "%s tag: %s", ob_position_tag(v),
					   err.message))
				*nomem = true;
			return false;
		}
	} else {
		ob_position_start(&g->start, v);
	}
	g->variant = v;
	return true;
}

enum ob_status ob_game_check(struct ob_game *g,
			     const struct ob_variant *default_variant,
			     unsigned flags)
{
	bool nomem = false;
	int read_errors = g->nerrors;
	g->variant = NULL;
	g->plies = 0;
	g->moves_checked = 0;
	g->end = OB_END_NONE;
	if (g->broken)
		return first_error(g, false);
	if (!setup(g, default_variant, &nomem))
		return first_error(g, nomem);

	const char *result_value =
		game_result_tag(g, find_tag(g, "Result"), &nomem);

	struct ob_game_work *w = work_for(g, g->variant);
	if (!w || !reserve_keys(w, (size_t)g->ntokens + 2))
		return OB_ERR_NO_MEMORY;
	start_level(w, &w->levels[0], &g->start);
	int d = 0, dead = -1, main_moves = 0;
	bool main_dead = false;
	for (int i = 0; i < g->ntokens && !nomem; i++) {
		struct ob_token *t = &g->tokens[i];
		t->move = OB_MOVE_NONE;
		if (t->type == OB_TOKEN_MOVE && t->depth == 0)
			main_moves++;
		if (dead >= 0) {
			if (t->type == OB_TOKEN_CLOSE && t->depth == dead &&
			    dead > 0) {
				d = dead - 1;
				close_branch(w, &w->levels[d]);
				dead = -1;
			}
			continue;
		}
		switch (t->type) {
		case OB_TOKEN_MOVE:
			if (!play(g, w, &w->levels[d], t, flags, &nomem)) {
				dead = d;
				main_dead = main_dead || d == 0;
			}
			break;
		case OB_TOKEN_OPEN:
			branch(w, &w->levels[d], &w->levels[d + 1]);
			d++;
			break;
		case OB_TOKEN_CLOSE:
			d--;
			close_branch(w, &w->levels[d]);
			break;
		case OB_TOKEN_COMMENT:
		case OB_TOKEN_NAG:
			break;
		}
	}
	const struct level *L0 = &w->levels[0];
	g->plies = L0->ply;
	g->end = L0->end;

	game_result_check(g, result_value, &L0->pos, L0->end, L0->undo.mover,
			  main_moves, main_dead, &nomem);
	if (read_errors)
		sort_errors(g);
	return first_error(g, nomem);
}

/* ---- random games ---- */

/* Sorts moves as ob_moves_sort does, by the bytes of their text, from a
 * key made of the parts of the text: with cell names of one length, and a
 * pawn that must promote where it can, no move's text without its suffix
 * is a prefix of another's, so the suffix never decides.  The unit tests
 * compare the two. */
static void sort_moves(const struct ob_game_work *w,
		       const struct ob_position *pos, ob_move *moves, int n)
{
	if (!w->quick) {
		ob_moves_sort(pos, moves, n);
		return;
	}
	const struct ob_variant *v = pos->variant;
	uint64_t keys[OB_MAX_MOVES];
	for (int i = 0; i < n; i++) {
		ob_move m = moves[i];
		int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
		int promo = OB_MOVE_PROMO(m);
		uint32_t letter = (unsigned char)
			v->kinds[OB_PIECE_KIND(pos->board[from])].letter;
		uint32_t pl = promo >= 0 ? (unsigned char)v->kinds[promo].letter
					 : 0;
		uint32_t hi = letter << 23 | (uint32_t)w->name_rank[from] << 16 |
			      (uint32_t)(pos->board[to] != OB_EMPTY) << 15 |
			      (uint32_t)w->name_rank[to] << 8 | pl;
		keys[i] = (uint64_t)hi << 32 | m;
	}
	for (int i = 1; i < n; i++) {
		uint64_t k = keys[i];
		int j = i;
		for (; j > 0 && keys[j - 1] > k; j--)
			keys[j] = keys[j - 1];
		keys[j] = k;
	}
	for (int i = 0; i < n; i++)
		moves[i] = (ob_move)(keys[i] & 0xffffffffu);
}

bool game_moves_sort(struct ob_game *g, const struct ob_position *pos,
		    ob_move *moves, int n)
{
	struct ob_game_work *w = work_for(g, pos->variant);
	if (!w)
		return false;
	sort_moves(w, pos, moves, n);
	return true;
}

static bool add_tag(struct ob_game *g, const char *name, const char *value)
{
	struct ob_tag *t;
	if (record_tag_add(g, &t) ||
	    record_text_add(g, name, strlen(name), &t->name) ||
	    record_text_add(g, value, strlen(value), &t->value))
		return false;
	t->line = t->column = t->value_column = 0;
	return true;
}

static struct ob_token *add_token(struct ob_game *g, enum ob_token_type type,
				  int depth)
{
	struct ob_token *t;
	if (record_token_add(g, &t))
		return NULL;
	t->type = type;
	t->depth = depth;
	return t;
}

/* Plays m on L and records it as a move token at depth. */
static bool random_move(struct ob_game *g, struct ob_game_work *w,
			struct level *L, ob_move m, int depth)
{
	struct ob_token *t = add_token(g, OB_TOKEN_MOVE, depth);
	if (!t)
		return false;
	struct ob_position before = L->pos;
	t->army = before.side;
	t->fullmove = before.fullmove_number;
	apply(w, L, m);
	canonical(&before, m, settle(w, L, -1), t);
	t->ply = L->ply;
	t->move = m;
	g->moves_checked++;
	return record_text_add(g, t->canonical, strlen(t->canonical),
			    &t->text) == 0;
}

static ob_move random_choice(struct ob_game_work *w, struct ob_rng *rng,
			     const struct level *L, ob_move *list, int *n)
{
	*n = ob_legal_moves(&L->pos, list);
	sort_moves(w, &L->pos, list, *n);
	return list[ob_rng_below(rng, (uint64_t)*n)];
}

enum ob_status ob_game_random(struct ob_game *g, const struct ob_variant *v,
			      struct ob_rng *rng, long index, int max_plies)
{
	char round[24];
	record_reset(g);
	g->index = index;
	g->variant = v;
	if (max_plies < 0)
		max_plies = 0;
	struct ob_game_work *w = work_for(g, v);
	if (!w || !reserve_keys(w, (size_t)max_plies + 16))
		return OB_ERR_NO_MEMORY;
	ob_position_start(&g->start, v);
	snprintf(round, sizeof round, "%ld", index);
	if (!add_tag(g, "Event", "Random game") ||
	    !add_tag(g, "Site", "ob-validate --generate") ||
	    !add_tag(g, "Round", round))
		return OB_ERR_NO_MEMORY;
	/* the players: PGN's White and Black, or one tag an army (ogn(5)) */
	static const char *const players[2][OB_MAX_ARMIES] = {
		{"White", "Black", NULL}, {"Army1", "Army2", "Army3"}};
	for (int a = 0; a < ob_armies(v); a++)
		if (!add_tag(g, players[ob_armies(v) > 2][a], "random"))
			return OB_ERR_NO_MEMORY;
	if (v != ob_variant_default() && !add_tag(g, "Variant", v->tag_name))
		return OB_ERR_NO_MEMORY;

	struct level *L0 = &w->levels[0], *L1 = &w->levels[1];
	ob_move list[OB_MAX_MOVES], alt[OB_MAX_MOVES];
	int n, target = max_plies ? 1 + (int)ob_rng_below(rng, (uint64_t)max_plies)
				 : 0;
	start_level(w, L0, &g->start);
	while (L0->ply < target && L0->end == OB_END_NONE) {
		ob_move m = random_choice(w, rng, L0, list, &n);
		if (!random_move(g, w, L0, m, 0))
			return OB_ERR_NO_MEMORY;
		if (n > 1 && ob_rng_below(rng, 24) == 0) {
			/* a variation: another move, and up to 3 more */
			ob_move a;
			do
				a = list[ob_rng_below(rng, (uint64_t)n)];
			while (a == m);
			int more = (int)ob_rng_below(rng, 4), k;
			if (!add_token(g, OB_TOKEN_OPEN, 1))
				return OB_ERR_NO_MEMORY;
			branch(w, L0, L1);
			if (!random_move(g, w, L1, a, 1))
				return OB_ERR_NO_MEMORY;
			for (int i = 0; i < more && L1->end == OB_END_NONE; i++)
				if (!random_move(g, w, L1,
						 random_choice(w, rng, L1, alt,
							       &k),
						 1))
					return OB_ERR_NO_MEMORY;
			if (!add_token(g, OB_TOKEN_CLOSE, 1))
				return OB_ERR_NO_MEMORY;
			close_branch(w, L0);
		}
		if (ob_rng_below(rng, 40) == 0) {
			char text[64];
			struct ob_token *t = add_token(g, OB_TOKEN_COMMENT, 0);
			snprintf(text, sizeof text, "ply %d: a \"random\" move",
				 L0->ply);
			if (!t || record_text_add(g, text, strlen(text), &t->text))
				return OB_ERR_NO_MEMORY;
		}
		if (ob_rng_below(rng, 40) == 0) {
			struct ob_token *t = add_token(g, OB_TOKEN_NAG, 0);
			if (!t)
				return OB_ERR_NO_MEMORY;
			t->nag = (int)ob_rng_below(rng, 256);
		}
	}
	char result[OB_RESULT_MAX], why[80];
	if (!ob_result_for_end(&L0->pos, L0->end, L0->undo.mover, result, why,
			    sizeof why)) {
		/* not over by the rules: any result the armies left can have */
		int armies = ob_armies(g->variant);
		unsigned in_game = ob_armies_in_game(&L0->pos);
		int pick = (int)ob_rng_below(rng, (uint64_t)armies + 2);
		if (pick == armies)
			ob_result_write(g->variant, -1, in_game, result);
		else if (pick > armies || !(in_game >> pick & 1))
			strcpy(result, "*");
		else
			ob_result_write(g->variant, pick, 0, result);
	}
	strcpy(g->termination, result);
	if (!add_tag(g, "Result", result))
		return OB_ERR_NO_MEMORY;
	g->plies = L0->ply;
	g->end = L0->end;
	return OB_OK;
}
