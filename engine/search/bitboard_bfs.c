/*
 * bitboard_bfs.c - the fast path's breadth-first search: the bitboard's
 * move generator (bitboard_moves.h) feeds seen64's table and the next layer
 * directly, with no store, no node ids and no parent links.
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

#include "spaces/bitboard.h"
#include "stores/seen64.h"

/* One layer of the search: the images at one depth, in the order met. */
typedef struct layer { uint64_t *keys; size_t n, cap; } layer;

typedef struct kernel {
    const bitboard *b;
    sb_bfs_run *run;
    sb_seen64 seen;
    layer now, next;          /* the layer being expanded, the one being met */
    uint64_t goal;            /* the goal image met (stop_at_goal) */
    bool met;                 /* ... and whether there is one */
    bool fold;                /* store one of each mirror pair */
    uint64_t next_size;       /* configurations in the next layer (pairs count 2) */
    size_t layers_cap;        /* room in run->layer_sizes */
} kernel;

/* What the kernel holds besides the table: the layers and the profile. */
static size_t beside_table(const kernel *k)
{
    return (k->now.cap + k->next.cap) * sizeof(uint64_t) +
           k->layers_cap * sizeof *k->run->layer_sizes;
}

static size_t kernel_bytes(const kernel *k)
{
    return sb_seen64_bytes(&k->seen) + beside_table(k);
}

/* Whether `more` bytes beside the table fit the run's budget; if they do,
 * the table's own budget becomes what is left once they are taken. */
static bool take_budget(kernel *k, size_t more)
{
    size_t budget = k->run->budget;
    if (!budget)
        return true;
    if (kernel_bytes(k) + more > budget) {
        k->run->over_budget = true;
        return false;
    }
    k->seen.budget = budget - beside_table(k) - more;
    return true;
}

/* Doubles a layer's room. */
static __attribute__((noinline)) bool layer_grow(kernel *k, layer *l)
{
    size_t cap = l->cap ? 2 * l->cap : 256;
    if (!take_budget(k, (cap - l->cap) * sizeof *l->keys))
        return false;
    uint64_t *keys = realloc(l->keys, cap * sizeof *keys);
    if (!keys)
        return false;
    l->keys = keys;
    l->cap = cap;
    return true;
}

static inline bool layer_push(kernel *k, layer *l, uint64_t key)
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

/* Stores a child unless seen; notes goals.  False to stop the layer. */
static inline __attribute__((always_inline)) bool meet(kernel *k, uint64_t child, uint64_t mirror,
                                                        bool fold)
{
    unsigned count;
    child = representative(fold, child, mirror, &count);
    int added = sb_seen64_add(&k->seen, child, k->run->depth + 1);
    if (added == 0)
        return true;
    if (added < 0 || !layer_push(k, &k->next, child)) {
        k->run->full = true;
        return false;
    }
    k->next_size += count;
    k->run->reached += count;
    if ((child & k->b->m64.goal_care) != k->b->m64.goal_bits)
        return true;
    k->run->goals += count;
    if (k->run->goals == count)
        k->run->nearest_goal = k->run->depth + 1;
    k->goal = child;
    k->met = k->run->stop_at_goal;
    return !k->met;
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
static inline uint64_t mirror_of(const kernel *k, uint64_t S)
{
    return k->fold ? mirrored64(k->b, S) : 0;
}

/* Path reading: finds a neighbour stored at the depth (mod 3) wanted, or
 * (step_to) the one that a given representative stands for. */
typedef struct way_back { const kernel *k; uint64_t want, found; } way_back;

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

/* Writes the images from the root to the goal met while expanding
 * `parent` at depth d: each configuration's predecessor is the neighbour
 * stored one layer up (seen64.h says why that is unique).  When folded,
 * those are representatives, and the real path is then walked forward
 * from the real root, one neighbour standing for the next image at a
 * time (mirroring maps moves to moves, so there always is one). */
static bool write_path(kernel *k, uint64_t parent, unsigned d)
{
    sb_bfs_run *run = k->run;
    uint64_t *path = malloc(((size_t)d + 2) * sizeof *path);
    if (!path)
        return false;
    path[d + 1] = k->goal;
    path[d] = parent;
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
    run->keys = (unsigned char *)path;
    run->path_len = (size_t)d + 2;
    return true;
}

static bool note_layer(kernel *k, uint64_t size)
{
    sb_bfs_run *run = k->run;
    if (run->nlayers == k->layers_cap) {
        size_t cap = k->layers_cap ? 2 * k->layers_cap : 64;
        if (!take_budget(k, (cap - k->layers_cap) * sizeof *run->layer_sizes))
            return false;
        uint64_t *grown = realloc(run->layer_sizes, cap * sizeof *grown);
        if (!grown)
            return false;
        run->layer_sizes = grown;
        k->layers_cap = cap;
    }
    run->layer_sizes[run->nlayers++] = size;
    return true;
}

/* Brings the run's figures up to date.  The peak counts a growing table's
 * old slots, held with the new ones while the codes move over. */
static void tally(kernel *k)
{
    k->run->stored = k->seen.count;
    k->run->bytes = kernel_bytes(k);
    size_t peak = beside_table(k) + k->seen.peak;
    k->run->peak = k->run->bytes > peak ? k->run->bytes : peak;
}

static sb_status report(kernel *k)
{
    tally(k);
    return k->run->check(k->run->ctx, k->run);
}

/* Expands one layer into the next.  SB_OK to go on, or why to stop.
 * Written once and made twice (below), folding and not, so that neither
 * pays for the other's test in its inner loop. */
static inline __attribute__((always_inline)) sb_status expand_layer(kernel *k, visit_fn64 meet_fn)
{
    sb_bfs_run *run = k->run;
    k->next.n = 0;
    k->next_size = 0;
    for (size_t i = 0; i < k->now.n; i++) {
        uint64_t S = k->now.keys[i];
        bool go_on = generate64(k->b, S, mirror_of(k, S), meet_fn, k);
        run->expanded++;
        if (!go_on && run->full)
            return SB_ELIMIT;
        if (!go_on)
            return write_path(k, S, run->depth) ? SB_OK : (run->full = true, SB_ELIMIT);
        if ((run->expanded & 255) == 0 || k->seen.count > run->max_states) {
            sb_status status = report(k);
            if (status != SB_OK)
                return status;
        }
    }
    return SB_OK;
}

static sb_status expand_plain(kernel *k)
{
    return expand_layer(k, meet_child);
}

static sb_status expand_folded(kernel *k)
{
    return expand_layer(k, meet_pair);
}

/* The same breadth-first search as search.c's, specialised to the bitboard:
 * children go straight from the move generator into seen64's table and
 * the next layer.  The generic loop costs several times as much per
 * configuration here (docs/performance.md). */
sb_status sb_bitboard_bfs(sb_space *sp, sb_bfs_run *run)
{
    const bitboard *b = (const bitboard *)sp;
    kernel k = { .b = b, .run = run };
    sb_seen64_init(&k.seen, b->spare_bit, run->budget);
    uint64_t root;
    unsigned now_size;
    memcpy(&root, sp->root, sizeof root);
    /* Folding keeps distances to the goal; counting the whole space by
     * pairs also needs the space to be mirrored into itself, which it is
     * when the root is its own mirror image. */
    k.fold = b->goal_mirrors && (run->stop_at_goal || mirrored64(b, root) == root);
    root = representative(k.fold, root, mirror_of(&k, root), &now_size);
    run->reached = now_size;
    sb_status status = SB_OK;
    if (sb_seen64_add(&k.seen, root, 0) < 0 ||
        !layer_push(&k, &k.now, root)) {
        run->full = true;
        status = SB_ELIMIT;
    }
    if (status == SB_OK && (root & b->m64.goal_care) == b->m64.goal_bits)
        run->goals = now_size;
    uint64_t far = root;
    for (run->depth = 0; status == SB_OK && k.now.n; run->depth++) {
        if (!note_layer(&k, run->depth ? k.next_size : now_size)) {
            run->full = true;
            status = SB_ELIMIT;
            break;
        }
        far = k.now.keys[0];
        status = k.fold ? expand_folded(&k) : expand_plain(&k);
        if (status != SB_OK || k.met)
            break;
        layer swap = k.now;
        k.now = k.next;
        k.next = swap;
    }
    if (status == SB_OK && !k.met) {
        run->depth--;
        run->keys = malloc(sizeof far);
        if (run->keys)
            memcpy(run->keys, &far, sizeof far);
        else
            run->full = true;
        status = !run->keys ? SB_ELIMIT : run->stop_at_goal ? SB_UNSOLVABLE : SB_OK;
    }
    tally(&k);
    run->over_budget |= k.seen.over_budget;
    sb_seen64_free(&k.seen);
    free(k.now.keys);
    free(k.next.keys);
    return status;
}

