/* Digests of the games of an input; see digest.h. */
#include "digest.h"

#include <stdio.h>
#include <string.h>

/* One game's hash, lane by lane: FNV-1a in the first, a multiplicative
 * hash in the second, each byte of the content fed to both. */
struct hashing {
	uint64_t lane[2];
};

static void feed(struct hashing *h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) {
		h->lane[0] = (h->lane[0] ^ p[i]) * 0x100000001b3u;
		h->lane[1] = (h->lane[1] + p[i] + 1) * 0x9e3779b97f4a7c15u;
		h->lane[1] ^= h->lane[1] >> 29;
	}
}

/* A string with its NUL, so that two strings never read as one. */
static void feed_string(struct hashing *h, const char *s)
{
	feed(h, s, strlen(s) + 1);
}

static void feed_byte(struct hashing *h, unsigned char c)
{
	feed(h, &c, 1);
}

/* MurmurHash3's finaliser: every bit of x moves every bit of the result,
 * so that the sums of games' hashes do not cancel out. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdu;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53u;
	x ^= x >> 33;
	return x;
}

/* The bytes of a game's content are those of ob-stats-partial(5): a
 * change here changes every digest and needs a new format version. */
void digest_game(struct digest *d, const struct ob_game *g)
{
	static const char token_code[] = {
		[OB_TOKEN_MOVE] = '0', [OB_TOKEN_COMMENT] = '1',
		[OB_TOKEN_NAG] = '2',  [OB_TOKEN_OPEN] = '3',
		[OB_TOKEN_CLOSE] = '4'};
	struct hashing h = {{0xcbf29ce484222325u, 0x6a09e667f3bcc908u}};
	for (int i = 0; i < g->ntags; i++) {
		feed_byte(&h, 'T');
		feed_string(&h, g->text + g->tags[i].name);
		feed_string(&h, g->text + g->tags[i].value);
	}
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		feed_byte(&h, (unsigned char)token_code[t->type]);
		if (t->type == OB_TOKEN_MOVE || t->type == OB_TOKEN_COMMENT)
			feed_string(&h, g->text + t->text);
		else if (t->type == OB_TOKEN_NAG)
			feed_byte(&h, (unsigned char)t->nag);
	}
	feed_byte(&h, g->broken ? 'B' : 'E');
	feed_string(&h, g->termination);
	for (int l = 0; l < 2; l++)
		d->lane[l] += mix(h.lane[l]);
	d->games++;
}

void digest_add(struct digest *to, const struct digest *from)
{
	for (int l = 0; l < 2; l++)
		to->lane[l] += from->lane[l];
	to->games += from->games;
}

void digest_hex(const struct digest *d, char hex[DIGEST_HEX + 1])
{
	snprintf(hex, DIGEST_HEX + 1, "%016llx%016llx",
		 (unsigned long long)d->lane[0],
		 (unsigned long long)d->lane[1]);
}

bool digest_hex_valid(const char *s)
{
	size_t n = 0;
	while ((s[n] >= '0' && s[n] <= '9') || (s[n] >= 'a' && s[n] <= 'f'))
		n++;
	return n == DIGEST_HEX && !s[n];
}
