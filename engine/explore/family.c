/*
 * family.c - the layouts and components of a whole family of
 * piece sets (sb_family): INIT's pieces stay, but for its plain 1x1, 1x2
 * and 2x1 blocks (interchangeable rectangles that slide both ways), and
 * every mix of those three around them is a member.  Pieces of any other
 * shape, marked or grouped pieces, one-axis pieces and walls are the
 * fixed part, like Klotski's 2x2.
 *
 * Each member is mapped on its own by sb_map_pieces without diameters, so
 * memory is that of the largest member, not of the family (times the
 * threads: with opts->threads > 1, that many members are mapped at once,
 * each thread taking the next member not yet taken; every member's counts
 * go to its own slot, so the report is the same for any number of
 * threads).  Members keep
 * at least INIT's number of empty cells: fewer would not be the same kind
 * of puzzle (Klotski's family leaves two).
 *
 * Sharding (opts->shard of opts->nshards) keeps every nshards-th member
 * by its index in that whole order, so processes can split a family with
 * no talk between them and sb_family_report_merge() can rebuild the
 * unsharded report from the indices alone.  Members are taken
 * round-robin rather than in blocks because their sizes grow and shrink
 * smoothly along the order: neighbours cost about the same, so every
 * shard gets a similar mix.
 *
 * Invariant: members come by units, then wides, then talls, and each
 * member's classes are the fixed ones followed by 1x1, 1x2, 2x1 (those it
 * has), so its layouts are numbered as for a puzzle file listing them so.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

/* Threads beyond the caller's that one family starts at most. */
enum { SB_FAMILY_MAX_THREADS = 255 };

/* Appends one member's counts to out.  false out of memory. */
static bool add_member(sb_family_report *out, size_t *cap, sb_family_member m)
{
    if (out->nmembers == *cap) {
        *cap *= 2;
        sb_family_member *grown = realloc(out->members, *cap * sizeof *grown);
        if (!grown)
            return false;
        out->members = grown;
    }
    out->members[out->nmembers++] = m;
    return true;
}

/* A plain h x w block: a rectangle of group 0 that slides both ways. */
static sb_block plain(int h, int w)
{
    return (sb_block){ 0, 0, h, w, 0, 0, SB_AXIS_ANY, 0 };
}

/* Adds n plain h x w blocks to pc, if any; the caller has left room. */
static void add_blocks(sb_pieces *pc, int h, int w, uint32_t n)
{
    sb_block b = plain(h, w);
    if (n)
        pc->count[sb_pieces_class(pc, &b)] = n;
}

/* Whether class s of pc is one of the three that vary. */
static bool varies(const sb_pieces *pc, int s)
{
    static const int sizes[3][2] = { { 1, 1 }, { 1, 2 }, { 2, 1 } };
    for (int k = 0; k < 3; k++) {
        sb_block b = plain(sizes[k][0], sizes[k][1]);
        if (sb_block_same_class(pc->source, &pc->proto[s], &b))
            return true;
    }
    return false;
}

/* One member to map and what came of it. */
typedef struct job {
    sb_pieces pc;
    sb_status status;
    sb_error err;
    uint64_t layouts, ncomponents;
    size_t peak;
    bool done;
} job;

/* The members, and the threads that take them in order, one at a time. */
typedef struct crew {
    job *jobs;
    size_t njobs, next;
    const sb_options *opts;
    double t0;
    bool stop;                       /* a member failed: take no more */
    pthread_mutex_t lock;            /* guards next, stop and the progress callback */
} crew;

/* The user's progress callback, one thread at a time. */
static void progress_locked(const sb_progress *p, void *ctx)
{
    crew *c = ctx;
    pthread_mutex_lock(&c->lock);
    c->opts->progress(p, c->opts->progress_ctx);
    pthread_mutex_unlock(&c->lock);
}

/* Maps one member under the family's options; each member has its own
 * meter, and the deadline is the family's. */
static void map_member(crew *c, job *j)
{
    sb_options member = *c->opts;
    member.threads = 1;   /* the family's threads map members, one each */
    if (c->opts->limits.max_seconds > 0) {
        member.limits.max_seconds -= sb_clock() - c->t0;
        if (member.limits.max_seconds <= 0)
            member.limits.max_seconds = 1e-9;
    }
    if (c->opts->progress) {
        member.progress = progress_locked;
        member.progress_ctx = c;
    }
    sb_piece_map res;
    j->status = sb_map_pieces(&j->pc, SB_METRIC_UNIT, false, false, &member, NULL, 0, &res,
                              &j->err);
    if (j->status == SB_ELIMIT && j->err.limit == SB_LIMIT_SECONDS)
        j->err.limit_value = c->opts->limits.max_seconds;
    if (j->status == SB_OK) {
        free(res.components);
        j->layouts = res.layouts;
        j->ncomponents = res.ncomponents;
        j->peak = res.peak;
    }
    j->done = true;
}

static void *worker(void *arg)
{
    crew *c = arg;
    for (;;) {
        pthread_mutex_lock(&c->lock);
        size_t i = c->stop ? c->njobs : c->next++;
        pthread_mutex_unlock(&c->lock);
        if (i >= c->njobs)
            return NULL;
        map_member(c, &c->jobs[i]);
        if (c->jobs[i].status != SB_OK) {
            pthread_mutex_lock(&c->lock);
            c->stop = true;
            pthread_mutex_unlock(&c->lock);
        }
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
    for (unsigned k = 1; k < nthreads && (size_t)k < c->njobs; k++) {
        if (pthread_create(&extra[started], NULL, worker, c) != 0)
            break;   /* fewer threads: slower, not wrong */
        started++;
    }
    worker(c);
    for (unsigned k = 0; k < started; k++)
        pthread_join(extra[k], NULL);
}

sb_status sb_family(const sb_puzzle *p, const sb_options *opts, sb_family_report *out,
                    sb_error *err)
{
    sb_options defaults;
    sb_status bad = sb_call_check("sb_family", out, sizeof *out, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sb_options_or_default(opts, &defaults);
    double t0 = sb_clock();
    sb_pieces base;
    sb_status status = sb_pieces_of(p, &base, err);
    if (status != SB_OK)
        return status;
    /* The fixed part: every class but the three small plain ones. */
    sb_pieces fixed = base;
    fixed.nclasses = 0;
    uint32_t free_cells = base.empties;
    for (int s = 0; s < base.nclasses; s++) {
        if (!varies(&base, s)) {
            if (fixed.nclasses == SB_MAX_CLASSES - 3)
                return sb_fail(err, SB_EINPUT, "a family keeps at most %d classes of "
                               "pieces besides the 1x1, 1x2 and 2x1 blocks; this puzzle has "
                               "more", SB_MAX_CLASSES - 3);
            fixed.proto[fixed.nclasses] = base.proto[s];
            fixed.count[fixed.nclasses++] = base.count[s];
            continue;
        }
        free_cells += (uint32_t)(base.proto[s].height * base.proto[s].width) * base.count[s];
    }
    size_t cap = 64;
    out->members = malloc(cap * sizeof *out->members);
    if (!out->members)
        return sb_fail(err, SB_ELIMIT, "out of memory");
    uint32_t room = free_cells - base.empties;
    unsigned nshards = opts->nshards ? opts->nshards : 1;
    uint64_t index = 0;
    for (uint32_t units = 0; units <= room; units++)
        for (uint32_t wides = 0; units + 2 * wides <= room; wides++)
            for (uint32_t talls = 0; units + 2 * (wides + talls) <= room; talls++, index++)
                if (index % nshards == opts->shard &&
                    !add_member(out, &cap,
                                (sb_family_member){ units, wides, talls, 0, 0, index })) {
                    sb_family_report_free(out);
                    return sb_fail(err, SB_ELIMIT, "out of memory");
                }
    out->family_members = index;
    crew c = { .njobs = out->nmembers, .opts = opts, .t0 = t0 };
    c.jobs = calloc(c.njobs, sizeof *c.jobs);
    if (!c.jobs || pthread_mutex_init(&c.lock, NULL) != 0) {
        free(c.jobs);
        sb_family_report_free(out);
        return sb_fail(err, SB_ELIMIT, "out of memory");
    }
    for (size_t i = 0; i < c.njobs; i++) {
        const sb_family_member *m = &out->members[i];
        c.jobs[i].pc = fixed;
        add_blocks(&c.jobs[i].pc, 1, 1, m->units);
        add_blocks(&c.jobs[i].pc, 1, 2, m->wides);
        add_blocks(&c.jobs[i].pc, 2, 1, m->talls);
        c.jobs[i].pc.empties = free_cells - m->units - 2 * (m->wides + m->talls);
    }
    run_crew(&c, opts->threads);
    pthread_mutex_destroy(&c.lock);
    /* The first member that failed, in member order, says why. */
    status = SB_OK;
    for (size_t i = 0; i < c.njobs; i++) {
        const job *j = &c.jobs[i];
        if (j->done && j->status != SB_OK) {
            status = j->status;
            if (err)
                *err = j->err;
            break;
        }
        out->members[i].layouts = j->layouts;
        out->members[i].ncomponents = j->ncomponents;
        out->layouts += j->layouts;
        out->ncomponents += j->ncomponents;
        if (j->peak > out->peak_bytes)
            out->peak_bytes = j->peak;
    }
    free(c.jobs);
    if (status != SB_OK) {
        sb_family_report_free(out);
        return status;
    }
    out->seconds = sb_clock() - t0;
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
        return sb_fail(err, SB_EINPUT, "sb_family_report_merge: the record to fill is NULL");
    memset(out, 0, sizeof *out);
    if (!parts || nparts == 0)
        return sb_fail(err, SB_EINPUT, "sb_family_report_merge: no reports to merge");
    uint64_t family = parts[0].family_members;
    size_t total = 0;
    for (size_t k = 0; k < nparts; k++) {
        if (parts[k].family_members != family)
            return sb_fail(err, SB_EINPUT, "sb_family_report_merge: report %zu is of a family "
                           "of %llu members, report 0 of %llu", k,
                           (unsigned long long)parts[k].family_members,
                           (unsigned long long)family);
        if (parts[k].nmembers && !parts[k].members)
            return sb_fail(err, SB_EINPUT, "sb_family_report_merge: report %zu has no members "
                           "array", k);
        total += parts[k].nmembers;
    }
    /* Every index once: as many members as the family has, none out of
     * range, and no two alike once sorted. */
    if (total != family)
        return sb_fail(err, SB_EINPUT, "sb_family_report_merge: the reports hold %zu members "
                       "of a family of %llu: a shard is %s", total, (unsigned long long)family,
                       total < family ? "missing" : "repeated");
    out->members = malloc((total ? total : 1) * sizeof *out->members);
    if (!out->members)
        return sb_fail(err, SB_ELIMIT, "out of memory");
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
            return sb_fail(err, SB_EINPUT, "sb_family_report_merge: member %llu is %s",
                           (unsigned long long)(bad < i ? bad : i),
                           bad < i ? "repeated" : "missing");
        }
        out->layouts += out->members[i].layouts;
        out->ncomponents += out->members[i].ncomponents;
    }
    out->family_members = family;
    return SB_OK;
}
