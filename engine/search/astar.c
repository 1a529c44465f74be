/*
 * astar.c - A*: an open list of buckets indexed by f = g + w*h (integers),
 * each a stack, so among equal f the deepest node comes first.  With w = 1
 * and the catalog's consistent estimate, a node's g is final when it is
 * popped, and a goal child whose g equals the f being expanded is a
 * nearest goal (nothing open can lead to a shorter one), so it is taken
 * when generated; with w > 1 (the guide) it is a fast, greedier search
 * that takes the first goal child it generates and may return a longer
 * solution.
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "search/astar.h"

/* An open-list entry: the g it was pushed with tells stale entries. */
typedef struct entry { uint32_t id, g; } entry;
typedef struct bucket { entry *items; size_t n, cap; } bucket;

typedef struct astar {
    sb_setup *s;
    sb_store *store;
    sb_meter *meter;
    sb_children kids;
    unsigned char *parent, *child;   /* keys: the one expanded, a child's */
    uint32_t *g;                     /* best known cost per node id */
    size_t g_cap;
    bucket *open;                    /* by f */
    size_t nopen;
    unsigned g_weight, h_weight;     /* f = g_weight * g + h_weight * h */
    bool guided;
} astar;

static bool push_open(astar *a, size_t f, uint32_t id, uint32_t g)
{
    if (f >= a->nopen) {
        size_t had = a->nopen;
        if (!sbi_array_reserve(a->meter, &a->open, &a->nopen, f + 1, sizeof *a->open))
            return false;
        memset(a->open + had, 0, (a->nopen - had) * sizeof *a->open);
    }
    bucket *b = &a->open[f];
    if (!sbi_array_reserve(a->meter, &b->items, &b->cap, b->n + 1, sizeof *b->items))
        return false;
    b->items[b->n++] = (entry){ id, g };
    return true;
}

static bool set_g(astar *a, uint32_t id, uint32_t g)
{
    if (!sbi_array_reserve(a->meter, &a->g, &a->g_cap, (size_t)id + 1, sizeof *a->g))
        return false;
    a->g[id] = g;
    return true;
}

/* The guide, or the bound (with the pattern database when there is one). */
static unsigned estimate(const astar *a, const void *key)
{
    const sb_space *sp = a->s->space;
    return a->guided ? sp->ops->estimate(sp, a->s->scratch, key, true) : sbi_setup_bound(a->s, key);
}

/* Stores child i of node id at cost g and opens it, unless it is stored
 * already at no greater cost.  *cid is its node id. */
static sb_status relax(astar *a, uint32_t id, size_t i, uint32_t g, size_t *f, uint32_t *cid)
{
    const sb_space *sp = a->s->space;
    sb_store *st = a->store;
    bool fresh;
    uint64_t hash = sp->ops->child_key(sp, a->s->scratch, a->parent,
                                       a->kids.recs + i * a->kids.rec_size, a->child);
    if (st->ops->intern(st, a->child, hash, id, cid, &fresh) != SB_OK)
        return SB_ELIMIT;
    a->meter->stored = st->count;
    if (!fresh && a->g[*cid] <= g)
        return SB_OK;
    if (!fresh)
        st->ops->set_parent(st, *cid, id);
    if (!set_g(a, *cid, g))
        return SB_ELIMIT;
    /* Estimated only now, for a child new or reached more cheaply: the
     * guide costs more than the lookup, and most children are known. */
    unsigned h = estimate(a, a->child);
    if (h >= SB_PDB_DEAD)
        return SB_OK;   /* stored, never opened: no goal lies beyond it */
    size_t fc = (size_t)a->g_weight * g + (size_t)a->h_weight * h;
    if (!push_open(a, fc, *cid, g))
        return SB_ELIMIT;
    /* A child may land in a bucket below f only when h weighs more than g. */
    if (fc < *f)
        *f = fc;
    return SB_OK;
}

static sb_status run(astar *a, uint32_t *goal)
{
    const sb_space *sp = a->s->space;
    unsigned h0 = estimate(a, sp->root);
    if (h0 >= SB_PDB_DEAD)
        return SB_UNSOLVABLE;
    size_t f0 = (size_t)a->h_weight * h0;
    if (!set_g(a, 0, 0) || !push_open(a, f0, 0, 0))
        return SB_ELIMIT;
    for (size_t f = f0; f < a->nopen; f++) {
        while (a->open[f].n) {
            entry e = a->open[f].items[--a->open[f].n];
            if (e.g != a->g[e.id])
                continue;   /* a shorter way to this node was found since */
            a->meter->depth = (unsigned)f;
            memcpy(a->parent, a->store->ops->key(a->store, e.id), sp->key_size);
            if (sp->ops->is_goal(sp, a->s->scratch, a->parent)) {
                *goal = e.id;   /* the root, or a goal child not taken when met */
                return SB_OK;
            }
            sbi_children_clear(&a->kids);
            if (sp->ops->expand(sp, a->s->scratch, a->parent, &a->kids) != SB_OK)
                return SB_ELIMIT;
            size_t k = a->kids.first_goal;
            if (k != SIZE_MAX && (a->h_weight > a->g_weight || a->g_weight * (e.g + 1) == f)) {
                a->meter->expanded++;
                return relax(a, e.id, k, e.g + 1, &f, goal);
            }
            for (size_t i = 0; i < a->kids.n; i++) {
                uint32_t cid;
                if (((i & 4095) == 4095 && sbi_meter_late(a->meter)) ||
                    relax(a, e.id, i, e.g + 1, &f, &cid) != SB_OK)
                    return SB_ELIMIT;
            }
            if (sbi_meter_tick(a->meter, a->kids.n) != SB_OK)
                return SB_ELIMIT;
        }
    }
    return SB_UNSOLVABLE;
}

sb_status sbi_astar(sb_setup *s, sb_store *st, sb_weight weight, bool guided, uint32_t *goal)
{
    astar a = { .s = s, .store = st, .meter = &s->meter, .g_weight = weight.g,
                .h_weight = weight.h, .guided = guided };
    a.kids = (sb_children){ .rec_size = s->space->rec_size, .meter = &s->meter };
    a.parent = malloc(s->space->key_size + 1);
    a.child = malloc(s->space->key_size + 1);
    sb_status status = SB_ELIMIT;
    if (a.parent && a.child)
        status = run(&a, goal);
    else
        s->meter.hit = SB_LIMIT_MEMORY;
    sbi_children_free(&a.kids);
    free(a.parent);
    free(a.child);
    sbi_array_free(a.meter, &a.g, &a.g_cap, sizeof *a.g);
    for (size_t f = 0; f < a.nopen; f++)
        sbi_array_free(a.meter, &a.open[f].items, &a.open[f].cap, sizeof *a.open[f].items);
    sbi_array_free(a.meter, &a.open, &a.nopen, sizeof *a.open);
    return status;
}
