/*
 * seen64.h - the fast path's table of seen configurations: a set of
 * 64-bit keys, each tagged with its breadth-first depth modulo 3.
 * Internal to the engine; the bitboard's BFS kernel probes it inline.
 *
 * Why depth mod 3 and nothing else.  A BFS needs to know which
 * configurations it has met; to print a solution it also needs a way back
 * from the goal.  Moves are reversible, so two neighbours' depths differ
 * by at most one, and among the neighbours of a configuration at depth d
 * exactly those at depth d-1 carry the tag (d-1) mod 3.  So the way back
 * is found again by generating moves and looking their keys up: no parent
 * link, no node id, no array of keys, just the key in its slot.
 *
 * Layout.  Open addressing with linear probing over `nslots` slots of one
 * word each, any slot count (a slot is picked by the high half of a 64 x
 * 64-bit product, not by a mask), grown by half again when 3/4 full, so
 * the table stays between 1/2 and 3/4 full: 10.7 to 16 bytes per key.
 * A slot holds key | tag; the caller names the two tag bits, which its
 * keys never use, and 0 is an empty slot (every tag is non-zero).  Keys
 * are compared in full: a collision can never merge two configurations.
 */
#ifndef SB_SEEN64_H
#define SB_SEEN64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sb_seen64 {
    uint64_t *slots;        /* key | tag, or 0 when empty */
    uint64_t nslots;
    uint64_t count;         /* keys held */
    uint64_t room;          /* count may grow to this before sb_seen64_grow */
    uint64_t tag_bits;      /* the two bits that hold the tag */
    uint64_t tag[3];        /* the tag of depth 0, 1, 2 (mod 3); non-zero */
    size_t budget;          /* most bytes the slots may take, 0 for no limit */
    bool over_budget;       /* the last refusal to grow was the budget's */
} sb_seen64;

/* Prepares an empty table whose tags use the bits low and high (distinct,
 * never set in a key).  Allocates nothing yet. */
void sb_seen64_init(sb_seen64 *t, uint64_t low, uint64_t high, size_t budget);
void sb_seen64_free(sb_seen64 *t);

/* Grows the table by half (first to 1024 slots) and reinserts every key.
 * False when the budget or malloc refused; over_budget says which. */
bool sb_seen64_grow(sb_seen64 *t);

static inline size_t sb_seen64_bytes(const sb_seen64 *t)
{
    return (size_t)t->nslots * sizeof *t->slots;
}

/* The tag of BFS depth d. */
static inline uint64_t sb_seen64_tag(const sb_seen64 *t, unsigned d)
{
    return t->tag[d % 3];
}

/* The first slot to probe for key: a multiplicative hash (the key's high
 * half folded in first) scaled to the slot count. */
static inline uint64_t sb_seen64_home(const sb_seen64 *t, uint64_t key)
{
    uint64_t h = (key ^ key >> 29) * 0x9e3779b97f4a7c15ULL;
    return (uint64_t)(((unsigned __int128)h * t->nslots) >> 64);
}

/* Adds key with the given tag unless it is there.  1 when added, 0 when
 * it was there, -1 when the table could not grow. */
static inline int sb_seen64_add(sb_seen64 *t, uint64_t key, uint64_t tag)
{
    if (t->count >= t->room && !sb_seen64_grow(t))
        return -1;
    uint64_t i = sb_seen64_home(t, key);
    for (uint64_t slot; (slot = t->slots[i]) != 0;) {
        if ((slot & ~t->tag_bits) == key)
            return 0;
        if (++i == t->nslots)
            i = 0;
    }
    t->slots[i] = key | tag;
    t->count++;
    return 1;
}

/* The tag key was stored with, or 0 when it is not in the table. */
static inline uint64_t sb_seen64_find(const sb_seen64 *t, uint64_t key)
{
    if (!t->count)
        return 0;
    uint64_t i = sb_seen64_home(t, key);
    for (uint64_t slot; (slot = t->slots[i]) != 0;) {
        if ((slot & ~t->tag_bits) == key)
            return slot & t->tag_bits;
        if (++i == t->nslots)
            i = 0;
    }
    return 0;
}

#endif
