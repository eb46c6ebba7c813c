/*
 * Implementation of ob-diagram's options, which every part of the program
 * reads, and of what they add to every figure (marks, arrows, layout).
 *
 * ob-diagram draws position diagrams (position.c), move-table figures and
 * the table of counts (moves.c) and heat maps (heatmap.c) as scenes, and
 * writes them where -o says (output.c) with the shared renderers of
 * draw/.  Counts in captions and in --table come from the variant's
 * tables and the library's geometry queries, never from constants
 * written here.
 */
#ifndef OB_CMD_DIAGRAM_DIAGRAM_H
#define OB_CMD_DIAGRAM_DIAGRAM_H

#include <stdbool.h>

#include "draw/heat.h"
#include "draw/scene.h"
#include "draw/shape.h"
#include "oblique.h"

enum format { FORMAT_TEXT, FORMAT_SVG };
enum mode { MODE_POSITIONS, MODE_PIECE, MODE_TABLE, MODE_HEATMAP };

#define MAX_OPTION_LISTS 64

struct arrow {
	int from, to;
	const char *colour; /* NULL: the default */
};

struct options {
	struct view view; /* the variant, its shape, --flip, --ascending */
	enum format format;
	enum layout layout;
	enum mode mode;
	bool unicode;
	int army; /* --army: the army seen from with --flip, 1 to 3; 0 none */
	bool startpos; /* --startpos: the start position is the input */
	const char *output;
	const char *play; /* --play: moves played from each position */
	const char *piece;
	const char *position;
	const char *at;
	const char *mark_text[MAX_OPTION_LISTS];
	int nmark_text;
	const char *arrow_text[MAX_OPTION_LISTS];
	const char *arrow_colour[MAX_OPTION_LISTS]; /* of each --arrow */
	int narrow_text;
	bool key;
	enum heat_kind scale;
	/* parsed */
	bool marked[OB_MAX_CELLS];
	struct arrow arrows[SCENE_MAX_ARROWS];
	int narrows;
	int at_cell;
};

extern struct options opt;

/* An empty scene with the options' marks and arrows, in the --layout
 * given, else in fallback. */
void diagram_scene_init(struct scene *sc, enum layout fallback);
/* "White" or "Black". */
const char *side_name(int color);
/* The cell at the middle of v's board (the default of --at, and the
 * example in messages): Cc3 on the lattice, e9 on the flat board. */
int diagram_centre_cell(const struct ob_variant *v);

#endif
