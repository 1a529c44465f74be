/*
 * bfs_frontier.h - what the frontier walker (bfs_frontier_walk.h, made at
 * both word sizes in bfs_bitboard.c) shares between its two sizes: running
 * a few jobs on threads, and the spill's names and manifest.  Internal to
 * the engine.
 *
 * The manifest is the one entry that says how far a walk on disk has got:
 * which puzzle (a fingerprint of the root, the goal, the metric and how
 * the walk counts), the depth of the current layer, the counts so far, and
 * the length and checksum of the two layers the walk resumes from.  It is
 * written last, after those layers are whole, so that a walk stopped
 * anywhere resumes from the last layer boundary it reached, and a layer
 * that does not match it (cut short, damaged) is not believed.
 */
#ifndef SB_BFS_FRONTIER_H
#define SB_BFS_FRONTIER_H

#include "core/meter.h"

/* The most threads a frontier walk uses. */
enum { SB_FRONTIER_MAX_THREADS = 8 };

/* Runs job(args[i]) for i < n, args[0] on the calling thread and the
 * others on threads of their own, and returns when all are done.  A thread
 * that cannot be made runs its job on the caller's, after its own. */
void sbi_frontier_crew(unsigned n, void (*job)(void *), void **args);

/* A walk's state at a layer boundary, as the manifest keeps it. */
typedef struct sb_frontier_mark {
    uint64_t puzzle;          /* the fingerprint of the walk (bfs_frontier_walk.h) */
    uint32_t word_bytes;      /* bytes per code */
    uint32_t depth;           /* the current layer's depth */
    uint64_t stored;          /* representatives met (a folded pair is one) */
    uint64_t reached, goals;  /* as sb_bfs keeps them */
    uint32_t nearest_goal;
    uint64_t size;            /* configurations in the current layer (sb_bfs.size) */
    uint64_t words[2];        /* codes in the layers at depth - 1 and depth */
    uint64_t sums[2];         /* and their checksums */
    uint64_t nsizes;          /* the profile kept: configurations per depth before depth */
    uint64_t *sizes;          /* (malloc'd by the reader) */
} sb_frontier_mark;

/* The entry name of the layer at `depth`, or (run >= 0) of the run-th
 * sorted run of children made while expanding it. */
void sbi_frontier_name(char *buf, size_t n, unsigned depth, int run);

/* Writes the manifest whole: true, or false when the spill refused. */
bool sbi_frontier_mark_write(const sb_cache *spill, const sb_frontier_mark *mk);

/* Reads the manifest: 1 read (mk->sizes then malloc'd: free it), 0 none
 * or not whole (a walk starts afresh), -1 out of memory. */
int sbi_frontier_mark_read(const sb_cache *spill, sb_frontier_mark *mk);

/* A checksum step over one code's bytes. */
static inline uint64_t sbi_frontier_sum(uint64_t sum, uint64_t low, uint64_t high)
{
    sum += low * 0x9e3779b97f4a7c15ULL ^ high;
    return sum ^ sum >> 29;
}

#endif
