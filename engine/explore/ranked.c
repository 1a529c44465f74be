/*
 * ranked.c - the components of a piece set found with no table of
 * layouts: each layout has a perfect rank, so "visited" is one bit per
 * rank, and each component is walked with the bitboard's own move
 * generator from the first layout of it that the enumeration meets.
 *
 * The rank is the multinomial rank of the layout's word of tokens
 * (ranking.h says how, and shares its tables with the walk at two bits a
 * rank); ranks are sparse (not every word is a layout) and grow in
 * enumeration order.
 *
 * What makes it cheap: the enumeration keeps the rank of the layout it
 * is at as it decides cells, and skips a prefix whose every word is
 * marked already (layouts.c, sb_rank_tables); a child's rank is its
 * parent's with only the tokens between the lowest and highest bits of
 * the move redone (ranking_child), its token types the parent's with the
 * moved block's at its new anchor; the move back to the layout the
 * parent was met from is counted and not ranked; marking a child takes
 * no branch.
 *
 * Reflections.  Mirroring the tray (left to right, top to bottom, or
 * both) maps layouts to layouts and moves to moves, so the image of a
 * component is a component of the same size: the component itself, or
 * another, found with no walk by ranking the image of each of its
 * layouts (reflect_component).  That is one rank per layout instead of an
 * expansion and a rank per child, and it halves the walks of the classic
 * piece set, whose components come in pairs and fours; most of Klotski's
 * family lies in components that are their own images, which gain
 * nothing, so a walk keeps its layouts only while its seed's images are
 * still unmarked and it is small (MOST_KEPT).
 *
 * The walk is the component walker's (walk.h): this file gives it
 * layouts as bitboard images, marks them in the bitmap of ranks and
 * expands them with the bitboard's generator; the walker shares a large
 * component out among threads, whose marks are an atomic or (each layout
 * is new to exactly one), and sizes and moves are sums, so they do not
 * depend on the number of threads or their timing.
 *
 * This path is a faster way to the graph path's answer (components.c
 * over graph.c's sbi_graph_split, on the layouts' flat store): the same
 * components, sizes, moves and first layouts.  tests/test_components.c
 * checks both against a brute force and against each other.
 *
 * Invariant: components are reported in enumeration order of their first
 * layout (the least rank), the order the graph path (graph.c) numbers them
 * in, so both paths report the same components in the same order; the
 * images found early are put in place at the end (sort_parts).
 */
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "explore/walk.h"
#include "explore/ranking.h"


/* One thread's share of a component's walk: its walker (walk.h: the
 * stack and the counts) and the layout being expanded. */
typedef struct walker {
    sb_component_walker walk;
    struct ranked *c;
    ranking_parent x;                 /* the layout being expanded ... */
    uint64_t from;                    /* ... and the one it was met from */
    /* Alone (not shared out): every layout of the component, kept for its
     * reflections (reflect_component) while recording holds. */
    uint64_t *members;
    size_t nmembers, members_cap;
    bool recording;
} walker;

/* The walk over one piece set: the bitmap, the walkers. */
typedef struct ranked {
    ranking r;
    const sb_layouts *l;              /* the enumeration, which ranks each layout */
    sb_meter *meter;
    uint64_t *seen;                   /* one bit per rank */
    size_t seen_bytes;
    sb_ranked_parts *parts;
    uint64_t init_rank;
    bool has_init;
    int nreflections, reflection[3];  /* the reflections (1 left-right, 2 top-bottom,
                                         3 both) that map every layout to a layout */
    sb_walk_crew crew;                /* the walkers that share a large component */
    walker w[SB_WALK_MAX_THREADS];
} ranked;

/* Marks rank k seen; true when it was not (the enumeration's thread,
 * while no walker runs). */
static inline bool mark(ranked *c, uint64_t k)
{
    uint64_t bit = 1ULL << (k & 63), *word = &c->seen[k >> 6];
    if (*word & bit)
        return false;
    *word |= bit;
    return true;
}

/* The most layouts of one component kept for its reflections: large
 * components tend to be their own mirror images (Klotski's family keeps
 * 1.3% of its layouts in the images of others), so keeping all of them
 * would cost memory and time for nothing; the images of a larger one are
 * walked like any other component. */
enum { MOST_KEPT = 1 << 16 };

static uint64_t reflected(const bitboard *b, int f, uint64_t S);

/* Whether some reflection of the component walked from seed S maps it
 * onto layouts not marked yet; once S's every image is marked, the walk
 * has met them all (or an earlier component holds them). */
static bool reflections_unmet(const ranked *c, uint64_t S);

/* Makes room for n more members on k's list; when the meter refuses, the
 * list is dropped instead (the component's reflections are then walked
 * like any other component: slower, not wrong), and the refusal is
 * forgotten. */
static void keep_room(walker *k, size_t n)
{
    if (k->nmembers + n <= k->members_cap)
        return;
    if (k->nmembers + n > MOST_KEPT || (k->nmembers && !reflections_unmet(k->c, k->members[0]))) {
        k->recording = false;   /* too many, or nothing to mark: keep no more */
        return;
    }
    sb_meter *m = k->c->meter;
    sb_limit hit = m->hit;
    /* From 1,024, doubling: the list's room is a power of two, so it
     * reaches MOST_KEPT and no further. */
    size_t need = k->nmembers + n < 1024 ? 1024 : k->nmembers + n;
    if (!sbi_array_grow(m, &k->members, &k->members_cap, need, sizeof *k->members)) {
        m->hit = hit;
        k->recording = false;
    }
}

/* A child met in a component's walk: marked, and kept when new.  Walkers
 * that run at once mark with an atomic or, so each layout is new to
 * exactly one of them.  The move back to the layout the parent was met
 * from is counted and not ranked: that layout is marked already. */
typedef struct meeting {
    walker *k;
    sb_component_walker *w;                       /* k's walk, as the walker hands it to expand */
} meeting;

static inline __attribute__((always_inline)) bool meet_with(meeting *at, uint64_t child,
                                                             bool threaded)
{
    walker *k = at->k;
    ranked *c = k->c;
    if (child == k->from) {
        sbi_walk_edge(at->w);
        return true;
    }
    uint64_t rank = ranking_child(&c->r, &k->x, child), *word = &c->seen[rank >> 6];
    uint64_t bit = 1ULL << (rank & 63), old;
    if (threaded)
        old = __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
    else {
        old = *word;
        *word = old | bit;
    }
    bool fresh = (old & bit) == 0;
    sbi_walk_meet(at->w, child, k->x.image, fresh);
    if (!threaded && k->recording) {
        k->members[k->nmembers] = child;
        k->nmembers += fresh;
    }
    return true;
}

static inline __attribute__((always_inline)) bool meet(void *ctx, uint64_t child, uint64_t mirror)
{
    (void)mirror;
    return meet_with(ctx, child, false);
}

static inline __attribute__((always_inline)) bool meet_threaded(void *ctx, uint64_t child,
                                                                uint64_t mirror)
{
    (void)mirror;
    return meet_with(ctx, child, true);
}

/* The walk's expansion of layout X, met from `from`: read once for all
 * its children (parent_read), which the bitboard's generator hands to
 * meet. */
static inline __attribute__((always_inline)) void expand(sb_component_walker *w, void *ctx, uint64_t X,
                                                         uint64_t from)
{
    meeting at = { ctx, w };
    at.k->from = from;
    ranking_parent_read(&at.k->c->r, &at.k->x, X, from);
    if (at.k->recording)
        keep_room(at.k, w->most);
    generate64(at.k->c->r.b, X, 0, meet, &at);
}

static inline __attribute__((always_inline)) void expand_threaded(sb_component_walker *w, void *ctx,
                                                                  uint64_t X, uint64_t from)
{
    meeting at = { ctx, w };
    at.k->from = from;
    ranking_parent_read(&at.k->c->r, &at.k->x, X, from);
    generate64(at.k->c->r.b, X, 0, meet_threaded, &at);
}

static bool run_shared(sb_component_walker *w)
{
    return sbi_walk_run_shared(w, expand_threaded);
}



/* Adds a component of size layouts whose first layout is seed; false
 * when the meter refused. */
static bool found_part(ranked *c, uint64_t seed, uint64_t size, uint64_t edges)
{
    sb_ranked_parts *p = c->parts;
    if (!sbi_array_reserve(c->meter, &p->list, &p->list_cap, p->n + 1, sizeof *p->list) ||
        !sbi_array_reserve(c->meter, &p->seed, &p->seed_cap, p->n + 1, sizeof *p->seed))
        return false;
    p->list[p->n] = (sb_component){ size, 0, 0 };
    p->seed[p->n++] = seed;
    p->layouts += size;
    p->edges += edges;
    c->meter->stored = c->meter->done = p->layouts;
    if (c->has_init && p->init == SIZE_MAX && c->seen[c->init_rank >> 6] >> (c->init_rank & 63) & 1)
        p->init = p->n - 1;
    return true;
}

/* Image S reflected: f 1 left to right, 2 top to bottom, 3 both. */
static uint64_t reflected(const bitboard *b, int f, uint64_t S)
{
    if (f & 2) {   /* image rows y and last - y trade places */
        int w = b->width, last = 2 * b->rows - 2;
        uint64_t row = (1ULL << w) - 1, T = 0;
        for (int y = 0; y <= last; y++)
            T |= (S >> (y * w) & row) << ((last - y) * w);
        S = T;
    }
    return f & 1 ? mirrored64(b, S) : S;
}

static bool reflections_unmet(const ranked *c, uint64_t S)
{
    for (int i = 0; i < c->nreflections; i++) {
        uint64_t k = ranking_rank(&c->r, reflected(c->r.b, c->reflection[i], S));
        if (!(c->seen[k >> 6] >> (k & 63) & 1))
            return true;
    }
    return false;
}

/* The component just walked from seed S (k's members) mapped by each
 * reflection of the tray: a reflection maps moves to moves, so the image
 * of a component is a component of the same size and moves.  When S's
 * image is not marked yet, the image is a component no walk has met
 * (the component itself otherwise, or one already found), and its
 * layouts are marked here, one rank each, instead of walked, which costs
 * an expansion and a rank per child.  Its first layout is its least rank
 * (ranks grow in enumeration order), and it is added out of order:
 * sort_parts puts it in its place. */
static bool reflect_component(ranked *c, const walker *k, uint64_t S)
{
    sb_meter *m = c->meter;
    uint64_t size = k->walk.found;
    for (int i = 0; i < c->nreflections; i++) {
        int f = c->reflection[i];
        uint64_t first = ranking_rank(&c->r, reflected(c->r.b, f, S));
        if (c->seen[first >> 6] >> (first & 63) & 1)
            continue;
        if (!sbi_meter_may_store(m, c->parts->layouts + size - 1))
            return false;
        uint64_t seed = reflected(c->r.b, f, S);
        for (size_t j = 0; j < k->nmembers; j++) {
            uint64_t M = reflected(c->r.b, f, k->members[j]), rank = ranking_rank(&c->r, M);
            c->seen[rank >> 6] |= 1ULL << (rank & 63);
            if (rank < first) {
                first = rank;
                seed = M;
            }
            if ((j & 4095) == 4095 && sbi_meter_check(m) != SB_OK)
                return false;
        }
        if (!found_part(c, seed, size, k->walk.edges))
            return false;
    }
    return true;
}

/* Each layout of the enumeration: when no walk has marked it yet, the
 * first of a new component, which is walked whole at once: alone while
 * its stack is short, by every walker once it holds SHARE_AT layouts;
 * then its reflections are marked (reflect_component). */
enum { SHARE_AT = 4096 };

static bool visit_layout(void *ctx, const void *key)
{
    ranked *c = ctx;
    walker *k = &c->w[0];
    uint64_t S;
    memcpy(&S, key, sizeof S);
    if (!mark(c, c->l->rank))   /* the walk ranked it */
        return true;
    if (!sbi_walk_seed(&k->walk, S, c->parts->layouts))
        return false;
    k->nmembers = 0;
    k->recording = c->nreflections > 0;
    if (k->recording)
        keep_room(k, 1);
    if (k->recording)
        k->members[k->nmembers++] = S;
    if (!sbi_walk_run(&k->walk, expand, k, c->crew.n > 1 ? SHARE_AT : SIZE_MAX))
        return false;
    if (k->walk.depth) {
        k->recording = false;   /* shared walkers keep no members */
        if (!sbi_walk_share(&c->crew))
            return false;
    }
    if (!found_part(c, S, k->walk.found, k->walk.edges))
        return false;
    return !k->recording || reflect_component(c, k, S);
}

/* A part's first rank and its place in the list, to sort by. */
typedef struct placed {
    uint64_t rank;
    size_t index;
} placed;

static int by_rank(const void *x, const void *y)
{
    const placed *a = x, *b = y;
    return (a->rank > b->rank) - (a->rank < b->rank);
}

/* Puts the parts in order of their first layout's rank, the enumeration's
 * (reflect_component adds some early); false when the meter refused. */
static bool sort_parts(ranked *c)
{
    sb_ranked_parts *p = c->parts;
    size_t n = p->n;
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = ranking_rank(&c->r, p->seed[i - 1]) < ranking_rank(&c->r, p->seed[i]);
    if (sorted)
        return true;
    placed *order = sbi_meter_calloc(c->meter, n, sizeof *order);
    sb_component *list = sbi_meter_calloc(c->meter, n, sizeof *list);
    uint64_t *seed = sbi_meter_calloc(c->meter, n, sizeof *seed);
    bool ok = order && list && seed;
    if (ok) {
        for (size_t i = 0; i < n; i++)
            order[i] = (placed){ ranking_rank(&c->r, p->seed[i]), i };
        qsort(order, n, sizeof *order, by_rank);
        size_t init = p->init;
        for (size_t i = 0; i < n; i++) {
            list[i] = p->list[order[i].index];
            seed[i] = p->seed[order[i].index];
            if (order[i].index == init)
                p->init = i;
        }
        /* The sorted copies, n long, become the lists. */
        sbi_array_free(c->meter, &p->list, &p->list_cap, sizeof *p->list);
        sbi_array_free(c->meter, &p->seed, &p->seed_cap, sizeof *p->seed);
        p->list = list;
        p->seed = seed;
        p->list_cap = p->seed_cap = n;
        list = NULL;
        seed = NULL;
    }
    sbi_meter_free(c->meter, list, list ? n * sizeof *list : 0);
    sbi_meter_free(c->meter, seed, seed ? n * sizeof *seed : 0);
    sbi_meter_free(c->meter, order, order ? n * sizeof *order : 0);
    return ok;
}

bool sbi_ranked_takes(const sb_pieces *pc)
{
    return sbi_pieces_bitboard(pc) && (2 * pc->rows - 1) * (2 * pc->cols - 1) <= 64;
}

sb_status sbi_ranked_split(sb_layouts *l, const void *init_key, unsigned threads,
                           sb_ranked_parts *parts, bool *taken)
{
    sb_meter *m = l->meter;
    memset(parts, 0, sizeof *parts);
    parts->meter = m;
    parts->init = SIZE_MAX;
    *taken = false;
    if (!l->image || !sbi_ranked_takes(l->pc) || l->space->metric == SB_METRIC_PIECE)
        return SB_OK;
    /* On the heap: each walker keeps a parent's prefixes. */
    ranked *c = sbi_meter_calloc(m, 1, sizeof *c);
    if (!c)
        return SB_ELIMIT;
    c->l = l;
    c->meter = m;
    c->parts = parts;
    if (!sbi_walk_crew_init(&c->crew, threads, run_shared)) {
        sbi_meter_free(m, c, sizeof *c);
        m->hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    /* Unit and line moves: each block one run per direction, of at most
     * the tray's longer side. */
    size_t most = 4 * sbi_pieces_blocks(l->pc) *
                  (size_t)(l->pc->rows > l->pc->cols ? l->pc->rows : l->pc->cols);
    for (unsigned k = 0; k < c->crew.n; k++) {
        c->w[k].c = c;
        sbi_walk_init(&c->w[k].walk, m, most, &c->w[k]);
        c->crew.w[k] = &c->w[k].walk;
    }
    sb_status status = SB_OK;
    if (!sbi_ranking_init(&c->r, l->pc, (const bitboard *)l->space, m)) {
        status = m->hit != SB_LIMIT_NONE ? SB_ELIMIT : SB_OK;
        goto done;
    }
    *taken = true;
    c->seen_bytes = (size_t)((c->r.total + 63) / 64 * sizeof *c->seen);
    c->seen = sbi_meter_map(m, NULL, 0, c->seen_bytes);
    status = c->seen ? SB_OK : SB_ELIMIT;
    for (int f = 1; f <= 3; f++) {
        bool same = l->reflects[f - 1];   /* and every class its own image */
        for (int s = 0; s < l->pc->nclasses; s++)
            same &= l->mirror[f - 1][s] == s || l->pc->count[s] == 0;
        if (same)
            c->reflection[c->nreflections++] = f;
    }
    if (status == SB_OK && init_key) {
        uint64_t S;
        memcpy(&S, init_key, sizeof S);
        c->init_rank = ranking_rank(&c->r, S);
        c->has_init = true;
    }
    if (status == SB_OK) {
        c->r.tab.seen = c->seen;
        l->ranks = &c->r.tab;
        status = sbi_layouts_each(l, visit_layout, c);
        l->ranks = NULL;
        if (status == SB_OK && !sort_parts(c))
            status = SB_ELIMIT;
    }
    if (status == SB_OK && c->has_init && parts->init == SIZE_MAX)
        status = SB_EINPUT;   /* INIT is no layout of the set: an internal error */
done:
    if (c->seen)
        sbi_meter_map(m, c->seen, c->seen_bytes, 0);
    for (unsigned k = 0; k < c->crew.n; k++) {
        sbi_walk_free(&c->w[k].walk);
        sbi_array_free(m, &c->w[k].members, &c->w[k].members_cap, sizeof *c->w[k].members);
    }
    sbi_ranking_free(&c->r, m);
    sbi_walk_crew_free(&c->crew);
    sbi_meter_free(m, c, sizeof *c);
    return status;
}

void sbi_ranked_parts_free(sb_ranked_parts *p)
{
    if (p->meter) {
        sbi_array_free(p->meter, &p->list, &p->list_cap, sizeof *p->list);
        sbi_array_free(p->meter, &p->seed, &p->seed_cap, sizeof *p->seed);
    }
    memset(p, 0, sizeof *p);
}
