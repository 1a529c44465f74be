/*
 * picture_write.c - a layout of a puzzle's pieces written as a picture
 * (docs/formats.md): the one format that can say any shape, walls and
 * one-axis or marked pieces, and that reads back as a puzzle file.
 *
 * Characters.  Every piece needs a character of its own, and a layout may
 * hold several pieces of one class under one label (the engine hands back
 * a class's representative for each of them), so characters are dealt in
 * two passes: each piece keeps its label when it is a piece character
 * that no earlier piece has taken, then the rest get the first characters
 * left, letters first.  There are 91 piece characters (SPEC: printable
 * ASCII but '.', '#' and ';'); more pieces than that cannot be drawn, and
 * are refused rather than drawn wrong.
 *
 * Reading back.  Two drawings would read otherwise than meant, and are
 * avoided.  A row that starts with an option word and ':' ("same:AB") is
 * an option line to the reader: the piece drawn with ':' then takes a
 * character no piece uses, or, when all 91 are taken, trades characters
 * with another piece, the first trade after which no row spells an
 * option.  And "distinct: *" alone marks every piece: a piece drawn with
 * '*' that is marked alone is written as a `same:` group of one instead,
 * which makes the same class.
 *
 * Option lines keep the classes: `horizontal:` and `vertical:` list the
 * one-axis pieces, and the pieces of each group (sb_block.group), split
 * by class, become a `same:` word, or a character of `distinct:` when
 * alone.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "picture.h"

/* The piece characters in the order they are dealt. */
static const char POOL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                           "!\"$%&'()*+,-/:<=>?@[\\]^_`{|}~";
enum { NCHARS = sizeof POOL - 1 };
_Static_assert(NCHARS == 91, "every piece character of SPEC, once");

/* A layout being drawn: the pieces, their characters and the grid. */
typedef struct drawing {
    const sb_puzzle *p;
    const sb_block *b;     /* the pieces */
    size_t n;
    char chars[NCHARS];    /* each piece's character */
    size_t *owner;         /* per cell: 1 + the piece covering it, 0 for none */
    char *row;             /* one row's text, cols + 1 */
} drawing;

/* Gives each piece its label when free, then the first free characters. */
static void deal(drawing *d)
{
    bool used[256] = { false };
    for (size_t i = 0; i < d->n; i++) {
        unsigned char ch = (unsigned char)d->b[i].label;
        d->chars[i] = sbi_pic_is_piece_char(ch) && !used[ch] ? (char)ch : 0;
        used[ch] = used[ch] || d->chars[i];
    }
    const char *next = POOL;
    for (size_t i = 0; i < d->n; i++) {
        while (!d->chars[i]) {
            if (!used[(unsigned char)*next])
                d->chars[i] = *next, used[(unsigned char)*next] = true;
            next++;
        }
    }
}

/* Marks every cell with the piece that covers it. */
static void cover(drawing *d)
{
    const sb_puzzle *p = d->p;
    for (size_t i = 0; i < d->n; i++) {
        const sb_block *b = &d->b[i];
        int left = b->col - sb_block_anchor_offset(p, b);
        for (int r = b->row; r < b->row + b->height; r++)
            for (int c = left; c < left + b->width; c++)
                if (sb_block_covers(p, b, r, c))
                    d->owner[(size_t)r * (size_t)p->cols + (size_t)c] = i + 1;
    }
}

/* Draws row r into d->row. */
static const char *draw_row(drawing *d, int r)
{
    size_t cols = (size_t)d->p->cols, at = (size_t)r * cols;
    for (size_t c = 0; c < cols; c++) {
        size_t who = d->owner[at + c];
        d->row[c] = who ? d->chars[who - 1] : d->p->walls && d->p->walls[at + c] ? '#' : '.';
    }
    d->row[cols] = '\0';
    return d->row;
}

/* Whether some row would read as an option line. */
static bool spells_option(drawing *d)
{
    for (int r = 0; r < d->p->rows; r++)
        if (sbi_pic_is_option_line(draw_row(d, r), (size_t)d->p->cols))
            return true;
    return false;
}

/* Deals ':' so that no row spells an option (see the top).  Returns false
 * when no trade does it. */
static bool mend_colon(drawing *d)
{
    char *colon = memchr(d->chars, ':', d->n);
    if (!colon || !spells_option(d))
        return true;
    if (d->n < NCHARS) {
        /* A character no piece uses: with no ':' left, no row is an option. */
        for (const char *ch = POOL;; ch++)
            if (!memchr(d->chars, *ch, d->n)) {
                *colon = *ch;
                return true;
            }
    }
    for (size_t j = 0; j < d->n; j++) {
        char *other = &d->chars[j];
        *colon = *other;
        *other = ':';
        if (!spells_option(d))
            return true;
        *other = *colon;
        *colon = ':';
    }
    return false;
}

/* The axis line for one axis (`horizontal: AB`), when any piece has it. */
static void axis_line(FILE *out, const char *indent, const char *word, const drawing *d,
                      sb_axis axis)
{
    bool begun = false;
    for (size_t i = 0; i < d->n; i++)
        if (d->b[i].axis == axis) {
            if (!begun)
                fprintf(out, "%s%s", indent, word);
            putc(d->chars[i], out);
            begun = true;
        }
    if (begun)
        putc('\n', out);
}

/* Whether b[j] is marked with b[i]: of one class, in a group. */
static bool together(const drawing *d, size_t i, size_t j)
{
    return d->b[i].group != 0 && sb_block_same_class(d->p, &d->b[i], &d->b[j]);
}

/* The group lines: each class of marked pieces (group > 0) is a `same:`
 * word, or one character of the `distinct:` line when it is one piece
 * (but for '*', see the top).  A class is written where its first piece
 * comes. */
static void group_lines(FILE *out, const char *indent, const drawing *d)
{
    for (int alone = 1; alone >= 0; alone--) {
        bool begun = false;
        for (size_t i = 0; i < d->n; i++) {
            size_t first = i, members = 0;
            for (size_t j = 0; j < d->n; j++)
                if (together(d, i, j) && members++ == 0)
                    first = j;
            bool distinct = members == 1 && d->chars[i] != '*';
            if (!members || first != i || distinct != (alone == 1))
                continue;
            if (!begun)
                fprintf(out, "%s%s", indent, alone ? "distinct: " : "same: ");
            else if (!alone)
                putc(' ', out);
            for (size_t j = 0; j < d->n; j++)
                if (together(d, i, j))
                    putc(d->chars[j], out);
            begun = true;
        }
        if (begun)
            putc('\n', out);
    }
}

/* Writes the drawing: rows, then option lines. */
static sb_status write_drawing(FILE *out, drawing *d, const char *indent, sb_error *err)
{
    deal(d);
    cover(d);
    if (!mend_colon(d))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0,
                            "sb_fmt_picture_write: the %zu pieces cannot be drawn so that the picture reads back: "
                            "every way of dealing ':' starts a row with an option word", d->n);
    errno = 0;   /* so that what the writes leave is theirs (sbi_fmt_written) */
    for (int r = 0; r < d->p->rows; r++)
        fprintf(out, "%s%s\n", indent, draw_row(d, r));
    axis_line(out, indent, "horizontal: ", d, SB_AXIS_ROW);
    axis_line(out, indent, "vertical: ", d, SB_AXIS_COL);
    group_lines(out, indent, d);
    return sbi_fmt_written(out, errno, err, "sb_fmt_picture_write", "the picture");
}

sb_status sb_fmt_picture_write(FILE *out, const sb_puzzle *p, const sb_block *blocks, size_t n,
                               const char *indent, sb_error *err)
{
    if (!out || !p || (n > 0 && !blocks))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_picture_write: %s is NULL",
                            !out ? "the stream" : !p ? "the puzzle" : "the blocks array");
    if (!indent)
        indent = "";
    /* The drawing indexes the tray by p's shapes and walls and by the
     * layout's cells: a puzzle or a layout that fails the check would send
     * it out of bounds, and overlapping pieces would draw a picture that
     * does not read back.  The layout is checked as the blocks of a copy
     * of p without a goal (the goal is p's, checked with p). */
    sb_error chk;
    sb_puzzle layout = *p;
    layout.blocks = (sb_block *)(uintptr_t)blocks;   /* only read: the check takes const */
    layout.nblocks = n;
    layout.goals = NULL;
    layout.ngoals = 0;
    if (sb_puzzle_check(p, &chk) != SB_OK || sb_puzzle_check(&layout, &chk) != SB_OK)
        return sbi_fmt_refuse(err, "sb_fmt_picture_write", &chk);
    if (n > NCHARS)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0,
                            "sb_fmt_picture_write: %zu pieces are too many to draw as a "
                            "picture: each needs a "
                            "character of its own, and %d characters draw pieces", n, NCHARS);
    size_t cells = (size_t)p->rows * (size_t)p->cols;
    drawing d = { p, blocks, n, { 0 }, calloc(cells, sizeof *d.owner),
                  malloc((size_t)p->cols + 1) };
    sb_status st = d.owner && d.row
                       ? write_drawing(out, &d, indent, err)
                       : sbi_fmt_fail(err, SB_ELIMIT, NULL, 0, "sb_fmt_picture_write: out of memory");
    free(d.owner);
    free(d.row);
    return st;
}
