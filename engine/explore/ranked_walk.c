/*
 * ranked_walk.c - the reachable walk (sb_explore) at two bits a
 * configuration: for puzzles whose configurations have a numbering, no
 * table of keys at all, but one 2-bit mark per rank, swept layer by
 * layer.  The 2x7 tray's 43,589,145,600 configurations take 10.9 GB so,
 * where a table of 16-byte keys would take 700 GB.
 *
 * The walk is one; the numberings are two, behind ranked_numbering.h:
 * numbered tiles (this file, below) and block puzzles by their layout
 * rank (ranked_blocks.c).  The walk hands a numbering a word of the
 * current layer at a time; the numbering unranks each, makes its
 * children and marks them (sbi_rank_mark), so the seam costs an
 * indirect call per busy word and none per child.
 *
 * The tiles' numbering.  The puzzle's free cells (not walls) are numbered in
 * row-major order; a configuration is which cells are empty (k of n)
 * and, reading the others in order, a permutation of the m = n - k
 * tiles (each tile its own class, numbered in the catalog's order of
 * classes).  Its rank is the empty cells' rank in the combinatorial
 * number system (colex; with one empty cell, that cell) times the
 * permutations, plus the permutation's lexicographic rank (its Lehmer
 * digits, each weighed by a factorial).  With one empty cell only half
 * of the permutations can ever be met: every move swaps the empty cell
 * with a neighbouring tile, which moves that tile past |h - c| - 1
 * others in reading order while the empty cell goes to a cell of the
 * other chessboard colour, so the permutation's parity XOR (h + colour
 * of h) never changes.  The empty cell then fixes the parity, and the
 * permutation is numbered by its digits but the second last (which the
 * parity decides; the last is always 0), weighed by half factorials:
 * 14!/2 ranks for the 2x7 tray, not 14!.
 *
 * The marks.  A rank's two bits say new (00), seen (11), or in the
 * layer being swept or the next: 01 and 10, which swap roles every
 * layer, so no pass turns "next" into "current".  Sweeping layer d reads
 * the marks word by word (32 ranks), and for each rank in layer d the
 * numbering unranks it, generates its children, ranks each and, when its
 * mark is new, sets the next layer's bit with an atomic or; the or's old value
 * says whether this thread made it new, so every configuration is
 * counted once.  When a word's ranks are expanded, one or turns them all
 * to seen.  Both changes a sweep makes are ors of the next layer's bit
 * onto 00 or the current code, so they commute, and the marks after a
 * sweep do not depend on the threads' timing.
 *
 * What makes the tiles cheap.  Ranks are met in increasing order, so the ranks
 * of one word share their empty cells and their first tiles: unrank
 * keeps that prefix, and a table gives, for the rest of the rank and the
 * parity the tail needs, which of the tiles left goes on each tail cell
 * (a look-up and a store per tile, no division).  A child along a row
 * keeps the permutation: its rank is the parent's plus or minus the
 * permutations' count.  A byte per chunk of marks says whether the chunk
 * may hold ranks of the current layer, so the sparse first and last
 * layers do not read all 10.9 GB.
 *
 * Threads take chunks of the marks from one counter.  Counts are sums;
 * the farthest examples are the least ranks of the last layer: each
 * thread keeps the first ones it met (its chunks come in increasing
 * order) and they are merged.  So results do not depend on the threads.
 *
 * Resuming.  With a spill (sb_options.spill), the marks and the counts
 * are saved at a layer boundary (the layer about to be swept is in the
 * current code, nothing in the next) when the last save is older than a
 * few minutes, under a name made from the puzzle's identity; a walk
 * that finds a whole, matching entry starts from it, and a finished walk
 * removes it.  An entry ends with a checksum of everything before it:
 * one that is short, damaged or another puzzle's is ignored.
 *
 * Processes.  With sb_options.combiner and nshards > 1, each process
 * sweeps its shard's range of chunks; after each layer the marks and the
 * busy chunks are ored together and the new ranks counted again from the
 * merged marks (two processes may both have found one new), so every
 * process holds the whole map and the same counts.  A limit on any
 * process stops all at the layer's end.  Nothing is saved then.
 *
 * This walk equals the table walk of the same space (search/bfs.c over
 * the bitboard's or the store's walker): the same counts per depth,
 * goals and farthest configurations.  tests/test_ranked_walk.c checks
 * both numberings on random small trays, and every resume point.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "explore/ranked_numbering.h"
#include "explore/ranked_walk.h"

enum {
    MAX_TILES = 20,          /* 20! < 2^62 */
    MAX_CELLS = 64,
    HOLE = 0xFF,
    MAX_KIDS = MAX_TILES * MAX_CELLS + 4 * MAX_CELLS,
    FAR_DEFAULT = 8,
    TAIL_MOST = 8192,        /* entries of the unranking's table of tails */
    MAX_THREADS = 64
};
#define MAX_RANKS (1ULL << 62)
#define LOW_BITS 0x5555555555555555ULL
#define SAVE_EVERY 300.0     /* seconds between saves, by default */

/* A numbered-tile space's numbering and moves. */
typedef struct tiles {
    sbi_numbering base;          /* first: the walk sees a tiles as its numbering */
    uint32_t n, k, m;            /* free cells, empty cells, tiles */
    bool halved;                 /* one empty cell: half the permutations */
    sb_metric metric;
    uint64_t perms, nranks;      /* permutations numbered; ranks in all */
    uint64_t weight[MAX_TILES];  /* each reading position's digit weight (0: the parity's) */
    uint64_t binom[MAX_CELLS + 1][MAX_CELLS + 1];  /* [c][j]: c choose j, j <= k */
    int8_t next[MAX_CELLS][4];   /* the free cell beside each one way, -1: none */
    uint64_t around[MAX_CELLS];  /* the free cells beside each (bit per cell) */
    uint8_t need[MAX_CELLS];     /* halved: the permutation's parity with the hole here */
    uint16_t tray_cell[MAX_CELLS];
    uint32_t ngoals;
    uint8_t goal_cell[MAX_CELLS], goal_tile[MAX_CELLS];
    const sb_catalog *cat;       /* the blocks a rank stands for */
    /* Set bits of each 10-bit word: the processors this is built for need
     * not count bits in one instruction, and a call per digit cost a
     * seventh of the walk. */
    uint8_t bits10[1024];
    /* Unranking (unrank): the first `split` digits from the permutation's
     * rank / tail_base (head_weight: their weights there), the rest from
     * its remainder through tail: at 2 * remainder + the parity the
     * tail's digits must have, for each tail position the index of its
     * tile among the tiles the prefix left, least first (three bits each:
     * at most 7 positions, as 8!/2 > TAIL_MOST). */
    unsigned split;
    uint64_t tail_base;
    uint64_t head_weight[MAX_TILES];
    uint32_t *tail;
} tiles;

/* The Lehmer digit of tile s after the tiles in used. */
static inline uint64_t digit(const tiles *t, uint32_t used, unsigned s)
{
    uint32_t below = used & ((1u << s) - 1);
    return s - t->bits10[below & 1023] - t->bits10[below >> 10];
}

static uint64_t rank_of(const tiles *t, const uint8_t *sym)
{
    uint64_t holes = 0, perm = 0;
    uint32_t used = 0;
    unsigned met = 0, i = 0;
    for (uint32_t c = 0; c < t->n; c++) {
        unsigned s = sym[c];
        if (s == HOLE) {
            holes += t->binom[c][++met];
            continue;
        }
        perm += digit(t, used, s) * t->weight[i++];
        used |= 1u << s;
    }
    return holes * t->perms + perm;
}

/* The tile of Lehmer digit d among those in avail (the d-th least). */
static inline unsigned pick(uint32_t *avail, uint64_t d)
{
    uint32_t a = *avail;
    for (uint64_t j = 0; j < d; j++)
        a &= a - 1;
    unsigned s = (unsigned)__builtin_ctz(a);
    *avail &= ~(1u << s);
    return s;
}

/* What unranking one rank leaves for the next: the empty cells and the
 * first `split` tiles of the last rank, which ranks close together share
 * (a sweep meets them in increasing order), and what the tail is made
 * of: the tiles left, least first, and the cells they go on.  So most
 * ranks cost one look-up in the table of tails and a store per tile. */
typedef struct prefix {
    bool valid;
    uint64_t start;              /* the least rank with this prefix (tail_base of them) */
    uint64_t holes;
    unsigned want;               /* the parity the tail's digits must have (halved) */
    uint8_t tile[8], cell[8];    /* the tail's tiles, least first, and its cells in order */
} prefix;

/* Writes rank r's configuration into sym (which holds pre's prefix and
 * empty cells when pre is valid); returns its empty cells. */
static uint64_t unrank(const tiles *t, prefix *pre, uint64_t r, uint8_t *sym)
{
    if (!pre->valid || r - pre->start >= t->tail_base) {
        uint64_t hr = r / t->perms, perm = r - hr * t->perms;
        uint64_t hi = perm / t->tail_base, start = r - (perm - hi * t->tail_base);
        uint64_t holes = 0;
        if (t->k == 1) {
            holes = 1ULL << hr;
        } else {
            uint32_t c = t->n;
            uint64_t rest = hr;
            for (uint32_t j = t->k; j >= 1; j--) {
                do
                    c--;
                while (t->binom[c][j] > rest);
                holes |= 1ULL << c;
                rest -= t->binom[c][j];
            }
        }
        uint32_t avail = (1u << t->m) - 1, c = 0;
        unsigned parity = 0;
        for (unsigned i = 0; i < t->split; c++) {
            if (holes >> c & 1) {
                sym[c] = HOLE;
                continue;
            }
            uint64_t d = hi / t->head_weight[i];
            hi -= d * t->head_weight[i];
            parity ^= (unsigned)d;
            sym[c] = (uint8_t)pick(&avail, d);
            i++;
        }
        unsigned need = t->halved ? t->need[__builtin_ctzll(holes)] : 0;
        *pre = (prefix){ true, start, holes, (need ^ parity) & 1, { 0 }, { 0 } };
        for (unsigned j = 0; avail; j++) {
            pre->tile[j] = (uint8_t)__builtin_ctz(avail);
            avail &= avail - 1;
        }
        for (unsigned j = 0; c < t->n; c++)
            if (holes >> c & 1)
                sym[c] = HOLE;
            else
                pre->cell[j++] = (uint8_t)c;
    }
    uint32_t tail = t->tail[(r - pre->start) * 2 + pre->want];
    for (unsigned j = 0; j < t->m - t->split; j++)
        sym[pre->cell[j]] = pre->tile[tail >> 3 * j & 7];
    return pre->holes;
}

/* The parity of sym's permutation of tiles. */
static unsigned parity_of(const tiles *t, const uint8_t *sym)
{
    uint32_t used = 0;
    unsigned parity = 0;
    for (uint32_t c = 0; c < t->n; c++)
        if (sym[c] != HOLE) {
            parity ^= (unsigned)digit(t, used, sym[c]) & 1;
            used |= 1u << sym[c];
        }
    return parity;
}

/* The ranks of sym's children (one move of one tile, under the metric)
 * into kids; their number.  sym is changed and restored. */
static unsigned children(const tiles *t, uint8_t *sym, uint64_t rank, uint64_t holes,
                         uint64_t *kids)
{
    unsigned n = 0;
#define CHILD(from, to)                                                                    \
    do {                                                                                   \
        uint8_t tile_ = sym[from];                                                         \
        sym[to] = tile_;                                                                   \
        sym[from] = HOLE;                                                                  \
        kids[n++] = rank_of(t, sym);                                                       \
        sym[from] = tile_;                                                                 \
        sym[to] = HOLE;                                                                    \
    } while (0)
    if (t->k == 1) {
        /* A tile beside the empty cell in reading order keeps the
         * permutation (and the parity the empty cell asks for). */
        unsigned e = (unsigned)__builtin_ctzll(holes);
        for (int d = 0; d < 4; d++) {
            int c = t->next[e][d];
            if (c < 0)
                continue;
            if (c == (int)e - 1 || c == (int)e + 1)
                kids[n++] = rank + (uint64_t)((int64_t)(c - (int)e) * (int64_t)t->perms);
            else
                CHILD(c, e);
        }
    } else if (t->metric == SB_METRIC_UNIT) {
        for (uint64_t h = holes; h; h &= h - 1) {
            unsigned e = (unsigned)__builtin_ctzll(h);
            for (int d = 0; d < 4; d++) {
                int c = t->next[e][d];
                if (c >= 0 && sym[c] != HOLE)
                    CHILD(c, e);
            }
        }
    } else if (t->metric == SB_METRIC_LINE) {
        /* A tile slides straight into any empty cell up to the first
         * tile: seen from the empty cell, the first tile along a line of
         * empty cells. */
        for (uint64_t h = holes; h; h &= h - 1) {
            unsigned e = (unsigned)__builtin_ctzll(h);
            for (int d = 0; d < 4; d++) {
                int c = t->next[e][d];
                while (c >= 0 && sym[c] == HOLE)
                    c = t->next[c][d];
                if (c >= 0)
                    CHILD(c, e);
            }
        }
    } else {
        /* Piece: a tile goes to any empty cell of a region of empty cells
         * it touches. */
        uint64_t left = holes;
        while (left) {
            uint64_t region = left & -left, grown = region;
            do {
                region = grown;
                for (uint64_t r = region; r; r &= r - 1)
                    grown |= t->around[__builtin_ctzll(r)] & holes;
            } while (grown != region);
            left &= ~region;
            uint64_t touching = 0;
            for (uint64_t r = region; r; r &= r - 1)
                touching |= t->around[__builtin_ctzll(r)] & ~holes;
            for (uint64_t f = touching; f; f &= f - 1)
                for (uint64_t r = region; r; r &= r - 1)
                    CHILD((unsigned)__builtin_ctzll(f), (unsigned)__builtin_ctzll(r));
        }
    }
#undef CHILD
    return n;
}

bool sbi_tiles_ranked(const sb_catalog *cat, uint64_t *ranks, uint64_t *bytes)
{
    const sb_puzzle *p = cat->puzzle;
    uint32_t n = cat->ncells - cat->nwalls, m = cat->nblocks;
    *ranks = *bytes = 0;
    if (cat->nblocks != (uint32_t)cat->nclasses || m > MAX_TILES || n > MAX_CELLS || m > n)
        return false;
    for (int s = 0; s < cat->nclasses; s++)
        if (cat->classes[s].ncells != 1 || cat->classes[s].proto.axis != SB_AXIS_ANY)
            return false;
    (void)p;
    /* n choose k times m! (halved for one empty cell), in 128 bits. */
    unsigned __int128 count = 1;
    for (uint32_t j = 1; j <= n - m; j++)
        count = count * (m + j) / j;
    for (uint32_t j = 2; j <= m; j++)
        count *= j;
    if (n - m == 1 && m >= 2)
        count /= 2;
    if (count < MAX_RANKS) {
        *ranks = (uint64_t)count;
        *bytes = (*ranks + 31) / 32 * 8;
    }
    return true;
}

static bool tiles_init(tiles *t, const sb_catalog *cat, sb_metric metric)
{
    uint64_t ranks, bytes;
    if (!sbi_tiles_ranked(cat, &ranks, &bytes) || !ranks)
        return false;
    const sb_puzzle *p = cat->puzzle;
    memset(t, 0, sizeof *t);
    for (unsigned x = 1; x < 1024; x++)
        t->bits10[x] = (uint8_t)(t->bits10[x >> 1] + (x & 1));
    t->metric = metric;
    t->nranks = ranks;
    int32_t *index = calloc(cat->ncells, sizeof *index);
    if (!index)
        return false;
    for (uint32_t c = 0; c < cat->ncells; c++)
        if (p->walls && p->walls[c])
            index[c] = -1;
        else {
            index[c] = (int32_t)t->n;
            t->tray_cell[t->n++] = (uint16_t)c;
        }
    t->m = cat->nblocks;
    t->k = t->n - t->m;
    t->halved = t->k == 1 && t->m >= 2;
    for (uint32_t c = 0; c < t->n; c++) {
        int row = t->tray_cell[c] / cat->cols, col = t->tray_cell[c] % cat->cols;
        for (int d = 0; d < 4; d++) {
            int r = row + SB_STEP_ROW[d], q = col + SB_STEP_COL[d];
            int to = r < 0 || q < 0 || r >= cat->rows || q >= cat->cols ? -1
                                                                           : index[r * cat->cols + q];
            t->next[c][d] = (int8_t)to;
            if (to >= 0)
                t->around[c] |= 1ULL << to;
        }
    }
    for (uint32_t c = 0; c <= t->n; c++) {
        t->binom[c][0] = 1;
        for (uint32_t j = 1; j <= t->k && j <= c; j++)
            t->binom[c][j] = t->binom[c - 1][j - 1] + (j < c ? t->binom[c - 1][j] : 0);
    }
    uint64_t fact = 1;
    for (uint32_t i = t->m; i-- > 0;) {   /* weight[i] = (m - 1 - i)! */
        t->weight[i] = fact;
        fact *= t->m - i;
    }
    t->perms = fact;
    if (t->halved) {
        t->perms /= 2;
        for (uint32_t i = 0; i + 2 < t->m; i++)
            t->weight[i] /= 2;
        t->weight[t->m - 2] = 0;
    }
    /* The split: as many digits in the tail as a table of TAIL_MOST
     * entries holds. */
    t->split = 0;
    t->tail_base = t->perms;
    while (t->tail_base > TAIL_MOST) {
        t->tail_base = t->weight[t->split++];
    }
    for (unsigned i = 0; i < t->split; i++)
        t->head_weight[i] = t->weight[i] / t->tail_base;
    t->tail = malloc(2 * t->tail_base * sizeof *t->tail);
    if (!t->tail) {
        free(index);
        return false;
    }
    for (uint64_t lo = 0; lo < t->tail_base; lo++)
        for (unsigned want = 0; want < 2; want++) {
            /* The tail's digits, the parity's digit making their parity
             * `want`, then which of the tiles left (by order) each takes. */
            uint64_t rest = lo, digits[8];
            unsigned parity = 0, len = t->m - t->split, left[8];
            for (unsigned i = t->split; i < t->m; i++) {
                digits[i - t->split] = t->weight[i] ? rest / t->weight[i] : 0;
                rest -= digits[i - t->split] * t->weight[i];
                parity ^= (unsigned)digits[i - t->split] & 1;
            }
            if (t->halved)
                digits[t->m - 2 - t->split] = (want ^ parity) & 1;
            for (unsigned j = 0; j < len; j++)
                left[j] = j;
            uint32_t packed = 0;
            for (unsigned j = 0; j < len; j++) {
                unsigned d = (unsigned)digits[j];
                packed |= left[d] << 3 * j;
                memmove(left + d, left + d + 1, (len - d - 1) * sizeof *left);
            }
            t->tail[lo * 2 + want] = packed;
        }
    /* Goals: each tile's goal cell, by free cell. */
    for (int s = 0; s < cat->nclasses; s++)
        for (uint32_t g = 0; g < cat->classes[s].ngoals; g++) {
            t->goal_cell[t->ngoals] = (uint8_t)index[cat->classes[s].goals[g]];
            t->goal_tile[t->ngoals++] = (uint8_t)s;
        }
    free(index);
    return true;
}

/* What the permutation's parity is XORed with to make the invariant,
 * for the empty cell on free cell h: h's place in reading order and its
 * chessboard colour (the top comment says why). */
static unsigned hole_side(const tiles *t, const sb_catalog *cat, uint32_t h)
{
    uint32_t cell = t->tray_cell[h];
    return (h + cell / (uint32_t)cat->cols + cell % (uint32_t)cat->cols) & 1;
}

/* INIT as symbols per free cell. */
static void init_symbols(const tiles *t, const sb_catalog *cat, uint8_t *sym)
{
    const sb_puzzle *p = cat->puzzle;
    memset(sym, HOLE, MAX_CELLS);
    for (size_t b = 0; b < p->nblocks; b++) {
        uint32_t cell = (uint32_t)(p->blocks[b].row * cat->cols + p->blocks[b].col);
        for (uint32_t c = 0; c < t->n; c++)
            if (t->tray_cell[c] == cell)
                sym[c] = (uint8_t)sbi_catalog_class(cat, &p->blocks[b]);
    }
}

/* The blocks of rank r, in class order, into out (nblocks). */
static void rank_blocks(const tiles *t, const sb_catalog *cat, uint64_t r, sb_block *out)
{
    uint8_t sym[MAX_CELLS];
    prefix pre = { 0 };
    unrank(t, &pre, r, sym);
    for (uint32_t c = 0; c < t->n; c++)
        if (sym[c] != HOLE) {
            sb_block b = cat->classes[sym[c]].proto;
            b.row = t->tray_cell[c] / cat->cols;
            b.col = t->tray_cell[c] % cat->cols;
            out[sym[c]] = b;
        }
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
}

/* What a saved walk must match: the tray, the metric, INIT and the goal. */
static uint64_t tiles_identity(const tiles *t, const sb_catalog *cat, const uint8_t *init)
{
    uint64_t h = mix(mix(mix(0, (uint64_t)cat->rows), (uint64_t)cat->cols), t->metric);
    for (uint32_t c = 0; c < t->n; c++)
        h = mix(mix(h, t->tray_cell[c]), init[c]);
    for (uint32_t g = 0; g < t->ngoals; g++)
        h = mix(mix(h, t->goal_cell[g]), t->goal_tile[g]);
    return mix(h, t->nranks);
}

/* ---- the numbering's face to the walk (ranked_numbering.h) ---------- */

/* A thread's unranking state and children. */
typedef struct tiles_scratch {
    uint8_t sym[MAX_CELLS];
    prefix pre;
    uint64_t kids[MAX_KIDS];
} tiles_scratch;

static uint64_t tiles_expand(const sbi_numbering *num, void *scratch, uint64_t word,
                             uint64_t cur, sbi_rank_marker *mk)
{
    const tiles *t = (const tiles *)num;
    tiles_scratch *x = scratch;
    sbi_rank_marker at = *mk;   /* a copy the compiler may keep in registers */
    uint64_t goals = 0;
    for (uint64_t b = cur; b; b &= b - 1) {
        uint64_t r = word * 32 + (unsigned)__builtin_ctzll(b) / 2;
        uint64_t holes = unrank(t, &x->pre, r, x->sym);
        bool goal = t->ngoals > 0;
        for (uint32_t g = 0; goal && g < t->ngoals; g++)
            goal = x->sym[t->goal_cell[g]] == t->goal_tile[g];
        goals += goal;
        unsigned n = children(t, x->sym, r, holes, x->kids);
        for (unsigned j = 0; j < n; j++)
            sbi_rank_mark(&at, x->kids[j]);
    }
    mk->found = at.found;
    return goals;
}

static void tiles_blocks(const sbi_numbering *num, uint64_t r, sb_block *out)
{
    const tiles *t = (const tiles *)num;
    rank_blocks(t, t->cat, r, out);
}

static void tiles_free(sbi_numbering *num)
{
    tiles *t = (tiles *)num;
    free(t->tail);
    free(t);
}

/* The numbering of s's numbered tiles (sbi_tiles_ranked), or NULL out of
 * memory. */
static sbi_numbering *tiles_numbering(sb_setup *s)
{
    tiles *tp = malloc(sizeof *tp);   /* large (the binomials): not on the stack */
    if (!tp || !tiles_init(tp, &s->cat, s->space->metric)) {
        free(tp);
        return NULL;
    }
    uint8_t init[MAX_CELLS];
    init_symbols(tp, &s->cat, init);
    if (tp->halved) {   /* the parity each empty cell asks of the permutation */
        uint32_t h0 = 0;
        while (init[h0] != HOLE)
            h0++;
        unsigned start = parity_of(tp, init) ^ hole_side(tp, &s->cat, h0);
        for (uint32_t h = 0; h < tp->n; h++)
            tp->need[h] = (uint8_t)(start ^ hole_side(tp, &s->cat, h));
    }
    tp->cat = &s->cat;
    tp->base = (sbi_numbering){ .nranks = tp->nranks, .init_rank = rank_of(tp, init),
                                .identity = tiles_identity(tp, &s->cat, init),
                                .scratch_bytes = sizeof(tiles_scratch),
                                .expand = tiles_expand, .blocks = tiles_blocks,
                                .free = tiles_free };
    return &tp->base;
}

/* ---- the walk ------------------------------------------------------------ */

typedef struct walk walk;

typedef struct worker {
    walk *w;
    unsigned index;
    uint64_t found, goals;       /* this sweep's */
    size_t nfar;
    uint64_t *far;               /* the first current ranks met this sweep (want_far) */
    void *scratch;               /* the numbering's (num->scratch_bytes) */
} worker;

struct walk {
    const sbi_numbering *num;
    sb_meter *meter;
    uint64_t *words;             /* the marks, read whole when saved or loaded ... */
    _Atomic uint64_t *marks;     /* ... and one at a time while sweeping */
    uint64_t nwords;
    unsigned cur;                /* the current layer's code: 1 or 2 (next: 3 - cur) */
    size_t want_far;
    _Atomic uint64_t next_chunk, swept;
    /* Per chunk, whether it may hold ranks of the current layer, and of
     * the next: set as a child is marked, so a sweep skips the chunks of
     * the sparse first and last layers without reading their marks. */
    atomic_uchar *busy[2];
    uint64_t *busy_raw[2];       /* the same, as whole words, for combining */
    uint64_t nchunks, busy_words;
    uint64_t chunk_lo, chunk_hi; /* the chunks this process sweeps (its shard's) */
    atomic_bool stop;
    char phase[48];
};

static void sweep_chunk(worker *k, uint64_t first, uint64_t last)
{
    walk *w = k->w;
    const sbi_numbering *num = w->num;
    sbi_rank_marker mk = { w->marks, w->busy[2 - w->cur], 3 - w->cur, 0 };
    for (uint64_t i = first; i < last; i++) {
        uint64_t word = atomic_load_explicit(&w->marks[i], memory_order_relaxed);
        uint64_t lo = word & LOW_BITS, hi = word >> 1 & LOW_BITS;
        uint64_t cur = w->cur == 1 ? lo & ~hi : hi & ~lo;
        if (!cur)
            continue;
        for (uint64_t b = cur; b && k->nfar < w->want_far; b &= b - 1)
            k->far[k->nfar++] = i * 32 + (unsigned)__builtin_ctzll(b) / 2;
        k->goals += num->expand(num, k->scratch, i, cur, &mk);
        /* Expanded: current to seen, by the other bit. */
        atomic_fetch_or_explicit(&w->marks[i], w->cur == 1 ? cur << 1 : cur,
                                 memory_order_relaxed);
    }
    k->found += mk.found;
}

static void *sweep(void *arg)
{
    worker *k = arg;
    walk *w = k->w;
    while (!atomic_load_explicit(&w->stop, memory_order_relaxed)) {
        uint64_t chunk = atomic_fetch_add(&w->next_chunk, 1), first = chunk * SBI_RANK_CHUNK_WORDS;
        if (chunk >= w->chunk_hi || first >= w->nwords)
            break;
        uint64_t last = first + SBI_RANK_CHUNK_WORDS < w->nwords ? first + SBI_RANK_CHUNK_WORDS
                                                                 : w->nwords;
        atomic_uchar *busy = &w->busy[w->cur - 1][first / SBI_RANK_CHUNK_WORDS];
        if (atomic_load_explicit(busy, memory_order_relaxed)) {
            sweep_chunk(k, first, last);
            atomic_store_explicit(busy, 0, memory_order_relaxed);
        }
        uint64_t swept = atomic_fetch_add(&w->swept, (last - first) * 32) + (last - first) * 32;
        if (k->index == 0) {   /* the caller's thread: the meter's */
            w->meter->done = swept < w->num->nranks ? swept : w->num->nranks;
            if (sbi_meter_check(w->meter) != SB_OK)
                atomic_store(&w->stop, true);
        }
    }
    return NULL;
}

/* Sweeps the current layer with `threads` workers; false when a limit
 * stopped it. */
static bool sweep_layer(walk *w, worker *crew, unsigned threads)
{
    atomic_store(&w->next_chunk, w->chunk_lo);
    atomic_store(&w->swept, 0);
    pthread_t ids[MAX_THREADS];
    unsigned started = 1;
    for (unsigned i = 0; i < threads; i++)
        crew[i].found = crew[i].goals = crew[i].nfar = 0;
    for (unsigned i = 1; i < threads; i++, started++)
        if (pthread_create(&ids[i], NULL, sweep, &crew[i]) != 0)
            break;
    sweep(&crew[0]);
    for (unsigned i = 1; i < started; i++)
        pthread_join(ids[i], NULL);
    return !atomic_load(&w->stop);
}

/* ---- saving and resuming ---------------------------------------------------- */

typedef struct saved_head {
    char magic[16];
    uint64_t identity, nranks;
    uint32_t depth;              /* the layer about to be swept (in the current code) */
    uint32_t goal_met;           /* a goal was met: nearest_goal holds */
    uint64_t goal_count;
    uint64_t nearest_goal;
} saved_head;

static const char MAGIC[16] = "slide-ranked-1";

/* A checksum over words, in four lanes (the marks of 2x7 are 1.4 billion
 * words). */
static uint64_t checksum(uint64_t sum, const uint64_t *v, uint64_t n)
{
    uint64_t lane[4] = { sum, sum ^ 1, sum ^ 2, sum ^ 3 };
    uint64_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int j = 0; j < 4; j++)
            lane[j] = (lane[j] ^ v[i + j]) * 0x100000001b3ULL + (lane[j] >> 29);
    for (; i < n; i++)
        lane[0] = (lane[0] ^ v[i]) * 0x100000001b3ULL + (lane[0] >> 29);
    return mix(mix(mix(lane[0], lane[1]), lane[2]), lane[3]);
}

static void entry_name(char *name, size_t size, uint64_t id)
{
    snprintf(name, size, "ranked-walk-%016llx", (unsigned long long)id);
}

static bool write_all(const sb_cache *c, void *wr, const void *buf, uint64_t len)
{
    const char *p = buf;
    while (len) {
        size_t part = len < (1u << 24) ? (size_t)len : 1u << 24;
        if (!c->write(wr, p, part))
            return false;
        p += part;
        len -= part;
    }
    return true;
}

static bool read_all(const sb_cache *c, void *rd, void *buf, uint64_t len)
{
    char *p = buf;
    while (len) {
        size_t part = len < (1u << 24) ? (size_t)len : 1u << 24;
        if (c->read(rd, p, part) != part)
            return false;
        p += part;
        len -= part;
    }
    return true;
}

/* Saves the walk at the boundary before layer depth.  A failure only
 * loses the save (a cache's failure is never the call's). */
static void save(const sb_cache *c, uint64_t id, const walk *w, unsigned depth,
                 const uint64_t *per_depth, uint64_t goal_count, unsigned nearest_goal,
                 bool goal_met)
{
    char name[64];
    entry_name(name, sizeof name, id);
    void *wr = c->open_write(c->ctx, name);
    if (!wr)
        return;
    saved_head h = { .identity = id, .nranks = w->num->nranks, .depth = depth,
                     .goal_met = goal_met, .goal_count = goal_count,
                     .nearest_goal = nearest_goal };
    memcpy(h.magic, MAGIC, sizeof h.magic);
    const uint64_t *marks = w->words;
    uint64_t sum = checksum(checksum(0, (const uint64_t *)&h, sizeof h / 8), per_depth,
                            depth + 1);
    sum = checksum(sum, marks, w->nwords);
    bool ok = write_all(c, wr, &h, sizeof h) &&
              write_all(c, wr, per_depth, (depth + 1) * sizeof *per_depth) &&
              write_all(c, wr, marks, w->nwords * 8) && write_all(c, wr, &sum, sizeof sum);
    c->close_write(wr, ok);
}

/* Reads a saved walk into w's marks and the counts; false (the marks
 * then need clearing) when there is none whole and matching. */
static bool load(const sb_cache *c, uint64_t id, walk *w, unsigned *depth,
                 uint64_t **per_depth, size_t *cap, uint64_t *goal_count,
                 unsigned *nearest_goal, bool *goal_met, bool *dirty)
{
    char name[64];
    entry_name(name, sizeof name, id);
    void *rd = c->open_read(c->ctx, name);
    *dirty = false;
    if (!rd)
        return false;
    saved_head h;
    bool ok = read_all(c, rd, &h, sizeof h) && !memcmp(h.magic, MAGIC, sizeof MAGIC) &&
              h.identity == id && h.nranks == w->num->nranks && h.depth < (1u << 24);
    if (ok && h.depth + 1 > *cap) {
        uint64_t *grown = realloc(*per_depth, (h.depth + 1) * sizeof *grown);
        ok = grown != NULL;
        if (ok) {
            *per_depth = grown;
            *cap = h.depth + 1;
        }
    }
    uint64_t sum = 0, stored = 0;
    ok = ok && read_all(c, rd, *per_depth, (h.depth + 1) * sizeof **per_depth);
    *dirty = ok;
    ok = ok && read_all(c, rd, w->words, w->nwords * 8) &&
         read_all(c, rd, &stored, sizeof stored);
    char extra;
    ok = ok && c->read(rd, &extra, 1) == 0;
    c->close_read(rd);
    if (ok) {
        sum = checksum(checksum(0, (const uint64_t *)&h, sizeof h / 8), *per_depth,
                       h.depth + 1);
        ok = checksum(sum, w->words, w->nwords) == stored;
    }
    if (!ok)
        return false;
    *depth = h.depth;
    *goal_count = h.goal_count;
    *nearest_goal = (unsigned)h.nearest_goal;
    *goal_met = h.goal_met != 0;
    return true;
}

/* ---- a walk split among processes ------------------------------------------ */

/* After a sweep of the shard's chunks: whether every process swept its
 * part (else all stop, hit saying why: this process's limit, or a
 * peer's, which cancels it); then the marks and the next layer's busy
 * chunks ored together, and *found (counted again from the merged marks
 * of the shard's chunks: two processes may both have found a rank new)
 * and *goals summed.  False when the walk stops. */
static bool combine_layer(walk *w, const sb_options *opts, bool swept, uint64_t *found,
                          uint64_t *goals)
{
    uint64_t stopped = !swept;
    opts->combiner->combine(opts->combiner->ctx, &stopped, 1, true);
    if (stopped) {
        if (swept)
            w->meter->hit = SB_LIMIT_CANCELLED;
        return false;
    }
    unsigned next = 3 - w->cur;
    memset(w->busy_raw[w->cur - 1], 0, w->busy_words * 8);
    opts->combiner->combine(opts->combiner->ctx, w->words, w->nwords, false);
    opts->combiner->combine(opts->combiner->ctx, w->busy_raw[next - 1], w->busy_words,
                  false);
    uint64_t counts[2] = { 0, *goals };
    uint64_t end = w->chunk_hi * SBI_RANK_CHUNK_WORDS;
    uint64_t last = end < w->nwords ? end : w->nwords;
    for (uint64_t i = w->chunk_lo * SBI_RANK_CHUNK_WORDS; i < last; i++) {
        uint64_t word = w->words[i], lo = word & LOW_BITS, hi = word >> 1 & LOW_BITS;
        counts[0] += (uint64_t)__builtin_popcountll(next == 1 ? lo & ~hi : hi & ~lo);
    }
    opts->combiner->combine(opts->combiner->ctx, counts, 2, true);
    *found = counts[0];
    *goals = counts[1];
    return true;
}

/* The least ranks of the last layer over every process: each one's list
 * (sorted, ranks + 1, 0 for none) in its shard's place, summed; shards
 * hold increasing ranges, so the lists in shard order are sorted. */
static bool combine_far(const sb_options *opts, uint64_t *far, size_t *nfar, size_t want)
{
    size_t n = (size_t)opts->nshards * want;
    uint64_t *all = calloc(n, sizeof *all);
    if (!all)
        return false;   /* a few words per process: nothing can go on */
    for (size_t i = 0; i < *nfar; i++)
        all[opts->shard * want + i] = far[i] + 1;
    opts->combiner->combine(opts->combiner->ctx, all, n, true);
    *nfar = 0;
    for (size_t i = 0; i < n && *nfar < want; i++)
        if (all[i])
            far[(*nfar)++] = all[i] - 1;
    free(all);
    return true;
}

static int cmp_rank(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

bool sbi_ranked_fits(const sb_setup *s, uint64_t *ranks, uint64_t *bytes)
{
    return (sbi_tiles_ranked(&s->cat, ranks, bytes) && *ranks) ||
           sbi_blocks_ranked(s, ranks, bytes);
}

sb_status sbi_ranked_explore(sb_setup *s, const sb_options *opts, sbi_ranked_knobs *knobs,
                             sb_explore_report *out, sb_error *err)
{
    sb_meter *m = &s->meter;
    uint64_t ranks, bytes;
    if (sbi_tiles_ranked(&s->cat, &ranks, &bytes) && !ranks)
        return sbi_fail(err, SB_EINPUT,
                        "the ranked walk cannot number these tiles: their configurations "
                        "pass 2^62 ranks");
    if (!sbi_ranked_fits(s, &ranks, &bytes))
        return sbi_fail(err, SB_EINPUT,
                        "the ranked walk takes numbered tiles (every block 1x1, alone in its "
                        "class, at most %d of them on at most %d free cells) or rectangles "
                        "of distinct sizes on a tray without walls, in the bitboard "
                        "representation with a spaced image of at most 64 bits and a layout "
                        "rank of at most 2^36 (its tables at most 2^20 states); this puzzle "
                        "is none of these",
                        MAX_TILES, MAX_CELLS);
    bool tiled = sbi_tiles_ranked(&s->cat, &ranks, &bytes) && ranks;
    sbi_numbering *num = tiled ? tiles_numbering(s) : sbi_blocks_numbering(s);
    if (!num) {
        if (m->hit == SB_LIMIT_NONE)
            m->hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    size_t want_far = knobs && knobs->want_far ? knobs->want_far : FAR_DEFAULT;
    if (want_far > SBI_RANKED_FAR_MAX)
        want_far = SBI_RANKED_FAR_MAX;
    unsigned threads = opts->threads < 1 ? 1 : opts->threads > MAX_THREADS ? MAX_THREADS
                                                                          : opts->threads;
    walk w = { .num = num, .meter = m, .nwords = (num->nranks + 31) / 32, .want_far = want_far };
    worker crew[MAX_THREADS];
    memset(crew, 0, sizeof crew);
    uint64_t *far_all = NULL, *per_depth = NULL;
    size_t cap = 0;
    sb_status status = SB_ELIMIT;
    w.nchunks = (w.nwords + SBI_RANK_CHUNK_WORDS - 1) / SBI_RANK_CHUNK_WORDS;
    w.busy_words = (w.nchunks + 7) / 8;
    w.busy_raw[0] = calloc(w.busy_words, 8);
    w.busy_raw[1] = calloc(w.busy_words, 8);
    w.busy[0] = (atomic_uchar *)w.busy_raw[0];
    w.busy[1] = (atomic_uchar *)w.busy_raw[1];
    bool split = opts->nshards > 1 && opts->combiner;
    w.chunk_lo = split ? w.nchunks * opts->shard / opts->nshards : 0;
    w.chunk_hi = split ? w.nchunks * (opts->shard + 1) / opts->nshards : w.nchunks;
    if (!w.busy[0] || !w.busy[1])
        goto done;
    w.words = sbi_meter_map(m, NULL, 0, w.nwords * 8);
    w.marks = (_Atomic uint64_t *)w.words;
    far_all = calloc(threads * want_far, sizeof *far_all);
    if (!w.words || !far_all)
        goto done;
    for (unsigned i = 0; i < threads; i++)
        crew[i] = (worker){ .w = &w, .index = i, .far = far_all + i * want_far };
    for (unsigned i = 0; i < threads; i++)
        if (!(crew[i].scratch = calloc(1, num->scratch_bytes)))
            goto done;

    uint64_t id = num->identity;
    const sb_cache *spill = split ? NULL : opts->spill;
    unsigned depth = 0, nearest_goal = 0;
    uint64_t goal_count = 0;
    bool goal_met = false, dirty = false, loaded = false;
    if (spill && load(spill, id, &w, &depth, &per_depth, &cap, &goal_count, &nearest_goal,
                      &goal_met, &dirty)) {
        loaded = true;
        for (uint64_t i = 0; i < w.nchunks; i++)
            w.busy[depth % 2][i] = 1;
        if (knobs)
            knobs->resumed_at = depth;
    } else {
        if (dirty)
            memset(w.words, 0, w.nwords * 8);
        depth = 0;
        cap = 64;
        uint64_t *fresh = realloc(per_depth, cap * sizeof *fresh);
        if (!fresh)
            goto done;
        per_depth = fresh;
        per_depth[0] = 1;
        uint64_t r0 = num->init_rank;
        atomic_store(&w.marks[r0 >> 5], 1ULL << (r0 & 31) * 2);   /* code 1: layer 0 */
        w.busy[0][(r0 >> 5) / SBI_RANK_CHUNK_WORDS] = 1;
    }
    double save_every = knobs && knobs->save_every >= 0 ? knobs->save_every : SAVE_EVERY;
    double last_save = sbi_clock();
    uint64_t reached = 0;
    for (unsigned d = 0; d <= depth; d++)
        reached += per_depth[d];
    for (;;) {
        w.cur = depth % 2 ? 2 : 1;
        if (spill && depth > 0 && !loaded && sbi_clock() - last_save >= save_every) {
            double began = sbi_clock();
            save(spill, id, &w, depth, per_depth, goal_count, nearest_goal, goal_met);
            last_save = sbi_clock();
            /* Saving the marks of 2x7 takes a minute: never a tenth of the walk. */
            if (save_every > 0 && save_every < 10 * (last_save - began))
                save_every = 10 * (last_save - began);
        }
        loaded = false;
        if (knobs && knobs->stop_before && depth >= knobs->stop_before) {
            m->hit = SB_LIMIT_CANCELLED;
            goto done;
        }
        m->depth = depth;
        m->stored = reached;
        snprintf(w.phase, sizeof w.phase, "sweeping layer %u", depth);
        sbi_meter_phase(m, w.phase, num->nranks);
        bool swept = sweep_layer(&w, crew, threads);
        uint64_t found = 0, goals = 0;
        for (unsigned i = 0; i < threads; i++) {
            found += crew[i].found;
            goals += crew[i].goals;
        }
        if (split && !combine_layer(&w, opts, swept, &found, &goals))
            goto done;
        if (!swept)
            goto done;
        if (goals && !goal_met) {
            goal_met = true;
            nearest_goal = depth;
        }
        goal_count += goals;
        if (!found)
            break;
        if (opts->limits.max_states && reached + found > opts->limits.max_states) {
            m->hit = SB_LIMIT_STATES;
            goto done;
        }
        if (depth + 2 > cap) {
            uint64_t *grown = realloc(per_depth, 2 * cap * sizeof *grown);
            if (!grown)
                goto done;
            per_depth = grown;
            cap *= 2;
        }
        per_depth[++depth] = found;
        reached += found;
    }
    /* depth is the last layer: its least ranks are the examples. */
    size_t nfar = 0;
    for (unsigned i = 0; i < threads; i++) {
        memmove(far_all + nfar, crew[i].far, crew[i].nfar * sizeof *far_all);
        nfar += crew[i].nfar;
    }
    qsort(far_all, nfar, sizeof *far_all, cmp_rank);
    if (nfar > want_far)
        nfar = want_far;
    if (split && !combine_far(opts, far_all, &nfar, want_far))
        goto done;
    size_t nblocks = s->cat.nblocks;
    out->far_example = calloc(nblocks + 1, sizeof *out->far_example);
    if (!out->far_example)
        goto done;
    num->blocks(num, far_all[0], out->far_example);
    if (knobs) {
        knobs->far = calloc(nfar * nblocks + 1, sizeof *knobs->far);
        if (!knobs->far)
            goto done;
        knobs->nfar = nfar;
        for (size_t i = 0; i < nfar; i++)
            num->blocks(num, far_all[i], knobs->far + i * nblocks);
    }
    out->walk = SB_WALK_RANKED;
    out->reachable = reached;
    out->farthest = depth;
    out->per_depth = per_depth;
    per_depth = NULL;
    for (unsigned d = 0; d <= out->farthest; d++)
        if (out->per_depth[d] > out->widest) {
            out->widest = out->per_depth[d];
            out->widest_depth = d;
        }
    out->nblocks = nblocks;
    out->goal_count = goal_count;
    out->nearest_goal = nearest_goal;
    m->stored = reached;
    if (spill && spill->remove) {
        char name[64];
        entry_name(name, sizeof name, id);
        spill->remove(spill->ctx, name);
    }
    status = SB_OK;
done:
    if (w.words)
        sbi_meter_map(m, w.words, w.nwords * 8, 0);
    free(far_all);
    free(per_depth);
    free(w.busy_raw[0]);
    free(w.busy_raw[1]);
    for (unsigned i = 0; i < threads; i++)
        free(crew[i].scratch);
    num->free(num);
    return status;
}
