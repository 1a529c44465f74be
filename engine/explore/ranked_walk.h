/*
 * ranked_walk.h - the reachable walk at two bits a configuration, for
 * spaces with a dense numbering (ranked_walk.c says how).  Internal to
 * the engine: reach.c calls it for sb_explore; the unit tests call it
 * with the knobs below.
 */
#ifndef SB_RANKED_WALK_H
#define SB_RANKED_WALK_H

#include "search/setup.h"
#include "slide_map.h"

/* The most farthest configurations a walk can list. */
enum { SBI_RANKED_FAR_MAX = 4096 };

/* What a caller other than sb_explore may ask of a walk, and learn. */
typedef struct sbi_ranked_knobs {
    double save_every;      /* seconds between saves at layer boundaries; < 0: the
                               walk's own choice (a few minutes), 0: every boundary */
    unsigned stop_before;   /* > 0: stop with SB_ELIMIT (hit SB_LIMIT_CANCELLED) on reaching
                               the boundary before that layer, after saving there */
    size_t want_far;        /* farthest configurations to list (<= SBI_RANKED_FAR_MAX) */
    /* Out: */
    unsigned resumed_at;    /* the layer the walk resumed at from the spill, 0: none */
    size_t nfar;            /* farthest configurations listed, least rank first */
    sb_block *far;          /* nfar * nblocks blocks (malloc: the caller frees) */
} sbi_ranked_knobs;

/* Whether the puzzle of s's catalog is numbered tiles the walk takes:
 * every block 1x1, sliding any way, alone in its class, at most 20 of
 * them on at most 64 free cells.  When it is, *ranks is the size of its
 * numbering (0 when it does not fit 62 bits) and *bytes the marks'. */
bool sbi_tiles_ranked(const sb_catalog *cat, uint64_t *ranks, uint64_t *bytes);

/* Whether one of the walk's numberings takes s's puzzle: numbered tiles
 * (sbi_tiles_ranked) or rectangles by their layout rank (the bitboard's
 * representation on a 64-bit image, plain rectangles of distinct sizes
 * sliding both ways, no walls: ranked_blocks.c).  When one does, *ranks
 * is the size of its numbering and *bytes the marks'. */
bool sbi_ranked_fits(const sb_setup *s, uint64_t *ranks, uint64_t *bytes);

/* Walks everything INIT reaches under s's metric at two bits a rank,
 * with opts' threads, limits, progress and spill, into *out (as
 * sb_explore; out->walk SB_WALK_RANKED).  knobs may be NULL.  SB_EINPUT
 * when no numbering takes the puzzle (sbi_ranked_fits), SB_ELIMIT at
 * a limit (s's meter's hit says which; err is left to the caller). */
sb_status sbi_ranked_explore(sb_setup *s, const sb_options *opts, sbi_ranked_knobs *knobs,
                             sb_explore_report *out, sb_error *err);

#endif
