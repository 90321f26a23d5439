#!/usr/bin/env node
// Runs searches with TaskPaper 3's own model code (birch-outline, MIT), loaded
// from the checkout given as the first argument; nothing of it is copied here.
//
//   node run.js BIRCH_OUTLINE_DIR < cases.json > answers.json
//   node run.js BIRCH_OUTLINE_DIR --check      (exits 0 when birch-outline loads)
//   node run.js BIRCH_OUTLINE_DIR --focus < focus-cases.json > views.json
//
// Input: [{"text": DOCUMENT, "queries": [QUERY, ...]}, ...]. The document is
// read with TaskPaper's serialization, as the app opens a file. Output, per
// document, per query: {"items": [LINE, ...]} (0-based line numbers of the
// matching items, in the order birch returns them) or, for a query its parser
// refuses, {"error": UTF8_OFFSET} (pegjs' location.start.offset, in UTF-8); when
// birch's evaluation throws, {"throws": MESSAGE}.
//
// --focus: TaskPaper's filtered view. Input: [{"text": DOCUMENT, "views":
// [{"query": QUERY or null, "line": LINE or null}, ...]}, ...]. The query runs
// with the item at LINE as its context (birch's evaluateItemPath(path, item)),
// and only what lies in that item's subtree counts. Output, per view:
// {"matches": N, "visible": [LINE, ...]}: the items found, their ancestors, the
// focused item and its ancestors (with no query, its whole subtree), read off
// birch's own tree (item.parent); every line when a query finds nothing.
//
// Needs CoffeeScript 2 and underscore (Debian: coffeescript, node-underscore,
// node-moment); the other packages birch requires are stood in for by ./shims.
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');

const birch = process.argv[2];
if (!birch || !fs.existsSync(path.join(birch, 'src', 'outline.coffee'))) {
  console.error('usage: node run.js BIRCH_OUTLINE_DIR < cases.json');
  process.exit(2);
}

// Debian installs node modules in /usr/share/nodejs; the shims stand in for what Debian lacks.
const shims = path.join(__dirname, 'shims');
const shimmed = new Set(['event-kit', 'string-hash', 'underscore-plus', 'ctph.js', 'htmlparser2', 'domelementtype',
  'domutils']);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (shimmed.has(request)) return path.join(shims, request + '.js');
  try {
    return resolve.call(this, request, ...rest);
  } catch (error) {
    return resolve.call(this, path.join('/usr/share/nodejs', request), ...rest);
  }
};
require(fs.existsSync('/usr/share/nodejs/coffeescript') ? '/usr/share/nodejs/coffeescript/register'
  : 'coffeescript/register');

const Outline = require(path.join(birch, 'src', 'outline'));
const ItemPath = require(path.join(birch, 'src', 'item-path'));
// `node run.js BIRCH_OUTLINE_DIR --check`: birch-outline and what it requires load; nothing more.
if (process.argv[3] === '--check') process.exit(0);

function answers(text, queries) {
  const outline = Outline.createTaskPaperOutline(text);
  const lineOf = new Map();
  outline.root.descendants.forEach((item, line) => lineOf.set(item, line));
  return queries.map((query) => answer(outline, lineOf, query));
}

function answer(outline, lineOf, query) {
  const parsed = ItemPath.parse(query, undefined, { project: true, task: true, note: true });
  if (parsed.error) {
    const offset = parsed.error.location ? parsed.error.location.start.offset : 0;
    return { error: Buffer.byteLength(query.slice(0, offset), 'utf8') };
  }
  try {
    const items = outline.evaluateItemPath(query);
    // The root (which `ancestor-or-self::*` can reach) is no line: left out, as TaskPaper shows no row for it.
    return { items: items.filter((item) => lineOf.has(item)).map((item) => lineOf.get(item)) };
  } catch (error) {
    // birch's evaluation itself throws (`endswith` on an item without the attribute): no answer to compare.
    return { throws: String(error) };
  }
}

function views(text, wanted) {
  const outline = Outline.createTaskPaperOutline(text);
  const lines = outline.root.descendants;
  const lineOf = new Map();
  lines.forEach((item, line) => lineOf.set(item, line));
  return wanted.map(({ query, line }) => {
    const focused = line === null || line === undefined ? null : lines[line];
    const inScope = (item) => lineOf.has(item) && (!focused || item === focused || focused.contains(item));
    const visible = new Set();
    const show = (item) => {
      for (let k = item; k && lineOf.has(k); k = k.parent) visible.add(lineOf.get(k));
    };
    let found;
    if (query === null || query === undefined) {
      found = [focused].concat(focused.descendants);
      found.forEach(show);
    } else {
      try {
        found = outline.evaluateItemPath(query, focused || undefined).filter(inScope);
      } catch (error) {
        return { throws: String(error) };
      }
      if (found.length === 0) return { matches: 0, visible: lines.map((_, i) => i) };
      if (focused) show(focused);
      found.forEach(show);
    }
    return { matches: found.length, visible: [...visible].sort((a, b) => a - b) };
  });
}

const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
const focus = process.argv[3] === '--focus';
const out = cases.map((c) => (focus ? views(c.text, c.views) : answers(c.text, c.queries)));
process.stdout.write(JSON.stringify(out));
