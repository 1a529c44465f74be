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
if "$SLIDE_EXPLORE" --census --threads 2 "$tmp/member.spec" >"$tmp/report" 2>"$tmp/err"; then pass
else fail "census: exit $? ($(cat "$tmp/err"))"; fi
check layouts "layouts: 120600956" "$(grep '^layouts' "$tmp/report")"
check "hardest start" "hardest start: 51 moves (line)" \
    "$(grep '^hardest start' "$tmp/report" | grep -o '^hardest start: [0-9]* moves ([a-z]*)')"
# The picture and its goal, as slide reads them.
sed -n '/^hardest start:/,/^goal:/p' "$tmp/report" | sed '1d;$d;s/^  //' >"$tmp/init"
sed -n '/^goal:/,$p' "$tmp/report" | sed '1d;s/^  //' | head -6 >"$tmp/goal"
if "$SLIDE" --optimal --metric line "$tmp/init" "$tmp/goal" >"$tmp/moves"; then pass
else fail "slide --optimal: exit $?"; fi
check "slide --optimal's moves" 51 "$(wc -l <"$tmp/moves")"
if verified "$tmp/init" "$tmp/goal" "$tmp/moves"; then pass; else fail "slide-check refuses: $verdict"; fi
[ $fails -eq 0 ] && echo "rush_hour: 51 moves, census and solver agree, verified"
finish rush_hour
