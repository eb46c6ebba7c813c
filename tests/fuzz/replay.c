/*
 * Runs a fuzz harness on the files named on the command line, without
 * libFuzzer: the regression cases kept under tests/fuzz/regress/ run in
 * every `make test`, with any compiler.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int main(int argc, char **argv)
{
	int ran = 0;
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			perror(argv[i]);
			return 2;
		}
		static uint8_t buf[1 << 22];
		size_t n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n);
		ran++;
	}
	printf("%d inputs replayed\n", ran);
	return 0;
}
