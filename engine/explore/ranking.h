/*
 * ranking.h - the perfect rank of a layout of rectangles on the 64-bit
 * bitboard, shared by the census's ranked path (ranked.c: one bit per
 * rank, components) and the reachable walk at two bits a rank
 * (ranked_blocks.c under ranked_walk.c).  Internal to the engine.
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
 * and kept one byte per cell, where the ranks read it.  A child's rank is
 * its parent's with only the tokens between the lowest and highest bits
 * of the move redone (ranking_child).
 *
 * Unranking (sbi_ranking_unrank) reads the same table the other way: at
 * each cell not yet covered, the token is the one whose words (those that
 * take it there) hold what is left of the rank; a block's token covers
 * its cells, which then take no token.
 */
#ifndef SB_RANKING_H
#define SB_RANKING_H

#include "explore/explore.h"
#include "spaces/bitboard.h"

/* The most ranking states (remaining counts of each token) the table
 * holds, and the most ranks the bitmap may have: beyond either, a piece
 * set goes to the graph path. */
enum { RANKING_MAX_STATES = 1 << 20 };
#define RANKING_MAX_RANKS (1ULL << 36)

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


/* Sets up r for pc's piece set on b (which must take it: plain
 * rectangles of distinct sizes, the image in 64 bits); false when the
 * table or the ranks would be too large (more than RANKING_MAX_STATES or
 * RANKING_MAX_RANKS), or the meter refused (m->hit set then). */
bool sbi_ranking_init(ranking *r, const sb_pieces *pc, const bitboard *b, sb_meter *m);

void sbi_ranking_free(ranking *r, sb_meter *m);

/* The image of the word of rank k (k < r->total); false when that word is
 * no layout (a piece would leave the tray or cover another's cell). */
bool sbi_ranking_unrank(const ranking *r, uint64_t k, uint64_t *image);

/* Image S's tokens (cells empty or anchoring a block) and its anchors.
 * A token sits at a cell with no spacer bit to its left or above it. */
static inline __attribute__((always_inline)) uint64_t ranking_anchors(const bitboard *b, uint64_t S)
{
    uint64_t joined = (S << 1 & b->m64.may_leave[2]) | S << b->width;
    return S & b->m64.cells & ~joined;
}

/* The token of each anchor of S, 1 + its class, written at its cell in
 * type (other cells are left as they were: a token read there is masked
 * by S's bit, 0 for an empty cell).  A block's class is read off its size,
 * for all blocks at once: the anchors of blocks at least j wide (tall). */
static inline __attribute__((always_inline)) void ranking_types(const ranking *r, uint64_t S,
                                                                uint64_t anchors,
                                                                uint8_t *type)
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
static inline __attribute__((always_inline)) uint64_t ranking_run(const ranking *r,
                                                                  const uint8_t *type,
                                                                  uint64_t S, uint64_t tokens,
                                                                  uint64_t state, uint64_t rank,
                                                                  uint64_t *pstate,
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
static inline uint64_t ranking_rank(const ranking *r, uint64_t S)
{
    uint8_t type[64];
    uint64_t anchors = ranking_anchors(r->b, S);
    ranking_types(r, S, anchors, type);
    return ranking_run(r, type, S, anchors | (r->b->m64.cells & ~S), r->tab.full, 0, NULL, NULL);
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
typedef struct ranking_parent {
    uint64_t image, tokens, anchors;
    uint8_t type[64];                 /* at each anchor: its token (else anything) */
    uint64_t state[MAX_SIDE * MAX_SIDE / 32 + 2], rank[MAX_SIDE * MAX_SIDE / 32 + 2];
} ranking_parent;

/* Reads X into x.  When x holds the layout X was met from (the walk goes
 * on from its last new child, which is most of the time), X's types are
 * x's with the moved block's written at its new anchor, as ranking_child
 * did, and are not read again. */
static inline void ranking_parent_read(const ranking *r, ranking_parent *x, uint64_t X,
                                       uint64_t from)
{
    uint64_t anchors = ranking_anchors(r->b, X);
    uint64_t gone = x->anchors & ~anchors, came = anchors & ~x->anchors;
    if (from == x->image && gone && !(gone & (gone - 1)) && came && !(came & (came - 1)))
        x->type[sbi_ctz64(came)] = x->type[sbi_ctz64(gone)];
    else
        ranking_types(r, X, anchors, x->type);
    x->image = X;
    x->anchors = anchors;
    x->tokens = anchors | (r->b->m64.cells & ~X);
    ranking_run(r, x->type, X, x->tokens, r->tab.full, 0, x->state, x->rank);
}

/* The rank of S, one move from x's layout.  The moved block's type is
 * written at its new anchor in x->type: no anchor of x's is there, so
 * x's own types stay as they were. */
static inline __attribute__((always_inline)) uint64_t ranking_child(const ranking *r,
                                                                    ranking_parent *x,
                                                                    uint64_t S)
{
    uint64_t anchors = ranking_anchors(r->b, S);
    uint64_t gone = x->anchors & ~anchors, came = anchors & ~x->anchors;
    if (!gone || gone & (gone - 1) || !came || came & (came - 1))
        return ranking_rank(r, S);   /* not one block moved: never under unit moves */
    x->type[sbi_ctz64(came)] = x->type[sbi_ctz64(gone)];
    uint64_t diff = x->image ^ S;
    int lo = sbi_ctz64(diff), hi = 63 - __builtin_clzll(diff);
    uint64_t below = (1ULL << lo) - 1, upto = hi == 63 ? ~0ULL : (2ULL << hi) - 1;
    uint64_t window = upto & ~below;
    int first = sbi_popcount64(x->tokens & below), end = sbi_popcount64(x->tokens & upto);
    int last = sbi_popcount64(x->tokens);
    uint64_t rank = x->rank[last] - (x->rank[end] - x->rank[first]);
    uint64_t tokens = (anchors | (r->b->m64.cells & ~S)) & window;
    return ranking_run(r, x->type, S, tokens, x->state[first], rank, NULL, NULL);
}

#endif
