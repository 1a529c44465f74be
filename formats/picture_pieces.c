/*
 * picture_pieces.c - from a drawn grid to pieces, goal entries and an
 * sb_puzzle.
 *
 * Every cell drawn with one character belongs to one piece.  One pass in
 * reading order finds each piece's first cell, which is its anchor (the
 * leftmost cell of its top row), and its bounding box; a flood fill from
 * each anchor must then reach all of the piece's cells (4-connected), and
 * the first cell it misses, in reading order, is the one reported.  A
 * piece that fills its box is a rectangle (shape 0); any other gets a
 * shape of its own (the engine compares shapes by their cells, so two
 * pieces of one shape need not share an entry).  A GOAL character must
 * draw its INIT piece's cells exactly, shifted: the same box and the same
 * cells in it.  All of this is linear in the tray's cells but for the
 * per-character box scans, which a tray of at most 65,536 cells and 91
 * characters keeps small.
 *
 * Classes: a piece marked distinct gets a group of its own, each same
 * group one number for all its members, and the rest group 0 (one class
 * per shape and axis, as in the CS61B formats).  A same group must be one
 * shape and one axis, or its members could never be interchangeable.
 */
#include <stdlib.h>
#include <string.h>

#include "picture.h"

bool sbi_pic_is_piece_char(int ch)
{
    return ch > ' ' && ch < 0x7f && ch != '.' && ch != '#' && ch != ';';
}

static int cell_row(const pic_grid *g, size_t i)
{
    return (int)(i / g->cols);
}

static int cell_col(const pic_grid *g, size_t i)
{
    return (int)(i % g->cols);
}

/* The 1-based column, in its file line, of cell i. */
static size_t file_col(const pic_grid *g, size_t i)
{
    return g->indent[i / g->cols] + i % g->cols + 1;
}

/* Whether cell (y, x) of p's box in grid g is p's. */
static bool box_cell(const pic_grid *g, const pic_piece *p, int y, int x)
{
    return g->cells[(size_t)(p->top + y) * g->cols + (size_t)(p->left + x)] == (uint8_t)p->ch;
}

static int box_height(const pic_piece *p)
{
    return p->bottom - p->top + 1;
}

static int box_width(const pic_piece *p)
{
    return p->right - p->left + 1;
}

/* Whether a (in grid ga) and b (in gb) are drawn with the same cells. */
static bool same_drawing(const pic_grid *ga, const pic_piece *a, const pic_grid *gb,
                         const pic_piece *b)
{
    if (box_height(a) != box_height(b) || box_width(a) != box_width(b))
        return false;
    for (int y = 0; y < box_height(a); y++)
        for (int x = 0; x < box_width(a); x++)
            if (box_cell(ga, a, y, x) != box_cell(gb, b, y, x))
                return false;
    return true;
}

/* Lists the characters of g in the order of their first cells, with their
 * boxes and cell counts. */
static void survey(const pic_grid *g, pic_pieces *ps)
{
    memset(ps, 0, sizeof *ps);
    for (size_t i = 0; i < g->rows * g->cols; i++) {
        uint8_t ch = g->cells[i];
        if (ch == '.' || ch == '#')
            continue;
        int y = cell_row(g, i), x = cell_col(g, i);
        pic_piece *p;
        if (!ps->index[ch]) {
            p = &ps->piece[ps->n++];
            ps->index[ch] = (int)ps->n;
            *p = (pic_piece){ .ch = (char)ch, .first = i, .top = y, .bottom = y, .left = x,
                              .right = x };
        } else {
            p = &ps->piece[ps->index[ch] - 1];
        }
        p->bottom = y;
        p->left = x < p->left ? x : p->left;
        p->right = x > p->right ? x : p->right;
        p->ncells++;
    }
}

/* Each piece of an INIT grid must be one 4-connected piece. */
static sb_status check_connected(const pic_file *f, sb_error *err)
{
    const pic_grid *g = &f->grid;
    size_t n = g->rows * g->cols;
    uint8_t *seen = calloc(n, 1);
    uint32_t *stack = malloc(n * sizeof *stack);
    sb_status st = SB_OK;

    if (!seen || !stack) {
        free(seen);
        free(stack);
        return sbi_fmt_fail(err, SB_ELIMIT, f->name, 0, "out of memory");
    }
    for (size_t k = 0; k < f->pieces.n; k++) {
        const pic_piece *p = &f->pieces.piece[k];
        size_t top = 0;
        stack[top++] = (uint32_t)p->first;
        seen[p->first] = 1;
        while (top) {
            size_t i = stack[--top];
            int y = cell_row(g, i), x = cell_col(g, i);
            size_t next[4];
            int nn = 0;
            if (y > 0)
                next[nn++] = i - g->cols;
            if ((size_t)y + 1 < g->rows)
                next[nn++] = i + g->cols;
            if (x > 0)
                next[nn++] = i - 1;
            if ((size_t)x + 1 < g->cols)
                next[nn++] = i + 1;
            for (int d = 0; d < nn; d++) {
                if (!seen[next[d]] && g->cells[next[d]] == (uint8_t)p->ch) {
                    seen[next[d]] = 1;
                    stack[top++] = (uint32_t)next[d];
                }
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        uint8_t ch = g->cells[i];
        if (ch == '.' || ch == '#' || seen[i])
            continue;
        st = sbi_fmt_fail(err, SB_EINPUT, f->name, g->line[cell_row(g, i)],
                          "piece '%c' is not connected: its cell at column %zu does not touch "
                          "the rest of it (the cells drawn with one character form one piece, "
                          "joined edge to edge)", ch, file_col(g, i));
        break;
    }
    free(seen);
    free(stack);
    return st;
}

/* Each character of a GOAL grid must draw its INIT piece, exactly. */
static sb_status check_goal(const pic_file *f, const pic_file *init, sb_error *err)
{
    const pic_grid *g = &f->grid;
    for (size_t k = 0; k < f->pieces.n; k++) {
        const pic_piece *p = &f->pieces.piece[k];
        int idx = init->pieces.index[(uint8_t)p->ch];
        long line = g->line[p->top];
        if (!idx)
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "'%c' (column %zu) is no piece of INIT (%s): a GOAL draws "
                                "INIT's pieces where they must end up", p->ch,
                                file_col(g, p->first), init->name);
        const pic_piece *q = &init->pieces.piece[idx - 1];
        if (box_height(p) != box_height(q) || box_width(p) != box_width(q) ||
            p->ncells != q->ncells)
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "piece '%c' is drawn here as %zu cells in a %dx%d box, but in "
                                "INIT it is %zu cells in a %dx%d box: a GOAL draws each piece "
                                "with its own shape", p->ch, p->ncells, box_height(p),
                                box_width(p), q->ncells, box_height(q), box_width(q));
        if (!same_drawing(g, p, &init->grid, q))
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "piece '%c' is drawn here with another shape than in INIT "
                                "(the same %dx%d box, other cells): a GOAL draws each piece "
                                "with its own shape", p->ch, box_height(p), box_width(p));
    }
    return SB_OK;
}

sb_status sbi_pic_find_pieces(pic_file *f, const pic_file *init, sb_error *err)
{
    survey(&f->grid, &f->pieces);
    return init ? check_goal(f, init, err) : check_connected(f, err);
}

/* ---- building the puzzle --------------------------------------------- */

/* Each same group is one shape and one axis. */
static sb_status check_groups(const pic_file *f, sb_error *err)
{
    const pic_piece *first[PIC_CHARS] = { 0 };
    for (size_t k = 0; k < f->pieces.n; k++) {
        const pic_piece *p = &f->pieces.piece[k];
        if (!p->same)
            continue;
        const pic_piece *q = first[p->same - 1];
        if (!q) {
            first[p->same - 1] = p;
            continue;
        }
        long line = f->group_line[p->same - 1];
        if (!same_drawing(&f->grid, q, &f->grid, p))
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "same: pieces '%c' and '%c' have different shapes: a group is "
                                "pieces of one shape", q->ch, p->ch);
        if (q->axis != p->axis)
            return sbi_fmt_fail(err, SB_EINPUT, f->name, line,
                                "same: pieces '%c' and '%c' slide along different axes (line "
                                "%ld): a group is pieces that move alike", q->ch, p->ch,
                                q->axis_line > p->axis_line ? q->axis_line : p->axis_line);
    }
    return SB_OK;
}

/* Fills out's blocks, shapes and walls from INIT. */
static int build_blocks(const pic_file *f, sb_puzzle *out)
{
    const pic_grid *g = &f->grid;
    int distinct = 0;

    out->rows = (int)g->rows;
    out->cols = (int)g->cols;
    out->nblocks = f->pieces.n;
    out->blocks = calloc(f->pieces.n + 1, sizeof *out->blocks);
    out->shapes = calloc(f->pieces.n + 1, sizeof *out->shapes);
    if (!out->blocks || !out->shapes)
        return -1;
    for (size_t k = 0; k < f->pieces.n; k++)
        distinct += f->pieces.piece[k].distinct_line != 0;
    for (size_t k = 0, d = 0; k < f->pieces.n; k++) {
        const pic_piece *p = &f->pieces.piece[k];
        sb_block *b = &out->blocks[k];
        *b = (sb_block){ .row = p->top, .col = cell_col(g, p->first),
                         .height = box_height(p), .width = box_width(p), .axis = p->axis,
                         .label = p->ch };
        if (p->distinct_line)
            b->group = (int)++d;
        else if (p->same)
            b->group = distinct + p->same;
        if (p->ncells == (size_t)b->height * (size_t)b->width)
            continue;
        sb_shape *sh = &out->shapes[out->nshapes];
        sh->height = b->height;
        sh->width = b->width;
        sh->cells = malloc((size_t)b->height * (size_t)b->width);
        if (!sh->cells)
            return -1;
        out->nshapes++;
        b->shape = (int)out->nshapes;
        for (int y = 0; y < b->height; y++)
            for (int x = 0; x < b->width; x++)
                sh->cells[(size_t)y * b->width + x] = box_cell(g, p, y, x);
    }
    if (out->nshapes == 0) {
        free(out->shapes);
        out->shapes = NULL;
    }
    size_t n = g->rows * g->cols;
    if (memchr(g->cells, '#', n)) {
        out->walls = malloc(n);
        if (!out->walls)
            return -1;
        for (size_t i = 0; i < n; i++)
            out->walls[i] = g->cells[i] == '#';
    }
    return 0;
}

/* Fills out's goal entries: each GOAL piece as its INIT block, moved. */
static int build_goals(const pic_file *init, const pic_file *goal, sb_puzzle *out)
{
    out->goals = calloc(goal->pieces.n + 1, sizeof *out->goals);
    if (!out->goals)
        return -1;
    out->ngoals = goal->pieces.n;
    for (size_t k = 0; k < goal->pieces.n; k++) {
        const pic_piece *p = &goal->pieces.piece[k];
        sb_block *e = &out->goals[k];
        *e = out->blocks[init->pieces.index[(uint8_t)p->ch] - 1];
        e->row = p->top;
        e->col = cell_col(&goal->grid, p->first);
    }
    return 0;
}

sb_status sbi_pic_build(const pic_file *init, const pic_file *goal, sb_puzzle *out,
                        sb_error *err)
{
    sb_error chk;
    sb_status st = check_groups(init, err);

    memset(out, 0, sizeof *out);
    if (st != SB_OK)
        return st;
    if (build_blocks(init, out) != 0 || (goal && build_goals(init, goal, out) != 0)) {
        sb_puzzle_free(out);
        return sbi_fmt_fail(err, SB_ELIMIT, init->name, 0, "out of memory");
    }
    st = sb_puzzle_check(out, &chk);
    if (st != SB_OK) {
        /* What the drawings cannot show wrong, the engine finds: a GOAL
         * piece drawn over one of INIT's walls (a GOAL's '#' and '.' are
         * both "don't care"), and anything a later rule of the engine's
         * adds.  Point at the line of the piece it names, if it names one. */
        const pic_file *f = chk.list == SB_LIST_GOAL && goal ? goal : init;
        const sb_block *list = f == goal ? out->goals : out->blocks;
        size_t n = f == goal ? out->ngoals : out->nblocks;
        long line = f->grid.first_line;
        if (chk.list != SB_LIST_NONE && chk.item < n)
            line = f->grid.line[list[chk.item].row];
        st = sbi_fmt_fail(err, st, f->name, st == SB_EINPUT ? line : 0, "%s", chk.msg);
        sb_puzzle_free(out);
    }
    return st;
}
