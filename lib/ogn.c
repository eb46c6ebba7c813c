/*
 * OGN game records (spec sections 7 and 9): a streaming reader that turns
 * a collection into one struct ob_game at a time.  The game's storage is
 * record.c; the replay and its checks are in game.c; the canonical writer
 * is ognwrite.c.
 *
 * The reader works on logical characters: a UTF-8 byte-order mark at the
 * start is dropped, CRLF is read as LF, and a column counts characters
 * (UTF-8 continuation bytes do not start one).  After a syntax error it
 * skips to the next game: a line starting with '[' after a blank line, or
 * past the next termination marker.
 */
#include "oblique.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "ogn.h"
#include "record.h"
#include "tagnames.h"

#define CHUNK 65536

/* ---- the reader: logical characters ---- */

struct ob_ogn_reader {
	FILE *file;
	size_t pos, len;
	unsigned long long base; /* bytes of the input before buf */
	bool started, eof, failed, nomem;
	int read_errno;
	int c;              /* the current character; -1 at the end */
	long line, column;  /* of c */
	long chars, bytes;  /* on c's line, through c */
	long long_line;     /* a line over OB_OGN_LINE_MAX, 0 if none */
	bool line_has_text; /* a non-blank character before c on its line */
	bool prev_blank;    /* the line before c's line is blank (or none) */
	long games;
	struct tagnames names; /* of the game being read */
	unsigned char buf[CHUNK];
};

struct ob_ogn_reader *ob_ogn_open(FILE *file)
{
	struct ob_ogn_reader *r = malloc(sizeof *r);
	if (!r)
		return NULL;
	memset(r, 0, offsetof(struct ob_ogn_reader, buf));
	r->file = file;
	r->c = -1;
	r->line = 1;
	r->prev_blank = true;
	return r;
}

void ob_ogn_close(struct ob_ogn_reader *r)
{
	if (r)
		tagnames_free(&r->names);
	free(r);
}

static bool refill(struct ob_ogn_reader *r)
{
	if (r->eof)
		return false;
	r->base += r->len;
	r->len = r->pos = 0;
	size_t n = fread(r->buf, 1, CHUNK, r->file);
	if (n == 0) {
		r->eof = true;
		if (ferror(r->file)) {
			r->failed = true;
			r->read_errno = errno;
		}
		return false;
	}
	r->pos = 0;
	r->len = n;
	return true;
}

static inline int raw_get(struct ob_ogn_reader *r)
{
	if (r->pos == r->len && !refill(r))
		return -1;
	return r->buf[r->pos++];
}

static inline int raw_peek(struct ob_ogn_reader *r)
{
	if (r->pos == r->len && !refill(r))
		return -1;
	return r->buf[r->pos];
}

/* Moves to the next logical character. */
static inline void advance(struct ob_ogn_reader *r)
{
	int c = r->c;
	if (c == '\n') {
		r->prev_blank = !r->line_has_text;
		r->line_has_text = false;
		r->line++;
		r->chars = 0;
		r->bytes = 0;
	} else if (c >= 0 && !is_space(c)) {
		r->line_has_text = true;
	}
	c = raw_get(r);
	if (c == '\r' && raw_peek(r) == '\n')
		c = raw_get(r);
	r->c = c;
	if (c < 0)
		return;
	if ((c & 0xc0) != 0x80)
		r->chars++;
	r->column = r->chars ? r->chars : 1;
	if (++r->bytes > OB_OGN_LINE_MAX && !r->long_line)
		r->long_line = r->line;
}

static void start(struct ob_ogn_reader *r)
{
	r->started = true;
	if (refill(r) && r->len >= 3 && memcmp(r->buf, "\xef\xbb\xbf", 3) == 0)
		r->pos = 3;
	r->c = '\0'; /* not a newline: advance() reads the first character */
	r->chars = 0;
	advance(r);
	r->line_has_text = false;
	r->line = 1;
}

/* Bytes of the input through the current character. */
static inline unsigned long long offset(const struct ob_ogn_reader *r)
{
	return r->base + r->pos;
}

static void skip_line(struct ob_ogn_reader *r)
{
	while (r->c >= 0 && r->c != '\n')
		advance(r);
}

/* Is c a % as the first byte of its line?  Such a line is skipped
 * wherever it is, inside a brace comment too, as PGN's escape is. */
static inline bool escaped_line(const struct ob_ogn_reader *r)
{
	return r->c == '%' && r->bytes == 1;
}

/* Does c end a word of movetext? */
static inline bool is_delimiter(int c)
{
	return c < 0x21 || c == 0x7f || c == '{' || c == '}' || c == '(' ||
	       c == ')' || c == ';' || c == '$';
}


/*
 * Skips to the start of the next game: a line starting with '[' after a
 * blank line (left unread), or just past a termination marker.  Comments
 * are skipped whole, so a marker inside one does not count.
 */
static void resync(struct ob_ogn_reader *r)
{
	char word[OB_RESULT_MAX];
	for (;;) {
		int c = r->c;
		if (c < 0)
			return;
		if (is_space(c)) {
			advance(r);
		} else if (c == '[' && !r->line_has_text) {
			if (r->prev_blank)
				return;
			skip_line(r);
		} else if (c == '{') {
			advance(r);
			while (r->c >= 0 && r->c != '}') {
				if (r->c == '[' && !r->line_has_text &&
				    r->prev_blank)
					return;
				if (escaped_line(r))
					skip_line(r);
				else
					advance(r);
			}
			advance(r);
		} else if (c == ';' || escaped_line(r)) {
			skip_line(r);
		} else if (is_delimiter(c)) {
			advance(r);
		} else {
			size_t n = 0;
			while (!is_delimiter(r->c)) {
				if (n < sizeof word)
					word[n] = (char)r->c;
				n++;
				advance(r);
			}
			if (n <= sizeof word && ob_result_is_marker(word, n))
				return;
		}
	}
}

/* ---- the reader: one game ---- */

enum lex {
	LEX_GAME,    /* a complete game */
	LEX_EMPTY,   /* nothing but comments: not a game */
	LEX_BROKEN,  /* a syntax error; resynchronise */
	LEX_STOPPED, /* a syntax error at a place where the game ends anyway */
	LEX_FATAL    /* out of memory */
};

struct lexer {
	struct ob_ogn_reader *r;
	struct ob_game *g;
	int depth;
	int ply[OB_OGN_DEPTH_MAX + 1];
	bool has_move[OB_OGN_DEPTH_MAX + 1];
	/* where each open ( stands, and the ply of the move it follows */
	long open_line[OB_OGN_DEPTH_MAX + 1], open_column[OB_OGN_DEPTH_MAX + 1];
	int open_ply[OB_OGN_DEPTH_MAX + 1];
	long moves;
	bool any; /* something besides comments */
	unsigned long long start; /* offset() before the game's first byte */
};

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static enum lex
syntax(struct lexer *lx, enum ob_status st, long line, long column,
       const char *fmt, ...)
{
	struct ob_game *g = lx->g;
	char reason[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);
	g->broken = true;
	if (!record_error_add(g, st, line, column, lx->ply[lx->depth], "", "%s",
			   reason))
		return LEX_FATAL;
	return LEX_BROKEN;
}

/* The game ends without its marker, or with it inside a variation: each
 * ( left open is reported where it stands, the missing marker (if why)
 * where the game ends.  The tokens are whole, so the moves are still
 * checked. */
static enum lex unfinished(struct lexer *lx, long line, long column,
			   const char *why)
{
	struct ob_game *g = lx->g;
	bool ok = true;
	for (int d = 1; d <= lx->depth && ok; d++)
		ok = record_error_add(g, OB_ERR_OGN_VARIATION, lx->open_line[d],
				      lx->open_column[d], lx->open_ply[d], "",
				      "( without )");
	if (ok && why)
		ok = record_error_add(g, OB_ERR_OGN_NO_TERMINATION, line, column,
				      lx->ply[0], "",
				      "missing termination marker %s", why);
	return ok ? LEX_STOPPED : LEX_FATAL;
}

/* Out of memory, or the game is over a limit (a RECORD_ status) at
 * line:column. */
static enum lex record_failed_at(struct lexer *lx, int st, long line,
				 long column)
{
	if (st == RECORD_NO_MEMORY) {
		lx->r->nomem = true;
		return LEX_FATAL;
	}
	if (st == RECORD_TOO_MANY_TOKENS)
		return syntax(lx, OB_ERR_OGN_TOO_LONG, line, column,
			      "game longer than %d tokens", OB_OGN_TOKENS_MAX);
	return syntax(lx, OB_ERR_OGN_TOO_LONG, line, column,
		      "game longer than %d bytes", OB_OGN_GAME_BYTES_MAX);
}

/* The same at the current character. */
static enum lex record_failed(struct lexer *lx, int st)
{
	return record_failed_at(lx, st, lx->r->line, lx->r->column);
}

/* Every byte of a game counts, blanks and skipped lines too. */
static inline bool too_many_bytes(const struct lexer *lx)
{
	return offset(lx->r) - lx->start > OB_OGN_GAME_BYTES_MAX;
}

static inline int put(struct lexer *lx, int c)
{
	struct ob_game *g = lx->g;
	if (g->text_len + 2 > g->text_cap) {
		int st = record_text_reserve(g, 1);
		if (st)
			return st;
	}
	g->text[g->text_len++] = (char)c;
	return 0;
}

static inline int put_end(struct lexer *lx)
{
	return put(lx, '\0');
}

static inline bool is_tag_name_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* A tag pair: [Name "value"] with \" and \\ escapes, alone on its line. */
static enum lex read_tag(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	struct ob_game *g = lx->g;
	long line = r->line, column = r->column;
	int st;
	advance(r); /* [ */
	while (r->c == ' ' || r->c == '\t')
		advance(r);
	size_t name = g->text_len;
	while (is_tag_name_char(r->c)) {
		if ((st = put(lx, r->c)))
			return record_failed(lx, st);
		advance(r);
	}
	if (g->text_len == name)
		return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
			      "expected a tag name after [");
	if ((st = put_end(lx)))
		return record_failed(lx, st);
	if (r->c != ' ' && r->c != '\t')
		return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
			      "expected a space and a quoted value after the "
			      "tag name");
	while (r->c == ' ' || r->c == '\t')
		advance(r);
	if (r->c != '"')
		return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
			      "expected a quoted tag value");
	advance(r);
	long value_column = r->column;
	size_t value = g->text_len;
	for (;;) {
		int c = r->c;
		if (c < 0 || c == '\n')
			return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
				      "unterminated tag value");
		if (c == '"')
			break;
		if (c == '\\') {
			long bcol = r->column;
			advance(r);
			if (r->c != '"' && r->c != '\\')
				return syntax(lx, OB_ERR_OGN_TAG, r->line, bcol,
					      "bad escape in a tag value (only "
					      "\\\" and \\\\)");
			c = r->c;
		} else if (c < 0x20 && c != '\t') {
			return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
				      "control character in a tag value");
		}
		if ((st = put(lx, c)))
			return record_failed(lx, st);
		advance(r);
	}
	advance(r); /* " */
	if ((st = put_end(lx)))
		return record_failed(lx, st);
	while (r->c == ' ' || r->c == '\t')
		advance(r);
	if (r->c != ']')
		return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
			      "expected ] after the tag value");
	advance(r);
	while (r->c == ' ' || r->c == '\t' || r->c == '\r')
		advance(r);
	if (r->c >= 0 && r->c != '\n')
		return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
			      "unexpected text after the tag pair");
	struct ob_tag *t;
	if ((st = record_tag_add(g, &t)))
		return record_failed_at(lx, st, line, column);
	t->name = name;
	t->value = value;
	t->line = line;
	t->column = column;
	t->value_column = value_column;
	int repeated = tagnames_add(&r->names, g, g->ntags - 1);
	if (repeated < 0) {
		r->nomem = true;
		return LEX_FATAL;
	}
	t->repeated = repeated;
	lx->any = true;
	return LEX_GAME;
}

/* Adds a token at the current depth as *t; LEX_GAME, or why not. */
static enum lex token(struct lexer *lx, enum ob_token_type type, long line,
		      long column, struct ob_token **t)
{
	int st = record_token_add(lx->g, t);
	if (st)
		return record_failed_at(lx, st, line, column);
	(*t)->type = type;
	(*t)->depth = lx->depth;
	(*t)->line = line;
	(*t)->column = column;
	return LEX_GAME;
}

/* Ends the text of a comment that starts at offset text and adds its
 * token. */
static enum lex comment_token(struct lexer *lx, size_t text, long line,
			      long column)
{
	int st = put_end(lx);
	if (st)
		return record_failed(lx, st);
	struct ob_token *t;
	enum lex got = token(lx, OB_TOKEN_COMMENT, line, column, &t);
	if (got == LEX_GAME)
		t->text = text;
	return got;
}

/* A comment in braces; may span lines, but not into the next game. */
static enum lex read_brace_comment(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	long line = r->line, column = r->column;
	size_t text = lx->g->text_len;
	int st;
	advance(r);
	for (;;) {
		int c = r->c;
		if (c < 0 || (c == '[' && !r->line_has_text && r->prev_blank)) {
			lx->any = true;
			syntax(lx, OB_ERR_OGN_COMMENT, line, column,
			       "comment not closed with }");
			return lx->r->nomem ? LEX_FATAL : LEX_STOPPED;
		}
		if (c == '}')
			break;
		if (escaped_line(r)) {
			skip_line(r);
			if (too_many_bytes(lx))
				return record_failed(lx, RECORD_TOO_MANY_BYTES);
			continue;
		}
		if ((st = put(lx, c)))
			return record_failed(lx, st);
		advance(r);
	}
	advance(r);
	return comment_token(lx, text, line, column);
}

static enum lex read_line_comment(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	long line = r->line, column = r->column;
	size_t text = lx->g->text_len;
	int st;
	advance(r);
	while (r->c >= 0 && r->c != '\n') {
		if ((st = put(lx, r->c)))
			return record_failed(lx, st);
		advance(r);
	}
	return comment_token(lx, text, line, column);
}

static enum lex read_nag(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	long line = r->line, column = r->column;
	char digits[8];
	size_t n = 0;
	advance(r);
	while (!is_delimiter(r->c)) {
		if (n < sizeof digits - 1)
			digits[n] = (char)r->c;
		n++;
		advance(r);
	}
	digits[n < sizeof digits - 1 ? n : sizeof digits - 1] = '\0';
	bool ok = n >= 1 && n <= 3;
	int value = 0;
	for (size_t i = 0; ok && i < n; i++) {
		if (digits[i] < '0' || digits[i] > '9')
			ok = false;
		else
			value = value * 10 + (digits[i] - '0');
	}
	if (!ok || value > 255)
		return syntax(lx, OB_ERR_OGN_NAG, line, column,
			      "a NAG is $0 to $255, not '$%s%s'", digits,
			      n >= sizeof digits ? "..." : "");
	struct ob_token *t;
	enum lex got = token(lx, OB_TOKEN_NAG, line, column, &t);
	if (got == LEX_GAME)
		t->nag = value;
	return got;
}

static enum lex add_move(struct lexer *lx, size_t text, long line,
			 long column)
{
	if (++lx->moves > OB_OGN_PLIES_MAX)
		return syntax(lx, OB_ERR_OGN_TOO_LONG, line, column,
			      "game longer than %d moves", OB_OGN_PLIES_MAX);
	struct ob_token *t;
	enum lex got = token(lx, OB_TOKEN_MOVE, line, column, &t);
	if (got != LEX_GAME)
		return got;
	t->text = text;
	t->ply = ++lx->ply[lx->depth];
	lx->has_move[lx->depth] = true;
	return LEX_GAME;
}

/* Is the word w (n characters), which starts its line, a tag name before
 * a quoted value: a tag pair that lost its '['?  Read as a move, it would
 * end the game's tags and, at the next '[', the game itself.  The blanks
 * after the word are consumed (the movetext skips them anyway). */
static bool tag_without_bracket(struct ob_ogn_reader *r, const char *w,
				size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_tag_name_char((unsigned char)w[i]))
			return false;
	while (r->c == ' ' || r->c == '\t')
		advance(r);
	return r->c == '"';
}

/* A word: a move (perhaps after a move number), a move number, a glyph or
 * a termination marker. */
static enum lex read_word(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	struct ob_game *g = lx->g;
	long line = r->line, column = r->column;
	bool starts_line = !r->line_has_text;
	size_t text = g->text_len;
	int st;
	while (!is_delimiter(r->c)) {
		if ((st = put(lx, r->c)))
			return record_failed(lx, st);
		advance(r);
	}
	size_t n = g->text_len - text;
	if ((st = put_end(lx)))
		return record_failed(lx, st);
	const char *w = g->text + text;

	if (starts_line && tag_without_bracket(r, w, n))
		return syntax(lx, OB_ERR_OGN_TAG, line, column,
			      "a tag line without its '[' (write [%.40s "
			      "\"...\"])",
			      w);
	if (ob_result_is_marker(w, n)) {
		g->text_len = text;
		memcpy(g->termination, w, n);
		g->termination[n] = '\0';
		g->term_line = line;
		g->term_column = column;
		if (lx->depth > 0)
			return unfinished(lx, line, column, NULL);
		return LEX_GAME;
	}
	int nag = glyph_nag(w, n);
	if (nag) {
		g->text_len = text;
		struct ob_token *t;
		enum lex got = token(lx, OB_TOKEN_NAG, line, column, &t);
		if (got == LEX_GAME)
			t->nag = nag;
		return got;
	}
	if (w[0] < '0' || w[0] > '9')
		return add_move(lx, text, line, column);

	size_t digits = 0, dots = 0;
	while (digits < n && w[digits] >= '0' && w[digits] <= '9')
		digits++;
	while (digits + dots < n && w[digits + dots] == '.')
		dots++;
	if (dots == 0)
		return syntax(lx, OB_ERR_OGN_SYNTAX, line, column,
			      "'%.40s' is not a move number, move or "
			      "termination marker",
			      w);
	if (dots != 1 && dots != 3)
		return syntax(lx, OB_ERR_OGN_MOVE_NUMBER, line, column,
			      "bad move number '%.*s': write %.*s. or %.*s...",
			      (int)(digits + dots), w, (int)digits, w,
			      (int)digits, w);
	size_t skip = digits + dots;
	if (skip == n) {
		g->text_len = text;
		return LEX_GAME;
	}
	/* A move glued to its number: keep only the move's text. */
	memmove(g->text + text, w + skip, n - skip + 1);
	g->text_len = text + (n - skip) + 1;
	return add_move(lx, text, line, column + (long)skip);
}

static enum lex read_movetext(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	struct ob_game *g = lx->g;
	for (;;) {
		int c = r->c;
		enum lex st = LEX_GAME;
		struct ob_token *t;
		if (too_many_bytes(lx))
			return record_failed(lx, RECORD_TOO_MANY_BYTES);
		if (r->long_line) {
			long line = r->long_line;
			r->long_line = 0;
			return syntax(lx, OB_ERR_LINE_TOO_LONG, line,
				      OB_OGN_LINE_MAX + 1,
				      "line longer than %d bytes",
				      OB_OGN_LINE_MAX);
		}
		if (c < 0) {
			if (!lx->any)
				return LEX_EMPTY;
			return unfinished(lx, r->line, r->chars + 1,
					  "at the end of the input");
		}
		if (is_space(c)) {
			advance(r);
			continue;
		}
		if (c == '[' && !r->line_has_text) {
			if (!lx->any)
				return LEX_EMPTY;
			return unfinished(lx, r->line, r->column,
					  "before the next game");
		}
		if (escaped_line(r)) {
			skip_line(r);
			continue;
		}
		long line = r->line, column = r->column;
		switch (c) {
		case '{':
			st = read_brace_comment(lx);
			break;
		case ';':
			st = read_line_comment(lx);
			break;
		case '(':
			lx->any = true;
			if (!lx->has_move[lx->depth])
				return syntax(lx, OB_ERR_OGN_VARIATION, line,
					      column,
					      "a variation must follow a move");
			if (lx->depth == OB_OGN_DEPTH_MAX)
				return syntax(lx, OB_ERR_OGN_TOO_DEEP, line,
					      column,
					      "variations nested deeper than "
					      "%d",
					      OB_OGN_DEPTH_MAX);
			lx->depth++;
			lx->open_line[lx->depth] = line;
			lx->open_column[lx->depth] = column;
			lx->open_ply[lx->depth] = lx->ply[lx->depth - 1];
			lx->ply[lx->depth] = lx->ply[lx->depth - 1] - 1;
			lx->has_move[lx->depth] = false;
			if ((st = token(lx, OB_TOKEN_OPEN, line, column,
					&t)) != LEX_GAME)
				return st;
			advance(r);
			break;
		case ')':
			lx->any = true;
			if (lx->depth == 0)
				return syntax(lx, OB_ERR_OGN_VARIATION, line,
					      column, ") without (");
			if (!lx->has_move[lx->depth])
				return syntax(lx, OB_ERR_OGN_VARIATION, line,
					      column, "empty variation");
			if ((st = token(lx, OB_TOKEN_CLOSE, line, column,
					&t)) != LEX_GAME)
				return st;
			lx->depth--;
			advance(r);
			break;
		case '$':
			lx->any = true;
			st = read_nag(lx);
			break;
		case '}':
			lx->any = true;
			return syntax(lx, OB_ERR_OGN_SYNTAX, line, column,
				      "} without {");
		default:
			lx->any = true;
			if (c < 0x20 || c == 0x7f)
				return syntax(lx, OB_ERR_OGN_SYNTAX, line,
					      column,
					      "unexpected control character "
					      "0x%02x",
					      (unsigned)c);
			st = read_word(lx);
			if (st == LEX_GAME && g->termination[0])
				return LEX_GAME;
			break;
		}
		if (st != LEX_GAME)
			return st;
	}
}

static enum lex read_game(struct ob_ogn_reader *r, struct ob_game *g)
{
	struct lexer lx;
	lx.r = r;
	lx.g = g;
	lx.depth = 0;
	lx.ply[0] = 0;
	lx.has_move[0] = false;
	lx.moves = 0;
	lx.any = false;
	lx.start = offset(r) - 1;
	while (r->c == '[') {
		if (too_many_bytes(&lx))
			return record_failed(&lx, RECORD_TOO_MANY_BYTES);
		enum lex st = read_tag(&lx);
		if (st != LEX_GAME)
			return st;
		while ((is_space(r->c) || escaped_line(r)) &&
		       !too_many_bytes(&lx)) {
			if (r->c == '%')
				skip_line(r);
			else
				advance(r);
		}
		if (r->long_line) {
			long line = r->long_line;
			r->long_line = 0;
			return syntax(&lx, OB_ERR_LINE_TOO_LONG, line,
				      OB_OGN_LINE_MAX + 1,
				      "line longer than %d bytes",
				      OB_OGN_LINE_MAX);
		}
	}
	return read_movetext(&lx);
}

int ob_ogn_next(struct ob_ogn_reader *r, struct ob_game *g,
		struct ob_error *err)
{
	if (!r->started)
		start(r);
	for (;;) {
		while (is_space(r->c) || escaped_line(r)) {
			if (r->c == '%')
				skip_line(r);
			else
				advance(r);
		}
		r->long_line = 0;
		if (r->c < 0)
			break;
		record_reset(g);
		tagnames_clear(&r->names);
		g->index = r->games + 1;
		g->line = r->line;
		g->column = r->column;
		enum lex st = read_game(r, g);
		if (st == LEX_FATAL || r->nomem) {
			ob_fail(err, OB_ERR_NO_MEMORY, 0, "out of memory");
			return -1;
		}
		if (st == LEX_EMPTY)
			continue;
		r->games++;
		if (st == LEX_BROKEN)
			resync(r);
		if (r->failed)
			break;
		return 1;
	}
	if (r->failed) {
		ob_fail(err, OB_ERR_IO, 0, "read error: %s",
			strerror(r->read_errno));
		return -1;
	}
	return 0;
}
