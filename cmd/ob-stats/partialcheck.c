/* The figures of a partial state's group against each other; see
 * partialread.h and ob-stats-partial(5). */
#include "partialread.h"

#include "options.h"

struct allowed partial_allowed(unsigned variants,
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

/* Checks that the sum of n figures at a member is a given count. */
static void check_sum(struct reading *rd, struct place at, const uint64_t *x,
		      size_t n, uint64_t want, const char *what, const char *of)
{
	uint64_t s;
	if (partial_sum(rd, at, what, x, n, &s) && s != want)
		partial_problem(rd, at, false, "%llu %s, not the %llu %s", ULL(s), what,
			ULL(want), of);
}

/* The lengths by result (unless unsplit) against the lengths and the
 * results: the games of each length by result are those of the length,
 * those of each result over the lengths the result's. */
static void check_lengths_by_result(struct reading *rd,
				    const struct group_reading *gr)
{
	const struct group *g = &gr->g;
	struct place at = gr->at[M_LENGTHS_BY_RESULT];
	/* unknown, though no valid game may leave none unsplit */
	if (gr->by_result_unknown)
		return;
	for (size_t k = 0; k < g->nlengths; k++) {
		uint64_t games;
		if (!sum(&g->by_result[k * NRESULTS], NRESULTS, &games, NULL) ||
		    games != g->lengths[k]) {
			partial_problem(rd, at, false,
				"%llu games of %zu plies by result, not the "
				"%llu of the lengths",
				ULL(games), k, ULL(g->lengths[k]));
			return;
		}
	}
	for (int r = 0; r < NRESULTS; r++) {
		uint64_t games = 0;
		bool fits = true;
		for (size_t k = 0; k < g->nlengths && fits; k++)
			fits = add_to(&games, g->by_result[k * NRESULTS + r]);
		if (!fits || games != g->results[r]) {
			partial_problem(rd, at, false,
				"%s%llu games ending %s by length, not the %llu "
				"of the results",
				fits ? "" : "more than ", ULL(games),
				result_marker[r], ULL(g->results[r]));
			return;
		}
	}
}

/* The results, terminations and eliminations of two or three armies,
 * against the variants played. */
static void check_armies(struct reading *rd, const struct group_reading *gr,
			 const struct rules *has, uint64_t valid)
{
	const struct group *g = &gr->g;
	const struct place *at = gr->at;
	for (int r = 0; r < RESULT_UNFINISHED; r++)
		if (g->results[r] && !(result_of_three(r) ? has->three
							   : has->two)) {
			partial_problem(rd, at[M_RESULTS], false,
					"results %s, of %s armies, which no "
					"variant played has",
					result_marker[r],
					result_of_three(r) ? "three" : "two");
			break;
		}
	if (g->ends[END_LAST_ARMY] && !has->three)
		partial_problem(rd, at[M_TERMINATIONS], false,
				"wins of the last army left, which no variant "
				"played has");
	uint64_t total = 0;
	for (int a = 0; a < OB_MAX_ARMIES; a++) {
		uint64_t out;
		if (!partial_sum(rd, at[M_ELIMINATIONS], "eliminations",
				 g->eliminated[a], OB_MAX_ARMIES, &out))
			return;
		if (!add_to(&total, out)) {
			partial_beyond(rd, at[M_ELIMINATIONS], "eliminations",
				       total, out);
			return;
		}
		if (g->eliminated[a][a])
			partial_problem(rd, at[M_ELIMINATIONS], false,
					"army %d eliminated by itself", a + 1);
		else if (g->no_move[a] > out)
			partial_problem(rd, at[M_ELIMINATIONS], false,
					"army %d: %llu eliminations for want of "
					"a move, of %llu",
					a + 1, ULL(g->no_move[a]), ULL(out));
	}
	uint64_t length0 = g->nlengths ? g->lengths[0] : 0;
	uint64_t last_army = g->ends[END_LAST_ARMY];
	if (total && !has->three)
		partial_problem(rd, at[M_ELIMINATIONS], false,
				"eliminations, which no variant played has");
	else if (total / 2 + total % 2 > valid)
		partial_problem(rd, at[M_ELIMINATIONS], false,
				"%llu eliminations in %llu valid games (two at "
				"most in a game)",
				ULL(total), ULL(valid));
	else if (last_army > total && last_army - total > length0)
		partial_problem(rd, at[M_ELIMINATIONS], false,
				"%llu eliminations, %llu games won by the last "
				"army left",
				ULL(total), ULL(g->ends[END_LAST_ARMY]));
}

/* The positions and legal moves of "branching" against the lengths; the
 * valid games of at least --openings plies into *at_least_openings.
 * False when the lengths give sums beyond 2^64 - 1 (they were refused). */
static bool check_branching(struct reading *rd, const struct group_reading *gr,
			    uint64_t *at_least_openings)
{
	const struct group *g = &gr->g;
	struct place at = gr->at[M_BRANCHING];
	/* the plies before which a move was played, by phase */
	uint64_t phase[NPHASES] = {0};
	bool ok = true;
	static const size_t bound[NPHASES + 1] = {0, 20, 60, OB_OGN_PLIES_MAX};
	for (size_t k = 0; k < g->nlengths; k++) {
		for (int p = 0; p < NPHASES; p++) {
			uint64_t plies = (k < bound[p + 1] ? k : bound[p + 1]) -
					 bound[p];
			if (k > bound[p])
				ok &= multiply(&plies, g->lengths[k]) &&
				      add_to(&phase[p], plies);
		}
		if (opt.openings && k >= (size_t)opt.openings)
			ok &= add_to(at_least_openings, g->lengths[k]);
	}
	uint64_t legal;
	partial_sum(rd, at, "legal moves", g->legal, NPHASES, &legal);
	for (int p = 0; ok && p < NPHASES; p++) {
		if (g->positions[p] != phase[p])
			partial_problem(rd, at, false,
				"%llu positions in plies %s, not the %llu the "
				"lengths give",
				ULL(g->positions[p]), phase_label[p],
				ULL(phase[p]));
		if (g->legal[p] < g->positions[p] ||
		    g->legal[p] / OB_MAX_MOVES > g->positions[p])
			partial_problem(rd, at, false,
				"%llu legal moves in %llu positions in plies %s",
				ULL(g->legal[p]), ULL(g->positions[p]),
				phase_label[p]);
	}
	return ok;
}

/* The figures of "pieces" against each other, the plies and the ends;
 * returns the captures (2^64 - 1 when they cannot be added up). */
static uint64_t check_pieces(struct reading *rd,
			     const struct group_reading *gr,
			     const struct allowed *a)
{
	const struct group *g = &gr->g;
	const struct place *at = gr->at;
	const struct kind_figures *k = g->kinds;
	static const char *const of[] = {"moves", "captures",
					 "pieces captured", "mates",
					 "promotions"};
	uint64_t total[5] = {0}; /* of each of of[] */
	for (int p = 0; p < known.npieces; p++) {
		const uint64_t x[] = {k[p].moves, k[p].captures,
				      k[p].captured, k[p].mates,
				      k[p].promotions};
		for (int f = 0; f < 5; f++)
			if (!add_to(&total[f], x[f])) {
				partial_beyond(rd, at[M_PIECES], of[f],
					       total[f], x[f]);
				return UINT64_MAX;
			}
	}
	uint64_t moves = total[0], captures = total[1], captured = total[2],
		 mates = total[3], promotions = total[4];
	if (moves != g->plies)
		partial_problem(rd, at[M_PIECES], false,
			"%llu moves, not the %llu plies of the lengths",
			ULL(moves), ULL(g->plies));
	for (int p = 0; p < known.npieces; p++) {
		const char *name = known.piece_name[p];
		const char *more_than =
			k[p].captures > k[p].moves ? "captures than moves"
			: k[p].checks > k[p].moves ? "checks than moves"
			: k[p].mates > k[p].checks ? "mates than checks"
						   : NULL;
		if (more_than)
			partial_problem(rd, at[M_PIECES], false, "%s: more %s", name,
				more_than);
		if (!a->piece[p] && (k[p].moves || k[p].captured ||
				     k[p].promotions))
			partial_problem(rd, at[M_PIECES], false,
				"%s: a piece of no variant played", name);
	}
	uint64_t length0 = g->nlengths ? g->lengths[0] : 0;
	/* with three armies the move that wins as the last army is a mate */
	uint64_t mated = g->ends[END_CHECKMATE];
	if (!add_to(&mated, g->ends[END_LAST_ARMY]))
		partial_beyond(rd, at[M_TERMINATIONS],
			       "checkmates and wins of the last army", mated,
			       g->ends[END_LAST_ARMY]);
	else if (captured != captures)
		partial_problem(rd, at[M_PIECES], false,
			"%llu pieces captured in %llu captures", ULL(captured),
			ULL(captures));
	else if (mates > mated || mated - mates > length0)
		partial_problem(rd, at[M_PIECES], false,
			"%llu mates given, %llu games ended by checkmate%s",
			ULL(mates), ULL(mated),
			a->rules.three ? " or the last army's win" : "");
	else if (promotions > g->plies)
		partial_problem(rd, at[M_PIECES], false, "more promotions than plies");
	else if (g->ends[END_FAR_CORNER] > promotions)
		partial_problem(rd, at[M_PIECES], false,
			"%llu promotions, %llu games ended by a far-corner win "
			"(a promotion)",
			ULL(promotions), ULL(g->ends[END_FAR_CORNER]));
	return captures;
}

/* The openings' games against the lengths (at_least_openings) and the
 * results. */
static void check_openings(struct reading *rd, const struct group_reading *gr,
			   uint64_t at_least_openings)
{
	const struct group *g = &gr->g;
	struct place at = gr->at[M_OPENINGS];
	uint64_t opened[NRESULTS] = {0}, opened_all;
	for (size_t i = 0; i < g->openings.cap; i++) {
		const struct opening *o = g->openings.slots[i].value;
		if (!g->openings.slots[i].key)
			continue;
		for (int r = 0; r < NRESULTS; r++)
			if (!add_to(&opened[r], o->results[r])) {
				partial_beyond(rd, at, "games of the openings",
					       opened[r], o->results[r]);
				return;
			}
	}
	if (!partial_sum(rd, at, "games of the openings", opened, NRESULTS,
			 &opened_all))
		return;
	if (opened_all != at_least_openings)
		partial_problem(rd, at, false,
			"openings of %llu games, not the %llu games of %d plies "
			"or more",
			ULL(opened_all), ULL(at_least_openings), opt.openings);
	for (int r = 0; r < NRESULTS; r++)
		if (opened[r] > g->results[r])
			partial_problem(rd, at, false,
				"openings of more games ending %s than the "
				"results give",
				result_marker[r]);
}

/* The special moves against the rules of the variants played, the
 * captures and the plies. */
static void check_special(struct reading *rd, const struct group_reading *gr,
			  const struct rules *has, uint64_t captures)
{
	const struct group *g = &gr->g;
	const struct place *at = gr->at;
	uint64_t left = g->plies;
	if ((g->castlings && !has->castling) ||
	    (g->guardings && !has->guarding) ||
	    (g->en_passant && !has->en_passant) || (g->swaps && !has->swap))
		partial_problem(rd, at[M_SPECIAL], false,
			"a special move no variant played has");
	else if (g->en_passant > captures)
		partial_problem(rd, at[M_SPECIAL], false,
			"more en passant captures than captures");
	else if (g->en_passant > left ||
		 g->castlings > (left -= g->en_passant) ||
		 g->guardings > (left -= g->castlings) ||
		 g->swaps > left - g->guardings)
		partial_problem(rd, at[M_SPECIAL], false,
			"more special moves than plies");
}

void partial_check_group(struct reading *rd, const struct group_reading *gr)
{
	const struct group *g = &gr->g;
	const struct place *at = gr->at;
	struct allowed a = partial_allowed(g->variants, rd->board);
	if (!g->games)
		partial_problem(rd, at[M_GAMES], false, "a group of no games");
	if (g->invalid > g->games) {
		partial_problem(rd, at[M_INVALID], false,
			"more invalid games than games");
		return;
	}
	uint64_t valid = g->games - g->invalid;
	if (!valid != !g->variants)
		partial_problem(rd, at[M_VARIANTS], false,
			valid ? "valid games but no variant played"
			      : "a variant played but no valid game");
	check_sum(rd, at[M_RESULTS], g->results, NRESULTS, valid, "results",
		  "valid games");
	check_sum(rd, at[M_TERMINATIONS], g->ends, NENDS, valid,
		  "terminations", "valid games");
	if (g->ends[END_FAR_CORNER] && !a.rules.far_corner)
		partial_problem(rd, at[M_TERMINATIONS], false,
			"far-corner wins, which no variant played has");
	if (g->ends[END_INSUFFICIENT] && !a.rules.insufficient)
		partial_problem(rd, at[M_TERMINATIONS], false,
			"draws by insufficient material, which no variant "
			"played has");
	else if (g->ends[END_INSUFFICIENT] > g->results[RESULT_DRAW])
		partial_problem(rd, at[M_TERMINATIONS], false,
			"%llu games ended by insufficient material, %llu "
			"drawn 1/2-1/2",
			ULL(g->ends[END_INSUFFICIENT]),
			ULL(g->results[RESULT_DRAW]));
	check_sum(rd, at[M_LENGTHS], g->lengths, g->nlengths, valid,
		  "games of the lengths", "valid games");
	check_lengths_by_result(rd, gr);
	check_armies(rd, gr, &a.rules, valid);

	uint64_t at_least_openings = 0;
	bool lengths_fit = check_branching(rd, gr, &at_least_openings);
	check_special(rd, gr, &a.rules, check_pieces(rd, gr, &a));

	uint64_t levels = 0;
	for (int l = a.levels; l < MAX_LEVELS; l++)
		if (g->levels[l])
			partial_problem(rd, at[M_LEVELS], false,
				"moves on level %c, which the variants played "
				"lack",
				'A' + l);
	if (partial_sum(rd, at[M_LEVELS], "moves on the levels", g->levels,
			MAX_LEVELS, &levels) &&
	    (levels > g->plies || (a.all_levels && levels != g->plies)))
		partial_problem(rd, at[M_LEVELS], false,
			"%llu moves on the levels, %s the %llu plies",
			ULL(levels), a.all_levels ? "not" : "more than",
			ULL(g->plies));

	if (lengths_fit)
		check_openings(rd, gr, at_least_openings);
}
