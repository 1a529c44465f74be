/*
 * play.js - the play page's game (slide --play, render_play.c): the
 * player's moves by mouse, touch and keyboard, undo and redo, hints and
 * "solve from here", over the model of rules.js and the drawing of
 * draw.js, which come before it in the page's one function.
 *
 * A hint is a move to a neighbour one closer under the metric counted,
 * found by trying every move from the current configuration and looking
 * its result up (rules.js: bestMove); "solve from here" repeats hints.
 * The hints are prepared after the first paint, since numbering a big
 * space takes the page a moment.  A page without the table asks the
 * engine inside it (engine.js) for a plan and hints its moves one by one
 * while the player follows it (a plan not proven shortest is said to be
 * so); nextHint is the one way in to hints, whichever answers them.
 *
 * The page keeps its state in the DOM for tests: <main> carries
 * data-moves (under the metric), data-distance (to the goal, "" when
 * unknown), data-solved, data-ready (hints prepared, or known to be
 * absent; data-prepare-ms, how long that took), data-refused (illegal
 * moves refused), data-hint (the last hint's slides "r1 c1 r2 c2;..."),
 * data-exact (whether data-distance is the shortest, not a plan's length),
 * data-engine ('worker' or 'page': where the engine runs; '' for none),
 * data-thinking, data-plan-ms (what the engine's last plan took),
 * data-engine-prepare-ms (its tables took, as it loaded) and
 * data-selected.
 */
var hist = [], redos = [], sel = -1, drag = null, timer = null;
var refused = 0, lastHint = null;
var plan = null, asking = null; /* the engine's: {steps (below), optimal}; the last question */
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
function steps(at, moves) {
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
/* The next move towards the goal: a Promise of {move: {i, slides} or
 * null at the goal, distance, exact}, or of {message} when there is none.
 * From the table when the page has one; else from the engine's plan,
 * asked for when the player has left it. */
function nextHint() {
  if (index || !PageEngine.ready) {
    var d = distance(live, -1), m = d ? bestMove(live) : null;
    if (d === 0) return Promise.resolve({move: null, distance: 0, exact: true});
    return Promise.resolve(m ? {move: m, distance: d, exact: true} :
      {message: index ? 'The goal cannot be reached from here: undo or reset.' : P.nohint || PageEngine.why || 'No hints.'});
  }
  var here = planHere();
  if (here) return Promise.resolve({move: here.slides && {i: corner.get(key(here.slides[0][0], here.slides[0][1])), slides: here.slides},
                                    distance: here.left, exact: plan.optimal});
  var at = anchors(), name = at.join(';');
  if (!asking || asking.at !== name) /* one question per position, however often asked */
    asking = {at: name, answer: PageEngine.plan(at).then(function (r) {
      if (r.error) asking = null; /* asked again, it may do better (a busy machine) */
      else { plan = {steps: steps(at, r.moves), optimal: r.optimal}; main.setAttribute('data-plan-ms', r.ms); }
      return r;
    })};
  return asking.answer.then(function (r) { return r.error ? {message: r.error} : nextHint(); });
}
function name(i) { return label(i) + ' (' + R[i] + ' ' + C[i] + ')'; }
function select(i) {
  if (sel >= 0) els[sel].classList.remove('sel');
  sel = i;
  if (sel >= 0) { els[sel].classList.add('sel'); if (document.activeElement !== els[sel]) els[sel].focus({preventScroll: true}); }
  main.setAttribute('data-selected', sel);
}
function clearHint() {
  if (lastHint !== null) els[lastHint].classList.remove('next');
  lastHint = null; main.setAttribute('data-hint', '');
}
function update(text, cls) {
  var n = count(), here = index ? null : planHere(), ok = solved(), cap = $('caption');
  var d = index ? distance(live, -1) : here ? here.left : null;
  main.setAttribute('data-exact', !!index || !!(here && plan.optimal));
  $('counter').textContent = n + (n === 1 ? ' move' : ' moves') + ' (' + P.metric + ')';
  main.setAttribute('data-moves', n);
  main.setAttribute('data-distance', d === null ? '' : d);
  main.setAttribute('data-solved', ok);
  cap.textContent = ok ? 'Goal reached in ' + n + (n === 1 ? ' move.' : ' moves.') : text;
  cap.className = ok ? 'solved' : cls || '';
  $('undo').disabled = !hist.length; $('redo').disabled = !redos.length;
}
function refuse(why) {
  refused++; main.setAttribute('data-refused', refused);
  update(why, 'refused');
}
/* One step of the selected block from the keyboard. */
function key1(d) {
  if (sel < 0) { refuse('Select a piece first (click it, or Tab to it).'); return; }
  if (!may(live, sel, d)) { refuse(name(sel) + ' cannot move ' + ['up', 'down', 'left', 'right'][d] + '.'); return; }
  var r = R[sel], c = C[sel];
  shift(r, c, r + DR[d], c + DC[d]);
  record([[r, c, R[sel], C[sel]]]);
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
function stop() { if (timer) { clearTimeout(timer); timer = null; $('solve').textContent = 'solve from here'; } }
/* Shows the next move: a Promise of it (null when there is none); the
 * engine may think a while first (data-thinking), and a move made
 * meanwhile makes its answer stale: it is asked again. */
function hint() {
  clearHint();
  var at = anchors().join(';');
  main.setAttribute('data-thinking', 'true');
  if (!index && PageEngine.ready && !planHere()) update('Thinking\u2026');
  return nextHint().then(function (h) {
    main.setAttribute('data-thinking', 'false');
    if (anchors().join(';') !== at) return hint();
    if (h.message) { update(h.message); return null; }
    var m = h.move, d = h.distance;
    if (!m) { update(''); return null; }
    lastHint = m.i; els[m.i].classList.add('next');
    main.setAttribute('data-hint', m.slides.map(function (s) { return s.join(' '); }).join(';'));
    update('Hint: move ' + label(m.i) + ' ' + m.slides.map(function (s) {
      return s[0] + ' ' + s[1] + ' \u2192 ' + s[2] + ' ' + s[3]; }).join(', then ') + '. ' +
      (h.exact ? '' : 'At most ') + d + (d === 1 ? ' move' : ' moves') + ' left from here (' + P.metric + ')' +
      (h.exact ? '.' : ': a plan the engine found quickly, not proven shortest.'));
    return m;
  });
}
/* Plays hints until the goal, a moment apart; "stop" (or any move of
 * the player's) ends it. */
function solve() {
  if (timer) { stop(); return; }
  $('solve').textContent = 'stop';
  timer = -1;
  (function next() {
    hint().then(function (m) {
      if (!timer) return;
      if (!m) { stop(); return; }
      play(m.slides); record(m.slides);
      var d = index ? distance(live, -1) : planHere() ? planHere().left : 1;
      if (solved() || d === 0) { stop(); return; }
      timer = setTimeout(next, Math.max(40, Math.min(300, 6000 / d)));
    });
  })();
}
/* Dragging: the block follows the pointer one cell at a time along the
 * axis it first moves on, never through another block; letting go
 * makes the slide one action. */
function cellAt(e) {
  var pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}
els.forEach(function (g, i) {
  g.setAttribute('tabindex', '0');
  g.setAttribute('data-i', i);
  g.addEventListener('focus', function () { if (sel !== i) select(i); });
  g.addEventListener('pointerdown', function (e) {
    stop(); select(i);
    var p = cellAt(e);
    drag = {i: i, x: p.x, y: p.y, r: R[i], c: C[i], axis: null, blocked: false};
    svg.setPointerCapture(e.pointerId);
    e.preventDefault();
  });
});
svg.addEventListener('pointermove', function (e) {
  if (!drag) return;
  var p = cellAt(e), dx = p.x - drag.x, dy = p.y - drag.y, i = drag.i;
  if (!drag.axis && Math.max(Math.abs(dx), Math.abs(dy)) >= 0.35) drag.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
  if (!drag.axis) return;
  var want = Math.round(drag.axis === 'x' ? dx : dy);
  for (;;) {
    var at = drag.axis === 'x' ? C[i] - drag.c : R[i] - drag.r;
    if (at === want) break;
    var d = drag.axis === 'x' ? (at < want ? 3 : 2) : (at < want ? 1 : 0);
    if (!may(live, i, d)) { drag.blocked = true; break; }
    shift(R[i], C[i], R[i] + DR[d], C[i] + DC[d]);
  }
});
function drop() {
  if (!drag) return;
  var g = drag, i = g.i; drag = null;
  if (R[i] !== g.r || C[i] !== g.c) record([[g.r, g.c, R[i], C[i]]]);
  else if (g.blocked) refuse(name(i) + ' is blocked that way.');
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
press('undo', function () { stop(); undo(); });
press('redo', function () { stop(); redo(); });
press('reset', function () { stop(); while (hist.length) undo(); update('Back at the start.'); });
press('hint', function () { stop(); hint(); });
press('solve', solve);
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var d = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].indexOf(e.key), k = e.key.toLowerCase();
  if (d >= 0) { stop(); key1(d); }
  else if (k === 'h') { stop(); hint(); }
  else if (k === 's') solve();
  else if (k === 'u') { stop(); undo(); }
  else if (k === 'y') { stop(); redo(); }
  else if (k === 'escape') select(-1);
  else return;
  e.preventDefault();
});
$('hint').disabled = $('solve').disabled = true;
update('Preparing the hints\u2026');
/* After the first paint: the walk takes a moment on a big space. */
setTimeout(function () {
  var t0 = Date.now(), why = prepare();
  main.setAttribute('data-prepare-ms', Date.now() - t0);
  $('note').textContent = why + (P.noengine ? ' ' + P.noengine : '');
  $('hint').disabled = $('solve').disabled = !index && !PageEngine.ready;
  if (index) $('note').textContent = 'Hints know all ' + P.hints.count + ' configurations reachable from the start (' + P.metric + ' moves).';
  else if (PageEngine.ready) $('note').textContent = 'Hints come from the engine inside this page: ' +
    'a shortest plan when it finds one within a few seconds, else a quick plan that may be longer (' + P.metric + ' moves).';
  update('');
  main.setAttribute('data-engine', index || !PageEngine.ready ? '' : PageEngine.worker ? 'worker' : 'page');
  /* The engine's first plan, from the start, while the player looks. */
  (index || !PageEngine.ready ? Promise.resolve() : nextHint()).then(function (h) {
    if (h && h.message) $('note').textContent = h.message;
    if (PageEngine.prepareMs !== undefined) main.setAttribute('data-engine-prepare-ms', PageEngine.prepareMs);
    update('');
    main.setAttribute('data-ready', 'true');
  });
}, 0);
