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
 * Growth goes through the search's meter, which refuses it past the
 * memory limit; `room`, the count at which the table next grows, is also
 * where the states limit is asked, so the hot path pays for neither.
 */
#include <stdlib.h>
#include <string.h>

#include "stores/store.h"

typedef struct flat {
    sb_store base;
    size_t key_size;
    unsigned char *keys;       /* key_size bytes per node, by node id */
    uint32_t *parents;         /* by node id */
    uint32_t node_cap;         /* room in parents, and in keys (which may have more) */
    uint32_t key_cap;          /* room in keys */
    uint64_t *slots;           /* tag << 32 | (node id + 1), or 0 when empty */
    uint32_t mask;             /* slot count - 1 */
    int shift;                 /* a tag's first slot is tag >> shift (< 32: 1024+ slots) */
    uint32_t room;             /* count may grow to this before growing */
} flat;

/* Grows an array of node_cap elements of `size` bytes to cap. */
static bool grow_array(flat *t, void *arrayp, size_t size, uint32_t cap)
{
    void **array = arrayp;
    void *grown = sb_meter_realloc(t->base.meter, *array, (size_t)t->node_cap * size,
                                   (size_t)cap * size);
    if (grown)
        *array = grown;
    return grown != NULL;
}

/* Doubles the node arrays.  Keys grow first; should the parents then be
 * refused, the keys keep their room, which the next growth finds: node_cap
 * rises only when both have it, so a refusal loses nothing. */
static sb_status grow_nodes(flat *t)
{
    uint32_t cap = t->node_cap ? t->node_cap * 2 : 1024;
    if (cap <= t->node_cap)
        return SB_ELIMIT;  /* 2^32 nodes */
    if (t->key_cap < cap) {
        uint32_t had = t->node_cap;
        t->node_cap = t->key_cap;
        bool ok = grow_array(t, &t->keys, t->key_size, cap);
        t->node_cap = had;
        if (!ok)
            return SB_ELIMIT;
        t->key_cap = cap;
    }
    if (!grow_array(t, &t->parents, sizeof *t->parents, cap))
        return SB_ELIMIT;
    t->node_cap = cap;
    return SB_OK;
}

static size_t slot_count(const flat *t)
{
    return t->slots ? (size_t)t->mask + 1 : 0;
}

/* Doubles the index and moves every slot over, in order. */
static sb_status grow_slots(flat *t)
{
    size_t n = t->slots ? 2 * slot_count(t) : 1024;
    if (n - 1 > UINT32_MAX)
        return SB_ELIMIT;
    uint64_t *slots = sb_meter_calloc(t->base.meter, n, sizeof *slots);
    if (!slots)
        return SB_ELIMIT;
    uint32_t mask = (uint32_t)(n - 1);
    int shift = 32 - __builtin_ctzll(n);
    size_t old = slot_count(t);
    for (size_t j = 0; j < old; j++) {
        uint64_t slot = t->slots[j];
        if (!slot)
            continue;
        uint32_t i = (uint32_t)(slot >> 32) >> shift;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = slot;
    }
    sb_meter_free(t->base.meter, t->slots, old * sizeof *slots);
    t->slots = slots;
    t->mask = mask;
    t->shift = shift;
    return SB_OK;
}

/* Makes room for one more node, or says why not: the states limit (asked
 * here, once the count reaches room), the meter, or the node ids. */
static sb_status grow(flat *t)
{
    if (t->base.count == SB_NO_NODE || !sb_meter_may_store(t->base.meter, t->base.count))
        return SB_ELIMIT;
    if (t->base.count >= t->node_cap && grow_nodes(t) != SB_OK)
        return SB_ELIMIT;
    if (!t->slots || (uint64_t)t->base.count >= ((uint64_t)t->mask + 1) / 4 * 3) {
        if (grow_slots(t) != SB_OK)
            return SB_ELIMIT;
    }
    uint64_t full = ((uint64_t)t->mask + 1) / 4 * 3, room = t->node_cap < full ? t->node_cap : full;
    uint64_t max = t->base.meter->limits.max_states;
    t->room = (uint32_t)(max && max < room ? max : room);
    return SB_OK;
}

/* The bitboard's keys are one or two words: compared inline. */
static inline __attribute__((always_inline)) bool same_key(const unsigned char *a,
                                                          const unsigned char *b, size_t n)
{
    uint64_t x[2], y[2];
    if (n != sizeof x[0] && n != sizeof x)
        return memcmp(a, b, n) == 0;
    memcpy(x, a, n);
    memcpy(y, b, n);
    return x[0] == y[0] && (n == sizeof x[0] || x[1] == y[1]);
}

/* Where key is, or the empty slot where it belongs.  hash must be a
 * well-mixed hash of the key (its top 32 bits are used). */
static inline __attribute__((always_inline)) uint32_t probe(const flat *t, const void *key,
                                                            uint64_t hash, bool *found)
{
    uint32_t tag = (uint32_t)(hash >> 32);
    uint32_t i = tag >> t->shift;
    for (uint64_t slot; (slot = t->slots[i]) != 0; i = (i + 1) & t->mask) {
        uint32_t at = (uint32_t)slot - 1;
        if ((uint32_t)(slot >> 32) == tag &&
            same_key(t->keys + (size_t)at * t->key_size, key, t->key_size)) {
            *found = true;
            return i;
        }
    }
    *found = false;
    return i;
}

static uint32_t find(const sb_store *st, const void *key, uint64_t hash)
{
    const flat *t = (const flat *)st;
    bool found;
    if (!t->slots)
        return SB_NO_NODE;
    uint32_t i = probe(t, key, hash, &found);
    return found ? (uint32_t)t->slots[i] - 1 : SB_NO_NODE;
}

static sb_status intern(sb_store *st, const void *key, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh)
{
    flat *t = (flat *)st;
    bool found;
    /* At room, a key already stored is still found (the states limit
     * refuses only new ones). */
    if (t->base.count >= t->room && (!t->slots || find(st, key, hash) == SB_NO_NODE) &&
        grow(t) != SB_OK)
        return SB_ELIMIT;
    uint32_t i = probe(t, key, hash, &found);
    if (found) {
        *id = (uint32_t)t->slots[i] - 1;
        *fresh = false;
        return SB_OK;
    }
    uint32_t n = t->base.count++;
    memcpy(t->keys + (size_t)n * t->key_size, key, t->key_size);
    t->parents[n] = parent;
    t->slots[i] = (hash >> 32) << 32 | ((uint64_t)n + 1);
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
    sb_meter *m = t->base.meter;
    sb_meter_free(m, t->keys, (size_t)t->key_cap * t->key_size);
    sb_meter_free(m, t->parents, (size_t)t->node_cap * sizeof *t->parents);
    sb_meter_free(m, t->slots, slot_count(t) * sizeof *t->slots);
    free(t);
}

static const sb_store_ops flat_ops = {
    find, intern, key_of, parent_of, set_parent, destroy
};

sb_status sb_store_flat_new(size_t key_size, sb_meter *m, sb_store **out)
{
    flat *t = calloc(1, sizeof *t);
    if (!t)
        return SB_ELIMIT;
    t->base.ops = &flat_ops;
    t->base.meter = m;
    t->key_size = key_size;
    *out = &t->base;
    return SB_OK;
}
