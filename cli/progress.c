/*
 * progress.c - the updating status line of a long search (see progress.h).
 *
 * The line is rewritten in place with a carriage return and an erase to
 * the end of the line (ESC [ K), which every terminal understands; it is
 * never written anywhere but a terminal, so the escape cannot end up in a
 * log.
 */
#include <stdlib.h>
#include <unistd.h>

#include "progress.h"

void sb_progress_line_init(sb_progress_line *pl, FILE *out)
{
    const char *ci = getenv("CI");
    pl->out = out;
    pl->drawn = false;
    pl->phase = NULL;
    pl->phase_start = 0;
    pl->phase_done = pl->phase_stored = 0;
    pl->enabled = isatty(fileno(out)) && !(ci && *ci);
}

void sb_progress_line_attach(sb_progress_line *pl, FILE *out, sb_options *opts)
{
    sb_progress_line_init(pl, out);
    if (opts->progress)
        return;
    opts->progress = sb_progress_line_update;
    opts->progress_ctx = pl;
}

/* Prints v with a k/M/G suffix so the line keeps its width. */
static void scaled(FILE *out, double v, const char *unit, double base)
{
    static const char *const pre[] = { "", "k", "M", "G", "T" };
    int i = 0;
    while (v >= base && i < 4)
        v /= base, i++;
    fprintf(out, i ? "%.1f%s%s" : "%.0f%s%s", v, pre[i], unit);
}

/* A phase's part of the line: "building pattern databases 37% (12.3M of
 * 33.2M), 4.1M/s, 8 s left"; the rate and time left count from when the
 * phase was first seen (what was done before the line first showed it
 * is not in the rate).  A phase that stores configurations as it goes
 * shows those and their rate instead of its units' ("mapping members 37%
 * (15 of 40), 1.2G stored, 26.0M/s, 20 s left"). */
static void phase_part(sb_progress_line *pl, const sb_progress *p)
{
    if (pl->phase != p->phase || p->done < pl->phase_done) {   /* new, or begun again */
        pl->phase = p->phase;
        pl->phase_start = p->seconds;
        pl->phase_done = p->done;
        pl->phase_stored = p->stored;
    }
    double spent = p->seconds - pl->phase_start;
    fprintf(pl->out, "%s ", p->phase);
    if (p->total) {
        fprintf(pl->out, "%.0f%% (", 100.0 * (double)p->done / (double)p->total);
        scaled(pl->out, (double)p->done, " of ", 1000);
        scaled(pl->out, (double)p->total, ")", 1000);
    } else {
        scaled(pl->out, (double)p->done, "", 1000);
    }
    /* Configurations stored as the phase goes (a census's layouts), not
     * its units themselves: their count, and their rate instead. */
    bool storing = p->stored > pl->phase_stored && p->stored != p->done;
    if (storing) {
        fputs(", ", pl->out);
        scaled(pl->out, (double)p->stored, " stored", 1000);
    }
    if (spent < 0.5)
        return;
    if (storing) {
        fputs(", ", pl->out);
        scaled(pl->out, (double)(p->stored - pl->phase_stored) / spent, "/s", 1000);
    }
    if (p->done <= pl->phase_done)
        return;
    double rate = (double)(p->done - pl->phase_done) / spent;
    if (!storing) {
        fputs(", ", pl->out);
        scaled(pl->out, rate, "/s", 1000);
    }
    if (p->total > p->done)
        fprintf(pl->out, ", %.0f s left", (double)(p->total - p->done) / rate);
}

/* A search's part of the line: "4.1M stored, depth 31, 2.3M/s"; or, for
 * a search that holds only its path (IDA*: it stores at most depth + 1
 * configurations, sb_progress says, and expands far more, again each
 * iteration), its work: "812.4M expanded, bound 74, 9.1M/s".  The rate
 * counts from when the search began: after the phase before it (a table
 * build), when the line saw one. */
static void search_part(sb_progress_line *pl, const sb_progress *p)
{
    if (pl->phase) {   /* the phase has ended: the search's counts start here */
        pl->phase = NULL;
        pl->phase_start = p->seconds;
        pl->phase_done = p->expanded;
        pl->phase_stored = p->stored;
    }
    bool path_only = p->expanded > p->stored && p->stored <= (uint64_t)p->depth + 1;
    uint64_t count = path_only ? p->expanded : p->stored;
    uint64_t before = path_only ? pl->phase_done : pl->phase_stored;
    scaled(pl->out, (double)count, path_only ? " expanded" : " stored", 1000);
    fprintf(pl->out, path_only ? ", bound %u" : ", depth %u", p->depth);
    double spent = p->seconds - pl->phase_start;
    if (spent >= 0.5 && count >= before) {
        fputs(", ", pl->out);
        scaled(pl->out, (double)(count - before) / spent, "/s", 1000);
    }
}

void sb_progress_line_update(const sb_progress *p, void *ctx)
{
    sb_progress_line *pl = ctx;
    if (!pl->enabled || p->seconds < 1.0)
        return;
    fputs("\rslide: ", pl->out);
    if (p->phase)
        phase_part(pl, p);
    else
        search_part(pl, p);
    fputs(", ", pl->out);
    scaled(pl->out, (double)p->bytes, "B memory", 1024);
    fprintf(pl->out, ", %.0f s\033[K", p->seconds);
    fflush(pl->out);
    pl->drawn = true;
}

void sb_progress_line_clear(sb_progress_line *pl)
{
    if (pl->drawn) {
        fputs("\r\033[K", pl->out);
        fflush(pl->out);
        pl->drawn = false;
    }
}
