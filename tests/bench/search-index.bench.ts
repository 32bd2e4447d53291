// Offline search index (sync/search) over a demo-style catalog: build time, heap, and the time per
// keystroke of 500 typed queries; fails when any of 200 exact part numbers comes back empty.
//
//   node --expose-gc --import tsx tests/bench/search-index.bench.ts
//   BENCH_PARTS=100000 node --expose-gc --import tsx tests/bench/search-index.bench.ts
//
//   BENCH_CHROMIUM=1 node --import tsx tests/bench/search-index.bench.ts
//
// Without --expose-gc (`npx tsx ...`) the heap figure is skipped. BENCH_CHROMIUM=1 bundles the
// same scenario (esbuild) and runs it in a dedicated Web Worker of headless Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH), without the heap figure. See docs/decisions/search.md
// ("Offline part search (sync/search)").
//
// The catalog mimics server/db/demo/parts.ts without a database: the demo's brands (with their
// part-number patterns), category tree and seeded PRNG, drawn the same way (brand by weight,
// leaf, unique brand+mpn, name = brand + noun + mpn). Unit tests import `demoSearchRows` too.
import { BRANDS } from '../../server/db/demo/brands';
import { CATEGORY_TREE } from '../../server/db/demo/categories';
import { Rng } from '../../server/db/demo/prng';
import { IndexBuilder } from '../../sync/search/built-index';
import { partKey } from '../../sync/search/normalize';
import { DEFAULT_CACHE_SIZE, DELTA_LIMIT, PartIndex } from '../../sync/search/part-index';
import type { SearchProductRow } from '../../sync/search/types';

const LEAVES = new Map(
  CATEGORY_TREE.flatMap((top, ti) =>
    top.leaves.map((leaf, li) => [leaf.slug, { leaf, top, topId: ti + 1, leafId: 100 + ti * 20 + li }] as const),
  ),
);

function fill(rng: Rng, pattern: string): string {
  let s = '';
  for (const c of pattern)
    s += c === '#' ? rng.digits(1) : c === '%' ? String(rng.int(1, 9)) : c === '@' ? rng.letters(1) : c;
  return s;
}

/** Demo-style catalog rows, in chunks of `chunk` (so 200k rows never have to be held at once). */
export function* demoSearchRows(count: number, seed = 20261122, chunk = 1000): Generator<SearchProductRow[]> {
  const rng = new Rng(seed);
  const weights = BRANDS.map((b) => b.weight ?? 1);
  const used = new Set<string>();
  let out: SearchProductRow[] = [];
  for (let i = 0; i < count; i++) {
    const bi = BRANDS.indexOf(rng.weighted(BRANDS, weights));
    const brand = BRANDS[bi]!;
    const slug = rng.pick(Object.keys(brand.lines));
    const { leaf, top, topId, leafId } = LEAVES.get(slug)!;
    let mpn = fill(rng, rng.pick(brand.lines[slug]!));
    for (let attempt = 0; used.has(`${brand.code}|${mpn}`); attempt++) {
      mpn =
        attempt < 20
          ? fill(rng, rng.pick(brand.lines[slug]!))
          : `${fill(rng, rng.pick(brand.lines[slug]!))}-${rng.digits(3)}`;
    }
    used.add(`${brand.code}|${mpn}`);
    const seriesIdx = rng.chance(0.75) ? rng.int(0, brand.series.length - 1) : -1;
    out.push({
      product_id: i + 1,
      mpn,
      name: `${brand.name} ${rng.pick(leaf.nouns)} ${mpn}`,
      aaia: brand.code,
      manufacturer_id: bi + 1,
      manufacturer: brand.name,
      series_id: seriesIdx >= 0 ? (bi + 1) * 10 + seriesIdx : null,
      series: seriesIdx >= 0 ? brand.series[seriesIdx]! : null,
      categories: [
        { category_id: leafId, name: leaf.name },
        { category_id: topId, name: top.name },
      ],
      upc: rng.chance(0.75) ? String(700000 + bi * 1373).slice(0, 6) + rng.digits(6) : null,
    });
    if (out.length === chunk) {
      yield out;
      out = [];
    }
  }
  if (out.length) yield out;
}

/** Brand + product words a counter clerk or shopper types. */
const WORD_QUERIES = [
  'k&n air filter',
  'kn cold air intake',
  'bilstein 5100',
  'bilstein shock',
  'moog ball joint',
  'moog problem solver',
  'bosch spark plug',
  'ngk laser iridium',
  'denso iridium',
  'acdelco oil filter',
  'motorcraft fl-',
  'wagner brake pads',
  'brembo rotor',
  'monroe strut',
  'gates serpentine belt',
  'fel-pro head gasket',
  'edelbrock performer',
  'borla cat-back',
  'flowmaster super 44',
  'magnaflow muffler',
  'weathertech floorliner',
  'husky liners',
  'rough country leveling kit',
  'bestop soft top',
  'westin running boards',
  'mopar oil filter',
  'timken hub',
  'dorman control arm',
  'walker muffler',
  'cardone caliper',
  'hella fog light',
  'optima redtop',
  'lund tonneau',
  'centric rotor',
  'power stop z36',
  'fox 2.0',
  'curt hitch',
  'bak flip',
  'tekonsha brake controller',
  'brake pads',
  'oxygen sensor',
  'ignition coil',
  'water pump',
  'led light bar',
  'wheel bearing',
  'tie rod end',
  'lift kit',
  'cargo liner',
  'mud flaps',
  'spark plug iridium',
];

function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Heap used after a full gc, in Node with --expose-gc; null elsewhere (a browser worker). */
function heap(): number | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || typeof process === 'undefined') return null;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The whole scenario; runs in Node or in a Web Worker. Returns true when a check failed. */
export function runScenario(parts: number, log: (line: string) => void): boolean {
  const console = { log };
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;

  // Generate first (kept as chunks) so generation is not timed as build; sampled part numbers
  // come out of the same rows.
  const empty0 = heap();
  const chunks = [...demoSearchRows(parts)];
  const sample = new Rng(7);
  const exact: SearchProductRow[] = [];
  const typedMpns: string[] = [];
  for (let i = 0; i < 200; i++) exact.push(sample.pick(sample.pick(chunks)));
  for (let i = 0; i < 250; i++) typedMpns.push(sample.pick(sample.pick(chunks)).mpn);

  const t0 = performance.now();
  const builder = new IndexBuilder(undefined, parts);
  for (const c of chunks) builder.add(c);
  const index = PartIndex.from(builder, { cacheSize: 0 });
  const buildMs = performance.now() - t0;
  chunks.length = 0; // the rows are Dexie's, not the index's: drop them before weighing the heap
  const after = heap();
  const stats = index.stats();
  console.log(`parts: ${parts}, word keys: ${stats.wordKeys}, part-number keys: ${stats.partKeys}`);
  console.log(`build: ${buildMs.toFixed(0)} ms`);
  // Heap now minus heap before the rows existed: the index plus 450 sampled rows and strings.
  console.log(
    `typed arrays: ${mb(stats.typedBytes)}; heap used by the index after gc: ${empty0 !== null && after !== null ? mb(after - empty0) : 'n/a (run with --expose-gc)'}`,
  );

  // 200 exact part numbers, as written: none may come back empty, the top hit must be that part
  // number (another brand may share it: then the product must be among the exact hits).
  let empty = 0;
  let notFirst = 0;
  for (const row of exact) {
    const r = index.query(row.mpn, { limit: 50 });
    if (r.parts.length === 0) empty++;
    const exactHits = r.parts.filter((p) => p.match === 'part-number');
    if (partKey(r.parts[0]?.mpn ?? '') !== partKey(row.mpn) || !exactHits.some((p) => p.product_id === row.product_id))
      notFirst++;
  }

  // 500 typed queries, one query per keystroke (no debounce: the worst case), shuffled so part
  // numbers and words interleave. First without the answer cache, then with the worker's
  // default one (same index; only the cache differs).
  const typed = [
    ...typedMpns.map((m, i) => (i % 3 === 2 ? partKey(m) : m)),
    ...Array.from({ length: 250 }, (_, i) => WORD_QUERIES[i % WORD_QUERIES.length]!),
  ];
  const queries = [...typed];
  for (let i = queries.length - 1; i > 0; i--) {
    const j = sample.int(0, i);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  for (const q of queries.slice(0, 20)) index.query(q); // warm the JIT
  const typeAll = (ix: PartIndex) => {
    const times: number[] = [];
    let emptyTyped = 0;
    for (const q of queries) {
      for (let n = 1; n <= q.length; n++) {
        const t = performance.now();
        const r = ix.query(q.slice(0, n), { limit: 8 });
        times.push(performance.now() - t);
        if (n === q.length && r.parts.length === 0) emptyTyped++;
      }
    }
    times.sort((a, b) => a - b);
    return { times, emptyTyped };
  };
  const report = (label: string, { times, emptyTyped }: { times: number[]; emptyTyped: number }) => {
    console.log(
      `${label}: ${times.length} keystrokes over ${queries.length} queries (full queries with no parts: ${emptyTyped}); p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, max ${times[times.length - 1]!.toFixed(2)} ms`,
    );
  };
  report('per keystroke, no cache', typeAll(index));
  index.setCacheSize(DEFAULT_CACHE_SIZE);
  report(`per keystroke, answer cache of ${DEFAULT_CACHE_SIZE} on`, typeAll(index));
  index.setCacheSize(0);

  // Sync-pull updates: DELTA_LIMIT upserts (half new, half changed), the typing again with that
  // delta (the most a worker that settles after each sync cycle carries), then the compaction.
  const tu = performance.now();
  let n = 0;
  for (const c of demoSearchRows(DELTA_LIMIT, 99)) {
    for (const row of c) index.upsert({ ...row, product_id: n++ % 2 === 0 ? row.product_id : parts + row.product_id });
  }
  const upsertMs = performance.now() - tu;
  const deltaTimes: number[] = [];
  for (const q of queries.slice(0, 100)) {
    for (let k = 1; k <= q.length; k++) {
      const t = performance.now();
      index.query(q.slice(0, k), { limit: 8 });
      deltaTimes.push(performance.now() - t);
    }
  }
  deltaTimes.sort((a, b) => a - b);
  const tc = performance.now();
  index.compact();

  console.log(
    `${DELTA_LIMIT} upserts: ${upsertMs.toFixed(0)} ms; per keystroke with that delta: p95 ${pct(deltaTimes, 95).toFixed(2)} ms; compaction: ${(performance.now() - tc).toFixed(0)} ms`,
  );

  console.log(`exact part numbers not ranked first: ${notFirst} of ${exact.length}`);
  console.log(`empty results for ${exact.length} exact part numbers: ${empty}`);
  return empty > 0 || notFirst > 0;
}

async function runInChromium(parts: number): Promise<boolean> {
  const esbuild = await import('esbuild');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM, CHROMIUM_FLAGS } = await import('../e2e/support/browser');
  const bundle = await esbuild.build({
    stdin: {
      contents: [
        "import { runScenario } from './search-index.bench';",
        `try { postMessage({ failed: runScenario(${parts}, (line) => postMessage({ line })) }); }`,
        'catch (e) { postMessage({ line: String(e && e.stack || e) }); postMessage({ failed: true }); }',
      ].join('\n'),
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: ['esbuild', 'playwright-core', 'node:*', '../e2e/support/browser'],
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  try {
    const page = await browser.newPage();
    // A real (routed) http origin: blob: workers of about:blank are refused.
    await page.route('http://bench.local/**', (route) =>
      route.fulfill(
        route.request().url().endsWith('.js')
          ? { body: code, contentType: 'text/javascript' }
          : { body: '<!doctype html><title>bench</title>', contentType: 'text/html' },
      ),
    );
    await page.goto('http://bench.local/');
    await page.exposeFunction('relay', (line: string) => console.log(`[chromium worker] ${line}`));
    return await page.evaluate(
      () =>
        new Promise<boolean>((resolve, reject) => {
          const w = new Worker('/search-bench.js', { type: 'module' });
          const relay = (globalThis as unknown as { relay: (l: string) => Promise<void> }).relay;
          w.onmessage = (e: MessageEvent<{ line?: string; failed?: boolean }>) => {
            if (e.data.line !== undefined) void relay(e.data.line);
            if (e.data.failed !== undefined) resolve(e.data.failed);
          };
          w.onerror = (e) => reject(new Error(e.message));
        }),
    );
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const parts = Number(process.env.BENCH_PARTS ?? 200_000);
  const failed = process.env.BENCH_CHROMIUM
    ? await runInChromium(parts)
    : runScenario(parts, (line) => console.log(line));
  if (failed) process.exitCode = 1;
}

// Run only as a script (the unit tests and the Chromium bundle import this file).
if (
  typeof process !== 'undefined' &&
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/^\.?\/?/, ''))
)
  void main();
