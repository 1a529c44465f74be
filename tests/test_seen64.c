/*
 * test_seen64.c - the fast path's table of seen configurations
 * (engine/seen64.h): exact membership, the depth each key was stored at
 * (mod 3), the sorted layout that probes rely on, growth, and refusal at
 * the budget.  Keys come from a fixed-seed generator, so a failure can be
 * reproduced.
 */
#include <stdio.h>
#include <stdlib.h>

#include "stores/seen64.h"

static int failures;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            failures++;                                                                  \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
        }                                                                                \
    } while (0)

static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

enum { SPARE = 9 };

/* A key as the table is promised them: bit 63 clear, bit SPARE always 0
 * (the bitboard's spare bit is determined by the others; 0 is one way). */
static uint64_t key_from(uint64_t x)
{
    return x & ~(1ULL << 63) & ~(1ULL << SPARE);
}

/* Every occupied slot's code is larger than the one before and sits at or
 * after its home, with no empty slot between (the probe relies on it). */
static bool well_formed(const sb_seen64 *t)
{
    uint64_t last = 0, count = 0;
    for (uint64_t i = 0; i < t->size; i++) {
        uint64_t s = t->slots[i];
        if (!s)
            continue;
        uint64_t code = s & ~3ULL, home = sb_seen64_home(t, code);
        if (count && code <= last)
            return false;
        for (uint64_t j = home; j < i; j++)
            if (!t->slots[j])
                return false;
        last = code;
        count++;
    }
    return count == t->count && !t->slots[t->size - 1];
}

static void test_membership_and_depths(void)
{
    enum { N = 200000 };
    uint64_t *keys = malloc(N * sizeof *keys);
    sb_seen64 t;
    sb_meter m;
    sb_meter_init(&m, NULL);
    sb_seen64_init(&t, SPARE, &m);
    uint64_t rng = 0x2545f4914f6cdd1dULL;
    for (int i = 0; i < N; i++) {
        keys[i] = key_from(next_random(&rng));
        CHECK(sb_seen64_find(&t, keys[i]) == -1);
        CHECK(sb_seen64_add(&t, keys[i], (unsigned)i) == 1);
        CHECK(sb_seen64_add(&t, keys[i], (unsigned)i + 1) == 0);   /* first depth stays */
    }
    CHECK(t.count == N);
    CHECK(well_formed(&t));
    CHECK(t.count <= t.nslots / 5 * 4 && t.count * 15 >= t.nslots * 8);
    for (int i = 0; i < N; i++)
        CHECK(sb_seen64_find(&t, keys[i]) == i % 3);
    /* Keys one bit away from stored ones (not the spare bit) are absent:
     * no two of these random keys are that close (1 in 2^40 or so). */
    for (int i = 0; i < 1000; i++) {
        int bit = (int)(next_random(&rng) % 62);
        CHECK(sb_seen64_find(&t, keys[i] ^ 1ULL << (bit >= SPARE ? bit + 1 : bit)) == -1);
    }
    sb_seen64_free(&t);
    free(keys);
}

/* The key whose code is k << 2: codes are key * C mod 2^62 (the spare bit
 * squeezed out), so key = k / C, through C's inverse mod 2^64. */
static uint64_t key_with_code(uint64_t k)
{
    const uint64_t c = 0x9e3779b97f4a7c15ULL;
    uint64_t inverse = c;
    for (int i = 0; i < 6; i++)
        inverse *= 2 - c * inverse;   /* Newton: each step doubles the correct bits */
    uint64_t x = k * inverse & ((1ULL << 62) - 1);
    uint64_t below = (1ULL << SPARE) - 1;
    return (x & below) | (x & ~below) << 1;
}

/* Codes packed together make one long run: inserted from the largest
 * down, every insertion shifts the whole run; the probe's four-slot window
 * is passed; growing moves the run whole.  Codes at the very top put
 * their homes on the last home slot, so their run needs spare slots made
 * after it, whatever the table's size. */
static void test_long_runs(void)
{
    sb_seen64 t;
    sb_meter m;
    sb_meter_init(&m, NULL);
    sb_seen64_init(&t, SPARE, &m);
    CHECK(sb_seen64_code(&t, key_with_code(12345)) == 12345ULL << 2);
    for (uint64_t k = 3000; k > 0; k--)
        CHECK(sb_seen64_add(&t, key_with_code(k), (unsigned)k) == 1);
    uint64_t top = (1ULL << 62) - 1;
    for (uint64_t k = 0; k < 3000; k++)
        CHECK(sb_seen64_add(&t, key_with_code(top - k), 0) == 1);
    CHECK(well_formed(&t));
    for (uint64_t k = 1; k <= 3000; k++)
        CHECK(sb_seen64_find(&t, key_with_code(k)) == (int)(k % 3));
    for (uint64_t k = 0; k < 3000; k++)
        CHECK(sb_seen64_find(&t, key_with_code(top - k)) == 0);
    CHECK(sb_seen64_find(&t, key_with_code(3001)) == -1);
    CHECK(sb_seen64_find(&t, key_with_code(top - 3000)) == -1);
    sb_seen64_free(&t);
}

static void test_budget(void)
{
    sb_seen64 t;
    size_t budget = 64 * 1024;
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = budget;
    sb_meter m;
    sb_meter_init(&m, &opts);
    sb_seen64_init(&t, SPARE, &m);
    uint64_t rng = 42, stored = 0;
    int added;
    while ((added = sb_seen64_add(&t, key_from(next_random(&rng)), 0)) == 1)
        stored++;
    CHECK(added == -1);
    CHECK(m.hit == SB_LIMIT_BYTES);
    CHECK(m.peak <= budget);
    CHECK(stored == t.count && stored > 1000);
    CHECK(well_formed(&t));
    sb_seen64_free(&t);
    sb_seen64_free(&t);   /* harmless twice */
    CHECK(m.held == 0);
}

/* The states limit: the table stops at exactly max_states keys, and keys
 * already held are still found (and re-added as "there") at the limit. */
static void test_states_limit(void)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_states = 2500;
    sb_meter m;
    sb_meter_init(&m, &opts);
    sb_seen64 t;
    sb_seen64_init(&t, SPARE, &m);
    uint64_t rng = 7;
    int added;
    while ((added = sb_seen64_add(&t, key_from(next_random(&rng)), 1)) == 1)
        ;
    CHECK(added == -1);
    CHECK(m.hit == SB_LIMIT_STATES);
    CHECK(t.count == 2500);
    rng = 7;
    CHECK(sb_seen64_add(&t, key_from(next_random(&rng)), 1) == 0);
    CHECK(well_formed(&t));
    sb_seen64_free(&t);
}

int main(void)
{
    test_membership_and_depths();
    test_long_runs();
    test_budget();
    test_states_limit();
    if (failures)
        fprintf(stderr, "test_seen64: %d checks failed\n", failures);
    else
        printf("test_seen64: all checks passed\n");
    return failures != 0;
}
