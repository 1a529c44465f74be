/*
 * components.c - every layout of a piece set, split into the
 * components that moves connect, with each component's exact diameter
 * (sb_components); sbi_map_pieces does the work, for sb_family too.
 *
 * The steps, each in its own file: enumerate the layouts as keys of the
 * space that moves them (layouts.c): the bitboard for plain rectangles
 * on a tray whose image fits a word, the general board for anything else
 * (any shape, walls, marked and one-axis pieces); link them with that
 * space's moves under the metric asked for, split the graph into
 * components and measure their diameters (graph.c).  Without diameters
 * the unit metric links them: fewest edges, and the components are the
 * same under every metric (a move of any metric is a run of one-cell
 * steps of one piece, each a move itself, and every move can be undone).
 * Mirror-image components share a diameter, so only the first of each
 * set of reflections is measured.  With the source puzzle's goal (the
 * census), one breadth-first search from every goal layout at once gives
 * each layout its distance to the nearest goal layout of its component,
 * and so each component's hardest start.
 *
 * Invariants: ids 0..layouts-1 are the layouts in enumeration order, and
 * the space's own key of the first layout is the enumerated one
 * (checked), so keys mean the same thing to both.
 */
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "explore/explore.h"
#include "search/setup.h"

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

/* Measures the diameter of every component in parts, in place. */
static void measure(sb_layouts *l, sb_scratch *scratch, const sb_store *st, const sb_graph *g,
                    sb_sweep *w, sb_parts *parts, sb_block *blocks)
{
    sbi_meter_phase(w->meter, "measuring the components' diameters", parts->n);
    for (size_t c = 0; c < parts->n; c++) {
        w->meter->done = c;
        size_t twin = sbi_layout_twin(l, scratch, st, parts->of, parts->first[c], blocks);
        /* A relabelling of marked pieces maps a whole component onto the
         * component of the orbit's first layout. */
        if (w->orbit && parts->of[w->orbit[parts->first[c]]] < twin)
            twin = parts->of[w->orbit[parts->first[c]]];
        if (twin < c) {   /* a mirror image, or relabelled: same diameter */
            parts->list[c].diameter = parts->list[twin].diameter;
            continue;
        }
        parts->list[c].diameter = sbi_graph_diameter(g, w, parts->first[c]);
        parts->list[c].sweeps = w->runs;
    }
    if (!w->stopped)
        sbi_meter_phase(w->meter, NULL, 0);
}

/* With pc's goal: sets each component's goal_layouts and hardest, and
 * hard[c] to the first layout (by id) of component c at that distance,
 * by one search from every goal layout at once (a move never leaves a
 * component, so the nearest goal is in the layout's own).  false when
 * the meter stopped the search. */
static bool hardest_starts(const sb_space *sp, sb_scratch *scratch, const sb_store *st,
                           const sb_graph *g, sb_sweep *w, sb_parts *parts, uint32_t *hard)
{
    uint32_t ngoals = 0;
    uint32_t *src = sbi_meter_calloc(w->meter, (size_t)g->n + 1, sizeof *src);
    if (!src)
        return false;
    for (size_t c = 0; c < parts->n; c++) {
        parts->list[c].hardest = SB_DISTANCE_NONE;
        hard[c] = parts->first[c];
    }
    for (uint32_t id = 0; id < g->n; id++)
        if (sp->ops->is_goal(sp, scratch, st->ops->key(st, id))) {
            src[ngoals++] = id;
            parts->list[parts->of[id]].goal_layouts++;
        }
    unsigned ecc;
    uint32_t reached = sbi_graph_bfs(g, w, src, ngoals, &ecc);
    sbi_meter_free(w->meter, src, ((size_t)g->n + 1) * sizeof *src);
    for (uint32_t id = 0; id < g->n; id++) {
        int32_t d = w->dist[id];
        sb_component *c = &parts->list[parts->of[id]];
        if (d >= 0 && (c->hardest == SB_DISTANCE_NONE || (uint32_t)d > c->hardest)) {
            c->hardest = (uint32_t)d;
            hard[parts->of[id]] = id;
        }
    }
    sbi_sweep_reset(w, reached);
    return !w->stopped;
}

/* The key of component c's first layout (ctx: what holds it). */
typedef const void *(*seed_fn)(const void *ctx, size_t c);

static const void *graph_seed(const void *ctx, size_t c)
{
    const sb_parts *parts = ((const void *const *)ctx)[0];
    const sb_store *st = ((const void *const *)ctx)[1];
    return st->ops->key(st, parts->first[c]);
}

/* The key of component c's hardest start (graph_seed's ctx, then hard). */
static const void *hard_seed(const void *ctx, size_t c)
{
    const sb_store *st = ((const void *const *)ctx)[1];
    const uint32_t *hard = ((const void *const *)ctx)[2];
    return st->ops->key(st, hard[c]);
}

static const void *ranked_seed(const void *ctx, size_t c)
{
    return &((const sb_ranked_parts *)ctx)->seed[c];
}

/* Fills res's components from list (n of them, in discovery order),
 * largest first, with each one's first layout (seed) as its example when
 * res->examples is set.  Equal sizes keep discovery order: qsort is not
 * stable, so the index is the tie-break. */
static bool rank_parts(const sb_component *list, size_t n, size_t init_comp,
                       const sb_space *sp, sb_scratch *scratch, seed_fn seed,
                       const void *seed_ctx, sb_piece_map *res)
{
    ranked *rank = malloc(n * sizeof *rank + 1);
    res->components = malloc(n * sizeof *res->components + 1);
    if (!rank || !res->components) {
        free(rank);
        return false;
    }
    for (size_t c = 0; c < n; c++)
        rank[c] = (ranked){ list[c].size, (uint32_t)c };
    qsort(rank, n, sizeof *rank, by_size);
    for (size_t k = 0; k < n; k++) {
        SB_ASSERT(k == 0 || rank[k].size <= rank[k - 1].size);   /* largest first */
        uint32_t c = rank[k].index;
        res->components[k] = list[c];
        if (c == init_comp)
            res->init_component = k;
        if (res->examples)
            sp->ops->decode(sp, scratch, seed(seed_ctx, c), res->examples + k * res->nblocks);
        if (res->hardest)
            sp->ops->decode(sp, scratch, hard_seed(seed_ctx, c), res->hardest + k * res->nblocks);
    }
    res->ncomponents = n;
    free(rank);
    return true;
}

/* The components, examples and INIT's component of res, from either
 * path's list, counted on m before they are made (they can outgrow the
 * graph: a list entry and an example per component).  SB_OK, or SB_ELIMIT
 * at the meter's limit or out of memory. */
static sb_status finish(const sb_component *list, size_t n, size_t init_comp, const sb_space *sp,
                        sb_scratch *scratch, seed_fn seed, const void *seed_ctx, bool examples,
                        bool hardest, sb_meter *m, sb_piece_map *res, sb_error *err)
{
    if (SB_CHECKING) {   /* the walker's components partition the layouts */
        uint64_t sum = 0;
        for (size_t c = 0; c < n; c++) {
            SB_ASSERT(list[c].size > 0);
            sum += list[c].size;
        }
        SB_ASSERT(sum == res->layouts && init_comp < (n ? n : 1));
    }
    size_t each = sizeof *res->components + sizeof(ranked) +
                  ((size_t)examples + hardest) * res->nblocks * sizeof *res->examples;
    if (n > (SIZE_MAX - 1) / each || !sbi_meter_hold(m, n * each))
        return sbi_meter_fail(m, err);
    if (examples)
        res->examples = calloc(n * res->nblocks + 1, sizeof *res->examples);
    if (hardest)
        res->hardest = calloc(n * res->nblocks + 1, sizeof *res->hardest);
    if ((examples && !res->examples) || (hardest && !res->hardest) ||
        !rank_parts(list, n, init_comp, sp, scratch, seed, seed_ctx, res))
        return sbi_fail(err, SB_ELIMIT, "ran out of memory while sorting components");
    return SB_OK;
}

/* The space that moves pc's layouts: opts' choice, auto taking the
 * bitboard whenever it can.  SB_EINPUT when the bitboard was asked for
 * and cannot take them. */
static sb_status choose_path(const sb_pieces *pc, sb_path asked, sb_path *path, sb_error *err)
{
    bool bitboard = sbi_pieces_bitboard(pc);
    *path = asked == SB_PATH_AUTO ? (bitboard ? SB_PATH_BITBOARD : SB_PATH_GENERAL) : asked;
    if (*path != SB_PATH_BITBOARD || bitboard)
        return SB_OK;
    int bits = (2 * pc->rows - 1) * (2 * pc->cols - 1);
    if (bits > 64)
        return sbi_fail_hint(err, SB_EINPUT, SB_HINT_PATH_GENERAL, "layouts are enumerated on "
                             "the bitboard in one 64-bit word, and the %dx%d tray's spaced image "
                             "needs (2*%d-1)*(2*%d-1) = %d bits; the general representation "
                             "takes any tray", pc->rows, pc->cols, pc->rows, pc->cols, bits);
    return sbi_fail_hint(err, SB_EINPUT, SB_HINT_PATH_GENERAL, "layouts are enumerated on the "
                         "bitboard for rectangular blocks that slide both ways, on a tray "
                         "without walls; this puzzle needs the general representation");
}

sb_status sbi_map_pieces(const sb_pieces *pc, sb_metric metric, bool diameters, bool examples,
                         bool hardest, const sb_options *opts, sb_budget *budget,
                         const sb_block *init, size_t ninit, sb_piece_map *res, sb_error *err)
{
    memset(res, 0, sizeof *res);
    size_t nblocks = sbi_pieces_blocks(pc);
    res->nblocks = nblocks;
    sb_path path;
    sb_status status = choose_path(pc, opts->path, &path, err);
    if (status != SB_OK)
        return status;
    /* The meter comes first: the layouts are walked through it before there
     * is a puzzle to set a space up for. */
    sb_setup s;
    sbi_setup_meter(&s, opts);
    sbi_meter_draw_on(&s.meter, budget);
    sb_layouts l;
    sb_store *st = NULL;
    sb_graph g = { 0 };
    sb_sweep w = { 0 };
    sb_parts parts = { 0 };
    sb_ranked_parts cparts = { 0 };
    uint32_t *orbit = NULL, *hard = NULL;
    size_t room = (nblocks + 1) * sizeof(sb_block);
    sb_block *first = sbi_meter_calloc(&s.meter, 1, room);
    sb_block *blocks = sbi_meter_calloc(&s.meter, 1, room);
    bool found = false;
    status = sbi_layouts_init(&l, pc, &s.meter);
    if (status == SB_OK && (!first || !blocks))
        status = SB_ELIMIT;
    if (status == SB_OK)
        status = sbi_layouts_first(&l, first, &found);
    if (status != SB_OK) {
        status = sbi_meter_fail(&s.meter, err);
        goto done;
    }
    if (!found)   /* the pieces do not fit: no layouts, no components */
        goto done;

    /* The space of the first layout moves every layout. */
    sb_puzzle first_puzzle = { pc->rows, pc->cols, nblocks, first, 0, NULL, 0, NULL, NULL };
    if (pc->source) {
        first_puzzle.nshapes = pc->source->nshapes;
        first_puzzle.shapes = pc->source->shapes;
        first_puzzle.walls = pc->source->walls;
        if (hardest) {
            first_puzzle.ngoals = pc->source->ngoals;
            first_puzzle.goals = pc->source->goals;
        }
    }
    status = sbi_setup_space(&s, &first_puzzle, path,
                             diameters || hardest ? metric : SB_METRIC_UNIT, err);
    if (status != SB_OK)
        goto done;
    const sb_space *sp = s.space;
    if (sbi_layouts_bind(&l, sp, path == SB_PATH_BITBOARD) != SB_OK) {
        status = sbi_meter_fail(&s.meter, err);
        goto done;
    }
    if (!diameters && !hardest) {
        /* Sizes only: no table needed (ranked.c), when the set allows. */
        bool taken;
        sbi_meter_phase(&s.meter, "splitting the layouts into components", 0);
        status = sbi_ranked_split(&l, init ? sbi_layouts_key(&l, init, ninit) : NULL,
                                  opts->threads, &cparts, &taken);
        if (status == SB_EINPUT) {
            status = sbi_fail(err, SB_EINPUT, "internal error: INIT is not among the "
                              "enumerated layouts");
            goto done;
        }
        if (status != SB_OK) {
            status = sbi_meter_fail(&s.meter, err);
            goto done;
        }
        bool keys_match = !taken || memcmp(sp->root, &cparts.seed[0], sp->key_size) == 0;
        SB_ASSERT(keys_match);   /* the walk's encoding of a layout is the space's */
        if (!keys_match) {
            status = sbi_fail(err, SB_EINPUT, "internal error: the enumerated image of the "
                              "first layout differs from the bitboard's");
            goto done;
        }
        if (taken) {
            res->layouts = cparts.layouts;
            res->edges = cparts.edges;
            status = finish(cparts.list, cparts.n, init ? cparts.init : 0, sp, s.scratch,
                            ranked_seed, &cparts, examples, false, &s.meter, res, err);
            goto done;
        }
    }
    sbi_meter_phase(&s.meter, "listing the layouts", 0);
    if (sbi_layouts_enumerate(&l, &st) != SB_OK) {
        status = sbi_meter_fail(&s.meter, err);
        goto done;
    }
    res->layouts = st->count;
    bool keys_match = memcmp(sp->root, st->ops->key(st, 0), sp->key_size) == 0;
    SB_ASSERT(keys_match);   /* the walk's encoding of a layout is the space's */
    if (!keys_match) {
        status = sbi_fail(err, SB_EINPUT, "internal error: the enumerated key of the first "
                          "layout differs from the %s's", sb_path_name(path));
        goto done;
    }
    status = sbi_graph_build(sp, s.scratch, st, &g, err);
    if (status != SB_OK)
        goto done;
    res->edges = g.start[g.n];
    if ((diameters && sbi_layout_orbits(&l, s.scratch, st, &orbit) != SB_OK) ||
        ((diameters || hardest) && !sbi_sweep_init(&w, &g, diameters, orbit)) ||
        !sbi_graph_split(&g, &parts)) {
        status = sbi_meter_fail(&s.meter, err);
        goto done;
    }
    if (diameters)
        measure(&l, s.scratch, st, &g, &w, &parts, blocks);
    if (hardest) {
        hard = sbi_meter_calloc(&s.meter, parts.n + 1, sizeof *hard);
        if (!hard || !hardest_starts(sp, s.scratch, st, &g, &w, &parts, hard)) {
            status = sbi_meter_fail(&s.meter, err);
            goto done;
        }
    }
    if (w.stopped) {
        status = sbi_meter_fail(&s.meter, err);
        goto done;
    }
    uint32_t init_comp = 0;
    if (init) {
        const void *key = sbi_layouts_key(&l, init, ninit);
        uint32_t id = key ? st->ops->find(st, key, sp->ops->hash(sp, key)) : SB_NO_NODE;
        if (id == SB_NO_NODE) {
            status = sbi_fail(err, SB_EINPUT, "internal error: INIT is not among the "
                              "enumerated layouts");
            goto done;
        }
        init_comp = parts.of[id];
    }
    const void *graph[3] = { &parts, st, hard };
    status = finish(parts.list, parts.n, init_comp, sp, s.scratch, graph_seed, graph, examples,
                    hardest, &s.meter, res, err);
done:
    sbi_ranked_parts_free(&cparts);
    if (hard)
        sbi_meter_free(&s.meter, hard, (parts.n + 1) * sizeof *hard);
    res->peak = s.meter.peak;
    sbi_parts_free(&parts);
    sbi_sweep_free(&w);
    sbi_meter_free(&s.meter, orbit, orbit ? (size_t)res->layouts * sizeof *orbit : 0);
    sbi_graph_free(&g);
    if (st)
        st->ops->free(st);
    sbi_layouts_free(&l);
    sbi_meter_free(&s.meter, first, first ? room : 0);
    sbi_meter_free(&s.meter, blocks, blocks ? room : 0);
    sbi_setup_end(&s);
    if (status != SB_OK) {
        free(res->components);
        free(res->examples);
        free(res->hardest);
        memset(res, 0, sizeof *res);
    }
    return status;
}

sb_status sb_components(const sb_puzzle *p, const sb_options *opts, bool diameters,
                        sb_components_report *out, sb_error *err)
{
    sb_options defaults;
    sb_status bad = sbi_call_check("sb_components", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sbi_options_or_default(opts, &defaults);
    double t0 = sbi_clock();
    sb_pieces pc;
    sb_piece_map res;
    sb_status status = sbi_pieces_of(p, &pc, err);
    if (status == SB_OK)
        status = sbi_map_pieces(&pc, opts->metric, diameters, true, false, opts, NULL,
                                p->blocks, p->nblocks, &res, err);
    if (status != SB_OK)
        return status;
    *out = (sb_components_report){
        .metric = opts->metric, .diameters = diameters, .layouts = res.layouts,
        .edges = res.edges, .ncomponents = res.ncomponents, .components = res.components,
        .nblocks = res.nblocks, .examples = res.examples, .init_component = res.init_component,
        .peak_bytes = res.peak, .seconds = sbi_clock() - t0
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
