/*
 * Game history and the ends of a game (spec sections 4 and 9): checkmate
 * and stalemate in hand-made positions, confirmed by both generators;
 * threefold repetition (side to move compared, the initial position
 * counted); the 100-half-move end; the order checkmate, stalemate,
 * threefold, 100 half-moves.
 */
#include "check.h"

#include <string.h>

/* Black's s on Aa5 is mated: R Bb5 checks, N Aa4 and S Bc4 guard. */
#define MATE "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|1R3/2S2/5/5/5|s4/N4/5/5/5 b 0 1"
/* Black's s on Ee1 has no move and is not in check. */
#define STALE "5/5/5/2R2/4s|2T2/5/5/5/5|5/5/5/5/4S|5/5/5/5/5|5/5/5/5/5 b 0 1"
/* One move before: RBb1-Bb5 mates, SBd1-Ce1 stalemates. */
#define BEFORE_MATE                                                        \
	"5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/2S2/5/5/1R3|s4/N4/5/5/5 w 0 1"
#define BEFORE_STALE                                                       \
	"5/5/5/2R2/4s|2T2/5/5/5/5|5/5/5/5/5|5/5/5/5/3S1|5/5/5/5/5 w 0 1"

/* Plays a move given as text; false (and a failed check) if illegal. */
static bool play(struct ob_position *pos, const char *text)
{
	struct ob_error err;
	ob_move m;
	if (!CHECK(ob_move_read(pos, text, strlen(text), 0, &m, &err) == OB_OK,
		   "%s: %s", text, err.message))
		return false;
	struct ob_undo u;
	ob_make(pos, m, &u);
	return true;
}

/* Plays and records a move, as a game reader would. */
static bool play_push(struct ob_history *h, struct ob_position *pos,
		      const char *text)
{
	const struct ob_variant *v = pos->variant;
	int from = -1;
	ob_cell_parse(v, text + 1, &from);
	bool irreversible = from >= 0 &&
			    (OB_PIECE_KIND(pos->board[from]) == v->pawn_kind ||
			     strchr(text, 'x') != NULL);
	if (!play(pos, text))
		return false;
	ob_history_push(h, pos, irreversible);
	return true;
}

/* No legal move by either generator; in check or not. */
static void no_moves(const struct ob_position *pos, bool check,
		     const char *what)
{
	ob_move moves[OB_MAX_MOVES];
	CHECK(ob_legal_moves(pos, moves) == 0, "%s: fast generator moves",
	      what);
	CHECK(ob_reference_moves(pos, moves) == 0,
	      "%s: reference generator moves", what);
	CHECK(ob_legal_count(pos) == 0, "%s: count", what);
	CHECK(ob_in_check(pos) == check, "%s: in check", what);
	CHECK(ob_status(pos) == (check ? OB_CHECKMATE : OB_STALEMATE),
	      "%s: status %s", what, ob_game_status_name(ob_status(pos)));
}

static void mate_and_stalemate(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos, mirror;
	struct ob_history h;
	if (check_position(&pos, v, MATE)) {
		no_moves(&pos, true, "mate");
		ob_position_mirror(&pos, &mirror);
		no_moves(&mirror, true, "mate, mirrored (White mated)");
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_CHECKMATE, "mate ends the game");
		CHECK(strcmp(ob_game_end_name(OB_END_CHECKMATE), "checkmate") ==
			      0,
		      "name");
	}
	if (check_position(&pos, v, STALE)) {
		no_moves(&pos, false, "stalemate");
		ob_position_mirror(&pos, &mirror);
		no_moves(&mirror, false, "stalemate, mirrored");
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_STALEMATE,
		      "stalemate ends the game");
	}
	/* Reached by a move in a game. */
	if (check_position(&pos, v, BEFORE_MATE)) {
		CHECK(ob_status(&pos) == OB_ONGOING, "before the mate");
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_NONE, "before the mate: no end");
		if (play_push(&h, &pos, "RBb1-Bb5#")) {
			no_moves(&pos, true, "mate after RBb1-Bb5");
			CHECK(ob_game_end(&h) == OB_END_CHECKMATE, "mate");
		}
	}
	if (check_position(&pos, v, BEFORE_STALE)) {
		ob_history_start(&h, &pos);
		if (play_push(&h, &pos, "SBd1-Ce1")) {
			no_moves(&pos, false, "stalemate after SBd1-Ce1");
			CHECK(ob_game_end(&h) == OB_END_STALEMATE, "stalemate");
		}
	}
	/* The start position is neither. */
	ob_position_start(&pos, v);
	CHECK(ob_status(&pos) == OB_ONGOING, "start: ongoing");
}

static void threefold_from_start(void)
{
	const struct ob_variant *v = ob_variant_default();
	static const char *const shuffle[] = {"NCb1-Ab2", "NCb5-Ab4",
					      "NAb2-Cb1", "NAb4-Cb5"};
	struct ob_position pos;
	struct ob_history h;
	ob_position_start(&pos, v);
	ob_history_start(&h, &pos);
	CHECK(ob_history_repetitions(&h) == 1, "start: once");
	/* The start recurs after 4 and 8 plies: the third time counts the
	 * initial position. */
	for (int ply = 1; ply <= 8; ply++) {
		if (!play_push(&h, &pos, shuffle[(ply - 1) % 4]))
			return;
		int want = ply % 4 == 0 ? 1 + ply / 4 : 1 + (ply > 4);
		CHECK(ob_history_repetitions(&h) == want,
		      "ply %d: %d repetitions, expected %d", ply,
		      ob_history_repetitions(&h), want);
		enum ob_game_end end = ob_game_end(&h);
		CHECK(end == (ply == 8 ? OB_END_THREEFOLD : OB_END_NONE),
		      "ply %d: end %s", ply, ob_game_end_name(end));
	}
	/* A game from an OFEN: its first position counts the same way. */
	struct ob_position start;
	ob_position_start(&start, v);
	CHECK(ob_position_same(&pos, &start) && pos.halfmove_clock == 8,
	      "back at the start, clock %d", pos.halfmove_clock);
}

/* The same placement with the other side to move is another position:
 * White's Sovereign goes round a triangle while Black's goes back and
 * forth. */
static void side_to_move_counts(void)
{
	const struct ob_variant *v = ob_variant_default();
	static const char *const moves[] = {
		"SAa1-Aa2", "SEe5-Ee4", "SAa2-Ab1", "SEe4-Ee5", "SAb1-Aa1",
		/* now the placement of ply 0 with Black to move */
		"SEe5-Ee4", "SAa1-Aa2", "SEe4-Ee5", "SAa2-Ab1", "SEe5-Ee4",
		"SAb1-Aa1", "SEe4-Ee5",
		/* White to move: the placement of ply 0, which has also
		 * stood at ply 5 with Black to move: twice, not three times */
	};
	/* Counting placements alone would give 2 from ply 5 on and 3 at
	 * ply 12. */
	static const int reps[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2};
	struct ob_position pos;
	struct ob_history h;
	if (!check_position(&pos, v,
			    "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			    "5/5/5/5/S4 w 0 1"))
		return;
	ob_history_start(&h, &pos);
	for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
		if (!play_push(&h, &pos, moves[i]))
			return;
		CHECK(ob_history_repetitions(&h) == reps[i + 1],
		      "ply %zu (%s): %d repetitions, expected %d", i + 1,
		      moves[i], ob_history_repetitions(&h), reps[i + 1]);
	}
	CHECK(ob_game_end(&h) == OB_END_NONE, "twice is not threefold");
}

/* Random Sovereign walks in two small boxes, where positions recur often
 * and triangles happen: the library's count against a count over every
 * earlier position with the same placement and side to move. */
static void random_walks(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_rng rng;
	ob_rng_seed(&rng, 3);
	static struct ob_position seen[160];
	long compared = 0, side_mattered = 0, threefolds = 0;
	for (int walk = 0; walk < 200; walk++) {
		struct ob_position pos;
		struct ob_history h;
		if (!check_position(&pos, v,
				    "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
				    "s1S2/5/5/5/5 w 0 1"))
			return;
		/* s Aa5, S Ac5: each keeps to its own 2x2 square of level A
		 * (files a-b or d-e, ranks 4-5), never adjacent. */
		ob_history_start(&h, &pos);
		seen[0] = pos;
		for (int ply = 1; ply <= 110; ply++) {
			ob_move moves[OB_MAX_MOVES], ok[OB_MAX_MOVES];
			int n = ob_legal_moves(&pos, moves), k = 0;
			for (int i = 0; i < n; i++) {
				int c[3];
				ob_cell_coords(v, OB_MOVE_TO(moves[i]), c);
				bool white = pos.side == OB_WHITE;
				if (c[0] == 0 && c[2] >= 3 &&
				    (white ? c[1] >= 3 : c[1] <= 1))
					ok[k++] = moves[i];
			}
			if (!CHECK(k > 0, "walk %d ply %d: no move", walk, ply))
				return;
			struct ob_undo u;
			ob_make(&pos, ok[ob_rng_below(&rng, (uint64_t)k)], &u);
			ob_history_push(&h, &pos, false);
			int same = 0, placement = 0;
			int first = ply >= 100 ? ply - 100 : 0;
			for (int i = first; i < ply; i++) {
				if (memcmp(seen[i].board, pos.board,
					   sizeof pos.board) != 0)
					continue;
				placement++;
				same += seen[i].side == pos.side;
			}
			seen[ply] = pos;
			int reps = ob_history_repetitions(&h);
			side_mattered += placement != same;
			enum ob_game_end want =
				same + 1 >= 3 ? OB_END_THREEFOLD
				: pos.halfmove_clock >= 100 ? OB_END_FIFTY_MOVES
							    : OB_END_NONE;
			threefolds += want == OB_END_THREEFOLD;
			compared++;
			if (!CHECK(reps == same + 1 && ob_game_end(&h) == want,
				   "walk %d ply %d: %d repetitions, counted %d; "
				   "end %s, expected %s",
				   walk, ply, reps, same + 1,
				   ob_game_end_name(ob_game_end(&h)),
				   ob_game_end_name(want)))
				return;
		}
	}
	CHECK(compared == 200 * 110 && side_mattered > 0 && threefolds > 0,
	      "%ld compared, side mattered %ld, threefolds %ld", compared,
	      side_mattered, threefolds);
}

static void irreversible_forgets(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos;
	struct ob_history h;
	ob_position_start(&pos, v);
	ob_history_start(&h, &pos);
	static const char *const moves[] = {
		"NCb1-Ab2", "NCb5-Ab4", "NAb2-Cb1", "NAb4-Cb5", /* start x2 */
		"PCc2-Cc3", /* a pawn move: nothing before it can recur */
		"NCb5-Ab4", "NCb1-Ab2", "NAb4-Cb5", "NAb2-Cb1",
		"NCb5-Ab4", "NCb1-Ab2", "NAb4-Cb5", "NAb2-Cb1",
	};
	for (size_t i = 0; i < sizeof moves / sizeof *moves; i++)
		if (!play_push(&h, &pos, moves[i]))
			return;
	/* The position after PCc2-Cc3 has occurred three times. */
	CHECK(ob_history_repetitions(&h) == 3, "%d repetitions",
	      ob_history_repetitions(&h));
	CHECK(ob_game_end(&h) == OB_END_THREEFOLD, "threefold after a pawn");
	CHECK(pos.halfmove_clock == 8, "clock %d", pos.halfmove_clock);

	/* Recorded directly: an irreversible move forgets what came before. */
	struct ob_position a, b;
	ob_position_start(&a, v);
	b = a;
	play(&b, "NCb1-Ab2");
	ob_history_start(&h, &a);
	ob_history_push(&h, &b, false);
	ob_history_push(&h, &a, false);
	CHECK(ob_history_repetitions(&h) == 2, "a twice");
	ob_history_push(&h, &b, true);
	CHECK(ob_history_repetitions(&h) == 1, "b after a reset");
	ob_history_push(&h, &a, false);
	CHECK(ob_history_repetitions(&h) == 1, "a forgotten");
}

static void hundred_half_moves(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos;
	struct ob_history h;
	/* Clock 98: two quiet moves reach 100. */
	if (check_position(&pos, v,
			   "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			   "5/5/5/5/S4 w 98 60")) {
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_NONE, "clock 98");
		play_push(&h, &pos, "SAa1-Aa2");
		CHECK(ob_game_end(&h) == OB_END_NONE, "clock 99");
		play_push(&h, &pos, "SEe5-Ee4");
		CHECK(pos.halfmove_clock == 100 &&
			      ob_game_end(&h) == OB_END_FIFTY_MOVES,
		      "clock %d: %s", pos.halfmove_clock,
		      ob_game_end_name(ob_game_end(&h)));
		CHECK(strcmp(ob_game_end_name(OB_END_FIFTY_MOVES),
			     "100 half-moves") == 0 &&
			      strcmp(ob_game_end_name(OB_END_THREEFOLD),
				     "threefold repetition") == 0 &&
			      strcmp(ob_game_end_name(OB_END_STALEMATE),
				     "stalemate") == 0 &&
			      strcmp(ob_game_end_name(OB_END_NONE), "none") == 0,
		      "end names");
	}
	/* A pawn move or a capture at 99 resets the clock. */
	if (check_position(&pos, v,
			   "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			   "5/5/2P2/5/S4 w 99 80")) {
		ob_history_start(&h, &pos);
		play_push(&h, &pos, "PAc3-Ac4");
		CHECK(pos.halfmove_clock == 0 && ob_game_end(&h) == OB_END_NONE,
		      "pawn move at 99: clock %d", pos.halfmove_clock);
	}
	if (check_position(&pos, v,
			   "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			   "5/5/5/5/ST2t w 99 80")) {
		ob_history_start(&h, &pos);
		play_push(&h, &pos, "TAb1xAe1");
		CHECK(pos.halfmove_clock == 0 && ob_game_end(&h) == OB_END_NONE,
		      "capture at 99: clock %d", pos.halfmove_clock);
	}
	/* A game starting at clock 100 or more has already ended. */
	if (check_position(&pos, v,
			   "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			   "5/5/5/5/S4 w 100 70")) {
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_FIFTY_MOVES, "starts at 100");
	}
	if (check_position(&pos, v,
			   "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			   "5/5/5/5/S4 b 250 70")) {
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_FIFTY_MOVES, "starts at 250");
	}
}

/* Checkmate before stalemate before threefold before 100 half-moves. */
static void order_of_ends(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos;
	struct ob_history h;
	/* The mating move is the 100th half-move: a win. */
	if (check_position(&pos, v,
			   "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/2S2/5/5/1R3|"
			   "s4/N4/5/5/5 w 99 90")) {
		ob_history_start(&h, &pos);
		play_push(&h, &pos, "RBb1-Bb5#");
		CHECK(pos.halfmove_clock == 100 &&
			      ob_game_end(&h) == OB_END_CHECKMATE,
		      "mate on the 100th half-move: %s",
		      ob_game_end_name(ob_game_end(&h)));
	}
	/* The stalemating move is the 100th half-move: stalemate. */
	if (check_position(&pos, v,
			   "5/5/5/2R2/4s|2T2/5/5/5/5|5/5/5/5/5|5/5/5/5/3S1|"
			   "5/5/5/5/5 w 99 90")) {
		ob_history_start(&h, &pos);
		play_push(&h, &pos, "SBd1-Ce1");
		CHECK(pos.halfmove_clock == 100 &&
			      ob_game_end(&h) == OB_END_STALEMATE,
		      "stalemate on the 100th half-move: %s",
		      ob_game_end_name(ob_game_end(&h)));
	}
	/* Mate or stalemate at an OFEN clock of 100. */
	if (check_position(&pos, v,
			   "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|1R3/2S2/5/5/5|"
			   "s4/N4/5/5/5 b 100 1")) {
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_CHECKMATE, "mate at 100");
	}
	if (check_position(&pos, v,
			   "5/5/5/2R2/4s|2T2/5/5/5/5|5/5/5/5/4S|5/5/5/5/5|"
			   "5/5/5/5/5 b 100 1")) {
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_STALEMATE, "stalemate at 100");
	}
	/* A repeated mate or stalemate position (recorded directly) is
	 * still mate or stalemate, not threefold. */
	struct ob_position other;
	if (check_position(&pos, v, MATE) &&
	    check_position(&other, v, BEFORE_MATE)) {
		ob_history_start(&h, &pos);
		for (int i = 0; i < 4; i++) {
			ob_history_push(&h, i % 2 ? &pos : &other, false);
		}
		CHECK(ob_history_repetitions(&h) == 3 &&
			      ob_game_end(&h) == OB_END_CHECKMATE,
		      "mate thrice: %s", ob_game_end_name(ob_game_end(&h)));
	}
	if (check_position(&pos, v, STALE) &&
	    check_position(&other, v, BEFORE_STALE)) {
		ob_history_start(&h, &pos);
		for (int i = 0; i < 4; i++)
			ob_history_push(&h, i % 2 ? &pos : &other, false);
		CHECK(ob_history_repetitions(&h) == 3 &&
			      ob_game_end(&h) == OB_END_STALEMATE,
		      "stalemate thrice: %s",
		      ob_game_end_name(ob_game_end(&h)));
	}
	/* Threefold on the 100th half-move: threefold. */
	if (check_position(&pos, v,
			   "4s/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|"
			   "5/5/5/5/S4 w 92 60")) {
		static const char *const shuffle[] = {"SAa1-Aa2", "SEe5-Ee4",
						      "SAa2-Aa1", "SEe4-Ee5"};
		ob_history_start(&h, &pos);
		for (int ply = 1; ply <= 8; ply++)
			play_push(&h, &pos, shuffle[(ply - 1) % 4]);
		CHECK(pos.halfmove_clock == 100 &&
			      ob_history_repetitions(&h) == 3 &&
			      ob_game_end(&h) == OB_END_THREEFOLD,
		      "threefold at 100: clock %d, %s", pos.halfmove_clock,
		      ob_game_end_name(ob_game_end(&h)));
	}
}

/* Keys are compared first, but a repetition needs the same position: two
 * positions forced to one key (a collision) are still told apart. */
static void key_collision_is_not_repetition(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos, between, other;
	struct ob_history h;
	ob_position_start(&pos, v);
	ob_history_start(&h, &pos);
	between = pos;
	if (!play(&between, "NCb1-Ab2"))
		return;
	other = between;
	if (!play(&other, "NCb5-Ab4"))
		return;
	other.key = pos.key; /* the collision, with White to move in both */
	ob_history_push(&h, &between, false);
	ob_history_push(&h, &other, false);
	ob_history_push(&h, &between, false);
	ob_history_push(&h, &other, false);
	CHECK(ob_history_repetitions(&h) == 2,
	      "twice, and the start under the same key: %d",
	      ob_history_repetitions(&h));
	ob_history_push(&h, &between, false);
	ob_history_push(&h, &pos, false);
	CHECK(ob_history_repetitions(&h) == 2,
	      "the start twice, twice a position under its key: %d",
	      ob_history_repetitions(&h));
	CHECK(ob_game_end(&h) == OB_END_NONE, "no threefold");
}

void test_history(void)
{
	mate_and_stalemate();
	threefold_from_start();
	side_to_move_counts();
	random_walks();
	irreversible_forgets();
	hundred_half_moves();
	order_of_ends();
	key_collision_is_not_repetition();
}
