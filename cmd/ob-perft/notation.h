/*
 * The move forms --compare reads from another generator: the long form,
 * and the cells alone ('Ca1Ca4', 'Ca1-Ca4=R', castling as the King's two
 * cells 'e1a1', guarding as 'd2f6&h2d2').
 */
#ifndef OB_PERFT_NOTATION_H
#define OB_PERFT_NOTATION_H

#include <stddef.h>

#include "oblique.h"

/* Reads one move in either form; as ob_move_read (the reasons are the
 * move reader's, on the move in long form). */
enum ob_status notation_read(const struct ob_position *pos, const char *text,
			     size_t len, ob_move *m, struct ob_error *err);

#endif
