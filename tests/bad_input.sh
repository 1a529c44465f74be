#!/usr/bin/env bash
# bad_input.sh - every class of bad puzzle input in SPEC, through both
# programs that read puzzles: slide (the solver) and slide-check.
#
# tests/bad/expected.tsv lists one case per line: INIT, GOAL, options, the
# "FILE:LINE:" the message must point at and a fragment of its wording.
# Each program must exit 2, print nothing on stdout, and put
# "PROGRAM: FILE:LINE: ..." with the fragment on stderr: never a crash,
# never a partial solution.  Runs inside tests/bad so messages name files
# as the table does.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_CHECK TESTS_DIR
cd "$TESTS_DIR/bad" || exit 1

programs=(slide-check)
if [ -n "${SLIDE:-}" ] && "$SLIDE" --version >/dev/null 2>&1; then
    programs+=(slide)
else
    echo "bad_input.sh: slide is not built yet (${SLIDE:-unset}); checking slide-check only"
fi

# run PROGRAM OPTIONS INIT GOAL: prints the exit status; output in $tmp.
run() {
    local prog=$1 opts=$2 bin
    [ "$prog" = slide ] && bin=$SLIDE || bin=$SLIDE_CHECK
    [ "$opts" = - ] && opts=
    # shellcheck disable=SC2086  # options are words on purpose
    "$bin" $opts "$3" "$4" </dev/null >"$tmp/out" 2>"$tmp/err"
    echo $?
}

cases=0
while IFS=$'\t' read -r init goal opts where what; do
    case $init in '#'* | '') continue ;; esac
    cases=$((cases + 1))
    for prog in "${programs[@]}"; do
        rc=$(run "$prog" "$opts" "$init" "$goal")
        problem=
        [ "$rc" = 2 ] || problem="exit $rc, want 2"
        [ -s "$tmp/out" ] && problem="${problem:+$problem; }stdout not empty"
        grep -qF -- "$prog: $where " "$tmp/err" || problem="${problem:+$problem; }no '$prog: $where'"
        grep -qF -- "$what" "$tmp/err" || problem="${problem:+$problem; }no '$what'"
        if [ -z "$problem" ]; then
            pass
        else
            fail "$prog $opts $init $goal: $problem"
            echo "  stderr: $(head -c 400 "$tmp/err")"
        fi
    done
done <expected.tsv

# A bad option value is a usage error too.
for prog in "${programs[@]}"; do
    rc=$(run "$prog" "--format diagonal" ok.init ok.goal)
    if [ "$rc" = 2 ] && [ ! -s "$tmp/out" ] && grep -qF "diagonal" "$tmp/err"; then
        pass
    else
        fail "$prog --format diagonal: exit $rc: $(head -c 300 "$tmp/err")"
    fi
done

# Numbers on the command line are decimal, and only decimal: hex, signs,
# blanks, exponents, inf and nan are usage errors (exit 2, nothing on
# stdout) that quote the value.  (strtod alone read --time-limit 0x10 as
# 16 s.)
decimal() {   # decimal BIN ARGS...: refused, quoting the option's value ($3)
    local value=$3
    "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" = 2 ] && [ ! -s "$tmp/out" ] && grep -qF -- "not '$value'" "$tmp/err"; then
        pass
    else
        fail "$1 $2 '$value': exit $rc: $(head -c 300 "$tmp/err")"
    fi
}
if [ -n "${SLIDE:-}" ]; then
    for v in 0x10 0X10 1e1 inf nan -1 +5 ' 5' '5 ' 5s ''; do
        decimal "$SLIDE" --time-limit "$v" ok.init ok.goal
    done
    for v in 0x10 -1 ' -1' +5 ' 5' 1e3; do
        decimal "$SLIDE" --max-states "$v" ok.init ok.goal
        decimal "$SLIDE" --max-memory "$v" ok.init ok.goal
        decimal "$SLIDE" --play-hints "$v" ok.init ok.goal
    done
    for v in 2.5 .5 7. 010; do   # decimal: accepted
        "$SLIDE" --time-limit "$v" ok.init ok.goal >/dev/null 2>&1 &&
            pass || fail "--time-limit $v refused"
    done
fi
if [ -n "${SLIDE_EXPLORE:-}" ]; then
    for v in 0x2 ' 2' +2 2e0; do
        decimal "$SLIDE_EXPLORE" --threads "$v" --family ok.init
    done
    decimal "$SLIDE_EXPLORE" --time-limit 0x10 ok.init
fi

finish "bad_input.sh: $cases cases x ${#programs[@]} programs"
