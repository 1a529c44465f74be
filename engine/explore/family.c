/*
 * family.c - the layouts and components of a whole family of
 * piece sets (sb_family): INIT's pieces stay, but for its plain 1x1, 1x2
 * and 2x1 blocks (interchangeable rectangles that slide both ways), and
 * every mix of those three around them is a member.  Pieces of any other
 * shape, marked or grouped pieces, one-axis pieces and walls are the
 * fixed part, like Klotski's 2x2.
 *
 * Each member is mapped on its own by sb_map_pieces without diameters, so
 * memory is that of the largest member, not of the family.  Members keep
 * at least INIT's number of empty cells: fewer would not be the same kind
 * of puzzle (Klotski's family leaves two).
 *
 * Invariant: members come by units, then wides, then talls, and each
 * member's classes are the fixed ones followed by 1x1, 1x2, 2x1 (those it
 * has), so its layouts are numbered as for a puzzle file listing them so.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

/* Appends one member's counts to out.  false out of memory. */
static bool add_member(sb_family_report *out, size_t *cap, sb_family_member m)
{
    if (out->nmembers == *cap) {
        *cap *= 2;
        sb_family_member *grown = realloc(out->members, *cap * sizeof *grown);
        if (!grown)
            return false;
        out->members = grown;
    }
    out->members[out->nmembers++] = m;
    out->layouts += m.layouts;
    out->ncomponents += m.ncomponents;
    return true;
}

/* A plain h x w block: a rectangle of group 0 that slides both ways. */
static sb_block plain(int h, int w)
{
    return (sb_block){ 0, 0, h, w, 0, 0, SB_AXIS_ANY, 0 };
}

/* Adds n plain h x w blocks to pc, if any; the caller has left room. */
static void add_blocks(sb_pieces *pc, int h, int w, uint32_t n)
{
    sb_block b = plain(h, w);
    if (n)
        pc->count[sb_pieces_class(pc, &b)] = n;
}

/* Whether class s of pc is one of the three that vary. */
static bool varies(const sb_pieces *pc, int s)
{
    static const int sizes[3][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 } };
    for (int k = 0; k < 3; k++) {
        sb_block b = plain(sizes[k][0], sizes[k][1]);
        if (sb_block_same_class(pc->source, &pc->proto[s], &b))
            return true;
    }
    return false;
}

sb_status sb_family(const sb_puzzle *p, const sb_options *opts, sb_family_report *out,
                    sb_error *err)
{
    sb_options defaults;
    sb_status bad = sb_call_check("sb_family", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sb_options_or_default(opts, &defaults);
    double t0 = sb_clock();
    sb_pieces base;
    sb_status status = sb_pieces_of(p, &base, err);
    if (status != SB_OK)
        return status;
    /* The fixed part: every class but the three small plain ones. */
    sb_pieces fixed = base;
    fixed.nclasses = 0;
    uint32_t free_cells = base.empties;
    for (int s = 0; s < base.nclasses; s++) {
        if (!varies(&base, s)) {
            if (fixed.nclasses == SB_MAX_CLASSES - 3)
                return sb_fail(err, SB_EINPUT, "a family keeps at most %d classes of "
                               "pieces besides the 1x1, 1x2 and 2x1 blocks; this puzzle has "
                               "more", SB_MAX_CLASSES - 3);
            fixed.proto[fixed.nclasses] = base.proto[s];
            fixed.count[fixed.nclasses++] = base.count[s];
            continue;
        }
        free_cells += (uint32_t)(base.proto[s].height * base.proto[s].width) * base.count[s];
    }
    size_t cap = 64;
    out->members = malloc(cap * sizeof *out->members);
    if (!out->members)
        return sb_fail(err, SB_ELIMIT, "out of memory");
    uint32_t room = free_cells - base.empties;
    for (uint32_t units = 0; units <= room; units++)
        for (uint32_t wides = 0; units + 2 * wides <= room; wides++)
            for (uint32_t talls = 0; units + 2 * (wides + talls) <= room; talls++) {
                sb_pieces pc = fixed;
                add_blocks(&pc, 1, 1, units);
                add_blocks(&pc, 1, 2, wides);
                add_blocks(&pc, 2, 1, talls);
                pc.empties = free_cells - units - 2 * (wides + talls);
                /* Each member has its own meter; the deadline is the family's. */
                sb_options member = *opts;
                if (opts->limits.max_seconds > 0) {
                    member.limits.max_seconds -= sb_clock() - t0;
                    if (member.limits.max_seconds <= 0)
                        member.limits.max_seconds = 1e-9;
                }
                sb_piece_map res;
                status = sb_map_pieces(&pc, SB_METRIC_UNIT, false, false, &member, NULL, 0,
                                       &res, err);
                if (status == SB_ELIMIT && err && err->limit == SB_LIMIT_SECONDS)
                    err->limit_value = opts->limits.max_seconds;
                if (status != SB_OK) {
                    sb_family_report_free(out);
                    return status;
                }
                free(res.components);
                if (!add_member(out, &cap, (sb_family_member){
                        units, wides, talls, res.layouts, res.ncomponents })) {
                    sb_family_report_free(out);
                    return sb_fail(err, SB_ELIMIT, "out of memory");
                }
                if (res.peak > out->peak_bytes)
                    out->peak_bytes = res.peak;
            }
    out->seconds = sb_clock() - t0;
    return SB_OK;
}

void sb_family_report_free(sb_family_report *r)
{
    if (!r)
        return;
    free(r->members);
    memset(r, 0, sizeof *r);
}
