/*
 * bfs_frontier_walk.h - frontier search: the breadth-first walker (bfs.h)
 * that keeps the last layers only, as sorted arrays, in memory or on disk.
 * Not an ordinary header: bfs_bitboard.c includes it at each word size,
 * after bfs_bitboard_walk.h (whose representative and path helpers it
 * shares), with WORD, W(name) and ODD (the code's multiplier) defined.
 *
 * Why the last layers are enough.  Moves are reversible, so a
 * configuration at depth d has neighbours at depths d-1, d and d+1 only.
 * The children of layer d that are in neither layer d nor layer d-1 are
 * exactly layer d+1: nothing older need be kept to know what is new.
 *
 * The layer step, written once for two stores.  A layer is a sorted array
 * of codes (the image, or its mirror pair's representative, times an odd
 * constant: a bijection, so codes sort as uniformly spread numbers).  To
 * make layer d+1, the parents of layer d are dealt to threads in rounds;
 * each thread generates its parents' children straight into a buffer (the
 * bitboard's generator, inlined), radix-sorts them on their top bits and
 * finishes with an insertion pass, drops duplicates and, when layers d-1
 * and d are in memory, the children found in them (a galloping merge), and
 * hands back a sorted run.  The runs are merged, duplicates dropped (and on
 * disk layers d-1 and d subtracted, streamed), into layer d+1, each new
 * configuration met by the driver as it is written.  In memory the runs
 * and layers are arrays; on disk (SB_WALK_DISK) every run and layer is an
 * entry of the spill (sb_options.spill), written whole and read in blocks,
 * so what is held is a few buffers whatever the layers' sizes.
 *
 * Resuming.  After each layer of a walk on disk is whole, the manifest
 * (bfs_frontier.h) is written naming it, and the layer two back and the
 * runs are removed: a walk stopped anywhere (a limit, Ctrl-C, a crash, a
 * full disk) is run again with the same spill and continues from the last
 * layer the manifest names.  A manifest of another walk is refused, and
 * layers whose length or checksum differ from the manifest's make the walk
 * start afresh: nothing half-written is believed.
 *
 * The path without a table.  A solving walk keeps, for every finished
 * layer, a sketch: its codes' top bits as bucket starts (one bucket per
 * about eight codes) and the next 8 bits of each code, sorted: about 1.5
 * bytes a configuration instead of the table's 16 to 30.  The path is then
 * searched back from the goal, depth by depth: a neighbour of a
 * configuration at depth j whose code the sketch of layer j-1 holds is
 * probably at depth j-1 (false positives about one in 32); a wrong guess
 * is found out when no neighbour of it passes the sketch below, and the
 * search backtracks.  A true predecessor always passes, so the search
 * always ends, at the root, with a path of exactly the optimal length:
 * every step is a real move, checked by generating it.
 *
 * Invariants: prev, now and next are sorted and duplicate-free, and hold
 * the representatives at depths d-1, d and d+1 (in memory; on disk, the
 * entries of those depths); every configuration is met once, when layer
 * d+1 is written.
 */

typedef struct W(codes) { WORD *v; size_t n, cap; } W(codes);

/* Grows c to room for need codes.  Its block is mapped (sbi_meter_map): in
 * huge pages from 2 MB up, since a hand's radix passes write to a
 * thousand places at once and with 4 KB pages nearly every write would miss
 * the translation cache; and grown by half at a time, in place. */
static bool W(codes_grow)(sb_meter *m, W(codes) *c, size_t need)
{
    size_t cap = c->cap + c->cap / 2;
    if (cap < need)
        cap = need;
    if (cap < 512)
        cap = 512;
    if (cap > SIZE_MAX / sizeof(WORD))
        return false;
    WORD *v = sbi_meter_map(m, c->v, c->cap * sizeof(WORD), cap * sizeof(WORD));
    if (!v)
        return false;
    c->v = v;
    c->cap = cap;
    return true;
}

static inline bool W(codes_room)(sb_meter *m, W(codes) *c, size_t need)
{
    return need <= c->cap || W(codes_grow)(m, c, need);
}

static void W(codes_free)(sb_meter *m, W(codes) *c)
{
    if (c->v)
        sbi_meter_map(m, c->v, c->cap * sizeof(WORD), 0);
    *c = (W(codes)){ NULL, 0, 0 };
}

/* A finished layer's sketch (above): start[bucket] .. start[bucket + 1]
 * index rem, the next 8 bits of the codes whose top `bits` bits are
 * `bucket`. */
typedef struct W(sketch) { uint32_t *start; uint8_t *rem; unsigned bits; size_t n; } W(sketch);

struct W(frontier);

/* One thread's share of a round: the parents [from, to) of the block it
 * is dealt, its children, sorted into a run. */
typedef struct W(hand) {
    struct W(frontier) *k;
    size_t from, to;
    W(codes) kids, tmp;
    size_t room;              /* the children kids is filled to (its cap may be more) */
    size_t expanded, made;
} W(hand);

/* A sorted stream of codes: an array (reader NULL), or a spill entry read
 * in blocks into buf. */
typedef struct W(stream) {
    const WORD *at, *end;
    WORD *buf;
    size_t cap;
    void *reader;
    const sb_cache *spill;
    uint64_t words, sum;   /* read so far, and their checksum */
} W(stream);

/* Where a new layer goes: an array, or (writer not NULL) a spill entry
 * written through the array as a buffer. */
typedef struct W(sink) {
    W(codes) *to;
    void *writer;
    uint64_t words, sum;
    bool failed;
} W(sink);

typedef struct W(frontier) {
    const bitboard *b;
    sb_setup *s;
    sb_meter *meter;
    sb_bfs *run;
    bool fold, pairs;
    bool sketching;           /* a solving walk: keep each layer's sketch for the path */
    bool on_disk;
    bool stopped;             /* the driver said stop while a layer was written */
    WORD inverse;             /* ODD's inverse: code * inverse is the image */
    WORD root;                /* the root's representative */
    W(codes) prev, now, next; /* in memory: the layers at depths d-1, d, d+1 */
    W(codes) runs;            /* in memory: this layer's runs, end to end */
    size_t *run_ends, run_ends_cap, nruns;
    W(codes) parents;         /* on disk: a block of the layer being expanded */
    W(codes) out;             /* on disk: the buffer of the layer being written */
    W(stream) *streams;       /* on disk: the runs' and layers' readers */
    size_t streams_cap;
    unsigned threads;
    size_t chunk;             /* children a hand holds */
    W(hand) hands[SB_FRONTIER_MAX_THREADS];
    W(sketch) *sketches;
    size_t nsketches, sketches_cap;
    uint64_t stored;          /* representatives met in the whole walk */
    WORD goal, example;
    const sb_cache *spill;
    uint64_t puzzle;          /* the walk's fingerprint in the manifest */
    uint64_t words[2], sums[2];   /* on disk: layers d-1 and d's lengths and checksums */
} W(frontier);

static inline WORD W(code_of)(WORD image)
{
    return image * ODD;
}

/* ---- sorting a hand's children */

/* Sorts v (n codes) with tmp (room for n) as scratch: radix passes over the
 * top bits, enough of them that equal top bits are rare in uniformly spread
 * codes, then an insertion pass for what is left in order. */
static void W(sort_codes)(WORD *v, WORD *tmp, size_t n)
{
    enum { MOST = 11 };
    unsigned bits = 2;
    while (((size_t)1 << bits) < n && bits < 40)
        bits++;
    if (n >= 64) {
        unsigned passes = (bits + MOST - 1) / MOST, per = (bits + passes - 1) / passes;
        unsigned low = (unsigned)(sizeof(WORD) * 8) - passes * per;
        size_t count[4][1 << MOST];
        memset(count, 0, sizeof count);
        size_t mask = ((size_t)1 << per) - 1;
        for (size_t i = 0; i < n; i++)
            for (unsigned p = 0; p < passes; p++)
                count[p][(size_t)(v[i] >> (low + p * per)) & mask]++;
        WORD *from = v, *to = tmp;
        for (unsigned p = 0; p < passes; p++) {
            size_t at = 0;
            for (size_t d = 0; d <= mask; d++) {
                size_t c = count[p][d];
                count[p][d] = at;
                at += c;
            }
            for (size_t i = 0; i < n; i++)
                to[count[p][(size_t)(from[i] >> (low + p * per)) & mask]++] = from[i];
            WORD *swap = from;
            from = to;
            to = swap;
        }
        if (from != v)
            memcpy(v, from, n * sizeof *v);
    }
    for (size_t i = 1; i < n; i++) {
        WORD x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* Whether sorted a holds x, looking from *at on (every code before *at is
 * smaller than x, and stays so for the larger codes asked next). */
static inline bool W(holds)(const W(codes) *a, size_t *at, WORD x)
{
    size_t lo = *at, n = a->n;
    /* Children are about as dense as the layers: a few steps forward
     * usually find x's place, so step, and gallop only when far. */
    for (int steps = 0; lo < n && a->v[lo] < x; steps++) {
        if (steps < 8) {
            lo++;
            continue;
        }
        size_t step = 1, hi = lo + 1;
        while (hi < n && a->v[hi] < x) {
            lo = hi;
            step *= 2;
            hi = lo + step;
        }
        if (hi > n)
            hi = n;
        while (lo + 1 < hi) {   /* a->v[lo] < x <= a->v[hi] (or hi == n) */
            size_t mid = lo + (hi - lo) / 2;
            if (a->v[mid] < x)
                lo = mid;
            else
                hi = mid;
        }
        lo = hi;
        break;
    }
    *at = lo;
    return lo < n && a->v[lo] == x;
}

/* ---- a hand's job: children of its parents, sorted, unique, new */

static inline __attribute__((always_inline)) bool W(take_kid)(void *ctx, WORD child, WORD mirror,
                                                              bool fold)
{
    W(hand) *h = ctx;
    if (h->kids.n == h->room)
        return false;
    unsigned count;
    h->kids.v[h->kids.n++] = W(code_of)(W(representative)(fold, child, mirror, &count));
    return true;
}

static bool W(take_plain)(void *ctx, WORD child, WORD mirror)
{
    return W(take_kid)(ctx, child, mirror, false);
}

static bool W(take_pair)(void *ctx, WORD child, WORD mirror)
{
    return W(take_kid)(ctx, child, mirror, true);
}

static void W(hand_job)(void *arg)
{
    W(hand) *h = arg;
    W(frontier) *k = h->k;
    const WORD *parents = k->on_disk ? k->parents.v : k->now.v;
    h->kids.n = 0;
    h->expanded = 0;
    while (h->from < h->to) {
        size_t before = h->kids.n;
        WORD S = parents[h->from] * k->inverse;
        bool whole = k->fold ? W(generate)(k->b, S, W(mirrored)(k->b, S), W(take_pair), h)
                             : W(generate)(k->b, S, 0, W(take_plain), h);
        if (!whole) {   /* the buffer is full: this parent goes in the next round */
            h->kids.n = before;
            break;
        }
        h->from++;
        h->expanded++;
    }
    h->made = h->kids.n;
    W(sort_codes)(h->kids.v, h->tmp.v, h->kids.n);

    size_t at_prev = 0, at_now = 0, n = 0;
    for (size_t i = 0; i < h->kids.n; i++) {
        WORD x = h->kids.v[i];
        if ((i && h->kids.v[i - 1] == x) ||
            (!k->on_disk && (W(holds)(&k->prev, &at_prev, x) || W(holds)(&k->now, &at_now, x))))
            continue;
        h->kids.v[n++] = x;
    }
    h->kids.n = n;
}

/* ---- streams and sinks */

static bool W(stream_more)(W(stream) *s)
{
    if (!s->reader)
        return false;
    size_t got = s->spill->read(s->reader, s->buf, s->cap * sizeof(WORD)) / sizeof(WORD);
    s->at = s->buf;
    s->end = s->buf + got;
    for (size_t i = 0; i < got; i++)
        s->sum = sbi_frontier_sum(s->sum, (uint64_t)s->buf[i], (uint64_t)(s->buf[i] >> 32 >> 32));
    s->words += got;
    return got > 0;
}

/* The head of s, refilled when empty; false at its end. */
static inline bool W(stream_head)(W(stream) *s, WORD *x)
{
    if (s->at == s->end && !W(stream_more)(s))
        return false;
    *x = *s->at;
    return true;
}

static bool W(sink_flush)(W(frontier) *k, W(sink) *o)
{
    if (!o->writer || !o->to->n)
        return true;
    if (!o->failed && !k->spill->write(o->writer, o->to->v, o->to->n * sizeof(WORD)))
        o->failed = true;
    o->to->n = 0;
    return !o->failed;
}

static inline bool W(sink_put)(W(frontier) *k, W(sink) *o, WORD x)
{
    if (o->writer && o->to->n == o->to->cap && !W(sink_flush)(k, o))
        return false;
    if (!W(codes_room)(k->meter, o->to, o->to->n + 1))
        return false;
    o->to->v[o->to->n++] = x;
    o->sum = sbi_frontier_sum(o->sum, (uint64_t)x, (uint64_t)(x >> 32 >> 32));
    o->words++;
    return true;
}

/* ---- the spill */

/* Says the spill failed and why, for the caller's error (exit 3: like a
 * limit, a full disk proves nothing about the puzzle). */
static sb_status W(spill_failed)(W(frontier) *k, const char *what, const char *name)
{
    k->s->err_filled = true;
    return sbi_fail(k->s->err, SB_ELIMIT, "the spill could not %s %s (is its disk full?)", what,
                    name);
}

static sb_status W(open_entry_write)(W(frontier) *k, W(sink) *o, W(codes) *buf, unsigned depth,
                                     int run)
{
    char name[64];
    sbi_frontier_name(name, sizeof name, depth, run);
    *o = (W(sink)){ buf, k->spill->open_write(k->spill->ctx, name), 0, 0, false };
    buf->n = 0;
    return o->writer ? SB_OK : W(spill_failed)(k, "start", name);
}

static sb_status W(close_entry_write)(W(frontier) *k, W(sink) *o, unsigned depth, int run)
{
    char name[64];
    sbi_frontier_name(name, sizeof name, depth, run);
    bool whole = W(sink_flush)(k, o) && !o->failed;
    k->spill->close_write(o->writer, whole);
    o->writer = NULL;
    return whole ? SB_OK : W(spill_failed)(k, "write", name);
}

static void W(remove_entry)(W(frontier) *k, unsigned depth, int run)
{
    char name[64];
    sbi_frontier_name(name, sizeof name, depth, run);
    k->spill->remove(k->spill->ctx, name);
}

/* Opens a reader on an entry into s, with a buffer of cap codes.  SB_OK,
 * SB_ELIMIT (memory), or SB_ELIMIT worded when the entry is missing. */
static sb_status W(open_stream)(W(frontier) *k, W(stream) *s, unsigned depth, int run,
                                size_t cap)
{
    char name[64];
    sbi_frontier_name(name, sizeof name, depth, run);
    memset(s, 0, sizeof *s);
    s->spill = k->spill;
    s->buf = sbi_meter_realloc(k->meter, NULL, 0, cap * sizeof(WORD));
    if (!s->buf)
        return SB_ELIMIT;
    s->cap = cap;
    s->at = s->end = s->buf;
    s->reader = k->spill->open_read(k->spill->ctx, name);
    return s->reader ? SB_OK : W(spill_failed)(k, "read", name);
}

static void W(close_stream)(W(frontier) *k, W(stream) *s)
{
    if (s->reader)
        k->spill->close_read(s->reader);
    sbi_meter_free(k->meter, s->buf, s->cap * sizeof(WORD));
    memset(s, 0, sizeof *s);
}

/* ---- sketches */

static void W(sketch_free)(W(frontier) *k, W(sketch) *sk)
{
    sbi_meter_free(k->meter, sk->start, (((size_t)1 << sk->bits) + 1) * sizeof *sk->start);
    sbi_meter_free(k->meter, sk->rem, sk->n ? sk->n : 1);
    memset(sk, 0, sizeof *sk);
}

static inline uint8_t W(sketch_rem)(const W(sketch) *sk, WORD code)
{
    return (uint8_t)(code >> ((unsigned)(sizeof(WORD) * 8) - sk->bits - 8));
}

static inline size_t W(sketch_bucket)(const W(sketch) *sk, WORD code)
{
    return sk->bits ? (size_t)(code >> ((unsigned)(sizeof(WORD) * 8) - sk->bits)) : 0;
}

/* Whether the sketch may hold code: always when it does. */
static bool W(sketch_may_hold)(const W(sketch) *sk, WORD code)
{
    size_t bucket = W(sketch_bucket)(sk, code);
    uint8_t r = W(sketch_rem)(sk, code);
    for (uint32_t i = sk->start[bucket]; i < sk->start[bucket + 1]; i++)
        if (sk->rem[i] == r)
            return true;
    return false;
}

/* Adds the sketch of the sorted layer in s (n codes) to the walker's. */
static sb_status W(sketch_add)(W(frontier) *k, W(stream) *s, size_t n)
{
    if (!sbi_array_reserve(k->meter, &k->sketches, &k->sketches_cap, k->nsketches + 1,
                           sizeof *k->sketches))
        return SB_ELIMIT;
    W(sketch) sk = { NULL, NULL, 0, n };
    while (((size_t)8 << sk.bits) < n && sk.bits < 30)
        sk.bits++;
    size_t buckets = (size_t)1 << sk.bits;
    sk.start = sbi_meter_calloc(k->meter, buckets + 1, sizeof *sk.start);
    sk.rem = sk.start ? sbi_meter_realloc(k->meter, NULL, 0, n ? n : 1) : NULL;
    if (!sk.rem) {
        sbi_meter_free(k->meter, sk.start, (buckets + 1) * sizeof *sk.start);
        return SB_ELIMIT;
    }
    WORD x;
    for (size_t i = 0; i < n && W(stream_head)(s, &x); i++, s->at++) {
        sk.rem[i] = W(sketch_rem)(&sk, x);
        sk.start[W(sketch_bucket)(&sk, x) + 1]++;
    }
    for (size_t b = 0; b < buckets; b++)
        sk.start[b + 1] += sk.start[b];
    k->sketches[k->nsketches++] = sk;
    return SB_OK;
}

/* A stream over an array (an empty one may have no storage: NULL + 0 is
 * undefined). */
static W(stream) W(array_stream)(const W(codes) *a)
{
    return (W(stream)){ a->v, a->v ? a->v + a->n : NULL, NULL, 0, NULL, NULL, 0, 0 };
}

/* The sketch of layer `depth`, just written (in next, or on disk). */
static sb_status W(sketch_layer)(W(frontier) *k, const W(codes) *layer, unsigned depth,
                                 size_t n)
{
    if (!k->on_disk) {
        W(stream) s = W(array_stream)(layer);
        return W(sketch_add)(k, &s, n);
    }
    W(stream) s;
    sb_status status = W(open_stream)(k, &s, depth, -1, 1 << 14);
    if (status == SB_OK)
        status = W(sketch_add)(k, &s, n);
    W(close_stream)(k, &s);
    return status;
}

/* ---- making layer d + 1 */

/* Meets a new configuration as it is written to layer d + 1.  False to
 * stop: a goal to stop at, or a limit (meter->hit). */
static inline bool W(meet_new)(W(frontier) *k, W(sink) *o, WORD code)
{
    if (!sbi_meter_may_store(k->meter, k->stored) || !W(sink_put)(k, o, code))
        return false;
    k->stored++;
    WORD image = code * k->inverse;
    unsigned count = k->pairs && W(mirrored)(k->b, image) != image ? 2 : 1;
    if (!sbi_bfs_met(k->run, count, W(is_goal_word)(k->b, image)))
        return true;
    k->goal = image;
    k->stopped = true;
    return false;
}

/* Sift-down of a heap of streams by their heads (heads[i] is stream
 * heap[i]'s). */
static void W(sift)(size_t *heap, WORD *heads, size_t n, size_t i)
{
    for (;;) {
        size_t least = i, l = 2 * i + 1, r = l + 1;
        if (l < n && heads[l] < heads[least])
            least = l;
        if (r < n && heads[r] < heads[least])
            least = r;
        if (least == i)
            return;
        size_t sh = heap[i];
        heap[i] = heap[least];
        heap[least] = sh;
        WORD sx = heads[i];
        heads[i] = heads[least];
        heads[least] = sx;
        i = least;
    }
}

/* Merges the nruns streams (sorted, each without duplicates) into o,
 * without duplicates, leaving out what the streams minus[0..nminus) hold.
 * SB_OK, or SB_ELIMIT (a limit, or the driver said stop: k->stopped). */
static sb_status W(merge)(W(frontier) *k, W(stream) *runs, size_t nruns, W(stream) *minus,
                          size_t nminus, W(sink) *o)
{
    size_t heap_bytes = (nruns + 1) * (sizeof(size_t) + sizeof(WORD));
    WORD *heads = sbi_meter_realloc(k->meter, NULL, 0, heap_bytes);
    if (!heads)
        return SB_ELIMIT;
    size_t *heap = (size_t *)(void *)(heads + nruns + 1);
    size_t n = 0;
    for (size_t i = 0; i < nruns; i++)
        if (W(stream_head)(&runs[i], &heads[n]))
            heap[n++] = i;
    for (size_t i = n; i-- > 0;)
        W(sift)(heap, heads, n, i);
    bool have_last = false, go_on = true;
    WORD last = 0;
    size_t taken = 0;
    while (n && go_on) {
        /* A layer's merge can take minutes on disk: the clock and Ctrl-C
         * are looked at every million codes. */
        if (!(++taken & 0xfffff) && sbi_meter_check(k->meter) != SB_OK) {
            go_on = false;
            break;
        }
        WORD x = heads[0];
        W(stream) *s = &runs[heap[0]];
        s->at++;
        if (W(stream_head)(s, &heads[0])) {
            W(sift)(heap, heads, n, 0);
        } else {
            n--;
            heap[0] = heap[n];
            heads[0] = heads[n];
            W(sift)(heap, heads, n, 0);
        }
        if (have_last && x == last)
            continue;
        have_last = true;
        last = x;
        bool old = false;
        for (size_t m = 0; m < nminus && !old; m++) {
            WORD y;
            while (W(stream_head)(&minus[m], &y) && y < x)
                minus[m].at++;
            old = W(stream_head)(&minus[m], &y) && y == x;
        }
        if (!old)
            go_on = W(meet_new)(k, o, x);
    }
    sbi_meter_free(k->meter, heads, heap_bytes);
    return go_on || k->stopped ? SB_OK : SB_ELIMIT;
}

/* On disk: a hand's run, written whole as the next run's entry. */
static sb_status W(write_run)(W(frontier) *k, const W(hand) *h)
{
    char name[64];
    sbi_frontier_name(name, sizeof name, k->run->depth, (int)k->nruns);
    void *out = k->spill->open_write(k->spill->ctx, name);
    if (!out)
        return W(spill_failed)(k, "start", name);
    bool whole = k->spill->write(out, h->kids.v, h->kids.n * sizeof(WORD));
    k->spill->close_write(out, whole);
    return whole ? SB_OK : W(spill_failed)(k, "write", name);
}

/* The hands expand the parents [0, n) of a block (now, or on disk
 * parents), round after round; each round's runs are kept (in memory,
 * runs; on disk, one entry each).  SB_OK or SB_ELIMIT. */
static sb_status W(expand_block)(W(frontier) *k, size_t n)
{
    unsigned T = n < 4096 ? 1 : k->threads;
    /* The hands' buffers grow with the layers, to k->chunk children: a
     * small walk holds little. */
    size_t room = n / T * 4 + 8192;
    if (room > k->chunk)
        room = k->chunk;
    for (unsigned t = 0; t < T; t++) {
        W(hand) *h = &k->hands[t];
        if (room > h->room) {
            if (!W(codes_room)(k->meter, &h->kids, room) || !W(codes_room)(k->meter, &h->tmp, room))
                return SB_ELIMIT;
            h->room = room;
        }
        h->from = n * t / T;
        h->to = n * (t + 1) / T;
    }
    for (;;) {
        void *args[SB_FRONTIER_MAX_THREADS];
        unsigned busy = 0;
        for (unsigned t = 0; t < T; t++)
            if (k->hands[t].from < k->hands[t].to)
                args[busy++] = &k->hands[t];
        if (!busy)
            return SB_OK;
        sbi_frontier_crew(busy, W(hand_job), args);
        size_t made = 0;
        for (unsigned i = 0; i < busy; i++) {
            W(hand) *h = args[i];
            made += h->made;
            k->meter->expanded += h->expanded;
            if (k->on_disk) {
                sb_status status = W(write_run)(k, h);
                if (status != SB_OK)
                    return status;
            } else {
                if (!W(codes_room)(k->meter, &k->runs, k->runs.n + h->kids.n))
                    return SB_ELIMIT;
                if (h->kids.n)   /* no children: both arrays may be unallocated */
                    memcpy(k->runs.v + k->runs.n, h->kids.v, h->kids.n * sizeof(WORD));
                k->runs.n += h->kids.n;
            }
            if (!sbi_array_reserve(k->meter, &k->run_ends, &k->run_ends_cap, k->nruns + 1,
                                   sizeof *k->run_ends))
                return SB_ELIMIT;
            k->run_ends[k->nruns++] = k->on_disk ? 0 : k->runs.n;
        }
        k->meter->stored = k->stored;
        k->meter->expanded--;   /* the tick counts one */
        if (sbi_meter_tick(k->meter, made > 1024 ? made : 1025) != SB_OK)
            return SB_ELIMIT;
    }
}

/* Makes the streams array hold n. */
static bool W(streams_room)(W(frontier) *k, size_t n)
{
    size_t old = k->streams_cap;
    if (!sbi_array_reserve(k->meter, &k->streams, &k->streams_cap, n, sizeof *k->streams))
        return false;
    memset(k->streams + old, 0, (k->streams_cap - old) * sizeof *k->streams);
    return true;
}

/* In memory: the runs merged into next. */
static sb_status W(make_layer_in_memory)(W(frontier) *k)
{
    size_t n = k->now.n;
    sb_status status = W(expand_block)(k, n);
    if (status != SB_OK || !W(streams_room)(k, k->nruns))
        return status != SB_OK ? status : SB_ELIMIT;
    for (size_t i = 0; i < k->nruns; i++) {
        size_t from = i ? k->run_ends[i - 1] : 0;
        W(codes) slice = { k->runs.v ? k->runs.v + from : NULL, k->run_ends[i] - from, 0 };
        k->streams[i] = W(array_stream)(&slice);
    }
    W(sink) o = { &k->next, NULL, 0, 0, false };
    k->next.n = 0;
    status = W(merge)(k, k->streams, k->nruns, NULL, 0, &o);
    W(codes_free)(k->meter, &k->runs);
    k->runs.n = 0;
    if (status == SB_OK && k->sketching && !k->stopped)
        status = W(sketch_layer)(k, &k->next, k->run->depth + 1, k->next.n);
    return status;
}

/* The buffer size, in codes, of each of n streams read at once on disk:
 * an eighth of what the memory limit leaves, shared, within bounds. */
static size_t W(stream_cap)(const W(frontier) *k, size_t n)
{
    size_t budget = k->meter->limits.max_bytes ? (size_t)k->meter->limits.max_bytes / 8
                                               : (size_t)64 << 20;
    size_t cap = budget / (n ? n : 1) / sizeof(WORD);
    return cap < 1024 ? 1024 : cap > ((size_t)1 << 16) ? (size_t)1 << 16 : cap;
}

static sb_status W(write_mark)(W(frontier) *k, unsigned depth, uint64_t size);

/* On disk: the layer read in blocks and expanded into runs, the runs
 * merged with layers d-1 and d subtracted into layer d + 1's entry; then
 * the manifest, and what is no longer needed removed. */
static sb_status W(make_layer_on_disk)(W(frontier) *k)
{
    unsigned d = k->run->depth;
    W(stream) parents;
    size_t block = k->chunk / 4 * k->threads;
    sb_status status = W(open_stream)(k, &parents, d, -1, block);
    while (status == SB_OK && W(stream_more)(&parents)) {
        size_t n = (size_t)(parents.end - parents.at);
        if (!W(codes_room)(k->meter, &k->parents, n)) {
            status = SB_ELIMIT;
            break;
        }
        memcpy(k->parents.v, parents.at, n * sizeof(WORD));
        k->parents.n = n;
        status = W(expand_block)(k, n);
    }
    W(close_stream)(k, &parents);
    W(codes_free)(k->meter, &k->parents);
    size_t nstreams = k->nruns + 2;
    if (status == SB_OK && !W(streams_room)(k, nstreams))
        status = SB_ELIMIT;
    size_t cap = W(stream_cap)(k, nstreams + 1), opened = 0;
    for (size_t i = 0; status == SB_OK && i < k->nruns; i++, opened++)
        status = W(open_stream)(k, &k->streams[i], d, (int)i, cap);
    size_t nminus = 0;
    for (unsigned j = d ? 0 : 1; status == SB_OK && j < 2; j++, nminus++)
        status = W(open_stream)(k, &k->streams[k->nruns + nminus], d + j - 1, -1, cap);
    W(sink) o = { &k->out, NULL, 0, 0, false };
    if (status == SB_OK && !W(codes_room)(k->meter, &k->out, cap))
        status = SB_ELIMIT;
    if (status == SB_OK)
        status = W(open_entry_write)(k, &o, &k->out, d + 1, -1);
    if (status == SB_OK)
        status = W(merge)(k, k->streams, k->nruns, &k->streams[k->nruns], nminus, &o);
    if (o.writer) {
        sb_status closed = W(close_entry_write)(k, &o, d + 1, -1);
        if (status == SB_OK)
            status = closed;
    }
    for (size_t i = 0; i < opened; i++)
        W(close_stream)(k, &k->streams[i]);
    for (size_t m = 0; m < nminus; m++)
        W(close_stream)(k, &k->streams[k->nruns + m]);
    W(codes_free)(k->meter, &k->out);
    for (size_t i = 0; i < k->nruns; i++)
        W(remove_entry)(k, d, (int)i);
    if (status != SB_OK || k->stopped || !o.words)
        return status;
    k->words[0] = k->words[1];
    k->sums[0] = k->sums[1];
    k->words[1] = o.words;
    k->sums[1] = o.sum;
    if (k->sketching)
        status = W(sketch_layer)(k, NULL, d + 1, o.words);
    if (status == SB_OK)
        status = W(write_mark)(k, d + 1, k->run->next_size);
    if (status == SB_OK && d)
        W(remove_entry)(k, d - 1, -1);
    return status;
}

static sb_status W(front_expand)(void *walker, sb_bfs *run)
{
    W(frontier) *k = walker;
    k->run = run;
    k->nruns = 0;
    k->stopped = false;
    sb_status status = k->on_disk ? W(make_layer_on_disk)(k) : W(make_layer_in_memory)(k);
    k->meter->stored = k->stored;
    return status;
}

static void W(front_advance)(void *walker)
{
    W(frontier) *k = walker;
    W(codes) swap = k->prev;
    k->prev = k->now;
    k->now = k->next;
    k->next = swap;
    k->next.n = 0;
}

/* The current layer's first configuration (on disk, read from its entry). */
static const void *W(front_layer_key)(void *walker)
{
    W(frontier) *k = walker;
    WORD code = k->root;
    if (!k->on_disk && k->now.n) {
        code = k->now.v[0];
    } else if (k->on_disk) {
        W(stream) s;
        if (W(open_stream)(k, &s, k->run->depth, -1, 1) == SB_OK)
            W(stream_head)(&s, &code);
        W(close_stream)(k, &s);
    }
    k->example = code * k->inverse;
    return &k->example;
}

/* ---- the path */

typedef struct W(trace) {
    W(frontier) *k;
    WORD *path;
    W(codes) cands;           /* candidates of every level on the way, end to end */
    unsigned level;           /* the depth whose sketch a neighbour must pass */
    bool refused;             /* the meter refused the candidates' room */
} W(trace);

static bool W(gather)(void *ctx, WORD child, WORD mirror)
{
    W(trace) *t = ctx;
    unsigned count;
    WORD rep = W(representative)(t->k->fold, child, mirror, &count);
    bool pass = t->level ? W(sketch_may_hold)(&t->k->sketches[t->level], W(code_of)(rep))
                         : rep == t->k->root;
    if (!pass)
        return true;
    if (!W(codes_room)(t->k->meter, &t->cands, t->cands.n + 1)) {
        t->refused = true;
        return false;
    }
    t->cands.v[t->cands.n++] = rep;
    return true;
}

/* Finds path[0 .. j-1] below path[j] (at depth j): true when found. */
static bool W(trace_back)(W(trace) *t, unsigned j)
{
    if (j == 0)
        return t->path[0] == t->k->root;
    size_t lo = t->cands.n;
    t->level = j - 1;
    WORD S = t->path[j];
    W(generate)(t->k->b, S, t->k->fold ? W(mirrored)(t->k->b, S) : 0, W(gather), t);
    size_t hi = t->cands.n;
    for (size_t i = lo; i < hi && !t->refused; i++) {
        t->path[j - 1] = t->cands.v[i];
        if (W(trace_back)(t, j - 1))
            return true;
    }
    t->cands.n = lo;
    return false;
}

static sb_status W(front_path)(void *walker, const sb_bfs *run, sb_solution *sol)
{
    W(frontier) *k = walker;
    unsigned d = run->depth;   /* the goal is at d + 1 */
    size_t bytes = ((size_t)d + 2) * sizeof(WORD);
    WORD *path = sbi_meter_realloc(k->meter, NULL, 0, bytes);
    if (!path)
        return SB_ELIMIT;
    W(trace) t = { k, path, { NULL, 0, 0 }, 0, false };
    path[d + 1] = k->goal;
    bool found = W(trace_back)(&t, d + 1);
    W(codes_free)(k->meter, &t.cands);
    if (!found) {
        sbi_meter_free(k->meter, path, bytes);
        return SB_ELIMIT;   /* only when refused: a true predecessor always passes */
    }
    return W(path_finish)(k->b, k->meter, k->fold, path, (size_t)d + 2, sol);
}

/* ---- making, resuming and freeing */

static void W(front_free)(void *walker)
{
    W(frontier) *k = walker;
    if (!k)
        return;
    sb_meter *m = k->meter;
    for (unsigned t = 0; t < k->threads; t++) {
        W(codes_free)(m, &k->hands[t].kids);
        W(codes_free)(m, &k->hands[t].tmp);
    }
    W(codes) *arrays[] = { &k->prev, &k->now, &k->next, &k->runs, &k->parents, &k->out };
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        W(codes_free)(m, arrays[i]);
    sbi_array_free(m, &k->run_ends, &k->run_ends_cap, sizeof *k->run_ends);
    sbi_array_free(m, &k->streams, &k->streams_cap, sizeof *k->streams);
    for (size_t i = 0; i < k->nsketches; i++)
        W(sketch_free)(k, &k->sketches[i]);
    sbi_array_free(m, &k->sketches, &k->sketches_cap, sizeof *k->sketches);
    sbi_meter_free(m, k, sizeof *k);
}

static const sb_bfs_walker W(frontier_ops) = { W(front_expand), W(front_advance), W(front_path),
                                               W(front_layer_key), W(front_free) };

static sb_status W(write_mark)(W(frontier) *k, unsigned depth, uint64_t size)
{
    sb_bfs *run = k->run;
    sb_frontier_mark mk = { k->puzzle, (uint32_t)sizeof(WORD), depth, k->stored, run->reached,
                            run->goals,
                            run->nearest_goal, size, { k->words[0], k->words[1] },
                            { k->sums[0], k->sums[1] }, run->nlayers, run->layer_sizes };
    if (!sbi_frontier_mark_write(k->spill, &mk))
        return W(spill_failed)(k, "write", "its manifest");
    return SB_OK;
}

/* Reads an entry through to its end, for its length and checksum. */
static bool W(entry_matches)(W(frontier) *k, unsigned depth, uint64_t words, uint64_t sum)
{
    W(stream) s;
    bool ok = W(open_stream)(k, &s, depth, -1, 1 << 14) == SB_OK;
    if (ok) {
        while (W(stream_more)(&s))
            ;
        ok = s.words == words && s.sum == sum;
    }
    W(close_stream)(k, &s);
    return ok;
}

/* The walk's fingerprint: the root, the goal, the metric, the word size
 * and how it counts. */
static uint64_t W(fingerprint)(const W(frontier) *k)
{
    const bitboard *b = k->b;
    WORD parts[3] = { k->root, b->MASKS.goal_care, b->MASKS.goal_bits };
    uint64_t h = sbi_mix64((uint64_t)b->base.metric << 8 | sizeof(WORD) << 3 |
                           (uint64_t)k->fold << 1 | (uint64_t)k->pairs |
                           (uint64_t)k->sketching << 2);
    for (int i = 0; i < 3; i++)
        h = sbi_mix64(sbi_mix64(h ^ (uint64_t)parts[i]) ^ (uint64_t)(parts[i] >> 32 >> 32));
    return sbi_mix64(h ^ (uint64_t)b->rows << 32 ^ (uint64_t)b->cols);
}

/* Starts a walk on disk: resumes from the manifest's layer, or writes
 * layer 0 and the manifest.  SB_OK, SB_EINPUT (the spill holds another
 * walk) or SB_ELIMIT. */
static sb_status W(front_start)(void *walker, sb_bfs *run)
{
    W(frontier) *k = walker;
    k->run = run;
    if (!k->on_disk)
        return SB_OK;
    sb_frontier_mark mk;
    int found = sbi_frontier_mark_read(k->spill, &mk);
    if (found < 0) {
        k->meter->hit = SB_LIMIT_MEMORY;
        return SB_ELIMIT;
    }
    if (found && (mk.puzzle != k->puzzle || mk.word_bytes != sizeof(WORD))) {
        free(mk.sizes);
        k->s->err_filled = true;
        return sbi_fail(k->s->err, SB_EINPUT, "the spill holds the walk of another puzzle "
                        "(or of this one searched another way); give this walk a spill of "
                        "its own");
    }
    bool resumable = found && mk.depth > 0 && mk.words[1] > 0 &&
                     (!run->profile || mk.nsizes == mk.depth) &&
                     W(entry_matches)(k, mk.depth, mk.words[1], mk.sums[1]) &&
                     W(entry_matches)(k, mk.depth - 1, mk.words[0], mk.sums[0]);
    if (resumable && k->sketching) {
        /* The sketches are in memory only: a solving walk starts afresh. */
        resumable = false;
    }
    if (resumable) {
        run->depth = mk.depth;
        run->reached = mk.reached;
        run->goals = mk.goals;
        run->nearest_goal = mk.nearest_goal;
        run->size = mk.size;
        if (run->profile) {
            if (!sbi_array_reserve(k->meter, &run->layer_sizes, &run->layers_cap, mk.nsizes + 1,
                                   sizeof *run->layer_sizes)) {
                free(mk.sizes);
                return SB_ELIMIT;
            }
            memcpy(run->layer_sizes, mk.sizes, mk.nsizes * sizeof *mk.sizes);
            run->nlayers = mk.nsizes;
        }
        k->words[0] = mk.words[0];
        k->words[1] = mk.words[1];
        k->sums[0] = mk.sums[0];
        k->sums[1] = mk.sums[1];
        k->stored = mk.stored;
        free(mk.sizes);
        k->meter->stored = k->stored;
        return SB_OK;
    }
    free(mk.sizes);
    W(sink) o;
    W(codes) one = { NULL, 0, 0 };
    sb_status status = W(open_entry_write)(k, &o, &one, 0, -1);
    if (status == SB_OK && !W(sink_put)(k, &o, W(code_of)(k->root)))
        status = SB_ELIMIT;
    if (o.writer) {
        sb_status closed = W(close_entry_write)(k, &o, 0, -1);
        if (status == SB_OK)
            status = closed;
    }
    W(codes_free)(k->meter, &one);
    if (status != SB_OK)
        return status;
    k->words[0] = 0;
    k->sums[0] = 0;
    k->words[1] = o.words;
    k->sums[1] = o.sum;
    return W(write_mark)(k, 0, run->size);
}

/* The frontier walker over b's images, its root as layer 0; NULL out of
 * memory. */
static void *W(frontier_new)(sb_setup *s, const bitboard *b, bool stop_at_goal, bool on_disk,
                             uint64_t *root_count)
{
    W(frontier) *k = sbi_meter_calloc(&s->meter, 1, sizeof *k);
    if (!k)
        return NULL;
    k->b = b;
    k->s = s;
    k->meter = &s->meter;
    k->on_disk = on_disk;
    k->spill = s->spill;
    k->sketching = stop_at_goal;
    WORD inverse = ODD;   /* Newton's iteration doubles the bits right each step */
    for (int i = 0; i < 7; i++)
        inverse *= 2 - ODD * inverse;
    k->inverse = inverse;
    unsigned threads = s->threads ? s->threads : 2;
    k->threads = threads > SB_FRONTIER_MAX_THREADS ? SB_FRONTIER_MAX_THREADS : threads;
    k->chunk = (size_t)1 << 20;
    if (k->meter->limits.max_bytes &&
        k->chunk * sizeof(WORD) * 2 * k->threads > k->meter->limits.max_bytes / 4)
        k->chunk = (size_t)k->meter->limits.max_bytes / 4 / (sizeof(WORD) * 2 * k->threads);
    if (k->chunk < ((size_t)1 << 13))
        k->chunk = (size_t)1 << 13;   /* past the most children one configuration has (4,096:
                                         64 pieces of 64 places) */
    W(folding) f = W(fold_plan)(s, b, stop_at_goal);
    k->fold = f.fold;
    k->pairs = f.pairs;
    k->root = f.root;
    *root_count = f.count;
    k->puzzle = W(fingerprint)(k);
    k->stored = 1;
    bool ok = true;
    for (unsigned t = 0; t < k->threads; t++)
        k->hands[t].k = k;
    if (ok && !on_disk) {
        ok = W(codes_room)(k->meter, &k->now, 1);
        if (ok)
            k->now.v[k->now.n++] = W(code_of)(k->root);
    }
    if (ok && k->sketching && !on_disk) {
        W(stream) one = W(array_stream)(&k->now);
        ok = W(sketch_add)(k, &one, 1) == SB_OK;
    } else if (ok && k->sketching) {
        WORD code = W(code_of)(k->root);
        W(codes) one = { &code, 1, 1 };
        W(stream) st = W(array_stream)(&one);
        ok = W(sketch_add)(k, &st, 1) == SB_OK;
    }
    if (!ok) {
        W(front_free)(k);
        return NULL;
    }
    k->meter->stored = k->stored;
    return k;
}
