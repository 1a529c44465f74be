// page_names.js - the names a page's one function declares at its top
// level (the shared drawing's, then the page's own scripts', joined by
// cli/render_html.c) are declared once each:
//
//     node page_names.js PAGE.js
//
// The files share one scope, so a `var` in one of the same name as a
// function in another silently replaces it (JavaScript allows both, even
// in strict mode); node --check cannot see it.  Reads the declarations
// that start a line (`function NAME`, `var A = ..., B = ...`, commas
// inside brackets and strings aside), as the files write them.
// Prints one line; exits 1 naming each name declared twice.
'use strict';
const fs = require('fs');

const source = fs.readFileSync(process.argv[2], 'utf8');
const seen = new Map();
let twice = 0;
// The names a top-level `var` line declares: its top-level comma parts.
function varNames(rest) {
  const parts = [];
  let depth = 0, part = '', quote = null;
  for (const ch of rest) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if ('([{'.includes(ch)) {
      depth++;
    } else if (')]}'.includes(ch)) {
      depth--;
    } else if (ch === ',' && depth === 0) {
      parts.push(part);
      part = '';
      continue;
    }
    part += ch;
  }
  parts.push(part);
  return parts.map((p) => (/^\s*([\w$]+)/.exec(p) || [])[1]).filter(Boolean);
}
source.split('\n').forEach((line, n) => {
  const fn = /^function\s+([\w$]+)/.exec(line), vr = /^var\s+(.*)$/.exec(line);
  const names = fn ? [fn[1]] : vr ? varNames(vr[1]) : [];
  for (const name of names) {
    if (seen.has(name)) {
      console.log(`FAIL ${process.argv[2]}: ${name} is declared on lines ${seen.get(name)} and ${n + 1}`);
      twice++;
    } else {
      seen.set(name, n + 1);
    }
  }
});
if (seen.size < 10) {
  console.log(`FAIL ${process.argv[2]}: only ${seen.size} top-level names found`);
  process.exit(1);
}
console.log(`page_names: ${seen.size} top-level names, ${twice} declared twice`);
process.exit(twice ? 1 : 0);
