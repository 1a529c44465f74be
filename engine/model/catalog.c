/*
 * catalog.c - shapes, counts and the goal grouped by shape; the distance
 * estimate that A* uses.
 *
 * Invariant: each shape's goal list is sorted and holds each position
 * once, however often the puzzle's goal names it.
 */
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"

static int compare_u16(const void *x, const void *y)
{
    uint16_t a = *(const uint16_t *)x, b = *(const uint16_t *)y;
    return (a > b) - (a < b);
}

int sb_catalog_shape(const sb_catalog *cat, int height, int width)
{
    for (int s = 0; s < cat->nshapes; s++)
        if (cat->shapes[s].height == height && cat->shapes[s].width == width)
            return s;
    return -1;
}

/* Adds the shape if it is new, keeping (height, width) order. */
static int add_shape(sb_catalog *cat, int height, int width)
{
    int s = 0;
    while (s < cat->nshapes && (cat->shapes[s].height < height ||
           (cat->shapes[s].height == height && cat->shapes[s].width < width)))
        s++;
    if (s < cat->nshapes && cat->shapes[s].height == height && cat->shapes[s].width == width)
        return s;
    memmove(&cat->shapes[s + 1], &cat->shapes[s], (size_t)(cat->nshapes - s) * sizeof *cat->shapes);
    memset(&cat->shapes[s], 0, sizeof *cat->shapes);
    cat->shapes[s].height = height;
    cat->shapes[s].width = width;
    cat->nshapes++;
    return s;
}

sb_status sb_catalog_init(sb_catalog *cat, const sb_puzzle *p)
{
    memset(cat, 0, sizeof *cat);
    cat->rows = p->rows;
    cat->cols = p->cols;
    cat->ncells = (uint32_t)p->rows * (uint32_t)p->cols;
    cat->nblocks = (uint32_t)p->nblocks;
    cat->shapes = calloc(p->nblocks + 1, sizeof *cat->shapes);
    if (!cat->shapes)
        return SB_ELIMIT;

    /* Distinct shapes are few in practice; insertion keeps them sorted. */
    uint64_t covered = 0;
    for (size_t i = 0; i < p->nblocks; i++) {
        const sb_block *b = &p->blocks[i];
        int s = sb_catalog_shape(cat, b->height, b->width);
        if (s < 0)
            s = add_shape(cat, b->height, b->width);
        cat->shapes[s].count++;
        covered += (uint64_t)b->height * b->width;
    }
    cat->nempty = cat->ncells - (uint32_t)covered;
    cat->unit = sb_catalog_shape(cat, 1, 1);

    for (size_t i = 0; i < p->ngoals; i++)
        cat->shapes[sb_catalog_shape(cat, p->goals[i].height, p->goals[i].width)].ngoals++;
    for (int s = 0; s < cat->nshapes; s++) {
        cat->shapes[s].goals = malloc((cat->shapes[s].ngoals + 1) * sizeof(uint16_t));
        if (!cat->shapes[s].goals) {
            sb_catalog_free(cat);
            return SB_ELIMIT;
        }
        cat->shapes[s].ngoals = 0;
    }
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        sb_shape *sh = &cat->shapes[sb_catalog_shape(cat, g->height, g->width)];
        sh->goals[sh->ngoals++] = (uint16_t)(g->row * p->cols + g->col);
    }
    /* A goal entry repeated is one requirement (sb_puzzle_check accepts
     * repeats): each position is kept once, so "every goal position of the
     * shape holds a block" can count to ngoals, and ngoals never exceeds
     * count. */
    for (int s = 0; s < cat->nshapes; s++) {
        sb_shape *sh = &cat->shapes[s];
        qsort(sh->goals, sh->ngoals, sizeof(uint16_t), compare_u16);
        uint32_t distinct = 0;
        for (uint32_t g = 0; g < sh->ngoals; g++)
            if (distinct == 0 || sh->goals[distinct - 1] != sh->goals[g])
                sh->goals[distinct++] = sh->goals[g];
        sh->ngoals = distinct;
        sh->first_goal = cat->ngoals;
        cat->ngoals += distinct;
    }
    return SB_OK;
}

void sb_catalog_free(sb_catalog *cat)
{
    if (!cat || !cat->shapes)
        return;
    for (int s = 0; s < cat->nshapes; s++)
        free(cat->shapes[s].goals);
    free(cat->shapes);
    memset(cat, 0, sizeof *cat);
}

/* Moves one block needs from a to b, ignoring every other block. */
static unsigned distance(const sb_catalog *cat, sb_metric metric, unsigned a, unsigned b)
{
    int ra = (int)a / cat->cols, ca = (int)a % cat->cols;
    int rb = (int)b / cat->cols, cb = (int)b % cat->cols;
    if (a == b)
        return 0;
    switch (metric) {
    case SB_METRIC_UNIT:
        return (unsigned)(abs(ra - rb) + abs(ca - cb));
    case SB_METRIC_LINE:
        return ra == rb || ca == cb ? 1 : 2;
    case SB_METRIC_PIECE:
        return 1;
    }
    return 0;
}

/* The distance from goal entry g of shape s to the nearest block of s. */
static unsigned nearest(const sb_catalog *cat, sb_metric metric, int s, uint32_t g,
                        const uint16_t *anchors)
{
    const sb_shape *sh = &cat->shapes[s];
    unsigned best = ~0u;
    for (uint32_t i = 0; i < sh->count && best; i++) {
        unsigned d = distance(cat, metric, sh->goals[g], anchors[i]);
        if (d < best)
            best = d;
    }
    return best;
}

static bool too_costly(const sb_shape *sh)
{
    return (uint64_t)sh->ngoals * sh->count > SB_ESTIMATE_BUDGET;
}

/* The one-cell steps from goal position goal to the nearest of n blocks
 * at positions at[].  Rows and columns are found once per goal, not per
 * pair: the guide runs for every configuration an A* stores. */
static unsigned nearest_steps(const sb_catalog *cat, uint32_t goal, const uint16_t *at,
                              uint32_t n)
{
    unsigned cols = (unsigned)cat->cols;
    int gr = (int)(goal / cols), gc = (int)(goal % cols);
    unsigned best = ~0u;
    for (uint32_t i = 0; i < n && best; i++) {
        int r = (int)(at[i] / cols), c = (int)(at[i] % cols);
        unsigned d = (unsigned)(abs(r - gr) + abs(c - gc));
        if (d < best)
            best = d;
    }
    return best;
}

unsigned sb_catalog_guide(const sb_catalog *cat, const uint16_t *const *anchors,
                          const uint32_t *blocked, const uint32_t *steps)
{
    unsigned total = 0;
    for (int s = 0; s < cat->nshapes; s++) {
        const sb_shape *sh = &cat->shapes[s];
        bool listed = anchors[s] && !too_costly(sh);
        if (!sh->ngoals || (!listed && !steps))
            continue;
        for (uint32_t g = 0; g < sh->ngoals; g++) {
            unsigned d = listed ? nearest_steps(cat, sh->goals[g], anchors[s], sh->count)
                                : steps[sh->first_goal + g];
            if (d)
                total += 2 * d + blocked[sh->first_goal + g];
        }
    }
    return total;
}

unsigned sb_catalog_estimate(const sb_catalog *cat, sb_metric metric,
                             const uint16_t *const *anchors)
{
    unsigned total = 0;
    for (int s = 0; s < cat->nshapes; s++) {
        const sb_shape *sh = &cat->shapes[s];
        if (!anchors[s] || too_costly(sh))
            continue;
        unsigned worst = 0;
        for (uint32_t g = 0; g < sh->ngoals; g++) {
            unsigned d = nearest(cat, metric, s, g, anchors[s]);
            if (d > worst)
                worst = d;
        }
        total += worst;
    }
    return total;
}
