#include "ob-diagram/moves.h"

#include <stdio.h>
#include <string.h>

#include "draw/scene.h"
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

/* A kind's vectors in two sets: a pawn's advances, then its captures;
 * another piece's vectors, then none. */
static void vector_sets(const struct ob_variant *v,
			const struct ob_piece_kind *k,
			const struct ob_vector *vec[2], int nvec[2])
{
	vec[0] = k->vectors;
	nvec[0] = k->nvectors;
	vec[1] = NULL;
	nvec[1] = 0;
	if (k->motion == OB_PAWN) {
		vec[0] = v->pawn->moves;
		nvec[0] = v->pawn->nmoves;
		vec[1] = v->pawn->captures;
		nvec[1] = v->pawn->ncaptures;
	}
}

/* What a piece of kind and colour reaches from cell on an empty board,
 * counted from the library's tables. */
static struct kind_counts empty_counts(int kind, int color, int cell)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	struct kind_counts n = {0, 0, 0};
	int c[OB_MAX_DIMS], sign = color == OB_WHITE ? 1 : -1;
	ob_cell_coords(v, cell, c);
	const struct ob_vector *vec[2];
	int nvec[2];
	vector_sets(v, k, vec, nvec);
	struct ob_cellset reach = ob_attacks_empty(v, color, kind, cell);
	n.cells = ob_cellset_count(reach);
	for (int set = 0; set < 2; set++)
		for (int i = 0; i < nvec[set]; i++) {
			int to[OB_MAX_DIMS];
			for (int d = 0; d < OB_MAX_DIMS; d++)
				to[d] = c[d] + sign * vec[set][i].d[d];
			int t = ob_cell_at(v, to);
			if (t < 0)
				continue;
			n.directions++;
			/* a pawn's advances are not in its attack table */
			if (set == 0 && k->motion == OB_PAWN &&
			    !ob_cellset_has(reach, t))
				n.cells++;
		}
	if (k->motion == OB_PAWN && double_step_target(color, cell) >= 0) {
		n.double_steps = 1;
		n.cells++;
	}
	return n;
}

static void plural(char *out, size_t size, int n, const char *one,
		   const char *many)
{
	snprintf(out, size, "%d %s", n, n == 1 ? one : many);
}

/* Builds the move table of a piece standing on cell, in pos (occupancy)
 * or on an empty board. */
static bool piece_scene(struct scene *sc, int kind, int color, int cell,
			const struct ob_position *pos)
{
	const struct ob_variant *v = opt.view.variant;
	const struct ob_piece_kind *k = &v->kinds[kind];
	char at[8], a[48], b[48];
	int c[OB_MAX_DIMS], sign = color == OB_WHITE ? 1 : -1;
	diagram_scene_init(sc, opt.view.shape->pieces);
	if (pos)
		memcpy(sc->board, pos->board, sizeof sc->board);
	sc->board[cell] = OB_PIECE(color, kind);
	sc->flags[cell] |= F_ORIGIN;
	sc->captures = pos != NULL;
	ob_cell_coords(v, cell, c);
	ob_cell_name(v, cell, at);

	int rays = 0, cells = 0, captures = 0, advances = 0, attacked = 0;
	struct ob_cellset drawn = {0, 0};
	const struct ob_vector *vec[2];
	int nvec[2];
	vector_sets(v, k, vec, nvec);
	int doubled = k->motion == OB_PAWN ? double_step_target(color, cell)
					    : -1;
	for (int set = 0; set < 2; set++)
		for (int i = 0; i < nvec[set]; i++) {
			int to[OB_MAX_DIMS], last = -1, steps = 0;
			/* a leaper's vector is taken once, the pawn's first
			 * advance twice where it has a double step */
			int most = set == 0 && i == 0 && doubled >= 0 ? 2 : 1;
			memcpy(to, c, sizeof to);
			for (;;) {
				for (int d = 0; d < OB_MAX_DIMS; d++)
					to[d] += sign * vec[set][i].d[d];
				int t = ob_cell_at(v, to);
				if (t < 0)
					break;
				ob_piece there = sc->board[t];
				bool pawn_move =
					k->motion == OB_PAWN && set == 0;
				if (there != OB_EMPTY &&
				    (pawn_move ||
				     (OB_PIECE_COLOR(there) == color &&
				      k->motion != OB_PAWN)))
					break;
				last = t;
				if (k->motion == OB_PAWN) {
					sc->flags[t] |= set == 0 ? F_ADVANCE
								 : F_ATTACK;
					if (set == 0)
						advances++;
					else
						attacked++;
				} else
					sc->flags[t] |= F_REACH;
				if (there != OB_EMPTY &&
				    OB_PIECE_COLOR(there) != color) {
					sc->flags[t] |= F_CAPTURE;
					captures++;
				}
				if (k->motion != OB_PAWN) {
					cells++;
					if (t < 64)
						drawn.lo |= (uint64_t)1 << t;
					else
						drawn.hi |= (uint64_t)1
							    << (t - 64);
				}
				if (there != OB_EMPTY ||
				    (k->motion != OB_SLIDE && ++steps >= most))
					break;
			}
			if (last < 0)
				continue;
			rays++;
			scene_line(sc, cell, last,
				   k->motion == OB_SLIDE  ? LINE_RAY
				   : k->motion == OB_LEAP ? LINE_LEAP
				   : set == 0		  ? LINE_ADVANCE
							  : LINE_ATTACK);
		}

	/* On an empty board the drawing must agree with the library's
	 * tables, and the caption's numbers come from those tables. */
	if (!pos) {
		struct kind_counts n = empty_counts(kind, color, cell);
		struct ob_cellset lib = ob_attacks_empty(v, color, kind, cell);
		bool same = k->motion == OB_PAWN
				    ? ob_cellset_count(lib) == attacked
				    : lib.lo == drawn.lo && lib.hi == drawn.hi;
		if (!same || n.directions != rays) {
			util_warn("internal error: the %s's drawn moves "
				  "differ from the library's tables",
				  k->name);
			return false;
		}
		cells = k->motion == OB_PAWN ? n.cells - attacked
					     : ob_cellset_count(lib);
		if (k->motion == OB_PAWN) {
			advances = cells;
			attacked = ob_cellset_count(lib);
		}
	}

	snprintf(sc->title, sizeof sc->title, "%s %s (%c) moves from %s%s%s",
		 side_name(color), k->name, k->letter, at,
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
		plural(a, sizeof a, rays,
		       k->motion == OB_SLIDE ? "ray"
		       : steps		     ? "step"
					     : "leap",
		       k->motion == OB_SLIDE ? "rays"
		       : steps		     ? "steps"
					     : "leaps");
		plural(b, sizeof b, cells, "cell", "cells");
	}
	if (pos)
		scene_caption(sc, "%s from %s: %s, %s, %d to capture", k->name,
			      at, a, b, captures);
	else
		scene_caption(sc, "%s from %s: %s, %s", k->name, at, a, b);
	if (k->motion == OB_PAWN && doubled >= 0 &&
	    (sc->flags[doubled] & F_ADVANCE)) {
		char to[8];
		ob_cell_name(v, doubled, to);
		scene_caption(sc, "The advance to %s is a double step, from a "
			      "starting cell",
			      to);
	}
	if (color == OB_BLACK)
		scene_caption(sc, "A Black %s: its vectors are White's, negated",
			      k->name);
	return true;
}

int moves_piece(void)
{
	const struct ob_variant *v = opt.view.variant;
	const char *p = opt.piece;
	int kind = p[0] && !p[1] ? ob_kind_from_letter(v, p[0]) : -1;
	if (kind < 0) {
		char letters[OB_MAX_KINDS + 1];
		for (int k = 0; k < v->nkinds; k++)
			letters[k] = v->kinds[k].letter;
		letters[v->nkinds] = '\0';
		util_usage_error("--piece takes one of the letters %s, not '%s'",
				 letters, p);
	}
	int color = p[0] >= 'a' && p[0] <= 'z' ? OB_BLACK : OB_WHITE;
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
	printf("(a pawn is White's; its directions are its advances and "
	       "captures%s)\n\n",
	       v->pawn && v->pawn->double_step_on
		       ? ";\n its cells include its double steps"
		       : "");
	char from[24];
	snprintf(from, sizeof from, "from %s", at);
	char head[200];
	snprintf(head, sizeof head, "%-*s", width + 2, "");
	centred(head, from, 14);
	centred(head, "directions", 24);
	centred(head, "cells", 24);
	for (size_t e = strlen(head); e > 0 && head[e - 1] == ' '; e--)
		head[e - 1] = '\0';
	puts(head);
	printf("%-*s %6s %6s  %6s %8s %6s  %6s %8s %6s\n", width + 2, "piece",
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
		printf("%c %-*s %6d %6d  %6d %8.2f %6d  %6d %8.2f %6d\n",
		       v->kinds[k].letter, width, v->kinds[k].name,
		       here.directions, here.cells, dmin, (double)dsum / n, dmax,
		       cmin, (double)csum / n, cmax);
	}
	util_check_output();
	return EXIT_OK;
}
