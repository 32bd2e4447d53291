// `npm run bench live-devices`: how fast a sale saved on one device shows in other tablets' Orders
// lists through the poke (GET /sync/poke, docs/decisions/sync.md "Poke"), and what idle tablets
// cost. Device A is the real sync engine in Node (fake IndexedDB) saving a sale (customer.create
// with a unique last name, order.create, order.save) and syncing at once; the receivers are
// tablets in one headless Chromium, each its own light context (its own IndexedDB, worker and
// session), on /pos/order?status=saved at 1024x768. Latency: from A's first mutate() to the
// customer's name appearing in a tablet's list (checked in the page every 20 ms, its Date.now()).
// p50/p95 over LIVE_CHANGES (default 50) sales, with 2 devices (A + 1 tablet) and 10 (A + 9),
// then the idle cost of 10 tablets over LIVE_IDLE_MS (default 60 s): requests they sent and
// server CPU ms. Both engines (PostgreSQL from TEST_DATABASE_URL, skipped when unreachable).
// Goal: p95 < 1 s on PostgreSQL, < 2 s on PGlite.
import os from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser';
import { submitStaffLogin } from '../e2e/support/pages';
import { load, newDevice, pct, startServer, type BenchServer, type EngineName } from './support/sync-device';

const CHANGES = Number(process.env.LIVE_CHANGES ?? 50);
const IDLE_MS = Number(process.env.LIVE_IDLE_MS ?? 60_000);
const PARTS = process.env.LIVE_PARTS ?? '300';
const GOAL: Record<EngineName, number> = { postgres: 1000, pglite: 2000 };
// The login limit is per user name and minute (server/routes/session.ts): spread the tablets.
const USERS = ['cashier', 'cashier2', 'admin'];
const log = (line: string) => console.log(line);

interface Tablet {
  ctx: BrowserContext;
  page: Page;
  requests: number;
}

async function openTablet(browser: Browser, url: string, n: number): Promise<Tablet> {
  const ctx = await newContext(browser);
  const t: Tablet = { ctx, page: await ctx.newPage(), requests: 0 };
  // Every request of the context, the worker's included.
  ctx.on('request', () => t.requests++);
  const user = USERS[n % USERS.length]!;
  await t.page.goto(`${url}/pos/login`);
  await submitStaffLogin(t.page, user, user);
  await t.page.waitForURL(/\/pos\/order/, { timeout: 60_000 });
  await t.page.getByText('All changes synced').first().waitFor({ timeout: 120_000 });
  await t.page.goto(`${url}/pos/order?status=saved`);
  await t.page.getByRole('heading', { name: 'Orders' }).waitFor({ timeout: 30_000 });
  await t.page.getByText('All changes synced').first().waitFor({ timeout: 60_000 });
  return t;
}

async function measure(
  tablets: Tablet[],
  device: Awaited<ReturnType<typeof newDevice>>,
  first: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = first; i < first + CHANGES; i++) {
    const tag = String(i).padStart(6, '0');
    const customer = crypto.randomUUID();
    const order = crypto.randomUUID();
    const t0 = Date.now();
    for (const [name, args] of [
      [
        'customer.create',
        {
          id: customer,
          firstname: 'Pat',
          lastname: `Live${tag}`,
          email: `live${tag}@example.net`,
          telephone: '(999) 867-5309',
        },
      ],
      ['order.create', { id: order, customer_ref: customer }],
      ['order.save', { order_ref: order }],
    ] as const) {
      const r = await device.engine.mutate(name, args);
      if (!r.ok) throw new Error(`${name} refused: ${r.code}`);
    }
    const cycle = await device.engine.syncNow();
    if (cycle !== 'ok') throw new Error(`device A sync: ${cycle}`);
    for (const t of tablets) {
      const at = await t.page
        // Checked every 20 ms in the page (textContent: no layout), stamped with the page's clock.
        .waitForFunction((k) => (document.body.textContent?.includes(`Live${k}`) ? Date.now() : false), tag, {
          timeout: 30_000,
          polling: 20,
        })
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(async (err: unknown) => {
          const text = await t.page
            .locator('body')
            .innerText()
            .catch(() => '');
          throw new Error(`Live${tag} never showed: ${String(err)}\n${text.slice(0, 1500)}`);
        });
      times.push(at - t0);
    }
  }
  return times.sort((a, b) => a - b);
}

async function run(engine: EngineName, browser: Browser): Promise<void> {
  let server: BenchServer;
  try {
    server = await startServer(engine, PARTS);
  } catch (err) {
    log(`${engine}: skipped (${(err as Error).message.split('\n')[0]})`);
    return;
  }
  const tablets: Tablet[] = [];
  try {
    const device = await newDevice(server.url, 'cashier', 'cashier', `live-a-${engine}`);
    if ((await device.engine.syncNow()) !== 'ok') throw new Error('device A: first sync failed');
    let next = 0;
    for (const devices of [2, 10]) {
      while (tablets.length < devices - 1) tablets.push(await openTablet(browser, server.url, tablets.length));
      const times = await measure(tablets, device, next);
      next += CHANGES;
      const p95 = pct(times, 95);
      log(
        `${engine} ${String(devices).padStart(2)} devices: ${CHANGES} sales x ${tablets.length} tablet(s): ` +
          `p50 ${pct(times, 50)} ms, p95 ${p95} ms, max ${times[times.length - 1]} ms ` +
          `(goal p95 < ${GOAL[engine]} ms: ${p95 < GOAL[engine] ? 'met' : 'MISSED'}); load ${load()}`,
      );
    }
    while (tablets.length < 10) tablets.push(await openTablet(browser, server.url, tablets.length));
    for (const t of tablets) await t.page.getByText('All changes synced').first().waitFor({ timeout: 60_000 });
    const req0 = tablets.reduce((s, t) => s + t.requests, 0);
    const cpu0 = server.cpuMs();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const requests = tablets.reduce((s, t) => s + t.requests, 0) - req0;
    const cpu = server.cpuMs() - cpu0;
    const perMin = 60_000 / IDLE_MS;
    log(
      `${engine} idle: 10 tablets, ${(IDLE_MS / 1000).toFixed(0)} s: ${Math.round(requests * perMin)} requests/min ` +
        `(${((requests * perMin) / 10).toFixed(1)} per tablet), server CPU ${Math.round(cpu * perMin)} ms/min; load ${load()}`,
    );
  } finally {
    for (const t of tablets) await t.ctx.close().catch(() => undefined);
    await server.stop();
  }
}

const browser = await launchBrowser({ networkLink: false });
try {
  log(`live-devices: ${CHANGES} sales per figure, ${PARTS} demo parts, ${os.cpus().length} cores, load ${load()}`);
  for (const engine of ['pglite', 'postgres'] as const) await run(engine, browser);
} finally {
  await browser.close();
}
