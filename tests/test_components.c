/*
 * test_components.c - the component walker (engine/explore/walk.h) on its
 * own, and the three paths that map a piece set's components with it,
 * against a brute force written here that shares nothing with the engine
 * but slide.h's types and the picture reader.
 *
 * The walker.  Random undirected graphs (scattered edges, chains, dense
 * clumps) walked from every node not yet marked, in id order, alone and
 * by crews of 2 to 4 walkers sharing a component as soon as a stack holds
 * 1, 2 or 8 nodes (marks then an atomic exchange): each component's size
 * and edges must be the union-find's, in order of lowest id, whatever the
 * crew; every node is marked; the meter gets back every byte; and a
 * states limit stops the walk exactly when the nodes pass it, alone or
 * shared, with the states limit named.
 *
 * The paths.  Random pictures (1xN and Nx1 trays among them, walls, L and
 * T pieces, marked, grouped and one-axis pieces, sometimes a goal), and
 * the classic Klotski tray: the brute force enumerates the layouts piece
 * by piece (not cell by cell, as the engine does), sorts them into the
 * engine's enumeration order (cells in row-major order, each empty or the
 * anchor of a class, empty first: a layout is a word of cell codes, and
 * the order is the words'), links them with single steps (unit), runs in
 * one direction (line) and everywhere a lifted piece can go (piece),
 * labels components with a union-find and measures every layout's
 * distance to the nearest goal layout with a breadth-first search from
 * all of them.  Against it, wherever each path applies:
 *   - the graph path (sbi_map_pieces on the general board, and on the
 *     bitboard with a goal): layouts, edges, the components largest first
 *     (ties in enumeration order), each one's first layout, goal layouts,
 *     hardest start and its distance, INIT's component;
 *   - the ranked path (sbi_ranked_split, plain rectangles on the 64-bit
 *     bitboard, with 1 and 3 threads): layouts, edges, the components in
 *     enumeration order of their first layout, each first layout, INIT's;
 *   - the line path (sbi_lines_map, one-axis pieces one cell thick): the
 *     same as the graph path's, and its totals (all, goal components,
 *     largest, hardest moves).
 * tests/test_family.c compares the public calls end to end; this is the
 * walker's and the paths' own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "explore/walk.h"
#include "search/setup.h"

#include "unit.h"

/* ---- the walker on random graphs --------------------------------------- */

typedef struct tgraph {
    uint32_t n;
    uint32_t *start;             /* n + 1 offsets into adj */
    uint32_t *adj;
    uint32_t *mark;              /* 1 once a walk met the node */
    size_t most;                 /* the largest degree */
} tgraph;

/* A random graph of n nodes: scattered edges (kind 0), chains (1) or
 * clumps of up to 40 nodes with many edges each (2). */
static void random_graph(unit_rng *rng, tgraph *g, uint32_t n, int kind)
{
    uint32_t m = kind == 0 ? n * 2 / 3 : kind == 1 ? n : n * 4;
    uint32_t *eu = unit_alloc(((size_t)m + 1) * sizeof *eu);
    uint32_t *ev = unit_alloc(((size_t)m + 1) * sizeof *ev);
    uint32_t e = 0;
    for (uint32_t i = 0; i < m; i++) {
        uint32_t u = (uint32_t)unit_below(rng, (int)n), v;
        if (kind == 1)
            v = u + 1 < n && unit_below(rng, 9) ? u + 1 : (uint32_t)unit_below(rng, (int)n);
        else if (kind == 2)
            v = u / 40 * 40 + (uint32_t)unit_below(rng, 40);
        else
            v = (uint32_t)unit_below(rng, (int)n);
        if (v < n && v != u) {
            eu[e] = u;
            ev[e++] = v;
        }
    }
    g->n = n;
    g->start = unit_alloc(((size_t)n + 1) * sizeof *g->start);
    g->adj = unit_alloc(((size_t)2 * e + 1) * sizeof *g->adj);
    g->mark = unit_alloc(((size_t)n + 1) * sizeof *g->mark);
    for (uint32_t i = 0; i < e; i++) {
        g->start[eu[i]]++;
        g->start[ev[i]]++;
    }
    g->most = 0;
    uint32_t at = 0;
    for (uint32_t x = 0; x < n; x++) {
        uint32_t d = g->start[x];
        g->most = d > g->most ? d : g->most;
        g->start[x] = at;
        at += d;
    }
    g->start[n] = at;
    uint32_t *fill = unit_alloc(((size_t)n + 1) * sizeof *fill);
    memcpy(fill, g->start, (size_t)n * sizeof *fill);
    for (uint32_t i = 0; i < e; i++) {
        g->adj[fill[eu[i]]++] = ev[i];
        g->adj[fill[ev[i]]++] = eu[i];
    }
    free(fill);
    free(eu);
    free(ev);
}

static void graph_free(tgraph *g)
{
    free(g->start);
    free(g->adj);
    free(g->mark);
}

static uint32_t uf_find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* The brute force: each node's component (numbered by lowest id), their
 * sizes and edges (degrees summed). */
static size_t graph_components(const tgraph *g, uint64_t *size, uint64_t *edges)
{
    uint32_t *parent = unit_alloc(((size_t)g->n + 1) * sizeof *parent);
    uint32_t *number = unit_alloc(((size_t)g->n + 1) * sizeof *number);
    for (uint32_t x = 0; x < g->n; x++)
        parent[x] = x;
    for (uint32_t x = 0; x < g->n; x++)
        for (uint32_t j = g->start[x]; j < g->start[x + 1]; j++) {
            uint32_t a = uf_find(parent, x), b = uf_find(parent, g->adj[j]);
            parent[a < b ? b : a] = a < b ? a : b;
        }
    size_t k = 0;
    for (uint32_t x = 0; x < g->n; x++) {
        uint32_t r = uf_find(parent, x);
        if (r == x) {
            number[x] = (uint32_t)k;
            size[k] = edges[k] = 0;
            k++;
        }
        size[number[r]]++;
        edges[number[r]] += g->start[x + 1] - g->start[x];
    }
    free(parent);
    free(number);
    return k;
}

/* Marks each neighbour of node and hands it to the walker: plainly, or
 * with an atomic exchange when walkers share the graph. */
static inline __attribute__((always_inline)) void expand_graph(sb_component_walker *w, void *ctx,
                                                               uint64_t node, bool atomic)
{
    tgraph *g = ctx;
    for (uint32_t j = g->start[node]; j < g->start[node + 1]; j++) {
        uint32_t y = g->adj[j];
        bool fresh;
        if (atomic) {
            fresh = __atomic_exchange_n(&g->mark[y], 1, __ATOMIC_RELAXED) == 0;
        } else {
            fresh = g->mark[y] == 0;
            g->mark[y] = 1;
        }
        sbi_walk_meet(w, y, node, fresh);
    }
}

static inline __attribute__((always_inline)) void expand_plain(sb_component_walker *w, void *ctx,
                                                               uint64_t node, uint64_t from)
{
    (void)from;
    expand_graph(w, ctx, node, false);
}

static inline __attribute__((always_inline)) void expand_atomic(sb_component_walker *w, void *ctx,
                                                                uint64_t node, uint64_t from)
{
    (void)from;
    expand_graph(w, ctx, node, true);
}

static bool run_atomic(sb_component_walker *w)
{
    return sbi_walk_run_shared(w, expand_atomic);
}

/* Walks every component of g with a crew of `threads` walkers that share
 * a stack of `split` nodes; sizes and edges into size/edges.  The number
 * walked, or SIZE_MAX when a limit stopped it (m->hit says which; *done:
 * the nodes in the components finished). */
static size_t walk_graph(tgraph *g, sb_meter *m, unsigned threads, size_t split,
                         uint64_t *size, uint64_t *edges, uint64_t *done)
{
    sb_walk_crew crew;
    sb_component_walker walkers[4];
    CHECK(sbi_walk_crew_init(&crew, threads, run_atomic) && crew.n == threads);
    for (unsigned k = 0; k < crew.n; k++) {
        sbi_walk_init(&walkers[k], m, g->most, g);
        crew.w[k] = &walkers[k];
    }
    memset(g->mark, 0, (size_t)g->n * sizeof *g->mark);
    size_t n = 0;
    bool ok = true;
    *done = 0;
    for (uint32_t x = 0; x < g->n && ok; x++) {
        if (g->mark[x])
            continue;
        g->mark[x] = 1;
        sb_component_walker *w = &walkers[0];
        ok = sbi_walk_seed(w, x, *done) &&
             sbi_walk_run(w, expand_plain, g, threads > 1 ? split : SIZE_MAX) &&
             (w->depth == 0 || sbi_walk_share(&crew));
        if (ok) {
            size[n] = w->found;
            edges[n++] = w->edges;
            *done += w->found;
        }
    }
    for (unsigned k = 0; k < crew.n; k++)
        sbi_walk_free(&walkers[k]);
    sbi_walk_crew_free(&crew);
    return ok ? n : SIZE_MAX;
}

static void check_walker(void)
{
    unit_rng rng = { 0x77a1c0deu };
    static const uint32_t sizes[] = { 1, 2, 7, 60, 500, 3000 };
    static const size_t splits[] = { 1, 2, 8 };
    int graphs = 0, limited = 0;
    for (int kind = 0; kind < 3; kind++)
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            tgraph g;
            random_graph(&rng, &g, sizes[si], kind);
            uint64_t *want = unit_alloc(((size_t)g.n + 1) * 2 * sizeof *want);
            uint64_t *got = unit_alloc(((size_t)g.n + 1) * 2 * sizeof *got);
            size_t k = graph_components(&g, want, want + g.n + 1);
            for (unsigned threads = 1; threads <= 4; threads++)
                for (size_t sp = 0; sp < sizeof splits / sizeof *splits; sp++) {
                    sb_meter m;
                    sbi_meter_init(&m, NULL);
                    uint64_t done;
                    size_t n = walk_graph(&g, &m, threads, splits[sp], got, got + g.n + 1,
                                          &done);
                    bool same = n == k;
                    for (size_t c = 0; same && c < k; c++)
                        same = got[c] == want[c] && got[g.n + 1 + c] == want[g.n + 1 + c];
                    uint32_t unmarked = 0;
                    for (uint32_t x = 0; x < g.n; x++)
                        unmarked += g.mark[x] == 0;
                    CHECK_MSG(same && unmarked == 0 && m.held == 0,
                              "graph kind %d of %u nodes, %u walkers, split %zu: %zu components "
                              "(want %zu), %u unmarked, %zu bytes held", kind, g.n, threads,
                              splits[sp], n, k, unmarked, m.held);
                    if (threads > 1 && sp > 0)
                        continue;
                    /* A states limit: the walk stops exactly when it passes. */
                    sb_options opts;
                    sb_options_default(&opts);
                    opts.limits.max_states = (uint64_t)unit_below(&rng, (int)g.n + 2);
                    sbi_meter_init(&m, &opts);
                    n = walk_graph(&g, &m, threads, splits[sp], got, got + g.n + 1, &done);
                    bool over = opts.limits.max_states && opts.limits.max_states < g.n;
                    CHECK_MSG(over ? n == SIZE_MAX && m.hit == SB_LIMIT_STATES &&
                                         done <= opts.limits.max_states
                                   : n == k && m.hit == SB_LIMIT_NONE,
                              "graph kind %d of %u nodes, %u walkers, states limit %llu: %s",
                              kind, g.n, threads, (unsigned long long)opts.limits.max_states,
                              n == SIZE_MAX ? "stopped" : "finished");
                    limited += over;
                }
            free(want);
            free(got);
            graph_free(&g);
            graphs++;
        }
    printf("walker: %d random graphs, %d walks stopped by a states limit\n", graphs, limited);
    CHECK(graphs == 18 && limited > 0);
}

/* ---- piece sets, by brute force ---------------------------------------- */

enum { MAX_CELLS = 25, MAX_KINDS = 16, MAX_GOALS = 8 };

/* Cell codes of a layout: 0 empty, 1 + class at a piece's anchor, and
 * two codes that never decide an order (two layouts alike up to a cell
 * cover it alike: a piece covers no cell before its anchor). */
enum { COVERED = 0xfe, WALL = 0xff };

/* A class: cells relative to the anchor (the first cell in row-major
 * order), axis, group, and how many pieces of it. */
typedef struct kind {
    int n;
    int dr[MAX_CELLS], dc[MAX_CELLS];
    sb_axis axis;
    int group;
    int count;
} kind;

/* Every layout of a piece set, and what the brute force knows of it. */
typedef struct brute {
    int rows, cols, ncells;
    uint8_t wall[MAX_CELLS];
    int nkinds;
    kind kinds[MAX_KINDS];
    int ngoals;                  /* distinct goal entries; -1: one names no class */
    int goal_kind[MAX_GOALS], goal_cell[MAX_GOALS];
    size_t n, cap;
    uint8_t *codes;              /* n * ncells, sorted: enumeration order */
    uint32_t *comp;              /* per layout: its component */
    size_t ncomps;
    uint64_t *size, *goals;      /* per component */
    uint32_t *first;             /* per component: its first layout */
    uint64_t edges[3];           /* per metric (unit, line, piece) */
} brute;

static int layout_ncells;

static int by_code(const void *x, const void *y)
{
    return memcmp(x, y, (size_t)layout_ncells);
}

static const uint8_t *layout(const brute *b, size_t i)
{
    return b->codes + i * (size_t)b->ncells;
}

static size_t find_layout(const brute *b, const uint8_t *code)
{
    layout_ncells = b->ncells;
    const uint8_t *at = bsearch(code, b->codes, b->n, (size_t)b->ncells, by_code);
    return at ? (size_t)(at - b->codes) / (size_t)b->ncells : SIZE_MAX;
}

/* Class k anchored at cell a of code: on the tray, on no wall or piece. */
static bool fits(const brute *b, const uint8_t *code, int k, int a)
{
    const kind *t = &b->kinds[k];
    for (int i = 0; i < t->n; i++) {
        int r = a / b->cols + t->dr[i], c = a % b->cols + t->dc[i];
        if (r < 0 || c < 0 || r >= b->rows || c >= b->cols || code[r * b->cols + c] != 0)
            return false;
    }
    return true;
}

static void put(const brute *b, uint8_t *code, int k, int a, bool on)
{
    const kind *t = &b->kinds[k];
    for (int i = 0; i < t->n; i++)
        code[(a / b->cols + t->dr[i]) * b->cols + a % b->cols + t->dc[i]] =
            on ? (i == 0 ? (uint8_t)(k + 1) : COVERED) : 0;
}

/* Piece by piece: class k's pieces at increasing anchors from `from`,
 * `left` of them still to place. */
static bool place_all(brute *b, uint8_t *code, int k, int left, int from, size_t limit)
{
    if (k == b->nkinds) {
        if (b->n == limit)
            return false;
        unit_reserve(&b->codes, &b->cap, b->n + 1, (size_t)b->ncells);
        memcpy(b->codes + b->n++ * (size_t)b->ncells, code, (size_t)b->ncells);
        return true;
    }
    if (left == 0)
        return place_all(b, code, k + 1, k + 1 < b->nkinds ? b->kinds[k + 1].count : 0, 0,
                         limit);
    for (int a = from; a < b->ncells; a++)
        if (fits(b, code, k, a)) {
            put(b, code, k, a, true);
            bool ok = place_all(b, code, k, left - 1, a + 1, limit);
            put(b, code, k, a, false);
            if (!ok)
                return false;
        }
    return true;
}

/* A block's class in b, read off the cells it covers (sb_block_covers):
 * -1 when none has them, its axis and group. */
static int kind_of(const brute *b, const sb_puzzle *p, const sb_block *blk, kind *t)
{
    memset(t, 0, sizeof *t);
    int ar, ac;
    t->n = unit_block_cells(p, blk, t->dr, t->dc, MAX_CELLS, &ar, &ac);
    t->axis = blk->axis;
    t->group = blk->group;
    for (int k = 0; k < b->nkinds; k++) {
        const kind *u = &b->kinds[k];
        bool same = u->n == t->n && u->axis == t->axis && u->group == t->group;
        for (int i = 0; same && i < t->n; i++)
            same = u->dr[i] == t->dr[i] && u->dc[i] == t->dc[i];
        if (same)
            return k;
    }
    return -1;
}

/* The code of n blocks of p (a layout the engine wrote), or false. */
static bool code_of(const brute *b, const sb_puzzle *p, const sb_block *blocks, size_t n,
                    uint8_t *code)
{
    for (int i = 0; i < b->ncells; i++)
        code[i] = b->wall[i] ? WALL : 0;
    for (size_t i = 0; i < n; i++) {
        kind t;
        int k = kind_of(b, p, &blocks[i], &t);
        int a = blocks[i].row * b->cols + blocks[i].col;
        if (k < 0 || a < 0 || a >= b->ncells || !fits(b, code, k, a))
            return false;
        put(b, code, k, a, true);
    }
    return true;
}

static bool may_go(sb_axis axis, int d)
{
    return axis == SB_AXIS_ANY || (axis == SB_AXIS_COL ? d < 2 : d >= 2);
}

static const int DR[4] = { -1, 1, 0, 0 }, DC[4] = { 0, 0, -1, 1 };

/* The layouts one move of `metric` reaches from layout i, into out
 * (indices, each once per move); how many. */
static size_t moves(const brute *b, size_t i, sb_metric metric, size_t *out)
{
    uint8_t code[MAX_CELLS];
    memcpy(code, layout(b, i), (size_t)b->ncells);
    size_t n = 0;
    for (int a = 0; a < b->ncells; a++) {
        if (code[a] == 0 || code[a] == COVERED || code[a] == WALL)
            continue;
        int k = code[a] - 1;
        put(b, code, k, a, false);
        if (metric == SB_METRIC_PIECE) {
            /* Every anchor the lifted piece reaches by steps. */
            int queue[MAX_CELLS], head = 0, tail = 0;
            bool seen[MAX_CELLS] = { false };
            seen[a] = true;
            queue[tail++] = a;
            while (head < tail) {
                int at = queue[head++];
                for (int d = 0; d < 4; d++) {
                    int r = at / b->cols + DR[d], c = at % b->cols + DC[d];
                    if (!may_go(b->kinds[k].axis, d) || r < 0 || c < 0 || r >= b->rows ||
                        c >= b->cols || seen[r * b->cols + c] ||
                        !fits(b, code, k, r * b->cols + c))
                        continue;
                    seen[r * b->cols + c] = true;
                    queue[tail++] = r * b->cols + c;
                }
            }
            for (int q = 1; q < tail; q++) {
                put(b, code, k, queue[q], true);
                out[n++] = find_layout(b, code);
                put(b, code, k, queue[q], false);
            }
        } else {
            for (int d = 0; d < 4; d++) {
                if (!may_go(b->kinds[k].axis, d))
                    continue;
                for (int t = 1;; t++) {
                    int r = a / b->cols + t * DR[d], c = a % b->cols + t * DC[d];
                    if (r < 0 || c < 0 || r >= b->rows || c >= b->cols ||
                        !fits(b, code, k, r * b->cols + c))
                        break;
                    put(b, code, k, r * b->cols + c, true);
                    out[n++] = find_layout(b, code);
                    put(b, code, k, r * b->cols + c, false);
                    if (metric == SB_METRIC_UNIT)
                        break;
                }
            }
        }
        put(b, code, k, a, true);
    }
    return n;
}

static bool is_goal(const brute *b, size_t i)
{
    if (b->ngoals <= 0)
        return false;
    for (int g = 0; g < b->ngoals; g++)
        if (layout(b, i)[b->goal_cell[g]] != b->goal_kind[g] + 1)
            return false;
    return true;
}

/* Enumerates p's layouts (at most limit; false beyond) and labels their
 * components. */
static bool brute_of(const sb_puzzle *p, brute *b, size_t limit)
{
    memset(b, 0, sizeof *b);
    b->rows = p->rows;
    b->cols = p->cols;
    b->ncells = p->rows * p->cols;
    if (b->ncells > MAX_CELLS)
        return false;
    for (int i = 0; i < b->ncells; i++)
        b->wall[i] = p->walls && p->walls[i];
    for (size_t i = 0; i < p->nblocks; i++) {
        kind t;
        int k = kind_of(b, p, &p->blocks[i], &t);
        if (k < 0) {
            if (b->nkinds == MAX_KINDS)
                return false;
            k = b->nkinds++;
            b->kinds[k] = t;
        }
        b->kinds[k].count++;
    }
    for (size_t g = 0; g < p->ngoals && b->ngoals >= 0; g++) {
        kind t;
        int k = kind_of(b, p, &p->goals[g], &t), cell = p->goals[g].row * p->cols + p->goals[g].col;
        bool dup = false;
        for (int e = 0; e < b->ngoals; e++)
            dup |= b->goal_kind[e] == k && b->goal_cell[e] == cell;
        if (k < 0)
            b->ngoals = -1;
        else if (!dup && b->ngoals < MAX_GOALS) {
            b->goal_kind[b->ngoals] = k;
            b->goal_cell[b->ngoals++] = cell;
        }
    }
    uint8_t code[MAX_CELLS];
    for (int i = 0; i < b->ncells; i++)
        code[i] = b->wall[i] ? WALL : 0;
    if (!place_all(b, code, 0, b->nkinds ? b->kinds[0].count : 0, 0, limit))
        return false;
    layout_ncells = b->ncells;
    qsort(b->codes, b->n, (size_t)b->ncells, by_code);
    /* Components by single steps, numbered by their first layout. */
    uint32_t *parent = unit_alloc((b->n + 1) * sizeof *parent);
    size_t *out = unit_alloc((size_t)4 * MAX_CELLS * MAX_CELLS * sizeof *out);
    for (size_t i = 0; i < b->n; i++)
        parent[i] = (uint32_t)i;
    for (int m = 0; m < 3; m++)
        for (size_t i = 0; i < b->n; i++) {
            size_t k = moves(b, i, (sb_metric)m, out);
            b->edges[m] += k;
            for (size_t j = 0; m == SB_METRIC_UNIT && j < k; j++) {
                uint32_t x = uf_find(parent, (uint32_t)i), y = uf_find(parent, (uint32_t)out[j]);
                parent[x < y ? y : x] = x < y ? x : y;
            }
        }
    b->comp = unit_alloc((b->n + 1) * sizeof *b->comp);
    b->size = unit_alloc((b->n + 1) * sizeof *b->size);
    b->goals = unit_alloc((b->n + 1) * sizeof *b->goals);
    b->first = unit_alloc((b->n + 1) * sizeof *b->first);
    for (size_t i = 0; i < b->n; i++) {
        uint32_t r = uf_find(parent, (uint32_t)i);
        if (r == i) {
            b->first[b->ncomps] = (uint32_t)i;
            b->comp[i] = (uint32_t)b->ncomps++;
        } else {
            b->comp[i] = b->comp[r];
        }
        b->size[b->comp[i]]++;
        b->goals[b->comp[i]] += is_goal(b, i);
    }
    free(parent);
    free(out);
    return true;
}

static void brute_free(brute *b)
{
    free(b->codes);
    free(b->comp);
    free(b->size);
    free(b->goals);
    free(b->first);
}

/* Every layout's distance to the nearest goal layout under metric
 * (UINT32_MAX: none in its component). */
static uint32_t *goal_distances(const brute *b, sb_metric metric)
{
    uint32_t *dist = unit_alloc((b->n + 1) * sizeof *dist);
    size_t *queue = unit_alloc((b->n + 1) * sizeof *queue);
    size_t *out = unit_alloc((size_t)4 * MAX_CELLS * MAX_CELLS * sizeof *out);
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < b->n; i++) {
        dist[i] = is_goal(b, i) ? 0 : UINT32_MAX;
        if (dist[i] == 0)
            queue[tail++] = i;
    }
    while (head < tail) {
        size_t x = queue[head++], k = moves(b, x, metric, out);
        for (size_t j = 0; j < k; j++)
            if (dist[out[j]] == UINT32_MAX) {
                dist[out[j]] = dist[x] + 1;
                queue[tail++] = out[j];
            }
    }
    free(queue);
    free(out);
    return dist;
}

/* One component as a report lists it. */
typedef struct want {
    uint64_t size, goals;
    uint32_t hardest;            /* SB_DISTANCE_NONE without a goal layout */
    size_t first, hard;          /* layouts */
    size_t index;                /* in enumeration order */
} want;

static int by_report(const void *x, const void *y)
{
    const want *a = x, *b = y;
    if (a->size != b->size)
        return a->size > b->size ? -1 : 1;
    return (a->first > b->first) - (a->first < b->first);
}

/* The components in enumeration order (sorted: in the report's), with
 * hardest starts under metric when dist is given. */
static want *wanted(const brute *b, const uint32_t *dist, bool sorted)
{
    want *w = unit_alloc((b->ncomps + 1) * sizeof *w);
    for (size_t c = 0; c < b->ncomps; c++)
        w[c] = (want){ b->size[c], b->goals[c], SB_DISTANCE_NONE, b->first[c], b->first[c], c };
    for (size_t i = 0; dist && i < b->n; i++) {
        want *c = &w[b->comp[i]];
        if (dist[i] != UINT32_MAX && (c->hardest == SB_DISTANCE_NONE || dist[i] > c->hardest)) {
            c->hardest = dist[i];
            c->hard = i;
        }
    }
    if (sorted)
        qsort(w, b->ncomps, sizeof *w, by_report);
    return w;
}

/* The layout index of n blocks the engine wrote, SIZE_MAX when none. */
static size_t index_of(const brute *b, const sb_puzzle *p, const sb_block *blocks, size_t n)
{
    uint8_t code[MAX_CELLS];
    return code_of(b, p, blocks, n, code) ? find_layout(b, code) : SIZE_MAX;
}

/* A map's report (sb_piece_map) against the brute force's components
 * under metric: with a goal (dist), the hardest starts too. */
static void check_map(const char *name, const char *path, const brute *b, const sb_puzzle *p,
                      const sb_piece_map *res, sb_metric metric, const uint32_t *dist,
                      bool edges_unit)
{
    want *w = wanted(b, dist, true);
    uint64_t edges = b->edges[edges_unit ? SB_METRIC_UNIT : metric];
    size_t nb = p->nblocks;
    CHECK_MSG(res->layouts == b->n && res->edges == edges && res->ncomponents == b->ncomps &&
                  res->nblocks == nb,
              "%s, %s path, %s moves: %llu layouts, %llu edges, %zu components (want %zu, %llu, "
              "%zu)", name, path, sb_metric_name(metric), (unsigned long long)res->layouts,
              (unsigned long long)res->edges, res->ncomponents, b->n,
              (unsigned long long)edges, b->ncomps);
    for (size_t c = 0; c < res->ncomponents && c < b->ncomps; c++) {
        const sb_component *got = &res->components[c];
        size_t first = res->examples ? index_of(b, p, res->examples + c * nb, nb) : w[c].first;
        bool same = got->size == w[c].size && first == w[c].first;
        if (dist) {
            size_t hard = index_of(b, p, res->hardest + c * nb, nb);
            same &= got->goal_layouts == w[c].goals && got->hardest == w[c].hardest &&
                    hard == w[c].hard;
        }
        if (!CHECK_MSG(same, "%s, %s path, %s moves: component %zu differs (size %llu, want "
                       "%llu; first %zu, want %zu; hardest %u, want %u)", name, path,
                       sb_metric_name(metric), c, (unsigned long long)got->size,
                       (unsigned long long)w[c].size, first, w[c].first, got->hardest,
                       w[c].hardest))
            break;
    }
    free(w);
}

/* The graph path (components.c on graph.c), on the representation asked. */
static void check_graph(const char *name, const brute *b, const sb_puzzle *p, sb_pieces *pc,
                        sb_path path, sb_metric metric, const uint32_t *dist)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.path = path;
    sb_piece_map res;
    sb_error err;
    bool goal = dist != NULL;
    if (!CHECK_MSG(sbi_map_pieces(pc, metric, false, true, goal, &opts, NULL, p->blocks, p->nblocks,
                                  &res, &err) == SB_OK,
                   "%s: sbi_map_pieces on the %s: %s", name, sb_path_name(path), err.msg))
        return;
    check_map(name, path == SB_PATH_GENERAL ? "graph (board)" : "graph (bitboard)", b, p, &res,
              metric, dist, !goal);
    /* INIT's component, at its place in the report. */
    want *w = wanted(b, NULL, true);
    size_t init = index_of(b, p, p->blocks, p->nblocks);
    CHECK_MSG(init != SIZE_MAX && res.init_component < res.ncomponents &&
                  w[res.init_component].index == b->comp[init],
              "%s: INIT's component on the %s", name, sb_path_name(path));
    free(w);
    free(res.components);
    free(res.examples);
    free(res.hardest);
}

/* The ranked path, called directly as components.c would (the layouts
 * bound to the 64-bit bitboard, unit moves), with `threads` walkers. */
static void check_ranked(const char *name, const brute *b, const sb_puzzle *p,
                         const sb_pieces *pc, unsigned threads)
{
    sb_setup s;
    sb_options opts;
    sb_options_default(&opts);
    sbi_setup_meter(&s, &opts);
    sb_layouts l;
    size_t nb = sbi_pieces_blocks(pc);
    sb_block *first = unit_alloc((nb + 1) * sizeof *first);
    sb_block *blocks = unit_alloc((nb + 1) * sizeof *blocks);
    sb_ranked_parts parts = { 0 };
    sb_error err;
    bool found = false, taken = false;
    bool ok = sbi_layouts_init(&l, pc, &s.meter) == SB_OK &&
              sbi_layouts_first(&l, first, &found) == SB_OK && found;
    sb_puzzle fp = { p->rows, p->cols, nb, first, 0, NULL, 0, NULL, NULL };
    ok = ok && sbi_setup_space(&s, &fp, SB_PATH_BITBOARD, SB_METRIC_UNIT, &err) == SB_OK &&
         sbi_layouts_bind(&l, s.space, true) == SB_OK &&
         sbi_ranked_split(&l, sbi_layouts_key(&l, p->blocks, p->nblocks), threads, &parts,
                          &taken) == SB_OK;
    if (CHECK_MSG(ok && taken, "%s: the ranked path did not map it", name)) {
        bool same = parts.layouts == b->n && parts.edges == b->edges[SB_METRIC_UNIT] &&
                    parts.n == b->ncomps;
        CHECK_MSG(same, "%s, ranked path, %u threads: %llu layouts, %llu edges, %zu components "
                  "(want %zu, %llu, %zu)", name, threads, (unsigned long long)parts.layouts,
                  (unsigned long long)parts.edges, parts.n, b->n,
                  (unsigned long long)b->edges[SB_METRIC_UNIT], b->ncomps);
        for (size_t c = 0; same && c < parts.n; c++) {
            s.space->ops->decode(s.space, s.scratch, &parts.seed[c], blocks);
            size_t at = index_of(b, p, blocks, nb);
            same = parts.list[c].size == b->size[c] && at == b->first[c];
            CHECK_MSG(same, "%s, ranked path, %u threads: component %zu (size %llu, first %zu; "
                      "want %llu, %zu)", name, threads, c, (unsigned long long)parts.list[c].size,
                      at, (unsigned long long)b->size[c], (size_t)b->first[c]);
        }
        size_t init = index_of(b, p, p->blocks, p->nblocks);
        CHECK_MSG(init != SIZE_MAX && parts.init == b->comp[init], "%s, ranked path: INIT's "
                  "component %zu, want %u", name, parts.init, init != SIZE_MAX ? b->comp[init] : 0);
    }
    sbi_ranked_parts_free(&parts);
    sbi_layouts_free(&l);
    sbi_setup_end(&s);
    free(first);
    free(blocks);
}

/* The line path: the same report as the graph path's, and its totals. */
static void check_lines(const char *name, const brute *b, const sb_puzzle *p,
                        const sb_pieces *pc, sb_metric metric, const uint32_t *dist)
{
    sb_options opts;
    sb_options_default(&opts);
    sb_piece_map res;
    sb_error err;
    bool taken;
    bool goal = p->ngoals > 0;
    if (!CHECK_MSG(sbi_lines_map(pc, metric, goal, true, 0, 0, 1, &opts, NULL, &res, &taken, &err) ==
                       SB_OK && taken,
                   "%s: sbi_lines_map: %s", name, taken ? err.msg : "not taken"))
        return;
    check_map(name, "line", b, p, &res, metric, goal ? dist : NULL, false);
    want *w = wanted(b, dist, true);
    uint64_t goal_comps = 0, largest = 0;
    uint32_t hardest = SB_DISTANCE_NONE;
    for (size_t c = 0; c < b->ncomps; c++) {
        goal_comps += w[c].goals > 0;
        largest = w[c].size > largest ? w[c].size : largest;
        if (goal && w[c].hardest != SB_DISTANCE_NONE &&
            (hardest == SB_DISTANCE_NONE || w[c].hardest > hardest))
            hardest = w[c].hardest;
    }
    CHECK_MSG(res.counted && res.all_components == b->ncomps && res.largest == largest &&
                  res.goal_components == (goal ? goal_comps : 0) &&
                  res.hardest_moves == (goal ? hardest : SB_DISTANCE_NONE),
              "%s, line path: totals (%llu components, %llu with a goal, largest %llu, hardest "
              "%u)", name, (unsigned long long)res.all_components,
              (unsigned long long)res.goal_components, (unsigned long long)res.largest,
              res.hardest_moves);
    free(w);
    free(res.components);
    free(res.examples);
    free(res.hardest);
}

/* Every path that takes p, under the line and unit metrics (the piece
 * metric too on the graph). */
static bool check_puzzle(const char *name, const sb_puzzle *p, size_t limit, int *paths)
{
    brute b;
    sb_pieces pc;
    sb_error err;
    if (!brute_of(p, &b, limit)) {
        brute_free(&b);
        return false;
    }
    if (!CHECK_MSG(sbi_pieces_of(p, &pc, &err) == SB_OK, "%s: %s", name, err.msg)) {
        brute_free(&b);
        return true;
    }
    /* The engine numbers classes as the brute force does (first seen
     * first), which the enumeration order follows. */
    bool same = pc.nclasses == b.nkinds;
    for (int k = 0; same && k < pc.nclasses; k++)
        same = (int)pc.count[k] == b.kinds[k].count;
    CHECK_MSG(same, "%s: %d classes, want %d", name, pc.nclasses, b.nkinds);
    bool goal = p->ngoals > 0;
    for (int m = 0; m < 3; m++) {
        sb_metric metric = (sb_metric)m;
        uint32_t *dist = goal ? goal_distances(&b, metric) : NULL;
        check_graph(name, &b, p, &pc, SB_PATH_GENERAL, metric, dist);
        paths[0]++;
        if (sbi_pieces_bitboard(&pc) && goal) {
            check_graph(name, &b, p, &pc, SB_PATH_BITBOARD, metric, dist);
            paths[0]++;
        }
        if (metric != SB_METRIC_PIECE && sbi_lines_takes(&pc)) {
            check_lines(name, &b, p, &pc, metric, dist);
            paths[2]++;
        }
        free(dist);
    }
    if (sbi_ranked_takes(&pc)) {
        check_ranked(name, &b, p, &pc, 1);
        check_ranked(name, &b, p, &pc, 3);
        paths[1]++;
    }
    brute_free(&b);
    return true;
}

/* ---- random pictures ---------------------------------------------------- */

/* The first five are one cell thick (a one-axis piece along its length
 * is the line path's), the first six plain rectangles. */
static const unit_shape SHAPES[] = {
    { 1, { 0 }, { 0 } },                                      /* 1x1 */
    { 2, { 0, 0 }, { 0, 1 } },                                /* 1x2 */
    { 2, { 0, 1 }, { 0, 0 } },                                /* 2x1 */
    { 3, { 0, 0, 0 }, { 0, 1, 2 } },                          /* 1x3 */
    { 3, { 0, 1, 2 }, { 0, 0, 0 } },                          /* 3x1 */
    { 4, { 0, 0, 1, 1 }, { 0, 1, 0, 1 } },                    /* 2x2 */
    { 3, { 0, 1, 1 }, { 0, 0, 1 } },                          /* L trominoes */
    { 3, { 0, 0, 1 }, { 0, 1, 1 } },
    { 3, { 0, 1, 1 }, { 0, -1, 0 } },
    { 4, { 0, 0, 0, 1 }, { 0, 1, 2, 1 } },                    /* T tetrominoes */
    { 4, { 0, 1, 1, 1 }, { 0, -1, 0, 1 } },
};
enum { NSHAPES = sizeof SHAPES / sizeof SHAPES[0] };

/* Kinds of random picture: anything, plain rectangles sliding both ways
 * on a tray without walls (the ranked path's), one-axis pieces one cell
 * thick (the line path's). */
enum { ANY, PLAIN, LINES };

/* Writes a random picture (and maybe a goal) of the given kind. */
static void random_picture(unit_rng *rng, int what, char *text, char *goal)
{
    static const int trays[][2] = { { 1, 4 }, { 1, 7 }, { 4, 1 }, { 6, 1 }, { 2, 3 }, { 3, 3 },
                                    { 2, 4 }, { 3, 4 }, { 4, 3 }, { 4, 4 }, { 2, 5 }, { 3, 5 },
                                    { 5, 3 }, { 4, 5 }, { 5, 4 } };
    int t = unit_below(rng, sizeof trays / sizeof *trays);
    int rows = trays[t][0], cols = trays[t][1], ncells = rows * cols;
    char grid[MAX_CELLS + 1];
    int shape_of[26], axis[26], npieces = 0, left = ncells;
    memset(grid, '.', sizeof grid);
    for (int w = what == PLAIN ? 0 : unit_below(rng, 3); w > 0; w--) {
        int at = unit_below(rng, ncells);
        left -= grid[at] == '.';
        grid[at] = '#';
    }
    int keep = 1 + unit_below(rng, 4);
    for (int tries = 0; tries < 60 && left > keep && npieces < 10; tries++) {
        int s = unit_below(rng, what == LINES ? 5 : what == PLAIN ? 6 : NSHAPES);
        int at = unit_below(rng, ncells);
        const unit_shape *sh = &SHAPES[s];
        if (sh->n > left || !unit_shape_put(grid, rows, cols, sh, at, (char)('A' + npieces)))
            continue;
        /* Axis: 0 along rows, 1 along columns, 2 both ways. */
        int a = what == PLAIN ? 2 : unit_below(rng, 4);
        if (what == LINES)
            a = s == 1 || s == 3 ? 0 : s == 2 || s == 4 ? 1 : unit_below(rng, 2);
        axis[npieces] = a > 2 ? 2 : a;
        shape_of[npieces++] = s;
        left -= sh->n;
    }
    char marked[32] = "", horizontal[32] = "", vertical[32] = "", same[8] = "";
    for (int i = 0; i < npieces; i++) {
        char ch[2] = { (char)('A' + i), 0 };
        if (axis[i] == 0)
            strcat(horizontal, ch);
        else if (axis[i] == 1)
            strcat(vertical, ch);
        if (what != PLAIN && unit_below(rng, 5) == 0)
            strcat(marked, ch);
    }
    for (int i = 0; what == ANY && !same[0] && i < npieces; i++)
        for (int j = i + 1; !same[0] && j < npieces; j++)
            if (shape_of[i] == shape_of[j] && axis[i] == axis[j] && !strchr(marked, 'A' + i) &&
                !strchr(marked, 'A' + j) && unit_below(rng, 3) == 0)
                sprintf(same, "%c%c", 'A' + i, 'A' + j);
    unit_picture(text, grid, rows, cols, marked, horizontal, vertical, same);
    /* A goal, half the time: one piece drawn where it fits. */
    goal[0] = 0;
    if (npieces == 0 || unit_below(rng, 2))
        return;
    int g = unit_below(rng, npieces);
    for (int tries = 0; tries < 40; tries++) {
        /* Drawn on the walls alone, then shown without them. */
        char drawn[MAX_CELLS + 1];
        for (int i = 0; i < ncells; i++)
            drawn[i] = grid[i] == '#' ? '#' : '.';
        if (!unit_shape_put(drawn, rows, cols, &SHAPES[shape_of[g]], unit_below(rng, ncells),
                            (char)('A' + g)))
            continue;
        for (int i = 0; i < ncells; i++)
            drawn[i] = drawn[i] == '#' ? '.' : drawn[i];
        unit_picture(goal, drawn, rows, cols, "", "", "", "");
        return;
    }
}

static bool read_picture(const char *name, const char *text, const char *goal, sb_puzzle *p)
{
    sb_error err;
    return CHECK_MSG(sb_fmt_parse(text, strlen(text), name, goal[0] ? goal : NULL,
                                  strlen(goal), name, SB_FORMAT_PICTURE, NULL, p, &err) == SB_OK,
                     "%s: %s\n%s", name, err.msg, text);
}

static void check_random_pictures(int count)
{
    unit_rng rng = { 0xc0ffee11u };
    int checked = 0, skipped = 0, goals = 0, paths[3] = { 0 };
    char text[512], goal[256], name[64];
    for (int i = 0; i < count; i++) {
        int what = i % 3;
        random_picture(&rng, what, text, goal);
        snprintf(name, sizeof name, "random picture %d", i);
        sb_puzzle p;
        if (!read_picture(name, text, goal, &p))
            continue;
        if (p.nblocks > 0 && check_puzzle(name, &p, 40000, paths)) {
            checked++;
            goals += p.ngoals > 0;
        } else {
            skipped++;
        }
        sb_puzzle_free(&p);
    }
    printf("random pictures: %d checked (%d with a goal), %d skipped; graph %d, ranked %d, "
           "line %d maps compared\n", checked, goals, skipped, paths[0], paths[1], paths[2]);
    CHECK(checked >= count * 3 / 4 && goals > count / 4 && paths[1] > count / 8 &&
          paths[2] > count / 8);
}

/* Two larger sets: Klotski (65,880 layouts, components in mirror pairs
 * and fours), and nine 1x1 pieces and a 1x2 on a 4x4 tray, one component
 * of 24,024 layouts whose walk's stack grows long enough (past ranked.c's
 * SHARE_AT) for the ranked path's crew to share it out. */
static void check_large(void)
{
    sb_puzzle p;
    sb_error err;
    int paths[3] = { 0 };
    if (CHECK_MSG(sb_fmt_read("../puzzles/klotski.init", NULL, SB_FORMAT_AUTO, NULL, &p, &err) ==
                      SB_OK,
                  "klotski: %s", err.msg)) {
        CHECK(check_puzzle("klotski", &p, 100000, paths) && paths[1] == 1);
        sb_puzzle_free(&p);
    }
    const char *open = "ABCD\nEFGH\nIJJ.\n....\n";
    if (read_picture("open tray", open, "", &p)) {
        CHECK(check_puzzle("open tray", &p, 30000, paths) && paths[1] == 2);
        sb_puzzle_free(&p);
    }
}

int main(void)
{
    check_walker();
    check_random_pictures(240);
    check_large();
    return unit_finish("test_components");
}
