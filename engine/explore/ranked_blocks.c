/*
 * ranked_blocks.c - the numbering of block puzzles for the walk at two
 * bits a rank (ranked_walk.c, through ranked_numbering.h): a
 * configuration's rank is its layout rank, the census's (ranking.h), so
 * Klotski's 25,955 reachable configurations take marks for 415,800 ranks
 * (104 KB) and no table of keys.
 *
 * Which puzzles: those on the 64-bit bitboard (the representation chosen
 * is the bitboard, and the tray's spaced image fits one word) whose
 * blocks are plain rectangles that slide both ways, one class per size
 * (two classes of one size would be one token), on a tray without walls;
 * the ranking's table of states and its ranks must fit its bounds
 * (RANKING_MAX_STATES, RANKING_MAX_RANKS).  Not every rank is a layout,
 * but only ranks of reached layouts are ever marked, so the walk never
 * unranks another.
 *
 * Expanding a rank: unrank it to its bitboard image, read the image once
 * for all its children (ranking_parent_read), let the bitboard's own
 * generator make the children under the metric, and rank each child from
 * its parent's prefix (ranking_child): as the census's component walk
 * does, with the walk's 2-bit marks instead of its bitmap.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/ranked_numbering.h"
#include "explore/ranking.h"

typedef struct blocks {
    sbi_numbering base;          /* first: the walk sees a blocks as its numbering */
    ranking r;
    const bitboard *b;
    sb_meter *meter;
    bool has_goal;               /* else the goal's mask takes every layout */
} blocks;

/* Counts the words of pc's tokens (the multinomial) and the ranking's
 * states; false when either passes the ranking's bounds. */
static bool blocks_count(const sb_pieces *pc, uint64_t *ranks)
{
    unsigned __int128 words = 1, states = pc->empties + 1;
    uint64_t placed = pc->empties;
    for (int s = 0; s < pc->nclasses; s++) {
        states *= pc->count[s] + 1;
        for (uint32_t j = 1; j <= pc->count[s]; j++) {
            words = words * ++placed / j;   /* exact: a product of binomials */
            if (words > RANKING_MAX_RANKS)
                return false;
        }
        if (states > RANKING_MAX_STATES)
            return false;
    }
    *ranks = (uint64_t)words;
    return true;
}

/* The piece set of s's puzzle when the numbering takes it. */
static bool blocks_takes(const sb_setup *s, sb_pieces *pc, uint64_t *ranks)
{
    sb_error err;
    if (s->path != SB_PATH_BITBOARD || !s->space)
        return false;
    const bitboard *b = (const bitboard *)s->space;
    if (b->shaped || (2 * b->rows - 1) * (2 * b->cols - 1) > 64)
        return false;
    return sbi_pieces_of(s->cat.puzzle, pc, &err) == SB_OK && sbi_pieces_bitboard(pc) &&
           pc->nclasses == s->cat.nclasses && blocks_count(pc, ranks);
}

bool sbi_blocks_ranked(const sb_setup *s, uint64_t *ranks, uint64_t *bytes)
{
    sb_pieces pc;
    *ranks = *bytes = 0;
    if (!blocks_takes(s, &pc, ranks))
        return false;
    *bytes = (*ranks + 31) / 32 * 8;
    return true;
}

/* A child made by the generator, ranked and marked. */
typedef struct meeting {
    const ranking *r;
    ranking_parent *x;
    sbi_rank_marker *mk;
} meeting;

static inline __attribute__((always_inline)) bool meet(void *ctx, uint64_t child,
                                                        uint64_t mirror)
{
    (void)mirror;
    meeting *at = ctx;
    sbi_rank_mark(at->mk, ranking_child(at->r, at->x, child));
    return true;
}

static uint64_t blocks_expand(const sbi_numbering *num, void *scratch, uint64_t word,
                              uint64_t cur, sbi_rank_marker *mk)
{
    const blocks *c = (const blocks *)num;
    ranking_parent *x = scratch;
    sbi_rank_marker mark = *mk;   /* a copy the compiler may keep in registers */
    meeting at = { &c->r, x, &mark };
    uint64_t goals = 0;
    for (uint64_t b = cur; b; b &= b - 1) {
        uint64_t S;
        if (!sbi_ranking_unrank(&c->r, word * 32 + (unsigned)__builtin_ctzll(b) / 2, &S))
            continue;   /* never: only layouts are marked */
        goals += c->has_goal && is_goal_word64(c->b, S);
        /* Met from itself: no layout is, so its types are read afresh. */
        ranking_parent_read(&c->r, x, S, S);
        generate64(c->b, S, 0, meet, &at);
    }
    mk->found = mark.found;
    return goals;
}

static void blocks_blocks(const sbi_numbering *num, uint64_t r, sb_block *out)
{
    const blocks *c = (const blocks *)num;
    uint64_t S = 0;
    sbi_ranking_unrank(&c->r, r, &S);
    decode64(&c->b->base, NULL, &S, out);
}

static void blocks_free(sbi_numbering *num)
{
    blocks *c = (blocks *)num;
    sbi_ranking_free(&c->r, c->meter);
    free(c);
}

sbi_numbering *sbi_blocks_numbering(sb_setup *s)
{
    sb_pieces pc;
    uint64_t ranks;
    if (!blocks_takes(s, &pc, &ranks))
        return NULL;
    blocks *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->b = (const bitboard *)s->space;
    c->meter = &s->meter;
    c->has_goal = s->cat.ngoals > 0;
    if (!sbi_ranking_init(&c->r, &pc, c->b, c->meter) || c->r.total != ranks) {
        sbi_ranking_free(&c->r, c->meter);
        free(c);
        return NULL;
    }
    uint64_t root;
    memcpy(&root, s->space->root, sizeof root);
    /* What a save must match: a tag (no tiles' walk), the tray, the
     * metric, the ranks, INIT and the goal. */
    uint64_t id = sbi_mix64(0x626c6f636b73ULL);
    uint64_t part[] = { (uint64_t)c->b->rows, (uint64_t)c->b->cols, s->space->metric, ranks,
                        root, c->b->m64.goal_care, c->b->m64.goal_bits };
    for (size_t i = 0; i < sizeof part / sizeof *part; i++)
        id = sbi_mix64(id ^ part[i]) + i;
    c->base = (sbi_numbering){ .nranks = ranks, .init_rank = ranking_rank(&c->r, root),
                               .identity = id, .scratch_bytes = sizeof(ranking_parent),
                               .expand = blocks_expand, .blocks = blocks_blocks,
                               .free = blocks_free };
    return &c->base;
}
