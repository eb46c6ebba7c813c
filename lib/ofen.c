/*
 * OFEN (spec section 5): one position on one line.  The placement's nesting
 * (levels, ranks, files) comes from the board table, so any board with a
 * placement order reads and writes through this code.  A board with
 * piece codes (PFEN, plattraum.md section 9) writes a group's cells as
 * items between commas: a code and an army digit, or a run of empty
 * cells; its army to move is a digit.
 */
#include "oblique.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

static long read_number(const char *text, size_t *at, size_t z, long max);

struct reader {
	struct ob_position *pos;
	const struct ob_variant *v;
	const char *text;
	struct ob_error *err;
	int coords[OB_MAX_DIMS];
};

/* Columns are 1-based; lines are bounded by the callers. */
static int col(size_t at)
{
	return (int)at + 1;
}

static void coord_label(const struct ob_variant *v, int dim, int x, char *buf,
			size_t size)
{
	const struct ob_board *b = v->board;
	const struct ob_tables *t = v->tables;
	for (int c = 0; b->name_cell && dim == 0 && c < t->ncells; c++)
		if (t->coords[c][0] == x) { /* the file letter of its cells */
			snprintf(buf, size, "%c", t->names[c][0]);
			return;
		}
	if (b->style[dim] == OB_COORD_UPPER)
		snprintf(buf, size, "%c", 'A' + x);
	else if (b->style[dim] == OB_COORD_LOWER)
		snprintf(buf, size, "%c", 'a' + x);
	else
		snprintf(buf, size, "%d", x + 1);
}

/* "level E, rank 5": the group fixed by the first `depth` placement dims. */
static void describe(const struct ob_variant *v, const int *coords,
		     int depth, char *out, size_t size)
{
	const struct ob_board *b = v->board;
	size_t n = 0;
	out[0] = '\0';
	for (int i = 0; i < depth; i++) {
		int dim = b->placement_order[i];
		char label[16];
		coord_label(v, dim, coords[dim], label, sizeof label);
		n += (size_t)snprintf(out + n, size - n, "%s%s %s",
				      i ? ", " : "", b->dim_name[dim], label);
		if (n >= size)
			break;
	}
}

static int coordinate(const struct ob_board *b, int depth, int index)
{
	int dim = b->placement_order[depth];
	return b->placement_descending[depth] ? b->extent[dim] - 1 - index
					      : index;
}

/* "1 or 2", "1, 2 or 3": the army digits of the variant. */
static const char *army_digits(const struct ob_variant *v)
{
	return ob_armies(v) == 3 ? "1, 2 or 3" : "1 or 2";
}

/* One piece item of a PFEN placement: a code of the variant and an army
 * digit ("Cp1"); every other shape named. */
static enum ob_status read_piece(struct reader *r, const char *item, size_t n,
				 int column, int *kind, int *army)
{
	const struct ob_variant *v = r->v;
	int shown = (int)(n > 8 ? 8 : n), used;
	char code[3] = {n > 0 ? item[0] : 0, n > 1 ? item[1] : 0, 0};
	bool shaped = code[0] >= 'A' && code[0] <= 'Z' && code[1] >= 'a' &&
		      code[1] <= 'z';
	bool digit = n > 2 && item[2] >= '1' && item[2] <= '0' + ob_armies(v);
	*kind = shaped ? ob_kind_parse(v, code, &used) : -1;
	if (n == 0)
		return ob_fail(r->err, OB_ERR_BAD_LETTER, column,
			       "empty item in placement (two commas, or a "
			       "comma at an end)");
	if (!shaped)
		return ob_fail(r->err, OB_ERR_BAD_LETTER, column,
			       "bad item '%.*s' in placement: a piece is a "
			       "code (an upper-case letter and a lower-case "
			       "one) and an army digit, as Gd1",
			       shown, item);
	if (*kind < 0)
		return ob_fail(r->err, OB_ERR_BAD_LETTER, column,
			       "bad item '%.*s' in placement: %s is not a "
			       "piece code of %s",
			       shown, item, code, v->tag_name);
	if (n == 2)
		return ob_fail(r->err, OB_ERR_BAD_LETTER, column,
			       "bad item '%.*s' in placement: the army digit "
			       "(%s) is missing",
			       shown, item, army_digits(v));
	if (!digit)
		return ob_fail(r->err, OB_ERR_BAD_LETTER, column,
			       "bad item '%.*s' in placement: the army digit "
			       "is %s",
			       shown, item, army_digits(v));
	if (n > 3)
		return ob_fail(r->err, OB_ERR_BAD_LETTER, column,
			       "bad item '%.*s' in placement: one piece an "
			       "item, items separated by commas",
			       shown, item);
	*army = item[2] - '1';
	return OB_OK;
}

/* A group's cells as items between commas (PFEN): "Cp1", or a run of
 * empty cells "3"; input may write two runs in a row. */
static enum ob_status read_items(struct reader *r, int depth,
				 const int *cells, int ncells, size_t a,
				 size_t z)
{
	const struct ob_variant *v = r->v;
	int filled = 0;
	char where[64];
	for (size_t i = a; i <= z; i++) {
		size_t e = i;
		while (e < z && r->text[e] != ',')
			e++;
		const char *item = r->text + i;
		size_t n = e - i;
		int run = 0, kind = -1, army = -1;
		if (n > 0 && item[0] >= '0' && item[0] <= '9') {
			size_t at = i;
			long x = read_number(r->text, &at, e, 99);
			if (at != e || x < 1)
				return ob_fail(r->err, OB_ERR_BAD_LETTER, col(i),
					       "bad item '%.*s' in placement: "
					       "a run of empty cells is 1 to "
					       "11",
					       (int)(n > 8 ? 8 : n), item);
			run = (int)x;
		} else {
			enum ob_status st = read_piece(r, item, n, col(i),
						       &kind, &army);
			if (st != OB_OK)
				return st;
		}
		if (filled + (run ? run : 1) > ncells) {
			describe(v, r->coords, depth, where, sizeof where);
			return ob_fail(r->err, OB_ERR_RANK_CELLS, col(i),
				       "%s has more than %d cells", where,
				       ncells);
		}
		if (run)
			filled += run;
		else
			ob_position_put(r->pos, cells[filled++],
					OB_PIECE(army, kind));
		i = e;
	}
	if (filled < ncells) {
		describe(v, r->coords, depth, where, sizeof where);
		return ob_fail(r->err, OB_ERR_RANK_CELLS, col(z),
			       "%s has %d cells, not %d", where, filled, ncells);
	}
	return OB_OK;
}

static enum ob_status read_cells(struct reader *r, int depth, size_t a,
				 size_t z)
{
	const struct ob_board *b = r->v->board;
	int dim = b->placement_order[depth];
	int cells[OB_MAX_CELLS], ncells = 0;
	for (int i = 0; i < b->extent[dim]; i++) {
		r->coords[dim] = coordinate(b, depth, i);
		int c = ob_cell_at(r->v, r->coords);
		if (c >= 0)
			cells[ncells++] = c;
	}
	int filled = 0;
	char where[64];
	if (ob_variant_has_codes(r->v))
		return read_items(r, depth, cells, ncells, a, z);
	for (size_t i = a; i < z; i++) {
		unsigned char ch = (unsigned char)r->text[i];
		int kind = ob_kind_from_letter(r->v, (char)ch);
		int run = 0;
		if (ch >= '1' && ch <= '9')
			run = ch - '0';
		else if (kind < 0 || !((ch >= 'A' && ch <= 'Z') ||
				       (ch >= 'a' && ch <= 'z')))
			return ob_fail(r->err, OB_ERR_BAD_LETTER, col(i),
				       "bad letter '%c' in placement", ch);
		if (filled + (run ? run : 1) > ncells) {
			describe(r->v, r->coords, depth, where, sizeof where);
			return ob_fail(r->err, OB_ERR_RANK_CELLS, col(i),
				       "%s has more than %d cells", where,
				       ncells);
		}
		if (run) {
			filled += run;
			continue;
		}
		int color = (ch >= 'a' && ch <= 'z') ? OB_BLACK : OB_WHITE;
		ob_position_put(r->pos, cells[filled++], OB_PIECE(color, kind));
	}
	if (filled < ncells) {
		describe(r->v, r->coords, depth, where, sizeof where);
		return ob_fail(r->err, OB_ERR_RANK_CELLS, col(z),
			       "%s has %d cells, not %d", where, filled, ncells);
	}
	return OB_OK;
}

static enum ob_status read_group(struct reader *r, int depth, size_t a,
				 size_t z)
{
	const struct ob_board *b = r->v->board;
	if (depth == b->ndims - 1)
		return read_cells(r, depth, a, z);
	int dim = b->placement_order[depth];
	char sep = b->placement_separator[depth];
	int groups = 1;
	size_t extra_at = z;
	for (size_t i = a; i < z; i++)
		if (r->text[i] == sep && groups++ == b->extent[dim])
			extra_at = i;
	if (groups != b->extent[dim]) {
		char where[64];
		describe(r->v, r->coords, depth, where, sizeof where);
		enum ob_status st = dim == b->rank_dim ? OB_ERR_RANK_COUNT
						       : OB_ERR_LEVEL_COUNT;
		return ob_fail(r->err, st, col(extra_at), "%s has %d %s%s, not %d",
			       *where ? where : "the placement", groups,
			       b->dim_name[dim], groups == 1 ? "" : "s",
			       b->extent[dim]);
	}
	size_t start = a;
	for (int g = 0; g < groups; g++) {
		size_t end = start;
		while (end < z && r->text[end] != sep)
			end++;
		r->coords[dim] = coordinate(b, depth, g);
		enum ob_status st = read_group(r, depth + 1, start, end);
		if (st != OB_OK)
			return st;
		start = end + 1;
	}
	return OB_OK;
}

/* A whole number of plain digits at text[*at..z); -1 if none or too big. */
static long read_number(const char *text, size_t *at, size_t z, long max)
{
	size_t i = *at;
	long x = 0;
	if (i >= z || text[i] < '0' || text[i] > '9')
		return -1;
	for (; i < z && text[i] >= '0' && text[i] <= '9'; i++)
		if ((x = x * 10 + (text[i] - '0')) > max)
			x = max + 1;
	*at = i;
	return x;
}

/*
 * Steps over the single space at text[*at] to the next field, whose
 * bounds it returns in [*start, *stop); *at becomes *stop.
 */
static enum ob_status next_field(const char *text, size_t len, size_t *at,
				 size_t *start, size_t *stop,
				 struct ob_error *err)
{
	size_t i = *at;
	if (i >= len)
		return ob_fail(err, OB_ERR_MISSING_FIELD, col(i),
			       "missing field");
	if (text[i] == '\t' || i + 1 == len || text[i + 1] == ' ' ||
	    text[i + 1] == '\t')
		return ob_fail(err, OB_ERR_FIELD_SEPARATOR,
			       col(text[i] == '\t' ? i : i + 1),
			       "fields must be separated by exactly one space");
	*start = ++i;
	while (i < len && text[i] != ' ' && text[i] != '\t')
		i++;
	*stop = *at = i;
	return OB_OK;
}

/* The rights and en passant fields of boards that have them. */
static enum ob_status read_state(struct ob_position *pos, const char *text,
				 size_t len, size_t *at, struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	size_t a, z;
	enum ob_status st;
	if (*at == len)
		return ob_fail(err, OB_ERR_MISSING_FIELD, col(*at),
			       "missing rights field");
	if ((st = next_field(text, len, at, &a, &z, err)))
		return st;
	if (!(z - a == 1 && text[a] == '-')) {
		int next = 0; /* rights must come in table order, once each */
		for (size_t i = a; i < z; i++) {
			int found = -1;
			for (int bit = next; bit < 2 * v->npairs && found < 0;
			     bit++) {
				char l = v->pairs[bit % v->npairs].right;
				if (bit >= v->npairs)
					l = (char)(l + 32);
				if (text[i] == l)
					found = bit;
			}
			if (found < 0)
				return ob_fail(err, OB_ERR_BAD_RIGHTS, col(i),
					       "bad rights field: '%c' is not "
					       "a right here (expected letters "
					       "in the order of the variant's "
					       "rights, or -)",
					       text[i]);
			pos->rights |= 1u << found;
			pos->key ^= ob_zobrist_rights[found];
			next = found + 1;
		}
	}
	if (*at == len)
		return ob_fail(err, OB_ERR_MISSING_FIELD, col(*at),
			       "missing en passant field");
	if ((st = next_field(text, len, at, &a, &z, err)))
		return st;
	if (z - a == 1 && text[a] == '-')
		return OB_OK;
	char name[8] = {0};
	int cell = -1;
	if (z - a < sizeof name)
		memcpy(name, text + a, z - a);
	if (z - a >= sizeof name || ob_cell_parse(v, name, &cell) != (int)(z - a))
		return ob_fail(err, OB_ERR_BAD_EN_PASSANT, col(a),
			       "en passant field must be a cell or -");
	int them = 1 - pos->side;
	pos->ep_cell = cell;
	pos->ep_victim = cs_any(t->pawn_push[them][cell])
				 ? cs_first(t->pawn_push[them][cell])
				 : -1;
	return OB_OK;
}

enum ob_status ob_ofen_read(struct ob_position *pos, const struct ob_variant *v,
			    const char *text, size_t len, size_t *end,
			    struct ob_error *err)
{
	struct reader r = {pos, v, text, err, {0}};
	if (len > 0 && text[len - 1] == '\n')
		len--;
	if (len > 0 && text[len - 1] == '\r')
		len--;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)text[i];
		if (ch == 0)
			return ob_fail(err, OB_ERR_BAD_BYTE, col(i),
				       "NUL byte");
		if ((ch < 0x20 && ch != '\t') || ch >= 0x7f)
			return ob_fail(err, OB_ERR_BAD_BYTE, col(i),
				       "unexpected byte 0x%02x", ch);
	}
	if (len == 0)
		return ob_fail(err, OB_ERR_EMPTY_LINE, 1, "empty line");
	if (text[0] == ' ' || text[0] == '\t')
		return ob_fail(err, OB_ERR_FIELD_SEPARATOR, 1,
			       "line starts with a blank");

	ob_position_clear(pos, v);
	size_t z = 0;
	while (z < len && text[z] != ' ' && text[z] != '\t')
		z++;
	for (size_t i = 0; !ob_variant_has_codes(v) && i < z; i++) {
		char ch = text[i];
		bool sep = false;
		for (int d = 0; d < v->board->ndims - 1; d++)
			sep |= ch == v->board->placement_separator[d];
		if (!sep && !(ch >= '1' && ch <= '9') &&
		    !(((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) &&
		      ob_kind_from_letter(v, ch) >= 0))
			return ob_fail(err, OB_ERR_BAD_LETTER, col(i),
				       "bad letter '%c' in placement", ch);
	}
	enum ob_status st = read_group(&r, 0, 0, z);
	if (st != OB_OK)
		return st;


	/* side to move */
	if (z == len)
		return ob_fail(err, OB_ERR_MISSING_FIELD, col(z),
			       ob_variant_has_codes(v) ? "missing army to move"
						       : "missing side to move");
	size_t at = z, s, se;
	if ((st = next_field(text, len, &at, &s, &se, err)))
		return st;
	if (ob_variant_has_codes(v)) {
		if (se - s != 1 || text[s] < '1' || text[s] > '0' + ob_armies(v))
			return ob_fail(err, OB_ERR_BAD_SIDE, col(s),
				       "army to move must be %s",
				       army_digits(v));
		pos->side = text[s] - '1';
	} else if (se - s != 1 || (text[s] != 'w' && text[s] != 'b'))
		return ob_fail(err, OB_ERR_BAD_SIDE, col(s),
			       "side to move must be w or b");
	else
		pos->side = text[s] == 'w' ? OB_WHITE : OB_BLACK;
	pos->key ^= ob_zobrist_side[pos->side];

	if (v->state_fields && (st = read_state(pos, text, len, &at, err)))
		return st;

	/* Clock and move number, unless a caller's suffix starts here. */
	size_t probe = at, c0 = at, c1 = at;
	if (at < len && (st = next_field(text, len, &probe, &c0, &c1, err)))
		return st;
	bool suffix_here = end && at < len && !(text[c0] >= '0' && text[c0] <= '9');
	if (at < len && !suffix_here) {
		at = c0;
		long clock = read_number(text, &at, len, 9999);
		if (clock < 0 || clock > 9999 || at != c1)
			return ob_fail(err, OB_ERR_BAD_CLOCK, col(c0),
				       "half-move clock must be a number "
				       "from 0 to 9999");
		if (at == len)
			return ob_fail(err, OB_ERR_MISSING_FIELD, col(at),
				       "missing full-move number (the clock "
				       "and move number go together)");
		size_t m0, m1;
		if ((st = next_field(text, len, &at, &m0, &m1, err)))
			return st;
		at = m0;
		long number = read_number(text, &at, len, 99999);
		if (number < 1 || number > 99999 || at != m1)
			return ob_fail(err, OB_ERR_BAD_MOVE_NUMBER, col(m0),
				       "full-move number must be a number "
				       "from 1 to 99999");
		pos->halfmove_clock = (int)clock;
		pos->fullmove_number = (int)number;
	}
	if (end)
		*end = at;
	else if (at < len)
		return ob_fail(err, OB_ERR_EXTRA_FIELD, col(at + 1),
			       "unexpected text after the last field");
	return ob_position_check(pos, err);
}

/* ---- legality (spec section 5) ---- */

/* Adds one failed condition to err; the first one sets the status. */
static void append(struct ob_error *err, bool *first, enum ob_status st,
		   const char *part)
{
	if (*first) {
		err->status = st;
		err->column = 1;
		snprintf(err->message, sizeof err->message, "%s", part);
		*first = false;
	} else {
		size_t n = strlen(err->message);
		snprintf(err->message + n, sizeof err->message - n, "; %s",
			 part);
	}
}

/* Could a pawn of the side that just moved have stepped two cells over
 * the en passant cell: its start and the cell empty, it on the landing
 * cell?  (The clock is checked apart.) */
static bool en_passant_possible(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_tables *t = v->tables;
	int them = 1 - pos->side;
	for (int from = 0; from < t->ncells; from++)
		if (t->double_mid[them][from] == pos->ep_cell &&
		    pos->board[from] == OB_EMPTY &&
		    pos->board[pos->ep_cell] == OB_EMPTY &&
		    pos->board[t->double_to[them][from]] ==
			    OB_PIECE(them, v->pawn_kind))
			return true;
	return false;
}

enum ob_status ob_position_check(const struct ob_position *pos,
				 struct ob_error *err)
{
	const struct ob_variant *v = pos->variant;
	static const char *const colours[2] = {"White", "Black"};
	static const char *const armies[OB_MAX_ARMIES] = {"army 1", "army 2",
							  "army 3"};
	const char *const *side_name = ob_variant_has_codes(v) ? armies : colours;
	const struct ob_tables *t = v->tables;
	const char *royal = v->kinds[v->royal_kind].name;
	int narmies = t->narmies, us = pos->side;
	struct ob_error scratch;
	char part[120];
	bool first = true;
	if (!err)
		err = &scratch;

	/* Three armies: an army may be out of the game (no pieces at all),
	 * but not the army to move. */
	bool one_each = true;
	int in_game = 0;
	for (int c = 0; c < narmies; c++) {
		bool out = !cs_any(pos->by_color[c]);
		in_game += !out;
		int n = cs_count(cs_and(pos->by_kind[v->royal_kind],
					pos->by_color[c]));
		if (n == 1 || (narmies > 2 && out))
			continue;
		one_each = false;
		snprintf(part, sizeof part, "%s has %d %s%s, not exactly one",
			 side_name[c], n, royal, n == 1 ? "" : "s");
		append(err, &first, OB_ERR_SOVEREIGN_COUNT, part);
	}
	if (narmies > 2 && !cs_any(pos->by_color[us])) {
		one_each = false;
		snprintf(part, sizeof part, "%s is to move but has no pieces",
			 side_name[us]);
		append(err, &first, OB_ERR_ARMY_TO_MOVE_OUT, part);
	}
	if (one_each) {
		for (int a = 0; a < narmies; a++)
			for (int b = a + 1; b < narmies; b++) {
				int ra = pos->royal_cell[a], rb = pos->royal_cell[b];
				if (ra < 0 || rb < 0 ||
				    !ob_cellset_has(
					    t->leap[a][v->royal_kind][ra], rb))
					continue;
				if (ob_variant_has_codes(v))
					snprintf(part, sizeof part,
						 "the %ss on %s and %s stand a "
						 "%s's step apart",
						 royal, t->names[ra],
						 t->names[rb], royal);
				else
					snprintf(part, sizeof part,
						 "the %ss stand on adjacent "
						 "cells",
						 royal);
				append(err, &first, OB_ERR_SOVEREIGNS_ADJACENT,
				       part);
			}
		for (int a = (us + 1) % narmies; a != us; a = (a + 1) % narmies) {
			if (pos->royal_cell[a] < 0 ||
			    !ob_attacked(pos, pos->royal_cell[a], us))
				continue;
			snprintf(part, sizeof part,
				 "%s is not to move but is in check",
				 side_name[a]);
			append(err, &first, OB_ERR_OPPONENT_IN_CHECK, part);
		}
		if (narmies > 2 && in_game > 1 && !ob_has_legal_move(pos)) {
			snprintf(part, sizeof part,
				 "%s is to move but has no legal move (the "
				 "position is not settled)",
				 side_name[us]);
			append(err, &first, OB_ERR_NOT_SETTLED, part);
		}
	}
	for (int c = 0; c < narmies; c++) {
		struct ob_cellset bad =
			cs_and(cs_and(pos->by_kind[v->pawn_kind],
				      pos->by_color[c]),
			       t->pawn_forbidden[c]);
		if (!cs_any(bad))
			continue;
		if (ob_variant_has_codes(v))
			snprintf(part, sizeof part,
				 "%s %s on %s, its far edge",
				 side_name[c], v->kinds[v->pawn_kind].name,
				 t->names[cs_first(bad)]);
		else
			snprintf(part, sizeof part,
				 "%s pawn on %s, where no %s pawn may stand",
				 side_name[c], t->names[cs_first(bad)],
				 side_name[c]);
		append(err, &first, OB_ERR_PAWN_ON_END_RANK, part);
	}
	for (int c = 0; c < narmies; c++) {
		for (int i = 0; i < v->npairs; i++) {
			const struct ob_pair_rule *rule = &v->pairs[i];
			if (!(pos->rights & ob_right_bit(v, c, i)))
				continue;
			if (pos->board[t->pair[c][i].mover] ==
				    OB_PIECE(c, rule->mover_kind) &&
			    pos->board[t->pair[c][i].partner] ==
				    OB_PIECE(c, rule->partner_kind))
				continue;
			snprintf(part, sizeof part,
				 "%s %s right, but its pieces are not on %s and "
				 "%s",
				 side_name[c], rule->name,
				 t->names[t->pair[c][i].mover],
				 t->names[t->pair[c][i].partner]);
			append(err, &first, OB_ERR_RIGHTS_INCONSISTENT, part);
		}
	}
	if (pos->ep_cell >= 0 && !en_passant_possible(pos)) {
		snprintf(part, sizeof part,
			 "en passant cell %s, but no pawn has just moved two "
			 "cells over it",
			 t->names[pos->ep_cell]);
		append(err, &first, OB_ERR_EN_PASSANT_INCONSISTENT, part);
	} else if (pos->ep_cell >= 0 && pos->halfmove_clock != 0) {
		snprintf(part, sizeof part,
			 "en passant cell %s, but the half-move clock is %d, "
			 "not 0 as after the pawn's two-cell move",
			 t->names[pos->ep_cell], pos->halfmove_clock);
		append(err, &first, OB_ERR_EN_PASSANT_INCONSISTENT, part);
	}
	for (int c = 0; c < narmies; c++) {
		int n = cs_count(pos->by_color[c]);
		if (n <= v->max_pieces_per_side)
			continue;
		snprintf(part, sizeof part, "%s has %d pieces, more than %d",
			 side_name[c], n, v->max_pieces_per_side);
		append(err, &first, OB_ERR_TOO_MANY_PIECES, part);
	}
	return first ? OB_OK : err->status;
}

/* ---- writing ---- */

static char *write_group(const struct ob_position *pos, int depth,
			 int *coords, char *p)
{
	const struct ob_variant *v = pos->variant;
	const struct ob_board *b = v->board;
	int dim = b->placement_order[depth];
	int empty = 0;
	bool codes = ob_variant_has_codes(v), item = false;
	for (int i = 0; i < b->extent[dim]; i++) {
		coords[dim] = coordinate(b, depth, i);
		if (depth < b->ndims - 1) {
			if (i > 0)
				*p++ = b->placement_separator[depth];
			p = write_group(pos, depth + 1, coords, p);
			continue;
		}
		int c = ob_cell_at(v, coords);
		if (c < 0)
			continue;
		ob_piece piece = pos->board[c];
		if (piece == OB_EMPTY) {
			empty++;
			continue;
		}
		if (codes && item)
			*p++ = ',';
		if (empty)
			p += sprintf(p, codes ? "%d," : "%d", empty);
		empty = 0;
		item = true;
		if (codes) {
			p += sprintf(p, "%s%d",
				     ob_kind_code(v, OB_PIECE_KIND(piece)),
				     OB_PIECE_COLOR(piece) + 1);
			continue;
		}
		char l = v->kinds[OB_PIECE_KIND(piece)].letter;
		*p++ = OB_PIECE_COLOR(piece) == OB_BLACK ? (char)(l + 32) : l;
	}
	if (empty && codes && item)
		*p++ = ',';
	if (empty)
		p += sprintf(p, "%d", empty);
	return p;
}

/* Does a pawn of the side to move attack the en passant cell (whether or
 * not the capture would leave its King attacked)? */
static bool en_passant_attacked(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	int us = pos->side;
	return cs_any(cs_and(v->tables->pawn_attack_from[us][pos->ep_cell],
			     cs_and(pos->by_kind[v->pawn_kind],
				    pos->by_color[us])));
}

static char *write_state(const struct ob_position *pos, char *p)
{
	const struct ob_variant *v = pos->variant;
	*p++ = ' ';
	if (!pos->rights)
		*p++ = '-';
	for (int bit = 0; bit < 2 * v->npairs; bit++)
		if (pos->rights >> bit & 1) {
			char l = v->pairs[bit % v->npairs].right;
			*p++ = bit >= v->npairs ? (char)(l + 32) : l;
		}
	*p++ = ' ';
	if (pos->ep_cell < 0 || (v->ep_written_when_capturable &&
				 !en_passant_attacked(pos)))
		*p++ = '-';
	else
		p += ob_cell_name(v, pos->ep_cell, p);
	*p = '\0';
	return p;
}

int ob_ofen_write(const struct ob_position *pos, char *out)
{
	int coords[OB_MAX_DIMS] = {0};
	char *p = write_group(pos, 0, coords, out);
	if (ob_variant_has_codes(pos->variant))
		p += sprintf(p, " %d", pos->side + 1);
	else
		p += sprintf(p, " %c", pos->side == OB_WHITE ? 'w' : 'b');
	if (pos->variant->state_fields)
		p = write_state(pos, p);
	p += sprintf(p, " %d %d", pos->halfmove_clock, pos->fullmove_number);
	return (int)(p - out);
}

/* The variant's start position: its own OFEN, read by the reader above. */
void ob_position_start(struct ob_position *pos, const struct ob_variant *v)
{
	struct ob_error err;
	enum ob_status st = ob_ofen_read(pos, v, v->start_ofen,
					 strlen(v->start_ofen), NULL, &err);
	assert(st == OB_OK);
	(void)st;
}
