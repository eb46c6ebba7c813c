/*
 * Orthodox chess as data: the 8x8 board, the six kinds, the pawn, the two
 * castlings, Black's frame (the mirror top to bottom) and the positions
 * FIDE counts as dead.  variants.c lists it.
 */
#include "oblique.h"

#include "internal.h"

enum { FILE_, RANK };

static const struct ob_board square64 = {
	.name = "square board",
	.ndims = 2,
	.extent = {8, 8},
	.style = {OB_COORD_LOWER, OB_COORD_NUMBER},
	.name_order = {FILE_, RANK},
	/* FEN: ranks 8..1, each its files a..h */
	.placement_order = {RANK, FILE_},
	.placement_descending = {true, false},
	.placement_separator = {'/', 0},
	.dim_name = {"file", "rank"},
	.rank_dim = RANK,
	.exists = NULL,
};

/* Steps (file, rank): 4 orthogonal, then 4 diagonal. */
static const struct ob_vector king_steps[8] = {
	{{1, 0, 0}}, {{-1, 0, 0}}, {{0, 1, 0}},	 {{0, -1, 0}},
	{{1, 1, 0}}, {{1, -1, 0}}, {{-1, 1, 0}}, {{-1, -1, 0}},
};
#define ORTHOGONAL (king_steps + 0)
#define DIAGONAL (king_steps + 4)

static const struct ob_vector knight_leaps[8] = {
	{{1, 2, 0}}, {{1, -2, 0}}, {{-1, 2, 0}}, {{-1, -2, 0}},
	{{2, 1, 0}}, {{2, -1, 0}}, {{-2, 1, 0}}, {{-2, -1, 0}},
};

enum { CK, CQ, CR, CB, CN, CP };
static const struct ob_piece_kind chess_kinds[] = {
	[CK] = {'K', "King", OB_LEAP, true, king_steps, 8, NULL, NULL, 0},
	[CQ] = {'Q', "Queen", OB_SLIDE, false, king_steps, 8, NULL, NULL, 0},
	[CR] = {'R', "Rook", OB_SLIDE, false, ORTHOGONAL, 4, NULL, NULL, 0},
	[CB] = {'B', "Bishop", OB_SLIDE, false, DIAGONAL, 4, NULL, NULL, 0},
	[CN] = {'N', "Knight", OB_LEAP, false, knight_leaps, 8, NULL, NULL, 0},
	[CP] = {'P', "Pawn", OB_PAWN, false, NULL, 0, NULL, NULL, 0},
};

static const struct ob_vector pawn_moves[] = {{{0, 1, 0}}};
static const struct ob_vector pawn_captures[] = {{{1, 1, 0}}, {{-1, 1, 0}}};

/* White's cells; Black's are their mirror images. */
static bool on_last_rank(const int *c)
{
	return c[RANK] == 7;
}
static bool on_first_or_last_rank(const int *c)
{
	return c[RANK] == 0 || c[RANK] == 7;
}
static bool on_second_rank(const int *c)
{
	return c[RANK] == 1;
}

static const struct ob_pawn_rules chess_pawn = {
	.moves = pawn_moves,
	.nmoves = 1,
	.double_step_on = on_second_rank,
	.en_passant = true,
	.captures = pawn_captures,
	.ncaptures = 2,
	.promotes_on = on_last_rank,
	.forbidden_on = on_first_or_last_rank,
	.promotion_letters = "QRBN",
};

/* The King's path and target must not be attacked; the Rook's may be. */
static const struct ob_pair_rule chess_castlings[] = {
	{
		.type = OB_CASTLING,
		.right = 'K',
		.name = "kingside castling",
		.mover_kind = CK,
		.partner_kind = CR,
		.mover_cell = "e1",
		.partner_cell = "h1",
		.mover_to = "g1",
		.partner_to = "f1",
		.empty = {"f1", "g1"},
		.safe = {"e1", "f1", "g1"},
		.word = "O-O",
		.written_as_move = true,
	},
	{
		.type = OB_CASTLING,
		.right = 'Q',
		.name = "queenside castling",
		.mover_kind = CK,
		.partner_kind = CR,
		.mover_cell = "e1",
		.partner_cell = "a1",
		.mover_to = "c1",
		.partner_to = "d1",
		.empty = {"d1", "c1", "b1"},
		.safe = {"e1", "d1", "c1"},
		.word = "O-O-O",
		.written_as_move = true,
	},
};

/* Black moves through the mirror top to bottom: its pawns go down, its
 * King and Queen stand on the files of White's. */
static const struct ob_frame chess_frames[2] = {
	{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 1},
	{{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}}, 1},
};

/*
 * FIDE's dead positions by material (article 5.2.2 as commonly applied):
 * King against King, a King and one Bishop or one Knight against a King,
 * and Kings with Bishops only, every Bishop on squares of one colour.
 */
static bool chess_dead(const struct ob_position *pos)
{
	const struct ob_variant *v = pos->variant;
	struct ob_cellset heavy = cs_or(cs_or(pos->by_kind[CQ], pos->by_kind[CR]),
					pos->by_kind[CP]);
	if (cs_any(heavy))
		return false;
	int knights = cs_count(pos->by_kind[CN]);
	int bishops = cs_count(pos->by_kind[CB]);
	if (knights + bishops <= 1)
		return true;
	if (knights > 0)
		return false;
	int light = 0;
	for (struct ob_cellset b = pos->by_kind[CB]; cs_any(b);) {
		int c[OB_MAX_DIMS];
		ob_cell_coords(v, cs_pop(&b), c);
		light += (c[FILE_] + c[RANK]) % 2;
	}
	return light == 0 || light == bishops;
}

static struct ob_tables chess_tables;
struct ob_variant ob_chess = {
	.name = "chess",
	.tag_name = "Chess",
	.board = &square64,
	.kinds = chess_kinds,
	.nkinds = 6,
	.royal_kind = CK,
	.pawn_kind = CP,
	.pawn = &chess_pawn,
	.max_pieces_per_side = 16,
	.pairs = chess_castlings,
	.npairs = 2,
	.state_fields = true,
	.ep_written_when_capturable = true,
	.position_tag = "FEN",
	.start_ofen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	.tables = &chess_tables,
	.narmies = 2,
	.frames = chess_frames,
	.dead_position = chess_dead,
	.uci_moves = true,
};
