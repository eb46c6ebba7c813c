/*
 * Fuzzes the position reader: OFEN, DFEN and PFEN (every variant reads
 * every input).  Invariant: whatever reads as a valid position writes out
 * canonically (PFEN: never two runs of empty cells in a row) and reads
 * back as the same position, writing the same text again; nothing crashes
 * on any input.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "oblique.h"

/* Does a PFEN placement have two runs of empty cells in a row ("3,2")? */
static bool two_runs(const char *text, size_t len)
{
	bool run = false; /* the item before was a run */
	for (size_t i = 0; i < len && text[i] != ' ';) {
		size_t e = i;
		while (e < len && text[e] != ',' && text[e] != '/' &&
		       text[e] != ' ')
			e++;
		bool number = e > i && text[i] >= '0' && text[i] <= '9';
		if (number && run)
			return true;
		run = number && e < len && text[e] == ',';
		i = e < len && text[e] != ' ' ? e + 1 : e;
	}
	return false;
}

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
			char twice[OB_OFEN_MAX];
			FUZZ_ASSERT(ob_ofen_write(&again, twice) == n &&
				    memcmp(out, twice, (size_t)n) == 0);
			if (ob_variant_has_codes(all[i]))
				FUZZ_ASSERT(!two_runs(out, (size_t)n));
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
