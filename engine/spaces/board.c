/*
 * board.c - the general space: any tray up to SB_MAX_CELLS cells.
 *
 * The key.  A configuration is keyed by one sorted list of 16-bit cell
 * indexes per shape: where the upper-left corners of the blocks of that
 * shape are.  Sorting makes same-shaped blocks interchangeable, so the key
 * is canonical.  When 1x1 blocks outnumber the empty cells (CS61B's
 * big.tray.4: 9,999 of them and one hole) the 1x1 list is replaced by the
 * sorted list of *empty* cells: the 1x1 blocks are then exactly the cells
 * that are neither empty nor covered by another block.  Either way the key
 * has a fixed length for the whole search, and it is as short as the
 * smaller of the two lists ("swap the roles of blocks and spaces").
 *
 * The grid.  To generate moves the board keeps one occupancy grid, owner[]
 * (the corner cell of the block covering each cell, or -1), showing the key
 * loaded last.  Loading the next key repaints only the blocks and empty
 * cells whose entries differ, so a move costs what it changes, not what
 * the tray holds.
 *
 * The hash is Zobrist's: the XOR of one pseudo-random word per (list,
 * cell) entry, so a child's hash is its parent's with a few words XORed.
 */
#include <stdlib.h>
#include <string.h>

#include "spaces/space.h"

#define EMPTY (-1)

typedef struct segment {
    int shape;          /* shape listed, or EMPTY for the empty-cell list */
    uint32_t off, len;  /* where in the key, how many entries */
} segment;

/* A block to put down once the grid's other changes are made. */
typedef struct placement {
    uint16_t cell;      /* its corner */
    int16_t shape;
} placement;

typedef struct board {
    sb_space base;
    int rows, cols;
    uint32_t ncells;
    bool complement;        /* 1x1 blocks are keyed by the empty cells */
    int nseg;
    segment *seg;
    int *seg_of_shape;      /* segment listing a shape, or EMPTY */
    int empty_seg;          /* segment listing empty cells, or EMPTY */
    uint32_t keylen;        /* entries (uint16) in a key */

    int32_t *owner;         /* per cell: corner of the covering block, EMPTY */
    uint16_t *row_of, *col_of;   /* per cell: its row and column, without dividing */
    uint64_t *zob;          /* per segment and cell: its Zobrist word, or NULL */
    int16_t *shape_at;      /* per corner cell: shape of its block */
    uint16_t *loaded;       /* the key the grid shows */
    placement *puts;        /* scratch for load: blocks to put down */
    bool have_loaded;

    uint16_t *goal_at;      /* per cell: 1 + shape of a goal entry there, or 0 */
    uint32_t *unit_goals;   /* complement only: 2-D prefix sums of 1x1 goal cells */
    bool unit_goal_cells;   /* complement and some goal entry is 1x1 */

    uint32_t *seen;         /* per cell: epoch of the last visit (piece moves) */
    uint32_t epoch;
    uint32_t *taken;        /* per corner: expansion that took the block */
    uint8_t *ways;          /* per taken corner: directions an empty cell opens */
    uint32_t *movers;       /* the taken corners, in the order found */
    uint32_t expansion;
    uint32_t *queue;        /* piece-move flood fill */
    uint16_t *cells_in, *cells_out;   /* scratch cell lists (complement) */
    const uint16_t **anchors;          /* per shape, for the estimate */
    uint32_t *blocked;                 /* per goal entry, for the guide */
    size_t held;                       /* bytes held, as board_bytes reports */
} board;

static const int DR[4] = { -1, 1, 0, 0 };
static const int DC[4] = { 0, 0, -1, 1 };

static uint64_t zobrist_word(int seg, uint32_t cell)
{
    return sb_mix64(((uint64_t)(unsigned)seg << 32 | cell) + 0x9e3779b97f4a7c15ULL);
}

/* Zobrist tables beyond this many words are not built: on the largest
 * trays the words are computed as needed, so that building the space
 * stays cheaper than the short searches those trays usually need. */
enum { ZOBRIST_TABLE_MAX = 1 << 18 };

/* Every child hashes a few words and every expansion a whole key, so the
 * words come from a table when the tray is small enough to have one. */
static uint64_t zobrist(const board *b, int seg, uint32_t cell)
{
    return b->zob ? b->zob[(size_t)seg * b->ncells + cell] : zobrist_word(seg, cell);
}

static const sb_shape *shape_of(const board *b, int s)
{
    return &b->base.cat->shapes[s];
}

/* ---- the grid -------------------------------------------------------- */

/* What a cell holds when no listed block covers it. */
static void clear_cell(board *b, uint32_t cell)
{
    if (b->complement) {
        b->owner[cell] = (int32_t)cell;
        b->shape_at[cell] = (int16_t)b->base.cat->unit;
    } else {
        b->owner[cell] = EMPTY;
    }
}

static void paint(board *b, uint32_t corner, int s, bool on)
{
    const sb_shape *sh = shape_of(b, s);
    for (int r = 0; r < sh->height; r++) {
        uint32_t cell = corner + (uint32_t)(r * b->cols);
        for (int c = 0; c < sh->width; c++, cell++) {
            if (on)
                b->owner[cell] = (int32_t)corner;
            else
                clear_cell(b, cell);
        }
    }
    if (on)
        b->shape_at[corner] = (int16_t)s;
}

static void set_empty(board *b, uint32_t cell, bool empty)
{
    if (empty)
        b->owner[cell] = EMPTY;
    else
        clear_cell(b, cell);
}

/* Splits the difference of two sorted lists of len entries: entries only
 * in x go to gone, entries only in y to come (as many of each). */
static uint32_t split_difference(const uint16_t *x, const uint16_t *y, uint32_t len,
                                 uint16_t *gone, uint16_t *come)
{
    uint32_t i = 0, j = 0, ngone = 0, ncome = 0;
    while (i < len && j < len) {
        if (x[i] == y[j]) {
            i++;
            j++;
        } else if (x[i] < y[j]) {
            gone[ngone++] = x[i++];
        } else {
            come[ncome++] = y[j++];
        }
    }
    while (i < len)
        gone[ngone++] = x[i++];
    while (j < len)
        come[ncome++] = y[j++];
    return ngone;
}

/* Makes the grid show key.  Order matters in complement mode: lifting a
 * block leaves 1x1 blocks behind, which the empty list then corrects, and
 * the blocks put down last overwrite both.  Consecutive keys are usually a
 * move or two apart, so only the lists that differ are merged, once. */
static void load(board *b, const uint16_t *key)
{
    if (b->have_loaded && memcmp(b->loaded, key, b->keylen * sizeof *key) == 0)
        return;
    if (!b->have_loaded) {
        for (uint32_t cell = 0; cell < b->ncells; cell++)
            clear_cell(b, cell);
        for (int sg = 0; sg < b->nseg; sg++)
            for (uint32_t i = 0; i < b->seg[sg].len; i++) {
                uint16_t cell = key[b->seg[sg].off + i];
                if (b->seg[sg].shape == EMPTY)
                    set_empty(b, cell, true);
                else
                    paint(b, cell, b->seg[sg].shape, true);
            }
    } else {
        uint16_t *gone = b->cells_in, *come = b->cells_out;
        uint32_t nput = 0;
        for (int sg = 0; sg < b->nseg; sg++) {
            const segment *g = &b->seg[sg];
            if (sg == b->empty_seg ||
                memcmp(b->loaded + g->off, key + g->off, g->len * sizeof *key) == 0)
                continue;
            uint32_t n = split_difference(b->loaded + g->off, key + g->off, g->len, gone, come);
            for (uint32_t i = 0; i < n; i++) {
                paint(b, gone[i], g->shape, false);
                b->puts[nput].cell = come[i];
                b->puts[nput++].shape = (int16_t)g->shape;
            }
        }
        if (b->empty_seg != EMPTY) {
            const segment *g = &b->seg[b->empty_seg];
            uint32_t n = split_difference(b->loaded + g->off, key + g->off, g->len, gone, come);
            for (uint32_t i = 0; i < n; i++)
                set_empty(b, gone[i], false);
            for (uint32_t i = 0; i < n; i++)
                set_empty(b, come[i], true);
        }
        for (uint32_t i = 0; i < nput; i++)
            paint(b, b->puts[i].cell, b->puts[i].shape, true);
    }
    memcpy(b->loaded, key, b->keylen * sizeof *key);
    b->have_loaded = true;
}

/* ---- keys -------------------------------------------------------------- */

static uint64_t hash_key(sb_space *sp, const void *keyp)
{
    const board *b = (const board *)sp;
    const uint16_t *key = keyp;
    uint64_t h = 0;
    for (int sg = 0; sg < b->nseg; sg++)
        for (uint32_t i = 0; i < b->seg[sg].len; i++)
            h ^= zobrist(b, sg, key[b->seg[sg].off + i]);
    return h;
}

/* Replaces value `out` by `in` in a sorted list, keeping it sorted. */
static void replace_sorted(uint16_t *list, uint32_t len, uint16_t out, uint16_t in)
{
    uint32_t i = 0;
    while (list[i] != out)
        i++;
    while (i > 0 && list[i - 1] > in) {
        list[i] = list[i - 1];
        i--;
    }
    while (i + 1 < len && list[i + 1] < in) {
        list[i] = list[i + 1];
        i++;
    }
    list[i] = in;
}

/* Lists the cells of rectangle a (corner, h x w) that rectangle b does not
 * cover, in increasing order. */
static uint32_t rect_minus(const board *b, uint32_t a, uint32_t other, int h, int w,
                           uint16_t *out)
{
    int ar = b->row_of[a], ac = b->col_of[a];
    int br = b->row_of[other], bc = b->col_of[other];
    uint32_t n = 0;
    for (int r = ar; r < ar + h; r++)
        for (int c = ac; c < ac + w; c++)
            if (r < br || r >= br + h || c < bc || c >= bc + w)
                out[n++] = (uint16_t)(r * b->cols + c);
    return n;
}

/* Lists the cells of the rectangle with corner (r, c), h x w, row by row:
 * in increasing order. */
static uint32_t rect_cells(const board *b, int r, int c, int h, int w, uint16_t *out)
{
    uint32_t n = 0;
    for (int i = 0; i < h; i++) {
        uint32_t cell = (uint32_t)((r + i) * b->cols + c);
        for (int j = 0; j < w; j++)
            out[n++] = (uint16_t)(cell + (uint32_t)j);
    }
    return n;
}

/* Writes into dst the sorted list src minus `drop` plus `add` (both sorted,
 * `drop` a subset of src, `add` disjoint from it). */
static void merge_cells(uint16_t *dst, const uint16_t *src, uint32_t len,
                        const uint16_t *drop, const uint16_t *add, uint32_t nchange)
{
    uint32_t i = 0, d = 0, a = 0, n = 0;
    while (n < len) {
        if (i < len && d < nchange && src[i] == drop[d]) {
            i++;
            d++;
        } else if (a < nchange && (i >= len || add[a] < src[i])) {
            dst[n++] = add[a++];
        } else {
            dst[n++] = src[i++];
        }
    }
}

/* Emits the configuration where the block of shape s at `from` sits at
 * `to` instead (the grid shows the parent, whose key is `key`, hash h).
 * In complement mode the move also empties the nchange cells listed in
 * b->cells_out and fills those in b->cells_in (both sorted). */
static sb_status emit_move(board *b, const uint16_t *key, uint64_t h, int s, uint32_t from,
                           uint32_t to, uint32_t nchange, sb_children *out)
{
    /* The hash is known only once the child is built: the child is built
     * in its slot, which saves a copy of every child. */
    unsigned char *slot = sb_children_push(out, 0);
    if (!slot)
        return SB_ELIMIT;
    uint16_t *child = (uint16_t *)slot;
    memcpy(child, key, b->keylen * sizeof *child);
    int sg = b->seg_of_shape[s];
    if (sg != EMPTY) {
        h ^= zobrist(b, sg, from) ^ zobrist(b, sg, to);
        replace_sorted(child + b->seg[sg].off, b->seg[sg].len, (uint16_t)from, (uint16_t)to);
    }
    if (b->complement) {
        const segment *eg = &b->seg[b->empty_seg];
        for (uint32_t i = 0; i < nchange; i++)
            h ^= zobrist(b, b->empty_seg, b->cells_in[i]) ^
                 zobrist(b, b->empty_seg, b->cells_out[i]);
        merge_cells(child + eg->off, key + eg->off, eg->len, b->cells_in, b->cells_out,
                    nchange);
    }
    out->hashes[out->n - 1] = h;
    return SB_OK;
}

/* Any move (piece moves may turn corners, and their rectangles overlap). */
static sb_status emit(board *b, const uint16_t *key, uint64_t h, int s, uint32_t from,
                      uint32_t to, sb_children *out)
{
    uint32_t n = 0;
    if (b->complement) {
        const sb_shape *sh = shape_of(b, s);
        n = rect_minus(b, to, from, sh->height, sh->width, b->cells_in);
        rect_minus(b, from, to, sh->height, sh->width, b->cells_out);
    }
    return emit_move(b, key, h, s, from, to, n, out);
}

/* A straight slide of k cells in direction d.  The cells it fills and
 * empties are two rectangles, k (at most the block's extent) rows or
 * columns deep: ahead of the block and behind it. */
static sb_status emit_slide(board *b, const uint16_t *key, uint64_t h, uint32_t corner, int d,
                            int k, sb_children *out)
{
    int s = b->shape_at[corner];
    uint32_t to = (uint32_t)((int)corner + k * (DR[d] * b->cols + DC[d]));
    uint32_t n = 0;
    if (b->complement) {
        const sb_shape *sh = shape_of(b, s);
        int r = b->row_of[corner], c = b->col_of[corner];
        int hi = sh->height, wi = sh->width, ir = r, ic = c, orow = r, oc = c;
        if (DR[d]) {
            hi = k < hi ? k : hi;
            ir = d == 1 ? r + sh->height + k - hi : r - k;
            orow = d == 1 ? r : r + sh->height - hi;
        } else {
            wi = k < wi ? k : wi;
            ic = d == 3 ? c + sh->width + k - wi : c - k;
            oc = d == 3 ? c : c + sh->width - wi;
        }
        n = rect_cells(b, ir, ic, hi, wi, b->cells_in);
        rect_cells(b, orow, oc, hi, wi, b->cells_out);
    }
    return emit_move(b, key, h, s, corner, to, n, out);
}

/* ---- moves ------------------------------------------------------------- */

/* Can the block of shape s with corner (r, c) step one cell in direction
 * d?  Cells of the block `self` count as free (it is lifted). */
static bool can_step(const board *b, int s, int r, int c, int d, int32_t self)
{
    const sb_shape *sh = shape_of(b, s);
    int nr = r + DR[d], nc = c + DC[d];
    if (nr < 0 || nc < 0 || nr + sh->height > b->rows || nc + sh->width > b->cols)
        return false;
    /* The leading edge: the row or column the block moves into. */
    int er = d == 1 ? r + sh->height : nr, ec = d == 3 ? c + sh->width : nc;
    int len = DR[d] ? sh->width : sh->height;
    for (int i = 0; i < len; i++) {
        int cell = DR[d] ? er * b->cols + ec + i : (er + i) * b->cols + ec;
        if (b->owner[cell] != EMPTY && b->owner[cell] != self)
            return false;
    }
    return true;
}

/* The next mark for a per-cell "visited at mark m" array.  When the
 * 32-bit counter wraps, old marks could look current, so the array is
 * cleared then (once in four billion uses). */
static uint32_t next_mark(uint32_t *marks, uint32_t ncells, uint32_t mark)
{
    if (++mark == 0) {
        memset(marks, 0, ncells * sizeof *marks);
        mark = 1;
    }
    return mark;
}

/* Unit and line moves of one block in one direction: while the row or
 * column just ahead of it (its leading edge) is empty, one more cell.  The
 * edge never overlaps the block itself, so "empty" is all it asks. */
static sb_status slide(board *b, const uint16_t *key, uint64_t h, uint32_t corner, int d,
                       sb_children *out)
{
    const sb_shape *sh = shape_of(b, b->shape_at[corner]);
    int r = b->row_of[corner], c = b->col_of[corner];
    int room = d == 0 ? r : d == 1 ? b->rows - r - sh->height
             : d == 2 ? c : b->cols - c - sh->width;
    int len = DR[d] ? sh->width : sh->height;
    int32_t along = DR[d] ? 1 : b->cols;          /* between cells of the edge */
    int32_t step = DR[d] * b->cols + DC[d];       /* from one edge to the next */
    int32_t edge = d == 0 ? (int32_t)corner - b->cols
                 : d == 1 ? (int32_t)corner + sh->height * b->cols
                 : d == 2 ? (int32_t)corner - 1 : (int32_t)corner + sh->width;
    if (b->base.metric == SB_METRIC_UNIT && room > 1)
        room = 1;
    for (int k = 1; k <= room; k++, edge += step) {
        for (int i = 0; i < len; i++)
            if (b->owner[edge + i * along] != EMPTY)
                return SB_OK;
        sb_status st = emit_slide(b, key, h, corner, d, k, out);
        if (st != SB_OK)
            return st;
    }
    return SB_OK;
}

/* Piece moves: every place the block can reach, by a flood fill over its
 * corner positions with the block lifted from the grid. */
static sb_status wander(board *b, const uint16_t *key, uint64_t h, uint32_t corner,
                        sb_children *out)
{
    int s = b->shape_at[corner];
    uint32_t head = 0, tail = 0;
    b->epoch = next_mark(b->seen, b->ncells, b->epoch);
    b->seen[corner] = b->epoch;
    b->queue[tail++] = corner;
    while (head < tail) {
        uint32_t at = b->queue[head++];
        int r = b->row_of[at], c = b->col_of[at];
        for (int d = 0; d < 4; d++) {
            if (!can_step(b, s, r, c, d, (int32_t)corner))
                continue;
            uint32_t next = (uint32_t)((r + DR[d]) * b->cols + c + DC[d]);
            if (b->seen[next] == b->epoch)
                continue;
            b->seen[next] = b->epoch;
            b->queue[tail++] = next;
            sb_status st = emit(b, key, h, s, corner, next, out);
            if (st != SB_OK)
                return st;
        }
    }
    return SB_OK;
}

static sb_status moves_of_block(board *b, const uint16_t *key, uint64_t h, uint32_t corner,
                                sb_children *out)
{
    if (b->base.metric == SB_METRIC_PIECE)
        return wander(b, key, h, corner, out);
    for (int d = 0; d < 4; d++) {
        sb_status st = slide(b, key, h, corner, d, out);
        if (st != SB_OK)
            return st;
    }
    return SB_OK;
}

/* In complement mode the blocks that can move are found from the few
 * empty cells: a block moves only into an empty cell beside it, and only
 * in the direction from it to that cell (its leading edge must be all
 * empty, so one empty cell there names both).  Each block is taken once,
 * in the order found, and slides only in the directions so named, in
 * increasing order; piece moves take it whole. */
static sb_status moves_near_empties(board *b, const uint16_t *key, uint64_t h,
                                    sb_children *out)
{
    const segment *eg = &b->seg[b->empty_seg];
    uint32_t nmovers = 0;
    b->expansion = next_mark(b->taken, b->ncells, b->expansion);
    for (uint32_t i = 0; i < eg->len; i++) {
        int r = b->row_of[key[eg->off + i]], c = b->col_of[key[eg->off + i]];
        for (int d = 0; d < 4; d++) {
            int nr = r - DR[d], nc = c - DC[d];
            if (nr < 0 || nc < 0 || nr >= b->rows || nc >= b->cols)
                continue;
            int32_t corner = b->owner[nr * b->cols + nc];
            if (corner == EMPTY)
                continue;
            if (b->taken[corner] != b->expansion) {
                b->taken[corner] = b->expansion;
                b->ways[corner] = 0;
                b->movers[nmovers++] = (uint32_t)corner;
            }
            b->ways[corner] |= (uint8_t)(1u << d);
        }
    }
    for (uint32_t m = 0; m < nmovers; m++) {
        uint32_t corner = b->movers[m];
        if (b->base.metric == SB_METRIC_PIECE) {
            sb_status st = wander(b, key, h, corner, out);
            if (st != SB_OK)
                return st;
            continue;
        }
        for (int d = 0; d < 4; d++) {
            if (!(b->ways[corner] & (1u << d)))
                continue;
            sb_status st = slide(b, key, h, corner, d, out);
            if (st != SB_OK)
                return st;
        }
    }
    return SB_OK;
}

static sb_status expand(sb_space *sp, const void *keyp, sb_children *out)
{
    board *b = (board *)sp;
    const uint16_t *key = keyp;
    load(b, key);
    uint64_t h = hash_key(sp, key);
    if (b->complement)
        return moves_near_empties(b, key, h, out);
    for (int sg = 0; sg < b->nseg; sg++)
        for (uint32_t i = 0; i < b->seg[sg].len; i++) {
            sb_status st = moves_of_block(b, key, h, key[b->seg[sg].off + i], out);
            if (st != SB_OK)
                return st;
        }
    return SB_OK;
}

/* ---- goal, estimate, decode ------------------------------------------- */

/* 1x1 goal cells inside a rectangle, from the prefix sums. */
static uint32_t unit_goals_in(const board *b, int r, int c, int h, int w)
{
    const uint32_t *p = b->unit_goals;
    int W = b->cols + 1;
    return p[(r + h) * W + c + w] - p[r * W + c + w] - p[(r + h) * W + c] + p[r * W + c];
}

static bool is_goal(sb_space *sp, const void *keyp)
{
    const board *b = (const board *)sp;
    const sb_catalog *cat = sp->cat;
    const uint16_t *key = keyp;
    for (int sg = 0; sg < b->nseg; sg++) {
        const segment *g = &b->seg[sg];
        const uint16_t *list = key + g->off;
        if (g->shape == EMPTY) {
            if (!b->unit_goal_cells)
                continue;
            /* 1x1 goals hold when no empty cell and no other block sits on one. */
            for (uint32_t i = 0; i < g->len; i++)
                if (unit_goals_in(b, b->row_of[list[i]], b->col_of[list[i]], 1, 1))
                    return false;
            continue;
        }
        const sb_shape *sh = shape_of(b, g->shape);
        if (b->unit_goal_cells)
            for (uint32_t i = 0; i < g->len; i++)
                if (unit_goals_in(b, b->row_of[list[i]], b->col_of[list[i]], sh->height, sh->width))
                    return false;
        uint32_t met = 0;
        for (uint32_t i = 0; i < g->len && met < sh->ngoals; i++)
            met += b->goal_at[list[i]] == g->shape + 1;
        if (met < sh->ngoals)
            return false;
    }
    (void)cat;
    return true;
}

/* Occupied cells of each goal entry's target rectangle, for the guide:
 * from the empty list in complement mode, else from the listed blocks. */
static void count_blocked(board *b, const uint16_t *key)
{
    const sb_catalog *cat = b->base.cat;
    for (int s = 0; s < cat->nshapes; s++) {
        const sb_shape *gs = shape_of(b, s);
        for (uint32_t g = 0; g < gs->ngoals; g++) {
            int gr = b->row_of[gs->goals[g]], gc = b->col_of[gs->goals[g]];
            uint32_t n = b->complement ? (uint32_t)(gs->height * gs->width) : 0;
            for (int sg = 0; sg < b->nseg; sg++) {
                /* In complement mode every cell counts as covered but for
                 * the listed empty ones, so only that list is read. */
                if (b->complement && sg != b->empty_seg)
                    continue;
                const segment *seg = &b->seg[sg];
                int h = seg->shape == EMPTY ? 1 : shape_of(b, seg->shape)->height;
                int w = seg->shape == EMPTY ? 1 : shape_of(b, seg->shape)->width;
                for (uint32_t i = 0; i < seg->len; i++) {
                    int r = b->row_of[key[seg->off + i]], c = b->col_of[key[seg->off + i]];
                    int dr = (r + h < gr + gs->height ? r + h : gr + gs->height) - (r > gr ? r : gr);
                    int dc = (c + w < gc + gs->width ? c + w : gc + gs->width) - (c > gc ? c : gc);
                    if (dr <= 0 || dc <= 0)
                        continue;
                    /* Empty cells free target cells; blocks cover them. */
                    if (seg->shape == EMPTY)
                        n--;
                    else if (!b->complement)
                        n += (uint32_t)(dr * dc);
                }
            }
            b->blocked[gs->first_goal + g] = n;
        }
    }
}

static unsigned estimate(sb_space *sp, const void *keyp, bool guide)
{
    board *b = (board *)sp;
    const uint16_t *key = keyp;
    for (int s = 0; s < sp->cat->nshapes; s++) {
        int sg = b->seg_of_shape[s];
        b->anchors[s] = sg == EMPTY ? NULL : key + b->seg[sg].off;
    }
    if (!guide)
        return sb_catalog_estimate(sp->cat, sp->metric, b->anchors);
    if ((uint64_t)sp->cat->ngoals * b->keylen > SB_ESTIMATE_BUDGET)
        return sb_catalog_estimate(sp->cat, sp->metric, b->anchors);
    count_blocked(b, key);
    return sb_catalog_guide(sp->cat, b->anchors, b->blocked);
}

static void decode(sb_space *sp, const void *keyp, sb_block *out)
{
    board *b = (board *)sp;
    load(b, keyp);
    size_t n = 0;
    for (uint32_t cell = 0; cell < b->ncells; cell++) {
        if (b->owner[cell] != (int32_t)cell)
            continue;
        const sb_shape *sh = shape_of(b, b->shape_at[cell]);
        out[n].row = (int)cell / b->cols;
        out[n].col = (int)cell % b->cols;
        out[n].height = sh->height;
        out[n].width = sh->width;
        n++;
    }
}

/* What the board holds, which never changes after construction. */
static size_t count_bytes(const board *b)
{
    size_t percell = sizeof *b->owner + sizeof *b->shape_at + sizeof *b->goal_at +
                     2 * sizeof *b->seen + sizeof *b->queue + 2 * sizeof *b->cells_in +
                     sizeof *b->ways + sizeof *b->movers + sizeof *b->row_of + sizeof *b->col_of;
    return sizeof *b + b->ncells * percell + 2 * b->keylen * sizeof(uint16_t) +
           b->keylen * sizeof *b->puts + (size_t)(b->nseg + 1) * (sizeof *b->seg + sizeof(int)) +
           (b->zob ? (size_t)b->nseg * b->ncells * sizeof *b->zob : 0) +
           (b->unit_goals ? (size_t)(b->rows + 1) * (b->cols + 1) * sizeof(uint32_t) : 0);
}

/* The search asks after every expansion: the count is kept, not redone. */
static size_t board_bytes(const sb_space *sp)
{
    return ((const board *)sp)->held;
}

static void board_free(sb_space *sp)
{
    board *b = (board *)sp;
    if (!b)
        return;
    free(b->seg);
    free(b->seg_of_shape);
    free(b->puts);
    free(b->owner);
    free(b->row_of);
    free(b->col_of);
    free(b->zob);
    free(b->shape_at);
    free(b->loaded);
    free(b->goal_at);
    free(b->unit_goals);
    free(b->seen);
    free(b->taken);
    free(b->ways);
    free(b->movers);
    free(b->queue);
    free(b->cells_in);
    free(b->cells_out);
    free(b->anchors);
    free(b->blocked);
    free(b->base.root);
    free(b);
}

static const sb_space_ops board_ops = {
    expand, is_goal, estimate, decode, hash_key, board_bytes, board_free, NULL
};

/* ---- construction ------------------------------------------------------ */

static int compare_u16(const void *x, const void *y)
{
    uint16_t a = *(const uint16_t *)x, c = *(const uint16_t *)y;
    return (a > c) - (a < c);
}

/* Lays out the key: one segment per shape, the 1x1 one replaced by the
 * empty cells when those are fewer. */
static void lay_out(board *b, const sb_catalog *cat)
{
    b->complement = cat->unit >= 0 && cat->shapes[cat->unit].count > cat->nempty;
    b->empty_seg = EMPTY;
    uint32_t off = 0;
    for (int s = 0; s < cat->nshapes; s++) {
        segment *g = &b->seg[b->nseg];
        if (s == cat->unit && b->complement) {
            b->seg_of_shape[s] = EMPTY;
            b->empty_seg = b->nseg;
            g->shape = EMPTY;
            g->len = cat->nempty;
        } else {
            b->seg_of_shape[s] = b->nseg;
            g->shape = s;
            g->len = cat->shapes[s].count;
        }
        g->off = off;
        off += g->len;
        b->nseg++;
    }
    b->keylen = off;
}

/* Fills the root key from the puzzle's blocks (and the grid they make). */
static sb_status build_root(board *b, const sb_puzzle *p)
{
    uint16_t *root = (uint16_t *)b->base.root;
    uint32_t *fill = calloc((size_t)b->nseg + 1, sizeof *fill);
    if (!fill)
        return SB_ELIMIT;
    int32_t *cover = b->owner;   /* borrowed as scratch before the first load */
    for (uint32_t cell = 0; cell < b->ncells; cell++)
        cover[cell] = EMPTY;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *k = &p->blocks[i];
        uint32_t corner = (uint32_t)(k->row * p->cols + k->col);
        for (int r = 0; r < k->height; r++)
            for (int c = 0; c < k->width; c++)
                cover[(k->row + r) * p->cols + k->col + c] = (int32_t)corner;
        int sg = b->seg_of_shape[sb_catalog_shape(b->base.cat, k->height, k->width)];
        if (sg != EMPTY)
            root[b->seg[sg].off + fill[sg]++] = (uint16_t)corner;
    }
    if (b->empty_seg != EMPTY)
        for (uint32_t cell = 0; cell < b->ncells; cell++)
            if (cover[cell] == EMPTY)
                root[b->seg[b->empty_seg].off + fill[b->empty_seg]++] = (uint16_t)cell;
    for (int sg = 0; sg < b->nseg; sg++)
        qsort(root + b->seg[sg].off, b->seg[sg].len, sizeof *root, compare_u16);
    free(fill);
    return SB_OK;
}

static void index_goals(board *b, const sb_catalog *cat)
{
    for (int s = 0; s < cat->nshapes; s++)
        for (uint32_t i = 0; i < cat->shapes[s].ngoals; i++)
            b->goal_at[cat->shapes[s].goals[i]] = (uint16_t)(s + 1);
    if (!b->unit_goals)
        return;
    int W = b->cols + 1;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            uint32_t here = b->goal_at[r * b->cols + c] == cat->unit + 1;
            b->unit_goals[(r + 1) * W + c + 1] = here + b->unit_goals[r * W + c + 1] +
                                                 b->unit_goals[(r + 1) * W + c] -
                                                 b->unit_goals[r * W + c];
        }
}

sb_status sb_board_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
                             sb_space **out)
{
    board *b = calloc(1, sizeof *b);
    if (!b)
        return SB_ELIMIT;
    b->base.ops = &board_ops;
    b->base.cat = cat;
    b->base.metric = metric;
    b->rows = p->rows;
    b->cols = p->cols;
    b->ncells = cat->ncells;
    size_t nshapes = (size_t)cat->nshapes + 1, cells = b->ncells;
    b->seg = calloc(nshapes, sizeof *b->seg);
    b->seg_of_shape = calloc(nshapes, sizeof *b->seg_of_shape);
    b->anchors = calloc(nshapes, sizeof *b->anchors);
    b->blocked = calloc((size_t)cat->ngoals + 1, sizeof *b->blocked);
    if (b->seg && b->seg_of_shape)
        lay_out(b, cat);
    size_t keybytes = ((size_t)b->keylen + 1) * sizeof(uint16_t);
    b->base.key_size = b->keylen * sizeof(uint16_t);
    b->base.root = malloc(keybytes);
    b->loaded = malloc(keybytes);
    b->puts = malloc(((size_t)b->keylen + 1) * sizeof *b->puts);
    b->owner = malloc(cells * sizeof *b->owner);
    b->row_of = malloc(cells * sizeof *b->row_of);
    b->col_of = malloc(cells * sizeof *b->col_of);
    if ((size_t)b->nseg * cells <= ZOBRIST_TABLE_MAX)
        b->zob = malloc((size_t)b->nseg * cells * sizeof *b->zob);
    b->shape_at = calloc(cells, sizeof *b->shape_at);
    b->goal_at = calloc(cells, sizeof *b->goal_at);
    b->seen = calloc(cells, sizeof *b->seen);
    b->taken = calloc(cells, sizeof *b->taken);
    b->ways = calloc(cells, sizeof *b->ways);
    b->movers = malloc(cells * sizeof *b->movers);
    b->queue = malloc(cells * sizeof *b->queue);
    b->cells_in = malloc(cells * sizeof *b->cells_in);
    b->cells_out = malloc(cells * sizeof *b->cells_out);
    if (b->complement)
        b->unit_goals = calloc((size_t)(b->rows + 1) * (b->cols + 1), sizeof *b->unit_goals);
    if (!b->seg || !b->seg_of_shape || !b->anchors || !b->blocked || !b->base.root || !b->loaded || !b->puts ||
        !b->owner ||
        !b->row_of || !b->col_of || ((size_t)b->nseg * cells <= ZOBRIST_TABLE_MAX && !b->zob) || !b->shape_at || !b->goal_at || !b->seen || !b->taken ||
        !b->ways || !b->movers ||
        !b->queue || !b->cells_in || !b->cells_out || (b->complement && !b->unit_goals)) {
        board_free(&b->base);
        return SB_ELIMIT;
    }
    for (uint32_t cell = 0; cell < b->ncells; cell++) {
        b->row_of[cell] = (uint16_t)(cell / (uint32_t)b->cols);
        b->col_of[cell] = (uint16_t)(cell % (uint32_t)b->cols);
    }
    if (b->zob)
        for (int sg = 0; sg < b->nseg; sg++)
            for (uint32_t cell = 0; cell < b->ncells; cell++)
                b->zob[(size_t)sg * b->ncells + cell] = zobrist_word(sg, cell);
    if (build_root(b, p) != SB_OK) {
        board_free(&b->base);
        return SB_ELIMIT;
    }
    index_goals(b, cat);
    b->unit_goal_cells = b->complement && cat->shapes[cat->unit].ngoals > 0;
    b->held = count_bytes(b);
    *out = &b->base;
    return SB_OK;
}
