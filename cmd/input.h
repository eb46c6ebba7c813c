/*
 * Reading position lines, shared by the tools: "startpos" or an OFEN, then
 * optionally a tool-specific suffix (moves, perft expectations).
 */
#ifndef OB_CMD_INPUT_H
#define OB_CMD_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "oblique.h"

struct input_at; /* util.h */

/* Blank lines and lines starting with '#' carry no position. */
bool input_is_comment(const char *line, size_t len);

/*
 * A "#variant NAME" directive (ofen(5)): true for one, with NAME's offset
 * and length (0 when missing), blanks around it left out.
 */
bool input_is_directive(const char *line, size_t len, size_t *name,
			size_t *name_len);
/* When v is not *last (the variant in force downstream; start it at
 * ob_variant_default()): makes it *last and fills line with its
 * "#variant NAME\n", for a tool that writes positions.  Else false. */
#define INPUT_DIRECTIVE_MAX 64
bool input_directive(char line[INPUT_DIRECTIVE_MAX],
		     const struct ob_variant **last,
		     const struct ob_variant *v);

/* The JSON member that holds a position line of v: the name of its
 * format, the OGN tag of a start position, in lower case ("ofen", "dfen"
 * on Diagonal Oblong, "pfen" on Plattraum's board), written into key;
 * returns key. */
#define INPUT_FORMAT_KEY_MAX 16
const char *input_format_key(const struct ob_variant *v,
			     char key[INPUT_FORMAT_KEY_MAX]);

/*
 * Reads "startpos" or an OFEN at the start of line.  With rest == NULL the
 * line must hold nothing else; otherwise *rest is set to the offset of the
 * text after the position (after one space), or len.  When the line reads
 * in another variant, err's message says so, naming -V and #variant.
 */
enum ob_status input_position(const struct ob_variant *v, const char *line,
			      size_t len, struct ob_position *pos,
			      size_t *rest, struct ob_error *err);

/*
 * A position of the three-player board without army 3, read in -V's
 * variant (no '#variant' line of the input named it), is read with army 3
 * out of the game: the likely slip is a two-player position given
 * "-V plattraum".  Says so on standard error at the line, once per input
 * (ob-perft: a count of the wrong board; ob-fen, whose three-army tests
 * and users convert such positions on purpose, does not ask).
 */
void input_note_army3_out(const struct input_at *at,
			  const struct ob_position *pos);

/*
 * Plays the moves in text[0..len), separated by blanks or commas, from
 * pos (the word "moves" may come first); a move glued to other text gets
 * a hint about the separators in err.  For each move played, calls
 * each(pos, move, ply, arg) if not NULL, pos being the position after it.
 * On an illegal move returns its status, with err telling why, *ply the
 * ply (1-based) and *column its 1-based column in text.
 */
enum ob_status input_play(struct ob_position *pos, const char *text,
			  size_t len, void (*each)(const struct ob_position *,
						   ob_move, int, void *),
			  void *arg, int *ply, size_t *column,
			  char *move_text, struct ob_error *err);

/*
 * input_play for a tool: an illegal move is reported on stderr as
 * "FILE:LINE:COL: ply N (MOVE): reason", where text starts at offset
 * (0-based) in the line and *plies counts the plies played before it (and
 * grows by those played here).  False on an illegal move.
 */
bool input_play_at(struct ob_position *pos, const char *text, size_t len,
		   const char *file, long line, size_t offset, int *plies,
		   void (*each)(const struct ob_position *, ob_move, int,
				void *),
		   void *arg);

#endif
