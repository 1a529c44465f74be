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
 * first closed under the free moves.
 *
 * Groups.  The tiles with a goal are cut into groups as large as a build
 * of SB_PDB_BUILD_BUDGET allows, each a compact block of goal cells, and
 * cut a second time across (plan): each set's sum is a bound, and the
 * estimate is the larger (Korf and Felner's reflected lookup, without
 * needing a symmetric tray or goal).
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
 * Cache.  A file in --pdb-dir holds one database: a header with a format
 * version and the whole abstract puzzle (the tray, its walls, the metric,
 * each group's goal cells), the tables, and a checksum.  Its name is a
 * hash of the header, but a file is used only when its header equals the
 * one wanted byte for byte, its size is exact and its checksum holds;
 * anything else is rebuilt and replaced.  Files are written to a
 * temporary name and renamed, so a reader never sees half of one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search/pdb.h"

enum { MAX_GROUP = 8, MAX_GROUPS = 64, MAX_KEY = 128, FORMAT_VERSION = 2 };
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
    uint8_t *table;              /* nibbles, two a byte, by rank */
    size_t table_bytes;
} group;

struct sb_pdb {
    uint32_t ncells;
    int cols;
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
};

const char *sb_pdb_refuses(const sb_space *sp, sb_path path)
{
    const sb_catalog *cat = sp->cat;
    if (path != SB_PATH_GENERAL)
        return "pattern databases need the general board";
    if (cat->nempty != 1)
        return "pattern databases take numbered tiles: one empty cell";
    if (cat->ngoals == 0)
        return "pattern databases need a goal";
    if (cat->ncells > 64)
        return "pattern databases take trays of at most 64 cells";
    int32_t list_at[cat->nclasses + 1], empty_at;
    sb_board_key_plan(sp, list_at, &empty_at);
    for (int s = 0; s < cat->nclasses; s++) {
        const sb_class *c = &cat->classes[s];
        if (c->count != 1 || c->height != 1 || c->width != 1 || c->proto.axis != SB_AXIS_ANY ||
            list_at[s] < 0)
            return "pattern databases take numbered tiles: 1x1 pieces, each of its own kind";
    }
    return NULL;
}

/* The cell of class s's one tile in a key. */
static uint32_t tile_cell(const sb_space *sp, const int32_t *list_at, int s)
{
    return ((const uint16_t *)sp->root)[list_at[s]];
}

bool sb_pdb_parity_unsolvable(const sb_space *sp)
{
    const sb_catalog *cat = sp->cat;
    uint32_t n = cat->ncells;   /* at most 64: sb_pdb_refuses said so */
    if (n > 64 || cat->ngoals != (uint32_t)cat->nclasses)
        return false;   /* not knowing is not a proof */
    int32_t list_at[65], empty_at, to[64];
    bool taken[64] = { false }, seen[64] = { false };
    sb_board_key_plan(sp, list_at, &empty_at);
    for (uint32_t c = 0; c < n; c++)
        to[c] = -1;
    for (int s = 0; s < cat->nclasses; s++) {
        to[tile_cell(sp, list_at, s)] = cat->classes[s].goals[0];
        taken[cat->classes[s].goals[0]] = true;
    }
    uint32_t blank = 0, blank_goal = 0;
    const uint8_t *walls = cat->puzzle->walls;
    for (uint32_t c = 0; c < n; c++) {
        if (walls && walls[c])
            continue;
        if (to[c] < 0)
            blank = c;
        if (!taken[c])
            blank_goal = c;
    }
    to[blank] = (int32_t)blank_goal;
    unsigned transpositions = 0;
    for (uint32_t c = 0; c < n; c++) {
        if (seen[c] || to[c] < 0)
            continue;
        unsigned len = 0;
        for (uint32_t x = c; !seen[x]; x = (uint32_t)to[x], len++)
            seen[x] = true;
        transpositions += len - 1;
    }
    uint32_t cols = (uint32_t)cat->cols;
    unsigned colours = (blank / cols + blank % cols + blank_goal / cols + blank_goal % cols) & 1;
    return (transpositions & 1) != colours;
}

/* ---- ranking placements ---- */

static uint64_t rank_of(const group *g, const uint16_t *pos)
{
    uint64_t r = 0;
    for (uint32_t i = 0; i < g->k; i++) {
        uint32_t idx = pos[i];
        for (uint32_t j = 0; j < i; j++)
            idx -= pos[j] < pos[i];
        r += idx * g->weight[i];
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
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4096;
        uint32_t *grown = sb_meter_realloc(m, l->items, l->cap * sizeof *grown,
                                           cap * sizeof *grown);
        if (!grown)
            return false;
        l->items = grown;
        l->cap = cap;
    }
    l->items[l->n++] = (uint32_t)x;
    return true;
}

static void list_free(sb_meter *m, list *l)
{
    sb_meter_free(m, l->items, l->cap * sizeof *l->items);
    memset(l, 0, sizeof *l);
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

/* Breadth-first search of group g's abstract space; fills g->table. */
static sb_status build_group(sb_pdb *db, group *g, sb_meter *m, const uint8_t *walls)
{
    uint32_t n = db->ncells;
    size_t nstates = (size_t)g->nranks * n;
    uint8_t *dist = sb_meter_map(m, NULL, 0, nstates);
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
            if (!(popped & 0xFFFF) && sb_meter_late(m))
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
                    if (!list_push(m, &next, t))
                        goto out;
                }
            }
            for (uint32_t i = 0; i < g->k; i++)
                occupant[pos[i]] = 0;
        }
        if (sb_meter_check(m) != SB_OK)
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
    g->table = sb_meter_calloc(m, g->table_bytes, 1);
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
    sb_meter_map(m, dist, nstates, 0);
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
        len += sizeof(uint32_t) + db->groups[j].k * sizeof(uint16_t);
    db->desc = sb_meter_calloc(m, len, 1);
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
        memcpy(p, db->groups[j].goal, db->groups[j].k * sizeof(uint16_t));
        p += db->groups[j].k * sizeof(uint16_t);
    }
    return true;
}

/* Splits the tiles that have a goal, in the order of their goal cells
 * (row by row: neighbours at home share a group, where their conflicts
 * are seen), into groups as large as SB_PDB_BUILD_BUDGET lets one be
 * built: 6-6-3 for the 15-puzzle, 5-5-5-5-4 for the 24-puzzle, one group
 * of 8 for the 8-puzzle. */
static bool plan(sb_pdb *db, const sb_space *sp, sb_meter *m, unsigned max_group)
{
    const sb_catalog *cat = sp->cat;
    uint32_t n = cat->ncells;
    const uint8_t *walls = cat->puzzle->walls;
    db->ncells = n;
    db->cols = cat->cols;
    db->neighbours = sb_meter_calloc(m, (size_t)n * 4, sizeof *db->neighbours);
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
    sb_board_key_plan(sp, list_at, &empty_at);
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
    while (kmax > 1 && (!placements(n, kmax) ||
                        placements(n, kmax) * n > (uint64_t)SB_PDB_BUILD_BUDGET))
        kmax--;
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
        g->home = sb_meter_calloc(m, (size_t)g->k * n, 1);
        if (!g->home)
            return false;
        for (uint32_t i = 0; i < g->k; i++)
            fill_home(db, g->goal[i], g->home + (size_t)i * n);
    }
    return describe_puzzle(db, sp, m);
}

/* ---- the cache file ---- */

static const char MAGIC[8] = { 'S', 'L', 'I', 'D', 'E', 'P', 'D', 'B' };

static uint64_t checksum(uint64_t h, const unsigned char *p, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = sb_mix64(h ^ w);
    }
    for (; i < len; i++)
        h = sb_mix64(h ^ p[i]);
    return h;
}

static uint64_t content_checksum(const sb_pdb *db)
{
    uint64_t h = checksum(FORMAT_VERSION, db->desc, db->desc_len);
    for (uint32_t j = 0; j < db->ngroups; j++)
        h = checksum(h, db->groups[j].table, db->groups[j].table_bytes);
    return h;
}

/* dir/slide-HASH.pdb, HASH naming the header; false when it does not fit. */
static bool file_name(const sb_pdb *db, const char *dir, char *out, size_t size)
{
    unsigned long long h = checksum(0, db->desc, db->desc_len);
    int len = snprintf(out, size, "%s/slide-%016llx.pdb", dir, h);
    return len > 0 && (size_t)len < size;
}

static bool read_exact(FILE *f, void *p, size_t len)
{
    return fread(p, 1, len, f) == len;
}

/* Reads the tables from path when the file is exactly the one wanted. */
static bool load(sb_pdb *db, sb_meter *m, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    bool ok = false;
    char magic[sizeof MAGIC];
    uint64_t desc_len, sum;
    unsigned char *desc = NULL;
    if (!read_exact(f, magic, sizeof magic) || memcmp(magic, MAGIC, sizeof MAGIC) != 0 ||
        !read_exact(f, &desc_len, sizeof desc_len) || desc_len != db->desc_len ||
        !(desc = malloc(db->desc_len)) || !read_exact(f, desc, db->desc_len) ||
        memcmp(desc, db->desc, db->desc_len) != 0)
        goto out;
    uint32_t j = 0;
    for (; j < db->ngroups; j++) {
        group *g = &db->groups[j];
        g->table_bytes = (size_t)(g->nranks + 1) / 2;
        g->table = sb_meter_calloc(m, g->table_bytes, 1);
        if (!g->table || !read_exact(f, g->table, g->table_bytes))
            break;
    }
    char extra;
    ok = j == db->ngroups && read_exact(f, &sum, sizeof sum) && fread(&extra, 1, 1, f) == 0 &&
         sum == content_checksum(db);
    if (!ok)
        for (j = 0; j < db->ngroups; j++) {
            sb_meter_free(m, db->groups[j].table, db->groups[j].table_bytes);
            db->groups[j].table = NULL;
        }
out:
    free(desc);
    fclose(f);
    return ok;
}

/* Writes the tables to a temporary file beside path and renames it. */
static void save(const sb_pdb *db, const char *path)
{
    char tmp[4200];
    int len = snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    if (len < 0 || (size_t)len >= sizeof tmp)
        return;
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return;
    uint64_t desc_len = db->desc_len, sum = content_checksum(db);
    bool ok = fwrite(MAGIC, 1, sizeof MAGIC, f) == sizeof MAGIC &&
              fwrite(&desc_len, sizeof desc_len, 1, f) == 1 &&
              fwrite(db->desc, 1, db->desc_len, f) == db->desc_len;
    for (uint32_t j = 0; ok && j < db->ngroups; j++)
        ok = fwrite(db->groups[j].table, 1, db->groups[j].table_bytes, f) ==
             db->groups[j].table_bytes;
    ok = ok && fwrite(&sum, sizeof sum, 1, f) == 1;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0)
        remove(tmp);
}

/* ---- the database ---- */

sb_status sb_pdb_open(const sb_space *sp, sb_meter *m, const char *dir, unsigned max_group,
                      sb_pdb **out)
{
    *out = NULL;
    sb_pdb *db = sb_meter_calloc(m, 1, sizeof *db);
    if (!db)
        return SB_ELIMIT;
    if (!plan(db, sp, m, max_group)) {
        sb_pdb_free(m, db);
        return SB_ELIMIT;
    }
    char path[4096];
    bool named = dir && file_name(db, dir, path, sizeof path);
    db->loaded = named && load(db, m, path);
    for (uint32_t j = 0; !db->loaded && j < db->ngroups; j++)
        if (build_group(db, &db->groups[j], m, sp->cat->puzzle->walls) != SB_OK) {
            sb_pdb_free(m, db);
            return SB_ELIMIT;
        }
    if (named && !db->loaded)
        save(db, path);
    *out = db;
    return SB_OK;
}

void sb_pdb_describe(const sb_pdb *db, unsigned *groups, size_t *bytes, bool *loaded)
{
    *groups = db->ngroups;
    *bytes = 0;
    for (uint32_t j = 0; j < db->ngroups; j++)
        *bytes += db->groups[j].table_bytes;
    *loaded = db->loaded;
}

bool sb_pdb_covers(const sb_pdb *db)
{
    return db->covers;
}

/* One group's value for a configuration, or SB_PDB_DEAD. */
static unsigned group_term(const sb_pdb *db, const group *g, const uint16_t *cells)
{
    uint16_t pos[MAX_GROUP];
    for (uint32_t i = 0; i < g->k; i++)
        pos[i] = cells[g->at[i]];
    unsigned v = get_nibble(g->table, rank_of(g, pos));
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

unsigned sb_pdb_terms(const sb_pdb *db, const void *key, unsigned *terms)
{
    for (uint32_t j = 0; j < db->ngroups; j++)
        terms[j] = group_term(db, &db->groups[j], key);
    return best_sum(db, terms);
}

unsigned sb_pdb_estimate(const sb_pdb *db, const void *key)
{
    unsigned terms[MAX_GROUPS];
    return sb_pdb_terms(db, key, terms);
}

uint32_t sb_pdb_incremental(const sb_pdb *db)
{
    return db->incremental ? db->ngroups : 0;
}

unsigned sb_pdb_moved(const sb_pdb *db, const void *key, int32_t at, unsigned *terms)
{
    for (uint32_t k = 0; k < db->nsets; k++) {
        int j = db->owner[k][at];
        if (j >= 0)
            terms[k * db->per_set + (uint32_t)j] =
                group_term(db, &db->groups[k * db->per_set + (uint32_t)j], key);
    }
    return best_sum(db, terms);
}

void sb_pdb_free(sb_meter *m, sb_pdb *db)
{
    if (!db)
        return;
    for (uint32_t j = 0; j < db->ngroups; j++) {
        group *g = &db->groups[j];
        sb_meter_free(m, g->home, (size_t)g->k * db->ncells);
        sb_meter_free(m, g->table, g->table_bytes);
    }
    sb_meter_free(m, db->neighbours, (size_t)db->ncells * 4 * sizeof *db->neighbours);
    sb_meter_free(m, db->desc, db->desc_len);
    sb_meter_free(m, db, sizeof *db);
}
