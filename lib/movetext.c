/*
 * The long move form read (spec sections 6 and 9):
 *   <piece><from><sep><to>[=<promo>][+|#][glyph]
 * and, where a board allows them, castling words and UCI's form.  Reading
 * checks every part against the position and reports the first fault in
 * the order of section 9.  Writing is in movewrite.c.
 */
#include "oblique.h"

#include <stdio.h>
#include <string.h>

#include "internal.h"

struct parsed {
	int kind, from, to, promo; /* promo: kind or -1 */
	/* A promotion to a kind of the board that this variant lacks (=Ds
	 * in Liu Yang): its name; a promotion fault, not a syntax one. */
	const char *promo_foreign;
	char sep, suffix;          /* suffix: 0, '+' or '#' */
	int col_piece, col_from, col_sep, col_to, col_promo, col_suffix;
	bool castling;             /* O-O, O-O-O: the word */
	size_t word_len;           /* its length */
	bool uci;                  /* e2e4, e7e8q: no piece, no separator */
	bool paired;               /* &<piece><from>-<to> given */
	int partner_kind, partner_from, partner_to, col_pair;
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
			       "expected the %s-cell", which);
	if (used < 0)
		return ob_fail(err, OB_ERR_MOVE_BAD_CELL, (int)*at + 1,
			       "the %s-cell is not a cell of the board", which);
	*at += (size_t)used;
	return OB_OK;
}

/* A piece code at text[at] (upper case, then lower case). */
static enum ob_status parse_code(const struct ob_variant *v, const char *text,
				 size_t len, size_t at, int *kind, int *used,
				 struct ob_error *err)
{
	char code[3] = {at < len ? text[at] : '\0',
			at + 1 < len ? text[at + 1] : '\0', '\0'};
	bool shaped = code[0] >= 'A' && code[0] <= 'Z' && code[1] >= 'a' &&
		      code[1] <= 'z';
	*kind = shaped ? ob_kind_parse(v, code, used) : -1;
	if (*kind >= 0)
		return OB_OK;
	if (!shaped)
		return ob_fail(err, OB_ERR_MOVE_BAD_PIECE, (int)at + 1,
			       "a piece code is an upper-case letter and a "
			       "lower-case one, as Gd");
	return ob_fail(err, OB_ERR_MOVE_BAD_PIECE, (int)at + 1,
		       "'%s' is not a piece code of %s", code, v->tag_name);
}

/* The name of the kind with this code in any variant on v's board
 * (Plattraum's sixteen), or NULL. */
static const char *board_kind_name(const struct ob_variant *v,
				   const char *code)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++)
		for (int k = 0; all[i]->board == v->board && k < all[i]->nkinds;
		     k++)
			if (all[i]->kinds[k].code &&
			    strcmp(all[i]->kinds[k].code, code) == 0)
				return all[i]->kinds[k].name;
	return NULL;
}

/* A promotion's code after = (boards with codes).  The royal kind and the
 * pawn are never a choice, and text that is no code is none: syntax
 * faults.  A kind of the board that the variant lacks is left for the
 * promotion check (mv->promo_foreign). */
static enum ob_status parse_promotion_code(const struct ob_variant *v,
					   const char *text, size_t len,
					   size_t at, struct parsed *mv,
					   struct ob_error *err)
{
	const char *pawn = v->kinds[v->pawn_kind].name;
	const char *choices = v->pawn->promotion_letters;
	char code[3] = {at < len ? text[at] : '\0',
			at + 1 < len ? text[at + 1] : '\0', '\0'};
	bool shaped = code[0] >= 'A' && code[0] <= 'Z' && code[1] >= 'a' &&
		      code[1] <= 'z';
	int used, kind = shaped ? ob_kind_parse(v, code, &used) : -1;
	if (kind == v->royal_kind || kind == v->pawn_kind)
		return ob_fail(err, OB_ERR_MOVE_BAD_PROMOTION_LETTER,
			       (int)at + 1,
			       "a %s never promotes to a %s; it promotes to "
			       "one of %s",
			       pawn, v->kinds[kind].name, choices);
	if (kind >= 0) {
		mv->promo = kind;
		return OB_OK;
	}
	if (shaped && (mv->promo_foreign = board_kind_name(v, code)))
		return OB_OK;
	if (shaped)
		return ob_fail(err, OB_ERR_MOVE_BAD_PROMOTION_LETTER,
			       (int)at + 1,
			       "'%s' is not a piece code; a %s promotes to one "
			       "of %s",
			       code, pawn, choices);
	return ob_fail(err, OB_ERR_MOVE_BAD_PROMOTION_LETTER, (int)at + 1,
		       "expected a piece code after =; a %s promotes to one "
		       "of %s",
		       pawn, choices);
}

/* The check or mate suffix and a glyph after the move's text at at. */
static enum ob_status parse_suffix(const char *text, size_t len, size_t at,
				   struct parsed *mv, struct ob_error *err)
{
	mv->suffix = 0;
	mv->col_suffix = (int)at + 1;
	if (at < len && (text[at] == '+' || text[at] == '#'))
		mv->suffix = text[at++];
	if (at < len && !is_glyph(text + at, len - at))
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, (int)at + 1,
			       "unexpected text after the move");
	return OB_OK;
}

/* On a board that reads UCI: what a move in SAN should be written as. */
static const char *san_hint(const struct ob_variant *v)
{
	return v->uci_moves ? " (SAN is not read: write the long form, as "
			      "Ng1-f3, or UCI's g1f3)"
			    : "";
}

/* UCI's form: from-cell, to-cell, a lower-case promotion letter.  The
 * piece is the one on the from-cell, found by the caller. */
static enum ob_status parse_uci(const struct ob_variant *v, const char *text,
				size_t len, struct parsed *mv,
				struct ob_error *err)
{
	size_t at = 0;
	enum ob_status st;
	mv->uci = true;
	mv->kind = -1;
	mv->col_piece = mv->col_from = 1;
	if ((st = parse_cell(v, text, len, &at, &mv->from, "from", err)))
		return st;
	mv->col_sep = mv->col_to = (int)at + 1;
	if (at == len)
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, (int)at + 1,
			       "expected the to-cell%s", san_hint(v));
	if ((st = parse_cell(v, text, len, &at, &mv->to, "to", err)))
		return st;
	mv->sep = 0;
	mv->promo = -1;
	mv->promo_foreign = NULL;
	mv->paired = false;
	mv->col_promo = (int)at + 1;
	if (at < len && text[at] >= 'a' && text[at] <= 'z') {
		char upper = (char)(text[at] - 'a' + 'A');
		mv->promo = ob_kind_from_letter(v, upper);
		if (mv->promo < 0 || !strchr(v->pawn->promotion_letters, upper))
			return ob_fail(err, OB_ERR_MOVE_BAD_PROMOTION_LETTER,
				       (int)at + 1,
				       "a pawn promotes to one of %s (lower "
				       "case in UCI's form)",
				       v->pawn->promotion_letters);
		at++;
	}
	return parse_suffix(text, len, at, mv, err);
}

static enum ob_status parse(const struct ob_variant *v, const char *text,
			    size_t len, struct parsed *mv, struct ob_error *err)
{
	size_t at = 0;
	enum ob_status st;
	if (len == 0)
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, 1, "empty move");
	mv->castling = mv->uci = false;
	mv->col_piece = 1;
	mv->word_len = len >= 5 && memcmp(text, "O-O-O", 5) == 0 ? 5
		       : len >= 3 && memcmp(text, "O-O", 3) == 0 ? 3
								 : 0;
	if (mv->word_len) {
		mv->castling = true;
		return parse_suffix(text, len, mv->word_len, mv, err);
	}
	char l = text[0];
	if (v->uci_moves && l >= 'a' && l <= 'z' && len > 1 && text[1] >= '0' &&
	    text[1] <= '9')
		return parse_uci(v, text, len, mv, err);
	if (!((l >= 'A' && l <= 'Z') || (l >= 'a' && l <= 'z')))
		return ob_fail(err, OB_ERR_MOVE_SYNTAX, 1,
			       ob_variant_has_codes(v)
				       ? "a move starts with a piece code"
				       : "a move starts with a piece letter");
	int used = 1;
	if (ob_variant_has_codes(v)) {
		if ((st = parse_code(v, text, len, 0, &mv->kind, &used, err)))
			return st;
	} else {
		mv->kind = ob_kind_from_letter(v, l);
		if (mv->kind >= 0 && l >= 'a' && l <= 'z')
			return ob_fail(err, OB_ERR_MOVE_BAD_PIECE, 1,
				       "piece letters in moves are upper "
				       "case: '%c'",
				       l);
		if (mv->kind < 0)
			return ob_fail(err, OB_ERR_MOVE_BAD_PIECE, 1,
				       "'%c' is not a piece letter%s", l,
				       san_hint(v));
	}
	at = (size_t)used;
	mv->col_from = (int)at + 1;
	if ((st = parse_cell(v, text, len, &at, &mv->from, "from", err)))
		return st;
	mv->col_sep = (int)at + 1;
	if (at == len || (text[at] != '-' && text[at] != 'x'))
		return ob_fail(err, OB_ERR_MOVE_NO_SEPARATOR, (int)at + 1,
			       "expected - or x after the from-cell%s",
			       san_hint(v));
	mv->sep = text[at++];
	mv->col_to = (int)at + 1;
	if ((st = parse_cell(v, text, len, &at, &mv->to, "to", err)))
		return st;
	mv->promo = -1;
	mv->promo_foreign = NULL;
	mv->col_promo = (int)at + 1;
	if (at < len && text[at] == '=') {
		at++;
		char p = at < len ? text[at] : '\0';
		int kind = -1;
		if (ob_variant_has_codes(v)) {
			if ((st = parse_promotion_code(v, text, len, at, mv,
						       err)))
				return st;
			kind = mv->promo;
			at += 2;
		} else {
			kind = ob_kind_from_letter(v, p);
			if (p == '\0' || !strchr(v->pawn->promotion_letters, p) ||
			    kind < 0)
				return ob_fail(err,
					       OB_ERR_MOVE_BAD_PROMOTION_LETTER,
					       (int)at + 1,
					       "a pawn promotes to one of %s",
					       v->pawn->promotion_letters);
			at++;
		}
		mv->promo = kind;
	}
	mv->paired = false;
	mv->col_pair = (int)at + 1;
	if (at < len && text[at] == '&') {
		at++;
		char second = at < len ? text[at] : '\0';
		if (ob_variant_has_codes(v)) {
			if (at == len)
				return ob_fail(err, OB_ERR_MOVE_SYNTAX,
					       (int)at + 1,
					       "expected the second piece's "
					       "code after &");
			if ((st = parse_code(v, text, len, at, &mv->partner_kind,
					     &used, err)))
				return st;
		} else {
			mv->partner_kind = ob_kind_from_letter(v, second);
			used = 1;
			if (mv->partner_kind < 0 || second < 'A' ||
			    second > 'Z')
				return ob_fail(err, OB_ERR_MOVE_SYNTAX,
					       (int)at + 1,
					       "expected the second piece's "
					       "letter after &");
		}
		at += (size_t)used;
		if ((st = parse_cell(v, text, len, &at, &mv->partner_from,
				     "second piece's from", err)))
			return st;
		if (at == len || text[at] != '-')
			return ob_fail(err, OB_ERR_MOVE_NO_SEPARATOR, (int)at + 1,
				       "expected - in the second piece's move");
		at++;
		if ((st = parse_cell(v, text, len, &at, &mv->partner_to,
				     "second piece's to", err)))
			return st;
		mv->paired = true;
	}
	return parse_suffix(text, len, at, mv, err);
}

/* "pawn", or the name of a board with codes' pawn ("Corporal"). */
static const char *pawn_noun(const struct ob_variant *v)
{
	return ob_variant_has_codes(v) ? v->kinds[v->pawn_kind].name : "pawn";
}

/* "White", "Black", or "army 2" on a board with codes. */
static const char *army_name(const struct ob_variant *v, int army)
{
	static const char *const armies[] = {"army 1", "army 2", "army 3"};
	if (ob_variant_has_codes(v))
		return armies[army];
	return army == OB_WHITE ? "White" : "Black";
}

/* The to-cell holds a piece of the mover's army: where the mover could
 * swap with it, say how a swap is written. */
static enum ob_status own_piece_fault(const struct ob_position *pos,
				      const struct parsed *mv,
				      struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int kind = OB_PIECE_KIND(pos->board[mv->to]);
	for (int i = 0; i < v->npairs; i++) {
		const struct ob_pair_rule *r = &v->pairs[i];
		if (r->type != OB_SWAP || r->mover_kind != mv->kind ||
		    !(r->partner_kinds >> kind & 1) ||
		    !ob_cellset_has(t->swap_adjacent[mv->from], mv->to))
			continue;
		return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
			       "%s is occupied by a piece of the mover's "
			       "side; a swap is written %s%s-%s&%s%s-%s",
			       t->names[mv->to], t->codes[mv->kind],
			       t->names[mv->from], t->names[mv->to],
			       t->codes[kind], t->names[mv->to],
			       t->names[mv->from]);
	}
	return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
		       "%s is occupied by a piece of the mover's side",
		       t->names[mv->to]);
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
	const char *pawn = pawn_noun(v);
	const char *name = mv->kind == v->pawn_kind ? pawn : v->kinds[mv->kind].name;
	struct ob_cellset occ = ob_occupied(pos);
	struct ob_cellset reach;
	ob_piece target = pos->board[to];

	if (target != OB_EMPTY && OB_PIECE_COLOR(target) == us)
		return own_piece_fault(pos, mv, err);
	switch (v->kinds[mv->kind].motion) {
	case OB_LEAP:
		reach = t->leap[us][mv->kind][from];
		break;
	case OB_CANNON:
		reach = ob_slider_attacks(t, us, mv->kind, from, occ);
		if (target == OB_EMPTY && ob_cellset_has(reach, to))
			return OB_OK;
		for (int i = 0; i < t->nslide_dirs[us][mv->kind]; i++) {
			int d = t->slide_dirs[us][mv->kind][i];
			if (!ob_cellset_has(t->ray[d][from], to))
				continue;
			struct ob_cellset on = cs_and(
				cs_andnot(t->ray[d][from], t->ray[d][to]), occ);
			cs_clear(&on, to);
			int screens = cs_count(on);
			if (target != OB_EMPTY && screens == 1)
				return OB_OK;
			if (target != OB_EMPTY && screens == 0)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a %s captures over exactly one "
					       "screen; there is none between "
					       "%s and %s",
					       name, t->names[from],
					       t->names[to]);
			if (target != OB_EMPTY)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a %s captures over exactly one "
					       "screen; there are %d between "
					       "%s and %s",
					       name, screens, t->names[from],
					       t->names[to]);
			return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
				       "the %s's way from %s to %s is "
				       "blocked at %s; over a screen it only "
				       "captures",
				       name, t->names[from], t->names[to],
				       t->names[cs_nearest(t, d, on)]);
		}
		break;
	case OB_SLIDE:
		reach = cs_or(ob_slider_attacks(t, us, mv->kind, from, occ),
			      t->leap[us][mv->kind][from]);
		if (!ob_cellset_has(reach, to) &&
		    ob_cellset_has(ob_slider_attacks(t, us, mv->kind, from,
						     cs_empty()),
				   to))
			return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
				       "the %s's way from %s to %s is blocked",
				       name, t->names[from], t->names[to]);
		break;
	case OB_PAWN:
	default:
		if (ob_cellset_has(t->pawn_push[us][from], to)) {
			if (target != OB_EMPTY)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a %s cannot capture straight "
					       "ahead",
					       pawn);
			return OB_OK;
		}
		if (t->double_to[us][from] == to) {
			int mid = t->double_mid[us][from];
			if (pos->board[mid] != OB_EMPTY || target != OB_EMPTY)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a %s's two-cell move needs %s "
					       "and %s empty",
					       pawn, t->names[mid], t->names[to]);
			return OB_OK;
		}
		if (ob_cellset_has(t->pawn_attack[us][from], to)) {
			if (target == OB_EMPTY && to == pos->ep_cell)
				return OB_OK;
			if (target == OB_EMPTY)
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a %s moves to %s only to "
					       "capture",
					       pawn, t->names[to]);
			return OB_OK;
		}
		for (struct ob_cellset p = t->pawn_push[us][from]; cs_any(p);) {
			int mid = cs_pop(&p);
			if (ob_cellset_has(t->pawn_push[us][mid], to) &&
			    !ob_cellset_has(t->pawn_push[us][from], to))
				return ob_fail(err, OB_ERR_MOVE_GEOMETRY,
					       mv->col_to,
					       "a %s cannot move two cells",
					       pawn);
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

/* # on a move that does not win: a pawn's arrival on its far corner
 * without the setup's pieces is named as such. */
static enum ob_status false_mate_fault(const struct ob_position *pos,
				       ob_move m, const struct parsed *mv,
				       char truth, struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	if (truth == '+')
		return ob_fail(err, OB_ERR_MOVE_FALSE_MATE, mv->col_suffix,
			       "# but the move is only check");
	if (v->far_corner && OB_MOVE_TO(m) == t->far_corner[us] &&
	    mv->kind == v->pawn_kind && OB_MOVE_SPECIAL(m) != OB_PAIRED)
		for (int k = 0; k < v->nkinds; k++) {
			int n = cs_count(
				cs_and(pos->by_kind[k], pos->by_color[us]));
			if (k == v->pawn_kind || n >= t->setup_count[k])
				continue;
			return ob_fail(err, OB_ERR_MOVE_FALSE_MATE,
				       mv->col_suffix,
				       "# but the far-corner arrival does not "
				       "win: %s has %d %s of its setup's %d",
				       army_name(v, us), n, t->codes[k],
				       t->setup_count[k]);
		}
	return ob_fail(err, OB_ERR_MOVE_FALSE_MATE, mv->col_suffix,
		       t->narmies > 2 ? "# but the move does not win"
				      : "# but the move does not mate");
}

/* The checks every move ends with: legality, then the truth of the
 * separator and of the suffix (section 9's order). */
static enum ob_status finish(const struct ob_position *pos, ob_move m,
			     const struct parsed *mv, unsigned flags,
			     ob_move *out, struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	bool capture = OB_MOVE_IS_CAPTURE(m);
	/* Every check before this one made m pseudo-legal, so making it once
	 * is enough to judge it (much cheaper than generating every legal
	 * move), and the same position after it gives the suffix. */
	if (ob_last_army_left(pos))
		return ob_fail(err, OB_ERR_MOVE_GAME_OVER, mv->col_piece,
			       "the game is over: %s is the last army left, "
			       "and its position has no moves",
			       army_name(v, pos->side));
	struct ob_position after = *pos;
	struct ob_undo u;
	ob_move_apply(&after, m, &u); /* judged before settling */
	int royal = after.royal_cell[pos->side];
	if (royal >= 0 && ob_attacked_by_others(&after, royal, pos->side))
		return ob_fail(err, OB_ERR_MOVE_LEAVES_IN_CHECK, mv->col_piece,
			       "the move leaves the own %s attacked",
			       v->kinds[v->royal_kind].name);
	if (t->narmies > 2)
		ob_settle(&after, &u, ob_has_legal_move);
	if (!mv->castling && mv->sep == 'x' && OB_MOVE_SPECIAL(m) == OB_PAIRED &&
	    v->pairs[OB_MOVE_PAIR(m)].type == OB_SWAP)
		return ob_fail(err, OB_ERR_MOVE_FALSE_CAPTURE, mv->col_sep,
			       "a swap captures nothing: write -");
	if (!mv->castling && mv->sep == 'x' && !capture)
		return ob_fail(err, OB_ERR_MOVE_FALSE_CAPTURE, mv->col_sep,
			       "x but %s is empty", t->names[mv->to]);
	if (!mv->castling && mv->sep == '-' && capture)
		return ob_fail(err, OB_ERR_MOVE_MISSING_CAPTURE, mv->col_sep,
			       "the move captures on %s: write x",
			       t->names[mv->to]);
	bool corner = ob_far_corner_win(pos, m);
	char truth = corner ? '#' : ob_suffix_after(&after, pos->side);
	if (mv->suffix == '+' && truth == '#')
		return ob_fail(err, OB_ERR_MOVE_CHECK_IS_MATE, mv->col_suffix,
			       corner		  ? "+ on a far-corner win: write #"
			       : t->narmies > 2 ? "+ on the last elimination: "
						  "write #"
						: "+ on a checkmate: write #");
	if (mv->suffix == '+' && truth != '+')
		return ob_fail(err, OB_ERR_MOVE_FALSE_CHECK, mv->col_suffix,
			       "+ but the move gives no check");
	if (mv->suffix == '#' && truth != '#')
		return false_mate_fault(pos, m, mv, truth, err);
	if ((flags & OB_READ_STRICT) && truth && mv->suffix != truth)
		return ob_fail(err, OB_ERR_MOVE_SUFFIX_MISSING, mv->col_suffix,
			       "missing %c", truth);
	*out = m;
	return OB_OK;
}

static int find_pair_rule(const struct ob_variant *v, enum ob_pair_type type,
			  int mover_kind)
{
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == type &&
		    (mover_kind < 0 || v->pairs[i].mover_kind == mover_kind))
			return i;
	return -1;
}

/* Does the side to move hold the right, with its pieces in place? */
static bool holds_right(const struct ob_position *pos, int rule)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	return (pos->rights & ob_right_bit(v, us, rule)) &&
	       pos->board[t->pair[us][rule].mover] ==
		       OB_PIECE(us, v->pairs[rule].mover_kind) &&
	       pos->board[t->pair[us][rule].partner] ==
		       OB_PIECE(us, v->pairs[rule].partner_kind);
}

/* Was a promotion written (=kind), of this variant or not? */
static bool promotion_given(const struct parsed *mv)
{
	return mv->promo >= 0 || mv->promo_foreign;
}

/* The first of the rule's cells that must be empty and is not, or -1. */
static int first_occupied(const struct ob_position *pos, int rule)
{
	const struct ob_tables *t = pos->variant->tables;
	int us = pos->side;
	for (int i = 0; i < t->pair[us][rule].nempty; i++)
		if (pos->board[t->pair[us][rule].empty[i]] != OB_EMPTY)
			return t->pair[us][rule].empty[i];
	return -1;
}

/* The castling rule a word (O-O, O-O-O) names, or -1 with err filled. */
static int castling_by_word(const struct ob_variant *v, const struct parsed *mv,
			    const char *text, struct ob_error *err)
{
	int any = -1;
	for (int i = 0; i < v->npairs; i++) {
		if (v->pairs[i].type != OB_CASTLING)
			continue;
		any = i;
		if (strlen(v->pairs[i].word) == mv->word_len &&
		    memcmp(v->pairs[i].word, text, mv->word_len) == 0)
			return i;
	}
	if (any < 0)
		ob_fail(err, OB_ERR_MOVE_SYNTAX, 1, "there is no castling in %s",
			v->tag_name);
	else
		ob_fail(err, OB_ERR_MOVE_SYNTAX, 1,
			"there is no %.*s in %s (its castling is %s)",
			(int)mv->word_len, text, v->tag_name, v->pairs[any].word);
	return -1;
}

/* The castling rule written as the mover's move from..to, or -1. */
static int castling_as_move(const struct ob_position *pos,
			    const struct parsed *mv)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	for (int i = 0; i < v->npairs; i++)
		if (v->pairs[i].type == OB_CASTLING &&
		    v->pairs[i].written_as_move &&
		    v->pairs[i].mover_kind == mv->kind &&
		    t->pair[us][i].mover == mv->from &&
		    t->pair[us][i].mover_to == mv->to)
			return i;
	return -1;
}

/* Castling by rule: the right, the empty cells, the cells not attacked
 * (in the rule's order); written as the mover's move, no promotion. */
static enum ob_status read_castling(const struct ob_position *pos, int rule,
				    struct parsed *mv, unsigned flags,
				    ob_move *out, struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side;
	if (!holds_right(pos, rule))
		return ob_fail(err, OB_ERR_MOVE_NO_RIGHT, 1,
			       "the %s right is gone", v->pairs[rule].name);
	int blocked = first_occupied(pos, rule);
	if (blocked >= 0)
		return ob_fail(err, OB_ERR_MOVE_PAIR_BLOCKED, 1, "%s needs %s empty",
			       v->pairs[rule].name, t->names[blocked]);
	for (int i = 0; i < t->pair[us][rule].nsafe; i++) {
		int cell = t->pair[us][rule].safe[i];
		if (ob_attacked(pos, cell, 1 - us))
			return ob_fail(err, OB_ERR_MOVE_CASTLE_ATTACKED, 1,
				       "%s with %s attacked",
				       v->pairs[rule].name, t->names[cell]);
	}
	if (!mv->castling && promotion_given(mv))
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
			       mv->col_promo, "no promotion on this move");
	mv->to = t->pair[us][rule].mover_to;
	ob_move m = OB_MOVE_WITH_SPECIAL(
		OB_MOVE_MAKE(t->pair[us][rule].mover, mv->to, 0, 0), OB_PAIRED,
		rule);
	return finish(pos, m, mv, flags, out, err);
}

/* A guarding move's own conditions, before the mover's geometry. */
static enum ob_status check_guarding(const struct ob_position *pos,
				     const struct parsed *mv, int *rule_out,
				     struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side, rule = find_pair_rule(v, OB_GUARDING, mv->kind);
	if (rule < 0)
		return ob_fail(err, OB_ERR_MOVE_BAD_PAIR, mv->col_pair,
			       "a %s has no paired move in %s",
			       v->kinds[mv->kind].name, v->tag_name);
	int mover = t->pair[us][rule].mover;
	int partner = t->pair[us][rule].partner;
	int partner_to = t->pair[us][rule].partner_to;
	if (mv->from != mover)
		return ob_fail(err, OB_ERR_MOVE_BAD_PAIR, mv->col_from,
			       "guarding starts from the %s's cell %s",
			       v->kinds[mv->kind].name, t->names[mover]);
	if (mv->partner_kind != v->pairs[rule].partner_kind ||
	    mv->partner_from != partner || mv->partner_to != partner_to)
		return ob_fail(err, OB_ERR_MOVE_BAD_PAIR, mv->col_pair,
			       "the guarding %s moves &%c%s-%s",
			       v->kinds[v->pairs[rule].partner_kind].name,
			       v->kinds[v->pairs[rule].partner_kind].letter,
			       t->names[partner], t->names[partner_to]);
	if (!holds_right(pos, rule))
		return ob_fail(err, OB_ERR_MOVE_NO_RIGHT, mv->col_pair,
			       "the guarding right is gone");
	int blocked = first_occupied(pos, rule);
	if (blocked >= 0)
		return ob_fail(err, OB_ERR_MOVE_PAIR_BLOCKED, mv->col_pair,
			       "guarding needs %s empty", t->names[blocked]);
	*rule_out = rule;
	return OB_OK;
}

/* The kinds a pawn may promote to now, space-separated (Liu Yang's
 * limit leaves some out); their count. */
static int open_kinds(const struct ob_position *pos, char *out, size_t size)
{
	const struct ob_tables *t = pos->variant->tables;
	int n = 0;
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; i < t->npromotions; i++) {
		int k = t->promotion_kinds[i];
		if (!ob_promotion_open(pos, k))
			continue;
		int w = snprintf(out + used, size - used, "%s%s", n ? " " : "",
				 t->codes[k]);
		if (w > 0 && (size_t)w < size - used)
			used += (size_t)w;
		n++;
	}
	return n;
}

/* A promotion's kind against the variant's choices and Liu Yang's limit;
 * with no kind left the pawn may not arrive at all. */
static enum ob_status check_promotion(const struct ob_position *pos,
				      const struct parsed *mv,
				      struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	char open[64];
	if (open_kinds(pos, open, sizeof open) == 0)
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
			       mv->col_to,
			       "no kind is left to promote to (%s has as many "
			       "of each as its setup): the %s may not enter %s",
			       army_name(v, pos->side), pawn_noun(v),
			       t->names[mv->to]);
	if (mv->promo_foreign)
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
			       mv->col_promo,
			       "there is no %s in %s; a %s promotes to one of "
			       "%s",
			       mv->promo_foreign, v->tag_name, pawn_noun(v),
			       v->pawn->promotion_letters);
	if (mv->promo < 0 || ob_promotion_open(pos, mv->promo))
		return OB_OK;
	for (int i = 0; i < t->npromotions; i++)
		if (t->promotion_kinds[i] == mv->promo)
			return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
				       mv->col_promo,
				       "no promotion to %s while %s has %d, "
				       "as many as its setup has",
				       t->codes[mv->promo],
				       army_name(v, pos->side),
				       t->setup_count[mv->promo]);
	return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED, mv->col_promo,
		       "a %s promotes to one of %s", pawn_noun(v),
		       v->pawn->promotion_letters);
}

/* The royal piece's swap with an adjacent partner of its army: the
 * partner's kind, then adjacency and the attacks before the swap. */
static enum ob_status read_swap(const struct ob_position *pos,
				struct parsed *mv, unsigned flags,
				ob_move *out, struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int us = pos->side, rule = find_pair_rule(v, OB_SWAP, mv->kind);
	const struct ob_pair_rule *r = &v->pairs[rule];
	int from = mv->from, to = mv->to;
	if (mv->partner_from != to || mv->partner_to != from)
		return ob_fail(err, OB_ERR_MOVE_BAD_PAIR, mv->col_pair,
			       "in a swap the second piece goes from %s to %s",
			       t->names[to], t->names[from]);
	ob_piece partner = pos->board[to];
	int col = mv->col_pair + (int)strlen(t->codes[mv->partner_kind]) + 1;
	if (partner == OB_EMPTY)
		return ob_fail(err, OB_ERR_MOVE_FROM_EMPTY, col, "no piece on %s",
			       t->names[to]);
	if (OB_PIECE_COLOR(partner) != us)
		return ob_fail(err, OB_ERR_MOVE_FROM_OPPONENT, col,
			       "the piece on %s belongs to %s: a swap is with "
			       "the own army",
			       t->names[to], army_name(v, OB_PIECE_COLOR(partner)));
	int kind = OB_PIECE_KIND(partner);
	if (kind != mv->partner_kind)
		return ob_fail(err, OB_ERR_MOVE_WRONG_PIECE, mv->col_pair + 1,
			       "the piece on %s is a %s, not a %s",
			       t->names[to], v->kinds[kind].name,
			       v->kinds[mv->partner_kind].name);
	if (!(r->partner_kinds >> kind & 1))
		return ob_fail(err, OB_ERR_MOVE_WRONG_PIECE, mv->col_pair + 1,
			       "a %s swaps only with a long-range piece, not a "
			       "%s",
			       v->kinds[mv->kind].name, v->kinds[kind].name);
	if (!ob_cellset_has(t->swap_adjacent[from], to))
		return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
			       "a swap is with an orthogonally adjacent piece, "
			       "on a cell sharing an edge with %s; %s is not",
			       t->names[from], t->names[to]);
	const int cells[2] = {from, to}, kinds[2] = {mv->kind, kind};
	for (int i = 0; i < 2; i++)
		if (ob_attacked(pos, cells[i], 1 - us))
			return ob_fail(err, OB_ERR_MOVE_GEOMETRY, mv->col_to,
				       "no swap while the %s's cell %s is "
				       "attacked",
				       v->kinds[kinds[i]].name,
				       t->names[cells[i]]);
	if (promotion_given(mv))
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
			       mv->col_promo, "no promotion on this move");
	ob_move m = OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(from, to, 0, 0),
					 OB_PAIRED, rule);
	return finish(pos, m, mv, flags, out, err);
}

/* A pawn on its promotion cells without =kind. */
static enum ob_status must_promote_fault(const struct ob_position *pos,
					 const struct parsed *mv,
					 struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const char *to = v->tables->names[mv->to];
	char open[64];
	if (!ob_variant_has_codes(v))
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_MISSING, mv->col_promo,
			       "a pawn reaching %s must promote (=%s)", to,
			       v->pawn->promotion_letters);
	open_kinds(pos, open, sizeof open);
	return ob_fail(err, OB_ERR_MOVE_PROMOTION_MISSING, mv->col_promo,
		       "a %s reaching %s must promote, to one of %s",
		       pawn_noun(v), to, open);
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
	if (mv.castling) {
		int rule = castling_by_word(v, &mv, text, err);
		return rule < 0 ? err->status
				: read_castling(pos, rule, &mv, flags, out, err);
	}

	ob_piece piece = pos->board[mv.from];
	if (piece == OB_EMPTY)
		return ob_fail(err, OB_ERR_MOVE_FROM_EMPTY, mv.col_from,
			       "no piece on %s", t->names[mv.from]);
	if (OB_PIECE_COLOR(piece) != pos->side)
		return ob_fail(err, OB_ERR_MOVE_FROM_OPPONENT, mv.col_from,
			       "the piece on %s belongs to %s, not the %s "
			       "to move",
			       t->names[mv.from],
			       army_name(v, OB_PIECE_COLOR(piece)),
			       ob_variant_has_codes(v) ? "army" : "side");
	if (mv.uci)
		mv.kind = OB_PIECE_KIND(piece);
	if (OB_PIECE_KIND(piece) != mv.kind)
		return ob_fail(err, OB_ERR_MOVE_WRONG_PIECE, mv.col_piece,
			       "the piece on %s is a %s, not a %s",
			       t->names[mv.from],
			       v->kinds[OB_PIECE_KIND(piece)].name,
			       v->kinds[mv.kind].name);

	int castling = mv.paired ? -1 : castling_as_move(pos, &mv);
	if (castling >= 0)
		return read_castling(pos, castling, &mv, flags, out, err);
	if (mv.paired && find_pair_rule(v, OB_SWAP, mv.kind) >= 0)
		return read_swap(pos, &mv, flags, out, err);
	if (mv.paired) {
		int rule = -1;
		if ((st = check_guarding(pos, &mv, &rule, err)))
			return st;
		/* The mover's geometry with the partner's cell counted empty. */
		struct ob_position lifted = *pos;
		ob_position_remove(&lifted, t->pair[pos->side][rule].partner);
		if ((st = check_geometry(&lifted, &mv, err)))
			return st;
		if (promotion_given(&mv))
			return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
				       mv.col_promo,
				       "no promotion on this move");
		bool capture = ob_cellset_has(pos->by_color[1 - pos->side],
					      mv.to);
		ob_move m = OB_MOVE_WITH_SPECIAL(
			OB_MOVE_MAKE(mv.from, mv.to, 0, capture), OB_PAIRED,
			rule);
		return finish(pos, m, &mv, flags, out, err);
	}

	if ((st = check_geometry(pos, &mv, err)))
		return st;
	bool must_promote = mv.kind == v->pawn_kind &&
			    ob_cellset_has(t->promotion[pos->side], mv.to);
	if (must_promote && (st = check_promotion(pos, &mv, err)))
		return st;
	if (must_promote && mv.promo < 0)
		return must_promote_fault(pos, &mv, err);
	if (!must_promote && promotion_given(&mv))
		return ob_fail(err, OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
			       mv.col_promo, "no promotion on this move");

	bool capture = pos->board[mv.to] != OB_EMPTY;
	ob_move m = OB_MOVE_MAKE(mv.from, mv.to, mv.promo + 1, capture);
	if (mv.kind == v->pawn_kind && mv.to == pos->ep_cell &&
	    ob_cellset_has(t->pawn_attack[pos->side][mv.from], mv.to))
		m = OB_MOVE_WITH_SPECIAL(OB_MOVE_MAKE(mv.from, mv.to, 0, 1),
					 OB_EN_PASSANT, 0);
	else if (mv.kind == v->pawn_kind &&
		 t->double_to[pos->side][mv.from] == mv.to)
		m = OB_MOVE_WITH_SPECIAL(m, OB_DOUBLE_STEP, 0);
	return finish(pos, m, &mv, flags, out, err);
}
