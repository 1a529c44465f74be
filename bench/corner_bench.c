/*
 * corner_bench.c - the corner-to-corner walk's rate (engine/explore/corner.c)
 * in configurations per second per core, against the target of 5 M.
 *
 * usage: corner-bench ROWSxCOLS all [--metric M] [--every K] [--fresh]
 *        corner-bench ROWSxCOLS sample N [SEED] [--metric M] [--every K] [--fresh]
 *
 * The members (piece sets: pieces of any shape and holes filling the
 * tray) come from a small enumerator of the bench's own, not the
 * library's: every connected set of cells of the tray is listed once
 * (by brute force over all subsets), and a fill puts, at the first open
 * cell in reading order, a hole or a connected set whose first cell it
 * is.  `all` walks every fill (the placement count is printed: 55,807,716
 * on 4x4) and keeps each piece set once, with the first fill that made
 * it as its layout; `sample` makes random fills (fill_random says how)
 * until it has N distinct piece sets.  Each member is then handed to
 * sbi_corner_hardest_in (one context for all), timed by the thread's
 * CPU clock around that call alone, so building the members does not
 * count and a loaded machine's waiting does not either.
 *
 * --every K walks only every K-th member (a quicker look at the same
 * mix); --fresh gives each member a context of its own
 * (sbi_corner_hardest), to measure what reusing one saves.  It prints the members, the configurations walked (and the most
 * by one member, over its goal classes), the CPU seconds of the walks,
 * the rate (M configurations per second per core, target 5),
 * microseconds per member, and per number of pieces the hardest start's
 * distance and how many members have that many pieces: with `all` on
 * 4x4 under the piece metric, the whole census's table, and its CPU time
 * is the projection of the census on one core (half that on two).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/meter.h"
#include "explore/corner.h"

enum { MAX_CELLS = 24, MAX_PIECES = 24 };

typedef struct bench {
    int rows, cols, ncells;
    uint32_t full;
    /* Connected sets by first cell: sets[first[g] .. first[g + 1]). */
    uint32_t *sets;
    size_t first[MAX_CELLS + 1];
    int32_t *shape_of;           /* normalised set -> shape id, -1: none yet */
    uint32_t *shape_mask;        /* shape id -> its normalised cells */
    int nshapes;
    /* The members: each one's fill (its pieces' cell sets) and a hash table. */
    uint32_t *fills;             /* pieces of member i: fills[at[i] .. at[i + 1]) */
    size_t *at, nmembers, fills_len, fills_cap, at_cap;
    uint64_t *table;             /* hash -> member index + 1 (0 empty) ... */
    uint64_t *table_sig;         /* ... and its signature hash */
    size_t table_cap;
    uint64_t placements;
    /* The fill being built. */
    uint32_t stack[MAX_CELLS];
    int depth;
} bench;

static void *grow(void *p, size_t bytes)
{
    p = realloc(p, bytes);
    if (!p) {
        fprintf(stderr, "corner-bench: out of memory\n");
        exit(3);
    }
    return p;
}

static void bench_free(bench *b)
{
    free(b->sets);
    free(b->shape_of);
    free(b->shape_mask);
    free(b->fills);
    free(b->at);
    free(b->table);
    free(b->table_sig);
}

static bool connected(const bench *b, uint32_t set)
{
    uint32_t seen = set & -set, last = 0;
    while (seen != last) {
        last = seen;
        for (int g = 0; g < b->ncells; g++)
            if (last >> g & 1) {
                int r = g / b->cols, c = g % b->cols;
                if (r > 0) seen |= 1u << (g - b->cols);
                if (r + 1 < b->rows) seen |= 1u << (g + b->cols);
                if (c > 0) seen |= 1u << (g - 1);
                if (c + 1 < b->cols) seen |= 1u << (g + 1);
            }
        seen &= set;
    }
    return seen == set;
}

static uint32_t normalised(const bench *b, uint32_t set)
{
    int top = __builtin_ctz(set) / b->cols, left = b->cols;
    for (int g = 0; g < b->ncells; g++)
        if (set >> g & 1 && g % b->cols < left)
            left = g % b->cols;
    return set >> (top * b->cols + left);
}

static int shape_id(bench *b, uint32_t set)
{
    uint32_t n = normalised(b, set);
    if (b->shape_of[n] < 0) {
        b->shape_mask = grow(b->shape_mask, (size_t)(b->nshapes + 1) * sizeof *b->shape_mask);
        b->shape_mask[b->nshapes] = n;
        b->shape_of[n] = b->nshapes++;
    }
    return b->shape_of[n];
}

static void bench_init(bench *b, int rows, int cols)
{
    memset(b, 0, sizeof *b);
    b->rows = rows;
    b->cols = cols;
    b->ncells = rows * cols;
    b->full = b->ncells == 32 ? UINT32_MAX : (1u << b->ncells) - 1;
    b->shape_of = grow(NULL, ((size_t)b->full + 1) * sizeof *b->shape_of);
    memset(b->shape_of, -1, ((size_t)b->full + 1) * sizeof *b->shape_of);
    size_t n = 0, cap = 0;
    for (int g = 0; g < b->ncells; g++) {
        b->first[g] = n;
        for (uint32_t rest = 0; rest <= b->full >> (g + 1); rest++) {
            uint32_t set = 1u << g | rest << (g + 1);
            if (!connected(b, set))
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 1024;
                b->sets = grow(b->sets, cap * sizeof *b->sets);
            }
            b->sets[n++] = set;
            shape_id(b, set);
        }
    }
    b->first[b->ncells] = n;
    b->table_cap = 1 << 16;
    b->table = calloc(b->table_cap, sizeof *b->table);
    b->table_sig = calloc(b->table_cap, sizeof *b->table_sig);
}

/* The signature of the fill on the stack: its shapes sorted, and holes. */
static uint64_t signature(const bench *b)
{
    int ids[MAX_CELLS], n = 0, cells = 0;
    for (int i = 0; i < b->depth; i++) {
        int id = b->shape_of[normalised(b, b->stack[i])], j = n++;
        cells += __builtin_popcount(b->stack[i]);
        while (j > 0 && ids[j - 1] > id) {
            ids[j] = ids[j - 1];
            j--;
        }
        ids[j] = id;
    }
    uint64_t h = ((uint64_t)(b->ncells - cells) + 1) * 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < n; i++) {
        h = (h ^ (uint64_t)(ids[i] + 1)) * 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 29;
    }
    return h ? h : 1;
}

/* Keeps the fill on the stack when its piece set is new (by a 64-bit
 * signature hash: a collision would drop a member, which a bench
 * tolerates). */
static void keep(bench *b)
{
    uint64_t sig = signature(b);
    size_t mask = b->table_cap - 1, i = sig & mask;
    for (; b->table[i]; i = (i + 1) & mask)
        if (b->table_sig[i] == sig)
            return;
    b->table[i] = b->nmembers + 1;
    b->table_sig[i] = sig;
    if (b->nmembers + 2 > b->at_cap) {
        b->at_cap = b->at_cap ? 2 * b->at_cap : 1024;
        b->at = grow(b->at, b->at_cap * sizeof *b->at);
    }
    if (b->fills_len + (size_t)b->depth > b->fills_cap) {
        b->fills_cap = b->fills_cap ? 2 * b->fills_cap : 4096;
        b->fills = grow(b->fills, b->fills_cap * sizeof *b->fills);
    }
    b->at[b->nmembers] = b->fills_len;
    if (b->depth)
        memcpy(b->fills + b->fills_len, b->stack, (size_t)b->depth * sizeof *b->stack);
    b->fills_len += (size_t)b->depth;
    b->at[++b->nmembers] = b->fills_len;
    if (2 * (b->nmembers + 1) > b->table_cap) {
        size_t cap = 2 * b->table_cap;
        uint64_t *t = calloc(cap, sizeof *t), *s = calloc(cap, sizeof *s);
        for (size_t k = 0; k < b->table_cap; k++)
            if (b->table[k]) {
                size_t j = b->table_sig[k] & (cap - 1);
                while (t[j])
                    j = (j + 1) & (cap - 1);
                t[j] = b->table[k];
                s[j] = b->table_sig[k];
            }
        free(b->table);
        free(b->table_sig);
        b->table = t;
        b->table_sig = s;
        b->table_cap = cap;
    }
}

static void fill_all(bench *b, uint32_t open)
{
    if (!open) {
        b->placements++;
        keep(b);
        return;
    }
    int g = __builtin_ctz(open);
    fill_all(b, open & ~(1u << g));
    for (size_t i = b->first[g]; i < b->first[g + 1]; i++)
        if ((b->sets[i] & open) == b->sets[i]) {
            b->stack[b->depth++] = b->sets[i];
            fill_all(b, open & ~b->sets[i]);
            b->depth--;
        }
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

/* A random fill: at each first open cell a hole (chance 1/4), else a
 * piece of a size drawn evenly among the sizes that fit there, of a
 * shape drawn evenly among those of that size, so that sets of many
 * small pieces (the ones with many layouts) come up as often as the
 * large pieces, which are far more numerous as shapes. */
static void fill_random(bench *b, uint64_t *seed)
{
    uint32_t open = b->full;
    b->depth = 0;
    while (open) {
        int g = __builtin_ctz(open);
        size_t fits[MAX_CELLS + 1] = { 0 };
        int sizes = 0;
        for (size_t i = b->first[g]; i < b->first[g + 1]; i++)
            if ((b->sets[i] & open) == b->sets[i])
                sizes += !fits[__builtin_popcount(b->sets[i])]++;
        if (next_random(seed) % 4 == 0) {
            open &= ~(1u << g);
            continue;
        }
        int size = 0;
        for (uint64_t k = next_random(seed) % (uint64_t)sizes + 1; k; k -= fits[size] != 0)
            size++;
        size_t pick = next_random(seed) % fits[size];
        for (size_t i = b->first[g];; i++)
            if ((b->sets[i] & open) == b->sets[i] && __builtin_popcount(b->sets[i]) == size &&
                pick-- == 0) {
                b->stack[b->depth++] = b->sets[i];
                open &= ~b->sets[i];
                break;
            }
    }
    keep(b);
}

/* Member i as a puzzle (its first fill's layout) and its piece set. */
static void member_puzzle(const bench *b, size_t i, sb_puzzle *p, sb_shape *shapes,
                          uint8_t *cells, sb_block *blocks)
{
    memset(p, 0, sizeof *p);
    p->rows = b->rows;
    p->cols = b->cols;
    p->blocks = blocks;
    p->shapes = shapes;
    size_t used = 0;
    for (size_t k = b->at[i]; k < b->at[i + 1]; k++) {
        uint32_t set = b->fills[k], n = normalised(b, set);
        int top = 0, left = b->cols, bottom = 0, right = 0;
        for (int g = 0; g < b->ncells; g++)
            if (n >> g & 1) {
                int r = g / b->cols, c = g % b->cols;
                bottom = r > bottom ? r : bottom;
                right = c > right ? c : right;
                left = c < left ? c : left;
            }
        int h = bottom - top + 1, w = right - left + 1, anchor = __builtin_ctz(set);
        sb_block *bl = &blocks[p->nblocks++];
        *bl = (sb_block){ .row = anchor / b->cols, .col = anchor % b->cols, .height = h,
                          .width = w };
        if (__builtin_popcount(n) != h * w) {
            uint8_t *c = cells + used;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    c[y * w + x] = n >> (y * b->cols + x) & 1;
            used += (size_t)(h * w);
            shapes[p->nshapes] = (sb_shape){ h, w, c };
            bl->shape = (int)++p->nshapes;
        }
    }
}

static double thread_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int rows, cols;
    sb_metric metric = SB_METRIC_PIECE;
    size_t every = 1;
    bool fresh = false;
    if (argc >= 4 && strcmp(argv[argc - 1], "--fresh") == 0) {
        fresh = true;
        argc--;
    }
    while (argc >= 5 && argv[argc - 2][0] == '-') {
        const char *opt = argv[argc - 2], *m = argv[argc - 1];
        if (strcmp(opt, "--metric") == 0)
            metric = strcmp(m, "unit") == 0 ? SB_METRIC_UNIT
                     : strcmp(m, "line") == 0 ? SB_METRIC_LINE : SB_METRIC_PIECE;
        else if (strcmp(opt, "--every") == 0 && atoi(m) > 0)
            every = (size_t)atoi(m);
        else
            break;
        argc -= 2;
    }
    if (argc < 3 || sscanf(argv[1], "%dx%d", &rows, &cols) != 2 || rows < 1 || cols < 1 ||
        rows * cols > MAX_CELLS ||
        (strcmp(argv[2], "all") != 0 && (strcmp(argv[2], "sample") != 0 || argc < 4))) {
        fprintf(stderr, "usage: corner-bench ROWSxCOLS all|sample N [SEED] [--metric M] [--every K] "
                "[--fresh]\n");
        return 2;
    }
    bench b;
    bench_init(&b, rows, cols);
    double made = thread_seconds();
    if (strcmp(argv[2], "all") == 0) {
        fill_all(&b, b.full);
        printf("placements\t%llu\n", (unsigned long long)b.placements);
    } else {
        size_t want = strtoull(argv[3], NULL, 10);
        uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
        seed = seed ? seed : 1;
        for (size_t tries = 0; b.nmembers < want && tries < 1000 * want; tries++)
            fill_random(&b, &seed);
    }
    made = thread_seconds() - made;

    sb_meter m;
    sbi_meter_init(&m, NULL);
    sb_corner_context *ctx = sbi_corner_context_new(&m);
    if (!ctx) {
        fprintf(stderr, "corner-bench: out of memory\n");
        return 3;
    }
    sb_shape shapes[MAX_PIECES];
    uint8_t cells[MAX_PIECES * MAX_CELLS];
    sb_block blocks[MAX_PIECES];
    uint32_t best[MAX_PIECES + 1];
    uint64_t members_of[MAX_PIECES + 1] = { 0 };
    for (int k = 0; k <= MAX_PIECES; k++)
        best[k] = SB_DISTANCE_NONE;
    uint64_t configurations = 0, largest = 0;
    double walking = 0;
    size_t walked = 0;
    for (size_t i = 0; i < b.nmembers; i += every, walked++) {
        sb_puzzle p;
        member_puzzle(&b, i, &p, shapes, cells, blocks);
        sb_pieces pc;
        sb_error err = { 0 };
        if (sbi_pieces_of(&p, &pc, &err) != SB_OK) {
            fprintf(stderr, "corner-bench: member %zu: %s\n", i, err.msg);
            for (size_t k = 0; k < p.nblocks; k++)
                fprintf(stderr, "  %d,%d %dx%d shape %d set %x\n", p.blocks[k].row, p.blocks[k].col,
                        p.blocks[k].height, p.blocks[k].width, p.blocks[k].shape, b.fills[b.at[i] + k]);
            return 1;
        }
        sb_corner_result r;
        double t = thread_seconds();
        sb_status st = fresh ? sbi_corner_hardest(&pc, metric, &m, &r, &err)
                             : sbi_corner_hardest_in(ctx, &pc, metric, &m, &r, &err);
        walking += thread_seconds() - t;
        if (st != SB_OK) {
            fprintf(stderr, "corner-bench: member %zu: %s\n", i, err.msg);
            return 1;
        }
        configurations += r.configurations;
        largest = r.configurations > largest ? r.configurations : largest;
        members_of[p.nblocks]++;
        if (r.moves != SB_DISTANCE_NONE &&
            (best[p.nblocks] == SB_DISTANCE_NONE || r.moves > best[p.nblocks]))
            best[p.nblocks] = r.moves;
        sbi_corner_result_free(&r, &m);
    }
    sbi_corner_context_free(ctx);
    sbi_meter_end(&m);
    bench_free(&b);
    printf("tray\t%dx%d\nmetric\t%d\nmembers\t%zu\nwalked\t%zu\nshapes\t%d\n"
           "enumerating_cpu_s\t%.2f\n",
           rows, cols, (int)metric, b.nmembers, walked, b.nshapes, made);
    printf("largest_member\t%llu\t(configurations over its goal classes)\n",
           (unsigned long long)largest);
    printf("configurations\t%llu\nwalk_cpu_s\t%.2f\nrate_M_per_s_per_core\t%.2f\t(target 5)\n"
           "us_per_member\t%.2f\n",
           (unsigned long long)configurations, walking,
           walking > 0 ? (double)configurations / walking / 1e6 : 0.0,
           walked ? walking / (double)walked * 1e6 : 0.0);
    printf("pieces\tmembers\thardest\n");
    for (int k = 0; k <= MAX_PIECES; k++)
        if (members_of[k]) {
            if (best[k] == SB_DISTANCE_NONE)
                printf("%d\t%llu\t-\n", k, (unsigned long long)members_of[k]);
            else
                printf("%d\t%llu\t%u\n", k, (unsigned long long)members_of[k], best[k]);
        }
    return 0;
}
