/* Geometry: every piece's targets against the spec's figures and against
 * a brute-force enumeration over all cells, done here without the tables. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* Does vector (dl, df, dr) belong to the family with `nonzero` non-zero
 * unit components (0: any of 1..3)? */
static bool unit_family(int dl, int df, int dr, int nonzero)
{
	if (abs(dl) > 1 || abs(df) > 1 || abs(dr) > 1)
		return false;
	int n = (dl != 0) + (df != 0) + (dr != 0);
	return n > 0 && (nonzero == 0 || n == nonzero);
}

static bool knight_vector(int dl, int df, int dr)
{
	int a[3] = {abs(dl), abs(df), abs(dr)};
	int twos = 0, ones = 0, zeros = 0;
	for (int i = 0; i < 3; i++) {
		twos += a[i] == 2;
		ones += a[i] == 1;
		zeros += a[i] == 0;
	}
	return twos == 1 && ones == 1 && zeros == 1;
}

/* Brute force: is `to` reached from `from` on an empty lattice by the
 * Oblique piece with this letter? */
static bool reaches(char letter, const int *a, const int *b)
{
	int dl = b[0] - a[0], df = b[1] - a[1], dr = b[2] - a[2];
	int m = abs(dl) > abs(df) ? abs(dl) : abs(df);
	m = abs(dr) > m ? abs(dr) : m;
	if (m == 0)
		return false;
	bool straight = (dl == 0 || abs(dl) == m) && (df == 0 || abs(df) == m) &&
			(dr == 0 || abs(dr) == m);
	int ul = dl / m, uf = df / m, ur = dr / m;
	switch (letter) {
	case 'S':
		return m == 1;
	case 'R':
		return straight && unit_family(ul, uf, ur, 0);
	case 'T':
		return straight && unit_family(ul, uf, ur, 1);
	case 'B':
		return straight && unit_family(ul, uf, ur, 2);
	case 'L':
		return straight && unit_family(ul, uf, ur, 3);
	case 'N':
		return knight_vector(dl, df, dr);
	}
	return false;
}

static void spec_counts_from_centre(void)
{
	const struct ob_variant *v = ob_variant_default();
	static const struct {
		char letter;
		int cells;
	} expect[] = {{'S', 26}, {'R', 52}, {'T', 12},
		      {'B', 24}, {'L', 16}, {'N', 24}};
	/* Sovereigns on Aa2 and Ee4: on none of the lines through Cc3. */
	for (size_t i = 0; i < sizeof expect / sizeof *expect; i++) {
		struct ob_position pos;
		char ofen[OB_OFEN_MAX];
		char letter = expect[i].letter;
		if (letter == 'S') {
			/* The other Sovereign cannot stand two steps or more
			 * from the centre, so count the Sovereign's table. */
			int s = ob_kind_from_letter(v, 'S');
			int n = ob_cellset_count(ob_attacks_empty(v, OB_WHITE, s, 62));
			CHECK(n == 26, "S from Cc3: %d cells", n);
			continue;
		}
		/* S on Aa2, s on Ea4: neither on a line through Cc3 */
		snprintf(ofen, sizeof ofen,
			 "5/s4/5/5/5|5/5/5/5/5|5/5/2%c2/5/5|5/5/5/5/5|"
			 "5/5/5/S4/5 w 0 1",
			 letter);
		check_position(&pos, v, ofen);
		ob_move moves[OB_MAX_MOVES];
		int n = ob_legal_moves(&pos, moves), from_centre = 0;
		for (int k = 0; k < n; k++)
			from_centre += OB_MOVE_FROM(moves[k]) == 62;
		CHECK(from_centre == expect[i].cells, "%c from Cc3: %d cells, "
		      "expected %d", letter, from_centre, expect[i].cells);
	}
	/* A White pawn on Cc3: one advance, four attacked cells. */
	struct ob_position pos;
	check_position(&pos, v,
		       "5/s4/5/5/5|5/5/5/5/5|5/5/2P2/5/5|5/5/5/5/5|5/5/5/S4/5 w 0 1");
	int pawn = ob_kind_from_letter(v, 'P');
	CHECK(ob_cellset_count(ob_attacks_empty(v, OB_WHITE, pawn, 62)) == 4,
	      "pawn attacks from Cc3");
	ob_move moves[OB_MAX_MOVES];
	int advances = 0, n = ob_legal_moves(&pos, moves);
	for (int k = 0; k < n; k++)
		advances += OB_MOVE_FROM(moves[k]) == 62;
	CHECK(advances == 1, "pawn advances from Cc3: %d", advances);
}

static void brute_force_all_cells(void)
{
	const struct ob_variant *v = ob_variant_default();
	const char *letters = "SRTBLN";
	for (const char *l = letters; *l; l++) {
		int kind = ob_kind_from_letter(v, *l);
		for (int from = 0; from < 125; from++) {
			int a[3], b[3];
			ob_cell_coords(v, from, a);
			struct ob_cellset got =
				ob_attacks_empty(v, OB_WHITE, kind, from);
			for (int to = 0; to < 125; to++) {
				ob_cell_coords(v, to, b);
				bool want = reaches(*l, a, b);
				if (!CHECK(ob_cellset_has(got, to) == want,
					   "%c from cell %d to %d", *l, from, to))
					return;
			}
		}
	}
	/* Pawn attacks for both colours: the spec's four vectors, Black's
	 * with dr = -1. */
	int pawn = ob_kind_from_letter(v, 'P');
	for (int color = 0; color < 2; color++)
		for (int from = 0; from < 125; from++) {
			int a[3], b[3], fwd = color == OB_WHITE ? 1 : -1;
			ob_cell_coords(v, from, a);
			struct ob_cellset got =
				ob_attacks_empty(v, color, pawn, from);
			for (int to = 0; to < 125; to++) {
				ob_cell_coords(v, to, b);
				int dl = b[0] - a[0], df = b[1] - a[1],
				    dr = b[2] - a[2];
				bool want = dr == fwd &&
					    abs(dl) + abs(df) == 1;
				CHECK(ob_cellset_has(got, to) == want,
				      "pawn colour %d from %d to %d", color,
				      from, to);
			}
		}
}

static void names_and_reflection(void)
{
	const struct ob_variant *v = ob_variant_default();
	char name[8];
	CHECK(ob_cell_count(v) == 125, "125 cells");
	ob_cell_name(v, 0, name);
	CHECK(strcmp(name, "Aa1") == 0, "cell 0 is %s", name);
	ob_cell_name(v, 62, name);
	CHECK(strcmp(name, "Cc3") == 0, "cell 62 is %s", name);
	ob_cell_name(v, 124, name);
	CHECK(strcmp(name, "Ee5") == 0, "cell 124 is %s", name);
	for (int c = 0; c < 125; c++) {
		int cell = -1;
		ob_cell_name(v, c, name);
		CHECK(ob_cell_parse(v, name, &cell) == 3 && cell == c,
		      "parse %s", name);
		int a[3], b[3];
		ob_cell_coords(v, c, a);
		ob_cell_coords(v, ob_cell_reflect(v, c), b);
		CHECK(a[0] + b[0] == 4 && a[1] + b[1] == 4 && a[2] + b[2] == 4,
		      "reflection of %s", name);
	}
	int cell;
	CHECK(ob_cell_parse(v, "Fa1", &cell) < 0, "Fa1 is no cell");
	CHECK(ob_cell_parse(v, "Af1", &cell) < 0, "Af1 is no cell");
	CHECK(ob_cell_parse(v, "Aa6", &cell) < 0, "Aa6 is no cell");
	CHECK(ob_cell_parse(v, "aa1", &cell) == 0, "aa1 is not a cell name");
	CHECK(ob_cellset_count(ob_between(v, 0, 124)) == 3, "Aa1..Ee5");
	CHECK(ob_cellset_count(ob_between(v, 0, 1)) == 0, "Aa1..Aa2");
	CHECK(ob_cellset_count(ob_between(v, 0, 7)) == 0, "Aa1..Ab3: no line");
}

/* The cells of a set as names in cell order, space-separated. */
static void names_of(const struct ob_variant *v, struct ob_cellset s,
		     char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (int c = 0; c < ob_cell_count(v); c++)
		if (ob_cellset_has(s, c)) {
			char name[8];
			ob_cell_name(v, c, name);
			n += (size_t)snprintf(out + n, size - n, "%s%s",
					      n ? " " : "", name);
		}
}

static int kind_of(const struct ob_variant *v, const char *code)
{
	int len;
	return ob_kind_parse(v, code, &len);
}

/* Plattraum's board, spec section 1 and 3: cells, names, colours, the
 * figures from f6 and summed over all cells, the Corporal's examples,
 * the far edges and the mirror frame. */
static void hexagonal_board(void)
{
	const struct ob_variant *v = ob_variant_find("plattraum-knighted");
	char got[512];
	int f6 = -1, cell;
	CHECK(ob_cell_count(v) == 91, "91 cells, not %d", ob_cell_count(v));
	CHECK(ob_cell_parse(v, "f6", &f6) == 2, "f6");
	CHECK(ob_cell_parse(v, "f11", &cell) == 3, "f11");
	CHECK(ob_cell_parse(v, "e11", &cell) < 0, "e11 is no cell");
	CHECK(ob_cell_parse(v, "j3", &cell) < 0, "j3 is no cell");
	CHECK(ob_cell_parse(v, "l7", &cell) < 0, "l7 is no cell");
	int colours[3] = {0};
	for (int c = 0; c < 91; c++) {
		int xy[3];
		char name[8];
		ob_cell_coords(v, c, xy);
		int q = xy[0] - 5, s = (xy[1] - q) / 2;
		colours[((q - s) % 3 + 3) % 3]++;
		ob_cell_name(v, c, name);
		CHECK(ob_cell_parse(v, name, &cell) == (int)strlen(name) &&
			      cell == c,
		      "parse %s", name);
	}
	CHECK(colours[0] + colours[1] + colours[2] == 91 && colours[0] >= 30 &&
		      colours[0] <= 31 && colours[1] >= 30 && colours[2] >= 30,
	      "colours %d %d %d", colours[0], colours[1], colours[2]);
	static const struct {
		const char *code;
		int from_f6, sum;
		const char *cells;
	} figures[] = {
		{"Rk", 30, 2070, NULL},
		{"Un", 12, 1080, "b4 d2 d5 d8 e4 e7 g4 g7 h2 h5 h8 k4"},
		{"Gd", 12, 900, NULL},
		{"Sn", 12, 720, "c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5"},
		{"Fr", 15, -1, "a1 b2 c3 d4 e5 f7 f8 f9 f10 f11 g5 h4 i3 k2 l1"},
		{"Hr", 15, -1, "a6 b6 c6 d6 e6 f1 f2 f3 f4 f5 g6 h6 i6 k6 l6"},
		{"Fd", 27, -1, NULL},
		{"Hd", 27, -1, NULL},
		{"Fs", 27, -1, NULL},
		{"Hs", 27, -1, NULL},
		{"Sp", 24, -1, NULL},
	};
	for (size_t i = 0; i < sizeof figures / sizeof *figures; i++) {
		int k = kind_of(v, figures[i].code);
		if (!CHECK(k >= 0, "%s in Knighted", figures[i].code))
			continue;
		struct ob_cellset s = ob_attacks_empty(v, OB_WHITE, k, f6);
		CHECK(ob_cellset_count(s) == figures[i].from_f6,
		      "%s from f6: %d", figures[i].code, ob_cellset_count(s));
		if (figures[i].cells) {
			names_of(v, s, got, sizeof got);
			CHECK(strcmp(got, figures[i].cells) == 0, "%s from f6: %s",
			      figures[i].code, got);
		}
		int sum = 0;
		for (int c = 0; c < 91; c++)
			sum += ob_cellset_count(ob_attacks_empty(v, OB_WHITE, k, c));
		CHECK(figures[i].sum < 0 || sum == figures[i].sum,
		      "%s summed over the board: %d", figures[i].code, sum);
	}
	/* the Corporal: e4 takes on f6 and d4, f5 on g5 and e5, k1 on i3
	 * and l1; army 2 through the mirror */
	static const char *const corporal[][3] = {
		{"e4", "d4 f6", "d3 f3"},
		{"f5", "e5 g5", "e4 g4"},
		{"k1", "i3 l1", ""},
	};
	int cp = kind_of(v, "Cp");
	for (int i = 0; i < 3; i++) {
		ob_cell_parse(v, corporal[i][0], &cell);
		names_of(v, ob_attacks_empty(v, OB_WHITE, cp, cell), got,
			 sizeof got);
		CHECK(strcmp(got, corporal[i][1]) == 0, "Cp1 on %s takes %s",
		      corporal[i][0], got);
		names_of(v, ob_attacks_empty(v, OB_BLACK, cp, cell), got,
			 sizeof got);
		CHECK(strcmp(got, corporal[i][2]) == 0, "Cp2 on %s takes %s",
		      corporal[i][0], got);
	}
	/* far edges: the cells no Corporal of the army may stand on */
	struct ob_position pos;
	struct ob_error err;
	const char *edge1[] = {"a6", "b7", "c8", "d9", "e10", "f11", "g10",
			       "h9", "i8", "k7", "l6"};
	int gd = kind_of(v, "Gd"), b2, k4;
	ob_cell_parse(v, "b2", &b2);
	ob_cell_parse(v, "k4", &k4);
	for (int i = 0; i < 11; i++) {
		ob_position_clear(&pos, v);
		ob_position_put(&pos, b2, OB_PIECE(OB_WHITE, gd));
		ob_position_put(&pos, k4, OB_PIECE(OB_BLACK, gd));
		ob_cell_parse(v, edge1[i], &cell);
		ob_position_put(&pos, cell, OB_PIECE(OB_WHITE, cp));
		CHECK(ob_position_check(&pos, &err) == OB_ERR_PAWN_ON_END_RANK,
		      "Cp1 on %s", edge1[i]);
		int mirror = ob_cell_reflect(v, cell);
		char name[8];
		ob_cell_name(v, mirror, name);
		CHECK(name[strlen(name) - 1] == '1' && strlen(name) == 2,
		      "%s mirrors to %s, on army 2's far edge", edge1[i], name);
	}
}

void test_geometry(void)
{
	spec_counts_from_centre();
	brute_force_all_cells();
	names_and_reflection();
	hexagonal_board();
}
