/*
 * ob-stats: figures over whole OGN collections: results and how games
 * end, game lengths, the work of each piece kind, branching factor, level
 * activity, destination cells and opening frequencies; overall or per
 * value of a tag.  Partial states (--partial) merge exactly (--merge).
 *
 * Every figure is an exact count kept per group; a report is computed
 * from the counts only, so a run over all games, a run with threads and
 * a merge of partials give the same bytes.  Memory is bounded by the
 * number of groups, the distinct openings and the longest game: game
 * lengths are kept as a histogram, not a list.
 *
 * With -j N the main thread reads games into batches that worker threads
 * check and count, each into its own figures; the figures are added at
 * the end and the batches' diagnostics are printed in input order.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "oblique.h"
#include "buf.h"
#include "json.h"
#include "pool.h"
#include "strmap.h"
#include "util.h"

static const char usage_text[] =
	"usage: ob-stats [-b tag] [-c file] [-j threads] [-o plies] [-V variant]\n"
	"                [--json | --tsv | --partial] [--top n] [file ...]\n"
	"       ob-stats --merge [-b tag] [-c file] [-o plies] [-V variant]\n"
	"                [--json | --tsv | --partial] [--top n] [partial ...]\n";

static const char help_text[] =
	"Replay the games of OGN collections (standard input when none, or -)\n"
	"and report figures over the valid ones: results, terminations,\n"
	"length in plies, the moves of each piece kind, branching factor,\n"
	"level activity and, on request, the most frequent openings.  Invalid\n"
	"games are reported as ob-validate reports them and left out.\n"
	"\n"
	"  -b, --by TAG        one report per value of the tag (\"?\" when a\n"
	"                      game lacks it), in byte order of the values\n"
	"  -c, --cells FILE    write 'CELL COUNT' lines (moves ending on each\n"
	"                      cell of the -V variant's board) to FILE; with -\n"
	"                      to standard output instead of the report\n"
	"  -h, --help          print this help and exit\n"
	"  -j, --jobs N        check games on N threads (default 1)\n"
	"      --json          the report as one JSON document\n"
	"      --merge         read partial states (from --partial) instead of\n"
	"                      games and report on all their games together\n"
	"  -o, --openings N    count the sequences of the first N plies\n"
	"      --partial       write a mergeable state (JSON), not the report\n"
	"      --top K         show the K most frequent openings (default 10;\n"
	"                      0 shows all)\n"
	"      --tsv           the report as tab-separated tables\n"
	"  -V, --variant NAME  the variant of games without a Variant tag\n"
	"                      (oblique by default); also the board of --cells\n"
	"      --version       print the version and exit\n"
	"\n"
	"Exit status: 0 every game valid, 1 some game invalid, 2 usage or\n"
	"read error.\n";

enum format { FMT_TEXT, FMT_JSON, FMT_TSV, FMT_PARTIAL };

static struct {
	const struct ob_variant *variant;
	bool variant_given;
	const char *by;
	int openings; /* plies per opening sequence; 0: none */
	bool openings_given;
	long top;
	const char *cells;
	enum format format;
	bool merge;
	int jobs;
} opt;

/* ---- the figures ---- */

/* Results in the order of the report: 1-0, 0-1, 1/2-1/2, *. */
#define NRESULTS 4
static const char *const result_marker[NRESULTS] = {"1-0", "0-1", "1/2-1/2",
						     "*"};
static const char *const result_label[NRESULTS] = {
	"White wins", "Black wins", "draws", "unfinished"};

/* Terminations in the order of the report, with their enum ob_game_end. */
#define NENDS 5
static const enum ob_game_end end_order[NENDS] = {
	OB_END_CHECKMATE, OB_END_STALEMATE, OB_END_THREEFOLD,
	OB_END_FIFTY_MOVES, OB_END_NONE};
static const char *const end_label[NENDS] = {
	"checkmate", "stalemate", "threefold repetition", "100 half-moves",
	"none recorded"};

/* Phases of a game for the branching factor, by the ply about to be
 * played: 1-20, 21-60, 61 on. */
#define NPHASES 3
static const char *const phase_label[NPHASES] = {"1-20", "21-60", "61-"};

#define NLETTERS 26 /* piece figures are kept by letter, A-Z */
#define MAX_LEVELS 8
#define MAX_VARIANTS 16

struct kind_figures {
	uint64_t moves, captures, captured, checks, mates, promotions;
};

struct opening {
	uint64_t results[NRESULTS];
};

struct group {
	uint64_t games, invalid;
	unsigned variants; /* bit i: ob_variants()[i] played in a valid game */
	uint64_t results[NRESULTS];
	uint64_t ends[NENDS];
	uint64_t *lengths; /* lengths[k]: valid games of k plies */
	size_t nlengths;
	uint64_t plies;
	struct kind_figures kinds[NLETTERS];
	uint64_t castlings, guardings, en_passant;
	uint64_t positions[NPHASES], legal[NPHASES];
	uint64_t levels[MAX_LEVELS];
	struct strmap openings; /* sequence text -> struct opening */
};

struct stats {
	struct strmap groups; /* tag value ("" without --by) -> group */
	uint64_t cells[OB_MAX_CELLS];
};

static void group_free(void *p)
{
	struct group *g = p;
	free(g->lengths);
	strmap_free(&g->openings, NULL);
}

static struct group *stats_group(struct stats *st, const char *value)
{
	return strmap_get(&st->groups, value, sizeof(struct group));
}

static void stats_free(struct stats *st)
{
	strmap_free(&st->groups, group_free);
}

static void lengths_add(struct group *g, size_t length, uint64_t count)
{
	if (length >= g->nlengths) {
		size_t n = g->nlengths ? g->nlengths : 64;
		while (n <= length)
			n *= 2;
		uint64_t *p = realloc(g->lengths, n * sizeof *p);
		if (!p)
			util_out_of_memory();
		memset(p + g->nlengths, 0, (n - g->nlengths) * sizeof *p);
		g->lengths = p;
		g->nlengths = n;
	}
	g->lengths[length] += count;
}

static void group_merge(struct group *to, const struct group *from)
{
	to->games += from->games;
	to->invalid += from->invalid;
	to->variants |= from->variants;
	for (int i = 0; i < NRESULTS; i++)
		to->results[i] += from->results[i];
	for (int i = 0; i < NENDS; i++)
		to->ends[i] += from->ends[i];
	for (size_t k = 0; k < from->nlengths; k++)
		if (from->lengths[k])
			lengths_add(to, k, from->lengths[k]);
	to->plies += from->plies;
	for (int i = 0; i < NLETTERS; i++) {
		struct kind_figures *a = &to->kinds[i];
		const struct kind_figures *b = &from->kinds[i];
		a->moves += b->moves;
		a->captures += b->captures;
		a->captured += b->captured;
		a->checks += b->checks;
		a->mates += b->mates;
		a->promotions += b->promotions;
	}
	to->castlings += from->castlings;
	to->guardings += from->guardings;
	to->en_passant += from->en_passant;
	for (int i = 0; i < NPHASES; i++) {
		to->positions[i] += from->positions[i];
		to->legal[i] += from->legal[i];
	}
	for (int i = 0; i < MAX_LEVELS; i++)
		to->levels[i] += from->levels[i];
	for (size_t i = 0; i < from->openings.cap; i++) {
		const struct strmap_entry *e = &from->openings.slots[i];
		if (!e->key)
			continue;
		struct opening *o =
			strmap_get(&to->openings, e->key, sizeof *o);
		const struct opening *src = e->value;
		for (int r = 0; r < NRESULTS; r++)
			o->results[r] += src->results[r];
	}
}

static void stats_merge(struct stats *to, const struct stats *from)
{
	for (size_t i = 0; i < from->groups.cap; i++) {
		const struct strmap_entry *e = &from->groups.slots[i];
		if (e->key)
			group_merge(stats_group(to, e->key), e->value);
	}
	for (int c = 0; c < OB_MAX_CELLS; c++)
		to->cells[c] += from->cells[c];
}

/* ---- what each variant's tables mean to the figures ---- */

static struct {
	int count;
	const struct ob_variant *list[MAX_VARIANTS];
	int8_t letter[MAX_VARIANTS][OB_MAX_KINDS]; /* kind -> letter - 'A' */
	int8_t level[MAX_VARIANTS][OB_MAX_CELLS];  /* cell -> level, or -1 */
	int levels[MAX_VARIANTS];                  /* 0: a flat board */
} known;

static void known_init(void)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i] && i < MAX_VARIANTS; i++) {
		const struct ob_variant *v = all[i];
		known.list[known.count] = v;
		for (int k = 0; k < v->nkinds; k++) {
			char c = v->kinds[k].letter;
			known.letter[i][k] =
				(int8_t)(c >= 'A' && c <= 'Z' ? c - 'A' : 0);
		}
		int dim = -1;
		const struct ob_board *b = v->board;
		for (int d = 0; d < b->ndims; d++)
			if (b->ndims == 3 && strcmp(b->dim_name[d], "level") == 0 &&
			    b->extent[d] <= MAX_LEVELS)
				dim = d;
		known.levels[i] = dim >= 0 ? b->extent[dim] : 0;
		int n = ob_cell_count(v);
		for (int c = 0; c < OB_MAX_CELLS; c++) {
			int coords[OB_MAX_DIMS];
			known.level[i][c] = -1;
			if (dim >= 0 && c < n) {
				ob_cell_coords(v, c, coords);
				known.level[i][c] = (int8_t)coords[dim];
			}
		}
		known.count++;
	}
}

static int variant_index(const struct ob_variant *v)
{
	for (int i = 0; i < known.count; i++)
		if (known.list[i] == v)
			return i;
	return 0;
}

static int result_index(const char *marker)
{
	for (int i = 0; i < NRESULTS; i++)
		if (strcmp(marker, result_marker[i]) == 0)
			return i;
	return NRESULTS - 1;
}

static int end_index(enum ob_game_end e)
{
	for (int i = 0; i < NENDS; i++)
		if (end_order[i] == e)
			return i;
	return NENDS - 1;
}

/* ---- one game ---- */

/* Adds a valid game's figures to its group. */
static void tally(struct stats *st, struct group *gr, const struct ob_game *g)
{
	const struct ob_variant *v = g->variant;
	int vi = variant_index(v);
	const int8_t *letter = known.letter[vi], *level = known.level[vi];
	bool cells = v->board == opt.variant->board;
	int res = result_index(g->termination);
	gr->variants |= 1u << vi;
	gr->results[res]++;
	gr->ends[end_index(g->end)]++;
	lengths_add(gr, (size_t)g->plies, 1);
	gr->plies += (uint64_t)g->plies;

	struct ob_position pos = g->start;
	struct buf seq = {0};
	int ply = 0;
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		if (t->type != OB_TOKEN_MOVE || t->depth != 0 ||
		    t->move == OB_MOVE_NONE)
			continue;
		ob_move m = t->move;
		int phase = ply < 20 ? 0 : ply < 60 ? 1 : 2;
		gr->positions[phase]++;
		gr->legal[phase] += (uint64_t)ob_legal_count(&pos);
		int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m);
		struct kind_figures *mover =
			&gr->kinds[letter[OB_PIECE_KIND(pos.board[from])]];
		mover->moves++;
		if (OB_MOVE_IS_CAPTURE(m)) {
			int at = OB_MOVE_SPECIAL(m) == OB_EN_PASSANT
					 ? pos.ep_victim
					 : to;
			mover->captures++;
			if (at >= 0 && pos.board[at] != OB_EMPTY)
				gr->kinds[letter[OB_PIECE_KIND(pos.board[at])]]
					.captured++;
		}
		if (OB_MOVE_PROMO(m) >= 0)
			gr->kinds[letter[OB_MOVE_PROMO(m)]].promotions++;
		if (OB_MOVE_SPECIAL(m) == OB_EN_PASSANT)
			gr->en_passant++;
		else if (OB_MOVE_SPECIAL(m) == OB_PAIRED) {
			if (v->pairs[OB_MOVE_PAIR(m)].type == OB_CASTLING)
				gr->castlings++;
			else
				gr->guardings++;
		}
		if (level[to] >= 0)
			gr->levels[level[to]]++;
		if (cells)
			st->cells[to]++;
		if (ply < opt.openings) {
			char text[OB_MOVE_TEXT_MAX];
			if (ply)
				buf_add(&seq, " ", 1);
			buf_add(&seq, text, (size_t)ob_move_write_plain(&pos, m,
									text));
		}
		struct ob_undo u;
		ob_make(&pos, m, &u);
		ply++;
		if (ob_in_check(&pos)) {
			bool mate = ply == g->plies && g->end == OB_END_CHECKMATE;
			mover->checks++;
			mover->mates += mate;
			if (ply <= opt.openings)
				buf_add(&seq, mate ? "#" : "+", 1);
		}
	}
	if (opt.openings && ply >= opt.openings) {
		struct opening *o =
			strmap_get(&gr->openings, seq.p, sizeof *o);
		o->results[res]++;
	}
	free(seq.p);
}

/* Checks a game and counts it; its diagnostics go to diag.  false when
 * the game is invalid. */
static bool process_game(struct stats *st, struct ob_game *g,
			 const char *name, struct buf *diag)
{
	enum ob_status s = ob_game_check(g, opt.variant, 0);
	if (s == OB_ERR_NO_MEMORY)
		util_out_of_memory();
	const char *value = "";
	if (opt.by && !(value = ob_game_tag(g, opt.by)))
		value = "?";
	struct group *gr = stats_group(st, value);
	gr->games++;
	if (s == OB_OK) {
		tally(st, gr, g);
		return true;
	}
	gr->invalid++;
	for (int i = 0; i < g->nerrors; i++) {
		const struct ob_game_error *e = &g->errors[i];
		buf_printf(diag, "%s: %s:%ld:%ld: game %ld, ply %d", util_progname,
			   name, e->line, e->column, g->index, e->ply);
		if (e->move[0])
			buf_printf(diag, " (%s)", e->move);
		buf_printf(diag, ": %s\n", e->reason);
	}
	return false;
}

/* ---- progress on a terminal ---- */

static struct {
	bool enabled, shown;
	struct timespec start, last;
	long games;
} progress;

static double seconds_between(const struct timespec *a,
			      const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void progress_clear(void)
{
	if (progress.shown)
		fputs("\r\033[K", stderr);
	progress.shown = false;
}

static void progress_tick(void)
{
	progress.games++;
	if (!progress.enabled || progress.games % 256)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (seconds_between(&progress.start, &now) < 1 ||
	    (progress.shown && seconds_between(&progress.last, &now) < 0.25))
		return;
	progress.last = now;
	progress.shown = true;
	fprintf(stderr, "\r%s: %ld games read", util_progname, progress.games);
}

static void emit_diagnostics(struct buf *diag)
{
	if (!diag->len)
		return;
	progress_clear();
	fputs(diag->p, stderr);
	diag->len = 0;
}

/* ---- reading games: one thread, or a reader and workers ---- */

#define BATCH 32

/* Games read together for a worker, and what it made of them. */
struct batch {
	struct ob_game games[BATCH];
	int n;
	const char *name;
	struct buf diag;
	bool invalid;
};

static struct {
	struct pool *pool; /* NULL: a single-threaded run */
	struct batch *batches; /* batches[k % nbatches]: the k-th submitted */
	long nbatches, submitted;
	struct stats *stats; /* each worker's figures */
	struct ob_game game; /* the one game of a single-threaded run */
	struct buf diag;
} input;

static void check_batch(void *item, int worker, void *arg)
{
	struct batch *b = item;
	struct stats *st = &((struct stats *)arg)[worker];
	for (int i = 0; i < b->n; i++)
		if (!process_game(st, &b->games[i], b->name, &b->diag))
			b->invalid = true;
}

static void input_start(int jobs)
{
	ob_game_init(&input.game);
	if (jobs <= 1)
		return;
	input.nbatches = 2L * jobs + 2;
	input.batches = calloc((size_t)input.nbatches, sizeof *input.batches);
	input.stats = calloc((size_t)jobs, sizeof *input.stats);
	if (!input.batches || !input.stats)
		util_out_of_memory();
	for (long i = 0; i < input.nbatches; i++)
		for (int k = 0; k < BATCH; k++)
			ob_game_init(&input.batches[i].games[k]);
	input.pool = pool_start(jobs, input.nbatches, check_batch, input.stats);
}

/* Prints the diagnostics of the checked batches, in order: while more
 * than keep are pending, waiting for them, then those already checked.
 * Returns 1 if one of them held an invalid game. */
static int input_collect(long keep)
{
	int status = EXIT_OK;
	struct batch *b;
	while ((b = pool_next_done(input.pool,
				   pool_pending(input.pool) > keep))) {
		emit_diagnostics(&b->diag);
		if (b->invalid)
			status = EXIT_INVALID;
		b->invalid = false;
	}
	return status;
}

/* Waits for the workers and adds their figures to st. */
static void input_finish(struct stats *st, int jobs)
{
	if (input.pool) {
		pool_finish(input.pool);
		for (int i = 0; i < jobs; i++) {
			stats_merge(st, &input.stats[i]);
			stats_free(&input.stats[i]);
		}
		for (long i = 0; i < input.nbatches; i++) {
			for (int k = 0; k < BATCH; k++)
				ob_game_free(&input.batches[i].games[k]);
			free(input.batches[i].diag.p);
		}
		free(input.batches);
		free(input.stats);
	}
	ob_game_free(&input.game);
	free(input.diag.p);
}

static int read_games(struct stats *st, const char *path)
{
	const char *name = path;
	FILE *f = stdin;
	int status = EXIT_OK;
	if (strcmp(path, "-") == 0) {
		name = "<stdin>";
	} else if (!(f = fopen(path, "rb"))) {
		progress_clear();
		util_warn("%s: %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	struct ob_ogn_reader *r = ob_ogn_open(f);
	if (!r)
		util_out_of_memory();
	struct ob_error err;
	int got = 1;
	while (got > 0) {
		if (!input.pool) {
			got = ob_ogn_next(r, &input.game, &err);
			if (got <= 0)
				break;
			progress_tick();
			if (!process_game(st, &input.game, name, &input.diag))
				status = EXIT_INVALID;
			emit_diagnostics(&input.diag);
			continue;
		}
		if (input_collect(input.nbatches - 1))
			status = EXIT_INVALID;
		struct batch *b =
			&input.batches[input.submitted % input.nbatches];
		b->n = 0;
		b->name = name;
		while (b->n < BATCH &&
		       (got = ob_ogn_next(r, &b->games[b->n], &err)) > 0) {
			b->n++;
			progress_tick();
		}
		if (b->n) {
			pool_submit(input.pool, b);
			input.submitted++;
		}
	}
	if (input.pool && input_collect(0))
		status = EXIT_INVALID;
	if (got < 0) {
		progress_clear();
		util_warn("%s: %s", name, err.message);
		status = EXIT_USAGE;
	}
	ob_ogn_close(r);
	if (f != stdin)
		fclose(f);
	return status;
}

/* ---- partial states ---- */

#define PARTIAL_FORMAT "ob-stats partial"
#define PARTIAL_VERSION 1

static void write_partial(struct buf *b, const struct stats *st)
{
	buf_printf(b, "{\"format\":\"%s\",\"version\":%d,\n", PARTIAL_FORMAT,
		   PARTIAL_VERSION);
	buf_puts(b, "\"by\":");
	if (opt.by)
		json_bytes(b, opt.by);
	else
		buf_puts(b, "null");
	buf_printf(b, ",\"openings\":%d,\"variant\":", opt.openings);
	json_bytes(b, opt.variant->name);
	buf_puts(b, ",\n\"cells\":[");
	int ncells = ob_cell_count(opt.variant);
	for (int c = 0; c < ncells; c++)
		buf_printf(b, "%s%llu", c ? "," : "",
			   (unsigned long long)st->cells[c]);
	buf_puts(b, "],\n\"groups\":[");
	struct strmap_entry **groups = strmap_sorted(&st->groups);
	for (size_t i = 0; i < st->groups.count; i++) {
		const struct group *g = groups[i]->value;
		buf_puts(b, i ? ",\n{\"value\":" : "\n{\"value\":");
		if (opt.by)
			json_bytes(b, groups[i]->key);
		else
			buf_puts(b, "null");
		buf_printf(b, ",\"games\":%llu,\"invalid\":%llu,\"variants\":[",
			   (unsigned long long)g->games,
			   (unsigned long long)g->invalid);
		bool first = true;
		for (int v = 0; v < known.count; v++)
			if (g->variants >> v & 1) {
				buf_puts(b, first ? "" : ",");
				json_bytes(b, known.list[v]->name);
				first = false;
			}
		buf_puts(b, "],\n \"results\":[");
		for (int r = 0; r < NRESULTS; r++)
			buf_printf(b, "%s%llu", r ? "," : "",
				   (unsigned long long)g->results[r]);
		buf_puts(b, "],\"terminations\":[");
		for (int e = 0; e < NENDS; e++)
			buf_printf(b, "%s%llu", e ? "," : "",
				   (unsigned long long)g->ends[e]);
		buf_puts(b, "],\n \"lengths\":[");
		first = true;
		for (size_t k = 0; k < g->nlengths; k++)
			if (g->lengths[k]) {
				buf_printf(b, "%s[%zu,%llu]", first ? "" : ",",
					   k, (unsigned long long)g->lengths[k]);
				first = false;
			}
		buf_puts(b, "],\n \"pieces\":[");
		first = true;
		for (int l = 0; l < NLETTERS; l++) {
			const struct kind_figures *k = &g->kinds[l];
			if (!k->moves && !k->captured && !k->promotions)
				continue;
			buf_printf(b, "%s[\"%c\",%llu,%llu,%llu,%llu,%llu,%llu]",
				   first ? "" : ",", 'A' + l,
				   (unsigned long long)k->moves,
				   (unsigned long long)k->captures,
				   (unsigned long long)k->captured,
				   (unsigned long long)k->checks,
				   (unsigned long long)k->mates,
				   (unsigned long long)k->promotions);
			first = false;
		}
		buf_printf(b, "],\n \"special\":[%llu,%llu,%llu],\"branching\":[",
			   (unsigned long long)g->castlings,
			   (unsigned long long)g->guardings,
			   (unsigned long long)g->en_passant);
		for (int p = 0; p < NPHASES; p++)
			buf_printf(b, "%s[%llu,%llu]", p ? "," : "",
				   (unsigned long long)g->positions[p],
				   (unsigned long long)g->legal[p]);
		buf_puts(b, "],\"levels\":[");
		for (int l = 0; l < MAX_LEVELS; l++)
			buf_printf(b, "%s%llu", l ? "," : "",
				   (unsigned long long)g->levels[l]);
		buf_puts(b, "],\n \"openings\":[");
		struct strmap_entry **ops = strmap_sorted(&g->openings);
		for (size_t o = 0; o < g->openings.count; o++) {
			const struct opening *op = ops[o]->value;
			buf_puts(b, o ? ",\n  [" : "\n  [");
			json_bytes(b, ops[o]->key);
			for (int r = 0; r < NRESULTS; r++)
				buf_printf(b, ",%llu",
					   (unsigned long long)op->results[r]);
			buf_puts(b, "]");
		}
		free(ops);
		buf_puts(b, "]}");
		if (b->len > 1 << 16) {
			fwrite(b->p, 1, b->len, stdout);
			b->len = 0;
		}
	}
	free(groups);
	buf_puts(b, "]}\n");
}

/* Reading a partial: each accessor notes the first thing amiss. */
struct reading {
	const char *name;
	const char *problem;
};

static bool bad(struct reading *rd, const char *problem)
{
	if (!rd->problem)
		rd->problem = problem;
	return false;
}

static uint64_t jnumber(struct reading *rd, const struct json_value *v,
			const char *what)
{
	if (!v || v->type != JSON_NUMBER) {
		bad(rd, what);
		return 0;
	}
	return v->number;
}

/* The numbers of an array of exactly n numbers. */
static bool jnumbers(struct reading *rd, const struct json_value *v, size_t n,
		     uint64_t *out, const char *what)
{
	if (!v || v->type != JSON_ARRAY || v->n != n)
		return bad(rd, what);
	for (size_t i = 0; i < n; i++)
		out[i] = jnumber(rd, &v->items[i], what);
	return !rd->problem;
}

static void read_group(struct reading *rd, struct stats *st,
		       const struct json_value *jg)
{
	const struct json_value *value = json_get(jg, "value");
	if (!value ||
	    (opt.by ? value->type != JSON_STRING : value->type != JSON_NULL)) {
		bad(rd, "a group's value does not match \"by\"");
		return;
	}
	struct group *g = stats_group(st, opt.by ? value->string : "");
	struct group add = {0};
	add.games = jnumber(rd, json_get(jg, "games"), "\"games\"");
	add.invalid = jnumber(rd, json_get(jg, "invalid"), "\"invalid\"");
	const struct json_value *vs = json_get(jg, "variants");
	if (!vs || vs->type != JSON_ARRAY)
		bad(rd, "\"variants\"");
	for (size_t i = 0; vs && vs->type == JSON_ARRAY && i < vs->n; i++) {
		const struct ob_variant *v =
			vs->items[i].type == JSON_STRING
				? ob_variant_find(vs->items[i].string)
				: NULL;
		if (!v)
			bad(rd, "an unknown variant in \"variants\"");
		else
			add.variants |= 1u << variant_index(v);
	}
	jnumbers(rd, json_get(jg, "results"), NRESULTS, add.results, "\"results\"");
	jnumbers(rd, json_get(jg, "terminations"), NENDS, add.ends,
		 "\"terminations\"");
	const struct json_value *ls = json_get(jg, "lengths");
	if (!ls || ls->type != JSON_ARRAY)
		bad(rd, "\"lengths\"");
	for (size_t i = 0; !rd->problem && i < ls->n; i++) {
		uint64_t pair[2];
		if (jnumbers(rd, &ls->items[i], 2, pair, "\"lengths\"") &&
		    pair[0] <= OB_OGN_PLIES_MAX) {
			lengths_add(&add, (size_t)pair[0], pair[1]);
			add.plies += pair[0] * pair[1];
		}
		else
			bad(rd, "\"lengths\"");
	}
	const struct json_value *ps = json_get(jg, "pieces");
	if (!ps || ps->type != JSON_ARRAY)
		bad(rd, "\"pieces\"");
	for (size_t i = 0; !rd->problem && i < ps->n; i++) {
		const struct json_value *row = &ps->items[i];
		const char *l = row->type == JSON_ARRAY && row->n == 7 &&
					row->items[0].type == JSON_STRING
				? row->items[0].string
				: "";
		if (strlen(l) != 1 || l[0] < 'A' || l[0] > 'Z') {
			bad(rd, "\"pieces\"");
			break;
		}
		struct kind_figures *k = &add.kinds[l[0] - 'A'];
		uint64_t *f[6] = {&k->moves,  &k->captures, &k->captured,
				  &k->checks, &k->mates,    &k->promotions};
		for (int j = 0; j < 6; j++)
			*f[j] = jnumber(rd, &row->items[j + 1], "\"pieces\"");
	}
	uint64_t special[3] = {0};
	jnumbers(rd, json_get(jg, "special"), 3, special, "\"special\"");
	add.castlings = special[0];
	add.guardings = special[1];
	add.en_passant = special[2];
	const struct json_value *br = json_get(jg, "branching");
	if (!br || br->type != JSON_ARRAY || br->n != NPHASES)
		bad(rd, "\"branching\"");
	for (int p = 0; !rd->problem && p < NPHASES; p++) {
		uint64_t pair[2] = {0};
		jnumbers(rd, &br->items[p], 2, pair, "\"branching\"");
		add.positions[p] = pair[0];
		add.legal[p] = pair[1];
	}
	jnumbers(rd, json_get(jg, "levels"), MAX_LEVELS, add.levels, "\"levels\"");
	const struct json_value *os = json_get(jg, "openings");
	if (!os || os->type != JSON_ARRAY)
		bad(rd, "\"openings\"");
	for (size_t i = 0; !rd->problem && i < os->n; i++) {
		const struct json_value *row = &os->items[i];
		if (row->type != JSON_ARRAY || row->n != 1 + NRESULTS ||
		    row->items[0].type != JSON_STRING) {
			bad(rd, "\"openings\"");
			break;
		}
		struct opening *o = strmap_get(&add.openings,
					       row->items[0].string, sizeof *o);
		for (int r = 0; r < NRESULTS; r++)
			o->results[r] += jnumber(rd, &row->items[r + 1],
						 "\"openings\"");
	}
	if (!rd->problem)
		group_merge(g, &add);
	group_free(&add);
}

/* Reads one partial state into st; exits 2 when it cannot. */
static void read_partial(struct stats *st, const char *path, bool *first)
{
	struct reading rd = {strcmp(path, "-") == 0 ? "<stdin>" : path, NULL};
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		util_warn("%s: %s", path, strerror(errno));
		exit(EXIT_USAGE);
	}
	struct buf text = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&text, chunk, n);
	if (ferror(f)) {
		util_warn("%s: read error: %s", rd.name, strerror(errno));
		exit(EXIT_USAGE);
	}
	if (f != stdin)
		fclose(f);

	struct json_value root;
	const char *error;
	size_t at;
	if (!json_parse(text.p, text.len, &root, &error, &at)) {
		util_warn("%s: not a partial state: %s at byte %zu", rd.name,
			  error, at + 1);
		exit(EXIT_USAGE);
	}
	const struct json_value *fmt = json_get(&root, "format");
	if (!fmt || fmt->type != JSON_STRING ||
	    strcmp(fmt->string, PARTIAL_FORMAT) != 0 ||
	    jnumber(&rd, json_get(&root, "version"), "\"version\"") !=
		    PARTIAL_VERSION) {
		util_warn("%s: not a partial state of ob-stats %s", rd.name,
			  OB_VERSION);
		exit(EXIT_USAGE);
	}
	const struct json_value *by = json_get(&root, "by");
	const struct json_value *var = json_get(&root, "variant");
	uint64_t openings = jnumber(&rd, json_get(&root, "openings"),
				    "\"openings\"");
	const struct ob_variant *v =
		var && var->type == JSON_STRING ? ob_variant_find(var->string)
					     : NULL;
	if (!by || (by->type != JSON_NULL && by->type != JSON_STRING) || !v ||
	    openings > 1000)
		bad(&rd, "\"by\", \"openings\" or \"variant\"");
	if (!rd.problem && *first) {
		if (!opt.by && by->type == JSON_STRING)
			opt.by = util_xstrdup(by->string);
		if (!opt.openings_given)
			opt.openings = (int)openings;
		if (!opt.variant_given)
			opt.variant = v;
		*first = false;
	}
	if (!rd.problem) {
		const char *why = NULL;
		if ((by->type == JSON_NULL) != !opt.by ||
		    (opt.by && strcmp(opt.by, by->string) != 0))
			why = "--by";
		else if (openings != (uint64_t)opt.openings)
			why = "--openings";
		else if (v != opt.variant)
			why = "-V";
		if (why) {
			util_warn("%s: made with another %s than the other "
				  "partial states or the options",
				  rd.name, why);
			exit(EXIT_USAGE);
		}
	}
	uint64_t cells[OB_MAX_CELLS] = {0};
	jnumbers(&rd, json_get(&root, "cells"), (size_t)ob_cell_count(opt.variant),
		 cells, "\"cells\"");
	const struct json_value *groups = json_get(&root, "groups");
	if (!groups || groups->type != JSON_ARRAY)
		bad(&rd, "\"groups\"");
	struct stats add = {0};
	for (size_t i = 0; !rd.problem && i < groups->n; i++)
		read_group(&rd, &add, &groups->items[i]);
	if (rd.problem) {
		util_warn("%s: not a partial state: bad %s", rd.name,
			  rd.problem);
		exit(EXIT_USAGE);
	}
	memcpy(add.cells, cells, sizeof cells);
	stats_merge(st, &add);
	stats_free(&add);
	json_free(&root);
	free(text.p);
}

/* ---- the report: tables ---- */

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

static void table_init(struct table *t, const char *id, const char *title,
		       bool single)
{
	memset(t, 0, sizeof *t);
	t->id = id;
	snprintf(t->title, sizeof t->title, "%s", title);
	t->single = single;
}

static void table_col(struct table *t, const char *id, enum ctype type)
{
	t->cols[t->ncols].id = id;
	t->cols[t->ncols].type = type;
	t->ncols++;
}

static void table_row(struct table *t)
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

/* Sets the next empty cell of the last row. */
UTIL_PRINTF(2, 3)
static void table_cell(struct table *t, const char *fmt, ...)
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

/* A cell with no value: "-" in text, null in JSON, empty in TSV. */
static void table_none(struct table *t)
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

static void table_free(struct table *t)
{
	for (int i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
}

static void cell_u(struct table *t, uint64_t x)
{
	table_cell(t, "%llu", (unsigned long long)x);
}

/* 100 * part / whole with one decimal, or no value. */
static void cell_percent(struct table *t, uint64_t part, uint64_t whole)
{
	if (!whole)
		table_none(t);
	else
		table_cell(t, "%.1f", 100.0 * (double)part / (double)whole);
}

static void cell_mean(struct table *t, uint64_t sum, uint64_t n)
{
	if (!n)
		table_none(t);
	else
		table_cell(t, "%.2f", (double)sum / (double)n);
}

/* ---- the report: sections ---- */

enum section {
	SEC_GAMES,
	SEC_RESULTS,
	SEC_TERMINATIONS,
	SEC_LENGTH,
	SEC_HISTOGRAM,
	SEC_PIECES,
	SEC_SPECIAL,
	SEC_BRANCHING,
	SEC_LEVELS,
	SEC_OPENINGS,
	NSECTIONS
};

static uint64_t valid_games(const struct group *g)
{
	return g->games - g->invalid;
}

/* The length at 1-based rank r among the valid games (nearest rank). */
static size_t length_at_rank(const struct group *g, uint64_t r)
{
	uint64_t seen = 0;
	for (size_t k = 0; k < g->nlengths; k++) {
		seen += g->lengths[k];
		if (seen >= r)
			return k;
	}
	return 0;
}

static void section_length(struct table *t, const struct group *g)
{
	uint64_t n = valid_games(g);
	table_init(t, "length", "Length (plies)", true);
	static const char *const ids[] = {"plies", "min",  "q1", "median",
					  "q3",    "mean", "max"};
	for (int i = 0; i < 7; i++)
		table_col(t, ids[i], C_NUM);
	table_row(t);
	cell_u(t, g->plies);
	if (!n) {
		for (int i = 1; i < 7; i++)
			table_none(t);
		return;
	}
	/* ranks ceil(n/4), ceil(n/2), ceil(3n/4); min and max are 1 and n */
	cell_u(t, length_at_rank(g, 1));
	cell_u(t, length_at_rank(g, (n + 3) / 4));
	cell_u(t, length_at_rank(g, (n + 1) / 2));
	cell_u(t, length_at_rank(g, (3 * n + 3) / 4));
	cell_mean(t, g->plies, n);
	cell_u(t, length_at_rank(g, n));
}

static void section_histogram(struct table *t, const struct group *g)
{
	uint64_t n = valid_games(g);
	table_init(t, "histogram", "", false);
	table_col(t, "from", C_NUM);
	table_col(t, "to", C_NUM);
	table_col(t, "games", C_NUM);
	table_col(t, "bar", C_BAR);
	if (!n) {
		snprintf(t->title, sizeof t->title, "Length histogram (plies)");
		return;
	}
	size_t lo = length_at_rank(g, 1), hi = length_at_rank(g, n), w = 1;
	/* the smallest width of 1, 2, 5, 10, 20, 50, ... giving at most 20 bins */
	for (int step = 0; hi / w - lo / w + 1 > 20; step++)
		w = w * (step % 3 == 1 ? 5 : 2) / (step % 3 == 1 ? 2 : 1);
	snprintf(t->title, sizeof t->title,
		 "Length histogram (plies, bins of %zu)", w);
	uint64_t most = 0;
	for (size_t b = lo / w; b <= hi / w; b++) {
		uint64_t c = 0;
		for (size_t k = b * w; k < (b + 1) * w && k < g->nlengths; k++)
			c += g->lengths[k];
		most = c > most ? c : most;
	}
	for (size_t b = lo / w; b <= hi / w; b++) {
		uint64_t c = 0;
		for (size_t k = b * w; k < (b + 1) * w && k < g->nlengths; k++)
			c += g->lengths[k];
		table_row(t);
		table_cell(t, "%zu", b * w);
		table_cell(t, "%zu", b * w + w - 1);
		cell_u(t, c);
		uint64_t bar = (c * 40 + most / 2) / most;
		if (c && !bar)
			bar = 1;
		char hashes[41];
		memset(hashes, '#', (size_t)bar);
		hashes[bar] = '\0';
		table_cell(t, "%s", hashes);
	}
}

/* Is name one of the '/'-separated names in list? */
static bool has_name(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p;) {
		const char *end = strchr(p, '/');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && memcmp(p, name, n) == 0)
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

static void section_pieces(struct table *t, const struct group *g)
{
	static const char *const ids[] = {"moves",  "captures", "captured",
					  "checks", "mates",    "promotions"};
	table_init(t, "pieces", "Pieces (by the letter that moves)", false);
	table_col(t, "piece", C_TEXT);
	table_col(t, "name", C_TEXT);
	for (int i = 0; i < 6; i++)
		table_col(t, ids[i], C_NUM);
	/* the letters of the variants played, in the order of their tables */
	bool done[NLETTERS] = {false};
	for (int v = 0; v < known.count; v++) {
		if (!(g->variants >> v & 1))
			continue;
		const struct ob_variant *var = known.list[v];
		for (int k = 0; k < var->nkinds; k++) {
			int l = known.letter[v][k];
			if (done[l])
				continue;
			done[l] = true;
			struct buf names = {0};
			for (int u = v; u < known.count; u++) {
				if (!(g->variants >> u & 1))
					continue;
				const struct ob_variant *o = known.list[u];
				for (int j = 0; j < o->nkinds; j++) {
					const char *name = o->kinds[j].name;
					if (known.letter[u][j] != l ||
					    has_name(names.p, name))
						continue;
					if (names.len)
						buf_puts(&names, "/");
					buf_puts(&names, name);
				}
			}
			const struct kind_figures *f = &g->kinds[l];
			table_row(t);
			table_cell(t, "%c", 'A' + l);
			table_cell(t, "%s", names.p);
			free(names.p);
			cell_u(t, f->moves);
			cell_u(t, f->captures);
			cell_u(t, f->captured);
			cell_u(t, f->checks);
			cell_u(t, f->mates);
			cell_u(t, f->promotions);
		}
	}
}

static bool has_special_moves(unsigned variants)
{
	for (int v = 0; v < known.count; v++)
		if ((variants >> v & 1) && (known.list[v]->npairs > 0 ||
					    known.list[v]->pawn->en_passant))
			return true;
	return false;
}

static int level_count(unsigned variants)
{
	int n = 0;
	for (int v = 0; v < known.count; v++)
		if ((variants >> v & 1) && known.levels[v] > n)
			n = known.levels[v];
	return n;
}

struct ranked {
	const char *moves;
	const struct opening *o;
	uint64_t games;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->games != y->games)
		return x->games > y->games ? -1 : 1;
	return strcmp(x->moves, y->moves);
}

static void section_openings(struct table *t, const struct group *g)
{
	char title[96];
	snprintf(title, sizeof title, "Openings (first %d pl%s)", opt.openings,
		 opt.openings == 1 ? "y" : "ies");
	table_init(t, "openings", title, false);
	static const char *const ids[] = {"games",	"white_wins",
					  "draws",	"black_wins",
					  "unfinished", "points",
					  "score"};
	table_col(t, "moves", C_TEXT);
	for (int i = 0; i < 7; i++)
		table_col(t, ids[i], C_NUM);
	size_t n = g->openings.count;
	struct ranked *list = malloc((n + 1) * sizeof *list);
	if (!list)
		util_out_of_memory();
	size_t k = 0;
	for (size_t i = 0; i < g->openings.cap; i++) {
		const struct strmap_entry *e = &g->openings.slots[i];
		if (!e->key)
			continue;
		list[k].moves = e->key;
		list[k].o = e->value;
		list[k].games = 0;
		for (int r = 0; r < NRESULTS; r++)
			list[k].games += list[k].o->results[r];
		k++;
	}
	qsort(list, n, sizeof *list, ranked_cmp);
	if (opt.top > 0 && (size_t)opt.top < n)
		n = (size_t)opt.top;
	for (size_t i = 0; i < n; i++) {
		const uint64_t *r = list[i].o->results;
		table_row(t);
		table_cell(t, "%s", list[i].moves);
		cell_u(t, list[i].games);
		cell_u(t, r[0]);
		cell_u(t, r[2]);
		cell_u(t, r[1]);
		cell_u(t, r[3]);
		table_cell(t, "%llu%s", (unsigned long long)(r[0] + r[2] / 2),
			   r[2] % 2 ? ".5" : "");
		cell_percent(t, 2 * r[0] + r[2], 2 * (r[0] + r[1] + r[2]));
	}
	free(list);
}

/* Builds one section of a group's report; false when the group has none. */
static bool build_section(int sec, const struct group *g, struct table *t)
{
	uint64_t n = valid_games(g);
	switch (sec) {
	case SEC_GAMES:
		table_init(t, "games", "Games", true);
		table_col(t, "games", C_NUM);
		table_col(t, "valid", C_NUM);
		table_col(t, "invalid", C_NUM);
		table_row(t);
		cell_u(t, g->games);
		cell_u(t, n);
		cell_u(t, g->invalid);
		return true;
	case SEC_RESULTS:
		table_init(t, "results", "Results", false);
		table_col(t, "result", C_TEXT);
		table_col(t, "marker", C_TEXT);
		table_col(t, "games", C_NUM);
		table_col(t, "percent", C_NUM);
		for (int i = 0; i < NRESULTS; i++) {
			table_row(t);
			table_cell(t, "%s", result_label[i]);
			table_cell(t, "%s", result_marker[i]);
			cell_u(t, g->results[i]);
			cell_percent(t, g->results[i], n);
		}
		return true;
	case SEC_TERMINATIONS:
		table_init(t, "terminations", "Terminations", false);
		table_col(t, "termination", C_TEXT);
		table_col(t, "games", C_NUM);
		table_col(t, "percent", C_NUM);
		for (int i = 0; i < NENDS; i++) {
			table_row(t);
			table_cell(t, "%s", end_label[i]);
			cell_u(t, g->ends[i]);
			cell_percent(t, g->ends[i], n);
		}
		return true;
	case SEC_LENGTH:
		section_length(t, g);
		return true;
	case SEC_HISTOGRAM:
		section_histogram(t, g);
		return true;
	case SEC_PIECES:
		section_pieces(t, g);
		return true;
	case SEC_SPECIAL:
		if (!has_special_moves(g->variants))
			return false;
		table_init(t, "special", "Special moves", true);
		table_col(t, "castlings", C_NUM);
		table_col(t, "guardings", C_NUM);
		table_col(t, "en_passant", C_NUM);
		table_row(t);
		cell_u(t, g->castlings);
		cell_u(t, g->guardings);
		cell_u(t, g->en_passant);
		return true;
	case SEC_BRANCHING: {
		table_init(t, "branching",
			   "Branching factor (legal moves where a move was "
			   "played)",
			   false);
		table_col(t, "phase", C_TEXT);
		table_col(t, "positions", C_NUM);
		table_col(t, "moves", C_NUM);
		table_col(t, "mean", C_NUM);
		uint64_t pos = 0, legal = 0;
		for (int p = 0; p < NPHASES; p++) {
			pos += g->positions[p];
			legal += g->legal[p];
		}
		table_row(t);
		table_cell(t, "all");
		cell_u(t, pos);
		cell_u(t, legal);
		cell_mean(t, legal, pos);
		for (int p = 0; p < NPHASES; p++) {
			table_row(t);
			table_cell(t, "%s", phase_label[p]);
			cell_u(t, g->positions[p]);
			cell_u(t, g->legal[p]);
			cell_mean(t, g->legal[p], g->positions[p]);
		}
		return true;
	}
	case SEC_LEVELS: {
		int levels = level_count(g->variants);
		if (!levels)
			return false;
		table_init(t, "levels", "Levels (moves ending on each level)",
			   false);
		table_col(t, "level", C_TEXT);
		table_col(t, "moves", C_NUM);
		table_col(t, "percent", C_NUM);
		uint64_t all = 0;
		for (int l = 0; l < levels; l++)
			all += g->levels[l];
		for (int l = 0; l < levels; l++) {
			table_row(t);
			table_cell(t, "%c", 'A' + l);
			cell_u(t, g->levels[l]);
			cell_percent(t, g->levels[l], all);
		}
		return true;
	}
	case SEC_OPENINGS:
		if (!opt.openings)
			return false;
		section_openings(t, g);
		return true;
	}
	return false;
}

/* ---- the report: rendering ---- */

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

static void render_text(struct buf *b, const struct table *t)
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

static void render_json_row(struct buf *b, const struct table *t, int r)
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

static void render_json(struct buf *b, const struct table *t,
			const char *indent)
{
	buf_printf(b, "%s\"%s\":", indent, t->id);
	if (t->single) {
		render_json_row(b, t, 0);
		return;
	}
	buf_puts(b, "[");
	for (int r = 0; r < t->nrows; r++) {
		buf_printf(b, "%s\n%s  ", r ? "," : "", indent);
		render_json_row(b, t, r);
	}
	buf_puts(b, "]");
}

static void tsv_field(struct buf *b, const char *s)
{
	if (is_none(s))
		return;
	for (; *s; s++)
		buf_add(b, *s == '\t' || *s == '\n' || *s == '\r' ? " " : s, 1);
}

static void render_tsv_rows(struct buf *b, const struct table *t,
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

static void flush_buf(struct buf *b)
{
	if (b->len && fwrite(b->p, 1, b->len, stdout) != b->len)
		util_check_output();
	b->len = 0;
}

/* A tag value as in a PGN tag pair: quotes and backslashes escaped. */
static void tag_pair(struct buf *b, const char *name, const char *value)
{
	buf_printf(b, "[%s \"", name);
	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_puts(b, "\\");
		buf_add(b, p, 1);
	}
	buf_puts(b, "\"]\n");
}

static void report(struct stats *st)
{
	struct buf b = {0};
	if (!opt.by)
		stats_group(st, ""); /* a report even without games */
	struct strmap_entry **groups = strmap_sorted(&st->groups);
	size_t ngroups = st->groups.count;
	struct table t;

	switch (opt.format) {
	case FMT_TEXT:
		for (size_t i = 0; i < ngroups; i++) {
			if (opt.by) {
				buf_puts(&b, i ? "\n" : "");
				tag_pair(&b, opt.by, groups[i]->key);
			}
			for (int s = 0; s < NSECTIONS; s++) {
				if (!build_section(s, groups[i]->value, &t))
					continue;
				if (s || opt.by)
					buf_puts(&b, "\n");
				render_text(&b, &t);
				table_free(&t);
			}
			flush_buf(&b);
		}
		break;
	case FMT_JSON:
		if (opt.by) {
			buf_puts(&b, "{\"by\":");
			json_text(&b, opt.by);
			buf_puts(&b, ",\"groups\":[");
		}
		for (size_t i = 0; i < ngroups; i++) {
			const char *indent = opt.by ? " " : "";
			if (opt.by) {
				buf_puts(&b, i ? ",\n{\"value\":" : "\n{\"value\":");
				json_text(&b, groups[i]->key);
			} else {
				buf_puts(&b, "{");
			}
			bool first = !opt.by;
			for (int s = 0; s < NSECTIONS; s++) {
				if (!build_section(s, groups[i]->value, &t))
					continue;
				buf_puts(&b, first ? "\n" : ",\n");
				first = false;
				render_json(&b, &t, indent);
				table_free(&t);
			}
			buf_puts(&b, "}");
			flush_buf(&b);
		}
		buf_puts(&b, opt.by ? "]}\n" : "\n");
		break;
	case FMT_TSV:
		for (int s = 0, printed = 0; s < NSECTIONS; s++) {
			bool header = false;
			for (size_t i = 0; i < ngroups; i++) {
				if (!build_section(s, groups[i]->value, &t))
					continue;
				if (!header) {
					buf_printf(&b, "%s# %s\n",
						   printed++ ? "\n" : "", t.id);
					bool first = true;
					if (opt.by) {
						tsv_field(&b, opt.by);
						first = false;
					}
					for (int c = 0; c < t.ncols; c++)
						if (t.cols[c].type != C_BAR) {
							buf_printf(&b, "%s%s",
								   first ? "" : "\t",
								   t.cols[c].id);
							first = false;
						}
					buf_puts(&b, "\n");
					header = true;
				}
				render_tsv_rows(&b, &t,
						opt.by ? groups[i]->key : NULL);
				table_free(&t);
				flush_buf(&b);
			}
		}
		break;
	case FMT_PARTIAL:
		write_partial(&b, st);
		break;
	}
	flush_buf(&b);
	free(b.p);
	free(groups);
	util_check_output();
}

/* Writes the --cells lines; exits 2 when the file cannot be written. */
static void write_cells(const struct stats *st)
{
	bool to_stdout = strcmp(opt.cells, "-") == 0;
	FILE *f = to_stdout ? stdout : fopen(opt.cells, "w");
	if (!f) {
		util_warn("%s: %s", opt.cells, strerror(errno));
		exit(EXIT_USAGE);
	}
	int n = ob_cell_count(opt.variant);
	for (int c = 0; c < n; c++) {
		char name[8];
		ob_cell_name(opt.variant, c, name);
		fprintf(f, "%s %llu\n", name, (unsigned long long)st->cells[c]);
	}
	if (to_stdout) {
		util_check_output();
	} else if (ferror(f) | (fclose(f) != 0)) {
		util_warn("%s: write error", opt.cells);
		exit(EXIT_USAGE);
	}
}

static int exit_status_of(const struct stats *st)
{
	for (size_t i = 0; i < st->groups.cap; i++)
		if (st->groups.slots[i].key &&
		    ((const struct group *)st->groups.slots[i].value)->invalid)
			return EXIT_INVALID;
	return EXIT_OK;
}

static void set_format(enum format f, const char *name)
{
	if (opt.format != FMT_TEXT && opt.format != f)
		util_usage_error("--json, --tsv and --partial exclude each "
				 "other (%s)",
				 name);
	opt.format = f;
}

int main(int argc, char **argv)
{
	enum { OPT_JSON = 256, OPT_MERGE, OPT_PARTIAL, OPT_TOP, OPT_TSV,
	       OPT_VERSION };
	static const struct option longopts[] = {
		{"by", required_argument, NULL, 'b'},
		{"cells", required_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},
		{"jobs", required_argument, NULL, 'j'},
		{"json", no_argument, NULL, OPT_JSON},
		{"merge", no_argument, NULL, OPT_MERGE},
		{"openings", required_argument, NULL, 'o'},
		{"partial", no_argument, NULL, OPT_PARTIAL},
		{"top", required_argument, NULL, OPT_TOP},
		{"tsv", no_argument, NULL, OPT_TSV},
		{"variant", required_argument, NULL, 'V'},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	util_init("ob-stats", argv);
	opt.variant = ob_variant_default();
	opt.top = 10;
	opt.jobs = 1;
	bool top_given = false;
	long x;
	int c;
	while ((c = getopt_long(argc, argv, "b:c:hj:o:V:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'b':
			if (!*optarg)
				util_usage_error("--by takes a tag name");
			opt.by = optarg;
			break;
		case 'c':
			opt.cells = optarg;
			break;
		case 'h':
			util_help(usage_text, help_text);
		case 'j':
			if (!util_parse_long(optarg, 1, 256, &x))
				util_usage_error("-j takes a thread count from 1 "
						 "to 256, not '%s'",
						 optarg);
			opt.jobs = (int)x;
			break;
		case OPT_JSON:
			set_format(FMT_JSON, "--json");
			break;
		case OPT_MERGE:
			opt.merge = true;
			break;
		case 'o':
			if (!util_parse_long(optarg, 0, 1000, &x))
				util_usage_error("--openings takes a number of "
						 "plies from 0 to 1000, not '%s'",
						 optarg);
			opt.openings = (int)x;
			opt.openings_given = true;
			break;
		case OPT_PARTIAL:
			set_format(FMT_PARTIAL, "--partial");
			break;
		case OPT_TOP:
			if (!util_parse_long(optarg, 0, 1000000000, &x))
				util_usage_error("--top takes a number from 0, "
						 "not '%s'",
						 optarg);
			opt.top = x;
			top_given = true;
			break;
		case OPT_TSV:
			set_format(FMT_TSV, "--tsv");
			break;
		case 'V':
			opt.variant = util_variant(optarg);
			opt.variant_given = true;
			break;
		case OPT_VERSION:
			util_version();
		default:
			util_usage(usage_text);
		}
	}
	if (opt.format == FMT_PARTIAL && (opt.cells || top_given))
		util_usage_error("--partial writes every figure: --cells and "
				 "--top belong to the report (--merge)");
	known_init();

	struct stats st = {0};
	int status = EXIT_OK;
	if (opt.merge) {
		bool first = true;
		if (optind == argc)
			read_partial(&st, "-", &first);
		for (int i = optind; i < argc; i++)
			read_partial(&st, argv[i], &first);
		status = exit_status_of(&st);
	} else {
		progress.enabled = isatty(STDERR_FILENO);
		clock_gettime(CLOCK_MONOTONIC, &progress.start);
		input_start(opt.jobs);
		if (optind == argc)
			status = read_games(&st, "-");
		for (int i = optind; i < argc; i++) {
			int s = read_games(&st, argv[i]);
			status = s > status ? s : status;
		}
		input_finish(&st, opt.jobs);
		progress_clear();
	}
	if (opt.cells)
		write_cells(&st);
	if (!opt.cells || strcmp(opt.cells, "-") != 0)
		report(&st);
	stats_free(&st);
	return status;
}
