/*
 * Orthodox chess: the board and FEN (the en passant field as Stockfish
 * writes it), castling both ways with each condition failing, en passant,
 * promotions, the move forms read (long, O-O, the King's move, UCI) and
 * their faults, UCI's form written, the dead positions, the perft table's
 * positions against the reference, and the mirror's symmetry.
 */
#include "check.h"

#include <stdio.h>
#include <string.h>

static const struct ob_variant *chess(void)
{
	return ob_variant_find("chess");
}

/* Plays the moves (any form read) from pos; false at the first refused. */
static bool play(struct ob_position *pos, const char *moves)
{
	char text[64];
	snprintf(text, sizeof text, "%s", moves);
	for (char *m = strtok(text, " "); m; m = strtok(NULL, " ")) {
		ob_move mv;
		struct ob_error err;
		if (!CHECK(ob_move_read(pos, m, strlen(m), 0, &mv, &err) == OB_OK,
			   "%s: %s", m, err.message))
			return false;
		struct ob_undo u;
		ob_make(pos, mv, &u);
	}
	return true;
}

static void board_and_start(void)
{
	const struct ob_variant *v = chess();
	struct ob_position pos, m;
	char out[OB_OFEN_MAX], name[8];
	if (!CHECK(v != NULL, "variant found"))
		return;
	CHECK(ob_variant_find("Chess") == v, "by tag name");
	CHECK(strcmp(ob_position_tag(v), "FEN") == 0, "position tag");
	CHECK(ob_cell_count(v) == 64, "64 cells, not %d", ob_cell_count(v));
	int cell;
	CHECK(ob_cell_parse(v, "h8", &cell) == 2, "h8 is a cell");
	CHECK(ob_cell_parse(v, "i1", &cell) < 0 && ob_cell_parse(v, "a9", &cell) < 0,
	      "i1 and a9 are no cells");
	/* Black's frame is the mirror top to bottom: e1 is e8, not d8. */
	ob_cell_parse(v, "e1", &cell);
	ob_cell_name(v, ob_cell_reflect(v, cell), name);
	CHECK(strcmp(name, "e8") == 0, "e1 reflects to %s", name);
	ob_position_start(&pos, v);
	ob_ofen_write(&pos, out);
	CHECK(strcmp(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
			  "0 1") == 0,
	      "start: %s", out);
	ob_position_mirror(&pos, &m);
	m.side = OB_WHITE;
	m.key = ob_position_compute_key(&m);
	CHECK(ob_position_same(&pos, &m), "the start is its own mirror");
	static const uint64_t expect[] = {1, 20, 400, 8902};
	for (int d = 1; d <= 3; d++) {
		uint64_t fast = ob_perft(&pos, d), slow = check_reference_perft(&pos, d);
		CHECK(fast == expect[d] && slow == expect[d],
		      "perft(%d): fast %llu, reference %llu, expected %llu", d,
		      (unsigned long long)fast, (unsigned long long)slow,
		      (unsigned long long)expect[d]);
	}
}

/* The positions of the chessprogramming wiki's perft table at depth 3,
 * fast and reference, as given and mirrored. */
static void perft_table(void)
{
	static const struct {
		const char *fen;
		uint64_t d3;
	} table[] = {
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq "
		 "- 0 1",
		 97862},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2812},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 "
		 "1",
		 9467},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		 62379},
		{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 "
		 "w - - 0 10",
		 89890},
	};
	int depth = check_quick() ? 2 : 3;
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		struct ob_position pos, m;
		if (!check_position(&pos, chess(), table[i].fen))
			continue;
		ob_position_mirror(&pos, &m);
		uint64_t fast = ob_perft(&pos, 3), mirrored = ob_perft(&m, 3);
		CHECK(fast == table[i].d3 && mirrored == table[i].d3,
		      "%s: perft(3) %llu, mirrored %llu, expected %llu",
		      table[i].fen, (unsigned long long)fast,
		      (unsigned long long)mirrored,
		      (unsigned long long)table[i].d3);
		uint64_t a = ob_perft(&pos, depth), b = check_reference_perft(&pos, depth);
		CHECK(a == b, "%s: perft(%d) %llu, reference %llu", table[i].fen,
		      depth, (unsigned long long)a, (unsigned long long)b);
	}
}

static void castling(void)
{
	const struct ob_variant *v = chess();
	struct ob_position pos;
	static const char *const both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
	if (!check_position(&pos, v, both))
		return;
	CHECK(check_has_move(&pos, "Ke1-g1") && check_has_move(&pos, "Ke1-c1"),
	      "both castlings, written as the King's move");
	ob_move m;
	struct ob_error err;
	struct ob_undo u;
	char after[OB_OFEN_MAX];
	/* Each form reads as the same move, which moves the Rook too. */
	static const char *const forms[] = {"Ke1-g1", "O-O", "e1g1"};
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		check_position(&pos, v, both);
		if (!CHECK(ob_move_read(&pos, forms[i], strlen(forms[i]), 0, &m,
					&err) == OB_OK,
			   "%s: %s", forms[i], err.message))
			continue;
		ob_make(&pos, m, &u);
		ob_ofen_write(&pos, after);
		CHECK(strcmp(after, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1") == 0,
		      "after %s: %s", forms[i], after);
		CHECK(pos.key == ob_position_compute_key(&pos), "key");
		ob_unmake(&pos, m, &u);
		ob_ofen_write(&pos, after);
		CHECK(strcmp(after, both) == 0, "%s undone: %s", forms[i], after);
	}
	check_position(&pos, v, both);
	if (play(&pos, "O-O-O O-O")) {
		ob_ofen_write(&pos, after);
		CHECK(strcmp(after, "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2") == 0,
		      "after O-O-O O-O: %s", after);
	}
	/* Rights go with the King's move, a Rook's move and its capture. */
	static const struct {
		const char *moves, *rights;
	} lost[] = {
		{"Ke1-f1", "kq"},
		{"Ra1-a2", "Kkq"},
		{"Rh1-h2 Ra8-b8", "Qk"},
		{"Ra1xa8", "Kk"},
		{"h1h8", "Qq"},
	};
	for (size_t i = 0; i < sizeof lost / sizeof *lost; i++) {
		check_position(&pos, v, both);
		if (!play(&pos, lost[i].moves))
			continue;
		ob_ofen_write(&pos, after);
		char want[16];
		snprintf(want, sizeof want, " %s - ", lost[i].rights);
		CHECK(strstr(after, want) != NULL, "after %s: %s", lost[i].moves,
		      after);
	}
	/* Each condition failing, and the reason read in the order right,
	 * empty cells, then the King's cell, the one it passes, its target;
	 * the Rook's cell and b1 may be attacked. */
	static const struct {
		const char *fen, *move;
		bool legal;
		enum ob_status status;
		const char *message;
	} cases[] = {
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", false,
		 OB_ERR_MOVE_NO_RIGHT, "the kingside castling right is gone"},
		{"r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "Ke1-g1", false,
		 OB_ERR_MOVE_PAIR_BLOCKED, "kingside castling needs g1 empty"},
		{"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", false,
		 OB_ERR_MOVE_PAIR_BLOCKED, "queenside castling needs b1 empty"},
		{"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O", false,
		 OB_ERR_MOVE_CASTLE_ATTACKED, "kingside castling with e1 attacked"},
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "O-O", false,
		 OB_ERR_MOVE_CASTLE_ATTACKED, "kingside castling with f1 attacked"},
		{"r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "O-O", false,
		 OB_ERR_MOVE_CASTLE_ATTACKED, "kingside castling with g1 attacked"},
		{"r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", "e1c1", false,
		 OB_ERR_MOVE_CASTLE_ATTACKED, "queenside castling with d1 attacked"},
		{"r3k2r/8/8/8/8/8/7r/R3K2R w KQkq - 0 1", "O-O", true, OB_OK, ""},
		{"r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "O-O-O", true, OB_OK,
		 ""},
		{"r3k2r/8/8/8/8/8/r7/R3K2R w KQkq - 0 1", "O-O-O", true, OB_OK, ""},
		/* Black's, through the mirror */
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "Ke8-c8", true, OB_OK, ""},
		{"r3k2r/5R2/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", false,
		 OB_ERR_MOVE_CASTLE_ATTACKED, "kingside castling with f8 attacked"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		if (!check_position(&pos, v, cases[i].fen))
			continue;
		const char *king = pos.side == OB_WHITE ? "Ke1-" : "Ke8-";
		const char *word = cases[i].move;
		bool kingside = strcmp(word, "O-O") == 0 ||
				strstr(word, "g1") || strstr(word, "g8");
		char written[16];
		snprintf(written, sizeof written, "%s%c%c", king,
			 kingside ? 'g' : 'c', pos.side == OB_WHITE ? '1' : '8');
		CHECK(check_has_move(&pos, written) == cases[i].legal, "%s: %s %s",
		      cases[i].fen, written,
		      cases[i].legal ? "missing" : "listed");
		enum ob_status st = ob_move_read(&pos, word, strlen(word), 0, &m,
						 &err);
		CHECK(st == cases[i].status &&
			      (st == OB_OK ||
			       strcmp(err.message, cases[i].message) == 0),
		      "%s %s: status %d, message '%s'", cases[i].fen, word, st,
		      st ? err.message : "");
	}
}

static void en_passant(void)
{
	const struct ob_variant *v = chess();
	struct ob_position pos;
	char out[OB_OFEN_MAX];
	/* Written only when a pawn of the side to move attacks the cell,
	 * as Stockfish 15.1's `d` prints the FEN: after 1. e4 none, after
	 * 1. e4 d5 2. e5 f5 f6; a pinned capturer's cell still written. */
	static const struct {
		const char *start, *moves, *fen;
	} written[] = {
		{NULL, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
			       "KQkq - 0 1"},
		{NULL, "e2e4 d7d5 e4e5 f7f5",
		 "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4",
		 "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},
		{"8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e2e4",
		 "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"},
	};
	for (size_t i = 0; i < sizeof written / sizeof *written; i++) {
		if (written[i].start)
			check_position(&pos, v, written[i].start);
		else
			ob_position_start(&pos, v);
		if (!play(&pos, written[i].moves))
			continue;
		ob_ofen_write(&pos, out);
		CHECK(strcmp(out, written[i].fen) == 0, "after %s: %s, not %s",
		      written[i].moves, out, written[i].fen);
	}
	/* Read whenever consistent, usable or not. */
	CHECK(check_position(&pos, v,
			     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
			     "KQkq e3 0 1"),
	      "an unusable en passant cell is read");
	/* The pinned pawn may not take: d4xe3 would open the rank. */
	check_position(&pos, v, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
	CHECK(!check_has_move(&pos, "Pd4xe3"), "rank pin on en passant");
	check_position(&pos, v, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
	CHECK(check_has_move(&pos, "Pd4xe3"), "en passant");
	ob_move m;
	struct ob_error err;
	CHECK(ob_move_read(&pos, "d4e3", 4, 0, &m, &err) == OB_OK &&
		      OB_MOVE_SPECIAL(m) == OB_EN_PASSANT,
	      "UCI en passant: %s", err.message);
	static const struct {
		const char *fen, *message;
	} bad[] = {
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
		 "en passant cell e3, but no pawn has just moved two cells over "
		 "it"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1 1",
		 "en passant cell e3, but the half-move clock is 1, not 0 as "
		 "after the pawn's two-cell move"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
		 "en passant cell e4, but no pawn has just moved two cells over "
		 "it"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		enum ob_status st = ob_ofen_read(&pos, v, bad[i].fen,
						 strlen(bad[i].fen), NULL, &err);
		CHECK(st == OB_ERR_EN_PASSANT_INCONSISTENT &&
			      strcmp(err.message, bad[i].message) == 0,
		      "%s: %d %s", bad[i].fen, st, err.message);
	}
}

static void fen_fields(void)
{
	const struct ob_variant *v = chess();
	static const struct {
		const char *fen;
		enum ob_status status;
	} cases[] = {
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", OB_OK},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", OB_ERR_MISSING_FIELD},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
		 OB_ERR_BAD_RIGHTS},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
		 OB_ERR_BAD_EN_PASSANT},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
		 OB_ERR_RIGHTS_INCONSISTENT},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", OB_OK},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		 OB_ERR_RANK_CELLS},
		{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		 OB_ERR_RANK_COUNT},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", OB_ERR_PAWN_ON_END_RANK},
		{"4k3/8/8/8/8/8/8/4K2p w - - 0 1", OB_ERR_PAWN_ON_END_RANK},
		{"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", OB_ERR_OPPONENT_IN_CHECK},
		{"8/8/8/8/8/8/8/3Kk3 w - - 0 1", OB_ERR_SOVEREIGNS_ADJACENT},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct ob_position pos;
		struct ob_error err;
		enum ob_status st = ob_ofen_read(&pos, v, cases[i].fen,
						 strlen(cases[i].fen), NULL,
						 &err);
		CHECK(st == cases[i].status, "%s: status %d (%s), expected %d",
		      cases[i].fen, st, st ? err.message : "ok",
		      cases[i].status);
	}
}

static void promotions(void)
{
	const struct ob_variant *v = chess();
	struct ob_position pos;
	if (!check_position(&pos, v, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"))
		return;
	static const char *const moves[] = {"Pa7-a8=Q", "Pa7-a8=R", "Pa7-a8=B",
					    "Pa7-a8=N", "Pa7xb8=Q", "Pa7xb8=R",
					    "Pa7xb8=B", "Pa7xb8=N"};
	for (size_t i = 0; i < sizeof moves / sizeof *moves; i++)
		CHECK(check_has_move(&pos, moves[i]), "%s", moves[i]);
	ob_move m;
	struct ob_error err;
	CHECK(ob_move_read(&pos, "a7b8n", 5, 0, &m, &err) == OB_OK &&
		      OB_MOVE_PROMO(m) == ob_kind_from_letter(v, 'N'),
	      "a7b8n: %s", err.message);
	/* Black promotes on the first rank. */
	check_position(&pos, v, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
	CHECK(check_has_move(&pos, "Pa2-a1=N"), "Black's under-promotion");
}

/* The forms read, and each fault named at its column. */
static void move_forms(void)
{
	const struct ob_variant *v = chess();
	struct ob_position pos;
	static const struct {
		const char *fen, *move;
		enum ob_status status;
		int column;
		const char *message;
	} cases[] = {
		{NULL, "e2e4", OB_OK, 0, ""},
		{NULL, "Pe2-e4", OB_OK, 0, ""},
		{NULL, "g1f3", OB_OK, 0, ""},
		{NULL, "Nf3", OB_ERR_MOVE_NO_SEPARATOR, 4,
		 "expected - or x after the from-cell (SAN is not read: write "
		 "the long form, as Ng1-f3, or UCI's g1f3)"},
		{NULL, "e4", OB_ERR_MOVE_SYNTAX, 3,
		 "expected the to-cell (SAN is not read: write the long form, "
		 "as Ng1-f3, or UCI's g1f3)"},
		{NULL, "exd5", OB_ERR_MOVE_BAD_PIECE, 1,
		 "'e' is not a piece letter (SAN is not read: write the long "
		 "form, as Ng1-f3, or UCI's g1f3)"},
		{NULL, "e2e9", OB_ERR_MOVE_BAD_CELL, 3,
		 "the to-cell is not a cell of the board"},
		{NULL, "e3e4", OB_ERR_MOVE_FROM_EMPTY, 1, "no piece on e3"},
		{NULL, "e7e5", OB_ERR_MOVE_FROM_OPPONENT, 1,
		 "the piece on e7 belongs to Black, not the side to move"},
		{NULL, "e2e4q", OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 5,
		 "no promotion on this move"},
		{NULL, "e2e4k", OB_ERR_MOVE_BAD_PROMOTION_LETTER, 5,
		 "a pawn promotes to one of QRBN (lower case in UCI's form)"},
		{NULL, "Ke1-g1", OB_ERR_MOVE_PAIR_BLOCKED, 1,
		 "kingside castling needs f1 empty"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", OB_ERR_MOVE_PROMOTION_MISSING,
		 5, "a pawn reaching a8 must promote (=QRBN)"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "O-O", OB_ERR_MOVE_NO_RIGHT, 1,
		 "the kingside castling right is gone"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1xg1",
		 OB_ERR_MOVE_FALSE_CAPTURE, 4, "x but g1 is empty"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1-g1=Q",
		 OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 7, "no promotion on this move"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1-c1+",
		 OB_ERR_MOVE_FALSE_CHECK, 7, "+ but the move gives no check"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1+", OB_OK, 0, ""},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		if (cases[i].fen)
			check_position(&pos, v, cases[i].fen);
		else
			ob_position_start(&pos, v);
		ob_move m;
		struct ob_error err;
		enum ob_status st = ob_move_read(&pos, cases[i].move,
						 strlen(cases[i].move), 0, &m,
						 &err);
		CHECK(st == cases[i].status &&
			      (st == OB_OK ||
			       (err.column == cases[i].column &&
				strcmp(err.message, cases[i].message) == 0)),
		      "%s: status %d, column %d, '%s'", cases[i].move, st,
		      st ? err.column : 0, st ? err.message : "");
	}
	/* Written moves are the long form, castling as the King's move. */
	struct ob_position castle;
	check_position(&castle, v, "5k2/8/8/8/8/8/8/4K2R w K - 0 1");
	ob_move m;
	struct ob_error err;
	char text[OB_MOVE_TEXT_MAX];
	if (ob_move_read(&castle, "O-O", 3, 0, &m, &err) == OB_OK) {
		ob_move_write(&castle, m, text);
		CHECK(strcmp(text, "Ke1-g1+") == 0, "written: %s", text);
	}
	/* Diagonal Oblong has one castling, read only as O-O. */
	struct ob_position d;
	ob_position_start(&d, ob_variant_find("diagonal-oblong"));
	CHECK(ob_move_read(&d, "O-O-O", 5, 0, &m, &err) == OB_ERR_MOVE_SYNTAX &&
		      strcmp(err.message, "there is no O-O-O in Diagonal Oblong "
					  "(its castling is O-O)") == 0,
	      "O-O-O in Diagonal Oblong: %s", err.message);
	CHECK(ob_move_read(&d, "e3e5", 4, 0, &m, &err) == OB_ERR_MOVE_BAD_PIECE,
	      "no UCI in Diagonal Oblong: %s", err.message);
}

/* Every legal move of random playouts, written as UCI writes it, is two
 * cells and a lower-case promotion letter and reads back as itself. */
static void uci_written(void)
{
	const struct ob_variant *v = chess();
	struct ob_rng rng;
	struct ob_position pos;
	int moves = 0, promotions = 0, castlings = 0, en_passant = 0;
	ob_rng_seed(&rng, 77);
	for (int game = 0; game < (check_quick() ? 10 : 60); game++) {
		ob_position_start(&pos, v);
		for (int ply = 0; ply < 200; ply++) {
			ob_move list[OB_MAX_MOVES];
			int n = ob_legal_moves(&pos, list);
			if (n == 0)
				break;
			for (int i = 0; i < n; i++) {
				char text[OB_MOVE_TEXT_MAX];
				ob_move back;
				struct ob_error err;
				int len = ob_move_write_uci(&pos, list[i], text);
				bool form = len == (int)strlen(text) &&
					    (len == 4 || len == 5);
				for (int k = 0; k < len && form; k++)
					form = text[k] && strchr(k == 4 ? "qrbn"
								: k % 2 ? "12345678"
									: "abcdefgh",
								text[k]);
				CHECK(form && ob_move_read(&pos, text, (size_t)len, 0,
							   &back, &err) == OB_OK &&
					      back == list[i],
				      "UCI '%s' of a legal move", text);
				moves++;
				promotions += len == 5;
				castlings += OB_MOVE_SPECIAL(list[i]) == OB_PAIRED;
				en_passant += OB_MOVE_SPECIAL(list[i]) ==
					      OB_EN_PASSANT;
			}
			struct ob_undo u;
			ob_make(&pos, list[ob_rng_below(&rng, (uint64_t)n)], &u);
		}
	}
	CHECK(moves > 0 && promotions > 0 && castlings > 0 && en_passant > 0,
	      "%d moves: %d promotions, %d castlings, %d en passant", moves,
	      promotions, castlings, en_passant);
	/* castling as the King's move */
	char text[OB_MOVE_TEXT_MAX];
	ob_move m;
	struct ob_error err;
	if (check_position(&pos, v, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1") &&
	    ob_move_read(&pos, "O-O-O", 5, 0, &m, &err) == OB_OK) {
		ob_move_write_uci(&pos, m, text);
		CHECK(strcmp(text, "e8c8") == 0, "O-O-O is %s", text);
	}
	/* no UCI form on another board */
	ob_position_start(&pos, ob_variant_find("raumschach"));
	ob_move list[OB_MAX_MOVES];
	ob_legal_moves(&pos, list);
	CHECK(ob_move_write_uci(&pos, list[0], text) == 0 && text[0] == '\0',
	      "Raumschach's move in UCI: '%s'", text);
}

static void dead_positions(void)
{
	const struct ob_variant *v = chess();
	static const struct {
		const char *fen;
		bool dead;
	} cases[] = {
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/3BK3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/3NK3 b - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   /* f8, c1: dark */
		{"4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", true},   /* a1, c1 */
		{"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", false},   /* f8 dark, d1 light */
		{"4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", false},
		{"4kn2/8/8/8/8/8/8/3NK3 w - - 0 1", false},
		{"4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", false},
		{"4k3/8/8/8/8/8/8/3RK3 w - - 0 1", false},
		{"4k3/p7/8/8/8/8/8/4K3 w - - 0 1", false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct ob_position pos;
		struct ob_history h;
		if (!check_position(&pos, v, cases[i].fen))
			continue;
		ob_history_start(&h, &pos);
		enum ob_game_end end = ob_game_end(&h);
		CHECK(ob_dead_position(&pos) == cases[i].dead &&
			      (end == OB_END_INSUFFICIENT_MATERIAL) == cases[i].dead,
		      "%s: dead %d, end %s", cases[i].fen,
		      ob_dead_position(&pos), ob_game_end_name(end));
	}
	/* Stalemate comes first; no other board has dead positions. */
	struct ob_position pos;
	struct ob_history h;
	if (check_position(&pos, v, "k7/2K5/1B6/8/8/8/8/8 b - - 0 1")) {
		ob_history_start(&h, &pos);
		CHECK(ob_game_end(&h) == OB_END_STALEMATE, "stalemate: %s",
		      ob_game_end_name(ob_game_end(&h)));
	}
	if (check_position(&pos, ob_variant_find("diagonal-oblong"),
			   "1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4/2K1 w - - 0 1"))
		CHECK(!ob_dead_position(&pos), "Kings alone in Diagonal Oblong");
	char want[OB_RESULT_MAX], why[160];
	CHECK(ob_result_for_end(&pos, OB_END_INSUFFICIENT_MATERIAL, 0, want, why,
				sizeof why) &&
		      strcmp(want, "1/2-1/2") == 0,
	      "a draw: %s", want);
}

/* Random positions and their mirrors: equal counts to depth 3. */
static void symmetry(void)
{
	int rights = 0, ep = 0;
	check_mirror_symmetry(chess(), 1234, check_quick() ? 60 : 300, 80,
			      &rights, &ep);
	CHECK(rights > 0 && ep > 0, "sample has rights (%d) and en passant (%d)",
	      rights, ep);
}

void test_chess(void)
{
	board_and_start();
	perft_table();
	castling();
	en_passant();
	fen_fields();
	promotions();
	move_forms();
	uci_written();
	dead_positions();
	symmetry();
}
