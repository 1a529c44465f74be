/*
 * bfs_frontier.c - the frontier walker's parts that do not depend on the
 * word size (bfs_frontier.h): its threads, and the manifest of a walk on
 * disk, a fixed record of 64-bit words followed by the profile and a
 * checksum of it all, so that a manifest cut short or damaged reads as
 * none.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/bfs_frontier.h"

typedef struct crew_job {
    void (*job)(void *);
    void *arg;
} crew_job;

static void *crew_main(void *arg)
{
    crew_job *c = arg;
    c->job(c->arg);
    return NULL;
}

void sbi_frontier_crew(unsigned n, void (*job)(void *), void **args)
{
    pthread_t threads[SB_FRONTIER_MAX_THREADS];
    crew_job jobs[SB_FRONTIER_MAX_THREADS];
    bool started[SB_FRONTIER_MAX_THREADS] = { false };
    for (unsigned i = 1; i < n; i++) {
        jobs[i] = (crew_job){ job, args[i] };
        started[i] = pthread_create(&threads[i], NULL, crew_main, &jobs[i]) == 0;
    }
    job(args[0]);
    for (unsigned i = 1; i < n; i++) {
        if (started[i])
            pthread_join(threads[i], NULL);
        else
            job(args[i]);
    }
}

void sbi_frontier_name(char *buf, size_t n, unsigned depth, int run)
{
    if (run < 0)
        snprintf(buf, n, "frontier-layer-%u", depth);
    else
        snprintf(buf, n, "frontier-run-%u-%d", depth, run);
}

static const char MARK_NAME[] = "frontier-manifest";
static const uint64_t MARK_MAGIC = 0x31544e5246424c53ULL;   /* "SLBFRNT1" */
enum { MARK_FIXED = 13 };

/* The fixed words of a manifest, in order. */
static void mark_words(const sb_frontier_mark *mk, uint64_t w[MARK_FIXED])
{
    uint64_t fixed[MARK_FIXED] = { MARK_MAGIC,   mk->puzzle,   mk->word_bytes, mk->depth,
                                   mk->reached,  mk->goals,    mk->nearest_goal, mk->size,
                                   mk->words[0], mk->words[1], mk->sums[0],    mk->sums[1],
                                   mk->stored };
    memcpy(w, fixed, sizeof fixed);
}

static uint64_t mark_sum(const uint64_t *w, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum = sbi_frontier_sum(sum, w[i], i);
    return sum;
}

bool sbi_frontier_mark_write(const sb_cache *spill, const sb_frontier_mark *mk)
{
    size_t n = MARK_FIXED + 1 + mk->nsizes + 1;
    uint64_t *w = malloc(n * sizeof *w);
    void *out = w ? spill->open_write(spill->ctx, MARK_NAME) : NULL;
    if (!out) {
        free(w);
        return false;
    }
    mark_words(mk, w);
    w[MARK_FIXED] = mk->nsizes;
    if (mk->nsizes)
        memcpy(&w[MARK_FIXED + 1], mk->sizes, mk->nsizes * sizeof *w);
    w[n - 1] = mark_sum(w, n - 1);
    bool whole = spill->write(out, w, n * sizeof *w);
    spill->close_write(out, whole);
    free(w);
    return whole;
}

int sbi_frontier_mark_read(const sb_cache *spill, sb_frontier_mark *mk)
{
    memset(mk, 0, sizeof *mk);
    void *in = spill->open_read(spill->ctx, MARK_NAME);
    if (!in)
        return 0;
    uint64_t head[MARK_FIXED + 1];
    int found = 0;
    if (spill->read(in, head, sizeof head) == sizeof head && head[0] == MARK_MAGIC &&
        head[MARK_FIXED] < ((uint64_t)1 << 24)) {
        size_t n = MARK_FIXED + 1 + head[MARK_FIXED] + 1;
        uint64_t *w = malloc(n * sizeof *w);
        if (!w) {
            spill->close_read(in);
            return -1;
        }
        memcpy(w, head, sizeof head);
        size_t rest = (n - MARK_FIXED - 1) * sizeof *w;
        uint64_t extra;
        if (spill->read(in, &w[MARK_FIXED + 1], rest) == rest &&
            spill->read(in, &extra, sizeof extra) == 0 && w[n - 1] == mark_sum(w, n - 1)) {
            *mk = (sb_frontier_mark){ .puzzle = w[1], .word_bytes = (uint32_t)w[2],
                                      .depth = (uint32_t)w[3], .reached = w[4], .goals = w[5],
                                      .nearest_goal = (uint32_t)w[6], .size = w[7],
                                      .words = { w[8], w[9] }, .sums = { w[10], w[11] },
                                      .stored = w[12], .nsizes = w[MARK_FIXED] };
            mk->sizes = malloc((mk->nsizes + 1) * sizeof *mk->sizes);
            if (mk->sizes) {
                memcpy(mk->sizes, &w[MARK_FIXED + 1], mk->nsizes * sizeof *mk->sizes);
                found = 1;
            } else {
                found = -1;
            }
        }
        free(w);
    }
    spill->close_read(in);
    return found;
}
