/* Names of the library's status codes: one fixed phrase per failure. */
#include "oblique.h"

#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

static const char *const names[OB_STATUS_COUNT] = {
	[OB_OK] = "ok",
	[OB_ERR_EMPTY_LINE] = "empty line",
	[OB_ERR_LEVEL_COUNT] = "wrong number of levels",
	[OB_ERR_RANK_COUNT] = "wrong number of ranks",
	[OB_ERR_RANK_CELLS] = "wrong number of cells in a rank",
	[OB_ERR_BAD_LETTER] = "bad letter in placement",
	[OB_ERR_MISSING_FIELD] = "missing field",
	[OB_ERR_EXTRA_FIELD] = "extra field",
	[OB_ERR_FIELD_SEPARATOR] = "fields not separated by one space",
	[OB_ERR_BAD_SIDE] = "bad side to move",
	[OB_ERR_BAD_CLOCK] = "bad half-move clock",
	[OB_ERR_BAD_MOVE_NUMBER] = "bad full-move number",
	[OB_ERR_BAD_BYTE] = "bad byte",
	[OB_ERR_SOVEREIGN_COUNT] = "not exactly one Sovereign",
	[OB_ERR_SOVEREIGNS_ADJACENT] = "Sovereigns adjacent",
	[OB_ERR_OPPONENT_IN_CHECK] = "side not to move in check",
	[OB_ERR_ARMY_TO_MOVE_OUT] = "army to move has no pieces",
	[OB_ERR_NOT_SETTLED] = "army to move has no legal move",
	[OB_ERR_PAWN_ON_END_RANK] = "pawn on a forbidden rank",
	[OB_ERR_TOO_MANY_PIECES] = "too many pieces",
	[OB_ERR_MOVE_SYNTAX] = "malformed move",
	[OB_ERR_MOVE_BAD_PIECE] = "bad piece letter",
	[OB_ERR_MOVE_BAD_CELL] = "no such cell",
	[OB_ERR_MOVE_NO_SEPARATOR] = "missing separator",
	[OB_ERR_MOVE_BAD_PROMOTION_LETTER] = "bad promotion piece",
	[OB_ERR_MOVE_FROM_EMPTY] = "no piece on the from-cell",
	[OB_ERR_MOVE_FROM_OPPONENT] = "opponent's piece on the from-cell",
	[OB_ERR_MOVE_WRONG_PIECE] = "wrong piece letter",
	[OB_ERR_MOVE_GEOMETRY] = "piece cannot go there",
	[OB_ERR_MOVE_PROMOTION_MISSING] = "promotion missing",
	[OB_ERR_MOVE_PROMOTION_NOT_ALLOWED] = "promotion not allowed",
	[OB_ERR_MOVE_LEAVES_IN_CHECK] = "leaves own Sovereign attacked",
	[OB_ERR_MOVE_FALSE_CAPTURE] = "x but nothing captured",
	[OB_ERR_MOVE_MISSING_CAPTURE] = "- on a capture",
	[OB_ERR_MOVE_FALSE_CHECK] = "+ but no check",
	[OB_ERR_MOVE_FALSE_MATE] = "# but no checkmate",
	[OB_ERR_MOVE_CHECK_IS_MATE] = "+ on a checkmate",
	[OB_ERR_MOVE_SUFFIX_MISSING] = "check or mate suffix missing",
	[OB_ERR_MOVE_GAME_OVER] = "move after the end of the game",
	[OB_ERR_MOVE_NO_RIGHT] = "right to this move is gone",
	[OB_ERR_MOVE_PAIR_BLOCKED] = "cell between not empty",
	[OB_ERR_MOVE_CASTLE_ATTACKED] = "castling through attack",
	[OB_ERR_MOVE_BAD_PAIR] = "wrong second piece's move",
	[OB_ERR_BAD_RIGHTS] = "bad rights field",
	[OB_ERR_BAD_EN_PASSANT] = "bad en passant field",
	[OB_ERR_RIGHTS_INCONSISTENT] = "rights without their pieces",
	[OB_ERR_EN_PASSANT_INCONSISTENT] = "impossible en passant cell",
	[OB_ERR_UNKNOWN_VARIANT] = "unknown variant",
	[OB_ERR_LINE_TOO_LONG] = "line too long",
	[OB_ERR_NO_MEMORY] = "out of memory",
	[OB_ERR_IO] = "read error",
	[OB_ERR_OGN_SYNTAX] = "syntax error",
	[OB_ERR_OGN_TAG] = "malformed tag pair",
	[OB_ERR_OGN_MOVE_NUMBER] = "bad move number",
	[OB_ERR_OGN_NAG] = "bad NAG",
	[OB_ERR_OGN_COMMENT] = "unterminated comment",
	[OB_ERR_OGN_VARIATION] = "misplaced variation",
	[OB_ERR_OGN_TOO_DEEP] = "variations nested too deep",
	[OB_ERR_OGN_TOO_LONG] = "game too long",
	[OB_ERR_OGN_NO_TERMINATION] = "missing termination marker",
	[OB_ERR_OGN_BAD_RESULT] = "bad Result tag",
	[OB_ERR_OGN_RESULT_MISMATCH] = "termination marker differs from Result",
	[OB_ERR_OGN_WRONG_RESULT] = "result disagrees with the game",
	[OB_ERR_SPLIT_FULL] = "work units over the table's limit",
};

const char *ob_status_name(enum ob_status status)
{
	if ((int)status < 0 || status >= OB_STATUS_COUNT || !names[status])
		return "unknown status";
	return names[status];
}

enum ob_status ob_fail(struct ob_error *err, enum ob_status status,
		       int column, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		err->status = status;
		err->column = column;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
	}
	return status;
}
