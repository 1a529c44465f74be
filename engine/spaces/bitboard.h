/*
 * bitboard.h - the fast space: a configuration is one 64-bit word, or
 * one 128-bit word on trays up to (2H-1)(2W-1) <= 128 (6x6, 5x7, ...).
 * Internal to the engine: bitboard.c builds the space and answers the
 * generic search through sb_space_ops; search/bfs_bitboard.c is the
 * breadth-first search's fast inner loop, at both word sizes.  Both share
 * the move generator, bitboard_moves.h, written once and instantiated
 * below for each word size.
 *
 * The spaced image.  Put a spacer cell between every two neighbouring
 * cells (and at the crossings), so an H x W tray becomes a (2H-1) x (2W-1)
 * image, stored row-major from bit 0 at the upper left.  A cell bit is 1
 * when the cell is occupied; a spacer bit is 1 when the cells it joins
 * belong to the same block (a crossing, when all four around it do).  For
 * the 5x4 Klotski tray that is 9 x 7 = 63 bits; for 6x6, 11 x 11 = 121.
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
 *
 * Any shape, and walls.  The spacers say which cells form one piece
 * whatever its shape (a crossing is 1 when the four cells around it are
 * one piece), so the image describes a configuration of polyominoes just
 * as well.  It stays canonical as long as a piece's cells say its class:
 * no two classes may have the same cells.  Two colours of one shape and
 * one-axis pieces are left to the general board; the puzzles that have
 * them (Rush Hour cards, the 8- and 15-puzzles) solve there in
 * milliseconds (docs/performance.md), so they get no encoding of their
 * own yet.  A wall is a cell whose bit is always 1 and joined to nothing.
 *
 * Rectangles are read off in a few word operations; other shapes are not,
 * so a puzzle with any other piece, or walls, is "shaped" and takes the
 * other generator of bitboard_moves.h: each piece beside an empty cell is
 * flooded from one cell along its spacers (a few steps: the longest path
 * inside a piece) and moved if its leading cells all have room.  Mirror
 * folding needs every piece to look the same in the mirror, so it is for
 * rectangles only.
 */
#ifndef SB_BITBOARD_H
#define SB_BITBOARD_H

#include <string.h>

#include "spaces/space.h"

typedef unsigned __int128 sb_wide;

/* The longest tray side: a 1 x 64 tray has a 127-bit image. */
enum { MAX_SIDE = 64 };

/* The masks the move generator works with, at each word size (bit 0 is
 * the image's upper left).  Both are filled when the image fits 64 bits. */
#define SB_BITBOARD_MASKS(word, bits)                                                    \
    struct {                                                                             \
        word cells;                  /* every cell bit */                                \
        word may_leave[4];           /* cells with a neighbour up, down, left, right */  \
        word run_stop;               /* where a run of ones along a row must stop */     \
        word walls;                  /* wall cells (always 1 in an image) */             \
        word edge[4];                /* image bits on the top, bottom, left, right edge */ \
        word column[MAX_SIDE + 1];   /* bit 0 of the first 2h-1 image rows, per h */     \
        word image_col[bits];        /* the bits of each image column */                 \
        word goal_care, goal_bits;   /* the goal holds when (S & care) == bits */        \
        word *goal_cells;            /* per goal entry (catalog order): its target cells */ \
    }

typedef struct bitboard {
    sb_space base;
    int rows, cols;
    int width;                    /* image width, 2 * cols - 1 */
    int row_step;                 /* image distance of one cell down, 2 * width; 0 on a
                                     one-row tray, where nothing moves vertically and a
                                     shift by 2 * width could pass the word's width */
    SB_BITBOARD_MASKS(uint64_t, 64) m64;
    SB_BITBOARD_MASKS(sb_wide, 128) m128;
    int8_t image_x[128];          /* the image column of each bit */
    bool goal_mirrors;            /* the goal looks the same mirrored left to right */
    int tallest, widest;          /* the largest block height and width */
    bool shaped;                  /* a piece that is no rectangle, or walls: the flood
                                     generator (see above) */
    int reach;                    /* shaped: the most steps between two cells of a piece */
    sb_wide *shape_cells;         /* shaped: per class, its cell bits with its box at the
                                     image's upper left, to tell a flooded piece's class */
    int spare_bit;                /* an image bit the fast walker's table may squeeze
                                     out (stores/seen.h; -1: none, so no fast walker) */
    int8_t shape_id[MAX_SIDE + 1][MAX_SIDE + 1];
    uint32_t *anchor_at;          /* estimates: where each goal shape's anchors go in
                                     a scratch's anchor_store */
} bitboard;

/* A worker's scratch: the lists the estimates fill. */
struct sb_scratch {
    uint16_t *anchor_store;       /* anchors of the goal shapes' blocks */
    const uint16_t **anchors;     /* per shape: its list in anchor_store, NULL for the
                                     shapes no goal names */
    uint32_t *blocked;            /* guide: occupied target cells per goal entry */
    uint32_t *listed;             /* shaped: anchors listed so far, per class */
};

static inline int sbi_ctz64(uint64_t x)
{
    return __builtin_ctzll(x);
}

static inline int sbi_ctz128(sb_wide x)
{
    uint64_t low = (uint64_t)x;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

/* Bits set, in a few word operations: the baseline x86-64 target has no
 * popcount instruction, and the library call costs more than this. */
static inline int sbi_popcount64(uint64_t x)
{
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int sbi_popcount128(sb_wide x)
{
    return sbi_popcount64((uint64_t)x) + sbi_popcount64((uint64_t)(x >> 64));
}

/* The direction d becomes in the mirror: left and right trade places. */
static inline __attribute__((always_inline)) int mirror_dir(int d)
{
    return d ^ d >> 1;
}

/* Walking a configuration's blocks (decoding): visit(b, anchor bit,
 * shape, ctx) per block. */
typedef void (*note_fn)(const bitboard *b, int anchor, int s, void *ctx);

static inline int anchor_cell(const bitboard *b, int anchor)
{
    return anchor / (2 * b->width) * b->cols + anchor % b->width / 2;
}

typedef struct block_list { sb_block *out; size_t n; } block_list;

static inline void note_block(const bitboard *b, int anchor, int s, void *ctx)
{
    block_list *bl = ctx;
    int cell = anchor_cell(b, anchor);
    sb_block *out = &bl->out[bl->n++];
    *out = b->base.cat->classes[s].proto;
    out->row = cell / b->cols;
    out->col = cell % b->cols;
}

/* Lists the anchor of a block whose class a goal names (shaped spaces'
 * estimates; ctx is the scratch). */
static inline void note_anchor(const bitboard *b, int anchor, int s, void *ctx)
{
    sb_scratch *w = ctx;
    if (w->anchors[s])
        w->anchor_store[b->anchor_at[s] + w->listed[s]++] = (uint16_t)anchor_cell(b, anchor);
}

#define WORD uint64_t
#define WORD_BITS 64
#define W(name) name##64
#define MASKS m64
#include "spaces/bitboard_moves.h"
#undef WORD
#undef WORD_BITS
#undef W
#undef MASKS

#define WORD sb_wide
#define WORD_BITS 128
#define W(name) name##128
#define MASKS m128
#include "spaces/bitboard_moves.h"
#undef WORD
#undef WORD_BITS
#undef W
#undef MASKS

/* NULL when the bitboard takes the catalog's puzzle, else why not (a
 * sentence to show a user). */
const char *sbi_bitboard_refuses(const sb_catalog *cat);

/* True when sp is a bitboard whose images the fast BFS's table
 * (stores/seen.h) can hold: one of their bits free to squeeze out, which
 * every image has but those of 1x32, 1x64 and their transposes. */
bool sbi_bitboard_fast(const sb_space *sp);

#endif
