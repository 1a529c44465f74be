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

#include "space.h"

#define EMPTY (-1)

typedef struct segment {
    int shape;          /* shape listed, or EMPTY for the empty-cell list */
    uint32_t off, len;  /* where in the key, how many entries */
} segment;

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
    int16_t *shape_at;      /* per corner cell: shape of its block */
    uint16_t *loaded;       /* the key the grid shows */
    bool have_loaded;

    uint16_t *goal_at;      /* per cell: 1 + shape of a goal entry there, or 0 */
    uint32_t *unit_goals;   /* complement only: 2-D prefix sums of 1x1 goal cells */

    uint16_t *child;        /* scratch key */
    uint32_t *seen;         /* per cell: epoch of the last visit (piece moves) */
    uint32_t epoch;
    uint32_t *taken;        /* per corner: expansion that took the block */
    uint32_t expansion;
    uint32_t *queue;        /* piece-move flood fill */
    uint16_t *cells_in, *cells_out;   /* scratch cell lists (complement) */
    const uint16_t **anchors;          /* per shape, for the estimate */
    uint32_t *blocked;                 /* per goal entry, for the guide */
} board;

static const int DR[4] = { -1, 1, 0, 0 };
static const int DC[4] = { 0, 0, -1, 1 };

static uint64_t zobrist(int seg, uint32_t cell)
{
    return sb_mix64(((uint64_t)(unsigned)seg << 32 | cell) + 0x9e3779b97f4a7c15ULL);
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

/* Calls paint or set_empty for entries of segment sg that are in key a but
 * not in key b (merge of two sorted lists). */
static void apply_difference(board *b, int sg, const uint16_t *a, const uint16_t *other,
                             bool on)
{
    const segment *g = &b->seg[sg];
    const uint16_t *x = a + g->off, *y = other + g->off;
    uint32_t i = 0, j = 0;
    while (i < g->len) {
        if (j < g->len && y[j] < x[i]) {
            j++;
        } else if (j < g->len && y[j] == x[i]) {
            i++;
            j++;
        } else {
            if (g->shape == EMPTY)
                set_empty(b, x[i], on);
            else
                paint(b, x[i], g->shape, on);
            i++;
        }
    }
}

/* Makes the grid show key.  Order matters in complement mode: lifting a
 * block leaves 1x1 blocks behind, which the empty list then corrects, and
 * the blocks put down last overwrite both. */
static void load(board *b, const uint16_t *key)
{
    if (b->have_loaded && memcmp(b->loaded, key, b->keylen * sizeof *key) == 0)
        return;
    if (!b->have_loaded) {
        for (uint32_t cell = 0; cell < b->ncells; cell++)
            clear_cell(b, cell);
        memset(b->loaded, 0, b->keylen * sizeof *key);
        for (int sg = 0; sg < b->nseg; sg++)
            for (uint32_t i = 0; i < b->seg[sg].len; i++) {
                uint16_t cell = key[b->seg[sg].off + i];
                if (b->seg[sg].shape == EMPTY)
                    set_empty(b, cell, true);
                else
                    paint(b, cell, b->seg[sg].shape, true);
            }
    } else {
        for (int sg = 0; sg < b->nseg; sg++)
            if (sg != b->empty_seg)
                apply_difference(b, sg, b->loaded, key, false);
        if (b->empty_seg != EMPTY) {
            apply_difference(b, b->empty_seg, b->loaded, key, false);
            apply_difference(b, b->empty_seg, key, b->loaded, true);
        }
        for (int sg = 0; sg < b->nseg; sg++)
            if (sg != b->empty_seg)
                apply_difference(b, sg, key, b->loaded, true);
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
            h ^= zobrist(sg, key[b->seg[sg].off + i]);
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
    int ar = (int)a / b->cols, ac = (int)a % b->cols;
    int br = (int)other / b->cols, bc = (int)other % b->cols;
    uint32_t n = 0;
    for (int r = ar; r < ar + h; r++)
        for (int c = ac; c < ac + w; c++)
            if (r < br || r >= br + h || c < bc || c >= bc + w)
                out[n++] = (uint16_t)(r * b->cols + c);
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
 * `to` instead (the grid shows the parent, whose key is `key`, hash h). */
static sb_status emit(board *b, const uint16_t *key, uint64_t h, int s, uint32_t from,
                      uint32_t to, sb_children *out)
{
    uint16_t *child = b->child;
    memcpy(child, key, b->keylen * sizeof *child);
    int sg = b->seg_of_shape[s];
    if (sg != EMPTY) {
        h ^= zobrist(sg, from) ^ zobrist(sg, to);
        replace_sorted(child + b->seg[sg].off, b->seg[sg].len, (uint16_t)from, (uint16_t)to);
    }
    if (b->complement) {
        const sb_shape *sh = shape_of(b, s);
        const segment *eg = &b->seg[b->empty_seg];
        uint32_t n = rect_minus(b, to, from, sh->height, sh->width, b->cells_in);
        rect_minus(b, from, to, sh->height, sh->width, b->cells_out);
        for (uint32_t i = 0; i < n; i++)
            h ^= zobrist(b->empty_seg, b->cells_in[i]) ^ zobrist(b->empty_seg, b->cells_out[i]);
        merge_cells(child + eg->off, key + eg->off, eg->len, b->cells_in, b->cells_out, n);
    }
    unsigned char *slot = sb_children_push(out, h);
    if (!slot)
        return SB_ELIMIT;
    memcpy(slot, child, b->keylen * sizeof *child);
    return SB_OK;
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

/* Unit and line moves of one block in one direction. */
static sb_status slide(board *b, const uint16_t *key, uint64_t h, uint32_t corner, int d,
                       sb_children *out)
{
    int s = b->shape_at[corner];
    int r = (int)corner / b->cols, c = (int)corner % b->cols;
    while (can_step(b, s, r, c, d, (int32_t)corner)) {
        r += DR[d];
        c += DC[d];
        sb_status st = emit(b, key, h, s, corner, (uint32_t)(r * b->cols + c), out);
        if (st != SB_OK || b->base.metric == SB_METRIC_UNIT)
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
        int r = (int)at / b->cols, c = (int)at % b->cols;
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
 * empty cells: a block moves only into an empty cell beside it.  Each
 * block is taken once (its piece moves, or its slides in all directions
 * that are open). */
static sb_status moves_near_empties(board *b, const uint16_t *key, uint64_t h,
                                    sb_children *out)
{
    const segment *eg = &b->seg[b->empty_seg];
    b->expansion = next_mark(b->taken, b->ncells, b->expansion);
    for (uint32_t i = 0; i < eg->len; i++) {
        int r = key[eg->off + i] / b->cols, c = key[eg->off + i] % b->cols;
        for (int d = 0; d < 4; d++) {
            int nr = r - DR[d], nc = c - DC[d];
            if (nr < 0 || nc < 0 || nr >= b->rows || nc >= b->cols)
                continue;
            int32_t corner = b->owner[nr * b->cols + nc];
            if (corner == EMPTY || b->taken[corner] == b->expansion)
                continue;
            b->taken[corner] = b->expansion;
            sb_status st = moves_of_block(b, key, h, (uint32_t)corner, out);
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
            /* 1x1 goals hold when no empty cell and no other block sits on one. */
            for (uint32_t i = 0; i < g->len; i++)
                if (unit_goals_in(b, list[i] / b->cols, list[i] % b->cols, 1, 1))
                    return false;
            continue;
        }
        const sb_shape *sh = shape_of(b, g->shape);
        if (b->complement)
            for (uint32_t i = 0; i < g->len; i++)
                if (unit_goals_in(b, list[i] / b->cols, list[i] % b->cols, sh->height, sh->width))
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
            int gr = gs->goals[g] / b->cols, gc = gs->goals[g] % b->cols;
            uint32_t n = b->complement ? (uint32_t)(gs->height * gs->width) : 0;
            for (int sg = 0; sg < b->nseg; sg++) {
                const segment *seg = &b->seg[sg];
                int h = seg->shape == EMPTY ? 1 : shape_of(b, seg->shape)->height;
                int w = seg->shape == EMPTY ? 1 : shape_of(b, seg->shape)->width;
                for (uint32_t i = 0; i < seg->len; i++) {
                    int r = key[seg->off + i] / b->cols, c = key[seg->off + i] % b->cols;
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

static size_t board_bytes(const sb_space *sp)
{
    const board *b = (const board *)sp;
    size_t percell = sizeof *b->owner + sizeof *b->shape_at + sizeof *b->goal_at +
                     2 * sizeof *b->seen + sizeof *b->queue + 2 * sizeof *b->cells_in;
    return sizeof *b + b->ncells * percell + 3 * b->keylen * sizeof(uint16_t) +
           (b->unit_goals ? (size_t)(b->rows + 1) * (b->cols + 1) * sizeof(uint32_t) : 0);
}

static void board_free(sb_space *sp)
{
    board *b = (board *)sp;
    if (!b)
        return;
    free(b->seg);
    free(b->seg_of_shape);
    free(b->owner);
    free(b->shape_at);
    free(b->loaded);
    free(b->goal_at);
    free(b->unit_goals);
    free(b->child);
    free(b->seen);
    free(b->taken);
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
    b->child = malloc(keybytes);
    b->owner = malloc(cells * sizeof *b->owner);
    b->shape_at = calloc(cells, sizeof *b->shape_at);
    b->goal_at = calloc(cells, sizeof *b->goal_at);
    b->seen = calloc(cells, sizeof *b->seen);
    b->taken = calloc(cells, sizeof *b->taken);
    b->queue = malloc(cells * sizeof *b->queue);
    b->cells_in = malloc(cells * sizeof *b->cells_in);
    b->cells_out = malloc(cells * sizeof *b->cells_out);
    if (b->complement)
        b->unit_goals = calloc((size_t)(b->rows + 1) * (b->cols + 1), sizeof *b->unit_goals);
    if (!b->seg || !b->seg_of_shape || !b->anchors || !b->blocked || !b->base.root || !b->loaded ||
        !b->child || !b->owner || !b->shape_at || !b->goal_at || !b->seen || !b->taken ||
        !b->queue || !b->cells_in || !b->cells_out || (b->complement && !b->unit_goals)) {
        board_free(&b->base);
        return SB_ELIMIT;
    }
    if (build_root(b, p) != SB_OK) {
        board_free(&b->base);
        return SB_ELIMIT;
    }
    index_goals(b, cat);
    *out = &b->base;
    return SB_OK;
}
