/*
 * A game's result against its Result tag and its end (spec section 7 of
 * each board; plattraum.md section 11 with three armies): the marker
 * equals the tag, is a result of the variant, is the one the rules give a
 * finished game, and gives no points to an army out of the game.
 */
#include "oblique.h"

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "record.h"

const char *game_result_tag(struct ob_game *g, const struct ob_tag *result,
			    bool *nomem)
{
	if (!result)
		return NULL;
	const char *value = g->text + result->value;
	if (ob_result_valid(g->variant, value))
		return value;
	if (!record_error_add(g, OB_ERR_OGN_BAD_RESULT, result->line,
			      result->value_column, 0, "",
			      ob_armies(g->variant) > 2
				      ? "Result tag '%.40s' is not a "
					"three-army result (1-0-0, "
					"1/2-0-1/2, 1/3-1/3-1/3, *, ...)"
				      : "Result tag '%.40s' is not 1-0, "
					"0-1, 1/2-1/2 or *",
			      value))
		*nomem = true;
	return NULL;
}

/* With three armies a draw by the rules is shared by the armies still in
 * the game, which need not be all three: the reason names them. */
static void name_sharers(const struct ob_variant *v, const char *result,
			 char *why, size_t size)
{
	int n = ob_armies(v), shares = 0, out = -1;
	if (n < 3)
		return;
	for (int a = 0; a < n; a++) {
		int score = ob_result_score(v, result, a);
		if (score == 6)
			return; /* a win */
		shares += score > 0;
		out = score == 0 ? a : out;
	}
	size_t len = strlen(why);
	if (shares == 3)
		snprintf(why + len, size - len,
			 ", a draw shared by armies 1, 2 and 3");
	else if (shares == 2)
		snprintf(why + len, size - len,
			 ", a draw shared by armies %d and %d (army %d is out "
			 "of the game)",
			 out == 0 ? 2 : 1, out == 2 ? 2 : 3, out + 1);
}

void game_result_check(struct ob_game *g, const char *result_value,
		       const struct ob_position *pos, enum ob_game_end end,
		       int mover, int main_moves, bool main_dead, bool *nomem)
{
	const struct ob_variant *v = g->variant;
	const char *marker = g->termination;
	/* Without a marker (the reader has said so) no result to compare. */
	if (!marker[0])
		return;
	if (result_value && strcmp(result_value, marker) != 0 &&
	    !record_error_add(g, OB_ERR_OGN_RESULT_MISMATCH, g->term_line,
			      g->term_column, main_moves, "",
			      "termination marker %s differs from the Result "
			      "tag %s",
			      marker, result_value))
		*nomem = true;
	if (!ob_result_valid(v, marker)) {
		if (!record_error_add(g, OB_ERR_OGN_BAD_RESULT, g->term_line,
				      g->term_column, main_moves, "",
				      "termination marker %s is not a result "
				      "of %s",
				      marker, v->tag_name))
			*nomem = true;
		return;
	}
	if (main_dead)
		return;
	char want[OB_RESULT_MAX], why[160];
	if (!ob_result_for_end(pos, end, mover, want, why, sizeof why)) {
		/* not over by the rules: any result, but no points to an
		 * army that is out */
		if (ob_result_scores_out(v, pos, marker, why, sizeof why) &&
		    !record_error_add(g, OB_ERR_OGN_WRONG_RESULT, g->term_line,
				      g->term_column, g->plies, "",
				      "%s: the result %s gives it points", why,
				      marker))
			*nomem = true;
		return;
	}
	name_sharers(v, want, why, sizeof why);
	if (strcmp(want, marker) != 0 &&
	    !record_error_add(g, OB_ERR_OGN_WRONG_RESULT, g->term_line,
			      g->term_column, g->plies, "",
			      "%s: the result is %s, not %s", why, want, marker))
		*nomem = true;
}
