/* Partial states of ob-stats read back; see partial.h.  The writer is
 * partialwrite.c, the checks of a group's figures partialcheck.c. */
#include "partial.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "json.h"
#include "options.h"
#include "partialread.h"
#include "util.h"

/* ---- reading ---- */

/*
 * The reader takes the tokens of a partial state in the order written,
 * builds each group's figures as they come and checks them against each
 * other when the group closes (see ob-stats(1), PARTIAL STATES, for the
 * rules).  Memory holds one group being read, the figures added up so
 * far and the token reader's fixed buffers, whatever the input's size.
 */

static struct place here(const struct reading *rd)
{
	return (struct place){rd->j->line, rd->j->column};
}

/* Says why at a place, unless reading has stopped. */
static void say(struct reading *rd, struct place at, const char *fmt,
		va_list ap)
{
	char why[256];
	vsnprintf(why, sizeof why, fmt, ap);
	if (!rd->stop)
		buf_printf(rd->diag, "%s: %s:%ld:%ld: %s\n", util_progname,
			   rd->name, at.line, at.column, why);
}

/* Reports a problem at a place; with stop, reading ends. */
bool partial_problem(struct reading *rd, struct place at, bool stop,
		     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say(rd, at, fmt, ap);
	va_end(ap);
	rd->bad = true;
	rd->stop |= stop;
	return false;
}

/* Reports games that a state read before counts too. */
UTIL_PRINTF(3, 4)
static void repeated(struct reading *rd, struct place at, const char *fmt,
		     ...)
{
	va_list ap;
	va_start(ap, fmt);
	say(rd, at, fmt, ap);
	va_end(ap);
	rd->repeated = true;
}

bool partial_beyond(struct reading *rd, struct place at, const char *what,
		    uint64_t sum, uint64_t added)
{
	return partial_problem(rd, at, false,
			       "%s add up beyond 2^64 - 1: %llu and %llu", what,
			       ULL(sum), ULL(added));
}

bool partial_sum(struct reading *rd, struct place at, const char *what,
		 const uint64_t *x, size_t n, uint64_t *out)
{
	size_t last;
	if (sum(x, n, out, &last))
		return true;
	return partial_beyond(rd, at, what, *out, x[last]);
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
		return partial_problem(rd, here(rd), true, "%s", rd->j->error);
	return true;
}

/* Takes a token that must be t; what names it for the diagnostic. */
static bool expect(struct reading *rd, enum json_token t, const char *what)
{
	if (!next(rd))
		return false;
	if (rd->j->token != t)
		return partial_problem(rd, here(rd), true, "expected %s, not %s", what,
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
		return partial_problem(rd, here(rd), true, "expected member \"%s\"",
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
		return partial_problem(rd, here(rd), true, "expected ',' or ']', not %s",
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

static const char *const member_name[NMEMBERS] = {
	"value",	"games",   "invalid", "variants",  "results",
	"terminations", "eliminations", "lengths", "lengths_by_result",
	"pieces", "special",
	"branching",	"levels",  "openings"};

/* Versions 1 and 2: four results, 1-0, 0-1, 1/2-1/2 and *. */
static void results_of_two(const uint64_t *old, uint64_t *results)
{
	memcpy(results, old, NRESULTS2 * sizeof *old);
	results[RESULT_UNFINISHED] = old[V2_NRESULTS - 1];
}

/* An array of the counts of NRESULTS results, or of the four of versions
 * 1 and 2, after a ',' when comma or when not the first. */
static bool results_closed(struct reading *rd, uint64_t *results, bool comma)
{
	uint64_t old[V2_NRESULTS];
	if (rd->version > 2)
		return numbers_closed(rd, results, NRESULTS, comma);
	if (!numbers_closed(rd, old, V2_NRESULTS, comma))
		return false;
	results_of_two(old, results);
	return true;
}

/* Does a state of this version have termination i?  Each version
 * added one (partialread.h); the others keep their order. */
static bool end_in_version(int i, int version)
{
	return !((i == END_FAR_CORNER && version < 2) ||
		 (i == END_LAST_ARMY && version < 3) ||
		 (i == END_INSUFFICIENT && version < 6));
}

/* The terminations of a state of any version, those it lacks 0. */
static bool read_terminations(struct reading *rd, uint64_t *ends)
{
	uint64_t old[NENDS];
	size_t n = 0;
	for (int i = 0; i < NENDS; i++)
		n += end_in_version(i, rd->version);
	if (!numbers(rd, old, n))
		return false;
	for (int i = 0, k = 0; i < NENDS; i++)
		ends[i] = end_in_version(i, rd->version) ? old[k++] : 0;
	return true;
}

/* Three rows of the eliminations of an army: by army 1, 2 and 3, and
 * for want of a move. */
static bool read_eliminations(struct reading *rd, struct group *g)
{
	if (!expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return false;
	for (int a = 0; a < OB_MAX_ARMIES; a++) {
		uint64_t row[OB_MAX_ARMIES + 1];
		if ((a && !expect(rd, JSON_COMMA, "','")) ||
		    !numbers(rd, row, OB_MAX_ARMIES + 1))
			return false;
		memcpy(g->eliminated[a], row, sizeof g->eliminated[a]);
		g->no_move[a] = row[OB_MAX_ARMIES];
	}
	return expect(rd, JSON_ARRAY_END, "']'");
}

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
			partial_problem(rd, at, false, "an unknown variant");
		else if (k <= last)
			partial_problem(rd, at, false, "variants out of order or repeated");
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
		uint64_t plies = pair[1];
		if (pair[0] > OB_OGN_PLIES_MAX)
			partial_problem(rd, at, false, "a length above %d plies",
				OB_OGN_PLIES_MAX);
		else if (i > 1 && pair[0] <= last)
			partial_problem(rd, at, false, "lengths out of order or repeated");
		else if (!pair[1])
			partial_problem(rd, at, false, "a length of no games");
		else if (!multiply(&plies, pair[0]))
			partial_problem(rd, at, false,
					"%llu games of %llu plies: plies beyond "
					"2^64 - 1",
					ULL(pair[1]), ULL(pair[0]));
		else if (!add_to(&gr->g.plies, plies))
			partial_beyond(rd, at, "plies of the lengths",
				       gr->g.plies, plies);
		else if (!lengths_add(&gr->g, (size_t)pair[0], pair[1]))
			partial_beyond(rd, at, "games of the lengths",
				       gr->g.lengths[pair[0]], pair[1]);
		last = pair[0];
	}
	return !rd->stop;
}

/* null, or rows [plies, games of each result] (version 5); null, and
 * the states of versions before, leave the valid games unsplit. */
static bool read_lengths_by_result(struct reading *rd,
				   struct group_reading *gr)
{
	struct group *g = &gr->g;
	uint64_t last = 0;
	size_t i = 0;
	bool rows = false;
	if (rd->version >= 5) {
		if (!next(rd))
			return false;
		rows = rd->held = rd->j->token != JSON_NULL;
	}
	gr->by_result_unknown = !rows;
	if (!rows) {
		g->unsplit = g->games > g->invalid ? g->games - g->invalid : 0;
		return true;
	}
	if (!expect(rd, JSON_ARRAY_BEGIN, "null or '['"))
		return false;
	while (more(rd, &i)) {
		struct place at = here(rd);
		uint64_t row[1 + NRESULTS], games;
		if (!numbers(rd, row, 1 + NRESULTS))
			return false;
		if (row[0] > OB_OGN_PLIES_MAX)
			partial_problem(rd, at, false, "a length above %d plies",
				OB_OGN_PLIES_MAX);
		else if (i > 1 && row[0] <= last)
			partial_problem(rd, at, false,
				"lengths by result out of order or repeated");
		else if (partial_sum(rd, at, "the games of a length by result",
				     row + 1, NRESULTS, &games) &&
			 !games)
			partial_problem(rd, at, false, "a length of no games");
		else
			for (int r = 0; r < NRESULTS; r++)
				lengths_add_result(g, (size_t)row[0], r,
						   row[1 + r]);
		last = row[0];
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
			partial_problem(rd, at, false, "%s", unknown);
			continue;
		}
		if (p <= last)
			partial_problem(rd, at, false,
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
		uint64_t r[NRESULTS] = {0};
		struct place at;
		if (!expect(rd, JSON_ARRAY_BEGIN, "'['") || !next(rd))
			return false;
		at = here(rd);
		rd->held = true;
		if (!string(rd, &gr->text) || !results_closed(rd, r, true))
			return false;
		if (!opt.openings) {
			partial_problem(rd, at, false, "an opening without \"openings\"");
			continue;
		}
		if (!opening_text(gr->text.p, opt.openings)) {
			partial_problem(rd, at, false, "an opening that is not %d move "
					       "texts joined by spaces",
				opt.openings);
			continue;
		}
		if (ordered && strcmp(gr->last.p, gr->text.p) >= 0)
			partial_problem(rd, at, false,
				"openings out of byte order or repeated");
		ordered = true;
		gr->last.len = 0;
		buf_add(&gr->last, gr->text.p, gr->text.len);
		uint64_t games;
		if (!partial_sum(rd, at, "the games of an opening", r, NRESULTS,
				 &games))
			continue;
		if (!games) {
			partial_problem(rd, at, false, "an opening of no games");
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
	for (int m = 0; m < NMEMBERS; m++) {
		if (m == M_ELIMINATIONS && rd->version < 3)
			continue; /* none before three armies */
		if (m == M_LENGTHS_BY_RESULT && rd->version < 5) {
			read_lengths_by_result(rd, gr); /* none: unsplit */
			continue;
		}
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
				return partial_problem(rd, here(rd), true,
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
			ok = expect(rd, JSON_ARRAY_BEGIN, "'['") &&
			     results_closed(rd, g->results, false);
			break;
		case M_TERMINATIONS:
			ok = read_terminations(rd, g->ends);
			break;
		case M_ELIMINATIONS:
			ok = read_eliminations(rd, g);
			break;
		case M_LENGTHS:
			ok = read_lengths(rd, gr);
			break;
		case M_LENGTHS_BY_RESULT:
			ok = read_lengths_by_result(rd, gr);
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

/* ---- a state ---- */

/* The sums over a state's groups: the games, for the inputs, and the
 * moves, for the cells. */
struct state_sums {
	uint64_t games;
	uint64_t least, most; /* moves on the board of the cells */
	bool too_many;
};

/* The inputs of a state (version 4): their digests and games, checked
 * against those of the states read before; *games: their games. */
static bool read_inputs(struct reading *rd, struct stats *st,
			uint64_t *games)
{
	size_t i = 0;
	struct buf digest = {0}, last = {0};
	*games = 0;
	if (!expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return false;
	while (more(rd, &i)) {
		uint64_t n;
		struct place at;
		if (!expect(rd, JSON_ARRAY_BEGIN, "'['") || !next(rd))
			break;
		at = here(rd);
		rd->held = true;
		if (!string(rd, &digest) || !expect(rd, JSON_COMMA, "','") ||
		    !number(rd, &n) || !expect(rd, JSON_ARRAY_END, "']'"))
			break;
		if (strlen(digest.p) != digest.len ||
		    !digest_hex_valid(digest.p)) {
			partial_problem(rd, at, false,
					"an input's digest that is not %d "
					"lower-case hexadecimal digits",
					DIGEST_HEX);
			continue;
		}
		if (last.p && strcmp(last.p, digest.p) > 0)
			partial_problem(rd, at, false,
					"inputs out of byte order of their "
					"digests");
		last.len = 0;
		buf_add(&last, digest.p, digest.len);
		if (!n) {
			partial_problem(rd, at, false, "an input of no games");
			continue;
		}
		if (!add_to(games, n))
			partial_beyond(rd, at, "the games of the inputs", *games,
				       n);
		struct input *in = strmap_get(&st->inputs, digest.p, sizeof *in);
		if (in->times && in->games != n) {
			partial_problem(rd, at, false,
					"input %s: %llu games, but %llu in %s",
					digest.p, ULL(n), ULL(in->games),
					in->state);
			continue;
		}
		if (in->times && in->from != st->states && !opt.allow_repeats)
			repeated(rd, at,
				 "the %llu games of input %s were counted "
				 "already, in %s (--allow-repeats counts "
				 "them again)",
				 ULL(n), digest.p, in->state);
		if (!in->times++) {
			in->games = n;
			in->state = rd->name;
			in->from = st->states;
		}
	}
	free(digest.p);
	free(last.p);
	return !rd->stop;
}

/* Reads a group after its '{', checks it and adds it to st; previous
 * holds the value of the group before (index counts them from 0). */
static void read_group(struct reading *rd, struct stats *st,
		       struct group_reading *gr, size_t index,
		       struct buf *previous, struct state_sums *sums)
{
	group_free(&gr->g);
	memset(&gr->g, 0, sizeof gr->g);
	if (!read_members(rd, gr))
		return;
	if (index && !opt.by)
		partial_problem(rd, gr->at[M_VALUE], false,
			"a second group without \"by\"");
	else if (index && strcmp(previous->p, gr->value.p) >= 0)
		partial_problem(rd, gr->at[M_VALUE], false,
			"groups out of byte order of their values, or repeated");
	previous->len = 0;
	buf_add(previous, gr->value.p, gr->value.len);
	bool was_bad = rd->bad;
	rd->bad = false;
	partial_check_group(rd, gr);
	if (!rd->bad) {
		struct allowed a = partial_allowed(gr->g.variants, rd->board);
		if (a.all_board)
			sums->too_many |= !add_to(&sums->least, gr->g.plies);
		if (a.some_board)
			sums->too_many |= !add_to(&sums->most, gr->g.plies);
		if (!add_to(&sums->games, gr->g.games))
			sums->games = UINT64_MAX; /* at least the inputs' */
		struct overflow o = {0};
		if (!group_merge(stats_group(st, gr->value.p), &gr->g, &o)) {
			int m = 0;
			while (m < NMEMBERS - 1 &&
			       strcmp(member_name[m], o.member) != 0)
				m++;
			char what[64];
			snprintf(what, sizeof what, "\"%s\" of the states read",
				 o.member);
			partial_beyond(rd, gr->at[m], what, o.sum, o.added);
		}
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
		partial_problem(rd, at[0], true, "\"by\" must be null or a tag name");
	if (!member(rd, "openings", false, &at[1]) || !number(rd, &openings))
		goto done;
	if (openings > 1000)
		partial_problem(rd, at[1], true, "\"openings\" above 1000");
	if (!member(rd, "variant", false, &at[2]) || !string(rd, &name))
		goto done;
	if (!(v = ob_variant_find(name.p)))
		partial_problem(rd, at[2], true, "an unknown variant");
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
		partial_problem(rd, at[0], true, "made with another --by than the "
					 "other partial states or the options");
	else if (openings != (uint64_t)opt.openings)
		partial_problem(rd, at[1], true, "made with another --openings than "
					 "the other partial states or the "
					 "options");
done:
	free(by.p);
	free(name.p);
	return v;
}

/* Adds a state's cells to those of the states before; the cells of a
 * board, over its variants (stats_cells), must stay within 2^64 - 1. */
static void add_cells(struct reading *rd, struct stats *st,
		      const uint64_t *cells, struct place at)
{
	const struct ob_variant *board = rd->board;
	for (int c = 0; c < ob_cell_count(board); c++) {
		/* within 2^64 - 1: each state's cells were added so */
		uint64_t on_board = 0;
		for (int v = 0; v < known.count; v++)
			if (known.list[v]->board == board->board)
				on_board += st->cells[v][c];
		if (!add_to(&on_board, cells[c])) {
			char what[64], name[8];
			ob_cell_name(board, c, name);
			snprintf(what, sizeof what,
				 "the moves to %s of the states", name);
			partial_beyond(rd, at, what, on_board, cells[c]);
			continue;
		}
		st->cells[variant_index(board)][c] += cells[c];
	}
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
		partial_problem(rd, at, true, "not a partial state of ob-stats");
		return;
	}
	if (!member(rd, "version", false, &at) || !number(rd, &version))
		return;
	if (version < 1 || version > PARTIAL_VERSION) {
		partial_problem(rd, at, true, "a partial state of version %llu; this "
				      "ob-stats reads versions 1 to %d",
			ULL(version), PARTIAL_VERSION);
		return;
	}
	rd->version = (int)version;
	const struct ob_variant *board = read_options(rd, first);
	if (!board)
		return;
	rd->board = board;
	uint64_t cells[OB_MAX_CELLS] = {0}, input_games = 0;
	struct place cells_at, inputs_at = {0, 0};
	if (rd->version > 3 &&
	    (!member(rd, "inputs", false, &inputs_at) ||
	     !read_inputs(rd, st, &input_games)))
		return;
	if (!member(rd, "cells", false, &cells_at) ||
	    !numbers(rd, cells, (size_t)ob_cell_count(board)) ||
	    !member(rd, "groups", false, &at) ||
	    !expect(rd, JSON_ARRAY_BEGIN, "'['"))
		return;
	struct group_reading gr = {0};
	struct buf previous = {0};
	struct state_sums sums = {0};
	size_t i = 0;
	while (more(rd, &i))
		if (expect(rd, JSON_OBJECT_BEGIN, "'{' (a group)"))
			read_group(rd, st, &gr, i - 1, &previous, &sums);
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
		return; /* a group left out: the sums cannot be checked */
	if (input_games > sums.games)
		partial_problem(rd, inputs_at, false,
				"inputs of %llu games, the groups of %llu",
				ULL(input_games), ULL(sums.games));
	if (!partial_sum(rd, cells_at, "the cells", cells, OB_MAX_CELLS,
			 &moves))
		return;
	if (sums.too_many || moves < sums.least || moves > sums.most)
		partial_problem(rd, cells_at, false,
			"the cells count %llu moves on the board of \"variant\", "
			"the groups %llu to %llu",
			ULL(moves), ULL(sums.least), ULL(sums.most));
	add_cells(rd, st, cells, cells_at);
}

int partial_read(struct stats *st, FILE *f, const char *name, bool *first,
		 struct buf *diag)
{
	struct json_reader *j = malloc(sizeof *j);
	if (!j)
		util_out_of_memory();
	json_reader_init(j, f);
	struct reading rd = {.j = j, .name = name, .diag = diag,
			     .board = opt.variant};
	st->states++;
	read_state(&rd, st, first);
	free(j);
	return rd.bad ? EXIT_USAGE : rd.repeated ? EXIT_INVALID : EXIT_OK;
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
	int status = partial_read(st, f, name, first, &diag);
	if (diag.len)
		util_put_escaped(stderr, diag.p, true);
	free(diag.p);
	if (f != stdin)
		fclose(f);
	return status;
}
