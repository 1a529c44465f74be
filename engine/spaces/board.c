/*
 * board.c - the general space: any tray up to SB_MAX_CELLS cells, pieces
 * of any shape, walls, one-axis and marked pieces.
 *
 * The key.  A configuration is keyed by one sorted list of 16-bit cell
 * indexes per class (model/catalog.h): where the anchors of the blocks of
 * that class are (a block's anchor is the leftmost cell of its top row,
 * a rectangle's upper-left corner; the code below says "corner" for it).
 * Sorting makes the blocks of a class interchangeable, so the key is
 * canonical.  When plain 1x1 blocks outnumber the empty cells (CS61B's
 * big.tray.4: 9,999 of them and one hole) their list is replaced by the
 * sorted list of *empty* cells: the 1x1 blocks are then exactly the cells
 * that are neither empty, nor a wall, nor covered by another block.
 * Either way the key has a fixed length for the whole search, and it is
 * as short as the smaller of the two lists ("swap the roles of blocks and
 * spaces").  Classes are numbered in 32 bits wherever they are stored: a
 * tray of 65,536 marked pieces has as many.
 *
 * The grid.  To generate moves a worker keeps one occupancy grid in its
 * scratch, owner[] (per cell, the anchor of the block covering it, EMPTY
 * or WALL), showing the key loaded last.  Loading the next key repaints
 * only the blocks and empty cells whose entries differ, so a move costs
 * what it changes, not what the tray holds.
 *
 * Children.  A child is recorded as the move that makes it (which class,
 * from which anchor to which); its key is built only when the search asks
 * (child_key).  Its hash is Zobrist's, the XOR of one pseudo-random word
 * per (list, cell) entry, so it is the parent's with a few words XORed.
 * Whether it meets the goal is as cheap: a goal entry is met exactly when
 * a block of its class has its anchor there, and a move takes one anchor
 * away and puts one down, so the child's count of unmet goal entries is
 * the parent's plus at most one, minus at most one.
 */
#include <stdlib.h>
#include <string.h>

#include "spaces/space.h"

#define EMPTY (-1)
#define WALL (-2)

typedef struct segment {
    int shape;          /* shape listed, or EMPTY for the empty-cell list */
    uint32_t off, len;  /* where in the key, how many entries */
} segment;

/* A block to put down once the grid's other changes are made. */
typedef struct placement {
    uint16_t cell;      /* its anchor */
    int32_t shape;      /* its class: a puzzle may have 65,536 of them */
} placement;

/* A child: the block of class `shape` whose anchor was at `from` is at
 * `to`.  16 bytes, no padding: records are copied whole. */
typedef struct move_rec {
    uint64_t hash;      /* the child's hash but for the empty-cell list's words */
    uint16_t from, to;
    int32_t shape;      /* 32 bits: one class per block, up to SB_MAX_CELLS of them */
} move_rec;
_Static_assert(sizeof(move_rec) == 16, "a move record has no padding to leave unset");

/* The space: fixed once built. */
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
    uint16_t *row_of, *col_of;   /* per cell: its row and column, without dividing */
    uint64_t *zob;          /* per segment and cell: its Zobrist word, or NULL */
    uint32_t *goal_at;      /* per cell: 1 + class of the goal entry there, or 0 (32 bits:
                               1 + the last of 65,536 classes does not fit 16) */
    const uint8_t *walls;   /* per cell: 1 for a wall (the puzzle's), or NULL */
    int32_t **off;          /* per class: its cells' offsets from the anchor */
    int32_t **ahead[4];     /* per class and direction: the cells its leading cells
                               step into, as offsets from the anchor */
} board;

/* A worker's grid and lists. */
struct sb_scratch {
    int32_t *owner;         /* per cell: corner of the covering block, EMPTY */
    int32_t *shape_at;      /* per anchor cell: class of its block */
    uint16_t *loaded;       /* the key the grid shows */
    bool have_loaded;
    uint32_t unmet;         /* goal entries the loaded key does not meet */
    uint16_t *empties;      /* the empty cells the grid shows, in no order ... */
    uint32_t nempties;
    uint32_t *empty_at;     /* ... and per cell its index there (while empty) */
    placement *puts;        /* scratch for load: blocks to put down */
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
    uint32_t *steps;                   /* per goal entry: to its nearest 1x1 block */
};

static const int DR[4] = { -1, 1, 0, 0 };
static const int DC[4] = { 0, 0, -1, 1 };

static uint64_t zobrist_word(int seg, uint32_t cell)
{
    return sbi_mix64(((uint64_t)(unsigned)seg << 32 | cell) + 0x9e3779b97f4a7c15ULL);
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

static const sb_class *shape_of(const board *b, int s)
{
    return &b->base.cat->classes[s];
}

/* ---- the grid -------------------------------------------------------- */

/* 1 when the goal entry at cell (if there is one) is unmet: it is met
 * when a block of its shape has its corner there. */
static uint32_t unmet_at(const board *b, const sb_scratch *w, uint32_t cell)
{
    return b->goal_at[cell] &&
           (w->owner[cell] != (int32_t)cell || (uint32_t)w->shape_at[cell] + 1 != b->goal_at[cell]);
}

/* Every change to the grid goes through here, which keeps w->unmet (the
 * goal entries unmet) and the list of empty cells right as it goes:
 * loading a key costs what it changes, even when the goal names ten
 * thousand blocks.  shape: the class of the block cornered at cell, or -1
 * to leave it. */
static void set_cell(const board *b, sb_scratch *w, uint32_t cell, int32_t owner, int shape)
{
    bool goal = b->goal_at[cell] != 0;
    if (goal)
        w->unmet -= unmet_at(b, w, cell);
    if ((w->owner[cell] == EMPTY) != (owner == EMPTY)) {
        if (owner == EMPTY) {
            w->empty_at[cell] = w->nempties;
            w->empties[w->nempties++] = (uint16_t)cell;
        } else {
            uint16_t last = w->empties[--w->nempties];
            w->empties[w->empty_at[cell]] = last;
            w->empty_at[last] = w->empty_at[cell];
        }
    }
    w->owner[cell] = owner;
    if (shape >= 0)
        w->shape_at[cell] = shape;
    if (goal)
        w->unmet += unmet_at(b, w, cell);
}

/* What a cell holds when no listed block covers it. */
static void clear_cell(const board *b, sb_scratch *w, uint32_t cell)
{
    if (b->complement)
        set_cell(b, w, cell, (int32_t)cell, b->base.cat->unit);
    else
        set_cell(b, w, cell, EMPTY, -1);
}

static void paint(const board *b, sb_scratch *w, uint32_t corner, int s, bool on)
{
    const sb_class *sh = shape_of(b, s);
    for (uint32_t i = 0; i < sh->ncells; i++) {
        uint32_t cell = corner + (uint32_t)b->off[s][i];
        if (on)
            set_cell(b, w, cell, (int32_t)corner, cell == corner ? s : -1);
        else
            clear_cell(b, w, cell);
    }
}

static void set_empty(const board *b, sb_scratch *w, uint32_t cell, bool empty)
{
    if (empty)
        set_cell(b, w, cell, EMPTY, -1);
    else
        clear_cell(b, w, cell);
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
static void load(const board *b, sb_scratch *w, const uint16_t *key)
{
    if (w->have_loaded && memcmp(w->loaded, key, b->keylen * sizeof *key) == 0)
        return;
    if (!w->have_loaded) {
        for (uint32_t cell = 0; cell < b->ncells; cell++)
            if (b->walls && b->walls[cell])
                set_cell(b, w, cell, WALL, -1);
            else
                clear_cell(b, w, cell);
        for (int sg = 0; sg < b->nseg; sg++)
            for (uint32_t i = 0; i < b->seg[sg].len; i++) {
                uint16_t cell = key[b->seg[sg].off + i];
                if (b->seg[sg].shape == EMPTY)
                    set_empty(b, w, cell, true);
                else
                    paint(b, w, cell, b->seg[sg].shape, true);
            }
    } else {
        uint16_t *gone = w->cells_in, *come = w->cells_out;
        uint32_t nput = 0;
        for (int sg = 0; sg < b->nseg; sg++) {
            const segment *g = &b->seg[sg];
            if (sg == b->empty_seg ||
                memcmp(w->loaded + g->off, key + g->off, g->len * sizeof *key) == 0)
                continue;
            uint32_t n = split_difference(w->loaded + g->off, key + g->off, g->len, gone, come);
            for (uint32_t i = 0; i < n; i++) {
                paint(b, w, gone[i], g->shape, false);
                w->puts[nput].cell = come[i];
                w->puts[nput++].shape = g->shape;
            }
        }
        if (b->empty_seg != EMPTY) {
            const segment *g = &b->seg[b->empty_seg];
            uint32_t n = split_difference(w->loaded + g->off, key + g->off, g->len, gone, come);
            for (uint32_t i = 0; i < n; i++)
                set_empty(b, w, gone[i], false);
            for (uint32_t i = 0; i < n; i++)
                set_empty(b, w, come[i], true);
        }
        for (uint32_t i = 0; i < nput; i++)
            paint(b, w, w->puts[i].cell, w->puts[i].shape, true);
    }
    memcpy(w->loaded, key, b->keylen * sizeof *key);
    w->have_loaded = true;
}

/* ---- keys -------------------------------------------------------------- */

static uint64_t hash_key(const sb_space *sp, const void *keyp)
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

/* The child where the block of shape s at `from` sits at `to` instead:
 * its record (with the hash so far: the parent's, h, with the words of
 * the moved block's list changed) and whether it meets the goal. */
static sb_status emit(const board *b, sb_scratch *w, uint64_t h, int s, uint32_t from,
                      uint32_t to, sb_children *out)
{
    int sg = b->seg_of_shape[s];
    if (sg != EMPTY)
        h ^= zobrist(b, sg, from) ^ zobrist(b, sg, to);
    uint32_t goal = (uint32_t)s + 1;
    uint32_t unmet = w->unmet + (b->goal_at[from] == goal) - (b->goal_at[to] == goal);
    unsigned char *slot = sbi_children_push(out, unmet == 0);
    if (!slot)
        return SB_ELIMIT;
    move_rec rec = { h, (uint16_t)from, (uint16_t)to, s };
    memcpy(slot, &rec, sizeof rec);
    return SB_OK;
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

/* The cells a move of a block of class s from anchor `from` to `to` fills
 * (w->cells_in) and empties (w->cells_out), in increasing order, and how
 * many of each: only the complement mode's key lists them.  Each is what
 * one placement covers and the other does not; a cell of one placement is
 * found in the other by its offset, marked in w->seen. */
static uint32_t changed_cells(const board *b, sb_scratch *w, int s, uint32_t from, uint32_t to)
{
    if (!b->complement)
        return 0;
    const sb_class *c = shape_of(b, s);
    const int32_t *off = b->off[s];
    uint32_t n = 0;
    w->epoch = next_mark(w->seen, b->ncells, w->epoch);
    for (uint32_t i = 0; i < c->ncells; i++)
        w->seen[from + (uint32_t)off[i]] = w->epoch;
    for (uint32_t i = 0; i < c->ncells; i++)
        if (w->seen[to + (uint32_t)off[i]] != w->epoch)
            w->cells_in[n++] = (uint16_t)(to + (uint32_t)off[i]);
    w->epoch = next_mark(w->seen, b->ncells, w->epoch);
    for (uint32_t i = 0; i < c->ncells; i++)
        w->seen[to + (uint32_t)off[i]] = w->epoch;
    uint32_t m = 0;
    for (uint32_t i = 0; i < c->ncells; i++)
        if (w->seen[from + (uint32_t)off[i]] != w->epoch)
            w->cells_out[m++] = (uint16_t)(from + (uint32_t)off[i]);
    return n;
}

/* Builds the child's key from the parent's and the move, finishing its
 * hash with the empty-cell list's words (complement mode) on the way. */
static uint64_t child_key(const sb_space *sp, sb_scratch *w, const void *parentp,
                          const void *recp, void *keyp)
{
    const board *b = (const board *)sp;
    const uint16_t *parent = parentp;
    uint16_t *key = keyp;
    move_rec rec;
    memcpy(&rec, recp, sizeof rec);
    memcpy(key, parent, b->keylen * sizeof *key);
    int sg = b->seg_of_shape[rec.shape];
    if (sg != EMPTY)
        replace_sorted(key + b->seg[sg].off, b->seg[sg].len, rec.from, rec.to);
    uint32_t n = changed_cells(b, w, rec.shape, rec.from, rec.to);
    if (n) {
        const segment *eg = &b->seg[b->empty_seg];
        for (uint32_t i = 0; i < n; i++)
            rec.hash ^= zobrist(b, b->empty_seg, w->cells_in[i]) ^
                        zobrist(b, b->empty_seg, w->cells_out[i]);
        merge_cells(key + eg->off, parent + eg->off, eg->len, w->cells_in, w->cells_out, n);
    }
    return rec.hash;
}

/* ---- moves ------------------------------------------------------------- */

/* The room a block of class s anchored at (r, c) has in direction d: how
 * many cells its box may go before it leaves the tray. */
static int room(const board *b, const sb_class *c, int r, int col, int d)
{
    int left = col - c->left;
    return d == 0 ? r : d == 1 ? b->rows - r - c->height
         : d == 2 ? left : b->cols - left - c->width;
}

/* Can the block of class s anchored at (r, c) step one cell in direction
 * d?  Cells of the block `self` count as free (it is lifted). */
static bool can_step(const board *b, const sb_scratch *w, int s, int r, int c, int d,
                     int32_t self)
{
    const sb_class *sh = shape_of(b, s);
    if (!sbi_class_moves(sh, d) || room(b, sh, r, c, d) < 1)
        return false;
    int32_t at = r * b->cols + c;
    const int32_t *ahead = b->ahead[d][s];
    for (uint32_t i = 0; i < sh->nlead[d]; i++) {
        int32_t o = w->owner[at + ahead[i]];
        if (o != EMPTY && o != self)
            return false;
    }
    return true;
}

/* Unit and line moves of one block in one direction: while the cells
 * just ahead of its leading cells are empty (or the block's own: a notched
 * block sliding on meets cells it has left), one more cell. */
static inline __attribute__((always_inline)) sb_status slide(const board *b, sb_scratch *w,
                                                             uint64_t h, uint32_t corner, int d,
                                                             sb_children *out)
{
    int s = w->shape_at[corner];
    const sb_class *sh = shape_of(b, s);
    if (!sbi_class_moves(sh, d))
        return SB_OK;
    int far = room(b, sh, b->row_of[corner], b->col_of[corner], d);
    int32_t step = DR[d] * b->cols + DC[d];
    const int32_t *ahead = b->ahead[d][s];
    if (b->base.metric == SB_METRIC_UNIT && far > 1)
        far = 1;
    for (int k = 1; k <= far; k++) {
        int32_t at = (int32_t)corner + (k - 1) * step;
        for (uint32_t i = 0; i < sh->nlead[d]; i++) {
            int32_t o = w->owner[at + ahead[i]];
            if (o != EMPTY && o != (int32_t)corner)
                return SB_OK;
        }
        sb_status st = emit(b, w, h, s, corner, (uint32_t)(at + step), out);
        if (st != SB_OK)
            return st;
    }
    return SB_OK;
}

/* Piece moves: every place the block can reach, by a flood fill over its
 * corner positions with the block lifted from the grid. */
static sb_status wander(const board *b, sb_scratch *w, uint64_t h, uint32_t corner,
                        sb_children *out)
{
    int s = w->shape_at[corner];
    uint32_t head = 0, tail = 0;
    w->epoch = next_mark(w->seen, b->ncells, w->epoch);
    w->seen[corner] = w->epoch;
    w->queue[tail++] = corner;
    while (head < tail) {
        uint32_t at = w->queue[head++];
        int r = b->row_of[at], c = b->col_of[at];
        for (int d = 0; d < 4; d++) {
            if (!can_step(b, w, s, r, c, d, (int32_t)corner))
                continue;
            uint32_t next = (uint32_t)((r + DR[d]) * b->cols + c + DC[d]);
            if (w->seen[next] == w->epoch)
                continue;
            w->seen[next] = w->epoch;
            w->queue[tail++] = next;
            sb_status st = emit(b, w, h, s, corner, next, out);
            if (st != SB_OK)
                return st;
        }
    }
    return SB_OK;
}

static sb_status moves_of_block(const board *b, sb_scratch *w, uint64_t h, uint32_t corner,
                                sb_children *out)
{
    if (b->base.metric == SB_METRIC_PIECE)
        return wander(b, w, h, corner, out);
    for (int d = 0; d < 4; d++) {
        sb_status st = slide(b, w, h, corner, d, out);
        if (st != SB_OK)
            return st;
    }
    return SB_OK;
}

/* The blocks that can move are found from the few
 * empty cells: a block moves only into an empty cell beside it, and only
 * in the direction from it to that cell (its leading edge must be all
 * empty, so one empty cell there names both).  Each block is taken once,
 * in the order found, and slides only in the directions so named, in
 * increasing order; piece moves take it whole. */
static sb_status moves_near_empties(const board *b, sb_scratch *w, const uint16_t *empties,
                                    uint32_t nempties, uint64_t h, sb_children *out)
{
    uint32_t nmovers = 0;
    w->expansion = next_mark(w->taken, b->ncells, w->expansion);
    for (uint32_t i = 0; i < nempties; i++) {
        int r = b->row_of[empties[i]], c = b->col_of[empties[i]];
        for (int d = 0; d < 4; d++) {
            int nr = r - DR[d], nc = c - DC[d];
            if (nr < 0 || nc < 0 || nr >= b->rows || nc >= b->cols)
                continue;
            int32_t corner = w->owner[nr * b->cols + nc];
            if (corner < 0)
                continue;   /* empty, or a wall */
            if (w->taken[corner] != w->expansion) {
                w->taken[corner] = w->expansion;
                w->ways[corner] = 0;
                w->movers[nmovers++] = (uint32_t)corner;
            }
            w->ways[corner] |= (uint8_t)(1u << d);
        }
    }
    for (uint32_t m = 0; m < nmovers; m++) {
        uint32_t corner = w->movers[m];
        if (b->base.metric == SB_METRIC_PIECE) {
            sb_status st = wander(b, w, h, corner, out);
            if (st != SB_OK)
                return st;
            continue;
        }
        for (int d = 0; d < 4; d++) {
            if (!(w->ways[corner] & (1u << d)))
                continue;
            sb_status st = slide(b, w, h, corner, d, out);
            if (st != SB_OK)
                return st;
        }
    }
    return SB_OK;
}

/* Goal entries the loaded configuration misses (unmet_at over them). */
static uint32_t count_unmet(const board *b, const sb_scratch *w)
{
    const sb_catalog *cat = b->base.cat;
    uint32_t unmet = 0;
    for (int s = 0; s < cat->nclasses; s++)
        for (uint32_t i = 0; i < cat->classes[s].ngoals; i++)
            unmet += unmet_at(b, w, cat->classes[s].goals[i]);
    return unmet;
}

/* Makes the grid show key, and knows how far it is from the goal: counted
 * once, then kept by set_cell. */
static void show(const board *b, sb_scratch *w, const uint16_t *key)
{
    bool first = !w->have_loaded;
    load(b, w, key);
    if (first)
        w->unmet = count_unmet(b, w);
}

static sb_status expand(const sb_space *sp, sb_scratch *w, const void *keyp, sb_children *out)
{
    const board *b = (const board *)sp;
    const uint16_t *key = keyp;
    show(b, w, key);
    uint64_t h = hash_key(sp, key);
    /* From the empty cells when they are the fewer (in complement mode the
     * key lists them, sorted), else block by block. */
    if (b->complement)
        return moves_near_empties(b, w, key + b->seg[b->empty_seg].off,
                                  b->seg[b->empty_seg].len, h, out);
    if (b->base.cat->nempty <= b->base.cat->nblocks)
        return moves_near_empties(b, w, w->empties, w->nempties, h, out);
    for (int sg = 0; sg < b->nseg; sg++)
        for (uint32_t i = 0; i < b->seg[sg].len; i++) {
            sb_status st = moves_of_block(b, w, h, key[b->seg[sg].off + i], out);
            if (st != SB_OK)
                return st;
        }
    return SB_OK;
}

/* ---- goal, estimate, decode ------------------------------------------- */

static bool is_goal(const sb_space *sp, sb_scratch *w, const void *key)
{
    show((const board *)sp, w, key);
    return w->unmet == 0;
}

/* Occupied cells of each goal entry's target cells, for the guide, from
 * the grid (which must show the configuration). */
static void count_blocked(const board *b, sb_scratch *w)
{
    const sb_catalog *cat = b->base.cat;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = shape_of(b, s);
        for (uint32_t g = 0; g < c->ngoals; g++) {
            uint32_t n = 0;
            for (uint32_t i = 0; i < c->ncells; i++)
                n += w->owner[c->goals[g] + b->off[s][i]] != EMPTY;
            w->blocked[c->first_goal + g] = n;
        }
    }
}

/* In complement mode the 1x1 blocks are not listed (they are most of the
 * tray), so the guide would be blind to 1x1 goals; the grid finds each
 * one's nearest 1x1 block instead, ring by ring of growing distance: on
 * a tray dense with them, one or two rings. */
static void unit_steps(const board *b, sb_scratch *w)
{
    const sb_class *sh = shape_of(b, b->base.cat->unit);
    for (uint32_t g = 0; g < sh->ngoals; g++) {
        int gr = b->row_of[sh->goals[g]], gc = b->col_of[sh->goals[g]];
        uint32_t found = 0;
        for (int d = 0; !found && d < b->rows + b->cols; d++)
            for (int dr = -(d < gr ? d : gr); dr <= d && gr + dr < b->rows && !found; dr++) {
                int r = gr + dr, left = d - abs(dr);
                for (int dc = -left; dc <= left; dc += left ? 2 * left : 1) {
                    int c = gc + dc;
                    if (r < 0 || c < 0 || r >= b->rows || c >= b->cols)
                        continue;
                    uint32_t cell = (uint32_t)(r * b->cols + c);
                    if (w->owner[cell] == (int32_t)cell && w->shape_at[cell] == b->base.cat->unit) {
                        found = (uint32_t)d + 1;
                        break;
                    }
                }
            }
        w->steps[sh->first_goal + g] = found ? found - 1 : 0;
    }
}

static unsigned estimate(const sb_space *sp, sb_scratch *w, const void *keyp, bool guide)
{
    const board *b = (const board *)sp;
    const uint16_t *key = keyp;
    for (int s = 0; s < sp->cat->nclasses; s++) {
        int sg = b->seg_of_shape[s];
        w->anchors[s] = sg == EMPTY ? NULL : key + b->seg[sg].off;
    }
    if (!guide)
        return sbi_catalog_estimate(sp->cat, sp->metric, w->anchors);
    if ((uint64_t)sp->cat->ngoals * b->keylen > SB_ESTIMATE_BUDGET)
        return sbi_catalog_estimate(sp->cat, sp->metric, w->anchors);
    show(b, w, key);
    count_blocked(b, w);
    if (!b->complement)
        return sbi_catalog_guide(sp->cat, w->anchors, w->blocked, NULL);
    unit_steps(b, w);
    return sbi_catalog_guide(sp->cat, w->anchors, w->blocked, w->steps);
}

static void decode(const sb_space *sp, sb_scratch *w, const void *key, sb_block *out)
{
    const board *b = (const board *)sp;
    show(b, w, key);
    size_t n = 0;
    for (uint32_t cell = 0; cell < b->ncells; cell++) {
        if (w->owner[cell] != (int32_t)cell)
            continue;
        out[n] = shape_of(b, w->shape_at[cell])->proto;
        out[n].row = (int)cell / b->cols;
        out[n].col = (int)cell % b->cols;
        n++;
    }
}

/* ---- a worker's scratch ------------------------------------------------ */

static void scratch_free(sb_scratch *w)
{
    if (!w)
        return;
    free(w->owner);
    free(w->shape_at);
    free(w->loaded);
    free(w->puts);
    free(w->seen);
    free(w->taken);
    free(w->ways);
    free(w->movers);
    free(w->queue);
    free(w->cells_in);
    free(w->cells_out);
    free(w->anchors);
    free(w->blocked);
    free(w->steps);
    free(w->empties);
    free(w->empty_at);
    free(w);
}

static sb_scratch *scratch_new(const sb_space *sp)
{
    const board *b = (const board *)sp;
    size_t cells = b->ncells, keylen = (size_t)b->keylen + 1;
    sb_scratch *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->owner = calloc(cells, sizeof *w->owner);
    w->shape_at = calloc(cells, sizeof *w->shape_at);
    w->loaded = malloc(keylen * sizeof *w->loaded);
    w->puts = malloc(keylen * sizeof *w->puts);
    w->seen = calloc(cells, sizeof *w->seen);
    w->taken = calloc(cells, sizeof *w->taken);
    w->ways = calloc(cells, sizeof *w->ways);
    w->movers = malloc(cells * sizeof *w->movers);
    w->queue = malloc(cells * sizeof *w->queue);
    w->cells_in = malloc(cells * sizeof *w->cells_in);
    w->cells_out = malloc(cells * sizeof *w->cells_out);
    w->anchors = calloc((size_t)sp->cat->nclasses + 1, sizeof *w->anchors);
    w->blocked = calloc((size_t)sp->cat->ngoals + 1, sizeof *w->blocked);
    w->steps = calloc((size_t)sp->cat->ngoals + 1, sizeof *w->steps);
    w->empties = malloc(cells * sizeof *w->empties);
    w->empty_at = malloc(cells * sizeof *w->empty_at);
    if (!w->owner || !w->shape_at || !w->loaded || !w->puts || !w->seen || !w->taken ||
        !w->ways || !w->movers || !w->queue || !w->cells_in || !w->cells_out || !w->anchors ||
        !w->blocked || !w->steps || !w->empties || !w->empty_at) {
        scratch_free(w);
        return NULL;
    }
    return w;
}

/* What the board and one scratch hold, which never changes. */
static size_t count_bytes(const board *b)
{
    const sb_scratch *w = NULL;
    size_t percell = sizeof *w->owner + sizeof *w->shape_at + sizeof *b->goal_at +
                     2 * sizeof *w->seen + sizeof *w->queue + 2 * sizeof *w->cells_in +
                     sizeof *w->ways + sizeof *w->movers + sizeof *b->row_of + sizeof *b->col_of;
    return sizeof *b + sizeof *w + b->ncells * percell + 2 * b->keylen * sizeof(uint16_t) +
           b->keylen * sizeof *w->puts + (size_t)(b->nseg + 1) * (sizeof *b->seg + sizeof(int)) +
           (b->zob ? (size_t)b->nseg * b->ncells * sizeof *b->zob : 0) +
           (size_t)(b->base.cat->nclasses + b->base.cat->ngoals) * sizeof(void *);
}

static void board_free(sb_space *sp)
{
    board *b = (board *)sp;
    if (!b)
        return;
    free(b->seg);
    free(b->seg_of_shape);
    free(b->row_of);
    free(b->col_of);
    free(b->zob);
    free(b->goal_at);
    for (int d = 0; d < 4; d++) {
        for (int s = 0; b->ahead[d] && s < b->base.cat->nclasses; s++)
            free(b->ahead[d][s]);
        free(b->ahead[d]);
    }
    for (int s = 0; b->off && s < b->base.cat->nclasses; s++)
        free(b->off[s]);
    free(b->off);
    free(b->base.root);
    free(b);
}

static const sb_space_ops board_ops = {
    expand, child_key, is_goal, estimate, decode, hash_key, scratch_new, scratch_free,
    board_free
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
    b->complement = cat->unit >= 0 && cat->classes[cat->unit].count > cat->nempty;
    b->empty_seg = EMPTY;
    uint32_t off = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        segment *g = &b->seg[b->nseg];
        if (s == cat->unit && b->complement) {
            b->seg_of_shape[s] = EMPTY;
            b->empty_seg = b->nseg;
            g->shape = EMPTY;
            g->len = cat->nempty;
        } else {
            b->seg_of_shape[s] = b->nseg;
            g->shape = s;
            g->len = cat->classes[s].count;
        }
        g->off = off;
        off += g->len;
        b->nseg++;
    }
    b->keylen = off;
}

void sbi_board_key_plan(const sb_space *sp, int32_t *list_at, int32_t *empty_at)
{
    const board *b = (const board *)sp;
    for (int s = 0; s < sp->cat->nclasses; s++) {
        int sg = b->seg_of_shape[s];
        list_at[s] = sg == EMPTY ? -1 : (int32_t)b->seg[sg].off;
    }
    *empty_at = b->empty_seg == EMPTY ? -1 : (int32_t)b->seg[b->empty_seg].off;
}

/* Fills the root key from the puzzle's blocks (and the grid they make). */
static sb_status build_root(board *b, const sb_puzzle *p)
{
    uint16_t *root = (uint16_t *)b->base.root;
    uint32_t *fill = calloc((size_t)b->nseg + 1, sizeof *fill);
    if (!fill)
        return SB_ELIMIT;
    int32_t *cover = malloc((size_t)b->ncells * sizeof *cover);
    if (!cover) {
        free(fill);
        return SB_ELIMIT;
    }
    for (uint32_t cell = 0; cell < b->ncells; cell++)
        cover[cell] = b->walls && b->walls[cell] ? WALL : EMPTY;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *k = &p->blocks[i];
        uint32_t corner = (uint32_t)(k->row * p->cols + k->col);
        int s = sbi_catalog_class(b->base.cat, k);
        for (uint32_t j = 0; j < shape_of(b, s)->ncells; j++)
            cover[corner + (uint32_t)b->off[s][j]] = (int32_t)corner;
        int sg = b->seg_of_shape[s];
        if (sg != EMPTY)
            root[b->seg[sg].off + fill[sg]++] = (uint16_t)corner;
    }
    if (b->empty_seg != EMPTY)
        for (uint32_t cell = 0; cell < b->ncells; cell++)
            if (cover[cell] == EMPTY)
                root[b->seg[b->empty_seg].off + fill[b->empty_seg]++] = (uint16_t)cell;
    for (int sg = 0; sg < b->nseg; sg++)
        qsort(root + b->seg[sg].off, b->seg[sg].len, sizeof *root, compare_u16);
    free(cover);
    free(fill);
    return SB_OK;
}

/* Each class's cells, and the cells ahead of its leading cells, as
 * offsets from its anchor on this tray. */
static bool lay_cells(board *b, const sb_catalog *cat)
{
    size_t n = (size_t)cat->nclasses + 1;
    b->off = calloc(n, sizeof *b->off);
    for (int d = 0; d < 4; d++)
        b->ahead[d] = calloc(n, sizeof *b->ahead[d]);
    if (!b->off || !b->ahead[0] || !b->ahead[1] || !b->ahead[2] || !b->ahead[3])
        return false;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = &cat->classes[s];
        b->off[s] = malloc((c->ncells + 1) * sizeof *b->off[s]);
        if (!b->off[s])
            return false;
        for (uint32_t i = 0; i < c->ncells; i++)
            b->off[s][i] = c->dr[i] * b->cols + c->dc[i];
        for (int d = 0; d < 4; d++) {
            b->ahead[d][s] = malloc((c->nlead[d] + 1) * sizeof *b->ahead[d][s]);
            if (!b->ahead[d][s])
                return false;
            for (uint32_t i = 0; i < c->nlead[d]; i++)
                b->ahead[d][s][i] = b->off[s][c->lead[d][i]] + DR[d] * b->cols + DC[d];
        }
    }
    return true;
}

static void index_goals(board *b, const sb_catalog *cat)
{
    for (int s = 0; s < cat->nclasses; s++)
        for (uint32_t i = 0; i < cat->classes[s].ngoals; i++)
            b->goal_at[cat->classes[s].goals[i]] = (uint32_t)s + 1;
}

sb_status sbi_board_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
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
    size_t nshapes = (size_t)cat->nclasses + 1, cells = b->ncells;
    b->seg = calloc(nshapes, sizeof *b->seg);
    b->seg_of_shape = calloc(nshapes, sizeof *b->seg_of_shape);
    if (b->seg && b->seg_of_shape)
        lay_out(b, cat);
    b->base.key_size = b->keylen * sizeof(uint16_t);
    b->base.rec_size = sizeof(move_rec);
    b->base.root = malloc(((size_t)b->keylen + 1) * sizeof(uint16_t));
    b->row_of = malloc(cells * sizeof *b->row_of);
    b->col_of = malloc(cells * sizeof *b->col_of);
    bool zobrist_table = (size_t)b->nseg * cells <= ZOBRIST_TABLE_MAX;
    if (zobrist_table)
        b->zob = malloc((size_t)b->nseg * cells * sizeof *b->zob);
    b->goal_at = calloc(cells, sizeof *b->goal_at);
    b->walls = p->walls;
    if (!b->seg || !b->seg_of_shape || !b->base.root || !b->row_of || !b->col_of ||
        (zobrist_table && !b->zob) || !b->goal_at || !lay_cells(b, cat)) {
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
    b->base.bytes = count_bytes(b);
    *out = &b->base;
    return SB_OK;
}
