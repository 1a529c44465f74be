#!/usr/bin/env bash
# corner_census.sh - the corner-to-corner census of every piece set
# ("pieces any", "goal corner") against corner_brute.py, a breadth-first
# search of its own over every start, on trays up to 3x3 with walls:
# every member's hardest distance and the table by number of pieces;
# every start the table prints solved by slide --optimal --metric piece
# in exactly its distance and verified by slide-check; the same report
# for --threads 1 and 2, and from a checkpoint cut short and resumed.
source "$(dirname "${BASH_SOURCE[0]}")/census_lib.sh"
needs SLIDE SLIDE_CHECK

# corner ROWS COLS "SPEC LINES" BRUTE-ARGS...
corner() {
    local rows=$1 cols=$2 lines=$3 name="$1x$2"
    shift 3
    printf 'tray %s %s\npieces any\ngoal corner\n%b' "$rows" "$cols" "$lines" >"$tmp/c.spec"
    if ! "$X" --census --metric piece --csv "$tmp/c.spec" >"$tmp/c.csv" ||
       ! "$X" --census --metric piece --json "$tmp/c.spec" >"$tmp/c.json" ||
       ! (cd "$here" && python3 corner_brute.py "$rows" "$cols" "$@") >"$tmp/brute.txt"; then
        fail "corner $name ($lines): a run failed"
        return
    fi
    python3 - "$tmp/c.csv" "$tmp/c.json" "$tmp/brute.txt" "$tmp" >"$tmp/starts" <<'PY' ||
import csv, json, sys
mine = {}
for row in csv.DictReader(open(sys.argv[1])):
    shapes = []
    for word in row["shapes"].split():
        n, shape = word.split("*")
        shapes += [shape] * int(n)
    key = (int(row["pieces"]), int(row["holes"]), tuple(sorted(shapes)))
    mine[key] = row["hardest"] or "-"
brute, table = {}, {}
for line in open(sys.argv[3]):
    w = line.split()
    if w[0] == "by":
        table[int(w[1])] = int(w[2])
    else:
        brute[(int(w[0]), int(w[1]), tuple(sorted(w[3:])))] = w[2]
wrong = [k for k in brute if mine.get(k) != brute[k]]
if wrong or len(mine) != len(brute):
    print("members differ, e.g.", wrong[:3], [mine.get(k) for k in wrong[:3]],
          [brute[k] for k in wrong[:3]], file=sys.stderr)
    sys.exit(1)
r = json.load(open(sys.argv[2]))
got = {b["pieces"]: b["hardest"] for b in r["by_pieces"] if b.get("hardest") is not None}
if got != table:
    print("table differs:", got, table, file=sys.stderr)
    sys.exit(1)
for b in r["by_pieces"]:
    if b.get("hardest") is not None:
        base = "%s/start%d" % (sys.argv[4], b["pieces"])
        open(base + ".init", "w").write("\n".join(b["start"]) + "\n")
        open(base + ".goal", "w").write("\n".join(b["goal"]) + "\n")
        print(base, b["hardest"])
PY
    { fail "corner $name ($lines): differs from the brute force"; return; }
    pass
    local checked=0 base want got
    while read -r base want; do
        got=$("$SLIDE" --json --optimal --metric piece "$base.init" "$base.goal" |
              python3 -c 'import json, sys; print(json.load(sys.stdin)["length"]["piece"])')
        if [ "$got" = "$want" ] &&
           "$SLIDE" --optimal --metric piece "$base.init" "$base.goal" >"$base.moves" &&
           verified "$base.init" "$base.goal" "$base.moves"; then
            checked=$((checked + 1))
        else
            fail "corner $name: $base takes $got piece moves, the census says $want"
        fi
    done <"$tmp/starts"
    [ $checked -gt 0 ] && pass || fail "corner $name: no start checked"
}
corner 2 2 ''
corner 2 3 ''
corner 3 2 'wall 0 1\n' --wall 0,1
corner 3 3 ''
corner 3 3 'wall 1 1\n' --wall 1,1
corner 3 3 'wall 2 0\npiece-count 2..4\n' --wall 2,0 --piece-count 2..4

# Threads, and a checkpoint cut short and resumed: the same report.
printf 'tray 3 3\npieces any\ngoal corner\n' >"$tmp/t.spec"
"$X" --census --metric piece "$tmp/t.spec" >"$tmp/one.txt" || fail "threads 1"
"$X" --census --metric piece --threads 2 "$tmp/t.spec" >"$tmp/two.txt" || fail "threads 2"
cmp -s "$tmp/one.txt" "$tmp/two.txt" && pass || fail "--threads 2 differs from 1"
"$X" --census --metric piece --checkpoint "$tmp/t.ckpt" "$tmp/t.spec" >"$tmp/ck.txt" &&
    cmp -s "$tmp/one.txt" "$tmp/ck.txt" && pass || fail "with a checkpoint: differs"
head -n 300 "$tmp/t.ckpt" >"$tmp/half.ckpt"
"$X" --census --metric piece --checkpoint "$tmp/half.ckpt" "$tmp/t.spec" >"$tmp/re.txt" \
    2>"$tmp/re.err" && cmp -s "$tmp/one.txt" "$tmp/re.txt" &&
    grep -q "already walked" "$tmp/re.err" && pass || fail "resumed: differs"
# A checkpoint holding only the members taken by symmetry (4th field 1):
# the resumed run walks their partners, whose walks report them again;
# the checkpoint it rewrites holds each member once, and resumes again to
# the same report.
awk 'NR == 1 || $4 == 1' "$tmp/t.ckpt" >"$tmp/sym.ckpt"
"$X" --census --metric piece --checkpoint "$tmp/sym.ckpt" "$tmp/t.spec" >"$tmp/re1.txt" 2>/dev/null &&
    [ -z "$(tail -n +2 "$tmp/sym.ckpt" | cut -d' ' -f2 | sort | uniq -d)" ] &&
    "$X" --census --metric piece --checkpoint "$tmp/sym.ckpt" "$tmp/t.spec" >"$tmp/re2.txt" &&
    cmp -s "$tmp/one.txt" "$tmp/re1.txt" && cmp -s "$tmp/one.txt" "$tmp/re2.txt" && pass ||
    fail "resumed twice: a member written twice"
# A checkpoint line that is no start of its member is refused, naming it.
sed '3s/^set \([0-9]*\) [0-9-]* /set \1 7 /; 3s/ [01]$/ 5/' "$tmp/t.ckpt" >"$tmp/bad.ckpt"
sed -i '3s/$/ 9/' "$tmp/bad.ckpt"
out=$("$X" --census --metric piece --checkpoint "$tmp/bad.ckpt" "$tmp/t.spec" 2>&1 >/dev/null)
[ $? -eq 2 ] && [[ "$out" == *"bad.ckpt:3: "* ]] && pass || fail "a bad checkpoint line: '$out'"
# Each field is checked and named, the checkpoint's and the MPI words'
# one reader (census_codec.c): a start given with no distance, a piece
# past 65536, a start's piece off the tray, a member twice.
ckline() {   # ckline WHAT SED-EDIT WANT
    sed "$2" "$tmp/t.ckpt" >"$tmp/bad.ckpt"
    out=$("$X" --census --metric piece --checkpoint "$tmp/bad.ckpt" "$tmp/t.spec" 2>&1 >/dev/null)
    [ $? -eq 2 ] && [[ "$out" == *"bad.ckpt:"$3* ]] && pass || fail "checkpoint with $1: '$out'"
}
first=$(awk 'NR > 1 && $3 != "-" { print NR; exit }' "$tmp/t.ckpt")
ckline "no distance but a start" "${first}s/^set \([0-9]*\) [0-9]* /set \1 - /" \
    "$first: pieces: "*"a start is given exactly when a distance is"
ckline "a row past 65536" "${first}s/^\(set [0-9]* [0-9]* [01] [0-9]* [0-9]*\) [0-9]* /\1 70000 /" \
    "$first: start: 70000 is not from -1 to 65536"
ckline "a piece off the tray" "${first}s/^\(set [0-9]* [0-9]* [01] [0-9]* [0-9]*\) [0-9]* /\1 3 /" \
    "$first: start: a piece leaves the tray"
ckline "a member twice" "\$a $(sed -n "${first}p" "$tmp/t.ckpt")" \
    "$(( $(wc -l <"$tmp/t.ckpt") + 1 )): set: "*"is listed twice"

finish corner_census
