/*
 * replay.c - straight slides replayed on an occupancy grid (see replay.h).
 *
 * Each piece is kept as the list of its cells relative to its anchor, read
 * straight from the puzzle's shapes (a rectangle is every cell of its
 * box).  A move names a piece by its anchor, so finding the piece is one
 * lookup in the grid; the slide is then walked one cell at a time, and at
 * every step every cell of the piece must land on the tray, off the walls,
 * and on a cell that is empty or its own.  That is the rule of the game
 * stated as plainly as it can be, for any shape: no edge cases for
 * L-shapes, holes or walls.  A step costs the piece's cells, so a
 * 10,000-block tray of small blocks replays moves as cheaply as Klotski.
 *
 * Every coordinate is checked against the tray before it indexes the grid,
 * so any move at all, negative or huge, is judged rather than trusted.
 * Classes (for the goal) are compared here too, from the cells, axis and
 * group, rather than through the engine's helpers: the judge depends on
 * nothing the solver's own answers rest on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

static bool inside(const sb_replay *r, long long row, long long col)
{
    return row >= 0 && col >= 0 && row < r->rows && col < r->cols;
}

static size_t index_of(const sb_replay *r, long long row, long long col)
{
    return (size_t)row * (size_t)r->cols + (size_t)col;
}

static bool is_wall(const sb_replay *r, long long row, long long col)
{
    return r->wall && r->wall[index_of(r, row, col)];
}

/* Whether cell (y, x) of b's bounding box is one of b's: every cell of a
 * rectangle, the marked ones of a shape. */
static bool in_shape(const sb_puzzle *p, const sb_block *b, int y, int x)
{
    if (b->shape == 0)
        return true;
    const sb_shape *sh = &p->shapes[b->shape - 1];
    return sh->cells[(size_t)y * (size_t)sh->width + (size_t)x] != 0;
}

/* The column of b's anchor within its box: the first cell of its top row
 * (sb_puzzle_check makes boxes tight, so the top row has one). */
static int anchor_column(const sb_puzzle *p, const sb_block *b)
{
    int x = 0;
    while (x < b->width - 1 && !in_shape(p, b, 0, x))
        x++;
    return x;
}

/* Writes b's cells relative to its anchor into dy/dx (when not NULL), row
 * by row; returns how many there are. */
static size_t list_cells(const sb_puzzle *p, const sb_block *b, int *dy, int *dx)
{
    int left = anchor_column(p, b);
    size_t n = 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++)
            if (in_shape(p, b, y, x)) {
                if (dy) {
                    dy[n] = y;
                    dx[n] = x - left;
                }
                n++;
            }
    return n;
}

/* Writes id into every cell block k covers. */
static void paint(sb_replay *r, size_t k, uint32_t id)
{
    const sb_block *blk = &r->blocks[k];
    for (size_t j = r->first[k]; j < r->first[k + 1]; j++)
        r->cell[index_of(r, blk->row + r->dy[j], blk->col + r->dx[j])] = id;
}

sb_status sbi_replay_init(sb_replay *r, const sb_puzzle *p)
{
    memset(r, 0, sizeof *r);
    size_t ncells = (size_t)p->rows * (size_t)p->cols, total = 0;
    for (size_t k = 0; k < p->nblocks; k++)
        total += list_cells(p, &p->blocks[k], NULL, NULL);
    r->rows = p->rows;
    r->cols = p->cols;
    r->nblocks = p->nblocks;
    r->cell = calloc(ncells, sizeof *r->cell);
    /* malloc(0) may return NULL: ask for one entry at least. */
    r->blocks = malloc((p->nblocks ? p->nblocks : 1) * sizeof *r->blocks);
    r->first = malloc((p->nblocks + 1) * sizeof *r->first);
    r->dy = malloc((total ? total : 1) * sizeof *r->dy);
    r->dx = malloc((total ? total : 1) * sizeof *r->dx);
    if (p->walls)
        r->wall = malloc(ncells);
    if (!r->cell || !r->blocks || !r->first || !r->dy || !r->dx || (p->walls && !r->wall)) {
        sbi_replay_free(r);
        return SB_ELIMIT;
    }
    if (p->walls)
        memcpy(r->wall, p->walls, ncells);
    if (p->nblocks)
        memcpy(r->blocks, p->blocks, p->nblocks * sizeof *r->blocks);
    r->first[0] = 0;
    for (size_t k = 0; k < p->nblocks; k++) {
        const sb_block *b = &p->blocks[k];
        size_t n = list_cells(p, b, r->dy + r->first[k], r->dx + r->first[k]);
        r->first[k + 1] = r->first[k] + n;
        if (n != (size_t)b->height * (size_t)b->width)
            r->shaped = true;
        paint(r, k, (uint32_t)(k + 1));
    }
    return SB_OK;
}

void sbi_replay_free(sb_replay *r)
{
    if (!r)
        return;
    free(r->cell);
    free(r->wall);
    free(r->blocks);
    free(r->first);
    free(r->dy);
    free(r->dx);
    memset(r, 0, sizeof *r);
}

/* Finds the block whose anchor is (row, col).  Returns NULL with *k set,
 * or why there is none (in why).  A CS61B tray keeps the CS61B wording;
 * with shapes about, the message says which piece covers the cell. */
static const char *find_anchor(const sb_replay *r, int row, int col, size_t *k, char *why,
                               size_t whysz)
{
    const char *none = r->shaped ? "no piece has its anchor at"
                                 : "no block has its upper-left corner at";
    uint32_t id = inside(r, row, col) ? r->cell[index_of(r, row, col)] : 0;
    if (id && r->blocks[id - 1].row == row && r->blocks[id - 1].col == col) {
        *k = id - 1;
        return NULL;
    }
    if (id && r->shaped)
        snprintf(why, whysz, "%s %d %d (the piece covering it has its anchor at %d %d)", none,
                 row, col, r->blocks[id - 1].row, r->blocks[id - 1].col);
    else if (inside(r, row, col) && is_wall(r, row, col))
        snprintf(why, whysz, "%s %d %d (that cell is a wall)", none, row, col);
    else
        snprintf(why, whysz, "%s %d %d", none, row, col);
    return why;
}

const char *sbi_replay_move(sb_replay *r, const sb_move *m, char *why, size_t whysz)
{
    int fr = m->from_row, fc = m->from_col, tr = m->to_row, tc = m->to_col;
    size_t k = 0;
    const char *missing = find_anchor(r, fr, fc, &k, why, whysz);
    if (missing)
        return missing;
    sb_block *blk = &r->blocks[k];
    size_t first = r->first[k], end = r->first[k + 1];

    if (fr == tr && fc == tc)
        return "not a straight slide: the block would not move";
    if (fr != tr && fc != tc)
        return "not a straight slide: row and column both change";
    if (blk->axis == SB_AXIS_ROW && fr != tr)
        return "block slides only horizontally";
    if (blk->axis == SB_AXIS_COL && fc != tc)
        return "block slides only vertically";
    for (size_t j = first; j < end; j++)
        if (!inside(r, (long long)tr + r->dy[j], (long long)tc + r->dx[j]))
            return "block would leave the tray";

    /* Walk the piece one cell at a time.  Both ends lie inside the tray
     * and the line is straight, so every step does too. */
    int dr = (tr > fr) - (tr < fr), dc = (tc > fc) - (tc < fc);
    int steps = dr ? abs(tr - fr) : abs(tc - fc);
    for (int s = 1; s <= steps; s++) {
        int row = fr + s * dr, col = fc + s * dc;
        for (size_t j = first; j < end; j++) {
            int y = row + r->dy[j], x = col + r->dx[j];
            if (is_wall(r, y, x))
                return "block would hit a wall";
            uint32_t id = r->cell[index_of(r, y, x)];
            if (id != 0 && id != k + 1)
                return "block would overlap another block";
        }
    }
    paint(r, k, 0);
    blk->row = tr;
    blk->col = tc;
    paint(r, k, (uint32_t)(k + 1));
    return NULL;
}

/* Whether block k and goal entry g are of one class: the same cells
 * around the anchor (both lists run row by row), axis and group. */
static bool same_class(const sb_replay *r, size_t k, const sb_puzzle *p, const sb_block *g)
{
    const sb_block *b = &r->blocks[k];
    if (b->axis != g->axis || b->group != g->group || b->height != g->height ||
        b->width != g->width)
        return false;
    int left = anchor_column(p, g);
    size_t j = r->first[k], end = r->first[k + 1];
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if (in_shape(p, g, y, x)) {
                if (j == end || r->dy[j] != y || r->dx[j] != x - left)
                    return false;
                j++;
            }
    return j == end;
}

/* sb_puzzle_check() has placed every goal entry inside the tray, so the
 * lookups below stay in the grid. */
bool sbi_replay_goal_met(const sb_replay *r, const sb_puzzle *p)
{
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        uint32_t id = r->cell[index_of(r, g->row, g->col)];
        if (id == 0)
            return false;
        const sb_block *blk = &r->blocks[id - 1];
        if (blk->row != g->row || blk->col != g->col || !same_class(r, id - 1, p, g))
            return false;
    }
    return true;
}
