/*
 * bidir.h - bidirectional breadth-first search (bidir.c).  Internal to the
 * engine.
 */
#ifndef SB_BIDIR_H
#define SB_BIDIR_H

#include "search/setup.h"

/* Searches from both ends of s's puzzle p, whose goal must be whole
 * (sbi_setup_goal_is_whole), and writes a shortest solution to *sol.
 * SB_OK, SB_UNSOLVABLE or SB_ELIMIT, err filled for the latter two.
 * meter->stored counts both sides; *held is what the search held when it
 * ended, before letting go of it. */
sb_status sbi_bidir(sb_setup *s, const sb_puzzle *p, sb_solution *sol, size_t *held,
                    sb_error *err);

#endif
