/*
 * seen64.c - growing the fast path's table of seen configurations; the
 * layout and the probe are in seen64.h.
 *
 * Growth is checked against the budget before anything is allocated, so
 * --max-memory stops the search before the table passes it.
 */
#include <stdlib.h>

#include "seen64.h"

void sb_seen64_init(sb_seen64 *t, uint64_t low, uint64_t high, size_t budget)
{
    *t = (sb_seen64){ .tag_bits = low | high, .tag = { low, high, low | high },
                      .budget = budget };
}

void sb_seen64_free(sb_seen64 *t)
{
    if (!t)
        return;
    free(t->slots);
    t->slots = NULL;
    t->nslots = t->count = t->room = 0;
}

bool sb_seen64_grow(sb_seen64 *t)
{
    uint64_t n = t->nslots ? t->nslots + t->nslots / 2 : 1024;
    if (n > SIZE_MAX / sizeof *t->slots / 2)
        return false;
    /* Old and new slots are held at once while the keys move over. */
    if (t->budget && (n + t->nslots) * sizeof *t->slots > t->budget) {
        t->over_budget = true;
        return false;
    }
    sb_seen64 grown = *t;
    grown.slots = calloc(n, sizeof *grown.slots);
    if (!grown.slots)
        return false;
    grown.nslots = n;
    for (uint64_t i = 0; i < t->nslots; i++) {
        uint64_t slot = t->slots[i];
        if (!slot)
            continue;
        uint64_t j = sb_seen64_home(&grown, slot & ~t->tag_bits);
        while (grown.slots[j])
            if (++j == n)
                j = 0;
        grown.slots[j] = slot;
    }
    free(t->slots);
    *t = grown;
    t->room = n / 4 * 3;
    return true;
}
