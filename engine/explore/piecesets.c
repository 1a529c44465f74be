/*
 * piecesets.c - the census of every piece set (sb_census_piecesets,
 * sb_census_fills): every fill of a tray by pieces of any shape and holes
 * (tilings.c), grouped into members by piece set, each walked with the
 * corner-to-corner goal (corner.c) when asked.
 *
 * The members are dealt by the census's crew (census.c, sbi_census_deal):
 * the same threads, plan (largest first by the words of a piece set),
 * shards, take and skip as the alphabet's census, each member whole.
 * Every result goes to the member's own slot, so the report is the same
 * for any number of threads, shards or processes.
 *
 * Symmetry.  Transposing a square tray (its walls alike across the
 * diagonal) maps the corner-to-corner goal to itself (the upper-left and
 * lower-right cells stay) and a piece set to the set of its transposed
 * shapes, so a member and its transpose have
 * starts and distances alike, but for one thing: when the upper-left
 * cell is a hole, the goal piece is the first in reading order of those
 * whose box covers it, and transposing changes reading order.  Only a
 * piece that misses its box's upper-left cell can have its box cover a
 * hole there, so a member with at most one such piece has no choice to
 * make: it and its transpose are one unit, the first of the two in member
 * order walked and the other given the start transposed (by_symmetry).
 *
 * Invariant: members are in tilings.c's set order, which depends on the
 * spec alone.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/check.h"
#include "explore/corner.h"
#include "explore/tilings.h"

/* One census of every piece set while it runs. */
typedef struct set_census {
    const sb_tilings *t;
    sb_pieceset_report *out;
    const sb_census_hooks *hooks;
    sb_metric metric;
    size_t *partner;             /* per member: the member its unit also gives (its
                                    transpose), or SIZE_MAX */
    pthread_mutex_t lock;        /* guards the failure below */
    sb_status status;            /* the failure of the first member in member order */
    size_t failed_at;
    sb_error err;
} set_census;

static const size_t NO_PARTNER = SIZE_MAX;

/* ---- the spec ---- */

/* The fills' bounds from spec, checked; SB_EINPUT with a message. */
static sb_status bounds_of(const sb_census_spec *spec, sb_tiling_bounds *b, sb_error *err)
{
    if (!spec)
        return sbi_fail(err, SB_EINPUT, "the census of every piece set: spec is NULL");
    if (!sbi_zeroed(spec->reserved, sizeof spec->reserved))
        return sbi_fail(err, SB_EINPUT, "the spec's reserved space is not zero (a field this "
                        "libslide %s does not know)", SLIDE_VERSION);
    if (!spec->any_pieces)
        return sbi_fail(err, SB_EINPUT, "the census of every piece set takes a spec with "
                        "any_pieces set");
    if (spec->nkinds || spec->ngoals || spec->kind_shapes)
        return sbi_fail(err, SB_EINPUT, "every piece set (any_pieces) takes no kinds and no "
                        "goal pieces: its members' pieces are every shape (the corner-to-corner "
                        "goal names the goal piece)");
    if (spec->diameters || spec->keep)
        return sbi_fail(err, SB_EINPUT, "every piece set (any_pieces) maps no components: no "
                        "diameters, nothing to keep");
    if (spec->max_pieces && spec->min_pieces > spec->max_pieces)
        return sbi_fail(err, SB_EINPUT, "pieces %u..%u: the least is more than the most",
                        spec->min_pieces, spec->max_pieces);
    if (spec->corner_goal && !sbi_corner_tray_fits(spec->rows, spec->cols))
        return sbi_fail(err, SB_EINPUT, "the corner-to-corner goal takes trays whose rows, "
                        "with a spare bit each, fit 64 bits; this one is %dx%d", spec->rows,
                        spec->cols);
    *b = (sb_tiling_bounds){ spec->piece_cells, spec->min_pieces, spec->max_pieces,
                             spec->min_empty };
    return SB_OK;
}

sb_status sb_census_fills(const sb_census_spec *spec, const sb_options *opts, uint64_t *fills,
                          uint64_t *by_pieces, sb_error *err)
{
    sb_options defaults;
    if (!fills)
        return sbi_fail(err, SB_EINPUT, "sb_census_fills: fills is NULL");
    *fills = 0;
    sb_tiling_bounds b;
    sb_status status = bounds_of(spec, &b, err);
    if (status != SB_OK)
        return status;
    opts = sbi_options_or_default(opts, &defaults);
    sb_meter m;
    sbi_meter_init(&m, opts);
    sb_tilings t;
    status = sbi_tilings_init(&t, spec->rows, spec->cols, spec->walls, &b, &m, err);
    if (status == SB_OK && by_pieces)
        memset(by_pieces, 0, ((size_t)spec->rows * (size_t)spec->cols + 1) * sizeof *by_pieces);
    if (status == SB_OK)
        status = sbi_tilings_count(&t, fills, by_pieces, err);
    sbi_tilings_free(&t);
    sbi_meter_end(&m);
    return status;
}

/* ---- the members ---- */

/* Member order (tilings.c's): pieces, then the shape lists. */
static int set_cmp(const sb_tilings *t, size_t i, const uint32_t *list, uint32_t n)
{
    uint32_t k = sbi_tilings_pieces(t, i);
    if (k != n)
        return k < n ? -1 : 1;
    const uint32_t *mine = t->set_shapes + t->set_first[i];
    for (uint32_t j = 0; j < n; j++)
        if (mine[j] != list[j])
            return mine[j] < list[j] ? -1 : 1;
    return 0;
}

/* Whether member i's goal piece is never chosen among two (the top):
 * at most one of its pieces misses its box's upper-left cell. */
static bool symmetric_goal(const sb_tilings *t, size_t i)
{
    uint32_t missing = 0;
    for (uint32_t k = t->set_first[i]; k < t->set_first[i + 1]; k++)
        missing += !t->shapes[t->set_shapes[k]].cells[0];
    return missing <= 1;
}

/* The member whose shapes are member i's transposed, or NO_PARTNER (a
 * tray that is not square, or the member itself). */
static size_t transpose_of(const sb_tilings *t, size_t i)
{
    if (!t->transposed)
        return NO_PARTNER;
    uint32_t n = sbi_tilings_pieces(t, i), list[SB_TILING_MAX_CELLS];
    for (uint32_t k = 0; k < n; k++) {   /* insertion sort: a handful */
        uint32_t s = t->transposed[t->set_shapes[t->set_first[i] + k]], j = k;
        for (; j > 0 && list[j - 1] > s; j--)
            list[j] = list[j - 1];
        list[j] = s;
    }
    size_t lo = 0, hi = t->nsets;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = set_cmp(t, mid, list, n);
        if (c == 0)
            return mid == i ? NO_PARTNER : mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    SB_ASSERT(!"a transposed piece set is a piece set");
    return NO_PARTNER;
}

/* Cells in reading order, first: the block's (its box's left column is
 * col minus its anchor offset). */
static sb_block transposed_block(const sb_tilings *t, const sb_block *b)
{
    int left = b->col - sb_block_anchor_offset(&t->source, b);
    if (b->shape == 0) {
        sb_block r = *b;
        r.row = left;
        r.col = b->row;
        r.height = b->width;
        r.width = b->height;
        return r;
    }
    sb_block r = sbi_tilings_block(t, t->transposed[b->shape - 1], left, 0);
    r.col = b->row + sb_block_anchor_offset(&t->source, &r);
    r.group = b->group;
    r.axis = b->axis;
    return r;
}

static int by_anchor(const void *x, const void *y)
{
    const sb_block *a = x, *b = y;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    return (a->col > b->col) - (a->col < b->col);
}

/* A start of n blocks for the report, counted on meter's budget for the
 * rest of the call (sbi_meter_keep).  NULL at the bytes limit or out of
 * memory. */
static sb_block *kept_start(sb_meter *meter, size_t n)
{
    size_t bytes = (n + 1) * sizeof(sb_block);
    if (!sbi_meter_hold(meter, bytes))
        return NULL;
    sb_block *start = malloc(bytes);
    if (start)
        sbi_meter_keep(meter, bytes);
    else
        sbi_meter_release(meter, bytes);
    return start;
}

/* Member `to` gets member `from`'s result, its start transposed. */
static bool give_transposed(set_census *sc, sb_meter *meter, size_t from, size_t to)
{
    const sb_pieceset_member *f = &sc->out->members[from];
    sb_pieceset_member *m = &sc->out->members[to];
    m->hardest_moves = f->hardest_moves;
    m->by_symmetry = true;
    m->nblocks = f->nblocks;
    if (f->start) {
        m->start = kept_start(meter, f->nblocks);
        if (!m->start)
            return false;
        for (size_t k = 0; k < f->nblocks; k++)
            m->start[k] = transposed_block(sc->t, &f->start[k]);
        qsort(m->start, m->nblocks, sizeof *m->start, by_anchor);
    }
    m->mapped = true;
    return true;
}

/* The dealer's map (sbi_dealer): member i's hardest start, and its
 * partner's by symmetry. */
static sb_status walk_set(void *ctx, size_t i, const sb_options *opts, sb_budget *budget,
                          uint64_t *layouts)
{
    set_census *sc = ctx;
    sb_meter m;
    sbi_meter_init(&m, opts);
    sbi_meter_draw_on(&m, budget);
    sb_pieces pc;
    sbi_tilings_set(sc->t, i, &pc);
    sb_corner_result res = { 0 };
    sb_error err = { 0 };
    sb_status status = sbi_corner_hardest(&pc, sc->metric, &m, &res, &err);
    sb_pieceset_member *mem = &sc->out->members[i];
    if (status == SB_OK) {
        mem->hardest_moves = res.moves;
        mem->configurations = res.configurations;
        *layouts = res.configurations;
        if (res.start && res.moves != SB_DISTANCE_NONE) {
            mem->nblocks = res.nblocks;
            mem->start = kept_start(&m, res.nblocks);
            if (mem->start)
                memcpy(mem->start, res.start, res.nblocks * sizeof *mem->start);
            else
                status = sbi_meter_fail(&m, &err);
        }
        mem->mapped = status == SB_OK;
    }
    sbi_corner_result_free(&res, &m);
    size_t p = sc->partner[i];
    if (status == SB_OK && p != NO_PARTNER && !give_transposed(sc, &m, i, p))
        status = sbi_meter_fail(&m, &err);
    sbi_meter_end(&m);
    if (status != SB_OK) {
        pthread_mutex_lock(&sc->lock);
        if (sc->status == SB_OK || i < sc->failed_at) {
            sc->status = status;
            sc->failed_at = i;
            sc->err = err;
        }
        pthread_mutex_unlock(&sc->lock);
    }
    return status;
}

/* The dealer's done: the caller's hook hears of the member and its
 * partner. */
static void set_walked(void *ctx, size_t i)
{
    set_census *sc = ctx;
    const sb_census_hooks *h = sc->hooks;
    if (!h || !h->set_done)
        return;
    h->set_done(h->ctx, i, &sc->out->members[i]);
    if (sc->partner[i] != NO_PARTNER)
        h->set_done(h->ctx, sc->partner[i], &sc->out->members[sc->partner[i]]);
}

/* The report's members and shapes from t's piece sets.  false out of
 * memory. */
static bool list_members(const sb_tilings *t, sb_meter *meter, sb_pieceset_report *out)
{
    size_t bytes = (t->nshapes + 1) * sizeof *out->shapes + (t->nsets + 1) * sizeof *out->members +
                   (t->set_shapes_len + 1) * (sizeof *out->set_shapes + sizeof *out->set_counts);
    for (size_t s = 0; s < t->nshapes; s++)
        bytes += (size_t)(t->shapes[s].height * t->shapes[s].width);
    if (!sbi_meter_hold(meter, bytes))   /* the call's until it returns: then the caller's */
        return false;
    out->nshapes = t->nshapes;
    out->shapes = calloc(t->nshapes + 1, sizeof *out->shapes);
    out->members = calloc(t->nsets + 1, sizeof *out->members);
    out->set_shapes = malloc((t->set_shapes_len + 1) * sizeof *out->set_shapes);
    out->set_counts = malloc((t->set_shapes_len + 1) * sizeof *out->set_counts);
    if (!out->shapes || !out->members || !out->set_shapes || !out->set_counts)
        return false;
    for (size_t s = 0; s < t->nshapes; s++) {
        const sb_shape *sh = &t->shapes[s];
        size_t cells = (size_t)(sh->height * sh->width);
        out->shapes[s] = (sb_shape){ sh->height, sh->width, malloc(cells) };
        if (!out->shapes[s].cells)
            return false;
        memcpy(out->shapes[s].cells, sh->cells, cells);
    }
    out->nmembers = t->nsets;
    size_t at = 0;
    for (size_t i = 0; i < t->nsets; i++) {
        sb_pieceset_member *m = &out->members[i];
        m->first = at;
        for (uint32_t k = t->set_first[i]; k < t->set_first[i + 1]; k++) {
            uint32_t s = t->set_shapes[k];
            if (k > t->set_first[i] && s == t->set_shapes[k - 1]) {
                out->set_counts[at - 1]++;
                continue;
            }
            out->set_shapes[at] = s;
            out->set_counts[at++] = 1;
        }
        m->nshapes = at - m->first;
        m->pieces = sbi_tilings_pieces(t, i);
        m->holes = sbi_tilings_holes(t, i);
        m->fills = t->set_fills[i];
        m->hardest_moves = SB_DISTANCE_NONE;
    }
    out->fills = t->fills;
    return true;
}

/* Walks every member for the corner-to-corner goal through the census's
 * crew.  SB_OK or the first failure in member order. */
static sb_status walk_members(const sb_tilings *t, const sb_options *opts,
                              const sb_census_hooks *hooks, double start, sb_meter *meter,
                              sb_pieceset_report *out, sb_error *err)
{
    size_t n = t->nsets;
    set_census sc = { .t = t, .out = out, .hooks = hooks, .metric = opts->metric };
    size_t bytes = (n + 1) * (sizeof(double) + sizeof(bool) + sizeof(size_t));
    if (!sbi_meter_hold(meter, bytes)) {
        sbi_meter_fail(meter, err);
        return sbi_limit_fail(err, "listing all %zu piece sets, walking none", n);
    }
    double *words = malloc((n + 1) * sizeof *words);
    bool *units = malloc((n + 1) * sizeof *units);
    sc.partner = malloc((n + 1) * sizeof *sc.partner);
    if (!words || !units || !sc.partner || pthread_mutex_init(&sc.lock, NULL) != 0) {
        free(words);
        free(units);
        free(sc.partner);
        sbi_meter_release(meter, bytes);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        const sb_pieceset_member *m = &out->members[i];
        words[i] = sbi_census_words(m->holes, out->set_counts + m->first, (int)m->nshapes);
        units[i] = true;
        sc.partner[i] = NO_PARTNER;
    }
    for (size_t i = 0; i < n; i++) {
        size_t p = symmetric_goal(t, i) ? transpose_of(t, i) : NO_PARTNER;
        if (p != NO_PARTNER && p > i) {
            sc.partner[i] = p;
            units[p] = false;
        }
    }
    sbi_dealer d = { n,         words, units, sc.partner, walk_set, set_walked,
                     &sc,       start, meter->shared };
    sb_status status = sbi_census_deal(&d, opts, hooks, err);
    if (status == SB_OK && sc.status != SB_OK) {
        status = sc.status;
        if (err)
            *err = sc.err;
    }
    /* Any limit or a cancel says what the call finished (a member's meter
     * knows only its own configurations), as the alphabet census does. */
    if (status == SB_ELIMIT && err) {
        size_t walked = 0;
        for (size_t i = 0; i < n; i++)
            walked += out->members[i].mapped;
        if (err->limit == SB_LIMIT_SECONDS && opts->limits.max_seconds > 0)
            err->limit_value = opts->limits.max_seconds;   /* the call's, not a member's */
        sbi_limit_fail(err, "walking %zu of %zu piece sets", walked, n);
    }
    pthread_mutex_destroy(&sc.lock);
    free(words);
    free(units);
    free(sc.partner);
    sbi_meter_release(meter, bytes);
    return status;
}

sb_status sb_census_piecesets(const sb_census_spec *spec, const sb_options *opts,
                              const sb_census_hooks *hooks, sb_pieceset_report *out,
                              sb_error *err)
{
    sb_options defaults;
    sb_status status = sbi_call_check("sb_census_piecesets", out, sizeof *out, opts, err);
    if (status != SB_OK)
        return status;
    if (hooks && !sbi_zeroed(hooks->reserved, sizeof hooks->reserved))
        return sbi_fail(err, SB_EINPUT, "sb_census_piecesets: the hooks' reserved space is not "
                        "NULL (a function this libslide %s does not know)", SLIDE_VERSION);
    if (hooks && hooks->take && opts && opts->nshards > 1)
        return sbi_fail(err, SB_EINPUT, "sb_census_piecesets: hooks->take and opts->nshards "
                        "both split the members; use one");
    sb_tiling_bounds b;
    if ((status = bounds_of(spec, &b, err)) != SB_OK)
        return status;
    opts = sbi_options_or_default(opts, &defaults);
    double t0 = sbi_clock();
    /* One budget for the call: the listing, the report and every member's
     * walk draw on it, so --max-memory bounds them together. */
    sb_budget budget;
    sbi_budget_init(&budget, opts);
    sb_meter m;
    sbi_meter_init(&m, opts);
    sbi_meter_draw_on(&m, &budget);
    sb_tilings t;
    status = sbi_tilings_init(&t, spec->rows, spec->cols, spec->walls, &b, &m, err);
    if (status == SB_OK && (status = sbi_tilings_list(&t, err)) == SB_ELIMIT && err &&
        spec->corner_goal) {   /* the walk comes after the whole listing */
        size_t len = strlen(err->msg);
        snprintf(err->msg + len, sizeof err->msg - len, ", walking none");
    }
    out->rows = spec->rows;
    out->cols = spec->cols;
    out->corner_goal = spec->corner_goal;
    if (status == SB_OK && !list_members(&t, &m, out)) {
        if (m.hit == SB_LIMIT_NONE)
            m.hit = SB_LIMIT_MEMORY;
        sbi_meter_fail(&m, err);
        status = sbi_limit_fail(err, "listing all %zu piece sets%s", t.nsets,
                                spec->corner_goal ? ", walking none" : "");
    }
    if (status == SB_OK && spec->corner_goal)
        status = walk_members(&t, opts, hooks, t0, &m, out, err);
    sbi_tilings_free(&t);
    sbi_meter_end(&m);
    if (status != SB_OK) {
        sb_pieceset_report_free(out);
        return status;
    }
    for (size_t i = 0; i < out->nmembers; i++)
        out->configurations += out->members[i].configurations;
    out->seconds = sbi_clock() - t0;
    return SB_OK;
}

void sb_pieceset_report_free(sb_pieceset_report *r)
{
    if (!r)
        return;
    for (size_t i = 0; r->members && i < r->nmembers; i++)
        free(r->members[i].start);
    for (size_t s = 0; r->shapes && s < r->nshapes; s++)
        free(r->shapes[s].cells);
    free(r->members);
    free(r->shapes);
    free(r->set_shapes);
    free(r->set_counts);
    memset(r, 0, sizeof *r);
}

/* Whether two reports are of one census: the same tray, shapes and
 * members. */
static bool same_census(const sb_pieceset_report *a, const sb_pieceset_report *b)
{
    if (a->rows != b->rows || a->cols != b->cols || a->nshapes != b->nshapes ||
        a->nmembers != b->nmembers || a->corner_goal != b->corner_goal || a->fills != b->fills ||
        (a->nmembers && (!a->members || !b->members)))
        return false;
    size_t len = a->nmembers ? a->members[a->nmembers - 1].first +
                               a->members[a->nmembers - 1].nshapes : 0;
    for (size_t i = 0; i < a->nmembers; i++) {
        const sb_pieceset_member *x = &a->members[i], *y = &b->members[i];
        if (x->first != y->first || x->nshapes != y->nshapes || x->fills != y->fills ||
            x->first + x->nshapes > len)
            return false;
    }
    return !len || (memcmp(a->set_shapes, b->set_shapes, len * sizeof *a->set_shapes) == 0 &&
                    memcmp(a->set_counts, b->set_counts, len * sizeof *a->set_counts) == 0);
}

/* A deep copy of n items of size bytes (NULL for n 0 or NULL). */
static void *copy_of(const void *from, size_t n, size_t size, bool *ok)
{
    if (!from || !n)
        return NULL;
    void *to = malloc(n * size);
    if (!to)
        *ok = false;
    else
        memcpy(to, from, n * size);
    return to;
}

sb_status sb_pieceset_report_merge(const sb_pieceset_report *parts, size_t nparts,
                                   sb_pieceset_report *out, sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "sb_pieceset_report_merge: the record to fill is NULL");
    memset(out, 0, sizeof *out);
    if (!parts || !nparts)
        return sbi_fail(err, SB_EINPUT, "sb_pieceset_report_merge: no reports to merge");
    for (size_t k = 1; k < nparts; k++)
        if (!same_census(&parts[0], &parts[k]))
            return sbi_fail(err, SB_EINPUT, "sb_pieceset_report_merge: report %zu is of another "
                            "census than report 0 (its tray, shapes or members differ)", k);
    const sb_pieceset_report *p0 = &parts[0];
    size_t len = p0->nmembers ? p0->members[p0->nmembers - 1].first +
                                p0->members[p0->nmembers - 1].nshapes : 0;
    bool ok = true;
    *out = (sb_pieceset_report){ .rows = p0->rows, .cols = p0->cols, .nshapes = p0->nshapes,
                                 .nmembers = p0->nmembers, .fills = p0->fills,
                                 .corner_goal = p0->corner_goal };
    out->shapes = calloc(p0->nshapes + 1, sizeof *out->shapes);
    out->members = calloc(p0->nmembers + 1, sizeof *out->members);
    out->set_shapes = copy_of(p0->set_shapes, len, sizeof *out->set_shapes, &ok);
    out->set_counts = copy_of(p0->set_counts, len, sizeof *out->set_counts, &ok);
    ok = ok && out->shapes && out->members;
    for (size_t s = 0; ok && s < p0->nshapes; s++) {
        const sb_shape *sh = &p0->shapes[s];
        out->shapes[s] = (sb_shape){ sh->height, sh->width,
                                     copy_of(sh->cells, (size_t)(sh->height * sh->width), 1,
                                             &ok) };
    }
    for (size_t i = 0; ok && i < p0->nmembers; i++) {
        const sb_pieceset_member *whole = NULL;
        for (size_t k = 0; k < nparts; k++) {
            const sb_pieceset_member *m = &parts[k].members[i];
            if (!m->mapped)
                continue;
            if (whole) {
                sb_pieceset_report_free(out);
                return sbi_fail(err, SB_EINPUT, "sb_pieceset_report_merge: member %zu is "
                                "repeated", i);
            }
            whole = m;
        }
        if (!whole && p0->corner_goal) {
            sb_pieceset_report_free(out);
            return sbi_fail(err, SB_EINPUT, "sb_pieceset_report_merge: member %zu is missing", i);
        }
        out->members[i] = whole ? *whole : p0->members[i];
        out->members[i].start = whole ? copy_of(whole->start, whole->nblocks,
                                                sizeof *whole->start, &ok)
                                      : NULL;
        out->configurations += out->members[i].configurations;
    }
    if (!ok) {
        sb_pieceset_report_free(out);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    for (size_t k = 0; k < nparts; k++)
        if (parts[k].seconds > out->seconds)
            out->seconds = parts[k].seconds;
    return SB_OK;
}
