/*
 * render_picture.c - a layout of a puzzle's pieces written back as a
 * picture (the picture format of docs/formats.md), for slide-explore's
 * example layouts: the one form that can say any shape, walls and
 * one-axis or marked pieces, and that reads back as a puzzle file.
 *
 * Every piece needs a character of its own, and the layout may hold
 * several pieces of one class under one label (the engine hands back a
 * class's representative for each of them), so characters are dealt in
 * two passes: each piece keeps its label when it is a legal piece
 * character that no earlier piece has taken, then the rest get the first
 * characters left, letters first.  The option lines after the grid keep
 * the classes: `horizontal:` and `vertical:` list the one-axis pieces, and
 * the pieces of each group (sb_block.group), split by class, become a
 * `same:` word, or `distinct:` when alone.
 */
#include <string.h>

#include "render.h"
#include "view.h"

/* Piece characters, in the order they are dealt: no '.', '#', ';', ':'
 * (the format's own) nor '*' ("distinct: *" means every piece). */
static const char POOL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                           "!\"$%&'()+,-/<=>?@[\\]^_`{|}~";

static bool piece_char(char ch)
{
    return ch && strchr(POOL, ch) != NULL;
}

/* The axis line for one axis (`horizontal: AB`), when any piece has it. */
static void axis_line(FILE *out, const char *indent, const char *word, const sb_block *b,
                      size_t n, const char *chars, sb_axis axis)
{
    const char *start = indent;
    for (size_t i = 0; i < n; i++)
        if (b[i].axis == axis) {
            fprintf(out, "%s%s%c", start, start == indent ? word : "", chars[i]);
            start = "";
        }
    if (start != indent)
        putc('\n', out);
}

/* Whether b[j] is in b[i]'s group and class: marked with it. */
static bool together(const sb_puzzle *p, const sb_block *b, size_t i, size_t j)
{
    return b[i].group == b[j].group && sb_block_same_class(p, &b[i], &b[j]);
}

/* The group lines: each class of marked pieces (group > 0) is a `same:`
 * word, or one character of the `distinct:` line when it is one piece.
 * A class is written where its first piece comes. */
static void group_lines(FILE *out, const char *indent, const sb_puzzle *p, const sb_block *b,
                        size_t n, const char *chars)
{
    for (int alone = 1; alone >= 0; alone--) {
        const char *start = indent;
        for (size_t i = 0; i < n; i++) {
            size_t first = i, members = 0;
            for (size_t j = 0; j < n; j++)
                if (together(p, b, i, j) && members++ == 0)
                    first = j;
            if (b[i].group == 0 || first != i || (members == 1) != (alone == 1))
                continue;
            if (start == indent)
                fprintf(out, "%s%s", indent, alone ? "distinct: " : "same: ");
            else if (!alone)
                putc(' ', out);
            for (size_t j = 0; j < n; j++)
                if (together(p, b, i, j))
                    putc(chars[j], out);
            start = "";
        }
        if (start != indent)
            putc('\n', out);
    }
}

int sb_picture_write(FILE *out, const sb_puzzle *p, const sb_block *b, size_t n,
                     const char *indent)
{
    enum { NCHARS = sizeof POOL - 1 };
    if (n > NCHARS)
        return 1;
    char chars[NCHARS];
    bool used[256] = { false };
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)b[i].label;
        chars[i] = piece_char(b[i].label) && !used[ch] ? b[i].label : 0;
        used[ch] = used[ch] || chars[i];
    }
    const char *next = POOL;
    for (size_t i = 0; i < n; i++) {
        while (!chars[i]) {
            if (!used[(unsigned char)*next])
                chars[i] = *next, used[(unsigned char)*next] = true;
            next++;
        }
    }

    for (int r = 0; r < p->rows; r++) {
        fputs(indent, out);
        for (int c = 0; c < p->cols; c++) {
            char ch = p->walls && p->walls[(size_t)r * (size_t)p->cols + (size_t)c] ? '#' : '.';
            for (size_t i = 0; i < n; i++)
                if (sb_block_covers(p, &b[i], r, c))
                    ch = chars[i];
            putc(ch, out);
        }
        putc('\n', out);
    }
    axis_line(out, indent, "horizontal: ", b, n, chars, SB_AXIS_ROW);
    axis_line(out, indent, "vertical: ", b, n, chars, SB_AXIS_COL);

    group_lines(out, indent, p, b, n, chars);
    return ferror(out) ? -1 : 0;
}
