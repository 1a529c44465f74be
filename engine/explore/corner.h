/*
 * corner.h - the corner-to-corner goal over one piece set: its hardest
 * start.  Internal to the engine (the every-piece-set census calls it
 * once per member; corner.c says how it walks).
 *
 * For a layout of a piece set the goal piece is the piece on cell (0,0)
 * or, when no piece covers (0,0), the first piece in reading order (by
 * anchor) whose bounding box contains (0,0).  A start is a layout whose
 * goal piece has its box's upper-left corner at (0,0) (every piece whose
 * box contains (0,0) has it there, so a start is a layout where the goal
 * piece is the leftmost-anchored of those).  A goal configuration has the
 * goal piece's box at the tray's lower-right corner.  The goal piece is
 * told apart from the other pieces of its shape; those, and pieces of one
 * class generally, are interchangeable.  A start's distance is the fewest
 * moves under the metric to a goal configuration of its component; a
 * start whose component holds none does not count.
 *
 * The hardest start of a piece set: over every class as the goal piece's
 * (one piece of it marked), a start of greatest distance.  Ties go, in
 * this fixed order (no thread, shard or rank can change it), to the
 * earlier class in pc's order, then to the start whose anchors, read cell
 * by cell in reading order, come first, an anchor-less cell before the
 * goal piece's anchor before an anchor of class 0, 1, ... of pc.
 */
#ifndef SB_CORNER_H
#define SB_CORNER_H

#include "core/meter.h"
#include "explore/explore.h"

/* The hardest corner-to-corner start of one piece set. */
typedef struct sb_corner_result {
    uint32_t moves;        /* its distance; SB_DISTANCE_NONE: no start counts */
    size_t nblocks;        /* pieces in start (0 when no start counts) */
    sb_block *start;       /* nblocks, allocated through the meter (sbi_corner_result_free):
                              the goal piece with group 1, the others group 0; in
                              reading order of their anchors (NULL: no start counts) */
    uint64_t configurations; /* configurations walked, for the rate */
    int goal_class;        /* the goal piece's class in pc (-1: no start counts) */
} sb_corner_result;

/* A worker's scratch for sbi_corner_hardest_in: the table of configurations
 * seen and the walk's queue, kept from one piece set to the next so that
 * a census of millions of small sets allocates next to nothing per set.
 * It keeps what the largest walk so far needed: a table of two to four
 * slots a configuration (at most half full, doubling) and a queue of one
 * to two, 24 to 48 bytes a configuration with 64-bit keys, twice that
 * with 128.  Its memory comes from
 * the meter it was made with (which must outlive it); one thread uses it
 * at a time. */
typedef struct sb_corner_context sb_corner_context;

/* A new context allocating through m, or NULL when m refused (m->hit
 * says why). */
sb_corner_context *sbi_corner_context_new(sb_meter *m);
void sbi_corner_context_free(sb_corner_context *ctx);

/* Makes ctx's walks use 128-bit keys always (the 64-bit ones hold the
 * layouts of trays up to 64 bits of labels: 4x4, or 4x5 with at most 6
 * classes), their labels spread over the whole word (up to 16 bits a
 * cell), so that the tests check the wide walk on small trays too, its
 * high half and labels that straddle the halves included, and the bench
 * can compare the two.  Answers are the same either way. */
void sbi_corner_context_wide(sb_corner_context *ctx, bool always);

/* Whether the corner-to-corner walk takes a rows x cols tray's grid: its
 * rows, each with a spare bit, fit 64 bits.  (The labels' 128 bits hang
 * on each piece set's classes, sbi_corner_hardest's to check.) */
bool sbi_corner_tray_fits(int rows, int cols);

/* pc: a piece set with no marks (its classes distinct shapes, counts, the
 * tray, walls and shapes of pc->source).  Every choice of goal piece is
 * the caller's: corner tries each class as the goal piece's.  m holds the
 * deadline and the states limit (the configurations one goal class's
 * walk holds) and allocates out->start.  On failure *out holds no start
 * (moves SB_DISTANCE_NONE).  SB_OK, SB_ELIMIT (m's hit says why),
 * SB_EINPUT when pc is not for this walk (pins; a tray whose rows, each
 * with a spare bit, pass 64 bits, or whose cells, a label of
 * ceil(log2(classes + 2)) bits each, pass 128: 4x5 takes up to 62
 * classes, 6x6 up to 6).  sbi_corner_hardest makes a context of its own
 * for the call; a caller with many sets makes one per thread and calls
 * sbi_corner_hardest_in. */
sb_status sbi_corner_hardest(const sb_pieces *pc, sb_metric metric, sb_meter *m,
                             sb_corner_result *out, sb_error *err);
sb_status sbi_corner_hardest_in(sb_corner_context *ctx, const sb_pieces *pc, sb_metric metric,
                                sb_meter *m, sb_corner_result *out, sb_error *err);
void sbi_corner_result_free(sb_corner_result *r, sb_meter *m);

#endif
