/*
 * page_files.h - the files of cli/page/, the web pages' style, markup and
 * scripts, as the program holds them: each an array of its bytes with a
 * NUL after them, written at build time by cli/embed.cmake from the file
 * of the same name (sb_page_play_js is page/play.js).  Edit the files;
 * these arrays follow.  render_html.h says how a page is put together.
 */
#ifndef SB_PAGE_FILES_H
#define SB_PAGE_FILES_H

#include <stddef.h>

extern const unsigned char sb_page_shared_css[];   /* both pages' look */
extern const unsigned char sb_page_draw_js[];      /* both pages' drawing */
extern const unsigned char sb_page_replay_css[];   /* --html: the replay */
extern const unsigned char sb_page_replay_html[];
extern const unsigned char sb_page_replay_js[];
extern const unsigned char sb_page_play_css[];     /* --play: the game */
extern const unsigned char sb_page_play_html[];
extern const unsigned char sb_page_rules_js[];
extern const unsigned char sb_page_engine_js[];
extern const unsigned char sb_page_play_js[];
/* The play page's engine, WebAssembly (cli/wasm_engine.c): size bytes, 0
 * when this build has none (cli/CMakeLists.txt, SLIDE_WASM). */
extern const unsigned char sb_page_engine_wasm[];
extern const size_t sb_page_engine_wasm_size;

#endif
