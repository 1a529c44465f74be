/*
 * corner.c - a placeholder until the corner-to-corner walk is merged: it
 * refuses every piece set, so the census of every piece set with the
 * corner goal fails with a clear message rather than a wrong table.
 */
#include "explore/corner.h"

sb_status sbi_corner_hardest(const sb_pieces *pc, sb_metric metric, sb_meter *m,
                             sb_corner_result *out, sb_error *err)
{
    (void)pc;
    (void)metric;
    (void)m;
    *out = (sb_corner_result){ SB_DISTANCE_NONE, 0, NULL, 0 };
    return sbi_fail(err, SB_EINPUT, "the corner-to-corner walk is not built yet");
}

void sbi_corner_result_free(sb_corner_result *r, sb_meter *m)
{
    if (r && r->start)
        sbi_meter_free(m, r->start, r->nblocks * sizeof *r->start);
    if (r)
        r->start = NULL;
}
