/* Position lines shared by the tools; see input.h. */
#include "input.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

/* Moves in a list are separated by blanks or commas. */
static bool is_separator(char c)
{
	return c == ' ' || c == '\t' || c == ',';
}

bool input_is_comment(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return i == len || line[i] == '#';
}

bool input_is_directive(const char *line, size_t len, size_t *name,
			size_t *name_len)
{
	static const char word[] = "#variant";
	size_t n = sizeof word - 1, i = n, end = len;
	if (len < n || memcmp(line, word, n) != 0 ||
	    (len > n && line[n] != ' ' && line[n] != '\t'))
		return false;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	while (end > i && (line[end - 1] == ' ' || line[end - 1] == '\t'))
		end--;
	*name = i;
	*name_len = end - i;
	return true;
}

bool input_directive(char line[INPUT_DIRECTIVE_MAX],
		     const struct ob_variant **last,
		     const struct ob_variant *v)
{
	if (v == *last)
		return false;
	*last = v;
	snprintf(line, INPUT_DIRECTIVE_MAX, "#variant %s\n", v->name);
	return true;
}

const char *input_format_key(const struct ob_variant *v,
			     char key[INPUT_FORMAT_KEY_MAX])
{
	const char *tag = ob_position_tag(v);
	size_t i = 0;
	for (; tag[i] != '\0' && i + 1 < INPUT_FORMAT_KEY_MAX; i++)
		key[i] = (char)tolower((unsigned char)tag[i]);
	key[i] = '\0';
	return key;
}

/* After a failure in v: the first other variant the line reads in.  A
 * line without pieces of army 3 reads on the three-army board too (with
 * army 3 out of the game) but is not taken for it. */
static const struct ob_variant *reads_as(const struct ob_variant *v,
					 const char *line, size_t len,
					 bool rest)
{
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		struct ob_position pos;
		struct ob_error err;
		size_t end;
		if (all[i] != v &&
		    ob_ofen_read(&pos, all[i], line, len, rest ? &end : NULL,
				 &err) == OB_OK &&
		    (ob_armies(all[i]) < 3 || ob_armies_in_game(&pos) >> 2))
			return all[i];
	}
	return NULL;
}

enum ob_status input_position(const struct ob_variant *v, const char *line,
			      size_t len, struct ob_position *pos,
			      size_t *rest, struct ob_error *err)
{
	static const char word[] = "startpos";
	size_t n = sizeof word - 1;
	if (len >= n && memcmp(line, word, n) == 0 &&
	    (len == n || line[n] == ' ')) {
		ob_position_start(pos, v);
		if (rest)
			*rest = len == n ? len : n + 1;
		else if (len != n) {
			err->status = OB_ERR_EXTRA_FIELD;
			err->column = (int)n + 2;
			strcpy(err->message,
			       "unexpected text after the position");
			return err->status;
		}
		return OB_OK;
	}
	size_t end = 0;
	enum ob_status st =
		ob_ofen_read(pos, v, line, len, rest ? &end : NULL, err);
	if (st != OB_OK) {
		const struct ob_variant *other = reads_as(v, line, len, rest != NULL);
		size_t k = strlen(err->message);
		if (other)
			snprintf(err->message + k, sizeof err->message - k,
				 " (the line reads as %s: give -V %s or a "
				 "'#variant %s' line)",
				 other->name, other->name, other->name);
		return st;
	}
	if (!rest)
		return st;
	*rest = end < len ? end + 1 : len;
	return OB_OK;
}

void input_note_army3_out(const struct input_at *at,
			  const struct ob_position *pos)
{
	static long told_input;
	if (at->named || ob_armies(pos->variant) < 3 ||
	    (ob_armies_in_game(pos) & 4) || told_input == at->input)
		return;
	told_input = at->input;
	/* The two-player variants of the same notation, by name. */
	char names[256] = "";
	const struct ob_variant *const *all = ob_variants();
	for (int i = 0; all[i]; i++) {
		size_t k = strlen(names);
		if (ob_variant_has_codes(all[i]) && ob_armies(all[i]) == 2)
			snprintf(names + k, sizeof names - k, "%s%s",
				 k ? ", " : "", all[i]->name);
	}
	util_warn_at(at->file, at->lineno, 1,
		     "no army 3 in the placement: read as %s, army 3 out of "
		     "the game; a two-player position needs its variant's "
		     "name (%s) in -V or a '#variant' line (said once per "
		     "input)",
		     pos->variant->name, names);
}

enum ob_status input_play(struct ob_position *pos, const char *text,
			  size_t len, void (*each)(const struct ob_position *,
						   ob_move, int, void *),
			  void *arg, int *ply, size_t *column,
			  char *move_text, struct ob_error *err)
{
	size_t i = 0;
	int played = 0;
	bool first = true;
	while (i < len) {
		while (i < len && is_separator(text[i]))
			i++;
		size_t start = i;
		while (i < len && !is_separator(text[i]))
			i++;
		if (i == start)
			break;
		size_t n = i - start;
		if (first && n == 5 && memcmp(text + start, "moves", 5) == 0) {
			first = false;
			continue;
		}
		first = false;
		ob_move m;
		enum ob_status st =
			ob_move_read(pos, text + start, n, 0, &m, err);
		if (st != OB_OK) {
			/* A move glued to what follows: name the separators. */
			struct ob_error prefix;
			if (st == OB_ERR_MOVE_SYNTAX && err->column > 1 &&
			    ob_move_read(pos, text + start,
					 (size_t)err->column - 1, 0, &m,
					 &prefix) == OB_OK) {
				size_t k = strlen(err->message);
				snprintf(err->message + k, sizeof err->message - k,
					 " (separate moves with spaces or "
					 "commas)");
			}
			*ply = played + 1;
			*column = start + 1;
			size_t k = n < OB_MOVE_TEXT_MAX - 1 ? n
							    : OB_MOVE_TEXT_MAX - 1;
			memcpy(move_text, text + start, k);
			move_text[k] = '\0';
			return st;
		}
		struct ob_undo u;
		ob_make(pos, m, &u);
		played++;
		if (each)
			each(pos, m, played, arg);
	}
	*ply = played;
	return OB_OK;
}

bool input_play_at(struct ob_position *pos, const char *text, size_t len,
		   const char *file, long line, size_t offset, int *plies,
		   void (*each)(const struct ob_position *, ob_move, int,
				void *),
		   void *arg)
{
	int ply;
	size_t column;
	char move[OB_MOVE_TEXT_MAX];
	struct ob_error err;
	if (len == 0)
		return true;
	if (input_play(pos, text, len, each, arg, &ply, &column, move, &err) ==
	    OB_OK) {
		*plies += ply;
		return true;
	}
	util_warn_at(file, line,
		     (long)(offset + column + (size_t)err.column - 1),
		     "ply %d (%s): %s", *plies + ply, move, err.message);
	return false;
}
