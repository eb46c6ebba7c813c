/* Perft suites' expectations, read and checked; see suite.h. */
#include "suite.h"

#include <stdio.h>

#include "options.h"
#include "output.h"
#include "json.h"
#include "util.h"

static size_t skip_blanks(const char *s, size_t i, size_t len)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* Reads the digits at s[*i], at most max; false if there are none or the
 * number is too large. */
static bool read_number(const char *s, size_t *i, size_t len, uint64_t max,
			uint64_t *out)
{
	size_t start = *i;
	uint64_t x = 0;
	while (*i < len && s[*i] >= '0' && s[*i] <= '9') {
		unsigned digit = (unsigned)(s[*i] - '0');
		if (x > (max - digit) / 10)
			return false;
		x = x * 10 + digit;
		(*i)++;
	}
	*out = x;
	return *i > start;
}

/* Reads ' <count>' at line[*i]: at least one blank, then a number in
 * [min, UINT64_MAX] ending at a blank, a ';' or the end; what comes after
 * ';<tag>' is named in the diagnostic.  False (warned) on a fault. */
static bool read_count(const char *file, long lineno, const char *line,
		       size_t *i, size_t len, uint64_t min, const char *tag,
		       const char *what, uint64_t *out)
{
	size_t gap = *i;
	*i = skip_blanks(line, *i, len);
	size_t digits = *i;
	if (*i == gap || !read_number(line, i, len, UINT64_MAX, out) ||
	    *out < min) {
		/* The column of the number, or of where it should be. */
		if (min > 0)
			util_warn_at(file, lineno, (long)digits + 1,
				     "expected a space and a %s from %llu to "
				     "%llu after ';%s'",
				     what, (unsigned long long)min,
				     (unsigned long long)UINT64_MAX, tag);
		else
			util_warn_at(file, lineno, (long)digits + 1,
				     "expected a space and a %s after ';%s'",
				     what, tag);
		return false;
	}
	if (*i < len && line[*i] != ' ' && line[*i] != '\t' &&
	    line[*i] != ';') {
		util_warn_at(file, lineno, (long)*i + 1,
			     "unexpected '%c' after the %s", line[*i], what);
		return false;
	}
	return true;
}

int parse_suffix(const char *file, long lineno, const char *line, size_t at,
		 size_t len, struct expectation *e, uint64_t *paths)
{
	int n = 0;
	size_t i = skip_blanks(line, at, len);
	*paths = 0;
	while (i < len) {
		size_t semi = i;
		uint64_t depth, count;
		if (line[i] != ';') {
			util_warn_at(file, lineno, (long)i + 1,
				     "expected ';D<depth> <count>' or "
				     "';M <paths>' after the position");
			return -1;
		}
		i = skip_blanks(line, i + 1, len);
		if (i < len && line[i] == 'M') {
			if (*paths) {
				util_warn_at(file, lineno, (long)semi + 1,
					     "a second ';M'");
				return -1;
			}
			i++;
			if (!read_count(file, lineno, line, &i, len, 1, "M",
					"path count", paths))
				return -1;
			i = skip_blanks(line, i, len);
			continue;
		}
		if (i == len || line[i] != 'D') {
			util_warn_at(file, lineno, (long)i + 1,
				     "expected 'D' and a depth, or 'M', after "
				     "';'");
			return -1;
		}
		i++;
		size_t at_depth = i;
		if (!read_number(line, &i, len, OB_PERFT_MAX_DEPTH, &depth)) {
			util_warn_at(file, lineno, (long)at_depth + 1,
				     "expected a depth from 0 to %d after 'D'",
				     OB_PERFT_MAX_DEPTH);
			return -1;
		}
		char tag[16];
		snprintf(tag, sizeof tag, "D%d", (int)depth);
		if (!read_count(file, lineno, line, &i, len, 0, tag,
				"node count", &count))
			return -1;
		if (n == MAX_EXPECT) {
			util_warn_at(file, lineno, (long)semi + 1,
				     "more than %d expectations", MAX_EXPECT);
			return -1;
		}
		e[n].depth = (int)depth;
		e[n].count = count;
		e[n].column = (long)semi + 1;
		n++;
		i = skip_blanks(line, i, len);
	}
	return n;
}

bool check_suite(const char *file, long lineno, const struct ob_position *pos,
		 const struct expectation *e, int n)
{
	uint64_t got[MAX_EXPECT];
	int checked = 0;
	bool ok = true;
	for (int k = 0; k < n && ok; k++) {
		if (opt.max_depth >= 0 && e[k].depth > opt.max_depth)
			continue;
		got[k] = ob_perft_count(pos, e[k].depth, &opt.perft);
		progress_clear();
		nodes_total += got[k];
		ok = got[k] == e[k].count;
		checked = k + 1;
		if (!ok)
			util_warn_at(file, lineno, e[k].column,
				     "D%d: expected %llu, got %llu",
				     e[k].depth,
				     (unsigned long long)e[k].count,
				     (unsigned long long)got[k]);
	}
	if (opt.json) {
		json_start(pos, -1);
		fputs(",\"file\":", stdout);
		json_write_text(stdout, file);
		printf(",\"line\":%ld,\"ok\":%s,\"checks\":[", lineno,
		       ok ? "true" : "false");
		bool first = true;
		for (int k = 0; k < checked; k++) {
			if (opt.max_depth >= 0 && e[k].depth > opt.max_depth)
				continue;
			printf("%s{\"depth\":%d,\"expected\":%llu,"
			       "\"nodes\":%llu}",
			       first ? "" : ",", e[k].depth,
			       (unsigned long long)e[k].count,
			       (unsigned long long)got[k]);
			first = false;
		}
		puts("]}");
		return ok;
	}
	if (ok) {
		fputs("ok", stdout);
		for (int k = 0; k < checked; k++)
			if (opt.max_depth < 0 || e[k].depth <= opt.max_depth)
				printf(" D%d %llu", e[k].depth,
				       (unsigned long long)got[k]);
		putchar('\n');
	} else {
		const struct expectation *bad = &e[checked - 1];
		printf("FAIL D%d expected %llu got %llu\n", bad->depth,
		       (unsigned long long)bad->count,
		       (unsigned long long)got[checked - 1]);
	}
	return ok;
}
