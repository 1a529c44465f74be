/*
 * bfs.h - the breadth-first search, written once: the driver (bfs.c) runs
 * the layers; a *walker* expands one layer at a time.  Internal to the
 * engine.
 *
 * The driver holds what every breadth-first search of the engine shares:
 * the layer loop, the depth, the profile of configurations per depth, the
 * goals met, when to stop.  Limits, memory and progress are the meter's
 * (core/meter.h), which walkers tick once per expansion.  A walker holds
 * what differs: how configurations are kept and how their neighbours are
 * found.  Five exist:
 *
 *   bfs_store.c             any space, with a store (node ids are the queue)
 *   bfs_bitboard.c          the bitboard (64- and 128-bit images): the move
 *                           generator fed straight into a table of seen
 *                           images, stores/seen.h (the fast path)
 *   bfs_frontier_walk.h     the same images, made in bfs_bitboard.c: only
 *                           the last layers kept, as sorted arrays in memory
 *                           or as entries of a spill (frontier search, and
 *                           layers on disk)
 *   explore/graph.c         a graph already built (the layouts of a piece
 *                           set): distances in an array
 *   explore/lines.c         a skeleton's layouts numbered in mixed radix: the
 *                           search from every goal layout at once
 *
 * Solving, exploring, measuring diameters and distances to a goal all
 * run sbi_bfs_run with one of them (splitting components, which needs no
 * distances, is explore/walk.h's).
 *
 * Invariant: when expand_layer starts, the walker's current layer holds
 * every configuration at distance `depth` and nothing else is unexpanded;
 * each configuration is met (counted in reached, tested for the goal)
 * once, when it is first stored.
 */
#ifndef SB_BFS_H
#define SB_BFS_H

#include "core/meter.h"

typedef struct sb_bfs sb_bfs;

typedef struct sb_bfs_walker {
    /* Expands every configuration of the current layer (at run->depth),
     * storing each new child in the next layer and telling the driver
     * with sbi_bfs_met; ticks run->meter once per expansion.  Returns
     * SB_OK, or SB_ELIMIT when the meter refused; stops early, with
     * SB_OK, when sbi_bfs_met says so. */
    sb_status (*expand_layer)(void *walker, sb_bfs *run);
    /* Makes the next layer the current one. */
    void (*advance)(void *walker);
    /* After a goal was met: the moves from the root to it, into *sol
     * (owned by the caller).  SB_OK or SB_ELIMIT (memory).  NULL for a
     * walker that never looks for a goal. */
    sb_status (*path)(void *walker, const sb_bfs *run, sb_solution *sol);
    /* A key of the current layer (NULL as for path). */
    const void *(*layer_key)(void *walker);
    void (*free)(void *walker);
} sb_bfs_walker;

struct sb_bfs {
    sb_meter *meter;          /* limits, memory, progress (not owned) */
    bool stop_at_goal;        /* solve: stop at the first goal met; explore: count them */
    bool profile;             /* keep layer_sizes */
    unsigned depth;           /* the layer being expanded */
    uint64_t reached;         /* configurations met, the root's included */
    uint64_t size;            /* configurations in the layer being expanded */
    uint64_t next_size;       /* configurations met in the layer being made */
    uint64_t goals;           /* goal configurations met */
    unsigned nearest_goal;    /* the depth of the first (goals > 0) */
    bool at_goal;             /* stopped at a goal */
    bool exhausted;           /* the last layer expanded had no new child */
    uint64_t *layer_sizes;    /* configurations per depth, nlayers of them (profile) */
    size_t nlayers, layers_cap;
};

/* Prepares run: the root (standing for root_count configurations, a
 * folded mirror pair counting two) is met at depth 0. */
void sbi_bfs_init(sb_bfs *run, sb_meter *m, bool stop_at_goal, bool profile,
                  uint64_t root_count, bool root_is_goal);

/* Walks layer by layer from the root, which the walker holds as its
 * current layer.  SB_OK when it stopped at a goal (run->at_goal) or, without
 * stop_at_goal, when the space was exhausted; SB_UNSOLVABLE when it was
 * exhausted looking for a goal; SB_ELIMIT when the meter refused (its hit
 * says which limit).  On return run->depth is the layer being expanded
 * when it stopped; exhausted, the last layer, which the walker then holds
 * as its current one. */
sb_status sbi_bfs_run(sb_bfs *run, const sb_bfs_walker *w, void *walker);

/* One layer of sbi_bfs_run, for a caller that interleaves two searches
 * (bidirectional BFS): expands the current layer and makes the next one
 * current.  Returns as sbi_bfs_run would have stopped there (run->at_goal
 * or run->exhausted set), or SB_OK with neither set to go on. */
sb_status sbi_bfs_step(sb_bfs *run, const sb_bfs_walker *w, void *walker);

/* Tells the driver a configuration standing for `count` was stored in the
 * next layer, and whether it is a goal.  True when the walker should stop
 * (a goal, and stop_at_goal). */
static inline bool sbi_bfs_met(sb_bfs *run, uint64_t count, bool goal)
{
    run->reached += count;
    run->next_size += count;
    if (!goal)
        return false;
    if (!run->goals)
        run->nearest_goal = run->depth + 1;
    run->goals += count;
    run->at_goal = run->stop_at_goal;
    return run->at_goal;
}

void sbi_bfs_free(sb_bfs *run);

#endif
