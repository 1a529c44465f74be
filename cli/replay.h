/*
 * replay.h - the checker's judge: replaying straight slides on a plain
 * occupancy grid, independently of the solver's move generator.
 *
 * slide-check uses it to verify a move file; the fuzz harnesses use it to
 * verify what sb_solve returns.  It shares nothing with engine/board.c or
 * engine/bitboard.c on purpose: a bug there must not be able to vouch for
 * itself here.  Like the engine, it never prints and never exits.
 */
#ifndef SB_REPLAY_H
#define SB_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "slide.h"

/* Invariant: cell[r * cols + c] == i + 1 exactly when block i covers
 * (r, c), and 0 when no block does. */
typedef struct sb_replay {
    int rows, cols;      /* tray size */
    uint32_t *cell;      /* rows * cols entries */
    size_t nblocks;
    sb_block *blocks;    /* current place of each block (owned copy) */
} sb_replay;

/* Sets r up on the initial configuration of p, which must have passed
 * sb_puzzle_check() (sb_fmt_read and sb_fmt_parse guarantee that).
 * Returns SB_OK, or SB_ELIMIT when memory runs out (r then holds nothing
 * to free).  The caller releases r with sb_replay_free. */
sb_status sb_replay_init(sb_replay *r, const sb_puzzle *p);

/* Releases r's arrays; harmless on a zeroed or freed replay. */
void sb_replay_free(sb_replay *r);

/* Applies one move.  Returns NULL when it is legal (r is updated), or why
 * it is not (r is unchanged): either a constant string or why, which
 * receives the text when the reason quotes the move. */
const char *sb_replay_move(sb_replay *r, const sb_move *m, char *why, size_t whysz);

/* True when, for every goal entry of p, a block of that size sits at that
 * place.  p must be the puzzle r was set up from. */
bool sb_replay_goal_met(const sb_replay *r, const sb_puzzle *p);

#endif
