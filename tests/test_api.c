/*
 * test_api.c - the public API used wrongly, as a library's users will: NULL
 * handles and records, options out of range, handles freed and made anew,
 * puzzles freed under a judge.  Every call must answer with a status (and
 * an error record saying why), never crash; the sanitizer build runs this
 * too, so a read past a buffer or a leak on an error path fails it.
 *
 * Search handles the same way: NULL, bad options, cancelled before, during
 * (from the search's own progress callback and from another thread) and
 * after a run; and the views (sb_show_write, sb_json_write) handed NULLs,
 * broken puzzles and moves the judge refuses.  The names of the choices
 * read back as their values; the failures a caller's choice mends carry
 * that choice (err.hint), and following it works; records whose reserved
 * space is not zero (a newer header's) are refused.
 *
 * It links libslide.so and includes slide.h alone: what it reaches is what
 * any program can.  Last, separate records and handles in separate
 * threads: the header promises that works, and under the sanitizers a
 * shared buffer would show.
 */
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "slide_formats.h"
#include "unit.h"

/* A 2x2 tray, one 1x1 block to move from the upper-left to the lower-right. */
static const char INIT[] = "2 2\n0 0 0 0\n";
static const char GOAL[] = "1 1 1 1\n";

static sb_status read_small(sb_puzzle *p, sb_error *e)
{
    return sb_fmt_parse(INIT, sizeof INIT - 1, "small.init", GOAL, sizeof GOAL - 1,
                        "small.goal", SB_FORMAT_AUTO, NULL, p, e);
}

static void test_version(void)
{
    CHECK(strcmp(sb_version(), SLIDE_VERSION) == 0);
    char built[32];
    snprintf(built, sizeof built, "%d.%d.%d", SLIDE_VERSION_MAJOR, SLIDE_VERSION_MINOR,
             SLIDE_VERSION_PATCH);
    CHECK(strcmp(built, SLIDE_VERSION) == 0);
}

static void test_null_records(void)
{
    sb_error e;
    sb_puzzle p;
    sb_solution sol;
    sb_explore_report ex;
    sb_components_report comp;
    sb_family_report fam;
    CHECK(read_small(&p, &e) == SB_OK);

    CHECK(sb_puzzle_check(NULL, &e) == SB_EINPUT && e.status == SB_EINPUT && e.msg[0]);
    CHECK(sb_puzzle_check(NULL, NULL) == SB_EINPUT);
    CHECK(sb_solve(NULL, NULL, &sol, NULL, &e) == SB_EINPUT);
    CHECK(sb_solve(&p, NULL, NULL, NULL, &e) == SB_EINPUT && e.msg[0]);
    CHECK(sb_solve(&p, NULL, NULL, NULL, NULL) == SB_EINPUT);
    CHECK(sb_explore(NULL, NULL, &ex, &e) == SB_EINPUT);
    CHECK(sb_explore(&p, NULL, NULL, &e) == SB_EINPUT);
    CHECK(sb_components(NULL, NULL, false, &comp, &e) == SB_EINPUT);
    CHECK(sb_components(&p, NULL, true, NULL, &e) == SB_EINPUT);
    CHECK(sb_family(NULL, NULL, &fam, &e) == SB_EINPUT);
    CHECK(sb_family(&p, NULL, NULL, NULL) == SB_EINPUT);
    sb_census_report cen;
    sb_census_kind kind = { "a", 1, 1, SB_AXIS_ANY, false, 0, 2 };
    sb_census_spec spec = { .rows = 2, .cols = 2, .nkinds = 1, .kinds = &kind };
    CHECK(sb_census(NULL, NULL, NULL, &cen, &e) == SB_EINPUT && e.msg[0]);
    CHECK(sb_census(&spec, NULL, NULL, NULL, &e) == SB_EINPUT);
    sb_census_spec hollow_spec = { .rows = 2, .cols = 2, .nkinds = 1 };
    CHECK(sb_census(&hollow_spec, NULL, NULL, &cen, &e) == SB_EINPUT);
    sb_census_kind huge = { "b", 3, 1, SB_AXIS_ANY, false, 0, 1 };
    sb_census_spec too_big = { .rows = 2, .cols = 2, .nkinds = 1, .kinds = &huge };
    CHECK(sb_census(&too_big, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "b"));
    sb_options sharded;
    sb_options_default(&sharded);
    sharded.shard = 2;
    sharded.nshards = 2;
    CHECK(sb_census(&spec, &sharded, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "shard"));
    CHECK(sb_census(&spec, NULL, NULL, &cen, &e) == SB_OK && cen.nmembers == 3 &&
          cen.layouts == 1 + 4 + 6);
    sb_census_report_free(&cen);
    sb_census_report_free(&cen);
    CHECK(sb_fmt_read_census(NULL, &spec, &e) == SB_EINPUT);
    CHECK(sb_fmt_read_census("x", NULL, &e) == SB_EINPUT);

    /* Counts without arrays. */
    sb_puzzle hollow = { .rows = 2, .cols = 2, .nblocks = 3 };
    CHECK(sb_puzzle_check(&hollow, &e) == SB_EINPUT);
    CHECK(sb_solve(&hollow, NULL, &sol, NULL, &e) == SB_EINPUT);
    CHECK(sb_judge_new(&hollow, &(sb_judge *){ NULL }, &e) == SB_EINPUT);

    /* Queries without a status answer plainly. */
    CHECK(!sb_block_covers(NULL, NULL, 0, 0));
    CHECK(sb_block_anchor_offset(NULL, NULL) == 0);
    CHECK(!sb_block_same_class(NULL, NULL, NULL));
    CHECK(!sb_block_is_plain(&p, NULL));
    CHECK(!sb_puzzle_is_plain(NULL));
    CHECK(!sb_puzzle_solved(NULL));
    CHECK(sb_moves_length(NULL, 5, SB_METRIC_UNIT) == 0);
    /* Moves are not checked before they are measured: the far ends of int
     * are 2^32 - 1 cells apart; a turn of the same block is a new line. */
    const sb_move far[] = { { INT_MIN, 0, INT_MAX, 0 }, { INT_MAX, 0, INT_MAX, INT_MIN } };
    CHECK(sb_moves_length(far, 1, SB_METRIC_UNIT) == UINT32_MAX);
    CHECK(sb_moves_length(far, 2, SB_METRIC_UNIT) == (uint64_t)UINT32_MAX + (1u << 31));
    CHECK(sb_moves_length(far, 2, SB_METRIC_LINE) == 2);
    CHECK(sb_moves_length(far, 2, SB_METRIC_PIECE) == 1);
    CHECK(sb_moves_length((const sb_move[]){ { 0, INT_MIN, 0, INT_MAX } }, 1,
                          SB_METRIC_UNIT) == UINT32_MAX);

    /* A block naming a shape the puzzle does not have answers plainly. */
    sb_block odd = p.blocks[0];
    odd.shape = 1000;
    CHECK(!sb_block_covers(&p, &odd, odd.row, odd.col));
    CHECK(!sb_block_is_plain(&p, &odd));
    odd = (sb_block){ .row = INT_MAX, .col = INT_MIN, .height = INT_MAX, .width = INT_MIN };
    CHECK(!sb_block_covers(&p, &odd, INT_MIN, INT_MAX));
    CHECK(strcmp(sb_metric_name((sb_metric)42), "?") == 0);
    CHECK(strcmp(sb_algo_name((sb_algo)-1), "?") == 0);
    CHECK(strcmp(sb_path_name((sb_path)9), "?") == 0);
    CHECK(strcmp(sb_fmt_name((sb_format)9), "?") == 0);

    /* Every name reads back as its value, and nothing else is a name. */
    int names = 0;
    for (int v = 0; strcmp(sb_metric_name((sb_metric)v), "?") != 0; v++, names++) {
        sb_metric m = (sb_metric)-1;
        CHECK(sb_metric_parse(sb_metric_name((sb_metric)v), &m, &e) == SB_OK && (int)m == v);
    }
    for (int v = 0; strcmp(sb_algo_name((sb_algo)v), "?") != 0; v++, names++) {
        sb_algo a = (sb_algo)-1;
        CHECK(sb_algo_parse(sb_algo_name((sb_algo)v), &a, &e) == SB_OK && (int)a == v);
    }
    for (int v = 0; strcmp(sb_path_name((sb_path)v), "?") != 0; v++, names++) {
        sb_path q = (sb_path)-1;
        CHECK(sb_path_parse(sb_path_name((sb_path)v), &q, &e) == SB_OK && (int)q == v);
    }
    for (int v = 0; strcmp(sb_fmt_name((sb_format)v), "?") != 0; v++, names++) {
        sb_format f = (sb_format)-1;
        CHECK(sb_fmt_parse_name(sb_fmt_name((sb_format)v), &f, &e) == SB_OK && (int)f == v);
    }
    CHECK_MSG(names == 3 + 5 + 3 + 4, "%d names", names);
    sb_metric metric = SB_METRIC_PIECE;
    CHECK(sb_metric_parse("miles", &metric, &e) == SB_EINPUT && metric == SB_METRIC_PIECE);
    CHECK_MSG(strcmp(e.msg, "unknown metric 'miles' (unit, line or piece)") == 0, "%s", e.msg);
    CHECK(sb_metric_parse("Line", &metric, NULL) == SB_EINPUT);
    CHECK(sb_algo_parse("dfs", &(sb_algo){ 0 }, &e) == SB_EINPUT && strstr(e.msg, "idastar"));
    CHECK(sb_path_parse(NULL, &(sb_path){ 0 }, &e) == SB_EINPUT && e.status == SB_EINPUT);
    CHECK(sb_path_parse("general", NULL, NULL) == SB_EINPUT);

    /* Frees of NULL and of zeroed records are harmless. */
    sb_options_default(NULL);
    sb_puzzle_free(NULL);
    sb_solution_free(NULL);
    sb_explore_report_free(NULL);
    sb_components_report_free(NULL);
    sb_family_report_free(NULL);
    sb_census_report_free(NULL);
    sb_census_member_free(NULL);
    sb_census_spec_free(NULL);
    sb_judge_free(NULL);
    sb_puzzle zp = { 0 };
    sb_puzzle_free(&zp);
    sb_puzzle_free(&zp);
    sb_puzzle_free(&p);
}

/* A cache that lacks its writing half, and one from a newer header. */
static void *no_entry(void *ctx, const char *name)
{
    (void)ctx, (void)name;
    return NULL;
}

static size_t no_bytes(void *reader, void *buf, size_t len)
{
    (void)reader, (void)buf, (void)len;
    return 0;
}

static void no_close(void *reader)
{
    (void)reader;
}

static bool no_write(void *writer, const void *buf, size_t len)
{
    (void)writer, (void)buf, (void)len;
    return false;
}

static void no_publish(void *writer, bool keep)
{
    (void)writer, (void)keep;
}

static const sb_cache HALF_CACHE = { no_entry, no_bytes, no_close, NULL, NULL, NULL, NULL };
static sb_cache newer_cache = { no_entry, no_bytes, no_close, no_entry, no_write, no_publish,
                                NULL };

/* Options each wrong in one way, all else the defaults. */
enum { NBAD = 12 };
static void bad_options(sb_options bad[NBAD])
{
    for (int i = 0; i < NBAD; i++)
        sb_options_default(&bad[i]);
    bad[8].cache = &HALF_CACHE;
    bad[9].cache = &newer_cache;
    newer_cache.reserved[0] = &newer_cache;
    bad[0].metric = (sb_metric)42;
    bad[1].algo = (sb_algo)-3;
    bad[2].path = (sb_path)7;
    bad[3].limits.max_seconds = -1;
    bad[4].limits.max_seconds = NAN;
    /* a field of a later version */
    bad[5].reserved[sizeof bad[5].reserved / sizeof bad[5].reserved[0] - 1] = 1;
    bad[6].shard = 1;                       /* unsharded: shard 0 only */
    bad[7].shard = 3, bad[7].nshards = 3;   /* shards 0, 1, 2 */
    bad[10].walk = (sb_walk)9;
    bad[11].walk = SB_WALK_DISK;            /* with no spill to write to */
}

static void test_bad_options(void)
{
    sb_error e;
    sb_puzzle p;
    sb_solution sol;
    sb_explore_report ex;
    sb_components_report comp;
    sb_family_report fam;
    CHECK(read_small(&p, &e) == SB_OK);

    sb_options bad[NBAD];
    bad_options(bad);
    for (int i = 0; i < NBAD; i++) {
        CHECK_MSG(sb_solve(&p, &bad[i], &sol, NULL, &e) == SB_EINPUT, "options %d", i);
        CHECK_MSG(sol.nmoves == 0 && sol.moves == NULL, "options %d", i);
        CHECK_MSG(sb_explore(&p, &bad[i], &ex, &e) == SB_EINPUT, "options %d", i);
        CHECK_MSG(ex.per_depth == NULL, "options %d", i);
        CHECK_MSG(sb_components(&p, &bad[i], false, &comp, &e) == SB_EINPUT, "options %d", i);
        CHECK_MSG(sb_family(&p, &bad[i], &fam, &e) == SB_EINPUT, "options %d", i);
        CHECK_MSG(strstr(e.msg, "sb_family") != NULL, "options %d: %s", i, e.msg);
    }
    /* The good options still work after all that. */
    CHECK(sb_solve(&p, NULL, &sol, NULL, &e) == SB_OK && sol.nmoves == 2);
    CHECK(sb_check_moves(&p, sol.moves, sol.nmoves, &e) == SB_OK);
    sb_solution_free(&sol);
    sb_puzzle_free(&p);
}

static void test_formats(void)
{
    sb_error e;
    sb_puzzle p;
    sb_format f = SB_FORMAT_AUTO;
    CHECK(sb_fmt_parse(NULL, 3, "x", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, &p, &e) == SB_EINPUT);
    CHECK(sb_fmt_parse(INIT, sizeof INIT - 1, "x", NULL, 0, NULL, SB_FORMAT_AUTO, NULL, NULL,
                       &e) == SB_EINPUT);
    CHECK(sb_fmt_parse(INIT, sizeof INIT - 1, "x", NULL, 0, NULL, (sb_format)17, NULL, &p,
                       &e) == SB_EINPUT);
    CHECK(sb_fmt_read(NULL, NULL, SB_FORMAT_AUTO, NULL, &p, &e) == SB_EINPUT);
    CHECK(sb_fmt_read("puzzles/none", NULL, SB_FORMAT_AUTO, NULL, NULL, NULL) == SB_EINPUT);
    CHECK(sb_fmt_read("/nonexistent/x.init", NULL, SB_FORMAT_AUTO, NULL, &p, &e) == SB_EINPUT &&
          strcmp(e.file, "/nonexistent/x.init") == 0 && e.line == 0);
    CHECK(sb_fmt_parse_name(NULL, &f, &e) == SB_EINPUT && e.status == SB_EINPUT);
    CHECK(sb_fmt_parse_name("picture", NULL, NULL) == SB_EINPUT);
    CHECK(sb_fmt_parse_name("bogus", &f, &e) == SB_EINPUT);
    CHECK_MSG(strcmp(e.msg, "unknown format 'bogus' (auto, corners, sizes or picture)") == 0,
              "%s", e.msg);
    CHECK(sb_fmt_parse_name("sizes", &f, NULL) == SB_OK && f == SB_FORMAT_SIZES);

    /* Errors carry the file and line, as fields and in the message. */
    static const char broken[] = "2 2\n\n0 0 5 5\n";
    CHECK(sb_fmt_parse(broken, sizeof broken - 1, "mem.init", NULL, 0, NULL, SB_FORMAT_CORNERS,
                       NULL, &p, &e) == SB_EINPUT);
    CHECK_MSG(strcmp(e.file, "mem.init") == 0 && e.line == 3, "%s %ld", e.file, e.line);
    CHECK_MSG(strncmp(e.msg, "mem.init:3: ", 12) == 0, "%s", e.msg);
    static const char picture[] = "AB\nA.\n";
    static const char bad_goal[] = "..\n.Q\n";
    CHECK(sb_fmt_parse(picture, sizeof picture - 1, "pic", bad_goal, sizeof bad_goal - 1,
                       "pic.goal", SB_FORMAT_AUTO, &f, &p, &e) == SB_EINPUT);
    CHECK_MSG(strcmp(e.file, "pic.goal") == 0 && e.line == 2, "%s %ld: %s", e.file, e.line,
              e.msg);

    CHECK(sb_fmt_write_moves(NULL, NULL, 1, &e) == SB_EINPUT && e.status == SB_EINPUT);
    CHECK(sb_fmt_write_moves(stdout, NULL, 1, NULL) == SB_EINPUT);
    sb_move m;
    CHECK(sb_fmt_next_move(NULL, &m, &e) == SB_EINPUT && e.status == SB_EINPUT);
    sb_move_reader nowhere = { NULL, "nowhere" };
    CHECK(sb_fmt_next_move(&nowhere, &m, &e) == SB_EINPUT && !nowhere.end);
    CHECK(read_small(&p, &e) == SB_OK);
    CHECK(sb_fmt_picture_write(NULL, &p, p.blocks, p.nblocks, "", &e) == SB_EINPUT);
    CHECK(sb_fmt_picture_write(stdout, NULL, NULL, 0, NULL, &e) == SB_EINPUT);
    CHECK(sb_fmt_picture_write(stdout, &p, NULL, 1, NULL, &e) == SB_EINPUT);
    /* Layouts the drawing must not index the tray with: off the tray, past
     * int, overlapping (which would draw a picture that does not read
     * back).  Refused with the bad item named, nothing written. */
    sb_block moved[2] = { p.blocks[0], p.blocks[0] };
    moved[0].row = 100;
    CHECK(sb_fmt_picture_write(stdout, &p, moved, 1, NULL, &e) == SB_EINPUT);
    CHECK_MSG(e.list == SB_LIST_INIT && e.item == 0 && strstr(e.msg, "sb_fmt_picture_write"),
              "%s", e.msg);
    moved[0].row = INT_MAX;
    CHECK(sb_fmt_picture_write(stdout, &p, moved, 1, NULL, &e) == SB_EINPUT);
    moved[0].row = 0;
    moved[0].height = 50;
    CHECK(sb_fmt_picture_write(stdout, &p, moved, 1, NULL, &e) == SB_EINPUT);
    moved[0].height = 1;
    CHECK(sb_fmt_picture_write(stdout, &p, moved, 2, NULL, &e) == SB_EINPUT);
    CHECK_MSG(e.item == 1 && strstr(e.msg, "overlaps"), "%s", e.msg);
    p.blocks[0].shape = 7;   /* a shape p does not have */
    CHECK(sb_fmt_picture_write(stdout, &p, p.blocks, p.nblocks, NULL, &e) == SB_EINPUT);
    CHECK_MSG(strstr(e.msg, "shape") != NULL, "%s", e.msg);
    sb_puzzle_free(&p);
}

static void test_judge(void)
{
    sb_error e;
    sb_puzzle p;
    sb_judge *j = (sb_judge *)&e;   /* garbage that must be overwritten */
    const sb_move right = { 0, 0, 0, 1 }, down = { 0, 1, 1, 1 }, diagonal = { 0, 0, 1, 1 };

    CHECK(sb_judge_new(NULL, &j, &e) == SB_EINPUT && j == NULL);
    CHECK(read_small(&p, &e) == SB_OK);
    CHECK(sb_judge_new(&p, NULL, &e) == SB_EINPUT);
    CHECK(sb_judge_move(NULL, &right, &e) == SB_EINPUT);
    CHECK(sb_judge_goal(NULL, &e) == SB_EINPUT);

    /* Made, freed, made anew: the second handle starts from INIT. */
    for (int round = 0; round < 3; round++) {
        CHECK(sb_judge_new(&p, &j, &e) == SB_OK && j != NULL);
        CHECK(sb_judge_move(j, NULL, &e) == SB_EINPUT);
        CHECK(sb_judge_goal(j, &e) == SB_EMOVE && e.list == SB_LIST_MOVES && e.item == 0);
        CHECK(sb_judge_move(j, &diagonal, &e) == SB_EMOVE && e.item == 0);
        CHECK(sb_judge_move(j, &right, &e) == SB_OK);
        CHECK(sb_judge_move(j, &right, &e) == SB_EMOVE && e.item == 1);
        CHECK_MSG(strstr(e.msg, "0 0") != NULL, "%s", e.msg);
        if (round == 2) {
            /* The judge holds its own copy: the caller's puzzle may go. */
            sb_puzzle_free(&p);
        }
        CHECK(sb_judge_move(j, &down, &e) == SB_OK);
        CHECK(sb_judge_goal(j, &e) == SB_OK);
        sb_judge_free(j);
    }

    CHECK(read_small(&p, &e) == SB_OK);
    const sb_move path[] = { right, down };
    CHECK(sb_check_moves(&p, path, 2, &e) == SB_OK);
    CHECK(sb_check_moves(&p, path, 1, &e) == SB_EMOVE && e.item == 1);
    CHECK(sb_check_moves(&p, &diagonal, 1, &e) == SB_EMOVE && e.item == 0 &&
          strncmp(e.msg, "move 1: 0 0 1 1: ", 17) == 0);
    CHECK(sb_check_moves(&p, NULL, 2, &e) == SB_EINPUT);
    CHECK(sb_check_moves(NULL, path, 2, NULL) == SB_EINPUT);
    sb_puzzle_free(&p);
}

/* Whether this build checks memory itself (AddressSanitizer): it reports a
 * read of freed memory, which the freed-handle check is, as the bug it is. */
#if defined(__SANITIZE_ADDRESS__)
#define MEMORY_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEMORY_CHECKED 1
#endif
#endif
#ifndef MEMORY_CHECKED
#define MEMORY_CHECKED 0
#endif

/* Handles freed, then freed or used again: refused, never freed twice.
 * What a free leaves where the mark was is simulated first with zeroed
 * memory (what sb_*_free writes before it frees), which any build may
 * read; then, where no sanitizer would report the read itself, the real
 * mistakes. */
static void test_freed_handles(void)
{
    sb_error e;
    sb_puzzle p;
    sb_solution sol;
    sb_stats stats;
    CHECK(read_small(&p, &e) == SB_OK);
    const sb_move right = { 0, 0, 0, 1 };

    _Alignas(max_align_t) unsigned char wiped[4096] = { 0 };
    sb_search *ws = (sb_search *)wiped;
    sb_judge *wj = (sb_judge *)wiped;
    CHECK(sb_search_solve(ws, &sol, &e) == SB_EINPUT && sol.moves == NULL &&
          strstr(e.msg, "freed"));
    CHECK(sb_search_stats(ws, &stats) == SB_EINPUT && !sb_search_cancelled(ws));
    sb_search_cancel(ws);
    sb_search_free(ws);
    CHECK(sb_judge_move(wj, &right, &e) == SB_EINPUT && strstr(e.msg, "freed"));
    CHECK(sb_judge_goal(wj, &e) == SB_EINPUT && strstr(e.msg, "freed"));
    sb_judge_free(wj);
    for (size_t i = 0; i < sizeof wiped; i++)
        CHECK_MSG(wiped[i] == 0, "byte %zu of a wiped handle written", i);

    if (MEMORY_CHECKED) {
        printf("AddressSanitizer reports any read of a freed handle: the double frees run "
               "in the other builds\n");
    } else {
        sb_search *s;
        sb_judge *j;
        CHECK(sb_search_new(&p, NULL, &s, &e) == SB_OK);
        sb_search_free(s);
        sb_search_free(s);
        sb_search_cancel(s);
        CHECK(sb_search_solve(s, &sol, &e) == SB_EINPUT && strstr(e.msg, "freed"));
        CHECK(sb_judge_new(&p, &j, &e) == SB_OK);
        sb_judge_free(j);
        sb_judge_free(j);
        CHECK(sb_judge_move(j, &right, &e) == SB_EINPUT);
    }
    sb_puzzle_free(&p);
}

/* The classic Klotski, as a picture: a space of tens of thousands of
 * configurations, long enough to cancel in the middle of. */
static const char KLOTSKI[] = "ABBC\nABBC\nDEEF\nDGHF\nI..J\n";
static const char KLOTSKI_GOAL[] = "....\n....\n....\n.BB.\n.BB.\n";

static sb_status read_klotski(sb_puzzle *p, sb_error *e)
{
    return sb_fmt_parse(KLOTSKI, sizeof KLOTSKI - 1, "klotski", KLOTSKI_GOAL,
                        sizeof KLOTSKI_GOAL - 1, "klotski.goal", SB_FORMAT_AUTO, NULL, p, e);
}

/* Whether a run was stopped by a cancel (and not by anything else). */
static bool was_cancelled(sb_status st, const sb_error *e)
{
    return st == SB_ELIMIT && e->status == SB_ELIMIT && e->limit == SB_LIMIT_CANCELLED &&
           strstr(e->msg, "cancel") != NULL;
}

static void test_handle_misuse(void)
{
    sb_error e;
    sb_puzzle p;
    sb_solution sol;
    sb_explore_report ex;
    sb_components_report comp;
    sb_family_report fam;
    sb_stats stats;
    sb_search *s = (sb_search *)&e;   /* garbage that must be overwritten */
    CHECK(read_small(&p, &e) == SB_OK);

    CHECK(sb_search_new(NULL, NULL, &s, &e) == SB_EINPUT && s == NULL && e.msg[0]);
    CHECK(sb_search_new(&p, NULL, NULL, &e) == SB_EINPUT);
    CHECK(sb_search_new(&p, NULL, NULL, NULL) == SB_EINPUT);
    sb_puzzle hollow = { .rows = 2, .cols = 2, .nblocks = 3 };
    s = (sb_search *)&e;
    CHECK(sb_search_new(&hollow, NULL, &s, &e) == SB_EINPUT && s == NULL);
    sb_options bad[NBAD];
    bad_options(bad);
    for (int i = 0; i < NBAD; i++) {
        s = (sb_search *)&e;
        CHECK_MSG(sb_search_new(&p, &bad[i], &s, &e) == SB_EINPUT && s == NULL &&
                  strstr(e.msg, "sb_search_new") != NULL, "options %d: %s", i, e.msg);
    }

    /* A NULL handle: errors, and the records zeroed so freeing them is safe. */
    memset(&sol, 0xab, sizeof sol);
    CHECK(sb_search_solve(NULL, &sol, &e) == SB_EINPUT && sol.moves == NULL);
    sb_solution_free(&sol);
    memset(&ex, 0xab, sizeof ex);
    CHECK(sb_search_explore(NULL, &ex, &e) == SB_EINPUT && ex.per_depth == NULL);
    CHECK(sb_search_components(NULL, true, &comp, NULL) == SB_EINPUT);
    CHECK(sb_search_family(NULL, NULL, &e) == SB_EINPUT);
    CHECK(sb_search_stats(NULL, &stats) == SB_EINPUT);
    CHECK(!sb_search_cancelled(NULL));
    sb_search_cancel(NULL);
    sb_search_free(NULL);

    /* A good handle: NULL records are errors, then it still works. */
    CHECK(sb_search_new(&p, NULL, &s, &e) == SB_OK && s != NULL);
    CHECK(sb_search_stats(s, NULL) == SB_EINPUT);
    CHECK(sb_search_stats(s, &stats) == SB_OK && stats.stored == 0);
    CHECK(sb_search_solve(s, NULL, &e) == SB_EINPUT);
    CHECK(sb_search_explore(s, NULL, &e) == SB_EINPUT);
    CHECK(sb_search_solve(s, &sol, &e) == SB_OK && sol.nmoves == 2);
    CHECK(sb_check_moves(&p, sol.moves, sol.nmoves, &e) == SB_OK);
    CHECK(sb_search_stats(s, &stats) == SB_OK && stats.stored > 0 &&
          stats.algo != SB_ALGO_AUTO && stats.path != SB_PATH_AUTO);
    sb_solution_free(&sol);
    /* Runs of every kind on one handle, one after the other. */
    CHECK(sb_search_explore(s, &ex, &e) == SB_OK && ex.reachable == 4);
    sb_explore_report_free(&ex);
    CHECK(sb_search_components(s, true, &comp, &e) == SB_OK && comp.layouts == 4);
    sb_components_report_free(&comp);
    CHECK(sb_search_family(s, &fam, &e) == SB_OK && fam.nmembers > 0);
    sb_family_report_free(&fam);

    /* Cancelled after a run: final, every later run stops at once. */
    CHECK(!sb_search_cancelled(s));
    sb_search_cancel(s);
    sb_search_cancel(s);
    CHECK(sb_search_cancelled(s));
    memset(&sol, 0xab, sizeof sol);
    CHECK(was_cancelled(sb_search_solve(s, &sol, &e), &e) && sol.moves == NULL);
    CHECK(was_cancelled(sb_search_explore(s, &ex, &e), &e) && ex.per_depth == NULL);
    CHECK(was_cancelled(sb_search_components(s, false, &comp, &e), &e));
    CHECK(was_cancelled(sb_search_family(s, &fam, &e), &e));
    CHECK(sb_search_solve(s, &sol, NULL) == SB_ELIMIT);
    sb_search_free(s);

    /* Cancelled before its first run. */
    CHECK(sb_search_new(&p, NULL, &s, &e) == SB_OK);
    sb_search_cancel(s);
    CHECK(was_cancelled(sb_search_solve(s, &sol, &e), &e));
    sb_search_free(s);
    sb_puzzle_free(&p);
}

/* A progress callback that cancels the search it reports on. */
static void cancel_from_progress(const sb_progress *pr, void *ctx)
{
    (void)pr;
    sb_search_cancel(ctx);
}

/* What the canceller thread and the search's progress callback share. */
typedef struct cancel_race {
    sb_search *search;
    atomic_bool running;     /* the search has reported progress */
    atomic_int reports;      /* progress reports seen */
} cancel_race;

static void sleep_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

/* The search's side: says it runs, then holds the search until the other
 * thread has cancelled it (at most ten seconds), so the cancel lands
 * while it runs whatever the machine's speed. */
static void wait_for_cancel(const sb_progress *pr, void *ctx)
{
    (void)pr;
    cancel_race *race = ctx;
    atomic_fetch_add(&race->reports, 1);
    atomic_store(&race->running, true);
    for (int i = 0; i < 1000 && !sb_search_cancelled(race->search); i++)
        sleep_ms(10);
}

static void *canceller(void *arg)
{
    cancel_race *race = arg;
    for (int i = 0; i < 1000 && !atomic_load(&race->running); i++)
        sleep_ms(10);
    sb_search_cancel(race->search);
    return NULL;
}

static void test_cancel_running(void)
{
    sb_error e;
    sb_puzzle p;
    sb_options opts;
    sb_explore_report ex;
    sb_solution sol;
    CHECK(read_klotski(&p, &e) == SB_OK);
    /* The whole space, uncancelled, for comparison: more than one report's worth. */
    CHECK(sb_explore(&p, NULL, &ex, &e) == SB_OK && ex.reachable > 1000);
    uint64_t whole = ex.reachable;
    sb_explore_report_free(&ex);

    /* From the search's own thread, in its progress callback; through
     * sb_options.cancel, a one-call function polling a handle's flag. */
    sb_search *first = NULL;
    CHECK(sb_search_new(&p, NULL, &first, &e) == SB_OK);
    sb_options_default(&opts);
    opts.progress = cancel_from_progress;
    opts.progress_ctx = first;
    opts.cancel = first;
    sb_status st = sb_explore(&p, &opts, &ex, &e);
    CHECK_MSG(was_cancelled(st, &e), "status %d limit %d: %s", st, e.limit, e.msg);
    CHECK_MSG(e.stored < whole, "%llu of %llu", (unsigned long long)e.stored,
              (unsigned long long)whole);
    sb_explore_report_free(&ex);
    sb_search_free(first);

    /* From another thread, while the search runs: explore and solve. */
    for (int kind = 0; kind < 2; kind++) {
        cancel_race race = { NULL };
        atomic_init(&race.running, false);
        atomic_init(&race.reports, 0);
        sb_options_default(&opts);
        opts.progress = wait_for_cancel;
        opts.progress_ctx = &race;
        opts.optimal = true;
        CHECK(sb_search_new(&p, &opts, &race.search, &e) == SB_OK);
        pthread_t id;
        CHECK(pthread_create(&id, NULL, canceller, &race) == 0);
        st = kind == 0 ? sb_search_explore(race.search, &ex, &e)
                       : sb_search_solve(race.search, &sol, &e);
        pthread_join(id, NULL);
        CHECK_MSG(was_cancelled(st, &e), "kind %d: status %d limit %d: %s", kind, st,
                  e.limit, e.msg);
        CHECK(atomic_load(&race.reports) >= 1);
        if (kind == 0) {
            CHECK(ex.per_depth == NULL);
            sb_explore_report_free(&ex);
        } else {
            CHECK(sol.moves == NULL);
            sb_solution_free(&sol);
        }
        sb_search_free(race.search);
    }
    sb_puzzle_free(&p);
}

/* Everything written to a memory stream by write(f); NULL when it fails. */
static char *captured(sb_status (*write)(FILE *f, void *ctx), void *ctx, sb_status *st)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    *st = write(f, ctx);
    fclose(f);
    return text;
}

typedef struct view_call {
    const sb_puzzle *p;
    const sb_move *moves;
    size_t n;
    sb_error *e;
} view_call;

static sb_status show(FILE *f, void *ctx)
{
    view_call *v = ctx;
    return sb_show_write(f, v->p, v->moves, v->n, NULL, v->e);
}

static sb_status json(FILE *f, void *ctx)
{
    view_call *v = ctx;
    sb_json_report r = { SB_OK, v->moves, v->n, SB_METRIC_LINE, false, NULL, NULL, v->p };
    return sb_json_write(f, &r, v->e);
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *s = text; (s = strstr(s, what)); s += strlen(what))
        n++;
    return n;
}

static void test_views(void)
{
    sb_error e;
    sb_puzzle p;
    sb_status st = SB_OK;
    const sb_move path[] = { { 0, 0, 0, 1 }, { 0, 1, 1, 1 } }, off[] = { { 0, 0, 0, 5 } };
    CHECK(read_small(&p, &e) == SB_OK);

    CHECK(sb_show_write(NULL, &p, path, 2, NULL, &e) == SB_EINPUT && e.msg[0]);
    CHECK(sb_show_write(stdout, NULL, path, 2, NULL, &e) == SB_EINPUT);
    CHECK(sb_show_write(stdout, &p, NULL, 2, NULL, NULL) == SB_EINPUT);
    CHECK(!sb_show_fits(NULL) && sb_show_fits(&p));
    CHECK(sb_json_write(NULL, NULL, &e) == SB_EINPUT);
    CHECK(sb_json_write(stdout, NULL, NULL) == SB_EINPUT);

    /* n moves make n captions, each picture followed by a blank line, and
     * a last caption and picture: n + 1 pictures of 2 * rows + 1 lines. */
    view_call v = { &p, path, 2, &e };
    char *text = captured(show, &v, &st);
    size_t lines = 2 + 1 + 2 + 3 * (2 * (size_t)p.rows + 1);
    CHECK_MSG(st == SB_OK && text && count(text, "move ") == 2 &&
              count(text, "\n") == lines && strncmp(text, "move 1 of 2", 11) == 0, "%d: %s",
              st, text ? text : "");
    free(text);
    /* JSON: the moves given, and the puzzle's one piece. */
    text = captured(json, &v, &st);
    CHECK_MSG(st == SB_OK && text && strstr(text, "\"status\": \"solved\"") &&
              strstr(text, "[0, 0, 0, 1],") && count(text, "\"anchor\"") == 2, "%s",
              text ? text : "");
    free(text);

    /* A move the judge refuses: SB_EMOVE, nothing written. */
    v.moves = off;
    v.n = 1;
    text = captured(show, &v, &st);
    CHECK_MSG(st == SB_EMOVE && e.item == 0 && strncmp(e.msg, "move 1: ", 8) == 0 && text &&
              text[0] == 0, "%d: %s", st, e.msg);
    free(text);

    /* A broken puzzle: SB_EINPUT, nothing written, for both views. */
    p.blocks[0].shape = 7;
    v.moves = path;
    v.n = 2;
    text = captured(show, &v, &st);
    CHECK_MSG(st == SB_EINPUT && strstr(e.msg, "shape") && text && text[0] == 0, "%s", e.msg);
    free(text);
    text = captured(json, &v, &st);
    CHECK_MSG(st == SB_EINPUT && strstr(e.msg, "shape") && text && text[0] == 0, "%s", e.msg);
    free(text);
    /* ... saying which function refused and which block is to blame. */
    p.blocks[0].shape = 0;
    p.blocks[0].row = 9;
    text = captured(show, &v, &st);
    CHECK_MSG(st == SB_EINPUT && e.list == SB_LIST_INIT && e.item == 0 &&
              strncmp(e.msg, "sb_show_write: ", 15) == 0, "%s", e.msg);
    free(text);
    text = captured(json, &v, &st);
    CHECK_MSG(st == SB_EINPUT && e.list == SB_LIST_INIT && e.item == 0 &&
              strncmp(e.msg, "sb_json_write: ", 15) == 0, "%s", e.msg);
    free(text);
    sb_puzzle_free(&p);
}

/* A JSON document with one move of the small puzzle and these stats. */
static sb_status json_stats(FILE *f, void *ctx)
{
    sb_puzzle p;
    sb_error e;
    if (read_small(&p, &e) != SB_OK)
        return e.status;
    const sb_move path[] = { { 0, 0, 0, 1 }, { 0, 1, 1, 1 } };
    sb_json_report r = { SB_OK, path, 2, SB_METRIC_LINE, true, ctx, NULL, &p };
    sb_status st = sb_json_write(f, &r, &e);
    sb_puzzle_free(&p);
    return st;
}

/* The JSON view trusts neither the moves nor the locale nor the stream. */
static void test_json_view(void)
{
    sb_error e;
    sb_puzzle p;
    sb_status st = SB_OK;
    CHECK(read_small(&p, &e) == SB_OK);

    /* "solved" only of moves the judge replays to the goal. */
    const sb_move path[] = { { 0, 0, 0, 1 }, { 0, 1, 1, 1 } }, off[] = { { 0, 0, 0, 5 } };
    view_call v = { &p, off, 1, &e };
    char *text = captured(json, &v, &st);
    CHECK_MSG(st == SB_EMOVE && e.item == 0 && text && text[0] == 0, "%d: %s", st, e.msg);
    free(text);
    v.moves = path;
    v.n = 1;   /* legal, but short of the goal */
    text = captured(json, &v, &st);
    CHECK_MSG(st == SB_EMOVE && e.item == 1 && text && text[0] == 0, "%d: %s", st, e.msg);
    free(text);
    sb_json_report orphan = { SB_OK, path, 2, SB_METRIC_LINE, false, NULL, NULL, NULL };
    CHECK(sb_json_write(stdout, &orphan, &e) == SB_EINPUT && strstr(e.msg, "puzzle"));

    /* Numbers: '.' in every locale, null when not finite (test_formats
     * checks the number writer itself). */
    const char *comma[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "ru_RU.UTF-8" };
    const char *used = NULL;
    for (size_t i = 0; !used && i < sizeof comma / sizeof *comma; i++)
        if (setlocale(LC_NUMERIC, comma[i]) && strcmp(localeconv()->decimal_point, ",") == 0)
            used = comma[i];
    if (!used)
        printf("no locale with a decimal comma is installed: the locale check is skipped\n");
    sb_stats stats = { SB_ALGO_BFS, SB_PATH_GENERAL, 3, 2, 100, 100, 0.000041 };
    text = captured(json_stats, &stats, &st);
    CHECK_MSG(st == SB_OK && text && strstr(text, "\"seconds\": 0.000041}") &&
              strstr(text, "\"max_ratio\": null,"), "%s (%s)", text ? text : "",
              used ? used : "C");
    free(text);
    stats.max_ratio = 1.5;   /* what a weighted search proves, in every locale */
    text = captured(json_stats, &stats, &st);
    CHECK_MSG(st == SB_OK && text && strstr(text, "\"max_ratio\": 1.5"), "%s", text ? text : "");
    free(text);
    stats.max_ratio = 2;
    text = captured(json_stats, &stats, &st);
    CHECK_MSG(st == SB_OK && text && strstr(text, "\"max_ratio\": 2,"), "%s", text ? text : "");
    free(text);
    setlocale(LC_NUMERIC, "C");
    stats.seconds = NAN;
    text = captured(json_stats, &stats, &st);
    CHECK_MSG(st == SB_OK && text && strstr(text, "\"seconds\": null}"), "%s", text ? text : "");
    free(text);

    /* A stream that cannot take the bytes: a write error, said so, with
     * the reason the system gave. */
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        setvbuf(full, NULL, _IONBF, 0);
        v.n = 2;
        CHECK(json(full, &v) == SB_EWRITE && e.status == SB_EWRITE);
        CHECK_MSG(strstr(e.msg, "sb_json_write: write error") && strstr(e.msg, strerror(ENOSPC)),
                  "%s", e.msg);
        clearerr(full);
        CHECK(show(full, &v) == SB_EWRITE);
        CHECK_MSG(strstr(e.msg, "sb_show_write: write error") && strstr(e.msg, strerror(ENOSPC)),
                  "%s", e.msg);
        clearerr(full);
        CHECK(sb_fmt_picture_write(full, &p, p.blocks, p.nblocks, "", &e) == SB_EWRITE);
        CHECK_MSG(strstr(e.msg, "sb_fmt_picture_write: write error"), "%s", e.msg);
        fclose(full);
    } else {
        printf("/dev/full is missing: the write-error check is skipped\n");
    }
    sb_puzzle_free(&p);
}

/* One thread's work: its own puzzle, solution and judge; odd threads
 * through a handle of their own. */
typedef struct worker {
    pthread_t id;
    int index;
    sb_status read, solved, checked;
    size_t nmoves;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    sb_puzzle p;
    sb_solution sol = { 0 };
    sb_error e;
    w->read = read_klotski(&p, &e);
    if (w->read != SB_OK)
        return NULL;
    if (w->index % 2) {
        sb_search *s;
        w->solved = sb_search_new(&p, NULL, &s, &e);
        if (w->solved == SB_OK)
            w->solved = sb_search_solve(s, &sol, &e);
        sb_search_free(s);
    } else {
        w->solved = sb_solve(&p, NULL, &sol, NULL, &e);
    }
    w->nmoves = sol.nmoves;
    w->checked = sb_check_moves(&p, sol.moves, sol.nmoves, &e);
    sb_solution_free(&sol);
    sb_puzzle_free(&p);
    return NULL;
}

static void test_threads(void)
{
    enum { N = 4 };
    worker w[N];
    memset(w, 0, sizeof w);
    int started = 0;
    for (int i = 0; i < N; i++) {
        w[i].index = i;
        started += pthread_create(&w[i].id, NULL, work, &w[i]) == 0;
    }
    CHECK(started == N);
    for (int i = 0; i < started; i++) {
        pthread_join(w[i].id, NULL);
        CHECK_MSG(w[i].read == SB_OK && w[i].solved == SB_OK && w[i].checked == SB_OK,
                  "thread %d: %d %d %d", i, w[i].read, w[i].solved, w[i].checked);
        CHECK_MSG(w[i].nmoves == w[0].nmoves && w[i].nmoves > 0, "thread %d: %zu moves", i,
                  w[i].nmoves);
    }
}

/* The oracle on one 1x1 block in an empty 3x4 tray, whose distances are
 * known without a search: under unit, the cells between its place and
 * the goal's (Manhattan); under line, one per coordinate that differs;
 * under piece, one unless it is there.  Wrong calls are errors. */
static void test_distances(void)
{
    static const char init[] = "3 4\n0 0 0 0\n", goal[] = "2 1 2 1\n";
    sb_error e;
    sb_puzzle p, bare;
    sb_distances d;
    CHECK(sb_fmt_parse(init, sizeof init - 1, "one.init", goal, sizeof goal - 1, "one.goal",
                       SB_FORMAT_AUTO, NULL, &p, &e) == SB_OK);
    CHECK(sb_distances_compute(NULL, NULL, &d, &e) == SB_EINPUT);
    CHECK(sb_distances_compute(&p, NULL, NULL, &e) == SB_EINPUT);
    sb_options bad;
    sb_options_default(&bad);
    bad.metric = (sb_metric)9;
    CHECK(sb_distances_compute(&p, &bad, &d, &e) == SB_EINPUT && d.distance == NULL);
    for (int m = SB_METRIC_UNIT; m <= SB_METRIC_PIECE; m++) {
        sb_options o;
        sb_options_default(&o);
        o.metric = (sb_metric)m;
        CHECK_MSG(sb_distances_compute(&p, &o, &d, &e) == SB_OK, "metric %d: %s", m, e.msg);
        CHECK_MSG(d.count == 12 && d.nblocks == 1 && d.goal_count == 1, "metric %d", m);
        CHECK(d.anchors[d.init] == 0);
        for (uint64_t i = 0; i < d.count; i++) {
            int r = d.anchors[i] / 4, c = d.anchors[i] % 4, dr = r > 2 ? r - 2 : 2 - r;
            int dc = c > 1 ? c - 1 : 1 - c;
            uint32_t want = m == SB_METRIC_UNIT ? (uint32_t)(dr + dc)
                            : m == SB_METRIC_LINE ? (uint32_t)((dr > 0) + (dc > 0))
                                                  : (uint32_t)(dr + dc > 0);
            CHECK_MSG(d.distance[i] == want, "metric %d, cell %d %d: %u, want %u", m, r, c,
                      d.distance[i], want);
            if (i > 0)
                CHECK(d.anchors[i - 1] < d.anchors[i]);   /* numbered in anchor order */
            for (size_t j = d.edge_start[i]; j < d.edge_start[i + 1]; j++) {
                sb_move mv;
                uint32_t to = d.edge_to[j];
                CHECK(sb_distances_move(&d, i, to, &mv) == SB_OK);
                CHECK(mv.from_row == r && mv.from_col == c &&
                      mv.to_row * 4 + mv.to_col == d.anchors[to]);
            }
        }
        sb_move mv;
        CHECK(sb_distances_move(&d, 0, 0, &mv) == SB_EINPUT);
        CHECK(sb_distances_move(&d, 0, d.count, &mv) == SB_EINPUT);
        CHECK(sb_distances_move(&d, 0, 1, NULL) == SB_EINPUT);
        CHECK(sb_distances_move(NULL, 0, 1, &mv) == SB_EINPUT);
        sb_distances_free(&d);
        CHECK(d.count == 0 && d.distance == NULL);
    }
    /* No goal: every distance is NONE; a limit is SB_ELIMIT with *out zeroed. */
    CHECK(sb_fmt_parse(init, sizeof init - 1, "one.init", NULL, 0, NULL, SB_FORMAT_AUTO, NULL,
                       &bare, &e) == SB_OK);
    CHECK(sb_distances_compute(&bare, NULL, &d, &e) == SB_OK && d.goal_count == 0);
    for (uint64_t i = 0; i < d.count; i++)
        CHECK(d.distance[i] == SB_DISTANCE_NONE);
    sb_distances_free(&d);
    sb_options few;
    sb_options_default(&few);
    few.limits.max_states = 5;
    CHECK(sb_distances_compute(&p, &few, &d, &e) == SB_ELIMIT && e.limit == SB_LIMIT_STATES);
    CHECK(d.count == 0 && d.anchors == NULL);
    sb_distances_free(NULL);
    sb_distances_free(&d);
    sb_puzzle_free(&bare);
    sb_puzzle_free(&p);
}

/* Records from a newer header: a caller's record whose reserved space is
 * not zero holds a field this library does not know, and is refused
 * rather than half understood; zeroed again, the same record works. */
static void test_newer_records(void)
{
    sb_error e;
    sb_puzzle p;
    CHECK(read_small(&p, &e) == SB_OK);
    p.reserved[SB_RESERVED - 1] = 1;
    CHECK_MSG(sb_puzzle_check(&p, &e) == SB_EINPUT && strstr(e.msg, "reserved"), "%s", e.msg);
    sb_solution sol;
    CHECK(sb_solve(&p, NULL, &sol, NULL, &e) == SB_EINPUT);
    p.reserved[SB_RESERVED - 1] = 0;
    CHECK(sb_solve(&p, NULL, &sol, NULL, &e) == SB_OK);

    sb_show_style style = { .unicode = true };
    style.reserved[0] = 1;
    CHECK(sb_show_write(stdout, &p, sol.moves, sol.nmoves, &style, &e) == SB_EINPUT &&
          strstr(e.msg, "reserved"));
    sb_json_report r = { SB_OK, sol.moves, sol.nmoves, SB_METRIC_LINE, false, NULL, NULL, &p };
    r.reserved[1] = 1;
    CHECK(sb_json_write(stdout, &r, &e) == SB_EINPUT && strstr(e.msg, "reserved"));
    sb_solution_free(&sol);

    sb_move_reader rd = { stdin, "stdin" };
    rd.reserved[2] = 1;
    sb_move m;
    CHECK(sb_fmt_next_move(&rd, &m, &e) == SB_EINPUT && strstr(e.msg, "reserved"));

    sb_census_kind kind = { "a", 1, 1, SB_AXIS_ANY, false, 0, 2 };
    sb_census_spec spec = { .rows = 2, .cols = 2, .nkinds = 1, .kinds = &kind };
    sb_census_report cen;
    spec.reserved[0] = 1;
    CHECK(sb_census(&spec, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "spec's reserved"));
    spec.reserved[0] = 0;
    sb_census_hooks hooks = { 0 };
    hooks.reserved[sizeof hooks.reserved / sizeof hooks.reserved[0] - 1] = &hooks;
    CHECK(sb_census(&spec, NULL, &hooks, &cen, &e) == SB_EINPUT && strstr(e.msg, "hooks'"));
    hooks.reserved[sizeof hooks.reserved / sizeof hooks.reserved[0] - 1] = NULL;
    CHECK(sb_census(&spec, NULL, &hooks, &cen, &e) == SB_OK && cen.nmembers == 3);
    sb_census_report_free(&cen);
    sb_puzzle_free(&p);
}

/* A census's goal from a library caller, who has no reader to check it:
 * goals on one cell, on a wall or off their kind's pin are refused before
 * any member is mapped, and a kind's name that fills its array without a
 * terminator is printed no further than the array. */
static void test_census_goals(void)
{
    sb_error e;
    sb_census_report cen;
    sb_census_kind kinds[2] = { { "a", 1, 1, SB_AXIS_ANY, false, 1, 2 },
                                { "b", 1, 2, SB_AXIS_ROW, false, 1, 1 } };
    sb_block at[2] = { { .row = 0, .col = 0 }, { .row = 0, .col = 1 } };
    size_t kind_of[2] = { 1, 0 };
    uint8_t walls[6] = { 0 };
    sb_census_spec spec = { .rows = 2, .cols = 3, .nkinds = 2, .kinds = kinds, .ngoals = 2,
                            .goal_kind = kind_of, .goals = at };
    CHECK_MSG(sb_census(&spec, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "overlaps"),
              "%s", e.msg);
    at[1].row = 1;
    CHECK_MSG(sb_census(&spec, NULL, NULL, &cen, &e) == SB_OK, "%s", e.msg);
    sb_census_report_free(&cen);
    walls[4] = 1;
    spec.walls = walls;
    CHECK_MSG(sb_census(&spec, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "wall"),
              "%s", e.msg);
    spec.walls = NULL;
    kinds[1].pinned = true;
    kinds[1].pin_first = kinds[1].pin_last = 1;
    CHECK_MSG(sb_census(&spec, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "pin"),
              "%s", e.msg);
    kinds[1].pinned = false;
    memset(kinds[0].name, 'x', sizeof kinds[0].name);
    kinds[0].min = 3;
    CHECK_MSG(sb_census(&spec, NULL, NULL, &cen, &e) == SB_EINPUT &&
              strstr(e.msg, "(xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx)"), "%s", e.msg);
}

/* A failure a caller's choice mends says which choice (err.hint), in the
 * library's words and never a program's option; making that choice then
 * works.  Failures no choice mends carry no hint. */
static void test_hints(void)
{
    sb_error e;
    sb_puzzle p;
    sb_solution sol;
    sb_options o;

    /* A 7x7 tray: too large for the bitboard, fine for the general board. */
    static const char big[] = "7 7\n0 0 0 0\n", big_goal[] = "6 6 6 6\n";
    CHECK(sb_fmt_parse(big, sizeof big - 1, "big", big_goal, sizeof big_goal - 1, "big.goal",
                       SB_FORMAT_CORNERS, NULL, &p, &e) == SB_OK);
    sb_options_default(&o);
    o.path = SB_PATH_BITBOARD;
    CHECK_MSG(sb_solve(&p, &o, &sol, NULL, &e) == SB_EINPUT && e.hint == SB_HINT_PATH_GENERAL &&
              strstr(e.msg, "general representation") && !strstr(e.msg, "--"), "%s", e.msg);
    sb_components_report comp;
    CHECK_MSG(sb_components(&p, &o, false, &comp, &e) == SB_EINPUT &&
              e.hint == SB_HINT_PATH_GENERAL && !strstr(e.msg, "--"), "%s", e.msg);
    o.path = SB_PATH_GENERAL;
    CHECK(sb_solve(&p, &o, &sol, NULL, &e) == SB_OK);
    sb_solution_free(&sol);
    sb_puzzle_free(&p);

    /* Bidirectional search of a goal that places one block of ten. */
    CHECK(read_klotski(&p, &e) == SB_OK);
    sb_options_default(&o);
    o.algo = SB_ALGO_BIDIR;
    CHECK_MSG(sb_solve(&p, &o, &sol, NULL, &e) == SB_EINPUT && e.hint == SB_HINT_ALGO &&
              !strstr(e.msg, "--"), "%s", e.msg);
    o.algo = SB_ALGO_AUTO;
    CHECK(sb_solve(&p, &o, &sol, NULL, &e) == SB_OK);
    sb_solution_free(&sol);
    /* A limit: a higher one helps; memory that ran out or a cancel would not. */
    o.limits.max_states = 100;
    CHECK(sb_solve(&p, &o, &sol, NULL, &e) == SB_ELIMIT && e.limit == SB_LIMIT_STATES &&
          e.hint == SB_HINT_LIMIT);
    sb_search *s;
    CHECK(sb_search_new(&p, NULL, &s, &e) == SB_OK);
    sb_search_cancel(s);
    CHECK(was_cancelled(sb_search_solve(s, &sol, &e), &e) && e.hint == SB_HINT_NONE);
    sb_search_free(s);
    /* A puzzle no choice mends. */
    p.blocks[1].row = p.blocks[0].row;
    p.blocks[1].col = p.blocks[0].col;
    CHECK(sb_puzzle_check(&p, &e) == SB_EINPUT && e.hint == SB_HINT_NONE);
    sb_puzzle_free(&p);

    /* A text that reads as both line formats: name one, and it reads. */
    static const char both[] = "5 5\n1 1 1 1\n2 2 3 3\n";
    CHECK_MSG(sb_fmt_parse(both, sizeof both - 1, "both", NULL, 0, NULL, SB_FORMAT_AUTO, NULL,
                           &p, &e) == SB_EINPUT && e.hint == SB_HINT_FORMAT_LINE &&
              !strstr(e.msg, "--"), "%s", e.msg);
    CHECK(sb_fmt_parse(both, sizeof both - 1, "both", NULL, 0, NULL, SB_FORMAT_SIZES, NULL, &p,
                       &e) == SB_OK);
    sb_puzzle_free(&p);
}

int main(void)
{
    test_version();
    test_null_records();
    test_bad_options();
    test_formats();
    test_judge();
    test_handle_misuse();
    test_cancel_running();
    test_views();
    test_distances();
    test_hints();
    test_newer_records();
    test_census_goals();
    test_freed_handles();
    test_json_view();
    test_threads();
    return unit_finish("test_api");
}
