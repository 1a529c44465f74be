/*
 * table.h - the engine's one hash table: keys of one fixed size (any
 * size), each given a dense id, 0, 1, 2, ... in the order they were
 * added, and optionally a value of one fixed size per id.  The flat store
 * (store_flat.c: configuration -> node id, the parent as the value) is
 * built on it; so is any walker that must number sparse keys densely (a
 * layout number -> its index in a bitmap, a skeleton -> its bucket).
 * Internal to the engine.
 *
 * The layout.  Keys (and values) are arrays indexed by id, so an id is a
 * key's whole address: key(id) is an index (the pointer holds until the
 * table next grows), ids can index the caller's own arrays (bitmaps,
 * distances, labels), and a key's id never changes.
 * The index is a power-of-two open-addressing table with linear probing,
 * at most 3/4 full, whose slots pack the top 32 bits of the key's hash
 * (the tag) with the id plus one (0 is an empty slot).  A key's first
 * slot is the top bits of its tag, so the table grows without hashing a
 * key again; a probe compares tags first and reads a key only on a match,
 * so it touches one slot and, almost always, one key.  Keys are compared
 * in full: a collision can never merge two keys.
 *
 * The table does not hash: the caller passes a well-mixed 64-bit hash of
 * each key (the space's, or sbi_mix64 of a number), the same one for a key
 * every time.
 *
 * Growth.  Everything is allocated through the caller's meter, which
 * refuses it past the memory limit.  The hot path is one compare: count
 * against `room`, the count at which the table must next grow (its ids'
 * arrays or its slots); only there are the limits asked: the meter's
 * states limit when the table was made with states_limit (a store's),
 * the 2^32 - 1 ids, and the meter itself.  (The states limit counts the
 * meter's stored_elsewhere too, which the table reads only there: whoever
 * changes it calls sbi_table_limits_changed.)  A refusal changes nothing:
 * every key is still found, and the table can be freed or cleared.
 *
 * Invariants: count <= room; every id below count has its key at
 * key(id) and exactly one slot naming it; the slots are at most 3/4 full.
 */
#ifndef SB_TABLE_H
#define SB_TABLE_H

#include <string.h>

#include "core/meter.h"

/* No id: what find returns for a key not held. */
#define SB_TABLE_NONE UINT32_MAX

typedef struct sb_table {
    uint64_t *slots;         /* tag << 32 | (id + 1), 0 empty; NULL before the first key */
    uint32_t mask;           /* slot count - 1 (0 without slots) */
    int shift;               /* a tag's first slot is tag >> shift */
    uint32_t count;          /* keys held: ids 0 .. count - 1 */
    uint32_t room;           /* count may reach this before the table grows */
    size_t key_size;         /* bytes per key (> 0) */
    size_t value_size;       /* bytes per value (0: no values) */
    unsigned char *keys;     /* key_size bytes per id */
    unsigned char *values;   /* value_size bytes per id */
    size_t keys_cap;         /* ids of room in keys (core/array.h) */
    size_t values_cap;       /* ids of room in values */
    sb_meter *meter;         /* allocates everything; not owned */
    bool states_limit;       /* count is bounded by the meter's states limit */
} sb_table;

/* An empty table of key_size-byte keys (and value_size-byte values, 0
 * for none), allocating through m, with the meter's states limit bounding
 * its count when states_limit.  Allocates nothing yet. */
void sbi_table_init(sb_table *t, size_t key_size, size_t value_size, sb_meter *m,
                    bool states_limit);

/* Gives everything back to the meter; the table is then empty, as after
 * init.  NULL harmless. */
void sbi_table_free(sb_table *t);

/* Forgets every key (the next id is 0 again), keeping the memory for the
 * next use; the slots shrink back when they are far more than the keys
 * just forgotten needed, so clearing costs about what those keys did. */
void sbi_table_clear(sb_table *t);

/* Makes room for n keys in all, so that adding up to n allocates nothing
 * more (a walker that knows its count grows once).  SB_OK, or SB_ELIMIT
 * with the meter's hit saying why (nothing changed).  The states limit,
 * in a table that keeps it, is still asked as keys are added. */
sb_status sbi_table_reserve(sb_table *t, size_t n);

/* The meter's limits or its count of configurations stored elsewhere
 * changed: the table works out again where it must next ask them. */
void sbi_table_limits_changed(sb_table *t);

/* The cold part of sbi_table_intern: room for one more key, or SB_ELIMIT
 * when the states limit, the ids or the meter refused (hit says which). */
sb_status sbi_table_grow(sb_table *t);

static inline void *sbi_table_key(const sb_table *t, uint32_t id)
{
    return t->keys + (size_t)id * t->key_size;
}

/* Id's value: value_size bytes, whatever the caller last wrote there
 * (a new id's value is not zeroed). */
static inline void *sbi_table_value(const sb_table *t, uint32_t id)
{
    return t->values + (size_t)id * t->value_size;
}

/* The hot path, inline.  Keys of one and two words (the bitboard's keys,
 * a layout number) are compared and copied by constant size.  GCC,
 * inlining that where a caller's key is one word, warns of the two-word
 * copy it cannot see is never taken for it: the pragmas say it need not. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#if __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
#endif
static inline __attribute__((always_inline)) bool sbi_table_same(const void *a, const void *b,
                                                                 size_t n)
{
    /* Each size spelled out, so that every copy is of a constant size: a
     * load, never a call (memcpy of a size known only at run time is). */
    if (n == 8) {
        uint64_t x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return x == y;
    }
    if (n == 16) {
        uint64_t x[2], y[2];
        memcpy(x, a, 16);
        memcpy(y, b, 16);
        return ((x[0] ^ y[0]) | (x[1] ^ y[1])) == 0;
    }
    return memcmp(a, b, n) == 0;
}

/* The slot holding key, or the empty slot where it belongs (*found says
 * which).  The table must have slots.  key_size is t->key_size: a caller
 * that knows it passes it as a constant, and the compare is then one or
 * two word compares, no call. */
static inline __attribute__((always_inline)) uint32_t
sbi_table_probe_n(const sb_table *t, const void *key, uint64_t hash, size_t key_size, bool *found)
{
    uint32_t tag = (uint32_t)(hash >> 32);
    uint32_t i = tag >> t->shift;
    for (uint64_t slot; (slot = t->slots[i]) != 0; i = (i + 1) & t->mask) {
        if ((uint32_t)(slot >> 32) == tag &&
            sbi_table_same(t->keys + (size_t)((uint32_t)slot - 1) * key_size, key, key_size)) {
            *found = true;
            return i;
        }
    }
    *found = false;
    return i;
}

static inline __attribute__((always_inline)) uint32_t sbi_table_probe(const sb_table *t,
                                                                      const void *key,
                                                                      uint64_t hash, bool *found)
{
    return sbi_table_probe_n(t, key, hash, t->key_size, found);
}

/* The id of key (hash: its hash), or SB_TABLE_NONE; key_size as for
 * sbi_table_probe_n. */
static inline __attribute__((always_inline)) uint32_t
sbi_table_find_n(const sb_table *t, const void *key, uint64_t hash, size_t key_size)
{
    bool found;
    if (!t->slots)
        return SB_TABLE_NONE;
    uint32_t i = sbi_table_probe_n(t, key, hash, key_size, &found);
    return found ? (uint32_t)t->slots[i] - 1 : SB_TABLE_NONE;
}

/* The id of key (hash: its hash), or SB_TABLE_NONE. */
static inline uint32_t sbi_table_find(const sb_table *t, const void *key, uint64_t hash)
{
    return sbi_table_find_n(t, key, hash, t->key_size);
}

/* Finds key or adds it with the next id.  *id receives its id, *fresh
 * whether it was added (its value, if any, is then the caller's to
 * write).  SB_OK, or SB_ELIMIT when growing was refused (sbi_table_grow);
 * a key already held is found even then. */
static inline sb_status sbi_table_intern(sb_table *t, const void *key, uint64_t hash,
                                         uint32_t *id, bool *fresh)
{
    if (t->count >= t->room) {
        uint32_t at = sbi_table_find(t, key, hash);
        if (at != SB_TABLE_NONE) {
            *id = at;
            *fresh = false;
            return SB_OK;
        }
        if (sbi_table_grow(t) != SB_OK)
            return SB_ELIMIT;
    }
    bool found;
    uint32_t i = sbi_table_probe(t, key, hash, &found);
    if (found) {
        *id = (uint32_t)t->slots[i] - 1;
        *fresh = false;
        return SB_OK;
    }
    uint32_t n = t->count++;
    /* As in sbi_table_same: one- and two-word keys copied by constant size. */
    if (t->key_size == 8)
        memcpy(sbi_table_key(t, n), key, 8);
    else if (t->key_size == 16)
        memcpy(sbi_table_key(t, n), key, 16);
    else
        memcpy(sbi_table_key(t, n), key, t->key_size);
    t->slots[i] = (hash >> 32) << 32 | ((uint64_t)n + 1);
    *id = n;
    *fresh = true;
    return SB_OK;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif
