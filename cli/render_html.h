/*
 * render_html.h - the parts of a self-contained slide page that the
 * replay (--html, render_html.c) and the play page (--play,
 * render_play.c) share, so that pieces of any shape, walls, marked
 * pieces and the goal are drawn by one piece of code.  A page is:
 *
 *   sb_html_head(title, css, body)   doctype, head, the shared style and
 *                                    the page's own, and the body's markup
 *   sb_html_puzzle_data(...)         "<script>var P = {" and the puzzle's
 *                                    fields; the page adds its own and
 *                                    closes the object and the script
 *   sb_html_end(scripts)             the page's one function: the shared
 *                                    drawing (cli/page/draw.js), then the
 *                                    page's own scripts; closes the page
 *
 * The style, markup and scripts are cli/page/'s files (page_files.h).
 * Both pages are written whole by sb_html_write and sb_play_write below.
 * (The other views of a solution, terminal pictures and the JSON
 * document, are the library's: sb_show_write and sb_json_write.)
 *
 * CLI helpers: they never print elsewhere and never exit.
 */
#ifndef SB_RENDER_HTML_H
#define SB_RENDER_HTML_H

#include <stdio.h>

#include "slide_formats.h"

/* page_title: the <title>, any bytes (escaped here); page_css and
 * page_body: the page's files (page_files.h). */
void sb_html_head(FILE *out, const char *page_title, const unsigned char *page_css,
                  const unsigned char *page_body);

/* Returns 0, or -1 when memory runs out (errno set). */
int sb_html_puzzle_data(FILE *out, const sb_puzzle *p, const char *title);

/* page_scripts: the page's script files (page_files.h), NULL after the
 * last.  Returns 0, or -1 when a write failed (errno set). */
int sb_html_end(FILE *out, const unsigned char *const *page_scripts);

/* The replay page (--html, render_html.c): plays the solution; title is
 * the page's title and heading (any bytes; it is escaped).  Returns 0, or -1 when a
 * write (or an allocation) failed, with errno set.  The puzzle must have
 * passed sb_puzzle_check() and the moves must be the solver's. */
int sb_html_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const char *title);

/* Where the play page's engine reads the puzzle from: the files p was
 * read from, in the format asked for. */
typedef struct sb_play_source {
    const char *init_path, *goal_path;
    sb_format format;
} sb_play_source;

/* Whether this build has the play page's engine (WebAssembly). */
bool sb_play_has_engine(void);

/* The play page (render_play.c): p to play, with hints from d when d is
 * not NULL (d must be p's oracle, under the metric counted), or else
 * with no_hints saying why there are none and, when src is not NULL, the
 * engine (WebAssembly, when this build has it) that plans from any
 * position, reading src's files; title is the page's title and heading
 * (the puzzle's name: sbi_view_name).  Returns 0 or -1 (errno). */
int sb_play_write(FILE *out, const sb_puzzle *p, const sb_distances *d, sb_metric metric,
                  const char *no_hints, const char *title, const sb_play_source *src);

#endif
