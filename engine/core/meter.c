/*
 * meter.c - the search's allocator, limits and clock (meter.h says why
 * they are one thing).
 */
/* mremap and madvise's MADV_HUGEPAGE are Linux's, beyond POSIX. */
#define _GNU_SOURCE

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "core/check.h"
#include "core/error.h"
#include "core/meter.h"

double sbi_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

const sb_options *sbi_options_or_default(const sb_options *opts, sb_options *defaults)
{
    if (opts)
        return opts;
    sb_options_default(defaults);
    return defaults;
}

sb_status sbi_call_check(const char *fn, void *out, size_t size, const sb_options *opts,
                         sb_error *err)
{
    if (!out)
        return sbi_fail(err, SB_EINPUT, "%s: the record to fill is NULL", fn);
    memset(out, 0, size);
    if (!opts)
        return SB_OK;
    /* Enums from a caller may hold any int: each is compared, not trusted. */
    if (opts->metric != SB_METRIC_UNIT && opts->metric != SB_METRIC_LINE &&
        opts->metric != SB_METRIC_PIECE)
        return sbi_fail(err, SB_EINPUT, "%s: unknown metric %d", fn, (int)opts->metric);
    if (opts->algo != SB_ALGO_AUTO && opts->algo != SB_ALGO_BFS && opts->algo != SB_ALGO_ASTAR &&
        opts->algo != SB_ALGO_IDASTAR && opts->algo != SB_ALGO_BIDIR)
        return sbi_fail(err, SB_EINPUT, "%s: unknown algorithm %d", fn, (int)opts->algo);
    if (opts->path != SB_PATH_AUTO && opts->path != SB_PATH_BITBOARD &&
        opts->path != SB_PATH_GENERAL)
        return sbi_fail(err, SB_EINPUT, "%s: unknown representation %d", fn, (int)opts->path);
    if (opts->walk != SB_WALK_AUTO && opts->walk != SB_WALK_TABLE &&
        opts->walk != SB_WALK_FRONTIER && opts->walk != SB_WALK_RANKED &&
        opts->walk != SB_WALK_DISK)
        return sbi_fail(err, SB_EINPUT, "%s: unknown walk %d", fn, (int)opts->walk);
    /* Fields a newer header carved out of the reserved space (slide.h's
     * ABI): this library cannot honour them, so it says so. */
    if (!sbi_zeroed(opts->reserved, sizeof opts->reserved))
        return sbi_fail(err, SB_EINPUT, "%s: the options' reserved space is not zero (a "
                        "field this libslide %s does not know)", fn, SLIDE_VERSION);
    const sb_cache *c = opts->cache;
    if (c && (!c->open_read || !c->read || !c->close_read || !c->open_write || !c->write ||
              !c->close_write))
        return sbi_fail(err, SB_EINPUT, "%s: the cache lacks some of its functions", fn);
    if (c && !sbi_zeroed(c->reserved, sizeof c->reserved))
        return sbi_fail(err, SB_EINPUT, "%s: the cache's reserved space is not NULL (a "
                        "function this libslide %s does not know)", fn, SLIDE_VERSION);
    const sb_cache *sp = opts->spill;
    if (sp && (!sp->open_read || !sp->read || !sp->close_read || !sp->open_write ||
               !sp->write || !sp->close_write || !sp->remove))
        return sbi_fail(err, SB_EINPUT, "%s: the spill lacks some of its functions (it "
                        "needs remove too)", fn);
    if (sp && !sbi_zeroed(sp->reserved, sizeof sp->reserved))
        return sbi_fail(err, SB_EINPUT, "%s: the spill's reserved space is not NULL (a "
                        "function this libslide %s does not know)", fn, SLIDE_VERSION);
    if (opts->walk == SB_WALK_DISK && !sp)
        return sbi_fail(err, SB_EINPUT, "%s: the disk walk needs a spill to write its layers "
                        "to", fn);
    unsigned nshards = opts->nshards ? opts->nshards : 1;
    if (opts->shard >= nshards)
        return sbi_fail(err, SB_EINPUT, "%s: shard %u of %u does not exist (shards count "
                        "from 0)", fn, opts->shard, nshards);
    /* Written so that NaN fails too. */
    if (!(opts->limits.max_seconds >= 0))
        return sbi_fail(err, SB_EINPUT, "%s: the time limit must be a number >= 0 (0: none)",
                        fn);
    return SB_OK;
}

void sbi_budget_init(sb_budget *b, const sb_options *opts)
{
    atomic_init(&b->held, 0);
    atomic_init(&b->peak, 0);
    b->max = opts ? (size_t)opts->limits.max_bytes : 0;
    if (opts && opts->limits.max_bytes > SIZE_MAX)
        b->max = SIZE_MAX;
}

void sbi_meter_init(sb_meter *m, const sb_options *opts)
{
    memset(m, 0, sizeof *m);
    m->start = sbi_clock();
    m->tick_mask = 15;
    sbi_budget_init(&m->own, opts);
    if (!opts)
        return;
    m->limits = opts->limits;
    m->deadline = opts->limits.max_seconds > 0 ? m->start + opts->limits.max_seconds : 0;
    m->progress = opts->progress;
    m->progress_ctx = opts->progress_ctx;
    /* A handle's first member is its flag (meter.h). */
    m->cancel = (const sb_cancel_flag *)(const void *)opts->cancel;
}

void sbi_meter_draw_on(sb_meter *m, sb_budget *b)
{
    m->shared = b;
}

/* The budget m draws on.  Chosen here, not kept as a pointer to m->own,
 * so that a meter stays correct wherever its record is moved. */
static sb_budget *budget_of(sb_meter *m)
{
    return m->shared ? m->shared : &m->own;
}

size_t sbi_meter_budget_held(const sb_meter *m)
{
    const sb_budget *b = m->shared ? m->shared : &m->own;
    return atomic_load_explicit(&b->held, memory_order_relaxed);
}

bool sbi_meter_hold(sb_meter *m, size_t bytes)
{
    sb_budget *b = budget_of(m);
    size_t held = atomic_load_explicit(&b->held, memory_order_relaxed);
    do {
        /* Written so that it cannot overflow. */
        if (b->max && (bytes > b->max || held > b->max - bytes)) {
            m->hit = SB_LIMIT_BYTES;
            return false;
        }
    } while (!atomic_compare_exchange_weak_explicit(&b->held, &held, held + bytes,
                                                    memory_order_relaxed, memory_order_relaxed));
    held += bytes;
    size_t peak = atomic_load_explicit(&b->peak, memory_order_relaxed);
    while (held > peak && !atomic_compare_exchange_weak_explicit(&b->peak, &peak, held,
                                                                 memory_order_relaxed,
                                                                 memory_order_relaxed))
        ;
    m->held += bytes;
    if (m->held > m->peak)
        m->peak = m->held;
    return true;
}

void sbi_meter_keep(sb_meter *m, size_t bytes)
{
    SB_ASSERT(bytes <= m->held);
    m->held -= bytes <= m->held ? bytes : m->held;
}

void sbi_meter_release(sb_meter *m, size_t bytes)
{
    /* What is let go was held: a count that would go below zero is a
     * block freed twice or with the wrong size.  Never more than this
     * meter took, so that its budget stays the sum of what its meters
     * hold. */
    SB_ASSERT(bytes <= m->held);
    if (bytes > m->held)
        bytes = m->held;
    m->held -= bytes;
    atomic_fetch_sub_explicit(&budget_of(m)->held, bytes, memory_order_relaxed);
}

void sbi_meter_end(sb_meter *m)
{
    sbi_meter_release(m, m->held);
}

/* Whether a block may grow from old to size bytes, counted so when it
 * may (hit says why not).  Counting before the allocation is what makes
 * the limit hold for threads that allocate at once. */
static bool admit(sb_meter *m, size_t old, size_t size)
{
    return size <= old || sbi_meter_hold(m, size - old);
}

/* Counts what a block that went from old to size bytes (admitted) came
 * to: q is the allocator's answer, NULL when it failed, which gives the
 * growth back and records malloc's refusal. */
static void *counted(sb_meter *m, void *q, size_t old, size_t size)
{
    if (!q) {
        if (size > old)
            sbi_meter_release(m, size - old);
        m->hit = SB_LIMIT_MEMORY;
        return NULL;
    }
    if (size < old)
        sbi_meter_release(m, old - size);
    return q;
}

void *sbi_meter_realloc(sb_meter *m, void *p, size_t old, size_t size)
{
    if (size == 0) {
        sbi_meter_free(m, p, old);
        return NULL;
    }
    return admit(m, old, size) ? counted(m, realloc(p, size), old, size) : NULL;
}

void *sbi_meter_calloc(sb_meter *m, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) {
        m->hit = SB_LIMIT_MEMORY;
        return NULL;
    }
    /* calloc itself: large blocks come zeroed from the system for free. */
    size_t bytes = n * size;
    if (bytes == 0)
        bytes = 1;
    return admit(m, 0, bytes) ? counted(m, calloc(1, bytes), 0, bytes) : NULL;
}

void sbi_meter_free(sb_meter *m, void *p, size_t size)
{
    if (!p)
        return;
    free(p);
    sbi_meter_release(m, size);
}

/* realloc, zeroing what it adds (size 0: free). */
static void *heap_resize(void *p, size_t old, size_t size)
{
    if (size == 0) {
        free(p);
        return NULL;
    }
    unsigned char *q = realloc(p, size);
    if (q && size > old)
        memset(q + old, 0, size - old);
    return q;
}

#if defined(__linux__) && defined(MREMAP_FIXED) && defined(MADV_HUGEPAGE)
/* The huge page size of x86-64 and arm64's usual one.  Where huge pages
 * are larger, mappings are still correct, only not aligned to them.
 * Blocks smaller than one stay on the heap: a mapping of their own would
 * cost a system call per resize and a fault per page, more than such a
 * table gains, and they could not have a huge page anyway. */
#define HUGE_PAGE ((size_t)2 << 20)

/* size bytes of fresh address space at a HUGE_PAGE boundary, holding the
 * mapping at p (of old bytes) when p is not NULL; MAP_FAILED when the
 * system refused.  The space is reserved larger and trimmed to the
 * boundary: moving huge pages to an address that is not on one would
 * break them into small pages again. */
static void *map_aligned(void *p, size_t old, size_t size)
{
    size_t span = size + HUGE_PAGE;
    char *r = mmap(NULL, span, p ? PROT_NONE : PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED)
        return MAP_FAILED;
    char *a = (char *)(((uintptr_t)r + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (p && mremap(p, old, size, MREMAP_MAYMOVE | MREMAP_FIXED, a) == MAP_FAILED) {
        munmap(r, span);
        return MAP_FAILED;
    }
    if (a > r)
        munmap(r, (size_t)(a - r));
    if (r + span > a + size)
        munmap(a + size, (size_t)(r + span - (a + size)));
    return a;
}

/* The mapping of size bytes at p (or a new one), resized; NULL when the
 * system refused.  It grows where it is when the addresses after it are
 * free, else moves whole (page tables, not bytes) to a huge page
 * boundary. */
static void *remap(void *p, size_t old, size_t size)
{
    void *q = p ? mremap(p, old, size, 0) : MAP_FAILED;
    if (q == MAP_FAILED)
        q = map_aligned(p, old, size);
    if (q == MAP_FAILED)
        q = p ? mremap(p, old, size, MREMAP_MAYMOVE)
              : mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (q == MAP_FAILED)
        return NULL;
    /* Before any page of the new part is touched, or it comes in small
     * pages; advice only, so its failure changes nothing. */
    (void)madvise(q, size, MADV_HUGEPAGE);
    return q;
}

/* Resizes a block that lives on the heap below HUGE_PAGE bytes and in a
 * mapping of its own from there up, moving it across when it crosses. */
static void *map(void *p, size_t old, size_t size)
{
    bool was_mapped = old >= HUGE_PAGE, mapped = size >= HUGE_PAGE;
    if (was_mapped == mapped && size > 0)
        return mapped ? remap(p, old, size) : heap_resize(p, old, size);
    if (!was_mapped && !mapped)
        return heap_resize(p, old, size);
    size_t keep = old < size ? old : size;
    void *q = size == 0 ? NULL : mapped ? remap(NULL, 0, size) : malloc(size);
    if (size > 0 && !q)
        return NULL;
    if (keep)
        memcpy(q, p, keep);
    if (was_mapped)
        munmap(p, old);
    else
        free(p);
    return q;
}
#else
#define map heap_resize
#endif

void *sbi_meter_map(sb_meter *m, void *p, size_t old, size_t size)
{
    if (size == 0) {
        if (p) {
            map(p, old, 0);
            sbi_meter_release(m, old);
        }
        return NULL;
    }
    return admit(m, old, size) ? counted(m, map(p, old, size), old, size) : NULL;
}

/* True, with hit set, when the handle's flag is up.  Relaxed: the flag
 * carries no data with it, and a search that sees it a little late only
 * stops a little later. */
static bool cancelled(sb_meter *m)
{
    if (!m->cancel || !atomic_load_explicit(&m->cancel->requested, memory_order_relaxed))
        return false;
    m->hit = SB_LIMIT_CANCELLED;
    return true;
}

bool sbi_meter_late(sb_meter *m)
{
    if (cancelled(m))
        return true;
    if (m->deadline <= 0 || sbi_clock() <= m->deadline)
        return false;
    m->hit = SB_LIMIT_SECONDS;
    return true;
}

void sbi_meter_phase(sb_meter *m, const char *phase, uint64_t total)
{
    m->phase = phase;
    m->done = 0;
    m->total = total;
    m->next_progress = 0;
}

sb_status sbi_meter_check(sb_meter *m)
{
    if (cancelled(m))
        return SB_ELIMIT;
    double now = sbi_clock();
    if (m->deadline > 0 && now > m->deadline) {
        m->hit = SB_LIMIT_SECONDS;
        return SB_ELIMIT;
    }
    if (m->progress && now >= m->next_progress) {
        sb_progress p = { m->stored, m->expanded, m->depth, sbi_meter_budget_held(m),
                           now - m->start, m->phase, m->done, m->total };
        m->progress(&p, m->progress_ctx);
        m->next_progress = now + 0.25;
    }
    return SB_OK;
}

/* The engine's words for a limit at a value. */
static void say_limit(char *buf, size_t n, sb_limit hit, double value)
{
    switch (hit) {
    case SB_LIMIT_STATES:
        snprintf(buf, n, "gave up at the limit of %.0f configuration%s", value,
                 value == 1 ? "" : "s");
        break;
    case SB_LIMIT_BYTES: {
        /* The largest unit that divides it, so that 20M reads "20 MiB". */
        static const char *const units[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
        uint64_t bytes = (uint64_t)value;
        int u = 0;
        while (u < 4 && bytes >= 1024 && bytes % 1024 == 0) {
            bytes /= 1024;
            u++;
        }
        snprintf(buf, n, "gave up at the memory limit of %llu %s", (unsigned long long)bytes,
                 bytes == 1 && u == 0 ? "byte" : units[u]);
        break;
    }
    case SB_LIMIT_SECONDS:
        snprintf(buf, n, "gave up at the time limit of %g seconds", value);
        break;
    case SB_LIMIT_CANCELLED:
        snprintf(buf, n, "cancelled");
        break;
    default:
        snprintf(buf, n, "ran out of memory");
        break;
    }
}

sb_status sbi_limit_fail(sb_error *err, const char *finished, ...)
{
    if (!err)
        return SB_ELIMIT;
    char limit[96], done[sizeof err->msg - sizeof limit - sizeof ", after "];
    say_limit(limit, sizeof limit, err->limit, err->limit_value);
    va_list ap;
    va_start(ap, finished);
    vsnprintf(done, sizeof done, finished, ap);
    va_end(ap);
    err->status = SB_ELIMIT;
    snprintf(err->msg, sizeof err->msg, "%s, after %s", limit, done);
    return SB_ELIMIT;
}

sb_status sbi_meter_fail(const sb_meter *m, sb_error *err)
{
    const sb_limits *lim = &m->limits;
    if (!err)
        return SB_ELIMIT;
    sbi_fail(err, SB_ELIMIT, "%s", "");
    err->limit = m->hit == SB_LIMIT_NONE ? SB_LIMIT_MEMORY : m->hit;
    err->limit_value = m->hit == SB_LIMIT_STATES    ? (double)lim->max_states
                       : m->hit == SB_LIMIT_BYTES   ? (double)lim->max_bytes
                       : m->hit == SB_LIMIT_SECONDS ? lim->max_seconds
                                                    : 0;
    err->stored = m->stored;
    /* Out of memory or cancelled, a higher limit would not help. */
    if (m->hit == SB_LIMIT_STATES || m->hit == SB_LIMIT_BYTES || m->hit == SB_LIMIT_SECONDS)
        err->hint = SB_HINT_LIMIT;
    /* Work in a phase says how far the phase got too. */
    char phase[160] = "";
    if (m->phase && m->total)
        snprintf(phase, sizeof phase, ", %s (%llu of %llu done)", m->phase,
                 (unsigned long long)m->done, (unsigned long long)m->total);
    else if (m->phase)
        snprintf(phase, sizeof phase, ", %s", m->phase);
    if (m->path_only && m->expanded)
        return sbi_limit_fail(err, "expanding %llu configuration%s (bound %u)%s",
                              (unsigned long long)m->expanded, m->expanded == 1 ? "" : "s",
                              m->depth, phase);
    return sbi_limit_fail(err, "storing %llu configuration%s%s", (unsigned long long)m->stored,
                          m->stored == 1 ? "" : "s", phase);
}
