/*
 * corner_walk.h - corner.c's walk, written once for both key sizes.
 * Internal to corner.c and not an ordinary header: corner.c includes it
 * twice, with KEY uint64_t (layouts whose labels fit 64 bits: 4x4, and
 * 4x5 with at most 6 classes) and with KEY a 128-bit word, after
 * defining
 *   KEY      the key type
 *   K(name)  name with the size's suffix (64 or 128)
 * corner.c's top says what the key, the table, the batches and the walk
 * are; everything here is static, and what is not used costs nothing.
 */

static inline uint64_t K(key_hash)(KEY k)
{
    uint64_t x = (uint64_t)k;
    if (sizeof k > 8)
        x += (uint64_t)((unsigned __int128)k >> 64) * 0x9e3779b97f4a7c15ULL;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ x >> 32;
}

static inline bool K(table_add)(KEY *slots, size_t mask, KEY k, uint64_t hash)
{
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        if (slots[i] == k)
            return false;
        if (!slots[i]) {
            slots[i] = k;
            return true;
        }
    }
}

/* Room for one more key in the table (at most half full) and the queue. */
static bool K(make_room)(corner_walk *w)
{
    sb_corner_context *c = w->ctx;
    size_t cap = c->slot_bytes / sizeof(KEY), queue_cap = c->queue_bytes / sizeof(KEY);
    if (!sbi_meter_may_store(w->meter, c->queued))
        return false;
    if (c->queued + 1 > queue_cap) {
        size_t bytes = c->queue_bytes ? 2 * c->queue_bytes : 1024 * sizeof(KEY);
        void *q = sbi_meter_realloc(c->meter, c->queue, c->queue_bytes, bytes);
        if (!q)
            return false;
        c->queue = q;
        c->queue_bytes = bytes;
        queue_cap = bytes / sizeof(KEY);
    }
    if (2 * (c->queued + 1) > cap) {
        size_t bytes = c->slot_bytes ? 2 * c->slot_bytes : 2048 * sizeof(KEY);
        KEY *slots = sbi_meter_calloc(c->meter, 1, bytes), *queue = c->queue;
        if (!slots)
            return false;
        sbi_meter_free(c->meter, c->slots, c->slot_bytes);
        c->slots = slots;
        c->slot_bytes = bytes;
        cap = bytes / sizeof(KEY);
        for (size_t i = 0; i < c->queued; i++)
            K(table_add)(slots, cap - 1, queue[i], K(key_hash)(queue[i]));
    }
    uint64_t most = w->meter->limits.max_states;
    w->room = cap / 2 < queue_cap ? cap / 2 : queue_cap;
    if (most && most < w->room)
        w->room = (size_t)most;
    return true;
}

/* Queues k (whose key_hash is hash) unless it was seen; false when the
 * meter refused the room. */
static inline bool K(see)(corner_walk *w, KEY k, uint64_t hash)
{
    sb_corner_context *c = w->ctx;
    if (c->queued >= w->room && !K(make_room)(w))
        return false;
    if (K(table_add)(c->slots, c->slot_bytes / sizeof(KEY) - 1, k, hash))
        ((KEY *)c->queue)[c->queued++] = k;
    return true;
}

typedef struct K(corner_batch) {
    int n;
    KEY key[BATCH];
    uint64_t hash[BATCH];
} K(corner_batch);

static bool K(batch_flush)(corner_walk *w, K(corner_batch) *b)
{
    sb_corner_context *c = w->ctx;
    const KEY *slots = c->slots;
    size_t mask = c->slot_bytes / sizeof(KEY) - 1;
    for (int i = 0; i < b->n; i++) {
        b->hash[i] = K(key_hash)(b->key[i]);
        if (slots)
            __builtin_prefetch(&slots[b->hash[i] & mask]);
    }
    int n = b->n;
    b->n = 0;
    for (int i = 0; i < n; i++)
        if (!K(see)(w, b->key[i], b->hash[i]))
            return false;
    return true;
}

static inline bool K(batch_add)(corner_walk *w, K(corner_batch) *b, KEY k)
{
    b->key[b->n++] = k;
    return b->n < BATCH || K(batch_flush)(w, b);
}

/* Empties the table and the queue (corner.c's top says why the reverse
 * order keeps the probe chains whole). */
static void K(forget)(sb_corner_context *c)
{
    KEY *slots = c->slots;
    const KEY *queue = c->queue;
    size_t cap = c->slot_bytes / sizeof(KEY);
    if (!c->queued)
        return;
    if (c->queued * 8 >= cap) {
        memset(slots, 0, c->slot_bytes);
    } else {
        for (size_t n = c->queued; n-- > 0;) {
            size_t i = K(key_hash)(queue[n]) & (cap - 1);
            while (slots[i] != queue[n])
                i = (i + 1) & (cap - 1);
            slots[i] = 0;
        }
    }
    c->queued = 0;
}

/* Fills the open cells from the first in reading order (holes and the
 * anchors of pieces still to place), queueing each complete fill through
 * b. */
static bool K(fill)(corner_walk *w, K(corner_batch) *b, uint64_t taken, KEY key)
{
    uint64_t open = w->cells & ~taken;
    if (!open)
        return K(batch_add)(w, b, key);
    int g = __builtin_ctzll(open);
    if (w->holes_left) {
        w->holes_left--;
        bool ok = K(fill)(w, b, taken | 1ULL << g, key);
        w->holes_left++;
        if (!ok)
            return false;
    }
    for (int s = 0; s < w->pc->nclasses; s++) {
        const corner_class *k = &w->cls[s];
        if (!w->left_count[s] || !(k->fit >> g & 1) || (piece_mask(k, g) & taken))
            continue;
        w->left_count[s]--;
        bool ok = K(fill)(w, b, taken | piece_mask(k, g), key | w->K(unit)[g] * (KEY)(s + 2));
        w->left_count[s]++;
        if (!ok)
            return false;
    }
    return true;
}

static inline uint32_t K(label_at)(const corner_walk *w, KEY k, int g)
{
    return (uint32_t)(k >> w->shift[g]) & w->label_mask;
}

/* Whether k is a start: the marked piece's box at (0,0), and no piece
 * anchored before it on row 0 with its box there too. */
static inline bool K(is_start)(const corner_walk *w, KEY k)
{
    if (K(label_at)(w, k, w->start_anchor) != 1)
        return false;
    for (int c = 0; c < w->start_anchor; c++) {
        uint32_t label = K(label_at)(w, k, c);
        if (label > 1 && w->cls[label - 2].left == c)
            return false;
    }
    return true;
}

/* Queues every configuration one move from k (through b, which the
 * caller flushes); false when the meter refused. */
static bool K(expand)(corner_walk *w, KEY k, K(corner_batch) *b)
{
    KEY nonzero = 0;
    for (int i = 0; i < w->bits; i++)
        nonzero |= k >> i;
    nonzero &= w->K(field_low);
    int pieces = 0;
    int8_t at[MAX_GRID];
    uint8_t label[MAX_GRID];
    uint64_t taken = w->walls;
    for (; nonzero; nonzero &= nonzero - 1) {
        int p = sizeof nonzero > 8 && !(uint64_t)nonzero
                    ? 64 + __builtin_ctzll((uint64_t)((unsigned __int128)nonzero >> 64))
                    : __builtin_ctzll((uint64_t)nonzero);
        int g = w->grid_at[p];
        uint32_t lab = (uint32_t)(k >> p) & w->label_mask;
        at[pieces] = (int8_t)g;
        label[pieces++] = (uint8_t)lab;
        taken |= piece_mask(&w->cls[w->label_class[lab]], g);
    }
    /* Only a piece beside an empty cell can move. */
    int v = w->width;
    uint64_t empty = w->cells & ~taken, near = empty << 1 | empty >> 1 | empty << v | empty >> v;
    for (int i = 0; i < pieces; i++) {
        const corner_class *c = &w->cls[w->label_class[label[i]]];
        int g = at[i];
        uint64_t mask = piece_mask(c, g);
        if (!(mask & near))
            continue;
        /* The box corners where a cell would meet the rest, then the
         * anchors of those boxes. */
        uint64_t rest = taken & ~mask, blocked = 0;
        for (int j = 0; j < c->ncells; j++)
            blocked |= rest >> c->offset[j];
        blocked <<= c->left;
        uint64_t moves = reach_of(w, c->axis, 1ULL << g, c->fit & ~blocked);
        KEY base = k ^ w->K(unit)[g] * label[i];
        for (; moves; moves &= moves - 1)
            if (!K(batch_add)(w, b, base ^ w->K(unit)[__builtin_ctzll(moves)] * label[i]))
                return false;
    }
    return true;
}

/* The hardest start with class `goal` as the goal piece's: *moves and
 * *best (untouched when no start counts but a farther one, or one as far,
 * was found before).  false when the meter refused or the deadline
 * passed. */
static bool K(walk_goal)(corner_walk *w, int goal, int target, uint32_t *moves,
                         corner_key *best, uint64_t *walked)
{
    sb_corner_context *c = w->ctx;
    K(corner_batch) batch;
    batch.n = 0;
    bool ok = K(fill)(w, &batch, w->walls | piece_mask(&w->cls[goal], target),
                      w->K(unit)[target]) &&
              K(batch_flush)(w, &batch);
    uint32_t distance = 0, found = SB_DISTANCE_NONE;
    KEY found_key = 0;
    /* Children wait in the batch until it is full or the layer ends, all
     * of them one farther than the layer being expanded. */
    for (size_t head = 0, layer_end = c->queued; ok;) {
        if (head == layer_end) {
            ok = K(batch_flush)(w, &batch);
            if (!ok || head == c->queued)
                break;
            distance++;
            layer_end = c->queued;
        }
        KEY key = ((const KEY *)c->queue)[head++];
        if (K(is_start)(w, key) && (found != distance || key < found_key)) {
            found = distance;
            found_key = key;
        }
        ok = K(expand)(w, key, &batch) && sbi_meter_tick(w->meter, 0) == SB_OK;
    }
    *walked += c->queued;
    K(forget)(c);
    if (ok && found != SB_DISTANCE_NONE && (*moves == SB_DISTANCE_NONE || found > *moves)) {
        *moves = found;
        *best = found_key;
    }
    return ok;
}
