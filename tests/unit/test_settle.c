/*
 * Settling a three-army move (Plattraum, spec sections 6, 8 and 10)
 * through ob_make and ob_unmake, path by path: a discovered attack of the
 * next army, a stalemate and a checkmate, a chain of two eliminations, the
 * last elimination, the mover eliminated by its own move; the pieces
 * removed, undo.eliminated and eliminated_by, the army to move after, the
 * clocks, the suffix ob_move_write gives, ob_status; unmake restoring
 * everything.  Then the far-corner win with three armies, a position with
 * one army left, and the PFEN legality conditions of three armies.  The
 * positions are those of testdata/perft/plattraum.epd with other clocks,
 * some turned by ob-fen -M (armies are numbered 1 to 3 here, as in PFEN;
 * the library counts from 0).
 */
#include "check.h"

#include <stdio.h>
#include <string.h>

/* Army 2's Duchess c8 is kept off army 3's Grandduke c3 by the Sennight
 * c5: its every move eliminates army 3; from f7 it attacks army 2's
 * Grandduke i6 too. */
#define DISCOVERED                                                          \
	"2,Hr3,3/7/2,Gd3,1,Sn1,2,Ds2/9/2,Cp1,7/11/Gd1,9/9/5,Gd2,2/7/6 1 7 12"
/* Army 2's Grandduke l1 has one free cell, l2: Sne4-h4 takes it
 * (stalemate), Sne4-h3 with check (checkmate). */
#define STUCK                                                               \
	"2,Fr3,1,Gd3,1/5,Un3,1/4,Cp3,3/1,Gd1,7/2,Cp1,Sn1,6/11/10/Un1,8/8/6,"  \
	"Hr1/Gd2,5 1 7 12"
/* Sne5-h4 uncovers army 2's (pinned) Unicorn l3 on army 3's Grandduke a3,
 * then army 2 has no move: army 1 is left.  Dsl5xl3 checkmates army 2;
 * Dsl5-a5 attacks army 3, not the next army. */
#define CHAIN                                                               \
	"Fr3,1,Gd3,3/7/4,Cp3,3/1,Gd1,7/4,Sn1,5/11/10/Un1,8/8/6,Hr1/Gd2,1,"   \
	"Un2,1,Ds1,1 1 7 12"
/* Dse5-i2 leaves army 2 without a move, then army 3 (lone Granddukes). */
#define TWO_STUCK                                                           \
	"5,Gd3/7/7,Gd1/8,Sn1/4,Ds1,5/11/6,Un1,3/9/7,Hr1/7/Gd2,5 1 7 12"
/* The Sennight d5 shields army 3's a5 from army 2's Duchess h3, army 3's
 * Corporal h5 shields army 1's h8 from it. */
#define SELF                                                                \
	"4,Gd3,1/6,Hr3/8/4,Sn1,4/2,Cp1,7/11/10/2,Ds2,1,Cp3,2,Gd1,1/8/5,Gd2,1/" \
	"6 1 7 12"
/* Hrk7-k2 stalemates army 2, whose Corporal d3 shielded army 1's c1 from
 * army 3's Duchess e5. */
#define SELF_STUCK                                                          \
	"6/7/Gd1,Sn1,6/2,Cp2,6/4,Ds3,5/11/10/Un1,8/3,Gd3,4/6,Hr1/Gd2,5 1 7 12"
/* Two armies: Dse6xc6 stalemates army 3. */
#define TWO_ARMIES                                                          \
	"5,Gd3/5,Cp3,1/5,Fr3,2/9/5,Ds1,3,Gd1/11/10/9/8/2,Hr1,4/1,Sn1,4 1 7 12"
/* STUCK and SELF_STUCK turned by 120 and 240 degrees (ob-fen -M): the same
 * moves by army 2 and army 3, for the full-move number. */
#define STUCK_2                                                             \
	"4,Hr2,1/7/8/9/10/1,Un1,8,Gd3/Gd1,1,Cp1,7/4,Sn2,4/Fr1,3,Cp2,2,Un2/3," \
	"Gd2,3/6 2 7 12"
#define STUCK_3                                                             \
	"Gd1,2,Un3,2/7/8/6,Cp3,Gd3,1/6,Sn3,3/11/Hr3,9/6,Cp2,1,Fr2/8/5,Un2,"   \
	"Gd2/6 3 7 12"
#define SELF_STUCK_3                                                        \
	"Gd1,2,Un3,2/7/8/2,Gd2,5,Gd3/7,Cp1,Sn3,1/6,Ds2,4/Hr3,9/9/8/7/6 3 7 12"
/* Army 1 has its whole setup and a Corporal on f10; without one Unicorn. */
#define CORNER                                                              \
	"3,Fr3,2/7/Sn1,5,Gd3,1/Fr1,4,Cp3,3/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1," \
	"Hr1,8/Fr1,4,Cp2,3/Sn1,5,Gd2,1/7/2,Sn2,3 1 7 12"
#define CORNER_SHORT                                                        \
	"3,Fr3,2/7/Sn1,5,Gd3,1/Fr1,4,Cp3,3/Ds1,Hr1,8/Un1,Un1,7,Cp1,1/Gd1,"    \
	"Hr1,8/Fr1,4,Cp2,3/Sn1,5,Gd2,1/7/2,Sn2,3 1 7 12"
/* Army 2 alone: it has won. */
#define ALONE "6/7/8/9/10/11/10/9/8/6,Gd2/4,Ds2,1 2 0 30"

struct settle_case {
	const char *pfen, *move; /* the move without its suffix */
	const char *written;     /* ob_move_write's text */
	int neliminated;
	int out[2], by[2];       /* armies 1 to 3 */
	int nremoved;
	enum ob_game_status status; /* ob_status after */
	const char *after;          /* the settled position, PFEN */
};

static const struct settle_case cases[] = {
	/* a discovered attack: army 2, next in turn, eliminates army 3 */
	{DISCOVERED, "Snc5-f7", "Snc5-f7+", 1, {3}, {2}, 2, OB_CHECK,
	 "6/7/7,Ds2/9/2,Cp1,7/6,Sn1,4/Gd1,9/9/5,Gd2,2/7/6 2 0 12"},
	{DISCOVERED, "Snc5-a2", "Snc5-a2", 1, {3}, {2}, 2, OB_ONGOING,
	 "1,Sn1,4/7/7,Ds2/9/2,Cp1,7/11/Gd1,9/9/5,Gd2,2/7/6 2 0 12"},
	/* no elimination: the clock counts on, or a Corporal resets it */
	{DISCOVERED, "Gdg1-f1", "Gdg1-f1", 0, {0}, {0}, 0, OB_ONGOING,
	 "2,Hr3,3/7/2,Gd3,1,Sn1,2,Ds2/9/2,Cp1,7/Gd1,10/10/9/5,Gd2,2/7/6 2 8 "
	 "12"},
	{DISCOVERED, "Cpe3-e4", "Cpe3-e4", 0, {0}, {0}, 0, OB_ONGOING,
	 "2,Hr3,3/7/2,Gd3,1,Sn1,2,Ds2/9/3,Cp1,6/11/Gd1,9/9/5,Gd2,2/7/6 2 0 "
	 "12"},
	/* stalemate and checkmate: army 2 eliminated by the mover */
	{STUCK, "Sne4-h4", "Sne4-h4", 1, {2}, {1}, 1, OB_ONGOING,
	 "2,Fr3,1,Gd3,1/5,Un3,1/4,Cp3,3/1,Gd1,7/2,Cp1,7/11/10/Un1,2,Sn1,5/8/"
	 "6,Hr1/6 3 0 12"},
	{STUCK, "Sne4-h3", "Sne4-h3", 1, {2}, {1}, 1, OB_ONGOING,
	 "2,Fr3,1,Gd3,1/5,Un3,1/4,Cp3,3/1,Gd1,7/2,Cp1,7/11/10/Un1,1,Sn1,6/8/"
	 "6,Hr1/6 3 0 12"},
	/* a chain of two, the last elimination: army 1 has won */
	{CHAIN, "Sne5-h4", "Sne5-h4#", 2, {3, 2}, {2, 1}, 5, OB_LAST_ARMY,
	 "6/7/8/1,Gd1,7/10/11/10/Un1,2,Sn1,5/8/6,Hr1/4,Ds1,1 1 0 12"},
	{CHAIN, "Dsl5xl3", "Dsl5xl3", 1, {2}, {1}, 1, OB_ONGOING,
	 "Fr3,1,Gd3,3/7/4,Cp3,3/1,Gd1,7/4,Sn1,5/11/10/Un1,8/8/6,Hr1/2,Ds1,3 "
	 "3 0 12"},
	/* '+' for the army after next too (spec section 10) */
	{CHAIN, "Dsl5-a5", "Dsl5-a5+", 0, {0}, {0}, 0, OB_ONGOING,
	 "Fr3,1,Gd3,1,Ds1,1/7/4,Cp3,3/1,Gd1,7/4,Sn1,5/11/10/Un1,8/8/6,Hr1/"
	 "Gd2,1,Un2,3 2 8 12"},
	{TWO_STUCK, "Dse5-i2", "Dse5-i2#", 2, {2, 3}, {1, 1}, 2, OB_LAST_ARMY,
	 "6/7/7,Gd1/8,Sn1/10/11/6,Un1,3/9/1,Ds1,5,Hr1/7/6 1 0 12"},
	/* the mover eliminated by its own move: army 2 has won, no '#' */
	{SELF, "Snd5-f4", "Snd5-f4", 2, {3, 1}, {2, 2}, 6, OB_LAST_ARMY,
	 "6/7/8/9/10/11/10/2,Ds2,6/8/5,Gd2,1/6 2 0 12"},
	{SELF_STUCK, "Hrk7-k2", "Hrk7-k2", 2, {2, 1}, {1, 3}, 6, OB_LAST_ARMY,
	 "6/7/8/9/4,Ds3,5/11/10/9/3,Gd3,4/7/6 3 0 12"},
	/* two armies: a stalemate eliminates, the last elimination */
	{TWO_ARMIES, "Dse6xc6", "Dse6xc6#", 1, {3}, {1}, 2, OB_LAST_ARMY,
	 "6/7/5,Ds1,2/9/9,Gd1/11/10/9/8/2,Hr1,4/1,Sn1,4 1 0 12"},
	/* the full-move number: army 2's move with army 3 out next, army
	 * 3's move, army 3's move that passes army 1 once though it
	 * eliminates two armies */
	{STUCK_2, "Snh5-f8", "Snh5-f8", 1, {3}, {2}, 1, OB_ONGOING,
	 "4,Hr2,1/7/8/9/10/1,Un1,5,Sn2,3/Gd1,1,Cp1,7/9/Fr1,3,Cp2,2,Un2/3,Gd2,"
	 "3/6 1 0 13"},
	{STUCK_3, "Sne7-d4", "Sne7-d4", 1, {1}, {3}, 1, OB_ONGOING,
	 "3,Un3,2/7/8/3,Sn3,2,Cp3,Gd3,1/10/11/Hr3,9/6,Cp2,1,Fr2/8/5,Un2,Gd2/6"
	 " 2 0 13"},
	{STUCK_3, "Gdd8-c8", "Gdd8-c8", 0, {0}, {0}, 0, OB_ONGOING,
	 "Gd1,2,Un3,2/7/7,Gd3/6,Cp3,2/6,Sn3,3/11/Hr3,9/6,Cp2,1,Fr2/8/5,Un2,"
	 "Gd2/6 1 8 13"},
	{SELF_STUCK_3, "Hrg1-b2", "Hrg1-b2", 2, {1, 3}, {3, 2}, 6,
	 OB_LAST_ARMY, "6/7/8/2,Gd2,6/10/6,Ds2,4/10/9/8/7/6 2 0 13"},
};

static bool same_state(const struct ob_position *a,
		       const struct ob_position *b)
{
	return memcmp(a->board, b->board, sizeof a->board) == 0 &&
	       memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 &&
	       memcmp(a->by_kind, b->by_kind, sizeof a->by_kind) == 0 &&
	       memcmp(a->royal_cell, b->royal_cell, sizeof a->royal_cell) ==
		       0 &&
	       a->side == b->side && a->halfmove_clock == b->halfmove_clock &&
	       a->fullmove_number == b->fullmove_number &&
	       a->rights == b->rights && a->ep_cell == b->ep_cell &&
	       a->key == b->key;
}

static const struct ob_variant *plattraum(void)
{
	return ob_variant_find("plattraum");
}

static bool read_move(const struct ob_position *pos, const char *text,
		      ob_move *m)
{
	struct ob_error err;
	enum ob_status st = ob_move_read(pos, text, strlen(text), 0, m, &err);
	return CHECK(st == OB_OK, "%s: %s", text, err.message);
}

/* The pieces settling removed: each of an eliminated army, gone from the
 * board, from its cell before the move (or the mover's piece from where
 * it went); as many as those armies had but a captured piece. */
static void check_removed(const struct settle_case *c,
			  const struct ob_position *before,
			  const struct ob_position *after, ob_move m,
			  const struct ob_undo *u)
{
	int want = 0;
	for (int i = 0; i < u->neliminated; i++) {
		int a = u->eliminated[i];
		want += ob_cellset_count(before->by_color[a]);
		if (u->captured != OB_EMPTY && OB_PIECE_COLOR(u->captured) == a)
			want--;
	}
	CHECK(u->nremoved == want && u->nremoved == c->nremoved,
	      "%s: %d pieces removed, not %d (table %d)", c->move, u->nremoved,
	      want, c->nremoved);
	for (int k = 0; k < u->nremoved; k++) {
		int cell = u->removed_cell[k], army = OB_PIECE_COLOR(u->removed[k]);
		bool eliminated = false;
		for (int i = 0; i < u->neliminated; i++)
			eliminated |= u->eliminated[i] == army;
		CHECK(eliminated && after->board[cell] == OB_EMPTY &&
			      (before->board[cell] == u->removed[k] ||
			       cell == OB_MOVE_TO(m)),
		      "%s: removed piece %d (army %d) on cell %d", c->move, k,
		      army + 1, cell);
	}
}

static void settle_case(const struct settle_case *c)
{
	struct ob_position pos, before;
	char text[OB_MOVE_TEXT_MAX], pfen[512];
	ob_move m;
	if (!check_position(&pos, plattraum(), c->pfen) ||
	    !read_move(&pos, c->move, &m))
		return;
	before = pos;
	ob_move_write(&pos, m, text);
	CHECK(strcmp(text, c->written) == 0, "%s written '%s', not '%s'",
	      c->move, text, c->written);

	struct ob_undo u;
	ob_make(&pos, m, &u);
	CHECK(u.mover == before.side, "%s: mover %d", c->move, u.mover + 1);
	if (CHECK(u.neliminated == c->neliminated, "%s: %d eliminated, not %d",
		  c->move, u.neliminated, c->neliminated))
		for (int i = 0; i < u.neliminated; i++)
			CHECK(u.eliminated[i] == c->out[i] - 1 &&
				      u.eliminated_by[i] == c->by[i] - 1,
			      "%s: elimination %d: army %d by army %d, not "
			      "army %d by army %d",
			      c->move, i, u.eliminated[i] + 1,
			      u.eliminated_by[i] + 1, c->out[i], c->by[i]);
	check_removed(c, &before, &pos, m, &u);
	ob_ofen_write(&pos, pfen);
	CHECK(strcmp(pfen, c->after) == 0, "%s: after it '%s', not '%s'",
	      c->move, pfen, c->after);
	/* The clocks and the army to move, as the fields say (spec 8). */
	int side, clock, number;
	if (sscanf(strchr(c->after, ' '), "%d %d %d", &side, &clock,
		   &number) == 3)
		CHECK(pos.side == side - 1 && pos.halfmove_clock == clock &&
			      pos.fullmove_number == number,
		      "%s: army %d to move, clock %d, move %d", c->move,
		      pos.side + 1, pos.halfmove_clock, pos.fullmove_number);
	CHECK(pos.key == ob_position_compute_key(&pos), "%s: key after",
	      c->move);
	enum ob_game_status st = ob_status(&pos);
	CHECK(st == c->status, "%s: status %s, not %s", c->move,
	      ob_game_status_name(st), ob_game_status_name(c->status));
	/* The last army left has no moves (spec section 6). */
	if (c->status == OB_LAST_ARMY)
		CHECK(ob_legal_count(&pos) == 0 && !ob_has_legal_move(&pos),
		      "%s: the last army left has %d moves", c->move,
		      ob_legal_count(&pos));

	ob_unmake(&pos, m, &u);
	CHECK(same_state(&pos, &before), "%s: unmake restores the position",
	      c->move);
}

static void far_corner(void)
{
	struct ob_position pos, before;
	ob_move m;
	char text[OB_MOVE_TEXT_MAX];
	if (!check_position(&pos, plattraum(), CORNER) ||
	    !read_move(&pos, "Cpf10-f11=Un", &m))
		return;
	CHECK(ob_far_corner_win(&pos, m), "the arrival on f11 wins");
	ob_move_write(&pos, m, text);
	CHECK(strcmp(text, "Cpf10-f11=Un#") == 0, "written '%s'", text);
	/* Nobody is eliminated: perft goes on below it (spec section 7). */
	before = pos;
	struct ob_undo u;
	ob_make(&pos, m, &u);
	CHECK(u.neliminated == 0 && pos.side == 1 &&
		      ob_armies_in_game(&pos) == 7 && ob_legal_count(&pos) > 0,
	      "after the arrival: %d eliminated, army %d to move",
	      u.neliminated, pos.side + 1);
	ob_unmake(&pos, m, &u);
	CHECK(same_state(&pos, &before), "unmake after the arrival");
	/* Another move of the army, or the arrival without the whole
	 * setup, does not win. */
	if (read_move(&pos, "Snc1-b3", &m))
		CHECK(!ob_far_corner_win(&pos, m), "a Sennight's move");
	if (!check_position(&pos, plattraum(), CORNER_SHORT) ||
	    !read_move(&pos, "Cpf10-f11=Un", &m))
		return;
	CHECK(!ob_far_corner_win(&pos, m), "two Unicorns are not enough");
	ob_move_write(&pos, m, text);
	CHECK(strcmp(text, "Cpf10-f11=Un") == 0, "written '%s'", text);
}

static void one_army_left(void)
{
	struct ob_position pos;
	if (!check_position(&pos, plattraum(), ALONE))
		return;
	CHECK(ob_status(&pos) == OB_LAST_ARMY, "status %s",
	      ob_game_status_name(ob_status(&pos)));
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(&pos, moves);
	CHECK(n == 0 && ob_legal_count(&pos) == 0 && !ob_has_legal_move(&pos) &&
		      ob_reference_moves(&pos, moves) == 0,
	      "army 2 alone: %d moves, not none", n);
	CHECK(ob_perft(&pos, 1) == 0 && ob_perft(&pos, 3) == 0 &&
		      ob_perft_count(&pos, 2, NULL) == 0,
	      "perft of the last army's position is 0");
}

/* PFEN legality with three armies (spec section 9), each message. */
static void legality(void)
{
	static const struct {
		const char *pfen;
		enum ob_status status;
		const char *message;
	} bad[] = {
		/* DISCOVERED after Snc5-a2, army 3 (out) to move */
		{"1,Sn1,4/7/7,Ds2/9/2,Cp1,7/11/Gd1,9/9/5,Gd2,2/7/6 3 0 12",
		 OB_ERR_ARMY_TO_MOVE_OUT, "army 3 is to move but has no pieces"},
		/* STUCK after Sne4-h4, not settled: army 2 to move */
		{"2,Fr3,1,Gd3,1/5,Un3,1/4,Cp3,3/1,Gd1,7/2,Cp1,7/11/10/Un1,2,Sn1,"
		 "5/8/6,Hr1/Gd2,5 2 0 12",
		 OB_ERR_NOT_SETTLED,
		 "army 2 is to move but has no legal move (the position is not "
		 "settled)"},
		/* DISCOVERED with the Sennight gone, army 2 to move */
		{"1,Sn1,Hr3,3/7/2,Gd3,4,Ds2/9/2,Cp1,7/11/Gd1,9/9/5,Gd2,2/7/6 2 0 "
		 "12",
		 OB_ERR_OPPONENT_IN_CHECK, "army 3 is not to move but is in check"},
		/* army 3 has a Hindrook but no Grandduke */
		{"2,Hr3,3/7/4,Sn1,2,Ds2/9/2,Cp1,7/11/Gd1,9/9/5,Gd2,2/7/6 1 0 12",
		 OB_ERR_SOVEREIGN_COUNT, "army 3 has 0 Granddukes, not exactly one"},
		/* two at once, in army order; army 3 is not out: it has pieces */
		{"2,Hr3,3/7/4,Sn1,2,Ds2/9/2,Cp1,7/11/Gd1,9/9/8/7/6 3 0 12",
		 OB_ERR_SOVEREIGN_COUNT,
		 "army 2 has 0 Granddukes, not exactly one; army 3 has 0 "
		 "Granddukes, not exactly one"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct ob_position pos;
		struct ob_error err;
		memset(&err, 0, sizeof err);
		enum ob_status st = ob_ofen_read(&pos, plattraum(), bad[i].pfen,
						 strlen(bad[i].pfen), NULL, &err);
		CHECK(st == bad[i].status && err.status == bad[i].status &&
			      err.column == 1 &&
			      strcmp(err.message, bad[i].message) == 0,
		      "%s: %s (%d, column %d), not %s", bad[i].pfen,
		      err.message, (int)st, err.column, bad[i].message);
	}
	/* Legal: army 1 out, or one army left, or the army to move in check
	 * by both others. */
	struct ob_position pos;
	check_position(&pos, plattraum(),
		       "1,Sn1,4/7/7,Ds2/9/2,Cp1,7/11/Gd1,9/9/5,Gd2,2/7/6 2 0 12");
	check_position(&pos, plattraum(), ALONE);
	check_position(&pos, plattraum(),
		       "6/2,Gd3,4/1,Fr1,2,Hr3,3/3,Hr1,5/3,Un1,3,Un3,2/5,Gd1,3,"
		       "Ds2,1/3,Cp1,6/2,Sn3,6/4,Cp2,3/5,Gd2,1/6 1 0 1");
}

void test_settle(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		settle_case(&cases[i]);
	far_corner();
	one_army_left();
	legality();
}
