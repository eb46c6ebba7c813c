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

/* Reads len bytes of text and checks status, column and message. */
static void expect_len(const char *text, size_t len, enum ob_status status,
		       int column, const char *message)
{
	const struct ob_variant *v = ob_variant_default();
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
static bool mirror_twice(const struct ob_position *pos)
{
	struct ob_position once, twice;
	ob_position_mirror(pos, &once);
	ob_position_mirror(&once, &twice);
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

void test_ofen(void)
{
	syntax_failures();
	bad_bytes();
	legality_failures();
	several_in_order();
	line_ends_digits_numbers();
	start_positions();
	playouts();
}
