/*
 * store_uthash.c - the general state table: uthash over keys of any size.
 *
 * Nodes live in an arena of fixed-size records (handle, parent, key), so a
 * node id finds its record by arithmetic and nothing is malloc'ed per node.
 * uthash is told the hash (the space's Zobrist hash, maintained
 * incrementally), so it never rehashes a key; it still compares whole keys
 * with memcmp, so a hash collision can never merge two configurations.
 *
 * Every allocation, uthash's buckets included, goes through the search's
 * meter, which refuses one that would pass the memory limit.  uthash's
 * out-of-memory path is made non-fatal: a refused bucket expansion sets a
 * flag that becomes SB_ELIMIT, never exit(-1) (uthash rolls the add back,
 * so the table stays consistent).
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "core/check.h"
#include "stores/store.h"

typedef struct table table;

/* uthash's hooks, redirected to the table being modified.  uthash calls
 * them from macros expanded in this file only. */
static void *counted_malloc(table *t, size_t n);
static void counted_free(table *t, void *p, size_t n);
static void note_oom(table *t);

#define HASH_NONFATAL_OOM 1
#define uthash_malloc(sz) counted_malloc(active, (sz))
#define uthash_free(ptr, sz) counted_free(active, (ptr), (sz))
#define uthash_nonfatal_oom(obj) note_oom(active)
#include <uthash.h>

typedef struct node {
    UT_hash_handle hh;
    uint32_t id;               /* this node's id */
    uint32_t parent;           /* node id, or SB_NO_NODE for the root */
    unsigned char key[];       /* key_size bytes */
} node;

/* Arena chunks hold a power of two of records, as many as fit in about
 * 256 KB (at least one): a fixed record count would make one chunk of
 * 64 KB keys (a 1x65536 tray) cost a quarter of a gigabyte. */
enum { CHUNK_BYTES = 256 * 1024 };

struct table {
    sb_store base;
    size_t key_size;
    size_t node_size;          /* sizeof(node) + key, rounded for alignment */
    node *head;                /* uthash head */
    unsigned chunk_shift;      /* a chunk holds 1 << chunk_shift records */
    unsigned char **chunks;    /* the arena */
    size_t nchunks, chunk_cap;
    bool oom;                  /* uthash could not grow its buckets */
};

static void *counted_malloc(table *t, size_t n)
{
    return sbi_meter_realloc(t->base.meter, NULL, 0, n);
}

static void counted_free(table *t, void *p, size_t n)
{
    sbi_meter_free(t->base.meter, p, n);
}

static void note_oom(table *t)
{
    t->oom = true;
}

static size_t chunk_bytes(const table *t)
{
    return ((size_t)1 << t->chunk_shift) * t->node_size;
}

static node *node_at(const table *t, uint32_t id)
{
    uint32_t within = id & ((1u << t->chunk_shift) - 1);
    return (node *)(t->chunks[id >> t->chunk_shift] + (size_t)within * t->node_size);
}

/* Returns the record for the next node id, growing the arena, or NULL. */
static node *new_node(table *t)
{
    uint32_t id = t->base.count;
    if (id == SB_NO_NODE)
        return NULL;
    if ((id >> t->chunk_shift) >= t->nchunks) {
        if (!sbi_array_reserve(t->base.meter, &t->chunks, &t->chunk_cap, t->nchunks + 1,
                               sizeof *t->chunks))
            return NULL;
        t->chunks[t->nchunks] = sbi_meter_realloc(t->base.meter, NULL, 0, chunk_bytes(t));
        if (!t->chunks[t->nchunks])
            return NULL;
        t->nchunks++;
    }
    return node_at(t, id);
}

static node *lookup(const table *t, const void *key, uint64_t hash)
{
    unsigned hv = (unsigned)(hash ^ (hash >> 32));
    node *found;
    HASH_FIND_BYHASHVALUE(hh, t->head, key, (unsigned)t->key_size, hv, found);
    return found;
}

static uint32_t find(const sb_store *st, const void *key, uint64_t hash)
{
    node *found = lookup((const table *)st, key, hash);
    return found ? found->id : SB_NO_NODE;
}

static sb_status intern(sb_store *st, const void *key, uint64_t hash, uint32_t parent,
                        uint32_t *id, bool *fresh)
{
    table *t = (table *)st;
    table *active = t;
    node *found = lookup(t, key, hash);
    if (found) {
        *id = found->id;
        *fresh = false;
        return SB_OK;
    }
    if (!sbi_meter_may_store(t->base.meter, t->base.count))
        return SB_ELIMIT;
    node *n = new_node(t);
    if (!n)
        return SB_ELIMIT;
    n->id = t->base.count;
    n->parent = parent;
    memcpy(n->key, key, t->key_size);
    t->oom = false;   /* this add's refusal only: an earlier one was rolled back */
    HASH_ADD_KEYPTR_BYHASHVALUE(hh, t->head, n->key, (unsigned)t->key_size,
                                (unsigned)(hash ^ (hash >> 32)), n);
    if (t->oom)
        return SB_ELIMIT;
    t->base.count++;
    SB_ASSERT(HASH_COUNT(t->head) == t->base.count);   /* ids dense: one per key */
    *id = n->id;
    *fresh = true;
    return SB_OK;
}

static const void *key_of(const sb_store *st, uint32_t id)
{
    SB_ASSERT(id < st->count);
    return node_at((const table *)st, id)->key;
}

static uint32_t parent_of(const sb_store *st, uint32_t id)
{
    SB_ASSERT(id < st->count);
    return node_at((const table *)st, id)->parent;
}

static void set_parent(sb_store *st, uint32_t id, uint32_t parent)
{
    SB_ASSERT(id < st->count && (parent == SB_NO_NODE || parent < st->count));
    node_at((table *)st, id)->parent = parent;
}

static void destroy(sb_store *st)
{
    table *t = (table *)st;
    if (!t)
        return;
    table *active = t;
    HASH_CLEAR(hh, t->head);
    (void)active;
    for (size_t i = 0; i < t->nchunks; i++)
        sbi_meter_free(t->base.meter, t->chunks[i], chunk_bytes(t));
    sbi_array_free(t->base.meter, &t->chunks, &t->chunk_cap, sizeof *t->chunks);
    free(t);
}

static const sb_store_ops uthash_ops = {
    find, intern, key_of, parent_of, set_parent, destroy, NULL
};

sb_status sbi_store_uthash_new(size_t key_size, sb_meter *m, sb_store **out)
{
    table *t = calloc(1, sizeof *t);
    if (!t)
        return SB_ELIMIT;
    t->base.ops = &uthash_ops;
    t->base.meter = m;
    t->key_size = key_size;
    /* Round records up so every handle stays pointer-aligned. */
    t->node_size = (sizeof(node) + key_size + _Alignof(node) - 1) / _Alignof(node) * _Alignof(node);
    while (t->chunk_shift < 16 && ((size_t)2 << t->chunk_shift) * t->node_size <= CHUNK_BYTES)
        t->chunk_shift++;
    *out = &t->base;
    return SB_OK;
}
