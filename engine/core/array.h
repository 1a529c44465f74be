/*
 * array.h - the engine's one growing array: a pointer and a capacity that
 * the caller keeps in its own struct, grown through one checked path (as
 * Tatham's snewn/sresize), so no container repeats the doubling, the
 * overflow check or the meter's bookkeeping.
 *
 * The array is the caller's own pair (T *items; size_t cap): no header,
 * no struct of ours, so a caller indexes it as the plain array it is and
 * keeps its count wherever suits it.  sbi_array_reserve() is the check on
 * the hot path (one compare when there is room); sbi_array_grow() is the
 * cold part: it doubles, from at least 16 elements, to at least the room
 * asked for.
 *
 * Invariants: *items holds exactly *cap elements of `size` bytes, allocated
 * through the meter given (or malloc when it is NULL), so the meter's held
 * count includes cap * size bytes for it; a refusal changes nothing, so
 * the caller's array is still whole and can be freed or used as before.
 * Every call on one array passes the same meter (or NULL) and size.
 * Elements of no bytes (an empty key) are granted without memory.
 */
#ifndef SB_ARRAY_H
#define SB_ARRAY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/meter.h"

/* Grows *items (an array of *cap elements of `size` bytes, allocated through
 * meter m, or with malloc/realloc when m is NULL) to room for at least `need`
 * elements: doubling, from at least 16 (more for tiny sizes is fine).  false,
 * with nothing changed, when the size would overflow or the meter/malloc refused
 * (m->hit says which); the memory bytes beyond the old cap are not zeroed. */
bool sbi_array_grow(sb_meter *m, void *items, size_t *cap, size_t need, size_t size);

/* The hot-path check: true at once when need <= *cap. */
static inline bool sbi_array_reserve(sb_meter *m, void *items, size_t *cap, size_t need,
                                     size_t size)
{
    return need <= *cap || sbi_array_grow(m, items, cap, need, size);
}

/* Frees *items (cap elements of size bytes) and zeroes *items and *cap; NULL harmless. */
void sbi_array_free(sb_meter *m, void *items, size_t *cap, size_t size);

#endif
