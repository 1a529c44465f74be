/*
 * test_stores.c - the state tables behind stores/store.h, every one of
 * them through the same test: the flat table (8- and 16-byte keys, the
 * bitboard's) and uthash (6, 8 and 200 bytes: the general board's keys
 * have any length).
 *
 * What a store promises: node ids are dense and given in insertion order
 * from 0; interning a stored key returns its id and says it is not new,
 * without touching its parent; find never adds; keys are compared in full,
 * so keys whose hashes collide (the caller passes the hash, so a test can
 * make them collide on purpose) stay apart; at the states limit exactly N
 * keys are stored and the next new one is refused with the meter saying
 * SB_LIMIT_STATES, while stored keys are still found; at the bytes limit
 * the refusal says SB_LIMIT_BYTES and nothing held ever passed the limit;
 * and everything allocated goes back to the meter on free.  Meters that
 * draw on one budget (a census's, core/meter.h) are held to the limit
 * together: in turn, and two stores filled at once on two threads.
 *
 * Keys come from a fixed-seed generator with a unique 32-bit number in
 * their last four bytes, so that they are distinct by construction and
 * the rest of their bytes is random (or all zero, for keys that differ
 * only at the end).
 */
#include <pthread.h>

#include "unit.h"

#include "stores/store.h"

typedef struct kind {
    const char *name;
    sb_status (*make)(size_t key_size, sb_meter *m, sb_store **out);
    size_t key_size;
} kind;

static const kind KINDS[] = {
    { "flat", sbi_store_flat_new, 8 },
    { "flat", sbi_store_flat_new, 16 },
    { "uthash", sbi_store_uthash_new, 6 },
    { "uthash", sbi_store_uthash_new, 8 },
    { "uthash", sbi_store_uthash_new, 200 },
};
enum { NKINDS = sizeof KINDS / sizeof KINDS[0] };

enum { MAX_KEY = 256 };

/* Key number i of family `family`: random bytes (zero when plain), then
 * a bijective scramble of i in the last four bytes. */
static void make_key(const kind *k, uint32_t family, uint32_t i, bool plain, unsigned char *key)
{
    unit_rng r = { (uint64_t)family << 32 ^ i ^ 0x9e3779b97f4a7c15ULL };
    for (size_t b = 0; b < k->key_size; b++)
        key[b] = plain ? 0 : (unsigned char)(unit_next(&r) >> 56);
    uint32_t tag = i * 2654435761u + family;   /* odd multiplier: one-to-one */
    for (size_t b = 0; b < 4 && b < k->key_size; b++)
        key[k->key_size - 1 - b] = (unsigned char)(tag >> (8 * b));
}

static uint64_t hash_of(const kind *k, const unsigned char *key)
{
    return unit_hash_bytes(key, k->key_size);
}

static sb_store *new_store(const kind *k, sb_meter *m)
{
    sb_store *st = NULL;
    CHECK(k->make(k->key_size, m, &st) == SB_OK && st);
    if (!st)
        exit(1);
    CHECK(st->count == 0);
    return st;
}

static void free_store(const kind *k, sb_store *st, sb_meter *m)
{
    st->ops->free(st);
    CHECK_MSG(m->held == 0, "%s/%zu: %zu bytes still held after free", k->name, k->key_size,
              m->held);
}

/* Parent of node i in the basic test: a tree, the root having none. */
static uint32_t parent_for(uint32_t i)
{
    return i ? (i - 1) / 3 : SB_NO_NODE;
}

static void test_basic(const kind *k)
{
    enum { N = 100000, ABSENT = 2000 };
    sb_meter m;
    sbi_meter_init(&m, NULL);
    sb_store *st = new_store(k, &m);
    unsigned char key[MAX_KEY];
    int bad = 0;
    for (uint32_t i = 0; i < N && bad < 5; i++) {
        make_key(k, 1, i, false, key);
        uint64_t h = hash_of(k, key);
        uint32_t id = 12345;
        bool fresh = false;
        bool ok = st->ops->find(st, key, h) == SB_NO_NODE && st->count == i;
        ok = ok && st->ops->intern(st, key, h, parent_for(i), &id, &fresh) == SB_OK;
        ok = ok && id == i && fresh && st->count == i + 1;
        bad += !ok;
        CHECK_MSG(ok, "%s/%zu: new key %u: id %u fresh %d count %u", k->name, k->key_size, i, id,
                  fresh, st->count);
    }
    CHECK_MSG(m.held > 0 && m.peak >= m.held, "%s/%zu: the store allocates through the meter",
              k->name, k->key_size);
    /* Again: the same ids, not fresh, parents untouched, keys as given. */
    bad = 0;
    for (uint32_t i = 0; i < N && bad < 5; i++) {
        make_key(k, 1, i, false, key);
        uint64_t h = hash_of(k, key);
        uint32_t id = 12345;
        bool fresh = true;
        bool ok = st->ops->intern(st, key, h, 7, &id, &fresh) == SB_OK && id == i && !fresh;
        ok = ok && st->ops->find(st, key, h) == i && st->count == N;
        ok = ok && memcmp(st->ops->key(st, i), key, k->key_size) == 0;
        ok = ok && st->ops->parent(st, i) == parent_for(i);
        bad += !ok;
        CHECK_MSG(ok, "%s/%zu: stored key %u: id %u fresh %d", k->name, k->key_size, i, id, fresh);
    }
    /* Keys never stored are not found, and looking does not add them. */
    for (uint32_t i = 0; i < ABSENT; i++) {
        make_key(k, 2, i, false, key);
        CHECK(st->ops->find(st, key, hash_of(k, key)) == SB_NO_NODE);
        make_key(k, 1, N + i, false, key);
        CHECK(st->ops->find(st, key, hash_of(k, key)) == SB_NO_NODE);
    }
    CHECK(st->count == N);
    /* set_parent changes one node's parent and nothing else. */
    for (uint32_t i = 0; i < N; i += 97)
        st->ops->set_parent(st, i, N - 1 - i);
    bad = 0;
    for (uint32_t i = 0; i < N && bad < 5; i++) {
        uint32_t want = i % 97 ? parent_for(i) : N - 1 - i;
        make_key(k, 1, i, false, key);
        bool ok = st->ops->parent(st, i) == want &&
                  memcmp(st->ops->key(st, i), key, k->key_size) == 0;
        bad += !ok;
        CHECK_MSG(ok, "%s/%zu: node %u after set_parent", k->name, k->key_size, i);
    }
    free_store(k, st, &m);
    st = new_store(k, &m);
    st->ops->free(st);
    CHECK(m.held == 0);
}

/* Keys whose hashes are equal (all of them, or in a few groups), equal
 * in their top or bottom 32 bits only, and keys that differ only in their
 * last bytes: the store must compare keys, whatever the hash says. */
static uint64_t colliding_hash(uint32_t i, int mode)
{
    switch (mode) {
    case 0: return 0x0123456789abcdefULL;                          /* all equal */
    case 1: return 0xfedcba9876543210ULL * (i % 3 + 1);            /* three values */
    case 2: return 0x5555aaaa00000000ULL | (uint64_t)i * 0x9e37u;   /* top bits equal */
    default: return (uint64_t)(i * 0x9e3779b9u) << 32 | 0x1234567u; /* bottom bits equal */
    }
}

static void test_collisions(const kind *k)
{
    enum { N = 1500 };
    unsigned char key[MAX_KEY];
    for (int mode = 0; mode < 4; mode++)
        for (int plain = 0; plain < 2; plain++) {
            sb_meter m;
            sbi_meter_init(&m, NULL);
            sb_store *st = new_store(k, &m);
            int bad = 0;
            for (uint32_t i = 0; i < N && bad < 5; i++) {
                make_key(k, 3, i, plain, key);
                uint64_t h = colliding_hash(i, mode);
                uint32_t id = 12345;
                bool fresh = false;
                bool ok = st->ops->find(st, key, h) == SB_NO_NODE;
                ok = ok && st->ops->intern(st, key, h, i, &id, &fresh) == SB_OK;
                ok = ok && id == i && fresh;
                bad += !ok;
                CHECK_MSG(ok, "%s/%zu collisions mode %d plain %d: key %u got id %u fresh %d",
                          k->name, k->key_size, mode, plain, i, id, fresh);
            }
            CHECK(st->count == N);
            bad = 0;
            for (uint32_t i = 0; i < N && bad < 5; i++) {
                make_key(k, 3, i, plain, key);
                uint64_t h = colliding_hash(i, mode);
                uint32_t id = 12345;
                bool fresh = true;
                bool ok = st->ops->find(st, key, h) == i;
                ok = ok && st->ops->intern(st, key, h, 0, &id, &fresh) == SB_OK;
                ok = ok && id == i && !fresh && st->ops->parent(st, i) == i;
                ok = ok && memcmp(st->ops->key(st, i), key, k->key_size) == 0;
                bad += !ok;
                CHECK_MSG(ok, "%s/%zu collisions mode %d plain %d: key %u found as %u",
                          k->name, k->key_size, mode, plain, i, id);
                /* An absent key with the very same hash. */
                make_key(k, 4, i, plain, key);
                CHECK(st->ops->find(st, key, colliding_hash(i, mode)) == SB_NO_NODE);
            }
            CHECK(st->count == N);
            free_store(k, st, &m);
        }
}

/* The states limit: exactly max keys, then SB_ELIMIT with SB_LIMIT_STATES
 * for every new key, while stored keys are still found and interned. */
static void test_states_limit(const kind *k, uint32_t max)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_states = max;
    sb_meter m;
    sbi_meter_init(&m, &opts);
    sb_store *st = new_store(k, &m);
    unsigned char key[MAX_KEY];
    uint32_t stored = 0, id = 0;
    bool fresh = false;
    sb_status status = SB_OK;
    for (uint32_t i = 0; i < max + 5 && status == SB_OK; i++) {
        make_key(k, 5, i, false, key);
        status = st->ops->intern(st, key, hash_of(k, key), SB_NO_NODE, &id, &fresh);
        if (status == SB_OK) {
            CHECK(id == i && fresh);
            stored++;
        }
    }
    CHECK_MSG(stored == max && st->count == max, "%s/%zu: states limit %u: stored %u, count %u",
              k->name, k->key_size, max, stored, st->count);
    CHECK_MSG(status == SB_ELIMIT && m.hit == SB_LIMIT_STATES,
              "%s/%zu: states limit %u: status %d hit %d", k->name, k->key_size, max, status,
              m.hit);
    for (uint32_t i = 0; i < stored; i++) {
        make_key(k, 5, i, false, key);
        uint64_t h = hash_of(k, key);
        bool ok = st->ops->find(st, key, h) == i;
        ok = ok && st->ops->intern(st, key, h, 0, &id, &fresh) == SB_OK && id == i && !fresh;
        CHECK_MSG(ok, "%s/%zu: at the states limit %u, stored key %u", k->name, k->key_size, max,
                  i);
    }
    for (uint32_t i = max; i < max + 20; i++) {
        make_key(k, 5, i, false, key);
        uint64_t h = hash_of(k, key);
        m.hit = SB_LIMIT_NONE;
        CHECK(st->ops->intern(st, key, h, 0, &id, &fresh) == SB_ELIMIT);
        CHECK(m.hit == SB_LIMIT_STATES);
        CHECK(st->ops->find(st, key, h) == SB_NO_NODE);
    }
    CHECK(st->count == max);
    free_store(k, st, &m);
}

/* The bytes limit: a refusal says SB_LIMIT_BYTES, the peak never passes
 * the budget, and the table stays whole: every key it accepted is found,
 * the refused ones are not, and new keys after a refusal (which may fit:
 * only one allocation was refused) get the next ids. */
static void test_bytes_limit(const kind *k, size_t budget)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = budget;
    sb_meter m;
    sbi_meter_init(&m, &opts);
    sb_store *st = new_store(k, &m);
    unsigned char key[MAX_KEY];
    uint32_t id = 0, tried = 0, refusals = 0;
    bool fresh = false;
    /* Which keys were accepted: refused keys stay out. */
    size_t cap = 1024;
    bool *in = unit_alloc(cap * sizeof *in);
    uint32_t *ids = unit_alloc(cap * sizeof *ids);
    while (refusals < 50 && tried < 20000000) {
        size_t ids_cap = cap;   /* in's and ids' capacities are one */
        unit_reserve(&in, &cap, tried + 1, sizeof *in);
        unit_reserve(&ids, &ids_cap, tried + 1, sizeof *ids);
        make_key(k, 6, tried, false, key);
        uint32_t before = st->count;
        m.hit = SB_LIMIT_NONE;
        sb_status status = st->ops->intern(st, key, hash_of(k, key), tried, &id, &fresh);
        in[tried] = status == SB_OK;
        ids[tried] = id;
        if (status == SB_OK) {
            CHECK_MSG(fresh && id == before && st->count == before + 1,
                      "%s/%zu: budget %zu: key %u got id %u fresh %d, count %u before", k->name,
                      k->key_size, budget, tried, id, fresh, before);
        } else {
            refusals++;
            bool sound = status == SB_ELIMIT && m.hit == SB_LIMIT_BYTES && st->count == before;
            CHECK_MSG(sound, "%s/%zu: budget %zu: refusal %u (key %u) has status %d, hit %d "
                      "(%d: the bytes limit), count %u (%u before)", k->name, k->key_size, budget,
                      refusals, tried, status, m.hit, SB_LIMIT_BYTES, st->count, before);
            /* A store that refuses without its meter refusing is in a state
             * no one promised anything about: more keys could loop forever. */
            if (!sound) {
                tried++;
                break;
            }
        }
        CHECK_MSG(m.peak <= budget, "%s/%zu: peak %zu passed the budget %zu", k->name,
                  k->key_size, m.peak, budget);
        tried++;
    }
    CHECK_MSG(refusals > 0, "%s/%zu: budget %zu never refused", k->name, k->key_size, budget);
    CHECK_MSG(budget < 1000000 || st->count > 1000, "%s/%zu: budget %zu held only %u keys",
              k->name, k->key_size, budget, st->count);
    int bad = 0;
    for (uint32_t i = 0; i < tried && bad < 5; i++) {
        make_key(k, 6, i, false, key);
        uint32_t found = st->ops->find(st, key, hash_of(k, key));
        bool ok = in[i] ? found == ids[i] && st->ops->parent(st, found) == i : found == SB_NO_NODE;
        bad += !ok;
        CHECK_MSG(ok, "%s/%zu: budget %zu: key %u (%s) found as %u", k->name, k->key_size, budget,
                  i, in[i] ? "accepted" : "refused", found);
    }
    free(in);
    free(ids);
    free_store(k, st, &m);
}

/* Two meters drawing on one budget, in turn: what one holds the other
 * cannot take; what one lets go of (or gives back as it ends) it can;
 * the budget holds the sum and keeps the peak, each meter its own. */
static void test_budget_in_turn(void)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = 1000;
    sb_budget b;
    sbi_budget_init(&b, &opts);
    sb_meter x, y;
    sbi_meter_init(&x, &opts);
    sbi_meter_init(&y, &opts);
    sbi_meter_draw_on(&x, &b);
    sbi_meter_draw_on(&y, &b);
    void *p = sbi_meter_realloc(&x, NULL, 0, 600);
    CHECK(p && x.held == 600 && sbi_meter_budget_held(&y) == 600);
    CHECK(!sbi_meter_calloc(&y, 1, 500) && y.hit == SB_LIMIT_BYTES && y.held == 0);
    CHECK(sbi_meter_hold(&y, 400) && !sbi_meter_hold(&y, 1) && atomic_load(&b.held) == 1000);
    sbi_meter_release(&y, 400);
    p = sbi_meter_realloc(&x, p, 600, 200);   /* shrinking frees room */
    CHECK(p && x.held == 200 && atomic_load(&b.held) == 200);
    void *q = sbi_meter_calloc(&y, 1, 800);
    CHECK(q && atomic_load(&b.held) == 1000 && atomic_load(&b.peak) == 1000);
    CHECK(x.peak == 600 && y.peak == 800);
    /* Freed outside the meter, as lines.c frees its blocks: the meter's
     * end gives its count back. */
    free(q);
    sbi_meter_end(&y);
    CHECK(y.held == 0 && atomic_load(&b.held) == 200);
    sbi_meter_free(&x, p, 200);
    sbi_meter_end(&x);
    CHECK(atomic_load(&b.held) == 0 && atomic_load(&b.peak) == 1000);
}

/* One store filled by one thread on its own meter, which draws on a
 * budget shared with another such thread. */
typedef struct filler {
    const kind *k;
    sb_meter m;
    sb_store *st;
    uint32_t family, accepted, refusals, unsound;
} filler;

static void *fill(void *arg)
{
    filler *f = arg;
    unsigned char key[MAX_KEY];
    if (f->k->make(f->k->key_size, &f->m, &f->st) != SB_OK) {
        f->unsound++;
        return NULL;
    }
    for (uint32_t i = 0; f->refusals < 20 && i < 20000000; i++) {
        make_key(f->k, f->family, i, false, key);
        uint32_t id;
        bool fresh;
        f->m.hit = SB_LIMIT_NONE;
        sb_status status = f->st->ops->intern(f->st, key, hash_of(f->k, key), i, &id, &fresh);
        f->accepted += status == SB_OK;
        f->refusals += status != SB_OK;
        f->unsound += status != SB_OK && (status != SB_ELIMIT || f->m.hit != SB_LIMIT_BYTES);
    }
    return NULL;
}

/* Two stores filled at once on two threads, each on its own meter, both
 * meters drawing on one budget: the budget's peak never passes the
 * limit (each meter alone could have taken all of it), both fill until
 * refused at the bytes limit, and once the stores are freed and the
 * meters ended the budget holds nothing. */
static void test_budget_shared(const kind *k, size_t budget)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = budget;
    sb_budget b;
    sbi_budget_init(&b, &opts);
    filler f[2] = { { .k = k, .family = 7 }, { .k = k, .family = 8 } };
    for (int t = 0; t < 2; t++) {
        sbi_meter_init(&f[t].m, &opts);
        sbi_meter_draw_on(&f[t].m, &b);
    }
    pthread_t other;
    bool started = pthread_create(&other, NULL, fill, &f[1]) == 0;
    CHECK(started);
    fill(&f[0]);
    if (started)
        pthread_join(other, NULL);
    size_t peak = atomic_load(&b.peak), held = atomic_load(&b.held);
    CHECK_MSG(peak <= budget, "%s/%zu: two threads' peak %zu passed the budget %zu", k->name,
              k->key_size, peak, budget);
    CHECK_MSG(held == f[0].m.held + f[1].m.held, "%s/%zu: the budget holds %zu, its meters "
              "%zu and %zu", k->name, k->key_size, held, f[0].m.held, f[1].m.held);
    for (int t = 0; t < 2; t++) {
        CHECK_MSG(f[t].refusals == 20 && !f[t].unsound, "%s/%zu: budget %zu: thread %d had %u "
                  "refusals, %u not at the bytes limit", k->name, k->key_size, budget, t,
                  f[t].refusals, f[t].unsound);
        if (f[t].st)
            f[t].st->ops->free(f[t].st);
        sbi_meter_end(&f[t].m);
    }
    CHECK_MSG(atomic_load(&b.held) == 0, "%s/%zu: the budget holds %zu after both ended",
              k->name, k->key_size, (size_t)atomic_load(&b.held));
}

int main(void)
{
    test_budget_in_turn();
    for (int i = 0; i < NKINDS; i++) {
        const kind *k = &KINDS[i];
        test_basic(k);
        test_collisions(k);
        static const uint32_t limits[] = { 1, 2, 5, 767, 768, 769, 1000, 1023, 1024, 1025, 3000 };
        for (size_t j = 0; j < sizeof limits / sizeof limits[0]; j++)
            test_states_limit(k, limits[j]);
        /* Budgets close together, so that the refusal falls on every
         * kind of allocation some time: nodes, index, buckets. */
        for (size_t budget = 1000; budget < 4000000; budget = budget * 9 / 8 + 17)
            test_bytes_limit(k, budget);
        for (size_t budget = 20000; budget < 4000000; budget *= 3)
            test_budget_shared(k, budget);
    }
    return unit_finish("test_stores");
}
