/*
 * check.c - what a failed SB_ASSERT does (check.h): one line on stderr
 * naming the broken invariant, then abort(), so that the sanitizer and
 * fuzz builds stop at the first wrong state with a stack to show.  The
 * one place the engine prints or aborts, and only for its own bugs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/check.h"

void sbi_assert_failed(const char *cond, const char *file, int line)
{
    fprintf(stderr, "slide: internal invariant broken at %s:%d: %s\n", file, line, cond);
    fflush(stderr);
    abort();
}
