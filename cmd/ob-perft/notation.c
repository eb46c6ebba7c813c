/* The move forms --compare reads; see notation.h. */
#include "notation.h"

#include <stdio.h>
#include <string.h>

/* The cell at text[*at] (text NUL-terminated); false if none. */
static bool cell_at(const struct ob_variant *v, const char *text, size_t *at,
		    int *cell)
{
	int used = ob_cell_parse(v, text + *at, cell);
	if (used <= 0)
		return false;
	*at += (size_t)used;
	return true;
}

/* A pair rule's cell (White's name) for the side to move. */
static int pair_cell(const struct ob_position *pos, const char *name)
{
	int cell = -1;
	if (!name || ob_cell_parse(pos->variant, name, &cell) <= 0)
		return -1;
	return pos->side == OB_WHITE ? cell
				     : ob_cell_reflect(pos->variant, cell);
}

/* The castling of the side to move that is from-to (and the partner's
 * pfrom-pto, when pfrom >= 0), or NULL. */
static const struct ob_pair_rule *castling_of(const struct ob_position *pos,
					      int from, int to, int pfrom,
					      int pto)
{
	const struct ob_variant *v = pos->variant;
	for (int i = 0; i < v->npairs; i++) {
		const struct ob_pair_rule *r = &v->pairs[i];
		if (r->type != OB_CASTLING || from != pair_cell(pos, r->mover_cell) ||
		    to != pair_cell(pos, r->mover_to) ||
		    pos->board[from] != OB_PIECE(pos->side, r->mover_kind))
			continue;
		if (pfrom < 0 || (pfrom == pair_cell(pos, r->partner_cell) &&
				  pto == pair_cell(pos, r->partner_to)))
			return r;
	}
	return NULL;
}

/* The letter (or code) of the piece on cell, or the first kind's when it
 * is empty (so that the move reader names the empty cell). */
static const char *code_on(const struct ob_position *pos, int cell)
{
	ob_piece p = pos->board[cell];
	return ob_kind_code(pos->variant, p == OB_EMPTY ? 0 : OB_PIECE_KIND(p));
}

/*
 * The cells-only form, FROM[-|x]TO[=P][&PFROM[-]PTO][+|#], written again
 * in long form in out: the piece letters (or codes) from the board, the
 * separator from the to-cell.  P is a letter, or a code on the boards
 * with codes.  False when text is not of that form.
 */
static bool cells_to_long(const struct ob_position *pos, const char *text,
			  char *out, size_t outlen)
{
	const struct ob_variant *v = pos->variant;
	int from, to, pfrom = -1, pto = -1;
	size_t at = 0;
	char promo[4] = "", suffix[2] = "";
	if (!cell_at(v, text, &at, &from))
		return false;
	if (text[at] == '-' || text[at] == 'x')
		at++;
	if (!cell_at(v, text, &at, &to))
		return false;
	if (text[at] == '=' && text[at + 1] != '\0') {
		/* A code's two letters when they name a kind, else one
		 * character for the move reader to refuse. */
		int used = 1;
		if (ob_kind_parse(v, text + at + 1, &used) < 0 || used < 1 ||
		    used > 2)
			used = 1;
		promo[0] = '=';
		memcpy(promo + 1, text + at + 1, (size_t)used);
		promo[used + 1] = '\0';
		at += 1 + (size_t)used;
	}
	if (text[at] == '&') {
		at++;
		if (!cell_at(v, text, &at, &pfrom))
			return false;
		if (text[at] == '-')
			at++;
		if (!cell_at(v, text, &at, &pto))
			return false;
	}
	if (text[at] == '+' || text[at] == '#')
		suffix[0] = text[at++];
	if (text[at] != '\0')
		return false;
	/* Its word: chess has two castlings, O-O and O-O-O. */
	const struct ob_pair_rule *castling = castling_of(pos, from, to, pfrom,
							  pto);
	if (castling) {
		snprintf(out, outlen, "%s%s", castling->word, suffix);
		return true;
	}
	char a[8], b[8], pair[32] = "";
	ob_piece target = pos->board[to];
	bool pawn = pos->board[from] != OB_EMPTY &&
		    OB_PIECE_KIND(pos->board[from]) == v->pawn_kind;
	bool capture = (target != OB_EMPTY &&
			OB_PIECE_COLOR(target) != pos->side) ||
		       (pawn && to == pos->ep_cell);
	if (pfrom >= 0) {
		char c[8], d[8];
		ob_cell_name(v, pfrom, c);
		ob_cell_name(v, pto, d);
		snprintf(pair, sizeof pair, "&%s%s-%s", code_on(pos, pfrom), c,
			 d);
	}
	ob_cell_name(v, from, a);
	ob_cell_name(v, to, b);
	snprintf(out, outlen, "%s%s%c%s%s%s%s", code_on(pos, from), a,
		 capture ? 'x' : '-', b, promo, pair, suffix);
	return true;
}

enum ob_status notation_read(const struct ob_position *pos, const char *text,
			     size_t len, ob_move *m, struct ob_error *err)
{
	char given[64], long_form[64];
	if (len >= sizeof given)
		len = sizeof given - 1;
	memcpy(given, text, len);
	given[len] = '\0';
	if (cells_to_long(pos, given, long_form, sizeof long_form))
		return ob_move_read(pos, long_form, strlen(long_form), 0, m,
				    err);
	return ob_move_read(pos, text, len, 0, m, err);
}
