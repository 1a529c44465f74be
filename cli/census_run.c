/*
 * census_run.c - `slide-explore --census SPEC`: the census of a piece
 * alphabet (sb_census) written as text, JSON, CSV or an SQLite database,
 * resumable from a checkpoint file.
 *
 * Every layout the report shows is a picture ready for `slide` and
 * `slide --play`: its pieces get characters here (a marked kind keeps the
 * first character of its name; the others A, B, C, ... in order), so that
 * the goal can be drawn as a GOAL picture with the character of a piece of
 * the goal's kind.
 *
 * The checkpoint: each member, once mapped, is written as text lines
 * (census_codec.c, the one codec of a member, which slide-explore-mpi's
 * words use too) into the file's content, which is rewritten whole,
 * through a temporary file and a rename, at most once a second and when
 * the run ends, however it ends (Ctrl-C included).  A rerun with the same
 * file reads those members back, each checked against the census (its
 * members are listed first by sb_census with every member skipped, which
 * maps nothing), and maps only the others; the report is made from the
 * members alike whichever way they came, so it is identical to an
 * uninterrupted run's.  The header holds a hash of the SPEC's bytes and
 * the metric, so a checkpoint of another census is refused.
 *
 * Nothing in the report depends on time or threads: no seconds, no peak
 * memory (those go to stderr with the progress line, on a terminal).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#if SLIDE_HAVE_SQLITE
#include <sqlite3.h>
#endif

#include "args.h"
#include "census_codec.h"
#include "census_run.h"
#include "progress.h"
#include "view.h"

enum { EXIT_INPUT = 2 };

/* Everything a run holds. */
typedef struct run {
    const census_args *a;
    sb_census_spec spec;
    char *labels;                /* per kind: its marked character, or 0 */
    uint64_t spec_hash;
    /* The checkpoint: members read back, and the lines of every member known. */
    sb_census_report known;      /* every member, those read back mapped */
    FILE *text;                  /* the member lines (a memory stream over text_bytes) */
    char *text_bytes;
    size_t text_len;
    double last_write;
    size_t loaded, done;         /* members the checkpoint held, and mapped since */
    sb_progress_line line;       /* the census's totals (sb_census reports them) */
    char kept[512];              /* what_is_kept's words */
    bool write_failed;
} run;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A message on stderr, after the program's name. */
static void complain(const run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void complain(const run *r, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", r->a->program);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

/* ---- kinds and pieces ---- */

/* The kind of a piece sb_census handed back. */
static size_t kind_of(const run *r, const sb_block *b)
{
    return sb_census_kind_of(r->spec.kinds, r->spec.kind_shapes, r->spec.nkinds, b);
}

/* Gives the pieces of a layout their characters (see the top). */
static void label(const run *r, sb_block *b, size_t n)
{
    static const char deal[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    size_t next = 0;
    for (size_t i = 0; i < n; i++) {
        char mine = r->labels[kind_of(r, &b[i])];
        if (mine) {
            b[i].label = mine;
            continue;
        }
        b[i].label = 0;   /* the writer deals one when the alphabet runs out */
        while (next < sizeof deal - 1 && strchr(r->labels, deal[next]) &&
               memchr(r->labels, deal[next], r->spec.nkinds))
            next++;
        if (next < sizeof deal - 1)
            b[i].label = deal[next++];
    }
}

/* A layout as a picture (malloc'd text, lines ending in '\n'), or NULL
 * out of memory or when the writer cannot draw it. */
static char *picture(const run *r, const sb_block *blocks, size_t n)
{
    sb_block *b = malloc((n + 1) * sizeof *b);
    if (!b)
        return NULL;
    memcpy(b, blocks, n * sizeof *b);
    label(r, b, n);
    sb_puzzle p = { r->spec.rows, r->spec.cols, n, b, 0, NULL,
                    r->spec.kind_shapes ? r->spec.nkinds : 0, r->spec.kind_shapes,
                    r->spec.walls };
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    sb_error err;
    bool ok = f && sb_fmt_picture_write(f, &p, b, n, "", &err) == SB_OK;
    if (f)
        fclose(f);
    free(b);
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* The goal as a GOAL picture for a start (the same characters). */
static char *goal_picture(const run *r, const sb_block *start, size_t n)
{
    sb_block *b = malloc((n + 1) * sizeof *b);
    size_t cells = (size_t)r->spec.rows * (size_t)r->spec.cols;
    char *grid = malloc(cells + (size_t)r->spec.rows + 1);
    if (!b || !grid) {
        free(b);
        free(grid);
        return NULL;
    }
    memcpy(b, start, n * sizeof *b);
    label(r, b, n);
    memset(grid, '.', cells);
    sb_puzzle shapes = { .rows = r->spec.rows, .cols = r->spec.cols,
                         .nshapes = r->spec.kind_shapes ? r->spec.nkinds : 0,
                         .shapes = r->spec.kind_shapes };
    for (size_t g = 0; g < r->spec.ngoals; g++) {
        char ch = '?';
        for (size_t i = 0; i < n; i++)
            if (kind_of(r, &b[i]) == r->spec.goal_kind[g] && b[i].label) {
                ch = b[i].label;
                break;
            }
        sb_block at = sb_census_kind_block(r->spec.kinds, r->spec.kind_shapes,
                                           r->spec.goal_kind[g]);
        at.row = r->spec.goals[g].row;
        at.col = r->spec.goals[g].col;
        for (int y = 0; y < r->spec.rows; y++)
            for (int x = 0; x < r->spec.cols; x++)
                if (sb_block_covers(&shapes, &at, y, x))
                    grid[(size_t)y * (size_t)r->spec.cols + (size_t)x] = ch;
    }
    char *text = malloc(cells + (size_t)r->spec.rows + 1), *o = text;
    for (int y = 0; text && y < r->spec.rows; y++) {
        memcpy(o, grid + (size_t)y * (size_t)r->spec.cols, (size_t)r->spec.cols);
        o += r->spec.cols;
        *o++ = '\n';
    }
    if (text)
        *o = '\0';
    free(b);
    free(grid);
    return text;
}

/* Kind k's shape as its picture ("#./##", a rectangle's full: "##/##"),
 * malloc'd; NULL out of memory. */
static char *kind_picture(const run *r, size_t k)
{
    size_t n = sbi_census_kind_picture(&r->spec, k, NULL, 0) + 1;
    char *text = malloc(n);
    if (text)
        sbi_census_kind_picture(&r->spec, k, text, n);
    return text;
}

static size_t member_pieces(const run *r, const sb_census_member *m)
{
    size_t n = 0;
    for (size_t k = 0; k < r->spec.nkinds; k++)
        n += m->counts[k];
    return n;
}

/* A component's pictures: its example, and with a hardest start the
 * start and the goal (NULL otherwise, or out of memory). */
typedef struct drawn {
    char *example, *start, *goal;
    bool hard;                   /* the component has a hardest start */
} drawn;

static drawn draw(const run *r, const sb_census_member *m, size_t c)
{
    drawn d = { picture(r, m->examples + c * m->nblocks, m->nblocks), NULL, NULL,
                m->hardest && m->components[c].hardest != SB_DISTANCE_NONE };
    if (d.hard) {
        d.start = picture(r, m->hardest + c * m->nblocks, m->nblocks);
        d.goal = goal_picture(r, m->hardest + c * m->nblocks, m->nblocks);
    }
    return d;
}

static void drawn_free(drawn *d)
{
    free(d->example);
    free(d->start);
    free(d->goal);
}

/* ---- the checkpoint ---- */

static uint64_t fnv(const char *s, size_t n, uint64_t h)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

/* PATH.tmp (malloc'd; NULL out of memory): where a file is written
 * before the rename that replaces PATH whole. */
static char *temp_name(const char *path)
{
    size_t n = strlen(path) + 5;
    char *tmp = malloc(n);
    if (tmp)
        snprintf(tmp, n, "%s.tmp", path);
    return tmp;
}

bool sb_census_checkpoint_write(const char *program, const char *path, uint64_t spec_hash,
                                sb_metric metric, FILE *text, char *const *bytes,
                                const size_t *len)
{
    char *tmp = temp_name(path);
    if (!tmp)
        return false;
    bool ok = fflush(text) == 0 && !ferror(text);
    FILE *f = ok ? fopen(tmp, "w") : NULL;
    ok = f && sb_checkpoint_header(f, spec_hash, metric) && fwrite(*bytes, 1, *len, f) == *len;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok && rename(tmp, path) != 0)
        ok = false;
    if (!ok) {
        fprintf(stderr, "%s: cannot write the checkpoint %s: %s\n", program, path,
                errno ? strerror(errno) : "out of memory");
        remove(tmp);
    }
    free(tmp);
    return ok;
}

/* Writes the checkpoint (sb_census_checkpoint_write). */
static bool write_checkpoint(run *r)
{
    bool ok = sb_census_checkpoint_write(r->a->program, r->a->checkpoint_path, r->spec_hash,
                                         r->a->opts.metric, r->text, &r->text_bytes,
                                         &r->text_len);
    r->last_write = now();
    return ok;
}

/* sb_census_hooks.skip of the census that lists its members only. */
static bool skip_every(void *ctx, size_t i)
{
    (void)ctx;
    (void)i;
    return true;
}

sb_status sb_census_checkpoint_regular(FILE *f, const char *path, uint64_t *bytes,
                                       sb_error *err)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%.300s: not a regular file (a checkpoint is a file the "
                 "census rewrites whole)", path);
        return sb_args_fail(err, SB_EINPUT, msg);
    }
    *bytes = (uint64_t)st.st_size;
    return SB_OK;
}

/* Loads the checkpoint's members into r->known, if the file exists, each
 * checked against the census's members (listed by sb_census with every
 * member skipped).  0 or an exit status (the message printed). */
static int load_checkpoint(run *r, const sb_options *opts)
{
    const char *path = r->a->checkpoint_path;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        complain(r, "%s: cannot open: %s\n", path, strerror(errno));
        return EXIT_INPUT;
    }
    uint64_t bytes = 0;
    sb_options lister = *opts;
    lister.threads = 1;
    sb_census_hooks hooks = { .skip = skip_every };
    sb_census_report members;
    sb_error err;
    sb_status status = SB_OK;
    status = sb_census_checkpoint_regular(f, path, &bytes, &err);
    if (status == SB_OK)
        status = sb_census(&r->spec, &lister, &hooks, &members, &err);
    if (status == SB_OK) {
        census_frame frame = { &r->spec, &members };
        status = sb_checkpoint_read(f, bytes, path, r->spec_hash,
                                    r->a->opts.metric, &frame, &r->known, &err);
        sb_census_report_free(&members);
    }
    fclose(f);
    /* Known members go back into the checkpoint's lines for the next write. */
    for (size_t i = 0; status == SB_OK && i < r->known.nmembers; i++)
        if (r->known.members[i].mapped &&
            !sb_checkpoint_member(r->text, &r->spec, i, &r->known.members[i]))
            status = sb_args_fail(&err, SB_ELIMIT, "out of memory");
    if (status == SB_OK)
        return 0;
    char worded[sizeof err.msg + 128];
    complain(r, "%s\n", sb_args_error_message(&err, worded, sizeof worded));
    return sb_args_exit_code(status);
}

static bool skip_known(void *ctx, size_t i)
{
    run *r = ctx;
    return i < r->known.nmembers && r->known.members[i].mapped;
}

/* sb_census_hooks.take: the share's counter. */
static size_t take_shared(void *ctx)
{
    const run *r = ctx;
    return r->a->share->take();
}

static void member_done(void *ctx, size_t i, const sb_census_member *m)
{
    run *r = ctx;
    r->done++;
    if (!r->a->checkpoint_path)
        return;
    if (!sb_checkpoint_member(r->text, &r->spec, i, m))
        r->write_failed = true;
    else if (now() - r->last_write >= 1.0 && !write_checkpoint(r))
        r->write_failed = true;
}

/* What a census stopped at a limit or by Ctrl-C leaves, for its message:
 * the members its checkpoint holds, which the same command skips, or
 * nothing (a static string, or r's own buffer). */
static const char *what_is_kept(run *r)
{
    size_t kept = r->loaded + r->done;
    if (r->a->share)   /* slide-explore-mpi: no checkpoint */
        return "; nothing is kept";
    if (!r->a->checkpoint_path)
        return "; nothing is kept: use --checkpoint FILE to resume";
    if (r->write_failed)
        return "; the checkpoint could not be written (above): nothing more is kept";
    if (!kept) {
        snprintf(r->kept, sizeof r->kept, "; the checkpoint %.300s holds no member yet",
                 r->a->checkpoint_path);
        return r->kept;
    }
    snprintf(r->kept, sizeof r->kept, "; the checkpoint %.300s keeps %s%zu member%s mapped: "
             "the same command resumes from there", r->a->checkpoint_path,
             kept == r->done ? "the " : "", kept, kept == 1 ? "" : "s");
    return r->kept;
}

/* ---- the report ---- */

static const char *axis_name(sb_axis a)
{
    return a == SB_AXIS_ROW ? "row" : a == SB_AXIS_COL ? "col" : "both";
}

/* The member and component of the census's hardest start (the first one
 * at the greatest distance); false when there is none. */
static bool hardest_overall(const sb_census_report *rep, size_t *mi, size_t *ci)
{
    bool found = false;
    uint32_t best = 0;
    for (size_t i = 0; i < rep->nmembers; i++) {
        const sb_census_member *m = &rep->members[i];
        for (size_t c = 0; m->mapped && m->hardest && c < m->ncomponents; c++) {
            uint32_t h = m->components[c].hardest;
            if (h != SB_DISTANCE_NONE && (!found || h > best)) {
                found = true;
                best = h;
                *mi = i;
                *ci = c;
            }
        }
    }
    return found;
}

void sb_census_print_indented(const char *text)
{
    for (const char *s = text; s && *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        printf("  %.*s\n", (int)n, s);
        s += n + (nl != NULL);
    }
}

static void write_text(run *r, const sb_census_report *rep)
{
    const sb_census_spec *s = &r->spec;
    size_t walls = 0;
    for (size_t i = 0; i < (size_t)s->rows * (size_t)s->cols; i++)
        walls += s->walls[i];
    printf("census: %s\ntray: %dx%d, %zu walls, %zu kinds, metric %s%s\n", r->a->spec_path,
           s->rows, s->cols, walls, s->nkinds, sb_metric_name(r->a->opts.metric),
           s->ngoals ? ", with a goal" : "");
    for (size_t k = 0; s->kind_shapes && k < s->nkinds; k++) {
        char *shape = kind_picture(r, k);
        printf("%s%s %s%s", k ? ", " : "shapes: ", s->kinds[k].name, shape ? shape : "?",
               k + 1 == s->nkinds ? "\n" : "");
        free(shape);
    }
    printf("members: %zu\nlayouts: %" PRIu64 "\ncomponents: %" PRIu64 "\n", rep->nmembers,
           rep->layouts, rep->ncomponents);
    if (s->keep)
        printf("listed: at most %" PRIu64 " components a member, the %s\n", s->keep,
               s->ngoals ? "hardest" : "largest");
    for (size_t k = 0; k < s->nkinds; k++)
        printf("%s ", s->kinds[k].name);
    printf("layouts components largest diameter hardest\n");
    for (size_t i = 0; i < rep->nmembers; i++) {
        const sb_census_member *m = &rep->members[i];
        if (!m->mapped)
            continue;
        for (size_t k = 0; k < s->nkinds; k++)
            printf("%*u ", (int)strlen(s->kinds[k].name), m->counts[k]);
        unsigned diam = 0;
        uint32_t hard = m->has_goal ? m->hardest_moves : SB_DISTANCE_NONE;
        for (size_t c = 0; c < m->ncomponents; c++) {
            if (m->components[c].diameter > diam)
                diam = m->components[c].diameter;
        }
        printf("%" PRIu64 " %" PRIu64 " %" PRIu64 " ", m->layouts, m->all_components,
               m->largest);
        if (s->diameters)
            printf("%u ", diam);
        else
            printf("- ");
        if (hard != SB_DISTANCE_NONE)
            printf("%u\n", hard);
        else
            printf("-\n");
    }
    size_t mi, ci;
    if (!hardest_overall(rep, &mi, &ci))
        return;
    const sb_census_member *m = &rep->members[mi];
    const sb_block *start = m->hardest + ci * m->nblocks;
    char *init = picture(r, start, m->nblocks), *goal = goal_picture(r, start, m->nblocks);
    printf("hardest start: %u moves (%s) from the goal, member %zu, its component %zu:\n",
           m->components[ci].hardest, sb_metric_name(r->a->opts.metric), mi, ci);
    sb_census_print_indented(init);
    printf("goal:\n");
    sb_census_print_indented(goal);
    free(init);
    free(goal);
}

/* A picture as a JSON array of its lines, or null. */
void sb_census_json_picture(const char *text)
{
    if (!text) {
        printf("null");
        return;
    }
    putchar('[');
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char *line = strndup(s, n);
        printf("%s", s == text ? "" : ", ");
        sbi_json_string(stdout, line ? line : "");
        free(line);
        s += n + (nl != NULL);
    }
    putchar(']');
}

static void write_json(run *r, const sb_census_report *rep)
{
    const sb_census_spec *s = &r->spec;
    printf("{\"spec\": ");
    sbi_json_string(stdout, r->a->spec_path);
    printf(", \"rows\": %d, \"cols\": %d, \"metric\": \"%s\", \"diameters\": %s,\n \"kinds\": [",
           s->rows, s->cols, sb_metric_name(r->a->opts.metric), s->diameters ? "true" : "false");
    for (size_t k = 0; k < s->nkinds; k++) {
        const sb_census_kind *kind = &s->kinds[k];
        printf("%s{\"name\": \"%s\", \"height\": %d, \"width\": %d, \"axis\": \"%s\", "
               "\"marked\": %s, \"min\": %u, \"max\": %u", k ? ", " : "", kind->name,
               kind->height, kind->width, axis_name(kind->axis), kind->marked ? "true" : "false",
               kind->min, kind->max);
        if (kind->pinned)
            printf(", \"%s\": [%d, %d]", kind->axis == SB_AXIS_ROW ? "rows" : "cols",
                   kind->pin_first, kind->pin_last);
        char *shape = kind_picture(r, k);   /* its rows, as a picture's lines */
        printf(", \"cells\": %s", shape ? "[" : "null");
        for (char *row = shape; row && *row;) {
            size_t n = strcspn(row, "/");
            printf("%s\"%.*s\"", row == shape ? "" : ", ", (int)n, row);
            row += n + (row[n] == '/');
        }
        printf("%s", shape ? "]" : "");
        free(shape);
        putchar('}');
    }
    printf("],\n \"goal\": [");
    for (size_t g = 0; g < s->ngoals; g++)
        printf("%s{\"kind\": \"%s\", \"row\": %d, \"col\": %d}", g ? ", " : "",
               s->kinds[s->goal_kind[g]].name, s->goals[g].row, s->goals[g].col);
    printf("],\n \"keep\": ");
    if (s->keep)
        printf("%" PRIu64, s->keep);
    else
        printf("null");
    printf(", \"members\": %zu, \"layouts\": %" PRIu64 ", \"components\": %" PRIu64 ",\n",
           rep->nmembers, rep->layouts, rep->ncomponents);
    /* The census's hardest start, ready for slide. */
    size_t hm, hc;
    printf(" \"hardest\": ");
    if (hardest_overall(rep, &hm, &hc)) {
        const sb_census_member *m = &rep->members[hm];
        drawn d = draw(r, m, hc);
        printf("{\"moves\": %u, \"member\": %zu, \"component\": %zu, \"start\": ",
               m->components[hc].hardest, hm, hc);
        sb_census_json_picture(d.start);
        printf(", \"goal\": ");
        sb_census_json_picture(d.goal);
        printf("}");
        drawn_free(&d);
    } else {
        printf("null");
    }
    printf(",\n \"list\": [");
    const char *sep = "";
    for (size_t i = 0; i < rep->nmembers; i++) {
        const sb_census_member *m = &rep->members[i];
        if (!m->mapped)
            continue;
        printf("%s\n  {\"member\": %zu, \"counts\": {", sep, i);
        sep = ",";
        for (size_t k = 0; k < s->nkinds; k++)
            printf("%s\"%s\": %u", k ? ", " : "", s->kinds[k].name, m->counts[k]);
        printf("}, \"pieces\": %zu, \"layouts\": %" PRIu64 ", \"all_components\": %" PRIu64
               ", \"largest\": %" PRIu64, member_pieces(r, m), m->layouts, m->all_components,
               m->largest);
        if (m->has_goal)
            printf(", \"goal_components\": %" PRIu64 ", \"hardest\": ", m->goal_components);
        if (m->has_goal && m->hardest_moves != SB_DISTANCE_NONE)
            printf("%u", m->hardest_moves);
        else if (m->has_goal)
            printf("null");
        printf(", \"components\": [");
        for (size_t c = 0; c < m->ncomponents; c++) {
            const sb_component *x = &m->components[c];
            printf("%s\n   {\"size\": %" PRIu64 ", \"diameter\": ", c ? "," : "", x->size);
            if (s->diameters)
                printf("%u", x->diameter);
            else
                printf("null");
            drawn d = draw(r, m, c);
            printf(", \"example\": ");
            sb_census_json_picture(d.example);
            if (d.hard) {
                printf(", \"goal_layouts\": %" PRIu64 ", \"hardest\": %u, \"start\": ",
                       x->goal_layouts, x->hardest);
                sb_census_json_picture(d.start);
                printf(", \"goal\": ");
                sb_census_json_picture(d.goal);
            } else {
                printf(", \"goal_layouts\": %s, \"hardest\": null, \"start\": null, "
                       "\"goal\": null", m->hardest ? "0" : "null");
            }
            drawn_free(&d);
            putchar('}');
        }
        printf("]}");
    }
    printf("]}\n");
}

/* A picture as one CSV field: quoted, its lines joined by '/'. */
static void csv_picture(const char *text)
{
    putchar('"');
    for (const char *s = text; s && *s; s++) {
        if (*s == '\n') {
            if (s[1])
                putchar('/');
        } else if (*s == '"') {
            fputs("\"\"", stdout);
        } else {
            putchar(*s);
        }
    }
    putchar('"');
}

static void write_csv(run *r, const sb_census_report *rep)
{
    const sb_census_spec *s = &r->spec;
    printf("member");
    for (size_t k = 0; k < s->nkinds; k++)
        printf(",%s", s->kinds[k].name);
    printf(",pieces,layouts,component,size,diameter,goal_layouts,hardest,example,start,goal\n");
    for (size_t i = 0; i < rep->nmembers; i++) {
        const sb_census_member *m = &rep->members[i];
        for (size_t c = 0; m->mapped && c < m->ncomponents; c++) {
            const sb_component *x = &m->components[c];
            printf("%zu", i);
            for (size_t k = 0; k < s->nkinds; k++)
                printf(",%u", m->counts[k]);
            printf(",%zu,%" PRIu64 ",%zu,%" PRIu64 ",", member_pieces(r, m), m->layouts, c,
                   x->size);
            if (s->diameters)
                printf("%u", x->diameter);
            drawn d = draw(r, m, c);
            if (m->hardest)
                printf(",%" PRIu64, x->goal_layouts);
            else
                printf(",");
            if (d.hard)
                printf(",%u", x->hardest);
            else
                printf(",");
            putchar(',');
            csv_picture(d.example);
            putchar(',');
            if (d.hard) {
                csv_picture(d.start);
                putchar(',');
                csv_picture(d.goal);
            } else {
                putchar(',');
            }
            putchar('\n');
            drawn_free(&d);
        }
    }
}

#if SLIDE_HAVE_SQLITE
/* The schema (docs/explore.md has it and a query). */
static const char schema[] =
    "CREATE TABLE census(spec TEXT, rows INTEGER, cols INTEGER, metric TEXT, "
    "diameters INTEGER, members INTEGER, layouts INTEGER, components INTEGER);"
    "CREATE TABLE kinds(id INTEGER PRIMARY KEY, name TEXT, height INTEGER, width INTEGER, "
    "axis TEXT, marked INTEGER, min INTEGER, max INTEGER, shape TEXT);"
    "CREATE TABLE members(id INTEGER PRIMARY KEY, pieces INTEGER, layouts INTEGER, "
    "components INTEGER);"
    "CREATE TABLE member_kinds(member INTEGER, kind INTEGER, count INTEGER, "
    "PRIMARY KEY(member, kind));"
    "CREATE TABLE components(member INTEGER, idx INTEGER, size INTEGER, diameter INTEGER, "
    "goal_layouts INTEGER, hardest INTEGER, example TEXT, start TEXT, goal TEXT, "
    "PRIMARY KEY(member, idx));"
    "CREATE INDEX components_hardest ON components(hardest);";

/* Binds the values (a string when is_text, else an integer, NULL for
 * a NULL string or INT64_MIN) and steps once. */
static bool sql_row(sqlite3_stmt *st, int n, const int64_t *ints, const char *const *texts)
{
    sqlite3_reset(st);
    for (int i = 0; i < n; i++) {
        int rc;
        if (texts && texts[i])
            rc = sqlite3_bind_text(st, i + 1, texts[i], -1, SQLITE_TRANSIENT);
        else if (ints[i] == INT64_MIN)
            rc = sqlite3_bind_null(st, i + 1);
        else
            rc = sqlite3_bind_int64(st, i + 1, ints[i]);
        if (rc != SQLITE_OK)
            return false;
    }
    return sqlite3_step(st) == SQLITE_DONE;
}

static bool write_sqlite_db(run *r, const sb_census_report *rep, sqlite3 *db)
{
    const sb_census_spec *s = &r->spec;
    sqlite3_stmt *census = NULL, *kinds = NULL, *members = NULL, *mk = NULL, *comps = NULL;
    bool ok = sqlite3_exec(db, schema, NULL, NULL, NULL) == SQLITE_OK &&
              sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO census VALUES(?,?,?,?,?,?,?,?)", -1, &census,
                                 NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO kinds VALUES(?,?,?,?,?,?,?,?,?)", -1, &kinds,
                                 NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO members VALUES(?,?,?,?)", -1, &members,
                                 NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO member_kinds VALUES(?,?,?)", -1, &mk,
                                 NULL) == SQLITE_OK &&
              sqlite3_prepare_v2(db, "INSERT INTO components VALUES(?,?,?,?,?,?,?,?,?)", -1,
                                 &comps, NULL) == SQLITE_OK;
    if (ok) {
        int64_t v[8] = { 0, s->rows, s->cols, 0, s->diameters, (int64_t)rep->nmembers,
                         (int64_t)rep->layouts, (int64_t)rep->ncomponents };
        const char *t[8] = { r->a->spec_path, NULL, NULL, sb_metric_name(r->a->opts.metric) };
        ok = sql_row(census, 8, v, t);
    }
    for (size_t k = 0; ok && k < s->nkinds; k++) {
        const sb_census_kind *kind = &s->kinds[k];
        char *shape = kind_picture(r, k);
        int64_t v[9] = { (int64_t)k, 0, kind->height, kind->width, 0, kind->marked, kind->min,
                         kind->max, 0 };
        const char *t[9] = { NULL, kind->name, NULL, NULL, axis_name(kind->axis), NULL, NULL,
                             NULL, shape };
        ok = shape && sql_row(kinds, 9, v, t);
        free(shape);
    }
    for (size_t i = 0; ok && i < rep->nmembers; i++) {
        const sb_census_member *m = &rep->members[i];
        if (!m->mapped)
            continue;
        int64_t v[4] = { (int64_t)i, (int64_t)member_pieces(r, m), (int64_t)m->layouts,
                         (int64_t)m->all_components };
        ok = sql_row(members, 4, v, NULL);
        for (size_t k = 0; ok && k < s->nkinds; k++) {
            int64_t w[3] = { (int64_t)i, (int64_t)k, m->counts[k] };
            ok = sql_row(mk, 3, w, NULL);
        }
        for (size_t c = 0; ok && c < m->ncomponents; c++) {
            const sb_component *x = &m->components[c];
            drawn d = draw(r, m, c);
            bool hard = d.hard;
            int64_t w[9] = { (int64_t)i, (int64_t)c, (int64_t)x->size,
                             s->diameters ? (int64_t)x->diameter : INT64_MIN,
                             m->hardest ? (int64_t)x->goal_layouts : INT64_MIN,
                             hard ? (int64_t)x->hardest : INT64_MIN, INT64_MIN, INT64_MIN,
                             INT64_MIN };
            const char *t[9] = { NULL, NULL, NULL, NULL, NULL, NULL, d.example, d.start, d.goal };
            ok = sql_row(comps, 9, w, t);
            drawn_free(&d);
        }
    }
    sqlite3_finalize(census);
    sqlite3_finalize(kinds);
    sqlite3_finalize(members);
    sqlite3_finalize(mk);
    sqlite3_finalize(comps);
    return ok && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
}
#endif

/* Writes the database to PATH.tmp, renamed over PATH when whole.  0 or
 * an exit status. */
static int write_sqlite(run *r, const sb_census_report *rep)
{
#if SLIDE_HAVE_SQLITE
    const char *path = r->a->sqlite_path;
    char *tmp = temp_name(path);
    if (!tmp)
        return EXIT_INPUT;
    remove(tmp);
    sqlite3 *db = NULL;
    bool ok = sqlite3_open(tmp, &db) == SQLITE_OK && write_sqlite_db(r, rep, db);
    if (!ok)
        complain(r, "%s: cannot write the database: %s\n", path,
                 db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    if (ok && rename(tmp, path) != 0) {
        complain(r, "%s: %s\n", path, strerror(errno));
        ok = false;
    }
    if (!ok)
        remove(tmp);
    free(tmp);
    return ok ? 0 : EXIT_INPUT;
#else
    (void)r;
    (void)rep;
    return EXIT_INPUT;   /* refused at parse time (census_sqlite_built) */
#endif
}

/* ---- the run ---- */

/* Puts the checkpoint's members into the report, where sb_census passed
 * over them, so the report is whole. */
static void merge_known(run *r, sb_census_report *rep)
{
    for (size_t i = 0; i < rep->nmembers && i < r->known.nmembers; i++) {
        sb_census_member *known = &r->known.members[i];
        if (!known->mapped || rep->members[i].mapped)
            continue;
        sb_census_member *m = &rep->members[i];
        uint32_t *counts = m->counts;
        *m = *known;
        m->counts = counts;
        known->components = NULL;
        known->examples = known->hardest = NULL;
        known->mapped = false;
        rep->layouts += m->layouts;
        rep->ncomponents += m->all_components;
    }
}

/* The status of a step that every process of a shared census takes,
 * settled among them (as it is when there is one). */
static sb_status agreed(const run *r, sb_status status, sb_error *err)
{
    return r->a->share ? r->a->share->agree(status, err) : status;
}

/* Writes the whole report in the form asked for.  0 or an exit status
 * (the message printed). */
static int write_report(run *r, const sb_census_report *rep)
{
    int exit_status = 0;
    if (r->a->form == CENSUS_TEXT)
        write_text(r, rep);
    else if (r->a->form == CENSUS_JSON)
        write_json(r, rep);
    else if (r->a->form == CENSUS_CSV)
        write_csv(r, rep);
    else
        exit_status = write_sqlite(r, rep);
    if (fflush(stdout) != 0) {
        complain(r, "cannot write the report: %s\n", strerror(errno));
        exit_status = EXIT_INPUT;
    }
    return exit_status;
}

int sb_census_run(const census_args *a)
{
    run r = { .a = a };
    const census_share *share = a->share;
    sb_error err;
    sb_status status = agreed(&r, sb_fmt_read_census(a->spec_path, &r.spec, &err), &err);
    if (status != SB_OK) {
        complain(&r, "%s\n", err.msg);
        sb_census_spec_free(&r.spec);
        return sb_args_exit_code(status);
    }
    int exit_status = 0;
    r.labels = calloc(r.spec.nkinds + 1, 1);
    status = agreed(&r, r.labels ? SB_OK : sb_args_fail(&err, SB_ELIMIT, "out of memory"),
                    &err);
    if (status != SB_OK) {
        complain(&r, "%s\n", err.msg);
        free(r.labels);
        sb_census_spec_free(&r.spec);
        return sb_args_exit_code(status);
    }
    for (size_t k = 0; k < r.spec.nkinds; k++)
        if (r.spec.kinds[k].marked)
            r.labels[k] = r.spec.kinds[k].name[0];
    /* The hash names the census: the SPEC's bytes. */
    FILE *f = fopen(a->spec_path, "rb");
    r.spec_hash = 14695981039346656037ULL;
    char buf[4096];
    size_t n;
    while (f && (n = fread(buf, 1, sizeof buf, f)) > 0)
        r.spec_hash = fnv(buf, n, r.spec_hash);
    if (f)
        fclose(f);

    if (r.spec.any_pieces) {   /* every piece set: census_sets.c */
        exit_status = sb_census_sets_run(a, &r.spec, r.spec_hash);
        free(r.labels);
        sb_census_spec_free(&r.spec);
        return exit_status;
    }
    sb_options opts = a->opts;
    sb_progress_line_attach(&r.line, stderr, &opts);
    /* Ctrl-C: a handle over the empty tray, whose cancel stops the census
     * (and so does another process's failure, through the share's watch). */
    sb_puzzle empty = { r.spec.rows, r.spec.cols, 0, NULL, 0, NULL, 0, NULL, r.spec.walls };
    sb_search *search = NULL;
    status = agreed(&r, sb_search_new(&empty, &opts, &search, &err), &err);
    if (status == SB_OK) {
        opts.cancel = search;
        sb_args_cancel_on_interrupt(search);
        if (share)
            share->watch(search);
    }
    sb_census_hooks hooks = { skip_known, member_done, &r,
                              share && share->take ? take_shared : NULL, NULL };
    sb_census_report rep = { 0 };
    if (status == SB_OK && a->checkpoint_path) {   /* one process only: not shared */
        r.text = open_memstream(&r.text_bytes, &r.text_len);
        exit_status = r.text ? load_checkpoint(&r, &opts) : 3;
        if (!r.text)
            complain(&r, "out of memory\n");
        for (size_t i = 0; i < r.known.nmembers; i++)
            r.loaded += r.known.members[i].mapped;
        if (exit_status == 0 && r.loaded)
            complain(&r, "%s: %zu members already mapped, skipped\n", a->checkpoint_path,
                     r.loaded);
    }
    if (status == SB_OK && exit_status == 0) {
        status = sb_census(&r.spec, &opts, &hooks, &rep, &err);
        sb_progress_line_clear(&r.line);
        /* Whatever happened, what was mapped is kept. */
        if (a->checkpoint_path && !write_checkpoint(&r))
            r.write_failed = true;
        if (share)   /* the writing process gets the whole census */
            status = share->gather(status, &rep, &r.spec, &err);
    }
    sb_args_cancel_on_interrupt(NULL);
    if (share)
        share->watch(NULL);
    sb_search_free(search);
    char worded[sizeof err.msg + 128];
    if (status != SB_OK) {
        complain(&r, "%s%s\n", sb_args_error_message(&err, worded, sizeof worded),
                 status == SB_ELIMIT ? what_is_kept(&r) : "");
        exit_status = sb_args_exit_code(status);
    } else if (exit_status == 0) {
        merge_known(&r, &rep);
        if (!share || share->writes)
            exit_status = write_report(&r, &rep);
        /* A report the writing process could not write fails them all
         * (its message is out already). */
        if (share && agreed(&r, exit_status ? SB_EINPUT : SB_OK, NULL) != SB_OK)
            exit_status = EXIT_INPUT;
    }
    if (exit_status == 0 && r.write_failed)
        exit_status = EXIT_INPUT;
    sb_census_report_free(&rep);
    sb_census_report_free(&r.known);
    if (r.text)
        fclose(r.text);
    free(r.text_bytes);
    free(r.labels);
    sb_census_spec_free(&r.spec);
    return exit_status;
}

bool sb_census_sqlite_built(void)
{
    return SLIDE_HAVE_SQLITE;
}
