/*
 * error.h - filling the caller's error record: the one way engine code
 * reports a failure, and the one way library code words an OS error.
 * Internal to the library.
 */
#ifndef SB_ERROR_H
#define SB_ERROR_H

#include "slide.h"

/* Fills err (when non-NULL) with status and a formatted message, no limit
 * and no list item; returns status. */
sb_status sbi_fail(sb_error *err, sb_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* sbi_fail, naming the choice that would help (err->hint): the message
 * says it in the library's terms, never as a program's option. */
sb_status sbi_fail_hint(sb_error *err, sb_status status, sb_hint hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Whether the n bytes at p are all zero: a caller's record whose reserved
 * space is not comes from a newer header than the library's (slide.h's
 * ABI), and is refused rather than half understood. */
bool sbi_zeroed(const void *p, size_t n);

/* The words of an OS error number, as strerror_r() gives them (never
 * empty).  Returned by value, so that any thread may word errno at once:
 * sbi_fail(err, ..., "cannot read: %s", sbi_os_error(errno).text) is safe,
 * since the record lives to the end of the full expression (C11 6.2.4). */
typedef struct sb_os_text {
    char text[128];
} sb_os_text;

sb_os_text sbi_os_error(int errnum);

#endif
