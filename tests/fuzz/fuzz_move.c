/*
 * Fuzzes the long-move reader.  The first byte picks a position from the
 * table below (byte % its size): each variant's start position, positions
 * made for Plattraum's special rules (promotion limits, cannons, the
 * Grandduke swap, far-corner wins), chess's castlings, en passant and
 * promotions, and random playouts; the rest is the
 * move text.  Invariants: an accepted move is legal, and writing it and
 * reading it back gives the same move; a refused one has a reason and a
 * column within the text.  tests/fuzz/seed.sh writes seeds by these
 * indices.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "oblique.h"
#include "playout.h"

/* Positions by variant name: the start (pfen NULL, plies 0), a PFEN, or
 * a seeded random playout of that many plies from the start. */
static const struct {
	const char *variant, *pfen;
	int plies;
} table[] = {
	/* 0-6: the start positions */
	{"oblique", NULL, 0},
	{"raumschach", NULL, 0},
	{"diagonal-oblong", NULL, 0},
	{"plattraum-2p", NULL, 0},
	{"plattraum-multiple", NULL, 0},
	{"plattraum-knighted", NULL, 0},
	{"plattraum-liu-yang", NULL, 0},
	/* 7: Liu Yang, army 1 has its two Slings; Cp e9 by its far edge */
	{"plattraum-liu-yang",
	 "5,Gd2/7/8/8,Cp2/Sg1,7,Cp1,1/Gd1,10/Sg1,9/9/8/7/6 1 0 1", 0},
	/* 8: Liu Yang, no kind left to promote to */
	{"plattraum-liu-yang",
	 "6/7/Fr1,7/Fc1,Sn1,6,Cp2/Sg1,Un1,Hr1,5,Cp1,1/Gd1,Hc1,Hc1,8/"
	 "Sg1,Un1,Hr1,6,Gd2/Fc1,Sn1,7/Fr1,7/7/6 1 0 1",
	 0},
	/* 9: Liu Yang cannons with screens, and one without */
	{"plattraum-liu-yang",
	 "5,Gd2/7/8/Fc1,1,Cp1,1,Cp2,1,Cp2,2/10/Gd1,7,Hc1,2/10/Sg1,8/8/"
	 "2,Cp2,4/6 1 0 1",
	 0},
	/* 10: Liu Yang, an enemy cannon aiming over two screens */
	{"plattraum-liu-yang",
	 "5,Gd2/7/8/9/3,Un1,6/Gd1,1,Cp1,1,Un1,3,Fc2,2/10/9/8/7/6 1 0 1", 0},
	/* 11: Liu Yang swap partners of every sort */
	{"plattraum-liu-yang",
	 "5,Gd2/7/8/9/Un1,9/Gd1,Sn1,9/Cp1,9/9/8/7/6 1 0 1", 0},
	/* 12: Liu Yang, the Grandduke in check through a screen */
	{"plattraum-liu-yang",
	 "5,Gd2/7/8/9/Sg1,9/Gd1,3,Cp1,3,Fc2,2/10/9/8/7/6 1 0 1", 0},
	/* 13: two players, a far-corner win in one */
	{"plattraum-2p",
	 "5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,Un1,6,Cp1,1/Gd1,Hr1,8/"
	 "Fr1,8/Sn1,7/7/5,Cp2 1 0 1",
	 0},
	/* 14: the same arrival without the whole setup */
	{"plattraum-2p",
	 "5,Gd2/7/Sn1,7/Fr1,8/Ds1,Hr1,8/Un1,Un1,7,Cp1,1/Gd1,Hr1,8/Fr1,8/"
	 "Sn1,7/7/5,Cp2 1 0 1",
	 0},
	/* 15: army 2's far-corner win */
	{"plattraum-2p",
	 "Gd1,5/7/7,Sn2/8,Fr2/8,Hr2,Ds2/1,Cp2,6,Un2,Un2,Un2/8,Hr2,Gd2/"
	 "8,Fr2/7,Sn2/7/6 2 0 1",
	 0},
	/* 16-: random playouts */
	{"oblique", NULL, 37},
	{"raumschach", NULL, 51},
	{"diagonal-oblong", NULL, 29},
	{"plattraum-2p", NULL, 44},
	{"plattraum-multiple", NULL, 63},
	{"plattraum-knighted", NULL, 85},
	{"plattraum-liu-yang", NULL, 40},
	{"plattraum-liu-yang", NULL, 110},
	{"oblique", NULL, 120},
	{"diagonal-oblong", NULL, 90},
	{"plattraum-2p", NULL, 140},
	/* 27-: chess: the start, both castlings open, an en passant capture,
	 * promotions with and without capture; random playouts */
	{"chess", NULL, 0},
	{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 0},
	{"chess", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", 0},
	{"chess", "1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 w - - 0 1", 0},
	{"chess", NULL, 35},
	{"chess", NULL, 90},
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
		struct ob_error err;
		if (!v)
			v = ob_variant_default();
		ob_position_start(pos, v);
		if (table[i].pfen &&
		    ob_ofen_read(pos, v, table[i].pfen, strlen(table[i].pfen),
				 NULL, &err) != OB_OK) {
			fprintf(stderr, "%s: %s\n", table[i].pfen, err.message);
			abort();
		}
		fuzz_playout(pos, table[i].plies, &rng);
	}
	ready = 1;
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
	for (unsigned flags = 0; flags <= OB_READ_STRICT; flags++) {
		ob_move m;
		struct ob_error err;
		if (ob_move_read(pos, text, len, flags, &m, &err) == OB_OK) {
			char out[OB_MOVE_TEXT_MAX];
			ob_move back;
			FUZZ_ASSERT(ob_is_legal(pos, m));
			int n = ob_move_write(pos, m, out);
			FUZZ_ASSERT(n > 0 && n < OB_MOVE_TEXT_MAX);
			FUZZ_ASSERT(ob_move_read(pos, out, (size_t)n,
						 OB_READ_STRICT, &back,
						 &err) == OB_OK);
			FUZZ_ASSERT(back == m);
		} else {
			FUZZ_ASSERT(err.status != OB_OK);
			FUZZ_ASSERT(err.column >= 1 &&
				    (size_t)err.column <= len + 1);
			FUZZ_ASSERT(strlen(err.message) > 0);
		}
	}
	return 0;
}
