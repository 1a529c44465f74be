/*
 * meter.h - what one call spends: memory, configurations, time.
 * Internal to the engine, and its bottom layer: every other part may use
 * it and it uses none of them.
 *
 * Memory.  Everything a search allocates while it runs (its store or
 * table, its layers, its child buffer, A*'s open list) goes through the
 * meter's allocator, which counts what is held and refuses an allocation
 * that would pass --max-memory *before* making it.  So there is one
 * budget check, here, instead of one per container, and `held` and
 * `peak` are exact rather than estimated.  What a search holds but
 * allocated elsewhere (the space's tables, a census's list of members,
 * the components it has kept) is counted in with sbi_meter_hold(), which
 * may refuse too.
 *
 * One budget per call.  The bytes limit bounds what one public call
 * holds at once, over all its threads: a meter draws on a budget (an
 * atomic count of the bytes held and their peak), its own unless it is
 * told to draw on a shared one (sbi_meter_draw_on).  sb_census and
 * sb_family make one budget and every member's meter, on whichever
 * thread, draws on it; the ranked walk's threads share one meter, and
 * so its budget.  A meter still keeps its own `held` and `peak` (what
 * one member or search held: the statistics), and gives back what it
 * holds when it ends (sbi_meter_end).  Taking from a budget is a
 * compare-and-swap, which costs nothing that matters: the allocator is
 * not on the per-configuration path (tables grow geometrically).
 *
 * The resident size.  So --max-memory bounds the process's peak
 * resident size, within a slack that nothing counts: the program, libc
 * and its allocator's own bookkeeping and freed memory it has not yet
 * returned, the thread stacks, and the small blocks each call makes
 * outside the meter (a puzzle's catalog, a worker's scratch, a solution's
 * moves).  The slack is 8 MiB and 1 MiB per thread beyond the first
 * (docs/usage.md, "Limits"; tests/budget.sh measures it): the limit is
 * on the bytes counted, the resident size at most that plus the slack.
 * It holds for the programs, which have glibc's malloc give large freed
 * blocks back at once (cli/args.c); a program of its own that keeps
 * malloc's defaults may see freed blocks kept per thread.
 *
 * Limits.  A refusal records which limit refused (`hit`): the states
 * limit (stores ask before adding a configuration), the bytes limit, the
 * deadline, or malloc itself.  sbi_meter_fail() turns that into the
 * caller's error record, which names the limit and its value and says
 * what was finished ("<limit>, after <what was finished>",
 * sbi_limit_fail: the configurations stored, or, for a search that holds
 * only its path (IDA*, path_only), those it expanded and its bound); wording a message for a user is the caller's business
 * (the CLI names its flags).
 *
 * Time and progress.  Loops call sbi_meter_tick() once per expansion; every
 * (tick_mask + 1)th call, or after a big expansion, reads the clock,
 * checks the deadline and reports progress (the memory it reports is
 * the budget's: all threads').
 *
 * Cancelling.  Wherever the deadline is checked the cancel flag of the
 * search's handle (sb_options.cancel, sb_search_cancel) is too, so a
 * cancel stops every search and walk as the time limit does, with hit
 * SB_LIMIT_CANCELLED: no loop needs a check of its own.
 *
 * A meter belongs to one search and one thread at a time (threads that
 * share one lock around it); a budget to any number of meters and
 * threads.
 */
#ifndef SB_METER_H
#define SB_METER_H

#include <stdatomic.h>

#include "slide.h"

/* The head of every search handle (struct sb_search, search/handle.c, has
 * it as its first member): the flag sb_search_cancel() sets, from any
 * thread or a signal handler, and the meter reads through
 * sb_options.cancel.  Lock-free, so setting it is async-signal-safe. */
typedef struct sb_cancel_flag {
    atomic_bool requested;
} sb_cancel_flag;

/* Seconds on a monotonic clock. */
double sbi_clock(void);

/* What the meters of one call draw on together (the top says why).
 * Lock-free: any thread may take from it and give back. */
typedef struct sb_budget {
    atomic_size_t held;        /* bytes the meters drawing on it hold now */
    atomic_size_t peak;        /* the most they held at once */
    size_t max;                /* the bytes limit on held; 0: none */
} sb_budget;

typedef struct sb_meter {
    sb_limits limits;          /* 0: no limit, for each */
    size_t held;               /* bytes this meter holds now (of its budget's) */
    size_t peak;               /* the most this meter held at once */
    sb_budget own;             /* its budget, when it draws on no other */
    sb_budget *shared;         /* the budget it draws on instead (a call's); NULL: own */
    double start;              /* sbi_clock() when the meter was made */
    double deadline;           /* sbi_clock() time to stop at, 0: none */
    sb_limit hit;              /* what refused last (SB_LIMIT_NONE: nothing) */
    uint64_t stored;           /* configurations stored: the search keeps it current */
    uint64_t stored_elsewhere; /* of those, the ones in a store other than the one growing
                                  (bidirectional BFS's idle side): the states limit
                                  counts both */
    uint64_t expanded;         /* configurations expanded: counted by sbi_meter_tick */
    unsigned depth;            /* the depth (or cost) being expanded; IDA*'s bound */
    bool path_only;            /* the search holds only its path (IDA*), so its work is
                                  what it expanded: sbi_meter_fail says that instead */
    uint64_t tick_mask;        /* check the clock every tick_mask + 1 ticks */
    void (*progress)(const sb_progress *p, void *ctx);
    void *progress_ctx;
    double next_progress;      /* when to report next */
    const char *phase;         /* sb_progress.phase: NULL while searching */
    uint64_t done, total;      /* sb_progress.done, .total: the phase's units */
    const sb_cancel_flag *cancel;  /* the handle's flag (sb_options.cancel); NULL: none */
} sb_meter;

/* opts itself, or the defaults (written into *defaults) when opts is
 * NULL: every entry point of the engine takes NULL options so. */
const sb_options *sbi_options_or_default(const sb_options *opts, sb_options *defaults);

/* What every public entry point that fills a record and takes options
 * checks first, so that a caller's mistake is an error and not a crash:
 * out (size bytes, zeroed here when not NULL) must not be NULL, and opts
 * (NULL: the defaults) must name a known metric, algorithm and
 * representation, a shard below nshards (below 1 when nshards is 0), with
 * limits that are numbers >= 0.  fn names the call
 * in the message.  Returns SB_OK, or SB_EINPUT with err filled. */
sb_status sbi_call_check(const char *fn, void *out, size_t size, const sb_options *opts,
                         sb_error *err);

/* A meter for a search under opts' limits and progress callback (opts may
 * be NULL: no limits), drawing on a budget of its own. */
void sbi_meter_init(sb_meter *m, const sb_options *opts);

/* A budget under opts' bytes limit (opts may be NULL: none), for the
 * meters of one call to draw on. */
void sbi_budget_init(sb_budget *b, const sb_options *opts);

/* Makes m, fresh from sbi_meter_init (holding nothing yet), draw on b
 * instead of its own budget; b must outlive m's sbi_meter_end.  b NULL:
 * m keeps its own. */
void sbi_meter_draw_on(sb_meter *m, sb_budget *b);

/* Gives back to m's budget everything m still holds (blocks freed
 * outside the meter, or about to be): every meter that draws on a shared
 * budget ends so.  m's peak stays; what it holds is then 0. */
void sbi_meter_end(sb_meter *m);

/* The bytes m's budget holds now, over every meter drawing on it. */
size_t sbi_meter_budget_held(const sb_meter *m);

/* Resizes p from old to size bytes (p NULL and old 0: a new block; size
 * 0: frees it and returns NULL).  NULL when the bytes limit refuses or
 * malloc fails, with hit saying which; p is then untouched. */
void *sbi_meter_realloc(sb_meter *m, void *p, size_t old, size_t size);

/* A new zeroed block of n items of size bytes, or NULL (as above). */
void *sbi_meter_calloc(sb_meter *m, size_t n, size_t size);

/* Frees a block of size bytes from sbi_meter_realloc or sbi_meter_calloc. */
void sbi_meter_free(sb_meter *m, void *p, size_t size);

/* Resizes p from old to size bytes as sbi_meter_realloc does (p NULL and
 * old 0: a new block; size 0: frees it), the bytes past old zero, for a
 * block read at random places: a hash table.  From 2 MB up it is mapped
 * apart from the heap, in huge pages where the system gives them (one
 * address translation per 2 MB instead of per 4 KB: with 4 KB pages
 * nearly every probe of a table of a gigabyte misses the processor's
 * translation cache), grows without copying and keeps its pages as it
 * grows; pages no byte of which was written cost nothing yet.  Blocks
 * from here go back only through here. */
void *sbi_meter_map(sb_meter *m, void *p, size_t old, size_t size);

/* Counts bytes held outside the meter's allocator: false, counting
 * nothing, with hit SB_LIMIT_BYTES, when they would pass the bytes limit
 * (count them before allocating them where possible).  Release lets go
 * of bytes counted (never more than m holds). */
bool sbi_meter_hold(sb_meter *m, size_t bytes);
void sbi_meter_release(sb_meter *m, size_t bytes);

/* Bytes m holds that outlive it (a result kept for the call's report):
 * they stay counted on m's budget, no longer m's, so sbi_meter_end does
 * not give them back. */
void sbi_meter_keep(sb_meter *m, size_t bytes);

/* True when one more configuration may be stored; otherwise hit is
 * SB_LIMIT_STATES.  stored is the asking store's count before the new
 * one. */
static inline bool sbi_meter_may_store(sb_meter *m, uint64_t stored)
{
    if (!m->limits.max_states || stored + m->stored_elsewhere < m->limits.max_states)
        return true;
    m->hit = SB_LIMIT_STATES;
    return false;
}

/* Reports, from now on, that m's call is in `phase` (NULL: searching),
 * with `total` units to do (0: not known) and none done; the caller then
 * keeps m->done current.  The next sbi_meter_check reports at once. */
void sbi_meter_phase(sb_meter *m, const char *phase, uint64_t total);

/* The cancel flag, the deadline and the progress report; SB_ELIMIT (hit
 * SB_LIMIT_CANCELLED or SB_LIMIT_SECONDS) when cancelled or late. */
sb_status sbi_meter_check(sb_meter *m);

/* True, with hit set, when the search was cancelled or the deadline has
 * passed. */
bool sbi_meter_late(sb_meter *m);

/* One expansion done, that made `children` children: every tick_mask + 1
 * expansions, and after any big one, sbi_meter_check(). */
static inline sb_status sbi_meter_tick(sb_meter *m, size_t children)
{
    if ((++m->expanded & m->tick_mask) && children <= 1024)
        return SB_OK;
    return sbi_meter_check(m);
}

/* Fills err for the limit that stopped the work (hit; SB_LIMIT_MEMORY
 * when nothing was recorded), finished being "storing N configurations"
 * and, in a phase, the phase and how far it got ("storing N
 * configurations, linking configurations by their moves (D of T done)"),
 * and returns SB_ELIMIT. */
sb_status sbi_meter_fail(const sb_meter *m, sb_error *err);

/* Words err's message for the limit it names (err->limit, SB_LIMIT_NONE
 * read as SB_LIMIT_MEMORY, at err->limit_value) as "<the limit>, after
 * <finished>", finished a printf format and its arguments (what the work
 * had done: "storing 10 configurations", "mapping 3 of 204 members (...)"):
 * the one shape every limit message has, so that a front end can put its
 * option's name after the limit, before ", after".  Sets err->status and
 * returns SB_ELIMIT; err may be NULL. */
sb_status sbi_limit_fail(sb_error *err, const char *finished, ...)
    __attribute__((format(printf, 2, 3)));

#endif
