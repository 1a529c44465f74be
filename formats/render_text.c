/*
 * render_text.c - sb_show_write (slide.h), what `slide --show` prints: the
 * tray drawn in the terminal before each move and after the last one.
 *
 * The trick: a picture is a canvas of (2H+1) x (4W+1) points.  Cell (r, c)
 * owns the interior points row 2r+1, columns 4c+1..4c+3; the even rows and
 * the columns that are multiples of 4 are where edges run.  Each frame
 * first marks who owns every cell (a piece, a wall, nobody); then every
 * owned cell is drawn on its own: its interior filled, the points towards
 * a neighbour of the same owner filled too (so a piece of any shape, L or
 * U or a ring, reads as one region), and an edge drawn on each side where
 * the neighbour is someone else.  An edge only records, at each point,
 * which of its four directions (up, down, left, right) a line leaves in;
 * the character is chosen last, from the four direction bits: the same
 * 16-entry table yields ┼ where four pieces meet and ├ where three do,
 * and the ASCII table yields + - |.  No piece needs to know its
 * neighbours' shapes, and a rectangle comes out exactly as a box.
 *
 * Pieces keep one label as they move, so a reader can follow one: the
 * picture's character when every piece has its own (sb_block.label), or
 * else the letter they start with (A, B, ... z, then numbers).  Edges run
 * between any two pieces, so interchangeable pieces are told apart too.
 * The piece about to move is filled with arrows pointing the way it goes
 * (and shown in reverse video when colour is on).  Walls are filled with
 * '#', empty cells show a dot.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "replay.h"
#include "view.h"

enum { UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8 };

/* Glyphs other than ASCII characters, stored above the byte range. */
enum { G_DOT = 256, G_UP, G_DOWN, G_LEFT, G_RIGHT };

typedef struct point {
    unsigned char lines;   /* UP|DOWN|LEFT|RIGHT: edges leaving this point */
    bool mark;             /* inside the moving block (reverse video) */
    unsigned short glyph;  /* interior content: ASCII, G_*, or 0 for blank */
} point;

typedef struct canvas {
    int h, w;              /* points: 2 * rows + 1, 4 * cols + 1 */
    point *p;
} canvas;

/* Box-drawing characters by direction bits (UP=1, DOWN=2, LEFT=4, RIGHT=8).
 * Lone half-lines never occur (every edge belongs to a closed outline). */
static const char *const BOX[16] = {
    " ", "╵", "╷", "│", "╴", "┘", "┐", "┤",
    "╶", "└", "┌", "├", "─", "┴", "┬", "┼",
};

static const char *glyph_text(unsigned g, bool unicode, char buf[2])
{
    static const char *const ascii[] = { ".", "^", "v", "<", ">" };
    static const char *const fancy[] = { "·", "↑", "↓", "←", "→" };
    if (g >= G_DOT)
        return (unicode ? fancy : ascii)[g - G_DOT];
    buf[0] = g ? (char)g : ' ';
    buf[1] = 0;
    return buf;
}

static const char *line_text(unsigned lines, bool unicode)
{
    if (unicode)
        return BOX[lines];
    if (lines == (LEFT | RIGHT))
        return "-";
    if (lines == (UP | DOWN))
        return "|";
    return "+";
}

static point *at(canvas *cv, int y, int x)
{
    return &cv->p[(size_t)y * (size_t)cv->w + (size_t)x];
}

/* Records a line along the canvas row y from x0 to x1, or the canvas
 * column x from y0 to y1. */
static void hline(canvas *cv, int y, int x0, int x1)
{
    for (int x = x0; x < x1; x++)
        at(cv, y, x)->lines |= RIGHT, at(cv, y, x + 1)->lines |= LEFT;
}

static void vline(canvas *cv, int x, int y0, int y1)
{
    for (int y = y0; y < y1; y++)
        at(cv, y, x)->lines |= DOWN, at(cv, y + 1, x)->lines |= UP;
}

/* What a frame knows about the tray: who owns each cell. */
enum { EMPTY = 0, WALL = -1 };   /* else 1 + the index of the piece */

typedef struct frame {
    const sb_puzzle *p;
    const sb_block *blocks;  /* where the pieces are now */
    int32_t *owner;          /* rows * cols: EMPTY, WALL or 1 + piece */
    bool own_labels;         /* every piece has its own picture character */
} frame;

static int32_t owner_at(const frame *f, int r, int c)
{
    if (r < 0 || c < 0 || r >= f->p->rows || c >= f->p->cols)
        return EMPTY;
    return f->owner[(size_t)r * (size_t)f->p->cols + (size_t)c];
}

/* The label of block i: its picture character when every piece has its
 * own, else A-Z, a-z, then numbers from 52. */
static void label(const frame *f, size_t i, char out[24])
{
    if (f->own_labels)
        snprintf(out, 24, "%c", f->p->blocks[i].label);
    else if (i < 26)
        snprintf(out, 24, "%c", (char)('A' + i));
    else if (i < 52)
        snprintf(out, 24, "%c", (char)('a' + i - 26));
    else
        snprintf(out, 24, "%zu", i);
}

static void fill(canvas *cv, int y, int x, unsigned glyph, bool mark)
{
    point *pt = at(cv, y, x);
    pt->glyph = (unsigned short)glyph;
    pt->mark = mark;
}

/* Draws cell (r, c) of owner o: its interior, the points joining it to
 * neighbours of the same owner, and edges towards every other one. */
static void draw_cell(canvas *cv, const frame *f, int r, int c, unsigned glyph, bool mark)
{
    int32_t o = owner_at(f, r, c);
    int y = 2 * r, x = 4 * c;
    bool right = owner_at(f, r, c + 1) == o, down = owner_at(f, r + 1, c) == o;
    for (int k = 1; k <= 3; k++) {
        fill(cv, y + 1, x + k, glyph, mark);
        if (down)
            fill(cv, y + 2, x + k, glyph, mark);
    }
    if (right)
        fill(cv, y + 1, x + 4, glyph, mark);
    if (right && down && owner_at(f, r + 1, c + 1) == o)
        fill(cv, y + 2, x + 4, glyph, mark);
    if (!right)
        vline(cv, x + 4, y, y + 2);
    if (!down)
        hline(cv, y + 2, x, x + 4);
    if (owner_at(f, r, c - 1) != o)
        vline(cv, x, y, y + 2);
    if (owner_at(f, r - 1, c) != o)
        hline(cv, y, x, x + 4);
}

/* Writes block i's label: in the middle of a rectangle, as always; in
 * the cell nearest the middle of its box for any other shape (the middle
 * of an L's box is not the L's). */
static void draw_label(canvas *cv, const frame *f, size_t i)
{
    const sb_puzzle *p = f->p;
    const sb_block *b = &f->blocks[i];
    int left = sbi_view_box_left(p, b);
    int y0 = 2 * b->row, x0 = 4 * left, y1 = y0 + 2 * b->height, x1 = x0 + 4 * b->width;
    int y = (y0 + y1) / 2, room = x1 - x0 - 1, from = x0 + 1;
    if (!sbi_view_is_rectangle(p, b)) {
        long best = -1;
        for (int r = b->row; r < b->row + b->height; r++)
            for (int c = left; c < left + b->width; c++) {
                long dy = 2 * r + 1 - (y0 + y1) / 2, dx = 4 * c + 2 - (x0 + x1) / 2;
                long d = dy * dy + dx * dx;
                if (sb_block_covers(p, b, r, c) && (best < 0 || d < best)) {
                    best = d;
                    y = 2 * r + 1;
                    from = 4 * c + 1;
                    room = 3;
                }
            }
    }
    char text[24];
    label(f, i, text);
    int len = (int)strlen(text);
    if (len > room)   /* only numbers past 999 in a one-cell-wide spot */
        text[0] = '*', text[1] = 0, len = 1;
    int x = from + (room - len) / 2;
    for (int k = 0; k < len; k++)
        at(cv, y, x + k)->glyph = (unsigned char)text[k];
}

static unsigned arrow_of(const sb_move *m)
{
    if (m->to_row != m->from_row)
        return m->to_row < m->from_row ? G_UP : G_DOWN;
    return m->to_col < m->from_col ? G_LEFT : G_RIGHT;
}

/* The block whose anchor is (row, col); the moves were replayed by the
 * judge first, so there is one. */
static size_t find_block(const sb_block *b, size_t n, int row, int col)
{
    size_t i = 0;
    while (i + 1 < n && !(b[i].row == row && b[i].col == col))
        i++;
    return i;
}

static void print_canvas(FILE *out, const canvas *cv, const sb_show_style *st)
{
    char buf[2];
    for (int y = 0; y < cv->h; y++) {
        bool marked = false;
        for (int x = 0; x < cv->w; x++) {
            const point *pt = &cv->p[(size_t)y * (size_t)cv->w + (size_t)x];
            if (st->color && pt->mark != marked) {
                fputs(pt->mark ? "\033[7;1m" : "\033[0m", out);
                marked = pt->mark;
            }
            fputs(pt->lines ? line_text(pt->lines, st->unicode)
                            : glyph_text(pt->glyph, st->unicode, buf), out);
        }
        if (marked)
            fputs("\033[0m", out);
        putc('\n', out);
    }
}

/* Marks who owns each cell with the pieces where f->blocks says. */
static void own_cells(frame *f)
{
    const sb_puzzle *p = f->p;
    for (size_t k = 0; k < (size_t)p->rows * (size_t)p->cols; k++)
        f->owner[k] = p->walls && p->walls[k] ? WALL : EMPTY;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *b = &f->blocks[i];
        int left = sbi_view_box_left(p, b);
        for (int r = b->row; r < b->row + b->height; r++)
            for (int c = left; c < left + b->width; c++)
                if (sb_block_covers(p, b, r, c))
                    f->owner[(size_t)r * (size_t)p->cols + (size_t)c] = (int32_t)i + 1;
    }
}

/* Draws the tray with the pieces where f->blocks says; mover is the index
 * of the piece about to make move m, or -1 for the final picture. */
static void draw(canvas *cv, frame *f, int mover, const sb_move *m)
{
    const sb_puzzle *p = f->p;
    memset(cv->p, 0, (size_t)cv->h * (size_t)cv->w * sizeof *cv->p);
    own_cells(f);
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            int32_t o = owner_at(f, r, c);
            if (o == EMPTY)
                at(cv, 2 * r + 1, 4 * c + 2)->glyph = G_DOT;
            else if (o == WALL)
                draw_cell(cv, f, r, c, '#', false);
            else
                draw_cell(cv, f, r, c, o - 1 == mover ? arrow_of(m) : 0, o - 1 == mover);
        }
    hline(cv, 0, 0, cv->w - 1);
    hline(cv, cv->h - 1, 0, cv->w - 1);
    vline(cv, 0, 0, cv->h - 1);
    vline(cv, cv->w - 1, 0, cv->h - 1);
    for (size_t i = 0; i < p->nblocks; i++)
        draw_label(cv, f, i);
}

bool sb_show_fits(const sb_puzzle *p)
{
    return p && p->cols <= SB_SHOW_MAX_COLS && p->rows <= SB_SHOW_MAX_ROWS;
}

/* Draws every step; the puzzle and moves are known good. */
static sb_status write_frames(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                              const sb_show_style *st, sb_error *err)
{
    canvas cv = { 2 * p->rows + 1, 4 * p->cols + 1, NULL };
    sb_block *blocks = malloc(p->nblocks * sizeof *blocks + 1);
    frame f = { p, blocks, malloc((size_t)p->rows * (size_t)p->cols * sizeof *f.owner),
                sbi_view_own_labels(p) };
    cv.p = malloc((size_t)cv.h * (size_t)cv.w * sizeof *cv.p);
    sb_status status = SB_OK;
    if (!blocks || !cv.p || !f.owner) {
        status = sbi_fmt_fail(err, SB_ELIMIT, NULL, 0, "sb_show_write: out of memory");
        goto done;
    }
    if (p->nblocks)
        memcpy(blocks, p->blocks, p->nblocks * sizeof *blocks);
    const char *bold = st->color ? "\033[1m" : "", *plain = st->color ? "\033[0m" : "";
    errno = 0;   /* so that what the writes leave is theirs (sbi_fmt_written) */
    for (size_t k = 0; k < n; k++) {
        const sb_move *m = &moves[k];
        size_t i = find_block(blocks, p->nblocks, m->from_row, m->from_col);
        char name[24];
        label(&f, i, name);
        fprintf(out, "%smove %zu of %zu: %d %d -> %d %d%s (block %s)\n", bold, k + 1, n,
                m->from_row, m->from_col, m->to_row, m->to_col, plain, name);
        draw(&cv, &f, (int)i, m);
        print_canvas(out, &cv, st);
        putc('\n', out);
        blocks[i].row = m->to_row;
        blocks[i].col = m->to_col;
    }
    /* Solved only if the last picture meets the goal: a caller may show
     * part of a solution, or none of it. */
    sb_puzzle end = *p;
    end.blocks = blocks;
    bool solved = sb_puzzle_solved(&end);
    if (n)
        fprintf(out, "%s%s after %zu move%s%s\n", bold, solved ? "solved" : "not solved yet",
                n, n == 1 ? "" : "s", plain);
    else
        fprintf(out, "%s%s: no moves%s\n", bold, solved ? "solved already" : "not solved",
                plain);
    draw(&cv, &f, -1, NULL);
    print_canvas(out, &cv, st);
    status = sbi_fmt_written(out, errno, err, "sb_show_write", "the pictures");
done:
    free(blocks);
    free(f.owner);
    free(cv.p);
    return status;
}

sb_status sb_show_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                        const sb_show_style *style, sb_error *err)
{
    static const sb_show_style plain_style = { false, false };
    if (!out || !p)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_show_write: %s is NULL",
                            !out ? "the stream" : "the puzzle");
    if (style && !sbi_zeroed(style->reserved, sizeof style->reserved))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_show_write: the style's reserved space "
                            "is not zero (a field this libslide %s does not know)", SLIDE_VERSION);
    /* Drawing indexes the tray by p's shapes and walls and by where the
     * moves put the pieces: both are checked before a byte is written. */
    sb_error chk;
    if (sb_puzzle_check(p, &chk) != SB_OK)
        return sbi_fmt_refuse(err, "sb_show_write", &chk);
    if (!sb_show_fits(p))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0,
                            "sb_show_write: the %dx%d tray is too large to draw (up to %dx%d)",
                            p->rows, p->cols, SB_SHOW_MAX_ROWS, SB_SHOW_MAX_COLS);
    sb_status st = sbi_judge_replay("sb_show_write", p, moves, n, false, err);
    if (st != SB_OK)
        return st;
    return write_frames(out, p, moves, n, style ? style : &plain_style, err);
}
