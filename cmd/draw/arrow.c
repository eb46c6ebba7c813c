#include "draw/arrow.h"

#include <math.h>

#include "draw/svg.h"

#define ARROW_COLOUR "#15781b"
/* a numbered arrow's badge: its radius, and the least distance between
 * two badges' centres */
#define BADGE_RADIUS 7.5
#define BADGE_SPACING 17.0
#define PI 3.14159265358979323846

/* The samples along each side of a bent arrow's shaft. */
#define ARROW_SAMPLES 24
/* The most corners of an arrow's outline. */
#define ARROW_MAX_CORNERS (2 * ARROW_SAMPLES + 3)

/* An arrow between two cells, as arrow_outline sees it. */
struct arrow_path {
	struct pt from, to;        /* the two cells' centres */
	bool from_piece, to_piece; /* a disc stands there */
	double piece;              /* the discs' radius */
	bool bend;                 /* bent even if a straight one fits */
	const struct pt *letters;  /* the centres of every disc's letter */
	int nletters;
};

/* An arrow's measures, in discs' radii: the head's length and half width,
 * the shaft's half width. */
#define HEAD 1.1
#define HALF 0.6
#define SHAFT 0.2
#define LETTER 0.62

static struct pt lerp(struct pt a, struct pt b, double t)
{
	return (struct pt){a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
}

static double dist(struct pt a, struct pt b)
{
	return hypot(a.x - b.x, a.y - b.y);
}

/* The distance from p to the segment ab. */
static double segment_dist(struct pt p, struct pt a, struct pt b)
{
	double dx = b.x - a.x, dy = b.y - a.y, n = dx * dx + dy * dy;
	double t = n > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / n : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return dist(p, lerp(a, b, t));
}

/* How far the outline keeps from the nearest letter, less the letter's
 * radius: negative when it covers one. */
static double clearance(const struct arrow_path *a, const struct pt *p, int n)
{
	double best = INFINITY, letter = LETTER * a->piece;
	for (int i = 0; i < a->nletters; i++)
		for (int k = 0; k < n; k++) {
			double d = segment_dist(a->letters[i], p[k],
						p[(k + 1) % n]) -
				   letter;
			best = d < best ? d : best;
		}
	return best;
}

/* The straight arrow: shaft and head from rim to rim; where the rims
 * leave too little room it runs into the discs, never as far as their
 * letters.  *shaft is the shaft's length between the rims (negative when
 * the head does not fit there). */
static int straight(const struct arrow_path *a, struct pt *out, double *shaft)
{
	double dx = a->to.x - a->from.x, dy = a->to.y - a->from.y,
	       len = hypot(dx, dy);
	double r = a->piece, head = HEAD * r, half = HALF * r,
	       letter = LETTER * r, w = SHAFT * r;
	double start = a->from_piece ? r + 2 : 0;
	double stop = a->to_piece ? r + 2 : 0;
	*shaft = len - start - stop - head;
	double spare = *shaft - 2;
	if (spare < 0) {
		double give = (start > 0 ? start - letter : 0) +
			      (stop > 0 ? stop - letter : 0);
		double cut = -spare < give ? -spare : give;
		if (start > 0)
			start -= cut * (start - letter) / give;
		if (stop > 0)
			stop -= cut * (stop - letter) / give;
	}
	if (len - start - stop < head)
		head = len - start - stop;
	if (head < 6)
		return 0;
	double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
	struct pt tail = {a->from.x + ux * start, a->from.y + uy * start};
	struct pt tip = {a->to.x - ux * stop, a->to.y - uy * stop};
	struct pt base = {tip.x - ux * head, tip.y - uy * head};
	out[0] = (struct pt){tail.x + nx * w, tail.y + ny * w};
	out[1] = (struct pt){base.x + nx * w, base.y + ny * w};
	out[2] = (struct pt){base.x + nx * half, base.y + ny * half};
	out[3] = tip;
	out[4] = (struct pt){base.x - nx * half, base.y - ny * half};
	out[5] = (struct pt){base.x - nx * w, base.y - ny * w};
	out[6] = (struct pt){tail.x - nx * w, tail.y - ny * w};
	return 7;
}

/* A quadratic arc from a to b through control point c. */
static struct pt arc_at(struct pt a, struct pt c, struct pt b, double t)
{
	return lerp(lerp(a, c, t), lerp(c, b, t), t);
}

/* The parameter where the arc, from t = lo (within radius of centre) to
 * t = hi (beyond it), leaves the circle of radius round centre. */
static double leave(struct pt a, struct pt c, struct pt b, struct pt centre,
		    double radius, double lo, double hi)
{
	for (int i = 0; i < 40; i++) {
		double mid = (lo + hi) / 2;
		if (dist(arc_at(a, c, b, mid), centre) < radius)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

#define FINE 128 /* steps of the arc when measuring it */

/* The arrow bent into an arc whose middle stands bulge to the left of the
 * line between the centres (negative: to the right), from and to rim
 * away from the discs' centres; 0 if its shaft would not show. */
static int bent(const struct arrow_path *a, double bulge, double rim,
		struct pt *out)
{
	double r = a->piece, head = HEAD * r, w = SHAFT * r;
	struct pt p = a->from, q = a->to;
	double len = dist(p, q);
	/* the control point stands twice the bulge off the chord's middle;
	 * "left" is on screen, where y grows downwards */
	double ux = (q.x - p.x) / len, uy = (q.y - p.y) / len;
	struct pt c = {(p.x + q.x) / 2 + uy * 2 * bulge,
		       (p.y + q.y) / 2 - ux * 2 * bulge};
	double t0 = 0, t1 = 1;
	if (a->from_piece)
		t0 = leave(p, c, q, p, rim, 0, 0.5);
	if (a->to_piece)
		t1 = 1 - leave(q, c, p, q, rim, 0, 0.5);
	if (t1 <= t0)
		return 0;
	/* the arc's length from t0, at FINE steps */
	double length[FINE + 1];
	length[0] = 0;
	struct pt prev = arc_at(p, c, q, t0);
	for (int i = 1; i <= FINE; i++) {
		struct pt at = arc_at(p, c, q, t0 + (t1 - t0) * i / FINE);
		length[i] = length[i - 1] + dist(prev, at);
		prev = at;
	}
	/* a short arc gets a smaller head, so that its shaft shows */
	if (head > 0.45 * length[FINE])
		head = 0.45 * length[FINE];
	double shaft = length[FINE] - head;
	if (head < 0.7 * r || shaft < 0.8 * r)
		return 0;
	int i = 0;
	while (i < FINE && length[i + 1] < shaft)
		i++;
	double tb = t0 + (t1 - t0) *
			      (i + (shaft - length[i]) /
					   (length[i + 1] - length[i])) /
			      FINE;
	double half = HALF * r * head / (HEAD * r);
	struct pt tip = arc_at(p, c, q, t1), base = arc_at(p, c, q, tb);
	double hx = (tip.x - base.x) / dist(tip, base),
	       hy = (tip.y - base.y) / dist(tip, base);
	int n = 0;
	for (int side = 1; side >= -1; side -= 2) {
		if (side < 0) {
			out[n++] = (struct pt){base.x + hy * half,
					       base.y - hx * half};
			out[n++] = tip;
			out[n++] = (struct pt){base.x - hy * half,
					       base.y + hx * half};
		}
		for (int k = 0; k < ARROW_SAMPLES; k++) {
			int j = side > 0 ? k : ARROW_SAMPLES - 1 - k;
			double t = t0 + (tb - t0) * j / (ARROW_SAMPLES - 1);
			struct pt at = arc_at(p, c, q, t);
			/* the tangent, 2 (1 - t) (c - p) + 2 t (q - c) */
			double tx = (1 - t) * (c.x - p.x) + t * (q.x - c.x),
			       ty = (1 - t) * (c.y - p.y) + t * (q.y - c.y);
			if (j == ARROW_SAMPLES - 1) {
				tx = hx;
				ty = hy;
			}
			double tl = hypot(tx, ty);
			/* side 1 is the arrow's left (on screen) */
			out[n++] = (struct pt){at.x + side * ty / tl * w,
					       at.y - side * tx / tl * w};
		}
	}
	return n;
}

/* Fills out with the arrow's outline; returns its number of corners, or
 * 0 when no arrow fits between the cells. */
static int arrow_outline(const struct arrow_path *a, struct pt *out)
{
	double shaft, r = a->piece;
	int n = straight(a, out, &shaft);
	double clear_straight = n > 0 ? clearance(a, out, n) : -INFINITY;
	/* a straight arrow whose visible length is less than a disc and a
	 * half is a stub between two rims */
	if (n > 0 && !a->bend && shaft + HEAD * r >= 1.5 * r &&
	    clear_straight >= 0)
		return n;
	/* bent: the least bulge that keeps clear of every letter, to the
	 * left first, from the discs' rims or, where the arc between them
	 * is too short, from within the discs; failing that, the one that
	 * keeps furthest from the letters */
	struct pt best[ARROW_MAX_CORNERS], candidate[ARROW_MAX_CORNERS];
	int nbest = 0;
	double most = -INFINITY, inmost = (LETTER + SHAFT) * r + 1;
	for (int step = 4; step <= 16; step++)
		for (int side = 1; side >= -1; side -= 2) {
			int m = 0;
			for (int k = 0; k <= 4 && m == 0; k++)
				m = bent(a, side * step * 0.25 * r,
					 r + 2 - k * (r + 2 - inmost) / 4,
					 candidate);
			if (m == 0)
				continue;
			double clear = clearance(a, candidate, m);
			if (clear >= 0) {
				for (int k = 0; k < m; k++)
					out[k] = candidate[k];
				return m;
			}
			if (clear > most) {
				most = clear;
				nbest = m;
				for (int k = 0; k < m; k++)
					best[k] = candidate[k];
			}
		}
	/* out still holds the straight arrow */
	if (nbest == 0 || (!a->bend && n > 0 && clear_straight >= 0))
		return n;
	for (int k = 0; k < nbest; k++)
		out[k] = best[k];
	return nbest;
}

/* An arrow: one half-transparent shape, shaft and head, from the rim of
 * the glyph on its from-cell to the rim of the glyph it points at (or a
 * cell's centre, when empty), bent where a straight one would be a stub,
 * cover a letter or lie on an arrow back. */
static void draw_one(FILE *o, const struct view *view, const struct frame *fr,
		       const struct scene *sc, const struct segment *s)
{
	static struct pt letters[OB_MAX_CELLS];
	char from[8], to[8], attrs[160];
	struct arrow_path path = {
		.from = view->shape->centre(view, fr, s->from),
		.to = view->shape->centre(view, fr, s->to),
		.from_piece = sc->board[s->from] != OB_EMPTY,
		.to_piece = sc->board[s->to] != OB_EMPTY,
		.piece = fr->piece,
		.letters = letters,
	};
	int n = ob_cell_count(view->variant);
	for (int cell = 0; cell < n; cell++)
		if (sc->board[cell] != OB_EMPTY)
			letters[path.nletters++] =
				view->shape->centre(view, fr, cell);
	for (int i = 0; i < sc->nlines; i++)
		path.bend = path.bend || (sc->lines[i].kind == LINE_ARROW &&
					  sc->lines[i].from == s->to &&
					  sc->lines[i].to == s->from);
	struct pt shape[ARROW_MAX_CORNERS];
	int corners = arrow_outline(&path, shape);
	if (corners == 0)
		return;
	ob_cell_name(view->variant, s->from, from);
	ob_cell_name(view->variant, s->to, to);
	fprintf(o, "<g class=\"arrow\" data-from=\"%s\" data-to=\"%s\">\n",
		from, to);
	const char *colour = s->colour ? s->colour : ARROW_COLOUR;
	if (shape_planes_apart(view, fr, s->from, s->to)) {
		/* to another plane (stacked): dashed and paler, as a move
		 * table's line is (its cell framed: arrow_draw_frames) */
		snprintf(attrs, sizeof attrs,
			 "fill=\"%s\" fill-opacity=\"0.3\" stroke=\"%s\" "
			 "stroke-width=\"1.5\" stroke-dasharray=\"5 3\"",
			 colour, colour);
		svg_polygon(o, shape, corners, "arrow-shape other-level",
			    attrs);
	} else {
		snprintf(attrs, sizeof attrs, "fill=\"%s\" fill-opacity=\"0.5\"",
			 colour);
		svg_polygon(o, shape, corners, "arrow-shape", attrs);
	}
	fputs("</g>\n", o);
}

/* Where the k-th of the n numbered arrow ends on a cell puts its badge:
 * at a corner of the cell's inset outline while the corners suffice,
 * else evenly round a circle through them, widened so that no two
 * badges overlap: several arrows from one cell show every number. */
static struct pt badge_place(const struct view *view, const struct frame *fr,
			     int cell, int k, int n)
{
	struct pt p[SHAPE_MAX_CORNERS], c = view->shape->centre(view, fr, cell);
	int m = view->shape->outline(view, fr, cell, 0.18, p);
	if (n <= m)
		return p[k];
	double r = hypot(p[0].x - c.x, p[0].y - c.y);
	double need = BADGE_SPACING * n / (2 * PI);
	double start = atan2(p[0].y - c.y, p[0].x - c.x);
	double angle = start + 2 * PI * k / n;
	r = r > need ? r : need;
	return (struct pt){c.x + r * cos(angle), c.y + r * sin(angle)};
}

void arrow_draw_frames(FILE *o, const struct view *view,
		       const struct frame *fr, const struct scene *sc)
{
	for (int i = 0; i < sc->nlines; i++) {
		const struct segment *s = &sc->lines[i];
		if (s->kind != LINE_ARROW ||
		    !shape_planes_apart(view, fr, s->from, s->to))
			continue;
		struct pt q[SHAPE_MAX_CORNERS];
		char name[8], attrs[160];
		int n = view->shape->outline(view, fr, s->to, SVG_PLANE_FRAME_INSET,
					     q);
		ob_cell_name(view->variant, s->to, name);
		snprintf(attrs, sizeof attrs, "stroke=\"%s\" %s data-cell=\"%s\"",
			 s->colour ? s->colour : ARROW_COLOUR,
			 SVG_PLANE_FRAME_STYLE, name);
		svg_polygon(o, q, n, "arrow-frame other-level", attrs);
	}
}

/* An arrow between two parts of the picture: a ring around each end, the
 * from-cell's dashed. */
static void draw_numbered_arrow(FILE *o, const struct view *view,
				const struct frame *fr,
				const struct segment *s, int number)
{
	char from[8], to[8];
	const char *colour = s->colour ? s->colour : ARROW_COLOUR;
	ob_cell_name(view->variant, s->from, from);
	ob_cell_name(view->variant, s->to, to);
	fprintf(o,
		"<g class=\"arrow\" data-from=\"%s\" data-to=\"%s\" "
		"data-number=\"%d\">\n",
		from, to, number);
	for (int end = 0; end < 2; end++) {
		int cell = end ? s->to : s->from;
		char ring[96];
		snprintf(ring, sizeof ring,
			 "fill=\"none\" stroke=\"%s\" stroke-width=\"3\"%s",
			 colour, end ? "" : " stroke-dasharray=\"5 3\"");
		svg_circle(o, view->shape->centre(view, fr, cell),
			   fr->piece + 3, end ? "arrow-to" : "arrow-from", ring,
			   "");
	}
	fputs("</g>\n", o);
}

/* The badges of a numbered arrow, holding its number (the note below the
 * board lists them), one at each end; drawn after every arrow's rings, so
 * that no ring covers a number.  ends counts the badges of each cell,
 * badges those already drawn. */
static void draw_badges(FILE *o, const struct view *view,
			const struct frame *fr, const struct segment *s,
			int number, const int *ends, int *badges)
{
	char digits[12], badge[48];
	snprintf(digits, sizeof digits, "%d", number);
	snprintf(badge, sizeof badge, "fill=\"%s\" stroke=\"#fff\"",
		 s->colour ? s->colour : ARROW_COLOUR);
	fprintf(o, "<g class=\"arrow-badges\" data-number=\"%d\">\n",
		number);
	for (int end = 0; end < 2; end++) {
		int cell = end ? s->to : s->from;
		struct pt at = badge_place(view, fr, cell, badges[cell]++,
					   ends[cell]);
		svg_circle(o, at, BADGE_RADIUS, "arrow-badge", badge, "");
		svg_text(o, (struct pt){at.x, at.y + 3.6}, 10.5, "middle",
			 "arrow-number", "fill=\"#fff\" font-weight=\"bold\"",
			 digits);
	}
	fputs("</g>\n", o);
}

bool arrow_numbered(const struct view *view, const struct frame *fr,
		    const struct segment *s)
{
	return s->kind == LINE_ARROW &&
	       shape_panels_apart(view, fr, s->from, s->to);
}

void arrow_draw(FILE *o, const struct view *view, const struct frame *fr,
		const struct scene *sc)
{
	int numbered = 0, ends[OB_MAX_CELLS] = {0}, badges[OB_MAX_CELLS] = {0};
	for (int i = 0; i < sc->nlines; i++) {
		const struct segment *s = &sc->lines[i];
		if (arrow_numbered(view, fr, s)) {
			draw_numbered_arrow(o, view, fr, s, ++numbered);
			ends[s->from]++;
			ends[s->to]++;
		} else if (s->kind == LINE_ARROW)
			draw_one(o, view, fr, sc, s);
	}
	numbered = 0;
	for (int i = 0; i < sc->nlines; i++)
		if (arrow_numbered(view, fr, &sc->lines[i]))
			draw_badges(o, view, fr, &sc->lines[i], ++numbered,
				    ends, badges);
}
