/*
 * Implementation of scenes: what a diagram shows, before it is drawn.
 *
 * A scene says what stands on each cell, which cells are marked and why,
 * which lines to draw, the title, captions and legend, and for a heat map
 * each cell's value.  It says nothing of where cells go: the renderers
 * (text.h, svg.h) draw a scene through the board's shape (shape.h).
 */
#ifndef OB_CMD_DRAW_SCENE_H
#define OB_CMD_DRAW_SCENE_H

#include <stdbool.h>

#include "draw/heat.h"
#include "draw/shape.h"
#include "oblique.h"
#include "util.h"

enum cell_flag {
	F_MARK = 1 << 0,    /* --mark */
	F_FROM = 1 << 1,    /* the last move's from-cell */
	F_TO = 1 << 2,      /* the last move's to-cell */
	F_CHECK = 1 << 3,   /* the Sovereign in check */
	F_ORIGIN = 1 << 4,  /* the piece of a move table */
	F_REACH = 1 << 5,   /* reached by a move-table piece */
	F_CAPTURE = 1 << 6, /* reached, and holds an enemy piece */
	F_ADVANCE = 1 << 7, /* a pawn's advance */
	F_ATTACK = 1 << 8,  /* a pawn's attacked cell */
	F_SCREEN = 1 << 9,  /* a piece a cannon jumps to capture */
	F_SWAP = 1 << 10,   /* a piece the royal piece may swap with */
	F_CASTLE = 1 << 11  /* where the King goes by castling */
};

enum line_kind {
	LINE_ARROW,
	LINE_RAY,
	LINE_LEAP,
	LINE_ADVANCE,
	LINE_ATTACK,
	LINE_SWAP,
	LINE_CASTLE
};

enum legend_kind { LEGEND_NONE, LEGEND_REACH, LEGEND_PAWN, LEGEND_HEAT };

#define SCENE_MAX_ARROWS 64
#define SCENE_MAX_LINES (2 * OB_MAX_DIRS + SCENE_MAX_ARROWS)
#define SCENE_MAX_CAPTION 4

struct segment {
	int from, to;
	enum line_kind kind;
	const char *colour; /* an arrow's SVG colour; NULL for the default */
};

struct scene {
	ob_piece board[OB_MAX_CELLS];
	unsigned flags[OB_MAX_CELLS];
	bool has_value[OB_MAX_CELLS];
	double value[OB_MAX_CELLS];
	struct heat_scale scale; /* a heat map's, fitted to the values */
	bool heat;
	bool captures; /* a move table in a position: captures are shown */
	struct segment lines[SCENE_MAX_LINES];
	int nlines;
	char title[OB_OFEN_MAX + 64];
	char caption[SCENE_MAX_CAPTION][160];
	int ncaption;
	char key[256]; /* the variant and its letters, or "" (scene_key) */
	enum legend_kind legend;
	enum layout layout; /* resolved: never LAYOUT_DEFAULT */
};

/* An empty scene, to be drawn in layout. */
void scene_init(struct scene *sc, enum layout layout);
/* Adds a line from one cell to another; returns it, to set its colour. */
struct segment *scene_line(struct scene *sc, int from, int to,
			   enum line_kind kind);
/* Adds a caption line (the first is the main one); past
 * SCENE_MAX_CAPTION lines, nothing. */
void scene_caption(struct scene *sc, const char *fmt, ...)
	UTIL_PRINTF(2, 3);
/* Sets the key: the variant's name and the kind of each piece letter (or
 * code), as in "Oblique: S Sovereign, R Regent, ...".  The renderer says
 * which letters or discs are White's (or which army's). */
void scene_key(struct scene *sc, const struct ob_variant *v);
/* Shades the cells that have a value (has_value, value) on a scale of
 * that kind. */
void scene_heat(struct scene *sc, int ncells, enum heat_kind kind);
/* A heat map: the cells that have a value shaded as scene_heat does,
 * the title ("Heat map of N cells") and a caption with their number,
 * total, least and greatest value; what ob-diagram --heatmap draws, and
 * any other tool's heat map. */
void scene_heat_map(struct scene *sc, int ncells, enum heat_kind kind);
/* Whether any of the first ncells cells has one of flags. */
bool scene_has(const struct scene *sc, int ncells, unsigned flags);
/* The heat shade of a cell's value, 0 to 1. */
double scene_heat_level(const struct scene *sc, int cell);

#endif
