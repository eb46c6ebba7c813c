/*
 * Reading position lines, shared by the tools: "startpos" or an OFEN, then
 * optionally a tool-specific suffix (moves, perft expectations).
 */
#ifndef OB_CMD_INPUT_H
#define OB_CMD_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "oblique.h"

/* Blank lines and lines starting with '#' carry no position. */
bool input_is_comment(const char *line, size_t len);

/*
 * Reads "startpos" or an OFEN at the start of line.  With rest == NULL the
 * line must hold nothing else; otherwise *rest is set to the offset of the
 * text after the position (after one space), or len.
 */
enum ob_status input_position(const struct ob_variant *v, const char *line,
			      size_t len, struct ob_position *pos,
			      size_t *rest, struct ob_error *err);

/*
 * Plays the moves in text[0..len), separated by blanks or commas, from
 * pos (the word "moves" may come first); a move glued to other text gets
 * a hint about the separators in err.  For each move played, calls
 * each(pos, ply, arg) if not NULL.  On an illegal move returns its status,
 * with err telling why, *ply the ply (1-based) and *column its 1-based
 * column in text.
 */
enum ob_status input_play(struct ob_position *pos, const char *text,
			  size_t len, void (*each)(const struct ob_position *,
						   int, void *),
			  void *arg, int *ply, size_t *column,
			  char *move_text, struct ob_error *err);

/*
 * input_play(), reporting an illegal move as "file:line:col: ply P (MOVE):
 * reason", its column counted from offset (where text starts on the line)
 * and P counting on from *plies, which grows by the plies played.  False
 * when a move was illegal.
 */
bool input_play_report(struct ob_position *pos, const char *text, size_t len,
		       const char *file, long line, size_t offset,
		       void (*each)(const struct ob_position *, int, void *),
		       void *arg, int *plies);

#endif
