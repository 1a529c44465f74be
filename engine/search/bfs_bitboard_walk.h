/*
 * bfs_bitboard_walk.h - the bitboard's breadth-first walker at one word
 * size.  Not an ordinary header: bfs_bitboard.c includes it twice, with
 * WORD and W(name) as bitboard_moves.h has them (the image's type, and a
 * name with the size's suffix, which picks the generator and the table
 * of that size), to make the walker for 64-bit images and the one for
 * 128-bit images; bfs_bitboard.c says how it works.
 *
 * Invariants: every image in the table or a layer is a representative
 * (itself when not folding); `now` holds depth run->depth, `next` the
 * images first met while expanding it, stored at depth + 1.
 */

/* One layer of the search: the images at one depth, in the order met. */
typedef struct W(layer) { WORD *keys; size_t n, cap; } W(layer);

/* A child met but not yet looked up: the image that stands for it, its
 * code in the table, what it counts for, and which image of the current
 * layer it came from. */
typedef struct W(flying) { WORD image, code; size_t parent, count; } W(flying);

typedef struct W(fast_walk) {
    const bitboard *b;
    sb_meter *meter;
    sb_bfs *run;              /* the run whose layer is being expanded */
    W(sb_seen) seen;
    W(layer) now, next;       /* the layer being expanded, the one being met */
    size_t parent;            /* the index in now of the image being expanded */
    W(flying) flight[AHEAD];  /* children in flight, the one met n-th at n % AHEAD */
    size_t met, landed;       /* children met, and landed, in the layer */
    WORD goal;                /* the goal image met (stop_at_goal) ... */
    WORD goal_parent;         /* ... and the image it was met from */
    bool fold;                /* store one of each mirror pair */
    bool pairs;               /* ... and count it as two: the root is its own mirror image,
                                 so both halves of every pair are reachable */
} W(fast_walk);

static inline bool W(layer_push)(W(fast_walk) *k, W(layer) *l, WORD key)
{
    if (!sbi_array_reserve(k->meter, &l->keys, &l->cap, l->n + 1, sizeof *l->keys))
        return false;
    l->keys[l->n++] = key;
    return true;
}

/* The image that stands for S: S, or when folding the smaller of S and its
 * mirror; *count is how many configurations it stands for. */
static inline WORD W(representative)(bool fold, WORD S, WORD mirror, unsigned *count)
{
    if (!fold) {
        *count = 1;
        return S;
    }
    *count = mirror == S ? 1 : 2;
    return mirror < S ? mirror : S;
}

/* Stores a child (its image, its code, what it counts for and the index
 * of its parent in now) unless seen, and tells the driver.  False to stop
 * the layer: at a goal (run->at_goal) or when the meter refused. */
static inline __attribute__((always_inline)) bool W(land)(W(fast_walk) *k, WORD image,
                                                           WORD code, size_t count,
                                                           size_t parent)
{
    int added = W(sbi_seen_add_code)(&k->seen, code, k->run->depth + 1);
    if (added == 0)
        return true;
    if (added < 0 || !W(layer_push)(k, &k->next, image))
        return false;
    if (!sbi_bfs_met(k->run, k->pairs ? count : 1, W(is_goal_word)(k->b, image)))
        return true;
    k->goal = image;
    k->goal_parent = k->now.keys[parent];
    return false;
}

/* Lands the oldest child in flight. */
static inline __attribute__((always_inline)) bool W(land_oldest)(W(fast_walk) *k)
{
    const W(flying) *f = &k->flight[k->landed++ % AHEAD];
    return W(land)(k, f->image, f->code, f->count, f->parent);
}

/* Meets a child.  In flight (`fly`), its slots are asked for now and it
 * is looked up once AHEAD more children have been met, by when they have
 * come; children land in the order met, so the search stores, counts and
 * stops exactly as if each were looked up at once.  Not in flight, it
 * lands at once: a table that fits the caches answers faster than the
 * flight is kept. */
static inline __attribute__((always_inline)) bool W(meet)(W(fast_walk) *k, WORD child,
                                                           WORD mirror, bool fold, bool fly)
{
    unsigned count;
    child = W(representative)(fold, child, mirror, &count);
    WORD code = W(sbi_seen_code)(&k->seen, child);
    if (!fly)
        return W(land)(k, child, code, count, k->parent);
    W(sbi_seen_prefetch)(&k->seen, code);
    if (k->met - k->landed == AHEAD && !W(land_oldest)(k))
        return false;
    k->flight[k->met++ % AHEAD] = (W(flying)){ child, code, k->parent, count };
    return true;
}

/* The visit functions of the four ways to expand a layer: folding or not,
 * in flight or not. */
static inline __attribute__((always_inline)) bool W(meet_child)(void *ctx, WORD child,
                                                                 WORD mirror)
{
    return W(meet)(ctx, child, mirror, false, false);
}

static inline __attribute__((always_inline)) bool W(meet_pair)(void *ctx, WORD child,
                                                                WORD mirror)
{
    return W(meet)(ctx, child, mirror, true, false);
}

static inline __attribute__((always_inline)) bool W(fly_child)(void *ctx, WORD child,
                                                                WORD mirror)
{
    return W(meet)(ctx, child, mirror, false, true);
}

static inline __attribute__((always_inline)) bool W(fly_pair)(void *ctx, WORD child,
                                                               WORD mirror)
{
    return W(meet)(ctx, child, mirror, true, true);
}

/* Whether a walk of b folds mirror pairs and counts each as two, the
 * root's representative and what it counts for: both walkers of the
 * bitboard start so.  Folding keeps distances to the goal; counting the
 * whole space by pairs also needs the space to be mirrored into itself,
 * which it is when the root is its own mirror image. */
typedef struct W(folding) { bool fold, pairs; WORD root; unsigned count; } W(folding);

static W(folding) W(fold_plan)(sb_setup *s, const bitboard *b, bool stop_at_goal)
{
    W(folding) f;
    WORD root;
    memcpy(&root, b->base.root, sizeof root);
    WORD mirror = W(mirrored)(b, root);
    f.fold = b->goal_mirrors && (stop_at_goal || mirror == root);
    f.pairs = f.fold && mirror == root;
    s->mirrors_once = f.fold && !f.pairs;
    f.root = W(representative)(f.fold, root, mirror, &f.count);
    if (!f.pairs)
        f.count = 1;
    return f;
}

/* The mirror image generate() wants with S: only folding uses it. */
static inline WORD W(mirror_of)(const W(fast_walk) *k, WORD S)
{
    return k->fold ? W(mirrored)(k->b, S) : 0;
}

/* Path reading: finds a neighbour stored at the depth (mod 3) wanted, or
 * (step_to) the one that a given representative stands for. */
typedef struct W(way_back) { const W(fast_walk) *k; WORD want, found; } W(way_back);

static bool W(step_back)(void *ctx, WORD child, WORD mirror)
{
    W(way_back) *w = ctx;
    unsigned count;
    child = W(representative)(w->k->fold, child, mirror, &count);
    if (W(sbi_seen_find)(&w->k->seen, child) != (int)w->want)
        return true;
    w->found = child;
    return false;
}

static bool W(step_to)(void *ctx, WORD child, WORD mirror)
{
    W(way_back) *w = ctx;
    unsigned count;
    if (W(representative)(w->k->fold, child, mirror, &count) != w->want)
        return true;
    w->found = child;
    return false;
}

/* The path of representatives path[0 .. n-1], root first (allocated
 * through m, n words, freed here), as real moves into *sol: when folded,
 * the real path is walked forward from the real root, one neighbour
 * standing for the next image at a time (mirroring maps moves to moves, so
 * there always is one).  Both BFS walkers of the bitboard end so. */
static sb_status W(path_finish)(const bitboard *b, sb_meter *m, bool fold, WORD *path, size_t n,
                                sb_solution *sol)
{
    if (fold) {
        W(fast_walk) k = { .b = b, .fold = true };
        memcpy(&path[0], b->base.root, sizeof path[0]);
        for (size_t j = 1; j < n; j++) {
            W(way_back) w = { &k, path[j], 0 };
            W(generate)(b, path[j - 1], W(mirrored)(b, path[j - 1]), W(step_to), &w);
            path[j] = w.found;
        }
    }
    sb_status status = sbi_path_from_keys(&b->base, NULL, (const unsigned char *)path, n, sol);
    sbi_meter_free(m, path, n * sizeof(WORD));
    return status;
}

/* The images from the root to the goal met at depth d + 1: each
 * configuration's predecessor is the neighbour stored one layer up
 * (seen.h says why that is unique). */
static sb_status W(path)(void *walker, const sb_bfs *run, sb_solution *sol)
{
    W(fast_walk) *k = walker;
    unsigned d = run->depth;
    size_t bytes = ((size_t)d + 2) * sizeof(WORD);
    WORD *path = sbi_meter_realloc(k->meter, NULL, 0, bytes);
    if (!path)
        return SB_ELIMIT;
    path[d + 1] = k->goal;
    path[d] = k->goal_parent;
    for (unsigned j = d; j > 0; j--) {
        W(way_back) w = { k, (j - 1) % 3, 0 };
        W(generate)(k->b, path[j], W(mirror_of)(k, path[j]), W(step_back), &w);
        path[j - 1] = w.found;
    }
    return W(path_finish)(k->b, k->meter, k->fold, path, (size_t)d + 2, sol);
}

/* Expands the current layer into the next.  Written once and made four
 * times (below), folding or not and in flight or not, so that none pays
 * for another's tests in its inner loop. */
static inline __attribute__((always_inline)) sb_status W(expand_with)(W(fast_walk) *k,
                                                                       sb_bfs *run,
                                                                       W(visit_fn) meet_fn)
{
    k->run = run;
    k->next.n = 0;
    k->met = k->landed = 0;
    bool go_on = true;
    for (k->parent = 0; k->parent < k->now.n; k->parent++) {
        WORD S = k->now.keys[k->parent];
        go_on = W(generate)(k->b, S, W(mirror_of)(k, S), meet_fn, k);
        k->meter->stored = k->seen.count;
        if (!go_on) {
            k->meter->expanded++;   /* stopped inside this expansion: it counts */
            break;
        }
        if (sbi_meter_tick(k->meter, 0) != SB_OK)
            return SB_ELIMIT;
    }
    /* The children still in flight land before the layer is done. */
    while (go_on && k->landed < k->met)
        go_on = W(land_oldest)(k);
    k->meter->stored = k->seen.count;
    return go_on || run->at_goal ? SB_OK : SB_ELIMIT;
}

static sb_status W(expand_plain)(W(fast_walk) *k, sb_bfs *run)
{
    return W(expand_with)(k, run, W(meet_child));
}

static sb_status W(expand_folded)(W(fast_walk) *k, sb_bfs *run)
{
    return W(expand_with)(k, run, W(meet_pair));
}

static sb_status W(expand_plain_flying)(W(fast_walk) *k, sb_bfs *run)
{
    return W(expand_with)(k, run, W(fly_child));
}

static sb_status W(expand_folded_flying)(W(fast_walk) *k, sb_bfs *run)
{
    return W(expand_with)(k, run, W(fly_pair));
}

/* Children fly once the table outgrows FLY_BYTES (a layer is expanded
 * with the table of its start; it grows by half at most meanwhile, or
 * more when the layer is wider than the table was, which happens only
 * while the table is small). */
static sb_status W(expand_layer)(void *walker, sb_bfs *run)
{
    W(fast_walk) *k = walker;
    if (W(sbi_seen_bytes)(&k->seen) >= FLY_BYTES)
        return k->fold ? W(expand_folded_flying)(k, run) : W(expand_plain_flying)(k, run);
    return k->fold ? W(expand_folded)(k, run) : W(expand_plain)(k, run);
}

static void W(advance)(void *walker)
{
    W(fast_walk) *k = walker;
    W(layer) swap = k->now;
    k->now = k->next;
    k->next = swap;
}

static const void *W(layer_key)(void *walker)
{
    W(fast_walk) *k = walker;
    return k->now.keys;
}

static void W(walk_free)(void *walker)
{
    W(fast_walk) *k = walker;
    if (!k)
        return;
    W(sbi_seen_free)(&k->seen);
    sbi_array_free(k->meter, &k->now.keys, &k->now.cap, sizeof *k->now.keys);
    sbi_array_free(k->meter, &k->next.keys, &k->next.cap, sizeof *k->next.keys);
    sbi_meter_free(k->meter, k, sizeof *k);
}

static const sb_bfs_walker W(walker_ops) = { W(expand_layer), W(advance), W(path),
                                             W(layer_key), W(walk_free) };

/* The walker over b's images, its root stored; NULL out of memory. */
static void *W(walker_new)(sb_setup *s, const bitboard *b, bool stop_at_goal,
                           uint64_t *root_count)
{
    W(fast_walk) *k = sbi_meter_calloc(&s->meter, 1, sizeof *k);
    if (!k)
        return NULL;
    k->b = b;
    k->meter = &s->meter;
    /* Its expansions are cheap: the clock is read every 256. */
    k->meter->tick_mask = 255;
    W(sbi_seen_init)(&k->seen, b->spare_bit, k->meter);
    W(folding) f = W(fold_plan)(s, b, stop_at_goal);
    k->fold = f.fold;
    k->pairs = f.pairs;
    WORD root = f.root;
    *root_count = f.count;
    if (W(sbi_seen_add)(&k->seen, root, 0) < 0 || !W(layer_push)(k, &k->now, root)) {
        W(walk_free)(k);
        return NULL;
    }
    k->meter->stored = k->seen.count;
    return k;
}
