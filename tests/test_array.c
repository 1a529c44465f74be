/*
 * test_array.c - the growing array (core/array.h) on its own.
 *
 * What it promises: after a successful reserve the array has room for
 * what was asked and keeps what it held; it grows by doubling (so n
 * pushes cost O(log n) reallocations), from at least 16 elements; the
 * meter holds exactly cap * size bytes for it, and nothing after free; a
 * refusal (a size that would overflow, the bytes limit, with or without a
 * meter) changes neither the pointer, nor the capacity, nor the contents,
 * and says which limit refused.
 */
#include "unit.h"

#include "core/array.h"

/* Pushes n numbers through the reserve check, counting the reallocations;
 * checks room, contents and the meter's count as it goes. */
static void push_and_check(sb_meter *m, size_t n)
{
    uint32_t *items = NULL;
    size_t cap = 0, grows = 0;
    for (size_t i = 0; i < n; i++) {
        size_t before = cap;
        if (!CHECK(sbi_array_reserve(m, &items, &cap, i + 1, sizeof *items)))
            break;
        if (cap != before) {
            grows++;
            CHECK_MSG(before == 0 ? cap >= 16 : cap >= 2 * before,
                      "grew from %zu to %zu for %zu", before, cap, i + 1);
        }
        CHECK(cap >= i + 1);
        items[i] = (uint32_t)(i * 2654435761u);
        if (m)
            CHECK_MSG(m->held == cap * sizeof *items, "held %zu, cap %zu", m->held, cap);
    }
    bool kept = true;
    for (size_t i = 0; i < n; i++)
        kept &= items[i] == (uint32_t)(i * 2654435761u);
    CHECK(kept);
    size_t most = 1;
    while ((16u << (most - 1)) < n)
        most++;
    CHECK_MSG(grows <= most, "%zu reallocations for %zu pushes", grows, n);
    sbi_array_free(m, &items, &cap, sizeof *items);
    CHECK(items == NULL && cap == 0);
    if (m)
        CHECK(m->held == 0);
}

/* A reserve far past the capacity grows to at least that at once. */
static void jump(sb_meter *m)
{
    double *items = NULL;
    size_t cap = 0;
    CHECK(sbi_array_reserve(m, &items, &cap, 1000, sizeof *items) && cap >= 1000);
    items[999] = 1.5;
    CHECK(sbi_array_reserve(m, &items, &cap, 1000, sizeof *items) && cap >= 1000);
    CHECK(sbi_array_reserve(m, &items, &cap, 1001, sizeof *items) && cap >= 2000);
    CHECK(items[999] == 1.5);
    CHECK(sbi_array_reserve(m, &items, &cap, 100000, sizeof *items) && cap >= 100000);
    CHECK(items[999] == 1.5);
    sbi_array_free(m, &items, &cap, sizeof *items);
}

/* A size that would overflow is refused with nothing changed. */
static void overflow(sb_meter *m)
{
    uint64_t *items = NULL;
    size_t cap = 0;
    CHECK(sbi_array_reserve(m, &items, &cap, 20, sizeof *items));
    items[19] = 77;
    uint64_t *was = items;
    size_t was_cap = cap, held = m ? m->held : 0;
    if (m)
        m->hit = SB_LIMIT_NONE;
    CHECK(!sbi_array_reserve(m, &items, &cap, SIZE_MAX / sizeof *items + 1, sizeof *items));
    CHECK(items == was && cap == was_cap && items[19] == 77);
    CHECK(!sbi_array_grow(m, &items, &cap, SIZE_MAX, sizeof *items));
    CHECK(items == was && cap == was_cap && items[19] == 77);
    if (m)
        CHECK(m->hit == SB_LIMIT_MEMORY && m->held == held);
    sbi_array_free(m, &items, &cap, sizeof *items);
}

/* The bytes limit refuses a growth; the array is whole and still usable. */
static void meter_refusal(void)
{
    sb_options opts;
    sb_options_default(&opts);
    opts.limits.max_bytes = 4096;
    sb_meter m;
    sbi_meter_init(&m, &opts);
    uint32_t *items = NULL;
    size_t cap = 0, n = 0;
    while (sbi_array_reserve(&m, &items, &cap, n + 1, sizeof *items))
        items[n] = (uint32_t)n, n++;
    CHECK(m.hit == SB_LIMIT_BYTES);
    CHECK_MSG(n == cap && cap * sizeof *items <= 4096, "n %zu cap %zu", n, cap);
    CHECK(m.held == cap * sizeof *items && m.peak <= 4096);
    bool kept = true;
    for (size_t i = 0; i < n; i++)
        kept &= items[i] == i;
    CHECK(kept);
    /* Within what it has, the array is still usable. */
    CHECK(sbi_array_reserve(&m, &items, &cap, n, sizeof *items));
    sbi_array_free(&m, &items, &cap, sizeof *items);
    CHECK(items == NULL && cap == 0 && m.held == 0);
    /* Freeing an array that was never allocated is harmless. */
    sbi_array_free(&m, &items, &cap, sizeof *items);
    sbi_array_free(NULL, &items, &cap, sizeof *items);
    CHECK(m.held == 0);
}

/* Struct elements of an odd size. */
typedef struct odd {
    unsigned char b[7];
} odd;

static void odd_sizes(sb_meter *m)
{
    odd *items = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < 500; i++) {
        CHECK(sbi_array_reserve(m, &items, &cap, i + 1, sizeof *items));
        memset(items[i].b, (int)(i & 255), sizeof items[i].b);
    }
    bool kept = true;
    for (size_t i = 0; i < 500; i++)
        kept &= items[i].b[0] == (unsigned char)i && items[i].b[6] == (unsigned char)i;
    CHECK(kept);
    if (m)
        CHECK(m->held == cap * sizeof *items);
    sbi_array_free(m, &items, &cap, sizeof *items);
}

/* Elements of no bytes (an empty key) are granted without memory. */
static void empty_elements(sb_meter *m)
{
    unsigned char *items = NULL;
    size_t cap = 0, held = m ? m->held : 0;
    CHECK(sbi_array_reserve(m, &items, &cap, 5, 0) && cap >= 5);
    CHECK(sbi_array_reserve(m, &items, &cap, 1000, 0) && cap >= 1000);
    if (m)
        CHECK(m->held == held);
    sbi_array_free(m, &items, &cap, 0);
    CHECK(items == NULL && cap == 0);
}

int main(void)
{
    sb_meter m;
    sbi_meter_init(&m, NULL);
    size_t counts[] = { 1, 15, 16, 17, 1000, 100000 };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        push_and_check(&m, counts[i]);
        push_and_check(NULL, counts[i]);
    }
    jump(&m);
    jump(NULL);
    overflow(&m);
    overflow(NULL);
    odd_sizes(&m);
    odd_sizes(NULL);
    empty_elements(&m);
    empty_elements(NULL);
    CHECK(m.held == 0);
    meter_refusal();
    return unit_finish("test_array");
}
