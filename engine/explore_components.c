/*
 * explore_components.c - every layout of a piece set, split into the
 * components that moves connect, with each component's exact diameter;
 * and the same counts over a whole family of piece sets.
 *
 * Enumeration.  Layouts are built cell by cell in row-major order: the
 * first cell not yet decided either stays empty or becomes the upper-left
 * corner of a block of some shape that still has blocks to place.  Since
 * the first undecided cell fixes the next choice, every layout comes out
 * exactly once, same-shaped blocks being interchangeable by construction.
 * Each layout is written straight into its spaced-bitboard image (SPEC,
 * appendix), which is the bitboard space's canonical key; the first
 * layout's image is checked against the one bitboard.c builds, so the two
 * encodings cannot drift apart silently.
 *
 * The graph.  Keys go into the 64-bit store, whose ids are dense, so the
 * moves become a compressed adjacency list (CSR) of 32-bit ids, built with
 * one expand() per layout from the bitboard space of the metric asked
 * for.  Every metric's moves are reversible and a unit step is also a line
 * and a piece move, so the components do not depend on the metric; their
 * diameters do.  Without diameters the unit metric is used: fewest edges.
 *
 * Diameters: bounding eccentricities (in the manner of Takes and Kosters,
 * 2011).  One BFS from v, of eccentricity e, bounds the eccentricity of
 * every node at distance d between max(d, e - d) and e + d.  The largest
 * lower bound is a lower bound on the diameter; nodes whose upper bound
 * cannot exceed it drop out, and when none is left the bound is exact.
 * Alternating a peripheral pick (largest upper bound) with a central one
 * (smallest lower bound) ends after a handful of BFS where one BFS per
 * node, or iFUB's walk down the wide outer levels, costs thousands.
 *
 * Invariants: ids 0..layouts-1 are the layouts in enumeration order; the
 * store never grows after enumeration (every child of a layout is one).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "space.h"

enum { MAX_SHAPES = 16 };

/* A piece set on a tray: what to enumerate. */
typedef struct pieces {
    int rows, cols;
    int nshapes;
    int height[MAX_SHAPES], width[MAX_SHAPES];
    uint32_t count[MAX_SHAPES];
    uint32_t empties;            /* cells left empty in every layout */
} pieces;

/* Enumeration state: the pieces still to place and the layout so far. */
typedef struct enumerator {
    const pieces *pc;
    int width;                   /* image width, 2 * cols - 1 */
    uint64_t pattern[MAX_SHAPES];
    uint32_t left[MAX_SHAPES];
    uint32_t empties_left;
    sb_store *store;
    uint64_t max_layouts;        /* 0: no limit */
    sb_block *first;             /* the first layout's blocks */
    sb_block *blocks;            /* the layout being built */
    size_t nplaced;
    bool have_first;
    sb_status status;
} enumerator;

/* A search-ready graph of all layouts. */
typedef struct graph {
    uint32_t n;
    size_t *start;               /* n + 1 offsets into adj */
    uint32_t *adj;
} graph;

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static uint64_t image_pattern(int width, int h, int w)
{
    uint64_t m = 0;
    for (int y = 0; y < 2 * h - 1; y++)
        for (int x = 0; x < 2 * w - 1; x++)
            m |= 1ULL << (y * width + x);
    return m;
}

static int cell_bit(int width, int r, int c)
{
    return 2 * r * width + 2 * c;
}

/* Places blocks from cell `at` on; occupied is a bit per cell (r*cols+c). */
static void place(enumerator *e, uint32_t at, uint64_t occupied, uint64_t image)
{
    const pieces *pc = e->pc;
    uint32_t ncells = (uint32_t)(pc->rows * pc->cols);
    while (at < ncells && (occupied >> at & 1))
        at++;
    if (e->status != SB_OK)
        return;
    if (at == ncells) {
        uint32_t id;
        bool fresh;
        if (e->store->ops->intern(e->store, &image, 0, SB_NO_NODE, &id, &fresh) != SB_OK)
            e->status = SB_ELIMIT;
        else if (e->max_layouts && e->store->count > e->max_layouts)
            e->status = SB_ELIMIT;
        if (!e->have_first) {
            memcpy(e->first, e->blocks, e->nplaced * sizeof *e->blocks);
            e->have_first = true;
        }
        return;
    }
    int r = (int)at / pc->cols, c = (int)at % pc->cols;
    if (e->empties_left) {
        e->empties_left--;
        place(e, at + 1, occupied | 1ULL << at, image);
        e->empties_left++;
    }
    for (int s = 0; s < pc->nshapes; s++) {
        int h = pc->height[s], w = pc->width[s];
        if (!e->left[s] || r + h > pc->rows || c + w > pc->cols)
            continue;
        uint64_t cells = 0;
        for (int y = 0; y < h; y++)
            cells |= ((1ULL << w) - 1) << (at + (uint32_t)(y * pc->cols));
        if (cells & occupied)
            continue;
        e->left[s]--;
        e->blocks[e->nplaced++] = (sb_block){ r, c, h, w };
        place(e, at + 1, occupied | cells, image | e->pattern[s] << cell_bit(e->width, r, c));
        e->nplaced--;
        e->left[s]++;
    }
}

static void graph_free(graph *g)
{
    free(g->start);
    free(g->adj);
    memset(g, 0, sizeof *g);
}

/* One expand() per layout; every child must already be a layout. */
static sb_status build_graph(sb_space *sp, sb_store *st, graph *g, sb_error *err)
{
    sb_children kids = { .key_size = sizeof(uint64_t) };
    size_t cap = (size_t)st->count * 4 + 16;
    g->n = st->count;
    g->start = malloc(((size_t)g->n + 1) * sizeof *g->start);
    g->adj = malloc(cap * sizeof *g->adj);
    sb_status status = g->start && g->adj ? SB_OK : SB_ELIMIT;
    size_t m = 0;
    for (uint32_t id = 0; id < g->n && status == SB_OK; id++) {
        uint64_t key;
        memcpy(&key, st->ops->key(st, id), sizeof key);
        g->start[id] = m;
        kids.n = 0;
        if (sp->ops->expand(sp, &key, &kids) != SB_OK) {
            status = SB_ELIMIT;
            break;
        }
        if (m + kids.n > cap) {
            while (m + kids.n > cap)
                cap *= 2;
            uint32_t *grown = realloc(g->adj, cap * sizeof *grown);
            if (!grown) {
                status = SB_ELIMIT;
                break;
            }
            g->adj = grown;
        }
        for (size_t i = 0; i < kids.n; i++) {
            uint32_t cid;
            bool fresh;
            if (st->ops->intern(st, kids.keys + i * sizeof key, 0, id, &cid, &fresh) != SB_OK) {
                status = SB_ELIMIT;
                break;
            }
            if (fresh) {
                sb_children_free(&kids);
                return sb_fail(err, SB_EINPUT, "internal error: a move led outside the "
                               "enumerated layouts (bitboard encodings disagree)");
            }
            g->adj[m++] = cid;
        }
    }
    sb_children_free(&kids);
    if (status != SB_OK)
        return sb_fail(err, SB_ELIMIT, "ran out of memory while linking %u layouts", g->n);
    g->start[g->n] = m;
    return SB_OK;
}

/* BFS scratch shared by every sweep; dist is -1 outside a sweep. */
typedef struct sweep {
    int32_t *dist;
    uint32_t *queue;
    uint32_t *order;             /* candidates for the diameter */
    uint32_t *lo, *hi;           /* bounds on each node's eccentricity */
    uint32_t runs;
} sweep;

/* BFS from src; leaves the visit order in queue (by distance) and returns
 * how many nodes it reached.  *ecc is src's eccentricity. */
static uint32_t bfs(const graph *g, sweep *w, uint32_t src, unsigned *ecc)
{
    uint32_t head = 0, tail = 0;
    w->dist[src] = 0;
    w->queue[tail++] = src;
    while (head < tail) {
        uint32_t x = w->queue[head++];
        int32_t d = w->dist[x] + 1;
        for (size_t k = g->start[x]; k < g->start[x + 1]; k++) {
            uint32_t y = g->adj[k];
            if (w->dist[y] >= 0)
                continue;
            w->dist[y] = d;
            w->queue[tail++] = y;
        }
    }
    *ecc = (unsigned)w->dist[w->queue[tail - 1]];
    w->runs++;
    return tail;
}

static void reset(sweep *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        w->dist[w->queue[i]] = -1;
}


/* Copies the component of start into *local, renumbered in BFS order, so
 * that the many sweeps of diameter() walk small, dense arrays.  local's
 * arrays have room for the whole graph; map is scratch indexed by id. */
static void localize(const graph *g, sweep *w, uint32_t start, graph *local, uint32_t *map)
{
    unsigned ecc;
    uint32_t n = bfs(g, w, start, &ecc);
    reset(w, n);
    for (uint32_t k = 0; k < n; k++)
        map[w->queue[k]] = k;
    size_t m = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t x = w->queue[k];
        local->start[k] = m;
        for (size_t j = g->start[x]; j < g->start[x + 1]; j++)
            local->adj[m++] = map[g->adj[j]];
    }
    local->start[n] = m;
    local->n = n;
}

/* The exact diameter of a connected graph: bounding
 * eccentricities.  lo/hi bound each node's eccentricity; a BFS from v
 * (eccentricity e) gives every w at distance d the bounds max(d, e - d)
 * and e + d.  Nodes whose upper bound cannot beat the best lower bound
 * drop out; the search alternates between the candidate with the largest
 * upper bound (a likely periphery node, raising the lower bound) and the
 * one with the smallest lower bound (a central node, whose BFS tightens
 * every upper bound). */
static unsigned diameter(const graph *g, sweep *w)
{
    unsigned ecc;
    uint32_t n = g->n, *cand = w->order, ncand = n;
    if (n <= 2)
        return n - 1;
    for (uint32_t k = 0; k < n; k++) {
        cand[k] = k;
        w->lo[k] = 0;
        w->hi[k] = UINT32_MAX;
    }
    unsigned lb = 0;
    bool high = true;
    uint32_t v = 0;
    while (ncand) {
        bfs(g, w, v, &ecc);
        if (ecc > lb)
            lb = ecc;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t x = w->queue[k], d = (uint32_t)w->dist[x];
            uint32_t l = d > ecc - d ? d : ecc - d;
            if (l > w->lo[x])
                w->lo[x] = l;
            if (ecc + d < w->hi[x])
                w->hi[x] = ecc + d;
            if (w->lo[x] > lb)
                lb = w->lo[x];
        }
        reset(w, n);
        /* Keep the candidates that could still raise lb; pick the next. */
        uint32_t kept = 0, best = 0;
        for (uint32_t k = 0; k < ncand; k++) {
            uint32_t x = cand[k];
            if (w->hi[x] <= lb || w->lo[x] == w->hi[x])
                continue;
            cand[kept++] = x;
            bool better = high ? w->hi[x] > w->hi[best] ||
                                     (w->hi[x] == w->hi[best] && w->lo[x] < w->lo[best])
                               : w->lo[x] < w->lo[best] ||
                                     (w->lo[x] == w->lo[best] && w->hi[x] > w->hi[best]);
            if (kept == 1 || better)
                best = x;
        }
        ncand = kept;
        v = best;
        high = !high;
    }
    return lb;
}

typedef struct ranked {
    uint64_t size;
    uint32_t index;              /* discovery order */
} ranked;

static int by_size(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    if (a->size != b->size)
        return a->size > b->size ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* The image of a list of blocks on the tray of pc. */
static uint64_t image_of_blocks(const pieces *pc, const sb_block *b, size_t n)
{
    int width = 2 * pc->cols - 1;
    uint64_t image = 0;
    for (size_t i = 0; i < n; i++)
        image |= image_pattern(width, b[i].height, b[i].width) << cell_bit(width, b[i].row, b[i].col);
    return image;
}

/* The tray's reflections (left-right, top-bottom, both) map layouts to
 * layouts of the same piece set and keep distances, so mirror-image
 * components share a diameter.  Returns the lowest component index among
 * the images of layout id's component (its own when it is symmetric). */
static size_t mirror_twin(const pieces *pc, sb_space *sp, sb_store *st, const uint32_t *comp,
                          uint32_t id, sb_block *scratch)
{
    size_t n = sp->cat->nblocks, twin = comp[id];
    for (int flip = 1; flip <= 3; flip++) {
        sp->ops->decode(sp, st->ops->key(st, id), scratch);
        for (size_t i = 0; i < n; i++) {
            if (flip & 1)
                scratch[i].col = pc->cols - scratch[i].col - scratch[i].width;
            if (flip & 2)
                scratch[i].row = pc->rows - scratch[i].row - scratch[i].height;
        }
        uint64_t key = image_of_blocks(pc, scratch, n);
        uint32_t mid;
        bool fresh;
        if (st->ops->intern(st, &key, 0, SB_NO_NODE, &mid, &fresh) == SB_OK && !fresh &&
            comp[mid] < twin)
            twin = comp[mid];
    }
    return twin;
}

/* The whole job for one piece set.  With examples NULL no example layouts
 * are kept.  init_key (0: none) names a layout whose component is wanted. */
typedef struct result {
    uint64_t layouts, edges;
    size_t ncomponents;
    sb_component *components;
    sb_block *examples;
    size_t nblocks;
    size_t init_component;
    size_t peak;
} result;

static sb_status map_pieces(const pieces *pc, sb_metric metric, bool diameters, bool examples,
                            const sb_limits *lim, uint64_t init_key, result *res, sb_error *err)
{
    memset(res, 0, sizeof *res);
    size_t nblocks = 0;
    for (int s = 0; s < pc->nshapes; s++)
        nblocks += pc->count[s];
    res->nblocks = nblocks;
    enumerator e = { .pc = pc, .width = 2 * pc->cols - 1, .empties_left = pc->empties,
                     .max_layouts = lim->max_states, .status = SB_OK };
    for (int s = 0; s < pc->nshapes; s++) {
        e.pattern[s] = image_pattern(e.width, pc->height[s], pc->width[s]);
        e.left[s] = pc->count[s];
    }
    e.first = calloc(nblocks + 1, sizeof *e.first);
    e.blocks = calloc(nblocks + 1, sizeof *e.blocks);
    sb_status status = e.first && e.blocks ? sb_store_u64_new(&e.store) : SB_ELIMIT;
    if (status == SB_OK)
        place(&e, 0, 0, 0);
    status = status == SB_OK ? e.status : status;
    if (status != SB_OK) {
        free(e.first);
        free(e.blocks);
        /* Read the count before the store goes: it says which limit hit. */
        bool too_many = lim->max_states && e.store && e.store->count > lim->max_states;
        if (e.store)
            e.store->ops->free(e.store);
        if (too_many)
            return sb_fail(err, SB_ELIMIT, "gave up after enumerating %llu layouts (--max-states)",
                           (unsigned long long)lim->max_states);
        return sb_fail(err, SB_ELIMIT, "ran out of memory while enumerating layouts");
    }
    free(e.blocks);
    res->layouts = e.store->count;
    if (!e.have_first) {   /* the pieces do not fit: nothing to connect */
        free(e.first);
        e.store->ops->free(e.store);
        return SB_OK;
    }

    /* The bitboard space of the first layout moves every layout. */
    sb_puzzle first = { pc->rows, pc->cols, nblocks, e.first, 0, NULL };
    sb_catalog cat;
    sb_space *sp = NULL;
    graph g = { 0 }, local = { 0 };
    uint32_t *comp_map = NULL;
    sweep w = { 0 };
    uint32_t *comp = NULL, *firsts = NULL;
    ranked *rank = NULL;
    sb_component *sorted = NULL;
    sb_block *scratch = NULL;
    status = sb_catalog_init(&cat, &first);
    if (status == SB_OK)
        status = sb_bitboard_space_new(&first, &cat, diameters ? metric : SB_METRIC_UNIT, &sp);
    if (status != SB_OK) {
        status = sb_fail(err, SB_ELIMIT, "ran out of memory while building the bitboard");
        goto done;
    }
    if (memcmp(sp->root, e.store->ops->key(e.store, 0), sizeof(uint64_t)) != 0) {
        status = sb_fail(err, SB_EINPUT, "internal error: the enumerated image of the first "
                         "layout differs from the bitboard's");
        goto done;
    }
    status = build_graph(sp, e.store, &g, err);
    if (status != SB_OK)
        goto done;
    res->edges = g.start[g.n];
    size_t held = e.store->ops->bytes(e.store) + ((size_t)g.n + 1) * sizeof *g.start +
                  res->edges * sizeof *g.adj + (size_t)g.n * 6 * sizeof(uint32_t);
    if (lim->max_bytes && held > lim->max_bytes) {
        status = sb_fail(err, SB_ELIMIT, "gave up at the memory limit of %llu bytes "
                         "(--max-memory): %llu layouts need about %zu",
                         (unsigned long long)lim->max_bytes, (unsigned long long)g.n, held);
        goto done;
    }
    res->peak = held;
    w.dist = malloc((size_t)g.n * sizeof *w.dist);
    w.queue = malloc((size_t)g.n * sizeof *w.queue);
    w.order = malloc((size_t)g.n * sizeof *w.order);
    w.lo = malloc((size_t)g.n * sizeof *w.lo);
    w.hi = malloc((size_t)g.n * sizeof *w.hi);
    comp = malloc((size_t)g.n * sizeof *comp);
    size_t cap = 64;
    res->components = malloc(cap * sizeof *res->components);
    firsts = malloc(cap * sizeof *firsts);
    scratch = malloc((nblocks + 1) * sizeof *scratch);
    if (!w.dist || !w.queue || !w.order || !w.lo || !w.hi || !comp || !res->components ||
        !firsts || !scratch) {
        status = sb_fail(err, SB_ELIMIT, "ran out of memory while splitting components");
        goto done;
    }
    memset(w.dist, 0xff, (size_t)g.n * sizeof *w.dist);
    for (uint32_t i = 0; i < g.n; i++)
        comp[i] = UINT32_MAX;

    /* Components in order of their first layout (discovery order). */
    for (uint32_t id = 0; id < g.n; id++) {
        if (comp[id] != UINT32_MAX)
            continue;
        unsigned ecc;
        uint32_t n = bfs(&g, &w, id, &ecc);
        for (uint32_t k = 0; k < n; k++)
            comp[w.queue[k]] = (uint32_t)res->ncomponents;
        reset(&w, n);
        if (res->ncomponents == cap) {
            cap *= 2;
            sb_component *grown = realloc(res->components, cap * sizeof *grown);
            uint32_t *more = realloc(firsts, cap * sizeof *more);
            if (grown)
                res->components = grown;
            if (more)
                firsts = more;
            if (!grown || !more) {
                status = sb_fail(err, SB_ELIMIT, "ran out of memory while splitting components");
                goto done;
            }
        }
        firsts[res->ncomponents] = id;
        res->components[res->ncomponents++] = (sb_component){ n, 0, 0 };
    }
    if (diameters) {
        local.start = malloc(((size_t)g.n + 1) * sizeof *local.start);
        local.adj = malloc((res->edges + 1) * sizeof *local.adj);
        comp_map = malloc((size_t)g.n * sizeof *comp_map);
        if (!local.start || !local.adj || !comp_map) {
            status = sb_fail(err, SB_ELIMIT, "ran out of memory while measuring diameters");
            goto done;
        }
        for (size_t c = 0; c < res->ncomponents; c++) {
            size_t twin = mirror_twin(pc, sp, e.store, comp, firsts[c], scratch);
            if (twin < c) {   /* a mirror image: same diameter */
                res->components[c].diameter = res->components[twin].diameter;
                continue;
            }
            localize(&g, &w, firsts[c], &local, comp_map);
            w.runs = 0;
            res->components[c].diameter = diameter(&local, &w);
            res->components[c].sweeps = w.runs;
        }
    }
    uint32_t init_comp = 0;
    if (init_key) {
        uint32_t id;
        bool fresh;
        if (e.store->ops->intern(e.store, &init_key, 0, SB_NO_NODE, &id, &fresh) == SB_OK && !fresh)
            init_comp = comp[id];
    }
    /* Largest first; equal sizes keep discovery order (qsort is not stable,
     * so the discovery index is the tie-break). */
    rank = malloc(res->ncomponents * sizeof *rank);
    sorted = malloc(res->ncomponents * sizeof *sorted);
    if (examples)
        res->examples = calloc(res->ncomponents * nblocks + 1, sizeof *res->examples);
    if (!rank || !sorted || (examples && !res->examples)) {
        status = sb_fail(err, SB_ELIMIT, "ran out of memory while sorting components");
        goto done;
    }
    for (size_t c = 0; c < res->ncomponents; c++)
        rank[c] = (ranked){ res->components[c].size, (uint32_t)c };
    qsort(rank, res->ncomponents, sizeof *rank, by_size);
    for (size_t k = 0; k < res->ncomponents; k++) {
        uint32_t c = rank[k].index;
        sorted[k] = res->components[c];
        if (c == init_comp)
            res->init_component = k;
        if (examples)
            sp->ops->decode(sp, e.store->ops->key(e.store, firsts[c]), res->examples + k * nblocks);
    }
    free(res->components);
    res->components = sorted;
    sorted = NULL;
done:
    free(comp);
    free(firsts);
    free(rank);
    free(sorted);
    free(scratch);
    free(w.dist);
    free(w.queue);
    free(w.order);
    free(w.lo);
    free(w.hi);
    graph_free(&g);
    graph_free(&local);
    free(comp_map);
    if (sp)
        sp->ops->free(sp);
    sb_catalog_free(&cat);
    free(e.first);
    e.store->ops->free(e.store);
    if (status != SB_OK) {
        free(res->components);
        free(res->examples);
        memset(res, 0, sizeof *res);
    }
    return status;
}

/* The piece set of p (its shapes and their counts) as `pieces`. */
static sb_status pieces_of(const sb_puzzle *p, pieces *pc, sb_error *err)
{
    memset(pc, 0, sizeof *pc);
    pc->rows = p->rows;
    pc->cols = p->cols;
    if (!sb_bitboard_fits(p->rows, p->cols))
        return sb_fail(err, SB_EINPUT, "layouts are enumerated on the 64-bit bitboard, and the "
                       "%dx%d tray's spaced image needs (2*%d-1)*(2*%d-1) = %d bits",
                       p->rows, p->cols, p->rows, p->cols, (2 * p->rows - 1) * (2 * p->cols - 1));
    uint32_t area = 0;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *b = &p->blocks[i];
        int s = 0;
        while (s < pc->nshapes && (pc->height[s] != b->height || pc->width[s] != b->width))
            s++;
        if (s == pc->nshapes) {
            if (s == MAX_SHAPES)
                return sb_fail(err, SB_EINPUT, "more than %d block sizes", MAX_SHAPES);
            pc->height[s] = b->height;
            pc->width[s] = b->width;
            pc->nshapes++;
        }
        pc->count[s]++;
        area += (uint32_t)(b->height * b->width);
    }
    pc->empties = (uint32_t)(p->rows * p->cols) - area;
    return SB_OK;
}

sb_status sb_components(const sb_puzzle *p, const sb_options *opts, bool diameters,
                        sb_components_report *out, sb_error *err)
{
    sb_options defaults;
    if (!opts) {
        sb_options_default(&defaults);
        opts = &defaults;
    }
    memset(out, 0, sizeof *out);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sb_status status = sb_puzzle_check(p, err);
    pieces pc;
    if (status == SB_OK)
        status = pieces_of(p, &pc, err);
    if (status != SB_OK)
        return status;
    result res;
    status = map_pieces(&pc, opts->metric, diameters, true, &opts->limits, image_of_blocks(&pc, p->blocks, p->nblocks), &res, err);
    if (status != SB_OK)
        return status;
    *out = (sb_components_report){
        .metric = opts->metric, .diameters = diameters, .layouts = res.layouts,
        .edges = res.edges, .ncomponents = res.ncomponents, .components = res.components,
        .nblocks = res.nblocks, .examples = res.examples, .init_component = res.init_component,
        .peak_bytes = res.peak, .seconds = seconds_since(&t0)
    };
    return SB_OK;
}

void sb_components_report_free(sb_components_report *r)
{
    if (!r)
        return;
    free(r->components);
    free(r->examples);
    memset(r, 0, sizeof *r);
}

/* Sets the count of shape h x w in pc, adding the shape if needed. */
static void set_count(pieces *pc, int h, int w, uint32_t n)
{
    int s = 0;
    while (s < pc->nshapes && (pc->height[s] != h || pc->width[s] != w))
        s++;
    if (s == pc->nshapes) {
        pc->height[s] = h;
        pc->width[s] = w;
        pc->nshapes++;
    }
    pc->count[s] = n;
}

sb_status sb_family(const sb_puzzle *p, const sb_options *opts, sb_family_report *out,
                    sb_error *err)
{
    sb_options defaults;
    if (!opts) {
        sb_options_default(&defaults);
        opts = &defaults;
    }
    memset(out, 0, sizeof *out);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sb_status status = sb_puzzle_check(p, err);
    pieces base;
    if (status == SB_OK)
        status = pieces_of(p, &base, err);
    if (status != SB_OK)
        return status;
    /* The fixed part: every shape but the three small ones. */
    pieces fixed = base;
    fixed.nshapes = 0;
    uint32_t free_cells = (uint32_t)(p->rows * p->cols);
    for (int s = 0; s < base.nshapes; s++) {
        int h = base.height[s], w = base.width[s];
        if (h * w <= 2)
            continue;
        if (fixed.nshapes == MAX_SHAPES - 3)
            return sb_fail(err, SB_EINPUT, "more than %d block sizes", MAX_SHAPES);
        set_count(&fixed, h, w, base.count[s]);
        free_cells -= (uint32_t)(h * w) * base.count[s];
    }
    size_t cap = 64;
    out->members = malloc(cap * sizeof *out->members);
    if (!out->members)
        return sb_fail(err, SB_ELIMIT, "out of memory");
    /* Members keep at least INIT's number of empty cells: fewer would not
     * be the same kind of puzzle (Klotski's family leaves two). */
    if (free_cells < base.empties)
        return sb_fail(err, SB_EINPUT, "internal error: the fixed blocks leave too little room");
    uint32_t room = free_cells - base.empties;
    for (uint32_t units = 0; units <= room; units++)
        for (uint32_t wides = 0; units + 2 * wides <= room; wides++)
            for (uint32_t talls = 0; units + 2 * (wides + talls) <= room; talls++) {
                pieces pc = fixed;
                if (units)
                    set_count(&pc, 1, 1, units);
                if (wides)
                    set_count(&pc, 1, 2, wides);
                if (talls)
                    set_count(&pc, 2, 1, talls);
                pc.empties = free_cells - units - 2 * (wides + talls);
                result res;
                status = map_pieces(&pc, SB_METRIC_UNIT, false, false, &opts->limits, 0, &res, err);
                if (status != SB_OK) {
                    sb_family_report_free(out);
                    return status;
                }
                free(res.components);
                if (out->nmembers == cap) {
                    cap *= 2;
                    sb_family_member *grown = realloc(out->members, cap * sizeof *grown);
                    if (!grown) {
                        sb_family_report_free(out);
                        return sb_fail(err, SB_ELIMIT, "out of memory");
                    }
                    out->members = grown;
                }
                out->members[out->nmembers++] = (sb_family_member){
                    units, wides, talls, res.layouts, res.ncomponents };
                out->layouts += res.layouts;
                out->ncomponents += res.ncomponents;
                if (res.peak > out->peak_bytes)
                    out->peak_bytes = res.peak;
            }
    out->seconds = seconds_since(&t0);
    return SB_OK;
}

void sb_family_report_free(sb_family_report *r)
{
    if (!r)
        return;
    free(r->members);
    memset(r, 0, sizeof *r);
}
