/*
 * search.c - the search loop: breadth-first search and A*, written once
 * over a space (which moves exist) and a store (what has been seen).
 *
 * BFS.  Nodes get ids in the order they are stored, and BFS stores them in
 * the order it meets them, so the store itself is the FIFO queue: expand
 * id 0, 1, 2, ... until a stored child satisfies the goal or the ids run
 * out.  Every edge costs one move, so the first goal met is a nearest one.
 * A space may bring its own BFS kernel (the bitboard does: the fast path);
 * then no store is built: the kernel keeps its own table, calls back for
 * the limits, and hands back the configurations of the path.
 *
 * A*.  An open list of buckets indexed by f = g + w*h (integers), each a
 * stack, so among equal f the deepest node comes first.  With w = 1 and
 * the catalog's consistent estimate, a node's g is final when it is popped
 * and the first goal popped is optimal; with w > 1 it is a fast, greedier
 * search that may return a longer solution.
 *
 * Both stop with SB_ELIMIT at a limit and with SB_UNSOLVABLE only when the
 * space is exhausted.  The path is read back through parent links (or, from
 * the kernel, handed over as the path's configurations).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/path.h"
#include "spaces/space.h"

double sb_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

bool sb_children_grow(sb_children *c)
{
    if (c->deadline > 0 && sb_clock() > c->deadline) {
        c->timed_out = true;
        return false;
    }
    if (c->n < c->cap)
        return true;
    size_t cap = c->cap ? 2 * c->cap : 64;
    if (c->budget && cap * (c->key_size + sizeof *c->hashes) > c->budget) {
        c->over_budget = true;
        return false;
    }
    unsigned char *keys = realloc(c->keys, cap * c->key_size);
    if (!keys)
        return false;
    c->keys = keys;
    uint64_t *hashes = realloc(c->hashes, cap * sizeof *hashes);
    if (!hashes)
        return false;
    c->hashes = hashes;
    c->cap = cap;
    return true;
}

void sb_children_free(sb_children *c)
{
    free(c->keys);
    free(c->hashes);
    memset(c, 0, sizeof *c);
}

/* How strongly a non-optimal A* trusts the guide over the moves made so
 * far; measured on the CS61B hard suite (docs/performance.md). */
enum { GUIDE_WEIGHT = 5 };

/* An A* open-list entry: the g it was pushed with tells stale entries. */
typedef struct entry { uint32_t id, g; } entry;
typedef struct bucket { entry *items; size_t n, cap; } bucket;

typedef struct search {
    sb_space *space;
    sb_store *store;
    const sb_options *opts;
    sb_children kids;
    unsigned char *key;        /* copy of the key being expanded */
    /* When the space's own BFS runs there is no store; it reports these. */
    size_t space_bytes;        /* what the space holds (fixed once built) */
    uint64_t kernel_stored;
    uint64_t kernel_reached;   /* configurations it met (a folded mirror pair counts two) */
    size_t kernel_bytes;
    sb_error *kernel_err;      /* where its check writes why it stopped */
    uint64_t expanded;
    size_t peak;
    double start_clock;        /* sb_clock() when the search began */
    double next_progress;      /* when to call the progress callback next */
    /* A* only */
    uint32_t *g;               /* best known cost per node id */
    size_t g_cap;
    bucket *open;              /* by f */
    size_t nopen, open_bytes;
    unsigned weight;           /* f = g + weight * h */
    bool guided;               /* h is the guide, not a bound */
} search;

/* Configurations stored, and the bytes that takes: the store's, or the
 * kernel's when it runs. */
static uint64_t stored(const search *s)
{
    return s->store ? s->store->count : s->kernel_stored;
}

static size_t store_bytes(const search *s)
{
    return s->store ? s->store->ops->bytes(s->store) : s->kernel_bytes;
}

static size_t bytes_held(const search *s)
{
    return store_bytes(s) + s->space_bytes +
           s->kids.cap * (s->kids.key_size + sizeof(uint64_t)) +
           s->g_cap * sizeof *s->g + s->open_bytes;
}

static sb_status time_limit(const search *s, sb_error *err)
{
    return sb_fail(err, SB_ELIMIT, "gave up at the time limit of %g seconds (--time-limit)",
                   s->opts->limits.max_seconds);
}

static sb_status memory_limit(const search *s, sb_error *err)
{
    return sb_fail(err, SB_ELIMIT, "gave up at the memory limit of %llu bytes (--max-memory)",
                   (unsigned long long)s->opts->limits.max_bytes);
}

/* Gives the store what --max-memory leaves it, so that it refuses to grow
 * past the limit instead of the search noticing afterwards.  Room is kept
 * for the search's own arrays to double once (realloc holds old and new
 * at once), as they may during the next expansion.  Returns false when
 * nothing is left for the store at all. */
static bool budget_store(search *s)
{
    uint64_t max = s->opts->limits.max_bytes;
    if (!max || !s->store)
        return true;
    size_t own = s->store->ops->bytes(s->store);
    size_t kids = s->kids.cap * (s->kids.key_size + sizeof(uint64_t));
    uint64_t rest = (uint64_t)(bytes_held(s) - own) + 2 * (uint64_t)kids +
                    2 * (uint64_t)(s->g_cap * sizeof *s->g) + 2 * (uint64_t)s->open_bytes;
    s->store->budget = rest < max ? (size_t)(max - rest) : 1;
    return rest < max && own <= s->store->budget;
}

/* Checks the limits after an expansion; reports progress now and then. */
/* Whether the limits and budgets are due for a look: every 16th
 * expansion (the bookkeeping costs as much as a cheap expansion), and
 * after every expansion that made many children (on a big tray one such
 * expansion can hold gigabytes and take seconds). */
static bool due(const search *s)
{
    return (s->expanded & 15) == 0 || s->kids.n > 1024;
}

static sb_status check_limits(search *s, unsigned depth, sb_error *err)
{
    if (!due(s) && (!s->opts->limits.max_states || stored(s) <= s->opts->limits.max_states))
        return SB_OK;
    const sb_limits *lim = &s->opts->limits;
    size_t held = bytes_held(s);
    if (held > s->peak)
        s->peak = held;
    if (!budget_store(s))
        return memory_limit(s, err);
    if (lim->max_states && stored(s) > lim->max_states)
        return sb_fail(err, SB_ELIMIT, "gave up after storing %llu configurations (--max-states)",
                       (unsigned long long)lim->max_states);
    /* The stores refuse growth past their budget; this is a last guard. */
    if (lim->max_bytes && held > lim->max_bytes)
        return memory_limit(s, err);
    /* The clock is read at every check: an expansion on a big general tray
     * can take long, and reading it costs a few tens of nanoseconds. */
    double t = sb_clock() - s->start_clock;
    if (lim->max_seconds > 0 && t > lim->max_seconds)
        return time_limit(s, err);
    if (s->opts->progress && t >= s->next_progress) {
        sb_progress pr = { stored(s), s->expanded, depth, held, t };
        s->opts->progress(&pr, s->opts->progress_ctx);
        s->next_progress = t + 0.25;
    }
    return SB_OK;
}

static sb_status out_of_memory(sb_error *err)
{
    return sb_fail(err, SB_ELIMIT, "ran out of memory after storing the configurations it could");
}

/* The store refused a configuration: its budget (--max-memory) or malloc. */
static sb_status store_full(const search *s, sb_error *err)
{
    return s->store->over_budget ? memory_limit(s, err) : out_of_memory(err);
}

/* Expands node id into s->kids (copying its key first: storing children
 * may move the store's arrays). */
static sb_status expand(search *s, uint32_t id, sb_error *err)
{
    const sb_limits *lim = &s->opts->limits;
    memcpy(s->key, s->store->ops->key(s->store, id), s->space->key_size);
    bool refresh = due(s);   /* before kids.n is reset: it tells a big expansion */
    s->kids.n = 0;
    s->expanded++;
    if (lim->max_bytes && refresh) {
        size_t own = s->kids.cap * (s->kids.key_size + sizeof(uint64_t));
        size_t others = bytes_held(s) - own;
        s->kids.budget = others < lim->max_bytes ? (size_t)(lim->max_bytes - others) : 1;
    }
    s->kids.deadline = lim->max_seconds > 0 ? s->start_clock + lim->max_seconds : 0;
    size_t kids_cap = s->kids.cap;
    if (s->space->ops->expand(s->space, s->key, &s->kids) == SB_OK)
        return !refresh && kids_cap == s->kids.cap ? SB_OK
               : budget_store(s)                   ? SB_OK
                                                   : memory_limit(s, err);
    if (s->kids.timed_out)
        return time_limit(s, err);
    return s->kids.over_budget ? memory_limit(s, err) : out_of_memory(err);
}

/* The kernel's check: its figures become the search's, then the limits. */
static sb_status kernel_check(void *ctx, const sb_bfs_run *now)
{
    search *s = ctx;
    s->expanded = now->expanded;
    s->kernel_stored = now->stored;
    s->kernel_bytes = now->bytes;
    if (now->peak + s->space_bytes > s->peak)
        s->peak = now->peak + s->space_bytes;
    return check_limits(s, now->depth, s->kernel_err);
}

/* BFS by the space's own kernel, which keeps the configurations itself and
 * hands back the path; --max-memory becomes its budget. */
static sb_status run_kernel(search *s, sb_solution *sol, sb_error *err)
{
    sb_space *sp = s->space;
    if (sp->ops->is_goal(sp, sp->root))
        return SB_OK;
    const sb_limits *lim = &s->opts->limits;
    sb_bfs_run run = { .ctx = s, .stop_at_goal = true, .check = kernel_check,
                       .max_states = lim->max_states ? lim->max_states : UINT64_MAX };
    size_t others = bytes_held(s);
    if (lim->max_bytes && others >= lim->max_bytes)
        return memory_limit(s, err);
    run.budget = lim->max_bytes ? (size_t)(lim->max_bytes - others) : 0;
    s->kernel_err = err;
    sb_status status = sp->ops->bfs(sp, &run);
    s->expanded = run.expanded;
    s->kernel_stored = run.stored;
    s->kernel_reached = run.reached;
    s->kernel_bytes = run.bytes;
    if (run.peak + s->space_bytes > s->peak)
        s->peak = run.peak + s->space_bytes;
    if (status == SB_ELIMIT && run.full)
        status = run.over_budget ? memory_limit(s, err) : out_of_memory(err);
    if (status == SB_OK && sb_path_from_keys(sp, run.keys, run.path_len, sol) != SB_OK)
        status = out_of_memory(err);
    free(run.keys);
    free(run.layer_sizes);
    return status;
}

static sb_status run_bfs(search *s, uint32_t *goal, sb_error *err)
{
    sb_space *sp = s->space;
    sb_store *st = s->store;
    if (sp->ops->is_goal(sp, sp->root)) {
        *goal = 0;
        return SB_OK;
    }
    uint32_t layer_end = 1;
    unsigned depth = 0;
    for (uint32_t id = 0; id < st->count; id++) {
        if (id == layer_end) {
            depth++;
            layer_end = st->count;
        }
        sb_status st_expand = expand(s, id, err);
        if (st_expand != SB_OK)
            return st_expand;
        for (size_t i = 0; i < s->kids.n; i++) {
            const unsigned char *child = s->kids.keys + i * s->kids.key_size;
            uint32_t cid;
            bool fresh;
            if (st->ops->intern(st, child, s->kids.hashes[i], id, &cid, &fresh) != SB_OK)
                return store_full(s, err);
            if (fresh && sp->ops->is_goal(sp, child)) {
                *goal = cid;
                return SB_OK;
            }
        }
        sb_status lim = check_limits(s, depth, err);
        if (lim != SB_OK)
            return lim;
    }
    return SB_UNSOLVABLE;
}

static bool push_open(search *s, unsigned f, uint32_t id, uint32_t g)
{
    if (f >= s->nopen) {
        size_t n = s->nopen ? s->nopen : 64;
        while (n <= f)
            n *= 2;
        bucket *grown = realloc(s->open, n * sizeof *grown);
        if (!grown)
            return false;
        memset(grown + s->nopen, 0, (n - s->nopen) * sizeof *grown);
        s->open_bytes += (n - s->nopen) * sizeof *grown;
        s->open = grown;
        s->nopen = n;
    }
    bucket *b = &s->open[f];
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 16;
        entry *items = realloc(b->items, cap * sizeof *items);
        if (!items)
            return false;
        s->open_bytes += (cap - b->cap) * sizeof *items;
        b->items = items;
        b->cap = cap;
    }
    b->items[b->n++] = (entry){ id, g };
    return true;
}

static bool set_g(search *s, uint32_t id, uint32_t g)
{
    if (id >= s->g_cap) {
        size_t cap = s->g_cap ? 2 * s->g_cap : 1024;
        while (cap <= id)
            cap *= 2;
        uint32_t *grown = realloc(s->g, cap * sizeof *grown);
        if (!grown)
            return false;
        s->g = grown;
        s->g_cap = cap;
    }
    s->g[id] = g;
    return true;
}

static sb_status run_astar(search *s, uint32_t *goal, sb_error *err)
{
    sb_space *sp = s->space;
    sb_store *st = s->store;
    unsigned h0 = sp->ops->estimate(sp, sp->root, s->guided);
    if (!set_g(s, 0, 0) || !push_open(s, s->weight * h0, 0, 0))
        return out_of_memory(err);
    for (size_t f = s->weight * h0; f < s->nopen; f++) {
        bucket *b = &s->open[f];
        while (b->n) {
            entry e = b->items[--b->n];
            if (e.g != s->g[e.id])
                continue;   /* a shorter way to this node was found since */
            if (sp->ops->is_goal(sp, st->ops->key(st, e.id))) {
                *goal = e.id;
                return SB_OK;
            }
            sb_status st_expand = expand(s, e.id, err);
            if (st_expand != SB_OK)
                return st_expand;
            for (size_t i = 0; i < s->kids.n; i++) {
                const unsigned char *child = s->kids.keys + i * s->kids.key_size;
                uint32_t cid, g = e.g + 1;
                bool fresh;
                if (st->ops->intern(st, child, s->kids.hashes[i], e.id, &cid, &fresh) != SB_OK)
                    return store_full(s, err);
                if (!fresh && s->g[cid] <= g)
                    continue;
                if (!fresh)
                    st->ops->set_parent(st, cid, e.id);
                unsigned h = sp->ops->estimate(sp, child, s->guided);
                if (!set_g(s, cid, g) || !push_open(s, g + s->weight * h, cid, g))
                    return out_of_memory(err);
                /* A child may land in a bucket below f only when w > 1. */
                if (g + s->weight * h < f)
                    f = g + s->weight * h;
            }
            b = &s->open[f];
            sb_status lim = check_limits(s, (unsigned)f, err);
            if (lim != SB_OK)
                return lim;
        }
    }
    return SB_UNSOLVABLE;
}

/* The representation and algorithm that `auto` picks, measured on the
 * CS61B suites and the classic trays (docs/performance.md). */
static sb_path choose_path(const sb_puzzle *p, sb_path asked)
{
    if (asked != SB_PATH_AUTO)
        return asked;
    return sb_bitboard_fits(p->rows, p->cols) ? SB_PATH_BITBOARD : SB_PATH_GENERAL;
}

static sb_algo choose_algo(const sb_options *o, const sb_puzzle *p, sb_path path)
{
    if (o->algo != SB_ALGO_AUTO)
        return o->algo;
    /* BFS when a shortest solution is asked for, or when the tray's image
     * fits 64 bits: at most 32 cells and usually far fewer, so the whole
     * space is small and the bitboard's BFS kernel (or on 1x32 and 32x1
     * trays the BFS loop below), which needs no estimate, is fastest (and
     * its solutions are shortest).  Otherwise the guided A*, which reaches the
     * far goals of the CS61B hard suite (c71, pandemonium: 6x6) in a
     * fraction of a second where BFS would store tens of millions of
     * configurations. */
    bool small = path == SB_PATH_BITBOARD && (2 * p->rows - 1) * (2 * p->cols - 1) <= 64;
    return o->optimal || small ? SB_ALGO_BFS : SB_ALGO_ASTAR;
}

static sb_status build_space(search *s, const sb_puzzle *p, const sb_catalog *cat,
                             sb_path path, sb_error *err)
{
    sb_status st = path == SB_PATH_BITBOARD
                       ? sb_bitboard_space_new(p, cat, s->opts->metric, &s->space)
                       : sb_board_space_new(p, cat, s->opts->metric, &s->space);
    if (st == SB_EINPUT)
        return sb_fail(err, SB_EINPUT,
                       "the %dx%d tray does not fit the bitboard (its spaced image needs "
                       "more than 128 bits)", p->rows, p->cols);
    if (st != SB_OK)
        return out_of_memory(err);
    s->space_bytes = s->space->ops->bytes(s->space);
    return SB_OK;
}

/* The store for search.c's own loops, holding the root as node 0. */
static sb_status build_store(search *s, sb_path path, sb_error *err)
{
    sb_status st = path == SB_PATH_BITBOARD ? sb_store_flat_new(s->space->key_size, &s->store)
                                            : sb_store_uthash_new(s->space->key_size, &s->store);
    s->kids.key_size = s->space->key_size;
    s->key = malloc(s->space->key_size + 1);
    if (st != SB_OK || !s->key)
        return out_of_memory(err);
    uint32_t root;
    bool fresh;
    if (!budget_store(s))
        return memory_limit(s, err);
    if (s->store->ops->intern(s->store, s->space->root,
                              s->space->ops->hash(s->space, s->space->root),
                              SB_NO_NODE, &root, &fresh) != SB_OK)
        return store_full(s, err);
    return SB_OK;
}

/* Runs the search with a store (BFS or A*) and reads the path back. */
static sb_status run_with_store(search *s, sb_algo algo, sb_path path, sb_solution *sol,
                                sb_error *err)
{
    sb_status status = build_store(s, path, err);
    uint32_t goal = SB_NO_NODE;
    if (status == SB_OK)
        status = algo == SB_ALGO_BFS ? run_bfs(s, &goal, err) : run_astar(s, &goal, err);
    if (status == SB_OK && sb_path_read(s->space, s->store, goal, sol) != SB_OK)
        status = out_of_memory(err);
    return status;
}

static void teardown(search *s)
{
    if (s->space)
        s->space->ops->free(s->space);
    if (s->store)
        s->store->ops->free(s->store);
    sb_children_free(&s->kids);
    free(s->key);
    free(s->g);
    for (size_t f = 0; f < s->nopen; f++)
        free(s->open[f].items);
    free(s->open);
}

sb_status sb_solve(const sb_puzzle *p, const sb_options *opts, sb_solution *sol,
                   sb_stats *stats, sb_error *err)
{
    sb_options defaults;
    sb_stats ignored;
    if (!opts) {
        sb_options_default(&defaults);
        opts = &defaults;
    }
    if (!stats)
        stats = &ignored;
    memset(sol, 0, sizeof *sol);
    memset(stats, 0, sizeof *stats);
    sb_status status = sb_puzzle_check(p, err);
    if (status != SB_OK)
        return status;

    search s = { .opts = opts };
    s.start_clock = sb_clock();
    stats->path = choose_path(p, opts->path);
    stats->algo = choose_algo(opts, p, stats->path);
    /* Without --optimal, A* follows the guide, weighted to go deep fast. */
    s.guided = stats->algo == SB_ALGO_ASTAR && !opts->optimal;
    s.weight = s.guided ? GUIDE_WEIGHT : 1;

    sb_catalog cat;
    if (sb_catalog_init(&cat, p) != SB_OK) {
        status = out_of_memory(err);
    } else {
        status = build_space(&s, p, &cat, stats->path, err);
        if (status == SB_OK && stats->algo == SB_ALGO_BFS && s.space->ops->bfs)
            status = run_kernel(&s, sol, err);
        else if (status == SB_OK)
            status = run_with_store(&s, stats->algo, stats->path, sol, err);
        if (status == SB_OK)
            sol->optimal = s.weight == 1;
        if (status == SB_UNSOLVABLE)
            sb_fail(err, SB_UNSOLVABLE, "no solution: all %llu reachable configurations searched",
                    (unsigned long long)(s.store ? stored(&s) : s.kernel_reached));
        stats->stored = stored(&s);
        size_t held = s.space ? bytes_held(&s) : 0;
        stats->final_bytes = held;
        stats->peak_bytes = held > s.peak ? held : s.peak;
    }
    stats->expanded = s.expanded;
    stats->seconds = sb_clock() - s.start_clock;
    teardown(&s);
    sb_catalog_free(&cat);
    return status;
}

void sb_solution_free(sb_solution *sol)
{
    if (!sol)
        return;
    free(sol->moves);
    memset(sol, 0, sizeof *sol);
}
