/*
 * unit.h - what the engine's unit tests share, kept apart from the engine
 * so that they check it rather than repeat it: a CHECK that counts
 * failures, a fixed-seed generator, random puzzles, and a move generator
 * and breadth-first search of the tests' own that use nothing of the
 * engine but slide.h's types.
 *
 * unit_shape_put draws a piece of any shape into a random picture's grid,
 * unit_picture writes the picture, unit_block_cells reads the cells a
 * block covers.
 *
 * The move generator works on plain block lists and an occupancy grid:
 * every block, every direction, every distance while the rectangle at the
 * new place stays inside the tray and covers only empty cells (line), the
 * first step only (unit), or every place a flood fill of such single
 * steps reaches with the block lifted (piece).  A configuration is a block
 * list sorted by corner: blocks of one size are interchangeable and two
 * blocks never share a corner, so the sorted list is canonical.
 *
 * The search (trays of at most 16 cells) keys a configuration by one
 * 64-bit word, four bits per cell: 1 + the index of the block's size at
 * its upper-left cell, 0 elsewhere.
 *
 * Everything is static inline, so a test that uses part of it compiles
 * without warnings about the rest.
 */
#ifndef SB_TEST_UNIT_H
#define SB_TEST_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>

#include "slide_formats.h"

static int unit_passes, unit_failures;

/* Records one check and says where it failed (the first 40 failures).
 * Returns ok, so a check can guard what follows it. */
static inline bool unit_check(bool ok, const char *file, int line, const char *what)
{
    if (ok) {
        unit_passes++;
        return true;
    }
    if (++unit_failures <= 40)
        fprintf(stderr, "%s:%d: check failed: %s ", file, line, what);
    return false;
}

/* The rest of a failed check's message; false. */
static inline __attribute__((format(printf, 1, 2))) bool unit_say(const char *fmt, ...)
{
    if (unit_failures <= 40) {
        va_list ap;
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    return false;
}

/* A check, as an expression worth its truth: cond is evaluated once. */
#define CHECK(cond) CHECK_MSG(cond, "%s", "")

/* A check that says more when it fails: a printf format and its values. */
#define CHECK_MSG(cond, ...) \
    (unit_check((cond) != 0, __FILE__, __LINE__, #cond) ? true : unit_say(__VA_ARGS__))

/* Ends a test program: the closing line (N passed, N failed) and the exit
 * status, 1 on any failure.  A program that ran no check at all fails too:
 * it proved nothing (a test list emptied by mistake, a loop that never
 * ran), and a pass would hide that. */
static inline int unit_finish(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, unit_passes, unit_failures);
    if (unit_passes + unit_failures == 0) {
        fprintf(stderr, "%s: no check ran, so nothing was tested\n", name);
        return 1;
    }
    return unit_failures != 0;
}

/* A part of a test program that ctest runs as a test of its own
 * (tests/CMakeLists.txt, sb_unit_test_parts), so that ctest -jN spreads a
 * long program over the cores.  Each part must stand alone: its random
 * cases come from a generator it seeds itself. */
typedef struct unit_part {
    const char *name;
    void (*run)(void);
} unit_part;

/* The main of a program in parts: runs those named on the command line,
 * or all of them when none is, and ends with unit_finish.  A name that
 * is no part fails the program. */
static inline int unit_run_parts(const char *test, int argc, char **argv, const unit_part *parts,
                                 size_t nparts)
{
    for (size_t k = 0; argc < 2 && k < nparts; k++)
        parts[k].run();
    for (int i = 1; i < argc; i++) {
        size_t k = 0;
        while (k < nparts && strcmp(parts[k].name, argv[i]) != 0)
            k++;
        if (k == nparts) {
            fprintf(stderr, "%s: no part named '%s'\n", test, argv[i]);
            return 2;
        }
        parts[k].run();
    }
    return unit_finish(test);
}

/* Whether this build is instrumented by a sanitizer (or not optimised):
 * every memory access costs several times more there. */
#if defined(__SANITIZE_ADDRESS__) || !defined(__OPTIMIZE__)
#define UNIT_SLOW_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define UNIT_SLOW_BUILD 1
#endif
#endif
#ifndef UNIT_SLOW_BUILD
#define UNIT_SLOW_BUILD 0
#endif

/* How many random cases a test runs: `fast` in an optimised build,
 * `slow` under the sanitizers (or unoptimised), or `fast` there too when
 * SLIDE_TEST_FULL is set in the environment.  The cases come from one
 * fixed-seed sequence, so the slow build's are the first of the fast
 * build's: the same code paths, fewer times.  What a sanitizer adds is
 * per code path (a bad access is bad on the first case that makes it),
 * so the fast build's extra cases are what hunt for rare inputs. */
static inline int unit_cases(int fast, int slow)
{
    const char *full = getenv("SLIDE_TEST_FULL");
    return UNIT_SLOW_BUILD && !(full && *full && strcmp(full, "0") != 0) ? slow : fast;
}

static inline void *unit_alloc(size_t bytes)
{
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "unit test: out of memory\n");
        exit(2);
    }
    return p;
}

static inline void *unit_grow(void *p, size_t bytes)
{
    p = realloc(p, bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "unit test: out of memory\n");
        exit(2);
    }
    return p;
}

/* The tests' one growing array: room for `need` items in *items, an
 * array of *cap items of `size` bytes, at least doubling when it grows.
 * Kept apart from the engine's (core/array.h), so that no test leans on
 * code it tests. */
static inline void unit_reserve(void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return;
    size_t grown = *cap ? 2 * *cap : 64;
    *cap = grown > need ? grown : need;
    void **p = items;
    *p = unit_grow(*p, *cap * size);
}

/* ---- a fixed-seed generator (xorshift64*) ------------------------------ */

typedef struct unit_rng {
    uint64_t s;
} unit_rng;

static inline uint64_t unit_next(unit_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545f4914f6cdd1dULL;
}

/* Uniform enough in 0..n-1 (n > 0) for tests. */
static inline int unit_below(unit_rng *r, int n)
{
    return (int)(unit_next(r) % (uint64_t)n);
}

/* ---- random pictures ---------------------------------------------------- */

/* A piece shape: cells relative to its first in row-major order (its
 * anchor); unit_pieces.h's UNIT_SHAPES lists the ones the tests draw. */
typedef struct unit_shape {
    int n;
    int dr[5], dc[5];
} unit_shape;

/* Draws sh with character ch into grid (rows x cols characters) with its
 * first cell at `at`, when every cell it needs is on the tray and '.';
 * false, and grid untouched, otherwise. */
static inline bool unit_shape_put(char *grid, int rows, int cols, const unit_shape *sh, int at,
                                  char ch)
{
    for (int i = 0; i < sh->n; i++) {
        int r = at / cols + sh->dr[i], c = at % cols + sh->dc[i];
        if (r < 0 || c < 0 || r >= rows || c >= cols || grid[r * cols + c] != '.')
            return false;
    }
    for (int i = 0; i < sh->n; i++)
        grid[(at / cols + sh->dr[i]) * cols + at % cols + sh->dc[i]] = ch;
    return true;
}

/* Writes a picture into text: the grid's rows (rows x cols characters),
 * then the option lines whose lists are not empty. */
static inline void unit_picture(char *text, const char *grid, int rows, int cols,
                                const char *marked, const char *horizontal, const char *vertical,
                                const char *same)
{
    for (int r = 0; r < rows; r++)
        text += sprintf(text, "%.*s\n", cols, grid + r * cols);
    const char *word[4] = { "distinct", "horizontal", "vertical", "same" };
    const char *list[4] = { marked, horizontal, vertical, same };
    for (int i = 0; i < 4; i++)
        if (list[i][0])
            text += sprintf(text, "%s: %s\n", word[i], list[i]);
}

/* The cells block b of p covers (sb_block_covers), as offsets from the
 * first in row-major order, into dr/dc (at most max of them); how many.
 * *row, *col: that first cell (-1 when b covers none). */
static inline int unit_block_cells(const sb_puzzle *p, const sb_block *b, int *dr, int *dc,
                                   int max, int *row, int *col)
{
    int n = 0;
    *row = *col = -1;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            if (sb_block_covers(p, b, r, c) && n < max) {
                if (*row < 0) {
                    *row = r;
                    *col = c;
                }
                dr[n] = r - *row;
                dc[n++] = c - *col;
            }
    return n;
}

/* A well-mixed hash of n bytes, of the tests' own (FNV-1a, then mixed):
 * for the engine's tables, which do not hash. */
static inline uint64_t unit_hash_bytes(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t b = 0; b < n; b++)
        h = (h ^ p[b]) * 0x100000001b3ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

/* ---- block lists ------------------------------------------------------- */

static inline int unit_block_cmp(const void *x, const void *y)
{
    const sb_block *a = x, *b = y;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    return (a->width > b->width) - (a->width < b->width);
}

static inline void unit_sort_blocks(sb_block *b, size_t n)
{
    qsort(b, n, sizeof *b, unit_block_cmp);
}

/* True when every goal entry is a block of that size at that place. */
static inline bool unit_goal_met(const sb_block *goals, size_t ngoals, const sb_block *blocks,
                                 size_t n)
{
    for (size_t g = 0; g < ngoals; g++) {
        bool met = false;
        for (size_t i = 0; i < n && !met; i++)
            met = blocks[i].row == goals[g].row && blocks[i].col == goals[g].col &&
                  blocks[i].height == goals[g].height && blocks[i].width == goals[g].width;
        if (!met)
            return false;
    }
    return true;
}

/* Configurations of n blocks each, in a growing array. */
typedef struct unit_confs {
    size_t n;             /* blocks per configuration */
    size_t count, cap;
    sb_block *b;          /* count * n blocks */
} unit_confs;

static inline void unit_confs_push(unit_confs *c, const sb_block *blocks)
{
    unit_reserve(&c->b, &c->cap, c->count + 1, (c->n ? c->n : 1) * sizeof *c->b);
    memcpy(c->b + c->count * c->n, blocks, c->n * sizeof *blocks);
    unit_sort_blocks(c->b + c->count * c->n, c->n);
    c->count++;
}

/* Appends a configuration that is already sorted. */
static inline void unit_confs_push_sorted(unit_confs *c, const sb_block *blocks)
{
    unit_reserve(&c->b, &c->cap, c->count + 1, (c->n ? c->n : 1) * sizeof *c->b);
    memcpy(c->b + c->count * c->n, blocks, c->n * sizeof *blocks);
    c->count++;
}

static inline const sb_block *unit_conf(const unit_confs *c, size_t i)
{
    return c->b + i * c->n;
}

/* Orders two configurations of n blocks (each sorted). */
static inline int unit_conf_cmp(const sb_block *a, const sb_block *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int by = unit_block_cmp(&a[i], &b[i]);
        if (by)
            return by;
    }
    return 0;
}

/* Sorts c's configurations (a merge sort: qsort has no context for n)
 * and returns how many were equal to the one before. */
static inline size_t unit_confs_sort(unit_confs *c)
{
    size_t n = c->n;
    if (!n)
        return c->count ? c->count - 1 : 0;
    sb_block *tmp = unit_alloc((c->count + 1) * n * sizeof *tmp);
    for (size_t run = 1; run < c->count; run *= 2) {
        for (size_t lo = 0; lo < c->count; lo += 2 * run) {
            size_t mid = lo + run < c->count ? lo + run : c->count;
            size_t hi = lo + 2 * run < c->count ? lo + 2 * run : c->count;
            size_t i = lo, j = mid, k = lo;
            while (i < mid || j < hi) {
                bool left = j >= hi ||
                            (i < mid && unit_conf_cmp(c->b + i * n, c->b + j * n, n) <= 0);
                memcpy(tmp + k++ * n, c->b + (left ? i++ : j++) * n, n * sizeof *tmp);
            }
        }
        memcpy(c->b, tmp, c->count * n * sizeof *tmp);
    }
    free(tmp);
    size_t repeats = 0;
    for (size_t i = 1; i < c->count; i++)
        repeats += unit_conf_cmp(c->b + (i - 1) * n, c->b + i * n, c->n) == 0;
    return repeats;
}

/* The index of conf among c's sorted configurations, or SIZE_MAX. */
static inline size_t unit_confs_find(const unit_confs *c, const sb_block *conf)
{
    size_t lo = 0, hi = c->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int by = unit_conf_cmp(unit_conf(c, mid), conf, c->n);
        if (by == 0)
            return mid;
        if (by < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return SIZE_MAX;
}

static inline void unit_confs_free(unit_confs *c)
{
    free(c->b);
    c->b = NULL;
    c->count = c->cap = 0;
}

/* ---- random puzzles ---------------------------------------------------- */

/* How unit_random_puzzle fills a tray. */
typedef struct unit_shape_plan {
    int max_h, max_w;     /* largest block sides (clipped to the tray) */
    int fill_pct;         /* stop once this share of the cells is covered */
    int unit_pct;         /* chance in percent that a block is 1x1 */
    int max_goals;        /* goal entries: 0..max_goals */
} unit_shape_plan;

/* An empty rows x cols puzzle with room for max_blocks blocks, to be
 * filled by the caller (who frees it with sb_puzzle_free). */
static inline void unit_puzzle_init(sb_puzzle *p, int rows, int cols, size_t max_blocks)
{
    memset(p, 0, sizeof *p);
    p->rows = rows;
    p->cols = cols;
    p->blocks = unit_alloc(max_blocks * sizeof *p->blocks);
}

/* A random puzzle on a rows x cols tray: non-overlapping rectangles (at
 * least one), and goal entries of the blocks' sizes at random places,
 * not overlapping, never more of a size than there are blocks of it.
 * The caller frees it with sb_puzzle_free. */
static inline void unit_random_puzzle(sb_puzzle *p, unit_rng *r, int rows, int cols,
                                      const unit_shape_plan *plan)
{
    int ncells = rows * cols;
    int *grid = unit_alloc((size_t)ncells * sizeof *grid);
    unit_puzzle_init(p, rows, cols, (size_t)ncells);
    int covered = 0, target = (ncells * plan->fill_pct + 99) / 100;
    for (int tries = 0; tries < 40 * ncells && (covered < target || !p->nblocks); tries++) {
        int mh = plan->max_h < rows ? plan->max_h : rows;
        int mw = plan->max_w < cols ? plan->max_w : cols;
        bool unit = unit_below(r, 100) < plan->unit_pct;
        int h = unit ? 1 : 1 + unit_below(r, mh), w = unit ? 1 : 1 + unit_below(r, mw);
        int br = unit_below(r, rows - h + 1), bc = unit_below(r, cols - w + 1);
        bool free_cells = true;
        for (int y = br; y < br + h && free_cells; y++)
            for (int x = bc; x < bc + w && free_cells; x++)
                free_cells = !grid[y * cols + x];
        if (!free_cells || covered + h * w > ncells - (ncells > 1))
            continue;
        for (int y = br; y < br + h; y++)
            for (int x = bc; x < bc + w; x++)
                grid[y * cols + x] = 1;
        covered += h * w;
        p->blocks[p->nblocks++] = (sb_block){ br, bc, h, w };
    }
    if (!p->nblocks)   /* a 1x1 tray: its one cell */
        p->blocks[p->nblocks++] = (sb_block){ 0, 0, 1, 1 };
    int ngoals = unit_below(r, plan->max_goals + 1);
    p->goals = unit_alloc((size_t)(ngoals + 1) * sizeof *p->goals);
    memset(grid, 0, (size_t)ncells * sizeof *grid);
    for (int tries = 0; tries < 50 && (int)p->ngoals < ngoals; tries++) {
        sb_block size = p->blocks[unit_below(r, (int)p->nblocks)];
        size_t have = 0, named = 0;
        for (size_t i = 0; i < p->nblocks; i++)
            have += p->blocks[i].height == size.height && p->blocks[i].width == size.width;
        for (size_t i = 0; i < p->ngoals; i++)
            named += p->goals[i].height == size.height && p->goals[i].width == size.width;
        if (named >= have)
            continue;
        int gr = unit_below(r, rows - size.height + 1), gc = unit_below(r, cols - size.width + 1);
        bool free_cells = true;
        for (int y = gr; y < gr + size.height && free_cells; y++)
            for (int x = gc; x < gc + size.width && free_cells; x++)
                free_cells = !grid[y * cols + x];
        if (!free_cells)
            continue;
        for (int y = gr; y < gr + size.height; y++)
            for (int x = gc; x < gc + size.width; x++)
                grid[y * cols + x] = 1;
        p->goals[p->ngoals++] = (sb_block){ gr, gc, size.height, size.width };
    }
    free(grid);
}

/* Prints a puzzle, for a failure message. */
static inline void unit_print_puzzle(FILE *f, const sb_puzzle *p)
{
    fprintf(f, "  tray %dx%d, blocks (h w r c):", p->rows, p->cols);
    for (size_t i = 0; i < p->nblocks; i++)
        fprintf(f, " [%d %d %d %d]", p->blocks[i].height, p->blocks[i].width,
                p->blocks[i].row, p->blocks[i].col);
    fprintf(f, "; goal:");
    for (size_t i = 0; i < p->ngoals; i++)
        fprintf(f, " [%d %d %d %d]", p->goals[i].height, p->goals[i].width, p->goals[i].row,
                p->goals[i].col);
    fputc('\n', f);
}

static inline void unit_print_blocks(FILE *f, const char *what, const sb_block *b, size_t n)
{
    fprintf(f, "  %s (h w r c):", what);
    for (size_t i = 0; i < n; i++)
        fprintf(f, " [%d %d %d %d]", b[i].height, b[i].width, b[i].row, b[i].col);
    fputc('\n', f);
}

/* ---- the tests' own move generator ------------------------------------- */

/* The largest tray the generator takes (a block list is never longer). */
enum { UNIT_MAX_CELLS = 128 };

static const int UNIT_DR[4] = { -1, 1, 0, 0 };
static const int UNIT_DC[4] = { 0, 0, -1, 1 };

/* True when block i of blocks (grid: per cell the covering block's index,
 * -1 when empty) fits with its corner at (r, c): inside the tray and over
 * cells that are empty or its own. */
static inline bool unit_fits(int rows, int cols, const int *grid, const sb_block *b, int i,
                             int r, int c)
{
    if (r < 0 || c < 0 || r + b->height > rows || c + b->width > cols)
        return false;
    for (int y = r; y < r + b->height; y++)
        for (int x = c; x < c + b->width; x++)
            if (grid[y * cols + x] != -1 && grid[y * cols + x] != i)
                return false;
    return true;
}

/* Writes to child the sorted list `sorted` with block i moved to (r, c),
 * kept sorted: the one block moved finds its place. */
static inline void unit_moved(const sb_block *sorted, size_t n, size_t i, int r, int c,
                              sb_block *child)
{
    sb_block b = sorted[i];
    b.row = r;
    b.col = c;
    size_t k = 0;
    bool put = false;
    for (size_t j = 0; j < n; j++) {
        if (j == i)
            continue;
        if (!put && unit_block_cmp(&b, &sorted[j]) < 0) {
            child[k++] = b;
            put = true;
        }
        child[k++] = sorted[j];
    }
    if (!put)
        child[k] = b;
}

/* Appends to out (out->n == n) every configuration one move from blocks
 * under metric, each sorted. */
static inline void unit_children(int rows, int cols, const sb_block *given, size_t n,
                                 sb_metric metric, unit_confs *out)
{
    int ncells = rows * cols;
    if (ncells > UNIT_MAX_CELLS) {
        fprintf(stderr, "unit_children: trays of at most %d cells\n", UNIT_MAX_CELLS);
        exit(2);
    }
    /* On the stack: this runs for every configuration the tests search. */
    int grid[UNIT_MAX_CELLS], queue[UNIT_MAX_CELLS];
    bool seen[UNIT_MAX_CELLS];
    sb_block child[UNIT_MAX_CELLS], blocks[UNIT_MAX_CELLS];
    memcpy(blocks, given, n * sizeof *blocks);
    unit_sort_blocks(blocks, n);
    for (int cell = 0; cell < ncells; cell++)
        grid[cell] = -1;
    for (size_t i = 0; i < n; i++)
        for (int y = blocks[i].row; y < blocks[i].row + blocks[i].height; y++)
            for (int x = blocks[i].col; x < blocks[i].col + blocks[i].width; x++)
                grid[y * cols + x] = (int)i;
    for (size_t i = 0; i < n; i++) {
        const sb_block *b = &blocks[i];
        if (metric == SB_METRIC_PIECE) {
            memset(seen, 0, (size_t)ncells * sizeof *seen);
            int head = 0, tail = 0;
            queue[tail++] = b->row * cols + b->col;
            seen[queue[0]] = true;
            while (head < tail) {
                int at = queue[head++], r = at / cols, c = at % cols;
                for (int d = 0; d < 4; d++) {
                    int nr = r + UNIT_DR[d], nc = c + UNIT_DC[d];
                    if (!unit_fits(rows, cols, grid, b, (int)i, nr, nc) || seen[nr * cols + nc])
                        continue;
                    seen[nr * cols + nc] = true;
                    queue[tail++] = nr * cols + nc;
                    unit_moved(blocks, n, i, nr, nc, child);
                    unit_confs_push_sorted(out, child);
                }
            }
            continue;
        }
        for (int d = 0; d < 4; d++)
            for (int k = 1;; k++) {
                int nr = b->row + k * UNIT_DR[d], nc = b->col + k * UNIT_DC[d];
                if (!unit_fits(rows, cols, grid, b, (int)i, nr, nc))
                    break;
                unit_moved(blocks, n, i, nr, nc, child);
                unit_confs_push_sorted(out, child);
                if (metric == SB_METRIC_UNIT)
                    break;
            }
    }
}

/* ---- the tests' own breadth-first search (trays of at most 16 cells) --- */

typedef struct unit_graph {
    int rows, cols;
    size_t nblocks;
    int nsizes;
    int height[16], width[16];   /* the distinct block sizes */
    size_t count;                /* configurations reached */
    uint64_t *keys;              /* by index, in BFS order */
    unsigned *dist;              /* distance from the root, by index */
    uint32_t *slots;             /* open addressing: index + 1, 0 empty */
    size_t nslots;               /* a power of two */
    size_t *first;               /* count + 1: where each one's moves start in `to` */
    uint32_t *to;                /* the moves: indexes of the configurations reached */
} unit_graph;

static inline size_t unit_slot(const unit_graph *g, uint64_t key)
{
    key ^= key >> 31;
    key *= 0x9e3779b97f4a7c15ULL;
    key ^= key >> 29;
    return (size_t)key & (g->nslots - 1);
}

/* The index of key, or SIZE_MAX. */
static inline size_t unit_graph_find(const unit_graph *g, uint64_t key)
{
    for (size_t i = unit_slot(g, key); g->slots[i]; i = (i + 1) & (g->nslots - 1))
        if (g->keys[g->slots[i] - 1] == key)
            return g->slots[i] - 1;
    return SIZE_MAX;
}

static inline void unit_graph_add(unit_graph *g, uint64_t key, unsigned dist)
{
    if (2 * (g->count + 1) > g->nslots) {
        size_t n = g->nslots ? 2 * g->nslots : 1024;
        free(g->slots);
        g->slots = unit_alloc(n * sizeof *g->slots);
        g->nslots = n;
        g->keys = unit_grow(g->keys, n / 2 * sizeof *g->keys);
        g->dist = unit_grow(g->dist, n / 2 * sizeof *g->dist);
        for (size_t k = 0; k < g->count; k++) {
            size_t i = unit_slot(g, g->keys[k]);
            while (g->slots[i])
                i = (i + 1) & (n - 1);
            g->slots[i] = (uint32_t)k + 1;
        }
    }
    size_t i = unit_slot(g, key);
    while (g->slots[i])
        i = (i + 1) & (g->nslots - 1);
    g->slots[i] = (uint32_t)g->count + 1;
    g->keys[g->count] = key;
    g->dist[g->count++] = dist;
}

static inline uint64_t unit_encode(const unit_graph *g, const sb_block *b, size_t n)
{
    uint64_t key = 0;
    for (size_t i = 0; i < n; i++) {
        int s = 0;
        while (g->height[s] != b[i].height || g->width[s] != b[i].width)
            s++;
        key |= (uint64_t)(s + 1) << (4 * (b[i].row * g->cols + b[i].col));
    }
    return key;
}

/* Writes key's blocks to out, sorted by corner. */
static inline void unit_decode(const unit_graph *g, uint64_t key, sb_block *out)
{
    size_t n = 0;
    for (int cell = 0; cell < g->rows * g->cols; cell++) {
        int code = (int)(key >> (4 * cell) & 15);
        if (code)
            out[n++] = (sb_block){ cell / g->cols, cell % g->cols, g->height[code - 1],
                                   g->width[code - 1] };
    }
}

/* The configurations one move from g's configuration number `at`. */
static inline void unit_graph_children(const unit_graph *g, size_t at, sb_metric metric,
                                       unit_confs *out)
{
    sb_block b[16];
    unit_decode(g, g->keys[at], b);
    out->n = g->nblocks;
    out->count = 0;
    unit_children(g->rows, g->cols, b, g->nblocks, metric, out);
}

/* Everything reachable from p's blocks under metric, with distances and
 * the moves between them. */
static inline void unit_bfs(const sb_puzzle *p, sb_metric metric, unit_graph *g)
{
    memset(g, 0, sizeof *g);
    g->rows = p->rows;
    g->cols = p->cols;
    g->nblocks = p->nblocks;
    if (p->rows * p->cols > 16) {
        fprintf(stderr, "unit_bfs: trays of at most 16 cells\n");
        exit(2);
    }
    for (size_t i = 0; i < p->nblocks; i++) {
        int s = 0;
        while (s < g->nsizes && (g->height[s] != p->blocks[i].height ||
                                 g->width[s] != p->blocks[i].width))
            s++;
        if (s == g->nsizes) {
            g->height[s] = p->blocks[i].height;
            g->width[s] = p->blocks[i].width;
            g->nsizes++;
        }
    }
    unit_graph_add(g, unit_encode(g, p->blocks, p->nblocks), 0);
    unit_confs kids = { 0 };
    size_t nto = 0, to_cap = 0, first_cap = 0;
    for (size_t at = 0; at < g->count; at++) {
        unit_reserve(&g->first, &first_cap, at + 2, sizeof *g->first);   /* and g->first[at + 1] */
        g->first[at] = nto;
        unit_graph_children(g, at, metric, &kids);
        for (size_t k = 0; k < kids.count; k++) {
            uint64_t key = unit_encode(g, unit_conf(&kids, k), g->nblocks);
            size_t j = unit_graph_find(g, key);
            if (j == SIZE_MAX) {
                j = g->count;
                unit_graph_add(g, key, g->dist[at] + 1);
            }
            unit_reserve(&g->to, &to_cap, nto + 1, sizeof *g->to);
            g->to[nto++] = (uint32_t)j;
        }
    }
    g->first[g->count] = nto;
    unit_confs_free(&kids);
}

static inline void unit_graph_free(unit_graph *g)
{
    free(g->keys);
    free(g->dist);
    free(g->slots);
    free(g->first);
    free(g->to);
    memset(g, 0, sizeof *g);
}

#endif
