/*
 * catalog.c - classes, their cells, counts and the goal grouped by class;
 * the distance estimates that A* uses; the proofs of unsolvability that
 * need no search (the tiles' parity, goal places out of a class's reach).
 *
 * Invariant: each class's goal list is sorted and holds each position
 * once, however often the puzzle's goal names it.
 */
#include <stdio.h>
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

int sbi_catalog_class(const sb_catalog *cat, const sb_block *b)
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

int sbi_catalog_rect(const sb_catalog *cat, int height, int width)
{
    sb_block b = { 0, 0, height, width, 0, 0, SB_AXIS_ANY, 0 };
    return sbi_catalog_class(cat, &b);
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
    for (uint32_t i = 0; i < c->ncells; i++)
        for (int d = 0; d < 4; d++)
            if (!sb_block_covers(p, &b, c->dr[i] + SB_STEP_ROW[d],
                                 c->dc[i] + c->left + SB_STEP_COL[d]))
                c->lead[d][c->nlead[d]++] = i;
    return true;
}

sb_status sbi_catalog_init(sb_catalog *cat, const sb_puzzle *p)
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
        sbi_catalog_free(cat);
        return SB_ELIMIT;
    }
    uint64_t covered = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        sb_class *c = &cat->classes[s];
        if (!describe(cat, c)) {
            sbi_catalog_free(cat);
            return SB_ELIMIT;
        }
        covered += (uint64_t)c->ncells * c->count;
        if (c->count > 1)
            c->proto.label = 0;   /* interchangeable: no one block's label */
    }
    for (uint32_t i = 0; p->walls && i < cat->ncells; i++)
        cat->nwalls += p->walls[i] != 0;
    cat->nempty = cat->ncells - cat->nwalls - (uint32_t)covered;
    cat->unit = sbi_catalog_rect(cat, 1, 1);

    for (size_t i = 0; i < p->ngoals; i++)
        cat->classes[sbi_catalog_class(cat, &p->goals[i])].ngoals++;
    for (int s = 0; s < cat->nclasses; s++) {
        cat->classes[s].goals = malloc((cat->classes[s].ngoals + 1) * sizeof(uint16_t));
        if (!cat->classes[s].goals) {
            sbi_catalog_free(cat);
            return SB_ELIMIT;
        }
        cat->classes[s].ngoals = 0;
    }
    for (size_t i = 0; i < p->ngoals; i++) {
        const sb_block *g = &p->goals[i];
        sb_class *sh = &cat->classes[sbi_catalog_class(cat, g)];
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

void sbi_catalog_free(sb_catalog *cat)
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

/* ---- the bound ---------------------------------------------------------
 *
 * Every move moves one block, and the tray always has the same number E
 * of empty cells (cat->nempty).  That limits how far one move can carry a
 * block, which the bound below turns into a count of moves:
 *
 *   - line: a block spanning h rows that slides k cells sideways has, in
 *     each of its rows, the k cells beyond its outermost cell that way to
 *     cross; none is its own or a wall, so all h * k are empty before the
 *     move and k <= E / h.  Likewise a block spanning w columns slides at
 *     most E / w cells up or down.
 *   - piece: the places S the block passes through in one move are
 *     connected, and every cell they cover is one of its own cells P or
 *     an empty one, so |S + P| <= |P| + E.  In the plane |S + P| >=
 *     |S| + |P| - 1 (walk S and P in row-major order: s1 + p1 < s1 + p2
 *     < ... < s1 + pn < s2 + pn < ... are all distinct), hence |S| <= E + 1,
 *     and a connected S joining two places (dr, dc) apart has at least
 *     |dr| + |dc| + 1 of them: |dr| + |dc| <= E per move.  A rectangle
 *     does better: S + P spans |dr| + h rows of at least w cells each, so
 *     (|dr| + h) w <= h w + E, that is |dr| <= E / w; and |dc| <= E / h.
 *
 * A block (dr, dc) from a place needs, of its own moves, at least
 * ceil(|dr| / reach) + ceil(|dc| / reach) line moves (each moves it along
 * one axis), and at least ceil((|dr| + |dc|) / E) piece moves (a
 * rectangle: also ceil(|dr| / reach) and ceil(|dc| / reach), the larger
 * of the three).  A move changes |dr|, |dc| or their sum by at most what
 * it is divided by, so each count changes by at most one (ceil((x + k) / k)
 * = ceil(x / k) + 1): the bound is consistent, not only admissible, which
 * astar.c relies on to take a node's cost as final when it is popped (it
 * would reopen nodes otherwise, and still end optimal, only slower).
 * With E = 1 (numbered tiles) every metric counts the tiles' cells, as
 * unit does.  A reach of 0 (the block cannot move that way at all) is
 * taken as 1: any finite count bounds an impossible displacement, and a
 * count that never changes stays consistent; a huge one would only swell
 * A*'s buckets. */

/* ceil(x / k), k >= 1. */
static unsigned over(unsigned x, unsigned k)
{
    return (x + k - 1) / k;
}

/* The farthest one move (metric line or piece) can carry a block of c
 * along rows (sideways) and along columns (up and down); at least 1. */
static void reach(const sb_catalog *cat, const sb_class *c, unsigned *across, unsigned *down)
{
    unsigned e = cat->nempty;
    *across = e / (unsigned)c->height ? e / (unsigned)c->height : 1;
    *down = e / (unsigned)c->width ? e / (unsigned)c->width : 1;
}

/* Moves a block of class c needs, of its own, from a to b. */
static unsigned distance(const sb_catalog *cat, const sb_class *c, sb_metric metric,
                         unsigned a, unsigned b)
{
    if (a == b)
        return 0;
    unsigned cols = (unsigned)cat->cols;
    unsigned dr = (unsigned)abs((int)(a / cols) - (int)(b / cols));
    unsigned dc = (unsigned)abs((int)(a % cols) - (int)(b % cols));
    unsigned across, down;
    switch (metric) {
    case SB_METRIC_UNIT:
        return dr + dc;
    case SB_METRIC_LINE:
        reach(cat, c, &across, &down);
        return over(dr, down) + over(dc, across);
    case SB_METRIC_PIECE: {
        unsigned any = over(dr + dc, cat->nempty ? cat->nempty : 1);
        if (!c->rect)
            return any;
        reach(cat, c, &across, &down);
        unsigned axis = over(dr, down) > over(dc, across) ? over(dr, down) : over(dc, across);
        return any > axis ? any : axis;
    }
    }
    return 0;
}

/* The distance from goal entry g of class s to the nearest block of s. */
static unsigned nearest(const sb_catalog *cat, sb_metric metric, int s, uint32_t g,
                        const uint16_t *anchors)
{
    const sb_class *sh = &cat->classes[s];
    unsigned best = ~0u;
    for (uint32_t i = 0; i < sh->count && best; i++) {
        unsigned d = distance(cat, sh, metric, sh->goals[g], anchors[i]);
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

unsigned sbi_catalog_guide(const sb_catalog *cat, const uint16_t *const *anchors,
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

/* Per class, the goal entry farthest from its nearest block: the block
 * that ends there makes at least that many moves, all of them moves of
 * this class.  Classes are summed, since each move moves a block of one
 * class and changes that class's term by at most one (distance() does,
 * for every pair, so the min over blocks and the max over goals do).
 * Within a class of interchangeable blocks the goals are not summed: one
 * move of a block that is nearest to two goals would bring both closer,
 * and the sum would drop by two (admissible still, but not consistent).
 * A class of one block (a marked piece, a numbered tile) has one goal at
 * most, so the numbered tiles' bound is the sum over tiles. */
unsigned sbi_catalog_estimate(const sb_catalog *cat, sb_metric metric,
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

bool sbi_catalog_parity_unsolvable(const sb_catalog *cat)
{
    const sb_puzzle *p = cat->puzzle;
    if (cat->nempty != 1 || cat->ngoals != (uint32_t)cat->nclasses ||
        cat->nblocks != (uint32_t)cat->nclasses)
        return false;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = &cat->classes[s];
        if (c->ncells != 1 || c->proto.axis != SB_AXIS_ANY || c->ngoals != 1)
            return false;
    }
    /* to[cell] = where the piece on it (the empty cell's "piece" too)
     * belongs, -1 on a wall; the parity is that of the cycles of to. */
    int32_t *to = malloc(cat->ncells * sizeof *to);
    bool *goal_taken = calloc(cat->ncells, sizeof *goal_taken);
    bool known = to && goal_taken;
    for (uint32_t c = 0; known && c < cat->ncells; c++)
        to[c] = -1;
    for (uint32_t i = 0; known && i < cat->nblocks; i++) {
        const sb_block *b = &p->blocks[i];
        const sb_class *c = &cat->classes[sbi_catalog_class(cat, b)];
        to[b->row * cat->cols + b->col] = c->goals[0];
        goal_taken[c->goals[0]] = true;
    }
    uint32_t blank = 0, blank_goal = 0, transpositions = 0;
    for (uint32_t c = 0; known && c < cat->ncells; c++) {
        if (p->walls && p->walls[c])
            continue;
        if (to[c] < 0)
            blank = c;
        if (!goal_taken[c])
            blank_goal = c;
    }
    if (known)
        to[blank] = (int32_t)blank_goal;
    /* Each cycle of length k is k - 1 transpositions; a visited cell is
     * marked by to = -1 (walls are -1 already). */
    for (uint32_t c = 0; known && c < cat->ncells; c++) {
        uint32_t len = 0;
        for (uint32_t x = c; to[x] >= 0; len++) {
            uint32_t next = (uint32_t)to[x];
            to[x] = -1;
            x = next;
        }
        transpositions += len ? len - 1 : 0;
    }
    free(to);
    free(goal_taken);
    uint32_t cols = (uint32_t)cat->cols;
    unsigned colours = (blank / cols + blank % cols + blank_goal / cols + blank_goal % cols) & 1;
    return known && (transpositions & 1) != colours;
}

/* ---- goals out of reach ------------------------------------------------
 *
 * Ignoring the other blocks, the places a block's anchor can reach form
 * one component of a graph over places: a place is a node when the block
 * fits there (inside the tray, off the walls), and two are joined when
 * one slide of one cell, along the block's axis, leads from one to the
 * other.  Slides are reversible, so the components partition the places,
 * and other blocks only ever take away paths: a block stays in its
 * component for good.  A goal of a class is met only when, in each
 * component, the class has at least as many blocks as goal places.  On a
 * tray without walls every place of a block that slides both ways is in
 * one component (its places form a rectangle of anchors), so only classes
 * with an axis, and trays with walls, are looked at.  Classes of one shape
 * and axis share their components (they differ only in group), so the
 * labels are kept from one such class to the next (classes are sorted
 * by shape, then axis, then group). */

/* Whether class c's block fits with its anchor at row r, column col,
 * looking only at the cells listed (all of them, or one direction's lead
 * cells after a one-cell slide that way). */
static bool fits(const sb_catalog *cat, const sb_class *c, int r, int col,
                 const uint32_t *cells, uint32_t n)
{
    const uint8_t *walls = cat->puzzle->walls;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = cells ? cells[k] : k;
        int y = r + c->dr[i], x = col + c->dc[i];
        if (y < 0 || y >= cat->rows || x < 0 || x >= cat->cols ||
            (walls && walls[y * cat->cols + x]))
            return false;
    }
    return true;
}

/* Labels with `label` every place of class c's anchor reachable from
 * `from` (labelled -1 before); queue has room for every cell. */
static void flood(const sb_catalog *cat, const sb_class *c, uint32_t from, int32_t label,
                  int32_t *labels, uint32_t *queue)
{
    uint32_t head = 0, tail = 0;
    labels[from] = label;
    queue[tail++] = from;
    while (head < tail) {
        uint32_t at = queue[head++];
        int r = (int)(at / (uint32_t)cat->cols), col = (int)(at % (uint32_t)cat->cols);
        for (int d = 0; d < 4; d++) {
            int nr = r + SB_STEP_ROW[d], nc = col + SB_STEP_COL[d];
            if (!sbi_class_moves(c, d) || nr < 0 || nr >= cat->rows || nc < 0 ||
                nc >= cat->cols)
                continue;
            uint32_t next = (uint32_t)nr * (uint32_t)cat->cols + (uint32_t)nc;
            if (labels[next] < 0 && fits(cat, c, nr, nc, c->lead[d], c->nlead[d])) {
                labels[next] = label;
                queue[tail++] = next;
            }
        }
    }
}

/* Whether classes a and b have one shape and one axis (they may differ in
 * group), so that their blocks' places form the same components. */
static bool same_places(const sb_class *a, const sb_class *b)
{
    return a->ncells == b->ncells && a->proto.axis == b->proto.axis &&
           memcmp(a->dr, b->dr, a->ncells * sizeof *a->dr) == 0 &&
           memcmp(a->dc, b->dc, a->ncells * sizeof *a->dc) == 0;
}

/* The proof that a goal place of class s is out of its blocks' reach. */
static sb_status unreachable(const sb_catalog *cat, int s, uint32_t place, bool none,
                             sb_error *err)
{
    const sb_class *c = &cat->classes[s];
    char what[64];
    if (c->proto.label && c->count == 1)
        snprintf(what, sizeof what, "piece '%c'", c->proto.label);
    else
        snprintf(what, sizeof what, "%dx%d %s", c->height, c->width,
                 c->rect ? "block" : "piece");
    const char *why = c->proto.axis == SB_AXIS_ROW      ? "it slides only left and right"
                      : c->proto.axis == SB_AXIS_COL ? "it slides only up and down"
                                                        : "walls fence it in";
    unsigned r = place / (unsigned)cat->cols, col = place % (unsigned)cat->cols;
    if (none)
        return sbi_fail(err, SB_UNSOLVABLE, "no solution: the goal puts the %s at %u %u, "
                        "which it can never reach (%s%s)", what, r, col, why,
                        c->proto.axis != SB_AXIS_ANY && cat->nwalls ? ", between walls" : "");
    return sbi_fail(err, SB_UNSOLVABLE, "no solution: the goal puts more of the %s in the "
                    "part of the tray around %u %u than can ever get there (%s%s)", what, r,
                    col, why, c->proto.axis != SB_AXIS_ANY && cat->nwalls ? ", between walls" : "");
}

sb_status sbi_catalog_check_reach(const sb_catalog *cat, sb_error *err)
{
    const sb_puzzle *p = cat->puzzle;
    int found = -1;       /* the class of a goal place out of reach */
    uint32_t place = 0;   /* that place */
    bool none = false;    /* no block of the class reaches it at all */
    if (cat->ngoals == 0)
        return SB_OK;
    int32_t *labels = malloc(cat->ncells * sizeof *labels);
    uint32_t *queue = malloc(cat->ncells * sizeof *queue);
    /* The blocks' anchors, class by class: first[s] .. first[s + 1]. */
    uint32_t *first = calloc((size_t)cat->nclasses + 2, sizeof *first);
    uint32_t *anchors = malloc(((size_t)cat->nblocks + 1) * sizeof *anchors);
    int32_t *class_of = malloc(((size_t)cat->nblocks + 1) * sizeof *class_of);
    /* have[label]: the class's blocks in that component, less its goals. */
    int64_t *have = calloc((size_t)cat->nblocks + 1, sizeof *have);
    if (!labels || !queue || !first || !anchors || !class_of || !have)
        goto done;   /* not knowing is no proof */
    for (uint32_t i = 0; i < cat->nblocks; i++) {
        class_of[i] = sbi_catalog_class(cat, &p->blocks[i]);
        first[class_of[i] + 2]++;
    }
    for (int s = 0; s < cat->nclasses; s++)
        first[s + 2] += first[s + 1];
    for (uint32_t i = 0; i < cat->nblocks; i++)
        anchors[first[class_of[i] + 1]++] =
            (uint32_t)p->blocks[i].row * (uint32_t)cat->cols + (uint32_t)p->blocks[i].col;
    int32_t nlabels = 0;
    const sb_class *labelled = NULL;   /* the class whose shape and axis labels hold */
    for (int s = 0; s < cat->nclasses && found < 0; s++) {
        const sb_class *c = &cat->classes[s];
        if (c->ngoals == 0 || (cat->nwalls == 0 && c->proto.axis == SB_AXIS_ANY))
            continue;
        if (!labelled || !same_places(labelled, c)) {
            for (uint32_t k = 0; k < cat->ncells; k++)
                labels[k] = -1;
            nlabels = 0;
            labelled = c;
        }
        for (uint32_t b = first[s]; b < first[s + 1]; b++)
            if (labels[anchors[b]] < 0)
                flood(cat, c, anchors[b], nlabels++, labels, queue);
        for (uint32_t b = first[s]; b < first[s + 1]; b++)
            have[labels[anchors[b]]]++;
        for (uint32_t g = 0; g < c->ngoals && found < 0; g++) {
            int32_t at = labels[c->goals[g]];
            if (at < 0 || --have[at] < 0) {
                found = s;
                place = c->goals[g];
                none = at < 0 || first[s + 1] - first[s] == 1;
            }
        }
        for (uint32_t b = first[s]; b < first[s + 1]; b++)
            have[labels[anchors[b]]] = 0;
        for (uint32_t g = 0; g < c->ngoals; g++)
            if (labels[c->goals[g]] >= 0)
                have[labels[c->goals[g]]] = 0;
    }
done:
    free(labels);
    free(queue);
    free(first);
    free(anchors);
    free(class_of);
    free(have);
    return found < 0 ? SB_OK : unreachable(cat, found, place, none, err);
}
