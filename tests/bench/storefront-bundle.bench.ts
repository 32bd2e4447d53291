// Storefront JavaScript budget: what a phone downloads for its first page, the catalog,
// and what each lazily loaded area adds, in KB of gzip (level 9, as the build's .gz siblings
// that the server sends). Goal: first load < 150 KB, no POS code in it, each lazy area < 50 KB.
//
//   npx vite build && npm run bench storefront-bundle        (BUNDLE_DIR=... to read another build)
//
// First load = index.html's entry script and every chunk it imports statically (the
// modulepreload list). A lazy area = a dynamically imported chunk plus the static imports it
// brings that the first load does not already have (nor, for a chunk that only another lazy
// chunk imports, that chunk and its static imports: the product page's contact form is measured
// on top of the product page). POS code is found through the source maps.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = process.env.BUNDLE_DIR ?? path.join(root, 'dist');
const FIRST_LOAD_GOAL_KB = 150;
const LAZY_GOAL_KB = 50;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run npx vite build first`);
  process.exit(1);
}

const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
const gzipCache = new Map<string, number>();
const gz = (file: string) => {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Chunk paths relative to dist ("assets/x.js") from a chunk's import specifiers ("./x.js"). */
function imports(file: string): { statics: string[]; dynamics: string[] } {
  const code = read(file);
  const dir = path.posix.dirname(file);
  const resolve = (spec: string) => path.posix.normalize(path.posix.join(dir, spec));
  const statics = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (m) => resolve(m[1]!),
  );
  const dynamics = [...code.matchAll(/import\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g)].map((m) => resolve(m[1]!));
  return { statics, dynamics };
}

function closure(start: string, stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f) || stop.has(f)) continue;
    seen.add(f);
    todo.push(...imports(f).statics);
  }
  return seen;
}

const html = read('index.html');
const entry = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no module entry script in index.html');
const firstLoad = closure(entry);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);
const firstJs = [...firstLoad].reduce((n, f) => n + gz(f), 0);
const firstCss = css.reduce((n, f) => n + gz(f), 0);

/**
 * Sources of a chunk that only POS mode runs (from its source map), to prove the storefront does
 * not carry them: src/pos, and the POS shell's composition in src/app (pos-layout, pos-top-bar,
 * pos-shop-frame, pos-sale, pos-order, pos-customer, pos-cart-ref; not pos-routes, the static
 * route table whose screens load lazily).
 */
function posSources(file: string): string[] {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  const sources = (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
  return sources.filter((s) => /(^|\/)src\/(pos\/|app\/pos-(?!routes\.))/.test(s));
}
const posInFirst = [...firstLoad].flatMap(posSources);

console.log(
  `storefront first-load JS: ${kb(firstJs)} KB gzip (goal < ${FIRST_LOAD_GOAL_KB}) in ${firstLoad.size} files; CSS ${kb(firstCss)} KB gzip`,
);
for (const f of [...firstLoad].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f)).padStart(6)} KB  ${f}`);
console.log(
  `POS source files in the first load: ${posInFirst.length}${posInFirst.length ? ` (${posInFirst.slice(0, 5).join(', ')})` : ''}`,
);

/** Workers a chunk starts (`new Worker(new URL("/assets/x.js", import.meta.url))`): lazy areas of their own. */
function workers(file: string): string[] {
  return [
    ...read(file).matchAll(/new\s+(?:Shared)?Worker\(\s*new URL\(\s*[`"']\/?((?:\.{1,2}\/)?[^`"']+\.js)[`"']/g),
  ].map((m) =>
    m[1]!.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!)) : m[1]!,
  );
}

/** What an area is, from its start chunk's own sources: the src/ folder most of them live in. */
function areaName(file: string): string {
  const map = path.join(dist, `${file}.map`);
  if (!fs.existsSync(map)) return '';
  const sources = (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources
    .map((s) => /(?:^|\/)((?:src|sync|sw)\/[^/]+(?:\/[^/.]+(?=\/))?)/.exec(s)?.[1])
    .filter((s): s is string => Boolean(s));
  const count = new Map<string, number>();
  for (const s of sources) count.set(s, (count.get(s) ?? 0) + 1);
  // Screens over the layers every area shares (contracts, api, domain, ui).
  const shared = (s: string) => /^src\/(contracts|api|domain|ui)\b/.test(s);
  return [...count].sort((a, b) => Number(shared(a[0])) - Number(shared(b[0])) || b[1] - a[1])[0]?.[0] ?? '';
}

const jsFiles = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((n) => n.endsWith('.js'))
  .map((n) => `assets/${n}`);
// Who starts each lazy chunk: a chunk that only already-loaded code can import (the product
// page's contact form, imported by the product page's chunk) adds what that code has not loaded.
const importers = new Map<string, string[]>();
for (const f of jsFiles) {
  for (const d of [...imports(f).dynamics, ...workers(f)]) {
    if (!firstLoad.has(d)) importers.set(d, [...(importers.get(d) ?? []), f]);
  }
}
const lazyStarts = new Set(importers.keys());
/**
 * What is loaded whenever `start` can be requested: the first load, plus the static closure of
 * every chunk that imports it (an importer runs, so its static imports are loaded), intersected
 * over the importers (a chunk two areas import is measured against what both have).
 */
function loadedBefore(start: string): Set<string> {
  const contexts = (importers.get(start) ?? []).map((f) =>
    firstLoad.has(f) ? firstLoad : new Set([...firstLoad, ...closure(f)]),
  );
  if (contexts.length === 0) return firstLoad;
  return new Set([...contexts[0]!].filter((f) => contexts.every((c) => c.has(f))));
}
const areas = [...lazyStarts]
  .map((start) => {
    const files = closure(start, loadedBefore(start));
    const pos = [...files].some((f) => posSources(f).length > 0);
    return { start, files, pos, name: areaName(start), bytes: [...files].reduce((n, f) => n + gz(f), 0) };
  })
  .sort((a, b) => b.bytes - a.bytes);
console.log(
  `lazy areas: ${areas.length} (each chunk with what it adds beyond the first load; goal < ${LAZY_GOAL_KB} KB per storefront area):`,
);
for (const a of areas) {
  const shared = a.files.size > 1 ? `  (+${a.files.size - 1} shared)` : '';
  console.log(
    `  ${kb(a.bytes).padStart(6)} KB  ${path.posix.basename(a.start).padEnd(36)} ${a.name}${a.pos ? '  [POS]' : ''}${shared}`,
  );
}
// Every built script is either in the first load or reached by some lazy area; anything else
// would be a load path this bench does not see (a new kind of import it cannot parse).
const reached = new Set([...firstLoad, ...areas.flatMap((a) => [...a.files])]);
const unseen = jsFiles.filter((f) => !reached.has(f));
if (unseen.length)
  console.log(`scripts no load path reaches (not measured): ${unseen.map((f) => path.posix.basename(f)).join(', ')}`);
const overFirst = firstJs / 1024 >= FIRST_LOAD_GOAL_KB;
// POS areas and the POS/kiosk device cache and workers are not storefront areas.
const storefrontAreas = areas.filter((a) => !a.pos && !/worker|device-db/.test(a.start));
const overLazy = storefrontAreas.filter((a) => a.bytes / 1024 >= LAZY_GOAL_KB);
if (overFirst || posInFirst.length || overLazy.length || unseen.length) {
  console.log(
    `OVER BUDGET: ${[overFirst ? 'first load' : '', posInFirst.length ? 'POS code in first load' : '', unseen.length ? 'unmeasured scripts' : '', ...overLazy.map((a) => path.posix.basename(a.start))].filter(Boolean).join(', ')}`,
  );
} else {
  const top = storefrontAreas[0];
  console.log(
    `within budget: first load ${kb(firstJs)} KB < ${FIRST_LOAD_GOAL_KB}; largest storefront area ${top ? `${kb(top.bytes)} KB (${path.posix.basename(top.start)})` : 'none'} < ${LAZY_GOAL_KB}`,
  );
}
