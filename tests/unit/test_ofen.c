/*
 * OFEN (spec sections 5 and 9): every failure reason with its status,
 * column and message; several legality failures named in order; line
 * ends, bytes, digits, numbers; round trips and mirrors of the start
 * position and of positions from random playouts.
 */
#include "check.h"

#include <stdio.h>
#include <string.h>

/* The start position's placement (97 characters) and three levels. */
#define START                                                              \
	"5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"    \
	"1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5"
#define EMPTY "5/5/5/5/5"
/* Level E with Black's Sovereign on Ea5; levels D, C, B empty. */
#define TOP "s4/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|"

/* Reads len bytes of text as a position of v and checks status, column
 * and message. */
static void expect_in(const struct ob_variant *v, const char *text,
		      size_t len, enum ob_status status, int column,
		      const char *message)
{
	struct ob_position pos;
	struct ob_error err;
	memset(&err, 0, sizeof err);
	enum ob_status st = ob_ofen_read(&pos, v, text, len, NULL, &err);
	CHECK(st == status, "'%s': status %d (%s), expected %d (%s)", text,
	      (int)st, ob_status_name(st), (int)status, ob_status_name(status));
	if (status == OB_OK)
		return;
	CHECK(err.status == status, "'%s': err.status %d", text,
	      (int)err.status);
	CHECK(err.column == column, "'%s': column %d, expected %d", text,
	      err.column, column);
	CHECK(strcmp(err.message, message) == 0,
	      "'%s': message \"%s\", expected \"%s\"", text, err.message,
	      message);
}

static void expect_len(const char *text, size_t len, enum ob_status status,
		       int column, const char *message)
{
	expect_in(ob_variant_default(), text, len, status, column, message);
}

static void expect(const char *text, enum ob_status status, int column,
		   const char *message)
{
	expect_len(text, strlen(text), status, column, message);
}

static void syntax_failures(void)
{
	static const char sep[] =
		"fields must be separated by exactly one space";
	/* 97 placement characters: the side is column 99, the clock 101. */
	CHECK(strlen(START) == 97, "placement length");

	expect("", OB_ERR_EMPTY_LINE, 1, "empty line");
	expect("\n", OB_ERR_EMPTY_LINE, 1, "empty line");
	expect("\r\n", OB_ERR_EMPTY_LINE, 1, "empty line");

	/* levels */
	expect(EMPTY "|" EMPTY " w", OB_ERR_LEVEL_COUNT, 20,
	       "the placement has 2 levels, not 5");
	expect(START "|" EMPTY " w", OB_ERR_LEVEL_COUNT, 98,
	       "the placement has 6 levels, not 5");
	/* ranks */
	expect("5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_RANK_COUNT, 8, "level E has 4 ranks, not 5");
	expect("5/5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/"
	       "TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_RANK_COUNT, 10, "level E has 6 ranks, not 5");
	expect(EMPTY "||||" " w", OB_ERR_RANK_COUNT, 11,
	       "level D has 1 rank, not 5");
	/* cells in a rank */
	expect("4/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_RANK_CELLS, 2, "level E, rank 5 has 4 cells, not 5");
	expect("5/5/5/5/5|1blb11/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/"
	       "TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_RANK_CELLS, 16, "level D, rank 5 has more than 5 cells");
	expect("6/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_RANK_CELLS, 1, "level E, rank 5 has more than 5 cells");
	expect("5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSN|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_RANK_CELLS, 61, "level C, rank 1 has 4 cells, not 5");
	/* letters */
	expect("5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNX|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w",
	       OB_ERR_BAD_LETTER, 61, "bad letter 'X' in placement");
	expect("5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/PPPPP/TNSNT|"
	       "1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/0 w",
	       OB_ERR_BAD_LETTER, 97, "bad letter '0' in placement");
	expect("k4/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/5/S4 w",
	       OB_ERR_BAD_LETTER, 1, "bad letter 'k' in placement");
	expect("s4/5/5/5/5-" EMPTY " w", OB_ERR_BAD_LETTER, 11,
	       "bad letter '-' in placement");
	/* missing fields */
	expect(START, OB_ERR_MISSING_FIELD, 98, "missing side to move");
	expect(START " w 0", OB_ERR_MISSING_FIELD, 102,
	       "missing full-move number (the clock and move number go "
	       "together)");
	expect(START " w 12", OB_ERR_MISSING_FIELD, 103,
	       "missing full-move number (the clock and move number go "
	       "together)");
	/* extra fields */
	expect(START " w 0 1 x", OB_ERR_EXTRA_FIELD, 105,
	       "unexpected text after the last field");
	expect(START " w 0 1 2", OB_ERR_EXTRA_FIELD, 105,
	       "unexpected text after the last field");
	expect(START " w 0 1 ", OB_ERR_EXTRA_FIELD, 105,
	       "unexpected text after the last field");
	/* separators: the column is the offending blank, or where the
	 * missing field should start */
	expect(" " START " w", OB_ERR_FIELD_SEPARATOR, 1,
	       "line starts with a blank");
	expect("\t" START " w", OB_ERR_FIELD_SEPARATOR, 1,
	       "line starts with a blank");
	expect(START "  w", OB_ERR_FIELD_SEPARATOR, 99, sep);
	expect(START "\tw", OB_ERR_FIELD_SEPARATOR, 98, sep);
	expect(START " \tw", OB_ERR_FIELD_SEPARATOR, 99, sep);
	expect(START " ", OB_ERR_FIELD_SEPARATOR, 99, sep);
	expect(START " w  0 1", OB_ERR_FIELD_SEPARATOR, 101, sep);
	expect(START " w\t0 1", OB_ERR_FIELD_SEPARATOR, 100, sep);
	expect(START " w ", OB_ERR_FIELD_SEPARATOR, 101, sep);
	expect(START " w 0  1", OB_ERR_FIELD_SEPARATOR, 103, sep);
	expect(START " w 0\t1", OB_ERR_FIELD_SEPARATOR, 102, sep);
	expect(START " w 0 ", OB_ERR_FIELD_SEPARATOR, 103, sep);
	/* side to move */
	expect(START " x 0 1", OB_ERR_BAD_SIDE, 99,
	       "side to move must be w or b");
	expect(START " W 0 1", OB_ERR_BAD_SIDE, 99,
	       "side to move must be w or b");
	expect(START " wb 0 1", OB_ERR_BAD_SIDE, 99,
	       "side to move must be w or b");
	/* clock */
	static const char clock[] =
		"half-move clock must be a number from 0 to 9999";
	expect(START " w -1 1", OB_ERR_BAD_CLOCK, 101, clock);
	expect(START " w +1 1", OB_ERR_BAD_CLOCK, 101, clock);
	expect(START " w 10000 1", OB_ERR_BAD_CLOCK, 101, clock);
	expect(START " w 010000 1", OB_ERR_BAD_CLOCK, 101, clock);
	expect(START " w 1a 1", OB_ERR_BAD_CLOCK, 101, clock);
	expect(START " w x 1", OB_ERR_BAD_CLOCK, 101, clock);
	expect(START " w 9999 1", OB_OK, 0, "");
	/* move number */
	static const char number[] =
		"full-move number must be a number from 1 to 99999";
	expect(START " w 9999 0", OB_ERR_BAD_MOVE_NUMBER, 106, number);
	expect(START " w 0 000", OB_ERR_BAD_MOVE_NUMBER, 103, number);
	expect(START " w 0 100000", OB_ERR_BAD_MOVE_NUMBER, 103, number);
	expect(START " w 0 +1", OB_ERR_BAD_MOVE_NUMBER, 103, number);
	expect(START " w 0 -1", OB_ERR_BAD_MOVE_NUMBER, 103, number);
	expect(START " w 0 1x", OB_ERR_BAD_MOVE_NUMBER, 103, number);
	expect(START " w 0 99999", OB_OK, 0, "");
}

static void bad_bytes(void)
{
	static const char line[] = START " w 0 1";
	char buf[sizeof line];
	/* A NUL byte anywhere, with the length given. */
	static const size_t at[] = {0, 5, 97, 98, 101, 102};
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		memcpy(buf, line, sizeof line);
		buf[at[i]] = '\0';
		expect_len(buf, sizeof line - 1, OB_ERR_BAD_BYTE,
			   (int)at[i] + 1, "NUL byte");
	}
	/* Control bytes, DEL, non-ASCII (UTF-8 and Latin-1), binary. */
	static const struct {
		size_t at;
		unsigned char byte;
		const char *message;
	} cases[] = {
		{3, 0x01, "unexpected byte 0x01"},
		{98, 0x1b, "unexpected byte 0x1b"},
		{98, '\r', "unexpected byte 0x0d"},
		{10, 0x7f, "unexpected byte 0x7f"},
		{0, 0xc3, "unexpected byte 0xc3"},
		{100, 0xe9, "unexpected byte 0xe9"},
		{102, 0xff, "unexpected byte 0xff"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		memcpy(buf, line, sizeof line);
		buf[cases[i].at] = (char)cases[i].byte;
		expect_len(buf, sizeof line - 1, OB_ERR_BAD_BYTE,
			   (int)cases[i].at + 1, cases[i].message);
	}
	/* Binary junk: the first offending byte is named. */
	static const char junk[] = "\x7f" "ELF\x02\x01\x01\x00\x00";
	expect_len(junk, sizeof junk - 1, OB_ERR_BAD_BYTE, 1,
		   "unexpected byte 0x7f");
	static const char junk2[] = "5/5/\xff\xfe\x00z";
	expect_len(junk2, sizeof junk2 - 1, OB_ERR_BAD_BYTE, 5,
		   "unexpected byte 0xff");
	static const char utf8[] = "s4/5/5/5/5|\xc3\xa9";
	expect_len(utf8, sizeof utf8 - 1, OB_ERR_BAD_BYTE, 12,
		   "unexpected byte 0xc3");
}

static void legality_failures(void)
{
	expect(TOP EMPTY " w", OB_ERR_SOVEREIGN_COUNT, 1,
	       "White has 0 Sovereigns, not exactly one");
	expect(EMPTY "|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/5/S4 w",
	       OB_ERR_SOVEREIGN_COUNT, 1,
	       "Black has 0 Sovereigns, not exactly one");
	expect("ss3/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/5/S4 w",
	       OB_ERR_SOVEREIGN_COUNT, 1,
	       "Black has 2 Sovereigns, not exactly one");
	expect(EMPTY "|" EMPTY "|" EMPTY "|" EMPTY "|" EMPTY " w",
	       OB_ERR_SOVEREIGN_COUNT, 1,
	       "White has 0 Sovereigns, not exactly one; Black has 0 "
	       "Sovereigns, not exactly one");
	/* Adjacent Sovereigns also attack each other: both are named. */
	expect(EMPTY "|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/s4/S4 w",
	       OB_ERR_SOVEREIGNS_ADJACENT, 1,
	       "the Sovereigns stand on adjacent cells; Black is not to move "
	       "but is in check");
	expect(EMPTY "|" EMPTY "|" EMPTY "|5/5/5/1s3/5|5/5/5/5/S4 b",
	       OB_ERR_SOVEREIGNS_ADJACENT, 1,
	       "the Sovereigns stand on adjacent cells; White is not to move "
	       "but is in check");
	/* A Tower on Ae1 checks White's Sovereign on Aa1. */
	expect(TOP "5/5/5/5/S3t b", OB_ERR_OPPONENT_IN_CHECK, 1,
	       "White is not to move but is in check");
	expect(TOP "5/5/5/5/S3t w", OB_OK, 0, "");
	expect("s3T/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/5/S4 w",
	       OB_ERR_OPPONENT_IN_CHECK, 1,
	       "Black is not to move but is in check");
	expect(TOP "5/5/5/5/S3P w", OB_ERR_PAWN_ON_END_RANK, 1,
	       "White pawn on Ae1, where no White pawn may stand");
	expect(TOP "P4/5/5/5/S4 w", OB_ERR_PAWN_ON_END_RANK, 1,
	       "White pawn on Aa5, where no White pawn may stand");
	expect(TOP "p4/5/5/5/S4 w", OB_ERR_PAWN_ON_END_RANK, 1,
	       "Black pawn on Aa5, where no Black pawn may stand");
	expect(TOP "5/5/5/5/S3p w", OB_ERR_PAWN_ON_END_RANK, 1,
	       "Black pawn on Ae1, where no Black pawn may stand");
	expect(TOP "p4/5/5/5/S3P w", OB_ERR_PAWN_ON_END_RANK, 1,
	       "White pawn on Ae1, where no White pawn may stand; Black pawn "
	       "on Aa5, where no Black pawn may stand");
	/* 21 pieces: the Sovereign and 20 pawns (the start has 20 pieces);
	 * no pawn attacks the other Sovereign. */
	expect("s4/5/5/5/5|" EMPTY "|5/5/5/PPPPP/5|5/PPPPP/PPPPP/PPPPP/5"
	       "|5/5/5/5/S4 w",
	       OB_ERR_TOO_MANY_PIECES, 1, "White has 21 pieces, more than 20");
	expect("s4/5/5/5/5|" EMPTY "|5/5/5/PPPPP/5|5/PPPPP/PPPPP/PPPP1/5"
	       "|5/5/5/5/S4 w",
	       OB_OK, 0, "");
	expect("s4/5/5/5/5|5/ppppp/ppppp/ppppp/5|5/ppppp/5/5/5|" EMPTY
	       "|5/5/5/5/S4 b",
	       OB_ERR_TOO_MANY_PIECES, 1, "Black has 21 pieces, more than 20");

	/* Several at once: all named, in the order of section 5. */
	expect(EMPTY "|" EMPTY "|nnnnn/nnnnn/nnnnn/nnnnn/5|" EMPTY
	       "|5/5/5/s4/S3P w",
	       OB_ERR_SOVEREIGNS_ADJACENT, 1,
	       "the Sovereigns stand on adjacent cells; Black is not to move "
	       "but is in check; White pawn on Ae1, where no White pawn may "
	       "stand; Black has 21 pieces, more than 20");
}

static void several_in_order(void)
{
	/* The pawn list names one cell per side; pieces counted last. */
	expect(EMPTY "|" EMPTY "|NNNNN/NNNNN/NNNNN/NNNNN/5|" EMPTY
	       "|p4/5/5/5/SS2P b",
	       OB_ERR_SOVEREIGN_COUNT, 1,
	       "White has 2 Sovereigns, not exactly one; Black has 0 "
	       "Sovereigns, not exactly one; White pawn on Ae1, where no "
	       "White pawn may stand; Black pawn on Aa5, where no Black pawn "
	       "may stand; White has 23 pieces, more than 20");
	/* Check comes before pawns, pawns before the piece count. */
	expect(TOP "5/5/5/5/S3P b", OB_ERR_PAWN_ON_END_RANK, 1,
	       "White pawn on Ae1, where no White pawn may stand");
	expect(TOP "5/5/5/t4/SP3 b", OB_ERR_OPPONENT_IN_CHECK, 1,
	       "White is not to move but is in check; White pawn on Ab1, "
	       "where no White pawn may stand");
}

/* Reads text that must be valid and writes it back. */
static bool rewrite(const struct ob_variant *v, const char *text, size_t len,
		    char *out, struct ob_position *pos)
{
	struct ob_error err;
	enum ob_status st = ob_ofen_read(pos, v, text, len, NULL, &err);
	if (!CHECK(st == OB_OK, "'%s': %s", text, err.message))
		return false;
	ob_ofen_write(pos, out);
	return true;
}

static void line_ends_digits_numbers(void)
{
	const struct ob_variant *v = ob_variant_default();
	struct ob_position pos;
	char out[OB_OFEN_MAX];
	static const char canonical[] = START " w 0 1";

	/* LF and CRLF ends; fields 3 and 4 left out together. */
	static const char *const same[] = {
		START " w 0 1\n", START " w 0 1\r\n", START " w",
		START " w\r\n",   START " w\n",       START " w 00 001",
		START " w 0000 0001\r\n",
	};
	for (size_t i = 0; i < sizeof same / sizeof *same; i++)
		if (rewrite(v, same[i], strlen(same[i]), out, &pos))
			CHECK(strcmp(out, canonical) == 0, "'%s' -> '%s'",
			      same[i], out);

	/* Leading zeros in clock and move number. */
	if (rewrite(v, START " b 007 00012", strlen(START " b 007 00012"), out,
		    &pos)) {
		CHECK(pos.halfmove_clock == 7 && pos.fullmove_number == 12,
		      "clock %d, move %d", pos.halfmove_clock,
		      pos.fullmove_number);
		CHECK(strcmp(out, START " b 7 12") == 0, "%s", out);
	}
	/* Empty cells spelled with several digits: written canonically. */
	static const struct {
		const char *in, *out;
	} digits[] = {
		{"s1111/23/32/11111/5|" EMPTY "|" EMPTY "|" EMPTY
		 "|221/5/5/5/S22 w",
		 "s4/5/5/5/5|" EMPTY "|" EMPTY "|" EMPTY "|5/5/5/5/S4 w 0 1"},
		{"1s12/5/5/5/5|" EMPTY "|5/2P11/5/5/5|" EMPTY "|5/5/5/5/11S11 b 3 9",
		 "1s3/5/5/5/5|" EMPTY "|5/2P2/5/5/5|" EMPTY "|5/5/5/5/2S2 b 3 9"},
	};
	for (size_t i = 0; i < sizeof digits / sizeof *digits; i++)
		if (rewrite(v, digits[i].in, strlen(digits[i].in), out, &pos))
			CHECK(strcmp(out, digits[i].out) == 0, "'%s' -> '%s'",
			      digits[i].in, out);

	/* With `end`, the caller reads what follows the last field. */
	struct ob_error err;
	size_t end = 0;
	static const char perft[] = START " w 0 1 ;D1 64";
	CHECK(ob_ofen_read(&pos, v, perft, strlen(perft), &end, &err) ==
		      OB_OK && end == strlen(START " w 0 1"),
	      "suffix after four fields: end %zu", end);
	static const char moves[] = START " w PCc2-Cc3";
	CHECK(ob_ofen_read(&pos, v, moves, strlen(moves), &end, &err) ==
		      OB_OK && end == strlen(START " w"),
	      "suffix after two fields: end %zu", end);
	/* ...but not without it. */
	expect(START " w PCc2-Cc3", OB_ERR_BAD_CLOCK, 101,
	       "half-move clock must be a number from 0 to 9999");
}

/* Mirrored twice: the same position, clocks included. */
/* Mirrored as often as there are armies (three rotations by 120 degrees
 * on the three-player board), a position is itself again. */
static bool mirror_twice(const struct ob_position *pos)
{
	struct ob_position once, twice = *pos;
	for (int i = 0; i < ob_armies(pos->variant); i++) {
		ob_position_mirror(&twice, &once);
		if (i == 0 && (once.key != ob_position_compute_key(&once) ||
			       once.side == pos->side))
			return false;
		twice = once;
	}
	ob_position_mirror(pos, &once);
	return ob_position_same(pos, &twice) && twice.key == pos->key &&
	       twice.halfmove_clock == pos->halfmove_clock &&
	       twice.fullmove_number == pos->fullmove_number &&
	       once.key == ob_position_compute_key(&once) &&
	       once.side != pos->side;
}

static void start_positions(void)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		const struct ob_variant *v = all[i];
		struct ob_position pos, mirror, start;
		char out[OB_OFEN_MAX];
		if (!rewrite(v, v->start_ofen, strlen(v->start_ofen), out, &pos))
			continue;
		CHECK(strcmp(out, v->start_ofen) == 0,
		      "%s start round trip: '%s'", v->name, out);
		ob_position_start(&start, v);
		CHECK(ob_position_same(&pos, &start), "%s start", v->name);
		ob_position_mirror(&pos, &mirror);
		CHECK(memcmp(mirror.board, pos.board, sizeof pos.board) == 0 &&
			      mirror.side == OB_BLACK,
		      "%s: the start's mirror is itself with Black to move",
		      v->name);
		ob_ofen_write(&mirror, out);
		char want[OB_OFEN_MAX];
		snprintf(want, sizeof want, "%s", v->start_ofen);
		char *w = strstr(want, ob_variant_has_codes(v) ? " 1 " : " w ");
		if (CHECK(w != NULL, "%s start has its first side to move",
			  v->name)) {
			w[1] = ob_variant_has_codes(v) ? '2' : 'b';
			CHECK(strcmp(out, want) == 0, "%s mirror: '%s'",
			      v->name, out);
		}
		CHECK(mirror_twice(&pos), "%s start mirrored twice", v->name);
	}
}

/* Every position of seeded random playouts: write, read, write gives the
 * same text and position; two mirrors give the position back; the mirror
 * is a legal position too. */
static void playouts(void)
{
	const struct ob_variant *const *all = ob_variants();
	long want = check_quick() ? 1000 : 10000;
	for (int i = 0; all[i]; i++) {
		const struct ob_variant *v = all[i];
		struct ob_rng rng;
		long done = 0, failures = 0;
		ob_rng_seed(&rng, 2024 + (uint64_t)i);
		while (done < want && failures < 5) {
			struct ob_position pos;
			ob_move moves[OB_MAX_MOVES];
			ob_position_start(&pos, v);
			for (int ply = 0; ply < 250 && done < want; ply++) {
				struct ob_position back, mirror;
				struct ob_error err;
				char a[OB_OFEN_MAX], b[OB_OFEN_MAX];
				size_t len = (size_t)ob_ofen_write(&pos, a);
				enum ob_status st = ob_ofen_read(
					&back, v, a, len, NULL, &err);
				bool ok = CHECK(st == OB_OK, "%s: %s", a,
						err.message);
				if (ok) {
					ob_ofen_write(&back, b);
					ok &= CHECK(strcmp(a, b) == 0,
						    "'%s' -> '%s'", a, b);
					ok &= CHECK(ob_position_same(&pos,
								     &back),
						    "%s read back", a);
				}
				ok &= CHECK(mirror_twice(&pos), "%s: mirrors",
					    a);
				ob_position_mirror(&pos, &mirror);
				ok &= CHECK(ob_position_check(&mirror, &err) ==
						    OB_OK,
					    "%s: mirror illegal: %s", a,
					    err.message);
				failures += !ok;
				done++;
				int n = ob_legal_moves(&pos, moves);
				if (n == 0)
					break;
				struct ob_undo u;
				ob_make(&pos, moves[ob_rng_below(&rng,
								 (uint64_t)n)],
					&u);
			}
		}
		CHECK(done >= want, "%s: %ld positions", v->name, done);
	}
}

/* PFEN (plattraum.md section 9): files a..l, each from cell 1 up. */
#define P_EMPTY_AE "6/7/8/9/10"
#define P_EMPTY_GL "10/9/8/7/6"
/* Army 1's Grandduke on f1, army 2's on f11, nothing else. */
#define P_KINGS P_EMPTY_AE "/Gd1,9,Gd2/" P_EMPTY_GL

static void expect_pfen(const char *variant, const char *text,
			enum ob_status status, int column, const char *message)
{
	const struct ob_variant *v = ob_variant_find(variant);
	if (CHECK(v != NULL, "%s is known", variant))
		expect_in(v, text, strlen(text), status, column, message);
}

/* Every failure of section 9 with its status, column and message. */
static void pfen_failures(void)
{
	static const char *const p2 = "plattraum-2p";
	static const char *const ly = "plattraum-liu-yang";
	/* P_KINGS is 31 characters: the army to move is column 33. */
	CHECK(strlen(P_KINGS) == 31, "PFEN placement length");
	expect_pfen(p2, P_KINGS " 1 0 1", OB_OK, 0, "");
	expect_pfen(p2, P_KINGS " 2", OB_OK, 0, "");
	/* files, and the cells of a file */
	expect_pfen(p2, P_EMPTY_AE "/Gd1,9,Gd2/10/9/8/7 1", OB_ERR_LEVEL_COUNT,
		    30, "the placement has 10 files, not 11");
	expect_pfen(p2, P_KINGS "/6 1", OB_ERR_LEVEL_COUNT, 32,
		    "the placement has 12 files, not 11");
	expect_pfen(p2, "5/7/8/9/10/Gd1,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_RANK_CELLS, 2, "file a has 5 cells, not 6");
	expect_pfen(p2, "7/7/8/9/10/Gd1,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_RANK_CELLS, 1, "file a has more than 6 cells");
	expect_pfen(p2, P_EMPTY_AE "/Gd1,8,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_RANK_CELLS, 21, "file f has 10 cells, not 11");
	expect_pfen(p2, P_EMPTY_AE "/Gd1,9,Gd2,1/" P_EMPTY_GL " 1",
		    OB_ERR_RANK_CELLS, 22, "file f has more than 11 cells");
	expect_pfen(p2, P_EMPTY_AE "/Gd1,12/" P_EMPTY_GL " 1",
		    OB_ERR_RANK_CELLS, 16, "file f has more than 11 cells");
	/* items */
	static const char empty_item[] =
		"empty item in placement (two commas, or a comma at an end)";
	expect_pfen(p2, P_EMPTY_AE "/Gd1,,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_BAD_LETTER, 16, empty_item);
	expect_pfen(p2, P_EMPTY_AE "/,Gd1,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_BAD_LETTER, 12, empty_item);
	expect_pfen(p2, P_EMPTY_AE "/Gd1,9,Gd2,/" P_EMPTY_GL " 1",
		    OB_ERR_BAD_LETTER, 22, empty_item);
	expect_pfen(p2, P_EMPTY_AE "/Gd1,0,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_BAD_LETTER, 16,
		    "bad item '0' in placement: a run of empty cells is 1 to "
		    "11");
	expect_pfen(p2, P_EMPTY_AE "/Gd1,9x,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_BAD_LETTER, 16,
		    "bad item '9x' in placement: a run of empty cells is 1 to "
		    "11");
	static const char shape[] =
		"in placement: a piece is a code (an upper-case letter and a "
		"lower-case one) and an army digit, as Gd1";
	static const struct {
		const char *item, *message;
	} items[] = {
		{"gd1", shape},
		{"GD1", shape},
		{"X", shape},
		{"Sg1", "in placement: Sg is not a piece code of Plattraum "
			"Two-Player"},
		{"Gd", "in placement: the army digit (1 or 2) is missing"},
		{"Gd3", "in placement: the army digit is 1 or 2"},
		{"Gd0", "in placement: the army digit is 1 or 2"},
		{"Gdx", "in placement: the army digit is 1 or 2"},
		{"Gd1Gd2", "in placement: one piece an item, items separated by "
			   "commas"},
		{"Gd12", "in placement: one piece an item, items separated by "
			 "commas"},
	};
	for (size_t i = 0; i < sizeof items / sizeof *items; i++) {
		char text[128], message[160];
		snprintf(text, sizeof text, P_EMPTY_AE "/%s,10/" P_EMPTY_GL " 1",
			 items[i].item);
		snprintf(message, sizeof message, "bad item '%s' %s",
			 items[i].item, items[i].message);
		expect_pfen(p2, text, OB_ERR_BAD_LETTER, 12, message);
	}
	/* the army to move, the clock, the move number */
	static const char *const armies[] = {"3", "0", "w", "12", "-"};
	for (size_t i = 0; i < sizeof armies / sizeof *armies; i++) {
		char text[64];
		snprintf(text, sizeof text, P_KINGS " %s 0 1", armies[i]);
		expect_pfen(p2, text, OB_ERR_BAD_SIDE, 33,
			    "army to move must be 1 or 2");
	}
	expect_pfen(ly, P_KINGS, OB_ERR_MISSING_FIELD, 32,
		    "missing army to move");
	expect_pfen(ly, P_KINGS " 1 0", OB_ERR_MISSING_FIELD, 36,
		    "missing full-move number (the clock and move number go "
		    "together)");
	expect_pfen(ly, P_KINGS " 1 x 1", OB_ERR_BAD_CLOCK, 35,
		    "half-move clock must be a number from 0 to 9999");
	expect_pfen(ly, P_KINGS " 1 0 0", OB_ERR_BAD_MOVE_NUMBER, 37,
		    "full-move number must be a number from 1 to 99999");
	expect_pfen(ly, P_KINGS " 1 0 1 x", OB_ERR_EXTRA_FIELD, 39,
		    "unexpected text after the last field");
	expect_pfen(ly, P_KINGS "  1", OB_ERR_FIELD_SEPARATOR, 33,
		    "fields must be separated by exactly one space");

	/* legality, each condition alone */
	expect_pfen(p2, P_EMPTY_AE "/11/" P_EMPTY_GL " 1",
		    OB_ERR_SOVEREIGN_COUNT, 1,
		    "army 1 has 0 Granddukes, not exactly one; army 2 has 0 "
		    "Granddukes, not exactly one");
	expect_pfen(p2, P_EMPTY_AE "/Gd1,9,Gd2/Gd1,9/9/8/7/6 1",
		    OB_ERR_SOVEREIGN_COUNT, 1,
		    "army 1 has 2 Granddukes, not exactly one");
	/* a step apart: sharing an edge (f1 f2) or a corner (f1 e2) */
	expect_pfen(p2, P_EMPTY_AE "/Gd1,Gd2,9/" P_EMPTY_GL " 1",
		    OB_ERR_SOVEREIGNS_ADJACENT, 1,
		    "the Granddukes on f1 and f2 stand a Grandduke's step "
		    "apart; army 2 is not to move but is in check");
	expect_pfen(p2, "6/7/8/9/1,Gd2,8/Gd1,10/" P_EMPTY_GL " 2",
		    OB_ERR_SOVEREIGNS_ADJACENT, 1,
		    "the Granddukes on f1 and e2 stand a Grandduke's step "
		    "apart; army 1 is not to move but is in check");
	expect_pfen(p2, "6/7/8/9/2,Gd2,7/Gd1,10/" P_EMPTY_GL " 2", OB_OK, 0,
		    "");
	/* army 1's Rook on f10 checks army 2's Grandduke on f11 */
	expect_pfen("plattraum-multiple", P_EMPTY_AE "/Gd1,8,Rk1,Gd2/" P_EMPTY_GL
		    " 1", OB_ERR_OPPONENT_IN_CHECK, 1,
		    "army 2 is not to move but is in check");
	expect_pfen("plattraum-multiple", P_EMPTY_AE "/Gd1,8,Rk1,Gd2/" P_EMPTY_GL
		    " 2", OB_OK, 0, "");
	/* army 2's Forecannon on f9 checks f1 over a screen on f5 */
	expect_pfen(ly, P_EMPTY_AE "/Gd1,3,Cp2,3,Fc2,1,Gd2/" P_EMPTY_GL " 2",
		    OB_ERR_OPPONENT_IN_CHECK, 1,
		    "army 1 is not to move but is in check");
	expect_pfen(ly, P_EMPTY_AE "/Gd1,2,Cp2,Cp1,3,Fc2,1,Gd2/" P_EMPTY_GL
		    " 2", OB_OK, 0, "");
	/* Corporals on their far edges: army 1's e10, army 2's d1 */
	expect_pfen(p2, "6/7/8/Cp2,8/9,Cp1/Gd1,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_PAWN_ON_END_RANK, 1,
		    "army 1 Corporal on e10, its far edge; army 2 Corporal on "
		    "d1, its far edge");
	expect_pfen(p2, "6/7/8/Cp1,8/1,Cp2,8/Gd1,9,Gd2/" P_EMPTY_GL " 1", OB_OK,
		    0, "");
	/* 17 pieces in a 16-piece setup; 25 in Liu Yang's 24 */
	expect_pfen(p2,
		    "Cp1,Cp1,Cp1,Cp1,Cp1,1/Cp1,Cp1,Cp1,Cp1,Cp1,Cp1,1/"
		    "Cp1,Cp1,Cp1,Cp1,Cp1,3/9/10/Gd1,9,Gd2/" P_EMPTY_GL " 1",
		    OB_ERR_TOO_MANY_PIECES, 1,
		    "army 1 has 17 pieces, more than 16");
	expect_pfen(p2,
		    "Cp1,Cp1,Cp1,Cp1,Cp1,1/Cp1,Cp1,Cp1,Cp1,Cp1,Cp1,1/"
		    "Cp1,Cp1,Cp1,Cp1,4/9/10/Gd1,9,Gd2/" P_EMPTY_GL " 1",
		    OB_OK, 0, "");
	/* several at once: all named, in section 9's order */
	expect_pfen(p2,
		    "Cp2,Cp2,Cp2,Cp2,Cp2,Cp1/Cp2,Cp2,Cp2,Cp2,Cp2,Cp2,1/"
		    "Cp2,Cp2,Cp2,Cp2,Cp2,3/9/10/Gd1,Gd2,9/" P_EMPTY_GL " 1",
		    OB_ERR_SOVEREIGNS_ADJACENT, 1,
		    "the Granddukes on f1 and f2 stand a Grandduke's step "
		    "apart; army 2 is not to move but is in check; army 1 "
		    "Corporal on a6, its far edge; army 2 Corporal on a1, its "
		    "far edge; army 2 has 17 pieces, more than 16");
	/* with the Grandduke counts wrong, the conditions that need one
	 * Grandduke each are not judged; the others are */
	expect_pfen(p2, P_EMPTY_AE "/Gd1,9,Cp1/" P_EMPTY_GL " 1",
		    OB_ERR_SOVEREIGN_COUNT, 1,
		    "army 2 has 0 Granddukes, not exactly one; army 1 Corporal "
		    "on f11, its far edge");
}

/* PFEN written canonically: runs merged, never two numbers in a row,
 * an empty file a single number; read back the same. */
static void pfen_canonical(void)
{
	const struct ob_variant *v = ob_variant_find("plattraum-liu-yang");
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"3,3/1,1,1,1,1,1,1/8/9/10/Gd1,4,5,Gd2/5,5/9/8/7/6 2",
		 P_KINGS " 2 0 1"},
		{P_EMPTY_AE "/Gd1,1,1,Cp1,2,3,1,Gd2/10/9/8/7/1,1,Sg2,1,1,1 1 "
			    "07 0012",
		 P_EMPTY_AE "/Gd1,2,Cp1,6,Gd2/10/9/8/7/2,Sg2,3 1 7 12"},
	};
	struct ob_position pos, again;
	char out[OB_OFEN_MAX], twice[OB_OFEN_MAX];
	for (size_t i = 0; v && i < sizeof cases / sizeof *cases; i++) {
		if (!rewrite(v, cases[i].in, strlen(cases[i].in), out, &pos))
			continue;
		CHECK(strcmp(out, cases[i].out) == 0, "'%s' -> '%s'",
		      cases[i].in, out);
		if (rewrite(v, out, strlen(out), twice, &again))
			CHECK(strcmp(out, twice) == 0 &&
				      ob_position_same(&pos, &again),
			      "'%s' again '%s'", out, twice);
	}
}

void test_ofen(void)
{
	pfen_failures();
	pfen_canonical();
	syntax_failures();
	bad_bytes();
	legality_failures();
	several_in_order();
	line_ends_digits_numbers();
	start_positions();
	playouts();
}
