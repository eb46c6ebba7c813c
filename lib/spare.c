/*
 * A few freed blocks kept for reuse across threads: the game replay's work
 * records (lib/game.c), which the tools' -j frees on the reading thread
 * after each batch while the workers need new ones.  At most SPARE_MAX are
 * kept, whatever the input; those left at exit are freed then, so that a
 * leak checker sees nothing.
 */
#include "spare.h"

#include <pthread.h>
#include <stdlib.h>

#define SPARE_MAX 64

static void *blocks[SPARE_MAX];
static void (*releases[SPARE_MAX])(void *);
static int nblocks;
static bool at_exit_set;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void release_all(void)
{
	pthread_mutex_lock(&lock);
	while (nblocks > 0) {
		nblocks--;
		releases[nblocks](blocks[nblocks]);
	}
	pthread_mutex_unlock(&lock);
}

void *spare_take(void)
{
	void *block = NULL;
	pthread_mutex_lock(&lock);
	if (nblocks > 0)
		block = blocks[--nblocks];
	pthread_mutex_unlock(&lock);
	return block;
}

bool spare_keep(void *block, void (*release)(void *))
{
	pthread_mutex_lock(&lock);
	if (!at_exit_set)
		at_exit_set = atexit(release_all) == 0;
	bool kept = at_exit_set && nblocks < SPARE_MAX;
	if (kept) {
		blocks[nblocks] = block;
		releases[nblocks++] = release;
	}
	pthread_mutex_unlock(&lock);
	return kept;
}
