/* Perft suites' expectations, read and checked; see suite.h. */
#include "suite.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

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

static bool is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The opcode names already warned about in the current input (each is
 * named once per input), within a bound: memory does not grow with the
 * input. */
#define OPCODES_KEPT 32
#define OPCODE_NAME_MAX 32
static struct {
	long input;
	int n;
	bool full_told;
	char names[OPCODES_KEPT][OPCODE_NAME_MAX];
} skipped;

static void warn_skipped(const struct input_at *at, const char *name,
			 size_t len, size_t column)
{
	if (skipped.input != at->input) {
		skipped.input = at->input;
		skipped.n = 0;
		skipped.full_told = false;
	}
	size_t k = len < OPCODE_NAME_MAX - 1 ? len : OPCODE_NAME_MAX - 1;
	for (int i = 0; i < skipped.n; i++)
		if (strlen(skipped.names[i]) == k &&
		    memcmp(skipped.names[i], name, k) == 0)
			return;
	if (skipped.n == OPCODES_KEPT) {
		if (!skipped.full_told)
			util_warn_at(at->file, at->lineno, (long)column,
				     "more than %d EPD opcode names in this "
				     "input: the others are skipped without a "
				     "word",
				     OPCODES_KEPT);
		skipped.full_told = true;
		return;
	}
	memcpy(skipped.names[skipped.n], name, k);
	skipped.names[skipped.n++][k] = '\0';
	util_warn_at(at->file, at->lineno, (long)column,
		     "EPD opcode '%.*s' skipped (ob-perft reads ;D<depth>, ;M "
		     "and ;id); not said again for this input",
		     (int)(len < 64 ? len : 64), name);
}

/* Moves *i past the operands of an opcode, to the next ';' outside a
 * string or the end; false (warned) on an unterminated string. */
static bool skip_operands(const struct input_at *at, const char *line,
			  size_t *i, size_t len, const char *name,
			  size_t name_len)
{
	size_t quote = 0;
	bool in_string = false;
	for (; *i < len; (*i)++) {
		if (line[*i] == '"') {
			in_string = !in_string;
			quote = *i;
		} else if (line[*i] == ';' && !in_string) {
			break;
		}
	}
	if (in_string) {
		util_warn_at(at->file, at->lineno, (long)quote + 1,
			     "unterminated string in the operands of ';%.*s'",
			     (int)(name_len < 64 ? name_len : 64), name);
		return false;
	}
	return true;
}

/* Reads the operand of ';id' at line[*i]: a string in double quotes, or
 * the text up to the next ';' without the blanks around it. */
static bool read_id(const struct input_at *at, const char *line, size_t *i,
		    size_t len, struct suffix *s)
{
	size_t j = skip_blanks(line, *i, len), from, to;
	if (j < len && line[j] == '"') {
		from = to = j + 1;
		while (to < len && line[to] != '"')
			to++;
		if (to == len) {
			util_warn_at(at->file, at->lineno, (long)j + 1,
				     "unterminated string after ';id'");
			return false;
		}
		j = skip_blanks(line, to + 1, len);
		if (j < len && line[j] != ';') {
			util_warn_at(at->file, at->lineno, (long)j + 1,
				     "unexpected '%c' after the id", line[j]);
			return false;
		}
	} else {
		from = to = j;
		while (to < len && line[to] != ';')
			to++;
		j = to;
		while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t'))
			to--;
		if (to == from) {
			util_warn_at(at->file, at->lineno, (long)from + 1,
				     "expected the id after ';id'");
			return false;
		}
	}
	for (size_t k = from; k < to; k++)
		if ((unsigned char)line[k] < 0x20 || line[k] == 0x7f ||
		    line[k] == '"') {
			util_warn_at(at->file, at->lineno, (long)k + 1,
				     "%s in the id",
				     line[k] == '"' ? "a '\"'" : "a control byte");
			return false;
		}
	if (to - from >= SUITE_ID_MAX) {
		util_warn_at(at->file, at->lineno, (long)from + 1,
			     "an id longer than %d bytes", SUITE_ID_MAX - 1);
		return false;
	}
	memcpy(s->id, line + from, to - from);
	s->id[to - from] = '\0';
	s->has_id = true;
	*i = j;
	return true;
}

bool parse_suffix(const struct input_at *at, const char *line, size_t start,
		  size_t len, struct suffix *s)
{
	const char *file = at->file;
	long lineno = at->lineno;
	size_t i = skip_blanks(line, start, len);
	s->n = 0;
	s->paths = 0;
	s->id[0] = '\0';
	s->has_id = false;
	while (i < len) {
		size_t semi = i;
		uint64_t depth, count;
		if (line[i] != ';') {
			util_warn_at(file, lineno, (long)i + 1,
				     "expected ';D<depth> <count>', ';M "
				     "<paths>' or an EPD opcode after the "
				     "position");
			return false;
		}
		i = skip_blanks(line, i + 1, len);
		if (i == len) /* a last ';' ends the line, as in EPD */
			break;
		size_t name = i;
		while (i < len && is_name_char(line[i]))
			i++;
		size_t name_len = i - name;
		bool digit_next = name_len > 1 &&
				  isdigit((unsigned char)line[name + 1]);
		if (name_len == 0 || !isalpha((unsigned char)line[name])) {
			util_warn_at(file, lineno, (long)name + 1,
				     "expected 'D' and a depth, 'M', or an "
				     "EPD opcode after ';'");
			return false;
		}
		if (line[name] == 'M' && (name_len == 1 || digit_next)) {
			if (s->paths) {
				util_warn_at(file, lineno, (long)semi + 1,
					     "a second ';M'");
				return false;
			}
			i = name + 1;
			if (!read_count(file, lineno, line, &i, len, 1, "M",
					"path count", &s->paths))
				return false;
			i = skip_blanks(line, i, len);
			continue;
		}
		if (name_len == 2 && memcmp(line + name, "id", 2) == 0) {
			if (s->has_id) {
				util_warn_at(file, lineno, (long)semi + 1,
					     "a second ';id'");
				return false;
			}
			if (!read_id(at, line, &i, len, s))
				return false;
			continue;
		}
		if (line[name] != 'D' || (name_len > 1 && !digit_next)) {
			/* Another EPD opcode: its operands are skipped. */
			if (!skip_operands(at, line, &i, len, line + name,
					   name_len))
				return false;
			warn_skipped(at, line + name, name_len, name + 1);
			continue;
		}
		i = name + 1;
		size_t at_depth = i;
		if (!read_number(line, &i, len, OB_PERFT_MAX_DEPTH, &depth)) {
			util_warn_at(file, lineno, (long)at_depth + 1,
				     "expected a depth from 0 to %d after 'D'",
				     OB_PERFT_MAX_DEPTH);
			return false;
		}
		char tag[16];
		snprintf(tag, sizeof tag, "D%d", (int)depth);
		if (!read_count(file, lineno, line, &i, len, 0, tag,
				"node count", &count))
			return false;
		if (s->n == MAX_EXPECT) {
			util_warn_at(file, lineno, (long)semi + 1,
				     "more than %d expectations", MAX_EXPECT);
			return false;
		}
		s->expect[s->n].depth = (int)depth;
		s->expect[s->n].count = count;
		s->expect[s->n].column = (long)semi + 1;
		s->n++;
		i = skip_blanks(line, i, len);
	}
	return true;
}

bool check_suite(const char *file, long lineno, const struct ob_position *pos,
		 const struct suffix *s)
{
	const struct expectation *e = s->expect;
	const char *id = s->has_id ? s->id : NULL;
	int n = s->n;
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
		json_id(id);
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
		write_id(id);
		putchar('\n');
	} else {
		const struct expectation *bad = &e[checked - 1];
		printf("FAIL D%d expected %llu got %llu", bad->depth,
		       (unsigned long long)bad->count,
		       (unsigned long long)got[checked - 1]);
		write_id(id);
		putchar('\n');
	}
	return ok;
}
