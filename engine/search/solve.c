/*
 * solve.c - sb_solve: set up (setup.c), choose the algorithm, search, and
 * read the moves back.  Breadth-first search runs under the one BFS driver
 * (bfs.c) with the walker the setup picks; A* is astar.c.
 */
#include <stdlib.h>
#include <string.h>

#include "search/astar.h"
#include "search/bidir.h"
#include "search/idastar.h"
#include "search/path.h"
#include "search/setup.h"
#include "spaces/bitboard.h"

/* How strongly a non-optimal A* trusts the guide over the moves made so
 * far; measured on the CS61B hard suite (docs/performance.md). */
enum { GUIDE_WEIGHT = 5 };

/* Whether s's puzzle is numbered tiles that pattern databases take (all
 * of them with a goal, and no walls), for which IDA* guided by the
 * databases is measured far ahead of A* beyond the 8-puzzle
 * (docs/performance.md). */
static bool takes_pdb(const sb_setup *s)
{
    return !sbi_pdb_refuses(s->space, s->path) && s->cat.ngoals == (uint32_t)s->cat.nclasses &&
           s->cat.nwalls == 0;
}

/* The algorithm `auto` picks, measured on the CS61B suites, the classic
 * trays and numbered tiles (docs/performance.md).  When a shortest
 * solution is asked for: numbered tiles beyond 3x3 (takes_pdb) go to IDA*
 * with the additive pattern databases, which solves the 15-puzzle's
 * positions in well under a second to a minute where A* runs out of
 * memory; smaller numbered tiles (every block marked) to A*, whose
 * estimate, the sum of the tiles' distances, is strong enough that it
 * stores a few percent of what BFS does (the 8-puzzle's hardest position:
 * 11,333 against 181,440; bidirectional BFS 15,955); a goal that places
 * every block, off the bitboard's fast walker, to bidirectional BFS (on
 * the general board it stores a third to two thirds of BFS's
 * configurations and runs 1.3 to 3.3 times faster on the CS61B puzzles
 * with such goals; the fast walker, several times quicker per
 * configuration, wins or ties); the rest to BFS.  Block databases
 * (pdb.c: the goal's classes and the largest others kept, the rest
 * dropped) are opened only for A* or IDA* asked for by name: on c71 and
 * pandemonium their bound at INIT is 5 or 6 of 87 or 88 line moves (14 of
 * 107 unit), so the guided search stores more than BFS in its first
 * minute and is slower per configuration; auto keeps BFS.  Otherwise: BFS when the
 * tray's image fits 64 bits (at most 32 cells and usually far fewer, so
 * the whole space is small and the bitboard's walker, which needs no
 * estimate, is fastest, and its solutions are shortest); else the guided
 * A*, which reaches the far goals of the CS61B hard suite (c71,
 * pandemonium: 6x6) in a fraction of a second where BFS would store tens
 * of millions of configurations. */
static sb_algo choose_algo(const sb_options *o, const sb_setup *s)
{
    const sb_catalog *cat = &s->cat;
    if (o->algo != SB_ALGO_AUTO)
        return o->algo;
    if (o->optimal && s->space && takes_pdb(s) && cat->ncells > 9)
        return SB_ALGO_IDASTAR;
    bool tiles = cat->nclasses > 0;
    for (int c = 0; c < cat->nclasses; c++)
        tiles &= cat->classes[c].count == 1 && cat->classes[c].proto.group > 0;
    if (o->optimal && tiles)
        return SB_ALGO_ASTAR;
    if (o->optimal)
        return sbi_setup_goal_is_whole(s) && s->space && !sbi_bitboard_fast(s->space)
                   ? SB_ALGO_BIDIR : SB_ALGO_BFS;
    bool small = s->path == SB_PATH_BITBOARD && (2 * cat->rows - 1) * (2 * cat->cols - 1) <= 64;
    return small ? SB_ALGO_BFS : SB_ALGO_ASTAR;
}

/* Both report, besides the status, what they held at the end (before
 * letting go of it) and, when exhausted, how many configurations they met. */
typedef struct outcome { size_t held; uint64_t reached; } outcome;

static sb_status solve_bfs(sb_setup *s, sb_solution *sol, outcome *out)
{
    sb_bfs run = { 0 };
    const sb_bfs_walker *w;
    void *walker;
    sb_status status = sbi_setup_walker(s, true, false, &run, &w, &walker);
    if (status == SB_OK && !run.goals)
        status = sbi_bfs_run(&run, w, walker);
    if (status == SB_OK && run.at_goal && w->path(walker, &run, sol) != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        status = SB_ELIMIT;
    }
    out->held = s->meter.held;
    out->reached = run.reached;   /* a folded mirror pair counts two */
    if (walker)
        w->free(walker);
    sbi_bfs_free(&run);
    return status;
}

static sb_status solve_idastar(sb_setup *s, sb_solution *sol, sb_stats *stats,
                               outcome *out)
{
    sb_status status = sbi_idastar(s, sol, stats);
    out->held = s->meter.held;
    return status;
}

/* Answers no search needs, given before any algorithm runs or any table
 * is built: INIT already meets GOAL (the empty solution, shortest under
 * every metric and algorithm), or numbered tiles whose permutation's
 * parity proves them unsolvable (catalog.h).  *decided says whether one
 * was given; the status is the answer's. */
static sb_status answer_without_search(sb_setup *s, bool *decided, sb_error *err)
{
    const sb_space *sp = s->space;
    *decided = true;
    if (sp->ops->is_goal(sp, s->scratch, sp->root))
        return SB_OK;
    if (sbi_catalog_parity_unsolvable(&s->cat))
        return sbi_fail(err, SB_UNSOLVABLE, "no solution: the tiles' permutation has the "
                        "wrong parity for the goal");
    *decided = false;
    return SB_OK;
}

/* The pattern database, for IDA* and optimal A* on puzzles it takes:
 * built (or read from opts->cache) before the search, its cost in
 * stats.  Auto's A* on the 8-puzzle is done before a database is built,
 * so it takes one only beyond 3x3; A* asked for by name always does.
 * A build stopped by a limit says, in err, how many tables it finished
 * and how many of them the cache keeps for the next run. */
static sb_status open_pdb(sb_setup *s, const sb_options *opts, sb_stats *stats, sb_error *err)
{
    bool astar = stats->algo == SB_ALGO_ASTAR && opts->optimal &&
                 (opts->algo == SB_ALGO_ASTAR || s->cat.ncells > 9);
    bool wanted = stats->algo == SB_ALGO_IDASTAR || astar;
    if (!wanted ||
        (sbi_pdb_refuses(s->space, s->path) && sbi_pdb_blocks_refuses(s->space, s->path)))
        return SB_OK;
    double start = sbi_clock();
    sb_pdb_report built;
    sb_status status = sbi_pdb_open(s->space, &s->meter, opts->cache, 0, SB_PDB_BLANK_AUTO,
                                    &built, &s->pdb);
    stats->pdb_seconds = sbi_clock() - start;
    if (s->pdb)
        sbi_pdb_describe(s->pdb, &stats->pdb_groups, &stats->pdb_bytes, &stats->pdb_loaded);
    if (status != SB_OK) {
        sbi_meter_fail(&s->meter, err);   /* the limit; then what was finished */
        unsigned finished = built.read + built.built, kept = built.read + built.kept;
        if (!opts->cache)
            sbi_limit_fail(err, "building pattern databases: %u of %u tables finished",
                           finished, built.tables);
        else
            sbi_limit_fail(err, "building pattern databases: %u of %u tables finished, %u "
                           "kept in the cache", finished, built.tables, kept);
    }
    return status;
}

static sb_status solve_astar(sb_setup *s, bool optimal, sb_solution *sol, outcome *out)
{
    sb_store *st;
    uint32_t goal;
    sb_status status = sbi_setup_store(s, s->space->root, &st);
    if (status == SB_OK)
        status = sbi_astar(s, st, optimal ? 1 : GUIDE_WEIGHT, !optimal, &goal);
    if (status == SB_OK && sbi_path_read(s->space, s->scratch, st, goal, sol) != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        status = SB_ELIMIT;
    }
    out->held = s->meter.held;
    out->reached = s->meter.stored;
    if (st)
        st->ops->free(st);
    return status;
}

sb_status sb_solve(const sb_puzzle *p, const sb_options *opts, sb_solution *sol,
                   sb_stats *stats, sb_error *err)
{
    sb_options defaults;
    sb_stats ignored;
    if (!stats)
        stats = &ignored;
    memset(stats, 0, sizeof *stats);
    sb_status bad = sbi_call_check("sb_solve", sol, sizeof *sol, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sbi_options_or_default(opts, &defaults);
    sb_setup s;
    outcome out = { 0, 0 };
    sb_status status = sbi_setup_begin(&s, p, opts, err);
    stats->path = s.path;
    stats->algo = choose_algo(opts, &s);
    if (status == SB_OK && stats->algo == SB_ALGO_BIDIR && !sbi_setup_goal_is_whole(&s))
        status = sbi_fail_hint(err, SB_EINPUT, SB_HINT_ALGO, "bidirectional search needs a "
                               "goal that places every block (%u goal entries for %u blocks, "
                               "class by class); another algorithm can search this one",
                               s.cat.ngoals, s.cat.nblocks);
    bool decided = false;
    if (status == SB_OK)
        status = answer_without_search(&s, &decided, err);
    sol->optimal = decided && status == SB_OK;
    if (status == SB_OK && !decided)
        status = open_pdb(&s, opts, stats, err);
    if (status == SB_OK && !decided) {
        bool optimal = opts->optimal || stats->algo != SB_ALGO_ASTAR;
        status = stats->algo == SB_ALGO_BFS       ? solve_bfs(&s, sol, &out)
                 : stats->algo == SB_ALGO_BIDIR   ? sbi_bidir(&s, p, sol, &out.held, err)
                 : stats->algo == SB_ALGO_IDASTAR ? solve_idastar(&s, sol, stats, &out)
                                                  : solve_astar(&s, opts->optimal, sol, &out);
        sol->optimal = status == SB_OK && optimal;
        if (status == SB_ELIMIT)
            sbi_meter_fail(&s.meter, err);
        else if (status == SB_UNSOLVABLE && stats->algo == SB_ALGO_IDASTAR)
            sbi_fail(err, SB_UNSOLVABLE, "no solution: every path ends where no goal can be "
                     "reached");
        else if (status == SB_UNSOLVABLE && stats->algo != SB_ALGO_BIDIR)   /* it says which end */
            sbi_fail(err, SB_UNSOLVABLE, "no solution: every reachable configuration "
                     "searched (%llu%s)", (unsigned long long)out.reached,
                     s.mirrors_once ? ", a configuration and its mirror image counted once" : "");
    }
    stats->stored = s.meter.stored;
    stats->expanded = s.meter.expanded;
    stats->peak_bytes = s.meter.peak;
    stats->final_bytes = out.held;
    stats->seconds = sbi_clock() - s.meter.start;
    sbi_setup_end(&s);
    return status;
}

void sb_solution_free(sb_solution *sol)
{
    if (!sol)
        return;
    free(sol->moves);
    memset(sol, 0, sizeof *sol);
}
