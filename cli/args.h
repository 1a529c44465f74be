/*
 * args.h - argument helpers shared by the command-line programs, so that
 * slide and slide-explore read sizes, counts and choices the same way.
 */
#ifndef SB_CLI_ARGS_H
#define SB_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "slide.h"

/* Parses a count or size: decimal digits with, when `binary`, an optional
 * K/M/G/T suffix (powers of 1024, optionally followed by B).  False on
 * anything else (a blank, a sign, hex) or on overflow. */
bool sb_args_amount(const char *s, bool binary, uint64_t *out);

/* Parses seconds: decimal digits with an optional fraction ("90", "2.5",
 * ".5"); no sign, exponent or hex.  False on anything else. */
bool sb_args_seconds(const char *s, double *out);

/* The index of arg in names[] (NULL-terminated), or -1. */
int sb_args_pick(const char *arg, const char *const *names);

/* The default --max-memory: 3/4 of physical memory, so an enormous search
 * ends with exit 3 rather than an OOM kill; 0 (no limit) when unknown. */
uint64_t sb_args_default_memory(void);

/* So that --max-memory, which bounds the bytes the engine holds, bounds
 * the resident size too: large blocks go back to the system when freed
 * instead of staying with the thread that freed them (args.c says why).
 * Both programs call it first; a process-wide allocator setting, so it
 * is the programs' to make and not the library's. */
void sb_args_return_freed_memory(void);

/* Reads the value arg of the limit option `name` ("max-states",
 * "max-memory" or "time-limit", as getopt_long names it) into *lim.
 * Returns NULL, or when arg is not a valid value the usage message (a
 * static string; callers append ", not 'ARG'"), so both programs word it
 * alike. */
const char *sb_args_limit(const char *name, const char *arg, sb_limits *lim);

/* The message for a failed call: err->msg, with the option its hint
 * names (err->hint: "(--engine general)"), except that a resource limit
 * is worded here with the option that sets it (the engine names no
 * flags).  Written into buf (n bytes), which is returned. */
const char *sb_args_error_message(const sb_error *err, char *buf, size_t n);

/* Makes the first SIGINT (Ctrl-C) cancel s (sb_search_cancel) instead of
 * killing the program mid-line, so the search stops with SB_ELIMIT and the
 * program says so and exits 3; a second Ctrl-C kills it as usual.  NULL:
 * SIGINT does what it did before, and s may be freed. */
void sb_args_cancel_on_interrupt(sb_search *s);

/* Opens --spill-dir DIR as the spill of opts (sb_options.spill: the
 * files of DIR, sb_fmt_cache_dir_new), after checking that DIR is a
 * directory this process may write: NULL, or the usage message (in msg,
 * n bytes) when it is not.  dir NULL: no spill, and NULL.  The caller
 * frees *made (sb_fmt_cache_dir_free) after the last call that uses it. */
const char *sb_args_spill_dir(const char *dir, sb_options *opts, sb_cache **made, char *msg,
                              size_t n);

/* Fills *err (NULL: nothing) with status and msg, for a failure the CLI
 * finds itself rather than the engine; returns status. */
sb_status sb_args_fail(sb_error *err, sb_status status, const char *msg);

/* The exit status for an engine status: 0 solved or done, 1 proven
 * unsolvable, 3 a resource limit, 2 anything else: bad usage or input,
 * or output that could not be written (SB_EWRITE). */
int sb_args_exit_code(sb_status status);

#endif
