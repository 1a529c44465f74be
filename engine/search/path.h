/*
 * path.h - turning the chain of parent links that ends at a goal into the
 * straight slides `slide` prints.  Internal to the engine.
 */
#ifndef SB_PATH_H
#define SB_PATH_H

#include "spaces/space.h"

/* Follows parents from node `goal` back to the root and writes the moves
 * from root to goal into *sol (owned by the caller).  A piece move (one
 * block along a bent path) becomes several straight slides.  SB_OK or
 * SB_ELIMIT (memory). */
sb_status sb_path_read(sb_space *sp, const sb_store *st, uint32_t goal, sb_solution *sol);

/* The same from the n keys (sp->key_size bytes each) of the path's
 * configurations, root first. */
sb_status sb_path_from_keys(sb_space *sp, const unsigned char *keys, size_t n, sb_solution *sol);

#endif
