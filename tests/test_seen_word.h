/*
 * test_seen_word.h - test_seen.c's checks at one word size: included
 * twice, with WORD, WORD_BITS and W(name) as engine/stores/seen_word.h
 * has them, and SPARE, the bit the keys leave to be squeezed
 * out.
 */

/* A random key as the table is promised them: the top bit clear and the
 * bit SPARE always 0 (the bitboard's spare bit is unused or determined by
 * the others; 0 is one way). */
static WORD W(random_key)(unit_rng *r)
{
    WORD x = 0;
    for (int i = 0; i < WORD_BITS; i += 64)
        x = x << (i ? 64 : 0) | unit_next(r);
    return x & ~((WORD)1 << (WORD_BITS - 1)) & ~((WORD)1 << SPARE);
}

/* Every occupied slot's code is larger than the one before and sits at or
 * after its home, with no empty slot between (the probe relies on it),
 * and the last slot is empty. */
static bool W(well_formed)(const W(sb_seen) *t)
{
    WORD last = 0;
    uint64_t count = 0;
    for (uint64_t i = 0; i < t->size; i++) {
        WORD s = t->slots[i];
        if (!s)
            continue;
        WORD code = s & ~(WORD)3;
        uint64_t home = W(sbi_seen_home)(t, code);
        if ((count && code <= last) || home > i)
            return false;
        for (uint64_t j = home; j < i; j++)
            if (!t->slots[j])
                return false;
        last = code;
        count++;
    }
    return count == t->count && !t->slots[t->size - 1];
}

/* Adds N random keys, each at its own depth, checking the table's shape
 * after every growth (when the home slots change), then finds them all. */
static void W(test_membership_and_depths)(void)
{
    enum { N = 200000 };
    WORD *keys = unit_alloc(N * sizeof *keys);
    W(sb_seen) t;
    sb_meter m;
    sbi_meter_init(&m, NULL);
    W(sbi_seen_init)(&t, SPARE, &m);
    unit_rng rng = { 0x2545f4914f6cdd1dULL };
    uint64_t nslots = 0;
    int growths = 0, shapely = 0;
    int right = 0;
    for (int i = 0; i < N; i++) {
        keys[i] = W(random_key)(&rng);
        right += W(sbi_seen_find)(&t, keys[i]) == -1 && W(sbi_seen_add)(&t, keys[i], (unsigned)i) == 1 &&
                 W(sbi_seen_add)(&t, keys[i], (unsigned)i + 1) == 0;   /* the first depth stays */
        if (t.nslots != nslots) {
            nslots = t.nslots;
            growths++;
            shapely += W(well_formed)(&t);
        }
    }
    CHECK_MSG(right == N, "%d of %d keys absent, added, then there", right, N);
    CHECK_MSG(growths > 10 && shapely == growths, "%d of %d growths well formed", shapely,
              growths);
    CHECK(t.count == N);
    CHECK(W(well_formed)(&t));
    CHECK(t.count <= t.nslots / 5 * 4 && t.count * 15 >= t.nslots * 8);
    int found = 0;
    for (int i = 0; i < N; i++)
        found += W(sbi_seen_find)(&t, keys[i]) == i % 3;
    CHECK_MSG(found == N, "%d of %d found at their depth", found, N);
    /* Keys one bit away from stored ones (not the spare bit, nor the top)
     * are absent: no two of these random keys are that close. */
    int absent = 0;
    for (int i = 0; i < 1000; i++) {
        int bit = unit_below(&rng, WORD_BITS - 2);
        absent += W(sbi_seen_find)(&t, keys[i] ^ (WORD)1 << (bit >= SPARE ? bit + 1 : bit)) == -1;
    }
    CHECK(absent == 1000);
    W(sbi_seen_free)(&t);
    CHECK(m.held == 0);
    free(keys);
}

/* The key whose code is k << 2: codes are the key (its spare bit squeezed
 * out) times an odd number c mod 2^(WORD_BITS-2), so key = k / c, through
 * c's inverse.  c is key 1's code (1 is below the spare bit). */
static WORD W(key_with_code)(const W(sb_seen) *t, WORD k)
{
    const WORD c = W(sbi_seen_code)(t, 1) >> 2;
    WORD inverse = c;
    for (int i = 0; i < 7; i++)
        inverse *= 2 - c * inverse;   /* Newton: each step doubles the correct bits */
    WORD x = k * inverse & (((WORD)1 << (WORD_BITS - 2)) - 1);
    WORD below = ((WORD)1 << SPARE) - 1;
    return (x & below) | (x & ~below) << 1;
}

/* Codes packed together make one long run: inserted from the largest
 * down, every insertion shifts the whole run; the probe's four-slot window
 * is passed; growing moves the run whole.  Codes at the very top put
 * their homes on the last home slot, so their run needs spare slots made
 * after it, whatever the table's size; growing in place moves them past
 * the old table's end. */
static void W(test_long_runs)(void)
{
    W(sb_seen) t;
    sb_meter m;
    sbi_meter_init(&m, NULL);
    W(sbi_seen_init)(&t, SPARE, &m);
    CHECK(W(sbi_seen_code)(&t, W(key_with_code)(&t, 12345)) == (WORD)12345 << 2);
    int added = 0, found = 0;
    for (WORD k = 3000; k > 0; k--)
        added += W(sbi_seen_add)(&t, W(key_with_code)(&t, k), (unsigned)k) == 1;
    WORD top = ((WORD)1 << (WORD_BITS - 2)) - 1;
    for (WORD k = 0; k < 3000; k++)
        added += W(sbi_seen_add)(&t, W(key_with_code)(&t, top - k), 0) == 1;
    CHECK(added == 6000);
    CHECK(W(well_formed)(&t));
    for (WORD k = 1; k <= 3000; k++)
        found += W(sbi_seen_find)(&t, W(key_with_code)(&t, k)) == (int)(k % 3);
    for (WORD k = 0; k < 3000; k++)
        found += W(sbi_seen_find)(&t, W(key_with_code)(&t, top - k)) == 0;
    CHECK(found == 6000);
    CHECK(W(sbi_seen_find)(&t, W(key_with_code)(&t, 3001)) == -1);
    CHECK(W(sbi_seen_find)(&t, W(key_with_code)(&t, top - 3000)) == -1);
    W(sbi_seen_free)(&t);
}

/* The bytes limit: the table stops growing before it passes it, and what
 * it counted is all it held (growing in place holds no second table). */
static void W(test_budget)(void)
{
    W(sb_seen) t;
    size_t budget = 64 * 1024;
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = budget;
    sb_meter m;
    sbi_meter_init(&m, &opts);
    W(sbi_seen_init)(&t, SPARE, &m);
    unit_rng rng = { 42 };
    uint64_t stored = 0;
    int added;
    while ((added = W(sbi_seen_add)(&t, W(random_key)(&rng), 0)) == 1)
        stored++;
    CHECK(added == -1);
    CHECK(m.hit == SB_LIMIT_BYTES);
    CHECK(m.peak <= budget);
    /* At least half the budget's worth of slots, 8/15 full, was used. */
    CHECK_MSG(stored * sizeof(WORD) * 15 / 8 >= budget / 2, "%llu keys in %zu bytes",
              (unsigned long long)stored, budget);
    CHECK(stored == t.count);
    CHECK(W(well_formed)(&t));
    W(sbi_seen_free)(&t);
    W(sbi_seen_free)(&t);   /* harmless twice */
    CHECK(m.held == 0);
}

/* The states limit: the table stops at exactly max_states keys, and keys
 * already held are still found (and re-added as "there") at the limit. */
static void W(test_states_limit)(void)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_states = 2500;
    sb_meter m;
    sbi_meter_init(&m, &opts);
    W(sb_seen) t;
    W(sbi_seen_init)(&t, SPARE, &m);
    unit_rng rng = { 7 };
    int added;
    while ((added = W(sbi_seen_add)(&t, W(random_key)(&rng), 1)) == 1)
        ;
    CHECK(added == -1);
    CHECK(m.hit == SB_LIMIT_STATES);
    CHECK(t.count == 2500);
    rng = (unit_rng){ 7 };
    CHECK(W(sbi_seen_add)(&t, W(random_key)(&rng), 1) == 0);
    CHECK(W(well_formed)(&t));
    W(sbi_seen_free)(&t);
}

/* A well-mixed hash of a key for the engine's hash table, of the test's
 * own (the table does not hash). */
static uint64_t W(table_hash)(WORD k)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < WORD_BITS; i += 64) {
        h ^= (uint64_t)(k >> i);
        h ^= h >> 33;
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 33;
    }
    return h;
}

/* The general path this table equals (seen.h): the engine's hash table
 * with each key's depth as its value, as the flat store holds a search.
 * Keys met layer by layer, many of them again (a BFS meets most
 * configurations several times), go into both; each answers alike
 * whether a key is new, and every key's depth mod 3 (or its absence) is
 * the same in both.  Then again under a states limit: both stop at the
 * same key. */
static void W(test_same_as_table)(void)
{
    enum { U = 20000, DRAWS = 60000, LIMIT = 7000 };
    WORD *pool = unit_alloc(U * sizeof *pool);
    unit_rng rng = { 0x51de5eedULL };
    for (int i = 0; i < U; i++)
        pool[i] = W(random_key)(&rng);
    for (int limited = 0; limited < 2; limited++) {
        sb_options opts;
        sb_options_default(&opts);
        opts.limits.max_states = limited ? LIMIT : 0;
        sb_meter m;
        sbi_meter_init(&m, &opts);
        W(sb_seen) t;
        W(sbi_seen_init)(&t, SPARE, &m);
        sb_meter tm;
        sbi_meter_init(&tm, &opts);
        sb_table tab;
        sbi_table_init(&tab, sizeof(WORD), sizeof(unsigned), &tm, true);
        int agree = 0, draws = 0, refused = 0;
        for (int i = 0; i < DRAWS; i++) {
            unsigned depth = (unsigned)(i / 500);   /* a layer every 500 keys met */
            WORD key = pool[unit_below(&rng, U)];
            int added = W(sbi_seen_add)(&t, key, depth);
            uint32_t id;
            bool fresh;
            sb_status st = sbi_table_intern(&tab, &key, W(table_hash)(key), &id, &fresh);
            if (st == SB_OK && fresh)
                memcpy(sbi_table_value(&tab, id), &depth, sizeof depth);
            agree += (added == 1 && st == SB_OK && fresh) || (added == 0 && st == SB_OK && !fresh) ||
                     (added == -1 && st == SB_ELIMIT);
            refused += added == -1;
            draws++;
        }
        CHECK_MSG(agree == draws, "limit %d: %d of %d keys met alike", limited, agree, draws);
        CHECK(t.count == tab.count && (limited ? t.count == LIMIT && refused > 0 : !refused));
        int same = 0;
        for (int i = 0; i < U; i++) {
            uint32_t id = sbi_table_find(&tab, &pool[i], W(table_hash)(pool[i]));
            unsigned depth = 0;
            if (id != SB_TABLE_NONE)
                memcpy(&depth, sbi_table_value(&tab, id), sizeof depth);
            same += W(sbi_seen_find)(&t, pool[i]) == (id == SB_TABLE_NONE ? -1 : (int)(depth % 3));
        }
        CHECK_MSG(same == U, "limit %d: %d of %d keys found alike", limited, same, U);
        W(sbi_seen_free)(&t);
        sbi_table_free(&tab);
    }
    free(pool);
}

static void W(test_all)(void)
{
    W(test_membership_and_depths)();
    W(test_long_runs)();
    W(test_budget)();
    W(test_states_limit)();
    W(test_same_as_table)();
}
