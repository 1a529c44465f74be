/*
 * wasm_engine.h - what the play page's WebAssembly engine exports
 * (wasm_engine.c), the calls cli/page/engine.js makes by name: the
 * contract between the two, numbers included.  Built only by emcc
 * (cli/CMakeLists.txt, SLIDE_WASM); it uses the public API alone.
 *
 * Pointers are offsets into the module's memory; strings are NUL-ended
 * UTF-8.  The page's arguments live in memory from page_alloc, which the
 * page gives back with page_release.
 */
#ifndef SB_WASM_ENGINE_H
#define SB_WASM_ENGINE_H

#include "slide_formats.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define PAGE_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define PAGE_EXPORT
#endif

/* What page_plan answers (engine.js reads them by number). */
enum {
    PLAN_OPTIMAL = 0,   /* a shortest solution from the position */
    PLAN_ANY = 1,       /* a solution, not proven shortest */
    PLAN_NONE = 2,      /* proven: no goal can be reached from the position */
    PLAN_LIMIT = 3,     /* neither search answered within its budget */
    PLAN_BAD = 4        /* the position (or the puzzle) is not one the engine takes */
};

typedef struct page_engine page_engine;

/* Reads the puzzle from INIT's and GOAL's text (format: sb_format's
 * number, as the program read it) for moves counted by metric
 * (sb_metric's number).  Returns a handle, or NULL when memory ran out; a
 * handle whose puzzle could not be read says why in page_message and
 * plans nothing.  The handle lives as long as the page. */
PAGE_EXPORT page_engine *page_open(const char *init, size_t init_len, const char *goal,
                                   size_t goal_len, int format, int metric);

/* Builds what a shortest plan needs (numbered tiles' pattern databases)
 * within seconds and bytes, before any plan is asked for. */
PAGE_EXPORT void page_prepare(page_engine *pe, double seconds, double bytes);

/* A plan from the position whose anchors (row, column; 2 per block, in
 * the puzzle's order) are given: a shortest one when it is found within
 * optimal_seconds under optimal_bytes, else any within any_seconds under
 * any_bytes (0 seconds: do not try).  Returns a PLAN_ value; page_moves
 * and page_nmoves hold the moves of a plan, page_message says why not. */
PAGE_EXPORT int page_plan(page_engine *pe, const int32_t *anchors, double optimal_seconds,
                          double optimal_bytes, double any_seconds, double any_bytes);

/* The last plan: nmoves moves of four numbers, r1 c1 r2 c2 (sb_move's). */
PAGE_EXPORT const int32_t *page_moves(const page_engine *pe);
PAGE_EXPORT size_t page_nmoves(const page_engine *pe);
/* Why the last call failed, or "". */
PAGE_EXPORT const char *page_message(const page_engine *pe);
/* The blocks of the puzzle read: the page checks it has as many. */
PAGE_EXPORT size_t page_nblocks(const page_engine *pe);

/* Memory for the page's arguments (texts, anchors), and its return. */
PAGE_EXPORT void *page_alloc(size_t n);
PAGE_EXPORT void page_release(void *p);

#endif
