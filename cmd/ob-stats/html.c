/*
 * The HTML page of an ob-stats report; see html.h.
 *
 * Every figure comes from the tables of report_section, the ones the
 * text, JSON and TSV reports are made of: a table is shown as it is,
 * with each cell's JSON path and value in data attributes, and a chart
 * draws the same cells (their text beside each bar).  The heat maps are
 * the counts of --cells drawn by draw/, as ob-diagram --heatmap draws
 * them.  Nothing in the page depends on the time or the machine.
 */
#include "html.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "draw/chart.h"
#include "draw/scene.h"
#include "draw/svg.h"
#include "options.h"
#include "report.h"
#include "table.h"
#include "util.h"

/* A chart's width: each fits a phone's screen, 400 px less the margins,
 * unscaled; a wider one (a long histogram, long openings) scrolls
 * sideways there rather than shrink its text. */
#define COLUMN 380.0

/* The widest figure, the heat map of the 5x5x5 lattice's five levels
 * (1232 px), fits the page's column at full size on a 1280-px screen;
 * below 700 px the page is one column. */
static const char style[] =
	"body { font-family: sans-serif; color: #000; background: #fff;\n"
	"  max-width: 1232px; margin: 1.5em auto; padding: 0 1em; }\n"
	"h1 { font-size: 1.6em; margin-bottom: 0.2em; }\n"
	"h1 .from { display: block; font-size: 0.6em; font-weight: normal;\n"
	"  margin-top: 0.3em; overflow-wrap: anywhere; }\n"
	"h2 { font-size: 1.35em; border-bottom: 2px solid #000;\n"
	"  margin-top: 1.6em; }\n"
	"h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }\n"
	"p { max-width: 50em; }\n"
	"nav ul { padding-left: 1.2em; columns: 3; }\n"
	".pair { display: grid;\n"
	"  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);\n"
	"  gap: 0 2em; }\n"
	".facets { display: flex; flex-wrap: wrap; gap: 0.4em 1.5em; }\n"
	".scroll { overflow-x: auto; }\n"
	"figure { margin: 0 0 0.8em; }\n"
	"figcaption { font-size: 0.9em; margin-top: 0.3em; }\n"
	"svg { display: block; }\n"
	"table { border-collapse: collapse; margin: 0.4em 0 1em;\n"
	"  font-size: 0.9em; }\n"
	"th, td { padding: 0.15em 0.6em; text-align: left;\n"
	"  border-bottom: 1px solid #bbb; white-space: nowrap; }\n"
	"thead th { border-bottom: 2px solid #000; }\n"
	".num { text-align: right; font-variant-numeric: tabular-nums; }\n"
	"table.openings td:first-child { font-family: monospace; }\n"
	"p.note { font-size: 0.9em; }\n"
	"@media (max-width: 700px) {\n"
	"  body { margin: 0.8em auto; padding: 0 0.5em; }\n"
	"  h1 { font-size: 1.35em; }\n"
	"  .pair { grid-template-columns: minmax(0, 1fr); }\n"
	"  nav ul { columns: 1; }\n"
	"}\n"
	"@media print {\n"
	"  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }\n"
	"  nav { display: none; }\n"
	"  .scroll { overflow: visible; }\n"
	"  svg { max-width: 100%; height: auto; }\n"
	"  section.group + section, section.cells { break-before: page; }\n"
	"  figure, table, .pair { break-inside: avoid; }\n"
	"  h2, h3 { break-after: avoid; }\n"
	"}\n";

/* A chart and the texts it points at. */
struct figure {
	struct chart c;
	char key[CHART_MAX_ROWS][CHART_MAX_PANELS][96];
	char row[CHART_MAX_ROWS][160];
	char mark[CHART_MAX_MARKS][48];
	char edge[24];
};

static struct figure fig;

static double number(const char *s)
{
	return s ? strtod(s, NULL) : 0;
}

/* Bar r of panel k shows column col of a table's row: its value, its
 * text, and (when it has a value) its JSON path. */
static void bar_of(int r, int k, const struct table *t, int row,
		   const char *col, const char *prefix)
{
	const char *s = table_at(t, row, col);
	struct chart_bar *b = &fig.c.bar[r][k];
	b->value = number(s);
	b->label = s ? s : "-";
	b->key = NULL;
	if (s) {
		table_key(t, row, col, prefix, fig.key[r][k],
			  sizeof fig.key[r][k]);
		b->key = fig.key[r][k];
	}
}

static void heading(FILE *o, const char *tag, const char *text)
{
	fprintf(o, "<%s>", tag);
	util_put_markup(o, text);
	fprintf(o, "</%s>\n", tag);
}

/* A table, or a chart, in a box that scrolls sideways when it is wider
 * than the page (a phone's), so that neither shrinks. */
static void scroll_open(FILE *o)
{
	fputs("<div class=\"scroll\">\n", o);
}

static void scroll_close(FILE *o)
{
	fputs("</div>\n", o);
}

static void table_block(FILE *o, const struct table *t, const char *prefix)
{
	scroll_open(o);
	table_html(o, t, prefix);
	scroll_close(o);
}

/* A column's name as a heading: "no move" for no_move. */
static const char *column_heading(const char *id)
{
	static char ring[CHART_MAX_PANELS][32];
	static int next;
	char *s = ring[next++ % CHART_MAX_PANELS];
	snprintf(s, sizeof ring[0], "%s", id);
	for (char *p = s; *p; p++)
		*p = *p == '_' ? ' ' : *p;
	return s;
}

/* How a chart names a table's rows: by the cells in the columns col[0]
 * and, in brackets, col[1] ("S (Sovereign)"), after a word when there
 * is one ("army 1"). */
struct naming {
	const char *col[2];
	const char *word;
};

/* Rows of bars, a panel for each of the columns cols of t (headed by
 * their names when heads), a row for each of its first rows rows; a
 * score (a percentage) on a scale to 100, any other count to its
 * greatest. */
static void rows_chart(FILE *o, const struct table *t, const char *title,
		       const struct naming *names, const char *const *cols,
		       int ncols, bool heads, int rows, const char *prefix)
{
	chart_init(&fig.c, title, CHART_ROWS, COLUMN);
	fig.c.nrows = rows < CHART_MAX_ROWS ? rows : CHART_MAX_ROWS;
	fig.c.npanels = ncols;
	for (int k = 0; k < ncols; k++)
		fig.c.full[k] = strcmp(cols[k], "score") == 0 ? 100 : 0;
	for (int r = 0; r < fig.c.nrows; r++) {
		const char *a = table_at(t, r, names->col[0]);
		const char *b = names->col[1] ? table_at(t, r, names->col[1])
					      : NULL;
		snprintf(fig.row[r], sizeof fig.row[r], "%s%s%s%s%s%s",
			 names->word ? names->word : "",
			 names->word ? " " : "", a ? a : "", b ? " (" : "",
			 b ? b : "", b ? ")" : "");
		fig.c.row[r] = fig.row[r];
		for (int k = 0; k < ncols; k++)
			bar_of(r, k, t, r, cols[k], prefix);
	}
	for (int k = 0; heads && k < ncols; k++)
		fig.c.panel[k] = column_heading(cols[k]);
	scroll_open(o);
	chart_svg(o, &fig.c);
	scroll_close(o);
}

/* Small multiples: a chart for each of the columns cols of t, each on
 * its own scale and headed by its column's name, side by side as the
 * page's width allows (one under the other on a phone). */
static void facets(FILE *o, const struct table *t, const struct naming *names,
		   const char *const *cols, int ncols, const char *prefix)
{
	fputs("<div class=\"facets\">\n", o);
	for (int k = 0; k < ncols; k++) {
		char title[160];
		snprintf(title, sizeof title, "%s: %s", t->title,
			 column_heading(cols[k]));
		rows_chart(o, t, title, names, &cols[k], 1, true, t->nrows,
			   prefix);
	}
	fputs("</div>\n", o);
}

/* A section as a chart of one column and its table, under its title. */
static void charted(FILE *o, const struct table *t, const struct naming *names,
		    const char *col, const char *prefix)
{
	fputs("<figure>\n", o);
	heading(o, "h3", t->title);
	rows_chart(o, t, t->title, names, &col, 1, false, t->nrows, prefix);
	table_block(o, t, prefix);
	fputs("</figure>\n", o);
}

/* A section of one row (the special moves) as a bar for each column,
 * named by it, and its table. */
static void charted_row(FILE *o, const struct table *t, const char *prefix)
{
	fputs("<figure>\n", o);
	heading(o, "h3", t->title);
	chart_init(&fig.c, t->title, CHART_ROWS, COLUMN);
	fig.c.nrows = t->ncols < CHART_MAX_ROWS ? t->ncols : CHART_MAX_ROWS;
	fig.c.npanels = 1;
	for (int r = 0; r < fig.c.nrows; r++) {
		snprintf(fig.row[r], sizeof fig.row[r], "%s",
			 column_heading(t->cols[r].id));
		fig.c.row[r] = fig.row[r];
		bar_of(r, 0, t, 0, t->cols[r].id, prefix);
	}
	scroll_open(o);
	chart_svg(o, &fig.c);
	scroll_close(o);
	table_block(o, t, prefix);
	fputs("</figure>\n", o);
}

/* The most frequent openings charted: their games and the first army's
 * score; the table has every opening --top shows. */
#define OPENINGS_CHARTED 20

static void openings(FILE *o, const struct table *t, const char *prefix)
{
	static const struct naming moves = {{"moves", NULL}, NULL};
	static const char *const cols[] = {"games", "score"};
	fputs("<figure>\n", o);
	heading(o, "h3", t->title);
	if (t->nrows) {
		const char *first = table_at(t, 0, "white_wins") ? "White's"
								 : "army 1's";
		rows_chart(o, t, t->title, &moves, cols, 2, true,
			   OPENINGS_CHARTED < t->nrows ? OPENINGS_CHARTED
						       : t->nrows,
			   prefix);
		fputs("<figcaption>", o);
		if (t->nrows > OPENINGS_CHARTED)
			fprintf(o, "The %d most frequent of the %d below. ",
				OPENINGS_CHARTED, t->nrows);
		fprintf(o, "Score: %s points in percent of the finished "
			   "games.</figcaption>\n", first);
	}
	table_block(o, t, prefix);
	fputs("</figure>\n", o);
}

/* The histogram's columns, its bins' edges below, the quartiles of the
 * length table marked. */
static void histogram(FILE *o, const struct table *h, const struct table *len,
		      const char *prefix)
{
	heading(o, "h3", h->title);
	if (!h->nrows) {
		fputs("<p class=\"note\">No valid game.</p>\n", o);
		return;
	}
	int bins = h->nrows < CHART_MAX_ROWS ? h->nrows : CHART_MAX_ROWS;
	chart_init(&fig.c, h->title, CHART_COLUMNS, COLUMN);
	fig.c.nrows = bins;
	fig.c.axis = "plies";
	fig.c.value_axis = "games";
	for (int r = 0; r < fig.c.nrows; r++) {
		fig.c.row[r] = table_at(h, r, "from");
		bar_of(r, 0, h, r, "games", prefix);
	}
	double from = number(table_at(h, 0, "from"));
	double width = number(table_at(h, 0, "to")) - from + 1;
	snprintf(fig.edge, sizeof fig.edge, "%.0f",
		 number(table_at(h, fig.c.nrows - 1, "to")) + 1);
	fig.c.edge = fig.edge;
	static const char *const cols[] = {"q1", "median", "q3"};
	static const char *const names[] = {"Q1", "median", "Q3"};
	for (int i = 0; i < 3; i++) {
		const char *s = table_at(len, 0, cols[i]);
		if (!s)
			continue;
		snprintf(fig.mark[i], sizeof fig.mark[i], "%s %s", names[i], s);
		/* a game of L plies stands in the middle of [L, L + 1) */
		fig.c.mark[fig.c.nmarks].at = (number(s) - from + 0.5) / width;
		fig.c.mark[fig.c.nmarks++].label = fig.mark[i];
	}
	scroll_open(o);
	chart_svg(o, &fig.c);
	scroll_close(o);
	fputs("<details><summary>The bins as a table</summary>\n", o);
	table_block(o, h, prefix);
	fputs("</details>\n", o);
}

/* The length of the games of each result: the quartiles as a box, the
 * shortest and the longest as its whiskers, the median marked and given
 * beside them. */
static void length_by_result(FILE *o, const struct table *t,
			     const char *prefix)
{
	static const char *const cols[5] = {"min", "q1", "median", "q3",
					    "max"};
	fputs("<figure>\n", o);
	heading(o, "h3", t->title);
	chart_init(&fig.c, t->title, CHART_RANGES, COLUMN);
	fig.c.nrows = t->nrows < CHART_MAX_ROWS ? t->nrows : CHART_MAX_ROWS;
	fig.c.npanels = 5;
	fig.c.axis = "plies";
	for (int r = 0; r < fig.c.nrows; r++) {
		const char *name = table_at(t, r, "result");
		snprintf(fig.row[r], sizeof fig.row[r], "%s", name ? name : "");
		fig.c.row[r] = fig.row[r];
		for (int k = 0; k < 5; k++)
			bar_of(r, k, t, r, cols[k], prefix);
	}
	scroll_open(o);
	chart_svg(o, &fig.c);
	scroll_close(o);
	fputs("<figcaption>The box spans the first to the third quartile, "
	      "the whiskers reach the shortest and the longest game, the "
	      "median is marked and given.</figcaption>\n",
	      o);
	table_block(o, t, prefix);
	fputs("</figure>\n", o);
}

static void group_section(FILE *o, const struct group *g, unsigned run,
			  const char *prefix)
{
	static struct table t[NSECTIONS];
	bool has[NSECTIONS];
	for (int s = 0; s < NSECTIONS; s++)
		has[s] = report_section((enum section)s, g, run, &t[s]);
	static const struct naming results = {{"result", "marker"}, NULL};
	static const struct naming ends = {{"termination", NULL}, NULL};
	static const struct naming armies = {{"army", NULL}, "army"};
	static const struct naming pieces = {{"piece", "name"}, NULL};
	static const struct naming phases = {{"phase", NULL}, NULL};
	static const struct naming levels = {{"level", NULL}, NULL};
	static const struct naming figures = {{"figure", NULL}, NULL};
	static const char *const rate_cols[] = {"per_game", "per_100_plies"};
	static const char *const army_cols[] = {"wins", "draws", "points",
						"eliminations", "eliminated",
						"no_move"};
	static const char *const piece_cols[] = {"moves", "captures",
						 "captured", "checks",
						 "mates", "promotions"};

	fputs("<div class=\"pair\">\n<div>\n", o);
	heading(o, "h3", t[SEC_GAMES].title);
	table_block(o, &t[SEC_GAMES], prefix);
	fputs("</div>\n<div>\n", o);
	heading(o, "h3", t[SEC_LENGTH].title);
	table_block(o, &t[SEC_LENGTH], prefix);
	fputs("</div>\n</div>\n<div class=\"pair\">\n", o);
	charted(o, &t[SEC_RESULTS], &results, "games", prefix);
	charted(o, &t[SEC_TERMINATIONS], &ends, "games", prefix);
	fputs("</div>\n", o);
	if (has[SEC_ARMIES]) {
		fputs("<figure>\n", o);
		heading(o, "h3", t[SEC_ARMIES].title);
		facets(o, &t[SEC_ARMIES], &armies, army_cols, 6, prefix);
		table_block(o, &t[SEC_ARMIES], prefix);
		fputs("</figure>\n", o);
	}
	fputs("<figure>\n", o);
	histogram(o, &t[SEC_HISTOGRAM], &t[SEC_LENGTH], prefix);
	fputs("</figure>\n", o);
	length_by_result(o, &t[SEC_LENGTH_BY_RESULT], prefix);
	fputs("<figure>\n", o);
	heading(o, "h3", t[SEC_PIECES].title);
	if (t[SEC_PIECES].nrows)
		facets(o, &t[SEC_PIECES], &pieces, piece_cols, 6, prefix);
	fputs("<figcaption>Each figure on its own scale.</figcaption>\n", o);
	table_block(o, &t[SEC_PIECES], prefix);
	fputs("</figure>\n", o);
	fputs("<figure>\n", o);
	heading(o, "h3", t[SEC_RATES].title);
	rows_chart(o, &t[SEC_RATES], t[SEC_RATES].title, &figures, rate_cols,
		   2, true, t[SEC_RATES].nrows, prefix);
	table_block(o, &t[SEC_RATES], prefix);
	fputs("</figure>\n", o);
	if (has[SEC_SPECIAL])
		charted_row(o, &t[SEC_SPECIAL], prefix);
	fputs("<div class=\"pair\">\n", o);
	charted(o, &t[SEC_BRANCHING], &phases, "mean", prefix);
	if (has[SEC_LEVELS])
		charted(o, &t[SEC_LEVELS], &levels, "moves", prefix);
	fputs("</div>\n", o);
	if (has[SEC_OPENINGS])
		openings(o, &t[SEC_OPENINGS], prefix);
	for (int s = 0; s < NSECTIONS; s++)
		if (has[s])
			table_free(&t[s]);
}

/* The names of the variants played on the board of known.list[v], v
 * the first of them. */
static void variant_names(FILE *o, unsigned played, int v)
{
	for (int u = v, k = 0; u < known.count; u++)
		if (played >> u & 1 &&
		    known.list[u]->board == known.list[v]->board)
			fprintf(o, "%s%s", k++ ? ", " : "",
				known.list[u]->tag_name);
}

/* One heat map per board played: the moves ending on each cell, all
 * groups together, as ob-diagram --heatmap draws --cells's counts; a
 * sentence instead for a board that draw/ has no shape for. */
static void heat_maps(FILE *o, const struct stats *st)
{
	unsigned played = stats_variants(st);
	if (!played)
		return;
	fputs("<section class=\"cells\">\n<h2>Where the moves end</h2>\n"
	      "<p class=\"note\">Moves ending on each cell, of all the valid "
	      "games together: the counts of <code>--cells</code>, drawn as "
	      "<code>ob-diagram --heatmap</code> draws them.</p>\n",
	      o);
	static struct scene sc;
	for (int v = 0; v < known.count; v++) {
		const struct ob_variant *var = known.list[v];
		bool first = played >> v & 1;
		for (int u = 0; u < v && first; u++)
			first = !(played >> u & 1 &&
				  known.list[u]->board == var->board);
		struct view view = {var, shape_for(var->board), false, false};
		if (!first)
			continue;
		if (!view.shape) {
			fputs("<p class=\"note heat-map-missing\">No heat map of "
			      "the games of ",
			      o);
			variant_names(o, played, v);
			fputs(": this page cannot draw their board, the ", o);
			util_put_markup(o, var->board->name);
			fputs("; <code>--cells</code> writes its counts.</p>\n",
			      o);
			continue;
		}
		uint64_t cells[OB_MAX_CELLS];
		int n = ob_cell_count(var);
		stats_cells(st, var, cells);
		scene_init(&sc, view.shape->positions);
		for (int c = 0; c < n; c++) {
			sc.has_value[c] = true;
			sc.value[c] = (double)cells[c];
		}
		scene_heat_map(&sc, n, HEAT_LINEAR);
		fputs("<figure class=\"heat-map\">\n", o);
		scroll_open(o);
		svg_element(o, &view, &sc);
		scroll_close(o);
		fputs("<figcaption>Moves ending on each cell: games of ", o);
		variant_names(o, played, v);
		fputs("</figcaption>\n</figure>\n", o);
	}
	fputs("</section>\n", o);
}

/* ---- what the page shows: its title and heading ---- */

/* Lists n words as "a", "a and b" or "a, b and c". */
static void list_join(struct buf *b, const char *const *words, int n)
{
	for (int i = 0; i < n; i++) {
		buf_puts(b, i == 0 ? "" : i == n - 1 ? " and " : ", ");
		buf_puts(b, words[i]);
	}
}

/* The variants played, board by board: "Oblique and Raumschach on the
 * 5x5x5 lattice; Diagonal Oblong on the diagonal oblong board". */
static void boards_played(struct buf *b, unsigned played)
{
	bool first_board = true;
	for (int v = 0; v < known.count; v++) {
		const struct ob_board *board = known.list[v]->board;
		bool first = played >> v & 1;
		for (int u = 0; u < v && first; u++)
			first = !(played >> u & 1 &&
				  known.list[u]->board == board);
		if (!first)
			continue;
		const char *names[MAX_VARIANTS];
		int n = 0;
		for (int u = v; u < known.count; u++)
			if (played >> u & 1 && known.list[u]->board == board)
				names[n++] = known.list[u]->tag_name;
		buf_puts(b, first_board ? "" : "; ");
		list_join(b, names, n);
		buf_printf(b, " on the %s", board->name);
		first_board = false;
	}
}

/* A count of games added up over the groups; "more than 2^64 - 1" when
 * the sum of merged counts passes it. */
static void games_counted(struct buf *b, struct strmap_entry **groups,
			  size_t ngroups)
{
	uint64_t games = 0, invalid = 0;
	bool over = false;
	for (size_t i = 0; i < ngroups; i++) {
		const struct group *g = groups[i]->value;
		over |= g->games > UINT64_MAX - games ||
			g->invalid > UINT64_MAX - invalid;
		games += over ? 0 : g->games;
		invalid += over ? 0 : g->invalid;
	}
	if (over) {
		buf_printf(b, "More than %llu games", (unsigned long long)UINT64_MAX);
		return;
	}
	buf_printf(b, "%llu game%s", (unsigned long long)games,
		   games == 1 ? "" : "s");
	if (invalid)
		buf_printf(b, " (%llu invalid)", (unsigned long long)invalid);
}

/* The heading names up to six files, or five and "N more files", all
 * of which are listed below it. */
#define NAMED_INPUTS 6

static const char *input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* Where the figures come from: "from games.ogn", "merged from the
 * partial states a.json and b.json", "from a.ogn, b.ogn, c.ogn, d.ogn,
 * e.ogn and 12 more files" (when they are more than NAMED_INPUTS). */
static void inputs_read(struct buf *b)
{
	int n = opt.ninputs;
	const char *names[NAMED_INPUTS + 1];
	char more[48];
	bool all = n <= NAMED_INPUTS;
	int shown = all ? n : NAMED_INPUTS - 1;
	for (int i = 0; i < shown; i++)
		names[i] = input_name(opt.inputs[i]);
	if (!n)
		names[shown++] = "standard input";
	if (!all) {
		snprintf(more, sizeof more, "%d more files", n - shown);
		names[shown++] = more;
	}
	if (opt.merge)
		buf_printf(b, "merged from the partial state%s ",
			   n > 1 ? "s" : "");
	else
		buf_puts(b, "from ");
	list_join(b, names, shown);
}

/* The title, and the heading: the games, the boards they are played on
 * and the files they were read from, all of them listed below when the
 * heading does not name each. */
static void page_heading(FILE *o, struct strmap_entry **groups,
			 size_t ngroups, const struct stats *st,
			 bool heading)
{
	unsigned played = stats_variants(st);
	struct buf what = {0}, from = {0};
	games_counted(&what, groups, ngroups);
	buf_puts(&what, " of ");
	boards_played(&what, played ? played
				    : 1u << variant_index(opt.variant));
	inputs_read(&from);
	if (!heading) {
		fputs("<title>", o);
		util_put_markup(o, what.p);
		fputs(", ", o);
		util_put_markup(o, from.p);
		fputs("</title>\n", o);
	} else {
		fputs("<h1>", o);
		util_put_markup(o, what.p);
		fputs("<span class=\"from\">", o);
		util_put_markup(o, from.p);
		fputs("</span></h1>\n", o);
	}
	free(what.p);
	free(from.p);
	if (heading && opt.ninputs > NAMED_INPUTS) {
		fprintf(o, "<details class=\"inputs\"><summary>The %d files"
			   "</summary>\n<ul>\n", opt.ninputs);
		for (int i = 0; i < opt.ninputs; i++) {
			fputs("<li>", o);
			util_put_markup(o, input_name(opt.inputs[i]));
			fputs("</li>\n", o);
		}
		fputs("</ul>\n</details>\n", o);
	}
}

void html_write(FILE *o, struct strmap_entry **groups, size_t ngroups,
		const struct stats *st)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\"/>\n"
	      "<meta name=\"viewport\" "
	      "content=\"width=device-width, initial-scale=1\"/>\n"
	      "<meta name=\"generator\" content=\"ob-stats " OB_VERSION "\"/>\n",
	      o);
	page_heading(o, groups, ngroups, st, false);
	fputs("<style>\n", o);
	fputs(style, o);
	fputs("</style>\n</head>\n<body>\n", o);
	page_heading(o, groups, ngroups, st, true);
	if (opt.by) {
		fputs("<p>One section per value of the tag "
		      "<code data-key=\"by\" data-value=\"",
		      o);
		util_put_markup(o, opt.by);
		fputs("\">", o);
		util_put_markup(o, opt.by);
		fputs("</code>, in byte order of the values.</p>\n<nav><ul>\n",
		      o);
		for (size_t i = 0; i < ngroups; i++) {
			fprintf(o, "<li><a href=\"#group-%zu\">", i + 1);
			util_put_markup(o, groups[i]->key);
			fputs("</a></li>\n", o);
		}
		fputs("</ul></nav>\n", o);
	}
	for (size_t i = 0; i < ngroups; i++) {
		char prefix[32] = "";
		fputs("<section class=\"group\"", o);
		if (opt.by) {
			snprintf(prefix, sizeof prefix, "groups.%zu.", i);
			fprintf(o, " id=\"group-%zu\">\n<h2>", i + 1);
			util_put_markup(o, opt.by);
			fprintf(o, " <q data-key=\"%svalue\" data-value=\"",
				prefix);
			util_put_markup(o, groups[i]->key);
			fputs("\">", o);
			util_put_markup(o, groups[i]->key);
			fputs("</q></h2>", o);
		} else {
			fputs(">", o);
		}
		fputs("\n", o);
		group_section(o, groups[i]->value, stats_variants(st), prefix);
		fputs("</section>\n", o);
	}
	heat_maps(o, st);
	fputs("</body>\n</html>\n", o);
}
