/*
 * render_html.c - `slide --html FILE`: one self-contained page that plays
 * a solution (inline CSS and JavaScript, no network, no other files).
 * Its look, its puzzle data and its drawing are also --play's page
 * (render_play.c, through render_html.h): one drawing for both.
 *
 * The C side writes only data: the tray size, the walls, the shapes, the
 * blocks, the goal and the moves, as JSON inside a <script>.  The page
 * script builds the SVG once, one <g> per block, and then a step changes
 * just the blocks it moves: a jump of k steps replays k moves on an index
 * of anchors and writes the transform of each block touched, so a
 * 100x100 tray with 10,000 blocks steps as fast as Klotski.
 *
 * A rectangle is drawn as a rounded rect, as it always was; a piece of any
 * other shape as one SVG path, its outline traced from its cells and
 * inset by the same gap (holes included), computed once per shape.  The
 * page knows classes as numbers the C side computes (sb_view_classes), so
 * its own goal check treats interchangeable pieces as the engine does.
 *
 * For tests and links the page reads its URL fragment: #end shows the
 * final picture, #N the picture after N moves.  It keeps its state in the
 * DOM where a headless browser can read it: the <main> element carries
 * data-step, data-moves and data-solved (the goal checked in the page),
 * and each block's <g> carries data-r, data-c (its anchor), data-h,
 * data-w (its box), data-k (its class) and, for a shape other than a
 * rectangle, data-cells ("dy,dx dy,dx ...": its cells around the anchor).
 * Walls are <rect class="wall"> cells.
 */
#include <errno.h>
#include <stdlib.h>

#include "render_html.h"
#include "view.h"

/* What both pages (this player and --play's, render_play.c) look like. */
static const char SHARED_CSS[] =
    "body{font:15px/1.4 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}\n"
    "main{display:flex;flex-wrap:wrap;gap:16px;padding:16px;align-items:flex-start}\n"
    "#stage{flex:1 1 420px;min-width:280px}\n"
    "h1{font-size:17px;margin:0 0 8px;word-break:break-all}\n"
    "svg{display:block;width:100%;max-height:72vh;background:#3b3027;border-radius:6px}\n"
    ".cell{fill:#e9dfcc}\n.goal *{fill:none;stroke:#2e8b57;stroke-width:.08;"
    "stroke-dasharray:.2 .12}\n"
    ".wall{fill:#5a4a3c}\n"
    ".blk rect,.blk path{fill:#c8893d;stroke:#5a3a14;stroke-width:.05}\n"
    ".blk text{font:bold .5px sans-serif;fill:#2b1a06;text-anchor:middle;"
    "dominant-baseline:central;pointer-events:none}\n"
    ".blk.next rect,.blk.next path{fill:#e6b450;stroke:#b22222;stroke-width:.1}\n"
    ".blk.last rect,.blk.last path{fill:#d9a35a}\n"
    "#controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:10px 0}\n"
    "button{font:inherit;padding:4px 10px;border-radius:4px;border:1px solid #888;"
    "background:#fff;cursor:pointer}\n"
    "#caption{min-height:1.4em}\n.solved{color:#1d6b3a;font-weight:bold}\n";

static const char REPLAY_PAGE[] =
    ".ring{fill:none;stroke:#b22222;stroke-width:3px;vector-effect:non-scaling-stroke;"
    "pointer-events:none}\n"
    "#slider{flex:1 1 200px}\n#counter{font-variant-numeric:tabular-nums;min-width:9em}\n"
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

/* The drawing, shared by both pages: it opens the page's one function.
 * P holds rows, cols, walls [r,c], shapes (each a list of [dy,dx] cells
 * around its anchor), blocks and goals [r,c,h,w,k,s] (the anchor, the
 * box, the class k: equal k are interchangeable; the shape s, -1 for a
 * full rectangle) and labels (one character per block, or null).  It
 * leaves R, C (each block's anchor), els (its <g>), corner (anchor cell
 * -> block), place(i) (moves block i's <g> to R[i], C[i]) and solved()
 * (the goal holds) to the page's own script, which follows it. */
const char SB_HTML_DRAW_SCRIPT[] =
    "<script>\n"
    "(function () {\n"
    "\"use strict\";\n"
    "var NS = 'http://www.w3.org/2000/svg', B = P.blocks;\n"
    "var $ = function (id) { return document.getElementById(id); };\n"
    "var main = $('player'), svg = $('tray');\n"
    "var R = [], C = [], els = [], corner = new Map();\n"
    "var G = 0.06; /* the gap between neighbouring blocks, in cells */\n"
    "function mk(tag, attrs, parent) {\n"
    "  var e = document.createElementNS(NS, tag);\n"
    "  for (var k in attrs) e.setAttribute(k, attrs[k]);\n"
    "  parent.appendChild(e); return e;\n"
    "}\n"
    "function key(r, c) { return r * P.cols + c; }\n"
    "function label(i) {\n"
    "  if (P.labels) return P.labels.charAt(i);\n"
    "  return i < 26 ? String.fromCharCode(65 + i) : i < 52 ? String.fromCharCode(71 + i) : '' + i;\n"
    "}\n"
    "/* The outline of a set of cells ([dy, dx] around the anchor) as an SVG\n"
    " * path, inset by G.  Each cell side with no cell of the set beyond it is\n"
    " * an edge, directed so the set lies on its right (clockwise on screen);\n"
    " * edges are chained into loops, turning right where two loops touch at a\n"
    " * corner, and every corner moves G along both inward normals, which is\n"
    " * right for convex and concave corners alike. */\n"
    "function outline(cells) {\n"
    "  var on = new Set(), from = new Map(), path = '';\n"
    "  cells.forEach(function (c) { on.add(c[0] + ',' + c[1]); });\n"
    "  function has(y, x) { return on.has(y + ',' + x); }\n"
    "  function edge(x1, y1, x2, y2) {\n"
    "    var k = x1 + ',' + y1;\n"
    "    if (!from.has(k)) from.set(k, []);\n"
    "    from.get(k).push({x: x1, y: y1, dx: x2 - x1, dy: y2 - y1, used: false});\n"
    "  }\n"
    "  cells.forEach(function (c) {\n"
    "    var y = c[0], x = c[1];\n"
    "    if (!has(y - 1, x)) edge(x, y, x + 1, y);\n"
    "    if (!has(y, x + 1)) edge(x + 1, y, x + 1, y + 1);\n"
    "    if (!has(y + 1, x)) edge(x + 1, y + 1, x, y + 1);\n"
    "    if (!has(y, x - 1)) edge(x, y + 1, x, y);\n"
    "  });\n"
    "  from.forEach(function (starts) {\n"
    "    starts.forEach(function (e0) {\n"
    "      if (e0.used) return;\n"
    "      var pts = [], e = e0;\n"
    "      do {\n"
    "        e.used = true;\n"
    "        var x = e.x + e.dx, y = e.y + e.dy;\n"
    "        var next = from.get(x + ',' + y).filter(function (f) { return !f.used || f === e0; });\n"
    "        var right = next.filter(function (f) { return f.dx === -e.dy && f.dy === e.dx; });\n"
    "        var f = right.length ? right[0] : next[0];\n"
    "        if (f.dx !== e.dx || f.dy !== e.dy)\n"
    "          pts.push(+(x + G * (-e.dy - f.dy)).toFixed(3) + ' ' + +(y + G * (e.dx + f.dx)).toFixed(3));\n"
    "        e = f;\n"
    "      } while (e !== e0);\n"
    "      path += 'M' + pts.join('L') + 'Z';\n"
    "    });\n"
    "  });\n"
    "  return path;\n"
    "}\n"
    "/* Draws a piece's body into parent: a rectangle when shape s is -1 (the\n"
    " * block's box, h x w), else the outline of P.shapes[s]. */\n"
    "function body(s, h, w, parent) {\n"
    "  if (s < 0) return mk('rect', {x: G, y: G, width: w - 2 * G, height: h - 2 * G, rx: 0.12}, parent);\n"
    "  return mk('path', {d: outlines[s], 'fill-rule': 'evenodd'}, parent);\n"
    "}\n"
    "/* Where a label goes, relative to the anchor: the middle of a rectangle,\n"
    " * or the centre of the shape's cell nearest the middle of its box. */\n"
    "function spot(s, h, w) {\n"
    "  if (s < 0) return [h / 2, w / 2];\n"
    "  var cs = P.shapes[s], left = lefts[s], best = null, bd = 0;\n"
    "  cs.forEach(function (c) {\n"
    "    var d = Math.pow(c[0] + 0.5 - h / 2, 2) + Math.pow(c[1] + 0.5 - left - w / 2, 2);\n"
    "    if (best === null || d < bd) { best = c; bd = d; }\n"
    "  });\n"
    "  return [best[0] + 0.5, best[1] + 0.5];\n"
    "}\n"
    "var outlines = P.shapes.map(outline);\n"
    "var lefts = P.shapes.map(function (cs) { return Math.min.apply(null, cs.map(function (c) { return c[1]; })); });\n"
    "$('title').textContent = P.title;\n"
    "svg.setAttribute('viewBox', '-0.1 -0.1 ' + (P.cols + 0.2) + ' ' + (P.rows + 0.2));\n"
    "mk('rect', {'class': 'cell', x: 0, y: 0, width: P.cols, height: P.rows}, svg);\n"
    "P.walls.forEach(function (w) {\n"
    "  mk('rect', {'class': 'wall', x: w[1], y: w[0], width: 1, height: 1}, svg);\n"
    "});\n"
    "P.goals.forEach(function (g) {\n"
    "  body(g[5], g[2], g[3], mk('g', {'class': 'goal', transform: 'translate(' + g[1] + ' ' + g[0] + ')'}, svg));\n"
    "});\n"
    "var labels = B.length <= 2500; /* text for 10,000 blocks costs more than it tells */\n"
    "B.forEach(function (b, i) {\n"
    "  var s = b[5], g = mk('g', {'class': 'blk', 'data-h': b[2], 'data-w': b[3], 'data-k': b[4]}, svg);\n"
    "  if (s >= 0) g.setAttribute('data-cells', P.shapes[s].map(function (c) { return c.join(','); }).join(' '));\n"
    "  body(s, b[2], b[3], g);\n"
    "  var at = spot(s, b[2], b[3]);\n"
    "  if (labels) mk('text', {x: at[1], y: at[0]}, g).textContent = label(i);\n"
    "  R.push(b[0]); C.push(b[1]); els.push(g); corner.set(key(b[0], b[1]), i);\n"
    "  place(i);\n"
    "});\n"
    "function place(i) {\n"
    "  var g = els[i];\n"
    "  g.setAttribute('transform', 'translate(' + C[i] + ' ' + R[i] + ')');\n"
    "  g.setAttribute('data-r', R[i]); g.setAttribute('data-c', C[i]);\n"
    "}\n"
    "function solved() {\n"
    "  return P.goals.every(function (g) {\n"
    "    var i = corner.get(key(g[0], g[1]));\n"
    "    return i !== undefined && B[i][4] === g[4];\n"
    "  });\n"
    "}\n";

/* The replay: P.moves [r1,c1,r2,c2] played back on the drawing. */
static const char REPLAY_SCRIPT[] =
    "var M = P.moves, n = M.length, slider = $('slider'), list = $('list');\n"
    "var step = 0, timer = null;\n"
    "/* Moves block at (r1,c1) to (r2,c2) in the model; returns its index. */\n"
    "function shift(r1, c1, r2, c2) {\n"
    "  var i = corner.get(key(r1, c1));\n"
    "  corner.delete(key(r1, c1)); corner.set(key(r2, c2), i);\n"
    "  R[i] = r2; C[i] = c2; return i;\n"
    "}\n"
    "M.forEach(function (m, k) {\n"
    "  var li = document.createElement('li');\n"
    "  li.textContent = m[0] + ' ' + m[1] + ' \\u2192 ' + m[2] + ' ' + m[3];\n"
    "  li.addEventListener('click', function () { stop(); go(k + 1); });\n"
    "  list.appendChild(li);\n"
    "});\n"
    "slider.max = n;\n"
    "/* On a big tray one cell is a few pixels: a ring shows where the action is. */\n"
    "var ring = mk('circle', {'class': 'ring', r: Math.max(P.rows, P.cols) / 25}, svg);\n"
    "if (Math.max(P.rows, P.cols) < 16) ring.style.display = 'none';\n"
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
    "  if (f >= 0) {\n"
    "    ring.setAttribute('cx', C[f] + (B[f][5] < 0 ? 0 : lefts[B[f][5]]) + B[f][3] / 2);\n"
    "    ring.setAttribute('cy', R[f] + B[f][2] / 2);\n"
    "  }\n"
    "  var old = list.querySelector('li.cur'); if (old) old.classList.remove('cur');\n"
    "  if (step > 0) {\n"
    "    var li = list.children[step - 1]; li.classList.add('cur');\n"
    "    if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - 20)\n"
    "      list.scrollTop = li.offsetTop - list.clientHeight / 2;\n"
    "  }\n"
    "  slider.value = step;\n"
    "  var ok = solved();\n"
    "  $('counter').textContent = 'move ' + step + ' of ' + n;\n"
    "  var cap = $('caption');\n"
    "  cap.textContent = step < n ? 'next: move ' + (step + 1) + ': ' + M[step][0] + ' ' + M[step][1] + ' \\u2192 ' + M[step][2] + ' ' + M[step][3] : (ok ? 'solved' : 'end');\n"
    "  cap.className = step === n && ok ? 'solved' : '';\n"
    "  main.setAttribute('data-step', step); main.setAttribute('data-solved', ok);\n"
    "}\n"
    "function stop() { if (timer) { clearInterval(timer); timer = null; } $('play').textContent = 'play'; }\n"
    "function play() {\n"
    "  if (timer) { stop(); return; }\n"
    "  if (step >= n) go(0);\n"
    "  $('play').textContent = 'pause';\n"
    "  timer = setInterval(function () { if (step >= n) stop(); else go(step + 1); },\n"
    "                      Math.max(20, Math.min(400, 30000 / Math.max(n, 1))));\n"
    "}\n"
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
    "  e.preventDefault();\n"
    "});\n"
    "function fromHash() {\n"
    "  var h = location.hash.slice(1);\n"
    "  if (h === 'end') go(n); else if (/^[0-9]+$/.test(h)) go(+h);\n"
    "}\n"
    "window.addEventListener('hashchange', fromHash);\n"
    "main.setAttribute('data-moves', n);\n"
    "go(0); fromHash();\n";

static const char SB_HTML_END[] = "})();\n</script>\n</body>\n</html>\n";

/* Entries [r,c,h,w,k,s]: the anchor, the box, the class and the shape
 * (-1 for a full rectangle, else its index in P.shapes). */
static void blocks_json(FILE *out, const char *name, const sb_puzzle *p, const sb_block *b,
                        size_t n, const size_t *classes)
{
    fprintf(out, ",\n  %s: [", name);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d,%d,%d,%d,%zu,%d]", i ? (i % 16 ? "," : ",\n    ") : "", b[i].row,
                b[i].col, b[i].height, b[i].width, classes[i],
                sb_view_is_rectangle(p, &b[i]) ? -1 : b[i].shape - 1);
    putc(']', out);
}

/* Each of p's shapes as its cells [dy,dx] around its anchor. */
static void shapes_json(FILE *out, const sb_puzzle *p)
{
    fputs(",\n  shapes: [", out);
    for (size_t k = 0; k < p->nshapes; k++) {
        const sb_shape *sh = &p->shapes[k];
        int left = 0;
        while (left < sh->width - 1 && !sh->cells[left])
            left++;
        fputs(k ? ",\n    [" : "[", out);
        const char *sep = "";
        for (int y = 0; y < sh->height; y++)
            for (int x = 0; x < sh->width; x++)
                if (sh->cells[(size_t)y * (size_t)sh->width + (size_t)x]) {
                    fprintf(out, "%s[%d,%d]", sep, y, x - left);
                    sep = ",";
                }
        putc(']', out);
    }
    putc(']', out);
}

static void walls_json(FILE *out, const sb_puzzle *p)
{
    fputs(",\n  walls: [", out);
    size_t n = 0;
    for (int r = 0; p->walls && r < p->rows; r++)
        for (int c = 0; c < p->cols; c++)
            if (p->walls[(size_t)r * (size_t)p->cols + (size_t)c])
                fprintf(out, "%s[%d,%d]", n++ ? (n % 16 ? "," : ",\n    ") : "", r, c);
    putc(']', out);
}

/* The picture's characters, one per block, when they name the pieces. */
static void labels_json(FILE *out, const sb_puzzle *p)
{
    fputs(",\n  labels: ", out);
    if (!sb_view_own_labels(p) || p->nblocks == 0) {
        fputs("null", out);
        return;
    }
    char *text = malloc(p->nblocks + 1);
    if (!text) {
        fputs("null", out);
        return;
    }
    for (size_t i = 0; i < p->nblocks; i++)
        text[i] = p->blocks[i].label;
    text[p->nblocks] = 0;
    sb_json_string(out, text);
    free(text);
}

void sb_html_head(FILE *out, const char *page_title, const char *page_css)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    fputs(page_title, out);
    fputs("</title>\n<style>\n", out);
    fputs(SHARED_CSS, out);
    fputs(page_css, out);
}

int sb_html_puzzle_data(FILE *out, const sb_puzzle *p, const char *title)
{
    size_t *classes = sb_view_classes(p, NULL);
    if (!classes)
        return -1;
    fputs("<script>\nvar P = {\n  title: ", out);
    sb_json_string(out, title);
    fprintf(out, ",\n  rows: %d, cols: %d", p->rows, p->cols);
    walls_json(out, p);
    shapes_json(out, p);
    blocks_json(out, "blocks", p, p->blocks, p->nblocks, classes);
    blocks_json(out, "goals", p, p->goals, p->ngoals, classes + p->nblocks);
    labels_json(out, p);
    free(classes);
    return 0;
}

int sb_html_end(FILE *out)
{
    fputs(SB_HTML_END, out);
    if (ferror(out)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

int sb_html_write(FILE *out, const sb_puzzle *p, const sb_move *moves, size_t n,
                  const char *title)
{
    sb_html_head(out, "slide: solution", REPLAY_PAGE);
    if (sb_html_puzzle_data(out, p, title) != 0)
        return -1;
    fputs(",\n  moves: [", out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s[%d,%d,%d,%d]", i ? (i % 16 ? "," : ",\n    ") : "",
                moves[i].from_row, moves[i].from_col, moves[i].to_row, moves[i].to_col);
    fputs("]\n};\n</script>\n", out);
    fputs(SB_HTML_DRAW_SCRIPT, out);
    fputs(REPLAY_SCRIPT, out);
    return sb_html_end(out);
}
