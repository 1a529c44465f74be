/*
 * table.c - the hash table's cold paths: growing, reserving, clearing
 * (table.h says how the table is laid out and why).
 */
#include "core/array.h"
#include "stores/table.h"

/* The fewest slots a table has once it has any. */
enum { MIN_SLOTS = 16 };

/* The most keys: ids run to UINT32_MAX - 1 (SB_TABLE_NONE is not one),
 * so that a slot holds id + 1 in 32 bits. */
#define MAX_IDS ((uint64_t)UINT32_MAX)

void sbi_table_init(sb_table *t, size_t key_size, size_t value_size, sb_meter *m,
                    bool states_limit)
{
    *t = (sb_table){ .key_size = key_size, .value_size = value_size, .meter = m,
                     .states_limit = states_limit };
}

static size_t slot_count(const sb_table *t)
{
    return t->slots ? (size_t)t->mask + 1 : 0;
}

/* The keys n slots hold at most (3/4 of them). */
static uint64_t slots_hold(uint64_t n)
{
    return n / 4 * 3;
}

/* The slots n keys need: a power of two, at least MIN_SLOTS. */
static uint64_t slots_for(uint64_t n)
{
    uint64_t slots = MIN_SLOTS;
    while (slots_hold(slots) < n)
        slots *= 2;
    return slots;
}

/* Where count may grow to before the table must grow: the least of what
 * the slots, the keys and values and the ids allow, and the states limit
 * when the table keeps it. */
static void set_room(sb_table *t)
{
    uint64_t room = slots_hold(slot_count(t));
    if (t->keys_cap < room)
        room = t->keys_cap;
    if (t->value_size && t->values_cap < room)
        room = t->values_cap;
    if (room > MAX_IDS)
        room = MAX_IDS;
    /* The states limit counts the keys of other stores too (the idle side
     * of a bidirectional search); past it, room is count, so the next new
     * key asks the meter and is refused. */
    uint64_t max = t->meter->limits.max_states, elsewhere = t->meter->stored_elsewhere;
    if (t->states_limit && max) {
        uint64_t left = max > elsewhere ? max - elsewhere : 0;
        if (left < room)
            room = left > t->count ? left : t->count;
    }
    t->room = (uint32_t)room;
}

void sbi_table_limits_changed(sb_table *t)
{
    set_room(t);
}

/* Replaces the slots by n empty ones (a power of two, at most 2^32) and
 * moves every key's slot over: its first slot is its tag's top bits, so
 * no key is hashed again.  False when the meter refused (nothing
 * changed). */
static bool resize_slots(sb_table *t, uint64_t n)
{
    if (n - 1 > UINT32_MAX || n > SIZE_MAX / sizeof *t->slots) {
        t->meter->hit = SB_LIMIT_MEMORY;
        return false;
    }
    uint64_t *slots = sbi_meter_calloc(t->meter, (size_t)n, sizeof *slots);
    if (!slots)
        return false;
    uint32_t mask = (uint32_t)(n - 1);
    int shift = 32 - __builtin_ctzll(n);
    size_t old = slot_count(t);
    /* An empty table (just cleared, then reserved) has nothing to move. */
    for (size_t j = 0; t->count && j < old; j++) {
        uint64_t slot = t->slots[j];
        if (!slot)
            continue;
        uint32_t i = (uint32_t)(slot >> 32) >> shift;
        while (slots[i])
            i = (i + 1) & mask;
        slots[i] = slot;
    }
    sbi_meter_free(t->meter, t->slots, old * sizeof *slots);
    t->slots = slots;
    t->mask = mask;
    t->shift = shift;
    return true;
}

/* Room for n keys in the ids' arrays and the slots.  Keys grow before
 * values: should the values then be refused, the keys keep their room,
 * which the next growth finds (room counts only what both have). */
static sb_status make_room(sb_table *t, uint64_t n)
{
    if (n > MAX_IDS) {
        t->meter->hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    if (!sbi_array_reserve(t->meter, &t->keys, &t->keys_cap, (size_t)n, t->key_size) ||
        (t->value_size &&
         !sbi_array_reserve(t->meter, &t->values, &t->values_cap, (size_t)n, t->value_size)))
        return SB_ELIMIT;
    if (slots_hold(slot_count(t)) < n) {
        uint64_t want = slots_for(n);
        /* Doubling, so that growing key by key moves each slot O(1) times. */
        if (want < 2 * (uint64_t)slot_count(t))
            want = 2 * (uint64_t)slot_count(t);
        if (!resize_slots(t, want))
            return SB_ELIMIT;
    }
    set_room(t);
    return SB_OK;
}

sb_status sbi_table_grow(sb_table *t)
{
    if (t->states_limit && !sbi_meter_may_store(t->meter, t->count))
        return SB_ELIMIT;
    return make_room(t, (uint64_t)t->count + 1);
}

sb_status sbi_table_reserve(sb_table *t, size_t n)
{
    if (n <= t->room)
        return SB_OK;
    return make_room(t, n);
}

void sbi_table_clear(sb_table *t)
{
    size_t had = slot_count(t), needed = (size_t)slots_for(t->count);
    t->count = 0;
    if (had > 4 * needed) {
        /* Slots far more than the keys just forgotten needed (the table
         * once held many more) are swapped for fewer, so that the next
         * clear costs what these keys did.  Should the meter refuse even
         * those, the table has none until a key comes: no search has
         * failed, so the refusal is not recorded. */
        sb_limit hit = t->meter->hit;
        sbi_meter_free(t->meter, t->slots, had * sizeof *t->slots);
        t->slots = sbi_meter_calloc(t->meter, needed, sizeof *t->slots);
        t->mask = t->slots ? (uint32_t)(needed - 1) : 0;
        t->shift = 32 - __builtin_ctzll(needed);
        t->meter->hit = hit;
    } else if (had) {
        memset(t->slots, 0, had * sizeof *t->slots);
    }
    set_room(t);
}

void sbi_table_free(sb_table *t)
{
    if (!t)
        return;
    sb_meter *m = t->meter;
    sbi_array_free(m, &t->keys, &t->keys_cap, t->key_size);
    if (t->value_size)
        sbi_array_free(m, &t->values, &t->values_cap, t->value_size);
    sbi_meter_free(m, t->slots, slot_count(t) * sizeof *t->slots);
    sbi_table_init(t, t->key_size, t->value_size, m, t->states_limit);
}
