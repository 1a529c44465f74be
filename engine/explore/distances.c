/*
 * distances.c - the distance oracle (sb_distances_compute): every
 * configuration INIT reaches, with its distance to the goal.
 *
 * The central idea: the moves of every metric can be undone, so the state
 * graph is undirected and the distance from a configuration to the goal
 * set is the distance from the goal set to it.  One breadth-first search
 * seeded with every reachable goal configuration at once (a partial goal
 * is met by many) gives all of them.  Nothing here is new machinery: the
 * walk from INIT is solving's BFS with nothing to stop at (search/setup.c,
 * the store walker), the links are the layouts' graph (graph.c's CSR) and
 * the backward search is graph.c's sweep with many sources.
 *
 * The store's ids follow the walk, which differs between the bitboard and
 * the general board; the report renumbers configurations in the
 * lexicographic order of their canonical anchor lists (slide.h), so that
 * the numbering is a fact about the puzzle, which a page or a script can
 * rebuild on its own.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "search/setup.h"

/* The slot order of slide.h: each block's class (catalog order is
 * sb_block_class_cmp order), then its anchor cell. */
typedef struct slot {
    int cls;
    uint32_t cell;
} slot;

static int by_slot(const void *x, const void *y)
{
    const slot *a = x, *b = y;
    if (a->cls != b->cls)
        return a->cls < b->cls ? -1 : 1;
    return (a->cell > b->cell) - (a->cell < b->cell);
}

/* Writes each stored configuration's anchors, canonical, into
 * anchors[id * nblocks ...]. */
static bool list_anchors(sb_setup *s, const sb_store *st, uint16_t *anchors)
{
    const sb_catalog *cat = &s->cat;
    size_t n = cat->nblocks;
    sb_block *blocks = sbi_meter_calloc(&s->meter, n + 1, sizeof *blocks);
    slot *slots = sbi_meter_calloc(&s->meter, n + 1, sizeof *slots);
    bool ok = blocks && slots;
    for (uint32_t id = 0; ok && id < st->count; id++) {
        s->space->ops->decode(s->space, s->scratch, st->ops->key(st, id), blocks);
        for (size_t i = 0; i < n; i++)
            slots[i] = (slot){ sbi_catalog_class(cat, &blocks[i]),
                               (uint32_t)blocks[i].row * (uint32_t)cat->cols +
                                   (uint32_t)blocks[i].col };
        qsort(slots, n, sizeof *slots, by_slot);
        for (size_t i = 0; i < n; i++)
            anchors[(size_t)id * n + i] = (uint16_t)slots[i].cell;
        if (sbi_meter_tick(&s->meter, 0) != SB_OK)
            ok = false;
    }
    sbi_meter_free(&s->meter, blocks, blocks ? (n + 1) * sizeof *blocks : 0);
    sbi_meter_free(&s->meter, slots, slots ? (n + 1) * sizeof *slots : 0);
    return ok;
}

static int compare_anchors(const uint16_t *anchors, size_t n, uint32_t a, uint32_t b)
{
    const uint16_t *x = anchors + (size_t)a * n, *y = anchors + (size_t)b * n;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Sorts ids[0..count) by their anchor lists: a bottom-up merge sort,
 * because the order needs the list length and qsort takes no context. */
static bool sort_ids(sb_meter *m, const uint16_t *anchors, size_t n, uint32_t *ids,
                     uint32_t count)
{
    uint32_t *spare = sbi_meter_calloc(m, (size_t)count + 1, sizeof *spare);
    if (!spare)
        return false;
    uint32_t *from = ids, *to = spare;
    for (size_t width = 1; width < count; width *= 2) {
        for (size_t lo = 0; lo < count; lo += 2 * width) {
            size_t mid = lo + width < count ? lo + width : count;
            size_t hi = lo + 2 * width < count ? lo + 2 * width : count;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = compare_anchors(anchors, n, from[j], from[i]) < 0 ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        uint32_t *t = from;
        from = to;
        to = t;
    }
    if (from != ids)
        memcpy(ids, from, (size_t)count * sizeof *ids);
    sbi_meter_free(m, spare, ((size_t)count + 1) * sizeof *spare);
    return true;
}

/* The report's arrays, numbered by store id; renumbered at the end. */
typedef struct work {
    sb_graph g;
    sb_sweep w;
    uint32_t *goals;             /* store ids of the goal configurations */
    uint16_t *anchors;           /* by store id */
} work;

/* Fills out from the walk's store st, whose ids are 0..count-1. */
static sb_status build(sb_setup *s, const sb_store *st, work *k, sb_distances *out,
                       sb_error *err)
{
    sb_meter *m = &s->meter;
    const sb_space *sp = s->space;
    uint32_t count = st->count;
    size_t n = s->cat.nblocks;
    sb_status status = sbi_graph_build(sp, s->scratch, st, &k->g, err);
    if (status != SB_OK)
        return status;
    k->goals = sbi_meter_calloc(m, (size_t)count + 1, sizeof *k->goals);
    k->anchors = sbi_meter_calloc(m, (size_t)count * n + 1, sizeof *k->anchors);
    if (!k->goals || !k->anchors || !sbi_sweep_init(&k->w, &k->g, false, NULL) ||
        !list_anchors(s, st, k->anchors))
        return sbi_meter_fail(m, err);
    /* An empty goal names nothing to reach (as sb_explore reads it), though
     * every configuration satisfies it. */
    uint32_t ngoals = 0;
    for (uint32_t id = 0; id < count && s->cat.ngoals > 0; id++)
        if (sp->ops->is_goal(sp, s->scratch, st->ops->key(st, id)))
            k->goals[ngoals++] = id;
    unsigned farthest;
    sbi_graph_bfs(&k->g, &k->w, k->goals, ngoals, &farthest);
    if (k->w.stopped)
        return sbi_meter_fail(m, err);

    /* Renumber: order[new] = old id, and rank[old] = new (reusing goals). */
    uint32_t *order = sbi_meter_calloc(m, (size_t)count + 1, sizeof *order);
    out->anchors = sbi_meter_calloc(m, (size_t)count * n + 1, sizeof *out->anchors);
    out->distance = sbi_meter_calloc(m, (size_t)count + 1, sizeof *out->distance);
    out->edge_start = sbi_meter_calloc(m, (size_t)count + 1, sizeof *out->edge_start);
    out->edge_to = sbi_meter_calloc(m, k->g.start[count] + 1, sizeof *out->edge_to);
    if (!order || !out->anchors || !out->distance || !out->edge_start || !out->edge_to) {
        sbi_meter_free(m, order, order ? ((size_t)count + 1) * sizeof *order : 0);
        return sbi_meter_fail(m, err);
    }
    for (uint32_t id = 0; id < count; id++)
        order[id] = id;
    if (!sort_ids(m, k->anchors, n, order, count)) {
        sbi_meter_free(m, order, ((size_t)count + 1) * sizeof *order);
        return sbi_meter_fail(m, err);
    }
    uint32_t *rank = k->goals;
    for (uint32_t i = 0; i < count; i++)
        rank[order[i]] = i;
    size_t e = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t id = order[i];
        memcpy(out->anchors + (size_t)i * n, k->anchors + (size_t)id * n, n * sizeof *k->anchors);
        int32_t d = k->w.dist[id];
        out->distance[i] = d < 0 ? SB_DISTANCE_NONE : (uint32_t)d;
        out->edge_start[i] = e;
        for (size_t j = k->g.start[id]; j < k->g.start[id + 1]; j++)
            out->edge_to[e++] = rank[k->g.adj[j]];
    }
    out->edge_start[count] = e;
    out->init = rank[0];
    out->count = count;
    out->goal_count = ngoals;
    out->farthest = ngoals ? farthest : 0;
    sbi_meter_free(m, order, ((size_t)count + 1) * sizeof *order);
    return SB_OK;
}

/* The classes of the catalog, as the report names them. */
static bool list_classes(const sb_catalog *cat, sb_distances *out)
{
    out->nclasses = (size_t)cat->nclasses;
    out->nblocks = cat->nblocks;
    out->pieces = calloc(out->nclasses + 1, sizeof *out->pieces);
    out->class_count = calloc(out->nclasses + 1, sizeof *out->class_count);
    if (!out->pieces || !out->class_count)
        return false;
    for (size_t k = 0; k < out->nclasses; k++) {
        out->pieces[k] = cat->classes[k].proto;
        out->class_count[k] = cat->classes[k].count;
    }
    return true;
}

sb_status sb_distances_compute(const sb_puzzle *p, const sb_options *opts, sb_distances *out,
                               sb_error *err)
{
    sb_options defaults;
    sb_status bad = sbi_call_check("sb_distances_compute", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sbi_options_or_default(opts, &defaults);
    sb_setup s;
    sb_bfs run = { 0 };
    sb_store *st = NULL;
    void *walker = NULL;
    work k = { 0 };
    sb_status status = sbi_setup_begin(&s, p, opts, err);
    if (status == SB_OK) {
        out->metric = opts->metric;
        out->path = s.path;
        out->rows = p->rows;
        out->cols = p->cols;
        const sb_space *sp = s.space;
        if (sbi_setup_store(&s, sp->root, &st) != SB_OK ||
            !(walker = sbi_store_walker_new(&s, st, NULL)) ||
            !list_classes(&s.cat, out)) {
            status = sbi_meter_fail(&s.meter, err);
        } else {
            sbi_bfs_init(&run, &s.meter, false, false, 1,
                         sp->ops->is_goal(sp, s.scratch, sp->root));
            status = sbi_bfs_run(&run, &sbi_store_walker, walker);
            if (status == SB_ELIMIT)
                sbi_meter_fail(&s.meter, err);
            else
                status = build(&s, sbi_store_walker_store(walker), &k, out, err);
        }
        st = NULL;   /* the walker's now, or freed with it */
        out->peak_bytes = s.meter.peak;
        out->seconds = sbi_clock() - s.meter.start;
    }
    if (st)
        st->ops->free(st);
    if (walker)
        sbi_store_walker.free(walker);
    size_t count = k.g.n;
    sbi_sweep_free(&k.w);
    if (k.goals)
        sbi_meter_free(&s.meter, k.goals, (count + 1) * sizeof *k.goals);
    if (k.anchors)
        sbi_meter_free(&s.meter, k.anchors, (count * s.cat.nblocks + 1) * sizeof *k.anchors);
    sbi_graph_free(&k.g);
    sbi_bfs_free(&run);
    sbi_setup_end(&s);
    if (status != SB_OK)
        sb_distances_free(out);
    return status;
}

void sb_distances_free(sb_distances *d)
{
    if (!d)
        return;
    free(d->pieces);
    free(d->class_count);
    free(d->anchors);
    free(d->distance);
    free(d->edge_start);
    free(d->edge_to);
    memset(d, 0, sizeof *d);
}

sb_status sb_distances_move(const sb_distances *d, uint64_t from, uint64_t to, sb_move *move)
{
    if (!d || !move || from >= d->count || to >= d->count || !d->anchors)
        return SB_EINPUT;
    const uint16_t *a = d->anchors + from * d->nblocks, *b = d->anchors + to * d->nblocks;
    long left = -1, arrived = -1;
    size_t at = 0, left_class = 0, arrived_class = 0;
    /* Within each class the anchors are sorted: a merge finds the one cell
     * the piece left and the one it came to. */
    for (size_t k = 0; k < d->nclasses; k++) {
        size_t end = at + d->class_count[k], i = at, j = at;
        while (i < end || j < end) {
            if (i < end && j < end && a[i] == b[j]) {
                i++;
                j++;
            } else if (j >= end || (i < end && a[i] < b[j])) {
                if (left >= 0)
                    return SB_EINPUT;
                left = a[i++];
                left_class = k;
            } else {
                if (arrived >= 0)
                    return SB_EINPUT;
                arrived = b[j++];
                arrived_class = k;
            }
        }
        at = end;
    }
    if (left < 0 || arrived < 0 || left_class != arrived_class || d->cols <= 0)
        return SB_EINPUT;
    *move = (sb_move){ (int)(left / d->cols), (int)(left % d->cols), (int)(arrived / d->cols),
                       (int)(arrived % d->cols) };
    return SB_OK;
}
