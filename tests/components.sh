#!/usr/bin/env bash
# components.sh - every component that `slide-explore --components` lists
# is what it says it is.  For each component of a piece set, its example
# layout (from --json) is written out as an INIT file, and then
#   (1) `slide-explore EXAMPLE` reaches exactly the component's listed
#       size (an independent walk from that one layout), and
#   (2) `slide-explore --components EXAMPLE` puts INIT in a component of
#       the listed size (and diameter, when diameters are computed), and
#       INIT reaches (slide exits 0) the example layout that this second
#       report gives for that component: the lookup of INIT's component
#       must find the one holding INIT's blocks wherever INIT lies, not
#       the largest, nor another of the same size (a mirror image).  The
#       second report's order is not compared with the first's: ties are
#       listed in enumeration order, which may follow INIT's block order.
#
# Cost, and so how many components get (2): each (2) run maps the whole
# piece set again (Klotski's: ~20 ms of CPU in a Release build, ~55 ms
# with diameters) and reads its JSON, against ~1 ms for (1).  (2) on all
# 898 Klotski components alone would take ~27 s of CPU, ~60 s wall-clock on
# a loaded 2-core machine, and longer under the sanitizers.  So:
#  - (1) runs on every component of both piece sets (under the sanitizers
#    only where (2) runs: the same walk from ~2,000 layouts repeats one
#    code path, each run paying the sanitizers' start-up);
#  - (2) runs on the 20 largest components, the 60 smallest (size 2 and
#    the last of size 4 for Klotski) and every 8th (Klotski) or 16th
#    (Dad's) in between; with diameters on the first 4 and every
#    50th / 100th.  About 320 runs of (2) in all.
# Piece sets: the classic Klotski (puzzles/klotski.init, 898 components,
# sizes 25,955 down to 2) and Dad's puzzle (puzzles/dads.init, 1,074
# components: other shapes and counts).
# Pictures (check_pictures, below): the 8-puzzle, a Rush Hour card of two
# one-axis pieces and notch (a wall); their examples are the report's
# "picture" lines, and (2) there skips the diameters.
#
# The JSON is read with sed, tr and awk, not a JSON library: component
# objects hold "size", "diameter" and then "example" blocks of four named
# numbers, and the tokens are taken in order whatever the line breaks.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_EXPLORE SLIDE PROJECT_PUZZLES
sanitized=${SANITIZE:-0}   # 1 in the sanitizer build (tests/CMakeLists.txt)
fail_shown=40
# field KEY FILE: sets $got to what follows "KEY: " on the first such line
# of FILE (empty when none); no subprocess, since it runs ~2,000 times.
field() {
    local line
    got=
    while IFS= read -r line; do
        case $line in "$1: "*) got=${line#"$1: "}; return ;; esac
    done <"$2"
}

# split NAME INIT: writes $tmp/NAME/<i>.init for every component i,
# $tmp/NAME/sizes ("i size diameter blocks" lines) and $tmp/NAME/count.
split() {
    local name=$1 init=$2 dir=$tmp/$1
    mkdir -p "$dir"
    : >"$dir/sizes"
    echo 0 >"$dir/count"
    if ! "$SLIDE_EXPLORE" --components --json "$init" >"$dir/json" 2>"$dir/err"; then
        fail "$name: slide-explore --components --json: $(head -c 300 "$dir/err")"
        return
    fi
    tokens <"$dir/json" |
        awk -v dir="$dir" 'BEGIN { n = 0 }
            $1 == "rows" { rows = $2; next }
            $1 == "cols" { cols = $2; next }
            $1 == "size" { if (n) close(f); f = dir "/" n ".init"; print rows, cols >f
                           size[n] = $2; n++; next }
            $1 == "diameter" { diam[n - 1] = $2; next }
            $1 == "row" { r = $2 } $1 == "col" { c = $2 } $1 == "height" { h = $2 }
            $1 == "width" { print r, c, r + h - 1, c + $2 - 1 >f; blocks[n - 1]++ }
            END { for (i = 0; i < n; i++) print i, size[i], diam[i], blocks[i] >(dir "/sizes")
                  print n >(dir "/count") }'
}

# tokens: the numbers of a --json report on stdin as "key value" lines, in
# order, whatever the spacing and line breaks.  The "init" path is dropped
# first, and the "picture" lines of examples: they are the only strings
# that could hold digits or key-like words.
tokens() {
    sed -E -e 's/"init": *"([^"\\]|\\.)*"//' \
        -e 's/"picture": *(null|\[("([^"\\]|\\.)*"(, *)?)*\])//g' | tr -c '0-9a-z_\n' ' ' |
        awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[a-z_]/) k = $i; else print k, $i }'
}

# init_entry GOAL: reads a --components --json report on stdin; prints
# "init_component size diameter" of the entry INIT is said to be in, and
# writes that entry's example as GOAL lines (all blocks) to GOAL.
init_entry() {
    tokens | awk -v goal="$1" '
        BEGIN { n = -1; at = -1 }
        $1 == "init_component" { at = $2; next }
        $1 == "size" { n++; if (at >= 0 && n > at) exit; if (n == at) size = $2; next }
        $1 == "diameter" { if (n == at) diam = $2; next }
        $1 == "row" { r = $2 } $1 == "col" { c = $2 } $1 == "height" { h = $2 }
        $1 == "width" && n == at { print r, c, r + h - 1, c + $2 - 1 >goal }
        END { print at, size, diam }'
}

# check_set NAME INIT EVERY DIAM_EVERY: (1) on every component of INIT's
# piece set; (2) on the 20 largest, the 60 smallest and every EVERY-th,
# with diameters on the first 4 and every DIAM_EVERY-th.
check_set() {
    local name=$1 init=$2 every=$3 diam_every=$4 dir=$tmp/$1
    local n i size diam nb want_blocks got listed layouts ran=0 walked=0 at gsize gdiam rc
    split "$name" "$init"
    n=$(cat "$dir/count")
    listed=$(tokens <"$dir/json" | sed -n 's/^components //p')
    layouts=$(tokens <"$dir/json" | sed -n 's/^layouts //p')
    if [ "$n" -gt 0 ] && [ "$n" = "$listed" ]; then pass
    else fail "$name: $n components in the list, ${listed:-none} announced"; fi
    if [ "$(awk '{ s += $2 } END { print s + 0 }' "$dir/sizes")" = "$layouts" ]; then pass
    else fail "$name: component sizes do not add up to ${layouts:-?} layouts"; fi
    want_blocks=$(grep -cE '^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ *$' "$init")
    while read -r i size diam nb; do
        if [ "$nb" != "$want_blocks" ]; then
            fail "$name component $i: example has $nb blocks, INIT $want_blocks"
            continue
        fi
        local second=yes
        if [ "$i" -ge 4 ] && [ $((i % diam_every)) != 0 ] && [ "$i" -ge 20 ] &&
           [ "$i" -lt $((n - 60)) ] && [ $((i % every)) != 0 ]; then
            second=no
            [ "$sanitized" = 1 ] && continue
        fi
        # (1) the walk from the example reaches the whole component.
        walked=$((walked + 1))
        "$SLIDE_EXPLORE" "$dir/$i.init" >"$dir/out" 2>&1
        field reachable "$dir/out"
        if [ "$got" = "$size configurations" ]; then pass
        else fail "$name component $i (size $size): slide-explore reaches '$got'"; fi
        # (2) --components on the example: INIT's component has the listed
        # size (and diameter), and INIT reaches the example that report
        # gives for it (the list's order may follow INIT's block order, so
        # the index itself is not compared).
        [ "$second" = yes ] || continue
        local opts=(--no-diameters) want_diam=
        if [ "$i" -lt 4 ] || [ $((i % diam_every)) = 0 ]; then
            opts=() want_diam=$diam
        fi
        ran=$((ran + 1))
        rm -f "$dir/entry.goal"
        read -r at gsize gdiam < <("$SLIDE_EXPLORE" --components "${opts[@]}" --json "$dir/$i.init" \
                                    2>"$dir/err" | init_entry "$dir/entry.goal")
        if [ "$gsize" = "$size" ] && [ "${gdiam:-}" = "$want_diam" ]; then pass
        else
            fail "$name component $i: --components on its example puts INIT in component" \
                "${at:-?} of size ${gsize:-?}${want_diam:+ and diameter ${gdiam:-?}};" \
                "want size $size${want_diam:+ and diameter $want_diam} $(head -c 200 "$dir/err")"
            continue
        fi
        "$SLIDE" --time-limit 20 "$dir/$i.init" "$dir/entry.goal" >/dev/null 2>"$dir/err"
        rc=$?
        if [ "$rc" = 0 ]; then pass
        else fail "$name component $i: INIT does not reach the example of the component" \
            "--components puts it in (${at:-?}): slide exit $rc $(head -c 200 "$dir/err")"; fi
    done <"$dir/sizes"
    echo "components.sh: $name: $n components: (1) on $walked, (2) on $ran"
}

# pictures DIR: reads a --components --json report of a picture on stdin
# and writes DIR/<i>.init, component i's example as the picture file its
# "picture" lines spell, and DIR/sizes ("i size" lines).  Component
# objects are one a line; the strings are unescaped for \" and \\, all a
# picture drawn with letters, digits and the format's own characters
# needs.
pictures() {
    : >"$1/sizes"
    awk -v dir="$1" 'BEGIN { n = 0 }
        /^ *\{"size": / {
            match($0, /"size": [0-9]+/); size = substr($0, RSTART + 8, RLENGTH - 8)
            at = index($0, "\"picture\": ["); if (!at) next
            rest = substr($0, at + 12); f = dir "/" n ".init"; line = ""; instr = 0
            for (i = 1; i <= length(rest); i++) {
                c = substr(rest, i, 1)
                if (instr) {
                    if (c == "\\") { i++; line = line substr(rest, i, 1) }
                    else if (c == "\"") { print line >f; line = ""; instr = 0 }
                    else line = line c
                } else if (c == "\"") instr = 1
                else if (c == "]") break
            }
            close(f); print n, size >(dir "/sizes"); n++
        }'
}

# check_pictures NAME INIT WALK EVERY REACH: a picture's piece set, whose
# examples are saved from the JSON's "picture" lines (the blocks alone
# cannot say marks and axes).  (1) on the first 40, the last 40 and every
# WALK-th component (1: all; EVERY-th under the sanitizers); (2) on the
# first 4, the last 4 and every EVERY-th, without diameters; with REACH=1
# (every class one piece, so an example's characters are its pieces'
# own), INIT also reaches (slide exits 0) the example (2) gives for its
# component, its grid drawn as a GOAL picture.
check_pictures() {
    local name=$1 init=$2 walk=$3 every=$4 reach=$5 dir=$tmp/$1
    local n i size listed layouts walked=0 ran=0 at gsize rc
    [ "$sanitized" = 1 ] && walk=$every
    mkdir -p "$dir"
    if ! "$SLIDE_EXPLORE" --components --no-diameters --json "$init" >"$dir/json" 2>"$dir/err"; then
        fail "$name: slide-explore --components --json: $(head -c 300 "$dir/err")"
        return
    fi
    pictures "$dir" <"$dir/json"
    n=$(wc -l <"$dir/sizes")
    listed=$(tokens <"$dir/json" | sed -n 's/^components //p')
    layouts=$(tokens <"$dir/json" | sed -n 's/^layouts //p')
    if [ "$n" -gt 0 ] && [ "$n" = "$listed" ]; then pass
    else fail "$name: $n pictures in the list, ${listed:-none} components announced"; fi
    if [ "$(awk '{ s += $2 } END { print s + 0 }' "$dir/sizes")" = "$layouts" ]; then pass
    else fail "$name: component sizes do not add up to ${layouts:-?} layouts"; fi
    while read -r i size; do
        if [ "$i" -ge 40 ] && [ "$i" -lt $((n - 40)) ] && [ $((i % walk)) != 0 ]; then
            continue
        fi
        walked=$((walked + 1))
        "$SLIDE_EXPLORE" "$dir/$i.init" >"$dir/out" 2>&1
        field reachable "$dir/out"
        if [ "$got" = "$size configurations" ]; then pass
        else fail "$name component $i (size $size): slide-explore reaches '$got'"; fi
        if [ "$i" -ge 4 ] && [ "$i" -lt $((n - 4)) ] && [ $((i % every)) != 0 ]; then
            continue
        fi
        ran=$((ran + 1))
        "$SLIDE_EXPLORE" --components --no-diameters --json "$dir/$i.init" >"$dir/again" 2>"$dir/err"
        at=$(tokens <"$dir/again" | sed -n 's/^init_component //p')
        mkdir -p "$dir/again.d"
        pictures "$dir/again.d" <"$dir/again"
        gsize=$(awk -v at="$at" '$1 == at { print $2 }' "$dir/again.d/sizes")
        if [ -n "$at" ] && [ "$gsize" = "$size" ]; then pass
        else
            fail "$name component $i: --components on its example puts INIT in component" \
                "${at:-?} of size ${gsize:-?}; want $size $(head -c 200 "$dir/err")"
            continue
        fi
        [ "$reach" = 1 ] || continue
        grep -v ':' "$dir/again.d/$at.init" >"$dir/entry.goal"
        "$SLIDE" --time-limit 20 "$dir/$i.init" "$dir/entry.goal" >/dev/null 2>"$dir/err"
        rc=$?
        if [ "$rc" = 0 ]; then pass
        else fail "$name component $i: INIT does not reach the example of the component" \
            "--components puts it in ($at): slide exit $rc $(head -c 200 "$dir/err")"; fi
    done <"$dir/sizes"
    echo "components.sh: $name: $n components: (1) on $walked, (2) on $ran"
}

check_set klotski "$PROJECT_PUZZLES/klotski.init" 8 50
check_set dads "$PROJECT_PUZZLES/dads.init" 16 100
# Pictures: the 8-puzzle (marked tiles: two components of 181,440); a
# Rush Hour card (a marked car and a truck, each along its axis: 36
# components, tests/explore.sh counts them by hand); notch (a wall and
# interchangeable pieces: 1,834 components, (1) on 300 of them: a process
# each, which the sanitizer build makes slow).
printf '......\n......\nRR.T..\n...T..\n...T..\n......\ndistinct: R\nhorizontal: R\nvertical: T\n' \
    >"$tmp/card.init"
check_pictures eight "$PROJECT_PUZZLES/eight-31a.init" 1 1 1
check_pictures card "$tmp/card.init" 1 1 1
check_pictures notch "$PROJECT_PUZZLES/notch.init" 8 64 0

finish components.sh
