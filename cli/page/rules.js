/*
 * rules.js - the play page's model of the puzzle, apart from its drawing
 * and its input (play.js): how the pieces move, the oracle's numbering
 * of configurations, and hints looked up in the oracle's table.
 *
 * The central idea (render_play.c says more): the page carries the
 * oracle's distances and no configurations, so it numbers the
 * configurations itself, as the engine does, and finds a configuration's
 * distance by its number.  keyOf and reachable below are the one place
 * that defines that numbering here; they mirror engine/explore/distances.c
 * (sb_distances_compute: list_anchors writes each configuration's anchors
 * by class, then by cell, and sort_ids sorts those lists
 * lexicographically).  tests/page_js.sh runs this file in node and checks
 * that it numbers every configuration as slide-explore --distances does,
 * reads the same distance for each and makes the engine's moves.
 *
 * No DOM: it follows draw.js in the page's one function and uses P (the
 * puzzle: rows, cols, walls, shapes, blocks, axes; and the play page's
 * metric, slots, hints and nohint, render_play.c), B (P.blocks) and R, C
 * (each block's anchor, draw.js's).  A configuration S is {R, C, occ}:
 * anchors, and occ, the cell grid (-1 empty, -2 a wall, else the block
 * there), which every move keeps up to date.
 */
var DR = [-1, 1, 0, 0], DC = [0, 0, -1, 1], NB = B.length, W = P.cols;
var rel = B.map(function (b) {
  if (b[5] >= 0) return P.shapes[b[5]];
  var cs = [];
  for (var y = 0; y < b[2]; y++) for (var x = 0; x < b[3]; x++) cs.push([y, x]);
  return cs;
});
var live = {R: R, C: C, occ: new Int32Array(P.rows * W)};
var index = null, table = null; /* key -> number, the distances as bytes (prepare) */
function fill(S, i, v) {
  var cs = rel[i];
  for (var k = 0; k < cs.length; k++) S.occ[(S.R[i] + cs[k][0]) * W + S.C[i] + cs[k][1]] = v;
}
function layout(S) {
  S.occ.fill(-1);
  P.walls.forEach(function (w) { S.occ[w[0] * W + w[1]] = -2; });
  for (var i = 0; i < NB; i++) fill(S, i, i);
}
/* Whether block i of S may take one step in direction d (up, down, left,
 * right): along its axis, inside the tray, onto empty cells. */
function may(S, i, d) {
  var ax = P.axes.charAt(i);
  if ((ax === 'h' && d < 2) || (ax === 'v' && d >= 2)) return false;
  var cs = rel[i], r0 = S.R[i] + DR[d], c0 = S.C[i] + DC[d];
  for (var k = 0; k < cs.length; k++) {
    var r = r0 + cs[k][0], c = c0 + cs[k][1];
    if (r < 0 || c < 0 || r >= P.rows || c >= W) return false;
    var o = S.occ[r * W + c];
    if (o !== -1 && o !== i) return false;
  }
  return true;
}
function stepIn(S, i, d) { fill(S, i, -1); S.R[i] += DR[d]; S.C[i] += DC[d]; fill(S, i, i); }
/* The oracle's key of a configuration: per class in the oracle's order
 * (P.slots: each block's class, numbered as the oracle's), the anchor
 * cells (row * cols + col) ascending, one UTF-16 unit each, so that keys
 * sort as the oracle sorts its anchor lists: distances.c's list_anchors. */
var byClass = [];
P.slots.forEach(function (k, i) { (byClass[k] = byClass[k] || []).push(i); });
function keyOf(S) {
  var s = '';
  for (var k = 0; k < byClass.length; k++) {
    var a = byClass[k].map(function (i) { return S.R[i] * W + S.C[i]; });
    a.sort(function (x, y) { return x - y; });
    for (var j = 0; j < a.length; j++) s += String.fromCharCode(a[j]);
  }
  return s;
}
function loadKey(S, s) {
  var at = 0;
  for (var k = 0; k < byClass.length; k++)
    byClass[k].forEach(function (i) {
      var cell = s.charCodeAt(at++);
      S.R[i] = Math.floor(cell / W); S.C[i] = cell % W;
    });
  layout(S);
}
layout(live);
/* The keys of every configuration reachable from S by one-cell steps
 * (which reach all that the moves of any metric reach), sorted: a key's
 * place is its configuration's number in the oracle's table, as
 * distances.c's sort_ids orders them.  Stops, unsorted, once it has found
 * more than `most`. */
function reachable(S, most) {
  var E = {R: S.R.slice(), C: S.C.slice(), occ: new Int32Array(P.rows * W)};
  var start = keyOf(S), seen = new Set([start]), queue = [start];
  for (var q = 0; q < queue.length && queue.length <= most; q++) {
    loadKey(E, queue[q]);
    for (var i = 0; i < NB; i++)
      for (var d = 0; d < 4; d++)
        if (may(E, i, d)) {
          stepIn(E, i, d);
          var k = keyOf(E);
          if (!seen.has(k)) { seen.add(k); queue.push(k); }
          stepIn(E, i, d ^ 1);
        }
  }
  if (queue.length <= most) queue.sort();
  return queue;
}
/* Reads the table and numbers the configurations as the oracle does;
 * returns '' or why there are no hints. */
function prepare() {
  var H = P.hints;
  if (!H) return P.nohint;
  var keys = reachable(live, H.count);
  if (keys.length !== H.count)
    return 'The page found ' + keys.length + ' configurations, the table has ' + H.count + ': no hints.';
  index = new Map();
  keys.forEach(function (k, i) { index.set(k, i); });
  table = atob(H.data);
  return '';
}
/* The distance to the goal of S with block i at (r, c) (i < 0: as it is);
 * null when unknown or no goal is reachable. */
function distance(S, i, r, c) {
  if (!index) return null;
  var r0, c0;
  if (i >= 0) { r0 = S.R[i]; c0 = S.C[i]; S.R[i] = r; S.C[i] = c; }
  var at = index.get(keyOf(S));
  if (i >= 0) { S.R[i] = r0; S.C[i] = c0; }
  if (at === undefined) return null;
  var w = P.hints.width, v = 0, all = 0;
  for (var b = w - 1; b >= 0; b--) { v = v * 256 + table.charCodeAt(at * w + b); all = all * 256 + 255; }
  return v === all ? null : v;
}
/* Straight slides from unit steps [r, c] (a path of anchors). */
function slidesOf(path) {
  var out = [], a = path[0];
  for (var k = 1; k < path.length; k++) {
    var b = path[k], nx = path[k + 1];
    if (!nx || (nx[0] - b[0]) !== (b[0] - path[k - 1][0]) || (nx[1] - b[1]) !== (b[1] - path[k - 1][1])) {
      out.push([a[0], a[1], b[0], b[1]]); a = b;
    }
  }
  return out;
}
/* Every move of the metric from S: {i, r, c, slides} with (r, c) where
 * block i ends. */
function options(S) {
  var out = [];
  for (var i = 0; i < NB; i++) {
    var r0 = S.R[i], c0 = S.C[i];
    if (P.metric === 'piece') {
      fill(S, i, -1);
      var prev = new Map([[r0 * W + c0, null]]), q = [[r0, c0]];
      for (var h = 0; h < q.length; h++) {
        S.R[i] = q[h][0]; S.C[i] = q[h][1];
        for (var d = 0; d < 4; d++) {
          if (!may(S, i, d)) continue;
          var p = [q[h][0] + DR[d], q[h][1] + DC[d]];
          if (prev.has(p[0] * W + p[1])) continue;
          prev.set(p[0] * W + p[1], q[h]); q.push(p);
        }
      }
      S.R[i] = r0; S.C[i] = c0; fill(S, i, i);
      q.slice(1).forEach(function (p) {
        var path = [p];
        for (var x = prev.get(p[0] * W + p[1]); x; x = prev.get(x[0] * W + x[1])) path.unshift(x);
        out.push({i: i, r: p[0], c: p[1], slides: slidesOf(path)});
      });
      continue;
    }
    for (var e = 0; e < 4; e++) {
      var k = 0;
      while (may(S, i, e)) {
        stepIn(S, i, e); k++;
        out.push({i: i, r: S.R[i], c: S.C[i], slides: [[r0, c0, S.R[i], S.C[i]]]});
        if (P.metric === 'unit') break;
      }
      while (k-- > 0) stepIn(S, i, e ^ 1);
    }
  }
  return out;
}
/* An optimal next move from S: one to a configuration one closer, or null. */
function bestMove(S) {
  var d0 = distance(S, -1);
  if (d0 === null || d0 === 0) return null;
  var all = options(S);
  for (var k = 0; k < all.length; k++)
    if (distance(S, all[k].i, all[k].r, all[k].c) === d0 - 1) return all[k];
  return null;
}
