/*
 * ranked.c - the components of a piece set found with no table of
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
    uint64_t *words = sbi_meter_calloc(m, n, sizeof *words);
    r->before = sbi_meter_calloc(m, n * row, sizeof *r->before);
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
        sbi_meter_free(m, r->before, r->nstates * ((uint64_t)r->ntokens + 1) * sizeof *r->before);
    if (r->words)
        sbi_meter_free(m, r->words, r->nstates * sizeof *r->words);
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
            type[sbi_ctz64(at)] = (uint8_t)(k + 1);
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
        int a = sbi_ctz64(tokens);
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
    if (from == x->image && gone && !(gone & (gone - 1)) && came && !(came & (came - 1)))
        x->type[sbi_ctz64(came)] = x->type[sbi_ctz64(gone)];
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
    x->type[sbi_ctz64(came)] = x->type[sbi_ctz64(gone)];
    uint64_t diff = x->image ^ S;
    int lo = sbi_ctz64(diff), hi = 63 - __builtin_clzll(diff);
    uint64_t below = (1ULL << lo) - 1, upto = hi == 63 ? ~0ULL : (2ULL << hi) - 1;
    uint64_t window = upto & ~below;
    int first = sbi_popcount64(x->tokens & below), end = sbi_popcount64(x->tokens & upto);
    int last = sbi_popcount64(x->tokens);
    uint64_t rank = x->rank[last] - (x->rank[end] - x->rank[first]);
    uint64_t tokens = (anchors | (r->b->m64.cells & ~S)) & window;
    return rank_run(r, x->type, S, tokens, x->state[first], rank, NULL, NULL);
}

/* One thread's share of a component's walk: its walker (walk.h: the
 * stack and the counts) and the layout being expanded. */
typedef struct walker {
    sb_component_walker walk;
    struct ranked *c;
    parent x;                         /* the layout being expanded ... */
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
static uint64_t rank_of(const ranking *r, uint64_t S);

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
    uint64_t rank = child_rank(&c->r, &k->x, child), *word = &c->seen[rank >> 6];
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
    parent_read(&at.k->c->r, &at.k->x, X, from);
    if (at.k->recording)
        keep_room(at.k, w->most);
    generate64(at.k->c->r.b, X, 0, meet, &at);
}

static inline __attribute__((always_inline)) void expand_threaded(sb_component_walker *w, void *ctx,
                                                                  uint64_t X, uint64_t from)
{
    meeting at = { ctx, w };
    at.k->from = from;
    parent_read(&at.k->c->r, &at.k->x, X, from);
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
        uint64_t k = rank_of(&c->r, reflected(c->r.b, c->reflection[i], S));
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
        uint64_t first = rank_of(&c->r, reflected(c->r.b, f, S));
        if (c->seen[first >> 6] >> (first & 63) & 1)
            continue;
        if (!sbi_meter_may_store(m, c->parts->layouts + size - 1))
            return false;
        uint64_t seed = reflected(c->r.b, f, S);
        for (size_t j = 0; j < k->nmembers; j++) {
            uint64_t M = reflected(c->r.b, f, k->members[j]), rank = rank_of(&c->r, M);
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
        sorted = rank_of(&c->r, p->seed[i - 1]) < rank_of(&c->r, p->seed[i]);
    if (sorted)
        return true;
    placed *order = sbi_meter_calloc(c->meter, n, sizeof *order);
    sb_component *list = sbi_meter_calloc(c->meter, n, sizeof *list);
    uint64_t *seed = sbi_meter_calloc(c->meter, n, sizeof *seed);
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
    if (!ranking_init(&c->r, l, (const bitboard *)l->space, m)) {
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
        c->init_rank = rank_of(&c->r, S);
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
    ranking_free(&c->r, m);
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
