/*
 * solve.c - sb_solve: set up (setup.c), choose the algorithm, search, and
 * read the moves back.  Breadth-first search runs under the one BFS driver
 * (bfs.c) with the walker the setup picks; A* is astar.c.
 *
 * --optimal, and an algorithm asked by name, run one search.  Default mode
 * (neither) runs stages, each under a budget of configurations stored, the
 * next tried only when the one before ran out of its budget, so that the
 * cost of a stage that does not pay is bounded:
 *
 *  1. Exact: the search --optimal would run (BFS, bidirectional BFS, or A*
 *     on small numbered tiles), storing at most EXACT_STATES.  A space
 *     smaller than that is searched whole, so there default mode's answer
 *     is shortest, found by the same search as --optimal's; a puzzle
 *     whose space is larger pays for storing EXACT_STATES before guessing.
 *  2. Guided: on numbered tiles beyond 3x3 (which skip stage 1: the
 *     15-puzzle has 10^13 configurations) weighted A*, f = g + 2h, over
 *     pattern databases of small groups (QUICK_BUILD: groups of 3 on the
 *     15-puzzle, built in hundredths of a second): an admissible h
 *     weighted w gives a solution at most w times a shortest one, which
 *     stats->max_ratio says.  Elsewhere A* steered by the catalog's guide
 *     (weight 5), fast where the guide points the right way, with no bound
 *     on the length.
 *  3. Subgoals, when the guided search runs out and the goal has several
 *     entries: the entries met one at a time (solve_subgoals), each a
 *     small guided search from where the last one ended, keeping the
 *     entries met so far (or, when that stalls, only those pinned).
 *     Moves are reversible, so the goal is reachable from every
 *     configuration the chain passes through, and a subgoal (some of the
 *     goal's entries) is met wherever the goal is: every search in the
 *     chain has an answer, and only its budget can stop it (which then
 *     grows).
 */
#include <stdlib.h>
#include <string.h>

#include "core/array.h"
#include "search/astar.h"
#include "search/bidir.h"
#include "search/idastar.h"
#include "search/path.h"
#include "search/setup.h"
#include "spaces/bitboard.h"

/* How strongly default mode's A* trusts the guide over the moves made so
 * far; measured on the CS61B hard suite (docs/performance.md). */
enum { GUIDE_WEIGHT = 5 };

/* Default mode's weighted A* on numbered tiles: f = g + TILE_WEIGHT * h
 * over pattern databases, so the solution is at most TILE_WEIGHT times a
 * shortest one; swept on random 15-puzzles (docs/performance.md). */
enum { TILE_WEIGHT = 2 };

/* Default mode's budgets (docs/performance.md says how they were chosen).
 * EXACT_STATES: the exact stage stores at most this many configurations
 * (fewer when its keys are long: as many as EXACT_BYTES holds at the key
 * and 64 bytes each), so a space under a million configurations is
 * searched whole before anything is guessed.
 * GUIDED_STATES: the guided A*, when subgoals can follow it;
 * TILE_STATES: the weighted A* on numbered tiles.
 * SUBGOAL_STATES: one subgoal's A* at first, doubled for every round in
 * which SUBGOAL_TRIES subgoals and then a pinned one all ran out of it.
 * SUBGOAL_PAIRS: the most goal entries times blocks for which subgoals
 * are tried (choosing the next entry compares each with every block; a
 * CS61B goal names 9,999 blocks); beyond, the guided A* runs to the end.  QUICK_BUILD: the bytes
 * one table of the tile databases may take while it is built (a byte per
 * placement of its tiles and empty cell): groups of 3 on the 15-puzzle,
 * built in hundredths of a second. */
enum { EXACT_STATES = 1u << 20, GUIDED_STATES = 1u << 17, TILE_STATES = 1u << 20,
       SUBGOAL_STATES = 1u << 12, SUBGOAL_TRIES = 3, SUBGOAL_PAIRS = 1u << 16,
       QUICK_BUILD = 1u << 19 };
#define EXACT_BYTES ((size_t)256 << 20)

/* Whether s's puzzle is numbered tiles that pattern databases take (all
 * of them with a goal, and no walls), for which IDA* guided by the
 * databases is measured far ahead of A* beyond the 8-puzzle
 * (docs/performance.md). */
static bool takes_pdb(const sb_setup *s)
{
    return !sbi_pdb_refuses(s->space, s->path) && s->cat.ngoals == (uint32_t)s->cat.nclasses &&
           s->cat.nwalls == 0;
}

/* Numbered tiles beyond 3x3: their spaces are far too large to search
 * whole (the 15-puzzle's 10^13 configurations), and pattern databases
 * guide both modes. */
static bool big_tiles(const sb_setup *s)
{
    return s->space && takes_pdb(s) && s->cat.ncells > 9;
}

/* The algorithm `auto` picks, measured on the CS61B suites, the classic
 * trays and numbered tiles (docs/performance.md).  Numbered tiles beyond
 * 3x3 (big_tiles) go to IDA* with the additive pattern databases when a
 * shortest solution is asked for, which solves the 15-puzzle's positions
 * in well under a second to a minute where A* runs out of memory, and to
 * weighted A* on small databases in default mode (solve_default).
 * Everything else runs the exact search in both modes (default mode
 * first, under a cap, then its guesses): smaller numbered tiles (every
 * block marked) to A*, whose estimate, the sum of the tiles' distances, is
 * strong enough that it stores a few percent of what BFS does (the
 * 8-puzzle's hardest position: 11,333 against 181,440; bidirectional BFS
 * 15,955); a goal that places every block, off the bitboard's fast
 * walker, to bidirectional BFS (on the general board it stores a third to
 * two thirds of BFS's configurations and runs 1.3 to 3.3 times faster on
 * the CS61B puzzles with such goals; the fast walker, several times
 * quicker per configuration, wins or ties); the rest to BFS.  Block
 * databases (pdb.c: the goal's classes and the largest others kept, the
 * rest dropped) are opened only for A* or IDA* asked for by name: on c71
 * and pandemonium their bound at INIT is 5 or 6 of 87 or 88 line moves
 * (14 of 107 unit), so the guided search stores more than BFS in its
 * first minute and is slower per configuration; auto keeps BFS. */
static sb_algo choose_algo(const sb_options *o, const sb_setup *s)
{
    const sb_catalog *cat = &s->cat;
    if (o->algo != SB_ALGO_AUTO)
        return o->algo;
    if (big_tiles(s))
        return o->optimal ? SB_ALGO_IDASTAR : SB_ALGO_ASTAR;
    bool tiles = cat->nclasses > 0;
    for (int c = 0; c < cat->nclasses; c++)
        tiles &= cat->classes[c].count == 1 && cat->classes[c].proto.group > 0;
    if (tiles)
        return SB_ALGO_ASTAR;
    return sbi_setup_goal_is_whole(s) && s->space && !sbi_bitboard_fast(s->space)
               ? SB_ALGO_BIDIR : SB_ALGO_BFS;
}

/* Both report, besides the status, what they held at the end (before
 * letting go of it) and, when exhausted, how many configurations they met. */
typedef struct outcome { size_t held; uint64_t reached; } outcome;

static sb_status solve_bfs(sb_setup *s, sb_solution *sol, outcome *out)
{
    sb_bfs run = { 0 };
    const sb_bfs_walker *w;
    void *walker;
    sb_status status = sbi_setup_walker(s, true, false, &run, &w, &walker);
    if (status == SB_OK && !run.goals)
        status = sbi_bfs_run(&run, w, walker);
    if (status == SB_OK && run.at_goal && w->path(walker, &run, sol) != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        status = SB_ELIMIT;
    }
    out->held = s->meter.held;
    out->reached = run.reached;   /* a folded mirror pair counts two */
    if (walker)
        w->free(walker);
    sbi_bfs_free(&run);
    return status;
}

static sb_status solve_idastar(sb_setup *s, sb_solution *sol, sb_stats *stats,
                               outcome *out)
{
    sb_status status = sbi_idastar(s, sol, stats);
    out->held = s->meter.held;
    return status;
}

/* Answers no search needs, given before any algorithm runs or any table
 * is built: INIT already meets GOAL (the empty solution, shortest under
 * every metric and algorithm), or numbered tiles whose permutation's
 * parity proves them unsolvable, or a goal place out of its class's
 * reach (catalog.h).  *decided says whether one was given; the status is
 * the answer's. */
static sb_status answer_without_search(sb_setup *s, bool *decided, sb_error *err)
{
    const sb_space *sp = s->space;
    *decided = true;
    if (sp->ops->is_goal(sp, s->scratch, sp->root))
        return SB_OK;
    if (sbi_catalog_parity_unsolvable(&s->cat))
        return sbi_fail(err, SB_UNSOLVABLE, "no solution: the tiles' permutation has the "
                        "wrong parity for the goal");
    if (sbi_catalog_check_reach(&s->cat, err) != SB_OK)
        return SB_UNSOLVABLE;
    *decided = false;
    return SB_OK;
}

/* The pattern database, built (or read from cache, which may be NULL)
 * before the search, groups of at most max_group tiles (0: as large as
 * pdb.c allows), its cost in stats.  A build stopped by a limit says, in
 * err (when not NULL), how many tables it finished and how many of them
 * the cache keeps for the next run. */
static sb_status open_pdb(sb_setup *s, const sb_cache *cache, unsigned max_group,
                          sb_stats *stats, sb_error *err)
{
    double start = sbi_clock();
    sb_pdb_report built;
    sb_status status = sbi_pdb_open(s->space, &s->meter, cache, max_group, SB_PDB_BLANK_AUTO,
                                    &built, &s->pdb);
    stats->pdb_seconds = sbi_clock() - start;
    if (s->pdb)
        sbi_pdb_describe(s->pdb, &stats->pdb_groups, &stats->pdb_bytes, &stats->pdb_loaded);
    if (status != SB_OK && err) {
        sbi_meter_fail(&s->meter, err);   /* the limit; then what was finished */
        unsigned finished = built.read + built.built, kept = built.read + built.kept;
        if (!cache)
            sbi_limit_fail(err, "building pattern databases: %u of %u tables finished",
                           finished, built.tables);
        else
            sbi_limit_fail(err, "building pattern databases: %u of %u tables finished, %u "
                           "kept in the cache", finished, built.tables, kept);
    }
    return status;
}

/* Whether the asked search wants the full database: IDA*, and optimal A*
 * on puzzles it takes.  Auto's A* on the 8-puzzle is done before a
 * database is built, so it takes one only beyond 3x3; A* asked for by
 * name always does. */
static bool wants_pdb(const sb_setup *s, const sb_options *opts, sb_algo algo)
{
    bool astar = algo == SB_ALGO_ASTAR && opts->optimal &&
                 (opts->algo == SB_ALGO_ASTAR || s->cat.ncells > 9);
    return (algo == SB_ALGO_IDASTAR || astar) &&
           !(sbi_pdb_refuses(s->space, s->path) && sbi_pdb_blocks_refuses(s->space, s->path));
}

/* The largest tile group whose table is built within QUICK_BUILD bytes
 * (n!/(n-k)! placements of k tiles on n cells, each with the empty cell's
 * n places): default mode's databases, built in a blink. */
static unsigned quick_group(uint32_t ncells)
{
    unsigned k = 1;
    for (uint64_t placed = ncells; k < ncells && placed * (ncells - k) * ncells <= QUICK_BUILD;
         k++)
        placed *= ncells - k;
    return k;
}

static sb_status solve_astar(sb_setup *s, sb_weight weight, bool guided, sb_solution *sol,
                             outcome *out)
{
    sb_store *st;
    uint32_t goal;
    sb_status status = sbi_setup_store(s, s->space->root, &st);
    if (status == SB_OK)
        status = sbi_astar(s, st, weight, guided, &goal);
    if (status == SB_OK && sbi_path_read(s->space, s->scratch, st, goal, sol) != SB_OK) {
        s->meter.hit = SB_LIMIT_MEMORY;
        status = SB_ELIMIT;
    }
    out->held = s->meter.held;
    out->reached = s->meter.stored;
    if (st)
        st->ops->free(st);
    return status;
}

/* Runs algo on s (the database open when it wants one), as --optimal, or
 * an --algo asked by name, runs it: A* without --optimal is the guided
 * one. */
static sb_status search(sb_setup *s, const sb_puzzle *p, const sb_options *opts, sb_algo algo,
                        sb_solution *sol, sb_stats *stats, outcome *out, sb_error *err)
{
    bool exact = opts->optimal || (opts->algo == SB_ALGO_AUTO && !big_tiles(s));
    sb_weight weight = exact ? (sb_weight){ 1, 1 } : (sb_weight){ 1, GUIDE_WEIGHT };
    return algo == SB_ALGO_BFS       ? solve_bfs(s, sol, out)
           : algo == SB_ALGO_BIDIR   ? sbi_bidir(s, p, sol, &out->held, err)
           : algo == SB_ALGO_IDASTAR ? solve_idastar(s, sol, stats, out)
                                     : solve_astar(s, weight, !exact, sol, out);
}

/* ---- default mode: stages (the file's top comment) ---- */

/* A stage under a cap of its own on the configurations it stores; the
 * caller's --max-states bounds them all together.  stage_begin sets the
 * stage's limit: its cap, or what is left of the caller's when that is
 * less (*theirs then says so; SB_ELIMIT when nothing is left).  stage_end
 * puts the caller's limit back, adds what the stage stored to *stored,
 * and says whether the stage ran out of its own cap (and only that: the
 * next stage may try), clearing the meter's record of it. */
static sb_status stage_begin(sb_setup *s, const sb_options *opts, uint64_t cap,
                             uint64_t stored, bool *theirs)
{
    uint64_t max = opts->limits.max_states;
    *theirs = max && (stored >= max || !cap || max - stored <= cap);
    if (max && stored >= max) {
        s->meter.hit = SB_LIMIT_STATES;
        return SB_ELIMIT;
    }
    s->meter.limits.max_states = *theirs ? max - stored : cap;
    return SB_OK;
}

static bool stage_end(sb_setup *s, const sb_options *opts, sb_status status, bool theirs,
                      uint64_t *stored)
{
    s->meter.limits.max_states = opts->limits.max_states;
    *stored += s->meter.stored;
    bool ran_out = status == SB_ELIMIT && s->meter.hit == SB_LIMIT_STATES && !theirs;
    if (ran_out) {
        s->meter.hit = SB_LIMIT_NONE;
        s->meter.stored = 0;
    }
    return ran_out;
}

/* The configuration the moves so far reached, as a puzzle whose goal is
 * the entries of the real goal being kept and the one being added. */
typedef struct chain {
    sb_puzzle now;         /* blocks: copies, moved; goals: a subset of the real goal's */
    const sb_puzzle *p;    /* the real puzzle */
    sb_move *moves;        /* every move so far */
    size_t nmoves, cap;
} chain;

/* Whether goal entry e of the real puzzle is met now: a block of its
 * class at its anchor. */
static bool entry_met(const chain *c, const sb_block *e)
{
    for (size_t i = 0; i < c->now.nblocks; i++) {
        const sb_block *b = &c->now.blocks[i];
        if (b->row == e->row && b->col == e->col && sb_block_same_class(c->p, b, e))
            return true;
    }
    return false;
}

/* How far entry e is from being met: the one-cell steps from the nearest
 * block of its class that meets no other entry. */
static unsigned entry_distance(const chain *c, const sb_block *e)
{
    unsigned best = ~0u;
    for (size_t i = 0; i < c->now.nblocks; i++) {
        const sb_block *b = &c->now.blocks[i];
        if (!sb_block_same_class(c->p, b, e))
            continue;
        bool holds = false;
        for (size_t g = 0; g < c->p->ngoals && !holds; g++)
            holds = c->p->goals[g].row == b->row && c->p->goals[g].col == b->col &&
                    sb_block_same_class(c->p, b, &c->p->goals[g]);
        unsigned d = (unsigned)(abs(b->row - e->row) + abs(b->col - e->col));
        if (!holds && d < best)
            best = d;
    }
    return best;
}

/* Plays sol's moves on c->now and appends them to c's.  False out of memory. */
static bool chain_append(chain *c, sb_meter *m, const sb_solution *sol)
{
    if (!sbi_array_reserve(m, &c->moves, &c->cap, c->nmoves + sol->nmoves + 1,
                           sizeof *c->moves))
        return false;
    for (size_t k = 0; k < sol->nmoves; k++) {
        const sb_move *mv = &sol->moves[k];
        for (size_t i = 0; i < c->now.nblocks; i++)
            if (c->now.blocks[i].row == mv->from_row && c->now.blocks[i].col == mv->from_col) {
                c->now.blocks[i].row = mv->to_row;
                c->now.blocks[i].col = mv->to_col;
                break;
            }
        c->moves[c->nmoves++] = *mv;
    }
    return true;
}

/* One subgoal: the guided A* from c->now to c->now's goal, storing at
 * most cap configurations, on a setup of its own whose meter draws on
 * s's budget and keeps s's deadline.  What it spent goes to stats and
 * *stored.  SB_OK with the moves in *sol; SB_ELIMIT, with *ran_out when
 * only the cap stopped it, else with s's meter saying which limit did;
 * SB_UNSOLVABLE (no configuration reachable meets the subgoal, so none
 * meets the goal) with out->reached what it searched. */
static sb_status solve_subgoal(sb_setup *s, const chain *c, const sb_options *opts,
                               uint64_t cap, sb_solution *sol, sb_stats *stats,
                               uint64_t *stored, bool *ran_out, outcome *out)
{
    sb_setup sub;
    sbi_setup_meter(&sub, opts);
    sbi_meter_draw_on(&sub.meter, s->meter.shared ? s->meter.shared : &s->meter.own);
    sub.meter.deadline = s->meter.deadline;
    bool theirs;
    sb_status status = sbi_setup_space(&sub, &c->now, s->path, opts->metric, NULL);
    if (status == SB_OK && (status = stage_begin(&sub, opts, cap, *stored, &theirs)) == SB_OK) {
        status = solve_astar(&sub, (sb_weight){ 1, GUIDE_WEIGHT }, true, sol, out);
        *ran_out = stage_end(&sub, opts, status, theirs, stored);
    }
    if (status != SB_OK && !*ran_out)
        s->meter.hit = sub.meter.hit;   /* for sb_solve to word, as its own */
    stats->expanded += sub.meter.expanded;
    if (sub.meter.peak + s->meter.held > stats->peak_bytes)
        stats->peak_bytes = sub.meter.peak + s->meter.held;
    sbi_setup_end(&sub);
    return status;
}

/* Entry g's state in the subgoal stage. */
enum { UNTRIED, TRIED, PINNED };

/* The nearest unmet entry (entry_distance) whose state is `state`, or
 * SIZE_MAX. */
static size_t nearest_entry(const chain *c, const uint8_t *state, uint8_t want)
{
    size_t next = SIZE_MAX;
    unsigned best = ~0u;
    for (size_t g = 0; g < c->p->ngoals; g++) {
        if (state[g] != want || entry_met(c, &c->p->goals[g]))
            continue;
        unsigned d = entry_distance(c, &c->p->goals[g]);
        if (next == SIZE_MAX || d < best) {
            next = g;
            best = d;
        }
    }
    return next;
}

/* Sets c->now's goal: the entries whose state is PINNED, or (all) every
 * entry met now, and entry add (SIZE_MAX: none). */
static void chain_goal(chain *c, const uint8_t *state, bool all, size_t add)
{
    c->now.ngoals = 0;
    for (size_t g = 0; g < c->p->ngoals; g++)
        if (g == add || state[g] == PINNED || (all && entry_met(c, &c->p->goals[g])))
            c->now.goals[c->now.ngoals++] = c->p->goals[g];
}

/* The subgoal stage: the goal's entries met one at a time.  A step
 * searches for the nearest unmet entry (entry_distance) while keeping
 * every entry met so far; SUBGOAL_TRIES entries are tried in turn.  When
 * all of them run out of the cap, the nearest entry not yet pinned is
 * searched for keeping only the pinned entries (others may be undone, to
 * be met again later), and is pinned: so a step always gains a met entry
 * or a pinned one, and the stage ends.  When even that runs out, the cap
 * doubles.  SB_OK with every move in *sol; SB_ELIMIT with s's meter
 * saying which limit stopped it; SB_UNSOLVABLE as solve_subgoal. */
static sb_status solve_subgoals(sb_setup *s, const sb_puzzle *p, const sb_options *opts,
                                sb_solution *sol, sb_stats *stats, uint64_t *stored,
                                outcome *out)
{
    chain c = { .now = *p, .p = p };
    sb_meter *m = &s->meter;
    size_t nb = p->nblocks ? p->nblocks : 1, ng = p->ngoals;
    c.now.blocks = sbi_meter_calloc(m, nb, sizeof *p->blocks);
    c.now.goals = sbi_meter_calloc(m, ng, sizeof *p->goals);
    uint8_t *state = sbi_meter_calloc(m, ng, 1);
    sb_status status = SB_ELIMIT;
    if (!c.now.blocks || !c.now.goals || !state)
        goto out;
    memcpy(c.now.blocks, p->blocks, p->nblocks * sizeof *p->blocks);
    uint64_t cap = SUBGOAL_STATES;
    for (;;) {
        chain_goal(&c, state, true, SIZE_MAX);
        if (c.now.ngoals == ng)
            break;
        for (size_t g = 0; g < ng; g++)
            if (state[g] == TRIED)
                state[g] = UNTRIED;
        bool progress = false;
        for (int t = 0; t <= SUBGOAL_TRIES && !progress; t++) {
            bool pin = t == SUBGOAL_TRIES;   /* the tries all ran out */
            size_t next = nearest_entry(&c, state, pin ? TRIED : UNTRIED);
            if (next == SIZE_MAX && pin)
                next = nearest_entry(&c, state, UNTRIED);
            if (next == SIZE_MAX)
                continue;
            chain_goal(&c, state, !pin, next);
            sb_solution step = { 0 };
            bool ran_out = false;
            status = solve_subgoal(s, &c, opts, cap, &step, stats, stored, &ran_out, out);
            if (status == SB_OK && !chain_append(&c, m, &step)) {
                m->hit = SB_LIMIT_MEMORY;
                status = SB_ELIMIT;
            }
            sb_solution_free(&step);
            if (status != SB_OK && !ran_out)
                goto out;
            progress = status == SB_OK;
            state[next] = progress && pin ? PINNED : progress ? state[next] : TRIED;
        }
        if (!progress)
            cap *= 2;
    }
    sol->moves = malloc((c.nmoves ? c.nmoves : 1) * sizeof *sol->moves);
    status = sol->moves ? SB_OK : SB_ELIMIT;
    if (sol->moves) {
        memcpy(sol->moves, c.moves, c.nmoves * sizeof *c.moves);
        sol->nmoves = c.nmoves;
    } else {
        m->hit = SB_LIMIT_MEMORY;
    }
out:
    sbi_array_free(m, &c.moves, &c.cap, sizeof *c.moves);
    sbi_meter_free(m, c.now.blocks, c.now.blocks ? nb * sizeof *p->blocks : 0);
    sbi_meter_free(m, c.now.goals, c.now.goals ? ng * sizeof *p->goals : 0);
    sbi_meter_free(m, state, state ? ng : 0);
    return status;
}

/* Default mode: the stages of the file's top comment, each tried when the
 * one before ran out of its configurations.  stats->max_ratio says what
 * is proven of the answer's length. */
static sb_status solve_default(sb_setup *s, const sb_puzzle *p, const sb_options *opts,
                               sb_solution *sol, sb_stats *stats, outcome *out, sb_error *err)
{
    uint64_t stored = 0;
    sb_status status;
    bool last, theirs = false;
    if (!big_tiles(s)) {
        size_t per = s->space->key_size + 64;
        uint64_t cap = EXACT_BYTES / per < EXACT_STATES ? EXACT_BYTES / per : EXACT_STATES;
        /* At most half of the caller's bytes and time, so that the
         * stages after it still have room: the stage's share running
         * out is its cap running out. */
        if (opts->limits.max_bytes && opts->limits.max_bytes / 2 / per < cap)
            cap = opts->limits.max_bytes / 2 / per;
        double deadline = s->meter.deadline, now = sbi_clock();
        if (deadline > now)
            s->meter.deadline = now + (deadline - now) / 2;
        stage_begin(s, opts, cap, stored, &theirs);
        status = search(s, p, opts, stats->algo, sol, stats, out, err);
        if (status == SB_ELIMIT && s->meter.hit == SB_LIMIT_SECONDS && deadline > 0 &&
            sbi_clock() < deadline) {
            s->meter.hit = SB_LIMIT_STATES;
            theirs = false;
        }
        s->meter.deadline = deadline;
        if (!stage_end(s, opts, status, theirs, &stored)) {
            sol->optimal = status == SB_OK;
            stats->max_ratio = status == SB_OK ? 1 : 0;
            goto done;
        }
        sb_solution_free(sol);
        s->mirrors_once = false;   /* a proof from here on stores every configuration */
        stats->algo = SB_ALGO_ASTAR;
        last = p->ngoals < 2 || (uint64_t)p->ngoals * p->nblocks > SUBGOAL_PAIRS;
        status = stage_begin(s, opts, last ? 0 : GUIDED_STATES, stored, &theirs);
        if (status == SB_OK)
            status = solve_astar(s, (sb_weight){ 1, GUIDE_WEIGHT }, true, sol, out);
    } else {
        last = false;
        status = open_pdb(s, NULL, quick_group(s->cat.ncells), stats, NULL);
        if (status == SB_OK)
            status = stage_begin(s, opts, TILE_STATES, stored, &theirs);
        if (status == SB_OK)
            status = solve_astar(s, (sb_weight){ 1, TILE_WEIGHT }, false, sol, out);
        if (status == SB_OK)
            stats->max_ratio = TILE_WEIGHT;
    }
    if (!stage_end(s, opts, status, theirs, &stored) || last)
        goto done;
    sb_solution_free(sol);
    status = solve_subgoals(s, p, opts, sol, stats, &stored, out);
    out->held = s->meter.held;
done:
    /* Every stage's configurations, in the statistics and a limit's message. */
    stats->stored = s->meter.stored = stored;
    return status;
}

sb_status sb_solve(const sb_puzzle *p, const sb_options *opts, sb_solution *sol,
                   sb_stats *stats, sb_error *err)
{
    sb_options defaults;
    sb_stats ignored;
    if (!stats)
        stats = &ignored;
    memset(stats, 0, sizeof *stats);
    sb_status bad = sbi_call_check("sb_solve", sol, sizeof *sol, opts, err);
    if (bad != SB_OK)
        return bad;
    opts = sbi_options_or_default(opts, &defaults);
    sb_setup s;
    outcome out = { 0, 0 };
    sb_status status = sbi_setup_begin(&s, p, opts, err);
    stats->path = s.path;
    stats->algo = choose_algo(opts, &s);
    /* An answer without search is every algorithm's, so it comes before
     * an algorithm's refusal to search. */
    bool decided = false;
    if (status == SB_OK)
        status = answer_without_search(&s, &decided, err);
    if (status == SB_OK && !decided && stats->algo == SB_ALGO_BIDIR &&
        !sbi_setup_goal_is_whole(&s))
        status = sbi_fail_hint(err, SB_EINPUT, SB_HINT_ALGO, "bidirectional search needs a "
                               "goal that places every block (%u goal entries for %u blocks, "
                               "class by class); another algorithm can search this one",
                               s.cat.ngoals, s.cat.nblocks);
    sol->optimal = decided && status == SB_OK;
    if (decided && status == SB_OK)
        stats->max_ratio = 1;
    bool staged = !opts->optimal && opts->algo == SB_ALGO_AUTO;
    if (status == SB_OK && !decided && !staged && wants_pdb(&s, opts, stats->algo))
        status = open_pdb(&s, opts->cache, 0, stats, err);
    if (status == SB_OK && !decided) {
        bool optimal = opts->optimal || stats->algo != SB_ALGO_ASTAR;
        if (staged) {
            status = solve_default(&s, p, opts, sol, stats, &out, err);
        } else {
            status = search(&s, p, opts, stats->algo, sol, stats, &out, err);
            sol->optimal = status == SB_OK && optimal;
            stats->max_ratio = sol->optimal ? 1 : 0;
        }
        if (status == SB_ELIMIT && !s.err_filled)
            sbi_meter_fail(&s.meter, err);
        else if (status == SB_UNSOLVABLE && stats->algo == SB_ALGO_IDASTAR)
            sbi_fail(err, SB_UNSOLVABLE, "no solution: every path ends where no goal can be "
                     "reached");
        else if (status == SB_UNSOLVABLE && stats->algo != SB_ALGO_BIDIR)   /* it says which end */
            sbi_fail(err, SB_UNSOLVABLE, "no solution: every reachable configuration "
                     "searched (%llu%s)", (unsigned long long)out.reached,
                     s.mirrors_once ? ", a configuration and its mirror image counted once" : "");
    }
    if (!staged || decided)
        stats->stored = s.meter.stored;
    if (s.ran_walk)
        stats->walk = s.walk;
    stats->expanded += s.meter.expanded;
    if (s.meter.peak > stats->peak_bytes)
        stats->peak_bytes = s.meter.peak;
    stats->final_bytes = out.held;
    stats->seconds = sbi_clock() - s.meter.start;
    sbi_setup_end(&s);
    return status;
}

void sb_solution_free(sb_solution *sol)
{
    if (!sol)
        return;
    free(sol->moves);
    memset(sol, 0, sizeof *sol);
}
