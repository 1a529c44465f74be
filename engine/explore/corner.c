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
 * The key: one label per cell, in a field of 4 bits (8 when the classes
 * are more than 14), cell 0 in the highest field of a 128-bit word: 0 no
 * anchor there, 1 the marked piece's anchor, 2 + s an anchor of class s.
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
 * where it would lie clear of the other pieces and the walls are
 * fit[s] minus the shifts of the rest by each of its cells' offsets; the
 * unit metric moves it to a neighbouring one, the line metric along a
 * run of them, and the piece metric anywhere the flood of those anchors
 * reaches from a (every path through empty cells is one move).
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
 */
#include <string.h>

#include "core/error.h"
#include "explore/corner.h"

typedef unsigned __int128 corner_key;

enum { MAX_GRID = 64, MAX_FIELDS = 32 };

struct sb_corner_context {
    sb_meter *meter;             /* allocates slots and queue (not owned) */
    corner_key *slots;           /* the seen table: cap slots, 0 empty */
    size_t cap;
    corner_key *queue;           /* the walk's configurations by distance */
    size_t queued, queue_cap;
};

/* A class of the piece set on this tray. */
typedef struct corner_class {
    uint64_t pattern;            /* its cells with its box's upper-left at grid bit 0 */
    uint64_t fit;                /* anchors where it lies on the tray, off the walls */
    int left;                    /* its anchor's column within its box */
    int ncells;
    int8_t offset[MAX_GRID];     /* its cells, as grid offsets from its anchor */
    sb_axis axis;
} corner_class;

typedef struct corner_walk {
    const sb_pieces *pc;
    sb_corner_context *ctx;
    sb_meter *meter;             /* the call's: the deadline, the states limit */
    sb_metric metric;
    int rows, cols, width;       /* width: the grid's, cols + 1 */
    int ncells, bits;            /* cells, and bits per label field */
    uint64_t walls;              /* grid bits */
    uint64_t cells;              /* grid bits of the tray's cells */
    corner_key unit[MAX_GRID];   /* grid bit -> 1 in its field's lowest bit */
    corner_key field_low;        /* bit 0 of every field */
    uint32_t label_mask;
    int16_t shift[MAX_GRID];     /* grid bit -> its field's shift in a key (-1: none) */
    int8_t grid_of[MAX_FIELDS * 2]; /* field index (shift / bits) -> grid bit */
    corner_class cls[SB_MAX_CLASSES];
    int label_class[SB_MAX_CLASSES + 2];
    /* The goal class being walked: */
    int goal, start_anchor;      /* the start's anchor (grid bit, -1: none fits) */
    uint32_t left_count[SB_MAX_CLASSES]; /* sources: pieces still to place */
    uint32_t holes_left;
    size_t room;                 /* keys the table and the queue take before make_room,
                                    the states limit included */
    bool failed;                 /* the meter refused */
} corner_walk;

/* ---- the table and the queue ------------------------------------------ */

static inline uint64_t key_hash(corner_key k)
{
    uint64_t x = (uint64_t)k + (uint64_t)(k >> 64) * 0x9e3779b97f4a7c15ULL;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ x >> 32;
}

static inline bool table_add(sb_corner_context *c, corner_key k, uint64_t hash)
{
    size_t mask = c->cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        if (c->slots[i] == k)
            return false;
        if (!c->slots[i]) {
            c->slots[i] = k;
            return true;
        }
    }
}

/* Room for one more key in the table (at most half full) and the queue. */
static bool make_room(corner_walk *w)
{
    sb_corner_context *c = w->ctx;
    if (!sbi_meter_may_store(w->meter, c->queued))
        return false;
    if (c->queued + 1 > c->queue_cap) {
        size_t cap = c->queue_cap ? 2 * c->queue_cap : 1024;
        corner_key *q = sbi_meter_realloc(c->meter, c->queue, c->queue_cap * sizeof *q,
                                          cap * sizeof *q);
        if (!q)
            return false;
        c->queue = q;
        c->queue_cap = cap;
    }
    if (2 * (c->queued + 1) > c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 2048;
        corner_key *slots = sbi_meter_calloc(c->meter, cap, sizeof *slots);
        if (!slots)
            return false;
        sbi_meter_free(c->meter, c->slots, c->cap * sizeof *slots);
        c->slots = slots;
        c->cap = cap;
        for (size_t i = 0; i < c->queued; i++)
            table_add(c, c->queue[i], key_hash(c->queue[i]));
    }
    uint64_t most = w->meter->limits.max_states;
    w->room = c->cap / 2 < c->queue_cap ? c->cap / 2 : c->queue_cap;
    if (most && most < w->room)
        w->room = (size_t)most;
    return true;
}

/* Queues k (whose key_hash is hash) unless it was seen; false when the
 * meter refused the room. */
static inline bool see(corner_walk *w, corner_key k, uint64_t hash)
{
    sb_corner_context *c = w->ctx;
    if (c->queued >= w->room && !make_room(w))
        return false;
    if (table_add(c, k, hash))
        c->queue[c->queued++] = k;
    return true;
}

/* Children are looked up in batches: every slot a batch probes is asked
 * of memory first, so the cache misses of a large table overlap instead
 * of following one another. */
enum { BATCH = 64 };

typedef struct corner_batch {
    int n;
    corner_key key[BATCH];
    uint64_t hash[BATCH];
} corner_batch;

static bool batch_flush(corner_walk *w, corner_batch *b)
{
    sb_corner_context *c = w->ctx;
    size_t mask = c->cap - 1;
    for (int i = 0; i < b->n; i++) {
        b->hash[i] = key_hash(b->key[i]);
        __builtin_prefetch(&c->slots[b->hash[i] & mask]);
    }
    int n = b->n;
    b->n = 0;
    for (int i = 0; i < n; i++)
        if (!see(w, b->key[i], b->hash[i]))
            return false;
    return true;
}

static inline bool batch_add(corner_walk *w, corner_batch *b, corner_key k)
{
    b->key[b->n++] = k;
    return b->n < BATCH || batch_flush(w, b);
}

/* Empties the table and the queue (the top says why the reverse order). */
static void forget(sb_corner_context *c)
{
    if (c->queued * 8 >= c->cap) {
        memset(c->slots, 0, c->cap * sizeof *c->slots);
    } else {
        size_t mask = c->cap - 1;
        for (size_t n = c->queued; n-- > 0;) {
            size_t i = key_hash(c->queue[n]) & mask;
            while (c->slots[i] != c->queue[n])
                i = (i + 1) & mask;
            c->slots[i] = 0;
        }
    }
    c->queued = 0;
}

sb_corner_context *sbi_corner_context_new(sb_meter *m)
{
    sb_corner_context *c = sbi_meter_calloc(m, 1, sizeof *c);
    if (c)
        c->meter = m;
    return c;
}

void sbi_corner_context_free(sb_corner_context *c)
{
    if (!c)
        return;
    sb_meter *m = c->meter;
    sbi_meter_free(m, c->slots, c->cap * sizeof *c->slots);
    sbi_meter_free(m, c->queue, c->queue_cap * sizeof *c->queue);
    sbi_meter_free(m, c, sizeof *c);
}

/* ---- the tray and its classes ------------------------------------------ */

static sb_status walk_init(corner_walk *w, const sb_pieces *pc, sb_error *err)
{
    w->rows = pc->rows;
    w->cols = pc->cols;
    w->width = pc->cols + 1;
    w->ncells = pc->rows * pc->cols;
    w->bits = pc->nclasses + 2 <= 16 ? 4 : 8;
    if (pc->pinned)
        return sbi_fail(err, SB_EINPUT, "the corner-to-corner goal takes no pinned classes");
    if (pc->rows < 1 || pc->cols < 1 || pc->rows * w->width > MAX_GRID ||
        w->ncells * w->bits > 128)
        return sbi_fail(err, SB_EINPUT, "the corner-to-corner walk takes trays of up to %d "
                        "cells (%d with more than 14 classes of pieces), each row with a spare "
                        "bit in 64; this one is %dx%d with %d classes", 128 / 4, 128 / 8,
                        pc->rows, pc->cols, pc->nclasses);
    const sb_puzzle *src = pc->source;
    w->label_mask = (1u << w->bits) - 1;
    w->walls = w->cells = 0;
    w->field_low = 0;
    memset(w->shift, -1, sizeof w->shift);
    for (int r = 0; r < w->rows; r++)
        for (int c = 0; c < w->cols; c++) {
            int cell = r * w->cols + c, g = r * w->width + c;
            w->shift[g] = (int16_t)((w->ncells - 1 - cell) * w->bits);
            w->grid_of[w->ncells - 1 - cell] = (int8_t)g;
            w->unit[g] = (corner_key)1 << w->shift[g];
            w->field_low |= w->unit[g];
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
                    k->offset[k->ncells++] = (int8_t)(bit - k->left);
                }
        for (int r = 0; r + proto->height <= w->rows; r++)
            for (int c = 0; c + proto->width <= w->cols; c++)
                if (!(k->pattern << (r * w->width + c) & w->walls))
                    k->fit |= 1ULL << (r * w->width + c + k->left);
    }
    return SB_OK;
}

static inline uint32_t label_at(const corner_walk *w, corner_key k, int g)
{
    return (uint32_t)(k >> w->shift[g]) & w->label_mask;
}

static inline uint64_t piece_mask(const corner_class *k, int g)
{
    return k->pattern << (g - k->left);
}

/* ---- the sources: every goal configuration ----------------------------- */

/* Fills the open cells from the first in reading order (holes and the
 * anchors of pieces still to place), queueing each complete fill through
 * b. */
static bool fill(corner_walk *w, corner_batch *b, uint64_t taken, corner_key key)
{
    uint64_t open = w->cells & ~taken;
    if (!open)
        return batch_add(w, b, key);
    int g = __builtin_ctzll(open);
    if (w->holes_left) {
        w->holes_left--;
        bool ok = fill(w, b, taken | 1ULL << g, key);
        w->holes_left++;
        if (!ok)
            return false;
    }
    for (int s = 0; s < w->pc->nclasses; s++) {
        const corner_class *k = &w->cls[s];
        if (!w->left_count[s] || !(k->fit >> g & 1) || (piece_mask(k, g) & taken))
            continue;
        w->left_count[s]--;
        bool ok = fill(w, b, taken | piece_mask(k, g), key | w->unit[g] * (uint32_t)(s + 2));
        w->left_count[s]++;
        if (!ok)
            return false;
    }
    return true;
}

/* ---- the walk ------------------------------------------------------------ */

/* Whether k is a start: the marked piece's box at (0,0), and no piece
 * anchored before it on row 0 with its box there too. */
static inline bool is_start(const corner_walk *w, corner_key k)
{
    if (label_at(w, k, w->start_anchor) != 1)
        return false;
    for (int c = 0; c < w->start_anchor; c++) {
        uint32_t label = label_at(w, k, c);
        if (label > 1 && w->cls[label - 2].left == c)
            return false;
    }
    return true;
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

/* Queues every configuration one move from k (through b, which the
 * caller flushes); false when the meter refused. */
static bool expand(corner_walk *w, corner_key k, corner_batch *b)
{
    corner_key nonzero = 0;
    for (int i = 0; i < w->bits; i++)
        nonzero |= k >> i;
    nonzero &= w->field_low;
    int pieces = 0;
    int8_t at[MAX_FIELDS];
    uint8_t label[MAX_FIELDS];
    uint64_t taken = w->walls;
    for (; nonzero; nonzero &= nonzero - 1) {
        uint64_t low = (uint64_t)nonzero;
        int p = low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(nonzero >> 64));
        int g = w->grid_of[p / w->bits];
        uint32_t lab = (uint32_t)(k >> p) & w->label_mask;
        at[pieces] = (int8_t)g;
        label[pieces++] = (uint8_t)lab;
        taken |= piece_mask(&w->cls[w->label_class[lab]], g);
    }
    /* Only a piece beside an empty cell can move. */
    int v = w->width;
    uint64_t empty = w->cells & ~taken, near = empty << 1 | empty >> 1 | empty << v | empty >> v;
    for (int i = 0; i < pieces; i++) {
        const corner_class *c = &w->cls[w->label_class[label[i]]];
        int g = at[i];
        uint64_t mask = piece_mask(c, g);
        if (!(mask & near))
            continue;
        uint64_t rest = taken & ~mask, blocked = 0;
        for (int j = 0; j < c->ncells; j++) {
            int o = c->offset[j];
            blocked |= o >= 0 ? rest >> o : rest << -o;
        }
        uint64_t moves = reach_of(w, c->axis, 1ULL << g, c->fit & ~blocked);
        corner_key base = k ^ w->unit[g] * label[i];
        for (; moves; moves &= moves - 1)
            if (!batch_add(w, b, base ^ w->unit[__builtin_ctzll(moves)] * label[i]))
                return false;
    }
    return true;
}

/* The hardest start with class `goal` as the goal piece's: *moves and
 * *best (untouched when no start counts).  false when the meter refused
 * or the deadline passed (w->failed). */
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
    w->goal = goal;
    w->label_class[1] = goal;
    for (int s = 0; s < pc->nclasses; s++)
        w->left_count[s] = pc->count[s] - (s == goal);
    w->holes_left = pc->empties;
    sb_corner_context *c = w->ctx;
    corner_batch batch;
    batch.n = 0;
    bool ok = fill(w, &batch, w->walls | piece_mask(k, target), w->unit[target]) &&
              batch_flush(w, &batch);
    uint32_t distance = 0, found = SB_DISTANCE_NONE;
    corner_key found_key = 0;
    /* Children wait in the batch until it is full or the layer ends, all
     * of them one farther than the layer being expanded. */
    for (size_t head = 0, layer_end = c->queued; ok;) {
        if (head == layer_end) {
            ok = batch_flush(w, &batch);
            if (!ok || head == c->queued)
                break;
            distance += head > 0;
            layer_end = c->queued;
        }
        corner_key key = c->queue[head++];
        if (is_start(w, key) && (found != distance || key < found_key)) {
            found = distance;
            found_key = key;
        }
        ok = expand(w, key, &batch) && sbi_meter_tick(w->meter, 0) == SB_OK;
    }
    *walked += c->queued;
    forget(c);
    if (!ok) {
        w->failed = true;
        return false;
    }
    if (found != SB_DISTANCE_NONE && (*moves == SB_DISTANCE_NONE || found > *moves)) {
        *moves = found;
        *best = found_key;
        return true;
    }
    return true;
}

/* ---- the call -------------------------------------------------------------- */

static sb_status write_start(const corner_walk *w, corner_key k, int goal, sb_meter *m,
                             sb_corner_result *out)
{
    size_t n = 0;
    for (int g = 0; g < MAX_GRID; g++)
        n += w->shift[g] >= 0 && label_at(w, k, g);
    sb_block *b = sbi_meter_calloc(m, n, sizeof *b);
    if (!b)
        return SB_ELIMIT;
    size_t i = 0;
    for (int cell = 0; cell < w->ncells; cell++) {
        int g = w->grid_of[w->ncells - 1 - cell];
        uint32_t lab = label_at(w, k, g);
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
    w.failed = false;
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
            return sbi_meter_fail(m, err);
        }
        if (out->moves != before)
            out->goal_class = s;
    }
    if (out->moves != SB_DISTANCE_NONE && write_start(&w, best, out->goal_class, m, out) != SB_OK)
        return sbi_meter_fail(m, err);
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
