/*
 * slide_bench.c - in-process timing of the solver, for bench/run.sh.
 *
 * usage: slide-bench [--runs N] [--metric M] [--optimal] [--algo A]
 *                    [--engine auto|bitboard|general|both]
 *                    [--explore | --components | --family [--threads N]]
 *                    [--label L] INIT GOAL
 *
 * Solves the puzzle N times (default 15) with each engine asked for and
 * prints one tab-separated line per engine: engine, median seconds, min
 * seconds, configurations stored and expanded, stored per second, bytes
 * per stored configuration held at the end (what stays resident), the
 * same at the peak (a growing table briefly holds old and new slots),
 * outcome.  Medians,
 * because the machines are shared and noisy.
 *
 * With --explore it walks the whole space reachable from INIT instead
 * (sb_explore, GOAL ignored) and prints: engine, median seconds, min
 * seconds, configurations reachable, reachable per second, peak bytes.
 *
 * With --components (sizes only, no diameters) or --family it maps
 * INIT's piece set or family (GOAL ignored) and prints: engine, median
 * seconds, min seconds, median CPU seconds (all threads; on a loaded
 * machine the wall clock also counts waiting for a core), layouts,
 * layouts per second, components, peak bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sb_format.h"
#include "slide_formats.h"

static int compare_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Sorts the n times and returns their median (t[0] is then the least). */
static double median_of(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, compare_double);
    return t[n / 2];
}

static int run(const sb_puzzle *p, sb_options *o, int runs, const char *label)
{
    double *t = malloc((size_t)runs * sizeof *t);
    sb_stats st = { 0 };
    sb_status status = SB_OK;
    for (int i = 0; i < runs; i++) {
        sb_solution sol;
        sb_error err;
        status = sb_solve(p, o, &sol, &st, &err);
        sb_solution_free(&sol);
        if (status == SB_EINPUT || status == SB_ELIMIT) {
            fprintf(stderr, "slide-bench: %s\n", err.msg);
            free(t);
            return 2;
        }
        t[i] = st.seconds;
    }
    double median = median_of(t, runs);
    double stored = st.stored ? (double)st.stored : 1.0;
    printf("%s\t%s\t%.6f\t%.6f\t%llu\t%llu\t%.0f\t%.1f\t%.1f\t%s\n", label,
           sb_path_name(st.path), median, t[0], (unsigned long long)st.stored,
           (unsigned long long)st.expanded, median > 0 ? (double)st.stored / median : 0.0,
           (double)st.final_bytes / stored, (double)st.peak_bytes / stored,
           status == SB_OK ? "solved" : "unsolvable");
    free(t);
    return 0;
}

static int explore(const sb_puzzle *p, sb_options *o, int runs, const char *label)
{
    double *t = malloc((size_t)runs * sizeof *t);
    sb_explore_report r = { 0 };
    for (int i = 0; i < runs; i++) {
        sb_error err;
        sb_explore_report_free(&r);
        if (sb_explore(p, o, &r, &err) != SB_OK) {
            fprintf(stderr, "slide-bench: %s\n", err.msg);
            free(t);
            return 2;
        }
        t[i] = r.seconds;
    }
    double median = median_of(t, runs);
    printf("%s\t%s\t%.6f\t%.6f\t%llu\t%.0f\t%zu\n", label, sb_path_name(r.path), median, t[0],
           (unsigned long long)r.reachable, median > 0 ? (double)r.reachable / median : 0.0,
           r.peak_bytes);
    sb_explore_report_free(&r);
    free(t);
    return 0;
}

/* Whether to map the piece set (components) or the family (family). */
static bool family_mode;

/* Seconds of CPU time the process has used, every thread's. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int map(const sb_puzzle *p, sb_options *o, int runs, const char *label)
{
    double *t = malloc((size_t)runs * sizeof *t), *cpu = malloc((size_t)runs * sizeof *cpu);
    uint64_t layouts = 0, ncomponents = 0;
    size_t peak = 0;
    for (int i = 0; i < runs; i++) {
        sb_error err;
        sb_status status;
        double c0 = cpu_seconds();
        /* Either report: its counts are read the same way. */
        sb_family_report fr = { 0 };
        sb_components_report cr = { 0 };
        status = family_mode ? sb_family(p, o, &fr, &err) : sb_components(p, o, false, &cr, &err);
        t[i] = family_mode ? fr.seconds : cr.seconds;
        layouts = family_mode ? fr.layouts : cr.layouts;
        ncomponents = family_mode ? fr.ncomponents : cr.ncomponents;
        peak = family_mode ? fr.peak_bytes : cr.peak_bytes;
        sb_family_report_free(&fr);
        sb_components_report_free(&cr);
        cpu[i] = cpu_seconds() - c0;
        if (status != SB_OK) {
            fprintf(stderr, "slide-bench: %s\n", err.msg);
            free(t);
            free(cpu);
            return 2;
        }
    }
    double first = t[0], median = median_of(t, runs);
    printf("%s\t%s\t%.6f\t%.6f\t%.6f\t%llu\t%.0f\t%llu\t%zu\n", label,
           sb_path_name(o->path), median, first, median_of(cpu, runs),
           (unsigned long long)layouts, median > 0 ? (double)layouts / median : 0.0,
           (unsigned long long)ncomponents, peak);
    free(t);
    free(cpu);
    return 0;
}

int main(int argc, char **argv)
{
    sb_options o;
    sb_options_default(&o);
    int runs = 15, i;
    const char *engine = "auto", *label = NULL;
    bool whole_space = false, mapping = false;
    for (i = 1; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--metric") && i + 1 < argc) {
            i++;
            o.metric = !strcmp(argv[i], "unit") ? SB_METRIC_UNIT
                     : !strcmp(argv[i], "piece") ? SB_METRIC_PIECE : SB_METRIC_LINE;
        } else if (!strcmp(argv[i], "--optimal"))
            o.optimal = true;
        else if (!strcmp(argv[i], "--algo") && i + 1 < argc) {
            i++;
            o.algo = !strcmp(argv[i], "bfs") ? SB_ALGO_BFS
                   : !strcmp(argv[i], "astar") ? SB_ALGO_ASTAR
                   : !strcmp(argv[i], "bidir") ? SB_ALGO_BIDIR : SB_ALGO_AUTO;
        } else if (!strcmp(argv[i], "--engine") && i + 1 < argc)
            engine = argv[++i];
        else if (!strcmp(argv[i], "--explore"))
            whole_space = true;
        else if (!strcmp(argv[i], "--components") || !strcmp(argv[i], "--family")) {
            mapping = true;
            family_mode = !strcmp(argv[i], "--family");
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            o.threads = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--label") && i + 1 < argc)
            label = argv[++i];
        else {
            fprintf(stderr, "slide-bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (argc - i != 2 || runs < 1) {
        fprintf(stderr, "usage: slide-bench [--runs N] [--metric M] [--optimal] [--algo A] "
                        "[--engine auto|bitboard|general|both] [--explore | --components | "
                        "--family [--threads N]] [--label L] INIT GOAL\n");
        return 2;
    }
    sb_puzzle p;
    sb_error err;
    if (sb_fmt_read(argv[i], argv[i + 1], SB_FORMAT_AUTO, NULL, &p, &err) != SB_OK) {
        fprintf(stderr, "slide-bench: %s\n", err.msg);
        return 2;
    }
    if (!label)
        label = argv[i];
    int rc = 0;
    int (*time_it)(const sb_puzzle *, sb_options *, int, const char *) =
        mapping ? map : whole_space ? explore : run;
    if (!strcmp(engine, "both") || !strcmp(engine, "bitboard")) {
        o.path = SB_PATH_BITBOARD;
        rc |= time_it(&p, &o, runs, label);
    }
    if (!strcmp(engine, "both") || !strcmp(engine, "general")) {
        o.path = SB_PATH_GENERAL;
        rc |= time_it(&p, &o, runs, label);
    }
    if (!strcmp(engine, "auto")) {
        o.path = SB_PATH_AUTO;
        rc |= time_it(&p, &o, runs, label);
    }
    sb_puzzle_free(&p);
    return rc;
}
