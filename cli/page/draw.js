/*
 * draw.js - the drawing that both pages share (slide --html, --play;
 * render_html.c): it opens the page's one function, builds the SVG once
 * (the tray in its frame, one <g> per block) and leaves the page's own
 * script, which follows it (replay.js or rules.js and play.js), these to
 * use: R, C (each block's anchor), els (its <g>), corner (anchor cell ->
 * block), place(i) (moves block i's <g> to R[i], C[i]), solved() (the
 * goal holds), numbers (each block's tile number, or null), hue(i) (its
 * colour: [css, name]), goalClasses, exits, drawPiece(i, parent), body(),
 * spot(), key(r, c), mk(), lefts, layer(name), $, main and svg.
 *
 * P holds rows, cols, walls [r,c], shapes (each a list of [dy,dx] cells
 * around its anchor), blocks and goals [r,c,h,w,k,s] (the anchor, the
 * box, the class k: equal k are interchangeable; the shape s, -1 for a
 * full rectangle), labels (one character per block, or null) and axes
 * (per block: 'b' both ways, 'h' along its row, 'v' along its column).
 *
 * The look of a puzzle game, from facts every puzzle has: the goal's
 * pieces in strong colours of their own and the rest in a calm palette,
 * one colour per class (interchangeable pieces look alike); each goal
 * entry drawn as a target in its piece's colour, tinted beneath the
 * pieces and outlined and labelled above them, so a piece over it never
 * hides it; an exit, a gap in the frame, where a goal meets one edge of
 * the tray (or the edge a one-axis goal piece points to); a groove with
 * arrows along a one-axis piece.  Numbered tiles (every piece a 1x1 of
 * its own class, each with a place in the goal) are one tile style and
 * show their numbers: a tile's number is its goal cell's rank, read row
 * by row, so the goal is "in order" whatever characters drew it, and no
 * targets are drawn (the play page shows the goal as a picture).
 *
 * A rectangle is drawn as a rounded rect; a piece of any other shape as
 * one SVG path, its outline traced from its cells and inset by the same
 * gap (holes included), computed once per shape.  A block's <g> is moved
 * by a CSS transform, so the page's style can animate it.  Each carries
 * data-r, data-c (its anchor), data-h, data-w (its box), data-k (its
 * class), for a tile data-n (its number) and, for a shape other than a
 * rectangle, data-cells ("dy,dx dy,dx ...": its cells around the
 * anchor), for tests.
 */
"use strict";
var NS = 'http://www.w3.org/2000/svg', B = P.blocks;
var $ = function (id) { return document.getElementById(id); };
var main = $('player'), svg = $('tray');
var R = [], C = [], els = [], corner = new Map();
var G = 0.06; /* the gap between neighbouring blocks, in cells */
/* The frame around the tray, in cells: about as thick on the screen for
 * a 3x3 tray as for a 6x6 one. */
var FRAME = Math.max(0.15, Math.min(0.36, 0.06 * Math.max(P.rows, P.cols)));
function mk(tag, attrs, parent) {
  var e = document.createElementNS(NS, tag);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e); return e;
}
function key(r, c) { return r * P.cols + c; }
/* The outline of a set of cells ([dy, dx] around the anchor) as an SVG
 * path, inset by G.  Each cell side with no cell of the set beyond it is
 * an edge, directed so the set lies on its right (clockwise on screen);
 * edges are chained into loops, turning right where two loops touch at a
 * corner, and every corner moves G along both inward normals, which is
 * right for convex and concave corners alike. */
function outline(cells) {
  var on = new Set(), from = new Map(), path = '';
  cells.forEach(function (c) { on.add(c[0] + ',' + c[1]); });
  function has(y, x) { return on.has(y + ',' + x); }
  function edge(x1, y1, x2, y2) {
    var k = x1 + ',' + y1;
    if (!from.has(k)) from.set(k, []);
    from.get(k).push({x: x1, y: y1, dx: x2 - x1, dy: y2 - y1, used: false});
  }
  cells.forEach(function (c) {
    var y = c[0], x = c[1];
    if (!has(y - 1, x)) edge(x, y, x + 1, y);
    if (!has(y, x + 1)) edge(x + 1, y, x + 1, y + 1);
    if (!has(y + 1, x)) edge(x + 1, y + 1, x, y + 1);
    if (!has(y, x - 1)) edge(x, y + 1, x, y);
  });
  from.forEach(function (starts) {
    starts.forEach(function (e0) {
      if (e0.used) return;
      var pts = [], e = e0;
      do {
        e.used = true;
        var x = e.x + e.dx, y = e.y + e.dy;
        var next = from.get(x + ',' + y).filter(function (f) { return !f.used || f === e0; });
        var right = next.filter(function (f) { return f.dx === -e.dy && f.dy === e.dx; });
        var f = right.length ? right[0] : next[0];
        if (f.dx !== e.dx || f.dy !== e.dy)
          pts.push(+(x + G * (-e.dy - f.dy)).toFixed(3) + ' ' + +(y + G * (e.dx + f.dx)).toFixed(3));
        e = f;
      } while (e !== e0);
      path += 'M' + pts.join('L') + 'Z';
    });
  });
  return path;
}
/* Draws a piece's body into parent: a rectangle when shape s is -1 (the
 * block's box, h x w), else the outline of P.shapes[s]. */
function body(s, h, w, parent, cls) {
  var a = s < 0 ? {x: G, y: G, width: w - 2 * G, height: h - 2 * G, rx: 0.14}
                : {d: outlines[s], 'fill-rule': 'evenodd'};
  if (cls) a['class'] = cls;
  return mk(s < 0 ? 'rect' : 'path', a, parent);
}
/* The middle of a piece, relative to its anchor: the middle of a
 * rectangle, or the centre of the shape's cell nearest the middle of its
 * box (where a label or an arrow goes). */
function spot(s, h, w) {
  if (s < 0) return [h / 2, w / 2];
  var cs = P.shapes[s], left = lefts[s], best = null, bd = 0;
  cs.forEach(function (c) {
    var d = Math.pow(c[0] + 0.5 - h / 2, 2) + Math.pow(c[1] + 0.5 - left - w / 2, 2);
    if (best === null || d < bd) { best = c; bd = d; }
  });
  return [best[0] + 0.5, best[1] + 0.5];
}
/* The cells of a block or goal entry [r,c,h,w,k,s], on the tray. */
function cellsOf(b) {
  if (b[5] >= 0) return P.shapes[b[5]].map(function (c) { return [b[0] + c[0], b[1] + c[1]]; });
  var out = [];
  for (var y = 0; y < b[2]; y++) for (var x = 0; x < b[3]; x++) out.push([b[0] + y, b[1] + x]);
  return out;
}
var outlines = P.shapes.map(outline);
var lefts = P.shapes.map(function (cs) { return Math.min.apply(null, cs.map(function (c) { return c[1]; })); });

/* Numbered tiles: each block's number, its goal cell's rank read row by
 * row; null when the puzzle is not numbered tiles. */
var numbers = (function () {
  if (!B.length || P.goals.length !== B.length) return null;
  var own = new Set(), rank = new Map();
  for (var i = 0; i < B.length; i++) {
    var b = B[i];
    if (b[2] !== 1 || b[3] !== 1 || b[5] >= 0 || own.has(b[4])) return null;
    own.add(b[4]);
  }
  P.goals.slice().sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; })
    .forEach(function (g, n) { rank.set(g[4], n + 1); });
  if (rank.size !== B.length) return null;
  return B.map(function (b) { return rank.get(b[4]); });
})();
/* Colours: the goal's classes (in the order the goal names them) in
 * strong colours, every other class the next of a calm palette; one
 * tile colour for numbered tiles.  Each with a name for the page's words. */
var BOLD = [['#d8433a', 'red'], ['#ee8a1f', 'orange'], ['#7b4bc6', 'purple'], ['#2359bb', 'navy']];
var CALM = [['#86acd6', 'blue'], ['#9cc593', 'green'], ['#e4c872', 'yellow'], ['#bca6dc', 'lilac'],
            ['#7cc2bb', 'teal'], ['#e6a8c0', 'pink'], ['#aab4c1', 'grey'], ['#d5b18c', 'tan']];
var TILE = ['#f3e3c3', 'ivory'];
var goalClasses = [], hues = new Map();
if (!numbers) P.goals.forEach(function (g) { if (goalClasses.indexOf(g[4]) < 0) goalClasses.push(g[4]); });
/* A goal that names every piece's class picks out none: all calm then. */
if (B.every(function (b) { return goalClasses.indexOf(b[4]) >= 0; })) goalClasses = [];
goalClasses.forEach(function (k, j) { hues.set(k, BOLD[goalClasses.length <= BOLD.length ? j : 0]); });
B.forEach(function (b) { if (!hues.has(b[4])) hues.set(b[4], numbers ? TILE : CALM[(hues.size - goalClasses.length) % CALM.length]); });
function hue(i) { return hues.get(B[i][4]); }
/* A darker shade of a colour #rrggbb, for edges. */
function shade(css, f) {
  var v = parseInt(css.slice(1), 16), out = '#';
  [16, 8, 0].forEach(function (s) { out += ('0' + Math.round((v >> s & 255) * f).toString(16)).slice(-2); });
  return out;
}
/* The exit: {side, from, to, css} where the goal's cells, all together,
 * meet exactly one side of the tray (counting, when every goal piece
 * slides along one axis, only the sides that axis points to): Rush
 * Hour's car at the right edge, Klotski's square at the bottom.  A goal
 * in a corner, or spread over the tray, is a place, not a way out. */
var exits = [];
(function () {
  if (numbers || !P.goals.length) return;
  var axes = new Set(P.goals.map(function (g) {
    var i = B.findIndex(function (b) { return b[4] === g[4]; });
    return i < 0 ? 'b' : P.axes.charAt(i);
  }));
  var ax = axes.size === 1 ? axes.values().next().value : 'b';
  var at = {top: [], bottom: [], left: [], right: []};
  P.goals.forEach(function (g) {
    cellsOf(g).forEach(function (c) {
      if (c[0] === 0 && ax !== 'h') at.top.push(c[1]);
      if (c[0] === P.rows - 1 && ax !== 'h') at.bottom.push(c[1]);
      if (c[1] === 0 && ax !== 'v') at.left.push(c[0]);
      if (c[1] === P.cols - 1 && ax !== 'v') at.right.push(c[0]);
    });
  });
  var sides = Object.keys(at).filter(function (s) { return at[s].length; });
  if (sides.length !== 1) return;
  var span = at[sides[0]];
  exits.push({side: sides[0], from: Math.min.apply(null, span), to: Math.max.apply(null, span) + 1,
              css: hues.get(P.goals[0][4])[0]});
})();

$('title').textContent = P.title;
/* The margin beyond the frame on each side: room for the exit's arrow. */
var margin = {top: 0.04, bottom: 0.04, left: 0.04, right: 0.04};
exits.forEach(function (e) { margin[e.side] = 0.45; });
svg.setAttribute('viewBox', -(FRAME + margin.left) + ' ' + -(FRAME + margin.top) + ' ' +
                 (P.cols + 2 * FRAME + margin.left + margin.right) + ' ' + (P.rows + 2 * FRAME + margin.top + margin.bottom));
if (B.length <= 400) svg.classList.add('deep'); /* shadows cost too much on a huge tray */
if (B.length <= 2500) svg.classList.add('anim');
mk('rect', {'class': 'frame', x: -FRAME, y: -FRAME, width: P.cols + 2 * FRAME,
            height: P.rows + 2 * FRAME, rx: 0.22}, svg);
mk('rect', {'class': 'cell', x: 0, y: 0, width: P.cols, height: P.rows}, svg);
exits.forEach(function (e) {
  var across = e.side === 'top' || e.side === 'bottom', far = e.side === 'bottom' || e.side === 'right';
  var edge = far ? (across ? P.rows : P.cols) : -FRAME, mid = (e.from + e.to) / 2;
  var gap = {'class': 'exit', x: e.from, y: e.from, width: e.to - e.from, height: e.to - e.from};
  if (across) { gap.y = edge; gap.height = FRAME; } else { gap.x = edge; gap.width = FRAME; }
  mk('rect', gap, svg);
  /* A chevron beyond the gap, pointing out. */
  var o = far ? (across ? P.rows : P.cols) + FRAME + 0.12 : -FRAME - 0.12, d = far ? 0.22 : -0.22;
  var pts = [[o, mid - 0.28], [o + d, mid], [o, mid + 0.28]];
  mk('path', {'class': 'chevron', stroke: e.css, d: 'M' + pts.map(function (p) {
    return across ? p[1] + ' ' + p[0] : p[0] + ' ' + p[1]; }).join('L')}, svg);
});
if (P.rows * P.cols <= 2500) {
  var grid = '';
  for (var gy = 1; gy < P.rows; gy++) grid += 'M0 ' + gy + 'H' + P.cols;
  for (var gx = 1; gx < P.cols; gx++) grid += 'M' + gx + ' 0V' + P.rows;
  if (grid) mk('path', {'class': 'grid', d: grid}, svg);
}
P.walls.forEach(function (w) {
  mk('rect', {'class': 'wall', x: w[1], y: w[0], width: 1, height: 1}, svg);
});
/* Named layers, in drawing order: targets beneath the pieces, the
 * pieces, then outlines of the targets and the page's marks above. */
var layers = {};
function layer(name) { return layers[name] || (layers[name] = mk('g', {'class': name}, svg)); }
layer('goals'); layer('pieces'); layer('targets'); layer('marks');
var labelled = P.goals.length <= 400; /* a label and an outline each for a few targets */
P.goals.forEach(function (g) {
  if (numbers) return;
  var css = (hues.get(g[4]) || BOLD[0])[0], at = spot(g[5], g[2], g[3]);
  var t = 'translate(' + g[1] + ' ' + g[0] + ')';
  var under = mk('g', {'class': 'goal', transform: t, style: '--pc:' + css}, layers.goals);
  body(g[5], g[2], g[3], under);
  if (!labelled) return;
  var over = mk('g', {'class': 'target', transform: t, style: '--pc:' + shade(css, 0.85)}, layers.targets);
  body(g[5], g[2], g[3], over);
  mk('text', {x: at[1], y: at[0]}, over).textContent = 'goal';
});
/* A groove along a one-axis piece with an arrowhead at each end. */
function groove(s, h, w, ax, parent) {
  var at = spot(s, h, w), y = at[0], x = at[1], long = ax === 'h' ? w : h;
  var half = s < 0 ? Math.max(0.18, long / 2 - 0.42) : 0.22, a = 0.13;
  var d = ax === 'h'
    ? 'M' + (x - half) + ' ' + y + 'H' + (x + half) +
      'M' + (x - half + a) + ' ' + (y - a) + 'L' + (x - half) + ' ' + y + 'L' + (x - half + a) + ' ' + (y + a) +
      'M' + (x + half - a) + ' ' + (y - a) + 'L' + (x + half) + ' ' + y + 'L' + (x + half - a) + ' ' + (y + a)
    : 'M' + x + ' ' + (y - half) + 'V' + (y + half) +
      'M' + (x - a) + ' ' + (y - half + a) + 'L' + x + ' ' + (y - half) + 'L' + (x + a) + ' ' + (y - half + a) +
      'M' + (x - a) + ' ' + (y + half - a) + 'L' + x + ' ' + (y + half) + 'L' + (x + a) + ' ' + (y + half - a);
  mk('path', {'class': 'axis', d: d}, parent);
}
var texts = B.length <= 2500; /* text for 10,000 blocks costs more than it tells */
/* Draws block i as a new <g> in parent, at its anchor's origin: its
 * colour, its body, its groove, its number. */
function drawPiece(i, parent) {
  var b = B[i], s = b[5], css = hue(i)[0], ax = P.axes.charAt(i);
  var g = mk('g', {'class': 'blk' + (numbers ? ' tile' : goalClasses.indexOf(b[4]) >= 0 ? ' goalpiece' : ''),
                   'data-h': b[2], 'data-w': b[3], 'data-k': b[4],
                   style: '--pc:' + css + ';--ps:' + shade(css, 0.62)}, parent);
  if (s >= 0) g.setAttribute('data-cells', P.shapes[s].map(function (c) { return c.join(','); }).join(' '));
  body(s, b[2], b[3], g, 'body');
  if (ax === 'h' || ax === 'v') groove(s, b[2], b[3], ax, g);
  if (numbers) {
    g.setAttribute('data-n', numbers[i]);
    if (texts) mk('text', {x: 0.5, y: 0.5, 'class': 'digits' + Math.min(3, String(numbers[i]).length)}, g)
      .textContent = numbers[i];
  }
  return g;
}
B.forEach(function (b, i) {
  R.push(b[0]); C.push(b[1]); els.push(drawPiece(i, layers.pieces)); corner.set(key(b[0], b[1]), i);
  place(i);
});
function place(i) {
  var g = els[i];
  g.style.transform = 'translate(' + C[i] + 'px,' + R[i] + 'px)';
  g.setAttribute('data-r', R[i]); g.setAttribute('data-c', C[i]);
}
function solved() {
  return P.goals.every(function (g) {
    var i = corner.get(key(g[0], g[1]));
    return i !== undefined && B[i][4] === g[4];
  });
}
