/*
 * scan.h - internal to formats/: turning one line of text into numbers.
 *
 * Puzzle files and move files are both lines of small non-negative
 * integers.  Deciding what counts as a number in one place keeps the two
 * readers in agreement, down to the wording of their messages.
 */
#ifndef SB_FMT_SCAN_H
#define SB_FMT_SCAN_H

#include <stddef.h>

/* The largest number a file may hold.  Any sum of two such numbers still
 * fits an int, so later arithmetic on them cannot overflow. */
#define SB_FMT_MAX_VALUE 1000000000

/* Scans the line s[0..len) (no newline in it).  want is how many numbers
 * the line should hold; it only decides whether a bad token after them is
 * "trailing text".  Returns the number of tokens (0 for a blank line, at
 * most INT_MAX) when every token is a number, storing the first min(count,
 * want) values in vals; or -1 with a short reason in why (no line number,
 * no file name) when a token is not a non-negative integer that fits or the
 * line holds control bytes. */
int sbi_fmt_scan_line(const char *s, size_t len, int want, int *vals,
                      char *why, size_t whysz);

/* Copies s[0..len) into out for quoting in a message: control and non-ASCII
 * bytes become \xNN and the copy is cut with "..." to fit outsz. */
void sbi_fmt_quote(const char *s, size_t len, char *out, size_t outsz);

#endif
