/*
 * ranking.c - the tables of the multinomial rank of a layout (ranking.h
 * says what the rank is), and unranking.  The table has a row per state
 * (the counts of each token still to place): the words before each token
 * there, and the words the state makes; a state's smaller states (one
 * token fewer) come first in number order, so one pass fills it.
 */
#include <stdlib.h>
#include <string.h>

#include "explore/ranking.h"

bool sbi_ranking_init(ranking *r, const sb_pieces *pc, const bitboard *b, sb_meter *m)
{
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
        if (n > RANKING_MAX_STATES)
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
            ok = left <= RANKING_MAX_RANKS;
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

void sbi_ranking_free(ranking *r, sb_meter *m)
{
    if (r->before)
        sbi_meter_free(m, r->before, r->nstates * ((uint64_t)r->ntokens + 1) * sizeof *r->before);
    if (r->words)
        sbi_meter_free(m, r->words, r->nstates * sizeof *r->words);
    r->before = r->words = NULL;
}


bool sbi_ranking_unrank(const ranking *r, uint64_t k, uint64_t *image)
{
    const bitboard *b = r->b;
    const uint64_t *before = r->tab.before;
    uint64_t state = r->tab.full, S = 0;
    for (uint64_t cells = b->m64.cells; cells; cells &= cells - 1) {
        int a = sbi_ctz64(cells);
        if (S >> a & 1)
            continue;   /* covered by a block anchored earlier */
        /* The token taken here: the one whose words hold k (a token with
         * none left holds none). */
        unsigned t = 0;
        while ((int)t < r->ntokens && k >= before[state + t + 1])
            t++;
        if ((int)t == r->ntokens)
            return false;   /* k is past every word of the state */
        k -= before[state + t];
        state -= r->tab.stride[t];
        if (t == 0)
            continue;
        int h = r->height[t - 1], w = r->width[t - 1];
        int row = a / b->width / 2, col = a % b->width / 2;
        if (row + h > b->rows || col + w > b->cols)
            return false;
        for (int y = 0; y < 2 * h - 1; y++) {
            uint64_t run = ((1ULL << (2 * w - 1)) - 1) << (a + y * b->width);
            if (S & run)
                return false;
            S |= run;
        }
    }
    *image = S;
    return k == 0 && state == 0;
}
