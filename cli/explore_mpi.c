/*
 * explore_mpi.c - slide-explore over MPI ranks (explore_mpi.h says how the
 * work and the messages are split).
 *
 * What travels: a status per rank (MPI_Allgather), the error record of
 * the rank whose failure wins (one MPI_Send of its bytes to rank 0), a
 * one-byte stop from a rank whose shard failed to every other rank (each
 * rank keeps one receive for it posted from start to finish, and drains
 * the rest once all agree how many were sent), and
 * each rank's shard as 64-bit words (MPI_Gather of the counts, then
 * MPI_Gatherv of the words, gather_words): for a family three header
 * words, then six per member, index first; for a census what
 * census_codec.c makes of its mapped members.  Rank 0 rebuilds each
 * shard's report and hands them to sb_family_report_merge or
 * sb_census_report_merge, the one place shards are put back together.
 * Every collective is reached by every rank in the same order: a step
 * that fails on one rank is agreed before the next collective, never
 * skipped by that rank alone.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "args.h"
#include "census_codec.h"
#include "explore_mpi.h"

enum { ROOT = 0, TAG_ERROR = 1, TAG_STOP = 2 };
/* What a rank reports when its search was cancelled by the watch: never
 * chosen over a real failure, which is what caused it. */
enum { STOPPED_BY_PEER = -1 };

/* The watch on the other ranks: the program's one piece of MPI state, as
 * there is one MPI world per process. */
static struct {
    bool armed;            /* the stop receive is posted and not yet completed */
    bool stopped;          /* a stop came while this rank worked: it cancelled */
    unsigned char token;   /* the stop's byte */
    MPI_Request receive;
    sb_search *search;     /* what a stop cancels */
} watch;
enum { HEADER_WORDS = 3, MEMBER_WORDS = 6 };

/* The dealer: one counter on rank 0, in an MPI window open from start to
 * finish, from which every rank's census threads take the next place in
 * the census's order (MPI_Fetch_and_op, which rank 0 need not answer), so
 * ranks balance themselves: a rank stuck on a large member takes no more
 * while the others take the rest. */
static struct {
    bool open;
    MPI_Win win;
} dealer;

static int rank_of_world(void)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

static int ranks_of_world(void)
{
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

/* Opens the dealer's window, its counter at 0 before any rank takes from
 * it (collective; MPI's errors are fatal, so every rank gets here). */
static void open_dealer(void)
{
    bool root = rank_of_world() == ROOT;
    uint64_t *counter = NULL;
    if (MPI_Win_allocate(root ? (MPI_Aint)sizeof *counter : 0, (int)sizeof *counter,
                         MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &dealer.win) != MPI_SUCCESS)
        return;
    MPI_Win_lock_all(0, dealer.win);
    if (root) {
        const uint64_t zero = 0;
        MPI_Put(&zero, 1, MPI_UINT64_T, ROOT, 0, 1, MPI_UINT64_T, dealer.win);
        MPI_Win_flush(ROOT, dealer.win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    dealer.open = true;
}

/* The next place in the census's order for this rank (census_share.take). */
static size_t take_place(void)
{
    const uint64_t one = 1;
    uint64_t place = UINT64_MAX;
    MPI_Fetch_and_op(&one, &place, MPI_UINT64_T, ROOT, 0, MPI_SUM, dealer.win);
    MPI_Win_flush(ROOT, dealer.win);
    return place > SIZE_MAX ? SIZE_MAX : (size_t)place;
}

bool sb_mpi_start(int *argc, char ***argv)
{
    int provided;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
        return false;
    if (provided >= MPI_THREAD_SERIALIZED && ranks_of_world() > 1)
        watch.armed = MPI_Irecv(&watch.token, 1, MPI_BYTE, MPI_ANY_SOURCE, TAG_STOP,
                                MPI_COMM_WORLD, &watch.receive) == MPI_SUCCESS;
    /* The census's threads take places from the dealer: they need MPI
     * from any thread, one at a time. */
    if (provided >= MPI_THREAD_SERIALIZED)
        open_dealer();
    if (rank_of_world() != ROOT) {
        /* The same arguments make the same messages on every rank: only
         * rank 0's are wanted.  A failed freopen leaves the stream as it
         * was, which costs a repeated message, nothing else. */
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            return true;
    }
    return true;
}

/* Takes back the stop receive if no stop came for it (a rank that
 * failed before the family was mapped sends none). */
static void disarm(void)
{
    if (!watch.armed)
        return;
    MPI_Cancel(&watch.receive);
    MPI_Wait(&watch.receive, MPI_STATUS_IGNORE);
    watch.armed = false;
}

int sb_mpi_finish(int code)
{
    disarm();
    if (dealer.open) {
        MPI_Win_unlock_all(dealer.win);
        MPI_Win_free(&dealer.win);
    }
    MPI_Finalize();
    return code;
}

/* The progress callback: cancels this rank's search once a stop came. */
static void poll_for_stop(const sb_progress *p, void *ctx)
{
    (void)p, (void)ctx;
    int came = 0;
    if (!watch.armed || MPI_Test(&watch.receive, &came, MPI_STATUS_IGNORE) != MPI_SUCCESS ||
        !came)
        return;
    watch.armed = false;
    watch.stopped = true;
    sb_search_cancel(watch.search);
}

/* The ranked walk's combiner (sb_options.combiner): MPI_Allreduce in
 * place, in parts of at most 2^27 words (its count is an int). */
static void combine_words(void *ctx, uint64_t *words, size_t n, bool sum)
{
    (void)ctx;
    while (n) {
        int part = n > (1u << 27) ? 1 << 27 : (int)n;
        MPI_Allreduce(MPI_IN_PLACE, words, part, MPI_UINT64_T, sum ? MPI_SUM : MPI_BOR,
                      MPI_COMM_WORLD);
        words += part;
        n -= (size_t)part;
    }
}

static const sb_combiner combiner = { combine_words, NULL, { NULL } };

void sb_mpi_take_share(sb_options *opts)
{
    opts->combiner = &combiner;
    opts->shard = (unsigned)rank_of_world();
    opts->nshards = (unsigned)ranks_of_world();
    if (watch.armed) {
        opts->progress = poll_for_stop;
        opts->progress_ctx = NULL;
    }
}

void sb_mpi_watch(sb_search *s)
{
    watch.search = s;
}

/* sb_mpi_agree, where status may be STOPPED_BY_PEER and sent_stops says
 * whether this rank sent stops; *senders (may be NULL) receives how many
 * ranks did. */
static sb_status settle(int status, bool sent_stops, sb_error *err, int *senders)
{
    int size = ranks_of_world(), rank = rank_of_world();
    int mine[2] = { status, sent_stops };
    int *all = malloc((size_t)size * sizeof mine);
    if (!all)
        MPI_Abort(MPI_COMM_WORLD, 3);   /* a few bytes per rank: nothing can go on */
    MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
    int chosen = -1, sending = 0;
    for (int k = 0; k < size; k++) {
        sending += all[2 * k + 1];
        if (chosen < 0 && all[2 * k] != SB_OK && all[2 * k] != STOPPED_BY_PEER)
            chosen = k;
    }
    if (senders)
        *senders = sending;
    /* Stopped ranks without a real failure cannot happen (a stop is sent
     * only by a rank that failed), but would still be a failure. */
    for (int k = 0; k < size && chosen < 0; k++)
        if (all[2 * k] == STOPPED_BY_PEER)
            chosen = k;
    sb_status agreed = chosen < 0                           ? SB_OK
                       : all[2 * chosen] == STOPPED_BY_PEER ? SB_ELIMIT
                                                            : (sb_status)all[2 * chosen];
    free(all);
    if (chosen > ROOT) {
        sb_error spare = { 0 };
        if (rank == chosen)
            MPI_Send(err ? (void *)err : (void *)&spare, (int)sizeof spare, MPI_BYTE, ROOT,
                     TAG_ERROR, MPI_COMM_WORLD);
        else if (rank == ROOT)
            MPI_Recv(err ? (void *)err : (void *)&spare, (int)sizeof spare, MPI_BYTE, chosen,
                     TAG_ERROR, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return agreed;
}

sb_status sb_mpi_agree(sb_status status, sb_error *err)
{
    return settle((int)status, false, err, NULL);
}

/* Tells every other rank's watch that this rank failed: one byte each,
 * sent without waiting (each has its receive posted).  The requests are
 * stored in *sends (size entries), for finish_stops. */
static void send_stops(MPI_Request *sends)
{
    static const unsigned char stop = 1;
    int size = ranks_of_world(), rank = rank_of_world();
    for (int k = 0; k < size; k++)
        sends[k] = MPI_REQUEST_NULL;
    for (int k = 0; k < size; k++)
        if (k != rank)
            MPI_Isend(&stop, 1, MPI_BYTE, k, TAG_STOP, MPI_COMM_WORLD, &sends[k]);
}

/* Once all agree that `senders` ranks sent stops (this one among them
 * when sends is not NULL), receives every stop meant for this rank, so
 * none is left in flight at MPI_Finalize, and completes its own sends. */
static void finish_stops(int senders, MPI_Request *sends)
{
    int due = senders - (sends ? 1 : 0);
    if (watch.stopped)
        due--;   /* the posted receive took one already */
    if (watch.armed && due > 0) {
        MPI_Wait(&watch.receive, MPI_STATUS_IGNORE);
        watch.armed = false;
        due--;
    }
    disarm();
    unsigned char token;
    for (; due > 0; due--)
        MPI_Recv(&token, 1, MPI_BYTE, MPI_ANY_SOURCE, TAG_STOP, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    if (sends)
        MPI_Waitall(ranks_of_world(), sends, MPI_STATUSES_IGNORE);
}

/* After a search on every rank (sb_family, sb_census): tells the other
 * ranks' watches when this rank failed, and settles status as
 * sb_mpi_agree does, a search the watch cancelled giving way to the
 * failure that caused it. */
static sb_status settle_search(sb_status status, sb_error *err)
{
    int size = ranks_of_world();
    /* A search the watch cancelled stopped for another rank's failure. */
    bool stopped = status == SB_ELIMIT && watch.stopped && err &&
                   err->limit == SB_LIMIT_CANCELLED;
    bool failed = status != SB_OK && !stopped;
    MPI_Request *sends = failed ? malloc((size_t)size * sizeof *sends) : NULL;
    if (sends)
        send_stops(sends);
    /* (A rank out of memory for its requests sends nothing and says so.) */
    int senders;
    status = settle(stopped ? STOPPED_BY_PEER : (int)status, sends != NULL, err, &senders);
    finish_stops(senders, sends);
    free(sends);
    return status;
}

/* Collective: every rank's nmine words to rank 0, where *words gets them
 * all (rank k's counts[k] words from displs[k]; the three arrays
 * malloc'd on rank 0 only, the caller frees them).  what names the words
 * in messages.  Returns the agreed status. */
static sb_status gather_words(const uint64_t *mine, size_t nmine, uint64_t **words,
                              int **counts, int **displs, const char *what, sb_error *err)
{
    int size = ranks_of_world(), rank = rank_of_world();
    char msg[128];
    sb_status here = SB_OK;
    if (nmine > INT_MAX) {
        snprintf(msg, sizeof msg, "too many words of %s in one rank to send", what);
        here = sb_args_fail(err, SB_ELIMIT, msg);
    }
    if (rank == ROOT) {
        *counts = malloc((size_t)size * sizeof **counts);
        *displs = malloc((size_t)size * sizeof **displs);
        if (!*counts || !*displs) {
            snprintf(msg, sizeof msg, "out of memory gathering %s", what);
            here = sb_args_fail(err, SB_ELIMIT, msg);
        }
    }
    sb_status status = sb_mpi_agree(here, err);
    if (status != SB_OK)
        return status;
    int n = (int)nmine;
    MPI_Gather(&n, 1, MPI_INT, rank == ROOT ? *counts : NULL, 1, MPI_INT, ROOT, MPI_COMM_WORLD);
    if (rank == ROOT) {
        long long total = 0;
        for (int k = 0; k < size && total <= INT_MAX; k++) {
            (*displs)[k] = (int)total;
            total += (*counts)[k];
        }
        if (total > INT_MAX) {
            snprintf(msg, sizeof msg, "too many words of %s to gather in one message", what);
            here = sb_args_fail(err, SB_ELIMIT, msg);
        } else if (!(*words = malloc(((size_t)total + 1) * sizeof **words))) {
            snprintf(msg, sizeof msg, "out of memory gathering %s", what);
            here = sb_args_fail(err, SB_ELIMIT, msg);
        }
    }
    if ((status = sb_mpi_agree(here, err)) != SB_OK)
        return status;
    MPI_Gatherv(mine, n, MPI_UINT64_T, rank == ROOT ? *words : NULL, *counts, *displs,
                MPI_UINT64_T, ROOT, MPI_COMM_WORLD);
    return SB_OK;
}

/* How one kind of report travels to rank 0 (gather_report). */
typedef struct report_kind {
    const char *what;    /* for messages: "the census" */
    /* Writes report r as words to w, returning how many (w NULL: only
     * counts them). */
    size_t (*to_words)(const void *r, uint64_t *w);
    /* On rank 0: every rank's words (rank k's counts[k] from displs[k];
     * rank 0's own report is *r as well) put back together, replacing *r
     * by the whole. */
    sb_status (*merge)(const uint64_t *words, const int *counts, const int *displs, int size,
                       void *r, sb_error *err);
    void (*free)(void *r);
} report_kind;

/* Collective, after a search on every rank: settle_search, then every
 * rank's report (kind) to rank 0 as words, and rank 0's *r made whole.
 * Returns the agreed status; on failure *r is freed on every rank. */
static sb_status gather_report(sb_status status, void *r, const report_kind *kind,
                               sb_error *err)
{
    status = settle_search(status, err);
    uint64_t *mine = NULL, *words = NULL;
    int *counts = NULL, *displs = NULL;
    sb_status here = SB_OK;
    if (status != SB_OK)
        goto done;
    size_t nmine = kind->to_words(r, NULL);
    if (!(mine = malloc((nmine + 1) * sizeof *mine))) {
        char msg[128];
        snprintf(msg, sizeof msg, "out of memory packing %s", kind->what);
        here = sb_args_fail(err, SB_ELIMIT, msg);
    } else {
        kind->to_words(r, mine);
    }
    if ((status = sb_mpi_agree(here, err)) != SB_OK)
        goto done;
    status = gather_words(mine, nmine, &words, &counts, &displs, kind->what, err);
    if (status != SB_OK)
        goto done;
    if (rank_of_world() == ROOT)
        here = kind->merge(words, counts, displs, ranks_of_world(), r, err);
    status = sb_mpi_agree(here, err);
done:
    if (status != SB_OK)
        kind->free(r);
    free(mine);
    free(words);
    free(counts);
    free(displs);
    return status;
}

/* A family's shard as words: a header (every rank sends one, so each
 * shard, even an empty one, says how big the family is), then its
 * members, index first. */
static size_t family_to_words(const void *report, uint64_t *w)
{
    const sb_family_report *r = report;
    if (w) {
        w[0] = r->family_members;
        w[1] = r->peak_bytes;
        w[2] = (uint64_t)(r->seconds * 1e9);
        for (size_t i = 0; i < r->nmembers; i++) {
            const sb_family_member *m = &r->members[i];
            uint64_t *mw = w + HEADER_WORDS + i * MEMBER_WORDS;
            mw[0] = m->index;
            mw[1] = m->units;
            mw[2] = m->wides;
            mw[3] = m->talls;
            mw[4] = m->layouts;
            mw[5] = m->ncomponents;
        }
    }
    return HEADER_WORDS + r->nmembers * MEMBER_WORDS;
}

/* One shard's report back from nwords words; its members go to members[]
 * (room for them made by the caller).  Totals are left to the merge. */
static sb_family_report unpack(const uint64_t *w, int nwords, sb_family_member *members)
{
    sb_family_report r = { 0 };
    r.family_members = w[0];
    r.peak_bytes = (size_t)w[1];
    r.seconds = (double)w[2] / 1e9;
    r.nmembers = (size_t)(nwords - HEADER_WORDS) / MEMBER_WORDS;
    r.members = members;
    for (size_t i = 0; i < r.nmembers; i++) {
        const uint64_t *mw = w + HEADER_WORDS + i * MEMBER_WORDS;
        members[i] = (sb_family_member){ .index = mw[0], .units = (uint32_t)mw[1],
                                         .wides = (uint32_t)mw[2], .talls = (uint32_t)mw[3],
                                         .layouts = mw[4], .ncomponents = mw[5] };
    }
    return r;
}

/* report_kind.merge of a family: every rank's words (rank 0's among
 * them) unpacked and merged by sb_family_report_merge. */
static sb_status family_merge(const uint64_t *words, const int *counts, const int *displs,
                              int size, void *report, sb_error *err)
{
    size_t total = 0;
    for (int k = 0; k < size; k++)
        total += (size_t)(counts[k] - HEADER_WORDS) / MEMBER_WORDS;
    sb_family_report *parts = calloc((size_t)size, sizeof *parts), merged;
    sb_family_member *members = malloc((total ? total : 1) * sizeof *members);
    sb_status st = SB_ELIMIT;
    if (parts && members) {
        size_t at = 0;
        for (int k = 0; k < size; k++) {
            parts[k] = unpack(words + displs[k], counts[k], members + at);
            at += parts[k].nmembers;
        }
        st = sb_family_report_merge(parts, (size_t)size, &merged, err);
    } else {
        sb_args_fail(err, st, "out of memory gathering the family's members");
    }
    free(members);
    free(parts);
    if (st == SB_OK) {
        sb_family_report_free(report);
        *(sb_family_report *)report = merged;
    }
    return st;
}

static void family_free(void *r)
{
    sb_family_report_free(r);
}

sb_status sb_mpi_family_gather(sb_status status, sb_family_report *r, sb_error *err)
{
    static const report_kind family = { "the family's members", family_to_words,
                                        family_merge, family_free };
    return gather_report(status, r, &family, err);
}

/* A census on its way to rank 0: the report, and the SPEC what the other
 * ranks send is checked against. */
typedef struct census_gathering {
    sb_census_report *rep;
    const sb_census_spec *spec;
} census_gathering;

static size_t census_to_words(const void *g, uint64_t *w)
{
    const census_gathering *gathering = g;
    return sb_census_to_words(gathering->rep, gathering->spec->kind_shapes, w);
}

/* report_kind.merge of a census: the other ranks' reports rebuilt from
 * their words (census_codec.c, which checks them against the census),
 * then all merged by sb_census_report_merge. */
static sb_status census_merge(const uint64_t *words, const int *counts, const int *displs,
                              int size, void *g, sb_error *err)
{
    census_gathering *gathering = g;
    sb_census_report *r = gathering->rep;
    census_frame frame = { gathering->spec, r };
    sb_census_report *parts = calloc((size_t)size, sizeof *parts);
    if (!parts)
        return sb_args_fail(err, SB_ELIMIT, "out of memory gathering the census");
    sb_status st = SB_OK;
    for (int k = 0; k < size && st == SB_OK; k++)
        if (k != ROOT)
            st = sb_census_from_words(words + displs[k], (size_t)counts[k], &frame, &parts[k],
                                      err);
    parts[ROOT] = *r;
    sb_census_report merged;
    if (st == SB_OK)
        st = sb_census_report_merge(parts, (size_t)size, &merged, err);
    for (int k = 0; k < size; k++)
        if (k != ROOT)
            sb_census_report_free(&parts[k]);
    free(parts);
    if (st == SB_OK) {
        sb_census_report_free(r);
        *r = merged;
    }
    return st;
}

static void census_free(void *g)
{
    sb_census_report_free(((census_gathering *)g)->rep);
}

sb_status sb_mpi_census_gather(sb_status status, sb_census_report *r,
                               const sb_census_spec *spec, sb_error *err)
{
    static const report_kind census = { "the census", census_to_words, census_merge,
                                        census_free };
    census_gathering g = { r, spec };
    return gather_report(status, &g, &census, err);
}

/* The census of every piece set on its way to rank 0 (census_sets.c's
 * words): each rank's walked members put into rank 0's report, checked. */
typedef struct sets_gathering {
    sb_pieceset_report *rep;
    const sb_census_spec *spec;
} sets_gathering;

static size_t sets_to_words(const void *g, uint64_t *w)
{
    return sb_pieceset_to_words(((const sets_gathering *)g)->rep, w);
}

static sb_status sets_merge(const uint64_t *words, const int *counts, const int *displs,
                            int size, void *g, sb_error *err)
{
    const sets_gathering *gathering = g;
    sb_status st = SB_OK;
    for (int k = 0; k < size && st == SB_OK; k++)
        if (k != ROOT)
            st = sb_pieceset_from_words(words + displs[k], (size_t)counts[k], gathering->spec,
                                        gathering->rep, err);
    return st;
}

static void sets_free(void *g)
{
    sb_pieceset_report_free(((sets_gathering *)g)->rep);
}

sb_status sb_mpi_sets_gather(sb_status status, sb_pieceset_report *r, const sb_census_spec *spec,
                             sb_error *err)
{
    static const report_kind sets = { "the census", sets_to_words, sets_merge, sets_free };
    sets_gathering g = { r, spec };
    return gather_report(status, &g, &sets, err);
}

void sb_mpi_census_share(census_share *share, sb_options *opts)
{
    *share = (census_share){ sb_mpi_agree, sb_mpi_watch, sb_mpi_census_gather,
                             dealer.open ? take_place : NULL, rank_of_world() == ROOT,
                             sb_mpi_sets_gather };
    if (dealer.open) {   /* dealt, not sharded */
        opts->shard = 0;
        opts->nshards = 1;
    }
}
