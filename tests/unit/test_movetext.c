/*
 * The long move form (spec sections 6 and 9): every fault of ob_move_read
 * with its status, column and message; the order of section 9 when a text
 * has several; glyphs, promotions, suffix truth, strict mode; and every
 * legal move of many random positions written and read back.
 */
#include "check.h"

#include <stdio.h>
#include <string.h>

#define EMPTY "5/5/5/5/5"
/* White: S Aa1, R Ab1 pinned on the file by t Ae1; Black's s on Ea5. */
#define PIN "s4/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/5/SR2t w 0 1"
/* White: S Aa1, pawn Ac4 before a Sentinel on Ab5; Black's s on Ea5. */
#define PROMO "s4/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|1n3/2P2/5/5/S4 w 0 1"
/* A pawn on Ac4 pinned along rank 4 by t Ae4: S Aa4, s Ee1. */
#define PINNED_PAWN                                                        \
	"5/5/5/5/4s|" EMPTY "|" EMPTY "|" EMPTY "|5/S1P1t/5/5/5 w 0 1"
/* Double check of S Aa1 by t Ae1 and n Ac2; s on Ea5. */
#define DOUBLE_CHECK                                                       \
	"s4/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/2n2/S3t w 0 1"
/* Black's s on Aa5; White: N Aa4, S Bc4, R Db5.  RDb5-Bb5 mates. */
#define MATE_IN_ONE                                                        \
	EMPTY "|1R3/5/5/5/5|" EMPTY "|5/2S2/5/5/5|s4/N4/5/5/5 w 0 1"

static const char *start(void)
{
	return ob_variant_default()->start_ofen;
}

/* Reads move text in the position (of variant v) and checks the outcome. */
static void expect_in(const struct ob_variant *v, const char *ofen,
		      const char *text, unsigned flags, enum ob_status status,
		      int column, const char *message)
{
	struct ob_position pos;
	if (!check_position(&pos, v, ofen))
		return;
	struct ob_error err;
	ob_move m = OB_MOVE_NONE;
	memset(&err, 0, sizeof err);
	enum ob_status st = ob_move_read(&pos, text, strlen(text), flags, &m,
					 &err);
	CHECK(st == status, "'%s': status %d (%s), expected %d (%s): %s", text,
	      (int)st, ob_status_name(st), (int)status,
	      ob_status_name(status), st ? err.message : "");
	if (status == OB_OK) {
		CHECK(ob_is_legal(&pos, m), "'%s': move not legal", text);
		return;
	}
	CHECK(err.status == status, "'%s': err.status %d", text,
	      (int)err.status);
	CHECK(err.column == column, "'%s': column %d, expected %d", text,
	      err.column, column);
	CHECK(strcmp(err.message, message) == 0,
	      "'%s': message \"%s\", expected \"%s\"", text, err.message,
	      message);
}

static void expect_flags(const char *ofen, const char *text, unsigned flags,
			 enum ob_status status, int column,
			 const char *message)
{
	expect_in(ob_variant_default(), ofen, text, flags, status, column,
		  message);
}

static void expect(const char *ofen, const char *text, enum ob_status status,
		   int column, const char *message)
{
	expect_flags(ofen, text, 0, status, column, message);
}

static void ok(const char *ofen, const char *text)
{
	expect_flags(ofen, text, 0, OB_OK, 0, "");
}

static void syntax_faults(void)
{
	const char *s = start();
	expect(s, "", OB_ERR_MOVE_SYNTAX, 1, "empty move");
	expect(s, "1Ca2-Ca3", OB_ERR_MOVE_SYNTAX, 1,
	       "a move starts with a piece letter");
	expect(s, "-Ca2-Ca3", OB_ERR_MOVE_SYNTAX, 1,
	       "a move starts with a piece letter");
	expect(s, "pCa2-Ca3", OB_ERR_MOVE_BAD_PIECE, 1,
	       "piece letters in moves are upper case: 'p'");
	expect(s, "KCa2-Ca3", OB_ERR_MOVE_BAD_PIECE, 1,
	       "'K' is not a piece letter");
	expect(s, "Pxa2-Ca3", OB_ERR_MOVE_SYNTAX, 2, "expected the from-cell");
	expect(s, "P", OB_ERR_MOVE_SYNTAX, 2, "expected the from-cell");
	expect(s, "PFa2-Ca3", OB_ERR_MOVE_BAD_CELL, 2,
	       "the from-cell is not a cell of the board");
	expect(s, "PCf2-Ca3", OB_ERR_MOVE_BAD_CELL, 2,
	       "the from-cell is not a cell of the board");
	expect(s, "PCa2Ca3", OB_ERR_MOVE_NO_SEPARATOR, 5,
	       "expected - or x after the from-cell");
	expect(s, "TCa1Ca4", OB_ERR_MOVE_NO_SEPARATOR, 5,
	       "expected - or x after the from-cell");
	expect(s, "PCa2", OB_ERR_MOVE_NO_SEPARATOR, 5,
	       "expected - or x after the from-cell");
	expect(s, "PCa2=Ca3", OB_ERR_MOVE_NO_SEPARATOR, 5,
	       "expected - or x after the from-cell");
	expect(s, "PCa2-", OB_ERR_MOVE_SYNTAX, 6, "expected the to-cell");
	expect(s, "PCa2-3", OB_ERR_MOVE_SYNTAX, 6, "expected the to-cell");
	expect(s, "PCa2-Ca6", OB_ERR_MOVE_BAD_CELL, 6,
	       "the to-cell is not a cell of the board");
	expect(s, "PCa2-Ca3=S", OB_ERR_MOVE_BAD_PROMOTION_LETTER, 10,
	       "a pawn promotes to one of RTBLN");
	expect(s, "PCa2-Ca3=P", OB_ERR_MOVE_BAD_PROMOTION_LETTER, 10,
	       "a pawn promotes to one of RTBLN");
	expect(s, "PCa2-Ca3=r", OB_ERR_MOVE_BAD_PROMOTION_LETTER, 10,
	       "a pawn promotes to one of RTBLN");
	expect(s, "PCa2-Ca3=", OB_ERR_MOVE_BAD_PROMOTION_LETTER, 10,
	       "a pawn promotes to one of RTBLN");
	expect(s, "PCa2-Ca3x", OB_ERR_MOVE_SYNTAX, 9,
	       "unexpected text after the move");
	expect(s, "PCa2-Ca3 ", OB_ERR_MOVE_SYNTAX, 9,
	       "unexpected text after the move");
	expect(s, "PCa2-Ca3++", OB_ERR_MOVE_SYNTAX, 10,
	       "unexpected text after the move");
	expect(s, "PCa2-Ca3!!!", OB_ERR_MOVE_SYNTAX, 9,
	       "unexpected text after the move");
	/* A glyph may follow the suffix, never precede it. */
	expect(s, "PCa2-Ca3!+", OB_ERR_MOVE_SYNTAX, 9,
	       "unexpected text after the move");
	expect(s, "PCa2-Ca3$1", OB_ERR_MOVE_SYNTAX, 9,
	       "unexpected text after the move");
}

static void position_faults(void)
{
	const char *s = start();
	/* the from-cell */
	expect(s, "TCa3-Ca4", OB_ERR_MOVE_FROM_EMPTY, 2, "no piece on Ca3");
	expect(s, "PCa4-Ca3", OB_ERR_MOVE_FROM_OPPONENT, 2,
	       "the piece on Ca4 belongs to Black, not the side to move");
	expect(s, "TCb1-Cb3", OB_ERR_MOVE_WRONG_PIECE, 1,
	       "the piece on Cb1 is a Sentinel, not a Tower");
	/* geometry */
	expect(s, "TCa1-Ca2", OB_ERR_MOVE_GEOMETRY, 6,
	       "Ca2 is occupied by a piece of the mover's side");
	expect(s, "TCa1-Ca3", OB_ERR_MOVE_GEOMETRY, 6,
	       "the Tower's way from Ca1 to Ca3 is blocked");
	expect(s, "TCa1-Cb3", OB_ERR_MOVE_GEOMETRY, 6,
	       "a Tower cannot move from Ca1 to Cb3");
	expect(s, "NCb1-Cb3", OB_ERR_MOVE_GEOMETRY, 6,
	       "a Sentinel cannot move from Cb1 to Cb3");
	expect(s, "PCa2-Ca4", OB_ERR_MOVE_GEOMETRY, 6,
	       "a pawn cannot move two cells");
	expect(s, "PCa2-Cb3", OB_ERR_MOVE_GEOMETRY, 6,
	       "a pawn moves to Cb3 only to capture");
	expect(s, "PCc2-Cc1", OB_ERR_MOVE_GEOMETRY, 6,
	       "Cc1 is occupied by a piece of the mover's side");
	expect(s, "PBc2-Bc1", OB_ERR_MOVE_GEOMETRY, 6,
	       "Bc1 is occupied by a piece of the mover's side");
	expect(s, "PDb2-Db1", OB_ERR_MOVE_GEOMETRY, 6,
	       "Db1 is occupied by a piece of the mover's side");
	expect(s, "PCa2-Ba3", OB_ERR_MOVE_GEOMETRY, 6,
	       "a pawn moves to Ba3 only to capture");
	/* The pawn on Cc3 before Black's on Cc4 cannot take straight on. */
	expect("5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/2P2/PP1PP/"
	       "TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w 0 2",
	       "PCc3xCc4", OB_ERR_MOVE_GEOMETRY, 6,
	       "a pawn cannot capture straight ahead");
	expect(PIN, "PAa1-Aa2", OB_ERR_MOVE_WRONG_PIECE, 1,
	       "the piece on Aa1 is a Sovereign, not a Pawn");
	/* promotion */
	expect(PROMO, "PAc4-Ac5", OB_ERR_MOVE_PROMOTION_MISSING, 9,
	       "a pawn reaching Ac5 must promote (=RTBLN)");
	expect(PROMO, "PAc4xAb5", OB_ERR_MOVE_PROMOTION_MISSING, 9,
	       "a pawn reaching Ab5 must promote (=RTBLN)");
	expect(s, "PCa2-Ca3=R", OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 9,
	       "no promotion on this move");
	expect(s, "NCb1-Ab2=R", OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 9,
	       "no promotion on this move");
	/* the own Sovereign */
	expect(PIN, "RAb1-Bb2", OB_ERR_MOVE_LEAVES_IN_CHECK, 1,
	       "the move leaves the own Sovereign attacked");
	expect(DOUBLE_CHECK, "SAa1-Ab1", OB_ERR_MOVE_LEAVES_IN_CHECK, 1,
	       "the move leaves the own Sovereign attacked");
	expect(DOUBLE_CHECK, "SAa1-Ba2", OB_ERR_MOVE_LEAVES_IN_CHECK, 1,
	       "the move leaves the own Sovereign attacked");
	expect(DOUBLE_CHECK, "TAd1xAe1", OB_ERR_MOVE_FROM_EMPTY, 2,
	       "no piece on Ad1");
	ok(DOUBLE_CHECK, "SAa1-Ba1");
	expect(PINNED_PAWN, "PAc4-Ac5=R", OB_ERR_MOVE_LEAVES_IN_CHECK, 1,
	       "the move leaves the own Sovereign attacked");
	/* the separator's truth */
	expect(s, "PCa2xCa3", OB_ERR_MOVE_FALSE_CAPTURE, 5,
	       "x but Ca3 is empty");
	expect(PIN, "RAb1-Ae1+", OB_ERR_MOVE_MISSING_CAPTURE, 5,
	       "the move captures on Ae1: write x");
	expect(PROMO, "PAc4-Ab5=N", OB_ERR_MOVE_MISSING_CAPTURE, 5,
	       "the move captures on Ab5: write x");
	/* the suffix's truth; RAb1xAe1 checks s Ea5 along Bd2-Cc3-Db4 */
	expect(s, "PCa2-Ca3+", OB_ERR_MOVE_FALSE_CHECK, 9,
	       "+ but the move gives no check");
	expect(s, "PCa2-Ca3#", OB_ERR_MOVE_FALSE_MATE, 9,
	       "# but the move does not mate");
	expect(PIN, "RAb1xAe1#", OB_ERR_MOVE_FALSE_MATE, 9,
	       "# but the move is only check");
	expect(MATE_IN_ONE, "RDb5-Bb5+", OB_ERR_MOVE_CHECK_IS_MATE, 9,
	       "+ on a checkmate: write #");
	expect(PROMO, "PAc4-Ac5=R+", OB_ERR_MOVE_FALSE_CHECK, 11,
	       "+ but the move gives no check");
	/* strict mode: the suffix is required when the move checks */
	expect_flags(PIN, "RAb1xAe1", OB_READ_STRICT,
		     OB_ERR_MOVE_SUFFIX_MISSING, 9, "missing +");
	expect_flags(MATE_IN_ONE, "RDb5-Bb5", OB_READ_STRICT,
		     OB_ERR_MOVE_SUFFIX_MISSING, 9, "missing #");
	expect_flags(MATE_IN_ONE, "RDb5-Bb5!", OB_READ_STRICT,
		     OB_ERR_MOVE_SUFFIX_MISSING, 9, "missing #");
	expect_flags(PIN, "RAb1xAe1+", OB_READ_STRICT, OB_OK, 0, "");
	expect_flags(MATE_IN_ONE, "RDb5-Bb5#", OB_READ_STRICT, OB_OK, 0, "");
	expect_flags(s, "PCa2-Ca3", OB_READ_STRICT, OB_OK, 0, "");
	expect_flags(s, "PCa2-Ca3+", OB_READ_STRICT, OB_ERR_MOVE_FALSE_CHECK,
		     9, "+ but the move gives no check");
}

/* One text, several faults: the first in the order of section 9. */
static void section_9_order(void)
{
	const char *s = start();
	/* syntax before everything: left to right within it */
	expect(s, "tCa3xCa6=S", OB_ERR_MOVE_BAD_PIECE, 1,
	       "piece letters in moves are upper case: 't'");
	expect(s, "kCa3xCa6=S", OB_ERR_MOVE_BAD_PIECE, 1,
	       "'k' is not a piece letter");
	expect(s, "TCa9xCa6=S", OB_ERR_MOVE_BAD_CELL, 2,
	       "the from-cell is not a cell of the board");
	expect(s, "TCa3Ca6=S", OB_ERR_MOVE_NO_SEPARATOR, 5,
	       "expected - or x after the from-cell");
	expect(s, "TCa3xCa6=S", OB_ERR_MOVE_BAD_CELL, 6,
	       "the to-cell is not a cell of the board");
	expect(s, "TCa3xCa4=S", OB_ERR_MOVE_BAD_PROMOTION_LETTER, 10,
	       "a pawn promotes to one of RTBLN");
	expect(s, "TCa3xCa4=R+?!x", OB_ERR_MOVE_SYNTAX, 12,
	       "unexpected text after the move");
	/* from-cell before geometry, promotion, the rest */
	expect(s, "TCa3xCb5=R#", OB_ERR_MOVE_FROM_EMPTY, 2, "no piece on Ca3");
	expect(s, "TCa4xCb5=R#", OB_ERR_MOVE_FROM_OPPONENT, 2,
	       "the piece on Ca4 belongs to Black, not the side to move");
	expect(s, "BCa1xCb3=R#", OB_ERR_MOVE_WRONG_PIECE, 1,
	       "the piece on Ca1 is a Tower, not a Bishop");
	/* geometry before promotion */
	expect(s, "PCa2-Ca4=R", OB_ERR_MOVE_GEOMETRY, 6,
	       "a pawn cannot move two cells");
	expect(PROMO, "PAc4-Ad5", OB_ERR_MOVE_GEOMETRY, 6,
	       "a pawn moves to Ad5 only to capture");
	/* promotion before the own Sovereign */
	expect(PINNED_PAWN, "PAc4xAc5#", OB_ERR_MOVE_PROMOTION_MISSING, 9,
	       "a pawn reaching Ac5 must promote (=RTBLN)");
	expect(PIN, "RAb1-Bb2=T", OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 9,
	       "no promotion on this move");
	/* the own Sovereign before the separator and the suffix */
	expect(PINNED_PAWN, "PAc4xAc5=R#", OB_ERR_MOVE_LEAVES_IN_CHECK, 1,
	       "the move leaves the own Sovereign attacked");
	/* separator before suffix */
	expect(PIN, "RAb1-Ae1#", OB_ERR_MOVE_MISSING_CAPTURE, 5,
	       "the move captures on Ae1: write x");
	expect(s, "PCa2xCa3+", OB_ERR_MOVE_FALSE_CAPTURE, 5,
	       "x but Ca3 is empty");
}

static void accepted(void)
{
	const char *s = start();
	static const char *const glyphs[] = {"", "!", "?", "!!", "??", "!?",
					     "?!"};
	for (size_t i = 0; i < sizeof glyphs / sizeof *glyphs; i++) {
		char text[32];
		snprintf(text, sizeof text, "PCa2-Ca3%s", glyphs[i]);
		ok(s, text);
		snprintf(text, sizeof text, "RAb1xAe1+%s", glyphs[i]);
		ok(PIN, text);
		snprintf(text, sizeof text, "RDb5-Bb5#%s", glyphs[i]);
		ok(MATE_IN_ONE, text);
	}
	/* Without a suffix, a checking or mating move is fine. */
	ok(PIN, "RAb1xAe1");
	ok(MATE_IN_ONE, "RDb5-Bb5");
	/* Black's moves use upper-case letters too. */
	ok("5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"
	   "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 b 0 1",
	   "PCc4-Cc3");
	expect("5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 b 0 1",
	       "PCc2-Cc3", OB_ERR_MOVE_FROM_OPPONENT, 2,
	       "the piece on Cc2 belongs to White, not the side to move");

	/* Promotion choices: each letter its own move, each legal. */
	struct ob_position pos;
	const struct ob_variant *v = ob_variant_default();
	if (check_position(&pos, v, PROMO)) {
		static const char *const to[] = {"-Ac5", "xAb5"};
		ob_move seen[10];
		int n = 0;
		for (int t = 0; t < 2; t++)
			for (const char *l = "RTBLN"; *l; l++) {
				char text[32];
				struct ob_error err;
				ob_move m = OB_MOVE_NONE;
				snprintf(text, sizeof text, "PAc4%s=%c", to[t],
					 *l);
				if (!CHECK(ob_move_read(&pos, text,
							strlen(text), 0, &m,
							&err) == OB_OK,
					   "%s: %s", text, err.message))
					continue;
				CHECK(OB_MOVE_PROMO(m) ==
					      ob_kind_from_letter(v, *l),
				      "%s: promotes to kind %d", text,
				      OB_MOVE_PROMO(m));
				CHECK(OB_MOVE_IS_CAPTURE(m) == (t == 1),
				      "%s: capture flag", text);
				for (int k = 0; k < n; k++)
					CHECK(seen[k] != m, "%s: same move",
					      text);
				seen[n++] = m;
			}
		CHECK(n == 10, "ten promotion moves, got %d", n);
		ob_move moves[OB_MAX_MOVES];
		int legal = ob_legal_moves(&pos, moves), promos = 0;
		for (int i = 0; i < legal; i++)
			promos += OB_MOVE_PROMO(moves[i]) >= 0;
		CHECK(promos == 10, "generator: %d promotions", promos);
	}
	/* Raumschach promotes to Q R B U N. */
	const struct ob_variant *r = ob_variant_find("raumschach");
	if (CHECK(r != NULL, "raumschach is known") &&
	    check_position(&pos, r,
			   "5/2P2/5/5/5|" EMPTY "|" EMPTY "|" EMPTY
			   "|k4/5/5/5/K4 w 0 1")) {
		struct ob_error err;
		ob_move m;
		CHECK(ob_move_read(&pos, "PEc4-Ec5=Q", 10, 0, &m, &err) ==
			      OB_OK,
		      "raumschach =Q: %s", err.message);
		CHECK(ob_move_read(&pos, "PEc4-Ec5=T", 10, 0, &m, &err) ==
				      OB_ERR_MOVE_BAD_PROMOTION_LETTER &&
			      strcmp(err.message,
				     "a pawn promotes to one of QRBUN") == 0 &&
			      err.column == 10,
		      "raumschach =T: %s", err.message);
		CHECK(ob_move_read(&pos, "SEc4-Ec5", 8, 0, &m, &err) ==
				      OB_ERR_MOVE_BAD_PIECE &&
			      strcmp(err.message, "'S' is not a piece letter") ==
				      0,
		      "raumschach S: %s", err.message);
	}
}

/* The mate and the check above are what the generator says they are. */
static void suffix_positions_are_real(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos;
	struct ob_error err;
	ob_move m;
	char text[OB_MOVE_TEXT_MAX];
	if (check_position(&pos, v, MATE_IN_ONE) &&
	    CHECK(ob_move_read(&pos, "RDb5-Bb5", 8, 0, &m, &err) == OB_OK,
		  "%s", err.message)) {
		ob_move_write(&pos, m, text);
		CHECK(strcmp(text, "RDb5-Bb5#") == 0, "written %s", text);
		struct ob_undo u;
		ob_make(&pos, m, &u);
		ob_move slow[OB_MAX_MOVES];
		CHECK(ob_status(&pos) == OB_CHECKMATE &&
			      ob_reference_moves(&pos, slow) == 0,
		      "RDb5-Bb5 mates");
	}
	if (check_position(&pos, v, PIN) &&
	    CHECK(ob_move_read(&pos, "RAb1xAe1", 8, 0, &m, &err) == OB_OK,
		  "%s", err.message)) {
		ob_move_write(&pos, m, text);
		CHECK(strcmp(text, "RAb1xAe1+") == 0, "written %s", text);
	}
}

/* Every legal move of random positions: written, read back (plain and
 * strict), the same move; the sort is by the bytes of the text. */
static void round_trip(void)
{
	const struct ob_variant *const *all = ob_variants();
	long want = check_quick() ? 300 : 3000;
	for (int i = 0; all[i]; i++) {
		struct ob_rng rng;
		long positions = 0, moves_read = 0, failures = 0;
		ob_rng_seed(&rng, 99 + (uint64_t)i);
		while (positions < want && failures < 5) {
			struct ob_position pos;
			ob_position_start(&pos, all[i]);
			for (int ply = 0; ply < 200 && positions < want;
			     ply++) {
				ob_move moves[OB_MAX_MOVES];
				char text[OB_MOVE_TEXT_MAX];
				char prev[OB_MOVE_TEXT_MAX] = "";
				int n = ob_legal_moves(&pos, moves);
				positions++;
				ob_moves_sort(&pos, moves, n);
				for (int k = 0; k < n; k++) {
					struct ob_error err;
					ob_move back = OB_MOVE_NONE;
					int len = ob_move_write(&pos, moves[k],
								text);
					bool good = (size_t)len ==
							    strlen(text) &&
						    len < OB_MOVE_TEXT_MAX;
					good &= ob_move_read(&pos, text,
							     (size_t)len,
							     OB_READ_STRICT,
							     &back, &err) ==
							OB_OK &&
						back == moves[k];
					good &= strcmp(prev, text) < 0;
					char plain[OB_MOVE_TEXT_MAX];
					int pl = ob_move_write_plain(
						&pos, moves[k], plain);
					good &= ob_move_read(&pos, plain,
							     (size_t)pl, 0,
							     &back, &err) ==
							OB_OK &&
						back == moves[k] &&
						strncmp(plain, text,
							(size_t)pl) == 0;
					if (!CHECK(good, "%s: move %s (%s)",
						   all[i]->name, text,
						   err.message)) {
						failures++;
						break;
					}
					memcpy(prev, text, sizeof prev);
					moves_read++;
				}
				if (n == 0)
					break;
				struct ob_undo u;
				ob_make(&pos,
					moves[ob_rng_below(&rng, (uint64_t)n)],
					&u);
			}
		}
		CHECK(positions >= want && moves_read > want,
		      "%s: %ld positions, %ld moves", all[i]->name, positions,
		      moves_read);
	}
}

/* Plattraum's positions (PFEN: files a..l, each from cell 1 up). */
/* Liu Yang: Gd f1, Sg e1 g1 (the setup's two), Cp e9 next to its far
 * edge (it captures on d9, army 2's Corporal); army 2's Gd a6. */
#define LY_SLINGS "5,Gd2/7/8/8,Cp2/Sg1,7,Cp1,1/Gd1,10/Sg1,9/9/8/7/6 1 0 1"
/* Liu Yang: army 1 has every kind of its setup but a Corporal on e9. */
#define LY_FULL                                                            \
	"6/7/Fr1,7/Fc1,Sn1,6,Cp2/Sg1,Un1,Hr1,5,Cp1,1/Gd1,Hc1,Hc1,8/"        \
	"Sg1,Un1,Hr1,6,Gd2/Fc1,Sn1,7/Fr1,7/7/6 1 0 1"
/* Liu Yang: Fc d1, own screen Cp d3, army 2's Cp d5 d7; Sg h1 and army
 * 2's Cp k3 with nothing between; Gd f1 and a6. */
#define LY_CANNONS                                                         \
	"5,Gd2/7/8/Fc1,1,Cp1,1,Cp2,1,Cp2,2/10/Gd1,7,Hc1,2/10/Sg1,8/8/"      \
	"2,Cp2,4/6 1 0 1"
/* Liu Yang: army 2's Fc f9 over army 1's Cp f3 and Un f5 to Gd f1. */
#define LY_SCREENS "5,Gd2/7/8/9/3,Un1,6/Gd1,1,Cp1,1,Un1,3,Fc2,2/10/9/8/7/6 1 0 1"
/* Liu Yang: Gd f1 beside Sn f2, Cp g1, Un e1 (a swap checks Gd a6). */
#define LY_PARTNERS "5,Gd2/7/8/9/Un1,9/Gd1,Sn1,9/Cp1,9/9/8/7/6 1 0 1"
/* Liu Yang: army 2's Fc f9 attacks Hc f2 over Cp f5; then Gd f1 itself. */
#define LY_PARTNER_ATTACKED                                                \
	"5,Gd2/7/8/9/Sg1,9/Gd1,Hc1,2,Cp1,3,Fc2,2/10/9/8/7/6 1 0 1"
#define LY_IN_CHECK "5,Gd2/7/8/9/Sg1,9/Gd1,3,Cp1,3,Fc2,2/10/9/8/7/6 1 0 1"
/* Two players, single compound: army 1's whole setup and Cp f10; army 2
 * Gd a6, Cp l6.  SHORT lacks the Unicorn on f3. */
#define P2_CORNER                                                          \
	"5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1,Hr1,8/Fr1,8/" \
	"Sn1,7/7/5,Cp2 1 0 1"
#define P2_SHORT                                                           \
	"5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,7,Cp1,1/Gd1,Hr1,8/Fr1,8/"     \
	"Sn1,7/7/5,Cp2 1 0 1"

/* Plattraum's faults: the statuses behind ob-validate's messages. */
static void plattraum_faults(void)
{
	static const struct {
		const char *variant, *pfen, *text;
		unsigned flags;
		enum ob_status status;
		int column;
		const char *message;
	} cases[] = {
#define LY "plattraum-liu-yang"
#define P2 "plattraum-2p"
		/* syntax: codes, cells, separators, promotions */
		{LY, NULL, "Xxf5-f6", 0, OB_ERR_MOVE_BAD_PIECE, 1,
		 "'Xx' is not a piece code of Plattraum Liu Yang"},
		{LY, NULL, "cpf5-f6", 0, OB_ERR_MOVE_BAD_PIECE, 1,
		 "a piece code is an upper-case letter and a lower-case one, "
		 "as Gd"},
		{LY, NULL, "1f5-f6", 0, OB_ERR_MOVE_SYNTAX, 1,
		 "a move starts with a piece code"},
		{LY, NULL, "Cpe4-e11", 0, OB_ERR_MOVE_BAD_CELL, 6,
		 "the to-cell is not a cell of the board"},
		{LY, NULL, "Cpj3-f6", 0, OB_ERR_MOVE_BAD_CELL, 3,
		 "the from-cell is not a cell of the board"},
		{LY, NULL, "Cpf5f6", 0, OB_ERR_MOVE_NO_SEPARATOR, 5,
		 "expected - or x after the from-cell"},
		{LY, NULL, "Cpf5-f6=Gd", 0, OB_ERR_MOVE_BAD_PROMOTION_LETTER, 9,
		 "a Corporal never promotes to a Grandduke; it promotes to one "
		 "of Sg Fc Hc Fr Hr Un Sn"},
		{LY, NULL, "Cpf5-f6=Cp", 0, OB_ERR_MOVE_BAD_PROMOTION_LETTER, 9,
		 "a Corporal never promotes to a Corporal; it promotes to one "
		 "of Sg Fc Hc Fr Hr Un Sn"},
		{LY, NULL, "Cpf5-f6=Qu", 0, OB_ERR_MOVE_BAD_PROMOTION_LETTER, 9,
		 "'Qu' is not a piece code; a Corporal promotes to one of Sg "
		 "Fc Hc Fr Hr Un Sn"},
		{LY, NULL, "Cpf5-f6=", 0, OB_ERR_MOVE_BAD_PROMOTION_LETTER, 9,
		 "expected a piece code after =; a Corporal promotes to one of "
		 "Sg Fc Hc Fr Hr Un Sn"},
		{LY, NULL, "Gdf1-f2&", 0, OB_ERR_MOVE_SYNTAX, 9,
		 "expected the second piece's code after &"},
		{LY, NULL, "Gdf1-f2&Hc", 0, OB_ERR_MOVE_SYNTAX, 11,
		 "expected the second piece's from-cell"},
		{LY, NULL, "Gdf1-f2&Hcf2xf1", 0, OB_ERR_MOVE_NO_SEPARATOR, 13,
		 "expected - in the second piece's move"},
		/* promotion faults */
		{LY, LY_SLINGS, "Cpe9-e10=Ds", 0,
		 OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 9,
		 "there is no Duchess in Plattraum Liu Yang; a Corporal "
		 "promotes to one of Sg Fc Hc Fr Hr Un Sn"},
		{LY, NULL, "Cpf5-f6=Ds", 0, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
		 8, "no promotion on this move"},
		{LY, LY_SLINGS, "Cpe9-e10=Sg", 0,
		 OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 9,
		 "no promotion to Sg while army 1 has 2, as many as its setup "
		 "has"},
		{LY, LY_SLINGS, "Cpe9-e10", 0, OB_ERR_MOVE_PROMOTION_MISSING, 9,
		 "a Corporal reaching e10 must promote, to one of Fc Hc Fr Hr "
		 "Un Sn"},
		{LY, LY_FULL, "Cpe9xd9=Fc", 0,
		 OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 6,
		 "no kind is left to promote to (army 1 has as many of each as "
		 "its setup): the Corporal may not enter d9"},
		{P2, P2_CORNER, "Cpf10-f11=Sg", 0,
		 OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, 10,
		 "there is no Sling in Plattraum Two-Player; a Corporal "
		 "promotes to one of Ds Fr Hr Un Sn"},
		/* order: from-cell before the promotion fault, geometry too */
		{LY, LY_SLINGS, "Cpd9-e10=Ds", 0, OB_ERR_MOVE_FROM_OPPONENT, 3,
		 "the piece on d9 belongs to army 2, not the army to move"},
		{LY, LY_FULL, "Cpe9-f10=Sg", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "a Corporal cannot move from e9 to f10"},
		/* the swap */
		{LY, NULL, "Gdf1-e1&Sgf2-f1", 0, OB_ERR_MOVE_BAD_PAIR, 8,
		 "in a swap the second piece goes from e1 to f1"},
		{LY, NULL, "Gdf1-f2&Sgf2-f1", 0, OB_ERR_MOVE_WRONG_PIECE, 9,
		 "the piece on f2 is a Hindcannon, not a Sling"},
		{LY, LY_PARTNERS, "Gdf1-f2&Snf2-f1", 0, OB_ERR_MOVE_WRONG_PIECE,
		 9, "a Grandduke swaps only with a long-range piece, not a "
		    "Sennight"},
		{LY, LY_SLINGS, "Gdf1-f2&Hcf2-f1", 0, OB_ERR_MOVE_FROM_EMPTY, 11,
		 "no piece on f2"},
		{LY, NULL, "Gdf1-e2&Une2-f1", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "a swap is with an orthogonally adjacent piece, on a cell "
		 "sharing an edge with f1; e2 is not"},
		{LY, LY_PARTNER_ATTACKED, "Gdf1-f2&Hcf2-f1", 0,
		 OB_ERR_MOVE_GEOMETRY, 6,
		 "no swap while the Hindcannon's cell f2 is attacked"},
		{LY, LY_IN_CHECK, "Gdf1xe1&Sge1-f1", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "no swap while the Grandduke's cell f1 is attacked"},
		{LY, NULL, "Gdf1-e1", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "e1 is occupied by a piece of the mover's side; a swap is "
		 "written Gdf1-e1&Sge1-f1"},
		{LY, NULL, "Gdf1xe1&Sge1-f1", 0, OB_ERR_MOVE_FALSE_CAPTURE, 5,
		 "a swap captures nothing: write -"},
		{LY, LY_PARTNERS, "Gdf1-e1&Une1-f1", OB_READ_STRICT,
		 OB_ERR_MOVE_SUFFIX_MISSING, 16, "missing +"},
		{P2, NULL, "Gdg1-g2&Hrg2-g1", 0, OB_ERR_MOVE_BAD_PAIR, 8,
		 "a Grandduke has no paired move in Plattraum Two-Player"},
		/* cannons, and a Grandduke left to one */
		{LY, LY_CANNONS, "Sgh1xk3", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "a Sling captures over exactly one screen; there is none "
		 "between h1 and k3"},
		{LY, LY_CANNONS, "Fcd1xd7", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "a Forecannon captures over exactly one screen; there are 2 "
		 "between d1 and d7"},
		{LY, LY_CANNONS, "Fcd1-d4", 0, OB_ERR_MOVE_GEOMETRY, 6,
		 "the Forecannon's way from d1 to d4 is blocked at d3; over a "
		 "screen it only captures"},
		{LY, LY_CANNONS, "Fcd1-d5", 0, OB_ERR_MOVE_MISSING_CAPTURE, 5,
		 "the move captures on d5: write x"},
		{LY, LY_SCREENS, "Unf5-d4+", 0, OB_ERR_MOVE_LEAVES_IN_CHECK, 1,
		 "the move leaves the own Grandduke attacked"},
		/* far-corner wins */
		{P2, P2_CORNER, "Cpf10-f11=Ds", OB_READ_STRICT,
		 OB_ERR_MOVE_SUFFIX_MISSING, 13, "missing #"},
		{P2, P2_CORNER, "Cpf10-f11=Ds+", 0, OB_ERR_MOVE_CHECK_IS_MATE,
		 13, "+ on a far-corner win: write #"},
		{P2, P2_SHORT, "Cpf10-f11=Un#", 0, OB_ERR_MOVE_FALSE_MATE, 13,
		 "# but the far-corner arrival does not win: army 1 has 2 Un "
		 "of its setup's 3"},
		{P2, NULL, "Cpf4-f5#", 0, OB_ERR_MOVE_FALSE_MATE, 8,
		 "# but the move does not mate"},
#undef LY
#undef P2
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct ob_variant *v = ob_variant_find(cases[i].variant);
		if (!CHECK(v != NULL, "%s is known", cases[i].variant))
			continue;
		expect_in(v, cases[i].pfen ? cases[i].pfen : v->start_ofen,
			  cases[i].text, cases[i].flags, cases[i].status,
			  cases[i].column, cases[i].message);
	}
}

/* Plattraum's moves that read: the swap (with its check), cannon
 * captures, promotions, far-corner wins; each written back the same. */
static void plattraum_accepted(void)
{
	static const struct {
		const char *variant, *pfen, *text;
	} cases[] = {
		{"plattraum-liu-yang", NULL, "Gdf1-f2&Hcf2-f1"},
		{"plattraum-liu-yang", LY_PARTNERS, "Gdf1-e1&Une1-f1+"},
		{"plattraum-liu-yang", LY_CANNONS, "Fcd1xd5"},
		{"plattraum-liu-yang", LY_SLINGS, "Cpe9xd9=Fc"},
		{"plattraum-liu-yang", LY_SCREENS, "Une4-f6"},
		{"plattraum-2p", P2_CORNER, "Cpf10-f11=Ds#"},
		{"plattraum-2p", P2_SHORT, "Cpf10-f11=Un"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct ob_variant *v = ob_variant_find(cases[i].variant);
		struct ob_position pos;
		struct ob_error err;
		ob_move m;
		char out[OB_MOVE_TEXT_MAX];
		const char *text = cases[i].text;
		if (!CHECK(v != NULL, "%s", cases[i].variant) ||
		    !check_position(&pos, v,
				    cases[i].pfen ? cases[i].pfen
						  : v->start_ofen))
			continue;
		if (!CHECK(ob_move_read(&pos, text, strlen(text),
					OB_READ_STRICT, &m, &err) == OB_OK,
			   "%s: %s", text, err.message))
			continue;
		CHECK(ob_is_legal(&pos, m), "%s: legal", text);
		ob_move_write(&pos, m, out);
		CHECK(strcmp(out, text) == 0, "%s written %s", text, out);
	}
}

void test_movetext(void)
{
	plattraum_faults();
	plattraum_accepted();
	syntax_faults();
	position_faults();
	section_9_order();
	accepted();
	suffix_positions_are_real();
	round_trip();
}
