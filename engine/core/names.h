/*
 * names.h - the names of the library's choices (metrics, algorithms,
 * representations, formats) and their parsing, one table each: the
 * programs and the Python module take names through sb_metric_parse and
 * its kin rather than keep tables of their own.  Internal to the library.
 */
#ifndef SB_NAMES_H
#define SB_NAMES_H

#include "slide.h"

/* names[0..n) are the names of the values 0..n-1 of a choice called
 * `what` ("metric").  sbi_name_of: value's name, "?" out of range.
 * sbi_name_parse: the value named into *out, SB_OK; SB_EINPUT for any
 * other name or a NULL argument, err (may be NULL) then saying "unknown
 * WHAT 'NAME' (A, B or C)". */
const char *sbi_name_of(const char *const *names, int n, int value);
sb_status sbi_name_parse(const char *const *names, int n, const char *what, const char *name,
                         int *out, sb_error *err);

#endif
