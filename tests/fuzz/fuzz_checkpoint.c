/*
 * fuzz_checkpoint.c - libFuzzer harness for the census checkpoint reader
 * (cli/census_codec.c, sb_checkpoint_read), the file that slide-explore
 * --census --checkpoint reads back, fed through fmemopen.
 *
 * Input: byte 0 picks one of four small censuses ('0' to '3' in the
 * seeds: a wall, a marked one-axis kind, a goal and diameters; plain
 * rectangles; one-axis pieces, a goal and keep 2; shaped kinds, one of
 * them pinned, a wall and a goal), the rest is the
 * checkpoint, whose first line must name the census as HASH below under
 * the line metric (the seeds' do).  Beyond no crash, leak or undefined
 * behaviour, it holds the reader to its contract: a refusal is SB_EINPUT
 * (SB_ELIMIT out of memory) with "ck:LINE: " and an empty report; what it
 * accepts can be used as a census's own members: written again it reads
 * back into the same lines, every layout it holds is a legal puzzle
 * (sb_puzzle_check, walls included), and it goes to words and back.
 */
#include "census_codec.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { HASH = 0x5eed, NCENSUSES = 4 };

static uint8_t walls[12] = { [3] = 1 };
static sb_census_kind rich[] = {
    { "red", 1, 2, SB_AXIS_ROW, true, 1, 1 },
    { "car", 1, 2, SB_AXIS_ROW, false, 0, 2 },
    { "tall", 2, 1, SB_AXIS_ANY, false, 0, 2 },
    { "unit", 1, 1, SB_AXIS_ANY, false, 0, 2 },
};
static sb_census_kind plain[] = {
    { "big", 2, 2, SB_AXIS_ANY, false, 1, 1 },
    { "wide", 1, 2, SB_AXIS_ANY, false, 0, 3 },
    { "unit", 1, 1, SB_AXIS_ANY, false, 0, 3 },
};
static sb_census_kind one_axis[] = {
    { "red", 1, 2, SB_AXIS_ROW, true, 1, 1 },
    { "car", 1, 2, SB_AXIS_ROW, false, 0, 2 },
    { "vcar", 2, 1, SB_AXIS_COL, false, 0, 2 },
    { "truck", 1, 3, SB_AXIS_ROW, false, 0, 1 },
};
/* tests/fuzz/corpus/fuzz_checkpoint/census3-*: tray 3 4, wall 0 3,
 * kind L #./## 1 marked, kind J .#/## 0..1 col cols 1..2,
 * kind unit 1x1 0..3, goal L 1 2. */
static uint8_t l_cells[] = { 1, 0, 1, 1 }, j_cells[] = { 0, 1, 1, 1 }, unit_cell[] = { 1 };
static sb_shape shapes[] = { { 2, 2, l_cells }, { 2, 2, j_cells }, { 1, 1, unit_cell } };
static sb_census_kind shaped[] = {
    { "L", 2, 2, SB_AXIS_ANY, true, 1, 1, false, 0, 0 },
    { "J", 2, 2, SB_AXIS_COL, false, 0, 1, true, 1, 2 },
    { "unit", 1, 1, SB_AXIS_ANY, false, 0, 3, false, 0, 0 },
};
static size_t goal_kind[] = { 0 };
static sb_block goal = { .row = 1, .col = 2, .height = 1, .width = 2 };
static sb_block shaped_goal = { .row = 1, .col = 2, .height = 2, .width = 2, .shape = 1 };
static const sb_census_spec censuses[NCENSUSES] = {
    { .rows = 3, .cols = 4, .walls = walls, .nkinds = 4, .kinds = rich, .min_empty = 2,
      .ngoals = 1, .goal_kind = goal_kind, .goals = &goal, .diameters = true },
    { .rows = 4, .cols = 4, .nkinds = 3, .kinds = plain, .min_empty = 2 },
    { .rows = 4, .cols = 4, .nkinds = 4, .kinds = one_axis, .ngoals = 1,
      .goal_kind = goal_kind, .goals = &goal, .keep = 2 },
    { .rows = 3, .cols = 4, .walls = walls, .nkinds = 3, .kinds = shaped, .kind_shapes = shapes,
      .ngoals = 1, .goal_kind = goal_kind, .goals = &shaped_goal },
};

static bool skip_every(void *ctx, size_t i)
{
    (void)ctx;
    (void)i;
    return true;
}

/* Census k's members, listed once (kept for the run: they never change). */
static const sb_census_report *members_of(size_t k)
{
    static sb_census_report listed[NCENSUSES];
    static bool made[NCENSUSES];
    if (!made[k]) {
        sb_census_hooks hooks = { .skip = skip_every };
        sb_error err;
        FUZZ_REQUIRE(sb_census(&censuses[k], NULL, &hooks, &listed[k], &err) == SB_OK,
                     "a census of the harness is refused");
        made[k] = true;
    }
    return &listed[k];
}

/* The members rep holds, as a checkpoint (malloc'd text, *len). */
static char *written(const sb_census_spec *spec, const sb_census_report *rep, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    FUZZ_REQUIRE(f != NULL, "open_memstream failed");
    bool ok = sb_checkpoint_header(f, HASH, SB_METRIC_LINE);
    for (size_t i = 0; ok && i < rep->nmembers; i++)
        if (rep->members[i].mapped)
            ok = sb_checkpoint_member(f, spec, i, &rep->members[i]);
    FUZZ_REQUIRE(ok && fclose(f) == 0, "writing a checkpoint failed");
    return text;
}

static sb_status read_back(const char *text, size_t len, const census_frame *frame,
                           sb_census_report *out, sb_error *err)
{
    char *copy = fuzz_copy((const uint8_t *)text, len);
    FILE *f = fmemopen(copy, len, "r");
    FUZZ_REQUIRE(f != NULL, "fmemopen failed");
    sb_status st = sb_checkpoint_read(f, len, "ck", HASH, SB_METRIC_LINE, frame, out, err);
    fclose(f);
    free(copy);
    return st;
}

/* What an accepted checkpoint promises. */
static void check_accepted(const census_frame *frame, const sb_census_report *got)
{
    const sb_census_spec *spec = frame->spec;
    for (size_t i = 0; i < got->nmembers; i++) {
        const sb_census_member *m = &got->members[i];
        if (!m->mapped)
            continue;
        for (size_t c = 0; c < m->ncomponents; c++)
            for (int which = 0; which < (m->hardest ? 2 : 1); which++) {
                sb_block *b = (which ? m->hardest : m->examples) + c * m->nblocks;
                sb_puzzle p = { spec->rows, spec->cols, m->nblocks, b, 0, NULL,
                                spec->kind_shapes ? spec->nkinds : 0, spec->kind_shapes,
                                spec->walls };
                sb_error err;
                FUZZ_REQUIRE(sb_puzzle_check(&p, &err) == SB_OK, "an accepted layout is no "
                             "legal puzzle");
            }
    }
    size_t len, again_len;
    char *text = written(spec, got, &len);
    sb_census_report back;
    sb_error err;
    FUZZ_REQUIRE(read_back(text, len, frame, &back, &err) == SB_OK,
                 "an accepted checkpoint, written again, is refused");
    char *again = written(spec, &back, &again_len);
    FUZZ_REQUIRE(again_len == len && memcmp(again, text, len) == 0,
                 "an accepted checkpoint does not write the same lines twice");
    size_t n = sb_census_to_words(got, spec->kind_shapes, NULL);
    uint64_t *w = malloc((n + 1) * sizeof *w);
    FUZZ_REQUIRE(w != NULL, "out of memory in the harness");
    sb_census_to_words(got, spec->kind_shapes, w);
    sb_census_report words;
    FUZZ_REQUIRE(sb_census_from_words(w, n, frame, &words, &err) == SB_OK,
                 "an accepted checkpoint's members do not go through words");
    sb_census_report_free(&words);
    free(w);
    sb_census_report_free(&back);
    free(again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t k = data[0] % NCENSUSES;
    census_frame frame = { &censuses[k], members_of(k) };
    sb_census_report got;
    sb_error err;
    memset(&err, 0x5a, sizeof err);   /* an unset message shows as junk */
    sb_status st = read_back((const char *)data + 1, size - 1, &frame, &got, &err);
    if (st == SB_OK) {
        check_accepted(&frame, &got);
        sb_census_report_free(&got);
        return 0;
    }
    FUZZ_REQUIRE(st == SB_EINPUT || st == SB_ELIMIT, "unexpected status");
    FUZZ_REQUIRE(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
    if (st == SB_EINPUT) {
        char where[32];
        snprintf(where, sizeof where, "ck:%ld: ", err.line);
        FUZZ_REQUIRE(err.line >= 1 && strncmp(err.msg, where, strlen(where)) == 0,
                     "message does not name the line");
    }
    FUZZ_REQUIRE(got.members == NULL && got.counts == NULL, "refused report not empty");
    return 0;
}
