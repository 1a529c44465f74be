#!/usr/bin/env bash
# explore.sh - slide-explore against known facts.
#   Reachable space of 横刀立马 (puzzles/klotski) under unit: 25,955
#   configurations, farthest at distance 167, at most 754 new per level;
#   the count is the same under every metric and in both representations.
#   With the goal: the nearest goal is the optimum (116 unit, 90 line,
#   81 piece).  --json is valid JSON and says the same.
#   Components of Klotski's piece set: 65,880 layouts in 898 components,
#   on either representation.  Components of pictures: the 8-puzzle's two
#   of 181,440, a two-piece Rush Hour card counted by hand, and INIT's
#   component of a walled and an L-piece puzzle as large as its walk.
#   A picture's farthest example is printed as a picture that reads back.
#   --walk ranked on the 8-puzzle: the table walk's profile (text and
#   --csv), the same on 1 and 2 threads; refused on blocks.
#   Errors: --engine bitboard on a tray too big for it, or on walls,
#   exits 2 saying why; a --max-states limit exits 3.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_EXPLORE PROJECT_PUZZLES
k=$PROJECT_PUZZLES/klotski

field() { sed -n "s/^$1: *//p" "$2" | head -1; }

"$SLIDE_EXPLORE" --metric unit "$k.init" >"$tmp/unit"
check "exit status" 0 $?
check "reachable (unit)" "25955 configurations" "$(field reachable "$tmp/unit")"
check "farthest (unit)" 167 "$(field farthest "$tmp/unit" | sed 's/distance \([0-9]*\),.*/\1/')"
widest=$(sed -n 's/^  [0-9]*: //p' "$tmp/unit" | sort -n | tail -1)
check "widest layer (unit)" 754 "$widest"
check "profile sums to reachable" 25955 \
    "$(sed -n 's/^  [0-9]*: //p' "$tmp/unit" | awk '{s += $1} END {print s}')"

for engine in bitboard general; do
    for metric in line piece; do
        "$SLIDE_EXPLORE" --engine $engine --metric $metric "$k.init" >"$tmp/out"
        check "reachable ($engine, $metric)" "25955 configurations" "$(field reachable "$tmp/out")"
    done
done
"$SLIDE_EXPLORE" --engine general --metric unit "$k.init" >"$tmp/general"
check "same profile, general engine" "$(sed -n '/^depth/,$p' "$tmp/unit")" \
    "$(sed -n '/^depth/,$p' "$tmp/general")"

# The farthest example is a puzzle file in itself: paste it back and it
# must lie 167 unit moves from the start (slide's optimum from the start
# to it is not what we check; that it parses and is reachable is).
sed -n '/^one configuration/,/^depth/p' "$tmp/unit" | sed '1d;$d;s/^  //' >"$tmp/far.init"
"$SLIDE_EXPLORE" --metric unit "$tmp/far.init" >"$tmp/far"
check "farthest example lies in the same space" "25955 configurations" "$(field reachable "$tmp/far")"

# A picture's farthest example is a picture (walls, one-axis cars, the
# marked red car: CS61B lines cannot say them), and pasted back it spans
# the same space: Rush Hour with a wall, 2,332 configurations.
rh=$PROJECT_PUZZLES/rush-hour-60.init
"$SLIDE_EXPLORE" "$rh" >"$tmp/rh"
check "picture: reachable" "2332 configurations" "$(field reachable "$tmp/rh")"
sed -n '/^one configuration/,/^depth/p' "$tmp/rh" | sed '1d;$d;s/^  //' >"$tmp/rh-far.init"
check "picture: the example keeps its wall and options" "1 1 1 1" \
    "$(grep -c '#' "$tmp/rh-far.init") $(grep -c '^horizontal: ' "$tmp/rh-far.init") \
$(grep -c '^vertical: ' "$tmp/rh-far.init") $(grep -c '^distinct: ' "$tmp/rh-far.init")"
"$SLIDE_EXPLORE" "$tmp/rh-far.init" >"$tmp/rh-far"
check "picture: farthest example lies in the same space" "2332 configurations" \
    "$(field reachable "$tmp/rh-far")"

# GOAL: nearest goal distance is the optimum under each metric.
for pair in unit:116 line:90 piece:81; do
    metric=${pair%:*} want=${pair#*:}
    "$SLIDE_EXPLORE" --metric "$metric" "$k.init" "$k.goal" >"$tmp/goal"
    check "nearest goal ($metric)" "$want" "$(field goal "$tmp/goal" | sed 's/.*nearest at distance //')"
done

# --json: valid, and the same facts.
if command -v python3 >/dev/null; then
    "$SLIDE_EXPLORE" --json --metric unit "$k.init" "$k.goal" >"$tmp/json"
    check "json parses" 0 "$(python3 -m json.tool <"$tmp/json" >/dev/null 2>&1; echo $?)"
    check "json facts" "25955 167 754 116 168" "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["reachable"], d["farthest"]["distance"], max(d["per_depth"]), d["goal"]["nearest"],
      len(d["per_depth"]))' "$tmp/json")"
    "$SLIDE_EXPLORE" --json --components "$k.init" >"$tmp/cjson"
    check "components json" "65880 898 65880 25955" "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["layouts"], d["components"], sum(c["size"] for c in d["list"]),
      d["list"][d["init_component"]]["size"])' "$tmp/cjson")"
else
    echo "explore: python3 not found: JSON checks skipped"
fi

# Components of Klotski's piece set.
"$SLIDE_EXPLORE" --components "$k.init" >"$tmp/comp"
check "layouts" 65880 "$(field layouts "$tmp/comp")"
check "components" 898 "$(field components "$tmp/comp")"
check "largest components" "25955 x 2" "$(sed -n 's/^  \([0-9]* x [0-9]*\)$/\1/p' "$tmp/comp" | head -1)"
check "INIT's component (line)" "25955 layouts, diameter 156" "$(field "INIT's component" "$tmp/comp")"
# The general board's keys map the same set (the other encoding of layouts).
"$SLIDE_EXPLORE" --components --engine general "$k.init" >"$tmp/compg"
check "components, general board" "65880 898 25955 layouts, diameter 156" \
    "$(field layouts "$tmp/compg") $(field components "$tmp/compg") $(field "INIT's component" "$tmp/compg")"
# Diameters bound the farthest distance from INIT (167 unit <= 190 unit).
"$SLIDE_EXPLORE" --components --metric unit "$k.init" >"$tmp/compu"
check "INIT's component (unit)" "25955 layouts, diameter 190" "$(field "INIT's component" "$tmp/compu")"

# Components of pictures (the general board).  The 8-puzzle, tiles marked:
# 9! = 362,880 layouts in two components of 9!/2 = 181,440 (a move keeps
# the parity of the tiles' permutation plus the blank's row), each of
# diameter 31 under unit (published: its hardest positions take 31 moves;
# every other metric moves one tile one cell here too).
"$SLIDE_EXPLORE" --components --metric unit "$PROJECT_PUZZLES/eight-31a.init" >"$tmp/e8"
check "8-puzzle: layouts, components" "362880 2" "$(field layouts "$tmp/e8") $(field components "$tmp/e8")"
check "8-puzzle: sizes" "181440 x 2" "$(sed -n '/^component sizes/{n;s/^  //p;}' "$tmp/e8")"
check "8-puzzle: INIT's component" "181440 layouts, diameter 31" "$(field "INIT's component" "$tmp/e8")"
check "8-puzzle: both diameters" "31 x 2" "$(sed -n '/^diameters/{n;s/^  //p;}' "$tmp/e8")"
# A Rush Hour card with two one-axis pieces, counted by hand: the red car
# R (1x2, horizontal) has 6 x 5 places, the truck T (3x1, vertical) 4 x 6;
# 720 pairs less 120 that overlap = 600 layouts.  R keeps its row r and T
# its column x, and T can always leave R's row, so each (r, x) is one
# component: 36, of 20 - a(x) b(r) layouts, where a = 1 2 2 2 2 1 counts
# R's places in a row that cover column x and b = 1 2 3 3 2 1 T's places
# in a column that cover row r.  INIT (r 2, x 3): 20 - 2 * 3 = 14 layouts;
# under unit its farthest pair is R crossing the row with T at the top at
# both ends: 3 + 4 + 3 = 10 steps; under line, T out, R across, T back.
printf '......\n......\nRR.T..\n...T..\n...T..\n......\ndistinct: R\nhorizontal: R\nvertical: T\n' \
    >"$tmp/card.init"
"$SLIDE_EXPLORE" --components "$tmp/card.init" >"$tmp/card"
check "card: layouts, components" "600 36" "$(field layouts "$tmp/card") $(field components "$tmp/card")"
check "card: sizes" "19 x 4,18 x 12,17 x 4,16 x 8,14 x 8," \
    "$(sed -n '/^component sizes/,/^diameters/{/^  /{s/^  //;p;};}' "$tmp/card" | tr '\n' ',')"
check "card: INIT's component (line)" "14 layouts, diameter 3" "$(field "INIT's component" "$tmp/card")"
"$SLIDE_EXPLORE" --components --metric unit "$tmp/card.init" >"$tmp/cardu"
check "card: INIT's component (unit)" "14 layouts, diameter 10" "$(field "INIT's component" "$tmp/cardu")"
# A wall and L-shaped pieces: INIT's component is what the walk reaches.
for pair in notch:60877 mas-puzzle:110804; do
    name=${pair%:*} want=${pair#*:}
    "$SLIDE_EXPLORE" --components --no-diameters "$PROJECT_PUZZLES/$name.init" >"$tmp/pic"
    check "$name: INIT's component" "$want layouts" "$(field "INIT's component" "$tmp/pic")"
done

# Errors.
# A 6x6 tray's image does not fit the bitboard's word: auto maps it on the
# general board (a 2x2 has 25 places there, all one component), and
# --engine bitboard is refused, saying why.
printf '6 6\n0 0 1 1\n' >"$tmp/big.init"
"$SLIDE_EXPLORE" --components "$tmp/big.init" >"$tmp/out" 2>&1
check "6x6 on the general board: exit" 0 $?
check "6x6: layouts, components" "25 1" "$(field layouts "$tmp/out") $(field components "$tmp/out")"
"$SLIDE_EXPLORE" --components --engine bitboard "$tmp/big.init" >/dev/null 2>"$tmp/err"
check "too big for the bitboard: exit" 2 $?
check "too big: says why" 1 \
    "$(grep -c 'needs .* = 121 bits; the general representation takes any tray (--engine general)' "$tmp/err")"
"$SLIDE_EXPLORE" --components --engine bitboard "$PROJECT_PUZZLES/notch.init" >/dev/null 2>"$tmp/err"
check "a wall on the bitboard: exit" 2 $?
check "a wall on the bitboard: says why" 1 \
    "$(grep -c 'needs the general representation (--engine general)' "$tmp/err")"
"$SLIDE_EXPLORE" --max-states 1000 "$k.init" >"$tmp/out" 2>"$tmp/err"
check "--max-states: exit" 3 $?
check "--max-states: message, no report" "1 0" "$(grep -c max-states "$tmp/err") $(wc -c <"$tmp/out")"
"$SLIDE_EXPLORE" --components --max-states 1000 "$k.init" >/dev/null 2>&1
check "--components --max-states: exit" 3 $?
"$SLIDE_EXPLORE" --max-memory 100K "$k.init" >/dev/null 2>&1
check "--max-memory: exit" 3 $?
# Pictures' layouts are held to the same limits: the deadline holds while
# layouts are still being enumerated (a real Rush Hour card has billions).
"$SLIDE_EXPLORE" --components --max-states 1000 "$PROJECT_PUZZLES/eight-31a.init" >"$tmp/out" 2>"$tmp/err"
check "picture --components --max-states: exit, message, no report" "3 1 0" \
    "$? $(grep -c -- '--max-states' "$tmp/err") $(wc -c <"$tmp/out")"
"$SLIDE_EXPLORE" --components --max-memory 1M "$PROJECT_PUZZLES/eight-31a.init" >/dev/null 2>"$tmp/err"
check "picture --components --max-memory: exit, message" "3 1" "$? $(grep -c -- '--max-memory' "$tmp/err")"
start=$(date +%s)
"$SLIDE_EXPLORE" --components --time-limit 0.5 "$PROJECT_PUZZLES/rush-hour-60.init" >/dev/null 2>"$tmp/err"
check "picture --components --time-limit: exit, message" "3 1" "$? $(grep -c -- '--time-limit' "$tmp/err")"
check "picture --components --time-limit: stops in time" 1 "$(( $(date +%s) - start <= 10 ))"
"$SLIDE_EXPLORE" --family --time-limit 0.3 "$PROJECT_PUZZLES/notch.init" >/dev/null 2>"$tmp/err"
check "picture --family --time-limit: exit" 3 $?
# --threads: the family's report does not depend on how many members are
# mapped at once, but for its time: a 4x4 tray around a 2x2 (the census
# path), the same with a wall (the general board's graph).  And the
# census path agrees with the general board's graph.
printf 'AAB.\nAAC.\nDDEF\nGHEF\n' >"$tmp/fam.init"
printf 'AAB.\nAAC#\nDDEF\nG.EF\n' >"$tmp/famwall.init"
for f in "$tmp/famwall.init" "$tmp/fam.init"; do
    "$SLIDE_EXPLORE" --family --threads 1 "$f" | grep -v '^time:' >"$tmp/fam1"
    s1=$?
    "$SLIDE_EXPLORE" --family --threads 3 --json "$f" | grep -v '"seconds"' >"$tmp/fam3.json"
    "$SLIDE_EXPLORE" --family --threads 1 --json "$f" | grep -v '"seconds"' >"$tmp/fam1.json"
    "$SLIDE_EXPLORE" --family --threads 3 "$f" | grep -v '^time:' >"$tmp/fam3"
    check "--family --threads 1 and 3: same report ($(basename "$f"))" "0 same same" \
        "$s1 $(cmp -s "$tmp/fam1" "$tmp/fam3" && echo same) $(cmp -s "$tmp/fam1.json" "$tmp/fam3.json" && echo same)"
done
# Members: (units, wides, talls) with units + 2 (wides + talls) <= 10, the
# cells left to them: 91.
check "--family --threads: members" "members: 91" "$(sed -n 1p "$tmp/fam1")"
"$SLIDE_EXPLORE" --family --engine general "$tmp/fam.init" | grep -v '^time:' >"$tmp/famg"
check "--family: census and graph agree" same "$(cmp -s "$tmp/fam1" "$tmp/famg" && echo same)"
# --threads with --components --no-diameters: one component of 964,656
# layouts (a 2x2, a 1x2, a 2x1 and six 1x1 on 5x4), large enough that
# its walk is shared out among the threads; the report is the same on 1,
# 2 and 4 threads and on the general board's graph.
printf 'AAB.\nAAB.\nCCDE\nFGHI\n....\n' >"$tmp/big.init"
for engine_threads in "general 1" "auto 1" "auto 2" "auto 4"; do
    set -- $engine_threads
    "$SLIDE_EXPLORE" --components --no-diameters --json --engine "$1" --threads "$2" \
        "$tmp/big.init" | grep -v -E '"(seconds|peak_bytes)"' >"$tmp/big.$1.$2"
done
check "--components --threads 1, 2, 4 and the graph: same report" "same same same" \
    "$(for t in 1 2 4; do cmp -s "$tmp/big.general.1" "$tmp/big.auto.$t" && printf 'same '; done | sed 's/ $//')"
check "--components --threads: layouts" '"layouts": 964656,' \
    "$(grep -o '"layouts": [0-9]*,' "$tmp/big.auto.2")"
"$SLIDE_EXPLORE" --components --no-diameters --threads 2 --max-states 900000 "$tmp/big.init" \
    >/dev/null 2>"$tmp/err"
check "--components --threads 2 --max-states: exit, message" "3 1" "$? $(grep -c -- '--max-states' "$tmp/err")"
# The census path counts layouts against --max-states exactly: Klotski's
# 65,880 fit a limit of 65,880 and not one of 65,879.
"$SLIDE_EXPLORE" --components --no-diameters --max-states 65880 "$k.init" >/dev/null 2>&1
s1=$?
"$SLIDE_EXPLORE" --components --no-diameters --max-states 65879 "$k.init" >/dev/null 2>"$tmp/err"
check "census --max-states: at the count, one below: exits, message" "0 3 1" \
    "$s1 $? $(grep -c -- '--max-states' "$tmp/err")"
"$SLIDE_EXPLORE" --family --threads 0 "$tmp/fam.init" >/dev/null 2>"$tmp/err"
check "--threads 0: exit, message" "2 1" "$? $(grep -c -- '--threads takes' "$tmp/err")"
"$SLIDE_EXPLORE" --threads 2 --graph edges "$tmp/fam.init" >/dev/null 2>"$tmp/err"
check "--threads with --graph: exit, message" "2 1" \
    "$? $(grep -c -- '--threads goes' "$tmp/err")"

# --walk ranked (numbered tiles): the table walk's profile, as text and
# CSV; the same report on 1 and 2 threads; one of --json and --csv.
e=$PROJECT_PUZZLES/eight-31a
"$SLIDE_EXPLORE" --walk ranked --threads 1 "$e.init" "$e.goal" | grep -v '^time:' >"$tmp/r1"
"$SLIDE_EXPLORE" --walk ranked --threads 2 "$e.init" "$e.goal" | grep -v '^time:' >"$tmp/r2"
check "--walk ranked --threads 1 and 2: same report" same "$(cmp -s "$tmp/r1" "$tmp/r2" && echo same)"
check "--walk ranked: the 8-puzzle's half, its goal at 31" "181440 configurations|31" \
    "$(field reachable "$tmp/r1")|$(field goal "$tmp/r1" | sed 's/.*distance //')"
"$SLIDE_EXPLORE" --walk table --csv "$e.init" >"$tmp/table.csv"
"$SLIDE_EXPLORE" --walk ranked --csv "$e.init" >"$tmp/ranked.csv"
check "--walk ranked --csv: the table walk's profile" same \
    "$(cmp -s "$tmp/table.csv" "$tmp/ranked.csv" && echo same)"
check "--csv: the text's profile" same "$(sed -n 's/^  \([0-9]*\): /\1,/p' "$tmp/r1" |
    cat <(echo depth,count) - | cmp -s - "$tmp/ranked.csv" && echo same)"
check "--walk ranked: says so" ranked "$(field walk "$tmp/r1")"
check "--walk table: says so" table "$("$SLIDE_EXPLORE" --walk table "$e.init" | field walk -)"
# auto: the table under the default limit, the marks (45 KB) when the
# table (2.9 MB at 16 bytes a configuration) would pass --max-memory.
check "--walk auto: table, then ranked under --max-memory 2M" "table ranked" \
    "$("$SLIDE_EXPLORE" "$e.init" | field walk -) $("$SLIDE_EXPLORE" --max-memory 2M "$e.init" |
    field walk -)"
# Block puzzles take the layout numbering: Klotski's profile is the
# table walk's on every metric (25,955 configurations, the farthest 133
# line moves away), on 1 and 2 threads; a tray with a wall is taken by
# neither numbering.
for metric in unit line piece; do
    "$SLIDE_EXPLORE" --walk table --metric $metric --csv "$k.init" >"$tmp/kt.csv"
    "$SLIDE_EXPLORE" --walk ranked --metric $metric --threads 2 --csv "$k.init" >"$tmp/kr.csv"
    check "--walk ranked on Klotski ($metric): the table walk's profile" same \
        "$(cmp -s "$tmp/kt.csv" "$tmp/kr.csv" && echo same)"
done
"$SLIDE_EXPLORE" --walk ranked --threads 1 "$k.init" | grep -v '^time:' >"$tmp/kr1"
check "--walk ranked on Klotski: 25955 reachable, the farthest 133 away" \
    "25955 configurations|distance 133, 8 configurations|ranked" \
    "$(field reachable "$tmp/kr1")|$(field farthest "$tmp/kr1")|$(field walk "$tmp/kr1")"
"$SLIDE_EXPLORE" --walk ranked --threads 2 "$k.init" | grep -v '^time:' >"$tmp/kr2"
check "--walk ranked on Klotski --threads 1 and 2: same report" same \
    "$(cmp -s "$tmp/kr1" "$tmp/kr2" && echo same)"
# auto, one rule for both numberings: the marks when the table (16 bytes a
# rank: 6.7 MB for Klotski's 415,800) would pass --max-memory.
check "--walk auto on Klotski under --max-memory 4M: ranked" ranked \
    "$("$SLIDE_EXPLORE" --max-memory 4M "$k.init" | field walk -)"
"$SLIDE_EXPLORE" --walk ranked "$tmp/famwall.init" >/dev/null 2>"$tmp/err"
check "--walk ranked on a tray with a wall: exit, message" "2 1" \
    "$? $(grep -c 'numbered tiles (.*) or rectangles' "$tmp/err")"
# Numbered tiles whose numbering passes 2^62 ranks (20 tiles on 25 cells)
# are told that, not that they are not numbered tiles.
printf 'ABCDE\nFGHIJ\nKLMNO\nPQRST\n.....\ndistinct: *\n' >"$tmp/t20.init"
"$SLIDE_EXPLORE" --walk ranked "$tmp/t20.init" >/dev/null 2>"$tmp/err"
check "--walk ranked on 20 tiles of 25 cells: exit, message" "2 1 0" \
    "$? $(grep -c 'cannot number these tiles: .*2^62 ranks' "$tmp/err") $(grep -c 'none of these' "$tmp/err")"
# The published profiles of the 4x2 and 3x2 trays from a corner (OEIS
# A090035, A090034: Karlemo and Ostergard).
printf '12\n34\n56\n7.\ndistinct: *\n' >"$tmp/t4x2.init"
printf '123\n45.\ndistinct: *\n' >"$tmp/t2x3.init"
check "--walk ranked: the 4x2 tray's profile (A090035)" \
    "1 2 3 6 10 14 19 28 42 61 85 119 161 215 293 396 506 632 788 985 1194 1414 1664 1884 1999 1958 1770 1463 1076 667 361 190 88 39 19 7 1" \
    "$("$SLIDE_EXPLORE" --walk ranked --csv "$tmp/t4x2.init" | tail -n +2 | cut -d, -f2 | paste -sd' ')"
check "--walk ranked: the 2x3 tray's profile (A090034)" \
    "1 2 3 5 6 7 10 12 12 16 23 25 28 39 44 40 29 21 18 12 6 1" \
    "$("$SLIDE_EXPLORE" --walk ranked --csv "$tmp/t2x3.init" | tail -n +2 | cut -d, -f2 | paste -sd' ')"
"$SLIDE_EXPLORE" --csv --json "$e.init" >/dev/null 2>"$tmp/err"
check "--csv --json: exit, message" "2 1" "$? $(grep -c 'one of --json and --csv' "$tmp/err")"
"$SLIDE_EXPLORE" "$k.init" "$k.goal" extra >/dev/null 2>&1
check "too many files: exit" 2 $?

# The manual page has an entry for every option --help lists.
man1=${TESTS_DIR:+$TESTS_DIR/../docs/slide-explore.1}
if [ -n "$man1" ] && [ -f "$man1" ]; then
    for opt in $("$SLIDE_EXPLORE" --help | grep -o -- '--[a-z-]*' | sort -u); do
        roff=$(printf '%s\n' "$opt" | sed 's/-/\\-/g')
        # ENVIRON, not -v: awk -v would take the backslashes as escapes.
        check "man page: $opt" 1 "$(OPT=$roff awk '$1 ~ /^\.B[RI]?$/ && $2 == ENVIRON["OPT"] { n = 1 }
                                                 END { print n + 0 }' "$man1")"
    done
else
    echo "explore: docs/slide-explore.1 not found: man page check skipped"
fi

finish explore
