/*
 * options.c - the programs' one option parser (options.h): a table of
 * rows in, getopt_long's table and short-option string built from it, one
 * loop, and --help written from the same rows.
 *
 * A row's getopt value is its letter when it has one, else 256 + its
 * index, so a returned value names its row either way; getopt_long's
 * errors (opterr 0, a leading ':') are worded here from the row they name
 * (optopt), or from argv's word for a long name that matches none or more
 * than one.  Choices are listed from the library's own names (sb_*_name,
 * counted up until "?"), so --help and the messages know every name the
 * library does and no other.
 */
#include <getopt.h>
#include <string.h>

#include "args.h"
#include "options.h"

/* The most rows a table may have: getopt_long's table is built on the stack. */
enum { MAX_ROWS = 64 };

/* --help: options from column 2, their words from column 28, lines of at
 * most 79 characters. */
enum { HELP_INDENT = 2, HELP_COLUMN = 28, HELP_WIDTH = 79 };

static bool takes_value(sb_opt_kind kind)
{
    return kind != SB_OPT_FLAG && kind != SB_OPT_MODE && kind != SB_OPT_HELP &&
           kind != SB_OPT_VERSION;
}

/* The i-th name of a choice, or NULL past the last (or for a kind that
 * is no choice). */
static const char *choice(const sb_opt *o, int i)
{
    const char *name;
    switch (o->kind) {
    case SB_OPT_METRIC:
        name = sb_metric_name((sb_metric)i);
        break;
    case SB_OPT_ALGO:
        name = sb_algo_name((sb_algo)i);
        break;
    case SB_OPT_ENGINE:
        name = sb_path_name((sb_path)i);
        break;
    case SB_OPT_WALK:
        name = sb_walk_name((sb_walk)i);
        break;
    case SB_OPT_FORMAT:
        name = sb_fmt_name((sb_format)i);
        break;
    case SB_OPT_PICK:
        return o->names[i];
    default:
        return NULL;
    }
    return strcmp(name, "?") == 0 ? NULL : name;
}

/* The choices of o into buf (n bytes): "unit|line|piece" when bar, else
 * "unit, line or piece". */
static const char *choices(const sb_opt *o, bool bar, char *buf, size_t n)
{
    int count = 0;
    while (choice(o, count))
        count++;
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%s%s",
                 i == 0 ? "" : bar ? "|" : i == count - 1 ? " or " : ", ", choice(o, i));
    }
    return buf;
}

/* How argv and the messages spell o: "--metric", or "-o" for a short name only. */
static const char *flag_of(const sb_opt *o, char *buf, size_t n)
{
    if (o->name)
        snprintf(buf, n, "--%s", o->name);
    else
        snprintf(buf, n, "-%c", o->letter);
    return buf;
}

/* Reads value v of option o (spelt flag) into its target.  false, with
 * the message in msg, when v is no value o takes. */
static bool read_value(const sb_opt *o, const char *flag, const char *v, char *msg, size_t n)
{
    sb_error err = { 0 };
    sb_status st = SB_EINPUT;
    char list[200];
    switch (o->kind) {
    case SB_OPT_TEXT:
        *o->to.text = v;
        return true;
    case SB_OPT_METRIC:
        st = sb_metric_parse(v, o->to.metric, &err);
        break;
    case SB_OPT_ALGO:
        st = sb_algo_parse(v, o->to.algo, &err);
        break;
    case SB_OPT_ENGINE:
        st = sb_path_parse(v, o->to.path, &err);
        break;
    case SB_OPT_WALK:
        st = sb_walk_parse(v, o->to.walk, &err);
        break;
    case SB_OPT_FORMAT:
        st = sb_fmt_parse_name(v, o->to.format, &err);
        break;
    case SB_OPT_PICK: {
        int i = sb_args_pick(v, o->names);
        if (i >= 0) {
            *o->to.number = i;
            return true;
        }
        snprintf(msg, n, "%s takes %s, not '%s'", flag, choices(o, false, list, sizeof list), v);
        return false;
    }
    case SB_OPT_LIMIT: {
        const char *bad = sb_args_limit(o->name, v, o->to.limits);
        if (bad)
            snprintf(msg, n, "%s, not '%s'", bad, v);
        return !bad;
    }
    case SB_OPT_COUNT: {
        uint64_t x = 0;
        if (sb_args_amount(v, false, &x) && x >= o->min && (!o->max || x <= o->max)) {
            *o->to.count = x;
            return true;
        }
        snprintf(msg, n, "%s takes %s, not '%s'", flag, o->takes ? o->takes : "a whole number",
                 v);
        return false;
    }
    case SB_OPT_CALL:
        return o->call(o->to.context, v, msg, n);
    default:
        break;
    }
    if (st != SB_OK)
        snprintf(msg, n, "%s: %s", flag, err.msg);
    return st == SB_OK;
}

/* The row getopt's value val names, or NULL. */
static const sb_opt *row_of(const sb_opt_table *t, int val)
{
    if (val >= 256)
        return (size_t)(val - 256) < t->nrows ? &t->rows[val - 256] : NULL;
    for (size_t i = 0; val > 0 && i < t->nrows; i++)
        if (t->rows[i].letter == val)
            return &t->rows[i];
    return NULL;
}

/* The message for a long option word ("--frob", "--m=3") that getopt_long
 * could not take: it names no option, or begins more than one. */
static void unknown_long(const sb_opt_table *t, const char *word, char *msg, size_t n)
{
    size_t len = strcspn(word + 2, "="), matches = 0;
    char list[400] = "";
    for (size_t i = 0; i < t->nrows; i++)
        if (t->rows[i].name && strncmp(t->rows[i].name, word + 2, len) == 0)
            matches++;
    if (matches < 2) {
        snprintf(msg, n, "unknown option '%s'", word);
        return;
    }
    for (size_t i = 0, k = 0; i < t->nrows; i++)
        if (t->rows[i].name && strncmp(t->rows[i].name, word + 2, len) == 0) {
            size_t at = strlen(list);
            snprintf(list + at, sizeof list - at, "%s--%s",
                     k == 0 ? "" : k == matches - 1 ? " or " : ", ", t->rows[i].name);
            k++;
        }
    snprintf(msg, n, "ambiguous option '%.*s' (%s)", (int)(len + 2), word, list);
}

int sb_opt_parse(const sb_opt_table *t, int argc, char **argv, char *msg, size_t n)
{
    struct option longs[MAX_ROWS + 1];
    char shorts[2 * MAX_ROWS + 2] = ":", flag[64], list[200];
    size_t nlong = 0, nshort = 1;
    if (t->nrows > MAX_ROWS) {
        snprintf(msg, n, "%s has %zu options; the parser takes at most %d", t->program,
                 t->nrows, MAX_ROWS);
        return SB_OPT_BAD;
    }
    for (size_t i = 0; i < t->nrows; i++) {
        const sb_opt *o = &t->rows[i];
        int has = takes_value(o->kind) ? required_argument : no_argument;
        if (o->name)
            longs[nlong++] = (struct option){ o->name, has, NULL, o->letter ? o->letter
                                                                          : 256 + (int)i };
        if (o->letter) {
            shorts[nshort++] = o->letter;
            if (has == required_argument)
                shorts[nshort++] = ':';
        }
    }
    longs[nlong] = (struct option){ NULL, 0, NULL, 0 };
    shorts[nshort] = '\0';
    opterr = 0;
    optind = 0;   /* glibc: start afresh, so a second parse in one process works too */
    int ch;
    while ((ch = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        const sb_opt *o = row_of(t, ch == ':' || ch == '?' ? optopt : ch);
        if (ch == ':' && o) {
            flag_of(o, flag, sizeof flag);
            if (choice(o, 0))
                snprintf(msg, n, "%s needs a value: %s", flag, choices(o, false, list,
                                                                       sizeof list));
            else
                snprintf(msg, n, "%s needs a value", flag);
            return SB_OPT_BAD;
        }
        if (ch == '?' && o) {   /* "--json=3" */
            snprintf(msg, n, "%s takes no value", flag_of(o, flag, sizeof flag));
            return SB_OPT_BAD;
        }
        if (ch == '?' && optopt == 0 && optind > 0 && strncmp(argv[optind - 1], "--", 2) == 0) {
            unknown_long(t, argv[optind - 1], msg, n);
            return SB_OPT_BAD;
        }
        if (ch == '?' || ch == ':' || !o) {
            if (optopt > 0)
                snprintf(msg, n, "unknown option '-%c'", optopt);
            else
                snprintf(msg, n, "unknown option '%s'", argv[optind > 0 ? optind - 1 : 0]);
            return SB_OPT_BAD;
        }
        switch (o->kind) {
        case SB_OPT_FLAG:
            *o->to.flag = true;
            break;
        case SB_OPT_MODE:
            break;
        case SB_OPT_HELP:
            sb_opt_help(stdout, t);
            return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
        case SB_OPT_VERSION:
            printf("%s %s\n", t->program, SB_VERSION);
            return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
        default:
            if (!read_value(o, flag_of(o, flag, sizeof flag), optarg, msg, n))
                return SB_OPT_BAD;
            break;
        }
        if (o->mode)
            *o->mode = o->set;
        if (o->given)
            *o->given = true;
    }
    return SB_OPT_GO;
}

/* Writes text from column `at`, wrapped at spaces into lines of at most
 * HELP_WIDTH characters, each after the first from HELP_COLUMN. */
static void wrap(FILE *out, const char *text, int at)
{
    bool first = true;
    while (*text) {
        size_t len = strcspn(text, " ");
        if (!first && at + 1 + (int)len > HELP_WIDTH) {
            fprintf(out, "\n%*s", HELP_COLUMN, "");
            at = HELP_COLUMN;
        } else if (!first) {
            putc(' ', out);
            at++;
        }
        fwrite(text, 1, len, out);
        at += (int)len;
        first = false;
        text += len;
        text += strspn(text, " ");
    }
    putc('\n', out);
}

void sb_opt_help(FILE *out, const sb_opt_table *t)
{
    fputs(t->usage, out);
    for (size_t i = 0; i < t->nrows; i++) {
        const sb_opt *o = &t->rows[i];
        char flag[64], list[200], line[300];
        const char *value = !takes_value(o->kind) ? ""
                            : choice(o, 0)         ? choices(o, true, list, sizeof list)
                                                   : o->value ? o->value : "VALUE";
        if (o->name && o->letter)
            snprintf(line, sizeof line, "-%c, --%s%s%s", o->letter, o->name, *value ? " " : "",
                     value);
        else
            snprintf(line, sizeof line, "%s%s%s", flag_of(o, flag, sizeof flag),
                     *value && o->name ? " " : "", value);
        int at = fprintf(out, "%*s%s", HELP_INDENT, "", line);
        if (at + 2 <= HELP_COLUMN) {
            fprintf(out, "%*s", HELP_COLUMN - at, "");
        } else {
            fprintf(out, "\n%*s", HELP_COLUMN, "");
        }
        wrap(out, o->help ? o->help : "", HELP_COLUMN);
    }
    fputs(t->epilogue, out);
}

sb_opt sb_opt_metric(sb_metric *to)
{
    return (sb_opt){ .name = "metric", .kind = SB_OPT_METRIC, .to.metric = to,
                     .help = "how moves are counted (default line)" };
}

sb_opt sb_opt_engine(sb_path *to)
{
    return (sb_opt){ .name = "engine", .kind = SB_OPT_ENGINE, .to.path = to,
                     .help = "configuration representation (default auto: the bitboard on "
                             "small trays, when the pieces allow it: 64 bits up to 5x4, "
                             "128 up to 6x6)" };
}

sb_opt sb_opt_walk(sb_walk *to)
{
    return (sb_opt){ .name = "walk", .kind = SB_OPT_WALK, .to.walk = to,
                     .help = "how a breadth-first walk keeps what it has seen (default "
                             "auto: by the space's size and --max-memory): a hash table, "
                             "the last layers only, two bits a rank, or layers on disk "
                             "(with --spill-dir)" };
}

sb_opt sb_opt_format(sb_format *to)
{
    return (sb_opt){ .name = "format", .kind = SB_OPT_FORMAT, .to.format = to,
                     .help = "how INIT and GOAL are written (default auto: decided from "
                             "INIT): corners or sizes lines, or a picture of the tray" };
}

sb_opt sb_opt_limit(const char *name, sb_limits *to, const char *help)
{
    sb_opt o = { .name = name, .kind = SB_OPT_LIMIT, .to.limits = to, .help = help };
    if (strcmp(name, "max-states") == 0)
        o.value = "N";
    else if (strcmp(name, "max-memory") == 0)
        o.value = "SIZE";
    else
        o.value = "SECONDS";
    if (!help && strcmp(name, "max-memory") == 0)
        o.help = "give up beyond SIZE bytes (K, M, G suffixes; default 3/4 of physical "
                 "memory)";
    else if (!help && strcmp(name, "time-limit") == 0)
        o.help = "give up after SECONDS";
    return o;
}

sb_opt sb_opt_help_row(void)
{
    return (sb_opt){ .name = "help", .kind = SB_OPT_HELP, .help = "print this help and exit" };
}

sb_opt sb_opt_version_row(void)
{
    return (sb_opt){ .name = "version", .kind = SB_OPT_VERSION,
                     .help = "print the version and exit" };
}
