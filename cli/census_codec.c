/*
 * census_codec.c - a census's members as 64-bit words and as checkpoint
 * text, and back (see census_codec.h).
 *
 * The central idea: one function, code_member, lists a member's fields
 * once, and a codec decides whether each is written or read, and whether
 * as a 64-bit word or as a decimal number on a line of text.  Encoding
 * and decoding, MPI and the checkpoint, cannot drift apart, and a field
 * added to sb_census_member travels both ways by one line there.  Words
 * are encoded twice, first with nowhere to write (to count them).
 *
 * A member, in either form: its index, its count of each kind, layouts,
 * components, largest, goal components, hardest, peak bytes, mapped,
 * parts, parts held, listed; then for each listed component its size,
 * diameter, sweeps, goal layouts and hardest, then its example's pieces
 * and, when the member has the goal's pieces, its hardest start's, each
 * piece as kind, row and column.  In text the member's numbers make a
 * line "member ...", each component's a line "c ...".  What the census
 * fixes (a member's pieces, whether it has the goal's) is checked against
 * the census or taken from it, never trusted.
 *
 * A census of every piece set has members of its own (sb_pieceset_member):
 * code_set_member lists their fields once for both forms alike, a line
 * "set ..." in text, and checks each start against its member.
 *
 * Decoding trusts nothing: each field is checked as it is read
 * (census_check.c), and an array is allocated only when the input left
 * could hold it, so a damaged or hand-edited input is an error that names
 * the field (and in text the line), never a crash and never a member
 * carried forward.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "census_check.h"
#include "census_codec.h"

enum { HEADER_WORDS = 3, MAX_KINDS = 64, HEADER_CHARS = 128 };

static const char magic[] = "slide-census-checkpoint";

/* Where a member goes or comes from. */
typedef struct codec {
    bool decoding;
    bool text;                   /* lines of decimal numbers, else 64-bit words */
    uint64_t *out;               /* words encoded: where, NULL to count them only */
    const uint64_t *in;          /* words decoded */
    size_t at, n;                /* words so far; decoding: words there are */
    FILE *file;                  /* text */
    uint64_t size;               /* text decoded: the bytes there are */
    long line, member_line;      /* text decoded: the line read, the member's line */
    const char *tag;             /* text: the line open ("member", "c"); NULL: none */
    const sb_census_kind *kinds; /* the census's, which pieces are coded by */
    const sb_shape *shapes;      /* ... and their shapes (NULL: rectangles) */
    size_t nkinds;
    sb_census_report *report;    /* decoding: the report filled */
    const sb_census_spec *spec;  /* decoding piece sets: the census ... */
    sb_pieceset_report *sets;    /* ... and its listing, whose members are filled */
    census_checker check;        /* decoding */
    bool whole;                  /* decoding: members must be mapped whole */
    bool ok;                     /* false: something was wrong (fault) or memory (oom) */
    bool oom;
    census_fault fault;
    long fault_line;
    bool in_member;              /* words decoded: member names the one at fault */
    uint64_t member;
} codec;

size_t sb_census_kind_of(const sb_census_kind *kinds, const sb_shape *shapes, size_t nkinds,
                         const sb_block *b)
{
    if (!kinds)
        return nkinds;
    if (b->group > 0)
        return (size_t)b->group - 1 < nkinds && kinds[b->group - 1].marked
                   ? (size_t)b->group - 1 : nkinds;
    for (size_t k = 0; k < nkinds; k++) {
        sb_block mine = sb_census_kind_block(kinds, shapes, k);
        if (!kinds[k].marked && mine.shape == b->shape && kinds[k].height == b->height &&
            kinds[k].width == b->width && kinds[k].axis == b->axis)
            return k;
    }
    return nkinds;
}

sb_block sb_census_kind_block(const sb_census_kind *kinds, const sb_shape *shapes, size_t k)
{
    const sb_census_kind *kind = &kinds[k];
    sb_block b = { 0, 0, kind->height, kind->width, 0, 0, SB_AXIS_ANY, 0 };
    if (shapes) {   /* a shape that fills its box is the rectangle (sb_census) */
        sb_shape one = shapes[k];
        sb_puzzle p = { .nshapes = 1, .shapes = &one };
        b.shape = 1;
        b.shape = sb_block_is_plain(&p, &b) ? 0 : (int)k + 1;
    }
    b.group = kind->marked ? (int)k + 1 : 0;
    b.axis = kind->axis;
    return b;
}

/* ---- failures ---- */

static void fail(codec *c, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records the first thing wrong (field NULL: the input as a whole). */
static void fail(codec *c, const char *field, const char *fmt, ...)
{
    if (!c->ok)
        return;
    c->ok = false;
    c->fault.field = field;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->fault.why, sizeof c->fault.why, fmt, ap);
    va_end(ap);
    c->fault_line = c->line;
}

/* A check's verdict, its fault blamed on `line`; returns c->ok. */
static bool checked(codec *c, bool passed, const census_fault *f, long line)
{
    if (!passed && c->ok) {
        c->ok = false;
        c->fault = *f;
        c->fault_line = line;
    }
    return c->ok;
}

static void out_of_memory(codec *c)
{
    c->ok = false;
    c->oom = true;
}

/* ---- the two forms ---- */

static bool blank(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

/* The next byte of text but blanks. */
static int next_nonblank(codec *c)
{
    int ch;
    while (blank(ch = getc(c->file)))
        ;
    return ch;
}

/* A character as a message shows it. */
static const char *shown(int ch, char *buf, size_t n)
{
    if (ch >= 0x21 && ch < 0x7f)
        snprintf(buf, n, "'%c'", ch);
    else
        snprintf(buf, n, "byte 0x%02x", (unsigned)ch & 0xff);
    return buf;
}

/* Text: one decimal number, digits only, on the line open. */
static bool read_number(codec *c, const char *field, uint64_t *v)
{
    char buf[16];
    int ch = next_nonblank(c);
    if (ch == '\n' || ch == EOF) {
        if (ch != EOF)
            ungetc(ch, c->file);
        fail(c, field, "missing: the %s ends before it%s", ch == EOF ? "file" : "line",
             ch == EOF ? " (cut short?)" : "");
        return false;
    }
    uint64_t x = 0;
    for (; ch >= '0' && ch <= '9'; ch = getc(c->file)) {
        unsigned d = (unsigned)(ch - '0');
        if (x > (UINT64_MAX - d) / 10) {
            fail(c, field, "too large: past %" PRIu64, UINT64_MAX);
            return false;
        }
        x = x * 10 + d;
    }
    if (!blank(ch) && ch != '\n' && ch != EOF) {
        fail(c, field, "%s is not a decimal digit", shown(ch, buf, sizeof buf));
        return false;
    }
    if (ch != EOF)
        ungetc(ch, c->file);
    *v = x;
    return true;
}

static bool read_word(codec *c, const char *field, uint64_t *v)
{
    if (c->at >= c->n) {
        fail(c, field, "missing: the words end before it");
        return false;
    }
    *v = c->in[c->at++];
    return true;
}

/* Text: ends the line open (decoding: nothing but blanks may be left). */
static void end_line(codec *c)
{
    if (!c->ok || !c->text || !c->tag)
        return;
    const char *tag = c->tag;
    c->tag = NULL;
    if (!c->decoding) {
        putc('\n', c->file);
        return;
    }
    char buf[16];
    int ch = next_nonblank(c);
    if (ch != '\n')
        fail(c, tag, ch == EOF ? "the line is cut short (no newline)"
                               : "%s where the line should end: more than a \"%s\" line holds",
             shown(ch, buf, sizeof buf), tag);
}

/* Text: ends the line open and starts a line `tag` (decoding: reads the
 * tag, which must be that one). */
static void code_line(codec *c, const char *tag)
{
    if (!c->ok || !c->text)
        return;
    end_line(c);
    if (!c->ok)
        return;
    c->tag = tag;
    if (!c->decoding) {
        fputs(tag, c->file);
        return;
    }
    c->line++;
    char word[16];
    size_t n = 0;
    int ch;
    while ((ch = getc(c->file)) != EOF && !blank(ch) && ch != '\n')
        if (n < sizeof word - 1)
            word[n++] = (char)(ch >= 0x20 && ch < 0x7f ? ch : '?');
    word[n] = '\0';
    if (ch != EOF)
        ungetc(ch, c->file);
    if (ch == EOF && !n)
        fail(c, NULL, "the file ends where a \"%s\" line should be (cut short?)", tag);
    else if (strcmp(word, tag) != 0)
        fail(c, NULL, "expected a \"%s\" line, found \"%s\"", tag, word);
}

/* One number: written from *v, or read into *v, which must be at most
 * max (else *v is left as it was). */
static void code_number(codec *c, const char *field, uint64_t *v, uint64_t max)
{
    if (!c->ok)
        return;
    if (!c->decoding) {
        if (c->text)
            fprintf(c->file, " %" PRIu64, *v);
        else if (c->out)
            c->out[c->at] = *v;
        c->at++;
        return;
    }
    uint64_t x;
    if (!(c->text ? read_number(c, field, &x) : read_word(c, field, &x)))
        return;
    if (x > max) {
        fail(c, field, "%" PRIu64 " is more than %" PRIu64 ", the most it may be", x, max);
        return;
    }
    *v = x;
}

static void code_u64(codec *c, const char *field, uint64_t *v)
{
    code_number(c, field, v, UINT64_MAX);
}

static void code_u32(codec *c, const char *field, uint32_t *v)
{
    uint64_t x = *v;
    code_number(c, field, &x, UINT32_MAX);
    *v = (uint32_t)x;
}

static void code_size(codec *c, const char *field, size_t *v)
{
    uint64_t x = *v;
    code_number(c, field, &x, SIZE_MAX);
    *v = (size_t)x;
}

static void code_bool(codec *c, const char *field, bool *v)
{
    uint64_t x = *v;
    code_number(c, field, &x, 1);
    *v = x != 0;
}

/* Decoding: whether the input left could hold n items that take at least
 * `words` words or `bytes` bytes each (else a fault on field). */
static bool room(codec *c, const char *field, size_t n, size_t words, size_t bytes)
{
    uint64_t left = 0;
    if (c->text) {
        long at = ftell(c->file);
        left = at >= 0 && (uint64_t)at < c->size ? c->size - (uint64_t)at : 0;
    } else {
        left = c->n - c->at;
    }
    uint64_t per = c->text ? bytes : words;
    if (n > left / per) {
        fail(c, field, "%zu, more than the rest of the %s could hold", n,
             c->text ? "file" : "words");
        return false;
    }
    return true;
}

/* ---- a member ---- */

/* The pieces of one layout of m (what names it: "example", "start"). */
static void code_layout(codec *c, const char *what, const sb_census_member *m, sb_block *b)
{
    for (size_t i = 0; c->ok && i < m->nblocks; i++) {
        uint64_t kind = 0, row = 0, col = 0;
        if (!c->decoding) {
            kind = sb_census_kind_of(c->kinds, c->shapes, c->nkinds, &b[i]);
            row = (uint64_t)(unsigned)b[i].row;
            col = (uint64_t)(unsigned)b[i].col;
        }
        code_number(c, what, &kind, c->nkinds - 1);
        code_number(c, what, &row, INT_MAX);
        code_number(c, what, &col, INT_MAX);
        if (c->decoding && c->ok) {
            b[i] = sb_census_kind_block(c->kinds, c->shapes, (size_t)kind);
            b[i].row = (int)row;
            b[i].col = (int)col;
        }
    }
    census_fault f;
    if (c->decoding && c->ok)
        checked(c, sb_census_check_layout(&c->check, m, b, what, &f), &f, c->line);
}

/* Every field of a member held (whole or in parts), index first, in
 * either form and direction.  Decoding: m must be zeroed, and what it
 * allocates is m's even when it fails (sb_census_member_free). */
static void code_member(codec *c, uint64_t *index, sb_census_member *m)
{
    census_fault f;
    code_line(c, "member");
    c->member_line = c->line;
    code_u64(c, "member", index);
    if (c->decoding &&
        !(c->ok && checked(c, sb_census_check_index(&c->check, *index, c->report, &f), &f,
                           c->line)))
        return;
    c->member = *index;
    c->in_member = true;
    uint32_t counts[MAX_KINDS];
    for (size_t k = 0; k < c->nkinds; k++) {
        counts[k] = c->decoding ? 0 : m->counts[k];
        code_u32(c, c->kinds[k].name, &counts[k]);
    }
    if (c->decoding) {
        if (!(c->ok && checked(c, sb_census_check_counts(&c->check, *index, counts, &f), &f,
                               c->line)))
            return;
        const sb_census_member *listed = &c->report->members[*index];
        m->counts = listed->counts;
        m->has_goal = listed->has_goal;
        for (size_t k = 0; k < c->nkinds; k++)
            m->nblocks += counts[k];
    }
    code_u64(c, "layouts", &m->layouts);
    code_u64(c, "components", &m->all_components);
    code_u64(c, "largest", &m->largest);
    code_u64(c, "goal components", &m->goal_components);
    code_u32(c, "hardest", &m->hardest_moves);
    code_size(c, "peak bytes", &m->peak_bytes);
    code_bool(c, "mapped", &m->mapped);
    code_u32(c, "parts", &m->nparts);
    code_u64(c, "parts held", &m->parts);
    code_size(c, "listed", &m->ncomponents);
    size_t nb = m->nblocks, n = m->ncomponents, layouts = m->has_goal ? 2 : 1;
    if (c->decoding) {
        /* The least a component takes: five numbers and three a piece of
         * each layout, as many words or, in text, " 0" each and "c\n". */
        size_t numbers = 5 + 3 * nb * layouts;
        if (!(c->ok && checked(c, sb_census_check_member(&c->check, m, c->whole, &f), &f,
                               c->line) &&
              room(c, "listed", n, numbers, 2 * numbers + 2)))
            return;
        m->components = calloc(n + 1, sizeof *m->components);
        m->examples = calloc(n * nb + 1, sizeof *m->examples);
        m->hardest = m->has_goal ? calloc(n * nb + 1, sizeof *m->hardest) : NULL;
        if (!m->components || !m->examples || (m->has_goal && !m->hardest)) {
            out_of_memory(c);
            return;
        }
    }
    for (size_t i = 0; c->ok && i < n; i++) {
        sb_component *x = &m->components[i];
        code_line(c, "c");
        code_u64(c, "size", &x->size);
        uint32_t diameter = x->diameter;
        code_u32(c, "diameter", &diameter);
        x->diameter = diameter;
        code_u32(c, "sweeps", &x->sweeps);
        code_u64(c, "goal layouts", &x->goal_layouts);
        code_u32(c, "hardest", &x->hardest);
        if (c->decoding && c->ok)
            checked(c, sb_census_check_component(&c->check, m, i, &f), &f, c->line);
        code_layout(c, "example", m, m->examples + i * nb);
        if (m->has_goal && m->hardest)
            code_layout(c, "start", m, m->hardest + i * nb);
    }
    end_line(c);
    if (c->decoding && c->ok)
        checked(c, sb_census_check_list(&c->check, m, &f), &f, c->member_line);
    c->in_member = false;
}

/* ---- decoding into a report ---- */

/* Sets c up to decode into *out: every member of frame->like, none
 * mapped.  SB_ELIMIT out of memory (out empty). */
static sb_status begin_decoding(codec *c, const census_frame *frame, sb_census_report *out,
                                sb_error *err)
{
    const sb_census_report *like = frame->like;
    const sb_census_spec *spec = frame->spec;
    memset(out, 0, sizeof *out);
    c->decoding = c->ok = true;
    c->kinds = spec->kinds;
    c->shapes = spec->kind_shapes;
    c->nkinds = spec->nkinds;
    c->report = out;
    if (spec->nkinds > MAX_KINDS || like->nkinds != spec->nkinds)
        return sb_args_fail(err, SB_EINPUT, "a census of more than 64 kinds, or a report of "
                            "another census");
    out->nkinds = like->nkinds;
    out->nmembers = like->nmembers;
    out->keep = like->keep;
    size_t ncounts = like->nmembers * like->nkinds;
    out->members = calloc(like->nmembers + 1, sizeof *out->members);
    out->counts = malloc(ncounts * sizeof *out->counts + 1);
    out->kinds = malloc(spec->nkinds * sizeof *out->kinds + 1);
    if (!out->members || !out->counts || !out->kinds ||
        !sb_census_checker_init(&c->check, frame)) {
        sb_census_report_free(out);
        return sb_args_fail(err, SB_ELIMIT, "out of memory");
    }
    if (ncounts)
        memcpy(out->counts, like->counts, ncounts * sizeof *out->counts);
    if (spec->nkinds)
        memcpy(out->kinds, spec->kinds, spec->nkinds * sizeof *out->kinds);
    for (size_t i = 0; i < out->nmembers; i++) {
        out->members[i].counts = out->counts + i * out->nkinds;
        out->members[i].has_goal = like->members[i].has_goal;
    }
    return SB_OK;
}

/* Decodes the next member into c->report. */
static void decode_member(codec *c)
{
    sb_census_member m = { 0 };
    uint64_t index = 0;
    code_member(c, &index, &m);
    if (!c->ok) {
        sb_census_member_free(&m);
        return;
    }
    sb_census_report *out = c->report;
    out->members[index] = m;
    out->layouts += m.layouts;
    out->ncomponents += m.all_components;
    if (m.peak_bytes > out->peak_bytes)
        out->peak_bytes = m.peak_bytes;
}

/* What was wrong, in err: out of memory, or the fault as "PATH:LINE:
 * FIELD: ..." (path NULL: words, "a shard ... garbled: member I: FIELD:
 * ...").  c->ok must be false. */
static sb_status decoding_failed(const codec *c, const char *path, sb_error *err)
{
    if (c->oom)
        return sb_args_fail(err, SB_ELIMIT, path ? "out of memory reading the checkpoint"
                                                 : "out of memory gathering the census");
    char where[64] = "", field[64] = "";
    if (c->fault.field)
        snprintf(field, sizeof field, "%s: ", c->fault.field);
    if (!path && c->in_member)
        snprintf(where, sizeof where, "member %" PRIu64 ": ", c->member);
    sb_args_fail(err, SB_EINPUT, "");
    if (err && path) {
        snprintf(err->msg, sizeof err->msg, "%.200s:%ld: %s%s", path, c->fault_line, field,
                 c->fault.why);
        snprintf(err->file, sizeof err->file, "%s", path);
        err->line = c->fault_line;
    } else if (err) {
        snprintf(err->msg, sizeof err->msg, "a shard of the census came back garbled: %s%s%s",
                 where, field, c->fault.why);
    }
    return SB_EINPUT;
}

/* The end of decoding: SB_OK, or out freed and err saying what was wrong
 * (path NULL: words). */
static sb_status end_decoding(codec *c, const char *path, sb_census_report *out, sb_error *err)
{
    sb_census_checker_free(&c->check);
    if (c->ok)
        return SB_OK;
    sb_census_report_free(out);
    return decoding_failed(c, path, err);
}

/* ---- words ---- */

size_t sb_census_to_words(const sb_census_report *rep, const sb_shape *shapes, uint64_t *w)
{
    codec c = { .out = w, .ok = true, .kinds = rep->kinds, .shapes = shapes,
                .nkinds = rep->nkinds };
    uint64_t nmembers = rep->nmembers, nheld = 0,
             nanoseconds = (uint64_t)(rep->seconds * 1e9);
    for (size_t i = 0; i < rep->nmembers; i++)
        nheld += rep->members[i].mapped || rep->members[i].parts;
    code_u64(&c, "members", &nmembers);
    code_u64(&c, "held", &nheld);
    code_u64(&c, "seconds", &nanoseconds);
    for (size_t i = 0; i < rep->nmembers; i++) {
        if (!rep->members[i].mapped && !rep->members[i].parts)
            continue;
        sb_census_member m = rep->members[i];   /* read only: encoding */
        uint64_t index = i;
        code_member(&c, &index, &m);
    }
    return c.at;
}

sb_status sb_census_from_words(const uint64_t *w, size_t n, const census_frame *frame,
                               sb_census_report *out, sb_error *err)
{
    codec c = { .in = w, .n = n };
    sb_status st = begin_decoding(&c, frame, out, err);
    if (st != SB_OK)
        return st;
    uint64_t nmembers = 0, nheld = 0, nanoseconds = 0;
    code_u64(&c, "members", &nmembers);
    code_u64(&c, "held", &nheld);
    code_u64(&c, "seconds", &nanoseconds);
    if (c.ok && nmembers != out->nmembers)
        fail(&c, "members", "%" PRIu64 ", but the census has %zu", nmembers, out->nmembers);
    if (c.ok && nheld > nmembers)
        fail(&c, "held", "%" PRIu64 " of %" PRIu64 " members", nheld, nmembers);
    out->seconds = (double)nanoseconds / 1e9;
    for (uint64_t j = 0; c.ok && j < nheld; j++)
        decode_member(&c);
    if (c.ok && c.at != n)
        fail(&c, NULL, "%zu words left over after the members", n - c.at);
    return end_decoding(&c, NULL, out, err);
}

/* ---- the checkpoint ---- */

bool sb_checkpoint_header(FILE *out, uint64_t spec_hash, sb_metric metric)
{
    return fprintf(out, "%s %d %016" PRIx64 " %s\n", magic, SB_CHECKPOINT_VERSION, spec_hash,
                   sb_metric_name(metric)) > 0;
}

bool sb_checkpoint_member(FILE *out, const sb_census_spec *spec, size_t index,
                          const sb_census_member *m)
{
    codec c = { .text = true, .file = out, .kinds = spec->kinds, .shapes = spec->kind_shapes,
                .nkinds = spec->nkinds,
                .ok = true };
    sb_census_member copy = *m;   /* read only: encoding */
    uint64_t i = index;
    code_member(&c, &i, &copy);
    return !ferror(out);
}

/* The first line: this format, of this census.  False with a fault. */
static bool read_header(codec *c, uint64_t spec_hash, sb_metric metric)
{
    char line[HEADER_CHARS + 1], *words[5];
    size_t n = 0;
    int ch;
    c->line = 1;
    while ((ch = getc(c->file)) != EOF && ch != '\n' && n < HEADER_CHARS)
        line[n++] = (char)(ch ? ch : 1);
    line[n] = '\0';
    int nwords = 0;
    char *save = NULL;
    for (char *s = strtok_r(line, " ", &save); s && nwords < 5; s = strtok_r(NULL, " ", &save))
        words[nwords++] = s;
    bool digits = nwords >= 2 && strspn(words[1], "0123456789") == strlen(words[1]);
    if (ch != '\n' || nwords < 2 || strcmp(words[0], magic) != 0 || !digits) {
        fail(c, NULL, "not a census checkpoint (its first line is not \"%s %d HASH METRIC\")",
             magic, SB_CHECKPOINT_VERSION);
        return false;
    }
    unsigned long version = strlen(words[1]) <= 9 ? strtoul(words[1], NULL, 10) : ULONG_MAX;
    if (version != SB_CHECKPOINT_VERSION) {
        fail(c, "version", "%s: a checkpoint of format %s, from %s slide; this one reads "
             "format %d only: remove the file, or name another, to map the census afresh",
             words[1], words[1], version < SB_CHECKPOINT_VERSION ? "an older" : "a newer",
             SB_CHECKPOINT_VERSION);
        return false;
    }
    char hash[32];
    snprintf(hash, sizeof hash, "%016" PRIx64, spec_hash);
    if (nwords != 4 || strcmp(words[2], hash) != 0 ||
        strcmp(words[3], sb_metric_name(metric)) != 0) {
        fail(c, NULL, "a checkpoint of another census (the SPEC or --metric differ); remove "
             "it or name another file");
        return false;
    }
    return true;
}

sb_status sb_checkpoint_read(FILE *in, uint64_t size, const char *path, uint64_t spec_hash,
                             sb_metric metric, const census_frame *frame,
                             sb_census_report *out, sb_error *err)
{
    codec c = { .text = true, .file = in, .size = size, .whole = true };
    sb_status st = begin_decoding(&c, frame, out, err);
    if (st != SB_OK)
        return st;
    if (read_header(&c, spec_hash, metric)) {
        int ch;
        while (c.ok && (ch = getc(in)) != EOF) {
            ungetc(ch, in);
            decode_member(&c);
        }
        if (c.ok && ferror(in))
            fail(&c, NULL, "cannot read the file");
    }
    return end_decoding(&c, path, out, err);
}

/* ---- a census of every piece set ---- */

/* A member of a census of every piece set, in either form: its index,
 * hardest distance (in text "-" for none), by symmetry, configurations
 * and its start's pieces, each as row, col, height, width, shape and
 * group (signed: a word is the number's two's complement bits).  In text
 * one line, "set ...".  Decoding checks each field, then the start
 * against the member (pieceset_start_wrong). */

enum { MAX_SET_PIECES = 64, PIECE_FIELDS = 6, PIECE_FIELD_MAX = 65536 };

sb_puzzle sb_pieceset_puzzle(const sb_census_spec *spec, const sb_pieceset_report *rep,
                             sb_block *blocks, size_t n)
{
    return (sb_puzzle){ spec->rows, spec->cols, n,  blocks, 0, NULL, rep->nshapes, rep->shapes,
                        spec->walls };
}

/* A distance: in text "-" when there is none (SB_DISTANCE_NONE). */
static void code_distance(codec *c, const char *field, uint32_t *v)
{
    if (!c->ok)
        return;
    if (c->text && !c->decoding && *v == SB_DISTANCE_NONE) {
        fputs(" -", c->file);
        return;
    }
    if (c->text && c->decoding) {
        int ch = next_nonblank(c);
        if (ch == '-') {
            int after = getc(c->file);
            if (after != EOF)
                ungetc(after, c->file);
            if (!blank(after) && after != '\n' && after != EOF) {
                char buf[16];
                fail(c, field, "%s after '-' (none is \"-\" alone)", shown(after, buf, sizeof buf));
                return;
            }
            *v = SB_DISTANCE_NONE;
            return;
        }
        if (ch != EOF)
            ungetc(ch, c->file);
    }
    uint64_t x = *v;
    code_number(c, field, &x, SB_DISTANCE_NONE - (c->text ? 1 : 0));
    *v = (uint32_t)x;
}

/* A signed field from -1 to PIECE_FIELD_MAX. */
static void code_piece_field(codec *c, const char *field, int *v)
{
    if (!c->ok)
        return;
    if (!c->decoding) {
        if (c->text)
            fprintf(c->file, " %d", *v);
        else if (c->out)
            c->out[c->at] = (uint64_t)(int64_t)*v;
        c->at++;
        return;
    }
    int64_t x;
    if (c->text) {
        int ch = next_nonblank(c);
        bool minus = ch == '-';
        if (!minus && ch != EOF)
            ungetc(ch, c->file);
        uint64_t u;
        if (!read_number(c, field, &u))
            return;
        if (u > PIECE_FIELD_MAX) {
            fail(c, field, "%s%" PRIu64 " is not from -1 to %d", minus ? "-" : "", u,
                 PIECE_FIELD_MAX);
            return;
        }
        x = minus ? -(int64_t)u : (int64_t)u;
    } else {
        uint64_t u;
        if (!read_word(c, field, &u))
            return;
        x = (int64_t)u;
    }
    if (x < -1 || x > PIECE_FIELD_MAX) {
        fail(c, field, "%" PRId64 " is not from -1 to %d", x, PIECE_FIELD_MAX);
        return;
    }
    *v = (int)x;
}

/* The shape index of block b of rep (a full box as its rectangle's), or
 * rep->nshapes when it names none. */
static size_t pieceset_shape_of(const sb_pieceset_report *rep, const sb_block *b)
{
    if (b->shape > 0)
        return (size_t)b->shape <= rep->nshapes &&
                       rep->shapes[b->shape - 1].height == b->height &&
                       rep->shapes[b->shape - 1].width == b->width
                   ? (size_t)b->shape - 1
                   : rep->nshapes;
    for (size_t s = 0; s < rep->nshapes; s++) {
        const sb_shape *sh = &rep->shapes[s];
        if (sh->height != b->height || sh->width != b->width || b->shape < 0)
            continue;
        bool full = true;
        for (int k = 0; k < sh->height * sh->width; k++)
            full &= sh->cells[k] != 0;
        if (full)
            return s;
    }
    return rep->nshapes;
}

static int by_index(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    return (a > b) - (a < b);
}

/* Whether blocks[0..n) are a start of member m of rep: its pieces (one of
 * them the goal, group 1), on open cells, none on another's.  NULL, or
 * what is wrong. */
static const char *pieceset_start_wrong(const sb_census_spec *spec,
                                        const sb_pieceset_report *rep,
                                        const sb_pieceset_member *m, sb_block *blocks, size_t n)
{
    if (n != m->pieces)
        return "another number of pieces than the member has";
    size_t cells = (size_t)spec->rows * (size_t)spec->cols, goals = 0;
    size_t *got = malloc((n + 1) * sizeof *got), at = 0;
    uint8_t *taken = calloc(cells + 1, 1);
    const char *wrong = got && taken ? NULL : "out of memory";
    sb_puzzle p = sb_pieceset_puzzle(spec, rep, blocks, n);
    for (size_t k = 0; !wrong && k < n; k++) {
        sb_block *b = &blocks[k];
        goals += b->group == 1;
        if (b->height < 1 || b->width < 1)
            wrong = "a piece has an empty box";
        else if ((got[k] = pieceset_shape_of(rep, b)) == rep->nshapes || b->group < 0 ||
                 b->group > 1)
            wrong = "a piece has no shape of the tray's, or a group past 1";
        int left = wrong ? 0 : b->col - sb_block_anchor_offset(&p, b);
        if (!wrong && (b->row < 0 || left < 0 || b->row + b->height > spec->rows ||
                       left + b->width > spec->cols))
            wrong = "a piece leaves the tray";
        for (int y = 0; !wrong && y < b->height; y++)
            for (int x = 0; !wrong && x < b->width; x++) {
                if (!sb_block_covers(&p, b, b->row + y, left + x))
                    continue;
                size_t cell = (size_t)(b->row + y) * (size_t)spec->cols + (size_t)(left + x);
                if (taken[cell] || spec->walls[cell])
                    wrong = "two pieces, or a piece and a wall, share a cell";
                taken[cell] = 1;
            }
    }
    if (!wrong && goals != 1)
        wrong = "no goal piece (group 1), or two";
    if (!wrong) {
        qsort(got, n, sizeof *got, by_index);
        for (size_t k = m->first; !wrong && k < m->first + m->nshapes; k++)
            for (uint32_t j = 0; !wrong && j < rep->set_counts[k]; j++)
                if (at >= n || got[at++] != rep->set_shapes[k])
                    wrong = "its pieces are not the member's";
    }
    free(got);
    free(taken);
    return wrong;
}

/* Every field of piece-set member *index, in either form and direction.
 * Decoding: into c->sets's member *index (which must be unwalked), its
 * start read into start[0..MAX_SET_PIECES) and checked; the member is set
 * only when all is well. */
static void code_set_member(codec *c, uint64_t *index, sb_pieceset_member *m)
{
    sb_pieceset_member got = m ? *m : (sb_pieceset_member){ 0 };
    sb_block start[MAX_SET_PIECES];
    code_line(c, "set");
    code_u64(c, "set", index);
    if (c->decoding && c->ok) {
        if (*index >= c->sets->nmembers)
            fail(c, "set", "%" PRIu64 " is past the census's last member, %zu", *index,
                 c->sets->nmembers ? c->sets->nmembers - 1 : 0);
        else if (c->sets->members[*index].mapped)
            fail(c, "set", "%" PRIu64 " is listed twice", *index);
        if (!c->ok)
            return;
        got = c->sets->members[*index];
    }
    c->member = *index;
    c->in_member = true;
    code_distance(c, "hardest", &got.hardest_moves);
    code_bool(c, "by symmetry", &got.by_symmetry);
    code_u64(c, "configurations", &got.configurations);
    uint64_t pieces = got.start ? got.nblocks : 0;
    code_number(c, "pieces", &pieces, MAX_SET_PIECES);
    size_t n = (size_t)pieces;
    if (c->decoding && c->ok && (got.hardest_moves == SB_DISTANCE_NONE) != (n == 0))
        fail(c, "pieces", "%zu, but a start is given exactly when a distance is", n);
    for (size_t k = 0; c->ok && k < n; k++) {
        sb_block *b = c->decoding ? &start[k] : &got.start[k];
        if (c->decoding)
            *b = (sb_block){ 0, 0, 0, 0, 0, 0, SB_AXIS_ANY, 0 };
        code_piece_field(c, "start", &b->row);
        code_piece_field(c, "start", &b->col);
        code_piece_field(c, "start", &b->height);
        code_piece_field(c, "start", &b->width);
        code_piece_field(c, "start", &b->shape);
        code_piece_field(c, "start", &b->group);
    }
    end_line(c);
    if (!c->decoding || !c->ok)
        return;
    const char *wrong =
        n ? pieceset_start_wrong(c->spec, c->sets, &c->sets->members[*index], start, n) : NULL;
    if (wrong) {
        fail(c, "start", "%s", wrong);
        return;
    }
    got.start = n ? malloc(n * sizeof *got.start) : NULL;
    if (n && !got.start) {
        out_of_memory(c);
        return;
    }
    if (n)
        memcpy(got.start, start, n * sizeof *got.start);
    got.nblocks = n;
    got.mapped = true;
    c->sets->members[*index] = got;
    c->sets->configurations += got.configurations;
    c->in_member = false;
}

size_t sb_pieceset_to_words(const sb_pieceset_report *rep, uint64_t *w)
{
    codec c = { .out = w, .ok = true };
    for (size_t i = 0; i < rep->nmembers; i++) {
        if (!rep->members[i].mapped)
            continue;
        sb_pieceset_member m = rep->members[i];   /* read only: encoding */
        uint64_t index = i;
        code_set_member(&c, &index, &m);
    }
    return c.at;
}

sb_status sb_pieceset_from_words(const uint64_t *w, size_t n, const sb_census_spec *spec,
                                 sb_pieceset_report *into, sb_error *err)
{
    codec c = { .decoding = true, .ok = true, .in = w, .n = n, .spec = spec, .sets = into };
    while (c.ok && c.at < n) {
        uint64_t index = 0;
        code_set_member(&c, &index, NULL);
    }
    return c.ok ? SB_OK : decoding_failed(&c, NULL, err);
}

bool sb_checkpoint_set(FILE *out, size_t index, const sb_pieceset_member *m)
{
    codec c = { .text = true, .file = out, .ok = true };
    sb_pieceset_member copy = *m;   /* read only: encoding */
    uint64_t i = index;
    code_set_member(&c, &i, &copy);
    return !ferror(out);
}

sb_status sb_checkpoint_read_sets(FILE *in, uint64_t size, const char *path,
                                  uint64_t spec_hash, sb_metric metric,
                                  const sb_census_spec *spec, sb_pieceset_report *into,
                                  sb_error *err)
{
    codec c = { .decoding = true, .ok = true, .text = true, .file = in, .size = size,
                .spec = spec, .sets = into };
    if (read_header(&c, spec_hash, metric)) {
        int ch;
        while (c.ok && (ch = getc(in)) != EOF) {
            ungetc(ch, in);
            uint64_t index = 0;
            code_set_member(&c, &index, NULL);
        }
        if (c.ok && ferror(in))
            fail(&c, NULL, "cannot read the file");
    }
    return c.ok ? SB_OK : decoding_failed(&c, path, err);
}
