/*
 * bfs_bitboard.c - the fast path: the breadth-first walker (bfs.h) for
 * bitboards, whose images fit 64 or 128 bits.  The bitboard's move
 * generator (bitboard_moves.h) feeds the table of seen configurations
 * (stores/seen.h) and the next layer directly, with no records, no store,
 * no node ids and no parent links.  The walker is written once,
 * bfs_bitboard_walk.h, and made here at both word sizes, as the move
 * generator and the table are: each size's inner loop is its own, with the
 * generator and the table's probe inlined into it.
 *
 * The table is told which image bit it may squeeze out of its keys
 * (bitboard.h's spare_bit: a bit the images never use, or one that follows
 * from the others), to make room for the depth mod 3, which is all the
 * path needs (seen.h).
 *
 * When the goal looks the same mirrored left to right, a configuration
 * and its mirror image are equally far from it: the search then stores
 * the smaller image of each pair ("folds"), about half the
 * configurations, and maps the path back to real moves at the end.
 *
 * Children in flight.  Once the table outgrows the caches, every probe
 * waits for memory, and that was most of the time of a walk of tens of
 * millions of configurations.  So a child's slots are asked for
 * (prefetched) when it is met, and it is looked up AHEAD children later,
 * while the generator makes those: the waits overlap.  Children are still
 * looked up in the order met, so the search stores, counts and stops as
 * if each were looked up at once.
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "search/bfs_frontier.h"
#include "search/path.h"
#include "search/setup.h"
#include "spaces/bitboard.h"
#include "stores/seen.h"

/* How many children are in flight in the walker: met, their table slots
 * asked for, not yet looked up (bfs_bitboard_walk.h's meet).  Enough to
 * cover a trip to memory while the generator makes more.  And the table
 * size from which they fly: below it the table stays in the caches, and
 * keeping the flight costs more than it saves. */
enum { AHEAD = 16 };
#define FLY_BYTES ((size_t)1 << 20)

#define WORD uint64_t
#define W(name) name##64
#define ODD 0x9e3779b97f4a7c15ULL
#define MASKS m64
#include "search/bfs_bitboard_walk.h"
#include "search/bfs_frontier_walk.h"
#undef WORD
#undef W
#undef ODD
#undef MASKS

#define WORD sb_wide
#define W(name) name##128
#define ODD ((sb_wide)0x9e3779b97f4a7c15ULL << 64 | 0xf39cc0605cedc835ULL)
#define MASKS m128
#include "search/bfs_bitboard_walk.h"
#include "search/bfs_frontier_walk.h"
#undef WORD
#undef W
#undef ODD
#undef MASKS

/* The generic loop costs several times as much per configuration here
 * (docs/performance.md): this walker is why the fast path is fast. */
void *sbi_bitboard_walker_new(sb_setup *s, bool stop_at_goal, uint64_t *root_count,
                              const sb_bfs_walker **ops)
{
    const bitboard *b = (const bitboard *)s->space;
    bool wide = b->base.key_size == sizeof(sb_wide);
    *ops = wide ? &walker_ops128 : &walker_ops64;
    return wide ? walker_new128(s, b, stop_at_goal, root_count)
                : walker_new64(s, b, stop_at_goal, root_count);
}

void *sbi_frontier_walker_new(sb_setup *s, bool stop_at_goal, bool on_disk, uint64_t *root_count,
                              const sb_bfs_walker **ops)
{
    const bitboard *b = (const bitboard *)s->space;
    bool wide = b->base.key_size == sizeof(sb_wide);
    *ops = wide ? &frontier_ops128 : &frontier_ops64;
    return wide ? frontier_new128(s, b, stop_at_goal, on_disk, root_count)
                : frontier_new64(s, b, stop_at_goal, on_disk, root_count);
}

sb_status sbi_frontier_walker_start(sb_setup *s, void *walker, sb_bfs *run)
{
    bool wide = s->space->key_size == sizeof(sb_wide);
    return wide ? front_start128(walker, run) : front_start64(walker, run);
}
