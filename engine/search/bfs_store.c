/*
 * bfs_store.c - the breadth-first walker for any space: configurations
 * are kept in a store, whose node ids are given in the order configurations
 * are stored.  BFS stores them in the order it meets them, so the ids
 * themselves are the queue and each layer is one range of ids, [start,
 * end): no queue is kept at all.
 *
 * Children come from expand() as records (space.h); a child's key is built
 * only to be looked up and stored.  When a goal is looked for, a goal
 * child is taken before any of its siblings is stored: a configuration
 * with tens of thousands of children, one of them the goal, stores one.
 *
 * Bidirectional BFS (bidir.c) runs two of these, one from each end, each
 * given the other's store: a new child the other side has stored is where
 * the two meet, and it ends the search as a goal would.
 */
#include <stdlib.h>
#include <string.h>

#include "search/path.h"
#include "search/setup.h"

typedef struct store_walk {
    const sb_space *space;
    sb_scratch *scratch;
    sb_store *store;
    const sb_store *meet_in;  /* the other side's store, or NULL: goals are the space's */
    sb_meter *meter;
    sb_children kids;
    unsigned char *parent;    /* the key being expanded (the store may move its own) */
    unsigned char *child;     /* a child's key, built from its record */
    uint32_t start, end;      /* the current layer: node ids [start, end) */
    uint32_t goal;            /* the goal's node id, once met */
} store_walk;

void *sbi_store_walker_new(sb_setup *s, sb_store *st, const sb_store *meet_in)
{
    store_walk *wk = calloc(1, sizeof *wk);
    size_t key_size = s->space->key_size;
    if (wk) {
        wk->parent = malloc(key_size + 1);
        wk->child = malloc(key_size + 1);
    }
    if (!wk || !wk->parent || !wk->child) {
        if (wk) {
            free(wk->parent);
            free(wk->child);
        }
        free(wk);
        st->ops->free(st);
        return NULL;
    }
    wk->space = s->space;
    wk->scratch = s->scratch;
    wk->store = st;
    wk->meet_in = meet_in;
    wk->meter = &s->meter;
    wk->kids = (sb_children){ .rec_size = s->space->rec_size, .meter = &s->meter };
    wk->end = st->count;
    wk->goal = SB_NO_NODE;
    return wk;
}

/* Stores child i of node id; *fresh says whether it was new and *goal
 * whether it ends the search: a new goal child, or under bidirectional
 * search a new child the other side has stored.  Either becomes wk->goal. */
static sb_status store_child(store_walk *wk, uint32_t id, size_t i, bool *fresh, bool *goal)
{
    const sb_space *sp = wk->space;
    uint32_t cid;
    uint64_t hash = sp->ops->child_key(sp, wk->scratch, wk->parent,
                                       wk->kids.recs + i * wk->kids.rec_size, wk->child);
    sb_status status = wk->store->ops->intern(wk->store, wk->child, hash, id, &cid, fresh);
    *goal = status == SB_OK && *fresh &&
            (wk->meet_in ? wk->meet_in->ops->find(wk->meet_in, wk->child, hash) != SB_NO_NODE
                         : wk->kids.goal[i]);
    if (*goal)
        wk->goal = cid;
    wk->meter->stored = wk->store->count + wk->meter->stored_elsewhere;
    return status;
}

static sb_status expand_layer(void *walker, sb_bfs *run)
{
    store_walk *wk = walker;
    const sb_space *sp = wk->space;
    for (uint32_t id = wk->start; id < wk->end; id++) {
        memcpy(wk->parent, wk->store->ops->key(wk->store, id), sp->key_size);
        sbi_children_clear(&wk->kids);
        if (sp->ops->expand(sp, wk->scratch, wk->parent, &wk->kids) != SB_OK)
            return SB_ELIMIT;
        bool fresh, goal;
        if (run->stop_at_goal && !wk->meet_in && wk->kids.first_goal != SIZE_MAX) {
            if (store_child(wk, id, wk->kids.first_goal, &fresh, &goal) != SB_OK)
                return SB_ELIMIT;
            wk->meter->expanded++;
            sbi_bfs_met(run, 1, true);
            return SB_OK;
        }
        for (size_t i = 0; i < wk->kids.n; i++) {
            /* Storing a child can cost a key's worth of copying (4 KB on a
             * 1x65536 tray): the deadline holds inside one expansion. */
            if (((i & 4095) == 4095 && sbi_meter_late(wk->meter)) ||
                store_child(wk, id, i, &fresh, &goal) != SB_OK)
                return SB_ELIMIT;
            if (fresh && sbi_bfs_met(run, 1, goal))
                return SB_OK;
        }
        if (sbi_meter_tick(wk->meter, wk->kids.n) != SB_OK)
            return SB_ELIMIT;
    }
    return SB_OK;
}

uint32_t sbi_store_walker_goal(const void *walker)
{
    const store_walk *wk = walker;
    return wk->goal;
}

static void advance(void *walker)
{
    store_walk *wk = walker;
    wk->start = wk->end;
    wk->end = wk->store->count;
}

static sb_status path(void *walker, const sb_bfs *run, sb_solution *sol)
{
    store_walk *wk = walker;
    (void)run;
    return sbi_path_read(wk->space, wk->scratch, wk->store, wk->goal, sol);
}

static const void *layer_key(void *walker)
{
    store_walk *wk = walker;
    return wk->store->ops->key(wk->store, wk->start);
}

const sb_store *sbi_store_walker_store(void *walker)
{
    return ((store_walk *)walker)->store;
}

static void walk_free(void *walker)
{
    store_walk *wk = walker;
    if (!wk)
        return;
    sbi_children_free(&wk->kids);
    wk->store->ops->free(wk->store);
    free(wk->parent);
    free(wk->child);
    free(wk);
}

const sb_bfs_walker sbi_store_walker = { expand_layer, advance, path, layer_key, walk_free };
