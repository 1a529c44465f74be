/*
 * walk.c - the component walker's cold parts (walk.h says what it is):
 * growing a stack, starting a walk, and sharing one component out among
 * threads.
 *
 * Sharing: the first walker's stack is dealt round-robin, every n-th
 * node to each walker, so each starts with a share of every depth of the
 * walk so far.  Each walker then runs on its own thread until its stack
 * is empty; a walker's stack empties while others still expand, and it
 * stops then (a node new to it would have been put on its own stack), so
 * the walk is whole only when every stack is.  The first walker's thread
 * is the caller's: it alone touches the meter afterwards.
 */
#include <string.h>

#include "explore/walk.h"

void sbi_walk_init(sb_component_walker *w, sb_meter *m, size_t most, void *ctx)
{
    memset(w, 0, sizeof *w);
    w->meter = m;
    w->most = most;
    w->ctx = ctx;
}

void sbi_walk_free(sb_component_walker *w)
{
    sbi_array_free(w->meter, &w->stack, &w->cap, sizeof *w->stack);
    w->depth = 0;
}

bool sbi_walk_crew_init(sb_walk_crew *c, unsigned n, bool (*run)(sb_component_walker *w))
{
    memset(c, 0, sizeof *c);
    c->n = n < 1 ? 1 : n > SB_WALK_MAX_THREADS ? SB_WALK_MAX_THREADS : n;
    c->run = run;
    return pthread_mutex_init(&c->lock, NULL) == 0;
}

void sbi_walk_crew_free(sb_walk_crew *c)
{
    pthread_mutex_destroy(&c->lock);
}

bool sbi_walk_grow(sb_component_walker *w)
{
    sb_walk_crew *c = w->crew;
    if (c)
        pthread_mutex_lock(&c->lock);
    bool ok = sbi_array_grow(w->meter, &w->stack, &w->cap, w->depth + w->most, sizeof *w->stack);
    if (c)
        pthread_mutex_unlock(&c->lock);
    w->stopped |= !ok;
    return ok;
}

bool sbi_walk_seed(sb_component_walker *w, uint64_t seed, uint64_t before)
{
    w->depth = 0;
    w->found = 1;
    w->edges = 0;
    w->before = before;
    w->stopped = false;
    /* A first stack of 1,024 nodes (or room for one expansion), doubled
     * as it grows. */
    size_t room = w->most + 1 > 1024 ? w->most + 1 : 1024;
    if (!sbi_meter_may_store(w->meter, before) ||
        !sbi_array_reserve(w->meter, &w->stack, &w->cap, room, sizeof *w->stack)) {
        w->stopped = true;
        return false;
    }
    w->stack[w->depth++] = (sb_walk_node){ seed, SB_WALK_SEED };
    return true;
}

bool sbi_walk_late(const sb_meter *m)
{
    if (m->cancel && atomic_load(&m->cancel->requested))
        return true;
    return m->deadline > 0 && sbi_clock() > m->deadline;
}

bool sbi_walk_shared_late(sb_component_walker *w, uint64_t all)
{
    sb_meter *m = w->meter;
    if (w != w->crew->w[0])
        return sbi_walk_late(m);
    m->done = w->before + all;
    return sbi_meter_check(m) != SB_OK;
}

static void *walk_thread(void *arg)
{
    sb_component_walker *w = arg;
    w->crew->run(w);
    return NULL;
}

bool sbi_walk_share(sb_walk_crew *c)
{
    sb_component_walker *first = c->w[0];
    size_t n = first->depth;
    unsigned k, started = 0;
    pthread_t threads[SB_WALK_MAX_THREADS];
    for (k = 1; k < c->n; k++) {
        sb_component_walker *w = c->w[k];
        w->depth = w->found = w->edges = 0;
        w->before = first->before;
        w->stopped = false;
        if (!sbi_array_reserve(w->meter, &w->stack, &w->cap, n / c->n + 1 + w->most,
                               sizeof *w->stack)) {
            first->stopped = true;
            return false;
        }
        for (size_t i = k; i < n; i += c->n)
            w->stack[w->depth++] = first->stack[i];
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i += c->n)
        first->stack[kept++] = first->stack[i];
    first->depth = kept;
    c->found = first->found;
    c->stop = false;
    for (k = 0; k < c->n; k++) {
        c->w[k]->crew = c;
        c->w[k]->expansions = 0;
    }
    for (k = 1; k < c->n; k++) {
        if (pthread_create(&threads[k], NULL, walk_thread, c->w[k]) != 0)
            break;
        started = k;
    }
    c->run(first);
    /* A walker that did not start is walked here, after the others. */
    for (unsigned j = started + 1; j < c->n; j++)
        c->run(c->w[j]);
    for (k = 1; k <= started; k++)
        pthread_join(threads[k], NULL);
    bool ok = !first->stopped;
    first->crew = NULL;
    for (k = 1; k < c->n; k++) {
        first->found += c->w[k]->found;
        first->edges += c->w[k]->edges;
        ok &= !c->w[k]->stopped;
        c->w[k]->crew = NULL;
        c->w[k]->depth = 0;
    }
    if (!ok) {
        sb_meter *m = first->meter;
        uint64_t limit = m->limits.max_states;
        if (sbi_meter_late(m))   /* hit says cancelled or late */
            return false;
        if (limit && first->before + first->found > limit)
            m->hit = SB_LIMIT_STATES;
        else if (m->hit == SB_LIMIT_NONE)
            m->hit = SB_LIMIT_MEMORY;
    }
    return ok;
}
