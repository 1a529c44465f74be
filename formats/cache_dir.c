/*
 * cache_dir.c - sb_fmt_cache_dir_new (slide_formats.h): a cache
 * (sb_cache, slide.h) whose entries are the files of one directory, the
 * cache `slide --pdb-dir` and the Python module's pdb_dir= keep.
 *
 * Entry NAME is the file DIR/NAME.  A write goes to a temporary file
 * beside it, DIR/NAME.PID.N.tmp (N counting this cache's writers, so two
 * threads writing the same entry at once do not share one), which is
 * renamed over DIR/NAME once it is whole: rename is atomic, so a reader
 * finds the old file or the new one, never half of one; a write that
 * failed removes its temporary file; remove deletes DIR/NAME (a spill,
 * sb_options.spill, drops the layers it is done with).  The names come from the library
 * (letters, digits, '-' and '.'), so no name reaches outside DIR.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parse.h"

/* The cache and what its functions need: the record is first, so that the
 * caller's sb_cache * is this too. */
typedef struct dir_cache {
    sb_cache cache;
    char *dir;
    atomic_ulong writers;   /* writers started, for their temporary names */
} dir_cache;

/* A write in progress. */
typedef struct dir_writer {
    FILE *f;
    char *path, *tmp;
} dir_writer;

/* DIR/NAME followed by suffix, in a new string (NULL: out of memory). */
static char *path_of(const dir_cache *c, const char *name, const char *suffix)
{
    size_t n = strlen(c->dir) + strlen(name) + strlen(suffix) + 2;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s/%s%s", c->dir, name, suffix);
    return path;
}

static void *open_read(void *ctx, const char *name)
{
    char *path = path_of(ctx, name, "");
    FILE *f = path ? fopen(path, "rb") : NULL;
    free(path);
    return f;
}

static size_t read_bytes(void *reader, void *buf, size_t len)
{
    return fread(buf, 1, len, reader);
}

static void close_read(void *reader)
{
    fclose(reader);
}

static void *open_write(void *ctx, const char *name)
{
    dir_cache *c = ctx;
    char suffix[64];
    snprintf(suffix, sizeof suffix, ".%ld.%lu.tmp", (long)getpid(),
             atomic_fetch_add(&c->writers, 1));
    dir_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->path = path_of(c, name, "")) || !(w->tmp = path_of(c, name, suffix)) ||
        !(w->f = fopen(w->tmp, "wb"))) {
        if (w) {
            free(w->path);
            free(w->tmp);
        }
        free(w);
        return NULL;
    }
    return w;
}

static bool write_bytes(void *writer, const void *buf, size_t len)
{
    dir_writer *w = writer;
    return fwrite(buf, 1, len, w->f) == len;
}

static void close_write(void *writer, bool keep)
{
    dir_writer *w = writer;
    bool whole = fclose(w->f) == 0 && keep;
    if (!whole || rename(w->tmp, w->path) != 0)
        remove(w->tmp);
    free(w->path);
    free(w->tmp);
    free(w);
}

static bool remove_entry(void *ctx, const char *name)
{
    char *path = path_of(ctx, name, "");
    bool gone = path && (remove(path) == 0 || errno == ENOENT);
    free(path);
    return gone;
}

sb_status sb_fmt_cache_dir_new(const char *dir, sb_cache **out, sb_error *err)
{
    if (out)
        *out = NULL;
    if (!dir || !out)
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_cache_dir_new: %s is NULL",
                            !dir ? "the directory" : "the cache to fill");
    if (!dir[0])
        return sbi_fmt_fail(err, SB_EINPUT, NULL, 0, "sb_fmt_cache_dir_new: the directory "
                            "name is empty");
    dir_cache *c = calloc(1, sizeof *c);
    if (!c || !(c->dir = strdup(dir))) {
        free(c);
        return sbi_fmt_fail(err, SB_ELIMIT, NULL, 0, "sb_fmt_cache_dir_new: out of memory");
    }
    c->cache = (sb_cache){ open_read, read_bytes, close_read, open_write, write_bytes,
                           close_write, c, remove_entry };
    atomic_init(&c->writers, 0);
    *out = &c->cache;
    return SB_OK;
}

void sb_fmt_cache_dir_free(sb_cache *cache)
{
    if (!cache)
        return;
    dir_cache *c = (dir_cache *)(void *)cache;
    free(c->dir);
    free(c);
}
