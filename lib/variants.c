/*
 * The rulesets as data: boards, piece kinds, pawns, start positions.
 * A new variant is a new table here; nothing else in the library names one.
 */
#include "oblique.h"

#include <ctype.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "internal.h"

/* ---- the 5x5x5 lattice: level, file, rank ---- */

enum { LEVEL, FILE_, RANK };

static const struct ob_board lattice5 = {
	.name = "5x5x5 lattice",
	.ndims = 3,
	.extent = {5, 5, 5},
	.style = {OB_COORD_UPPER, OB_COORD_LOWER, OB_COORD_NUMBER},
	.name_order = {LEVEL, FILE_, RANK},
	/* OFEN: levels E..A, each ranks 5..1, each files a..e */
	.placement_order = {LEVEL, RANK, FILE_},
	.placement_descending = {true, true, false},
	.placement_separator = {'|', '/', 0},
	.dim_name = {"level", "file", "rank"},
	.rank_dim = RANK,
	.exists = NULL,
};

/*
 * The 26 unit vectors of the lattice, ordered so that sub-ranges are the
 * piece families: 6 axes, then 12 two-axis diagonals, then 8 body
 * diagonals.  Components are (level, file, rank).
 */
static const struct ob_vector unit26[26] = {
	/* axes */
	{{1, 0, 0}}, {{-1, 0, 0}}, {{0, 1, 0}}, {{0, -1, 0}}, {{0, 0, 1}},
	{{0, 0, -1}},
	/* two-axis diagonals */
	{{1, 1, 0}}, {{1, -1, 0}}, {{-1, 1, 0}}, {{-1, -1, 0}},
	{{1, 0, 1}}, {{1, 0, -1}}, {{-1, 0, 1}}, {{-1, 0, -1}},
	{{0, 1, 1}}, {{0, 1, -1}}, {{0, -1, 1}}, {{0, -1, -1}},
	/* body diagonals */
	{{1, 1, 1}}, {{1, 1, -1}}, {{1, -1, 1}}, {{1, -1, -1}},
	{{-1, 1, 1}}, {{-1, 1, -1}}, {{-1, -1, 1}}, {{-1, -1, -1}},
};
#define AXES (unit26 + 0)
#define PLANAR_DIAGONALS (unit26 + 6)
#define BODY_DIAGONALS (unit26 + 18)

/* The 24 signed permutations of (2, 1, 0). */
static const struct ob_vector knight3d[24] = {
	{{2, 1, 0}}, {{2, -1, 0}}, {{-2, 1, 0}}, {{-2, -1, 0}},
	{{2, 0, 1}}, {{2, 0, -1}}, {{-2, 0, 1}}, {{-2, 0, -1}},
	{{1, 2, 0}}, {{1, -2, 0}}, {{-1, 2, 0}}, {{-1, -2, 0}},
	{{0, 2, 1}}, {{0, 2, -1}}, {{0, -2, 1}}, {{0, -2, -1}},
	{{1, 0, 2}}, {{1, 0, -2}}, {{-1, 0, 2}}, {{-1, 0, -2}},
	{{0, 1, 2}}, {{0, 1, -2}}, {{0, -1, 2}}, {{0, -1, -2}},
};

/* ---- Oblique ---- */

static const struct ob_piece_kind oblique_kinds[] = {
	{'S', "Sovereign", OB_LEAP, true, unit26, 26, NULL, NULL, 0},
	{'R', "Regent", OB_SLIDE, false, unit26, 26, NULL, NULL, 0},
	{'T', "Tower", OB_SLIDE, false, AXES, 6, NULL, NULL, 0},
	{'B', "Bishop", OB_SLIDE, false, PLANAR_DIAGONALS, 12, NULL, NULL, 0},
	{'L', "Lancer", OB_SLIDE, false, BODY_DIAGONALS, 8, NULL, NULL, 0},
	{'N', "Sentinel", OB_LEAP, false, knight3d, 24, NULL, NULL, 0},
	{'P', "Pawn", OB_PAWN, false, NULL, 0, NULL, NULL, 0},
};

static const struct ob_vector oblique_pawn_moves[] = {{{0, 0, 1}}};
static const struct ob_vector oblique_pawn_captures[] = {
	{{0, 1, 1}}, {{0, -1, 1}}, {{1, 0, 1}}, {{-1, 0, 1}},
};

static bool on_last_rank(const int *c)
{
	return c[RANK] == 4;
}
static bool on_first_or_last_rank(const int *c)
{
	return c[RANK] == 0 || c[RANK] == 4;
}

static const struct ob_pawn_rules oblique_pawn = {
	.moves = oblique_pawn_moves,
	.nmoves = 1,
	.captures = oblique_pawn_captures,
	.ncaptures = 4,
	.promotes_on = on_last_rank,
	.forbidden_on = on_first_or_last_rank,
	.promotion_letters = "RTBLN",
};

static struct ob_tables oblique_tables;
static struct ob_variant oblique = {
	.name = "oblique",
	.tag_name = "Oblique",
	.board = &lattice5,
	.kinds = oblique_kinds,
	.nkinds = 7,
	.royal_kind = 0,
	.pawn_kind = 6,
	.pawn = &oblique_pawn,
	.max_pieces_per_side = 20,
	.position_tag = "OFEN",
	.start_ofen = "5/5/5/5/5|1blb1/1ppp1/5/1P1P1/1R1L1|tnsnt/ppppp/5/"
		      "PPPPP/TNSNT|1l1r1/1p1p1/5/1PPP1/1BLB1|5/5/5/5/5 w 0 1",
	.tables = &oblique_tables,
};

/* ---- Raumschach ---- */

static const struct ob_piece_kind raumschach_kinds[] = {
	{'K', "King", OB_LEAP, true, unit26, 26, NULL, NULL, 0},
	{'Q', "Queen", OB_SLIDE, false, unit26, 26, NULL, NULL, 0},
	{'R', "Rook", OB_SLIDE, false, AXES, 6, NULL, NULL, 0},
	{'B', "Bishop", OB_SLIDE, false, PLANAR_DIAGONALS, 12, NULL, NULL, 0},
	{'U', "Unicorn", OB_SLIDE, false, BODY_DIAGONALS, 8, NULL, NULL, 0},
	{'N', "Knight", OB_LEAP, false, knight3d, 24, NULL, NULL, 0},
	{'P', "Pawn", OB_PAWN, false, NULL, 0, NULL, NULL, 0},
};

static const struct ob_vector raumschach_pawn_moves[] = {
	{{0, 0, 1}}, {{1, 0, 0}},
};
static const struct ob_vector raumschach_pawn_captures[] = {
	{{0, 1, 1}}, {{0, -1, 1}}, {{1, 0, 1}}, {{1, 1, 0}}, {{1, -1, 0}},
};

static bool on_far_rank_of_far_level(const int *c)
{
	return c[LEVEL] == 4 && c[RANK] == 4;
}
static bool raumschach_pawn_forbidden(const int *c)
{
	return c[RANK] == 0 || on_far_rank_of_far_level(c);
}

static const struct ob_pawn_rules raumschach_pawn = {
	.moves = raumschach_pawn_moves,
	.nmoves = 2,
	.captures = raumschach_pawn_captures,
	.ncaptures = 5,
	.promotes_on = on_far_rank_of_far_level,
	.forbidden_on = raumschach_pawn_forbidden,
	.promotion_letters = "QRBUN",
};

static struct ob_tables raumschach_tables;
static struct ob_variant raumschach = {
	.name = "raumschach",
	.tag_name = "Raumschach",
	.board = &lattice5,
	.kinds = raumschach_kinds,
	.nkinds = 7,
	.royal_kind = 0,
	.pawn_kind = 6,
	.pawn = &raumschach_pawn,
	.max_pieces_per_side = 20,
	.position_tag = "OFEN",
	.start_ofen = "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|"
		      "5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1",
	.tables = &raumschach_tables,
};

/* ---- Diagonal Oblong Chess: 64 cells of an 8x16 grid ---- */

enum { D_FILE, D_RANK };

/* Files a, c, e, g hold the odd ranks, b, d, f, h the even ones. */
static bool diagonal_cell(const int *c)
{
	return (c[D_FILE] + c[D_RANK]) % 2 == 0;
}

static const struct ob_board diamond64 = {
	.name = "diagonal oblong board",
	.ndims = 2,
	.extent = {8, 16},
	.style = {OB_COORD_LOWER, OB_COORD_NUMBER},
	.name_order = {D_FILE, D_RANK},
	/* DFEN: ranks 16..1, each its cells from the lowest file up */
	.placement_order = {D_RANK, D_FILE},
	.placement_descending = {true, false},
	.placement_separator = {'/', 0},
	.dim_name = {"file", "rank"},
	.rank_dim = D_RANK,
	.exists = diagonal_cell,
};

/* Steps (file, rank): 4 orthogonal (sharing an edge), 4 diagonal. */
static const struct ob_vector diamond_steps[8] = {
	{{1, 1, 0}}, {{1, -1, 0}}, {{-1, 1, 0}}, {{-1, -1, 0}},
	{{2, 0, 0}}, {{-2, 0, 0}}, {{0, 2, 0}}, {{0, -2, 0}},
};
#define ORTHOGONAL (diamond_steps + 0)
#define DIAGONAL (diamond_steps + 4)

static const struct ob_vector diamond_knight[8] = {
	{{1, 3, 0}}, {{1, -3, 0}}, {{-1, 3, 0}}, {{-1, -3, 0}},
	{{3, 1, 0}}, {{3, -1, 0}}, {{-3, 1, 0}}, {{-3, -1, 0}},
};

enum { DK, DQ, DR, DB, DN, DP };
static const struct ob_piece_kind diagonal_kinds[] = {
	[DK] = {'K', "King", OB_LEAP, true, diamond_steps, 8, NULL, NULL, 0},
	[DQ] = {'Q', "Queen", OB_SLIDE, false, diamond_steps, 8, NULL, NULL, 0},
	[DR] = {'R', "Rook", OB_SLIDE, false, ORTHOGONAL, 4, NULL, NULL, 0},
	[DB] = {'B', "Bishop", OB_SLIDE, false, DIAGONAL, 4, NULL, NULL, 0},
	[DN] = {'N', "Knight", OB_LEAP, false, diamond_knight, 8, NULL, NULL, 0},
	[DP] = {'P', "Pawn", OB_PAWN, false, NULL, 0, NULL, NULL, 0},
};

static const struct ob_vector diagonal_pawn_moves[] = {{{0, 2, 0}}};
static const struct ob_vector diagonal_pawn_captures[] = {
	{{1, 1, 0}}, {{-1, 1, 0}},
};

/* The last cell of each file: rank 15 on a c e g, 16 on b d f h. */
static bool diagonal_last_cell(const int *c)
{
	return c[D_RANK] >= 14;
}
static bool diagonal_pawn_forbidden(const int *c)
{
	return c[D_RANK] <= 1 || diagonal_last_cell(c);
}
static bool diagonal_pawn_start(const int *c)
{
	return c[D_RANK] == 2 || c[D_RANK] == 3;
}

static const struct ob_pawn_rules diagonal_pawn = {
	.moves = diagonal_pawn_moves,
	.nmoves = 1,
	.double_step_on = diagonal_pawn_start,
	.en_passant = true,
	.captures = diagonal_pawn_captures,
	.ncaptures = 2,
	.promotes_on = diagonal_last_cell,
	.forbidden_on = diagonal_pawn_forbidden,
	.promotion_letters = "QRBN",
};

static const struct ob_pair_rule diagonal_pairs[] = {
	{
		.type = OB_CASTLING,
		.right = 'K',
		.name = "castling",
		.mover_kind = DK,
		.partner_kind = DB,
		.mover_cell = "e1",
		.partner_cell = "a1",
		.mover_to = "a1",
		.partner_to = "c1",
		.empty = {"c1"},
		.safe = {"e1", "c1", "a1"},
		.word = "O-O",
	},
	{
		.type = OB_GUARDING,
		.right = 'G',
		.name = "guarding",
		.mover_kind = DQ,
		.partner_kind = DB,
		.mover_cell = "d2",
		.partner_cell = "h2",
		.partner_to = "d2",
		.empty = {"f2"},
	},
};

static struct ob_tables diagonal_tables;
static struct ob_variant diagonal_oblong = {
	.name = "diagonal-oblong",
	.tag_name = "Diagonal Oblong",
	.board = &diamond64,
	.kinds = diagonal_kinds,
	.nkinds = 6,
	.royal_kind = DK,
	.pawn_kind = DP,
	.pawn = &diagonal_pawn,
	.max_pieces_per_side = 16,
	.pairs = diagonal_pairs,
	.npairs = 2,
	.state_fields = true,
	.position_tag = "DFEN",
	.start_ofen = "rknb/bnqr/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/RQNB/"
		      "BNKR w KGkg - 0 1",
	.tables = &diagonal_tables,
};

/* ---- the registry ---- */

/* Plattraum's, in plattraum.c; chess, in chess.c. */
extern struct ob_variant ob_plattraum, ob_plattraum_2p, ob_plattraum_multiple,
	ob_plattraum_knighted, ob_plattraum_liu_yang, ob_chess;

static struct ob_variant *const registry[] = {
	&oblique,		&raumschach,	       &diagonal_oblong,
	&ob_plattraum,		&ob_plattraum_2p,      &ob_plattraum_multiple,
	&ob_plattraum_knighted, &ob_plattraum_liu_yang, &ob_chess,
	NULL};
#define NVARIANTS (sizeof registry / sizeof registry[0] - 1)

/* A variant's tables are built when it is first looked up, once: a tool
 * pays for the boards it uses only. */
static atomic_bool built[NVARIANTS];
static mtx_t build_lock;
static once_flag lock_made = ONCE_FLAG_INIT;

static void make_lock(void)
{
	mtx_init(&build_lock, mtx_plain);
}

static const struct ob_variant *ready(size_t i)
{
	if (!atomic_load_explicit(&built[i], memory_order_acquire)) {
		call_once(&lock_made, make_lock);
		mtx_lock(&build_lock);
		if (!atomic_load_explicit(&built[i], memory_order_relaxed)) {
			/* sound: each tables object is a non-const static */
			ob_tables_build(registry[i],
					(struct ob_tables *)registry[i]->tables);
			atomic_store_explicit(&built[i], true,
					      memory_order_release);
		}
		mtx_unlock(&build_lock);
	}
	return registry[i];
}

const struct ob_variant *const *ob_variants(void)
{
	for (size_t i = 0; i < NVARIANTS; i++)
		ready(i);
	return (const struct ob_variant *const *)registry;
}

const struct ob_variant *ob_variant_default(void)
{
	return ready(0);
}

static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
	return *a == *b;
}

const struct ob_variant *ob_variant_find(const char *name)
{
	for (size_t i = 0; i < NVARIANTS; i++)
		if (same_name(name, registry[i]->name) ||
		    same_name(name, registry[i]->tag_name))
			return ready(i);
	return NULL;
}

const char *ob_position_tag(const struct ob_variant *v)
{
	return v && v->position_tag ? v->position_tag : "OFEN";
}

void ob_variant_tag_names(char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (size_t i = 0; i < NVARIANTS; i++) {
		if (n + strlen(registry[i]->tag_name) + 3 >= size)
			break;
		n += (size_t)snprintf(out + n, size - n, "%s%s", i ? ", " : "",
				      registry[i]->tag_name);
	}
}

const struct ob_variant *ob_position_tag_owner(const char *tag)
{
	const struct ob_variant *owner = NULL;
	for (size_t i = 0; i < NVARIANTS; i++) {
		if (strcmp(ob_position_tag(registry[i]), tag) != 0)
			continue;
		if (owner)
			return NULL;
		owner = ready(i);
	}
	return owner;
}
