/*
 * render_play.c - `slide --play FILE`: one self-contained page (no
 * network, no other files; it works from file://) on which a person plays
 * the puzzle, with optimal hints from wherever they are.
 *
 * The central idea: the page carries the engine's distance table (the
 * oracle, sb_distances_compute) as nothing but distances, one per
 * reachable configuration, packed in a few bytes each and base64'd.  It
 * carries no configurations: the oracle numbers them in the order of their
 * canonical anchor lists (slide_map.h), which is a fact about the puzzle,
 * so the page walks the same reachable set itself (one-cell steps reach
 * all of it, whatever the metric), sorts the same keys and so knows every
 * configuration's number (cli/page/rules.js, which says which C code it
 * mirrors; tests/page_js.sh proves they agree).  It checks that its walk
 * found exactly the table's count; if not, it says so and offers no hints
 * rather than wrong ones.  Klotski's 25,955 configurations cost 25,955
 * bytes before base64.
 *
 * Past the table, the page carries the engine instead: the library
 * compiled to WebAssembly (cli/wasm_engine.c, built by emcc when the build
 * has it) with INIT's and GOAL's text, which it reads as slide did, so
 * that it plans from any position in the browser (cli/page/engine.js).
 * The module costs about 415,000 bytes of base64 (310,901 bytes of
 * WebAssembly) whatever the puzzle: pages stay within 512 KB (tests/play.sh).
 *
 * This file writes the data; the page's game is cli/page/play.js over
 * rules.js's model, and its drawing is --html's (render_html.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "page_files.h"
#include "render_html.h"
#include "view.h"

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Writes n bytes of base64, three bytes at a time. */
static void base64_bytes(FILE *out, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16 | (i + 1 < n ? (uint32_t)b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        putc(BASE64[v >> 18 & 63], out);
        putc(BASE64[v >> 12 & 63], out);
        putc(i + 1 < n ? BASE64[v >> 6 & 63] : '=', out);
        putc(i + 2 < n ? BASE64[v & 63] : '=', out);
    }
}

/* The distances, each in the fewest whole bytes that hold the farthest
 * and the "none" mark (all ones), little-endian, base64'd. */
static int hints_json(FILE *out, const sb_distances *d)
{
    int width = d->farthest < 0xff ? 1 : d->farthest < 0xffff ? 2 : 4;
    size_t n = (size_t)d->count * (size_t)width;
    unsigned char *packed = malloc(n ? n : 1);
    if (!packed)
        return -1;
    for (size_t i = 0; i < d->count; i++) {
        uint32_t v = d->distance[i];
        if (v == SB_DISTANCE_NONE)
            v = width == 4 ? UINT32_MAX : (1u << (8 * width)) - 1;
        for (int b = 0; b < width; b++)
            packed[i * (size_t)width + (size_t)b] = (unsigned char)(v >> (8 * b));
    }
    fprintf(out, ",\n  hints: {count: %llu, width: %d, data: \"", (unsigned long long)d->count,
            width);
    base64_bytes(out, packed, n);
    fputs("\"}", out);
    free(packed);
    return 0;
}

bool sb_play_has_engine(void)
{
    return sb_page_engine_wasm_size > 0;
}

/* A puzzle file's text, whole, NUL after it: the caller frees it; NULL
 * when it cannot be read again (a pipe). */
static char *file_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    long size = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    char *text = size >= 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)size + 1) : NULL;
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text)
        text[size] = 0;
    if (f)
        fclose(f);
    *len = (size_t)(size > 0 ? size : 0);
    return text;
}

/* engine: the WebAssembly module (base64), INIT's and GOAL's text and the
 * format to read them in (sb_format's number), or null with noengine
 * saying why the page has none. */
static void engine_json(FILE *out, const sb_play_source *src)
{
    size_t init_len = 0, goal_len = 0;
    char *init = NULL, *goal = NULL;
    const char *why = "This build of slide has no engine to answer hints past the table (it "
                      "was built without emscripten's emcc).";
    if (sb_page_engine_wasm_size) {
        init = file_text(src->init_path, &init_len);
        goal = file_text(src->goal_path, &goal_len);
        why = "The puzzle's files could not be read again for the page's engine.";
    }
    if (!init || !goal || strlen(init) != init_len || strlen(goal) != goal_len) {
        fputs(",\n  engine: null,\n  noengine: ", out);
        sbi_json_string(out, why);
    } else {
        fprintf(out, ",\n  engine: {format: %d, init: ", (int)src->format);
        sbi_json_string(out, init);
        fputs(", goal: ", out);
        sbi_json_string(out, goal);
        fputs(",\n    wasm: \"", out);
        base64_bytes(out, sb_page_engine_wasm, sb_page_engine_wasm_size);
        fputs("\"}", out);
    }
    free(init);
    free(goal);
}

/* P, the page's data, adds to the drawing's fields: metric ('unit', 'line'
 * or 'piece'), slots (per block, its class in the oracle's order)
 * and hints ({count, width, data}: count distances of width bytes each,
 * little-endian, all ones for "no goal reachable", base64) or null with
 * nohint saying why, and engine (engine_json) when src asks for it. */
int sb_play_write(FILE *out, const sb_puzzle *p, const sb_distances *d, sb_metric metric,
                  const char *no_hints, const char *title, const sb_play_source *src)
{
    sb_html_head(out, title, sb_page_play_css, sb_page_play_html);
    if (sb_html_puzzle_data(out, p, title) != 0)
        return -1;
    fprintf(out, ",\n  metric: '%s',\n  slots: [", sb_metric_name(metric));
    for (size_t i = 0; i < p->nblocks; i++) {
        size_t k = 0;
        while (d && k + 1 < d->nclasses && !sb_block_same_class(p, &d->pieces[k], &p->blocks[i]))
            k++;
        fprintf(out, "%s%zu", i ? (i % 32 ? "," : ",\n    ") : "", k);
    }
    putc(']', out);
    if (d) {
        if (hints_json(out, d) != 0)
            return -1;
        fputs(",\n  nohint: null", out);
    } else {
        fputs(",\n  hints: null,\n  nohint: ", out);
        sbi_json_string(out, no_hints ? no_hints : "No hints.");
    }
    if (!d && src)
        engine_json(out, src);
    else
        fputs(",\n  engine: null,\n  noengine: null", out);
    fputs("\n};\n</script>\n", out);
    return sb_html_end(out, (const unsigned char *const[]){ sb_page_rules_js, sb_page_engine_js,
                                                            sb_page_play_js, NULL });
}
