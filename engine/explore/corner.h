/*
 * corner.h - the corner-to-corner goal over one piece set: its hardest
 * start (corner.c).  Internal to the engine.
 */
#ifndef SB_CORNER_H
#define SB_CORNER_H

#include "explore/explore.h"

/* The hardest corner-to-corner start of one piece set. */
typedef struct sb_corner_result {
    uint32_t moves;        /* its distance; SB_DISTANCE_NONE: no start counts */
    size_t nblocks;        /* pieces in start */
    sb_block *start;       /* nblocks, allocated through the meter (sbi_corner_result_free):
                              the goal piece with group 1, the others group 0 */
    uint64_t configurations; /* configurations walked, for the rate */
} sb_corner_result;

/* pc: a piece set with no marks (its classes distinct shapes, counts, the
 * tray, walls and shapes of pc->source).  Every choice of goal piece is
 * the caller's: corner tries each class as the goal piece's.  SB_OK,
 * SB_ELIMIT (m's hit says why). */
sb_status sbi_corner_hardest(const sb_pieces *pc, sb_metric metric, sb_meter *m,
                             sb_corner_result *out, sb_error *err);
void sbi_corner_result_free(sb_corner_result *r, sb_meter *m);

#endif
