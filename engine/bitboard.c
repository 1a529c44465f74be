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
 * Moves are found for all blocks at once, with masks, one direction at a
 * time: a block may step in direction d when every cell of its leading
 * edge (its cells with no spacer bit toward d) has an empty cell beside
 * it.  Leading cells that cannot step are "bad"; spreading bad along the
 * spacer bits of the edge to one representative cell per block leaves
 * exactly the movable blocks.  A block's size is read off at its
 * upper-left corner: its top row is a run of 2w-1 one bits (count
 * trailing ones), its height the run of spacers down its left column.
 *
 * The BFS kernel at the end of the file feeds this move generator
 * straight into seen64's table, keyed by the image with its tag bits
 * cleared: bit 63 (a spaced image has at most 63 bits: (2H-1)(2W-1) is
 * odd) and one crossing bit, which is redundant (a crossing is 1 exactly
 * when the spacers above and left of it are), or on a one-row or
 * one-column tray bit 62 when the image leaves it free.
 */
#include <stdlib.h>
#include <string.h>

#include "seen64.h"
#include "store_u64.h"

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
    uint64_t tag_low, tag_high;   /* seen64's tag bits (0: no kernel) */
    int8_t shape_id[MAX_SIDE + 1][MAX_SIDE + 1];
    uint64_t *pattern;            /* per shape: the block's image anchored at bit 0 */
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
        joined &= below < 64 ? S >> below : 0;
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

/* ---- the BFS kernel ---------------------------------------------------- */

/* Mirror symmetry.  Mirroring the tray left to right maps moves to moves
 * and keeps the image's spacer structure, so when the goal looks the same
 * in the mirror a configuration and its mirror image are equally far from
 * it.  The kernel then stores one of each pair, the smaller image, and
 * searches about half as many configurations; the path is mapped back to
 * real moves at the end. */
static inline uint64_t mirrored(const bitboard *b, uint64_t S)
{
    /* Image columns x and w-1-x trade places, one pair at a time. */
    for (int x = 0; x < b->width / 2; x++) {
        int by = b->width - 1 - 2 * x;
        uint64_t t = (S >> by ^ S) & b->image_col[x];
        S ^= t | t << by;
    }
    return S;
}

/* One layer of the search: the images at one depth, in the order met. */
typedef struct layer { uint64_t *keys; size_t n, cap; } layer;

typedef struct kernel {
    const bitboard *b;
    sb_bfs_run *run;
    sb_seen64 seen;
    layer now, next;          /* the layer being expanded, the one being met */
    uint64_t tag;             /* seen64's tag of the layer being met */
    uint64_t goal;            /* the goal image met (stop_at_goal) */
    bool met;                 /* ... and whether there is one */
    bool fold;                /* store one of each mirror pair */
    uint64_t next_size;       /* configurations in the next layer (pairs count 2) */
    size_t layers_cap;        /* room in run->layer_sizes */
} kernel;

static size_t kernel_bytes(const kernel *k)
{
    return sb_seen64_bytes(&k->seen) +
           (k->now.cap + k->next.cap) * sizeof(uint64_t) +
           k->layers_cap * sizeof *k->run->layer_sizes;
}

/* Doubles a layer's room, within the run's budget (which the table shares:
 * its own budget is what the layers leave). */
static __attribute__((noinline)) bool layer_grow(kernel *k, layer *l)
{
    size_t cap = l->cap ? 2 * l->cap : 1024;
    size_t more = (cap - l->cap) * sizeof *l->keys;
    size_t budget = k->run->budget;
    if (budget && kernel_bytes(k) + more > budget) {
        k->run->over_budget = true;
        return false;
    }
    uint64_t *keys = realloc(l->keys, cap * sizeof *keys);
    if (!keys)
        return false;
    l->keys = keys;
    l->cap = cap;
    if (budget)
        k->seen.budget = budget - (k->now.cap + k->next.cap) * sizeof *keys;
    return true;
}

static inline bool layer_push(kernel *k, layer *l, uint64_t key)
{
    if (l->n == l->cap && !layer_grow(k, l))
        return false;
    l->keys[l->n++] = key;
    return true;
}

/* The image that stands for S: S, or when folding the smaller of S and its
 * mirror; *count is how many configurations it stands for. */
static inline uint64_t representative(const kernel *k, uint64_t S, uint64_t mirror,
                                      unsigned *count)
{
    if (!k->fold) {
        *count = 1;
        return S;
    }
    *count = mirror == S ? 1 : 2;
    return mirror < S ? mirror : S;
}

/* The table's key for an image: its tag bits cleared. */
static inline uint64_t seen_key(const kernel *k, uint64_t S)
{
    return S & ~k->seen.tag_bits;
}

/* Stores a child unless seen; notes goals.  False to stop the layer. */
static inline __attribute__((always_inline)) bool meet(kernel *k, uint64_t child, uint64_t mirror,
                                                        bool fold)
{
    unsigned count = 1;
    if (fold) {
        count = mirror == child ? 1 : 2;
        child = mirror < child ? mirror : child;
    }
    int added = sb_seen64_add(&k->seen, seen_key(k, child), k->tag);
    if (added == 0)
        return true;
    if (added < 0 || !layer_push(k, &k->next, child)) {
        k->run->full = true;
        return false;
    }
    k->next_size += count;
    if ((child & k->b->goal_care) != k->b->goal_bits)
        return true;
    k->run->goals += count;
    if (k->run->goals == count)
        k->run->nearest_goal = k->run->depth + 1;
    k->goal = child;
    k->met = k->run->stop_at_goal;
    return !k->met;
}

static inline __attribute__((always_inline)) bool meet_child(void *ctx, uint64_t child,
                                                              uint64_t mirror)
{
    return meet(ctx, child, mirror, false);
}

static inline __attribute__((always_inline)) bool meet_pair(void *ctx, uint64_t child,
                                                             uint64_t mirror)
{
    return meet(ctx, child, mirror, true);
}

/* The mirror image generate() wants with S: only folding uses it. */
static inline uint64_t mirror_of(const kernel *k, uint64_t S)
{
    return k->fold ? mirrored(k->b, S) : 0;
}

/* Path reading: finds a neighbour stored with the tag wanted. */
typedef struct way_back { const kernel *k; uint64_t want, found; } way_back;

static bool step_back(void *ctx, uint64_t child, uint64_t mirror)
{
    way_back *w = ctx;
    unsigned count;
    child = representative(w->k, child, mirror, &count);
    if (sb_seen64_find(&w->k->seen, seen_key(w->k, child)) != w->want)
        return true;
    w->found = child;
    return false;
}

/* Path reading when folded: finds the neighbour that the next stored
 * image stands for. */
static bool step_to(void *ctx, uint64_t child, uint64_t mirror)
{
    way_back *w = ctx;
    unsigned count;
    if (representative(w->k, child, mirror, &count) != w->want)
        return true;
    w->found = child;
    return false;
}

/* Writes the images from the root to the goal met while expanding
 * `parent` at depth d: each configuration's predecessor is the neighbour
 * tagged one layer up (seen64.h says why that is unique).  When folded,
 * those are representatives, and the real path is then walked forward
 * from the real root, one neighbour standing for the next image at a
 * time (mirroring maps moves to moves, so there always is one). */
static bool write_path(kernel *k, uint64_t parent, unsigned d)
{
    sb_bfs_run *run = k->run;
    uint64_t *path = malloc(((size_t)d + 2) * sizeof *path);
    if (!path)
        return false;
    path[d + 1] = k->goal;
    path[d] = parent;
    for (unsigned j = d; j > 0; j--) {
        way_back w = { k, sb_seen64_tag(&k->seen, j - 1), 0 };
        generate(k->b, path[j], mirror_of(k, path[j]), step_back, &w);
        path[j - 1] = w.found;
    }
    if (k->fold) {
        memcpy(&path[0], k->b->base.root, sizeof path[0]);
        for (unsigned j = 1; j <= d + 1; j++) {
            way_back w = { k, path[j], 0 };
            generate(k->b, path[j - 1], mirror_of(k, path[j - 1]), step_to, &w);
            path[j] = w.found;
        }
    }
    run->keys = (unsigned char *)path;
    run->path_len = (size_t)d + 2;
    return true;
}

static bool note_layer(kernel *k, uint64_t size)
{
    sb_bfs_run *run = k->run;
    if (run->nlayers == k->layers_cap) {
        size_t cap = k->layers_cap ? 2 * k->layers_cap : 64;
        uint64_t *grown = realloc(run->layer_sizes, cap * sizeof *grown);
        if (!grown)
            return false;
        run->layer_sizes = grown;
        k->layers_cap = cap;
    }
    run->layer_sizes[run->nlayers++] = size;
    return true;
}

static sb_status report(kernel *k)
{
    k->run->stored = k->seen.count;
    k->run->bytes = kernel_bytes(k);
    return k->run->check(k->run->ctx, k->run);
}

/* Expands one layer into the next.  SB_OK to go on, or why to stop.
 * Written once and made twice (below), folding and not, so that neither
 * pays for the other's test in its inner loop. */
static inline __attribute__((always_inline)) sb_status expand_layer(kernel *k, visit_fn meet_fn)
{
    sb_bfs_run *run = k->run;
    k->tag = sb_seen64_tag(&k->seen, run->depth + 1);
    k->next.n = 0;
    k->next_size = 0;
    for (size_t i = 0; i < k->now.n; i++) {
        uint64_t S = k->now.keys[i];
        bool go_on = generate(k->b, S, mirror_of(k, S), meet_fn, k);
        run->expanded++;
        if (!go_on && run->full)
            return SB_ELIMIT;
        if (!go_on)
            return write_path(k, S, run->depth) ? SB_OK : (run->full = true, SB_ELIMIT);
        if ((run->expanded & 255) == 0 || k->seen.count > run->max_states) {
            sb_status status = report(k);
            if (status != SB_OK)
                return status;
        }
    }
    return SB_OK;
}

static sb_status expand_plain(kernel *k)
{
    return expand_layer(k, meet_child);
}

static sb_status expand_folded(kernel *k)
{
    return expand_layer(k, meet_pair);
}

/* The same breadth-first search as search.c's, specialised to the bitboard:
 * children go straight from the move generator into seen64's table and
 * the next layer.  The generic loop costs several times as much per
 * configuration here (docs/performance.md). */
static sb_status bfs(sb_space *sp, sb_bfs_run *run)
{
    const bitboard *b = (const bitboard *)sp;
    kernel k = { .b = b, .run = run };
    sb_seen64_init(&k.seen, b->tag_low, b->tag_high, run->budget);
    uint64_t root;
    unsigned now_size;
    memcpy(&root, sp->root, sizeof root);
    /* Folding keeps distances to the goal; counting the whole space by
     * pairs also needs the space to be mirrored into itself, which it is
     * when the root is its own mirror image. */
    k.fold = b->goal_mirrors && (run->stop_at_goal || mirrored(b, root) == root);
    root = representative(&k, root, mirror_of(&k, root), &now_size);
    sb_status status = SB_OK;
    if (sb_seen64_add(&k.seen, seen_key(&k, root), sb_seen64_tag(&k.seen, 0)) < 0 ||
        !layer_push(&k, &k.now, root)) {
        run->full = true;
        status = SB_ELIMIT;
    }
    if (status == SB_OK && (root & b->goal_care) == b->goal_bits)
        run->goals = now_size;
    uint64_t far = root;
    for (run->depth = 0; status == SB_OK && k.now.n; run->depth++) {
        if (!note_layer(&k, run->depth ? k.next_size : now_size)) {
            run->full = true;
            status = SB_ELIMIT;
            break;
        }
        far = k.now.keys[0];
        status = k.fold ? expand_folded(&k) : expand_plain(&k);
        if (status != SB_OK || k.met)
            break;
        layer swap = k.now;
        k.now = k.next;
        k.next = swap;
    }
    if (status == SB_OK && !k.met) {
        run->depth--;
        run->keys = malloc(sizeof far);
        if (run->keys)
            memcpy(run->keys, &far, sizeof far);
        else
            run->full = true;
        status = !run->keys ? SB_ELIMIT : run->stop_at_goal ? SB_UNSOLVABLE : SB_OK;
    }
    run->stored = k.seen.count;
    run->bytes = kernel_bytes(&k);
    run->over_budget |= k.seen.over_budget;
    sb_seen64_free(&k.seen);
    free(k.now.keys);
    free(k.next.keys);
    return status;
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
    expand, is_goal, estimate, decode, hash_key, bytes, destroy, bfs
};

/* For the one tray shapes (1x32, 32x1) whose image leaves seen64 no tag
 * bits: the generic loops and the 64-bit store. */
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
    if (p->rows > 1 && p->cols > 1)
        b->tag_low = 1ULL << (b->width + 1);   /* the first crossing */
    else if (nbits <= 62)
        b->tag_low = 1ULL << 62;
    b->tag_high = b->tag_low ? 1ULL << 63 : 0;
    b->base.ops = b->tag_low ? &bitboard_ops : &bitboard_ops_no_kernel;
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
