/*
 * catalog.h - what every representation needs to know about a puzzle: its
 * classes (blocks that are interchangeable: the same cells, axis and
 * group), how many blocks of each, the cells of each relative to its
 * anchor, and the goal grouped by class.  Internal to the engine.
 *
 * Classes are numbered 0..nclasses-1 in sb_block_class_cmp() order
 * (height, width, cells, axis, group), so the same puzzle always gets the
 * same numbering; for the CS61B formats that is (height, width) order.  A
 * "position" is a cell index, row * cols + col, of a block's anchor (the
 * leftmost cell of its top row: a rectangle's upper-left corner).
 */
#ifndef SB_CATALOG_H
#define SB_CATALOG_H

#include "core/error.h"

typedef struct sb_class {
    sb_block proto;        /* a block of the class anchored at 0 0 (shape, group, axis,
                              and the label when the class has one block) */
    int height, width;     /* its bounding box */
    int left;              /* the anchor's column within the box */
    bool rect;             /* it fills its box */
    uint32_t ncells;
    int32_t *dr, *dc;      /* its cells relative to the anchor, in row-major order */
    uint32_t nlead[4];     /* per direction (up, down, left, right): how many cells ... */
    uint32_t *lead[4];     /* ... have no cell of the block beside them that way (indexes
                              into dr, dc): the cells that must find room to move */
    uint32_t count;        /* blocks of this class in the puzzle */
    uint32_t ngoals;       /* goal entries of this class */
    uint16_t *goals;       /* their positions, sorted */
    uint32_t first_goal;   /* index of goals[0] among all goal entries */
} sb_class;

typedef struct sb_catalog {
    const sb_puzzle *puzzle;  /* not owned */
    int rows, cols;
    uint32_t ncells;
    int nclasses;
    sb_class *classes;
    int unit;              /* the class of plain 1x1 blocks (group 0, any axis), or -1 */
    uint32_t nblocks;
    uint32_t ngoals;       /* goal entries, all classes */
    uint32_t nwalls;       /* wall cells */
    uint32_t nempty;       /* empty cells (constant over the search) */
} sb_catalog;

/* The part of sb_puzzle_check (model/puzzle.c) that needs no blocks: the
 * tray, and the goal entries inside it, off its walls and not on one
 * another's cells.  For a census's goal, which has pieces only in its
 * members; a failure names its entry in err->list and err->item. */
sb_status sbi_puzzle_check_goals(const sb_puzzle *p, sb_error *err);

/* What is wrong with a shape (a static phrase to follow "the shape"), or
 * NULL: a shape must have cells, fill its box tightly (a cell in every
 * row and column) and be 4-connected.  The one check of a shape, for
 * puzzles (sb_puzzle_check), a census's kinds and the SPEC reader. */
const char *sbi_shape_fault(const sb_shape *sh);

/* Builds the catalog of a puzzle that passed sb_puzzle_check (which must
 * outlive it).  Returns SB_OK or SB_ELIMIT (out of memory). */
sb_status sbi_catalog_init(sb_catalog *cat, const sb_puzzle *p);
void sbi_catalog_free(sb_catalog *cat);

/* The class of block b (of the catalog's puzzle, or any block with the
 * same fields), or -1: a binary search, O(log nclasses) comparisons. */
int sbi_catalog_class(const sb_catalog *cat, const sb_block *b);

/* The class of plain height x width rectangles (group 0, any axis), or
 * -1. */
int sbi_catalog_rect(const sb_catalog *cat, int height, int width);

/* One step in each direction, in the engine's order (up, down, left,
 * right): rows and columns. */
static const int SB_STEP_ROW[4] = { -1, 1, 0, 0 }, SB_STEP_COL[4] = { 0, 0, -1, 1 };

/* Whether the class may slide in direction d (0 up, 1 down, 2 left,
 * 3 right). */
static inline bool sbi_class_moves(const sb_class *c, int d)
{
    return c->proto.axis == SB_AXIS_ANY || (c->proto.axis == SB_AXIS_ROW) == (d >= 2);
}

/* A lower bound on the moves still needed under metric, for a configuration
 * given as anchors[s] = sorted positions of the blocks of class s (NULL
 * for a class the caller cannot list cheaply: it then counts as 0).  For
 * each class, the goal entry farthest from its nearest block; summed over
 * classes, since a move moves blocks of one class only.  A block's
 * distance is in moves of that block: cells under unit; under line and
 * piece, the cells to go divided by the farthest one move can carry the
 * block, which the tray's empty cells limit (catalog.c says how).
 * Consistent: one move changes it by at most one. */
unsigned sbi_catalog_estimate(const sb_catalog *cat, sb_metric metric,
                             const uint16_t *const *anchors);

/* Whether the puzzle is numbered tiles (one empty cell, every block a
 * 1x1 piece of a class of its own that slides any way, each with its
 * place in the goal) that the parity of its permutation proves
 * unsolvable: each move swaps the empty cell with a tile and moves the
 * empty cell to a cell of the other colour of the chessboard, so the
 * permutation's parity and the empty cell's colour change together.
 * Any tray, walls or not, any representation; false when it is not such
 * a puzzle or the memory to look is lacking (not knowing is no proof). */
bool sbi_catalog_parity_unsolvable(const sb_catalog *cat);

/* SB_UNSOLVABLE, with the proof in err, when a goal place can never hold
 * a block of its class: one-axis pieces keep their rows or columns, and
 * walls fence pieces in (catalog.c says how this is proved); else SB_OK,
 * also when the memory to look is lacking (not knowing is no proof).
 * O(cells) per shape of a class with a goal, on trays with walls or for
 * one-axis classes; nothing else is looked at. */
sb_status sbi_catalog_check_reach(const sb_catalog *cat, sb_error *err);

/* Goal lists can be long (a CS61B goal names 9,999 blocks); beyond this
 * many (goal, block) pairs per class the estimates skip the class. */
enum { SB_ESTIMATE_BUDGET = 4096 };

/* A guess, not a bound, that steers searches which need not be optimal:
 * for each goal entry, twice the one-cell steps from its nearest block of
 * its size, plus (while unmet) blocked[i], how many of its target cells
 * are occupied (i = first_goal + index within the class).  Blocks in the
 * way must move first, which the plain distance cannot see.  For a class
 * whose anchors are NULL (or too many to compare), steps[i] gives those
 * steps when the caller could find them another way (steps NULL: such a
 * class counts 0). */
unsigned sbi_catalog_guide(const sb_catalog *cat, const uint16_t *const *anchors,
                          const uint32_t *blocked, const uint32_t *steps);

#endif
