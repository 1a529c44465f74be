#!/usr/bin/env bash
# classics.sh - the published (and recorded) optimal lengths of the classic
# 4x5 puzzles in puzzles/, under every metric: `slide --optimal --metric M
# -ostats` must print a solution that slide-check verifies, and the length
# of that solution under M (read from the `length:` line of -ostats) must
# be the recorded optimum.  The table is puzzles/README.md's: piece, line,
# unit.  Published: Klotski 81/90/116, Dad's 59 piece, Century 99 piece and
# 111 line, Super Century 138 piece and 150 line, the Chinese openings'
# piece counts; the rest were measured by exhaustive BFS and are kept so a
# regression in any metric shows.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_CHECK PROJECT_PUZZLES

# name piece line unit
table='klotski 81 90 116
dads 59 62 83
century 99 111 131
super-century 138 150 179
zhihui-ruoding 70 79 100
jiangyong-caoying 72 78 101
qitou-bingjin 60 66 85
bingfen-sanlu 72 77 92'

while read -r name piece line unit; do
    i=$PROJECT_PUZZLES/$name.init g=$PROJECT_PUZZLES/$name.goal
    for metric in piece line unit; do
        want=${!metric}
        timeout 120 "$SLIDE" --optimal --metric "$metric" -ostats "$i" "$g" \
            >"$tmp/moves" 2>"$tmp/stats"
        rc=$?
        got=$(length "$tmp/stats" "$metric")
        if verified "$i" "$g" "$tmp/moves" && [ "$rc" = 0 ] && [ "$got" = "$want" ]; then
            pass
        else
            fail "$name --metric $metric: exit $rc, checker '$verdict', length '$got', want $want"
        fi
    done
done <<<"$table"
finish classics
