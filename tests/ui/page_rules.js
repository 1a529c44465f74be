// page_rules.js - runs the play page's model (cli/page/rules.js) in node
// against the engine's distance oracle, configuration by configuration:
//
//     node page_rules.js RULES.js PAGE.html ORACLE.json EDGES
//
// PAGE.html is a `slide --play` page of a puzzle, ORACLE.json
// `slide-explore --distances` and EDGES `slide-explore --graph edges` of
// the same puzzle under the same metric.
// The page must carry RULES.js as it is (so what runs here is what the
// browser runs); its puzzle data (var P) is read from the page itself.
// Then, independently of the page's own self-check:
//
//   1. its walk from INIT finds the oracle's configurations, numbered
//      alike: the page's key of number i holds the anchors the oracle
//      lists for configuration i (engine/explore/distances.c's order);
//   2. INIT is the oracle's init_index;
//   3. with the page's hint table read, every configuration's distance
//      on the page is the oracle's (none where the oracle has none);
//   4. the page's moves of the metric from every configuration lead to
//      exactly the configurations the engine's moves lead to;
//   5. from every configuration at distance d > 0 the page finds a hint,
//      a move to one at distance d - 1.
//
// Prints one line; exits 1 at the first disagreement, saying where.
'use strict';
const fs = require('fs');
const vm = require('vm');

const [rulesPath, pagePath, oraclePath, edgesPath] = process.argv.slice(2);
const { pageData, fail: failPage } = require('./page_data.js');
const { P, script: rules } = pageData(pagePath, rulesPath);
const oracle = JSON.parse(fs.readFileSync(oraclePath, 'utf8'));
// "FROM TO r1 c1 r2 c2" a line, each move once: both ends' neighbours.
const neighbours = oracle.configurations.map(() => new Set());
for (const line of fs.readFileSync(edgesPath, 'utf8').split('\n')) {
  if (!line) continue;
  const [from, to] = line.split(' ').map(Number);
  neighbours[from].add(to);
  neighbours[to].add(from);
}

function fail(msg) {
  failPage(pagePath, msg);
}

if (!P.hints) fail(`the page has no hints (${P.nohint})`);
if (P.rows !== oracle.rows || P.cols !== oracle.cols) fail('the page and the oracle have different trays');
if (P.metric !== oracle.metric) fail(`the page counts ${P.metric} moves, the oracle ${oracle.metric}`);

// The names draw.js leaves to the page's own script, as far as the model uses them.
const B = P.blocks;
const page$ = vm.createContext({ P, B, R: B.map((b) => b[0]), C: B.map((b) => b[1]), atob });
vm.runInContext(rules, page$, { filename: rulesPath });
// Its functions and variables, as the page's function sees them.
const { live, keyOf, loadKey, prepare, distance, options, bestMove } = page$;

// 1. The numbering: prepare() walks the space and numbers it, as the page
// does once it is shown (page$.index: key -> number, in number order).
const why = prepare();
if (why !== '') fail(`the page prepared no hints: ${why}`);
const keys = Array.from(page$.index.keys());
const want = oracle.configurations.map((c) =>
  String.fromCharCode(...c.anchors.map(([r, col]) => r * oracle.cols + col)));
const cells = (k) => Array.from(k, (ch) => ch.charCodeAt(0)).join(' ');
if (keys.length !== want.length)
  fail(`the page reaches ${keys.length} configurations, the oracle ${want.length}`);
for (let i = 0; i < keys.length; i++)
  if (keys[i] !== want[i] || page$.index.get(keys[i]) !== i)
    fail(`configuration ${i}: the page's anchors are ${cells(keys[i])}, the oracle's ${cells(want[i])}`);

// 2. INIT.
const init = page$.index.get(keyOf(live));
if (init !== oracle.init_index) fail(`INIT is number ${init} on the page, ${oracle.init_index} in the oracle`);

// 3, 4 and 5. Every distance, every configuration's moves, and a hint
// from every configuration that has a distance.
const S = { R: live.R.slice(), C: live.C.slice(), occ: new Int32Array(P.rows * P.cols) };
const numberWith = (i, r, c) => {   /* S's number with block i at (r, c) */
  const r0 = S.R[i], c0 = S.C[i];
  S.R[i] = r; S.C[i] = c;
  const n = page$.index.get(keyOf(S));
  S.R[i] = r0; S.C[i] = c0;
  return n;
};
let hints = 0, moves = 0;
for (let i = 0; i < keys.length; i++) {
  loadKey(S, keys[i]);
  const got = distance(S, -1), d = oracle.configurations[i].distance;
  if (got !== d) fail(`configuration ${i} (${cells(keys[i])}): distance ${got} on the page, ${d} in the oracle`);
  const to = new Set(options(S).map((m) => numberWith(m.i, m.r, m.c)));
  const same = to.size === neighbours[i].size && [...to].every((n) => neighbours[i].has(n));
  if (!same)
    fail(`configuration ${i} (${cells(keys[i])}): the page's ${P.metric} moves lead to ` +
         `${[...to].sort((x, y) => x - y).join(' ')}, the engine's to ` +
         `${[...neighbours[i]].sort((x, y) => x - y).join(' ')}`);
  moves += to.size;
  if (d === null || d === 0) continue;
  if (!bestMove(S)) fail(`configuration ${i} (${cells(keys[i])}) at distance ${d}: no hint`);
  hints++;
}
console.log(`${pagePath}: ${keys.length} configurations numbered as the oracle numbers them, ` +
            `every distance the oracle's, the engine's ${moves / 2} ${P.metric} moves, ${hints} hints`);
