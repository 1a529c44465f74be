/*
 * pdb.h - pattern databases built from the puzzle itself: exact distances
 * in an abstraction of it, looked up as an admissible estimate by A* and
 * IDA*.  Internal to the engine.
 *
 * The abstraction taken today is Korf and Felner's for numbered tiles
 * (every piece a 1x1 block of its own class, one empty cell): the tiles
 * that have a goal are split into disjoint groups, and each group's table
 * holds, for every placement of its tiles, the fewest moves *of its own
 * tiles* that bring them home, the other tiles dropped (the empty cell
 * trades places with them at no cost).  Every real move moves one tile of
 * one group, so the groups' values add up to a lower bound.  pdb.c says
 * how tables are built, stored and cached.
 */
#ifndef SB_PDB_H
#define SB_PDB_H

#include "spaces/space.h"

typedef struct sb_pdb sb_pdb;

/* What the estimate says of a configuration no goal can be reached from
 * (its abstraction reaches none): searches drop it. */
#define SB_PDB_DEAD 0x40000000u

/* Why sp's puzzle has no pattern database, or NULL when it has one: the
 * board's keys (path, sp's representation, is the general board), every piece a 1x1 block alone in its class, one empty
 * cell, some goal. */
const char *sbi_pdb_refuses(const sb_space *sp, sb_path path);

/* Why sp's puzzle, when not numbered tiles, has no block databases, or
 * NULL when it has: the general board's keys, at most 64 cells, a goal,
 * whose classes the key lists block by block.  A block database keeps the
 * goal's classes and some others whole and drops the rest (pdb.c says
 * which); its distances, exact in that relaxation under the puzzle's
 * metric, are combined by maximum. */
const char *sbi_pdb_blocks_refuses(const sb_space *sp, sb_path path);

/* How many entries (bytes) one block database may have. */
enum { SB_PDB_BLOCK_BUDGET = 32u << 20 };

/* How big the tables of one group may grow while being built.  A build
 * by cells (pdb.c) searches with a byte per (placement, empty cell): at
 * most SB_PDB_BUILD_BUDGET of them.  A build by regions (of the cells the
 * group leaves open, the empty cell's whereabouts that matter) takes
 * three bytes a placement and half a byte of table: at most
 * SB_PDB_REGION_PLACEMENTS placements, and with the tables at most half
 * of --max-memory. */
enum { SB_PDB_BUILD_BUDGET = 192u << 20 };
#define SB_PDB_REGION_PLACEMENTS (1ull << 30)

/* How a tile group's table is built; both give the same values.  AUTO
 * builds by cells whenever that fits SB_PDB_BUILD_BUDGET at the largest
 * group size either way allows, and by regions to reach larger groups
 * (7-8 on the 15-puzzle, 6-6-6-6 on the 24-puzzle) when the tables are
 * cached (a cache given to sbi_pdb_open): such a build takes minutes,
 * which only a cache pays back.  Without a cache AUTO is SMALL: the
 * groups a build by cells allows, built by regions on trays of at most
 * 16 cells (faster there, pdb.c).  The tests ask for each. */
typedef enum sb_pdb_blank {
    SB_PDB_BLANK_AUTO,
    SB_PDB_BLANK_CELLS,
    SB_PDB_BLANK_REGIONS,
    SB_PDB_BLANK_SMALL
} sb_pdb_blank;

/* What sbi_pdb_open did with the tables, finished or not: how many it
 * needs (a mirrored read has none of its own), how many it read from the
 * cache, built, and of those wrote to the cache. */
typedef struct sb_pdb_report {
    unsigned tables, read, built, kept;
} sb_pdb_report;

/* The database for sp (sbi_pdb_refuses NULL), its groups of at most
 * max_group tiles (0: as large as the budgets above allow; the tests
 * ask for small ones, to see several groups added on small trays; for
 * block databases, the most classes each keeps besides the goal's), the
 * tables built as `blank` says (tiles only): each read from cache (may be
 * NULL) when an entry there holds it (the whole abstract puzzle written
 * in its header and compared, and a checksum over the table), else built
 * (a phase of m's progress) and, with a cache, written there at once (a
 * failed write is not an error: the table is in memory).  Every byte goes
 * through m.  SB_OK with *out, or SB_ELIMIT (m->hit says which limit);
 * either way *report (may be NULL) says what became of the tables. */
sb_status sbi_pdb_open(const sb_space *sp, sb_meter *m, const sb_cache *cache,
                       unsigned max_group, sb_pdb_blank blank, sb_pdb_report *report,
                       sb_pdb **out);

/* The database's size in tables and bytes, and whether it was read from a file. */
void sbi_pdb_describe(const sb_pdb *db, unsigned *groups, size_t *bytes, bool *loaded);

/* Whether every tile with a goal is in one of db's groups: then its
 * estimate is never below the space's own (each tile's distance home,
 * which the groups' values include), and the space's need not be asked. */
bool sbi_pdb_covers(const sb_pdb *db);

/* The lower bound for a configuration (a key of the board db was built
 * for): the groups' values added, or SB_PDB_DEAD. */
unsigned sbi_pdb_estimate(const sb_pdb *db, const void *key);

/* For a search that moves one tile at a time (idastar.c's tile walker),
 * the estimate kept group by group, so that a move looks up only the
 * moved tile's groups.  sbi_pdb_incremental: how many terms db keeps (0:
 * it cannot be used so; it always can when sbi_pdb_covers and the key
 * is short).  sbi_pdb_terms fills them for key and returns the estimate;
 * after the tile whose cell is key[at] moved (key already changed),
 * sbi_pdb_moved brings terms up to date and returns the new estimate. */
uint32_t sbi_pdb_incremental(const sb_pdb *db);
unsigned sbi_pdb_terms(const sb_pdb *db, const void *key, unsigned *terms);
unsigned sbi_pdb_moved(const sb_pdb *db, const void *key, int32_t at, unsigned *terms);

void sbi_pdb_free(sb_meter *m, sb_pdb *db);

#endif
