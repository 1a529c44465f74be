/*
 * test_table.c - the hash table (stores/table.h) on its own, against a
 * naive reference: a plain array, indexed by a key's number, of the id
 * the table should have given it.
 *
 * What the table promises: find never adds and finds exactly the keys
 * added since the last clear; intern adds a key not held with the next
 * id (ids dense, in insertion order, from 0) and finds one held without
 * touching it; key(id) is the key given that id and a value stays as the
 * caller wrote it while the table grows; keys are compared in full, so
 * keys whose hashes collide (the caller passes the hash, so the test can
 * make them collide on purpose) stay apart; count never passes room and
 * the slots are never more than 3/4 full; the meter holds exactly what
 * the table allocated, and nothing after free; a refusal (the bytes
 * limit, the states limit) adds nothing and loses nothing, every key held
 * is still found, and the table carries on once the limit is lifted.
 *
 * Every key size from 1 to 40 bytes is tried (and 64 and 200), with and
 * without values, with a well-mixed hash and with hashes of only a few
 * distinct values.  A key's number is scrambled one-to-one into its last
 * bytes (up to four), the bytes before are a fixed function of the number
 * (random-looking, or zero), so distinct numbers are distinct keys by
 * construction.
 */
#include "unit.h"

#include "stores/table.h"

enum { MAX_KEY = 256, MAX_VALUE = 16 };

typedef struct plan {
    size_t key_size, value_size;
    bool plain;           /* the bytes before the number are zero */
    int hash_kinds;       /* 0: well mixed; n > 0: only n distinct hashes */
} plan;

/* How many distinct keys of this size the test draws from. */
static uint32_t universe(const plan *p, uint32_t want)
{
    if (p->key_size >= 4)
        return want;
    uint32_t all = 1u << (8 * p->key_size);
    return all < want ? all : want;
}

/* Key number i: filler bytes, then i scrambled one-to-one in the last
 * min(4, key_size) bytes (i is below 256^key_size for short keys). */
static void make_key(const plan *p, uint32_t i, unsigned char *key)
{
    size_t ks = p->key_size, tail = ks < 4 ? ks : 4;
    unit_rng r = { (uint64_t)i * 0x9e3779b97f4a7c15ULL ^ 0xd1b54a32d192ed03ULL };
    for (size_t b = 0; b < ks - tail; b++)
        key[b] = p->plain ? 0 : (unsigned char)(unit_next(&r) >> 56);
    uint32_t bits = (uint32_t)(8 * tail);
    uint32_t mask = bits == 32 ? UINT32_MAX : (1u << bits) - 1;
    uint32_t tag = (i * 2654435761u + 12345u) & mask;   /* odd multiplier: one-to-one mod 2^bits */
    for (size_t b = 0; b < tail; b++)
        key[ks - 1 - b] = (unsigned char)(tag >> (8 * b));
}

/* The test's own hash of a key's bytes, or one of a few values when the
 * plan wants collisions. */
static uint64_t hash_of(const plan *p, const unsigned char *key)
{
    uint64_t h = unit_hash_bytes(key, p->key_size);
    if (p->hash_kinds)
        h = (h % (uint64_t)p->hash_kinds) * 0x9e3779b97f4a7c15ULL;
    return h;
}

/* A value for id, of the plan's size. */
static void make_value(const plan *p, uint32_t id, unsigned char *v)
{
    for (size_t b = 0; b < p->value_size; b++)
        v[b] = (unsigned char)(id * 31u + b * 7u + 1u);
}

/* The reference: per key number its id (SB_TABLE_NONE: not held), and
 * per id its number. */
typedef struct reference {
    uint32_t n;           /* key numbers */
    uint32_t *id_of;
    uint32_t *number_of;
    uint32_t count;
} reference;

static void ref_init(reference *ref, uint32_t n)
{
    ref->n = n;
    ref->id_of = unit_alloc(n * sizeof *ref->id_of);
    ref->number_of = unit_alloc(n * sizeof *ref->number_of);
    for (uint32_t i = 0; i < n; i++)
        ref->id_of[i] = SB_TABLE_NONE;
    ref->count = 0;
}

static void ref_clear(reference *ref)
{
    for (uint32_t i = 0; i < ref->count; i++)
        ref->id_of[ref->number_of[i]] = SB_TABLE_NONE;
    ref->count = 0;
}

static void ref_free(reference *ref)
{
    free(ref->id_of);
    free(ref->number_of);
}

static size_t slots_of(const sb_table *t)
{
    return t->slots ? (size_t)t->mask + 1 : 0;
}

/* What the table holds of the meter: its arrays and its slots. */
static size_t table_bytes(const sb_table *t)
{
    return t->keys_cap * t->key_size + t->values_cap * t->value_size +
           slots_of(t) * sizeof *t->slots;
}

/* The table's structure and every key it holds against the reference. */
static bool agrees(const plan *p, const sb_table *t, const reference *ref, const sb_meter *m)
{
    bool ok = CHECK_MSG(t->count == ref->count, "count %u, reference %u", t->count, ref->count);
    ok &= CHECK(t->count <= t->room);
    ok &= CHECK_MSG((uint64_t)t->count * 4 <= (uint64_t)slots_of(t) * 3,
                    "%u keys in %zu slots", t->count, slots_of(t));
    ok &= CHECK_MSG(m->held == table_bytes(t), "held %zu, table %zu", m->held, table_bytes(t));
    size_t used = 0;
    for (size_t i = 0; i < slots_of(t); i++)
        used += t->slots[i] != 0;
    ok &= CHECK_MSG(used == t->count, "%zu slots used for %u keys", used, t->count);
    unsigned char key[MAX_KEY], value[MAX_VALUE];
    bool keys_ok = true, found_ok = true, values_ok = true;
    for (uint32_t id = 0; id < ref->count; id++) {
        make_key(p, ref->number_of[id], key);
        keys_ok &= memcmp(sbi_table_key(t, id), key, p->key_size) == 0;
        uint64_t h = hash_of(p, key);
        found_ok &= sbi_table_find(t, key, h) == id;
        /* The same with the size as a constant, as a caller that knows it
         * writes it (one-word and two-word keys compile to word compares). */
        if (p->key_size == 8)
            found_ok &= sbi_table_find_n(t, key, h, 8) == id;
        else if (p->key_size == 16)
            found_ok &= sbi_table_find_n(t, key, h, 16) == id;
        else if (p->key_size == 5)
            found_ok &= sbi_table_find_n(t, key, h, 5) == id;
        make_value(p, id, value);
        values_ok &= !p->value_size || memcmp(sbi_table_value(t, id), value, p->value_size) == 0;
    }
    ok &= CHECK(keys_ok) & CHECK(found_ok) & CHECK(values_ok);
    return ok;
}

/* Interns key number i, checking the answer against the reference and
 * writing the value of a new id.  The table's status. */
static sb_status intern_checked(const plan *p, sb_table *t, reference *ref, uint32_t i)
{
    unsigned char key[MAX_KEY];
    make_key(p, i, key);
    uint32_t id = 12345;
    bool fresh = false;
    uint32_t before = t->count;
    sb_status st = sbi_table_intern(t, key, hash_of(p, key), &id, &fresh);
    if (st != SB_OK) {
        CHECK(t->count == before);
        CHECK(ref->id_of[i] == SB_TABLE_NONE);   /* a held key is always found */
        return st;
    }
    if (ref->id_of[i] == SB_TABLE_NONE) {
        CHECK_MSG(fresh && id == ref->count, "key %u: fresh %d id %u, expected new id %u", i,
                  fresh, id, ref->count);
        ref->id_of[i] = ref->count;
        ref->number_of[ref->count++] = i;
        if (p->value_size) {
            unsigned char v[MAX_VALUE];
            make_value(p, id, v);
            memcpy(sbi_table_value(t, id), v, p->value_size);
        }
    } else {
        CHECK_MSG(!fresh && id == ref->id_of[i], "key %u: fresh %d id %u, expected id %u", i,
                  fresh, id, ref->id_of[i]);
    }
    return st;
}

/* A meter under the given limits (0: none). */
static void limited_meter(sb_meter *m, size_t max_bytes, uint64_t max_states)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = max_bytes;
    opts.limits.max_states = max_states;
    sbi_meter_init(m, &opts);
}

/* Frees the table and the reference; the meter holds nothing after. */
static void finish(sb_table *t, sb_meter *m, reference *ref)
{
    sbi_table_free(t);
    CHECK_MSG(m->held == 0, "%zu bytes held after free", m->held);
    CHECK(t->count == 0 && t->slots == NULL && t->keys == NULL);
    ref_free(ref);
}

/* Random finds, interns, reserves and clears against the reference. */
static void random_ops(const plan *p, unit_rng *r, int ops)
{
    sb_meter m;
    sbi_meter_init(&m, NULL);
    sb_table t;
    sbi_table_init(&t, p->key_size, p->value_size, &m, false);
    /* Few distinct hashes make every probe walk the whole run: fewer keys. */
    reference ref;
    ref_init(&ref, universe(p, p->hash_kinds ? 300 : 5000));
    unsigned char key[MAX_KEY];
    CHECK(sbi_table_find(&t, key, 0) == SB_TABLE_NONE);   /* no slots yet */
    for (int op = 0; op < ops; op++) {
        int what = unit_below(r, 1000);
        uint32_t i = (uint32_t)unit_below(r, (int)ref.n);
        if (what < 450) {
            intern_checked(p, &t, &ref, i);
        } else if (what < 990) {
            make_key(p, i, key);
            CHECK_MSG(sbi_table_find(&t, key, hash_of(p, key)) == ref.id_of[i],
                      "find of key %u", i);
        } else if (what < 995) {
            size_t n = ref.count + (size_t)unit_below(r, 3000);
            uint32_t had = t.count;
            if (CHECK(sbi_table_reserve(&t, n) == SB_OK)) {
                CHECK(t.room >= n && t.count == had);
                /* Adding up to n now allocates nothing. */
                size_t held = m.held;
                while (ref.count < n && ref.count < ref.n)
                    intern_checked(p, &t, &ref, (uint32_t)unit_below(r, (int)ref.n));
                CHECK_MSG(m.held == held, "held %zu after reserve, %zu after adding", held,
                          m.held);
            }
        } else {
            sbi_table_clear(&t);
            ref_clear(&ref);
        }
        if (op % 997 == 0)
            agrees(p, &t, &ref, &m);
    }
    agrees(p, &t, &ref, &m);
    finish(&t, &m, &ref);
}

/* The bytes limit refuses a growth: nothing is lost, a held key is still
 * interned (found), and lifting the limit lets the table carry on. */
static void bytes_refusal(const plan *p, size_t limit)
{
    sb_meter m;
    limited_meter(&m, limit, 0);
    sb_table t;
    sbi_table_init(&t, p->key_size, p->value_size, &m, true);
    reference ref;
    ref_init(&ref, universe(p, 100000));
    uint32_t i = 0;
    while (i < ref.n && intern_checked(p, &t, &ref, i) == SB_OK)
        i++;
    if (i == ref.n) {   /* short keys: the universe fits under the limit */
        finish(&t, &m, &ref);
        return;
    }
    CHECK_MSG(m.hit == SB_LIMIT_BYTES, "hit %d", (int)m.hit);
    CHECK_MSG(m.peak <= limit, "peak %zu over the limit %zu", m.peak, limit);
    agrees(p, &t, &ref, &m);
    /* Held keys are still found through intern, at the limit. */
    for (uint32_t j = 0; j < i; j += 1 + i / 50)
        CHECK(intern_checked(p, &t, &ref, j) == SB_OK);
    CHECK(intern_checked(p, &t, &ref, i) == SB_ELIMIT);
    /* The limit is held by the meter's budget (core/meter.h). */
    m.limits.max_bytes = 0;
    m.own.max = 0;
    m.hit = SB_LIMIT_NONE;
    for (uint32_t j = i; j < i + 2000 && j < ref.n; j++)
        CHECK(intern_checked(p, &t, &ref, j) == SB_OK);
    agrees(p, &t, &ref, &m);
    finish(&t, &m, &ref);
}

/* The states limit: exactly max keys, then a refusal saying so; held
 * keys still found; a table that does not keep the limit ignores it. */
static void states_limit(const plan *p, uint32_t max)
{
    sb_meter m;
    limited_meter(&m, 0, max);
    reference ref;
    ref_init(&ref, universe(p, max + 500));
    for (int keeps = 0; keeps < 2; keeps++) {
        sb_table t;
        sbi_table_init(&t, p->key_size, p->value_size, &m, keeps);
        m.hit = SB_LIMIT_NONE;
        uint32_t refused = 0;
        for (uint32_t i = 0; i < ref.n; i++)
            refused += intern_checked(p, &t, &ref, i) != SB_OK;
        uint32_t expect = keeps && max && max < ref.n ? max : ref.n;
        CHECK_MSG(t.count == expect, "keeps %d: %u keys stored, limit %u of %u", keeps, t.count,
                  max, ref.n);
        CHECK(refused == ref.n - expect);
        CHECK(keeps && max && max < ref.n ? m.hit == SB_LIMIT_STATES : m.hit == SB_LIMIT_NONE);
        for (uint32_t i = 0; i < expect; i++)
            CHECK(intern_checked(p, &t, &ref, i) == SB_OK);
        agrees(p, &t, &ref, &m);
        sbi_table_free(&t);
        ref_clear(&ref);
    }
    CHECK(m.held == 0);
    ref_free(&ref);
}

/* The states limit counts the meter's stored_elsewhere (the other side of
 * a bidirectional search), read again when the table is told it changed. */
static void states_elsewhere(void)
{
    plan p = { 16, 4, false, 0 };
    sb_meter m;
    limited_meter(&m, 0, 500);
    m.stored_elsewhere = 200;
    sb_table t;
    sbi_table_init(&t, p.key_size, p.value_size, &m, true);
    reference ref;
    ref_init(&ref, 1000);
    uint32_t i = 0;
    while (intern_checked(&p, &t, &ref, i) == SB_OK)
        i++;
    CHECK_MSG(t.count == 300 && m.hit == SB_LIMIT_STATES, "%u stored with 200 elsewhere",
              t.count);
    m.stored_elsewhere = 100;
    m.hit = SB_LIMIT_NONE;
    sbi_table_limits_changed(&t);
    while (intern_checked(&p, &t, &ref, i) == SB_OK)
        i++;
    CHECK_MSG(t.count == 400, "%u stored with 100 elsewhere", t.count);
    /* Elsewhere grows past what is left: the next new key is refused at
     * once, held keys are still found. */
    m.stored_elsewhere = 450;
    m.hit = SB_LIMIT_NONE;
    sbi_table_limits_changed(&t);
    CHECK(intern_checked(&p, &t, &ref, i) == SB_ELIMIT && m.hit == SB_LIMIT_STATES);
    CHECK(intern_checked(&p, &t, &ref, 7) == SB_OK);
    agrees(&p, &t, &ref, &m);
    finish(&t, &m, &ref);
}

/* Clearing after many keys and then few gives the slots back. */
static void clear_shrinks(void)
{
    plan p = { 8, 4, false, 0 };
    sb_meter m;
    sbi_meter_init(&m, NULL);
    sb_table t;
    sbi_table_init(&t, p.key_size, p.value_size, &m, false);
    reference ref;
    ref_init(&ref, 50000);
    for (uint32_t i = 0; i < 50000; i++)
        intern_checked(&p, &t, &ref, i);
    size_t big = slots_of(&t);
    sbi_table_clear(&t);
    ref_clear(&ref);
    CHECK(slots_of(&t) == big);   /* 50,000 keys needed them */
    for (uint32_t i = 0; i < 10; i++)
        intern_checked(&p, &t, &ref, 40000 + i);
    sbi_table_clear(&t);
    ref_clear(&ref);
    CHECK_MSG(slots_of(&t) <= 64 && slots_of(&t) > 0, "%zu slots after clearing 10 keys",
              slots_of(&t));
    for (uint32_t i = 0; i < 3000; i++)
        intern_checked(&p, &t, &ref, (i * 7919u) % 50000);
    agrees(&p, &t, &ref, &m);
    finish(&t, &m, &ref);
}

int main(void)
{
    unit_rng r = { 0x5eed1e55ULL };
    static const size_t values[] = { 0, 4, 12 };
    size_t sizes[44];
    size_t nsizes = 0;
    for (size_t k = 1; k <= 40; k++)
        sizes[nsizes++] = k;
    sizes[nsizes++] = 64;
    sizes[nsizes++] = 200;
    for (size_t s = 0; s < nsizes; s++) {
        size_t ks = sizes[s];
        plan p = { ks, values[s % 3], s % 2 == 1, 0 };
        random_ops(&p, &r, 20000);
        p.hash_kinds = 1 + (int)(s % 3);
        random_ops(&p, &r, 4000);
        p.hash_kinds = 0;
        bytes_refusal(&p, 4096 + (size_t)unit_below(&r, 60000));
        states_limit(&p, (uint32_t)unit_below(&r, 3000));
    }
    plan one = { 8, 4, false, 0 };
    states_limit(&one, 0);     /* 0: no limit */
    states_limit(&one, 1);
    states_limit(&one, 12);    /* exactly the first slots' room */
    states_limit(&one, 13);
    states_elsewhere();
    clear_shrinks();
    return unit_finish("test_table");
}
