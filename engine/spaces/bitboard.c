/*
 * bitboard.c - building the fast space, and its operation tables for the
 * generic search and explore loops.  The image and the move generator are
 * described in bitboard.h and bitboard_moves.h; the fast breadth-first
 * walker is search/bfs_bitboard.c.
 *
 * The masks are computed once in 128 bits and copied down to 64 when the
 * image fits: the 64-bit instance serves images of up to 64 bits (5x4,
 * 4x4, 2x8, 1x32, ...), the 128-bit one the rest up to 6x6;
 * search/bfs_bitboard.c runs on either, and the generic loops (A*, and
 * the rest) through the tables here.
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

/* Whether class k has a cell at (dr, dc) from its anchor. */
static bool has_cell(const sb_class *k, int dr, int dc)
{
    for (uint32_t i = 0; i < k->ncells; i++)
        if (k->dr[i] == dr && k->dc[i] == dc)
            return true;
    return false;
}

/* The image of a piece of class k anchored at (r, c): its cells, the
 * spacers between neighbouring cells, and the crossings amid four. */
static sb_wide piece_image(const bitboard *b, const sb_class *k, int r, int c)
{
    sb_wide m = 0;
    for (uint32_t i = 0; i < k->ncells; i++) {
        int y = k->dr[i], x = k->dc[i], at = cell_bit(b, r + y, c + x);
        bool right = has_cell(k, y, x + 1), down = has_cell(k, y + 1, x);
        m |= bit_at(at);
        m |= right ? bit_at(at + 1) : 0;
        m |= down ? bit_at(at + b->width) : 0;
        m |= right && down && has_cell(k, y + 1, x + 1) ? bit_at(at + b->width + 1) : 0;
    }
    return m;
}

/* The spacers around such a piece: bits that must be 0 for the piece to
 * be exactly that (and not part of a larger one). */
static sb_wide piece_ring(const bitboard *b, const sb_class *k, int r, int c)
{
    sb_wide m = 0;
    for (uint32_t i = 0; i < k->ncells; i++)
        for (int d = 0; d < 4; d++) {
            int dy = SB_STEP_ROW[d], dx = SB_STEP_COL[d];
            int y = r + k->dr[i] + dy, x = c + k->dc[i] + dx;
            bool inside = y >= 0 && y < b->rows && x >= 0 && x < b->cols;
            if (inside && !has_cell(k, k->dr[i] + dy, k->dc[i] + dx))
                m |= bit_at(cell_bit(b, r + k->dr[i], c + k->dc[i]) + dy * b->width + dx);
        }
    return m;
}

/* The most steps between two cells of class k, along its cells. */
static int class_reach(const sb_class *k)
{
    int most = 0, *dist = malloc(k->ncells * sizeof *dist);
    uint32_t *queue = malloc(k->ncells * sizeof *queue);
    for (uint32_t from = 0; dist && queue && from < k->ncells; from++) {
        for (uint32_t i = 0; i < k->ncells; i++)
            dist[i] = -1;
        uint32_t head = 0, tail = 0;
        dist[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            uint32_t at = queue[head++];
            most = dist[at] > most ? dist[at] : most;
            for (int d = 0; d < 4; d++)
                for (uint32_t i = 0; i < k->ncells; i++)
                    if (dist[i] < 0 && k->dr[i] == k->dr[at] + SB_STEP_ROW[d] &&
                        k->dc[i] == k->dc[at] + SB_STEP_COL[d]) {
                        dist[i] = dist[at] + 1;
                        queue[tail++] = i;
                    }
        }
    }
    bool ok = dist && queue;
    free(dist);
    free(queue);
    return ok ? most : -1;
}

static void destroy(sb_space *sp)
{
    bitboard *b = (bitboard *)sp;
    if (!b)
        return;
    free(b->anchor_at);
    free(b->shape_cells);
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
    free(w->listed);
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
    w->listed = calloc((size_t)cat->nclasses + 1, sizeof *w->listed);
    if (!w->anchor_store || !w->anchors || !w->blocked || !w->listed) {
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

bool sbi_bitboard_fast(const sb_space *sp)
{
    return (sp->ops == &ops64 || sp->ops == &ops128) && ((const bitboard *)sp)->spare_bit >= 0;
}

/* The bit the fast walker's table may squeeze out of an image of nbits
 * bits in a word of `bits` (stores/seen.h): the word's second-highest when
 * no image uses it (the highest is never used: nbits is odd), else the
 * first crossing, which is 1 exactly when the four spacers around it are
 * (the four cells are one piece, whatever its shape; a wall is joined to
 * nothing); -1 on a one-row or one-column tray that fills the word. */
static int spare_bit(const bitboard *b, int nbits, int bits)
{
    if (nbits <= bits - 2)
        return bits - 2;
    return b->rows > 1 && b->cols > 1 ? b->width + 1 : -1;
}

/* Two classes with the same cells (they differ in axis or group). */
static bool same_cells(const sb_class *x, const sb_class *y)
{
    if (x->height != y->height || x->width != y->width || x->left != y->left ||
        x->ncells != y->ncells)
        return false;
    for (uint32_t i = 0; i < x->ncells; i++)
        if (x->dr[i] != y->dr[i] || x->dc[i] != y->dc[i])
            return false;
    return true;
}

const char *sbi_bitboard_refuses(const sb_catalog *cat)
{
    if (!sb_bitboard_fits(cat->rows, cat->cols))
        return "the tray does not fit the bitboard (its spaced image needs more than 128 bits)";
    for (int s = 0; s < cat->nclasses; s++) {
        if (cat->classes[s].proto.axis != SB_AXIS_ANY)
            return "the bitboard takes pieces that slide both ways only";
        /* Classes are sorted by their cells first, so twins are neighbours. */
        if (s > 0 && same_cells(&cat->classes[s - 1], &cat->classes[s]))
            return "the bitboard tells pieces apart by their shape only, and two kinds of "
                   "piece here share one (marked pieces or groups)";
    }
    return NULL;
}

/* The image of a list of blocks (of the catalog's classes). */
static sb_wide image_of(const bitboard *b, const sb_block *blocks, size_t n)
{
    sb_wide S = 0;
    for (size_t i = 0; i < n; i++) {
        const sb_class *k = &b->base.cat->classes[sbi_catalog_class(b->base.cat, &blocks[i])];
        S |= piece_image(b, k, blocks[i].row, blocks[i].col);
    }
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
    const sb_catalog *cat = b->base.cat;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *k = &cat->classes[s];
        for (uint32_t g = 0; g < k->ngoals; g++) {
            int r = k->goals[g] / p->cols, c = k->goals[g] % p->cols;
            sb_wide image = piece_image(b, k, r, c);
            b->m128.goal_bits |= image;
            b->m128.goal_care |= image | piece_ring(b, k, r, c);
            b->m128.goal_cells[k->first_goal + g] = image & b->m128.cells;
        }
    }
    for (int r = 0; p->walls && r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            b->m128.walls |= p->walls[r * p->cols + c] ? bit_at(cell_bit(b, r, c)) : 0;
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
    b->m64.walls = (uint64_t)b->m128.walls;
    for (int h = 0; h <= MAX_SIDE; h++)
        b->m64.column[h] = (uint64_t)b->m128.column[h];
    for (int x = 0; x < 64; x++)
        b->m64.image_col[x] = (uint64_t)b->m128.image_col[x];
    b->m64.goal_care = (uint64_t)b->m128.goal_care;
    b->m64.goal_bits = (uint64_t)b->m128.goal_bits;
    for (uint32_t g = 0; g < b->base.cat->ngoals; g++)
        b->m64.goal_cells[g] = (uint64_t)b->m128.goal_cells[g];
}

sb_status sbi_bitboard_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
                                 sb_space **out)
{
    if (sbi_bitboard_refuses(cat))
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
    b->shape_cells = calloc((size_t)cat->nclasses + 1, sizeof *b->shape_cells);
    if (!b->anchor_at || !b->base.root || !b->m64.goal_cells || !b->m128.goal_cells ||
        !b->shape_cells) {
        destroy(&b->base);
        return SB_ELIMIT;
    }
    memset(b->shape_id, -1, sizeof b->shape_id);
    b->shaped = cat->nwalls > 0;
    uint32_t filled = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *k = &cat->classes[s];
        b->shaped |= !k->rect;
        b->shape_id[k->height][k->width] = (int8_t)s;   /* rectangles' only: a shaped
                                                            puzzle never reads it */
        b->tallest = k->height > b->tallest ? k->height : b->tallest;
        b->widest = k->width > b->widest ? k->width : b->widest;
        int reach = class_reach(k);
        if (reach < 0) {
            destroy(&b->base);
            return SB_ELIMIT;
        }
        b->reach = reach > b->reach ? reach : b->reach;
        /* Estimates list the blocks of the shapes a goal names, no others. */
        b->anchor_at[s] = filled;
        filled += k->count;
    }
    fill_masks(b, p);
    for (int s = 0; s < cat->nclasses; s++)
        b->shape_cells[s] = piece_image(b, &cat->classes[s], 0, cat->classes[s].left) &
                            b->m128.cells;
    sb_wide root = image_of(b, p->blocks, p->nblocks) | b->m128.walls;
    b->spare_bit = spare_bit(b, nbits, wide ? 128 : 64);
    if (wide) {
        b->base.ops = &ops128;
        b->goal_mirrors = !b->shaped &&
                          mirrored128(b, b->m128.goal_care) == b->m128.goal_care &&
                          mirrored128(b, b->m128.goal_bits) == b->m128.goal_bits;
        memcpy(b->base.root, &root, sizeof root);
    } else {
        narrow_masks(b);
        b->base.ops = &ops64;
        b->goal_mirrors = !b->shaped &&
                          mirrored64(b, b->m64.goal_care) == b->m64.goal_care &&
                          mirrored64(b, b->m64.goal_bits) == b->m64.goal_bits;
        uint64_t narrow = (uint64_t)root;
        memcpy(b->base.root, &narrow, sizeof narrow);
    }
    /* The space, and one scratch. */
    b->base.bytes = sizeof *b + (size_t)cat->nclasses * (2 * sizeof(uint32_t) + sizeof(void *) +
                                                         sizeof(sb_wide)) +
                    cat->nblocks * sizeof(uint16_t) +
                    ngoals * (sizeof(uint64_t) + sizeof(sb_wide) + sizeof(uint32_t)) +
                    b->base.key_size;
    *out = &b->base;
    return SB_OK;
}
