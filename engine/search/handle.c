/*
 * handle.c - sb_search, the search handle (slide.h): a puzzle, options,
 * and a flag that stops whatever search runs under them.
 *
 * The trick is that a handle adds no loop of its own.  Its first member is
 * the meter's sb_cancel_flag (core/meter.h), and each run hands the
 * handle to the one-call function through sb_options.cancel; the meter
 * then polls the flag wherever it already polls the deadline, so every
 * search, walk and census stops for a cancel exactly as it does at the
 * time limit.  The flag is a lock-free atomic, set and never cleared, so
 * sb_search_cancel() is safe from another thread or a signal handler, and
 * a cancel that arrives between two runs still stops the next one.
 *
 * A live handle carries a mark that sb_search_free() wipes, and every call
 * looks for it, so that a handle freed twice, or used after its free, is
 * refused rather than freed again (slide.h says how far that goes).
 */
#include <stdlib.h>
#include <string.h>

#include "slide_map.h"
#include "core/error.h"
#include "core/meter.h"

/* "sbsearch": what a live handle holds in .live. */
#define LIVE_SEARCH UINT64_C(0x7362736561726368)

struct sb_search {
    sb_cancel_flag cancel;   /* first: the meter reads it through sb_options.cancel */
    uint64_t live;           /* LIVE_SEARCH until sb_search_free wipes it */
    const sb_puzzle *puzzle; /* borrowed, checked by sb_search_new */
    sb_options opts;         /* the caller's, with cancel pointing here */
    sb_stats stats;          /* the last solve's */
};

sb_status sb_search_new(const sb_puzzle *p, const sb_options *opts, sb_search **out,
                        sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "sb_search_new: the handle to fill is NULL");
    *out = NULL;
    if (!p)
        return sbi_fail(err, SB_EINPUT, "sb_search_new: the puzzle is NULL");
    sb_status st = sb_puzzle_check(p, err);
    if (st != SB_OK)
        return st;
    sb_search *s = calloc(1, sizeof *s);
    if (!s)
        return sbi_fail(err, SB_ELIMIT, "out of memory");
    st = sbi_call_check("sb_search_new", &s->stats, sizeof s->stats, opts, err);
    if (st != SB_OK) {
        free(s);
        return st;
    }
    atomic_init(&s->cancel.requested, false);
    s->puzzle = p;
    sb_options defaults;
    s->opts = *sbi_options_or_default(opts, &defaults);
    s->opts.cancel = s;
    s->live = LIVE_SEARCH;
    *out = s;
    return SB_OK;
}

/* Whether s is a handle sb_search_new made and sb_search_free has not
 * freed (as far as its memory tells). */
static bool live(const sb_search *s)
{
    return s && s->live == LIVE_SEARCH;
}

void sb_search_free(sb_search *s)
{
    if (!live(s))
        return;
    s->live = 0;
    free(s);
}

void sb_search_cancel(sb_search *s)
{
    if (live(s))
        atomic_store(&s->cancel.requested, true);
}

bool sb_search_cancelled(const sb_search *s)
{
    return live(s) && atomic_load(&s->cancel.requested);
}

/* What every run checks first: a handle, and no cancel before it began
 * (a search might otherwise finish before it first polls the flag).  The
 * record to fill (size bytes, may be NULL) is zeroed when it may not, as
 * the one-call functions zero it, so freeing it is always safe. */
static sb_status may_run(const char *fn, const sb_search *s, void *out, size_t size,
                         sb_error *err)
{
    if ((!live(s) || sb_search_cancelled(s)) && out)
        memset(out, 0, size);
    if (!live(s))
        return sbi_fail(err, SB_EINPUT, "%s: the handle is %s", fn, s ? "freed" : "NULL");
    if (!sb_search_cancelled(s))
        return SB_OK;
    sb_status st = sbi_fail(err, SB_ELIMIT, "cancelled before it began");
    if (err)
        err->limit = SB_LIMIT_CANCELLED;
    return st;
}

sb_status sb_search_solve(sb_search *s, sb_solution *sol, sb_error *err)
{
    sb_status st = may_run("sb_search_solve", s, sol, sizeof *sol, err);
    if (st != SB_OK)
        return st;
    return sb_solve(s->puzzle, &s->opts, sol, &s->stats, err);
}

sb_status sb_search_explore(sb_search *s, sb_explore_report *out, sb_error *err)
{
    sb_status st = may_run("sb_search_explore", s, out, sizeof *out, err);
    return st != SB_OK ? st : sb_explore(s->puzzle, &s->opts, out, err);
}

sb_status sb_search_components(sb_search *s, bool diameters, sb_components_report *out,
                               sb_error *err)
{
    sb_status st = may_run("sb_search_components", s, out, sizeof *out, err);
    return st != SB_OK ? st : sb_components(s->puzzle, &s->opts, diameters, out, err);
}

sb_status sb_search_family(sb_search *s, sb_family_report *out, sb_error *err)
{
    sb_status st = may_run("sb_search_family", s, out, sizeof *out, err);
    return st != SB_OK ? st : sb_family(s->puzzle, &s->opts, out, err);
}

sb_status sb_search_stats(const sb_search *s, sb_stats *out)
{
    if (!live(s) || !out)
        return SB_EINPUT;
    *out = s->stats;
    return SB_OK;
}
