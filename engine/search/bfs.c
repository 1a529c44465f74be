/*
 * bfs.c - the breadth-first search's driver: the layer loop that every
 * walker runs under (bfs.h).
 */
#include <string.h>

#include "core/array.h"
#include "search/bfs.h"

void sbi_bfs_init(sb_bfs *run, sb_meter *m, bool stop_at_goal, bool profile,
                  uint64_t root_count, bool root_is_goal)
{
    memset(run, 0, sizeof *run);
    run->meter = m;
    run->stop_at_goal = stop_at_goal;
    run->profile = profile;
    run->reached = run->size = root_count;
    run->goals = root_is_goal ? root_count : 0;
}

/* Appends the size of the layer about to be expanded to the profile. */
static bool note_layer(sb_bfs *run)
{
    if (!run->profile)
        return true;
    if (!sbi_array_reserve(run->meter, &run->layer_sizes, &run->layers_cap, run->nlayers + 1,
                           sizeof *run->layer_sizes))
        return false;
    run->layer_sizes[run->nlayers++] = run->size;
    return true;
}

sb_status sbi_bfs_step(sb_bfs *run, const sb_bfs_walker *w, void *walker)
{
    run->meter->depth = run->depth;
    if (!note_layer(run))
        return SB_ELIMIT;
    run->next_size = 0;
    sb_status status = w->expand_layer(walker, run);
    if (status != SB_OK || run->at_goal)
        return status;
    if (!run->next_size) {
        run->exhausted = true;   /* nothing new: the current layer is the farthest */
        return run->stop_at_goal ? SB_UNSOLVABLE : SB_OK;
    }
    w->advance(walker);
    run->size = run->next_size;
    run->depth++;
    return SB_OK;
}

sb_status sbi_bfs_run(sb_bfs *run, const sb_bfs_walker *w, void *walker)
{
    sb_status status;
    do
        status = sbi_bfs_step(run, w, walker);
    while (status == SB_OK && !run->at_goal && !run->exhausted);
    return status;
}

void sbi_bfs_free(sb_bfs *run)
{
    sbi_array_free(run->meter, &run->layer_sizes, &run->layers_cap, sizeof *run->layer_sizes);
    run->nlayers = 0;
}
