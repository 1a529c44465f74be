/*
 * seen64.h - the fast path's table of seen configurations: a set of
 * 64-bit keys, each with its breadth-first depth modulo 3.  Internal to
 * the engine; the bitboard's breadth-first walker (search/bfs_bitboard.c)
 * probes it inline.
 *
 * Why depth mod 3 and nothing else.  A BFS needs to know which
 * configurations it has met; to print a solution it also needs a way back
 * from the goal.  Moves are reversible, so two neighbours' depths differ
 * by at most one, and among the neighbours of a configuration at depth d
 * exactly those at depth d-1 have (d-1) mod 3.  So the way back is found
 * again by generating moves and looking their keys up: no parent link, no
 * node id, no array of keys, just one word per key.
 *
 * The word.  Keys have 62 bits of information: bit 63 is always 0 and one
 * more bit (`spare`) is determined by the others, so it is squeezed out.
 * The 62 bits are multiplied by an odd number mod 2^62 (Fibonacci
 * hashing), which is a bijection, so distinct keys get distinct codes; a
 * slot holds code << 2 | (depth mod 3 + 1), and 0 is an empty slot.
 *
 * Ordered linear probing.  A code's home slot is its top bits scaled to
 * the slot count (code * nslots >> 64), so homes rise with codes, and the
 * table is kept sorted: an insertion shifts the rest of its run one slot
 * right.  Then a probe stops at the first larger code, so a miss costs
 * about as little as a hit, and growing is one merge-like pass over the
 * old slots with no probing at all.  Runs never wrap: spare slots follow
 * the last home slot, the very last always empty, and when a run would
 * reach it there are made more.
 *
 * The table grows by half again when 4/5 full, so it stays between 8/15
 * and 4/5 full: 10 to 15 bytes per key.  (Ordered probing keeps probes
 * short at that load; growing by less would cost more merges.)
 */
#ifndef SB_SEEN64_H
#define SB_SEEN64_H

#include "core/meter.h"

typedef struct sb_seen64 {
    uint64_t *slots;        /* size words, sorted where used, the last 0 */
    uint64_t nslots;        /* home slots */
    uint64_t size;          /* slots, the spare ones after the homes included */
    uint64_t count;         /* keys held */
    uint64_t room;          /* count may grow to this before sb_seen64_make_room */
    uint64_t below_spare;   /* the key bits below the squeezed-out one */
    sb_meter *meter;        /* allocates the slots; holds the limits (not owned) */
} sb_seen64;

/* Prepares an empty table for keys whose bit 63 is 0 and whose bit `spare`
 * (below 63) follows from their other bits, allocating through m.
 * Allocates nothing yet. */
void sb_seen64_init(sb_seen64 *t, int spare, sb_meter *m);
void sb_seen64_free(sb_seen64 *t);

/* Called when count reaches room, before key is added: grows the table
 * (by half; first to 1024 slots) when it is full, and holds the states
 * limit.  1 when key may be added, 0 when it may not but is there already,
 * -1 when the meter refused (its hit says why). */
int sb_seen64_make_room(sb_seen64 *t, uint64_t key);

static inline size_t sb_seen64_bytes(const sb_seen64 *t)
{
    return (size_t)t->size * sizeof *t->slots;
}

/* The key's code, shifted left 2: distinct for distinct keys. */
static inline uint64_t sb_seen64_code(const sb_seen64 *t, uint64_t key)
{
    uint64_t x = (key & t->below_spare) | (key >> 1 & ~t->below_spare);
    /* x times an odd number, mod 2^62, shifted left 2: one multiply.  Its
     * top bits (the home) mix all of x. */
    return x * (0x9e3779b97f4a7c15ULL << 2);
}

/* The first slot a code may sit in. */
static inline uint64_t sb_seen64_home(const sb_seen64 *t, uint64_t code)
{
    return (uint64_t)(((unsigned __int128)code * t->nslots) >> 64);
}

/* Where code is or belongs: the first slot from its home that is empty or
 * holds a code not below it.  The slots from the home that hold smaller
 * codes form a prefix (the table is sorted and runs are unbroken), so the
 * first four are counted without a branch; a longer prefix is rare. */
static inline uint64_t sb_seen64_probe(const sb_seen64 *t, uint64_t code)
{
    uint64_t i = sb_seen64_home(t, code);
    const uint64_t *s = t->slots + i;
    /* s - 1 < code - 1: occupied (0 wraps to the largest) and below code. */
    uint64_t below = (uint64_t)(s[0] - 1 < code - 1) + (uint64_t)(s[1] - 1 < code - 1) +
                     (uint64_t)(s[2] - 1 < code - 1) + (uint64_t)(s[3] - 1 < code - 1);
    i += below;
    if (below == 4)
        while (t->slots[i] - 1 < code - 1)
            i++;
    return i;
}

/* Makes slot i (holding a code, or the last slot) free for a new code:
 * shifts the run from i one slot right, adding spare slots when it would
 * reach the last one.  False when the meter refused. */
bool sb_seen64_open(sb_seen64 *t, uint64_t i);

/* Adds key at the given depth unless it is there.  1 when added, 0 when
 * it was there, -1 when the table could not grow. */
static inline __attribute__((always_inline)) int sb_seen64_add(sb_seen64 *t, uint64_t key,
                                                                unsigned depth)
{
    if (t->count >= t->room) {
        int room = sb_seen64_make_room(t, key);
        if (room <= 0)
            return room;
    }
    uint64_t code = sb_seen64_code(t, key);
    uint64_t i = sb_seen64_probe(t, code);
    uint64_t s = t->slots[i];
    if ((s & ~3ULL) == code && s)
        return 0;
    if ((s || i == t->size - 1) && !sb_seen64_open(t, i))
        return -1;
    t->slots[i] = code | (depth % 3 + 1);
    t->count++;
    return 1;
}

/* The depth mod 3 key was stored with, or -1 when it is not there. */
static inline int sb_seen64_find(const sb_seen64 *t, uint64_t key)
{
    if (!t->count)
        return -1;
    uint64_t code = sb_seen64_code(t, key);
    uint64_t s = t->slots[sb_seen64_probe(t, code)];
    return s && (s & ~3ULL) == code ? (int)(s & 3) - 1 : -1;
}

#endif
