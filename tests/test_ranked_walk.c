/*
 * test_ranked_walk.c - the ranked walk (explore/ranked_walk.c) against
 * the table walk and the distance oracle on random numbered-tile trays
 * and block puzzles, and resumed from every layer boundary.
 *
 * random: trays of 2x2 to 3x3 and 2x4, a wall now and then, one to three
 * empty cells anywhere, tiles anywhere, a random goal, every metric, 1 to
 * 3 threads.  The ranked walk must give the table walk's (sb_explore,
 * SB_WALK_TABLE) counts per depth, goal count and nearest goal; its list
 * of farthest configurations must be exactly those the distance oracle
 * (sb_distances_compute, with INIT itself as the goal) puts farthest.
 *
 * blocks: the same on random block puzzles (the layout numbering):
 * trays of 2x2 to 4x4, pieces of 1x1, 1x2, 2x1 and 2x2 (one class per
 * size) placed at random over most of the tray, a goal now
 * and then, every metric, 1 to 3 threads (4x4 and 5x4 trays, whose
 * marks span many chunks, on 2 and 3 threads).  Every reached configuration's
 * image (built here from its blocks) must have a rank below the
 * numbering's count, distinct from the others', that unranks to it.
 *
 * resume: a walk (numbered tiles, and block puzzles) stopped at each
 * boundary after saving there, then run again on the same spill, must
 * say it resumed there and give the uninterrupted walk's report; a
 * finished walk leaves the spill empty; a damaged save is ignored; a save
 * the disk has no room for is dropped whole, and the walk goes on.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explore/ranked_walk.h"
#include "explore/ranking.h"
#include "slide_map.h"
#include "unit.h"


/* Numbered tiles on a rows x cols tray: `walls` wall cells and `holes`
 * empty cells at random, every other cell a tile of its own (group i + 1),
 * and a goal of up to two tiles' places at random. */
static void random_tiles(sb_puzzle *p, unit_rng *r, int rows, int cols, int walls, int holes)
{
    int cells = rows * cols;
    memset(p, 0, sizeof *p);
    p->rows = rows;
    p->cols = cols;
    int *order = unit_alloc((size_t)cells * sizeof *order);
    for (int i = 0; i < cells; i++)
        order[i] = i;
    for (int i = cells - 1; i > 0; i--) {
        int j = unit_below(r, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    if (walls) {
        p->walls = unit_alloc((size_t)cells);
        for (int i = 0; i < walls; i++)
            p->walls[order[i]] = 1;
    }
    p->blocks = unit_alloc((size_t)cells * sizeof *p->blocks);
    p->goals = unit_alloc(2 * sizeof *p->goals);
    for (int i = walls + holes; i < cells; i++) {
        int group = (int)p->nblocks + 1;
        p->blocks[p->nblocks++] =
            (sb_block){ order[i] / cols, order[i] % cols, 1, 1, 0, group, SB_AXIS_ANY, 0 };
    }
    int goals = unit_below(r, 3);
    for (int g = 0; g < goals && p->nblocks; g++) {
        sb_block b = p->blocks[unit_below(r, (int)p->nblocks)];
        int at = order[walls + unit_below(r, cells - walls)];
        b.row = at / cols;
        b.col = at % cols;
        if (p->ngoals == 1 && (p->goals[0].group == b.group ||
                               (p->goals[0].row == b.row && p->goals[0].col == b.col)))
            continue;
        p->goals[p->ngoals++] = b;
    }
    free(order);
}

/* Runs the ranked walk on p through the engine's setup. */
static sb_status ranked(const sb_puzzle *p, const sb_options *opts, sbi_ranked_knobs *knobs,
                        sb_explore_report *out)
{
    sb_setup s;
    sb_error err;
    memset(out, 0, sizeof *out);
    sb_status st = sbi_setup_begin(&s, p, opts, &err);
    if (st == SB_OK)
        st = sbi_ranked_explore(&s, opts, knobs, out, &err);
    sbi_setup_end(&s);
    return st;
}

static bool same_report(const sb_explore_report *a, const sb_explore_report *b)
{
    if (a->reachable != b->reachable || a->farthest != b->farthest ||
        a->goal_count != b->goal_count || (a->goal_count && a->nearest_goal != b->nearest_goal))
        return false;
    for (unsigned d = 0; d <= a->farthest; d++)
        if (a->per_depth[d] != b->per_depth[d])
            return false;
    return true;
}

static int cmp_u16s(const void *x, const void *y, size_t n)
{
    return memcmp(x, y, n * sizeof(uint16_t));
}

static size_t sort_n;
static int cmp_conf(const void *x, const void *y)
{
    return cmp_u16s(x, y, sort_n);
}

/* The blocks (nblocks, any order) written as the oracle writes a
 * configuration: each class's anchors in its slots, ascending. */
static void slots_of(const sb_puzzle *p, const sb_distances *d, const sb_block *blocks,
                     uint16_t *slot)
{
    size_t at = 0;
    for (size_t c = 0; c < d->nclasses; c++) {
        size_t first = at;
        for (size_t j = 0; j < d->nblocks; j++)
            if (sb_block_same_class(p, &blocks[j], &d->pieces[c]))
                slot[at++] = (uint16_t)(blocks[j].row * p->cols + blocks[j].col);
        for (size_t i = first + 1; i < at; i++)   /* a few: insertion sort */
            for (size_t j = i; j > first && slot[j - 1] > slot[j]; j--) {
                uint16_t t = slot[j];
                slot[j] = slot[j - 1];
                slot[j - 1] = t;
            }
    }
}

/* The farthest configurations the oracle finds (INIT as the goal) must be
 * those the walk listed. */
static void compare_farthest(const sb_puzzle *p, const sb_options *opts,
                             const sb_explore_report *r, const sbi_ranked_knobs *k)
{
    sb_puzzle back = *p;
    back.goals = p->blocks;
    back.ngoals = p->nblocks;
    sb_distances d;
    sb_error err;
    if (!CHECK(sb_distances_compute(&back, opts, &d, &err) == SB_OK))
        return;
    size_t n = d.nblocks, far = 0;
    CHECK(d.farthest == r->farthest);
    uint16_t *theirs = unit_alloc((r->per_depth[r->farthest] + 1) * n * sizeof *theirs);
    for (uint64_t i = 0; i < d.count; i++)
        if (d.distance[i] == d.farthest && far < r->per_depth[r->farthest])
            memcpy(theirs + far++ * n, d.anchors + i * n, n * sizeof *theirs);
    CHECK(far == r->per_depth[r->farthest]);
    size_t listed = k->nfar;
    CHECK(listed == (far < SBI_RANKED_FAR_MAX ? far : SBI_RANKED_FAR_MAX));
    uint16_t *mine = unit_alloc((listed + 1) * n * sizeof *mine);
    for (size_t i = 0; i < listed; i++)
        slots_of(p, &d, k->far + i * r->nblocks, mine + i * n);
    sort_n = n;
    qsort(theirs, far, n * sizeof *theirs, cmp_conf);
    qsort(mine, listed, n * sizeof *mine, cmp_conf);
    bool same = listed == far;
    for (size_t i = 0; same && i < far; i++)
        same = cmp_u16s(theirs + i * n, mine + i * n, n) == 0;
    if (!CHECK(same))
        unit_say("farthest sets differ");
    free(theirs);
    free(mine);
    sb_distances_free(&d);
}

/* A random block puzzle: rectangles of 1x1 to 2x2 (group 0: a class per
 * size) on a rows x cols tray, most of it covered, a goal now and then. */
static void random_blocks(sb_puzzle *p, unit_rng *r, int rows, int cols)
{
    unit_shape_plan plan = { 2, 2, 70 + unit_below(r, 26), 35, 2 };
    unit_random_puzzle(p, r, rows, cols, &plan);
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Every configuration the oracle reaches from p: its bitboard image,
 * built here from its anchors (the image's rule: a block covers its cells
 * and the spacers between them), has a rank below the numbering's count,
 * distinct from the others', and unranks to itself. */
static void check_ranks(const sb_puzzle *p, const sb_options *opts)
{
    sb_distances d;
    sb_error err;
    sb_setup s;
    sb_pieces pc;
    ranking rk;
    if (!CHECK(sb_distances_compute(p, opts, &d, &err) == SB_OK))
        return;
    bool set = CHECK(sbi_setup_begin(&s, p, opts, &err) == SB_OK) &&
               CHECK(sbi_pieces_of(p, &pc, &err) == SB_OK) &&
               CHECK(sbi_ranking_init(&rk, &pc, (const bitboard *)s.space, &s.meter));
    uint64_t *ranks = unit_alloc((d.count + 1) * sizeof *ranks);
    int width = 2 * p->cols - 1;
    bool round = true;
    for (uint64_t i = 0; set && i < d.count; i++) {
        uint64_t S = 0, back = 0;
        const uint16_t *slot = d.anchors + i * d.nblocks;
        for (size_t c = 0; c < d.nclasses; c++) {
            const sb_block *b = &d.pieces[c];
            for (uint32_t j = 0; j < d.class_count[c]; j++, slot++)
                for (int y = 0; y < 2 * b->height - 1; y++)
                    for (int x = 0; x < 2 * b->width - 1; x++)
                        S |= 1ULL << ((2 * (*slot / p->cols) + y) * width +
                                      2 * (*slot % p->cols) + x);
        }
        ranks[i] = ranking_rank(&rk, S);
        round = round && ranks[i] < rk.total && sbi_ranking_unrank(&rk, ranks[i], &back) &&
                back == S;
    }
    if (set) {
        qsort(ranks, d.count, sizeof *ranks, cmp_u64);
        bool distinct = true;
        for (uint64_t i = 1; i < d.count; i++)
            distinct = distinct && ranks[i - 1] != ranks[i];
        if (!CHECK(round) || !CHECK(distinct))
            unit_print_puzzle(stderr, p);
        sbi_ranking_free(&rk, &s.meter);
    }
    sbi_setup_end(&s);
    free(ranks);
    sb_distances_free(&d);
}

/* p walked at two bits a rank under a random metric on `threads` threads
 * (0: 1 to 3 at random): the table walk's report and the oracle's
 * farthest set; with ranks, the ranks of every reached layout too
 * (check_ranks). */
static void against_table(const sb_puzzle *p, unit_rng *rng, bool ranks, unsigned threads)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.metric = (sb_metric)unit_below(rng, 3);
    opts.threads = threads ? threads : 1 + (unsigned)unit_below(rng, 3);
    sbi_ranked_knobs k = { .save_every = -1, .want_far = SBI_RANKED_FAR_MAX };
    sb_explore_report mine, table;
    sb_error err;
    sb_status st = ranked(p, &opts, &k, &mine);
    if (CHECK(st == SB_OK) && CHECK(mine.walk == SB_WALK_RANKED)) {
        opts.walk = SB_WALK_TABLE;
        if (CHECK(sb_explore(p, &opts, &table, &err) == SB_OK)) {
            if (!CHECK(same_report(&mine, &table))) {
                unit_print_puzzle(stderr, p);
                fprintf(stderr, "metric %d: ranked %llu/%u, table %llu/%u\n", opts.metric,
                        (unsigned long long)mine.reachable, mine.farthest,
                        (unsigned long long)table.reachable, table.farthest);
            }
            compare_farthest(p, &opts, &mine, &k);
            sb_explore_report_free(&table);
        }
        if (ranks)
            check_ranks(p, &opts);
    } else {
        unit_print_puzzle(stderr, p);
    }
    free(k.far);
    sb_explore_report_free(&mine);
}

static void test_random(void)
{
    static const int trays[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 2, 4 }, { 4, 2 }, { 3, 3 } };
    unit_rng rng = { 0x5eed2b17ULL };
    int cases = unit_cases(200, 40);
    for (int c = 0; c < cases; c++) {
        const int *t = trays[c % 6];
        int cells = t[0] * t[1];
        int walls = unit_below(&rng, 4) == 0 ? 1 : 0;
        int holes = 1 + unit_below(&rng, cells >= 8 ? 3 : 2);
        if (cells == 9)   /* 15,120 configurations or 60,480, and now and then 181,440 */
            holes = c % 48 == 5 ? 1 : 3 + unit_below(&rng, 2);
        sb_puzzle p;
        random_tiles(&p, &rng, t[0], t[1], walls, holes);
        against_table(&p, &rng, false, 0);
        sb_puzzle_free(&p);
    }
}

static void test_blocks(void)
{
    unit_rng rng = { 0xb10c5ULL };
    int cases = unit_cases(240, 48);
    for (int c = 0; c < cases; c++) {
        int rows = 2 + unit_below(&rng, 3), cols = 2 + unit_below(&rng, 3);
        sb_puzzle p;
        random_blocks(&p, &rng, rows, cols);
        against_table(&p, &rng, true, 0);
        sb_puzzle_free(&p);
    }
    /* Trays of 4x4 and 5x4, whose ranks fill many chunks of marks, on
     * 2 and 3 threads: the threads share the sweep of one layer. */
    for (int c = 0; c < unit_cases(8, 2); c++) {
        sb_puzzle p;
        random_blocks(&p, &rng, 4 + c % 2, 4);
        against_table(&p, &rng, false, 2 + (unsigned)(c % 2));
        sb_puzzle_free(&p);
    }
}

/* The entries in dir. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* Damages every entry in dir: the byte at offset `at` flipped. */
static void damage(const char *dir, long at)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r+b");
        if (f && fseek(f, at, SEEK_SET) == 0) {
            int ch = fgetc(f);
            fseek(f, at, SEEK_SET);
            fputc(ch ^ 0x10, f);
        }
        if (f)
            fclose(f);
    }
    if (d)
        closedir(d);
}

/* A spill whose writes fail after `room` bytes (a full disk), over the
 * directory cache `inner`. */
typedef struct full_disk {
    const sb_cache *inner;
    size_t room, written;
} full_disk;

static void *full_open_write(void *ctx, const char *name)
{
    full_disk *f = ctx;
    return f->inner->open_write(f->inner->ctx, name);
}

static full_disk *the_disk;

static bool full_write(void *writer, const void *buf, size_t len)
{
    if (the_disk->written + len > the_disk->room)
        return false;
    the_disk->written += len;
    return the_disk->inner->write(writer, buf, len);
}

static void *full_open_read(void *ctx, const char *name)
{
    full_disk *f = ctx;
    return f->inner->open_read(f->inner->ctx, name);
}

static bool full_remove(void *ctx, const char *name)
{
    full_disk *f = ctx;
    return f->inner->remove(f->inner->ctx, name);
}

/* A walk whose every save fails part way (the disk fills) gives the
 * whole report, believes nothing half written, and leaves no entry. */
static void test_full_disk(const sb_cache *dir_cache, const char *dir)
{
    unit_rng rng = { 0xd15cULL };
    sb_puzzle p;
    random_tiles(&p, &rng, 3, 3, 0, 2);
    sb_options opts;
    sb_options_default(&opts);
    sb_explore_report whole, r;
    if (!CHECK(ranked(&p, &opts, NULL, &whole) == SB_OK)) {
        sb_puzzle_free(&p);
        return;
    }
    full_disk disk = { dir_cache, 1000, 0 };
    the_disk = &disk;
    sb_cache full = *dir_cache;
    full.ctx = &disk;
    full.open_write = full_open_write;
    full.write = full_write;
    full.open_read = full_open_read;
    full.remove = full_remove;
    opts.spill = &full;
    sbi_ranked_knobs stop = { .save_every = 0, .stop_before = 5 };
    CHECK(ranked(&p, &opts, &stop, &r) == SB_ELIMIT);
    CHECK(entries(dir) == 0);   /* the failed save was dropped, not kept in part */
    sbi_ranked_knobs go = { .save_every = 0 };
    disk.written = 0;
    if (CHECK(ranked(&p, &opts, &go, &r) == SB_OK)) {
        CHECK(go.resumed_at == 0);
        CHECK(same_report(&r, &whole));
    }
    CHECK(entries(dir) == 0);
    free(go.far);
    sb_explore_report_free(&r);
    sb_explore_report_free(&whole);
    sb_puzzle_free(&p);
}

/* p walked whole, then stopped at each boundary and resumed there. */
static void resume_puzzle(const sb_puzzle *p, sb_options opts, const sb_cache *spill,
                          const char *dir)
{
    sb_explore_report whole;
    if (!CHECK(ranked(p, &opts, NULL, &whole) == SB_OK))
        return;
    opts.spill = spill;
    for (unsigned b = 1; b <= whole.farthest; b++) {
        sbi_ranked_knobs stop = { .save_every = 0, .stop_before = b };
        sb_explore_report r;
        CHECK(ranked(p, &opts, &stop, &r) == SB_ELIMIT);
        CHECK(entries(dir) == 1);
        if (b % 5 == 3)   /* a damaged save is not believed: the walk starts over */
            damage(dir, 100 + (long)b);
        sbi_ranked_knobs go = { .save_every = 0 };
        if (CHECK(ranked(p, &opts, &go, &r) == SB_OK)) {
            CHECK(go.resumed_at == (b % 5 == 3 ? 0 : b));
            CHECK(same_report(&r, &whole));
        }
        CHECK(entries(dir) == 0);   /* a finished walk removes its save */
        free(go.far);
        sb_explore_report_free(&r);
    }
    sb_explore_report_free(&whole);
}

static void test_resume(void)
{
    static const int trays[][3] = { { 2, 3, 1 }, { 3, 3, 2 }, { 2, 4, 1 }, { 3, 3, 1 } };
    unit_rng rng = { 0x7e5u };
    char dir[] = "/tmp/slide-ranked-XXXXXX";
    if (!CHECK(mkdtemp(dir) != NULL))
        return;
    sb_cache *spill;
    sb_error err;
    if (!CHECK(sb_fmt_cache_dir_new(dir, &spill, &err) == SB_OK))
        return;
    int cases = unit_cases(4, 2);
    for (int c = 0; c < 2 * cases; c++) {
        sb_puzzle p;
        if (c < cases)   /* numbered tiles, then block puzzles */
            random_tiles(&p, &rng, trays[c][0], trays[c][1], 0, trays[c][2]);
        else
            random_blocks(&p, &rng, 3 + c % 2, 4);
        sb_options opts;
        sb_options_default(&opts);
        opts.metric = (sb_metric)(c % 3);
        opts.threads = 2;
        resume_puzzle(&p, opts, spill, dir);
        sb_puzzle_free(&p);
    }
    test_full_disk(spill, dir);
    sb_fmt_cache_dir_free(spill);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    static const unit_part parts[] = { { "random", test_random },
                                       { "blocks", test_blocks },
                                       { "resume", test_resume } };
    return unit_run_parts("test_ranked_walk", argc, argv, parts, sizeof parts / sizeof *parts);
}
