/*
 * test_search.c - solving and exploring through the public API (slide.h)
 * against the tests' own breadth-first search (unit.h), on random small
 * puzzles (trays up to 4x4, so that search is cheap).  Two puzzles in
 * three take their goal from the configuration farthest from INIT, so it
 * is reachable and usually many moves away (where a search that is not
 * shortest shows it); the others have random goals, often unreachable.
 *
 * For every metric, the tests' search finds everything reachable from
 * INIT and the distance of each configuration.  Then:
 *   - sb_solve, for each of optimal BFS, optimal A* and the defaults, on
 *     the bitboard and on the general board: when no reachable
 *     configuration meets the goal it must say SB_UNSOLVABLE; otherwise
 *     its moves must replay legally (a replay of the tests' own: each
 *     move names a block's upper-left corner and slides it straight over
 *     empty cells inside the tray) to a configuration that meets the goal,
 *     and in the optimal modes sb_moves_length under the metric must be
 *     the tests' distance to the nearest goal;
 *   - sb_explore, on both representations: the reachable count, the depth
 *     profile, the farthest distance, the goal count and the nearest goal
 *     must be the tests' own.
 * And sb_moves_length on hand-made move lists, under every metric.
 */
#include "unit.h"

/* ---- the tests' replay -------------------------------------------------- */

/* Plays sol on p's blocks; true when every move is a legal straight slide.
 * The final blocks are left in out (p->nblocks of them). */
static bool replay(const sb_puzzle *p, const sb_solution *sol, sb_metric metric, sb_block *out,
                   char *why, size_t why_size)
{
    int rows = p->rows, cols = p->cols;
    int *grid = unit_alloc((size_t)(rows * cols) * sizeof *grid);
    memcpy(out, p->blocks, p->nblocks * sizeof *out);
    for (int cell = 0; cell < rows * cols; cell++)
        grid[cell] = -1;
    for (size_t i = 0; i < p->nblocks; i++)
        for (int y = out[i].row; y < out[i].row + out[i].height; y++)
            for (int x = out[i].col; x < out[i].col + out[i].width; x++)
                grid[y * cols + x] = (int)i;
    bool ok = true;
    for (size_t k = 0; k < sol->nmoves && ok; k++) {
        const sb_move *m = &sol->moves[k];
        int i = -1;
        if (m->from_row >= 0 && m->from_row < rows && m->from_col >= 0 && m->from_col < cols)
            i = grid[m->from_row * cols + m->from_col];
        if (i < 0 || out[i].row != m->from_row || out[i].col != m->from_col) {
            snprintf(why, why_size, "move %zu: no block has its corner at %d %d", k, m->from_row,
                     m->from_col);
            ok = false;
            break;
        }
        int dr = m->to_row - m->from_row, dc = m->to_col - m->from_col;
        if ((dr != 0) == (dc != 0)) {
            snprintf(why, why_size, "move %zu: not a straight slide", k);
            ok = false;
            break;
        }
        if (metric == SB_METRIC_UNIT && abs(dr) + abs(dc) != 1) {
            snprintf(why, why_size, "move %zu: a unit solution slides one cell at a time", k);
            ok = false;
            break;
        }
        int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
        for (int step = 0; step < abs(dr) + abs(dc) && ok; step++) {
            int nr = out[i].row + sr, nc = out[i].col + sc;
            if (!unit_fits(rows, cols, grid, &out[i], i, nr, nc)) {
                snprintf(why, why_size, "move %zu: the block runs into something", k);
                ok = false;
                break;
            }
            for (int y = out[i].row; y < out[i].row + out[i].height; y++)
                for (int x = out[i].col; x < out[i].col + out[i].width; x++)
                    grid[y * cols + x] = -1;
            out[i].row = nr;
            out[i].col = nc;
            for (int y = nr; y < nr + out[i].height; y++)
                for (int x = nc; x < nc + out[i].width; x++)
                    grid[y * cols + x] = i;
        }
    }
    free(grid);
    return ok;
}

/* ---- solving and exploring ------------------------------------------------ */

typedef enum mode { MODE_BFS, MODE_ASTAR, MODE_DEFAULT } mode;
static const char *const MODE_NAME[] = { "optimal bfs", "optimal astar", "default" };

/* What the tests' search says about one puzzle under one metric. */
typedef struct truth {
    unit_graph g;
    unsigned nearest;       /* distance of the nearest goal configuration, ~0u: none */
    uint64_t goals;         /* reachable configurations meeting the goal */
    unsigned farthest;
    uint64_t *per_depth;    /* farthest + 1: configurations at each distance */
} truth;

static void find_truth(const sb_puzzle *p, sb_metric m, truth *t)
{
    unit_bfs(p, m, &t->g);
    t->nearest = ~0u;
    t->goals = 0;
    t->farthest = 0;
    sb_block *b = unit_alloc((p->nblocks + 1) * sizeof *b);
    for (size_t i = 0; i < t->g.count; i++) {
        unit_decode(&t->g, t->g.keys[i], b);
        if (unit_goal_met(p->goals, p->ngoals, b, p->nblocks)) {
            t->goals++;
            if (t->g.dist[i] < t->nearest)
                t->nearest = t->g.dist[i];
        }
        if (t->g.dist[i] > t->farthest)
            t->farthest = t->g.dist[i];
    }
    t->per_depth = unit_alloc(((size_t)t->farthest + 1) * sizeof *t->per_depth);
    for (size_t i = 0; i < t->g.count; i++)
        t->per_depth[t->g.dist[i]]++;
    free(b);
}

static unsigned long solved, proven_unsolvable;

static void check_solve(const sb_puzzle *p, sb_metric metric, const truth *t, mode md,
                        sb_path path)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = metric;
    opts.path = path;
    if (md == MODE_BFS) {
        opts.optimal = true;
        opts.algo = SB_ALGO_BFS;
    } else if (md == MODE_ASTAR) {
        opts.optimal = true;
        opts.algo = SB_ALGO_ASTAR;
    }
    sb_solution sol;
    sb_stats stats;
    sb_error err;
    sb_status st = sb_solve(p, &opts, &sol, &stats, &err);
    const char *name = sb_path_name(path);
    bool ok = true;
    if (t->nearest == ~0u) {
        ok = st == SB_UNSOLVABLE && sol.nmoves == 0;
        CHECK_MSG(ok, "%s, %s, metric %s: status %d with %zu moves; the tests' search finds no "
                  "goal among %zu configurations", name, MODE_NAME[md], sb_metric_name(metric),
                  st, sol.nmoves, t->g.count);
        proven_unsolvable += ok;
    } else {
        sb_block *final = unit_alloc((p->nblocks + 1) * sizeof *final);
        char why[160] = "";
        ok = st == SB_OK;
        CHECK_MSG(ok, "%s, %s, metric %s: status %d (%s); the goal is %u moves away", name,
                  MODE_NAME[md], sb_metric_name(metric), st, err.msg, t->nearest);
        if (ok) {
            ok = replay(p, &sol, metric, final, why, sizeof why);
            CHECK_MSG(ok, "%s, %s, metric %s: %s", name, MODE_NAME[md], sb_metric_name(metric),
                      why);
        }
        if (ok) {
            ok = unit_goal_met(p->goals, p->ngoals, final, p->nblocks);
            CHECK_MSG(ok, "%s, %s, metric %s: the moves end away from the goal", name,
                      MODE_NAME[md], sb_metric_name(metric));
        }
        if (ok && md != MODE_DEFAULT) {
            uint64_t len = sb_moves_length(sol.moves, sol.nmoves, metric);
            ok = len == t->nearest && sol.optimal;
            CHECK_MSG(ok, "%s, %s, metric %s: length %llu (optimal flag %d), the tests' search "
                      "says %u", name, MODE_NAME[md], sb_metric_name(metric),
                      (unsigned long long)len, sol.optimal, t->nearest);
            /* One printed slide per move, but under piece. */
            if (ok && metric != SB_METRIC_PIECE)
                CHECK_MSG(sol.nmoves == t->nearest, "%s, %s, metric %s: %zu slides for %u moves",
                          name, MODE_NAME[md], sb_metric_name(metric), sol.nmoves, t->nearest);
        }
        solved += ok;
        free(final);
    }
    CHECK(stats.path == path);
    if (md != MODE_DEFAULT)
        CHECK(stats.algo == (md == MODE_BFS ? SB_ALGO_BFS : SB_ALGO_ASTAR));
    if (!ok)
        unit_print_puzzle(stderr, p);
    sb_solution_free(&sol);
}

static void check_explore(const sb_puzzle *p, sb_metric metric, const truth *t, sb_path path)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = metric;
    opts.path = path;
    sb_explore_report r;
    sb_error err;
    sb_status st = sb_explore(p, &opts, &r, &err);
    CHECK_MSG(st == SB_OK, "explore: status %d (%s)", st, err.msg);
    if (st != SB_OK)
        return;
    const char *name = sb_path_name(path);
    bool ok = r.reachable == t->g.count && r.farthest == t->farthest && r.path == path &&
              r.metric == metric;
    CHECK_MSG(ok, "%s explore, metric %s: %llu reachable, farthest %u; the tests' search: "
              "%zu, %u", name, sb_metric_name(metric), (unsigned long long)r.reachable,
              r.farthest, t->g.count, t->farthest);
    for (unsigned d = 0; ok && d <= t->farthest; d++) {
        ok = r.per_depth[d] == t->per_depth[d];
        CHECK_MSG(ok, "%s explore, metric %s: %llu at distance %u, the tests' search %llu", name,
                  sb_metric_name(metric), (unsigned long long)r.per_depth[d], d,
                  (unsigned long long)t->per_depth[d]);
    }
    bool has_goal = p->ngoals > 0;
    bool goals_ok = r.has_goal == has_goal && r.goal_count == (has_goal ? t->goals : 0) &&
                    (!r.goal_count || r.nearest_goal == t->nearest);
    CHECK_MSG(goals_ok, "%s explore, metric %s: %llu goal configurations, nearest %u; the "
              "tests' search: %llu, %u", name, sb_metric_name(metric),
              (unsigned long long)r.goal_count, r.nearest_goal, (unsigned long long)t->goals,
              t->nearest);
    if (!ok || !goals_ok)
        unit_print_puzzle(stderr, p);
    sb_explore_report_free(&r);
}

/* Replaces p's goal with one to three blocks of the configuration
 * farthest from INIT in one-cell steps: a goal that is reachable and
 * usually far, where a search that is not optimal shows it. */
static void far_goal(sb_puzzle *p, unit_rng *r)
{
    unit_graph g;
    unit_bfs(p, SB_METRIC_UNIT, &g);
    sb_block *far = unit_alloc((p->nblocks + 1) * sizeof *far);
    unit_decode(&g, g.keys[g.count - 1], far);
    size_t want = 1 + (size_t)unit_below(r, 3);
    p->goals = unit_grow(p->goals, (want + 1) * sizeof *p->goals);
    p->ngoals = 0;
    for (size_t i = 0; i < p->nblocks && p->ngoals < want; i++) {
        size_t pick = i + (size_t)unit_below(r, (int)(p->nblocks - i));
        sb_block swap = far[i];
        far[i] = far[pick];
        far[pick] = swap;
        p->goals[p->ngoals++] = far[i];
    }
    free(far);
    unit_graph_free(&g);
}

static void test_random_puzzles(void)
{
    static const int sides[][2] = { { 4, 4 }, { 3, 4 }, { 4, 3 }, { 3, 3 }, { 2, 4 },
                                    { 4, 2 }, { 2, 3 }, { 1, 4 }, { 4, 1 }, { 1, 1 } };
    unit_rng r = { 0x5ea4c4ed0011ULL };
    for (int n = 0; n < 120; n++) {
        int rows = sides[n % 10][0], cols = sides[n % 10][1];
        unit_shape_plan plan = {
            .max_h = 1 + unit_below(&r, 3),
            .max_w = 1 + unit_below(&r, 3),
            .fill_pct = 40 + unit_below(&r, 50),
            .unit_pct = unit_below(&r, 60),
            .max_goals = 3,
        };
        sb_puzzle p;
        unit_random_puzzle(&p, &r, rows, cols, &plan);
        if (n % 3)
            far_goal(&p, &r);
        CHECK(sb_puzzle_check(&p, NULL) == SB_OK);
        for (int m = 0; m < 3; m++) {
            truth t;
            find_truth(&p, (sb_metric)m, &t);
            for (int path = SB_PATH_BITBOARD; path <= SB_PATH_GENERAL; path++) {
                check_explore(&p, (sb_metric)m, &t, (sb_path)path);
                for (int md = 0; md < 3; md++)
                    check_solve(&p, (sb_metric)m, &t, (mode)md, (sb_path)path);
            }
            unit_graph_free(&t.g);
            free(t.per_depth);
        }
        sb_puzzle_free(&p);
    }
    printf("test_search: %lu solutions replayed and measured, %lu unsolvable puzzles confirmed\n",
           solved, proven_unsolvable);
}

/* A tray the bitboard cannot take is refused when the bitboard is asked
 * for, and solved by the general board. */
static void test_bitboard_refusal(void)
{
    sb_block blocks[] = { { 0, 0, 1, 1 } }, goals[] = { { 6, 6, 1, 1 } };
    sb_puzzle p = { 7, 7, 1, blocks, 1, goals };
    sb_options opts;
    sb_options_default(&opts);
    opts.path = SB_PATH_BITBOARD;
    sb_solution sol;
    sb_error err;
    CHECK(sb_solve(&p, &opts, &sol, NULL, &err) == SB_EINPUT);
    sb_solution_free(&sol);
    opts.path = SB_PATH_GENERAL;
    opts.optimal = true;
    CHECK(sb_solve(&p, &opts, &sol, NULL, &err) == SB_OK);
    CHECK(sb_moves_length(sol.moves, sol.nmoves, SB_METRIC_LINE) == 2);
    sb_solution_free(&sol);
}

/* ---- answers no search needs ---------------------------------------------- */

/* A GOAL that INIT already meets is the empty solution, shortest, under
 * every algorithm and representation, with nothing stored and no table
 * built: on a 7x7 tray with no blocks and an empty goal, and on one full
 * of 1x1 blocks with GOAL = INIT (no move exists at all), and on a 3x3
 * that the bitboard takes.  Numbered tiles with two tiles swapped are
 * proven unsolvable by parity the same way, in default mode too. */
static void test_no_search(void)
{
    static const sb_algo algos[] = { SB_ALGO_AUTO, SB_ALGO_BFS, SB_ALGO_ASTAR,
                                     SB_ALGO_IDASTAR, SB_ALGO_BIDIR };
    sb_block full[49];
    for (int i = 0; i < 49; i++)
        full[i] = (sb_block){ i / 7, i % 7, 1, 1 };
    sb_block small[] = { { 0, 0, 1, 2 }, { 2, 2, 1, 1 } };
    sb_puzzle met[] = { { 7, 7, 0, NULL, 0, NULL }, { 7, 7, 49, full, 49, full },
                        { 3, 3, 2, small, 2, small } };
    /* Tiles 1..8 of a 3x3 with 1 and 2 swapped, against the goal in order:
     * one transposition, the blank home, an odd permutation. */
    sb_block tiles[8], goal[8];
    for (int i = 0; i < 8; i++) {
        int at = i < 2 ? 1 - i : i;
        tiles[i] = (sb_block){ at / 3, at % 3, 1, 1, .group = i + 1 };
        goal[i] = (sb_block){ i / 3, i % 3, 1, 1, .group = i + 1 };
    }
    sb_puzzle odd = { 3, 3, 8, tiles, 8, goal };
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++)
        for (int optimal = 0; optimal <= 1; optimal++)
            for (int path = 0; path < 3; path++) {
                sb_options o;
                sb_options_default(&o);
                o.algo = algos[a];
                o.optimal = optimal;
                o.path = path == 0 ? SB_PATH_AUTO : path == 1 ? SB_PATH_GENERAL
                                                              : SB_PATH_BITBOARD;
                sb_solution sol;
                sb_stats stats;
                sb_error err;
                for (size_t k = 0; k < sizeof met / sizeof met[0]; k++) {
                    if (o.path == SB_PATH_BITBOARD && met[k].rows == 7)
                        continue;   /* a 7x7 tray is past the bitboard */
                    sb_status st = sb_solve(&met[k], &o, &sol, &stats, &err);
                    CHECK_MSG(st == SB_OK && sol.nmoves == 0 && sol.optimal &&
                                  stats.stored == 0 && stats.pdb_groups == 0,
                              "met %zu, algo %d, optimal %d, path %d: %d (%s), %zu moves, "
                              "%llu stored", k, (int)o.algo, optimal, path, st,
                              st == SB_OK ? "" : err.msg, sol.nmoves,
                              (unsigned long long)stats.stored);
                    sb_solution_free(&sol);
                }
                if (o.path == SB_PATH_BITBOARD)
                    continue;   /* numbered tiles are marked: past the bitboard */
                sb_status st = sb_solve(&odd, &o, &sol, &stats, &err);
                CHECK_MSG(st == SB_UNSOLVABLE && strstr(err.msg, "parity") &&
                              stats.stored == 0 && stats.pdb_groups == 0,
                          "odd tiles, algo %d, optimal %d, path %d: %d (%s), %llu stored",
                          (int)o.algo, optimal, path, st, err.msg,
                          (unsigned long long)stats.stored);
                sb_solution_free(&sol);
            }
}

/* ---- sb_moves_length on hand-made lists ---------------------------------- */

typedef struct length_case {
    const char *what;
    size_t n;
    sb_move moves[5];
    uint64_t unit, line, piece;
} length_case;

static void test_moves_length(void)
{
    static const length_case cases[] = {
        { "nothing", 0, { { 0, 0, 0, 0 } }, 0, 0, 0 },
        { "one long slide", 1, { { 0, 0, 0, 3 } }, 3, 1, 1 },
        { "one slide up", 1, { { 4, 1, 2, 1 } }, 2, 1, 1 },
        { "one block on in one direction", 2, { { 0, 0, 0, 1 }, { 0, 1, 0, 2 } }, 2, 1, 1 },
        { "one block up, then on up", 2, { { 4, 1, 2, 1 }, { 2, 1, 0, 1 } }, 4, 1, 1 },
        { "one block turning", 2, { { 0, 0, 0, 1 }, { 0, 1, 1, 1 } }, 2, 2, 1 },
        { "one block going back", 2, { { 0, 0, 0, 2 }, { 0, 2, 0, 1 } }, 3, 2, 1 },
        { "two blocks", 2, { { 0, 0, 0, 1 }, { 2, 2, 2, 3 } }, 2, 2, 2 },
        { "two blocks, same direction", 2, { { 0, 0, 0, 1 }, { 1, 1, 1, 2 } }, 2, 2, 2 },
        { "a staircase", 4, { { 0, 0, 0, 1 }, { 0, 1, 0, 2 }, { 0, 2, 1, 2 }, { 1, 2, 1, 3 } },
          4, 3, 1 },
        { "a block, another, the first again", 3,
          { { 0, 0, 0, 1 }, { 3, 3, 2, 3 }, { 0, 1, 0, 2 } }, 3, 3, 3 },
        { "a bent path, then another block", 4,
          { { 5, 5, 3, 5 }, { 3, 5, 3, 2 }, { 3, 2, 4, 2 }, { 0, 0, 1, 0 } }, 7, 4, 2 },
        { "there and back, three times", 3,
          { { 1, 1, 1, 2 }, { 1, 2, 1, 1 }, { 1, 1, 1, 2 } }, 3, 3, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const length_case *c = &cases[i];
        uint64_t unit = sb_moves_length(c->moves, c->n, SB_METRIC_UNIT);
        uint64_t line = sb_moves_length(c->moves, c->n, SB_METRIC_LINE);
        uint64_t piece = sb_moves_length(c->moves, c->n, SB_METRIC_PIECE);
        CHECK_MSG(unit == c->unit && line == c->line && piece == c->piece,
                  "%s: unit %llu line %llu piece %llu, want %llu %llu %llu", c->what,
                  (unsigned long long)unit, (unsigned long long)line, (unsigned long long)piece,
                  (unsigned long long)c->unit, (unsigned long long)c->line,
                  (unsigned long long)c->piece);
    }
}

/* More classes than 16 bits hold.  A 256x256 tray of 1x1 pieces, each
 * marked (a group of its own, so a class of its own, numbered in group
 * order): with one hole in the corner, the goal of moving the last class's
 * piece into it takes one move, made by class 65,534; with the tray full,
 * a goal for class 65,535 can never be met, and must not read as met. */
static void test_many_classes(void)
{
    enum { SIDE = 256, CELLS = SIDE * SIDE };
    sb_block *blocks = unit_alloc(CELLS * sizeof *blocks);
    for (int i = 0; i < CELLS; i++)
        blocks[i] = (sb_block){ i / SIDE, i % SIDE, 1, 1, 0, i + 1 };
    sb_block goal = { SIDE - 1, SIDE - 1, 1, 1, 0, CELLS - 1 };
    sb_puzzle p = { SIDE, SIDE, CELLS - 1, blocks, 1, &goal };
    sb_options opts;
    sb_options_default(&opts);
    opts.path = SB_PATH_GENERAL;
    opts.algo = SB_ALGO_BFS;
    opts.optimal = true;
    sb_solution sol = { 0 };
    sb_error err;
    sb_status st = sb_solve(&p, &opts, &sol, NULL, &err);
    CHECK_MSG(st == SB_OK && sol.nmoves == 1 && sol.moves[0].from_row == SIDE - 1 &&
                  sol.moves[0].from_col == SIDE - 2 && sol.moves[0].to_row == SIDE - 1 &&
                  sol.moves[0].to_col == SIDE - 1,
              "status %d, %zu moves: %s", (int)st, sol.nmoves, st == SB_OK ? "" : err.msg);
    sb_solution_free(&sol);

    p.nblocks = CELLS;
    goal = (sb_block){ 0, 0, 1, 1, 0, CELLS };
    st = sb_solve(&p, &opts, &sol, NULL, &err);
    CHECK_MSG(st == SB_UNSOLVABLE && sol.nmoves == 0, "status %d, %zu moves", (int)st,
              sol.nmoves);
    sb_solution_free(&sol);
    free(blocks);
}

int main(void)
{
    test_many_classes();
    test_moves_length();
    test_bitboard_refusal();
    test_no_search();
    test_random_puzzles();
    return unit_finish("test_search");
}
