/* JSON strings written and documents read; see json.h. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- writing strings ---- */

void json_text(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	buf_add(b, "\"", 1);
	while (*p) {
		unsigned c = *p;
		int extra = c < 0x80 ? 0
			    : c >= 0xc2 && c < 0xe0 ? 1
			    : c >= 0xe0 && c < 0xf0 ? 2
			    : c >= 0xf0 && c < 0xf5 ? 3
						    : -1;
		int k = 1;
		while (extra > 0 && k <= extra && (p[k] & 0xc0) == 0x80)
			k++;
		if (c == '"' || c == '\\') {
			buf_printf(b, "\\%c", (char)c);
		} else if (c < 0x20 || c == 0x7f) {
			buf_printf(b, "\\u%04x", c);
		} else if (extra < 0 || k != extra + 1) {
			buf_puts(b, "\\ufffd");
			k = 1;
		} else {
			buf_add(b, (const char *)p, (size_t)k);
		}
		p += extra > 0 && k == extra + 1 ? k : 1;
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

/* ---- reading documents: a tree of values ---- */

struct jparser {
	const char *p, *end;
	const char *error;
	int depth;
};

void json_free(struct json_value *v)
{
	for (size_t i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
}

static void jspace(struct jparser *jp)
{
	while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\n' ||
				   *jp->p == '\r' || *jp->p == '\t'))
		jp->p++;
}

static bool jfail(struct jparser *jp, const char *why)
{
	if (!jp->error)
		jp->error = why;
	return false;
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9'   ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10
				      : -1;
}

static bool jstring(struct jparser *jp, char **out)
{
	struct buf b = {0};
	jp->p++; /* the opening quote */
	buf_reserve(&b, 16);
	while (jp->p < jp->end && *jp->p != '"') {
		unsigned char c = (unsigned char)*jp->p++;
		if (c < 0x20) {
			free(b.p);
			return jfail(jp, "control character in a string");
		}
		if (c != '\\') {
			buf_add(&b, (const char *)&c, 1);
			continue;
		}
		if (jp->p >= jp->end)
			break;
		char e = *jp->p++;
		const char *plain = strchr("\"\\/bfnrt", e);
		if (e && plain) {
			static const char decoded[] = "\"\\/\b\f\n\r\t";
			buf_add(&b, &decoded[plain - "\"\\/bfnrt"], 1);
			continue;
		}
		unsigned u = 0;
		for (int i = 0; e == 'u' && i < 4; i++) {
			int d = jp->p + i < jp->end ? hex_digit(jp->p[i]) : -1;
			if (d < 0)
				e = 0;
			u = u * 16 + (unsigned)d;
		}
		if (e != 'u' || u == 0 || u > 0xff) {
			free(b.p);
			return jfail(jp, "unexpected escape in a string");
		}
		jp->p += 4;
		c = (unsigned char)u;
		buf_add(&b, (const char *)&c, 1);
	}
	if (jp->p >= jp->end) {
		free(b.p);
		return jfail(jp, "unterminated string");
	}
	jp->p++;
	*out = b.p;
	return true;
}

static bool jparse(struct jparser *jp, struct json_value *v)
{
	memset(v, 0, sizeof *v);
	jspace(jp);
	if (jp->p >= jp->end)
		return jfail(jp, "unexpected end");
	char c = *jp->p;
	if (c == '"') {
		v->type = JSON_STRING;
		return jstring(jp, &v->string);
	}
	if (c >= '0' && c <= '9') {
		v->type = JSON_NUMBER;
		for (; jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9'; jp->p++) {
			unsigned d = (unsigned)(*jp->p - '0');
			if (v->number > (UINT64_MAX - d) / 10)
				return jfail(jp, "number too large");
			v->number = v->number * 10 + d;
		}
		return true;
	}
	static const char *const words[] = {"null", "false", "true"};
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(words[i]);
		if ((size_t)(jp->end - jp->p) >= n &&
		    memcmp(jp->p, words[i], n) == 0) {
			jp->p += n;
			v->type = i ? JSON_BOOL : JSON_NULL;
			v->number = i == 2;
			return true;
		}
	}
	if (c != '[' && c != '{')
		return jfail(jp, "unexpected character");
	if (++jp->depth > 16)
		return jfail(jp, "nested too deep");
	bool object = c == '{';
	v->type = object ? JSON_OBJECT : JSON_ARRAY;
	jp->p++;
	jspace(jp);
	size_t cap = 0;
	if (jp->p < jp->end && *jp->p == (object ? '}' : ']')) {
		jp->p++;
		jp->depth--;
		return true;
	}
	for (;;) {
		if (v->n == cap) {
			cap = cap ? cap * 2 : 8;
			struct json_value *items =
				realloc(v->items, cap * sizeof *items);
			if (!items)
				util_out_of_memory();
			v->items = items;
			if (object) {
				char **keys = realloc(v->keys, cap * sizeof *keys);
				if (!keys)
					util_out_of_memory();
				v->keys = keys;
			}
		}
		if (object) {
			jspace(jp);
			if (jp->p >= jp->end || *jp->p != '"')
				return jfail(jp, "expected a key");
			if (!jstring(jp, &v->keys[v->n]))
				return false;
			jspace(jp);
			if (jp->p >= jp->end || *jp->p != ':') {
				free(v->keys[v->n]);
				return jfail(jp, "expected ':'");
			}
			jp->p++;
		}
		bool ok = jparse(jp, &v->items[v->n]);
		v->n++;
		if (!ok)
			return false;
		jspace(jp);
		if (jp->p < jp->end && *jp->p == ',') {
			jp->p++;
			continue;
		}
		if (jp->p < jp->end && *jp->p == (object ? '}' : ']')) {
			jp->p++;
			jp->depth--;
			return true;
		}
		return jfail(jp, object ? "expected ',' or '}'"
					: "expected ',' or ']'");
	}
}

const struct json_value *json_get(const struct json_value *obj,
				  const char *key)
{
	if (obj->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return &obj->items[i];
	return NULL;
}

bool json_parse(const char *text, size_t len, struct json_value *root,
		const char **error, size_t *at)
{
	if (!text)
		text = "";
	struct jparser jp = {text, text + len, NULL, 0};
	bool ok = jparse(&jp, root);
	jspace(&jp);
	if (ok && jp.p != jp.end)
		ok = jfail(&jp, "text after the document");
	if (!ok) {
		json_free(root);
		memset(root, 0, sizeof *root);
		*error = jp.error;
		*at = (size_t)(jp.p - text);
	}
	return ok;
}
