/*
 * idastar.c - IDA* (Korf 1985): a series of depth-first searches, each
 * cutting off the paths whose f = g + h passes a bound, the next bound
 * being the least f cut off.  Memory is the path only: per depth the
 * configuration's key and its children's records (sb_children), so it
 * serves spaces far too big to store, given a good estimate (the pattern
 * databases of pdb.c on numbered tiles).  The price is that
 * configurations reached along different paths are searched again.  Two
 * things cut that down.  A piece moved straight back where it came from
 * is seen by comparing a child's key with its grandparent's.  And a small
 * transposition cache (a fixed table of keys, direct-mapped by hash, each
 * with the iteration and the least cost it was reached at) drops a
 * configuration reached again within one iteration at no smaller cost:
 * everything below it was searched the first time with at least as much
 * of the bound left, and found no goal.  A slot overwritten only forgets,
 * so the cache makes the search faster, never wrong; on trays of pieces
 * with many ways to one place (the CS61B puzzles) it is what keeps IDA*
 * from going round the same few thousand configurations for ever.
 *
 * A goal child within the bound ends the search: its cost g is at most
 * the bound, and no goal is nearer, since every earlier iteration, with a
 * smaller bound, searched every path whose f stayed within it, and f
 * never exceeds the true cost along a shortest path.
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "search/idastar.h"
#include "search/path.h"

#define NO_BOUND 0xFFFFFFFFu

typedef struct frame {
    sb_children kids;   /* the children of the configuration at this depth */
    size_t next;        /* the next of them to try */
} frame;

/* The cache's budget: its table takes at most this many bytes.  Small on
 * purpose: on the 15-puzzle 1 MB (in the processor's cache) ran the
 * Rosetta instance in 0.15 s of CPU against 0.20 s with 16 MB, which saved
 * more nodes (228K against 267K) but missed the processor's cache on
 * nearly every look. */
enum { CACHE_BYTES = 1u << 20 };

typedef struct ida {
    sb_setup *s;
    unsigned char *cache;  /* nslots slots: uint32 iteration (0: empty), uint32 g, key */
    size_t nslots, slot_size;
    uint32_t iteration;
    size_t found_depth;    /* the tile walker's: the length of the path it found */
    sb_meter *meter;
    size_t key_size;
    unsigned char *keys;   /* the path: (depth + 2) keys */
    frame *frames;
    size_t cap;            /* frames allocated */
    size_t keys_cap;       /* keys allocated */
} ida;

/* Makes room for depth d's frame and the key after it (reach_depth's
 * cold part).  The keys are grown to the frames' capacity, whatever the
 * array chose it to be, so both grow together. */
static __attribute__((noinline)) bool grow_depth(ida *a, size_t d)
{
    size_t had = a->cap;
    if (!sbi_array_reserve(a->meter, &a->frames, &a->cap, d + 2, sizeof *a->frames))
        return false;
    for (size_t i = had; i < a->cap; i++)
        a->frames[i] = (frame){ .kids = { .rec_size = a->s->space->rec_size,
                                          .meter = a->meter } };
    return sbi_array_reserve(a->meter, &a->keys, &a->keys_cap, a->cap, a->key_size);
}

static inline bool reach_depth(ida *a, size_t d)
{
    return (d + 2 <= a->cap && d + 2 <= a->keys_cap) || grow_depth(a, d);
}

/* The transposition cache: CACHE_BYTES, or under a tight --max-memory
 * the largest power of two of slots (at least MIN_CACHE_SLOTS) the meter
 * grants.  Without one IDA* circles without end on block puzzles, so
 * false (the meter's hit says why) when not even the smallest fits.
 *
 * Why not the engine's hash table (stores/table.h).  That table is a set
 * that never forgets: every key added is found again, under a dense id,
 * and it grows to hold them all.  The cache is the opposite, a memo that
 * may forget: a fixed block sized to stay in the processor's cache, where
 * a key's one slot is picked by its hash's low bits and a newcomer simply
 * overwrites it (no probing, no growth, no ids).  A lost entry costs a
 * subtree searched again, never a wrong answer; the table's probing would
 * cost every look, and its growth would make IDA*'s memory follow the
 * search, which IDA* exists to avoid. */
enum { MIN_CACHE_SLOTS = 64 };
static bool cache_open(ida *a)
{
    a->slot_size = (2 * sizeof(uint32_t) + a->key_size + 7) & ~(size_t)7;
    size_t n = 1;
    while (2 * n * a->slot_size <= CACHE_BYTES)
        n *= 2;
    for (; n >= MIN_CACHE_SLOTS; n /= 2)
        if ((a->cache = sbi_meter_calloc(a->meter, n, a->slot_size)) != NULL)
            break;
    a->nslots = a->cache ? n : 0;
    if (a->cache)
        a->meter->hit = SB_LIMIT_NONE;   /* a smaller cache was refused no search */
    return a->cache != NULL;
}

/* IDA* stores nothing but its path, so --max-states caps what it does
 * instead: the configurations it expands.  True, with the meter's hit and
 * stored saying so, when that cap is reached. */
static bool past_states(sb_meter *m)
{
    if (!m->limits.max_states || m->expanded < m->limits.max_states)
        return false;
    m->hit = SB_LIMIT_STATES;
    m->stored = m->expanded;
    return true;
}

/* Whether key was reached before in this iteration at cost at most g;
 * otherwise it is noted as reached at g. */
static bool met_before(ida *a, const unsigned char *key, uint64_t hash, uint32_t g)
{
    if (!a->nslots)
        return false;
    unsigned char *slot = a->cache + (hash & (a->nslots - 1)) * a->slot_size;
    uint32_t head[2];
    memcpy(head, slot, sizeof head);
    unsigned char *stored = slot + sizeof head;
    if (head[0] == a->iteration && memcmp(stored, key, a->key_size) == 0) {
        if (head[1] <= g)
            return true;
    } else {
        memcpy(stored, key, a->key_size);
    }
    head[0] = a->iteration;
    head[1] = g;
    memcpy(slot, head, sizeof head);
    return false;
}

static sb_status expand_at(ida *a, size_t d)
{
    const sb_space *sp = a->s->space;
    frame *f = &a->frames[d];
    sbi_children_clear(&f->kids);
    f->next = 0;
    if (sp->ops->expand(sp, a->s->scratch, a->keys + d * a->key_size, &f->kids) != SB_OK)
        return SB_ELIMIT;
    sb_status status = sbi_meter_tick(a->meter, f->kids.n);
    return status == SB_OK && past_states(a->meter) ? SB_ELIMIT : status;
}

/* One depth-first search within bound.  SB_OK with *found the number of
 * keys on the path to a goal, or 0 and *next the least f cut off. */
static sb_status iterate(ida *a, unsigned bound, size_t *found, unsigned *next)
{
    const sb_space *sp = a->s->space;
    size_t ks = a->key_size;
    *found = 0;
    *next = NO_BOUND;
    a->iteration++;
    met_before(a, a->keys, sp->ops->hash(sp, a->keys), 0);
    if (expand_at(a, 0) != SB_OK)
        return SB_ELIMIT;
    size_t depth = 0;
    for (;;) {
        frame *f = &a->frames[depth];
        if (f->next == f->kids.n) {
            if (depth == 0)
                return SB_OK;
            depth--;
            continue;
        }
        size_t i = f->next++;
        unsigned char *child = a->keys + (depth + 1) * ks;
        uint64_t hash = sp->ops->child_key(sp, a->s->scratch, a->keys + depth * ks,
                                           f->kids.recs + i * f->kids.rec_size, child);
        if (depth > 0 && memcmp(child, a->keys + (depth - 1) * ks, ks) == 0)
            continue;   /* straight back to the grandparent */
        unsigned g = (unsigned)depth + 1;
        if (f->kids.goal[i]) {
            if (g <= bound) {
                *found = depth + 2;
                return SB_OK;
            }
            if (g < *next)
                *next = g;
            continue;
        }
        if (met_before(a, child, hash, g))
            continue;
        unsigned h = sbi_setup_bound(a->s, child);
        if (h >= SB_PDB_DEAD)
            continue;
        if (g + h > bound) {
            if (g + h < *next)
                *next = g + h;
            continue;
        }
        if (!reach_depth(a, depth + 1) || expand_at(a, depth + 1) != SB_OK)
            return SB_ELIMIT;
        depth++;
        if (depth + 1 > a->meter->stored)
            a->meter->stored = depth + 1;   /* the configurations held: the path */
    }
}

/* Notes iteration number n (from 0) in stats, keeping the last ones. */
static void note_iteration(sb_stats *stats, unsigned n, unsigned bound, uint64_t expanded)
{
    if (n >= SB_STATS_BOUNDS) {
        memmove(stats->bound, stats->bound + 1, (SB_STATS_BOUNDS - 1) * sizeof *stats->bound);
        memmove(stats->bound_expanded, stats->bound_expanded + 1,
                (SB_STATS_BOUNDS - 1) * sizeof *stats->bound_expanded);
        n = SB_STATS_BOUNDS - 1;
    }
    stats->bound[n] = bound;
    stats->bound_expanded[n] = expanded;
}

/* ---- numbered tiles: the tile walker ----
 *
 * With one hole, a configuration is where the hole is and which tile is
 * where, and a move trades the hole with a tile beside it.  For these the
 * general board's expansions (children records, keys built and hashed)
 * cost several times what the move itself does, so IDA* walks them here
 * directly: the key kept in place (the board's layout, so the pattern
 * database reads it as it is), a grid of which tile is where, and the
 * database's terms kept per group so that a move looks up only the moved
 * tile's groups (sbi_pdb_moved).  The hole never goes straight back (the
 * grandparent rule), and the estimate is 0 exactly at the goal (every
 * tile with a goal is in a group, and a group's term is 0 only with its
 * tiles home).  No transposition cache, as in Korf's IDA*: tried here
 * (a Zobrist hash kept as tiles move), it cut Korf's instance 60 from
 * 19.5 M expansions to 14.5 M but took 2.5 s of CPU against 2.1.
 *
 * It is IDA* over the general board's expand() (run() above), specialised:
 * the same children (a tile beside the hole into it), the same bounds.
 * tests/test_pdb.c checks that IDA* (through this walker on its random
 * tile puzzles) finds solutions exactly as long as BFS's on the general
 * board. */

typedef struct tiles {
    ida *a;
    const sb_pdb *db;
    uint32_t nterms;
    int cols, rows;
    uint16_t *key;           /* the configuration, in the board's key layout */
    int32_t *at;             /* per cell: the moved tile's place in key, -1 the hole, -2 a wall */
    unsigned *terms;         /* per depth, nterms of them */
    uint16_t *holes;         /* per depth: where the hole went */
    size_t terms_cap;        /* depths allocated in terms */
    size_t cap;              /* depths allocated in holes */
    unsigned bound, next;
    uint64_t expanded;
    sb_status status;
} tiles;

static bool tiles_reach(tiles *t, size_t d)
{
    sb_meter *m = t->a->meter;
    return sbi_array_reserve(m, &t->terms, &t->terms_cap, d + 2, t->nterms * sizeof *t->terms) &&
           sbi_array_reserve(m, &t->holes, &t->cap, d + 2, sizeof *t->holes);
}

/* Depth-first below the hole at `hole` (g moves made, estimate h; it came
 * from `from`).  True when a goal was reached: the moves are in holes. */
static bool tiles_dive(tiles *t, int hole, int from, unsigned g, unsigned h)
{
    if (h == 0) {
        t->a->found_depth = g;
        return true;
    }
    t->expanded++;
    if (sbi_meter_tick(t->a->meter, 4) != SB_OK || past_states(t->a->meter) ||
        !tiles_reach(t, g + 1)) {
        t->status = SB_ELIMIT;
        return false;
    }
    int r = hole / t->cols, c = hole % t->cols;
    for (int d = 0; d < 4; d++) {
        int rr = r + SB_STEP_ROW[d], cc = c + SB_STEP_COL[d];
        int cell = rr * t->cols + cc;
        if (rr < 0 || rr >= t->rows || cc < 0 || cc >= t->cols || cell == from || t->at[cell] < 0)
            continue;
        int32_t at = t->at[cell];
        unsigned *terms = t->terms + (size_t)(g + 1) * t->nterms;
        memcpy(terms, t->terms + (size_t)g * t->nterms, t->nterms * sizeof *terms);
        t->key[at] = (uint16_t)hole;
        unsigned h2 = sbi_pdb_moved(t->db, t->key, at, terms);
        unsigned f = g + 1 + h2;
        bool found = false;
        if (h2 < SB_PDB_DEAD && f <= t->bound) {
            t->at[hole] = at;
            t->at[cell] = -1;
            t->holes[g] = (uint16_t)cell;
            found = tiles_dive(t, cell, hole, g + 1, h2);
            t->at[cell] = at;
            t->at[hole] = -1;
        } else if (h2 < SB_PDB_DEAD && f < t->next) {
            t->next = f;
        }
        t->key[at] = (uint16_t)cell;
        if (found || t->status != SB_OK)
            return found;
    }
    return false;
}

/* The moves of the tile walker's path: each time the hole went to a cell,
 * the tile there came to where the hole was. */
static sb_status tiles_moves(const tiles *t, int root_hole, size_t n, sb_solution *sol)
{
    sol->moves = malloc((n ? n : 1) * sizeof *sol->moves);
    if (!sol->moves)
        return SB_ELIMIT;
    int hole = root_hole;
    for (size_t i = 0; i < n; i++) {
        int to = t->holes[i];
        sol->moves[i] = (sb_move){ to / t->cols, to % t->cols, hole / t->cols, hole % t->cols };
        hole = to;
    }
    sol->nmoves = n;
    return SB_OK;
}

static sb_status tiles_run(ida *a, sb_solution *sol, sb_stats *stats)
{
    const sb_space *sp = a->s->space;
    const sb_catalog *cat = sp->cat;
    tiles t = { .a = a, .db = a->s->pdb, .nterms = sbi_pdb_incremental(a->s->pdb),
                .cols = cat->cols, .rows = cat->rows, .status = SB_OK };
    sb_meter *m = a->meter;
    t.key = sbi_meter_calloc(m, sp->key_size, 1);
    t.at = sbi_meter_calloc(m, cat->ncells, sizeof *t.at);
    sb_status status = SB_ELIMIT;
    if (!t.key || !t.at || !tiles_reach(&t, 0))
        goto out;
    memcpy(t.key, sp->root, sp->key_size);
    int32_t list_at[65], empty_at;   /* pattern databases take at most 64 cells */
    sbi_board_key_plan(sp, list_at, &empty_at);
    const uint8_t *walls = cat->puzzle->walls;
    for (uint32_t c = 0; c < cat->ncells; c++)
        t.at[c] = walls && walls[c] ? -2 : -1;
    for (int s = 0; s < cat->nclasses; s++)
        t.at[t.key[list_at[s]]] = list_at[s];
    int hole = 0;
    while (t.at[hole] != -1)
        hole++;
    unsigned h = sbi_pdb_terms(t.db, t.key, t.terms);
    m->stored = 1;
    if (h >= SB_PDB_DEAD) {
        status = SB_UNSOLVABLE;
        goto out;
    }
    for (t.bound = h;;) {
        t.next = NO_BOUND;
        t.expanded = 0;
        a->found_depth = SIZE_MAX;
        m->depth = t.bound;
        bool found = tiles_dive(&t, hole, -1, 0, h);
        note_iteration(stats, stats->nbounds++, t.bound, t.expanded);
        if (t.status != SB_OK)
            goto out;
        if (found) {
            m->stored = a->found_depth + 1;
            status = tiles_moves(&t, hole, a->found_depth, sol);
            goto out;
        }
        if (t.next == NO_BOUND) {
            status = SB_UNSOLVABLE;
            goto out;
        }
        t.bound = t.next;
    }
out:
    sbi_meter_free(m, t.key, t.key ? sp->key_size : 0);
    sbi_meter_free(m, t.at, t.at ? cat->ncells * sizeof *t.at : 0);
    sbi_array_free(m, &t.terms, &t.terms_cap, t.nterms * sizeof *t.terms);
    sbi_array_free(m, &t.holes, &t.cap, sizeof *t.holes);
    return status;
}

static sb_status run(ida *a, sb_solution *sol, sb_stats *stats)
{
    const sb_space *sp = a->s->space;
    if (!reach_depth(a, 0))
        return SB_ELIMIT;
    memcpy(a->keys, sp->root, a->key_size);
    a->meter->stored = 1;
    if (sp->ops->is_goal(sp, a->s->scratch, sp->root))
        return sbi_path_from_keys(sp, a->s->scratch, a->keys, 1, sol);
    unsigned bound = sbi_setup_bound(a->s, sp->root);
    if (bound >= SB_PDB_DEAD)
        return SB_UNSOLVABLE;
    for (;;) {
        size_t found;
        unsigned next;
        uint64_t before = a->meter->expanded;
        a->meter->depth = bound;
        sb_status status = iterate(a, bound, &found, &next);
        note_iteration(stats, stats->nbounds++, bound, a->meter->expanded - before);
        if (status != SB_OK)
            return status;
        if (found)
            return sbi_path_from_keys(sp, a->s->scratch, a->keys, found, sol) == SB_OK
                       ? SB_OK
                       : SB_ELIMIT;
        if (next == NO_BOUND)
            return SB_UNSOLVABLE;
        bound = next;
    }
}

sb_status sbi_idastar(sb_setup *s, sb_solution *sol, sb_stats *stats)
{
    ida a = { .s = s, .meter = &s->meter, .key_size = s->space->key_size };
    s->meter.path_only = true;
    bool walk_tiles = s->pdb && sbi_pdb_incremental(s->pdb) &&
                      !sbi_pdb_refuses(s->space, s->path);
    sb_status status = walk_tiles      ? tiles_run(&a, sol, stats)
                       : cache_open(&a) ? run(&a, sol, stats)
                                        : SB_ELIMIT;
    if (status == SB_ELIMIT && a.meter->hit == SB_LIMIT_NONE)
        a.meter->hit = SB_LIMIT_MEMORY;
    for (size_t i = 0; i < a.cap; i++)
        sbi_children_free(&a.frames[i].kids);
    sbi_array_free(a.meter, &a.frames, &a.cap, sizeof *a.frames);
    sbi_array_free(a.meter, &a.keys, &a.keys_cap, a.key_size);
    sbi_meter_free(a.meter, a.cache, a.nslots * a.slot_size);
    return status;
}
