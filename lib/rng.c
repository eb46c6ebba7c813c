/* SplitMix64: small, fast, and the same sequence on every machine. */
#include "oblique.h"

void ob_rng_seed(struct ob_rng *rng, uint64_t seed)
{
	rng->state = seed;
}

uint64_t ob_rng_next(struct ob_rng *rng)
{
	uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t ob_rng_below(struct ob_rng *rng, uint64_t n)
{
	/* Rejection sampling keeps the draw exactly uniform. */
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;
	do
		x = ob_rng_next(rng);
	while (x >= limit);
	return x % n;
}
