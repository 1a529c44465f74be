/*
 * test_census_words.c - cli/census_words.c, what slide-explore-mpi sends
 * of a census, tested without MPI.  Two censuses (one with a wall, a
 * marked one-axis kind, a goal and diameters, on the graph path; one of
 * plain rectangles, on the census path; one of one-axis pieces with keep
 * 2, on the line path, whose large members shards hold in parts), each
 * split in 1 to 3 shards:
 * every shard to words and back gives the same words again, and the
 * rebuilt shards merged (sb_census_report_merge) give the words of the
 * whole census.  Then damaged words are refused without a crash: cut
 * short at every length, a member index out of range, a member sent
 * twice, a component count larger than the words could hold, words left
 * over, and a header of another census.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "census_words.h"
#include "slide_formats.h"
#include "unit.h"

/* The words of r (malloc'd; *n gets how many). */
static uint64_t *words_of(const sb_census_report *r, size_t *n)
{
    *n = sb_census_to_words(r, NULL);
    uint64_t *w = malloc((*n + 1) * sizeof *w);
    if (w)
        sb_census_to_words(r, w);
    return w;
}

/* Whether two reports give the same words but for the time (the
 * header's third word: a merge keeps the longest shard's, and nanoseconds
 * through a double need not come back to the same count). */
static bool same_words(const sb_census_report *a, const sb_census_report *b)
{
    size_t na, nb;
    uint64_t *wa = words_of(a, &na), *wb = words_of(b, &nb);
    if (wa && wb && na > 2 && nb > 2)
        wa[2] = wb[2] = 0;
    bool same = wa && wb && na == nb && memcmp(wa, wb, na * sizeof *wa) == 0;
    free(wa);
    free(wb);
    return same;
}

static void forget_peaks(sb_census_report *r)
{
    r->peak_bytes = 0;
    for (size_t i = 0; i < r->nmembers; i++)
        r->members[i].peak_bytes = 0;
}

/* spec's census in n shards, each through words and back, merged; the
 * members the shards hold in part (cut into parts, some elsewhere). */
static size_t check_round_trip(const char *name, const sb_census_spec *spec, unsigned n)
{
    size_t partial = 0;
    sb_options opts;
    sb_options_default(&opts);
    sb_census_report whole, shards[3], rebuilt[3];
    sb_error err;
    if (!CHECK_MSG(sb_census(spec, &opts, NULL, &whole, &err) == SB_OK, "%s: %s", name,
                   err.msg))
        return 0;
    unsigned made = 0;
    for (; made < n; made++) {
        opts.shard = made;
        opts.nshards = n;
        if (!CHECK_MSG(sb_census(spec, &opts, NULL, &shards[made], &err) == SB_OK,
                       "%s shard %u: %s", name, made, err.msg))
            break;
        for (size_t i = 0; i < shards[made].nmembers; i++)
            partial += shards[made].members[i].parts && !shards[made].members[i].mapped;
        size_t nw;
        uint64_t *w = words_of(&shards[made], &nw);
        sb_status st = w ? sb_census_from_words(w, nw, &whole, &rebuilt[made], &err)
                         : SB_ELIMIT;
        free(w);
        if (!CHECK_MSG(st == SB_OK, "%s shard %u of %u back from words: %s", name, made, n,
                       err.msg)) {
            sb_census_report_free(&shards[made]);
            break;
        }
        CHECK_MSG(same_words(&shards[made], &rebuilt[made]) &&
                      rebuilt[made].layouts == shards[made].layouts &&
                      rebuilt[made].ncomponents == shards[made].ncomponents,
                  "%s shard %u of %u: the rebuilt shard differs", name, made, n);
    }
    if (made == n) {
        sb_census_report merged;
        if (CHECK_MSG(sb_census_report_merge(rebuilt, n, &merged, &err) == SB_OK,
                      "%s: merge of %u: %s", name, n, err.msg)) {
            /* One thread cuts nothing, shards do: the peaks are the one
             * field that depends on the cutting. */
            forget_peaks(&merged);
            forget_peaks(&whole);
            CHECK_MSG(same_words(&merged, &whole) && merged.layouts == whole.layouts &&
                          merged.ncomponents == whole.ncomponents && whole.ncomponents > 0,
                      "%s: %u shards rebuilt and merged differ from the whole", name, n);
            sb_census_report_free(&merged);
        }
    }
    for (unsigned k = 0; k < made; k++) {
        sb_census_report_free(&shards[k]);
        sb_census_report_free(&rebuilt[k]);
    }
    sb_census_report_free(&whole);
    return partial;
}

/* Decodes n words of w against like; true when refused with SB_EINPUT
 * (and *out empty). */
static bool refused(const uint64_t *w, size_t n, const sb_census_report *like)
{
    sb_census_report out;
    sb_error err;
    sb_status st = sb_census_from_words(w, n, like, &out, &err);
    bool ok = st == SB_EINPUT && out.members == NULL && strstr(err.msg, "garbled");
    if (st == SB_OK)
        sb_census_report_free(&out);
    return ok;
}

/* Damaged words of spec's census are refused. */
static void check_damage(const char *name, const sb_census_spec *spec)
{
    sb_census_report whole;
    sb_error err;
    if (!CHECK_MSG(sb_census(spec, NULL, NULL, &whole, &err) == SB_OK, "%s: %s", name,
                   err.msg))
        return;
    /* A shard of one member: the one with the most components. */
    size_t pick = 0;
    for (size_t i = 0; i < whole.nmembers; i++)
        if (whole.members[i].ncomponents > whole.members[pick].ncomponents)
            pick = i;
    sb_census_report one = whole;
    one.members = calloc(whole.nmembers + 1, sizeof *one.members);
    if (!CHECK(one.members != NULL)) {
        sb_census_report_free(&whole);
        return;
    }
    memcpy(one.members, whole.members, whole.nmembers * sizeof *one.members);
    for (size_t i = 0; i < whole.nmembers; i++)
        one.members[i].mapped = i == pick;
    size_t n;
    uint64_t *w = words_of(&one, &n);
    uint64_t *twice = malloc((2 * n + 1) * sizeof *twice);
    if (CHECK(w && twice && n > 8 && whole.nmembers > 1)) {
        size_t cut_ok = 0;
        for (size_t len = 0; len < n; len++)
            cut_ok += refused(w, len, &whole);
        CHECK_MSG(cut_ok == n, "%s: %zu of %zu lengths cut short refused", name, cut_ok, n);
        /* The header and the member's first words: index, has_goal,
         * layouts, ncomponents. */
        uint64_t keep = w[3];
        w[3] = whole.nmembers;
        CHECK_MSG(refused(w, n, &whole), "%s: a member index out of range", name);
        w[3] = keep;
        keep = w[6];
        w[6] = (uint64_t)1 << 60;
        CHECK_MSG(refused(w, n, &whole), "%s: a component count past the words", name);
        w[6] = keep;
        memcpy(twice, w, n * sizeof *w);
        memcpy(twice + n, w + 3, (n - 3) * sizeof *w);
        twice[1] = 2;
        CHECK_MSG(refused(twice, 2 * n - 3, &whole), "%s: a member twice", name);
        twice[1] = 1;
        CHECK_MSG(refused(twice, 2 * n - 3, &whole), "%s: words left over", name);
        sb_census_report other = whole;
        other.nmembers = whole.nmembers - 1;
        CHECK_MSG(refused(w, n, &other), "%s: the header of another census", name);
        sb_census_report back;
        CHECK_MSG(sb_census_from_words(w, n, &whole, &back, &err) == SB_OK &&
                      same_words(&back, &one),
                  "%s: the words, mended, are not read back", name);
        if (back.members)
            sb_census_report_free(&back);
    }
    free(twice);
    free(w);
    free(one.members);
    sb_census_report_free(&whole);
}

int main(void)
{
    /* 3x4, a wall, a marked red car that slides along its row to a goal,
     * cars, talls and units in ranges, diameters: the graph path. */
    uint8_t walls[12] = { [3] = 1 };
    sb_census_kind rich[] = {
        { "red", 1, 2, SB_AXIS_ROW, true, 1, 1 },
        { "car", 1, 2, SB_AXIS_ROW, false, 0, 2 },
        { "tall", 2, 1, SB_AXIS_ANY, false, 0, 2 },
        { "unit", 1, 1, SB_AXIS_ANY, false, 0, 2 },
    };
    size_t goal_kind[] = { 0 };
    sb_block goal = { .row = 1, .col = 2, .height = 1, .width = 2 };
    sb_census_spec graph = { .rows = 3, .cols = 4, .walls = walls, .nkinds = 4, .kinds = rich,
                             .min_empty = 2, .ngoals = 1, .goal_kind = goal_kind,
                             .goals = &goal, .diameters = true };
    /* 4x4, plain rectangles, no goal: the census path. */
    sb_census_kind plain[] = {
        { "big", 2, 2, SB_AXIS_ANY, false, 1, 1 },
        { "wide", 1, 2, SB_AXIS_ANY, false, 0, 3 },
        { "unit", 1, 1, SB_AXIS_ANY, false, 0, 3 },
    };
    sb_census_spec bitmap = { .rows = 4, .cols = 4, .nkinds = 3, .kinds = plain,
                              .min_empty = 2 };
    /* 4x4, one-axis pieces, a goal, keep 2: the line path, which cuts its
     * largest members into parts that shards hold apart, each its own
     * best two components. */
    sb_census_kind one_axis[] = {
        { "red", 1, 2, SB_AXIS_ROW, true, 1, 1 },
        { "car", 1, 2, SB_AXIS_ROW, false, 0, 2 },
        { "vcar", 2, 1, SB_AXIS_COL, false, 0, 2 },
        { "truck", 1, 3, SB_AXIS_ROW, false, 0, 1 },
    };
    sb_census_spec lines = { .rows = 4, .cols = 4, .nkinds = 4, .kinds = one_axis,
                             .ngoals = 1, .goal_kind = goal_kind, .goals = &goal, .keep = 2 };
    for (unsigned n = 1; n <= 3; n++) {
        check_round_trip("graph census", &graph, n);
        check_round_trip("bitmap census", &bitmap, n);
        size_t partial = check_round_trip("line census", &lines, n);
        CHECK_MSG(n == 1 || partial > 0, "line census in %u shards: no member held in part", n);
    }
    check_damage("graph census", &graph);
    check_damage("bitmap census", &bitmap);
    return unit_finish("census_words");
}
