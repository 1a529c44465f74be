/*
 * read.c - from puzzle files and text to numbered lines of numbers.
 *
 * This is the stage both formats share: a file is split at newlines, each
 * line is scanned (scan.c), blank lines are dropped and the rest must hold
 * exactly two numbers (the tray line, first in INIT) or four (a block
 * line).  Everything here is linear in the input: arrays grow by doubling,
 * so a million block lines cost a million appends.
 *
 * Files are read whole, but never past what their tray allows (docs/
 * formats.md, "Limits"): the first line that counts (the tray line, or a
 * picture's first row) must end within FIRST_LINE_BYTES, and once it has,
 * the file may hold FIRST_LINE_BYTES more and BYTES_PER_CELL for each cell
 * of that tray (a picture's: at most SB_MAX_CELLS); a GOAL, as much as its
 * INIT.  A NUL byte, which no text holds, is refused as soon as it is
 * read.  So /dev/zero, or a file of junk, ends in a message within a few
 * kilobytes or megabytes, never in memory exhaustion.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/array.h"
#include "core/names.h"
#include "parse.h"
#include "scan.h"

/* The caps on a puzzle file's size, as docs/formats.md states them: room
 * for a picture row of SB_MAX_CELLS cells before the tray is known, then
 * far more than a block line or a picture row's share of a cell takes,
 * for comments, blank lines and repeated GOAL lines. */
#define FIRST_LINE_BYTES ((size_t)128 << 10)
#define FIRST_LINE_WORDS "131,072"
#define BYTES_PER_CELL ((size_t)512)

/* Whether f is one of the formats: a caller's enum may hold anything. */
static bool known_format(sb_format f)
{
    return f == SB_FORMAT_AUTO || f == SB_FORMAT_CORNERS || f == SB_FORMAT_SIZES ||
           f == SB_FORMAT_PICTURE;
}

sb_status sbi_fmt_fail(sb_error *err, sb_status st, const char *name, long line,
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

sb_status sbi_fmt_refuse(sb_error *err, const char *fn, const sb_error *chk)
{
    sbi_fmt_fail(err, chk->status, NULL, 0, "%s: %s", fn, chk->msg);
    if (err) {
        /* Which list and item is to blame is what a caller acts on. */
        err->list = chk->list;
        err->item = chk->item;
    }
    return chk->status;
}

sb_status sbi_fmt_written(FILE *out, int saved_errno, sb_error *err, const char *fn,
                          const char *what)
{
    if (!ferror(out))
        return SB_OK;
    return sbi_fmt_fail(err, SB_EWRITE, NULL, 0, "%s: write error: cannot write %s: %s", fn,
                        what, saved_errno ? sbi_os_error(saved_errno).text
                                         : "the stream reports an error");
}

void sbi_fmt_lines_free(sb_fmt_lines *l)
{
    if (!l)
        return;
    free(l->line);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static int grow(sb_fmt_lines *l)
{
    return sbi_array_reserve(NULL, &l->line, &l->line_cap, l->n + 1, sizeof *l->line) &&
                   sbi_array_reserve(NULL, &l->v, &l->v_cap, l->n + 1, sizeof *l->v)
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

sb_status sbi_fmt_scan_text(const char *text, size_t len, const char *name,
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
        int got = sbi_fmt_scan_line(s, n, want, vals, why, sizeof why);
        if (got < 0) {
            sbi_fmt_lines_free(out);
            return sbi_fmt_fail(err, SB_EINPUT, name, lineno, "%s", why);
        }
        if (got == 0)
            continue;
        if (got != want) {
            bool first_block = out->n == 0;
            sbi_fmt_lines_free(out);
            if (tray)
                return sbi_fmt_fail(err, SB_EINPUT, name, lineno,
                                    "the tray line should be 2 numbers (rows columns), found %d",
                                    got);
            return sbi_fmt_fail(err, SB_EINPUT, name, lineno,
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
            sbi_fmt_lines_free(out);
            return sbi_fmt_fail(err, SB_ELIMIT, name, 0, "out of memory at line %ld", lineno);
        }
        out->line[out->n] = lineno;
        memcpy(out->v[out->n], vals, sizeof vals);
        out->n++;
    }
    if (is_init && out->tray_line == 0)
        return sbi_fmt_fail(err, SB_EINPUT, name, 0, "no tray line: the file %s",
                            len == 0 ? "is empty" : "has only blank lines");
    return SB_OK;
}

/* The most bytes a puzzle file of a tray of `cells` cells may hold. */
static size_t file_cap(size_t cells)
{
    return FIRST_LINE_BYTES + BYTES_PER_CELL * cells;
}

/* What scan.c calls a control byte: not text. */
static bool is_control(unsigned char ch)
{
    return (ch < 0x20 && ch != ' ' && ch != '\t' && ch != '\r' && ch != '\v' && ch != '\f' &&
            ch != '\n') || ch == 0x7f;
}

static bool blank_line(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}

/* The cells of the tray text[0..n) (the start of a puzzle file) is for,
 * as far as it says: those of its tray line "H W" when that is a tray
 * slide takes, else (a picture, or no puzzle at all) at most
 * SB_MAX_CELLS; with `whole` (text is the whole file), a picture's at most
 * its first row's width times its lines that are not blank or comments.
 * 0 while the first such line has not ended. */
static size_t tray_cells(const char *text, size_t n, bool whole)
{
    size_t pos = 0, width = 0, lines = 0;
    while (pos < n) {
        const char *s = text + pos, *nl = memchr(s, '\n', n - pos);
        if (!nl && !whole)
            return width ? SB_MAX_CELLS : 0;
        size_t len = nl ? (size_t)(nl - s) : n - pos, lead = 0;
        pos += len + 1;
        while (lead < len && (s[lead] == ' ' || s[lead] == '\t'))
            lead++;
        if (blank_line(s, len) || s[lead] == ';')
            continue;
        if (!width) {
            int v[2];
            char why[160];
            if (sbi_fmt_scan_line(s, len, 2, v, why, sizeof why) == 2 && v[0] > 0 && v[1] > 0 &&
                (long long)v[0] * v[1] <= SB_MAX_CELLS)
                return (size_t)v[0] * (size_t)v[1];
            size_t trail = len;
            while (trail > lead && (s[trail - 1] == ' ' || s[trail - 1] == '\t' ||
                                    s[trail - 1] == '\r'))
                trail--;
            width = trail - lead;
            if (!whole)
                return SB_MAX_CELLS;
        }
        lines++;
    }
    if (!width)
        return 0;
    return width > SB_MAX_CELLS / lines ? SB_MAX_CELLS : width * lines;
}

/* v with its thousands grouped ("141,312"), in buf (32 bytes). */
static const char *grouped(size_t v, char *buf)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%zu", v), o = 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
    return buf;
}

/* The line and column (from 1) of byte `at` of text. */
static long line_of(const char *text, size_t at, size_t *column)
{
    long line = 1;
    size_t start = 0;
    for (size_t i = 0; i < at; i++)
        if (text[i] == '\n') {
            line++;
            start = i + 1;
        }
    *column = at - start + 1;
    return line;
}

/* Reads a whole file into a malloc'd buffer (caller frees *text), up to
 * the caps at the top: `cap` bytes when it is not 0 (a GOAL: its INIT's
 * cap), else what its first line allows.  *cap_used (may be NULL) gets
 * the cap the file was held to, for its GOAL. */
static sb_status slurp(const char *path, size_t cap, char **text, size_t *len,
                       size_t *cap_used, sb_error *err)
{
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f)
        return sbi_fmt_fail(err, SB_EINPUT, path, 0, "%s", sbi_os_error(errno).text);
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return sbi_fmt_fail(err, SB_EINPUT, path, 0, "is a directory, not a puzzle file");
    }

    size_t room = 0, n = 0;
    char *buf = NULL;
    sb_status status = SB_OK;
    for (;;) {
        if (n == room && !sbi_array_reserve(NULL, &buf, &room, n + 4096, 1)) {
            status = sbi_fmt_fail(err, SB_ELIMIT, path, 0, "out of memory reading the file");
            break;
        }
        size_t got = fread(buf + n, 1, room - n, f);
        if (got == 0) {
            if (ferror(f))
                status = sbi_fmt_fail(err, SB_EINPUT, path, 0, "read error: %s",
                                      sbi_os_error(errno).text);
            break;
        }
        const char *nul = memchr(buf + n, '\0', got);
        size_t column;
        n += got;
        if (nul) {
            /* Named as the line's scanner would: its first control byte. */
            long line = line_of(buf, (size_t)(nul - buf), &column);
            const char *first = nul - (column - 1);
            while (first < nul && !is_control((unsigned char)*first))
                first++;
            status = sbi_fmt_fail(err, SB_EINPUT, path, line, "binary data: byte 0x%02x at "
                                  "column %zu is not text", (unsigned char)*first,
                                  (size_t)(first - (nul - (column - 1))) + 1);
            break;
        }
        size_t cells = cap ? 0 : tray_cells(buf, n, false);
        if (!cap && cells)
            cap = file_cap(cells);
        if (!cap && n > FIRST_LINE_BYTES) {
            long line = line_of(buf, FIRST_LINE_BYTES, &column);
            status = sbi_fmt_fail(err, SB_EINPUT, path, line, "no tray line or picture row "
                                  "ends within the first " FIRST_LINE_WORDS " bytes: not a "
                                  "puzzle file (its first line that is not blank or a comment "
                                  "must end within " FIRST_LINE_WORDS " bytes)");
            break;
        }
        if (cap && n > cap) {
            long line = line_of(buf, cap, &column);
            char bytes[32], ncells[32];
            status = sbi_fmt_fail(err, SB_EINPUT, path, line, "the file goes on past %s bytes, "
                                  "more than a puzzle file of a tray of %s cells may hold ("
                                  FIRST_LINE_WORDS " bytes and %zu more a cell)",
                                  grouped(cap, bytes),
                                  grouped((cap - FIRST_LINE_BYTES) / BYTES_PER_CELL, ncells),
                                  BYTES_PER_CELL);
            break;
        }
    }
    fclose(f);
    if (status != SB_OK) {
        free(buf);
        return status;
    }
    if (cap_used)
        *cap_used = file_cap(tray_cells(buf, n, true));
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
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_parse: %s is NULL",
                            out ? "the INIT text" : "the puzzle to fill");
    memset(out, 0, sizeof *out);
    if (!known_format(fmt))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_parse: unknown format %d",
                            (int)fmt);
    if (!init_name)
        init_name = "INIT";
    if (!goal_name)
        goal_name = "GOAL";
    if (fmt == SB_FORMAT_PICTURE ||
        (fmt == SB_FORMAT_AUTO && sbi_fmt_picture_detect(init_text, init_len))) {
        st = sbi_fmt_picture_parse(init_text, init_len, init_name, goal_text, goal_len,
                                   goal_name, out, err);
        if (st == SB_OK && used)
            *used = SB_FORMAT_PICTURE;
        return st;
    }
    st = sbi_fmt_scan_text(init_text, init_len, init_name, true, fmt, &init, err);
    if (st != SB_OK)
        return st;
    st = sbi_fmt_scan_text(goal_text ? goal_text : "", goal_text ? goal_len : 0,
                           goal_name, false, fmt, &goal, err);
    if (st == SB_OK) {
        st = sbi_fmt_build(&init, &goal, fmt, used, out, err);
        sbi_fmt_lines_free(&goal);
    }
    sbi_fmt_lines_free(&init);
    return st;
}

sb_status sb_fmt_read(const char *init_path, const char *goal_path, sb_format fmt,
                      sb_format *used, sb_puzzle *out, sb_error *err)
{
    char *init = NULL, *goal = NULL;
    size_t init_len = 0, goal_len = 0;
    sb_status st;

    if (!out || !init_path)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_read: %s is NULL",
                            out ? "the INIT path" : "the puzzle to fill");
    memset(out, 0, sizeof *out);
    if (!known_format(fmt))
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_read: unknown format %d",
                            (int)fmt);
    size_t goal_cap = 0;
    st = slurp(init_path, 0, &init, &init_len, &goal_cap, err);
    if (st == SB_OK && goal_path)
        st = slurp(goal_path, goal_cap, &goal, &goal_len, NULL, err);
    if (st == SB_OK)
        st = sb_fmt_parse(init, init_len, init_path, goal, goal_len, goal_path,
                          fmt, used, out, err);
    free(init);
    free(goal);
    return st;
}

/* The formats' names, by value (the names' one table: core/names.h). */
static const char *const FORMATS[] = { "auto", "corners", "sizes", "picture" };
enum { NFORMATS = sizeof FORMATS / sizeof FORMATS[0] };
_Static_assert(SB_FORMAT_AUTO == 0 && SB_FORMAT_PICTURE == NFORMATS - 1, "FORMATS is by value");

sb_status sb_fmt_parse_name(const char *name, sb_format *out, sb_error *err)
{
    int v = 0;
    sb_status st = sbi_name_parse(FORMATS, NFORMATS, "format", name, out ? &v : NULL, err);
    if (st == SB_OK)
        *out = (sb_format)v;
    return st;
}

const char *sb_fmt_name(sb_format f)
{
    return sbi_name_of(FORMATS, NFORMATS, (int)f);
}
