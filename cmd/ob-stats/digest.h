/*
 * The digest of the games an input holds, which a partial state carries
 * for each input it counts so that a merge can tell when two states count
 * the same games (ob-stats-partial(5)).
 */
#ifndef OB_STATS_DIGEST_H
#define OB_STATS_DIGEST_H

#include <stdbool.h>
#include <stdint.h>

#include "oblique.h"

/* The digest as written: 32 lower-case hexadecimal digits. */
#define DIGEST_HEX 32

/*
 * Two 64-bit lanes, each the sum (modulo 2^64) of a hash of every game's
 * content: its tags, its movetext's tokens and its termination, not its
 * layout or where it was read.  A sum does not depend on the order of
 * the games, so the games can be digested on any thread.  It tells
 * inputs apart; it does not authenticate them.  {0}: no games.
 */
struct digest {
	uint64_t lane[2];
	uint64_t games;
};

/* Adds a game read (valid or not) to d. */
void digest_game(struct digest *d, const struct ob_game *g);
/* Adds the games of from to to. */
void digest_add(struct digest *to, const struct digest *from);
/* Writes d's lanes as DIGEST_HEX digits and a NUL. */
void digest_hex(const struct digest *d, char hex[DIGEST_HEX + 1]);
/* Is s DIGEST_HEX lower-case hexadecimal digits, and nothing more? */
bool digest_hex_valid(const char *s);

#endif
