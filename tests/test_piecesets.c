/*
 * test_piecesets.c - the census of every piece set through the library
 * (slide_map.h): the counting memo (sb_census_fills) against the
 * published counts of the 4x4 and 5x4 trays and against the listing of
 * piece sets (sb_census_piecesets), which walks every fill without a
 * memo, on small trays with walls and bounds; the specs both refuse.
 * Part "corner" (the corner-to-corner walk, corner.c): the same report
 * for one thread, two, and three shards merged.  tests/piecesets.sh
 * checks the listing against a brute force of its own.
 */
#include "unit.h"

#include "slide_map.h"

static sb_census_spec any_spec(int rows, int cols)
{
    return (sb_census_spec){ .rows = rows, .cols = cols, .any_pieces = true };
}

/* Published: Bickford, "Sliding Block Puzzles, Part 3" (2012). */
static void published(void)
{
    sb_census_spec s = any_spec(4, 4);
    uint64_t fills = 0, by[21];
    sb_error e;
    CHECK(sb_census_fills(&s, NULL, &fills, by, &e) == SB_OK && fills == 55807716);
    s = any_spec(5, 4);
    CHECK(sb_census_fills(&s, NULL, &fills, NULL, &e) == SB_OK && fills == 6904653755ULL);
    s = any_spec(4, 5);   /* the tray turned: the same fills */
    CHECK(sb_census_fills(&s, NULL, &fills, NULL, &e) == SB_OK && fills == 6904653755ULL);
}

/* The memo's fills by pieces are the listing's, member by member summed. */
static void memo_against_listing(int rows, int cols, const uint8_t *walls, uint32_t piece_cells,
                                 uint32_t lo, uint32_t hi, uint32_t empty)
{
    sb_census_spec s = any_spec(rows, cols);
    s.walls = (uint8_t *)(uintptr_t)walls;
    s.piece_cells = piece_cells;
    s.min_pieces = lo;
    s.max_pieces = hi;
    s.min_empty = empty;
    uint64_t fills = 0, by[17] = { 0 }, listed[17] = { 0 };
    sb_error e;
    sb_pieceset_report r;
    if (!CHECK(sb_census_fills(&s, NULL, &fills, by, &e) == SB_OK) ||
        !CHECK_MSG(sb_census_piecesets(&s, NULL, NULL, &r, &e) == SB_OK, "%s", e.msg))
        return;
    uint64_t sum = 0;
    for (size_t i = 0; i < r.nmembers; i++) {
        const sb_pieceset_member *m = &r.members[i];
        uint32_t pieces = 0, cells = 0;
        for (size_t k = m->first; k < m->first + m->nshapes; k++) {
            const sb_shape *sh = &r.shapes[r.set_shapes[k]];
            uint32_t n = 0;
            for (int c = 0; c < sh->height * sh->width; c++)
                n += sh->cells[c];
            pieces += r.set_counts[k];
            cells += n * r.set_counts[k];
            CHECK(!piece_cells || n <= piece_cells);
        }
        CHECK(pieces == m->pieces && m->holes >= empty && (!hi || (lo <= pieces && pieces <= hi)));
        CHECK(!m->mapped && m->hardest_moves == SB_DISTANCE_NONE && !m->start);
        CHECK(cells + m->holes + (walls ? 1u : 0u) == (uint32_t)(rows * cols));
        listed[m->pieces] += m->fills;
        sum += m->fills;
    }
    CHECK(sum == fills && r.fills == fills);
    for (int k = 0; k <= rows * cols; k++)
        CHECK_MSG(listed[k] == by[k], "%d pieces: listed %llu, counted %llu", k,
                  (unsigned long long)listed[k], (unsigned long long)by[k]);
    sb_pieceset_report_free(&r);
}

static void refused(void)
{
    sb_census_spec s = any_spec(3, 3);
    sb_census_report cen;
    sb_pieceset_report r;
    sb_error e;
    CHECK(sb_census(&s, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "sb_census_piecesets"));
    sb_census_kind kind = { "a", 1, 1, SB_AXIS_ANY, false, 0, 2 };
    s.nkinds = 1;
    s.kinds = &kind;
    CHECK(sb_census_piecesets(&s, NULL, NULL, &r, &e) == SB_EINPUT && strstr(e.msg, "no kinds"));
    s.any_pieces = false;
    s.corner_goal = true;
    CHECK(sb_census(&s, NULL, NULL, &cen, &e) == SB_EINPUT && strstr(e.msg, "any_pieces"));
    s = any_spec(3, 3);
    s.min_pieces = 3;
    s.max_pieces = 2;
    CHECK(sb_census_piecesets(&s, NULL, NULL, &r, &e) == SB_EINPUT && strstr(e.msg, "least"));
    s = any_spec(7, 7);
    uint64_t fills;
    CHECK(sb_census_fills(&s, NULL, &fills, NULL, &e) == SB_EINPUT && strstr(e.msg, "48"));
}

/* A count past 2^64 is refused, not wrapped: the 6x8 tray's fills by
 * pieces of at most two cells (each cell a hole, a monomino or half a
 * domino) are about 1.16e20, more than 2^64 (a transfer matrix over the
 * columns counts them). */
static void overflow(void)
{
    sb_census_spec s = any_spec(6, 8);
    s.piece_cells = 2;
    uint64_t fills = 0, by[49];
    sb_error e;
    CHECK_MSG(sb_census_fills(&s, NULL, &fills, by, &e) == SB_ELIMIT &&
              strstr(e.msg, "2^64"), "%s", e.msg);
    s = any_spec(2, 8);   /* the same pieces, a count that fits */
    s.piece_cells = 2;
    CHECK_MSG(sb_census_fills(&s, NULL, &fills, by, &e) == SB_OK && fills > 0, "%s", e.msg);
}

static void counts(void)
{
    published();
    overflow();
    const uint8_t wall_3x3[9] = { 0, 0, 0, 0, 1, 0, 0, 0, 0 };
    memo_against_listing(3, 3, NULL, 0, 0, 0, 0);
    memo_against_listing(3, 3, wall_3x3, 0, 0, 0, 0);
    memo_against_listing(3, 3, wall_3x3, 3, 0, 0, 0);
    memo_against_listing(3, 3, NULL, 0, 2, 4, 1);
    memo_against_listing(3, 4, NULL, 4, 3, 5, 2);
    refused();
}

static bool same_block(const sb_block *a, const sb_block *b)
{
    return a->row == b->row && a->col == b->col && a->height == b->height &&
           a->width == b->width && a->shape == b->shape && a->group == b->group &&
           a->axis == b->axis;
}

/* Two reports of one census alike: members, distances and starts. */
static bool same_report(const sb_pieceset_report *a, const sb_pieceset_report *b)
{
    if (a->nmembers != b->nmembers || a->fills != b->fills)
        return false;
    for (size_t i = 0; i < a->nmembers; i++) {
        const sb_pieceset_member *x = &a->members[i], *y = &b->members[i];
        if (x->mapped != y->mapped || x->hardest_moves != y->hardest_moves ||
            x->nblocks != y->nblocks || !x->start != !y->start)
            return false;
        for (size_t k = 0; x->start && k < x->nblocks; k++)
            if (!same_block(&x->start[k], &y->start[k]))
                return false;
    }
    return true;
}

/* Runs after the corner-to-corner walk is merged (corner.c). */
static void corner(void)
{
    const uint8_t walls[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0 };
    const struct { int rows, cols; const uint8_t *walls; } trays[] = {
        { 3, 3, NULL }, { 3, 4, walls }, { 2, 3, NULL } };
    for (size_t t = 0; t < sizeof trays / sizeof trays[0]; t++) {
        sb_census_spec s = any_spec(trays[t].rows, trays[t].cols);
        s.walls = (uint8_t *)(uintptr_t)trays[t].walls;
        s.corner_goal = true;
        s.max_pieces = 5;
        s.min_pieces = 1;
        sb_options o;
        sb_options_default(&o);
        o.metric = SB_METRIC_PIECE;
        sb_pieceset_report one, two, shard[3], merged;
        sb_error e;
        if (!CHECK_MSG(sb_census_piecesets(&s, &o, NULL, &one, &e) == SB_OK, "%s", e.msg))
            continue;
        o.threads = 2;
        CHECK(sb_census_piecesets(&s, &o, NULL, &two, &e) == SB_OK && same_report(&one, &two));
        o.threads = 1;
        o.nshards = 3;
        bool ok = true;
        for (unsigned k = 0; k < 3; k++) {
            o.shard = k;
            ok &= CHECK(sb_census_piecesets(&s, &o, NULL, &shard[k], &e) == SB_OK);
        }
        if (ok && CHECK(sb_pieceset_report_merge(shard, 3, &merged, &e) == SB_OK)) {
            CHECK(same_report(&one, &merged));
            sb_pieceset_report_free(&merged);
        }
        CHECK(sb_pieceset_report_merge(shard, 2, &merged, &e) == SB_EINPUT);   /* one missing */
        for (unsigned k = 0; ok && k < 3; k++)
            sb_pieceset_report_free(&shard[k]);
        sb_pieceset_report_free(&one);
        sb_pieceset_report_free(&two);
    }
}

int main(int argc, char **argv)
{
    static const unit_part parts[] = { { "counts", counts }, { "corner", corner } };
    return unit_run_parts("test_piecesets", argc, argv, parts, sizeof parts / sizeof parts[0]);
}
