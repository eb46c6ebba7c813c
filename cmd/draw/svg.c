#include "draw/svg.h"

#include <math.h>
#include <string.h>

/* A number for an attribute: one decimal, without a trailing ".0". */
static const char *num(double x)
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

static void xml_escaped(FILE *o, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<':
			fputs("&lt;", o);
			break;
		case '>':
			fputs("&gt;", o);
			break;
		case '&':
			fputs("&amp;", o);
			break;
		case '"':
			fputs("&quot;", o);
			break;
		default:
			fputc(*s, o);
		}
}

void svg_text(FILE *o, struct pt p, double size, const char *anchor,
	      const char *cls, const char *style, const char *text)
{
	fprintf(o, "<text class=\"%s\" x=\"%s\" y=\"%s\" font-size=\"%s\"",
		cls, num(p.x), num(p.y), num(size));
	if (strcmp(anchor, "start") != 0)
		fprintf(o, " text-anchor=\"%s\"", anchor);
	fprintf(o, "%s%s>", style[0] ? " " : "", style);
	xml_escaped(o, text);
	fputs("</text>\n", o);
}

static void svg_polygon(FILE *o, const struct pt *p, int n, const char *cls,
			const char *attrs)
{
	fprintf(o, "<polygon class=\"%s\" points=\"", cls);
	for (int i = 0; i < n; i++)
		fprintf(o, "%s%s,%s", i ? " " : "", num(p[i].x), num(p[i].y));
	fprintf(o, "\" %s/>\n", attrs);
}

/* The legends' texts (their lengths size the picture). */
static const char legend_heat[] = "value per cell (white: no value)";
static const char legend_reach[] = "a cell the piece reaches";
static const char legend_capture[] = "an enemy piece it may capture";
static const char legend_advance[] =
	"advance: a quiet move, into an empty cell only";
static const char legend_attack[] =
	"attacked cell: a capture only, never a quiet move";

static void frame_init(const struct view *view, struct frame *fr,
		       const struct scene *sc)
{
	double below = 16.0 + 22.0 * sc->ncaption;
	if (sc->legend == LEGEND_HEAT)
		below += 48;
	else if (sc->legend == LEGEND_REACH)
		below += sc->captures ? 44 : 22;
	else if (sc->legend == LEGEND_PAWN)
		below += 44;
	memset(fr, 0, sizeof *fr);
	fr->layout = sc->layout;
	view->shape->frame(view, fr);
	fr->height = fr->caption_y - 16 + below;
	/* the legend's text needs room: about 7.2 pixels a character */
	double legend =
		sc->legend == LEGEND_HEAT ? 308 + 7.2 * strlen(legend_heat)
		: sc->legend == LEGEND_PAWN
			? 36 + 7.2 * strlen(legend_attack)
		: sc->legend == LEGEND_REACH
			? 36 + 7.2 * strlen(legend_capture)
			: 0;
	if (legend > fr->width)
		fr->width = legend;
	/* captions need room too */
	for (int i = 0; i < sc->ncaption; i++) {
		double w = 28 + 8.0 * (double)strlen(sc->caption[i]);
		if (w > fr->width)
			fr->width = w;
	}
	fr->width = ceil(fr->width);
	fr->height = ceil(fr->height);
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
	/* a single-hue ramp, light to dark, that stays monotonic in grey */
	static const int lo[3] = {0xf7, 0xfb, 0xff}, hi[3] = {0x08, 0x30, 0x6b};
	int rgb[3];
	for (int i = 0; i < 3; i++)
		rgb[i] = (int)lround(lo[i] + t * (hi[i] - lo[i]));
	sprintf(out, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static void draw_cells(FILE *o, const struct view *view, const struct frame *fr,
		       const struct scene *sc)
{
	int n = ob_cell_count(view->variant);
	fputs("<g class=\"cells\">\n", o);
	for (int cell = 0; cell < n; cell++) {
		char name[8], more[32], attrs[96];
		struct pt p[SHAPE_MAX_CORNERS];
		ob_cell_name(view->variant, cell, name);
		view->shape->cell_class(view, cell, more, sizeof more);
		int corners = view->shape->outline(view, fr, cell, 0, p);
		bool light = view->shape->light(view, cell);
		char cls[64];
		if (sc->heat && sc->has_value[cell]) {
			char colour[8];
			heat_colour(scene_heat_level(sc, sc->value[cell]),
				    colour);
			snprintf(cls, sizeof cls, "cell heat%s", more);
			snprintf(attrs, sizeof attrs,
				 "fill=\"%s\" stroke=\"#555\" stroke-width="
				 "\"0.75\" data-cell=\"%s\"",
				 colour, name);
		} else {
			snprintf(cls, sizeof cls, "cell %s%s",
				 sc->heat ? "nodata" : light ? "light" : "dark",
				 more);
			snprintf(attrs, sizeof attrs,
				 "fill=\"%s\" stroke=\"#555\" stroke-width="
				 "\"0.75\" data-cell=\"%s\"",
				 sc->heat ? "#ffffff"
				 : light  ? "#f0f0f0"
					  : "#c4c4c4",
				 name);
		}
		svg_polygon(o, p, corners, cls, attrs);
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
			int corners = view->shape->outline(view, fr, cell, 0.04,
							   p);
			snprintf(attrs, sizeof attrs,
				 "fill=\"#5b9bd5\" fill-opacity=\"0.45\" "
				 "stroke=\"#1f3f77\" stroke-width=\"2\" "
				 "data-cell=\"%s\"",
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
	}
}

static void draw_line(FILE *o, struct pt a, struct pt b, const char *cls,
		      const char *attrs)
{
	fprintf(o,
		"<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" "
		"%s/>\n",
		cls, num(a.x), num(a.y), num(b.x), num(b.y), attrs);
}

/* An arrow leaves its from-cell at the rim of the glyph there, so that the
 * letter stays readable, and stops at the rim of the glyph it points at
 * (at the centre of an empty cell). */
static void draw_arrow(FILE *o, const struct view *view, const struct frame *fr,
		       const struct scene *sc, const struct segment *s)
{
	char from[8], to[8];
	struct pt a = view->shape->centre(view, fr, s->from),
		  b = view->shape->centre(view, fr, s->to);
	double dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
	ob_cell_name(view->variant, s->from, from);
	ob_cell_name(view->variant, s->to, to);
	double start = sc->board[s->from] != OB_EMPTY ? fr->piece + 2 : 0;
	double stop = sc->board[s->to] != OB_EMPTY ? fr->piece + 2 : 0;
	double head = 14, half = 7;
	if (len < start + stop + head)
		return;
	double ux = dx / len, uy = dy / len;
	a.x += ux * start;
	a.y += uy * start;
	struct pt tip = {b.x - ux * stop, b.y - uy * stop};
	struct pt base = {tip.x - ux * head, tip.y - uy * head};
	struct pt tri[3] = {tip,
			    {base.x - uy * half, base.y + ux * half},
			    {base.x + uy * half, base.y - ux * half}};
	fprintf(o, "<g class=\"arrow\" data-from=\"%s\" data-to=\"%s\">\n",
		from, to);
	draw_line(o, a, base, "arrow-shaft",
		  "stroke=\"#0b6e4f\" stroke-width=\"4\" "
		  "stroke-opacity=\"0.85\" stroke-linecap=\"round\"");
	svg_polygon(o, tri, 3, "arrow-head",
		    "fill=\"#0b6e4f\" fill-opacity=\"0.85\"");
	fputs("</g>\n", o);
}

static void draw_rays(FILE *o, const struct view *view, const struct frame *fr,
		      const struct scene *sc)
{
	bool any = false;
	for (int i = 0; i < sc->nlines; i++) {
		const struct segment *s = &sc->lines[i];
		if (s->kind == LINE_ARROW)
			continue;
		if (!any)
			fputs("<g class=\"rays\">\n", o);
		any = true;
		const char *cls = s->kind == LINE_RAY	  ? "ray slide"
				  : s->kind == LINE_LEAP    ? "ray leap"
				  : s->kind == LINE_ADVANCE ? "ray advance"
							    : "ray attack";
		const char *attrs =
			s->kind == LINE_ADVANCE
				? "stroke=\"#1f4e9c\" stroke-width=\"2\" "
				  "stroke-dasharray=\"6 4\""
			: s->kind == LINE_ATTACK
				? "stroke=\"#b00020\" stroke-width=\"2\""
				: "stroke=\"#1f4e9c\" stroke-width=\"1.75\" "
				  "stroke-opacity=\"0.9\"";
		draw_line(o, view->shape->centre(view, fr, s->from),
			  view->shape->centre(view, fr, s->to), cls, attrs);
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
		cls, num(c.x - r), num(c.y - r), num(c.x + r), num(c.y + r),
		num(c.x - r), num(c.y + r), num(c.x + r), num(c.y - r), name);
}

static void draw_piece(FILE *o, const struct ob_variant *v, struct pt c,
		       double r, ob_piece p, const char *name)
{
	char kind[32], letter[2] = {0, 0};
	bool white = OB_PIECE_COLOR(p) == OB_WHITE;
	kind_class(v, OB_PIECE_KIND(p), kind, sizeof kind);
	letter[0] = v->kinds[OB_PIECE_KIND(p)].letter;
	fprintf(o, "<g class=\"piece %s %s\" data-cell=\"%s\">\n",
		white ? "white" : "black", kind, name);
	fprintf(o,
		"<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" "
		"stroke=\"#000\" stroke-width=\"1.5\"/>\n",
		num(c.x), num(c.y), num(r), white ? "#fff" : "#222");
	double size = r * 1.15;
	svg_text(o, (struct pt){c.x, c.y + size * 0.36}, size, "middle",
		 "glyph", white ? "fill=\"#000\" font-weight=\"bold\""
				: "fill=\"#fff\" font-weight=\"bold\"",
		 letter);
	fputs("</g>\n", o);
}

static void draw_markers_and_pieces(FILE *o, const struct view *view,
				    const struct frame *fr,
				    const struct scene *sc)
{
	int n = ob_cell_count(view->variant);
	char name[8], text[16];
	double r = fr->piece;
	/* back to front, so that a nearer glyph covers a farther one */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			int cell = fr->back_to_front ? n - 1 - k : k;
			unsigned f = sc->flags[cell];
			ob_piece p = sc->board[cell];
			struct pt c = view->shape->centre(view, fr, cell);
			ob_cell_name(view->variant, cell, name);
			if (pass == 0) {
				/* markers that pieces may stand on */
				if (f & F_ADVANCE)
					fprintf(o,
						"<circle class=\"advance\" "
						"cx=\"%s\" cy=\"%s\" r=\"7\" "
						"fill=\"#fff\" stroke=\"#1f4e9c\" "
						"stroke-width=\"2.5\" "
						"data-cell=\"%s\"/>\n",
						num(c.x), num(c.y), name);
				else if ((f & F_ATTACK) && p == OB_EMPTY)
					draw_cross(o, c, 5.5, "attack", name);
				else if ((f & F_REACH) && p == OB_EMPTY)
					fprintf(o,
						"<circle class=\"reached\" "
						"cx=\"%s\" cy=\"%s\" r=\"4.5\" "
						"fill=\"#1f4e9c\" "
						"data-cell=\"%s\"/>\n",
						num(c.x), num(c.y), name);
				continue;
			}
			if (p != OB_EMPTY)
				draw_piece(o, view->variant, c, r, p, name);
			if (f & F_CHECK)
				fprintf(o,
					"<circle class=\"check\" cx=\"%s\" "
					"cy=\"%s\" r=\"%s\" fill=\"none\" "
					"stroke=\"#d00000\" stroke-width=\"3\" "
					"stroke-dasharray=\"4 2\" "
					"data-cell=\"%s\"/>\n",
					num(c.x), num(c.y), num(r + 4), name);
			if (f & (F_CAPTURE | F_ATTACK) && p != OB_EMPTY)
				fprintf(o,
					"<circle class=\"capture\" cx=\"%s\" "
					"cy=\"%s\" r=\"%s\" fill=\"none\" "
					"stroke=\"#b00020\" stroke-width=\"3\" "
					"data-cell=\"%s\"/>\n",
					num(c.x), num(c.y), num(r + 4), name);
			if (sc->heat && sc->has_value[cell]) {
				double t =
					scene_heat_level(sc, sc->value[cell]);
				snprintf(text, sizeof text, "%.4g",
					 sc->value[cell]);
				svg_text(o, (struct pt){c.x, c.y + 4}, 11,
					 "middle", "value",
					 t > 0.5 ? "fill=\"#fff\""
						 : "fill=\"#000\"",
					 text);
			}
		}
}

static void draw_legend(FILE *o, const struct frame *fr,
			const struct scene *sc, double y)
{
	char text[64];
	double x = 16;
	switch (sc->legend) {
	case LEGEND_NONE:
		return;
	case LEGEND_REACH:
		fputs("<g class=\"legend\">\n", o);
		fprintf(o,
			"<circle class=\"reached\" cx=\"%s\" cy=\"%s\" r=\"4.5\" "
			"fill=\"#1f4e9c\"/>\n",
			num(x + 6), num(y - 4));
		svg_text(o, (struct pt){x + 20, y}, 13, "start", "legend-text",
			 "", legend_reach);
		if (sc->captures) {
			y += 22;
			fprintf(o,
				"<circle class=\"capture\" cx=\"%s\" cy=\"%s\" "
				"r=\"7\" fill=\"none\" stroke=\"#b00020\" "
				"stroke-width=\"3\"/>\n",
				num(x + 6), num(y - 4));
			svg_text(o, (struct pt){x + 20, y}, 13, "start",
				 "legend-text", "", legend_capture);
		}
		fputs("</g>\n", o);
		return;
	case LEGEND_PAWN:
		fputs("<g class=\"legend\">\n", o);
		fprintf(o,
			"<circle class=\"advance\" cx=\"%s\" cy=\"%s\" r=\"6\" "
			"fill=\"#fff\" stroke=\"#1f4e9c\" "
			"stroke-width=\"2.5\"/>\n",
			num(x + 6), num(y - 4));
		svg_text(o, (struct pt){x + 20, y}, 13, "start", "legend-text",
			 "", legend_advance);
		draw_cross(o, (struct pt){x + 6, y + 18}, 5.5, "attack", "");
		svg_text(o, (struct pt){x + 20, y + 22}, 13, "start",
			 "legend-text", "",
			 legend_attack);
		fputs("</g>\n", o);
		return;
	case LEGEND_HEAT:
		break;
	}
	fputs("<g class=\"legend\">\n", o);
	const int steps = 10;
	double w = 28, h = 14;
	for (int i = 0; i < steps; i++) {
		char colour[8];
		heat_colour((i + 0.5) / steps, colour);
		struct pt p[4] = {{x + i * w, y - h},
				  {x + (i + 1) * w, y - h},
				  {x + (i + 1) * w, y},
				  {x + i * w, y}};
		char attrs[64];
		snprintf(attrs, sizeof attrs,
			 "fill=\"%s\" stroke=\"#555\" stroke-width=\"0.5\"",
			 colour);
		svg_polygon(o, p, 4, "legend-swatch", attrs);
	}
	snprintf(text, sizeof text, "%g", sc->low);
	svg_text(o, (struct pt){x, y + 16}, 12, "start", "legend-text", "",
		 text);
	snprintf(text, sizeof text, "%g", sc->high);
	svg_text(o, (struct pt){x + steps * w, y + 16}, 12, "end",
		 "legend-text", "", text);
	svg_text(o, (struct pt){x + steps * w + 12, y - 2}, 13, "start",
		 "legend-text", "", legend_heat);
	fputs("</g>\n", o);
	(void)fr;
}

void svg_render(FILE *o, const struct view *view, const struct scene *sc)
{
	struct frame fr;
	frame_init(view, &fr, sc);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", o);
	fprintf(o,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"class=\"oblique-diagram %s\" width=\"%s\" height=\"%s\" "
		"viewBox=\"0 0 %s %s\" font-family=\"sans-serif\">\n",
		shape_layout_name(view->shape, fr.layout),
		num(fr.width), num(fr.height), num(fr.width), num(fr.height));
	fputs("<title>", o);
	xml_escaped(o, sc->title);
	fputs("</title>\n", o);
	fprintf(o,
		"<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" "
		"height=\"%s\" fill=\"#fff\"/>\n",
		num(fr.width), num(fr.height));
	draw_cells(o, view, &fr, sc);
	draw_overlays(o, view, &fr, sc);
	if (fr.rays)
		draw_rays(o, view, &fr, sc);
	view->shape->labels(o, view, &fr);
	draw_markers_and_pieces(o, view, &fr, sc);
	for (int i = 0; i < sc->nlines; i++)
		if (sc->lines[i].kind == LINE_ARROW)
			draw_arrow(o, view, &fr, sc, &sc->lines[i]);
	double y = fr.caption_y;
	for (int i = 0; i < sc->ncaption; i++, y += 22)
		svg_text(o, (struct pt){16, y}, i == 0 ? 15 : 13, "start",
			 i == 0 ? "caption" : "caption detail",
			 i == 0 ? "font-weight=\"bold\"" : "", sc->caption[i]);
	draw_legend(o, &fr, sc, y + 4);
	fputs("</svg>\n", o);
}
