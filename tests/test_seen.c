/*
 * test_seen.c - the fast path's table of seen configurations
 * (engine/stores/seen.h), at both word sizes: exact membership, the depth
 * each key was stored at (mod 3), the sorted layout that probes rely on
 * (checked after every growth in place), long runs, refusal at the
 * bytes and states limits, and agreement, key by key, with the general
 * path it stands for (the engine's hash table holding each key's depth).
 * Keys come from a fixed-seed generator, so a failure can be reproduced.
 * The checks are written once, test_seen_word.h, as the table is.
 */
#include "unit.h"

#include "stores/seen.h"
#include "stores/table.h"

/* The squeezed-out bit: one in the middle of the key, where squeezing
 * moves the bits above it, as the bitboard's first crossing does; and for
 * 128 bits one in the upper word, as bit 126 of a 6x6 image is. */
#define SPARE 9
#define WORD uint64_t
#define WORD_BITS 64
#define W(name) name##64
#include "test_seen_word.h"
#undef WORD
#undef WORD_BITS
#undef W
#undef SPARE

#define SPARE 100
#define WORD sb_wide
#define WORD_BITS 128
#define W(name) name##128
#include "test_seen_word.h"
#undef WORD
#undef WORD_BITS
#undef W
#undef SPARE

int main(void)
{
    test_all64();
    test_all128();
    return unit_finish("test_seen");
}
