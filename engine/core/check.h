/*
 * check.h - SB_ASSERT, the engine's invariant checks: what its own code
 * guarantees (store ids dense, every layout enumerated once, a meter never
 * releasing more than it holds, components that partition the layouts),
 * checked where it is relied on.  Internal to the engine.
 *
 * A failed check is a programmer error, never an input's (STYLE.md 4:
 * input that passed validation must never trip one), so it does not
 * return an sb_status: it names the file, the line and the condition on
 * stderr and aborts.  The checks are compiled in for the sanitizer and
 * fuzz builds (CMake defines SB_CHECKS under SLIDE_SANITIZE and
 * SLIDE_FUZZ) and compiled away otherwise, the condition unevaluated, so
 * a check may cost what it likes.  Code that computes something only to
 * check it puts it under `if (SB_CHECKING)`, which the compiler drops in
 * the same builds.
 */
#ifndef SB_CHECK_H
#define SB_CHECK_H

#ifdef SB_CHECKS
#define SB_CHECKING 1
#define SB_ASSERT(cond) ((cond) ? (void)0 : sbi_assert_failed(#cond, __FILE__, __LINE__))
#else
#define SB_CHECKING 0
/* Unevaluated, but still compiled: its names stay used and checked. */
#define SB_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

/* Reports a failed SB_ASSERT and aborts (check.c). */
_Noreturn void sbi_assert_failed(const char *cond, const char *file, int line);

#endif
