/*
 * store.h - the seam between a search and its table of configurations: a
 * *store* keeps each configuration seen once, with a dense node id (given
 * in insertion order, from 0) and a parent link.  Internal to the engine.
 *
 * Two stores exist: uthash (store_uthash.c, the general board's keys, of
 * any size) and the engine's open-addressing hash table (table.h) with the
 * parent as each node's value (store_flat.c: the bitboard's 8- and 16-byte
 * images, the layouts' keys).  The bitboard's own BFS
 * (search/bfs_bitboard.c) uses neither but a leaner table, seen.h.
 *
 * Stores do not hash: the caller passes the space's hash of each key.
 * They allocate through the search's meter, which refuses growth past the
 * memory limit, and they ask it (sbi_meter_may_store) before adding a
 * configuration, so the states limit is exact.
 */
#ifndef SB_STORE_H
#define SB_STORE_H

#include "core/meter.h"

/* No node: the root's parent, and "not found". */
#define SB_NO_NODE UINT32_MAX

typedef struct sb_store sb_store;

typedef struct sb_store_ops {
    /* The node id of key, or SB_NO_NODE when it is not stored. */
    uint32_t (*find)(const sb_store *st, const void *key, uint64_t hash);
    /* Finds key or adds it with the given parent.  *id receives its node
     * id, *fresh whether it was added.  SB_OK, or SB_ELIMIT when the meter
     * refused (its hit says which limit) or the 2^32 node ids ran out. */
    sb_status (*intern)(sb_store *st, const void *key, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh);
    const void *(*key)(const sb_store *st, uint32_t id);
    uint32_t (*parent)(const sb_store *st, uint32_t id);
    void (*set_parent)(sb_store *st, uint32_t id, uint32_t parent);
    void (*free)(sb_store *st);
    /* The meter's count of configurations stored elsewhere changed (the
     * idle side of a bidirectional search grew): a store that asks the
     * states limit only where it grows works out again where that is.
     * NULL: the store asks at every new key, so nothing to do. */
    void (*elsewhere_changed)(sb_store *st);
} sb_store_ops;

struct sb_store {
    const sb_store_ops *ops;
    uint32_t count;         /* nodes stored */
    sb_meter *meter;        /* not owned */
};

/* Tells st that its meter's stored_elsewhere changed (the op above). */
static inline void sbi_store_elsewhere_changed(sb_store *st)
{
    if (st->ops->elsewhere_changed)
        st->ops->elsewhere_changed(st);
}

sb_status sbi_store_uthash_new(size_t key_size, sb_meter *m, sb_store **out);
/* The table for short fixed-size keys (store_flat.c): the bitboard's. */
sb_status sbi_store_flat_new(size_t key_size, sb_meter *m, sb_store **out);

#endif
