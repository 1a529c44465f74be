/*
 * view.c - what the views share about pieces (sb_view_*, slide.h): the
 * library's text and JSON views, and the programs' web page and layouts.
 *
 * Class numbers come from one sort of the entries by sb_block_class_cmp()
 * (the engine's one class identity): O(n log n), so a tray of 65,535
 * marked pieces, as many classes, is numbered as fast as Klotski's ten.
 */
#include <limits.h>
#include <stdlib.h>

#include "slide_formats.h"

/* Entry i of p's blocks followed by its goals. */
static const sb_block *entry(const sb_puzzle *p, size_t i)
{
    return i < p->nblocks ? &p->blocks[i] : &p->goals[i - p->nblocks];
}

/* An entry in the sort; qsort's comparison has no context of its own, so
 * each carries the puzzle. */
typedef struct sorted_entry {
    const sb_puzzle *p;
    size_t i;
} sorted_entry;

/* By class, then by index: each class's run starts with its first entry. */
static int compare_entries(const void *x, const void *y)
{
    const sorted_entry *a = x, *b = y;
    int by_class = sb_block_class_cmp(a->p, entry(a->p, a->i), entry(b->p, b->i));
    return by_class ? by_class : (a->i > b->i) - (a->i < b->i);
}

size_t *sb_view_classes(const sb_puzzle *p, size_t *nclasses)
{
    if (nclasses)
        *nclasses = 0;
    if (!p || (p->nblocks && !p->blocks) || (p->ngoals && !p->goals))
        return NULL;
    size_t n = p->nblocks + p->ngoals, count = 0;
    size_t *out = malloc((n ? n : 1) * sizeof *out);
    size_t *first = malloc((n ? n : 1) * sizeof *first);   /* first entry of i's class */
    sorted_entry *order = malloc((n ? n : 1) * sizeof *order);
    if (!out || !first || !order) {
        free(out);
        free(first);
        free(order);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = (sorted_entry){ p, i };
    qsort(order, n, sizeof *order, compare_entries);
    for (size_t k = 0, head = 0; k < n; k++) {
        if (k == 0 ||
            sb_block_class_cmp(p, entry(p, order[k - 1].i), entry(p, order[k].i)) != 0)
            head = order[k].i;
        first[order[k].i] = head;
    }
    /* Numbered in order of first appearance: first[i] <= i is numbered
     * before i. */
    for (size_t i = 0; i < n; i++)
        out[i] = first[i] == i ? count++ : out[first[i]];
    free(first);
    free(order);
    if (nclasses)
        *nclasses = count;
    return out;
}

int sb_view_box_left(const sb_puzzle *p, const sb_block *b)
{
    if (!p || !b)
        return 0;
    /* A block that never passed the check may sit at INT_MIN. */
    long long left = (long long)b->col - sb_block_anchor_offset(p, b);
    return left < INT_MIN ? INT_MIN : (int)left;
}

bool sb_view_is_rectangle(const sb_puzzle *p, const sb_block *b)
{
    if (!p || !b)
        return false;
    /* Plain but for its axis and group is exactly "its cells fill its box":
     * sb_block_is_plain() knows how to ask that of any shape number. */
    sb_block box = *b;
    box.axis = SB_AXIS_ANY;
    box.group = 0;
    return sb_block_is_plain(p, &box);
}

bool sb_view_own_labels(const sb_puzzle *p)
{
    if (!p || (p->nblocks && !p->blocks))
        return false;
    bool seen[256] = { false };
    for (size_t i = 0; i < p->nblocks; i++) {
        unsigned char ch = (unsigned char)p->blocks[i].label;
        if (ch <= ' ' || ch > '~' || seen[ch])
            return false;
        seen[ch] = true;
    }
    return true;
}
