/* A pool of worker threads; see pool.h. */
#define _GNU_SOURCE
#include "pool.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct slot {
	void *item;
	bool done;
};

struct worker {
	pthread_t thread;
	struct pool *pool;
	int index;
};

/* Item k (counted from 0 in submission order) is in slots[k % depth]. */
struct pool {
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct slot *slots;
	long depth;
	long submitted, taken, collected;
	bool finished;
	int nworkers;
	struct worker *workers;
	pool_work_fn *fn;
	void *arg;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (p->taken == p->submitted && !p->finished)
			pthread_cond_wait(&p->work, &p->mu);
		if (p->taken == p->submitted)
			break;
		struct slot *s = &p->slots[p->taken++ % p->depth];
		pthread_mutex_unlock(&p->mu);
		p->fn(s->item, w->index, p->arg);
		pthread_mutex_lock(&p->mu);
		s->done = true;
		pthread_cond_broadcast(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

struct pool *pool_start(int threads, long depth, pool_work_fn *work,
			void *arg)
{
	struct pool *p = calloc(1, sizeof *p);
	if (!p)
		util_out_of_memory();
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	p->depth = depth;
	p->fn = work;
	p->arg = arg;
	p->nworkers = threads;
	p->slots = calloc((size_t)depth, sizeof *p->slots);
	p->workers = calloc((size_t)threads, sizeof *p->workers);
	if (!p->slots || !p->workers)
		util_out_of_memory();
	for (int i = 0; i < threads; i++) {
		p->workers[i].pool = p;
		p->workers[i].index = i;
		if (pthread_create(&p->workers[i].thread, NULL, worker_main,
				   &p->workers[i]) != 0) {
			util_warn("cannot start a thread: %s", strerror(errno));
			exit(EXIT_USAGE);
		}
	}
	return p;
}

void pool_submit(struct pool *p, void *item)
{
	pthread_mutex_lock(&p->mu);
	struct slot *s = &p->slots[p->submitted % p->depth];
	s->item = item;
	s->done = false;
	p->submitted++;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

long pool_pending(const struct pool *p)
{
	/* Both counts change only on the submitting thread. */
	return p->submitted - p->collected;
}

void *pool_next_done(struct pool *p, bool wait)
{
	void *item = NULL;
	pthread_mutex_lock(&p->mu);
	while (p->collected < p->submitted) {
		struct slot *s = &p->slots[p->collected % p->depth];
		if (s->done) {
			item = s->item;
			p->collected++;
			break;
		}
		if (!wait)
			break;
		pthread_cond_wait(&p->done, &p->mu);
	}
	pthread_mutex_unlock(&p->mu);
	return item;
}

void pool_finish(struct pool *p)
{
	pthread_mutex_lock(&p->mu);
	p->finished = true;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->nworkers; i++)
		pthread_join(p->workers[i].thread, NULL);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->mu);
	free(p->slots);
	free(p->workers);
	free(p);
}
