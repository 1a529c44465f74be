/*
 * test_walk.c - the bitboard's fast breadth-first walker
 * (engine/search/bfs_bitboard.c) at both word sizes, against the store's
 * walker on the general board, which shares nothing with it but the
 * driver.  On random trays whose spaced image takes 65 to 126 bits (and,
 * as a control, some of up to 64), for every metric:
 *   - the setup picks the fast walker for the bitboard (and the store's
 *     for a 1x64 tray, whose 127-bit image leaves the table no bit);
 *   - sb_explore counts the same reachable configurations, depth by
 *     depth, and the same goals at the same nearest distance, on both;
 *   - optimal BFS finds a solution of the same length on both, or proves
 *     both unsolvable;
 *   - --max-states stops the fast walker at exactly that many;
 *   - the store's walker on the bitboard, over the flat store, counts
 *     what the fast walker counts, depth by depth (seen.h says the fast
 *     walker's table equals that path).
 * Every other tray is mirror-symmetric, blocks in mirror pairs and the
 * goal centred or absent, so the fast walker folds mirror pairs (and
 * counts each as two) where the general board counts one by one.
 * tests/walk.sh replays the fast walker's solutions through slide-check.
 */
#include "unit.h"

#include "search/setup.h"
#include "spaces/bitboard.h"

/* Trays whose image takes 65 to 127 bits, and some of at most 64. */
static const int wide_trays[][2] = { { 5, 5 }, { 4, 6 }, { 6, 4 }, { 3, 7 }, { 7, 3 },
                                     { 3, 8 }, { 5, 6 }, { 6, 5 }, { 4, 7 }, { 6, 6 },
                                     { 4, 8 }, { 5, 7 }, { 2, 11 }, { 2, 20 }, { 1, 33 },
                                     { 1, 63 }, { 40, 1 }, { 3, 9 } };
static const int narrow_trays[][2] = { { 4, 5 }, { 5, 4 }, { 4, 4 }, { 2, 8 }, { 1, 31 } };

static int image_bits(int rows, int cols)
{
    return (2 * rows - 1) * (2 * cols - 1);
}

/* Which walker the setup gives p on the bitboard: true for the fast one. */
static bool fast_walker(const sb_puzzle *p)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.path = SB_PATH_BITBOARD;
    sb_setup s;
    sb_error err;
    bool fast = false;
    if (sbi_setup_begin(&s, p, &opts, &err) == SB_OK) {
        sb_bfs run = { 0 };
        const sb_bfs_walker *w = NULL;
        void *walker = NULL;
        if (sbi_setup_walker(&s, false, false, &run, &w, &walker) == SB_OK)
            fast = w != &sbi_store_walker;
        if (walker)
            w->free(walker);
        sbi_bfs_free(&run);
    }
    sbi_setup_end(&s);
    return fast;
}

/* A random puzzle on a rows x cols tray filled with blocks of sides 1 to
 * 3 (mostly 1 and 2), but for `holes` free cells or a few more: crowded,
 * as sliding-block puzzles are, so that its space is thousands of
 * configurations and not billions.  One goal block, of a random block's
 * shape at a random place.  Free with sb_puzzle_free. */
static void random_puzzle(sb_puzzle *p, unit_rng *r, int rows, int cols, int holes)
{
    int cells = rows * cols;
    bool *used = unit_alloc((size_t)cells * sizeof *used);
    memset(p, 0, sizeof *p);
    p->rows = rows;
    p->cols = cols;
    p->blocks = unit_alloc((size_t)cells * sizeof *p->blocks);
    for (int at = 0; at < cells; at++) {
        if (used[at])
            continue;
        int y = at / cols, x = at % cols;
        int h = 1 + (unit_below(r, 2) == 0) + (unit_below(r, 4) == 0);
        int w = 1 + (unit_below(r, 2) == 0) + (unit_below(r, 4) == 0);
        h = y + h <= rows ? h : rows - y;
        for (w = x + w <= cols ? w : cols - x; w > 1 && used[at + w - 1];)
            w--;
        for (int dy = 0; dy < h; dy++)
            for (int dx = 0; dx < w; dx++)
                used[at + dy * cols + dx] = true;
        p->blocks[p->nblocks++] = (sb_block){ y, x, h, w };
    }
    /* Take blocks out, at random, until enough cells are free (one stays). */
    for (int free_cells = 0; free_cells < holes && p->nblocks > 1;) {
        size_t out = (size_t)unit_below(r, (int)p->nblocks);
        free_cells += p->blocks[out].height * p->blocks[out].width;
        p->blocks[out] = p->blocks[--p->nblocks];
    }
    sb_block g = p->blocks[unit_below(r, (int)p->nblocks)];
    g.row = unit_below(r, rows - g.height + 1);
    g.col = unit_below(r, cols - g.width + 1);
    p->goals = unit_alloc(2 * sizeof *p->goals);
    p->goals[p->ngoals++] = g;
    free(used);
}

/* A random puzzle whose blocks are in mirror pairs left to right, or
 * centred: random_puzzle's on the left half of the tray (and the middle
 * column, when there is one), mirrored, a block that reaches the middle
 * column widened to its mirror image.  The goal is centred, or absent when
 * the first block's shape cannot be. */
static void mirrored_puzzle(sb_puzzle *p, unit_rng *r, int rows, int cols, int holes)
{
    int mid = cols / 2;   /* the middle column, or the first right of the middle */
    random_puzzle(p, r, rows, (cols + 1) / 2, holes);
    p->cols = cols;
    sb_block *b = unit_alloc((2 * p->nblocks + 1) * sizeof *b);
    size_t n = 0;
    for (size_t i = 0; i < p->nblocks; i++) {
        sb_block x = p->blocks[i];
        if (x.col + x.width > mid) {   /* on the middle column: centred */
            x.width = cols - 2 * x.col;
            b[n++] = x;
            continue;
        }
        b[n++] = x;
        x.col = cols - x.col - x.width;
        b[n++] = x;
    }
    free(p->blocks);
    p->blocks = b;
    p->nblocks = n;
    p->ngoals = 0;
    sb_block g = b[0];
    g.row = rows - g.height;
    g.col = (cols - g.width) / 2;
    if (2 * g.col == cols - g.width)
        p->goals[p->ngoals++] = g;
}

static sb_options options(sb_metric metric, sb_path path)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = metric;
    opts.path = path;
    opts.limits.max_states = 150000;
    return opts;
}

static unsigned compared, solved, unsolvable, limited, flat_compared;

/* The store's walker on the bitboard itself, over the flat store (the
 * engine's hash table, stores/table.h) where the fast walker has its own
 * table (stores/seen.h says it equals this path): the same
 * configurations, depth by depth, and the same goals at the same
 * distance as the fast walker's report. */
static void compare_flat(const sb_puzzle *p, sb_metric metric, const sb_explore_report *fast)
{
    sb_options opts = options(metric, SB_PATH_BITBOARD);
    sb_setup s;
    sb_error err;
    sb_store *st = NULL;
    if (!CHECK(sbi_setup_begin(&s, p, &opts, &err) == SB_OK) ||
        !CHECK(sbi_setup_store(&s, s.space->root, &st) == SB_OK)) {
        if (st)
            st->ops->free(st);
        sbi_setup_end(&s);
        return;
    }
    void *walker = sbi_store_walker_new(&s, st, NULL);
    sb_bfs run;
    sbi_bfs_init(&run, &s.meter, false, true, 1,
                 s.space->ops->is_goal(s.space, s.scratch, s.space->root));
    sb_status status = walker ? sbi_bfs_run(&run, &sbi_store_walker, walker) : SB_ELIMIT;
    /* Without a goal every configuration meets it, and the report says 0. */
    uint64_t goals = p->ngoals ? run.goals : 0;
    bool same = status == SB_OK && run.reached == fast->reachable &&
                run.nlayers == (size_t)fast->farthest + 1 && goals == fast->goal_count &&
                (!goals || run.nearest_goal == fast->nearest_goal);
    for (size_t d = 0; same && d < run.nlayers; d++)
        same = run.layer_sizes[d] == fast->per_depth[d];
    CHECK_MSG(same, "metric %s: the flat store's walker: status %d, %llu reachable in %zu "
              "layers, %llu goals; the fast walker %llu in %u, %llu goals",
              sb_metric_name(metric), status, (unsigned long long)run.reached, run.nlayers,
              (unsigned long long)goals, (unsigned long long)fast->reachable,
              fast->farthest + 1, (unsigned long long)fast->goal_count);
    if (!same)
        unit_print_puzzle(stderr, p);
    flat_compared++;
    if (walker)
        sbi_store_walker.free(walker);
    sbi_bfs_free(&run);
    sbi_setup_end(&s);
}

/* Explores p on both paths and compares what they found; false when
 * either stopped at the states limit (nothing to compare). */
static bool compare_explore(const sb_puzzle *p, sb_metric metric)
{
    sb_explore_report r[2];
    sb_error err;
    for (int i = 0; i < 2; i++) {
        sb_options opts = options(metric, i ? SB_PATH_GENERAL : SB_PATH_BITBOARD);
        sb_status st = sb_explore(p, &opts, &r[i], &err);
        if (st == SB_ELIMIT) {
            if (i)
                sb_explore_report_free(&r[0]);
            limited++;
            return false;
        }
        CHECK_MSG(st == SB_OK, "explore (%s): status %d (%s)", i ? "general" : "bitboard", st,
                  err.msg);
    }
    bool same = r[0].reachable == r[1].reachable && r[0].farthest == r[1].farthest &&
                r[0].goal_count == r[1].goal_count && r[0].nearest_goal == r[1].nearest_goal;
    for (unsigned d = 0; same && d <= r[0].farthest; d++)
        same = r[0].per_depth[d] == r[1].per_depth[d];
    CHECK_MSG(same, "metric %s: bitboard %llu reachable, farthest %u, %llu goals at %u; "
              "general %llu, %u, %llu at %u (or the profiles differ)", sb_metric_name(metric),
              (unsigned long long)r[0].reachable, r[0].farthest,
              (unsigned long long)r[0].goal_count, r[0].nearest_goal,
              (unsigned long long)r[1].reachable, r[1].farthest,
              (unsigned long long)r[1].goal_count, r[1].nearest_goal);
    if (!same)
        unit_print_puzzle(stderr, p);
    compared++;
    if (r[0].path == SB_PATH_BITBOARD && fast_walker(p))
        compare_flat(p, metric, &r[0]);
    /* The states limit is exact on the fast walker too: half the space. */
    if (r[0].reachable > 2) {
        sb_options opts = options(metric, SB_PATH_BITBOARD);
        opts.limits.max_states = r[0].reachable / 2;
        sb_explore_report half;
        sb_status st = sb_explore(p, &opts, &half, &err);
        CHECK_MSG(st == SB_ELIMIT && err.limit == SB_LIMIT_STATES &&
                      err.stored == opts.limits.max_states,
                  "max-states %llu: status %d, stopped at %llu stored",
                  (unsigned long long)opts.limits.max_states, st,
                  (unsigned long long)err.stored);
    }
    sb_explore_report_free(&r[0]);
    sb_explore_report_free(&r[1]);
    return true;
}

/* Solves p by optimal BFS on both paths: same outcome, same length. */
static void compare_solve(const sb_puzzle *p, sb_metric metric)
{
    sb_solution sol[2];
    sb_status st[2];
    sb_error err;
    for (int i = 0; i < 2; i++) {
        sb_options opts = options(metric, i ? SB_PATH_GENERAL : SB_PATH_BITBOARD);
        opts.algo = SB_ALGO_BFS;
        opts.optimal = true;
        st[i] = sb_solve(p, &opts, &sol[i], NULL, &err);
    }
    if (st[0] != SB_ELIMIT && st[1] != SB_ELIMIT) {
        uint64_t len0 = sb_moves_length(sol[0].moves, sol[0].nmoves, metric);
        uint64_t len1 = sb_moves_length(sol[1].moves, sol[1].nmoves, metric);
        bool same = st[0] == st[1] && len0 == len1;
        CHECK_MSG(same, "metric %s: bitboard status %d length %llu, general %d length %llu",
                  sb_metric_name(metric), st[0], (unsigned long long)len0, st[1],
                  (unsigned long long)len1);
        if (!same)
            unit_print_puzzle(stderr, p);
        solved += st[0] == SB_OK;
        unsolvable += st[0] == SB_UNSOLVABLE;
    }
    sb_solution_free(&sol[0]);
    sb_solution_free(&sol[1]);
}

static void test_random_trays(void)
{
    unit_rng r = { 0x77a1c128ULL };
    int ntrays = (int)(sizeof wide_trays / sizeof wide_trays[0]);
    int nnarrow = (int)(sizeof narrow_trays / sizeof narrow_trays[0]);
    int wide_fast = 0, wide = 0;
    for (int n = 0; n < 3 * ntrays + nnarrow; n++) {
        const int *side = n < 3 * ntrays ? wide_trays[n % ntrays] : narrow_trays[n - 3 * ntrays];
        int rows = side[0], cols = side[1];
        sb_puzzle p;
        if (n % 2)
            mirrored_puzzle(&p, &r, rows, cols, 1 + unit_below(&r, 2));
        else
            random_puzzle(&p, &r, rows, cols, 1 + unit_below(&r, 3));
        CHECK(sb_puzzle_check(&p, NULL) == SB_OK);
        bool fast = fast_walker(&p);
        if (image_bits(rows, cols) > 64) {
            wide++;
            wide_fast += fast;
        } else
            CHECK_MSG(fast || image_bits(rows, cols) >= 63, "a %dx%d tray", rows, cols);
        for (int m = 0; m < 3; m++)
            if (compare_explore(&p, (sb_metric)m))
                compare_solve(&p, (sb_metric)m);
        sb_puzzle_free(&p);
    }
    CHECK_MSG(wide_fast == wide, "the fast walker took %d of %d trays of 65 to 126 bits",
              wide_fast, wide);
    /* Enough of the spaces were walked whole to mean something. */
    CHECK_MSG(compared >= 3 * limited, "%u compared, %u at the states limit", compared, limited);
    CHECK_MSG(flat_compared >= compared / 2, "%u of %u spaces compared with the flat store",
              flat_compared, compared);
    printf("test_walk: %u spaces compared (%u at the states limit, %u with the flat store "
           "too), %u solutions and %u proofs of unsolvability alike\n", compared, limited,
           flat_compared, solved, unsolvable);
}

/* 1x64: a 127-bit image, no bit left for the depth: the store's walker,
 * which still walks it right. */
static void test_full_image(void)
{
    sb_block blocks[] = { { 0, 0, 1, 2 }, { 0, 10, 1, 1 }, { 0, 62, 1, 1 } };
    sb_block goals[] = { { 0, 5, 1, 2 } };
    sb_puzzle p = { 1, 64, 3, blocks, 1, goals };
    CHECK(!fast_walker(&p));
    compare_explore(&p, SB_METRIC_LINE);
    compare_solve(&p, SB_METRIC_UNIT);
}

int main(void)
{
    test_random_trays();
    test_full_image();
    return unit_finish("test_walk");
}
