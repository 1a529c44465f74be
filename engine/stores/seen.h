/*
 * seen.h - the fast path's table of seen configurations: a set of
 * bitboard images, each with its breadth-first depth modulo 3.  Internal
 * to the engine; the bitboard's breadth-first walker
 * (search/bfs_bitboard.c) probes it inline.  Written once (seen_word.h,
 * seen_grow.h) and made twice: sb_seen64 for images of up to 64 bits (the
 * 5x4 Klotski tray), sb_seen128 for images of up to 128 (5x5 to 6x6).
 *
 * The general path it equals.  This is a specialised copy, kept for
 * speed, of what the store's walker (search/bfs_store.c) does with the
 * flat store (store_flat.c: the engine's hash table, table.h): a key is
 * held here exactly when that table holds it, and its depth mod 3 here is
 * the depth of the layer that table's id fell in, mod 3.  It gives up the
 * ids, the keys array and the parents for one word per key and no parent
 * link.  tests/test_seen.c feeds both tables the same keys, layer by
 * layer, and checks they answer alike key by key; tests/test_walk.c runs
 * both walkers on the same bitboard spaces and checks they count the same
 * configurations, depth by depth.
 *
 * Why depth mod 3 and nothing else.  A BFS needs to know which
 * configurations it has met; to print a solution it also needs a way back
 * from the goal.  Moves are reversible, so two neighbours' depths differ
 * by at most one, and among the neighbours of a configuration at depth d
 * exactly those at depth d-1 have (d-1) mod 3.  So the way back is found
 * again by generating moves and looking their keys up: no parent link, no
 * node id, no array of keys, just one slot per key.
 *
 * The slot is one word of the image's own size, and holds the key itself,
 * transformed: two of its bits are taken by the depth (mod 3, plus one,
 * so that 0 is an empty slot), so a key may have only WORD_BITS - 2 bits
 * of information.  Every image has an odd number of bits ((2H-1)(2W-1)),
 * so its top bit is always 0; the bitboard names one more bit (`spare`)
 * that the table may squeeze out: one its images never use (bit 126 for
 * any image up to 126 bits: every 128-bit tray but 1x64 and 64x1, which
 * the store walker takes), or when there is none, a bit that follows from
 * the others (the first crossing of a 5x4 tray's 63-bit image: 1 exactly
 * when the four cells around it are one block).
 *
 * Why not fewer bytes for 128-bit images.  A 5x6 image has 99 bits, 79
 * once its 20 crossings are squeezed out, so a slot of 12 bytes would
 * hold it, and a slot of 8 would hold a 4x6 tray's (62 bits).  But
 * squeezing bits out of scattered places costs a dozen shifts and masks
 * per probe on a machine without a bit-extract instruction (the baseline
 * x86-64 target), and odd-sized slots cost unaligned loads; a 16-byte slot
 * is two aligned words, probed by the very code that probes 8-byte ones.
 * The table instead saves where it pays most: it grows in place (below),
 * so its peak is its grown size, not that and the old size besides.
 *
 * The code.  The key, its spare bit squeezed out, is multiplied by an odd
 * number mod 2^(WORD_BITS-2) (Fibonacci hashing), which is a bijection,
 * so distinct keys get distinct codes; a slot holds code << 2 | (depth
 * mod 3 + 1), and 0 is an empty slot.
 *
 * Ordered linear probing.  A code's home slot is its top bits scaled to
 * the slot count (code * nslots >> WORD_BITS), so homes rise with codes,
 * and the table is kept sorted: an insertion shifts the rest of its run
 * one slot right.  Then a probe stops at the first larger code, so a miss
 * costs about as little as a hit.  Runs never wrap: spare slots follow
 * the last home slot, the very last always empty, and when a run would
 * reach it there are made more.  Every code then sits exactly where
 * placing the codes in order, each at its home or just after the one
 * before, puts it; so its place depends on the homes alone.
 *
 * Growing in place.  The table grows by half again when 4/5 full, so it
 * stays between 8/15 and 4/5 full: 10 to 15 bytes per 64-bit key, 20 to
 * 30 per 128-bit one.  Its slots come from sbi_meter_map (core/meter.h):
 * from 2 MB up, a mapping of their own in huge pages.  Homes only rise when the slot count does, so in
 * the grown table every code's place is at or after its old one: the
 * table is reallocated larger and the codes moved from the last to the
 * first, each to a slot nothing unmoved occupies.  Only their new places
 * must be known before (one read-only pass, remembered per chunk of slots
 * and replayed chunk by chunk backwards).  Copying into a second table
 * would hold both at once, 2.5 times the old table's bytes: on a 5x6
 * tray of 47 million configurations, 2.3 GB instead of 1.4.
 */
#ifndef SB_SEEN_H
#define SB_SEEN_H

#include "core/meter.h"

typedef unsigned __int128 sb_wide;

#define WORD uint64_t
#define WORD_BITS 64
#define W(name) name##64
#define WORD_ODD 0x9e3779b97f4a7c15ULL
#include "stores/seen_word.h"
#undef WORD
#undef WORD_BITS
#undef W
#undef WORD_ODD

#define WORD sb_wide
#define WORD_BITS 128
#define W(name) name##128
#define WORD_ODD ((sb_wide)0x9e3779b97f4a7c15ULL << 64 | 0xf39cc0605cedc835ULL)
#include "stores/seen_word.h"
#undef WORD
#undef WORD_BITS
#undef W
#undef WORD_ODD

#endif
