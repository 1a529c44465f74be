/*
 * test_catalog.c - the catalog (model/catalog.h): shapes, counts, goals
 * grouped by shape, and the lower bound A* relies on.
 *
 * sbi_catalog_init is checked on hand-built puzzles whose numbering,
 * counts, sorted goal lists and empty cells are worked out here.
 * sbi_catalog_estimate is checked three ways on random small puzzles,
 * under every metric:
 *   - it is the documented value: per shape, the goal entry farthest from
 *     its nearest block of the shape (unit: cells; line and piece: the
 *     cells to go over the farthest one move can carry the block, which
 *     the empty cells limit), summed over shapes -- computed here
 *     separately;
 *   - it is a lower bound: never more than the true number of moves to a
 *     goal, found by the tests' own breadth-first search (unit.h) over
 *     everything reachable, then backwards from the goal configurations
 *     (every move can be undone, so the reverse graph is the graph);
 *   - it is consistent: along every move it changes by at most one.
 * The spaces' estimate (ops->estimate, which fills the anchors itself) is
 * checked the same way along the children expand() reports, on the
 * board and on the bitboard.
 */
#include "unit.h"

#include "spaces/space.h"

/* ---- sbi_catalog_init on hand-built puzzles ----------------------------- */

static void make_puzzle(sb_puzzle *p, int rows, int cols, const sb_block *blocks, size_t n,
                        const sb_block *goals, size_t ngoals)
{
    *p = (sb_puzzle){ 0 };   /* no shapes, no walls, reserved space zero */
    p->rows = rows;
    p->cols = cols;
    p->nblocks = n;
    p->blocks = unit_alloc((n + 1) * sizeof *p->blocks);
    memcpy(p->blocks, blocks, n * sizeof *blocks);
    p->ngoals = ngoals;
    p->goals = unit_alloc((ngoals + 1) * sizeof *p->goals);
    if (ngoals)
        memcpy(p->goals, goals, ngoals * sizeof *goals);
    sb_error err;
    CHECK_MSG(sb_puzzle_check(p, &err) == SB_OK, "hand-built puzzle rejected: %s", err.msg);
}

/* What one shape of a catalog should hold. */
typedef struct want_shape {
    int height, width;
    uint32_t count;
    uint32_t ngoals;
    uint16_t goals[4];
    uint32_t first_goal;
} want_shape;

static void check_catalog(const char *name, const sb_puzzle *p, const want_shape *want,
                          int nshapes, int unit, uint32_t nempty)
{
    sb_catalog cat;
    CHECK(sbi_catalog_init(&cat, p) == SB_OK);
    CHECK_MSG(cat.rows == p->rows && cat.cols == p->cols &&
                  cat.ncells == (uint32_t)(p->rows * p->cols), "%s: tray", name);
    CHECK_MSG(cat.nblocks == p->nblocks, "%s: nblocks %u", name, cat.nblocks);
    CHECK_MSG(cat.nclasses == nshapes, "%s: nshapes %d, want %d", name, cat.nclasses, nshapes);
    CHECK_MSG(cat.unit == unit, "%s: unit %d, want %d", name, cat.unit, unit);
    CHECK_MSG(cat.nempty == nempty, "%s: nempty %u, want %u", name, cat.nempty, nempty);
    uint32_t ngoals = 0;
    for (int s = 0; s < nshapes && s < cat.nclasses; s++) {
        const sb_class *sh = &cat.classes[s];
        const want_shape *w = &want[s];
        CHECK_MSG(sh->height == w->height && sh->width == w->width,
                  "%s: shape %d is %dx%d, want %dx%d", name, s, sh->height, sh->width, w->height,
                  w->width);
        CHECK_MSG(sh->count == w->count, "%s: shape %d count %u, want %u", name, s, sh->count,
                  w->count);
        CHECK_MSG(sh->ngoals == w->ngoals, "%s: shape %d ngoals %u, want %u", name, s,
                  sh->ngoals, w->ngoals);
        CHECK_MSG(sh->first_goal == w->first_goal, "%s: shape %d first_goal %u, want %u", name,
                  s, sh->first_goal, w->first_goal);
        for (uint32_t g = 0; g < sh->ngoals && g < w->ngoals; g++)
            CHECK_MSG(sh->goals[g] == w->goals[g], "%s: shape %d goal %u is %u, want %u", name,
                      s, g, sh->goals[g], w->goals[g]);
        CHECK(sbi_catalog_rect(&cat, w->height, w->width) == s);
        ngoals += w->ngoals;
    }
    CHECK_MSG(cat.ngoals == ngoals, "%s: ngoals %u, want %u", name, cat.ngoals, ngoals);
    CHECK(sbi_catalog_rect(&cat, 7, 7) == -1);
    sbi_catalog_free(&cat);
    sbi_catalog_free(&cat);   /* harmless twice */
}

static void test_klotski(void)
{
    /* sizes: height, width, row, col -> sb_block { row, col, height, width } */
    static const sb_block blocks[] = {
        { 0, 0, 2, 1 }, { 0, 1, 2, 2 }, { 0, 3, 2, 1 }, { 2, 0, 2, 1 }, { 2, 1, 1, 2 },
        { 2, 3, 2, 1 }, { 3, 1, 1, 1 }, { 3, 2, 1, 1 }, { 4, 0, 1, 1 }, { 4, 3, 1, 1 },
    };
    static const sb_block goals[] = { { 3, 1, 2, 2 } };
    static const want_shape want[] = {
        { 1, 1, 4, 0, { 0 }, 0 },
        { 1, 2, 1, 0, { 0 }, 0 },
        { 2, 1, 4, 0, { 0 }, 0 },
        { 2, 2, 1, 1, { 13 }, 0 },
    };
    sb_puzzle p;
    make_puzzle(&p, 5, 4, blocks, 10, goals, 1);
    check_catalog("klotski", &p, want, 4, 0, 2);

    /* The estimate by hand: the 2x2 at (0,1) is 3 cells from (3,1), in line.
     * Two cells are empty, and a 2x2 needs two empty cells for each cell it
     * goes, so one move (line or piece) carries it one cell at most: 3
     * moves under every metric. */
    sb_catalog cat;
    CHECK(sbi_catalog_init(&cat, &p) == SB_OK);
    static const uint16_t units[] = { 13, 14, 16, 19 }, wide[] = { 9 }, talls[] = { 0, 3, 8, 11 };
    static const uint16_t big[] = { 1 }, big_there[] = { 13 }, big_aside[] = { 8 };
    const uint16_t *anchors[] = { units, wide, talls, big };
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_UNIT, anchors) == 3);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_LINE, anchors) == 3);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_PIECE, anchors) == 3);
    anchors[3] = big_there;
    for (int m = 0; m < 3; m++)
        CHECK(sbi_catalog_estimate(&cat, (sb_metric)m, anchors) == 0);
    anchors[3] = big_aside;   /* (2,0): one row and one column away; piece: the two
                                 empty cells let one move go one cell down and one
                                 across (the argument is per axis), so 1 */
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_UNIT, anchors) == 2);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_LINE, anchors) == 2);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_PIECE, anchors) == 1);
    anchors[3] = NULL;        /* a shape not listed counts 0 */
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_UNIT, anchors) == 0);
    sbi_catalog_free(&cat);
    sb_puzzle_free(&p);
}

/* Blocks and goals given out of order: shapes come out in (height, width)
 * order, goal lists sorted, first_goal counting the entries before. */
static void test_mixed(void)
{
    static const sb_block blocks[] = {
        { 0, 0, 3, 1 }, { 0, 1, 1, 3 }, { 1, 1, 2, 2 }, { 5, 5, 1, 1 }, { 4, 2, 1, 2 },
        { 0, 5, 1, 1 }, { 3, 4, 3, 1 },
    };
    static const sb_block goals[] = {
        { 5, 5, 1, 1 }, { 3, 0, 3, 1 }, { 0, 5, 1, 1 }, { 0, 0, 1, 3 }, { 1, 4, 3, 1 },
    };
    static const want_shape want[] = {
        { 1, 1, 2, 2, { 5, 35 }, 0 },
        { 1, 2, 1, 0, { 0 }, 2 },
        { 1, 3, 1, 1, { 0 }, 2 },
        { 2, 2, 1, 0, { 0 }, 3 },
        { 3, 1, 2, 2, { 10, 18 }, 3 },
    };
    sb_puzzle p;
    make_puzzle(&p, 6, 6, blocks, 7, goals, 5);
    check_catalog("mixed", &p, want, 5, 0, 36 - 17);

    /* By hand, unit: 1x1s at 5 and 35 meet their goals (0); the 1x3 at
     * (0,1) is 1 from (0,0); the 3x1s at (0,0) and (3,4): goal (1,4) is 2
     * from (3,4), goal (3,0) is 3 from (0,0): 3.  Line: 1 + 1 (both in
     * line, and 19 empty cells let one move carry any of them that far).
     * Piece: 1 + 1. */
    sb_catalog cat;
    CHECK(sbi_catalog_init(&cat, &p) == SB_OK);
    static const uint16_t units[] = { 5, 35 }, wide[] = { 26 }, long3[] = { 1 }, big[] = { 7 },
                          talls[] = { 0, 22 };
    const uint16_t *anchors[] = { units, wide, long3, big, talls };
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_UNIT, anchors) == 4);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_LINE, anchors) == 2);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_PIECE, anchors) == 2);
    /* The 3x1s at (0,3) and (2,2) instead: goal (1,4) is 2 cells from
     * (0,3), goal (3,0) 3 from (2,2), so 3 (unit); neither goal is in
     * line with either block, so 2 (line). */
    static const uint16_t talls2[] = { 3, 14 };
    anchors[4] = talls2;
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_UNIT, anchors) == 1 + 3);
    CHECK(sbi_catalog_estimate(&cat, SB_METRIC_LINE, anchors) == 1 + 2);
    sbi_catalog_free(&cat);
    sb_puzzle_free(&p);
}

static void test_small_cases(void)
{
    /* No 1x1 block and no goal. */
    static const sb_block dominoes[] = { { 0, 0, 1, 2 }, { 1, 0, 2, 1 }, { 1, 1, 1, 2 } };
    static const want_shape want_dominoes[] = {
        { 1, 2, 2, 0, { 0 }, 0 },
        { 2, 1, 1, 0, { 0 }, 0 },
    };
    sb_puzzle p;
    make_puzzle(&p, 3, 3, dominoes, 3, NULL, 0);
    check_catalog("dominoes", &p, want_dominoes, 2, -1, 3);
    sb_puzzle_free(&p);

    /* A full tray: no empty cell. */
    static const sb_block full[] = { { 0, 0, 1, 1 }, { 0, 1, 1, 1 }, { 1, 0, 1, 2 } };
    static const sb_block full_goal[] = { { 0, 1, 1, 1 } };
    static const want_shape want_full[] = {
        { 1, 1, 2, 1, { 1 }, 0 },
        { 1, 2, 1, 0, { 0 }, 1 },
    };
    make_puzzle(&p, 2, 2, full, 3, full_goal, 1);
    check_catalog("full", &p, want_full, 2, 0, 0);
    sb_puzzle_free(&p);

    /* One row: a long tray, goals at both ends. */
    static const sb_block row[] = { { 0, 3, 1, 2 }, { 0, 9, 1, 1 }, { 0, 0, 1, 2 } };
    static const sb_block row_goals[] = { { 0, 38, 1, 2 }, { 0, 0, 1, 1 } };
    static const want_shape want_row[] = {
        { 1, 1, 1, 1, { 0 }, 0 },
        { 1, 2, 2, 1, { 38 }, 1 },
    };
    make_puzzle(&p, 1, 40, row, 3, row_goals, 2);
    check_catalog("row", &p, want_row, 2, 0, 35);
    sb_puzzle_free(&p);
}

/* ---- the estimate on random puzzles ------------------------------------ */

/* Moves that carry a block dist cells when one move carries it at most
 * step cells (step 0: it cannot go that way at all, and the estimate
 * counts as if it could go one cell). */
static unsigned moves_for(unsigned dist, unsigned step)
{
    unsigned n = 0;
    for (unsigned gone = 0; gone < dist; gone += step ? step : 1)
        n++;
    return n;
}

/* One block's moves from (dr, dc) away, as catalog.c documents them: a
 * line move carries an h x w block at most empty / h cells sideways and
 * empty / w up or down; a piece move at most empty cells in all, and for
 * a rectangle (all of these are) the same per axis as a line move. */
static unsigned own_distance(unsigned dr, unsigned dc, int h, int w, unsigned empty, sb_metric m)
{
    unsigned across = 0, down = 0;
    while ((across + 1) * (unsigned)h <= empty)
        across++;
    while ((down + 1) * (unsigned)w <= empty)
        down++;
    if (m == SB_METRIC_UNIT)
        return dr + dc;
    if (m == SB_METRIC_LINE)
        return moves_for(dr, down) + moves_for(dc, across);
    unsigned any = moves_for(dr + dc, empty), v = moves_for(dr, down), s = moves_for(dc, across);
    unsigned most = any > v ? any : v;
    return most > s ? most : s;
}

/* The documented estimate, computed here: per shape, the goal entry
 * farthest from its nearest block, summed. */
static unsigned own_estimate(const sb_puzzle *p, const sb_block *blocks, size_t n, sb_metric m)
{
    unsigned empty = (unsigned)(p->rows * p->cols);
    for (size_t i = 0; i < n; i++)
        empty -= (unsigned)(blocks[i].height * blocks[i].width);
    unsigned total = 0;
    for (size_t s = 0; s < p->ngoals; s++) {
        /* One shape at a time: the first goal entry of each size. */
        bool first = true;
        for (size_t e = 0; e < s && first; e++)
            first = p->goals[e].height != p->goals[s].height ||
                    p->goals[e].width != p->goals[s].width;
        if (!first)
            continue;
        unsigned worst = 0;
        for (size_t g = 0; g < p->ngoals; g++) {
            const sb_block *goal = &p->goals[g];
            if (goal->height != p->goals[s].height || goal->width != p->goals[s].width)
                continue;
            unsigned best = ~0u;
            for (size_t i = 0; i < n; i++) {
                if (blocks[i].height != goal->height || blocks[i].width != goal->width)
                    continue;
                unsigned dr = (unsigned)abs(blocks[i].row - goal->row);
                unsigned dc = (unsigned)abs(blocks[i].col - goal->col);
                unsigned d = own_distance(dr, dc, goal->height, goal->width, empty, m);
                best = d < best ? d : best;
            }
            worst = best > worst ? best : worst;
        }
        total += worst;
    }
    return total;
}

/* The engine's estimate for a block list: anchors listed per shape. */
static unsigned catalog_estimate(const sb_catalog *cat, const sb_block *blocks, size_t n,
                                 sb_metric m)
{
    uint16_t store[UNIT_MAX_CELLS];
    const uint16_t *anchors[UNIT_MAX_CELLS];
    size_t filled = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        anchors[s] = store + filled;
        for (size_t i = 0; i < n; i++)   /* blocks are sorted by corner: so are the lists */
            if (blocks[i].height == cat->classes[s].height &&
                blocks[i].width == cat->classes[s].width)
                store[filled++] = (uint16_t)(blocks[i].row * cat->cols + blocks[i].col);
    }
    return sbi_catalog_estimate(cat, m, anchors);
}

/* Moves to the nearest goal configuration from every configuration of g
 * (UINT_MAX where none is reachable): BFS from all goals at once. */
static unsigned *distances_to_goal(const unit_graph *g, const sb_puzzle *p)
{
    unsigned *to_goal = unit_alloc(g->count * sizeof *to_goal);
    size_t *queue = unit_alloc(g->count * sizeof *queue), head = 0, tail = 0;
    sb_block *b = unit_alloc((g->nblocks + 1) * sizeof *b);
    for (size_t i = 0; i < g->count; i++) {
        unit_decode(g, g->keys[i], b);
        to_goal[i] = unit_goal_met(p->goals, p->ngoals, b, g->nblocks) ? 0 : ~0u;
        if (!to_goal[i])
            queue[tail++] = i;
    }
    while (head < tail) {
        size_t at = queue[head++];
        for (size_t e = g->first[at]; e < g->first[at + 1]; e++) {
            size_t j = g->to[e];
            if (to_goal[j] == ~0u) {
                to_goal[j] = to_goal[at] + 1;
                queue[tail++] = j;
            }
        }
    }
    free(b);
    free(queue);
    return to_goal;
}

static unsigned long bounds_checked, tight;

static void check_estimate(const sb_puzzle *p, const sb_catalog *cat, sb_metric m)
{
    unit_graph g;
    unit_bfs(p, m, &g);
    unsigned *to_goal = distances_to_goal(&g, p);
    sb_block *b = unit_alloc((g.nblocks + 1) * sizeof *b);
    unsigned *est = unit_alloc(g.count * sizeof *est);
    int bad = 0;
    for (size_t i = 0; i < g.count; i++) {
        unit_decode(&g, g.keys[i], b);
        est[i] = catalog_estimate(cat, b, g.nblocks, m);
        unsigned own = own_estimate(p, b, g.nblocks, m);
        bool ok = est[i] == own && est[i] <= to_goal[i];
        bounds_checked += to_goal[i] != ~0u;
        tight += to_goal[i] != ~0u && est[i] == to_goal[i] && est[i] > 0;
        if (!ok && bad++ < 3) {
            CHECK_MSG(ok, "metric %s: estimate %u, documented value %u, true distance %d",
                      sb_metric_name(m), est[i], own, to_goal[i] == ~0u ? -1 : (int)to_goal[i]);
            unit_print_puzzle(stderr, p);
            unit_print_blocks(stderr, "configuration", b, g.nblocks);
        }
    }
    /* Consistency along every move. */
    for (size_t i = 0; i < g.count && bad < 3; i++)
        for (size_t e = g.first[i]; e < g.first[i + 1]; e++) {
            size_t j = g.to[e];
            if ((est[i] > est[j] + 1 || est[j] > est[i] + 1) && bad++ < 3) {
                CHECK_MSG(false, "metric %s: estimate %u, after one move %u", sb_metric_name(m),
                          est[i], est[j]);
                unit_print_puzzle(stderr, p);
            }
        }
    free(est);
    free(b);
    free(to_goal);
    unit_graph_free(&g);
}

/* The spaces' own estimate along the moves expand() reports: at most one
 * apart from parent to child, never above the true distance (when the
 * tray is small enough for the tests' search), and the documented value
 * itself wherever the space lists every shape (the bitboard always; the
 * board unless it keys 1x1 blocks by the empty cells, when 1x1 goals
 * count 0). */
static void check_space_estimate(const sb_puzzle *p, const sb_catalog *cat, sb_metric m,
                                 bool bitboard, unit_rng *r)
{
    sb_space *sp = NULL;
    sb_status st = bitboard ? sbi_bitboard_space_new(p, cat, m, &sp)
                            : sbi_board_space_new(p, cat, m, &sp);
    CHECK(st == SB_OK);
    if (st != SB_OK)
        return;
    bool small = p->rows * p->cols <= 16;
    unit_graph g = { 0 };
    unsigned *to_goal = NULL;
    if (small) {
        unit_bfs(p, m, &g);
        to_goal = distances_to_goal(&g, p);
    }
    bool complement = !bitboard && cat->unit >= 0 && cat->classes[cat->unit].count > cat->nempty;
    sb_scratch *w = sp->ops->scratch_new(sp);
    sb_meter meter;
    sbi_meter_init(&meter, NULL);
    sb_children kids = { .rec_size = sp->rec_size, .meter = &meter, .first_goal = SIZE_MAX };
    unsigned char *cur = unit_alloc(sp->key_size), *child = unit_alloc(sp->key_size);
    memcpy(cur, sp->root, sp->key_size);
    sb_block *b = unit_alloc((p->nblocks + 1) * sizeof *b);
    const char *name = bitboard ? "bitboard" : "board";
    for (int step = 0; step < 12; step++) {
        unsigned e = sp->ops->estimate(sp, w, cur, false);
        sp->ops->decode(sp, w, cur, b);
        unit_sort_blocks(b, p->nblocks);
        unsigned own = own_estimate(p, b, p->nblocks, m);
        CHECK_MSG(complement ? e <= own : e == own, "%s, metric %s: estimate %u, documented %u",
                  name, sb_metric_name(m), e, own);
        if (small) {
            size_t i = unit_graph_find(&g, unit_encode(&g, b, p->nblocks));
            CHECK(i != SIZE_MAX);
            if (i != SIZE_MAX)
                CHECK_MSG(e <= to_goal[i], "%s, metric %s: estimate %u, true distance %u",
                          name, sb_metric_name(m), e, to_goal[i]);
        }
        sbi_children_clear(&kids);
        CHECK(sp->ops->expand(sp, w, cur, &kids) == SB_OK);
        if (!kids.n)
            break;
        for (size_t j = 0; j < kids.n; j++) {
            sp->ops->child_key(sp, w, cur, kids.recs + j * sp->rec_size, child);
            unsigned ec = sp->ops->estimate(sp, w, child, false);
            CHECK_MSG(ec <= e + 1 && e <= ec + 1, "%s, metric %s: estimate %u, after a move %u",
                      name, sb_metric_name(m), e, ec);
        }
        size_t pick = (size_t)unit_below(r, (int)kids.n);
        sp->ops->child_key(sp, w, cur, kids.recs + pick * sp->rec_size, child);
        memcpy(cur, child, sp->key_size);
    }
    free(b);
    free(cur);
    free(child);
    sbi_children_free(&kids);
    sp->ops->scratch_free(w);
    sp->ops->free(sp);
    free(to_goal);
    if (small)
        unit_graph_free(&g);
}

typedef struct tray {
    int rows, cols;
} tray;

static void test_random(void)
{
    static const tray small[] = { { 4, 4 }, { 3, 4 }, { 4, 3 }, { 3, 3 }, { 2, 5 },
                                  { 2, 4 }, { 1, 8 }, { 8, 1 }, { 2, 8 }, { 1, 16 } };
    static const tray large[] = { { 5, 5 }, { 6, 6 }, { 5, 4 }, { 4, 7 }, { 1, 40 }, { 9, 9 } };
    unit_rng r = { 0xca7a10c0ffeeULL };
    for (int n = 0; n < 48; n++) {
        bool big = n % 4 == 3;
        tray t = big ? large[n / 4 % 6] : small[n % 10];
        unit_shape_plan plan = {
            .max_h = 1 + unit_below(&r, 2),
            .max_w = 1 + unit_below(&r, 2),
            .fill_pct = 40 + unit_below(&r, 50),
            .unit_pct = unit_below(&r, 3) == 0 ? 90 : unit_below(&r, 50),
            .max_goals = 4,
        };
        sb_puzzle p;
        unit_random_puzzle(&p, &r, t.rows, t.cols, &plan);
        sb_catalog cat;
        CHECK(sb_puzzle_check(&p, NULL) == SB_OK);
        CHECK(sbi_catalog_init(&cat, &p) == SB_OK);
        for (int m = 0; m < 3; m++) {
            if (!big)
                check_estimate(&p, &cat, (sb_metric)m);
            check_space_estimate(&p, &cat, (sb_metric)m, false, &r);
            if (sb_bitboard_fits(p.rows, p.cols))
                check_space_estimate(&p, &cat, (sb_metric)m, true, &r);
        }
        sbi_catalog_free(&cat);
        sb_puzzle_free(&p);
    }
    printf("test_catalog: the estimate checked against %lu true distances (%lu of them met "
           "exactly and above 0)\n", bounds_checked, tight);
}

/* ---- the one class order and the plain test (slide.h) ----------------- */

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

/* Blocks listed out of class order on a 2x20 tray, each in a box of its
 * own: 2x2 boxes hold a rectangle, a square drawn as a shape, an L drawn
 * under two shape numbers, a J, and rectangles with another axis or a
 * group.  Their classes, in sb_block_class_cmp order, are worked out here:
 * box first, then cells (a cell of the block before an empty one), then
 * axis, then group. */
static void test_class_order(void)
{
    static uint8_t square[] = { 1, 1, 1, 1 }, ell[] = { 1, 0, 1, 1 }, ell2[] = { 1, 0, 1, 1 },
                   jay[] = { 0, 1, 1, 1 };
    sb_shape shapes[] = { { 2, 2, square }, { 2, 2, ell }, { 2, 2, ell2 }, { 2, 2, jay } };
    sb_block blocks[] = {
        { 0, 1, 2, 2, 4 },                   /* J, box at column 0: class 6 */
        { 0, 2, 2, 2 },                      /* the plain 2x2: class 2 */
        { 0, 4, 2, 2, 2 },                   /* L: class 5 */
        { 0, 6, 2, 2, 1 },                   /* a square drawn as a shape: class 2 */
        { 0, 8, 2, 2, 3 },                   /* the L again, another number: class 5 */
        { 0, 10, 2, 2, 0, 0, SB_AXIS_ROW },  /* class 4 */
        { 0, 12, 2, 2, 0, 1 },               /* group 1: class 3 */
        { 0, 14, 1, 1 },                     /* class 0 */
        { 0, 15, 2, 1 },                     /* class 1 */
    };
    static const int want_class[] = { 6, 2, 5, 2, 5, 4, 3, 0, 1 };
    static const bool want_plain[] = { false, true, false, true, false, false, false, true, true };
    sb_block goals[] = { { 0, 16, 2, 2, 3 }, { 1, 14, 1, 1 } };
    enum { N = sizeof blocks / sizeof blocks[0] };
    sb_puzzle p = { 2, 20, N, blocks, 2, goals, 4, shapes, NULL };
    sb_error err;
    CHECK_MSG(sb_puzzle_check(&p, &err) == SB_OK, "%s", err.msg);

    sb_catalog cat;
    CHECK(sbi_catalog_init(&cat, &p) == SB_OK);
    CHECK(cat.nclasses == 7 && !sb_puzzle_is_plain(&p));
    for (int i = 0; i < N; i++) {
        CHECK_MSG(sbi_catalog_class(&cat, &blocks[i]) == want_class[i], "block %d: class %d", i,
                  sbi_catalog_class(&cat, &blocks[i]));
        CHECK_MSG(sb_block_is_plain(&p, &blocks[i]) == want_plain[i], "block %d", i);
        for (int j = 0; j < N; j++) {
            int by = sb_block_class_cmp(&p, &blocks[i], &blocks[j]);
            CHECK_MSG(sign(by) == sign(want_class[i] - want_class[j]) &&
                          sign(by) == -sign(sb_block_class_cmp(&p, &blocks[j], &blocks[i])) &&
                          sb_block_same_class(&p, &blocks[i], &blocks[j]) == (by == 0),
                      "blocks %d and %d: %d", i, j, by);
        }
    }
    /* A class is represented by its first block in the list. */
    CHECK(cat.classes[2].proto.shape == 0 && cat.classes[5].proto.shape == 2);
    CHECK(cat.classes[2].count == 2 && cat.classes[5].count == 2 && cat.classes[6].count == 1);
    CHECK(cat.classes[5].ngoals == 1 && cat.classes[5].goals[0] == 16);
    CHECK(cat.classes[0].ngoals == 1 && cat.classes[0].goals[0] == 34);
    sbi_catalog_free(&cat);

    /* The plain blocks alone are the CS61B model, the square drawn as a
     * shape included; a wall array of zeros is no wall, one wall is. */
    sb_block plain[] = { blocks[1], blocks[3], blocks[7], blocks[8] };
    uint8_t walls[40] = { 0 };
    sb_puzzle q = { 2, 20, 4, plain, 0, NULL, 4, shapes, walls };
    CHECK(sb_puzzle_check(&q, &err) == SB_OK);
    CHECK(sbi_catalog_init(&cat, &q) == SB_OK);
    CHECK(sb_puzzle_is_plain(&q) && cat.nclasses == 3);
    sbi_catalog_free(&cat);
    walls[39] = 1;
    CHECK(!sb_puzzle_is_plain(&q));
    /* Asked before sb_puzzle_check: a shape number out of range is not plain. */
    plain[0].shape = 9;
    CHECK(!sb_block_is_plain(&q, &plain[0]));
}

int main(void)
{
    test_klotski();
    test_mixed();
    test_small_cases();
    test_class_order();
    test_random();
    return unit_finish("test_catalog");
}
