/*
 * idastar.h - iterative-deepening A* over a space.  Internal to the engine.
 */
#ifndef SB_IDASTAR_H
#define SB_IDASTAR_H

#include "search/setup.h"

/* Searches from the space's root, depth first, to a cost bound that
 * starts at the root's estimate (sbi_setup_bound) and rises to the least
 * f = g + h that passed it, until a goal is reached within the bound: a
 * nearest goal, since the estimate is admissible.  Nothing is stored but
 * the path.  SB_OK with the moves in *sol; SB_UNSOLVABLE when an
 * iteration passes no node over its bound (every branch ended in a dead
 * end: on most puzzles cycles keep that from happening, and the search
 * runs on until a limit); SB_ELIMIT when the meter refused.  The
 * iterations' bounds and expansions go to stats.  Numbered tiles with a
 * pattern database (s->pdb, sbi_pdb_incremental) run on idastar.c's tile
 * walker; everything else on s's space. */
sb_status sbi_idastar(sb_setup *s, sb_solution *sol, sb_stats *stats);

#endif
