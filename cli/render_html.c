/*
 * render_html.c - `slide --html FILE`: one self-contained page that plays
 * a solution (inline CSS and JavaScript, no network, no other files).
 * Its look, its puzzle data and its drawing are also --play's page
 * (render_play.c, through render_html.h): one drawing for both.
 *
 * The C side writes only data: the tray size, the walls, the shapes, the
 * blocks, the goal and the moves, as JSON inside a <script>.  The rest of
 * the page is cli/page/'s files, built into the program (page_files.h):
 * the style, the body's markup, the drawing (draw.js) and the player
 * (replay.js), whose head comments say what they do and what they leave
 * in the DOM for tests.  The page knows classes as numbers the C side
 * computes (sbi_view_classes), so its own goal check treats
 * interchangeable pieces as the engine does.
 */
#include <errno.h>
#include <stdlib.h>

#include "page_files.h"
#include "render_html.h"
#include "view.h"

/* Writes one of cli/page/'s files (page_files.h). */
static void put(FILE *out, const unsigned char *file)
{
    fputs((const char *)file, out);
}

/* Entries [r,c,h,w,k,s]: the anchor, the box, the class and the shape
 * (-1 for a full rectangle, else its index in P.shapes). */
static void blocks_json(FILE *out, const char *name, const sb_puzzle *p, const sb_block *b,
                        size_t n, const size_t *classes)
{
    fprintf(out, ",\n  %s: [", name);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d,%d,%d,%d,%zu,%d]", i ? (i % 16 ? "," : ",\n    ") : "", b[i].row,
                b[i].col, b[i].height, b[i].width, classes[i],
                sbi_view_is_rectangle(p, &b[i]) ? -1 : b[i].shape - 1);
    putc(']', out);
}

/* Each of p's shapes as its cells [dy,dx] around its anchor. */
static void shapes_json(FILE *out, const sb_puzzle *p)
{
    fputs(",\n  shapes: [", out);
    for (size_t k = 0; k < p->nshapes; k++) {
        const sb_shape *sh = &p->shapes[k];
        int left = 0;
        while (left < sh->width - 1 && !sh->cells[left])
            left++;
        fputs(k ? ",\n    [" : "[", out);
        const char *sep = "";
        for (int y = 0; y < sh->height; y++)
            for (int x = 0; x < sh->width; x++)
                if (sh->cells[(size_t)y * (size_t)sh->width + (size_t)x]) {
                    fprintf(out, "%s[%d,%d]", sep, y, x - left);
                    sep = ",";
                }
        putc(']', out);
    }
    putc(']', out);
}

static void walls_json(FILE *out, const sb_puzzle *p)
{
    fputs(",\n  walls: [", out);
    size_t n = 0;
    for (int r = 0; p->walls && r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            if (p->walls[(size_t)r * (size_t)p->cols + (size_t)c])
                fprintf(out, "%s[%d,%d]", n++ ? (n % 16 ? "," : ",\n    ") : "", r, c);
    putc(']', out);
}

/* The picture's characters, one per block, when they name the pieces. */
static void labels_json(FILE *out, const sb_puzzle *p)
{
    fputs(",\n  labels: ", out);
    if (!sbi_view_own_labels(p) || p->nblocks == 0) {
        fputs("null", out);
        return;
    }
    char *text = malloc(p->nblocks + 1);
    if (!text) {
        fputs("null", out);
        return;
    }
    for (size_t i = 0; i < p->nblocks; i++)
        text[i] = p->blocks[i].label;
    text[p->nblocks] = 0;
    sbi_json_string(out, text);
    free(text);
}

/* Writes s as HTML text: '&', '<' and '>' as entities. */
static void html_text(FILE *out, const char *s)
{
    for (; *s; s++)
        if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else
            putc(*s, out);
}

void sb_html_head(FILE *out, const char *page_title, const unsigned char *page_css,
                  const unsigned char *page_body)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    html_text(out, page_title);
    fputs("</title>\n<style>\n", out);
    put(out, sb_page_shared_css);
    put(out, page_css);
    fputs("</style>\n</head>\n<body>\n", out);
    put(out, page_body);
}

int sb_html_puzzle_data(FILE *out, const sb_puzzle *p, const char *title)
{
    size_t *classes = sbi_view_classes(p, NULL);
    if (!classes)
        return -1;
    fputs("<script>\nvar P = {\n  title: ", out);
    sbi_json_string(out, title);
    fprintf(out, ",\n  rows: %d, cols: %d", p->rows, p->cols);
    walls_json(out, p);
    shapes_json(out, p);
    blocks_json(out, "blocks", p, p->blocks, p->nblocks, classes);
    blocks_json(out, "goals", p, p->goals, p->ngoals, classes + p->nblocks);
    labels_json(out, p);
    fputs(",\n  axes: '", out);
    for (size_t i = 0; i < p->nblocks; i++)
        putc(p->blocks[i].axis == SB_AXIS_ROW ? 'h' : p->blocks[i].axis == SB_AXIS_COL ? 'v' : 'b',
             out);
    putc('\'', out);
    free(classes);
    return 0;
}

int sb_html_end(FILE *out, const unsigned char *const *page_scripts)
{
    fputs("<script>\n(function () {\n", out);
    put(out, sb_page_draw_js);
    for (size_t i = 0; page_scripts[i]; i++)
        put(out, page_scripts[i]);
    fputs("})();\n</script>\n</body>\n</html>\n", out);
    if (ferror(out)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

int sb_html_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const char *title)
{
    sb_html_head(out, title, sb_page_replay_css, sb_page_replay_html);
    if (sb_html_puzzle_data(out, p, title) != 0)
        return -1;
    fputs(",\n  moves: [", out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d,%d,%d,%d]", i ? (i % 16 ? "," : ",\n    ") : "",
                moves[i].from_row, moves[i].from_col, moves[i].to_row, moves[i].to_col);
    fputs("]\n};\n</script>\n", out);
    return sb_html_end(out, (const unsigned char *const[]){ sb_page_replay_js, NULL });
}
