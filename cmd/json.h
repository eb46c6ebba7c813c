/* JSON: strings written (UTF-8-safe or byte for byte), documents read. */
#ifndef OB_CMD_JSON_H
#define OB_CMD_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* Appends s as a JSON string: valid UTF-8 kept, '"' and '\' escaped,
 * control characters and DEL as \u00XX, invalid bytes as \ufffd. */
void json_text(struct buf *b, const char *s);
/* Appends s as a JSON string that keeps every byte: control characters
 * and bytes from 0x7f up as \u00XX, which json_parse reads back as that
 * byte. */
void json_bytes(struct buf *b, const char *s);

enum json_type {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT
};

struct json_value {
	enum json_type type;
	uint64_t number;          /* JSON_NUMBER: whole; JSON_BOOL: 0 or 1 */
	char *string;             /* JSON_STRING */
	struct json_value *items; /* JSON_ARRAY, JSON_OBJECT: n of them */
	char **keys;              /* JSON_OBJECT: the key of each item */
	size_t n;
};

/*
 * Reads the one JSON document of text[0..len) (white space around it
 * allowed) into *root, for json_free.  Strings hold bytes: \u escapes
 * from \u0001 to \u00ff only.  Arrays and objects nest at most 16 deep.
 * On failure returns false with *error saying why and *at the offset
 * where reading stopped (after any white space); *root is then empty.
 * Running out of memory exits.
 */
bool json_parse(const char *text, size_t len, struct json_value *root,
		const char **error, size_t *at);
/* The member named key of an object; NULL if none or not an object. */
const struct json_value *json_get(const struct json_value *obj,
				  const char *key);
void json_free(struct json_value *v);

#endif
