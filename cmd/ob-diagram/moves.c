#include "ob-diagram/moves.h"

#include <stdio.h>
#include <string.h>

#include "draw/scene.h"
#include "draw/text.h"
#include "input.h"
#include "ob-diagram/diagram.h"
#include "ob-diagram/output.h"
#include "oblique.h"
#include "util.h"

struct kind_counts {
	int directions; /* vectors that reach at least one cell */
	int cells;
	int double_steps; /* a pawn's: 0 or 1 */
};

/* The cell a pawn of color on cell reaches by a double step (its first
 * move vector taken twice, as the library's pawn rules say), or -1. */
static int double_step_target(int color, int cell)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_pawn_rules *p = v->pawn;
	int c[OB_MAX_DIMS] = {0}, to[OB_MAX_DIMS];
	int sign = color == OB_WHITE ? 1 : -1;
	if (!p || !p->double_step_on || p->nmoves < 1)
		return -1;
	ob_cell_coords(v, color == OB_WHITE ? cell : ob_cell_reflect(v, cell),
		       c);
	if (!p->double_step_on(c))
		return -1;
	ob_cell_coords(v, cell, c);
	for (int d = 0; d < OB_MAX_DIMS; d++)
		to[d] = c[d] + sign * p->moves[0].d[d];
	if (ob_cell_at(v, to) < 0)
		return -1;
	for (int d = 0; d < OB_MAX_DIMS; d++)
		to[d] += sign * p->moves[0].d[d];
	return ob_cell_at(v, to);
}

/* A step of army 1's as army's piece takes it: through the army's frame
 * where the variant has frames (Plattraum), else White's as it is and
 * Black's negated. */
static void army_step(int army, const struct ob_vector *in, int *out)
{
	const struct ob_variant *v = opt.view.variant;
	if (v->frames) {
		const struct ob_frame *f = &v->frames[army];
		for (int i = 0; i < OB_MAX_DIMS; i++) {
			int sum = 0;
			for (int j = 0; j < OB_MAX_DIMS; j++)
				sum += f->m[i][j] * in->d[j];
			out[i] = sum / (f->div ? f->div : 1);
		}
		return;
	}
	for (int d = 0; d < OB_MAX_DIMS; d++)
		out[d] = army == OB_WHITE ? in->d[d] : -in->d[d];
}

/* A kind's vectors in three sets, army 1's: a pawn's advances, its
 * captures (from cell, where they depend on it), none; another piece's
 * vectors, none, and its leaps besides (the Seaseholders'). */
enum { SET_MOVES, SET_CAPTURES, SET_LEAPS, NSETS };

struct vector_sets {
	const struct ob_vector *vec[NSETS];
	int n[NSETS];
	struct ob_vector at[8]; /* captures that depend on the cell */
};

static void vector_sets(int kind, int army, int cell, struct vector_sets *s)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	const struct ob_pawn_rules *p = v->pawn;
	memset(s, 0, sizeof *s);
	s->vec[SET_MOVES] = k->vectors;
	s->n[SET_MOVES] = k->nvectors;
	s->vec[SET_LEAPS] = k->leaps;
	s->n[SET_LEAPS] = k->nleaps;
	if (k->motion != OB_PAWN)
		return;
	s->vec[SET_MOVES] = p->moves;
	s->n[SET_MOVES] = p->nmoves;
	s->vec[SET_CAPTURES] = p->captures;
	s->n[SET_CAPTURES] = p->ncaptures;
	if (p->captures_at) {
		/* decided in army 1's frame, on the cell there */
		int c[OB_MAX_DIMS];
		ob_cell_coords(v, ob_cell_unframe(v, army, cell), c);
		s->vec[SET_CAPTURES] = s->at;
		s->n[SET_CAPTURES] = p->captures_at(c, s->at);
	}
}

static void cellset_add(struct ob_cellset *s, int cell)
{
	if (cell < 64)
		s->lo |= (uint64_t)1 << cell;
	else
		s->hi |= (uint64_t)1 << (cell - 64);
}

/* What a walk along a piece's vectors finds. */
struct walk {
	int slides, leaps;  /* vectors that reach a cell: rays and leaps */
	int cells;	    /* cells reached (a pawn's not counted) */
	int captures;	    /* enemy pieces reached */
	int screens;	    /* pieces a cannon jumps to capture */
	int advances;	    /* a pawn's */
	int attacked;	    /* a pawn's */
	struct ob_cellset drawn; /* the cells reached, but a pawn's */
};

/* Walks the vectors of a piece of kind and army on cell over the board
 * of sc (empty, or a position's), marking what it reaches; with lines,
 * adds a line per vector that reaches a cell, to the last one. */
static void walk_piece(struct scene *sc, int kind, int army, int cell,
		       bool lines, struct walk *w)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	int c[OB_MAX_DIMS];
	struct vector_sets sets;
	vector_sets(kind, army, cell, &sets);
	memset(w, 0, sizeof *w);
	ob_cell_coords(v, cell, c);
	int doubled = k->motion == OB_PAWN ? double_step_target(army, cell)
					    : -1;
	for (int set = 0; set < NSETS; set++)
		for (int i = 0; i < sets.n[set]; i++) {
			int step[OB_MAX_DIMS], to[OB_MAX_DIMS], last = -1,
									steps = 0,
									screen_cell = -1;
			enum ob_motion motion =
				set == SET_LEAPS ? OB_LEAP : k->motion;
			bool pawn = motion == OB_PAWN, screen = false;
			/* a leaper's vector is taken once, the pawn's first
			 * advance twice where it has a double step */
			int most = set == 0 && i == 0 && doubled >= 0 ? 2 : 1;
			army_step(army, &sets.vec[set][i], step);
			memcpy(to, c, sizeof to);
			for (;;) {
				for (int d = 0; d < OB_MAX_DIMS; d++)
					to[d] += step[d];
				int t = ob_cell_at(v, to);
				if (t < 0)
					break;
				ob_piece there = sc->board[t];
				bool enemy = there != OB_EMPTY &&
					     OB_PIECE_COLOR(there) != army;
				if (motion == OB_CANNON && screen) {
					/* past the screen: a capture only */
					if (there == OB_EMPTY)
						continue;
					if (enemy) {
						last = t;
						sc->flags[t] |=
							F_REACH | F_CAPTURE;
						sc->flags[screen_cell] |= F_SCREEN;
						w->captures++;
						w->screens++;
						w->cells++;
						cellset_add(&w->drawn, t);
					}
					break;
				}
				if (motion == OB_CANNON && there != OB_EMPTY) {
					screen = true;
					screen_cell = t;
					continue;
				}
				bool pawn_move = pawn && set == SET_MOVES;
				if (there != OB_EMPTY &&
				    (pawn_move || (!enemy && !pawn)))
					break;
				last = t;
				if (pawn) {
					sc->flags[t] |= set == SET_MOVES
								? F_ADVANCE
								: F_ATTACK;
					if (set == SET_MOVES)
						w->advances++;
					else
						w->attacked++;
				} else
					sc->flags[t] |= F_REACH;
				if (enemy) {
					sc->flags[t] |= F_CAPTURE;
					w->captures++;
				}
				if (!pawn) {
					w->cells++;
					cellset_add(&w->drawn, t);
				}
				if (there != OB_EMPTY ||
				    (motion != OB_SLIDE && motion != OB_CANNON &&
				     ++steps >= most))
					break;
			}
			if (last < 0)
				continue;
			if (motion == OB_LEAP)
				w->leaps++;
			else
				w->slides++;
			if (lines)
				scene_line(sc, cell, last,
					   motion == OB_SLIDE ||
							   motion == OB_CANNON
						   ? LINE_RAY
					   : motion == OB_LEAP ? LINE_LEAP
					   : set == SET_MOVES  ? LINE_ADVANCE
							       : LINE_ATTACK);
		}
}

/* What a piece of kind and army reaches from cell on an empty board,
 * counted from the library's tables (a cannon's quiet moves, which no
 * table holds, walked). */
static struct kind_counts empty_counts(int kind, int army, int cell)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	static struct scene empty;
	struct walk w;
	struct kind_counts n = {0, 0, 0};
	memset(empty.board, 0, sizeof empty.board);
	memset(empty.flags, 0, sizeof empty.flags);
	walk_piece(&empty, kind, army, cell, false, &w);
	n.directions = w.slides + w.leaps;
	if (k->motion == OB_CANNON) {
		n.cells = w.cells;
		return n;
	}
	struct ob_cellset reach = ob_attacks_empty(v, army, kind, cell);
	n.cells = ob_cellset_count(reach);
	if (k->motion != OB_PAWN)
		return n;
	/* a pawn's advances are not in its attack table */
	for (int t = 0; t < ob_cell_count(v); t++)
		if ((empty.flags[t] & F_ADVANCE) && !ob_cellset_has(reach, t))
			n.cells++;
	n.double_steps = double_step_target(army, cell) >= 0;
	return n;
}

static void plural(char *out, size_t size, int n, const char *one,
		   const char *many)
{
	snprintf(out, size, "%d %s", n, n == 1 ? one : many);
}

/* Does a kind make paired moves of a type by a rule of the variant (Liu
 * Yang's Grandduke swaps, a King castles)? */
static bool pairs_by_rule(int kind, enum ob_pair_type type)
{
	const struct ob_variant *v = opt.view.variant;
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == type && v->pairs[i].mover_kind == kind)
			return true;
	return false;
}

/* A castling for a caption: the King's move and the Rook's, "Ke1-g1
 * (the Rook h1-f1)". */
static void castling_words(const struct ob_position *q, ob_move m,
			   char *out, size_t size)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_pair_rule *r = &v->pairs[OB_MOVE_PAIR(m)];
	char king[OB_MOVE_TEXT_MAX], from[8], to[8];
	int a, b;
	ob_move_write_plain(q, m, king);
	if (ob_cell_parse(v, r->partner_cell, &a) <= 0 ||
	    ob_cell_parse(v, r->partner_to, &b) <= 0) {
		snprintf(out, size, "%s", king);
		return;
	}
	ob_cell_name(v, ob_cell_frame(v, q->side, a), from);
	ob_cell_name(v, ob_cell_frame(v, q->side, b), to);
	snprintf(out, size, "%s (the %s %s-%s)", king,
		 v->kinds[r->partner_kind].name, from, to);
}

/* Marks the paired moves of a type (swaps, castlings) that the piece of
 * kind and army on cell may make in pos, with a line to each: the
 * library's legal moves from cell, with the piece on its cell and its
 * army to move.  A swap marks the partner, a castling the King's target
 * (and adds its words to words).  Returns their number, or -1 when that
 * position is not legal (err says why). */
static int mark_pairs(struct scene *sc, enum ob_pair_type type, int kind,
		      int army, int cell, const struct ob_position *pos,
		      char *words, size_t size, struct ob_error *err)
{
	static struct ob_position q;
	static ob_move moves[OB_MAX_MOVES];
	const struct ob_variant *v = opt.view.variant;
	q = *pos;
	ob_position_put(&q, cell, OB_PIECE(army, kind));
	/* an en passant cell is the side to move's: gone if that changes */
	if (q.side != army)
		q.ep_cell = q.ep_victim = -1;
	q.side = army;
	q.key = ob_position_compute_key(&q);
	if (ob_position_check(&q, err) != OB_OK)
		return -1;
	int n = ob_legal_moves(&q, moves), found = 0;
	size_t len = 0;
	for (int i = 0; i < n; i++) {
		ob_move m = moves[i];
		if (OB_MOVE_SPECIAL(m) != OB_PAIRED ||
		    v->pairs[OB_MOVE_PAIR(m)].type != type ||
		    OB_MOVE_FROM(m) != cell)
			continue;
		bool castling = type == OB_CASTLING;
		sc->flags[OB_MOVE_TO(m)] |= castling ? F_CASTLE : F_SWAP;
		scene_line(sc, cell, OB_MOVE_TO(m),
			   castling ? LINE_CASTLE : LINE_SWAP);
		if (castling && len < size) {
			len += (size_t)snprintf(words + len, size - len, "%s",
						found ? ", " : "");
			if (len < size)
				castling_words(&q, m, words + len, size - len);
			len += strlen(words + len);
		}
		found++;
	}
	return found;
}

/* Marks the pawn an en passant capture from cell would take, when the
 * pawn of army on cell may take it in pos (its army to move, the en
 * passant cell among those it attacks); returns whether it may. */
static bool mark_en_passant(struct scene *sc, int army,
			    const struct ob_position *pos, char *words,
			    size_t size)
{
	const struct ob_variant *v = opt.view.variant;
	char to[8], victim[8];
	if (!pos || pos->side != army || pos->ep_cell < 0 ||
	    pos->ep_victim < 0 || !(sc->flags[pos->ep_cell] & F_ATTACK))
		return false;
	sc->flags[pos->ep_victim] |= F_CAPTURE;
	ob_cell_name(v, pos->ep_cell, to);
	ob_cell_name(v, pos->ep_victim, victim);
	snprintf(words, size, "En passant to %s, taking the %s on %s", to,
		 v->kinds[OB_PIECE_KIND(pos->board[pos->ep_victim])].name,
		 victim);
	return true;
}

/* How an army's steps come from army 1's, for a caption. */
static const char *frame_words(int army)
{
	const struct ob_variant *v = opt.view.variant;
	if (!v->frames)
		return "negated";
	const struct ob_frame *f = &v->frames[army];
	/* the mirror top to bottom turns the board over; a rotation not */
	if (f->m[0][0] * f->m[1][1] - f->m[0][1] * f->m[1][0] < 0)
		return "mirrored top to bottom";
	return army == 1 ? "turned through 120 degrees"
			 : "turned through 240 degrees";
}

/* Builds the move table of a piece standing on cell, in pos (occupancy)
 * or on an empty board. */
static bool piece_scene(struct scene *sc, int kind, int color, int cell,
			const struct ob_position *pos)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	char at[8], a[96], b[48], leaps[48];
	diagram_scene_init(sc, opt.view.shape->pieces);
	if (pos)
		memcpy(sc->board, pos->board, sizeof sc->board);
	sc->board[cell] = OB_PIECE(color, kind);
	sc->flags[cell] |= F_ORIGIN;
	sc->captures = pos != NULL;
	ob_cell_name(v, cell, at);

	struct walk w;
	walk_piece(sc, kind, color, cell, true, &w);
	int rays = w.slides + w.leaps, cells = w.cells,
	    advances = w.advances, attacked = w.attacked;
	int doubled = k->motion == OB_PAWN ? double_step_target(color, cell)
					    : -1;

	/* On an empty board the drawing must agree with the library's
	 * tables, and the caption's numbers come from those tables (a
	 * cannon's quiet moves are in none: they are the walk's). */
	if (!pos) {
		struct kind_counts n = empty_counts(kind, color, cell);
		struct ob_cellset lib = ob_attacks_empty(v, color, kind, cell);
		bool same = k->motion == OB_CANNON ||
			    (k->motion == OB_PAWN
				     ? ob_cellset_count(lib) == attacked
				     : lib.lo == w.drawn.lo &&
					       lib.hi == w.drawn.hi);
		if (!same || n.directions != rays) {
			util_warn("internal error: the %s's drawn moves "
				  "differ from the library's tables",
				  k->name);
			return false;
		}
		cells = k->motion == OB_PAWN ? n.cells - attacked : n.cells;
		if (k->motion == OB_PAWN) {
			advances = cells;
			attacked = ob_cellset_count(lib);
		}
	}

	snprintf(sc->title, sizeof sc->title, "%s %s (%s) moves from %s%s%s",
		 side_name(color), k->name, ob_kind_code(v, kind), at,
		 pos ? " in a position" : " on an empty ",
		 pos ? "" : opt.view.shape->surface);
	if (k->motion == OB_PAWN) {
		sc->legend = LEGEND_PAWN;
		plural(a, sizeof a, advances, "advance", "advances");
		plural(b, sizeof b, attacked, "attacked cell", "attacked cells");
	} else {
		/* a leaper's vectors are steps when the royal piece, which
		 * steps to each neighbouring cell, has them all */
		const struct ob_piece_kind *royal = &v->kinds[v->royal_kind];
		bool steps = true;
		for (int i = 0; i < k->nvectors; i++) {
			bool found = false;
			for (int j = 0; j < royal->nvectors && !found; j++)
				found = memcmp(&k->vectors[i],
					       &royal->vectors[j],
					       sizeof k->vectors[i]) == 0;
			steps = steps && found;
		}
		sc->legend = LEGEND_REACH;
		bool slides = k->motion == OB_SLIDE || k->motion == OB_CANNON;
		plural(a, sizeof a, slides ? w.slides : rays,
		       slides  ? "ray"
		       : steps ? "step"
			       : "leap",
		       slides  ? "rays"
		       : steps ? "steps"
			       : "leaps");
		if (slides && k->nleaps) {
			plural(leaps, sizeof leaps, w.leaps, "leap", "leaps");
			snprintf(a + strlen(a), sizeof a - strlen(a), " and %s",
				 leaps);
		}
		plural(b, sizeof b, cells, "cell", "cells");
	}
	/* Liu Yang's swap and castling: in a position only, an empty board
	 * having no partner */
	struct ob_error err;
	char castlings[160] = "", en_passant[96] = "";
	enum ob_pair_type type = pairs_by_rule(kind, OB_SWAP) ? OB_SWAP
								: OB_CASTLING;
	int pairs = pos && pairs_by_rule(kind, type)
			    ? mark_pairs(sc, type, kind, color, cell, pos,
					 castlings, sizeof castlings, &err)
			    : 0;
	int captures = w.captures;
	if (k->motion == OB_PAWN &&
	    mark_en_passant(sc, color, pos, en_passant, sizeof en_passant))
		captures++;
	char more[48] = "";
	if (pairs > 0)
		snprintf(more, sizeof more, ", %d %s%s", pairs,
			 type == OB_SWAP ? "swap" : "castling",
			 pairs == 1 ? "" : "s");
	if (pos)
		scene_caption(sc, "%s from %s: %s, %s, %d to capture%s",
			      k->name, at, a, b, captures, more);
	else
		scene_caption(sc, "%s from %s: %s, %s", k->name, at, a, b);
	if (pairs < 0 && text_codes(v))
		scene_caption(sc, "%s not shown: with army %d to move the "
				  "position is not legal (%s)",
			      type == OB_SWAP ? "Swaps" : "Castlings",
			      color + 1, err.message);
	else if (pairs < 0)
		scene_caption(sc, "%s not shown: with %s to move the "
				  "position is not legal (%s)",
			      type == OB_SWAP ? "Swaps" : "Castlings",
			      side_name(color), err.message);
	if (pairs > 0 && type == OB_CASTLING)
		scene_caption(sc, "Castling: %s", castlings);
	if (en_passant[0])
		scene_caption(sc, "%s", en_passant);
	if (k->motion == OB_CANNON)
		scene_caption(sc, "It captures over exactly one piece, the "
				  "first piece beyond");
	if (k->motion == OB_PAWN && doubled >= 0 &&
	    (sc->flags[doubled] & F_ADVANCE)) {
		char to[8];
		ob_cell_name(v, doubled, to);
		scene_caption(sc, "Double step to %s, from a starting cell",
			      to);
	}
	if (color != OB_WHITE && !text_codes(v))
		scene_caption(sc, "A Black %s: White's vectors, %s", k->name,
			      frame_words(color));
	else if (color != OB_WHITE)
		scene_caption(sc, "Army %d's %s: army 1's steps, %s",
			      color + 1, k->name, frame_words(color));
	return true;
}

/* The kind and army --piece names: a letter, upper case White's and
 * lower case Black's, or where kinds have codes a code and an army's
 * digit or none (army 1): Fc, Fc2.  Exits on anything else. */
static int piece_option(const char *p, int *army)
{
	const struct ob_variant *v = opt.view.variant;
	if (!text_codes(v)) {
		int kind = p[0] && !p[1] ? ob_kind_from_letter(v, p[0]) : -1;
		if (kind < 0) {
			char letters[OB_MAX_KINDS + 1];
			for (int k = 0; k < v->nkinds; k++)
				letters[k] = v->kinds[k].letter;
			letters[v->nkinds] = '\0';
			util_usage_error("--piece takes one of the letters %s, "
					 "not '%s'",
					 letters, p);
		}
		*army = p[0] >= 'a' && p[0] <= 'z' ? OB_BLACK : OB_WHITE;
		return kind;
	}
	int narmies = v->narmies == 3 ? 3 : 2;
	for (int k = 0; k < v->nkinds; k++) {
		const char *code = ob_kind_code(v, k);
		size_t n = strlen(code);
		if (strncmp(p, code, n) != 0)
			continue;
		if (p[n] == '\0') {
			*army = 0;
			return k;
		}
		if (p[n] >= '1' && p[n] < '1' + narmies && p[n + 1] == '\0') {
			*army = p[n] - '1';
			return k;
		}
	}
	char codes[OB_MAX_KINDS * 3 + 1] = "";
	for (int k = 0; k < v->nkinds; k++)
		snprintf(codes + strlen(codes), sizeof codes - strlen(codes),
			 "%s%s", k ? " " : "", ob_kind_code(v, k));
	util_usage_error("--piece takes one of the codes %s, with an army's "
			 "digit 1 to %d or none (army 1), not '%s'",
			 codes, narmies, p);
}

int moves_piece(void)
{
	const struct ob_variant *v = opt.view.variant;
	int color, kind = piece_option(opt.piece, &color);
	struct ob_position pos;
	if (opt.position) {
		struct ob_error err;
		if (input_position(v, opt.position, strlen(opt.position), &pos,
				   NULL, &err) != OB_OK)
			util_usage_error("--position: column %d: %s",
					 err.column, err.message);
	}
	static struct scene sc;
	if (!piece_scene(&sc, kind, color, opt.at_cell,
			 opt.position ? &pos : NULL))
		return EXIT_INVALID;
	output_emit(&sc);
	return EXIT_OK;
}

/* ---- the table of counts ---- */

/* Appends text centred in width columns to line. */
static void centred(char *line, const char *text, int width)
{
	int n = (int)strlen(text), left = (width - n) / 2;
	sprintf(line + strlen(line), "%*s%s%*s", left, "", text,
		width - n - left, "");
}

int moves_table(void)
{
	const struct ob_variant *v = opt.view.variant;
	int n = ob_cell_count(v), width = 4;
	char at[8];
	ob_cell_name(v, opt.at_cell, at);
	for (int k = 0; k < v->nkinds; k++) {
		int w = (int)strlen(v->kinds[k].name);
		if (w > width)
			width = w;
	}
	printf("%s: moves on an empty %s, from %s and over all %d "
	       "cells\n",
	       v->tag_name, opt.view.shape->surface, at, n);
	if (text_codes(v))
		printf("(army 1's pieces; the %s's directions are its advances "
		       "and captures)\n\n",
		       v->kinds[v->pawn_kind].name);
	else
		printf("(a pawn is White's; its directions are its advances "
		       "and captures%s)\n\n",
		       v->pawn && v->pawn->double_step_on
			       ? ";\n its cells include its double steps"
			       : "");
	char from[24];
	snprintf(from, sizeof from, "from %s", at);
	char head[200];
	int code = (int)strlen(ob_kind_code(v, 0));
	snprintf(head, sizeof head, "%-*s", width + code + 1, "");
	centred(head, from, 14);
	centred(head, "directions", 24);
	centred(head, "cells", 24);
	for (size_t e = strlen(head); e > 0 && head[e - 1] == ' '; e--)
		head[e - 1] = '\0';
	puts(head);
	printf("%-*s %6s %6s  %6s %8s %6s  %6s %8s %6s\n", width + code + 1,
	       "piece",
	       "dirs", "cells", "min", "mean", "max", "min", "mean", "max");
	for (int k = 0; k < v->nkinds; k++) {
		struct kind_counts here = empty_counts(k, OB_WHITE, opt.at_cell);
		int dmin = 1 << 30, dmax = 0, cmin = 1 << 30, cmax = 0;
		long dsum = 0, csum = 0;
		for (int cell = 0; cell < n; cell++) {
			struct kind_counts x = empty_counts(k, OB_WHITE, cell);
			dmin = x.directions < dmin ? x.directions : dmin;
			dmax = x.directions > dmax ? x.directions : dmax;
			cmin = x.cells < cmin ? x.cells : cmin;
			cmax = x.cells > cmax ? x.cells : cmax;
			dsum += x.directions;
			csum += x.cells;
		}
		printf("%s %-*s %6d %6d  %6d %8.2f %6d  %6d %8.2f %6d\n",
		       ob_kind_code(v, k), width, v->kinds[k].name,
		       here.directions, here.cells, dmin, (double)dsum / n, dmax,
		       cmin, (double)csum / n, cmax);
	}
	util_check_output();
	return EXIT_OK;
}
