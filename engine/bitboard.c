/*
 * bitboard.c - the fast space's operations for the generic search and
 * explore loops (expand, goal test, estimates, decoding) and its
 * construction.  The image and the move generator are described in
 * bitboard.h; the BFS kernel is bitboard_bfs.c.
 */
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"

static int cell_bit(const bitboard *b, int r, int c)
{
    return 2 * r * b->width + 2 * c;
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

static bool collect(void *ctx, uint64_t child, uint64_t mirror)
{
    (void)mirror;
    unsigned char *slot = sb_children_push(ctx, 0);
    if (slot)
        memcpy(slot, &child, sizeof child);
    return slot != NULL;
}

static sb_status expand(sb_space *sp, const void *key, sb_children *out)
{
    uint64_t S;
    memcpy(&S, key, sizeof S);
    return generate((const bitboard *)sp, S, 0, collect, out) ? SB_OK : SB_ELIMIT;
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
        /* The lowest occupied cell left is a block's upper-left corner. */
        int anchor = __builtin_ctzll(rest), s = block_shape(b, S, anchor);
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
    return sizeof *b + (size_t)sp->cat->nshapes * (sizeof(uint64_t) + sizeof(void *)) +
           sp->cat->nblocks * sizeof *b->anchor_store + sizeof(uint64_t);
}

static void destroy(sb_space *sp)
{
    bitboard *b = (bitboard *)sp;
    if (!b)
        return;
    free(b->pattern);
    free(b->anchor_store);
    free(b->anchors);
    free(b->goal_cells);
    free(b->blocked);
    free(b->base.root);
    free(b);
}

static const sb_space_ops bitboard_ops = {
    expand, is_goal, estimate, decode, hash_key, bytes, destroy, sb_bitboard_bfs
};

/* For the one tray shapes (1x32, 32x1) whose image leaves seen64 no bit
 * to squeeze out: the generic loops and the 64-bit store. */
static const sb_space_ops bitboard_ops_no_kernel = {
    expand, is_goal, estimate, decode, hash_key, bytes, destroy, NULL
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
    b->base.cat = cat;
    b->base.metric = metric;
    b->base.key_size = sizeof(uint64_t);
    b->rows = p->rows;
    b->cols = p->cols;
    b->width = 2 * p->cols - 1;
    size_t n = (size_t)cat->nshapes + 1;
    b->pattern = calloc(n, sizeof *b->pattern);
    b->anchors = calloc(n, sizeof *b->anchors);
    b->anchor_store = calloc((size_t)cat->nblocks + 1, sizeof *b->anchor_store);
    b->base.root = malloc(sizeof(uint64_t));
    b->goal_cells = calloc((size_t)cat->ngoals + 1, sizeof *b->goal_cells);
    b->blocked = calloc((size_t)cat->ngoals + 1, sizeof *b->blocked);
    if (!b->pattern || !b->anchors || !b->anchor_store || !b->base.root ||
        !b->goal_cells || !b->blocked) {
        destroy(&b->base);
        return SB_ELIMIT;
    }

    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            uint64_t bit = 1ULL << cell_bit(b, r, c);
            b->cells |= bit;
            b->may_leave[0] |= r > 0 ? bit : 0;
            b->may_leave[1] |= r + 1 < p->rows ? bit : 0;
            b->may_leave[2] |= c > 0 ? bit : 0;
            b->may_leave[3] |= c + 1 < p->cols ? bit : 0;
        }
    int nbits = (2 * p->rows - 1) * b->width;
    for (int y = 0; y < 2 * p->rows - 1; y++)
        for (int x = 0; x < b->width; x++) {
            uint64_t bit = 1ULL << (y * b->width + x);
            b->edge[0] |= y == 0 ? bit : 0;
            b->edge[1] |= y == 2 * p->rows - 2 ? bit : 0;
            b->edge[2] |= x == 0 ? bit : 0;
            b->edge[3] |= x == b->width - 1 ? bit : 0;
            b->image_col[x] |= bit;
            b->image_x[y * b->width + x] = (int8_t)x;
        }
    b->column[1] = 1;
    for (int h = 2; h <= p->rows; h++)
        b->column[h] = b->column[h - 1] | 1ULL << ((2 * h - 3) * b->width) |
                       1ULL << ((2 * h - 2) * b->width);
    b->run_stop = 1ULL << 63;
    for (int y = 1; y < 2 * p->rows - 1; y++)
        b->run_stop |= 1ULL << (y * b->width);
    b->spare_bit = p->rows > 1 && p->cols > 1 ? b->width + 1   /* the first crossing */
                   : nbits <= 62                ? 62
                                                : -1;
    b->base.ops = b->spare_bit >= 0 ? &bitboard_ops : &bitboard_ops_no_kernel;
    memset(b->shape_id, -1, sizeof b->shape_id);
    uint32_t filled = 0;
    for (int s = 0; s < cat->nshapes; s++) {
        const sb_shape *sh = &cat->shapes[s];
        b->shape_id[sh->height][sh->width] = (int8_t)s;
        b->tallest = sh->height > b->tallest ? sh->height : b->tallest;
        b->widest = sh->width > b->widest ? sh->width : b->widest;
        b->pattern[s] = block_pattern(b, sh->height, sh->width);
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
    b->goal_mirrors = mirrored(b, b->goal_care) == b->goal_care &&
                      mirrored(b, b->goal_bits) == b->goal_bits;
    uint64_t root = image_of(b, p->blocks, p->nblocks);
    memcpy(b->base.root, &root, sizeof root);
    *out = &b->base;
    return SB_OK;
}

