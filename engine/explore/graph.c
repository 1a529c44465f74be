/*
 * graph.c - the layouts of a piece set as a graph: its connected
 * components and their exact diameters.
 *
 * The graph.  Layout keys sit in the flat store, whose ids
 * are dense, so the moves become a compressed adjacency list (CSR) of
 * 32-bit ids, built with one expand() per layout from the space that
 * moves them (the bitboard or the general board).
 * Every metric's moves are reversible and a unit step is also a line and a
 * piece move, so the components do not depend on the metric; their
 * diameters do.
 *
 * Components: the component walker (walk.h) from each node that no
 * component holds yet, in id order, with the adjacency lists as the
 * children and each node's component number as its mark; so components
 * are numbered in order of their lowest id, the enumeration's.
 *
 * Diameters: bounding eccentricities (in the manner of Takes and Kosters,
 * 2011).  One BFS from v, of eccentricity e, bounds the eccentricity of
 * every node at distance d between max(d, e - d) and e + d.  The largest
 * lower bound is a lower bound on the diameter; nodes whose upper bound
 * cannot exceed it drop out, and when none is left the bound is exact.
 * Alternating a peripheral pick (largest upper bound) with a central one
 * (smallest lower bound) ends after a handful of BFS where one BFS per
 * node, or iFUB's walk down the wide outer levels, costs thousands.  Each
 * component is first copied out, renumbered in BFS order, so those sweeps
 * walk small, dense arrays.
 *
 * Each sweep (a diameter's, or a search from every goal layout at once)
 * is the engine's one breadth-first search (search/bfs.c) with a walker
 * of this file's: distances in an array, the visit order in a
 * queue whose layers are consecutive ranges.
 *
 * Invariant: outside a sweep every dist is -1, so a sweep needs no
 * clearing pass over the whole graph, only over the nodes it reached.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "explore/walk.h"
#include "search/bfs.h"

/* Makes room for `more` entries in g->adj after `used`. */
static bool adj_room(sb_graph *g, size_t used, size_t more)
{
    return sbi_array_reserve(g->meter, &g->adj, &g->adj_cap, used + more, sizeof *g->adj);
}

sb_status sbi_graph_build(const sb_space *sp, sb_scratch *scratch, const sb_store *st,
                          sb_graph *g, sb_error *err)
{
    sb_meter *m = st->meter;
    sb_children kids = { .rec_size = sp->rec_size, .meter = m };
    memset(g, 0, sizeof *g);
    g->meter = m;
    g->n = st->count;
    g->start = sbi_meter_calloc(m, (size_t)g->n + 1, sizeof *g->start);
    sb_status status = g->start && adj_room(g, 0, (size_t)st->count * 4) ? SB_OK : SB_ELIMIT;
    size_t used = 0;
    /* At least one byte, zeroed: the store keeps an empty key as one zero
     * byte (sbi_layouts_enumerate). */
    size_t key_size = sp->key_size ? sp->key_size : 1;
    unsigned char *key = sbi_meter_calloc(m, key_size, 1);
    if (!key)
        status = SB_ELIMIT;
    sbi_meter_phase(m, "linking configurations by their moves", g->n);
    for (uint32_t id = 0; id < g->n && status == SB_OK; id++) {
        g->start[id] = used;
        m->done = id;
        sbi_children_clear(&kids);
        if (sp->ops->expand(sp, scratch, st->ops->key(st, id), &kids) != SB_OK ||
            !adj_room(g, used, kids.n) || sbi_meter_tick(m, kids.n) != SB_OK) {
            status = SB_ELIMIT;
            break;
        }
        for (size_t i = 0; i < kids.n; i++) {
            uint64_t hash = sp->ops->child_key(sp, scratch, st->ops->key(st, id),
                                               kids.recs + i * kids.rec_size, key);
            uint32_t cid = st->ops->find(st, key, hash);
            if (cid == SB_NO_NODE) {
                sbi_children_free(&kids);
                sbi_meter_free(m, key, key_size);
                return sbi_fail(err, SB_EINPUT, "internal error: a move led outside the "
                                "enumerated layouts (bitboard encodings disagree)");
            }
            g->adj[used++] = cid;
        }
    }
    sbi_children_free(&kids);
    sbi_meter_free(m, key, key ? key_size : 0);
    if (status != SB_OK)
        return sbi_meter_fail(m, err);
    sbi_meter_phase(m, NULL, 0);   /* what follows says its own, or is a search */
    g->start[g->n] = used;
    return SB_OK;
}

void sbi_graph_free(sb_graph *g)
{
    if (g->meter) {
        sbi_meter_free(g->meter, g->start, ((size_t)g->n + 1) * sizeof *g->start);
        sbi_meter_free(g->meter, g->adj, g->adj_cap * sizeof *g->adj);
    }
    memset(g, 0, sizeof *g);
}

bool sbi_sweep_init(sb_sweep *w, const sb_graph *g, bool diameters, const uint32_t *orbit)
{
    size_t n = g->n;
    sb_meter *m = g->meter;
    memset(w, 0, sizeof *w);
    w->meter = m;
    w->n = n;
    w->dist = sbi_meter_calloc(m, n, sizeof *w->dist);
    w->queue = sbi_meter_calloc(m, n, sizeof *w->queue);
    if (!w->dist || !w->queue)
        return false;
    memset(w->dist, 0xff, n * sizeof *w->dist);
    if (!diameters)
        return true;
    w->order = sbi_meter_calloc(m, n, sizeof *w->order);
    w->lo = sbi_meter_calloc(m, n, sizeof *w->lo);
    w->hi = sbi_meter_calloc(m, n, sizeof *w->hi);
    w->map = sbi_meter_calloc(m, n, sizeof *w->map);
    w->local = (sb_graph){ .meter = m, .n = g->n };
    w->local.start = sbi_meter_calloc(m, n + 1, sizeof *w->local.start);
    if (orbit) {
        w->orbit = orbit;
        w->peers = sbi_meter_calloc(m, n, sizeof *w->peers);
        w->peer_at = sbi_meter_calloc(m, n, sizeof *w->peer_at);
        if (!w->peers || !w->peer_at)
            return false;
    }
    return w->order && w->lo && w->hi && w->map && w->local.start &&
           adj_room(&w->local, 0, g->start[n] + 1);
}

void sbi_sweep_free(sb_sweep *w)
{
    sb_meter *m = w->meter;
    if (m) {
        size_t n = w->n;
        sbi_meter_free(m, w->dist, n * sizeof *w->dist);
        sbi_meter_free(m, w->queue, n * sizeof *w->queue);
        sbi_meter_free(m, w->order, n * sizeof *w->order);
        sbi_meter_free(m, w->lo, n * sizeof *w->lo);
        sbi_meter_free(m, w->hi, n * sizeof *w->hi);
        sbi_meter_free(m, w->map, n * sizeof *w->map);
        sbi_meter_free(m, w->peers, n * sizeof *w->peers);
        sbi_meter_free(m, w->peer_at, n * sizeof *w->peer_at);
        w->local.n = (uint32_t)n;   /* freed at its full size, whatever it measured last */
        sbi_graph_free(&w->local);
    }
    memset(w, 0, sizeof *w);
}

/* The sweep's walker: the current layer is queue[head, end), the next
 * one grows from end to tail. */
typedef struct sweep_walk {
    const sb_graph *g;
    sb_sweep *w;
    uint32_t head, end, tail;
} sweep_walk;

static sb_status sweep_layer(void *walker, sb_bfs *run)
{
    sweep_walk *sw = walker;
    const sb_graph *g = sw->g;
    int32_t *dist = sw->w->dist, d = (int32_t)run->depth + 1;
    for (uint32_t k = sw->head; k < sw->end; k++) {
        uint32_t x = sw->w->queue[k];
        for (size_t j = g->start[x]; j < g->start[x + 1]; j++) {
            uint32_t y = g->adj[j];
            if (dist[y] >= 0)
                continue;
            dist[y] = d;
            sw->w->queue[sw->tail++] = y;
            sbi_bfs_met(run, 1, false);
        }
        if (sbi_meter_tick(sw->w->meter, 0) != SB_OK)
            return SB_ELIMIT;
    }
    return SB_OK;
}

static void sweep_advance(void *walker)
{
    sweep_walk *sw = walker;
    sw->head = sw->end;
    sw->end = sw->tail;
}

static const sb_bfs_walker sweep_walker = { sweep_layer, sweep_advance, NULL, NULL, NULL };

uint32_t sbi_graph_bfs(const sb_graph *g, sb_sweep *w, const uint32_t *src, uint32_t nsrc,
                       unsigned *ecc)
{
    uint32_t first = 0;
    for (uint32_t i = 0; i < nsrc; i++)
        if (w->dist[src[i]] < 0) {   /* a source listed twice is one source */
            w->dist[src[i]] = 0;
            w->queue[first++] = src[i];
        }
    sweep_walk sw = { g, w, 0, first, first };
    sb_bfs run;
    sbi_bfs_init(&run, w->meter, false, false, first, false);
    if (first && sbi_bfs_run(&run, &sweep_walker, &sw) != SB_OK)
        w->stopped = true;
    *ecc = run.depth;
    w->runs++;
    return sw.tail;
}

/* One source, as the components and diameters need. */
static uint32_t bfs(const sb_graph *g, sb_sweep *w, uint32_t src, unsigned *ecc)
{
    return sbi_graph_bfs(g, w, &src, 1, ecc);
}

void sbi_sweep_reset(sb_sweep *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        w->dist[w->queue[i]] = -1;
}

/* The split's marks: each node's component, UINT32_MAX before it has
 * one.  A child of a node of component k is in k (an undirected graph),
 * marked or not, so it is marked k either way, with no branch. */
typedef struct split_marks {
    const sb_graph *g;
    uint32_t *of;
    uint32_t k;                  /* the component being walked */
} split_marks;

static inline __attribute__((always_inline)) void split_expand(sb_component_walker *w, void *ctx,
                                                               uint64_t node, uint64_t from)
{
    const split_marks *s = ctx;
    const sb_graph *g = s->g;
    uint32_t *of = s->of, k = s->k, x = (uint32_t)node;
    for (size_t j = g->start[x]; j < g->start[x + 1]; j++) {
        uint32_t y = g->adj[j];
        if (y == from) {   /* the move back: marked */
            sbi_walk_edge(w);
            continue;
        }
        bool fresh = of[y] != k;
        of[y] = k;
        sbi_walk_meet(w, y, x, fresh);
    }
}

bool sbi_graph_split(const sb_graph *g, sb_parts *parts)
{
    memset(parts, 0, sizeof *parts);
    sb_meter *m = g->meter;
    parts->meter = m;
    parts->nodes = g->n;
    parts->of = sbi_meter_calloc(m, g->n, sizeof *parts->of);
    if (!parts->of)
        return false;
    size_t most = 0;
    for (uint32_t i = 0; i < g->n; i++) {
        parts->of[i] = UINT32_MAX;
        if (g->start[i + 1] - g->start[i] > most)
            most = g->start[i + 1] - g->start[i];
    }
    split_marks marks = { g, parts->of, 0 };
    sb_component_walker w;
    sbi_walk_init(&w, m, most, NULL);
    sbi_meter_phase(m, "splitting the layouts into components", g->n);
    uint64_t done = 0;   /* nodes in the components so far */
    bool ok = true;
    for (uint32_t id = 0; id < g->n && ok; id++) {
        if (parts->of[id] != UINT32_MAX)
            continue;
        marks.k = (uint32_t)parts->n;
        parts->of[id] = marks.k;
        ok = sbi_walk_seed(&w, id, done) && sbi_walk_run(&w, split_expand, &marks, SIZE_MAX) &&
             sbi_array_reserve(m, &parts->list, &parts->list_cap, parts->n + 1,
                               sizeof *parts->list) &&
             sbi_array_reserve(m, &parts->first, &parts->first_cap, parts->n + 1,
                               sizeof *parts->first);
        if (ok) {
            parts->first[parts->n] = id;
            parts->list[parts->n++] = (sb_component){ w.found, 0, 0 };
            done += w.found;
        }
    }
    sbi_walk_free(&w);
    if (ok)
        sbi_meter_phase(m, NULL, 0);   /* what follows says its own, or is a search */
    return ok;
}

void sbi_parts_free(sb_parts *parts)
{
    if (parts->meter) {
        sbi_meter_free(parts->meter, parts->of, (size_t)parts->nodes * sizeof *parts->of);
        sbi_array_free(parts->meter, &parts->list, &parts->list_cap, sizeof *parts->list);
        sbi_array_free(parts->meter, &parts->first, &parts->first_cap, sizeof *parts->first);
    }
    memset(parts, 0, sizeof *parts);
}

static int compare_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Copies the component of start into w->local, renumbered in BFS order,
 * and with orbits, its nodes grouped by orbit. */
static void localize(const sb_graph *g, sb_sweep *w, uint32_t start)
{
    unsigned ecc;
    uint32_t n = bfs(g, w, start, &ecc);
    sb_graph *local = &w->local;
    sbi_sweep_reset(w, n);
    for (uint32_t k = 0; k < n; k++)
        w->map[w->queue[k]] = k;
    size_t m = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t x = w->queue[k];
        local->start[k] = m;
        for (size_t j = g->start[x]; j < g->start[x + 1]; j++)
            local->adj[m++] = w->map[g->adj[j]];
    }
    local->start[n] = m;
    local->n = n;
    if (!w->orbit)
        return;
    for (uint32_t k = 0; k < n; k++)
        w->peers[k] = (uint64_t)w->orbit[w->queue[k]] << 32 | k;
    qsort(w->peers, n, sizeof *w->peers, compare_u64);
    for (uint32_t i = 0; i < n; i++)
        w->peer_at[(uint32_t)w->peers[i]] = i;
}

/* Every node of v's orbit has v's eccentricity: bounds meet for all. */
static void settle(sb_sweep *w, uint32_t v, unsigned ecc, uint32_t n)
{
    uint32_t at = w->peer_at[v], first = at, orbit = (uint32_t)(w->peers[at] >> 32);
    while (first > 0 && (uint32_t)(w->peers[first - 1] >> 32) == orbit)
        first--;
    for (uint32_t i = first; i < n && (uint32_t)(w->peers[i] >> 32) == orbit; i++) {
        uint32_t x = (uint32_t)w->peers[i];
        w->lo[x] = w->hi[x] = ecc;
    }
}

/* The exact diameter of a connected graph by bounding eccentricities
 * (see the file comment): lo/hi bound each node's eccentricity, and the
 * candidates are the nodes whose upper bound could still beat the best
 * lower bound. */
static unsigned connected_diameter(const sb_graph *g, sb_sweep *w)
{
    unsigned ecc;
    uint32_t n = g->n, *cand = w->order, ncand = n;
    if (n <= 2)
        return n - 1;
    for (uint32_t k = 0; k < n; k++) {
        cand[k] = k;
        w->lo[k] = 0;
        w->hi[k] = UINT32_MAX;
        /* A node beside every other has eccentricity 1 (a move never
         * repeats a child).  Under line and piece moves a lone piece's
         * row is a clique, where no sweep bounds another node below 2:
         * without this, one sweep per node. */
        if (g->start[k + 1] - g->start[k] == (size_t)n - 1)
            w->lo[k] = w->hi[k] = 1;
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
        if (w->orbit)
            settle(w, v, ecc, n);
        sbi_sweep_reset(w, n);
        /* Keep the candidates that could still raise lb; pick the next,
         * alternating periphery (raises lb) and centre (lowers every hi). */
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

unsigned sbi_graph_diameter(const sb_graph *g, sb_sweep *w, uint32_t start)
{
    localize(g, w, start);
    w->runs = 0;
    /* The local graph's sweeps use w's scratch too: its ids are below n. */
    return connected_diameter(&w->local, w);
}
