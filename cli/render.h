/*
 * render.h - the HTML player `slide --html` writes.  (The other views of
 * a solution, terminal pictures and the JSON document, are the library's:
 * sb_show_write and sb_json_write in slide.h; a layout written as a
 * picture file is sb_fmt_picture_write.)
 *
 * A CLI helper: it writes to a FILE the caller opened and returns 0, or
 * -1 when a write (or an allocation) failed, with errno set.  It never
 * exits and never prints anywhere but the FILE it is given.  The puzzle
 * must have passed sb_puzzle_check() and the moves must be the solver's
 * (each names the anchor of a piece: the leftmost cell of its top row, a
 * rectangle's upper-left corner).  Pieces may have any shape, walls may
 * stand in the tray, and the page shows both.
 */
#ifndef SB_RENDER_H
#define SB_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "slide.h"

/* Writes one self-contained HTML page that plays the solution; title is
 * shown in the page (any bytes; it is escaped). */
int sb_html_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const char *title);

#endif
