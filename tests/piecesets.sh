#!/usr/bin/env bash
# piecesets.sh - slide-explore --census of every piece set ("pieces any"):
# its SPEC statements' errors (FILE:LINE, exit 2), and its counts against
# an independent brute force (piecesets_brute.py: every partition of the
# tray's cells) on small trays with walls and bounds: every member's
# fills, holes and shapes, and the totals.  With "4x4" as its argument,
# the 4x4 tray's counts against the published ones (a slow test).
source "$(dirname "${BASH_SOURCE[0]}")/census_lib.sh"

if [ "${1:-}" = 4x4 ]; then
    # Bickford, "Sliding Block Puzzles, Part 3" (2012): 55,807,716 fills of
    # the 4x4 tray in 1,473,830 piece sets; by pieces 0..16 as below.
    printf 'tray 4 4\npieces any\n' >"$tmp/4x4.spec"
    "$X" --census --json "$tmp/4x4.spec" >"$tmp/4x4.json" || fail "4x4 census"
    python3 - "$tmp/4x4.json" <<'PY' && pass || fail "4x4 counts"
import json, sys
r = json.load(open(sys.argv[1]))
sets = [b["sets"] for b in r["by_pieces"]]
want = [1, 9472, 100846, 271410, 372766, 347846, 226118, 98564, 33133, 9909, 2775,
        737, 190, 47, 12, 3, 1]
ok = r["fills"] == 55807716 and r["piece_sets"] == 1473830 and sets == want
print("4x4:", r["fills"], r["piece_sets"], sets)
sys.exit(0 if ok else 1)
PY
    finish "piecesets 4x4"
    exit
fi

# ---- bad SPECs: each names its file and line, exit 2 ----------------------
bad 3 'goes without "kind" lines' 'tray 3 3\nkind a 1x1 1\npieces any\n'
bad 3 'no "kind" lines with it' 'tray 3 3\npieces any\nkind a 1x1 1\n'
bad 2 'expected "pieces any"' 'tray 3 3\npieces some\n'
bad 3 'a second "pieces" line' 'tray 3 3\npieces any\npieces any\n'
bad 2 'at most 48 cells' 'tray 7 7\npieces any\n'
bad 3 'MIN is more than MAX' 'tray 3 3\npieces any\npiece-count 3..1\n'
bad 3 'expected "piece-count N"' 'tray 3 3\npieces any\npiece-count x\n'
# Bounds that leave no member say so plainly, at their line.
bad 3 '"piece-count 0" asks for members of no piece' 'tray 3 3\npieces any\npiece-count 0\n'
bad 3 '"piece-count 0..0" asks for members of no piece' 'tray 3 3\npieces any\npiece-count 0..0\n'
bad 3 '"piece-count 49": MAX is more than 48' 'tray 3 3\npieces any\npiece-count 49\n'
bad 3 'no member fits: a member takes at least 10 cells (0 pieces by "piece-count", 10 holes by "empty"), and the tray has 9 open cells' \
    'tray 3 3\npieces any\nempty 10\n'
bad 4 'a member takes at least 9 cells (5 pieces by "piece-count", 4 holes by "empty"), and the tray has 8 open cells' \
    'tray 3 3\npieces any\nwall 0 0\npiece-count 5..6\nempty 4\n'
bad 5 'a member takes at least 10 cells' 'tray 3 3\npieces any\npiece-count 1\nwall 1 1\nempty 9\n'
bad 3 'expected "piece-cells N"' 'tray 3 3\npieces any\npiece-cells 0\n'
bad 2 'takes "pieces any"' 'tray 3 3\npiece-cells 2\nkind a 1x1 1\n'
bad 3 'takes "pieces any"' 'tray 3 3\nkind a 1x1 1\ngoal corner\n'
bad 4 'no "goal KIND ROW COL" lines' 'tray 3 3\nkind a 1x1 1\ngoal a 0 0\ngoal corner\n'
bad 3 'no "keep" or "diameters"' 'tray 3 3\nkeep 2\npieces any\n'

# A tray the corner-to-corner walk cannot take (its rows, a spare bit
# each, pass 64 bits) is refused at once, at the tray's line, before its
# piece sets are listed (a 40x1 strip has more fills than a test can wait
# for).
printf 'tray 40 1\nwall 0 0\nwall 39 0\npieces any\ngoal corner\n' >"$tmp/strip.spec"
out=$(timeout 20 "$X" --census "$tmp/strip.spec" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 2 ] && [[ "$out" == *"strip.spec:1: "*"line 5"*"fit 64 bits"*"40x1"* ]]; then pass
else fail "goal corner on a 40x1 tray: exit $rc, '$out'"; fi

# The time limit holds while the piece sets are listed: the 4x4 tray's
# listing alone takes longer than a second; exit 3, naming the limit and
# what was finished (some piece sets listed, none walked), as a limit
# while walking names the members walked.  The memory limit alike.
printf 'tray 4 4\npieces any\ngoal corner\n' >"$tmp/late.spec"
listed='after listing [1-9][0-9]* piece sets \(not all: the listing stopped there\)'
out=$(timeout 30 "$X" --census --time-limit 1 "$tmp/late.spec" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 3 ] && [[ "$out" == *"time limit of 1 second"* ]] &&
   [[ "$out" =~ $listed", walking none"$ ]]; then pass
else fail "--time-limit 1 while listing: exit $rc, '$out'"; fi
out=$(timeout 30 "$X" --census --max-memory 20M "$tmp/late.spec" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 3 ] && [[ "$out" == *"memory limit of 20 MiB"* ]] &&
   [[ "$out" =~ $listed", walking none"$ ]]; then pass
else fail "--max-memory 20M while listing: exit $rc, '$out'"; fi
# Ctrl-C while walking says how many piece sets were walked, not what
# one member's walk stored: interrupted once the checkpoint holds a
# member (the walk has begun), with several thousand sets still to go.
printf 'tray 4 4\npieces any\npiece-count 6\ngoal corner\n' >"$tmp/int.spec"
rm -f "$tmp/int.ckpt"
set -m   # job control: the background job keeps SIGINT's default, not ignored
"$X" --census --metric piece --threads 1 --checkpoint "$tmp/int.ckpt" "$tmp/int.spec" \
    >/dev/null 2>"$tmp/int.err" &
pid=$!
for _ in $(seq 600); do
    grep -q '^set ' "$tmp/int.ckpt" 2>/dev/null && break
    sleep 0.1
done
kill -INT "$pid"
wait "$pid"
rc=$?
set +m
out=$(cat "$tmp/int.err")
if [ $rc -eq 3 ] && [[ "$out" =~ "after walking "[1-9][0-9]*" of 226118 piece sets" ]]; then pass
else fail "Ctrl-C while walking: exit $rc, '$out'"; fi
# Counting only: the listing is the whole census, nothing to walk.
printf 'tray 4 4\npieces any\n' >"$tmp/count.spec"
out=$(timeout 30 "$X" --census --time-limit 1 "$tmp/count.spec" 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 3 ] && [[ "$out" =~ $listed$ ]]; then pass
else fail "--time-limit 1 while counting: exit $rc, '$out'"; fi

# A checkpoint that is no regular file is refused, not read forever.
printf 'tray 3 3\npieces any\ngoal corner\n' >"$tmp/zero.spec"
out=$(timeout 20 "$X" --census "$tmp/zero.spec" --checkpoint /dev/zero 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 2 ] && [[ "$out" == *"/dev/zero: not a regular file"* ]]; then pass
else fail "--checkpoint /dev/zero: exit $rc, '$out'"; fi

# ---- the counts against the brute force -----------------------------------
# census ROWS COLS "SPEC LINES" BRUTE-ARGS...: every member's pieces,
# holes, fills and shapes, and the totals, alike.
census() {
    local rows=$1 cols=$2 lines=$3
    shift 3
    printf 'tray %s %s\npieces any\n%b' "$rows" "$cols" "$lines" >"$tmp/c.spec"
    if ! "$X" --census --csv "$tmp/c.spec" >"$tmp/c.csv" ||
       ! "$X" --census --json "$tmp/c.spec" >"$tmp/c.json" ||
       ! python3 "$here/piecesets_brute.py" "$rows" "$cols" "$@" >"$tmp/brute.txt"; then
        fail "census $rows x $cols ($lines): a run failed"
        return
    fi
    python3 - "$tmp/c.csv" "$tmp/c.json" "$tmp/brute.txt" <<'PY' && pass ||
import csv, json, sys
mine = []
for row in csv.DictReader(open(sys.argv[1])):
    shapes = []
    for word in row["shapes"].split():
        n, shape = word.split("*")
        shapes += [shape] * int(n)
    mine.append((int(row["pieces"]), int(row["holes"]), int(row["fills"]), tuple(sorted(shapes))))
brute, total = [], None
for line in open(sys.argv[3]):
    w = line.split()
    if w[0] == "total":
        total = (int(w[1]), int(w[2]))
    else:
        brute.append((int(w[0]), int(w[1]), int(w[2]), tuple(sorted(w[3:]))))
r = json.load(open(sys.argv[2]))
ok = sorted(mine) == sorted(brute) and (r["fills"], r["piece_sets"]) == total
ok = ok and sum(b["fills"] for b in r["by_pieces"]) == total[0]
ok = ok and [m[0] for m in mine] == sorted(m[0] for m in mine)   # by pieces
if not ok:
    print("engine", len(mine), r["fills"], "brute", total)
sys.exit(0 if ok else 1)
PY
    fail "census $rows x $cols ($lines $*): differs from the brute force"
}
census 1 1 ''
census 2 2 ''
census 2 3 ''
census 3 2 ''
census 3 3 ''
census 3 3 'wall 1 1\n' --wall 1,1
census 2 4 'wall 0 0\nwall 1 3\n' --wall 0,0 --wall 1,3
census 3 3 'wall 0 2\npiece-cells 3\n' --wall 0,2 --piece-cells 3
census 3 3 'piece-count 2..4\n' --piece-count 2..4
census 3 3 'piece-count 3\nempty 2\n' --piece-count 3 --empty 2
census 2 4 'empty 3\npiece-cells 2\n' --empty 3 --piece-cells 2
# Many pieces asked for: the listing cuts what cannot reach them.
census 3 3 'piece-count 7..9\n' --piece-count 7..9
census 3 3 'wall 1 1\npiece-count 5..8\nempty 2\n' --wall 1,1 --piece-count 5..8 --empty 2
census 2 4 'piece-count 6\npiece-cells 2\n' --piece-count 6 --piece-cells 2

# A checkpoint written between a member and its transpose (the walk of
# one reports both, one after the other) resumes to the whole census:
# drop the member lines whose 4th field is 1, resume, and the
# report is the uninterrupted one's, no member left unwalked ('-').
printf 'tray 3 3\npieces any\ngoal corner\n' >"$tmp/ck.spec"
rm -f "$tmp/ck"
if "$X" --census --csv "$tmp/ck.spec" --checkpoint "$tmp/ck" >"$tmp/ck-full.csv" 2>/dev/null &&
   awk 'NR <= 1 || $4 != 1' "$tmp/ck" >"$tmp/ck-half" &&
   [ "$(wc -l <"$tmp/ck-half")" -lt "$(wc -l <"$tmp/ck")" ] &&
   "$X" --census --csv "$tmp/ck.spec" --checkpoint "$tmp/ck-half" >"$tmp/ck-resumed.csv" 2>/dev/null &&
   cmp -s "$tmp/ck-full.csv" "$tmp/ck-resumed.csv"; then pass
else fail "a checkpoint missing transposed members resumes to the whole census"; fi

# The count without listing (sb_census_fills) agrees with the listing: the
# quick path the docs give for large trays (--json's fills).
finish piecesets
