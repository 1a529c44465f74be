/*
 * bitboard.c - the fast space: a configuration is one 64-bit word.
 *
 * The spaced image.  Put a spacer cell between every two neighbouring
 * cells (and at the crossings), so an H x W tray becomes a (2H-1) x (2W-1)
 * image, stored row-major from bit 0 at the upper left.  A cell bit is 1
 * when the cell is occupied; a spacer bit is 1 when the cells it joins
 * belong to the same block (a crossing, when all four around it do).  For
 * the 5x4 Klotski tray that is 9 x 7 = 63 bits.
 *
 * Why it works.  The image says which cells form one block, so it is a
 * complete description of the configuration; and it says nothing about
 * *which* block of a shape sits where, so same-shaped blocks are
 * interchangeable and the word itself is the canonical key.  A block of
 * shape h x w anchored at image bit a is pattern[h x w] << a; moving it
 * one cell is a shift by 2 (one cell and one spacer) sideways or by
 * 2(2W-1) vertically, and it may move when the cells it enters are 0.
 *
 * Blocks are found from the empty cells: a block can only move into an
 * empty cell beside it, and following spacer bits from any of its cells
 * leads to its upper-left corner and its size.
 */
#include <stdlib.h>
#include <string.h>

#include "store_u64.h"

enum { MAX_SIDE = 32 };

typedef struct bitboard {
    sb_space base;
    int rows, cols;
    int width;                    /* image width, 2 * cols - 1 */
    uint64_t cells;               /* every cell bit */
    int shift[4];                 /* image distance of one step: up, down, left, right */
    uint64_t may_leave[4];        /* cell bits with a neighbour in direction d */
    int8_t shape_id[MAX_SIDE + 1][MAX_SIDE + 1];
    uint64_t *pattern;            /* per shape: the block's image anchored at bit 0 */
    uint64_t *fits;               /* per shape: anchor bits where it fits in the tray */
    uint64_t goal_care, goal_bits; /* goal holds when (S & care) == bits */
    uint16_t *anchor_store;       /* estimate: anchors by shape */
    const uint16_t **anchors;
    uint64_t *goal_cells;         /* per goal entry (catalog order): its target cells */
    uint32_t *blocked;            /* guide: occupied target cells per goal entry */
} bitboard;

static int cell_bit(const bitboard *b, int r, int c)
{
    return 2 * r * b->width + 2 * c;
}

static uint64_t shifted(uint64_t x, int by)
{
    return by >= 0 ? x << by : x >> -by;
}

/* The image of an h x w block anchored at bit 0. */
static uint64_t block_pattern(const bitboard *b, int h, int w)
{
    uint64_t m = 0;
    for (int y = 0; y < 2 * h - 1; y++)
        for (int x = 0; x < 2 * w - 1; x++)
            m |= 1ULL << (y * b->width + x);
    return m;
}

/* The spacer ring around a block: bits that must be 0 for the block to be
 * exactly h x w at that place (and not part of a larger one). */
static uint64_t block_ring(const bitboard *b, int r, int c, int h, int w)
{
    uint64_t m = 0;
    int y0 = 2 * r - 1, y1 = 2 * (r + h) - 1, x0 = 2 * c - 1, x1 = 2 * (c + w) - 1;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            bool edge = y == y0 || y == y1 || x == x0 || x == x1;
            if (edge && y >= 0 && x >= 0 && y < 2 * b->rows - 1 && x < b->width)
                m |= 1ULL << (y * b->width + x);
        }
    return m;
}

/* Follows spacer bits from an occupied cell to its block's corner and
 * size; returns the corner's bit and sets *s to the block's shape.  The
 * may_leave masks say whether a cell has a neighbour on each side, so no
 * division is needed to find the tray's edges. */
static inline __attribute__((always_inline)) int find_block(const bitboard *b, uint64_t S,
                                                             int bit, int *s)
{
    while ((b->may_leave[2] >> bit & 1) && (S >> (bit - 1) & 1))
        bit -= 2;
    while ((b->may_leave[0] >> bit & 1) && (S >> (bit - b->width) & 1))
        bit -= 2 * b->width;
    int h = 1, w = 1, right = bit, down = bit;
    while ((b->may_leave[3] >> right & 1) && (S >> (right + 1) & 1)) {
        right += 2;
        w++;
    }
    while ((b->may_leave[1] >> down & 1) && (S >> (down + b->width) & 1)) {
        down += 2 * b->width;
        h++;
    }
    *s = b->shape_id[h][w];
    return bit;
}

/* Where generated children go.  Move generation is written once, as
 * inline functions taking a visit function: expand() collects children for
 * the generic search loop, and the BFS kernel below stores them straight
 * into the table.  Each call site passes a constant function, so the
 * compiler inlines the whole chain and the kernel pays no indirect call. */
typedef bool (*visit_fn)(void *ctx, uint64_t child);   /* false: stop */

/* Unit and line moves of the block with image M in direction d. */
static inline bool slide(const bitboard *b, uint64_t S, uint64_t M, int s, int anchor, int d,
                         visit_fn visit, void *ctx)
{
    uint64_t rest = S & ~M;
    int by = b->shift[d];
    while ((b->may_leave[d] >> anchor & 1) && (b->fits[s] >> (anchor + by) & 1)) {
        uint64_t next = shifted(M, by);
        if (rest & next)
            break;
        anchor += by;
        M = next;
        if (!visit(ctx, rest | M))
            return false;
        if (b->base.metric == SB_METRIC_UNIT)
            break;
    }
    return true;
}

/* Piece moves: a flood fill over the anchors the lifted block can reach. */
static inline bool wander(const bitboard *b, uint64_t S, uint64_t M, int s, int anchor,
                          visit_fn visit, void *ctx)
{
    uint64_t rest = S & ~M, seen = 1ULL << anchor;
    int queue[64], head = 0, tail = 0;
    queue[tail++] = anchor;
    while (head < tail) {
        int at = queue[head++];
        for (int d = 0; d < 4; d++) {
            if (!((1ULL << at) & b->may_leave[d]))
                continue;
            int next = at + b->shift[d];
            uint64_t img = b->pattern[s] << next;
            if (!((1ULL << next) & b->fits[s]) || (seen >> next & 1) || (rest & img))
                continue;
            seen |= 1ULL << next;
            queue[tail++] = next;
            if (!visit(ctx, rest | img))
                return false;
        }
    }
    return true;
}

/* Visits every configuration one move from S.  A block can only move into
 * an empty cell beside it, so each (empty cell, direction) pair names at
 * most one candidate move: the block on the far side of the cell, moving
 * toward it.  A wide block is met from each empty cell of its leading
 * edge; `tried` keeps one try per block and direction (per block, for
 * piece moves, which try every direction).  False when visit stopped it.
 * (Finding blocks from the few empty cells costs less than finding every
 * block's corner with masks: measured, 27M against 37M instructions for
 * the classic.) */
static inline bool generate(const bitboard *b, uint64_t S, visit_fn visit, void *ctx)
{
    uint64_t tried[4] = { 0, 0, 0, 0 };
    bool piece = b->base.metric == SB_METRIC_PIECE;
    for (uint64_t empty = b->cells & ~S; empty; empty &= empty - 1) {
        int e = __builtin_ctzll(empty);
        for (int d = 0; d < 4; d++) {
            int from = d ^ 1;   /* the side the block comes from */
            if (!(b->may_leave[from] >> e & 1))
                continue;
            int n = e + b->shift[from];
            if (!(S >> n & 1))
                continue;
            int s, anchor = find_block(b, S, n, &s);
            uint64_t *mark = &tried[piece ? 0 : d];
            if (*mark >> anchor & 1)
                continue;
            *mark |= 1ULL << anchor;
            uint64_t M = b->pattern[s] << anchor;
            bool go_on = piece ? wander(b, S, M, s, anchor, visit, ctx)
                               : slide(b, S, M, s, anchor, d, visit, ctx);
            if (!go_on)
                return false;
        }
    }
    return true;
}

static bool collect(void *ctx, uint64_t child)
{
    unsigned char *slot = sb_children_push(ctx, 0);
    if (slot)
        memcpy(slot, &child, sizeof child);
    return slot != NULL;
}

static sb_status expand(sb_space *sp, const void *key, sb_children *out)
{
    uint64_t S;
    memcpy(&S, key, sizeof S);
    return generate((const bitboard *)sp, S, collect, out) ? SB_OK : SB_ELIMIT;
}

/* ---- the BFS kernel ---------------------------------------------------- */

typedef struct kernel {
    const bitboard *b;
    sb_u64_table *t;
    uint32_t parent;       /* node being expanded */
    uint32_t goal;         /* node id of the goal met, or SB_NO_NODE */
    bool full;             /* the table refused to grow */
} kernel;

static inline __attribute__((always_inline)) bool store_child(void *ctx, uint64_t child)
{
    kernel *k = ctx;
    uint32_t id;
    int added = sb_u64_add(k->t, child, k->parent, &id);
    if (added < 0) {
        k->full = true;
        return false;
    }
    if (added && (child & k->b->goal_care) == k->b->goal_bits) {
        k->goal = id;
        return false;
    }
    return true;
}

/* The same breadth-first search as search.c's, specialised to the bitboard
 * and its table: the store is the queue, and children go straight from
 * the move generator into the table.  The generic loop costs about three
 * times as much per configuration here, through its indirect calls and
 * child buffer (docs/performance.md). */
static sb_status bfs(sb_space *sp, sb_store *st, const sb_bfs_hooks *hooks, uint32_t *goal)
{
    kernel k = { (const bitboard *)sp, (sb_u64_table *)st, 0, SB_NO_NODE, false };
    uint32_t layer_end = 1;
    unsigned depth = 0;
    for (uint32_t id = 0; id < st->count; id++) {
        if (id == layer_end) {
            depth++;
            layer_end = st->count;
        }
        k.parent = id;
        bool done = !generate(k.b, k.t->keys[id], store_child, &k);
        *hooks->expanded += 1;
        if (done && k.full)
            return hooks->full(hooks->ctx);
        if (done) {
            *goal = k.goal;
            return SB_OK;
        }
        if ((*hooks->expanded & 255) == 0 || st->count > hooks->max_states) {
            sb_status status = hooks->check(hooks->ctx, depth);
            if (status != SB_OK)
                return status;
        }
    }
    return SB_UNSOLVABLE;
}

static bool is_goal(sb_space *sp, const void *key)
{
    const bitboard *b = (const bitboard *)sp;
    uint64_t S;
    memcpy(&S, key, sizeof S);
    return (S & b->goal_care) == b->goal_bits;
}

static uint64_t hash_key(sb_space *sp, const void *key)
{
    uint64_t S;
    (void)sp;
    memcpy(&S, key, sizeof S);
    return sb_mix64(S);
}

/* Calls visit(anchor bit, shape) for every block, in row-major order. */
static void each_block(const bitboard *b, uint64_t S,
                       void (*visit)(const bitboard *, int, int, void *), void *ctx)
{
    for (uint64_t rest = S & b->cells; rest;) {
        int s, anchor = find_block(b, S, __builtin_ctzll(rest), &s);
        rest &= ~(b->pattern[s] << anchor);
        visit(b, anchor, s, ctx);
    }
}

static int anchor_cell(const bitboard *b, int anchor)
{
    return anchor / (2 * b->width) * b->cols + anchor % b->width / 2;
}

typedef struct sorted_anchors { uint32_t fill[MAX_SIDE * MAX_SIDE]; } sorted_anchors;

static void note_anchor(const bitboard *b, int anchor, int s, void *ctx)
{
    sorted_anchors *sa = ctx;
    ((uint16_t *)b->anchors[s])[sa->fill[s]++] = (uint16_t)anchor_cell(b, anchor);
}

static unsigned estimate(sb_space *sp, const void *key, bool guide)
{
    bitboard *b = (bitboard *)sp;
    sorted_anchors sa;
    uint64_t S;
    memcpy(&S, key, sizeof S);
    memset(sa.fill, 0, sizeof(uint32_t) * (size_t)sp->cat->nshapes);
    each_block(b, S, note_anchor, &sa);
    if (!guide)
        return sb_catalog_estimate(sp->cat, sp->metric, b->anchors);
    for (uint32_t g = 0; g < sp->cat->ngoals; g++)
        b->blocked[g] = (uint32_t)__builtin_popcountll(S & b->goal_cells[g]);
    return sb_catalog_guide(sp->cat, b->anchors, b->blocked);
}

typedef struct block_list { sb_block *out; size_t n; } block_list;

static void note_block(const bitboard *b, int anchor, int s, void *ctx)
{
    block_list *bl = ctx;
    const sb_shape *sh = &b->base.cat->shapes[s];
    int cell = anchor_cell(b, anchor);
    bl->out[bl->n++] = (sb_block){ cell / b->cols, cell % b->cols, sh->height, sh->width };
}

static void decode(sb_space *sp, const void *key, sb_block *out)
{
    block_list bl = { out, 0 };
    uint64_t S;
    memcpy(&S, key, sizeof S);
    each_block((const bitboard *)sp, S, note_block, &bl);
}

static size_t bytes(const sb_space *sp)
{
    const bitboard *b = (const bitboard *)sp;
    return sizeof *b + (size_t)sp->cat->nshapes * (2 * sizeof(uint64_t) + sizeof(void *)) +
           sp->cat->nblocks * sizeof *b->anchor_store + sizeof(uint64_t);
}

static void destroy(sb_space *sp)
{
    bitboard *b = (bitboard *)sp;
    if (!b)
        return;
    free(b->pattern);
    free(b->fits);
    free(b->anchor_store);
    free(b->anchors);
    free(b->goal_cells);
    free(b->blocked);
    free(b->base.root);
    free(b);
}

static const sb_space_ops bitboard_ops = {
    expand, is_goal, estimate, decode, hash_key, bytes, destroy, bfs
};

/* The image of a list of blocks. */
static uint64_t image_of(const bitboard *b, const sb_block *blocks, size_t n)
{
    uint64_t S = 0;
    for (size_t i = 0; i < n; i++) {
        int s = b->shape_id[blocks[i].height][blocks[i].width];
        S |= b->pattern[s] << cell_bit(b, blocks[i].row, blocks[i].col);
    }
    return S;
}

sb_status sb_bitboard_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
                                sb_space **out)
{
    if (!sb_bitboard_fits(p->rows, p->cols))
        return SB_EINPUT;
    bitboard *b = calloc(1, sizeof *b);
    if (!b)
        return SB_ELIMIT;
    b->base.ops = &bitboard_ops;
    b->base.cat = cat;
    b->base.metric = metric;
    b->base.key_size = sizeof(uint64_t);
    b->rows = p->rows;
    b->cols = p->cols;
    b->width = 2 * p->cols - 1;
    size_t n = (size_t)cat->nshapes + 1;
    b->pattern = calloc(n, sizeof *b->pattern);
    b->fits = calloc(n, sizeof *b->fits);
    b->anchors = calloc(n, sizeof *b->anchors);
    b->anchor_store = calloc((size_t)cat->nblocks + 1, sizeof *b->anchor_store);
    b->base.root = malloc(sizeof(uint64_t));
    b->goal_cells = calloc((size_t)cat->ngoals + 1, sizeof *b->goal_cells);
    b->blocked = calloc((size_t)cat->ngoals + 1, sizeof *b->blocked);
    if (!b->pattern || !b->fits || !b->anchors || !b->anchor_store || !b->base.root ||
        !b->goal_cells || !b->blocked) {
        destroy(&b->base);
        return SB_ELIMIT;
    }

    b->shift[0] = -2 * b->width;   /* up */
    b->shift[1] = 2 * b->width;    /* down */
    b->shift[2] = -2;              /* left */
    b->shift[3] = 2;               /* right */
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            uint64_t bit = 1ULL << cell_bit(b, r, c);
            b->cells |= bit;
            b->may_leave[0] |= r > 0 ? bit : 0;
            b->may_leave[1] |= r + 1 < p->rows ? bit : 0;
            b->may_leave[2] |= c > 0 ? bit : 0;
            b->may_leave[3] |= c + 1 < p->cols ? bit : 0;
        }
    memset(b->shape_id, -1, sizeof b->shape_id);
    uint32_t filled = 0;
    for (int s = 0; s < cat->nshapes; s++) {
        const sb_shape *sh = &cat->shapes[s];
        b->shape_id[sh->height][sh->width] = (int8_t)s;
        b->pattern[s] = block_pattern(b, sh->height, sh->width);
        for (int r = 0; r + sh->height <= p->rows; r++)
            for (int c = 0; c + sh->width <= p->cols; c++)
                b->fits[s] |= 1ULL << cell_bit(b, r, c);
        b->anchors[s] = b->anchor_store + filled;
        filled += sh->count;
        for (uint32_t g = 0; g < sh->ngoals; g++)
            b->goal_cells[sh->first_goal + g] =
                block_pattern(b, sh->height, sh->width) << (2 * (sh->goals[g] / p->cols) * b->width +
                                                           2 * (sh->goals[g] % p->cols)) & b->cells;
    }
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        b->goal_bits |= image_of(b, g, 1);
        b->goal_care |= image_of(b, g, 1) | block_ring(b, g->row, g->col, g->height, g->width);
    }
    uint64_t root = image_of(b, p->blocks, p->nblocks);
    memcpy(b->base.root, &root, sizeof root);
    *out = &b->base;
    return SB_OK;
}
