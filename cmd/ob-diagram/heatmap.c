#include "ob-diagram/heatmap.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "draw/heat.h"
#include "ob-diagram/diagram.h"
#include "util.h"

bool heat_line(struct heat_input *h, const char *file, long lineno,
	       const char *line, size_t len)
{
	size_t i = 0;
	int cell;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	int n = ob_cell_parse(opt.view.variant, line + i, &cell);
	if (n <= 0) {
		char example[8];
		ob_cell_name(opt.view.variant,
			     diagram_centre_cell(opt.view.variant), example);
		util_warn_at(file, lineno, (long)i + 1,
			     "expected a cell name, as in '%s 12'", example);
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
	bool too_large = false;
	if (i > start && i - start < sizeof number) {
		memcpy(number, line + start, i - start);
		number[i - start] = '\0';
		errno = 0;
		x = strtod(number, &end);
		/* past the doubles: strtod says so, and gives infinity */
		too_large = errno == ERANGE && fabs(x) > 1;
	}
	const char *why = i == start		? "missing value after the cell"
			  : !end || *end	? "the value is not a number"
			  : too_large ? heat_value_check(HEAT_VALUE_MAX * 2)
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
	scene_heat_map(&h->sc, ob_cell_count(opt.view.variant), opt.scale);
}
