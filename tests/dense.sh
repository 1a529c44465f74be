#!/usr/bin/env bash
# dense.sh - trays crowded with 1x1 blocks, each one move from its goal,
# solved in the default mode (no --optimal): slide must answer, slide-check
# must verify the moves, and -ostats must report a one-move solution (a
# goal one slide away has no business costing more; the moves printed
# must be one line too).  Many 1x1 blocks make the general board's keys
# long and every configuration has hundreds of children, so these are
# where a solver that expands blindly or copies whole keys per child
# runs out of time or memory.
#
# The trays (corners format), generated here:
#  checker41  41x41, a 1x1 block on every cell with r + c even (841
#             blocks, 840 empty cells); goal: a 1x1 at 0 1.
#  line2024   1x2024, 1,024 1x1 blocks packed left (columns 0..1023);
#             goal: a 1x1 at column 1024 (the last block steps right).
#  checker5   5x5 like checker41 (13 blocks): the bitboard's tray size.
#  stripes256 256x256, a 1x1 block on every even column of every row but
#             the last cell (255, 254): 32,767 blocks, the most a signed
#             16-bit count holds; goal: a 1x1 at 0 1.
#
# --time-limit 60 and --max-memory 2G only guard against a hang or a
# runaway: how fast these go is for the benchmarks, not for this test.
set -u
: "${SLIDE:?}" "${SLIDE_CHECK:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passes=0 fails=0
pass() { passes=$((passes + 1)); }
fail() { fails=$((fails + 1)); echo "FAIL $*"; }

# checker N: an N x N tray with a 1x1 block on every cell with r + c even.
checker() {
    awk -v n="$1" 'BEGIN { print n, n
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) if ((r + c) % 2 == 0) print r, c, r, c }'
}
checker 41 >"$tmp/checker41.init"
echo "0 1 0 1" >"$tmp/checker41.goal"
awk 'BEGIN { print 1, 2024; for (c = 0; c < 1024; c++) print 0, c, 0, c }' >"$tmp/line2024.init"
echo "0 1024 0 1024" >"$tmp/line2024.goal"
checker 5 >"$tmp/checker5.init"
echo "0 1 0 1" >"$tmp/checker5.goal"
awk 'BEGIN { print 256, 256
    for (r = 0; r < 256; r++) for (c = 0; c < 256; c += 2) if (r != 255 || c != 254) print r, c, r, c }' \
    >"$tmp/stripes256.init"
echo "0 1 0 1" >"$tmp/stripes256.goal"

# The generators themselves, so a slip there cannot pass for a solver bug.
count() { echo $(($(wc -l <"$1") - 1)); }
for want in checker41:841 line2024:1024 checker5:13 stripes256:32767; do
    name=${want%:*}
    if [ "$(count "$tmp/$name.init")" = "${want#*:}" ]; then pass
    else fail "$name: generated $(count "$tmp/$name.init") blocks, want ${want#*:}"; fi
done

for name in checker41 line2024 checker5 stripes256; do
    init=$tmp/$name.init goal=$tmp/$name.goal
    "$SLIDE" -ostats --time-limit 60 --max-memory 2G "$init" "$goal" >"$tmp/moves" 2>"$tmp/err"
    rc=$?
    if [ "$rc" != 0 ]; then
        fail "$name: slide exit $rc: $(grep -v -E '^(algorithm|engine|stored|expanded|peak memory|time|rate|length):' \
            "$tmp/err" | head -c 300)"
        continue
    fi
    pass
    if "$SLIDE_CHECK" "$init" "$goal" "$tmp/moves" >"$tmp/check" 2>&1 &&
        [ "$(cat "$tmp/check")" = Verified ]; then pass
    else fail "$name: slide-check: $(head -c 300 "$tmp/check")"; fi
    length=$(sed -n 's/^length: .*, \([0-9]*\) line,.*/\1/p' "$tmp/err")
    if [ "$length" = 1 ] && [ "$(wc -l <"$tmp/moves")" = 1 ]; then pass
    else fail "$name: solution of ${length:-?} line moves ($(wc -l <"$tmp/moves") lines printed), want 1"; fi
done

echo "dense.sh: $passes passed, $fails failed"
[ "$fails" = 0 ]
