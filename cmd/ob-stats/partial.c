/* Partial states of ob-stats written and read back; see partial.h. */
#include "partial.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "options.h"
#include "util.h"

/* ---- writing ---- */

#define PARTIAL_FORMAT "ob-stats partial"
/* Version 2 added Plattraum: pieces by code, the far-corner win among
 * the terminations, swaps among the special moves.  Version 1 is read
 * too: five terminations (no far-corner win), three special moves. */
#define PARTIAL_VERSION 2
#define V1_NENDS 5
#define V1_NSPECIAL 3

void partial_write(struct buf *b, const struct stats *st, FILE *out)
{
	buf_printf(b, "{\"format\":\"%s\",\"version\":%d,\n", PARTIAL_FORMAT,
		   PARTIAL_VERSION);
	buf_puts(b, "\"by\":");
	if (opt.by)
		json_bytes(b, opt.by);
	else
		buf_puts(b, "null");
	/* the cells of the games' board; of -V's when they mix boards
	 * (whose --cells the report refuses) */
	struct buf mix = {0};
	const struct ob_variant *board = stats_board(st, &mix);
	uint64_t cells[OB_MAX_CELLS];
	free(mix.p);
	if (!board)
		board = opt.variant;
	stats_cells(st, board, cells);
	buf_printf(b, ",\"openings\":%d,\"variant\":", opt.openings);
	json_bytes(b, board->name);
	buf_puts(b, ",\n\"cells\":[");
	int ncells = ob_cell_count(board);
	for (int c = 0; c < ncells; c++)
		buf_printf(b, "%s%llu", c ? "," : "",
			   (unsigned long long)cells[c]);
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
		for (int p = 0; p < known.npieces; p++) {
			const struct kind_figures *k = &g->kinds[p];
			if (!k->moves && !k->captured && !k->promotions)
				continue;
			buf_printf(b, "%s[\"%s\",%llu,%llu,%llu,%llu,%llu,%llu]",
				   first ? "" : ",", known.piece_name[p],
				   (unsigned long long)k->moves,
				   (unsigned long long)k->captures,
				   (unsigned long long)k->captured,
				   (unsigned long long)k->checks,
				   (unsigned long long)k->mates,
				   (unsigned long long)k->promotions);
			first = false;
		}
		buf_printf(b,
			   "],\n \"special\":[%llu,%llu,%llu,%llu],"
			   "\"branching\":[",
			   (unsigned long long)g->castlings,
			   (unsigned long long)g->guardings,
			   (unsigned long long)g->en_passant,
			   (unsigned long long)g->swaps);
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
		if (out && b->len > 1 << 16) {
			fwrite(b->p, 1, b->len, out);
			b->len = 0;
		}
	}
	free(groups);
	buf_puts(b, "]}\n");
}

/* ---- reading ---- */

/*
 * The reader takes the tokens of a partial state in the order written,
 * builds each group's figures as they come and checks them against each
 * other when the group closes (see ob-stats(1), PARTIAL STATES, for the
 * rules).  Memory holds one group being read, the figures added up so
 * far and the token reader's fixed buffers, whatever the input's size.
 */

struct place {
	long line, column;
};

/* Reading one partial state. */
struct reading {
	struct json_reader *j;
	const char *name;
	struct buf *diag;
	bool held; /* the current token is to be taken again */
	bool stop; /* the text cannot be read on: nothing more is read */
	bool bad;  /* a problem was reported */
	const struct ob_variant *board; /* of the state's cells */
	int version;
};

/* Adds x to *sum; false when it passes 2^64 - 1. */
static bool add_to(uint64_t *sum, uint64_t x)
{
	return (*sum += x) >= x;
}

/* The sum of n counts; false when it passes 2^64 - 1. */
static bool sum(const uint64_t *x, size_t n, uint64_t *out)
{
	bool ok = true;
	*out = 0;
	for (size_t i = 0; i < n; i++)
		ok &= add_to(out, x[i]);
	return ok;
}

static struct place here(const struct reading *rd)
{
	return (struct place){rd->j->line, rd->j->column};
}

/* Reports a problem at a place; with stop, reading ends. */
static bool problem(struct reading *rd, struct place at, bool stop,
		    const char *fmt, ...) UTIL_PRINTF(4, 5);
static bool problem(struct reading *rd, struct place at, bool stop,
		    const char *fmt, ...)
{
	char why[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (!rd->stop)
		buf_printf(rd->diag, "%s: %s:%ld:%ld: %s\n", util_progname,
			   rd->name, at.line, at.column, why);
	rd->bad = true;
	rd->stop |= stop;
	return false;
}

/* Takes the next token (again, when held). */
static bool next(struct reading *rd)
{
	if (rd->stop)
		return false;
	if (rd->held) {
		rd->held = false;
		return true;
	}
	if (json_next(rd->j) == JSON_ERROR)
		return problem(rd, here(rd), true, "%s", rd->j->error);
	return true;
}

/* Takes a token that must be t; what names it for the diagnostic. */
static bool expect(struct reading *rd, enum json_token t, const char *what)
{
	if (!next(rd))
		return false;
	if (rd->j->token != t)
		return problem(rd, here(rd), true, "expected %s, not %s", what,
			       json_token_name(rd->j->token));
	return true;
}

/* Takes the member key of an object, after a ',' unless it is the first:
 * the key and the ':'.  *at: where its value starts. */
static bool member(struct reading *rd, const char *key, bool first,
		   struct place *at)
{
	char what[64];
	snprintf(what, sizeof what, "',' and member \"%s\"", key);
	if (!first && !expect(rd, JSON_COMMA, what))
		return false;
	if (!next(rd))
		return false;
	if (rd->j->token != JSON_STRING || strcmp(rd->j->string, key) != 0)
		return problem(rd, here(rd), true, "expected member \"%s\"",
			       key);
	if (!expect(rd, JSON_COLON, "':'") || !next(rd))
		return false;
	*at = here(rd);
	rd->held = true;
	return true;
}

static bool number(struct reading *rd, uint64_t *out)
{
	if (!expect(rd, JSON_NUMBER, "a number"))
		return false;
	*out = rd->j->number;
	return true;
}

/* Takes n numbers, each after a ',' when comma or when not the first,
 * and the closing ']'. */
static bool numbers_closed(struct reading *rd, uint64_t *out, size_t n,
			   bool comma)
{
	for (size_t i = 0; i < n; i++)
		if (((comma || i) && !expect(rd, JSON_COMMA, "','")) ||
		    !number(rd, &out[i]))
			return false;
	return expect(rd, JSON_ARRAY_END, "']'");
}

/* An array of exactly n numbers. */
static bool numbers(struct reading *rd, uint64_t *out, size_t n)
{
	return expect(rd, JSON_ARRAY_BEGIN, "'['") &&
	       numbers_closed(rd, out, n, false);
}

/* Before each item of an array whose '[' was taken: true when one
 * follows, counted in *i; false after the ']' or on an error. */
static bool more(struct reading *rd, size_t *i)
{
	if (!next(rd) || rd->j->token == JSON_ARRAY_END)
		return false;
	if (*i && rd->j->token != JSON_COMMA)
		return problem(rd, here(rd), true, "expected ',' or ']', not %s",
			       json_token_name(rd->j->token));
	rd->held = !*i;
	++*i;
	return true;
}

/* Takes a string into out; false (reported) when it is not one. */
static bool string(struct reading *rd, struct buf *out)
{
	if (!expect(rd, JSON_STRING, "a string"))
		return false;
	out->len = 0;
	buf_add(out, rd->j->string, rd->j->len);
	return true;
}

/* ---- one group ---- */

/* The members of a group, in the order written. */
enum member {
	M_VALUE,
	M_GAMES,
	M_INVALID,
	M_VARIANTS,
	M_RESULTS,
	M_TERMINATIONS,
	M_LENGTHS,
	M_PIECES,
	M_SPECIAL,
	M_BRANCHING,
	M_LEVELS,
	M_OPENINGS,
	NMEMBERS
};
static const char *const member_name[NMEMBERS] = {
	"value",  "games",   "invalid",   "variants", "results",  "terminations",
	"lengths", "pieces", "special", "branching", "levels", "openings"};

/* A group as read, before it is added to the others. */
struct group_reading {
	struct group g;
	struct place at[NMEMBERS];
	struct buf value;   /* the group's value ("" without --by) */
	struct buf text;    /* the string being read */
	struct buf last;    /* the previous opening */
};

static bool read_variants(struct reading *rd, struct group_reading *gr)
{
	int last = -1;
	size_t i = 0;
	if (!expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return false;
	while (more(rd, &i)) {
		struct place at = here(rd);
		if (!string(rd, &gr->text))
			return false;
		const struct ob_variant *v = ob_variant_find(gr->text.p);
		int k = v ? variant_index(v) : -1;
		if (k < 0 || known.list[k] != v)
			problem(rd, at, false, "an unknown variant");
		else if (k <= last)
			problem(rd, at, false, "variants out of order or repeated");
		else
			gr->g.variants |= 1u << k;
		last = k > last ? k : last;
	}
	return !rd->stop;
}

static bool read_lengths(struct reading *rd, struct group_reading *gr)
{
	uint64_t last = 0;
	size_t i = 0;
	if (!expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return false;
	while (more(rd, &i)) {
		struct place at = here(rd);
		uint64_t pair[2];
		if (!numbers(rd, pair, 2))
			return false;
		if (pair[0] > OB_OGN_PLIES_MAX)
			problem(rd, at, false, "a length above %d plies",
				OB_OGN_PLIES_MAX);
		else if (i > 1 && pair[0] <= last)
			problem(rd, at, false, "lengths out of order or repeated");
		else if (!pair[1])
			problem(rd, at, false, "a length of no games");
		else if ((pair[0] && pair[1] > UINT64_MAX / pair[0]) ||
			 !add_to(&gr->g.plies, pair[0] * pair[1]) ||
			 !lengths_add(&gr->g, (size_t)pair[0], pair[1]))
			problem(rd, at, false, "plies beyond 2^64 - 1");
		last = pair[0];
	}
	return !rd->stop;
}

static bool read_pieces(struct reading *rd, struct group_reading *gr)
{
	int last = -1;
	const char *unknown = rd->version == 1
				      ? "a piece letter other than A-Z"
				      : "a piece other than a letter A-Z or "
					"a code of a variant";
	size_t i = 0;
	if (!expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return false;
	while (more(rd, &i)) {
		uint64_t f[6];
		struct place at;
		if (!expect(rd, JSON_ARRAY_BEGIN, "'['") || !next(rd))
			return false;
		at = here(rd);
		rd->held = true;
		if (!string(rd, &gr->text) || !numbers_closed(rd, f, 6, true))
			return false;
		int p = strlen(gr->text.p) == gr->text.len &&
					(rd->version > 1 || gr->text.len == 1)
				? piece_index(gr->text.p)
				: -1;
		if (p < 0) {
			problem(rd, at, false, "%s", unknown);
			continue;
		}
		if (p <= last)
			problem(rd, at, false,
				"pieces out of byte order or repeated");
		last = p;
		struct kind_figures *k = &gr->g.kinds[p];
		*k = (struct kind_figures){f[0], f[1], f[2], f[3], f[4], f[5]};
	}
	return !rd->stop;
}

/* Is text plies move texts (no white space in them) joined by spaces? */
static bool opening_text(const char *text, int plies)
{
	int words = 0;
	for (const char *p = text; *p; p++) {
		if (*p == ' ' && (p == text || p[-1] == ' ' || !p[1]))
			return false;
		if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
			return false;
		words += *p != ' ' && (p == text || p[-1] == ' ');
	}
	return words == plies;
}

static bool read_openings(struct reading *rd, struct group_reading *gr)
{
	size_t i = 0;
	bool ordered = false; /* gr->last holds an opening of the group */
	if (!expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return false;
	while (more(rd, &i)) {
		uint64_t r[NRESULTS];
		struct place at;
		if (!expect(rd, JSON_ARRAY_BEGIN, "'['") || !next(rd))
			return false;
		at = here(rd);
		rd->held = true;
		if (!string(rd, &gr->text) ||
		    !numbers_closed(rd, r, NRESULTS, true))
			return false;
		if (!opt.openings) {
			problem(rd, at, false, "an opening without \"openings\"");
			continue;
		}
		if (!opening_text(gr->text.p, opt.openings)) {
			problem(rd, at, false, "an opening that is not %d move "
					       "texts joined by spaces",
				opt.openings);
			continue;
		}
		if (ordered && strcmp(gr->last.p, gr->text.p) >= 0)
			problem(rd, at, false,
				"openings out of byte order or repeated");
		ordered = true;
		gr->last.len = 0;
		buf_add(&gr->last, gr->text.p, gr->text.len);
		uint64_t games;
		bool ok = sum(r, NRESULTS, &games);
		if (!ok || !games) {
			problem(rd, at, false, ok ? "an opening of no games"
						  : "games beyond 2^64 - 1");
			continue;
		}
		struct opening *o =
			strmap_get(&gr->g.openings, gr->text.p, sizeof *o);
		memcpy(o->results, r, sizeof r);
	}
	return !rd->stop;
}

/* Reads the members of a group after its '{'. */
static bool read_members(struct reading *rd, struct group_reading *gr)
{
	struct group *g = &gr->g;
	uint64_t special[4] = {0}, branching[NPHASES][2];
	uint64_t ends[NENDS] = {0};
	for (int m = 0; m < NMEMBERS; m++) {
		if (!member(rd, member_name[m], m == 0, &gr->at[m]))
			return false;
		bool ok = true;
		switch ((enum member)m) {
		case M_VALUE:
			if (!next(rd))
				return false;
			gr->value.len = 0;
			buf_add(&gr->value, "", 0);
			if (rd->j->token == (opt.by ? JSON_STRING : JSON_NULL))
				buf_add(&gr->value, rd->j->string,
					opt.by ? rd->j->len : 0);
			else
				return problem(rd, here(rd), true,
					       opt.by ? "a group's value must be "
							"a string, as \"by\" "
							"is"
						      : "a group's value must be "
							"null, as \"by\" is");
			break;
		case M_GAMES:
			ok = number(rd, &g->games);
			break;
		case M_INVALID:
			ok = number(rd, &g->invalid);
			break;
		case M_VARIANTS:
			ok = read_variants(rd, gr);
			break;
		case M_RESULTS:
			ok = numbers(rd, g->results, NRESULTS);
			break;
		case M_TERMINATIONS:
			if (rd->version > 1) {
				ok = numbers(rd, g->ends, NENDS);
				break;
			}
			/* version 1: the same but the far-corner win */
			ok = numbers(rd, ends, V1_NENDS);
			g->ends[END_CHECKMATE] = ends[0];
			memcpy(&g->ends[END_FAR_CORNER + 1], &ends[1],
			       (V1_NENDS - 1) * sizeof ends[0]);
			break;
		case M_LENGTHS:
			ok = read_lengths(rd, gr);
			break;
		case M_PIECES:
			ok = read_pieces(rd, gr);
			break;
		case M_SPECIAL:
			ok = numbers(rd, special,
				     rd->version > 1 ? 4 : V1_NSPECIAL);
			g->castlings = special[0];
			g->guardings = special[1];
			g->en_passant = special[2];
			g->swaps = special[3];
			break;
		case M_BRANCHING:
			ok = expect(rd, JSON_ARRAY_BEGIN, "'['");
			for (int p = 0; ok && p < NPHASES; p++) {
				ok = (!p || expect(rd, JSON_COMMA, "','")) &&
				     numbers(rd, branching[p], 2);
				g->positions[p] = branching[p][0];
				g->legal[p] = branching[p][1];
			}
			ok = ok && expect(rd, JSON_ARRAY_END, "']'");
			break;
		case M_LEVELS:
			ok = numbers(rd, g->levels, MAX_LEVELS);
			break;
		case M_OPENINGS:
			ok = read_openings(rd, gr);
			break;
		case NMEMBERS:
			break;
		}
		if (!ok)
			return false;
	}
	return expect(rd, JSON_OBJECT_END, "'}' after \"openings\"");
}

/* ---- the figures of a group against each other ---- */

/* What the variants a group played allow. */
struct allowed {
	bool piece[MAX_PIECES];
	int levels;      /* levels of the lattice variants; 0: none */
	bool all_levels; /* every variant has levels */
	struct rules rules;
	bool some_board, all_board; /* on the board of "variant" */
};

static struct allowed allowed_by(unsigned variants,
				  const struct ob_variant *board)
{
	struct allowed a = {.all_levels = true, .all_board = true,
			    .rules = rules_of(variants)};
	for (int v = 0; v < known.count; v++) {
		if (!(variants >> v & 1))
			continue;
		const struct ob_variant *var = known.list[v];
		for (int k = 0; k < var->nkinds; k++)
			a.piece[known.piece[v][k]] = true;
		a.levels = known.levels[v] > a.levels ? known.levels[v]
						      : a.levels;
		a.all_levels &= known.levels[v] > 0;
		a.some_board |= var->board == board->board;
		a.all_board &= var->board == board->board;
	}
	return a;
}

#define ULL(x) ((unsigned long long)(x))

/* Checks that the sum of n figures at a member is a given count. */
static void check_sum(struct reading *rd, struct place at, const uint64_t *x,
		      size_t n, uint64_t want, const char *what, const char *of)
{
	uint64_t s;
	if (!sum(x, n, &s))
		problem(rd, at, false, "%s beyond 2^64 - 1", what);
	else if (s != want)
		problem(rd, at, false, "%llu %s, not the %llu %s", ULL(s), what,
			ULL(want), of);
}

static void check_group(struct reading *rd, const struct group_reading *gr)
{
	const struct group *g = &gr->g;
	const struct place *at = gr->at;
	struct allowed a = allowed_by(g->variants, rd->board);
	if (!g->games)
		problem(rd, at[M_GAMES], false, "a group of no games");
	if (g->invalid > g->games) {
		problem(rd, at[M_INVALID], false,
			"more invalid games than games");
		return;
	}
	uint64_t valid = g->games - g->invalid;
	if (!valid != !g->variants)
		problem(rd, at[M_VARIANTS], false,
			valid ? "valid games but no variant played"
			      : "a variant played but no valid game");
	check_sum(rd, at[M_RESULTS], g->results, NRESULTS, valid, "results",
		  "valid games");
	check_sum(rd, at[M_TERMINATIONS], g->ends, NENDS, valid,
		  "terminations", "valid games");
	if (g->ends[END_FAR_CORNER] && !a.rules.far_corner)
		problem(rd, at[M_TERMINATIONS], false,
			"far-corner wins, which no variant played has");
	check_sum(rd, at[M_LENGTHS], g->lengths, g->nlengths, valid,
		  "games of the lengths", "valid games");

	/* the plies before which a move was played, by phase */
	uint64_t phase[NPHASES] = {0}, at_least_openings = 0;
	static const size_t bound[NPHASES + 1] = {0, 20, 60, OB_OGN_PLIES_MAX};
	for (size_t k = 0; k < g->nlengths; k++) {
		for (int p = 0; p < NPHASES; p++)
			if (k > bound[p])
				phase[p] += ((k < bound[p + 1] ? k : bound[p + 1]) -
					     bound[p]) *
					    g->lengths[k];
		if (opt.openings && k >= (size_t)opt.openings)
			at_least_openings += g->lengths[k];
	}
	for (int p = 0; p < NPHASES; p++) {
		if (g->positions[p] != phase[p])
			problem(rd, at[M_BRANCHING], false,
				"%llu positions in plies %s, not the %llu the "
				"lengths give",
				ULL(g->positions[p]), phase_label[p],
				ULL(phase[p]));
		if (g->legal[p] < g->positions[p] ||
		    g->legal[p] / OB_MAX_MOVES > g->positions[p])
			problem(rd, at[M_BRANCHING], false,
				"%llu legal moves in %llu positions in plies %s",
				ULL(g->legal[p]), ULL(g->positions[p]),
				phase_label[p]);
	}

	const struct kind_figures *k = g->kinds;
	uint64_t moves = 0, captures = 0, captured = 0, mates = 0,
		 promotions = 0;
	bool ok = true;
	for (int p = 0; p < known.npieces; p++) {
		ok &= add_to(&moves, k[p].moves);
		ok &= add_to(&captures, k[p].captures);
		ok &= add_to(&captured, k[p].captured);
		ok &= add_to(&mates, k[p].mates);
		ok &= add_to(&promotions, k[p].promotions);
	}
	if (ok && moves != g->plies)
		problem(rd, at[M_PIECES], false,
			"%llu moves, not the %llu plies of the lengths",
			ULL(moves), ULL(g->plies));
	for (int p = 0; ok && p < known.npieces; p++) {
		const char *name = known.piece_name[p];
		const char *more_than =
			k[p].captures > k[p].moves ? "captures than moves"
			: k[p].checks > k[p].moves ? "checks than moves"
			: k[p].mates > k[p].checks ? "mates than checks"
						   : NULL;
		if (more_than)
			problem(rd, at[M_PIECES], false, "%s: more %s", name,
				more_than);
		if (!a.piece[p] && (k[p].moves || k[p].captured ||
				    k[p].promotions))
			problem(rd, at[M_PIECES], false,
				"%s: a piece of no variant played", name);
	}
	uint64_t length0 = g->nlengths ? g->lengths[0] : 0;
	if (!ok)
		problem(rd, at[M_PIECES], false, "figures beyond 2^64 - 1");
	else if (captured != captures)
		problem(rd, at[M_PIECES], false,
			"%llu pieces captured in %llu captures", ULL(captured),
			ULL(captures));
	else if (mates > g->ends[0] || g->ends[0] - mates > length0)
		problem(rd, at[M_PIECES], false,
			"%llu mates given, %llu games ended by checkmate",
			ULL(mates), ULL(g->ends[0]));
	else if (promotions > g->plies)
		problem(rd, at[M_PIECES], false, "more promotions than plies");
	else if (g->ends[END_FAR_CORNER] > promotions)
		problem(rd, at[M_PIECES], false,
			"%llu promotions, %llu games ended by a far-corner win "
			"(a promotion)",
			ULL(promotions), ULL(g->ends[END_FAR_CORNER]));

	uint64_t left = g->plies;
	const struct rules *has = &a.rules;
	if ((g->castlings && !has->castling) ||
	    (g->guardings && !has->guarding) ||
	    (g->en_passant && !has->en_passant) || (g->swaps && !has->swap))
		problem(rd, at[M_SPECIAL], false,
			"a special move no variant played has");
	else if (g->en_passant > captures)
		problem(rd, at[M_SPECIAL], false,
			"more en passant captures than captures");
	else if (g->en_passant > left ||
		 g->castlings > (left -= g->en_passant) ||
		 g->guardings > (left -= g->castlings) ||
		 g->swaps > left - g->guardings)
		problem(rd, at[M_SPECIAL], false,
			"more special moves than plies");

	uint64_t levels = 0;
	for (int l = a.levels; l < MAX_LEVELS; l++)
		if (g->levels[l])
			problem(rd, at[M_LEVELS], false,
				"moves on level %c, which the variants played "
				"lack",
				'A' + l);
	if (!sum(g->levels, MAX_LEVELS, &levels) || levels > g->plies ||
	    (a.all_levels && levels != g->plies))
		problem(rd, at[M_LEVELS], false,
			"%llu moves on the levels, %s the %llu plies",
			ULL(levels), a.all_levels ? "not" : "more than",
			ULL(g->plies));

	uint64_t opened[NRESULTS] = {0}, opened_all = 0;
	for (size_t i = 0; i < g->openings.cap; i++) {
		const struct opening *o = g->openings.slots[i].value;
		if (!g->openings.slots[i].key)
			continue;
		for (int r = 0; r < NRESULTS; r++)
			ok &= add_to(&opened[r], o->results[r]);
	}
	ok &= sum(opened, NRESULTS, &opened_all);
	if (!ok)
		problem(rd, at[M_OPENINGS], false, "games beyond 2^64 - 1");
	else if (opened_all != at_least_openings)
		problem(rd, at[M_OPENINGS], false,
			"openings of %llu games, not the %llu games of %d plies "
			"or more",
			ULL(opened_all), ULL(at_least_openings), opt.openings);
	for (int r = 0; ok && r < NRESULTS; r++)
		if (opened[r] > g->results[r])
			problem(rd, at[M_OPENINGS], false,
				"openings of more games ending %s than the "
				"results give",
				result_marker[r]);
}

/* ---- a state ---- */

/* The moves of the groups, for the cells. */
struct board_plies {
	uint64_t least, most;
	bool too_many;
};

/* Reads a group after its '{', checks it and adds it to st; previous
 * holds the value of the group before (index counts them from 0). */
static void read_group(struct reading *rd, struct stats *st,
		       struct group_reading *gr, size_t index,
		       struct buf *previous, struct board_plies *bp)
{
	group_free(&gr->g);
	memset(&gr->g, 0, sizeof gr->g);
	if (!read_members(rd, gr))
		return;
	if (index && !opt.by)
		problem(rd, gr->at[M_VALUE], false,
			"a second group without \"by\"");
	else if (index && strcmp(previous->p, gr->value.p) >= 0)
		problem(rd, gr->at[M_VALUE], false,
			"groups out of byte order of their values, or repeated");
	previous->len = 0;
	buf_add(previous, gr->value.p, gr->value.len);
	bool was_bad = rd->bad;
	rd->bad = false;
	check_group(rd, gr);
	if (!rd->bad) {
		struct allowed a = allowed_by(gr->g.variants, rd->board);
		if (a.all_board)
			bp->too_many |= !add_to(&bp->least, gr->g.plies);
		if (a.some_board)
			bp->too_many |= !add_to(&bp->most, gr->g.plies);
		if (!group_merge(stats_group(st, gr->value.p), &gr->g))
			problem(rd, gr->at[M_VALUE], false,
				"figures added up beyond 2^64 - 1");
	}
	rd->bad |= was_bad;
}

/* The options a state was made with: the first state read sets those not
 * given; the others must match.  Stops reading when they do not. */
/* The state's options, checked against the others'; its variant (the
 * board of its cells), or NULL when they cannot be read. */
static const struct ob_variant *read_options(struct reading *rd,
					     bool *first)
{
	struct place at[3];
	struct buf by = {0}, name = {0};
	uint64_t openings = 0;
	const struct ob_variant *v = NULL;
	if (!member(rd, "by", false, &at[0]) || !next(rd))
		goto done;
	if (rd->j->token == JSON_STRING && rd->j->len)
		buf_add(&by, rd->j->string, rd->j->len);
	else if (rd->j->token != JSON_NULL)
		problem(rd, at[0], true, "\"by\" must be null or a tag name");
	if (!member(rd, "openings", false, &at[1]) || !number(rd, &openings))
		goto done;
	if (openings > 1000)
		problem(rd, at[1], true, "\"openings\" above 1000");
	if (!member(rd, "variant", false, &at[2]) || !string(rd, &name))
		goto done;
	if (!(v = ob_variant_find(name.p)))
		problem(rd, at[2], true, "an unknown variant");
	if (rd->stop)
		goto done;
	if (*first) {
		if (!opt.by && by.p)
			opt.by = util_xstrdup(by.p);
		if (!opt.openings_given)
			opt.openings = (int)openings;
		if (!opt.variant_given)
			opt.variant = v;
		*first = false;
	}
	if (!opt.by != !by.p || (by.p && strcmp(opt.by, by.p) != 0))
		problem(rd, at[0], true, "made with another --by than the "
					 "other partial states or the options");
	else if (openings != (uint64_t)opt.openings)
		problem(rd, at[1], true, "made with another --openings than "
					 "the other partial states or the "
					 "options");
done:
	free(by.p);
	free(name.p);
	return v;
}

static void read_state(struct reading *rd, struct stats *st, bool *first)
{
	struct place at;
	uint64_t version;
	if (!expect(rd, JSON_OBJECT_BEGIN, "'{' (a partial state)") ||
	    !member(rd, "format", true, &at) || !next(rd))
		return;
	if (rd->j->token != JSON_STRING ||
	    strcmp(rd->j->string, PARTIAL_FORMAT) != 0) {
		problem(rd, at, true, "not a partial state of ob-stats");
		return;
	}
	if (!member(rd, "version", false, &at) || !number(rd, &version))
		return;
	if (version < 1 || version > PARTIAL_VERSION) {
		problem(rd, at, true, "a partial state of version %llu; this "
				      "ob-stats reads versions 1 to %d",
			ULL(version), PARTIAL_VERSION);
		return;
	}
	rd->version = (int)version;
	const struct ob_variant *board = read_options(rd, first);
	if (!board)
		return;
	rd->board = board;
	uint64_t cells[OB_MAX_CELLS] = {0};
	struct place cells_at;
	if (!member(rd, "cells", false, &cells_at) ||
	    !numbers(rd, cells, (size_t)ob_cell_count(board)) ||
	    !member(rd, "groups", false, &at) ||
	    !expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return;
	struct group_reading gr = {0};
	struct buf previous = {0};
	struct board_plies bp = {0};
	size_t i = 0;
	while (more(rd, &i))
		if (expect(rd, JSON_OBJECT_BEGIN, "'{' (a group)"))
			read_group(rd, st, &gr, i - 1, &previous, &bp);
	group_free(&gr.g);
	free(gr.value.p);
	free(gr.text.p);
	free(gr.last.p);
	free(previous.p);
	if (!expect(rd, JSON_OBJECT_END, "'}' after \"groups\"") ||
	    !expect(rd, JSON_END, "the end after the partial state"))
		return;
	uint64_t moves = 0;
	if (rd->bad)
		return; /* a group left out: the cells cannot be checked */
	if (!sum(cells, OB_MAX_CELLS, &moves) || bp.too_many ||
	    moves < bp.least || moves > bp.most)
		problem(rd, cells_at, false,
			"the cells count %llu moves on the board of \"variant\", "
			"the groups %llu to %llu",
			ULL(moves), ULL(bp.least), ULL(bp.most));
	for (int c = 0; c < OB_MAX_CELLS; c++)
		if (!add_to(&st->cells[variant_index(board)][c], cells[c]))
			problem(rd, cells_at, false,
				"figures added up beyond 2^64 - 1");
}

bool partial_read(struct stats *st, FILE *f, const char *name, bool *first,
		  struct buf *diag)
{
	struct json_reader *j = malloc(sizeof *j);
	if (!j)
		util_out_of_memory();
	json_reader_init(j, f);
	struct reading rd = {.j = j, .name = name, .diag = diag,
			     .board = opt.variant};
	read_state(&rd, st, first);
	free(j);
	return !rd.bad;
}

int partial_read_path(struct stats *st, const char *path, bool *first)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		util_warn("%s: %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	struct buf diag = {0};
	bool ok = partial_read(st, f, name, first, &diag);
	if (diag.len)
		fputs(diag.p, stderr);
	free(diag.p);
	if (f != stdin)
		fclose(f);
	return ok ? EXIT_OK : EXIT_USAGE;
}
