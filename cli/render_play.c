/*
 * render_play.c - `slide --play FILE`: one self-contained page (no
 * network, no other files; it works from file://) on which a person plays
 * the puzzle, with optimal hints from wherever they are.
 *
 * The central idea: the page carries the engine's distance table (the
 * oracle, sb_distances_compute) as nothing but distances, one per
 * reachable configuration, packed in a few bytes each and base64'd.  It
 * carries no configurations: the oracle numbers them in the order of their
 * canonical anchor lists (slide.h), which is a fact about the puzzle, so
 * the page walks the same reachable set itself (one-cell steps reach all
 * of it, whatever the metric), sorts the same keys and so knows every
 * configuration's number.  It checks that its walk found exactly the
 * table's count; if not, it says so and offers no hints rather than wrong
 * ones.  Klotski's 25,955 configurations cost 25,955 bytes before base64.
 *
 * A hint is a move to a neighbour one closer under the metric counted
 * (unit: a one-cell step; line: a straight slide; piece: one piece along
 * any path), found by trying every move from the current position and
 * looking its result up; "solve from here" repeats hints.  The drawing is
 * --html's (render_html.h).  The page keeps its state in the DOM for
 * tests: <main> carries data-moves (under the metric), data-distance
 * (to the goal, "" when unknown), data-solved, data-ready (hints
 * prepared, or known to be absent; data-prepare-ms, how long that took),
 * data-refused (illegal moves refused),
 * data-hint (the last hint's slides "r1 c1 r2 c2;...") and data-selected.
 */
#include <errno.h>
#include <stdlib.h>

#include "render_html.h"
#include "view.h"

static const char PLAY_PAGE[] =
    "svg{touch-action:none;user-select:none;-webkit-user-select:none}\n"
    ".blk{cursor:grab}\n.blk:focus{outline:none}\n"
    ".blk.sel rect,.blk.sel path{stroke:#1f5fbf;stroke-width:.12}\n"
    "#counter{font-variant-numeric:tabular-nums;margin-left:6px}\n"
    "#caption.refused{color:#b22222}\n"
    "#help,#note{font-size:13px;color:#555;margin:6px 0}\n"
    "button:disabled{opacity:.45;cursor:default}\n"
    "</style>\n</head>\n<body>\n"
    "<main id=\"player\" data-moves=\"0\" data-distance=\"\" data-solved=\"false\" "
    "data-ready=\"false\" data-refused=\"0\" data-hint=\"\" data-selected=\"-1\">\n"
    "<div id=\"stage\">\n<h1 id=\"title\"></h1>\n"
    "<svg id=\"tray\" role=\"application\" aria-label=\"the tray: drag a piece, or select "
    "it and press the arrow keys\"></svg>\n"
    "<div id=\"controls\">\n"
    "<button id=\"undo\" title=\"undo (U)\">undo</button>\n"
    "<button id=\"redo\" title=\"redo (Y)\">redo</button>\n"
    "<button id=\"reset\" title=\"back to the start\">reset</button>\n"
    "<button id=\"hint\" title=\"an optimal next move (H)\">hint</button>\n"
    "<button id=\"solve\" title=\"play an optimal finish (S)\">solve from here</button>\n"
    "<span id=\"counter\"></span>\n</div>\n"
    "<div id=\"caption\" role=\"status\"></div>\n"
    "<p id=\"help\">Drag a piece, or select it (click, tap or Tab) and press the arrow "
    "keys. Keys: H hint, S solve from here, U undo, Y redo, Esc deselect.</p>\n"
    "<p id=\"note\"></p>\n</div>\n</main>\n";

/* The game.  P adds to the drawing's fields: metric ('unit', 'line' or
 * 'piece'), axes (per block: 'b' both ways, 'h' along its row, 'v' along
 * its column), slots (per block, its class in the oracle's order) and
 * hints ({count, width, data}: count distances of width bytes each,
 * little-endian, all ones for "no goal reachable", base64) or null with
 * nohint saying why. */
static const char PLAY_SCRIPT[] =
    "var DR = [-1, 1, 0, 0], DC = [0, 0, -1, 1], NB = B.length, W = P.cols;\n"
    "var rel = B.map(function (b) {\n"
    "  if (b[5] >= 0) return P.shapes[b[5]];\n"
    "  var cs = [];\n"
    "  for (var y = 0; y < b[2]; y++) for (var x = 0; x < b[3]; x++) cs.push([y, x]);\n"
    "  return cs;\n"
    "});\n"
    "var live = {R: R, C: C, occ: new Int32Array(P.rows * W)};\n"
    "var hist = [], redos = [], sel = -1, drag = null, timer = null, table = null, index = null;\n"
    "var refused = 0, lastHint = null;\n"
    "function fill(S, i, v) {\n"
    "  var cs = rel[i];\n"
    "  for (var k = 0; k < cs.length; k++) S.occ[(S.R[i] + cs[k][0]) * W + S.C[i] + cs[k][1]] = v;\n"
    "}\n"
    "function layout(S) {\n"
    "  S.occ.fill(-1);\n"
    "  P.walls.forEach(function (w) { S.occ[w[0] * W + w[1]] = -2; });\n"
    "  for (var i = 0; i < NB; i++) fill(S, i, i);\n"
    "}\n"
    "/* Whether block i of S may take one step in direction d (up, down, left,\n"
    " * right): along its axis, inside the tray, onto empty cells. */\n"
    "function may(S, i, d) {\n"
    "  var ax = P.axes.charAt(i);\n"
    "  if ((ax === 'h' && d < 2) || (ax === 'v' && d >= 2)) return false;\n"
    "  var cs = rel[i], r0 = S.R[i] + DR[d], c0 = S.C[i] + DC[d];\n"
    "  for (var k = 0; k < cs.length; k++) {\n"
    "    var r = r0 + cs[k][0], c = c0 + cs[k][1];\n"
    "    if (r < 0 || c < 0 || r >= P.rows || c >= W) return false;\n"
    "    var o = S.occ[r * W + c];\n"
    "    if (o !== -1 && o !== i) return false;\n"
    "  }\n"
    "  return true;\n"
    "}\n"
    "function stepIn(S, i, d) { fill(S, i, -1); S.R[i] += DR[d]; S.C[i] += DC[d]; fill(S, i, i); }\n"
    "/* The oracle's key of a configuration: per class in the oracle's order,\n"
    " * the anchor cells ascending, one UTF-16 unit each, so that strings sort\n"
    " * as the oracle sorts its anchor lists. */\n"
    "var byClass = [];\n"
    "P.slots.forEach(function (k, i) { (byClass[k] = byClass[k] || []).push(i); });\n"
    "function keyOf(S) {\n"
    "  var s = '';\n"
    "  for (var k = 0; k < byClass.length; k++) {\n"
    "    var a = byClass[k].map(function (i) { return S.R[i] * W + S.C[i]; });\n"
    "    a.sort(function (x, y) { return x - y; });\n"
    "    for (var j = 0; j < a.length; j++) s += String.fromCharCode(a[j]);\n"
    "  }\n"
    "  return s;\n"
    "}\n"
    "function loadKey(S, s) {\n"
    "  var at = 0;\n"
    "  for (var k = 0; k < byClass.length; k++)\n"
    "    byClass[k].forEach(function (i) {\n"
    "      var cell = s.charCodeAt(at++);\n"
    "      S.R[i] = Math.floor(cell / W); S.C[i] = cell % W;\n"
    "    });\n"
    "  layout(S);\n"
    "}\n"
    "layout(live);\n"
    "/* Reads the table and numbers the configurations as the oracle does. */\n"
    "function prepare() {\n"
    "  var H = P.hints;\n"
    "  if (!H) return P.nohint;\n"
    "  var E = {R: R.slice(), C: C.slice(), occ: new Int32Array(P.rows * W)};\n"
    "  var start = keyOf(live), seen = new Set([start]), queue = [start];\n"
    "  for (var q = 0; q < queue.length && queue.length <= H.count; q++) {\n"
    "    loadKey(E, queue[q]);\n"
    "    for (var i = 0; i < NB; i++)\n"
    "      for (var d = 0; d < 4; d++)\n"
    "        if (may(E, i, d)) {\n"
    "          stepIn(E, i, d);\n"
    "          var k = keyOf(E);\n"
    "          if (!seen.has(k)) { seen.add(k); queue.push(k); }\n"
    "          stepIn(E, i, d ^ 1);\n"
    "        }\n"
    "  }\n"
    "  if (queue.length !== H.count)\n"
    "    return 'The page found ' + queue.length + ' configurations, the table has ' + H.count + ': no hints.';\n"
    "  queue.sort();\n"
    "  index = new Map();\n"
    "  queue.forEach(function (k, i) { index.set(k, i); });\n"
    "  table = atob(H.data);\n"
    "  return '';\n"
    "}\n"
    "/* The distance to the goal of S with block i at (r, c) (i < 0: as it is);\n"
    " * null when unknown or no goal is reachable. */\n"
    "function distance(S, i, r, c) {\n"
    "  if (!index) return null;\n"
    "  var r0, c0;\n"
    "  if (i >= 0) { r0 = S.R[i]; c0 = S.C[i]; S.R[i] = r; S.C[i] = c; }\n"
    "  var at = index.get(keyOf(S));\n"
    "  if (i >= 0) { S.R[i] = r0; S.C[i] = c0; }\n"
    "  if (at === undefined) return null;\n"
    "  var w = P.hints.width, v = 0, all = 0;\n"
    "  for (var b = w - 1; b >= 0; b--) { v = v * 256 + table.charCodeAt(at * w + b); all = all * 256 + 255; }\n"
    "  return v === all ? null : v;\n"
    "}\n"
    "/* Straight slides from unit steps [r, c] (a path of anchors). */\n"
    "function slidesOf(path) {\n"
    "  var out = [], a = path[0];\n"
    "  for (var k = 1; k < path.length; k++) {\n"
    "    var b = path[k], nx = path[k + 1];\n"
    "    if (!nx || (nx[0] - b[0]) !== (b[0] - path[k - 1][0]) || (nx[1] - b[1]) !== (b[1] - path[k - 1][1])) {\n"
    "      out.push([a[0], a[1], b[0], b[1]]); a = b;\n"
    "    }\n"
    "  }\n"
    "  return out;\n"
    "}\n"
    "/* Every move of the metric from S: {i, r, c, slides} with (r, c) where\n"
    " * block i ends. */\n"
    "function options(S) {\n"
    "  var out = [];\n"
    "  for (var i = 0; i < NB; i++) {\n"
    "    var r0 = S.R[i], c0 = S.C[i];\n"
    "    if (P.metric === 'piece') {\n"
    "      fill(S, i, -1);\n"
    "      var prev = new Map([[r0 * W + c0, null]]), q = [[r0, c0]];\n"
    "      for (var h = 0; h < q.length; h++) {\n"
    "        S.R[i] = q[h][0]; S.C[i] = q[h][1];\n"
    "        for (var d = 0; d < 4; d++) {\n"
    "          if (!may(S, i, d)) continue;\n"
    "          var p = [q[h][0] + DR[d], q[h][1] + DC[d]];\n"
    "          if (prev.has(p[0] * W + p[1])) continue;\n"
    "          prev.set(p[0] * W + p[1], q[h]); q.push(p);\n"
    "        }\n"
    "      }\n"
    "      S.R[i] = r0; S.C[i] = c0; fill(S, i, i);\n"
    "      q.slice(1).forEach(function (p) {\n"
    "        var path = [p];\n"
    "        for (var x = prev.get(p[0] * W + p[1]); x; x = prev.get(x[0] * W + x[1])) path.unshift(x);\n"
    "        out.push({i: i, r: p[0], c: p[1], slides: slidesOf(path)});\n"
    "      });\n"
    "      continue;\n"
    "    }\n"
    "    for (var e = 0; e < 4; e++) {\n"
    "      var k = 0;\n"
    "      while (may(S, i, e)) {\n"
    "        stepIn(S, i, e); k++;\n"
    "        out.push({i: i, r: S.R[i], c: S.C[i], slides: [[r0, c0, S.R[i], S.C[i]]]});\n"
    "        if (P.metric === 'unit') break;\n"
    "      }\n"
    "      while (k-- > 0) stepIn(S, i, e ^ 1);\n"
    "    }\n"
    "  }\n"
    "  return out;\n"
    "}\n"
    "/* An optimal next move: one to a configuration one closer, or null. */\n"
    "function bestMove() {\n"
    "  var d0 = distance(live, -1);\n"
    "  if (d0 === null || d0 === 0) return null;\n"
    "  var all = options(live);\n"
    "  for (var k = 0; k < all.length; k++)\n"
    "    if (distance(live, all[k].i, all[k].r, all[k].c) === d0 - 1) return all[k];\n"
    "  return null;\n"
    "}\n"
    "/* Moves a block in the model and the drawing; no history. */\n"
    "function shift(r1, c1, r2, c2) {\n"
    "  var i = corner.get(key(r1, c1));\n"
    "  fill(live, i, -1); corner.delete(key(r1, c1));\n"
    "  R[i] = r2; C[i] = c2;\n"
    "  corner.set(key(r2, c2), i); fill(live, i, i); place(i);\n"
    "  return i;\n"
    "}\n"
    "function play(slides) { slides.forEach(function (m) { shift(m[0], m[1], m[2], m[3]); }); }\n"
    "/* An action the player (or a hint) took: a list of slides already on\n"
    " * the board. */\n"
    "function record(slides) { hist.push(slides); redos = []; clearHint(); update(''); }\n"
    "/* Moves under the metric, as sb_moves_length counts them. */\n"
    "function count() {\n"
    "  var n = 0, prev = null;\n"
    "  hist.forEach(function (a) {\n"
    "    a.forEach(function (m) {\n"
    "      var dr = Math.sign(m[2] - m[0]), dc = Math.sign(m[3] - m[1]);\n"
    "      var on = prev && prev[2] === m[0] && prev[3] === m[1];\n"
    "      if (P.metric === 'unit') n += Math.abs(m[2] - m[0]) + Math.abs(m[3] - m[1]);\n"
    "      else if (P.metric === 'piece') n += on ? 0 : 1;\n"
    "      else n += on && dr === Math.sign(prev[2] - prev[0]) && dc === Math.sign(prev[3] - prev[1]) ? 0 : 1;\n"
    "      prev = m;\n"
    "    });\n"
    "  });\n"
    "  return n;\n"
    "}\n"
    "function name(i) { return label(i) + ' (' + R[i] + ' ' + C[i] + ')'; }\n"
    "function select(i) {\n"
    "  if (sel >= 0) els[sel].classList.remove('sel');\n"
    "  sel = i;\n"
    "  if (sel >= 0) { els[sel].classList.add('sel'); if (document.activeElement !== els[sel]) els[sel].focus({preventScroll: true}); }\n"
    "  main.setAttribute('data-selected', sel);\n"
    "}\n"
    "function clearHint() {\n"
    "  if (lastHint !== null) els[lastHint].classList.remove('next');\n"
    "  lastHint = null; main.setAttribute('data-hint', '');\n"
    "}\n"
    "function update(text, cls) {\n"
    "  var n = count(), d = distance(live, -1), ok = solved(), cap = $('caption');\n"
    "  $('counter').textContent = n + (n === 1 ? ' move' : ' moves') + ' (' + P.metric + ')';\n"
    "  main.setAttribute('data-moves', n);\n"
    "  main.setAttribute('data-distance', d === null ? '' : d);\n"
    "  main.setAttribute('data-solved', ok);\n"
    "  cap.textContent = ok ? 'Goal reached in ' + n + (n === 1 ? ' move.' : ' moves.') : text;\n"
    "  cap.className = ok ? 'solved' : cls || '';\n"
    "  $('undo').disabled = !hist.length; $('redo').disabled = !redos.length;\n"
    "}\n"
    "function refuse(why) {\n"
    "  refused++; main.setAttribute('data-refused', refused);\n"
    "  update(why, 'refused');\n"
    "}\n"
    "/* One step of the selected block from the keyboard. */\n"
    "function key1(d) {\n"
    "  if (sel < 0) { refuse('Select a piece first (click it, or Tab to it).'); return; }\n"
    "  if (!may(live, sel, d)) { refuse(name(sel) + ' cannot move ' + ['up', 'down', 'left', 'right'][d] + '.'); return; }\n"
    "  var r = R[sel], c = C[sel];\n"
    "  shift(r, c, r + DR[d], c + DC[d]);\n"
    "  record([[r, c, R[sel], C[sel]]]);\n"
    "}\n"
    "function undo() {\n"
    "  var a = hist.pop(); if (!a) return;\n"
    "  a.slice().reverse().forEach(function (m) { shift(m[2], m[3], m[0], m[1]); });\n"
    "  redos.push(a); clearHint(); update('');\n"
    "}\n"
    "function redo() {\n"
    "  var a = redos.pop(); if (!a) return;\n"
    "  play(a); hist.push(a); clearHint(); update('');\n"
    "}\n"
    "function stop() { if (timer) { clearInterval(timer); timer = null; $('solve').textContent = 'solve from here'; } }\n"
    "function hint() {\n"
    "  clearHint();\n"
    "  var d = distance(live, -1);\n"
    "  if (d === 0) { update(''); return null; }\n"
    "  var m = d === null ? null : bestMove();\n"
    "  if (!m) { update(index ? 'The goal cannot be reached from here: undo or reset.' : P.nohint || 'No hints.'); return null; }\n"
    "  lastHint = m.i; els[m.i].classList.add('next');\n"
    "  main.setAttribute('data-hint', m.slides.map(function (s) { return s.join(' '); }).join(';'));\n"
    "  update('Hint: move ' + label(m.i) + ' ' + m.slides.map(function (s) {\n"
    "    return s[0] + ' ' + s[1] + ' \\u2192 ' + s[2] + ' ' + s[3]; }).join(', then ') +\n"
    "    '. ' + d + (d === 1 ? ' move' : ' moves') + ' left from here (' + P.metric + ').');\n"
    "  return m;\n"
    "}\n"
    "function solve() {\n"
    "  if (timer) { stop(); return; }\n"
    "  var d = distance(live, -1);\n"
    "  if (d === null || d === 0) { hint(); return; }\n"
    "  $('solve').textContent = 'stop';\n"
    "  timer = setInterval(function () {\n"
    "    var m = hint();\n"
    "    if (!m) { stop(); return; }\n"
    "    play(m.slides); record(m.slides);\n"
    "    if (distance(live, -1) === 0) stop();\n"
    "  }, Math.max(40, Math.min(300, 6000 / d)));\n"
    "}\n"
    "/* Dragging: the block follows the pointer one cell at a time along the\n"
    " * axis it first moves on, never through another block; letting go\n"
    " * makes the slide one action. */\n"
    "function cellAt(e) {\n"
    "  var pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;\n"
    "  return pt.matrixTransform(svg.getScreenCTM().inverse());\n"
    "}\n"
    "els.forEach(function (g, i) {\n"
    "  g.setAttribute('tabindex', '0');\n"
    "  g.setAttribute('data-i', i);\n"
    "  g.addEventListener('focus', function () { if (sel !== i) select(i); });\n"
    "  g.addEventListener('pointerdown', function (e) {\n"
    "    stop(); select(i);\n"
    "    var p = cellAt(e);\n"
    "    drag = {i: i, x: p.x, y: p.y, r: R[i], c: C[i], axis: null, blocked: false};\n"
    "    svg.setPointerCapture(e.pointerId);\n"
    "    e.preventDefault();\n"
    "  });\n"
    "});\n"
    "svg.addEventListener('pointermove', function (e) {\n"
    "  if (!drag) return;\n"
    "  var p = cellAt(e), dx = p.x - drag.x, dy = p.y - drag.y, i = drag.i;\n"
    "  if (!drag.axis && Math.max(Math.abs(dx), Math.abs(dy)) >= 0.35) drag.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';\n"
    "  if (!drag.axis) return;\n"
    "  var want = Math.round(drag.axis === 'x' ? dx : dy);\n"
    "  for (;;) {\n"
    "    var at = drag.axis === 'x' ? C[i] - drag.c : R[i] - drag.r;\n"
    "    if (at === want) break;\n"
    "    var d = drag.axis === 'x' ? (at < want ? 3 : 2) : (at < want ? 1 : 0);\n"
    "    if (!may(live, i, d)) { drag.blocked = true; break; }\n"
    "    shift(R[i], C[i], R[i] + DR[d], C[i] + DC[d]);\n"
    "  }\n"
    "});\n"
    "function drop() {\n"
    "  if (!drag) return;\n"
    "  var g = drag, i = g.i; drag = null;\n"
    "  if (R[i] !== g.r || C[i] !== g.c) record([[g.r, g.c, R[i], C[i]]]);\n"
    "  else if (g.blocked) refuse(name(i) + ' is blocked that way.');\n"
    "}\n"
    "svg.addEventListener('pointerup', drop);\n"
    "svg.addEventListener('pointercancel', drop);\n"
    "/* A button acts on click, and for a finger on lifting it: a tap that\n"
    " * follows a drag does not always get its click (seen in Chromium). */\n"
    "function press(id, fn) {\n"
    "  var el = $(id), down = false, tapped = 0;\n"
    "  el.addEventListener('pointerdown', function (e) { down = e.pointerType === 'touch'; });\n"
    "  el.addEventListener('pointerup', function (e) {\n"
    "    if (down && e.pointerType === 'touch' && !el.disabled) { tapped = Date.now(); fn(); }\n"
    "    down = false;\n"
    "  });\n"
    "  el.addEventListener('click', function () { if (Date.now() - tapped > 700) fn(); });\n"
    "}\n"
    "press('undo', function () { stop(); undo(); });\n"
    "press('redo', function () { stop(); redo(); });\n"
    "press('reset', function () { stop(); while (hist.length) undo(); update('Back at the start.'); });\n"
    "press('hint', function () { stop(); hint(); });\n"
    "press('solve', solve);\n"
    "document.addEventListener('keydown', function (e) {\n"
    "  if (e.altKey || e.ctrlKey || e.metaKey) return;\n"
    "  var d = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].indexOf(e.key), k = e.key.toLowerCase();\n"
    "  if (d >= 0) { stop(); key1(d); }\n"
    "  else if (k === 'h') { stop(); hint(); }\n"
    "  else if (k === 's') solve();\n"
    "  else if (k === 'u') { stop(); undo(); }\n"
    "  else if (k === 'y') { stop(); redo(); }\n"
    "  else if (k === 'escape') select(-1);\n"
    "  else return;\n"
    "  e.preventDefault();\n"
    "});\n"
    "$('hint').disabled = $('solve').disabled = true;\n"
    "update('Preparing the hints\\u2026');\n"
    "/* After the first paint: the walk takes a moment on a big space. */\n"
    "setTimeout(function () {\n"
    "  var t0 = Date.now(), why = prepare();\n"
    "  main.setAttribute('data-prepare-ms', Date.now() - t0);\n"
    "  $('note').textContent = why;\n"
    "  $('hint').disabled = $('solve').disabled = !index;\n"
    "  if (index) $('note').textContent = 'Hints know all ' + P.hints.count + ' configurations reachable from the start (' + P.metric + ' moves).';\n"
    "  update('');\n"
    "  main.setAttribute('data-ready', 'true');\n"
    "}, 0);\n";

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Writes n bytes of base64, three bytes at a time. */
static void base64_bytes(FILE *out, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16 | (i + 1 < n ? (uint32_t)b[i + 1] << 8 : 0) |
                     (i + 2 < n ? b[i + 2] : 0);
        putc(BASE64[v >> 18 & 63], out);
        putc(BASE64[v >> 12 & 63], out);
        putc(i + 1 < n ? BASE64[v >> 6 & 63] : '=', out);
        putc(i + 2 < n ? BASE64[v & 63] : '=', out);
    }
}

/* The distances, each in the fewest whole bytes that hold the farthest
 * and the "none" mark (all ones), little-endian, base64'd. */
static int hints_json(FILE *out, const sb_distances *d)
{
    int width = d->farthest < 0xff ? 1 : d->farthest < 0xffff ? 2 : 4;
    size_t n = (size_t)d->count * (size_t)width;
    unsigned char *packed = malloc(n ? n : 1);
    if (!packed)
        return -1;
    for (size_t i = 0; i < d->count; i++) {
        uint32_t v = d->distance[i];
        if (v == SB_DISTANCE_NONE)
            v = width == 4 ? UINT32_MAX : (1u << (8 * width)) - 1;
        for (int b = 0; b < width; b++)
            packed[i * (size_t)width + (size_t)b] = (unsigned char)(v >> (8 * b));
    }
    fprintf(out, ",\n  hints: {count: %llu, width: %d, data: \"", (unsigned long long)d->count,
            width);
    base64_bytes(out, packed, n);
    fputs("\"}", out);
    free(packed);
    return 0;
}

int sb_play_write(FILE *out, const sb_puzzle *p, const sb_distances *d, sb_metric metric,
                  const char *no_hints, const char *title)
{
    sb_html_head(out, "slide: play", PLAY_PAGE);
    if (sb_html_puzzle_data(out, p, title) != 0)
        return -1;
    fprintf(out, ",\n  metric: '%s',\n  axes: '", sb_metric_name(metric));
    for (size_t i = 0; i < p->nblocks; i++)
        putc(p->blocks[i].axis == SB_AXIS_ROW ? 'h' : p->blocks[i].axis == SB_AXIS_COL ? 'v' : 'b',
             out);
    fputs("',\n  slots: [", out);
    for (size_t i = 0; i < p->nblocks; i++) {
        size_t k = 0;
        while (d && k + 1 < d->nclasses && !sb_block_same_class(p, &d->pieces[k], &p->blocks[i]))
            k++;
        fprintf(out, "%s%zu", i ? (i % 32 ? "," : ",\n    ") : "", k);
    }
    putc(']', out);
    if (d) {
        if (hints_json(out, d) != 0)
            return -1;
        fputs(",\n  nohint: null", out);
    } else {
        fputs(",\n  hints: null,\n  nohint: ", out);
        sb_json_string(out, no_hints ? no_hints : "No hints.");
    }
    fputs("\n};\n</script>\n", out);
    fputs(SB_HTML_DRAW_SCRIPT, out);
    fputs(PLAY_SCRIPT, out);
    return sb_html_end(out);
}
