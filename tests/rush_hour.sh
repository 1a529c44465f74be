#!/usr/bin/env bash
# rush_hour.sh - the published 6x6 Rush Hour census's hardest card, 51
# moves under the line metric, from the one member of
# puzzles/census/rush-hour-6x6.spec that holds it (docs/explore.md has the
# whole census's run: this member is the one where it found 51).  The
# census of just that member, on two threads (so it is cut into parts and
# joined), must report 51 as its hardest start; `slide --optimal` must
# solve the printed picture in exactly 51 moves, and slide-check must
# verify them: two engines (the census's breadth-first search per
# skeleton, the solver's search) and the judge agree on the fact.
# About 17 s on 2 cores in a Release build; skipped (77) under the
# sanitizers, where it takes minutes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK SLIDE_EXPLORE
[ "${SANITIZE:-0}" = 1 ] && { echo "skipped under the sanitizers"; exit 77; }

# rush-hour-6x6.spec with each count fixed at the record member's.
cat >"$tmp/member.spec" <<'SPEC'
tray 6 6
kind red 1x2 1 row marked rows 2
kind car 1x2 4 row
kind vcar 2x1 5 col
kind truck 1x3 1 row
kind vtruck 3x1 2 col
goal red 2 4
keep 3
SPEC
"$SLIDE_EXPLORE" --census --threads 2 "$tmp/member.spec" >"$tmp/report" 2>"$tmp/err" ||
    fail "census: exit $? ($(cat "$tmp/err"))"
grep -q '^layouts: 120600956$' "$tmp/report" || fail "layouts: $(grep '^layouts' "$tmp/report")"
grep -q '^hardest start: 51 moves (line)' "$tmp/report" ||
    fail "hardest start: $(grep '^hardest start' "$tmp/report")"
# The picture and its goal, as slide reads them.
sed -n '/^hardest start:/,/^goal:/p' "$tmp/report" | sed '1d;$d;s/^  //' >"$tmp/init"
sed -n '/^goal:/,$p' "$tmp/report" | sed '1d;s/^  //' | head -6 >"$tmp/goal"
"$SLIDE" --optimal --metric line "$tmp/init" "$tmp/goal" >"$tmp/moves" ||
    fail "slide --optimal: exit $?"
moves=$(wc -l <"$tmp/moves")
[ "$moves" -eq 51 ] || fail "slide --optimal: $moves moves, the census says 51"
verified "$tmp/init" "$tmp/goal" "$tmp/moves" || fail "slide-check refuses: $verdict"
[ $fails -eq 0 ] && echo "rush_hour: 51 moves, census and solver agree, verified"
exit $((fails > 0))
