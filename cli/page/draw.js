/*
 * draw.js - the drawing that both pages share (slide --html, --play;
 * render_html.c): it opens the page's one function, builds the SVG once
 * (one <g> per block) and leaves the page's own script, which follows it
 * (replay.js or rules.js and play.js), these to use: R, C (each block's
 * anchor), els (its <g>), corner (anchor cell -> block), place(i) (moves
 * block i's <g> to R[i], C[i]), solved() (the goal holds), label(i),
 * key(r, c), mk(), lefts, $, main and svg.
 *
 * P holds rows, cols, walls [r,c], shapes (each a list of [dy,dx] cells
 * around its anchor), blocks and goals [r,c,h,w,k,s] (the anchor, the
 * box, the class k: equal k are interchangeable; the shape s, -1 for a
 * full rectangle) and labels (one character per block, or null).
 *
 * A rectangle is drawn as a rounded rect; a piece of any other shape as
 * one SVG path, its outline traced from its cells and inset by the same
 * gap (holes included), computed once per shape.  Each block's <g>
 * carries data-r, data-c (its anchor), data-h, data-w (its box), data-k
 * (its class) and, for a shape other than a rectangle, data-cells
 * ("dy,dx dy,dx ...": its cells around the anchor), for tests.
 */
"use strict";
var NS = 'http://www.w3.org/2000/svg', B = P.blocks;
var $ = function (id) { return document.getElementById(id); };
var main = $('player'), svg = $('tray');
var R = [], C = [], els = [], corner = new Map();
var G = 0.06; /* the gap between neighbouring blocks, in cells */
function mk(tag, attrs, parent) {
  var e = document.createElementNS(NS, tag);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  parent.appendChild(e); return e;
}
function key(r, c) { return r * P.cols + c; }
function label(i) {
  if (P.labels) return P.labels.charAt(i);
  return i < 26 ? String.fromCharCode(65 + i) : i < 52 ? String.fromCharCode(71 + i) : '' + i;
}
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
function body(s, h, w, parent) {
  if (s < 0) return mk('rect', {x: G, y: G, width: w - 2 * G, height: h - 2 * G, rx: 0.12}, parent);
  return mk('path', {d: outlines[s], 'fill-rule': 'evenodd'}, parent);
}
/* Where a label goes, relative to the anchor: the middle of a rectangle,
 * or the centre of the shape's cell nearest the middle of its box. */
function spot(s, h, w) {
  if (s < 0) return [h / 2, w / 2];
  var cs = P.shapes[s], left = lefts[s], best = null, bd = 0;
  cs.forEach(function (c) {
    var d = Math.pow(c[0] + 0.5 - h / 2, 2) + Math.pow(c[1] + 0.5 - left - w / 2, 2);
    if (best === null || d < bd) { best = c; bd = d; }
  });
  return [best[0] + 0.5, best[1] + 0.5];
}
var outlines = P.shapes.map(outline);
var lefts = P.shapes.map(function (cs) { return Math.min.apply(null, cs.map(function (c) { return c[1]; })); });
$('title').textContent = P.title;
svg.setAttribute('viewBox', '-0.1 -0.1 ' + (P.cols + 0.2) + ' ' + (P.rows + 0.2));
mk('rect', {'class': 'cell', x: 0, y: 0, width: P.cols, height: P.rows}, svg);
P.walls.forEach(function (w) {
  mk('rect', {'class': 'wall', x: w[1], y: w[0], width: 1, height: 1}, svg);
});
P.goals.forEach(function (g) {
  body(g[5], g[2], g[3], mk('g', {'class': 'goal', transform: 'translate(' + g[1] + ' ' + g[0] + ')'}, svg));
});
var labels = B.length <= 2500; /* text for 10,000 blocks costs more than it tells */
B.forEach(function (b, i) {
  var s = b[5], g = mk('g', {'class': 'blk', 'data-h': b[2], 'data-w': b[3], 'data-k': b[4]}, svg);
  if (s >= 0) g.setAttribute('data-cells', P.shapes[s].map(function (c) { return c.join(','); }).join(' '));
  body(s, b[2], b[3], g);
  var at = spot(s, b[2], b[3]);
  if (labels) mk('text', {x: at[1], y: at[0]}, g).textContent = label(i);
  R.push(b[0]); C.push(b[1]); els.push(g); corner.set(key(b[0], b[1]), i);
  place(i);
});
function place(i) {
  var g = els[i];
  g.setAttribute('transform', 'translate(' + C[i] + ' ' + R[i] + ')');
  g.setAttribute('data-r', R[i]); g.setAttribute('data-c', C[i]);
}
function solved() {
  return P.goals.every(function (g) {
    var i = corner.get(key(g[0], g[1]));
    return i !== undefined && B[i][4] === g[4];
  });
}
