/*
 * space.h - the seam between a search and a representation: a *space*
 * says how configurations are encoded as keys and which moves lead where.
 * Internal to the engine; it sits below the search (search/) and the
 * exploring code (explore/) and includes nothing of theirs.
 *
 * Two spaces exist: the general board (board.c, any tray up to
 * SB_MAX_CELLS) and the spaced bitboard (bitboard.h, trays whose image
 * fits 128 bits).  A key is a fixed number of bytes per search and is
 * canonical: two configurations are equal exactly when their keys are.
 * Every edge costs one move under the metric the space was built for, so
 * BFS finds shortest solutions and A* needs no edge weights.  The hash of
 * a key belongs to the space (stores never hash): the board keeps it
 * incrementally, a move changing a few words of it.
 *
 * Children cost nothing until they prove new.  expand() does not build
 * its children's keys: each child is a short record of the space's own
 * (the board's: which block moved from where to where; the bitboard's:
 * the key itself, which is as short), with whether it satisfies the goal,
 * found without building the key.  The search builds a key (child_key,
 * which also gives its hash, kept incrementally from the parent's) only to
 * look it up and to store it, so a configuration with 65,000 children on
 * a 256x256 tray costs 65,000 records, not 65,000 copies of a 64 KB key,
 * and a one-move goal is seen before anything is stored.
 *
 * Spaces are immutable once built: every operation takes the space as
 * const, and what a worker needs to change (the board's occupancy grid,
 * the estimates' lists) lives in an sb_scratch that the caller makes with
 * scratch_new and passes in.  One space can serve several threads, each
 * with a scratch of its own.
 */
#ifndef SB_SPACE_H
#define SB_SPACE_H

#include "core/meter.h"
#include "model/catalog.h"

/* The children of one configuration, appended by expand(). */
typedef struct sb_children {
    size_t n, cap;
    size_t rec_size;       /* bytes per record: the space's (sb_space.rec_size) */
    unsigned char *recs;   /* n records */
    bool *goal;            /* whether each child satisfies the goal */
    size_t first_goal;     /* the first child that does, or SIZE_MAX */
    sb_meter *meter;       /* allocates the buffer; its deadline holds inside one
                              expansion too (a big tray's can take seconds) */
} sb_children;

/* Makes room for one more child; false (meter->hit says why) when the
 * meter refuses the memory or the deadline has passed. */
bool sbi_children_grow(sb_children *c);
void sbi_children_free(sb_children *c);

/* Empties c for the next expansion. */
static inline void sbi_children_clear(sb_children *c)
{
    c->n = 0;
    c->first_goal = SIZE_MAX;
}

/* Appends a child and returns where its record goes, or NULL when the
 * meter refused.  Inline: it runs once per move generated.  Every 4096
 * children the deadline is looked at. */
static inline unsigned char *sbi_children_push(sb_children *c, bool goal)
{
    if ((c->n == c->cap || (c->n & 4095) == 4095) && !sbi_children_grow(c))
        return NULL;
    if (goal && c->first_goal == SIZE_MAX)
        c->first_goal = c->n;
    c->goal[c->n] = goal;
    return c->recs + c->n++ * c->rec_size;
}

typedef struct sb_space sb_space;
typedef struct sb_scratch sb_scratch;   /* a worker's mutable state, per space kind */

typedef struct sb_space_ops {
    /* Appends every configuration one move from key to out.  SB_OK, or
     * SB_ELIMIT when the meter refused (out->meter->hit says why). */
    sb_status (*expand)(const sb_space *sp, sb_scratch *w, const void *key, sb_children *out);
    /* Writes the key of the child that record rec (from expanding parent)
     * stands for, and returns its hash (as hash() would). */
    uint64_t (*child_key)(const sb_space *sp, sb_scratch *w, const void *parent, const void *rec,
                          void *key);
    bool (*is_goal)(const sb_space *sp, sb_scratch *w, const void *key);
    /* With guide false, a lower bound on the moves to a goal (consistent,
     * for optimal A*); with guide true, sbi_catalog_guide's steering guess. */
    unsigned (*estimate)(const sb_space *sp, sb_scratch *w, const void *key, bool guide);
    /* Writes the configuration's blocks (cat->nblocks of them) to out. */
    void (*decode)(const sb_space *sp, sb_scratch *w, const void *key, sb_block *out);
    uint64_t (*hash)(const sb_space *sp, const void *key);
    /* A new scratch for sp, or NULL out of memory; scratch_free(NULL) is
     * harmless. */
    sb_scratch *(*scratch_new)(const sb_space *sp);
    void (*scratch_free)(sb_scratch *w);
    void (*free)(sb_space *sp);
} sb_space_ops;

struct sb_space {
    const sb_space_ops *ops;
    const sb_catalog *cat;  /* not owned */
    sb_metric metric;
    size_t key_size;        /* bytes per key */
    size_t rec_size;        /* bytes per child record */
    size_t bytes;           /* what the space and one scratch hold */
    unsigned char *root;    /* key of the initial configuration */
};

/* Builds a space for p.  SB_OK, SB_ELIMIT (memory) or SB_EINPUT (the
 * bitboard was asked for a tray that does not fit). */
sb_status sbi_board_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
                              sb_space **out);
sb_status sbi_bitboard_space_new(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric,
                                 sb_space **out);

/* How a general board's key is laid out, for code that writes keys
 * without a puzzle (the layouts of a piece set): the key is uint16 cell
 * indexes, and for each class s of sp's catalog list_at[s] is where the
 * sorted anchors of its blocks begin, or -1 when they are not listed (the
 * 1x1 blocks, when the fewer empty cells are listed instead); *empty_at is
 * where the sorted empty cells begin, or -1.  sp must be a board. */
void sbi_board_key_plan(const sb_space *sp, int32_t *list_at, int32_t *empty_at);

/* A 64-bit mixer with good avalanche, for hashing and Zobrist tables. */
static inline uint64_t sbi_mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

#endif
