/*
 * setup.h - what every search of one puzzle starts with, built in one
 * place: the puzzle checked, the meter, the catalog, the representation
 * chosen and its space, a scratch, and (for BFS) the walker.  Solving
 * (solve.c) and exploring (explore/reach.c) both begin here, so they pick
 * representations, count memory and give up the same way.  Internal to
 * the engine.
 */
#ifndef SB_SETUP_H
#define SB_SETUP_H

#include "search/bfs.h"
#include "search/pdb.h"
#include "spaces/space.h"
#include "stores/store.h"

typedef struct sb_setup {
    sb_meter meter;
    sb_catalog cat;
    sb_path path;             /* the representation chosen (never AUTO) */
    sb_space *space;
    sb_scratch *scratch;      /* the one worker's */
    sb_pdb *pdb;              /* the pattern database the bound adds, or NULL */
    bool mirrors_once;        /* the walker counts a configuration and its mirror image
                                 once (it folds them, and cannot tell whether both are
                                 reachable) */
    sb_walk walk;             /* the walk asked for (sb_options.walk), then the one made */
    bool ran_walk;            /* a breadth-first walker was made (walk says which) */
    const sb_cache *spill;    /* sb_options.spill */
    unsigned threads;         /* sb_options.threads */
    bool optimal;             /* sb_options.optimal */
    sb_error *err;            /* the caller's error record (sbi_setup_begin's err) ... */
    bool err_filled;          /* ... already filled by a walker with its own words: the
                                 caller must not word a limit over it */
} sb_setup;

/* Checks p and builds everything above for opts (metric, path, limits,
 * progress; NULL: the defaults).  SB_EINPUT (p invalid, or the bitboard
 * asked for a tray that does not fit) or SB_ELIMIT, err saying why.  Call
 * sbi_setup_end either way.  It is sbi_setup_meter then sbi_setup_space: a
 * caller that allocates through the meter before it has a puzzle (the
 * layouts of a piece set) calls the two itself. */
sb_status sbi_setup_begin(sb_setup *s, const sb_puzzle *p, const sb_options *opts,
                          sb_error *err);
void sbi_setup_meter(sb_setup *s, const sb_options *opts);
sb_status sbi_setup_space(sb_setup *s, const sb_puzzle *p, sb_path path, sb_metric metric,
                          sb_error *err);
void sbi_setup_end(sb_setup *s);

/* The lower bound A* and IDA* search with: the space's consistent
 * estimate, or the pattern database's when there is one and it says more
 * (SB_PDB_DEAD: no goal can be reached from key). */
unsigned sbi_setup_bound(const sb_setup *s, const void *key);

/* A store for the space's keys (flat for the bitboard's, uthash for the
 * board's) holding root_key (the space's root, or another configuration
 * of it) as node 0.  SB_OK or SB_ELIMIT (meter->hit). */
sb_status sbi_setup_store(sb_setup *s, const void *root_key, sb_store **out);

/* Whether the goal places every block of the puzzle p (as many goal
 * entries as blocks in each class), so that exactly one configuration
 * satisfies it: then a search can start from that end too. */
bool sbi_setup_goal_is_whole(const sb_setup *s);

/* Writes (space->key_size bytes) the key of the configuration a whole
 * goal describes (sbi_setup_goal_is_whole), in the space's own encoding.
 * SB_OK or SB_ELIMIT (memory). */
sb_status sbi_setup_goal_key(sb_setup *s, const sb_puzzle *p, void *key);

/* The breadth-first walker for the space holding the root, and run
 * prepared for it: as s->walk asks, or when it is SB_WALK_AUTO the
 * frontier walker when the images fit the bitboard's fast path and the
 * walk is a whole one (a map, or --optimal: it holds a few per cent of
 * what a table does), else the fast walker or the store's.  s->walk is
 * then the walk made.  SB_OK, SB_ELIMIT (meter->hit, or s->err_filled) or
 * SB_EINPUT (a walk this space cannot take, a spill of another walk;
 * s->err filled).  Free with (*ops)->free, also on failure when *walker is
 * not NULL. */
sb_status sbi_setup_walker(sb_setup *s, bool stop_at_goal, bool profile, sb_bfs *run,
                           const sb_bfs_walker **ops, void **walker);

/* ---- the walkers (bfs_store.c, bfs_bitboard.c) ---- */

/* The store walker over s's space, holding st (with its root as node 0),
 * which it then owns.  meet_in is NULL, or for bidirectional BFS the other
 * side's store: a new configuration found there is the walker's goal
 * instead of the space's.  NULL out of memory (st freed). */
void *sbi_store_walker_new(sb_setup *s, sb_store *st, const sb_store *meet_in);
extern const sb_bfs_walker sbi_store_walker;
/* The store a store walker holds (still the walker's): after a walk
 * without a goal to stop at, every configuration reached, ids in the
 * order met. */
const sb_store *sbi_store_walker_store(void *walker);

/* The node id, in the walker's store, of the goal (or meeting) it stopped
 * at; SB_NO_NODE before. */
uint32_t sbi_store_walker_goal(const void *walker);

/* The bitboard's walker, for a space sbi_bitboard_fast (64- or 128-bit
 * images), and in *ops its operations.  It folds mirror pairs when it can
 * (bfs_bitboard.c); *root_count is what its root stands for.  NULL out of
 * memory. */
void *sbi_bitboard_walker_new(sb_setup *s, bool stop_at_goal, uint64_t *root_count,
                              const sb_bfs_walker **ops);

/* The frontier walker (bfs_frontier_walk.h) for a space sbi_bitboard_fast,
 * its layers in memory or (on_disk) in s->spill; NULL out of memory.
 * sbi_frontier_walker_start, after sbi_bfs_init, resumes a walk on disk
 * from the spill's manifest or starts one there: SB_OK, SB_EINPUT (the
 * spill holds another walk) or SB_ELIMIT. */
void *sbi_frontier_walker_new(sb_setup *s, bool stop_at_goal, bool on_disk, uint64_t *root_count,
                              const sb_bfs_walker **ops);
sb_status sbi_frontier_walker_start(sb_setup *s, void *walker, sb_bfs *run);

#endif
