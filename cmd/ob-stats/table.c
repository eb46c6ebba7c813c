/* Tables of a report and their renderings; see table.h. */
#include "table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

/* ---- the model ---- */

void table_init(struct table *t, const char *id, const char *title,
		       bool single)
{
	memset(t, 0, sizeof *t);
	t->id = id;
	snprintf(t->title, sizeof t->title, "%s", title);
	t->single = single;
}

void table_col(struct table *t, const char *id, enum ctype type)
{
	t->cols[t->ncols].id = id;
	t->cols[t->ncols].type = type;
	t->ncols++;
}

void table_row(struct table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 8;
		char **cells = realloc(t->cells, (size_t)t->cap *
							 (size_t)t->ncols *
							 sizeof *cells);
		if (!cells)
			util_out_of_memory();
		t->cells = cells;
	}
	for (int i = 0; i < t->ncols; i++)
		t->cells[t->nrows * t->ncols + i] = NULL;
	t->nrows++;
}

void table_cell(struct table *t, const char *fmt, ...)
{
	char **row = &t->cells[(t->nrows - 1) * t->ncols];
	int i = 0;
	while (i < t->ncols - 1 && row[i])
		i++;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = malloc((size_t)(n > 0 ? n : 0) + 1);
	if (!s)
		util_out_of_memory();
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
	va_end(ap);
	row[i] = s;
}

void table_none(struct table *t)
{
	char **row = &t->cells[(t->nrows - 1) * t->ncols];
	int i = 0;
	while (i < t->ncols - 1 && row[i])
		i++;
	row[i] = util_xstrdup("\x01");
}

static bool is_none(const char *s)
{
	return !s || strcmp(s, "\x01") == 0;
}

void table_free(struct table *t)
{
	for (int i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
}

const char *table_at(const struct table *t, int row, const char *col)
{
	for (int c = 0; c < t->ncols; c++)
		if (strcmp(t->cols[c].id, col) == 0) {
			const char *s = t->cells[row * t->ncols + c];
			return is_none(s) ? NULL : s;
		}
	return NULL;
}

void table_key(const struct table *t, int row, const char *col,
	       const char *prefix, char *out, size_t size)
{
	if (t->single)
		snprintf(out, size, "%s%s.%s", prefix, t->id, col);
	else
		snprintf(out, size, "%s%s.%d.%s", prefix, t->id, row, col);
}

/* ---- rendering ---- */

static size_t text_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static const char *cell_text(const char *s)
{
	return is_none(s) ? "-" : s;
}

void table_text(struct buf *b, const struct table *t)
{
	size_t width[MAX_COLS];
	for (int c = 0; c < t->ncols; c++) {
		width[c] = t->cols[c].type == C_BAR ? 0 : strlen(t->cols[c].id);
		for (int r = 0; r < t->nrows; r++) {
			size_t w = text_width(cell_text(t->cells[r * t->ncols + c]));
			width[c] = w > width[c] ? w : width[c];
		}
	}
	buf_printf(b, "%s\n", t->title);
	for (int r = -1; r < t->nrows; r++) {
		size_t start = b->len;
		buf_puts(b, " ");
		for (int c = 0; c < t->ncols; c++) {
			const char *s;
			char head[32];
			if (r < 0) {
				snprintf(head, sizeof head, "%s",
					 t->cols[c].type == C_BAR ? ""
								  : t->cols[c].id);
				for (char *p = head; *p; p++)
					*p = *p == '_' ? ' ' : *p;
				s = head;
			} else {
				s = cell_text(t->cells[r * t->ncols + c]);
			}
			size_t pad = width[c] - text_width(s);
			buf_puts(b, " ");
			if (t->cols[c].type == C_NUM)
				for (size_t i = 0; i < pad; i++)
					buf_puts(b, " ");
			buf_puts(b, s);
			if (t->cols[c].type != C_NUM)
				for (size_t i = 0; i < pad; i++)
					buf_puts(b, " ");
			if (c < t->ncols - 1)
				buf_puts(b, " ");
		}
		while (b->len > start && b->p[b->len - 1] == ' ')
			b->len--;
		buf_puts(b, "\n");
	}
}

static void json_row(struct buf *b, const struct table *t, int r)
{
	buf_puts(b, "{");
	bool first = true;
	for (int c = 0; c < t->ncols; c++) {
		if (t->cols[c].type == C_BAR)
			continue;
		const char *s = t->cells[r * t->ncols + c];
		buf_printf(b, "%s\"%s\":", first ? "" : ",", t->cols[c].id);
		first = false;
		if (is_none(s))
			buf_puts(b, "null");
		else if (t->cols[c].type == C_NUM)
			buf_puts(b, s);
		else
			json_text(b, s);
	}
	buf_puts(b, "}");
}

void table_json(struct buf *b, const struct table *t, const char *indent)
{
	buf_printf(b, "%s\"%s\":", indent, t->id);
	if (t->single) {
		json_row(b, t, 0);
		return;
	}
	buf_puts(b, "[");
	for (int r = 0; r < t->nrows; r++) {
		buf_printf(b, "%s\n%s  ", r ? "," : "", indent);
		json_row(b, t, r);
	}
	buf_puts(b, "]");
}

/* A field: tabs and line ends as spaces, each ill-formed UTF-8 part as
 * U+FFFD. */
static void tsv_field(struct buf *b, const char *s)
{
	if (is_none(s))
		return;
	while (*s) {
		if (*s == '\t' || *s == '\n' || *s == '\r') {
			buf_puts(b, " ");
			s++;
		} else {
			s += buf_add_char(b, s);
		}
	}
}

void table_tsv_rows(struct buf *b, const struct table *t,
		    const char *group)
{
	for (int r = 0; r < t->nrows; r++) {
		bool first = true;
		if (group) {
			tsv_field(b, group);
			first = false;
		}
		for (int c = 0; c < t->ncols; c++) {
			if (t->cols[c].type == C_BAR)
				continue;
			if (!first)
				buf_puts(b, "\t");
			first = false;
			tsv_field(b, t->cells[r * t->ncols + c]);
		}
		buf_puts(b, "\n");
	}
}

void table_tsv_header(struct buf *b, const struct table *t,
		      const char *group)
{
	bool first = true;
	if (group) {
		tsv_field(b, group);
		first = false;
	}
	for (int c = 0; c < t->ncols; c++)
		if (t->cols[c].type != C_BAR) {
			buf_printf(b, "%s%s", first ? "" : "\t", t->cols[c].id);
			first = false;
		}
	buf_puts(b, "\n");
}

/* A column's name as a heading: "white wins" for white_wins. */
static void column_name(const struct column *c, char *out, size_t size)
{
	snprintf(out, size, "%s", c->id);
	for (char *p = out; *p; p++)
		*p = *p == '_' ? ' ' : *p;
}

void table_html(FILE *o, const struct table *t, const char *prefix)
{
	char name[32], key[160];
	fprintf(o, "<table class=\"figures %s\">\n<thead><tr>", t->id);
	for (int c = 0; c < t->ncols; c++) {
		if (t->cols[c].type == C_BAR)
			continue;
		column_name(&t->cols[c], name, sizeof name);
		fprintf(o, "<th scope=\"col\"%s>%s</th>",
			t->cols[c].type == C_NUM ? " class=\"num\"" : "", name);
	}
	fputs("</tr></thead>\n<tbody>\n", o);
	for (int r = 0; r < t->nrows; r++) {
		fputs("<tr>", o);
		for (int c = 0; c < t->ncols; c++) {
			if (t->cols[c].type == C_BAR)
				continue;
			const char *s = t->cells[r * t->ncols + c];
			table_key(t, r, t->cols[c].id, prefix, key, sizeof key);
			bool num = t->cols[c].type == C_NUM;
			fprintf(o, "<td%s data-key=\"%s\" data-value=\"",
				num ? " class=\"num\"" : "", key);
			util_put_markup(o, is_none(s) ? "null" : s);
			fputs("\">", o);
			util_put_markup(o, cell_text(s));
			fputs("</td>", o);
		}
		fputs("</tr>\n", o);
	}
	fputs("</tbody>\n</table>\n", o);
}
