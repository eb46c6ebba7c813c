#include "draw/svg.h"

#include <math.h>
#include <string.h>

#include "draw/arrow.h"
#include "draw/heat.h"
#include "draw/text.h"
#include "util.h"

const char *svg_num(double x)
{
	static char ring[16][32];
	static int next;
	char *s = ring[next++ % 16];
	snprintf(s, sizeof ring[0], "%.1f", x);
	size_t n = strlen(s);
	if (n > 2 && strcmp(s + n - 2, ".0") == 0)
		s[n - 2] = '\0';
	if (strcmp(s, "-0") == 0)
		strcpy(s, "0");
	return s;
}

void svg_text(FILE *o, struct pt p, double size, const char *anchor,
	      const char *cls, const char *style, const char *text)
{
	fprintf(o, "<text class=\"%s\" x=\"%s\" y=\"%s\" font-size=\"%s\"",
		cls, svg_num(p.x), svg_num(p.y), svg_num(size));
	if (strcmp(anchor, "start") != 0)
		fprintf(o, " text-anchor=\"%s\"", anchor);
	fprintf(o, "%s%s>", style[0] ? " " : "", style);
	util_put_markup(o, text);
	fputs("</text>\n", o);
}

void svg_polygon(FILE *o, const struct pt *p, int n, const char *cls,
		 const char *attrs)
{
	fprintf(o, "<polygon class=\"%s\" points=\"", cls);
	for (int i = 0; i < n; i++)
		fprintf(o, "%s%s,%s", i ? " " : "", svg_num(p[i].x),
			svg_num(p[i].y));
	fprintf(o, "\" %s/>\n", attrs);
}

void svg_circle(FILE *o, struct pt c, double r, const char *cls,
		       const char *attrs, const char *name)
{
	fprintf(o, "<circle class=\"%s\" cx=\"%s\" cy=\"%s\" r=\"%s\" %s", cls,
		svg_num(c.x), svg_num(c.y), svg_num(r), attrs);
	if (name[0])
		fprintf(o, " data-cell=\"%s\"", name);
	fputs("/>\n", o);
}

/* The markers' styles, on the board and in the legend. */
#define REACH_COLOUR "#1f4e9c"
#define CAPTURE_COLOUR "#b00020"
#define REACHED_STYLE "fill=\"" REACH_COLOUR "\""
#define ADVANCE_STYLE                                                          \
	"fill=\"#fff\" stroke=\"" REACH_COLOUR "\" stroke-width=\"2.5\""
#define CAPTURE_STYLE                                                          \
	"fill=\"none\" stroke=\"" CAPTURE_COLOUR "\" stroke-width=\"3\""
/* in a position: the plate under the piece of a move table, the rings
 * round a cannon's screen and round a swap's partner (twice) */
#define SUBJECT_STYLE                                                          \
	"fill=\"#cfe0f5\" stroke=\"" REACH_COLOUR "\" stroke-width=\"2\""
#define SCREEN_STYLE                                                           \
	"fill=\"none\" stroke=\"#333\" stroke-width=\"2.5\" "              \
	"stroke-dasharray=\"2 3\""
#define SWAP_STYLE                                                             \
	"fill=\"none\" stroke=\"" REACH_COLOUR "\" stroke-width=\"1.5\""
#define CASTLE_STYLE                                                           \
	"fill=\"none\" stroke=\"" REACH_COLOUR "\" stroke-width=\"2\""

/* The legends' texts. */
static const char legend_reach[] = "a cell the piece reaches";
static const char legend_capture[] = "an enemy piece it may capture";
static const char legend_advance[] =
	"advance: a quiet move only";
static const char legend_attack[] =
	"attacked cell: a capture only";
static const char legend_subject[] = "the piece whose moves are shown";
static const char legend_screen[] =
	"a screen, which it jumps to capture";
static const char legend_swap[] = "a piece it may swap with";
static const char legend_castle[] =
	"castling: the King's cell (the Rook moves too)";
static const char legend_arrow_apart[] =
	"an arrow to another level: dashed, its cell framed";
static const char legend_other_plane[] =
	"on another level: a thin dashed line, the cell framed";


/* The discs of the armies: fill, letters, and for army 3 a ring inside
 * the rim, so that the armies differ in grey print too. */
static const char *const army_fill[OB_MAX_ARMIES] = {"#fff", "#222",
						      "#c62828"};
static const char *const army_ink[OB_MAX_ARMIES] = {"#000", "#fff", "#fff"};
static const char *const army_noun[OB_MAX_ARMIES] = {"white", "black",
						      "red ringed"};

/* The piece of a move table, or -1. */
static int origin_cell(const struct view *view, const struct scene *sc)
{
	int n = ob_cell_count(view->variant);
	for (int cell = 0; cell < n; cell++)
		if (sc->flags[cell] & F_ORIGIN)
			return cell;
	return -1;
}

/* Whether the scene draws a line of a move table (arrows: an arrow) to
 * another plane. */
static bool lines_apart(const struct view *view, const struct frame *fr,
			const struct scene *sc, bool arrows)
{
	for (int i = 0; i < sc->nlines; i++)
		if ((sc->lines[i].kind == LINE_ARROW) == arrows &&
		    (arrows || fr->rays) &&
		    shape_planes_apart(view, fr, sc->lines[i].from, sc->lines[i].to))
			return true;
	return false;
}

/*
 * Below the board: the captions, the key, the note on numbered arrows and
 * the legend, as rows of text wrapped to the picture's width (which the
 * board alone sets), some with a marker at their left.
 */
enum marker {
	MK_NONE,
	MK_REACHED,
	MK_CAPTURE,
	MK_ADVANCE,
	MK_ATTACK,
	MK_NODATA,
	MK_OTHER_PLANE,
	MK_SUBJECT,
	MK_SCREEN,
	MK_SWAP,
	MK_CASTLE,
	MK_SWATCHES /* the heat scale's shades, with their values below */
};

#define BELOW_ROWS 64

struct row {
	double y; /* baseline */
	double size;
	const char *cls;
	bool bold;
	enum marker marker; /* on the row's first line */
	double x;           /* of the text: past the marker */
	char text[160];
};

struct below {
	struct row rows[BELOW_ROWS];
	int n;
	double y; /* the next row's baseline */
};

static struct row *add_row(struct below *b, double size, const char *cls,
			   bool bold, enum marker marker)
{
	if (b->n == BELOW_ROWS)
		return NULL;
	struct row *r = &b->rows[b->n++];
	r->y = b->y;
	r->size = size;
	r->cls = cls;
	r->bold = bold;
	r->marker = marker;
	r->text[0] = '\0';
	b->y += size + 7;
	return r;
}

/* Adds text as rows of at most as many characters as fit the width
 * (about 0.54 of the font size each), broken at spaces. */
static void add_text(struct below *b, double width, const char *text,
		     double size, const char *cls, bool bold,
		     enum marker marker)
{
	double x = marker == MK_NONE ? 16 : 36;
	size_t fit = (size_t)((width - x - 8) / (0.54 * size));
	if (fit < 8)
		fit = 8;
	if (fit > sizeof b->rows[0].text - 1)
		fit = sizeof b->rows[0].text - 1;
	do {
		size_t n = strlen(text);
		if (n > fit) {
			n = fit;
			while (n > 0 && text[n] != ' ')
				n--;
			if (n == 0)
				n = fit;
		}
		struct row *r = add_row(b, size, cls, bold, marker);
		if (!r)
			return;
		r->x = x;
		memcpy(r->text, text, n);
		r->text[n] = '\0';
		text += n;
		while (*text == ' ')
			text++;
		marker = MK_NONE;
	} while (*text);
}

static void layout_below(const struct view *view, const struct frame *fr,
			 const struct scene *sc, struct below *b)
{
	char text[1024];
	b->n = 0;
	b->y = fr->caption_y;
	for (int i = 0; i < sc->ncaption; i++)
		add_text(b, fr->width, sc->caption[i], i == 0 ? 15 : 13,
			 i == 0 ? "caption" : "caption detail", i == 0,
			 MK_NONE);
	if (sc->key[0]) {
		if (text_codes(view->variant)) {
			int n = view->variant->narmies == 3 ? 3 : 2;
			size_t len = (size_t)snprintf(text, sizeof text,
						      "%s (", sc->key);
			for (int a = 0; a < n && len < sizeof text; a++)
				len += (size_t)snprintf(
					text + len, sizeof text - len,
					"%s%s discs army %d's", a ? ", " : "",
					army_noun[a], a + 1);
			if (len < sizeof text - 1)
				strcat(text, ")");
		} else
			snprintf(text, sizeof text,
				 "%s (white discs White's, black discs "
				 "Black's)",
				 sc->key);
		add_text(b, fr->width, text, 13, "key", false, MK_NONE);
	}
	int numbered = 0;
	size_t len = 0;
	for (int i = 0; i < sc->nlines; i++) {
		const struct segment *s = &sc->lines[i];
		char from[8], to[8];
		if (!arrow_numbered(view, fr, s) || len >= sizeof text - 64)
			continue;
		if (numbered++ == 0)
			len = (size_t)snprintf(
				text, sizeof text,
				"Moves between %s, numbered, from the dashed "
				"ring to the solid one:",
				view->shape->panel_noun);
		ob_cell_name(view->variant, s->from, from);
		ob_cell_name(view->variant, s->to, to);
		len += (size_t)snprintf(text + len, sizeof text - len,
					"%s %d %s-%s", numbered > 1 ? "," : "",
					numbered, from, to);
	}
	if (numbered)
		add_text(b, fr->width, text, 13, "arrow-note", false, MK_NONE);
	b->y += 4;
	switch (sc->legend) {
	case LEGEND_NONE:
		break;
	case LEGEND_REACH:
		add_text(b, fr->width, legend_reach, 13, "legend-text", false,
			 MK_REACHED);
		if (sc->captures)
			add_text(b, fr->width, legend_capture, 13,
				 "legend-text", false, MK_CAPTURE);
		break;
	case LEGEND_PAWN:
		add_text(b, fr->width, legend_advance, 13, "legend-text", false,
			 MK_ADVANCE);
		add_text(b, fr->width, legend_attack, 13, "legend-text", false,
			 MK_ATTACK);
		/* in a position: the pieces it may take, en passant too */
		if (sc->captures &&
		    scene_has(sc, ob_cell_count(view->variant), F_CAPTURE))
			add_text(b, fr->width, legend_capture, 13,
				 "legend-text", false, MK_CAPTURE);
		break;
	case LEGEND_HEAT:
		add_row(b, 12, "legend-scale", false, MK_SWATCHES);
		b->y += 14; /* the values under the shades */
		heat_legend(&sc->scale, false, text, sizeof text);
		add_text(b, fr->width, text, 13, "legend-text", false,
			 MK_NONE);
		add_text(b, fr->width, "no value", 13, "legend-text", false,
			 MK_NODATA);
		break;
	}
	int ncells = ob_cell_count(view->variant);
	if (sc->captures && sc->legend != LEGEND_HEAT)
		add_text(b, fr->width, legend_subject, 13, "legend-text", false,
			 MK_SUBJECT);
	if (scene_has(sc, ncells, F_SCREEN))
		add_text(b, fr->width, legend_screen, 13, "legend-text", false,
			 MK_SCREEN);
	if (scene_has(sc, ncells, F_SWAP))
		add_text(b, fr->width, legend_swap, 13, "legend-text", false,
			 MK_SWAP);
	if (scene_has(sc, ncells, F_CASTLE))
		add_text(b, fr->width, legend_castle, 13, "legend-text", false,
			 MK_CASTLE);
	if (lines_apart(view, fr, sc, true))
		add_text(b, fr->width, legend_arrow_apart, 13, "legend-text",
			 false, MK_OTHER_PLANE);
	if (lines_apart(view, fr, sc, false))
		add_text(b, fr->width, legend_other_plane, 13, "legend-text",
			 false, MK_OTHER_PLANE);
}

static void frame_init(const struct view *view, struct frame *fr,
		       const struct scene *sc, struct below *b)
{
	memset(fr, 0, sizeof *fr);
	fr->layout = sc->layout;
	view->shape->frame(view, fr);
	fr->width = ceil(fr->width);
	layout_below(view, fr, sc, b);
	fr->height = ceil(b->y - 7 + 4);
}

/* Lower-case kind name for CSS classes and file names. */
static void kind_class(const struct ob_variant *v, int kind, char *out,
		       size_t size)
{
	const char *name = v->kinds[kind].name;
	size_t i;
	for (i = 0; name[i] && i + 1 < size; i++) {
		char ch = name[i];
		out[i] = (char)(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
		if (out[i] == ' ')
			out[i] = '-';
	}
	out[i] = '\0';
}

static void heat_colour(double t, char *out)
{
	/* a single-hue ramp, light to dark, that stays monotonic in grey;
	 * its lightest shade is no white, which is for no value */
	static const int lo[3] = {0xde, 0xeb, 0xf7}, hi[3] = {0x08, 0x30, 0x6b};
	int rgb[3];
	for (int i = 0; i < 3; i++)
		rgb[i] = (int)lround(lo[i] + t * (hi[i] - lo[i]));
	sprintf(out, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

void svg_hatch(FILE *o, const struct pt *p, int n, double gap,
	       const char *cls, const char *attrs)
{
	double lo = p[0].x + p[0].y, hi = lo;
	for (int i = 1; i < n; i++) {
		double s = p[i].x + p[i].y;
		lo = s < lo ? s : lo;
		hi = s > hi ? s : hi;
	}
	fprintf(o, "<path class=\"%s\" d=\"", cls);
	for (double c = ceil(lo / gap) * gap; c < hi; c += gap) {
		struct pt end[2];
		int k = 0;
		for (int i = 0; i < n && k < 2; i++) {
			struct pt a = p[i], b = p[(i + 1) % n];
			double sa = a.x + a.y, sb = b.x + b.y;
			if ((sa < c) == (sb < c))
				continue;
			double t = (c - sa) / (sb - sa);
			end[k++] = (struct pt){a.x + t * (b.x - a.x),
					       a.y + t * (b.y - a.y)};
		}
		if (k == 2)
			fprintf(o, "M%s %sL%s %s", svg_num(end[0].x),
				svg_num(end[0].y), svg_num(end[1].x),
				svg_num(end[1].y));
	}
	fprintf(o, "\" fill=\"none\" %s/>\n", attrs);
}

#define NODATA_HATCH "stroke=\"#a0a0a0\" stroke-width=\"0.75\""

static void draw_cells(FILE *o, const struct view *view, const struct frame *fr,
		       const struct scene *sc)
{
	int n = ob_cell_count(view->variant);
	fputs("<g class=\"cells\">\n", o);
	for (int cell = 0; cell < n; cell++) {
		char name[8], more[32], attrs[96], colour[8], cls[64];
		struct pt p[SHAPE_MAX_CORNERS];
		ob_cell_name(view->variant, cell, name);
		view->shape->cell_class(view, cell, more, sizeof more);
		int corners = view->shape->outline(view, fr, cell, 0, p);
		/* two colours, light and dark, or three (tone) */
		static const char *const tones[] = {"light", "medium", "dark"};
		static const char *const fills[] = {"#f0f0f0", "#d6d6d6",
						    "#b4b4b4"};
		int tone = view->shape->tone ? view->shape->tone(view, cell)
			   : view->shape->light(view, cell) ? 0
							    : 2;
		if (sc->heat && sc->has_value[cell])
			heat_colour(scene_heat_level(sc, cell), colour);
		else
			strcpy(colour, sc->heat		    ? "#ffffff"
				       : view->shape->tone ? fills[tone]
				       : tone == 0	    ? "#f0f0f0"
							    : "#c4c4c4");
		snprintf(cls, sizeof cls, "cell %s%s",
			 !sc->heat		? tones[tone]
			 : sc->has_value[cell] ? "heat"
						: "nodata",
			 more);
		snprintf(attrs, sizeof attrs,
			 "fill=\"%s\" stroke=\"#555\" stroke-width=\"0.75\" "
			 "data-cell=\"%s\"",
			 colour, name);
		svg_polygon(o, p, corners, cls, attrs);
		if (sc->heat && !sc->has_value[cell])
			svg_hatch(o, p, corners, 6, "nodata-hatch",
				  NODATA_HATCH);
	}
	fputs("</g>\n", o);
}

static void draw_overlays(FILE *o, const struct view *view,
			  const struct frame *fr, const struct scene *sc)
{
	int n = ob_cell_count(view->variant);
	struct pt p[SHAPE_MAX_CORNERS];
	char name[8], attrs[160];
	for (int cell = 0; cell < n; cell++) {
		unsigned f = sc->flags[cell];
		ob_cell_name(view->variant, cell, name);
		if (f & (F_FROM | F_TO)) {
			/* a thick dark frame, which reads in grey print; the
			 * tint is faint, so that a light cell does not turn
			 * the grey of a dark one */
			int corners = view->shape->outline(view, fr, cell, 0.08,
							   p);
			snprintf(attrs, sizeof attrs,
				 "fill=\"#5b9bd5\" fill-opacity=\"0.15\" "
				 "stroke=\"#1f3f77\" stroke-width=\"3.5\" "
				 "stroke-linejoin=\"round\" data-cell=\"%s\"",
				 name);
			svg_polygon(o, p, corners,
				    /* in a paired move one piece may land
				     * where the other stood */
				    (f & F_FROM) && (f & F_TO) ? "last-move from to"
				    : f & F_FROM		  ? "last-move from"
								  : "last-move to",
				    attrs);
		}
		if (f & F_MARK) {
			int corners = view->shape->outline(view, fr, cell, 0.08,
							   p);
			snprintf(attrs, sizeof attrs,
				 "fill=\"#ffd400\" fill-opacity=\"0.5\" "
				 "stroke=\"#000\" stroke-width=\"2\" "
				 "stroke-dasharray=\"5 3\" data-cell=\"%s\"",
				 name);
			svg_polygon(o, p, corners, "mark", attrs);
		}
		if (f & F_CHECK) {
			/* filled and hatched, as no other cell is: it reads
			 * in grey print too */
			int corners = view->shape->outline(view, fr, cell, 0,
							   p);
			snprintf(attrs, sizeof attrs,
				 "fill=\"#f4b6b6\" stroke=\"#b00020\" "
				 "stroke-width=\"2\" data-cell=\"%s\"",
				 name);
			svg_polygon(o, p, corners, "check-cell", attrs);
			svg_hatch(o, p, corners, 6, "check-hatch",
			      "stroke=\"#b00020\" stroke-width=\"1.5\"");
		}
	}
}

void svg_line(FILE *o, struct pt a, struct pt b, const char *cls,
	      const char *attrs)
{
	fprintf(o,
		"<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" "
		"%s/>\n",
		cls, svg_num(a.x), svg_num(a.y), svg_num(b.x), svg_num(b.y),
		attrs);
}

/* Where a line from a, outside the frame of cell (its outline inset as
 * other-level cells are framed), towards the cell's centre enters the
 * frame: a line to another plane ends there, so that one passing over a
 * framed cell on its way reads as passing. */
static struct pt frame_entry(const struct view *view, const struct frame *fr,
			     int cell, struct pt a)
{
	struct pt q[SHAPE_MAX_CORNERS], c = view->shape->centre(view, fr, cell);
	int n = view->shape->outline(view, fr, cell, SVG_PLANE_FRAME_INSET, q);
	double best = 1;
	for (int i = 0; i < n; i++) {
		/* a + t (c - a) = q[i] + u (q[i+1] - q[i]), 0 <= u <= 1 */
		struct pt p = q[i], e = q[(i + 1) % n];
		double dx = c.x - a.x, dy = c.y - a.y, ex = e.x - p.x,
		       ey = e.y - p.y;
		double den = dx * ey - dy * ex;
		if (den == 0)
			continue;
		double t = ((p.x - a.x) * ey - (p.y - a.y) * ex) / den;
		double u = ((p.x - a.x) * dy - (p.y - a.y) * dx) / den;
		if (t >= 0 && t < best && u >= 0 && u <= 1)
			best = t;
	}
	return (struct pt){a.x + best * (c.x - a.x), a.y + best * (c.y - a.y)};
}

/* A move table's lines: solid within the piece's plane; to another plane
 * thin, dashed and drawn first, beneath the others, so that a line up a
 * level never reads as one along a rank (its cell is framed as well). */
static void draw_rays(FILE *o, const struct view *view, const struct frame *fr,
		      const struct scene *sc)
{
	bool any = false;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < sc->nlines; i++) {
			const struct segment *s = &sc->lines[i];
			if (s->kind == LINE_ARROW)
				continue;
			bool apart = shape_planes_apart(view, fr, s->from, s->to);
			if (apart != (pass == 0))
				continue;
			if (!any)
				fputs("<g class=\"rays\">\n", o);
			any = true;
			static const char *const kinds[] = {
				[LINE_RAY] = "slide",
				[LINE_LEAP] = "leap",
				[LINE_ADVANCE] = "advance",
				[LINE_ATTACK] = "attack",
				[LINE_SWAP] = "swap",
				[LINE_CASTLE] = "castling"};
			const char *colour =
				s->kind == LINE_ATTACK ? CAPTURE_COLOUR
						       : REACH_COLOUR;
			char cls[48], attrs[128];
			snprintf(cls, sizeof cls, "ray %s%s", kinds[s->kind],
				 apart ? " other-level" : "");
			if (apart)
				snprintf(attrs, sizeof attrs,
					 "stroke=\"%s\" stroke-width=\"1.2\" "
					 "stroke-dasharray=\"5 3\" "
					 "stroke-opacity=\"0.85\"",
					 colour);
			else
				/* castling, no step of the King's, dashed */
				snprintf(attrs, sizeof attrs,
					 "stroke=\"%s\" stroke-width=\"%s\"",
					 colour,
					 s->kind == LINE_RAY || s->kind == LINE_LEAP
						 ? "1.75\" stroke-opacity=\"0.9"
					 : s->kind == LINE_CASTLE
						 ? "2\" stroke-dasharray=\"6 3"
						 : "2");
			struct pt a = view->shape->centre(view, fr, s->from),
				  b = view->shape->centre(view, fr, s->to);
			if (apart)
				b = frame_entry(view, fr, s->to, a);
			svg_line(o, a, b, cls, attrs);
		}
	if (any)
		fputs("</g>\n", o);
}

static void draw_cross(FILE *o, struct pt c, double r, const char *cls,
		       const char *name)
{
	fprintf(o,
		"<path class=\"%s\" d=\"M%s %sL%s %sM%s %sL%s %s\" "
		"stroke=\"#b00020\" stroke-width=\"2.5\" "
		"stroke-linecap=\"round\" data-cell=\"%s\"/>\n",
		cls, svg_num(c.x - r), svg_num(c.y - r), svg_num(c.x + r),
		svg_num(c.y + r), svg_num(c.x - r), svg_num(c.y + r),
		svg_num(c.x + r), svg_num(c.y - r), name);
}

static void draw_piece(FILE *o, const struct ob_variant *v, struct pt c,
		       double r, ob_piece p, const char *name)
{
	char kind[32], letter[8], cls[48], ink[48];
	int army = OB_PIECE_COLOR(p);
	bool codes = text_codes(v);
	kind_class(v, OB_PIECE_KIND(p), kind, sizeof kind);
	if (codes) {
		snprintf(letter, sizeof letter, "%s",
			 ob_kind_code(v, OB_PIECE_KIND(p)));
		snprintf(cls, sizeof cls, "army-%d", army + 1);
	} else {
		letter[0] = v->kinds[OB_PIECE_KIND(p)].letter;
		letter[1] = '\0';
		snprintf(cls, sizeof cls, "%s",
			 army == OB_WHITE ? "white" : "black");
	}
	fprintf(o, "<g class=\"piece %s %s\" data-cell=\"%s\">\n", cls,
		kind, name);
	fprintf(o,
		"<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" "
		"stroke=\"#000\" stroke-width=\"1.5\"/>\n",
		svg_num(c.x), svg_num(c.y), svg_num(r), army_fill[army]);
	if (army == 2)
		fprintf(o,
			"<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" "
			"stroke=\"#fff\" stroke-width=\"1.5\"/>\n",
			svg_num(c.x), svg_num(c.y), svg_num(r - 3));
	/* two letters fit the disc at a smaller size */
	double size = codes ? r * 0.8 : r * 1.15;
	snprintf(ink, sizeof ink, "fill=\"%s\" font-weight=\"bold\"",
		 army_ink[army]);
	svg_text(o, (struct pt){c.x, c.y + size * 0.36}, size, "middle",
		 "glyph", ink, letter);
	fputs("</g>\n", o);
}

/* Where castling takes the King: a reached cell's dot in a square frame,
 * the King's move being no step of its own. */
static void draw_castle(FILE *o, struct pt c, const char *name)
{
	struct pt p[4] = {{c.x - 8, c.y - 8},
			  {c.x + 8, c.y - 8},
			  {c.x + 8, c.y + 8},
			  {c.x - 8, c.y + 8}};
	char attrs[96];
	snprintf(attrs, sizeof attrs, "%s%s%s", CASTLE_STYLE,
		 name[0] ? " data-cell=\"" : "", name);
	if (name[0])
		strcat(attrs, "\"");
	svg_polygon(o, p, 4, "castle", attrs);
	svg_circle(o, c, 4.5, "reached", REACHED_STYLE, name);
}

/* A heat map's value, as large as fits the cell. */
static void draw_value(FILE *o, const struct frame *fr, struct pt c,
		       const struct scene *sc, int cell)
{
	char text[32];
	heat_format(sc->value[cell], text, sizeof text);
	double fit = (2 * fr->piece + 4) / (0.6 * (double)strlen(text));
	double size = fit < 11 ? fit : 11;
	svg_text(o, (struct pt){c.x, c.y + size * 0.36}, size, "middle",
		 "value",
		 scene_heat_level(sc, cell) > 0.5 ? "fill=\"#fff\""
						  : "fill=\"#000\"",
		 text);
}

static void draw_markers_and_pieces(FILE *o, const struct view *view,
				    const struct frame *fr,
				    const struct scene *sc)
{
	int n = ob_cell_count(view->variant);
	int origin = fr->rays ? origin_cell(view, sc) : -1;
	char name[8];
	double r = fr->piece;
	/* back to front, so that a nearer glyph covers a farther one */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			int cell = fr->back_to_front ? n - 1 - k : k;
			unsigned f = sc->flags[cell];
			ob_piece p = sc->board[cell];
			struct pt c = view->shape->centre(view, fr, cell);
			ob_cell_name(view->variant, cell, name);
			if (pass == 0 && origin >= 0 &&
			    (f & (F_REACH | F_ADVANCE | F_ATTACK)) &&
			    shape_planes_apart(view, fr, origin, cell)) {
				struct pt q[SHAPE_MAX_CORNERS];
				char attrs[128];
				int corners = view->shape->outline(
					view, fr, cell, SVG_PLANE_FRAME_INSET, q);
				snprintf(attrs, sizeof attrs,
					 "stroke=\"%s\" %s data-cell=\"%s\"",
					 f & (F_ATTACK | F_CAPTURE)
						 ? CAPTURE_COLOUR
						 : REACH_COLOUR,
					 SVG_PLANE_FRAME_STYLE, name);
				svg_polygon(o, q, corners, "other-level", attrs);
			}
			if (pass == 0) {
				/* markers that pieces may stand on */
				if (f & F_ADVANCE)
					svg_circle(o, c, 7, "advance",
						   ADVANCE_STYLE, name);
				else if ((f & F_ATTACK) && p == OB_EMPTY)
					draw_cross(o, c, 5.5, "attack", name);
				else if ((f & F_REACH) && p == OB_EMPTY)
					svg_circle(o, c, 4.5, "reached",
						   REACHED_STYLE, name);
				else if (f & F_CASTLE)
					draw_castle(o, c, name);
				continue;
			}
			if ((f & F_ORIGIN) && sc->captures)
				svg_circle(o, c, r + 5, "subject", SUBJECT_STYLE,
					   name);
			if (p != OB_EMPTY)
				draw_piece(o, view->variant, c, r, p, name);
			if (f & F_SCREEN)
				svg_circle(o, c, r + 4, "screen", SCREEN_STYLE,
					   name);
			if (f & F_SWAP) {
				svg_circle(o, c, r + 2.5, "swap", SWAP_STYLE,
					   name);
				svg_circle(o, c, r + 5.5, "swap", SWAP_STYLE,
					   name);
			}
			if (f & F_CHECK)
				svg_circle(o, c, r + 4, "check",
					   "fill=\"none\" stroke=\"#d00000\" "
					   "stroke-width=\"3\" "
					   "stroke-dasharray=\"4 2\"",
					   name);
			if (f & (F_CAPTURE | F_ATTACK) && p != OB_EMPTY)
				svg_circle(o, c, r + 4, "capture",
					   CAPTURE_STYLE, name);
			if (sc->heat && sc->has_value[cell])
				draw_value(o, fr, c, sc, cell);
		}
}

/* The markers of the legend, at the left of a row. */
static void draw_marker(FILE *o, enum marker marker, struct pt at)
{
	struct pt p[4] = {{at.x - 7, at.y - 7},
			  {at.x + 7, at.y - 7},
			  {at.x + 7, at.y + 7},
			  {at.x - 7, at.y + 7}};
	switch (marker) {
	case MK_NONE:
	case MK_SWATCHES:
		break;
	case MK_REACHED:
		svg_circle(o, at, 4.5, "reached", REACHED_STYLE, "");
		break;
	case MK_CAPTURE:
		svg_circle(o, at, 7, "capture", CAPTURE_STYLE, "");
		break;
	case MK_ADVANCE:
		svg_circle(o, at, 6, "advance", ADVANCE_STYLE, "");
		break;
	case MK_ATTACK:
		draw_cross(o, at, 5.5, "attack", "");
		break;
	case MK_NODATA:
		svg_polygon(o, p, 4, "legend-swatch nodata",
			    "fill=\"#fff\" stroke=\"#555\" stroke-width=\"0.5\"");
		svg_hatch(o, p, 4, 6, "nodata-hatch", NODATA_HATCH);
		break;
	case MK_SUBJECT:
		svg_circle(o, at, 8, "subject", SUBJECT_STYLE, "");
		svg_circle(o, at, 5, "", "fill=\"#fff\" stroke=\"#000\"", "");
		break;
	case MK_SCREEN:
		svg_circle(o, at, 7, "screen", SCREEN_STYLE, "");
		break;
	case MK_SWAP:
		svg_circle(o, at, 4, "swap", SWAP_STYLE, "");
		svg_circle(o, at, 7.5, "swap", SWAP_STYLE, "");
		break;
	case MK_CASTLE:
		draw_castle(o, at, "");
		break;
	case MK_OTHER_PLANE: {
		/* a frame in a plane, a dashed line ending at its edge */
		struct pt frame[4] = {{at.x - 3, at.y + 5},
				      {at.x + 5, at.y + 5},
				      {at.x + 9, at.y - 5},
				      {at.x + 1, at.y - 5}};
		/* a path, not a <line>: those are the figure's rays */
		fprintf(o,
			"<path class=\"legend-line\" d=\"M%s %sL%s %s\" "
			"stroke=\"" REACH_COLOUR "\" stroke-width=\"1.2\" "
			"stroke-dasharray=\"4 2\"/>\n",
			svg_num(at.x - 14), svg_num(at.y + 3), svg_num(at.x - 1),
			svg_num(at.y + 0.5));
		svg_polygon(o, frame, 4, "other-level",
			    "stroke=\"" REACH_COLOUR "\" " SVG_PLANE_FRAME_STYLE);
		break;
	}
	}
}

/* The heat scale: ten shades in a row, the values at its ends and middle
 * below. */
static void draw_swatches(FILE *o, const struct scene *sc, double y)
{
	const int steps = 10;
	double x = 16, w = 28, h = 14;
	char text[32];
	for (int i = 0; i < steps; i++) {
		char colour[8], attrs[64];
		heat_colour((i + 0.5) / steps, colour);
		struct pt p[4] = {{x + i * w, y - h},
				  {x + (i + 1) * w, y - h},
				  {x + (i + 1) * w, y},
				  {x + i * w, y}};
		snprintf(attrs, sizeof attrs,
			 "fill=\"%s\" stroke=\"#555\" stroke-width=\"0.5\"",
			 colour);
		svg_polygon(o, p, 4, "legend-swatch", attrs);
	}
	static const char *const anchors[] = {"start", "middle", "end"};
	for (int i = 0; i < 3; i++) {
		heat_format(heat_value_at(&sc->scale, i / 2.0), text,
			    sizeof text);
		svg_text(o, (struct pt){x + i * steps * w / 2, y + 15}, 12,
			 anchors[i], "legend-value", "", text);
	}
}

static void draw_below(FILE *o, const struct scene *sc,
		       const struct below *b)
{
	bool legend = false;
	for (int i = 0; i < b->n; i++) {
		const struct row *r = &b->rows[i];
		bool in_legend = strncmp(r->cls, "legend", 6) == 0;
		if (in_legend && !legend)
			fputs("<g class=\"legend\">\n", o);
		legend = in_legend;
		if (r->marker == MK_SWATCHES) {
			draw_swatches(o, sc, r->y);
			continue;
		}
		draw_marker(o, r->marker, (struct pt){22, r->y - 4});
		svg_text(o, (struct pt){r->x, r->y}, r->size, "start", r->cls,
			 r->bold ? "font-weight=\"bold\"" : "", r->text);
	}
	if (legend)
		fputs("</g>\n", o);
}

void svg_render(FILE *o, const struct view *view, const struct scene *sc)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", o);
	svg_element(o, view, sc);
}

void svg_element(FILE *o, const struct view *view, const struct scene *sc)
{
	struct frame fr;
	static struct below below;
	frame_init(view, &fr, sc, &below);
	fprintf(o,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"class=\"oblique-diagram %s\" width=\"%s\" height=\"%s\" "
		"viewBox=\"0 0 %s %s\" font-family=\"sans-serif\">\n",
		shape_layout_name(view->shape, fr.layout),
		svg_num(fr.width), svg_num(fr.height), svg_num(fr.width),
		svg_num(fr.height));
	fputs("<title>", o);
	util_put_markup(o, sc->title);
	fputs("</title>\n", o);
	fprintf(o,
		"<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" "
		"height=\"%s\" fill=\"#fff\"/>\n",
		svg_num(fr.width), svg_num(fr.height));
	draw_cells(o, view, &fr, sc);
	draw_overlays(o, view, &fr, sc);
	if (fr.rays)
		draw_rays(o, view, &fr, sc);
	view->shape->labels(o, view, &fr);
	arrow_draw_frames(o, view, &fr, sc);
	draw_markers_and_pieces(o, view, &fr, sc);
	arrow_draw(o, view, &fr, sc);
	draw_below(o, sc, &below);
	fputs("</svg>\n", o);
}
