/*
 * sb_format.h - reading INIT/GOAL puzzle files, writing a layout as a
 * picture, and reading/writing moves.
 *
 * Two block-line formats exist (see docs/formats.md):
 *   corners:  r1 c1 r2 c2   upper-left and lower-right cell, inclusive
 *   sizes:    h w r c       height, width, upper-left row and column
 * An INIT file starts with a tray line "H W"; a GOAL file has block lines
 * only.  Blank lines are ignored; CRLF line ends and tabs are accepted.
 * The third format, picture, draws the tray one character per cell
 * (formats/picture.c; written by picture_write.c): pieces of any shape,
 * walls, marked pieces and one-axis pieces.  A GOAL is always read in its
 * INIT's format.
 *
 * Every error names the file and line: err->msg reads
 * "FILE:LINE: what is wrong" (or "FILE: what is wrong" when no line
 * applies).  The reader validates the whole puzzle with sb_puzzle_check(),
 * so a puzzle it returns is safe for the engine.
 */
#ifndef SB_FORMAT_H
#define SB_FORMAT_H

#include <stdio.h>
#include "slide.h"

typedef enum sb_format {
    SB_FORMAT_AUTO,     /* decide from the INIT file */
    SB_FORMAT_CORNERS,
    SB_FORMAT_SIZES,
    SB_FORMAT_PICTURE   /* the tray drawn, one character per cell */
} sb_format;

/* Parses "auto", "corners", "sizes" or "picture".  Returns SB_OK or
 * SB_EINPUT. */
sb_status sb_fmt_parse_name(const char *name, sb_format *out);
const char *sb_fmt_name(sb_format f);

/* Reads a puzzle from INIT and GOAL text held in memory; the names are used
 * in messages only.  goal_text may be NULL (no goal: an empty goal list).
 * With SB_FORMAT_AUTO the format is decided from the INIT text: a picture
 * when its first line that is neither blank nor a ';' comment is not two
 * integers (each an optional sign and digits); otherwise corners or
 * sizes, and if both readings are valid and differ, that is an error
 * asking for --format.
 * *used (may be NULL) receives the format actually used.  On SB_OK the
 * caller owns *out (sb_puzzle_free).  On failure *out is zeroed. */
sb_status sb_fmt_parse(const char *init_text, size_t init_len, const char *init_name,
                       const char *goal_text, size_t goal_len, const char *goal_name,
                       sb_format fmt, sb_format *used, sb_puzzle *out, sb_error *err);

/* The same, reading the files; goal_path may be NULL.  Missing, unreadable
 * or directory paths are SB_EINPUT with a message naming the path. */
sb_status sb_fmt_read(const char *init_path, const char *goal_path, sb_format fmt,
                      sb_format *used, sb_puzzle *out, sb_error *err);

/* Writes a layout of p's pieces (blocks: n of them, p's blocks moved
 * about; p must have passed sb_puzzle_check()) as a picture that reads
 * back, as an INIT file, as the same puzzle: the same tray and walls,
 * pieces of the same cells, axes and classes (the option lines say which
 * are one-axis and marked).  One line per tray row, each after indent:
 * '.' empty, '#' a wall, one character per piece (its label when that is
 * a piece character no earlier piece has, else the first free of A-Z,
 * a-z, 0-9, punctuation).  Returns SB_OK; SB_EINPUT, with err saying why
 * and nothing written, when the pieces cannot be drawn (more than the 91
 * piece characters); SB_EINPUT too when out reports a write error
 * (ferror) afterwards; SB_ELIMIT out of memory. */
sb_status sb_fmt_picture_write(FILE *out, const sb_puzzle *p, const sb_block *blocks, size_t n,
                               const char *indent, sb_error *err);

/* Writes moves one per line as "r1 c1 r2 c2".  Returns 0, or -1 on a write
 * error (errno set). */
int sb_fmt_write_moves(FILE *out, const sb_move *moves, size_t n);

/* Reads move lines one at a time, for the checker.  Blank lines are skipped;
 * a line that is not four non-negative integers is an error. */
typedef struct sb_move_reader {
    FILE *in;           /* not owned */
    const char *name;   /* for messages */
    long line;          /* number of the line last read */
    char text[96];      /* the line last read, trimmed and cut to fit */
} sb_move_reader;

/* Returns 1 with *mv filled, 0 at end of input, or -1 with err filled
 * ("line N: ...: not four non-negative integers").  Lines of any length
 * are consumed safely. */
int sb_fmt_next_move(sb_move_reader *r, sb_move *mv, sb_error *err);

#endif
