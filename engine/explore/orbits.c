/*
 * orbits.c - layouts that a relabelling of marked pieces maps onto each
 * other, and so share an eccentricity (sbi_layout_orbits).
 *
 * Why.  Exact diameters come from bounding eccentricities (graph.c),
 * which prunes well on irregular graphs and not at all on symmetric ones:
 * in the 8-puzzle every layout with the blank on the same cell has the
 * same eccentricity, so no BFS ever bounds another node below the best
 * lower bound, and the method falls back to one BFS per node (181,440 of
 * them).  Knowing which layouts are images of each other under a symmetry
 * of the graph settles a whole orbit with one BFS: nine sweeps per
 * 8-puzzle component.
 *
 * The symmetry.  Two classes that differ only in their marks (the same
 * cells and axis, another group: the 8-puzzle's numbered tiles, Rush
 * Hour's red car beside another car of its size) move alike, so swapping
 * them in every layout maps layouts to layouts and moves to moves.  When
 * every class of such a family has one piece, any relabelling of the
 * family is a bijection of the piece set, so two layouts that are the
 * same once the family's marks are erased lie in one orbit.  A family
 * with a class of several pieces is left marked (a relabelling would have
 * to keep counts, which not every pair of layouts allows): orbits are
 * then finer than the truth, which costs sweeps, never exactness.
 *
 * How.  Each layout's erased form (its pieces as (family, anchor), sorted)
 * is hashed; layouts are sorted by hash, and within a run of equal hashes
 * compared in full, so a collision can never merge two orbits.  An orbit
 * is named by its lowest layout id.  Sorting rather than the engine's
 * hash table (stores/table.h): every layout is in hand at once, the sort
 * leaves each run in id order, which names the orbit as it is met, and
 * the 16 bytes a layout go as soon as the orbits are known, where a table
 * would also keep each erased form as its key.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

/* Whether classes a and b of pc differ in their marks only. */
static bool alike(const sb_pieces *pc, int a, int b)
{
    sb_block x = pc->proto[b];
    x.group = pc->proto[a].group;
    return sb_block_same_class(pc->source, &pc->proto[a], &x);
}

/* erase[s]: the class s stands for once marks are erased (itself when
 * its family cannot be relabelled freely).  false when no class changes:
 * there is no relabelling to use. */
static bool erasure(const sb_pieces *pc, int *erase)
{
    bool any = false;
    for (int s = 0; s < pc->nclasses; s++) {
        int first = s;
        bool free_family = true;
        for (int t = pc->nclasses - 1; t >= 0; t--)
            if (alike(pc, s, t)) {
                first = t;
                free_family &= pc->count[t] == 1;
            }
        erase[s] = free_family ? first : s;
        any |= erase[s] != s;
    }
    return any;
}

/* Layout id's erased form, sorted, into form (one entry a piece). */
static void erased(sb_layouts *l, sb_scratch *w, const sb_store *st, const int *erase,
                   uint32_t id, sb_block *blocks, uint32_t *form)
{
    const sb_space *sp = l->space;
    size_t n = sp->cat->nblocks;
    sp->ops->decode(sp, w, st->ops->key(st, id), blocks);
    for (size_t i = 0; i < n; i++) {
        uint32_t cell = (uint32_t)blocks[i].row * (uint32_t)l->pc->cols + (uint32_t)blocks[i].col;
        form[i] = (uint32_t)erase[sbi_pieces_find(l->pc, &blocks[i])] << 16 | cell;
    }
    /* Insertion sort: a layout has few pieces, and sorting them is what
     * makes the form canonical. */
    for (size_t i = 1; i < n; i++) {
        uint32_t v = form[i];
        size_t j = i;
        for (; j > 0 && form[j - 1] > v; j--)
            form[j] = form[j - 1];
        form[j] = v;
    }
}

typedef struct hashed {
    uint64_t hash;
    uint32_t id;
} hashed;

static int by_hash(const void *x, const void *y)
{
    const hashed *a = x, *b = y;
    if (a->hash != b->hash)
        return a->hash < b->hash ? -1 : 1;
    return (a->id > b->id) - (a->id < b->id);
}

sb_status sbi_layout_orbits(sb_layouts *l, sb_scratch *w, const sb_store *st, uint32_t **orbit)
{
    const sb_pieces *pc = l->pc;
    sb_meter *m = l->meter;
    int erase[SB_MAX_CLASSES];
    *orbit = NULL;
    if (!erasure(pc, erase))
        return SB_OK;
    size_t n = st->count, nb = l->space->cat->nblocks + 1;
    hashed *h = sbi_meter_calloc(m, n, sizeof *h);
    uint32_t *o = sbi_meter_calloc(m, n, sizeof *o);
    sb_block *blocks = sbi_meter_calloc(m, nb, sizeof *blocks);
    uint32_t *form = sbi_meter_calloc(m, 2 * nb, sizeof *form), *other = form + nb;
    sb_status status = h && o && blocks && form ? SB_OK : SB_ELIMIT;
    /* Each layout is hashed, then placed in its run: two steps each. */
    sbi_meter_phase(m, "finding the layouts' relabelled twins", 2 * (uint64_t)n);
    for (uint32_t id = 0; status == SB_OK && id < n; id++) {
        m->done = id;
        erased(l, w, st, erase, id, blocks, form);
        uint64_t x = 0;
        for (size_t i = 0; i + 1 < nb; i++)
            x = sbi_mix64(x ^ form[i]);
        h[id] = (hashed){ x, id };
        status = sbi_meter_tick(m, 0);
    }
    if (status == SB_OK)
        qsort(h, n, sizeof *h, by_hash);
    /* Within a run of equal hashes, each layout joins the first earlier
     * one whose form is its own; ids ascend in a run, so that one is the
     * lowest of the orbit. */
    for (size_t i = 0, run = 0; status == SB_OK && i < n; i++) {
        if (h[i].hash != h[run].hash)
            run = i;
        uint32_t id = h[i].id;
        o[id] = id;
        m->done = n + i;
        if (i == run)
            continue;
        erased(l, w, st, erase, id, blocks, form);
        for (size_t j = run; j < i; j++) {
            if (o[h[j].id] != h[j].id)
                continue;   /* not an orbit's first */
            erased(l, w, st, erase, h[j].id, blocks, other);
            if (memcmp(form, other, (nb - 1) * sizeof *form) == 0) {
                o[id] = h[j].id;
                break;
            }
        }
        status = sbi_meter_tick(m, 0);
    }
    sbi_meter_free(m, h, n * sizeof *h);
    sbi_meter_free(m, blocks, nb * sizeof *blocks);
    sbi_meter_free(m, form, 2 * nb * sizeof *form);
    if (status != SB_OK) {
        sbi_meter_free(m, o, n * sizeof *o);
        return SB_ELIMIT;
    }
    sbi_meter_phase(m, NULL, 0);
    *orbit = o;
    return SB_OK;
}
