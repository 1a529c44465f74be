/*
 * census.c - the census: every member of a piece alphabet (each class of
 * piece between a least and a most count), each member's layouts split
 * into components (sb_census, and sbi_alphabet_census for the engine).
 * The family of a puzzle (sb_family) is the census of one alphabet: the
 * puzzle's other pieces, as many as it has, and 1x1, 1x2 and 2x1 plain
 * blocks, any number that fits.
 *
 * Members are the unit of work: each is mapped on its own by
 * sbi_map_pieces, so memory is that of the largest member, not of the
 * census (times the threads: with opts->threads > 1, that many members
 * are mapped at once; they all draw on the census's one budget
 * (core/meter.h), with the census's own lists and the components its
 * report keeps, so the bytes limit bounds their sum; each thread takes
 * the next member not yet taken,
 * largest first by the plan below, so that the last to finish is a small
 * one; every member's results go to its own slot, so the report is the
 * same for any number of threads).  hooks let a caller skip members it
 * already has (a checkpoint), hear of each one mapped, and stretch the
 * threads' counter over processes (take: each process takes the next
 * place in the plan's order from a counter they share, so the processes
 * balance themselves whatever the members cost).
 *
 * Parts.  When one member is a large share of the census, it alone would
 * bound the run however many workers there are.  A member of one-axis
 * pieces (lines.c) splits cleanly: each of its components lies in one
 * skeleton, so a share of its skeletons is a share of its components,
 * with no walk crossing shares.  Such a member, when large and several
 * workers map the census, is cut into parts (units of the plan, dealt
 * like members); each part's counts and kept components are joined into
 * the member as they come (member_join: sums, and the best of both lists
 * in the report's order, which needs the enumeration order of their first
 * layouts), here or, across processes, by sb_census_report_merge.  When
 * a part finds that lines.c declines the member (in every part, or in a
 * skeleton only it walks), the graph path maps the member whole, once per
 * process, and that copy stands for every part.
 *
 * Sharding (opts->shard of opts->nshards) splits the members between
 * processes with no talk between them: every process computes the same
 * plan from the alphabet alone and maps its part, and
 * sb_family_report_merge() or sb_census_report_merge() rebuild the
 * unsharded report from member indices.  Members differ in size by
 * orders of magnitude, so the plan is largest first (LPT): each member's
 * cost is estimated by the words of its piece set (ranked.c: tokens
 * empty, class 0, class 1, ... with fixed counts; an upper bound on its
 * layouts that grows with them), and members, largest first, go each to
 * the shard with the least estimated work so far.  The plan is a pure
 * function of the member list, nshards and whether members are cut, so
 * it is the same in every process of one build.
 *
 * Invariant: members come in the order of an odometer over the classes,
 * the last class turning fastest, skipping mixes that leave fewer than
 * min_empty cells empty; a member's classes are the alphabet's that it
 * has, in the alphabet's order, so its layouts are numbered as for a
 * puzzle file listing them so.  sb_census's kinds may be of any shape
 * (spec->kind_shapes): the members' source puzzle holds those shapes,
 * kind k's as shape k + 1, which its pieces name unless the shape fills
 * its box (then it is the plain rectangle, and takes the bitboard where
 * rectangles do).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "explore/explore.h"
#include "model/catalog.h"

/* Threads beyond the caller's that one census starts at most. */
enum { SB_FAMILY_MAX_THREADS = 255 };

/* One member to map and what came of it. */
typedef struct job {
    sb_pieces pc;
    sb_puzzle source;                /* the alphabet's, without the goal when the
                                        member lacks its pieces */
    bool lines;                      /* lines.c maps it (by skeletons: it splits) */
    bool graph;                      /* a part found lines.c declines it: the graph
                                        maps it whole, and its other parts are moot */
    sb_status status;                /* its first part that failed says why */
    sb_error err;
} job;

/* A unit of work in the plan's order (largest first: see the top): a
 * member, or one of the parts a large member of one-axis pieces is cut
 * into (lines.c: a share of its row skeletons). */
typedef struct sized {
    double words;                    /* its estimated cost */
    size_t index;                    /* the member */
    unsigned part, nparts;
} sized;

/* The members, and the threads that take their units in order, one at a
 * time. */
typedef struct crew {
    const sbi_dealer *dealer;        /* NULL: the alphabet's members (jobs); else
                                        another source's (sbi_census_deal) */
    job *jobs;
    sb_census_report *out;
    const sb_alphabet *alphabet;
    const sb_census_hooks *hooks;
    const sized *order;              /* the plan's order: the crew takes units so */
    const bool *mine;                /* per place in order: this call maps it (not
                                        another shard's, nor a member skipped) */
    size_t nunits, next;             /* next: the place in order to take */
    const sb_options *opts;
    sb_budget own;                   /* the call's budget, unless the dealer brings one */
    sb_budget *budget;               /* what every member's meter, and books, draw on */
    sb_meter books;                  /* counts the census's own lists and the report's
                                        (under lock) */
    double t0;
    bool stop;                       /* a member failed: take no more */
    /* Progress: the call's totals, never one member's (see report). */
    const char *phase;               /* MAPPING, or MAPPING_PARTS when members are cut */
    size_t to_map, mapped;           /* units this call maps, and has mapped */
    uint64_t layouts_done;           /* layouts of the units finished */
    uint64_t layouts_running;        /* layouts the running units have reported so far */
    double next_report;              /* when to call the user's progress next */
    pthread_mutex_t lock;            /* guards next, stop, the members' results, the
                                        hooks and progress */
} crew;

/* The phases a census reports, their units the plan's: members, or when
 * some are cut, members and the parts of those (see Parts, at the top). */
static const char MAPPING[] = "mapping members";
static const char MAPPING_PARTS[] = "mapping members (large ones in parts)";

/* Calls the user's progress (under c->lock, so one thread at a time)
 * with the census's totals: units mapped of those it maps, the layouts
 * found so far (finished units' and the running ones' last word), the
 * bytes of its budget and the time since it began; at most four times a
 * second, however many units end in between. */
static void report(crew *c)
{
    double t = sbi_clock();
    if (!c->opts->progress || t < c->next_report)
        return;
    sb_progress p = { .stored = c->layouts_done + c->layouts_running,
                      .bytes = atomic_load_explicit(&c->budget->held, memory_order_relaxed),
                      .seconds = t - c->t0, .phase = c->phase, .done = c->mapped,
                      .total = c->to_map };
    c->opts->progress(&p, c->opts->progress_ctx);
    c->next_report = t + 0.25;
}

/* What one unit's meter has reported: its layouts so far. */
typedef struct unit_progress {
    crew *c;
    uint64_t stored;
} unit_progress;

/* A member's meter's progress callback: its layouts go into the census's
 * count, and the census reports (its meter ticks, which is what makes
 * the report come four times a second while a large member runs). */
static void unit_reported(const sb_progress *p, void *ctx)
{
    unit_progress *u = ctx;
    crew *c = u->c;
    pthread_mutex_lock(&c->lock);
    c->layouts_running += p->stored - u->stored;
    u->stored = p->stored;
    report(c);
    pthread_mutex_unlock(&c->lock);
}

/* A component at its place in a list in the report's order (largest
 * first, ties in enumeration order of first layouts): which list (from)
 * and where in it (i). */
typedef struct pick {
    const void *from;
    size_t i, at;
    uint64_t hardest;            /* 0 without a goal layout, else its hardest + 1 */
} pick;

static pick pick_of(const void *from, size_t i, size_t at, const sb_component *c)
{
    return (pick){ from, i, at, c->hardest == SB_DISTANCE_NONE ? 0 : (uint64_t)c->hardest + 1 };
}

/* Hardest first (a component without a goal layout last), then the
 * list's order. */
static int by_hardest(const void *x, const void *y)
{
    const pick *a = x, *b = y;
    if (a->hardest != b->hardest)
        return a->hardest > b->hardest ? -1 : 1;
    return (a->at > b->at) - (a->at < b->at);
}

static int by_place(const void *x, const void *y)
{
    const pick *a = x, *b = y;
    return (a->at > b->at) - (a->at < b->at);
}

/* The census's policy for a capped list, the one place it is written
 * (lines.c keeps as it goes, to the same end): of order[0..n), in the
 * report's order, keep `keep` (0: all), with a goal the hardest, else
 * the first (the largest), and leave them first, in the report's order.
 * Returns how many are kept. */
static size_t keep_best(pick *order, size_t n, uint64_t keep, bool goal)
{
    if (!keep || n <= keep)
        return n;
    if (goal)
        qsort(order, n, sizeof *order, by_hardest);
    qsort(order, (size_t)keep, sizeof *order, by_place);
    return (size_t)keep;
}

/* p (a block from malloc) cut down to bytes, or p as it was when realloc
 * declines. */
static void *shrunk(void *p, size_t bytes)
{
    void *q = realloc(p, bytes ? bytes : 1);
    return q ? q : p;
}

/* The bytes of a list of n components and their layouts (examples and
 * hardest: `layouts` lists of nblocks pieces each). */
static size_t list_bytes(size_t n, size_t nblocks, int layouts)
{
    return n * (sizeof(sb_component) + (size_t)layouts * nblocks * sizeof(sb_block));
}

/* Moves what books counts for some lists from `was` to `now` bytes
 * (under c->lock): false when the growth would pass the bytes limit. */
static bool recount(crew *c, size_t was, size_t now)
{
    if (now <= was) {
        sbi_meter_release(&c->books, was - now);
        return true;
    }
    return sbi_meter_hold(&c->books, now - was);
}

/* Counts res's components (all, those with a goal layout, the hardest)
 * and keeps `keep` of them (0: all), in the list's order: with a goal the
 * hardest, else the first (the largest).  The graph path's; lines.c does
 * the same as it goes.  Out of memory the list stays whole. */
static void keep_components(sb_piece_map *res, uint64_t keep, bool goal)
{
    res->counted = true;
    res->all_components = res->ncomponents;
    res->hardest_moves = SB_DISTANCE_NONE;
    res->largest = res->ncomponents ? res->components[0].size : 0;   /* largest first */
    for (size_t i = 0; i < res->ncomponents; i++) {
        const sb_component *k = &res->components[i];
        if (goal && k->goal_layouts) {
            res->goal_components++;
            if (res->hardest_moves == SB_DISTANCE_NONE || k->hardest > res->hardest_moves)
                res->hardest_moves = k->hardest;
        }
    }
    if (!keep || res->ncomponents <= keep)
        return;
    size_t n = res->ncomponents, nb = res->nblocks;
    pick *order = malloc(n * sizeof *order);
    if (!order)
        return;
    for (size_t i = 0; i < n; i++)
        order[i] = pick_of(res, i, i, &res->components[i]);
    n = keep_best(order, n, keep, goal);
    for (size_t i = 0; i < n; i++) {
        size_t from = order[i].at;
        res->components[i] = res->components[from];
        if (res->examples)
            memmove(res->examples + i * nb, res->examples + from * nb, nb * sizeof(sb_block));
        if (res->hardest)
            memmove(res->hardest + i * nb, res->hardest + from * nb, nb * sizeof(sb_block));
    }
    res->ncomponents = (size_t)keep;
    free(order);
    /* The report holds the lists until the census ends: only what is kept. */
    res->components = shrunk(res->components, n * sizeof *res->components);
    if (res->examples)
        res->examples = shrunk(res->examples, n * nb * sizeof *res->examples);
    if (res->hardest)
        res->hardest = shrunk(res->hardest, n * nb * sizeof *res->hardest);
}

static sb_status member_join(sb_census_member *m, const sb_census_member *part,
                             const sb_pieces *classes, uint64_t keep);

/* Whether the alphabet's members of one-axis pieces go to lines.c, which
 * maps skeleton by skeleton (it measures no diameters; an explicit
 * --engine asks for the graph). */
static bool by_lines(const sb_alphabet *a, const sb_options *opts, const sb_pieces *pc)
{
    return !a->diameters && opts->path == SB_PATH_AUTO && sbi_lines_takes(pc);
}

/* The parts mask of a member cut into n parts (n <= 64). */
static uint64_t all_parts(uint32_t n)
{
    return n >= 64 ? UINT64_MAX : (1ULL << n) - 1;
}

/* Marks m whole once its parts are all in: it then reads as a member
 * never cut, so a report does not depend on the cutting. */
static void member_whole(sb_census_member *m)
{
    m->mapped = true;
    m->nparts = 1;
    m->parts = 1;
}

/* The options one unit is mapped under: the census's, on one thread (the
 * census's threads map units, one each), with what is left of its time,
 * and the unit's progress going into the census's (up). */
static sb_options unit_options(crew *c, unit_progress *up)
{
    sb_options member = *c->opts;
    member.threads = 1;
    if (c->opts->limits.max_seconds > 0) {
        member.limits.max_seconds -= sbi_clock() - c->t0;
        if (member.limits.max_seconds <= 0)
            member.limits.max_seconds = 1e-9;
    }
    *up = (unit_progress){ c, 0 };
    if (c->opts->progress) {
        member.progress = unit_reported;
        member.progress_ctx = up;
    }
    return member;
}

/* Maps unit u (a member or a part of it) under the census's options, each
 * with its own meter, the deadline the census's, and joins what it found
 * to the member's results.  Returns whether the member has failed. */
static bool map_unit(crew *c, const sized *u)
{
    size_t i = u->index;
    job *j = &c->jobs[i];
    sb_census_member *m = &c->out->members[i];
    pthread_mutex_lock(&c->lock);
    bool moot = m->mapped || j->graph;   /* the graph has it whole, or will */
    sb_census_member got = { .counts = m->counts, .has_goal = m->has_goal };
    bool failed = j->status != SB_OK;
    pthread_mutex_unlock(&c->lock);
    if (moot)
        return failed;
    unit_progress up;
    sb_options member = unit_options(c, &up);
    const sb_alphabet *a = c->alphabet;
    sb_piece_map res;
    bool goal = a->hardest && got.has_goal, taken = false;
    sb_status status = SB_OK;
    sb_error err = { 0 };
    if (j->lines)
        status = sbi_lines_map(&j->pc, c->opts->metric, goal, a->examples, a->keep, u->part,
                               u->nparts, &member, c->budget, &res, &taken, &err);
    if (status == SB_OK && !taken) {
        /* Not taken after all (lines.c declined a skeleton, in this part
         * or in all): the graph maps the member whole, once here. */
        pthread_mutex_lock(&c->lock);
        moot = m->mapped || j->graph;
        j->graph = true;
        failed = j->status != SB_OK;
        pthread_mutex_unlock(&c->lock);
        if (moot)
            return failed;
        status = sbi_map_pieces(&j->pc, c->opts->metric, a->diameters, a->examples, goal,
                                &member, c->budget, NULL, 0, &res, &err);
    }
    /* The member's meter let go of its lists as it ended: the census's
     * books count them from here (and keep_components's order while it
     * trims them). */
    size_t carried = 0;
    if (status == SB_OK) {
        int layouts = (res.examples != NULL) + (res.hardest != NULL);
        carried = list_bytes(res.ncomponents, res.nblocks, layouts) +
                  (res.counted ? 0 : res.ncomponents * sizeof(pick));
        pthread_mutex_lock(&c->lock);
        if (!recount(c, 0, carried)) {
            carried = 0;
            status = sbi_meter_fail(&c->books, &err);
        }
        pthread_mutex_unlock(&c->lock);
        if (status != SB_OK) {
            free(res.components);
            free(res.examples);
            free(res.hardest);
        }
    }
    if (status == SB_OK && !res.counted)
        keep_components(&res, a->keep, goal);
    if (status == SB_OK) {
        got.layouts = res.layouts;
        got.ncomponents = res.ncomponents;
        got.components = res.components;
        got.all_components = res.all_components;
        got.largest = res.largest;
        got.goal_components = res.goal_components;
        got.hardest_moves = res.hardest_moves;
        got.nblocks = res.nblocks;
        got.examples = res.examples;
        got.hardest = res.hardest;
        got.peak_bytes = res.peak;
        got.nparts = u->nparts;
        got.parts = taken ? 1ULL << u->part : all_parts(u->nparts);
    }
    pthread_mutex_lock(&c->lock);
    size_t was = carried + list_bytes(m->ncomponents, m->nblocks,
                                      (m->examples != NULL) + (m->hardest != NULL));
    if (status == SB_OK && !m->mapped) {
        if (!taken) {   /* whole, on the graph: what parts came is moot */
            sb_census_member_free(m);
            *m = got;
            got.components = NULL;
            got.examples = got.hardest = NULL;
            /* Cut, it keeps its nparts: other processes may map it whole
             * too, and sb_census_report_merge takes any one copy. */
            m->mapped = true;
        } else if (!m->parts) {
            *m = got;
            got.components = NULL;
            got.examples = got.hardest = NULL;
        } else if (member_join(m, &got, &a->pieces, a->keep) != SB_OK) {
            status = sbi_fail(&err, SB_ELIMIT, "out of memory");   /* parts alike: memory */
        }
        if (!m->mapped && m->parts == all_parts(u->nparts))
            member_whole(m);
        if (m->mapped && c->hooks && c->hooks->done)
            c->hooks->done(c->hooks->ctx, i, m);
        c->layouts_done += got.layouts;
    }
    c->layouts_running -= up.stored;
    /* What got still holds goes now; the report keeps m's. */
    sb_census_member_free(&got);
    if (!recount(c, was, list_bytes(m->ncomponents, m->nblocks,
                                    (m->examples != NULL) + (m->hardest != NULL))) &&
        status == SB_OK)
        status = sbi_meter_fail(&c->books, &err);
    if (status != SB_OK && j->status == SB_OK) {
        j->status = status;
        j->err = err;
    }
    failed = j->status != SB_OK;
    pthread_mutex_unlock(&c->lock);
    return failed;
}

/* Maps unit u of a dealer's census (sbi_census_deal): its member whole.
 * Returns whether it failed (the first failure in member order is the
 * census's, kept by the dealer's callback). */
static bool deal_unit(crew *c, const sized *u)
{
    unit_progress up;
    sb_options member = unit_options(c, &up);
    const sbi_dealer *d = c->dealer;
    uint64_t layouts = 0;
    sb_status status = d->map(d->ctx, u->index, &member, c->budget, &layouts);
    pthread_mutex_lock(&c->lock);
    if (status == SB_OK && d->done)
        d->done(d->ctx, u->index);
    c->layouts_done += layouts;
    c->layouts_running -= up.stored;
    pthread_mutex_unlock(&c->lock);
    return status != SB_OK;
}

static void *worker(void *arg)
{
    crew *c = arg;
    const sb_census_hooks *h = c->hooks;
    for (;;) {
        pthread_mutex_lock(&c->lock);
        size_t at = c->stop ? c->nunits : h && h->take ? h->take(h->ctx) : c->next++;
        pthread_mutex_unlock(&c->lock);
        if (at >= c->nunits)
            return NULL;
        if (!c->mine[at])
            continue;
        bool failed = c->dealer ? deal_unit(c, &c->order[at]) : map_unit(c, &c->order[at]);
        pthread_mutex_lock(&c->lock);
        c->stop |= failed;
        c->mapped += !failed;   /* a unit a limit or a cancel cut short is not done */
        report(c);
        pthread_mutex_unlock(&c->lock);
    }
}

/* Runs the crew on up to nthreads threads, the caller's among them (so
 * one thread starts none). */
static void run_crew(crew *c, unsigned nthreads)
{
    pthread_t extra[SB_FAMILY_MAX_THREADS];
    unsigned started = 0;
    if (nthreads > SB_FAMILY_MAX_THREADS + 1)
        nthreads = SB_FAMILY_MAX_THREADS + 1;
    for (unsigned k = 1; k < nthreads && (size_t)k < c->nunits; k++) {
        if (pthread_create(&extra[started], NULL, worker, c) != 0)
            break;   /* fewer threads: slower, not wrong */
        started++;
    }
    worker(c);
    for (unsigned k = 0; k < started; k++)
        pthread_join(extra[k], NULL);
}

/* The cells not walls of a's tray. */
static uint32_t open_cells(const sb_alphabet *a)
{
    const sb_pieces *pc = &a->pieces;
    uint32_t n = 0;
    for (int r = 0; r < pc->rows; r++)
        for (int col = 0; col < pc->cols; col++)
            n += !(pc->source && pc->source->walls &&
                   pc->source->walls[(size_t)r * (size_t)pc->cols + (size_t)col]);
    return n;
}

/* Appends the count vector of every member of a to out->counts, in
 * odometer order.  false out of memory. */
static bool list_members(const sb_alphabet *a, sb_census_report *out)
{
    int n = a->pieces.nclasses;
    uint32_t open = open_cells(a), cells[SB_MAX_CLASSES], at[SB_MAX_CLASSES];
    uint64_t used = 0;
    size_t cap = 0;
    for (int s = 0; s < n; s++) {
        cells[s] = sbi_pieces_cells(&a->pieces, s);
        at[s] = a->min[s];
        used += (uint64_t)cells[s] * at[s];
    }
    for (;;) {
        if (used + a->min_empty <= open) {
            /* The report's own array (malloc, no meter): n counts a member. */
            if (!sbi_array_reserve(NULL, &out->counts, &cap,
                                   (out->nmembers + 1) * (size_t)(n ? n : 1), sizeof *out->counts))
                return false;
            memcpy(out->counts + out->nmembers * (size_t)n, at, (size_t)n * sizeof *at);
            out->nmembers++;
        }
        /* Turn the odometer: the last class fastest; a class that would
         * overflow the tray rolls over at once. */
        int s = n - 1;
        for (; s >= 0; s--) {
            if (at[s] < a->max[s] && used + cells[s] + a->min_empty <= open) {
                at[s]++;
                used += cells[s];
                break;
            }
            used -= (uint64_t)cells[s] * (at[s] - a->min[s]);
            at[s] = a->min[s];
        }
        if (s < 0)
            return true;
    }
}

/* Whether a member with these counts has every piece the goal names. */
static bool has_goal(const sb_alphabet *a, const uint32_t *counts)
{
    const sb_puzzle *src = a->pieces.source;
    if (!src || !src->ngoals)
        return false;
    uint32_t named[SB_MAX_CLASSES] = { 0 };
    for (size_t g = 0; g < src->ngoals; g++) {
        int s = sbi_pieces_find(&a->pieces, &src->goals[g]);
        if (s < 0 || ++named[s] > counts[s])
            return false;
    }
    return true;
}

/* The words of a member's piece set (its empty cells and its pieces in
 * every order, pieces of one class alike: a multinomial coefficient), as
 * a double: an upper bound on its layouts that grows with them, the
 * plan's estimate of its cost.  Past a double's range it is infinite,
 * and such members tie (by index). */
static double member_words(const sb_alphabet *a, const uint32_t *counts, uint32_t open)
{
    uint64_t empty = open;
    for (int s = 0; s < a->pieces.nclasses; s++)
        empty -= (uint64_t)sbi_pieces_cells(&a->pieces, s) * counts[s];
    return sbi_census_words(empty, counts, a->pieces.nclasses);
}

double sbi_census_words(uint64_t empty, const uint32_t *counts, int nclasses)
{
    double words = 1, tokens = (double)empty;
    for (int s = 0; s < nclasses; s++)
        for (uint32_t j = 1; j <= counts[s]; j++) {
            tokens += 1;
            words = words * tokens / j;
        }
    return words;
}

/* A shard's work so far in the plan. */
typedef struct load {
    double work;
    unsigned shard;
} load;

/* Largest first; ties in member order, then part order, so the plan is
 * one order. */
static int by_words(const void *x, const void *y)
{
    const sized *a = x, *b = y;
    if (a->words != b->words)
        return a->words > b->words ? -1 : 1;
    if (a->index != b->index)
        return a->index < b->index ? -1 : 1;
    return (a->part > b->part) - (a->part < b->part);
}

/* The least work first; ties to the lowest shard. */
static bool lighter(const load *x, const load *y)
{
    return x->work < y->work || (x->work == y->work && x->shard < y->shard);
}

/* Restores the heap h[0..n) below i, whose work grew. */
static void sift_down(load *h, size_t n, size_t i)
{
    for (;;) {
        size_t least = i, l = 2 * i + 1, r = l + 1;
        if (l < n && lighter(&h[l], &h[least]))
            least = l;
        if (r < n && lighter(&h[r], &h[least]))
            least = r;
        if (least == i)
            return;
        load t = h[i];
        h[i] = h[least];
        h[least] = t;
        i = least;
    }
}

/* When several workers (threads, shards or processes taking units) map
 * the census, and no states limit (which counts a member's layouts)
 * holds, a member of one-axis pieces estimated at more than
 * 1/SPLIT_SHARE of it is cut into parts of about that share each, at most
 * MOST_PARTS: so the last unit to finish is small however many there are
 * (Rush Hour's largest member holds 0.9% of its census).  Each part sets
 * up the member's lines again, about 2 ms on a 6x6 tray, which one worker
 * alone would spend for nothing. */
enum { SPLIT_SHARE = 256, MOST_PARTS = 16 };

/* The parts a member of `words` is cut into, of a census of `total`. */
static unsigned parts_of(double words, double total, bool splits)
{
    if (!splits || !(words * SPLIT_SHARE > total))
        return 1;   /* small, or the estimates beyond a double's range */
    double n = words * SPLIT_SHARE / total;
    return n >= MOST_PARTS ? MOST_PARTS : (unsigned)n + 1;
}

/* The plan's order of units: each member's estimate (split into parts
 * when it splits: one-axis pieces, several workers, and examples kept,
 * since joining parts orders components by their first layouts),
 * largest first (malloc'd, *nunits entries; NULL out of memory).  A pure
 * function of the alphabet, the members and `several`. */
static sized *plan_order(const sb_alphabet *a, const sb_census_report *out, const job *jobs,
                         bool several, size_t *nunits)
{
    double *words = malloc((out->nmembers + 1) * sizeof *words), total = 0;
    if (!words)
        return NULL;
    uint32_t open = open_cells(a);
    for (size_t i = 0; i < out->nmembers; i++) {
        words[i] = member_words(a, out->counts + i * (size_t)a->pieces.nclasses, open);
        total += words[i];
    }
    size_t n = 0;
    for (size_t i = 0; i < out->nmembers; i++)
        n += parts_of(words[i], total, several && jobs[i].lines && a->examples);
    sized *order = malloc((n + 1) * sizeof *order);
    if (order) {
        n = 0;
        for (size_t i = 0; i < out->nmembers; i++) {
            unsigned parts = parts_of(words[i], total, several && jobs[i].lines && a->examples);
            for (unsigned k = 0; k < parts; k++)
                order[n++] = (sized){ words[i] / parts, i, k, parts };
        }
        qsort(order, n, sizeof *order, by_words);
        *nunits = n;
    }
    free(words);
    return order;
}

/* The shard plan (top): deals the units in order to the shard with the
 * least work so far, and sets mine[place] for shard's.  Only the first
 * min(nshards, units) shards can get units (each of the largest takes an
 * empty shard, the lowest first), so only they are weighed.  false out
 * of memory. */
static bool plan_shards(const sized *order, size_t n, unsigned shard, unsigned nshards,
                        bool *mine)
{
    size_t nloads = nshards < n ? nshards : n;
    load *heap = malloc((nloads + 1) * sizeof *heap);
    if (!heap)
        return false;
    for (size_t k = 0; k < nloads; k++)
        heap[k] = (load){ 0, (unsigned)k };   /* in shard order: a heap already */
    for (size_t j = 0; j < n; j++) {
        mine[j] = heap[0].shard == shard;
        heap[0].work += order[j].words;
        sift_down(heap, nloads, 0);
    }
    free(heap);
    return true;
}

sb_status sbi_alphabet_census(const sb_alphabet *a, const sb_options *opts,
                              const sb_census_hooks *hooks, sb_census_report *out, sb_error *err)
{
    double t0 = sbi_clock();
    memset(out, 0, sizeof *out);
    int n = a->pieces.nclasses;   /* opts' shard was checked by sbi_call_check */
    out->nkinds = (size_t)n;
    crew c = { .out = out, .alphabet = a, .hooks = hooks, .opts = opts, .t0 = t0 };
    sbi_budget_init(&c.own, opts);
    c.budget = &c.own;
    sbi_meter_init(&c.books, opts);
    sbi_meter_draw_on(&c.books, c.budget);
    sized *order = NULL;
    bool *mine = NULL;
    if (!list_members(a, out)) {
        sb_census_report_free(out);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    /* The census's own lists count, before they are made (a member's job
     * holds its piece set and an error record, some KB: a census of
     * thousands of members needs MBs). */
    if (!sbi_meter_hold(&c.books, (out->nmembers + 1) * (sizeof *out->members + sizeof *c.jobs +
                                                         (size_t)n * sizeof *out->counts))) {
        size_t nmembers = out->nmembers;
        sb_census_report_free(out);
        sbi_meter_fail(&c.books, err);
        return sbi_limit_fail(err, "mapping 0 of %zu members (0 layouts)", nmembers);
    }
    if (!(out->members = calloc(out->nmembers + 1, sizeof *out->members)) ||
        !(c.jobs = calloc(out->nmembers + 1, sizeof *c.jobs))) {
        sb_census_report_free(out);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    uint32_t open = open_cells(a);
    for (size_t i = 0; i < out->nmembers; i++) {
        sb_census_member *m = &out->members[i];
        m->counts = out->counts + i * (size_t)n;
        m->has_goal = a->hardest && has_goal(a, m->counts);
        job *j = &c.jobs[i];
        j->pc = a->pieces;
        j->pc.nclasses = 0;
        j->pc.empties = open;
        j->pc.pinned = 0;
        for (int s = 0; s < n; s++)
            if (m->counts[s]) {
                int t = j->pc.nclasses;
                if (a->pieces.pinned >> s & 1) {
                    j->pc.pinned |= 1ULL << t;
                    j->pc.pin_first[t] = a->pieces.pin_first[s];
                    j->pc.pin_last[t] = a->pieces.pin_last[s];
                }
                j->pc.proto[j->pc.nclasses] = a->pieces.proto[s];
                j->pc.count[j->pc.nclasses++] = m->counts[s];
                j->pc.empties -= sbi_pieces_cells(&a->pieces, s) * m->counts[s];
            }
        if (a->pieces.source)
            j->source = *a->pieces.source;
        if (!m->has_goal) {
            j->source.ngoals = 0;
            j->source.goals = NULL;
        }
        j->pc.source = &j->source;
        j->lines = by_lines(a, opts, &j->pc);
    }
    /* A states limit holds per member: members are cut only without one. */
    bool several = (opts->threads > 1 || opts->nshards > 1 || (hooks && hooks->take)) &&
                   !opts->limits.max_states;
    if (!(order = plan_order(a, out, c.jobs, several, &c.nunits)) ||
        !(mine = malloc((c.nunits + 1) * sizeof *mine)) ||
        pthread_mutex_init(&c.lock, NULL) != 0) {
        free(mine);
        free(order);
        free(c.jobs);
        sb_census_report_free(out);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    c.order = order;
    c.mine = mine;
    if (!sbi_meter_hold(&c.books, (c.nunits + 1) * (sizeof *order + sizeof *mine)))
        c.stop = true, c.jobs[0].status = sbi_meter_fail(&c.books, &c.jobs[0].err);
    for (size_t k = 0; k < c.nunits; k++)
        mine[k] = true;
    if (opts->nshards > 1 && !plan_shards(order, c.nunits, opts->shard, opts->nshards, mine))
        c.stop = true, c.jobs[0].status = sbi_fail(&c.jobs[0].err, SB_ELIMIT, "out of memory");
    /* Members the caller knows already (a checkpoint) are not mapped. */
    bool *skipped = calloc(out->nmembers + 1, sizeof *skipped);
    if (!skipped)
        c.stop = true, c.jobs[0].status = sbi_fail(&c.jobs[0].err, SB_ELIMIT, "out of memory");
    for (size_t i = 0; skipped && hooks && hooks->skip && i < out->nmembers; i++)
        skipped[i] = hooks->skip(hooks->ctx, i);
    size_t to_map = 0;
    c.phase = MAPPING;
    for (size_t k = 0; skipped && k < c.nunits; k++) {
        mine[k] = mine[k] && !skipped[order[k].index];
        c.to_map += mine[k];
        if (mine[k] && order[k].nparts > 1)
            c.phase = MAPPING_PARTS;
    }
    for (size_t k = 0; skipped && k < c.nunits; k++) {   /* skipped[i]: counted now */
        size_t i = order[k].index;
        to_map += mine[k] && !skipped[i];
        skipped[i] |= mine[k];
    }
    free(skipped);
    if (hooks && hooks->begin && !c.stop)
        hooks->begin(hooks->ctx, to_map);
    if (!c.stop)
        run_crew(&c, opts->threads);
    pthread_mutex_destroy(&c.lock);
    /* The report's lists are the caller's now, the budget gone with the
     * call. */
    sbi_meter_end(&c.books);
    /* The first member that failed, in member order, says why; a limit
     * says what was finished: the members this call mapped whole, of all
     * the census's (the same words in every shard and process). */
    sb_status status = SB_OK;
    size_t done = 0;
    uint64_t done_layouts = 0;
    for (size_t i = 0; i < out->nmembers; i++) {
        const job *j = &c.jobs[i];
        const sb_census_member *m = &out->members[i];
        done += m->mapped;
        done_layouts += m->mapped ? m->layouts : 0;
        if (j->status != SB_OK && status == SB_OK) {
            status = j->status;
            if (err)
                *err = j->err;
        }
        if (!m->parts || status != SB_OK)
            continue;   /* another's, or skipped */
        out->layouts += m->layouts;
        out->ncomponents += m->all_components;
        if (m->peak_bytes > out->peak_bytes)
            out->peak_bytes = m->peak_bytes;
    }
    free(mine);
    free(c.jobs);
    free(order);
    if (status == SB_ELIMIT) {
        if (err && opts->limits.max_seconds > 0 && err->limit == SB_LIMIT_SECONDS)
            err->limit_value = opts->limits.max_seconds;   /* the census's, not a member's */
        sbi_limit_fail(err, "mapping %zu of %zu members (%llu layouts)", done, out->nmembers,
                       (unsigned long long)done_layouts);
    }
    if (status != SB_OK) {
        sb_census_report_free(out);
        return status;
    }
    out->seconds = sbi_clock() - t0;
    return SB_OK;
}

sb_status sbi_census_deal(const sbi_dealer *d, const sb_options *opts,
                          const sb_census_hooks *hooks, sb_error *err)
{
    crew c = { .dealer = d, .hooks = hooks, .opts = opts, .t0 = d->start, .phase = MAPPING };
    sbi_budget_init(&c.own, opts);
    c.budget = d->budget ? d->budget : &c.own;
    sbi_meter_init(&c.books, opts);
    sbi_meter_draw_on(&c.books, c.budget);
    size_t n = 0;
    for (size_t i = 0; i < d->nmembers; i++)
        n += !d->units || d->units[i];
    sized *order = malloc((n + 1) * sizeof *order);
    bool *mine = malloc((n + 1) * sizeof *mine);
    sb_status status = order && mine ? SB_OK : sbi_fail(err, SB_ELIMIT, "out of memory");
    if (status == SB_OK && !sbi_meter_hold(&c.books, (n + 1) * (sizeof *order + sizeof *mine)))
        status = sbi_meter_fail(&c.books, err);
    for (size_t i = 0; status == SB_OK && i < d->nmembers; i++)
        if (!d->units || d->units[i])
            order[c.nunits++] = (sized){ d->words[i], i, 0, 1 };
    if (status == SB_OK) {
        qsort(order, c.nunits, sizeof *order, by_words);
        for (size_t k = 0; k < c.nunits; k++)
            mine[k] = true;
        if (opts->nshards > 1 && !plan_shards(order, c.nunits, opts->shard, opts->nshards, mine))
            status = sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    /* Units the caller knows already (a checkpoint) are not mapped; a
     * unit that maps two members is known only when both are (a
     * checkpoint may be written between the two). */
    for (size_t k = 0; status == SB_OK && k < c.nunits; k++) {
        size_t i = order[k].index, p = d->partner ? d->partner[i] : SIZE_MAX;
        bool known = hooks && hooks->skip && hooks->skip(hooks->ctx, i) &&
                     (p == SIZE_MAX || hooks->skip(hooks->ctx, p));
        mine[k] = mine[k] && !known;
        c.to_map += mine[k];
    }
    if (status == SB_OK && pthread_mutex_init(&c.lock, NULL) != 0)
        status = sbi_fail(err, SB_ELIMIT, "out of memory");
    if (status == SB_OK) {
        c.order = order;
        c.mine = mine;
        if (hooks && hooks->begin)
            hooks->begin(hooks->ctx, c.to_map);
        run_crew(&c, opts->threads);
        pthread_mutex_destroy(&c.lock);
    }
    sbi_meter_end(&c.books);
    free(order);
    free(mine);
    return status;
}

/* The three plain blocks that vary in a family: 1x1, 1x2, 2x1. */
static const int plain_sizes[3][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 } };

static sb_block plain(int h, int w)
{
    return (sb_block){ 0, 0, h, w, 0, 0, SB_AXIS_ANY, 0 };
}

sb_status sb_family(const sb_puzzle *p, const sb_options *opts, sb_family_report *out,
                    sb_error *err)
{
    sb_options defaults;
    sb_status bad = sbi_call_check("sb_family", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sbi_options_or_default(opts, &defaults);
    sb_pieces base;
    sb_status status = sbi_pieces_of(p, &base, err);
    if (status != SB_OK)
        return status;
    /* The alphabet: every class but the three small plain ones as INIT
     * has it, then those three, any number. */
    sb_alphabet a = { .pieces = base, .min_empty = base.empties };
    a.pieces.nclasses = 0;
    for (int s = 0; s < base.nclasses; s++) {
        bool varies = false;
        for (int k = 0; k < 3; k++) {
            sb_block b = plain(plain_sizes[k][0], plain_sizes[k][1]);
            varies |= sb_block_same_class(p, &base.proto[s], &b);
        }
        if (varies)
            continue;
        if (a.pieces.nclasses == SB_MAX_CLASSES - 3)
            return sbi_fail(err, SB_EINPUT, "a family keeps at most %d classes of "
                            "pieces besides the 1x1, 1x2 and 2x1 blocks; this puzzle has "
                            "more", SB_MAX_CLASSES - 3);
        int t = a.pieces.nclasses++;
        a.pieces.proto[t] = base.proto[s];
        a.min[t] = a.max[t] = base.count[s];
    }
    int first_plain = a.pieces.nclasses;
    for (int k = 0; k < 3; k++) {
        int t = a.pieces.nclasses++;
        a.pieces.proto[t] = plain(plain_sizes[k][0], plain_sizes[k][1]);
        a.min[t] = 0;
        a.max[t] = UINT32_MAX;   /* as many as fit */
    }
    sb_census_report census;
    status = sbi_alphabet_census(&a, opts, NULL, &census, err);
    if (status != SB_OK)
        return status;
    out->members = calloc(census.nmembers + 1, sizeof *out->members);
    if (!out->members) {
        sb_census_report_free(&census);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    /* The census lists every member, another shard's unmapped; the family
     * report lists its shard's only, each with its index in the whole
     * family (sb_family_report_merge puts shards back together). */
    for (size_t i = 0; i < census.nmembers; i++) {
        const sb_census_member *m = &census.members[i];
        if (m->mapped)
            out->members[out->nmembers++] = (sb_family_member){
                m->counts[first_plain], m->counts[first_plain + 1], m->counts[first_plain + 2],
                m->layouts, m->ncomponents, i };
    }
    out->family_members = census.nmembers;
    out->layouts = census.layouts;
    out->ncomponents = census.ncomponents;
    out->peak_bytes = census.peak_bytes;
    out->seconds = census.seconds;
    sb_census_report_free(&census);
    return SB_OK;
}

void sb_family_report_free(sb_family_report *r)
{
    if (!r)
        return;
    free(r->members);
    memset(r, 0, sizeof *r);
}

/* Orders members by index. */
static int by_index(const void *a, const void *b)
{
    uint64_t x = ((const sb_family_member *)a)->index, y = ((const sb_family_member *)b)->index;
    return (x > y) - (x < y);
}

sb_status sb_family_report_merge(const sb_family_report *parts, size_t nparts,
                                 sb_family_report *out, sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "sb_family_report_merge: the record to fill is NULL");
    memset(out, 0, sizeof *out);
    if (!parts || nparts == 0)
        return sbi_fail(err, SB_EINPUT, "sb_family_report_merge: no reports to merge");
    uint64_t family = parts[0].family_members;
    size_t total = 0;
    for (size_t k = 0; k < nparts; k++) {
        if (parts[k].family_members != family)
            return sbi_fail(err, SB_EINPUT, "sb_family_report_merge: report %zu is of a family "
                            "of %llu members, report 0 of %llu", k,
                            (unsigned long long)parts[k].family_members,
                            (unsigned long long)family);
        if (parts[k].nmembers && !parts[k].members)
            return sbi_fail(err, SB_EINPUT, "sb_family_report_merge: report %zu has no members "
                            "array", k);
        total += parts[k].nmembers;
    }
    /* Every index once: as many members as the family has, none out of
     * range, and no two alike once sorted. */
    if (total != family)
        return sbi_fail(err, SB_EINPUT, "sb_family_report_merge: the reports hold %zu members "
                        "of a family of %llu: a shard is %s", total, (unsigned long long)family,
                        total < family ? "missing" : "repeated");
    out->members = malloc((total ? total : 1) * sizeof *out->members);
    if (!out->members)
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    for (size_t k = 0; k < nparts; k++) {
        if (parts[k].nmembers)
            memcpy(out->members + out->nmembers, parts[k].members,
                   parts[k].nmembers * sizeof *out->members);
        out->nmembers += parts[k].nmembers;
        if (parts[k].peak_bytes > out->peak_bytes)
            out->peak_bytes = parts[k].peak_bytes;
        if (parts[k].seconds > out->seconds)
            out->seconds = parts[k].seconds;
    }
    qsort(out->members, out->nmembers, sizeof *out->members, by_index);
    for (size_t i = 0; i < out->nmembers; i++) {
        if (out->members[i].index != i) {
            uint64_t bad = out->members[i].index;
            sb_family_report_free(out);
            return sbi_fail(err, SB_EINPUT, "sb_family_report_merge: member %llu is %s",
                            (unsigned long long)(bad < i ? bad : i),
                            bad < i ? "repeated" : "missing");
        }
        out->layouts += out->members[i].layouts;
        out->ncomponents += out->members[i].ncomponents;
    }
    out->family_members = family;
    return SB_OK;
}

void sb_census_member_free(sb_census_member *m)
{
    if (!m)
        return;
    free(m->components);
    free(m->examples);
    free(m->hardest);
    m->components = NULL;
    m->examples = m->hardest = NULL;
}

void sb_census_report_free(sb_census_report *r)
{
    if (!r)
        return;
    for (size_t i = 0; r->members && i < r->nmembers; i++)
        sb_census_member_free(&r->members[i]);
    free(r->members);
    free(r->counts);
    free(r->kinds);
    memset(r, 0, sizeof *r);
}

/* A copy of n items of size bytes (NULL for NULL); *ok false out of
 * memory. */
static void *copy_of(const void *from, size_t n, size_t size, bool *ok)
{
    if (!from)
        return NULL;
    void *to = malloc(n * size + 1);
    if (!to)
        *ok = false;
    else if (n)
        memcpy(to, from, n * size);
    return to;
}

/* *to becomes a deep copy of *from, but for counts (the report's
 * storage, set by the caller).  false out of memory (*to is then freed). */
static bool member_copy(sb_census_member *to, const sb_census_member *from)
{
    bool ok = true;
    *to = *from;
    to->components = copy_of(from->components, from->ncomponents, sizeof *from->components, &ok);
    to->examples = copy_of(from->examples, from->ncomponents * from->nblocks,
                           sizeof *from->examples, &ok);
    to->hardest = copy_of(from->hardest, from->ncomponents * from->nblocks,
                          sizeof *from->hardest, &ok);
    if (!ok)
        sb_census_member_free(to);
    return ok;
}

/* Enumeration order (layouts.c) of two layouts of one member, each given
 * as its blocks in row-major order of anchors: every cell before the
 * first block that differs is the same in both (covered alike, since the
 * pieces anchored before it are), so there the layout whose anchor comes
 * later has an empty cell where the other has an anchor, and is first;
 * at one anchor, the lesser class is. */
static int layout_order(const sb_pieces *classes, const sb_block *a, const sb_block *b,
                        size_t nblocks)
{
    for (size_t k = 0; k < nblocks; k++) {
        if (a[k].row != b[k].row || a[k].col != b[k].col)
            return a[k].row > b[k].row || (a[k].row == b[k].row && a[k].col > b[k].col) ? -1
                                                                                        : 1;
        int x = sbi_pieces_find(classes, &a[k]), y = sbi_pieces_find(classes, &b[k]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

/* Joins part into m, two disjoint sets of parts of one member, each with
 * its list in the report's order (largest first, ties in enumeration
 * order of their first layouts, which examples hold): the counts summed,
 * and of both lists the keep best (0: all) by the census's policy
 * (keep_best).  SB_EINPUT when they cannot be of one member (no examples
 * to order by, other shapes), SB_ELIMIT out of memory: m is then as it
 * was. */
static sb_status member_join(sb_census_member *m, const sb_census_member *part,
                             const sb_pieces *classes, uint64_t keep)
{
    size_t na = m->ncomponents, nb = part->ncomponents, n = na + nb, w = m->nblocks;
    bool goal = m->hardest != NULL;
    if ((na && !m->examples) || (nb && !part->examples) || part->nblocks != w ||
        goal != (part->hardest != NULL))
        return SB_EINPUT;
    pick *order = malloc((n + 1) * sizeof *order);
    if (!order)
        return SB_ELIMIT;
    /* Both lists are in the report's order: merged, they are too. */
    for (size_t i = 0, j = 0, at = 0; at < n; at++) {
        bool first = j == nb;
        if (i < na && j < nb) {
            const sb_component *x = &m->components[i], *y = &part->components[j];
            first = x->size != y->size ? x->size > y->size
                                       : layout_order(classes, m->examples + i * w,
                                                      part->examples + j * w, w) < 0;
        }
        const sb_census_member *from = first ? m : part;
        size_t k = first ? i++ : j++;
        order[at] = pick_of(from, k, at, &from->components[k]);
    }
    n = keep_best(order, n, keep, goal);
    sb_component *list = malloc((n + 1) * sizeof *list);
    sb_block *examples = malloc((n * w + 1) * sizeof *examples);
    sb_block *hardest = goal ? malloc((n * w + 1) * sizeof *hardest) : NULL;
    if (!list || !examples || (goal && !hardest)) {
        free(order);
        free(list);
        free(examples);
        free(hardest);
        return SB_ELIMIT;
    }
    for (size_t k = 0; k < n; k++) {
        const sb_census_member *from = order[k].from;
        size_t i = order[k].i;
        list[k] = from->components[i];
        memcpy(examples + k * w, from->examples + i * w, w * sizeof *examples);
        if (goal)
            memcpy(hardest + k * w, from->hardest + i * w, w * sizeof *hardest);
    }
    free(order);
    sb_census_member_free(m);
    m->components = list;
    m->examples = examples;
    m->hardest = hardest;
    m->ncomponents = n;
    m->layouts += part->layouts;
    m->all_components += part->all_components;
    m->goal_components += part->goal_components;
    if (part->largest > m->largest)
        m->largest = part->largest;
    if (part->hardest_moves != SB_DISTANCE_NONE &&
        (m->hardest_moves == SB_DISTANCE_NONE || part->hardest_moves > m->hardest_moves))
        m->hardest_moves = part->hardest_moves;
    if (part->peak_bytes > m->peak_bytes)
        m->peak_bytes = part->peak_bytes;
    m->parts |= part->parts;
    return SB_OK;
}

/* A census kind as a block of its class (a marked kind k is group k + 1),
 * anchored at 0 0.  A kind whose shape (in shapes, the census's
 * kind_shapes; NULL: none) does not fill its box names it: shape k + 1,
 * so the blocks a report hands back say their kind by their shape. */
static sb_block kind_block(const sb_census_kind *kind, const sb_puzzle *shapes, size_t k)
{
    sb_block b = { 0, 0, kind->height, kind->width, shapes && shapes->shapes ? (int)k + 1 : 0,
                   0, SB_AXIS_ANY, 0 };
    if (b.shape && sb_block_is_plain(shapes, &b))
        b.shape = 0;   /* a full box: the rectangle, of one class with it */
    b.group = kind->marked ? (int)k + 1 : 0;
    b.axis = kind->axis;
    return b;
}

/* Member i of a merged report, from the reports that hold it: one that
 * holds it whole (several may, when a part that lines.c declined had the
 * graph map it whole: nparts > 1), or else its parts joined.  SB_OK, or
 * SB_EINPUT with *wrong saying what is wrong, or SB_ELIMIT. */
static sb_status merge_member(const sb_census_report *parts, size_t nparts, size_t i,
                              const sb_pieces *classes, sb_census_report *out,
                              const char **wrong)
{
    sb_census_member *m = &out->members[i];
    const sb_census_member *whole = NULL;
    for (size_t k = 0; k < nparts; k++) {
        const sb_census_member *p = &parts[k].members[i];
        if (!p->mapped)
            continue;
        if (whole && (whole->nparts <= 1 || p->nparts <= 1)) {
            *wrong = "repeated";
            return SB_EINPUT;
        }
        whole = whole ? whole : p;
    }
    if (whole)   /* parts of it elsewhere are moot */
        return member_copy(m, whole) ? SB_OK : SB_ELIMIT;
    uint32_t cut = 0;
    for (size_t k = 0; k < nparts; k++) {
        const sb_census_member *p = &parts[k].members[i];
        if (!p->parts)
            continue;
        if (!out->kinds) {
            *wrong = "in parts, and the reports carry no kinds to join them by";
            return SB_EINPUT;
        }
        if ((cut && p->nparts != cut) || p->nparts < 2 || p->nparts > 64 ||
            (p->parts & ~all_parts(p->nparts))) {
            *wrong = "cut differently in different reports";
            return SB_EINPUT;
        }
        if (m->parts & p->parts) {
            *wrong = "repeated (a part of it)";
            return SB_EINPUT;
        }
        cut = p->nparts;
        if (m->parts) {
            sb_status st = member_join(m, p, classes, out->keep);
            if (st == SB_EINPUT)
                *wrong = "in parts that do not join (no examples, or other pieces)";
            if (st != SB_OK)
                return st;
        } else if (!member_copy(m, p)) {
            return SB_ELIMIT;
        }
    }
    if (!cut || m->parts != all_parts(cut)) {
        *wrong = cut ? "missing (a part of it)" : "missing";
        return SB_EINPUT;
    }
    member_whole(m);
    return SB_OK;
}

sb_status sb_census_report_merge(const sb_census_report *parts, size_t nparts,
                                 sb_census_report *out, sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "sb_census_report_merge: the record to fill is NULL");
    memset(out, 0, sizeof *out);
    if (!parts || nparts == 0)
        return sbi_fail(err, SB_EINPUT, "sb_census_report_merge: no reports to merge");
    size_t nkinds = parts[0].nkinds, nmembers = parts[0].nmembers;
    if (nkinds > SB_MAX_CLASSES)
        return sbi_fail(err, SB_EINPUT, "sb_census_report_merge: %zu kinds (a census has at "
                        "most %d)", nkinds, SB_MAX_CLASSES);
    for (size_t k = 0; k < nparts; k++) {
        const sb_census_report *p = &parts[k];
        bool same = p->nkinds == nkinds && p->nmembers == nmembers &&
                    p->keep == parts[0].keep && !p->kinds == !parts[0].kinds &&
                    (!nmembers || (p->members && p->counts)) &&
                    (!nmembers || !nkinds ||
                     memcmp(p->counts, parts[0].counts, nmembers * nkinds * sizeof *p->counts) ==
                         0);
        for (size_t q = 0; same && p->kinds && q < nkinds; q++) {
            const sb_census_kind *x = &p->kinds[q], *y = &parts[0].kinds[q];
            same = x->height == y->height && x->width == y->width && x->axis == y->axis &&
                   x->marked == y->marked;
        }
        if (!same)
            return sbi_fail(err, SB_EINPUT, "sb_census_report_merge: report %zu is of another "
                            "census than report 0 (its members, kinds or keep differ)", k);
    }
    out->nkinds = nkinds;
    out->nmembers = nmembers;
    out->keep = parts[0].keep;
    bool ok = true;
    out->members = calloc(nmembers + 1, sizeof *out->members);
    out->counts = copy_of(parts[0].counts, nmembers * nkinds, sizeof *out->counts, &ok);
    out->kinds = copy_of(parts[0].kinds, nkinds, sizeof *out->kinds, &ok);
    if (!out->members || !ok) {
        sb_census_report_free(out);
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    }
    /* The kinds as classes, which order the blocks of a member's layouts. */
    sb_puzzle plain = { 0 };
    sb_pieces classes = { .source = &plain };
    for (size_t k = 0; out->kinds && k < nkinds; k++)
        classes.proto[classes.nclasses++] = kind_block(&out->kinds[k], NULL, k);
    for (size_t i = 0; i < nmembers; i++) {
        const char *wrong = "";
        sb_status st = merge_member(parts, nparts, i, &classes, out, &wrong);
        sb_census_member *m = &out->members[i];
        m->counts = out->counts + i * nkinds;
        if (st != SB_OK) {
            sb_census_report_free(out);
            return st == SB_ELIMIT ? sbi_fail(err, SB_ELIMIT, "out of memory")
                                   : sbi_fail(err, SB_EINPUT, "sb_census_report_merge: member "
                                              "%zu is %s", i, wrong);
        }
        out->layouts += m->layouts;
        out->ncomponents += m->all_components;
        if (m->peak_bytes > out->peak_bytes)
            out->peak_bytes = m->peak_bytes;
    }
    for (size_t k = 0; k < nparts; k++)
        if (parts[k].seconds > out->seconds)
            out->seconds = parts[k].seconds;
    return SB_OK;
}

/* A kind's name for a message: a caller's record need not end it. */
#define NAME(kind) (int)sizeof (kind)->name, (kind)->name

sb_status sb_census(const sb_census_spec *spec, const sb_options *opts,
                    const sb_census_hooks *hooks, sb_census_report *out, sb_error *err)
{
    sb_options defaults;
    sb_status bad = sbi_call_check("sb_census", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    if (!spec)
        return sbi_fail(err, SB_EINPUT, "sb_census: spec is NULL");
    if (!sbi_zeroed(spec->reserved, sizeof spec->reserved))
        return sbi_fail(err, SB_EINPUT, "sb_census: the spec's reserved space is not zero (a "
                        "field this libslide %s does not know)", SLIDE_VERSION);
    if (hooks && !sbi_zeroed(hooks->reserved, sizeof hooks->reserved))
        return sbi_fail(err, SB_EINPUT, "sb_census: the hooks' reserved space is not NULL (a "
                        "function this libslide %s does not know)", SLIDE_VERSION);
    if (hooks && hooks->take && opts && opts->nshards > 1)
        return sbi_fail(err, SB_EINPUT, "sb_census: hooks->take and opts->nshards both split "
                        "the members; use one");
    if (spec->any_pieces)
        return sbi_fail(err, SB_EINPUT, "sb_census: every piece set (any_pieces) is "
                        "sb_census_piecesets's census");
    if (spec->corner_goal || spec->piece_cells || spec->min_pieces || spec->max_pieces)
        return sbi_fail(err, SB_EINPUT, "sb_census: the corner-to-corner goal and the bounds "
                        "on pieces take every piece set (any_pieces, sb_census_piecesets)");
    opts = sbi_options_or_default(opts, &defaults);
    if (spec->rows < 1 || spec->cols < 1 ||
        (long)spec->rows * spec->cols > SB_MAX_CELLS)
        return sbi_fail(err, SB_EINPUT, "the tray must have 1 to %d cells", SB_MAX_CELLS);
    if (spec->nkinds > SB_MAX_CLASSES || (spec->nkinds && !spec->kinds) ||
        (spec->ngoals && (!spec->goals || !spec->goal_kind)))
        return sbi_fail(err, SB_EINPUT, "a census takes 0 to %d kinds of piece, and goals "
                        "with their kinds", SB_MAX_CLASSES);
    /* The source puzzle carries the tray, its walls, the kinds' shapes
     * (kind k's is shape k + 1) and the goal; kinds become classes, a
     * marked kind a group of its own. */
    sb_puzzle source = { .rows = spec->rows, .cols = spec->cols, .walls = spec->walls,
                         .nshapes = spec->kind_shapes ? spec->nkinds : 0,
                         .shapes = spec->kind_shapes };
    sb_alphabet a = { .pieces = { .rows = spec->rows, .cols = spec->cols, .source = &source },
                      .min_empty = spec->min_empty, .diameters = spec->diameters,
                      .examples = true, .hardest = spec->ngoals > 0, .keep = spec->keep };
    for (size_t k = 0; k < spec->nkinds; k++) {
        const sb_census_kind *kind = &spec->kinds[k];
        if (kind->height < 1 || kind->width < 1 || kind->height > spec->rows ||
            kind->width > spec->cols || kind->min > kind->max ||
            (unsigned)kind->axis > SB_AXIS_COL)
            return sbi_fail(err, SB_EINPUT, "kind %zu (%.*s): a %dx%d piece, %u..%u of it, does "
                            "not fit the %dx%d tray or its counts are reversed", k + 1,
                            NAME(kind), kind->height, kind->width, kind->min, kind->max,
                            spec->rows, spec->cols);
        const sb_shape *shape = spec->kind_shapes ? &spec->kind_shapes[k] : NULL;
        const char *fault = shape ? sbi_shape_fault(shape) : NULL;
        if (fault || (shape && (shape->height != kind->height || shape->width != kind->width)))
            return sbi_fail(err, SB_EINPUT, "kind %zu (%.*s): its shape %s", k + 1, NAME(kind),
                            fault ? fault : "has another box than the kind's height x width");
        sb_block b = kind_block(kind, &source, k);
        if (sbi_pieces_find(&a.pieces, &b) >= 0)
            return sbi_fail(err, SB_EINPUT, "kind %zu (%.*s) is a kind listed before it: the "
                            "same shape and axis, unmarked", k + 1, NAME(kind));
        int s = sbi_pieces_class(&a.pieces, &b);
        a.min[s] = kind->min;
        a.max[s] = kind->max;
        if (kind->pinned) {
            /* A pin holds only along the line the piece never leaves. */
            int lines = kind->axis == SB_AXIS_ROW ? spec->rows : spec->cols;
            if (kind->axis == SB_AXIS_ANY || kind->pin_first < 0 ||
                kind->pin_first > kind->pin_last || kind->pin_last >= lines)
                return sbi_fail(err, SB_EINPUT, "kind %zu (%.*s): a pin takes a kind that slides "
                                "along rows (its rows) or columns (its columns), from 0 to %d",
                                k + 1, NAME(kind), lines - 1);
            /* The kind pins its anchor's column; the engine, the box's. */
            int left = kind->axis == SB_AXIS_COL ? sb_block_anchor_offset(&source, &b) : 0;
            a.pieces.pinned |= 1ULL << s;
            a.pieces.pin_first[s] = (int16_t)(kind->pin_first - left);
            a.pieces.pin_last[s] = (int16_t)(kind->pin_last - left);
        }
    }
    sb_block *goals = calloc(spec->ngoals + 1, sizeof *goals);
    if (!goals)
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    for (size_t g = 0; g < spec->ngoals; g++) {
        size_t k = spec->goal_kind[g];
        const sb_block *at = &spec->goals[g];
        int left = k < spec->nkinds ? at->col - sb_block_anchor_offset(&source,
                                                                       &a.pieces.proto[k]) : 0;
        if (k >= spec->nkinds || at->row < 0 || left < 0 ||
            at->row + spec->kinds[k].height > spec->rows ||
            left + spec->kinds[k].width > spec->cols) {
            free(goals);
            return sbi_fail(err, SB_EINPUT, "goal %zu names no kind, or its piece leaves the "
                            "tray", g + 1);
        }
        const sb_census_kind *kind = &spec->kinds[k];
        int line = kind->axis == SB_AXIS_ROW ? at->row : at->col;
        if (kind->pinned && (line < kind->pin_first || line > kind->pin_last)) {
            free(goals);
            return sbi_fail(err, SB_EINPUT, "goal %zu (%.*s at %d %d) is off its kind's pin, "
                            "%d..%d: no member could reach it", g + 1, NAME(kind), at->row,
                            at->col, kind->pin_first, kind->pin_last);
        }
        goals[g] = a.pieces.proto[k];
        goals[g].row = at->row;
        goals[g].col = at->col;
    }
    source.ngoals = spec->ngoals;
    source.goals = goals;
    /* Off the walls and not on one another's cells: puzzle.c's goal
     * check, here before any member is mapped. */
    sb_status bad_goal = sbi_puzzle_check_goals(&source, err);
    if (bad_goal != SB_OK) {
        free(goals);
        return bad_goal;
    }
    sb_status status = sbi_alphabet_census(&a, opts, hooks, out, err);
    free(goals);
    if (status == SB_OK) {
        bool ok = true;
        out->keep = spec->keep;
        out->kinds = copy_of(spec->kinds, spec->nkinds, sizeof *out->kinds, &ok);
        if (!ok) {
            sb_census_report_free(out);
            return sbi_fail(err, SB_ELIMIT, "out of memory");
        }
    }
    return status;
}
