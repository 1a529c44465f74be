/*
 * error.c - sb_fail, the one way engine code fills an error record.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"

sb_status sb_fail(sb_error *err, sb_status status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        memset(err, 0, offsetof(sb_error, msg));
        memset(err->reserved, 0, sizeof err->reserved);
        err->status = status;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return status;
}
