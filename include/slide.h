/*
 * slide.h - the public contract of the slide engine.
 *
 * The engine knows trays, blocks, configurations, moves and search; it does
 * no I/O.  Every function reports failure through its return value (an
 * sb_status) and, where it takes one, a caller-owned sb_error record.  The
 * engine never prints, never exits and never aborts on bad input: anything
 * that sb_puzzle_check() accepts is safe to hand to the solver.
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

#define SB_VERSION "1.0.0"

/* The engine's own tray limit: a cell index must fit in 16 bits, so a tray
 * may hold at most 65,536 cells (256 x 256, the CS61B bound, or any other
 * shape of that area). */
#define SB_MAX_CELLS 65536

/* Status codes.  (`slide` exits with the same numbers; the CLI maps them.) */
typedef enum sb_status {
    SB_OK = 0,          /* done: solved, read, checked */
    SB_UNSOLVABLE = 1,  /* the whole reachable space was searched: no solution */
    SB_EINPUT = 2,      /* the puzzle (or a request) is invalid */
    SB_ELIMIT = 3       /* a resource limit stopped the work (states, memory, time) */
} sb_status;

/* Which list of a puzzle an error points into. */
typedef enum sb_list { SB_LIST_NONE, SB_LIST_INIT, SB_LIST_GOAL } sb_list;

/* Which resource limit stopped a search (with SB_ELIMIT). */
typedef enum sb_limit {
    SB_LIMIT_NONE,      /* not a limit */
    SB_LIMIT_STATES,    /* sb_limits.max_states configurations were stored */
    SB_LIMIT_BYTES,     /* the next allocation would pass sb_limits.max_bytes */
    SB_LIMIT_SECONDS,   /* sb_limits.max_seconds passed */
    SB_LIMIT_MEMORY     /* malloc failed: the machine ran out */
} sb_limit;

/* A caller-owned error record, filled when a call fails. */
typedef struct sb_error {
    sb_status status;   /* the status the failing call returned */
    sb_list list;       /* which block list the problem is in, if any */
    size_t item;        /* index into that list (0-based) */
    sb_limit limit;     /* with SB_ELIMIT: which limit stopped the work */
    double limit_value; /* ... its value (states, bytes or seconds; 0 for memory) */
    uint64_t stored;    /* ... configurations stored when it stopped */
    char msg[480];      /* what is wrong, in words, without any "slide:" prefix */
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

typedef enum sb_algo { SB_ALGO_AUTO, SB_ALGO_BFS, SB_ALGO_ASTAR } sb_algo;

/* Which representation of configurations the search uses. */
typedef enum sb_path {
    SB_PATH_AUTO,      /* the bitboard when it takes the puzzle (see sb_solve), else
                          general */
    SB_PATH_BITBOARD,  /* spaced bitboard: (2H-1)(2W-1) <= 128 */
    SB_PATH_GENERAL    /* any tray up to SB_MAX_CELLS */
} sb_path;

/* Resource limits; 0 means "no limit" for each. */
typedef struct sb_limits {
    uint64_t max_states;   /* configurations stored */
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
    /* Called about four times a second when non-NULL. */
    void (*progress)(const sb_progress *p, void *ctx);
    void *progress_ctx;
} sb_options;

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
} sb_stats;

/* A solution: straight slides, owned by the record. */
typedef struct sb_solution {
    size_t nmoves;
    sb_move *moves;
    bool optimal;          /* proven shortest under the metric searched */
} sb_solution;

/* Fills *opts with the defaults listed above. */
void sb_options_default(sb_options *opts);

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
sb_status sb_puzzle_check(const sb_puzzle *p, sb_error *err);

/* Releases the puzzle's arrays and zeroes it; harmless on a zeroed puzzle. */
void sb_puzzle_free(sb_puzzle *p);

/* Whether block b of p covers the cell (row, col) of the tray.  b's shape
 * must be valid (sb_puzzle_check). */
bool sb_block_covers(const sb_puzzle *p, const sb_block *b, int row, int col);

/* The column, within b's bounding box, of its anchor (0 for a rectangle):
 * the box's left edge is at b->col minus it. */
int sb_block_anchor_offset(const sb_puzzle *p, const sb_block *b);

/* The one order of classes, which every part of the engine and its
 * programs uses: by bounding box (height, then width), then cells (row by
 * row over the box, a cell of the block before an empty one), then axis,
 * then group.  Where the blocks are does not matter.  Returns <0, 0 or >0;
 * 0 exactly when a and b are of one class.  Their shapes must be valid
 * (sb_puzzle_check). */
int sb_block_class_cmp(const sb_puzzle *p, const sb_block *a, const sb_block *b);

/* Whether blocks a and b of p are of one class (interchangeable): the same
 * cells, axis and group; sb_block_class_cmp() == 0. */
bool sb_block_same_class(const sb_puzzle *p, const sb_block *a, const sb_block *b);

/* Whether block b of p is a block of the CS61B model: a rectangle (shape 0,
 * or a shape that fills its box) of group 0 that slides both ways.  A
 * shape number p does not have makes it not plain. */
bool sb_block_is_plain(const sb_puzzle *p, const sb_block *b);

/* Whether p is the CS61B model: every block plain and no wall cell.  Such
 * puzzles are what the bitboard (and slide-explore's layouts) take. */
bool sb_puzzle_is_plain(const sb_puzzle *p);

/* True when the blocks of p satisfy its goal. */
bool sb_puzzle_solved(const sb_puzzle *p);

/* Solves p.  On SB_OK, *sol holds the moves (caller frees with
 * sb_solution_free); on SB_UNSOLVABLE the reachable space was exhausted; on
 * SB_ELIMIT a limit in opts (or memory) stopped the search; SB_EINPUT when p
 * fails sb_puzzle_check or opts asks for something impossible (the
 * bitboard for a puzzle it does not take: a tray that does not fit, or
 * pieces it cannot represent).  stats may be NULL; it is filled
 * whatever the outcome. */
sb_status sb_solve(const sb_puzzle *p, const sb_options *opts,
                   sb_solution *sol, sb_stats *stats, sb_error *err);

/* Releases the moves; harmless on a zeroed solution. */
void sb_solution_free(sb_solution *sol);

/* The length of a list of straight slides under a metric: unit counts cells
 * travelled; line counts slides, a slide that goes on in the same direction
 * from where the previous one stopped continuing it; piece counts runs of
 * slides where each starts where the previous one stopped (one block). */
uint64_t sb_moves_length(const sb_move *moves, size_t n, sb_metric metric);

/* Names for messages and statistics: "unit", "bfs", "bitboard", ... */
const char *sb_metric_name(sb_metric m);
const char *sb_algo_name(sb_algo a);
const char *sb_path_name(sb_path p);

/* True when the tray's spaced image fits the bitboard: 128 bits (up to
 * 6x6; one 64-bit word up to 5x4). */
bool sb_bitboard_fits(int rows, int cols);

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
} sb_explore_report;

/* Walks the whole space reachable from p's blocks under opts->metric
 * (opts->path, opts->limits; algo and optimal are ignored), layer by
 * layer.  p's goal may be empty.  On SB_OK the caller owns *out
 * (sb_explore_report_free).  SB_EINPUT when p fails sb_puzzle_check or the
 * bitboard is asked for a tray that does not fit; SB_ELIMIT at a limit or
 * out of memory (err says which).  *out is zeroed on failure. */
sb_status sb_explore(const sb_puzzle *p, const sb_options *opts,
                     sb_explore_report *out, sb_error *err);
void sb_explore_report_free(sb_explore_report *r);

/* One connected component of the layouts of a piece set. */
typedef struct sb_component {
    uint64_t size;         /* layouts in it */
    unsigned diameter;     /* its diameter under the metric (when computed) */
    uint32_t sweeps;       /* breadth-first searches the diameter took */
} sb_component;

/* Every legal layout of p's tray and multiset of blocks, split into the
 * classes that moves connect. */
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
} sb_components_report;

/* Enumerates the layouts of p's piece set (positions in p matter only to
 * find INIT's component) and their components under opts->metric (which
 * does not change the components, only the diameters); diameters are
 * exact (bounding eccentricities: a few BFS per component).  Needs the 64-bit bitboard:
 * SB_EINPUT with a message saying why when the tray does not fit, or when
 * p fails sb_puzzle_check.  SB_ELIMIT at opts->limits (max_states counts
 * layouts).  On SB_OK the caller owns *out (sb_components_report_free). */
sb_status sb_components(const sb_puzzle *p, const sb_options *opts, bool diameters,
                        sb_components_report *out, sb_error *err);
void sb_components_report_free(sb_components_report *r);

/* One member of a family: how many 1x1, 1x2 and 2x1 blocks it has. */
typedef struct sb_family_member {
    uint32_t units, wides, talls;  /* 1x1, 1x2, 2x1 blocks */
    uint64_t layouts;      /* its legal layouts */
    uint64_t ncomponents;  /* its components */
} sb_family_member;

typedef struct sb_family_report {
    size_t nmembers;
    sb_family_member *members; /* by units, then wides, then talls */
    uint64_t layouts;      /* summed over members */
    uint64_t ncomponents;  /* summed over members */
    size_t peak_bytes;     /* most bytes one member held */
    double seconds;
} sb_family_report;

/* The family of p: its blocks other than 1x1, 1x2 and 2x1 stay, and every
 * mix of 1x1, 1x2 and 2x1 blocks that fits around them leaving at least as
 * many empty cells as p has (none at all included) is a member; each member's layouts and components are counted
 * as by sb_components without diameters.  Errors as for sb_components. */
sb_status sb_family(const sb_puzzle *p, const sb_options *opts,
                    sb_family_report *out, sb_error *err);
void sb_family_report_free(sb_family_report *r);

#endif
