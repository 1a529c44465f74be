/*
 * view.c - what the views share (view.h): about pieces, class numbers and
 * the edges of their boxes; in JSON, strings and numbers.  The library's
 * text and JSON views use them, and so do the programs' web pages, layouts
 * and reports, which compile this file themselves: it is no part of the
 * API (libslide.so hides it), and it uses nothing but the API.
 *
 * Class numbers come from one sort of the entries by sb_block_class_cmp()
 * (the engine's one class identity): O(n log n), so a tray of 65,535
 * marked pieces, as many classes, is numbered as fast as Klotski's ten.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

/* Entry i of p's blocks followed by its goals. */
static const sb_block *entry(const sb_puzzle *p, size_t i)
{
    return i < p->nblocks ? &p->blocks[i] : &p->goals[i - p->nblocks];
}

/* An entry in the sort; qsort's comparison has no context of its own, so
 * each carries the puzzle. */
typedef struct sorted_entry {
    const sb_puzzle *p;
    size_t i;
} sorted_entry;

/* By class, then by index: each class's run starts with its first entry. */
static int compare_entries(const void *x, const void *y)
{
    const sorted_entry *a = x, *b = y;
    int by_class = sb_block_class_cmp(a->p, entry(a->p, a->i), entry(b->p, b->i));
    return by_class ? by_class : (a->i > b->i) - (a->i < b->i);
}

size_t *sbi_view_classes(const sb_puzzle *p, size_t *nclasses)
{
    if (nclasses)
        *nclasses = 0;
    if (!p || (p->nblocks && !p->blocks) || (p->ngoals && !p->goals))
        return NULL;
    size_t n = p->nblocks + p->ngoals, count = 0;
    size_t *out = malloc((n ? n : 1) * sizeof *out);
    size_t *first = malloc((n ? n : 1) * sizeof *first);   /* first entry of i's class */
    sorted_entry *order = malloc((n ? n : 1) * sizeof *order);
    if (!out || !first || !order) {
        free(out);
        free(first);
        free(order);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = (sorted_entry){ p, i };
    qsort(order, n, sizeof *order, compare_entries);
    for (size_t k = 0, head = 0; k < n; k++) {
        if (k == 0 ||
            sb_block_class_cmp(p, entry(p, order[k - 1].i), entry(p, order[k].i)) != 0)
            head = order[k].i;
        first[order[k].i] = head;
    }
    /* Numbered in order of first appearance: first[i] <= i is numbered
     * before i. */
    for (size_t i = 0; i < n; i++)
        out[i] = first[i] == i ? count++ : out[first[i]];
    free(first);
    free(order);
    if (nclasses)
        *nclasses = count;
    return out;
}

int sbi_view_box_left(const sb_puzzle *p, const sb_block *b)
{
    if (!p || !b)
        return 0;
    /* A block that never passed the check may sit at INT_MIN. */
    long long left = (long long)b->col - sb_block_anchor_offset(p, b);
    return left < INT_MIN ? INT_MIN : (int)left;
}

bool sbi_view_is_rectangle(const sb_puzzle *p, const sb_block *b)
{
    if (!p || !b)
        return false;
    /* Plain but for its axis and group is exactly "its cells fill its box":
     * sb_block_is_plain() knows how to ask that of any shape number. */
    sb_block box = *b;
    box.axis = SB_AXIS_ANY;
    box.group = 0;
    return sb_block_is_plain(p, &box);
}

bool sbi_view_own_labels(const sb_puzzle *p)
{
    if (!p || (p->nblocks && !p->blocks))
        return false;
    bool seen[256] = { false };
    for (size_t i = 0; i < p->nblocks; i++) {
        unsigned char ch = (unsigned char)p->blocks[i].label;
        if (ch <= ' ' || ch > '~' || seen[ch])
            return false;
        seen[ch] = true;
    }
    return true;
}

/* ---- A puzzle's name ---- */

/* The longest name kept from a comment: a title, not a paragraph. */
enum { NAME_MOST = 100 };

static bool name_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* The heading of the comment text s[0..n) into out: up to its first ": ",
 * trimmed, cut at a word when longer than NAME_MOST.  Returns its length. */
static size_t comment_name(const char *s, size_t n, char *out, size_t size)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == ':' && name_blank(s[i + 1])) {
            n = i;
            break;
        }
    while (n && (name_blank(s[n - 1]) || s[n - 1] == ':' || s[n - 1] == ';' || s[n - 1] == ',' ||
                 s[n - 1] == '.'))
        n--;
    size_t most = size - 1 < NAME_MOST ? size - 1 : NAME_MOST;
    if (n > most) {
        size_t cut = most;
        while (cut > 0 && s[cut] != ' ')
            cut--;
        n = cut ? cut : most;
        while (n && (unsigned char)s[n] >= 0x80 && (unsigned char)s[n] < 0xc0)
            n--;   /* never half a UTF-8 character */
    }
    memcpy(out, s, n);
    out[n] = 0;
    return n;
}

/* The file's leading comment's heading into out; its length, 0 when none. */
static size_t file_comment_name(const char *path, char *out, size_t size)
{
    char text[4096];
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    size_t at = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    while (at < len) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        size_t lead = at;
        while (lead < end && name_blank(text[lead]))
            lead++;
        if (lead < end) {
            if (text[lead] != ';')
                return 0;   /* the puzzle itself starts before any comment */
            lead++;
            while (lead < end && name_blank(text[lead]))
                lead++;
            return comment_name(text + lead, end - lead, out, size);
        }
        at = end + 1;
    }
    return 0;
}

void sbi_view_name(const char *init_path, char *out, size_t size)
{
    if (!out || size < 2) {
        if (out && size)
            *out = 0;
        return;
    }
    *out = 0;
    if (!init_path || file_comment_name(init_path, out, size) > 0)
        return;
    const char *base = strrchr(init_path, '/');
    base = base ? base + 1 : init_path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    if (n > size - 1)
        n = size - 1;
    for (size_t i = 0; i < n; i++)
        out[i] = base[i] == '-' || base[i] == '_' ? ' ' : base[i];
    out[n] = 0;
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 'a' + 'A');
}

/* ---- JSON text ---- */

/* The length of the UTF-8 sequence starting at s, or 0 when it is not a
 * valid (shortest-form, non-surrogate) one. */
static int utf8_length(const unsigned char *s)
{
    unsigned c = s[0];
    int n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (c >= 0xf5)
        n = 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((n == 3 && c == 0xe0 && s[1] < 0xa0) || (n == 3 && c == 0xed && s[1] >= 0xa0) ||
        (n == 4 && c == 0xf0 && s[1] < 0x90) || (n == 4 && c == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

sb_status sbi_json_string(FILE *out, const char *str)
{
    if (!out || !str)
        return SB_EINPUT;
    const unsigned char *s = (const unsigned char *)str;
    putc('"', out);
    while (*s) {
        unsigned c = *s;
        if (c == '"' || c == '\\') {
            fprintf(out, "\\%c", c);
        } else if (c == '\n') {
            fputs("\\n", out);
        } else if (c < 0x20 || c == 0x7f || c == '<' || c == '>' || c == '&') {
            fprintf(out, "\\u%04x", c);
        } else if (c >= 0x80) {
            int n = utf8_length(s);
            if (n == 0) {
                fputs("\\ufffd", out);
                n = 1;
            } else {
                fwrite(s, 1, (size_t)n, out);
            }
            s += n;
            continue;
        } else {
            putc((int)c, out);
        }
        s++;
    }
    putc('"', out);
    return ferror(out) ? SB_EWRITE : SB_OK;
}

sb_status sbi_json_number(FILE *out, double x, int places)
{
    if (!out || places < 0 || places > SB_JSON_MAX_PLACES)
        return SB_EINPUT;
    /* Whole units and a fraction, both integers: printf's "%f" would use
     * the decimal point of the caller's LC_NUMERIC (a comma in de_DE),
     * which is no JSON.  Past 2^53 a double has no fraction to show, and
     * "%.0f" prints no point at all. */
    long long unit = 1;
    for (int i = 0; i < places; i++)
        unit *= 10;
    double scaled = round(x * (double)unit);
    if (!isfinite(x))
        fputs("null", out);
    else if (fabs(scaled) >= 9007199254740992.0)
        fprintf(out, "%.0f", x);
    else {
        long long v = (long long)scaled, mag = v < 0 ? -v : v;
        fprintf(out, "%s%lld", v < 0 ? "-" : "", mag / unit);
        if (places)
            fprintf(out, ".%0*lld", places, mag % unit);
    }
    return ferror(out) ? SB_EWRITE : SB_OK;
}

size_t sbi_census_kind_picture(const sb_census_spec *s, size_t k, char *buf, size_t n)
{
    const sb_census_kind *kind = &s->kinds[k];
    const uint8_t *cells = s->kind_shapes ? s->kind_shapes[k].cells : NULL;
    size_t len = 0;
    for (int y = 0; y < kind->height; y++)
        for (int x = -(y > 0); x < kind->width; x++, len++)
            if (len + 1 < n)
                buf[len] = x < 0 ? '/' : !cells || cells[y * kind->width + x] ? '#' : '.';
    if (n)
        buf[len < n ? len : n - 1] = '\0';
    return len;
}
