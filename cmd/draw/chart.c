#include "draw/chart.h"

#include <string.h>

#include "draw/svg.h"
#include "util.h"

#define BAR_COLOUR "#1f4e9c"
#define STRIPE_COLOUR "#f0f0f0"
#define AXIS_STYLE "stroke=\"#333\" stroke-width=\"1\""
#define FONT 12.0
#define CHAR_WIDTH 0.6 /* of the font size, about, in sans-serif */

void chart_init(struct chart *c, const char *title, enum chart_kind kind,
		double width)
{
	memset(c, 0, sizeof *c);
	c->title = title;
	c->kind = kind;
	c->width = width;
}

/* A width of whole pixels, at least w: HTML takes no fraction in an
 * <svg>'s width. */
static double whole(double w)
{
	double n = (double)(long)w;
	return n < w ? n + 1 : n;
}

static double text_width(const char *s, double size)
{
	return s ? (double)strlen(s) * CHAR_WIDTH * size : 0;
}

static void open_svg(FILE *o, const struct chart *c, double width,
		     double height)
{
	fprintf(o,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart %s\" "
		"width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" "
		"font-family=\"sans-serif\">\n<title>",
		c->kind == CHART_COLUMNS  ? "columns"
		: c->kind == CHART_RANGES ? "ranges"
					  : "rows",
		svg_num(width),
		svg_num(height), svg_num(width), svg_num(height));
	util_put_markup(o, c->title);
	fputs("</title>\n", o);
}

/* The figure a shape shows, as its data-key and data-value attributes
 * (nothing when it has no key), and the end of its tag. */
static void end_with_figure(FILE *o, const struct chart_bar *b)
{
	if (b->key) {
		fputs(" data-key=\"", o);
		util_put_markup(o, b->key);
		fputs("\" data-value=\"", o);
		util_put_markup(o, b->label ? b->label : "");
		fputs("\"", o);
	}
	fputs("/>\n", o);
}

/* A bar from (x, y), w wide and h high, with its key and value. */
static void draw_bar(FILE *o, double x, double y, double w, double h,
		     const struct chart_bar *b)
{
	fprintf(o,
		"<rect class=\"bar\" x=\"%s\" y=\"%s\" width=\"%s\" "
		"height=\"%s\" fill=\"" BAR_COLOUR "\"",
		svg_num(x), svg_num(y), svg_num(w), svg_num(h));
	end_with_figure(o, b);
}

/* The greatest value of a panel (rows) or of the columns (panel 0). */
static double most(const struct chart *c, int panel)
{
	double m = 0;
	for (int r = 0; r < c->nrows; r++)
		if (c->bar[r][panel].value > m)
			m = c->bar[r][panel].value;
	return m;
}

static double length_of(double value, double m, double room)
{
	return value > 0 && m > 0 ? value / m * room : 0;
}

/* ---- rows of bars, in panels ---- */

#define ROW_HEIGHT 20.0
#define BAR_HEIGHT 13.0
#define HEAD_HEIGHT 22.0
#define MIN_PANEL 120.0 /* a panel's bars and values: the chart widens */

/* The row names' width, and the room for them at the left. */
static double names_width(const struct chart *c)
{
	double names = 0;
	for (int r = 0; r < c->nrows; r++) {
		double w = text_width(c->row[r], FONT);
		names = w > names ? w : names;
	}
	return names + 14;
}

/* A light band behind every second row, from top, width wide. */
static void draw_stripes(FILE *o, const struct chart *c, double width,
			 double top)
{
	for (int r = 0; r < c->nrows; r += 2) {
		struct pt p[4] = {{0, top + r * ROW_HEIGHT},
				  {width, top + r * ROW_HEIGHT},
				  {width, top + (r + 1) * ROW_HEIGHT},
				  {0, top + (r + 1) * ROW_HEIGHT}};
		svg_polygon(o, p, 4, "stripe", "fill=\"" STRIPE_COLOUR "\"");
	}
}

static void draw_rows(FILE *o, const struct chart *c)
{
	double names = names_width(c);
	double top = c->npanels > 1 || c->panel[0] ? HEAD_HEIGHT : 4;
	double height = top + c->nrows * ROW_HEIGHT + 6;
	double width = c->width;
	if (width < names + c->npanels * MIN_PANEL)
		width = whole(names + c->npanels * MIN_PANEL);
	double panel_w = (width - names) / c->npanels;
	open_svg(o, c, width, height);
	draw_stripes(o, c, width, top);
	for (int r = 0; r < c->nrows; r++)
		svg_text(o, (struct pt){6, top + r * ROW_HEIGHT + 14}, FONT,
			 "start", "row-name", "", c->row[r]);
	for (int k = 0; k < c->npanels; k++) {
		double x0 = names + k * panel_w, m = most(c, k), room = 0;
		m = c->full[k] > m ? c->full[k] : m;
		/* room for the longest value beside its bar */
		for (int r = 0; r < c->nrows; r++) {
			double w = text_width(c->bar[r][k].label, FONT - 1);
			room = w > room ? w : room;
		}
		room = panel_w - room - 18;
		fprintf(o, "<g class=\"panel\">\n");
		if (c->panel[k])
			svg_text(o, (struct pt){x0, 15}, FONT, "start",
				 "panel-name", "font-weight=\"bold\"",
				 c->panel[k]);
		for (int r = 0; r < c->nrows; r++) {
			const struct chart_bar *b = &c->bar[r][k];
			double y = top + r * ROW_HEIGHT +
				   (ROW_HEIGHT - BAR_HEIGHT) / 2;
			double w = length_of(b->value, m, room);
			draw_bar(o, x0, y, w, BAR_HEIGHT, b);
			if (b->label)
				svg_text(o, (struct pt){x0 + w + 4, y + 10.5},
					 FONT - 1, "start", "value", "",
					 b->label);
		}
		svg_line(o, (struct pt){x0, top},
			 (struct pt){x0, top + c->nrows * ROW_HEIGHT}, "axis",
			 AXIS_STYLE);
		fputs("</g>\n", o);
	}
	fputs("</svg>\n", o);
}

/* ---- columns: a histogram ---- */

#define PLOT_HEIGHT 180.0
#define COLUMN_WIDTH 40.0 /* at least; wider for a longer count */
#define VALUE_FONT 11.0
#define TICK_FONT 10.0
/* White round a text: a line behind it breaks there, not through it. */
#define HALO "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\""

/* The step of a count axis: 1, 2 or 5 times a power of ten, the
 * smallest that marks at most five counts above 0 up to m. */
static double tick_step(double m)
{
	static const double factor[3] = {1, 2, 5};
	double unit = 1;
	int k = 0;
	while (m / (factor[k] * unit) > 5)
		if (++k == 3) {
			k = 0;
			unit *= 10;
		}
	return factor[k] * unit;
}

/* The count axis at the left: a tick, its count and a faint line across
 * at each step, its name along it. */
static void draw_count_axis(FILE *o, const struct chart *c, double left,
			    double right_x, double base, double m)
{
	double step = tick_step(m);
	for (int k = 0; k * step <= m; k++) {
		double v = k * step;
		char count[32];
		double y = base - length_of(v, m, PLOT_HEIGHT - 16);
		snprintf(count, sizeof count, "%.0f", v);
		if (v > 0)
			svg_line(o, (struct pt){left, y},
				 (struct pt){right_x, y}, "grid",
				 "stroke=\"#ddd\" stroke-width=\"1\"");
		svg_line(o, (struct pt){left - 4, y}, (struct pt){left, y},
			 "tick", AXIS_STYLE);
		svg_text(o, (struct pt){left - 6, y + 3.5}, TICK_FONT, "end",
			 "tick-label", "", count);
	}
	svg_line(o, (struct pt){left, base},
		 (struct pt){left, base - (PLOT_HEIGHT - 16)}, "axis",
		 AXIS_STYLE);
	if (c->value_axis) {
		char turn[64];
		double y = base - (PLOT_HEIGHT - 16) / 2;
		snprintf(turn, sizeof turn, "transform=\"rotate(-90 14 %s)\"",
			 svg_num(y));
		svg_text(o, (struct pt){14, y}, FONT, "middle", "axis-name",
			 turn, c->value_axis);
	}
}

static void draw_columns(FILE *o, const struct chart *c)
{
	double m = most(c, 0), right = 12;
	/* room for the counts of the axis and its name, turned */
	char widest[32];
	snprintf(widest, sizeof widest, "%.0f", m);
	double left = 22 + text_width(widest, TICK_FONT) + 6;
	double col_w = COLUMN_WIDTH;
	for (int r = 0; r < c->nrows; r++) {
		double w = text_width(c->bar[r][0].label, VALUE_FONT) + 6;
		col_w = w > col_w ? w : col_w;
	}
	if (c->nrows && left + c->nrows * col_w + right < c->width)
		col_w = (c->width - left - right) / c->nrows;
	double plot_right = left + c->nrows * col_w;
	double width = whole(plot_right + right);
	double top = 18 + 14 * c->nmarks; /* the marks' labels, staggered */
	double base = top + PLOT_HEIGHT, height = base + 44;
	open_svg(o, c, width, height);
	draw_count_axis(o, c, left, plot_right, base, m);
	/* the marks behind the columns, each line down to the count over
	 * the column it falls on (or between), so that it strikes no
	 * count; their labels staggered above */
	for (int i = 0; i < c->nmarks; i++) {
		double x = left + c->mark[i].at * col_w;
		double label_y = 14 + 14 * i, end = base;
		for (int r = 0; r < c->nrows; r++) {
			const struct chart_bar *b = &c->bar[r][0];
			double x0 = left + r * col_w, h;
			if (x < x0 - 1 || x > x0 + col_w + 1)
				continue;
			h = length_of(b->value, m, PLOT_HEIGHT - 16);
			if (b->value > 0 && base - h - 4 - VALUE_FONT - 2 < end)
				end = base - h - 4 - VALUE_FONT - 2;
		}
		double half = text_width(c->mark[i].label, 11) / 2;
		double lo = left + half, hi = plot_right - half;
		double tx = x < lo ? lo : x > hi ? hi : x;
		fprintf(o, "<g class=\"mark\">\n");
		svg_line(o, (struct pt){x, label_y + 3}, (struct pt){x, end},
			 "mark-line",
			 "stroke=\"#000\" stroke-width=\"1.5\" "
			 "stroke-dasharray=\"5 3\"");
		svg_text(o, (struct pt){tx, label_y}, 11, "middle",
			 "mark-label", HALO, c->mark[i].label);
		fputs("</g>\n", o);
	}
	/* every edge labelled where they fit, else every second or fifth */
	int every = 1;
	for (int r = 0; r < c->nrows; r++) {
		double w = text_width(c->row[r], 10) + 6;
		while (every < 5 && w > col_w * every)
			every = every == 1 ? 2 : 5;
	}
	for (int r = 0; r < c->nrows; r++) {
		const struct chart_bar *b = &c->bar[r][0];
		double x = left + r * col_w;
		double h = length_of(b->value, m, PLOT_HEIGHT - 16);
		draw_bar(o, x + 1, base - h, col_w - 2, h, b);
		if (b->label && b->value > 0)
			svg_text(o, (struct pt){x + col_w / 2, base - h - 4},
				 VALUE_FONT, "middle", "value", HALO,
				 b->label);
		if (r % every == 0)
			svg_text(o, (struct pt){x, base + 14}, 10, "middle",
				 "edge", "", c->row[r]);
	}
	if (c->edge && c->nrows % every == 0)
		svg_text(o, (struct pt){left + c->nrows * col_w, base + 14}, 10,
			 "middle", "edge", "", c->edge);
	svg_line(o, (struct pt){left, base}, (struct pt){plot_right, base},
		 "axis", AXIS_STYLE);
	if (c->axis)
		svg_text(o, (struct pt){(left + plot_right) / 2, base + 34},
			 FONT, "middle", "axis-name", "", c->axis);
	fputs("</svg>\n", o);
}

/* ---- ranges: boxes and whiskers ---- */

#define BOX_FILL "#dbe4f3"
#define WHISKER "stroke=\"" BAR_COLOUR "\" stroke-width=\"1.5\""

/* A line of a range from a to b that carries the figure f. */
static void range_line(FILE *o, struct pt a, struct pt b, const char *cls,
		       const char *attrs, const struct chart_bar *f)
{
	fprintf(o,
		"<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" "
		"y2=\"%s\" %s",
		cls, svg_num(a.x), svg_num(a.y), svg_num(b.x), svg_num(b.y),
		attrs);
	end_with_figure(o, f);
}

static void draw_ranges(FILE *o, const struct chart *c)
{
	double names = names_width(c), m = 0, label = 0;
	for (int r = 0; r < c->nrows; r++) {
		double w = text_width(c->bar[r][2].label, FONT - 1);
		m = c->bar[r][4].value > m ? c->bar[r][4].value : m;
		label = w > label ? w : label;
	}
	double width = c->width;
	if (width < names + MIN_PANEL + label + 8)
		width = whole(names + MIN_PANEL + label + 8);
	double x0 = names, room = width - names - label - 12;
	double top = 4, base = top + c->nrows * ROW_HEIGHT + 2;
	double height = base + (c->axis ? 38 : 20);
	open_svg(o, c, width, height);
	draw_stripes(o, c, width, top);
	/* the axis below: a tick and its value at each step */
	double step = tick_step(m);
	for (int k = 0; m > 0 && k * step <= m; k++) {
		char value[32];
		double x = x0 + length_of(k * step, m, room);
		snprintf(value, sizeof value, "%.0f", k * step);
		svg_line(o, (struct pt){x, base}, (struct pt){x, base + 4},
			 "tick", AXIS_STYLE);
		svg_text(o, (struct pt){x, base + 15}, TICK_FONT, "middle",
			 "tick-label", "", value);
	}
	svg_line(o, (struct pt){x0, base}, (struct pt){x0 + room, base},
		 "axis", AXIS_STYLE);
	if (c->axis)
		svg_text(o, (struct pt){x0 + room / 2, base + 32}, FONT,
			 "middle", "axis-name", "", c->axis);
	for (int r = 0; r < c->nrows; r++) {
		const struct chart_bar *b = c->bar[r];
		double y = top + r * ROW_HEIGHT + ROW_HEIGHT / 2;
		double x[5];
		svg_text(o, (struct pt){6, y + 4}, FONT, "start", "row-name",
			 "", c->row[r]);
		if (!b[2].key) {
			svg_text(o, (struct pt){x0 + 4, y + 4}, FONT - 1,
				 "start", "value", "", "-");
			continue;
		}
		for (int i = 0; i < 5; i++)
			x[i] = x0 + length_of(b[i].value, m, room);
		fputs("<g class=\"range\">\n", o);
		range_line(o, (struct pt){x[0], y}, (struct pt){x[1], y},
			   "whisker", WHISKER, &b[0]);
		range_line(o, (struct pt){x[3], y}, (struct pt){x[4], y},
			   "whisker", WHISKER, &b[4]);
		fprintf(o,
			"<rect class=\"box\" x=\"%s\" y=\"%s\" width=\"%s\" "
			"height=\"%s\" fill=\"" BOX_FILL "\" stroke=\""
			BAR_COLOUR "\" stroke-width=\"1.5\"/>\n",
			svg_num(x[1]), svg_num(y - BAR_HEIGHT / 2),
			svg_num(x[3] - x[1]), svg_num(BAR_HEIGHT));
		range_line(o, (struct pt){x[2], y - BAR_HEIGHT / 2 - 1},
			   (struct pt){x[2], y + BAR_HEIGHT / 2 + 1}, "median",
			   "stroke=\"#000\" stroke-width=\"3\"", &b[2]);
		fputs("</g>\n", o);
		svg_text(o, (struct pt){x[4] + 5, y + 4}, FONT - 1, "start",
			 "value", "", b[2].label);
	}
	fputs("</svg>\n", o);
}

void chart_svg(FILE *o, const struct chart *c)
{
	if (c->kind == CHART_COLUMNS)
		draw_columns(o, c);
	else if (c->kind == CHART_RANGES)
		draw_ranges(o, c);
	else
		draw_rows(o, c);
}
