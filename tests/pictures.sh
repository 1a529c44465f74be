#!/usr/bin/env bash
# pictures.sh - the picture-format classics in puzzles/ against their
# published (or recorded) figures.  For every row of the table below,
# `slide --optimal --metric M -ostats INIT GOAL` must exit 0, slide-check
# must say Verified for its moves, and the length of the solution under M
# (the `length: U unit, L line, P piece` line of -ostats) must be the
# figure.  The 15-puzzle's row has no metric: its optimum needs pattern
# databases that take a minute or more to build (bench/optimal.sh measures
# that), so here any solution will do (slide in its default mode),
# as long as slide-check verifies it and it takes at least the published
# 52 moves (a shorter one would disprove the published optimum or the
# checker).  Sources, and which figures are published and which measured
# by exhaustive BFS, are in puzzles/README.md:
#   Klotski 81/90/116; the 8-puzzle's two hardest positions 31 (unit; one
#   hole, so every move is one cell and line = piece = unit); Rush Hour
#   positions from Fogleman's database, 51 and 60 line (= piece: cars
#   cannot turn), unit measured; Ma's Puzzle 23 piece / 26 line and its
#   variant 37 / 41, unit measured; notch (the project's own, with a
#   wall) measured under all three.
# Then the reachable configurations by slide-explore, where they are
# published (Klotski 25,955; the 8-puzzle's 9!/2 = 181,440; Fogleman's
# cluster sizes 4,780 and 2,332) or measured (Ma's Puzzle, notch).
# Fails loudly on any miss; skips (exit 77) only when a program is missing.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SLIDE_EXPLORE PROJECT_PUZZLES
for prog in "$SLIDE" "$SLIDE_CHECK" "$SLIDE_EXPLORE"; do
    if [ ! -x "$prog" ]; then
        echo "pictures: $prog is not an executable program; skipping"
        exit 77
    fi
done

# name metric figure  (metric '-' = default mode, figure = a lower bound)
table='klotski-picture piece 81
klotski-picture line 90
klotski-picture unit 116
eight-31a unit 31
eight-31a line 31
eight-31a piece 31
eight-31b unit 31
eight-31b line 31
eight-31b piece 31
fifteen-rosetta - 52
rush-hour-51 line 51
rush-hour-51 piece 51
rush-hour-51 unit 81
rush-hour-60 line 60
rush-hour-60 piece 60
rush-hour-60 unit 103
mas-puzzle piece 23
mas-puzzle line 26
mas-puzzle unit 36
mas-puzzle-wide piece 37
mas-puzzle-wide line 41
mas-puzzle-wide unit 60
notch piece 173
notch line 197
notch unit 237
corner-4x4-132 piece 132
corner-4x4-132 line 153
corner-4x4-132 unit 180
corner-4x5-235 piece 235
corner-4x5-235 line 235
corner-4x5-235 unit 235'

while read -r name metric want; do
    i=$PROJECT_PUZZLES/$name.init g=$PROJECT_PUZZLES/$name.goal
    if [ "$metric" = - ]; then
        opts=() count=unit
    else
        opts=(--optimal --metric "$metric") count=$metric
    fi
    start=$(date +%s.%N)
    timeout 120 "$SLIDE" "${opts[@]}" -ostats "$i" "$g" >"$tmp/moves" 2>"$tmp/stats"
    rc=$?
    secs=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')
    got=$(length "$tmp/stats" "$count")
    if [ "$metric" = - ]; then
        ok=$([ -n "$got" ] && [ "$got" -ge "$want" ] && echo y)
        what="default mode, $count length '$got', want >= $want"
    else
        ok=$([ "$got" = "$want" ] && echo y)
        what="--optimal --metric $metric, length '$got', want $want"
    fi
    if verified "$i" "$g" "$tmp/moves" && [ "$rc" = 0 ] && [ "$ok" = y ]; then
        pass
    else
        fail "$name ($what): exit $rc, checker '$verdict', ${secs}s"
        grep -m3 "^slide" "$tmp/stats" | sed "s/^/    /"
    fi
done <<<"$table"

# name reachable
reach='klotski-picture 25955
eight-31a 181440
eight-31b 181440
rush-hour-51 4780
rush-hour-60 2332
mas-puzzle 110804
notch 60877
corner-4x4-132 9591
corner-4x5-235 2730'

while read -r name want; do
    i=$PROJECT_PUZZLES/$name.init
    timeout 120 "$SLIDE_EXPLORE" "$i" >"$tmp/explore" 2>&1
    rc=$?
    got=$(sed -n 's/^reachable: \([0-9][0-9]*\) configurations$/\1/p' "$tmp/explore")
    if [ "$rc" = 0 ] && [ "$got" = "$want" ]; then
        pass
    else
        fail "$name: slide-explore exit $rc, reachable '$got', want $want"
        grep -m3 "^slide" "$tmp/explore" | sed "s/^/    /"
    fi
done <<<"$reach"
finish pictures
