/*
 * render.h - the ways `slide` shows a solution besides the bare moves:
 * terminal pictures (--show), a self-contained HTML player (--html), and
 * one JSON document (--json).  (A layout written as a picture file is
 * formats/'s sb_fmt_picture_write.)
 *
 * These are CLI helpers: they write to a FILE the caller opened and return
 * 0, or -1 when a write (or an allocation) failed, with errno set.  They
 * never exit and never print anywhere but the FILE they are given.  The
 * puzzle must have passed sb_puzzle_check() and the moves must be the
 * solver's (each names the anchor of a piece: the leftmost cell of its top
 * row, a rectangle's upper-left corner); a move that names no piece is
 * reported as -1 with errno EINVAL rather than trusted.  Pieces may have
 * any shape, walls may stand in the tray, and every view shows both.
 */
#ifndef SB_RENDER_H
#define SB_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "slide.h"

/* The largest tray --show draws: wider trays make lines of more than 257
 * characters, which no terminal shows usefully, and taller ones scroll
 * a single picture off the screen. */
enum { SB_SHOW_MAX_COLS = 64, SB_SHOW_MAX_ROWS = 64 };

/* How the terminal pictures look. */
typedef struct sb_show_style {
    bool unicode;   /* box-drawing characters (the locale is UTF-8) */
    bool color;     /* ANSI colour and reverse video (a TTY, no NO_COLOR) */
} sb_show_style;

/* True when --show can draw p (see SB_SHOW_MAX_*). */
bool sb_show_fits(const sb_puzzle *p);

/* Prints the tray before each move, with a caption naming the move and
 * the moving piece marked, then the tray after the last move: n + 1
 * pictures.  Pieces are outlined whatever their shape and labelled with
 * their picture characters when each has its own, else A, B, ...; walls
 * are filled with '#'. */
int sb_show_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const sb_show_style *style);

/* Writes one self-contained HTML page that plays the solution; title is
 * shown in the page (any bytes; it is escaped). */
int sb_html_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const char *title);

/* What the JSON document reports.  stats may be NULL (the search did not
 * run); moves is used only when status is SB_OK. */
typedef struct sb_json_report {
    sb_status status;           /* the exit status of slide */
    const sb_move *moves;
    size_t nmoves;
    sb_metric metric;           /* the metric searched */
    bool optimal;               /* the solution is proven shortest */
    const sb_stats *stats;      /* NULL when no search ran */
    const char *message;        /* NULL, or why there is no solution */
    const sb_puzzle *puzzle;    /* the puzzle read, or NULL (it could not be) */
} sb_json_report;

/* Writes the report as one JSON document (see docs/usage.md): the
 * outcome, and with the puzzle its tray, walls, pieces (each as its
 * anchor and its cells) and goal. */
int sb_json_write(FILE *out, const sb_json_report *r);

/* Writes s as a JSON string literal, quotes included.  '<', '>' and '&'
 * are escaped too, so the literal is safe inside an HTML <script>; bytes
 * that are not valid UTF-8 become U+FFFD. */
int sb_json_string(FILE *out, const char *s);

#endif
