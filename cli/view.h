/*
 * view.h - what the views of a puzzle (slide's --show, --html and --json,
 * slide-explore's example layouts) need to know about its pieces beyond
 * slide.h: class numbers, whether a piece is a plain rectangle, and
 * whether the picture's characters can name the pieces.
 *
 * CLI helpers: they never print and never exit.  The puzzle must have
 * passed sb_puzzle_check().
 */
#ifndef SB_VIEW_H
#define SB_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "slide.h"

/* The classes of p's blocks and then of its goal entries, numbered 0, 1,
 * ... in order of first appearance: entries i and j get one number
 * exactly when sb_block_same_class() says they are interchangeable.
 * Returns an array of nblocks + ngoals entries the caller frees, or NULL
 * when memory runs out.  *nclasses (may be NULL) receives the count. */
size_t *sb_view_classes(const sb_puzzle *p, size_t *nclasses);

/* Whether block b covers every cell of its box. */
bool sb_view_is_rectangle(const sb_puzzle *p, const sb_block *b);

/* Whether every block has a picture character (sb_block.label) that is
 * printable and no other block has: then labels name pieces. */
bool sb_view_own_labels(const sb_puzzle *p);

/* The column of the left edge of b's box. */
int sb_view_box_left(const sb_puzzle *p, const sb_block *b);

#endif
