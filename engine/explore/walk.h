/*
 * walk.h - the component walker: everything reachable from a seed, each
 * node marked once, in no particular order.  Internal to the engine.
 *
 * Every map of a space's components walks the same way: take a node not
 * marked yet, mark it, and expand nodes until none is left unexpanded,
 * marking each child that was not marked and keeping it to expand.  What
 * differs is what a node is and how it is marked: a layout id and its
 * component number (graph.c), a layout's bitboard image and one bit per
 * rank (ranked.c), a number in mixed radix over a skeleton's lines and
 * one bit per number (lines.c).  So the walker owns the walk (the
 * worklist, the meter's ticks, the states limit, sharing one large
 * component among threads) and the caller owns the rest: its seeds, its
 * marks and its children, in one expand function.
 *
 * A node is a 64-bit word, kept with the node it was met from.  The
 * worklist is a stack, so a child is expanded right after its parent more
 * often than not: ranked.c reuses the parent's ranking state then, and a
 * child that is the move back to where its parent was met from needs no
 * mark look-up at all.  The order changes nothing the callers report:
 * sizes, edges and first (least) nodes are order-free.
 *
 * The hot loop costs no call: sbi_walk_run is always inlined into its
 * caller with the expand function a constant, and expand is inlined in
 * turn (as bitboard_moves.h's generators are around their visit).
 * Children go on the stack without a branch on whether they were new
 * (sbi_walk_meet): about half are, at random, which a branch would
 * mispredict; room for `most` children is made before each expansion.
 *
 * Threads.  A component whose stack grows long (split) can be shared
 * out (sbi_walk_share): the stack is dealt round-robin to the crew's
 * walkers, each with a stack of its own, which run at once with marks
 * made by an atomic or (the caller's threaded expand: each node is then
 * new to exactly one walker) until every stack is empty.  Counts are
 * sums, so they never depend on the number of walkers or their timing.
 *
 * Limits.  The walker ticks the meter once per expansion and holds the
 * states limit against `before` (the nodes the caller found in earlier
 * walks) plus those found in this one, which it keeps as the meter's
 * `done` (what a caller's phase reports, sbi_meter_phase); walkers that
 * share a component tick no meter (a meter belongs to one thread) but
 * add to one atomic count and look at the clock every 4,096 expansions,
 * and the first walker's thread records which limit stopped them and
 * reports progress.
 *
 * What it is not: a search by distance.  Anything that needs layers (a
 * diameter, the distance to a goal) runs on the breadth-first driver,
 * search/bfs.h.
 *
 * Invariants: every node on a stack is marked; a node is counted (found)
 * by the one walker whose mark made it new; a walk is whole when every
 * stack of its crew is empty.
 */
#ifndef SB_WALK_H
#define SB_WALK_H

#include <pthread.h>

#include "core/array.h"

/* The most walkers that share one component. */
enum { SB_WALK_MAX_THREADS = 64 };

/* The `from` of a seed: no node was met before it. */
#define SB_WALK_SEED UINT64_MAX

/* A node met and not yet expanded, and the node it was met from. */
typedef struct sb_walk_node {
    uint64_t node, from;
} sb_walk_node;

typedef struct sb_walk_crew sb_walk_crew;

/* One walker: a stack and its counts. */
typedef struct sb_component_walker {
    sb_meter *meter;             /* allocates the stack; ticked once per expansion */
    void *ctx;                   /* the caller's, for a crew's walker: what its run
                                    passes to expand */
    sb_walk_node *stack;
    size_t depth, cap;           /* nodes on the stack, room for them */
    size_t most;                 /* the most children one expansion meets */
    uint64_t found;              /* nodes new to this walker in this walk, seed included */
    uint64_t edges;              /* children met, each move counted from both ends */
    uint64_t before;             /* nodes found before this walk, for the states limit */
    uint64_t expansions;         /* while shared: expansions, to pace the clock */
    bool stopped;                /* a limit stopped the walk */
    sb_walk_crew *crew;          /* while shared: the crew it runs in, else NULL */
} sb_component_walker;

/* Expands node (met from `from`, SB_WALK_SEED for a seed): marks each
 * child and hands it to sbi_walk_meet, at most w->most of them.  ctx is
 * the caller's, as given to sbi_walk_run. */
typedef void (*sb_walk_expand_fn)(sb_component_walker *w, void *ctx, uint64_t node, uint64_t from);

/* Walkers that share a large component: w[0] is the one that met it. */
struct sb_walk_crew {
    unsigned n;                      /* walkers, 1 to SB_WALK_MAX_THREADS */
    sb_component_walker *w[SB_WALK_MAX_THREADS]; /* the caller's, made with sbi_walk_init */
    bool (*run)(sb_component_walker *w);         /* walks w's stack empty, marking atomically:
                                        the caller's sbi_walk_run_shared */
    pthread_mutex_t lock;            /* the meter, while walkers run at once */
    uint64_t found;                  /* the component's nodes so far, every walker's */
    bool stop;                       /* a walker stopped: all stop */
};

/* Makes w ready to walk, its stack allocated through m, with room for
 * `most` children per expansion; ctx is what sbi_walk_run_shared passes
 * to expand when w is a crew's (NULL otherwise).  Nothing is allocated
 * yet. */
void sbi_walk_init(sb_component_walker *w, sb_meter *m, size_t most, void *ctx);
void sbi_walk_free(sb_component_walker *w);

/* Makes c ready: n walkers (clamped to 1..SB_WALK_MAX_THREADS; the
 * caller fills c->w[0..c->n)) that share a component with run.  false
 * when the lock cannot be made.  sbi_walk_crew_free(c) after. */
bool sbi_walk_crew_init(sb_walk_crew *c, unsigned n, bool (*run)(sb_component_walker *w));
void sbi_walk_crew_free(sb_walk_crew *c);

/* Makes room for `most` more nodes on w's stack (the cold path of
 * sbi_walk_run); false, with w->stopped, when the meter refused. */
bool sbi_walk_grow(sb_component_walker *w);

/* Starts a walk from seed, which the caller has marked, after `before`
 * nodes found in earlier walks.  false, with the meter's hit saying why,
 * when the states limit or the meter refused it. */
bool sbi_walk_seed(sb_component_walker *w, uint64_t seed, uint64_t before);

/* Walks c->w[0]'s stack to the end with every walker of c at once (their
 * own threads; a thread that cannot be started is walked after the
 * others), then adds their counts to c->w[0]'s.  false when a limit
 * stopped them: c->w[0]'s meter's hit says which. */
bool sbi_walk_share(sb_walk_crew *c);

/* Whether the search was cancelled or its deadline passed, read without
 * touching the meter (any thread may ask). */
bool sbi_walk_late(const sb_meter *m);

/* The same for a walker of a crew, `all` the component's nodes so far:
 * the first walker, whose thread is the caller's and owns the meter,
 * reports progress too (sbi_meter_check, the meter's done being the
 * nodes so far), so the line moves while a large component is shared. */
bool sbi_walk_shared_late(sb_component_walker *w, uint64_t all);

/* A child of the node being expanded, met from `from` and marked by the
 * caller; fresh says the mark was new.  It is written on the stack either
 * way and kept by counting it. */
static inline __attribute__((always_inline)) void sbi_walk_meet(sb_component_walker *w, uint64_t child,
                                                                uint64_t from, bool fresh)
{
    w->stack[w->depth] = (sb_walk_node){ child, from };
    w->depth += fresh;
    w->found += fresh;
    w->edges++;
}

/* A child met and known to be marked already (the move back). */
static inline __attribute__((always_inline)) void sbi_walk_edge(sb_component_walker *w)
{
    w->edges++;
}

/* After an expansion that found `fresh` new nodes: the meter's tick and
 * the states limit (alone), or the crew's count, stop flag and clock
 * (shared).  false when the walk must stop. */
static inline __attribute__((always_inline)) bool sbi_walk_expanded(sb_component_walker *w, uint64_t fresh,
                                                                    bool shared)
{
    sb_meter *m = w->meter;
    uint64_t limit = m->limits.max_states;
    if (shared) {
        sb_walk_crew *c = w->crew;
        uint64_t all = __atomic_add_fetch(&c->found, fresh, __ATOMIC_RELAXED);
        if ((limit && w->before + all > limit) ||
            (++w->expansions % 4096 == 0 && sbi_walk_shared_late(w, all)))
            __atomic_store_n(&c->stop, true, __ATOMIC_RELAXED);
        if (!__atomic_load_n(&c->stop, __ATOMIC_RELAXED))
            return true;
    } else if (sbi_meter_may_store(m, w->before + w->found - 1)) {
        m->done = w->before + w->found;   /* the nodes so far, for a phase's report */
        if (sbi_meter_tick(m, 0) == SB_OK)
            return true;
    }
    w->stopped = true;
    return false;
}

/* The loop of sbi_walk_run and sbi_walk_run_shared. */
static inline __attribute__((always_inline)) bool sbi_walk_loop(sb_component_walker *w,
                                                                sb_walk_expand_fn expand,
                                                                void *ctx, size_t split,
                                                                bool shared)
{
    bool ok = true;
    while (w->depth && w->depth < split) {
        sb_walk_node top = w->stack[--w->depth];
        if (w->depth + w->most > w->cap && !sbi_walk_grow(w)) {
            ok = false;
            break;
        }
        uint64_t found = w->found;
        expand(w, ctx, top.node, top.from);
        if (!sbi_walk_expanded(w, w->found - found, shared)) {
            ok = false;
            break;
        }
    }
    return ok;
}

/* Expands the nodes on w's stack until none is left, or until it holds
 * `split` of them (SIZE_MAX: never), to be shared out then; ctx goes to
 * expand (a pointer to the caller's locals, which no call out of line
 * then sees, keeps them in registers).  false when a limit stopped it
 * (the meter's hit says which). */
static inline __attribute__((always_inline)) bool sbi_walk_run(sb_component_walker *w,
                                                               sb_walk_expand_fn expand,
                                                               void *ctx, size_t split)
{
    return sbi_walk_loop(w, expand, ctx, split, false);
}

/* The same for a walker of a crew (sbi_walk_share runs it), with its own
 * w->ctx: expand must mark atomically. */
static inline __attribute__((always_inline)) bool sbi_walk_run_shared(sb_component_walker *w,
                                                                      sb_walk_expand_fn expand)
{
    return sbi_walk_loop(w, expand, w->ctx, SIZE_MAX, true);
}

#endif
