/*
 * array.c - the growing array's cold path (array.h says why there is one).
 *
 * The caller's pointer is reached through `items`, the address of a T *
 * of any T: it is read and written with memcpy, never through a void **
 * lvalue, so no compiler may assume the two pointer types do not alias.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/array.h"

/* The smallest array worth allocating: 16 elements, or 64 bytes of tiny
 * ones (a first push should not be followed by three more reallocs). */
static size_t first_cap(size_t size)
{
    return size < 4 ? 64 / size : 16;
}

bool sbi_array_grow(sb_meter *m, void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    if (size == 0) {   /* elements of no bytes (an empty key) need no memory */
        *cap = need;
        return true;
    }
    size_t max = SIZE_MAX / size;
    if (need > max) {
        if (m)
            m->hit = SB_LIMIT_MEMORY;
        return false;
    }
    size_t grown = *cap ? (*cap <= max / 2 ? 2 * *cap : max) : first_cap(size);
    if (grown < need)
        grown = need;
    void *old;
    memcpy(&old, items, sizeof old);
    void *fresh = m ? sbi_meter_realloc(m, old, *cap * size, grown * size)
                    : realloc(old, grown * size);
    if (!fresh)
        return false;
    memcpy(items, &fresh, sizeof fresh);
    *cap = grown;
    return true;
}

void sbi_array_free(sb_meter *m, void *items, size_t *cap, size_t size)
{
    void *p;
    memcpy(&p, items, sizeof p);
    if (m)
        sbi_meter_free(m, p, *cap * size);
    else
        free(p);
    p = NULL;
    memcpy(items, &p, sizeof p);
    *cap = 0;
}
