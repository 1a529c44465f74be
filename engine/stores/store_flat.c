/*
 * store_flat.c - the state table for fixed-size keys (the bitboard's 8-
 * and 16-byte images, the layouts' board keys), behind the sb_store
 * operations: the engine's hash table (table.h) with the parent as each
 * node's value.
 *
 * The table gives exactly what a store promises: dense node ids in
 * insertion order (its ids), the key by id (its keys array), keys compared
 * in full, growth through the search's meter, and the states limit asked
 * only where the table grows.  Against uthash's chained items (a 56-byte
 * handle per node, a pointer chase per probe) it is about a third of the
 * memory and of the cache misses (docs/performance.md).
 */
#include <stdlib.h>

#include "stores/store.h"
#include "stores/table.h"

/* find answers the table's "none" as the store's. */
_Static_assert(SB_TABLE_NONE == SB_NO_NODE, "the table's no-id is the store's no-node");

typedef struct flat {
    sb_store base;             /* base.count is table.count */
    sb_table table;            /* key -> node id; the value: the parent's node id */
} flat;

static uint32_t find(const sb_store *st, const void *key, uint64_t hash)
{
    return sbi_table_find(&((const flat *)st)->table, key, hash);
}

static sb_status intern(sb_store *st, const void *key, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh)
{
    flat *t = (flat *)st;
    if (sbi_table_intern(&t->table, key, hash, id, fresh) != SB_OK)
        return SB_ELIMIT;
    if (*fresh) {
        memcpy(sbi_table_value(&t->table, *id), &parent, sizeof parent);
        t->base.count = t->table.count;
    }
    return SB_OK;
}

static const void *key_of(const sb_store *st, uint32_t id)
{
    return sbi_table_key(&((const flat *)st)->table, id);
}

static uint32_t parent_of(const sb_store *st, uint32_t id)
{
    uint32_t parent;
    memcpy(&parent, sbi_table_value(&((const flat *)st)->table, id), sizeof parent);
    return parent;
}

static void set_parent(sb_store *st, uint32_t id, uint32_t parent)
{
    memcpy(sbi_table_value(&((flat *)st)->table, id), &parent, sizeof parent);
}

static void destroy(sb_store *st)
{
    flat *t = (flat *)st;
    if (!t)
        return;
    sbi_table_free(&t->table);
    free(t);
}

static void elsewhere_changed(sb_store *st)
{
    sbi_table_limits_changed(&((flat *)st)->table);
}

static const sb_store_ops flat_ops = {
    find, intern, key_of, parent_of, set_parent, destroy, elsewhere_changed
};

sb_status sbi_store_flat_new(size_t key_size, sb_meter *m, sb_store **out)
{
    flat *t = calloc(1, sizeof *t);
    if (!t)
        return SB_ELIMIT;
    t->base.ops = &flat_ops;
    t->base.meter = m;
    sbi_table_init(&t->table, key_size, sizeof(uint32_t), m, true);
    *out = &t->base;
    return SB_OK;
}
