#!/usr/bin/env bash
# census.sh - slide-explore --census SPEC: bad SPECs (FILE:LINE, exit 2),
# the family as the census of the plain alphabet, the line path (one-axis
# pieces) against the graph path, pins and keep N, the four outputs
# agreeing, every hardest start solved by slide in exactly its distance,
# the SQLite schema and the documented query, and a checkpoint: a run
# interrupted with Ctrl-C and resumed prints what an uninterrupted run
# prints.  test_family.c checks the counts against a brute force.
source "$(dirname "${BASH_SOURCE[0]}")/census_lib.sh"
needs SLIDE SLIDE_CHECK

# ---- bad SPECs: each names its file and line, exit 2 ----------------------
bad 1 'first statement must be' 'kind a 1x1 1\n'
bad 2 'expected "tray ROWS COLS"' '# a comment\ntray 3\n'
bad 2 'no size' 'tray 3 3\nkind a 1y1 1\n'
bad 2 'MIN is more than MAX' 'tray 3 3\nkind a 1x1 3..1\n'
bad 2 'does not fit' 'tray 3 3\nkind a 1x4 1\n'
bad 3 'named twice' 'tray 3 3\nkind a 1x1 1\nkind a 1x2 1\n'
bad 2 'a kind takes one of' 'tray 3 3\nkind a 1x1 1 diagonal\n'
bad 3 'a kind named above' 'tray 3 3\nkind a 1x1 1\ngoal b 0 0\n'
bad 3 'leaves the' 'tray 3 3\nkind a 1x2 1\ngoal a 0 2\n'
bad 2 'inside the 3x3 tray' 'tray 3 3\nwall 3 0\n'
bad 2 'unknown statement' 'tray 3 3\nwalls 0 0\n'
bad 2 'a second tray' 'tray 3 3\ntray 3 3\n'
# Pins: only along the line a one-axis kind keeps, inside the tray; keep N.
bad 2 'pins a kind that slides only along rows' 'tray 3 3\nkind a 1x2 1 rows 1\n'
bad 2 'pins a kind that slides only along cols' 'tray 3 3\nkind a 1x2 1 row cols 1\n'
bad 3 'leaves the 3x3 tray' 'tray 3 3\n#\nkind a 2x1 1 col cols 1..3\n'
bad 2 'takes the lines its anchors keep to' 'tray 3 3\nkind a 1x2 1 row rows\n'
bad 2 'takes the lines its anchors keep to' 'tray 3 3\nkind a 1x2 1 row rows 2..1\n'
bad 2 'once each' 'tray 3 3\nkind a 1x2 1 row rows 1 rows 2\n'
bad 2 'expected "keep N"' 'tray 3 3\nkeep 0\n'
# What sb_census would refuse is the reader's, at its line: a second kind
# of a shape and axis already listed (both unmarked), a goal on a wall
# (drawn before the wall or after it), goals on one cell, a goal off its
# kind's pin.  Caps are named as the docs name
# them; numbers are decimal; a control byte is binary data, at once.
bad 3 'kind "b" is kind "a" (line 2) again' 'tray 3 3\nkind a 1x2 1\nkind b 1x2 0..2\n'
bad 3 'covers a wall (cell 1 2)' 'tray 3 3\nkind a 1x2 1\ngoal a 1 1\nwall 1 2\n'
bad 4 'covers a wall (cell 0 0)' 'tray 3 3\nkind a 1x1 1\nwall 0 0\ngoal a 0 0\n'
bad 5 'overlaps the 1x2 goal block at 0 0 (cell 0 1)' 'tray 2 3\nkind a 1x1 1..2\nkind b 1x2 1\ngoal b 0 0\ngoal a 0 1\n'
bad 3 'pinned to rows 1..1; at 0 0 no member could reach this goal' 'tray 3 3\nkind r 1x2 1 row rows 1\ngoal r 0 0\n'
bad 2 'a count may be at most 65,536' 'tray 3 3\nkind a 1x1 65537\n'
bad 2 'a count may be at most 65,536' 'tray 3 3\nkind a 1x1 0..99999999999999999999\n'
bad 2 'the components listed per member, 1 to 2,147,483,647' 'tray 3 3\nkeep 2147483648\n'
bad 2 'at most 65,536' 'tray 3 3\nempty 65537\n'
bad 2 '"0x10" is no count: write N or MIN..MAX in decimal' 'tray 3 3\nkind a 1x1 0x10\n'
bad 2 'binary data: byte 0x00 at column 5' 'tray 3 3\nkind\0 a 1x1 1\n'
bad 2 'a line may hold at most 10 words' 'tray 3 3\nkind a 1x1 1 row marked rows 1 a b c\n'
# Kinds of any shape: a picture 4-connected in a tight box, fitting the
# tray; a pin or goal holds the anchor (the leftmost cell of the top row);
# a goal covers a wall only with a cell of its shape; kinds polyominoes
# within the cap of 64 kinds, its names no kind's twice.
bad 2 'shape "#./.#" is not 4-connected' 'tray 3 3\nkind L #./.# 1\n'
bad 2 'shape "#../##" has rows of different lengths' 'tray 3 3\nkind L #../## 1\n'
bad 2 'shape "##/.." has an empty row: its box must be tight' 'tray 3 3\nkind L ##/.. 1\n'
bad 2 'shape ".#/.#" has an empty column' 'tray 3 3\nkind L .#/.# 1\n'
bad 2 'a ###/#.. piece does not fit the 2x2 tray' 'tray 2 2\nkind L ###/#.. 1\n'
bad 3 'kind "b" is kind "a" (line 2) again: both #./##, unmarked' 'tray 3 3\nkind a #./## 1\nkind b #./## 0..2\n'
bad 2 'cols 0..0: a .#/## piece anchored there leaves the 3x3 tray' 'tray 3 3\nkind J .#/## 1 col cols 0\n'
bad 3 'a J piece at 0 0 leaves the 3x3 tray' 'tray 3 3\nkind J .#/## 1\ngoal J 0 0\n'
bad 3 'covers a wall (cell 1 1)' 'tray 3 3\nkind L #./## 1\ngoal L 0 0\nwall 1 1\n'
bad 2 'more than 64 polyominoes of 1 to 5 cells fit the 4x4 tray' 'tray 4 4\nkinds polyominoes 5 0..1\n'
bad 2 'expected "kinds polyominoes N COUNT' 'tray 4 4\nkinds polyominoes 0 1\n'
bad 2 'expected "kinds polyominoes N COUNT' 'tray 4 4\nkinds squares 2 1\n'
bad 3 'kind "p1" is named twice (first on line 2)' 'tray 3 3\nkind p1 1x2 1\nkinds polyominoes 2 0..1\n'
bad 3 'kind "p1" is kind "u" (line 2) again: both 1x1' 'tray 3 3\nkind u 1x1 0..3\nkinds polyominoes 2 0..1\n'
printf 'tray 3 3\nwall 0 1\nkind L #./## 1  # the wall is in its box, off its cells\ngoal L 0 0\n' \
    >"$tmp/lwall.spec"
"$X" --census "$tmp/lwall.spec" >/dev/null 2>&1 && pass || fail "a goal whose box holds a wall"
long=$(printf '%*s' 1014 '' | tr ' ' x)
bad 2 'lines may be at most 1,024 characters, comments included' "tray 3 3\nkind a 1x1 1 #$long\n"
printf 'tray 3 3\nkind a 1x1 1 #%s\n' "${long:4}" >"$tmp/long.spec"   # 1,024 characters
"$X" --census "$tmp/long.spec" >/dev/null 2>&1 && pass || fail "a line of 1,024 characters"
out=$(timeout 20 "$X" --census /dev/zero 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [[ "$out" == *"/dev/zero:1: binary data: byte 0x00 at column 1"* ]] && pass ||
    fail "/dev/zero as SPEC: exit $rc, '$out'"
printf 'tray 3 3\n' >"$tmp/nokind.spec"
out=$("$X" --census "$tmp/nokind.spec" 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [[ "$out" == *"nokind.spec: no \"kind\" line"* ]] && pass || fail "no kind: $rc $out"
"$X" --census "$tmp/missing.spec" >/dev/null 2>&1; [ $? -eq 2 ] && pass || fail "missing SPEC"
"$X" --census --csv --json "$tmp/nokind.spec" >/dev/null 2>&1
[ $? -eq 2 ] && pass || fail "two output forms"

# ---- the family is the census of the plain alphabet -----------------------
# Klotski's family on a 3x4 tray: a 2x2, then any number of 1x1, 1x2 and
# 2x1 blocks leaving two cells empty (INIT: the 2x2, two 2x1, a 1x2).
printf 'AABC\nAABC\nDD..\n' >"$tmp/fam.init"
cat >"$tmp/fam.spec" <<'EOF'
tray 3 4
kind big 2x2 1
kind unit 1x1 0..12
kind wide 1x2 0..6
kind tall 2x1 0..6
empty 2
EOF
"$X" --family --json "$tmp/fam.init" >"$tmp/fam.json" &&
    "$X" --census --json "$tmp/fam.spec" >"$tmp/census.json" &&
    python3 - "$tmp/fam.json" "$tmp/census.json" <<'EOF' && pass || fail "family != census"
import json, sys
fam = json.load(open(sys.argv[1]))
cen = json.load(open(sys.argv[2]))
a = [(m["1x1"], m["1x2"], m["2x1"], m["layouts"], m["components"]) for m in fam["list"]]
b = [(m["counts"]["unit"], m["counts"]["wide"], m["counts"]["tall"], m["layouts"],
      len(m["components"])) for m in cen["list"]]
assert a == b and cen["layouts"] == fam["layouts"], (a[:3], b[:3])
EOF

# ---- a goal: every hardest start takes exactly its distance ----------------
cat >"$tmp/rush.spec" <<'EOF'
# A small Rush Hour: the red car on row 1 of a 4x4 tray with a wall,
# cars and a truck standing in its way.
tray 4 4
wall 3 0
kind red 1x2 1 row marked
kind car 2x1 0..2 col
kind truck 3x1 0..1 col
kind hcar 1x2 0..1 row
empty 3
goal red 1 2
diameters
EOF
"$X" --census --json "$tmp/rush.spec" >"$tmp/rush.json" || fail "rush census"
"$X" --census --csv "$tmp/rush.spec" >"$tmp/rush.csv" || fail "rush csv"
"$X" --census "$tmp/rush.spec" >"$tmp/rush.txt" || fail "rush text"
# Every component with a hardest start: its start and goal pictures solved
# by slide --optimal in exactly that many line moves, checked by slide-check.
python3 - "$tmp/rush.json" "$tmp" <<'EOF' >"$tmp/starts" || fail "reading the JSON"
import json, sys
d = json.load(open(sys.argv[1]))
n = 0
for m in d["list"]:
    for i, c in enumerate(m["components"]):
        assert sum(1 for _ in [c]) and c["size"] > 0
        if c["hardest"] is None:
            continue
        if n % 7 == 0:   # a sample: a slide per start
            base = "%s/start%d" % (sys.argv[2], n)
            open(base + ".init", "w").write("\n".join(c["start"]) + "\n")
            open(base + ".goal", "w").write("\n".join(c["goal"]) + "\n")
            print(base, c["hardest"])
        n += 1
assert n > 0
EOF
# solve_starts LIST: each "BASE MOVES" line's BASE.init solved by slide
# --optimal in exactly MOVES moves, checked by slide-check; sets checked.
solve_starts() {
    checked=0
    while read -r base want; do
        "$SLIDE" --optimal "$base.init" "$base.goal" >"$base.moves" 2>"$base.err"
        got=$(wc -l <"$base.moves")
        if [ "$got" -eq "$want" ] && verified "$base.init" "$base.goal" "$base.moves"; then
            checked=$((checked + 1))
        else
            fail "$base: slide takes $got moves, the census says $want ($(cat "$base.err")) ${verdict:-}"
        fi
    done <"$1"
}
solve_starts "$tmp/starts"
[ $checked -gt 0 ] && pass || fail "no hardest start checked"
# The CSV's rows and the JSON's components are the same list.
python3 - "$tmp/rush.json" "$tmp/rush.csv" <<'EOF' && pass || fail "CSV and JSON differ"
import csv, json, sys
d = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
comps = [(m["member"], i, c) for m in d["list"] for i, c in enumerate(m["components"])]
assert len(rows) == len(comps)
for r, (mi, i, c) in zip(rows, comps):
    assert int(r["member"]) == mi and int(r["component"]) == i
    assert int(r["size"]) == c["size"] and int(r["diameter"]) == c["diameter"]
    assert (r["hardest"] or None) == (None if c["hardest"] is None else str(c["hardest"]))
    if c["start"]:
        assert r["start"] == "/".join(c["start"])
EOF
# The text's hardest start is the JSON's greatest hardest.
want=$(python3 -c "
import json; d = json.load(open('$tmp/rush.json'))
print(max(c['hardest'] for m in d['list'] for c in m['components'] if c['hardest'] is not None))")
grep -q "^hardest start: $want moves" "$tmp/rush.txt" && pass || fail "text hardest != $want"

# ---- the line path: one-axis censuses, the graph path's report ----------
# Random small censuses of one-axis pieces (trays 3x3 to 5x5, walls, a
# marked red car pinned to its row or not, a goal or none): every one
# reports, under every metric, exactly what the general board's graph
# reports (--engine general), text and JSON, pictures included.
python3 - "$tmp" <<'EOF' || fail "writing random SPECs"
import random, sys
rng = random.Random(14)
for n in range(12):
    rows, cols = rng.randint(3, 5), rng.randint(3, 5)
    lines = ["tray %d %d" % (rows, cols)]
    red_row = rng.randrange(rows)
    for _ in range(rng.randint(0, 2)):
        r, c = rng.randrange(rows), rng.randrange(cols)
        if r != red_row or c < cols - 2:   # not under the goal
            lines.append("wall %d %d" % (r, c))
    pin = " rows %d" % red_row if rng.random() < 0.5 else ""
    lines.append("kind red 1x2 1 row marked%s" % pin)
    lines.append("kind car 1x2 0..%d row" % rng.randint(0, 2))
    lines.append("kind vcar 2x1 0..%d col" % rng.randint(0, 2))
    if rows * cols >= 16:
        pin = " cols 0..%d" % (cols - 2) if rng.random() < 0.5 else ""
        lines.append("kind vtruck 3x1 0..1 col%s" % pin)
        lines.append("kind unit 1x1 0..1 row")
    if rng.random() < 0.8:
        lines.append("goal red %d %d" % (red_row, cols - 2))
    if rng.random() < 0.3:
        lines.append("empty %d" % rng.randint(1, 3))
    open("%s/line%d.spec" % (sys.argv[1], n), "w").write("\n".join(lines) + "\n")
EOF
same=0
for n in $(seq 0 11); do
    spec="$tmp/line$n.spec"
    for metric in unit line piece; do
        for form in "" --json; do
            "$X" --census --threads 2 --metric $metric $form "$spec" >"$tmp/line.out" 2>"$tmp/line.err" &&
                "$X" --census --threads 2 --metric $metric --engine general $form "$spec" \
                    >"$tmp/graph.out" 2>>"$tmp/line.err"
            if [ $? -eq 0 ] && cmp -s "$tmp/line.out" "$tmp/graph.out"; then same=$((same + 1))
            else fail "line path != graph path: line$n.spec --metric $metric $form ($(cat "$tmp/line.err"))"
                 cat "$spec"; fi
        done
    done
done
[ $same -eq 72 ] && pass || fail "only $same of 72 line-path reports match"
# Rush Hour on 4x4, every count that fits, members with no layout
# included: both paths report alike, and the layouts are the transfer
# matrix's count (bench/rush_hour_layouts.py, an independent count).
cat >"$tmp/rh4.spec" <<'EOF'
tray 4 4
kind red 1x2 1 row marked rows 2
kind car 1x2 0..8 row
kind vcar 2x1 0..8 col
kind truck 1x3 0..4 row
kind vtruck 3x1 0..4 col
goal red 2 2
keep 2
EOF
want=$(N=4 python3 "$(dirname "$0")/../bench/rush_hour_layouts.py" | sed -n 's/.*red on row 2: \([0-9]*\).*/\1/p')
"$X" --census --json "$tmp/rh4.spec" >"$tmp/rh4.line" &&
    "$X" --census --json --engine general "$tmp/rh4.spec" >"$tmp/rh4.graph" &&
    cmp -s "$tmp/rh4.line" "$tmp/rh4.graph" && pass || fail "4x4 Rush Hour: line path != graph path"
got=$(python3 -c "import json; print(json.load(open('$tmp/rh4.line'))['layouts'])")
[ -n "$want" ] && [ "$got" = "$want" ] && pass || fail "4x4 Rush Hour: $got layouts, the transfer matrix $want"
# Walls split lines in two (the red car's run and the cars' runs are
# lines of their own), every kind pinned but one.
cat >"$tmp/walls.spec" <<'EOF'
tray 5 5
wall 0 2
wall 3 1
wall 4 3
kind red 1x2 1 row marked rows 2
kind car 1x2 0..2 row rows 0..3
kind vcar 2x1 0..2 col cols 1..4
kind vtruck 3x1 0..1 col
goal red 2 3
EOF
"$X" --census --json "$tmp/walls.spec" >"$tmp/walls.line" &&
    "$X" --census --json --engine general "$tmp/walls.spec" >"$tmp/walls.graph" &&
    cmp -s "$tmp/walls.line" "$tmp/walls.graph" && pass || fail "walls: line path != graph path"
# keep N: the counts stay whole, the list is the N hardest of the full one
# (in its order), and the census's hardest start is among them.
{ cat "$tmp/walls.spec"; echo "keep 2"; } >"$tmp/keep.spec"
"$X" --census --json "$tmp/keep.spec" >"$tmp/keep.json" || fail "keep run"
python3 - "$tmp/walls.line" "$tmp/keep.json" <<'EOF' && pass || fail "keep 2"
import json, sys
full, kept = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert kept["keep"] == 2 and full["keep"] is None
assert (full["layouts"], full["components"]) == (kept["layouts"], kept["components"])
assert full["hardest"]["moves"] == kept["hardest"]["moves"]
assert full["hardest"]["start"] == kept["hardest"]["start"]
for a, b in zip(full["list"], kept["list"]):
    comps = a["components"]
    assert a["all_components"] == b["all_components"] == len(comps)
    assert a["largest"] == b["largest"] == max([c["size"] for c in comps] or [0])
    key = lambda i: (-(comps[i]["hardest"] + 1 if comps[i]["hardest"] is not None else 0), i)
    want = sorted(sorted(range(len(comps)), key=key)[:2])
    assert b["components"] == [comps[i] for i in want], (a["member"], want)
    hard = [c["hardest"] for c in comps if c["hardest"] is not None]
    assert a["hardest"] == b["hardest"] == (max(hard) if hard else None)
    assert b["goal_components"] == len(hard)
EOF
# The line path's hardest starts, the census's own among them: slide
# --optimal takes exactly that many moves, and slide-check accepts them.
python3 - "$tmp/walls.line" "$tmp" <<'EOF' >"$tmp/lstarts" || fail "reading the walls JSON"
import json, sys
d, n = json.load(open(sys.argv[1])), 0
def write(base, start, goal, moves):
    open(base + ".init", "w").write("\n".join(start) + "\n")
    open(base + ".goal", "w").write("\n".join(goal) + "\n")
    print(base, moves)
for m in d["list"]:
    for c in m["components"]:
        if c["hardest"] is not None and c["hardest"] > 0 and n < 40:
            if n % 4 == 0:
                write("%s/lstart%d" % (sys.argv[2], n), c["start"], c["goal"], c["hardest"])
            n += 1
h = d["hardest"]
write("%s/lstart-top" % sys.argv[2], h["start"], h["goal"], h["moves"])
EOF
solve_starts "$tmp/lstarts"
[ $checked -gt 3 ] && pass || fail "only $checked line-path hardest starts checked"

# ---- kinds of any shape ------------------------------------------------------
# kinds polyominoes 4 on a 3x3 tray: one kind for every fixed polyomino of
# 1 to 4 cells whose box fits, named by its picture, against Python's own
# list (every 4-connected set of at most 4 of the box's 9 cells, moved to
# its corner).
printf 'tray 3 3\nkinds polyominoes 4 0..1\nempty 4\n' >"$tmp/poly.spec"
"$X" --census --json "$tmp/poly.spec" >"$tmp/poly.json" || fail "kinds polyominoes 4"
python3 - "$tmp/poly.json" <<'EOF' && pass || fail "kinds polyominoes 4: not every polyomino once"
import itertools, json, sys
kinds = json.load(open(sys.argv[1]))["kinds"]
def connected(cells):
    seen, todo = set(), [min(cells)]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo += [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if (r + dr, c + dc) in cells]
    return len(seen) == len(cells)
want = set()
for n in range(1, 5):
    for cells in itertools.combinations([(r, c) for r in range(3) for c in range(3)], n):
        if connected(set(cells)):
            r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
            want.add(frozenset((r - r0, c - c0) for r, c in cells))
got = [frozenset((r, c) for r, row in enumerate(k["cells"]) for c, ch in enumerate(row)
                 if ch == "#") for k in kinds]
assert len(got) == len(set(got)) == len(want) == 26 and set(got) == want, len(got)
for k in kinds:
    assert k["name"] == "p" + "-".join(row.replace("#", "1").replace(".", "0")
                                       for row in k["cells"]), k
    assert (k["height"], k["width"]) == (len(k["cells"]), len(k["cells"][0]))
sizes = [sum(row.count("#") for row in k["cells"]) for k in kinds]
assert sizes == sorted(sizes)
EOF
# Shaped kinds with walls and a goal: every hardest start solved by slide
# in exactly its distance; text, JSON, CSV and SQLite show the shapes.
cat >"$tmp/shaped.spec" <<'EOF'
tray 4 4
wall 0 3
kind L #./## 1 marked
kind T ###/.#. 0..1
kind S .##/##. 0..1
kind wide 1x2 0..1
kind unit 1x1 0..4
empty 2
goal L 2 2
EOF
"$X" --census --json "$tmp/shaped.spec" >"$tmp/shaped.json" &&
    "$X" --census "$tmp/shaped.spec" >"$tmp/shaped.txt" &&
    "$X" --census --csv "$tmp/shaped.spec" >"$tmp/shaped.csv" || fail "shaped census"
grep -q '^shapes: L #./##, T ###/.#., S .##/##., wide ##, unit #$' "$tmp/shaped.txt" && pass ||
    fail "the text names no shapes: $(sed -n 3p "$tmp/shaped.txt")"
python3 - "$tmp/shaped.json" "$tmp" <<'EOF' >"$tmp/sstarts" || fail "reading the shaped JSON"
import json, sys
d, n = json.load(open(sys.argv[1])), 0
assert [k["cells"] for k in d["kinds"]] == [["#.", "##"], ["###", ".#."], [".##", "##."],
                                            ["##"], ["#"]]
for m in d["list"]:
    for c in m["components"]:
        if c["hardest"] is not None and n < 60:
            if n % 5 == 0:
                base = "%s/sstart%d" % (sys.argv[2], n)
                open(base + ".init", "w").write("\n".join(c["start"]) + "\n")
                open(base + ".goal", "w").write("\n".join(c["goal"]) + "\n")
                print(base, c["hardest"])
            n += 1
h = d["hardest"]
open(sys.argv[2] + "/stop.init", "w").write("\n".join(h["start"]) + "\n")
open(sys.argv[2] + "/stop.goal", "w").write("\n".join(h["goal"]) + "\n")
print(sys.argv[2] + "/stop", h["moves"])
EOF
solve_starts "$tmp/sstarts"
[ $checked -gt 5 ] && pass || fail "only $checked shaped hardest starts checked"
python3 - "$tmp/shaped.json" "$tmp/shaped.csv" <<'EOF' && pass || fail "shaped CSV and JSON differ"
import csv, json, sys
d = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
comps = [(m, c) for m in d["list"] for c in m["components"]]
assert len(rows) == len(comps)
for r, (m, c) in zip(rows, comps):
    assert r["example"] == "/".join(c["example"]) and int(r["L"]) == m["counts"]["L"]
EOF
if "$X" --census --sqlite "$tmp/shaped.db" "$tmp/shaped.spec" 2>/dev/null &&
        command -v sqlite3 >/dev/null; then
    got=$(sqlite3 "$tmp/shaped.db" "SELECT name || ' ' || shape FROM kinds ORDER BY id" | tr '\n' ,)
    [ "$got" = "L #./##,T ###/.#.,S .##/##.,wide ##,unit #," ] && pass || fail "SQLite shapes: $got"
fi
# as_general SPEC: under every metric, auto (2 threads) reports exactly
# what the general board's graph reports.
as_general() {
    for metric in unit line piece; do
        "$X" --census --json --threads 2 --metric $metric "$1" >"$tmp/auto.out" &&
            "$X" --census --json --metric $metric --engine general "$1" >"$tmp/general.out" &&
            cmp -s "$tmp/auto.out" "$tmp/general.out" && pass ||
            fail "${1##*/}, --metric $metric: auto != --engine general"
    done
}
# Members of rectangles alone take the bitboard (the ranked walk) under
# auto; everything the general board says, auto says too.
sed '/wall/d' "$tmp/shaped.spec" >"$tmp/open.spec"
as_general "$tmp/open.spec"
# One-axis cars and an L that slides up and down: members without the L
# take the line path, those with it the graph; the general board's report
# is the same.
cat >"$tmp/lines.spec" <<'EOF'
tray 4 4
wall 3 0
kind red 1x2 1 row marked rows 1
kind car 2x1 0..2 col
kind L #./## 0..1 col cols 1..2
kind hcar 1x2 0..1 row
empty 3
goal red 1 2
EOF
as_general "$tmp/lines.spec"
# A shaped census's checkpoint reads back (shapes coded by kind) and the
# rerun prints the same.
"$X" --census --json --checkpoint "$tmp/shaped.ckpt" "$tmp/shaped.spec" >/dev/null 2>&1 &&
    "$X" --census --json --checkpoint "$tmp/shaped.ckpt" "$tmp/shaped.spec" \
        >"$tmp/shaped.again" 2>"$tmp/shaped.err" &&
    grep -q "members already mapped, skipped" "$tmp/shaped.err" &&
    cmp -s "$tmp/shaped.json" "$tmp/shaped.again" && pass ||
    fail "a shaped census resumed: $(cat "$tmp/shaped.err")"
# The example SPEC runs, and finds its hardest start.
"$X" --census "$(dirname "$0")/../puzzles/census/shapes-4x4.spec" | grep -q '^hardest start: ' &&
    pass || fail "puzzles/census/shapes-4x4.spec"

# ---- SQLite: the schema and the documented query --------------------------
if "$X" --census --sqlite "$tmp/rush.db" "$tmp/rush.spec" 2>"$tmp/sqlite.err"; then
    if command -v sqlite3 >/dev/null; then
        # docs/explore.md's query: the hardest puzzle with at most N pieces.
        q="SELECT c.hardest, m.pieces, c.start FROM components c JOIN members m ON m.id = c.member
           WHERE m.pieces <= 3 AND c.hardest IS NOT NULL
           ORDER BY c.hardest DESC, c.member, c.idx LIMIT 1;"
        got=$(sqlite3 "$tmp/rush.db" "$q" | head -1 | cut -d'|' -f1,2)
        want=$(python3 -c "
import json; d = json.load(open('$tmp/rush.json'))
best = max((c['hardest'], -m['member'], -i, m['pieces']) for m in d['list'] if m['pieces'] <= 3
           for i, c in enumerate(m['components']) if c['hardest'] is not None)
print('%d|%d' % (best[0], best[3]))")
        [ -n "$got" ] && [ "$got" = "$want" ] && pass || fail "SQLite query: '$got', JSON '$want'"
        n=$(sqlite3 "$tmp/rush.db" "SELECT COUNT(*) FROM components; SELECT components FROM census;" | tr '\n' ' ')
        python3 -c "
import json,sys; d = json.load(open('$tmp/rush.json'))
n = sum(len(m['components']) for m in d['list']); sys.exit(0 if '$n' == '%d %d ' % (n, n) else 1)" &&
            pass || fail "SQLite rows: $n"
    else
        echo "SKIP: no sqlite3 shell to query the database"
    fi
elif grep -q "built without SQLite" "$tmp/sqlite.err"; then
    echo "SKIP: built without SQLite"
else
    fail "--sqlite: $(cat "$tmp/sqlite.err")"
fi

# ---- the checkpoint: Ctrl-C, then a rerun prints the same -----------------
cat >"$tmp/big.spec" <<'EOF'
tray 5 4
kind big 2x2 1
kind wide 1x2 0..2
kind tall 2x1 0..3
kind unit 1x1 0..3
empty 2
goal big 3 1
EOF
"$X" --census --threads 1 --json "$tmp/big.spec" >"$tmp/whole.json" || fail "whole run"
set -m
"$X" --census --threads 1 --json --checkpoint "$tmp/big.ckpt" "$tmp/big.spec" \
    >"$tmp/part.json" 2>"$tmp/part.err" &
pid=$!
# Wait for the first write of the checkpoint (at the first member mapped,
# then at most once a second).
for _ in $(seq 6000); do
    [ -s "$tmp/big.ckpt" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.01
done
kill -INT $pid 2>/dev/null
wait $pid
rc=$?
set +m
if [ $rc -eq 3 ] && [ ! -s "$tmp/part.json" ]; then pass
elif [ $rc -eq 0 ]; then echo "NOTE: the census finished before Ctrl-C landed"; pass
else fail "interrupted census: exit $rc, $(cat "$tmp/part.err")"; fi
"$X" --census --threads 2 --json --checkpoint "$tmp/big.ckpt" "$tmp/big.spec" \
    >"$tmp/resumed.json" 2>"$tmp/resumed.err" || fail "resumed run: $(cat "$tmp/resumed.err")"
grep -q "members already mapped, skipped" "$tmp/resumed.err" && pass ||
    fail "the rerun skipped nothing: $(cat "$tmp/resumed.err")"
cmp -s "$tmp/whole.json" "$tmp/resumed.json" && pass || fail "resumed output differs"
# A third run maps nothing and still prints the same; another SPEC's
# checkpoint is refused.
"$X" --census --json --checkpoint "$tmp/big.ckpt" "$tmp/big.spec" >"$tmp/again.json" 2>/dev/null &&
    cmp -s "$tmp/whole.json" "$tmp/again.json" && pass || fail "rerun from a full checkpoint"
"$X" --census --checkpoint "$tmp/big.ckpt" "$tmp/rush.spec" >/dev/null 2>"$tmp/other.err"
[ $? -eq 2 ] && grep -q "another census" "$tmp/other.err" && pass || fail "foreign checkpoint"
echo "bogus" >"$tmp/bogus.ckpt"
"$X" --census --checkpoint "$tmp/bogus.ckpt" "$tmp/rush.spec" >/dev/null 2>"$tmp/bogus.err"
[ $? -eq 2 ] && grep -q "bogus.ckpt:1: not a census checkpoint" "$tmp/bogus.err" && pass ||
    fail "bogus checkpoint: $(cat "$tmp/bogus.err")"

# A checkpoint that is not what its census gives (a hand-edited or
# damaged file) is refused, exit 2, naming the line and the field, and
# left as it was: nothing of it is carried into a rewritten file.  The
# fields of a "member" line: index, the count of each kind, layouts,
# components, largest, goal components, hardest, peak bytes, mapped,
# parts, parts held, listed (docs/explore.md).
member=$(grep -n -m1 '^member ' "$tmp/big.ckpt" | cut -d: -f1)
edit() {   # edit WORD VALUE: the first member line's word WORD (from 1) set to VALUE
    awk -v at="$member" -v w="$1" -v v="$2" 'NR == at { $w = v } { print }' "$tmp/big.ckpt" \
        >"$tmp/evil.ckpt"
}
refused() {   # refused WHAT FRAGMENT: the edited checkpoint gives FRAGMENT, exit 2, unchanged
    cp "$tmp/evil.ckpt" "$tmp/evil.before"
    "$X" --census --threads 1 --checkpoint "$tmp/evil.ckpt" "$tmp/big.spec" >"$tmp/evil.out" \
        2>"$tmp/evil.err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -qF -- "$2" "$tmp/evil.err" && [ ! -s "$tmp/evil.out" ] &&
        cmp -s "$tmp/evil.ckpt" "$tmp/evil.before"; then pass
    else fail "checkpoint with $1: exit $rc: $(cat "$tmp/evil.err")"; fi
}
edit 2 99999
refused "member 99999" "evil.ckpt:$member: member: 99999 is past the census's last member"
edit 7 $(( $(awk -v at="$member" 'NR == at { print $7 }' "$tmp/big.ckpt") + 1 ))
refused "layouts + 1" "evil.ckpt:$member: layouts: "
edit 7 1000000000000000000
refused "layouts 10^18" "evil.ckpt:$member: layouts: 1000000000000000000 is more than its pieces have"
edit 3 7
refused "another member's count" "evil.ckpt:$member: big: 7 pieces, but member"
edit 16 18446744073709551615
refused "a list whose size would wrap" "evil.ckpt:$member: listed: 18446744073709551615"
edit 3 0x1
refused "a hex count" "evil.ckpt:$member: big: 'x' is not a decimal digit"
{ head -n 1 "$tmp/big.ckpt"; sed -n "${member},\$p" "$tmp/big.ckpt"; sed -n "${member},\$p" "$tmp/big.ckpt"; } \
    >"$tmp/evil.ckpt"
refused "a member twice" "is listed twice"
sed '1s/ 3 / 2 /' "$tmp/big.ckpt" >"$tmp/evil.ckpt"
refused "the format of an older slide" \
    "evil.ckpt:1: version: 2: a checkpoint of format 2, from an older slide; this one reads format 3 only"
head -c -3 "$tmp/big.ckpt" >"$tmp/evil.ckpt"
refused "its last line cut short" "evil.ckpt:"
# Not a file the census could rewrite: refused before anything is read.
"$X" --census --checkpoint /dev/zero "$tmp/big.spec" >/dev/null 2>"$tmp/evil.err"
[ $? -eq 2 ] && grep -qF "/dev/zero: not a regular file" "$tmp/evil.err" && pass ||
    fail "/dev/zero as a checkpoint: $(cat "$tmp/evil.err")"

finish census.sh
