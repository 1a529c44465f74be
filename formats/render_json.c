/*
 * render_json.c - sb_json_write (slide.h), what `slide --json` prints: one
 * JSON document that says how the search ended, the moves, their length under every metric, and the
 * search statistics.
 *
 * The document has the same keys whatever happened, so a script can read
 * it without first checking which case it is in: values that do not apply
 * are null (length when there is no solution, stats when no search ran).
 * With the puzzle (whenever it could be read) the document also carries
 * the tray and its walls, the pieces of INIT, each as its anchor (what
 * moves name) and its cells, with a class number shared by the pieces
 * that are interchangeable, and the goal entries in the same form; null
 * when the puzzle could not be read.
 * Strings go through view.h's sbi_json_string, which escapes them byte by
 * byte, since messages quote file names, which may hold any bytes; what
 * is not valid UTF-8 becomes U+FFFD so the document always parses.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "replay.h"
#include "view.h"

static const char *axis_name(sb_axis a)
{
    return a == SB_AXIS_ROW ? "horizontal" : a == SB_AXIS_COL ? "vertical" : "both";
}

/* Block b of p as {"anchor", "cells", "height", "width", "class"} and,
 * for the pieces of INIT, its picture character and axis. */
static void piece_json(FILE *out, const sb_puzzle *p, const sb_block *b, size_t k, bool init)
{
    fprintf(out, "{\"anchor\": [%d, %d], \"cells\": [", b->row, b->col);
    int left = b->col - sb_block_anchor_offset(p, b);
    const char *sep = "";
    for (int r = b->row; r < b->row + b->height; r++)
        for (int c = left; c < left + b->width; c++)
            if (sb_block_covers(p, b, r, c)) {
                fprintf(out, "%s[%d, %d]", sep, r, c);
                sep = ", ";
            }
    fprintf(out, "], \"height\": %d, \"width\": %d, \"class\": %zu", b->height, b->width, k);
    if (init) {
        fputs(", \"label\": ", out);
        if (b->label > ' ' && b->label <= '~') {
            char text[2] = { b->label, 0 };
            sbi_json_string(out, text);
        } else {
            fputs("null", out);
        }
        fprintf(out, ", \"axis\": \"%s\"", axis_name(b->axis));
    }
    putc('}', out);
}

/* "tray", "pieces" and "goal": the puzzle as it was read, whose classes
 * are numbered (NULL with the puzzle). */
static void puzzle_json(FILE *out, const sb_puzzle *p, const size_t *classes)
{
    if (!p) {
        fputs("  \"tray\": null,\n  \"pieces\": null,\n  \"goal\": null,\n", out);
        return;
    }
    fprintf(out, "  \"tray\": {\"rows\": %d, \"cols\": %d, \"walls\": [", p->rows, p->cols);
    const char *sep = "";
    for (int r = 0; p->walls && r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            if (p->walls[(size_t)r * (size_t)p->cols + (size_t)c]) {
                fprintf(out, "%s[%d, %d]", sep, r, c);
                sep = ", ";
            }
    fputs("]},\n  \"pieces\": [", out);
    for (size_t i = 0; i < p->nblocks; i++) {
        fputs(i ? ",\n    " : "\n    ", out);
        piece_json(out, p, &p->blocks[i], classes[i], true);
    }
    fputs(p->nblocks ? "\n  ],\n  \"goal\": [" : "],\n  \"goal\": [", out);
    for (size_t i = 0; i < p->ngoals; i++) {
        fputs(i ? ",\n    " : "\n    ", out);
        piece_json(out, p, &p->goals[i], classes[p->nblocks + i], false);
    }
    fputs(p->ngoals ? "\n  ],\n" : "],\n", out);
}

static const char *status_name(sb_status st)
{
    switch (st) {
    case SB_OK: return "solved";
    case SB_UNSOLVABLE: return "unsolvable";
    case SB_ELIMIT: return "limit";
    default: return "error";
    }
}

/* Writes the document; r is known good and classes numbered. */
static void write_report(FILE *out, const sb_json_report *r, const size_t *classes)
{
    bool solved = r->status == SB_OK;
    size_t n = solved ? r->nmoves : 0;
    fprintf(out, "{\n  \"status\": \"%s\",\n  \"moves\": [", status_name(r->status));
    for (size_t i = 0; i < n; i++) {
        const sb_move *m = &r->moves[i];
        fprintf(out, "%s\n    [%d, %d, %d, %d]", i ? "," : "", m->from_row, m->from_col,
                m->to_row, m->to_col);
    }
    fputs(n ? "\n  ],\n" : "],\n", out);
    if (solved)
        fprintf(out, "  \"length\": {\"unit\": %" PRIu64 ", \"line\": %" PRIu64
                     ", \"piece\": %" PRIu64 "},\n",
                sb_moves_length(r->moves, n, SB_METRIC_UNIT),
                sb_moves_length(r->moves, n, SB_METRIC_LINE),
                sb_moves_length(r->moves, n, SB_METRIC_PIECE));
    else
        fputs("  \"length\": null,\n", out);
    fprintf(out, "  \"metric\": \"%s\",\n  \"optimal\": %s,\n", sb_metric_name(r->metric),
            solved && r->optimal ? "true" : "false");
    if (r->stats) {
        const sb_stats *st = r->stats;
        fprintf(out, "  \"stats\": {\"algorithm\": \"%s\", \"engine\": \"%s\", "
                     "\"stored\": %" PRIu64 ", \"expanded\": %" PRIu64 ", "
                     "\"peak_bytes\": %zu, \"max_ratio\": ",
                sb_algo_name(st->algo), sb_path_name(st->path), st->stored, st->expanded,
                st->peak_bytes);
        /* What is proven of the length: at most this many times a shortest. */
        if (solved && st->max_ratio > 0)
            sbi_json_number(out, st->max_ratio, st->max_ratio == (double)(unsigned)st->max_ratio
                                                    ? 0 : 3);
        else
            fputs("null", out);
        fputs(", \"seconds\": ", out);
        sbi_json_number(out, st->seconds, 6);
        fputs("},\n", out);
    } else {
        fputs("  \"stats\": null,\n", out);
    }
    puzzle_json(out, r->puzzle, classes);
    fputs("  \"message\": ", out);
    if (r->message)
        sbi_json_string(out, r->message);
    else
        fputs("null", out);
    fputs("\n}\n", out);
}

sb_status sb_json_write(FILE *out, const sb_json_report *r, sb_error *err)
{
    if (!out || !r || (r->status == SB_OK && r->nmoves > 0 && !r->moves))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_json_write: %s is NULL",
                            !out ? "the stream" : !r ? "the report" : "the moves array");
    if (!sbi_zeroed(r->reserved, sizeof r->reserved))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_json_write: the report's reserved "
                            "space is not zero (a field this libslide %s does not know)",
                            SLIDE_VERSION);
    if (r->status == SB_OK && !r->puzzle)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_json_write: a solved report needs "
                            "its puzzle, to replay the moves on");
    size_t *classes = NULL;
    if (r->puzzle) {
        /* The pieces' cells are read through the puzzle's shapes, and the
         * document says "solved" only of moves the judge has replayed to
         * the goal. */
        sb_error chk;
        if (sb_puzzle_check(r->puzzle, &chk) != SB_OK)
            return sbi_fmt_refuse(err, "sb_json_write", &chk);
        if (r->status == SB_OK) {
            sb_status st = sbi_judge_replay("sb_json_write", r->puzzle, r->moves, r->nmoves,
                                            true, err);
            if (st != SB_OK)
                return st;
        }
        classes = sbi_view_classes(r->puzzle, NULL);
        if (!classes)
            return sbi_fmt_fail(err, SB_ELIMIT, NULL, 0, "sb_json_write: out of memory");
    }
    errno = 0;   /* so that what the writes leave is theirs (sbi_fmt_written) */
    write_report(out, r, classes);
    sb_status st = sbi_fmt_written(out, errno, err, "sb_json_write", "the JSON document");
    free(classes);
    return st;
}
