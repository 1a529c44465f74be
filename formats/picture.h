/*
 * picture.h - internal to formats/: what the two halves of the picture
 * reader, and the writer, share.
 *
 * picture.c reads text: it splits a file into lines, tells comments,
 * blank lines, grid rows and option lines apart, keeps the grid and reads
 * the options.  picture_pieces.c works on the grid: it finds the pieces
 * (one per character), checks them, compares a GOAL with INIT and builds
 * the sb_puzzle.  See picture.c for the format itself.
 */
#ifndef SB_FMT_PICTURE_H
#define SB_FMT_PICTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "parse.h"

/* A picture names at most one piece per printable ASCII character. */
#define PIC_CHARS 128

/* The grid of one picture file, as drawn.  Invariant: cells and row are
 * kept only while rows * cols <= SB_MAX_CELLS (too_big says they were
 * dropped); rows and cols count on regardless, so a tray too large is
 * still measured in full, in one linear pass. */
typedef struct pic_grid {
    size_t rows, cols;       /* rows drawn so far, and the length of the first */
    uint8_t *cells;          /* rows * cols characters, row-major */
    long *line;              /* the file line of each row */
    size_t *indent;          /* blanks before each row's first cell (for columns) */
    size_t cap_cells, cap_line, cap_indent;   /* room in cells, line, indent (core/array.h) */
    bool too_big;            /* more than SB_MAX_CELLS cells: nothing stored */
    long first_line;         /* the line of row 0, 0 while there is no grid */
} pic_grid;

/* One character of a grid: an INIT piece, or what a GOAL draws with it. */
typedef struct pic_piece {
    char ch;                 /* the character */
    size_t first;            /* its first cell in reading order: the anchor */
    int top, bottom, left, right;   /* its bounding box, inclusive */
    size_t ncells;
    /* From the option lines (INIT only); a line of 0 means "not given". */
    long distinct_line;      /* where it was marked distinct */
    long axis_line;          /* where its axis was set */
    sb_axis axis;
    long same_line;          /* where it joined a same group */
    int same;                /* 1 + index of that group, 0 for none */
} pic_piece;

/* The pieces of a grid, in the order of their anchors. */
typedef struct pic_pieces {
    int index[PIC_CHARS];    /* 1 + index into piece by character, 0: none */
    size_t n;
    pic_piece piece[PIC_CHARS];
} pic_pieces;

/* A parsed INIT (or GOAL) picture. */
typedef struct pic_file {
    const char *name;        /* for messages, not owned */
    pic_grid grid;
    pic_pieces pieces;
    bool any_distinct;       /* "distinct: *" was given */
    long all_distinct_line;  /* ... on this line */
    size_t ngroups;          /* same groups */
    long group_line[PIC_CHARS];   /* the line of each */
} pic_file;

/* True for the characters that draw a piece. */
bool sbi_pic_is_piece_char(int ch);

/* Whether the line s[0..n) (trimmed, not blank, not a comment) is an
 * option line rather than a grid row: it starts with an option word and
 * ':', or holds a ':' and a blank.  The writer asks it of its rows. */
bool sbi_pic_is_option_line(const char *s, size_t n);

/* Finds the pieces of f's grid (which must be stored: !too_big) and, for
 * an INIT (init == NULL), checks that each is 4-connected; for a GOAL
 * checks each character against init's piece of it.  Errors point at the
 * line of the offending cell. */
sb_status sbi_pic_find_pieces(pic_file *f, const pic_file *init, sb_error *err);

/* Checks the same groups (one shape, one axis each) and builds the puzzle
 * from INIT (and GOAL, which may be NULL: no goal).  On failure *out is
 * zeroed. */
sb_status sbi_pic_build(const pic_file *init, const pic_file *goal, sb_puzzle *out,
                        sb_error *err);

#endif
