/*
 * Fuzzes the long-move reader.  The first byte picks a position (the start
 * position or one of a few random playouts, in every variant); the rest is
 * the move text.  Invariants: an accepted move is legal, and writing it and
 * reading it back gives the same move; a refused one has a reason.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "oblique.h"

#define POSITIONS 16

static struct ob_position positions[POSITIONS];
static int ready;

static void prepare(void)
{
	const struct ob_variant *const *all = ob_variants();
	int nvariants = 0;
	while (all[nvariants])
		nvariants++;
	struct ob_rng rng;
	ob_rng_seed(&rng, 42);
	for (int i = 0; i < POSITIONS; i++) {
		struct ob_position *pos = &positions[i];
		ob_position_start(pos, all[i % nvariants]);
		int plies = i < nvariants ? 0 : (int)ob_rng_below(&rng, 120);
		for (int p = 0; p < plies; p++) {
			ob_move moves[OB_MAX_MOVES];
			int n = ob_legal_moves(pos, moves);
			if (n == 0)
				break;
			struct ob_undo u;
			ob_make(pos, moves[ob_rng_below(&rng, (uint64_t)n)], &u);
		}
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
			FUZZ_ASSERT(ob_move_read(pos, out, (size_t)n,
						 OB_READ_STRICT, &back,
						 &err) == OB_OK);
			FUZZ_ASSERT(back == m);
		} else {
			FUZZ_ASSERT(err.column >= 1 &&
				    (size_t)err.column <= len + 1);
			FUZZ_ASSERT(strlen(err.message) > 0);
		}
	}
	return 0;
}
