/*
 * Implementation of text diagrams: a scene in characters, ASCII or with
 * box-drawing characters.  The shape draws the board (text_cell gives
 * each cell's character); the captions and legend below it are common.
 */
#ifndef OB_CMD_DRAW_TEXT_H
#define OB_CMD_DRAW_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "draw/scene.h"
#include "draw/shape.h"

struct text_glyphs {
	const char *top_left, *top_right, *bottom_left, *bottom_right;
	const char *horizontal, *vertical, *empty;
	const char *rising, *falling; /* the diamonds' edges: / and \ */
};

/* Writes the scene, with box-drawing characters when unicode. */
void text_render(FILE *o, const struct view *view, const struct scene *sc,
		 bool unicode);
/* Does the variant write its pieces as codes ("Cp", Plattraum's) rather
 * than letters? */
bool text_codes(const struct ob_variant *v);
/* A piece as a diagram writes it: its letter, upper case for White and
 * lower case for Black; where kinds have codes, the code and the army's
 * digit, "Cp1" (buf holds 8 bytes). */
const char *text_piece(const struct ob_variant *v, ob_piece p, char *buf);
/* The text for one cell: a piece (text_piece), a marker, or g->empty (buf
 * holds 8 bytes). */
const char *text_cell(const struct view *view, const struct scene *sc,
		      int cell, const struct text_glyphs *g, char *buf);

#endif
