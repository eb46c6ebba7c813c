/*
 * Fuzzes the OFEN reader.  Invariant: whatever reads as a valid position
 * writes out canonically and reads back as the same position, in every
 * variant; nothing crashes on any input.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "oblique.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		struct ob_position pos, again;
		struct ob_error err;
		size_t end;
		if (ob_ofen_read(&pos, all[i], (const char *)data, size, NULL,
				 &err) == OB_OK) {
			char out[OB_OFEN_MAX];
			int n = ob_ofen_write(&pos, out);
			FUZZ_ASSERT(n > 0 && n < OB_OFEN_MAX);
			FUZZ_ASSERT(ob_ofen_read(&again, all[i], out, (size_t)n,
						 NULL, &err) == OB_OK);
			FUZZ_ASSERT(ob_position_same(&pos, &again));
			FUZZ_ASSERT(pos.halfmove_clock == again.halfmove_clock);
			FUZZ_ASSERT(pos.fullmove_number ==
				    again.fullmove_number);
			FUZZ_ASSERT(pos.key == ob_position_compute_key(&pos));
			ob_legal_count(&pos);
		} else {
			FUZZ_ASSERT(err.status != OB_OK);
			FUZZ_ASSERT(err.column >= 1);
			FUZZ_ASSERT(strlen(err.message) > 0);
		}
		/* The suffix form used by perft suites must not crash. */
		(void)ob_ofen_read(&pos, all[i], (const char *)data, size, &end,
				   &err);
	}
	return 0;
}
