/*
 * seen_grow.h - the table of seen configurations at one word size, out of
 * line: growing it in place, and making room in a run.  Made twice by
 * seen.c, with the macros seen_word.h lists; seen.h says why it grows in
 * place.
 */

void W(sbi_seen_init)(W(sb_seen) *t, int spare, sb_meter *m)
{
    *t = (W(sb_seen)){ .below_spare = ((WORD)1 << spare) - 1, .squeeze = spare < WORD_BITS - 2,
                       .meter = m };
}

void W(sbi_seen_free)(W(sb_seen) *t)
{
    if (!t)
        return;
    t->slots = sbi_meter_map(t->meter, t->slots, W(sbi_seen_bytes)(t), 0);
    t->nslots = t->size = t->count = t->room = 0;
}

/* Resizes the slots to size, the new ones empty (zero).  False when the
 * meter refused (nothing changed).  The slots are probed at random: the
 * meter maps them (sbi_meter_map says why). */
static bool W(resize)(W(sb_seen) *t, uint64_t size)
{
    WORD *slots = sbi_meter_map(t->meter, t->slots, W(sbi_seen_bytes)(t),
                                (size_t)size * sizeof *slots);
    if (!slots)
        return false;
    t->slots = slots;
    t->size = size;
    return true;
}

/* Adds spare slots after the last (about an eighth more). */
static bool W(add_spares)(W(sb_seen) *t)
{
    return W(resize)(t, t->size + (t->size / 8 > 64 ? t->size / 8 : 64));
}

bool W(sbi_seen_open)(W(sb_seen) *t, uint64_t i)
{
    uint64_t end = i;
    while (t->slots[end])
        end++;
    if (end == t->size - 1 && !W(add_spares)(t))
        return false;
    memmove(&t->slots[i + 1], &t->slots[i], (end - i) * sizeof *t->slots);
    t->slots[i] = 0;
    return true;
}

/* Where the codes of slots [from, to) go among n home slots, into place[]:
 * each at its home or just after the one before, the first after `next`
 * (one past the place of the code before them).  An empty slot's place is
 * itself, so moving it is harmless.  Returns one past the last place. */
static uint64_t W(place)(const W(sb_seen) *t, uint64_t n, uint64_t from, uint64_t to,
                         uint64_t next, uint64_t *place)
{
    for (uint64_t i = from; i < to; i++) {
        /* No branch on empty slots (about a third of them). */
        WORD s = t->slots[i];
        uint64_t home = W(sbi_seen_home_in)(n, s & ~(WORD)3);
        uint64_t at = home > next ? home : next;
        if (place)
            place[i - from] = s ? at : i;
        next = s ? at + 1 : next;
    }
    return next;
}

/* Grows the table to n home slots, in place (seen.h): a first pass notes,
 * per chunk of slots, where its first code will go; the slots are then
 * reallocated, and each chunk, from the last, works out its codes' places
 * again and moves them there from its last code to its first.  A code's
 * new place is never before its old one, nor at any place a later code
 * took, so every move lands on an empty slot or on one whose code has
 * moved already.  False when the meter refused (nothing changed). */
static bool W(grow_to)(W(sb_seen) *t, uint64_t n)
{
    enum { CHUNK = 1024 };
    uint64_t nchunks = (t->size + CHUNK - 1) / CHUNK;
    uint64_t *first = sbi_meter_calloc(t->meter, (size_t)nchunks + 1, sizeof *first);
    if (!first)
        return false;
    uint64_t next = 0;
    for (uint64_t c = 0; c < nchunks; c++) {
        first[c] = next;
        next = W(place)(t, n, c * CHUNK, (c + 1) * CHUNK < t->size ? (c + 1) * CHUNK : t->size,
                        next, NULL);
    }
    /* Spare slots past the last home and the last code, for the probe's
     * four-slot window and short runs. */
    enum { SPARES = 64 };
    uint64_t old_size = t->size, size = (n > next ? n : next) + SPARES;
    if (!W(resize)(t, size)) {
        sbi_meter_free(t->meter, first, ((size_t)nchunks + 1) * sizeof *first);
        return false;
    }
    uint64_t place[CHUNK];
    for (uint64_t c = nchunks; c-- > 0;) {
        uint64_t from = c * CHUNK, to = from + CHUNK < old_size ? from + CHUNK : old_size;
        W(place)(t, n, from, to, first[c], place);
        for (uint64_t i = to; i-- > from;) {
            WORD s = t->slots[i];
            t->slots[i] = 0;
            t->slots[place[i - from]] = s;
        }
    }
    sbi_meter_free(t->meter, first, ((size_t)nchunks + 1) * sizeof *first);
    t->nslots = n;
    t->room = n / 5 * 4;
    return true;
}

/* Grows the table by half (first to 1024 slots).  False when the meter
 * refused. */
static bool W(grow)(W(sb_seen) *t)
{
    uint64_t n = t->nslots ? t->nslots + t->nslots / 2 : 1024;
    if (n > SIZE_MAX / sizeof *t->slots / 4)
        return false;
    return W(grow_to)(t, n);
}

int W(sbi_seen_make_room)(W(sb_seen) *t, WORD code)
{
    uint64_t cap = t->meter->limits.max_states;
    if (cap && t->count >= cap && W(sbi_seen_find_code)(t, code) >= 0)
        return 0;   /* at the states limit, but already held: no refusal */
    if (!sbi_meter_may_store(t->meter, t->count))
        return -1;
    if (t->count >= t->nslots / 5 * 4 && !W(grow)(t))
        return -1;
    uint64_t max = t->meter->limits.max_states;
    if (max && max < t->room)
        t->room = max;
    return 1;
}
