/*
 * view.c - what the views share about pieces (see view.h).
 *
 * Class numbers are found by comparing each entry with one representative
 * of every class met so far: O(entries x classes), which stays small in
 * the puzzles there are (a CS61B tray has a handful of sizes; a picture
 * at most 91 pieces), and cheap per pair, since entries of different
 * boxes, axes or groups are told apart before any cell is compared.
 */
#include <stdlib.h>

#include "view.h"

/* Entry i of p's blocks followed by its goals. */
static const sb_block *entry(const sb_puzzle *p, size_t i)
{
    return i < p->nblocks ? &p->blocks[i] : &p->goals[i - p->nblocks];
}

size_t *sb_view_classes(const sb_puzzle *p, size_t *nclasses)
{
    size_t n = p->nblocks + p->ngoals, count = 0;
    size_t *out = malloc((n ? n : 1) * sizeof *out);
    size_t *rep = malloc((n ? n : 1) * sizeof *rep);   /* rep[k]: class k's first entry */
    if (!out || !rep) {
        free(out);
        free(rep);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const sb_block *b = entry(p, i);
        size_t k = 0;
        for (; k < count; k++) {
            const sb_block *r = entry(p, rep[k]);
            if (r->height == b->height && r->width == b->width && r->axis == b->axis &&
                r->group == b->group && sb_block_same_class(p, r, b))
                break;
        }
        if (k == count)
            rep[count++] = i;
        out[i] = k;
    }
    free(rep);
    if (nclasses)
        *nclasses = count;
    return out;
}

int sb_view_box_left(const sb_puzzle *p, const sb_block *b)
{
    return b->col - sb_block_anchor_offset(p, b);
}

bool sb_view_is_rectangle(const sb_puzzle *p, const sb_block *b)
{
    if (b->shape == 0)
        return true;
    int left = sb_view_box_left(p, b);
    for (int r = b->row; r < b->row + b->height; r++)
        for (int c = left; c < left + b->width; c++)
            if (!sb_block_covers(p, b, r, c))
                return false;
    return true;
}

bool sb_view_own_labels(const sb_puzzle *p)
{
    bool seen[256] = { false };
    for (size_t i = 0; i < p->nblocks; i++) {
        unsigned char ch = (unsigned char)p->blocks[i].label;
        if (ch <= ' ' || ch > '~' || seen[ch])
            return false;
        seen[ch] = true;
    }
    return true;
}
