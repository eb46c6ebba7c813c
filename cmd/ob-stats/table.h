/* Tables of an ob-stats report, rendered as text, JSON, TSV or HTML. */
#ifndef OB_STATS_TABLE_H
#define OB_STATS_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "util.h"

enum ctype { C_TEXT, C_NUM, C_BAR };

struct column {
	const char *id;
	enum ctype type;
};

#define MAX_COLS 10

struct table {
	const char *id;
	char title[96];
	bool single; /* one row: a JSON object rather than an array */
	int ncols;
	struct column cols[MAX_COLS];
	char **cells; /* nrows * ncols; NULL: no value */
	int nrows, cap;
};

/* An empty table: its id (for JSON and TSV), a title (for text). */
void table_init(struct table *t, const char *id, const char *title,
		bool single);
void table_col(struct table *t, const char *id, enum ctype type);
/* Starts a row; its cells are then set in order. */
void table_row(struct table *t);
/* Sets the next empty cell of the last row. */
void table_cell(struct table *t, const char *fmt, ...) UTIL_PRINTF(2, 3);
/* A cell with no value: "-" in text, null in JSON, empty in TSV. */
void table_none(struct table *t);
void table_free(struct table *t);
/* The cell of a row in the column of that id; NULL when it has no value
 * (or there is no such column). */
const char *table_at(const struct table *t, int row, const char *col);
/* The path of a cell in the JSON report, after prefix (a group's
 * "groups.N."): "games.valid", "results.0.games". */
void table_key(const struct table *t, int row, const char *col,
	       const char *prefix, char *out, size_t size);

/* The title, then the columns aligned under their names. */
void table_text(struct buf *b, const struct table *t);
/* "id": the row as an object when single, else an array of them. */
void table_json(struct buf *b, const struct table *t, const char *indent);
/* The column names, and the rows, tab-separated (bars left out), each
 * after a group column when group is not NULL. */
void table_tsv_header(struct buf *b, const struct table *t,
		      const char *group);
void table_tsv_rows(struct buf *b, const struct table *t, const char *group);
/* An HTML <table>: the column names, the rows (bars left out), every cell
 * with its JSON path (table_key) as data-key and its JSON value as
 * data-value ("null" for no value, shown as "-"). */
void table_html(FILE *o, const struct table *t, const char *prefix);

#endif
