/*
 * bidir.c - bidirectional breadth-first search, for a goal that places
 * every block, so that it is one configuration: one BFS from the start,
 * one from the goal (every slide can be slid back, so the goal's BFS walks
 * the same graph), each a store walker (bfs_store.c) told the other's
 * store.  The side whose frontier is smaller expands its next layer; a
 * new configuration the other side has stored is where they meet.
 *
 * Why the first meeting is a shortest solution: while the forward side
 * has stored everything within df moves of the start and the backward
 * side everything within db of the goal, and no configuration is in both,
 * no solution has df + db moves or fewer (its configuration df moves in
 * would be in both).  Expanding the forward layer df, a child that meets
 * the backward side at its distance d <= db makes a solution of
 * df + 1 + d moves, which cannot be shorter than df + db + 1: d = db, and
 * nothing shorter exists.  Likewise the other way round.
 *
 * Both sides together store about twice the configurations within half
 * the distance, against BFS's everything within all of it, and a side
 * that runs out of new configurations proves the goal unreachable without
 * walking the other end's component.
 */
#include <string.h>

#include "search/bidir.h"
#include "search/path.h"

typedef struct side {
    sb_store *store;          /* owned by the walker */
    void *walker;
    sb_bfs run;
} side;

/* The keys from one side's root to node id, root first, into keys
 * (depth + 1 of them, key_size bytes each); reversed when toward_root. */
static void chain(const sb_store *st, uint32_t id, size_t depth, size_t key_size,
                  bool toward_root, unsigned char *keys)
{
    for (size_t i = 0; i <= depth; i++, id = st->ops->parent(st, id)) {
        size_t at = toward_root ? i : depth - i;
        memcpy(keys + at * key_size, st->ops->key(st, id), key_size);
    }
}

/* The moves start -> meeting -> goal, the meeting node being `met` in the
 * store of side `from` (0: forward, 1: backward), at depth `depth` there. */
static sb_status read_path(sb_setup *s, side *sides, int from, uint32_t met, sb_solution *sol)
{
    const sb_space *sp = s->space;
    const sb_store *here = sides[from].store, *there = sides[!from].store;
    const void *key = here->ops->key(here, met);
    uint32_t other = there->ops->find(there, key, sp->ops->hash(sp, key));
    uint32_t fwd_id = from == 0 ? met : other, bwd_id = from == 0 ? other : met;
    size_t fwd_depth = 0, bwd_depth = 0;
    for (uint32_t id = fwd_id; sides[0].store->ops->parent(sides[0].store, id) != SB_NO_NODE;
         id = sides[0].store->ops->parent(sides[0].store, id))
        fwd_depth++;
    for (uint32_t id = bwd_id; sides[1].store->ops->parent(sides[1].store, id) != SB_NO_NODE;
         id = sides[1].store->ops->parent(sides[1].store, id))
        bwd_depth++;
    size_t n = fwd_depth + bwd_depth + 1, bytes = n * sp->key_size;
    unsigned char *keys = sbi_meter_realloc(&s->meter, NULL, 0, bytes);
    if (!keys)
        return SB_ELIMIT;
    chain(sides[0].store, fwd_id, fwd_depth, sp->key_size, false, keys);
    chain(sides[1].store, bwd_id, bwd_depth, sp->key_size, true, keys + fwd_depth * sp->key_size);
    sb_status status = sbi_path_from_keys(sp, s->scratch, keys, n, sol);
    sbi_meter_free(&s->meter, keys, bytes);
    return status;
}

sb_status sbi_bidir(sb_setup *s, const sb_puzzle *p, sb_solution *sol, size_t *held,
                    sb_error *err)
{
    const sb_space *sp = s->space;
    side sides[2] = { 0 };
    unsigned char *goal_key = sbi_meter_realloc(&s->meter, NULL, 0, sp->key_size);
    sb_status status = goal_key ? sbi_setup_goal_key(s, p, goal_key) : SB_ELIMIT;
    if (status == SB_OK)
        status = sbi_setup_store(s, sp->root, &sides[0].store);
    if (status == SB_OK) {
        /* The start counts against the states limit too. */
        s->meter.stored_elsewhere = sides[0].store->count;
        status = sbi_setup_store(s, goal_key, &sides[1].store);
    }
    for (int i = 0; i < 2 && status == SB_OK; i++) {
        sides[i].walker = sbi_store_walker_new(s, sides[i].store, sides[!i].store);
        if (!sides[i].walker) {
            sides[i].store = NULL;   /* freed by the failed walker */
            status = SB_ELIMIT;
        }
        sbi_bfs_init(&sides[i].run, &s->meter, true, false, 1, false);
    }
    bool solved = status == SB_OK && sp->ops->is_goal(sp, s->scratch, sp->root);
    int from = 0;
    while (status == SB_OK && !solved) {
        from = sides[0].run.size <= sides[1].run.size ? 0 : 1;
        s->meter.stored_elsewhere = sides[!from].store->count;
        sbi_store_elsewhere_changed(sides[from].store);
        status = sbi_bfs_step(&sides[from].run, &sbi_store_walker, sides[from].walker);
        s->meter.depth = sides[0].run.depth + sides[1].run.depth;
        solved = sides[from].run.at_goal;
    }
    s->meter.stored_elsewhere = 0;
    if (status == SB_OK && sides[from].run.at_goal &&
        read_path(s, sides, from, sbi_store_walker_goal(sides[from].walker), sol) != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        status = SB_ELIMIT;
    }
    if (status == SB_ELIMIT)
        sbi_meter_fail(&s->meter, err);
    else if (status == SB_UNSOLVABLE)
        sbi_fail(err, SB_UNSOLVABLE, "no solution: every configuration the %s reaches "
                 "searched (%llu), none of them the %s", from ? "goal" : "start",
                 (unsigned long long)sides[from].store->count, from ? "start" : "goal");
    *held = s->meter.held;
    for (int i = 0; i < 2; i++) {
        if (sides[i].walker)
            sbi_store_walker.free(sides[i].walker);
        else if (sides[i].store)
            sides[i].store->ops->free(sides[i].store);
        sbi_bfs_free(&sides[i].run);
    }
    sbi_meter_free(&s->meter, goal_key, sp->key_size);
    return status;
}
