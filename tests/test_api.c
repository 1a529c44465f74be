/*
 * test_api.c - the public API used wrongly, as a library's users will: NULL
 * handles and records, options out of range, handles freed and made anew,
 * puzzles freed under a judge.  Every call must answer with a status (and
 * an error record saying why), never crash; the sanitizer build runs this
 * too, so a read past a buffer or a leak on an error path fails it.
 *
 * It links libslide.so and includes slide.h alone: what it reaches is what
 * any program can.  Last, separate records in separate threads: the header
 * promises that works, and under the sanitizers a shared buffer would show.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "slide.h"
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
    CHECK(strcmp(sb_metric_name((sb_metric)42), "?") == 0);
    CHECK(strcmp(sb_algo_name((sb_algo)-1), "?") == 0);
    CHECK(strcmp(sb_path_name((sb_path)9), "?") == 0);
    CHECK(strcmp(sb_fmt_name((sb_format)9), "?") == 0);

    /* Frees of NULL and of zeroed records are harmless. */
    sb_options_default(NULL);
    sb_puzzle_free(NULL);
    sb_solution_free(NULL);
    sb_explore_report_free(NULL);
    sb_components_report_free(NULL);
    sb_family_report_free(NULL);
    sb_judge_free(NULL);
    sb_puzzle zp = { 0 };
    sb_puzzle_free(&zp);
    sb_puzzle_free(&zp);
    sb_puzzle_free(&p);
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

    sb_options bad[5];
    for (int i = 0; i < 5; i++)
        sb_options_default(&bad[i]);
    bad[0].metric = (sb_metric)42;
    bad[1].algo = (sb_algo)-3;
    bad[2].path = (sb_path)7;
    bad[3].limits.max_seconds = -1;
    bad[4].limits.max_seconds = NAN;
    for (int i = 0; i < 5; i++) {
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
    CHECK(sb_fmt_parse_name(NULL, &f) == SB_EINPUT);
    CHECK(sb_fmt_parse_name("picture", NULL) == SB_EINPUT);
    CHECK(sb_fmt_parse_name("bogus", &f) == SB_EINPUT);
    CHECK(sb_fmt_parse_name("sizes", &f) == SB_OK && f == SB_FORMAT_SIZES);

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

    CHECK(sb_fmt_write_moves(NULL, NULL, 1) == -1);
    sb_move m;
    CHECK(sb_fmt_next_move(NULL, &m, &e) == -1 && e.status == SB_EINPUT);
    sb_move_reader nowhere = { NULL, "nowhere", 0, "" };
    CHECK(sb_fmt_next_move(&nowhere, &m, &e) == -1);
    CHECK(read_small(&p, &e) == SB_OK);
    CHECK(sb_fmt_picture_write(NULL, &p, p.blocks, p.nblocks, "", &e) == SB_EINPUT);
    CHECK(sb_fmt_picture_write(stdout, NULL, NULL, 0, NULL, &e) == SB_EINPUT);
    CHECK(sb_fmt_picture_write(stdout, &p, NULL, 1, NULL, &e) == SB_EINPUT);
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

/* One thread's work: its own puzzle, solution and judge. */
typedef struct worker {
    pthread_t id;
    sb_status read, solved, checked;
    size_t nmoves;
} worker;

static void *work(void *arg)
{
    /* The classic Klotski, as a picture: its default solution is 90 moves. */
    static const char init[] = "ABBC\nABBC\nDEEF\nDGHF\nI..J\n";
    static const char goal[] = "....\n....\n....\n.BB.\n.BB.\n";
    worker *w = arg;
    sb_puzzle p;
    sb_solution sol = { 0 };
    sb_error e;
    w->read = sb_fmt_parse(init, sizeof init - 1, "klotski", goal, sizeof goal - 1,
                           "klotski.goal", SB_FORMAT_AUTO, NULL, &p, &e);
    if (w->read != SB_OK)
        return NULL;
    w->solved = sb_solve(&p, NULL, &sol, NULL, &e);
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
    for (int i = 0; i < N; i++)
        started += pthread_create(&w[i].id, NULL, work, &w[i]) == 0;
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

int main(void)
{
    test_version();
    test_null_records();
    test_bad_options();
    test_formats();
    test_judge();
    test_distances();
    test_threads();
    return unit_finish("test_api");
}
