/*
 * parse.h - internal to formats/: the stages between puzzle text and an
 * sb_puzzle.
 *
 * Reading happens in two stages so that auto-detection is cheap and its
 * messages are exact.  read.c turns text into numbered lines of numbers;
 * whatever is wrong at that stage (a non-number, a wrong count) is wrong in
 * both formats alike.  build.c then reads those numbers as corners or as
 * sizes, validates with sb_puzzle_check() and points every complaint back
 * at a file and line.
 */
#ifndef SB_FMT_PARSE_H
#define SB_FMT_PARSE_H

#include "core/error.h"
#include "sb_format.h"

/* The numbers of one puzzle file.  Invariant: for i < n, line[i] is the
 * 1-based line number of the block line whose numbers are v[i]. */
typedef struct sb_fmt_lines {
    const char *name;   /* file name for messages, not owned */
    long tray_line;     /* line of "H W" in an INIT file, 0 in a GOAL file */
    int tray[2];        /* rows, columns */
    size_t n;           /* block lines held */
    size_t line_cap;    /* room in line (core/array.h) */
    size_t v_cap;       /* room in v */
    long *line;         /* line number of each block line */
    int (*v)[4];        /* its four numbers, as written */
} sb_fmt_lines;

/* Scans text[0..len) into *out (which it initialises).  is_init says
 * whether a tray line comes first; fmt only colours messages.  Returns
 * SB_OK, SB_EINPUT (err says FILE:LINE) or SB_ELIMIT (out of memory).  On
 * failure *out holds nothing to free. */
sb_status sbi_fmt_scan_text(const char *text, size_t len, const char *name,
                            bool is_init, sb_format fmt, sb_fmt_lines *out,
                            sb_error *err);

void sbi_fmt_lines_free(sb_fmt_lines *l);

/* Reads the numbers as blocks in fmt (or decides the format, for AUTO),
 * validates, and fills *out; *used receives the format chosen.  goal may
 * have no lines.  Same return values and ownership as sb_fmt_parse(). */
sb_status sbi_fmt_build(const sb_fmt_lines *init, const sb_fmt_lines *goal,
                        sb_format fmt, sb_format *used, sb_puzzle *out,
                        sb_error *err);

/* The picture format (picture.c).  Whether INIT text is a picture for
 * --format auto: as SPEC says, when its first line that is neither blank
 * nor a comment is not two integers ("5 4" starts a line-format file;
 * "5 4 3" a picture, whose reader then recalls the tray line). */
bool sbi_fmt_picture_detect(const char *text, size_t len);

/* Reads INIT and GOAL (NULL: no goal) as pictures.  Same return values and
 * ownership as sb_fmt_parse(). */
sb_status sbi_fmt_picture_parse(const char *init_text, size_t init_len, const char *init_name,
                                const char *goal_text, size_t goal_len, const char *goal_name,
                                sb_puzzle *out, sb_error *err);

/* sb_fmt_read_census on an open stream, name naming it in messages (the
 * fuzz harness reads a SPEC from memory so). */
sb_status sbi_fmt_read_census_stream(FILE *f, const char *name, sb_census_spec *out,
                                     sb_error *err);

/* Fills err with "NAME:LINE: message" ("NAME: message" when line is 0,
 * the message alone when name is NULL: no file is involved) and the given
 * status (SB_ELIMIT: out of memory); returns that status. */
sb_status sbi_fmt_fail(sb_error *err, sb_status st, const char *name, long line,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Fills err from chk, a failed sb_puzzle_check() (or any record whose
 * status is not SB_OK), as FN's answer: "FN: " before its message, its
 * status, list and item kept.  Returns that status. */
sb_status sbi_fmt_refuse(sb_error *err, const char *fn, const sb_error *chk);

/* After a writer has written WHAT to out: SB_OK when out reports no
 * error, else SB_EWRITE with "FN: write error: cannot write WHAT: REASON".  saved_errno is
 * errno as the writes left it, taken before anything else can change it
 * (the writer sets errno to 0 first); 0 when none was set. */
sb_status sbi_fmt_written(FILE *out, int saved_errno, sb_error *err, const char *fn,
                          const char *what);

#endif
