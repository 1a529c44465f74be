/*
 * pdb.c - pattern databases for numbered tiles (pdb.h), built by a
 * breadth-first search of each group's abstract space backward from the
 * goal.
 *
 * A group of k tiles is abstracted to the placement of its k tiles and
 * the empty cell; every other tile is dropped, so the empty cell may trade
 * places with whatever else stands next to it at no cost, and trading
 * places with one of the group's tiles costs one move.  Each real
 * configuration projects onto one abstract state and each real move onto
 * an abstract move of cost 0 or 1 (1 for exactly one group), so the sum
 * over groups of the abstract distances is a lower bound: Korf and
 * Felner's disjoint, additive databases.  Since the moves are reversible,
 * the search starts from every goal placement (the group's tiles home,
 * the empty cell anywhere) and runs outward, a layer per cost, each layer
 * first closed under the free moves.  It runs over (placement, empty
 * cell) with a byte each (build_group) while that fits
 * SB_PDB_BUILD_BUDGET, and over (placement, region of open cells holding
 * the empty cell) with three bytes a placement beyond (build_regions):
 * the same values, for groups of 8 tiles on the 15-puzzle.
 *
 * Groups.  The tiles with a goal are cut into groups as large as a build
 * allows (group_size: by the budgets and --max-memory), each a compact
 * block of goal cells, and cut a second time across (plan): each set's
 * sum is a bound, and the estimate is the larger (Korf and Felner's
 * reflected lookup).  On a square tray whose walls and goal cells are the
 * same mirrored across the main diagonal, the second set is the first
 * mirrored, and reads the first's tables with its tiles' cells mirrored
 * (plan_mirrors): no table of its own.
 *
 * Storage.  A placement of k tiles on n cells has a perfect rank among the
 * n!/(n-k)! of them (rank_of); the table keeps, per rank, the least
 * distance over the empty cell's positions, in 4 bits.  Distances of a
 * group pass 15, so what is kept is the excess over the tiles' own
 * distances (each tile's shortest way home on the empty tray, walls
 * counted): a tile move changes that sum by one, so the excess is even,
 * and half of it (saturated at 14; 15 marks a placement that cannot reach
 * the goal) fits.  Saturating lowers a value, which keeps it a bound.
 *
 * Cache.  The engine touches no file: the caller's cache (sb_options.cache,
 * slide.h; slide's directory, --pdb-dir, and the Python module's pdb_dir,
 * formats/cache_dir.c) holds one entry per table: a header with a format
 * version and the whole abstract puzzle (the tray, its walls, the metric,
 * each group's goal cells, how it was built and whose table it mirrors),
 * the table's number, the table, and a checksum.  Its name is a hash of
 * the header and the number, but an entry is used only when its header
 * and number equal the ones wanted byte for byte, its size is exact and
 * its checksum holds; anything else is rebuilt and replaced.  Each table
 * is written as soon as it is built, so a build stopped part way (Ctrl-C,
 * a time limit) keeps every table it finished and the next run builds
 * only the rest.  The cache publishes an entry whole or not at all (a
 * directory's: a temporary file, renamed), so a reader never sees half of
 * one.
 *
 * Progress.  Each table's build is a phase of the meter's ("building
 * pattern database 2 of 3 (7 tiles)"), its units what that build reaches
 * of a total known beforehand: abstract states, placements or entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "search/pdb.h"

enum { MAX_GROUP = 8, MAX_GROUPS = 64, MAX_KEY = 128, FORMAT_VERSION = 5 };
/* Room for a cache entry's name, slide-HASH.pdb, and its NUL. */
enum { ENTRY_NAME = 64 };
/* Block databases: at most this many, each keeping at most MAX_KEPT
 * classes of at most MAX_CLASS_COUNT blocks. */
enum { MAX_BLOCKDBS = 4, MAX_KEPT = 6, MAX_CLASS_COUNT = 16 };
/* Trays of at most this many cells number the regions of every set of
 * free cells once, in a table (2^16 words for the 15-puzzle): a lookup
 * instead of a flood fill for every step of a build by regions, which
 * measured 9 tenths of its time. */
enum { REGION_TABLE_CELLS = 16 };
#define NIBBLE_DEAD 15u
#define NIBBLE_MAX 14u
#define UNSEEN 0xFFu

typedef struct group {
    uint32_t k;
    int32_t at[MAX_GROUP];       /* where each tile's cell is in a key (uint16 units) */
    uint16_t goal[MAX_GROUP];    /* its goal cell */
    uint64_t weight[MAX_GROUP];  /* rank_of's place values */
    uint64_t nranks;             /* n!/(n-k)! */
    uint8_t *home;               /* k * ncells: each tile's shortest way home, UNSEEN: none */
    uint8_t *table;              /* nibbles, two a byte, by rank; NULL for a mirror */
    size_t table_bytes;
    bool by_regions;             /* built by regions of the empty cell (build_regions) */
    int32_t mirror;              /* -1, or the group whose table this one reads, its
                                    tiles' cells transposed (plan_mirrors) */
} group;

/* One class kept whole by a block database: where its blocks may stand
 * (anchor indexes, in cell order, so a key's sorted anchors are sorted
 * indexes), what each covers, and where a step each way takes it. */
typedef struct kept_class {
    int32_t at;                  /* its segment in a key */
    uint32_t count;              /* its blocks */
    uint32_t nanchors;
    int8_t index[64];            /* per cell: its anchor index, -1: the class does not fit there */
    uint64_t mask[64];           /* per anchor index: the cells covered */
    int8_t step[64][4];          /* per anchor index and direction: the anchor a step away, -1 */
    uint64_t goals;              /* anchor indexes its goal entries ask to be covered */
    uint64_t weight;             /* the place value of its rank */
} kept_class;

/* A block database: the placements of its kept classes, ranked class by
 * class as sets (combinations of anchor indexes), a byte of distance each. */
typedef struct blockdb {
    uint32_t nkept;
    kept_class classes[MAX_KEPT];
    uint64_t nranks;
    uint8_t *table;
    size_t table_bytes;
} blockdb;

struct sb_pdb {
    bool blocks;                 /* block databases (below), not tile groups */
    uint32_t nblockdbs;
    blockdb blockdbs[MAX_BLOCKDBS];
    uint64_t choose[65][MAX_CLASS_COUNT + 1];   /* binomial coefficients for the ranks */
    sb_metric metric;
    uint32_t ncells;
    int cols;
    uint8_t transpose[64];       /* per cell: its mirror image across the main diagonal */
    int32_t *neighbours;         /* ncells * 4: the cell a step each way, -1: none */
    uint32_t ngroups;            /* nsets * per_set */
    uint32_t nsets, per_set;     /* sets of disjoint groups, each set's sum a bound */
    int8_t owner[2][MAX_KEY];    /* per set, by a tile's place in the key: its group, or -1 */
    bool incremental;            /* every tile's place in the key is below MAX_KEY */
    group groups[MAX_GROUPS];
    unsigned char *desc;         /* the abstract puzzle, as the cache file's header holds it */
    size_t desc_len;
    bool covers;                 /* every goal tile is in a group */
    bool loaded;
    const uint8_t *walls;        /* the puzzle's, for the builds */
    char phase[2][80];           /* sb_progress.phase while a table is built (build_table) */
};

/* What every database needs, of tiles or of blocks: the board's keys, a
 * goal, and a tray whose cells a byte of the key plan can name. */
static const char *refuses_any(const sb_space *sp, sb_path path)
{
    if (path != SB_PATH_GENERAL)
        return "pattern databases need the general board";
    if (sp->cat->ngoals == 0)
        return "pattern databases need a goal";
    if (sp->cat->ncells > 64)
        return "pattern databases take trays of at most 64 cells";
    return NULL;
}

const char *sbi_pdb_refuses(const sb_space *sp, sb_path path)
{
    const sb_catalog *cat = sp->cat;
    const char *why = refuses_any(sp, path);
    if (why)
        return why;
    if (cat->nempty != 1)
        return "pattern databases take numbered tiles: one empty cell";
    int32_t list_at[cat->nclasses + 1], empty_at;
    sbi_board_key_plan(sp, list_at, &empty_at);
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = &cat->classes[s];
        if (c->count != 1 || c->height != 1 || c->width != 1 || c->proto.axis != SB_AXIS_ANY ||
            list_at[s] < 0)
            return "pattern databases take numbered tiles: 1x1 pieces, each of its own kind";
    }
    return NULL;
}

/* ---- ranking placements ---- */

/* A tile's digit is its cell less the cells of the tiles before it that
 * lie below: a mask of those and a population count. */
static uint64_t rank_of(const group *g, const uint16_t *pos)
{
    uint64_t r = 0, used = 0;
    for (uint32_t i = 0; i < g->k; i++) {
        uint64_t bit = 1ull << pos[i];
        r += (pos[i] - (uint64_t)__builtin_popcountll(used & (bit - 1))) * g->weight[i];
        used |= bit;
    }
    return r;
}

static void unrank(const group *g, uint32_t n, uint64_t r, uint16_t *pos)
{
    uint64_t used = 0;   /* bit per cell, n <= 64 whenever a table is built (see plan) */
    for (uint32_t i = 0; i < g->k; i++) {
        uint64_t idx = r / g->weight[i];
        r %= g->weight[i];
        uint64_t open = ~used;
        while (idx--)
            open &= open - 1;
        uint32_t c = (uint32_t)__builtin_ctzll(open);
        used |= 1ull << c;
        pos[i] = (uint16_t)c;
    }
    (void)n;
}

/* ---- building ---- */

/* A growing list of abstract states (rank * ncells + empty cell: below
 * 2^32 within SB_PDB_BUILD_BUDGET). */
typedef struct list { uint32_t *items; size_t n, cap; } list;

static bool list_push(sb_meter *m, list *l, uint64_t x)
{
    if (!sbi_array_reserve(m, &l->items, &l->cap, l->n + 1, sizeof *l->items))
        return false;
    l->items[l->n++] = (uint32_t)x;
    return true;
}

static void list_free(sb_meter *m, list *l)
{
    sbi_array_free(m, &l->items, &l->cap, sizeof *l->items);
    l->n = 0;
}

/* The sum of the group's tiles' own distances home, or UNSEEN. */
static unsigned home_sum(const sb_pdb *db, const group *g, const uint16_t *pos)
{
    unsigned sum = 0;
    for (uint32_t i = 0; i < g->k; i++) {
        unsigned d = g->home[i * db->ncells + pos[i]];
        if (d == UNSEEN)
            return UNSEEN;
        sum += d;
    }
    return sum;
}

static void put_nibble(uint8_t *table, uint64_t r, unsigned v)
{
    uint8_t *b = &table[r >> 1];
    *b = (r & 1) ? (uint8_t)((*b & 0x0F) | v << 4) : (uint8_t)((*b & 0xF0) | v);
}

static unsigned get_nibble(const uint8_t *table, uint64_t r)
{
    return (table[r >> 1] >> ((r & 1) * 4)) & 0xF;
}

/* Breadth-first search of group g's abstract space; fills g->table.
 * Its progress: abstract states reached, of every placement with the
 * empty cell on each free cell. */
static sb_status build_group(sb_pdb *db, group *g, sb_meter *m, const uint8_t *walls)
{
    uint32_t n = db->ncells;
    size_t nstates = (size_t)g->nranks * n;
    uint8_t *dist = sbi_meter_map(m, NULL, 0, nstates);
    list cur = { 0 }, next = { 0 };
    sb_status status = SB_ELIMIT;
    if (!dist)
        return SB_ELIMIT;
    memset(dist, UNSEEN, nstates);
    uint64_t goal_rank = rank_of(g, g->goal);
    for (uint32_t c = 0; c < n; c++) {
        bool free_cell = !(walls && walls[c]);
        for (uint32_t i = 0; i < g->k; i++)
            free_cell &= g->goal[i] != c;
        if (free_cell) {
            dist[goal_rank * n + c] = 0;
            m->done++;
            if (!list_push(m, &cur, goal_rank * n + c))
                goto out;
        }
    }
    int8_t occupant[64] = { 0 };   /* per cell: 1 + the group's tile there, 0: none */
    uint16_t pos[MAX_GROUP];
    for (unsigned d = 0; cur.n; d++) {
        if (d + 1 >= UNSEEN)
            break;   /* deeper layers stay unseen: the bound stays low there, never high */
        for (uint64_t popped = 1; cur.n; popped++) {
            if (!(popped & 0xFFFF) && sbi_meter_check(m) != SB_OK)
                goto out;
            uint64_t state = cur.items[--cur.n];
            uint64_t r = state / n;
            uint32_t empty = (uint32_t)(state % n);
            unrank(g, n, r, pos);
            for (uint32_t i = 0; i < g->k; i++)
                occupant[pos[i]] = (int8_t)(i + 1);
            for (int dir = 0; dir < 4; dir++) {
                int32_t c = db->neighbours[empty * 4 + dir];
                if (c < 0)
                    continue;
                if (!occupant[c]) {
                    uint64_t t = r * n + (uint32_t)c;
                    m->done += dist[t] == UNSEEN;
                    if (dist[t] == UNSEEN || dist[t] > d) {
                        dist[t] = (uint8_t)d;
                        if (!list_push(m, &cur, t))
                            goto out;
                    }
                    continue;
                }
                uint32_t i = (uint32_t)occupant[c] - 1;
                pos[i] = (uint16_t)empty;
                uint64_t t = rank_of(g, pos) * n + (uint32_t)c;
                pos[i] = (uint16_t)c;
                if (dist[t] == UNSEEN) {
                    dist[t] = (uint8_t)(d + 1);
                    m->done++;
                    if (!list_push(m, &next, t))
                        goto out;
                }
            }
            for (uint32_t i = 0; i < g->k; i++)
                occupant[pos[i]] = 0;
        }
        if (sbi_meter_check(m) != SB_OK)
            goto out;
        /* The next layer: what is still at d + 1 (a free move may have
         * brought some of it down to d meanwhile). */
        size_t kept = 0;
        for (size_t j = 0; j < next.n; j++)
            if (dist[next.items[j]] == d + 1)
                next.items[kept++] = next.items[j];
        next.n = kept;
        list swap = cur;
        cur = next;
        next = swap;
    }
    /* Cut short (a layer past 253): what was not reached is far, not dead. */
    unsigned unreached = cur.n ? NIBBLE_MAX : NIBBLE_DEAD;
    g->table_bytes = (size_t)(g->nranks + 1) / 2;
    g->table = sbi_meter_map(m, NULL, 0, g->table_bytes);
    if (!g->table)
        goto out;
    for (uint64_t r = 0; r < g->nranks; r++) {
        unsigned least = UNSEEN;
        for (uint32_t c = 0; c < n; c++)
            if (dist[r * n + c] < least)
                least = dist[r * n + c];
        unsigned v = unreached;
        if (least != UNSEEN) {
            unrank(g, n, r, pos);
            unsigned base = home_sum(db, g, pos);
            unsigned half = base == UNSEEN || least < base ? 0 : (least - base) / 2;
            v = half > NIBBLE_MAX ? NIBBLE_MAX : half;
        }
        put_nibble(g->table, r, v);
    }
    status = SB_OK;
out:
    list_free(m, &cur);
    list_free(m, &next);
    sbi_meter_map(m, dist, nstates, 0);
    return status;
}

/* ---- building by regions of the empty cell ----
 *
 * build_group keeps a byte per (placement, empty cell): 8.3 GB for 8 tiles
 * of the 15-puzzle.  But the empty cell moves for free among the cells
 * the group's tiles leave open, so all that matters of where it is is
 * which region of open cells (4-connected) holds it: usually one, rarely
 * more than three.  This build searches (placement, region) pairs, the
 * regions of a placement numbered by their lowest cell (past MAX_REGIONS
 * the rest count as one: the empty cell may then pass between them, a
 * relaxation, still a bound), with three bytes a placement: a bit per
 * region reached, reached at this level and not yet expanded, and reached
 * for the next level.  Its values equal build_group's (the tests compare
 * them).  Dropping the empty cell altogether (a tile may step onto any
 * open cell) needs only the table, but measured far weaker: 2.8 M
 * expansions against 0.36 M on the Rosetta instance with 6-6-3 groups.
 *
 * The table holds half the excess over the tiles' own distances home (as
 * build_group's does), and the search runs in those units: a tile's step
 * away from home keeps the excess (a free move), a step towards it adds 2
 * (a move costing 1).  So level L is every pair of excess 2L, closed under
 * the free steps before level L + 1 begins.  A level is found by a scan of
 * the bytes (no queue: the table is the frontier), and each pair of it
 * expanded depth-first along its free steps, which never go deeper than
 * the tiles' distances home add up to. */

enum { MAX_REGIONS = 8 };

typedef struct region_build {
    const sb_pdb *db;
    const group *g;
    sb_meter *m;
    uint64_t open;               /* the tray's cells but its walls */
    uint64_t *near;              /* per cell: its neighbours, as a mask */
    uint64_t *numbers;           /* per set of free cells (a mask): each cell's region
                                    number, 3 bits a cell, and from bit 48 the cells
                                    of region 0; NULL on larger trays */
    uint8_t *table;              /* g's nibbles, the level the placement was first
                                    reached at; NIBBLE_DEAD: not yet */
    uint16_t *marks;             /* per placement, a bit per region: reached (low
                                    byte) and reached for the next level (high byte),
                                    side by side to cost one miss of the cache */
    uint8_t *now;                /* per placement: reached at this level, not expanded */
    uint64_t expanded;           /* pairs expanded, for the meter's checks */
    bool stop;                   /* the meter said stop: unwind */
} region_build;

/* The 4-connected part of free holding the cells of seed. */
static uint64_t fill_region(const region_build *b, uint64_t seed, uint64_t free)
{
    uint64_t region = seed, todo = seed;
    while (todo) {
        uint32_t c = (uint32_t)__builtin_ctzll(todo);
        todo &= todo - 1;
        uint64_t grown = b->near[c] & free & ~region;
        region |= grown;
        todo |= grown;
    }
    return region;
}

/* Region number j of free (numbered by their lowest cells, the last
 * taking the rest), or 0 when free has fewer; with x below 64, instead
 * the number of the region holding cell x.  One walk serves both (and
 * fills the table of numbers), so the numbering cannot differ. */
static uint64_t walk_regions(const region_build *b, uint64_t free, uint32_t x, uint32_t j)
{
    uint64_t left = free;
    for (uint32_t at = 0; left; at++) {
        uint64_t region = at + 1 == MAX_REGIONS ? left : fill_region(b, left & -left, left);
        if (x < 64 ? (region >> x & 1) : at == j)
            return x < 64 ? at : region;
        left &= ~region;
    }
    return 0;
}

static uint64_t region_mask(const region_build *b, uint64_t free, uint32_t j)
{
    if (!b->numbers)
        return walk_regions(b, free, 64, j);
    uint64_t numbers = b->numbers[free], mask = 0;
    if (j == 0)
        return numbers >> 48;
    for (uint64_t left = free; left; left &= left - 1) {
        uint32_t c = (uint32_t)__builtin_ctzll(left);
        if ((numbers >> (3 * c) & 7) == j)
            mask |= 1ull << c;
    }
    return mask;
}

static uint32_t region_holding(const region_build *b, uint64_t free, uint32_t x)
{
    return b->numbers ? (uint32_t)(b->numbers[free] >> (3 * x) & 7)
                      : (uint32_t)walk_regions(b, free, x, 0);
}

/* Fills b->numbers on a small tray (false: out of memory). */
static bool number_regions(region_build *b, uint32_t n)
{
    if (n > REGION_TABLE_CELLS)
        return true;
    uint64_t *numbers = sbi_meter_calloc(b->m, (size_t)1 << n, sizeof *numbers);
    if (!numbers)
        return false;
    for (uint64_t free = 0; free < (1ull << n); free++) {
        if (free & ~b->open)
            continue;   /* a wall is never free */
        for (uint64_t left = free; left; left &= left - 1) {
            uint32_t c = (uint32_t)__builtin_ctzll(left);
            numbers[free] |= walk_regions(b, free, c, 0) << (3 * c);
        }
        numbers[free] |= walk_regions(b, free, 64, 0) << 48;
    }
    b->numbers = numbers;
    return true;
}

/* Expands the pair (placement r, its tiles at pos, region j) of this
 * level, and depth-first every pair its free steps reach that is not of
 * this level yet.  A step's rank is worked out from r: the moved tile's
 * digit changes by the cells it passes less the earlier tiles among them,
 * and each later tile it passes over gains or loses one in its digit
 * (rank_of's digits).  The steps are listed first and their marks fetched
 * ahead: each is a miss of the processor's cache, and fetched together
 * they overlap. */
static void expand_region(region_build *b, uint64_t r, const uint16_t *pos, uint32_t j)
{
    const group *g = b->g;
    uint32_t n = b->db->ncells;
    struct { uint64_t rank; uint8_t tile, to, region; bool free; } steps[4 * MAX_GROUP];
    uint32_t nsteps = 0;
    uint8_t occupant[64];        /* read only at the cells occupied */
    if (!(++b->expanded & 0xFFFF) && sbi_meter_check(b->m) != SB_OK)
        b->stop = true;
    if (b->stop)
        return;
    uint64_t occupied = 0;
    for (uint32_t i = 0; i < g->k; i++) {
        occupied |= 1ull << pos[i];
        occupant[pos[i]] = (uint8_t)i;
    }
    uint64_t free = b->open & ~occupied, region = region_mask(b, free, j);
    for (uint32_t i = 0; i < g->k; i++) {
        uint32_t from = pos[i];
        const uint8_t *home = g->home + (size_t)i * n;
        /* The cells next to the tile that the empty cell can get to. */
        for (uint64_t to = b->near[from] & region; to; to &= to - 1) {
            uint32_t c = (uint32_t)__builtin_ctzll(to);
            uint32_t lo = from < c ? from : c, hi = from < c ? c : from;
            uint64_t passed = occupied & ((1ull << hi) - 1) & ~((2ull << lo) - 1);
            uint64_t earlier = 0, later = 0;
            for (; passed; passed &= passed - 1) {
                uint32_t t = occupant[__builtin_ctzll(passed)];
                if (t < i)
                    earlier++;
                else
                    later += g->weight[t];
            }
            uint64_t t = c > from ? r + (hi - lo - earlier) * g->weight[i] + later
                                  : r - (hi - lo - earlier) * g->weight[i] - later;
            __builtin_prefetch(&b->marks[t], 1);
            uint64_t after = (free & ~(1ull << c)) | 1ull << from;
            steps[nsteps].rank = t;
            steps[nsteps].tile = (uint8_t)i;
            steps[nsteps].to = (uint8_t)c;
            steps[nsteps].region = (uint8_t)region_holding(b, after, from);
            steps[nsteps++].free = home[c] > home[from];
        }
    }
    uint16_t moved[MAX_GROUP];
    for (uint32_t s = 0; s < nsteps; s++) {
        uint64_t t = steps[s].rank;
        uint16_t seen = (uint16_t)(1u << steps[s].region), next = (uint16_t)(seen << 8);
        uint16_t mark = b->marks[t];
        if (!mark)
            b->m->done++;   /* a placement reached for the first time */
        if (steps[s].free) {
            if (!(mark & seen) || (mark & next)) {   /* this level */
                b->marks[t] = (uint16_t)((mark | seen) & ~next);
                memcpy(moved, pos, g->k * sizeof *pos);
                moved[steps[s].tile] = steps[s].to;
                expand_region(b, t, moved, steps[s].region);
            }
        } else if (!(mark & seen)) {
            b->marks[t] = mark | seen | next;
        }
    }
}

/* The search of group g's (placement, region) pairs; fills g->table.
 * Its progress: placements reached, of all of them. */
static sb_status build_regions(sb_pdb *db, group *g, sb_meter *m, const uint8_t *walls)
{
    uint32_t n = db->ncells;
    uint64_t nranks = g->nranks, near[64] = { 0 };
    region_build b = { .db = db, .g = g, .m = m, .near = near };
    for (uint32_t c = 0; c < n; c++) {
        if (!(walls && walls[c]))
            b.open |= 1ull << c;
        for (int dir = 0; dir < 4; dir++)
            if (db->neighbours[c * 4 + dir] >= 0)
                near[c] |= 1ull << db->neighbours[c * 4 + dir];
    }
    g->table_bytes = (size_t)(nranks + 1) / 2;
    b.table = g->table = sbi_meter_map(m, NULL, 0, g->table_bytes);
    b.marks = sbi_meter_map(m, NULL, 0, nranks * sizeof *b.marks);
    b.now = sbi_meter_map(m, NULL, 0, nranks);
    sb_status status = b.table && b.marks && b.now && number_regions(&b, n) ? SB_OK : SB_ELIMIT;
    bool complete = false;
    uint16_t pos[MAX_GROUP];
    if (status == SB_OK) {
        memset(b.table, 0xFF, g->table_bytes);   /* NIBBLE_DEAD: not reached */
        uint64_t goal = rank_of(g, g->goal), occupied = 0;
        for (uint32_t i = 0; i < g->k; i++)
            occupied |= 1ull << g->goal[i];
        for (uint32_t j = 0; j < MAX_REGIONS && region_mask(&b, b.open & ~occupied, j); j++)
            b.now[goal] |= (uint8_t)(1u << j);
        b.marks[goal] = b.now[goal];
        m->done = 1;
    }
    for (unsigned level = 0; level < NIBBLE_MAX && !complete && status == SB_OK; level++) {
        complete = true;
        for (uint64_t r = 0; r < nranks && !b.stop; r++) {
            if (!(r & 0xFFFFF) && sbi_meter_check(m) != SB_OK)
                b.stop = true;
            if (!(r & 7) && r + 8 <= nranks) {   /* most of a level is not in it */
                uint64_t word;
                memcpy(&word, &b.now[r], sizeof word);
                if (!word) {
                    r += 7;
                    continue;
                }
            }
            if (!b.now[r])
                continue;
            complete = false;
            unrank(g, n, r, pos);
            while (b.now[r] && !b.stop) {
                uint32_t j = (uint32_t)__builtin_ctz(b.now[r]);
                b.now[r] &= (uint8_t)~(1u << j);
                expand_region(&b, r, pos, j);
            }
        }
        if (b.stop)
            status = SB_ELIMIT;
        /* Every pair of this level was expanded: a placement first reached
         * now is this level's, and the next level's pairs are next. */
        for (uint64_t r = 0; r < nranks && status == SB_OK; r++) {
            if (!(r & 0xFFFFF) && sbi_meter_check(m) != SB_OK)
                status = SB_ELIMIT;
            uint16_t mark = b.marks[r];
            if (!mark)
                continue;   /* untouched pages stay unwritten */
            if ((mark & ~(mark >> 8) & 0xFF) && get_nibble(b.table, r) == NIBBLE_DEAD)
                put_nibble(b.table, r, level);
            b.now[r] = (uint8_t)(mark >> 8);
            b.marks[r] = mark & 0xFF;
        }
    }
    /* Cut short at NIBBLE_MAX: what was not reached is that far at least. */
    for (uint64_t r = 0; !complete && status == SB_OK && r < nranks; r++)
        if (get_nibble(b.table, r) == NIBBLE_DEAD)
            put_nibble(b.table, r, NIBBLE_MAX);
    sbi_meter_map(m, b.marks, b.marks ? nranks * sizeof *b.marks : 0, 0);
    sbi_meter_map(m, b.now, b.now ? nranks : 0, 0);
    if (b.numbers)
        sbi_meter_free(m, b.numbers, ((size_t)1 << n) * sizeof *b.numbers);
    return status;
}

/* ---- planning: the groups and the header that names them ---- */

/* n!/(n-k)!, or 0 past 2^40 (no table that big is built). */
static uint64_t placements(uint32_t n, uint32_t k)
{
    uint64_t p = 1;
    for (uint32_t i = 0; i < k; i++) {
        p *= n - i;
        if (p > (1ull << 40))
            return 0;
    }
    return p;
}

/* Each tile's shortest way home on the tray, the other tiles ignored. */
static void fill_home(const sb_pdb *db, uint16_t goal, uint8_t *home)
{
    uint32_t n = db->ncells, queue[n], head = 0, tail = 0;
    memset(home, UNSEEN, n);
    home[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
        uint32_t c = queue[head++];
        for (int dir = 0; dir < 4; dir++) {
            int32_t x = db->neighbours[c * 4 + dir];
            if (x >= 0 && home[x] == UNSEEN && home[c] + 1u < UNSEEN) {
                home[x] = (uint8_t)(home[c] + 1);
                queue[tail++] = (uint32_t)x;
            }
        }
    }
}

static void put_u32(unsigned char **p, uint32_t v)
{
    memcpy(*p, &v, sizeof v);
    *p += sizeof v;
}

/* The header naming the abstract puzzle: every fact the tables depend on. */
static bool describe_puzzle(sb_pdb *db, const sb_space *sp, sb_meter *m)
{
    const sb_catalog *cat = sp->cat;
    size_t len = 7 * sizeof(uint32_t) + db->ncells;
    for (uint32_t j = 0; j < db->ngroups; j++)
        len += 3 * sizeof(uint32_t) + db->groups[j].k * sizeof(uint16_t);
    db->desc = sbi_meter_calloc(m, len, 1);
    if (!db->desc)
        return false;
    db->desc_len = len;
    unsigned char *p = db->desc;
    put_u32(&p, FORMAT_VERSION);
    put_u32(&p, (uint32_t)cat->rows);
    put_u32(&p, (uint32_t)cat->cols);
    put_u32(&p, (uint32_t)sp->metric);
    put_u32(&p, db->ncells);
    for (uint32_t c = 0; c < db->ncells; c++)
        *p++ = cat->puzzle->walls && cat->puzzle->walls[c];
    put_u32(&p, db->ngroups);
    put_u32(&p, db->nsets);
    for (uint32_t j = 0; j < db->ngroups; j++) {
        put_u32(&p, db->groups[j].k);
        put_u32(&p, db->groups[j].by_regions);
        put_u32(&p, (uint32_t)db->groups[j].mirror);
        memcpy(p, db->groups[j].goal, db->groups[j].k * sizeof(uint16_t));
        p += db->groups[j].k * sizeof(uint16_t);
    }
    return true;
}

/* Whether the tray, its walls and its goal cells are the same mirrored
 * across the main diagonal: then a group of tiles and the group of the
 * tiles whose goals are its goals mirrored have one table (plan_mirrors). */
static bool symmetric(const sb_pdb *db, const sb_catalog *cat, const int32_t *by_cell)
{
    const uint8_t *walls = cat->puzzle->walls;
    if (cat->rows != cat->cols)
        return false;
    for (uint32_t c = 0; c < db->ncells; c++) {
        uint32_t t = db->transpose[c];
        if ((walls && walls[c] != walls[t]) || (by_cell[c] < 0) != (by_cell[t] < 0))
            return false;
    }
    return true;
}

/* The largest group size, at most kmax, that a build fits, and whether
 * it is by regions (sb_pdb_blank says when).  A build by cells holds
 * SB_PDB_BUILD_BUDGET at most; one by regions three bytes a placement,
 * and with the tables (one set when mirrored, else two; ngroups of them a
 * set) at most half of --max-memory, and so does a build by cells with
 * its tables: a smaller budget (a web page's) takes smaller groups
 * rather than failing. */
static uint32_t group_size(sb_meter *m, uint32_t n, uint32_t ntiles, uint32_t kmax,
                           bool mirrored, sb_pdb_blank blank, bool *by_regions)
{
    for (; kmax > 1; kmax--) {
        uint64_t p = placements(n, kmax);
        if (!p)
            continue;
        uint64_t tables = (uint64_t)((ntiles + kmax - 1) / kmax) * (p / 2) * (mirrored ? 1 : 2);
        bool cells_fit = p * n <= (uint64_t)SB_PDB_BUILD_BUDGET &&
                         (!m->limits.max_bytes || tables + p * n <= m->limits.max_bytes / 2);
        bool regions_fit = p <= SB_PDB_REGION_PLACEMENTS &&
                           (!m->limits.max_bytes || tables + 3 * p <= m->limits.max_bytes / 2);
        if (blank != SB_PDB_BLANK_REGIONS && cells_fit) {
            /* The same group by regions, where its numbers are a table:
             * several times faster (6-6-3 on the 15-puzzle: 3.7 s of CPU
             * against 22 s). */
            *by_regions = blank == SB_PDB_BLANK_SMALL && regions_fit && n <= REGION_TABLE_CELLS;
            return kmax;
        }
        if (blank != SB_PDB_BLANK_CELLS && blank != SB_PDB_BLANK_SMALL && regions_fit) {
            *by_regions = true;
            return kmax;
        }
    }
    *by_regions = blank == SB_PDB_BLANK_REGIONS;
    return 1;
}

/* The groups of the second set that are the first's mirrored: each reads
 * its twin's table with its tiles' cells mirrored (group_term), so the
 * second set, Korf and Felner's reflected lookup, costs no table. */
static void plan_mirrors(sb_pdb *db)
{
    for (uint32_t j = 0; db->nsets == 2 && j < db->per_set; j++) {
        const group *first = &db->groups[j];
        group *second = &db->groups[db->per_set + j];
        bool twin = first->k == second->k;
        for (uint32_t i = 0; twin && i < first->k; i++)
            twin = second->goal[i] == db->transpose[first->goal[i]];
        if (twin)
            second->mirror = (int32_t)j;
    }
}

/* Splits the tiles that have a goal, in the order of their goal cells
 * (row by row: neighbours at home share a group, where their conflicts
 * are seen), into groups as large as the budgets let one be built
 * (group_size): 7-8 for the 15-puzzle and 6-6-6-6 for the 24-puzzle built
 * by regions, one group of 8 for the 8-puzzle by cells. */
static bool plan(sb_pdb *db, const sb_space *sp, sb_meter *m, unsigned max_group,
                 sb_pdb_blank blank)
{
    const sb_catalog *cat = sp->cat;
    uint32_t n = cat->ncells;
    const uint8_t *walls = cat->puzzle->walls;
    db->ncells = n;
    db->cols = cat->cols;
    db->neighbours = sbi_meter_calloc(m, (size_t)n * 4, sizeof *db->neighbours);
    if (!db->neighbours)
        return false;
    for (uint32_t c = 0; c < n; c++) {
        int r = (int)(c / (uint32_t)cat->cols), col = (int)(c % (uint32_t)cat->cols);
        for (int dir = 0; dir < 4; dir++) {
            int rr = r + SB_STEP_ROW[dir], cc = col + SB_STEP_COL[dir];
            int32_t x = rr * cat->cols + cc;
            bool open = rr >= 0 && rr < cat->rows && cc >= 0 && cc < cat->cols &&
                        !(walls && (walls[c] || walls[x]));
            db->neighbours[c * 4 + dir] = open ? x : -1;
        }
    }
    int32_t list_at[cat->nclasses + 1], empty_at;
    sbi_board_key_plan(sp, list_at, &empty_at);
    /* The goal tiles by goal cell: a counting pass over the cells. */
    int32_t by_cell[n];
    uint32_t ntiles = 0;
    for (uint32_t c = 0; c < n; c++)
        by_cell[c] = -1;
    for (int s = 0; s < cat->nclasses; s++)
        if (cat->classes[s].ngoals) {
            by_cell[cat->classes[s].goals[0]] = s;
            ntiles++;
        }
    uint32_t kmax = MAX_GROUP < ntiles ? MAX_GROUP : ntiles;
    if (max_group && max_group < kmax)
        kmax = max_group;
    for (uint32_t c = 0; c < n; c++)
        db->transpose[c] = (uint8_t)(c % (uint32_t)cat->cols * (uint32_t)cat->cols +
                                     c / (uint32_t)cat->cols);
    bool mirrored = symmetric(db, cat, by_cell), by_regions;
    kmax = group_size(m, n, ntiles, kmax, mirrored, blank, &by_regions);
    db->per_set = (ntiles + kmax - 1) / kmax;
    db->covers = db->per_set <= MAX_GROUPS / 2;
    if (!db->covers)
        db->per_set = MAX_GROUPS / 2;   /* tiles past these go unestimated: still a bound */
    /* Groups as compact as can be: the tray cut into bands of bw columns,
     * the cells taken band by band and row by row within one, so that k
     * tiles fill a (k / bw) x bw block of their goal cells (2x3 for k = 6);
     * and a second set the same way across (3x2 blocks, bands of bw rows),
     * whose sum the estimate takes when it is larger: Korf and Felner's
     * reflected lookup, without needing the tray or the goal to be
     * symmetric. */
    uint32_t bw = 1;
    while (bw * bw < kmax || kmax % bw)
        bw++;
    uint32_t cols = (uint32_t)cat->cols, rows = (uint32_t)cat->rows, order[n];
    db->nsets = 0;
    for (int across = 0; across < 2; across++) {
        uint32_t nordered = 0;
        for (uint32_t band = 0; band < (across ? rows : cols); band += bw)
            for (uint32_t a = 0; a < (across ? cols : rows); a++)
                for (uint32_t b = band; b < band + bw && b < (across ? rows : cols); b++)
                    order[nordered++] = across ? b * cols + a : a * cols + b;
        group *set = &db->groups[db->nsets * db->per_set];
        uint32_t j = 0;
        for (uint32_t o = 0; o < n && j < db->per_set; o++) {
            uint32_t c = order[o];
            if (by_cell[c] < 0)
                continue;
            group *g = &set[j];
            g->at[g->k] = list_at[by_cell[c]];
            g->goal[g->k] = (uint16_t)c;
            if (++g->k == kmax)
                j++;
        }
        bool repeated = db->nsets == 1;
        for (j = 0; repeated && j < db->per_set; j++)
            repeated = set[j].k == db->groups[j].k &&
                       memcmp(set[j].goal, db->groups[j].goal, set[j].k * sizeof(uint16_t)) == 0;
        if (repeated)
            memset(set, 0, db->per_set * sizeof *set);
        else
            db->nsets++;
    }
    db->ngroups = db->nsets * db->per_set;
    for (uint32_t j = 0; j < db->ngroups; j++) {
        db->groups[j].by_regions = by_regions;
        db->groups[j].mirror = -1;
    }
    if (mirrored)
        plan_mirrors(db);
    memset(db->owner, -1, sizeof db->owner);
    db->incremental = db->covers;
    for (uint32_t k = 0; k < db->nsets; k++)
        for (uint32_t j = 0; j < db->per_set; j++)
            for (uint32_t i = 0; i < db->groups[k * db->per_set + j].k; i++) {
                int32_t at = db->groups[k * db->per_set + j].at[i];
                if (at >= 0 && at < MAX_KEY)
                    db->owner[k][at] = (int8_t)j;
                else
                    db->incremental = false;
            }
    uint32_t j;
    for (j = 0; j < db->ngroups; j++) {
        group *g = &db->groups[j];
        g->nranks = placements(n, g->k);
        g->weight[g->k - 1] = 1;
        for (uint32_t i = g->k - 1; i-- > 0;)
            g->weight[i] = g->weight[i + 1] * (n - i - 1);
        g->home = sbi_meter_calloc(m, (size_t)g->k * n, 1);
        if (!g->home)
            return false;
        for (uint32_t i = 0; i < g->k; i++)
            fill_home(db, g->goal[i], g->home + (size_t)i * n);
    }
    return describe_puzzle(db, sp, m);
}

/* ---- block databases ---- */

const char *sbi_pdb_blocks_refuses(const sb_space *sp, sb_path path)
{
    const sb_catalog *cat = sp->cat;
    const char *why = refuses_any(sp, path);
    if (why)
        return why;
    if (!sbi_pdb_refuses(sp, path))
        return "numbered tiles take the tile databases";
    int32_t list_at[cat->nclasses + 1], empty_at;
    sbi_board_key_plan(sp, list_at, &empty_at);
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = &cat->classes[s];
        if (c->ngoals && (list_at[s] < 0 || c->count > MAX_CLASS_COUNT))
            return "pattern databases keep the goal's blocks: too many of one kind, or 1x1 "
                   "blocks the board lists by their empty cells";
    }
    return NULL;
}

/* The rank of a class's sorted anchor indexes among all sets of as many. */
static uint64_t set_rank(const sb_pdb *db, const uint8_t *idx, uint32_t count)
{
    uint64_t r = 0;
    for (uint32_t j = 0; j < count; j++)
        r += db->choose[idx[j]][j + 1];
    return r;
}

static void set_unrank(const sb_pdb *db, uint64_t r, uint32_t count, uint32_t nanchors,
                       uint8_t *idx)
{
    uint32_t x = nanchors;
    for (uint32_t j = count; j-- > 0;) {
        while (db->choose[x][j + 1] > r)
            x--;
        idx[j] = (uint8_t)x;
        r -= db->choose[x][j + 1];
    }
}

/* A placement of every kept class: anchor indexes, class after class. */
typedef struct placement {
    uint8_t idx[MAX_KEPT][MAX_CLASS_COUNT];
    uint64_t part[MAX_KEPT];     /* each class's set rank */
} placement;

/* Unranks r into pl; the cells covered, or UINT64_MAX when blocks overlap. */
static uint64_t place(const sb_pdb *db, const blockdb *b, uint64_t r, placement *pl)
{
    uint64_t occ = 0;
    bool overlap = false;
    for (uint32_t k = 0; k < b->nkept; k++) {
        const kept_class *c = &b->classes[k];
        pl->part[k] = r / c->weight;
        r %= c->weight;
        set_unrank(db, pl->part[k], c->count, c->nanchors, pl->idx[k]);
        for (uint32_t j = 0; j < c->count; j++) {
            overlap |= (occ & c->mask[pl->idx[k][j]]) != 0;
            occ |= c->mask[pl->idx[k][j]];
        }
    }
    return overlap ? UINT64_MAX : occ;
}

/* The anchors block j of class k can reach in one move of the metric, the
 * others standing (a relaxation of the real move: the dropped classes do
 * not stand in the way). */
static uint64_t one_move(const sb_pdb *db, const kept_class *c, uint32_t from, uint64_t others)
{
    uint64_t reached = 0, frontier = 1ull << from, seen = frontier;
    while (frontier) {
        uint32_t a = (uint32_t)__builtin_ctzll(frontier);
        frontier &= frontier - 1;
        for (int dir = 0; dir < 4; dir++)
            for (int32_t t = c->step[a][dir]; t >= 0 && !(c->mask[t] & others);
                 t = c->step[t][dir]) {
                if (!(seen >> t & 1)) {
                    seen |= 1ull << t;
                    reached |= 1ull << t;
                    if (db->metric == SB_METRIC_PIECE)
                        frontier |= 1ull << t;
                }
                if (db->metric != SB_METRIC_LINE)
                    break;   /* unit: one step; piece: the frontier goes on from t */
            }
    }
    return reached;
}

/* Breadth-first search of b's abstract space from every placement meeting
 * the goal entries of its classes; fills b->table.  The moves are
 * reversible under every metric, so distances from the goal are
 * distances to it.  Its progress: entries reached, of all of them. */
static sb_status build_blockdb(sb_pdb *db, blockdb *b, sb_meter *m)
{
    sb_status status = SB_ELIMIT;
    list cur = { 0 }, next = { 0 };
    b->table_bytes = (size_t)b->nranks;
    b->table = sbi_meter_calloc(m, b->table_bytes, 1);
    if (!b->table)
        return SB_ELIMIT;
    memset(b->table, UNSEEN, b->table_bytes);
    placement pl;
    for (uint64_t r = 0; r < b->nranks; r++) {
        if (!(r & 0xFFFFF) && sbi_meter_check(m) != SB_OK)
            goto out;
        if (place(db, b, r, &pl) == UINT64_MAX)
            continue;
        bool goal = true;
        for (uint32_t k = 0; k < b->nkept; k++) {
            uint64_t have = 0;
            for (uint32_t j = 0; j < b->classes[k].count; j++)
                have |= 1ull << pl.idx[k][j];
            goal &= (b->classes[k].goals & ~have) == 0;
        }
        if (goal) {
            b->table[r] = 0;
            m->done++;
            if (!list_push(m, &cur, r))
                goto out;
        }
    }
    unsigned d = 0;
    for (; cur.n && d + 1 < UNSEEN - 1; d++) {
        for (size_t q = 0; q < cur.n; q++) {
            if (!(q & 0xFFFF) && sbi_meter_check(m) != SB_OK)
                goto out;
            uint64_t r = cur.items[q], occ = place(db, b, r, &pl);
            for (uint32_t k = 0; k < b->nkept; k++) {
                const kept_class *c = &b->classes[k];
                uint64_t rest = r - pl.part[k] * c->weight;
                for (uint32_t j = 0; j < c->count; j++) {
                    uint32_t from = pl.idx[k][j];
                    uint64_t to = one_move(db, c, from, occ & ~c->mask[from]);
                    while (to) {
                        uint32_t t = (uint32_t)__builtin_ctzll(to);
                        to &= to - 1;
                        uint8_t moved[MAX_CLASS_COUNT];   /* the set, t for from, sorted */
                        uint32_t n = 0;
                        for (uint32_t i = 0; i < c->count; i++)
                            if (i != j)
                                moved[n++] = pl.idx[k][i];
                        for (; n > 0 && moved[n - 1] > t; n--)
                            moved[n] = moved[n - 1];
                        moved[n] = (uint8_t)t;
                        uint64_t nr = rest + set_rank(db, moved, c->count) * c->weight;
                        if (b->table[nr] == UNSEEN) {
                            b->table[nr] = (uint8_t)(d + 1);
                            m->done++;
                            if (!list_push(m, &next, nr))
                                goto out;
                        }
                    }
                }
            }
        }
        if (sbi_meter_check(m) != SB_OK)
            goto out;
        list swap = cur;
        cur = next;
        next = swap;
        next.n = 0;
    }
    if (cur.n)   /* cut short at 253: what was not reached is far, not dead */
        for (uint64_t r = 0; r < b->nranks; r++)
            if (b->table[r] == UNSEEN)
                b->table[r] = (uint8_t)d;
    status = SB_OK;
out:
    list_free(m, &cur);
    list_free(m, &next);
    return status;
}

/* Fills c for class s: its anchors, cells and steps on the tray. */
static void keep_class(const sb_pdb *db, const sb_catalog *cat, int s, int32_t at, kept_class *c)
{
    const sb_class *cl = &cat->classes[s];
    const uint8_t *walls = cat->puzzle->walls;
    memset(c, 0, sizeof *c);
    c->at = at;
    c->count = cl->count;
    memset(c->index, -1, sizeof c->index);
    for (uint32_t a = 0; a < db->ncells; a++) {
        int row = (int)(a / (uint32_t)cat->cols), col = (int)(a % (uint32_t)cat->cols);
        uint64_t mask = 0;
        bool fits = true;
        for (uint32_t i = 0; i < cl->ncells && fits; i++) {
            int rr = row + cl->dr[i], cc = col + cl->dc[i];
            int32_t x = rr * cat->cols + cc;
            fits = rr >= 0 && rr < cat->rows && cc >= 0 && cc < cat->cols && !(walls && walls[x]);
            if (fits)
                mask |= 1ull << x;
        }
        if (fits) {
            c->mask[c->nanchors] = mask;
            c->index[a] = (int8_t)c->nanchors++;
        }
    }
    for (uint32_t a = 0; a < db->ncells; a++) {
        if (c->index[a] < 0)
            continue;
        int row = (int)(a / (uint32_t)cat->cols), col = (int)(a % (uint32_t)cat->cols);
        for (int dir = 0; dir < 4; dir++) {
            int rr = row + SB_STEP_ROW[dir], cc = col + SB_STEP_COL[dir];
            bool along = cl->proto.axis == SB_AXIS_ANY ||
                         (cl->proto.axis == SB_AXIS_ROW) == (SB_STEP_ROW[dir] == 0);
            bool in = along && rr >= 0 && rr < cat->rows && cc >= 0 && cc < cat->cols;
            c->step[c->index[a]][dir] = in ? c->index[rr * cat->cols + cc] : -1;
        }
    }
    for (uint32_t g = 0; g < cl->ngoals; g++)
        if (c->index[cl->goals[g]] >= 0)
            c->goals |= 1ull << c->index[cl->goals[g]];
}

/* Sets b's ranks' place values; false when its table would pass budget. */
static bool size_blockdb(const sb_pdb *db, blockdb *b, uint64_t budget)
{
    uint64_t n = 1;
    for (uint32_t k = b->nkept; k-- > 0;) {
        b->classes[k].weight = n;
        uint64_t sets = db->choose[b->classes[k].nanchors][b->classes[k].count];
        if (sets == 0 || sets > budget / n)
            return false;
        n *= sets;
    }
    b->nranks = n;
    return true;
}

/* Chooses the block databases: each keeps every class with a goal entry
 * (what the goal asks for) and, largest first (by the cells its blocks
 * cover: the big blocks are the ones the goal's blocks cannot get past,
 * and the small ones are many and interchangeable, so their sets rank
 * high), as many other classes as SB_PDB_BLOCK_BUDGET entries allow; the
 * classes that do not fit start the next database.  The rest are
 * dropped, which is the relaxation that keeps the distances bounds.
 * max_others (0: no limit) caps the other classes a database keeps, so
 * that the tests see several databases on small trays. */
static bool plan_blocks(sb_pdb *db, const sb_space *sp, unsigned max_others)
{
    const sb_catalog *cat = sp->cat;
    db->blocks = true;
    db->ncells = cat->ncells;
    db->cols = cat->cols;
    for (uint32_t x = 0; x <= 64; x++)
        for (uint32_t k = 0; k <= MAX_CLASS_COUNT; k++)
            db->choose[x][k] = k == 0 ? 1 : x == 0 ? 0 : db->choose[x - 1][k - 1] + db->choose[x - 1][k];
    int32_t list_at[cat->nclasses + 1], empty_at;
    sbi_board_key_plan(sp, list_at, &empty_at);
    blockdb base = { 0 };
    int others[cat->nclasses + 1], nothers = 0;
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = &cat->classes[s];
        if (c->ngoals) {
            if (base.nkept == MAX_KEPT)
                return false;
            keep_class(db, cat, s, list_at[s], &base.classes[base.nkept++]);
        } else if (list_at[s] >= 0 && c->count <= MAX_CLASS_COUNT) {
            int at = nothers++;   /* insertion by area, larger first, then by class */
            while (at > 0 && cat->classes[others[at - 1]].count * cat->classes[others[at - 1]].ncells <
                                 c->count * c->ncells) {
                others[at] = others[at - 1];
                at--;
            }
            others[at] = s;
        }
    }
    if (!size_blockdb(db, &base, SB_PDB_BLOCK_BUDGET))
        return false;
    db->blockdbs[0] = base;
    db->nblockdbs = 1;
    for (int o = 0; o < nothers; o++) {
        blockdb *b = &db->blockdbs[db->nblockdbs - 1];
        if (b->nkept < MAX_KEPT && (!max_others || b->nkept - base.nkept < max_others)) {
            keep_class(db, cat, others[o], list_at[others[o]], &b->classes[b->nkept++]);
            if (size_blockdb(db, b, SB_PDB_BLOCK_BUDGET))
                continue;
            b->nkept--;
            size_blockdb(db, b, SB_PDB_BLOCK_BUDGET);
        }
        if (b->nkept == base.nkept || db->nblockdbs == MAX_BLOCKDBS)
            continue;   /* too big even alone with the goal's classes, or no room */
        b = &db->blockdbs[db->nblockdbs];
        *b = base;
        keep_class(db, cat, others[o], list_at[others[o]], &b->classes[b->nkept++]);
        if (size_blockdb(db, b, SB_PDB_BLOCK_BUDGET))
            db->nblockdbs++;
    }
    return true;
}

/* One block database's distance for a configuration, or SB_PDB_DEAD. */
static unsigned blockdb_term(const sb_pdb *db, const blockdb *b, const uint16_t *cells)
{
    uint64_t r = 0;
    for (uint32_t k = 0; k < b->nkept; k++) {
        const kept_class *c = &b->classes[k];
        uint8_t idx[MAX_CLASS_COUNT];
        for (uint32_t j = 0; j < c->count; j++)
            idx[j] = (uint8_t)c->index[cells[c->at + (int32_t)j]];
        r += set_rank(db, idx, c->count) * c->weight;
    }
    return b->table[r] == UNSEEN ? SB_PDB_DEAD : b->table[r];
}

/* The header naming a block databases' abstract puzzle: the tray, its
 * walls, the metric, and every kept class's shape, axis, count and goal
 * entries, database by database.  Written twice: once (out NULL) to count. */
static size_t describe_blocks_into(const sb_pdb *db, const sb_space *sp, unsigned char *out)
{
    const sb_catalog *cat = sp->cat;
    unsigned char *p = out;
    size_t len = 0;
#define EMIT(v) do { uint32_t v_ = (uint32_t)(v); if (p) put_u32(&p, v_); len += sizeof v_; } while (0)
    EMIT(FORMAT_VERSION);
    EMIT(0xB10C);   /* block databases, not tile groups */
    EMIT(cat->rows);
    EMIT(cat->cols);
    EMIT(sp->metric);
    for (uint32_t c = 0; c < db->ncells; c++)
        EMIT(cat->puzzle->walls && cat->puzzle->walls[c]);
    EMIT(db->nblockdbs);
    for (uint32_t d = 0; d < db->nblockdbs; d++) {
        const blockdb *b = &db->blockdbs[d];
        EMIT(b->nkept);
        for (uint32_t k = 0; k < b->nkept; k++) {
            const kept_class *c = &b->classes[k];
            EMIT(c->count);
            EMIT(c->nanchors);
            for (uint32_t a = 0; a < c->nanchors; a++) {
                EMIT(c->mask[a]);
                EMIT(c->mask[a] >> 32);
                for (int dir = 0; dir < 4; dir++)
                    EMIT(c->step[a][dir]);
            }
            EMIT(c->goals);
            EMIT(c->goals >> 32);
        }
    }
#undef EMIT
    return len;
}

static bool describe_blocks(sb_pdb *db, const sb_space *sp, sb_meter *m)
{
    db->desc_len = describe_blocks_into(db, sp, NULL);
    db->desc = sbi_meter_calloc(m, db->desc_len, 1);
    if (!db->desc)
        return false;
    describe_blocks_into(db, sp, db->desc);
    return true;
}

/* ---- the cache file ---- */

/* The tables, tile groups' or block databases', one way for the cache. */
static uint32_t ntables(const sb_pdb *db)
{
    return db->blocks ? db->nblockdbs : db->ngroups;
}

static uint8_t **table_of(sb_pdb *db, uint32_t j, size_t **bytes)
{
    if (db->blocks) {
        *bytes = &db->blockdbs[j].table_bytes;
        return &db->blockdbs[j].table;
    }
    *bytes = &db->groups[j].table_bytes;
    return &db->groups[j].table;
}

/* Block databases' tables are small and come from the heap; tile groups'
 * are read at random by every expansion and come from sbi_meter_map (huge
 * pages where the system gives them). */
static uint8_t *alloc_table(const sb_pdb *db, sb_meter *m, size_t bytes)
{
    return db->blocks ? sbi_meter_calloc(m, bytes, 1) : sbi_meter_map(m, NULL, 0, bytes);
}

static void free_table(const sb_pdb *db, sb_meter *m, uint8_t *table, size_t bytes)
{
    if (db->blocks)
        sbi_meter_free(m, table, bytes);
    else if (table)
        sbi_meter_map(m, table, bytes, 0);
}

static const char MAGIC[8] = { 'S', 'L', 'I', 'D', 'E', 'P', 'D', 'B' };

static uint64_t checksum(uint64_t h, const unsigned char *p, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = sbi_mix64(h ^ w);
    }
    for (; i < len; i++)
        h = sbi_mix64(h ^ p[i]);
    return h;
}

/* The bytes table j has: none for a mirror, which reads its twin's. */
static size_t table_size(const sb_pdb *db, uint32_t j)
{
    if (db->blocks)
        return (size_t)db->blockdbs[j].nranks;
    return db->groups[j].mirror >= 0 ? 0 : (size_t)(db->groups[j].nranks + 1) / 2;
}

/* The checksum an entry of table j ends with: over the header, j and
 * the table. */
static uint64_t entry_checksum(const sb_pdb *db, uint32_t j, const uint8_t *table, size_t bytes)
{
    uint64_t h = checksum(FORMAT_VERSION, db->desc, db->desc_len);
    h = checksum(h, (const unsigned char *)&j, sizeof j);
    return checksum(h, table, bytes);
}

/* Table j's entry's name in the cache: slide-HASH-J.pdb, HASH naming the
 * header. */
static void entry_name(const sb_pdb *db, uint32_t j, char out[ENTRY_NAME])
{
    unsigned long long h = checksum(0, db->desc, db->desc_len);
    snprintf(out, ENTRY_NAME, "slide-%016llx-%u.pdb", h, (unsigned)j);
}

/* Reads exactly len bytes of the entry open in reader. */
static bool read_exact(const sb_cache *cache, void *reader, void *p, size_t len)
{
    return cache->read(reader, p, len) == len;
}

/* Reads table j from its entry in the cache when that is exactly the one
 * wanted: its header equal to db's byte for byte, the same table number,
 * its size exact, its checksum good.  The cache itself is trusted with
 * nothing. */
static bool load_table(sb_pdb *db, sb_meter *m, const sb_cache *cache, uint32_t j)
{
    char name[ENTRY_NAME];
    entry_name(db, j, name);
    void *reader = cache->open_read(cache->ctx, name);
    if (!reader)
        return false;
    size_t *bytes;
    uint8_t **table = table_of(db, j, &bytes);
    char magic[sizeof MAGIC], extra;
    uint64_t desc_len, sum;
    uint32_t number;
    unsigned char *desc = NULL;
    bool ok = read_exact(cache, reader, magic, sizeof magic) &&
              memcmp(magic, MAGIC, sizeof MAGIC) == 0 &&
              read_exact(cache, reader, &desc_len, sizeof desc_len) &&
              desc_len == db->desc_len && (desc = malloc(db->desc_len)) &&
              read_exact(cache, reader, desc, db->desc_len) &&
              memcmp(desc, db->desc, db->desc_len) == 0 &&
              read_exact(cache, reader, &number, sizeof number) && number == j;
    if (ok) {
        *bytes = table_size(db, j);
        *table = alloc_table(db, m, *bytes);
        ok = *table && read_exact(cache, reader, *table, *bytes) &&
             read_exact(cache, reader, &sum, sizeof sum) && cache->read(reader, &extra, 1) == 0 &&
             sum == entry_checksum(db, j, *table, *bytes);
        if (!ok) {
            free_table(db, m, *table, *bytes);
            *table = NULL;
        }
    }
    free(desc);
    cache->close_read(reader);
    return ok;
}

/* Writes table j to its entry in the cache; true when it was kept.  The
 * cache publishes an entry whole or not at all (sb_cache.close_write). */
static bool save_table(sb_pdb *db, const sb_cache *cache, uint32_t j)
{
    char name[ENTRY_NAME];
    entry_name(db, j, name);
    void *writer = cache->open_write(cache->ctx, name);
    if (!writer)
        return false;
    size_t *bytes;
    uint8_t **table = table_of(db, j, &bytes);
    uint64_t desc_len = db->desc_len, sum = entry_checksum(db, j, *table, *bytes);
    bool ok = cache->write(writer, MAGIC, sizeof MAGIC) &&
              cache->write(writer, &desc_len, sizeof desc_len) &&
              cache->write(writer, db->desc, db->desc_len) &&
              cache->write(writer, &j, sizeof j) && cache->write(writer, *table, *bytes) &&
              cache->write(writer, &sum, sizeof sum);
    cache->close_write(writer, ok);
    return ok;
}

/* ---- the database ---- */

/* Builds table j, its progress reported as the phase db->phase names. */
static sb_status build_table(sb_pdb *db, sb_meter *m, uint32_t j, unsigned number,
                             unsigned count)
{
    /* Two buffers taken in turn, so that each table's phase is a new
     * pointer (a front end sees a new phase begin) and the last one is
     * still whole while the next is written. */
    char *phase = db->phase[number % 2];
    const uint8_t *walls = db->walls;
    uint64_t total;
    if (db->blocks) {
        snprintf(phase, sizeof db->phase[0], "building pattern database %u of %u (blocks)",
                 number, count);
        total = db->blockdbs[j].nranks;
    } else {
        const group *g = &db->groups[j];
        snprintf(phase, sizeof db->phase[0], "building pattern database %u of %u (%u tiles)",
                 number, count, (unsigned)g->k);
        uint32_t open = 0;
        for (uint32_t c = 0; c < db->ncells; c++)
            open += !(walls && walls[c]);
        total = g->by_regions ? g->nranks : g->nranks * (open > g->k ? open - g->k : 1);
    }
    sbi_meter_phase(m, phase, total);
    sb_status status = db->blocks             ? build_blockdb(db, &db->blockdbs[j], m)
                       : db->groups[j].by_regions ? build_regions(db, &db->groups[j], m, walls)
                                                  : build_group(db, &db->groups[j], m, walls);
    sbi_meter_phase(m, NULL, 0);
    return status;
}

sb_status sbi_pdb_open(const sb_space *sp, sb_meter *m, const sb_cache *cache,
                       unsigned max_group, sb_pdb_blank blank, sb_pdb_report *report,
                       sb_pdb **out)
{
    sb_pdb_report ignored;
    if (!report)
        report = &ignored;
    memset(report, 0, sizeof *report);
    *out = NULL;
    sb_pdb *db = sbi_meter_calloc(m, 1, sizeof *db);
    if (!db)
        return SB_ELIMIT;
    db->metric = sp->metric;
    db->walls = sp->cat->puzzle->walls;
    bool blocks = sbi_pdb_refuses(sp, SB_PATH_GENERAL) != NULL;
    /* Groups past what a build by cells holds take minutes to build (the
     * 15-puzzle's 8 and 7) to save seconds a search: worth it only when
     * kept. */
    if (blank == SB_PDB_BLANK_AUTO && !cache)
        blank = SB_PDB_BLANK_SMALL;
    if (blocks && !plan_blocks(db, sp, max_group))
        db->nblockdbs = 0;   /* the goal's classes alone are too many: no tables, estimate 0 */
    if (blocks ? !describe_blocks(db, sp, m) : !plan(db, sp, m, max_group, blank)) {
        sbi_pdb_free(m, db);
        return SB_ELIMIT;
    }
    for (uint32_t j = 0; j < ntables(db); j++)
        report->tables += table_size(db, j) > 0;
    /* Table by table: each read from the cache, or built and written there
     * at once, so that a build stopped half way keeps what it finished. */
    for (uint32_t j = 0; j < ntables(db); j++) {
        if (!table_size(db, j))
            continue;
        if (cache && load_table(db, m, cache, j)) {
            report->read++;
            continue;
        }
        if (build_table(db, m, j, report->read + report->built + 1, report->tables) != SB_OK) {
            sbi_pdb_free(m, db);
            return SB_ELIMIT;
        }
        report->built++;
        report->kept += cache && save_table(db, cache, j);
    }
    db->loaded = cache && !report->built;
    *out = db;
    return SB_OK;
}

void sbi_pdb_describe(const sb_pdb *db, unsigned *groups, size_t *bytes, bool *loaded)
{
    *groups = ntables(db);
    *bytes = 0;
    for (uint32_t j = 0; j < ntables(db); j++)
        *bytes += db->blocks ? db->blockdbs[j].table_bytes : db->groups[j].table_bytes;
    *loaded = db->loaded;
}

bool sbi_pdb_covers(const sb_pdb *db)
{
    return db->covers;
}

/* One group's value for a configuration, or SB_PDB_DEAD. */
static unsigned group_term(const sb_pdb *db, const group *g, const uint16_t *cells)
{
    uint16_t pos[MAX_GROUP], twin_pos[MAX_GROUP];
    for (uint32_t i = 0; i < g->k; i++)
        pos[i] = cells[g->at[i]];
    unsigned v;
    if (g->mirror >= 0) {
        for (uint32_t i = 0; i < g->k; i++)
            twin_pos[i] = db->transpose[pos[i]];
        const group *twin = &db->groups[g->mirror];
        v = get_nibble(twin->table, rank_of(twin, twin_pos));
    } else {
        v = get_nibble(g->table, rank_of(g, pos));
    }
    unsigned base = home_sum(db, g, pos);
    return v == NIBBLE_DEAD || base == UNSEEN ? SB_PDB_DEAD : base + 2 * v;
}

/* The larger of the sets' sums of terms (SB_PDB_DEAD when a term is). */
static unsigned best_sum(const sb_pdb *db, const unsigned *terms)
{
    unsigned best = 0;
    for (uint32_t k = 0; k < db->nsets; k++) {
        unsigned h = 0;
        for (uint32_t j = 0; j < db->per_set; j++) {
            unsigned t = terms[k * db->per_set + j];
            if (t >= SB_PDB_DEAD)
                return SB_PDB_DEAD;
            h += t;
        }
        if (h > best)
            best = h;
    }
    return best;
}

unsigned sbi_pdb_terms(const sb_pdb *db, const void *key, unsigned *terms)
{
    for (uint32_t j = 0; j < db->ngroups; j++)
        terms[j] = group_term(db, &db->groups[j], key);
    return best_sum(db, terms);
}

unsigned sbi_pdb_estimate(const sb_pdb *db, const void *key)
{
    if (db->blocks) {   /* one move may move a block kept by several: the largest, not the sum */
        unsigned best = 0;
        for (uint32_t j = 0; j < db->nblockdbs; j++) {
            unsigned t = blockdb_term(db, &db->blockdbs[j], key);
            if (t > best)
                best = t;
        }
        return best;
    }
    unsigned terms[MAX_GROUPS];
    return sbi_pdb_terms(db, key, terms);
}

uint32_t sbi_pdb_incremental(const sb_pdb *db)
{
    return db->incremental && !db->blocks ? db->ngroups : 0;
}

unsigned sbi_pdb_moved(const sb_pdb *db, const void *key, int32_t at, unsigned *terms)
{
    for (uint32_t k = 0; k < db->nsets; k++) {
        int j = db->owner[k][at];
        if (j >= 0)
            terms[k * db->per_set + (uint32_t)j] =
                group_term(db, &db->groups[k * db->per_set + (uint32_t)j], key);
    }
    return best_sum(db, terms);
}

void sbi_pdb_free(sb_meter *m, sb_pdb *db)
{
    if (!db)
        return;
    for (uint32_t j = 0; j < db->ngroups; j++) {
        group *g = &db->groups[j];
        sbi_meter_free(m, g->home, (size_t)g->k * db->ncells);
        free_table(db, m, g->table, g->table_bytes);
    }
    for (uint32_t j = 0; j < db->nblockdbs; j++)
        sbi_meter_free(m, db->blockdbs[j].table, db->blockdbs[j].table_bytes);
    sbi_meter_free(m, db->neighbours, (size_t)db->ncells * 4 * sizeof *db->neighbours);
    sbi_meter_free(m, db->desc, db->desc_len);
    sbi_meter_free(m, db, sizeof *db);
}
