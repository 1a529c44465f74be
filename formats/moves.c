/*
 * moves.c - writing solutions and reading them back, one move per line.
 *
 * A move line is "r1 c1 r2 c2": the upper-left corner of a block before and
 * after a straight slide.  The reader is built for untrusted input (the
 * checker reads whatever it is piped): it holds at most MAX_LINE bytes of a
 * line, consumes the rest of an overlong line without storing it, and says
 * so, so no input can exhaust memory or overrun a buffer.  A million moves
 * cost a million short scans and nothing more (getc_unlocked: the reader
 * is one thread's, and locking per byte would dominate).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "scan.h"

/* No valid move line needs more: four numbers of at most ten digits. */
#define MAX_LINE 512

sb_status sb_fmt_write_moves(FILE *out, const sb_move *moves, size_t n, sb_error *err)
{
    if (!out || (n > 0 && !moves))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_write_moves: %s is NULL",
                            !out ? "the stream" : "the moves array");
    errno = 0;   /* so that what the writes leave is theirs (sbi_fmt_written) */
    for (size_t i = 0; i < n && !ferror(out); i++) {
        const sb_move *m = &moves[i];
        fprintf(out, "%d %d %d %d\n", m->from_row, m->from_col, m->to_row, m->to_col);
    }
    return sbi_fmt_written(out, errno, err, "sb_fmt_write_moves", "the moves");
}

static int is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Keeps a trimmed, printable copy of the line for messages. */
static void keep_text(sb_move_reader *r, const char *buf, size_t len, int cut)
{
    size_t a = 0, b = len;
    while (a < b && is_blank(buf[a]))
        a++;
    while (b > a && !cut && is_blank(buf[b - 1]))
        b--;
    sbi_fmt_quote(buf + a, b - a, r->text, sizeof r->text);
    size_t t = strlen(r->text);
    if (cut && (t < 3 || strcmp(r->text + t - 3, "...") != 0)) {
        /* The line went on past what was kept: show that it did. */
        if (t + 4 > sizeof r->text)
            t = sizeof r->text - 4;
        memcpy(r->text + t, "...", 4);
    }
}

static sb_status fail(sb_move_reader *r, sb_error *err, const char *why)
{
    sb_status st = sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "line %ld: %s: %s", r->line, r->text,
                                why);
    if (err) {
        err->item = (size_t)r->line;
        snprintf(err->file, sizeof err->file, "%s", r->name ? r->name : "");
        err->line = r->line;
    }
    return st;
}

sb_status sb_fmt_next_move(sb_move_reader *r, sb_move *mv, sb_error *err)
{
    char buf[MAX_LINE];

    if (!r || !r->in || !mv)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_next_move: %s is NULL",
                            !r ? "the reader" : !r->in ? "the reader's stream" : "the move to fill");
    if (!sbi_zeroed(r->reserved, sizeof r->reserved))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_next_move: the reader's reserved "
                            "space is not zero (a field this libslide %s does not know)",
                            SLIDE_VERSION);
    r->end = false;
    for (;;) {
        size_t len = 0;
        int cut = 0, ch;

        while ((ch = getc_unlocked(r->in)) != EOF && ch != '\n') {
            if (len < sizeof buf)
                buf[len++] = (char)ch;
            else
                cut = 1;
        }
        if (ch == EOF && ferror(r->in)) {
            int saved = errno;
            sb_status st = sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "%s: read error: %s",
                                        r->name ? r->name : "moves",
                                        sbi_os_error(saved).text);
            if (err)
                snprintf(err->file, sizeof err->file, "%s", r->name ? r->name : "");
            return st;
        }
        if (ch == EOF && len == 0) {
            r->end = true;
            return SB_OK;
        }
        r->line++;
        keep_text(r, buf, len, cut);
        if (cut) {
            char why[64];
            snprintf(why, sizeof why, "line longer than %d bytes", MAX_LINE);
            return fail(r, err, why);
        }

        int v[4];
        char why[200], full[260];
        int got = sbi_fmt_scan_line(buf, len, 4, v, why, sizeof why);
        if (got == 0)
            continue;
        if (got != 4) {
            if (got > 0)
                snprintf(why, sizeof why, "found %d numbers", got);
            snprintf(full, sizeof full, "not four non-negative integers (%s)", why);
            return fail(r, err, full);
        }
        mv->from_row = v[0];
        mv->from_col = v[1];
        mv->to_row = v[2];
        mv->to_col = v[3];
        return SB_OK;
    }
}
