/*
 * bitboard_moves.h - the bitboard's move generator and the space
 * operations built on it, written once for both word sizes.  Internal to
 * the engine and not an ordinary header: bitboard.h includes it twice,
 * once with WORD uint64_t for trays whose image fits 64 bits (names
 * ending in 64) and once with WORD sb_wide, 128 bits, for trays up to
 * (2H-1)(2W-1) <= 128 such as 6x6 (names ending in 128).  Before each
 * inclusion it defines
 *   WORD       the word type
 *   WORD_BITS  its width
 *   W(name)    name with the size's suffix
 *   MASKS      the bitboard's masks at that size (m64 or m128)
 * Every function is static inline: each caller gets it compiled around
 * its own visit function, and unused ones cost nothing.
 *
 * The generator is the general board's expand() (board.c) on the trays
 * the bitboard takes, specialised: the same children under every metric.
 * tests/test_spaces.c checks the two spaces' children against each other
 * and against the tests' own generator (tests/unit.h) on random layouts;
 * tests/test_walk.c checks whole searches of both.
 */

/* The size of the block whose upper-left corner is at image bit a: its
 * top row is a run of 2w-1 one bits from a (stopped at the image row's end
 * by run_stop), and each spacer down its left column adds a row. */
static inline __attribute__((always_inline)) void W(block_size)(const bitboard *b, WORD S, int a,
                                                                 int *h, int *w)
{
    *w = W(sbi_ctz)((~S | b->MASKS.run_stop) >> (a + 1)) / 2 + 1;
    /* A fixed number of tests (tallest - 1), so no branch to mispredict. */
    WORD joined = 1;
    *h = 1;
    for (int i = 1, below = a + b->width; i < b->tallest; i++, below += 2 * b->width) {
        joined &= S >> (below & (WORD_BITS - 1)) & (WORD)(below < WORD_BITS);
        *h += (int)joined;
    }
}

static inline __attribute__((always_inline)) int W(block_shape)(const bitboard *b, WORD S, int a)
{
    int h, w;
    W(block_size)(b, S, a, &h, &w);
    return b->shape_id[h][w];
}

/* The occupied cells of pieces (walls are not) with an empty cell beside
 * them up, down, left, right: the cells that have room to step. */
static inline __attribute__((always_inline)) void W(room)(const bitboard *b, WORD S, WORD ok[4])
{
    int v = b->row_step;
    WORD occupied = S & b->MASKS.cells & ~b->MASKS.walls, empty = b->MASKS.cells & ~S;
    ok[0] = occupied & b->MASKS.may_leave[0] & empty << v;
    ok[1] = occupied & b->MASKS.may_leave[1] & empty >> v;
    ok[2] = occupied & b->MASKS.may_leave[2] & empty << 2;
    ok[3] = occupied & b->MASKS.may_leave[3] & empty >> 2;
}

/* The upper-left corners of the blocks that can step once in each
 * direction (up, down, left, right), found for all blocks at once.  For
 * left and right moves the representative of a block is the top cell of
 * its leading column, so bad cells spread upward along vertical spacers;
 * for up and down, the left cell of its leading row, so bad spreads left.
 * Right and down representatives are then walked to the corner. */
static inline __attribute__((always_inline)) void W(movers)(const bitboard *b, WORD S,
                                                             WORD corner[4])
{
    int w = b->width, v = b->row_step;
    WORD occupied = S & b->MASKS.cells;
    WORD join_up = S << w, join_down = S >> w;          /* bit x: spacer above, below x */
    WORD join_left = S << 1 & b->MASKS.may_leave[2];          /* ... left of x */
    WORD join_right = S >> 1 & b->MASKS.may_leave[3];         /* ... right of x */
    WORD ok[4];
    W(room)(b, S, ok);
    WORD bad[4] = {
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
    WORD lower_left = ok[1] & ~join_left & ~bad[1];
    corner[2] = ok[2] & ~join_up & ~bad[2];
    WORD upper_right = ok[3] & ~join_up & ~bad[3];
    for (int i = 0; i < b->tallest - 1; i++)
        lower_left = (lower_left & ~join_up) | (lower_left & join_up) >> v;
    for (int i = 0; i < b->widest - 1; i++)
        upper_right = (upper_right & ~join_left) | (upper_right & join_left) >> 2;
    corner[1] = lower_left;
    corner[3] = upper_right;
}

/* Where generated children go.  Move generation is written once, as
 * inline functions taking a visit function: expand() collects children for
 * the generic loops, and the fast walker (search/bfs_bitboard.c) stores
 * them straight into its table.  Each call site passes a constant
 * function, so the compiler inlines the whole chain and the walker pays no
 * indirect call.
 *
 * Each child comes with its mirror image (left to right), kept up to date
 * move by move from the mirror image mS of S that the caller passes: the
 * walker folds mirror pairs, and mirroring every child afresh would cost
 * more than the move itself.  A visit function that ignores the mirror
 * costs nothing for it: the compiler drops the arithmetic. */
typedef bool (*W(visit_fn))(void *ctx, WORD child, WORD mirror);   /* false: stop */

/* x moved one cell in direction d (a constant where it matters: every
 * caller's d is known when the generator is inlined). */
static inline __attribute__((always_inline)) WORD W(step)(const bitboard *b, WORD x, int d)
{
    int v = b->row_step;
    return d == 0 ? x >> v : d == 1 ? x << v : d == 2 ? x >> 2 : x << 2;
}

/* A block's image and its mirror image, a shift apart: its corner's image
 * column x and width w go to column (width - 1) - x - 2(w - 1). */
typedef struct W(block) { WORD image, mirror; } W(block);

static inline __attribute__((always_inline)) W(block) W(block_at)(const bitboard *b, WORD S, int a)
{
    int h, w;
    W(block_size)(b, S, a, &h, &w);
    WORD M = ((((WORD)1 << (2 * w - 1)) - 1) * b->MASKS.column[h]) << a;
    int by = b->width + 1 - 2 * b->image_x[a] - 2 * w;
    return (W(block)){ M, by >= 0 ? M << by : M >> -by };
}

/* Unit and line moves of block B in direction d: it steps while it keeps
 * off the tray's edge and the cells ahead are empty. */
static inline __attribute__((always_inline)) bool W(slide)(const bitboard *b, WORD S, WORD mS,
                                                            W(block) B, int d, W(visit_fn) visit,
                                                            void *ctx)
{
    WORD rest = S & ~B.image, mrest = mS & ~B.mirror;
    while (!(B.image & b->MASKS.edge[d]) && !(rest & W(step)(b, B.image, d))) {
        B.image = W(step)(b, B.image, d);
        B.mirror = W(step)(b, B.mirror, mirror_dir(d));
        if (!visit(ctx, rest | B.image, mrest | B.mirror))
            return false;
        if (b->base.metric == SB_METRIC_UNIT)
            break;
    }
    return true;
}

/* The slides of every block whose corner is in `corners`, in direction d. */
static inline __attribute__((always_inline)) bool W(slides)(const bitboard *b, WORD S, WORD mS,
                                                             WORD corners, int d,
                                                             W(visit_fn) visit, void *ctx)
{
    for (; corners; corners &= corners - 1)
        if (!W(slide)(b, S, mS, W(block_at)(b, S, W(sbi_ctz)(corners)), d, visit, ctx))
            return false;
    return true;
}

/* Piece moves: a flood fill over the places the lifted block can reach,
 * each known by its image (and marked by its corner bit). */
static inline __attribute__((always_inline)) bool W(wander)(const bitboard *b, WORD S, WORD mS,
                                                             W(block) B, W(visit_fn) visit,
                                                             void *ctx)
{
    WORD rest = S & ~B.image, mrest = mS & ~B.mirror, seen = B.image & -B.image;
    W(block) queue[64];   /* a block has at most one place per cell: 64 at most */
    int head = 0, tail = 0;
    queue[tail++] = B;
    while (head < tail) {
        W(block) at = queue[head++];
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            W(block) next = { W(step)(b, at.image, d), W(step)(b, at.mirror, mirror_dir(d)) };
            WORD corner = next.image & -next.image;
            if ((at.image & b->MASKS.edge[d]) || (rest & next.image) || (seen & corner))
                continue;
            seen |= corner;
            queue[tail++] = next;
            if (!visit(ctx, rest | next.image, mrest | next.mirror))
                return false;
        }
    }
    return true;
}

/* ---- shaped pieces (bitboard.h): a piece is flooded along its spacers */

/* The cells joined to the cell beside them up, down, left, right. */
typedef struct W(joins) { WORD to[4]; } W(joins);

static inline __attribute__((always_inline)) W(joins) W(joins_of)(const bitboard *b, WORD S)
{
    int w = b->width;
    return (W(joins)){ { S << w & b->MASKS.cells, S >> w & b->MASKS.cells,
                         S << 1 & b->MASKS.may_leave[2], S >> 1 & b->MASKS.may_leave[3] } };
}

/* The cells of the piece holding the cells X: b->reach steps along the
 * joins reach every cell of a piece from any other. */
static inline __attribute__((always_inline)) WORD W(flood)(const bitboard *b, const W(joins) *j,
                                                            WORD X)
{
    int v = b->row_step;
    for (int i = 0; i < b->reach; i++)
        X |= (X & j->to[0]) >> v | (X & j->to[1]) << v | (X & j->to[2]) >> 2 |
             (X & j->to[3]) << 2;
    return X;
}

/* A piece's image from its cells X: they, the spacers right of and below
 * those joined that way, and the crossings S has amid them (none on a
 * one-row tray, whose image may be too wide to shift by w + 1). */
static inline __attribute__((always_inline)) WORD W(piece_image)(const bitboard *b, WORD S,
                                                                  const W(joins) *j, WORD X)
{
    int w = b->width;
    WORD right = X & j->to[3], down = X & j->to[1];
    WORD crossings = b->row_step ? (right & down) << (w + 1) & S : 0;
    return X | right << 1 | down << w | crossings;
}

/* The class whose cells, anchored at image bit a, are X.  Only classes
 * that fit the tray there are compared, so no cell of one is shifted off
 * the word or across a row's end. */
static inline int W(class_of)(const bitboard *b, WORD X, int a)
{
    const sb_catalog *cat = b->base.cat;
    int cell = anchor_cell(b, a), r = cell / b->cols, c = cell % b->cols;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *k = &cat->classes[s];
        bool fits = r + k->height <= b->rows && c >= k->left && c - k->left + k->width <= b->cols;
        if (fits && (WORD)(b->shape_cells[s] << (a - 2 * k->left)) == X)
            return s;
    }
    return -1;   /* not reached: every piece of an image is of a class */
}

/* The shaped generate(): every piece with room beside it somewhere is
 * flooded once, and moves where all its leading cells (those not joined
 * toward the move) have room.  No mirror images: shaped spaces never
 * fold. */
static inline __attribute__((always_inline)) bool W(generate_shaped)(const bitboard *b, WORD S,
                                                                      W(visit_fn) visit, void *ctx)
{
    W(joins) j = W(joins_of)(b, S);
    WORD ok[4];
    W(room)(b, S, ok);
    for (WORD near = ok[0] | ok[1] | ok[2] | ok[3]; near;) {
        WORD X = W(flood)(b, &j, near & -near);
        near &= ~X;
        W(block) B = { W(piece_image)(b, S, &j, X), 0 };
#pragma GCC unroll 4
        for (int d = 0; d < 4; d++) {
            if (X & ~j.to[d] & ~ok[d])
                continue;
            if (b->base.metric == SB_METRIC_PIECE) {
                if (!W(wander)(b, S, 0, B, visit, ctx))
                    return false;
                break;
            }
            if (!W(slide)(b, S, 0, B, d, visit, ctx))
                return false;
        }
    }
    return true;
}

/* Visits every configuration one move from S (whose mirror image is mS);
 * false when visit stopped it.  A piece move may bend, so under that
 * metric each block that can step at all (in any direction) starts one
 * flood fill. */
static inline __attribute__((always_inline)) bool W(generate)(const bitboard *b, WORD S, WORD mS,
                                                               W(visit_fn) visit, void *ctx)
{
    if (b->shaped)
        return W(generate_shaped)(b, S, visit, ctx);
    WORD corner[4];
    W(movers)(b, S, corner);
    if (b->base.metric == SB_METRIC_PIECE) {
        for (WORD m = corner[0] | corner[1] | corner[2] | corner[3]; m; m &= m - 1)
            if (!W(wander)(b, S, mS, W(block_at)(b, S, W(sbi_ctz)(m)), visit, ctx))
                return false;
        return true;
    }
    return W(slides)(b, S, mS, corner[0], 0, visit, ctx) &&
           W(slides)(b, S, mS, corner[1], 1, visit, ctx) &&
           W(slides)(b, S, mS, corner[2], 2, visit, ctx) &&
           W(slides)(b, S, mS, corner[3], 3, visit, ctx);
}

/* Mirror symmetry.  Mirroring the tray left to right maps moves to moves
 * and keeps the image's spacer structure, so when the goal looks the same
 * in the mirror a configuration and its mirror image are equally far from
 * it.  The fast walker (search/bfs_bitboard.c) then stores one of each
 * pair. */
static inline __attribute__((always_inline)) WORD W(mirrored)(const bitboard *b, WORD S)
{
    /* Image columns x and w-1-x trade places, one pair at a time. */
    for (int x = 0; x < b->width / 2; x++) {
        int by = b->width - 1 - 2 * x;
        WORD t = (S >> by ^ S) & b->MASKS.image_col[x];
        S ^= t | t << by;
    }
    return S;
}

/* Calls visit(anchor bit, class) for every block, in row-major order: the
 * lowest occupied cell left is always a block's anchor. */
static inline void W(each_block)(const bitboard *b, WORD S, note_fn visit, void *ctx)
{
    if (b->shaped) {
        W(joins) j = W(joins_of)(b, S);
        for (WORD rest = S & b->MASKS.cells & ~b->MASKS.walls; rest;) {
            int anchor = W(sbi_ctz)(rest);
            WORD X = W(flood)(b, &j, rest & -rest);
            rest &= ~X;
            visit(b, anchor, W(class_of)(b, X, anchor), ctx);
        }
        return;
    }
    for (WORD rest = S & b->MASKS.cells; rest;) {
        int anchor = W(sbi_ctz)(rest), s = W(block_shape)(b, S, anchor);
        rest &= ~W(block_at)(b, S, anchor).image;
        visit(b, anchor, s, ctx);
    }
}

/* ---- the space operations (bitboard.c's tables point here) ------------ */

static inline WORD W(key_word)(const void *key)
{
    WORD S;
    memcpy(&S, key, sizeof S);
    return S;
}

static inline uint64_t W(hash_word)(WORD S)
{
    uint64_t h = 0;
    for (int i = 0; i < WORD_BITS; i += 64)
        h = sbi_mix64(h ^ (uint64_t)(S >> i));
    return h;
}

static inline uint64_t W(hash_key)(const sb_space *sp, const void *key)
{
    (void)sp;
    return W(hash_word)(W(key_word)(key));
}

static inline bool W(is_goal_word)(const bitboard *b, WORD S)
{
    return (S & b->MASKS.goal_care) == b->MASKS.goal_bits;
}

/* expand()'s visit function: a child's record is its key. */
typedef struct W(collector) { const bitboard *b; sb_children *out; } W(collector);

static inline bool W(collect)(void *ctx, WORD child, WORD mirror)
{
    (void)mirror;
    W(collector) *c = ctx;
    unsigned char *slot = sbi_children_push(c->out, W(is_goal_word)(c->b, child));
    if (slot)
        memcpy(slot, &child, sizeof child);
    return slot != NULL;
}

static inline sb_status W(expand)(const sb_space *sp, sb_scratch *w, const void *key,
                                  sb_children *out)
{
    (void)w;
    W(collector) c = { (const bitboard *)sp, out };
    return W(generate)(c.b, W(key_word)(key), 0, W(collect), &c) ? SB_OK : SB_ELIMIT;
}

/* A child's record is its image: the key is a copy (of a known size, so
 * no library call). */
static inline uint64_t W(child_key)(const sb_space *sp, sb_scratch *w, const void *parent,
                                    const void *rec, void *key)
{
    (void)sp;
    (void)w;
    (void)parent;
    WORD S = W(key_word)(rec);
    memcpy(key, &S, sizeof S);
    return W(hash_word)(S);
}

static inline bool W(is_goal)(const sb_space *sp, sb_scratch *w, const void *key)
{
    (void)w;
    return W(is_goal_word)((const bitboard *)sp, W(key_word)(key));
}

/* The upper-left corners of the h x w blocks of S, for all blocks at
 * once: cells with no spacer to their left or above, where a run of 2w-1
 * ones starts along the row and stops there, and h-1 spacers run down
 * the left column with none after them. */
static inline WORD W(corners_of)(const bitboard *b, WORD S, int h, int w)
{
    WORD in_row = S & ~b->MASKS.run_stop;    /* S without the bits that start a row */
    WORD found = S & b->MASKS.cells & ~(S << 1 & b->MASKS.may_leave[2]) & ~(S << b->width);
    for (int i = 1; i < 2 * w - 1; i++)
        found &= in_row >> i;
    found &= ~(in_row >> (2 * w - 1));
    for (int k = 1; k < h; k++)
        found &= S >> ((2 * k - 1) * b->width);
    return found & ~(S >> ((2 * h - 1) * b->width));
}

/* The catalog's estimates read only the shapes a goal names, so only
 * their blocks are found (with masks); the other shapes are left NULL. */
static inline unsigned W(estimate)(const sb_space *sp, sb_scratch *w, const void *key,
                                   bool guide)
{
    const bitboard *b = (const bitboard *)sp;
    WORD S = W(key_word)(key);
    const sb_catalog *cat = sp->cat;
    if (b->shaped) {
        memset(w->listed, 0, (size_t)cat->nclasses * sizeof *w->listed);
        W(each_block)(b, S, note_anchor, w);
    }
    for (int s = 0; !b->shaped && s < cat->nclasses; s++) {
        const sb_class *sh = &cat->classes[s];
        if (!sh->ngoals)
            continue;
        uint16_t *list = w->anchor_store + b->anchor_at[s];
        uint32_t n = 0;
        for (WORD m = W(corners_of)(b, S, sh->height, sh->width); m; m &= m - 1)
            list[n++] = (uint16_t)anchor_cell(b, W(sbi_ctz)(m));
    }
    if (!guide)
        return sbi_catalog_estimate(sp->cat, sp->metric, w->anchors);
    for (uint32_t g = 0; g < sp->cat->ngoals; g++)
        w->blocked[g] = (uint32_t)W(sbi_popcount)(S & b->MASKS.goal_cells[g]);
    return sbi_catalog_guide(sp->cat, w->anchors, w->blocked, NULL);
}

static inline void W(decode)(const sb_space *sp, sb_scratch *w, const void *key, sb_block *out)
{
    (void)w;
    block_list bl = { out, 0 };
    W(each_block)((const bitboard *)sp, W(key_word)(key), note_block, &bl);
}
