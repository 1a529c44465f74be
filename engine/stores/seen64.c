/*
 * seen64.c - growing the fast path's table of seen configurations, and
 * making room in a run; the layout and the probe are in seen64.h.
 *
 * Growth goes through the search's meter, which refuses it past the
 * memory limit.  The states limit is asked where the table would grow
 * (sb_seen64_make_room), so the inline add pays nothing for it.
 */
#include <stdlib.h>
#include <string.h>

#include "stores/seen64.h"

void sb_seen64_init(sb_seen64 *t, int spare, sb_meter *m)
{
    *t = (sb_seen64){ .below_spare = (1ULL << spare) - 1, .meter = m };
}

void sb_seen64_free(sb_seen64 *t)
{
    if (!t)
        return;
    sb_meter_free(t->meter, t->slots, sb_seen64_bytes(t));
    t->slots = NULL;
    t->nslots = t->size = t->count = t->room = 0;
}

/* Adds spare slots after the last (about an eighth more), all empty. */
static bool add_spares(sb_seen64 *t)
{
    uint64_t more = t->size / 8 > 64 ? t->size / 8 : 64;
    uint64_t *slots = sb_meter_realloc(t->meter, t->slots, sb_seen64_bytes(t),
                                       (size_t)(t->size + more) * sizeof *slots);
    if (!slots)
        return false;
    memset(slots + t->size, 0, (size_t)more * sizeof *slots);
    t->slots = slots;
    t->size += more;
    return true;
}

bool sb_seen64_open(sb_seen64 *t, uint64_t i)
{
    uint64_t end = i;
    while (t->slots[end])
        end++;
    if (end == t->size - 1 && !add_spares(t))
        return false;
    memmove(&t->slots[i + 1], &t->slots[i], (end - i) * sizeof *t->slots);
    t->slots[i] = 0;
    return true;
}

/* Copies the sorted codes of `from` into the empty, larger `to`: each goes
 * to its home or, when that is taken, just after the one before, which
 * keeps the order and the runs unbroken. */
static bool merge(const sb_seen64 *from, sb_seen64 *to)
{
    uint64_t next = 0;
    for (uint64_t i = 0; i < from->size; i++) {
        /* No branch on empty slots (about a third of them): an empty one
         * writes 0 where the next code would go, and next stays. */
        uint64_t s = from->slots[i];
        uint64_t home = sb_seen64_home(to, s & ~3ULL);
        uint64_t at = home > next ? home : next;
        if (at >= to->size - 1 && !add_spares(to))
            return false;
        to->slots[at] = s;
        next = s ? at + 1 : next;
    }
    return true;
}

/* The spare slots a table of n home slots starts with: enough for the
 * probe's four-slot window from the last home, and for short runs. */
enum { SPARES = 64 };

/* Grows the table by half (first to 1024 slots).  False when the meter
 * refused.  Old and new slots are held at once while the codes move over,
 * and the meter counts both. */
static bool grow(sb_seen64 *t)
{
    uint64_t n = t->nslots ? t->nslots + t->nslots / 2 : 1024;
    if (n > SIZE_MAX / sizeof *t->slots / 4)
        return false;
    sb_seen64 grown = *t;
    grown.nslots = n;
    grown.size = n + SPARES;
    grown.slots = sb_meter_calloc(t->meter, grown.size, sizeof *grown.slots);
    if (!grown.slots || (t->slots && !merge(t, &grown))) {
        sb_seen64_free(&grown);
        return false;
    }
    sb_seen64_free(t);
    *t = grown;
    t->room = n / 5 * 4;
    return true;
}

int sb_seen64_make_room(sb_seen64 *t, uint64_t key)
{
    uint64_t cap = t->meter->limits.max_states;
    if (cap && t->count >= cap && sb_seen64_find(t, key) >= 0)
        return 0;   /* at the states limit, but already held: no refusal */
    if (!sb_meter_may_store(t->meter, t->count))
        return -1;
    if (t->count >= t->nslots / 5 * 4 && !grow(t))
        return -1;
    uint64_t max = t->meter->limits.max_states;
    if (max && max < t->room)
        t->room = max;
    return 1;
}
