/*
 * path.h - turning the chain of parent links that ends at a goal into the
 * straight slides `slide` prints.  Internal to the engine.
 */
#ifndef SB_PATH_H
#define SB_PATH_H

#include "spaces/space.h"
#include "stores/store.h"

/* Follows parents from node `goal` back to the root and writes the moves
 * from root to goal into *sol (owned by the caller).  A piece move (one
 * block along a bent path) becomes several straight slides.  SB_OK or
 * SB_ELIMIT (memory). */
sb_status sbi_path_read(const sb_space *sp, sb_scratch *w, const sb_store *st, uint32_t goal,
                        sb_solution *sol);

/* The same from the n keys (sp->key_size bytes each) of the path's
 * configurations, root first.  w is a scratch for sp (the bitboard's may
 * be NULL: decoding it needs none). */
sb_status sbi_path_from_keys(const sb_space *sp, sb_scratch *w, const unsigned char *keys, size_t n,
                             sb_solution *sol);

#endif
