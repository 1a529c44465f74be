#!/usr/bin/env bash
# mpi.sh [family|census|ranked] - slide-explore-mpi under mpirun on 1, 2
# and 4 ranks against slide-explore on one process; the argument picks one
# part (ctest runs them as three tests, mpi, mpi_census and mpi_ranked, to
# keep each short).
#
# family: slide-explore-mpi prints, byte for byte, what slide-explore
# --family prints (text and JSON; only the time differs), on two small
# families: a 4x4 tray around a 2x2 (the census path) and the same with a
# wall (the general board's graph), and on a family of one member, where
# most ranks get nothing.  A limit that only one rank's shard reaches ends
# every rank with exit 3 and one message (the one slide-explore gives),
# also when it stops the other ranks early; a missing file and a mode
# other than --family or --census exit 2 with one message.
#
# census: a census with a wall, a marked one-axis kind, another one-axis
# kind, ranges, a goal and diameters, in text, JSON and CSV, byte for
# byte as slide-explore --census writes it (nothing in it depends on
# time), and its SQLite database dumped table by table; a census of two
# members on four ranks (two ranks map nothing); a census of one-axis
# pieces, with keep 2 and without, whose large members ranks map in parts
# (each the same as the graph path's, which cuts nothing).  A limit only the
# largest member passes, a missing SPEC, --checkpoint and a database that
# cannot be written: every rank ends with the same exit status and one
# message.  The census of every piece set with the corner goal, gathered.
#
# ranked: the reachable walk under --walk ranked, byte for byte as
# slide-explore writes it, on numbered tiles (the 8-puzzle with its goal,
# three empty cells under every metric, a wall) and on Klotski with its
# goal (the layout numbering), its depth profile the
# table walk's; a limit ends every rank with exit 3 and one message; the
# table walk is refused.
#
# Environment: SLIDE_EXPLORE, SLIDE_EXPLORE_MPI, MPIEXEC (mpirun),
# PROJECT_PUZZLES (optional for family: the Klotski case; ranked needs
# its 8-puzzle and Klotski).
# Registered only in builds with -DSLIDE_MPI=ON.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE_EXPLORE SLIDE_EXPLORE_MPI MPIEXEC
part=${1:-all}

# As root mpirun refuses to start without --allow-run-as-root; the test
# machine has fewer cores than ranks (--oversubscribe); -q leaves out
# mpirun's own note when a rank exits non-zero, so stderr is ours alone.
mpi() {
    local np=$1
    shift
    "$MPIEXEC" --allow-run-as-root --oversubscribe -q -np "$np" "$SLIDE_EXPLORE_MPI" "$@"
}
# The report without its time: the "time:" line, or the JSON's seconds.
# A limit's message as either program words it, with the members mapped
# and their layouts (the process's own) blanked, and the advice on
# resuming cut: slide-explore-mpi has no checkpoint, so it says only that
# nothing is kept.
limit_words() {
    sed -e 's/^slide-explore-mpi:/slide-explore:/' \
        -e 's/after mapping [0-9]* of \([0-9]*\) members ([0-9]* layouts)/after mapping N of \1 members (L layouts)/' \
        -e 's/; nothing is kept.*$/; nothing is kept/' "$1"
}
untimed() { sed -e '/^time: /d' -e 's/"seconds": [0-9.]*, //'; }

family() {
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
# limit between them one shard gives up and the others finish.  The
# message is slide-explore's but for what was finished, which is the
# giving-up process's own: the members it mapped and their layouts.
"$SLIDE_EXPLORE" --family --threads 1 --max-states 23000 "$tmp/fam.init" >/dev/null 2>"$tmp/want"
check "--max-states 23000: slide-explore exits 3" 3 $?
for np in 2 4; do
    mpi "$np" --family --threads 1 --max-states 23000 "$tmp/fam.init" >"$tmp/got" 2>"$tmp/err"
    check "--max-states -np $np: exit, no report, one message, slide-explore's" "3 0 1 same" \
        "$? $(wc -c <"$tmp/got") $(wc -l <"$tmp/err") $(limit_words "$tmp/err" | cmp -s - <(limit_words "$tmp/want") && echo same)"
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
check "--components -np 2: exit, message" "2 1" \
    "$? $(grep -c -- '--family and --census only' "$tmp/err")"
}

census() {
# 49 members, 189,279 layouts; the largest member has 24,318 layouts,
# the next 22,386.
cat >"$tmp/small.spec" <<'EOF'
tray 4 4
wall 0 3
kind red 1x2 1 row marked
kind sq 2x2 0..1
kind car 1x2 0..2 row
kind tall 2x1 0..2
kind unit 1x1 0..2
empty 2
goal red 1 2
diameters
EOF
printf 'tray 2 3\nkind a 1x2 1\nkind b 1x1 0..1\n' >"$tmp/two.spec"
for form in text json csv; do
    flag=; [ "$form" != text ] && flag=--$form
    "$SLIDE_EXPLORE" --census --threads 1 $flag "$tmp/small.spec" >"$tmp/want"
    check "census $form: slide-explore's report" 1 \
        "$(grep -c -E '^members: 49$|"members": 49,|^member,red,' "$tmp/want")"
    for np in 1 2 4; do
        mpi "$np" --census --threads 2 $flag "$tmp/small.spec" >"$tmp/got" 2>"$tmp/err"
        check "census $form -np $np: exit, stderr, report" "0 0 same" \
            "$? $(wc -c <"$tmp/err") $(cmp -s "$tmp/got" "$tmp/want" && echo same)"
    done
done
"$SLIDE_EXPLORE" --census "$tmp/two.spec" >"$tmp/want"
mpi 4 --census "$tmp/two.spec" >"$tmp/got" 2>"$tmp/err"
check "two members -np 4: exit, stderr, report" "0 0 same" \
    "$? $(wc -c <"$tmp/err") $(cmp -s "$tmp/got" "$tmp/want" && echo same)"

# Every kind one-axis: the line path, which cuts its largest members into
# parts that ranks map apart, and a capped list (keep) whose exact counts
# must travel too.  The report is the graph path's, which cuts nothing.
cat >"$tmp/lines.spec" <<'EOF'
tray 4 4
kind red 1x2 1 row marked rows 1
kind car 1x2 0..2 row
kind vcar 2x1 0..2 col
kind truck 1x3 0..1 row
goal red 1 2
keep 2
EOF
grep -v keep "$tmp/lines.spec" >"$tmp/all.spec"
for spec in lines all; do
    "$SLIDE_EXPLORE" --census --json --engine general "$tmp/$spec.spec" >"$tmp/want"
    for np in 2 4; do
        mpi "$np" --census --threads 1 --json "$tmp/$spec.spec" >"$tmp/got" 2>"$tmp/err"
        check "line path, $spec.spec, -np $np: exit, stderr, report" "0 0 same" \
            "$? $(wc -c <"$tmp/err") $(cmp -s "$tmp/got" "$tmp/want" && echo same)"
    done
done

# The database: only rank 0 writes it, and its tables dump alike.
if "$SLIDE_EXPLORE" --census --sqlite "$tmp/want.db" "$tmp/two.spec" 2>/dev/null; then
    if command -v sqlite3 >/dev/null; then
        "$SLIDE_EXPLORE" --census --threads 1 --sqlite "$tmp/want.db" "$tmp/small.spec"
        mpi 4 --census --threads 1 --sqlite "$tmp/got.db" "$tmp/small.spec" >"$tmp/got" \
            2>"$tmp/err"
        status=$?
        tables=$(cmp -s <(sqlite3 "$tmp/want.db" .dump) <(sqlite3 "$tmp/got.db" .dump) &&
                 echo same)
        check "census sqlite -np 4: exit, stdout, stderr, tables, no temporary file" \
            "0 0 0 same 0" "$status $(wc -c <"$tmp/got") $(wc -c <"$tmp/err") $tables \
$(ls "$tmp" | grep -c '\.tmp$')"
        check "census sqlite: components in the dump" 1 \
            "$(sqlite3 "$tmp/got.db" 'SELECT COUNT(*) > 3000 FROM components')"
    else
        echo "SKIP: no sqlite3 shell to dump the database"
    fi
    mpi 2 --census --sqlite "$tmp/no/such/dir.db" "$tmp/two.spec" >"$tmp/got" 2>"$tmp/err"
    check "census sqlite unwritable -np 2: exit, one message naming it" "2 1 1" \
        "$? $(wc -l <"$tmp/err") $(grep -c 'no/such/dir.db' "$tmp/err")"
else
    echo "SKIP: slide-explore was built without SQLite"
fi

# A limit between the two largest members: the rank with the largest
# gives up, the others finish, every rank exits 3.
"$SLIDE_EXPLORE" --census --threads 1 --max-states 23000 "$tmp/small.spec" >/dev/null \
    2>"$tmp/want"
check "census --max-states 23000: slide-explore exits 3" 3 $?
for np in 2 4; do
    mpi "$np" --census --threads 1 --max-states 23000 "$tmp/small.spec" >"$tmp/got" 2>"$tmp/err"
    status=$?
    message=$(limit_words "$tmp/err" | cmp -s - <(limit_words "$tmp/want") && echo same)
    check "census --max-states -np $np: exit, no report, one message, slide-explore's" \
        "3 0 1 same" "$status $(wc -c <"$tmp/got") $(wc -l <"$tmp/err") $message"
done
mpi 3 --census "$tmp/absent.spec" >"$tmp/got" 2>"$tmp/err"
check "census missing SPEC -np 3: exit, one message naming it" "2 1 1" \
    "$? $(wc -l <"$tmp/err") $(grep -c 'absent.spec' "$tmp/err")"
mpi 2 --census --checkpoint "$tmp/ck" "$tmp/two.spec" >"$tmp/got" 2>"$tmp/err"
check "census --checkpoint -np 2: exit, refused, no file" "2 1 0" \
    "$? $(grep -c -- '--checkpoint is slide-explore' "$tmp/err") $(ls "$tmp" | grep -c '^ck')"
# Every piece set with the corner-to-corner goal (it needs corner.c's
# walk): every rank's members gathered, byte for byte slide-explore's.
printf 'tray 3 3\nwall 1 1\npieces any\ngoal corner\n' >"$tmp/sets.spec"
for form in text json csv; do
    flag=; [ "$form" != text ] && flag=--$form
    "$SLIDE_EXPLORE" --census --metric piece $flag "$tmp/sets.spec" >"$tmp/want"
    for np in 1 2 4; do
        mpi "$np" --census --metric piece $flag "$tmp/sets.spec" >"$tmp/got"
        check "every piece set $form -np $np: slide-explore's report" same \
            "$(cmp -s "$tmp/want" "$tmp/got" && [ -s "$tmp/want" ] && echo same)"
    done
done
}

ranked() {
# The reachable walk under --walk ranked, each layer's ranks shared out:
# byte for byte slide-explore's report (text, JSON, CSV; but for the time
# and the peak memory), and its depth profile the table walk's, on
# numbered tiles with one empty cell (the parity's half), with three
# (every metric) and with a wall, and on a block puzzle (Klotski with its
# goal: the layout numbering).
    cp "$PROJECT_PUZZLES/eight-31a.init" "$tmp/eight.init"
    cp "$PROJECT_PUZZLES/klotski.init" "$tmp/klotski.init"
    cp "$PROJECT_PUZZLES/klotski.goal" "$tmp/klotski.goal"
    cp "$PROJECT_PUZZLES/eight-31a.goal" "$tmp/eight.goal"
    printf '1.3\n.5.\n786\ndistinct: *\n' >"$tmp/holes.init"
    printf '1#34\n5.78\ndistinct: *\n' >"$tmp/wall.init"
    local t metric np form
    for t in "eight.init $tmp/eight.goal" holes.init wall.init "klotski.init $tmp/klotski.goal"; do
        set -- $t
        for metric in unit line piece; do
            [ "$1" = holes.init ] || [ "$metric" = line ] || continue
            "$SLIDE_EXPLORE" --walk table --csv --metric "$metric" "$tmp/$1" ${2:-} \
                >"$tmp/table.csv" 2>&1
            for form in text --json --csv; do
                local flag=$form
                [ "$form" = text ] && flag=
                "$SLIDE_EXPLORE" --walk ranked $flag --metric "$metric" "$tmp/$1" ${2:-} 2>&1 |
                    grep -v '^time:\|^ "seconds"' >"$tmp/want"
                for np in 1 2 4; do
                    mpi "$np" --walk ranked --threads 1 $flag --metric "$metric" "$tmp/$1" ${2:-} \
                        2>&1 | grep -v '^time:\|^ "seconds"' >"$tmp/got"
                    check "ranked $1 $metric $form -np $np: slide-explore's report" same \
                        "$(cmp -s "$tmp/want" "$tmp/got" && echo same)"
                    [ "$form" = --csv ] &&
                        check "ranked $1 $metric -np $np: the table walk's profile" same \
                            "$(cmp -s "$tmp/table.csv" "$tmp/got" && echo same)"
                done
            done
        done
    done
    mpi 2 --walk ranked --threads 1 --max-states 5000 "$tmp/eight.init" >"$tmp/got" 2>"$tmp/err"
    check "ranked --max-states -np 2: exit, no report, one message" "3 0 1 1" \
        "$? $(wc -c <"$tmp/got") $(wc -l <"$tmp/err") $(grep -c -- '--max-states' "$tmp/err")"
    mpi 2 --walk table "$tmp/eight.init" >"$tmp/got" 2>"$tmp/err"
    check "the table walk -np 2: exit, refused" "2 1" \
        "$? $(grep -c -- 'under --walk ranked' "$tmp/err")"
}

case $part in
family) family ;;
census) census ;;
ranked) ranked ;;
*) family; census; ranked ;;
esac

finish "mpi $part"
