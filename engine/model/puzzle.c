/*
 * puzzle.c - validating a puzzle, and the small shared helpers of slide.h.
 *
 * sb_puzzle_check() is the gate between untrusted input and the engine:
 * everything it accepts can be searched without tripping an assert.  It
 * works in O(cells + blocks) with one occupancy grid, because CS61B trays
 * hold up to 65,536 cells and ten thousand blocks.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "model/catalog.h"

/* An input error that points at one item of a block list. */
static sb_status fail(sb_error *err, sb_list list, size_t item, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static sb_status fail(sb_error *err, sb_list list, size_t item, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        sb_fail(err, SB_EINPUT, "%s", "");
        err->list = list;
        err->item = item;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return SB_EINPUT;
}

/* Checks that one rectangle has a positive size and lies inside the tray.
 * Arithmetic is 64-bit so that no input value can overflow it. */
static sb_status check_rect(const sb_puzzle *p, const sb_block *b, sb_list list,
                            size_t item, sb_error *err)
{
    const char *what = list == SB_LIST_GOAL ? "goal block" : "block";
    long long r2 = (long long)b->row + b->height - 1;
    long long c2 = (long long)b->col + b->width - 1;

    if (b->height < 1 || b->width < 1)
        return fail(err, list, item, "%s has size %dx%d; sizes must be at least 1x1",
                    what, b->height, b->width);
    if (b->row < 0 || b->col < 0)
        return fail(err, list, item, "%s has a negative position", what);
    if (r2 >= p->rows)
        return fail(err, list, item, "%s runs off the %dx%d tray (rows %d..%lld)",
                    what, p->rows, p->cols, b->row, r2);
    if (c2 >= p->cols)
        return fail(err, list, item, "%s runs off the %dx%d tray (columns %d..%lld)",
                    what, p->rows, p->cols, b->col, c2);
    return SB_OK;
}

static bool same_size(const sb_block *a, const sb_block *b)
{
    return a->height == b->height && a->width == b->width;
}

static int compare_size(const void *x, const void *y)
{
    const sb_block *a = x, *b = y;
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    return (a->width > b->width) - (a->width < b->width);
}

/* Counts the blocks of the given size by binary search in sizes[], a copy
 * of the blocks sorted by size. */
static size_t count_of_size(const sb_block *sizes, size_t n, const sb_block *key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {               /* first element not below key */
        size_t mid = lo + (hi - lo) / 2;
        if (compare_size(&sizes[mid], key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t first = lo;
    hi = n;
    while (lo < hi) {               /* first element above key */
        size_t mid = lo + (hi - lo) / 2;
        if (compare_size(&sizes[mid], key) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - first;
}

static sb_status check_tray(const sb_puzzle *p, sb_error *err)
{
    if (p->rows < 1 || p->cols < 1)
        return fail(err, SB_LIST_NONE, 0, "tray of %dx%d has no cells; both sides must be at least 1",
                    p->rows, p->cols);
    long long cells = (long long)p->rows * p->cols;
    if (cells > SB_MAX_CELLS)
        return fail(err, SB_LIST_NONE, 0,
                    "tray of %dx%d has %lld cells; slide handles at most %d (e.g. 256x256)",
                    p->rows, p->cols, cells, SB_MAX_CELLS);
    return SB_OK;
}

static bool same_rect(const sb_block *a, const sb_block *b)
{
    return a->row == b->row && a->col == b->col && same_size(a, b);
}

/* Checks one list of rectangles: each inside the tray, none overlapping.
 * A goal entry repeated (same size, same place) is one requirement, as
 * the course's checker reads it; goal entries that overlap otherwise can
 * never all hold, since two blocks cannot share a cell, and are an error.
 * A repeat is recognised at its upper-left cell: the cells of an accepted
 * entry are owned only by entries equal to it. */
static sb_status check_layout(const sb_puzzle *p, sb_list list, sb_error *err)
{
    const sb_block *blocks = list == SB_LIST_GOAL ? p->goals : p->blocks;
    size_t n = list == SB_LIST_GOAL ? p->ngoals : p->nblocks;
    const char *what = list == SB_LIST_GOAL ? "goal block" : "block";
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    /* owner[cell] = 1 + index of the block covering it, 0 when empty. */
    size_t *owner = calloc(cells, sizeof *owner);
    if (!owner) {
        return sb_fail(err, SB_ELIMIT, "out of memory checking the tray");
    }
    sb_status st = SB_OK;
    for (size_t i = 0; i < n && st == SB_OK; i++) {
        const sb_block *b = &blocks[i];
        st = check_rect(p, b, list, i, err);
        if (st == SB_OK && list == SB_LIST_GOAL) {
            size_t first = owner[(size_t)b->row * p->cols + b->col];
            if (first && same_rect(&blocks[first - 1], b))
                continue;
        }
        for (int r = b->row; st == SB_OK && r < b->row + b->height; r++) {
            for (int c = b->col; c < b->col + b->width; c++) {
                size_t cell = (size_t)r * p->cols + c;
                if (owner[cell]) {
                    const sb_block *o = &blocks[owner[cell] - 1];
                    st = fail(err, list, i,
                              "%s overlaps the %dx%d %s at %d %d (cell %d %d)",
                              what, o->height, o->width, what, o->row, o->col, r, c);
                    break;
                }
                owner[cell] = i + 1;
            }
        }
    }
    free(owner);
    return st;
}

/* Orders goal entries by size, then place: repeats sit together, and each
 * size is one run, as count_of_size() needs. */
static int compare_entry(const void *x, const void *y)
{
    const sb_block *a = x, *b = y;
    int by_size = compare_size(a, b);
    if (by_size)
        return by_size;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    return (a->col > b->col) - (a->col < b->col);
}

/* Goal entries (already checked as rectangles) must name sizes the tray has,
 * and no more distinct entries of a size than it has blocks of it (a
 * repeated entry is one requirement).  Counting works on sorted copies, so
 * ten thousand goal lines cost n log n, not n^2. */
static sb_status check_goals(const sb_puzzle *p, sb_error *err)
{
    sb_block *sizes = malloc((p->nblocks + 1) * sizeof *sizes);
    sb_block *goals = malloc((p->ngoals + 1) * sizeof *goals);
    if (!sizes || !goals) {
        free(sizes);
        free(goals);
        return sb_fail(err, SB_ELIMIT, "out of memory checking the goal");
    }
    if (p->nblocks)
        memcpy(sizes, p->blocks, p->nblocks * sizeof *sizes);
    qsort(sizes, p->nblocks, sizeof *sizes, compare_size);
    if (p->ngoals)
        memcpy(goals, p->goals, p->ngoals * sizeof *goals);
    qsort(goals, p->ngoals, sizeof *goals, compare_entry);
    size_t ndistinct = 0;
    for (size_t i = 0; i < p->ngoals; i++)
        if (ndistinct == 0 || !same_rect(&goals[ndistinct - 1], &goals[i]))
            goals[ndistinct++] = goals[i];

    sb_status st = SB_OK;
    for (size_t i = 0; i < p->ngoals && st == SB_OK; i++) {
        const sb_block *g = &p->goals[i];
        size_t have = count_of_size(sizes, p->nblocks, g);
        if (have == 0) {
            st = fail(err, SB_LIST_GOAL, i,
                      "goal names a %dx%d block but the tray has no block of that size",
                      g->height, g->width);
        } else if (have < ndistinct) {
            size_t want = count_of_size(goals, ndistinct, g);
            if (want > have)
                st = fail(err, SB_LIST_GOAL, i,
                          "goal names %zu blocks of size %dx%d but the tray has only %zu",
                          want, g->height, g->width, have);
        }
    }
    free(sizes);
    free(goals);
    return st;
}

sb_status sb_puzzle_check(const sb_puzzle *p, sb_error *err)
{
    sb_status st = check_tray(p, err);
    if (st == SB_OK)
        st = check_layout(p, SB_LIST_INIT, err);
    if (st == SB_OK)
        st = check_layout(p, SB_LIST_GOAL, err);
    if (st == SB_OK)
        st = check_goals(p, err);
    return st;
}

void sb_puzzle_free(sb_puzzle *p)
{
    if (!p)
        return;
    free(p->blocks);
    free(p->goals);
    memset(p, 0, sizeof *p);
}

bool sb_puzzle_solved(const sb_puzzle *p)
{
    /* Goal entries are few and checked once per puzzle: quadratic is fine
     * up to the sizes the CS61B suites use; the solver has its own test. */
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    size_t *anchor = calloc(cells ? cells : 1, sizeof *anchor);
    bool ok = true;
    if (!anchor)
        return false;
    for (size_t i = 0; i < p->nblocks; i++)
        anchor[(size_t)p->blocks[i].row * p->cols + p->blocks[i].col] = i + 1;
    for (size_t i = 0; i < p->ngoals && ok; i++) {
        const sb_block *g = &p->goals[i];
        size_t a = anchor[(size_t)g->row * p->cols + g->col];
        ok = a && same_size(&p->blocks[a - 1], g);
    }
    free(anchor);
    return ok;
}

void sb_options_default(sb_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->metric = SB_METRIC_LINE;
    opts->algo = SB_ALGO_AUTO;
    opts->path = SB_PATH_AUTO;
}

const char *sb_metric_name(sb_metric m)
{
    switch (m) {
    case SB_METRIC_UNIT: return "unit";
    case SB_METRIC_LINE: return "line";
    case SB_METRIC_PIECE: return "piece";
    }
    return "?";
}

const char *sb_algo_name(sb_algo a)
{
    switch (a) {
    case SB_ALGO_AUTO: return "auto";
    case SB_ALGO_BFS: return "bfs";
    case SB_ALGO_ASTAR: return "astar";
    }
    return "?";
}

const char *sb_path_name(sb_path p)
{
    switch (p) {
    case SB_PATH_AUTO: return "auto";
    case SB_PATH_BITBOARD: return "bitboard";
    case SB_PATH_GENERAL: return "general";
    }
    return "?";
}

bool sb_bitboard_fits(int rows, int cols)
{
    return rows >= 1 && cols >= 1 && rows <= 64 && cols <= 64 &&
           (2 * rows - 1) * (2 * cols - 1) <= 128;
}

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

uint64_t sb_moves_length(const sb_move *moves, size_t n, sb_metric metric)
{
    uint64_t len = 0;
    for (size_t i = 0; i < n; i++) {
        const sb_move *m = &moves[i], *prev = i ? &moves[i - 1] : NULL;
        /* Same block: this slide starts where the previous one ended. */
        bool same_block = prev && prev->to_row == m->from_row && prev->to_col == m->from_col;
        bool same_line = same_block &&
                         sign(prev->to_row - prev->from_row) == sign(m->to_row - m->from_row) &&
                         sign(prev->to_col - prev->from_col) == sign(m->to_col - m->from_col);
        if (metric == SB_METRIC_UNIT)
            len += (uint64_t)abs(m->to_row - m->from_row) + (uint64_t)abs(m->to_col - m->from_col);
        else if (metric == SB_METRIC_LINE)
            len += !same_line;
        else
            len += !same_block;
    }
    return len;
}
