/*
 * reach.c - the space behind one puzzle (sb_explore): everything
 * reachable from INIT, counted layer by layer under a metric.
 *
 * It is the breadth-first search of solving with nothing to stop at: the
 * same setup (search/setup.c), the same driver and walkers (search/bfs.c),
 * so it picks representations, counts memory and gives up exactly as
 * solving does.  The driver keeps the profile of configurations per
 * depth; the walker's last layer gives the farthest example.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "explore/ranked_walk.h"
#include "search/setup.h"

/* Bytes a table walk is taken to need per configuration (a key and its
 * slot at the table's load), to tell when it would not fit the limit. */
enum { TABLE_BYTES_EACH = 16 };

/* Whether to walk at two bits a rank: when asked, or under AUTO when a
 * numbering takes the space (numbered tiles, or rectangles by their layout
 * rank) and a table of every rank would pass the bytes limit while the
 * marks would not.  For tiles every rank is a configuration; a layout
 * rank is sparse (Klotski: 415,800 ranks, 65,880 layouts, 25,955
 * reachable), so for blocks this overstates the table and AUTO takes the
 * marks under a limit the table might have met.  The ranking's own
 * tables are small beside the marks and not counted here. */
static bool ranked_wanted(const sb_setup *s, const sb_options *opts)
{
    uint64_t ranks, bytes, max = opts->limits.max_bytes;
    if (opts->walk == SB_WALK_RANKED)
        return true;
    return opts->walk == SB_WALK_AUTO && max && sbi_ranked_fits(s, &ranks, &bytes) &&
           ranks && ranks > max / TABLE_BYTES_EACH && bytes < max;
}

/* Fills r from a finished walk. */
static sb_status report(sb_setup *s, sb_bfs *run, const sb_bfs_walker *w, void *walker,
                        sb_explore_report *r)
{
    const sb_space *sp = s->space;
    r->reachable = run->reached;
    r->farthest = run->depth;
    for (unsigned d = 0; d <= run->depth; d++)
        if (run->layer_sizes[d] > r->widest) {
            r->widest = run->layer_sizes[d];
            r->widest_depth = d;
        }
    r->goal_count = run->goals;
    r->nearest_goal = run->nearest_goal;
    r->nblocks = sp->cat->nblocks;
    r->far_example = calloc(r->nblocks + 1, sizeof *r->far_example);
    if (!r->far_example) {
        s->meter.hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    sp->ops->decode(sp, s->scratch, w->layer_key(walker), r->far_example);
    /* The profile becomes the report's. */
    r->per_depth = run->layer_sizes;
    sbi_meter_release(&s->meter, run->layers_cap * sizeof *run->layer_sizes);
    run->layer_sizes = NULL;
    run->layers_cap = run->nlayers = 0;
    return SB_OK;
}

sb_status sb_explore(const sb_puzzle *p, const sb_options *opts, sb_explore_report *out,
                     sb_error *err)
{
    sb_options defaults;
    sb_status bad = sbi_call_check("sb_explore", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sbi_options_or_default(opts, &defaults);
    sb_setup s;
    sb_bfs run = { 0 };
    const sb_bfs_walker *w = NULL;
    void *walker = NULL;
    sb_status status = sbi_setup_begin(&s, p, opts, err);
    if (status == SB_OK) {
        out->metric = opts->metric;
        out->path = s.path;
        out->has_goal = p->ngoals > 0;
        if (ranked_wanted(&s, opts)) {
            status = sbi_ranked_explore(&s, opts, NULL, out, err);
        } else {
            status = sbi_setup_walker(&s, false, true, &run, &w, &walker);
            out->walk = s.walk;
            if (status == SB_OK)
                status = sbi_bfs_run(&run, w, walker);
            if (status == SB_OK)
                status = report(&s, &run, w, walker, out);
        }
        if (!out->has_goal)
            out->goal_count = out->nearest_goal = 0;
        if (status == SB_ELIMIT && !s.err_filled)
            sbi_meter_fail(&s.meter, err);
        out->peak_bytes = s.meter.peak;
        out->seconds = sbi_clock() - s.meter.start;
    }
    if (walker)
        w->free(walker);
    sbi_bfs_free(&run);
    sbi_setup_end(&s);
    if (status != SB_OK)
        sb_explore_report_free(out);
    return status;
}

void sb_explore_report_free(sb_explore_report *r)
{
    if (!r)
        return;
    free(r->per_depth);
    free(r->far_example);
    memset(r, 0, sizeof *r);
}
