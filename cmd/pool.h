/* A worker pool: items handed to a callback, given back in their order. */
#ifndef OB_CMD_POOL_H
#define OB_CMD_POOL_H

#include <stdbool.h>

/* Called on a worker thread (0 to threads - 1) for each item. */
typedef void pool_work_fn(void *item, int worker, void *arg);

struct pool;

/*
 * Starts threads workers calling work(item, worker, arg) for each item
 * submitted; at most depth items may be pending (submitted and not yet
 * taken back with pool_next_done).  Exits 2 when a thread cannot start or
 * memory runs out.
 */
struct pool *pool_start(int threads, long depth, pool_work_fn *work,
			void *arg);
/* Queues item; pool_pending(p) must be below depth. */
void pool_submit(struct pool *p, void *item);
/* The items submitted and not yet taken back. */
long pool_pending(const struct pool *p);
/*
 * Takes back the oldest pending item once its work is done, waiting for
 * it when wait; NULL when nothing is pending or, without wait, the oldest
 * item is not done yet.  Only the thread that submits may call this.
 */
void *pool_next_done(struct pool *p, bool wait);
/* Waits for the workers to finish every item and frees the pool. */
void pool_finish(struct pool *p);

#endif
