/* A hash map from strings to values it allocates, and lists it in order. */
#ifndef OB_CMD_STRMAP_H
#define OB_CMD_STRMAP_H

#include <stddef.h>
#include <stdint.h>

struct strmap_entry {
	char *key; /* NULL: a free slot */
	uint64_t hash;
	void *value;
};

/* {0} is an empty map.  Running out of memory exits. */
struct strmap {
	struct strmap_entry *slots; /* cap of them, count used */
	size_t cap, count;
};

/* The value under key, created (zeroed, size bytes) when missing. */
void *strmap_get(struct strmap *m, const char *key, size_t size);
/* The entries in byte order of their keys; the caller frees the array. */
struct strmap_entry **strmap_sorted(const struct strmap *m);
/* Frees the keys and the values (calling free_value first, when not
 * NULL, on each) and empties the map. */
void strmap_free(struct strmap *m, void (*free_value)(void *));

#endif
