/*
 * replay.h - the checker's judge: replaying straight slides on a plain
 * occupancy grid, independently of the solver's move generator.
 *
 * slide-check uses it to verify a move file; the fuzz harnesses use it to
 * verify what sb_solve returns.  It shares nothing with the engine's
 * spaces (board.c, bitboard.c) or its catalog of classes on purpose: a bug
 * there must not be able to vouch for itself here.  It reads only the
 * puzzle's plain data (blocks, shapes, walls).  Like the engine, it never
 * prints and never exits.
 *
 * Pieces may have any shape (sb_puzzle.shapes), walls may stand in the
 * tray, and a piece may slide along one axis only.  A move names a piece
 * by its anchor, the leftmost cell of its top row (a rectangle's
 * upper-left corner).
 */
#ifndef SB_REPLAY_H
#define SB_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "slide.h"

/* Invariants: cell[r * cols + c] == i + 1 exactly when block i covers
 * (r, c), and 0 when no block does (a wall cell holds 0: walls live in
 * wall[]).  Block i covers the cells (row + dy[j], col + dx[j]) for j in
 * first[i] .. first[i + 1] - 1, where (row, col) is blocks[i]'s anchor;
 * (0, 0) is always among them. */
typedef struct sb_replay {
    int rows, cols;      /* tray size */
    uint32_t *cell;      /* rows * cols entries */
    uint8_t *wall;       /* rows * cols entries, 1 on a wall; NULL when the tray has none */
    size_t nblocks;
    sb_block *blocks;    /* current place of each block (owned copy) */
    size_t *first;       /* nblocks + 1 entries: where each block's cells start in dy/dx */
    int *dy, *dx;        /* every block's cells relative to its anchor, row by row */
    bool shaped;         /* some block is not a full rectangle: messages say "anchor" */
} sb_replay;

/* Sets r up on the initial configuration of p, which must have passed
 * sb_puzzle_check() (sb_fmt_read and sb_fmt_parse guarantee that).
 * Returns SB_OK, or SB_ELIMIT when memory runs out (r then holds nothing
 * to free).  The caller releases r with sbi_replay_free. */
sb_status sbi_replay_init(sb_replay *r, const sb_puzzle *p);

/* Releases r's arrays; harmless on a zeroed or freed replay. */
void sbi_replay_free(sb_replay *r);

/* Applies one move: the piece whose anchor is (from_row, from_col) slides
 * in a straight line (along its axis, for a one-axis piece) to have its
 * anchor at (to_row, to_col), staying inside the tray and passing only
 * over empty cells (its own count as empty) at every one-cell step.
 * Returns NULL when the move is legal (r is updated), or why it is not (r
 * is unchanged): either a constant string or why, which receives the
 * text when the reason quotes the move. */
const char *sbi_replay_move(sb_replay *r, const sb_move *m, char *why, size_t whysz);

/* True when every goal entry of p is met: a block of the entry's class
 * (the same cells, axis and group) has its anchor at the entry's anchor.
 * p must be the puzzle r was set up from. */
bool sbi_replay_goal_met(const sb_replay *r, const sb_puzzle *p);

/* sb_check_moves with the goal test optional (judge.c): every move legal
 * and, with goal, the last configuration meeting p's goal.  fn names the
 * call in the NULL-array message.  For the library's own callers that
 * must not trust moves they are handed (the views, formats/render_text.c). */
sb_status sbi_judge_replay(const char *fn, const sb_puzzle *p, const sb_move *moves, size_t n,
                           bool goal, sb_error *err);

#endif
