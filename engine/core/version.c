/*
 * version.c - sb_version: the version compiled into the library, so that a
 * program can tell the library it runs with from the header it was built
 * against (SLIDE_VERSION there).
 */
#include "slide.h"

const char *sb_version(void)
{
    return SLIDE_VERSION;
}
