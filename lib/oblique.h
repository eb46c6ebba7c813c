/*
 * liboblique: rules, positions, moves and game records for Oblique and its
 * sibling variants on boards of at most 128 cells.
 *
 * Conventions: every public name starts with ob_ / OB_.  The library never
 * prints, never exits and never asserts on user input; functions that can
 * fail return an enum ob_status and fill a struct ob_error.  Structs are not
 * typedef'd.  Fields marked "private" may change without notice.
 *
 * Thread safety: variant tables are built once (call_once) and are read-only
 * afterwards; a struct ob_position may be used by one thread at a time.
 */
#ifndef OBLIQUE_H
#define OBLIQUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OB_VERSION "0.1.0"

#define OB_MAX_CELLS 128   /* every board fits in 128 cells */
#define OB_MAX_KINDS 16    /* piece kinds a variant may define */
#define OB_MAX_DIRS 32     /* distinct slider directions on one board */
#define OB_MAX_MOVES 1024  /* legal moves in any position, with margin */
#define OB_MAX_DIMS 3
#define OB_MAX_PAIRS 4     /* paired-move rules (castling, guarding, swap) */
#define OB_MAX_ARMIES 3

enum ob_color { OB_WHITE = 0, OB_BLACK = 1 };

/* A set of cells: bit i of the 128 is cell i (lo holds 0-63, hi 64-127). */
struct ob_cellset {
	uint64_t lo, hi;
};

/*
 * A piece on the board: 0 is empty, otherwise (army << 5) | (kind + 1),
 * where kind indexes the variant's piece table and army counts from 0
 * (White, army 1 of Plattraum).
 */
typedef uint8_t ob_piece;
#define OB_EMPTY 0
#define OB_PIECE(color, kind) ((ob_piece)(((color) << 5) | ((kind) + 1)))
#define OB_PIECE_COLOR(p) ((p) >> 5)
#define OB_PIECE_KIND(p) (((p) & 31) - 1)
#define OB_PIECE_VALUES 128 /* ob_piece values, for tables indexed by one */

/*
 * A move, 32 bits:
 *
 *   bits  0- 6  from cell (for a paired move: the first piece's)
 *   bits  7-13  to cell (a swap: the partner's cell)
 *   bits 14-18  promotion: kind + 1, 0 for none
 *   bit  19     capture
 *   bits 20-21  special: 0 plain, 1 pawn's double step, 2 en passant,
 *               3 paired move (castling, guarding, swap: a second piece
 *               moves)
 *   bits 22-24  the paired move's rule, an index into variant->pairs
 *
 * OB_MOVE_NONE (0) is never a legal move, since from != to.
 */
typedef uint32_t ob_move;
#define OB_MOVE_NONE 0u
#define OB_MOVE_MAKE(from, to, promo1, capture)                               \
	((ob_move)(from) | ((ob_move)(to) << 7) | ((ob_move)(promo1) << 14) |  \
	 ((ob_move)((capture) ? 1 : 0) << 19))
#define OB_MOVE_FROM(m) ((int)((m) & 127))
#define OB_MOVE_TO(m) ((int)(((m) >> 7) & 127))
#define OB_MOVE_PROMO(m) ((int)(((m) >> 14) & 31) - 1) /* kind, or -1 */
#define OB_MOVE_IS_CAPTURE(m) ((((m) >> 19) & 1) != 0)
enum ob_special { OB_PLAIN = 0, OB_DOUBLE_STEP = 1, OB_EN_PASSANT = 2, OB_PAIRED = 3 };
#define OB_MOVE_SPECIAL(m) ((int)(((m) >> 20) & 3))
#define OB_MOVE_PAIR(m) ((int)(((m) >> 22) & 7))
#define OB_MOVE_WITH_SPECIAL(m, special, pair)                                 \
	((ob_move)(m) | ((ob_move)(special) << 20) | ((ob_move)(pair) << 22))

/* ---- Status codes: every failure the library reports has its own. ---- */

enum ob_status {
	OB_OK = 0,
	/* OFEN syntax */
	OB_ERR_EMPTY_LINE,
	OB_ERR_LEVEL_COUNT,     /* wrong number of levels in the placement */
	OB_ERR_RANK_COUNT,      /* wrong number of ranks in a level */
	OB_ERR_RANK_CELLS,      /* a rank does not account for its cells */
	OB_ERR_BAD_LETTER,      /* not a piece letter, digit or separator */
	OB_ERR_MISSING_FIELD,   /* side to move, or clock and move number */
	OB_ERR_EXTRA_FIELD,     /* text after the last field */
	OB_ERR_FIELD_SEPARATOR, /* fields not separated by exactly one space */
	OB_ERR_BAD_SIDE,        /* side to move is not w or b */
	OB_ERR_BAD_CLOCK,       /* half-move clock not 0..9999 */
	OB_ERR_BAD_MOVE_NUMBER, /* full-move number not 1..99999 */
	OB_ERR_BAD_BYTE,        /* NUL or other control byte, or non-ASCII */
	/* OFEN legality (spec section 5, in its order) */
	OB_ERR_SOVEREIGN_COUNT,
	OB_ERR_SOVEREIGNS_ADJACENT,
	OB_ERR_OPPONENT_IN_CHECK,
	OB_ERR_ARMY_TO_MOVE_OUT, /* three armies: the army to move has no pieces */
	OB_ERR_NOT_SETTLED,      /* three armies: the army to move cannot move */
	OB_ERR_PAWN_ON_END_RANK,
	OB_ERR_TOO_MANY_PIECES,
	/* long move form (spec sections 6 and 9, in the order of section 9) */
	OB_ERR_MOVE_SYNTAX,
	OB_ERR_MOVE_BAD_PIECE,   /* not a piece letter of the variant */
	OB_ERR_MOVE_BAD_CELL,    /* not a cell of the board */
	OB_ERR_MOVE_NO_SEPARATOR,
	OB_ERR_MOVE_BAD_PROMOTION_LETTER,
	OB_ERR_MOVE_FROM_EMPTY,
	OB_ERR_MOVE_FROM_OPPONENT,
	OB_ERR_MOVE_WRONG_PIECE,
	OB_ERR_MOVE_GEOMETRY,    /* the piece cannot go there */
	OB_ERR_MOVE_PROMOTION_MISSING,
	OB_ERR_MOVE_PROMOTION_NOT_ALLOWED,
	OB_ERR_MOVE_LEAVES_IN_CHECK,
	OB_ERR_MOVE_FALSE_CAPTURE,  /* x but nothing is captured */
	OB_ERR_MOVE_MISSING_CAPTURE, /* - but a piece is captured */
	OB_ERR_MOVE_FALSE_CHECK,    /* + but no check */
	OB_ERR_MOVE_FALSE_MATE,     /* # but not mate */
	OB_ERR_MOVE_CHECK_IS_MATE,  /* + on a mating move */
	OB_ERR_MOVE_SUFFIX_MISSING, /* strict mode: + or # required */
	OB_ERR_MOVE_GAME_OVER,      /* a move after the game has ended */
	OB_ERR_MOVE_NO_RIGHT,       /* castling or guarding right is gone */
	OB_ERR_MOVE_PAIR_BLOCKED,   /* the cell between is not empty */
	OB_ERR_MOVE_CASTLE_ATTACKED, /* a castling cell is attacked */
	OB_ERR_MOVE_BAD_PAIR,       /* the second piece's part is wrong */
	/* the position fields of boards with rights and en passant */
	OB_ERR_BAD_RIGHTS,          /* rights field syntax */
	OB_ERR_BAD_EN_PASSANT,      /* en passant field syntax */
	OB_ERR_RIGHTS_INCONSISTENT, /* a right whose pieces are not in place */
	OB_ERR_EN_PASSANT_INCONSISTENT, /* no two-cell move just made there */
	/* general */
	OB_ERR_UNKNOWN_VARIANT,
	OB_ERR_LINE_TOO_LONG,
	OB_ERR_NO_MEMORY,
	OB_ERR_IO,
	/* OGN game records (lib/ogn.c, lib/game.c) */
	OB_ERR_OGN_SYNTAX,          /* unexpected character or word */
	OB_ERR_OGN_TAG,             /* malformed tag pair */
	OB_ERR_OGN_MOVE_NUMBER,     /* 12.. and other dot counts */
	OB_ERR_OGN_NAG,             /* $ without 0..255 */
	OB_ERR_OGN_COMMENT,         /* { without } */
	OB_ERR_OGN_VARIATION,       /* ( not after a move, unmatched ), () */
	OB_ERR_OGN_TOO_DEEP,        /* variations nested too deep */
	OB_ERR_OGN_TOO_LONG,        /* too many moves or bytes in a game */
	OB_ERR_OGN_NO_TERMINATION,  /* no 1-0, 0-1, 1/2-1/2 or * */
	OB_ERR_OGN_BAD_RESULT,      /* Result tag not one of the four */
	OB_ERR_OGN_RESULT_MISMATCH, /* termination marker != Result tag */
	OB_ERR_OGN_WRONG_RESULT,    /* result disagrees with the final position */
	/* perft work units (lib/split.c) */
	OB_ERR_SPLIT_FULL,          /* more positions than the table's limit */
	OB_STATUS_COUNT
};

/* What went wrong and where: column is 1-based within the text given. */
struct ob_error {
	enum ob_status status;
	int column;
	char message[320]; /* room for every section-5 failure at once */
};

/* A short fixed description of a status, e.g. "bad side to move". */
const char *ob_status_name(enum ob_status status);

/* ---- Boards and variants: geometry and pieces are data. ---- */

enum ob_motion {
	OB_LEAP,  /* one jump along each vector (a one-step piece is a leaper) */
	OB_SLIDE, /* repeats each vector until blocked */
	OB_PAWN,  /* the variant's pawn rules */
	OB_CANNON /* slides to empty cells; captures over exactly one screen */
};

struct ob_vector {
	int8_t d[OB_MAX_DIMS];
};

/* How a dimension of a board is written in a cell name. */
enum ob_coord_style { OB_COORD_UPPER, OB_COORD_LOWER, OB_COORD_NUMBER };

/*
 * A board: a grid of up to three dimensions in which some or all grid
 * points are cells.  Dimension 0 varies slowest in the cell numbering.
 * Cell names write the dimensions in name_order.  OFEN/DFEN placements
 * nest the dimensions in placement_order, outermost first, with
 * placement_descending telling which run from high to low.
 */
struct ob_board {
	const char *name;
	int ndims;
	int extent[OB_MAX_DIMS];
	enum ob_coord_style style[OB_MAX_DIMS];
	int name_order[OB_MAX_DIMS];
	int placement_order[OB_MAX_DIMS];
	bool placement_descending[OB_MAX_DIMS];
	char placement_separator[OB_MAX_DIMS]; /* between groups at that depth */
	const char *dim_name[OB_MAX_DIMS];   /* "level", "file", "rank" */
	int rank_dim;                        /* the dimension pieces advance on */
	/* Is the grid point a cell?  NULL: every grid point is a cell. */
	bool (*exists)(const int *coords);
	/* A board whose names are not one character or number per dimension
	 * (the hexagonal board: files a-l without j, numbers per file) names
	 * its cells itself: name_cell writes a cell's name, parse_cell reads
	 * one into coordinates and returns the characters used, 0 when the
	 * text does not start like a name, -1 when it names no cell. */
	int (*name_cell)(const int *coords, char *out);
	int (*parse_cell)(const char *text, int *coords);
};

struct ob_piece_kind {
	char letter; /* upper case; White's letter in positions, always in moves */
	const char *name;
	enum ob_motion motion;
	bool royal; /* must not be left attacked */
	const struct ob_vector *vectors; /* army 1's; others' through frames */
	int nvectors;
	/* Boards with two-letter codes (Plattraum: "Gd", "Cp"): the code,
	 * written in moves and positions instead of the letter. */
	const char *code;
	/* A slider's leaps besides its slides (the Seaseholders). */
	const struct ob_vector *leaps;
	int nleaps;
};

/* The pawn: moves, captures (White's; Black's are negated), promotion. */
struct ob_pawn_rules {
	const struct ob_vector *moves;
	int nmoves;
	/* Cells (White's) from which the first move vector may be taken twice
	 * over two empty cells; NULL: no double step. */
	bool (*double_step_on)(const int *coords);
	bool en_passant; /* a double step may be taken en passant */
	const struct ob_vector *captures;
	int ncaptures;
	/* Captures that depend on the cell (the Corporal's, army 1's
	 * frame): writes them to out and returns how many; NULL: captures. */
	int (*captures_at)(const int *coords, struct ob_vector *out);
	/* Promotion cells, for White; Black's are their point reflections. */
	bool (*promotes_on)(const int *coords);
	/* Cells a pawn may never stand on, for White (reflected for Black). */
	bool (*forbidden_on)(const int *coords);
	/* The kinds a pawn promotes to, by code: "RTBLN", "Ds Fr Hr Un Sn". */
	const char *promotion_letters;
	/* Liu Yang: a kind may be chosen only while the army has fewer of
	 * it than its setup, and a pawn with no kind left may not arrive. */
	bool promotion_limited;
};

/*
 * A move of two pieces, allowed once while its right stands: the right
 * ends when a piece leaves or arrives on the mover's or partner's cell.
 * Cells are White's names; Black's are their images in Black's frame
 * (the point reflection, or the mirror where the variant has frames).
 *   castling: mover and partner go to fixed cells; the cells in `empty`
 *     must be empty (the two targets among them, unless they are the
 *     pieces' own cells) and those in `safe` not attacked (a move read
 *     names the first attacked one in this order).
 *   guarding: the mover makes any of its own moves, counting the
 *     partner's cell as empty; the partner goes to the mover's cell.
 *     The cells in `empty` must be empty; there is no attack condition.
 */
enum ob_pair_type { OB_CASTLING, OB_GUARDING, OB_SWAP };
/*
 *   swap: the royal mover exchanges cells with an orthogonally adjacent
 *     piece of its army of a partner kind (any number of times, no
 *     right, no cells): neither cell attacked before, the mover not
 *     attacked after (Plattraum Liu Yang's Grandduke swap).
 */
#define OB_PAIR_CELLS 4 /* cells a rule may list as empty or safe */
struct ob_pair_rule {
	enum ob_pair_type type;
	char right; /* White's letter in the rights field; Black's lower case */
	const char *name;
	int mover_kind, partner_kind; /* swap: partner_kinds instead */
	const char *mover_cell, *partner_cell;
	const char *mover_to; /* castling only */
	const char *partner_to;
	const char *empty[OB_PAIR_CELLS]; /* NULL after the last */
	const char *safe[OB_PAIR_CELLS];  /* castling only; NULL after last */
	/* Castling: the word it is read as ("O-O", "O-O-O"), and whether it
	 * is written as the mover's move ("Ke1-g1", also read so) rather
	 * than as that word. */
	const char *word;
	bool written_as_move;
	unsigned partner_kinds; /* swap: a bit per kind */
	const struct ob_vector *adjacent; /* swap: the steps to a partner */
	int nadjacent;
};

struct ob_tables; /* derived geometry, private */
struct ob_position;

/*
 * An army's frame: the linear map from army 1's steps to the army's, as a
 * matrix divided by div (the hexagonal board's rotations halve), applied
 * to cells about the board's centre.  A variant without frames maps army
 * 2 by the point reflection.
 */
struct ob_frame {
	int8_t m[OB_MAX_DIMS][OB_MAX_DIMS];
	int8_t div;
};
struct ob_variant {
	const char *name;     /* for -V, e.g. "oblique" */
	const char *tag_name; /* for the OGN Variant tag, e.g. "Oblique" */
	const struct ob_board *board;
	const struct ob_piece_kind *kinds;
	int nkinds;
	int royal_kind;
	int pawn_kind;
	const struct ob_pawn_rules *pawn;
	int max_pieces_per_side;
	const struct ob_pair_rule *pairs; /* castling, guarding; may be none */
	int npairs;
	/* The position format has rights and en passant fields (DFEN). */
	bool state_fields;
	const char *position_tag; /* OGN tag of a start position: "OFEN" */
	const char *start_ofen;
	const struct ob_tables *tables; /* private: filled by ob_variant_find */
	int narmies;                     /* 2, or 3; 0 is read as 2 */
	const struct ob_frame *frames;   /* one per army; NULL: see ob_frame */
	/* A pawn arriving here (army 1's name) with every other kind of its
	 * setup on the board wins (Plattraum); NULL: no such win. */
	const char *far_corner;
	/* The en passant field is written only when a pawn of the side to
	 * move could capture there (FEN as Stockfish writes it), not after
	 * every two-cell move (DFEN).  Either is read. */
	bool ep_written_when_capturable;
	/* Is the position dead by its material alone, a draw (chess's
	 * insufficient material)?  NULL: no position is. */
	bool (*dead_position)(const struct ob_position *pos);
	/* Moves may also be read in UCI's form, e2e4, e7e8q, e1g1. */
	bool uci_moves;
};

/* Look a variant up by its option name or its tag name (case-insensitive).
 * NULL when unknown. */
const struct ob_variant *ob_variant_find(const char *name);
const struct ob_variant *ob_variant_default(void); /* Oblique */
/* The known variants, NULL-terminated. */
const struct ob_variant *const *ob_variants(void);

/* Geometry queries. */
int ob_cell_count(const struct ob_variant *v);
/* Cell from coordinates, or -1 when off the board. */
int ob_cell_at(const struct ob_variant *v, const int *coords);
void ob_cell_coords(const struct ob_variant *v, int cell, int *coords);
/* Writes the cell's name (at most 7 bytes with NUL); returns its length. */
int ob_cell_name(const struct ob_variant *v, int cell, char *out);
/* Parses a cell name at text; returns characters used, 0 if none, and -1
 * if it has the shape of a cell but names none (e.g. "Fa1"). */
int ob_cell_parse(const struct ob_variant *v, const char *text, int *cell);
int ob_cell_reflect(const struct ob_variant *v, int cell);
/* The piece kind with that letter (upper or lower case), or -1. */
int ob_kind_from_letter(const struct ob_variant *v, char letter);
/* A kind's code as moves and positions write it: "Gd" on a board with
 * codes, the letter ("S") on the others. */
const char *ob_kind_code(const struct ob_variant *v, int kind);
/* The kind whose code starts text (on boards without codes, a letter in
 * either case), with *len set to its length; -1 if none. */
int ob_kind_parse(const struct ob_variant *v, const char *text, int *len);
/* Does the variant write kinds as two-letter codes (Plattraum)? */
bool ob_variant_has_codes(const struct ob_variant *v);
/* The number of armies: 2, or 3 on the three-player board. */
int ob_armies(const struct ob_variant *v);
/* Where an army's piece stands when army 1's stands on cell (the army's
 * frame applied to the cell); army 0 is cell itself. */
int ob_cell_frame(const struct ob_variant *v, int army, int cell);
/* The cell in army 1's frame of an army's cell (the inverse). */
int ob_cell_unframe(const struct ob_variant *v, int army, int cell);
/* Cells a piece of kind attacks from cell on an otherwise empty board
 * (for a pawn: its capture cells). */
struct ob_cellset ob_attacks_empty(const struct ob_variant *v, int color,
				   int kind, int cell);
/* Cells on the lines a slider or cannon of kind moves along from cell on
 * an empty board (a cannon's moves to empty cells); empty for others. */
struct ob_cellset ob_lines_empty(const struct ob_variant *v, int color,
				 int kind, int cell);
/* Cells between a and b on a slider line (exclusive), empty if none. */
struct ob_cellset ob_between(const struct ob_variant *v, int a, int b);
/* Number of slider directions of a kind (or vectors of a leaper/pawn). */
int ob_kind_direction_count(const struct ob_variant *v, int kind);

static inline bool ob_cellset_has(struct ob_cellset s, int cell)
{
	return cell < 64 ? (s.lo >> cell) & 1 : (s.hi >> (cell - 64)) & 1;
}
int ob_cellset_count(struct ob_cellset s);

/* ---- Positions ---- */

struct ob_position {
	const struct ob_variant *variant;
	ob_piece board[OB_MAX_CELLS];
	struct ob_cellset by_color[OB_MAX_ARMIES]; /* an army out: empty */
	struct ob_cellset by_kind[OB_MAX_KINDS];   /* every army's */
	int royal_cell[OB_MAX_ARMIES]; /* -1 when the army has none (or several) */
	int side;          /* the army to move, 0 .. armies - 1 (enum ob_color) */
	int halfmove_clock;
	int fullmove_number;
	unsigned rights;  /* bit (color * npairs + rule): paired move allowed */
	int ep_cell;      /* cell passed over by a double step, or -1 */
	int ep_victim;    /* where that pawn stands, or -1 */
	uint64_t key; /* Zobrist key of placement, side to move and rights */
};

#define OB_MAX_REMOVED 32
/* Everything make needs to take a move back. */
struct ob_undo {
	ob_piece captured;
	int captured_cell;
	unsigned rights;
	int ep_cell, ep_victim;
	int halfmove_clock;
	int fullmove_number;
	int royal_cell_before;
	int mover;
	uint64_t key;
	/* Three armies: the pieces that settling removed (spec section 6):
	 * at most two armies of at most 16 (a three-army variant's limit). */
	int nremoved;
	/* The armies eliminated, in order, and by whom: the army whose
	 * attack on their Grandduke removed them, or for an army left
	 * without a legal move the mover. */
	int neliminated;
	int8_t eliminated[OB_MAX_ARMIES], eliminated_by[OB_MAX_ARMIES];
	uint8_t removed_cell[OB_MAX_REMOVED];
	ob_piece removed[OB_MAX_REMOVED];
};

void ob_position_clear(struct ob_position *pos, const struct ob_variant *v);
void ob_position_start(struct ob_position *pos, const struct ob_variant *v);
void ob_position_put(struct ob_position *pos, int cell, ob_piece piece);
void ob_position_remove(struct ob_position *pos, int cell);
/* Recomputes the key from scratch (for checks and after editing). */
uint64_t ob_position_compute_key(const struct ob_position *pos);
/* Same position for the repetition rule: placement, side to move, rights,
 * and the same en passant captures possible. */
bool ob_position_same(const struct ob_position *a, const struct ob_position *b);
/* A key of the whole state, en passant cell included (for hash tables). */
uint64_t ob_position_full_key(const struct ob_position *pos);
/* Point reflection through the centre, colours swapped, other side to move. */
void ob_position_mirror(const struct ob_position *pos, struct ob_position *out);

/* Does the legal move m win at once by the far-corner rule: a pawn
 * arriving on its army's far corner with every other kind of the setup
 * on the board (Plattraum, spec section 5)? */
bool ob_far_corner_win(const struct ob_position *pos, ob_move m);
/* Liu Yang: may the side to move promote to kind now (fewer of it on the
 * board than its setup)?  Without a limit: is it a choice at all? */
bool ob_promotion_open(const struct ob_position *pos, int kind);

/* The army after army in turn that still has pieces (army itself when
 * no other has): the turn order 1, 2, 3 skipping armies that are out. */
int ob_next_army(const struct ob_position *pos, int army);
/* The armies with pieces on the board, a bit per army. */
unsigned ob_armies_in_game(const struct ob_position *pos);
/* Three armies: is the army to move the last one left (it has won, and
 * its position has no moves)? */
bool ob_last_army_left(const struct ob_position *pos);
/* Is the position a draw by its material (the variant's dead_position;
 * false on boards without one)? */
bool ob_dead_position(const struct ob_position *pos);

/* Makes a legal move; with three armies also settles the position
 * (eliminations, spec section 6), which unmake takes back too. */
void ob_make(struct ob_position *pos, ob_move m, struct ob_undo *undo);
void ob_unmake(struct ob_position *pos, ob_move m, const struct ob_undo *undo);

/* Is cell attacked by pieces of color? */
bool ob_attacked(const struct ob_position *pos, int cell, int color);
/* The pieces of color `by` that attack cell. */
struct ob_cellset ob_attackers(const struct ob_position *pos, int cell, int by);
bool ob_in_check(const struct ob_position *pos);
/* The enemy pieces attacking the side to move's Sovereign. */
struct ob_cellset ob_checkers(const struct ob_position *pos);

/* ---- Move generation ---- */

/* Every legal move exactly once; returns how many (at most OB_MAX_MOVES). */
int ob_legal_moves(const struct ob_position *pos, ob_move *moves);
/* The number of legal moves, without listing them (fast). */
int ob_legal_count(const struct ob_position *pos);
/* Is there any legal move?  Stops at the first (for mate and stalemate). */
bool ob_has_legal_move(const struct ob_position *pos);
/* The slow reference: pseudo-legal moves, make, "is my Sovereign attacked?".
 * For cross-checking only. */
int ob_reference_moves(const struct ob_position *pos, ob_move *moves);
/* ob_make with the reference's moves deciding settling (three armies);
 * ob_unmake takes it back. */
void ob_reference_make(struct ob_position *pos, ob_move m,
		       struct ob_undo *undo);
bool ob_is_legal(const struct ob_position *pos, ob_move m);

enum ob_game_status {
	OB_ONGOING,
	OB_CHECK,
	OB_CHECKMATE,
	OB_STALEMATE,
	OB_LAST_ARMY /* three armies: the army to move is the last one left */
};
enum ob_game_status ob_status(const struct ob_position *pos);
const char *ob_game_status_name(enum ob_game_status s); /* "check", ... */

/* ---- OFEN: a position on one line (spec section 5) ---- */

/*
 * Reads the OFEN at text (up to len bytes; a trailing LF or CRLF is allowed).
 * On failure pos is unspecified and err says why and at which column.
 * The legality conditions of section 5 are checked too; all that fail are
 * named in err->message, and err->status is the first.
 * Sets *end (if not NULL) to the offset just after the last field, so that
 * a caller that allows a suffix can read it; with end == NULL, text after
 * the last field is an error.
 */
enum ob_status ob_ofen_read(struct ob_position *pos,
			    const struct ob_variant *v, const char *text,
			    size_t len, size_t *end, struct ob_error *err);
/* Checks the legality conditions of section 5 on a placed position. */
enum ob_status ob_position_check(const struct ob_position *pos,
				 struct ob_error *err);
/* Writes the canonical OFEN; returns its length.  out holds at least
 * OB_OFEN_MAX bytes. */
#define OB_OFEN_MAX 512
int ob_ofen_write(const struct ob_position *pos, char *out);

/* ---- The long move form (spec sections 6 and 9) ---- */

#define OB_MOVE_TEXT_MAX 24
/* Writes the full form of a legal move, with separator and suffix. */
int ob_move_write(const struct ob_position *pos, ob_move m, char *out);
/* Writes the move without the check/mate suffix (cheap). */
int ob_move_write_plain(const struct ob_position *pos, ob_move m, char *out);
/* Writes a move as UCI writes it, on a board whose moves are read so
 * (uci_moves): its two cells and a promotion's letter in lower case,
 * castling as the King's move ("e2e4", "e7e8q", "e1g1"); returns its
 * length.  On another board it writes "" and returns 0. */
int ob_move_write_uci(const struct ob_position *pos, ob_move m, char *out);

enum ob_move_read_flags {
	OB_READ_STRICT = 1 /* check and mate suffixes must be present */
};
/*
 * Reads one move in long form at text (len bytes, no surrounding blanks),
 * checks it against pos and returns the legal move in *m.  Faults are
 * reported in the order of section 9; err->column points into text.
 */
enum ob_status ob_move_read(const struct ob_position *pos, const char *text,
			    size_t len, unsigned flags, ob_move *m,
			    struct ob_error *err);

/* Sorts moves by the bytes of their full text (for --divide and lists). */
void ob_moves_sort(const struct ob_position *pos, ob_move *moves, int n);

/* ---- Game history: repetition and the 100-half-move rule ---- */

enum ob_game_end {
	OB_END_NONE,
	OB_END_CHECKMATE,
	OB_END_STALEMATE,
	OB_END_THREEFOLD,
	OB_END_FIFTY_MOVES, /* the half-move clock reached 100 */
	/* a pawn arrived on its far corner with the full setup (Plattraum);
	 * known from the move, so from a game's replay, not its history */
	OB_END_FAR_CORNER,
	/* three armies: the others are eliminated (spec section 6) */
	OB_END_LAST_ARMY,
	/* a draw: no mate is possible with the material left (chess: see
	 * ob_variant.dead_position) */
	OB_END_INSUFFICIENT_MATERIAL
};
const char *ob_game_end_name(enum ob_game_end e);

/* Positions since the last capture or pawn move: a game ends at 100
 * half-moves, so at most 101 of them are ever needed.  Each is kept as its
 * key, compared first, and the placement and state that repetition
 * compares when two keys match (so a key collision cannot make a false
 * repetition); only the current position is kept whole.  All private. */
#define OB_HISTORY_MAX 101
struct ob_history_entry {
	uint64_t key;     /* ob_position.key, and the en passant cell's key
			     when a capture there is legal */
	unsigned rights;
	int16_t ep_cell;  /* -1 unless a capture there is legal */
	uint8_t side;
	ob_piece board[OB_MAX_CELLS];
};
struct ob_history {
	struct ob_history_entry entries[OB_HISTORY_MAX]; /* private */
	int count;                                        /* private */
	struct ob_position now;                           /* private */
};
void ob_history_start(struct ob_history *h, const struct ob_position *pos);
/* Record pos, reached by a move that was (not) irreversible. */
void ob_history_push(struct ob_history *h, const struct ob_position *pos,
		     bool irreversible);
/* How many times the current (last pushed) position has occurred. */
int ob_history_repetitions(const struct ob_history *h);
/* Has the game ended in the current position, and how (the order of
 * spec section 9: checkmate, stalemate, then on the boards that have it
 * insufficient material, threefold, 100 half-moves)? */
enum ob_game_end ob_game_end(const struct ob_history *h);

/* ---- Results (spec section 11) ---- */

/* "1-0", "0-1", "1/2-1/2", "*"; with three armies one score per army in
 * army order ("1-0-0", "1/2-0-1/2", "1/3-1/3-1/3"), and "*". */
#define OB_RESULT_MAX 12
/* Is s (n bytes) a result of some variant (for a reader that does not
 * know the variant yet)? */
bool ob_result_is_marker(const char *s, size_t n);
/* Is s one of the variant's results? */
bool ob_result_valid(const struct ob_variant *v, const char *s);
/* An army's score in sixths (6 a win, 3 or 2 a share of a draw, 0), or
 * -1 for "*" or a result not of the variant. */
int ob_result_score(const struct ob_variant *v, const char *s, int army);
/* Writes the result where army winner wins, or (winner < 0) the armies
 * in sharing (a bit per army) share a draw.  out holds OB_RESULT_MAX. */
void ob_result_write(const struct ob_variant *v, int winner, unsigned sharing,
		     char *out);
/* The result the rules give a game that ended by `end` in pos, its last
 * move by army mover, and why (for a message); false when the rules give
 * none (OB_END_NONE). */
bool ob_result_for_end(const struct ob_position *pos, enum ob_game_end end,
		       int mover, char *out, char *why, size_t size);
/* Does result give points to an army out of the game in pos (three
 * armies)?  If so, why names it. */
bool ob_result_scores_out(const struct ob_variant *v,
			  const struct ob_position *pos, const char *result,
			  char *why, size_t size);

/* ---- Random numbers (the same on every machine) ---- */

struct ob_rng {
	uint64_t state;
};
void ob_rng_seed(struct ob_rng *rng, uint64_t seed);
uint64_t ob_rng_next(struct ob_rng *rng);
/* Uniform in 0..n-1. */
uint64_t ob_rng_below(struct ob_rng *rng, uint64_t n);

/* ---- OGN game records (lib/ogn.c, lib/ognwrite.c) ---- */

/*
 * A collection is read one game at a time into a struct ob_game, which the
 * caller owns and reuses: its buffers grow to the longest game read and
 * are freed by ob_game_free, so memory is bounded by the longest game,
 * never by the file.  Limits (a game beyond one is reported and skipped):
 */
#define OB_OGN_LINE_MAX 65536          /* bytes in one line */
#define OB_OGN_GAME_BYTES_MAX 16777216 /* bytes of a game, every one: from
					* its first tag to its marker */
#define OB_OGN_TOKENS_MAX 262144       /* tag pairs, moves, NAGs, glyphs,
					* comments, ( and ) in a game */
#define OB_OGN_PLIES_MAX 65536         /* moves in a game, variations too */
#define OB_OGN_DEPTH_MAX 64            /* variations inside variations */

enum ob_token_type {
	OB_TOKEN_MOVE,    /* text: the move as written */
	OB_TOKEN_COMMENT, /* text: between { and }, or after ; */
	OB_TOKEN_NAG,     /* nag: $n; a glyph (!, ?, !!, ??, !?, ?!) is $1-$6 */
	OB_TOKEN_OPEN,    /* ( */
	OB_TOKEN_CLOSE    /* ) */
};

/* One token of movetext; positions count characters from 1, after a BOM
 * is removed and with CRLF read as LF. */
struct ob_token {
	enum ob_token_type type;
	int depth;   /* 0 on the main line; n inside n nested variations */
	int ply;     /* MOVE: 1 for the game's first half-move, counting on
		      * through the moves the variation replaces */
	int nag;     /* NAG: 0..255 */
	long line, column;
	size_t text; /* offset of a NUL-terminated string in game->text */
	/* Filled by ob_game_check: */
	ob_move move; /* the move, or OB_MOVE_NONE where not played */
	int army;     /* MOVE played: the army that played it (0, 1, 2) */
	int fullmove; /* MOVE played: the full-move number before it */
	char canonical[OB_MOVE_TEXT_MAX]; /* with OB_CHECK_CANONICAL */
};

struct ob_tag {
	size_t name, value;   /* offsets of NUL-terminated strings in text;
			       * the value with its escapes resolved */
	long line, column;    /* of the [ */
	long value_column;    /* of the value's first character */
	bool repeated;        /* an earlier tag of the game has its name:
			       * only the first counts (ob_game_tag) */
};

/* One problem with a game: ply 0 and move "" for the tags; otherwise the
 * ply of the move (and its text), or, for a problem that is not a move,
 * the plies played on that line before it and move "". */
struct ob_game_error {
	enum ob_status status;
	long line, column;
	int ply;
	char move[32];
	char reason[200];
};

struct ob_game_work; /* private: the replay's working memory */

struct ob_game {
	long index;        /* 1 for the first game of the stream */
	long line, column; /* where the game starts */
	char *text;        /* storage for the strings below */
	struct ob_tag *tags;
	int ntags;
	struct ob_token *tokens;
	int ntokens;
	char termination[OB_RESULT_MAX]; /* a result (see ob_result_valid);
					    "" if none */
	long term_line, term_column;
	bool broken;         /* a syntax error: tokens are incomplete */
	struct ob_game_error *errors;
	int nerrors;
	/* Filled by ob_game_check (and ob_game_random): */
	const struct ob_variant *variant; /* NULL when the tag names none */
	struct ob_position start;
	int plies;            /* main-line moves played */
	long moves_checked;   /* moves played on all lines */
	enum ob_game_end end; /* the main line's final position */
	/* private */
	size_t text_len, text_cap;
	int tags_cap, tokens_cap, errors_cap;
	struct ob_game_work *work;
};

void ob_game_init(struct ob_game *g);
void ob_game_free(struct ob_game *g);
/* The value of the first tag of that name (case-sensitive), or NULL. */
const char *ob_game_tag(const struct ob_game *g, const char *name);
/* The tag that gives a game of v another start: "OFEN" (or the
 * variant's own, e.g. "DFEN"). */
const char *ob_position_tag(const struct ob_variant *v);

/*
 * The UTF-8 character at text (NUL-terminated; the NUL counts as one
 * byte): its length in bytes, 1 to 4, when text starts a well-formed one
 * (RFC 3629: no overlong form, no encoded surrogate, nothing above
 * U+10FFFF); otherwise minus the length of the ill-formed part that one
 * U+FFFD stands for (its maximal subpart, 1 to 3 bytes, as Unicode
 * recommends).  Tag values and comments are kept as read; every writer
 * of them (ob_ogn_write too) writes each ill-formed part as U+FFFD.
 */
int ob_utf8_char(const char *text);

/* A streaming reader over a FILE the caller opens and closes. */
struct ob_ogn_reader;
struct ob_ogn_reader *ob_ogn_open(FILE *file); /* NULL: out of memory */
void ob_ogn_close(struct ob_ogn_reader *r);   /* leaves the FILE open */
/*
 * Reads the next game into g: 1 when there is one (a syntax error is the
 * game's, in g->errors with g->broken set; the reader has resynchronised
 * at the next game), 0 at the end of the input, -1 on a read error or
 * when out of memory (err says which).
 */
int ob_ogn_next(struct ob_ogn_reader *r, struct ob_game *g,
		struct ob_error *err);

enum ob_check_flags {
	OB_CHECK_STRICT = OB_READ_STRICT, /* + and # required */
	OB_CHECK_CANONICAL = 2            /* fill tokens' canonical text */
};
/*
 * Replays a game, main line and variations, and checks it against spec
 * sections 6, 7 and 9; default_variant applies without a Variant tag.
 * Every problem found is appended to g->errors (a line stops at its
 * first bad move; the other lines go on).  Returns OB_OK when the game
 * is valid, else the status of its first error (OB_ERR_NO_MEMORY too).
 */
enum ob_status ob_game_check(struct ob_game *g,
			     const struct ob_variant *default_variant,
			     unsigned flags);
/*
 * Writes a valid game checked with OB_CHECK_CANONICAL (or made by
 * ob_game_random) as canonical OGN: tags in a fixed order, move numbers,
 * moves in full long form, comments, NAGs and variations kept, lines of
 * at most 80 columns where tokens allow, a blank line after the game.
 */
enum ob_status ob_ogn_write(FILE *out, const struct ob_game *g);
/*
 * Fills g with a random legal game from v's start position, the same on
 * every machine for the same rng state: at most max_plies plies, with an
 * occasional comment, NAG and variation; the result agrees with the end.
 */
enum ob_status ob_game_random(struct ob_game *g, const struct ob_variant *v,
			      struct ob_rng *rng, long index, int max_plies);

/* ---- Perft (lib/movegen.c; lib/perft.c) ---- */

/* Leaf count at depth; perft(0) = 1.  Bulk-counts the last ply. */
uint64_t ob_perft(struct ob_position *pos, int depth);

/* The deepest run the functions below accept. */
#define OB_PERFT_MAX_DEPTH 30

/*
 * A transposition table for perft, shared by the threads of one run (one
 * run at a time).  Each entry holds the full 64-bit key, the depth and
 * the count, and a probe must match both, so only a 64-bit Zobrist
 * collision could return a wrong count.  The table remembers its variant
 * and clears itself when given another.
 */
struct ob_perft_hash; /* opaque */
/* At most megabytes MiB (a power of two of 64-byte buckets); NULL when
 * the memory cannot be had. */
struct ob_perft_hash *ob_perft_hash_new(size_t megabytes);
void ob_perft_hash_free(struct ob_perft_hash *hash);
void ob_perft_hash_clear(struct ob_perft_hash *hash);
size_t ob_perft_hash_bytes(const struct ob_perft_hash *hash);

/* Where a run stands, for a progress line. */
struct ob_perft_progress {
	int moves_done, moves_total; /* root moves finished */
	double fraction;             /* of the work, 0 to 1 */
	uint64_t nodes;              /* leaves counted so far */
	double seconds;              /* since the threads started */
};

/* How to run; a NULL pointer means all defaults (one thread, no table). */
struct ob_perft_options {
	int threads;                 /* 0 or 1: the calling thread only */
	struct ob_perft_hash *hash;  /* NULL: none; not used for stats */
	bool reference;              /* the slow ob_reference_moves everywhere */
	/* When set, called on the calling thread about every progress_ms
	 * (default 250) while worker threads run; the calling thread then
	 * only waits and reports. */
	void (*progress)(const struct ob_perft_progress *p, void *arg);
	void *progress_arg;
	int progress_ms;
};

/* Leaf count at depth (perft(0) = 1), with threads and table. */
uint64_t ob_perft_count(const struct ob_position *pos, int depth,
			const struct ob_perft_options *opt);
/* counts[i]: leaves at depth below each of the n legal moves (depth >= 1;
 * the moves must be legal in pos, in any order). */
void ob_perft_divide(const struct ob_position *pos, int depth,
		     const ob_move *moves, int n, uint64_t *counts,
		     const struct ob_perft_options *opt);

/* Statistics of the nodes at one ply, each taken at that node: captures
 * (en passant included), promotions, en passant captures, castlings and
 * guardings by the move that reached it; checks (mates included), double
 * checks, checkmates and stalemates of the side to move there.
 * Three armies (spec section 6): a settled node has a move unless one
 * army is left, so checkmates and stalemates count armies the move that
 * reached the node eliminated for having no legal move (step 3), in check
 * or not; eliminations counts every army that move eliminated (steps 1
 * and 3, so a chain of two counts 2); wins counts the nodes with one army
 * left (the last elimination; perft ignores the far-corner win). */
struct ob_perft_stats {
	uint64_t nodes, captures, promotions, checks, double_checks,
		checkmates, stalemates;
	uint64_t en_passant, castlings, guardings;
	uint64_t swaps, cannon_captures; /* Plattraum Liu Yang's */
	uint64_t eliminations, wins;     /* three armies only */
};
/* stats[k] for k = 0..depth: the nodes k plies from pos, which are the
 * leaves of perft(k); stats[0] is pos itself. */
void ob_perft_collect_stats(const struct ob_position *pos, int depth,
			    struct ob_perft_stats *stats,
			    const struct ob_perft_options *opt);

/* ---- Perft work units (lib/split.c) ---- */

/*
 * The distinct positions K plies below a position, each with the number
 * of move paths that reach it, so that perft splits into units that run
 * anywhere and add up.  Positions are merged by their whole state
 * (placement, side to move, rights, en passant cell), not by move path;
 * clocks do not count, and a merged position keeps the clocks of the
 * first path found.  Memory: about OB_SPLIT_ENTRY_BYTES per distinct
 * position, within the limit given to ob_split_new.
 */
#define OB_SPLIT_ENTRY_BYTES 192
struct ob_split; /* opaque */
/* A table of at most max_bytes; NULL when out of memory. */
struct ob_split *ob_split_new(size_t max_bytes);
void ob_split_free(struct ob_split *s);
/*
 * Adds the positions `plies` plies below pos, each path counted
 * `multiplicity` times.  OB_ERR_SPLIT_FULL as soon as the table would
 * pass its limit, OB_ERR_NO_MEMORY when an allocation within the limit
 * fails; either way the walk stops there (what was added so far stays).
 */
enum ob_status ob_split_add(struct ob_split *s, const struct ob_position *pos,
			    int plies, uint64_t multiplicity);
size_t ob_split_count(const struct ob_split *s);
/* Calls fn for each distinct position in the order first reached (a
 * depth-first walk in move-generation order: the same on every machine). */
void ob_split_each(const struct ob_split *s,
		   void (*fn)(const struct ob_position *pos, uint64_t paths,
			      void *arg),
		   void *arg);

#ifdef __cplusplus
}
#endif

#endif
