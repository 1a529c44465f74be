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
 * Invariant: components are found in enumeration order of their first
 * layout, the order the graph path (graph.c) numbers them in, so both
 * paths report the same components in the same order.
 */
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
    sb_rank_tables tab;               /* a state is numbered s * ntokens (its row in
                                         before); before[s * ntokens + t] counts the
                                         words that take a smaller token than t there */
    uint64_t *before;                 /* tab.before, owned */
    uint64_t *words;                  /* tab.words, owned: per state, the words of the
                                         tokens left */
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
    uint64_t *words = sb_meter_calloc(m, n, sizeof *words);
    r->before = sb_meter_calloc(m, n * (uint64_t)r->ntokens, sizeof *r->before);
    r->words = words;
    bool ok = words && r->before;
    /* words[s]: how many words the tokens left in state s make; a state's
     * smaller states (one token fewer) come first in number order. */
    for (uint64_t s = 0; ok && s < n; s++) {
        uint64_t sum = s == 0, left = 0;
        for (int t = 0; t < r->ntokens; t++) {
            r->before[s * (uint64_t)r->ntokens + (uint64_t)t] = left;
            if (s / radix[t] % (count[t] + 1) == 0)
                continue;
            left += words[s - radix[t]];
            ok = left <= MAX_RANKS;
            if (!ok)
                break;
        }
        words[s] = sum + left;
    }
    /* The walk numbers a state by its row in before: s * ntokens. */
    uint64_t full = 0;
    for (int t = 0; t < r->ntokens; t++) {
        r->tab.stride[t] = radix[t] * (uint64_t)r->ntokens;
        full += count[t] * radix[t];
    }
    r->tab.full = full * (uint64_t)r->ntokens;
    r->tab.before = r->before;
    r->total = ok ? words[full] : 0;
    r->tab.words = words;
    r->tab.ntokens = (uint64_t)r->ntokens;
    return ok;
}

static void ranking_free(ranking *r, sb_meter *m)
{
    if (r->before)
        sb_meter_free(m, r->before, r->nstates * (uint64_t)r->ntokens * sizeof *r->before);
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

/* The walk over one piece set: the bitmap, the component being walked. */
typedef struct census {
    ranking r;
    const sb_layouts *l;              /* the enumeration, which ranks each layout */
    sb_meter *meter;
    uint64_t *seen;                   /* one bit per rank */
    size_t seen_bytes;
    uint64_t *stack;                  /* images met and not yet expanded */
    size_t depth, cap;
    sb_census_parts *parts;
    parent x;                         /* the layout being expanded */
    size_t most_children;             /* the most one expansion can make */
    uint64_t init_rank;
    bool has_init;
} census;

/* Marks rank k seen; true when it was not. */
static inline bool mark(census *c, uint64_t k)
{
    uint64_t bit = 1ULL << (k & 63), *word = &c->seen[k >> 6];
    if (*word & bit)
        return false;
    *word |= bit;
    return true;
}

/* Makes room on the stack for n more images. */
static bool room(census *c, size_t n)
{
    if (c->depth + n <= c->cap)
        return true;
    size_t cap = c->cap ? 2 * c->cap : 1024;
    while (cap < c->depth + n)
        cap *= 2;
    uint64_t *grown = sb_meter_realloc(c->meter, c->stack, c->cap * sizeof *grown,
                                       cap * sizeof *grown);
    if (!grown)
        return false;
    c->stack = grown;
    c->cap = cap;
    return true;
}

/* A child met in a component's walk: marked, and kept when new.  Without
 * a branch on whether it was new (about half are, at random, which a
 * branch would mispredict): it is written on the stack either way and
 * kept by counting it; the caller made room for every child. */
static bool meet(void *ctx, uint64_t child, uint64_t mirror)
{
    (void)mirror;
    census *c = ctx;
    uint64_t k = child_rank(&c->r, &c->x, child), *word = &c->seen[k >> 6];
    uint64_t fresh = (*word >> (k & 63) & 1) ^ 1;
    *word |= 1ULL << (k & 63);
    c->stack[c->depth] = child;
    c->depth += fresh;
    c->parts->layouts += fresh;
    c->parts->edges++;
    return true;
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
 * first of a new component, which is walked whole at once. */
static bool visit_layout(void *ctx, const void *key)
{
    census *c = ctx;
    uint64_t S;
    memcpy(&S, key, sizeof S);
    if (!mark(c, c->l->rank))   /* the walk ranked it */
        return true;
    uint64_t before = c->parts->layouts;
    if (!sb_meter_may_store(c->meter, before) || !add_part(c, S) || !room(c, 1))
        return false;
    c->stack[c->depth++] = S;
    c->parts->layouts++;
    while (c->depth) {
        uint64_t X = c->stack[--c->depth];
        parent_read(&c->r, &c->x, X);
        if (!room(c, c->most_children))
            return false;
        generate64(c->r.b, X, 0, meet, c);
        /* The states limit holds per expansion: layouts - 1 must be below it. */
        if (!sb_meter_may_store(c->meter, c->parts->layouts - 1) ||
            sb_meter_tick(c->meter, 0) != SB_OK)
            return false;
    }
    c->meter->stored = c->parts->layouts;
    c->parts->list[c->parts->n - 1].size = c->parts->layouts - before;
    if (c->has_init && c->parts->init == SIZE_MAX &&
        c->seen[c->init_rank >> 6] >> (c->init_rank & 63) & 1)
        c->parts->init = c->parts->n - 1;
    return true;
}

bool sb_census_takes(const sb_pieces *pc)
{
    return sb_pieces_bitboard(pc) && (2 * pc->rows - 1) * (2 * pc->cols - 1) <= 64;
}

sb_status sb_census_split(sb_layouts *l, const void *init_key, sb_census_parts *parts,
                          bool *taken)
{
    sb_meter *m = l->meter;
    memset(parts, 0, sizeof *parts);
    parts->meter = m;
    parts->init = SIZE_MAX;
    *taken = false;
    census c = { .l = l, .meter = m, .parts = parts };
    if (!l->image || !sb_census_takes(l->pc) || l->space->metric == SB_METRIC_PIECE)
        return SB_OK;
    if (!ranking_init(&c.r, l, (const bitboard *)l->space, m)) {
        ranking_free(&c.r, m);
        return m->hit != SB_LIMIT_NONE ? SB_ELIMIT : SB_OK;
    }
    *taken = true;
    /* Unit and line moves: each block one run per direction, of at most
     * the tray's longer side. */
    c.most_children = 4 * sb_pieces_blocks(l->pc) *
                      (size_t)(l->pc->rows > l->pc->cols ? l->pc->rows : l->pc->cols);
    c.seen_bytes = (size_t)((c.r.total + 63) / 64 * sizeof *c.seen);
    c.seen = sb_meter_map(m, NULL, 0, c.seen_bytes);
    sb_status status = c.seen ? SB_OK : SB_ELIMIT;
    if (status == SB_OK && init_key) {
        uint64_t S;
        memcpy(&S, init_key, sizeof S);
        c.init_rank = rank_of(&c.r, S);
        c.has_init = true;
    }
    if (status == SB_OK) {
        c.r.tab.seen = c.seen;
        l->ranks = &c.r.tab;
        status = sb_layouts_each(l, visit_layout, &c);
        l->ranks = NULL;
    }
    if (status == SB_OK && c.has_init && parts->init == SIZE_MAX)
        status = SB_EINPUT;   /* INIT is no layout of the set: an internal error */
    if (c.seen)
        sb_meter_map(m, c.seen, c.seen_bytes, 0);
    sb_meter_free(m, c.stack, c.cap * sizeof *c.stack);
    ranking_free(&c.r, m);
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
