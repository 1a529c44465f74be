/*
 * catalog.h - what every representation needs to know about a puzzle: its
 * shapes (the distinct block sizes), how many blocks of each, and the goal
 * grouped by shape.  Internal to the engine.
 *
 * Shapes are numbered 0..nshapes-1 in (height, width) order, so the same
 * puzzle always gets the same numbering.  A "position" is a cell index,
 * row * cols + col, of a block's upper-left corner.
 */
#ifndef SB_CATALOG_H
#define SB_CATALOG_H

#include "core/error.h"

typedef struct sb_shape {
    int height, width;
    uint32_t count;        /* blocks of this shape in the puzzle */
    uint32_t ngoals;       /* goal entries of this shape */
    uint16_t *goals;       /* their positions, sorted */
    uint32_t first_goal;   /* index of goals[0] among all goal entries */
} sb_shape;

typedef struct sb_catalog {
    int rows, cols;
    uint32_t ncells;
    int nshapes;
    sb_shape *shapes;
    int unit;              /* shape id of 1x1 blocks, or -1 */
    uint32_t nblocks;
    uint32_t ngoals;       /* goal entries, all shapes */
    uint32_t nempty;       /* empty cells (constant over the search) */
} sb_catalog;

/* Builds the catalog of a puzzle that passed sb_puzzle_check.  Returns
 * SB_OK or SB_ELIMIT (out of memory). */
sb_status sb_catalog_init(sb_catalog *cat, const sb_puzzle *p);
void sb_catalog_free(sb_catalog *cat);

/* The shape id of a height x width block, or -1. */
int sb_catalog_shape(const sb_catalog *cat, int height, int width);

/* A lower bound on the moves still needed under metric, for a configuration
 * given as anchors[s] = sorted positions of the blocks of shape s (NULL
 * for a shape the caller cannot list cheaply: it then counts as 0).  For
 * each shape, the goal entry farthest from its nearest block; summed over
 * shapes, since a move moves blocks of one shape only.  Consistent: one
 * move changes it by at most one. */
unsigned sb_catalog_estimate(const sb_catalog *cat, sb_metric metric,
                             const uint16_t *const *anchors);

/* Goal lists can be long (a CS61B goal names 9,999 blocks); beyond this
 * many (goal, block) pairs per shape the estimates skip the shape. */
enum { SB_ESTIMATE_BUDGET = 4096 };

/* A guess, not a bound, that steers searches which need not be optimal:
 * for each goal entry, twice the one-cell steps from its nearest block of
 * its size, plus (while unmet) blocked[i], how many of its target cells
 * are occupied (i = first_goal + index within the shape).  Blocks in the
 * way must move first, which the plain distance cannot see.  For a shape
 * whose anchors are NULL (or too many to compare), steps[i] gives those
 * steps when the caller could find them another way (steps NULL: such a
 * shape counts 0). */
unsigned sb_catalog_guide(const sb_catalog *cat, const uint16_t *const *anchors,
                          const uint32_t *blocked, const uint32_t *steps);

#endif
