/*
 * engine.js - the engine inside the play page: slide's engine compiled to
 * WebAssembly (cli/wasm_engine.c says what it answers), so that a page
 * whose space is too large for the distance table still answers "hint"
 * and "solve from here" from any position.  The page gives play.js one
 * thing, PageEngine:
 *
 *   PageEngine.ready            whether the page carries an engine
 *   PageEngine.why              why not, in words, when it does not
 *   PageEngine.plan(anchors)    a Promise of {moves: [[r1,c1,r2,c2],...],
 *                               optimal: bool} from the position whose
 *                               anchors ([r, c] per block, the puzzle's
 *                               order) are given, or {error: words,
 *                               unreachable: whether the engine proved the
 *                               goal out of reach}
 *
 * The central trick: the module is bare WebAssembly (no emscripten glue),
 * so this file is its whole loader: it supplies the two imports the
 * module has (a clock, and a note that memory grew) and reads and writes
 * its memory itself.  It runs in a Web Worker made from a Blob (the
 * worker's script is engineCore's own source), so the page stays
 * responsive while the engine thinks; where a worker cannot be made, the
 * same code runs on the page itself, a moment after the caption says it
 * is thinking.  Plans are asked one at a time, in order.
 *
 * Budgets (PageEngine.budgets; the tests change them): a shortest plan
 * is tried first within OPTIMAL, whose 48 MB keep numbered tiles' pattern
 * databases to groups of 5 tiles, built in seconds where 6 would take
 * half a minute; when that runs out, any plan within ANY, not proven
 * shortest.  The tables are built once, as the engine loads (within
 * PREPARE seconds: a plan's own limit would cut the build short every
 * time), and kept in the engine's memory for every plan.
 * P.engine (render_play.c) holds the module (base64), INIT's and GOAL's
 * text and the format they were read in, or is null with P.noengine
 * saying why.
 */
var PageEngine = (function () {
  var OPTIMAL = {seconds: 3, bytes: 48 << 20}, ANY = {seconds: 5, bytes: 128 << 20}, PREPARE = 60;
  /* The engine's side: answers messages {setup} and {anchors, ...} with
   * post({ready} | {error}) and post({moves, optimal} | {error}). */
  function engineCore(post) {
    var ex = null, pe = 0;
    function bytes() { return new Uint8Array(ex.memory.buffer); }
    function put(b) { var p = ex.page_alloc(b.length); bytes().set(b, p); return p; }
    function str(p) {
      var b = bytes(), e = p;
      while (b[e]) e++;
      return new TextDecoder().decode(b.subarray(p, e));
    }
    var imports = {
      wasi_snapshot_preview1: {
        clock_time_get: function (id, precision, at) {
          var ns = BigInt(Math.round(performance.now() * 1e6));
          new DataView(ex.memory.buffer).setBigUint64(at, ns, true);
          return 0;
        }
      },
      env: { emscripten_notify_memory_growth: function () {} }
    };
    function setup(m) {
      return WebAssembly.instantiate(m.wasm, imports).then(function (r) {
        ex = r.instance.exports;
        ex._initialize();
        var enc = new TextEncoder(), init = enc.encode(m.init), goal = enc.encode(m.goal);
        var pi = put(init), pg = put(goal);
        pe = ex.page_open(pi, init.length, pg, goal.length, m.format, m.metric);
        ex.page_release(pi); ex.page_release(pg);
        if (!pe) return {error: 'The engine ran out of memory reading the puzzle.'};
        var why = str(ex.page_message(pe));
        if (why) return {error: 'The engine cannot read the puzzle: ' + why};
        if (ex.page_nblocks(pe) !== m.nblocks) return {error: 'The engine reads another puzzle than the page.'};
        var t0 = performance.now();
        ex.page_prepare(pe, m.prepare, m.bytes);
        return {ready: true, ms: Math.round(performance.now() - t0)};
      });
    }
    function plan(m) {
      var a = new Int32Array(m.anchors.length * 2);
      m.anchors.forEach(function (x, i) { a[2 * i] = x[0]; a[2 * i + 1] = x[1]; });
      var p = put(new Uint8Array(a.buffer));
      var t0 = performance.now();
      var got = ex.page_plan(pe, p, m.optimal.seconds, m.optimal.bytes, m.any.seconds, m.any.bytes);
      ex.page_release(p);
      var ms = Math.round(performance.now() - t0);
      if (got > 1) {
        var why = str(ex.page_message(pe));
        return {error: got === 2 ? 'The goal cannot be reached from here.' :
                got === 3 ? 'The engine found no way to the goal within a few seconds (' + why + ').' :
                'The engine cannot plan from here: ' + why, unreachable: got === 2, ms: ms};
      }
      var n = ex.page_nmoves(pe), at = ex.page_moves(pe) >> 2, v = new Int32Array(ex.memory.buffer);
      var moves = [];
      for (var i = 0; i < n; i++) moves.push([v[at + 4 * i], v[at + 4 * i + 1], v[at + 4 * i + 2], v[at + 4 * i + 3]]);
      return {moves: moves, optimal: got === 0, ms: ms};
    }
    return function (m) {
      if (m.wasm) setup(m).then(post, function (e) { post({error: 'The engine did not load: ' + e}); });
      else {
        var r;
        try { r = plan(m); } catch (e) { r = {error: 'The engine failed: ' + e}; }
        post(r);
      }
    };
  }
  var E = P.engine, self = {ready: !!E, why: E ? '' : P.noengine || 'This page has no engine.',
                            budgets: {optimal: OPTIMAL, any: ANY}};
  if (!E) { self.plan = function () { return Promise.resolve({error: self.why}); }; return self; }
  var waiting = [], send;
  function deliver(r) { var w = waiting.shift(); if (w) w(r); }
  function ask(m) { return new Promise(function (ok) { waiting.push(ok); send(m); }); }
  try {
    var src = '"use strict";var handle = (' + engineCore.toString() + ')(function (r) { postMessage(r); });' +
              'onmessage = function (e) { handle(e.data); };';
    var w = new Worker(URL.createObjectURL(new Blob([src], {type: 'text/javascript'})));
    w.onmessage = function (e) { deliver(e.data); };
    w.onerror = function (e) { e.preventDefault(); deliver({error: 'The engine stopped: ' + e.message}); };
    send = function (m) { w.postMessage(m); };
    self.worker = true;
  } catch (e) {
    var here = engineCore(deliver);
    send = function (m) { setTimeout(function () { here(m); }, 30); };
    self.worker = false;
  }
  var raw = atob(E.wasm), wasm = new Uint8Array(raw.length);
  for (var i = 0; i < raw.length; i++) wasm[i] = raw.charCodeAt(i);
  var loaded = ask({wasm: wasm, init: E.init, goal: E.goal, format: E.format,
                    metric: ['unit', 'line', 'piece'].indexOf(P.metric), nblocks: P.blocks.length,
                    prepare: PREPARE, bytes: OPTIMAL.bytes});
  loaded.then(function (l) { self.prepareMs = l.ms; });
  var chain = loaded;
  self.plan = function (anchors) {
    chain = chain.then(function () { return loaded; }).then(function (l) {
      if (l.error) return l;
      return ask({anchors: anchors, optimal: self.budgets.optimal, any: self.budgets.any});
    });
    return chain;
  };
  return self;
})();
