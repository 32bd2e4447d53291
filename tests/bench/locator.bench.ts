// Dealer locator search over 10,000 stores (docs/figures.md "Dealer locator"; goal p95 < 50 ms):
// a fresh PGlite database (migrations only, no demo data) gets BENCH_STORES active stores
// (default 10,000) spread over the continental US by a seeded generator, then the locator's calls
// run in-process through app.inject (the server's own time): the locator page's ZIP search at
// 25, 100 and 250 miles, the modal (3 stores, 250 miles), the map (50 miles), a text search, and
// getLocations (100 miles, limit 20). PostgreSQL too when TEST_DATABASE_URL is set.
// Run: npm run bench locator
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { openDatabase, type Engine } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createDatabase, dropDatabase } from '../support/postgres';

const STORES = Number(process.env.BENCH_STORES ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const GOAL_MS = 50;
const progress = (line: string) => process.stderr.write(`[locator bench] ${line}\n`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Seeded PRNG (mulberry32): the same stores every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ZIPs of big towns: the searches (the offline table answers each). */
const ZIPS = [
  '78745',
  '80219',
  '85018',
  '10001',
  '60601',
  '94103',
  '98101',
  '30303',
  '33101',
  '02108',
  '55401',
  '75201',
];

async function run(engine: Engine, dataDir: string, databaseUrl?: string) {
  const open = await openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(open.db);
  const rand = prng(28);
  const types = ['store', 'service_center', 'warehouse'];
  const rows = Array.from({ length: STORES }, (_, i) => {
    // Anywhere in a box over the lower 48 (some fall in the sea or over the border: the searches skip them).
    const lat = 25 + rand() * 24;
    const lng = -124 + rand() * 57;
    return {
      name: `Bench Store ${i + 1}`,
      address_1: `${100 + i} Main St`,
      city: `Town ${i % 500}`,
      zone_code: 'TX',
      postcode: String(10000 + (i % 89999)).padStart(5, '0'),
      telephone: '5125550100',
      email: `store${i}@bench.example`,
      website: 'https://bench.example',
      lat: lat.toFixed(6),
      lng: lng.toFixed(6),
      hours: JSON.stringify({ mon: { open: '08:00', close: '17:00' } }),
      location_type: types[i % 3]!,
      is_default: i === 0,
    };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await open.db
      .insertInto('locations')
      .values(rows.slice(i, i + 1000))
      .execute();
  const app = await buildApp({
    db: open.db,
    engine,
    staticDir: path.join(dataDir, 'no-static'),
    sessionTtlMs: 3_600_000,
    secureCookies: false,
    logLevel: 'warn',
  });
  const scenarios: [string, (i: number) => string][] = [
    [
      'page, ZIP, 25 mi',
      (i) => `/index.php?route=module/dealer_locator/list&format=json&search=${ZIPS[i % ZIPS.length]}`,
    ],
    [
      'page, ZIP, 100 mi',
      (i) => `/index.php?route=module/dealer_locator/list&format=json&distance=100&search=${ZIPS[i % ZIPS.length]}`,
    ],
    [
      'page, ZIP, 250 mi',
      (i) => `/index.php?route=module/dealer_locator/list&format=json&distance=250&search=${ZIPS[i % ZIPS.length]}`,
    ],
    [
      'page, ZIP, 250 mi, filter',
      (i) =>
        `/index.php?route=module/dealer_locator/list&format=json&distance=250&filter=store&search=${ZIPS[i % ZIPS.length]}`,
    ],
    [
      'modal, ZIP (3 within 250 mi)',
      (i) => `/index.php?route=module/dealer_locator/modal&format=json&search=${ZIPS[i % ZIPS.length]}`,
    ],
    [
      'map, ZIP (50 mi)',
      (i) => `/index.php?route=module/dealer_locator/map&format=json&search=${ZIPS[i % ZIPS.length]}`,
    ],
    ['page, text search', (i) => `/index.php?route=module/dealer_locator/list&format=json&search=Town%20${i % 500}`],
    [
      'getLocations (100 mi, 20)',
      (i) => `/api/location/getLocations?user_lat=${30 + (i % 15)}&user_lng=${-120 + (i % 40)}`,
    ],
  ];
  const results: { name: string; p50: number; p95: number; found: number }[] = [];
  try {
    for (const [name, url] of scenarios) {
      for (let i = 0; i < 20; i++) await app.inject({ url: url(i) }); // warm-up (and the ZIP table's first load)
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const r = await app.inject({ url: url(i) });
        times.push(performance.now() - t0);
        if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body}`);
        const body = r.json<{ data?: { locations: unknown[] }; locations?: unknown[] }>();
        found += (body.data?.locations ?? body.locations ?? []).length;
      }
      times.sort((a, b) => a - b);
      results.push({ name, p50: pct(times, 50), p95: pct(times, 95), found: found / CALLS });
      progress(`${engine} ${name} done`);
    }
  } finally {
    await app.close();
    await open.close();
  }
  console.log(`\n${engine}: ${STORES.toLocaleString('en-US')} stores, ${CALLS} sequential calls each (app.inject)`);
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(30)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.found.toFixed(1)} stores/reply`,
    );
  const worst = Math.max(...results.map((r) => r.p95));
  console.log(`  worst p95 ${worst.toFixed(1)} ms (goal < ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'NOT met'}`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-locator-bench-'));
try {
  await run('pglite', dir);
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const url = await createDatabase(base, `locator_bench_${process.pid}`);
    try {
      await run('postgres', fs.mkdtempSync(path.join(os.tmpdir(), 'pd-locator-bench-pg-')), url);
    } finally {
      await dropDatabase(base, `locator_bench_${process.pid}`);
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
