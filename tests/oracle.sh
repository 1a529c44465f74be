#!/usr/bin/env bash
# oracle.sh - the distance oracle (slide-explore --distances, --graph)
# against an independent brute force and against the solver.
#
# For 14 random small trays (gen_trays.sh, fixed seed) under each metric:
#   - a breadth-first search written here in Python (its own move
#     generator for rectangles, one-cell steps, straight slides or a piece
#     along any path) walks everything INIT reaches and, backwards from
#     every goal configuration, every distance: the oracle's count, moves
#     and every configuration's distance must equal it;
#   - INIT's distance must equal the length of `slide --optimal`'s
#     solution (read from -ostats; exit 1, no solution, where it is null);
#   - the binary form must say what the JSON says, and --engine general
#     must write the same bytes as the default engine;
#   - the GraphML must parse (xml.etree), with one node per configuration
#     and one edge per move, each edge's move taking its source to its
#     target; the edge lines likewise; where --components finds INIT's
#     layouts one component, its sizes and moves must match.
# Then the limits: --max-states below the space exits 3 with a message,
# --distances without GOAL exits 2.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
needs SLIDE SLIDE_EXPLORE TESTS_DIR PROJECT_PUZZLES

bash "$TESTS_DIR/gen_trays.sh" "$tmp/r" 14 13
for init in "$tmp"/r/*.init; do
    goal=${init%.init}.goal
    name=$(basename "$init" .init)
    for metric in unit line piece; do
        out=$tmp/$name.$metric
        "$SLIDE_EXPLORE" --metric "$metric" --distances "$init" "$goal" >"$out.json" ||
            { fail "$name $metric: --distances failed"; continue; }
        "$SLIDE_EXPLORE" --metric "$metric" --distances --distances-format binary \
            "$init" "$goal" >"$out.bin"
        "$SLIDE_EXPLORE" --metric "$metric" --engine general --distances \
            --distances-format binary "$init" "$goal" >"$out.general.bin"
        cmp -s "$out.bin" "$out.general.bin" && pass ||
            fail "$name $metric: the general board's table differs from the default engine's"
        "$SLIDE_EXPLORE" --metric "$metric" --graph graphml "$init" "$goal" >"$out.graphml"
        "$SLIDE_EXPLORE" --metric "$metric" --graph edges "$init" >"$out.edges"
        "$SLIDE_EXPLORE" --metric "$metric" --components --json "$init" >"$out.components"
        timeout 60 "$SLIDE" -ostats --optimal --metric "$metric" "$init" "$goal" \
            >/dev/null 2>"$out.stats"
        echo $? >"$out.rc"
        python3 - "$init" "$goal" "$metric" "$out" <<'PY' && pass || fail "$name $metric (above)"
import json, struct, sys
import xml.etree.ElementTree as ET
init_path, goal_path, metric, out = sys.argv[1:5]

def rects(path, tray):
    lines = [list(map(int, l.split())) for l in open(path) if l.strip()]
    size = lines.pop(0) if tray else None
    return size, [(r2 - r1 + 1, c2 - c1 + 1, r1, c1) for r1, c1, r2, c2 in lines]

(H, W), blocks = rects(init_path, True)
_, goals = rects(goal_path, False)
start = tuple(sorted(blocks))

def neighbours(state):
    """Every configuration one move away under the metric."""
    out = set()
    for k, (h, w, r, c) in enumerate(state):
        rest = state[:k] + state[k + 1:]
        taken = {(y, x) for hh, ww, rr, cc in rest for y in range(rr, rr + hh) for x in range(cc, cc + ww)}
        def fits(r, c):
            return 0 <= r and 0 <= c and r + h <= H and c + w <= W and \
                all((y, x) not in taken for y in range(r, r + h) for x in range(c, c + w))
        places = set()
        if metric == "piece":
            seen, todo = {(r, c)}, [(r, c)]
            while todo:
                y, x = todo.pop()
                for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    if (y + dy, x + dx) not in seen and fits(y + dy, x + dx):
                        seen.add((y + dy, x + dx)); todo.append((y + dy, x + dx))
            places = seen - {(r, c)}
        else:
            for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                y, x = r + dy, c + dx
                while fits(y, x):
                    places.add((y, x))
                    if metric == "unit":
                        break
                    y, x = y + dy, x + dx
        for y, x in places:
            out.add(tuple(sorted(rest + ((h, w, y, x),))))
    return out

# Everything INIT reaches, and the graph under the metric.
adj, todo = {start: None}, [start]
while todo:
    s = todo.pop()
    adj[s] = neighbours(s)
    for t in adj[s]:
        if t not in adj:
            adj[t] = None
            todo.append(t)
dist = {s: 0 for s in adj if all(g in s for g in goals)}
layer = list(dist)
while layer:
    nxt = []
    for s in layer:
        for t in adj[s]:
            if t not in dist:
                dist[t] = dist[s] + 1
                nxt.append(t)
    layer = nxt
moves = sum(len(v) for v in adj.values()) // 2

d = json.load(open(out + ".json"))
assert d["count"] == len(adj), f"{d['count']} configurations, brute force {len(adj)}"
assert d["moves"] == moves, f"{d['moves']} moves, brute force {moves}"
sizes = [(c["height"], c["width"]) for c in d["classes"] for _ in range(c["count"])]
def state_of(anchors):
    return tuple(sorted((h, w, r, c) for (h, w), (r, c) in zip(sizes, anchors)))
configs = [state_of(c["anchors"]) for c in d["configurations"]]
assert len(set(configs)) == len(configs) == len(adj)
for s, c in zip(configs, d["configurations"]):
    assert s in adj, f"{s} is not reachable"
    assert c["distance"] == dist.get(s), f"{s}: distance {c['distance']}, brute force {dist.get(s)}"
assert configs[d["init_index"]] == start

# The solver's optimal length for INIT.
rc = int(open(out + ".rc").read())
if rc == 0:
    length = [l.replace(",", " ").split() for l in open(out + ".stats") if l.startswith("length:")][0]
    got = int(length[length.index(metric) - 1])
    assert got == dist[start], f"slide --optimal: {got}, oracle {dist[start]}"
else:
    assert rc == 1 and start not in dist, f"slide --optimal exit {rc}, oracle {dist.get(start)}"

# The binary form says the same.
raw = open(out + ".bin", "rb").read()
assert raw[:8] == b"SLDIST1\n"
rows, cols, met, ncls = struct.unpack_from("<4I", raw, 8)
counts = struct.unpack_from(f"<{ncls}I", raw, 24)
nblocks, count, init = struct.unpack_from("<IQQ", raw, 24 + 4 * ncls)
at = 24 + 4 * ncls + 20
assert (rows, cols, count, init) == (H, W, d["count"], d["init_index"])
assert list(counts) == [c["count"] for c in d["classes"]]
for c in d["configurations"]:
    cells = struct.unpack_from(f"<{nblocks}H", raw, at)
    (v,) = struct.unpack_from("<I", raw, at + 2 * nblocks)
    at += 2 * nblocks + 4
    assert [list(divmod(x, cols)) for x in cells] == c["anchors"]
    assert v == (0xFFFFFFFF if c["distance"] is None else c["distance"])
assert at == len(raw)

# GraphML: one node per configuration, one edge per move, each edge's move
# taking its source to its target.
ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
g = ET.parse(out + ".graphml").getroot()
nodes = g.findall(".//g:node", ns)
edges = g.findall(".//g:edge", ns)
assert len(nodes) == len(adj) and len(edges) == moves, (len(nodes), len(edges))
node_state = {}
for n in nodes:
    data = {x.get("key"): x.text for x in n.findall("g:data", ns)}
    anchors = [list(map(int, p.split(","))) for p in data["anchors"].split()]
    s = state_of(anchors)
    node_state[n.get("id")] = s
    want = dist.get(s)
    assert (int(data["distance"]) if "distance" in data else None) == want
def moved(s, r1, c1, r2, c2):
    (b,) = [b for b in s if b[2:] == (r1, c1)]
    return tuple(sorted([x for x in s if x != b] + [(b[0], b[1], r2, c2)]))
pairs = set()
for e in edges:
    a, b = node_state[e.get("source")], node_state[e.get("target")]
    r1, c1, r2, c2 = map(int, e.find("g:data", ns).text.split())
    assert b in adj[a] and moved(a, r1, c1, r2, c2) == b, "an edge's move does not link its ends"
    pairs.add(frozenset((a, b)))
assert len(pairs) == moves

# Edge lines: the same edges, numbered as --distances numbers them.
lines = [list(map(int, l.split())) for l in open(out + ".edges")]
assert len(lines) == moves
for i, j, r1, c1, r2, c2 in lines:
    assert i < j and moved(configs[i], r1, c1, r2, c2) == configs[j]

# --components: INIT's component has every configuration; alone, its moves too.
comp = json.load(open(out + ".components"))
assert comp["list"][comp["init_component"]]["size"] == len(adj)
if comp["components"] == 1:
    assert comp["moves"] == 2 * moves, (comp["moves"], moves)
PY
    done
done

# Limits and usage.
"$SLIDE_EXPLORE" --distances --max-states 100 "$PROJECT_PUZZLES/klotski.init" \
    "$PROJECT_PUZZLES/klotski.goal" >"$tmp/out" 2>"$tmp/err"
[ $? = 3 ] && grep -q "max-states" "$tmp/err" && [ ! -s "$tmp/out" ] && pass ||
    fail "--distances past --max-states: not exit 3 with a message and no output"
"$SLIDE_EXPLORE" --graph graphml --max-memory 64K "$PROJECT_PUZZLES/klotski.init" \
    >"$tmp/out" 2>"$tmp/err"
[ $? = 3 ] && grep -q "max-memory" "$tmp/err" && pass ||
    fail "--graph past --max-memory: not exit 3 with a message"
"$SLIDE_EXPLORE" --distances "$PROJECT_PUZZLES/klotski.init" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "GOAL" "$tmp/err" && pass || fail "--distances without GOAL: not exit 2"
"$SLIDE_EXPLORE" --graph dot "$PROJECT_PUZZLES/klotski.init" >/dev/null 2>&1
[ $? = 2 ] && pass || fail "--graph dot: not exit 2"

finish oracle
