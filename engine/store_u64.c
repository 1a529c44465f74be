/*
 * store_u64.c - the bitboard's state table: open addressing over 64-bit
 * keys.
 *
 * Nodes are two parallel arrays indexed by node id: the key and the parent
 * id (12 bytes a node).  The index is a power-of-two array of node ids with
 * linear probing, kept at most 3/4 full; each slot also keeps 32 bits of
 * the key's hash so that most probes are settled without touching the key
 * array.  Keys are compared in full, so a collision never merges two
 * configurations.
 */
#include <stdlib.h>
#include <string.h>

#include "space.h"

typedef struct slot {
    uint32_t id;               /* node id, SB_NO_NODE when empty */
    uint32_t tag;              /* high 32 bits of the hash */
} slot;

typedef struct table {
    sb_store base;
    uint64_t *keys;            /* by node id */
    uint32_t *parents;         /* by node id */
    uint32_t node_cap;
    slot *slots;
    uint32_t mask;             /* slot count - 1 */
} table;

static sb_status grow_nodes(table *t)
{
    uint32_t cap = t->node_cap ? t->node_cap * 2 : 1024;
    if (cap <= t->node_cap)
        return SB_ELIMIT;  /* 2^32 nodes */
    uint64_t *keys = realloc(t->keys, (size_t)cap * sizeof *keys);
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

static sb_status grow_slots(table *t)
{
    size_t n = t->slots ? 2 * ((size_t)t->mask + 1) : 1024;
    if (n - 1 > UINT32_MAX)
        return SB_ELIMIT;
    slot *slots = malloc(n * sizeof *slots);
    if (!slots)
        return SB_ELIMIT;
    for (size_t i = 0; i < n; i++)
        slots[i].id = SB_NO_NODE;
    uint32_t mask = (uint32_t)(n - 1);
    for (uint32_t id = 0; id < t->base.count; id++) {
        uint64_t h = sb_mix64(t->keys[id]);
        uint32_t i = (uint32_t)h & mask;
        while (slots[i].id != SB_NO_NODE)
            i = (i + 1) & mask;
        slots[i].id = id;
        slots[i].tag = (uint32_t)(h >> 32);
    }
    free(t->slots);
    t->slots = slots;
    t->mask = mask;
    return SB_OK;
}

/* The hash passed in is ignored: the table mixes the key itself, which is
 * as cheap as carrying a hash and keeps slot order independent of callers. */
static sb_status intern(sb_store *st, const void *keyp, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh)
{
    table *t = (table *)st;
    uint64_t key;
    memcpy(&key, keyp, sizeof key);
    (void)hash;

    if (!t->slots || (uint64_t)t->base.count * 4 >= ((uint64_t)t->mask + 1) * 3) {
        if (grow_slots(t) != SB_OK)
            return SB_ELIMIT;
    }
    uint64_t h = sb_mix64(key);
    uint32_t tag = (uint32_t)(h >> 32);
    uint32_t i = (uint32_t)h & t->mask;
    for (;; i = (i + 1) & t->mask) {
        slot *s = &t->slots[i];
        if (s->id == SB_NO_NODE)
            break;
        if (s->tag == tag && t->keys[s->id] == key) {
            *id = s->id;
            *fresh = false;
            return SB_OK;
        }
    }
    if (t->base.count == SB_NO_NODE)
        return SB_ELIMIT;
    if (t->base.count == t->node_cap && grow_nodes(t) != SB_OK)
        return SB_ELIMIT;
    uint32_t n = t->base.count++;
    t->keys[n] = key;
    t->parents[n] = parent;
    t->slots[i].id = n;
    t->slots[i].tag = tag;
    *id = n;
    *fresh = true;
    return SB_OK;
}

static const void *key_of(const sb_store *st, uint32_t id)
{
    return &((const table *)st)->keys[id];
}

static uint32_t parent_of(const sb_store *st, uint32_t id)
{
    return ((const table *)st)->parents[id];
}

static void set_parent(sb_store *st, uint32_t id, uint32_t parent)
{
    ((table *)st)->parents[id] = parent;
}

static size_t bytes(const sb_store *st)
{
    const table *t = (const table *)st;
    size_t slots = t->slots ? (size_t)t->mask + 1 : 0;
    return sizeof *t + (size_t)t->node_cap * (sizeof *t->keys + sizeof *t->parents) +
           slots * sizeof *t->slots;
}

static void destroy(sb_store *st)
{
    table *t = (table *)st;
    if (!t)
        return;
    free(t->keys);
    free(t->parents);
    free(t->slots);
    free(t);
}

static const sb_store_ops u64_ops = {
    intern, key_of, parent_of, set_parent, bytes, destroy
};

sb_status sb_store_u64_new(sb_store **out)
{
    table *t = calloc(1, sizeof *t);
    if (!t)
        return SB_ELIMIT;
    t->base.ops = &u64_ops;
    *out = &t->base;
    return SB_OK;
}
