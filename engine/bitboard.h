/*
 * bitboard.h - the fast space: a configuration is one 64-bit word.
 * Internal to the engine: bitboard.c builds the space and answers the
 * generic search through sb_space_ops; bitboard_bfs.c is its BFS kernel.
 * Both share the move generator below, written as inline functions so
 * that each caller gets it compiled around its own visit function.
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
 * Moves are found for all blocks at once, with masks, one direction at a
 * time: a block may step in direction d when every cell of its leading
 * edge (its cells with no spacer bit toward d) has an empty cell beside
 * it.  Leading cells that cannot step are "bad"; spreading bad along the
 * spacer bits of the edge to one representative cell per block leaves
 * exactly the movable blocks.  A block's size is read off at its
 * upper-left corner: its top row is a run of 2w-1 one bits (count
 * trailing ones), its height the run of spacers down its left column.
 */
#ifndef SB_BITBOARD_H
#define SB_BITBOARD_H

#include "space.h"

enum { MAX_SIDE = 32 };

typedef struct bitboard {
    sb_space base;
    int rows, cols;
    int width;                    /* image width, 2 * cols - 1 */
    uint64_t cells;               /* every cell bit */
    uint64_t may_leave[4];        /* cell bits with a neighbour in direction d */
    uint64_t run_stop;            /* bits where a run of ones along a row must stop */
    uint64_t edge[4];             /* image bits on the tray's top, bottom, left, right edge */
    uint64_t column[MAX_SIDE + 1]; /* bit 0 of the first 2h-1 image rows, per h */
    uint64_t image_col[64];       /* the bits of each image column */
    int8_t image_x[64];           /* the image column of each bit */
    bool goal_mirrors;            /* the goal looks the same mirrored left to right */
    int tallest, widest;          /* the largest block height and width */
    int spare_bit;                /* an image bit seen64 may squeeze out (-1: no kernel) */
    int8_t shape_id[MAX_SIDE + 1][MAX_SIDE + 1];
    uint64_t *pattern;            /* per shape: the block's image anchored at bit 0 */
    uint64_t goal_care, goal_bits; /* goal holds when (S & care) == bits */
    uint16_t *anchor_store;       /* estimate: anchors by shape */
    const uint16_t **anchors;
    uint64_t *goal_cells;         /* per goal entry (catalog order): its target cells */
    uint32_t *blocked;            /* guide: occupied target cells per goal entry */
} bitboard;


/* The size of the block whose upper-left corner is at image bit a: its
 * top row is a run of 2w-1 one bits from a (stopped at the image row's end
 * by run_stop), and each spacer down its left column adds a row. */
static inline __attribute__((always_inline)) void block_size(const bitboard *b, uint64_t S, int a,
                                                              int *h, int *w)
{
    *w = __builtin_ctzll((~S | b->run_stop) >> (a + 1)) / 2 + 1;
    /* A fixed number of tests (tallest - 1), so no branch to mispredict. */
    uint64_t joined = 1;
    *h = 1;
    for (int i = 1, below = a + b->width; i < b->tallest; i++, below += 2 * b->width) {
        joined &= S >> (below & 63) & (uint64_t)(below < 64);
        *h += (int)joined;
    }
}

static inline __attribute__((always_inline)) int block_shape(const bitboard *b, uint64_t S, int a)
{
    int h, w;
    block_size(b, S, a, &h, &w);
    return b->shape_id[h][w];
}

/* The upper-left corners of the blocks that can step once in each
 * direction (up, down, left, right), found for all blocks at once.  For
 * left and right moves the representative of a block is the top cell of
 * its leading column, so bad cells spread upward along vertical spacers;
 * for up and down, the left cell of its leading row, so bad spreads left.
 * Right and down representatives are then walked to the corner. */
static inline __attribute__((always_inline)) void movers(const bitboard *b, uint64_t S,
                                                          uint64_t corner[4])
{
    int w = b->width, v = 2 * w;
    uint64_t occupied = S & b->cells, empty = b->cells & ~S;
    uint64_t join_up = S << w, join_down = S >> w;          /* bit x: spacer above, below x */
    uint64_t join_left = S << 1 & b->may_leave[2];          /* ... left of x */
    uint64_t join_right = S >> 1 & b->may_leave[3];         /* ... right of x */
    uint64_t ok[4] = {
        occupied & b->may_leave[0] & empty << v,
        occupied & b->may_leave[1] & empty >> v,
        occupied & b->may_leave[2] & empty << 2,
        occupied & b->may_leave[3] & empty >> 2,
    };
    uint64_t bad[4] = {
        (occupied & ~join_up) & ~ok[0],
        (occupied & ~join_down) & ~ok[1],
        (occupied & ~join_left) & ~ok[2],
        (occupied & ~join_right) & ~ok[3],
    };
    for (int i = 0; i < b->widest - 1; i++) {
        bad[0] |= bad[0] >> 2 & join_right;
        bad[1] |= bad[1] >> 2 & join_right;
    }
    for (int i = 0; i < b->tallest - 1; i++) {
        bad[2] |= bad[2] >> v & join_down;
        bad[3] |= bad[3] >> v & join_down;
    }
    corner[0] = ok[0] & ~join_left & ~bad[0];
    uint64_t lower_left = ok[1] & ~join_left & ~bad[1];
    corner[2] = ok[2] & ~join_up & ~bad[2];
    uint64_t upper_right = ok[3] & ~join_up & ~bad[3];
    for (int i = 0; i < b->tallest - 1; i++)
        lower_left = (lower_left & ~join_up) | (lower_left & join_up) >> v;
    for (int i = 0; i < b->widest - 1; i++)
        upper_right = (upper_right & ~join_left) | (upper_right & join_left) >> 2;
    corner[1] = lower_left;
    corner[3] = upper_right;
}

/* Where generated children go.  Move generation is written once, as
 * inline functions taking a visit function: expand() collects children for
 * the generic search loop, and the BFS kernel below stores them straight
 * into the table.  Each call site passes a constant function, so the
 * compiler inlines the whole chain and the kernel pays no indirect call.
 *
 * Each child comes with its mirror image (left to right), kept up to date
 * move by move from the mirror image mS of S that the caller passes: the
 * kernel folds mirror pairs, and mirroring every child afresh would cost
 * more than the move itself.  A visit function that ignores the mirror
 * costs nothing for it: the compiler drops the arithmetic. */
typedef bool (*visit_fn)(void *ctx, uint64_t child, uint64_t mirror);   /* false: stop */

/* x moved one cell in direction d (a constant where it matters: every
 * caller's d is known when the generator is inlined). */
static inline __attribute__((always_inline)) uint64_t step(const bitboard *b, uint64_t x, int d)
{
    int v = 2 * b->width;
    return d == 0 ? x >> v : d == 1 ? x << v : d == 2 ? x >> 2 : x << 2;
}

/* The direction d becomes in the mirror: left and right trade places. */
static inline __attribute__((always_inline)) int mirror_dir(int d)
{
    return d ^ d >> 1;
}

/* A block's image and its mirror image, a shift apart: its corner's image
 * column x and width w go to column (width - 1) - x - 2(w - 1). */
typedef struct block { uint64_t image, mirror; } block;

static inline __attribute__((always_inline)) block block_at(const bitboard *b, uint64_t S, int a)
{
    int h, w;
    block_size(b, S, a, &h, &w);
    uint64_t M = (((1ULL << (2 * w - 1)) - 1) * b->column[h]) << a;
    int by = b->width + 1 - 2 * b->image_x[a] - 2 * w;
    return (block){ M, by >= 0 ? M << by : M >> -by };
}

/* Unit and line moves of block B in direction d: it steps while it keeps
 * off the tray's edge and the cells ahead are empty. */
static inline __attribute__((always_inline)) bool slide(const bitboard *b, uint64_t S, uint64_t mS,
                                                         block B, int d, visit_fn visit, void *ctx)
{
    uint64_t rest = S & ~B.image, mrest = mS & ~B.mirror;
    while (!(B.image & b->edge[d]) && !(rest & step(b, B.image, d))) {
        B.image = step(b, B.image, d);
        B.mirror = step(b, B.mirror, mirror_dir(d));
        if (!visit(ctx, rest | B.image, mrest | B.mirror))
            return false;
        if (b->base.metric == SB_METRIC_UNIT)
            break;
    }
    return true;
}

/* The slides of every block whose corner is in `corners`, in direction d. */
static inline __attribute__((always_inline)) bool slides(const bitboard *b, uint64_t S, uint64_t mS,
                                                          uint64_t corners, int d,
                                                          visit_fn visit, void *ctx)
{
    for (; corners; corners &= corners - 1)
        if (!slide(b, S, mS, block_at(b, S, __builtin_ctzll(corners)), d, visit, ctx))
            return false;
    return true;
}

/* Piece moves: a flood fill over the places the lifted block can reach,
 * each known by its image (and marked by its corner bit). */
static inline __attribute__((always_inline)) bool wander(const bitboard *b, uint64_t S, uint64_t mS,
                                                          block B, visit_fn visit, void *ctx)
{
    uint64_t rest = S & ~B.image, mrest = mS & ~B.mirror, seen = B.image & -B.image;
    block queue[64];
    int head = 0, tail = 0;
    queue[tail++] = B;
    while (head < tail) {
        block at = queue[head++];
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            block next = { step(b, at.image, d), step(b, at.mirror, mirror_dir(d)) };
            uint64_t corner = next.image & -next.image;
            if ((at.image & b->edge[d]) || (rest & next.image) || (seen & corner))
                continue;
            seen |= corner;
            queue[tail++] = next;
            if (!visit(ctx, rest | next.image, mrest | next.mirror))
                return false;
        }
    }
    return true;
}

/* Visits every configuration one move from S (whose mirror image is mS);
 * false when visit stopped it.  A piece move may bend, so under that
 * metric each block that can step at all (in any direction) starts one
 * flood fill. */
static inline __attribute__((always_inline)) bool generate(const bitboard *b, uint64_t S,
                                                            uint64_t mS, visit_fn visit,
                                                            void *ctx)
{
    uint64_t corner[4];
    movers(b, S, corner);
    if (b->base.metric == SB_METRIC_PIECE) {
        for (uint64_t m = corner[0] | corner[1] | corner[2] | corner[3]; m; m &= m - 1)
            if (!wander(b, S, mS, block_at(b, S, __builtin_ctzll(m)), visit, ctx))
                return false;
        return true;
    }
    return slides(b, S, mS, corner[0], 0, visit, ctx) &&
           slides(b, S, mS, corner[1], 1, visit, ctx) &&
           slides(b, S, mS, corner[2], 2, visit, ctx) &&
           slides(b, S, mS, corner[3], 3, visit, ctx);
}

/* Mirror symmetry.  Mirroring the tray left to right maps moves to moves
 * and keeps the image's spacer structure, so when the goal looks the same
 * in the mirror a configuration and its mirror image are equally far from
 * it.  The kernel (bitboard_bfs.c) then stores one of each pair. */
static inline __attribute__((always_inline)) uint64_t mirrored(const bitboard *b, uint64_t S)
{
    /* Image columns x and w-1-x trade places, one pair at a time. */
    for (int x = 0; x < b->width / 2; x++) {
        int by = b->width - 1 - 2 * x;
        uint64_t t = (S >> by ^ S) & b->image_col[x];
        S ^= t | t << by;
    }
    return S;
}

/* The bitboard's own BFS (bitboard_bfs.c): the space's bfs op. */
sb_status sb_bitboard_bfs(sb_space *sp, sb_bfs_run *run);

#endif
