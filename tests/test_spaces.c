/*
 * test_spaces.c - the two spaces (spaces/space.h), the general board and
 * the spaced bitboard, against each other and against the tests' own move
 * generator (unit.h), on random layouts.
 *
 * For each layout and metric both spaces are built (the bitboard when the
 * tray fits it) and walked a few random moves from the root.  At each
 * configuration of the walk, every child that expand() reports is built
 * with child_key and decoded; the set of child configurations (sorted
 * block lists) must equal the set the tests' generator finds from the
 * decoded parent, in both spaces, with no child reported twice.  Each
 * child's goal flag must agree with a goal check of the tests' own (every
 * goal entry is a block of that size at that place), first_goal must name
 * the first flagged child, and the hash child_key returns with each key
 * (kept incrementally from the parent's by the board) must equal
 * ops->hash of the key.  The walk
 * continues from a child chosen at random, the same one in both spaces.
 *
 * Trays: 64-bit images (4x4, 5x4, 3x5, ...), 128-bit ones (5x5, 6x6, 4x7,
 * 1x40, 40x1, 1x64), one-row and one-column trays, and trays the bitboard
 * cannot take (7x7, 8x5, 1x70), where only the board is compared.  Blocks
 * are random rectangles; some layouts are mostly 1x1 blocks, so that the
 * board keys them by their empty cells.  The seed is fixed.
 */
#include "unit.h"

#include "spaces/space.h"

enum { LAYOUTS = 540, WALK = 8, MAX_SPACES = 2 };

typedef struct tray {
    int rows, cols;
} tray;

static const tray TRAYS[] = {
    { 4, 4 }, { 5, 4 }, { 4, 5 }, { 3, 5 }, { 2, 3 }, { 3, 3 }, { 2, 6 }, { 1, 1 }, { 1, 2 },
    { 5, 5 }, { 6, 6 }, { 4, 7 }, { 7, 4 }, { 5, 6 }, { 6, 5 }, { 3, 9 },
    { 1, 10 }, { 10, 1 }, { 1, 32 }, { 1, 40 }, { 40, 1 }, { 1, 64 }, { 64, 1 }, { 2, 21 },
    { 7, 7 }, { 8, 5 }, { 1, 70 },
};
enum { NTRAYS = sizeof TRAYS / sizeof TRAYS[0] };

static const char *const SPACE_NAME[MAX_SPACES] = { "board", "bitboard" };

/* One space under test with its worker state and child buffer. */
typedef struct probe {
    sb_space *sp;
    sb_scratch *w;
    sb_children kids;
    unsigned char *cur;       /* the walk's configuration, as this space's key */
    unsigned char *keys;      /* the children's keys */
    size_t keys_cap;
    unit_confs confs;         /* the children, decoded, in the order reported */
} probe;

/* Whether a failure was already explained for this layout. */
static bool told;

/* What was compared, printed at the end so a run shows it tested something. */
static struct {
    unsigned long expansions, children, goal_children, complement_layouts;
} seen;

static void tell(const sb_puzzle *p, sb_metric metric, int step)
{
    if (told || unit_failures > 40)
        return;
    told = true;
    fprintf(stderr, "  layout (metric %s, walk step %d):\n", sb_metric_name(metric), step);
    unit_print_puzzle(stderr, p);
}

/* Expands pr->cur into pr's children and checks what comes with each
 * child (key hash, goal flag) against the decoded configuration. */
static void expand_and_decode(probe *pr, const sb_puzzle *p, size_t nblocks, int which)
{
    const sb_space *sp = pr->sp;
    sbi_children_clear(&pr->kids);
    sb_status st = sp->ops->expand(sp, pr->w, pr->cur, &pr->kids);
    CHECK_MSG(st == SB_OK, "%s: expand returned %d", SPACE_NAME[which], st);
    size_t n = pr->kids.n;
    unit_reserve(&pr->keys, &pr->keys_cap, n * sp->key_size, 1);
    pr->confs.n = nblocks;
    pr->confs.count = 0;
    sb_block *blocks = unit_alloc((nblocks + 1) * sizeof *blocks);
    size_t first_goal = SIZE_MAX;
    for (size_t j = 0; j < n; j++) {
        unsigned char *key = pr->keys + j * sp->key_size;
        uint64_t kept = sp->ops->child_key(sp, pr->w, pr->cur, pr->kids.recs + j * sp->rec_size,
                                           key);
        uint64_t full = sp->ops->hash(sp, key);
        CHECK_MSG(kept == full, "%s: child %zu: hash %016llx, of its key %016llx",
                  SPACE_NAME[which], j, (unsigned long long)kept, (unsigned long long)full);
        sp->ops->decode(sp, pr->w, key, blocks);
        unit_confs_push(&pr->confs, blocks);
        const sb_block *conf = unit_conf(&pr->confs, j);
        bool goal = unit_goal_met(p->goals, p->ngoals, conf, nblocks);
        CHECK_MSG(pr->kids.goal[j] == goal, "%s: child %zu: goal flag %d, goal check %d",
                  SPACE_NAME[which], j, pr->kids.goal[j], goal);
        CHECK_MSG(sp->ops->is_goal(sp, pr->w, key) == goal, "%s: child %zu: is_goal wrong",
                  SPACE_NAME[which], j);
        if (goal && first_goal == SIZE_MAX)
            first_goal = j;
        seen.children++;
        seen.goal_children += goal;
        if (pr->kids.goal[j] != goal || kept != full)
            unit_print_blocks(stderr, "child", conf, nblocks);
    }
    CHECK_MSG(pr->kids.first_goal == first_goal, "%s: first_goal %zu, expected %zu",
              SPACE_NAME[which], pr->kids.first_goal, first_goal);
    free(blocks);
}

/* The children in sorted order must be exactly `want` (sorted). */
static bool same_set(probe *pr, const unit_confs *want, int which)
{
    unit_confs sorted = { pr->confs.n, 0, 0, NULL };
    for (size_t j = 0; j < pr->confs.count; j++)
        unit_confs_push(&sorted, unit_conf(&pr->confs, j));
    size_t repeats = unit_confs_sort(&sorted);
    CHECK_MSG(repeats == 0, "%s: %zu children reported twice", SPACE_NAME[which], repeats);
    bool same = sorted.count == want->count;
    for (size_t j = 0; same && j < sorted.count; j++)
        same = unit_conf_cmp(unit_conf(&sorted, j), unit_conf(want, j), want->n) == 0;
    CHECK_MSG(same, "%s: %zu children, the tests' generator finds %zu", SPACE_NAME[which],
              sorted.count, want->count);
    if (!same && unit_failures < 40) {
        /* Name one child that only one side has. */
        for (size_t j = 0; j < want->count; j++)
            if (unit_confs_find(&sorted, unit_conf(want, j)) == SIZE_MAX) {
                unit_print_blocks(stderr, "missing from the space", unit_conf(want, j), want->n);
                break;
            }
        for (size_t j = 0; j < sorted.count; j++)
            if (unit_confs_find(want, unit_conf(&sorted, j)) == SIZE_MAX) {
                unit_print_blocks(stderr, "not a move", unit_conf(&sorted, j), want->n);
                break;
            }
    }
    unit_confs_free(&sorted);
    return same;
}

static void walk(const sb_puzzle *p, const sb_catalog *cat, sb_metric metric, unit_rng *r)
{
    probe pr[MAX_SPACES];
    int nspaces = 0;
    sb_meter meter;
    sbi_meter_init(&meter, NULL);
    memset(pr, 0, sizeof pr);
    bool built = sbi_board_space_new(p, cat, metric, &pr[nspaces++].sp) == SB_OK;
    if (sb_bitboard_fits(p->rows, p->cols))
        built = built && sbi_bitboard_space_new(p, cat, metric, &pr[nspaces++].sp) == SB_OK;
    else
        CHECK(sbi_bitboard_space_new(p, cat, metric, &pr[nspaces].sp) == SB_EINPUT);
    CHECK(built);
    if (!built)
        exit(unit_finish("test_spaces"));
    size_t nblocks = p->nblocks;
    sb_block *conf = unit_alloc((nblocks + 1) * sizeof *conf);
    sb_block *decoded = unit_alloc((nblocks + 1) * sizeof *decoded);
    memcpy(conf, p->blocks, nblocks * sizeof *conf);
    unit_sort_blocks(conf, nblocks);
    for (int i = 0; i < nspaces; i++) {
        pr[i].w = pr[i].sp->ops->scratch_new(pr[i].sp);
        CHECK(pr[i].w != NULL);
        pr[i].kids = (sb_children){ .rec_size = pr[i].sp->rec_size, .meter = &meter,
                                    .first_goal = SIZE_MAX };
        pr[i].cur = unit_alloc(pr[i].sp->key_size);
        memcpy(pr[i].cur, pr[i].sp->root, pr[i].sp->key_size);
        CHECK(pr[i].sp->metric == metric && pr[i].sp->cat == cat);
    }
    unit_confs own = { nblocks, 0, 0, NULL };
    for (int step = 0; step <= WALK; step++) {
        bool goal = unit_goal_met(p->goals, p->ngoals, conf, nblocks);
        for (int i = 0; i < nspaces; i++) {
            const sb_space *sp = pr[i].sp;
            sp->ops->decode(sp, pr[i].w, pr[i].cur, decoded);
            unit_sort_blocks(decoded, nblocks);
            bool same = unit_conf_cmp(decoded, conf, nblocks) == 0;
            CHECK_MSG(same, "%s: the walk's configuration decodes differently", SPACE_NAME[i]);
            CHECK_MSG(sp->ops->is_goal(sp, pr[i].w, pr[i].cur) == goal, "%s: is_goal wrong",
                      SPACE_NAME[i]);
        }
        own.count = 0;
        unit_children(p->rows, p->cols, conf, nblocks, metric, &own);
        CHECK(unit_confs_sort(&own) == 0);
        int before = unit_failures;
        for (int i = 0; i < nspaces; i++) {
            expand_and_decode(&pr[i], p, nblocks, i);
            seen.expansions++;
            same_set(&pr[i], &own, i);
        }
        if (unit_failures != before) {
            tell(p, metric, step);
            unit_print_blocks(stderr, "parent", conf, nblocks);
            break;
        }
        if (own.count == 0)
            break;
        /* The same child in every space. */
        memcpy(conf, unit_conf(&own, (size_t)unit_below(r, (int)own.count)),
               nblocks * sizeof *conf);
        for (int i = 0; i < nspaces; i++)
            for (size_t j = 0; j < pr[i].confs.count; j++)
                if (unit_conf_cmp(unit_conf(&pr[i].confs, j), conf, nblocks) == 0) {
                    memcpy(pr[i].cur, pr[i].keys + j * pr[i].sp->key_size, pr[i].sp->key_size);
                    break;
                }
    }
    for (int i = 0; i < nspaces; i++) {
        sbi_children_free(&pr[i].kids);
        unit_confs_free(&pr[i].confs);
        free(pr[i].keys);
        free(pr[i].cur);
        pr[i].sp->ops->scratch_free(pr[i].w);
        pr[i].sp->ops->free(pr[i].sp);
    }
    CHECK(meter.held == 0);
    unit_confs_free(&own);
    free(conf);
    free(decoded);
}

int main(void)
{
    unit_rng r = { 0x5eed5eed12345ULL };
    for (int layout = 0; layout < LAYOUTS; layout++) {
        tray t = TRAYS[layout % NTRAYS];
        unit_shape_plan plan = {
            .max_h = 1 + unit_below(&r, 3),
            .max_w = 1 + unit_below(&r, 3),
            .fill_pct = 30 + unit_below(&r, 66),
            .unit_pct = unit_below(&r, 4) == 0 ? 90 : unit_below(&r, 50),
            .max_goals = 3,
        };
        sb_puzzle p;
        unit_random_puzzle(&p, &r, t.rows, t.cols, &plan);
        sb_error err;
        sb_status st = sb_puzzle_check(&p, &err);
        CHECK_MSG(st == SB_OK, "a generated layout fails the check: %s", err.msg);
        sb_catalog cat;
        if (st == SB_OK && sbi_catalog_init(&cat, &p) == SB_OK) {
            told = false;
            seen.complement_layouts += cat.unit >= 0 && cat.classes[cat.unit].count > cat.nempty;
            for (int m = 0; m < 3; m++)
                walk(&p, &cat, (sb_metric)m, &r);
            sbi_catalog_free(&cat);
        }
        sb_puzzle_free(&p);
    }
    printf("test_spaces: %d layouts, %lu expansions, %lu children (%lu meeting the goal), "
           "%lu layouts with more 1x1 blocks than empty cells\n", LAYOUTS, seen.expansions,
           seen.children, seen.goal_children, seen.complement_layouts);
    return unit_finish("test_spaces");
}
