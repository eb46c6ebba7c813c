/*
 * Plattraum's rulesets as data (its spec, sections 1 to 4): Glinski's
 * 91-cell hexagonal board, the sixteen kinds with two-letter codes, the
 * Corporal, and the two-player setups.  variants.c lists them.
 */
#include "oblique.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- the board: doubled coordinates (x, h), spec section 1 ---- */

enum { HX, HH };

static const char hex_files[] = "abcdefghikl"; /* no j, as Glinski's */

static int off_centre(int x)
{
	return abs(x - 5);
}

static bool hex_cell(const int *c)
{
	int a = off_centre(c[HX]);
	return (c[HH] - a) % 2 == 0 && c[HH] >= a && c[HH] <= 20 - a;
}

/* Cells count from 1 at the bottom of each file. */
static int hex_name(const int *c, char *out)
{
	int number = (c[HH] - off_centre(c[HX])) / 2 + 1;
	int n = 0;
	out[n++] = hex_files[c[HX]];
	if (number >= 10)
		out[n++] = (char)('0' + number / 10);
	out[n++] = (char)('0' + number % 10);
	out[n] = '\0';
	return n;
}

/* A file letter and one or two digits; j, a number 0 or a number past
 * the file's end names no cell. */
static int hex_parse(const char *s, int *c)
{
	if (s[0] < 'a' || s[0] > 'z')
		return 0;
	if (s[1] < '0' || s[1] > '9')
		return 0;
	int n = 1, number = 0;
	while (n < 3 && s[n] >= '0' && s[n] <= '9')
		number = number * 10 + (s[n++] - '0');
	const char *f = s[0] == 'j' ? NULL : strchr(hex_files, s[0]);
	if (!f || number < 1)
		return -1;
	c[HX] = (int)(f - hex_files);
	c[HH] = 2 * (number - 1) + off_centre(c[HX]);
	return hex_cell(c) ? n : -1;
}

static const struct ob_board hex91 = {
	.name = "hexagonal board",
	.ndims = 2,
	.extent = {11, 21},
	.style = {OB_COORD_LOWER, OB_COORD_NUMBER},
	.name_order = {HX, HH},
	/* PFEN: files a..l, each its cells from 1 upward */
	.placement_order = {HX, HH},
	.placement_descending = {false, false},
	.placement_separator = {'/', ','},
	.dim_name = {"file", "cell"},
	.rank_dim = HH,
	.exists = hex_cell,
	.name_cell = hex_name,
	.parse_cell = hex_parse,
};

/* ---- steps (dx, dh), army 1's frame ---- */

/* 6 orthogonal (sharing an edge), then 6 diagonal (through a corner). */
static const struct ob_vector hex12[12] = {
	{{0, 2, 0}},  {{0, -2, 0}}, {{1, 1, 0}},   {{-1, 1, 0}},
	{{1, -1, 0}}, {{-1, -1, 0}}, {{2, 0, 0}},  {{-2, 0, 0}},
	{{1, 3, 0}},  {{-1, 3, 0}}, {{1, -3, 0}},  {{-1, -3, 0}},
};
#define HEX_ORTHOGONAL (hex12 + 0)
#define HEX_DIAGONAL (hex12 + 6)

/* Forerook lines (forward, both half-backward), then the diagonals. */
static const struct ob_vector fore_diagonal[9] = {
	{{0, 2, 0}},  {{1, -1, 0}}, {{-1, -1, 0}}, {{2, 0, 0}},  {{-2, 0, 0}},
	{{1, 3, 0}},  {{-1, 3, 0}}, {{1, -3, 0}},  {{-1, -3, 0}},
};
/* Hindrook lines (backward, both half-forward), then the diagonals. */
static const struct ob_vector hind_diagonal[9] = {
	{{0, -2, 0}}, {{1, 1, 0}},  {{-1, 1, 0}},  {{2, 0, 0}},  {{-2, 0, 0}},
	{{1, 3, 0}},  {{-1, 3, 0}}, {{1, -3, 0}},  {{-1, -3, 0}},
};
#define FORE (fore_diagonal + 0)
#define HIND (hind_diagonal + 0)

static const struct ob_vector root7[12] = {
	{{1, 5, 0}},  {{1, -5, 0}},  {{-1, 5, 0}},  {{-1, -5, 0}},
	{{2, 4, 0}},  {{2, -4, 0}},  {{-2, 4, 0}},  {{-2, -4, 0}},
	{{3, 1, 0}},  {{3, -1, 0}},  {{-3, 1, 0}},  {{-3, -1, 0}},
};

/* ---- the kinds (spec section 3); each variant lists its setup's ---- */

#define KIND(code, name, motion, royal, vecs, n, leaps, nleaps)               \
	{0, name, motion, royal, vecs, n, code, leaps, nleaps}
#define GD KIND("Gd", "Grandduke", OB_LEAP, true, hex12, 12, NULL, 0)
#define DS KIND("Ds", "Duchess", OB_SLIDE, false, hex12, 12, NULL, 0)
#define RK KIND("Rk", "Rook", OB_SLIDE, false, HEX_ORTHOGONAL, 6, NULL, 0)
#define UN KIND("Un", "Unicorn", OB_SLIDE, false, HEX_DIAGONAL, 6, NULL, 0)
#define SN KIND("Sn", "Sennight", OB_LEAP, false, root7, 12, NULL, 0)
#define FR KIND("Fr", "Forerook", OB_SLIDE, false, FORE, 3, NULL, 0)
#define HR KIND("Hr", "Hindrook", OB_SLIDE, false, HIND, 3, NULL, 0)
#define FD KIND("Fd", "Foreduchess", OB_SLIDE, false, fore_diagonal, 9, NULL, 0)
#define HD KIND("Hd", "Hindduchess", OB_SLIDE, false, hind_diagonal, 9, NULL, 0)
#define FS KIND("Fs", "Foreseaseholder", OB_SLIDE, false, FORE, 3, root7, 12)
#define HS KIND("Hs", "Hindseaseholder", OB_SLIDE, false, HIND, 3, root7, 12)
#define SP KIND("Sp", "Seprechaun", OB_SLIDE, false, HEX_DIAGONAL, 6, root7, 12)
#define FC KIND("Fc", "Forecannon", OB_CANNON, false, FORE, 3, NULL, 0)
#define HC KIND("Hc", "Hindcannon", OB_CANNON, false, HIND, 3, NULL, 0)
#define SG KIND("Sg", "Sling", OB_CANNON, false, HEX_DIAGONAL, 6, NULL, 0)
#define CP KIND("Cp", "Corporal", OB_PAWN, false, NULL, 0, NULL, 0)

/* ---- the Corporal ---- */

static const struct ob_vector corporal_moves[] = {{{0, 2, 0}}};

/* Its captures by file: the inward forward diagonal and the outward
 * half-forward step; on the centre file both half-forward steps. */
static int corporal_captures(const int *c, struct ob_vector *out)
{
	static const struct ob_vector left[2] = {{{1, 3, 0}}, {{-1, 1, 0}}};
	static const struct ob_vector right[2] = {{{-1, 3, 0}}, {{1, 1, 0}}};
	static const struct ob_vector centre[2] = {{{1, 1, 0}}, {{-1, 1, 0}}};
	const struct ob_vector *v = c[HX] < 5 ? left : c[HX] > 5 ? right : centre;
	out[0] = v[0];
	out[1] = v[1];
	return 2;
}

/* The far edge: the cells whose forward step leaves the board. */
static bool on_far_edge(const int *c)
{
	return c[HH] + 2 > 20 - off_centre(c[HX]);
}

#define CORPORAL(choices, limited)                                             \
	{                                                                      \
		.moves = corporal_moves, .nmoves = 1,                          \
		.captures_at = corporal_captures, .promotes_on = on_far_edge,  \
		.forbidden_on = on_far_edge, .promotion_letters = choices,     \
		.promotion_limited = limited,                                  \
	}

/* Army 2 of two moves through the mirror top<->bottom (spec section 2). */
static const struct ob_frame two_frames[2] = {
	{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 1},
	{{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}}, 1},
};

#define PLATTRAUM_2P(id, opt, tag, kindlist, pawnrules, pieces, start)         \
	static struct ob_tables id##_tables;                                   \
	struct ob_variant ob_##id = {                                          \
		.name = opt,                                                   \
		.tag_name = tag,                                               \
		.board = &hex91,                                               \
		.kinds = kindlist,                                             \
		.nkinds = sizeof kindlist / sizeof kindlist[0],                \
		.royal_kind = 0,                                               \
		.pawn_kind = sizeof kindlist / sizeof kindlist[0] - 1,         \
		.pawn = &pawnrules,                                            \
		.max_pieces_per_side = pieces,                                 \
		.position_tag = "PFEN",                                        \
		.start_ofen = start,                                           \
		.tables = &id##_tables,                                        \
		.narmies = 2,                                                  \
		.frames = two_frames,                                          \
		.far_corner = "f11",                                           \
	}

/* ---- with single compound, two players ---- */

static const struct ob_piece_kind single_kinds[] = {GD, DS, FR, HR, UN, SN,
						    CP};
static const struct ob_pawn_rules single_corporal =
	CORPORAL("Ds Fr Hr Un Sn", false);
PLATTRAUM_2P(plattraum_2p, "plattraum-2p", "Plattraum Two-Player",
	     single_kinds, single_corporal, 16,
	     "6/7/Sn1,6,Sn2/Fr1,Cp1,5,Cp2,Fr2/Ds1,Hr1,Cp1,4,Cp2,Hr2,Ds2/"
	     "Un1,Un1,Un1,Cp1,3,Cp2,Un2,Un2,Un2/Gd1,Hr1,Cp1,4,Cp2,Hr2,Gd2/"
	     "Fr1,Cp1,5,Cp2,Fr2/Sn1,6,Sn2/7/6 1 0 1");

/* ---- with single compound, three players ---- */

/* Armies 2 and 3 move through the rotations by 120 and 240 degrees
 * anticlockwise about f6: (dx, dh) -> (-(dx + dh), 3dx - dh) / 2 and
 * (dh - dx, -3dx - dh) / 2 (spec section 2). */
static const struct ob_frame three_frames[3] = {
	{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 1},
	{{{-1, -1, 0}, {3, -1, 0}, {0, 0, 2}}, 2},
	{{{-1, 1, 0}, {-3, -1, 0}, {0, 0, 2}}, 2},
};
static struct ob_tables plattraum_tables;
struct ob_variant ob_plattraum = {
	.name = "plattraum",
	.tag_name = "Plattraum",
	.board = &hex91,
	.kinds = single_kinds,
	.nkinds = sizeof single_kinds / sizeof single_kinds[0],
	.royal_kind = 0,
	.pawn_kind = sizeof single_kinds / sizeof single_kinds[0] - 1,
	.pawn = &single_corporal,
	.max_pieces_per_side = 16,
	.position_tag = "PFEN",
	.start_ofen = "2,Sn3,Fr3,Gd3,Un3/3,Cp3,Hr3,Un3,Ds3/"
		      "Sn1,3,Cp3,Un3,Hr3,Fr3/Fr1,Cp1,3,Cp3,Cp3,Cp3,Sn3/"
		      "Ds1,Hr1,Cp1,7/Un1,Un1,Un1,Cp1,7/Gd1,Hr1,Cp1,7/"
		      "Fr1,Cp1,3,Cp2,Cp2,Cp2,Sn2/Sn1,3,Cp2,Un2,Hr2,Fr2/"
		      "3,Cp2,Hr2,Un2,Gd2/2,Sn2,Fr2,Ds2,Un2 1 0 1",
	.tables = &plattraum_tables,
	.narmies = 3,
	.frames = three_frames,
	.far_corner = "f11",
};

/* ---- with multiple compounds ---- */

static const struct ob_piece_kind multiple_kinds[] = {GD, RK, FD, HD, FR,
						      HR, UN, SN, CP};
static const struct ob_pawn_rules multiple_corporal =
	CORPORAL("Rk Fd Hd Fr Hr Un Sn", false);
PLATTRAUM_2P(plattraum_multiple, "plattraum-multiple", "Plattraum Multiple",
	     multiple_kinds, multiple_corporal, 25,
	     "6/Cp1,5,Cp2/Fr1,Cp1,4,Cp2,Fr2/Hd1,Sn1,Cp1,3,Cp2,Sn2,Hd2/"
	     "Rk1,Fd1,Hr1,Cp1,2,Cp2,Hr2,Fd2,Rk2/"
	     "Gd1,Un1,Un1,Un1,Cp1,1,Cp2,Un2,Un2,Un2,Gd2/"
	     "Rk1,Fd1,Hr1,Cp1,2,Cp2,Hr2,Fd2,Rk2/Hd1,Sn1,Cp1,3,Cp2,Sn2,Hd2/"
	     "Fr1,Cp1,4,Cp2,Fr2/Cp1,5,Cp2/6 1 0 1");

/* ---- Knighted ---- */

static const struct ob_piece_kind knighted_kinds[] = {
	GD, SP, FS, HS, FD, HD, RK, FR, HR, UN, SN, CP};
static const struct ob_pawn_rules knighted_corporal =
	CORPORAL("Sp Fs Hs Fd Hd Rk Fr Hr Un Sn", false);
PLATTRAUM_2P(plattraum_knighted, "plattraum-knighted", "Plattraum Knighted",
	     knighted_kinds, knighted_corporal, 25,
	     "6/Cp1,5,Cp2/Fr1,Cp1,4,Cp2,Fr2/Fs1,Sn1,Cp1,3,Cp2,Sn2,Fs2/"
	     "Sp1,Hd1,Hr1,Cp1,2,Cp2,Hr2,Hd2,Sp2/"
	     "Un1,Un1,Un1,Rk1,Cp1,1,Cp2,Rk2,Un2,Un2,Un2/"
	     "Gd1,Fd1,Hr1,Cp1,2,Cp2,Hr2,Fd2,Gd2/Hs1,Sn1,Cp1,3,Cp2,Sn2,Hs2/"
	     "Fr1,Cp1,4,Cp2,Fr2/Cp1,5,Cp2/6 1 0 1");

/* ---- Liu Yang: cannons, limited promotion, the Grandduke swap ---- */

enum { LY_GD, LY_SG, LY_FC, LY_HC, LY_FR, LY_HR, LY_UN, LY_SN, LY_CP };
static const struct ob_piece_kind liu_yang_kinds[] = {
	[LY_GD] = GD, [LY_SG] = SG, [LY_FC] = FC, [LY_HC] = HC, [LY_FR] = FR,
	[LY_HR] = HR, [LY_UN] = UN, [LY_SN] = SN, [LY_CP] = CP};
static const struct ob_pawn_rules liu_yang_corporal =
	CORPORAL("Sg Fc Hc Fr Hr Un Sn", true);
static const struct ob_pair_rule liu_yang_pairs[] = {{
	.type = OB_SWAP,
	.name = "swap",
	.mover_kind = LY_GD,
	.partner_kind = -1,
	.partner_kinds = 1u << LY_FR | 1u << LY_HR | 1u << LY_UN |
			 1u << LY_FC | 1u << LY_HC | 1u << LY_SG,
	.adjacent = HEX_ORTHOGONAL,
	.nadjacent = 6,
}};
static struct ob_tables plattraum_liu_yang_tables;
struct ob_variant ob_plattraum_liu_yang = {
	.name = "plattraum-liu-yang",
	.tag_name = "Plattraum Liu Yang",
	.board = &hex91,
	.kinds = liu_yang_kinds,
	.nkinds = 9,
	.royal_kind = LY_GD,
	.pawn_kind = LY_CP,
	.pawn = &liu_yang_corporal,
	.max_pieces_per_side = 24,
	.pairs = liu_yang_pairs,
	.npairs = 1,
	.position_tag = "PFEN",
	.start_ofen = "6/Cp1,5,Cp2/Fr1,Cp1,4,Cp2,Fr2/Fc1,Sn1,Cp1,3,Cp2,Sn2,Fc2/"
		      "Sg1,Un1,Hr1,Cp1,2,Cp2,Hr2,Un2,Sg2/"
		      "Gd1,Hc1,Hc1,1,Cp1,1,Cp2,1,Hc2,Hc2,Gd2/"
		      "Sg1,Un1,Hr1,Cp1,2,Cp2,Hr2,Un2,Sg2/"
		      "Fc1,Sn1,Cp1,3,Cp2,Sn2,Fc2/Fr1,Cp1,4,Cp2,Fr2/Cp1,5,Cp2/6 "
		      "1 0 1",
	.tables = &plattraum_liu_yang_tables,
	.narmies = 2,
	.frames = two_frames,
	.far_corner = "f11",
};
