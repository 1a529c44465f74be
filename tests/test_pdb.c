/*
 * test_pdb.c - the pattern databases (search/pdb.c) and IDA*
 * (search/idastar.c) on numbered tiles: that the databases are admissible,
 * that their cache file is never trusted when it is not exactly the one
 * wanted, and that IDA*'s limits and proofs hold.
 *
 * Admissibility is shown by results, not by reading the tables: on 1,500
 * random tile puzzles (500 under the sanitizers; trays of six to nine
 * cells, one hole, sometimes a wall; INIT a random walk from a random
 * goal, so solvable) under the three metrics, with groups of one to four tiles (so that two to eight
 * tables are added, as on the big trays), IDA* and A* guided by the
 * databases must find solutions exactly as long as BFS's, each replayed by
 * the judge (sb_check_moves); and the bound at INIT must not pass BFS's
 * length.  An inadmissible table would show up as a longer solution or a
 * bound above the truth.
 *
 * The cache: two puzzles never share a file; the same puzzle reads its
 * file back; a file with a flipped byte, cut short, grown, or another
 * puzzle's file under its name is rebuilt (and rewritten) rather than
 * believed, the estimates always those of a fresh build.  A cache of the
 * test's own, in memory, sees every byte the engine keeps: the engine
 * goes through the caller's cache and nothing else, and drops an entry
 * whose writes failed.
 *
 * The program runs in parts (tiles, large, builds, blocks, cache), each
 * a ctest test of its own so that they run side by side; `test_pdb PART`
 * runs one, `test_pdb` all.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search/astar.h"
#include "search/idastar.h"
#include "search/path.h"
#include "search/setup.h"

#include "unit.h"

static unit_rng rng = { 0x5eed1e55u };

/* A tile puzzle on rows x cols: cell k of goal_of holds the tile whose
 * goal it is (0: the hole, -1: a wall), cell k of at the tile there. */
static void tiles(sb_puzzle *p, int rows, int cols, const int *at, const int *goal_of)
{
    int n = rows * cols;
    unit_puzzle_init(p, rows, cols, (size_t)n);
    p->goals = unit_alloc((size_t)n * sizeof *p->goals);
    for (int k = 0; k < n; k++) {
        sb_block b = { .row = k / cols, .col = k % cols, .height = 1, .width = 1 };
        if (at[k] > 0) {
            b.group = at[k];
            p->blocks[p->nblocks++] = b;
        }
        if (goal_of[k] > 0) {
            b.group = goal_of[k];
            p->goals[p->ngoals++] = b;
        }
        if (at[k] < 0) {
            if (!p->walls)
                p->walls = unit_alloc((size_t)n);
            p->walls[k] = 1;
        }
    }
}

/* A random goal on one of ntrays trays (rows, cols; at most 16 cells; a
 * wall now and then), and INIT a random walk of the hole from it of 5 to
 * 5 + max_steps - 1 steps. */
static void random_tiles(sb_puzzle *p, const int (*trays)[2], int ntrays, int max_steps,
                         int *rows_out, int *cols_out)
{
    const int *t = trays[unit_below(&rng, (unsigned)ntrays)];
    int rows = t[0], cols = t[1], n = rows * cols, goal_of[16], at[16];
    for (int k = 0; k < n; k++)
        goal_of[k] = k;   /* tiles 1..n-1, the hole 0; shuffled below */
    for (int k = n - 1; k > 0; k--) {
        int j = unit_below(&rng, k + 1), tmp = goal_of[k];
        goal_of[k] = goal_of[j];
        goal_of[j] = tmp;
    }
    if (n >= 8 && unit_below(&rng, 3) == 0) {
        /* a wall where the highest tile was: the tray stays connected on
         * these sizes unless the wall cuts a 2-wide tray, which the walk
         * below copes with (the hole just cannot cross) */
        for (int k = 0; k < n; k++)
            if (goal_of[k] == n - 1)
                goal_of[k] = -1;
    }
    memcpy(at, goal_of, sizeof at);
    int hole = 0;
    while (at[hole] != 0)
        hole++;
    for (int steps = 5 + (int)unit_below(&rng, (unsigned)max_steps); steps > 0; steps--) {
        int d = unit_below(&rng, 4);
        int r = hole / cols + SB_STEP_ROW[d], c = hole % cols + SB_STEP_COL[d];
        if (r < 0 || r >= rows || c < 0 || c >= cols || at[r * cols + c] < 0)
            continue;
        at[hole] = at[r * cols + c];
        at[r * cols + c] = 0;
        hole = r * cols + c;
    }
    tiles(p, rows, cols, at, goal_of);
    *rows_out = rows;
    *cols_out = cols;
}

/* The length of sol under metric when the judge accepts it, else -1. */
static long judged_length(const sb_puzzle *p, const sb_solution *sol, sb_metric metric)
{
    if (sb_check_moves(p, sol->moves, sol->nmoves, NULL) != SB_OK)
        return -1;
    return (long)sb_moves_length(sol->moves, sol->nmoves, metric);
}

/* IDA* or A* on p with a database of groups of at most max_group tiles
 * (block databases: keeping at most max_group classes besides the
 * goal's), its tables built as blank says: the judged length, -4 when the search proves no solution, or
 * below when it fails. */
static long guided_length(const sb_puzzle *p, sb_metric metric, unsigned max_group,
                          sb_pdb_blank blank, bool ida, unsigned *bound_at_init)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = metric;
    opts.path = SB_PATH_GENERAL;
    sb_setup s;
    sb_solution sol = { 0 };
    long len = -2;
    sb_stats stats = { 0 };
    if (sbi_setup_begin(&s, p, &opts, NULL) == SB_OK &&
        (!sbi_pdb_refuses(s.space, s.path) || !sbi_pdb_blocks_refuses(s.space, s.path)) &&
        sbi_pdb_open(s.space, &s.meter, NULL, max_group, blank, NULL, &s.pdb) == SB_OK) {
        *bound_at_init = sbi_setup_bound(&s, s.space->root);
        sb_status st;
        if (ida) {
            st = sbi_idastar(&s, &sol, &stats);
        } else {
            sb_store *store;
            uint32_t goal;
            st = sbi_setup_store(&s, s.space->root, &store);
            if (st == SB_OK)
                st = sbi_astar(&s, store, (sb_weight){ 1, 1 }, false, &goal);
            if (st == SB_OK)
                st = sbi_path_read(s.space, s.scratch, store, goal, &sol);
            if (store)
                store->ops->free(store);
        }
        len = st == SB_OK ? judged_length(p, &sol, metric) : st == SB_UNSOLVABLE ? -4 : -3;
    }
    sbi_setup_end(&s);
    sb_solution_free(&sol);
    return len;
}

/* rounds random tile puzzles on the trays given: IDA* and A* guided by
 * databases of at most max_group tiles (1 + round / 3 % 4 when
 * ANY_GROUP), built by cells in even sixes of rounds and by regions in
 * odd ones (or as blank says when not AUTO), must find BFS's length under
 * every metric, from a bound at INIT that does not pass it. */
enum { ANY_GROUP = 99 };
static int admissible_on(const int (*trays)[2], int ntrays, int max_steps, int rounds_wanted,
                         unsigned max_group_asked, sb_pdb_blank blank_asked)
{
    static const sb_metric METRICS[] = { SB_METRIC_UNIT, SB_METRIC_LINE, SB_METRIC_PIECE };
    int rounds = 0;
    for (int round = 0; round < rounds_wanted; round++) {
        sb_puzzle p;
        int rows, cols;
        random_tiles(&p, trays, ntrays, max_steps, &rows, &cols);
        sb_metric metric = METRICS[round % 3];
        unsigned max_group = max_group_asked == ANY_GROUP ? 1 + (unsigned)(round / 3) % 4
                                                          : max_group_asked;
        sb_pdb_blank blank = blank_asked != SB_PDB_BLANK_AUTO ? blank_asked
                             : (round / 6) % 2                ? SB_PDB_BLANK_REGIONS
                                                              : SB_PDB_BLANK_CELLS;
        sb_options opts;
        sb_options_default(&opts);
        opts.metric = metric;
        opts.optimal = true;
        opts.algo = SB_ALGO_BFS;
        sb_solution sol = { 0 };
        if (!CHECK(sb_solve(&p, &opts, &sol, NULL, NULL) == SB_OK)) {
            sb_puzzle_free(&p);
            continue;
        }
        long bfs = judged_length(&p, &sol, metric);
        sb_solution_free(&sol);
        unsigned h_ida = 0, h_astar = 0;
        long ida = guided_length(&p, metric, max_group, blank, true, &h_ida);
        long astar = guided_length(&p, metric, max_group, blank, false, &h_astar);
        if (!CHECK_MSG(bfs >= 0 && ida == bfs && astar == bfs && h_ida <= (unsigned long)bfs &&
                           h_astar == h_ida,
                       "round %d (%dx%d, %s, groups of %u, built by %s): BFS %ld, IDA* %ld, "
                       "A* %ld, bound %u",
                       round, rows, cols, sb_metric_name(metric), max_group,
                       blank == SB_PDB_BLANK_REGIONS ? "regions" : "cells", bfs, ida, astar, h_ida))
            unit_print_puzzle(stderr, &p);
        rounds++;
        sb_puzzle_free(&p);
    }
    return rounds;
}

static const int SMALL[][2] = { { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 } };
static const int LARGE[][2] = { { 3, 4 }, { 4, 3 }, { 4, 4 } };

/* Each part seeds the generator itself, so that it runs alone. */
static void seed(uint64_t s)
{
    rng.s = s;
}

static void admissible(void)
{
    seed(0x5eed1e55u);
    int small = admissible_on(SMALL, 5, 40, unit_cases(1500, 500), ANY_GROUP, SB_PDB_BLANK_AUTO);
    /* Square trays mirror the second set onto the first's tables: 4x4
     * with groups of 3, built both ways. */
    int large = admissible_on(LARGE, 3, 30, unit_cases(60, 24), 3, SB_PDB_BLANK_AUTO);
    printf("test_pdb: %d random tile puzzles up to 3x3, %d up to 4x4 (groups of 3), IDA* and A* "
           "with the databases as short as BFS\n", small, large);
}

/* The same with large groups, whose tables take most of the time: 4x4
 * with groups of 5 by regions; two large groups, the 15-puzzle's 7-8 in
 * small: eleven tiles in groups of 6 and 5, built by regions.  Under the
 * sanitizers, one round of each metric with groups of 5. */
static void admissible_large(void)
{
    static const int ELEVEN[][2] = { { 3, 4 }, { 4, 3 } };
    seed(0x1a26e5u);
    int large = admissible_on(LARGE, 3, 30, unit_cases(9, 3), 5, SB_PDB_BLANK_REGIONS);
    int eleven = admissible_on(ELEVEN, 2, 30, 2, 6, SB_PDB_BLANK_REGIONS);
    printf("test_pdb: %d random tile puzzles up to 4x4 with groups of 5, %d with groups of 6 "
           "and 5, IDA* and A* with the databases as short as BFS\n", large, eleven);
}

/* The two builds of a group's table, by cells and by regions of the empty
 * cell, must give every group the same value: on random tile puzzles up
 * to 4x4, groups of 2 to 4 tiles, every term at INIT compared. */
static void same_builds(void)
{
    int rounds = 0, terms = 0;
    seed(0xb0115u);
    for (int round = 0, wanted = unit_cases(240, 60); round < wanted; round++) {
        sb_puzzle p;
        int rows, cols;
        if (round % 2)
            random_tiles(&p, SMALL, 5, 60, &rows, &cols);
        else
            random_tiles(&p, LARGE, 3, 60, &rows, &cols);
        unsigned max_group = 2 + (unsigned)round / 2 % 3;
        sb_setup s[2];
        memset(s, 0, sizeof s);
        sb_options opts;
        sb_options_default(&opts);
        opts.path = SB_PATH_GENERAL;
        unsigned got[2][64] = { { 0 } };
        bool opened = true;
        for (int way = 0; way < 2; way++) {
            opened = opened && sbi_setup_begin(&s[way], &p, &opts, NULL) == SB_OK &&
                      !sbi_pdb_refuses(s[way].space, s[way].path) &&
                      sbi_pdb_open(s[way].space, &s[way].meter, NULL, max_group,
                                   way ? SB_PDB_BLANK_REGIONS : SB_PDB_BLANK_CELLS, NULL,
                                   &s[way].pdb) == SB_OK;
            if (opened)
                sbi_pdb_terms(s[way].pdb, s[way].space->root, got[way]);
        }
        unsigned n = 0;
        bool same = false;
        if (CHECK(opened)) {
            size_t bytes[2];
            bool loaded;
            sbi_pdb_describe(s[0].pdb, &n, &bytes[0], &loaded);
            sbi_pdb_describe(s[1].pdb, &n, &bytes[1], &loaded);
            same = bytes[0] == bytes[1] && memcmp(got[0], got[1], n * sizeof got[0][0]) == 0;
        }
        if (!CHECK_MSG(same, "round %d (%dx%d, groups of %u): the builds differ", round, rows,
                       cols, max_group))
            unit_print_puzzle(stderr, &p);
        for (int way = 0; way < 2; way++)
            sbi_setup_end(&s[way]);
        terms += (int)n;
        rounds++;
        sb_puzzle_free(&p);
    }
    printf("test_pdb: %d random tile puzzles, %d terms, the same by cells and by regions\n",
           rounds, terms);
}

/* The same on block puzzles: 600 random trays of 3x3 to 4x4 half to
 * four fifths covered by rectangles of up to 2x3 (some 1x1), one or two
 * goal entries; each database keeps one or two classes besides the
 * goal's, so that several are combined (by maximum) and most classes are
 * dropped.  A* and IDA* guided by them must agree with BFS: the same
 * length, judged, or both no solution; and the bound at INIT must not
 * pass BFS's length. */
static void admissible_blocks(void)
{
    static const sb_metric METRICS[] = { SB_METRIC_UNIT, SB_METRIC_LINE, SB_METRIC_PIECE };
    const unit_shape_plan plan = { .max_h = 2, .max_w = 3, .fill_pct = 50, .unit_pct = 25,
                                   .max_goals = 2 };
    int rounds = 0, unsolvable = 0, dbs = 0, wanted = unit_cases(600, 200);
    seed(0xb10c5u);
    for (int round = 0; round < wanted; round++) {
        sb_puzzle p;
        int rows = 3 + unit_below(&rng, 2), cols = 3 + unit_below(&rng, 2);
        unit_shape_plan fill = plan;
        fill.fill_pct = 50 + unit_below(&rng, 31);
        unit_random_puzzle(&p, &rng, rows, cols, &fill);
        sb_metric metric = METRICS[round % 3];
        unsigned others = 1 + (unsigned)(round / 3) % 2;
        sb_options opts;
        sb_options_default(&opts);
        opts.metric = metric;
        opts.path = SB_PATH_GENERAL;
        sb_setup s;
        bool takes = sbi_setup_begin(&s, &p, &opts, NULL) == SB_OK &&
                     sbi_pdb_refuses(s.space, s.path) && !sbi_pdb_blocks_refuses(s.space, s.path);
        if (takes && sbi_pdb_open(s.space, &s.meter, NULL, others, SB_PDB_BLANK_AUTO, NULL, &s.pdb) == SB_OK) {
            unsigned tables;
            size_t bytes;
            bool loaded;
            sbi_pdb_describe(s.pdb, &tables, &bytes, &loaded);
            dbs += (int)tables;
        }
        sbi_setup_end(&s);
        if (!takes) {
            sb_puzzle_free(&p);
            continue;
        }
        opts.optimal = true;
        opts.algo = SB_ALGO_BFS;
        sb_solution sol = { 0 };
        sb_status st = sb_solve(&p, &opts, &sol, NULL, NULL);
        long bfs = st == SB_OK ? judged_length(&p, &sol, metric) : st == SB_UNSOLVABLE ? -4 : -3;
        sb_solution_free(&sol);
        unsigned h_ida = 0, h_astar = 0;
        /* IDA* proves no solution only by exhausting its transposition
         * cache, bound after bound: slow, and not the databases' part */
        long ida = bfs == -4 ? bfs
                             : guided_length(&p, metric, others, SB_PDB_BLANK_AUTO, true, &h_ida);
        long astar = guided_length(&p, metric, others, SB_PDB_BLANK_AUTO, false, &h_astar);
        bool bound_ok = bfs < 0 || (h_astar <= (unsigned long)bfs && h_ida == h_astar);
        if (!CHECK_MSG(bfs != -3 && bfs != -1 && ida == bfs && astar == bfs && bound_ok,
                       "round %d (%dx%d, %s, %u others): BFS %ld, IDA* %ld, A* %ld, bound %u",
                       round, rows, cols, sb_metric_name(metric), others, bfs, ida, astar,
                       h_astar))
            unit_print_puzzle(stderr, &p);
        rounds++;
        unsolvable += bfs == -4;
        sb_puzzle_free(&p);
    }
    CHECK_MSG(rounds >= wanted / 2 && dbs > rounds, "%d of %d puzzles taken, %d databases",
              rounds, wanted, dbs);
    printf("test_pdb: %d random block puzzles (%d without a solution, %d databases), IDA* and "
           "A* with the block databases agree with BFS\n", rounds, unsolvable, dbs);
}

/* ---- the cache ---- */

static char dir[] = "/tmp/test_pdb.XXXXXX";

/* The one file in dir other than except (NULL: any), in path; false when none. */
static bool file_in_dir(char *path, size_t size, const char *except, int *count)
{
    DIR *d = opendir(dir);
    bool found = false;
    *count = 0;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        ++*count;
        char full[512];
        snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
        if (!except || strcmp(full, except) != 0) {
            snprintf(path, size, "%s", full);
            found = true;
        }
    }
    if (d)
        closedir(d);
    return found;
}

/* The cache open_cached reads and writes through, the group size it
 * asks for, and what the last open did with the tables. */
static const sb_cache *cache_in_use;
static unsigned group_in_use = 3;
static sb_pdb_report last_open;

/* Opens p's database through cache_in_use: whether it was read from
 * there, and the bound at INIT (which must be a fresh build's). */
static bool open_cached(const sb_puzzle *p, sb_metric metric, unsigned *bound)
{
    sb_setup s;
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = metric;
    opts.path = SB_PATH_GENERAL;   /* what the databases read */
    bool loaded = false;
    *bound = 0;
    if (CHECK(sbi_setup_begin(&s, p, &opts, NULL) == SB_OK) &&
        CHECK(sbi_pdb_open(s.space, &s.meter, cache_in_use, group_in_use, SB_PDB_BLANK_AUTO,
                           &last_open, &s.pdb) == SB_OK)) {
        unsigned groups;
        size_t bytes;
        sbi_pdb_describe(s.pdb, &groups, &bytes, &loaded);
        *bound = sbi_pdb_estimate(s.pdb, s.space->root);
    }
    sbi_setup_end(&s);
    return loaded;
}

static void rewrite(const char *path, long keep, long flip)
{
    FILE *f = fopen(path, "rb");
    static unsigned char buf[1 << 20];
    size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
    if (f)
        fclose(f);
    if (flip >= 0 && (size_t)flip < n)
        buf[flip] ^= 0x10;
    if (keep >= 0 && (size_t)keep < n)
        n = (size_t)keep;
    f = fopen(path, "wb");
    if (f) {
        fwrite(buf, 1, n, f);
        if (keep > (long)n)
            fputc(0, f);   /* one byte too many */
        fclose(f);
    }
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* The directory cache of slide --pdb-dir (formats/cache_dir.c). */
static void cache(void)
{
    sb_cache *files;
    if (!CHECK(mkdtemp(dir)) || !CHECK(sb_fmt_cache_dir_new(dir, &files, NULL) == SB_OK))
        return;
    cache_in_use = files;
    group_in_use = 0;   /* one table a database (the 3x3's group of 8): one file */
    /* A 3x3 and the same tray with the hole's goal in the other corner.
     * (The tables depend on each group's goal cells, not on which tile
     * goes to which: two goals that differ only so are one abstract
     * puzzle, and share a file rightly.) */
    static const int goal_a[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 }, goal_b[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
    static const int init[9] = { 8, 6, 7, 2, 5, 4, 3, 0, 1 };
    sb_puzzle a, b;
    tiles(&a, 3, 3, init, goal_a);
    tiles(&b, 3, 3, init, goal_b);
    char path_a[512] = "", path_b[512] = "";
    int count;
    unsigned fresh_a, fresh_b, bound;
    CHECK(!open_cached(&a, SB_METRIC_LINE, &fresh_a));
    CHECK(file_in_dir(path_a, sizeof path_a, NULL, &count) && count == 1);
    CHECK(open_cached(&a, SB_METRIC_LINE, &bound) && bound == fresh_a);
    CHECK(!open_cached(&b, SB_METRIC_LINE, &fresh_b));
    CHECK(file_in_dir(path_b, sizeof path_b, path_a, &count) && count == 2);
    CHECK(open_cached(&b, SB_METRIC_LINE, &bound) && bound == fresh_b);
    /* The metric is part of the key: unit gets a file of its own. */
    char path_unit[512];
    CHECK(!open_cached(&a, SB_METRIC_UNIT, &bound) && bound == fresh_a);
    CHECK(file_in_dir(path_unit, sizeof path_unit, NULL, &count) && count == 3);
    CHECK(open_cached(&a, SB_METRIC_UNIT, &bound) && open_cached(&a, SB_METRIC_LINE, &bound));
    long size = file_size(path_a);
    CHECK(size > 64);
    /* Damaged files are rebuilt, and the rebuilt file is good again. */
    const long damage[][2] = { { -1, size / 2 }, { -1, 9 }, { -1, size - 1 }, { size / 2, -1 },
                               { size + 1, -1 }, { 0, -1 } };
    for (size_t k = 0; k < sizeof damage / sizeof damage[0]; k++) {
        rewrite(path_a, damage[k][0], damage[k][1]);
        CHECK_MSG(!open_cached(&a, SB_METRIC_LINE, &bound) && bound == fresh_a, "damage %zu", k);
        CHECK_MSG(open_cached(&a, SB_METRIC_LINE, &bound) && bound == fresh_a, "damage %zu, rebuilt", k);
    }
    /* Another puzzle's file under a's name: refused by its header. */
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", path_b, path_a);
    CHECK(system(cmd) == 0);
    CHECK(!open_cached(&a, SB_METRIC_LINE, &bound) && bound == fresh_a);
    CHECK(open_cached(&b, SB_METRIC_LINE, &bound) && bound == fresh_b);
    CHECK(file_in_dir(path_b, sizeof path_b, NULL, &count) && count == 3);
    /* Block databases: two goals for the 2x2 get two files, each read
     * back with a fresh build's bound; a damaged one is rebuilt. */
    sb_puzzle blocks[2];
    unsigned fresh[2];
    for (int k = 0; k < 2; k++) {
        unit_puzzle_init(&blocks[k], 3, 3, 2);
        blocks[k].blocks[blocks[k].nblocks++] = (sb_block){ .row = 0, .col = 0, .height = 2, .width = 2 };
        blocks[k].blocks[blocks[k].nblocks++] = (sb_block){ .row = 2, .col = 0, .height = 1, .width = 2 };
        blocks[k].goals = unit_alloc(sizeof *blocks[k].goals);
        blocks[k].goals[blocks[k].ngoals++] = (sb_block){ .row = 1, .col = k, .height = 2, .width = 2 };
        CHECK(!open_cached(&blocks[k], SB_METRIC_LINE, &fresh[k]));
        CHECK(file_in_dir(path_a, sizeof path_a, NULL, &count) && count == 4 + k);
        CHECK(open_cached(&blocks[k], SB_METRIC_LINE, &bound) && bound == fresh[k]);
    }
    CHECK(fresh[0] > 0 && fresh[1] > 0);
    CHECK(!open_cached(&blocks[0], SB_METRIC_UNIT, &bound) && bound >= fresh[0]);
    snprintf(cmd, sizeof cmd, "for f in '%s'/*; do printf x | dd of=\"$f\" bs=1 seek=60 conv=notrunc 2>/dev/null; done", dir);
    CHECK(system(cmd) == 0);
    for (int k = 0; k < 2; k++) {
        CHECK(!open_cached(&blocks[k], SB_METRIC_LINE, &bound) && bound == fresh[k]);
        sb_puzzle_free(&blocks[k]);
    }
    /* Six databases, six files: no write left a temporary file behind. */
    CHECK_MSG(file_in_dir(path_a, sizeof path_a, NULL, &count) && count == 6, "%d files", count);
    snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
    CHECK(system(cmd) == 0);
    /* A directory that is not there: nothing kept, nothing fails. */
    CHECK(!open_cached(&a, SB_METRIC_LINE, &bound) && bound == fresh_a);
    CHECK(!open_cached(&a, SB_METRIC_LINE, &bound) && bound == fresh_a);
    sb_puzzle_free(&a);
    sb_puzzle_free(&b);
    sb_fmt_cache_dir_free(files);
    cache_in_use = NULL;
}

/* ---- a cache of the caller's own, in memory ---- */

/* One entry, the cache's only one (the test keeps one puzzle). */
typedef struct memory_cache {
    char name[80];
    unsigned char *bytes;
    size_t len, at;          /* its size; where the open reader is */
    unsigned char *pending;  /* what the open writer has written */
    size_t pending_len;
    int reads, writes, published, dropped;
    size_t fail_after;       /* writes fail once this many bytes are pending (0: never) */
} memory_cache;

static void *memory_open_read(void *ctx, const char *name)
{
    memory_cache *c = ctx;
    if (!c->bytes || strcmp(name, c->name) != 0)
        return NULL;
    c->reads++;
    c->at = 0;
    return c;
}

static size_t memory_read(void *reader, void *buf, size_t len)
{
    memory_cache *c = reader;
    size_t n = len < c->len - c->at ? len : c->len - c->at;
    memcpy(buf, c->bytes + c->at, n);
    c->at += n;
    return n;
}

static void memory_close_read(void *reader)
{
    (void)reader;
}

static void *memory_open_write(void *ctx, const char *name)
{
    memory_cache *c = ctx;
    c->writes++;
    snprintf(c->name, sizeof c->name, "%s", name);
    c->pending = NULL;
    c->pending_len = 0;
    return c;
}

static bool memory_write(void *writer, const void *buf, size_t len)
{
    memory_cache *c = writer;
    if (c->fail_after && c->pending_len + len > c->fail_after)
        return false;
    unsigned char *more = realloc(c->pending, c->pending_len + len);
    if (!more)
        return false;
    memcpy(more + c->pending_len, buf, len);
    c->pending = more;
    c->pending_len += len;
    return true;
}

static void memory_close_write(void *writer, bool keep)
{
    memory_cache *c = writer;
    if (keep) {
        free(c->bytes);
        c->bytes = c->pending;
        c->len = c->pending_len;
        c->published++;
    } else {
        free(c->pending);
        c->dropped++;
    }
    c->pending = NULL;
}

/* The engine reads and writes its databases through the caller's cache
 * alone, names entries as documented, trusts nothing it reads back, and
 * drops an entry whose writes failed. */
static void memory_cache_test(void)
{
    static const int goal[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
    static const int init[9] = { 8, 6, 7, 2, 5, 4, 3, 0, 1 };
    memory_cache mem = { .fail_after = 0 };
    sb_cache cache = { memory_open_read, memory_read, memory_close_read, memory_open_write,
                       memory_write, memory_close_write, &mem };
    cache_in_use = &cache;
    group_in_use = 0;   /* one table, one entry (sb_solve's, too) */
    sb_puzzle p;
    tiles(&p, 3, 3, init, goal);
    unsigned fresh, bound;
    CHECK(!open_cached(&p, SB_METRIC_LINE, &fresh) && mem.writes == 1 && mem.published == 1);
    size_t digits = strspn(mem.name + 6, "0123456789abcdef");
    CHECK_MSG(strncmp(mem.name, "slide-", 6) == 0 && digits == 16 &&
              strcmp(mem.name + 22, "-0.pdb") == 0, "%s", mem.name);
    CHECK(open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh && mem.reads == 1 &&
          mem.writes == 1);
    /* A byte changed in the middle, or the entry cut short: rebuilt and replaced. */
    mem.bytes[mem.len / 2] ^= 0x10;
    CHECK(!open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh && mem.published == 2);
    CHECK(open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh);
    mem.len -= 1;
    CHECK(!open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh && mem.published == 3);
    /* Writes that fail: the entry is dropped, the old one stays, nothing fails. */
    mem.bytes[8] ^= 0x01;   /* the header: the next open builds and writes */
    mem.fail_after = 100;
    CHECK(!open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh && mem.dropped == 1 &&
          mem.published == 3);
    mem.fail_after = 0;
    CHECK(!open_cached(&p, SB_METRIC_LINE, &bound) && mem.published == 4);
    CHECK(open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh);
    /* Through sb_solve: the cache in the options, the statistics say it was
     * read.  (Under the unit metric: an entry of its own, not the one above;
     * numbered tiles move one cell a move, so the length is the same.) */
    sb_options opts;
    sb_options_default(&opts);
    opts.algo = SB_ALGO_IDASTAR;
    opts.metric = SB_METRIC_UNIT;
    opts.cache = &cache;
    sb_solution sol;
    sb_stats stats;
    sb_error err;
    for (int run = 0; run < 2; run++) {
        int published = mem.published;
        CHECK(sb_solve(&p, &opts, &sol, &stats, &err) == SB_OK && stats.pdb_groups >= 1 &&
              judged_length(&p, &sol, SB_METRIC_LINE) == 31);
        CHECK_MSG(stats.pdb_loaded == (run == 1) && mem.published == published + (run == 0),
                  "run %d: loaded %d, published %d", run, stats.pdb_loaded,
                  mem.published - published);
        sb_solution_free(&sol);
    }
    sb_puzzle_free(&p);
    free(mem.bytes);
    cache_in_use = NULL;
}

/* ---- limits and proofs ---- */

static void limits(void)
{
    static const int goal[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
    static const int swapped[9] = { 2, 1, 3, 4, 5, 6, 7, 8, 0 };
    static const int hard[9] = { 8, 6, 7, 2, 5, 4, 3, 0, 1 };
    sb_puzzle p;
    sb_options opts;
    sb_error err;
    sb_solution sol = { 0 };
    sb_options_default(&opts);
    opts.algo = SB_ALGO_IDASTAR;
    /* Parity: two tiles swapped is proven unsolvable, with no search. */
    tiles(&p, 3, 3, swapped, goal);
    CHECK(sb_solve(&p, &opts, &sol, NULL, &err) == SB_UNSOLVABLE && strstr(err.msg, "parity"));
    sb_puzzle_free(&p);
    /* The database's memory passes --max-memory: a limit, not a crash.
     * (Its groups shrink to fit a budget, so the budget here is below
     * what the smallest tables and the search need.) */
    tiles(&p, 3, 3, hard, goal);
    opts.limits.max_bytes = 20000;
    sb_status st = sb_solve(&p, &opts, &sol, NULL, &err);
    CHECK_MSG(st == SB_ELIMIT && err.limit == SB_LIMIT_BYTES, "%d %d %s", st, err.limit, err.msg);
    /* A budget too small for the largest groups but not for smaller ones
     * takes smaller groups: a shortest solution still, from weaker tables. */
    sb_stats stats;
    opts.limits.max_bytes = 200000;
    CHECK(sb_solve(&p, &opts, &sol, &stats, &err) == SB_OK && sol.optimal &&
          stats.pdb_groups >= 1 && stats.pdb_bytes < 100000 &&
          judged_length(&p, &sol, SB_METRIC_LINE) == 31);
    sb_solution_free(&sol);
    opts.limits.max_bytes = 0;
    CHECK(sb_solve(&p, &opts, &sol, &stats, &err) == SB_OK && sol.optimal &&
          stats.algo == SB_ALGO_IDASTAR && stats.pdb_groups >= 1 && stats.nbounds >= 1 &&
          judged_length(&p, &sol, SB_METRIC_LINE) == 31);   /* the 8-puzzle's farthest */
    sb_solution_free(&sol);
    sb_puzzle_free(&p);
    /* Two blocks in a row that cannot pass each other: the cache keeps
     * every configuration, so an iteration ends with nothing cut off by
     * the bound, which proves the goal out of reach. */
    unit_puzzle_init(&p, 1, 3, 2);
    p.blocks[p.nblocks++] = (sb_block){ .row = 0, .col = 0, .height = 1, .width = 1 };
    p.blocks[p.nblocks++] = (sb_block){ .row = 0, .col = 1, .height = 1, .width = 1, .group = 1 };
    p.goals = unit_alloc(sizeof *p.goals);
    p.goals[p.ngoals++] = (sb_block){ .row = 0, .col = 0, .height = 1, .width = 1, .group = 1 };
    CHECK(sb_solve(&p, &opts, &sol, NULL, &err) == SB_UNSOLVABLE);
    sb_puzzle_free(&p);
    /* The 15-puzzle under a time limit shorter than its databases take to
     * build: a limit, met while building. */
    static const int rosetta[16] = { 15, 14, 1, 6, 9, 11, 4, 12, 0, 10, 7, 3, 13, 8, 5, 2 };
    static const int home[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0 };
    tiles(&p, 4, 4, rosetta, home);
    opts.limits.max_seconds = 0.3;
    double start = sbi_clock();
    st = sb_solve(&p, &opts, &sol, NULL, &err);
    CHECK_MSG(st == SB_ELIMIT && err.limit == SB_LIMIT_SECONDS, "%d %d %s", st, err.limit, err.msg);
    CHECK_MSG(sbi_clock() - start < 5, "the limit took %.1f s to be seen", sbi_clock() - start);
    sb_puzzle_free(&p);
}

/* ---- a build stopped part way ---- */

static sb_cancel_flag stop_building;

/* A progress callback that stops the build as its second table begins. */
static void stop_at_second_table(const sb_progress *pr, void *ctx)
{
    (void)ctx;
    if (pr->phase && strncmp(pr->phase, "building pattern database 2 of ", 31) == 0)
        atomic_store(&stop_building.requested, true);
}

/* A build stopped after its first table keeps that table in the cache;
 * the next open reads it, builds the rest and keeps them too, and its
 * estimates are a fresh build's. */
static void kept_tables(void)
{
    static const int goal[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 0 };
    static const int init[9] = { 8, 6, 7, 2, 5, 4, 3, 0, 1 };
    char kept_dir[] = "/tmp/test_pdb_kept.XXXXXX";
    sb_cache *files;
    if (!CHECK(mkdtemp(kept_dir)) || !CHECK(sb_fmt_cache_dir_new(kept_dir, &files, NULL) == SB_OK))
        return;
    sb_puzzle p;
    tiles(&p, 3, 3, init, goal);
    unsigned fresh, bound;
    cache_in_use = NULL;
    group_in_use = 3;   /* groups of 3: several tables */
    open_cached(&p, SB_METRIC_LINE, &fresh);
    unsigned tables = last_open.tables;
    CHECK_MSG(tables >= 2 && last_open.built == tables && last_open.kept == 0, "%u tables",
              tables);
    sb_options opts;
    sb_options_default(&opts);
    opts.path = SB_PATH_GENERAL;
    sb_setup s;
    sb_pdb_report stopped;
    if (CHECK(sbi_setup_begin(&s, &p, &opts, NULL) == SB_OK)) {
        s.meter.progress = stop_at_second_table;
        s.meter.cancel = &stop_building;
        CHECK(sbi_pdb_open(s.space, &s.meter, files, 3, SB_PDB_BLANK_AUTO, &stopped, &s.pdb) ==
                  SB_ELIMIT &&
              s.meter.hit == SB_LIMIT_CANCELLED && !s.pdb);
        CHECK_MSG(stopped.tables == tables && stopped.built == 1 && stopped.kept == 1 &&
                  stopped.read == 0, "built %u, kept %u", stopped.built, stopped.kept);
    }
    sbi_setup_end(&s);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls '%s' | wc -l) -eq 1 && ! ls '%s' | grep -q tmp",
             kept_dir, kept_dir);
    CHECK_MSG(system(cmd) == 0, "one file, the finished table, in %s", kept_dir);
    cache_in_use = files;
    CHECK(!open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh);
    CHECK_MSG(last_open.read == 1 && last_open.built == tables - 1 &&
              last_open.kept == tables - 1, "read %u, built %u", last_open.read, last_open.built);
    CHECK(open_cached(&p, SB_METRIC_LINE, &bound) && bound == fresh &&
          last_open.read == tables);
    snprintf(cmd, sizeof cmd, "rm -r '%s'", kept_dir);
    CHECK(system(cmd) == 0);
    sb_puzzle_free(&p);
    sb_fmt_cache_dir_free(files);
    cache_in_use = NULL;
}

/* The cache's files and the limits: small, one part. */
static void cache_and_limits(void)
{
    cache();
    memory_cache_test();
    kept_tables();
    limits();
}

int main(int argc, char **argv)
{
    static const unit_part parts[] = { { "tiles", admissible }, { "large", admissible_large },
                                       { "builds", same_builds }, { "blocks", admissible_blocks },
                                       { "cache", cache_and_limits } };
    return unit_run_parts("test_pdb", argc, argv, parts, sizeof parts / sizeof parts[0]);
}
