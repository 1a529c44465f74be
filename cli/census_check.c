/*
 * census_check.c - whether a census member read back can be the member it
 * claims to be (see census_check.h for what is held).
 *
 * The one bound that needs the tray is on the layouts: a member's pieces
 * of kind k take k's anchors (inside the tray, off the walls, on its pin),
 * any n_k of its P_k, so a member has at most the product of C(P_k, n_k)
 * layouts (overlaps not yet taken out).  Each P_k is counted once, with a
 * prefix sum of the walls, and the product saturates at 2^64 - 1.
 *
 * A layout is checked on a grid of stamps, one per cell: a cell is
 * covered in this layout when its stamp is this layout's number, so the
 * grid is never cleared (but when the number wraps).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "census_check.h"

#define NONE SB_DISTANCE_NONE

static bool fault(census_fault *f, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fault(census_fault *f, const char *field, const char *fmt, ...)
{
    f->field = field;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->why, sizeof f->why, fmt, ap);
    va_end(ap);
    return false;
}

static const sb_census_spec *spec_of(const census_checker *k)
{
    return k->frame->spec;
}

/* The parts mask of a member cut into n parts (n <= 64). */
static uint64_t all_parts(uint32_t n)
{
    return n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
}

static uint64_t saturating_product(uint64_t a, uint64_t b)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    return p > UINT64_MAX ? UINT64_MAX : (uint64_t)p;
}

static uint64_t saturating_sum(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* C(p, n), or 2^64 - 1 when it is at least that. */
static uint64_t choose(uint64_t p, uint64_t n)
{
    if (n > p)
        return 0;
    if (n > p - n)
        n = p - n;   /* C(p, j) grows with j up to here: once past 2^64, it stays */
    unsigned __int128 c = 1;
    for (uint64_t j = 0; j < n; j++) {
        c = c * (p - j) / (j + 1);
        if (c > UINT64_MAX)
            return UINT64_MAX;
    }
    return (uint64_t)c;
}

/* The census's kinds' shapes as a puzzle's (sb_census_kind_block's
 * blocks name them), for sb_block_covers and sb_block_anchor_offset. */
static sb_puzzle shaped_tray(const sb_census_spec *s)
{
    sb_puzzle p = { .rows = s->rows, .cols = s->cols, .walls = s->walls,
                    .nshapes = s->kind_shapes ? s->nkinds : 0, .shapes = s->kind_shapes };
    return p;
}

/* The anchors a piece of kind k may take: inside the tray, off the walls
 * (prefix[(r) * (cols + 1) + c]: walls above and left of r, c; cell by
 * cell for a shape) and on its pin (its anchor's row or column). */
static uint64_t places_of(const sb_census_spec *s, size_t k, const uint32_t *prefix)
{
    const sb_census_kind *kind = &s->kinds[k];
    sb_puzzle tray = shaped_tray(s);
    sb_block b = sb_census_kind_block(s->kinds, s->kind_shapes, k);
    int left = sb_block_anchor_offset(&tray, &b);
    size_t stride = (size_t)s->cols + 1;
    uint64_t n = 0;
    for (int r = 0; r + kind->height <= s->rows; r++)
        for (int c = 0; c + kind->width <= s->cols; c++) {
            if (kind->pinned) {
                int line = kind->axis == SB_AXIS_ROW ? r : c + left;
                if (line < kind->pin_first || line > kind->pin_last)
                    continue;
            }
            size_t r2 = (size_t)(r + kind->height), c2 = (size_t)(c + kind->width);
            uint32_t walls = prefix[r2 * stride + c2] - prefix[(size_t)r * stride + c2] -
                             prefix[r2 * stride + (size_t)c] +
                             prefix[(size_t)r * stride + (size_t)c];
            b.row = r;
            b.col = c + left;
            for (int y = 0; b.shape && walls && y < kind->height; y++)
                for (int x = 0; x < kind->width; x++)
                    walls -= s->walls[(size_t)(r + y) * (size_t)s->cols + (size_t)(c + x)] &&
                             !sb_block_covers(&tray, &b, r + y, c + x);
            n += walls == 0;
        }
    return n;
}

bool sb_census_checker_init(census_checker *k, const census_frame *frame)
{
    const sb_census_spec *s = frame->spec;
    memset(k, 0, sizeof *k);
    k->frame = frame;
    size_t cells = (size_t)s->rows * (size_t)s->cols, stride = (size_t)s->cols + 1;
    uint32_t *prefix = calloc(((size_t)s->rows + 1) * stride, sizeof *prefix);
    k->places = calloc(s->nkinds + 1, sizeof *k->places);
    k->tally = calloc(s->nkinds + 1, sizeof *k->tally);
    k->stamp = calloc(cells + 1, sizeof *k->stamp);
    if (!prefix || !k->places || !k->tally || !k->stamp) {
        free(prefix);
        sb_census_checker_free(k);
        return false;
    }
    for (size_t r = 0; r < (size_t)s->rows; r++)
        for (size_t c = 0; c < (size_t)s->cols; c++)
            prefix[(r + 1) * stride + c + 1] =
                prefix[r * stride + c + 1] + prefix[(r + 1) * stride + c] -
                prefix[r * stride + c] + (s->walls && s->walls[r * (size_t)s->cols + c]);
    for (size_t kind = 0; kind < s->nkinds; kind++)
        k->places[kind] = places_of(s, kind, prefix);
    free(prefix);
    return true;
}

void sb_census_checker_free(census_checker *k)
{
    free(k->places);
    free(k->tally);
    free(k->stamp);
    memset(k, 0, sizeof *k);
}

bool sb_census_check_index(const census_checker *k, uint64_t i, const sb_census_report *out,
                           census_fault *f)
{
    size_t n = k->frame->like->nmembers;
    if (i >= n)
        return n ? fault(f, "member", "%" PRIu64 " is past the census's last member, %zu", i,
                         n - 1)
                 : fault(f, "member", "%" PRIu64 ": the census has no members", i);
    if (out->members[i].mapped || out->members[i].parts)
        return fault(f, "member", "%" PRIu64 " is listed twice", i);
    return true;
}

bool sb_census_check_counts(const census_checker *k, uint64_t i, const uint32_t *counts,
                            census_fault *f)
{
    const sb_census_report *like = k->frame->like;
    const uint32_t *want = like->members[i].counts;
    for (size_t kind = 0; kind < like->nkinds; kind++)
        if (counts[kind] != want[kind])
            return fault(f, spec_of(k)->kinds[kind].name, "%u pieces, but member %" PRIu64
                         " of the census has %u of this kind", counts[kind], i, want[kind]);
    return true;
}

bool sb_census_check_member(const census_checker *k, const sb_census_member *m, bool whole,
                            census_fault *f)
{
    const sb_census_spec *s = spec_of(k);
    if (whole && !m->mapped)
        return fault(f, "mapped", "0: a checkpoint holds members mapped whole");
    if (m->nparts < 1 || m->nparts > 64)
        return fault(f, "parts", "%u: a member is cut into 1 to 64 parts", m->nparts);
    if (m->mapped ? m->parts != all_parts(m->nparts)
                  : m->nparts < 2 || !m->parts || m->parts == all_parts(m->nparts) ||
                        (m->parts & ~all_parts(m->nparts)))
        return fault(f, "parts held", "%" PRIu64 " is not the parts a member %s of %u parts "
                     "holds", m->parts, m->mapped ? "mapped whole" : "held in part", m->nparts);
    uint64_t bound = 1;
    for (size_t kind = 0; kind < s->nkinds; kind++)
        bound = saturating_product(bound, choose(k->places[kind], m->counts[kind]));
    if (m->layouts > bound)
        return fault(f, "layouts", "%" PRIu64 " is more than its pieces have: at most %" PRIu64
                     " (each kind's pieces on the anchors they may take)", m->layouts, bound);
    if ((m->layouts == 0) != (m->all_components == 0) || m->all_components > m->layouts)
        return fault(f, "components", "%" PRIu64 " with %" PRIu64 " layouts: every component "
                     "holds at least one layout and every layout is in one",
                     m->all_components, m->layouts);
    if (m->all_components ? m->largest < 1 || m->largest > m->layouts - (m->all_components - 1)
                          : m->largest != 0)
        return fault(f, "largest", "%" PRIu64 " cannot be the largest of %" PRIu64
                     " components of %" PRIu64 " layouts", m->largest, m->all_components,
                     m->layouts);
    if (m->layouts > saturating_product(m->all_components, m->largest))
        return fault(f, "layouts", "%" PRIu64 " is more than %" PRIu64 " components of at most "
                     "%" PRIu64 " hold", m->layouts, m->all_components, m->largest);
    if (m->goal_components > m->all_components || (!m->has_goal && m->goal_components))
        return fault(f, "goal components", "%" PRIu64 " of %" PRIu64 " components%s",
                     m->goal_components, m->all_components,
                     m->has_goal ? "" : ", in a member without the goal's pieces");
    if ((m->goal_components == 0) != (m->hardest_moves == NONE) ||
        (m->hardest_moves != NONE && m->hardest_moves >= m->largest))
        return fault(f, "hardest", "%u with %" PRIu64 " goal components whose largest holds %"
                     PRIu64 " layouts (a distance is shorter than its component; %u: none)",
                     m->hardest_moves, m->goal_components, m->largest, NONE);
    uint64_t listed = s->keep && m->all_components > s->keep ? s->keep : m->all_components;
    if (m->ncomponents != listed)
        return fault(f, "listed", "%zu, but %" PRIu64 " components%s list %" PRIu64,
                     m->ncomponents, m->all_components, s->keep ? " under keep" : "", listed);
    return true;
}

bool sb_census_check_component(const census_checker *k, const sb_census_member *m, size_t c,
                               census_fault *f)
{
    const sb_component *x = &m->components[c];
    if (x->size < 1 || x->size > m->largest)
        return fault(f, "size", "%" PRIu64 ", but the member's largest component holds %" PRIu64,
                     x->size, m->largest);
    if (c > 0 && x->size > m->components[c - 1].size)
        return fault(f, "size", "%" PRIu64 ", larger than the component before it (%" PRIu64
                     "): the list is largest first", x->size, m->components[c - 1].size);
    bool diameters = spec_of(k)->diameters;
    if (diameters ? x->diameter >= x->size : x->diameter != 0)
        return fault(f, "diameter", "%u in a component of %" PRIu64 " layouts%s", x->diameter,
                     x->size, diameters ? "" : " (the SPEC asks for no diameters)");
    if (diameters ? x->sweeps > x->size : x->sweeps != 0)
        return fault(f, "sweeps", "%u in a component of %" PRIu64 " layouts%s", x->sweeps,
                     x->size, diameters ? "" : " (the SPEC asks for no diameters)");
    if (!m->has_goal) {
        if (x->goal_layouts || x->hardest)
            return fault(f, x->goal_layouts ? "goal layouts" : "hardest", "%" PRIu64 " and %u: "
                         "a member without the goal's pieces has 0 and 0", x->goal_layouts,
                         x->hardest);
        return true;
    }
    if (x->goal_layouts > x->size)
        return fault(f, "goal layouts", "%" PRIu64 " in a component of %" PRIu64 " layouts",
                     x->goal_layouts, x->size);
    if ((x->goal_layouts == 0) != (x->hardest == NONE) ||
        (x->hardest != NONE && (x->hardest > x->size - x->goal_layouts ||
                                x->hardest > m->hardest_moves)))
        return fault(f, "hardest", "%u in a component of %" PRIu64 " layouts, %" PRIu64
                     " of them goals, of a member whose hardest is %u (%u: none)", x->hardest,
                     x->size, x->goal_layouts, m->hardest_moves, NONE);
    return true;
}

bool sb_census_check_layout(census_checker *k, const sb_census_member *m, const sb_block *b,
                            const char *what, census_fault *f)
{
    const sb_census_spec *s = spec_of(k);
    sb_puzzle tray = shaped_tray(s);
    if (++k->layout == 0) {   /* the stamps wrapped: start them over */
        memset(k->stamp, 0, (size_t)s->rows * (size_t)s->cols * sizeof *k->stamp);
        k->layout = 1;
    }
    memset(k->tally, 0, s->nkinds * sizeof *k->tally);
    for (size_t i = 0; i < m->nblocks; i++) {
        size_t kind = sb_census_kind_of(s->kinds, s->kind_shapes, s->nkinds, &b[i]);
        if (kind == s->nkinds)
            return fault(f, what, "piece %zu is of no kind of the census", i + 1);
        const sb_census_kind *kd = &s->kinds[kind];
        int left = b[i].col - sb_block_anchor_offset(&tray, &b[i]);
        if (b[i].row < 0 || left < 0 || b[i].row + kd->height > s->rows ||
            left + kd->width > s->cols)
            return fault(f, what, "piece %zu (%s at %d %d) leaves the %dx%d tray", i + 1,
                         kd->name, b[i].row, b[i].col, s->rows, s->cols);
        if (kd->pinned) {
            int line = kd->axis == SB_AXIS_ROW ? b[i].row : b[i].col;
            if (line < kd->pin_first || line > kd->pin_last)
                return fault(f, what, "piece %zu (%s at %d %d) is off its pin, %s %d..%d",
                             i + 1, kd->name, b[i].row, b[i].col,
                             kd->axis == SB_AXIS_ROW ? "rows" : "cols", kd->pin_first,
                             kd->pin_last);
        }
        for (int y = 0; y < kd->height; y++)
            for (int x = 0; x < kd->width; x++) {
                if (!sb_block_covers(&tray, &b[i], b[i].row + y, left + x))
                    continue;
                size_t cell = (size_t)(b[i].row + y) * (size_t)s->cols + (size_t)(left + x);
                if (s->walls && s->walls[cell])
                    return fault(f, what, "piece %zu (%s at %d %d) covers the wall at %d %d",
                                 i + 1, kd->name, b[i].row, b[i].col, b[i].row + y, left + x);
                if (k->stamp[cell] == k->layout)
                    return fault(f, what, "piece %zu (%s at %d %d) covers cell %d %d, which "
                                 "another piece covers", i + 1, kd->name, b[i].row, b[i].col,
                                 b[i].row + y, left + x);
                k->stamp[cell] = k->layout;
            }
        k->tally[kind]++;
    }
    for (size_t kind = 0; kind < s->nkinds; kind++)
        if (k->tally[kind] != m->counts[kind])
            return fault(f, what, "%u pieces of %s, but the member has %u", k->tally[kind],
                         s->kinds[kind].name, m->counts[kind]);
    return true;
}

bool sb_census_check_list(const census_checker *k, const sb_census_member *m, census_fault *f)
{
    (void)k;
    uint64_t sum = 0, goals = 0;
    uint32_t hardest = NONE;
    for (size_t c = 0; c < m->ncomponents; c++) {
        const sb_component *x = &m->components[c];
        sum = saturating_sum(sum, x->size);
        goals += x->goal_layouts > 0;
        if (x->hardest != NONE && m->has_goal && (hardest == NONE || x->hardest > hardest))
            hardest = x->hardest;
    }
    uint64_t unlisted = m->all_components - m->ncomponents;
    if (saturating_sum(sum, unlisted) > m->layouts ||
        (unlisted == 0 && sum != m->layouts) ||
        m->layouts - sum > saturating_product(unlisted, m->largest))
        return fault(f, "layouts", "%" PRIu64 ", but the %zu components listed hold %" PRIu64
                     " and the %" PRIu64 " others 1 to %" PRIu64 " each", m->layouts,
                     m->ncomponents, sum, unlisted, m->largest);
    bool first_is_largest = unlisted == 0 || !m->has_goal;
    if (m->ncomponents && first_is_largest && m->components[0].size != m->largest)
        return fault(f, "largest", "%" PRIu64 ", but the first component listed, the largest, "
                     "holds %" PRIu64, m->largest, m->components[0].size);
    if (goals > m->goal_components || (unlisted == 0 && goals != m->goal_components))
        return fault(f, "goal components", "%" PRIu64 ", but %" PRIu64 " of the components "
                     "listed hold a goal layout", m->goal_components, goals);
    if (m->has_goal && m->goal_components && hardest != m->hardest_moves)
        return fault(f, "hardest", "%u, but the hardest component listed (the list holds it) "
                     "is %u", m->hardest_moves, hardest);
    return true;
}
