/*
 * args.c - argument helpers shared by slide and slide-explore.
 *
 * Numbers a user types are decimal, and only decimal: digits (a size may
 * end in a unit, seconds may have a fraction), checked character by
 * character before any conversion, since strtoull and strtod on their own
 * take blanks, signs, hex ("0x10" is 16 s to strtod), exponents, inf and
 * nan.
 */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "slide_formats.h"

bool sb_args_amount(const char *s, bool binary, uint64_t *out)
{
    char *end;
    if (s[0] < '0' || s[0] > '9')
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return false;
    uint64_t scale = 1;
    if (binary && *end) {
        const char *units = "KMGT";
        const char *u = strchr(units, end[0] & ~0x20);
        if (!end[0] || !u || (end[1] && !((end[1] == 'B' || end[1] == 'b') && !end[2])))
            return false;
        for (const char *p = units; p <= u; p++)
            scale *= 1024;
        end = "";
    }
    if (*end || (v && scale > UINT64_MAX / v))
        return false;
    *out = v * scale;
    return true;
}

bool sb_args_seconds(const char *s, double *out)
{
    size_t whole = strspn(s, "0123456789"), fraction = 0;
    if (s[whole] == '.')
        fraction = strspn(s + whole + 1, "0123456789");
    size_t len = whole + (s[whole] == '.' ? 1 + fraction : 0);
    if (whole + fraction == 0 || s[len] != '\0')
        return false;
    *out = strtod(s, NULL);   /* digits and a point, as strtod reads them in any C locale */
    return true;
}

int sb_args_pick(const char *arg, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(arg, names[i]) == 0)
            return i;
    return -1;
}

uint64_t sb_args_default_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 0;
    return (uint64_t)pages * (uint64_t)page / 4 * 3;
}

void sb_args_return_freed_memory(void)
{
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
    /* glibc's malloc maps blocks from 128 KiB up apart and unmaps them
     * when freed, but raises that threshold to the size of each such
     * block freed (up to 32 MiB); blocks below it then come from the
     * thread's own heap and stay there when freed, a member's worth for
     * every thread of a census.  Fixed, the raising stops: Klotski's
     * family on 4 threads peaked at 38 MB resident instead of 56 MB, for
     * a few page faults more as each member's tables are mapped afresh
     * (they grow by mremap, without copying). */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

const char *sb_args_limit(const char *name, const char *arg, sb_limits *lim)
{
    if (strcmp(name, "max-states") == 0)
        return sb_args_amount(arg, false, &lim->max_states) && lim->max_states
                   ? NULL : "--max-states takes a positive count";
    if (strcmp(name, "max-memory") == 0)
        return sb_args_amount(arg, true, &lim->max_bytes) && lim->max_bytes
                   ? NULL : "--max-memory takes a size like 512M or 2G";
    double t = 0;
    if (!sb_args_seconds(arg, &t) || !(t > 0) || t > 1e9)
        return "--time-limit takes a positive number of seconds";
    lim->max_seconds = t;
    return NULL;
}

/* The programs' words for a hint (slide.h's sb_hint): the option that
 * would help.  A limit's is its own message's (below). */
static const char *hint_words(sb_hint hint)
{
    switch (hint) {
    case SB_HINT_PATH_GENERAL: return "--engine general";
    case SB_HINT_FORMAT_LINE: return "--format corners or --format sizes";
    case SB_HINT_ALGO: return "another --algo: auto picks one that can";
    default: return NULL;
    }
}

const char *sb_args_error_message(const sb_error *err, char *buf, size_t n)
{
    /* The engine words a limit "<the limit>, after <what was finished>"
     * (core/meter.h): the option that set the limit goes after the limit;
     * a cancel is the programs' Ctrl-C.  Any other failure gets its
     * hint's words. */
    static const char *const option[] = { [SB_LIMIT_STATES] = "--max-states",
                                          [SB_LIMIT_BYTES] = "--max-memory",
                                          [SB_LIMIT_SECONDS] = "--time-limit" };
    const char *after = strstr(err->msg, ", after ");
    int head = after ? (int)(after - err->msg) : (int)strlen(err->msg);
    const char *words = hint_words(err->hint);
    if (err->status == SB_ELIMIT && err->limit == SB_LIMIT_CANCELLED)
        snprintf(buf, n, "interrupted%s", after ? after : "");
    else if (err->status == SB_ELIMIT && err->limit >= SB_LIMIT_STATES &&
             err->limit <= SB_LIMIT_SECONDS)
        snprintf(buf, n, "%.*s (%s)%s", head, err->msg, option[err->limit], after ? after : "");
    else if (err->status != SB_ELIMIT && words)
        snprintf(buf, n, "%s (%s)", err->msg, words);
    else
        snprintf(buf, n, "%s", err->msg);
    return buf;
}

sb_status sb_args_fail(sb_error *err, sb_status status, const char *msg)
{
    if (err) {
        memset(err, 0, sizeof *err);
        err->status = status;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return status;
}

int sb_args_exit_code(sb_status status)
{
    switch (status) {
    case SB_OK:
        return 0;
    case SB_UNSOLVABLE:
        return 1;
    case SB_ELIMIT:
        return 3;
    case SB_EWRITE:
        /* Output that could not be written (a full disk, a closed pipe)
         * is no limit a larger one would pass, and proves nothing: 2, as
         * every failure that is not a limit. */
        return 2;
    default:
        return 2;
    }
}

/* The search a SIGINT cancels.  A signal handler can reach nothing else,
 * so this is the programs' one global; atomic, so the handler never sees
 * half a pointer. */
static _Atomic(sb_search *) interrupt_target;

static void on_interrupt(int sig)
{
    (void)sig;
    sb_search_cancel(atomic_load(&interrupt_target));   /* async-signal-safe (slide.h) */
}

void sb_args_cancel_on_interrupt(sb_search *s)
{
    /* What SIGINT did before, put back afterwards.  A program started with
     * SIGINT ignored (nohup, a background job) keeps ignoring it. */
    static struct sigaction before;
    static bool installed;
    if (s && !installed) {
        struct sigaction sa = { 0 };
        sigemptyset(&sa.sa_mask);
        sa.sa_handler = on_interrupt;
        sa.sa_flags = SA_RESETHAND;   /* the second Ctrl-C is the default's */
        if (sigaction(SIGINT, NULL, &before) != 0 || before.sa_handler == SIG_IGN)
            return;
        atomic_store(&interrupt_target, s);
        installed = sigaction(SIGINT, &sa, NULL) == 0;
    } else if (!s && installed) {
        sigaction(SIGINT, &before, NULL);
        installed = false;
        atomic_store(&interrupt_target, NULL);
    }
}

const char *sb_args_spill_dir(const char *dir, sb_options *opts, sb_cache **made, char *msg,
                              size_t n)
{
    *made = NULL;
    if (!dir)
        return NULL;
    struct stat st;
    const char *why = stat(dir, &st) != 0            ? strerror(errno)
                      : !S_ISDIR(st.st_mode)          ? "not a directory"
                      : access(dir, W_OK | X_OK) != 0 ? strerror(errno)
                                                      : NULL;
    if (why) {
        snprintf(msg, n, "--spill-dir %s: %s", dir, why);
        return msg;
    }
    sb_error err = { 0 };
    if (sb_fmt_cache_dir_new(dir, made, &err) != SB_OK) {
        snprintf(msg, n, "--spill-dir %s: %s", dir, err.msg);
        return msg;
    }
    opts->spill = *made;
    return NULL;
}
