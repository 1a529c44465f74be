/*
 * slide.h - libslide, the sliding-block puzzle engine as a C library: its
 * one public header and the whole of its contract.
 *
 *     #include <slide.h>        cc ... $(pkg-config --cflags --libs slide)
 *
 * What it does, in the order of this file: the model (trays, blocks,
 * puzzles, moves) and sb_puzzle_check(); solving (sb_solve); exploring a
 * puzzle's space (sb_explore, sb_components, sb_family); the distance
 * oracle (sb_distances_compute); search handles that another thread or a
 * signal handler can cancel (sb_search_*); reading puzzles from files or
 * strings and writing pictures and moves (sb_fmt_*); showing a solution
 * as terminal pictures or a JSON document (sb_show_write, sb_json_write);
 * the independent judge of move lists (sb_judge_*, sb_check_moves).
 *
 * Every function reports failure through its return value (an sb_status)
 * and, where it takes one, a caller-owned sb_error record (NULL: not
 * wanted).  The library never prints, never exits and never aborts on bad
 * input: NULL records and options out of range are SB_EINPUT, and
 * anything that sb_puzzle_check() accepts is safe to hand to the solver.
 * Functions that answer a question (bool, int, a name) answer NULL with
 * false, 0 or "?".  Only the readers and writers touch files, and only
 * those they are given.  There is no global state: calls on separate
 * records and handles may run in separate threads at once.
 *
 * Ownership: a record a call fills (sb_puzzle, sb_solution, the reports)
 * belongs to the caller, who releases it with its _free function; an
 * sb_judge and an sb_search are opaque handles from their _new, released
 * by their _free.  Every _free takes NULL and zeroed records harmlessly.
 * A handle freed and then freed or used again is a bug the library
 * catches where it can: _free wipes a mark the calls look for, so until
 * the memory is handed out again the call is refused (SB_EINPUT, "the
 * handle is freed") or, for a _free or a cancel, does nothing.  Memory
 * reused by a new handle of the same kind is that handle; memory reused
 * otherwise, or a pointer that never was a handle, is undefined, and a
 * sanitizer or valgrind reports the read either way.
 *
 * ABI: what a program built against libslide.so.1 can count on.  Records
 * the caller allocates and a call fills or reads (sb_options, sb_stats,
 * sb_error, sb_solution, the reports and sb_distances) end in
 * reserved[SB_RESERVED]:
 * a 1.x release adds fields only by carving them out of that space, with
 * zero meaning the behaviour before them, so a record keeps its size and
 * every field its offset.  Callers leave reserved zero (sb_options_default
 * and "= { 0 }" do); options whose reserved space is not zero come from a
 * newer header than the library and are refused (SB_EINPUT).  sb_progress
 * (the library's, read through a pointer) may grow at its end.  Any other
 * change to a record (the array elements sb_block, sb_shape, sb_move,
 * sb_component, sb_family_member; sb_puzzle, sb_limits, sb_json_report,
 * sb_show_style, sb_move_reader), a reserved space used up, or a changed
 * meaning of an existing field or enum value is a new major version:
 * SLIDE_VERSION_MAJOR, and with it the SONAME (libslide.so.2).  New
 * functions and new enum values for inputs come in 1.x releases.
 *
 * Records and handles.  What is plain data stays a transparent record:
 * a puzzle (sb_puzzle) is what a caller builds, reads field by field and
 * hands to every call, and hiding it behind accessors would only copy it
 * into another shape; sb_puzzle_check() is the gate every call passes it
 * through, so a record built by hand is as safe as one the readers made.
 * What has state a caller must not touch is an opaque handle: the judge's
 * grid, and a search's cancel flag, which is an atomic that another
 * thread sets while the search reads it.
 *
 * Coordinates: row 0 / column 0 is the upper-left cell of the tray.  A block
 * (a piece) is named by its anchor, the leftmost cell of its top row: for
 * a rectangle, its upper-left corner.  A block is a rectangle unless it
 * names one of the puzzle's shapes (any 4-connected set of cells).
 * Blocks of one class (the same shape and axis, and the same group) are
 * interchangeable: a configuration is the set of (class, anchor) pairs,
 * not a list of numbered blocks.  With the defaults (a zeroed sb_block
 * but for its place and size) every block is a rectangle of group 0 that
 * slides both ways, and blocks of the same size are one class: the CS61B
 * model.
 */
#ifndef SLIDE_H
#define SLIDE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header.  CMakeLists.txt reads the project's version
 * from these three lines, so they are the one place it is written; the
 * shared library's file name and SONAME follow it (libslide.so.MAJOR: a
 * new major number is a change that breaks programs built against the old
 * one).  sb_version() says which library a program actually runs with. */
#define SLIDE_VERSION_MAJOR 1
#define SLIDE_VERSION_MINOR 0
#define SLIDE_VERSION_PATCH 0
#define SLIDE_VERSION "1.0.0"
/* One number for #if tests: 10203 is 1.2.3. */
#define SLIDE_VERSION_NUMBER \
    (SLIDE_VERSION_MAJOR * 10000 + SLIDE_VERSION_MINOR * 100 + SLIDE_VERSION_PATCH)
/* The name the programs printed the version with before the library had one. */
#define SB_VERSION SLIDE_VERSION

/* SB_API marks the library's exported functions.  libslide is built with
 * -fvisibility=hidden, so only the functions declared with it here are
 * visible in libslide.so; everything else is internal and may change in any
 * release.  (Without GCC or Clang the mark is empty and everything links as usual.) */
#if defined(__GNUC__)
#define SB_API __attribute__((visibility("default")))
#else
#define SB_API
#endif

/* Words of reserved space at the end of the records that may grow (see
 * ABI at the top). */
#define SB_RESERVED 4

/* The engine's own tray limit: a cell index must fit in 16 bits, so a tray
 * may hold at most 65,536 cells (256 x 256, the CS61B bound, or any other
 * shape of that area). */
#define SB_MAX_CELLS 65536

/* Status codes.  (`slide` exits with the same numbers; the CLI maps them.) */
typedef enum sb_status {
    SB_OK = 0,          /* done: solved, read, checked */
    SB_UNSOLVABLE = 1,  /* the whole reachable space was searched: no solution */
    SB_EINPUT = 2,      /* the puzzle (or a request) is invalid */
    SB_ELIMIT = 3,      /* a resource limit stopped the work (states, memory, time) */
    SB_EMOVE = 4        /* the judge refused a move, or the moves end short of the goal */
} sb_status;

/* Which list of a puzzle an error points into. */
typedef enum sb_list {
    SB_LIST_NONE,
    SB_LIST_INIT,       /* the puzzle's blocks */
    SB_LIST_GOAL,       /* its goal entries */
    SB_LIST_MOVES       /* a list of moves given to the judge */
} sb_list;

/* Which resource limit stopped a search (with SB_ELIMIT). */
typedef enum sb_limit {
    SB_LIMIT_NONE,      /* not a limit */
    SB_LIMIT_STATES,    /* sb_limits.max_states configurations were stored */
    SB_LIMIT_BYTES,     /* the next allocation would pass sb_limits.max_bytes */
    SB_LIMIT_SECONDS,   /* sb_limits.max_seconds passed */
    SB_LIMIT_MEMORY,    /* malloc failed: the machine ran out */
    SB_LIMIT_CANCELLED  /* the caller cancelled it (sb_search_cancel) */
} sb_limit;

/* A caller-owned error record, filled when a call fails. */
typedef struct sb_error {
    sb_status status;   /* the status the failing call returned */
    sb_list list;       /* which block list the problem is in, if any */
    size_t item;        /* index into that list (0-based) */
    sb_limit limit;     /* with SB_ELIMIT: which limit stopped the work */
    double limit_value; /* ... its value (states, bytes or seconds; 0 for memory
                           or a cancel) */
    uint64_t stored;    /* ... configurations stored when it stopped */
    char file[256];     /* the file (or name given for a text) the problem is in, cut
                           to fit; "" when no file is to blame */
    long line;          /* the line in it, from 1 (for moves: the move line); 0: none */
    char msg[480];      /* what is wrong, in words, without any "slide:" prefix; from
                           the readers it starts "FILE:LINE: ", as the programs print it */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_error;

/* Which way a block may slide. */
typedef enum sb_axis {
    SB_AXIS_ANY,        /* along rows and columns */
    SB_AXIS_ROW,        /* left and right only (Rush Hour's horizontal cars) */
    SB_AXIS_COL         /* up and down only */
} sb_axis;

/* A shape other than a full rectangle: the cells it covers in its
 * bounding box.  Its anchor is the leftmost cell of its top row. */
typedef struct sb_shape {
    int height, width;      /* the bounding box, at least 1x1 */
    uint8_t *cells;         /* height * width, row-major: 1 where the shape has a cell */
} sb_shape;

/* A block on the tray, or a goal entry. */
typedef struct sb_block {
    int row, col;       /* the anchor: the leftmost cell of the top row */
    int height, width;  /* the bounding box, at least 1 each */
    int shape;          /* 0: the full height x width rectangle; k > 0: the puzzle's
                           shapes[k - 1], whose box is height x width */
    int group;          /* 0: one class with every block of its shape and axis;
                           g > 0: one class with the blocks of group g only */
    sb_axis axis;       /* which way it slides */
    char label;         /* the picture's character for it, 0 when none */
} sb_block;

/* A puzzle: a tray, the blocks in it, and the goal.  The arrays are owned by
 * the puzzle and released by sb_puzzle_free(). */
typedef struct sb_puzzle {
    int rows, cols;       /* tray size */
    size_t nblocks;       /* blocks of the initial configuration */
    sb_block *blocks;
    size_t ngoals;        /* goal entries: a block of this class at this anchor */
    sb_block *goals;
    size_t nshapes;       /* the shapes blocks and goals name (shape > 0) */
    sb_shape *shapes;
    uint8_t *walls;       /* rows * cols, row-major: 1 where a wall is; NULL: none */
} sb_puzzle;

/* A straight slide: the anchor of a block (the leftmost cell of its top
 * row; a rectangle's upper-left corner) before and after.  Exactly one of
 * row and column changes. */
typedef struct sb_move {
    int from_row, from_col;
    int to_row, to_col;
} sb_move;

/* How moves are counted. */
typedef enum sb_metric {
    SB_METRIC_UNIT,   /* each one-cell step is a move */
    SB_METRIC_LINE,   /* a straight slide of any distance is one move */
    SB_METRIC_PIECE   /* moving one block along any path is one move */
} sb_metric;

typedef enum sb_algo {
    SB_ALGO_AUTO,
    SB_ALGO_BFS,
    SB_ALGO_ASTAR,
    SB_ALGO_IDASTAR,    /* iterative-deepening A*: depth first, stores no configurations;
                           it cannot prove a puzzle unsolvable by running out of
                           configurations, so on one it runs until a limit (but for
                           numbered tiles, whose parity it checks first) */
    SB_ALGO_BIDIR       /* bidirectional BFS: shortest; needs a goal placing every block */
} sb_algo;

/* Which representation of configurations the search uses. */
typedef enum sb_path {
    SB_PATH_AUTO,      /* the bitboard when it takes the puzzle (see sb_solve), else
                          general */
    SB_PATH_BITBOARD,  /* spaced bitboard: (2H-1)(2W-1) <= 128 */
    SB_PATH_GENERAL    /* any tray up to SB_MAX_CELLS */
} sb_path;

/* A search handle (sb_search_new); opaque. */
typedef struct sb_search sb_search;

/* Resource limits; 0 means "no limit" for each. */
typedef struct sb_limits {
    uint64_t max_states;   /* configurations stored (IDA*, which stores none:
                              configurations expanded) */
    uint64_t max_bytes;    /* bytes the search allocates */
    double max_seconds;    /* wall-clock time */
} sb_limits;

/* A snapshot of a running search, handed to the progress callback. */
typedef struct sb_progress {
    uint64_t stored;       /* configurations stored so far */
    uint64_t expanded;     /* configurations expanded so far */
    unsigned depth;        /* current search depth (cost) */
    size_t bytes;          /* bytes allocated by the search */
    double seconds;        /* time since the search began */
} sb_progress;

typedef struct sb_options {
    sb_metric metric;      /* default SB_METRIC_LINE */
    bool optimal;          /* guarantee a shortest solution under metric */
    sb_algo algo;          /* default SB_ALGO_AUTO */
    sb_path path;          /* default SB_PATH_AUTO */
    sb_limits limits;      /* default: no limits */
    /* Called about four times a second when non-NULL, from one thread at
     * a time: the thread that called the search, except that with threads
     * > 1 a worker thread may call it (bindings that must run it in the
     * caller's thread, to take their interpreter's lock back with that
     * thread's state, leave threads at 0 or 1). */
    void (*progress)(const sb_progress *p, void *ctx);
    void *progress_ctx;
    /* NULL, or the handle whose sb_search_cancel() stops this search: the
     * sb_search_* calls set it to their own handle; a caller of the
     * one-call functions may set it to a handle of its own. */
    const struct sb_search *cancel;
    /* Threads: sb_family maps that many members at once; sb_components
     * without diameters walks each large component of plain rectangles
     * with that many.  0 and 1 mean one (the calling thread).  Results do
     * not depend on it. */
    unsigned threads;
    /* A directory where pattern databases are kept between runs (read, and
     * written atomically when missing, stale or damaged); NULL: they are
     * built in memory each time and no file is touched. */
    const char *pdb_dir;
    /* Sharding, to split one call among processes (slide-explore-mpi's
     * ranks) that each take a share: sb_family and sb_census map only the
     * members of shard `shard` in a plan every process computes alike
     * from the piece set alone (largest first: members by an upper bound
     * on their layouts, each to the shard with the least so far), so
     * that shards 0..nshards-1 take every member once; sb_family's
     * report lists only those, each with its index, so that
     * sb_family_report_merge() can put the shards back together
     * (sb_census's lists every member, the others unmapped:
     * sb_census_report_merge()).  nshards 0 or 1: everything (shard must
     * then be 0); shard >= nshards is SB_EINPUT. */
    unsigned shard, nshards;
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_options;

/* IDA*'s iterations the statistics list (the last ones when there are more). */
#define SB_STATS_BOUNDS 32

/* What a search did. */
typedef struct sb_stats {
    sb_algo algo;          /* the algorithm that ran (never AUTO) */
    sb_path path;          /* the representation that ran (never AUTO) */
    uint64_t stored;       /* configurations stored */
    uint64_t expanded;     /* configurations expanded */
    size_t peak_bytes;     /* most bytes the search held at once */
    size_t final_bytes;    /* bytes held when it ended (the peak can be higher:
                              a growing table holds its old and new slots) */
    double seconds;        /* time spent searching */
    /* IDA* only: its iterations, each a depth-first search to a cost bound. */
    unsigned nbounds;      /* iterations run */
    unsigned bound[SB_STATS_BOUNDS];     /* iteration i's cost bound (the last
                                            SB_STATS_BOUNDS iterations) */
    uint64_t bound_expanded[SB_STATS_BOUNDS]; /* ... and what it expanded */
    /* The pattern database the estimate used (pdb_groups 0: none). */
    unsigned pdb_groups;   /* its tables (disjoint groups of pieces) */
    size_t pdb_bytes;      /* their size */
    double pdb_seconds;    /* time to build or load them */
    bool pdb_loaded;       /* read from opts->pdb_dir rather than built */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_stats;

/* A solution: straight slides, owned by the record. */
typedef struct sb_solution {
    size_t nmoves;
    sb_move *moves;
    bool optimal;          /* proven shortest under the metric searched */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_solution;

/* Fills *opts with the defaults listed above. */
SB_API void sb_options_default(sb_options *opts);

/* Checks a puzzle: no count without its array; a tray of 1..SB_MAX_CELLS
 * cells; every block and goal entry of size at least 1x1, with a known
 * axis, a group >= 0 and a valid shape (one of p's, 4-connected, filling
 * the block's box tightly), inside the tray; no two blocks overlapping and
 * none on a wall, and goal entries likewise (an entry repeated at the same
 * place is one requirement); every goal entry's class among the blocks,
 * with no more distinct entries of a class than blocks of it.  Any number
 * of classes is fine (up to one per block).  Returns SB_OK, SB_EINPUT
 * with err naming the list and item when one is to blame, or SB_ELIMIT
 * out of memory. */
SB_API sb_status sb_puzzle_check(const sb_puzzle *p, sb_error *err);

/* Releases the puzzle's arrays and zeroes it; harmless on a zeroed puzzle. */
SB_API void sb_puzzle_free(sb_puzzle *p);

/* Whether block b of p covers the cell (row, col) of the tray.  False for
 * NULL and for a block whose shape p does not have (no check needed). */
SB_API bool sb_block_covers(const sb_puzzle *p, const sb_block *b, int row, int col);

/* The column, within b's bounding box, of its anchor (0 for a rectangle):
 * the box's left edge is at b->col minus it. */
SB_API int sb_block_anchor_offset(const sb_puzzle *p, const sb_block *b);

/* The one order of classes, which every part of the engine and its
 * programs uses: by bounding box (height, then width), then cells (row by
 * row over the box, a cell of the block before an empty one), then axis,
 * then group.  Where the blocks are does not matter.  Returns <0, 0 or >0;
 * 0 exactly when a and b are of one class.  Their shapes must be valid
 * (sb_puzzle_check). */
SB_API int sb_block_class_cmp(const sb_puzzle *p, const sb_block *a, const sb_block *b);

/* Whether blocks a and b of p are of one class (interchangeable): the same
 * cells, axis and group; sb_block_class_cmp() == 0. */
SB_API bool sb_block_same_class(const sb_puzzle *p, const sb_block *a, const sb_block *b);

/* Whether block b of p is a block of the CS61B model: a rectangle (shape 0,
 * or a shape that fills its box) of group 0 that slides both ways.  A
 * shape number p does not have makes it not plain. */
SB_API bool sb_block_is_plain(const sb_puzzle *p, const sb_block *b);

/* Whether p is the CS61B model: every block plain and no wall cell.  Such
 * puzzles are what the bitboard (and slide-explore's layouts) take. */
SB_API bool sb_puzzle_is_plain(const sb_puzzle *p);

/* True when the blocks of p satisfy its goal. */
SB_API bool sb_puzzle_solved(const sb_puzzle *p);

/* Solves p.  On SB_OK, *sol holds the moves (caller frees with
 * sb_solution_free); on SB_UNSOLVABLE the reachable space was exhausted; on
 * SB_ELIMIT a limit in opts (or memory) stopped the search; SB_EINPUT when p
 * fails sb_puzzle_check or opts asks for something impossible (the
 * bitboard for a puzzle it does not take: a tray that does not fit, or
 * pieces it cannot represent).  stats may be NULL; it is filled
 * whatever the outcome. */
SB_API sb_status sb_solve(const sb_puzzle *p, const sb_options *opts,
                   sb_solution *sol, sb_stats *stats, sb_error *err);

/* Releases the moves; harmless on a zeroed solution. */
SB_API void sb_solution_free(sb_solution *sol);

/* The length of a list of straight slides under a metric: unit counts cells
 * travelled; line counts slides, a slide that goes on in the same direction
 * from where the previous one stopped continuing it; piece counts runs of
 * slides where each starts where the previous one stopped (one block). */
SB_API uint64_t sb_moves_length(const sb_move *moves, size_t n, sb_metric metric);

/* Names for messages and statistics: "unit", "bfs", "bitboard", ... */
SB_API const char *sb_metric_name(sb_metric m);
SB_API const char *sb_algo_name(sb_algo a);
SB_API const char *sb_path_name(sb_path p);

/* True when the tray's spaced image fits the bitboard: 128 bits (up to
 * 6x6; one 64-bit word up to 5x4). */
SB_API bool sb_bitboard_fits(int rows, int cols);

/* ---- Exploring: the space behind a puzzle (engine/explore/) ------------- */

/* What a breadth-first walk of everything reachable from INIT found. */
typedef struct sb_explore_report {
    sb_metric metric;      /* the metric distances are counted in */
    sb_path path;          /* the representation that ran (never AUTO) */
    uint64_t reachable;    /* configurations reachable from INIT, INIT included */
    unsigned farthest;     /* the greatest distance from INIT */
    uint64_t *per_depth;   /* farthest + 1 entries: new configurations per distance */
    uint64_t widest;       /* the largest entry of per_depth */
    unsigned widest_depth; /* the first distance holding that many */
    size_t nblocks;        /* blocks in far_example */
    sb_block *far_example; /* one configuration at the farthest distance */
    bool has_goal;         /* the puzzle named a goal */
    uint64_t goal_count;   /* reachable configurations satisfying it */
    unsigned nearest_goal; /* distance of the nearest one (goal_count > 0) */
    size_t peak_bytes;     /* most bytes held at once */
    double seconds;        /* time spent */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_explore_report;

/* Walks the whole space reachable from p's blocks under opts->metric
 * (opts->path, opts->limits; algo and optimal are ignored), layer by
 * layer.  p's goal may be empty.  On SB_OK the caller owns *out
 * (sb_explore_report_free).  SB_EINPUT when p fails sb_puzzle_check or the
 * bitboard is asked for a tray that does not fit; SB_ELIMIT at a limit or
 * out of memory (err says which).  *out is zeroed on failure. */
SB_API sb_status sb_explore(const sb_puzzle *p, const sb_options *opts,
                     sb_explore_report *out, sb_error *err);
SB_API void sb_explore_report_free(sb_explore_report *r);

/* One connected component of the layouts of a piece set. */
typedef struct sb_component {
    uint64_t size;         /* layouts in it */
    unsigned diameter;     /* its diameter under the metric (when computed) */
    uint32_t sweeps;       /* breadth-first searches the diameter took */
    uint64_t goal_layouts; /* sb_census with a goal: its layouts that satisfy it */
    uint32_t hardest;      /* ... and the most moves from one of its layouts to the
                              nearest of those (SB_DISTANCE_NONE when there are none) */
} sb_component;

/* Every legal layout of p's tray and multiset of pieces (by class: shape,
 * axis and marks), split into the classes that moves connect. */
typedef struct sb_components_report {
    sb_metric metric;      /* the metric of the diameters */
    bool diameters;        /* whether diameters were computed (exact) */
    uint64_t layouts;      /* legal layouts of the piece set */
    uint64_t edges;        /* moves between them, each direction counted */
    size_t ncomponents;
    sb_component *components; /* largest first; ties in enumeration order */
    size_t nblocks;        /* blocks per example */
    sb_block *examples;    /* ncomponents * nblocks: component i's first layout */
    size_t init_component; /* index of the component holding p's blocks */
    size_t peak_bytes;     /* most bytes held at once */
    double seconds;        /* time spent */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_components_report;

/* Enumerates the layouts of p's piece set (positions in p matter only to
 * find INIT's component): every placement of its pieces on the tray's
 * cells that are not walls, pieces of one class interchangeable, each
 * one-axis piece anywhere (it keeps its row or column only while it
 * moves).  Splits them into components under opts->metric (which does
 * not change the components, only the diameters); diameters are exact
 * (bounding eccentricities: a few BFS per component).  opts->path picks
 * the representation: auto takes the 64-bit bitboard for plain
 * rectangles on trays whose image fits it, the general board otherwise.
 * SB_EINPUT when p fails sb_puzzle_check, has more than 64 classes, or
 * the bitboard is asked for and cannot take it (the message says why).
 * SB_ELIMIT at opts->limits (max_states counts layouts).  On SB_OK the
 * caller owns *out (sb_components_report_free). */
SB_API sb_status sb_components(const sb_puzzle *p, const sb_options *opts, bool diameters,
                               sb_components_report *out, sb_error *err);
SB_API void sb_components_report_free(sb_components_report *r);

/* One member of a family: how many plain 1x1, 1x2 and 2x1 blocks it has. */
typedef struct sb_family_member {
    uint32_t units, wides, talls;  /* 1x1, 1x2, 2x1 blocks */
    uint64_t layouts;      /* its legal layouts */
    uint64_t ncomponents;  /* its components */
    uint64_t index;        /* its place in the whole family's order, from 0 (the
                              same whatever shard of the family a report holds) */
} sb_family_member;

typedef struct sb_family_report {
    size_t nmembers;
    sb_family_member *members; /* by units, then wides, then talls (index order) */
    uint64_t layouts;      /* summed over members */
    uint64_t ncomponents;  /* summed over members */
    size_t peak_bytes;     /* most bytes one member held */
    double seconds;
    uint64_t family_members; /* members of the whole family, every shard's: nmembers
                                when the call was not sharded */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_family_report;

/* The family of p: its pieces stay but for the plain 1x1, 1x2 and 2x1
 * blocks (unmarked rectangles that slide both ways), and every mix of
 * those three that fits around them leaving at least as many empty cells
 * as p has (none at all included) is a member; each member's layouts and
 * components are counted as by sb_components without diameters.  With
 * opts->nshards > 1 only the members of shard opts->shard are mapped and
 * listed (sb_options; family_members still counts them all).  Errors as
 * for sb_components. */
SB_API sb_status sb_family(const sb_puzzle *p, const sb_options *opts,
                           sb_family_report *out, sb_error *err);
SB_API void sb_family_report_free(sb_family_report *r);

/* Puts the reports of a sharded family back together: parts[0..nparts)
 * are the reports of sb_family on one puzzle, one per shard (any order;
 * a shard with no members is a report with none).  *out gets every member
 * in index order with the totals summed, the peak the largest part's and
 * the time the longest part's: for shards 0..n-1 of n, the report
 * sb_family gives unsharded but for the time.  SB_EINPUT (nothing in
 * *out) for NULL arguments, parts that disagree on family_members, or a
 * member index repeated, missing or out of range; SB_ELIMIT out of
 * memory.  On SB_OK the caller owns *out (sb_family_report_free). */
SB_API sb_status sb_family_report_merge(const sb_family_report *parts, size_t nparts,
                                        sb_family_report *out, sb_error *err);

/* ---- The census: every member of a piece alphabet ---------------------- */

/* One kind of piece in an alphabet: a rectangle, how it slides and
 * whether it is marked, and how many of it a member may have. */
typedef struct sb_census_kind {
    char name[32];         /* the SPEC's name for it (CSV columns, JSON keys) */
    int height, width;
    sb_axis axis;
    bool marked;           /* its pieces are a class of their own: the layouts
                              sb_census hands back give them group k + 1 (kind k) */
    uint32_t min, max;     /* pieces of it in a member */
    bool pinned;           /* its anchors only on rows (axis row) or columns (axis
                              col) pin_first..pin_last: the line it never leaves */
    int pin_first, pin_last;
} sb_census_kind;

/* A census: a tray with walls, an alphabet and optionally a goal. */
typedef struct sb_census_spec {
    int rows, cols;
    uint8_t *walls;        /* rows * cols, 1 where a wall is; NULL: none */
    size_t nkinds;
    sb_census_kind *kinds;
    uint32_t min_empty;    /* members leave at least this many cells empty */
    size_t ngoals;         /* goal entries: a piece of kind goal_kind[i] anchored at */
    size_t *goal_kind;     /* ... goals[i] (its row and col) */
    sb_block *goals;
    bool diameters;        /* measure every component's diameter */
    uint64_t keep;         /* components listed per member, at most (0: every one):
                              with a goal the hardest, else the largest; the counts
                              stay exact */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_census_spec;

/* One member: how many pieces of each kind, and what its layouts are. */
typedef struct sb_census_member {
    uint32_t *counts;      /* nkinds entries (into the report's storage) */
    bool mapped;           /* false: another shard's (opts->shard, nshards), or held
                              only in part (parts below) */
    bool has_goal;         /* it has the pieces the goal names */
    uint64_t layouts;
    size_t ncomponents;    /* components listed (spec->keep at most) */
    sb_component *components; /* largest first, ties in enumeration order */
    uint64_t all_components;  /* every component, listed or not */
    uint64_t largest;         /* the largest component's size, listed or not */
    uint64_t goal_components; /* with a goal: the components holding a goal layout */
    uint32_t hardest_moves;   /* ... and their greatest hardest (SB_DISTANCE_NONE:
                                 none); the listed components include that one */
    size_t nblocks;        /* pieces per layout */
    sb_block *examples;    /* ncomponents * nblocks: each component's first layout */
    sb_block *hardest;     /* with a goal: ncomponents * nblocks, a layout farthest from
                              the goal (the first enumerated); NULL without */
    size_t peak_bytes;     /* most bytes it (or one part of it) held at once */
    /* A member of one-axis pieces (mapped skeleton by skeleton) that the
     * plan estimates large is cut into nparts parts, each a share of its
     * skeletons, mapped apart (by other threads, or other processes under
     * hooks->take); parts has bit k set for each part this report holds,
     * the fields above being what they hold together (counts summed, the
     * largest, hardest and peak the most, the best components of their
     * lists).  Once it holds them all, mapped is set and nparts and parts
     * are 1, as for a member never cut: nothing but the peak depends on
     * how members were cut.  A member mapped whole with nparts > 1: a
     * part found that lines.c declines it, and the graph path mapped it
     * whole (several processes may; any copy is the member).  Cutting
     * needs the components' first layouts to order the lists by, which
     * sb_census always keeps. */
    uint32_t nparts;
    uint64_t parts;
} sb_census_member;

typedef struct sb_census_report {
    size_t nkinds, nmembers;
    sb_census_member *members; /* the odometer over kinds, the last kind fastest */
    uint32_t *counts;      /* nmembers * nkinds */
    uint64_t layouts;      /* summed over the members held (whole or in part) */
    uint64_t ncomponents;  /* every component, listed or not */
    size_t peak_bytes;     /* most one member (or part of one) held */
    double seconds;
    sb_census_kind *kinds;     /* nkinds: the spec's, copied, and its keep: they order
                                  and cut the lists of a member's parts joined */
    uint64_t keep;
    uint64_t reserved[SB_RESERVED - 2];   /* zero: room for fields of later 1.x versions */
} sb_census_report;

/* Called, when set, with each member as it is mapped (from one thread at
 * a time): a caller's checkpoint.  skip, when set, names members already
 * known (mapped = false in the report, like another shard's).  take, when
 * set, deals the members out dynamically among processes instead of
 * opts->shard (nshards must then be 0 or 1): the census's threads take
 * units (members, or parts of a large one (sb_census_member.nparts)) in
 * its plan's order (largest first by an estimate, the same in every
 * process), and take returns the next place in that order for this
 * process to map, from a counter every process of the census shares
 * (slide-explore-mpi: an MPI window); a place >= the units ends this
 * process's part.  Units it did not take come back unmapped, so the
 * processes' reports merge (sb_census_report_merge) whatever the timing.
 * done is told of a member once it is whole in this process.
 * begin, when set, is told once, before any member is mapped, how many
 * members the call may map (neither skipped nor another shard's; under
 * take, an upper bound): a progress line's total.
 * All four are called one thread at a time. */
typedef struct sb_census_hooks {
    bool (*skip)(void *ctx, size_t member);
    void (*done)(void *ctx, size_t member, const sb_census_member *m);
    void *ctx;
    size_t (*take)(void *ctx);
    void (*begin)(void *ctx, size_t members);
} sb_census_hooks;

/* Every member of spec's alphabet (each kind min..max pieces, the pieces
 * fitting with at least min_empty cells left), each split into its
 * components as sb_components does, with diameters under opts->metric
 * when asked, and with a goal each component's hardest start.  Threads
 * map members at once; opts->shard and nshards pick the members (the
 * others come back unmapped).
 * SB_EINPUT for a bad spec, SB_ELIMIT at a limit; on SB_OK the caller
 * owns *out (sb_census_report_free). */
SB_API sb_status sb_census(const sb_census_spec *spec, const sb_options *opts,
                           const sb_census_hooks *hooks, sb_census_report *out,
                           sb_error *err);
SB_API void sb_census_report_free(sb_census_report *r);
SB_API void sb_census_member_free(sb_census_member *m);

/* Puts the reports of a sharded census back together: parts[0..nparts)
 * are sb_census's reports of one spec, one per shard (any order), each
 * listing every member, its shard's mapped.  *out gets every member
 * copied from the one part that mapped it, or joined from the parts of
 * it that several hold (sb_census_member.parts), the totals summed, the
 * peak the largest member's and the time the longest part's: for shards
 * 0..n-1 of n, the report sb_census gives unsharded but for the time
 * (and the peak, when members were cut into parts).
 * The parts stay the caller's.  SB_EINPUT (nothing in *out) for NULL
 * arguments, parts whose members differ, or a member (or a part of one)
 * mapped by no part or by two; SB_ELIMIT out of memory.  On SB_OK the
 * caller owns *out (sb_census_report_free). */
SB_API sb_status sb_census_report_merge(const sb_census_report *parts, size_t nparts,
                                        sb_census_report *out, sb_error *err);

/* ---- The distance oracle: every reachable configuration's distance to the goal */

/* No goal configuration is reachable from this one. */
#define SB_DISTANCE_NONE UINT32_MAX

/* Everything reachable from INIT, each configuration with its distance to
 * the nearest configuration that satisfies the goal, and the moves that
 * link them.  A configuration is written as its anchors in one canonical
 * order of slots: the classes in sb_block_class_cmp() order (pieces[]
 * names them), class k taking class_count[k] consecutive slots, and within
 * a class the anchors' cells (row * cols + col) ascending.  Configurations
 * are numbered in the lexicographic order of those anchor lists, so the
 * numbering is the same whatever representation ran. */
typedef struct sb_distances {
    sb_metric metric;       /* the metric distances are counted in */
    sb_path path;           /* the representation that ran (never AUTO) */
    int rows, cols;         /* the tray */
    uint64_t count;         /* reachable configurations, INIT included */
    uint64_t init;          /* INIT's number */
    size_t nclasses;
    sb_block *pieces;       /* nclasses: a piece of each class, anchored at 0 0 */
    uint32_t *class_count;  /* nclasses: its pieces, hence its slots */
    size_t nblocks;         /* slots per configuration: the puzzle's blocks */
    uint16_t *anchors;      /* count * nblocks: each configuration's anchor cells */
    uint32_t *distance;     /* count: moves to the nearest goal configuration under
                               metric, or SB_DISTANCE_NONE */
    uint64_t goal_count;    /* reachable configurations satisfying the goal */
    uint32_t farthest;      /* the greatest distance that is not NONE (0 without goals) */
    size_t *edge_start;     /* count + 1: the moves from configuration i are ... */
    uint32_t *edge_to;      /* ... edge_to[edge_start[i] .. edge_start[i + 1]), the
                               configurations one move away (each move listed from both
                               ends: edge_start[count] counts every move twice) */
    size_t peak_bytes;      /* most bytes held at once */
    double seconds;         /* time spent */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 1.x versions */
} sb_distances;

/* The distance oracle: walks everything reachable from p's blocks under
 * opts->metric (opts->path and opts->limits; algo and optimal are
 * ignored), links the configurations by their moves and runs one
 * breadth-first search backwards from every reachable configuration that
 * satisfies p's goal at once (every move can be undone, so the moves to
 * the goal are the moves from it).  p's goal may be empty: every distance
 * is then SB_DISTANCE_NONE.  More than 2^32 - 2 configurations is
 * SB_ELIMIT.  On SB_OK the caller owns *out (sb_distances_free);
 * otherwise *out is zeroed and err says why: SB_EINPUT as for
 * sb_explore, SB_ELIMIT at a limit (err names it) or out of memory. */
SB_API sb_status sb_distances_compute(const sb_puzzle *p, const sb_options *opts,
                                      sb_distances *out, sb_error *err);
SB_API void sb_distances_free(sb_distances *d);

/* The move that takes configuration `from` of d to configuration `to` (one
 * of from's edges): the moving piece's anchor before and after.  Under
 * the piece metric the piece may have turned corners on the way, so the
 * two anchors need not share a row or column.  SB_OK, or SB_EINPUT (a
 * NULL argument, a number out of range, or two configurations that do
 * not differ by one piece's place). */
SB_API sb_status sb_distances_move(const sb_distances *d, uint64_t from, uint64_t to,
                                   sb_move *move);

/* ---- Search handles: a search another thread can cancel ---------------- */

/* A handle holds one puzzle and one set of options for the searches above
 * and a flag that stops them.  The one-call functions (sb_solve,
 * sb_explore, sb_components, sb_family) stay the simple way in; a handle
 * is for a caller that must be able to stop a search it started: a GUI's
 * Stop button, a server's deadline, Ctrl-C.
 *
 *     sb_search *s;
 *     if (sb_search_new(&puzzle, &opts, &s, &err) == SB_OK) {
 *         st = sb_search_solve(s, &sol, &err);   (another thread: sb_search_cancel(s))
 *         sb_search_stats(s, &stats);
 *         sb_search_free(s);
 *     }
 *
 * A cancelled search stops where it would check the time limit (a few
 * thousand configurations at most) and returns SB_ELIMIT with err->limit
 * SB_LIMIT_CANCELLED: like any limit, it proves nothing about the puzzle.
 * Cancelling is final: every later run on the handle stops at once, so a
 * cancel that lands between two runs is not lost.  Make a new handle to
 * search again.
 *
 * Threads: one run at a time per handle; sb_search_cancel() may be called
 * from any thread, or a signal handler, while it runs (it only sets an
 * atomic flag).  Separate handles share nothing and may run at once. */

/* A handle for searches of p under opts (NULL: the defaults).  p is
 * checked (sb_puzzle_check) and borrowed, not copied: it must stay
 * unchanged until sb_search_free.  opts is copied (its cancel field is
 * ignored).  On SB_OK *out is the caller's (sb_search_free).  SB_EINPUT for
 * a NULL out or p, a puzzle that fails the check, or options out of range;
 * SB_ELIMIT out of memory.  *out is NULL on failure. */
SB_API sb_status sb_search_new(const sb_puzzle *p, const sb_options *opts, sb_search **out,
                               sb_error *err);

/* sb_solve, sb_explore, sb_components and sb_family of the handle's puzzle
 * and options, each returning and filling what that call does.  SB_EINPUT
 * for a NULL s; SB_ELIMIT (SB_LIMIT_CANCELLED) at once when s was
 * cancelled before the call. */
SB_API sb_status sb_search_solve(sb_search *s, sb_solution *sol, sb_error *err);
SB_API sb_status sb_search_explore(sb_search *s, sb_explore_report *out, sb_error *err);
SB_API sb_status sb_search_components(sb_search *s, bool diameters, sb_components_report *out,
                                      sb_error *err);
SB_API sb_status sb_search_family(sb_search *s, sb_family_report *out, sb_error *err);

/* Asks s's search, running or to come, to stop.  Async-signal-safe and
 * thread-safe; harmless on NULL and when repeated. */
SB_API void sb_search_cancel(sb_search *s);

/* Whether s was cancelled; false for NULL. */
SB_API bool sb_search_cancelled(const sb_search *s);

/* What the handle's last sb_search_solve did (sb_stats; all zero before
 * the first).  SB_OK, or SB_EINPUT for a NULL s or out. */
SB_API sb_status sb_search_stats(const sb_search *s, sb_stats *out);

/* Releases s; harmless on NULL.  No other thread (or signal handler) may
 * still hold s to cancel it. */
SB_API void sb_search_free(sb_search *s);

/* ---- Reading and writing puzzles and moves (formats/) ------------------- */

/* Three formats exist (docs/formats.md has every rule and message):
 *   corners:  block lines "r1 c1 r2 c2", upper-left and lower-right cell
 *   sizes:    block lines "h w r c", height, width, upper-left row and column
 *   picture:  the tray drawn, one character per cell: pieces of any shape,
 *             walls, marked and one-axis pieces
 * In the line formats an INIT text starts with a tray line "H W" and a GOAL
 * text has block lines only.  Blank lines are ignored; CRLF line ends and
 * tabs are accepted.  A GOAL is always read in its INIT's format.
 *
 * The readers validate the whole puzzle with sb_puzzle_check(), so a
 * puzzle they return is safe for every call here.  Their errors name the
 * file and line twice: in err->file and err->line, and in err->msg, which
 * reads "FILE:LINE: what is wrong" (or "FILE: what is wrong" when no line
 * applies). */
typedef enum sb_format {
    SB_FORMAT_AUTO,     /* decide from the INIT text */
    SB_FORMAT_CORNERS,
    SB_FORMAT_SIZES,
    SB_FORMAT_PICTURE   /* the tray drawn, one character per cell */
} sb_format;

/* Parses "auto", "corners", "sizes" or "picture" into *out.  Returns SB_OK,
 * or SB_EINPUT for any other name or a NULL argument. */
SB_API sb_status sb_fmt_parse_name(const char *name, sb_format *out);
/* The name of a format; "?" for a value that is none. */
SB_API const char *sb_fmt_name(sb_format f);

/* Reads a puzzle from INIT and GOAL text held in memory (init_len and
 * goal_len bytes; they need no terminating NUL); the names are used in
 * messages and err->file only (NULL: "INIT", "GOAL").  goal_text may be
 * NULL: no goal, an empty goal list.  With SB_FORMAT_AUTO the format is
 * decided from the INIT text: a picture when its first line that is
 * neither blank nor a ';' comment is not two integers (each an optional
 * sign and digits); otherwise corners or sizes, and if both readings are
 * valid and differ, that is an error asking for a format.  *used (may be
 * NULL) receives the format actually used.  On SB_OK the caller owns *out
 * (sb_puzzle_free).  On failure *out is zeroed and err says why: SB_EINPUT
 * (also for a NULL init_text or out, or an unknown fmt), SB_ELIMIT out of
 * memory. */
SB_API sb_status sb_fmt_parse(const char *init_text, size_t init_len, const char *init_name,
                              const char *goal_text, size_t goal_len, const char *goal_name,
                              sb_format fmt, sb_format *used, sb_puzzle *out, sb_error *err);

/* The same, reading the files; goal_path may be NULL.  Missing, unreadable
 * or directory paths are SB_EINPUT with a message naming the path. */
SB_API sb_status sb_fmt_read(const char *init_path, const char *goal_path, sb_format fmt,
                             sb_format *used, sb_puzzle *out, sb_error *err);

/* Writes a layout of p's pieces (blocks: n of them, p's blocks moved
 * about) as a picture that reads
 * back, as an INIT file, as the same puzzle: the same tray and walls,
 * pieces of the same cells, axes and classes (the option lines say which
 * are one-axis and marked).  One line per tray row, each after indent
 * (NULL: none): '.' empty, '#' a wall, one character per piece (its label
 * when that is a piece character no earlier piece has, else the first
 * free of A-Z, a-z, 0-9, punctuation).  Returns SB_OK; SB_EINPUT, with
 * err saying why and nothing written, when the pieces cannot be drawn
 * (more than the 91 piece characters), an argument is NULL, p fails
 * sb_puzzle_check(), or the layout does (p with blocks in place of its
 * own, goal aside: a block off the tray, on a wall, over another;
 * err->list is SB_LIST_INIT and err->item the block); SB_EINPUT too, the
 * message saying "write error" and why, when out reports one (ferror)
 * afterwards; SB_ELIMIT out of memory. */
SB_API sb_status sb_fmt_picture_write(FILE *out, const sb_puzzle *p, const sb_block *blocks,
                                      size_t n, const char *indent, sb_error *err);

/* Reads a census SPEC file (docs/explore.md, "The census": tray, wall,
 * kind, empty, goal and diameters lines) into *out.  SB_OK (the caller
 * owns *out: sb_census_spec_free); SB_EINPUT with "FILE:LINE: ..." in
 * err for a bad line or a missing tray or kind; SB_ELIMIT out of memory.
 * *out is zeroed on failure. */
SB_API sb_status sb_fmt_read_census(const char *path, sb_census_spec *out, sb_error *err);
SB_API void sb_census_spec_free(sb_census_spec *s);

/* Writes moves one per line as "r1 c1 r2 c2".  Returns 0, or -1 on a write
 * error (errno set) or a NULL out (or NULL moves with n > 0). */
SB_API int sb_fmt_write_moves(FILE *out, const sb_move *moves, size_t n);

/* Reads move lines one at a time, for the checker.  Blank lines are skipped;
 * a line that is not four non-negative integers is an error.  Set it up
 * with its first two fields ({ in, name }) and the rest zero. */
typedef struct sb_move_reader {
    FILE *in;           /* not owned */
    const char *name;   /* for messages and err->file */
    long line;          /* number of the line last read */
    char text[96];      /* the line last read, trimmed and cut to fit */
} sb_move_reader;

/* Returns 1 with *mv filled, 0 at end of input, or -1 with err filled
 * (SB_EINPUT, err->line the line, msg "line N: TEXT: not four
 * non-negative integers"; a read error, or a NULL r, r->in or mv, is -1
 * too).  Lines of any length are consumed safely. */
SB_API int sb_fmt_next_move(sb_move_reader *r, sb_move *mv, sb_error *err);

/* ---- Showing a puzzle and its moves: text and JSON (formats/) ------------ */

/* What `slide --show` and `slide --json` print, for any program: terminal
 * pictures of each step, and one JSON document with the outcome of a
 * search and the puzzle.  They write to a stream the caller opened (on
 * POSIX, open_memstream() gives one in memory) and report as the rest of
 * the library does: SB_OK, or a status with err filled.  Nothing is
 * trusted: the puzzle is checked (sb_puzzle_check) and the moves shown
 * are replayed by the judge first, so bad input is an error, never a
 * crash. */

/* The largest tray sb_show_write draws: wider trays make lines of more
 * than 257 characters, which no terminal shows usefully, and taller ones
 * scroll a single picture off the screen. */
enum { SB_SHOW_MAX_COLS = 64, SB_SHOW_MAX_ROWS = 64 };

/* How the terminal pictures look. */
typedef struct sb_show_style {
    bool unicode;   /* box-drawing characters and arrows (a UTF-8 terminal); else ASCII */
    bool color;     /* ANSI reverse video and bold (a terminal that takes them) */
} sb_show_style;

/* True when sb_show_write can draw p (see SB_SHOW_MAX_*); false for NULL. */
SB_API bool sb_show_fits(const sb_puzzle *p);

/* Writes the tray before each of the n moves, with a caption naming the
 * move and the moving piece filled with arrows, then the tray after the
 * last move: n + 1 pictures ("solved already: no moves" and one picture
 * for n = 0).  Pieces of any shape are outlined and labelled with their
 * picture characters when each has its own, else A, B, ...; walls are
 * filled with '#', empty cells show a dot.  style NULL: ASCII, no colour.
 * Returns SB_OK; SB_EINPUT for a NULL out or p (or NULL moves with n >
 * 0), a puzzle that fails sb_puzzle_check, a tray sb_show_fits refuses,
 * (err->list and err->item say where), or a write error (ferror on out;
 * the message says "write error"); SB_EMOVE, with nothing written, when
 * the judge refuses a move (err as for sb_check_moves; the moves need not
 * reach the goal); SB_ELIMIT out of memory. */
SB_API sb_status sb_show_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                               const sb_show_style *style, sb_error *err);

/* What the JSON document reports (docs/usage.md lists its keys). */
typedef struct sb_json_report {
    sb_status status;           /* how the search ended: "solved", "unsolvable", "limit", or
                                   any other status "error" */
    const sb_move *moves;       /* used only when status is SB_OK */
    size_t nmoves;
    sb_metric metric;           /* the metric searched */
    bool optimal;               /* the solution is proven shortest */
    const sb_stats *stats;      /* NULL when no search ran */
    const char *message;        /* NULL, or why there is no solution */
    const sb_puzzle *puzzle;    /* the puzzle read, or NULL (it could not be) */
} sb_json_report;

/* Writes r as one JSON document: the outcome, the moves and their length
 * under every metric, the search's statistics, and with the puzzle its
 * tray, walls, pieces (each as its anchor, its cells and a class number
 * shared by interchangeable pieces) and goal.  Keys that do not apply
 * are null, and so is a number that is not finite.  Numbers are written
 * the same in every locale (a '.' before the fraction, whatever
 * LC_NUMERIC says).  With status SB_OK the judge replays the moves on the
 * puzzle first: they must be legal and end at the goal, or nothing is
 * written.  Returns SB_OK; SB_EINPUT for a NULL out or r (or NULL moves
 * with nmoves > 0 and status SB_OK), status SB_OK without a puzzle, a
 * puzzle that fails sb_puzzle_check (err->list and err->item say where)
 * or a write error (the message says "write error"; the library has no
 * status of its own for I/O); SB_EMOVE when the judge refuses the moves
 * (err->item the move, as sb_check_moves); SB_ELIMIT out of memory. */
SB_API sb_status sb_json_write(FILE *out, const sb_json_report *r, sb_error *err);

/* Writes s as a JSON string literal, quotes included.  '<', '>' and '&'
 * are escaped too, so the literal is safe inside an HTML <script>; bytes
 * that are not valid UTF-8 become U+FFFD.  SB_OK, or SB_EINPUT for a NULL
 * argument or a write error. */
SB_API sb_status sb_json_string(FILE *out, const char *s);

/* The most digits sb_json_number writes after the point. */
enum { SB_JSON_MAX_PLACES = 9 };

/* Writes x as a JSON number rounded to places digits after the point
 * (0..SB_JSON_MAX_PLACES; none and no point for 0), with '.' whatever the
 * locale, or null when x is NaN or infinite.  SB_OK, or SB_EINPUT for a
 * NULL out, places out of range or a write error.  One formatter for the
 * library's JSON and the programs' own numbers. */
SB_API sb_status sb_json_number(FILE *out, double x, int places);

/* What every view of a puzzle needs to know about its pieces beyond the
 * model: the views above, slide's web page, slide-explore's layouts.  The
 * answers mean something for a p that passed sb_puzzle_check(); for any
 * other they are still safe: NULL (or a count without its array) answers
 * NULL, false or 0, and a block naming a shape p lacks covers no cell. */

/* The classes of p's blocks and then of its goal entries, numbered 0, 1,
 * ... in order of first appearance: entries i and j get one number
 * exactly when sb_block_same_class() says they are interchangeable.
 * Returns an array of nblocks + ngoals entries the caller frees (free()),
 * or NULL when memory runs out.  *nclasses (may be NULL) receives the
 * count. */
SB_API size_t *sb_view_classes(const sb_puzzle *p, size_t *nclasses);

/* Whether block b covers every cell of its box. */
SB_API bool sb_view_is_rectangle(const sb_puzzle *p, const sb_block *b);

/* Whether every block has a picture character (sb_block.label) that is
 * printable and no other block has: then labels name pieces. */
SB_API bool sb_view_own_labels(const sb_puzzle *p);

/* The column of the left edge of b's box (INT_MIN when that is below
 * INT_MIN, for a block no check has passed). */
SB_API int sb_view_box_left(const sb_puzzle *p, const sb_block *b);

/* ---- Checking moves: the independent judge (judge/) ---------------------- */

/* The judge replays straight slides on a plain grid of cells.  It shares no
 * code with the solver's move generation on purpose: a bug there cannot
 * vouch for its own answers here (slide-check is this judge).  A move
 * names a piece by its anchor and must slide it in a straight line (along
 * its axis, for a one-axis piece), inside the tray, over empty cells and
 * no walls, at every one-cell step. */
typedef struct sb_judge sb_judge;   /* opaque; one per thread at a time */

/* Sets up a judge on p's blocks.  p is checked (sb_puzzle_check) and
 * copied: the caller may free or change it afterwards.  On SB_OK *out is
 * the caller's (sb_judge_free).  SB_EINPUT for a NULL out or p or a puzzle
 * that fails the check, SB_ELIMIT out of memory; *out is NULL then. */
SB_API sb_status sb_judge_new(const sb_puzzle *p, sb_judge **out, sb_error *err);

/* Releases j; harmless on NULL. */
SB_API void sb_judge_free(sb_judge *j);

/* Applies one move.  SB_OK: it was legal, and j now holds the new
 * configuration.  SB_EMOVE: it was not; j is unchanged and err says why
 * ("block would overlap another block"; list SB_LIST_MOVES, item the
 * number of moves applied before it).  SB_EINPUT for a NULL j or m. */
SB_API sb_status sb_judge_move(sb_judge *j, const sb_move *m, sb_error *err);

/* Whether j's configuration meets the puzzle's goal: SB_OK, or SB_EMOVE
 * ("moves end before the goal is reached"); SB_EINPUT for a NULL j. */
SB_API sb_status sb_judge_goal(const sb_judge *j, sb_error *err);

/* Replays n moves on p and tests the goal: a judge from _new to _free.
 * SB_OK when every move is legal and the last configuration meets the
 * goal; SB_EMOVE otherwise, err->item the index of the refused move (n
 * when the moves end short) and err->msg naming it, from 1 ("move 7: 3 1
 * 2 1: block would overlap another block"); SB_EINPUT or SB_ELIMIT as for
 * sb_judge_new, SB_EINPUT too for NULL moves with n > 0. */
SB_API sb_status sb_check_moves(const sb_puzzle *p, const sb_move *moves, size_t n,
                                sb_error *err);

/* The version of the library running this call, "MAJOR.MINOR.PATCH":
 * SLIDE_VERSION of the header it was built from.  A program compiled
 * against one header and run with another library can compare the two. */
SB_API const char *sb_version(void);

#ifdef __cplusplus
}
#endif

#endif
