// page_engine.js - runs a `slide --play` page's engine (cli/page/engine.js
// and the WebAssembly module the page carries) in node, without a
// browser, and asks it for a plan:
//
//     node page_engine.js ENGINE.js PAGE.html MOVES [swap|hurry]
//
// The page must carry ENGINE.js as it is (so what runs here is what the
// browser runs); its data (var P) is read from the page.  node has no
// Worker, so engine.js runs the engine on the page's own thread, its
// fallback.  The plan is from INIT (P.blocks' anchors):
//   (nothing)  its moves are written to MOVES, one "r1 c1 r2 c2" a line,
//              and "optimal" or "any" printed: the caller checks them with
//              slide-check and the length against slide --optimal (the
//              time allowed is raised: this is about the answer);
//   swap       INIT with its first two blocks swapped (for numbered tiles,
//              a permutation of the other parity): "error: ..." printed;
//   hurry      with budgets too small to find anything: "error: ..." printed.
'use strict';
const fs = require('fs');
const vm = require('vm');

const { pageData, fail: failPage } = require('./page_data.js');

const [enginePath, pagePath, movesPath, how] = process.argv.slice(2);
const { P, script: engine } = pageData(pagePath, enginePath);
function fail(msg) {
  failPage(pagePath, msg);
}
if (!P.engine) fail(`the page has no engine (${P.noengine})`);
const page$ = vm.createContext({ P, atob, setTimeout, Promise, WebAssembly, TextEncoder, TextDecoder,
                                 performance, BigInt, Int32Array, Uint8Array, DataView });
vm.runInContext(engine, page$, { filename: enginePath });
const PageEngine = vm.runInContext('PageEngine', page$);
if (!PageEngine.ready || PageEngine.worker !== false) fail('the engine is not ready, or claims a worker');
const at = P.blocks.map((b) => [b[0], b[1]]);
if (how === 'swap') [at[0], at[1]] = [at[1], at[0]];
// Correctness, not speed: a shortest plan may take as long as it needs
// (a loaded machine is slow), unless told to hurry.
PageEngine.budgets.optimal = { seconds: 600, bytes: 48 << 20 };
if (how === 'hurry') {
  PageEngine.budgets.optimal = { seconds: 0.001, bytes: 48 << 20 };
  PageEngine.budgets.any = { seconds: 0.001, bytes: 48 << 20 };
}
PageEngine.plan(at).then((r) => {
  if (r.error) {
    console.log(`error: ${r.error}`);
    return;
  }
  fs.writeFileSync(movesPath, r.moves.map((m) => m.join(' ') + '\n').join(''));
  console.log(r.optimal ? 'optimal' : 'any');
});
