#!/usr/bin/env bash
# frontier.sh - the frontier walk and the walk on disk against the hash
# table's, through the programs.
#   - 40 random small trays (gen_trays.sh, fixed seed), every metric:
#     `slide --optimal` with --walk table and --walk frontier: the same exit
#     status, and when solved both solutions verified by slide-check and of
#     the same length; `slide-explore --json` with --walk table, frontier
#     and disk (a fresh spill each): the same reachable count, per-depth
#     counts (the farthest set's size among them), farthest distance and
#     goals.  The 5x6 CS61B pairs c53, c54, c55 (128-bit images) are solved
#     both ways too.  (walk_frontier, walk.sh with WALK=frontier, holds the
#     frontier to the general board on 65- to 126-bit trays, mirrored and
#     shaped ones among them.)
#   - Resuming: a walk on disk stopped by --max-states once in every layer
#     (each run resuming the last), then run to the end, gives the table's
#     counts; so does one stopped by --time-limit.
#   - A full disk (ulimit -f, SIGXFSZ ignored): exit 3 saying the spill
#     could not be written; the same command rerun with room gives the
#     table's counts (nothing half-written was believed).
#   - A spill that is no directory, or missing: exit 2; a spill holding
#     another puzzle's walk: exit 2; --walk frontier on a puzzle the
#     bitboard does not take: exit 2.
# Under the sanitizers (SANITIZE=1) 12 trays instead of 40.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SLIDE_EXPLORE TESTS_DIR

count=40
[ "${SANITIZE:-0}" = 1 ] && count=12
bash "$TESTS_DIR/gen_trays.sh" "$tmp/trays" "$count" 25 || exit 1

facts() {  # what every walk must agree on, from slide-explore --json
    grep -E '"(reachable|per_depth|goal)' "$1" | sed 's/"example": \[.*\], "picture"[^}]*}/X/'
    grep -o '"farthest": {"distance": [0-9]*, "count": [0-9]*' "$1"
}

# solve INIT GOAL METRIC LABEL: table and frontier, the same verdict and length.
solve() {
    local init=$1 goal=$2 metric=$3 label=$4 walk rcs=() lens=()
    for walk in table frontier; do
        "$SLIDE" --optimal --walk "$walk" --metric "$metric" -ostats "$init" "$goal" \
            >"$tmp/$walk.moves" 2>"$tmp/$walk.err"
        rcs+=("$?")
        lens+=("$(length "$tmp/$walk.err" "$metric")")
        if [ "${rcs[-1]}" = 0 ]; then
            if verified "$init" "$goal" "$tmp/$walk.moves"; then pass
            else fail "$label --metric $metric --walk $walk: slide-check refused the moves"; fi
        fi
    done
    if [ "${rcs[0]}" = "${rcs[1]}" ] && [ "${lens[0]}" = "${lens[1]}" ] &&
        { [ "${rcs[0]}" = 0 ] || [ "${rcs[0]}" = 1 ]; }; then pass
    else fail "$label --metric $metric: table exit ${rcs[0]} length '${lens[0]}', frontier exit ${rcs[1]} length '${lens[1]}'"; fi
}

# explore INIT GOAL METRIC LABEL: table, frontier and disk give the same facts.
explore() {
    local init=$1 goal=$2 metric=$3 label=$4 walk
    for walk in table frontier disk; do
        rm -rf "$tmp/spill" && mkdir "$tmp/spill"
        "$SLIDE_EXPLORE" --json --walk "$walk" --spill-dir "$tmp/spill" --metric "$metric" \
            "$init" "$goal" >"$tmp/$walk.json" 2>"$tmp/$walk.err" ||
            fail "$label --metric $metric --walk $walk: exit $? $(head -c 200 "$tmp/$walk.err")"
        facts "$tmp/$walk.json" >"$tmp/$walk.facts"
    done
    [ -s "$tmp/table.facts" ] || { fail "$label: no facts"; return; }
    for walk in frontier disk; do
        if cmp -s "$tmp/table.facts" "$tmp/$walk.facts"; then pass
        else fail "$label --metric $metric: --walk $walk differs from the table"
            diff "$tmp/table.facts" "$tmp/$walk.facts" | head -4; fi
    done
}

for init in "$tmp"/trays/*.init; do
    goal=${init%.init}.goal
    for metric in unit line piece; do
        solve "$init" "$goal" "$metric" "$(basename "$init")"
        explore "$init" "$goal" "$metric" "$(basename "$init")"
    done
done
if [ -n "${SHARED_PUZZLES:-}" ] && [ -d "$SHARED_PUZZLES/cs61b/hard" ]; then
    hard=$SHARED_PUZZLES/cs61b/hard
    for pair in "c53 53.54.64.goal" "c54 53.54.64.goal" "c55 55.56.goal"; do
        solve "$hard/${pair% *}" "$hard/${pair#* }" line "${pair% *}"
    done
fi

# The largest tray of the set, for the resumes: the most layers.
big=$(for init in "$tmp"/trays/*.init; do
          "$SLIDE_EXPLORE" --json "$init" | sed -n 's/^ "reachable": \([0-9]*\),/\1/p' |
              sed "s|\$| $init|"
      done | sort -n | tail -1 | cut -d' ' -f2)
"$SLIDE_EXPLORE" --json --walk table "$big" >"$tmp/want.json" || fail "table walk of $big"
facts "$tmp/want.json" >"$tmp/want.facts"

# Stopped once in every layer: --max-states at each layer's cumulative count.
rm -rf "$tmp/spill" && mkdir "$tmp/spill"
stops=0 total=0
for n in $(sed -n 's/.*"per_depth": \[\([0-9, ]*\)\].*/\1/p' "$tmp/want.json" | tr -d ' ' | tr ',' ' '); do
    total=$((total + n))
    "$SLIDE_EXPLORE" --json --walk disk --spill-dir "$tmp/spill" --max-states "$total" "$big" \
        >"$tmp/part.json" 2>"$tmp/part.err"
    rc=$?
    if [ "$rc" = 3 ]; then stops=$((stops + 1))
    elif [ "$rc" != 0 ]; then fail "resume at $total: exit $rc $(cat "$tmp/part.err")"; fi
done
"$SLIDE_EXPLORE" --json --walk disk --spill-dir "$tmp/spill" "$big" >"$tmp/got.json" 2>&1
facts "$tmp/got.json" >"$tmp/got.facts"
if [ "$stops" -ge 3 ] && cmp -s "$tmp/want.facts" "$tmp/got.facts"; then pass
else fail "resumed walk of $big ($stops stops): differs from the table"; diff "$tmp/want.facts" "$tmp/got.facts" | head -4; fi

# A full disk: the walk stops with exit 3 and a message; rerun, it ends right.
rm -rf "$tmp/spill" && mkdir "$tmp/spill"
(ulimit -f 2; trap '' XFSZ; exec "$SLIDE_EXPLORE" --walk disk --spill-dir "$tmp/spill" "$big") \
    >/dev/null 2>"$tmp/full.err"
rc=$?
if [ "$rc" = 3 ] && grep -q "spill could not" "$tmp/full.err"; then pass
else fail "disk full: exit $rc, $(head -c 300 "$tmp/full.err")"; fi
"$SLIDE_EXPLORE" --json --walk disk --spill-dir "$tmp/spill" "$big" >"$tmp/got.json" 2>&1
facts "$tmp/got.json" >"$tmp/got.facts"
if cmp -s "$tmp/want.facts" "$tmp/got.facts"; then pass
else fail "rerun after a full disk differs from the table"; fi

# Stopped by the clock at once, then resumed.
rm -rf "$tmp/spill" && mkdir "$tmp/spill"
"$SLIDE_EXPLORE" --walk disk --spill-dir "$tmp/spill" --time-limit 0.000001 "$big" >/dev/null 2>&1
rc=$?
"$SLIDE_EXPLORE" --json --walk disk --spill-dir "$tmp/spill" "$big" >"$tmp/got.json" 2>&1
facts "$tmp/got.json" >"$tmp/got.facts"
if [ "$rc" = 3 ] && cmp -s "$tmp/want.facts" "$tmp/got.facts"; then pass
else fail "time limit then resume: exit $rc, or the counts differ"; fi

# Another puzzle's spill, bad spill directories, a walk the puzzle cannot take.
other=$(ls "$tmp"/trays/*.init | head -1)
[ "$other" = "$big" ] && other=$(ls "$tmp"/trays/*.init | sed -n 2p)
"$SLIDE_EXPLORE" --walk disk --spill-dir "$tmp/spill" "$other" >/dev/null 2>"$tmp/other.err"
rc=$?
if [ "$rc" = 2 ] && grep -q "another puzzle" "$tmp/other.err"; then pass
else fail "another puzzle's spill: exit $rc, $(cat "$tmp/other.err")"; fi
: >"$tmp/a-file"
for dir in "$tmp/a-file" "$tmp/missing"; do
    "$SLIDE_EXPLORE" --walk disk --spill-dir "$dir" "$big" >/dev/null 2>"$tmp/bad.err"
    rc=$?
    if [ "$rc" = 2 ] && grep -q -- "--spill-dir" "$tmp/bad.err"; then pass
    else fail "--spill-dir $dir: exit $rc, $(cat "$tmp/bad.err")"; fi
done
if [ -n "${PROJECT_PUZZLES:-}" ] && [ -f "$PROJECT_PUZZLES/eight-31a.init" ]; then
    "$SLIDE" --optimal --algo bfs --walk frontier "$PROJECT_PUZZLES/eight-31a.init" \
        "$PROJECT_PUZZLES/eight-31a.goal" >/dev/null 2>"$tmp/tiles.err"
    rc=$?
    if [ "$rc" = 2 ] && grep -q "frontier walk cannot" "$tmp/tiles.err"; then pass
    else fail "--walk frontier on numbered tiles: exit $rc, $(cat "$tmp/tiles.err")"; fi
fi

finish frontier.sh
