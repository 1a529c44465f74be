#!/usr/bin/env bash
# mpi.sh - slide-explore-mpi under mpirun on 1, 2 and 4 ranks prints, byte
# for byte, what slide-explore --family prints on one process (text and
# JSON; only the time differs), on two small families: a 4x4 tray around
# a 2x2 (the census path) and the same with a wall (the general board's
# graph), and on a family of one member, where most ranks get nothing.
# A limit that only one rank's shard reaches ends every rank with exit 3
# and one message (the one slide-explore gives), also when it stops the
# other ranks early; a missing file and a mode other than --family exit
# 2 with one message.
#
# Environment: SLIDE_EXPLORE, SLIDE_EXPLORE_MPI, MPIEXEC (mpirun),
# PROJECT_PUZZLES (optional: the Klotski case).
# Registered only in builds with -DSLIDE_MPI=ON.
set -u
: "${SLIDE_EXPLORE:?}" "${SLIDE_EXPLORE_MPI:?}" "${MPIEXEC:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passes=0 fails=0

# check NAME WANT GOT
check() {
    if [ "$2" = "$3" ]; then
        passes=$((passes + 1))
    else
        fails=$((fails + 1))
        echo "FAIL $1: want '$2', got '$3'"
    fi
}

# As root mpirun refuses to start without --allow-run-as-root; the test
# machine has fewer cores than ranks (--oversubscribe); -q leaves out
# mpirun's own note when a rank exits non-zero, so stderr is ours alone.
mpi() {
    local np=$1
    shift
    "$MPIEXEC" --allow-run-as-root --oversubscribe -q -np "$np" "$SLIDE_EXPLORE_MPI" "$@"
}
# The report without its time: the "time:" line, or the JSON's seconds.
untimed() { sed -e '/^time: /d' -e 's/"seconds": [0-9.]*, //'; }

printf 'AAB.\nAAC.\nDDEF\nGHEF\n' >"$tmp/fam.init"
printf 'AAB.\nAAC#\nDDEF\nG.EF\n' >"$tmp/famwall.init"
printf 'AA.\nAA.\n' >"$tmp/one.init"
for f in fam famwall one; do
    for form in text json; do
        flag=; [ "$form" = json ] && flag=--json
        "$SLIDE_EXPLORE" --family --threads 1 $flag "$tmp/$f.init" | untimed >"$tmp/want"
        check "$f $form: slide-explore's report" 1 "$(grep -c -E '^members: |"members": ' "$tmp/want")"
        for np in 1 2 4; do
            # Threads and ranks combine: each rank maps its shard on 2.
            mpi "$np" --family --threads 2 $flag "$tmp/$f.init" >"$tmp/got" 2>"$tmp/err"
            status=$?
            check "$f $form -np $np: exit, stderr, report" "0 0 same" \
                "$status $(wc -c <"$tmp/err") $(untimed <"$tmp/got" | cmp -s - "$tmp/want" && echo same)"
        done
    done
done

# The largest member of fam has 23,800 layouts, the next 19,040: at a
# limit between them one shard gives up and the others finish.
"$SLIDE_EXPLORE" --family --threads 1 --max-states 23000 "$tmp/fam.init" >/dev/null 2>"$tmp/want"
check "--max-states 23000: slide-explore exits 3" 3 $?
for np in 2 4; do
    mpi "$np" --family --threads 1 --max-states 23000 "$tmp/fam.init" >"$tmp/got" 2>"$tmp/err"
    check "--max-states -np $np: exit, no report, one message, slide-explore's" "3 0 1 same" \
        "$? $(wc -c <"$tmp/got") $(wc -l <"$tmp/err") $(sed 's/^slide-explore-mpi:/slide-explore:/' "$tmp/err" | cmp -s - "$tmp/want" && echo same)"
done
# Klotski's family at a limit only member 155 (964,656 layouts) passes:
# the rank that owns it tells the others, whose searches stop at their
# next check; the limit's message wins over theirs ("interrupted").
if [ -n "${PROJECT_PUZZLES:-}" ]; then
    mpi 4 --family --threads 1 --max-states 900000 "$PROJECT_PUZZLES/klotski.init" \
        >"$tmp/got" 2>"$tmp/err"
    check "klotski --max-states -np 4: exit, no report, one message, the limit's" "3 0 1 1 0" \
        "$? $(wc -c <"$tmp/got") $(wc -l <"$tmp/err") $(grep -c -- '--max-states' "$tmp/err") $(grep -c interrupted "$tmp/err")"
fi
mpi 3 --family "$tmp/absent.init" >"$tmp/got" 2>"$tmp/err"
check "missing file -np 3: exit, one message naming it" "2 1 1" \
    "$? $(wc -l <"$tmp/err") $(grep -c 'absent.init' "$tmp/err")"
mpi 2 --components "$tmp/fam.init" >"$tmp/got" 2>"$tmp/err"
check "--components -np 2: exit, message" "2 1" "$? $(grep -c -- '--family only' "$tmp/err")"

echo "mpi: $passes passed, $fails failed"
[ "$fails" = 0 ]
