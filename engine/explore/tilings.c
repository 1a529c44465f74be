/*
 * tilings.c - every fill of a tray (with walls) by pieces of any shape
 * and holes, counted with memoisation, and grouped into piece sets.
 *
 * One rule makes each fill come once: the first undecided cell in
 * reading order is decided next, either as a hole or as the anchor (the
 * first cell in reading order) of a whole piece over undecided cells.
 * A fill is then one path of such steps, and the undecided cells alone
 * (a 64-bit mask) say what remains: the count of the fills of what
 * remains depends on nothing else, so it is kept per mask (a memo: at
 * most 2^20 states on a 5x4 tray), as a vector by number of pieces so
 * that bounds on the pieces are applied at the end, the holes so far
 * (capped at the least asked for) joining the mask only under a holes
 * bound.
 *
 * The pieces that may go on a cell are its placements: the connected
 * sets of open cells that begin there, grown once for the tray by
 * adding a cell after the anchor next to the set (each set once: a cell
 * passed over is never added again below that point).  They are kept in
 * the preorder of that growth, so every set's supersets follow it: when
 * a set does not fit the undecided cells, its whole subtree is skipped.
 *
 * Piece sets are the fills' multisets of shapes; they have no memo (two
 * paths to one mask may have placed different shapes), so listing them
 * walks every fill: 55.8 million on 4x4, 6.9 billion on 5x4.  Bounds on
 * the pieces cut the walk: past the most pieces asked for, or where the
 * cells left, each a piece of its own, could not reach the fewest.
 *
 * Invariants: placements of anchor a are entries first[a] ..
 * first[a + 1] - 1, the first of them the single cell a; shape ids are
 * in the order sbi_tilings_init gives (by cells, box, then cells).
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "core/check.h"
#include "explore/tilings.h"
#include "spaces/space.h"

/* ---- placements and shapes ---- */

/* A shape's key in the table that interns them: its cells in its box
 * (bit y * width + x), and its box. */
typedef struct shape_key {
    uint64_t bits;
    uint64_t box;                /* height << 8 | width */
} shape_key;

typedef struct grower {
    sb_tilings *t;
    sb_table shapes;             /* shape_key -> discovery id */
    int anchor;
    sb_status status;
} grower;

static shape_key key_of(const sb_tilings *t, uint64_t mask)
{
    int top = t->rows, left = t->cols, bottom = 0, right = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        int cell = __builtin_ctzll(m), r = cell / t->cols, c = cell % t->cols;
        top = r < top ? r : top;
        bottom = r > bottom ? r : bottom;
        left = c < left ? c : left;
        right = c > right ? c : right;
    }
    int width = right - left + 1;
    shape_key k = { 0, (uint64_t)(bottom - top + 1) << 8 | (uint64_t)width };
    for (uint64_t m = mask; m; m &= m - 1) {
        int cell = __builtin_ctzll(m), r = cell / t->cols, c = cell % t->cols;
        k.bits |= 1ULL << ((r - top) * width + (c - left));
    }
    return k;
}

static uint64_t hash_words(const void *key, size_t bytes)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL, w;
    const unsigned char *p = key;
    size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        memcpy(&w, p + i, 8);
        h = sbi_mix64(h ^ w);
    }
    if (i < bytes) {
        w = 0;
        memcpy(&w, p + i, bytes - i);
        h = sbi_mix64(h ^ w);
    }
    return h;
}

/* Adds set (cells `size`) and, in preorder, every connected set that
 * grows from it by cells of `more` (its open neighbours after the
 * anchor, not yet passed over) and their neighbours not in `out`. */
static void grow(grower *g, uint64_t set, uint64_t more, uint64_t out, uint32_t size)
{
    sb_tilings *t = g->t;
    if (g->status != SB_OK)
        return;
    if (!sbi_array_reserve(t->meter, &t->placed, &t->placed_cap, t->nplaced + 1,
                           sizeof *t->placed)) {
        g->status = SB_ELIMIT;
        return;
    }
    shape_key k = key_of(t, set);
    uint32_t id;
    bool fresh;
    if (sbi_table_intern(&g->shapes, &k, hash_words(&k, sizeof k), &id, &fresh) != SB_OK) {
        g->status = SB_ELIMIT;
        return;
    }
    size_t me = t->nplaced++;
    t->placed[me] = (sb_placement){ set, 0, id };
    if (!t->bounds.piece_cells || size < t->bounds.piece_cells) {
        while (more) {
            int v = __builtin_ctzll(more);
            uint64_t bit = 1ULL << v;
            more &= more - 1;
            grow(g, set | bit, more | (t->neighbours[v] & ~(set | out | more | bit)), out,
                 size + 1);
            out |= bit;   /* passed over: no set below this point has it */
        }
    }
    t->placed[me].end = (uint32_t)t->nplaced;
}

/* Shape order (see the header): cells, height, width, then the cells in
 * reading order, the shape holding the first cell where they differ
 * first. */
typedef struct shape_rank {
    shape_key key;
    uint32_t cells, id;
} shape_rank;

static int by_shape(const void *x, const void *y)
{
    const shape_rank *a = x, *b = y;
    if (a->cells != b->cells)
        return a->cells < b->cells ? -1 : 1;
    if (a->key.box != b->key.box)
        return a->key.box < b->key.box ? -1 : 1;
    if (a->key.bits == b->key.bits)
        return 0;
    uint64_t first = (a->key.bits ^ b->key.bits) & -(a->key.bits ^ b->key.bits);
    return a->key.bits & first ? -1 : 1;
}

/* Gives the shapes their places in shape order, and makes t->shapes. */
static sb_status order_shapes(sb_tilings *t, const sb_table *table)
{
    size_t n = table->count;
    shape_rank *rank = malloc((n + 1) * sizeof *rank);
    uint32_t *place = malloc((n + 1) * sizeof *place);
    t->shapes = sbi_meter_calloc(t->meter, n + 1, sizeof *t->shapes);
    t->shape_cells = sbi_meter_calloc(t->meter, n + 1, sizeof *t->shape_cells);
    if (!rank || !place || !t->shapes || !t->shape_cells) {
        free(rank);
        free(place);
        return SB_ELIMIT;
    }
    for (uint32_t id = 0; id < n; id++) {
        memcpy(&rank[id].key, sbi_table_key(table, id), sizeof rank[id].key);
        rank[id].cells = (uint32_t)__builtin_popcountll(rank[id].key.bits);
        rank[id].id = id;
    }
    qsort(rank, n, sizeof *rank, by_shape);
    t->nshapes = n;
    sb_status status = SB_OK;
    for (size_t s = 0; s < n; s++) {
        place[rank[s].id] = (uint32_t)s;
        sb_shape *sh = &t->shapes[s];
        sh->height = (int)(rank[s].key.box >> 8);
        sh->width = (int)(rank[s].key.box & 0xff);
        t->shape_cells[s] = rank[s].cells;
        sh->cells = sbi_meter_calloc(t->meter, (size_t)(sh->height * sh->width), 1);
        if (!sh->cells) {
            status = SB_ELIMIT;
            break;
        }
        for (int c = 0; c < sh->height * sh->width; c++)
            sh->cells[c] = (uint8_t)(rank[s].key.bits >> c & 1);
    }
    for (size_t i = 0; status == SB_OK && i < t->nplaced; i++)
        t->placed[i].shape = place[t->placed[i].shape];
    /* On a square tray whose walls the diagonal maps onto themselves,
     * every shape's transpose is a shape of it too. */
    bool diagonal = t->rows == t->cols;
    for (int r = 0; diagonal && r < t->rows; r++)
        for (int c = 0; c < r; c++)
            diagonal &= (t->open_mask >> (r * t->cols + c) & 1) ==
                        (t->open_mask >> (c * t->cols + r) & 1);
    if (status == SB_OK && diagonal &&
        !(t->transposed = sbi_meter_calloc(t->meter, n + 1, sizeof *t->transposed)))
        status = SB_ELIMIT;
    for (size_t s = 0; status == SB_OK && t->transposed && s < n; s++) {
        shape_key k = rank[s].key, flip = { 0, (k.box & 0xff) << 8 | k.box >> 8 };
        int height = (int)(k.box >> 8), width = (int)(k.box & 0xff);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                if (k.bits >> (y * width + x) & 1)
                    flip.bits |= 1ULL << (x * height + y);
        uint32_t id = sbi_table_find(table, &flip, hash_words(&flip, sizeof flip));
        SB_ASSERT(id != SB_TABLE_NONE);
        t->transposed[s] = place[id];
    }
    free(rank);
    free(place);
    return status;
}

sb_status sbi_tilings_init(sb_tilings *t, int rows, int cols, const uint8_t *walls,
                           const sb_tiling_bounds *bounds, sb_meter *m, sb_error *err)
{
    memset(t, 0, sizeof *t);
    t->meter = m;
    if (rows < 1 || cols < 1 || rows * cols > SB_TILING_MAX_CELLS)
        return sbi_fail(err, SB_EINPUT, "every piece set takes a tray of at most %d cells, not "
                        "%dx%d", SB_TILING_MAX_CELLS, rows, cols);
    t->rows = rows;
    t->cols = cols;
    t->bounds = *bounds;
    int n = rows * cols;
    for (int c = 0; c < n; c++)
        if (!walls || !walls[c])
            t->open_mask |= 1ULL << c;
    t->open = (uint32_t)__builtin_popcountll(t->open_mask);
    for (int c = 0; c < n; c++) {
        int r = c / cols, x = c % cols;
        uint64_t nb = 0;
        if (r > 0)
            nb |= 1ULL << (c - cols);
        if (r + 1 < rows)
            nb |= 1ULL << (c + cols);
        if (x > 0)
            nb |= 1ULL << (c - 1);
        if (x + 1 < cols)
            nb |= 1ULL << (c + 1);
        t->neighbours[c] = nb & t->open_mask;
    }
    grower g = { .t = t };
    sbi_table_init(&g.shapes, sizeof(shape_key), 0, m, false);
    for (int a = 0; a < n; a++) {
        t->first[a] = (uint32_t)t->nplaced;
        uint64_t bit = 1ULL << a, after = t->open_mask & ~((bit << 1) - 1);
        if (t->open_mask & bit)
            grow(&g, bit, t->neighbours[a] & after, ~after & ~bit, 1);
    }
    t->first[n] = (uint32_t)t->nplaced;
    sb_status status = g.status == SB_OK ? order_shapes(t, &g.shapes) : g.status;
    sbi_table_free(&g.shapes);
    if (status != SB_OK)
        return sbi_meter_fail(m, err);
    t->source = (sb_puzzle){ .rows = rows, .cols = cols, .nshapes = t->nshapes,
                             .shapes = t->shapes };
    if (walls) {
        t->source.walls = sbi_meter_calloc(m, (size_t)n, 1);
        if (!t->source.walls)
            return sbi_meter_fail(m, err);
        memcpy(t->source.walls, walls, (size_t)n);
    }
    return SB_OK;
}

void sbi_tilings_free(sb_tilings *t)
{
    if (!t || !t->meter)
        return;
    sb_meter *m = t->meter;
    for (size_t s = 0; t->shapes && s < t->nshapes; s++)
        sbi_meter_free(m, t->shapes[s].cells, (size_t)(t->shapes[s].height * t->shapes[s].width));
    sbi_meter_free(m, t->shapes, (t->nshapes + 1) * sizeof *t->shapes);
    sbi_meter_free(m, t->source.walls, (size_t)(t->rows * t->cols));
    sbi_meter_free(m, t->shape_cells, (t->nshapes + 1) * sizeof *t->shape_cells);
    sbi_meter_free(m, t->transposed, (t->nshapes + 1) * sizeof *t->transposed);
    sbi_array_free(m, &t->placed, &t->placed_cap, sizeof *t->placed);
    sbi_meter_free(m, t->set_first, (t->nsets + 1) * sizeof *t->set_first);
    sbi_meter_free(m, t->set_shapes, (t->set_shapes_len + 1) * sizeof *t->set_shapes);
    sbi_meter_free(m, t->set_fills, (t->nsets + 1) * sizeof *t->set_fills);
    memset(t, 0, sizeof *t);
}

/* ---- counting ---- */

typedef struct counter {
    const sb_tilings *t;
    sb_table memo;               /* mask | holes << 48 -> fills by pieces */
    size_t len;                  /* entries of a vector: pieces 0 .. open */
    sb_status status;
    bool overflow;               /* a count passed 2^64 (status SB_ELIMIT) */
} counter;

/* acc[k] += add[k] for k < len; false (acc garbled) when one passes
 * 2^64. */
static bool add_counts(uint64_t *acc, const uint64_t *add, size_t len)
{
    bool over = false;
    for (size_t k = 0; k < len; k++)
        over |= __builtin_add_overflow(acc[k], add[k], &acc[k]);
    return !over;
}

/* The counter's stop for a count past 2^64. */
static void overflowed(counter *c)
{
    c->status = SB_ELIMIT;
    c->overflow = true;
}

/* Adds to acc[k] the fills of the undecided cells u with k pieces, the
 * holes so far `holes` (capped at the bound: more are as good). */
static void count_fills(counter *c, uint64_t u, uint32_t holes, uint64_t *acc)
{
    const sb_tilings *t = c->t;
    if (!u) {
        acc[0] += holes >= t->bounds.min_holes;
        return;
    }
    uint64_t key = u | (uint64_t)holes << 48, h = sbi_mix64(key);
    uint32_t id = sbi_table_find(&c->memo, &key, h);
    if (id != SB_TABLE_NONE) {
        if (!add_counts(acc, sbi_table_value(&c->memo, id), c->len))
            overflowed(c);
        return;
    }
    if (sbi_meter_tick(t->meter, 0) != SB_OK) {   /* the deadline, the cancel flag */
        c->status = SB_ELIMIT;
        return;
    }
    uint64_t mine[SB_TILING_MAX_CELLS + 1] = { 0 };
    int cell = __builtin_ctzll(u);
    uint32_t more = holes < t->bounds.min_holes ? holes + 1 : holes;
    count_fills(c, u & (u - 1), more, mine);
    uint64_t sub[SB_TILING_MAX_CELLS + 1];
    for (uint32_t i = t->first[cell]; i < t->first[cell + 1] && c->status == SB_OK;) {
        const sb_placement *p = &t->placed[i];
        if (p->mask & ~u) {
            i = p->end;
            continue;
        }
        memset(sub, 0, c->len * sizeof *sub);
        count_fills(c, u & ~p->mask, holes, sub);
        if (!add_counts(mine + 1, sub, c->len - 1))
            overflowed(c);
        i++;
    }
    bool fresh;
    if (c->status != SB_OK || sbi_table_intern(&c->memo, &key, h, &id, &fresh) != SB_OK) {
        c->status = SB_ELIMIT;
        return;
    }
    memcpy(sbi_table_value(&c->memo, id), mine, c->len * sizeof *mine);
    if (!add_counts(acc, mine, c->len))
        overflowed(c);
}

/* Whether k pieces are within the bounds. */
static bool pieces_within(const sb_tilings *t, uint32_t k)
{
    return k >= t->bounds.min_pieces && (!t->bounds.max_pieces || k <= t->bounds.max_pieces);
}

sb_status sbi_tilings_count(const sb_tilings *t, uint64_t *fills, uint64_t *by_pieces,
                            sb_error *err)
{
    counter c = { .t = t, .len = t->open + 1 };
    sbi_table_init(&c.memo, sizeof(uint64_t), c.len * sizeof(uint64_t), t->meter, false);
    uint64_t all[SB_TILING_MAX_CELLS + 1] = { 0 };
    count_fills(&c, t->open_mask, 0, all);
    sbi_table_free(&c.memo);
    *fills = 0;
    for (uint32_t k = 0; c.status == SB_OK && k < c.len; k++) {
        uint64_t n = pieces_within(t, k) ? all[k] : 0;
        if (__builtin_add_overflow(*fills, n, fills))
            overflowed(&c);
        if (by_pieces)
            by_pieces[k] = n;
    }
    if (c.overflow)
        return sbi_fail(err, SB_ELIMIT, "more than 2^64 fills: too many to count");
    if (c.status != SB_OK)
        return sbi_meter_fail(t->meter, err);
    return SB_OK;
}

/* ---- piece sets ---- */

typedef struct lister {
    const sb_tilings *t;
    sb_table sets;               /* ascending shape ids, padded -> fills */
    size_t width;                /* ids per key: the most pieces a fill has */
    uint32_t path[SB_TILING_MAX_CELLS];   /* the shapes placed so far */
    sb_status status;
} lister;

/* A finished fill of `depth` pieces: its set's count goes up.  A key
 * holds the set's shapes plus one, ascending, then zeros. */
static void found(lister *l, uint32_t depth)
{
    uint32_t key[SB_TILING_MAX_CELLS] = { 0 };
    for (uint32_t i = 0; i < depth; i++) {   /* insertion sort: a handful */
        uint32_t s = l->path[i] + 1;
        uint32_t j = i;
        for (; j > 0 && key[j - 1] > s; j--)
            key[j] = key[j - 1];
        key[j] = s;
    }
    uint32_t id;
    bool fresh;
    if (sbi_table_intern(&l->sets, key, hash_words(key, l->width * sizeof *key), &id, &fresh) !=
        SB_OK) {
        l->status = SB_ELIMIT;
        return;
    }
    uint64_t *n = sbi_table_value(&l->sets, id);
    *n = fresh ? 1 : *n + 1;
}

/* Lists the fills of the undecided cells u, of which there are left. */
static void list_fills(lister *l, uint64_t u, uint32_t left, uint32_t holes, uint32_t depth)
{
    const sb_tilings *t = l->t;
    if (l->status != SB_OK)
        return;
    if (sbi_meter_tick(t->meter, 0) != SB_OK) {   /* the deadline, the cancel flag */
        l->status = SB_ELIMIT;
        return;
    }
    if (!u) {
        if (holes >= t->bounds.min_holes && pieces_within(t, depth))
            found(l, depth);
        return;
    }
    uint32_t owed = t->bounds.min_holes > holes ? t->bounds.min_holes - holes : 0;
    if (left < owed)
        return;   /* too few cells left to be holes */
    if (depth + left - owed < t->bounds.min_pieces)
        return;   /* too few left to be pieces, even all single cells */
    int cell = __builtin_ctzll(u);
    list_fills(l, u & (u - 1), left - 1, holes + 1, depth);
    if (depth >= l->width)
        return;
    for (uint32_t i = t->first[cell]; i < t->first[cell + 1];) {
        const sb_placement *p = &t->placed[i];
        if (p->mask & ~u) {
            i = p->end;
            continue;
        }
        l->path[depth] = p->shape;
        list_fills(l, u & ~p->mask, left - t->shape_cells[p->shape], holes, depth + 1);
        i++;
    }
}

/* The pieces of the set of key id: its entries before the padding. */
static uint32_t key_pieces(const lister *l, uint32_t id)
{
    const uint32_t *key = sbi_table_key(&l->sets, id);
    uint32_t n = 0;
    while (n < l->width && key[n])
        n++;
    return n;
}

/* Sorts ids[0..n) into set order (see the header) by a least significant
 * digit first radix sort: the keys' words from the last to the first,
 * then the pieces, each pass stable.  false out of memory. */
static bool sort_sets(const lister *l, uint32_t *ids, size_t n)
{
    size_t buckets = l->t->nshapes + 2 > l->width + 1 ? l->t->nshapes + 2 : l->width + 1;
    uint32_t *to = malloc((n + 1) * sizeof *to);
    size_t *at = malloc((buckets + 1) * sizeof *at);
    if (!to || !at) {
        free(to);
        free(at);
        return false;
    }
    for (size_t pass = l->width + 1; pass-- > 0;) {
        memset(at, 0, (buckets + 1) * sizeof *at);
        for (size_t i = 0; i < n; i++) {
            const uint32_t *key = sbi_table_key(&l->sets, ids[i]);
            at[(pass ? key[pass - 1] : key_pieces(l, ids[i])) + 1]++;
        }
        for (size_t b = 1; b <= buckets; b++)
            at[b] += at[b - 1];
        for (size_t i = 0; i < n; i++) {
            const uint32_t *key = sbi_table_key(&l->sets, ids[i]);
            to[at[pass ? key[pass - 1] : key_pieces(l, ids[i])]++] = ids[i];
        }
        memcpy(ids, to, n * sizeof *ids);
    }
    free(to);
    free(at);
    return true;
}

sb_status sbi_tilings_list(sb_tilings *t, sb_error *err)
{
    lister l = { .t = t, .width = t->open };
    if (t->bounds.max_pieces && t->bounds.max_pieces < l.width)
        l.width = t->bounds.max_pieces;
    if (!l.width)
        l.width = 1;   /* keys of no bytes: the set of no pieces is still one */
    sbi_table_init(&l.sets, l.width * sizeof(uint32_t), sizeof(uint64_t), t->meter, false);
    /* A step of the listing is a few instructions: reading the clock
     * every 16 of them, the meter's default, took a third of the time. */
    uint64_t tick_mask = t->meter->tick_mask;
    t->meter->tick_mask = 4095;
    list_fills(&l, t->open_mask, t->open, 0, 0);
    t->meter->tick_mask = tick_mask;
    size_t n = l.sets.count, len = 0;
    uint32_t *ids = l.status == SB_OK ? malloc((n + 1) * sizeof *ids) : NULL;
    if (ids) {
        for (uint32_t i = 0; i < n; i++) {
            ids[i] = i;
            len += key_pieces(&l, i);
        }
        t->set_first = sbi_meter_calloc(t->meter, n + 1, sizeof *t->set_first);
        t->set_shapes = sbi_meter_calloc(t->meter, len + 1, sizeof *t->set_shapes);
        t->set_fills = sbi_meter_calloc(t->meter, n + 1, sizeof *t->set_fills);
    }
    if (!ids || !t->set_first || !t->set_shapes || !t->set_fills || !sort_sets(&l, ids, n)) {
        free(ids);
        sbi_table_free(&l.sets);
        sbi_meter_free(t->meter, t->set_first, (n + 1) * sizeof *t->set_first);
        sbi_meter_free(t->meter, t->set_shapes, (len + 1) * sizeof *t->set_shapes);
        sbi_meter_free(t->meter, t->set_fills, (n + 1) * sizeof *t->set_fills);
        t->set_first = NULL;
        t->set_shapes = NULL;
        t->set_fills = NULL;
        if (t->meter->hit == SB_LIMIT_NONE)
            t->meter->hit = SB_LIMIT_MEMORY;
        /* What was finished is the sets found, not configurations stored. */
        sbi_meter_fail(t->meter, err);
        return sbi_limit_fail(err, "listing %s%zu piece set%s", l.status == SB_OK ? "all " : "",
                              n, l.status == SB_OK ? "s" : n == 1 ? " (not all: the listing "
                              "stopped there)" : "s (not all: the listing stopped there)");
    }
    t->nsets = n;
    t->set_shapes_len = len;
    t->fills = 0;
    bool over = false;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t *key = sbi_table_key(&l.sets, ids[i]);
        uint32_t pieces = key_pieces(&l, ids[i]);
        t->set_first[i] = (uint32_t)at;
        for (uint32_t k = 0; k < pieces; k++)
            t->set_shapes[at++] = key[k] - 1;
        memcpy(&t->set_fills[i], sbi_table_value(&l.sets, ids[i]), sizeof *t->set_fills);
        over |= __builtin_add_overflow(t->fills, t->set_fills[i], &t->fills);
    }
    t->set_first[n] = (uint32_t)at;
    free(ids);
    sbi_table_free(&l.sets);
    if (over)
        return sbi_fail(err, SB_ELIMIT, "more than 2^64 fills: too many to count");
    return SB_OK;
}

uint32_t sbi_tilings_pieces(const sb_tilings *t, size_t i)
{
    return t->set_first[i + 1] - t->set_first[i];
}

uint32_t sbi_tilings_holes(const sb_tilings *t, size_t i)
{
    uint32_t covered = 0;
    for (uint32_t k = t->set_first[i]; k < t->set_first[i + 1]; k++)
        covered += t->shape_cells[t->set_shapes[k]];
    return t->open - covered;
}

sb_block sbi_tilings_block(const sb_tilings *t, uint32_t s, int row, int col)
{
    const sb_shape *sh = &t->shapes[s];
    bool full = t->shape_cells[s] == (uint32_t)(sh->height * sh->width);
    return (sb_block){ row, col, sh->height, sh->width, full ? 0 : (int)s + 1, 0, SB_AXIS_ANY,
                       0 };
}

void sbi_tilings_set(const sb_tilings *t, size_t i, sb_pieces *pc)
{
    memset(pc, 0, sizeof *pc);
    pc->rows = t->rows;
    pc->cols = t->cols;
    pc->source = &t->source;
    pc->empties = sbi_tilings_holes(t, i);
    for (uint32_t k = t->set_first[i]; k < t->set_first[i + 1]; k++) {
        uint32_t s = t->set_shapes[k];
        if (k == t->set_first[i] || s != t->set_shapes[k - 1])
            pc->proto[pc->nclasses++] = sbi_tilings_block(t, s, 0, 0);
        pc->count[pc->nclasses - 1]++;
    }
}
