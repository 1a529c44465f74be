#!/usr/bin/env bash
# dense.sh - trays crowded with 1x1 blocks, each a move or two from its
# goal (tests/gen_dense.sh writes and describes them), solved in the
# default mode (no --optimal): slide must answer, slide-check must verify
# the moves, and -ostats must report a shortest solution (a goal one
# slide away has no business costing more).  Many 1x1 blocks make the
# general board's keys long and every configuration has hundreds of
# children, so these are where a solver that expands blindly or copies
# whole keys per child runs out of time or memory.
#
# --time-limit 60 and --max-memory 2G only guard against a hang or a
# runaway: how fast these go is for the benchmarks, not for this test.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK TESTS_DIR

"$TESTS_DIR/gen_dense.sh" "$tmp" >"$tmp/list"

# The generator itself, so a slip there cannot pass for a solver bug.
count() { echo $(($(wc -l <"$1") - 1)); }
while read -r name blocks length; do
    if [ "$(count "$tmp/$name.init")" = "$blocks" ]; then pass
    else fail "$name: generated $(count "$tmp/$name.init") blocks, want $blocks"; fi
done <"$tmp/list"

while read -r name blocks want; do
    init=$tmp/$name.init goal=$tmp/$name.goal
    "$SLIDE" -ostats --time-limit 60 --max-memory 2G "$init" "$goal" >"$tmp/moves" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != 0 ]; then
        fail "$name: slide exit $rc: $(grep -v -E '^(algorithm|engine|stored|expanded|peak memory|time|rate|length):' \
            "$tmp/err" | head -c 300)"
        continue
    fi
    pass
    if verified "$init" "$goal" "$tmp/moves"; then pass
    else fail "$name: slide-check: ${verdict:0:300}"; fi
    got=$(length "$tmp/err" line)
    if [ "$got" = "$want" ] && [ "$(wc -l <"$tmp/moves")" = "$want" ]; then pass
    else fail "$name: solution of ${got:-?} line moves ($(wc -l <"$tmp/moves") lines printed), want $want"; fi
done <"$tmp/list"

finish dense.sh
