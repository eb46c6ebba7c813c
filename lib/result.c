/*
 * Results as OGN writes them (spec section 11 of each board): with two
 * armies "1-0", "0-1", "1/2-1/2"; with three one score per army in army
 * order, "1-0-0" to "1/3-1/3-1/3"; and "*" for a game not over.
 */
#include "oblique.h"

#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char *const two[] = {"1-0", "0-1", "1/2-1/2", "*", NULL};
static const char *const three[] = {
	"1-0-0",     "0-1-0",	  "0-0-1",	 "1/2-1/2-0", "1/2-0-1/2",
	"0-1/2-1/2", "1/3-1/3-1/3", "*",	 NULL};

static bool listed(const char *const *list, const char *s, size_t n)
{
	for (; *list; list++)
		if (strlen(*list) == n && memcmp(*list, s, n) == 0)
			return true;
	return false;
}

bool ob_result_is_marker(const char *s, size_t n)
{
	return listed(two, s, n) || listed(three, s, n);
}

bool ob_result_valid(const struct ob_variant *v, const char *s)
{
	return listed(ob_armies(v) > 2 ? three : two, s, strlen(s));
}

int ob_result_score(const struct ob_variant *v, const char *s, int army)
{
	if (!ob_result_valid(v, s) || strcmp(s, "*") == 0)
		return -1;
	for (int a = 0; a < army; a++)
		s = strchr(s, '-') + 1;
	/* 1, 1/2, 1/3 or 0 */
	return s[0] == '0' ? 0 : s[1] != '/' ? 6 : s[2] == '2' ? 3 : 2;
}

void ob_result_write(const struct ob_variant *v, int winner, unsigned sharing,
		     char *out)
{
	int n = ob_armies(v), shares = __builtin_popcount(sharing);
	const char *draw = shares == 3 ? "1/3" : shares == 2 ? "1/2" : "1";
	char *p = out;
	for (int a = 0; a < n; a++) {
		const char *score =
			winner >= 0 ? (a == winner ? "1" : "0")
				    : (sharing >> a & 1 ? draw : "0");
		if (a)
			*p++ = '-';
		size_t len = strlen(score);
		memcpy(p, score, len);
		p += len;
	}
	*p = '\0';
}

static const char *const army_names[OB_MAX_ARMIES] = {"army 1", "army 2",
						      "army 3"};

bool ob_result_for_end(const struct ob_position *pos, enum ob_game_end end,
		       int mover, char *out, char *why, size_t size)
{
	const struct ob_variant *v = pos->variant;
	bool codes = ob_variant_has_codes(v);
	switch (end) {
	case OB_END_CHECKMATE:
		ob_result_write(v, 1 - pos->side, 0, out);
		snprintf(why, size, "%s is checkmated",
			 codes ? army_names[pos->side]
			       : pos->side == OB_WHITE ? "White" : "Black");
		return true;
	case OB_END_FAR_CORNER:
		ob_result_write(v, mover, 0, out);
		snprintf(why, size, "army %d wins by the far corner", mover + 1);
		return true;
	case OB_END_LAST_ARMY:
		ob_result_write(v, pos->side, 0, out);
		snprintf(why, size, "army %d is the last army left",
			 pos->side + 1);
		return true;
	case OB_END_STALEMATE:
	case OB_END_INSUFFICIENT_MATERIAL:
	case OB_END_THREEFOLD:
	case OB_END_FIFTY_MOVES:
		ob_result_write(v, -1, ob_armies_in_game(pos), out);
		snprintf(why, size, "the game ended in %s",
			 ob_game_end_name(end));
		return true;
	case OB_END_NONE:
		break;
	}
	return false;
}

bool ob_result_scores_out(const struct ob_variant *v,
			  const struct ob_position *pos, const char *result,
			  char *why, size_t size)
{
	for (int a = 0; a < ob_armies(v); a++)
		if (!cs_any(pos->by_color[a]) &&
		    ob_result_score(v, result, a) > 0) {
			snprintf(why, size, "%s is out of the game",
				 army_names[a]);
			return true;
		}
	return false;
}


