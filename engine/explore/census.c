/*
 * census.c - the components of a piece set found with no table of
 * layouts: each layout has a perfect rank, so "visited" is one bit per
 * rank, and each component is walked with the bitboard's own move
 * generator from the first layout of it that the enumeration meets.
 *
 * The rank.  The enumeration (layouts.c) decides cells in row-major
 * order, and each decision is a token: the cell stays empty, or a piece
 * of class s is anchored there.  A layout is therefore a word over the
 * tokens (empty, class 0, class 1, ...) with a fixed number of each
 * (the empty cells and the counts of the classes), and distinct layouts
 * are distinct words.  Words with fixed counts are ranked perfectly by
 * the multinomial number system: the rank is the number of words before
 * it in lexicographic order, the sum over positions of the words that
 * agree up to there and then take a smaller token.  That sum depends only
 * on which tokens remain (a state, numbered in mixed radix) and on the
 * token taken, so it is one table lookup per token.  Not every word is a
 * layout (pieces must fit), so ranks are sparse: Klotski's 65,880
 * layouts have ranks below 415,800, a bitmap of 52 KB.  The empty token
 * comes first, as in the enumeration, so ranks grow in enumeration order.
 *
 * Reading a word off a bitboard image takes a few word operations: a
 * token is a cell that is empty or the upper-left corner of a block (no
 * spacer bit to its left or above it), and a block's class is read off
 * its size (plain rectangles of distinct sizes are distinct classes).
 *
 * What makes it cheap: the enumeration keeps the rank of the layout it
 * is at as it decides cells, and skips a prefix whose every word is
 * marked already (layouts.c, sb_rank_tables); a child's rank is its
 * parent's with only the tokens between the lowest and highest bits of
 * the move redone (child_rank); marking a child takes no branch.
 *
 * Threads.  A component whose walk's stack grows long is shared out: its
 * images go round-robin to several walkers, which mark the bitmap with an
 * atomic or (each layout is new to exactly one) and walk until every
 * stack is empty.  Sizes and moves are sums, so they do not depend on the
 * number of walkers or their timing.
 *
 * Invariant: components are found in enumeration order of their first
 * layout, the order the graph path (graph.c) numbers them in, so both
 * paths report the same components in the same order.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"
#include "spaces/bitboard.h"

/* The most ranking states (remaining counts of each token) the table
 * holds, and the most ranks the bitmap may have: beyond either, a piece
 * set goes to the graph path. */
enum { MAX_STATES = 1 << 20 };
#define MAX_RANKS (1ULL << 36)

/* The ranks of one piece set's layouts on the 64-bit bitboard. */
typedef struct ranking {
    const bitboard *b;
    int ntokens;                      /* empty, then each class */
    sb_rank_tables tab;               /* a state is numbered s * (ntokens + 1) (its row
                                         in before); before[row + t] counts the words
                                         that take a smaller token than t there */
    uint64_t *before;                 /* tab.before, owned */
    uint64_t *words;                  /* owned: per state, the words of the tokens left
                                         (before's last column holds them too) */
    uint64_t nstates, total;          /* states; words (ranks 0..total-1) */
    int nclasses, nplanes;            /* token bits: enough for ntokens - 1 */
    int height[SB_MAX_CLASSES], width[SB_MAX_CLASSES]; /* class s is token s + 1 */
    int widest, tallest;
} ranking;

/* Sets up r for l's piece set on b; false when the table or the bitmap
 * would be too large, or the meter refused (m->hit set then). */
static bool ranking_init(ranking *r, const sb_layouts *l, const bitboard *b, sb_meter *m)
{
    const sb_pieces *pc = l->pc;
    memset(r, 0, sizeof *r);
    r->b = b;
    r->ntokens = pc->nclasses + 1;
    uint64_t count[SB_MAX_CLASSES + 1];
    count[0] = pc->empties;
    r->nclasses = pc->nclasses;
    for (int s = 0; s < pc->nclasses; s++) {
        count[s + 1] = pc->count[s];
        r->height[s] = pc->proto[s].height;
        r->width[s] = pc->proto[s].width;
        r->widest = r->width[s] > r->widest ? r->width[s] : r->widest;
        r->tallest = r->height[s] > r->tallest ? r->height[s] : r->tallest;
    }
    while ((1 << r->nplanes) < r->ntokens)
        r->nplanes++;
    uint64_t n = 1, radix[SB_MAX_CLASSES + 1];
    for (int t = 0; t < r->ntokens; t++) {
        radix[t] = n;
        n *= count[t] + 1;
        if (n > MAX_STATES)
            return false;
    }
    r->nstates = n;
    /* A row of before per state: the ntokens counts, then the words the
     * tokens left make, which the enumeration reads beside them. */
    uint64_t row = (uint64_t)r->ntokens + 1;
    uint64_t *words = sb_meter_calloc(m, n, sizeof *words);
    r->before = sb_meter_calloc(m, n * row, sizeof *r->before);
    r->words = words;
    bool ok = words && r->before;
    /* words[s]: how many words the tokens left in state s make; a state's
     * smaller states (one token fewer) come first in number order. */
    for (uint64_t s = 0; ok && s < n; s++) {
        uint64_t sum = s == 0, left = 0;
        for (int t = 0; t < r->ntokens; t++) {
            r->before[s * row + (uint64_t)t] = left;
            if (s / radix[t] % (count[t] + 1) == 0)
                continue;
            left += words[s - radix[t]];
            ok = left <= MAX_RANKS;
            if (!ok)
                break;
        }
        words[s] = sum + left;
        r->before[s * row + row - 1] = words[s];
    }
    /* The walk numbers a state by its row in before: s * row. */
    uint64_t full = 0;
    for (int t = 0; t < r->ntokens; t++) {
        r->tab.stride[t] = radix[t] * row;
        full += count[t] * radix[t];
    }
    r->tab.full = full * row;
    r->tab.before = r->before;
    r->total = ok ? words[full] : 0;
    r->tab.words_at = row - 1;
    return ok;
}

static void ranking_free(ranking *r, sb_meter *m)
{
    if (r->before)
        sb_meter_free(m, r->before, r->nstates * ((uint64_t)r->ntokens + 1) * sizeof *r->before);
    if (r->words)
        sb_meter_free(m, r->words, r->nstates * sizeof *r->words);
    r->before = r->words = NULL;
}

/* Image S's tokens (cells empty or anchoring a block) and its anchors.
 * A token sits at a cell with no spacer bit to its left or above it. */
static inline __attribute__((always_inline)) uint64_t anchors_of(const bitboard *b, uint64_t S)
{
    uint64_t joined = (S << 1 & b->m64.may_leave[2]) | S << b->width;
    return S & b->m64.cells & ~joined;
}

/* The tokens' types for all cells of S at once, as bit planes (bit p of
 * the token at cell a is bit a of plane p; empty cells are token 0), so
 * that the loop over tokens carries only the state from one token to the
 * next: each table lookup depends on nothing else, and they overlap. */
static inline __attribute__((always_inline)) void planes_of(const ranking *r, uint64_t S,
                                                            uint64_t anchors, uint64_t *plane)
{
    const bitboard *b = r->b;
    /* Cells whose right (below) spacer is set: their piece goes on. */
    uint64_t right = S >> 1 & b->m64.may_leave[3], down = S >> b->width & b->m64.may_leave[1];
    uint64_t wide[MAX_SIDE + 2], tall[MAX_SIDE + 2];   /* anchors of blocks >= j wide, tall */
    wide[1] = tall[1] = anchors;
    for (int j = 2; j <= r->widest + 1; j++)
        wide[j] = wide[j - 1] & right >> 2 * (j - 2);
    for (int j = 2; j <= r->tallest + 1; j++)
        tall[j] = tall[j - 1] & down >> b->row_step * (j - 2);
    for (int p = 0; p < r->nplanes; p++)
        plane[p] = 0;
    for (int k = 0; k < r->nclasses; k++) {
        int h = r->height[k], w = r->width[k];
        uint64_t at = wide[w] & ~wide[w + 1] & tall[h] & ~tall[h + 1];
        for (int p = 0; p < r->nplanes; p++)
            plane[p] |= ((uint64_t)0 - (uint64_t)((k + 1) >> p & 1)) & at;
    }
}

static inline __attribute__((always_inline)) unsigned token_at(const uint64_t *plane, int np,
                                                               int a)
{
    unsigned t = 0;
    for (int p = 0; p < np; p++)
        t |= (unsigned)(plane[p] >> a & 1) << p;
    return t;
}

/* The rank contributions of tokens (a mask, in cell order) from state on,
 * added to rank; with prefix, each token's state and rank before it are
 * written there, and after the last, at [count].  np is the number of
 * planes; rank_run below calls it with a constant, so that the planes
 * stay in registers. */
static inline __attribute__((always_inline)) uint64_t rank_run_np(const ranking *r,
                                                                  const uint64_t *plane, int np,
                                                                  uint64_t tokens, uint64_t state,
                                                                  uint64_t rank, uint64_t *pstate,
                                                                  uint64_t *prank)
{
    uint64_t pl[8];
    for (int p = 0; p < np; p++)
        pl[p] = plane[p];
    const uint64_t *before = r->tab.before, *stride = r->tab.stride;
    int i = 0;
    for (; tokens; tokens &= tokens - 1, i++) {
        unsigned t = token_at(pl, np, sb_ctz64(tokens));
        if (prank) {
            pstate[i] = state;
            prank[i] = rank;
        }
        rank += before[state + t];
        state -= stride[t];
    }
    if (prank) {
        pstate[i] = state;
        prank[i] = rank;
    }
    return rank;
}

static inline __attribute__((always_inline)) uint64_t rank_run(const ranking *r,
                                                               const uint64_t *plane,
                                                               uint64_t tokens, uint64_t state,
                                                               uint64_t rank, uint64_t *pstate,
                                                               uint64_t *prank)
{
    switch (r->nplanes) {
    case 1:
        return rank_run_np(r, plane, 1, tokens, state, rank, pstate, prank);
    case 2:
        return rank_run_np(r, plane, 2, tokens, state, rank, pstate, prank);
    case 3:
        return rank_run_np(r, plane, 3, tokens, state, rank, pstate, prank);
    default:
        return rank_run_np(r, plane, r->nplanes, tokens, state, rank, pstate, prank);
    }
}

/* The rank of image S, from scratch. */
static uint64_t rank_of(const ranking *r, uint64_t S)
{
    uint64_t plane[8], anchors = anchors_of(r->b, S);
    planes_of(r, S, anchors, plane);
    return rank_run(r, plane, anchors | (r->b->m64.cells & ~S), r->tab.full, 0, NULL, NULL);
}

/* A layout being expanded, read once for all its children: a child
 * differs from it only between the lowest and highest bits the move
 * changed (the moved block's old and new cells), so the tokens outside
 * that window, their types and the state after it are the parent's, and
 * the child's rank is the parent's with the window's contributions
 * redone.  The moved block's type is the one its old anchor had. */
typedef struct parent {
    uint64_t image, tokens, anchors;
    uint64_t plane[8];
    uint64_t state[MAX_SIDE * MAX_SIDE / 32 + 2], rank[MAX_SIDE * MAX_SIDE / 32 + 2];
} parent;

static inline void parent_read(const ranking *r, parent *x, uint64_t X)
{
    x->image = X;
    x->anchors = anchors_of(r->b, X);
    x->tokens = x->anchors | (r->b->m64.cells & ~X);
    planes_of(r, X, x->anchors, x->plane);
    rank_run(r, x->plane, x->tokens, r->tab.full, 0, x->state, x->rank);
}

/* The rank of S, one move from x's layout. */
static inline __attribute__((always_inline)) uint64_t child_rank(const ranking *r,
                                                                 const parent *x, uint64_t S)
{
    uint64_t anchors = anchors_of(r->b, S);
    uint64_t gone = x->anchors & ~anchors, came = anchors & ~x->anchors;
    if (!gone || gone & (gone - 1) || !came || came & (came - 1))
        return rank_of(r, S);   /* not one block moved: never under unit moves */
    unsigned t = token_at(x->plane, r->nplanes, sb_ctz64(gone));
    uint64_t plane[8];
    for (int p = 0; p < r->nplanes; p++)
        plane[p] = (x->plane[p] & ~gone) | (((uint64_t)0 - (t >> p & 1)) & came);
    uint64_t diff = x->image ^ S;
    int lo = sb_ctz64(diff), hi = 63 - __builtin_clzll(diff);
    uint64_t below = (1ULL << lo) - 1, upto = hi == 63 ? ~0ULL : (2ULL << hi) - 1;
    uint64_t window = upto & ~below;
    int first = sb_popcount64(x->tokens & below), end = sb_popcount64(x->tokens & upto);
    int last = sb_popcount64(x->tokens);
    uint64_t rank = x->rank[last] - (x->rank[end] - x->rank[first]);
    uint64_t tokens = (anchors | (r->b->m64.cells & ~S)) & window;
    return rank_run(r, plane, tokens, x->state[first], rank, NULL, NULL);
}

/* One thread's share of a component's walk: its own stack of images met
 * and not yet expanded, and its counts. */
typedef struct walker {
    struct census *c;
    parent x;                         /* the layout being expanded */
    uint64_t *stack;
    size_t depth, cap;
    uint64_t layouts, edges;          /* new layouts marked, children met */
    bool stopped;                     /* the meter refused, or the deadline passed */
} walker;

/* The walk over one piece set: the bitmap, the walkers. */
typedef struct census {
    ranking r;
    const sb_layouts *l;              /* the enumeration, which ranks each layout */
    sb_meter *meter;
    uint64_t *seen;                   /* one bit per rank */
    size_t seen_bytes;
    sb_census_parts *parts;
    size_t most_children;             /* the most one expansion can make */
    uint64_t init_rank;
    bool has_init;
    unsigned nwalkers;                /* threads for a large component */
    walker w[SB_CENSUS_MAX_THREADS];
    pthread_mutex_t lock;             /* the meter, while walkers run at once */
    uint64_t shared_layouts;          /* the component's layouts so far, all walkers' */
    bool stop;                        /* a walker stopped: all stop */
} census;

/* Marks rank k seen; true when it was not (the enumeration's thread,
 * while no walker runs). */
static inline bool mark(census *c, uint64_t k)
{
    uint64_t bit = 1ULL << (k & 63), *word = &c->seen[k >> 6];
    if (*word & bit)
        return false;
    *word |= bit;
    return true;
}

/* Makes room on w's stack for n more images; the meter is shared. */
static bool room(walker *w, size_t n, bool threaded)
{
    if (w->depth + n <= w->cap)
        return true;
    size_t cap = w->cap ? 2 * w->cap : 1024;
    while (cap < w->depth + n)
        cap *= 2;
    census *c = w->c;
    if (threaded)
        pthread_mutex_lock(&c->lock);
    uint64_t *grown = sb_meter_realloc(c->meter, w->stack, w->cap * sizeof *grown,
                                       cap * sizeof *grown);
    if (threaded)
        pthread_mutex_unlock(&c->lock);
    if (!grown)
        return false;
    w->stack = grown;
    w->cap = cap;
    return true;
}

/* A child met in a component's walk: marked, and kept when new.  Without
 * a branch on whether it was new (about half are, at random, which a
 * branch would mispredict): it is written on the stack either way and
 * kept by counting it; the caller made room for every child.  Walkers
 * that run at once mark with an atomic or, so each layout is new to
 * exactly one of them. */
static inline __attribute__((always_inline)) bool meet_with(walker *w, uint64_t child,
                                                             bool threaded)
{
    census *c = w->c;
    uint64_t k = child_rank(&c->r, &w->x, child), *word = &c->seen[k >> 6];
    uint64_t bit = 1ULL << (k & 63), old;
    if (threaded)
        old = __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
    else {
        old = *word;
        *word = old | bit;
    }
    uint64_t fresh = (old & bit) == 0;
    w->stack[w->depth] = child;
    w->depth += fresh;
    w->layouts += fresh;
    w->edges++;
    return true;
}

static bool meet(void *ctx, uint64_t child, uint64_t mirror)
{
    (void)mirror;
    return meet_with(ctx, child, false);
}

static bool meet_threaded(void *ctx, uint64_t child, uint64_t mirror)
{
    (void)mirror;
    return meet_with(ctx, child, true);
}

/* Expands w's stack until it is empty, or (alone) until it holds split
 * images, which are then shared out.  false when stopped: the meter's
 * limits, or another walker stopped (threaded). */
static bool walk_stack(walker *w, size_t split, bool threaded)
{
    census *c = w->c;
    sb_meter *m = c->meter;
    uint64_t limit = m->limits.max_states, expansions = 0;
    while (w->depth && w->depth < split) {
        uint64_t X = w->stack[--w->depth];
        parent_read(&c->r, &w->x, X);
        if (!room(w, c->most_children, threaded)) {
            w->stopped = true;
            return false;
        }
        uint64_t before = w->layouts;
        if (threaded) {
            generate64(c->r.b, X, 0, meet_threaded, w);
            /* The component's count, every walker's, against the states
             * limit; the clock every 4,096 expansions (the meter itself
             * is the caller's thread's). */
            uint64_t all = __atomic_add_fetch(&c->shared_layouts, w->layouts - before,
                                              __ATOMIC_RELAXED);
            if ((limit && c->parts->layouts + all > limit) ||
                (++expansions % 4096 == 0 && m->deadline > 0 && sb_clock() > m->deadline))
                __atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
            if (__atomic_load_n(&c->stop, __ATOMIC_RELAXED)) {
                w->stopped = true;
                return false;
            }
            continue;
        }
        generate64(c->r.b, X, 0, meet, w);
        /* The states limit holds per expansion: layouts - 1 must be below it. */
        if (!sb_meter_may_store(m, c->parts->layouts + w->layouts - 1) ||
            sb_meter_tick(m, 0) != SB_OK) {
            w->stopped = true;
            return false;
        }
    }
    return true;
}

static void *walk_thread(void *arg)
{
    walk_stack(arg, SIZE_MAX, true);
    return NULL;
}

/* Shares w[0]'s stack out among the walkers, every k-th image to walker
 * k, and runs them at once until every stack is empty: the component is
 * then whole, its layouts each marked by one walker. */
static bool walk_shared(census *c)
{
    walker *first = &c->w[0];
    size_t n = first->depth;
    unsigned k, started = 0;
    pthread_t threads[SB_CENSUS_MAX_THREADS];
    for (k = 1; k < c->nwalkers; k++) {
        walker *w = &c->w[k];
        w->depth = w->layouts = w->edges = 0;
        if (!room(w, n / c->nwalkers + 1, false))
            return false;
        for (size_t i = k; i < n; i += c->nwalkers)
            w->stack[w->depth++] = first->stack[i];
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i += c->nwalkers)
        first->stack[kept++] = first->stack[i];
    first->depth = kept;
    c->shared_layouts = first->layouts;
    c->stop = false;
    for (k = 1; k < c->nwalkers; k++) {
        if (pthread_create(&threads[k], NULL, walk_thread, &c->w[k]) != 0)
            break;
        started = k;
    }
    walk_stack(first, SIZE_MAX, true);
    /* A walker that did not start is walked here, after the others. */
    for (unsigned j = started + 1; j < c->nwalkers; j++)
        walk_stack(&c->w[j], SIZE_MAX, true);
    for (k = 1; k <= started; k++)
        pthread_join(threads[k], NULL);
    bool ok = !first->stopped;
    for (k = 1; k < c->nwalkers; k++) {
        first->layouts += c->w[k].layouts;
        first->edges += c->w[k].edges;
        ok &= !c->w[k].stopped;
    }
    if (!ok) {
        sb_meter *m = c->meter;
        if (m->deadline > 0 && sb_clock() > m->deadline)
            m->hit = SB_LIMIT_SECONDS;
        else if (m->limits.max_states &&
                 c->parts->layouts + first->layouts > m->limits.max_states)
            m->hit = SB_LIMIT_STATES;
        else if (m->hit == SB_LIMIT_NONE)
            m->hit = SB_LIMIT_MEMORY;
    }
    return ok;
}

static bool add_part(census *c, uint64_t seed)
{
    sb_census_parts *p = c->parts;
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        sb_component *list = sb_meter_realloc(c->meter, p->list, p->cap * sizeof *list,
                                              cap * sizeof *list);
        if (!list)
            return false;
        p->list = list;
        uint64_t *seeds = sb_meter_realloc(c->meter, p->seed, p->cap * sizeof *seeds,
                                           cap * sizeof *seeds);
        if (!seeds)
            return false;
        p->seed = seeds;
        p->cap = cap;
    }
    p->list[p->n] = (sb_component){ 0, 0, 0 };
    p->seed[p->n++] = seed;
    return true;
}

/* Each layout of the enumeration: when no walk has marked it yet, the
 * first of a new component, which is walked whole at once: alone while
 * its stack is short, by every walker once it holds SHARE_AT images. */
enum { SHARE_AT = 4096 };

static bool visit_layout(void *ctx, const void *key)
{
    census *c = ctx;
    walker *w = &c->w[0];
    uint64_t S;
    memcpy(&S, key, sizeof S);
    if (!mark(c, c->l->rank))   /* the walk ranked it */
        return true;
    if (!sb_meter_may_store(c->meter, c->parts->layouts) || !add_part(c, S) ||
        !room(w, 1, false))
        return false;
    w->stack[0] = S;
    w->depth = 1;
    w->layouts = 1;
    w->edges = 0;
    size_t split = c->nwalkers > 1 ? SHARE_AT : SIZE_MAX;
    if (!walk_stack(w, split, false) || (w->depth && !walk_shared(c)))
        return false;
    c->parts->layouts += w->layouts;
    c->parts->edges += w->edges;
    c->meter->stored = c->parts->layouts;
    c->parts->list[c->parts->n - 1].size = w->layouts;
    if (c->has_init && c->parts->init == SIZE_MAX &&
        c->seen[c->init_rank >> 6] >> (c->init_rank & 63) & 1)
        c->parts->init = c->parts->n - 1;
    return true;
}

bool sb_census_takes(const sb_pieces *pc)
{
    return sb_pieces_bitboard(pc) && (2 * pc->rows - 1) * (2 * pc->cols - 1) <= 64;
}

sb_status sb_census_split(sb_layouts *l, const void *init_key, unsigned threads,
                          sb_census_parts *parts, bool *taken)
{
    sb_meter *m = l->meter;
    memset(parts, 0, sizeof *parts);
    parts->meter = m;
    parts->init = SIZE_MAX;
    *taken = false;
    if (!l->image || !sb_census_takes(l->pc) || l->space->metric == SB_METRIC_PIECE)
        return SB_OK;
    /* On the heap: each walker keeps a parent's prefixes. */
    census *c = sb_meter_calloc(m, 1, sizeof *c);
    if (!c)
        return SB_ELIMIT;
    c->l = l;
    c->meter = m;
    c->parts = parts;
    c->nwalkers = threads < 1 ? 1 : threads > SB_CENSUS_MAX_THREADS ? SB_CENSUS_MAX_THREADS
                                                                    : threads;
    for (unsigned k = 0; k < c->nwalkers; k++)
        c->w[k].c = c;
    sb_status status = SB_OK;
    if (pthread_mutex_init(&c->lock, NULL) != 0) {
        sb_meter_free(m, c, sizeof *c);
        m->hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    if (!ranking_init(&c->r, l, (const bitboard *)l->space, m)) {
        status = m->hit != SB_LIMIT_NONE ? SB_ELIMIT : SB_OK;
        goto done;
    }
    *taken = true;
    /* Unit and line moves: each block one run per direction, of at most
     * the tray's longer side. */
    c->most_children = 4 * sb_pieces_blocks(l->pc) *
                       (size_t)(l->pc->rows > l->pc->cols ? l->pc->rows : l->pc->cols);
    c->seen_bytes = (size_t)((c->r.total + 63) / 64 * sizeof *c->seen);
    c->seen = sb_meter_map(m, NULL, 0, c->seen_bytes);
    status = c->seen ? SB_OK : SB_ELIMIT;
    if (status == SB_OK && init_key) {
        uint64_t S;
        memcpy(&S, init_key, sizeof S);
        c->init_rank = rank_of(&c->r, S);
        c->has_init = true;
    }
    if (status == SB_OK) {
        c->r.tab.seen = c->seen;
        l->ranks = &c->r.tab;
        status = sb_layouts_each(l, visit_layout, c);
        l->ranks = NULL;
    }
    if (status == SB_OK && c->has_init && parts->init == SIZE_MAX)
        status = SB_EINPUT;   /* INIT is no layout of the set: an internal error */
done:
    if (c->seen)
        sb_meter_map(m, c->seen, c->seen_bytes, 0);
    for (unsigned k = 0; k < c->nwalkers; k++)
        sb_meter_free(m, c->w[k].stack, c->w[k].cap * sizeof *c->w[k].stack);
    ranking_free(&c->r, m);
    pthread_mutex_destroy(&c->lock);
    sb_meter_free(m, c, sizeof *c);
    return status;
}

void sb_census_parts_free(sb_census_parts *p)
{
    if (p->meter) {
        sb_meter_free(p->meter, p->list, p->cap * sizeof *p->list);
        sb_meter_free(p->meter, p->seed, p->cap * sizeof *p->seed);
    }
    memset(p, 0, sizeof *p);
}
