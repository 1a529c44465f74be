/*
 * ranked_numbering.h - the seam between the walk at two bits a rank and
 * the numberings it walks.  The walk (ranked_walk.c) owns the marks, the
 * layer sweep, the threads, the counts, the farthest list, saving and
 * resuming, and the processes; a numbering owns what a rank means: how
 * many there are, INIT's, a configuration's children and its blocks.
 * Two numberings exist: numbered tiles (ranked_walk.c, a permutation's
 * rank) and layouts of rectangles (ranked_blocks.c, the census's layout
 * rank of ranking.h).  Internal to the engine.
 *
 * The grain is coarse so that the seam costs nothing a child: the walk
 * hands a numbering a whole word of the current layer (up to 32 ranks)
 * at once, and the numbering marks each child itself with the inline
 * sbi_rank_mark below.  An indirect call per busy word, not per child.
 */
#ifndef SB_RANKED_NUMBERING_H
#define SB_RANKED_NUMBERING_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "search/setup.h"

/* Words of marks (32 ranks each) in a chunk: a thread's share of a sweep,
 * and the grain of the busy flags. */
enum { SBI_RANK_CHUNK_WORDS = 4096 };

/* Where a numbering marks children: the marks, the next layer's code and
 * busy flags, and the count of ranks this thread made new. */
typedef struct sbi_rank_marker {
    _Atomic uint64_t *marks;
    atomic_uchar *busy;          /* the next layer's, per chunk */
    unsigned next;               /* the next layer's code: 1 or 2 */
    uint64_t found;
} sbi_rank_marker;

/* Marks rank as in the next layer when it is new.  Seen new, it can only
 * have turned next since: the or's old next bit says who made it so (one
 * bit: a bit test-and-set), so every rank is counted once. */
static inline __attribute__((always_inline)) void sbi_rank_mark(sbi_rank_marker *mk,
                                                                uint64_t rank)
{
    _Atomic uint64_t *at = &mk->marks[rank >> 5];
    unsigned shift = (unsigned)(rank & 31) * 2;
    if ((atomic_load_explicit(at, memory_order_relaxed) >> shift & 3) == 0) {
        uint64_t bit = 1ULL << (shift + mk->next - 1);   /* the form of a bts */
        mk->found += !(atomic_fetch_or_explicit(at, bit, memory_order_relaxed) & bit);
        atomic_store_explicit(&mk->busy[(rank >> 5) / SBI_RANK_CHUNK_WORDS], 1,
                              memory_order_relaxed);
    }
}

typedef struct sbi_numbering sbi_numbering;

/* A numbering, set up for one puzzle under one metric.  Its functions may
 * be called from several threads at once, each with its own scratch. */
struct sbi_numbering {
    uint64_t nranks;             /* ranks 0 .. nranks - 1 (not all need be configurations) */
    uint64_t init_rank;
    uint64_t identity;           /* what a saved walk must match: tray, metric, INIT, goal */
    size_t scratch_bytes;        /* a thread's scratch, zeroed before its first expand */
    /* Expands the ranks word * 32 + j for each bit 2j set in cur (all of
     * them configurations of the current layer, in increasing order):
     * marks each child with sbi_rank_mark on mk; returns how many of the
     * ranks are goals. */
    uint64_t (*expand)(const sbi_numbering *n, void *scratch, uint64_t word, uint64_t cur,
                       sbi_rank_marker *mk);
    /* The blocks of the configuration of rank r into out (nblocks), in
     * the order the space's decode gives them (tiles: class order). */
    void (*blocks)(const sbi_numbering *n, uint64_t r, sb_block *out);
    void (*free)(sbi_numbering *n);
};

/* ranked_blocks.c: whether s's puzzle is one of rectangles the layout
 * rank numbers (sbi_blocks_numbering says which); *ranks its count of
 * ranks and *bytes the marks' when it is. */
bool sbi_blocks_ranked(const sb_setup *s, uint64_t *ranks, uint64_t *bytes);

/* The layout numbering of s's puzzle (sbi_blocks_ranked), or NULL: out
 * of memory (s's meter's hit says so) or not taken. */
sbi_numbering *sbi_blocks_numbering(sb_setup *s);

#endif
