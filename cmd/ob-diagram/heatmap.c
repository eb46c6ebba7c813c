#include "ob-diagram/heatmap.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/heat.h"
#include "ob-diagram/diagram.h"
#include "util.h"

/* The variants, by their index in ob_variants(), of the boards other
 * than the one drawn on which word (n bytes) is a cell: one bit a board,
 * the first variant's. */
static unsigned long boards_reading(const char *word, size_t n)
{
	const struct ob_variant *const *all = ob_variants();
	unsigned long boards = 0, seen = 0;
	char text[16];
	if (n == 0 || n >= sizeof text)
		return 0;
	memcpy(text, word, n);
	text[n] = '\0';
	for (int i = 0; all[i] && i < (int)(8 * sizeof boards); i++) {
		const struct ob_board *b = all[i]->board;
		bool again = b == opt.view.variant->board;
		for (int j = 0; j < i && !again; j++)
			again = (seen >> j & 1) && all[j]->board == b;
		int cell;
		if (!again && ob_cell_parse(all[i], text, &cell) == (int)n)
			boards |= 1ul << i;
		if (!again)
			seen |= 1ul << i;
	}
	return boards;
}

/* "plattraum's board: give -V plattraum or a '#variant plattraum' line",
 * or with several boards, their names and the same advice. */
static void boards_hint(unsigned long boards, char *out, size_t size)
{
	const struct ob_variant *const *all = ob_variants();
	const struct ob_variant *first = NULL;
	int count = 0;
	for (int i = 0; all[i]; i++)
		if (boards >> i & 1)
			count++;
	size_t n = 0;
	for (int i = 0, left = count; all[i] && left > 0 && n < size; i++)
		if (boards >> i & 1) {
			if (!first)
				first = all[i];
			left--;
			n += (size_t)snprintf(out + n, size - n, "%s's%s",
					      all[i]->name,
					      left > 1    ? ", "
					      : left == 1 ? " or "
							  : "");
		}
	if (n >= size)
		return;
	if (count == 1)
		snprintf(out + n, size - n,
			 " board: give -V %s or a '#variant %s' line",
			 first->name, first->name);
	else
		snprintf(out + n, size - n,
			 " board: give -V or a '#variant' line naming one");
}

/* A line whose first word is no cell of the board drawn: reported, with
 * a hint when it is a cell of another board; once one such line has
 * been, the next ones of the section are only counted. */
static void no_cell(struct heat_input *h, const char *file, long lineno,
		    const char *word, long column)
{
	const struct ob_variant *v = opt.view.variant;
	size_t n = strcspn(word, " \t");
	unsigned long boards = boards_reading(word, n);
	if (boards && h->foreign > 0) {
		h->foreign++;
		h->boards &= boards;
		h->last_file = file;
		h->last_line = lineno;
		return;
	}
	char example[8], hint[300] = "";
	ob_cell_name(v, diagram_centre_cell(v), example);
	if (boards) {
		h->foreign = 1;
		h->boards = boards;
		boards_hint(boards, hint, sizeof hint);
	}
	util_warn_at(file, lineno, column,
		     "expected a cell name, as in '%s 12'%s%.*s%s%s%s", example,
		     boards ? " ('" : "", boards ? (int)n : 0, word,
		     boards ? "' is a cell of " : "", hint, boards ? ")" : "");
}

void heat_section_end(struct heat_input *h)
{
	long more = h->foreign - 1;
	if (more > 0) {
		char hint[300] = "";
		if (h->boards)
			boards_hint(h->boards, hint, sizeof hint);
		util_warn_at(h->last_file, h->last_line, 1,
			     "%ld more line%s up to here start%s with a cell "
			     "of another board than %s's, not shown%s%s",
			     more, more == 1 ? "" : "s", more == 1 ? "s" : "",
			     opt.view.variant->name,
			     !h->boards  ? ""
			     : more == 1 ? "; it is a cell of "
					 : "; they are cells of ",
			     hint);
	}
	h->foreign = 0;
	h->boards = 0;
}

bool heat_line(struct heat_input *h, const char *file, long lineno,
	       const char *line, size_t len)
{
	size_t i = 0;
	int cell;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	int n = ob_cell_parse(opt.view.variant, line + i, &cell);
	if (n <= 0) {
		no_cell(h, file, lineno, line + i, (long)i + 1);
		return false;
	}
	i += (size_t)n;
	if (i == len || (line[i] != ' ' && line[i] != '\t')) {
		util_warn_at(file, lineno, (long)i + 1,
			     i == len ? "missing value after the cell"
				      : "expected a space after the cell");
		return false;
	}
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	size_t start = i;
	char number[64];
	while (i < len && line[i] != ' ' && line[i] != '\t')
		i++;
	char *end = NULL;
	double x = 0;
	bool too_large = false, too_small = false;
	if (i > start && i - start < sizeof number) {
		memcpy(number, line + start, i - start);
		number[i - start] = '\0';
		errno = 0;
		x = strtod(number, &end);
		/* past the doubles, or below them: strtod says so, and
		 * gives infinity or (next to) 0 */
		too_large = errno == ERANGE && fabs(x) > 1;
		too_small = errno == ERANGE && fabs(x) <= 1;
	}
	const char *why = i == start		? "missing value after the cell"
			  : !end || *end	? "the value is not a number"
			  : too_large ? heat_value_check(HEAT_VALUE_MAX * 2)
			  : too_small ? heat_value_check(HEAT_VALUE_MIN / 2)
				      : heat_value_check(x);
	if (why) {
		util_warn_at(file, lineno, (long)start + 1, "%s", why);
		return false;
	}
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i < len) {
		util_warn_at(file, lineno, (long)i + 1,
			     "unexpected text after the value");
		return false;
	}
	if (h->sc.has_value[cell]) {
		char name[8];
		ob_cell_name(opt.view.variant, cell, name);
		util_warn_at(file, lineno, 1,
			     "%s already has a value (line %ld)", name,
			     h->line_of[cell]);
		return false;
	}
	h->sc.has_value[cell] = true;
	h->sc.value[cell] = x;
	h->line_of[cell] = lineno;
	return true;
}

bool heat_empty(const struct heat_input *h)
{
	for (int c = 0; c < OB_MAX_CELLS; c++)
		if (h->sc.has_value[c])
			return false;
	return true;
}

void heat_finish(struct heat_input *h)
{
	heat_section_end(h);
	scene_heat_map(&h->sc, ob_cell_count(opt.view.variant), opt.scale);
}
