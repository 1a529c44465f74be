#!/usr/bin/env bash
# no_search.sh - answers that need no search take none.  Each case runs
# under every --algo and every --engine, with and without --optimal, and
# must give its exit code with nothing stored, nothing expanded and no
# pattern database built (-ostats); the exit code follows from the case
# alone (under --algo bidir too, which answers partial and car although
# it refuses to search a goal that leaves blocks unplaced: a last check
# shows it still refuses such a search), except that --engine bitboard on
# a tray or pieces it cannot draw is refused (exit 2, the refusal naming
# the bitboard), whatever the goal.
# slide-check confirms, with no moves, that INIT meets GOAL where slide
# says so.  How long each takes is measured in docs/performance.md, not
# asserted here.
#
# Puzzles, written here:
#  full7    7x7, a 1x1 block on every cell, GOAL = INIT (past the bitboard)
#  full54   5x4, the same on the bitboard's tray
#  empty7   7x7 with no blocks, an empty GOAL (past the bitboard)
#  empty54  5x4, the same
#  walled   a picture with walls, GOAL = INIT's pieces where they are
#  partial  the classic Klotski, GOAL the 2x2 where it starts
#  swapped  the 15-puzzle with tiles 1 and 2 swapped: odd, exit 1
#  car      Rush Hour 51, the red car's goal on another row: exit 1
#  fenced   a 1x1 piece walled into its own cell, its goal in the room
#           beside (two empty cells there, so parity says nothing): exit 1
#  rooms    three interchangeable 1x1 pieces, two in a room of two cells
#           and one in another; the goal, which places all three, wants
#           two in the second room: exit 1
#  shape    a GOAL naming a block size INIT lacks: exit 2 (SPEC)
#  count    a GOAL naming more 1x1 blocks than INIT has: exit 2 (SPEC)
# NO_SEARCH_DIR=DIR writes the puzzles into DIR and keeps them there (for
# the timing in docs/performance.md).
keep_tmp=${NO_SEARCH_DIR:-}
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK PROJECT_PUZZLES

ones() {   # ones ROWS COLS: a tray line and a 1x1 block on every cell
    awk -v R="$1" -v C="$2" 'BEGIN { print R, C
        for (r = 0; r < R; r++) for (c = 0; c < C; c++) print r, c, r, c }'
}
ones 7 7 >"$tmp/full7.init"; tail -n +2 "$tmp/full7.init" >"$tmp/full7.goal"
ones 5 4 >"$tmp/full54.init"; tail -n +2 "$tmp/full54.init" >"$tmp/full54.goal"
echo "7 7" >"$tmp/empty7.init"; : >"$tmp/empty7.goal"
echo "5 4" >"$tmp/empty54.init"; : >"$tmp/empty54.goal"
printf '######\n#AB..#\n#.#CC#\n#..#D#\n######\n' >"$tmp/walled.init"
printf '......\n.AB...\n...CC.\n....D.\n......\n' >"$tmp/walled.goal"
cp "$PROJECT_PUZZLES/klotski.init" "$tmp/partial.init"
echo "0 1 1 2" >"$tmp/partial.goal"
printf '2134\n5678\n9ABC\nDEF.\ndistinct: *\n' >"$tmp/swapped.init"
printf '1234\n5678\n9ABC\nDEF.\n' >"$tmp/swapped.goal"
cp "$PROJECT_PUZZLES/rush-hour-51.init" "$tmp/car.init"
printf '......\n......\n......\n....RR\n......\n......\n' >"$tmp/car.goal"
printf '######\n#A#..#\n######\n' >"$tmp/fenced.init"
printf '......\n...A..\n......\n' >"$tmp/fenced.goal"
printf '#######\n#AB#C.#\n#######\n' >"$tmp/rooms.init"
printf '.......\n.A..BC.\n.......\n' >"$tmp/rooms.goal"
printf '5 4\n0 0 1 1\n2 2 2 2\n' >"$tmp/shape.init"
printf '0 0 2 2\n' >"$tmp/shape.goal"
printf '5 4\n0 0 1 1\n2 2 2 2\n' >"$tmp/count.init"
printf '2 2 2 2\n3 3 3 3\n' >"$tmp/count.goal"

# The cases: NAME, the exit code, and what stderr must hold for it
# (exit 0: nothing asked).
cases='full7 0 -
full54 0 -
empty7 0 -
empty54 0 -
walled 0 -
partial 0 -
swapped 1 parity
car 1 never reach
fenced 1 never reach
rooms 1 more of the
shape 2 no block of that size
count 2 but the tray has only'

# What the options make of a case whatever its goal: the bitboard cannot
# draw a 7x7 tray, marked twins (the tiles) or one-axis pieces (the cars).
refusal() {   # refusal NAME ENGINE: the refusal's words, or nothing
    local name=$1 engine=$2
    case "$name" in shape | count) return ;; esac   # bad input comes first
    if [ "$engine" = bitboard ]; then
        case "$name" in
            full7 | empty7 | swapped | car) echo "bitboard"; return ;;
        esac
    fi
}

while read -r name want reason; do
    init=$tmp/$name.init goal=$tmp/$name.goal
    if [ "$want" = 0 ]; then
        if verified "$init" "$goal" /dev/null; then pass
        else fail "$name: slide-check does not find INIT meeting GOAL: ${verdict:0:200}"
        fi
    fi
    for algo in auto bfs astar idastar bidir; do
        for engine in auto bitboard general; do
            for optimal in "" --optimal; do
                what="$name --algo $algo --engine $engine $optimal"
                expect=$want words=$reason
                refused=$(refusal "$name" "$engine")
                if [ -n "$refused" ]; then expect=2 words=$refused; fi
                # shellcheck disable=SC2086
                "$SLIDE" --time-limit 30 -ostats --algo "$algo" --engine "$engine" $optimal \
                    "$init" "$goal" >"$tmp/out" 2>"$tmp/err"
                rc=$?
                if [ "$rc" != "$expect" ]; then
                    fail "$what: exit $rc, not $expect: $(head -c 300 "$tmp/err")"
                    continue
                fi
                if [ -s "$tmp/out" ]; then fail "$what: printed moves"; continue; fi
                if [ "$words" != - ] && ! grep -qF "$words" "$tmp/err"; then
                    fail "$what: stderr does not say '$words': $(head -c 300 "$tmp/err")"
                    continue
                fi
                if [ "$expect" = 1 ] && [ "$(grep -c '^slide: no solution' "$tmp/err")" != 1 ]; then
                    fail "$what: exit 1 without one 'slide: no solution' line"
                    continue
                fi
                # A search, had there been one, stores the start at least.
                if [ "$expect" != 2 ] &&
                    { ! grep -qx 'stored: 0' "$tmp/err" || ! grep -qx 'expanded: 0' "$tmp/err" ||
                        grep -q '^pattern database' "$tmp/err"; }; then
                    fail "$what: searched: $(tr '\n' ' ' <"$tmp/err" | head -c 300)"
                    continue
                fi
                pass
            done
        done
    done
done <<<"$cases"

# bidir still refuses a partial goal it would have to search: the
# classic's (the 2x2 at the exit), exit 2.
for algo_opts in "--algo bidir" "--algo bidir --optimal"; do
    # shellcheck disable=SC2086
    "$SLIDE" $algo_opts "$PROJECT_PUZZLES/klotski.init" "$PROJECT_PUZZLES/klotski.goal" \
        >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 2 ] && grep -qF "places every block" "$tmp/err"; then pass
    else fail "klotski $algo_opts: exit $rc, not bidir's refusal: $(head -c 300 "$tmp/err")"; fi
done

# --json says the same: "solved" with no moves, or "unsolvable" with the
# reason as its message, and nothing stored.
for c in "walled solved" "car unsolvable"; do
    set -- $c
    "$SLIDE" --json "$tmp/$1.init" "$tmp/$1.goal" >"$tmp/json" 2>/dev/null
    if grep -qF "\"status\": \"$2\"" "$tmp/json" && grep -qF '"stored": 0,' "$tmp/json" &&
        grep -qF '"moves": []' "$tmp/json"; then pass
    else fail "$1 --json: $(head -c 400 "$tmp/json")"; fi
done

finish no_search
