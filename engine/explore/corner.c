/*
 * corner.c - the hardest corner-to-corner start of one piece set
 * (corner.h says what that is), walked fast enough to do it for every
 * piece set of a tray: millions of sets of tens to millions of layouts.
 *
 * One walk per goal class.  Marking one piece of class c as the goal
 * piece, every goal configuration (the marked piece's box at the tray's
 * lower-right corner, the other pieces and holes in every way that fills
 * the rest) is a source of one breadth-first search, so each
 * configuration gets its distance to the nearest goal configuration of
 * its component, and components without one are never walked.  The
 * farthest configuration that is a start is the class's answer.  Starts
 * are recognised from the key alone: the marked piece is anchored at
 * (0, left) (its box at (0,0)) and no piece anchored at (0, j), j < left,
 * has its box there too (j equal to its own anchor column within its
 * box).  The sources are the fills of the tray with the marked piece put
 * at the goal first: the first open cell in reading order is a hole or a
 * piece's anchor (a piece's first cell in reading order), so each fill
 * comes out once.
 *
 * The key: one label per cell, in a field of as few bits as the labels
 * need (2 for one class, 3 for up to six, 4 for up to fourteen), cell 0
 * in the highest field: 0 no anchor there, 1 the marked piece's anchor,
 * 2 + s an anchor of class s.  The word is 64 bits when the fields fit
 * (every 4x4 set, 4x5 sets of up to six classes), else 128
 * (corner_walk.h is the walk written once for both).
 * Anchors per class are a canonical description of a configuration
 * whatever the shapes, pieces of one class are interchangeable by
 * construction, and the marked piece stands apart.  A move changes two
 * fields, so a child's key is its parent's with two XORs; keys compare
 * as numbers in reading order of their labels, which is the order
 * corner.h states for ties.
 *
 * The moves: cells are bits of a grid one column wider than the tray
 * (bit r * (cols + 1) + c), so a shift by one never carries a piece
 * across a row's end.  For a piece of class s at anchor a, the anchors
 * where it would lie clear of the other pieces and the walls are fit[s]
 * minus the shifts of the rest by each of its cells' offsets; the unit
 * metric moves it to a neighbouring one, the line metric along a run of
 * them, and the piece metric anywhere the flood of those anchors reaches
 * from a (every path through empty cells is one move).  A piece with no
 * empty cell beside it is skipped at once: with few holes, most are.
 *
 * Seen configurations are in an open-addressing table of keys (0 is
 * empty: every configuration has the marked piece), the walk's queue
 * holds them in order of distance, and both live in a context kept from
 * one piece set to the next, so a set costs no allocation once the
 * context has grown to the largest.  Invariant: the queue lists the
 * table's keys in the order they were inserted (growing the table inserts
 * them again in queue order), so deleting them in reverse queue order
 * keeps every probe chain whole, and the table is empty again between
 * walks at the cost of one probe per key (or one memset, when cheaper).
 * Children wait in a batch of 64 whose slots are prefetched before any is
 * probed, so a large table's cache misses overlap; a batch is flushed
 * when full and at the end of each layer, before the next is expanded,
 * so every key still enters the queue in order of distance.
 */
#include <string.h>

#include "core/error.h"
#include "explore/corner.h"

/* A key of either size, widened: the best start found so far. */
typedef unsigned __int128 corner_key;

enum { MAX_GRID = 64 };

/* Keys are 64 or 128 bits (corner_walk.h), the same context serving
 * both: sizes are in bytes, and an empty table is all zero either way. */
struct sb_corner_context {
    sb_meter *meter;             /* allocates slots and queue (not owned) */
    void *slots;                 /* the seen table, 0 empty */
    size_t slot_bytes;
    void *queue;                 /* the walk's configurations by distance */
    size_t queue_bytes;
    size_t queued;               /* keys in the queue */
    bool always_wide;            /* 128-bit keys even where 64 bits hold the labels */
};

/* A class of the piece set on this tray. */
typedef struct corner_class {
    uint64_t pattern;            /* its cells with its box's upper-left at grid bit 0 */
    uint64_t fit;                /* anchors where it lies on the tray, off the walls */
    int left;                    /* its anchor's column within its box */
    int ncells;
    uint8_t offset[MAX_GRID];    /* its cells, as grid offsets from its box's corner */
    sb_axis axis;
} corner_class;

typedef struct corner_walk {
    const sb_pieces *pc;
    sb_corner_context *ctx;
    sb_meter *meter;             /* the call's: the deadline, the states limit */
    sb_metric metric;
    int rows, cols, width;       /* width: the grid's, cols + 1 */
    int ncells, bits;            /* cells, and bits per label field */
    bool wide;                   /* keys of 128 bits, else 64 */
    uint64_t walls;              /* grid bits */
    uint64_t cells;              /* grid bits of the tray's cells */
    uint64_t unit64[MAX_GRID];   /* grid bit -> 1 in its field's lowest bit */
    corner_key unit128[MAX_GRID];
    uint64_t field_low64;        /* bit 0 of every field */
    corner_key field_low128;
    uint32_t label_mask;
    int16_t shift[MAX_GRID];     /* grid bit -> its field's shift in a key (-1: none) */
    int8_t grid_of[MAX_GRID];    /* field index (shift / bits) -> grid bit */
    int8_t grid_at[128];         /* a field's lowest key bit -> its grid bit */
    corner_class cls[SB_MAX_CLASSES];
    int label_class[SB_MAX_CLASSES + 2];
    /* The goal class being walked: */
    int start_anchor;            /* the start's anchor (grid bit) */
    uint32_t left_count[SB_MAX_CLASSES]; /* sources: pieces still to place */
    uint32_t holes_left;
    size_t room;                 /* keys the table and the queue take before make_room,
                                    the states limit included */
} corner_walk;

/* ---- the tray and its classes ------------------------------------------ */

bool sbi_corner_tray_fits(int rows, int cols)
{
    return rows >= 1 && cols >= 1 && rows <= MAX_GRID / (cols + 1);
}

static sb_status walk_init(corner_walk *w, const sb_pieces *pc, sb_error *err)
{
    w->rows = pc->rows;
    w->cols = pc->cols;
    w->width = pc->cols + 1;
    w->ncells = pc->rows * pc->cols;
    w->bits = 1;
    while ((1 << w->bits) < pc->nclasses + 2)
        w->bits++;
    if (pc->pinned)
        return sbi_fail(err, SB_EINPUT, "the corner-to-corner goal takes no pinned classes");
    if (!sbi_corner_tray_fits(pc->rows, pc->cols) || w->ncells * w->bits > 128)
        return sbi_fail(err, SB_EINPUT, "the corner-to-corner walk takes trays whose cells, "
                        "a label of %d bits each (for %d classes of pieces), fit 128 bits, and "
                        "whose rows, with a spare bit each, fit 64; this one is %dx%d",
                        w->bits, pc->nclasses, pc->rows, pc->cols);
    w->wide = w->ncells * w->bits > 64 || w->ctx->always_wide;
    if (w->ctx->always_wide) {
        /* Labels spread over the whole word, so that small trays use its
         * high half and fields that straddle the halves too. */
        int spread = 128 / w->ncells < 16 ? 128 / w->ncells : 16;
        w->bits = spread > w->bits ? spread : w->bits;
    }
    const sb_puzzle *src = pc->source;
    w->label_mask = (1u << w->bits) - 1;
    w->walls = w->cells = 0;
    w->field_low64 = 0;
    w->field_low128 = 0;
    memset(w->shift, -1, sizeof w->shift);
    for (int r = 0; r < w->rows; r++)
        for (int c = 0; c < w->cols; c++) {
            int cell = r * w->cols + c, g = r * w->width + c;
            w->shift[g] = (int16_t)((w->ncells - 1 - cell) * w->bits);
            w->grid_of[w->ncells - 1 - cell] = (int8_t)g;
            w->grid_at[w->shift[g]] = (int8_t)g;
            w->unit128[g] = (corner_key)1 << w->shift[g];
            w->unit64[g] = w->wide ? 0 : 1ULL << w->shift[g];
            w->field_low128 |= w->unit128[g];
            w->field_low64 |= w->unit64[g];
            w->cells |= 1ULL << g;
            if (src && src->walls && src->walls[cell])
                w->walls |= 1ULL << g;
        }
    for (int s = 0; s < pc->nclasses; s++) {
        corner_class *k = &w->cls[s];
        const sb_block *proto = &pc->proto[s];
        sb_block at = *proto;
        k->left = sb_block_anchor_offset(src, proto);
        k->axis = proto->axis;
        k->pattern = k->fit = 0;
        k->ncells = 0;
        w->label_class[s + 2] = s;
        if (proto->height > w->rows || proto->width > w->cols)
            continue;
        at.row = 0;
        at.col = k->left;
        for (int y = 0; y < proto->height; y++)
            for (int x = 0; x < proto->width; x++)
                if (sb_block_covers(src, &at, y, x)) {
                    int bit = y * w->width + x;
                    k->pattern |= 1ULL << bit;
                    k->offset[k->ncells++] = (uint8_t)bit;
                }
        for (int r = 0; r + proto->height <= w->rows; r++)
            for (int c = 0; c + proto->width <= w->cols; c++)
                if (!(k->pattern << (r * w->width + c) & w->walls))
                    k->fit |= 1ULL << (r * w->width + c + k->left);
    }
    return SB_OK;
}

static inline uint64_t piece_mask(const corner_class *k, int g)
{
    return k->pattern << (g - k->left);
}

/* The anchors a piece at `here` reaches in one move, among the anchors
 * `clear` where it lies free. */
static inline uint64_t reach_of(const corner_walk *w, sb_axis axis, uint64_t here,
                                uint64_t clear)
{
    int v = w->width;
    bool across = axis != SB_AXIS_COL, along = axis != SB_AXIS_ROW;
    if (w->metric == SB_METRIC_UNIT)
        return ((across ? here << 1 | here >> 1 : 0) | (along ? here << v | here >> v : 0)) &
               clear;
    if (w->metric == SB_METRIC_LINE) {
        uint64_t out = 0, y;
        if (across) {
            for (y = here << 1; y & clear; y <<= 1)
                out |= y;
            for (y = here >> 1; y & clear; y >>= 1)
                out |= y;
        }
        if (along) {
            for (y = here << v; y & clear; y <<= v)
                out |= y;
            for (y = here >> v; y & clear; y >>= v)
                out |= y;
        }
        return out;
    }
    uint64_t seen = here, last;
    do {
        last = seen;
        seen |= ((across ? seen << 1 | seen >> 1 : 0) | (along ? seen << v | seen >> v : 0)) &
                clear;
    } while (seen != last);
    return seen & ~here;
}

/* ---- the walk, at both key sizes ----------------------------------------- */

/* Children are looked up in batches: every slot a batch probes is asked
 * of memory first, so the cache misses of a large table overlap instead
 * of following one another. */
enum { BATCH = 64 };

#define KEY uint64_t
#define K(name) name##64
#include "explore/corner_walk.h"
#undef KEY
#undef K

#define KEY unsigned __int128
#define K(name) name##128
#include "explore/corner_walk.h"
#undef KEY
#undef K

/* ---- contexts ------------------------------------------------------------ */

sb_corner_context *sbi_corner_context_new(sb_meter *m)
{
    sb_corner_context *c = sbi_meter_calloc(m, 1, sizeof *c);
    if (c)
        c->meter = m;
    return c;
}

void sbi_corner_context_wide(sb_corner_context *c, bool always)
{
    if (c)
        c->always_wide = always;
}

void sbi_corner_context_free(sb_corner_context *c)
{
    if (!c)
        return;
    sb_meter *m = c->meter;
    sbi_meter_free(m, c->slots, c->slot_bytes);
    sbi_meter_free(m, c->queue, c->queue_bytes);
    sbi_meter_free(m, c, sizeof *c);
}

/* ---- the call -------------------------------------------------------------- */

/* The walk with class `goal` as the goal piece's (corner_walk.h's
 * walk_goal), when its box fits the tray at both corners. */
static bool walk_goal(corner_walk *w, int goal, uint32_t *moves, corner_key *best,
                      uint64_t *walked)
{
    const sb_pieces *pc = w->pc;
    const corner_class *k = &w->cls[goal];
    int h = pc->proto[goal].height, wd = pc->proto[goal].width;
    if (h > w->rows || wd > w->cols)
        return true;
    int target = (w->rows - h) * w->width + (w->cols - wd) + k->left;
    w->start_anchor = k->left;
    if (!(k->fit >> target & 1) || !(k->fit >> w->start_anchor & 1))
        return true;
    w->label_class[1] = goal;
    for (int s = 0; s < pc->nclasses; s++)
        w->left_count[s] = pc->count[s] - (s == goal);
    w->holes_left = pc->empties;
    return w->wide ? walk_goal128(w, goal, target, moves, best, walked)
                   : walk_goal64(w, goal, target, moves, best, walked);
}

static sb_status write_start(const corner_walk *w, corner_key k, int goal, sb_meter *m,
                             sb_corner_result *out)
{
    size_t n = 0;
    for (int g = 0; g < MAX_GRID; g++)
        n += w->shift[g] >= 0 && label_at128(w, k, g);
    sb_block *b = sbi_meter_calloc(m, n, sizeof *b);
    if (!b)
        return SB_ELIMIT;
    size_t i = 0;
    for (int cell = 0; cell < w->ncells; cell++) {
        int g = w->grid_of[w->ncells - 1 - cell];
        uint32_t lab = label_at128(w, k, g);
        if (!lab)
            continue;
        b[i] = w->pc->proto[lab == 1 ? goal : (int)lab - 2];
        b[i].row = g / w->width;
        b[i].col = g % w->width;
        b[i].group = lab == 1;
        i++;
    }
    out->start = b;
    out->nblocks = n;
    return SB_OK;
}

sb_status sbi_corner_hardest_in(sb_corner_context *ctx, const sb_pieces *pc, sb_metric metric,
                                sb_meter *m, sb_corner_result *out, sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "sbi_corner_hardest: no result record");
    memset(out, 0, sizeof *out);
    out->moves = SB_DISTANCE_NONE;
    out->goal_class = -1;
    if (!ctx || !pc || !m || (unsigned)metric > SB_METRIC_PIECE)
        return sbi_fail(err, SB_EINPUT, "sbi_corner_hardest: no context, piece set or meter, "
                        "or an unknown metric");
    corner_walk w;
    w.pc = pc;
    w.ctx = ctx;
    w.meter = m;
    w.metric = metric;
    w.room = 0;
    sb_status status = walk_init(&w, pc, err);
    if (status != SB_OK)
        return status;
    corner_key best = 0;
    for (int s = 0; s < pc->nclasses; s++) {
        uint32_t before = out->moves;
        if (!pc->count[s])
            continue;
        if (!walk_goal(&w, s, &out->moves, &best, &out->configurations)) {
            if (m->hit == SB_LIMIT_NONE)
                m->hit = ctx->meter->hit;
            out->moves = SB_DISTANCE_NONE;
            out->goal_class = -1;
            return sbi_meter_fail(m, err);
        }
        if (out->moves != before)
            out->goal_class = s;
    }
    if (out->moves != SB_DISTANCE_NONE && write_start(&w, best, out->goal_class, m, out) != SB_OK) {
        out->moves = SB_DISTANCE_NONE;
        out->goal_class = -1;
        return sbi_meter_fail(m, err);
    }
    return SB_OK;
}

sb_status sbi_corner_hardest(const sb_pieces *pc, sb_metric metric, sb_meter *m,
                             sb_corner_result *out, sb_error *err)
{
    if (!m) {
        if (out)
            memset(out, 0, sizeof *out);
        return sbi_fail(err, SB_EINPUT, "sbi_corner_hardest: no meter");
    }
    sb_corner_context *ctx = sbi_corner_context_new(m);
    if (!ctx) {
        if (out)
            memset(out, 0, sizeof *out);
        return sbi_meter_fail(m, err);
    }
    sb_status status = sbi_corner_hardest_in(ctx, pc, metric, m, out, err);
    sbi_corner_context_free(ctx);
    return status;
}

void sbi_corner_result_free(sb_corner_result *r, sb_meter *m)
{
    if (!r)
        return;
    if (r->start)
        sbi_meter_free(m, r->start, r->nblocks * sizeof *r->start);
    memset(r, 0, sizeof *r);
    r->moves = SB_DISTANCE_NONE;
    r->goal_class = -1;
}
