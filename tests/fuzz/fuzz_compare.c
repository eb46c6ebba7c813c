/*
 * Fuzzes the reader of the other generator's divide (ob-perft --compare,
 * cmd/ob-perft/their_divide.c): arbitrary engine output.  The first byte
 * picks a position from the table below (byte % its size); the rest is
 * the output.  Invariants: nothing crashes, hangs or leaks; a refused
 * output has one reason, a line of text that names an output line within
 * the output (or the total, or the number of lines) and, written as a
 * diagnostic is, holds no control byte; an accepted one has at most
 * THEIR_MOVES_MAX moves on increasing lines, each resolved move legal,
 * and a total that is the sum of its counts without wrapping.
 * tests/fuzz/seed.sh writes seeds by these indices.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "oblique.h"
#include "playout.h"
#include "ob-perft/their_divide.h"
#include "util.h"

/* Positions by variant name: the start, or a seeded random playout of
 * that many plies from it. */
static const struct {
	const char *variant;
	int plies;
} table[] = {
	/* 0-6: the start positions */
	{"oblique", 0},
	{"raumschach", 0},
	{"diagonal-oblong", 0},
	{"plattraum-2p", 0},
	{"plattraum-multiple", 0},
	{"plattraum-knighted", 0},
	{"plattraum-liu-yang", 0},
	/* 7-: random playouts */
	{"oblique", 21},
	{"diagonal-oblong", 17},
	{"plattraum-liu-yang", 30},
	{"plattraum", 12},
};
#define POSITIONS (int)(sizeof table / sizeof *table)

static struct ob_position positions[POSITIONS];
static int ready;

static void prepare(void)
{
	struct ob_rng rng;
	ob_rng_seed(&rng, 42);
	for (int i = 0; i < POSITIONS; i++) {
		struct ob_position *pos = &positions[i];
		const struct ob_variant *v = ob_variant_find(table[i].variant);
		FUZZ_ASSERT(v != NULL);
		ob_position_start(pos, v);
		fuzz_playout(pos, table[i].plies, &rng);
	}
	util_progname = "ob-perft";
	ready = 1;
}

/* The lines of text[0..len) as the reader counts them. */
static long count_lines(const char *text, size_t len)
{
	long n = 0;
	for (size_t at = 0; at < len; n++) {
		const char *nl = memchr(text + at, '\n', len - at);
		at = nl ? (size_t)(nl - text) + 1 : len;
	}
	return n;
}

/* A refusal's reason: one line, naming what it should, and safe on a
 * terminal once escaped as every diagnostic is. */
static void check_refusal(const char *why, size_t whylen, long lines)
{
	size_t n = strnlen(why, whylen);
	FUZZ_ASSERT(n > 0 && n < whylen);
	long line;
	if (sscanf(why, "output line %ld", &line) == 1)
		FUZZ_ASSERT(line >= 1 && line <= lines);
	else if (sscanf(why, "no total after the moves (%ld output lines)",
			&line) == 1)
		FUZZ_ASSERT(line == lines);
	else
		FUZZ_ASSERT(strncmp(why, "the total ", 10) == 0 ||
			    strcmp(why, "out of memory") == 0);
	char *shown = NULL;
	size_t shown_len = 0;
	FILE *f = open_memstream(&shown, &shown_len);
	FUZZ_ASSERT(f != NULL);
	util_put_escaped(f, why, false);
	FUZZ_ASSERT(fclose(f) == 0);
	for (size_t i = 0; i < shown_len; i++) {
		unsigned char c = (unsigned char)shown[i];
		FUZZ_ASSERT((c >= 0x20 || c == '\t') && c != 0x7f);
		/* no C1 control (U+0080 to U+009F) */
		FUZZ_ASSERT(!(c == 0xc2 && i + 1 < shown_len &&
			      (unsigned char)shown[i + 1] < 0xa0));
	}
	free(shown);
}

static void check_divide(const struct ob_position *pos,
			 const struct their_divide *d, long lines)
{
	ob_move legal[OB_MAX_MOVES];
	int nlegal = ob_legal_moves(pos, legal);
	uint64_t sum = 0;
	long last = 0;
	FUZZ_ASSERT(d->n >= 0 && d->n <= THEIR_MOVES_MAX);
	for (int j = 0; j < d->n; j++) {
		const struct their_move *m = &d->moves[j];
		FUZZ_ASSERT(m->line > last && m->line <= lines);
		last = m->line;
		FUZZ_ASSERT(memchr(m->text, '\0', sizeof m->text) != NULL);
		FUZZ_ASSERT(m->text[0] != '\0');
		FUZZ_ASSERT(sum <= UINT64_MAX - m->count);
		sum += m->count;
		if (m->move == OB_MOVE_NONE) {
			FUZZ_ASSERT(m->reason[0] != '\0');
			continue;
		}
		FUZZ_ASSERT(m->readable);
		int i = 0;
		while (i < nlegal && legal[i] != m->move)
			i++;
		FUZZ_ASSERT(i < nlegal);
	}
	FUZZ_ASSERT(sum == d->total);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!ready)
		prepare();
	if (size < 1)
		return 0;
	const struct ob_position *pos = &positions[data[0] % POSITIONS];
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	long lines = count_lines(text, len);
	struct their_divide d = {0};
	char why[512];
	why[0] = '\0';
	if (their_divide_read(text, len, pos, &d, why, sizeof why))
		check_divide(pos, &d, lines);
	else
		check_refusal(why, sizeof why, lines);
	their_divide_free(&d);
	return 0;
}
