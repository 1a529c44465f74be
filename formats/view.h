/*
 * view.h - what every view of a puzzle needs beyond the model: the
 * library's terminal pictures and JSON document (render_text.c,
 * render_json.c) and the programs' web pages, layouts and reports.
 *
 * Not part of the API: libslide.so hides these, and the programs that use
 * them compile view.c themselves (cli/CMakeLists.txt), which needs
 * nothing but the public headers.  The answers mean something for a p
 * that passed sb_puzzle_check(); for any other they are still safe: NULL
 * (or a count without its array) answers NULL, false or 0, and a block
 * naming a shape p lacks covers no cell.
 */
#ifndef SB_VIEW_H
#define SB_VIEW_H

#include <stdio.h>

#include "slide_formats.h"

/* The classes of p's blocks and then of its goal entries, numbered 0, 1,
 * ... in order of first appearance: entries i and j get one number
 * exactly when sb_block_same_class() says they are interchangeable.
 * Returns an array of nblocks + ngoals entries the caller frees (free()),
 * or NULL when memory runs out.  *nclasses (may be NULL) receives the
 * count. */
size_t *sbi_view_classes(const sb_puzzle *p, size_t *nclasses);

/* Whether block b covers every cell of its box. */
bool sbi_view_is_rectangle(const sb_puzzle *p, const sb_block *b);

/* Whether every block has a picture character (sb_block.label) that is
 * printable and no other block has: then labels name pieces. */
bool sbi_view_own_labels(const sb_puzzle *p);

/* The column of the left edge of b's box (INT_MIN when that is below
 * INT_MIN, for a block no check has passed). */
int sbi_view_box_left(const sb_puzzle *p, const sb_block *b);

/* The puzzle's name for a page's title, into out (size bytes, NUL
 * included; size >= 2): the first comment line of the puzzle file
 * init_path when it starts with one (blank lines aside), without its ';',
 * cut at its first ": " (a heading, then what the puzzle is about) and
 * at a word near 100 bytes; else the file's base name, its extension
 * dropped and '-' or '_' read as spaces ("rush-hour-51.init" is "Rush
 * hour 51").  Reads at most the file's first 4 KB; a file that cannot be
 * read gets the base name.  NULL arguments write "" (when out can take
 * it). */
void sbi_view_name(const char *init_path, char *out, size_t size);

/* Writes s as a JSON string literal, quotes included.  '<', '>' and '&'
 * are escaped too, so the literal is safe inside an HTML <script>; bytes
 * that are not valid UTF-8 become U+FFFD.  SB_OK, SB_EINPUT for a NULL
 * argument, or the status of a write error (out's ferror). */
sb_status sbi_json_string(FILE *out, const char *s);

/* The most digits sbi_json_number writes after the point. */
enum { SB_JSON_MAX_PLACES = 9 };

/* Writes x as a JSON number rounded to places digits after the point
 * (0..SB_JSON_MAX_PLACES; none and no point for 0), with '.' whatever the
 * locale, or null when x is NaN or infinite.  SB_OK, SB_EINPUT for a NULL
 * out or places out of range, or the status of a write error.  One
 * formatter for the library's JSON and the programs' own numbers. */
sb_status sbi_json_number(FILE *out, double x, int places);

/* Kind k of s's shape as a SPEC draws it: its rows of '#' (a cell) and
 * '.' (none) joined by '/', a rectangle's full ("##/##"), into buf (n
 * bytes, cut to fit and ended by a NUL when n > 0).  Returns the whole
 * picture's length, as snprintf does. */
size_t sbi_census_kind_picture(const sb_census_spec *s, size_t k, char *buf, size_t n);

#endif
