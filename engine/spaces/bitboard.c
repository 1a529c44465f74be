/*
 * bitboard.c - building the fast space, and its operation tables for the
 * generic search and explore loops.  The image and the move generator are
 * described in bitboard.h and bitboard_moves.h; the fast breadth-first
 * walker is search/bfs_bitboard.c.
 *
 * The masks are computed once in 128 bits and copied down to 64 when the
 * image fits: the 64-bit instance serves trays up to 5x4 (32 cells at
 * most), the 128-bit one trays up to 6x6; search/bfs_bitboard.c runs on
 * either, and the generic loops (A*, and the rest) through the tables
 * here.
 */
#include <stdlib.h>
#include <string.h>

#include "spaces/bitboard.h"

static sb_wide bit_at(int i)
{
    return (sb_wide)1 << i;
}

static int cell_bit(const bitboard *b, int r, int c)
{
    return 2 * r * b->width + 2 * c;
}

/* The image of an h x w block with its upper-left cell at (r, c). */
static sb_wide block_image(const bitboard *b, int r, int c, int h, int w)
{
    sb_wide m = 0;
    for (int y = 2 * r; y < 2 * (r + h) - 1; y++)
        for (int x = 2 * c; x < 2 * (c + w) - 1; x++)
            m |= bit_at(y * b->width + x);
    return m;
}

/* The spacer ring around a block: bits that must be 0 for the block to be
 * exactly h x w at that place (and not part of a larger one). */
static sb_wide block_ring(const bitboard *b, int r, int c, int h, int w)
{
    sb_wide m = 0;
    int y0 = 2 * r - 1, y1 = 2 * (r + h) - 1, x0 = 2 * c - 1, x1 = 2 * (c + w) - 1;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            bool edge = y == y0 || y == y1 || x == x0 || x == x1;
            if (edge && y >= 0 && x >= 0 && y < 2 * b->rows - 1 && x < b->width)
                m |= bit_at(y * b->width + x);
        }
    return m;
}

static void destroy(sb_space *sp)
{
    bitboard *b = (bitboard *)sp;
    if (!b)
        return;
    free(b->anchor_at);
    free(b->m64.goal_cells);
    free(b->m128.goal_cells);
    free(b->base.root);
    free(b);
}

static void scratch_free(sb_scratch *w)
{
    if (!w)
        return;
    free(w->anchor_store);
    free(w->anchors);
    free(w->blocked);
    free(w);
}

static sb_scratch *scratch_new(const sb_space *sp)
{
    const bitboard *b = (const bitboard *)sp;
    const sb_catalog *cat = sp->cat;
    sb_scratch *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->anchor_store = calloc((size_t)cat->nblocks + 1, sizeof *w->anchor_store);
    w->anchors = calloc((size_t)cat->nclasses + 1, sizeof *w->anchors);
    w->blocked = calloc((size_t)cat->ngoals + 1, sizeof *w->blocked);
    if (!w->anchor_store || !w->anchors || !w->blocked) {
        scratch_free(w);
        return NULL;
    }
    for (int s = 0; s < cat->nclasses; s++)
        w->anchors[s] = cat->classes[s].ngoals ? w->anchor_store + b->anchor_at[s] : NULL;
    return w;
}

static const sb_space_ops ops64 = {
    expand64, child_key64, is_goal64, estimate64, decode64, hash_key64,
    scratch_new, scratch_free, destroy
};

static const sb_space_ops ops128 = {
    expand128, child_key128, is_goal128, estimate128, decode128, hash_key128,
    scratch_new, scratch_free, destroy
};

bool sb_bitboard_fast(const sb_space *sp)
{
    return (sp->ops == &ops64 || sp->ops == &ops128) && ((const bitboard *)sp)->spare_bit >= 0;
}

/* The bit the fast walker's table may squeeze out of an image of nbits
 * bits in a word of `bits` (stores/seen.h): the word's second-highest when
 * no image uses it (the highest is never used: nbits is odd), else the
 * first crossing, which is 1 exactly when the spacers above and left of
 * it are; -1 on a one-row or one-column tray that fills the word. */
static int spare_bit(const bitboard *b, int nbits, int bits)
{
    if (nbits <= bits - 2)
        return bits - 2;
    return b->rows > 1 && b->cols > 1 ? b->width + 1 : -1;
}

/* The image of a list of blocks. */
static sb_wide image_of(const bitboard *b, const sb_block *blocks, size_t n)
{
    sb_wide S = 0;
    for (size_t i = 0; i < n; i++)
        S |= block_image(b, blocks[i].row, blocks[i].col, blocks[i].height, blocks[i].width);
    return S;
}

/* The tray's masks, in 128 bits. */
static void fill_masks(bitboard *b, const sb_puzzle *p)
{
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            sb_wide bit = bit_at(cell_bit(b, r, c));
            b->m128.cells |= bit;
            b->m128.may_leave[0] |= r > 0 ? bit : 0;
            b->m128.may_leave[1] |= r + 1 < p->rows ? bit : 0;
            b->m128.may_leave[2] |= c > 0 ? bit : 0;
            b->m128.may_leave[3] |= c + 1 < p->cols ? bit : 0;
        }
    for (int y = 0; y < 2 * p->rows - 1; y++)
        for (int x = 0; x < b->width; x++) {
            sb_wide bit = bit_at(y * b->width + x);
            b->m128.edge[0] |= y == 0 ? bit : 0;
            b->m128.edge[1] |= y == 2 * p->rows - 2 ? bit : 0;
            b->m128.edge[2] |= x == 0 ? bit : 0;
            b->m128.edge[3] |= x == b->width - 1 ? bit : 0;
            b->m128.image_col[x] |= bit;
            b->image_x[y * b->width + x] = (int8_t)x;
        }
    b->m128.column[1] = 1;
    for (int h = 2; h <= p->rows; h++)
        b->m128.column[h] = b->m128.column[h - 1] | bit_at((2 * h - 3) * b->width) |
                            bit_at((2 * h - 2) * b->width);
    /* A run of ones stops at the next image row, or past the image. */
    int top = b->base.key_size == sizeof(sb_wide) ? 127 : 63;
    b->m128.run_stop = bit_at(top);
    for (int y = 1; y < 2 * p->rows - 1; y++)
        b->m128.run_stop |= bit_at(y * b->width);
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        b->m128.goal_bits |= image_of(b, g, 1);
        b->m128.goal_care |= image_of(b, g, 1) | block_ring(b, g->row, g->col, g->height, g->width);
    }
    const sb_catalog *cat = b->base.cat;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *sh = &cat->classes[s];
        for (uint32_t g = 0; g < sh->ngoals; g++)
            b->m128.goal_cells[sh->first_goal + g] =
                block_image(b, sh->goals[g] / p->cols, sh->goals[g] % p->cols, sh->height,
                            sh->width) & b->m128.cells;
    }
}

/* The same masks in 64 bits, for an image that fits. */
static void narrow_masks(bitboard *b)
{
    b->m64.cells = (uint64_t)b->m128.cells;
    for (int d = 0; d < 4; d++) {
        b->m64.may_leave[d] = (uint64_t)b->m128.may_leave[d];
        b->m64.edge[d] = (uint64_t)b->m128.edge[d];
    }
    b->m64.run_stop = (uint64_t)b->m128.run_stop;
    for (int h = 0; h <= MAX_SIDE; h++)
        b->m64.column[h] = (uint64_t)b->m128.column[h];
    for (int x = 0; x < 64; x++)
        b->m64.image_col[x] = (uint64_t)b->m128.image_col[x];
    b->m64.goal_care = (uint64_t)b->m128.goal_care;
    b->m64.goal_bits = (uint64_t)b->m128.goal_bits;
    for (uint32_t g = 0; g < b->base.cat->ngoals; g++)
        b->m64.goal_cells[g] = (uint64_t)b->m128.goal_cells[g];
}

sb_status sb_bitboard_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
                                sb_space **out)
{
    if (!sb_bitboard_fits(p->rows, p->cols) || !cat->plain)
        return SB_EINPUT;
    bitboard *b = calloc(1, sizeof *b);
    if (!b)
        return SB_ELIMIT;
    b->base.cat = cat;
    b->base.metric = metric;
    b->rows = p->rows;
    b->cols = p->cols;
    b->width = 2 * p->cols - 1;
    b->row_step = p->rows > 1 ? 2 * b->width : 0;
    int nbits = (2 * p->rows - 1) * b->width;
    bool wide = nbits > 64;
    b->base.key_size = wide ? sizeof(sb_wide) : sizeof(uint64_t);
    b->base.rec_size = b->base.key_size;
    size_t ngoals = (size_t)cat->ngoals + 1;
    b->anchor_at = calloc((size_t)cat->nclasses + 1, sizeof *b->anchor_at);
    b->base.root = malloc(b->base.key_size);
    b->m64.goal_cells = calloc(ngoals, sizeof *b->m64.goal_cells);
    b->m128.goal_cells = calloc(ngoals, sizeof *b->m128.goal_cells);
    if (!b->anchor_at || !b->base.root || !b->m64.goal_cells || !b->m128.goal_cells) {
        destroy(&b->base);
        return SB_ELIMIT;
    }
    memset(b->shape_id, -1, sizeof b->shape_id);
    uint32_t filled = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *sh = &cat->classes[s];
        b->shape_id[sh->height][sh->width] = (int8_t)s;
        b->tallest = sh->height > b->tallest ? sh->height : b->tallest;
        b->widest = sh->width > b->widest ? sh->width : b->widest;
        /* Estimates list the blocks of the shapes a goal names, no others. */
        b->anchor_at[s] = filled;
        filled += sh->count;
    }
    fill_masks(b, p);
    sb_wide root = image_of(b, p->blocks, p->nblocks);
    b->spare_bit = spare_bit(b, nbits, wide ? 128 : 64);
    if (wide) {
        b->base.ops = &ops128;
        b->goal_mirrors = mirrored128(b, b->m128.goal_care) == b->m128.goal_care &&
                          mirrored128(b, b->m128.goal_bits) == b->m128.goal_bits;
        memcpy(b->base.root, &root, sizeof root);
    } else {
        narrow_masks(b);
        b->base.ops = &ops64;
        b->goal_mirrors = mirrored64(b, b->m64.goal_care) == b->m64.goal_care &&
                          mirrored64(b, b->m64.goal_bits) == b->m64.goal_bits;
        uint64_t narrow = (uint64_t)root;
        memcpy(b->base.root, &narrow, sizeof narrow);
    }
    /* The space, and one scratch. */
    b->base.bytes = sizeof *b + (size_t)cat->nclasses * (sizeof(uint32_t) + sizeof(void *)) +
                    cat->nblocks * sizeof(uint16_t) +
                    ngoals * (sizeof(uint64_t) + sizeof(sb_wide) + sizeof(uint32_t)) +
                    b->base.key_size;
    *out = &b->base;
    return SB_OK;
}
