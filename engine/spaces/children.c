/*
 * children.c - the buffer expand() appends children to (space.h).  It
 * grows through the search's meter, so a huge expansion stops at the
 * memory limit like any other growth, and it looks at the deadline every
 * 4096 children, so one expansion cannot overrun the time limit by much.
 */
#include <string.h>

#include "core/array.h"
#include "spaces/space.h"

/* Bytes per child: the record and the goal flag. */
static size_t per_child(const sb_children *c)
{
    return c->rec_size + sizeof *c->goal;
}

bool sbi_children_grow(sb_children *c)
{
    if (sbi_meter_late(c->meter))
        return false;
    /* One block, records then flags, so that a refusal leaves the buffer
     * as it was: grown whole, then the flags moved up to where the
     * records now end. */
    size_t had = c->cap;
    if (!sbi_array_reserve(c->meter, &c->recs, &c->cap, c->n + 1, per_child(c)))
        return false;
    bool *goal = (bool *)(c->recs + c->cap * c->rec_size);
    if (c->cap != had)
        memmove(goal, c->recs + had * c->rec_size, c->n * sizeof *goal);
    c->goal = goal;
    return true;
}

void sbi_children_free(sb_children *c)
{
    sbi_array_free(c->meter, &c->recs, &c->cap, per_child(c));
    c->goal = NULL;
    c->n = 0;
}
