/*
 * fuzz_census_spec.c - libFuzzer harness for the census SPEC reader
 * (formats/census_spec.c), fed through fmemopen as slide-explore --census
 * reads a file.
 *
 * Input: the SPEC's text.  Beyond no crash, leak or undefined behaviour,
 * it holds the reader to its contract: a refusal is SB_EINPUT (SB_ELIMIT
 * out of memory) with a message that starts "SPEC:LINE: " (or "SPEC: "
 * for what no line holds, such as a missing tray) and a zeroed spec; an
 * accepted SPEC is in range everywhere (the tray, each kind's size, shape,
 * counts and pin, every goal inside the tray and its cells off the
 * walls), and when its
 * members are few enough to list at once, sb_census takes it (every
 * member skipped, so nothing is mapped): no SPEC error reaches a user
 * from sb_census, without its line.
 */
#include "fuzz_common.h"
#include "parse.h"
#include "sb_format.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool skip_every(void *ctx, size_t i)
{
    (void)ctx;
    (void)i;
    return true;
}

/* At most how many count vectors the odometer over s's kinds turns
 * through (each kind min..max, as many as fit), saturating. */
static double odometer_steps(const sb_census_spec *s)
{
    double steps = 1, cells = (double)s->rows * s->cols;
    for (size_t k = 0; k < s->nkinds; k++) {
        double piece = 0;
        for (int i = 0; i < s->kinds[k].height * s->kinds[k].width; i++)
            piece += !s->kind_shapes || s->kind_shapes[k].cells[i];
        double most = s->kinds[k].max, fit = cells / piece;
        steps *= (most < fit ? most : fit) - s->kinds[k].min + 1;
    }
    return steps;
}

/* Everything an accepted SPEC promises. */
static void check_accepted(const sb_census_spec *s)
{
    FUZZ_REQUIRE(s->rows > 0 && s->cols > 0 && (long)s->rows * s->cols <= SB_MAX_CELLS &&
                     s->walls, "accepted tray out of range");
    FUZZ_REQUIRE(s->nkinds >= 1 && s->nkinds <= 64 && s->kinds, "accepted kinds out of range");
    for (size_t k = 0; k < s->nkinds; k++) {
        const sb_census_kind *kind = &s->kinds[k];
        FUZZ_REQUIRE(kind->height >= 1 && kind->width >= 1 && kind->height <= s->rows &&
                         kind->width <= s->cols && kind->min <= kind->max &&
                         kind->max <= SB_MAX_CELLS && memchr(kind->name, '\0', sizeof kind->name),
                     "accepted kind out of range");
        if (kind->pinned) {
            int lines = kind->axis == SB_AXIS_ROW ? s->rows : s->cols;
            FUZZ_REQUIRE(kind->axis != SB_AXIS_ANY && kind->pin_first >= 0 &&
                             kind->pin_first <= kind->pin_last && kind->pin_last < lines,
                         "accepted pin out of range");
        }
    }
    /* kind_shapes: none, or every kind's, 4-connected in its tight box. */
    sb_puzzle shapes = { .rows = s->rows, .cols = s->cols,
                         .nshapes = s->kind_shapes ? s->nkinds : 0, .shapes = s->kind_shapes };
    for (size_t k = 0; k < shapes.nshapes; k++) {
        sb_block b = { 0, 0, s->kinds[k].height, s->kinds[k].width, (int)k + 1, 0,
                       SB_AXIS_ANY, 0 };
        b.col = sb_block_anchor_offset(&shapes, &b);
        sb_puzzle one = shapes;
        one.nblocks = 1;
        one.blocks = &b;
        sb_error why;
        FUZZ_REQUIRE(s->kind_shapes[k].height == b.height && s->kind_shapes[k].width == b.width &&
                         sb_puzzle_check(&one, &why) == SB_OK,
                     "accepted shape is no 4-connected shape of its kind's box");
    }
    for (size_t g = 0; g < s->ngoals; g++) {
        const sb_block *at = &s->goals[g];
        FUZZ_REQUIRE(s->goal_kind[g] < s->nkinds && at->shape >= 0 &&
                         (size_t)at->shape <= shapes.nshapes, "accepted goal of no kind");
        int left = at->col - sb_block_anchor_offset(&shapes, at);
        FUZZ_REQUIRE(at->row >= 0 && left >= 0 && at->row + at->height <= s->rows &&
                         left + at->width <= s->cols, "accepted goal out of range");
        for (int y = 0; y < at->height; y++)
            for (int x = 0; x < at->width; x++)
                FUZZ_REQUIRE(!sb_block_covers(&shapes, at, at->row + y, left + x) ||
                                 !s->walls[(size_t)(at->row + y) * (size_t)s->cols +
                                           (size_t)(left + x)],
                             "accepted goal on a wall");
    }
    if (odometer_steps(s) > 20000)
        return;
    sb_census_hooks hooks = { .skip = skip_every };
    sb_census_report members;
    sb_error err;
    sb_status st = sb_census(s, NULL, &hooks, &members, &err);
    FUZZ_REQUIRE(st != SB_EINPUT, "sb_census refuses a SPEC the reader accepted");
    if (st == SB_OK)
        sb_census_report_free(&members);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_copy(data, size);
    FILE *f = fmemopen(text, size, "r");
    FUZZ_REQUIRE(f != NULL, "fmemopen failed");
    sb_census_spec spec;
    sb_error err;
    memset(&err, 0x5a, sizeof err);   /* an unset message shows as junk */
    sb_status st = sbi_fmt_read_census_stream(f, "SPEC", &spec, &err);
    fclose(f);
    if (st == SB_OK) {
        check_accepted(&spec);
    } else {
        FUZZ_REQUIRE(st == SB_EINPUT || st == SB_ELIMIT, "unexpected status");
        FUZZ_REQUIRE(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
        FUZZ_REQUIRE(strncmp(err.msg, "SPEC:", 5) == 0, "message does not name the file");
        if (err.line > 0) {
            char where[32];
            snprintf(where, sizeof where, "SPEC:%ld: ", err.line);
            FUZZ_REQUIRE(strncmp(err.msg, where, strlen(where)) == 0,
                         "message's line is not the record's");
        }
        FUZZ_REQUIRE(spec.kinds == NULL && spec.walls == NULL && spec.goals == NULL &&
                         spec.kind_shapes == NULL, "refused spec not zeroed");
    }
    sb_census_spec_free(&spec);
    free(text);
    return 0;
}
