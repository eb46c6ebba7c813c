/* Shared by the fuzz harnesses. */
#ifndef OB_FUZZ_H
#define OB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "oblique.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant that must hold; abort() so that the fuzzer keeps the input. */
#define FUZZ_ASSERT(cond)                                                     \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "%s:%d: invariant failed: %s\n",      \
				__FILE__, __LINE__, #cond);                   \
			abort();                                              \
		}                                                             \
	} while (0)

/* Every problem the reader or the replay recorded names a place and a
 * reason. */
static inline void fuzz_check_errors(const struct ob_game *g)
{
	for (int i = 0; i < g->nerrors; i++) {
		FUZZ_ASSERT(g->errors[i].line >= 1);
		FUZZ_ASSERT(g->errors[i].column >= 1);
		FUZZ_ASSERT(g->errors[i].reason[0] != '\0');
	}
}

#endif
