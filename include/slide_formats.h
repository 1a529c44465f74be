/*
 * slide_formats.h - libslide's texts: reading puzzles (three formats,
 * from files or memory), census SPECs and move lists; writing moves and
 * pictures; showing a solution as terminal pictures or one JSON document;
 * a cache (sb_cache) kept in a directory.
 *
 *     #include <slide_formats.h>    (it includes slide_map.h and slide.h)
 *
 * slide.h's rules hold here too.  These are the only calls that touch
 * files: the readers and writers those and the streams they are given,
 * the directory cache the files of its directory.
 */
#ifndef SLIDE_FORMATS_H
#define SLIDE_FORMATS_H

#include "slide_map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Reading and writing puzzles and moves (formats/) ------------------- */

/* Three formats exist (docs/formats.md has every rule and message):
 *   corners:  block lines "r1 c1 r2 c2", upper-left and lower-right cell
 *   sizes:    block lines "h w r c", height, width, upper-left row and column
 *   picture:  the tray drawn, one character per cell: pieces of any shape,
 *             walls, marked and one-axis pieces
 * In the line formats an INIT text starts with a tray line "H W" and a GOAL
 * text has block lines only.  Blank lines are ignored; CRLF line ends and
 * tabs are accepted.  A GOAL is always read in its INIT's format.
 *
 * The readers validate the whole puzzle with sb_puzzle_check(), so a
 * puzzle they return is safe for every call here.  Their errors name the
 * file and line twice: in err->file and err->line, and in err->msg, which
 * reads "FILE:LINE: what is wrong" (or "FILE: what is wrong" when no line
 * applies). */
typedef enum sb_format {
    SB_FORMAT_AUTO,     /* decide from the INIT text */
    SB_FORMAT_CORNERS,
    SB_FORMAT_SIZES,
    SB_FORMAT_PICTURE   /* the tray drawn, one character per cell */
} sb_format;

/* Parses "auto", "corners", "sizes" or "picture" into *out, as
 * sb_metric_parse (slide.h) parses metrics: SB_OK, or SB_EINPUT for any
 * other name or a NULL name or out, err (may be NULL) saying which names
 * there are. */
SB_API sb_status sb_fmt_parse_name(const char *name, sb_format *out, sb_error *err);
/* The name of a format; "?" for a value that is none. */
SB_API const char *sb_fmt_name(sb_format f);

/* Reads a puzzle from INIT and GOAL text held in memory (init_len and
 * goal_len bytes; they need no terminating NUL); the names are used in
 * messages and err->file only (NULL: "INIT", "GOAL").  goal_text may be
 * NULL: no goal, an empty goal list.  With SB_FORMAT_AUTO the format is
 * decided from the INIT text: a picture when its first line that is
 * neither blank nor a ';' comment is not two integers (each an optional
 * sign and digits); otherwise corners or sizes, and if both readings are
 * valid and differ, that is an error asking for a format.  *used (may be
 * NULL) receives the format actually used.  On SB_OK the caller owns *out
 * (sb_puzzle_free).  On failure *out is zeroed and err says why: SB_EINPUT
 * (also for a NULL init_text or out, or an unknown fmt), SB_ELIMIT out of
 * memory. */
SB_API sb_status sb_fmt_parse(const char *init_text, size_t init_len, const char *init_name,
                              const char *goal_text, size_t goal_len, const char *goal_name,
                              sb_format fmt, sb_format *used, sb_puzzle *out, sb_error *err);

/* The same, reading the files; goal_path may be NULL.  Missing, unreadable
 * or directory paths are SB_EINPUT with a message naming the path. */
SB_API sb_status sb_fmt_read(const char *init_path, const char *goal_path, sb_format fmt,
                             sb_format *used, sb_puzzle *out, sb_error *err);

/* Writes a layout of p's pieces (blocks: n of them, p's blocks moved
 * about) as a picture that reads
 * back, as an INIT file, as the same puzzle: the same tray and walls,
 * pieces of the same cells, axes and classes (the option lines say which
 * are one-axis and marked).  One line per tray row, each after indent
 * (NULL: none): '.' empty, '#' a wall, one character per piece (its label
 * when that is a piece character no earlier piece has, else the first
 * free of A-Z, a-z, 0-9, punctuation).  Returns SB_OK; SB_EINPUT, with
 * err saying why and nothing written, when the pieces cannot be drawn
 * (more than the 91 piece characters), an argument is NULL, p fails
 * sb_puzzle_check(), or the layout does (p with blocks in place of its
 * own, goal aside: a block off the tray, on a wall, over another;
 * err->list is SB_LIST_INIT and err->item the block); SB_EWRITE, the
 * message saying "write error" and why, when out reports one (ferror)
 * afterwards; SB_ELIMIT out of memory. */
SB_API sb_status sb_fmt_picture_write(FILE *out, const sb_puzzle *p, const sb_block *blocks,
                                      size_t n, const char *indent, sb_error *err);

/* Reads a census SPEC file (docs/explore.md, "The census": tray, wall,
 * kind, empty, goal and diameters lines) into *out.  SB_OK (the caller
 * owns *out: sb_census_spec_free); SB_EINPUT with "FILE:LINE: ..." in
 * err for a bad line or a missing tray or kind; SB_ELIMIT out of memory.
 * *out is zeroed on failure. */
SB_API sb_status sb_fmt_read_census(const char *path, sb_census_spec *out, sb_error *err);
SB_API void sb_census_spec_free(sb_census_spec *s);

/* Writes moves one per line as "r1 c1 r2 c2".  SB_OK; SB_EINPUT for a
 * NULL out (or NULL moves with n > 0); SB_EWRITE when out reports a
 * write error (the message says "write error" and why). */
SB_API sb_status sb_fmt_write_moves(FILE *out, const sb_move *moves, size_t n, sb_error *err);

/* Reads move lines one at a time, for the checker.  Blank lines are skipped;
 * a line that is not four non-negative integers is an error.  Set it up
 * with its first two fields ({ in, name }) and the rest zero. */
typedef struct sb_move_reader {
    FILE *in;           /* not owned */
    const char *name;   /* for messages and err->file */
    long line;          /* number of the line last read */
    char text[96];      /* the line last read, trimmed and cut to fit */
    bool end;           /* set by the call that found the input exhausted */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_move_reader;

/* Reads the next move into *mv: SB_OK with *mv filled, or SB_OK with
 * r->end set (and *mv untouched) at the end of the input; SB_EINPUT with
 * err filled for a bad line (err->line the line, msg "line N: TEXT: not
 * four non-negative integers (...)"), a read error, or a NULL r, r->in
 * or mv.  Lines of any length are consumed safely.
 *
 *     while ((st = sb_fmt_next_move(&r, &mv, &err)) == SB_OK && !r.end)
 *         ...use mv... */
SB_API sb_status sb_fmt_next_move(sb_move_reader *r, sb_move *mv, sb_error *err);

/* ---- Keeping what is worth keeping: a cache in a directory ------------- */

/* A cache (sb_cache, slide.h) whose entries are the files of dir, for
 * sb_options.cache or sb_options.spill: entry NAME is the file dir/NAME, written to a
 * temporary file beside it and renamed, so that a reader finds the old
 * file or the new one and never half of one.  dir must exist (nothing
 * creates it); when it does not, or cannot be written, nothing is read or
 * kept and no call fails for it.  Calls that run at once may share the
 * cache.  On SB_OK *out is the caller's (sb_fmt_cache_dir_free), and must
 * outlive the calls that use it; SB_EINPUT for a NULL or empty dir or a
 * NULL out, SB_ELIMIT out of memory (*out NULL then). */
SB_API sb_status sb_fmt_cache_dir_new(const char *dir, sb_cache **out, sb_error *err);

/* Releases a cache sb_fmt_cache_dir_new made (no other); harmless on NULL. */
SB_API void sb_fmt_cache_dir_free(sb_cache *cache);

/* ---- Showing a puzzle and its moves: text and JSON (formats/) ------------ */

/* What `slide --show` and `slide --json` print, for any program: terminal
 * pictures of each step, and one JSON document with the outcome of a
 * search and the puzzle.  They write to a stream the caller opened (on
 * POSIX, open_memstream() gives one in memory) and report as the rest of
 * the library does: SB_OK, or a status with err filled.  Nothing is
 * trusted: the puzzle is checked (sb_puzzle_check) and the moves shown
 * are replayed by the judge first, so bad input is an error, never a
 * crash. */

/* The largest tray sb_show_write draws: wider trays make lines of more
 * than 257 characters, which no terminal shows usefully, and taller ones
 * scroll a single picture off the screen. */
enum { SB_SHOW_MAX_COLS = 64, SB_SHOW_MAX_ROWS = 64 };

/* How the terminal pictures look. */
typedef struct sb_show_style {
    bool unicode;   /* box-drawing characters and arrows (a UTF-8 terminal); else ASCII */
    bool color;     /* ANSI reverse video and bold (a terminal that takes them) */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_show_style;

/* True when sb_show_write can draw p (see SB_SHOW_MAX_*); false for NULL. */
SB_API bool sb_show_fits(const sb_puzzle *p);

/* Writes the tray before each of the n moves, with a caption naming the
 * move and the moving piece filled with arrows, then the tray after the
 * last move: n + 1 pictures (one for n = 0), the last captioned "solved
 * after n moves" ("solved already: no moves") when it meets the goal and
 * "not solved yet after n moves" ("not solved: no moves") when not.  Pieces of any shape are outlined and labelled with their
 * picture characters when each has its own, else A, B, ...; walls are
 * filled with '#', empty cells show a dot.  style NULL: ASCII, no colour.
 * Returns SB_OK; SB_EINPUT for a NULL out or p (or NULL moves with n >
 * 0), a puzzle that fails sb_puzzle_check, a tray sb_show_fits refuses
 * (err->list and err->item say where); SB_EWRITE for a write error
 * (ferror on out; the message says "write error"); SB_EMOVE, with nothing written, when
 * the judge refuses a move (err as for sb_check_moves; the moves need not
 * reach the goal); SB_ELIMIT out of memory. */
SB_API sb_status sb_show_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                               const sb_show_style *style, sb_error *err);

/* What the JSON document reports (docs/usage.md lists its keys). */
typedef struct sb_json_report {
    sb_status status;           /* how the search ended: "solved", "unsolvable", "limit", or
                                   any other status "error" */
    const sb_move *moves;       /* used only when status is SB_OK */
    size_t nmoves;
    sb_metric metric;           /* the metric searched */
    bool optimal;               /* the solution is proven shortest */
    const sb_stats *stats;      /* NULL when no search ran */
    const char *message;        /* NULL, or why there is no solution */
    const sb_puzzle *puzzle;    /* the puzzle read, or NULL (it could not be) */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
} sb_json_report;

/* Writes r as one JSON document: the outcome, the moves and their length
 * under every metric, the search's statistics, and with the puzzle its
 * tray, walls, pieces (each as its anchor, its cells and a class number
 * shared by interchangeable pieces) and goal.  Keys that do not apply
 * are null, and so is a number that is not finite.  Numbers are written
 * the same in every locale (a '.' before the fraction, whatever
 * LC_NUMERIC says).  With status SB_OK the judge replays the moves on the
 * puzzle first: they must be legal and end at the goal, or nothing is
 * written.  Returns SB_OK; SB_EINPUT for a NULL out or r (or NULL moves
 * with nmoves > 0 and status SB_OK), status SB_OK without a puzzle, a
 * puzzle that fails sb_puzzle_check (err->list and err->item say where);
 * SB_EWRITE for a write error (the message says "write error" and why);
 * SB_EMOVE when the judge refuses the moves
 * (err->item the move, as sb_check_moves); SB_ELIMIT out of memory. */
SB_API sb_status sb_json_write(FILE *out, const sb_json_report *r, sb_error *err);

#ifdef __cplusplus
}
#endif

#endif
