/*
 * bfs_bitboard.c - the fast path: the breadth-first walker (bfs.h) for
 * 64-bit bitboards.  The bitboard's move generator (bitboard_moves.h)
 * feeds seen64's table and the next layer directly, with no records, no
 * store, no node ids and no parent links.
 *
 * The table is told which image bit it may squeeze out of its keys (it
 * keeps 62 bits and bit 63 is never used: (2H-1)(2W-1) is odd): the first
 * crossing, which is redundant (a crossing is 1 exactly when the spacers
 * above and left of it are), or on a one-row or one-column tray bit 62
 * when the image leaves it free.  Besides the key it keeps the depth mod
 * 3, which is all the path needs (seen64.h).
 *
 * When the goal looks the same mirrored left to right, a configuration
 * and its mirror image are equally far from it: the search then stores
 * the smaller image of each pair ("folds"), about half the
 * configurations, and maps the path back to real moves at the end.
 *
 * Invariants: every image in the table or a layer is a representative
 * (itself when not folding); `now` holds depth run->depth, `next` the
 * images first met while expanding it, stored at depth + 1.
 */
#include <stdlib.h>
#include <string.h>

#include "search/path.h"
#include "search/setup.h"
#include "spaces/bitboard.h"
#include "stores/seen64.h"

/* One layer of the search: the images at one depth, in the order met. */
typedef struct layer { uint64_t *keys; size_t n, cap; } layer;

typedef struct fast_walk {
    const bitboard *b;
    sb_meter *meter;
    sb_bfs *run;              /* the run whose layer is being expanded */
    sb_seen64 seen;
    layer now, next;          /* the layer being expanded, the one being met */
    uint64_t goal;            /* the goal image met (stop_at_goal) ... */
    uint64_t goal_parent;     /* ... and the image it was met from */
    bool fold;                /* store one of each mirror pair */
    bool pairs;               /* ... and count it as two: the root is its own mirror image,
                                 so both halves of every pair are reachable */
} fast_walk;

/* Doubles a layer's room. */
static __attribute__((noinline)) bool layer_grow(fast_walk *k, layer *l)
{
    size_t cap = l->cap ? 2 * l->cap : 256;
    uint64_t *keys = sb_meter_realloc(k->meter, l->keys, l->cap * sizeof *keys,
                                      cap * sizeof *keys);
    if (!keys)
        return false;
    l->keys = keys;
    l->cap = cap;
    return true;
}

static inline bool layer_push(fast_walk *k, layer *l, uint64_t key)
{
    if (l->n == l->cap && !layer_grow(k, l))
        return false;
    l->keys[l->n++] = key;
    return true;
}

/* The image that stands for S: S, or when folding the smaller of S and its
 * mirror; *count is how many configurations it stands for. */
static inline uint64_t representative(bool fold, uint64_t S, uint64_t mirror, unsigned *count)
{
    if (!fold) {
        *count = 1;
        return S;
    }
    *count = mirror == S ? 1 : 2;
    return mirror < S ? mirror : S;
}

/* Stores a child unless seen and tells the driver.  False to stop the
 * layer: at a goal (run->at_goal) or when the meter refused. */
static inline __attribute__((always_inline)) bool meet(fast_walk *k, uint64_t child, uint64_t mirror,
                                                        bool fold)
{
    unsigned count;
    child = representative(fold, child, mirror, &count);
    int added = sb_seen64_add(&k->seen, child, k->run->depth + 1);
    if (added == 0)
        return true;
    if (added < 0 || !layer_push(k, &k->next, child))
        return false;
    if (!sb_bfs_met(k->run, k->pairs ? count : 1,
                    (child & k->b->m64.goal_care) == k->b->m64.goal_bits))
        return true;
    k->goal = child;
    return false;
}

static inline __attribute__((always_inline)) bool meet_child(void *ctx, uint64_t child,
                                                              uint64_t mirror)
{
    return meet(ctx, child, mirror, false);
}

static inline __attribute__((always_inline)) bool meet_pair(void *ctx, uint64_t child,
                                                             uint64_t mirror)
{
    return meet(ctx, child, mirror, true);
}

/* The mirror image generate64() wants with S: only folding uses it. */
static inline uint64_t mirror_of(const fast_walk *k, uint64_t S)
{
    return k->fold ? mirrored64(k->b, S) : 0;
}

/* Path reading: finds a neighbour stored at the depth (mod 3) wanted, or
 * (step_to) the one that a given representative stands for. */
typedef struct way_back { const fast_walk *k; uint64_t want, found; } way_back;

static bool step_back(void *ctx, uint64_t child, uint64_t mirror)
{
    way_back *w = ctx;
    unsigned count;
    child = representative(w->k->fold, child, mirror, &count);
    if (sb_seen64_find(&w->k->seen, child) != (int)w->want)
        return true;
    w->found = child;
    return false;
}

static bool step_to(void *ctx, uint64_t child, uint64_t mirror)
{
    way_back *w = ctx;
    unsigned count;
    if (representative(w->k->fold, child, mirror, &count) != w->want)
        return true;
    w->found = child;
    return false;
}

/* The images from the root to the goal met at depth d + 1: each
 * configuration's predecessor is the neighbour stored one layer up
 * (seen64.h says why that is unique).  When folded, those are
 * representatives, and the real path is then walked forward from the real
 * root, one neighbour standing for the next image at a time (mirroring
 * maps moves to moves, so there always is one). */
static sb_status path(void *walker, const sb_bfs *run, sb_solution *sol)
{
    fast_walk *k = walker;
    unsigned d = run->depth;
    uint64_t *path = malloc(((size_t)d + 2) * sizeof *path);
    if (!path)
        return SB_ELIMIT;
    path[d + 1] = k->goal;
    path[d] = k->goal_parent;
    for (unsigned j = d; j > 0; j--) {
        way_back w = { k, (j - 1) % 3, 0 };
        generate64(k->b, path[j], mirror_of(k, path[j]), step_back, &w);
        path[j - 1] = w.found;
    }
    if (k->fold) {
        memcpy(&path[0], k->b->base.root, sizeof path[0]);
        for (unsigned j = 1; j <= d + 1; j++) {
            way_back w = { k, path[j], 0 };
            generate64(k->b, path[j - 1], mirror_of(k, path[j - 1]), step_to, &w);
            path[j] = w.found;
        }
    }
    sb_status status = sb_path_from_keys(&k->b->base, NULL, (const unsigned char *)path,
                                         (size_t)d + 2, sol);
    free(path);
    return status;
}

/* Expands the current layer into the next.  Written once and made twice
 * (below), folding and not, so that neither pays for the other's test in
 * its inner loop. */
static inline __attribute__((always_inline)) sb_status expand_with(fast_walk *k, sb_bfs *run,
                                                                    visit_fn64 meet_fn)
{
    k->run = run;
    k->next.n = 0;
    for (size_t i = 0; i < k->now.n; i++) {
        uint64_t S = k->now.keys[i];
        bool go_on = generate64(k->b, S, mirror_of(k, S), meet_fn, k);
        k->meter->stored = k->seen.count;
        if (!go_on && run->at_goal) {
            k->goal_parent = S;
            k->meter->expanded++;
            return SB_OK;
        }
        if (!go_on || sb_meter_tick(k->meter, 0) != SB_OK)
            return SB_ELIMIT;
    }
    return SB_OK;
}

static sb_status expand_plain(fast_walk *k, sb_bfs *run)
{
    return expand_with(k, run, meet_child);
}

static sb_status expand_folded(fast_walk *k, sb_bfs *run)
{
    return expand_with(k, run, meet_pair);
}

static sb_status expand_layer(void *walker, sb_bfs *run)
{
    fast_walk *k = walker;
    return k->fold ? expand_folded(k, run) : expand_plain(k, run);
}

static void advance(void *walker)
{
    fast_walk *k = walker;
    layer swap = k->now;
    k->now = k->next;
    k->next = swap;
}

static const void *layer_key(void *walker)
{
    fast_walk *k = walker;
    return k->now.keys;
}

static void walk_free(void *walker)
{
    fast_walk *k = walker;
    if (!k)
        return;
    sb_seen64_free(&k->seen);
    sb_meter_free(k->meter, k->now.keys, k->now.cap * sizeof *k->now.keys);
    sb_meter_free(k->meter, k->next.keys, k->next.cap * sizeof *k->next.keys);
    free(k);
}

/* The generic loop costs several times as much per configuration here
 * (docs/performance.md): this walker is why the fast path is fast. */
void *sb_bitboard_walker_new(sb_setup *s, bool stop_at_goal, uint64_t *root_count)
{
    const bitboard *b = (const bitboard *)s->space;
    fast_walk *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->b = b;
    k->meter = &s->meter;
    /* Its expansions are cheap: the clock is read every 256. */
    k->meter->tick_mask = 255;
    sb_seen64_init(&k->seen, b->spare_bit, k->meter);
    uint64_t root;
    unsigned count;
    memcpy(&root, b->base.root, sizeof root);
    /* Folding keeps distances to the goal; counting the whole space by
     * pairs also needs the space to be mirrored into itself, which it is
     * when the root is its own mirror image. */
    k->fold = b->goal_mirrors && (stop_at_goal || mirrored64(b, root) == root);
    k->pairs = k->fold && mirrored64(b, root) == root;
    s->mirrors_once = k->fold && !k->pairs;
    root = representative(k->fold, root, mirror_of(k, root), &count);
    *root_count = k->pairs ? count : 1;
    if (sb_seen64_add(&k->seen, root, 0) < 0 || !layer_push(k, &k->now, root)) {
        walk_free(k);
        return NULL;
    }
    k->meter->stored = k->seen.count;
    return k;
}

const sb_bfs_walker sb_bitboard_walker = { expand_layer, advance, path, layer_key, walk_free };
