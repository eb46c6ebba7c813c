#include "draw/shape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/svg.h"
#include "draw/text.h"
#include "util.h"

/*
 * The hexagonal board, Glinski's: upright files of flat-topped hexagons,
 * the middle file the longest, as the page of Plattraum draws it.  The
 * library's coordinates are doubled: x the file (0 at the left) and h the
 * height in half cells above the bottom of the middle file, so that a
 * cell's neighbours above and below are 2 apart in h and those in the
 * files beside it 1.  Display coordinates (X, H) are the same seen from
 * army 1's side, and turned about the middle cell with --flip: through
 * 180 degrees with two armies; with three, so that the army seen from
 * has its home at the bottom (army 2's through 240 degrees anticlockwise,
 * army 3's through 120).  A hexagon turned through a multiple of 60
 * degrees is the same flat-topped hexagon, so the board looks the same
 * from every side; only the cells in it move.
 *
 * Labels come from the cells' names (the file letter, then the cell's
 * number in its file), never from a table here.  Each stands in the
 * place of a cell off the board, the one that a line of cells would run
 * on into: a file's letter where its file would go on before its first
 * cell (below it, seen from army 1's side), a number where the line of
 * cells of that number would go on beyond one of its two ends, the end
 * whose place is further left (then lower) in the picture.  A label
 * that would stand left of the board stands in the margin on its cell's
 * own level instead.
 */

static int nfiles(const struct view *view)
{
	return view->variant->board->extent[0];
}

static int nheights(const struct view *view)
{
	return view->variant->board->extent[1];
}

/* The turn from the board to the picture, in sixths of a full turn
 * anticlockwise. */
static int hex_turn(const struct view *view)
{
	if (!view->flip)
		return 0;
	if (ob_armies(view->variant) < 3)
		return 3;
	return view->flip == 1 ? 4 : 2;
}

/* Turns (x, h), on the board or off it, about the middle cell through
 * sixths of a full turn anticlockwise: a sixth takes the step (dx, dh)
 * to ((dx - dh) / 2, (3 dx + dh) / 2), which keeps dx + dh even. */
static void hex_rotate(const struct view *view, int sixths, int *x, int *h)
{
	int mx = (nfiles(view) - 1) / 2, mh = (nheights(view) - 1) / 2;
	int dx = *x - mx, dh = *h - mh;
	for (int i = 0; i < (sixths % 6 + 6) % 6; i++) {
		int ndx = (dx - dh) / 2;
		dh = (3 * dx + dh) / 2;
		dx = ndx;
	}
	*x = dx + mx;
	*h = dh + mh;
}

/* The cell at display (X, H), or -1. */
static int hex_cell(const struct view *view, int X, int H)
{
	int c[OB_MAX_DIMS] = {0};
	/* the places of cells, on the board and off it, have x + h even
	 * about the middle cell; the turn is only defined on those */
	if ((X - (nfiles(view) - 1) / 2 + H - (nheights(view) - 1) / 2) % 2)
		return -1;
	hex_rotate(view, -hex_turn(view), &X, &H);
	if (X < 0 || H < 0 || X >= nfiles(view) || H >= nheights(view))
		return -1;
	c[0] = X;
	c[1] = H;
	return ob_cell_at(view->variant, c);
}

static void hex_display(const struct view *view, int cell, int *X, int *H)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	*X = c[0];
	*H = c[1];
	hex_rotate(view, hex_turn(view), X, H);
}

/* A cell's name split: its file's letters and its number. */
static void hex_name(const struct view *view, int cell, char *file,
		     char *number)
{
	char name[8];
	size_t i = 0;
	ob_cell_name(view->variant, cell, name);
	while (name[i] && !(name[i] >= '0' && name[i] <= '9'))
		i++;
	memcpy(file, name, i);
	file[i] = '\0';
	strcpy(number, name + i);
}

/* The cell of file x (a board coordinate) numbered n, or -1. */
static int numbered(const struct view *view, int x, int n)
{
	char file[8], number[8];
	int c[OB_MAX_DIMS] = {x, 0};
	for (c[1] = 0; c[1] < nheights(view); c[1]++) {
		int cell = ob_cell_at(view->variant, c);
		if (cell < 0)
			continue;
		hex_name(view, cell, file, number);
		if (atoi(number) == n)
			return cell;
	}
	return -1;
}

static void board_coords(const struct view *view, int cell, int *x, int *h)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	*x = c[0];
	*h = c[1];
}

/* A label: its text, the cell it stands beside, and the display place
 * (X, H) of the cell off the board that it stands in. */
struct hex_label {
	char text[8];
	int cell, X, H;
	bool file; /* a file's letter, else a cell number */
};

/* a letter a file and a number a row: at most two a cell */
#define HX_MAX_LABELS (2 * OB_MAX_CELLS)

/* Where the line of cells from `from` through `cell` would go on beyond
 * cell, in display coordinates. */
static void beyond(const struct view *view, int from, int cell, int *X,
		   int *H)
{
	int fx, fh, x, h;
	board_coords(view, from, &fx, &fh);
	board_coords(view, cell, &x, &h);
	*X = 2 * x - fx;
	*H = 2 * h - fh;
	hex_rotate(view, hex_turn(view), X, H);
}

/* The end of the line of cells numbered n at file x, which goes on
 * towards the file x + step: its place beyond, in (X, H).  A line of one
 * cell goes on into the cells off the board beside it in the files to
 * either side (on the middle file's top, those up and to each side). */
static void line_end(const struct view *view, int x, int n, int step, int *X,
		     int *H)
{
	int cell = numbered(view, x, n), inner = numbered(view, x - step, n);
	if (inner >= 0) {
		beyond(view, inner, cell, X, H);
		return;
	}
	int h, c[OB_MAX_DIMS];
	board_coords(view, cell, &c[0], &h);
	c[0] = x + step;
	c[1] = h + 1;
	bool off = c[0] < 0 || c[0] >= nfiles(view) || c[1] >= nheights(view) ||
		   ob_cell_at(view->variant, c) < 0;
	*X = c[0];
	*H = off ? h + 1 : h - 1;
	hex_rotate(view, hex_turn(view), X, H);
}

/* Every label of the board: the files' letters, then the numbers. */
static int hex_label_list(const struct view *view, struct hex_label *out)
{
	int n = 0, nf = nfiles(view);
	char file[8], number[8];
	for (int x = 0; x < nf; x++) {
		int first = numbered(view, x, 1), second = numbered(view, x, 2);
		if (first < 0 || second < 0)
			continue;
		struct hex_label *l = &out[n++];
		hex_name(view, first, l->text, number);
		l->cell = first;
		l->file = true;
		beyond(view, second, first, &l->X, &l->H);
	}
	int top = 0; /* the greatest number of a cell */
	for (int cell = 0; cell < ob_cell_count(view->variant); cell++) {
		hex_name(view, cell, file, number);
		top = atoi(number) > top ? atoi(number) : top;
	}
	for (int num = 1; num <= top && n < HX_MAX_LABELS; num++) {
		int lo = -1, hi = -1;
		for (int x = 0; x < nf; x++)
			if (numbered(view, x, num) >= 0) {
				lo = lo < 0 ? x : lo;
				hi = x;
			}
		if (lo < 0)
			continue;
		struct hex_label *l = &out[n++];
		int X2, H2;
		line_end(view, lo, num, -1, &l->X, &l->H);
		line_end(view, hi, num, 1, &X2, &H2);
		l->cell = numbered(view, lo, num);
		if (X2 < l->X || (X2 == l->X && H2 < l->H)) {
			l->X = X2;
			l->H = H2;
			l->cell = numbered(view, hi, num);
		}
		hex_name(view, l->cell, file, l->text);
		l->file = false;
	}
	return n;
}

/*
 * The board in text, as the page draws it: each cell five columns wide
 * and two lines high, its top edge on the line above,
 *
 *       ___        line L-1      the cell at display (X, H) has its
 *      /Cp1\       line L        contents on line L = nh - H, columns
 *      \___/       line L+1      4X+1 to 4X+3 (past the margin)
 *
 * so that the cells of neighbouring files interleave by a line and share
 * their slanted edges.  A cell holds a piece's code and army ("Cp1"), a
 * marker or heat digit between spaces (" * "), or the empty glyph
 * (" . ").  Outside the board the page's filler is spaces.  The margin
 * at the left holds the numbers of the cells at the left edge; the other
 * labels stand in the space around the board, where the page has filler.
 */
#define HX_EMPTY 1 /* the empty glyph, in the canvas */

struct text_canvas {
	char *c;
	int cols, rows, margin, top;
};

static void put(struct text_canvas *t, int line, int col, char ch)
{
	line += t->top;
	col += t->margin;
	if (line >= 0 && line < t->rows && col >= 0 && col < t->cols)
		t->c[line * t->cols + col] = ch;
}

/* Writes s with its last character at column end. */
static void put_right(struct text_canvas *t, int line, int end, const char *s)
{
	int n = (int)strlen(s);
	for (int i = 0; i < n; i++)
		put(t, line, end - n + 1 + i, s[i]);
}

/* Is the canvas blank at (line, col), as put() addresses it? */
static bool clear_at(const struct text_canvas *t, int line, int col)
{
	line += t->top;
	col += t->margin;
	return line < 0 || line >= t->rows || col < 0 || col >= t->cols ||
	       t->c[line * t->cols + col] == ' ';
}

/* A label in the place of its cell off the board (letters in its
 * middle, numbers to its right but clear of a slash there), or left of
 * the board in the margin on its cell's level. */
static void text_label(struct text_canvas *t, const struct view *view,
		       const struct hex_label *l)
{
	int nh = nheights(view), L = nh - l->H, c = 4 * l->X;
	if (l->X < 0) {
		int X, H;
		hex_display(view, l->cell, &X, &H);
		put_right(t, nh - H, -2, l->text);
	} else if (l->file)
		put_right(t, L, c + 2, l->text);
	else
		put_right(t, L, clear_at(t, L, c + 4) ? c + 3 : c + 2, l->text);
}

static bool blank(const struct text_canvas *t, int line)
{
	for (int c = 0; c < t->cols; c++)
		if (t->c[line * t->cols + c] != ' ')
			return false;
	return true;
}

/* The three characters inside a cell. */
static void hex_cell_text(const struct view *view, const struct scene *sc,
			  int cell, const struct text_glyphs *g, char *out)
{
	char buf[8];
	const char *s = text_cell(view, sc, cell, g, buf);
	if (s == g->empty) {
		out[0] = out[2] = ' ';
		out[1] = HX_EMPTY;
	} else if (strlen(s) >= 3)
		memcpy(out, s, 3);
	else {
		out[0] = ' ';
		out[1] = s[0];
		out[2] = ' ';
	}
}

static void hex_text(FILE *o, const struct view *view, const struct scene *sc,
		     const struct text_glyphs *g)
{
	int nf = nfiles(view), nh = nheights(view), margin = 0;
	struct hex_label labels[HX_MAX_LABELS];
	int nlabels = hex_label_list(view, labels);
	for (int i = 0; i < nlabels; i++)
		if (labels[i].X < 0 && (int)strlen(labels[i].text) + 1 > margin)
			margin = (int)strlen(labels[i].text) + 1;
	/* a line above and below, and a place at the right, for labels */
	struct text_canvas t = {NULL, margin + 4 * nf + 4, nh + 5, margin, 1};
	t.c = malloc((size_t)(t.cols * t.rows));
	if (!t.c) {
		util_warn("out of memory");
		exit(EXIT_USAGE);
	}
	memset(t.c, ' ', (size_t)(t.cols * t.rows));
	for (int X = 0; X < nf; X++)
		for (int H = 0; H < nh; H++) {
			int cell = hex_cell(view, X, H), L = nh - H, c = 4 * X;
			char in[3];
			if (cell < 0)
				continue;
			hex_cell_text(view, sc, cell, g, in);
			for (int i = 1; i <= 3; i++) {
				put(&t, L - 1, c + i, '_');
				put(&t, L, c + i, in[i - 1]);
				put(&t, L + 1, c + i, '_');
			}
			put(&t, L, c, '/');
			put(&t, L, c + 4, '\\');
			put(&t, L + 1, c, '\\');
			put(&t, L + 1, c + 4, '/');
		}
	for (int i = 0; i < nlabels; i++)
		text_label(&t, view, &labels[i]);
	/* the canvas without its blank lines above and below */
	int first = 0, last = t.rows - 1;
	while (first < last && blank(&t, first))
		first++;
	while (last > first && blank(&t, last))
		last--;
	for (int l = first; l <= last; l++) {
		const char *line = t.c + l * t.cols;
		int end = t.cols;
		while (end > 0 && line[end - 1] == ' ')
			end--;
		for (int c = 0; c < end; c++)
			switch (line[c]) {
			case HX_EMPTY:
				fputs(g->empty, o);
				break;
			case '/':
				fputs(g->rising, o);
				break;
			case '\\':
				fputs(g->falling, o);
				break;
			default:
				fputc(line[c], o);
			}
		fputc('\n', o);
	}
	free(t.c);
}

/*
 * In SVG each cell is a regular hexagon with a flat top, HX_R from its
 * centre to each corner and HX_K (half its height) to each edge; display
 * column X is 1.5 HX_R right of the last, and H one HX_K lower per step
 * down.  Cells that share an edge are drawn sharing it.
 */
#define HX_R 26.0
#define HX_K (HX_R * 0.8660254037844386)
#define HX_LEFT 28.0
#define HX_TOP 30.0
#define HX_PIECE 16.0

static struct pt hex_point(const struct view *view, double X, double H)
{
	struct pt p = {HX_LEFT + HX_R + 1.5 * HX_R * X,
		       HX_TOP + HX_K * (nheights(view) - H)};
	return p;
}

static void hex_frame(const struct view *view, struct frame *fr)
{
	fr->width = 2 * HX_LEFT + HX_R * (2 + 1.5 * (nfiles(view) - 1));
	fr->caption_y = HX_TOP + HX_K * (nheights(view) + 1) + 50;
	fr->piece = HX_PIECE;
	fr->rays = true;
	fr->back_to_front = false;
}

static struct pt hex_centre(const struct view *view, const struct frame *fr,
			    int cell)
{
	int X, H;
	(void)fr;
	hex_display(view, cell, &X, &H);
	return hex_point(view, X, H);
}

static int hex_outline(const struct view *view, const struct frame *fr,
		       int cell, double inset, struct pt *p)
{
	struct pt c = hex_centre(view, fr, cell);
	double r = HX_R * (1 - 2 * inset), k = HX_K * (1 - 2 * inset);
	p[0] = (struct pt){c.x - r / 2, c.y - k};
	p[1] = (struct pt){c.x + r / 2, c.y - k};
	p[2] = (struct pt){c.x + r, c.y};
	p[3] = (struct pt){c.x + r / 2, c.y + k};
	p[4] = (struct pt){c.x - r / 2, c.y + k};
	p[5] = (struct pt){c.x - r, c.y};
	return 6;
}

/* The three colours: with q the file's distance right of the middle file
 * and s = (h - q) / 2, the colour is (q - s) mod 3.  Neighbours across an
 * edge differ; a diagonal step keeps the colour. */
static int hex_tone(const struct view *view, int cell)
{
	int c[OB_MAX_DIMS];
	ob_cell_coords(view->variant, cell, c);
	int q = c[0] - (nfiles(view) - 1) / 2, s = (c[1] - q) / 2;
	return ((q - s) % 3 + 3) % 3;
}

static bool hex_light(const struct view *view, int cell)
{
	return hex_tone(view, cell) == 0;
}

static void hex_cell_class(const struct view *view, int cell, char *out,
			   size_t size)
{
	char file[8], number[8];
	hex_name(view, cell, file, number);
	snprintf(out, size, " file-%s number-%s colour-%d", file, number,
		 hex_tone(view, cell));
}

/* A label near the centre of its cell off the board, clear of the cells
 * beside it (a letter as far from its cell as a number from the line it
 * ends), or left of the board on its cell's level. */
static void svg_label(FILE *o, const struct view *view,
		      const struct hex_label *l)
{
	int X, H;
	hex_display(view, l->cell, &X, &H);
	struct pt c = hex_point(view, X, H), v = hex_point(view, l->X, l->H);
	double f = l->file ? (HX_K + 12.5) / (2 * HX_K) : 0.8;
	struct pt p = {c.x + f * (v.x - c.x), c.y + f * (v.y - c.y)};
	if (l->X < 0)
		p = (struct pt){c.x - HX_R - 4, c.y};
	svg_text(o, (struct pt){p.x, p.y + 4.5}, l->file ? 13 : 12,
		 l->X < 0 ? "end" : "middle",
		 l->file ? "file-label" : "number-label", "", l->text);
}

static void hex_labels(FILE *o, const struct view *view,
		       const struct frame *fr)
{
	struct hex_label labels[HX_MAX_LABELS];
	int n = hex_label_list(view, labels);
	(void)fr;
	fputs("<g class=\"coordinates\" fill=\"#333\">\n", o);
	for (int i = 0; i < n; i++)
		svg_label(o, view, &labels[i]);
	fputs("</g>\n", o);
}

/* A flat board of which the cells are those of a regular hexagon on the
 * doubled grid: an odd number of files, the middle one as long as there
 * are files, each file beside it half a cell shorter at each end. */
static bool hex_fits(const struct ob_board *b)
{
	if (b->ndims != 2 || !b->exists || b->extent[0] % 2 != 1 ||
	    b->extent[1] != 2 * b->extent[0] - 1)
		return false;
	int mid = b->extent[0] / 2, c[OB_MAX_DIMS] = {0};
	for (c[0] = 0; c[0] < b->extent[0]; c[0]++)
		for (c[1] = 0; c[1] < b->extent[1]; c[1]++) {
			int d = abs(c[0] - mid), h = c[1];
			bool cell = (h - d) % 2 == 0 && h >= d &&
				    h <= b->extent[1] - 1 - d;
			if (b->exists(c) != cell)
				return false;
		}
	return true;
}

const struct shape shape_hex = {
	.name = "hexagonal",
	.surface = "board",
	.positions = LAYOUT_FLAT,
	.pieces = LAYOUT_FLAT,
	.layouts = 1u << LAYOUT_FLAT,
	.fits = hex_fits,
	.text = hex_text,
	.frame = hex_frame,
	.outline = hex_outline,
	.centre = hex_centre,
	.labels = hex_labels,
	.light = hex_light,
	.tone = hex_tone,
	.cell_class = hex_cell_class,
};
