/*
 * test_family.c - sb_family() and sb_components() against a brute force
 * that shares nothing with the engine but slide.h.
 *
 * The trays are small (at most 16 cells), so every layout fits in one
 * 64-bit word: four bits per cell, holding 1 + the shape id of the block
 * whose upper-left corner is that cell, 0 elsewhere.  The anchors and the
 * shapes determine the layout, and blocks of one shape are
 * interchangeable, so this word is a canonical key.
 *
 * Layouts are enumerated cell by cell in row-major order: the first cell
 * not yet covered is either left empty or is the upper-left corner of a
 * new block (a block covering it from an earlier anchor would already
 * have covered it), so each layout comes out exactly once.  They are kept
 * in a sorted array; components are labelled by BFS over one-cell moves
 * of one block (every move of every metric is made of those, and each is
 * reversible), finding neighbours by binary search.
 *
 * A family (slide.h): INIT's blocks of more than two cells stay; every
 * count of 1x1, 1x2 and 2x1 blocks that leaves at least INIT's number of
 * empty cells is a member, by units, then wides, then talls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "slide.h"

#include "unit.h"

enum { MAX_CELLS = 16, MAX_SHAPES = 8 };

/* A piece set on a tray: shapes and how many blocks of each. */
typedef struct pieces {
    int rows, cols;
    int nshapes;
    int height[MAX_SHAPES], width[MAX_SHAPES];
    int count[MAX_SHAPES];
} pieces;

/* Every layout of a piece set and its components, by brute force. */
typedef struct census {
    size_t n, cap;
    uint64_t *keys;        /* sorted */
    size_t *label;         /* component of each key */
    size_t ncomponents;
    uint64_t *sizes;       /* per component, in label order */
} census;

static int get(uint64_t key, int cell)
{
    return (int)((key >> (4 * cell)) & 15);
}

static uint64_t put(uint64_t key, int cell, int code)
{
    return (key & ~((uint64_t)15 << (4 * cell))) | ((uint64_t)code << (4 * cell));
}

static void push(census *c, uint64_t key)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->keys = realloc(c->keys, c->cap * sizeof *c->keys);
        if (!c->keys) {
            fprintf(stderr, "test_family: out of memory\n");
            exit(2);
        }
    }
    c->keys[c->n++] = key;
}

/* Fills the rest of the tray from cell on; covered[] marks cells taken,
 * left[] the blocks still to place, empties the empty cells still to leave. */
static void enumerate(const pieces *pc, int cell, bool *covered, int *left, int empties,
                      uint64_t key, census *out)
{
    int ncells = pc->rows * pc->cols;
    while (cell < ncells && covered[cell])
        cell++;
    if (cell == ncells) {
        push(out, key);     /* cells add up, so every block and empty is used */
        return;
    }
    int r = cell / pc->cols, c = cell % pc->cols;
    if (empties > 0) {
        covered[cell] = true;
        enumerate(pc, cell + 1, covered, left, empties - 1, key, out);
        covered[cell] = false;
    }
    for (int s = 0; s < pc->nshapes; s++) {
        int h = pc->height[s], w = pc->width[s];
        if (!left[s] || r + h > pc->rows || c + w > pc->cols)
            continue;
        bool fits = true;
        for (int y = r; y < r + h; y++)
            for (int x = c; x < c + w; x++)
                fits = fits && !covered[y * pc->cols + x];
        if (!fits)
            continue;
        for (int y = r; y < r + h; y++)
            for (int x = c; x < c + w; x++)
                covered[y * pc->cols + x] = true;
        left[s]--;
        enumerate(pc, cell + 1, covered, left, empties, put(key, cell, s + 1), out);
        left[s]++;
        for (int y = r; y < r + h; y++)
            for (int x = c; x < c + w; x++)
                covered[y * pc->cols + x] = false;
    }
}

static int compare_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* The index of key among c's keys, or c->n. */
static size_t find(const census *c, uint64_t key)
{
    const uint64_t *at = bsearch(&key, c->keys, c->n, sizeof key, compare_u64);
    return at ? (size_t)(at - c->keys) : c->n;
}

/* Owner grid of a layout: owner[cell] = anchor cell of the block there, or -1. */
static void owners(const pieces *pc, uint64_t key, int *owner)
{
    int ncells = pc->rows * pc->cols;
    for (int i = 0; i < ncells; i++)
        owner[i] = -1;
    for (int a = 0; a < ncells; a++) {
        int code = get(key, a);
        if (!code)
            continue;
        int s = code - 1, r = a / pc->cols, c = a % pc->cols;
        for (int y = r; y < r + pc->height[s]; y++)
            for (int x = c; x < c + pc->width[s]; x++)
                owner[y * pc->cols + x] = a;
    }
}

/* Puts in out[] the index of every layout one cell-step of one block away
 * from key; returns how many. */
static size_t neighbours(const pieces *pc, const census *c, uint64_t key, size_t *out)
{
    static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
    int owner[MAX_CELLS];
    size_t n = 0;
    owners(pc, key, owner);
    for (int a = 0; a < pc->rows * pc->cols; a++) {
        int code = get(key, a);
        if (!code)
            continue;
        int s = code - 1, r = a / pc->cols, col = a % pc->cols;
        int h = pc->height[s], w = pc->width[s];
        for (int d = 0; d < 4; d++) {
            int nr = r + dr[d], nc = col + dc[d];
            if (nr < 0 || nc < 0 || nr + h > pc->rows || nc + w > pc->cols)
                continue;
            bool free = true;
            for (int y = nr; y < nr + h; y++)
                for (int x = nc; x < nc + w; x++) {
                    int o = owner[y * pc->cols + x];
                    free = free && (o == -1 || o == a);
                }
            if (!free)
                continue;
            uint64_t moved = put(put(key, a, 0), nr * pc->cols + nc, code);
            size_t i = find(c, moved);
            if (i == c->n) {        /* a legal move must land on a layout */
                unit_check((0) != 0, __FILE__, __LINE__, "a move leads to a layout not enumerated");
                continue;
            }
            out[n++] = i;
        }
    }
    return n;
}

static void census_of(const pieces *pc, census *out)
{
    memset(out, 0, sizeof *out);
    int ncells = pc->rows * pc->cols, used = 0;
    bool covered[MAX_CELLS] = { false };
    int left[MAX_SHAPES];
    for (int s = 0; s < pc->nshapes; s++) {
        left[s] = pc->count[s];
        used += pc->count[s] * pc->height[s] * pc->width[s];
    }
    if (used <= ncells)
        enumerate(pc, 0, covered, left, ncells - used, 0, out);
    if (out->n)     /* a member with no layout has no array at all */
        qsort(out->keys, out->n, sizeof *out->keys, compare_u64);
    for (size_t i = 1; i < out->n; i++)
        if (out->keys[i - 1] == out->keys[i])       /* each layout once */
            unit_check((0) != 0, __FILE__, __LINE__, "a layout enumerated twice");

    out->label = malloc((out->n + 1) * sizeof *out->label);
    out->sizes = malloc((out->n + 1) * sizeof *out->sizes);
    size_t *queue = malloc((out->n + 1) * sizeof *queue);
    if (!out->label || !out->sizes || !queue) {
        fprintf(stderr, "test_family: out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < out->n; i++)
        out->label[i] = (size_t)-1;
    size_t next[4 * MAX_CELLS];
    for (size_t start = 0; start < out->n; start++) {
        if (out->label[start] != (size_t)-1)
            continue;
        size_t comp = out->ncomponents++, head = 0, tail = 0;
        out->label[start] = comp;
        queue[tail++] = start;
        while (head < tail) {
            size_t v = queue[head++];
            size_t k = neighbours(pc, out, out->keys[v], next);
            for (size_t j = 0; j < k; j++)
                if (out->label[next[j]] == (size_t)-1) {
                    out->label[next[j]] = comp;
                    queue[tail++] = next[j];
                }
        }
        out->sizes[comp] = tail;
    }
    free(queue);
}

static void census_free(census *c)
{
    free(c->keys);
    free(c->label);
    free(c->sizes);
    memset(c, 0, sizeof *c);
}

/* The shape id of h x w in pc, added when new. */
static int shape(pieces *pc, int h, int w)
{
    for (int s = 0; s < pc->nshapes; s++)
        if (pc->height[s] == h && pc->width[s] == w)
            return s;
    if (pc->nshapes == MAX_SHAPES) {
        fprintf(stderr, "test_family: too many shapes\n");
        exit(2);
    }
    pc->height[pc->nshapes] = h;
    pc->width[pc->nshapes] = w;
    pc->count[pc->nshapes] = 0;
    return pc->nshapes++;
}

/* The key of a list of blocks (an sb_components example), or 0 when the
 * blocks are not a layout of pc: off the tray, overlapping, or another
 * multiset of shapes. */
static uint64_t key_of(const pieces *pc, const sb_block *b, size_t n)
{
    bool covered[MAX_CELLS] = { false };
    int count[MAX_SHAPES] = { 0 };
    uint64_t key = 0;
    for (size_t i = 0; i < n; i++) {
        int s = -1;
        for (int t = 0; t < pc->nshapes; t++)
            if (pc->height[t] == b[i].height && pc->width[t] == b[i].width)
                s = t;
        if (s < 0 || b[i].row < 0 || b[i].col < 0 || b[i].row + b[i].height > pc->rows ||
            b[i].col + b[i].width > pc->cols)
            return 0;
        count[s]++;
        for (int y = b[i].row; y < b[i].row + b[i].height; y++)
            for (int x = b[i].col; x < b[i].col + b[i].width; x++) {
                if (covered[y * pc->cols + x])
                    return 0;
                covered[y * pc->cols + x] = true;
            }
        key = put(key, b[i].row * pc->cols + b[i].col, s + 1);
    }
    for (int s = 0; s < pc->nshapes; s++)
        if (count[s] != pc->count[s])
            return 0;
    return key;
}

/* The blocks of layout key, as an sb_puzzle's block list; returns how many. */
static size_t blocks_of(const pieces *pc, uint64_t key, sb_block *out)
{
    size_t n = 0;
    for (int a = 0; a < pc->rows * pc->cols; a++) {
        int code = get(key, a);
        if (code)
            out[n++] = (sb_block){ a / pc->cols, a % pc->cols, pc->height[code - 1],
                                   pc->width[code - 1] };
    }
    return n;
}

static int compare_desc(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a < b) - (a > b);
}

/* sb_components on one layout of pc against the census: layouts, the
 * number and sizes of components, and that example i lies in a component
 * of the size listed for i, no two examples in the same one. */
static void check_components(const char *name, const pieces *pc, const census *c)
{
    sb_block blocks[MAX_CELLS];
    sb_puzzle p = { pc->rows, pc->cols, blocks_of(pc, c->keys[c->n / 2], blocks), blocks,
                    0, NULL };
    sb_options opts;
    sb_options_default(&opts);
    sb_components_report rep;
    sb_error err;
    if (!CHECK(sb_components(&p, &opts, false, &rep, &err) == SB_OK)) {
        fprintf(stderr, "    %s: %s\n", name, err.msg);
        return;
    }
    uint64_t *want = malloc((c->ncomponents + 1) * sizeof *want);
    bool *seen = calloc(c->ncomponents + 1, sizeof *seen);
    if (!want || !seen) {
        fprintf(stderr, "test_family: out of memory\n");
        exit(2);
    }
    memcpy(want, c->sizes, c->ncomponents * sizeof *want);
    qsort(want, c->ncomponents, sizeof *want, compare_desc);
    int ok = CHECK(rep.layouts == c->n) & CHECK(rep.ncomponents == c->ncomponents) &
             CHECK(rep.nblocks == p.nblocks);
    for (size_t i = 0; ok && i < rep.ncomponents; i++) {
        ok &= CHECK(rep.components[i].size == want[i]);
        uint64_t key = key_of(pc, rep.examples + i * rep.nblocks, rep.nblocks);
        size_t at = key ? find(c, key) : c->n;
        if (!CHECK(at < c->n)) {
            ok = 0;
            break;
        }
        size_t comp = c->label[at];
        ok &= CHECK(c->sizes[comp] == rep.components[i].size) & CHECK(!seen[comp]);
        seen[comp] = true;
    }
    if (!ok)
        fprintf(stderr, "    %s: sb_components says %llu layouts, %zu components; "
                "brute force %zu layouts, %zu components\n", name,
                (unsigned long long)rep.layouts, rep.ncomponents, c->n, c->ncomponents);
    free(want);
    free(seen);
    sb_components_report_free(&rep);
}

/* sb_family on p against the brute force, member by member; then
 * sb_components on the member with the most components. */
static void check_family(const char *name, const sb_puzzle *p)
{
    /* The fixed part, and the empty cells every member keeps. */
    pieces fixed = { p->rows, p->cols, 0, { 0 }, { 0 }, { 0 } };
    int free_cells = p->rows * p->cols, empties = free_cells;
    for (size_t i = 0; i < p->nblocks; i++) {
        int area = p->blocks[i].height * p->blocks[i].width;
        empties -= area;
        if (area > 2) {
            fixed.count[shape(&fixed, p->blocks[i].height, p->blocks[i].width)]++;
            free_cells -= area;
        }
    }
    int room = free_cells - empties;

    sb_options opts;
    sb_options_default(&opts);
    sb_family_report rep;
    sb_error err;
    if (!CHECK(sb_family(p, &opts, &rep, &err) == SB_OK)) {
        fprintf(stderr, "    %s: %s\n", name, err.msg);
        return;
    }
    size_t m = 0;
    uint64_t layouts = 0, ncomponents = 0, most = 0;
    pieces best = fixed;
    for (int units = 0; units <= room; units++)
        for (int wides = 0; units + 2 * wides <= room; wides++)
            for (int talls = 0; units + 2 * (wides + talls) <= room; talls++, m++) {
                pieces pc = fixed;
                pc.count[shape(&pc, 1, 1)] = units;
                pc.count[shape(&pc, 1, 2)] = wides;
                pc.count[shape(&pc, 2, 1)] = talls;
                census c;
                census_of(&pc, &c);
                layouts += c.n;
                ncomponents += c.ncomponents;
                if (c.ncomponents > most) {
                    most = c.ncomponents;
                    best = pc;
                }
                if (m >= rep.nmembers)
                    continue;
                const sb_family_member *f = &rep.members[m];
                if (!CHECK(f->units == (uint32_t)units && f->wides == (uint32_t)wides &&
                           f->talls == (uint32_t)talls && f->layouts == c.n &&
                           f->ncomponents == c.ncomponents))
                    fprintf(stderr, "    %s member %zu: sb_family %u %u %u: %llu layouts, "
                            "%llu components; brute force %d %d %d: %zu layouts, "
                            "%zu components\n", name, m, f->units, f->wides, f->talls,
                            (unsigned long long)f->layouts, (unsigned long long)f->ncomponents,
                            units, wides, talls, c.n, c.ncomponents);
                census_free(&c);
            }
    if (!CHECK(rep.nmembers == m))
        fprintf(stderr, "    %s: sb_family has %zu members, brute force %zu\n", name,
                rep.nmembers, m);
    CHECK(rep.layouts == layouts && rep.ncomponents == ncomponents);
    printf("%s: %zu members, %llu layouts, %llu components\n", name, m,
           (unsigned long long)layouts, (unsigned long long)ncomponents);
    sb_family_report_free(&rep);

    census c;
    census_of(&best, &c);
    check_components(name, &best, &c);
    census_free(&c);
}

int main(void)
{
    clock_t t0 = clock();
    /* 3x4: a fixed 2x2, four 1x1 and a 1x2: two empty cells, 30 members. */
    sb_block wide[] = { { 0, 0, 2, 2 }, { 0, 2, 1, 1 }, { 0, 3, 1, 1 }, { 1, 2, 1, 2 },
                        { 2, 0, 1, 1 }, { 2, 1, 1, 1 } };
    sb_puzzle p1 = { 3, 4, 6, wide, 0, NULL };
    /* 4x3, the same blocks turned: the other orientation of the image. */
    sb_block tall[] = { { 0, 0, 2, 2 }, { 2, 0, 1, 1 }, { 3, 0, 1, 1 }, { 2, 1, 2, 1 },
                        { 0, 2, 1, 1 }, { 1, 2, 1, 1 } };
    sb_puzzle p2 = { 4, 3, 6, tall, 0, NULL };
    /* 4x4: two fixed shapes (a 2x2 and a 1x3), four empty cells. */
    sb_block square[] = { { 0, 0, 2, 2 }, { 3, 0, 1, 3 }, { 0, 2, 1, 1 }, { 1, 2, 2, 1 },
                          { 2, 0, 1, 2 } };
    sb_puzzle p3 = { 4, 4, 5, square, 0, NULL };
    sb_error err;
    CHECK(sb_puzzle_check(&p1, &err) == SB_OK && sb_puzzle_check(&p2, &err) == SB_OK &&
          sb_puzzle_check(&p3, &err) == SB_OK);
    check_family("3x4", &p1);
    check_family("4x3", &p2);
    check_family("4x4", &p3);
    printf("test_family: %.3f s\n",
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    return unit_finish("test_family");
}
