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

void test_geometry(void)
{
	spec_counts_from_centre();
	brute_force_all_cells();
	names_and_reflection();
}
