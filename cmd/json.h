/* JSON: strings written (UTF-8-safe or byte for byte), tokens read. */
#ifndef OB_CMD_JSON_H
#define OB_CMD_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "buf.h"

/* Appends s as a JSON string: UTF-8 kept, '"' and '\' escaped, control
 * characters and DEL as \u00XX, each ill-formed UTF-8 part (ob_utf8_char)
 * as \ufffd. */
void json_text(struct buf *b, const char *s);
/* Appends s as a JSON string that keeps every byte: control characters
 * and bytes from 0x7f up as \u00XX, which json_next reads back as that
 * byte. */
void json_bytes(struct buf *b, const char *s);

/* Writes s to f as json_text appends it: the one JSON string writer of
 * the tools, for those that print instead of filling a buffer. */
void json_write_text(FILE *f, const char *s);

/*
 * A streaming reader of JSON tokens from a FILE, in fixed buffers: memory
 * does not depend on the input.  It reads tokens, not documents: the
 * caller checks their order (an object's braces, colons and commas), so
 * that it can build what the document means while reading it.
 *
 * Strings hold bytes: a byte from 0x20 up stands for itself, escapes are
 * those of JSON with \u from \u0001 to \u00ff only (as json_bytes writes
 * them), and a string decodes to at most JSON_STRING_MAX bytes.  Numbers
 * are whole and from 0 to 2^64 - 1: no sign, fraction, exponent or
 * leading zero.
 */
#define JSON_STRING_MAX 65536

enum json_token {
	JSON_END,          /* the end of the input */
	JSON_ERROR,        /* error says why, at line:column; it stays */
	JSON_OBJECT_BEGIN, /* { */
	JSON_OBJECT_END,   /* } */
	JSON_ARRAY_BEGIN,  /* [ */
	JSON_ARRAY_END,    /* ] */
	JSON_COLON,
	JSON_COMMA,
	JSON_STRING, /* string: len bytes and a NUL */
	JSON_NUMBER, /* number */
	JSON_TRUE,
	JSON_FALSE,
	JSON_NULL
};

struct json_reader {
	/* The last token read, and where it starts (from 1; the column counts
	 * bytes); for JSON_ERROR, where reading stopped. */
	enum json_token token;
	long line, column;
	const char *error;
	uint64_t number;
	size_t len;
	char string[JSON_STRING_MAX + 1];
	/* private */
	FILE *file;
	unsigned char in[4096];
	size_t at, end;
	long next_line, next_column;
};

/* Starts reading file (which the caller opens and closes) from its
 * current position. */
void json_reader_init(struct json_reader *r, FILE *file);
/* Reads the next token into r and returns its kind.  A read error is a
 * JSON_ERROR saying so (errno as the stream left it). */
enum json_token json_next(struct json_reader *r);
/* The token's kind in words, for a diagnostic ("a string", "'}'"). */
const char *json_token_name(enum json_token t);

#endif
