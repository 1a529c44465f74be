/*
 * catalog.c - classes, their cells, counts and the goal grouped by class;
 * the distance estimates that A* uses.
 *
 * Invariant: each class's goal list is sorted and holds each position
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

/* A block in the sort that finds the classes; qsort's comparison has no
 * context of its own, so each entry carries the puzzle. */
typedef struct ranked {
    const sb_puzzle *p;
    const sb_block *b;
} ranked;

/* By class, then by place in the block list: each class is represented by
 * its first block in the list, whatever order qsort leaves equal keys in. */
static int compare_ranked(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    int by_class = sb_block_class_cmp(a->p, a->b, b->b);
    return by_class ? by_class : (a->b > b->b) - (a->b < b->b);
}

int sb_catalog_class(const sb_catalog *cat, const sb_block *b)
{
    int lo = 0, hi = cat->nclasses;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int by_class = sb_block_class_cmp(cat->puzzle, &cat->classes[mid].proto, b);
        if (by_class == 0)
            return mid;
        if (by_class < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

int sb_catalog_rect(const sb_catalog *cat, int height, int width)
{
    sb_block b = { 0, 0, height, width, 0, 0, SB_AXIS_ANY, 0 };
    return sb_catalog_class(cat, &b);
}

/* Numbers the classes in sb_block_class_cmp order and counts their blocks.
 * One sort, so that a puzzle of 65,535 marked pieces (as many classes)
 * costs n log n comparisons, not n^2. */
static bool find_classes(sb_catalog *cat)
{
    const sb_puzzle *p = cat->puzzle;
    ranked *order = malloc((p->nblocks + 1) * sizeof *order);
    if (!order)
        return false;
    for (size_t i = 0; i < p->nblocks; i++)
        order[i] = (ranked){ p, &p->blocks[i] };
    qsort(order, p->nblocks, sizeof *order, compare_ranked);
    for (size_t i = 0; i < p->nblocks; i++) {
        if (i == 0 || sb_block_class_cmp(p, order[i - 1].b, order[i].b) != 0) {
            sb_class *c = &cat->classes[cat->nclasses++];
            c->proto = *order[i].b;
            c->proto.row = c->proto.col = 0;
        }
        cat->classes[cat->nclasses - 1].count++;
    }
    free(order);
    return true;
}

/* Lists a class's cells relative to its anchor and, per direction, the
 * cells that lead: no cell of the block beside them that way. */
static bool describe(sb_catalog *cat, sb_class *c)
{
    const sb_puzzle *p = cat->puzzle;
    sb_block b = c->proto;
    c->height = b.height;
    c->width = b.width;
    c->left = sb_block_anchor_offset(p, &b);
    /* Placed with its box at the origin, the block's anchor is (0, left). */
    b.col = c->left;
    size_t box = (size_t)b.height * (size_t)b.width;
    c->dr = malloc((box + 1) * sizeof *c->dr);
    c->dc = malloc((box + 1) * sizeof *c->dc);
    for (int d = 0; d < 4; d++)
        c->lead[d] = malloc((box + 1) * sizeof *c->lead[d]);
    if (!c->dr || !c->dc || !c->lead[0] || !c->lead[1] || !c->lead[2] || !c->lead[3])
        return false;
    for (int y = 0; y < b.height; y++)
        for (int x = 0; x < b.width; x++)
            if (sb_block_covers(p, &b, y, x)) {
                c->dr[c->ncells] = y;
                c->dc[c->ncells++] = x - c->left;
            }
    c->rect = c->ncells == box;
    static const int DY[4] = { -1, 1, 0, 0 }, DX[4] = { 0, 0, -1, 1 };
    for (uint32_t i = 0; i < c->ncells; i++)
        for (int d = 0; d < 4; d++)
            if (!sb_block_covers(p, &b, c->dr[i] + DY[d], c->dc[i] + c->left + DX[d]))
                c->lead[d][c->nlead[d]++] = i;
    return true;
}

sb_status sb_catalog_init(sb_catalog *cat, const sb_puzzle *p)
{
    memset(cat, 0, sizeof *cat);
    cat->puzzle = p;
    cat->rows = p->rows;
    cat->cols = p->cols;
    cat->ncells = (uint32_t)p->rows * (uint32_t)p->cols;
    cat->nblocks = (uint32_t)p->nblocks;
    cat->classes = calloc(p->nblocks + 1, sizeof *cat->classes);
    if (!cat->classes)
        return SB_ELIMIT;

    if (!find_classes(cat)) {
        sb_catalog_free(cat);
        return SB_ELIMIT;
    }
    uint64_t covered = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        sb_class *c = &cat->classes[s];
        if (!describe(cat, c)) {
            sb_catalog_free(cat);
            return SB_ELIMIT;
        }
        covered += (uint64_t)c->ncells * c->count;
        if (c->count > 1)
            c->proto.label = 0;   /* interchangeable: no one block's label */
    }
    for (uint32_t i = 0; p->walls && i < cat->ncells; i++)
        cat->nwalls += p->walls[i] != 0;
    cat->plain = sb_puzzle_is_plain(p);
    cat->nempty = cat->ncells - cat->nwalls - (uint32_t)covered;
    cat->unit = sb_catalog_rect(cat, 1, 1);

    for (size_t i = 0; i < p->ngoals; i++)
        cat->classes[sb_catalog_class(cat, &p->goals[i])].ngoals++;
    for (int s = 0; s < cat->nclasses; s++) {
        cat->classes[s].goals = malloc((cat->classes[s].ngoals + 1) * sizeof(uint16_t));
        if (!cat->classes[s].goals) {
            sb_catalog_free(cat);
            return SB_ELIMIT;
        }
        cat->classes[s].ngoals = 0;
    }
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        sb_class *sh = &cat->classes[sb_catalog_class(cat, g)];
        sh->goals[sh->ngoals++] = (uint16_t)(g->row * p->cols + g->col);
    }
    /* A goal entry repeated is one requirement (sb_puzzle_check accepts
     * repeats): each position is kept once, so "every goal position of the
     * class holds a block" can count to ngoals, and ngoals never exceeds
     * count. */
    for (int s = 0; s < cat->nclasses; s++) {
        sb_class *sh = &cat->classes[s];
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
    if (!cat || !cat->classes)
        return;
    for (int s = 0; s < cat->nclasses; s++) {
        sb_class *c = &cat->classes[s];
        free(c->goals);
        free(c->dr);
        free(c->dc);
        for (int d = 0; d < 4; d++)
            free(c->lead[d]);
    }
    free(cat->classes);
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
    const sb_class *sh = &cat->classes[s];
    unsigned best = ~0u;
    for (uint32_t i = 0; i < sh->count && best; i++) {
        unsigned d = distance(cat, metric, sh->goals[g], anchors[i]);
        if (d < best)
            best = d;
    }
    return best;
}

static bool too_costly(const sb_class *sh)
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
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *sh = &cat->classes[s];
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
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *sh = &cat->classes[s];
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
