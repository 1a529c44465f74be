/*
 * layouts.c - a piece set (which block shapes, how many of each,
 * how many cells stay empty) and every layout of it on its tray.
 *
 * Layouts are built cell by cell in row-major order: the first cell not
 * yet decided either stays empty or becomes the upper-left corner of a
 * block of some shape that still has blocks to place.  Since the first
 * undecided cell fixes the next choice, every layout comes out exactly
 * once, same-shaped blocks being interchangeable by construction.
 *
 * Each layout is written straight into its spaced-bitboard image (SPEC,
 * appendix), which is the bitboard space's canonical key, and interned in
 * a flat store of 8-byte keys, whose dense ids then number the layouts in
 * enumeration order.  The caller checks the first layout's image against the one
 * bitboard.c builds, so the two encodings cannot drift apart silently.
 *
 * Invariant: a piece set's shapes are distinct; their order is the order
 * in which place() tries them, so it fixes every id.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "spaces/bitboard.h"

/* Enumeration state: the pieces still to place and the layout so far. */
typedef struct enumerator {
    const sb_pieces *pc;
    int width;                   /* image width, 2 * cols - 1 */
    uint64_t pattern[SB_MAX_SHAPES]; /* each shape's image at the origin */
    uint32_t left[SB_MAX_SHAPES];    /* blocks of each shape still to place */
    uint32_t empties_left;       /* cells that may still stay empty */
    sb_store *store;             /* every layout so far */
    sb_block *first;             /* the first layout's blocks */
    sb_block *blocks;            /* the layout being built */
    size_t nplaced;              /* blocks in it */
    bool have_first;             /* first is filled in */
    sb_status status;            /* SB_ELIMIT stops the enumeration */
} enumerator;

int sb_pieces_shape(sb_pieces *pc, int h, int w)
{
    int s = 0;
    while (s < pc->nshapes && (pc->height[s] != h || pc->width[s] != w))
        s++;
    if (s == pc->nshapes) {
        if (s == SB_MAX_SHAPES)
            return -1;
        pc->height[s] = h;
        pc->width[s] = w;
        pc->count[s] = 0;
        pc->nshapes++;
    }
    return s;
}

sb_status sb_pieces_of(const sb_puzzle *p, sb_pieces *pc, sb_error *err)
{
    sb_status status = sb_puzzle_check(p, err);
    if (status != SB_OK)
        return status;
    memset(pc, 0, sizeof *pc);
    pc->rows = p->rows;
    pc->cols = p->cols;
    if (!sb_bitboard_fits(p->rows, p->cols) || (2 * p->rows - 1) * (2 * p->cols - 1) > 64)
        return sb_fail(err, SB_EINPUT, "layouts are enumerated on the 64-bit bitboard, and the "
                       "%dx%d tray's spaced image needs (2*%d-1)*(2*%d-1) = %d bits",
                       p->rows, p->cols, p->rows, p->cols, (2 * p->rows - 1) * (2 * p->cols - 1));
    bool plain = !p->walls;
    for (size_t i = 0; i < p->nblocks; i++)
        plain &= p->blocks[i].shape == 0 && p->blocks[i].group == 0 &&
                 p->blocks[i].axis == SB_AXIS_ANY;
    if (!plain)
        return sb_fail(err, SB_EINPUT, "layouts are enumerated for rectangular blocks that slide "
                       "both ways on a tray without walls; this puzzle has other pieces");
    uint32_t area = 0;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *b = &p->blocks[i];
        int s = sb_pieces_shape(pc, b->height, b->width);
        if (s < 0)
            return sb_fail(err, SB_EINPUT, "more than %d block sizes", SB_MAX_SHAPES);
        pc->count[s]++;
        area += (uint32_t)(b->height * b->width);
    }
    pc->empties = (uint32_t)(p->rows * p->cols) - area;
    return SB_OK;
}

size_t sb_pieces_blocks(const sb_pieces *pc)
{
    size_t n = 0;
    for (int s = 0; s < pc->nshapes; s++)
        n += pc->count[s];
    return n;
}

/* The image of an h x w block with its upper-left cell at bit 0: cells
 * and the gaps between them, so that touching blocks overlap in it. */
static uint64_t image_pattern(int width, int h, int w)
{
    uint64_t m = 0;
    for (int y = 0; y < 2 * h - 1; y++)
        for (int x = 0; x < 2 * w - 1; x++)
            m |= 1ULL << (y * width + x);
    return m;
}

static int cell_bit(int width, int r, int c)
{
    return 2 * r * width + 2 * c;
}

uint64_t sb_layout_image(const sb_pieces *pc, const sb_block *b, size_t n)
{
    int width = 2 * pc->cols - 1;
    uint64_t image = 0;
    for (size_t i = 0; i < n; i++)
        image |= image_pattern(width, b[i].height, b[i].width)
                 << cell_bit(width, b[i].row, b[i].col);
    return image;
}

/* Places blocks from cell `at` on; occupied is a bit per cell (r*cols+c). */
static void place(enumerator *e, uint32_t at, uint64_t occupied, uint64_t image)
{
    const sb_pieces *pc = e->pc;
    uint32_t ncells = (uint32_t)(pc->rows * pc->cols);
    while (at < ncells && (occupied >> at & 1))
        at++;
    if (e->status != SB_OK)
        return;
    if (at == ncells) {
        uint32_t id;
        bool fresh;
        if (e->store->ops->intern(e->store, &image, hash_word64(image), SB_NO_NODE, &id,
                                  &fresh) != SB_OK)
            e->status = SB_ELIMIT;
        if (!e->have_first) {
            memcpy(e->first, e->blocks, e->nplaced * sizeof *e->blocks);
            e->have_first = true;
        }
        return;
    }
    int r = (int)at / pc->cols, c = (int)at % pc->cols;
    if (e->empties_left) {
        e->empties_left--;
        place(e, at + 1, occupied | 1ULL << at, image);
        e->empties_left++;
    }
    for (int s = 0; s < pc->nshapes; s++) {
        int h = pc->height[s], w = pc->width[s];
        if (!e->left[s] || r + h > pc->rows || c + w > pc->cols)
            continue;
        uint64_t cells = 0;
        for (int y = 0; y < h; y++)
            cells |= ((1ULL << w) - 1) << (at + (uint32_t)(y * pc->cols));
        if (cells & occupied)
            continue;
        e->left[s]--;
        e->blocks[e->nplaced++] = (sb_block){ r, c, h, w };
        place(e, at + 1, occupied | cells, image | e->pattern[s] << cell_bit(e->width, r, c));
        e->nplaced--;
        e->left[s]++;
    }
}

sb_status sb_layouts_enumerate(const sb_pieces *pc, sb_meter *m, sb_store **store,
                               sb_block *first, bool *found)
{
    enumerator e = { .pc = pc, .width = 2 * pc->cols - 1, .empties_left = pc->empties,
                     .first = first, .status = SB_OK };
    for (int s = 0; s < pc->nshapes; s++) {
        e.pattern[s] = image_pattern(e.width, pc->height[s], pc->width[s]);
        e.left[s] = pc->count[s];
    }
    e.blocks = calloc(sb_pieces_blocks(pc) + 1, sizeof *e.blocks);
    sb_status status = first && e.blocks ? sb_store_flat_new(sizeof(uint64_t), m, &e.store)
                                         : SB_ELIMIT;
    if (status == SB_OK)
        place(&e, 0, 0, 0);
    status = status == SB_OK ? e.status : status;
    free(e.blocks);
    *store = NULL;
    *found = e.have_first;
    if (status == SB_OK) {
        *store = e.store;
        m->stored = e.store->count;
        return SB_OK;
    }
    if (e.store) {
        m->stored = e.store->count;
        e.store->ops->free(e.store);
    }
    return SB_ELIMIT;
}

size_t sb_layout_twin(const sb_pieces *pc, const sb_space *sp, sb_scratch *w, const sb_store *st,
                      const uint32_t *comp, uint32_t id, sb_block *blocks)
{
    /* Reflections map layouts to layouts of the same piece set and keep
     * distances, so mirror-image components share a diameter. */
    size_t n = sp->cat->nblocks, twin = comp[id];
    for (int flip = 1; flip <= 3; flip++) {
        sp->ops->decode(sp, w, st->ops->key(st, id), blocks);
        for (size_t i = 0; i < n; i++) {
            if (flip & 1)
                blocks[i].col = pc->cols - blocks[i].col - blocks[i].width;
            if (flip & 2)
                blocks[i].row = pc->rows - blocks[i].row - blocks[i].height;
        }
        uint64_t key = sb_layout_image(pc, blocks, n);
        uint32_t mid = st->ops->find(st, &key, hash_word64(key));
        if (mid != SB_NO_NODE && comp[mid] < twin)
            twin = comp[mid];
    }
    return twin;
}
