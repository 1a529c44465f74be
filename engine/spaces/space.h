/*
 * space.h - the two seams of the search: a *space* (how configurations are
 * encoded and which moves lead where) and a *store* (which configurations
 * have been seen, and from where).  Internal to the engine.
 *
 * The search loop (search.c) is written once against these seams.  Two
 * spaces exist: the general board (board.c, any tray up to SB_MAX_CELLS)
 * and the spaced bitboard (bitboard.h, trays whose image fits 128 bits).
 * Two stores exist: uthash (store_uthash.c, the general board's keys, of
 * any size) and an open-addressing table of short fixed-size keys
 * (store_flat.c, the bitboard's 8- and 16-byte images).  The
 * bitboard also supplies its own BFS kernel (the optional bfs op,
 * bitboard_bfs.c), which feeds its move generator straight into a smaller
 * table of its own (seen64.h): no store, no node ids, no parent links.
 *
 * A key is a fixed number of bytes per search and is canonical: two
 * configurations are equal exactly when their keys are.  Every edge of a
 * space costs one move under the metric the space was built for, so BFS
 * finds shortest solutions and A* needs no edge weights.
 */
#ifndef SB_SPACE_H
#define SB_SPACE_H

#include "model/catalog.h"

/* Children of one configuration, appended by a space's expand(). */
typedef struct sb_children {
    size_t n, cap;
    size_t key_size;
    unsigned char *keys;   /* n keys of key_size bytes */
    uint64_t *hashes;      /* their hashes */
    /* Limits for one expansion, set by the search: on a huge tray one
     * expansion can mean gigabytes of children and seconds of work, so the
     * buffer itself refuses to grow past them (0: no limit). */
    size_t budget;         /* bytes the buffer may hold */
    double deadline;       /* sb_clock() time to stop at */
    bool over_budget;      /* the last refusal was the budget's */
    bool timed_out;        /* ... or the deadline's */
} sb_children;

/* Seconds on a monotonic clock, for deadlines. */
double sb_clock(void);

/* Makes room for one more child (growing the buffer when full) and checks
 * the deadline; false, with the reason flagged, when it must stop. */
bool sb_children_grow(sb_children *c);
void sb_children_free(sb_children *c);

/* Makes room for one more child and returns where its key goes, or NULL
 * when memory runs out.  Inline: it runs once per move generated. */
static inline unsigned char *sb_children_push(sb_children *c, uint64_t hash)
{
    if ((c->n == c->cap || (c->n & 4095) == 4095) && !sb_children_grow(c))
        return NULL;
    c->hashes[c->n] = hash;
    return c->keys + c->n++ * c->key_size;
}

typedef struct sb_space sb_space;
typedef struct sb_store sb_store;

/* A space's own breadth-first search (the bitboard's fast path), run by
 * search.c to solve and by explore.c to count.  The caller fills in the
 * first block; the kernel keeps the second up to date as it goes (check
 * may read it) and owns its own table of seen configurations. */
typedef struct sb_bfs_run {
    void *ctx;
    bool stop_at_goal;          /* solve: stop at the first goal; explore: count them */
    size_t budget;              /* bytes the kernel may hold, 0 for no limit */
    uint64_t max_states;        /* call check as soon as stored passes it */
    /* Limits and progress: called when the expansion count is a multiple
     * of 256 and when stored passes max_states.  Anything but SB_OK stops
     * the walk with that status. */
    sb_status (*check)(void *ctx, const struct sb_bfs_run *now);

    uint64_t stored, expanded;  /* images stored and expanded (a mirror pair is one) */
    uint64_t reached;           /* configurations met (a mirror pair counts two) */
    size_t bytes;               /* what the kernel holds now */
    size_t peak;                /* the most it held at once */
    unsigned depth;             /* the layer being expanded */
    bool full;                  /* stopped because memory ran out ... */
    bool over_budget;           /* ... or the budget refused it */
    uint64_t goals;             /* goal configurations stored */
    unsigned nearest_goal;      /* depth of the first one */
    uint64_t *layer_sizes;      /* configurations per depth, nlayers of them */
    size_t nlayers;
    /* Solved: the keys from the root to the goal, path_len of them.
     * Exhausted: one key of the farthest layer.  Owned by the caller. */
    unsigned char *keys;
    size_t path_len;
} sb_bfs_run;

typedef struct sb_space_ops {
    /* Appends every configuration one move away.  SB_OK or SB_ELIMIT. */
    sb_status (*expand)(sb_space *sp, const void *key, sb_children *out);
    bool (*is_goal)(sb_space *sp, const void *key);
    /* With guide false, a lower bound on the moves to a goal (consistent,
     * for optimal A*); with guide true, sb_catalog_guide's steering guess. */
    unsigned (*estimate)(sb_space *sp, const void *key, bool guide);
    /* Writes the configuration's blocks (cat->nblocks of them) to out. */
    void (*decode)(sb_space *sp, const void *key, sb_block *out);
    uint64_t (*hash)(sb_space *sp, const void *key);
    size_t (*bytes)(const sb_space *sp);
    void (*free)(sb_space *sp);
    /* Optional (NULL: use search.c's or explore.c's loop): a BFS
     * specialised to this space, with a table of its own, from the root
     * (not a goal when stop_at_goal) until a goal is stored (SB_OK, with
     * the path), the space is exhausted (SB_UNSOLVABLE when stopping at a
     * goal, SB_OK when counting), memory runs out (SB_ELIMIT, full set),
     * or check says stop (its status). */
    sb_status (*bfs)(sb_space *sp, sb_bfs_run *run);
} sb_space_ops;

struct sb_space {
    const sb_space_ops *ops;
    const sb_catalog *cat;  /* not owned */
    sb_metric metric;
    size_t key_size;
    unsigned char *root;    /* key of the initial configuration */
};

/* Builds a space for p.  SB_OK, SB_ELIMIT (memory) or SB_EINPUT (the
 * bitboard was asked for a tray that does not fit). */
sb_status sb_board_space_new(const sb_puzzle *p, const sb_catalog *cat,
                             sb_metric metric, sb_space **out);
sb_status sb_bitboard_space_new(const sb_puzzle *p, const sb_catalog *cat,
                                sb_metric metric, sb_space **out);

/* Node ids are dense and given in insertion order, from 0. */
#define SB_NO_NODE UINT32_MAX

typedef struct sb_store_ops {
    /* Finds key or adds it with the given parent.  *id receives its node
     * id, *fresh whether it was added.  SB_OK, or SB_ELIMIT when memory
     * (or the 2^32 node ids) ran out. */
    sb_status (*intern)(sb_store *st, const void *key, uint64_t hash,
                        uint32_t parent, uint32_t *id, bool *fresh);
    const void *(*key)(const sb_store *st, uint32_t id);
    uint32_t (*parent)(const sb_store *st, uint32_t id);
    void (*set_parent)(sb_store *st, uint32_t id, uint32_t parent);
    size_t (*bytes)(const sb_store *st);
    void (*free)(sb_store *st);
} sb_store_ops;

struct sb_store {
    const sb_store_ops *ops;
    uint32_t count;         /* nodes stored */
    /* The most bytes (as ops->bytes counts them) the store may hold, 0 for
     * no limit.  The search sets it so that --max-memory stops growth
     * *before* the allocation that would pass it: a store that honours it
     * refuses such growth with SB_ELIMIT and sets over_budget.  Both
     * stores do. */
    size_t budget;
    bool over_budget;       /* the last SB_ELIMIT was the budget's */
};

/* For stores: true when `more` bytes keep st within its budget; otherwise
 * notes that the budget, not malloc, refused. */
static inline bool sb_store_affordable(sb_store *st, size_t more)
{
    size_t held = st->ops->bytes(st);
    if (!st->budget || (more <= st->budget && held <= st->budget - more))
        return true;
    st->over_budget = true;
    return false;
}

sb_status sb_store_uthash_new(size_t key_size, sb_store **out);
/* The table for short fixed-size keys (store_flat.c): the bitboard's. */
sb_status sb_store_flat_new(size_t key_size, sb_store **out);

/* A 64-bit mixer with good avalanche, for hashing and Zobrist tables. */
static inline uint64_t sb_mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

#endif
