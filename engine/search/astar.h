/*
 * astar.h - A* over a space and a store.  Internal to the engine.
 */
#ifndef SB_ASTAR_H
#define SB_ASTAR_H

#include "search/setup.h"

/* How much f = weight.g * g + weight.h * h makes of the moves made (g)
 * and of the estimate of those left (h): h counts weight.h / weight.g
 * times as much as g. */
typedef struct sb_weight { unsigned g, h; } sb_weight;

/* Searches from the root (node 0 of st) by f, h being the space's bound
 * (guided false) or its steering guess (guided true).  SB_OK with the
 * goal's node id in *goal, SB_UNSOLVABLE when the space is exhausted,
 * SB_ELIMIT when the meter refused.  With equal weights and the bound the
 * goal found is a nearest one; with the bound weighted w = h / g > 1, one
 * at most w times as far as the nearest (weighted A*: when it is taken,
 * an open node on a shortest path has f at most w times its length). */
sb_status sbi_astar(sb_setup *s, sb_store *st, sb_weight weight, bool guided, uint32_t *goal);

#endif
