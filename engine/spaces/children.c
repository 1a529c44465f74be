/*
 * children.c - the buffer expand() appends children to (space.h).  It
 * grows through the search's meter, so a huge expansion stops at the
 * memory limit like any other growth, and it looks at the deadline every
 * 4096 children, so one expansion cannot overrun the time limit by much.
 */
#include <stdlib.h>
#include <string.h>

#include "spaces/space.h"

/* Bytes per child: the record and the goal flag. */
static size_t per_child(const sb_children *c)
{
    return c->rec_size + sizeof *c->goal;
}

bool sb_children_grow(sb_children *c)
{
    if (sb_meter_late(c->meter))
        return false;
    if (c->n < c->cap)
        return true;
    size_t cap = c->cap ? 2 * c->cap : 64;
    /* One block, so that a refusal leaves the buffer as it was. */
    unsigned char *grown = sb_meter_realloc(c->meter, NULL, 0, cap * per_child(c));
    if (!grown)
        return false;
    unsigned char *recs = grown;
    bool *goal = (bool *)(recs + cap * c->rec_size);
    if (c->cap) {
        memcpy(recs, c->recs, c->n * c->rec_size);
        memcpy(goal, c->goal, c->n * sizeof *goal);
        sb_meter_free(c->meter, c->recs, c->cap * per_child(c));
    }
    c->recs = recs;
    c->goal = goal;
    c->cap = cap;
    return true;
}

void sb_children_free(sb_children *c)
{
    if (c->cap)
        sb_meter_free(c->meter, c->recs, c->cap * per_child(c));
    c->recs = NULL;
    c->goal = NULL;
    c->n = c->cap = 0;
}
