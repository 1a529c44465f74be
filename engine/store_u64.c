/*
 * store_u64.c - growing the bitboard's state table and its sb_store
 * operations; the layout and the probe are in store_u64.h.
 *
 * Growth is checked against base.budget before anything is allocated, so
 * --max-memory stops the search before the table passes it.
 */
#include <stdlib.h>
#include <string.h>

#include "store_u64.h"

static size_t bytes(const sb_store *st)
{
    const sb_u64_table *t = (const sb_u64_table *)st;
    size_t slots = t->slot_keys ? (size_t)t->mask + 1 : 0;
    return sizeof *t + (size_t)t->node_cap * (sizeof *t->keys + sizeof *t->parents) +
           slots * (sizeof *t->slot_keys + sizeof *t->slot_ids);
}

/* True when `more` bytes keep the table within its budget; otherwise notes
 * that the budget refused. */
static bool affordable(sb_u64_table *t, size_t more)
{
    size_t held = bytes(&t->base);
    if (!t->base.budget || (more <= t->base.budget && held <= t->base.budget - more))
        return true;
    t->base.over_budget = true;
    return false;
}

static sb_status grow_nodes(sb_u64_table *t)
{
    uint32_t cap = t->node_cap ? t->node_cap * 2 : 1024;
    if (cap <= t->node_cap)
        return SB_ELIMIT;  /* 2^32 nodes */
    if (!affordable(t, (size_t)(cap - t->node_cap) * (sizeof *t->keys + sizeof *t->parents)))
        return SB_ELIMIT;
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

/* Doubles the index and reinserts every key, in node order. */
static sb_status grow_slots(sb_u64_table *t)
{
    size_t n = t->slot_keys ? 2 * ((size_t)t->mask + 1) : 1024;
    if (n - 1 > UINT32_MAX || !affordable(t, n * (sizeof *t->slot_keys + sizeof *t->slot_ids)))
        return SB_ELIMIT;
    uint64_t *slot_keys = calloc(n, sizeof *slot_keys);
    uint32_t *slot_ids = malloc(n * sizeof *slot_ids);
    if (!slot_keys || !slot_ids) {
        free(slot_keys);
        free(slot_ids);
        return SB_ELIMIT;
    }
    uint32_t mask = (uint32_t)(n - 1);
    for (uint32_t id = 0; id < t->base.count; id++) {
        uint32_t i = (uint32_t)sb_mix64(t->keys[id]) & mask;
        while (slot_keys[i])
            i = (i + 1) & mask;
        slot_keys[i] = t->keys[id] | SB_U64_USED;
        slot_ids[i] = id;
    }
    free(t->slot_keys);
    free(t->slot_ids);
    t->slot_keys = slot_keys;
    t->slot_ids = slot_ids;
    t->mask = mask;
    return SB_OK;
}

sb_status sb_u64_grow(sb_u64_table *t)
{
    if (t->base.count == SB_NO_NODE)
        return SB_ELIMIT;
    if (t->base.count >= t->node_cap && grow_nodes(t) != SB_OK)
        return SB_ELIMIT;
    if (!t->slot_keys || (uint64_t)t->base.count >= ((uint64_t)t->mask + 1) / 4 * 3) {
        if (grow_slots(t) != SB_OK)
            return SB_ELIMIT;
    }
    uint32_t full = (uint32_t)(((uint64_t)t->mask + 1) / 4 * 3);
    t->room = t->node_cap < full ? t->node_cap : full;
    return SB_OK;
}

/* The hash passed in is ignored: the table mixes the key itself, which is
 * as cheap as carrying a hash. */
static sb_status intern(sb_store *st, const void *keyp, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh)
{
    uint64_t key;
    memcpy(&key, keyp, sizeof key);
    (void)hash;
    int added = sb_u64_add((sb_u64_table *)st, key, parent, id);
    if (added < 0)
        return SB_ELIMIT;
    *fresh = added == 1;
    return SB_OK;
}

static const void *key_of(const sb_store *st, uint32_t id)
{
    return &((const sb_u64_table *)st)->keys[id];
}

static uint32_t parent_of(const sb_store *st, uint32_t id)
{
    return ((const sb_u64_table *)st)->parents[id];
}

static void set_parent(sb_store *st, uint32_t id, uint32_t parent)
{
    ((sb_u64_table *)st)->parents[id] = parent;
}

static void destroy(sb_store *st)
{
    sb_u64_table *t = (sb_u64_table *)st;
    if (!t)
        return;
    free(t->keys);
    free(t->parents);
    free(t->slot_keys);
    free(t->slot_ids);
    free(t);
}

static const sb_store_ops u64_ops = {
    intern, key_of, parent_of, set_parent, bytes, destroy
};

sb_status sb_store_u64_new(sb_store **out)
{
    sb_u64_table *t = calloc(1, sizeof *t);
    if (!t)
        return SB_ELIMIT;
    t->base.ops = &u64_ops;
    *out = &t->base;
    return SB_OK;
}
