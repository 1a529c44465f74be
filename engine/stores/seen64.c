/*
 * seen64.c - growing the fast path's table of seen configurations, and
 * making room in a run; the layout and the probe are in seen64.h.
 *
 * Growth is checked against the budget before anything is allocated, so
 * --max-memory stops the search before the table passes it.
 */
#include <stdlib.h>
#include <string.h>

#include "stores/seen64.h"

void sb_seen64_init(sb_seen64 *t, int spare, size_t budget)
{
    *t = (sb_seen64){ .below_spare = (1ULL << spare) - 1, .budget = budget };
}

void sb_seen64_free(sb_seen64 *t)
{
    if (!t)
        return;
    free(t->slots);
    t->slots = NULL;
    t->nslots = t->size = t->count = t->room = 0;
}

/* Whether `more` bytes keep the table within its budget; notes it if not. */
static bool affordable(sb_seen64 *t, size_t more)
{
    if (!t->budget || sb_seen64_bytes(t) + more <= t->budget)
        return true;
    t->over_budget = true;
    return false;
}

/* Adds spare slots after the last (about an eighth more), all empty. */
static bool add_spares(sb_seen64 *t)
{
    uint64_t more = t->size / 8 > 64 ? t->size / 8 : 64;
    if (!affordable(t, (size_t)more * sizeof *t->slots))
        return false;
    uint64_t *slots = realloc(t->slots, (size_t)(t->size + more) * sizeof *slots);
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

bool sb_seen64_grow(sb_seen64 *t)
{
    uint64_t n = t->nslots ? t->nslots + t->nslots / 2 : 1024;
    if (n > SIZE_MAX / sizeof *t->slots / 4)
        return false;
    /* Old and new slots are held at once while the codes move over. */
    if (!affordable(t, (size_t)(n + SPARES) * sizeof *t->slots))
        return false;
    sb_seen64 grown = *t;
    grown.nslots = n;
    grown.size = n + SPARES;
    grown.slots = calloc(grown.size, sizeof *grown.slots);
    /* The merge's own spare slots count against the budget with the old
     * table still held. */
    grown.budget = t->budget ? t->budget - sb_seen64_bytes(t) : 0;
    if (!grown.slots || (t->slots && !merge(t, &grown))) {
        t->over_budget |= grown.over_budget;
        free(grown.slots);
        return false;
    }
    size_t both = sb_seen64_bytes(t) + sb_seen64_bytes(&grown);
    free(t->slots);
    grown.budget = t->budget;
    grown.peak = both > t->peak ? both : t->peak;
    *t = grown;
    t->room = n / 5 * 4;
    return true;
}
