/*
 * The long move form (spec sections 6 and 9):
 *   <piece><from><sep><to>[=<promo>][+|#][glyph]
 * Writing always gives the full, true form; reading checks every part
 * against the position and reports the first fault in the order of
 * section 9.
 */
#include "oblique.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

static char suffix(const struct ob_position *pos, ob_move m)
{
	struct ob_position after = *pos;
	struct ob_undo u;
	ob_make(&after, m, &u);
	if (!ob_in_check(&after))
		return 0;
	return ob_legal_count(&after) == 0 ? '#' : '+';
}

int ob_move_write_plain(const struct ob_position *pos, ob_move m, char *out)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int from = OB_MOVE_FROM(m), to = OB_MOVE_TO(m), promo = OB_MOVE_PROMO(m);
	char *p = out;
	*p++ = v->kinds[OB_PIECE_KIND(pos->board[from])].letter;
	p += strlen(strcpy(p, t->names[from]));
	*p++ = pos->board[to] != OB_EMPTY ? 'x' : '-';
	p += strlen(strcpy(p, t->names[to]));
	if (promo >= 0) {
		*p++ = '=';
		*p++ = v->kinds[promo].letter;
	}
	*p = '\0';
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

/* ---- reading ---- */

struct parsed {
	int kind, from, to, promo; /* promo: kind or -1 */
	char sep, suffix;          /* suffix: 0, '+' or '#' */
	int col_piece, col_from, col_sep, col_to, col_promo, col_suffix;
};

static bool is_glyph(const char *s, size_t n)
{
	static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
	for (size_t i = 0; i < sizeof glyphs / sizeof *glyphs; i++)
		if (strlen(glyphs[i]) == n && memcmp(glyphs[i], s, n) == 0)
			return true;
	return false;
}

/* A cell name at text[*at]; its own reasons when it is not one. */
static enum ob_status parse_cell(const struct ob_variant *v, const char *text,
				 size_t len, size_t *at, int *cell,
				 const char *which, struct ob_error *err)
{
	char buf[8] = {0};
	size_t n = len - *at < 7 ? len - *at : 7;
	memcpy(buf, text + *at, n);
	int used = ob_cell_parse(v, buf, cell);
	if (used == 0)
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, (int)*at + 1,
			       "expected the %s cell", which);
	if (used < 0)
		return ob_fail(err, OB_ERR_MOVE_BAD_CELL, (int)*at + 1,
			       "the %s cell is not a cell of the board", which);
	*at += (size_t)used;
	return OB_OK;
}

static enum ob_status parse(const struct ob_variant *v, const char *text,
			    size_t len, struct parsed *mv, struct ob_error *err)
{
	size_t at = 0;
	enum ob_status st;
	if (len == 0)
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, 1, "empty move");
	char l = text[0];
	mv->col_piece = 1;
	if (!((l >= 'A' && l <= 'Z') || (l >= 'a' && l <= 'z')))
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, 1,
			       "a move starts with a piece letter");
	mv->kind = ob_kind_from_letter(v, l);
	if (mv->kind >= 0 && l >= 'a' && l <= 'z')
		return ob_fail(err, OB_ERR_MOVE_BAD_PIECE, 1,
			       "piece letters in moves are upper case: '%c'",
			       l);
	if (mv->kind < 0)
		return ob_fail(err, OB_ERR_MOVE_BAD_PIECE, 1,
			       "'%c' is not a piece letter", l);
	at = 1;
	mv->col_from = (int)at + 1;
	if ((st = parse_cell(v, text, len, &at, &mv->from, "from", err)))
		return st;
	mv->col_sep = (int)at + 1;
	if (at == len || (text[at] != '-' && text[at] != 'x'))
		return ob_fail(err, OB_ERR_MOVE_NO_SEPARATOR, (int)at + 1,
			       "expected - or x after the from-cell");
	mv->sep = text[at++];
	mv->col_to = (int)at + 1;
	if ((st = parse_cell(v, text, len, &at, &mv->to, "to", err)))
		return st;
	mv->promo = -1;
	mv->col_promo = (int)at + 1;
	if (at < len && text[at] == '=') {
		at++;
		char p = at < len ? text[at] : '\0';
		int kind = ob_kind_from_letter(v, p);
		if (p == '\0' || !strchr(v->pawn->promotion_letters, p) ||
		    kind < 0)
			return ob_fail(err, OB_ERR_MOVE_BAD_PROMOTION_LETTER,
				       (int)at + 1,
				       "a pawn promotes to one of %s",
				       v->pawn->promotion_letters);
		mv->promo = kind;
		at++;
	}
	mv->suffix = 0;
	mv->col_suffix = (int)at + 1;
	if (at < len && (text[at] == '+' || text[at] == '#'))
		mv->suffix = text[at++];
	if (at < len && !is_glyph(text + at, len - at))
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, (int)at + 1,
			       "unexpected text after the move");
	return OB_OK;
}

/* Can the piece on from reach to, ignoring whether it leaves its own
 * Sovereign attacked?  Fills err with the reason when not. */
static enum ob_status check_geometry(const struct ob_position *pos,
				     const struct parsed *mv,
				     struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side, from = mv->from, to = mv->to;
	const char *name = v->kinds[mv->kind].name;
	struct ob_cellset occ = cs_or(pos->by_color[0], pos->by_color[1]);
	struct ob_cellset reach;
	ob_piece target = pos->board[to];

	if (target != OB_EMPTY && OB_PIECE_COLOR(target) == us)
		return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
			       "%s is occupied by a piece of the mover's side",
			       t->names[to]);
	switch (v->kinds[mv->kind].motion) {
	case OB_LEAP:
		reach = t->leap[us][mv->kind][from];
		break;
	case OB_SLIDE:
		if (ob_cellset_has(ob_slider_attacks(t, us, mv->kind, from,
						     cs_empty()),
				   to) &&
		    !ob_cellset_has(ob_slider_attacks(t, us, mv->kind, from, occ),
				    to))
			return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
				       "the %s's way from %s to %s is blocked",
				       name, t->names[from], t->names[to]);
		reach = ob_slider_attacks(t, us, mv->kind, from, occ);
		break;
	case OB_PAWN:
	default:
		if (ob_cellset_has(t->pawn_push[us][from], to)) {
			if (target != OB_EMPTY)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a pawn cannot capture straight "
					       "ahead");
			return OB_OK;
		}
		if (ob_cellset_has(t->pawn_attack[us][from], to)) {
			if (target == OB_EMPTY)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a pawn moves to %s only to "
					       "capture",
					       t->names[to]);
			return OB_OK;
		}
		for (struct ob_cellset p = t->pawn_push[us][from]; cs_any(p);) {
			int mid = cs_pop(&p);
			if (ob_cellset_has(t->pawn_push[us][mid], to) &&
			    !ob_cellset_has(t->pawn_push[us][from], to))
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a pawn cannot move two cells");
		}
		reach = cs_empty();
		break;
	}
	if (!ob_cellset_has(reach, to))
		return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
			       "a %s cannot move from %s to %s", name,
			       t->names[from], t->names[to]);
	return OB_OK;
}

enum ob_status ob_move_read(const struct ob_position *pos, const char *text,
			    size_t len, unsigned flags, ob_move *out,
			    struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	struct parsed mv;
	enum ob_status st = parse(v, text, len, &mv, err);
	if (st != OB_OK)
		return st;

	ob_piece piece = pos->board[mv.from];
	if (piece == OB_EMPTY)
		return ob_fail(err, OB_ERR_MOVE_FROM_EMPTY, mv.col_from,
			       "no piece on %s", t->names[mv.from]);
	if (OB_PIECE_COLOR(piece) != pos->side)
		return ob_fail(err, OB_ERR_MOVE_FROM_OPPONENT, mv.col_from,
			       "the piece on %s belongs to %s, not the side "
			       "to move",
			       t->names[mv.from],
			       pos->side == OB_WHITE ? "Black" : "White");
	if (OB_PIECE_KIND(piece) != mv.kind)
		return ob_fail(err, OB_ERR_MOVE_WRONG_PIECE, mv.col_piece,
			       "the piece on %s is a %s, not a %s",
			       t->names[mv.from],
			       v->kinds[OB_PIECE_KIND(piece)].name,
			       v->kinds[mv.kind].name);
	if ((st = check_geometry(pos, &mv, err)))
		return st;

	bool must_promote = mv.kind == v->pawn_kind &&
			    ob_cellset_has(t->promotion[pos->side], mv.to);
	if (must_promote && mv.promo < 0)
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_MISSING, mv.col_promo,
			       "a pawn reaching %s must promote (=%s)",
			       t->names[mv.to], v->pawn->promotion_letters);
	if (!must_promote && mv.promo >= 0)
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
			       mv.col_promo, "no promotion on this move");

	bool capture = pos->board[mv.to] != OB_EMPTY;
	ob_move m = OB_MOVE_MAKE(mv.from, mv.to, mv.promo + 1, capture);
	if (!ob_is_legal(pos, m))
		return ob_fail(err, OB_ERR_MOVE_LEAVES_IN_CHECK, mv.col_piece,
			       "the move leaves the own %s attacked",
			       v->kinds[v->royal_kind].name);
	if (mv.sep == 'x' && !capture)
		return ob_fail(err, OB_ERR_MOVE_FALSE_CAPTURE, mv.col_sep,
			       "x but %s is empty", t->names[mv.to]);
	if (mv.sep == '-' && capture)
		return ob_fail(err, OB_ERR_MOVE_MISSING_CAPTURE, mv.col_sep,
			       "the move captures on %s: write x",
			       t->names[mv.to]);
	char truth = suffix(pos, m);
	if (mv.suffix == '+' && truth == '#')
		return ob_fail(err, OB_ERR_MOVE_CHECK_IS_MATE, mv.col_suffix,
			       "+ on a checkmate: write #");
	if (mv.suffix == '+' && truth != '+')
		return ob_fail(err, OB_ERR_MOVE_FALSE_CHECK, mv.col_suffix,
			       "+ but the move gives no check");
	if (mv.suffix == '#' && truth != '#')
		return ob_fail(err, OB_ERR_MOVE_FALSE_MATE, mv.col_suffix,
			       truth == '+' ? "# but the move is only check"
					    : "# but the move does not mate");
	if ((flags & OB_READ_STRICT) && truth && mv.suffix != truth)
		return ob_fail(err, OB_ERR_MOVE_SUFFIX_MISSING, mv.col_suffix,
			       "missing %c", truth);
	*out = m;
	return OB_OK;
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
