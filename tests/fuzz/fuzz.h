/* Shared by the fuzz harnesses. */
#ifndef OB_FUZZ_H
#define OB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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

#endif
