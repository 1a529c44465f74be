/*
 * puzzle.c - validating a puzzle, and the small shared helpers of slide.h.
 *
 * sb_puzzle_check() is the gate between untrusted input and the engine:
 * everything it accepts can be searched without tripping an assert.  It
 * works in O(cells + blocks log blocks), with one occupancy grid and one
 * sort of the blocks and goal entries by class, because trays hold up to
 * 65,536 cells and as many blocks, each of which may be a class of its
 * own.  sb_block_class_cmp() is the one order of classes that the
 * catalog, the search and the programs' views all use.
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
        sbi_fail(err, SB_EINPUT, "%s", "");
        err->list = list;
        err->item = item;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return SB_EINPUT;
}

/* ---- shapes and classes ------------------------------------------------ */

static const sb_shape *shape_of(const sb_puzzle *p, const sb_block *b)
{
    return b->shape > 0 ? &p->shapes[b->shape - 1] : NULL;
}

/* Whether b's shape number names a shape with cells: the queries below
 * may be asked about blocks that never passed sb_puzzle_check(). */
static bool shape_known(const sb_puzzle *p, const sb_block *b)
{
    return b->shape == 0 || (b->shape > 0 && (size_t)b->shape <= p->nshapes && p->shapes &&
                             p->shapes[b->shape - 1].cells);
}

/* Whether cell (y, x) of b's bounding box is b's; false for a shape p
 * does not have or a cell outside the shape's own box. */
static bool box_cell(const sb_puzzle *p, const sb_block *b, int y, int x)
{
    if (!shape_known(p, b))
        return false;
    const sb_shape *sh = shape_of(p, b);
    if (!sh)
        return true;
    return y >= 0 && x >= 0 && y < sh->height && x < sh->width &&
           sh->cells[(size_t)y * (size_t)sh->width + (size_t)x];
}

int sb_block_anchor_offset(const sb_puzzle *p, const sb_block *b)
{
    if (!p || !b)
        return 0;
    int x = 0;
    while (x + 1 < b->width && !box_cell(p, b, 0, x))
        x++;
    return x;
}

bool sb_block_covers(const sb_puzzle *p, const sb_block *b, int row, int col)
{
    if (!p || !b)
        return false;
    /* In 64 bits: a block that never passed the check may sit anywhere. */
    long long y = (long long)row - b->row;
    long long x = (long long)col - ((long long)b->col - sb_block_anchor_offset(p, b));
    return y >= 0 && x >= 0 && y < b->height && x < b->width && box_cell(p, b, (int)y, (int)x);
}

int sb_block_class_cmp(const sb_puzzle *p, const sb_block *a, const sb_block *b)
{
    if (!p || !a || !b)   /* no class: NULL sorts first, equal only to NULL */
        return (a != NULL) - (b != NULL);
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    if (a->width != b->width)
        return a->width < b->width ? -1 : 1;
    /* One shape number is one set of cells: only different numbers (two
     * shapes drawn alike, or a shape that fills its box against a
     * rectangle) need the cells compared. */
    if (a->shape != b->shape)
        for (int y = 0; y < a->height; y++)
            for (int x = 0; x < a->width; x++) {
                bool ca = box_cell(p, a, y, x), cb = box_cell(p, b, y, x);
                if (ca != cb)
                    return ca ? -1 : 1;
            }
    if (a->axis != b->axis)
        return a->axis < b->axis ? -1 : 1;
    return (a->group > b->group) - (a->group < b->group);
}

bool sb_block_same_class(const sb_puzzle *p, const sb_block *a, const sb_block *b)
{
    return p && a && b && sb_block_class_cmp(p, a, b) == 0;
}

/* Whether b's cells fill its box.  Defensive about the shape, since
 * sb_puzzle_is_plain() may be asked before sb_puzzle_check(). */
static bool fills_box(const sb_puzzle *p, const sb_block *b)
{
    if (b->shape == 0)
        return true;
    if (b->shape < 0 || (size_t)b->shape > p->nshapes || !p->shapes)
        return false;
    const sb_shape *sh = &p->shapes[b->shape - 1];
    if (!sh->cells || sh->height < 1 || sh->width < 1)
        return false;
    size_t n = (size_t)sh->height * (size_t)sh->width;
    return memchr(sh->cells, 0, n) == NULL;
}

bool sb_block_is_plain(const sb_puzzle *p, const sb_block *b)
{
    return p && b && b->group == 0 && b->axis == SB_AXIS_ANY && fills_box(p, b);
}

bool sb_puzzle_is_plain(const sb_puzzle *p)
{
    if (!p || (p->nblocks && !p->blocks))
        return false;
    for (size_t i = 0; i < p->nblocks; i++)
        if (!sb_block_is_plain(p, &p->blocks[i]))
            return false;
    /* A wall array of zeros is a tray without walls. */
    size_t cells = p->rows > 0 && p->cols > 0 ? (size_t)p->rows * (size_t)p->cols : 0;
    for (size_t i = 0; p->walls && i < cells; i++)
        if (p->walls[i])
            return false;
    return true;
}

/* A goal entry or block as a sortable key: the entry itself (for its
 * class, by sb_block_class_cmp) and its index in its list.  The puzzle
 * rides along because qsort's comparison has no context of its own. */
typedef struct class_key {
    const sb_puzzle *p;
    const sb_block *b;
    size_t item;
} class_key;

static int compare_class(const class_key *a, const class_key *b)
{
    return sb_block_class_cmp(a->p, a->b, b->b);
}

static int compare_key(const void *x, const void *y)
{
    return compare_class(x, y);
}

/* By class, then place: repeated goal entries sit together. */
static int compare_entry(const void *x, const void *y)
{
    const class_key *a = x, *b = y;
    int by_class = compare_class(a, b);
    if (by_class)
        return by_class;
    if (a->b->row != b->b->row)
        return a->b->row < b->b->row ? -1 : 1;
    return (a->b->col > b->b->col) - (a->b->col < b->b->col);
}

/* The class keys of a list, sorted with cmp.  NULL out of memory. */
static class_key *class_keys(const sb_puzzle *p, const sb_block *list, size_t n,
                             int (*cmp)(const void *, const void *))
{
    class_key *keys = malloc((n + 1) * sizeof *keys);
    if (!keys)
        return NULL;
    for (size_t i = 0; i < n; i++)
        keys[i] = (class_key){ p, &list[i], i };
    qsort(keys, n, sizeof *keys, cmp);
    return keys;
}

/* How many keys of sorted[0..n) are of key's class, by binary search. */
static size_t count_of_class(const class_key *sorted, size_t n, const class_key *key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {               /* first element not below key */
        size_t mid = lo + (hi - lo) / 2;
        if (compare_class(&sorted[mid], key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t first = lo;
    hi = n;
    while (lo < hi) {               /* first element above key */
        size_t mid = lo + (hi - lo) / 2;
        if (compare_class(&sorted[mid], key) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - first;
}

/* ---- the checks -------------------------------------------------------- */

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

const char *sbi_shape_fault(const sb_shape *sh)
{
    if (!sh->cells)
        return "has no cells (NULL)";
    if (sh->height < 1 || sh->width < 1 || (long long)sh->height * sh->width > SB_MAX_CELLS)
        return "has a box of no cells or larger than any tray";
    size_t n = (size_t)sh->height * (size_t)sh->width, first = n, count = 0;
    for (int y = 0; y < sh->height; y++) {
        bool any = false;
        for (int x = 0; x < sh->width; x++)
            any |= sh->cells[(size_t)y * sh->width + x] != 0;
        if (!any)
            return "has an empty row: its box must be tight";
    }
    for (int x = 0; x < sh->width; x++) {
        bool any = false;
        for (int y = 0; y < sh->height; y++)
            any |= sh->cells[(size_t)y * sh->width + x] != 0;
        if (!any)
            return "has an empty column: its box must be tight";
    }
    for (size_t i = 0; i < n; i++)
        if (sh->cells[i]) {
            count++;
            first = first < i ? first : i;
        }
    /* A flood fill from the first cell must reach them all. */
    uint32_t *stack = malloc(n * sizeof *stack);
    uint8_t *seen = calloc(n, 1);
    bool ok = stack && seen;
    size_t top = 0, reached = 0;
    if (ok) {
        stack[top++] = (uint32_t)first;
        seen[first] = 1;
    }
    while (ok && top) {
        uint32_t i = stack[--top];
        int y = (int)(i / (size_t)sh->width), x = (int)(i % (size_t)sh->width);
        reached++;
        const int dy[4] = { -1, 1, 0, 0 }, dx[4] = { 0, 0, -1, 1 };
        for (int d = 0; d < 4; d++) {
            int ny = y + dy[d], nx = x + dx[d];
            if (ny < 0 || nx < 0 || ny >= sh->height || nx >= sh->width)
                continue;
            size_t j = (size_t)ny * sh->width + nx;
            if (sh->cells[j] && !seen[j]) {
                seen[j] = 1;
                stack[top++] = (uint32_t)j;
            }
        }
    }
    free(stack);
    free(seen);
    if (!ok)
        return "could not be checked (out of memory)";
    return reached == count ? NULL : "is not 4-connected: its cells are not one piece";
}

/* Checks one block's fields and that its box lies inside the tray.
 * Arithmetic is 64-bit so that no input value can overflow it. */
static sb_status check_block(const sb_puzzle *p, const sb_block *b, sb_list list, size_t item,
                             sb_error *err)
{
    const char *what = list == SB_LIST_GOAL ? "goal block" : "block";
    if (b->shape < 0 || (size_t)b->shape > p->nshapes)
        return fail(err, list, item, "%s names shape %d; the puzzle has %zu", what, b->shape,
                    p->nshapes);
    if (b->shape && sbi_shape_fault(&p->shapes[b->shape - 1]))
        return fail(err, list, item, "%s has a shape whose cells are not one connected piece "
                    "filling its box", what);
    const sb_shape *sh = shape_of(p, b);
    if (sh && (sh->height != b->height || sh->width != b->width))
        return fail(err, list, item, "%s is %dx%d but its shape is %dx%d", what, b->height,
                    b->width, sh->height, sh->width);
    if (b->axis < SB_AXIS_ANY || b->axis > SB_AXIS_COL || b->group < 0)
        return fail(err, list, item, "%s has an unknown axis or group", what);
    if (b->height < 1 || b->width < 1)
        return fail(err, list, item, "%s has size %dx%d; sizes must be at least 1x1",
                    what, b->height, b->width);
    long long left = (long long)b->col - (sh ? sb_block_anchor_offset(p, b) : 0);
    long long r2 = (long long)b->row + b->height - 1;
    long long c2 = left + b->width - 1;
    if (b->row < 0 || left < 0)
        return fail(err, list, item, "%s has a negative position", what);
    if (r2 >= p->rows)
        return fail(err, list, item, "%s runs off the %dx%d tray (rows %d..%lld)",
                    what, p->rows, p->cols, b->row, r2);
    if (c2 >= p->cols)
        return fail(err, list, item, "%s runs off the %dx%d tray (columns %lld..%lld)",
                    what, p->rows, p->cols, left, c2);
    return SB_OK;
}

/* Checks one list: each block valid and inside the tray, none overlapping
 * another or a wall.  A goal entry repeated (same class, same place) is
 * one requirement, as the course's checker reads it; goal entries that
 * overlap otherwise can never all hold, since two blocks cannot share a
 * cell, and are an error.  A repeat is recognised at its anchor: the
 * cells of an accepted entry are owned only by entries equal to it. */
static sb_status check_layout(const sb_puzzle *p, sb_list list, sb_error *err)
{
    const sb_block *blocks = list == SB_LIST_GOAL ? p->goals : p->blocks;
    size_t n = list == SB_LIST_GOAL ? p->ngoals : p->nblocks;
    const char *what = list == SB_LIST_GOAL ? "goal block" : "block";
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    /* owner[cell] = 1 + index of the block covering it, 0 when empty. */
    size_t *owner = calloc(cells, sizeof *owner);
    if (!owner)
        return sbi_fail(err, SB_ELIMIT, "out of memory checking the tray");
    sb_status st = SB_OK;
    for (size_t i = 0; i < n && st == SB_OK; i++) {
        const sb_block *b = &blocks[i];
        st = check_block(p, b, list, i, err);
        if (st != SB_OK)
            break;
        if (list == SB_LIST_GOAL) {
            size_t first = owner[(size_t)b->row * p->cols + b->col];
            const sb_block *o = first ? &blocks[first - 1] : NULL;
            if (o && o->row == b->row && o->col == b->col && sb_block_same_class(p, o, b))
                continue;
        }
        int left = b->col - sb_block_anchor_offset(p, b);
        for (int y = 0; st == SB_OK && y < b->height; y++) {
            for (int x = 0; x < b->width; x++) {
                if (!box_cell(p, b, y, x))
                    continue;
                int r = b->row + y, c = left + x;
                size_t cell = (size_t)r * p->cols + c;
                if (p->walls && p->walls[cell]) {
                    st = fail(err, list, i, "%s covers a wall (cell %d %d)", what, r, c);
                    break;
                }
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

/* Goal entries (already checked as blocks) must name classes the tray
 * has, and no more distinct entries of a class than it has blocks of it
 * (a repeated entry is one requirement).  Counting works on sorted keys,
 * so ten thousand goal lines cost n log n, not n^2. */
static sb_status check_goals(const sb_puzzle *p, sb_error *err)
{
    class_key *have = class_keys(p, p->blocks, p->nblocks, compare_key);
    class_key *want = class_keys(p, p->goals, p->ngoals, compare_entry);
    if (!have || !want) {
        free(have);
        free(want);
        return sbi_fail(err, SB_ELIMIT, "out of memory checking the goal");
    }
    size_t ndistinct = 0;
    for (size_t i = 0; i < p->ngoals; i++)
        if (ndistinct == 0 || compare_entry(&want[ndistinct - 1], &want[i]) != 0)
            want[ndistinct++] = want[i];
    sb_status st = SB_OK;
    for (size_t i = 0; i < p->ngoals && st == SB_OK; i++) {
        /* In the order given, so that the first bad line is named. */
        const sb_block *g = &p->goals[i];
        class_key k = { p, g, i };
        size_t blocks = count_of_class(have, p->nblocks, &k);
        /* A plain rectangle is named by its size, as in the CS61B formats;
         * anything else by its box and kind. */
        bool plain = sb_block_is_plain(p, g);
        const char *kind = plain ? "size" : "kind";
        if (blocks == 0) {
            st = fail(err, SB_LIST_GOAL, i,
                      "goal names a %dx%d block but the tray has no block of that %s",
                      g->height, g->width, kind);
        } else if (blocks < ndistinct) {
            size_t named = count_of_class(want, ndistinct, &k);
            if (named > blocks)
                st = fail(err, SB_LIST_GOAL, i,
                          "goal names %zu blocks of %s %dx%d but the tray has only %zu",
                          named, plain ? "size" : "the kind of its", g->height, g->width,
                          blocks);
        }
    }
    free(have);
    free(want);
    return st;
}

/* A count with no array behind it is a library caller's mistake; it is
 * refused before anything reads the array. */
static sb_status check_arrays(const sb_puzzle *p, sb_error *err)
{
    if (!p)
        return fail(err, SB_LIST_NONE, 0, "the puzzle is NULL");
    if (p->nshapes && !p->shapes)
        return fail(err, SB_LIST_NONE, 0, "the puzzle counts %zu shapes but its shapes array "
                    "is NULL", p->nshapes);
    if (p->nblocks && !p->blocks)
        return fail(err, SB_LIST_NONE, 0, "the puzzle counts %zu blocks but its blocks array "
                    "is NULL", p->nblocks);
    if (p->ngoals && !p->goals)
        return fail(err, SB_LIST_NONE, 0, "the puzzle counts %zu goal entries but its goals "
                    "array is NULL", p->ngoals);
    if (!sbi_zeroed(p->reserved, sizeof p->reserved))
        return fail(err, SB_LIST_NONE, 0, "the puzzle's reserved space is not zero (a field "
                    "this libslide %s does not know)", SLIDE_VERSION);
    return SB_OK;
}

/* The checks up to the block lists: arrays, tray and, with init, the
 * starting layout; then the goal's layout. */
static sb_status check_lists(const sb_puzzle *p, bool init, sb_error *err)
{
    sb_status st = check_arrays(p, err);
    if (st == SB_OK)
        st = check_tray(p, err);
    if (st == SB_OK && init)
        st = check_layout(p, SB_LIST_INIT, err);
    if (st == SB_OK)
        st = check_layout(p, SB_LIST_GOAL, err);
    return st;
}

sb_status sbi_puzzle_check_goals(const sb_puzzle *p, sb_error *err)
{
    return check_lists(p, false, err);
}

sb_status sb_puzzle_check(const sb_puzzle *p, sb_error *err)
{
    sb_status st = check_lists(p, true, err);
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
    for (size_t k = 0; p->shapes && k < p->nshapes; k++)
        free(p->shapes[k].cells);
    free(p->shapes);
    free(p->walls);
    memset(p, 0, sizeof *p);
}

bool sb_puzzle_solved(const sb_puzzle *p)
{
    /* Goal entries are few and checked once per puzzle: quadratic is fine
     * up to the sizes the CS61B suites use; the solver has its own test. */
    if (!p)
        return false;
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
        ok = a && sb_block_same_class(p, &p->blocks[a - 1], g);
    }
    free(anchor);
    return ok;
}

void sb_options_default(sb_options *opts)
{
    if (!opts)
        return;
    memset(opts, 0, sizeof *opts);
    opts->metric = SB_METRIC_LINE;
    opts->algo = SB_ALGO_AUTO;
    opts->path = SB_PATH_AUTO;
}

bool sb_bitboard_fits(int rows, int cols)
{
    return rows >= 1 && cols >= 1 && rows <= 64 && cols <= 64 &&
           (2 * rows - 1) * (2 * cols - 1) <= 128;
}

/* Which way a coordinate went, -1, 0 or 1: compared, not subtracted, so
 * that no pair of ints overflows (moves come from callers unchecked). */
static int step_sign(int from, int to)
{
    return (to > from) - (to < from);
}

/* How far a coordinate went, in 64 bits: INT_MIN to INT_MAX is 2^32 - 1. */
static uint64_t distance(int from, int to)
{
    int64_t d = (int64_t)to - (int64_t)from;
    return (uint64_t)(d < 0 ? -d : d);
}

uint64_t sb_moves_length(const sb_move *moves, size_t n, sb_metric metric)
{
    uint64_t len = 0;
    for (size_t i = 0; moves && i < n; i++) {
        const sb_move *m = &moves[i], *prev = i ? &moves[i - 1] : NULL;
        /* Same block: this slide starts where the previous one ended. */
        bool same_block = prev && prev->to_row == m->from_row && prev->to_col == m->from_col;
        bool same_line =
            same_block &&
            step_sign(prev->from_row, prev->to_row) == step_sign(m->from_row, m->to_row) &&
            step_sign(prev->from_col, prev->to_col) == step_sign(m->from_col, m->to_col);
        if (metric == SB_METRIC_UNIT)
            len += distance(m->from_row, m->to_row) + distance(m->from_col, m->to_col);
        else if (metric == SB_METRIC_LINE)
            len += !same_line;
        else
            len += !same_block;
    }
    return len;
}
