/*
 * error.c - sbi_fail, the one way engine code fills an error record, and
 * sbi_os_error, the one way library code words an OS error.
 *
 * strerror() may word into one buffer the whole process shares, and the
 * library promises that calls on separate records may run at once, so it
 * words errno with strerror_r() into the caller's own record.  strerror_r
 * comes in two forms: POSIX's fills the buffer and returns an int, GNU's
 * (glibc with _GNU_SOURCE) returns a char * that may point elsewhere.
 * The build asks for POSIX (_POSIX_C_SOURCE), and a _Generic on the
 * result takes either, so the code is right whichever the C library gave.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"

/* A printf-like format, checked at the callers (sbi_fail's own attribute). */
__attribute__((format(printf, 4, 0))) static void fill(sb_error *err, sb_status status,
                                                      sb_hint hint, const char *fmt,
                                                      va_list ap)
{
    memset(err, 0, offsetof(sb_error, msg));
    memset(err->reserved, 0, sizeof err->reserved);
    err->status = status;
    err->hint = hint;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
}

sb_status sbi_fail(sb_error *err, sb_status status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        fill(err, status, SB_HINT_NONE, fmt, ap);
        va_end(ap);
    }
    return status;
}

sb_status sbi_fail_hint(sb_error *err, sb_status status, sb_hint hint, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        fill(err, status, hint, fmt, ap);
        va_end(ap);
    }
    return status;
}

bool sbi_zeroed(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return false;
    return true;
}

/* POSIX's strerror_r: 0 when it filled buf. */
static void from_posix(int rc, sb_os_text *out, int errnum)
{
    if (rc != 0)
        snprintf(out->text, sizeof out->text, "error %d", errnum);
}

/* GNU's: the words, in buf or in a string of the library's own. */
static void from_gnu(const char *words, sb_os_text *out, int errnum)
{
    if (words != out->text)
        snprintf(out->text, sizeof out->text, "%s", words ? words : "");
    if (!out->text[0])
        snprintf(out->text, sizeof out->text, "error %d", errnum);
}

sb_os_text sbi_os_error(int errnum)
{
    sb_os_text out = { "" };
    /* The first call only names the type (a _Generic's controlling
     * expression is not evaluated); the second is the one made. */
    _Generic(strerror_r(errnum, out.text, sizeof out.text),
             int: from_posix,
             char *: from_gnu)(strerror_r(errnum, out.text, sizeof out.text), &out, errnum);
    return out;
}
