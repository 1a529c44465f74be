// page_data.js - what the node tests of the play page share
// (page_rules.js, page_engine.js): a failure line and exit, and the page's
// data (var P) read from a `slide --play` page that must carry a script
// file as it is, so that what the test runs is what the browser runs.
'use strict';
const fs = require('fs');
const vm = require('vm');

// Prints "FAIL PAGE: msg" and exits 1.
function fail(pagePath, msg) {
  console.log(`FAIL ${pagePath}: ${msg}`);
  process.exit(1);
}

// The page's P, after checking that it carries scriptPath's text as it is.
// Returns {P, script}: the data and the script's text.
function pageData(pagePath, scriptPath) {
  const script = fs.readFileSync(scriptPath, 'utf8');
  const page = fs.readFileSync(pagePath, 'utf8');
  if (!page.includes(script)) fail(pagePath, `the page does not carry ${scriptPath} as it is`);
  const data = /<script>\nvar P = (\{[\s\S]*?\n\});\n<\/script>/.exec(page);
  if (!data) fail(pagePath, 'no "var P = {...};" script in the page');
  return { P: vm.runInNewContext(`(${data[1]})`), script };
}

module.exports = { fail, pageData };
