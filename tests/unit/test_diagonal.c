/*
 * Diagonal Oblong Chess: the flat board, DFEN, and the special moves
 * (double step, en passant, castling, guarding), each available and each
 * of its conditions failing, in hand-made positions; perft of the start
 * position against the reference; point-reflection symmetry.
 */
#include "check.h"

#include <stdio.h>
#include <string.h>

static const struct ob_variant *doc(void)
{
	return ob_variant_find("diagonal-oblong");
}

static int count_special(const struct ob_position *pos, int special)
{
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(pos, moves), k = 0;
	for (int i = 0; i < n; i++)
		k += OB_MOVE_SPECIAL(moves[i]) == special;
	return k;
}

static void board_and_start(void)
{
	const struct ob_variant *v = doc();
	struct ob_position pos;
	char out[OB_OFEN_MAX], name[8];
	CHECK(v != NULL, "variant found");
	CHECK(ob_variant_find("Diagonal Oblong") == v, "by tag name");
	CHECK(ob_cell_count(v) == 64, "64 cells, not %d", ob_cell_count(v));
	int cell;
	CHECK(ob_cell_parse(v, "a2", &cell) < 0, "a2 is no cell");
	CHECK(ob_cell_parse(v, "b2", &cell) == 2, "b2 is a cell");
	CHECK(ob_cell_parse(v, "d16", &cell) == 3, "d16 is a cell");
	ob_cell_name(v, ob_cell_reflect(v, cell), name);
	CHECK(strcmp(name, "e1") == 0, "d16 reflects to %s", name);
	ob_position_start(&pos, v);
	ob_ofen_write(&pos, out);
	CHECK(strcmp(out, v->start_ofen) == 0, "start round-trips: %s", out);
	struct ob_position m;
	ob_position_mirror(&pos, &m);
	m.side = OB_WHITE; /* the start is its own reflection, side aside */
	m.key = ob_position_compute_key(&m);
	CHECK(ob_position_same(&pos, &m), "start is point-symmetric");
	static const uint64_t expect[] = {1, 18, 324, 6227};
	for (int d = 1; d <= 3; d++) {
		uint64_t fast = ob_perft(&pos, d), slow = check_reference_perft(&pos, d);
		CHECK(fast == expect[d] && slow == expect[d],
		      "perft(%d): fast %llu, reference %llu, expected %llu", d,
		      (unsigned long long)fast, (unsigned long long)slow,
		      (unsigned long long)expect[d]);
	}
}

static void castling(void)
{
	const struct ob_variant *v = doc();
	struct ob_position pos;
	static const char *const base =
		"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/B1K1 w K - 0 1";
	if (!check_position(&pos, v, base))
		return;
	CHECK(check_has_move(&pos, "O-O"), "castling available");
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(&pos, moves);
	for (int i = 0; i < n; i++) {
		if (OB_MOVE_SPECIAL(moves[i]) != OB_PAIRED)
			continue;
		struct ob_undo u;
		char after[OB_OFEN_MAX];
		ob_make(&pos, moves[i], &u);
		ob_ofen_write(&pos, after);
		CHECK(strcmp(after, "1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/KB2 b - - 1 1") ==
			      0,
		      "after O-O: %s", after);
		CHECK(pos.key == ob_position_compute_key(&pos), "key after O-O");
		ob_unmake(&pos, moves[i], &u);
		ob_ofen_write(&pos, after);
		CHECK(strcmp(after, base) == 0, "O-O undone: %s", after);
	}
	static const struct {
		const char *ofen, *why;
	} fails[] = {
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/B1K1 w - - 0 1", "no right"},
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/BNK1 w K - 0 1",
		 "between occupied"},
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/3r/4/4/B1K1 w K - 0 1",
		 "King's cell attacked (rook h4)"},
		{"1k2/4/4/4/4/4/4/4/4/4/3r/4/4/4/4/B1K1 w K - 0 1",
		 "between cell attacked (rook h6)"},
		{"1k2/4/4/4/4/4/4/4/3r/4/4/4/4/4/4/B1K1 w K - 0 1",
		 "Bishop's cell attacked (rook h8)"},
	};
	for (size_t i = 0; i < sizeof fails / sizeof *fails; i++) {
		if (!check_position(&pos, v, fails[i].ofen))
			continue;
		CHECK(!check_has_move(&pos, "O-O"), "no castling: %s", fails[i].why);
	}
	/* The reasons, in the order of the spec. */
	static const struct {
		const char *ofen;
		enum ob_status status;
		const char *message;
	} reasons[] = {
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/B1K1 w - - 0 1",
		 OB_ERR_MOVE_NO_RIGHT, "the castling right is gone"},
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/3r/4/4/BNK1 w K - 0 1",
		 OB_ERR_MOVE_PAIR_BLOCKED, "castling needs c1 empty"},
		{"1k2/4/4/4/4/4/4/4/3r/4/3r/4/3r/4/4/B1K1 w K - 0 1",
		 OB_ERR_MOVE_CASTLE_ATTACKED, "castling with e1 attacked"},
		{"1k2/4/4/4/4/4/4/4/3r/4/3r/4/4/4/4/B1K1 w K - 0 1",
		 OB_ERR_MOVE_CASTLE_ATTACKED, "castling with c1 attacked"},
		{"1k2/4/4/4/4/4/4/4/3r/4/4/4/4/4/4/B1K1 w K - 0 1",
		 OB_ERR_MOVE_CASTLE_ATTACKED, "castling with a1 attacked"},
	};
	for (size_t i = 0; i < sizeof reasons / sizeof *reasons; i++) {
		struct ob_error err;
		ob_move m;
		if (!check_position(&pos, v, reasons[i].ofen))
			continue;
		enum ob_status st = ob_move_read(&pos, "O-O", 3, 0, &m, &err);
		CHECK(st == reasons[i].status &&
			      strcmp(err.message, reasons[i].message) == 0,
		      "%s: status %d, message '%s'", reasons[i].message, st,
		      err.message);
	}
}

static void guarding(void)
{
	const struct ob_variant *v = doc();
	struct ob_position pos;
	/* Q d2, B h2, K e1; f2 empty; Black's King on b16 (off the Queen's lines). */
	if (!check_position(&pos, v,
			    "k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w G - 0 1"))
		return;
	CHECK(check_has_move(&pos, "Qd2-f2&Bh2-d2"), "guard to f2");
	CHECK(check_has_move(&pos, "Qd2-h2&Bh2-d2"), "guard to h2");
	CHECK(check_has_move(&pos, "Qd2-f2"), "plain move to f2");
	CHECK(!check_has_move(&pos, "Qd2-h2"), "no plain move to h2");
	/* Every Queen move has its guarding twin here: 8 directions from d2
	 * with h2 counted empty. */
	int guards = count_special(&pos, OB_PAIRED);
	struct ob_position lifted = pos;
	int h2;
	ob_cell_parse(v, "h2", &h2);
	ob_position_remove(&lifted, h2);
	lifted.rights = 0;
	ob_move moves[OB_MAX_MOVES];
	int n = ob_legal_moves(&lifted, moves), queen = 0;
	for (int i = 0; i < n; i++)
		queen += OB_PIECE_KIND(lifted.board[OB_MOVE_FROM(moves[i])]) == 1;
	CHECK(guards == queen, "guarding moves %d, Queen moves with h2 empty %d",
	      guards, queen);

	/* Conditions failing: right, cell between, the Queen's start. */
	if (check_position(&pos, v,
			   "k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w - - 0 1"))
		CHECK(count_special(&pos, OB_PAIRED) == 0, "no right: no guard");
	if (check_position(&pos, v,
			   "k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1QNB/2K1 w G - 0 1"))
		CHECK(count_special(&pos, OB_PAIRED) == 0,
		      "f2 occupied: no guard");

	/* A Queen pinned through d2 (rook a5, King e1) may still guard: the
	 * Bishop landing on d2 keeps the line closed.  Without guarding it
	 * moves only along the pin. */
	if (check_position(&pos, v,
			   "k3/4/4/4/4/4/4/4/4/4/4/r3/4/4/1Q1B/2K1 w G - 0 1")) {
		CHECK(check_has_move(&pos, "Qd2-h6&Bh2-d2"), "pinned Queen guards");
		CHECK(!check_has_move(&pos, "Qd2-h6"), "pinned Queen stays on line");
		CHECK(check_has_move(&pos, "Qd2xa5"), "pinned Queen takes the pinner");
	}
	/* In check (rook h4 on e1 through f2 and g3), guarding may answer it. */
	if (check_position(&pos, v,
			   "k3/4/4/4/4/4/4/4/4/4/4/4/3r/4/1Q1B/2K1 w G - 0 1")) {
		CHECK(ob_in_check(&pos), "in check");
		CHECK(check_has_move(&pos, "Qd2-f2&Bh2-d2"), "guard blocks check");
		CHECK(!check_has_move(&pos, "Qd2-b4&Bh2-d2"), "guard ignoring check");
	}
	/* Reasons for a wrong guarding text, in the spec's order. */
	static const struct {
		const char *ofen, *move;
		enum ob_status status;
	} reasons[] = {
		{"k3/4/4/4/4/4/4/4/4/4/4/4/4/1Q2/1Q1B/2K1 w G - 0 1",
		 "Qc3-e3&Bh2-d2", OB_ERR_MOVE_BAD_PAIR},
		{"k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w G - 0 1",
		 "Qd2-f6&Bh2-f2", OB_ERR_MOVE_BAD_PAIR},
		{"k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w - - 0 1",
		 "Qd2-f6&Bh2-d2", OB_ERR_MOVE_NO_RIGHT},
		{"k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1QNB/2K1 w G - 0 1",
		 "Qd2-a3&Bh2-d2", OB_ERR_MOVE_PAIR_BLOCKED},
		{"k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w G - 0 1",
		 "Qd2-e5&Bh2-d2", OB_ERR_MOVE_GEOMETRY},
		{"k3/4/4/4/4/4/4/4/4/4/4/4/4/4/1Q1B/2K1 w G - 0 1",
		 "Qd2xd6&Bh2-d2", OB_ERR_MOVE_FALSE_CAPTURE},
	};
	for (size_t i = 0; i < sizeof reasons / sizeof *reasons; i++) {
		struct ob_error err;
		ob_move m;
		if (!check_position(&pos, v, reasons[i].ofen))
			continue;
		enum ob_status st = ob_move_read(&pos, reasons[i].move,
						 strlen(reasons[i].move), 0,
						 &m, &err);
		CHECK(st == reasons[i].status, "%s: status %d (%s), expected %d",
		      reasons[i].move, st, err.message, reasons[i].status);
	}
}

static void en_passant(void)
{
	const struct ob_variant *v = doc();
	struct ob_position pos, same;
	/* White has just played Pe3-e7; Black's pawn on d6 may take on e5. */
	const char *ep = "1k2/4/4/4/4/4/4/4/4/2P1/1p2/4/4/4/4/2K1 b - e5 0 1";
	if (!check_position(&pos, v, ep))
		return;
	CHECK(check_has_move(&pos, "Pd6xe5"), "en passant available");
	CHECK(count_special(&pos, OB_EN_PASSANT) == 1, "one en passant");
	ob_move m;
	struct ob_error err;
	CHECK(ob_move_read(&pos, "Pd6-e5", 6, 0, &m, &err) ==
		      OB_ERR_MOVE_MISSING_CAPTURE,
	      "en passant needs x: %s", err.message);
	CHECK(ob_move_read(&pos, "Pd6xe5", 6, 0, &m, &err) == OB_OK,
	      "Pd6xe5: %s", err.message);
	struct ob_undo u;
	char after[OB_OFEN_MAX];
	ob_make(&pos, m, &u);
	ob_ofen_write(&pos, after);
	CHECK(strcmp(after, "1k2/4/4/4/4/4/4/4/4/4/4/2p1/4/4/4/2K1 w - - 0 2") == 0,
	      "after en passant: %s", after);
	ob_unmake(&pos, m, &u);
	ob_ofen_write(&pos, after);
	CHECK(strcmp(after, ep) == 0, "en passant undone: %s", after);

	/* The right lasts one move only. */
	check_position(&pos, v, ep);
	CHECK(ob_move_read(&pos, "Kd16-c15", 8, 0, &m, &err) == OB_OK, "%s",
	      err.message);
	ob_make(&pos, m, &u);
	CHECK(pos.ep_cell < 0, "en passant cell cleared");

	/* An en passant cell no pawn can use makes no new position. */
	check_position(&pos, v,
		       "1k2/4/4/4/4/4/4/4/4/2P1/4/4/4/4/4/2K1 b - e5 0 1");
	check_position(&same, v,
		       "1k2/4/4/4/4/4/4/4/4/2P1/4/4/4/4/4/2K1 b - - 0 1");
	CHECK(ob_position_same(&pos, &same), "unusable en passant ignored");
	check_position(&same, v,
		       "1k2/4/4/4/4/4/4/4/4/2P1/1p2/4/4/4/4/2K1 b - - 0 1");
	struct ob_position usable;
	check_position(&usable, v, ep);
	CHECK(!ob_position_same(&usable, &same), "usable en passant counts");
	CHECK(ob_position_full_key(&usable) != ob_position_full_key(&same),
	      "full key tells them apart");

	/* Double steps: from the start cells only, over two empty cells. */
	ob_position_start(&pos, v);
	CHECK(count_special(&pos, OB_DOUBLE_STEP) == 8, "eight double steps");
	CHECK(check_has_move(&pos, "Pa3-a7"), "a3-a7");
	CHECK(ob_move_read(&pos, "Pa3-a7", 6, 0, &m, &err) == OB_OK, "read");
	ob_make(&pos, m, &u);
	ob_ofen_write(&pos, after);
	CHECK(strstr(after, " b KGkg a5 0 1") != NULL, "ep field: %s", after);
}

static void dfen_errors(void)
{
	const struct ob_variant *v = doc();
	static const struct {
		const char *ofen;
		enum ob_status status;
	} cases[] = {
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w",
		 OB_ERR_MISSING_FIELD},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg",
		 OB_ERR_MISSING_FIELD},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w GK - 0 1",
		 OB_ERR_BAD_RIGHTS},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KKkg - 0 1",
		 OB_ERR_BAD_RIGHTS},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg a2 0 1",
		 OB_ERR_BAD_EN_PASSANT},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg x 0 1",
		 OB_ERR_BAD_EN_PASSANT},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQN1/BNKR w KGkg - 0 1",
		 OB_ERR_RIGHTS_INCONSISTENT},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg e5 0 1",
		 OB_ERR_EN_PASSANT_INCONSISTENT},
		{"1k2/4/4/4/4/4/4/4/4/2P1/1p2/4/4/4/4/2K1 b - e5 3 1",
		 OB_ERR_EN_PASSANT_INCONSISTENT},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg - 0 1",
		 OB_OK},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w - - 0 1",
		 OB_OK},
		{"rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/BNKR w KGkg -",
		 OB_OK},
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/P3/2K1 w - - 0 1",
		 OB_ERR_PAWN_ON_END_RANK},
		{"1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/2K11 w - - 0 1",
		 OB_ERR_RANK_CELLS},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct ob_position pos;
		struct ob_error err;
		enum ob_status st = ob_ofen_read(&pos, v, cases[i].ofen,
						 strlen(cases[i].ofen), NULL,
						 &err);
		CHECK(st == cases[i].status, "%s: status %d (%s), expected %d",
		      cases[i].ofen, st, st ? err.message : "ok",
		      cases[i].status);
	}
}

static void symmetry(void)
{
	int rights = 0, ep = 0;
	check_mirror_symmetry(doc(), 99, check_quick() ? 20 : 200, 60, &rights,
			      &ep);
	CHECK(rights + ep > 0, "sample has rights or en passant");
}

void test_diagonal(void)
{
	board_and_start();
	castling();
	guarding();
	en_passant();
	dfen_errors();
	symmetry();
}
