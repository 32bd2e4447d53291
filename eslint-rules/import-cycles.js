// No import cycles in src/, sync/, sw/ and server/ (docs/architecture.md "Layers and dependency
// rules"): a cycle makes module order decide what is initialised, hides a layer pointing the wrong
// way, and keeps chunks from splitting. The rule builds the import graph of those folders once per
// lint run and reports each import that closes a cycle, with the cycle. Type-only imports count
// too: they vanish from the build, but a cycle of types still ties two modules' designs together
// and is one edit away from a runtime cycle (shared types go down a layer instead).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The folders whose modules form the graph. */
export const GRAPH_DIRS = ['src', 'sync', 'sw', 'server'];

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Relative module specifiers of one file, with whether each is a type-only import (erased at build). */
export function importsOf(fileName, text) {
  const sf = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: Boolean(node.importClause?.isTypeOnly) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ spec: arg.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found.filter((i) => i.spec.startsWith('.'));
}

function listFiles(dir, out) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') listFiles(p, out);
    } else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/**
 * The import graph: repository-relative path -> the repository-relative paths it imports.
 * Type-only imports (`import type`, `export type ... from`) count unless `withTypes` is false (the
 * runtime graph: what the build keeps).
 */
export function importGraph(base = root, dirs = GRAPH_DIRS, { withTypes = true } = {}) {
  const files = dirs.flatMap((d) => listFiles(path.join(base, d), []));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const { spec, typeOnly } of importsOf(file, fs.readFileSync(file, 'utf8'))) {
      if (typeOnly && !withTypes) continue;
      const abs = path.resolve(path.dirname(file), spec);
      const hit = CANDIDATES.map((c) => abs + c).find((c) => known.has(c));
      if (hit) targets.add(rel(base, hit));
    }
    graph.set(rel(base, file), [...targets].sort());
  }
  return graph;
}

const rel = (base, p) => path.relative(base, p).split(path.sep).join('/');

/** Strongly connected components with more than one module (or a module importing itself). */
export function cyclicGroups(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const strong = (v) => {
    // iterative Tarjan: the graph is deep enough to overflow a recursive one on some machines
    const work = [[v, 0]];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const w = next[i];
        if (!graph.has(w)) continue;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const group = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          group.push(w);
        } while (w !== node);
        if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
      }
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest way back from `to` to `from` inside `group`: the cycle `from -> to -> ... -> from`. */
export function cycleThrough(graph, group, from, to) {
  const inGroup = new Set(group);
  const prev = new Map([[to, null]]);
  const queue = [to];
  while (queue.length) {
    const v = queue.shift();
    if (v === from) break;
    for (const w of graph.get(v) ?? []) {
      if (inGroup.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  if (!prev.has(from)) return null;
  const back = [];
  for (let v = from; v !== null; v = prev.get(v)) back.unshift(v);
  return [from, ...back];
}

/** Every cycle's edges grouped: one line per import that closes a cycle. */
export function describeCycles(graph) {
  const lines = [];
  for (const group of cyclicGroups(graph)) {
    for (const from of group) {
      for (const to of graph.get(from) ?? []) {
        if (!group.includes(to)) continue;
        const cycle = cycleThrough(graph, group, from, to);
        if (cycle) lines.push({ from, to, cycle });
      }
    }
  }
  return lines;
}

let cached = null;
/** One graph per lint process (eslint lints every file against the same tree). */
function graphOnce() {
  if (!cached) {
    const graph = importGraph();
    const byEdge = new Map();
    for (const { from, to, cycle } of describeCycles(graph)) byEdge.set(`${from} ${to}`, cycle);
    cached = byEdge;
  }
  return cached;
}

const WHY =
  'An import cycle makes module order decide what is initialised and means a layer points the wrong way: move what both sides need below both (src/features, src/device, src/domain).';

/** @type {import('eslint').Rule.RuleModule} */
export const importCyclesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = rel(root, context.filename);
    if (!GRAPH_DIRS.some((d) => file.startsWith(`${d}/`))) return {};
    const cycles = graphOnce();
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const abs = path.resolve(path.dirname(context.filename), source);
      for (const c of CANDIDATES) {
        const cycle = cycles.get(`${file} ${rel(root, abs + c)}`);
        if (cycle) {
          context.report({
            node,
            message: `Import cycle: ${cycle.join(' -> ')}. ${WHY} See docs/architecture.md "Layers and dependency rules".`,
          });
          return;
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

// `node eslint-rules/import-cycles.js [--runtime]`: print every cycle group (what lint reports, at
// once); --runtime leaves type-only imports out (what the build keeps).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const withTypes = !process.argv.includes('--runtime');
  const graph = importGraph(process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? root, GRAPH_DIRS, {
    withTypes,
  });
  const groups = cyclicGroups(graph);
  const edges = describeCycles(graph);
  for (const g of groups) console.log(`cycle group (${g.length} modules): ${g.join(', ')}`);
  for (const e of edges) console.log(`  ${e.cycle.join(' -> ')}`);
  console.log(
    `${graph.size} modules, ${groups.length} cycle groups, ${edges.length} imports closing a cycle${withTypes ? ' (type-only imports included)' : ''}`,
  );
  process.exitCode = groups.length ? 1 : 0;
}
