/*
 * The long move form written (spec sections 6 and 9): always the full,
 * true form, with its check or mate suffix; and move lists sorted by it.
 * Also UCI's form, for chess programs.
 */
#include "oblique.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The suffix a move by army `mover` must carry, from the position after
 * it (settled).  Three armies (spec section 10): '#' when the mover is the
 * last army left, '+' when it attacks another army's Grandduke. */
char ob_suffix_after(const struct ob_position *after, int mover)
{
	if (after->variant->tables->narmies > 2) {
		if (ob_next_army(after, mover) == mover)
			return cs_any(after->by_color[mover]) ? '#' : 0;
		for (int a = 0; a < after->variant->tables->narmies; a++)
			if (a != mover && after->royal_cell[a] >= 0 &&
			    ob_attacked(after, after->royal_cell[a], mover))
				return '+';
		return 0;
	}
	if (!ob_in_check(after))
		return 0;
	return ob_has_legal_move(after) ? '+' : '#';
}

static char suffix(const struct ob_position *pos, ob_move m)
{
	if (ob_far_corner_win(pos, m))
		return '#';
	struct ob_position after = *pos;
	struct ob_undo u;
	ob_make(&after, m, &u);
	return ob_suffix_after(&after, pos->side);
}

/* Copies src to dst and returns the end of dst (stpcpy is POSIX, not C11). */
static char *stpcpy_(char *dst, const char *src)
{
	size_t n = strlen(src);
	memcpy(dst, src, n + 1);
	return dst + n;
}

int ob_move_write_plain(const struct ob_position *pos, ob_move m, char *out)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m), promo = OB_MOVE_PROMO(m);
	char *p = out;
	const struct ob_pair_rule *pair = NULL;
	if (OB_MOVE_SPECIAL(m) == OB_PAIRED) {
		pair = &v->pairs[OB_MOVE_PAIR(m)];
		if (pair->type == OB_CASTLING && !pair->written_as_move)
			return (int)(stpcpy_(out, pair->word) - out);
	}
	p = stpcpy_(p, t->codes[OB_PIECE_KIND(pos->board[from])]);
	p = stpcpy_(p, t->names[from]);
	*p++ = OB_MOVE_IS_CAPTURE(m) ? 'x' : '-';
	p = stpcpy_(p, t->names[to]);
	if (promo >= 0) {
		*p++ = '=';
		p = stpcpy_(p, t->codes[promo]);
	}
	if (pair && pair->type == OB_SWAP) {
		*p++ = '&';
		p = stpcpy_(p, t->codes[OB_PIECE_KIND(pos->board[to])]);
		p = stpcpy_(p, t->names[to]);
		*p++ = '-';
		p = stpcpy_(p, t->names[from]);
	} else if (pair && pair->type == OB_GUARDING) {
		const int rule = OB_MOVE_PAIR(m), us = pos->side;
		*p++ = '&';
		p = stpcpy_(p, t->codes[pair->partner_kind]);
		p = stpcpy_(p, t->names[t->pair[us][rule].partner]);
		*p++ = '-';
		p = stpcpy_(p, t->names[t->pair[us][rule].partner_to]);
	}
	*p = '\0';
	return (int)(p - out);
}

int ob_move_write_uci(const struct ob_position *pos, ob_move m, char *out)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int promo = OB_MOVE_PROMO(m);
	char *p = out;
	*p = '\0';
	if (!v->uci_moves)
		return 0;
	p = stpcpy_(p, t->names[OB_MOVE_FROM(m)]);
	p = stpcpy_(p, t->names[OB_MOVE_TO(m)]);
	if (promo >= 0) {
		*p++ = (char)tolower((unsigned char)v->kinds[promo].letter);
		*p = '\0';
	}
	return (int)(p - out);
}

int ob_move_write(const struct ob_position *pos, ob_move m, char *out)
{
	int n = ob_move_write_plain(pos, m, out);
	char s = suffix(pos, m);
	if (s) {
		out[n++] = s;
		out[n] = '\0';
	}
	return n;
}

/* ---- sorting ---- */

struct keyed {
	char text[OB_MOVE_TEXT_MAX];
	ob_move move;
};

static int by_text(const void *a, const void *b)
{
	return strcmp(((const struct keyed *)a)->text,
		      ((const struct keyed *)b)->text);
}

void ob_moves_sort(const struct ob_position *pos, ob_move *moves, int n)
{
	struct keyed k[OB_MAX_MOVES];
	if (n > OB_MAX_MOVES)
		n = OB_MAX_MOVES;
	for (int i = 0; i < n; i++) {
		ob_move_write(pos, moves[i], k[i].text);
		k[i].move = moves[i];
	}
	qsort(k, (size_t)n, sizeof *k, by_text);
	for (int i = 0; i < n; i++)
		moves[i] = k[i].move;
}
