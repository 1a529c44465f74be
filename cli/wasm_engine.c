/*
 * wasm_engine.c - the engine inside the play page (slide --play): the entry
 * points that cli/page/engine.js calls once this file, the engine and the
 * readers are compiled to WebAssembly (cli/CMakeLists.txt, SLIDE_WASM), so
 * that the page answers "hint" and "solve from here" from any position on
 * puzzles whose space is too large for the distance table it carries.
 *
 * The central idea: the page carries INIT's and GOAL's text as they were
 * read, and this file reads them with the library's own reader
 * (sb_fmt_parse), so its puzzle is the program's, block for block, in the
 * same order: the page names a position by every block's anchor in that
 * order, and a plan is sb_solve from there.  A plan is tried shortest
 * first (sb_options.optimal) under a small budget; when that runs out of
 * time it is tried again without the promise, and the answer says which
 * it is.  Pattern databases (numbered tiles) are built once, before the
 * first plan (page_prepare), and kept between plans in a cache held in
 * memory (sb_cache).
 *
 * It uses the public API alone, as any program does; it prints nothing and
 * never exits: every answer is a status and a message the page shows.
 * One page runs one engine at a time (engine.js's worker), so a handle is
 * all the state there is.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_engine.h"

/* One entry of the cache in memory: a name and its bytes. */
typedef struct entry {
    char name[64];
    unsigned char *bytes;
    size_t size, cap;
    struct entry *next;
} entry;

/* A reader of an entry, and the cache's list of entries. */
typedef struct reader {
    const entry *e;
    size_t at;
} reader;

struct page_engine {
    sb_puzzle puzzle;
    sb_metric metric;
    sb_cache cache;           /* kept pattern databases: `entries` */
    entry *entries;
    sb_solution plan;         /* the last plan's moves */
    int32_t *moves;           /* ... as r1 c1 r2 c2 for the page */
    char msg[sizeof ((sb_error *)0)->msg];
};

static void *open_read(void *ctx, const char *name)
{
    page_engine *pe = ctx;
    for (const entry *e = pe->entries; e; e = e->next)
        if (strcmp(e->name, name) == 0) {
            reader *r = calloc(1, sizeof *r);
            if (r)
                r->e = e;
            return r;
        }
    return NULL;
}

static size_t read_entry(void *handle, void *buf, size_t len)
{
    reader *r = handle;
    size_t n = r->e->size - r->at < len ? r->e->size - r->at : len;
    memcpy(buf, r->e->bytes + r->at, n);
    r->at += n;
    return n;
}

static void close_read(void *handle)
{
    free(handle);
}

/* A write makes a new entry apart from the list; close_write puts it in,
 * in place of an entry of its name, so a reader never sees half of one. */
typedef struct writer {
    page_engine *pe;
    entry *e;
} writer;

static void *open_write(void *ctx, const char *name)
{
    writer *w = calloc(1, sizeof *w);
    entry *e = calloc(1, sizeof *e);
    if (!w || !e || strlen(name) >= sizeof e->name) {
        free(w);
        free(e);
        return NULL;
    }
    strcpy(e->name, name);
    w->pe = ctx;
    w->e = e;
    return w;
}

static bool write_entry(void *handle, const void *buf, size_t len)
{
    entry *e = ((writer *)handle)->e;
    if (e->size + len > e->cap) {
        size_t cap = e->cap ? e->cap : 1 << 16;
        while (cap < e->size + len)
            cap *= 2;
        unsigned char *more = realloc(e->bytes, cap);
        if (!more)
            return false;
        e->bytes = more;
        e->cap = cap;
    }
    memcpy(e->bytes + e->size, buf, len);
    e->size += len;
    return true;
}

static void drop(entry *e)
{
    free(e->bytes);
    free(e);
}

static void close_write(void *handle, bool keep)
{
    writer *w = handle;
    entry **at = &w->pe->entries;
    while (keep && *at && strcmp((*at)->name, w->e->name) != 0)
        at = &(*at)->next;
    if (keep && *at) {
        entry *old = *at;
        w->e->next = old->next;
        drop(old);
    }
    if (keep)
        *at = w->e;
    else
        drop(w->e);
    free(w);
}

/* The calls' contract is wasm_engine.h's. */
PAGE_EXPORT page_engine *page_open(const char *init, size_t init_len, const char *goal,
                                   size_t goal_len, int format, int metric)
{
    page_engine *pe = calloc(1, sizeof *pe);
    if (!pe)
        return NULL;
    pe->metric = (sb_metric)metric;
    pe->cache = (sb_cache){ .open_read = open_read, .read = read_entry, .close_read = close_read,
                            .open_write = open_write, .write = write_entry,
                            .close_write = close_write, .ctx = pe };
    sb_error err;
    if (sb_fmt_parse(init, init_len, "INIT", goal, goal_len, "GOAL", (sb_format)format, NULL,
                     &pe->puzzle, &err) != SB_OK)
        strcpy(pe->msg, err.msg);
    return pe;
}

/* One search from the puzzle's blocks as they stand. */
static sb_status search(page_engine *pe, bool optimal, double seconds, uint64_t bytes,
                        uint64_t states, sb_error *err)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = pe->metric;
    opts.optimal = optimal;
    /* One thread and a small budget in the browser: the table walk, which
     * on small spaces is the quicker, and needs no threads or mappings. */
    opts.walk = SB_WALK_TABLE;
    opts.limits.max_seconds = seconds;
    opts.limits.max_bytes = bytes;
    opts.limits.max_states = states;
    opts.cache = &pe->cache;
    sb_solution_free(&pe->plan);
    return sb_solve(&pe->puzzle, &opts, &pe->plan, NULL, err);
}

PAGE_EXPORT int page_plan(page_engine *pe, const int32_t *anchors, double optimal_seconds,
                          double optimal_bytes, double any_seconds, double any_bytes)
{
    pe->msg[0] = 0;
    sb_solution_free(&pe->plan);
    free(pe->moves);
    pe->moves = NULL;
    if (!pe->puzzle.blocks && pe->puzzle.nblocks)
        return PLAN_BAD;
    for (size_t i = 0; i < pe->puzzle.nblocks; i++) {
        pe->puzzle.blocks[i].row = anchors[2 * i];
        pe->puzzle.blocks[i].col = anchors[2 * i + 1];
    }
    sb_error err = { 0 };
    sb_status st = optimal_seconds > 0
                       ? search(pe, true, optimal_seconds, (uint64_t)optimal_bytes, 0, &err)
                       : SB_ELIMIT;
    bool shortest = st == SB_OK;
    if (st == SB_ELIMIT && any_seconds > 0)
        st = search(pe, false, any_seconds, (uint64_t)any_bytes, 0, &err);
    if (st != SB_OK) {
        strcpy(pe->msg, err.msg);
        return st == SB_UNSOLVABLE ? PLAN_NONE : st == SB_ELIMIT ? PLAN_LIMIT : PLAN_BAD;
    }
    pe->moves = malloc(4 * sizeof *pe->moves * (pe->plan.nmoves ? pe->plan.nmoves : 1));
    if (!pe->moves) {
        strcpy(pe->msg, "out of memory");
        return PLAN_LIMIT;
    }
    for (size_t i = 0; i < pe->plan.nmoves; i++) {
        const sb_move *m = &pe->plan.moves[i];
        int32_t *out = pe->moves + 4 * i;
        out[0] = m->from_row;
        out[1] = m->from_col;
        out[2] = m->to_row;
        out[3] = m->to_col;
    }
    return shortest || pe->plan.optimal ? PLAN_OPTIMAL : PLAN_ANY;
}

/* Builds what a shortest plan needs before any plan is asked for, within
 * seconds and bytes (as page_plan's optimal ones): numbered tiles' pattern
 * databases, kept in the handle's cache.  A plan's own time limit would
 * stop a build it cut short again on every plan; this search stops, by
 * its limit of one configuration, as soon as the tables are built (a
 * search that needs no tables stops at once).  Returns nothing: a build
 * that did not finish is tried again by the plans. */
PAGE_EXPORT void page_prepare(page_engine *pe, double seconds, double bytes)
{
    sb_error err;
    if (!pe->msg[0])
        search(pe, true, seconds, (uint64_t)bytes, 1, &err);
    sb_solution_free(&pe->plan);
}

PAGE_EXPORT const int32_t *page_moves(const page_engine *pe)
{
    return pe->moves;
}

PAGE_EXPORT size_t page_nmoves(const page_engine *pe)
{
    return pe->moves ? pe->plan.nmoves : 0;
}

PAGE_EXPORT const char *page_message(const page_engine *pe)
{
    return pe->msg;
}

PAGE_EXPORT size_t page_nblocks(const page_engine *pe)
{
    return pe->puzzle.nblocks;
}

PAGE_EXPORT void *page_alloc(size_t n)
{
    return malloc(n ? n : 1);
}

PAGE_EXPORT void page_release(void *p)
{
    free(p);
}
