/*
 * ob-perft: count the leaves of the legal move tree, divide them by root
 * move, check perft suites, gather leaf statistics, and split a count into
 * work units (--split) whose counts add up (--sum).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "input.h"
#include "oblique.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-perft [-DMsv] [-d depth] [-H MB] [-j threads] [-m depth]\n"
	"                [-V variant] [--json] [--memory MB] [--reference]\n"
	"                [--split plies] [--stockfish] [--sum]\n"
	"                [--startpos | file ...]\n";

static const char help_text[] =
	"Count the leaf nodes of the legal move tree of each position: OFEN\n"
	"lines (or the word 'startpos') from the files or standard input.  A\n"
	"line may carry expectations, '<OFEN> ;D1 n ;D2 n ...', which are\n"
	"checked instead: one result line per position, exit status 1 on a\n"
	"mismatch.  A line '<OFEN> ;M n' stands for n move paths: its count\n"
	"is multiplied by n.\n"
	"\n"
	"  -d, --depth N        depth (default 1)\n"
	"  -D, --divide         count per legal root move, then the total\n"
	"  -h, --help           print this help and exit\n"
	"  -H, --hash MB        transposition table of MB mebibytes\n"
	"  -j, --threads N      N threads (default 1)\n"
	"      --json           one JSON object per position\n"
	"  -m, --max-depth N    check expectations up to depth N only\n"
	"      --memory MB      the --split table's limit (default 1024)\n"
	"  -M, --mirror         count the point-reflected position instead\n"
	"      --reference      use the slow reference move generator\n"
	"  -s, --stats          leaf statistics for each depth 1..N\n"
	"      --split K        write the distinct positions K plies below\n"
	"                       the input's, as '<OFEN> ;M paths' lines\n"
	"  -S, --startpos       count the start position\n"
	"      --stockfish      divide in Stockfish's form ('MOVE: N',\n"
	"                       then 'Nodes searched: N')\n"
	"      --sum            one total over all lines: paths x count\n"
	"  -v, --verbose        print the time and nodes per second at the end\n"
	"  -V, --variant NAME   the ruleset (default oblique)\n"
	"      --version        print the version and exit\n"
	"\n"
	"Blank lines and lines starting with '#' are skipped.  Exit status:\n"
	"0 success, 1 an invalid line or a failed check, 2 usage or read error.\n";

enum mode {
	MODE_COUNT,
	MODE_DIVIDE,
	MODE_STOCKFISH,
	MODE_STATS,
	MODE_SPLIT,
	MODE_SUM
};

struct options {
	const struct ob_variant *variant;
	enum mode mode;
	int depth;
	int max_depth;
	int split;        /* --split: plies */
	long memory_mb;   /* --split: the table's limit */
	bool json, mirror, verbose;
	struct ob_perft_options perft;
};

static struct options opt;
static long positions_written;
static uint64_t nodes_total;
static bool progress_shown;

/* --split: the table of work units and the paths put into it. */
static struct ob_split *units;
static uint64_t units_paths;
/* --sum: the total so far, the positions and paths behind it. */
static uint64_t sum_nodes, sum_paths;
static long sum_positions;

/* *acc += a * b; false (and *acc unchanged) if it would pass 2^64 - 1. */
static bool add_product(uint64_t *acc, uint64_t a, uint64_t b)
{
	if (b != 0 && a > UINT64_MAX / b)
		return false;
	if (*acc > UINT64_MAX - a * b)
		return false;
	*acc += a * b;
	return true;
}

/* ---- progress and timing ---- */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void progress(const struct ob_perft_progress *p, void *arg)
{
	(void)arg;
	if (p->seconds < 1.0)
		return;
	double rate = (double)p->nodes / p->seconds;
	fprintf(stderr, "\r%s: %d/%d moves, %llu nodes, %.0f nodes/s",
		util_progname, p->moves_done, p->moves_total,
		(unsigned long long)p->nodes, rate);
	if (p->fraction > 0)
		fprintf(stderr, ", ETA %.0f s",
			p->seconds * (1 - p->fraction) / p->fraction);
	fputs("\033[K", stderr);
	fflush(stderr);
	progress_shown = true;
}

static void progress_clear(void)
{
	if (progress_shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		progress_shown = false;
	}
}

/* ---- output ---- */

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* The object's first members; depth < 0 leaves it out. */
static void json_start(const struct ob_position *pos, int depth)
{
	char ofen[OB_OFEN_MAX];
	ob_ofen_write(pos, ofen);
	fputs("{\"ofen\":", stdout);
	json_string(ofen);
	printf(",\"variant\":\"%s\"", pos->variant->name);
	if (depth >= 0)
		printf(",\"depth\":%d", depth);
}

static void separate(void)
{
	if (positions_written > 0 && !opt.json)
		putchar('\n');
}

/* The count of one position, times paths (0: the line had no ;M); false
 * when the product passes 2^64 - 1. */
static bool write_count(const char *file, long lineno,
			const struct ob_position *pos, uint64_t paths)
{
	uint64_t n = ob_perft_count(pos, opt.depth, &opt.perft), total = 0;
	progress_clear();
	nodes_total += n;
	if (!add_product(&total, n, paths ? paths : 1)) {
		util_warn_at(file, lineno, 1,
			     "%llu paths times %llu nodes pass %llu",
			     (unsigned long long)paths, (unsigned long long)n,
			     (unsigned long long)UINT64_MAX);
		return false;
	}
	if (opt.json) {
		json_start(pos, opt.depth);
		if (paths)
			printf(",\"paths\":%llu", (unsigned long long)paths);
		printf(",\"nodes\":%llu}\n", (unsigned long long)total);
	} else {
		printf("%llu\n", (unsigned long long)total);
	}
	return true;
}

struct divided {
	char text[OB_MOVE_TEXT_MAX];
	ob_move move;
};

static int by_text(const void *a, const void *b)
{
	return strcmp(((const struct divided *)a)->text,
		      ((const struct divided *)b)->text);
}

static void write_divide(const struct ob_position *pos)
{
	static struct divided rows[OB_MAX_MOVES];
	static ob_move moves[OB_MAX_MOVES];
	static uint64_t counts[OB_MAX_MOVES];
	int n = opt.perft.reference ? ob_reference_moves(pos, moves)
				    : ob_legal_moves(pos, moves);
	for (int i = 0; i < n; i++) {
		rows[i].move = moves[i];
		ob_move_write(pos, moves[i], rows[i].text);
	}
	qsort(rows, (size_t)n, sizeof *rows, by_text);
	for (int i = 0; i < n; i++)
		moves[i] = rows[i].move;
	ob_perft_divide(pos, opt.depth, moves, n, counts, &opt.perft);
	progress_clear();
	uint64_t total = 0;
	for (int i = 0; i < n; i++)
		total += counts[i];
	nodes_total += total;
	if (opt.json) {
		json_start(pos, opt.depth);
		fputs(",\"moves\":[", stdout);
		for (int i = 0; i < n; i++)
			printf("%s{\"move\":\"%s\",\"nodes\":%llu}",
			       i ? "," : "", rows[i].text,
			       (unsigned long long)counts[i]);
		printf("],\"nodes\":%llu}\n", (unsigned long long)total);
		return;
	}
	separate();
	const char *sep = opt.mode == MODE_STOCKFISH ? ": " : " ";
	for (int i = 0; i < n; i++)
		printf("%s%s%llu\n", rows[i].text, sep,
		       (unsigned long long)counts[i]);
	if (opt.mode == MODE_STOCKFISH)
		printf("\nNodes searched: %llu\n", (unsigned long long)total);
	else
		printf("total %llu\n", (unsigned long long)total);
}

static const char *const stat_names[] = {
	"depth",      "nodes",      "captures",   "promotions",
	"checks",     "double_checks", "checkmates", "stalemates",
	"en_passant", "castlings",  "guardings",
};
enum { NSTATS = sizeof stat_names / sizeof *stat_names };
enum { STAT_EN_PASSANT = 8, STAT_CASTLINGS, STAT_GUARDINGS };

static bool has_pair(const struct ob_variant *v, enum ob_pair_type type)
{
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == type)
			return true;
	return false;
}

/* The table shows a special move's column only for a variant that has
 * the move; JSON always has every member. */
static bool stat_shown(const struct ob_variant *v, int col)
{
	switch (col) {
	case STAT_EN_PASSANT:
		return v->pawn && v->pawn->en_passant;
	case STAT_CASTLINGS:
		return has_pair(v, OB_CASTLING);
	case STAT_GUARDINGS:
		return has_pair(v, OB_GUARDING);
	default:
		return true;
	}
}

static uint64_t stat_value(const struct ob_perft_stats *s, int depth, int col)
{
	switch (col) {
	case 0:
		return (uint64_t)depth;
	case 1:
		return s->nodes;
	case 2:
		return s->captures;
	case 3:
		return s->promotions;
	case 4:
		return s->checks;
	case 5:
		return s->double_checks;
	case 6:
		return s->checkmates;
	case 7:
		return s->stalemates;
	case STAT_EN_PASSANT:
		return s->en_passant;
	case STAT_CASTLINGS:
		return s->castlings;
	default:
		return s->guardings;
	}
}

static void write_stats(const struct ob_position *pos)
{
	static struct ob_perft_stats st[OB_PERFT_MAX_DEPTH + 1];
	ob_perft_collect_stats(pos, opt.depth, st, &opt.perft);
	progress_clear();
	nodes_total += st[opt.depth].nodes;
	if (opt.json) {
		json_start(pos, opt.depth);
		fputs(",\"stats\":[", stdout);
		for (int d = 1; d <= opt.depth; d++) {
			printf("%s{", d > 1 ? "," : "");
			for (int c = 0; c < NSTATS; c++)
				printf("%s\"%s\":%llu", c ? "," : "",
				       stat_names[c],
				       (unsigned long long)stat_value(&st[d],
								      d, c));
			putchar('}');
		}
		puts("]}");
		return;
	}
	int width[NSTATS];
	char buf[32];
	for (int c = 0; c < NSTATS; c++) {
		width[c] = 0;
		if (!stat_shown(pos->variant, c))
			continue;
		width[c] = (int)strlen(stat_names[c]);
		for (int d = 1; d <= opt.depth; d++) {
			int w = snprintf(buf, sizeof buf, "%llu",
					 (unsigned long long)stat_value(&st[d],
									d, c));
			if (w > width[c])
				width[c] = w;
		}
	}
	separate();
	for (int c = 0; c < NSTATS; c++)
		if (width[c])
			printf("%s%*s", c ? "  " : "", width[c], stat_names[c]);
	putchar('\n');
	for (int d = 1; d <= opt.depth; d++) {
		for (int c = 0; c < NSTATS; c++)
			if (width[c])
				printf("%s%*llu", c ? "  " : "", width[c],
				       (unsigned long long)stat_value(&st[d], d,
								      c));
		putchar('\n');
	}
}

/* ---- suites: "<OFEN> ;D1 n ;D2 n ..." ---- */

#define MAX_EXPECT 64

struct expectation {
	int depth;
	uint64_t count;
	long column; /* of its ';', 1-based in the line */
};

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

/*
 * Parses the suffix in line[at..len): expectations ';D<depth> <count>' and
 * at most one ';M <paths>', in any order.  Sets *paths to the ;M count, or
 * 0 when there is none.  On a fault warns and returns -1, else the number
 * of expectations.
 */
static int parse_suffix(const char *file, long lineno, const char *line,
			size_t at, size_t len, struct expectation *e,
			uint64_t *paths)
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

/* Checks the expectations in order, up to --max-depth, stopping at the
 * first mismatch; false on one. */
static bool check_suite(const char *file, long lineno,
			const struct ob_position *pos,
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
		json_string(file);
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

/* ---- work units: --split and --sum ---- */

/* Adds the positions opt.split plies below pos, each path counted paths
 * times, to the table.  A table that passes --memory ends the run: exit 2,
 * with nothing written. */
static bool split_position(const char *file, long lineno,
			   const struct ob_position *pos, uint64_t paths)
{
	/* First the table, which stops as soon as it passes --memory. */
	enum ob_status st = ob_split_add(units, pos, opt.split, paths);
	if (st != OB_OK) {
		if (st == OB_ERR_SPLIT_FULL)
			util_warn("--split %d: the distinct positions do not "
				  "fit in --memory %ld MiB (up to %d bytes "
				  "each): stopped at %zu positions; raise "
				  "--memory or split fewer plies",
				  opt.split, opt.memory_mb,
				  OB_SPLIT_ENTRY_BYTES, ob_split_count(units));
		else
			util_warn("--split %d: %s", opt.split,
				  ob_status_name(st));
		ob_split_free(units);
		exit(EXIT_USAGE);
	}
	/* Every entry's path count is at most the total of all paths, so a
	 * total that fits in 64 bits keeps every entry exact. */
	uint64_t leaves = ob_perft_count(pos, opt.split, &opt.perft);
	progress_clear();
	if (!add_product(&units_paths, leaves, paths)) {
		util_warn_at(file, lineno, 1,
			     "the work units' path counts pass %llu",
			     (unsigned long long)UINT64_MAX);
		return false;
	}
	return true;
}

static void write_unit(const struct ob_position *pos, uint64_t paths,
		       void *arg)
{
	(void)arg;
	char ofen[OB_OFEN_MAX];
	if (opt.json) {
		json_start(pos, -1);
		printf(",\"paths\":%llu}\n", (unsigned long long)paths);
		return;
	}
	ob_ofen_write(pos, ofen);
	printf("%s ;M %llu\n", ofen, (unsigned long long)paths);
}

/* Adds paths x perft(depth) of pos to the total; an overflow ends the run
 * (exit 1, no total written). */
static void sum_position(const char *file, long lineno,
			 const struct ob_position *pos, uint64_t paths)
{
	uint64_t n = ob_perft_count(pos, opt.depth, &opt.perft);
	progress_clear();
	nodes_total += n;
	if (!add_product(&sum_nodes, n, paths) ||
	    !add_product(&sum_paths, paths, 1)) {
		util_warn_at(file, lineno, 1, "the sum passes %llu",
			     (unsigned long long)UINT64_MAX);
		util_warn("no total written");
		exit(EXIT_INVALID);
	}
	sum_positions++;
}

static void write_sum(void)
{
	if (opt.json)
		printf("{\"variant\":\"%s\",\"depth\":%d,\"positions\":%ld,"
		       "\"paths\":%llu,\"nodes\":%llu}\n",
		       opt.variant->name, opt.depth, sum_positions,
		       (unsigned long long)sum_paths,
		       (unsigned long long)sum_nodes);
	else
		printf("%llu\n", (unsigned long long)sum_nodes);
}

/* ---- lines and files ---- */

/* One position; paths is its ;M count, 0 when it has none.  False when
 * the result cannot be had. */
static bool handle_position(const char *file, long lineno,
			    const struct ob_position *pos, uint64_t paths)
{
	bool ok = true;
	switch (opt.mode) {
	case MODE_COUNT:
		ok = write_count(file, lineno, pos, paths);
		break;
	case MODE_DIVIDE:
	case MODE_STOCKFISH:
		write_divide(pos);
		break;
	case MODE_STATS:
		write_stats(pos);
		break;
	case MODE_SPLIT:
		return split_position(file, lineno, pos, paths ? paths : 1);
	case MODE_SUM:
		sum_position(file, lineno, pos, paths ? paths : 1);
		return true;
	}
	if (ok)
		positions_written++;
	return ok;
}

/* Handles one input line; false when it is invalid or a check failed. */
static bool process_line(const char *file, long lineno, const char *line,
			 size_t len, void *arg)
{
	struct ob_position pos;
	struct ob_error err;
	struct expectation e[MAX_EXPECT];
	uint64_t paths;
	size_t rest;
	(void)arg;
	if (input_position(opt.variant, line, len, &pos, &rest, &err) !=
	    OB_OK) {
		util_warn_at(file, lineno, err.column, "%s", err.message);
		return false;
	}
	int n = parse_suffix(file, lineno, line, rest, len, e, &paths);
	if (n < 0)
		return false;
	if (opt.mirror) {
		struct ob_position given = pos;
		ob_position_mirror(&given, &pos);
	}
	bool ok;
	if (n > 0 && opt.mode != MODE_SPLIT && opt.mode != MODE_SUM)
		ok = check_suite(file, lineno, &pos, e, n);
	else
		ok = handle_position(file, lineno, &pos, paths);
	if (opt.mode != MODE_SPLIT && opt.mode != MODE_SUM)
		util_check_output();
	return ok;
}

/* The largest table allowed: the machine's memory, and at most 1 TiB. */
static long hash_limit_mb(void)
{
	long limit = 1L << 20;
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages > 0 && size > 0) {
		long mb = (long)((double)pages * (double)size / 1048576.0);
		if (mb >= 1 && mb < limit)
			limit = mb;
	}
	return limit;
}

int main(int argc, char **argv)
{
	enum {
		OPT_JSON = 1,
		OPT_MEMORY,
		OPT_REFERENCE,
		OPT_SPLIT,
		OPT_STOCKFISH,
		OPT_SUM,
		OPT_VERSION
	};
	static const struct option longopts[] = {
		{"depth", required_argument, NULL, 'd'},
		{"divide", no_argument, NULL, 'D'},
		{"help", no_argument, NULL, 'h'},
		{"hash", required_argument, NULL, 'H'},
		{"threads", required_argument, NULL, 'j'},
		{"json", no_argument, NULL, OPT_JSON},
		{"max-depth", required_argument, NULL, 'm'},
		{"memory", required_argument, NULL, OPT_MEMORY},
		{"mirror", no_argument, NULL, 'M'},
		{"reference", no_argument, NULL, OPT_REFERENCE},
		{"split", required_argument, NULL, OPT_SPLIT},
		{"stats", no_argument, NULL, 's'},
		{"startpos", no_argument, NULL, 'S'},
		{"stockfish", no_argument, NULL, OPT_STOCKFISH},
		{"sum", no_argument, NULL, OPT_SUM},
		{"verbose", no_argument, NULL, 'v'},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	enum { MAX_THREADS = 256 };
	bool startpos = false, divide = false, stockfish = false, stats = false;
	bool sum = false, memory = false;
	long x, hash_mb = 0;
	int c;
	util_init("ob-perft", argv);
	opt.variant = ob_variant_default();
	opt.depth = 1;
	opt.max_depth = -1;
	opt.split = -1;
	opt.memory_mb = 1024;
	opt.perft.threads = 1;
	while ((c = getopt_long(argc, argv, "d:DhH:j:m:MsSvV:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'd':
			if (!util_parse_long(optarg, 0, OB_PERFT_MAX_DEPTH, &x))
				util_usage_error("-d takes a depth from 0 to "
						 "%d, not '%s'",
						 OB_PERFT_MAX_DEPTH, optarg);
			opt.depth = (int)x;
			break;
		case 'D':
			divide = true;
			break;
		case 'h':
			util_help(usage_text, help_text);
		case 'H': {
			long limit = hash_limit_mb();
			if (!util_parse_long(optarg, 0, limit, &hash_mb))
				util_usage_error("--hash takes mebibytes from 0 "
						 "to %ld (this machine's "
						 "memory), not '%s'",
						 limit, optarg);
			break;
		}
		case 'j':
			if (!util_parse_long(optarg, 1, MAX_THREADS, &x))
				util_usage_error("-j takes a thread count from "
						 "1 to %d, not '%s'",
						 MAX_THREADS, optarg);
			opt.perft.threads = (int)x;
			break;
		case OPT_JSON:
			opt.json = true;
			break;
		case 'm':
			if (!util_parse_long(optarg, 0, OB_PERFT_MAX_DEPTH, &x))
				util_usage_error("--max-depth takes a depth "
						 "from 0 to %d, not '%s'",
						 OB_PERFT_MAX_DEPTH, optarg);
			opt.max_depth = (int)x;
			break;
		case 'M':
			opt.mirror = true;
			break;
		case OPT_MEMORY: {
			long limit = hash_limit_mb();
			if (!util_parse_long(optarg, 1, limit, &opt.memory_mb))
				util_usage_error("--memory takes mebibytes from "
						 "1 to %ld (this machine's "
						 "memory), not '%s'",
						 limit, optarg);
			memory = true;
			break;
		}
		case OPT_SPLIT:
			if (!util_parse_long(optarg, 0, OB_PERFT_MAX_DEPTH, &x))
				util_usage_error("--split takes plies from 0 to "
						 "%d, not '%s'",
						 OB_PERFT_MAX_DEPTH, optarg);
			opt.split = (int)x;
			break;
		case OPT_SUM:
			sum = true;
			break;
		case OPT_REFERENCE:
			opt.perft.reference = true;
			break;
		case 's':
			stats = true;
			break;
		case 'S':
			startpos = true;
			break;
		case OPT_STOCKFISH:
			stockfish = true;
			break;
		case 'v':
			opt.verbose = true;
			break;
		case 'V':
			opt.variant = util_variant(optarg);
			break;
		case OPT_VERSION:
			util_version();
		default:
			util_usage(usage_text);
		}
	}
	if (stats && (divide || stockfish))
		util_usage_error("--stats cannot be combined with --divide or "
				 "--stockfish");
	if (opt.split >= 0 && (sum || divide || stockfish || stats ||
			       opt.perft.reference))
		util_usage_error("--split cannot be combined with --sum, "
				 "--divide, --stockfish, --stats or "
				 "--reference");
	if (sum && (divide || stockfish || stats))
		util_usage_error("--sum cannot be combined with --divide, "
				 "--stockfish or --stats");
	if (memory && opt.split < 0)
		util_usage_error("--memory applies to --split only");
	if ((divide || stockfish) && opt.depth < 1)
		util_usage_error("--divide needs a depth of at least 1");
	if (startpos && optind < argc)
		util_usage_error("--startpos takes no file operands");
	opt.mode = opt.split >= 0 ? MODE_SPLIT
		   : sum            ? MODE_SUM
		   : stockfish      ? MODE_STOCKFISH
		   : divide         ? MODE_DIVIDE
		   : stats          ? MODE_STATS
				    : MODE_COUNT;
	if (hash_mb > 0) {
		opt.perft.hash = ob_perft_hash_new((size_t)hash_mb);
		if (!opt.perft.hash) {
			util_warn("cannot allocate a %ld MiB hash table",
				  hash_mb);
			return EXIT_USAGE;
		}
	}
	if (opt.mode == MODE_SPLIT) {
		units = ob_split_new((size_t)opt.memory_mb << 20);
		if (!units) {
			util_warn("out of memory");
			return EXIT_USAGE;
		}
	}
	if (isatty(STDERR_FILENO)) {
		opt.perft.progress = progress;
		opt.perft.progress_ms = 250;
	}

	double start = now();
	int status = EXIT_OK;
	if (startpos) {
		struct ob_position pos, given;
		ob_position_start(&given, opt.variant);
		pos = given;
		if (opt.mirror)
			ob_position_mirror(&given, &pos);
		if (!handle_position("startpos", 0, &pos, 0))
			status = EXIT_INVALID;
	} else {
		status = util_each_line(argv + optind, argc - optind, true,
					process_line, NULL);
	}
	if (opt.mode == MODE_SPLIT) {
		/* Written only now that the table is complete. */
		ob_split_each(units, write_unit, NULL);
		nodes_total = units_paths;
	} else if (opt.mode == MODE_SUM) {
		write_sum();
	}
	util_check_output();
	if (opt.verbose && opt.mode == MODE_SPLIT) {
		double seconds = now() - start;
		fprintf(stderr, "%s: %zu positions, %llu paths in %.3f s\n",
			util_progname, ob_split_count(units),
			(unsigned long long)units_paths, seconds);
	} else if (opt.verbose) {
		double seconds = now() - start;
		fprintf(stderr, "%s: %llu nodes in %.3f s, %.0f nodes/s\n",
			util_progname, (unsigned long long)nodes_total, seconds,
			seconds > 0 ? (double)nodes_total / seconds : 0.0);
	}
	ob_split_free(units);
	ob_perft_hash_free(opt.perft.hash);
	return status;
}
