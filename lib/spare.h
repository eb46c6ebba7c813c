/*
 * A few freed blocks kept for reuse, shared by the threads (lib/spare.c).
 */
#ifndef OB_SPARE_H
#define OB_SPARE_H

#include <stdbool.h>

/* A kept block, or NULL when none is. */
void *spare_take(void);
/* Keeps block for spare_take, or returns false when enough are kept (the
 * caller frees it then).  Those still kept at exit are freed by release. */
bool spare_keep(void *block, void (*release)(void *));

#endif
