/* JSON strings written and tokens read; see json.h. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- writing strings ---- */

void json_text(struct buf *b, const char *s)
{
	buf_add(b, "\"", 1);
	while (*s) {
		unsigned c = (unsigned char)*s;
		int n = ob_utf8_char(s);
		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", (char)c);
		else if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\u%04x", c);
		else if (n < 0)
			buf_puts(b, "\\ufffd");
		else
			buf_add(b, s, (size_t)n);
		s += n < 0 ? -n : n;
	}
	buf_add(b, "\"", 1);
}

void json_bytes(struct buf *b, const char *s)
{
	buf_add(b, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(b, "\\%c", (char)*p);
		else if (*p < 0x20 || *p >= 0x7f)
			buf_printf(b, "\\u%04x", *p);
		else
			buf_add(b, (const char *)p, 1);
	}
	buf_add(b, "\"", 1);
}

void json_write_text(FILE *f, const char *s)
{
	struct buf b = {0};
	json_text(&b, s);
	fwrite(b.p, 1, b.len, f);
	free(b.p);
}

/* ---- reading tokens ---- */

void json_reader_init(struct json_reader *r, FILE *file)
{
	r->token = JSON_END;
	r->line = r->column = 0;
	r->error = NULL;
	r->number = 0;
	r->len = 0;
	r->string[0] = '\0';
	r->file = file;
	r->at = r->end = 0;
	r->next_line = r->next_column = 1;
}

/* The next byte without taking it; -1 at the end or on a read error. */
static int peek(struct json_reader *r)
{
	if (r->at == r->end) {
		r->at = 0;
		r->end = fread(r->in, 1, sizeof r->in, r->file);
		if (r->end == 0)
			return -1;
	}
	return r->in[r->at];
}

static int take(struct json_reader *r)
{
	int c = peek(r);
	if (c < 0)
		return c;
	r->at++;
	if (c == '\n') {
		r->next_line++;
		r->next_column = 1;
	} else {
		r->next_column++;
	}
	return c;
}

/* Fails at the byte about to be read. */
static enum json_token fail(struct json_reader *r, const char *why)
{
	r->line = r->next_line;
	r->column = r->next_column;
	r->error = why;
	return r->token = JSON_ERROR;
}

static int hex_digit(int c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

static enum json_token read_string(struct json_reader *r)
{
	r->len = 0;
	for (;;) {
		int c = peek(r);
		if (c < 0)
			return fail(r, ferror(r->file) ? "read error"
						       : "unterminated string");
		if (c < 0x20)
			return fail(r, "control character in a string");
		if (c == '"') {
			take(r);
			break;
		}
		if (c == '\\') {
			take(r);
			int e = peek(r);
			const char *plain = e > 0 ? strchr("\"\\/bfnrt", e) : NULL;
			if (plain) {
				take(r);
				c = "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
			} else if (e == 'u') {
				take(r);
				unsigned u = 0;
				for (int i = 0; i < 4; i++) {
					int d = hex_digit(peek(r));
					if (d < 0)
						return fail(r, "\\u needs four hex "
							       "digits");
					take(r);
					u = u * 16 + (unsigned)d;
				}
				if (u == 0 || u > 0xff)
					return fail(r, "a \\u escape other than "
						       "\\u0001 to \\u00ff");
				c = (int)u;
			} else {
				return fail(r, "unknown escape in a string");
			}
		} else {
			take(r);
		}
		if (r->len == JSON_STRING_MAX)
			return fail(r, "string longer than 65536 bytes");
		r->string[r->len++] = (char)c;
	}
	r->string[r->len] = '\0';
	return r->token = JSON_STRING;
}

static enum json_token read_number(struct json_reader *r)
{
	r->number = 0;
	if (peek(r) == '0') {
		take(r);
		int c = peek(r);
		if (c >= '0' && c <= '9')
			return fail(r, "a number with a leading zero");
	}
	for (int c; (c = peek(r)) >= '0' && c <= '9';) {
		unsigned d = (unsigned)(c - '0');
		if (r->number > (UINT64_MAX - d) / 10)
			return fail(r, "number above 2^64 - 1");
		r->number = r->number * 10 + d;
		take(r);
	}
	int c = peek(r);
	if (c == '.' || c == 'e' || c == 'E')
		return fail(r, "a number with a fraction or exponent");
	return r->token = JSON_NUMBER;
}

enum json_token json_next(struct json_reader *r)
{
	if (r->token == JSON_ERROR)
		return JSON_ERROR;
	int c;
	while ((c = peek(r)) == ' ' || c == '\n' || c == '\r' || c == '\t')
		take(r);
	r->line = r->next_line;
	r->column = r->next_column;
	if (c < 0)
		return ferror(r->file) ? fail(r, "read error")
				       : (r->token = JSON_END);
	static const char punct[] = "{}[]:,";
	const char *p = strchr(punct, c);
	if (c && p) {
		take(r);
		return r->token = (enum json_token)(JSON_OBJECT_BEGIN + (p - punct));
	}
	if (c == '"') {
		take(r);
		return read_string(r);
	}
	if (c >= '0' && c <= '9')
		return read_number(r);
	if (c == '-')
		return fail(r, "a negative number");
	static const char *const words[] = {"true", "false", "null"};
	for (int i = 0; i < 3; i++) {
		if (c != words[i][0])
			continue;
		for (const char *w = words[i]; *w; w++) {
			if (peek(r) != *w)
				return fail(r, "unexpected character");
			take(r);
		}
		return r->token = (enum json_token)(JSON_TRUE + i);
	}
	return fail(r, "unexpected character");
}

const char *json_token_name(enum json_token t)
{
	static const char *const names[] = {
		"the end of the input", "an error", "'{'", "'}'", "'['", "']'",
		"':'", "','", "a string", "a number", "true", "false", "null"};
	return names[t];
}
