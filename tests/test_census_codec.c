/*
 * test_census_codec.c - cli/census_codec.c, a census member as the words
 * slide-explore-mpi sends and as the lines of a --checkpoint file, tested
 * without MPI.  Three censuses (one with a wall, a marked one-axis kind, a
 * goal and diameters, on the graph path; one of plain rectangles, on the
 * census path; one of one-axis pieces with keep 2, on the line path,
 * whose large members shards hold in parts):
 *
 * - words: each split in 1 to 3 shards, every shard to words and back
 *   gives the same words again, and the rebuilt shards merged
 *   (sb_census_report_merge) give the words of the whole census;
 * - text: the whole census as a checkpoint reads back into the same
 *   report, whose lines are the same again;
 * - damage: words cut short at every length, a member index out of
 *   range, a member sent twice, counts not the member's, a component
 *   count larger than the words could hold, words left over, the header
 *   of another census; and a checkpoint cut at every length, and
 *   hand-edited field by field (an index past the last member, a member
 *   twice, a count, the layouts, the components, the largest, a
 *   component's size, diameter and hardest, a piece off the tray or on
 *   another, an older version, a hex number, a NUL byte, a number too
 *   many or too few): each refused with "FILE:LINE: FIELD: ...", the
 *   field and line the edit was made in;
 * - a census of every piece set (corner goal): its walked members to
 *   words and to checkpoint lines and back, and damaged words (cut short,
 *   a piece off the tray, a distance without a start, a field out of
 *   range, a member twice) refused naming the member and field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "census_codec.h"
#include "slide_formats.h"
#include "unit.h"

enum { HASH = 0x5eed };

/* The words of r (malloc'd; *n gets how many). */
static uint64_t *words_of(const sb_census_report *r, size_t *n)
{
    *n = sb_census_to_words(r, NULL, NULL);
    uint64_t *w = malloc((*n + 1) * sizeof *w);
    if (w)
        sb_census_to_words(r, NULL, w);
    return w;
}

/* Whether two reports give the same words but for the time (the
 * header's third word: a merge keeps the longest shard's, and nanoseconds
 * through a double need not come back to the same count). */
static bool same_words(const sb_census_report *a, const sb_census_report *b)
{
    size_t na, nb;
    uint64_t *wa = words_of(a, &na), *wb = words_of(b, &nb);
    if (wa && wb && na > 2 && nb > 2)
        wa[2] = wb[2] = 0;
    bool same = wa && wb && na == nb && memcmp(wa, wb, na * sizeof *wa) == 0;
    free(wa);
    free(wb);
    return same;
}

static void forget_peaks(sb_census_report *r)
{
    r->peak_bytes = 0;
    for (size_t i = 0; i < r->nmembers; i++)
        r->members[i].peak_bytes = 0;
}

static bool skip_every(void *ctx, size_t i)
{
    (void)ctx;
    (void)i;
    return true;
}

/* spec's members, none mapped (what slide-explore checks a checkpoint
 * against). */
static bool list_members(const sb_census_spec *spec, sb_census_report *out)
{
    sb_census_hooks hooks = { .skip = skip_every };
    sb_error err;
    return CHECK_MSG(sb_census(spec, NULL, &hooks, out, &err) == SB_OK, "%s", err.msg);
}

/* spec's census in n shards, each through words and back, merged; the
 * members the shards hold in part (cut into parts, some elsewhere). */
static size_t check_round_trip(const char *name, const sb_census_spec *spec, unsigned n)
{
    size_t partial = 0;
    sb_options opts;
    sb_options_default(&opts);
    sb_census_report whole, shards[3], rebuilt[3];
    sb_error err;
    if (!CHECK_MSG(sb_census(spec, &opts, NULL, &whole, &err) == SB_OK, "%s: %s", name,
                   err.msg))
        return 0;
    census_frame frame = { spec, &whole };
    unsigned made = 0;
    for (; made < n; made++) {
        opts.shard = made;
        opts.nshards = n;
        if (!CHECK_MSG(sb_census(spec, &opts, NULL, &shards[made], &err) == SB_OK,
                       "%s shard %u: %s", name, made, err.msg))
            break;
        for (size_t i = 0; i < shards[made].nmembers; i++)
            partial += shards[made].members[i].parts && !shards[made].members[i].mapped;
        size_t nw;
        uint64_t *w = words_of(&shards[made], &nw);
        sb_status st = w ? sb_census_from_words(w, nw, &frame, &rebuilt[made], &err)
                         : SB_ELIMIT;
        free(w);
        if (!CHECK_MSG(st == SB_OK, "%s shard %u of %u back from words: %s", name, made, n,
                       err.msg)) {
            sb_census_report_free(&shards[made]);
            break;
        }
        CHECK_MSG(same_words(&shards[made], &rebuilt[made]) &&
                      rebuilt[made].layouts == shards[made].layouts &&
                      rebuilt[made].ncomponents == shards[made].ncomponents,
                  "%s shard %u of %u: the rebuilt shard differs", name, made, n);
    }
    if (made == n) {
        sb_census_report merged;
        if (CHECK_MSG(sb_census_report_merge(rebuilt, n, &merged, &err) == SB_OK,
                      "%s: merge of %u: %s", name, n, err.msg)) {
            /* One thread cuts nothing, shards do: the peaks are the one
             * field that depends on the cutting. */
            forget_peaks(&merged);
            forget_peaks(&whole);
            CHECK_MSG(same_words(&merged, &whole) && merged.layouts == whole.layouts &&
                          merged.ncomponents == whole.ncomponents && whole.ncomponents > 0,
                      "%s: %u shards rebuilt and merged differ from the whole", name, n);
            sb_census_report_free(&merged);
        }
    }
    for (unsigned k = 0; k < made; k++) {
        sb_census_report_free(&shards[k]);
        sb_census_report_free(&rebuilt[k]);
    }
    sb_census_report_free(&whole);
    return partial;
}

/* Decodes n words of w against spec's census (like); true when refused
 * with SB_EINPUT (and *out empty). */
static bool refused(const uint64_t *w, size_t n, const sb_census_spec *spec,
                    const sb_census_report *like)
{
    sb_census_report out;
    sb_error err;
    census_frame frame = { spec, like };
    sb_status st = sb_census_from_words(w, n, &frame, &out, &err);
    bool ok = st == SB_EINPUT && out.members == NULL && strstr(err.msg, "garbled");
    if (st == SB_OK)
        sb_census_report_free(&out);
    return ok;
}

/* The member with the most components (a goal's, when there is one). */
static size_t richest(const sb_census_report *r)
{
    size_t pick = 0;
    for (size_t i = 0; i < r->nmembers; i++)
        if (r->members[i].ncomponents > r->members[pick].ncomponents ||
            (r->members[i].ncomponents == r->members[pick].ncomponents &&
             r->members[i].has_goal && !r->members[pick].has_goal))
            pick = i;
    return pick;
}

/* Damaged words of spec's census are refused. */
static void check_damage(const char *name, const sb_census_spec *spec)
{
    sb_census_report whole;
    sb_error err;
    if (!CHECK_MSG(sb_census(spec, NULL, NULL, &whole, &err) == SB_OK, "%s: %s", name,
                   err.msg))
        return;
    /* A shard of one member: the one with the most components. */
    size_t pick = richest(&whole), nk = whole.nkinds;
    sb_census_report one = whole;
    one.members = calloc(whole.nmembers + 1, sizeof *one.members);
    if (!CHECK(one.members != NULL)) {
        sb_census_report_free(&whole);
        return;
    }
    memcpy(one.members, whole.members, whole.nmembers * sizeof *one.members);
    for (size_t i = 0; i < whole.nmembers; i++) {
        one.members[i].mapped = i == pick;
        one.members[i].parts = i == pick ? one.members[i].parts : 0;
    }
    size_t n;
    uint64_t *w = words_of(&one, &n);
    uint64_t *twice = malloc((2 * n + 1) * sizeof *twice);
    /* The words: the header (3), then the member's index, its counts (nk),
     * layouts, components, largest, goal components, hardest, peak,
     * mapped, parts, parts held, listed. */
    size_t index = 3, counts = 4, listed = 4 + nk + 9;
    if (CHECK(w && twice && n > listed && whole.nmembers > 1)) {
        size_t cut_ok = 0;
        for (size_t len = 0; len < n; len++)
            cut_ok += refused(w, len, spec, &whole);
        CHECK_MSG(cut_ok == n, "%s: %zu of %zu lengths cut short refused", name, cut_ok, n);
        uint64_t keep = w[index];
        w[index] = whole.nmembers;
        CHECK_MSG(refused(w, n, spec, &whole), "%s: a member index out of range", name);
        w[index] = keep;
        keep = w[counts];
        w[counts] = keep + 1;
        CHECK_MSG(refused(w, n, spec, &whole), "%s: counts not the member's", name);
        w[counts] = keep;
        keep = w[listed];
        w[listed] = (uint64_t)1 << 60;
        CHECK_MSG(refused(w, n, spec, &whole), "%s: a component count past the words", name);
        w[listed] = keep;
        memcpy(twice, w, n * sizeof *w);
        memcpy(twice + n, w + 3, (n - 3) * sizeof *w);
        twice[1] = 2;
        CHECK_MSG(refused(twice, 2 * n - 3, spec, &whole), "%s: a member twice", name);
        twice[1] = 1;
        CHECK_MSG(refused(twice, 2 * n - 3, spec, &whole), "%s: words left over", name);
        sb_census_report other = whole;
        other.nmembers = whole.nmembers - 1;
        CHECK_MSG(refused(w, n, spec, &other), "%s: the header of another census", name);
        sb_census_report back;
        census_frame frame = { spec, &whole };
        CHECK_MSG(sb_census_from_words(w, n, &frame, &back, &err) == SB_OK &&
                      same_words(&back, &one),
                  "%s: the words, mended, are not read back: %s", name, err.msg);
        if (back.members)
            sb_census_report_free(&back);
    }
    free(twice);
    free(w);
    free(one.members);
    sb_census_report_free(&whole);
}

/* ---- the checkpoint's text ---- */

/* The members rep holds whole, as a checkpoint (malloc'd text, *len). */
static char *checkpoint_of(const sb_census_spec *spec, const sb_census_report *rep, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    bool ok = sb_checkpoint_header(f, HASH, SB_METRIC_LINE);
    for (size_t i = 0; ok && i < rep->nmembers; i++)
        if (rep->members[i].mapped)
            ok = sb_checkpoint_member(f, spec, i, &rep->members[i]);
    fclose(f);
    if (!ok) {
        free(text);
        return NULL;
    }
    return text;
}

/* Reads len bytes of text as the checkpoint "ck" of spec's census. */
static sb_status read_text(const char *text, size_t len, const sb_census_spec *spec,
                           const sb_census_report *like, sb_census_report *out, sb_error *err)
{
    census_frame frame = { spec, like };
    char *copy = malloc(len + 1);
    FILE *f = copy ? fmemopen(copy, len, "r") : NULL;
    if (!f) {
        free(copy);
        return SB_ELIMIT;
    }
    memcpy(copy, text, len);
    sb_status st = sb_checkpoint_read(f, len, "ck", HASH, SB_METRIC_LINE, &frame, out, err);
    fclose(f);
    free(copy);
    return st;
}

/* Where word `word` (from 0) of line `line` (from 1) of text starts, or
 * NULL when there is no such word. */
static const char *word_start(const char *text, int line, int word)
{
    const char *s = text;
    for (int l = 1; l < line && s; l++)
        s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL;
    for (int k = 0; s && k < word; k++) {
        s += strcspn(s, " \n");
        s = *s == ' ' ? s + 1 : NULL;
    }
    return s && *s && *s != '\n' ? s : NULL;
}

/* Text with that word replaced by `with` (malloc'd; NULL: no such word). */
static char *edited(const char *text, int line, int word, const char *with)
{
    const char *s = word_start(text, line, word);
    if (!s)
        return NULL;
    size_t at = (size_t)(s - text), n = strcspn(s, " \n"), rest = strlen(s + n);
    char *out = malloc(at + strlen(with) + rest + 1);
    if (out) {
        memcpy(out, text, at);
        strcpy(out + at, with);
        strcpy(out + at + strlen(with), s + n);
    }
    return out;
}

/* That word, as a number. */
static unsigned long long word_at(const char *text, int line, int word)
{
    const char *s = word_start(text, line, word);
    return s ? strtoull(s, NULL, 10) : 0;
}

/* The line (from 1) that starts "member I ", or 0. */
static int line_of_member(const char *text, size_t i)
{
    char head[32];
    snprintf(head, sizeof head, "member %zu ", i);
    int line = 1;
    for (const char *s = text; s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL, line++)
        if (strncmp(s, head, strlen(head)) == 0)
            return line;
    return 0;
}

/* text (NULL: an edit that found no word, a failure) is refused with a
 * message that starts with `where` and holds `what`. */
static void expect_refused(const char *name, char *text, const sb_census_spec *spec,
                           const sb_census_report *like, const char *where, const char *what)
{
    if (!CHECK_MSG(text != NULL, "%s: the edit found nothing to edit", name))
        return;
    sb_census_report out;
    sb_error err = { 0 };
    sb_status st = read_text(text, strlen(text), spec, like, &out, &err);
    CHECK_MSG(st == SB_EINPUT && strncmp(err.msg, where, strlen(where)) == 0 &&
                  strstr(err.msg, what) && out.members == NULL,
              "%s: status %d, '%s' (want '%s...%s')", name, (int)st, err.msg, where, what);
    if (st == SB_OK)
        sb_census_report_free(&out);
    free(text);
}

/* Text, which ends in '\n', with `line` appended. */
static char *with_line(const char *text, const char *line)
{
    char *out = malloc(strlen(text) + strlen(line) + 2);
    if (out)
        sprintf(out, "%s%s\n", text, line);
    return out;
}

/* The whole census as a checkpoint reads back as it was; damaged or
 * edited, it is refused at the field and line of the damage. */
static void check_text(const char *name, const sb_census_spec *spec)
{
    sb_census_report whole, like, back;
    sb_error err;
    if (!CHECK_MSG(sb_census(spec, NULL, NULL, &whole, &err) == SB_OK, "%s: %s", name,
                   err.msg))
        return;
    if (!list_members(spec, &like)) {
        sb_census_report_free(&whole);
        return;
    }
    size_t len;
    char *text = checkpoint_of(spec, &whole, &len);
    if (!CHECK(text != NULL))
        goto done;
    if (CHECK_MSG(read_text(text, len, spec, &like, &back, &err) == SB_OK, "%s: %s", name,
                  err.msg)) {
        size_t len2;
        char *again = checkpoint_of(spec, &back, &len2);
        CHECK_MSG(again && len2 == len && memcmp(again, text, len) == 0,
                  "%s: the checkpoint read back writes other lines", name);
        CHECK_MSG(same_words(&back, &whole) && back.layouts == whole.layouts,
                  "%s: the checkpoint read back is another report", name);
        free(again);
        sb_census_report_free(&back);
    }
    /* Cut at every length: refused, or (at the end of a member) whole
     * members only. */
    size_t cut_ok = 0;
    for (size_t n = 1; n < len; n++) {
        sb_status st = read_text(text, n, spec, &like, &back, &err);
        if (st == SB_OK) {
            cut_ok += text[n - 1] == '\n' && strncmp(text + n, "member ", 7) == 0;
            sb_census_report_free(&back);
        } else {
            cut_ok += st == SB_EINPUT && strncmp(err.msg, "ck:", 3) == 0;
        }
    }
    CHECK_MSG(cut_ok == len - 1, "%s: %zu of %zu cuts refused or whole", name, cut_ok, len - 1);

    size_t pick = richest(&whole), nk = whole.nkinds;
    const sb_census_member *m = &whole.members[pick];
    int at = line_of_member(text, pick), c1 = at + 1, c2 = at + 2;
    int layouts = 2 + (int)nk, components = layouts + 1, largest = layouts + 2,
        mapped = layouts + 6, listed = layouts + 9;
    char buf[64];
    if (!CHECK_MSG(at > 0 && m->ncomponents >= 2, "%s: member %zu", name, pick))
        goto done;
    snprintf(buf, sizeof buf, "ck:%d: member: ", at);
    expect_refused("index 99999", edited(text, at, 1, "99999"), spec, &like, buf,
                   "99999 is past the census's last member");
    /* The member's lines again at the end. */
    const char *from = text, *to;
    for (int l = 1; l < at; l++)
        from = strchr(from, '\n') + 1;
    to = from;
    for (size_t l = 0; l <= m->ncomponents; l++)
        to = strchr(to, '\n') + 1;
    char *twice = malloc(len + (size_t)(to - from) + 1);
    if (twice) {
        memcpy(twice, text, len);
        memcpy(twice + len, from, (size_t)(to - from));
        twice[len + (size_t)(to - from)] = '\0';
        int lines = 0;
        for (const char *s = text; *s; s++)
            lines += *s == '\n';
        snprintf(buf, sizeof buf, "ck:%d: member: ", lines + 1);
        expect_refused("a member twice", twice, spec, &like, buf, "listed twice");
    }
    snprintf(buf, sizeof buf, "ck:%d: %s: ", at, spec->kinds[nk - 1].name);
    snprintf(buf + 40, 24, "%llu", word_at(text, at, 1 + (int)nk) + 1);
    expect_refused("a count", edited(text, at, 1 + (int)nk, buf + 40), spec, &like, buf,
                   "of the census has");
    snprintf(buf, sizeof buf, "ck:%d: layouts: ", at);
    snprintf(buf + 40, 24, "%llu", word_at(text, at, layouts) + 1);
    expect_refused("layouts + 1", edited(text, at, layouts, buf + 40), spec, &like, buf, "");
    expect_refused("layouts 10^18", edited(text, at, layouts, "1000000000000000000"), spec,
                   &like, buf, "more than its pieces have");
    if (m->ncomponents == m->all_components) {   /* keep cuts no list: they add up */
        snprintf(buf, sizeof buf, "ck:%d: listed: ", at);
        snprintf(buf + 40, 24, "%llu", word_at(text, at, components) + 1);
        expect_refused("components + 1", edited(text, at, components, buf + 40), spec, &like,
                       buf, "list");
        snprintf(buf, sizeof buf, "ck:%d: largest: ", at);
        snprintf(buf + 40, 24, "%llu", word_at(text, at, largest) + 1);
        expect_refused("largest + 1", edited(text, at, largest, buf + 40), spec, &like, buf,
                       "");
    }
    snprintf(buf, sizeof buf, "ck:%d: mapped: ", at);
    expect_refused("mapped 0", edited(text, at, mapped, "0"), spec, &like, buf, "whole");
    snprintf(buf, sizeof buf, "ck:%d: listed: ", at);
    expect_refused("a number too few", edited(text, at, listed, ""), spec, &like, buf,
                   "missing");
    snprintf(buf, sizeof buf, "ck:%d: size: ", c2);
    snprintf(buf + 40, 24, "%llu", word_at(text, c1, 1) + 1);
    expect_refused("a size past the largest", edited(text, c2, 1, buf + 40), spec, &like, buf,
                   "");
    snprintf(buf, sizeof buf, "ck:%d: diameter: ", c1);
    snprintf(buf + 40, 24, "%llu", word_at(text, c1, 1));
    expect_refused("a diameter", edited(text, c1, 2, buf + 40), spec, &like, buf, "");
    if (m->has_goal) {   /* as long as the component: a distance is shorter */
        snprintf(buf, sizeof buf, "ck:%d: hardest: ", c1);
        snprintf(buf + 40, 24, "%llu", word_at(text, c1, 1));
        expect_refused("a hardest", edited(text, c1, 5, buf + 40), spec, &like, buf, "");
    }
    if (m->nblocks >= 2) {
        snprintf(buf, sizeof buf, "ck:%d: example: piece 1 ", c1);
        expect_refused("a piece off the tray", edited(text, c1, 7, "99"), spec, &like, buf,
                       "leaves the");
        /* Piece 2 (words 9 to 11: kind, row, col) where piece 1 is. */
        char *moved = strdup(text);
        for (int k = 0; moved && k < 3; k++) {
            char number[24];
            snprintf(number, sizeof number, "%llu", word_at(text, c1, 6 + k));
            char *next = edited(moved, c1, 9 + k, number);
            free(moved);
            moved = next;
        }
        snprintf(buf, sizeof buf, "ck:%d: example: piece 2 ", c1);
        expect_refused("two pieces on one cell", moved, spec, &like, buf, "another piece");
    }
    expect_refused("an older version", edited(text, 1, 1, "2"), spec, &like,
                   "ck:1: version: 2: a checkpoint of format 2, from an older slide", "");
    expect_refused("another census", edited(text, 1, 2, "00000000deadbeef"), spec, &like,
                   "ck:1: a checkpoint of another census", "");
    snprintf(buf, sizeof buf, "ck:%d: size: ", c1);
    expect_refused("a hex number", edited(text, c1, 1, "0x10"), spec, &like, buf,
                   "'x' is not a decimal digit");
    char *nul = strdup(text);
    if (nul) {
        nul[strchr(strchr(nul, '\n') + 1, ' ') - nul + 1] = '\0';
        size_t n = len;
        sb_census_report out;
        sb_status st = read_text(nul, n, spec, &like, &out, &err);
        CHECK_MSG(st == SB_EINPUT && strncmp(err.msg, "ck:2: member: byte 0x00", 23) == 0,
                  "%s: a NUL byte: %s", name, err.msg);
        free(nul);
    }
    /* One number too many: the last one twice. */
    snprintf(buf + 40, 24, "%llu %llu", word_at(text, c1, 1), word_at(text, c1, 1));
    snprintf(buf, sizeof buf, "ck:%d: ", c1);
    expect_refused("a number too many", edited(text, c1, 1, buf + 40), spec, &like, buf, "");
    expect_refused("a line of another kind", with_line(text, "d 1 2 3"), spec, &like,
                   "ck:", "expected a \"member\" line");
done:
    free(text);
    sb_census_report_free(&like);
    sb_census_report_free(&whole);
}

/* ---- a census of every piece set ---- */

/* spec's piece sets, listed, none walked (what a checkpoint or words are
 * read into). */
static bool list_sets(const sb_census_spec *spec, sb_pieceset_report *out)
{
    sb_census_spec listing = *spec;
    listing.corner_goal = false;
    sb_error err;
    return CHECK_MSG(sb_census_piecesets(&listing, NULL, NULL, out, &err) == SB_OK, "%s",
                     err.msg);
}

/* Whether b's walked members are a's, field by field. */
static bool same_sets(const sb_pieceset_report *a, const sb_pieceset_report *b)
{
    if (a->nmembers != b->nmembers)
        return false;
    for (size_t i = 0; i < a->nmembers; i++) {
        const sb_pieceset_member *x = &a->members[i], *y = &b->members[i];
        size_t n = x->start ? x->nblocks : 0;
        if (x->mapped != y->mapped || x->hardest_moves != y->hardest_moves ||
            x->by_symmetry != y->by_symmetry || x->configurations != y->configurations ||
            n != (y->start ? y->nblocks : 0) ||
            (n && memcmp(x->start, y->start, n * sizeof *x->start) != 0))
            return false;
    }
    return true;
}

/* The corner-to-corner census of a 3x3 tray with a wall, walked, to
 * words and to checkpoint text and back: the same members.  Then damage:
 * words cut short at every length within the first four members (refused
 * or, at a member's end, fewer members: never a crash), a start's piece
 * moved off the tray, a member sent twice, a distance without a start, a
 * field out of range; each refused naming the
 * member and field ("member I: FIELD: ..."). */
static void check_sets(void)
{
    uint8_t walls[9] = { [5] = 1 };
    sb_census_spec spec = { .rows = 3, .cols = 3, .walls = walls, .any_pieces = true,
                            .corner_goal = true };
    sb_pieceset_report whole, back;
    sb_error err;
    if (!CHECK_MSG(sb_census_piecesets(&spec, NULL, NULL, &whole, &err) == SB_OK, "%s",
                   err.msg))
        return;
    size_t n = sb_pieceset_to_words(&whole, NULL), first = 0;
    uint64_t *w = malloc((n + 1) * sizeof *w);
    if (!CHECK(w != NULL && n > 0)) {
        free(w);
        sb_pieceset_report_free(&whole);
        return;
    }
    sb_pieceset_to_words(&whole, w);
    if (list_sets(&spec, &back)) {
        CHECK_MSG(sb_pieceset_from_words(w, n, &spec, &back, &err) == SB_OK, "%s", err.msg);
        CHECK_MSG(same_sets(&whole, &back), "piece sets: back from words, the members differ");
        sb_pieceset_report_free(&back);
    }
    /* Text: every walked member a line, read back. */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    bool wrote = f && sb_checkpoint_header(f, HASH, SB_METRIC_PIECE);
    for (size_t i = 0; wrote && i < whole.nmembers; i++)
        if (whole.members[i].mapped)
            wrote = sb_checkpoint_set(f, i, &whole.members[i]);
    if (f)
        fclose(f);
    FILE *in = wrote ? fmemopen(text, len, "r") : NULL;
    if (CHECK(in != NULL) && list_sets(&spec, &back)) {
        CHECK_MSG(sb_checkpoint_read_sets(in, len, "t.ckpt", HASH, SB_METRIC_PIECE, &spec,
                                          &back, &err) == SB_OK, "%s", err.msg);
        CHECK_MSG(same_sets(&whole, &back), "piece sets: back from text, the members differ");
        sb_pieceset_report_free(&back);
    }
    if (in)
        fclose(in);
    free(text);
    /* Damage: cut within the first four members (each member is read
     * alike, and a listing a cut would make this test slow). */
    size_t four = 0;
    for (int k = 0; k < 4 && four < n; k++)
        four += 5 + 6 * w[four + 4];
    for (size_t cut = 0; cut < four; cut++) {
        if (!list_sets(&spec, &back))
            break;
        sb_status st = sb_pieceset_from_words(w, cut, &spec, &back, &err);
        CHECK_MSG(st == SB_OK || (st == SB_EINPUT && strstr(err.msg, "garbled")),
                  "piece sets: words cut at %zu: %d %s", cut, (int)st, err.msg);
        sb_pieceset_report_free(&back);
    }
    while (first < n && w[first + 4] == 0)   /* the first member with a start */
        first += 5;
    struct { size_t at; uint64_t to; const char *want; } edits[] = {
        { first + 5, 7, ": start: a piece leaves the tray" },
        { first + 1, SB_DISTANCE_NONE, ": pieces: " },
        { first + 5, (uint64_t)-2, ": start: -2 is not from -1 to 65536" },
    };
    for (size_t e = 0; first < n && e < sizeof edits / sizeof *edits; e++) {
        uint64_t was = w[edits[e].at];
        w[edits[e].at] = edits[e].to;
        if (list_sets(&spec, &back)) {
            sb_status st = sb_pieceset_from_words(w, n, &spec, &back, &err);
            CHECK_MSG(st == SB_EINPUT && strstr(err.msg, "garbled: member ") &&
                          strstr(err.msg, edits[e].want),
                      "piece sets: edit %zu: %d %s", e, (int)st, err.msg);
            sb_pieceset_report_free(&back);
        }
        w[edits[e].at] = was;
    }
    if (list_sets(&spec, &back)) {   /* a member twice: the words of two shards alike */
        CHECK(sb_pieceset_from_words(w, n, &spec, &back, &err) == SB_OK);
        sb_status st = sb_pieceset_from_words(w, n, &spec, &back, &err);
        CHECK_MSG(st == SB_EINPUT && strstr(err.msg, "set: ") && strstr(err.msg, "twice"),
                  "piece sets: a member twice: %d %s", (int)st, err.msg);
        sb_pieceset_report_free(&back);
    }
    free(w);
    sb_pieceset_report_free(&whole);
}

int main(void)
{
    /* 3x4, a wall, a marked red car that slides along its row to a goal,
     * cars, talls and units in ranges, diameters: the graph path. */
    uint8_t walls[12] = { [3] = 1 };
    sb_census_kind rich[] = {
        { "red", 1, 2, SB_AXIS_ROW, true, 1, 1 },
        { "car", 1, 2, SB_AXIS_ROW, false, 0, 2 },
        { "tall", 2, 1, SB_AXIS_ANY, false, 0, 2 },
        { "unit", 1, 1, SB_AXIS_ANY, false, 0, 2 },
    };
    size_t goal_kind[] = { 0 };
    sb_block goal = { .row = 1, .col = 2, .height = 1, .width = 2 };
    sb_census_spec graph = { .rows = 3, .cols = 4, .walls = walls, .nkinds = 4, .kinds = rich,
                             .min_empty = 2, .ngoals = 1, .goal_kind = goal_kind,
                             .goals = &goal, .diameters = true };
    /* 4x4, plain rectangles, no goal: the census path. */
    sb_census_kind plain[] = {
        { "big", 2, 2, SB_AXIS_ANY, false, 1, 1 },
        { "wide", 1, 2, SB_AXIS_ANY, false, 0, 3 },
        { "unit", 1, 1, SB_AXIS_ANY, false, 0, 3 },
    };
    sb_census_spec bitmap = { .rows = 4, .cols = 4, .nkinds = 3, .kinds = plain,
                              .min_empty = 2 };
    /* 4x4, one-axis pieces, a goal, keep 2: the line path, which cuts its
     * largest members into parts that shards hold apart, each its own
     * best two components. */
    sb_census_kind one_axis[] = {
        { "red", 1, 2, SB_AXIS_ROW, true, 1, 1 },
        { "car", 1, 2, SB_AXIS_ROW, false, 0, 2 },
        { "vcar", 2, 1, SB_AXIS_COL, false, 0, 2 },
        { "truck", 1, 3, SB_AXIS_ROW, false, 0, 1 },
    };
    sb_census_spec lines = { .rows = 4, .cols = 4, .nkinds = 4, .kinds = one_axis,
                             .ngoals = 1, .goal_kind = goal_kind, .goals = &goal, .keep = 2 };
    for (unsigned n = 1; n <= 3; n++) {
        check_round_trip("graph census", &graph, n);
        check_round_trip("bitmap census", &bitmap, n);
        size_t partial = check_round_trip("line census", &lines, n);
        CHECK_MSG(n == 1 || partial > 0, "line census in %u shards: no member held in part", n);
    }
    check_damage("graph census", &graph);
    check_damage("bitmap census", &bitmap);
    check_text("graph census", &graph);
    check_text("bitmap census", &bitmap);
    check_text("line census", &lines);
    check_sets();
    return unit_finish("census_codec");
}
