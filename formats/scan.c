/*
 * scan.c - splitting one line of text into non-negative integers.
 *
 * A line is judged as a whole, left to right.  Control bytes (NUL, escape,
 * DEL, ...) mean the input is not text at all, and that is said before
 * anything else so binary junk gets one plain message.  Spaces, tabs and
 * carriage returns separate tokens, so CRLF files read like LF ones.  A
 * token is a number only when it is all decimal digits: signs, decimal
 * points and hex are refused, each with a message that quotes the token.
 * Digits are accumulated with a cap, never past SB_FMT_MAX_VALUE, so a
 * thousand-digit token cannot overflow anything.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "scan.h"

static int is_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static int is_control(unsigned char ch)
{
    return (ch < 0x20 && !is_space(ch)) || ch == 0x7f;
}

/* The bytes one input byte takes once quoted. */
static size_t quoted_len(unsigned char ch)
{
    return ch >= 0x20 && ch < 0x7f ? 1 : 4;
}

void sbi_fmt_quote(const char *s, size_t len, char *out, size_t outsz)
{
    size_t total = 0, o = 0, limit;

    if (outsz == 0)
        return;
    for (size_t i = 0; i < len && total < outsz; i++)
        total += quoted_len((unsigned char)s[i]);
    /* When it does not all fit, stop early enough to leave room for "...". */
    limit = total < outsz ? outsz - 1 : (outsz > 4 ? outsz - 4 : 0);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (o + quoted_len(ch) > limit)
            break;
        if (quoted_len(ch) == 1)
            out[o++] = (char)ch;
        else
            o += (size_t)snprintf(out + o, outsz - o, "\\x%02x", ch);
    }
    if (total >= outsz && outsz > 4) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

/* Parses the token t[0..n) as a non-negative integer.  Returns 0 with *val
 * set, or -1 with why filled. */
static int parse_token(const char *t, size_t n, int *val, char *why, size_t whysz)
{
    char shown[40];
    size_t digits = 0;
    long value = 0;
    int too_large = 0;

    while (digits < n && t[digits] >= '0' && t[digits] <= '9') {
        if (value > SB_FMT_MAX_VALUE)
            too_large = 1;
        else
            value = value * 10 + (t[digits] - '0');
        digits++;
    }
    if (value > SB_FMT_MAX_VALUE)
        too_large = 1;
    sbi_fmt_quote(t, n, shown, sizeof shown);
    if (digits == n) {
        if (too_large) {
            snprintf(why, whysz, "number %s is too large (at most %d)",
                     shown, SB_FMT_MAX_VALUE);
            return -1;
        }
        *val = (int)value;
        return 0;
    }
    /* "-3" is the one mistake worth naming on its own. */
    if (t[0] == '-' && n > 1) {
        size_t k = 1;
        while (k < n && t[k] >= '0' && t[k] <= '9')
            k++;
        if (k == n) {
            snprintf(why, whysz, "negative number %s: numbers must be non-negative", shown);
            return -1;
        }
    }
    snprintf(why, whysz, "'%s' is not a non-negative integer", shown);
    return -1;
}

int sbi_fmt_scan_line(const char *s, size_t len, int want, int *vals,
                      char *why, size_t whysz)
{
    for (size_t i = 0; i < len; i++) {
        if (is_control((unsigned char)s[i])) {
            snprintf(why, whysz, "binary data: byte 0x%02x at column %zu is not text",
                     (unsigned char)s[i], i + 1);
            return -1;
        }
    }

    int count = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && is_space((unsigned char)s[i]))
            i++;
        if (i == len)
            return count;
        size_t start = i;
        while (i < len && !is_space((unsigned char)s[i]))
            i++;
        int v;
        char reason[160];
        if (parse_token(s + start, i - start, &v, reason, sizeof reason) != 0) {
            if (count >= want) {
                char shown[40];
                sbi_fmt_quote(s + start, len - start, shown, sizeof shown);
                snprintf(why, whysz, "trailing text '%s' after the %d numbers", shown, want);
            } else {
                snprintf(why, whysz, "%s", reason);
            }
            return -1;
        }
        if (count < want)
            vals[count] = v;
        if (count < INT_MAX)
            count++;
    }
}
