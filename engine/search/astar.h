/*
 * astar.h - A* over a space and a store.  Internal to the engine.
 */
#ifndef SB_ASTAR_H
#define SB_ASTAR_H

#include "search/setup.h"

/* Searches from the root (node 0 of st) with f = g + weight * h, h being
 * the space's bound (guided false) or its steering guess (guided true).
 * SB_OK with the goal's node id in *goal, SB_UNSOLVABLE when the space is
 * exhausted, SB_ELIMIT when the meter refused.  With weight 1 and the
 * bound the goal found is a nearest one. */
sb_status sbi_astar(sb_setup *s, sb_store *st, unsigned weight, bool guided, uint32_t *goal);

#endif
