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
 * its size (plain rectangles of distinct sizes are distinct classes),
 * and kept one byte per cell, where the ranks read it.
 *
 * What makes it cheap: the enumeration keeps the rank of the layout it
 * is at as it decides cells, and skips a prefix whose every word is
 * marked already (layouts.c, sb_rank_tables); a child's rank is its
 * parent's with only the tokens between the lowest and highest bits of
 * the move redone (child_rank), its token types the parent's with the
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
 * Threads.  A component whose walk's stack grows long is shared out: its
 * images go round-robin to several walkers, which mark the bitmap with an
 * atomic or (each layout is new to exactly one) and walk until every
 * stack is empty.  Sizes and moves are sums, so they do not depend on the
 * number of walkers or their timing.
 *
 * Invariant: components are reported in enumeration order of their first
 * layout (the least rank), the order the graph path (graph.c) numbers them
 * in, so both paths report the same components in the same order; the
 * images found early are put in place at the end (sort_parts).
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
    int nclasses;
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

/* The token of each anchor of S, 1 + its class, written at its cell in
 * type (other cells are left as they were: a token read there is masked
 * by S's bit, 0 for an empty cell).  A block's class is read off its size,
 * for all blocks at once: the anchors of blocks at least j wide (tall). */
static inline __attribute__((always_inline)) void types_of(const ranking *r, uint64_t S,
                                                           uint64_t anchors, uint8_t *type)
{
    const bitboard *b = r->b;
    /* Cells whose right (below) spacer is set: their piece goes on. */
    uint64_t right = S >> 1 & b->m64.may_leave[3], down = S >> b->width & b->m64.may_leave[1];
    uint64_t wide[MAX_SIDE + 2], tall[MAX_SIDE + 2];
    wide[1] = tall[1] = anchors;
    for (int j = 2; j <= r->widest + 1; j++)
        wide[j] = wide[j - 1] & right >> 2 * (j - 2);
    for (int j = 2; j <= r->tallest + 1; j++)
        tall[j] = tall[j - 1] & down >> b->row_step * (j - 2);
    for (int k = 0; k < r->nclasses; k++) {
        int h = r->height[k], w = r->width[k];
        for (uint64_t at = wide[w] & ~wide[w + 1] & tall[h] & ~tall[h + 1]; at; at &= at - 1)
            type[sb_ctz64(at)] = (uint8_t)(k + 1);
    }
}

/* The rank contributions of tokens (a mask of S's cells, in cell order)
 * from state on, added to rank: a token is type[cell] where S has a
 * block, 0 where it is empty.  With prefix, each token's state and rank
 * before it are written there, and after the last, at [count].  The loop
 * carries only the state from one token to the next, so the table
 * lookups depend on nothing else and overlap. */
static inline __attribute__((always_inline)) uint64_t rank_run(const ranking *r,
                                                               const uint8_t *type, uint64_t S,
                                                               uint64_t tokens, uint64_t state,
                                                               uint64_t rank, uint64_t *pstate,
                                                               uint64_t *prank)
{
    const uint64_t *before = r->tab.before, *stride = r->tab.stride;
    int i = 0;
    for (; tokens; tokens &= tokens - 1, i++) {
        int a = sb_ctz64(tokens);
        unsigned t = type[a] & (0u - (unsigned)(S >> a & 1));
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

/* The rank of image S, from scratch. */
static uint64_t rank_of(const ranking *r, uint64_t S)
{
    uint8_t type[64];
    uint64_t anchors = anchors_of(r->b, S);
    types_of(r, S, anchors, type);
    return rank_run(r, type, S, anchors | (r->b->m64.cells & ~S), r->tab.full, 0, NULL, NULL);
}

/* A layout being expanded, read once for all its children: a child
 * differs from it only between the lowest and highest bits the move
 * changed (the moved block's old and new cells), so the tokens outside
 * that window, their types and the state after it are the parent's, and
 * the child's rank is the parent's with the window's contributions
 * redone.  The moved block's type is the one its old anchor had.  The
 * types are kept one byte per cell, where a child reads them: a token of
 * the child is empty, the moved block's new anchor, or an anchor the
 * parent has, of the parent's type. */
typedef struct parent {
    uint64_t image, tokens, anchors;
    uint8_t type[64];                 /* at each anchor: its token (else anything) */
    uint64_t state[MAX_SIDE * MAX_SIDE / 32 + 2], rank[MAX_SIDE * MAX_SIDE / 32 + 2];
} parent;

/* Reads X into x.  When x holds the layout X was met from (the walk goes
 * on from its last new child, which is most of the time), X's types are
 * x's with the moved block's written at its new anchor, as child_rank
 * did, and are not read again. */
static inline void parent_read(const ranking *r, parent *x, uint64_t X, uint64_t from)
{
    uint64_t anchors = anchors_of(r->b, X);
    uint64_t gone = x->anchors & ~anchors, came = anchors & ~x->anchors;
    if (from && from == x->image && gone && !(gone & (gone - 1)) && came && !(came & (came - 1)))
        x->type[sb_ctz64(came)] = x->type[sb_ctz64(gone)];
    else
        types_of(r, X, anchors, x->type);
    x->image = X;
    x->anchors = anchors;
    x->tokens = anchors | (r->b->m64.cells & ~X);
    rank_run(r, x->type, X, x->tokens, r->tab.full, 0, x->state, x->rank);
}

/* The rank of S, one move from x's layout.  The moved block's type is
 * written at its new anchor in x->type: no anchor of x's is there, so
 * x's own types stay as they were. */
static inline __attribute__((always_inline)) uint64_t child_rank(const ranking *r, parent *x,
                                                                 uint64_t S)
{
    uint64_t anchors = anchors_of(r->b, S);
    uint64_t gone = x->anchors & ~anchors, came = anchors & ~x->anchors;
    if (!gone || gone & (gone - 1) || !came || came & (came - 1))
        return rank_of(r, S);   /* not one block moved: never under unit moves */
    x->type[sb_ctz64(came)] = x->type[sb_ctz64(gone)];
    uint64_t diff = x->image ^ S;
    int lo = sb_ctz64(diff), hi = 63 - __builtin_clzll(diff);
    uint64_t below = (1ULL << lo) - 1, upto = hi == 63 ? ~0ULL : (2ULL << hi) - 1;
    uint64_t window = upto & ~below;
    int first = sb_popcount64(x->tokens & below), end = sb_popcount64(x->tokens & upto);
    int last = sb_popcount64(x->tokens);
    uint64_t rank = x->rank[last] - (x->rank[end] - x->rank[first]);
    uint64_t tokens = (anchors | (r->b->m64.cells & ~S)) & window;
    return rank_run(r, x->type, S, tokens, x->state[first], rank, NULL, NULL);
}

/* A layout met and not yet expanded, and the one it was met from (0 for
 * a seed: no layout's image is 0 but that of no pieces, which has no
 * moves). */
typedef struct met {
    uint64_t image, from;
} met;

/* One thread's share of a component's walk: its own stack of layouts met
 * and not yet expanded, and its counts. */
typedef struct walker {
    struct census *c;
    parent x;                         /* the layout being expanded ... */
    uint64_t from;                    /* ... and the one it was met from */
    met *stack;
    size_t depth, cap;
    uint64_t layouts, edges;          /* new layouts marked, children met */
    bool stopped;                     /* the meter refused, or the deadline passed */
    /* Alone (not shared out): every layout of the component, kept for its
     * reflections (reflect_component) while recording holds. */
    uint64_t *members;
    size_t nmembers, members_cap;
    bool recording;
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
    int nreflections, reflection[3];  /* the reflections (1 left-right, 2 top-bottom,
                                         3 both) that map every layout to a layout */
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
    met *grown = sb_meter_realloc(c->meter, w->stack, w->cap * sizeof *grown,
                                  cap * sizeof *grown);
    if (threaded)
        pthread_mutex_unlock(&c->lock);
    if (!grown)
        return false;
    w->stack = grown;
    w->cap = cap;
    return true;
}

/* The most layouts of one component kept for its reflections: large
 * components tend to be their own mirror images (Klotski's family keeps
 * 1.3% of its layouts in the images of others), so keeping all of them
 * would cost memory and time for nothing; the images of a larger one are
 * walked like any other component. */
enum { MOST_KEPT = 1 << 16 };

static uint64_t reflected(const bitboard *b, int f, uint64_t S);
static uint64_t rank_of(const ranking *r, uint64_t S);

/* Whether some reflection of the component walked from seed S maps it
 * onto layouts not marked yet; once S's every image is marked, the walk
 * has met them all (or an earlier component holds them). */
static bool reflections_unmet(const struct census *c, uint64_t S);

/* Makes room for n more members on w's list; when the meter refuses, the
 * list is dropped instead (the component's reflections are then walked
 * like any other component: slower, not wrong), and the refusal is
 * forgotten. */
static void keep_room(walker *w, size_t n)
{
    if (w->nmembers + n <= w->members_cap)
        return;
    if (w->nmembers + n > MOST_KEPT || (w->nmembers && !reflections_unmet(w->c, w->members[0]))) {
        w->recording = false;   /* too many, or nothing to mark: keep no more */
        return;
    }
    size_t cap = w->members_cap ? 2 * w->members_cap : 1024;
    while (cap < w->nmembers + n)
        cap *= 2;
    sb_meter *m = w->c->meter;
    sb_limit hit = m->hit;
    uint64_t *grown = sb_meter_realloc(m, w->members, w->members_cap * sizeof *grown,
                                       cap * sizeof *grown);
    if (!grown) {
        m->hit = hit;
        w->recording = false;
        return;
    }
    w->members = grown;
    w->members_cap = cap;
}

/* A child met in a component's walk: marked, and kept when new.  Without
 * a branch on whether it was new (about half are, at random, which a
 * branch would mispredict): it is written on the stack either way and
 * kept by counting it; the caller made room for every child.  Walkers
 * that run at once mark with an atomic or, so each layout is new to
 * exactly one of them.  The move back to the layout the parent was met
 * from is counted and not ranked: that layout is marked already. */
static inline __attribute__((always_inline)) bool meet_with(walker *w, uint64_t child,
                                                             bool threaded)
{
    census *c = w->c;
    w->edges++;
    if (child == w->from)
        return true;
    uint64_t k = child_rank(&c->r, &w->x, child), *word = &c->seen[k >> 6];
    uint64_t bit = 1ULL << (k & 63), old;
    if (threaded)
        old = __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
    else {
        old = *word;
        *word = old | bit;
    }
    uint64_t fresh = (old & bit) == 0;
    w->stack[w->depth] = (met){ child, w->x.image };
    w->depth += fresh;
    if (!threaded && w->recording) {
        w->members[w->nmembers] = child;
        w->nmembers += fresh;
    }
    w->layouts += fresh;
    return true;
}

static inline __attribute__((always_inline)) bool meet(void *ctx, uint64_t child, uint64_t mirror)
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
        met top = w->stack[--w->depth];
        uint64_t X = top.image;
        w->from = top.from;
        parent_read(&c->r, &w->x, X, top.from);
        if (!room(w, c->most_children, threaded)) {
            w->stopped = true;
            return false;
        }
        if (w->recording)
            keep_room(w, c->most_children);
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
    first->recording = false;   /* threaded walkers keep no members */
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

/* Adds a component of size layouts whose first layout is seed; false
 * when the meter refused. */
static bool found_part(census *c, uint64_t seed, uint64_t size, uint64_t edges)
{
    if (!add_part(c, seed))
        return false;
    c->parts->layouts += size;
    c->parts->edges += edges;
    c->meter->stored = c->parts->layouts;
    c->parts->list[c->parts->n - 1].size = size;
    if (c->has_init && c->parts->init == SIZE_MAX &&
        c->seen[c->init_rank >> 6] >> (c->init_rank & 63) & 1)
        c->parts->init = c->parts->n - 1;
    return true;
}

static bool reflections_unmet(const census *c, uint64_t S)
{
    for (int i = 0; i < c->nreflections; i++) {
        uint64_t k = rank_of(&c->r, reflected(c->r.b, c->reflection[i], S));
        if (!(c->seen[k >> 6] >> (k & 63) & 1))
            return true;
    }
    return false;
}

/* The component just walked from seed S (w's members) mapped by each
 * reflection of the tray: a reflection maps moves to moves, so the image
 * of a component is a component of the same size and moves.  When S's
 * image is not marked yet, the image is a component no walk has met
 * (the component itself otherwise, or one already found), and its
 * layouts are marked here, one rank each, instead of walked, which costs
 * an expansion and a rank per child.  Its first layout is its least rank
 * (ranks grow in enumeration order), and it is added out of order:
 * sort_parts puts it in its place. */
static bool reflect_component(census *c, walker *w, uint64_t S)
{
    sb_meter *m = c->meter;
    for (int i = 0; i < c->nreflections; i++) {
        int f = c->reflection[i];
        uint64_t first = rank_of(&c->r, reflected(c->r.b, f, S));
        if (c->seen[first >> 6] >> (first & 63) & 1)
            continue;
        if (!sb_meter_may_store(m, c->parts->layouts + w->layouts - 1))
            return false;
        uint64_t seed = reflected(c->r.b, f, S);
        for (size_t k = 0; k < w->nmembers; k++) {
            uint64_t M = reflected(c->r.b, f, w->members[k]), rank = rank_of(&c->r, M);
            c->seen[rank >> 6] |= 1ULL << (rank & 63);
            if (rank < first) {
                first = rank;
                seed = M;
            }
            if ((k & 4095) == 4095 && sb_meter_check(m) != SB_OK)
                return false;
        }
        if (!found_part(c, seed, w->layouts, w->edges))
            return false;
    }
    return true;
}

/* Each layout of the enumeration: when no walk has marked it yet, the
 * first of a new component, which is walked whole at once: alone while
 * its stack is short, by every walker once it holds SHARE_AT images;
 * then its reflections are marked (reflect_component). */
enum { SHARE_AT = 4096 };

static bool visit_layout(void *ctx, const void *key)
{
    census *c = ctx;
    walker *w = &c->w[0];
    uint64_t S;
    memcpy(&S, key, sizeof S);
    if (!mark(c, c->l->rank))   /* the walk ranked it */
        return true;
    if (!sb_meter_may_store(c->meter, c->parts->layouts) || !room(w, 1, false))
        return false;
    w->stack[0] = (met){ S, 0 };
    w->depth = 1;
    w->layouts = 1;
    w->edges = 0;
    w->nmembers = 0;
    w->recording = c->nreflections > 0;
    if (w->recording)
        keep_room(w, 1);
    if (w->recording)
        w->members[w->nmembers++] = S;
    size_t split = c->nwalkers > 1 ? SHARE_AT : SIZE_MAX;
    if (!walk_stack(w, split, false) || (w->depth && !walk_shared(c)))
        return false;
    if (!found_part(c, S, w->layouts, w->edges))
        return false;
    return !w->recording || reflect_component(c, w, S);
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
static bool sort_parts(census *c)
{
    sb_census_parts *p = c->parts;
    size_t n = p->n, cap = p->cap;
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = rank_of(&c->r, p->seed[i - 1]) < rank_of(&c->r, p->seed[i]);
    if (sorted)
        return true;
    placed *order = sb_meter_calloc(c->meter, n, sizeof *order);
    sb_component *list = sb_meter_calloc(c->meter, cap, sizeof *list);
    uint64_t *seed = sb_meter_calloc(c->meter, cap, sizeof *seed);
    bool ok = order && list && seed;
    if (ok) {
        for (size_t i = 0; i < n; i++)
            order[i] = (placed){ rank_of(&c->r, p->seed[i]), i };
        qsort(order, n, sizeof *order, by_rank);
        size_t init = p->init;
        for (size_t i = 0; i < n; i++) {
            list[i] = p->list[order[i].index];
            seed[i] = p->seed[order[i].index];
            if (order[i].index == init)
                p->init = i;
        }
        sb_component *old_list = p->list;
        uint64_t *old_seed = p->seed;
        p->list = list;
        p->seed = seed;
        list = old_list;
        seed = old_seed;
    }
    sb_meter_free(c->meter, list, cap * sizeof *list);
    sb_meter_free(c->meter, seed, cap * sizeof *seed);
    sb_meter_free(c->meter, order, n * sizeof *order);
    return ok;
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
        c->init_rank = rank_of(&c->r, S);
        c->has_init = true;
    }
    if (status == SB_OK) {
        c->r.tab.seen = c->seen;
        l->ranks = &c->r.tab;
        status = sb_layouts_each(l, visit_layout, c);
        l->ranks = NULL;
        if (status == SB_OK && !sort_parts(c))
            status = SB_ELIMIT;
    }
    if (status == SB_OK && c->has_init && parts->init == SIZE_MAX)
        status = SB_EINPUT;   /* INIT is no layout of the set: an internal error */
done:
    if (c->seen)
        sb_meter_map(m, c->seen, c->seen_bytes, 0);
    for (unsigned k = 0; k < c->nwalkers; k++) {
        sb_meter_free(m, c->w[k].stack, c->w[k].cap * sizeof *c->w[k].stack);
        sb_meter_free(m, c->w[k].members, c->w[k].members_cap * sizeof *c->w[k].members);
    }
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
