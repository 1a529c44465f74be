/*
 * seen.c - the out-of-line half of the table of seen configurations
 * (seen.h), made at both word sizes from seen_grow.h.
 *
 * Growth goes through the search's meter, which refuses it past the
 * memory limit.  The states limit is asked where the table would grow
 * (sbi_seen_make_room), so the inline add pays nothing for it.
 */
#include <stdlib.h>
#include <string.h>

#include "stores/seen.h"

#define WORD uint64_t
#define WORD_BITS 64
#define W(name) name##64
#include "stores/seen_grow.h"
#undef WORD
#undef WORD_BITS
#undef W

#define WORD sb_wide
#define WORD_BITS 128
#define W(name) name##128
#include "stores/seen_grow.h"
#undef WORD
#undef WORD_BITS
#undef W
