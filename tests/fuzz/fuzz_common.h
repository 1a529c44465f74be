/*
 * fuzz_common.h - what the three fuzz harnesses share: splitting one fuzz
 * input into an INIT and a GOAL text, and stopping loudly when an
 * invariant breaks.
 *
 * Each part is copied into a buffer of exactly its own length, so that
 * AddressSanitizer catches a reader that runs one byte past its text (in
 * the fuzz input itself the GOAL bytes would follow INIT and hide that).
 * Harness code may abort: it is a test, not library code.
 */
#ifndef SB_FUZZ_COMMON_H
#define SB_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The byte that ends INIT and starts GOAL.  It can never be part of valid
 * puzzle text, so it takes nothing away from what the reader is shown. */
#define FUZZ_SEPARATOR '|'

/* Stops the run with a message; libFuzzer saves the input that did it. */
#define FUZZ_REQUIRE(cond, what)                                              \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "fuzz invariant broken at %s:%d: %s\n", __FILE__, \
                    __LINE__, (what));                                        \
            abort();                                                          \
        }                                                                     \
    } while (0)

typedef struct fuzz_texts {
    char *init, *goal;        /* exact-size copies; goal NULL when absent */
    size_t init_len, goal_len;
} fuzz_texts;

/* Copies bytes into a fresh buffer of exactly n bytes (1 when n is 0, so
 * that the pointer is never NULL). */
static inline char *fuzz_copy(const uint8_t *bytes, size_t n)
{
    char *p = malloc(n ? n : 1);
    FUZZ_REQUIRE(p != NULL, "out of memory in the harness");
    if (n)
        memcpy(p, bytes, n);
    return p;
}

/* Splits data at the first separator: INIT before it, GOAL after it (no
 * separator: no GOAL). */
static inline void fuzz_split(const uint8_t *data, size_t size, fuzz_texts *t)
{
    const uint8_t *sep = size ? memchr(data, FUZZ_SEPARATOR, size) : NULL;
    t->init_len = sep ? (size_t)(sep - data) : size;
    t->init = fuzz_copy(data, t->init_len);
    if (sep) {
        t->goal_len = size - t->init_len - 1;
        t->goal = fuzz_copy(sep + 1, t->goal_len);
    } else {
        t->goal_len = 0;
        t->goal = NULL;
    }
}

static inline void fuzz_texts_free(fuzz_texts *t)
{
    free(t->init);
    free(t->goal);
}

#endif
