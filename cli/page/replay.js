/*
 * replay.js - the replay page's player (slide --html, render_html.c):
 * P.moves [r1,c1,r2,c2] played back on draw.js's drawing.  A jump of k
 * steps replays k moves on the index of anchors (corner) and moves only
 * the blocks they touch, so a 100x100 tray of 10,000 blocks steps as
 * fast as Klotski.
 *
 * The URL's fragment picks a step: #end the final picture, #N the
 * picture after N moves.  <main> carries data-step, data-moves and
 * data-solved (the goal checked here) for tests.
 */
var M = P.moves, n = M.length, slider = $('slider'), list = $('list');
var step = 0, timer = null;
/* Moves block at (r1,c1) to (r2,c2) in the model; returns its index. */
function shift(r1, c1, r2, c2) {
  var i = corner.get(key(r1, c1));
  corner.delete(key(r1, c1)); corner.set(key(r2, c2), i);
  R[i] = r2; C[i] = c2; return i;
}
M.forEach(function (m, k) {
  var li = document.createElement('li');
  li.textContent = m[0] + ' ' + m[1] + ' \u2192 ' + m[2] + ' ' + m[3];
  li.addEventListener('click', function () { stop(); go(k + 1); });
  list.appendChild(li);
});
slider.max = n;
/* On a big tray one cell is a few pixels: a ring shows where the action is. */
var ring = mk('circle', {'class': 'ring', r: Math.max(P.rows, P.cols) / 25}, svg);
if (Math.max(P.rows, P.cols) < 16) ring.style.display = 'none';
var marked = [];
function mark(i, cls) { if (i !== undefined) { els[i].classList.add(cls); marked.push([i, cls]); } }
/* Goes to the picture after t moves, touching only the blocks that move. */
function go(t) {
  t = Math.max(0, Math.min(n, t | 0));
  var dirty = new Set(), m;
  while (step < t) { m = M[step++]; dirty.add(shift(m[0], m[1], m[2], m[3])); }
  while (step > t) { m = M[--step]; dirty.add(shift(m[2], m[3], m[0], m[1])); }
  dirty.forEach(place);
  marked.forEach(function (x) { els[x[0]].classList.remove(x[1]); }); marked = [];
  if (step > 0) mark(corner.get(key(M[step - 1][2], M[step - 1][3])), 'last');
  if (step < n) mark(corner.get(key(M[step][0], M[step][1])), 'next');
  var f = marked.length ? marked[marked.length - 1][0] : -1;
  ring.setAttribute('visibility', f < 0 ? 'hidden' : 'visible');
  if (f >= 0) {
    ring.setAttribute('cx', C[f] + (B[f][5] < 0 ? 0 : lefts[B[f][5]]) + B[f][3] / 2);
    ring.setAttribute('cy', R[f] + B[f][2] / 2);
  }
  var old = list.querySelector('li.cur'); if (old) old.classList.remove('cur');
  if (step > 0) {
    var li = list.children[step - 1]; li.classList.add('cur');
    if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - 20)
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
  }
  slider.value = step;
  var ok = solved();
  $('counter').textContent = 'move ' + step + ' of ' + n;
  var cap = $('caption');
  cap.textContent = step < n ? 'next: move ' + (step + 1) + ': ' + M[step][0] + ' ' + M[step][1] + ' \u2192 ' + M[step][2] + ' ' + M[step][3] : (ok ? 'solved' : 'end');
  cap.className = step === n && ok ? 'solved' : '';
  main.setAttribute('data-step', step); main.setAttribute('data-solved', ok);
}
function stop() { if (timer) { clearInterval(timer); timer = null; } $('play').textContent = 'play'; }
function play() {
  if (timer) { stop(); return; }
  if (step >= n) go(0);
  $('play').textContent = 'pause';
  timer = setInterval(function () { if (step >= n) stop(); else go(step + 1); },
                      Math.max(20, Math.min(400, 30000 / Math.max(n, 1))));
}
$('first').onclick = function () { stop(); go(0); };
$('back').onclick = function () { stop(); go(step - 1); };
$('fwd').onclick = function () { stop(); go(step + 1); };
$('last').onclick = function () { stop(); go(n); };
$('play').onclick = play;
slider.addEventListener('input', function () { stop(); go(+slider.value); });
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var k = e.key;
  if (e.target === slider && k !== ' ') return; /* the slider steps itself */
  if (k === 'ArrowRight') { stop(); go(step + 1); }
  else if (k === 'ArrowLeft') { stop(); go(step - 1); }
  else if (k === ' ') play();
  else if (k === 'Home') { stop(); go(0); }
  else if (k === 'End') { stop(); go(n); }
  else return;
  e.preventDefault();
});
function fromHash() {
  var h = location.hash.slice(1);
  if (h === 'end') go(n); else if (/^[0-9]+$/.test(h)) go(+h);
}
window.addEventListener('hashchange', fromHash);
main.setAttribute('data-moves', n);
go(0); fromHash();
