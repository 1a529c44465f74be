/*
 * explore.c - the space behind one puzzle: everything reachable from INIT,
 * counted layer by layer under a metric.
 *
 * On trays whose image fits 64 bits the walk is the bitboard's BFS kernel
 * (bitboard_bfs.c), which counts every layer as it goes.  Elsewhere it is
 * the breadth-first search of search.c without a goal to stop at.  The
 * store hands out node ids in insertion order and BFS inserts in order of
 * distance, so the ids themselves are the queue and each layer is one
 * contiguous range of ids: [layer_start, layer_end).  That gives the depth
 * profile for free (the length of each range) and the farthest layer as
 * the last range.  Only keys are kept; parent links are stored (the store
 * wants one) but never followed.
 *
 * It also holds the two helpers every explore entry point starts with
 * (explore_internal.h): default options and a monotonic clock.
 *
 * Invariants: every id below layer_end has its distance fixed; per_depth
 * holds one entry per finished layer.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

typedef struct walk {
    sb_space *space;
    sb_store *store;
    sb_children kids;
    unsigned char *key;          /* copy of the key being expanded */
    uint64_t *per_depth;
    size_t depth_cap;
    size_t peak;
    double start;              /* sb_clock() when the walk began */
} walk;

const sb_options *sb_explore_options(const sb_options *opts, sb_options *defaults)
{
    if (opts)
        return opts;
    sb_options_default(defaults);
    return defaults;
}

static size_t bytes_held(const walk *w)
{
    return w->store->ops->bytes(w->store) + w->space->ops->bytes(w->space) +
           w->kids.cap * (w->kids.key_size + sizeof(uint64_t)) +
           w->depth_cap * sizeof *w->per_depth;
}

static sb_status out_of_memory(sb_error *err)
{
    return sb_fail(err, SB_ELIMIT, "ran out of memory after storing the configurations it could");
}

static sb_status memory_limit(const sb_limits *lim, sb_error *err)
{
    return sb_fail(err, SB_ELIMIT, "gave up at the memory limit of %llu bytes (--max-memory)",
                   (unsigned long long)lim->max_bytes);
}

/* Checks the limits, given how many configurations are stored and how
 * many bytes are held. */
static sb_status check_limits(walk *w, const sb_limits *lim, uint64_t stored, size_t held,
                              uint64_t expanded, sb_error *err)
{
    if (held > w->peak)
        w->peak = held;
    if (lim->max_states && stored > lim->max_states)
        return sb_fail(err, SB_ELIMIT, "gave up after storing %llu configurations (--max-states)",
                       (unsigned long long)lim->max_states);
    if (lim->max_bytes && held > lim->max_bytes)
        return memory_limit(lim, err);
    if (lim->max_seconds > 0 && (expanded & 255) == 0 &&
        sb_clock() - w->start > lim->max_seconds)
        return sb_fail(err, SB_ELIMIT, "gave up at the time limit of %g seconds (--time-limit)",
                       lim->max_seconds);
    return SB_OK;
}

/* Appends one finished layer's size to the profile. */
static bool note_layer(walk *w, size_t depth, uint64_t count)
{
    if (depth >= w->depth_cap) {
        size_t cap = w->depth_cap ? 2 * w->depth_cap : 256;
        uint64_t *grown = realloc(w->per_depth, cap * sizeof *grown);
        if (!grown)
            return false;
        w->per_depth = grown;
        w->depth_cap = cap;
    }
    w->per_depth[depth] = count;
    return true;
}

/* The walk proper: fills r's counts.  The goal is tested once per stored
 * configuration, when it is stored. */
static sb_status run(walk *w, const sb_options *opts, sb_explore_report *r, sb_error *err)
{
    sb_space *sp = w->space;
    sb_store *st = w->store;
    uint32_t layer_start = 0, layer_end = 1;
    unsigned depth = 0;
    if (r->has_goal && sp->ops->is_goal(sp, sp->root)) {
        r->goal_count = 1;
        r->nearest_goal = 0;
    }
    for (uint32_t id = 0;; id++) {
        if (id == layer_end) {
            if (!note_layer(w, depth, layer_end - layer_start))
                return out_of_memory(err);
            if (st->count == layer_end)
                break;   /* the layer just finished found nothing new */
            depth++;
            layer_start = layer_end;
            layer_end = st->count;
        }
        memcpy(w->key, st->ops->key(st, id), sp->key_size);
        w->kids.n = 0;
        if (sp->ops->expand(sp, w->key, &w->kids) != SB_OK)
            return out_of_memory(err);
        for (size_t i = 0; i < w->kids.n; i++) {
            const unsigned char *child = w->kids.keys + i * w->kids.key_size;
            uint32_t cid;
            bool fresh;
            if (st->ops->intern(st, child, w->kids.hashes[i], id, &cid, &fresh) != SB_OK)
                return out_of_memory(err);
            if (fresh && r->has_goal && sp->ops->is_goal(sp, child) && r->goal_count++ == 0)
                r->nearest_goal = depth + 1;
        }
        sb_status lim = check_limits(w, &opts->limits, st->count, bytes_held(w), id + 1, err);
        if (lim != SB_OK)
            return lim;
    }
    r->reachable = st->count;
    r->farthest = depth;
    for (unsigned d = 0; d <= depth; d++)
        if (w->per_depth[d] > r->widest) {
            r->widest = w->per_depth[d];
            r->widest_depth = d;
        }
    r->per_depth = w->per_depth;
    w->per_depth = NULL;
    r->nblocks = sp->cat->nblocks;
    r->far_example = calloc(r->nblocks + 1, sizeof *r->far_example);
    if (!r->far_example)
        return out_of_memory(err);
    sp->ops->decode(sp, st->ops->key(st, layer_start), r->far_example);
    return SB_OK;
}

/* The walk by the space's own BFS kernel (the bitboard's), which keeps
 * its own table: the same report, from the layer sizes it hands back. */
typedef struct kernel_walk { walk *w; const sb_limits *lim; sb_error *err; } kernel_walk;

static sb_status kernel_check(void *ctx, const sb_bfs_run *now)
{
    kernel_walk *kw = ctx;
    return check_limits(kw->w, kw->lim, now->stored,
                        now->bytes + kw->w->space->ops->bytes(kw->w->space), now->expanded,
                        kw->err);
}

static sb_status run_kernel(walk *w, const sb_options *opts, sb_explore_report *r,
                            sb_error *err)
{
    sb_space *sp = w->space;
    const sb_limits *lim = &opts->limits;
    kernel_walk kw = { w, lim, err };
    size_t space_bytes = sp->ops->bytes(sp);
    if (lim->max_bytes && space_bytes >= lim->max_bytes)
        return memory_limit(lim, err);
    sb_bfs_run run = { .ctx = &kw, .check = kernel_check,
                       .budget = lim->max_bytes ? (size_t)(lim->max_bytes - space_bytes) : 0,
                       .max_states = lim->max_states ? lim->max_states : UINT64_MAX };
    sb_status status = sp->ops->bfs(sp, &run);
    size_t held = run.peak + space_bytes;
    w->peak = held > w->peak ? held : w->peak;
    if (status == SB_ELIMIT && run.full)
        status = run.over_budget ? memory_limit(lim, err) : out_of_memory(err);
    if (status == SB_OK) {
        for (size_t d = 0; d < run.nlayers; d++) {
            r->reachable += run.layer_sizes[d];
            if (run.layer_sizes[d] > r->widest) {
                r->widest = run.layer_sizes[d];
                r->widest_depth = (unsigned)d;
            }
        }
        r->farthest = (unsigned)(run.nlayers - 1);
        r->per_depth = run.layer_sizes;
        run.layer_sizes = NULL;
        r->goal_count = r->has_goal ? run.goals : 0;
        r->nearest_goal = run.nearest_goal;
        r->nblocks = sp->cat->nblocks;
        r->far_example = calloc(r->nblocks + 1, sizeof *r->far_example);
        if (r->far_example)
            sp->ops->decode(sp, run.keys, r->far_example);
        else
            status = out_of_memory(err);
    }
    free(run.keys);
    free(run.layer_sizes);
    return status;
}

sb_status sb_explore(const sb_puzzle *p, const sb_options *opts, sb_explore_report *out,
                     sb_error *err)
{
    sb_options defaults;
    opts = sb_explore_options(opts, &defaults);
    memset(out, 0, sizeof *out);
    sb_status status = sb_puzzle_check(p, err);
    if (status != SB_OK)
        return status;
    sb_path path = opts->path;
    if (path == SB_PATH_AUTO)
        path = sb_bitboard_fits(p->rows, p->cols) ? SB_PATH_BITBOARD : SB_PATH_GENERAL;

    walk w = { 0 };
    w.start = sb_clock();
    sb_catalog cat;
    if (sb_catalog_init(&cat, p) != SB_OK)
        return out_of_memory(err);
    status = path == SB_PATH_BITBOARD ? sb_bitboard_space_new(p, &cat, opts->metric, &w.space)
                                      : sb_board_space_new(p, &cat, opts->metric, &w.space);
    if (status == SB_EINPUT)
        sb_fail(err, SB_EINPUT, "the %dx%d tray does not fit the bitboard (its spaced image needs more than 128 bits)",
                p->rows, p->cols);
    else if (status != SB_OK)
        status = out_of_memory(err);
    bool by_kernel = status == SB_OK && w.space->ops->bfs;
    if (status == SB_OK && !by_kernel) {
        status = path == SB_PATH_BITBOARD ? sb_store_flat_new(w.space->key_size, &w.store)
                                          : sb_store_uthash_new(w.space->key_size, &w.store);
        w.kids.key_size = w.space->key_size;
        w.key = malloc(w.space->key_size + 1);
        uint32_t root;
        bool fresh;
        if (status != SB_OK || !w.key ||
            w.store->ops->intern(w.store, w.space->root, w.space->ops->hash(w.space, w.space->root),
                                 SB_NO_NODE, &root, &fresh) != SB_OK)
            status = out_of_memory(err);
    }
    if (status == SB_OK) {
        out->metric = opts->metric;
        out->path = path;
        out->has_goal = p->ngoals > 0;
        status = by_kernel ? run_kernel(&w, opts, out, err) : run(&w, opts, out, err);
        size_t held = by_kernel ? 0 : bytes_held(&w);
        out->peak_bytes = held > w.peak ? held : w.peak;
    }
    if (w.space)
        w.space->ops->free(w.space);
    if (w.store)
        w.store->ops->free(w.store);
    sb_children_free(&w.kids);
    free(w.key);
    free(w.per_depth);
    sb_catalog_free(&cat);
    if (status != SB_OK)
        sb_explore_report_free(out);
    else
        out->seconds = sb_clock() - w.start;
    return status;
}

void sb_explore_report_free(sb_explore_report *r)
{
    if (!r)
        return;
    free(r->per_depth);
    free(r->far_example);
    memset(r, 0, sizeof *r);
}
