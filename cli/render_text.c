/*
 * render_text.c - `slide --show`: the tray drawn in the terminal before
 * each move and after the last one.
 *
 * The trick: a picture is a canvas of (2H+1) x (4W+1) points.  Cell (r, c)
 * owns the interior points row 2r+1, columns 4c+1..4c+3; the even rows and
 * the columns that are multiples of 4 are where edges run.  Drawing a block
 * only records, at each edge point, which of its four directions (up,
 * down, left, right) a line leaves in.  Neighbouring blocks share edges, so
 * the choice of character is made last, from the four direction bits: the
 * same 16-entry table yields ┼ where four blocks meet and ├ where three do,
 * and the ASCII table yields + - |.  No block needs to know its neighbours.
 *
 * Blocks keep the letter they start with (A, B, ... z, then numbers) as
 * they move, so a reader can follow one.  The block about to move is
 * filled with arrows pointing the way it goes (and shown in reverse video
 * when colour is on).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

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
 * Lone half-lines never occur (every edge belongs to a closed rectangle). */
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

/* Records the outline of the rectangle of canvas points y0..y1, x0..x1. */
static void outline(canvas *cv, int y0, int x0, int y1, int x1)
{
    for (int x = x0; x < x1; x++) {
        at(cv, y0, x)->lines |= RIGHT, at(cv, y0, x + 1)->lines |= LEFT;
        at(cv, y1, x)->lines |= RIGHT, at(cv, y1, x + 1)->lines |= LEFT;
    }
    for (int y = y0; y < y1; y++) {
        at(cv, y, x0)->lines |= DOWN, at(cv, y + 1, x0)->lines |= UP;
        at(cv, y, x1)->lines |= DOWN, at(cv, y + 1, x1)->lines |= UP;
    }
}

/* The label of block i: A-Z, a-z, then numbers from 52. */
static void label(size_t i, char out[24])
{
    if (i < 26)
        snprintf(out, 24, "%c", (char)('A' + i));
    else if (i < 52)
        snprintf(out, 24, "%c", (char)('a' + i - 26));
    else
        snprintf(out, 24, "%zu", i);
}

/* Draws block i; arrow is 0 or the G_* arrow that marks the moving block. */
static void draw_block(canvas *cv, const sb_block *b, size_t i, unsigned arrow)
{
    int y0 = 2 * b->row, x0 = 4 * b->col, y1 = y0 + 2 * b->height, x1 = x0 + 4 * b->width;
    outline(cv, y0, x0, y1, x1);
    for (int y = y0 + 1; y < y1; y++)
        for (int x = x0 + 1; x < x1; x++) {
            point *pt = at(cv, y, x);
            pt->glyph = (unsigned short)arrow;
            pt->mark = arrow != 0;
        }
    char text[24];
    label(i, text);
    int len = (int)strlen(text), room = x1 - x0 - 1;
    if (len > room)   /* only numbers past 999 in a 1-wide block */
        text[0] = '#', text[1] = 0, len = 1;
    int y = (y0 + y1) / 2, x = x0 + 1 + (room - len) / 2;
    for (int k = 0; k < len; k++)
        at(cv, y, x + k)->glyph = (unsigned char)text[k];
}

static unsigned arrow_of(const sb_move *m)
{
    if (m->to_row != m->from_row)
        return m->to_row < m->from_row ? G_UP : G_DOWN;
    return m->to_col < m->from_col ? G_LEFT : G_RIGHT;
}

static int find_block(const sb_block *b, size_t n, int row, int col)
{
    for (size_t i = 0; i < n; i++)
        if (b[i].row == row && b[i].col == col)
            return (int)i;
    return -1;
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

/* Draws the tray with the blocks where they are; mover is the index of the
 * block about to make move m, or -1 for the final picture. */
static void draw(canvas *cv, const sb_puzzle *p, const sb_block *blocks, int mover,
                 const sb_move *m)
{
    memset(cv->p, 0, (size_t)cv->h * (size_t)cv->w * sizeof *cv->p);
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            at(cv, 2 * r + 1, 4 * c + 2)->glyph = G_DOT;
    outline(cv, 0, 0, cv->h - 1, cv->w - 1);
    for (size_t i = 0; i < p->nblocks; i++)
        draw_block(cv, &blocks[i], i, (int)i == mover ? arrow_of(m) : 0);
}

bool sb_show_fits(const sb_puzzle *p)
{
    return p->cols <= SB_SHOW_MAX_COLS && p->rows <= SB_SHOW_MAX_ROWS;
}

int sb_show_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const sb_show_style *st)
{
    canvas cv = { 2 * p->rows + 1, 4 * p->cols + 1, NULL };
    sb_block *blocks = malloc(p->nblocks * sizeof *blocks + 1);
    cv.p = malloc((size_t)cv.h * (size_t)cv.w * sizeof *cv.p);
    int rc = 0;
    if (!blocks || !cv.p) {
        rc = -1;
        goto done;
    }
    if (p->nblocks)
        memcpy(blocks, p->blocks, p->nblocks * sizeof *blocks);
    const char *bold = st->color ? "\033[1m" : "", *plain = st->color ? "\033[0m" : "";
    for (size_t k = 0; k < n; k++) {
        const sb_move *m = &moves[k];
        int i = find_block(blocks, p->nblocks, m->from_row, m->from_col);
        if (i < 0) {
            errno = EINVAL;
            rc = -1;
            goto done;
        }
        char name[24];
        label((size_t)i, name);
        fprintf(out, "%smove %zu of %zu: %d %d -> %d %d%s (block %s)\n", bold, k + 1, n,
                m->from_row, m->from_col, m->to_row, m->to_col, plain, name);
        draw(&cv, p, blocks, i, m);
        print_canvas(out, &cv, st);
        putc('\n', out);
        blocks[i].row = m->to_row;
        blocks[i].col = m->to_col;
    }
    if (n)
        fprintf(out, "%ssolved after %zu move%s%s\n", bold, n, n == 1 ? "" : "s", plain);
    else
        fprintf(out, "%ssolved already: no moves%s\n", bold, plain);
    draw(&cv, p, blocks, -1, NULL);
    print_canvas(out, &cv, st);
    if (ferror(out))
        rc = -1;
done:
    free(blocks);
    free(cv.p);
    return rc;
}
