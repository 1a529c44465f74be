#!/usr/bin/env python3
"""play.py - plays a `slide --play` page in real headless Chromium with real
input events (keys, mouse, touch), as a person would, and checks it.

    play.py CHROMIUM PAGE.html DISTANCE desktop|phone SHOTS_DIR NAME
    play.py CHROMIUM PAGE.html - engine SHOTS_DIR NAME
    play.py CHROMIUM --ready LIST
    play.py CHROMIUM --shots LIST SHOTS_DIR

The second form loads every page LIST names (lines "PAGE<TAB>TABLE":
TABLE the oracle's binary distances for the puzzle, from slide-explore
--distances --distances-format binary, "nohints" when the page was
written without hints, or "engine" when its engine answers them) in one
browser and checks that each prepares its hints and shows INIT's
distance as the table gives it (or says why it has no hints, or shows
the length of its engine's plan from INIT).

The third form is the look of the game: each page LIST names (lines
"NAME<TAB>PAGE<TAB>INIT<TAB>GOAL") is opened at 1280x800 and in a 390x844
phone viewport and shot (SHOTS_DIR/NAME-1280x800.png, NAME-390x844.png;
with hints, NAME-390x844-hint.png with a hint shown and
NAME-1280x800-solved.png after "solve from here").  It checks what a person would see: no console
error, no horizontal scrolling on the phone, the title (INIT's first
comment line or the file name, also the <title>) not broken inside a
word, the goal's pieces in colours no other piece has, an exit drawn
exactly when a goal piece meets one edge of the tray (read here from the
GOAL file), numbered tiles showing the numbers of their places in the
goal (read here from the pictures) and an arrow sliding the tile beside
the gap into it, a one-axis piece dragged across its axis staying put
with words that say which way it slides, pieces that slide by a CSS
transition except under prefers-reduced-motion, a hint in words ("move
the red car right 2", no coordinates) with an arrow on the tray, and the
solved banner with the count beside the optimal one.

DISTANCE is INIT's distance to the goal under the page's metric, found
by the caller from a solver run (slide --optimal).  The page is driven
through the DevTools protocol over --remote-debugging-pipe (file
descriptors 3 and 4, NUL-separated JSON: no network, no websocket
library).  Legality is judged here from the DOM's blocks and walls, not
by the page's own code: every move tried is one this script knows to be
legal or illegal.  The scenario:

  1. the page loads, prepares its hints and shows INIT's distance;
  2. an illegal move (a piece pushed into a neighbour, a wall or the
     edge) is refused: nothing moves, the refusal is counted;
  3. legal moves are tried until one leaves the optimal paths (the
     distance does not drop); undo and redo are checked on the way;
  4. hints are taken until the goal: each is applied with real input and
     must lower the distance by exactly one; the page must say the goal
     is reached;
  5. reset brings back INIT and "solve from here" plays an optimal finish.

desktop plays with clicks and arrow keys in a 1000x700 window, phone with
touch drags and taps in a 390x844 mobile viewport.  Screenshots go to
SHOTS_DIR/NAME-*.png.

engine plays a page past its distance table, whose hints come from the
engine compiled to WebAssembly inside it (cli/page/engine.js), on the
desktop: the page loads and plans from INIT (data-distance, the plan's
length); one legal move is made off the plan, so that the engine plans
again from a position of the player's; then hints are taken until the
goal, each one judged legal here from the DOM before it is applied with
real input, each lowering the distance by one, ending solved; then reset
and "solve from here" reaches the goal by itself; the engine ran in a Web
Worker; no console error or uncaught exception on the way.  It prints the page's first and
later planning times (data-plan-ms).
"""
import base64
import fcntl
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

chromium = sys.argv[1]
ready_list = sys.argv[3] if sys.argv[2] == "--ready" else None
shots_list = sys.argv[3] if sys.argv[2] == "--shots" else None
if shots_list:
    shots = sys.argv[4]
    mode, name = "desktop", "shots"
elif not ready_list:
    page, want_distance, mode, shots, name = sys.argv[2:7]
    want_distance = None if want_distance == "-" else int(want_distance)
else:
    mode, name = "desktop", "ready"
phone = mode == "phone"


class Browser:
    """A headless Chromium spoken to over its DevTools pipe."""

    def __init__(self):
        def high(fd):
            moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
            os.close(fd)
            return moved
        to_r, to_w = map(high, os.pipe())
        from_r, from_w = map(high, os.pipe())

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.profile = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--hide-scrollbars", "--remote-debugging-pipe",
             # "solve from here" runs on a timer, which a background tab slows.
             "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
             "--disable-backgrounding-occluded-windows",
             "--user-data-dir=" + self.profile.name, "about:blank"],
            preexec_fn=fds, close_fds=False, start_new_session=True, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.out, self.inp = to_w, from_r
        self.buf, self.next_id, self.session = b"", 0, None
        self.events = []   # what the browser said unasked (console messages, exceptions)

    def call(self, method, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            msg["sessionId"] = self.session
        os.write(self.out, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + 60
        while time.time() < deadline:
            while b"\0" not in self.buf:
                chunk = os.read(self.inp, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed its pipe")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if "method" in reply:
                self.events.append(reply)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
        raise RuntimeError(f"{method}: no reply")

    def close(self):
        # The browser and the helpers it started: the group this script made.
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        shutil.rmtree(self.profile.name, ignore_errors=True)


b = Browser()
fails = 0


def check(ok, what):
    global fails
    if not ok:
        fails += 1
        print(f"FAIL {name} ({mode}): {what}")
    return ok


def js(expr):
    r = b.call("Runtime.evaluate", expression=expr, returnByValue=True)
    if "exceptionDetails" in r:
        raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
    return r["result"].get("value")


def shot(tag):
    data = b.call("Page.captureScreenshot", format="png")["data"]
    with open(os.path.join(shots, f"{name}-{mode}-{tag}.png"), "wb") as f:
        f.write(base64.b64decode(data))


STATE = """(function () {
  var m = document.getElementById('player'), bl = [];
  document.querySelectorAll('#tray g.blk').forEach(function (g) {
    var a = function (k) { return g.getAttribute(k); };
    var cells = a('data-cells') ? a('data-cells').split(' ').map(function (p) { return p.split(',').map(Number); })
                                : null;
    if (!cells) { cells = []; for (var y = 0; y < +a('data-h'); y++) for (var x = 0; x < +a('data-w'); x++) cells.push([y, x]); }
    bl.push({r: +a('data-r'), c: +a('data-c'), cells: cells});
  });
  var walls = [];
  document.querySelectorAll('#tray rect.wall').forEach(function (w) { walls.push([+w.getAttribute('y'), +w.getAttribute('x')]); });
  return {data: Object.assign({}, m.dataset), blocks: bl, walls: walls, axes: P.axes, rows: P.rows, cols: P.cols,
          caption: document.getElementById('caption').textContent};
})()"""


def state():
    s = js(STATE)
    s["distance"] = int(s["data"]["distance"]) if s["data"]["distance"] != "" else None
    s["moves"] = int(s["data"]["moves"])
    s["refused"] = int(s["data"]["refused"])
    s["solved"] = s["data"]["solved"] == "true"
    return s


STEPS = {0: (-1, 0, "ArrowUp", 38), 1: (1, 0, "ArrowDown", 40), 2: (0, -1, "ArrowLeft", 37),
         3: (0, 1, "ArrowRight", 39)}


def legal(s, i, d):
    """Whether block i may take one step d, judged from the DOM alone."""
    blk, (dr, dc, _, _) = s["blocks"][i], STEPS[d]
    ax = s["axes"][i]
    if (ax == "h" and d < 2) or (ax == "v" and d >= 2):
        return False
    taken = set(map(tuple, s["walls"]))
    for j, o in enumerate(s["blocks"]):
        if j != i:
            taken |= {(o["r"] + y, o["c"] + x) for y, x in o["cells"]}
    for y, x in blk["cells"]:
        r, c = blk["r"] + y + dr, blk["c"] + x + dc
        if not (0 <= r < s["rows"] and 0 <= c < s["cols"]) or (r, c) in taken:
            return False
    return True


def screen(r, c):
    """The screen point of the centre of cell (r, c)."""
    return js(f"""(function () {{ var s = document.getElementById('tray'), p = s.createSVGPoint();
      p.x = {c} + 0.5; p.y = {r} + 0.5; p = p.matrixTransform(s.getScreenCTM()); return [p.x, p.y]; }})()""")


def tap(x, y):
    if phone:
        # Apart from the last gesture, or the two may merge into one.
        time.sleep(0.05)
        b.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
        b.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        # The click a tap makes comes from the gesture detector, a moment later.
        time.sleep(0.1)
    else:
        for t in ("mousePressed", "mouseReleased"):
            b.call("Input.dispatchMouseEvent", type=t, x=x, y=y, button="left", clickCount=1)


def button(id_):
    x, y = js(f"""(function () {{ var r = document.getElementById('{id_}').getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
    tap(x, y)


def key(k, code, vk):
    text = k if len(k) == 1 else ""
    b.call("Input.dispatchKeyEvent", type="keyDown", key=k, code=code, windowsVirtualKeyCode=vk,
           text=text)
    b.call("Input.dispatchKeyEvent", type="keyUp", key=k, code=code, windowsVirtualKeyCode=vk)


def drag(r1, c1, r2, c2):
    """A touch (phone) or mouse (desktop) drag from one cell's centre to
    another's, in half-cell moves so the piece follows."""
    x1, y1 = screen(r1, c1)
    x2, y2 = screen(r2, c2)
    n = 2 * (abs(r2 - r1) + abs(c2 - c1)) + 2
    pts = [(x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n) for k in range(n + 1)]
    if phone:
        b.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x1, "y": y1}])
        for x, y in pts[1:]:
            b.call("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": x, "y": y}])
        b.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    else:
        b.call("Input.dispatchMouseEvent", type="mousePressed", x=x1, y=y1, button="left",
               clickCount=1)
        for x, y in pts[1:]:
            b.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left",
                   buttons=1)
        b.call("Input.dispatchMouseEvent", type="mouseReleased", x=x2, y=y2, button="left",
               clickCount=1)


def slide(r1, c1, r2, c2):
    """One straight slide with real input: on the phone a drag; on the
    desktop a click to select the piece, then arrow keys, one per cell."""
    if phone:
        drag(r1, c1, r2, c2)
        return
    tap(*screen(r1, c1))
    d = 0 if r2 < r1 else 1 if r2 > r1 else 2 if c2 < c1 else 3
    for _ in range(abs(r2 - r1) + abs(c2 - c1)):
        key(*STEPS[d][2:3], STEPS[d][2], STEPS[d][3])


def step(s, i, d):
    blk = s["blocks"][i]
    dr, dc = STEPS[d][:2]
    slide(blk["r"], blk["c"], blk["r"] + dr, blk["c"] + dc)


def positions(s):
    return sorted((o["r"], o["c"]) for o in s["blocks"])


def undo():
    if phone:
        button("undo")
    else:
        key("u", "KeyU", 85)


def redo():
    if phone:
        button("redo")
    else:
        key("y", "KeyY", 89)


def wait_ready():
    for _ in range(300):
        if js("(function () { var m = document.getElementById('player'); return !!m && m.dataset.ready === 'true'; })()"):
            return True
        time.sleep(0.1)
    return False


def init_distance(path):
    """INIT's distance in a binary table (docs/explore.md): "none" when no
    goal is reachable."""
    with open(path, "rb") as f:
        raw = f.read()
    assert raw[:8] == b"SLDIST1\n", f"{path}: not a distance table"
    nclasses = struct.unpack_from("<I", raw, 20)[0]
    at = 24 + 4 * nclasses
    nblocks, count, init = struct.unpack_from("<IQQ", raw, at)
    at += 20 + init * (2 * nblocks + 4) + 2 * nblocks
    d = struct.unpack_from("<I", raw, at)[0]
    return "none" if d == 0xFFFFFFFF else str(d)


def errors():
    """The console errors and exceptions the browser reported so far
    (and forgets them)."""
    bad = []
    for ev in b.events:
        m, p = ev["method"], ev.get("params", {})
        if m == "Runtime.exceptionThrown":
            bad.append(p["exceptionDetails"].get("exception", {}).get("description") or
                       p["exceptionDetails"].get("text"))
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            bad.append(" ".join(str(a.get("value", a.get("description"))) for a in p.get("args", [])))
        elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
            bad.append(p["entry"].get("text"))
    b.events = []
    return bad


def wait_for(expr, seconds=20):
    """Polls a JavaScript condition until it holds; whether it did."""
    for _ in range(int(seconds * 20)):
        if js(expr):
            return True
        time.sleep(0.05)
    return False


def wait_hint():
    """Waits for the answer to a hint: a move (data-hint) or a message."""
    wait_for("(function () { var m = document.getElementById('player'); return m.dataset.hint !== '' ||"
             " document.getElementById('caption').textContent.indexOf('Thinking') < 0; })()")


TITLE = """(function () {
  var h = document.getElementById('title'), t = h.firstChild, text = t ? t.textContent : '', broken = [];
  var re = /\\S+/g, m, tops = new Set();
  while ((m = re.exec(text))) {
    var r = document.createRange(); r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
    var at = new Set(Array.from(r.getClientRects()).map(function (q) { return Math.round(q.top); }));
    at.forEach(function (y) { tops.add(y); });
    if (at.size > 1) broken.push(m[0]);
  }
  return {text: text, broken: broken, lines: tops.size, doc: document.title};
})()"""


def puzzle_cells(init, goal):
    """The tray and the GOAL's pieces, read here from the files: (rows,
    cols, {piece: set of cells}, INIT's grid or None, every piece marked)."""
    def lines(path):
        return [l.strip() for l in open(path, encoding="utf-8")
                if l.strip() and not l.lstrip().startswith(";")]
    first = lines(init)
    if re.fullmatch(r"\d+\s+\d+", first[0]):   # corners: r1 c1 r2 c2
        rows, cols = map(int, first[0].split())
        pieces = {}
        for n, l in enumerate(lines(goal)):
            r1, c1, r2, c2 = map(int, l.split())
            pieces[n] = {(y, x) for y in range(r1, r2 + 1) for x in range(c1, c2 + 1)}
        return rows, cols, pieces, None, False
    grid = [l for l in first if ":" not in l]
    marked = any(re.fullmatch(r"distinct:\s*\*", l) for l in first)
    pieces = {}
    for y, row in enumerate(l for l in lines(goal) if ":" not in l):
        for x, ch in enumerate(row):
            if ch not in ".#":
                pieces.setdefault(ch, set()).add((y, x))
    return len(grid), len(grid[0]), pieces, grid, marked


def puzzle_name(init):
    """The name a page should carry, read here from INIT: its leading
    comment's first line up to ": ", else the file's name."""
    for line in open(init, encoding="utf-8"):
        if not line.strip():
            continue
        if line.lstrip().startswith(";"):
            return line.strip()[1:].strip().split(": ", 1)[0].rstrip(" ,.;:")
        break
    base = os.path.splitext(os.path.basename(init))[0].replace("-", " ").replace("_", " ")
    return base[:1].upper() + base[1:]


def look(tag, init, goal, size, unsolvable):
    """One page as a person sees it, at one size (see the head comment);
    unsolvable: slide proved the puzzle has no solution."""
    global mode
    mode = tag
    w, ht = size
    b.call("Emulation.setDeviceMetricsOverride", width=w, height=ht, deviceScaleFactor=1,
           mobile=tag == "phone")
    js("(function () { var m = document.getElementById('player'); if (m) m.dataset.ready = 'left'; })()")
    b.call("Page.navigate", url="file://" + os.path.abspath(page))
    if not check(wait_ready(), "never ready"):
        return
    time.sleep(0.2)   # the fonts and the first transition settle
    t = js(TITLE)
    check(t["text"] == puzzle_name(init) and t["doc"] == t["text"],
          f"the title {t['text']!r} (<title> {t['doc']!r}) is not the puzzle's name {puzzle_name(init)!r}")
    check(not t["broken"], f"the title is broken inside {t['broken']} ({t['lines']} lines)")
    width = js("document.documentElement.scrollWidth")
    check(width <= w, f"the page is {width} px wide in a {w} px viewport")
    # Hints offered (the button), and a table that knows every distance.
    hinted, table = js("!document.getElementById('hint').disabled"), js("!!P.hints")
    js("window.scrollTo(0, 0)")
    b.call("Page.captureScreenshot", format="png")   # the first capture can miss late paints
    shot_as(f"{name}-{w}x{ht}")
    if tag == "desktop":
        rows, cols, pieces, grid, marked = puzzle_cells(init, goal)
        dom = js("""(function () {
          var out = [];
          document.querySelectorAll('#tray g.blk').forEach(function (g) {
            var t = g.querySelector('text');
            out.push({r: +g.dataset.r, c: +g.dataset.c, n: g.dataset.n || null, text: t ? t.textContent : null,
                      fill: getComputedStyle(g.querySelector('.body')).fill, goal: g.classList.contains('goalpiece')});
          });
          return {blocks: out, exits: document.querySelectorAll('#tray .exit').length,
                  move: getComputedStyle(document.querySelector('#tray g.blk')).transitionDuration};
        })()""")
        tiles = marked and all(len(c) == 1 for c in pieces.values()) and len(pieces) == len(dom["blocks"])
        if tiles:
            order = sorted(next(iter(c)) for c in pieces.values())
            rank = {ch: order.index(next(iter(c))) + 1 for ch, c in pieces.items()}
            for blk in dom["blocks"]:
                want = str(rank[grid[blk["r"]][blk["c"]]])
                check(blk["n"] == want and blk["text"] == want,
                      f"the tile at {blk['r']},{blk['c']} shows {blk['text']}, its place in the goal is {want}")
            # With nothing selected, an arrow slides the tile beside the
            # gap into it (Left: the tile right of the gap); then undone.
            gaps = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "."]
            if len(gaps) == 1:
                gr, gc = gaps[0]
                d = next(d for d, (dr, dc, _, _) in STEPS.items()
                         if 0 <= gr - dr < rows and 0 <= gc - dc < cols)
                dr, dc, k, vk = STEPS[d]
                key("Escape", "Escape", 27)
                key(k, k, vk)
                moved = js(f"""(function () {{ var g = document.querySelector('#tray g.blk[data-r="{gr}"][data-c="{gc}"]');
                  return [g ? g.dataset.n : null, +document.getElementById('player').dataset.moves]; }})()""")
                want = str(rank[grid[gr - dr][gc - dc]])
                check(moved == [want, 1], f"{k} with nothing selected moved {moved}, not tile {want} into the gap")
                key("u", "KeyU", 85)
        else:
            goal_fills = {x["fill"] for x in dom["blocks"] if x["goal"]}
            other_fills = {x["fill"] for x in dom["blocks"] if not x["goal"]}
            check(goal_fills and not goal_fills & other_fills,
                  f"the goal's pieces ({goal_fills}) share a colour with the others ({other_fills})")
            check(all(x["text"] is None for x in dom["blocks"]), "pieces that are not tiles carry text")
            sides = {s for cells in pieces.values() for r, c in cells
                     for s, on in (("t", r == 0), ("b", r == rows - 1), ("l", c == 0),
                                   ("r", c == cols - 1)) if on}
            check(dom["exits"] == (len(sides) == 1),
                  f"{dom['exits']} exits drawn; the goal meets the edges {sorted(sides)}")
        # A one-axis piece dragged across its axis stays put, and the
        # caption says which way it slides rather than "blocked".
        s0 = state()
        one = [i for i, a in enumerate(s0["axes"]) if a in "hv"]
        if one:
            i = one[0]
            r, c = s0["blocks"][i]["r"], s0["blocks"][i]["c"]
            along = "row" if s0["axes"][i] == "h" else "column"
            if along == "row":
                drag(r, c, r + 1 if r + 1 < rows else r - 1, c)
            else:
                drag(r, c, r, c + 1 if c + 1 < cols else c - 1)
            s1 = state()
            check(positions(s1) == positions(s0) and s1["moves"] == 0 and
                  s1["refused"] == s0["refused"] + 1 and f"only along its {along}" in s1["caption"] and
                  "blocked" not in s1["caption"],
                  f"a piece dragged across its axis: {s1['caption']!r}, {s1['moves']} moves")
        check(dom["move"] not in ("", "0s"), f"pieces do not slide (transition {dom['move']!r})")
        b.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
        still = js("getComputedStyle(document.querySelector('#tray g.blk')).transitionDuration")
        b.call("Emulation.setEmulatedMedia", features=[])
        check(still == "0s", f"pieces slide ({still}) under prefers-reduced-motion")
    if unsolvable:
        # No solution from the start, found out by the table or by the
        # page's engine: said so, with nothing about undoing (there is
        # nothing to undo, and nothing to gain by it), Hint and Solve off,
        # on opening and after H and S are pressed all the same; a table's
        # note counts the configurations in the right number.
        check(js("document.getElementById('player').dataset.distance") == "",
              "a distance shown for a puzzle with no solution")
        note = js("document.getElementById('note').textContent")
        check("Hints" not in note, f"the note of an unsolvable page offers hints: {note!r}")
        if table:
            count, note = js("[P.hints.count, document.getElementById('note').textContent]")
            check("none meets the goal" in note and
                  ("the only configuration" in note if count == 1 else f"all {count:,} configurations" in note),
                  f"the note of an unsolvable page with {count} configurations says {note!r}")
        for when, press in (("on opening", None), ("after H", ("h", "KeyH", 72)),
                            ("after S", ("s", "KeyS", 83))):
            if press:
                key(*press)
                time.sleep(0.3)
            cap, off = js("""[document.getElementById('caption').textContent,
              ['hint', 'solve'].filter(function (b) { return !document.getElementById(b).disabled; })]""")
            check("no solution" in cap and "undo" not in cap.lower() and not off,
                  f"{when}, an unsolvable start says {cap!r}, with {off or 'neither'} on")
        hinted = False
    if hinted and tag == "phone":
        button("hint")
        wait_hint()
        shown = js("""({hint: document.getElementById('player').dataset.hint,
                    caption: document.getElementById('caption').textContent,
                    arrow: document.querySelectorAll('#tray .marks .arrow').length})""")
        check(shown["hint"] and shown["arrow"] == 1, f"no hint shown on the tray ({shown})")
        check(re.match(r"Hint: move (tile \d+|the [A-Za-z0-9 -]+?(( in| at) (row|column) \d+(, column \d+)?)?) "
                       r"(up|down|left|right)( \d+)?(, then (up|down|left|right)( \d+)?)*\.", shown["caption"]),
              f"the hint is not in words: {shown['caption']!r}")
        time.sleep(0.3)
        shot_as(f"{name}-{w}x{ht}-hint")
    if hinted and tag == "desktop":
        button("solve")
        solved = wait_for("document.getElementById('player').dataset.solved === 'true'", 120)
        check(solved, "solve from here did not reach the goal")
        time.sleep(0.6)
        s = js("""({caption: document.getElementById('caption').textContent, best: P.hints && 1,
                    banner: !document.getElementById('banner').hidden,
                    counter: document.getElementById('counter').textContent})""")
        check(s["banner"] and re.search(r"solved in (\d+) moves? \(optimal \1\)", s["caption"]),
              f"no solved banner, or the count is not the optimal one: {s}")
        check(re.fullmatch(r"(\d+) moves? \u00b7 best \1", s["counter"]),
              f"the counter does not stand beside the optimal count: {s['counter']!r}")
        shot_as(f"{name}-{w}x{ht}-solved")
    bad = errors()
    check(not bad, f"console errors: {bad}")


def shot_as(file):
    data = b.call("Page.captureScreenshot", format="png")["data"]
    with open(os.path.join(shots, file + ".png"), "wb") as f:
        f.write(base64.b64decode(data))


def shots_all():
    """Every page of the list at both sizes (look)."""
    global name, page
    target = b.call("Target.createTarget", url="about:blank")["targetId"]
    b.session = b.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    for domain in ("Page", "Runtime", "Log"):
        b.call(domain + ".enable")
    errors()
    n = 0
    for line in open(shots_list):
        name, page, init, goal, *proof = line.rstrip("\n").split("\t")
        unsolvable = proof == ["unsolvable"]
        look("desktop", init, goal, (1280, 800), unsolvable)
        look("phone", init, goal, (390, 844), unsolvable)
        n += 1
    print(f"play: {n} pages shot at 1280x800 and 390x844 in {shots}")


def ready_all():
    """Every page of the list prepares its hints (or says it has none)."""
    global fails
    target = b.call("Target.createTarget", url="about:blank")["targetId"]
    b.session = b.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    b.call("Page.enable")
    b.call("Runtime.enable")
    n = hinted = 0
    for line in open(ready_list):
        path, table = line.rstrip("\n").split("\t")
        want = table if table in ("nohints", "engine") else init_distance(table)
        # Marks the page being left, so no answer can come from it.
        js("(function () { var m = document.getElementById('player'); if (m) m.dataset.ready = 'left'; })()")
        b.call("Page.navigate", url="file://" + os.path.abspath(path))
        if not check(wait_ready(), f"{path}: never ready"):
            continue
        s = state()
        note = js("document.getElementById('note').textContent")
        n += 1
        if want == "nohints":
            check(s["distance"] is None and "No hints" in note, f"{path}: hints where none were written")
            continue
        if want == "engine":
            check(s["distance"] is not None and "engine inside this page" in note,
                  f"{path}: the page's engine made no plan from INIT ({note})")
            continue
        hinted += 1
        got = "none" if s["distance"] is None else str(s["distance"])
        # The table knows every configuration: hints from it, or, where
        # none meets the goal, no hints and the reason.
        told = "none meets the goal" in note if got == "none" else note.startswith("Hints know ")
        check(got == want and told,
              f"{path}: INIT's distance on the page is {got}, the oracle's {want} ({note})")
    errors = console_errors()
    check(not errors, f"console errors: {errors[:3]}")
    print(f"play: {n} pages ready, {hinted} with hints that agree with the oracle")


def reset_and_solve(s0, tenths):
    """Reset (which must bring back INIT, s0), then "solve from here":
    the state once it stops, or after tenths of a second."""
    button("reset")
    s = state()
    check(s["moves"] == 0 and positions(s) == positions(s0), "reset did not bring back INIT")
    button("solve")
    solving = lambda: js("document.getElementById('player').dataset.solving") == "true"
    for _ in range(30):   # the tap's handler may run after this first look, on a busy machine
        s = state()
        if s["solved"] or solving():
            break
        time.sleep(0.1)
    for _ in range(tenths):
        # Whether it runs, then the state: read the other way round, the
        # last move may land between the two and leave a stale state.
        running = solving()
        s = state()
        if s["solved"] or not running:
            break
        time.sleep(0.1)
    return s


def hinted_legal(s, spec):
    """Whether a hint's slides ("r1 c1 r2 c2;...") are legal from s, judged
    here: each a straight line of one-cell steps of the piece at (r1, c1)."""
    s = json.loads(json.dumps(s))
    for part in spec.split(";"):
        r1, c1, r2, c2 = map(int, part.split())
        at = [j for j, o in enumerate(s["blocks"]) if (o["r"], o["c"]) == (r1, c1)]
        if len(at) != 1 or (r1 != r2) == (c1 != c2):
            return False
        d = 0 if r2 < r1 else 1 if r2 > r1 else 2 if c2 < c1 else 3
        for _ in range(abs(r2 - r1) + abs(c2 - c1)):
            if not legal(s, at[0], d):
                return False
            s["blocks"][at[0]]["r"] += STEPS[d][0]
            s["blocks"][at[0]]["c"] += STEPS[d][1]
    return True


def wait_hint():
    """Waits while the page's engine thinks (data-thinking)."""
    for _ in range(600):
        if js("document.getElementById('player').dataset.thinking") != "true":
            return True
        time.sleep(0.1)
    return False


def console_errors():
    return [e for e in b.events
            if e["method"] == "Runtime.exceptionThrown" or
            (e["method"] == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))]


def engine_scenario():
    """Hints from the page's WebAssembly engine, followed to the goal."""
    t0 = time.time()
    check(wait_ready(), "the page never said its hints were ready")
    ready_s = time.time() - t0
    s0 = state()
    note = js("document.getElementById('note').textContent")
    check(s0["distance"] is not None and s0["distance"] > 0, f"no plan from INIT: {note!r}")
    first_ms = js("document.getElementById('player').dataset.planMs")
    prepare_ms = js("document.getElementById('player').dataset.enginePrepareMs")
    shot("start")
    # Off the plan: a legal move after which the page has no plan from
    # here (data-distance empty), so the next hint is a new plan.
    moves = [(i, d) for i in range(len(s0["blocks"])) for d in range(4) if legal(s0, i, d)]
    off = False
    for i, d in moves:
        step(s0, i, d)
        s = state()
        if s["distance"] is None:
            off = True
            break
        undo()
    check(off, "every legal move from INIT follows the plan: none leaves it")
    s = state()
    hints, plans = 0, []
    while not s["solved"] and hints < 2000:
        before = s["distance"]
        button("hint")
        check(wait_hint(), "the engine thought for a minute")
        h = state()
        spec = h["data"]["hint"]
        if before is None:
            plans.append(js("document.getElementById('player').dataset.planMs"))
        if not check(spec, f"no hint at distance {before}: {h['caption']!r}"):
            break
        if not check(hinted_legal(h, spec), f"hint {spec} is not a legal move"):
            break
        for part in spec.split(";"):
            slide(*map(int, part.split()))
        s = state()
        hints += 1
        if before is not None and not check(s["distance"] == before - 1,
                                            f"hint {hints} ({spec}) took the distance from "
                                            f"{before} to {s['distance']}"):
            break
        if before is None:
            before = h["distance"]
    check(s["solved"] and s["distance"] == 0, f"hints ended unsolved at distance {s['distance']}")
    check("Goal reached" in s["caption"], f"the page does not say the goal is reached: {s['caption']!r}")
    shot("goal")
    exact = js("document.getElementById('player').dataset.exact")
    check(js("document.getElementById('player').dataset.engine") == "worker",
          "the engine did not run in a Web Worker")
    # Reset, then "solve from here" plays the engine's plan by itself.
    s = reset_and_solve(s0, 1200)
    check(s["solved"], f"solve from here did not reach the goal: {s['caption']!r}")
    errors = console_errors()
    check(not errors, f"console errors: {errors[:3]}")
    print(f"play {name} (engine): ready in {ready_s:.1f} s (tables {prepare_ms} ms), "
          f"INIT's plan {s0['distance']} moves "
          f"({'shortest' if s0['data'].get('exact') == 'true' else 'not proven shortest'}) in "
          f"{first_ms} ms; off the plan, a new plan in {plans[0] if plans else '?'} ms; "
          f"{hints} hints to the goal (last plan exact: {exact})")


try:
    if ready_list:
        ready_all()
        sys.exit(1 if fails else 0)
    if shots_list:
        shots_all()
        sys.exit(1 if fails else 0)
    target = b.call("Target.createTarget", url="about:blank")["targetId"]
    b.session = b.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    if phone:
        b.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2,
               mobile=True)
        b.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)
    else:
        b.call("Emulation.setDeviceMetricsOverride", width=1000, height=700, deviceScaleFactor=1,
               mobile=False)
    for domain in ("Page", "Runtime", "Log"):
        b.call(domain + ".enable")
    b.call("Page.navigate", url="file://" + os.path.abspath(page))
    if mode == "engine":
        engine_scenario()
        b.close()
        sys.exit(1 if fails else 0)
    check(wait_ready(), "the page never said its hints were ready")
    s0 = state()
    check(s0["data"].get("ready") == "true", "not ready")
    check(s0["distance"] == want_distance,
          f"INIT's distance on the page is {s0['distance']}, the solver's is {want_distance}")
    if phone:
        width = js("document.documentElement.scrollWidth")
        check(width <= 390, f"the page is {width} px wide in a 390 px phone viewport")
    shot("start")

    # The keyboard alone: Tab selects a piece (each piece takes the focus
    # in turn), Escape lets it go.
    if not phone:
        key("Tab", "Tab", 9)
        check(js("document.getElementById('player').dataset.selected") != "-1",
              "Tab did not select a piece")
        key("Escape", "Escape", 27)
        check(js("document.getElementById('player').dataset.selected") == "-1",
              "Escape did not let the piece go")

    # 2. An illegal move is refused.
    moves = [(i, d) for i in range(len(s0["blocks"])) for d in range(4)]
    illegal = [m for m in moves if not legal(s0, *m)]
    legal_moves = [m for m in moves if legal(s0, *m)]
    check(illegal and legal_moves, "INIT has no illegal or no legal move to try")
    i, d = illegal[0]
    step(s0, i, d)
    s = state()
    check(s["refused"] == s0["refused"] + 1, f"illegal move {i} {d} not reported as refused")
    check(positions(s) == positions(s0) and s["moves"] == 0, "an illegal move moved something")

    # 3. Leave the optimal paths: a legal move after which the distance
    # does not drop (from INIT, or after a few optimal moves when every
    # move from INIT is optimal).  The others are undone (and one redone).
    left, redone, base = False, False, s0
    for _ in range(10):
        tries = [m for m in moves if legal(base, *m)]
        for i, d in tries:
            step(base, i, d)
            s1 = state()
            check(s1["moves"] == base["moves"] + 1 and positions(s1) != positions(base),
                  f"legal move {i} {d} not made")
            check(abs(s1["distance"] - base["distance"]) <= 1,
                  f"one move changed the distance from {base['distance']} to {s1['distance']}")
            if s1["distance"] >= base["distance"]:
                left = True
                break
            undo()
            s2 = state()
            check(positions(s2) == positions(base) and s2["moves"] == base["moves"] and
                  s2["distance"] == base["distance"], "undo did not restore the position")
            if not redone:
                redo()
                s3 = state()
                check(positions(s3) == positions(s1) and s3["distance"] == s1["distance"],
                      "redo did not restore the move")
                undo()
                redone = True
        if left:
            break
        step(base, *tries[0])   # every move here is optimal: take one and look again
        base = state()
    check(left, "no legal move from INIT leaves the optimal paths")
    shot("off-path")

    # 4. Hints until the goal, each applied with real input.
    s = state()
    hints = 0
    while not s["solved"] and hints < 2000:
        before = s["distance"]
        button("hint")
        wait_hint()
        h = state()
        spec = h["data"]["hint"]
        if not check(spec and h["distance"] == before, f"no hint at distance {before}"):
            break
        for part in spec.split(";"):
            slide(*map(int, part.split()))
        s = state()
        hints += 1
        if not check(s["distance"] == before - 1,
                     f"hint {hints} ({spec}) took the distance from {before} to {s['distance']}"):
            break
    check(s["solved"] and s["distance"] == 0, f"hints ended unsolved at distance {s['distance']}")
    check("Goal reached" in s["caption"], f"the page does not say the goal is reached: {s['caption']!r}")
    shot("goal")

    # 5. Reset, then "solve from here" plays an optimal finish by itself.
    s = reset_and_solve(s0, 600)
    check(s["solved"] and s["distance"] == 0, "solve from here did not reach the goal")
    shot("solved")
    bad = errors()
    check(not bad, f"console errors: {bad}")
    print(f"play {name} ({mode}): INIT at {want_distance}, {hints} hints to the goal, "
          f"solve from here: {s['caption']}")
finally:
    b.close()
sys.exit(1 if fails else 0)
