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
 * space takes the page a moment.
 *
 * The page keeps its state in the DOM for tests: <main> carries
 * data-moves (under the metric), data-distance (to the goal, "" when
 * unknown), data-solved, data-ready (hints prepared, or known to be
 * absent; data-prepare-ms, how long that took), data-refused (illegal
 * moves refused), data-hint (the last hint's slides "r1 c1 r2 c2;...")
 * and data-selected.
 */
var hist = [], redos = [], sel = -1, drag = null, timer = null;
var refused = 0, lastHint = null;
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
/* Moves under the metric, as sb_moves_length counts them. */
function count() {
  var n = 0, prev = null;
  hist.forEach(function (a) {
    a.forEach(function (m) {
      var dr = Math.sign(m[2] - m[0]), dc = Math.sign(m[3] - m[1]);
      var on = prev && prev[2] === m[0] && prev[3] === m[1];
      if (P.metric === 'unit') n += Math.abs(m[2] - m[0]) + Math.abs(m[3] - m[1]);
      else if (P.metric === 'piece') n += on ? 0 : 1;
      else n += on && dr === Math.sign(prev[2] - prev[0]) && dc === Math.sign(prev[3] - prev[1]) ? 0 : 1;
      prev = m;
    });
  });
  return n;
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
  var n = count(), d = distance(live, -1), ok = solved(), cap = $('caption');
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
function stop() { if (timer) { clearInterval(timer); timer = null; $('solve').textContent = 'solve from here'; } }
function hint() {
  clearHint();
  var d = distance(live, -1);
  if (d === 0) { update(''); return null; }
  var m = d === null ? null : bestMove(live);
  if (!m) { update(index ? 'The goal cannot be reached from here: undo or reset.' : P.nohint || 'No hints.'); return null; }
  lastHint = m.i; els[m.i].classList.add('next');
  main.setAttribute('data-hint', m.slides.map(function (s) { return s.join(' '); }).join(';'));
  update('Hint: move ' + label(m.i) + ' ' + m.slides.map(function (s) {
    return s[0] + ' ' + s[1] + ' \u2192 ' + s[2] + ' ' + s[3]; }).join(', then ') +
    '. ' + d + (d === 1 ? ' move' : ' moves') + ' left from here (' + P.metric + ').');
  return m;
}
function solve() {
  if (timer) { stop(); return; }
  var d = distance(live, -1);
  if (d === null || d === 0) { hint(); return; }
  $('solve').textContent = 'stop';
  timer = setInterval(function () {
    var m = hint();
    if (!m) { stop(); return; }
    play(m.slides); record(m.slides);
    if (distance(live, -1) === 0) stop();
  }, Math.max(40, Math.min(300, 6000 / d)));
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
  $('note').textContent = why;
  $('hint').disabled = $('solve').disabled = !index;
  if (index) $('note').textContent = 'Hints know all ' + P.hints.count + ' configurations reachable from the start (' + P.metric + ' moves).';
  update('');
  main.setAttribute('data-ready', 'true');
}, 0);
