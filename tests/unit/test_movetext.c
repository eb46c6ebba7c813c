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

/* Reads move text in the position and checks the outcome. */
static void expect_flags(const char *ofen, const char *text, unsigned flags,
			 enum ob_status status, int column,
			 const char *message)
{
	struct ob_position pos;
	if (!check_position(&pos, ob_variant_default(), ofen))
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

void test_movetext(void)
{
	syntax_faults();
	position_faults();
	section_9_order();
	accepted();
	suffix_positions_are_real();
	round_trip();
}
