/*
 * census_spec.c - reads a census SPEC (docs/explore.md, "The census"): a
 * small line file that names a tray, its walls, an alphabet of kinds of
 * piece with how many of each, and optionally a goal.
 *
 *     tray 6 6
 *     wall 0 5
 *     kind red 1x2 1 row marked rows 2
 *     kind car 1x2 0..3 row
 *     empty 1
 *     goal red 2 4
 *     keep 5
 *     diameters
 *
 * One statement a line, words split on blanks, '#' to the end of a line
 * a comment.  The reader only parses and checks what one line can say
 * (and that names are declared before use); sb_census checks the rest
 * (a piece larger than the tray), so the two cannot disagree.  Every
 * complaint is "FILE:LINE: ..." through sb_fmt_fail.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

enum { MAX_WORDS = 10, MAX_LINE = 1024 };

/* Splits line (in place) into at most MAX_WORDS words; -1: too many. */
static int split(char *line, char **words)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    int n = 0;
    for (char *s = line;;) {
        while (*s && isspace((unsigned char)*s))
            s++;
        if (!*s)
            return n;
        if (n == MAX_WORDS)
            return -1;
        words[n++] = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        if (*s)
            *s++ = '\0';
    }
}

/* A whole number 0..max written in decimal. */
static bool number(const char *s, long max, long *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}

/* "HxW" */
static bool size_of(const char *s, int *h, int *w)
{
    char buf[32];
    const char *x = strchr(s, 'x');
    long a, b;
    if (!x || (size_t)(x - s) >= sizeof buf)
        return false;
    memcpy(buf, s, (size_t)(x - s));
    buf[x - s] = '\0';
    if (!number(buf, SB_MAX_CELLS, &a) || !number(x + 1, SB_MAX_CELLS, &b) || !a || !b)
        return false;
    *h = (int)a;
    *w = (int)b;
    return true;
}

/* "N" or "MIN..MAX" */
static bool counts_of(const char *s, uint32_t *lo, uint32_t *hi)
{
    char buf[32];
    const char *dots = strstr(s, "..");
    long a, b;
    if (!dots) {
        if (!number(s, SB_MAX_CELLS, &a))
            return false;
        *lo = *hi = (uint32_t)a;
        return true;
    }
    if ((size_t)(dots - s) >= sizeof buf)
        return false;
    memcpy(buf, s, (size_t)(dots - s));
    buf[dots - s] = '\0';
    if (!number(buf, SB_MAX_CELLS, &a) || !number(dots + 2, SB_MAX_CELLS, &b))
        return false;
    *lo = (uint32_t)a;
    *hi = (uint32_t)b;
    return true;
}

static long kind_named(const sb_census_spec *s, const char *name)
{
    for (size_t k = 0; k < s->nkinds; k++)
        if (strcmp(s->kinds[k].name, name) == 0)
            return (long)k;
    return -1;
}

/* Grows *p (n items of size bytes) by one zeroed item.  false: no memory. */
static bool grow(void **p, size_t n, size_t size)
{
    void *q = realloc(*p, (n + 1) * size);
    if (!q)
        return false;
    memset((char *)q + n * size, 0, size);
    *p = q;
    return true;
}

/* Reads one statement (words[0..n)) into s. */
static sb_status statement(sb_census_spec *s, char **words, int n, const char *name, long line,
                           sb_error *err)
{
    const char *what = words[0];
    long a, b;
    if (strcmp(what, "tray") == 0) {
        if (s->rows)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "a second tray line");
        if (n != 3 || !number(words[1], SB_MAX_CELLS, &a) || !number(words[2], SB_MAX_CELLS, &b) ||
            !a || !b || a * b > SB_MAX_CELLS)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "expected \"tray ROWS COLS\" with "
                               "1 to %d cells", SB_MAX_CELLS);
        s->rows = (int)a;
        s->cols = (int)b;
        s->walls = calloc((size_t)(a * b), 1);
        return s->walls ? SB_OK : sb_fmt_fail(err, SB_ELIMIT, name, line, "out of memory");
    }
    if (!s->rows)
        return sb_fmt_fail(err, SB_EINPUT, name, line, "the first statement must be "
                           "\"tray ROWS COLS\"");
    if (strcmp(what, "wall") == 0) {
        if (n != 3 || !number(words[1], s->rows - 1, &a) || !number(words[2], s->cols - 1, &b))
            return sb_fmt_fail(err, SB_EINPUT, name, line, "expected \"wall ROW COL\" inside "
                               "the %dx%d tray", s->rows, s->cols);
        s->walls[a * s->cols + b] = 1;
        return SB_OK;
    }
    if (strcmp(what, "empty") == 0) {
        if (n != 2 || !number(words[1], SB_MAX_CELLS, &a))
            return sb_fmt_fail(err, SB_EINPUT, name, line, "expected \"empty N\": the fewest "
                               "empty cells a member leaves");
        s->min_empty = (uint32_t)a;
        return SB_OK;
    }
    if (strcmp(what, "keep") == 0) {
        if (n != 2 || !number(words[1], INT32_MAX, &a) || a < 1)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "expected \"keep N\" (N >= 1): "
                               "the components listed per member");
        s->keep = (uint64_t)a;
        return SB_OK;
    }
    if (strcmp(what, "diameters") == 0) {
        if (n != 1)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "\"diameters\" takes nothing");
        s->diameters = true;
        return SB_OK;
    }
    if (strcmp(what, "kind") == 0) {
        sb_census_kind k = { .axis = SB_AXIS_ANY };
        if (n < 4 || strlen(words[1]) >= sizeof k.name)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "expected \"kind NAME HxW COUNT "
                               "[row|col] [marked] [rows|cols N|FIRST..LAST]\" (COUNT: N or MIN..MAX; NAME up to %zu "
                               "characters)", sizeof k.name - 1);
        for (const char *c = words[1]; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
                return sb_fmt_fail(err, SB_EINPUT, name, line, "kind name \"%s\": use "
                                   "letters, digits, '_' and '-'", words[1]);
        if (kind_named(s, words[1]) >= 0)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "kind \"%s\" is named twice",
                               words[1]);
        strcpy(k.name, words[1]);
        if (!size_of(words[2], &k.height, &k.width))
            return sb_fmt_fail(err, SB_EINPUT, name, line, "\"%s\" is no size: write HxW, "
                               "for example 1x2", words[2]);
        if (k.height > s->rows || k.width > s->cols)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "a %dx%d piece does not fit the "
                               "%dx%d tray", k.height, k.width, s->rows, s->cols);
        if (!counts_of(words[3], &k.min, &k.max) || k.min > k.max)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "\"%s\" is no count: write N or "
                               "MIN..MAX with MIN <= MAX", words[3]);
        const char *pin = NULL;
        for (int i = 4; i < n; i++) {
            if (strcmp(words[i], "row") == 0 && k.axis == SB_AXIS_ANY)
                k.axis = SB_AXIS_ROW;
            else if (strcmp(words[i], "col") == 0 && k.axis == SB_AXIS_ANY)
                k.axis = SB_AXIS_COL;
            else if (strcmp(words[i], "marked") == 0 && !k.marked)
                k.marked = true;
            else if ((strcmp(words[i], "rows") == 0 || strcmp(words[i], "cols") == 0) &&
                     !pin) {
                pin = words[i];
                uint32_t lo, hi;
                if (i + 1 == n || !counts_of(words[i + 1], &lo, &hi) || lo > hi)
                    return sb_fmt_fail(err, SB_EINPUT, name, line, "\"%s\" takes the "
                                       "lines its anchors keep to: N or FIRST..LAST", pin);
                k.pinned = true;
                k.pin_first = (int)lo;
                k.pin_last = (int)hi;
                i++;
            } else
                return sb_fmt_fail(err, SB_EINPUT, name, line, "\"%s\": a kind takes one of "
                                   "row or col, marked, and rows or cols with lines, once "
                                   "each", words[i]);
        }
        /* A pin names the line a one-axis piece never leaves: its row when
         * it slides along rows, its column otherwise. */
        if (pin) {
            bool rows = strcmp(pin, "rows") == 0;
            int lines = rows ? s->rows : s->cols;
            if (k.axis != (rows ? SB_AXIS_ROW : SB_AXIS_COL))
                return sb_fmt_fail(err, SB_EINPUT, name, line, "\"%s\" pins a kind that "
                                   "slides only along %s (write %s): a piece that moves "
                                   "across them would leave its pin", pin, pin,
                                   rows ? "row" : "col");
            if (k.pin_last + (rows ? k.height : k.width) > lines)
                return sb_fmt_fail(err, SB_EINPUT, name, line, "%s %d..%d: a %dx%d piece "
                                   "anchored there leaves the %dx%d tray", pin, k.pin_first,
                                   k.pin_last, k.height, k.width, s->rows, s->cols);
        }
        if (s->nkinds == 64)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "at most 64 kinds");
        if (!grow((void **)&s->kinds, s->nkinds, sizeof *s->kinds))
            return sb_fmt_fail(err, SB_ELIMIT, name, line, "out of memory");
        s->kinds[s->nkinds++] = k;
        return SB_OK;
    }
    if (strcmp(what, "goal") == 0) {
        long k = n == 4 ? kind_named(s, words[1]) : -1;
        if (n != 4 || k < 0 || !number(words[2], s->rows - 1, &a) ||
            !number(words[3], s->cols - 1, &b))
            return sb_fmt_fail(err, SB_EINPUT, name, line, "expected \"goal KIND ROW COL\": a "
                               "kind named above, anchored inside the %dx%d tray", s->rows,
                               s->cols);
        if (a + s->kinds[k].height > s->rows || b + s->kinds[k].width > s->cols)
            return sb_fmt_fail(err, SB_EINPUT, name, line, "a %s piece at %ld %ld leaves the "
                               "%dx%d tray", words[1], a, b, s->rows, s->cols);
        if (!grow((void **)&s->goals, s->ngoals, sizeof *s->goals) ||
            !grow((void **)&s->goal_kind, s->ngoals, sizeof *s->goal_kind))
            return sb_fmt_fail(err, SB_ELIMIT, name, line, "out of memory");
        s->goals[s->ngoals] = (sb_block){ (int)a, (int)b, s->kinds[k].height,
                                          s->kinds[k].width, 0, 0, s->kinds[k].axis, 0 };
        s->goal_kind[s->ngoals++] = (size_t)k;
        return SB_OK;
    }
    return sb_fmt_fail(err, SB_EINPUT, name, line, "unknown statement \"%s\": expected tray, "
                       "wall, kind, empty, goal, keep or diameters", what);
}

sb_status sb_fmt_read_census(const char *path, sb_census_spec *out, sb_error *err)
{
    if (!out || !path)
        return sb_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_read_census: %s is NULL",
                           out ? "the path" : "the spec to fill");
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (!f)
        return sb_fmt_fail(err, SB_EINPUT, path, 0, "cannot open: %s", sb_os_error(errno).text);
    char buf[MAX_LINE + 2];
    long line = 0;
    sb_status st = SB_OK;
    while (st == SB_OK && fgets(buf, sizeof buf, f)) {
        line++;
        size_t len = strlen(buf);
        if (len > MAX_LINE) {
            st = sb_fmt_fail(err, SB_EINPUT, path, line, "line longer than %d characters",
                             MAX_LINE);
            break;
        }
        char *words[MAX_WORDS];
        int n = split(buf, words);
        if (n < 0)
            st = sb_fmt_fail(err, SB_EINPUT, path, line, "more than %d words", MAX_WORDS);
        else if (n > 0)
            st = statement(out, words, n, path, line, err);
    }
    if (st == SB_OK && ferror(f))
        st = sb_fmt_fail(err, SB_EINPUT, path, 0, "cannot read: %s", sb_os_error(errno).text);
    if (st == SB_OK && !out->rows)
        st = sb_fmt_fail(err, SB_EINPUT, path, 0, "no \"tray ROWS COLS\" line");
    if (st == SB_OK && !out->nkinds)
        st = sb_fmt_fail(err, SB_EINPUT, path, 0, "no \"kind\" line: the alphabet is empty");
    fclose(f);
    if (st != SB_OK)
        sb_census_spec_free(out);
    return st;
}

void sb_census_spec_free(sb_census_spec *s)
{
    if (!s)
        return;
    free(s->walls);
    free(s->kinds);
    free(s->goals);
    free(s->goal_kind);
    memset(s, 0, sizeof *s);
}
