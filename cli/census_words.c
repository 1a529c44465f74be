/*
 * census_words.c - a census shard as 64-bit words and back (see
 * census_words.h).
 *
 * The central idea: one function, code_member, lists a member's fields
 * once, and a codec decides whether each is written to the words or read
 * from them.  Encoding and decoding cannot drift apart, and a field added
 * to sb_census_member is sent by adding one line there.  Encoding runs
 * twice, first with nowhere to write (to count the words), then for real.
 *
 * The words: a header (the census's members, how many follow, the
 * shard's time in nanoseconds), then each member it holds, whole or in
 * parts (sb_census_member.parts): its index, its scalars, its components
 * (five words each), then its examples and, with a goal, its hardest
 * starts (four words per block: two 32-bit fields a word).  Counts, kinds and keep are not sent: every rank lists the same
 * members, so the receiver has them (sb_census_from_words's `like`).
 *
 * Decoding trusts nothing it cannot check cheaply: an array is allocated
 * only when the words left could hold it, and a member out of range or
 * sent twice is refused, so a damaged message is an error, not a crash.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "census_words.h"

enum { HEADER_WORDS = 3 };

/* Where words go or come from. */
typedef struct codec {
    uint64_t *out;        /* encoding: the words, NULL to count them only */
    const uint64_t *in;   /* decoding: the words */
    size_t at, n;         /* words so far; decoding: words there are */
    bool decoding;
    bool ok;              /* false: the words ran out, or memory (oom) */
    bool oom;
} codec;

static void code_u64(codec *c, uint64_t *v)
{
    if (!c->ok)
        return;
    if (c->decoding) {
        if (c->at >= c->n) {
            c->ok = false;
            return;
        }
        *v = c->in[c->at];
    } else if (c->out) {
        c->out[c->at] = *v;
    }
    c->at++;
}

static void code_size(codec *c, size_t *v)
{
    uint64_t x = *v;
    code_u64(c, &x);
    *v = (size_t)x;
}

static void code_u32(codec *c, uint32_t *v)
{
    uint64_t x = *v;
    code_u64(c, &x);
    *v = (uint32_t)x;
}

static void code_bool(codec *c, bool *v)
{
    uint64_t x = *v;
    code_u64(c, &x);
    *v = x != 0;
}

/* Two ints in one word, as their 32-bit patterns. */
static void code_ints(codec *c, int *hi, int *lo)
{
    uint64_t x = (uint64_t)(uint32_t)*hi << 32 | (uint32_t)*lo;
    code_u64(c, &x);
    *hi = (int)(uint32_t)(x >> 32);
    *lo = (int)(uint32_t)x;
}

static void code_block(codec *c, sb_block *b)
{
    int axis = (int)b->axis, label = b->label;
    code_ints(c, &b->row, &b->col);
    code_ints(c, &b->height, &b->width);
    code_ints(c, &b->shape, &b->group);
    code_ints(c, &axis, &label);
    b->axis = (sb_axis)axis;
    b->label = (char)label;
}

/* Decoding: zeroed room for n items of size bytes, which take at least
 * per words each (NULL and ok false when the words left cannot hold
 * them, or out of memory).  Encoding: NULL, nothing to do. */
static void *room(codec *c, size_t n, size_t size, size_t per)
{
    if (!c->decoding || !c->ok)
        return NULL;
    if (n > (c->n - c->at) / per) {
        c->ok = false;
        return NULL;
    }
    void *p = calloc(n + 1, size);
    if (!p)
        c->ok = false, c->oom = true;
    return p;
}

static void code_blocks(codec *c, sb_block *b, size_t n)
{
    for (size_t i = 0; c->ok && i < n; i++)
        code_block(c, &b[i]);
}

/* Every field of a member held (whole or in parts) that the writers and
 * sb_census_report_merge read, index first.  On
 * decoding m must be zeroed; what it allocates is m's (even when it
 * fails: sb_census_member_free). */
static void code_member(codec *c, sb_census_member *m, uint64_t *index)
{
    code_u64(c, index);
    code_bool(c, &m->has_goal);
    code_u64(c, &m->layouts);
    code_size(c, &m->ncomponents);
    code_size(c, &m->nblocks);
    code_size(c, &m->peak_bytes);
    code_u64(c, &m->all_components);
    code_u64(c, &m->largest);
    code_u64(c, &m->goal_components);
    code_u32(c, &m->hardest_moves);
    code_bool(c, &m->mapped);
    code_u32(c, &m->nparts);
    code_u64(c, &m->parts);
    bool hardest = m->hardest != NULL;
    code_bool(c, &hardest);
    if (!c->ok)
        return;
    if (m->nblocks && m->ncomponents > SIZE_MAX / m->nblocks) {
        c->ok = false;
        return;
    }
    size_t nlaid = m->ncomponents * m->nblocks;
    if (c->decoding && !(m->components = room(c, m->ncomponents, sizeof *m->components, 5)))
        return;
    for (size_t i = 0; c->ok && i < m->ncomponents; i++) {
        sb_component *x = &m->components[i];
        code_u64(c, &x->size);
        uint32_t diameter = x->diameter;
        code_u32(c, &diameter);
        x->diameter = diameter;
        code_u32(c, &x->sweeps);
        code_u64(c, &x->goal_layouts);
        code_u32(c, &x->hardest);
    }
    if (c->decoding && !(m->examples = room(c, nlaid, sizeof *m->examples, 4)))
        return;
    code_blocks(c, m->examples, nlaid);
    if (!hardest)
        return;
    if (c->decoding && !(m->hardest = room(c, nlaid, sizeof *m->hardest, 4)))
        return;
    code_blocks(c, m->hardest, nlaid);
}

size_t sb_census_to_words(const sb_census_report *rep, uint64_t *w)
{
    codec c = { .out = w, .ok = true };
    uint64_t nmembers = rep->nmembers, nheld = 0,
             nanoseconds = (uint64_t)(rep->seconds * 1e9);
    for (size_t i = 0; i < rep->nmembers; i++)
        nheld += rep->members[i].mapped || rep->members[i].parts;
    code_u64(&c, &nmembers);
    code_u64(&c, &nheld);
    code_u64(&c, &nanoseconds);
    for (size_t i = 0; i < rep->nmembers; i++) {
        if (!rep->members[i].mapped && !rep->members[i].parts)
            continue;
        sb_census_member m = rep->members[i];   /* read only: encoding */
        uint64_t index = i;
        code_member(&c, &m, &index);
    }
    return c.at;
}

sb_status sb_census_from_words(const uint64_t *w, size_t n, const sb_census_report *like,
                               sb_census_report *out, sb_error *err)
{
    memset(out, 0, sizeof *out);
    codec c = { .in = w, .n = n, .decoding = true, .ok = true };
    uint64_t nmembers = 0, nheld = 0, nanoseconds = 0;
    code_u64(&c, &nmembers);
    code_u64(&c, &nheld);
    code_u64(&c, &nanoseconds);
    if (!c.ok || nmembers != like->nmembers || nheld > nmembers)
        return sb_args_fail(err, SB_EINPUT, "a shard of the census came back garbled "
                            "(its header)");
    out->nkinds = like->nkinds;
    out->nmembers = like->nmembers;
    out->keep = like->keep;
    out->seconds = (double)nanoseconds / 1e9;
    out->members = calloc(out->nmembers + 1, sizeof *out->members);
    out->counts = malloc(out->nmembers * out->nkinds * sizeof *out->counts + 1);
    out->kinds = malloc(out->nkinds * sizeof *out->kinds + 1);
    if (!out->members || !out->counts || !out->kinds) {
        sb_census_report_free(out);
        return sb_args_fail(err, SB_ELIMIT, "out of memory gathering the census");
    }
    if (out->nmembers && out->nkinds)
        memcpy(out->counts, like->counts, out->nmembers * out->nkinds * sizeof *out->counts);
    if (out->nkinds && like->kinds)
        memcpy(out->kinds, like->kinds, out->nkinds * sizeof *out->kinds);
    else if (!like->kinds) {
        free(out->kinds);
        out->kinds = NULL;
    }
    for (size_t i = 0; i < out->nmembers; i++)
        out->members[i].counts = out->counts + i * out->nkinds;
    for (uint64_t j = 0; c.ok && j < nheld; j++) {
        sb_census_member m = { 0 };
        uint64_t index = 0;
        code_member(&c, &m, &index);
        if (c.ok && (index >= out->nmembers || out->members[index].mapped ||
                     out->members[index].parts || (!m.mapped && !m.parts)))
            c.ok = false;
        if (!c.ok) {
            sb_census_member_free(&m);
            break;
        }
        m.counts = out->members[index].counts;
        out->members[index] = m;
        out->layouts += m.layouts;
        out->ncomponents += m.all_components;
        if (m.peak_bytes > out->peak_bytes)
            out->peak_bytes = m.peak_bytes;
    }
    if (c.ok && c.at == n)
        return SB_OK;
    bool oom = c.oom;
    sb_census_report_free(out);
    return oom ? sb_args_fail(err, SB_ELIMIT, "out of memory gathering the census")
               : sb_args_fail(err, SB_EINPUT, "a shard of the census came back garbled");
}
