#!/usr/bin/env bash
# optimal.sh - every optimal algorithm must agree with BFS on the
# optimal length under every metric.  `slide --optimal --algo astar`
# (admissible estimate), `--algo bidir` (bidirectional BFS, where GOAL
# places every piece; elsewhere it must refuse with exit 2) and `--algo
# bfs` run on each pair; every solution must pass slide-check and have
# BFS's length under the metric searched (read from -ostats' `length:`
# line), or all must exit 1 (unsolvable, nothing on stdout).  A pair where
# one gives up at --max-states 300000 (exit 3) is skipped and counted.
# Pairs: every CS61B pair listed in ../shared/puzzles/cs61b/manifest.tsv
# (that part is skipped, saying so, when absent), the pictures of
# puzzles/ that BFS can walk whole, and 30 random small trays from
# gen_trays.sh (fixed seed).  Under the sanitizers (SANITIZE=1) every third
# CS61B pair and 10 trays: the same searches on the same kinds of puzzle,
# where the Release build's full set (some 3,000 runs) would only repeat
# them, each run paying the sanitizers' start-up.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SHARED_PUZZLES TESTS_DIR
skips=0 bidir_passes=0 bidir_refused=0

# Runs one algorithm; leaves rc, the moves and the length in $tmp/$1.*.
run() {
    local algo=$1 metric=$2 init=$3 goal=$4; shift 4
    timeout 120 "$SLIDE" "$@" --optimal --algo "$algo" --metric "$metric" \
        --max-states 300000 -ostats "$init" "$goal" >"$tmp/$algo.moves" 2>"$tmp/$algo.err"
    echo $? >"$tmp/$algo.rc"
    length "$tmp/$algo.err" "$metric" >"$tmp/$algo.len"
}

# compare NAME INIT GOAL [SLIDE-OPTIONS...]: every metric, each algorithm
# against BFS.
compare() {
    local name=$1 init=$2 goal=$3; shift 3
    for metric in unit line piece; do
        run bfs "$metric" "$init" "$goal" "$@"
        for algo in astar bidir; do
            run "$algo" "$metric" "$init" "$goal" "$@"
            local ra rb la lb why=
            ra=$(cat "$tmp/$algo.rc") rb=$(cat "$tmp/bfs.rc")
            la=$(cat "$tmp/$algo.len") lb=$(cat "$tmp/bfs.len")
            if [ "$algo" = bidir ] && [ "$ra" = 2 ] &&
               grep -q 'needs a goal that places every block.*(another --algo: auto picks' \
                   "$tmp/bidir.err"; then
                bidir_refused=$((bidir_refused + 1))
                continue
            fi
            if [ "$ra" = 3 ] || [ "$rb" = 3 ]; then
                skips=$((skips + 1))
                continue
            fi
            if [ "$ra" != "$rb" ]; then
                why="$algo exit $ra, bfs exit $rb"
            elif [ "$ra" = 1 ]; then
                [ -s "$tmp/$algo.moves" ] || [ -s "$tmp/bfs.moves" ] && why="exit 1 with output"
            elif [ "$ra" != 0 ]; then
                why="both exit $ra"
            elif [ -z "$la" ] || [ "$la" != "$lb" ]; then
                why="lengths differ: $algo '$la', bfs '$lb'"
            else
                for a in "$algo" bfs; do
                    verified "$init" "$goal" "$tmp/$a.moves" "$@" || why="$why $a: $verdict"
                done
            fi
            if [ -z "$why" ]; then
                pass
                [ "$algo" = bidir ] && bidir_passes=$((bidir_passes + 1))
            else
                fail "$name --metric $metric: $why"
            fi
        done
    done
}

sanitized=${SANITIZE:-0}
cs61b_pairs compare

# The project's pictures whose whole space BFS can store: numbered tiles
# (where A* runs on the catalog's bound at its strongest: one hole, so a
# move carries a tile one cell under every metric), marked and one-axis
# pieces, a wall.
for p in eight-31a eight-31b rush-hour-51 rush-hour-60 mas-puzzle notch klotski-picture; do
    [ -f "${PROJECT_PUZZLES:-}/$p.init" ] &&
        compare "picture $p" "$PROJECT_PUZZLES/$p.init" "$PROJECT_PUZZLES/$p.goal"
done

bash "$TESTS_DIR/gen_trays.sh" "$tmp/gen" "$([ "$sanitized" = 1 ] && echo 10 || echo 30)" 4 ||
    exit 1
for init in "$tmp"/gen/r*.init; do
    compare "generated $(basename "$init")" "$init" "${init%.init}.goal" --format corners
done

# --pdb-dir: the first run builds the 8-puzzle's pattern databases and
# leaves one file (no temporary one) in the directory, the second reads
# them; both solutions are Verified and equally long.
if [ -f "${PROJECT_PUZZLES:-}/eight-31a.init" ]; then
    e8=$PROJECT_PUZZLES/eight-31a pdb=$tmp/pdb ok=1
    mkdir "$pdb"
    for want in built read; do
        "$SLIDE" --optimal --algo idastar -ostats --pdb-dir "$pdb" "$e8.init" "$e8.goal" \
            >"$tmp/pdb.$want" 2>"$tmp/pdb.$want.err" || ok=0
        grep -q "^pattern database: .* $want in " "$tmp/pdb.$want.err" || ok=0
        verified "$e8.init" "$e8.goal" "$tmp/pdb.$want" || ok=0
        [ "$(ls "$pdb")" = "$(ls "$pdb" | grep -E '^slide-[0-9a-f]{16}-[0-9]+\.pdb$')" ] &&
            [ "$(ls "$pdb" | wc -l)" = 1 ] || ok=0
    done
    [ "$(wc -l <"$tmp/pdb.built")" = "$(wc -l <"$tmp/pdb.read")" ] || ok=0
    if [ "$ok" = 1 ]; then
        pass
    else
        fail "--pdb-dir: built, then read: $(cat "$tmp"/pdb.*.err | grep pattern)"
    fi
fi

echo "optimal: $skips skipped at --max-states 300000; bidir agreed $bidir_passes times and" \
     "refused $bidir_refused goals that leave some piece free"
finish optimal
status=$?
if [ "$cs61b" = no ] && [ "$fails" = 0 ]; then
    exit 77   # only part of the test could run
fi
[ "$status" = 0 ] && [ "$bidir_passes" -gt 0 ]
