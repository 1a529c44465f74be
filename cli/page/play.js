/*
 * play.js - the play page's game (slide --play, render_play.c): the
 * player's moves by mouse, touch and keyboard, undo and redo, hints and
 * "solve from here", the score and the solved state, over the model of
 * rules.js and the drawing of draw.js, which come before it in the
 * page's one function.
 *
 * Hints come from one place, nextHint(): a move to a neighbour one
 * closer under the metric counted, found by trying every move from the
 * current configuration and looking its result up (rules.js: bestMove);
 * "solve from here" repeats it.  It answers through a Promise so that a
 * source that takes time can stand beside the table.  The table is
 * prepared after the first paint, since numbering a big space takes the
 * page a moment.  A hint is shown on the tray (the piece outlined, an
 * arrow to where it goes) and in words that name the piece as a person
 * sees it: "tile 7", or its colour and kind ("the red car", "the big
 * square"), with its row or column when others look the same.
 *
 * Input: a press on the tray picks the piece whose cell is under it (the
 * model's grid, not the drawing, which may still be sliding); a drag
 * follows the pointer smoothly along the piece's axis, as far as the
 * free cells allow, and lets go at the nearest cell as one move.  A
 * one-axis piece pulled across its axis does not move and the caption
 * says which way it goes.  With numbered tiles and nothing selected, an
 * arrow slides the tile beside the gap into it, as in a tile puzzle.
 *
 * Past the table, the page asks the engine inside it (engine.js) for a
 * plan from where the pieces are, and nextHint gives its moves one by
 * one while the player follows it (a plan not proven shortest is said to
 * be so); the plan is asked for again when the player leaves it.
 *
 * Every move can be undone by its reverse, so the goal is reachable from
 * one position the pieces can reach exactly when it is from all of them:
 * once the table (no distance) or the engine (a proof) finds it out of
 * reach, the puzzle has no solution (noWay), Hint and Solve are off, and
 * the caption says why whenever it has nothing else to say.
 *
 * The page keeps its state in the DOM for tests: <main> carries
 * data-moves (under the metric), data-distance (to the goal, "" when
 * unknown), data-solved, data-ready (hints prepared, or known to be
 * absent; data-prepare-ms, how long that took), data-refused (illegal
 * moves refused), data-hint (the last hint's slides "r1 c1 r2 c2;..."),
 * data-selected, data-solving ("solve from here" running), and with the
 * engine data-exact (whether data-distance is the shortest, not a plan's
 * length), data-engine ('worker' or 'page': where the engine runs; ''
 * for none), data-thinking, data-plan-ms (what the engine's last plan
 * took) and data-engine-prepare-ms (what its tables took as it loaded).
 */
var hist = [], redos = [], sel = -1, drag = null, timer = null, solving = false;
var refused = 0, hintMark = -1, hintTicket = 0, solveRun = 0, best = null;
var plan = null, asking = null; /* the engine's: {steps (planSteps), optimal}; the last question */
var noWay = false;              /* the goal is out of reach (see above) */
var NO_WAY = 'No sequence of moves reaches the goal: ' +
  'this puzzle has no solution, so there are no hints.';
var DIRS = ['up', 'down', 'left', 'right'];
/* Moves a block in the model and the drawing; no history. */
function shift(r1, c1, r2, c2) {
  var i = corner.get(key(r1, c1));
  fill(live, i, -1); corner.delete(key(r1, c1));
  R[i] = r2; C[i] = c2;
  corner.set(key(r2, c2), i); fill(live, i, i); place(i);
  return i;
}
function play(slides) { slides.forEach(function (m) { shift(m[0], m[1], m[2], m[3]); }); }
/* An action the player (or a hint) took: a list of slides already on
 * the board. */
function record(slides) { hist.push(slides); redos = []; clearHint(); update(''); }
/* Moves under the metric of a list of slides, as sb_moves_length counts them. */
function lengthOf(slides) {
  var n = 0, prev = null;
  slides.forEach(function (m) {
    var dr = Math.sign(m[2] - m[0]), dc = Math.sign(m[3] - m[1]);
    var on = prev && prev[2] === m[0] && prev[3] === m[1];
    if (P.metric === 'unit') n += Math.abs(m[2] - m[0]) + Math.abs(m[3] - m[1]);
    else if (P.metric === 'piece') n += on ? 0 : 1;
    else n += on && dr === Math.sign(prev[2] - prev[0]) && dc === Math.sign(prev[3] - prev[1]) ? 0 : 1;
    prev = m;
  });
  return n;
}
function plural(n, one) { return n + ' ' + one + (n === 1 ? '' : 's'); }

/* ---- Names of pieces, in words ---- */

/* What a piece is, from its shape and axis alone. */
function kind(i) {
  var b = B[i], h = b[2], w = b[3], ax = P.axes.charAt(i), cs = rel[i];
  if (b[5] < 0) {
    if (ax !== 'b' && Math.min(h, w) === 1 && Math.max(h, w) > 1) return Math.max(h, w) === 2 ? 'car' : 'truck';
    if (h === w) return h === 1 ? 'small square' : 'big square';
    return h > w ? 'tall block' : 'wide block';
  }
  var on = new Set(cs.map(function (c) { return c[0] + ',' + (c[1] - lefts[b[5]]); }));
  function row(y) { for (var x = 0; x < w; x++) if (!on.has(y + ',' + x)) return false; return true; }
  function col(x) { for (var y = 0; y < h; y++) if (!on.has(y + ',' + x)) return false; return true; }
  var rows = [0, h - 1].filter(row), cols = [0, w - 1].filter(col);
  if (rows.length && cols.length && cs.length === h + w - 1) return 'L';
  if (cs.length === h + w - 1 && ((rows.length && w % 2 && col((w - 1) / 2)) || (cols.length && h % 2 && row((h - 1) / 2)))) return 'T';
  return cs.length + '-cell piece';
}
/* Its name: "tile 7", or the fewest words that pick it out: its kind,
 * then its colour, then its row or column (counted from 1) or both. */
function pieceName(i) {
  if (numbers) return 'tile ' + numbers[i];
  var k = kind(i), col = hue(i)[1], same = [], alike = [];
  for (var j = 0; j < NB; j++) if (kind(j) === k) { same.push(j); if (hue(j)[1] === col) alike.push(j); }
  if (same.length === 1) return 'the ' + k;
  var nm = 'the ' + (alike.length < same.length ? col + ' ' : '') + k;
  if (alike.length === 1) return nm;
  var inRow = alike.filter(function (j) { return R[j] === R[i]; }).length;
  var inCol = alike.filter(function (j) { return C[j] === C[i]; }).length;
  var r = 'row ' + (R[i] + 1), c = 'column ' + (C[i] + 1 + (B[i][5] >= 0 ? lefts[B[i][5]] : 0));
  var upright = B[i][2] > B[i][3];   /* a tall piece is told by its column first */
  if (inCol === 1 && (upright || inRow > 1)) return nm + ' in ' + c;
  return nm + (inRow === 1 ? ' in ' + r : ' at ' + r + ', ' + c);
}
function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
/* "right 2, then down" for slides [r1,c1,r2,c2]. */
function steps(slides) {
  return slides.map(function (s) {
    var n = Math.abs(s[2] - s[0]) + Math.abs(s[3] - s[1]);
    var d = s[2] < s[0] ? 0 : s[2] > s[0] ? 1 : s[3] < s[1] ? 2 : 3;
    return DIRS[d] + (n > 1 ? ' ' + n : '');
  }).join(', then ');
}
/* What the player is asked to do, from the goal. */
function intro() {
  if (numbers) return 'Put the tiles in order, as the goal beside the title shows.';
  if (!goalClasses.length) return P.goals.length ? 'Goal: the pieces onto the marked targets.' : '';
  if (goalClasses.length > 3) return 'Bring the coloured pieces onto their marked targets.';
  var names = goalClasses.map(function (k) {
    var i = B.findIndex(function (b) { return b[4] === k; });
    return pieceName(i).replace(/ (in|at) (row|column) .*$/, '');
  });
  return 'Goal: ' + names.join(' and ') + (exits.length ? ' to the exit' : ' onto ' +
    (names.length > 1 ? 'their targets' : 'the target')) + '.';
}

/* ---- The score, the caption and the solved state ---- */

function count() { return lengthOf([].concat.apply([], hist)); }
/* The position as the engine names it: every block's anchor, in order. */
function anchors() { return R.map(function (r, i) { return [r, C[i]]; }); }
/* The first move of a plan under the metric (one cell, one straight
 * slide, or one piece's path) and the moves after it. */
function firstMove(moves) {
  var m = moves[0], rest = moves.slice(1), dr = Math.sign(m[2] - m[0]), dc = Math.sign(m[3] - m[1]);
  if (P.metric === 'unit') {
    if (m[0] + dr !== m[2] || m[1] + dc !== m[3]) rest.unshift([m[0] + dr, m[1] + dc, m[2], m[3]]);
    return {slides: [[m[0], m[1], m[0] + dr, m[1] + dc]], rest: rest};
  }
  var slides = [m];
  while (rest.length && lengthOf(slides.concat([rest[0]])) === 1) slides.push(rest.shift());
  var last = slides[slides.length - 1];
  if (P.metric === 'line') slides = [[m[0], m[1], last[2], last[3]]];
  return {slides: slides, rest: rest};
}
/* The engine's plan as the positions it passes: position (anchors()
 * joined) -> {slides: the move from there, or null at its end, left: the
 * moves left from there}, so that a player who follows it, by any input,
 * finds the rest of it. */
function planSteps(at, moves) {
  var r = at.map(function (a) { return a[0]; }), c = at.map(function (a) { return a[1]; });
  var out = new Map(), name = function () { return r.map(function (x, i) { return [x, c[i]]; }).join(';'); };
  while (moves.length) {
    var f = firstMove(moves);
    out.set(name(), {slides: f.slides, left: lengthOf(moves)});
    f.slides.forEach(function (m) {
      for (var i = 0; i < r.length; i++) if (r[i] === m[0] && c[i] === m[1]) { r[i] = m[2]; c[i] = m[3]; break; }
    });
    moves = f.rest;
  }
  out.set(name(), {slides: null, left: 0});
  return out;
}
/* The engine's plan from here, when the player has followed it. */
function planHere() { return plan ? plan.steps.get(anchors().join(';')) || null : null; }
function select(i) {
  if (sel >= 0) els[sel].classList.remove('sel');
  sel = i;
  if (sel >= 0) { els[sel].classList.add('sel'); if (document.activeElement !== els[sel]) els[sel].focus({preventScroll: true}); }
  main.setAttribute('data-selected', sel);
}
function clearHint() {
  hintTicket++;
  if (hintMark >= 0) els[hintMark].classList.remove('next');
  hintMark = -1; main.setAttribute('data-hint', '');
  var marks = layer('marks');
  while (marks.firstChild) marks.removeChild(marks.firstChild);
}
function update(text, cls) {
  var n = count(), here = index ? null : planHere(), ok = solved(), cap = $('caption');
  var d = index ? distance(live, -1) : here ? here.left : null;
  main.setAttribute('data-exact', !!index || !!(here && plan.optimal));
  $('counter').textContent = plural(n, 'move') + (best !== null ? ' \u00b7 best ' + best : '');
  main.setAttribute('data-moves', n);
  main.setAttribute('data-distance', d === null ? '' : d);
  main.setAttribute('data-solved', ok);
  var done = 'solved in ' + plural(n, 'move') + (best !== null ? ' (optimal ' + best + ')' : '');
  cap.textContent = ok ? 'Goal reached: ' + done + '.' : text || (noWay ? NO_WAY : '');
  cap.className = ok ? 'solved' : cls || '';
  $('banner').hidden = !ok;
  $('banner-text').textContent = !ok ? '' : best === n ? 'in ' + plural(n, 'move') + ', the fewest possible'
    : 'in ' + plural(n, 'move') + (best !== null ? ' (the best is ' + best + ')' : '');
  $('undo').disabled = !hist.length; $('redo').disabled = !redos.length;
  $('hint').disabled = ok || !hintsKnown();
  $('solve').disabled = !solving && (ok || !hintsKnown());
}
function refuse(why) {
  refused++; main.setAttribute('data-refused', refused);
  update(why, 'refused');
}
/* Whether a move may be made now: not once the goal is reached. */
function playable() {
  if (!solved()) return true;
  update('');
  return false;
}
function acrossAxis(i) {
  return capital(pieceName(i)) + ' slides only along its ' + (P.axes.charAt(i) === 'h' ? 'row' : 'column') + '.';
}
/* The tile that an arrow with nothing selected moves, as in a tile
 * puzzle's box: the one beside the only gap, on the far side from the
 * arrow (Left moves the tile right of the gap); -1 when there is none. */
function intoGap(d) {
  if (!numbers) return -1;
  var gap = -1;
  for (var k = 0; k < live.occ.length; k++)
    if (live.occ[k] === -1) { if (gap >= 0) return -1; gap = k; }
  var r = Math.floor(gap / W) - DR[d], c = gap % W - DC[d];
  return gap >= 0 && r >= 0 && c >= 0 && r < P.rows && c < W && live.occ[r * W + c] >= 0 ? live.occ[r * W + c] : -1;
}
/* One step of the selected block (or the tile beside the gap) from the
 * keyboard. */
function key1(d) {
  var i = sel >= 0 ? sel : intoGap(d);
  if (i < 0) { refuse(numbers ? 'No tile can move ' + DIRS[d] + ' into the gap.' : 'Select a piece first (click it, or Tab to it).'); return; }
  if (!playable()) return;
  var ax = P.axes.charAt(i);
  if ((ax === 'h' && d < 2) || (ax === 'v' && d >= 2)) { refuse(acrossAxis(i)); return; }
  if (!may(live, i, d)) { refuse(capital(pieceName(i)) + ' cannot move ' + DIRS[d] + '.'); return; }
  var r = R[i], c = C[i];
  shift(r, c, r + DR[d], c + DC[d]);
  record([[r, c, R[i], C[i]]]);
}
function undo() {
  var a = hist.pop(); if (!a) return;
  a.slice().reverse().forEach(function (m) { shift(m[2], m[3], m[0], m[1]); });
  redos.push(a); clearHint(); update('');
}
function redo() {
  var a = redos.pop(); if (!a) return;
  play(a); hist.push(a); clearHint(); update('');
}

/* ---- Hints ---- */

function hintsKnown() { return !noWay && (!!index || PageEngine.ready); }
/* The next move toward the goal from where the pieces are: the one place
 * hints come from.  Resolves to {move: {i, slides}, distance (moves to
 * the goal before it; null when not known), exact (the move is one
 * closer)}, or {message} when there is no move to give ("" at the goal). */
function nextHint() {
  if (solved()) return Promise.resolve({message: ''});
  if (noWay) return Promise.resolve({message: NO_WAY});
  if (index || !PageEngine.ready) {
    var d = distance(live, -1), m = d === null ? null : bestMove(live);
    if (m) return Promise.resolve({move: m, distance: d, exact: true});
    if (!index) return Promise.resolve({message: P.nohint || PageEngine.why || 'No hints.'});
    noWay = true;
    return Promise.resolve({message: NO_WAY});
  }
  var here = planHere();
  if (here) return Promise.resolve(here.slides ? {move: {i: corner.get(key(here.slides[0][0], here.slides[0][1])), slides: here.slides},
                                                  distance: here.left, exact: plan.optimal} : {message: ''});
  var at = anchors(), name = at.join(';');
  if (!asking || asking.at !== name) /* one question per position, however often asked */
    asking = {at: name, answer: PageEngine.plan(at).then(function (r) {
      /* Asked again, it may do better (a busy machine); a later question stays. */
      if (r.unreachable) noWay = true;
      if (r.error) { if (asking && asking.at === name) asking = null; }
      else { plan = {steps: planSteps(at, r.moves), optimal: r.optimal}; main.setAttribute('data-plan-ms', r.ms); }
      return r;
    })};
  return asking.answer.then(function (r) {
    return r.unreachable ? {message: NO_WAY} : r.error ? {message: r.error} : nextHint();
  });
}
/* The hint on the tray: the piece outlined, a ghost where it ends and an
 * arrow along its slides, from the middle of the piece. */
function showHint(h) {
  var m = h.move, i = m.i, b = B[i], at = spot(b[5], b[2], b[3]), marks = layer('marks');
  hintMark = i; els[i].classList.add('next');
  var end = m.slides[m.slides.length - 1];
  body(b[5], b[2], b[3], mk('g', {'class': 'ghost', transform: 'translate(' + end[3] + ' ' + end[2] + ')'}, marks));
  var pts = [[m.slides[0][0], m.slides[0][1]]].concat(m.slides.map(function (s) { return [s[2], s[3]]; }))
    .map(function (p) { return [p[1] + at[1], p[0] + at[0]]; });
  /* Starting off the middle leaves a tile's number or a groove in sight. */
  var s0 = m.slides[0], go = Math.hypot(s0[2] - s0[0], s0[3] - s0[1]);
  pts[0] = [pts[0][0] + 0.3 * (s0[3] - s0[1]) / go, pts[0][1] + 0.3 * (s0[2] - s0[0]) / go];
  var a = pts[pts.length - 2], z = pts[pts.length - 1], len = Math.hypot(z[0] - a[0], z[1] - a[1]);
  var ux = (z[0] - a[0]) / len, uy = (z[1] - a[1]) / len, hl = 0.34, hw = 0.24;
  var tip = [z[0] + ux * 0.12, z[1] + uy * 0.12], base = [tip[0] - ux * hl, tip[1] - uy * hl];
  var d = 'M' + pts.slice(0, -1).concat([base]).map(function (p) { return p.join(' '); }).join('L');
  mk('path', {'class': 'arrow-halo', d: d}, marks);
  mk('path', {'class': 'arrow', d: d}, marks);
  mk('path', {'class': 'head', d: 'M' + tip.join(' ') + 'L' + (base[0] - uy * hw) + ' ' + (base[1] + ux * hw) +
              'L' + (base[0] + uy * hw) + ' ' + (base[1] - ux * hw) + 'Z'}, marks);
  main.setAttribute('data-hint', m.slides.map(function (s) { return s.join(' '); }).join(';'));
  var left = h.distance === null ? '' : h.exact ? ' ' + plural(h.distance, 'move') + ' to the goal.'
    : ' At most ' + plural(h.distance, 'move') + ' to the goal: a plan the engine found quickly, not proven shortest.';
  update('Hint: move ' + pieceName(i) + ' ' + steps(m.slides) + '.' + left, 'hinted');
}
function hint() {
  clearHint();
  var ticket = hintTicket;
  if (solved()) { update(''); return; }
  if (!index && PageEngine.ready && !planHere()) update('Thinking\u2026');
  main.setAttribute('data-thinking', 'true');
  nextHint().then(function (h) {
    main.setAttribute('data-thinking', 'false');
    if (ticket !== hintTicket) return;   /* a move came first */
    if (h.move) showHint(h); else update(h.message, h.message ? 'refused' : '');
  });
}
function stop() {
  solving = false; main.setAttribute('data-solving', 'false');
  if (timer) { clearTimeout(timer); timer = null; }
  $('solve').textContent = 'Solve';
  $('solve').disabled = solved() || !hintsKnown();
}
/* Plays hints until the goal, a moment apart; "stop" (or any move of
 * the player's) ends it. */
function solve() {
  if (solving) { stop(); update(''); return; }
  if (solved() || noWay) { update(''); return; }
  var d = index ? distance(live, -1) : planHere() ? planHere().left : null, pace = d ? Math.max(60, Math.min(320, 6000 / d)) : 250;
  solving = true; main.setAttribute('data-solving', 'true');
  $('solve').textContent = 'Stop';
  clearHint();
  var run = ++solveRun;
  (function next() {
    timer = null;
    var at = anchors().join(';');
    nextHint().then(function (h) {
      /* An answer for an earlier run (stopped and started again while the
       * engine thought), or for a position the player has since left, is
       * not played. */
      if (!solving || run !== solveRun) return;
      if (anchors().join(';') !== at) { next(); return; }
      if (!h.move) { stop(); update(h.message, h.message ? 'refused' : ''); return; }
      play(h.move.slides); record(h.move.slides);
      if (solved()) stop(); else timer = setTimeout(next, pace);
    });
  })();
}

/* ---- Input ---- */

function cellAt(e) {
  var pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}
/* How far block i can slide each way (up, down, left, right) now. */
function room(i) {
  return [0, 1, 2, 3].map(function (d) {
    var n = 0;
    while (may(live, i, d)) { stepIn(live, i, d); n++; }
    for (var k = 0; k < n; k++) stepIn(live, i, d ^ 1);
    return n;
  });
}
els.forEach(function (g, i) {
  g.setAttribute('tabindex', '0');
  g.setAttribute('data-i', i);
  g.addEventListener('focus', function () { if (sel !== i) select(i); });
});
svg.addEventListener('pointerdown', function (e) {
  if (e.button > 0) return;
  var p = cellAt(e), r = Math.floor(p.y), c = Math.floor(p.x);
  var i = r >= 0 && c >= 0 && r < P.rows && c < P.cols ? live.occ[r * W + c] : -1;
  if (i < 0) { select(-1); return; }
  stop(); select(i);
  drag = {i: i, x: p.x, y: p.y, r: R[i], c: C[i], axis: null, across: false, blocked: false,
          room: room(i), off: 0, id: e.pointerId};
  svg.setPointerCapture(e.pointerId);
  e.preventDefault();
});
svg.addEventListener('pointermove', function (e) {
  if (!drag || e.pointerId !== drag.id) return;
  var p = cellAt(e), dx = p.x - drag.x, dy = p.y - drag.y, i = drag.i, ax = P.axes.charAt(i);
  if (!drag.axis && Math.max(Math.abs(dx), Math.abs(dy)) >= 0.3) {
    drag.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
    if ((ax === 'h' && drag.axis === 'y') || (ax === 'v' && drag.axis === 'x')) {
      drag.across = true; drag.axis = ax === 'h' ? 'x' : 'y';
    }
    if (!solved()) els[i].classList.add('dragging');
  }
  if (!drag.axis || solved()) return;
  var want = drag.axis === 'x' ? dx : dy, lo = -drag.room[drag.axis === 'x' ? 2 : 0], hi = drag.room[drag.axis === 'x' ? 3 : 1];
  drag.off = Math.max(lo, Math.min(hi, want));
  if (want - drag.off > 0.5 || drag.off - want > 0.5) drag.blocked = true;
  var x = C[i] + (drag.axis === 'x' ? drag.off : 0), y = R[i] + (drag.axis === 'y' ? drag.off : 0);
  els[i].style.transform = 'translate(' + x + 'px,' + y + 'px)';
});
function drop(e) {
  if (!drag || (e && e.pointerId !== drag.id)) return;
  var g = drag, i = g.i, k = Math.round(g.off);
  drag = null;
  els[i].classList.remove('dragging');
  if (!g.axis) return;
  if (!playable()) { place(i); return; }
  var d = g.axis === 'x' ? (k < 0 ? 2 : 3) : (k < 0 ? 0 : 1);
  for (var n = Math.abs(k); n > 0; n--) shift(R[i], C[i], R[i] + DR[d], C[i] + DC[d]);
  place(i);
  if (k) record([[g.r, g.c, R[i], C[i]]]);
  else if (g.across) refuse(acrossAxis(i));
  else if (g.blocked) refuse(capital(pieceName(i)) + ' is blocked that way.');
}
svg.addEventListener('pointerup', drop);
svg.addEventListener('pointercancel', drop);
/* A button acts on click, and for a finger on lifting it: a tap that
 * follows a drag does not always get its click (seen in Chromium). */
function press(id, fn) {
  var el = $(id), down = false, tapped = 0;
  el.addEventListener('pointerdown', function (e) { down = e.pointerType === 'touch'; });
  el.addEventListener('pointerup', function (e) {
    if (down && e.pointerType === 'touch' && !el.disabled) { tapped = Date.now(); fn(); }
    down = false;
  });
  el.addEventListener('click', function () { if (Date.now() - tapped > 700) fn(); });
}
function toggleHelp() {
  var h = $('help');
  h.hidden = !h.hidden;
  $('keys').setAttribute('aria-expanded', !h.hidden);
}
press('undo', function () { stop(); undo(); });
press('redo', function () { stop(); redo(); });
press('reset', function () { stop(); while (hist.length) undo(); update('Back at the start.'); });
press('hint', function () { stop(); hint(); });
press('solve', solve);
press('keys', toggleHelp);
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var d = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].indexOf(e.key), k = e.key.toLowerCase();
  if (d >= 0) { stop(); key1(d); }
  else if (k === 'h') { stop(); hint(); }
  else if (k === 's') solve();
  else if (k === 'u') { stop(); undo(); }
  else if (k === 'y') { stop(); redo(); }
  else if (k === '?') toggleHelp();
  else if (k === 'escape') { select(-1); $('help').hidden = true; }
  else return;
  e.preventDefault();
});

/* ---- The goal as a picture, for numbered tiles ---- */

if (numbers) {
  var pic = $('goalpic');
  $('goalfig').hidden = false;
  pic.setAttribute('viewBox', '-0.15 -0.15 ' + (P.cols + 0.3) + ' ' + (P.rows + 0.3));
  mk('rect', {'class': 'frame', x: -0.15, y: -0.15, width: P.cols + 0.3, height: P.rows + 0.3, rx: 0.15}, pic);
  mk('rect', {'class': 'cell', x: 0, y: 0, width: P.cols, height: P.rows}, pic);
  P.walls.forEach(function (w) { mk('rect', {'class': 'wall', x: w[1], y: w[0], width: 1, height: 1}, pic); });
  P.goals.forEach(function (g) {
    var i = B.findIndex(function (b) { return b[4] === g[4]; });
    drawPiece(i, pic).setAttribute('transform', 'translate(' + g[1] + ' ' + g[0] + ')');
  });
}
$('intro').textContent = intro();
$('metric').textContent = {unit: 'Moves are counted in cells: each one-cell step of a piece is a move.',
  line: 'Moves are counted in slides: a piece sliding any distance in a straight line is one move.',
  piece: 'Moves are counted by piece: moving one piece, along any path, is one move.'}[P.metric];
$('hint').disabled = $('solve').disabled = true;
update('Preparing the hints\u2026');
/* After the first paint: the walk takes a moment on a big space. */
setTimeout(function () {
  var t0 = Date.now(), why = prepare();
  main.setAttribute('data-prepare-ms', Date.now() - t0);
  $('note').textContent = why + (P.noengine ? ' ' + P.noengine : '');
  if (index) {
    var S0 = {R: B.map(function (b) { return b[0]; }), C: B.map(function (b) { return b[1]; }),
              occ: new Int32Array(P.rows * W)};
    layout(S0);
    best = distance(S0, -1);
    noWay = best === null;
    var all = P.hints.count === 1 ? 'the only configuration'
      : 'all ' + P.hints.count.toLocaleString('en') + ' configurations';
    $('note').textContent = noWay ? 'The page knows ' + all + ' reachable from the start, and none ' +
      'meets the goal.' : 'Hints know ' + all + ' reachable from the start.';
  } else if (PageEngine.ready) {
    $('note').textContent = 'Hints come from the engine inside this page: a shortest plan when it ' +
      'finds one within a few seconds, else a quick plan that may be longer.';
  }
  main.setAttribute('data-engine', index || !PageEngine.ready ? '' : PageEngine.worker ? 'worker' : 'page');
  /* The engine's first plan, from the start, while the player looks. */
  (index || !PageEngine.ready ? Promise.resolve(null) : nextHint()).then(function (h) {
    if (h && h.message) $('note').textContent = !noWay ? h.message : 'The engine inside this page ' +
      'proved that no configuration reachable from the start meets the goal.';
    if (h && h.move && h.exact && !hist.length) best = h.distance;
    if (PageEngine.prepareMs !== undefined) main.setAttribute('data-engine-prepare-ms', PageEngine.prepareMs);
    update('');   /* NO_WAY, when the goal is out of reach */
    main.setAttribute('data-ready', 'true');
  });
}, 0);
