/* ob-perft's results and progress line; see output.h. */
#define _GNU_SOURCE
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input.h"
#include "options.h"
#include "json.h"
#include "util.h"

static bool progress_shown;

double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void progress(const struct ob_perft_progress *p, void *arg)
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

void progress_clear(void)
{
	if (progress_shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		progress_shown = false;
	}
}

void json_start(const struct ob_position *pos, int depth)
{
	char ofen[OB_OFEN_MAX], key[INPUT_FORMAT_KEY_MAX];
	ob_ofen_write(pos, ofen);
	printf("{\"%s\":", input_format_key(pos->variant, key));
	json_write_text(stdout, ofen);
	printf(",\"variant\":\"%s\"", pos->variant->name);
	if (depth >= 0)
		printf(",\"depth\":%d", depth);
}

void write_id(const char *id)
{
	if (id)
		printf(" id \"%s\"", id);
}

void json_id(const char *id)
{
	if (!id)
		return;
	fputs(",\"id\":", stdout);
	json_write_text(stdout, id);
}

void separate(void)
{
	if (positions_written > 0 && !opt.json)
		putchar('\n');
}

bool write_count(const char *file, long lineno,
		 const struct ob_position *pos, uint64_t paths, const char *id)
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
		json_id(id);
		if (paths)
			printf(",\"paths\":%llu", (unsigned long long)paths);
		printf(",\"nodes\":%llu}\n", (unsigned long long)total);
	} else {
		printf("%llu", (unsigned long long)total);
		write_id(id);
		putchar('\n');
	}
	return true;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(((const struct divided *)a)->text,
		      ((const struct divided *)b)->text);
}

int divide_sorted(const struct ob_position *pos, int depth,
		  struct divided *rows)
{
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
	ob_perft_divide(pos, depth, moves, n, counts, &opt.perft);
	progress_clear();
	for (int i = 0; i < n; i++) {
		rows[i].count = counts[i];
		nodes_total += counts[i];
	}
	return n;
}

void divided_for_programs(const struct ob_position *pos,
			  struct divided *rows, int n)
{
	if (!pos->variant->uci_moves)
		return;
	for (int i = 0; i < n; i++)
		ob_move_write_uci(pos, rows[i].move, rows[i].text);
	qsort(rows, (size_t)n, sizeof *rows, by_text);
}

void write_divide(const struct ob_position *pos, const char *id)
{
	static struct divided rows[OB_MAX_MOVES];
	int n = divide_sorted(pos, opt.depth, rows);
	if (opt.mode == MODE_STOCKFISH)
		divided_for_programs(pos, rows, n);
	uint64_t total = 0;
	for (int i = 0; i < n; i++)
		total += rows[i].count;
	if (opt.json) {
		json_start(pos, opt.depth);
		json_id(id);
		fputs(",\"moves\":[", stdout);
		for (int i = 0; i < n; i++)
			printf("%s{\"move\":\"%s\",\"nodes\":%llu}",
			       i ? "," : "", rows[i].text,
			       (unsigned long long)rows[i].count);
		printf("],\"nodes\":%llu}\n", (unsigned long long)total);
		return;
	}
	const char *sep = opt.mode == MODE_STOCKFISH ? ": " : " ";
	/* Stockfish ends its own with a blank line, which also parts it
	 * from the next. */
	if (opt.mode != MODE_STOCKFISH)
		separate();
	for (int i = 0; i < n; i++)
		printf("%s%s%llu\n", rows[i].text, sep,
		       (unsigned long long)rows[i].count);
	if (opt.mode == MODE_STOCKFISH)
		printf("\nNodes searched: %llu\n\n",
		       (unsigned long long)total);
	else {
		printf("total %llu", (unsigned long long)total);
		write_id(id);
		putchar('\n');
	}
}

static const char *const stat_names[] = {
	"depth",      "nodes",      "captures",   "promotions",
	"checks",     "double_checks", "checkmates", "stalemates",
	"en_passant", "castlings",  "guardings",  "swaps",
	"cannon_captures", "eliminations", "wins",
};
enum { NSTATS = sizeof stat_names / sizeof *stat_names };
enum {
	STAT_EN_PASSANT = 8,
	STAT_CASTLINGS,
	STAT_GUARDINGS,
	STAT_SWAPS,
	STAT_CANNON_CAPTURES,
	STAT_ELIMINATIONS,
	STAT_WINS
};

static bool has_pair(const struct ob_variant *v, enum ob_pair_type type)
{
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == type)
			return true;
	return false;
}

static bool has_cannon(const struct ob_variant *v)
{
	for (int k = 0; k < v->nkinds; k++)
		if (v->kinds[k].motion == OB_CANNON)
			return true;
	return false;
}

/* Is the column in the output for v?  The table shows a special move's
 * column only for a variant that has the move; JSON has every column of
 * the boards without codes always (zero where none), and Plattraum's
 * swaps and cannon captures where the variant has them, eliminations and
 * wins with three armies, so that the other boards' output stays as it
 * was. */
static bool stat_shown(const struct ob_variant *v, int col, bool json)
{
	switch (col) {
	case STAT_EN_PASSANT:
		return json || (v->pawn && v->pawn->en_passant);
	case STAT_CASTLINGS:
		return json || has_pair(v, OB_CASTLING);
	case STAT_GUARDINGS:
		return json || has_pair(v, OB_GUARDING);
	case STAT_SWAPS:
		return has_pair(v, OB_SWAP);
	case STAT_CANNON_CAPTURES:
		return has_cannon(v);
	case STAT_ELIMINATIONS:
	case STAT_WINS:
		return ob_armies(v) > 2;
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
	case STAT_GUARDINGS:
		return s->guardings;
	case STAT_SWAPS:
		return s->swaps;
	case STAT_CANNON_CAPTURES:
		return s->cannon_captures;
	case STAT_ELIMINATIONS:
		return s->eliminations;
	default:
		return s->wins;
	}
}

void write_stats(const struct ob_position *pos, const char *id)
{
	static struct ob_perft_stats st[OB_PERFT_MAX_DEPTH + 1];
	const struct ob_variant *v = pos->variant;
	ob_perft_collect_stats(pos, opt.depth, st, &opt.perft);
	progress_clear();
	nodes_total += st[opt.depth].nodes;
	if (opt.json) {
		json_start(pos, opt.depth);
		json_id(id);
		fputs(",\"stats\":[", stdout);
		for (int d = 1; d <= opt.depth; d++) {
			printf("%s{", d > 1 ? "," : "");
			for (int c = 0; c < NSTATS; c++)
				if (stat_shown(v, c, true))
					printf("%s\"%s\":%llu", c ? "," : "",
					       stat_names[c],
					       (unsigned long long)stat_value(
						       &st[d], d, c));
			putchar('}');
		}
		puts("]}");
		return;
	}
	int width[NSTATS];
	char buf[32];
	for (int c = 0; c < NSTATS; c++) {
		width[c] = 0;
		if (!stat_shown(v, c, false))
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
