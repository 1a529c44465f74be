/*
 * census_sets.c - `slide-explore --census SPEC` for a SPEC of every piece
 * set ("pieces any"): sb_census_piecesets's report as text, JSON or CSV,
 * resumable from a checkpoint file.
 *
 * Without a goal the census counts: the fills of the tray and its piece
 * sets, by number of pieces.  With `goal corner` it also walks every
 * member, and writes each one (its shapes as pictures, `#./##`, with
 * their counts) with its hardest start's distance, and per number of
 * pieces the hardest start of all (the first member in member order at
 * the greatest distance) as an INIT picture and a GOAL picture that
 * `slide` reads: the goal piece is marked (`distinct:`), and the GOAL
 * draws it with its box at the lower-right corner.
 *
 * The checkpoint is census_run.c's, for these members: a header naming
 * the census (the SPEC's hash and the metric), then one line a member
 * walked, "set INDEX MOVES SYMMETRY CONFIGURATIONS N" and N blocks of
 * "ROW COL HEIGHT WIDTH SHAPE GROUP" (MOVES "-" when no start counts),
 * rewritten whole through a rename at most once a second and at the end.
 * A line read back is checked against the census (its index, and its
 * start a layout of that member's pieces on open cells) before use, by
 * census_codec.c, which reads slide-explore-mpi's words of a member alike.
 *
 * Nothing in the report depends on time, threads or shards.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "census_codec.h"
#include "census_run.h"
#include "progress.h"
#include "view.h"

enum { EXIT_INPUT = 2 };

/* One run. */
typedef struct sets_run {
    const census_args *a;
    const sb_census_spec *spec;
    uint64_t spec_hash;
    sb_pieceset_report known;    /* members the checkpoint held (mapped), or empty */
    FILE *text;                  /* the checkpoint's member lines (over text_bytes) */
    char *text_bytes;
    size_t text_len;
    double last_write;
    bool write_failed;
    size_t loaded;               /* members read back */
} sets_run;

/* Per number of pieces: fills, piece sets and the hardest start. */
typedef struct by_count {
    uint64_t fills, sets;
    size_t member;               /* the first member at the greatest distance; SIZE_MAX:
                                    none */
    uint32_t moves;
} by_count;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- pictures ---- */

/* Shape s as a picture: its rows, '#' a cell and '.' none, joined by
 * '/' (the SPEC's way of drawing a kind). */
static void shape_words(FILE *out, const sb_pieceset_report *rep, uint32_t s)
{
    const sb_shape *sh = &rep->shapes[s];
    for (int y = 0; y < sh->height; y++) {
        if (y)
            putc('/', out);
        for (int x = 0; x < sh->width; x++)
            putc(sh->cells[y * sh->width + x] ? '#' : '.', out);
    }
}

/* Member m's start with characters dealt in order (malloc'd), or NULL. */
static sb_block *labelled(const sb_pieceset_member *m)
{
    static const char deal[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    sb_block *b = malloc((m->nblocks + 1) * sizeof *b);
    if (!b)
        return NULL;
    memcpy(b, m->start, m->nblocks * sizeof *b);
    for (size_t i = 0; i < m->nblocks; i++)
        b[i].label = i < sizeof deal - 1 ? deal[i] : 0;
    return b;
}

/* Member m's start as an INIT picture and its goal as a GOAL picture
 * (malloc'd text; NULL out of memory). */
static void start_pictures(const sets_run *r, const sb_pieceset_report *rep,
                           const sb_pieceset_member *m, char **init, char **goal)
{
    *init = *goal = NULL;
    sb_block *b = labelled(m);
    if (!b)
        return;
    sb_puzzle p = sb_pieceset_puzzle(r->spec, rep, b, m->nblocks);
    size_t len = 0;
    FILE *f = open_memstream(init, &len);
    sb_error err;
    if (!f || sb_fmt_picture_write(f, &p, b, m->nblocks, "", &err) != SB_OK) {
        if (f)
            fclose(f);
        free(*init);
        *init = NULL;
        free(b);
        return;
    }
    fclose(f);
    int rows = r->spec->rows, cols = r->spec->cols;
    char *text = malloc((size_t)rows * (size_t)(cols + 1) + 1);
    for (size_t i = 0; text && i < m->nblocks; i++) {
        if (b[i].group != 1)
            continue;
        /* The goal piece, its box moved to the lower-right corner. */
        sb_block at = b[i];
        int left = at.col - sb_block_anchor_offset(&p, &at);
        int dr = rows - at.height - at.row, dc = cols - at.width - left;
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < cols; x++)
                text[y * (cols + 1) + x] =
                    sb_block_covers(&p, &at, y - dr, x - dc) ? at.label : '.';
            text[y * (cols + 1) + cols] = '\n';
        }
        text[rows * (cols + 1)] = '\0';
        *goal = text;
        text = NULL;
    }
    free(text);
    free(b);
}

/* ---- the tables ---- */

/* The fills, sets and hardest starts by number of pieces (open + 1). */
static by_count *count_table(const sb_pieceset_report *rep, size_t len)
{
    by_count *t = calloc(len, sizeof *t);
    for (size_t k = 0; t && k < len; k++)
        t[k].member = SIZE_MAX;
    for (size_t i = 0; t && i < rep->nmembers; i++) {
        const sb_pieceset_member *m = &rep->members[i];
        by_count *c = &t[m->pieces];
        c->fills += m->fills;
        c->sets++;
        if (m->mapped && m->hardest_moves != SB_DISTANCE_NONE &&
            (c->member == SIZE_MAX || m->hardest_moves > c->moves)) {
            c->member = i;
            c->moves = m->hardest_moves;
        }
    }
    return t;
}

static const char *bound_words(const sb_census_spec *s, char *buf, size_t n)
{
    char pieces[64] = "any number of pieces", cells[64] = "of any size";
    if (s->max_pieces)
        snprintf(pieces, sizeof pieces, "%u..%u pieces", s->min_pieces, s->max_pieces);
    if (s->piece_cells)
        snprintf(cells, sizeof cells, "of at most %u cells", s->piece_cells);
    snprintf(buf, n, "%s %s, at least %u holes", pieces, cells, s->min_empty);
    return buf;
}

static void write_text(const sets_run *r, const sb_pieceset_report *rep, const by_count *t,
                       size_t len)
{
    const sb_census_spec *s = r->spec;
    size_t walls = 0;
    for (size_t i = 0; i < (size_t)s->rows * (size_t)s->cols; i++)
        walls += s->walls[i];
    char bounds[256];
    printf("census: %s\ntray: %dx%d, %zu walls, every piece set (%s)%s\n", r->a->spec_path,
           s->rows, s->cols, walls, bound_words(s, bounds, sizeof bounds),
           s->corner_goal ? "" : ", no goal: counts only");
    if (s->corner_goal)
        printf("goal: corner to corner, metric %s\n", sb_metric_name(r->a->opts.metric));
    printf("fills: %" PRIu64 "\npiece sets: %zu\n", rep->fills, rep->nmembers);
    printf("pieces fills sets%s\n", s->corner_goal ? " hardest member" : "");
    for (size_t k = 0; k < len; k++) {
        if (!t[k].sets)
            continue;
        printf("%zu %" PRIu64 " %" PRIu64, k, t[k].fills, t[k].sets);
        if (s->corner_goal && t[k].member != SIZE_MAX)
            printf(" %u %zu", t[k].moves, t[k].member);
        else if (s->corner_goal)
            printf(" - -");
        putchar('\n');
    }
    if (!s->corner_goal)
        return;
    for (size_t k = 0; k < len; k++) {
        if (t[k].member == SIZE_MAX)
            continue;
        char *init, *goal;
        start_pictures(r, rep, &rep->members[t[k].member], &init, &goal);
        printf("hardest start of %zu pieces: %u moves (%s), member %zu:\n", k, t[k].moves,
               sb_metric_name(r->a->opts.metric), t[k].member);
        sb_census_print_indented(init);
        printf("goal:\n");
        sb_census_print_indented(goal);
        free(init);
        free(goal);
    }
    printf("member pieces holes fills hardest shapes\n");
    for (size_t i = 0; i < rep->nmembers; i++) {
        const sb_pieceset_member *m = &rep->members[i];
        printf("%zu %u %u %" PRIu64 " ", i, m->pieces, m->holes, m->fills);
        if (m->hardest_moves != SB_DISTANCE_NONE)
            printf("%u", m->hardest_moves);
        else
            putchar('-');
        for (size_t k = m->first; k < m->first + m->nshapes; k++) {
            printf(" %u*", rep->set_counts[k]);
            shape_words(stdout, rep, rep->set_shapes[k]);
        }
        putchar('\n');
    }
}

static void write_json(const sets_run *r, const sb_pieceset_report *rep, const by_count *t,
                       size_t len)
{
    const sb_census_spec *s = r->spec;
    printf("{\"spec\": ");
    sbi_json_string(stdout, r->a->spec_path);
    printf(", \"rows\": %d, \"cols\": %d, \"pieces\": \"any\", \"piece_cells\": %u, "
           "\"piece_count\": [%u, %u], \"empty\": %u, \"goal\": %s, \"metric\": \"%s\",\n",
           s->rows, s->cols, s->piece_cells, s->min_pieces, s->max_pieces, s->min_empty,
           s->corner_goal ? "\"corner\"" : "null", sb_metric_name(r->a->opts.metric));
    printf(" \"fills\": %" PRIu64 ", \"piece_sets\": %zu,\n \"by_pieces\": [", rep->fills,
           rep->nmembers);
    const char *sep = "";
    for (size_t k = 0; k < len; k++) {
        if (!t[k].sets)
            continue;
        printf("%s\n  {\"pieces\": %zu, \"fills\": %" PRIu64 ", \"sets\": %" PRIu64, sep, k,
               t[k].fills, t[k].sets);
        sep = ",";
        if (s->corner_goal && t[k].member != SIZE_MAX) {
            char *init, *goal;
            start_pictures(r, rep, &rep->members[t[k].member], &init, &goal);
            printf(", \"hardest\": %u, \"member\": %zu, \"start\": ", t[k].moves, t[k].member);
            sb_census_json_picture(init);
            printf(", \"goal\": ");
            sb_census_json_picture(goal);
            free(init);
            free(goal);
        } else if (s->corner_goal) {
            printf(", \"hardest\": null, \"member\": null, \"start\": null, \"goal\": null");
        }
        putchar('}');
    }
    printf("]");
    if (s->corner_goal) {
        printf(",\n \"members\": [");
        for (size_t i = 0; i < rep->nmembers; i++) {
            const sb_pieceset_member *m = &rep->members[i];
            printf("%s\n  {\"member\": %zu, \"pieces\": %u, \"holes\": %u, \"fills\": %" PRIu64
                   ", \"hardest\": ", i ? "," : "", i, m->pieces, m->holes, m->fills);
            if (m->hardest_moves != SB_DISTANCE_NONE)
                printf("%u", m->hardest_moves);
            else
                printf("null");
            printf(", \"shapes\": [");
            for (size_t k = m->first; k < m->first + m->nshapes; k++) {
                printf("%s{\"shape\": \"", k > m->first ? ", " : "");
                shape_words(stdout, rep, rep->set_shapes[k]);
                printf("\", \"count\": %u}", rep->set_counts[k]);
            }
            printf("]}");
        }
        printf("]");
    }
    printf("}\n");
}

static void write_csv(const sb_pieceset_report *rep)
{
    printf("member,pieces,holes,fills,hardest,shapes\n");
    for (size_t i = 0; i < rep->nmembers; i++) {
        const sb_pieceset_member *m = &rep->members[i];
        printf("%zu,%u,%u,%" PRIu64 ",", i, m->pieces, m->holes, m->fills);
        if (m->hardest_moves != SB_DISTANCE_NONE)
            printf("%u", m->hardest_moves);
        putchar(',');
        for (size_t k = m->first; k < m->first + m->nshapes; k++) {
            printf("%s%u*", k > m->first ? " " : "", rep->set_counts[k]);
            shape_words(stdout, rep, rep->set_shapes[k]);
        }
        putchar('\n');
    }
}

/* ---- the checkpoint ---- */

/* Writes the checkpoint whole through a rename. */
static bool write_checkpoint(sets_run *r)
{
    bool ok = sb_census_checkpoint_write(r->a->program, r->a->checkpoint_path, r->spec_hash,
                                         r->a->opts.metric, r->text, &r->text_bytes,
                                         &r->text_len);
    r->last_write = now();
    return ok;
}

/* Loads the checkpoint, if the file exists, into r->known: a listing of
 * the census's members (sb_census_piecesets without the walk), those the
 * checkpoint holds walked, each checked (census_codec.c), and their lines
 * kept for the next write.  0 or an exit status (the message printed). */
static int load_checkpoint(sets_run *r, const sb_options *opts)
{
    const char *path = r->a->checkpoint_path;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        fprintf(stderr, "%s: %s: cannot open: %s\n", r->a->program, path, strerror(errno));
        return EXIT_INPUT;
    }
    sb_census_spec listing = *r->spec;
    listing.corner_goal = false;
    sb_options lister = *opts;
    lister.progress = NULL;
    sb_error err;
    uint64_t bytes = 0;
    sb_status st = sb_census_checkpoint_regular(f, path, &bytes, &err);
    if (st == SB_OK)
        st = sb_census_piecesets(&listing, &lister, NULL, &r->known, &err);
    if (st == SB_OK)
        st = sb_checkpoint_read_sets(f, bytes, path, r->spec_hash, r->a->opts.metric, r->spec,
                                     &r->known, &err);
    fclose(f);
    for (size_t i = 0; st == SB_OK && i < r->known.nmembers; i++) {
        if (!r->known.members[i].mapped)
            continue;
        r->loaded++;
        if (!sb_checkpoint_set(r->text, i, &r->known.members[i]))
            st = sb_args_fail(&err, SB_ELIMIT, "out of memory");
    }
    if (st == SB_OK)
        return 0;
    char worded[sizeof err.msg + 128];
    fprintf(stderr, "%s: %s\n", r->a->program, sb_args_error_message(&err, worded, sizeof worded));
    return sb_args_exit_code(st);
}

static bool skip_known(void *ctx, size_t i)
{
    const sets_run *r = ctx;
    return i < r->known.nmembers && r->known.members[i].mapped;
}

static void set_done(void *ctx, size_t i, const sb_pieceset_member *m)
{
    sets_run *r = ctx;
    /* A walk reports a member with its transpose partner; a partner the
     * checkpoint held has its line already. */
    if (!r->a->checkpoint_path || skip_known(r, i))
        return;
    if (!sb_checkpoint_set(r->text, i, m))
        r->write_failed = true;
    else if (now() - r->last_write >= 1.0 && !write_checkpoint(r))
        r->write_failed = true;
}

/* Puts the checkpoint's members into the report, where the census passed
 * over them. */
static void merge_known(sets_run *r, sb_pieceset_report *rep)
{
    for (size_t i = 0; i < rep->nmembers && i < r->known.nmembers; i++) {
        sb_pieceset_member *k = &r->known.members[i], *m = &rep->members[i];
        if (!k->mapped || m->mapped)
            continue;
        m->mapped = true;
        m->by_symmetry = k->by_symmetry;
        m->hardest_moves = k->hardest_moves;
        m->configurations = k->configurations;
        m->nblocks = k->nblocks;
        m->start = k->start;
        k->start = NULL;
        rep->configurations += m->configurations;
    }
}

/* ---- the run ---- */

/* sb_census_hooks.take: the share's counter. */
static size_t take_shared(void *ctx)
{
    const sets_run *r = ctx;
    return r->a->share->take();
}

/* A step's status, settled among the processes of a shared census. */
static sb_status agreed(const sets_run *r, sb_status status, sb_error *err)
{
    return r->a->share ? r->a->share->agree(status, err) : status;
}

int sb_census_sets_run(const census_args *a, const sb_census_spec *spec, uint64_t spec_hash)
{
    sets_run r = { .a = a, .spec = spec, .spec_hash = spec_hash };
    const census_share *share = a->share;
    if (a->form == CENSUS_SQLITE || (a->checkpoint_path && !spec->corner_goal)) {
        fprintf(stderr, "%s: every piece set (\"pieces any\") writes text, --json or --csv, "
                "and a checkpoint only with \"goal corner\" (counting has nothing to "
                "resume)\n", a->program);
        return EXIT_INPUT;
    }
    sb_options opts = a->opts;
    sb_progress_line line;
    sb_progress_line_attach(&line, stderr, &opts);
    sb_puzzle empty = { spec->rows, spec->cols, 0, NULL, 0, NULL, 0, NULL, spec->walls };
    sb_search *search = NULL;
    sb_error err;
    sb_status status = agreed(&r, sb_search_new(&empty, &opts, &search, &err), &err);
    int exit_status = 0;
    if (status == SB_OK) {
        opts.cancel = search;
        sb_args_cancel_on_interrupt(search);
        if (share)
            share->watch(search);
    }
    if (status == SB_OK && a->checkpoint_path) {
        r.text = open_memstream(&r.text_bytes, &r.text_len);
        exit_status = r.text ? load_checkpoint(&r, &opts) : 3;
        if (exit_status == 0 && r.loaded)
            fprintf(stderr, "%s: %s: %zu members already walked, skipped\n", a->program,
                    a->checkpoint_path, r.loaded);
    }
    sb_pieceset_report rep = { 0 };
    if (status == SB_OK && exit_status == 0) {
        sb_census_hooks hooks = { .skip = skip_known, .ctx = &r, .set_done = set_done,
                                  .take = share && share->take ? take_shared : NULL };
        status = sb_census_piecesets(spec, &opts, &hooks, &rep, &err);
        sb_progress_line_clear(&line);
        if (a->checkpoint_path && !write_checkpoint(&r))
            r.write_failed = true;
        if (share)   /* the writing process gets the whole census */
            status = share->gather_sets(status, &rep, spec, &err);
    }
    sb_args_cancel_on_interrupt(NULL);
    if (share)
        share->watch(NULL);
    sb_search_free(search);
    if (status != SB_OK) {
        char worded[sizeof err.msg + 128];
        fprintf(stderr, "%s: %s%s\n", a->program, sb_args_error_message(&err, worded, sizeof worded),
                status == SB_ELIMIT && a->checkpoint_path
                    ? " (the members walked are in the checkpoint: the same command resumes)"
                    : "");
        exit_status = sb_args_exit_code(status);
    } else if (exit_status == 0) {
        merge_known(&r, &rep);
        size_t unwalked = rep.nmembers;
        for (size_t i = 0; spec->corner_goal && (!share || share->writes) && i < rep.nmembers; i++)
            if (!rep.members[i].mapped) {
                unwalked = i;
                break;
            }
        if (unwalked < rep.nmembers) {   /* never a '-' where a walk belongs */
            fprintf(stderr, "%s: member %zu of the census was not walked%s\n", a->program,
                    unwalked, a->checkpoint_path ? " (the checkpoint does not match the census: "
                                                   "remove it and run again)" : "");
            exit_status = EXIT_INPUT;
        }
        size_t len = (size_t)spec->rows * (size_t)spec->cols + 1;
        by_count *t = count_table(&rep, len);
        if (exit_status != 0 || (share && !share->writes)) {
            /* nothing to write, or rank 0 writes */
        } else if (!t) {
            fprintf(stderr, "%s: out of memory\n", a->program);
            exit_status = 3;
        } else if (a->form == CENSUS_JSON) {
            write_json(&r, &rep, t, len);
        } else if (a->form == CENSUS_CSV) {
            write_csv(&rep);
        } else {
            write_text(&r, &rep, t, len);
        }
        free(t);
        if (fflush(stdout) != 0) {
            fprintf(stderr, "%s: cannot write the report: %s\n", a->program, strerror(errno));
            exit_status = EXIT_INPUT;
        }
        /* A report the writing process could not write fails them all. */
        if (share && agreed(&r, exit_status ? SB_EINPUT : SB_OK, NULL) != SB_OK)
            exit_status = EXIT_INPUT;
    }
    if (exit_status == 0 && r.write_failed)
        exit_status = EXIT_INPUT;
    sb_pieceset_report_free(&rep);
    sb_pieceset_report_free(&r.known);
    if (r.text)
        fclose(r.text);
    free(r.text_bytes);
    return exit_status;
}
