/*
 * setup.c - the one way a search of a puzzle is set up (setup.h).
 */
#include <stdlib.h>
#include <string.h>

#include "search/setup.h"
#include "spaces/bitboard.h"

/* The representation `auto` picks: the bitboard whenever it takes the
 * puzzle (spaces/bitboard.h says which), measured faster on every tray it
 * takes (docs/performance.md). */
static sb_path choose_path(const sb_catalog *cat, sb_path asked)
{
    if (asked != SB_PATH_AUTO)
        return asked;
    return sbi_bitboard_refuses(cat) ? SB_PATH_GENERAL : SB_PATH_BITBOARD;
}

void sbi_setup_meter(sb_setup *s, const sb_options *opts)
{
    memset(s, 0, sizeof *s);
    sbi_meter_init(&s->meter, opts);
}

sb_status sbi_setup_space(sb_setup *s, const sb_puzzle *p, sb_path path, sb_metric metric,
                          sb_error *err)
{
    sb_status status = sb_puzzle_check(p, err);
    if (status != SB_OK)
        return status;
    if (sbi_catalog_init(&s->cat, p) != SB_OK)
        return sbi_meter_fail(&s->meter, err);
    s->path = choose_path(&s->cat, path);
    const char *refused = s->path == SB_PATH_BITBOARD ? sbi_bitboard_refuses(&s->cat) : NULL;
    if (refused)
        return sbi_fail_hint(err, SB_EINPUT, SB_HINT_PATH_GENERAL,
                             "%s; this puzzle needs the general representation", refused);
    status = s->path == SB_PATH_BITBOARD ? sbi_bitboard_space_new(p, &s->cat, metric, &s->space)
                                         : sbi_board_space_new(p, &s->cat, metric, &s->space);
    if (status != SB_OK || !(s->scratch = s->space->ops->scratch_new(s->space)) ||
        !sbi_meter_hold(&s->meter, s->space->bytes))
        return sbi_meter_fail(&s->meter, err);
    return SB_OK;
}

sb_status sbi_setup_begin(sb_setup *s, const sb_puzzle *p, const sb_options *opts,
                          sb_error *err)
{
    sb_options defaults;
    opts = sbi_options_or_default(opts, &defaults);
    sbi_setup_meter(s, opts);
    s->walk = opts->walk;
    s->spill = opts->spill;
    s->threads = opts->threads;
    s->optimal = opts->optimal;
    s->err = err;
    return sbi_setup_space(s, p, opts->path, opts->metric, err);
}

void sbi_setup_end(sb_setup *s)
{
    sbi_pdb_free(&s->meter, s->pdb);
    s->pdb = NULL;
    if (s->space) {
        s->space->ops->scratch_free(s->scratch);
        s->space->ops->free(s->space);
    }
    sbi_catalog_free(&s->cat);
    s->space = NULL;
    s->scratch = NULL;
    sbi_meter_end(&s->meter);
}

bool sbi_setup_goal_is_whole(const sb_setup *s)
{
    for (int c = 0; c < s->cat.nclasses; c++)
        if (s->cat.classes[c].ngoals != s->cat.classes[c].count)
            return false;
    return true;
}

sb_status sbi_setup_goal_key(sb_setup *s, const sb_puzzle *p, void *key)
{
    sb_puzzle whole = *p;
    whole.blocks = p->goals;
    whole.nblocks = p->ngoals;
    sb_space *sp;
    sb_status status = s->path == SB_PATH_BITBOARD
                           ? sbi_bitboard_space_new(&whole, &s->cat, s->space->metric, &sp)
                           : sbi_board_space_new(&whole, &s->cat, s->space->metric, &sp);
    if (status != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    memcpy(key, sp->root, sp->key_size);
    sp->ops->free(sp);
    return SB_OK;
}

unsigned sbi_setup_bound(const sb_setup *s, const void *key)
{
    if (s->pdb && sbi_pdb_covers(s->pdb))
        return sbi_pdb_estimate(s->pdb, key);
    unsigned h = s->space->ops->estimate(s->space, s->scratch, key, false);
    if (s->pdb) {
        unsigned p = sbi_pdb_estimate(s->pdb, key);
        if (p > h)
            h = p;
    }
    return h;
}

sb_status sbi_setup_store(sb_setup *s, const void *root_key, sb_store **out)
{
    const sb_space *sp = s->space;
    *out = NULL;
    sb_status status = s->path == SB_PATH_BITBOARD
                           ? sbi_store_flat_new(sp->key_size, &s->meter, out)
                           : sbi_store_uthash_new(sp->key_size, &s->meter, out);
    if (status != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        return status;
    }
    uint32_t root;
    bool fresh;
    status = (*out)->ops->intern(*out, root_key, sp->ops->hash(sp, root_key), SB_NO_NODE,
                                 &root, &fresh);
    s->meter.stored = (*out)->count + s->meter.stored_elsewhere;
    return status;
}

/* The walk made for s->walk (AUTO: setup.h says which); AUTO when the walk
 * asked for cannot be made here.  The frontier's is for whole walks: on
 * the CS61B hard suite's largest it holds a third of the table's resident
 * memory at the same processor time, and on small spaces, such as default
 * mode's capped first stage searches, the table is about a tenth quicker
 * (docs/performance.md). */
static sb_walk choose_walk(const sb_setup *s, bool stop_at_goal)
{
    bool fast = sbi_bitboard_fast(s->space);
    switch (s->walk) {
    case SB_WALK_AUTO:
        return fast && (s->optimal || !stop_at_goal) ? SB_WALK_FRONTIER : SB_WALK_TABLE;
    case SB_WALK_TABLE:
        return SB_WALK_TABLE;
    case SB_WALK_FRONTIER:
    case SB_WALK_DISK:
        return fast ? s->walk : SB_WALK_AUTO;
    default:
        return SB_WALK_AUTO;
    }
}

sb_status sbi_setup_walker(sb_setup *s, bool stop_at_goal, bool profile, sb_bfs *run,
                           const sb_bfs_walker **ops, void **walker)
{
    const sb_space *sp = s->space;
    uint64_t root_count = 1;
    *walker = NULL;
    sb_walk walk = choose_walk(s, stop_at_goal);
    if (walk == SB_WALK_AUTO) {
        s->err_filled = true;
        return sbi_fail_hint(s->err, SB_EINPUT, SB_HINT_NONE, "the %s walk cannot search "
                             "this puzzle (the frontier and disk walks take the bitboard's "
                             "puzzles of up to 128 image bits; the others need a table)",
                             sb_walk_name(s->walk));
    }
    s->walk = walk;
    s->ran_walk = true;
    if (walk == SB_WALK_FRONTIER || walk == SB_WALK_DISK) {
        *walker = sbi_frontier_walker_new(s, stop_at_goal, walk == SB_WALK_DISK, &root_count,
                                          ops);
    } else if (sbi_bitboard_fast(sp)) {
        *walker = sbi_bitboard_walker_new(s, stop_at_goal, &root_count, ops);
    } else {
        sb_store *st = NULL;
        *ops = &sbi_store_walker;
        if (sbi_setup_store(s, sp->root, &st) != SB_OK) {
            if (st)
                st->ops->free(st);
            return SB_ELIMIT;
        }
        *walker = sbi_store_walker_new(s, st, NULL);
    }
    if (!*walker)
        return SB_ELIMIT;   /* sbi_meter_fail says "memory" when nothing else refused */
    sbi_bfs_init(run, &s->meter, stop_at_goal, profile, root_count,
                 sp->ops->is_goal(sp, s->scratch, sp->root));
    if (walk == SB_WALK_FRONTIER || walk == SB_WALK_DISK)
        return sbi_frontier_walker_start(s, *walker, run);
    return SB_OK;
}
