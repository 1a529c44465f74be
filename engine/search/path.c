/*
 * path.c - reading a solution back from the store.
 *
 * The store keeps only parent links, not moves (the bitboard's walker not
 * even those: it hands over the path's configurations).  Two consecutive
 * configurations differ by one block: the one block of the parent that the
 * child lacks is where it came from, the one the child has that the parent
 * lacks is where it went.  That works the same for every space, because it
 * compares decoded block lists, not keys.  For piece moves the block's way
 * from one place to the other is found again by a breadth-first search on
 * the parent's grid, and printed as straight slides.  That search is over
 * one piece's places, not over configurations, and it needs the way, not
 * only the end: the space's expand() under the piece metric gives where a
 * piece can go (board.c's wander, the bitboard's flood) but not how, so
 * it cannot stand in; slide-check replays every slide printed.
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "search/path.h"

typedef struct reader {
    const sb_space *sp;
    sb_scratch *w;             /* sp's scratch, for decoding */
    int cols;
    uint32_t ncells;
    size_t nblocks;
    sb_block *before, *after;  /* decoded parent and child */
    int32_t *corner_of;        /* per cell: index into before[] anchored there */
    int32_t *cover;            /* per cell: index into before[] covering it */
    uint32_t *stamp, *prev;    /* per cell: search marks and way back */
    uint32_t epoch;
    bool *matched;
    sb_move *moves;
    size_t nmoves, cap;
} reader;

static bool add_move(reader *r, int fr, int fc, int tr, int tc)
{
    /* malloc's, not the meter's: the moves become the caller's solution. */
    if (!sbi_array_reserve(NULL, &r->moves, &r->cap, r->nmoves + 1, sizeof *r->moves))
        return false;
    r->moves[r->nmoves++] = (sb_move){ fr, fc, tr, tc };
    return true;
}

static uint32_t cell_of(const reader *r, const sb_block *b)
{
    return (uint32_t)(b->row * r->cols + b->col);
}

/* Finds the block that moved between before[] and after[]. */
static void moved_block(reader *r, const sb_block **from, const sb_block **to)
{
    r->epoch++;
    for (size_t i = 0; i < r->nblocks; i++) {
        uint32_t c = cell_of(r, &r->before[i]);
        r->stamp[c] = r->epoch;
        r->corner_of[c] = (int32_t)i;
        r->matched[i] = false;
    }
    *to = NULL;
    for (size_t i = 0; i < r->nblocks; i++) {
        const sb_block *a = &r->after[i];
        uint32_t c = cell_of(r, a);
        const sb_block *b = r->stamp[c] == r->epoch ? &r->before[r->corner_of[c]] : NULL;
        if (b && sb_block_same_class(r->sp->cat->puzzle, a, b) && !r->matched[r->corner_of[c]])
            r->matched[r->corner_of[c]] = true;
        else
            *to = a;
    }
    *from = NULL;
    for (size_t i = 0; i < r->nblocks && !*from; i++)
        if (!r->matched[i])
            *from = &r->before[i];
}

/* True when the block `self` (an index into before[]), of class c, may be
 * anchored at (row, col) on the parent's grid. */
static bool free_for(const reader *r, int32_t self, const sb_class *c, int row, int col)
{
    int rows = (int)(r->ncells / (uint32_t)r->cols), left = col - c->left;
    if (row < 0 || left < 0 || row + c->height > rows || left + c->width > r->cols)
        return false;
    for (uint32_t i = 0; i < c->ncells; i++) {
        int32_t who = r->cover[(row + c->dr[i]) * r->cols + col + c->dc[i]];
        if (who != -1 && who != self)
            return false;
    }
    return true;
}

/* Writes the straight slides that take block `from` to `to` on the
 * parent's grid: a shortest path of one-cell steps (along its axis), runs
 * merged. */
static bool piece_path(reader *r, const sb_block *from, const sb_block *to)
{
    static const int DR[4] = { -1, 1, 0, 0 }, DC[4] = { 0, 0, -1, 1 };
    const sb_catalog *cat = r->sp->cat;
    const uint8_t *walls = cat->puzzle->walls;
    int32_t self = (int32_t)(from - r->before);
    const sb_class *c = &cat->classes[sbi_catalog_class(cat, from)];
    for (uint32_t k = 0; k < r->ncells; k++)
        r->cover[k] = walls && walls[k] ? -2 : -1;
    for (size_t i = 0; i < r->nblocks; i++) {
        const sb_block *b = &r->before[i];
        const sb_class *bc = &cat->classes[sbi_catalog_class(cat, b)];
        for (uint32_t j = 0; j < bc->ncells; j++)
            r->cover[(b->row + bc->dr[j]) * r->cols + b->col + bc->dc[j]] = (int32_t)i;
    }
    uint32_t start = cell_of(r, from), target = cell_of(r, to);
    uint32_t *queue = malloc(r->ncells * sizeof *queue);
    if (!queue)
        return false;
    size_t head = 0, tail = 0;
    r->epoch++;
    r->stamp[start] = r->epoch;
    queue[tail++] = start;
    while (head < tail && r->stamp[target] != r->epoch) {
        uint32_t at = queue[head++];
        int row = (int)at / r->cols, col = (int)at % r->cols;
        for (int d = 0; d < 4; d++) {
            int nr = row + DR[d], nc = col + DC[d];
            if (!sbi_class_moves(c, d) || !free_for(r, self, c, nr, nc))
                continue;
            uint32_t next = (uint32_t)(nr * r->cols + nc);
            if (r->stamp[next] == r->epoch)
                continue;
            r->stamp[next] = r->epoch;
            r->prev[next] = at;
            queue[tail++] = next;
        }
    }
    free(queue);
    /* Walk back to collect the turning points, then emit them forwards. */
    size_t n = 0;
    uint32_t *turns = malloc(r->ncells * sizeof *turns);
    if (!turns)
        return false;
    turns[n++] = target;
    for (uint32_t at = target; at != start;) {
        uint32_t back = r->prev[at];
        bool straight = back != start &&
                        (int64_t)r->prev[back] - back == (int64_t)back - at;
        if (!straight)
            turns[n++] = back;
        at = back;
    }
    bool ok = true;
    for (size_t i = n - 1; i > 0 && ok; i--)
        ok = add_move(r, (int)turns[i] / r->cols, (int)turns[i] % r->cols,
                      (int)turns[i - 1] / r->cols, (int)turns[i - 1] % r->cols);
    free(turns);
    return ok;
}

/* Where the configurations of a path are: the n keys from the root to the
 * goal, found by index. */
typedef const void *(*key_at_fn)(const void *ctx, size_t i);

/* Writes the moves between consecutive configurations of a path. */
static sb_status read_moves(const sb_space *sp, sb_scratch *w, key_at_fn key_at,
                            const void *ctx, size_t n, sb_solution *sol)
{
    reader r = { .sp = sp, .w = w, .cols = sp->cat->cols, .ncells = sp->cat->ncells,
                 .nblocks = sp->cat->nblocks };
    size_t nb = r.nblocks + 1;
    r.before = malloc(nb * sizeof *r.before);
    r.after = malloc(nb * sizeof *r.after);
    r.matched = malloc(nb * sizeof *r.matched);
    r.corner_of = malloc(r.ncells * sizeof *r.corner_of);
    r.cover = malloc(r.ncells * sizeof *r.cover);
    r.stamp = calloc(r.ncells, sizeof *r.stamp);
    r.prev = malloc(r.ncells * sizeof *r.prev);
    bool ok = r.before && r.after && r.matched && r.corner_of && r.cover && r.stamp && r.prev;
    if (ok && n)
        sp->ops->decode(sp, w, key_at(ctx, 0), r.after);
    for (size_t i = 1; ok && i < n; i++) {
        sb_block *swap = r.before;
        r.before = r.after;
        r.after = swap;
        sp->ops->decode(sp, w, key_at(ctx, i), r.after);
        const sb_block *from, *to;
        moved_block(&r, &from, &to);
        if (sp->metric == SB_METRIC_PIECE)
            ok = piece_path(&r, from, to);
        else
            ok = add_move(&r, from->row, from->col, to->row, to->col);
    }
    free(r.before);
    free(r.after);
    free(r.matched);
    free(r.corner_of);
    free(r.cover);
    free(r.stamp);
    free(r.prev);
    if (!ok) {
        free(r.moves);
        return SB_ELIMIT;
    }
    sol->moves = r.moves;
    sol->nmoves = r.nmoves;
    return SB_OK;
}

typedef struct stored_path { const sb_store *st; const uint32_t *ids; } stored_path;

static const void *stored_key(const void *ctx, size_t i)
{
    const stored_path *sp = ctx;
    return sp->st->ops->key(sp->st, sp->ids[i]);
}

sb_status sbi_path_read(const sb_space *sp, sb_scratch *w, const sb_store *st, uint32_t goal,
                        sb_solution *sol)
{
    size_t depth = 0;
    for (uint32_t id = goal; st->ops->parent(st, id) != SB_NO_NODE; id = st->ops->parent(st, id))
        depth++;
    uint32_t *ids = malloc((depth + 1) * sizeof *ids);
    if (!ids)
        return SB_ELIMIT;
    size_t i = depth;
    for (uint32_t id = goal;; id = st->ops->parent(st, id)) {
        ids[i] = id;
        if (i-- == 0)
            break;
    }
    stored_path path = { st, ids };
    sb_status status = read_moves(sp, w, stored_key, &path, depth + 1, sol);
    free(ids);
    return status;
}

typedef struct key_list { const unsigned char *keys; size_t key_size; } key_list;

static const void *listed_key(const void *ctx, size_t i)
{
    const key_list *kl = ctx;
    return kl->keys + i * kl->key_size;
}

sb_status sbi_path_from_keys(const sb_space *sp, sb_scratch *w, const unsigned char *keys, size_t n,
                             sb_solution *sol)
{
    key_list kl = { keys, sp->key_size };
    return read_moves(sp, w, listed_key, &kl, n, sol);
}
