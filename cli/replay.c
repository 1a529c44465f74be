/*
 * replay.c - straight slides replayed on an occupancy grid (see replay.h).
 *
 * A move names a block by its upper-left corner, so finding the block is
 * one lookup in the grid, and replaying a move touches only the cells the
 * block covers and the cells it sweeps: a 10,000-block tray replays moves
 * as cheaply as Klotski.  Every coordinate is checked against the tray
 * before it indexes the grid, so any move at all, negative or huge, is
 * judged rather than trusted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

static uint32_t *at(const sb_replay *r, int row, int col)
{
    return &r->cell[(size_t)row * (size_t)r->cols + (size_t)col];
}

/* Writes id into every cell of block k's rectangle. */
static void paint(sb_replay *r, size_t k, uint32_t id)
{
    const sb_block *blk = &r->blocks[k];
    for (int row = blk->row; row < blk->row + blk->height; row++)
        for (int col = blk->col; col < blk->col + blk->width; col++)
            *at(r, row, col) = id;
}

sb_status sb_replay_init(sb_replay *r, const sb_puzzle *p)
{
    memset(r, 0, sizeof *r);
    r->rows = p->rows;
    r->cols = p->cols;
    r->nblocks = p->nblocks;
    r->cell = calloc((size_t)p->rows * (size_t)p->cols, sizeof *r->cell);
    /* malloc(0) may return NULL: ask for one block at least. */
    r->blocks = malloc((p->nblocks ? p->nblocks : 1) * sizeof *r->blocks);
    if (!r->cell || !r->blocks) {
        sb_replay_free(r);
        return SB_ELIMIT;
    }
    if (p->nblocks)
        memcpy(r->blocks, p->blocks, p->nblocks * sizeof *r->blocks);
    for (size_t k = 0; k < r->nblocks; k++)
        paint(r, k, (uint32_t)(k + 1));
    return SB_OK;
}

void sb_replay_free(sb_replay *r)
{
    if (!r)
        return;
    free(r->cell);
    free(r->blocks);
    memset(r, 0, sizeof *r);
}

const char *sb_replay_move(sb_replay *r, const sb_move *m, char *why, size_t whysz)
{
    int fr = m->from_row, fc = m->from_col, tr = m->to_row, tc = m->to_col;

    if (fr < 0 || fc < 0 || fr >= r->rows || fc >= r->cols || *at(r, fr, fc) == 0 ||
        r->blocks[*at(r, fr, fc) - 1].row != fr || r->blocks[*at(r, fr, fc) - 1].col != fc) {
        snprintf(why, whysz, "no block has its upper-left corner at %d %d", fr, fc);
        return why;
    }
    size_t k = *at(r, fr, fc) - 1;
    sb_block *blk = &r->blocks[k];
    if (fr == tr && fc == tc)
        return "not a straight slide: the block would not move";
    if (fr != tr && fc != tc)
        return "not a straight slide: row and column both change";
    if (tr < 0 || tc < 0 || (long long)tr + blk->height > r->rows ||
        (long long)tc + blk->width > r->cols)
        return "block would leave the tray";

    /* Walk the block one cell at a time; each step uncovers one new edge
     * (a row or column of cells just beyond the block), which must be
     * empty.  Cells the block already covers never block it.  Both ends
     * are inside the tray, so every edge is too. */
    int dr = (tr > fr) - (tr < fr), dc = (tc > fc) - (tc < fc);
    int steps = dr ? abs(tr - fr) : abs(tc - fc);
    for (int s = 1; s <= steps; s++) {
        int r0, r1, c0, c1;
        if (dr) {
            r0 = r1 = dr > 0 ? fr + blk->height - 1 + s : fr - s;
            c0 = fc;
            c1 = fc + blk->width - 1;
        } else {
            c0 = c1 = dc > 0 ? fc + blk->width - 1 + s : fc - s;
            r0 = fr;
            r1 = fr + blk->height - 1;
        }
        for (int row = r0; row <= r1; row++)
            for (int col = c0; col <= c1; col++)
                if (*at(r, row, col) != 0)
                    return "block would overlap another block";
    }
    paint(r, k, 0);
    blk->row = tr;
    blk->col = tc;
    paint(r, k, (uint32_t)(k + 1));
    return NULL;
}

/* sb_puzzle_check() has placed every goal entry inside the tray, so the
 * lookups below stay in the grid. */
bool sb_replay_goal_met(const sb_replay *r, const sb_puzzle *p)
{
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        uint32_t id = *at(r, g->row, g->col);
        if (id == 0)
            return false;
        const sb_block *blk = &r->blocks[id - 1];
        if (blk->row != g->row || blk->col != g->col || blk->height != g->height ||
            blk->width != g->width)
            return false;
    }
    return true;
}
