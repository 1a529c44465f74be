/*
 * store_u64.h - the bitboard's state table, exposed so that the bitboard's
 * BFS kernel can probe it inline.  Internal to the engine.
 *
 * Nodes are two arrays indexed by node id, in the order they were stored:
 * the key and the parent id.  The index is a power-of-two open-addressing
 * set of keys with linear probing, at most 3/4 full, with the node id of
 * each key in a parallel array (read only on a hit).  A spaced image has
 * at most 63 bits ((2H-1)(2W-1) is odd and at most 64), so bit 63 marks a
 * used slot and a zero word is an empty one.  Keys are compared in full:
 * a collision can never merge two configurations.
 */
#ifndef SB_STORE_U64_H
#define SB_STORE_U64_H

#include "space.h"

#define SB_U64_USED (1ULL << 63)

typedef struct sb_u64_table {
    sb_store base;
    uint64_t *keys;            /* by node id */
    uint32_t *parents;         /* by node id */
    uint32_t node_cap;
    uint64_t *slot_keys;       /* key | SB_U64_USED, or 0 when empty */
    uint32_t *slot_ids;        /* node id of the key in the same slot */
    uint32_t mask;             /* slot count - 1 */
    uint32_t room;             /* count may grow to this before sb_u64_grow */
} sb_u64_table;

/* Makes room for at least one more node (node arrays and the index), within
 * base.budget.  SB_OK or SB_ELIMIT (over_budget says whether the budget
 * or malloc refused). */
sb_status sb_u64_grow(sb_u64_table *t);

/* Finds key or adds it with the given parent.  Returns 1 when added, 0 when
 * found (*id is its node id either way), -1 when there was no room. */
static inline int sb_u64_add(sb_u64_table *t, uint64_t key, uint32_t parent, uint32_t *id)
{
    if (t->base.count >= t->room && sb_u64_grow(t) != SB_OK)
        return -1;
    uint64_t tagged = key | SB_U64_USED;
    uint32_t i = (uint32_t)sb_mix64(key) & t->mask;
    for (; t->slot_keys[i]; i = (i + 1) & t->mask) {
        if (t->slot_keys[i] == tagged) {
            *id = t->slot_ids[i];
            return 0;
        }
    }
    uint32_t n = t->base.count++;
    t->keys[n] = key;
    t->parents[n] = parent;
    t->slot_keys[i] = tagged;
    t->slot_ids[i] = n;
    *id = n;
    return 1;
}

#endif
