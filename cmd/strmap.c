/* A hash map from strings; see strmap.h. */
#include "strmap.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static uint64_t hash_string(const char *s)
{
	uint64_t h = 14695981039346656037u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

static void strmap_grow(struct strmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 16;
	struct strmap_entry *slots = calloc(cap, sizeof *slots);
	if (!slots)
		util_out_of_memory();
	for (size_t i = 0; i < m->cap; i++) {
		struct strmap_entry *e = &m->slots[i];
		if (!e->key)
			continue;
		size_t j = (size_t)e->hash & (cap - 1);
		while (slots[j].key)
			j = (j + 1) & (cap - 1);
		slots[j] = *e;
	}
	free(m->slots);
	m->slots = slots;
	m->cap = cap;
}

void *strmap_get(struct strmap *m, const char *key, size_t size)
{
	if (2 * (m->count + 1) > m->cap)
		strmap_grow(m);
	uint64_t h = hash_string(key);
	size_t j = (size_t)h & (m->cap - 1);
	for (; m->slots[j].key; j = (j + 1) & (m->cap - 1))
		if (m->slots[j].hash == h && strcmp(m->slots[j].key, key) == 0)
			return m->slots[j].value;
	void *value = calloc(1, size);
	if (!value)
		util_out_of_memory();
	m->slots[j].key = util_xstrdup(key);
	m->slots[j].hash = h;
	m->slots[j].value = value;
	m->count++;
	return value;
}

static int entry_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct strmap_entry *const *)a)->key,
		      (*(const struct strmap_entry *const *)b)->key);
}

struct strmap_entry **strmap_sorted(const struct strmap *m)
{
	struct strmap_entry **list = malloc((m->count + 1) * sizeof *list);
	if (!list)
		util_out_of_memory();
	size_t n = 0;
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			list[n++] = &m->slots[i];
	qsort(list, n, sizeof *list, entry_cmp);
	return list;
}

void strmap_free(struct strmap *m, void (*free_value)(void *))
{
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->slots[i].key)
			continue;
		free(m->slots[i].key);
		if (free_value)
			free_value(m->slots[i].value);
		free(m->slots[i].value);
	}
	free(m->slots);
	memset(m, 0, sizeof *m);
}
