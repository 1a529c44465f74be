/*
 * slide.h - libslide, the sliding-block puzzle engine as a C library: the
 * core of its contract (puzzles, solving, checking moves, errors, search
 * handles, options, the version) and the rules every part keeps.  Two
 * more headers hold the rest, each including what it needs (as zstd.h
 * stands apart from zdict.h):
 *
 *     #include <slide.h>           cc ... $(pkg-config --cflags --libs slide)
 *     #include <slide_map.h>       maps of a puzzle's space: sb_explore,
 *                                  sb_components, sb_family, sb_census,
 *                                  sb_distances_compute
 *     #include <slide_formats.h>   texts: reading puzzles, SPECs and moves,
 *                                  writing moves and pictures, the terminal
 *                                  and JSON views, a cache in a directory
 *
 * What this one holds, in order: the version; statuses, hints and the
 * error record; the model (trays, blocks, puzzles, moves); options, a
 * cache's functions and statistics; sb_puzzle_check() and the questions
 * about blocks; solving (sb_solve); the names of the choices; search
 * handles that another thread or a signal handler can cancel
 * (sb_search_*); the independent judge of move lists (sb_judge_*,
 * sb_check_moves).
 *
 * The rules, kept by every function of the three headers:
 *  - A function that can fail returns an sb_status and, where it takes
 *    one, fills a caller-owned sb_error record (NULL: not wanted).  The
 *    others cannot fail: _free, cancel and sb_options_default return
 *    nothing, and a function that answers a question (bool, int, a
 *    count, a name) answers NULL with false, 0 or "?".
 *  - The library never prints, never exits and never aborts on bad input:
 *    NULL records and options out of range are SB_EINPUT, and anything
 *    that sb_puzzle_check() accepts is safe to hand to every call.  A
 *    stream that refuses a writer's bytes is SB_EWRITE, never SB_EINPUT.
 *  - Its messages name no program's options: where a choice of the
 *    caller's would help, err->hint says which (sb_hint), and each front
 *    end words it in its own terms.
 *  - The only calls that touch files are slide_formats.h's: the readers
 *    and writers, on the files and streams they are given, and the
 *    directory cache (sb_fmt_cache_dir_new), in its directory.  The engine
 *    reads and writes what it keeps between runs through the caller's
 *    cache (sb_options.cache), never a file of its own.
 *  - There is no global state: calls on separate records and handles may
 *    run in separate threads at once, and OS errors are worded with
 *    strerror_r, never strerror's shared buffer.
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
 * ABI: what a program built against a 2.x header can count on from any
 * later 2.x library (libslide.so.2).
 *  - Records the caller allocates end in reserved[SB_RESERVED]: sb_puzzle,
 *    sb_options, sb_cache, sb_error, sb_solution, sb_stats, the reports,
 *    sb_distances, sb_census_spec, sb_census_hooks, sb_move_reader,
 *    sb_show_style, sb_json_report.  A minor version adds a field only by
 *    carving it out of that space, zero (NULL) meaning the behaviour
 *    before it, so a record keeps its size and every field its offset.
 *  - Callers leave reserved zero (sb_options_default and "= { 0 }" do).
 *    A record the library reads whose reserved space is not zero was made
 *    by a newer header, and is refused (SB_EINPUT) rather than half
 *    understood; in the records it fills, the library zeroes it.
 *  - Array elements (sb_block, sb_shape, sb_move, sb_component,
 *    sb_family_member, sb_census_kind, sb_census_member,
 *    sb_pieceset_member) and records
 *    inside others (sb_limits) never change within a major version.
 *    sb_progress, which the library allocates and hands over by pointer,
 *    may grow at its end.
 *  - A minor version may add functions, and values to enums: choices for
 *    inputs, and statuses, limits and hints for outputs, which a program
 *    that does not know them treats as a failure (or a hint) of no
 *    particular kind.
 *  - Anything else (a field moved, resized or removed, a reserved space
 *    used up, a function removed or changed, a changed meaning of a
 *    field, function or enum value) is a new major version:
 *    SLIDE_VERSION_MAJOR, and with it the SONAME.  A major version gives
 *    every record above its SB_RESERVED words back.
 * tests/abi.sh holds the library to this: it pins the size and field
 * offsets of every public record, the enums' values, the constants and
 * the symbols libslide.so exports against tests/abi/, fails on any change
 * until the version says what kind it was, and once it does, `BUILD_DIR=
 * build tests/abi.sh --update` writes the files anew.  Symbols the
 * headers do not declare are internal and may change in any release:
 * hidden in libslide.so, and named sbi_ (the internal prefix) in the
 * static libslide.a, which cannot hide them, so no program's sb_ name
 * ever clashes with one (tests/exports.sh checks both).
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

/* The version of the headers (all three are one version).  CMakeLists.txt
 * reads the project's version from these lines, so they are the one place
 * it is written; the shared library's file name and SONAME follow it
 * (libslide.so.MAJOR: a new major number is a change that breaks programs
 * built against the old one; ABI above).  sb_version() says which library
 * a program actually runs with. */
#define SLIDE_VERSION_MAJOR 2
#define SLIDE_VERSION_MINOR 2
#define SLIDE_VERSION_PATCH 0
#define SLIDE_VERSION "2.2.0"
/* One number for #if tests: 10203 is 1.2.3. */
#define SLIDE_VERSION_NUMBER \
    (SLIDE_VERSION_MAJOR * 10000 + SLIDE_VERSION_MINOR * 100 + SLIDE_VERSION_PATCH)
/* The name the programs printed the version with before the library had one. */
#define SB_VERSION SLIDE_VERSION

/* SB_API marks the library's exported functions.  libslide is built with
 * -fvisibility=hidden, so only the functions the public headers declare
 * with it are visible in libslide.so; everything else is internal and may
 * change in any release.  (Without GCC or Clang the mark is empty and
 * everything links as usual.) */
#if defined(__GNUC__)
#define SB_API __attribute__((visibility("default")))
#else
#define SB_API
#endif

/* Words of reserved space at the end of the records that may grow (ABI,
 * at the top). */
#define SB_RESERVED 4

/* The engine's own tray limit: a cell index must fit in 16 bits, so a tray
 * may hold at most 65,536 cells (256 x 256, the CS61B bound, or any other
 * shape of that area). */
#define SB_MAX_CELLS 65536

/* Status codes.  The programs' exit codes follow the first four (0 done,
 * 1 proven unsolvable, 2 bad input, 3 a limit); they map the others. */
typedef enum sb_status {
    SB_OK = 0,          /* done: solved, read, checked */
    SB_UNSOLVABLE = 1,  /* the whole reachable space was searched: no solution */
    SB_EINPUT = 2,      /* the puzzle (or a request) is invalid */
    SB_ELIMIT = 3,      /* a resource limit stopped the work (states, memory, time) */
    SB_EMOVE = 4,       /* the judge refused a move, or the moves end short of the goal */
    SB_EWRITE = 5       /* a stream refused what a writer wrote (a full disk, a closed
                           pipe): nothing to do with the puzzle */
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

/* What the caller could choose otherwise for a failed call to succeed.
 * The library's messages name no program's options: a front end words
 * the hint in its own terms (slide: "--engine general"; the Python
 * module: engine="general"). */
typedef enum sb_hint {
    SB_HINT_NONE,           /* no choice of the caller's is known to help */
    SB_HINT_PATH_GENERAL,   /* the general representation takes the puzzle: sb_options.path
                               SB_PATH_GENERAL (or AUTO, which picks it) */
    SB_HINT_FORMAT_LINE,    /* the text reads validly, and differently, as both line
                               formats: name one (SB_FORMAT_CORNERS or SB_FORMAT_SIZES) */
    SB_HINT_ALGO,           /* the algorithm asked cannot search this puzzle: another
                               (SB_ALGO_AUTO picks one that can) */
    SB_HINT_LIMIT           /* with SB_ELIMIT: a higher limit, the one err->limit names
                               (states, bytes or seconds), may let the work finish */
} sb_hint;

/* A caller-owned error record, filled when a call fails. */
typedef struct sb_error {
    sb_status status;   /* the status the failing call returned */
    sb_list list;       /* which block list the problem is in, if any */
    size_t item;        /* index into that list (0-based) */
    sb_limit limit;     /* with SB_ELIMIT: which limit stopped the work */
    sb_hint hint;       /* what choice would help, if one is known */
    double limit_value; /* ... its value (states, bytes or seconds; 0 for memory
                           or a cancel) */
    uint64_t stored;    /* ... configurations stored when it stopped */
    char file[256];     /* the file (or name given for a text) the problem is in, cut
                           to fit; "" when no file is to blame */
    long line;          /* the line in it, from 1 (for moves: the move line); 0: none */
    char msg[480];      /* what is wrong, in words, without any "slide:" prefix; from
                           the readers it starts "FILE:LINE: ", as the programs print it */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
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
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
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

/* How a breadth-first walk keeps the configurations it has seen (since
 * 2.2).  Every choice gives the same answers; they differ in memory and
 * in the spaces they take. */
typedef enum sb_walk {
    SB_WALK_AUTO,      /* chosen by the space's size and the memory limit */
    SB_WALK_TABLE,     /* every configuration in a hash table: any space */
    SB_WALK_FRONTIER,  /* the last layers only, sorted (frontier search): the path is
                          rebuilt without keeping every configuration */
    SB_WALK_RANKED,    /* two bits for each rank of a dense numbering (numbered tiles,
                          a piece set's layouts), swept layer by layer */
    SB_WALK_DISK       /* layers in sorted runs in opts->spill (delayed duplicate
                          detection), for layers beyond the memory limit */
} sb_walk;

/* A search handle (sb_search_new); opaque. */
typedef struct sb_search sb_search;

/* Resource limits; 0 means "no limit" for each. */
typedef struct sb_limits {
    uint64_t max_states;   /* configurations stored (IDA*, which stores none:
                              configurations expanded) */
    uint64_t max_bytes;    /* bytes the call holds at once, over all its threads
                              (one budget: a census's members share it) */
    double max_seconds;    /* wall-clock time */
} sb_limits;

/* A snapshot of a running search, handed to the progress callback. */
typedef struct sb_progress {
    uint64_t stored;       /* configurations stored so far: IDA*, which holds only
                              its path, stores at most depth + 1 ... */
    uint64_t expanded;     /* configurations expanded so far (... and expands far
                              more, each iteration again: its measure of work) */
    unsigned depth;        /* current search depth (cost); IDA*'s bound */
    size_t bytes;          /* bytes the call holds now, over all its threads */
    double seconds;        /* time since the search began */
    /* Since 2.1.  What the call is doing when it is not searching, or
     * works in parts: NULL while it searches; else a short phrase
     * ("building pattern databases", "mapping members") with done of
     * total of its units (total 0: not known), from which a front end
     * shows a percentage, a rate and the time left. */
    const char *phase;
    uint64_t done, total;
} sb_progress;

/* A store of named entries kept between runs, through which the library
 * reads and writes what is worth keeping (today: pattern databases, whose
 * build can take minutes), so that it touches no file itself.
 * slide_formats.h's sb_fmt_cache_dir_new gives one backed by a directory;
 * a caller may supply its own (memory, a database).  The library makes
 * the names (letters, digits, '-' and '.', at most 63 characters; one
 * name for one puzzle's entry) and checks what it reads:
 * an entry that is missing, short, damaged or another's is built again
 * and replaced, so a cache need not check anything.  A cache's failure is
 * never the call's: what cannot be read is built, what cannot be written
 * is not kept.  The functions are called from the threads of the calls
 * that use the cache, one entry per handle; a cache shared by calls that
 * run at once must take that.  Every function is required. */
typedef struct sb_cache {
    /* Opens entry `name` for reading: a handle, or NULL when there is none. */
    void *(*open_read)(void *ctx, const char *name);
    /* Reads up to len bytes into buf: how many (fewer only at the end of
     * the entry or on an error). */
    size_t (*read)(void *reader, void *buf, size_t len);
    void (*close_read)(void *reader);
    /* Starts entry `name` anew: a handle, or NULL when it cannot be kept. */
    void *(*open_write)(void *ctx, const char *name);
    /* Writes len bytes: true, or false when they could not be written. */
    bool (*write)(void *writer, const void *buf, size_t len);
    /* Ends a write.  keep true: the entry is published whole, replacing
     * the old one, so that a reader finds the old entry or the new one and
     * never a part; false (the library's writes failed): dropped. */
    void (*close_write)(void *writer, bool keep);
    void *ctx;             /* handed to open_read and open_write */
    /* Since 2.2: removes entry `name` (true when it is gone or was never
     * there).  Needed by a spill (sb_options.spill); a cache may leave it
     * NULL. */
    bool (*remove)(void *ctx, const char *name);
    void *reserved[SB_RESERVED - 1];   /* NULL: room for functions of later 2.x versions */
} sb_cache;

/* Since 2.2: how the processes of a split walk (sb_options.combiner)
 * put their words together: combine replaces n words of every process
 * with their elementwise bitwise or (sum false) or sum (sum true) over
 * all processes, as MPI_Allreduce does; every process calls it equally
 * often with equal n. */
typedef struct sb_combiner {
    void (*combine)(void *ctx, uint64_t *words, size_t n, bool sum);
    void *ctx;
    void *reserved[SB_RESERVED];   /* NULL: room for functions of later 2.x versions */
} sb_combiner;

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
    /* Where pattern databases are kept between runs (read, and written
     * when missing, stale or damaged): a cache the caller owns, which
     * must outlive the call; NULL: they are built each time and kept
     * nowhere.  A cache without all its functions is SB_EINPUT. */
    const sb_cache *cache;
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
    /* Since 2.2: how a breadth-first walk (BFS solving, sb_explore) keeps
     * what it has seen; AUTO (zero) chooses. */
    sb_walk walk;
    /* Since 2.2: where a walk whose layers pass the memory limit writes
     * them (SB_WALK_DISK), and where a long walk keeps what it needs to
     * resume (entries the library names; it removes those it no longer
     * needs, so the cache needs remove).  NULL: nowhere, and SB_WALK_DISK
     * is SB_EINPUT. */
    const sb_cache *spill;
    /* Since 2.2: NULL, or how a walk split among processes by shard and
     * nshards (slide-explore-mpi's ranks) combines what each found: the
     * ranked walk sweeps the shard's part of each layer's ranks and
     * combines its marks and counts after each layer (and keeps nothing
     * in spill). */
    const struct sb_combiner *combiner;
    uint64_t reserved[SB_RESERVED - 3];   /* zero: room for fields of later 2.x versions */
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
    bool pdb_loaded;       /* read from opts->cache rather than built */
    /* What is proven of the solution's length (since 2.1): at most this
     * many times a shortest one's under the metric searched.  1: it is
     * shortest; 2: default mode's weighted search on numbered tiles; 0:
     * nothing (a guided search, or no solution). */
    double max_ratio;
    sb_walk walk;          /* since 2.2: the walk a breadth-first search ran (AUTO: none ran) */
    uint64_t reserved[SB_RESERVED - 2];   /* zero: room for fields of later 2.x versions */
} sb_stats;

/* A solution: straight slides, owned by the record. */
typedef struct sb_solution {
    size_t nmoves;
    sb_move *moves;
    bool optimal;          /* proven shortest under the metric searched */
    uint64_t reserved[SB_RESERVED];   /* zero: room for fields of later 2.x versions */
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

/* The names of the choices, for messages, statistics and options: "unit",
 * "line", "piece"; "auto", "bfs", "astar", "idastar", "bidir"; "auto",
 * "bitboard", "general".  "?" for a value that is none. */
SB_API const char *sb_metric_name(sb_metric m);
SB_API const char *sb_algo_name(sb_algo a);
SB_API const char *sb_path_name(sb_path p);
/* Since 2.2: "auto", "table", "frontier", "ranked", "disk". */
SB_API const char *sb_walk_name(sb_walk w);

/* The value a name above names, into *out: SB_OK, or SB_EINPUT for any
 * other name (the names are exact: lower case) or a NULL name or out, err
 * (may be NULL) then saying which names there are: "unknown metric
 * 'miles' (unit, line or piece)".  A program's options and a binding's
 * keywords take names through these, so every front end knows the same
 * ones. */
SB_API sb_status sb_metric_parse(const char *name, sb_metric *out, sb_error *err);
SB_API sb_status sb_algo_parse(const char *name, sb_algo *out, sb_error *err);
SB_API sb_status sb_path_parse(const char *name, sb_path *out, sb_error *err);
SB_API sb_status sb_walk_parse(const char *name, sb_walk *out, sb_error *err);

/* True when the tray's spaced image fits the bitboard: 128 bits (up to
 * 6x6; one 64-bit word up to 5x4). */
SB_API bool sb_bitboard_fits(int rows, int cols);

/* ---- Search handles: a search another thread can cancel ---------------- */

/* A handle holds one puzzle and one set of options for sb_solve (here)
 * and the maps of slide_map.h (sb_search_explore, _components, _family),
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

/* sb_solve of the handle's puzzle and options, returning and filling what
 * it does (slide_map.h runs the maps likewise).  SB_EINPUT for a NULL s;
 * SB_ELIMIT (SB_LIMIT_CANCELLED) at once when s was cancelled before the
 * call. */
SB_API sb_status sb_search_solve(sb_search *s, sb_solution *sol, sb_error *err);

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
