/*
 * OGN game records (spec sections 7 and 9): a streaming reader that turns
 * a collection into one struct ob_game at a time, and the canonical
 * writer.  The game's storage is record.c; the replay and its checks are
 * in game.c.
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
#include "record.h"

#define CHUNK 65536

/* ---- the reader: logical characters ---- */

struct ob_ogn_reader {
	FILE *file;
	size_t pos, len;
	bool started, eof, failed, nomem;
	int read_errno;
	int c;              /* the current character; -1 at the end */
	long line, column;  /* of c */
	long chars, bytes;  /* on c's line, through c */
	long long_line;     /* a line over OB_OGN_LINE_MAX, 0 if none */
	bool line_has_text; /* a non-blank character before c on its line */
	bool prev_blank;    /* the line before c's line is blank (or none) */
	long games;
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
	free(r);
}

static bool refill(struct ob_ogn_reader *r)
{
	if (r->eof)
		return false;
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

static inline bool is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
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

static void skip_line(struct ob_ogn_reader *r)
{
	while (r->c >= 0 && r->c != '\n')
		advance(r);
}

/* Does c end a word of movetext? */
static inline bool is_delimiter(int c)
{
	return c < 0x21 || c == 0x7f || c == '{' || c == '}' || c == '(' ||
	       c == ')' || c == ';' || c == '$';
}

static bool is_marker(const char *w, size_t n)
{
	return (n == 1 && w[0] == '*') ||
	       (n == 3 && (memcmp(w, "1-0", 3) == 0 || memcmp(w, "0-1", 3) == 0)) ||
	       (n == 7 && memcmp(w, "1/2-1/2", 7) == 0);
}

/* The glyph's NAG: ! $1, ? $2, !! $3, ?? $4, !? $5, ?! $6; 0 if none. */
static int glyph_nag(const char *w, size_t n)
{
	static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
	for (int i = 0; i < 6; i++)
		if (strlen(glyphs[i]) == n && memcmp(glyphs[i], w, n) == 0)
			return i + 1;
	return 0;
}

/*
 * Skips to the start of the next game: a line starting with '[' after a
 * blank line (left unread), or just past a termination marker.  Comments
 * are skipped whole, so a marker inside one does not count.
 */
static void resync(struct ob_ogn_reader *r)
{
	char word[8];
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
				advance(r);
			}
			advance(r);
		} else if (c == ';' || (c == '%' && r->column == 1)) {
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
			if (n <= sizeof word && is_marker(word, n))
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

/* Out of memory, or the game's text is over its limit. */
static enum lex text_failed(struct lexer *lx, int st)
{
	if (st < 0) {
		lx->r->nomem = true;
		return LEX_FATAL;
	}
	return syntax(lx, OB_ERR_OGN_TOO_LONG, lx->r->line, lx->r->column,
		      "game longer than %d bytes", OB_OGN_GAME_BYTES_MAX);
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
	while ((r->c >= 'A' && r->c <= 'Z') || (r->c >= 'a' && r->c <= 'z') ||
	       (r->c >= '0' && r->c <= '9') || r->c == '_') {
		if ((st = put(lx, r->c)))
			return text_failed(lx, st);
		advance(r);
	}
	if (g->text_len == name)
		return syntax(lx, OB_ERR_OGN_TAG, r->line, r->column,
			      "expected a tag name after [");
	if ((st = put_end(lx)))
		return text_failed(lx, st);
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
			return text_failed(lx, st);
		advance(r);
	}
	advance(r); /* " */
	if ((st = put_end(lx)))
		return text_failed(lx, st);
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
	struct ob_tag *t = record_tag_add(g);
	if (!t) {
		r->nomem = true;
		return LEX_FATAL;
	}
	t->name = name;
	t->value = value;
	t->line = line;
	t->column = column;
	t->value_column = value_column;
	lx->any = true;
	return LEX_GAME;
}

static struct ob_token *token(struct lexer *lx, enum ob_token_type type,
			      long line, long column)
{
	struct ob_token *t = record_token_add(lx->g);
	if (!t) {
		lx->r->nomem = true;
		return NULL;
	}
	t->type = type;
	t->depth = lx->depth;
	t->line = line;
	t->column = column;
	return t;
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
		if ((st = put(lx, c)))
			return text_failed(lx, st);
		advance(r);
	}
	advance(r);
	if ((st = put_end(lx)))
		return text_failed(lx, st);
	struct ob_token *t = token(lx, OB_TOKEN_COMMENT, line, column);
	if (!t)
		return LEX_FATAL;
	t->text = text;
	return LEX_GAME;
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
			return text_failed(lx, st);
		advance(r);
	}
	if ((st = put_end(lx)))
		return text_failed(lx, st);
	struct ob_token *t = token(lx, OB_TOKEN_COMMENT, line, column);
	if (!t)
		return LEX_FATAL;
	t->text = text;
	return LEX_GAME;
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
	struct ob_token *t = token(lx, OB_TOKEN_NAG, line, column);
	if (!t)
		return LEX_FATAL;
	t->nag = value;
	return LEX_GAME;
}

static enum lex add_move(struct lexer *lx, size_t text, long line,
			 long column)
{
	if (++lx->moves > OB_OGN_PLIES_MAX)
		return syntax(lx, OB_ERR_OGN_TOO_LONG, line, column,
			      "game longer than %d moves", OB_OGN_PLIES_MAX);
	struct ob_token *t = token(lx, OB_TOKEN_MOVE, line, column);
	if (!t)
		return LEX_FATAL;
	t->text = text;
	t->ply = ++lx->ply[lx->depth];
	lx->has_move[lx->depth] = true;
	return LEX_GAME;
}

/* A word: a move (perhaps after a move number), a move number, a glyph or
 * a termination marker. */
static enum lex read_word(struct lexer *lx)
{
	struct ob_ogn_reader *r = lx->r;
	struct ob_game *g = lx->g;
	long line = r->line, column = r->column;
	size_t text = g->text_len;
	int st;
	while (!is_delimiter(r->c)) {
		if ((st = put(lx, r->c)))
			return text_failed(lx, st);
		advance(r);
	}
	size_t n = g->text_len - text;
	if ((st = put_end(lx)))
		return text_failed(lx, st);
	const char *w = g->text + text;

	if (is_marker(w, n)) {
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
		struct ob_token *t = token(lx, OB_TOKEN_NAG, line, column);
		if (!t)
			return LEX_FATAL;
		t->nag = nag;
		return LEX_GAME;
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
		if (c == '%' && r->column == 1) {
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
			if (!token(lx, OB_TOKEN_OPEN, line, column))
				return LEX_FATAL;
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
			if (!token(lx, OB_TOKEN_CLOSE, line, column))
				return LEX_FATAL;
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
	while (r->c == '[') {
		enum lex st = read_tag(&lx);
		if (st != LEX_GAME)
			return st;
		while (is_space(r->c) || (r->c == '%' && r->column == 1)) {
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
		while (is_space(r->c) || (r->c == '%' && r->column == 1)) {
			if (r->c == '%')
				skip_line(r);
			else
				advance(r);
		}
		r->long_line = 0;
		if (r->c < 0)
			break;
		record_reset(g);
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

/* ---- the canonical writer ---- */

#define WRAP 80

/* Output goes through a buffer, written out whole: one fwrite per few
 * kilobytes instead of one stdio call per token. */
struct writer {
	FILE *out;
	long col; /* characters on the current line */
	size_t n;
	char buf[8192];
};

static void flush(struct writer *w)
{
	if (w->n)
		fwrite(w->buf, 1, w->n, w->out);
	w->n = 0;
}

static void emit(struct writer *w, const char *s, size_t n)
{
	if (w->n + n > sizeof w->buf) {
		flush(w);
		if (n > sizeof w->buf) {
			fwrite(s, 1, n, w->out);
			return;
		}
	}
	memcpy(w->buf + w->n, s, n);
	w->n += n;
}

static inline void emit_char(struct writer *w, char c)
{
	if (w->n == sizeof w->buf)
		flush(w);
	w->buf[w->n++] = c;
}

static void emit_str(struct writer *w, const char *s)
{
	emit(w, s, strlen(s));
}

static long utf8_length(const char *s, size_t n)
{
	long chars = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			chars++;
	return chars;
}

/* Writes a unit of movetext, after a space or a line break; *prefix (a
 * pending "(") goes just before it. */
static void unit(struct writer *w, const char **prefix, const char *s,
		 size_t n)
{
	size_t p = strlen(*prefix);
	long width = utf8_length(s, n) + (long)p;
	if (w->col > 0 && w->col + 1 + width > WRAP) {
		emit_char(w, '\n');
		w->col = 0;
	} else if (w->col > 0) {
		emit_char(w, ' ');
		w->col++;
	}
	emit(w, *prefix, p);
	emit(w, s, n);
	w->col += width;
	*prefix = "";
}

static void unit_str(struct writer *w, const char **prefix, const char *s)
{
	unit(w, prefix, s, strlen(s));
}

/* A number after a prefix ("$") and before a suffix ("." or "..."). */
static void unit_number(struct writer *w, const char **prefix,
			const char *before, long x, const char *after)
{
	char buf[32], digits[24];
	size_t n = 0, k = 0;
	unsigned long u = x < 0 ? 0 : (unsigned long)x;
	do
		digits[k++] = (char)('0' + u % 10);
	while ((u /= 10) && k < sizeof digits);
	while (*before)
		buf[n++] = *before++;
	while (k)
		buf[n++] = digits[--k];
	while (*after)
		buf[n++] = *after++;
	unit(w, prefix, buf, n);
}

/* A comment with its blanks collapsed, wrapped at spaces; as a ;
 * comment ending the line when its text holds a }. */
static void write_comment(struct writer *w, const char **prefix,
			  const char *text)
{
	size_t len = strlen(text), n = 0;
	char *buf = malloc(len + 4);
	if (!buf)
		return;
	buf[n++] = '{';
	for (const char *s = text; *s;) {
		while (is_space((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (n > 1)
			buf[n++] = ' ';
		while (*s && !is_space((unsigned char)*s))
			buf[n++] = *s++;
	}
	buf[n++] = '}';
	buf[n] = '\0';
	if (memchr(buf + 1, '}', n - 2)) {
		buf[0] = ';';
		buf[--n] = '\0';
		unit(w, prefix, buf, n);
		emit_char(w, '\n');
		w->col = 0;
		free(buf);
		return;
	}
	/* Word by word: "{first", ..., "last}". */
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && buf[j] != ' ')
			j++;
		unit(w, prefix, buf + i, j - i);
		i = j + 1;
	}
	free(buf);
}

static void write_tag(struct writer *w, const char *name, const char *value)
{
	emit_char(w, '[');
	emit_str(w, name);
	emit(w, " \"", 2);
	for (const char *s = value; *s; s++) {
		if (*s == '"' || *s == '\\')
			emit_char(w, '\\');
		emit_char(w, *s);
	}
	emit(w, "\"]\n", 3);
}

static const char *const roster[] = {"Event", "Site",  "Date",    "Round",
				     "White", "Black", "Result",  "Variant",
				     "OFEN"};
enum { ROSTER = sizeof roster / sizeof *roster };

/* The roster's name, with OFEN standing for the variant's position tag. */
static const char *roster_name(const struct ob_game *g, int i)
{
	return strcmp(roster[i], "OFEN") == 0 ? ob_position_tag(g->variant)
					       : roster[i];
}

static bool in_roster(const struct ob_game *g, const char *name)
{
	for (int i = 0; i < ROSTER; i++)
		if (strcmp(roster_name(g, i), name) == 0)
			return true;
	return false;
}

static int by_tag_name(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;
	int c = strcmp(x[0], y[0]);
	if (c)
		return c;
	return x[2] < y[2] ? -1 : x[2] > y[2]; /* original order */
}

static void write_tags(struct writer *w, const struct ob_game *g)
{
	for (int i = 0; i < ROSTER; i++) {
		const char *name = roster_name(g, i);
		const char *value = ob_game_tag(g, name);
		char ofen[OB_OFEN_MAX];
		if (strcmp(name, "Result") == 0) {
			value = g->termination[0] ? g->termination : "*";
		} else if (strcmp(name, "Variant") == 0) {
			if (g->variant &&
			    (value || g->variant != ob_variant_default()))
				value = g->variant->tag_name;
		} else if (strcmp(roster[i], "OFEN") == 0 && value) {
			ob_ofen_write(&g->start, ofen);
			value = ofen;
		}
		if (value)
			write_tag(w, name, value);
	}
	/* The others by name, the first of each name only. */
	const char *(*rest)[3] = malloc(((size_t)g->ntags + 1) * sizeof *rest);
	if (!rest)
		return;
	int n = 0;
	for (int i = 0; i < g->ntags; i++) {
		const char *name = g->text + g->tags[i].name;
		if (in_roster(g, name) || ob_game_tag(g, name) !=
					       g->text + g->tags[i].value)
			continue;
		rest[n][0] = name;
		rest[n][1] = g->text + g->tags[i].value;
		rest[n][2] = (const char *)&g->tags[i];
		n++;
	}
	qsort(rest, (size_t)n, sizeof *rest, by_tag_name);
	for (int i = 0; i < n; i++)
		write_tag(w, rest[i][0], rest[i][1]);
	free(rest);
}

/* A trailing glyph of a move as written, as its NAG (0: none). */
static int trailing_glyph(const char *text)
{
	size_t n = strlen(text), k = 0;
	while (k < n && k < 2 &&
	       (text[n - 1 - k] == '!' || text[n - 1 - k] == '?'))
		k++;
	return k ? glyph_nag(text + n - k, k) : 0;
}

enum ob_status ob_ogn_write(FILE *out, const struct ob_game *g)
{
	struct writer *w = malloc(sizeof *w);
	int side0 = g->start.side, full0 = g->start.fullmove_number;
	const char *prefix = "";
	bool need_number = true; /* a Black move shows its number */

	if (!w)
		return OB_ERR_NO_MEMORY;
	w->out = out;
	w->col = 0;
	w->n = 0;
	write_tags(w, g);
	emit_char(w, '\n');
	for (int i = 0; i < g->ntokens; i++) {
		const struct ob_token *t = &g->tokens[i];
		switch (t->type) {
		case OB_TOKEN_MOVE: {
			int side = (side0 + t->ply - 1) & 1;
			int full = full0 + (t->ply - 1 + side0) / 2;
			if (side == OB_WHITE || need_number) {
				/* one unit: no number ends a line */
				char pair[24 + sizeof t->canonical];
				int n = snprintf(pair, sizeof pair, "%d%s %s",
						 full,
						 side == OB_WHITE ? "." : "...",
						 t->canonical);
				unit(w, &prefix, pair, (size_t)n);
			} else {
				unit_str(w, &prefix, t->canonical);
			}
			int nag = trailing_glyph(g->text + t->text);
			if (nag)
				unit_number(w, &prefix, "$", nag, "");
			need_number = false;
			break;
		}
		case OB_TOKEN_NAG:
			unit_number(w, &prefix, "$", t->nag, "");
			break;
		case OB_TOKEN_COMMENT:
			write_comment(w, &prefix, g->text + t->text);
			need_number = true;
			break;
		case OB_TOKEN_OPEN:
			prefix = "(";
			need_number = true;
			break;
		case OB_TOKEN_CLOSE:
			if (w->col + 1 > WRAP) {
				emit_char(w, '\n');
				w->col = 0;
			}
			emit_char(w, ')');
			w->col++;
			need_number = true;
			break;
		}
	}
	unit_str(w, &prefix, g->termination[0] ? g->termination : "*");
	emit(w, "\n\n", 2);
	flush(w);
	free(w);
	return ferror(out) ? OB_ERR_IO : OB_OK;
}
