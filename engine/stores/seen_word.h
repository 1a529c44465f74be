/*
 * seen_word.h - the table of seen configurations (seen.h) at one word
 * size: its type and its inline probe.  Not an ordinary header: seen.h
 * includes it twice, as bitboard.h does bitboard_moves.h, once with
 * WORD uint64_t (names ending in 64) and once with WORD sb_wide (128).
 * Before each inclusion it defines
 *   WORD       the key and slot type
 *   WORD_BITS  its width
 *   W(name)    name with the size's suffix
 *   WORD_ODD   the odd multiplier of the code (seen.h)
 * The growth it calls out of line is seen_grow.h, made twice by seen.c.
 */

typedef struct W(sb_seen) {
    WORD *slots;            /* size slots, sorted where used, the last 0 */
    uint64_t nslots;        /* home slots */
    uint64_t size;          /* slots, the spare ones after the homes included */
    uint64_t count;         /* keys held */
    uint64_t room;          /* count may grow to this before sbi_seen_make_room */
    WORD below_spare;       /* the key bits below the squeezed-out one */
    bool squeeze;           /* it is below the second-highest bit, which the code's
                               multiply drops anyway */
    sb_meter *meter;        /* allocates the slots; holds the limits (not owned) */
} W(sb_seen);

/* Prepares an empty table for keys whose top bit is 0 and whose bit
 * `spare` (below the top) follows from their other bits or is always 0,
 * allocating through m.  Allocates nothing yet. */
void W(sbi_seen_init)(W(sb_seen) *t, int spare, sb_meter *m);
void W(sbi_seen_free)(W(sb_seen) *t);

/* Called when count reaches room, before the key of this code is added:
 * grows the table (by half; first to 1024 slots) when it is full, and
 * holds the states limit.  1 when the key may be added, 0 when it may not
 * but is there already, -1 when the meter refused (its hit says why). */
int W(sbi_seen_make_room)(W(sb_seen) *t, WORD code);

/* Makes slot i (holding a code, or the last slot) free for a new code:
 * shifts the run from i one slot right, adding spare slots when it would
 * reach the last one.  False when the meter refused. */
bool W(sbi_seen_open)(W(sb_seen) *t, uint64_t i);

static inline size_t W(sbi_seen_bytes)(const W(sb_seen) *t)
{
    return (size_t)t->size * sizeof *t->slots;
}

/* The key's code, shifted left 2: distinct for distinct keys. */
static inline WORD W(sbi_seen_code)(const W(sb_seen) *t, WORD key)
{
    WORD x = key;
    if (t->squeeze)   /* the same way all along a search: predicted */
        x = (key & t->below_spare) | (key >> 1 & ~t->below_spare);
    /* x times an odd number, mod 2^(WORD_BITS-2), shifted left 2: one
     * multiply.  Its top bits (the home) mix all of x. */
    return x * (WORD_ODD << 2);
}

/* The first slot a code may sit in, among n home slots. */
static inline uint64_t W(sbi_seen_home_in)(uint64_t n, WORD code)
{
    return (uint64_t)(((unsigned __int128)(uint64_t)(code >> (WORD_BITS - 64)) * n) >> 64);
}

static inline uint64_t W(sbi_seen_home)(const W(sb_seen) *t, WORD code)
{
    return W(sbi_seen_home_in)(t->nslots, code);
}

/* Where code is or belongs: the first slot from its home that is empty or
 * holds a code not below it.  The slots from the home that hold smaller
 * codes form a prefix (the table is sorted and runs are unbroken), so the
 * first four are counted without a branch; a longer prefix is rare. */
static inline uint64_t W(sbi_seen_probe)(const W(sb_seen) *t, WORD code)
{
    uint64_t i = W(sbi_seen_home)(t, code);
    const WORD *s = t->slots + i;
    /* s - 1 < code - 1: occupied (0 wraps to the largest) and below code. */
    uint64_t below = (uint64_t)(s[0] - 1 < code - 1) + (uint64_t)(s[1] - 1 < code - 1) +
                     (uint64_t)(s[2] - 1 < code - 1) + (uint64_t)(s[3] - 1 < code - 1);
    i += below;
    if (below == 4)
        while (t->slots[i] - 1 < code - 1)
            i++;
    return i;
}

/* Asks the memory for the slots where the key of this code is or
 * belongs, so that adding or finding it later does not wait for them:
 * when the table is much larger than the caches, waiting for its slots is
 * most of what a search does.  The probe's four slots are one cache line
 * or two.  (Homes at every fourth slot would make them always one, and
 * measured no faster: more codes share a home, and inserting shifts
 * more.)  The table must hold a key already (its slots are allocated). */
static inline void W(sbi_seen_prefetch)(const W(sb_seen) *t, WORD code)
{
    const WORD *s = t->slots + W(sbi_seen_home)(t, code);
    __builtin_prefetch(s);
    __builtin_prefetch((const char *)(s + 4) - 1);
}

/* Adds the key of this code at the given depth unless it is there.  1
 * when added, 0 when it was there, -1 when the table could not grow. */
static inline __attribute__((always_inline)) int W(sbi_seen_add_code)(W(sb_seen) *t, WORD code,
                                                                      unsigned depth)
{
    if (t->count >= t->room) {
        int room = W(sbi_seen_make_room)(t, code);
        if (room <= 0)
            return room;
    }
    uint64_t i = W(sbi_seen_probe)(t, code);
    WORD s = t->slots[i];
    if ((s & ~(WORD)3) == code && s)
        return 0;
    if ((s || i == t->size - 1) && !W(sbi_seen_open)(t, i))
        return -1;
    t->slots[i] = code | (depth % 3 + 1);
    t->count++;
    return 1;
}

static inline __attribute__((always_inline)) int W(sbi_seen_add)(W(sb_seen) *t, WORD key,
                                                                 unsigned depth)
{
    return W(sbi_seen_add_code)(t, W(sbi_seen_code)(t, key), depth);
}

/* The depth mod 3 the key of this code was stored with, or -1 when it is
 * not there. */
static inline int W(sbi_seen_find_code)(const W(sb_seen) *t, WORD code)
{
    if (!t->count)
        return -1;
    WORD s = t->slots[W(sbi_seen_probe)(t, code)];
    return s && (s & ~(WORD)3) == code ? (int)(s & 3) - 1 : -1;
}

static inline int W(sbi_seen_find)(const W(sb_seen) *t, WORD key)
{
    return W(sbi_seen_find_code)(t, W(sbi_seen_code)(t, key));
}
