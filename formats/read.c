/*
 * read.c - from puzzle files and text to numbered lines of numbers.
 *
 * This is the stage both formats share: a file is split at newlines, each
 * line is scanned (scan.c), blank lines are dropped and the rest must hold
 * exactly two numbers (the tray line, first in INIT) or four (a block
 * line).  Everything here is linear in the input: arrays grow by doubling,
 * so a million block lines cost a million appends.  Files are read whole,
 * up to a cap, so that a path like /dev/zero ends in a message rather than
 * in memory exhaustion.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/array.h"
#include "parse.h"
#include "scan.h"

/* No real puzzle comes near this: 65,536 cells hold at most 65,536 blocks,
 * about a megabyte of text. */
#define MAX_FILE_BYTES ((size_t)256 << 20)

/* Whether f is one of the formats: a caller's enum may hold anything. */
static bool known_format(sb_format f)
{
    return f == SB_FORMAT_AUTO || f == SB_FORMAT_CORNERS || f == SB_FORMAT_SIZES ||
           f == SB_FORMAT_PICTURE;
}

sb_status sb_fmt_fail(sb_error *err, sb_status st, const char *name, long line,
                      const char *fmt, ...)
{
    va_list ap;
    int n;

    if (!err)
        return st;
    memset(err, 0, sizeof *err);
    err->status = st;
    err->list = SB_LIST_NONE;
    err->limit = st == SB_ELIMIT ? SB_LIMIT_MEMORY : SB_LIMIT_NONE;
    /* The same facts as the message's prefix, for programs that would
     * otherwise have to parse it. */
    if (name)
        snprintf(err->file, sizeof err->file, "%s", name);
    err->line = line > 0 ? line : 0;
    /* A very long file name is cut so the message about it still fits. */
    int keep = (int)(sizeof err->msg / 3);
    if (!name)
        n = 0;
    else if (line > 0)
        n = snprintf(err->msg, sizeof err->msg, "%.*s:%ld: ", keep, name, line);
    else
        n = snprintf(err->msg, sizeof err->msg, "%.*s: ", keep, name);
    if (n < 0 || (size_t)n >= sizeof err->msg)
        n = 0;
    va_start(ap, fmt);
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
    va_end(ap);
    return st;
}

sb_status sb_fmt_refuse(sb_error *err, const char *fn, const sb_error *chk)
{
    sb_fmt_fail(err, chk->status, NULL, 0, "%s: %s", fn, chk->msg);
    if (err) {
        /* Which list and item is to blame is what a caller acts on. */
        err->list = chk->list;
        err->item = chk->item;
    }
    return chk->status;
}

sb_status sb_fmt_written(FILE *out, int saved_errno, sb_error *err, const char *fn,
                         const char *what)
{
    if (!ferror(out))
        return SB_OK;
    return sb_fmt_fail(err, SB_EINPUT, NULL, 0, "%s: write error: cannot write %s: %s", fn,
                       what, saved_errno ? strerror(saved_errno) : "the stream reports an error");
}

void sb_fmt_lines_free(sb_fmt_lines *l)
{
    if (!l)
        return;
    free(l->line);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static int grow(sb_fmt_lines *l)
{
    return sb_array_reserve(NULL, &l->line, &l->line_cap, l->n + 1, sizeof *l->line) &&
                   sb_array_reserve(NULL, &l->v, &l->v_cap, l->n + 1, sizeof *l->v)
               ? 0
               : -1;
}

static const char *block_fields(sb_format fmt)
{
    switch (fmt) {
    case SB_FORMAT_CORNERS: return " (r1 c1 r2 c2)";
    case SB_FORMAT_SIZES: return " (h w r c)";
    case SB_FORMAT_AUTO:
    case SB_FORMAT_PICTURE: break;
    }
    return "";
}

sb_status sb_fmt_scan_text(const char *text, size_t len, const char *name,
                           bool is_init, sb_format fmt, sb_fmt_lines *out,
                           sb_error *err)
{
    long lineno = 0;
    size_t pos = 0;

    memset(out, 0, sizeof *out);
    out->name = name;
    while (pos < len) {
        const char *s = text + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        int vals[4];
        char why[200];

        pos += n + (nl != NULL);
        lineno++;
        bool tray = is_init && out->tray_line == 0;
        int want = tray ? 2 : 4;
        int got = sb_fmt_scan_line(s, n, want, vals, why, sizeof why);
        if (got < 0) {
            sb_fmt_lines_free(out);
            return sb_fmt_fail(err, SB_EINPUT, name, lineno, "%s", why);
        }
        if (got == 0)
            continue;
        if (got != want) {
            bool first_block = out->n == 0;
            sb_fmt_lines_free(out);
            if (tray)
                return sb_fmt_fail(err, SB_EINPUT, name, lineno,
                                   "the tray line should be 2 numbers (rows columns), found %d",
                                   got);
            return sb_fmt_fail(err, SB_EINPUT, name, lineno,
                               "a block line should be 4 numbers%s, found %d%s",
                               block_fields(fmt), got,
                               !is_init && first_block && got == 2
                                   ? " (a GOAL file has no tray line)" : "");
        }
        if (tray) {
            out->tray_line = lineno;
            out->tray[0] = vals[0];
            out->tray[1] = vals[1];
            continue;
        }
        if (grow(out) != 0) {
            sb_fmt_lines_free(out);
            return sb_fmt_fail(err, SB_ELIMIT, name, 0, "out of memory at line %ld", lineno);
        }
        out->line[out->n] = lineno;
        memcpy(out->v[out->n], vals, sizeof vals);
        out->n++;
    }
    if (is_init && out->tray_line == 0)
        return sb_fmt_fail(err, SB_EINPUT, name, 0, "no tray line: the file %s",
                           len == 0 ? "is empty" : "has only blank lines");
    return SB_OK;
}

/* Reads a whole file into a malloc'd buffer (caller frees *text). */
static sb_status slurp(const char *path, char **text, size_t *len, sb_error *err)
{
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f)
        return sb_fmt_fail(err, SB_EINPUT, path, 0, "%s", strerror(errno));
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return sb_fmt_fail(err, SB_EINPUT, path, 0, "is a directory, not a puzzle file");
    }

    size_t cap = 0, n = 0;
    char *buf = NULL;
    sb_status status = SB_OK;
    for (;;) {
        if (n == cap) {
            if (cap >= MAX_FILE_BYTES) {
                status = sb_fmt_fail(err, SB_EINPUT, path, 0,
                                     "larger than %zu MiB: not a puzzle file",
                                     MAX_FILE_BYTES >> 20);
                break;
            }
            if (!sb_array_reserve(NULL, &buf, &cap, n + 4096, 1)) {
                status = sb_fmt_fail(err, SB_ELIMIT, path, 0, "out of memory reading the file");
                break;
            }
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                status = sb_fmt_fail(err, SB_EINPUT, path, 0, "read error: %s",
                                     strerror(errno));
            break;
        }
    }
    fclose(f);
    if (status != SB_OK) {
        free(buf);
        return status;
    }
    *text = buf;
    *len = n;
    return SB_OK;
}

sb_status sb_fmt_parse(const char *init_text, size_t init_len, const char *init_name,
                       const char *goal_text, size_t goal_len, const char *goal_name,
                       sb_format fmt, sb_format *used, sb_puzzle *out, sb_error *err)
{
    sb_fmt_lines init, goal;
    sb_status st;

    if (!out || !init_text)
        return sb_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_parse: %s is NULL",
                           out ? "the INIT text" : "the puzzle to fill");
    memset(out, 0, sizeof *out);
    if (!known_format(fmt))
        return sb_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_parse: unknown format %d",
                           (int)fmt);
    if (!init_name)
        init_name = "INIT";
    if (!goal_name)
        goal_name = "GOAL";
    if (fmt == SB_FORMAT_PICTURE ||
        (fmt == SB_FORMAT_AUTO && sb_fmt_picture_detect(init_text, init_len))) {
        st = sb_fmt_picture_parse(init_text, init_len, init_name, goal_text, goal_len,
                                  goal_name, out, err);
        if (st == SB_OK && used)
            *used = SB_FORMAT_PICTURE;
        return st;
    }
    st = sb_fmt_scan_text(init_text, init_len, init_name, true, fmt, &init, err);
    if (st != SB_OK)
        return st;
    st = sb_fmt_scan_text(goal_text ? goal_text : "", goal_text ? goal_len : 0,
                          goal_name, false, fmt, &goal, err);
    if (st == SB_OK) {
        st = sb_fmt_build(&init, &goal, fmt, used, out, err);
        sb_fmt_lines_free(&goal);
    }
    sb_fmt_lines_free(&init);
    return st;
}

sb_status sb_fmt_read(const char *init_path, const char *goal_path, sb_format fmt,
                      sb_format *used, sb_puzzle *out, sb_error *err)
{
    char *init = NULL, *goal = NULL;
    size_t init_len = 0, goal_len = 0;
    sb_status st;

    if (!out || !init_path)
        return sb_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_read: %s is NULL",
                           out ? "the INIT path" : "the puzzle to fill");
    memset(out, 0, sizeof *out);
    if (!known_format(fmt))
        return sb_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_read: unknown format %d",
                           (int)fmt);
    st = slurp(init_path, &init, &init_len, err);
    if (st == SB_OK && goal_path)
        st = slurp(goal_path, &goal, &goal_len, err);
    if (st == SB_OK)
        st = sb_fmt_parse(init, init_len, init_path, goal, goal_len, goal_path,
                          fmt, used, out, err);
    free(init);
    free(goal);
    return st;
}

sb_status sb_fmt_parse_name(const char *name, sb_format *out)
{
    static const struct { const char *name; sb_format fmt; } names[] = {
        { "auto", SB_FORMAT_AUTO },
        { "corners", SB_FORMAT_CORNERS },
        { "sizes", SB_FORMAT_SIZES },
        { "picture", SB_FORMAT_PICTURE },
    };
    for (size_t i = 0; name && out && i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i].name) == 0) {
            *out = names[i].fmt;
            return SB_OK;
        }
    }
    return SB_EINPUT;
}

const char *sb_fmt_name(sb_format f)
{
    switch (f) {
    case SB_FORMAT_AUTO: return "auto";
    case SB_FORMAT_CORNERS: return "corners";
    case SB_FORMAT_SIZES: return "sizes";
    case SB_FORMAT_PICTURE: return "picture";
    }
    return "?";
}
