/*
 * test_layouts.c - the layouts enumeration (engine/explore/layouts.c)
 * against a brute force (unit_pieces.h) that places the pieces by naive
 * recursion and sorts the layouts into the order the enumeration promises
 * (cell by cell, an empty cell before the classes in order).
 *
 * On random piece sets (trays from 1x1 up to 1xN, Nx1 and trays of more
 * than 64 cells, which take the walk's byte-per-cell path instead of its
 * one-word masks; walls, L, T, S and U pieces, one-axis, marked and
 * grouped pieces, empty cells; counts changed and classes pinned to rows
 * or columns as a census and the line path do), for the general board
 * and, where the set allows, the bitboard:
 *   - sbi_pieces_of's classes, counts, cells and empty cells, and
 *     sbi_pieces_bitboard, are the brute force's;
 *   - sbi_layouts_first gives the first layout (or none when none fits);
 *   - sbi_layouts_each hands over every layout once, in order: each key,
 *     decoded by the space, is the brute force's layout of that index;
 *     a visit that says stop stops it there;
 *   - with rank tables of the test's own (the multinomial number system
 *     the census uses, sb_rank_tables), the walk's rank at each layout is
 *     the brute force's rank of its word; with a bitmap of layouts
 *     already seen it still visits every layout not seen, in order, and
 *     with every bit set it visits none;
 *   - sbi_layouts_enumerate stores them with ids in that order, the first
 *     key is the space's own root, the states limit stops it at one
 *     layout fewer, and sbi_layouts_key of each layout's blocks (in any
 *     order) is its stored key;
 *   - sbi_layout_twin names the lowest id among a layout's mirror images,
 *     as the brute force reflects it, when every layout is its own
 *     component.
 */
#include "unit_pieces.h"

#include "explore/explore.h"
#include "search/setup.h"

static unit_rng rng = { 0x1a7045e7u };

/* ---- ranks: the multinomial number system, the test's own ---------------- */

enum { MAX_TOKENS = UNIT_PIECE_CLASSES + 1, MAX_RANK_STATES = 1 << 16 };
#define MAX_RANKS (1ULL << 22)   /* a bitmap of 512 KB, at most */

/* The number of words with left[t] tokens t (t < ntok); UINT64_MAX when
 * past 2^62. */
static uint64_t words_of(const uint32_t *left, int ntok)
{
    unsigned __int128 total = 1;
    uint64_t n = 0;
    for (int t = 0; t < ntok; t++)
        for (uint64_t j = 1; j <= left[t]; j++) {
            /* total * C(n + j, j) / C(n + j - 1, j - 1): exact at each step */
            n++;
            total = total * n / j;
            if (total > (1ULL << 62))
                return UINT64_MAX;
        }
    return (uint64_t)total;
}

/* The rank of a word among all words of its tokens' counts: the words
 * that agree with it up to some position and then take a smaller token. */
static uint64_t rank_of(const uint8_t *word, int wlen, const uint32_t *counts, int ntok)
{
    uint32_t left[MAX_TOKENS];
    memcpy(left, counts, (size_t)ntok * sizeof *left);
    uint64_t rank = 0;
    for (int i = 0; i < wlen; i++) {
        for (int t = 0; t < word[i]; t++)
            if (left[t]) {
                left[t]--;
                rank += words_of(left, ntok);
                left[t]++;
            }
        left[word[i]]--;
    }
    return rank;
}

/* sb_rank_tables for pc's tokens (empty, then each class), numbered in a
 * mixed radix of the test's own: the last token varies fastest. */
typedef struct test_ranks {
    sb_rank_tables tab;
    uint64_t *before;
    uint32_t counts[MAX_TOKENS];
    int ntok;
    uint64_t total;            /* words */
    uint64_t *of;              /* each layout's rank, by the brute force's index */
} test_ranks;

static bool ranks_init(test_ranks *r, const unit_pieces *up, const unit_layouts *L)
{
    memset(r, 0, sizeof *r);
    r->ntok = up->nclasses + 1;
    r->counts[0] = (uint32_t)up->empties;
    for (int s = 0; s < up->nclasses; s++)
        r->counts[s + 1] = (uint32_t)up->cls[s].count;
    r->total = words_of(r->counts, r->ntok);
    uint64_t radix[MAX_TOKENS], nstates = 1;
    for (int t = r->ntok - 1; t >= 0; t--) {
        radix[t] = nstates;
        nstates *= r->counts[t] + 1;
        if (nstates > MAX_RANK_STATES)
            return false;
    }
    if (r->total > MAX_RANKS)
        return false;
    uint64_t row = (uint64_t)r->ntok + 1;
    r->before = unit_alloc(nstates * row * sizeof *r->before);
    for (uint64_t s = 0; s < nstates; s++) {
        uint32_t left[MAX_TOKENS];
        for (int t = 0; t < r->ntok; t++)
            left[t] = (uint32_t)(s / radix[t] % (r->counts[t] + 1));
        uint64_t sum = 0;
        for (int t = 0; t < r->ntok; t++) {
            r->before[s * row + (uint64_t)t] = sum;
            if (left[t]) {
                left[t]--;
                sum += words_of(left, r->ntok);
                left[t]++;
            }
        }
        r->before[s * row + (uint64_t)r->ntok] = words_of(left, r->ntok);
    }
    uint64_t full = 0;
    for (int t = 0; t < r->ntok; t++) {
        r->tab.stride[t] = radix[t] * row;
        full += r->counts[t] * radix[t];
    }
    r->tab.before = r->before;
    r->tab.full = full * row;
    r->tab.words_at = (uint64_t)r->ntok;
    r->of = unit_alloc((L->n + 1) * sizeof *r->of);
    for (size_t i = 0; i < L->n; i++)
        r->of[i] = rank_of(unit_layout_word(L, i), L->wlen, r->counts, r->ntok);
    return true;
}

static void ranks_free(test_ranks *r)
{
    free(r->before);
    free(r->of);
}

static bool is_seen(const test_ranks *r, size_t layout)
{
    return r->tab.seen[r->of[layout] >> 6] >> (r->of[layout] & 63) & 1;
}

/* ---- the engine's side ----------------------------------------------------- */

/* A piece set bound to one space, as sbi_map_pieces sets it up. */
typedef struct bound {
    sb_setup s;
    sb_layouts l;
    sb_pieces pc;
    sb_block *first;
    bool found, ready;
} bound;

static void bound_end(bound *b)
{
    sbi_layouts_free(&b->l);
    sbi_setup_end(&b->s);
    free(b->first);
}

/* Lays pc out, finds its first layout and, when there is one, binds it to
 * the space (path) built from that layout.  max_states: the meter's limit. */
static void bound_begin(bound *b, const sb_pieces *pc, sb_path path, uint64_t max_states,
                        const char *name)
{
    memset(b, 0, sizeof *b);
    b->pc = *pc;
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_states = max_states;
    sbi_setup_meter(&b->s, &opts);
    size_t nblocks = sbi_pieces_blocks(pc);
    b->first = unit_alloc((nblocks + 1) * sizeof *b->first);
    if (!CHECK_MSG(sbi_layouts_init(&b->l, &b->pc, &b->s.meter) == SB_OK, "%s: init", name) ||
        !CHECK_MSG(sbi_layouts_first(&b->l, b->first, &b->found) == SB_OK, "%s: first", name) ||
        !b->found)
        return;
    const sb_puzzle *src = pc->source;
    sb_puzzle first = { pc->rows, pc->cols, nblocks, b->first, 0, NULL,
                        src->nshapes, src->shapes, src->walls };
    sb_error err;
    if (!CHECK_MSG(sbi_setup_space(&b->s, &first, path, SB_METRIC_UNIT, &err) == SB_OK,
                   "%s: the %s space: %s", name, sb_path_name(path), err.msg) ||
        !CHECK_MSG(sbi_layouts_bind(&b->l, b->s.space, path == SB_PATH_BITBOARD) == SB_OK,
                   "%s: bind", name))
        return;
    b->ready = true;
}

/* What one walk saw. */
typedef struct walk {
    bound *b;
    const unit_pieces *up;
    const unit_layouts *L;
    const test_ranks *ranks;   /* NULL: the walk does not rank */
    const char *name;
    size_t visits, stop_at;    /* stop_at: the visit that says stop (0: none) */
    size_t last;               /* the index of the layout visited last, SIZE_MAX: none */
    unsigned char *keys;       /* with keep: each visit's key, key_size bytes */
    bool keep, in_order;
    size_t wrong;              /* visits whose layout or rank was not the brute force's */
    sb_block *blocks;
    uint8_t *code, *word;
} walk;

static bool visit(void *ctx, const void *key)
{
    walk *w = ctx;
    const sb_space *sp = w->b->s.space;
    size_t nblocks = sbi_pieces_blocks(&w->b->pc);
    sp->ops->decode(sp, w->b->s.scratch, key, w->blocks);
    size_t at = SIZE_MAX;
    if (unit_code_of(w->up, w->blocks, nblocks, w->code)) {
        unit_word_of(w->up, w->code, w->word);
        at = unit_layouts_find(w->L, w->word);
    }
    /* In order: the next layout, or with a bitmap of seen ones a later one. */
    size_t want = w->last == SIZE_MAX ? 0 : w->last + 1;
    bool ok = at != SIZE_MAX && (w->ranks && w->ranks->tab.seen ? at >= want : at == want);
    if (ok && w->ranks)
        ok = w->b->l.rank == w->ranks->of[at];
    if (!ok && w->wrong++ == 0) {
        CHECK_MSG(false, "%s (%s): visit %zu is layout %zu, want %zu; rank %llu", w->name,
                  sb_path_name(w->b->s.path), w->visits, at, want,
                  (unsigned long long)w->b->l.rank);
        unit_print_blocks(stderr, "visited", w->blocks, nblocks);
    }
    if (ok && w->ranks && w->ranks->tab.seen)
        for (size_t skipped = want; skipped < at && w->in_order; skipped++)
            w->in_order = is_seen(w->ranks, skipped);
    if (w->keep && w->visits < w->L->n)
        memcpy(w->keys + w->visits * sp->key_size, key, sp->key_size);
    if (at != SIZE_MAX)
        w->last = at;
    w->visits++;
    return w->visits != w->stop_at;
}

static void walk_begin(walk *w, bound *b, const unit_pieces *up, const unit_layouts *L,
                       const char *name)
{
    memset(w, 0, sizeof *w);
    w->b = b;
    w->up = up;
    w->L = L;
    w->name = name;
    w->last = SIZE_MAX;
    w->in_order = true;
    w->blocks = unit_alloc(((size_t)unit_pieces_count(up) + 1) * sizeof *w->blocks);
    w->code = unit_alloc((size_t)L->ncells + 1);
    w->word = unit_alloc((size_t)L->wlen + 1);
}

static void walk_end(walk *w)
{
    free(w->blocks);
    free(w->code);
    free(w->word);
    free(w->keys);
}

/* ---- reflections, the brute force's ------------------------------------------ */

/* The layout code reflected (f: 1 left-right, 2 top-bottom, 3 both) into
 * out; false when some piece's image is of no class of up with its count,
 * or the walls do not reflect onto themselves. */
static bool reflect(const unit_pieces *up, int f, const uint8_t *code, uint8_t *out)
{
    int rows = up->rows, cols = up->cols;
    for (int cell = 0; cell < rows * cols; cell++) {
        int r = cell / cols, c = cell % cols;
        int image = (f & 2 ? rows - 1 - r : r) * cols + (f & 1 ? cols - 1 - c : c);
        if (unit_is_wall(up, cell) != unit_is_wall(up, image))
            return false;
    }
    /* Each class with pieces must have a mirror class: the reflected
     * cells, the same axis, group and count (the engine's rule). */
    int mirror[UNIT_PIECE_CLASSES];
    for (int s = 0; s < up->nclasses; s++) {
        const unit_class *k = &up->cls[s];
        unit_class m = *k;
        int ar = 99, ac = 99;
        for (int i = 0; i < k->n; i++) {
            int y = f & 2 ? -k->dr[i] : k->dr[i], x = f & 1 ? -k->dc[i] : k->dc[i];
            if (y < ar || (y == ar && x < ac)) {
                ar = y;
                ac = x;
            }
        }
        /* The image's cells relative to its own anchor, in row-major order. */
        m.n = 0;
        m.left = 0;
        for (int y = -8; y <= 8; y++)
            for (int x = -8; x <= 8; x++)
                for (int i = 0; i < k->n; i++) {
                    int iy = f & 2 ? -k->dr[i] : k->dr[i], ix = f & 1 ? -k->dc[i] : k->dc[i];
                    if (iy - ar == y && ix - ac == x) {
                        m.dr[m.n] = y;
                        m.dc[m.n++] = x;
                        m.left = x < m.left ? x : m.left;
                    }
                }
        mirror[s] = -1;
        for (int t = 0; t < up->nclasses; t++)
            if (unit_same_class(&up->cls[t], &m) && up->cls[t].count == k->count)
                mirror[s] = t;
        if (mirror[s] < 0 && k->count)
            return false;
    }
    for (int cell = 0; cell < rows * cols; cell++)
        out[cell] = 0;
    for (int cell = 0; cell < rows * cols; cell++) {
        if (!code[cell])
            continue;
        const unit_class *k = &up->cls[code[cell] - 1];
        int best = rows * cols;
        for (int i = 0; i < k->n; i++) {
            int r = cell / cols + k->dr[i], c = cell % cols + k->dc[i];
            int image = (f & 2 ? rows - 1 - r : r) * cols + (f & 1 ? cols - 1 - c : c);
            best = image < best ? image : best;
        }
        out[best] = (uint8_t)(mirror[code[cell] - 1] + 1);
    }
    return true;
}

/* ---- one piece set ------------------------------------------------------------ */

static unsigned long sets_checked, layouts_checked, ranked_sets, bitboard_sets, twin_sets,
    big_trays, empty_sets;

/* The engine's view of p's piece set, checked against the brute force's
 * (drawn), then made the set the test means (meant: drawn with counts
 * changed and classes pinned, as a census and the line path do). */
static bool engine_pieces(const sb_puzzle *p, const unit_pieces *drawn, const unit_pieces *meant,
                          sb_pieces *pc, const char *name)
{
    sb_error err;
    if (!CHECK_MSG(sbi_pieces_of(p, pc, &err) == SB_OK, "%s: %s", name, err.msg) ||
        !CHECK_MSG(pc->nclasses == drawn->nclasses, "%s: %d classes, the brute force %d", name,
                   pc->nclasses, drawn->nclasses))
        return false;
    bool ok = CHECK_MSG(pc->empties == (uint32_t)drawn->empties &&
                            sbi_pieces_blocks(pc) == (size_t)unit_pieces_count(drawn),
                        "%s: %u empty cells, %zu pieces", name, pc->empties,
                        sbi_pieces_blocks(pc));
    for (int s = 0; s < drawn->nclasses && ok; s++) {
        const unit_class *k = &drawn->cls[s];
        ok = CHECK_MSG(sbi_pieces_find(pc, &k->proto) == s && pc->count[s] == (uint32_t)k->count &&
                           sbi_pieces_cells(pc, s) == (uint32_t)k->n,
                       "%s: class %d: found as %d, %u pieces, %u cells", name, s,
                       sbi_pieces_find(pc, &k->proto), pc->count[s], sbi_pieces_cells(pc, s));
    }
    for (int s = 0; s < meant->nclasses; s++) {
        const unit_class *k = &meant->cls[s];
        pc->count[s] = (uint32_t)k->count;
        if (k->pin_first >= 0) {
            pc->pinned |= 1ULL << s;
            pc->pin_first[s] = (int16_t)k->pin_first;
            pc->pin_last[s] = (int16_t)k->pin_last;
        }
    }
    pc->empties = (uint32_t)meant->empties;
    /* The bitboard takes plain rectangles of group 0 that slide both ways,
     * on a tray without walls whose image fits 64 bits. */
    bool plain = (2 * p->rows - 1) * (2 * p->cols - 1) <= 64;
    for (int cell = 0; cell < p->rows * p->cols; cell++)
        plain = plain && !unit_is_wall(drawn, cell);
    for (int s = 0; s < drawn->nclasses; s++)
        plain = plain && drawn->cls[s].proto.shape == 0 && drawn->cls[s].group == 0 &&
                drawn->cls[s].axis == SB_AXIS_ANY;
    return ok && CHECK_MSG(sbi_pieces_bitboard(pc) == plain, "%s: sbi_pieces_bitboard %d", name,
                           sbi_pieces_bitboard(pc));
}

/* Every check above on one space. */
static void check_on(const unit_pieces *up, const sb_pieces *pc, const unit_layouts *L,
                     sb_path path, const char *name)
{
    bound b;
    bound_begin(&b, pc, path, 0, name);
    size_t nblocks = sbi_pieces_blocks(pc);
    CHECK_MSG(b.found == (L->n > 0), "%s: sbi_layouts_first found %d, %zu layouts", name,
              b.found, L->n);
    if (!b.ready) {
        bound_end(&b);
        return;
    }
    /* The first layout. */
    uint8_t *code = unit_alloc((size_t)L->ncells + 1);
    CHECK_MSG(unit_code_of(up, b.first, nblocks, code) &&
                  memcmp(code, unit_layout_code(L, 0), (size_t)L->ncells) == 0,
              "%s (%s): sbi_layouts_first is not the first layout", name, sb_path_name(path));
    const sb_space *sp = b.s.space;

    /* Every layout once, in order, ranked when the tables apply. */
    test_ranks ranks;
    bool ranked = ranks_init(&ranks, up, L);
    walk w;
    walk_begin(&w, &b, up, L, name);
    w.keep = true;
    w.keys = unit_alloc(L->n * sp->key_size + 1);
    w.ranks = ranked ? &ranks : NULL;
    b.l.ranks = w.ranks ? &ranks.tab : NULL;
    CHECK_MSG(sbi_layouts_each(&b.l, visit, &w) == SB_OK, "%s: the walk failed", name);
    CHECK_MSG(w.visits == L->n && w.wrong == 0, "%s (%s): %zu visits (%zu wrong), %zu layouts",
              name, sb_path_name(path), w.visits, w.wrong, L->n);
    unsigned char *keys = w.keys;
    w.keys = NULL;
    walk_end(&w);
    layouts_checked += L->n;

    /* Stopped by the visit: it stops there, and says so. */
    size_t stop = 1 + (size_t)unit_below(&rng, (int)L->n);
    walk_begin(&w, &b, up, L, name);
    w.stop_at = stop;
    b.l.ranks = NULL;
    CHECK_MSG(sbi_layouts_each(&b.l, visit, &w) == SB_ELIMIT && w.visits == stop && !w.wrong,
              "%s: a walk stopped at visit %zu made %zu", name, stop, w.visits);
    walk_end(&w);

    if (ranked) {
        /* A bitmap of layouts already seen: a random share of the words
         * (layouts or not), in runs, so that whole prefixes are seen. */
        size_t nwords = (size_t)(ranks.total / 64 + 1);
        uint64_t *seen = unit_alloc(nwords * sizeof *seen);
        for (uint64_t at = 0; at < ranks.total;) {
            uint64_t run = 1 + (uint64_t)unit_below(&rng, 200);
            bool set = unit_below(&rng, 3) == 0;
            for (uint64_t k = at; k < at + run && k < ranks.total; k++)
                seen[k >> 6] |= (uint64_t)set << (k & 63);
            at += run;
        }
        ranks.tab.seen = seen;
        b.l.ranks = &ranks.tab;
        walk_begin(&w, &b, up, L, name);
        w.ranks = &ranks;
        CHECK(sbi_layouts_each(&b.l, visit, &w) == SB_OK);
        /* Every layout after the last visited must be seen as well. */
        for (size_t k = w.last == SIZE_MAX ? 0 : w.last + 1; k < L->n && w.in_order; k++)
            w.in_order = is_seen(&ranks, k);
        CHECK_MSG(w.in_order && !w.wrong, "%s (%s): with a bitmap of seen layouts, one not "
                  "seen was skipped (%zu visits, %zu wrong)", name, sb_path_name(path), w.visits,
                  w.wrong);
        walk_end(&w);
        /* Every word seen: nothing to visit, but for a set of no pieces,
         * whose one layout the walk meets before deciding any cell. */
        memset(seen, 0xff, nwords * sizeof *seen);
        walk_begin(&w, &b, up, L, name);
        w.ranks = &ranks;
        CHECK(sbi_layouts_each(&b.l, visit, &w) == SB_OK);
        CHECK_MSG(w.visits == (nblocks == 0), "%s (%s): %zu visits with every layout seen",
                  name, sb_path_name(path), w.visits);
        walk_end(&w);
        free(seen);
        b.l.ranks = NULL;
        ranked_sets++;
    }
    if (ranked)
        ranks_free(&ranks);

    /* Stored, ids in the same order; the first is the space's own root. */
    sb_store *st = NULL;
    if (CHECK_MSG(sbi_layouts_enumerate(&b.l, &st) == SB_OK && st && st->count == L->n,
                  "%s (%s): enumerate", name, sb_path_name(path))) {
        bool same = true;
        for (uint32_t id = 0; id < st->count && same; id++)
            same = CHECK_MSG(memcmp(st->ops->key(st, id), keys + id * sp->key_size,
                                    sp->key_size) == 0,
                             "%s (%s): stored key %u is not the walk's", name, sb_path_name(path),
                             id);
        CHECK_MSG(memcmp(sp->root, st->ops->key(st, 0), sp->key_size) == 0,
                  "%s (%s): the first key is not the space's own", name, sb_path_name(path));
        /* Each layout's key from its blocks, shuffled. */
        sb_block *blocks = unit_alloc((nblocks + 1) * sizeof *blocks);
        for (size_t i = 0; i < L->n && same; i++) {
            size_t n = unit_blocks_of(up, unit_layout_code(L, i), blocks);
            for (size_t j = n; j > 1; j--) {
                size_t k = (size_t)unit_below(&rng, (int)j);
                sb_block t = blocks[j - 1];
                blocks[j - 1] = blocks[k];
                blocks[k] = t;
            }
            const void *key = sbi_layouts_key(&b.l, blocks, n);
            same = CHECK_MSG(key && memcmp(key, keys + i * sp->key_size, sp->key_size) == 0 &&
                                 st->ops->find(st, key, sp->ops->hash(sp, key)) == i,
                             "%s (%s): sbi_layouts_key of layout %zu", name, sb_path_name(path),
                             i);
        }
        /* A block of no class of the set has no key. */
        if (nblocks) {
            unit_blocks_of(up, unit_layout_code(L, 0), blocks);
            blocks[0].group = 1000;
            CHECK(sbi_layouts_key(&b.l, blocks, nblocks) == NULL);
        }
        /* Twins: with every layout its own component, the lowest id among
         * its mirror images. */
        uint32_t *comp = unit_alloc(L->n * sizeof *comp);
        for (uint32_t id = 0; id < L->n; id++)
            comp[id] = id;
        uint8_t *image = unit_alloc((size_t)L->ncells + 1), *word = unit_alloc((size_t)L->wlen + 1);
        bool any = false;
        for (uint32_t id = 0; id < L->n && same; id++) {
            size_t want = id;
            for (int f = 1; f <= 3; f++)
                if (reflect(up, f, unit_layout_code(L, id), image)) {
                    /* An image off a pinned class's lines is no layout of
                     * the set, and not a twin (pins keep to the lines a
                     * one-axis piece never leaves, so the set is a union
                     * of whole components, and images of those). */
                    int owner[UNIT_PIECES_TRAY];
                    if (!unit_owners(up, image, owner))
                        continue;
                    unit_word_of(up, image, word);
                    size_t at = unit_layouts_find(L, word);
                    same = CHECK_MSG(at != SIZE_MAX, "%s: reflection %d of layout %u is no "
                                     "layout", name, f, id);
                    want = at < want ? at : want;
                    any = true;
                }
            size_t got = sbi_layout_twin(&b.l, b.s.scratch, st, comp, id, blocks);
            same = same && CHECK_MSG(got == want, "%s (%s): twin of %u is %zu, want %zu", name,
                                     sb_path_name(path), id, got, want);
        }
        twin_sets += any;
        free(comp);
        free(image);
        free(word);
        free(blocks);
    }
    if (st)
        st->ops->free(st);
    free(keys);
    free(code);
    bound_end(&b);

    /* The states limit: one layout fewer is refused, and says why. */
    if (L->n >= 2) {
        bound_begin(&b, pc, path, L->n - 1, name);
        st = NULL;
        CHECK_MSG(b.ready && sbi_layouts_enumerate(&b.l, &st) == SB_ELIMIT && !st &&
                      b.s.meter.hit == SB_LIMIT_STATES,
                  "%s: %zu layouts under a limit of %zu", name, L->n, L->n - 1);
        bound_end(&b);
    }
}

/* Changes up as a census or the line path would: one class's count up or
 * down (to 0 sometimes), one-axis classes pinned to a range of rows or
 * columns. */
static void vary(unit_pieces *up)
{
    if (up->nclasses && unit_below(&rng, 3) == 0) {
        unit_class *k = &up->cls[unit_below(&rng, up->nclasses)];
        int was = k->count;
        k->count = unit_below(&rng, 4) == 0 ? 0 : k->count + (unit_below(&rng, 2) ? 1 : -1);
        if (k->count < 0 || !unit_pieces_recount(up)) {
            k->count = was;
            unit_pieces_recount(up);
        }
    }
    for (int s = 0; s < up->nclasses; s++) {
        unit_class *k = &up->cls[s];
        if (k->axis == SB_AXIS_ANY || unit_below(&rng, 3))
            continue;
        int lines = k->axis == SB_AXIS_ROW ? up->rows : up->cols;
        k->pin_first = unit_below(&rng, lines);
        k->pin_last = k->pin_first + unit_below(&rng, lines - k->pin_first);
    }
}

/* Every check on p's piece set, varied when asked; false when it has more
 * than max layouts (not checked). */
static bool check_set(const sb_puzzle *p, bool varied, size_t max, const char *name)
{
    unit_pieces drawn, meant;
    if (!CHECK_MSG(sb_puzzle_check(p, NULL) == SB_OK, "%s: not a puzzle", name) ||
        !unit_pieces_of(p, &drawn))
        return true;
    meant = drawn;
    if (varied)
        vary(&meant);
    unit_layouts L;
    bool counted = unit_enumerate(&meant, max, &L);
    sb_pieces pc;
    if (counted && engine_pieces(p, &drawn, &meant, &pc, name)) {
        check_on(&meant, &pc, &L, SB_PATH_GENERAL, name);
        if (sbi_pieces_bitboard(&pc)) {
            check_on(&meant, &pc, &L, SB_PATH_BITBOARD, name);
            bitboard_sets++;
        }
        sets_checked++;
        empty_sets += L.n == 0;
        big_trays += p->rows * p->cols > 64;
    }
    unit_layouts_free(&L);
    return counted;
}

/* A random set, varied half the time. */
static bool check_random(const sb_puzzle *p, size_t max, const char *name)
{
    return check_set(p, unit_below(&rng, 2), max, name);
}

/* Pieces of every kind on a tray of up to rows x cols. */
static void make_pieces(sb_puzzle *p, int rows, int cols, const char *what, int i, char *name,
                        size_t size)
{
    rows = 1 + unit_below(&rng, rows);
    cols = 1 + unit_below(&rng, cols);
    unit_pieces_plan plan = { .wall_pct = unit_below(&rng, 26), .keep_empty =
                              unit_below(&rng, 5), .max_pieces = 10, .shapes = UNIT_NSHAPES,
                              .axis_pct = 30, .marked_pct = 20, .same_pct = 30 };
    unit_random_pieces(p, &rng, rows, cols, &plan);
    snprintf(name, size, "%s %d (%dx%d)", what, i, rows, cols);
}

static void make_any(sb_puzzle *p, int i, char *name, size_t size)
{
    make_pieces(p, 5, 6, "any pieces", i, name, size);
}

static void make_row(sb_puzzle *p, int i, char *name, size_t size)
{
    make_pieces(p, 1, 20, "one row", i, name, size);
}

static void make_column(sb_puzzle *p, int i, char *name, size_t size)
{
    make_pieces(p, 20, 1, "one column", i, name, size);
}

/* Plain rectangles, no walls: the sets the bitboard takes. */
static void make_plain(sb_puzzle *p, int i, char *name, size_t size)
{
    int rows = 1 + unit_below(&rng, 5), cols = 1 + unit_below(&rng, 5);
    unit_shape_plan plan = { .max_h = 1 + unit_below(&rng, 3), .max_w = 1 + unit_below(&rng, 3),
                             .fill_pct = 50 + unit_below(&rng, 45),
                             .unit_pct = unit_below(&rng, 60) };
    unit_random_puzzle(p, &rng, rows, cols, &plan);
    snprintf(name, size, "plain rectangles %d (%dx%d)", i, rows, cols);
}

/* Trays of more than 64 cells, mostly walls, so that their layouts stay
 * few: the walk's byte-per-cell path. */
static void make_big(sb_puzzle *p, int i, char *name, size_t size)
{
    static const int sides[][2] = { { 1, 65 }, { 1, 90 }, { 70, 1 }, { 9, 9 }, { 8, 10 },
                                    { 6, 12 }, { 13, 5 }, { 5, 13 }, { 12, 12 } };
    const int *side = sides[i % (int)(sizeof sides / sizeof sides[0])];
    unit_pieces_plan plan = { .wall_pct = 70 + unit_below(&rng, 16), .keep_empty =
                              2 + unit_below(&rng, 4), .max_pieces = 3 + unit_below(&rng, 4),
                              .shapes = UNIT_NSHAPES, .axis_pct = 30, .marked_pct = 20,
                              .same_pct = 30 };
    unit_random_pieces(p, &rng, side[0], side[1], &plan);
    snprintf(name, size, "big tray %d (%dx%d)", i, side[0], side[1]);
}

/* Edges by hand: no piece at all, a full tray, one cell. */
static void hand_sets(void)
{
    sb_block one = { 0, 0, 1, 1 };
    sb_block full[6] = { { 0, 0, 1, 1 }, { 0, 1, 1, 2 }, { 1, 0, 1, 1 },
                         { 1, 1, 1, 1, 0, 1 }, { 1, 2, 1, 1 } };
    uint8_t walls[9] = { 0, 0, 0, 0, 0, 0, 1, 0, 1 };
    sb_puzzle cases[] = {
        { 3, 3, 0, NULL, 0, NULL, 0, NULL, NULL },          /* nothing to place */
        { 1, 1, 1, &one, 0, NULL, 0, NULL, NULL },          /* one cell, one piece */
        { 1, 1, 0, NULL, 0, NULL, 0, NULL, NULL },          /* one cell, empty */
        { 2, 3, 5, full, 0, NULL, 0, NULL, NULL },          /* full: no empty cell */
        { 3, 3, 1, &one, 0, NULL, 0, NULL, walls },         /* walls */
    };
    char name[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(name, sizeof name, "hand-made set %zu", i);
        CHECK(check_set(&cases[i], false, 1000, name));
    }
    /* More classes than the enumeration takes: refused, not cut short. */
    enum { N = SB_MAX_CLASSES + 1 };
    sb_block many[N];
    for (int i = 0; i < N; i++)
        many[i] = (sb_block){ i / 9, i % 9, 1, 1, 0, i + 1 };
    sb_puzzle p = { 9, 9, N, many, 0, NULL, 0, NULL, NULL };
    sb_pieces pc;
    sb_error err;
    CHECK_MSG(sbi_pieces_of(&p, &pc, &err) == SB_EINPUT && strstr(err.msg, "classes"),
              "%d classes: %s", N, err.msg);
}

int main(void)
{
    size_t max = (size_t)unit_cases(20000, 4000);
    hand_sets();
    unit_run_series("test_layouts", "any pieces", make_any, check_random, unit_cases(400, 80),
                    max);
    unit_run_series("test_layouts", "one row", make_row, check_random, unit_cases(60, 15), max);
    unit_run_series("test_layouts", "one column", make_column, check_random, unit_cases(60, 15),
                    max);
    unit_run_series("test_layouts", "plain rectangles", make_plain, check_random,
                    unit_cases(200, 40), max);
    unit_run_series("test_layouts", "trays over 64 cells", make_big, check_random,
                    unit_cases(60, 15), max);
    printf("test_layouts: %lu piece sets (%lu with no layout, %lu on the bitboard too, %lu "
           "ranked walks, %lu with mirror twins, %lu on trays over 64 cells), %lu layouts in "
           "order\n", sets_checked, empty_sets, bitboard_sets, ranked_sets, twin_sets, big_trays,
           layouts_checked);
    CHECK(ranked_sets > 0 && bitboard_sets > 0 && twin_sets > 0 && big_trays > 0 && empty_sets > 0);
    return unit_finish("test_layouts");
}
