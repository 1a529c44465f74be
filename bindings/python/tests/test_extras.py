"""Tests of the module's census calls (components, family), solve's
statistics, the text and JSON views, and Ctrl-C.

The censuses are checked against a brute force written here: every
placement of the pieces on a small tray, joined by one-cell steps, split by
a plain breadth-first search.  It shares nothing with libslide but the
puzzle's text.  The views are checked against the programs (`slide --show`
and `slide --json` print the same bytes) and against what they must say
(one caption per move, the moves given, the pieces read).
"""

import json
import os
import pathlib
import queue
import signal
import subprocess
import sys
import textwrap
import threading
from collections import deque
from itertools import product

import pytest

import slide

REPO = pathlib.Path(__file__).resolve().parents[3]
PUZZLES = REPO / "puzzles"
SLIDE_CHECK = os.environ.get("SLIDE_CHECK", str(REPO / "build" / "slide-check"))
SLIDE = str(pathlib.Path(SLIDE_CHECK).with_name("slide"))


def klotski():
    return slide.Puzzle.from_file(PUZZLES / "klotski.init", PUZZLES / "klotski.goal")


# ---- the brute force ----------------------------------------------------

def layouts(rows, cols, pieces):
    """Every layout of pieces ((height, width) each, same sizes
    interchangeable) on a rows x cols tray: frozensets of (h, w, r, c)."""
    found = set()

    def place(i, taken, placed):
        if i == len(pieces):
            found.add(frozenset(placed))
            return
        h, w = pieces[i]
        for r, c in product(range(rows - h + 1), range(cols - w + 1)):
            cells = {(r + y, c + x) for y in range(h) for x in range(w)}
            if not cells & taken:
                place(i + 1, taken | cells, placed + [(h, w, r, c)])

    place(0, frozenset(), [])
    return found


def steps(rows, cols, layout):
    """The layouts one one-cell step of one piece away."""
    for piece in layout:
        h, w, r, c = piece
        others = {(pr + y, pc + x) for ph, pw, pr, pc in layout - {piece}
                  for y in range(ph) for x in range(pw)}
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nr, nc = r + dr, c + dc
            cells = {(nr + y, nc + x) for y in range(h) for x in range(w)}
            if 0 <= nr and nr + h <= rows and 0 <= nc and nc + w <= cols and not cells & others:
                yield (layout - {piece}) | {(h, w, nr, nc)}


def distances(rows, cols, start):
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in steps(rows, cols, here):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return seen


def census(rows, cols, pieces):
    """The components: a list of (set of layouts, unit diameter)."""
    left, parts = layouts(rows, cols, pieces), []
    while left:
        part = set(distances(rows, cols, next(iter(left))))
        diameter = max(max(distances(rows, cols, x).values()) for x in part)
        parts.append((part, diameter))
        left -= part
    return parts


def layout_of(puzzle):
    """A puzzle's INIT as the brute force's layout, read from its JSON."""
    doc = json.loads(puzzle.to_json([]))   # no goal: no moves solve it
    return frozenset((q["height"], q["width"], *q["anchor"]) for q in doc["pieces"])


# A 3x3 tray: a 2x1, a 1x2 and two 1x1 blocks, three cells empty.
SMALL = "3 3\n0 0 1 0\n0 1 0 2\n2 2 2 2\n1 1 1 1\n"
SMALL_PIECES = [(2, 1), (1, 2), (1, 1), (1, 1)]


def test_components_match_a_brute_force():
    p = slide.Puzzle.from_string(SMALL, None)
    truth = census(3, 3, SMALL_PIECES)
    r = p.components(metric="unit", diameters=True)
    assert r["layouts"] == sum(len(part) for part, _ in truth)
    assert len(r["components"]) == len(truth)
    assert sorted(c["size"] for c in r["components"]) == sorted(len(s) for s, _ in truth)
    assert r["metric"] == "unit" and r["diameters"] is True
    sizes = [c["size"] for c in r["components"]]
    assert sizes == sorted(sizes, reverse=True)
    # Each example is a layout of its component, read back as a puzzle.
    for comp in r["components"]:
        here = layout_of(slide.Puzzle.from_string(comp["example"], None))
        part, diameter = next((s, d) for s, d in truth if here in s)
        assert (comp["size"], comp["diameter"]) == (len(part), diameter)
    # INIT's component is the one whose example INIT's steps reach.
    init_part = next(s for s, _ in truth if layout_of(p) in s)
    example = r["components"][r["init_component"]]["example"]
    assert layout_of(slide.Puzzle.from_string(example, None)) in init_part
    # Without diameters they are None.
    plain = p.components()
    assert plain["components"][0]["diameter"] is None and plain["layouts"] == r["layouts"]


def test_family_matches_a_brute_force():
    # A 2x3 tray with a 1x1 and a 1x2: three cells empty, so the members are
    # every mix of 1x1, 1x2 and 2x1 blocks that leaves at least three.
    p = slide.Puzzle.from_string("2 3\n0 0 0 0\n1 1 1 2\n", None)
    r = p.family()
    mixes = [(u, w, t) for u in range(4) for w in range(2) for t in range(2)
             if u + 2 * (w + t) <= 3]
    assert sorted((m["units"], m["wides"], m["talls"]) for m in r["members"]) == sorted(mixes)
    for m in r["members"]:
        pieces = [(1, 1)] * m["units"] + [(1, 2)] * m["wides"] + [(2, 1)] * m["talls"]
        truth = census(2, 3, pieces)
        assert m["layouts"] == sum(len(s) for s, _ in truth), m
        assert m["components"] == len(truth), m
    assert r["layouts"] == sum(m["layouts"] for m in r["members"])
    assert r["components"] == sum(m["components"] for m in r["members"])


def test_solve_stats():
    p = klotski()
    moves, stats = p.solve(optimal=True, stats=True)
    assert p.check(moves)
    assert stats["optimal"] is True
    assert stats["algorithm"] in ("bfs", "astar") and stats["engine"] in ("bitboard", "general")
    for metric in ("unit", "line", "piece"):
        assert stats["length"][metric] == slide.moves_length(moves, metric)
    # A search stores no more than the space holds, and expands some of it.
    assert 0 < stats["stored"] <= p.explore()["reachable"]
    assert 0 < stats["expanded"] <= stats["stored"]
    assert stats["peak_bytes"] >= stats["final_bytes"] > 0 and stats["seconds"] >= 0
    assert p.solve() == p.solve(stats=False)


def test_render_text_is_slides():
    p = klotski()
    moves = p.solve()
    text = p.render_text(moves)
    # One caption per move, and n + 1 pictures of 2 * rows + 1 lines.
    assert text.count("\nmove ") + text.startswith("move ") == len(moves)
    assert text.count("\n") == 2 * len(moves) + 1 + (len(moves) + 1) * (2 * p.rows + 1)
    assert text.startswith("move 1 of 90: ")
    # The same bytes `slide --show` prints (not a terminal, ASCII locale).
    show = subprocess.run([SLIDE, "--show", str(PUZZLES / "klotski.init"),
                           str(PUZZLES / "klotski.goal")], capture_output=True, text=True,
                          env={**os.environ, "LC_ALL": "C"}, timeout=120)
    assert show.returncode == 0 and show.stdout == text
    assert "\u2500" in p.render_text(moves[:1], unicode=True)
    assert "\033[" in p.render_text(moves[:1], color=True)
    # Solved only where the last picture meets the goal.
    assert p.render_text().startswith("not solved: no moves\n")
    assert "\nnot solved yet after 3 moves\n" in p.render_text(moves[:3])
    assert "\nsolved after 90 moves\n" in text
    with pytest.raises(slide.MoveError) as e:
        p.render_text([(0, 0, 0, 3)])
    assert e.value.index == 0


def test_to_json_is_slides():
    p = klotski()
    moves = p.solve()
    doc = json.loads(p.to_json(moves))
    assert doc["status"] == "solved" and doc["stats"] is None and doc["optimal"] is False
    assert [tuple(m) for m in doc["moves"]] == [tuple(m) for m in moves]
    assert doc["length"]["line"] == slide.moves_length(moves, "line")
    assert (doc["tray"]["rows"], doc["tray"]["cols"]) == (p.rows, p.cols)
    assert len(doc["pieces"]) == 10 and len(doc["goal"]) == 1
    with pytest.raises(slide.MoveError):
        p.to_json(moves[:-1])
    with pytest.raises(ValueError):
        p.to_json(moves, metric="miles")


# A 3x40 tray whose top row is one 1x40 block that never moves, above 70
# 1x1 blocks and 10 empty cells: no solution (the goal wants the long block
# at the bottom) and C(80, 10) = 1.6e12 layouts, so no call on it can
# finish before the interrupt; max_seconds is only a backstop.
JAMMED = "3 40\n0 0 0 39\n" + "".join(
    f"{1 + k // 40} {k % 40} {1 + k // 40} {k % 40}\n" for k in range(70))
JAMMED_GOAL = "2 0 2 39\n"

# The child prints "started", then "tick" from a SIGUSR1 handler that only
# speaks once the call is under way: Python runs signal handlers in the
# main thread, which inside the call happens only from the search's
# progress callback (check_signals), so a tick proves the search is
# running and polling.  Only then does the parent send SIGINT.
INTERRUPTED = textwrap.dedent("""\
    import signal, sys, slide
    p = slide.Puzzle.from_string(sys.argv[1], sys.argv[2])
    name = sys.argv[3]
    call = getattr(p, name)
    entered = False

    def profile(frame, event, arg):
        global entered
        if event == "c_call" and getattr(arg, "__name__", None) == name:
            entered = True

    def tick(sig, frame):
        if entered:
            print("tick", flush=True)

    signal.signal(signal.SIGUSR1, tick)
    sys.setprofile(profile)
    try:
        print("started", flush=True)
        if name == "solve":
            call(optimal=True, max_seconds=600)
        else:
            call(max_seconds=600)
    except KeyboardInterrupt:
        sys.setprofile(None)
        print("interrupted", flush=True)
        sys.exit(0)
    sys.setprofile(None)
    print("finished", flush=True)
    """)


@pytest.mark.parametrize("call", ["solve", "explore", "components", "family"])
def test_ctrl_c_interrupts(call):
    run = subprocess.Popen([sys.executable, "-c", INTERRUPTED, JAMMED, JAMMED_GOAL, call],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(l) for l in run.stdout], daemon=True)
    reader.start()
    try:
        assert lines.get(timeout=60) == "started\n"
        # Knock until the search answers from its progress callback; the
        # call cannot end by itself, so it must answer.
        for _ in range(600):
            run.send_signal(signal.SIGUSR1)
            try:
                if lines.get(timeout=0.1) == "tick\n":
                    break
            except queue.Empty:
                pass
        else:
            pytest.fail("the search never ran its progress callback")
        run.send_signal(signal.SIGINT)
        run.wait(timeout=60)
        reader.join(timeout=10)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    rest = []
    while not lines.empty():
        rest.append(lines.get())
    err = run.stderr.read()
    assert run.returncode == 0, err
    # More ticks may come before the interrupt lands; then only that.
    assert rest and rest[-1] == "interrupted\n" and set(rest[:-1]) <= {"tick\n"}, (rest, err)
