/*
 * render_html.c - `slide --html FILE`: one self-contained page that plays
 * a solution (inline CSS and JavaScript, no network, no other files).
 *
 * The C side writes only data: the tray size, the blocks, the goal and the
 * moves, as JSON inside a <script>.  The page script builds the SVG once,
 * one <g> per block, and then a step changes just the blocks it moves: a
 * jump of k steps replays k moves on an index of upper-left corners and
 * writes the transform of each block touched, so a 100x100 tray with
 * 10,000 blocks steps as fast as Klotski.
 *
 * For tests and links the page reads its URL fragment: #end shows the
 * final picture, #N the picture after N moves.  It keeps its state in the
 * DOM where a headless browser can read it: the <main> element carries
 * data-step, data-moves and data-solved (the goal checked in the page),
 * and each block's <g> carries data-r, data-c, data-h, data-w.
 */
#include <errno.h>

#include "render.h"

static const char PAGE_HEAD[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>slide: solution</title>\n<style>\n"
    "body{font:15px/1.4 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}\n"
    "main{display:flex;flex-wrap:wrap;gap:16px;padding:16px;align-items:flex-start}\n"
    "#stage{flex:1 1 420px;min-width:280px}\n"
    "h1{font-size:17px;margin:0 0 8px;word-break:break-all}\n"
    "svg{display:block;width:100%;max-height:72vh;background:#3b3027;border-radius:6px}\n"
    ".cell{fill:#e9dfcc}\n.goal{fill:none;stroke:#2e8b57;stroke-width:.08;"
    "stroke-dasharray:.2 .12}\n"
    ".blk rect{fill:#c8893d;stroke:#5a3a14;stroke-width:.05}\n"
    ".blk text{font:bold .5px sans-serif;fill:#2b1a06;text-anchor:middle;"
    "dominant-baseline:central;pointer-events:none}\n"
    ".blk.next rect{fill:#e6b450;stroke:#b22222;stroke-width:.1}\n"
    ".blk.last rect{fill:#d9a35a}\n"
    ".ring{fill:none;stroke:#b22222;stroke-width:3px;vector-effect:non-scaling-stroke;"
    "pointer-events:none}\n"
    "#controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:10px 0}\n"
    "button{font:inherit;padding:4px 10px;border-radius:4px;border:1px solid #888;"
    "background:#fff;cursor:pointer}\n"
    "#slider{flex:1 1 200px}\n#counter{font-variant-numeric:tabular-nums;min-width:9em}\n"
    "#caption{min-height:1.4em}\n.solved{color:#1d6b3a;font-weight:bold}\n"
    "#side{flex:0 1 240px;min-width:200px}\n"
    "#list{max-height:72vh;overflow:auto;margin:0;padding:0 0 0 3.5em;"
    "background:#fff;border:1px solid #ccc;border-radius:4px;"
    "font:13px/1.5 ui-monospace,monospace}\n"
    "#list li{cursor:pointer;padding:0 4px}\n#list li:hover{background:#eee}\n"
    "#list li.cur{background:#e6b450}\n"
    "</style>\n</head>\n<body>\n"
    "<main id=\"player\" data-step=\"0\" data-moves=\"0\" data-solved=\"false\">\n"
    "<div id=\"stage\">\n<h1 id=\"title\"></h1>\n"
    "<svg id=\"tray\" role=\"img\" aria-label=\"the tray\"></svg>\n"
    "<div id=\"controls\">\n"
    "<button id=\"first\" title=\"first (Home)\">|&#x25C0;</button>\n"
    "<button id=\"back\" title=\"step back (Left)\">&#x25C0;</button>\n"
    "<button id=\"play\" title=\"play/pause (Space)\">play</button>\n"
    "<button id=\"fwd\" title=\"step forward (Right)\">&#x25B6;</button>\n"
    "<button id=\"last\" title=\"last (End)\">&#x25B6;|</button>\n"
    "<input id=\"slider\" type=\"range\" min=\"0\" value=\"0\" aria-label=\"step\">\n"
    "<span id=\"counter\"></span>\n</div>\n"
    "<div id=\"caption\"></div>\n</div>\n"
    "<div id=\"side\">\n<div>Moves (click to jump)</div>\n<ol id=\"list\"></ol>\n</div>\n"
    "</main>\n";

/* The player.  P holds rows, cols, blocks [r,c,h,w], goals [r,c,h,w] and
 * moves [r1,c1,r2,c2]; everything else is derived here. */
static const char PAGE_SCRIPT[] =
    "<script>\n(function () {\n\"use strict\";\n"
    "var NS = 'http://www.w3.org/2000/svg', M = P.moves, B = P.blocks, n = M.length;\n"
    "var $ = function (id) { return document.getElementById(id); };\n"
    "var main = $('player'), svg = $('tray'), slider = $('slider'), list = $('list');\n"
    "var R = [], C = [], els = [], corner = new Map(), step = 0, timer = null;\n"
    "var G = 0.06; /* the gap between neighbouring blocks, in cells */\n"
    "function mk(tag, attrs, parent) {\n"
    "  var e = document.createElementNS(NS, tag);\n"
    "  for (var k in attrs) e.setAttribute(k, attrs[k]);\n"
    "  parent.appendChild(e); return e;\n}\n"
    "function key(r, c) { return r * P.cols + c; }\n"
    "function label(i) {\n"
    "  return i < 26 ? String.fromCharCode(65 + i) : i < 52 ? String.fromCharCode(71 + i) : '' + i;\n}\n"
    "$('title').textContent = P.title;\n"
    "svg.setAttribute('viewBox', '-0.1 -0.1 ' + (P.cols + 0.2) + ' ' + (P.rows + 0.2));\n"
    "mk('rect', {'class': 'cell', x: 0, y: 0, width: P.cols, height: P.rows}, svg);\n"
    "P.goals.forEach(function (g) {\n"
    "  mk('rect', {'class': 'goal', x: g[1] + G, y: g[0] + G, width: g[3] - 2 * G,"
    " height: g[2] - 2 * G}, svg);\n});\n"
    "var labels = B.length <= 2500; /* text for 10,000 blocks costs more than it tells */\n"
    "B.forEach(function (b, i) {\n"
    "  var g = mk('g', {'class': 'blk', 'data-h': b[2], 'data-w': b[3]}, svg);\n"
    "  mk('rect', {x: G, y: G, width: b[3] - 2 * G, height: b[2] - 2 * G, rx: 0.12}, g);\n"
    "  if (labels) mk('text', {x: b[3] / 2, y: b[2] / 2}, g).textContent = label(i);\n"
    "  R.push(b[0]); C.push(b[1]); els.push(g); corner.set(key(b[0], b[1]), i);\n"
    "  place(i);\n});\n"
    "function place(i) {\n"
    "  var g = els[i];\n"
    "  g.setAttribute('transform', 'translate(' + C[i] + ' ' + R[i] + ')');\n"
    "  g.setAttribute('data-r', R[i]); g.setAttribute('data-c', C[i]);\n}\n"
    "/* Moves block at (r1,c1) to (r2,c2) in the model; returns its index. */\n"
    "function shift(r1, c1, r2, c2) {\n"
    "  var i = corner.get(key(r1, c1));\n"
    "  corner.delete(key(r1, c1)); corner.set(key(r2, c2), i);\n"
    "  R[i] = r2; C[i] = c2; return i;\n}\n"
    "M.forEach(function (m, k) {\n"
    "  var li = document.createElement('li');\n"
    "  li.textContent = m[0] + ' ' + m[1] + ' \\u2192 ' + m[2] + ' ' + m[3];\n"
    "  li.addEventListener('click', function () { stop(); go(k + 1); });\n"
    "  list.appendChild(li);\n});\n"
    "slider.max = n;\n"
    "/* On a big tray one cell is a few pixels: a ring shows where the action is. */\n"
    "var ring = mk('circle', {'class': 'ring', r: Math.max(P.rows, P.cols) / 25}, svg);\n"
    "if (Math.max(P.rows, P.cols) < 16) ring.style.display = 'none';\n"
    "function solved() {\n"
    "  return P.goals.every(function (g) {\n"
    "    var i = corner.get(key(g[0], g[1]));\n"
    "    return i !== undefined && B[i][2] === g[2] && B[i][3] === g[3];\n  });\n}\n"
    "var marked = [];\n"
    "function mark(i, cls) { if (i !== undefined) { els[i].classList.add(cls); marked.push([i, cls]); } }\n"
    "/* Goes to the picture after t moves, touching only the blocks that move. */\n"
    "function go(t) {\n"
    "  t = Math.max(0, Math.min(n, t | 0));\n"
    "  var dirty = new Set(), m;\n"
    "  while (step < t) { m = M[step++]; dirty.add(shift(m[0], m[1], m[2], m[3])); }\n"
    "  while (step > t) { m = M[--step]; dirty.add(shift(m[2], m[3], m[0], m[1])); }\n"
    "  dirty.forEach(place);\n"
    "  marked.forEach(function (x) { els[x[0]].classList.remove(x[1]); }); marked = [];\n"
    "  if (step > 0) mark(corner.get(key(M[step - 1][2], M[step - 1][3])), 'last');\n"
    "  if (step < n) mark(corner.get(key(M[step][0], M[step][1])), 'next');\n"
    "  var f = marked.length ? marked[marked.length - 1][0] : -1;\n"
    "  ring.setAttribute('visibility', f < 0 ? 'hidden' : 'visible');\n"
    "  if (f >= 0) { ring.setAttribute('cx', C[f] + B[f][3] / 2); ring.setAttribute('cy', R[f] + B[f][2] / 2); }\n"
    "  var old = list.querySelector('li.cur'); if (old) old.classList.remove('cur');\n"
    "  if (step > 0) {\n"
    "    var li = list.children[step - 1]; li.classList.add('cur');\n"
    "    if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - 20)\n"
    "      list.scrollTop = li.offsetTop - list.clientHeight / 2;\n  }\n"
    "  slider.value = step;\n"
    "  var ok = solved();\n"
    "  $('counter').textContent = 'move ' + step + ' of ' + n;\n"
    "  var cap = $('caption');\n"
    "  cap.textContent = step < n ? 'next: move ' + (step + 1) + ': ' + M[step][0] + ' ' +"
    " M[step][1] + ' \\u2192 ' + M[step][2] + ' ' + M[step][3] : (ok ? 'solved' : 'end');\n"
    "  cap.className = step === n && ok ? 'solved' : '';\n"
    "  main.setAttribute('data-step', step); main.setAttribute('data-solved', ok);\n}\n"
    "function stop() { if (timer) { clearInterval(timer); timer = null; } $('play').textContent = 'play'; }\n"
    "function play() {\n"
    "  if (timer) { stop(); return; }\n"
    "  if (step >= n) go(0);\n"
    "  $('play').textContent = 'pause';\n"
    "  timer = setInterval(function () { if (step >= n) stop(); else go(step + 1); },\n"
    "                      Math.max(20, Math.min(400, 30000 / Math.max(n, 1))));\n}\n"
    "$('first').onclick = function () { stop(); go(0); };\n"
    "$('back').onclick = function () { stop(); go(step - 1); };\n"
    "$('fwd').onclick = function () { stop(); go(step + 1); };\n"
    "$('last').onclick = function () { stop(); go(n); };\n"
    "$('play').onclick = play;\n"
    "slider.addEventListener('input', function () { stop(); go(+slider.value); });\n"
    "document.addEventListener('keydown', function (e) {\n"
    "  if (e.altKey || e.ctrlKey || e.metaKey) return;\n"
    "  var k = e.key;\n"
    "  if (e.target === slider && k !== ' ') return; /* the slider steps itself */\n"
    "  if (k === 'ArrowRight') { stop(); go(step + 1); }\n"
    "  else if (k === 'ArrowLeft') { stop(); go(step - 1); }\n"
    "  else if (k === ' ') play();\n"
    "  else if (k === 'Home') { stop(); go(0); }\n"
    "  else if (k === 'End') { stop(); go(n); }\n"
    "  else return;\n"
    "  e.preventDefault();\n});\n"
    "function fromHash() {\n"
    "  var h = location.hash.slice(1);\n"
    "  if (h === 'end') go(n); else if (/^[0-9]+$/.test(h)) go(+h);\n}\n"
    "window.addEventListener('hashchange', fromHash);\n"
    "main.setAttribute('data-moves', n);\n"
    "go(0); fromHash();\n"
    "})();\n</script>\n</body>\n</html>\n";

static void blocks_json(FILE *out, const char *name, const sb_block *b, size_t n)
{
    fprintf(out, ",\n  %s: [", name);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d,%d,%d,%d]", i ? (i % 16 ? "," : ",\n    ") : "", b[i].row,
                b[i].col, b[i].height, b[i].width);
    putc(']', out);
}

int sb_html_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const char *title)
{
    fputs(PAGE_HEAD, out);
    fputs("<script>\nvar P = {\n  title: ", out);
    sb_json_string(out, title);
    fprintf(out, ",\n  rows: %d, cols: %d", p->rows, p->cols);
    blocks_json(out, "blocks", p->blocks, p->nblocks);
    blocks_json(out, "goals", p->goals, p->ngoals);
    fputs(",\n  moves: [", out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d,%d,%d,%d]", i ? (i % 16 ? "," : ",\n    ") : "",
                moves[i].from_row, moves[i].from_col, moves[i].to_row, moves[i].to_col);
    fputs("]\n};\n</script>\n", out);
    fputs(PAGE_SCRIPT, out);
    if (ferror(out)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}
