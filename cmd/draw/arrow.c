#include "draw/arrow.h"

#include <math.h>

/* An arrow's measures, in discs' radii: the head's length and half width,
 * the shaft's half width. */
#define HEAD 1.1
#define HALF 0.6
#define SHAFT 0.2
#define LETTER 0.62

double arrow_letter_radius(double piece)
{
	return LETTER * piece;
}

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
	double best = INFINITY, letter = arrow_letter_radius(a->piece);
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

int arrow_outline(const struct arrow_path *a, struct pt *out)
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
