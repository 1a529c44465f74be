/*
 * unit_pieces.h - piece sets of any shape, every layout of one and the
 * moves between them, by brute force: what the unit tests of the layouts
 * enumeration (test_layouts.c), of orbits (test_orbits.c) and of
 * bidirectional search (test_bidir.c) check the engine against;
 * test_family.c takes its classes and shapes from here too.  It shares nothing with the engine but slide.h's types and
 * sb_block_covers (which cells a block covers is the model's definition,
 * not an idea of the enumeration).
 *
 * A class is a piece's cells relative to its anchor (its first cell in
 * row-major order), its axis and its group; two blocks are of one class
 * when those agree.  A layout is one byte per cell: 1 + the class of the
 * piece anchored there, 0 elsewhere.  Anchors and classes determine the
 * layout, so that is canonical.
 *
 * Layouts are enumerated by naive recursion, class after class, each
 * class's pieces at increasing anchors, each tried at every cell: not
 * cell by cell as the engine does, so the two share no idea but the
 * layouts they must reach.  The engine's order is recovered afterwards
 * by sorting on a layout's word: its cells in row-major order, walls and
 * cells a piece covers past its anchor left out, each written as a token
 * (0 an empty cell, 1 + class an anchor).  A walk that decides cells in
 * that order, trying empty first and then the classes in order, meets
 * layouts in lexicographic order of their words.  Every word has one
 * token per empty cell and per piece, so all have one length, and a word
 * with the walls gives back its layout.
 *
 * Moves: a step takes one piece one cell along its axis onto cells that
 * are on the tray, neither walls nor another piece's.  A unit move is a
 * step, a line move a run of steps in one direction, a piece move any run
 * of steps of one piece; every move can be undone.
 *
 * The random puzzles have walls, shaped pieces (L, T, S, U), one-axis
 * pieces, marked pieces and groups, on trays from 1x1 to well over 64
 * cells (those mostly walls, so that their layouts stay few).
 */
#ifndef SB_TEST_UNIT_PIECES_H
#define SB_TEST_UNIT_PIECES_H

#include "unit.h"

enum {
    UNIT_PIECE_CELLS = 16,     /* cells of one piece, at most */
    UNIT_PIECE_CLASSES = 24,   /* classes of one set, at most */
    UNIT_PIECES_TRAY = 256     /* cells of a tray, at most */
};

/* A class of pieces, in the brute force's own terms. */
typedef struct unit_class {
    int n;                                       /* cells */
    int dr[UNIT_PIECE_CELLS], dc[UNIT_PIECE_CELLS]; /* from the anchor, row-major */
    int left;                                    /* the box's left edge from the anchor (<= 0) */
    sb_axis axis;
    int group;
    int count;                                   /* pieces of it in a layout */
    int pin_first, pin_last;                     /* pin_first < 0: free; else the rows (axis
                                                    any or row) or the box's columns (axis
                                                    col) its anchor keeps to */
    sb_block proto;                              /* a block of it (placed as in its source) */
} unit_class;

/* A piece set on a tray. */
typedef struct unit_pieces {
    int rows, cols;
    const sb_puzzle *source;                     /* its shapes and walls */
    int nclasses;
    unit_class cls[UNIT_PIECE_CLASSES];
    int empties;                                 /* cells neither walls nor covered */
} unit_pieces;

static inline bool unit_is_wall(const unit_pieces *pc, int cell)
{
    return pc->source && pc->source->walls && pc->source->walls[cell];
}

/* b's class (count 0); false when b's first cell is not its anchor, it
 * covers no cell or more than a class holds. */
static inline bool unit_class_of_block(const sb_puzzle *p, const sb_block *b, unit_class *k)
{
    memset(k, 0, sizeof *k);
    int ar = -1, ac = -1;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            if (!sb_block_covers(p, b, r, c))
                continue;
            if (k->n == UNIT_PIECE_CELLS)
                return false;
            if (ar < 0) {
                ar = r;
                ac = c;
            }
            k->dr[k->n] = r - ar;
            k->dc[k->n] = c - ac;
            if (k->dc[k->n] < k->left)
                k->left = k->dc[k->n];
            k->n++;
        }
    k->axis = b->axis;
    k->group = b->group;
    k->pin_first = k->pin_last = -1;
    k->proto = *b;
    return k->n > 0 && ar == b->row && ac == b->col;
}

static inline bool unit_same_class(const unit_class *a, const unit_class *b)
{
    if (a->n != b->n || a->axis != b->axis || a->group != b->group)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->dr[i] != b->dr[i] || a->dc[i] != b->dc[i])
            return false;
    return true;
}

/* The index of k's class in pc, or -1. */
static inline int unit_find_class(const unit_pieces *pc, const unit_class *k)
{
    for (int s = 0; s < pc->nclasses; s++)
        if (unit_same_class(&pc->cls[s], k))
            return s;
    return -1;
}

/* The piece set of p's blocks, classes in order of first appearance;
 * false (and a check failed) when a block is not one the brute force
 * takes. */
static inline bool unit_pieces_of(const sb_puzzle *p, unit_pieces *pc)
{
    memset(pc, 0, sizeof *pc);
    pc->rows = p->rows;
    pc->cols = p->cols;
    pc->source = p;
    int covered = 0;
    for (size_t i = 0; i < p->nblocks; i++) {
        unit_class k;
        if (!CHECK_MSG(unit_class_of_block(p, &p->blocks[i], &k), "block %zu: anchor not its "
                       "first cell, or too large", i))
            return false;
        int s = unit_find_class(pc, &k);
        if (s < 0) {
            if (!CHECK_MSG(pc->nclasses < UNIT_PIECE_CLASSES, "more than %d classes",
                           UNIT_PIECE_CLASSES))
                return false;
            s = pc->nclasses++;
            pc->cls[s] = k;
        }
        pc->cls[s].count++;
        covered += k.n;
    }
    int open = 0;
    for (int cell = 0; cell < p->rows * p->cols; cell++)
        open += !unit_is_wall(pc, cell);
    pc->empties = open - covered;
    return true;
}

/* Resets empties after counts changed; false when the pieces take more
 * cells than the tray has. */
static inline bool unit_pieces_recount(unit_pieces *pc)
{
    int left = 0;
    for (int cell = 0; cell < pc->rows * pc->cols; cell++)
        left += !unit_is_wall(pc, cell);
    for (int s = 0; s < pc->nclasses; s++)
        left -= pc->cls[s].count * pc->cls[s].n;
    pc->empties = left;
    return left >= 0;
}

static inline int unit_pieces_count(const unit_pieces *pc)
{
    int n = 0;
    for (int s = 0; s < pc->nclasses; s++)
        n += pc->cls[s].count;
    return n;
}

/* ---- placing pieces ----------------------------------------------------- */

/* Whether a piece of class s anchored at cell is on the tray, off walls,
 * within its pin, and on cells whose owner[] is -1 or self. */
static inline bool unit_piece_fits(const unit_pieces *pc, int s, int cell, const int *owner,
                                   int self)
{
    const unit_class *k = &pc->cls[s];
    int r = cell / pc->cols, c = cell % pc->cols;
    if (k->pin_first >= 0) {
        int at = k->axis == SB_AXIS_COL ? c + k->left : r;
        if (at < k->pin_first || at > k->pin_last)
            return false;
    }
    for (int i = 0; i < k->n; i++) {
        int y = r + k->dr[i], x = c + k->dc[i];
        if (y < 0 || x < 0 || y >= pc->rows || x >= pc->cols)
            return false;
        int at = y * pc->cols + x;
        if (unit_is_wall(pc, at) || (owner[at] != -1 && owner[at] != self))
            return false;
    }
    return true;
}

/* Writes value over the cells of a piece of class s anchored at cell. */
static inline void unit_piece_mark(const unit_pieces *pc, int s, int cell, int *owner, int value)
{
    const unit_class *k = &pc->cls[s];
    for (int i = 0; i < k->n; i++)
        owner[cell + k->dr[i] * pc->cols + k->dc[i]] = value;
}

/* Per cell, the index (in anchor order) of the piece of layout code
 * that covers it, or -1; false when two pieces overlap or one leaves the
 * tray. */
static inline bool unit_owners(const unit_pieces *pc, const uint8_t *code, int *owner)
{
    int ncells = pc->rows * pc->cols, piece = 0;
    for (int cell = 0; cell < ncells; cell++)
        owner[cell] = -1;
    for (int cell = 0; cell < ncells; cell++)
        if (code[cell]) {
            if (!unit_piece_fits(pc, code[cell] - 1, cell, owner, -1))
                return false;
            unit_piece_mark(pc, code[cell] - 1, cell, owner, piece++);
        }
    return true;
}

/* ---- layouts -------------------------------------------------------------- */

/* Layouts of one piece set: each a word then its code (ncells bytes). */
typedef struct unit_layouts {
    int ncells, wlen;         /* bytes of a code, of a word */
    size_t n, cap;
    uint8_t *rec;             /* n records of wlen + ncells bytes */
} unit_layouts;

static inline const uint8_t *unit_layout_word(const unit_layouts *L, size_t i)
{
    return L->rec + i * (size_t)(L->wlen + L->ncells);
}

static inline const uint8_t *unit_layout_code(const unit_layouts *L, size_t i)
{
    return unit_layout_word(L, i) + L->wlen;
}

/* Writes code's word into word (wlen bytes). */
static inline void unit_word_of(const unit_pieces *pc, const uint8_t *code, uint8_t *word)
{
    int owner[UNIT_PIECES_TRAY], n = 0;
    unit_owners(pc, code, owner);
    for (int cell = 0; cell < pc->rows * pc->cols; cell++)
        if (code[cell])
            word[n++] = code[cell];
        else if (!unit_is_wall(pc, cell) && owner[cell] < 0)
            word[n++] = 0;
}

static inline void unit_layouts_push(const unit_pieces *pc, unit_layouts *L, const uint8_t *code)
{
    size_t size = (size_t)(L->wlen + L->ncells);
    unit_reserve(&L->rec, &L->cap, L->n + 1, size);
    uint8_t *at = L->rec + L->n++ * size;
    unit_word_of(pc, code, at);
    memcpy(at + L->wlen, code, (size_t)L->ncells);
}

typedef struct unit_placing {
    const unit_pieces *pc;
    unit_layouts *out;
    size_t max;
    int owner[UNIT_PIECES_TRAY];
    uint8_t code[UNIT_PIECES_TRAY];
} unit_placing;

/* Places the `left` pieces of class s still to place at anchors from
 * `from` on, then the classes after s.  false once more than max. */
static inline bool unit_place(unit_placing *w, int s, int left, int from)
{
    const unit_pieces *pc = w->pc;
    while (left == 0) {
        if (++s == pc->nclasses) {
            unit_layouts_push(pc, w->out, w->code);
            return w->out->n <= w->max;
        }
        left = pc->cls[s].count;
        from = 0;
    }
    for (int cell = from; cell < pc->rows * pc->cols; cell++) {
        if (!unit_piece_fits(pc, s, cell, w->owner, -1))
            continue;
        unit_piece_mark(pc, s, cell, w->owner, 0);
        w->code[cell] = (uint8_t)(s + 1);
        bool go_on = unit_place(w, s, left - 1, cell + 1);
        w->code[cell] = 0;
        unit_piece_mark(pc, s, cell, w->owner, -1);
        if (!go_on)
            return false;
    }
    return true;
}

static int unit_word_len;   /* for the sort's comparison, which takes no context */

static inline int unit_record_cmp(const void *x, const void *y)
{
    return memcmp(x, y, (size_t)unit_word_len);
}

/* Every layout of pc, in the engine's order (by word); false when there
 * are more than max (L then holds some of them). */
static inline bool unit_enumerate(const unit_pieces *pc, size_t max, unit_layouts *L)
{
    memset(L, 0, sizeof *L);
    L->ncells = pc->rows * pc->cols;
    L->wlen = pc->empties + unit_pieces_count(pc);
    if (pc->empties < 0 || L->ncells > UNIT_PIECES_TRAY)
        return pc->empties < 0;
    unit_placing *w = unit_alloc(sizeof *w);
    w->pc = pc;
    w->out = L;
    w->max = max;
    for (int cell = 0; cell < L->ncells; cell++)
        w->owner[cell] = -1;
    bool all = pc->nclasses == 0 || unit_place(w, 0, pc->cls[0].count, 0);
    if (pc->nclasses == 0)
        unit_layouts_push(pc, L, w->code);
    free(w);
    unit_word_len = L->wlen;
    if (L->n)
        qsort(L->rec, L->n, (size_t)(L->wlen + L->ncells), unit_record_cmp);
    return all;
}

/* The index of the layout with this word, or SIZE_MAX. */
static inline size_t unit_layouts_find(const unit_layouts *L, const uint8_t *word)
{
    size_t size = (size_t)(L->wlen + L->ncells);
    unit_word_len = L->wlen;
    const uint8_t *at = L->n ? bsearch(word, L->rec, L->n, size, unit_record_cmp) : NULL;
    return at ? (size_t)(at - L->rec) / size : SIZE_MAX;
}

static inline void unit_layouts_free(unit_layouts *L)
{
    free(L->rec);
    memset(L, 0, sizeof *L);
}

/* The blocks of layout code, in anchor order (room for every piece). */
static inline size_t unit_blocks_of(const unit_pieces *pc, const uint8_t *code, sb_block *out)
{
    size_t n = 0;
    for (int cell = 0; cell < pc->rows * pc->cols; cell++)
        if (code[cell]) {
            out[n] = pc->cls[code[cell] - 1].proto;
            out[n].row = cell / pc->cols;
            out[n].col = cell % pc->cols;
            n++;
        }
    return n;
}

/* Writes into code the layout of n blocks (any order); false when one is
 * of no class of pc, or two share an anchor. */
static inline bool unit_code_of(const unit_pieces *pc, const sb_block *b, size_t n,
                                uint8_t *code)
{
    memset(code, 0, (size_t)(pc->rows * pc->cols));
    for (size_t i = 0; i < n; i++) {
        unit_class k;
        if (!unit_class_of_block(pc->source, &b[i], &k))
            return false;
        int s = unit_find_class(pc, &k);
        int cell = b[i].row * pc->cols + b[i].col;
        if (s < 0 || code[cell])
            return false;
        code[cell] = (uint8_t)(s + 1);
    }
    return true;
}

/* ---- moves and distances between layouts --------------------------------- */

/* Moves between the layouts of L, under one metric: layout i's children
 * are to[first[i] .. first[i + 1]). */
typedef struct unit_adjacency {
    size_t *first;            /* L->n + 1 */
    uint32_t *to;
    size_t n, cap;
} unit_adjacency;

static inline void unit_adjacency_add(unit_adjacency *a, uint32_t to)
{
    unit_reserve(&a->to, &a->cap, a->n + 1, sizeof *a->to);
    a->to[a->n++] = to;
}

static inline void unit_adjacency_free(unit_adjacency *a)
{
    free(a->first);
    free(a->to);
    memset(a, 0, sizeof *a);
}

/* The index in L of layout code with its piece at `from` (class s)
 * anchored at `to` instead; code is restored. */
static inline uint32_t unit_layout_moved(const unit_pieces *pc, const unit_layouts *L,
                                         uint8_t *code, int from, int to, int s, uint8_t *word)
{
    code[from] = 0;
    code[to] = (uint8_t)(s + 1);
    unit_word_of(pc, code, word);
    size_t at = unit_layouts_find(L, word);
    code[to] = 0;
    code[from] = (uint8_t)(s + 1);
    if (at == SIZE_MAX) {
        fprintf(stderr, "unit_layout_moved: a move leads to no layout\n");
        exit(2);
    }
    return (uint32_t)at;
}

/* Whether a piece of class k may step in direction d (UNIT_DR/UNIT_DC). */
static inline bool unit_steps_along(const unit_class *k, int d)
{
    return k->axis == SB_AXIS_ANY || (k->axis == SB_AXIS_ROW ? d >= 2 : d < 2);
}

/* Every move between L's layouts (all of pc's) under metric: a one-cell
 * step of one piece along its axis onto free cells (unit), a run of such
 * steps in one direction (line), any run of steps of one piece (piece). */
static inline void unit_layout_graph(const unit_pieces *pc, const unit_layouts *L,
                                     sb_metric metric, unit_adjacency *a)
{
    int rows = pc->rows, cols = pc->cols, ncells = rows * cols;
    memset(a, 0, sizeof *a);
    a->first = unit_alloc((L->n + 1) * sizeof *a->first);
    uint8_t *code = unit_alloc((size_t)ncells + 1), *word = unit_alloc((size_t)L->wlen + 1);
    int owner[UNIT_PIECES_TRAY], queue[UNIT_PIECES_TRAY];
    bool reached[UNIT_PIECES_TRAY];
    for (size_t i = 0; i < L->n; i++) {
        a->first[i] = a->n;
        memcpy(code, unit_layout_code(L, i), (size_t)ncells);
        unit_owners(pc, code, owner);
        for (int at = 0; at < ncells; at++) {
            if (!code[at])
                continue;
            int s = code[at] - 1, self = owner[at];
            const unit_class *k = &pc->cls[s];
            if (metric != SB_METRIC_PIECE) {
                for (int d = 0; d < 4; d++)
                    for (int step = 1; unit_steps_along(k, d); step++) {
                        int r = at / cols + step * UNIT_DR[d], c = at % cols + step * UNIT_DC[d];
                        if (r < 0 || c < 0 || r >= rows || c >= cols ||
                            !unit_piece_fits(pc, s, r * cols + c, owner, self))
                            break;
                        unit_adjacency_add(a, unit_layout_moved(pc, L, code, at, r * cols + c,
                                                                s, word));
                        if (metric == SB_METRIC_UNIT)
                            break;
                    }
                continue;
            }
            /* Every anchor one-cell steps reach, the piece lifted. */
            memset(reached, 0, (size_t)ncells * sizeof *reached);
            int head = 0, tail = 0;
            queue[tail++] = at;
            reached[at] = true;
            while (head < tail) {
                int from = queue[head++];
                for (int d = 0; d < 4; d++) {
                    int r = from / cols + UNIT_DR[d], c = from % cols + UNIT_DC[d];
                    if (!unit_steps_along(k, d) || r < 0 || c < 0 || r >= rows || c >= cols ||
                        reached[r * cols + c] || !unit_piece_fits(pc, s, r * cols + c, owner, self))
                        continue;
                    reached[r * cols + c] = true;
                    queue[tail++] = r * cols + c;
                    unit_adjacency_add(a, unit_layout_moved(pc, L, code, at, r * cols + c, s,
                                                            word));
                }
            }
        }
    }
    a->first[L->n] = a->n;
    free(code);
    free(word);
}

/* Breadth-first search from layout src: dist[i] its distance to layout i
 * (-1: unreached; n entries, as queue).  Returns the farthest distance. */
static inline unsigned unit_layout_bfs(const unit_adjacency *a, size_t n, uint32_t src,
                                       int32_t *dist, uint32_t *queue)
{
    for (size_t i = 0; i < n; i++)
        dist[i] = -1;
    size_t head = 0, tail = 0;
    queue[tail++] = src;
    dist[src] = 0;
    unsigned far = 0;
    while (head < tail) {
        uint32_t x = queue[head++];
        far = (unsigned)dist[x];
        for (size_t e = a->first[x]; e < a->first[x + 1]; e++)
            if (dist[a->to[e]] < 0) {
                dist[a->to[e]] = dist[x] + 1;
                queue[tail++] = a->to[e];
            }
    }
    return far;
}

/* ---- random puzzles with any pieces -------------------------------------- */

/* Shapes the random puzzles draw from: cells relative to the anchor.  A
 * plan draws from the first few (test_family.c's pictures from the first
 * 11), so new shapes go at the end. */
static const unit_shape UNIT_SHAPES[] = {
    { 1, { 0 }, { 0 } },                              /* 1x1 */
    { 2, { 0, 0 }, { 0, 1 } },                        /* 1x2 */
    { 2, { 0, 1 }, { 0, 0 } },                        /* 2x1 */
    { 3, { 0, 1, 1 }, { 0, 0, 1 } },                  /* L trominoes, four ways */
    { 3, { 0, 0, 1 }, { 0, 1, 0 } },
    { 3, { 0, 0, 1 }, { 0, 1, 1 } },
    { 3, { 0, 1, 1 }, { 0, -1, 0 } },
    { 4, { 0, 0, 0, 1 }, { 0, 1, 2, 1 } },            /* T tetrominoes, four ways */
    { 4, { 0, 1, 1, 1 }, { 0, -1, 0, 1 } },
    { 4, { 0, 1, 1, 2 }, { 0, 0, 1, 0 } },
    { 4, { 0, 1, 1, 2 }, { 0, -1, 0, 0 } },
    { 3, { 0, 0, 0 }, { 0, 1, 2 } },                  /* 1x3 */
    { 4, { 0, 0, 1, 1 }, { 0, 1, 0, 1 } },            /* 2x2 */
    { 4, { 0, 0, 1, 1 }, { 0, 1, -1, 0 } },           /* S, Z */
    { 4, { 0, 0, 1, 1 }, { 0, 1, 1, 2 } },
    { 5, { 0, 0, 1, 1, 1 }, { 0, 2, 0, 1, 2 } },      /* U */
};
enum { UNIT_NSHAPES = sizeof UNIT_SHAPES / sizeof UNIT_SHAPES[0] };

/* How unit_random_pieces fills a tray. */
typedef struct unit_pieces_plan {
    int wall_pct;             /* chance of a wall per cell */
    int keep_empty;           /* stop once at most this many open cells are left */
    int max_pieces;
    int shapes;               /* draw from UNIT_SHAPES[0 .. shapes - 1] */
    int axis_pct;             /* chance that a piece slides along one axis only */
    int marked_pct;           /* chance that a piece is marked (a group of its own) */
    int same_pct;             /* chance of a group of two alike pieces, once */
} unit_pieces_plan;

/* p becomes a random puzzle (no goal) on a rows x cols tray as plan says;
 * the caller frees it with sb_puzzle_free.  A shape is the puzzle's when
 * it does not fill its box; pieces fit where they are put. */
static inline void unit_random_pieces(sb_puzzle *p, unit_rng *r, int rows, int cols,
                                      const unit_pieces_plan *plan)
{
    int ncells = rows * cols;
    unit_puzzle_init(p, rows, cols, (size_t)plan->max_pieces + 1);
    int *owner = unit_alloc((size_t)ncells * sizeof *owner);
    int open = 0;
    for (int cell = 0; cell < ncells; cell++) {
        owner[cell] = -1;
        if (unit_below(r, 100) < plan->wall_pct) {
            if (!p->walls)
                p->walls = unit_alloc((size_t)ncells);
            p->walls[cell] = 1;
            owner[cell] = -2;
        } else {
            open++;
        }
    }
    int shape_of[UNIT_NSHAPES];   /* the puzzle's shape number of each, 0: none yet */
    memset(shape_of, 0, sizeof shape_of);
    int group = 0, pieces = 0;
    for (int tries = 0; tries < 40 * plan->max_pieces && open > plan->keep_empty &&
                        pieces < plan->max_pieces; tries++) {
        int s = unit_below(r, plan->shapes), at = unit_below(r, ncells);
        const unit_shape *sh = &UNIT_SHAPES[s];
        int top = 0, left = 0, right = 0;
        for (int i = 0; i < sh->n; i++) {
            left = sh->dc[i] < left ? sh->dc[i] : left;
            right = sh->dc[i] > right ? sh->dc[i] : right;
            top = sh->dr[i] > top ? sh->dr[i] : top;
        }
        bool ok = sh->n <= open;
        for (int i = 0; ok && i < sh->n; i++) {
            int y = at / cols + sh->dr[i], x = at % cols + sh->dc[i];
            ok = y >= 0 && x >= 0 && y < rows && x < cols && owner[y * cols + x] == -1;
        }
        if (!ok)
            continue;
        for (int i = 0; i < sh->n; i++)
            owner[(at / cols + sh->dr[i]) * cols + at % cols + sh->dc[i]] = pieces;
        open -= sh->n;
        int h = top + 1, w = right - left + 1;
        sb_block b = { .row = at / cols, .col = at % cols, .height = h, .width = w };
        if (sh->n != h * w) {
            if (!shape_of[s]) {
                p->shapes = unit_grow(p->shapes, (p->nshapes + 1) * sizeof *p->shapes);
                uint8_t *cells = unit_alloc((size_t)(h * w));
                for (int i = 0; i < sh->n; i++)
                    cells[sh->dr[i] * w + sh->dc[i] - left] = 1;
                p->shapes[p->nshapes++] = (sb_shape){ h, w, cells };
                shape_of[s] = (int)p->nshapes;
            }
            b.shape = shape_of[s];
        }
        if (unit_below(r, 100) < plan->axis_pct)
            b.axis = unit_below(r, 2) ? SB_AXIS_ROW : SB_AXIS_COL;
        if (unit_below(r, 100) < plan->marked_pct)
            b.group = ++group;
        p->blocks[pieces++] = b;
    }
    p->nblocks = (size_t)pieces;
    /* A group of two alike unmarked pieces, apart from the rest of their
     * kind, sometimes. */
    if (unit_below(r, 100) < plan->same_pct)
        for (int i = 0; i < pieces; i++)
            for (int j = i + 1; j < pieces; j++) {
                sb_block *a = &p->blocks[i], *b = &p->blocks[j];
                if (a->group || b->group || a->axis != b->axis || a->shape != b->shape ||
                    a->height != b->height || a->width != b->width)
                    continue;
                a->group = b->group = ++group;
                i = j = pieces;
            }
    free(owner);
}

/* Makes random case i of a series into p (the caller frees it), and its
 * name for messages into name (size bytes). */
typedef void (*unit_make_fn)(sb_puzzle *p, int i, char *name, size_t size);

/* Checks p's piece set; false when it has more than max layouts, which is
 * then not checked. */
typedef bool (*unit_check_fn)(const sb_puzzle *p, size_t max, const char *name);

/* Makes and checks count cases of a series: at least half must have been
 * checked, or the series proves little. */
static inline void unit_run_series(const char *test, const char *what, unit_make_fn make,
                                   unit_check_fn check, int count, size_t max)
{
    int checked = 0;
    char name[96];
    for (int i = 0; i < count; i++) {
        sb_puzzle p;
        make(&p, i, name, sizeof name);
        checked += check(&p, max, name);
        sb_puzzle_free(&p);
    }
    printf("%s: %s: %d of %d piece sets checked (the rest have more than %zu layouts)\n", test,
           what, checked, count, max);
    CHECK_MSG(checked >= count / 2, "%s: only %d of %d checked", what, checked, count);
}

#endif
