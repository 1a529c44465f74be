/*
 * store_flat.c - the state table for short fixed-size keys (the bitboard's
 * 8- and 16-byte images), behind the sb_store operations.
 *
 * Nodes are two arrays indexed by node id, in the order they were stored:
 * the key bytes and the parent id.  The index is a power-of-two open-
 * addressing table with linear probing, at most 3/4 full, whose slots pack
 * the top 32 bits of the key's hash (the tag) with the node id plus one (0
 * is an empty slot).  A key's first slot is the top bits of its tag, so
 * the table grows without hashing a key again; a probe compares tags
 * first and reads a key only on a match, so it touches one slot and,
 * almost always, one key.
 * Keys are compared in full: a collision can never merge two
 * configurations.  Against uthash's chained items (a 56-byte handle per
 * node, a pointer chase per probe) this is about a third of the memory
 * and of the cache misses (docs/performance.md).
 *
 * Growth is checked against base.budget before anything is allocated, so
 * --max-memory stops the search before the table passes it.
 */
#include <stdlib.h>
#include <string.h>

#include "spaces/space.h"

typedef struct flat {
    sb_store base;
    size_t key_size;
    unsigned char *keys;       /* key_size bytes per node, by node id */
    uint32_t *parents;         /* by node id */
    uint32_t node_cap;
    uint64_t *slots;           /* tag << 32 | (node id + 1), or 0 when empty */
    uint32_t mask;             /* slot count - 1 */
    int shift;                 /* a tag's first slot is tag >> shift (< 32: 1024+ slots) */
    uint32_t room;             /* count may grow to this before growing */
} flat;

static size_t bytes(const sb_store *st)
{
    const flat *t = (const flat *)st;
    size_t slots = t->slots ? (size_t)t->mask + 1 : 0;
    return sizeof *t + (size_t)t->node_cap * (t->key_size + sizeof *t->parents) +
           slots * sizeof *t->slots;
}

static bool affordable(flat *t, size_t more)
{
    return sb_store_affordable(&t->base, more);
}

static sb_status grow_nodes(flat *t)
{
    uint32_t cap = t->node_cap ? t->node_cap * 2 : 1024;
    if (cap <= t->node_cap)
        return SB_ELIMIT;  /* 2^32 nodes */
    if (!affordable(t, (size_t)(cap - t->node_cap) * (t->key_size + sizeof *t->parents)))
        return SB_ELIMIT;
    unsigned char *keys = realloc(t->keys, (size_t)cap * t->key_size);
    if (!keys)
        return SB_ELIMIT;
    t->keys = keys;
    uint32_t *parents = realloc(t->parents, (size_t)cap * sizeof *parents);
    if (!parents)
        return SB_ELIMIT;
    t->parents = parents;
    t->node_cap = cap;
    return SB_OK;
}

/* Doubles the index and moves every slot over, in order. */
static sb_status grow_slots(flat *t)
{
    size_t n = t->slots ? 2 * ((size_t)t->mask + 1) : 1024;
    if (n - 1 > UINT32_MAX || !affordable(t, n * sizeof *t->slots))
        return SB_ELIMIT;
    uint64_t *slots = calloc(n, sizeof *slots);
    if (!slots)
        return SB_ELIMIT;
    uint32_t mask = (uint32_t)(n - 1);
    int shift = 32 - __builtin_ctzll(n);
    size_t old = t->slots ? (size_t)t->mask + 1 : 0;
    for (size_t j = 0; j < old; j++) {
        uint64_t slot = t->slots[j];
        if (!slot)
            continue;
        uint32_t i = (uint32_t)(slot >> 32) >> shift;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = slot;
    }
    free(t->slots);
    t->slots = slots;
    t->mask = mask;
    t->shift = shift;
    return SB_OK;
}

static sb_status grow(flat *t)
{
    if (t->base.count == SB_NO_NODE)
        return SB_ELIMIT;
    if (t->base.count >= t->node_cap && grow_nodes(t) != SB_OK)
        return SB_ELIMIT;
    if (!t->slots || (uint64_t)t->base.count >= ((uint64_t)t->mask + 1) / 4 * 3) {
        if (grow_slots(t) != SB_OK)
            return SB_ELIMIT;
    }
    uint32_t full = (uint32_t)(((uint64_t)t->mask + 1) / 4 * 3);
    t->room = t->node_cap < full ? t->node_cap : full;
    return SB_OK;
}

/* The bitboard's keys are one or two words: compared inline. */
static bool same_key(const unsigned char *a, const unsigned char *b, size_t n)
{
    uint64_t x[2], y[2];
    if (n != sizeof x[0] && n != sizeof x)
        return memcmp(a, b, n) == 0;
    memcpy(x, a, n);
    memcpy(y, b, n);
    return x[0] == y[0] && (n == sizeof x[0] || x[1] == y[1]);
}

/* hash must be a well-mixed hash of the key (its top 32 bits are used). */
static sb_status intern(sb_store *st, const void *key, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh)
{
    flat *t = (flat *)st;
    if (t->base.count >= t->room && grow(t) != SB_OK)
        return SB_ELIMIT;
    uint32_t tag = (uint32_t)(hash >> 32);
    uint32_t i = tag >> t->shift;
    for (uint64_t slot; (slot = t->slots[i]) != 0; i = (i + 1) & t->mask) {
        uint32_t at = (uint32_t)slot - 1;
        if ((uint32_t)(slot >> 32) == tag && same_key(t->keys + (size_t)at * t->key_size, key,
                                                      t->key_size)) {
            *id = at;
            *fresh = false;
            return SB_OK;
        }
    }
    uint32_t n = t->base.count++;
    memcpy(t->keys + (size_t)n * t->key_size, key, t->key_size);
    t->parents[n] = parent;
    t->slots[i] = (uint64_t)tag << 32 | ((uint64_t)n + 1);
    *id = n;
    *fresh = true;
    return SB_OK;
}

static const void *key_of(const sb_store *st, uint32_t id)
{
    const flat *t = (const flat *)st;
    return t->keys + (size_t)id * t->key_size;
}

static uint32_t parent_of(const sb_store *st, uint32_t id)
{
    return ((const flat *)st)->parents[id];
}

static void set_parent(sb_store *st, uint32_t id, uint32_t parent)
{
    ((flat *)st)->parents[id] = parent;
}

static void destroy(sb_store *st)
{
    flat *t = (flat *)st;
    if (!t)
        return;
    free(t->keys);
    free(t->parents);
    free(t->slots);
    free(t);
}

static const sb_store_ops flat_ops = {
    intern, key_of, parent_of, set_parent, bytes, destroy
};

sb_status sb_store_flat_new(size_t key_size, sb_store **out)
{
    flat *t = calloc(1, sizeof *t);
    if (!t)
        return SB_ELIMIT;
    t->base.ops = &flat_ops;
    t->key_size = key_size;
    *out = &t->base;
    return SB_OK;
}
