/*
 * test_bidir.c - bidirectional breadth-first search (engine/search/bidir.c,
 * sb_solve with SB_ALGO_BIDIR) against breadth-first searches of the
 * test's own and the engine's plain BFS.
 *
 * A goal for bidirectional search places every piece, so it is one layout
 * of INIT's pieces.  Goals here are INIT itself, a layout INIT reaches
 * (often the farthest, where a search that is not shortest shows it), or
 * any layout of the same pieces, which is often in another component (no
 * solution).  For every metric, on the bitboard and the general board:
 *   - plain rectangles on trays of at most 16 cells, the truth from
 *     unit.h's search; pieces of any shape, walls, one-axis and marked
 *     pieces on trays of up to 20 cells, the truth from unit_pieces.h's
 *     layouts and moves (on the bitboard too when it takes the set);
 *   - bidirectional search says SB_OK exactly when the goal is reachable,
 *     with a solution of the shortest length under the metric (and marked
 *     optimal) that the judge (sb_check_moves) replays to the goal, and
 *     says SB_UNSOLVABLE otherwise, naming which end it exhausted or the
 *     proof it needed no search for (parity; a goal place that walls or
 *     an axis keep a piece from); plain BFS says the same;
 *   - under a states limit it may stop (SB_ELIMIT) but never says there
 *     is no solution when there is one, nor gives a longer one;
 *   - a goal that does not place every piece is refused by name;
 *   - such a goal (some pieces of a layout) is reached by plain BFS
 *     exactly when a layout INIT reaches meets it, whether or not the
 *     engine proves it out of reach before searching.
 */
#include "unit_pieces.h"

static unit_rng rng = { 0xb1d1e5u };

static unsigned long solved, unsolvable, limited, cases;

/* p with its goal set to every piece of blocks (n of them). */
static void set_goal(sb_puzzle *p, const sb_block *blocks, size_t n)
{
    free(p->goals);
    p->goals = unit_alloc((n + 1) * sizeof *p->goals);
    memcpy(p->goals, blocks, n * sizeof *blocks);
    p->ngoals = n;
}

/* Whether err is the proof, given before any search, that a goal place
 * is out of its pieces' reach (walls, one-axis pieces: catalog.c); the
 * cases where it was given are counted, so that a run shows it was. */
static unsigned long proved_before_search;

static bool out_of_reach(const sb_error *err)
{
    bool yes = strstr(err->msg, "can never reach") || strstr(err->msg, "can ever get there");
    proved_before_search += yes;
    return yes;
}

/* Solves p as asked; *len the judged length under metric (-1: the judge
 * refused the moves). */
static sb_status solve(const sb_puzzle *p, sb_metric metric, sb_path path, sb_algo algo,
                       uint64_t max_states, long *len, sb_error *err, sb_stats *stats)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = metric;
    opts.path = path;
    opts.algo = algo;
    opts.optimal = true;
    opts.limits.max_states = max_states;
    sb_solution sol = { 0 };
    sb_status st = sb_solve(p, &opts, &sol, stats, err);
    *len = -2;
    if (st == SB_OK) {
        sb_error judged;
        *len = sb_check_moves(p, sol.moves, sol.nmoves, &judged) == SB_OK
                   ? (long)sb_moves_length(sol.moves, sol.nmoves, metric)
                   : -1;
        if (!sol.optimal)
            *len = -3;
    }
    sb_solution_free(&sol);
    return st;
}

/* Bidirectional search and plain BFS on p (whose goal is whole) against
 * the truth: the distance to the goal, or -1 when it is not reachable. */
static void check_case(const sb_puzzle *p, sb_metric metric, sb_path path, long truth,
                       const char *name)
{
    const char *how = sb_path_name(path), *m = sb_metric_name(metric);
    long len, bfs_len;
    sb_error err, bfs_err;
    sb_stats stats;
    sb_status st = solve(p, metric, path, SB_ALGO_BIDIR, 0, &len, &err, &stats);
    sb_status bfs = solve(p, metric, path, SB_ALGO_BFS, 0, &bfs_len, &bfs_err, NULL);
    bool ok = CHECK_MSG(stats.algo == SB_ALGO_BIDIR, "%s: ran algorithm %d", name, stats.algo);
    if (truth >= 0) {
        ok = ok && CHECK_MSG(st == SB_OK && len == truth, "%s (%s, %s): bidirectional %d (%s), "
                             "length %ld, the truth %ld", name, how, m, st,
                             st == SB_OK ? "" : err.msg, len, truth);
        ok = ok && CHECK_MSG(bfs == SB_OK && bfs_len == truth, "%s (%s, %s): BFS %d, length "
                             "%ld, the truth %ld", name, how, m, bfs, bfs_len, truth);
        solved += ok;
    } else {
        ok = ok && CHECK_MSG(st == SB_UNSOLVABLE && err.status == SB_UNSOLVABLE &&
                                 strstr(err.msg, "no solution") &&
                                 (strstr(err.msg, "the start reaches") || strstr(err.msg, "the goal reaches") ||
                                  strstr(err.msg, "wrong parity") || out_of_reach(&err)),
                             "%s (%s, %s): bidirectional %d (%s), the goal is unreachable", name,
                             how, m, st, err.msg);
        ok = ok && CHECK_MSG(bfs == SB_UNSOLVABLE, "%s (%s, %s): BFS %d, the goal is "
                             "unreachable", name, how, m, bfs);
        unsolvable += ok;
    }
    /* Under a states limit: stopped, or right. */
    uint64_t limit = 1 + (uint64_t)unit_below(&rng, 40);
    st = solve(p, metric, path, SB_ALGO_BIDIR, limit, &len, &err, NULL);
    bool honest = st == SB_ELIMIT ? err.limit == SB_LIMIT_STATES
                  : st == SB_OK   ? truth >= 0 && len == truth
                                  : st == SB_UNSOLVABLE && truth < 0;
    ok = CHECK_MSG(honest, "%s (%s, %s): under a limit of %llu states: %d (%s), length %ld, the "
                   "truth %ld", name, how, m, (unsigned long long)limit, st,
                   st == SB_OK ? "" : err.msg, len, truth) && ok;
    limited += st == SB_ELIMIT;
    cases++;
    if (!ok)
        unit_print_puzzle(stderr, p);
}

/* ---- plain rectangles, unit.h's search ---------------------------------- */

/* A random layout of p's blocks (a random order, each at a random free
 * place), into out; false when the random placing got stuck. */
static bool scatter(const sb_puzzle *p, sb_block *out)
{
    int cells = p->rows * p->cols, grid[UNIT_MAX_CELLS];
    for (int c = 0; c < cells; c++)
        grid[c] = -1;
    for (size_t i = 0; i < p->nblocks; i++) {
        out[i] = p->blocks[i];
        bool put = false;
        for (int tries = 0; tries < 50 && !put; tries++) {
            int r = unit_below(&rng, p->rows - out[i].height + 1);
            int c = unit_below(&rng, p->cols - out[i].width + 1);
            if (!unit_fits(p->rows, p->cols, grid, &out[i], -2, r, c))
                continue;
            out[i].row = r;
            out[i].col = c;
            for (int y = r; y < r + out[i].height; y++)
                for (int x = c; x < c + out[i].width; x++)
                    grid[y * p->cols + x] = (int)i;
            put = true;
        }
        if (!put)
            return false;
    }
    return true;
}

static void rectangles(int count)
{
    static const int sides[][2] = { { 4, 4 }, { 3, 4 }, { 4, 3 }, { 3, 3 }, { 2, 4 },
                                    { 4, 2 }, { 2, 3 }, { 1, 4 }, { 4, 1 }, { 2, 2 } };
    char name[64];
    for (int n = 0; n < count; n++) {
        int rows = sides[n % 10][0], cols = sides[n % 10][1];
        unit_shape_plan plan = { .max_h = 1 + unit_below(&rng, 2), .max_w = 1 + unit_below(&rng, 3),
                                 .fill_pct = 40 + unit_below(&rng, 45),
                                 .unit_pct = unit_below(&rng, 60) };
        sb_puzzle p;
        unit_random_puzzle(&p, &rng, rows, cols, &plan);
        sb_block *goal = unit_alloc((p.nblocks + 1) * sizeof *goal);
        for (int m = 0; m < 3; m++) {
            unit_graph g;
            unit_bfs(&p, (sb_metric)m, &g);
            /* INIT, the farthest, a random reachable layout, any layout. */
            for (int kind = 0; kind < 4; kind++) {
                long truth;
                if (kind < 3) {
                    size_t at = kind == 0 ? 0 : kind == 1 ? g.count - 1
                                                          : (size_t)unit_below(&rng, (int)g.count);
                    unit_decode(&g, g.keys[at], goal);
                    truth = (long)g.dist[at];
                } else {
                    if (!scatter(&p, goal))
                        continue;
                    unit_sort_blocks(goal, p.nblocks);
                    size_t at = unit_graph_find(&g, unit_encode(&g, goal, p.nblocks));
                    truth = at == SIZE_MAX ? -1 : (long)g.dist[at];
                }
                set_goal(&p, goal, p.nblocks);
                snprintf(name, sizeof name, "rectangles %d, goal %d", n, kind);
                for (int path = SB_PATH_BITBOARD; path <= SB_PATH_GENERAL; path++)
                    check_case(&p, (sb_metric)m, (sb_path)path, truth, name);
            }
            unit_graph_free(&g);
        }
        free(goal);
        sb_puzzle_free(&p);
    }
}

/* ---- any pieces, unit_pieces.h's layouts and moves ------------------------- */

static unsigned long partial_cases, partial_reachable;

/* Whether blocks (n of them) meet goal (k entries): each entry matched by
 * a block of its class at its place. */
static bool meets(const sb_puzzle *p, const sb_block *blocks, size_t n, const sb_block *goal,
                  size_t k)
{
    for (size_t g = 0; g < k; g++) {
        bool met = false;
        for (size_t i = 0; i < n && !met; i++)
            met = blocks[i].row == goal[g].row && blocks[i].col == goal[g].col &&
                  sb_block_same_class(p, &blocks[i], &goal[g]);
        if (!met)
            return false;
    }
    return true;
}

/* A goal that places some of the pieces of `layout` (a random nonempty
 * proper subset), which plain BFS must reach exactly when a layout INIT
 * reaches (dist >= 0) meets it: the proofs given before any search
 * (parity, places out of reach) must never refuse a reachable goal. */
static void partial_case(sb_puzzle *p, const unit_pieces *up, const unit_layouts *L,
                         const int32_t *dist, const sb_block *layout, const char *name)
{
    size_t n = p->nblocks;
    if (n < 2)
        return;
    sb_block *pick = unit_alloc((n + 1) * sizeof *pick);
    sb_block *blocks = unit_alloc((n + 1) * sizeof *blocks);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (unit_below(&rng, 2))
            pick[k++] = layout[i];
    if (k == 0 || k == n)
        k = 1;   /* at least one entry, at most n - 1 */
    if (k == 1)
        pick[0] = layout[(size_t)unit_below(&rng, (int)n)];
    bool truth = false;
    for (size_t j = 0; j < L->n && !truth; j++) {
        if (dist[j] < 0)
            continue;
        unit_blocks_of(up, unit_layout_code(L, j), blocks);
        truth = meets(p, blocks, n, pick, k);
    }
    set_goal(p, pick, k);
    long len;
    sb_error err;
    sb_status st = solve(p, SB_METRIC_UNIT, SB_PATH_GENERAL, SB_ALGO_BFS, 0, &len, &err, NULL);
    partial_cases++;
    partial_reachable += truth;
    if (truth)
        CHECK_MSG(st == SB_OK && len >= 0, "%s, %zu of its pieces: BFS %d (%s), reachable",
                  name, k, st, st == SB_OK ? "" : err.msg);
    else
        CHECK_MSG(st == SB_UNSOLVABLE && (strstr(err.msg, "searched") || out_of_reach(&err) ||
                                          strstr(err.msg, "wrong parity")),
                  "%s, %zu of its pieces: BFS %d (%s), unreachable", name, k, st, err.msg);
    free(pick);
    free(blocks);
}

static void any_pieces(int count)
{
    char name[64];
    int checked = 0;
    for (int n = 0; n < count; n++) {
        int rows = 1 + unit_below(&rng, 4), cols = 2 + unit_below(&rng, 4);
        unit_pieces_plan plan = { .wall_pct = unit_below(&rng, 20), .keep_empty =
                                  1 + unit_below(&rng, 3), .max_pieces = 7, .shapes = UNIT_NSHAPES,
                                  .axis_pct = 30, .marked_pct = 30, .same_pct = 30 };
        sb_puzzle p;
        unit_random_pieces(&p, &rng, rows, cols, &plan);
        unit_pieces up;
        unit_layouts L = { 0 };
        if (p.nblocks == 0 || !unit_pieces_of(&p, &up) || !unit_enumerate(&up, 5000, &L)) {
            unit_layouts_free(&L);
            sb_puzzle_free(&p);
            continue;
        }
        /* The bitboard takes plain rectangles on a tray without walls. */
        bool walls = false;
        for (int cell = 0; cell < rows * cols; cell++)
            walls |= unit_is_wall(&up, cell);
        sb_path last = sb_puzzle_is_plain(&p) && !walls ? SB_PATH_BITBOARD : SB_PATH_GENERAL;
        checked++;
        size_t nblocks = p.nblocks;
        sb_block *goal = unit_alloc((nblocks + 1) * sizeof *goal);
        uint8_t *code = unit_alloc((size_t)L.ncells + 1), *word = unit_alloc((size_t)L.wlen + 1);
        unit_code_of(&up, p.blocks, nblocks, code);
        unit_word_of(&up, code, word);
        uint32_t init = (uint32_t)unit_layouts_find(&L, word);
        int32_t *dist = unit_alloc(L.n * sizeof *dist);
        uint32_t *queue = unit_alloc(L.n * sizeof *queue);
        for (int m = 0; m < 3; m++) {
            unit_adjacency a;
            unit_layout_graph(&up, &L, (sb_metric)m, &a);
            unit_layout_bfs(&a, L.n, init, dist, queue);
            /* INIT, then two layouts of the same pieces at random. */
            for (int kind = 0; kind < 3; kind++) {
                size_t at = kind == 0 ? init : (size_t)unit_below(&rng, (int)L.n);
                unit_blocks_of(&up, unit_layout_code(&L, at), goal);
                set_goal(&p, goal, nblocks);
                snprintf(name, sizeof name, "any pieces %d (%dx%d), goal %d", n, rows, cols,
                         kind);
                for (int path = SB_PATH_GENERAL; path >= (int)last; path--)
                    check_case(&p, (sb_metric)m, (sb_path)path, dist[at], name);
                if (m == SB_METRIC_UNIT)
                    partial_case(&p, &up, &L, dist, goal, name);
            }
            unit_adjacency_free(&a);
        }
        free(dist);
        free(queue);
        free(code);
        free(word);
        free(goal);
        unit_layouts_free(&L);
        sb_puzzle_free(&p);
    }
    CHECK_MSG(checked >= count / 2, "any pieces: %d of %d checked", checked, count);
}

/* A goal that leaves a piece out is refused, saying why. */
static void partial_goal(void)
{
    sb_block blocks[] = { { 0, 0, 1, 1 }, { 0, 1, 1, 2 } }, goal[] = { { 1, 0, 1, 2 } };
    sb_puzzle p = { 2, 3, 2, blocks, 1, goal };
    long len;
    sb_error err;
    sb_status st = solve(&p, SB_METRIC_LINE, SB_PATH_GENERAL, SB_ALGO_BIDIR, 0, &len, &err, NULL);
    CHECK_MSG(st == SB_EINPUT && strstr(err.msg, "every block"), "status %d: %s", st, err.msg);
}

int main(void)
{
    partial_goal();
    rectangles(unit_cases(150, 30));
    any_pieces(unit_cases(150, 30));
    printf("test_bidir: %lu cases: %lu solved as short as the truth, %lu proven unsolvable "
           "(%lu of them before any search), %lu stopped by a states limit; %lu goals placing "
           "some pieces (%lu reachable)\n", cases, solved, unsolvable, proved_before_search,
           limited, partial_cases, partial_reachable);
    CHECK(solved > 0 && unsolvable > 0 && limited > 0 && proved_before_search > 0);
    CHECK(partial_reachable > 0 && partial_reachable < partial_cases);
    return unit_finish("test_bidir");
}
