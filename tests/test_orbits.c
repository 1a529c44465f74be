/*
 * test_orbits.c - orbits of layouts under relabelling marked pieces
 * (engine/explore/orbits.c, sbi_layout_orbits), against the brute force of
 * unit_pieces.h and a breadth-first search of the test's own.
 *
 * On random piece sets rich in marked pieces that are otherwise alike
 * (numbered tiles, a marked car among cars, marked L and T pieces, groups
 * of two), on small trays with walls and one-axis pieces:
 *   - an orbit is named by its lowest layout id, which is in it;
 *   - sound: a layout's orbit's first layout maps onto it by a relabelling
 *     of classes (one class onto one class, alike but for their marks,
 *     with as many pieces), so the two are images under a symmetry of
 *     the whole set;
 *   - coarse enough: layouts that are the same once the marks of a family
 *     of alike classes of one piece each are erased share an orbit (what
 *     orbits.c promises; a family with a class of several pieces may stay
 *     split), and there are orbits at all exactly when such a family is;
 *   - and what the graph code relies on: the layouts of one orbit have one
 *     eccentricity, under each metric, by a breadth-first search from
 *     each of them over moves the test generates itself (one-cell steps;
 *     straight runs; any run of one piece).
 */
#include "unit_pieces.h"

#include "explore/explore.h"
#include "search/setup.h"

static unit_rng rng = { 0x0eb175u };

/* ---- relabellings ------------------------------------------------------------ */

/* Whether classes a and b differ in their marks only. */
static bool alike(const unit_class *a, const unit_class *b)
{
    unit_class x = *b;
    x.group = a->group;
    return unit_same_class(a, &x);
}

/* Whether a relabelling maps layout `from` onto layout `to`: the same
 * anchors, and a map of classes, one onto one, alike, with as many
 * pieces. */
static bool relabels(const unit_pieces *up, const uint8_t *from, const uint8_t *to)
{
    int map[UNIT_PIECE_CLASSES], back[UNIT_PIECE_CLASSES];
    for (int s = 0; s < up->nclasses; s++)
        map[s] = back[s] = -1;
    for (int cell = 0; cell < up->rows * up->cols; cell++) {
        if (!from[cell] != !to[cell])
            return false;
        if (!from[cell])
            continue;
        int a = from[cell] - 1, b = to[cell] - 1;
        if ((map[a] >= 0 && map[a] != b) || (back[b] >= 0 && back[b] != a))
            return false;
        map[a] = b;
        back[b] = a;
        if (!alike(&up->cls[a], &up->cls[b]) || up->cls[a].count != up->cls[b].count)
            return false;
    }
    return true;
}

/* erase[s]: the first class of s's family when every class of that
 * family (the classes alike to s) has one piece, else s.  Returns
 * whether some family has two classes or more. */
static bool free_families(const unit_pieces *up, int *erase)
{
    bool any = false;
    for (int s = 0; s < up->nclasses; s++) {
        erase[s] = s;
        int first = -1, members = 0;
        bool single = true;
        for (int t = 0; t < up->nclasses; t++)
            if (alike(&up->cls[s], &up->cls[t])) {
                first = first < 0 ? t : first;
                members++;
                single &= up->cls[t].count == 1;
            }
        if (single && members > 1) {
            erase[s] = first;
            any = true;
        }
    }
    return any;
}

/* ---- one piece set ------------------------------------------------------------ */

static unsigned long sets_checked, sets_with_orbits, orbits_merged, sweeps;

typedef struct erased {
    uint8_t *code;     /* the layout with each class erased to erase[] */
    uint32_t id;
} erased;

static int erased_len;

static int by_erased(const void *x, const void *y)
{
    const erased *a = x, *b = y;
    int by = memcmp(a->code, b->code, (size_t)erased_len);
    return by ? by : (a->id > b->id) - (a->id < b->id);
}

static void check_orbits(const unit_pieces *up, const unit_layouts *L, const uint32_t *orbit,
                         const char *name)
{
    int ncells = up->rows * up->cols, erase[UNIT_PIECE_CLASSES];
    bool any = free_families(up, erase);
    CHECK_MSG(any == (orbit != NULL), "%s: orbits %s, yet %s family of alike classes of one "
              "piece each", name, orbit ? "given" : "not given", any ? "a" : "no");
    if (!orbit)
        return;
    sets_with_orbits++;
    bool ok = true;
    for (uint32_t id = 0; id < L->n && ok; id++) {
        uint32_t o = orbit[id];
        ok = CHECK_MSG(o <= id && orbit[o] == o, "%s: layout %u's orbit is %u (whose orbit is "
                       "%u)", name, id, o, o < L->n ? orbit[o] : 0);
        ok = ok && CHECK_MSG(relabels(up, unit_layout_code(L, o), unit_layout_code(L, id)),
                             "%s: no relabelling maps layout %u onto layout %u", name, o, id);
        orbits_merged += o != id;
    }
    /* Layouts alike once free families' marks are erased: one orbit. */
    erased *e = unit_alloc(L->n * sizeof *e);
    uint8_t *codes = unit_alloc(L->n * (size_t)ncells + 1);
    for (uint32_t id = 0; id < L->n; id++) {
        e[id].code = codes + (size_t)id * (size_t)ncells;
        e[id].id = id;
        const uint8_t *code = unit_layout_code(L, id);
        for (int cell = 0; cell < ncells; cell++)
            e[id].code[cell] = code[cell] ? (uint8_t)(erase[code[cell] - 1] + 1) : 0;
    }
    erased_len = ncells;
    qsort(e, L->n, sizeof *e, by_erased);
    for (size_t i = 1; i < L->n && ok; i++)
        if (memcmp(e[i - 1].code, e[i].code, (size_t)ncells) == 0)
            ok = CHECK_MSG(orbit[e[i - 1].id] == orbit[e[i].id], "%s: layouts %u and %u differ "
                           "only in free marks, orbits %u and %u", name, e[i - 1].id, e[i].id,
                           orbit[e[i - 1].id], orbit[e[i].id]);
    free(e);
    free(codes);
    if (!ok)
        return;
    /* One eccentricity per orbit, under every metric. */
    int32_t *dist = unit_alloc(L->n * sizeof *dist);
    uint32_t *queue = unit_alloc(L->n * sizeof *queue);
    unsigned *ecc = unit_alloc(L->n * sizeof *ecc);
    uint32_t *members = unit_alloc(L->n * sizeof *members);
    for (uint32_t id = 0; id < L->n; id++)
        members[orbit[id]]++;
    for (int m = 0; m < 3 && ok; m++) {
        unit_adjacency a;
        unit_layout_graph(up, L, (sb_metric)m, &a);
        for (uint32_t id = 0; id < L->n && ok; id++) {
            if (members[orbit[id]] < 2)
                continue;   /* an orbit of one: nothing to compare */
            ecc[id] = unit_layout_bfs(&a, L->n, id, dist, queue);
            sweeps++;
            ok = CHECK_MSG(ecc[id] == ecc[orbit[id]], "%s: metric %s: layout %u has "
                           "eccentricity %u, its orbit's first %u has %u", name,
                           sb_metric_name((sb_metric)m), id, ecc[id], orbit[id], ecc[orbit[id]]);
        }
        unit_adjacency_free(&a);
    }
    free(dist);
    free(queue);
    free(ecc);
    free(members);
}

/* The engine's orbits of p's piece set against the brute force; false
 * when it has more than max layouts (not checked). */
static bool check_puzzle(const sb_puzzle *p, size_t max, const char *name)
{
    unit_pieces up;
    if (!CHECK_MSG(sb_puzzle_check(p, NULL) == SB_OK, "%s: not a puzzle", name) ||
        !unit_pieces_of(p, &up))
        return true;
    unit_layouts L;
    if (!unit_enumerate(&up, max, &L)) {
        unit_layouts_free(&L);
        return false;
    }
    sb_pieces pc;
    sb_error err;
    sb_setup s;
    sbi_setup_meter(&s, NULL);
    sb_layouts l;
    sb_store *st = NULL;
    size_t nblocks = (size_t)unit_pieces_count(&up);
    sb_block *first = unit_alloc((nblocks + 1) * sizeof *first);
    bool found = false;
    uint32_t *orbit = NULL;
    if (CHECK_MSG(sbi_pieces_of(p, &pc, &err) == SB_OK, "%s: %s", name, err.msg) &&
        CHECK(sbi_layouts_init(&l, &pc, &s.meter) == SB_OK) &&
        CHECK(sbi_layouts_first(&l, first, &found) == SB_OK && found)) {
        sb_puzzle at_first = { p->rows, p->cols, nblocks, first, 0, NULL,
                               p->nshapes, p->shapes, p->walls };
        if (CHECK_MSG(sbi_setup_space(&s, &at_first, SB_PATH_GENERAL, SB_METRIC_UNIT, &err) ==
                          SB_OK, "%s: %s", name, err.msg) &&
            CHECK(sbi_layouts_bind(&l, s.space, false) == SB_OK) &&
            CHECK(sbi_layouts_enumerate(&l, &st) == SB_OK) &&
            CHECK_MSG(st->count == L.n, "%s: %u layouts, the brute force %zu", name, st->count,
                      L.n) &&
            CHECK(sbi_layout_orbits(&l, s.scratch, st, &orbit) == SB_OK)) {
            check_orbits(&up, &L, orbit, name);
            sets_checked++;
        }
    }
    if (orbit)
        sbi_meter_free(&s.meter, orbit, L.n * sizeof *orbit);
    if (st)
        st->ops->free(st);
    sbi_layouts_free(&l);
    sbi_setup_end(&s);
    free(first);
    unit_layouts_free(&L);
    return true;
}

/* ---- piece sets -------------------------------------------------------------- */

/* Numbered tiles on a small tray: every piece marked, holes, sometimes an
 * unmarked tile or a wall. */
static void make_tiles(sb_puzzle *p, int i, char *name, size_t size)
{
    static const int sides[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 1, 5 }, { 5, 1 }, { 2, 4 } };
    const int *side = sides[i % 6];
    int rows = side[0], cols = side[1], ncells = rows * cols;
    unit_puzzle_init(p, rows, cols, (size_t)ncells);
    int holes = 1 + unit_below(&rng, 2), group = 0;
    if (unit_below(&rng, 3) == 0) {
        p->walls = unit_alloc((size_t)ncells);
        p->walls[unit_below(&rng, ncells)] = 1;
    }
    for (int cell = 0; cell < ncells; cell++) {
        if ((p->walls && p->walls[cell]) || unit_below(&rng, ncells) < holes)
            continue;
        bool unmarked = unit_below(&rng, 6) == 0;
        p->blocks[p->nblocks++] = (sb_block){ cell / cols, cell % cols, 1, 1, 0,
                                              unmarked ? 0 : ++group };
    }
    snprintf(name, size, "tiles %d (%dx%d)", i, rows, cols);
}

/* Random pieces, many of them marked, from few shapes so that marked
 * pieces are often alike. */
static void make_random(sb_puzzle *p, int i, char *name, size_t size)
{
    int rows = 1 + unit_below(&rng, 4), cols = 2 + unit_below(&rng, 3);
    unit_pieces_plan plan = { .wall_pct = unit_below(&rng, 15), .keep_empty =
                              1 + unit_below(&rng, 3), .max_pieces = 8, .shapes =
                              1 + unit_below(&rng, 10), .axis_pct = unit_below(&rng, 40),
                              .marked_pct = 40 + unit_below(&rng, 50), .same_pct = 30 };
    unit_random_pieces(p, &rng, rows, cols, &plan);
    snprintf(name, size, "random %d (%dx%d)", i, rows, cols);
}

/* A marked car among cars, Rush Hour's way: 1x2 horizontal and 2x1
 * vertical cars on trays of 2x3 to 3x4, one of them, or more, marked. */
static void make_cars(sb_puzzle *p, int i, char *name, size_t size)
{
    int rows = 2 + unit_below(&rng, 2), cols = 3 + unit_below(&rng, 2);
    unit_pieces_plan plan = { .keep_empty = 1 + unit_below(&rng, 3), .max_pieces = 5,
                              .shapes = 3, .axis_pct = 100, .marked_pct = 0 };
    unit_random_pieces(p, &rng, rows, cols, &plan);
    for (size_t b = 0; b < p->nblocks; b++) {
        /* A car slides along its length; 1x1s stay free. */
        p->blocks[b].axis = p->blocks[b].width > 1    ? SB_AXIS_ROW
                            : p->blocks[b].height > 1 ? SB_AXIS_COL
                                                      : SB_AXIS_ANY;
        if (unit_below(&rng, 3) == 0)
            p->blocks[b].group = (int)b + 1;
    }
    snprintf(name, size, "cars %d (%dx%d)", i, rows, cols);
}

int main(void)
{
    size_t max = (size_t)unit_cases(3000, 1500);
    unit_run_series("test_orbits", "numbered tiles", make_tiles, check_puzzle,
                    unit_cases(100, 20), max);
    unit_run_series("test_orbits", "random sets", make_random, check_puzzle, unit_cases(300, 60),
                    max);
    unit_run_series("test_orbits", "cars", make_cars, check_puzzle, unit_cases(100, 20), max);
    printf("test_orbits: %lu piece sets, %lu with orbits, %lu layouts in an orbit not their own "
           "first, %lu eccentricities compared\n", sets_checked, sets_with_orbits, orbits_merged,
           sweeps);
    CHECK(sets_with_orbits > 0 && orbits_merged > 0);
    return unit_finish("test_orbits");
}
