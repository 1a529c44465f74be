/*
 * error.h - filling the caller's error record: the one way engine code
 * reports a failure.  Internal to the engine.
 */
#ifndef SB_ERROR_H
#define SB_ERROR_H

#include "slide.h"

/* Fills err (when non-NULL) with status and a formatted message, no limit
 * and no list item; returns status. */
sb_status sb_fail(sb_error *err, sb_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
