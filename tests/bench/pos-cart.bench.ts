// The cart figure: adding a line to a 30-line cart OFFLINE, from the tap on "Add" to the
// updated Order Total on screen (goal under 100 ms). The real built app in headless Chromium,
// signed in as a cashier against a real server (PGlite, BENCH_PARTS demo parts, default 1,000), its
// catalog downloaded; then the browser goes offline and the cart is built through the UI. Timed in
// the page: a click on the search hit's Add button to the first DOM change of the total
// (MutationObserver), so it includes the comlink hop to the sync worker, the mutator, the durable
// outbox write, Dexie's cross-realm change notice, the live query and React's render.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/browser';
import { load, pct, startServer } from './support/sync-device';
import { distDir } from './support/chromium-worker';

const parts = process.env.BENCH_PARTS ?? '1000';
const samples = Number(process.env.BENCH_SAMPLES ?? 20);
if (!fs.existsSync(CHROMIUM) || !fs.existsSync(`${distDir}/index.html`)) {
  console.log(`pos-cart: not measured (needs ${CHROMIUM} and a built client: npx vite build)`);
  process.exit(0);
}

const srv = await startServer('pglite', parts, { STATIC_DIR: distDir, SKIP_BUILD: '1' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await ctx.newPage();
  // Parts a tap adds at once (one that requires options opens its options first).
  const products = (
    (await (await fetch(`${srv.url}/api/products/?limit=100&sort=mpn`)).json()) as {
      products: { mpn: string; requires_options: boolean; is_orderable: boolean }[];
    }
  ).products.filter((p) => !p.requires_options && p.is_orderable);
  await page.goto(`${srv.url}/pos/login?redirect=%2Fpos%2Fcart`);
  await page.getByLabel('Username').fill('cashier');
  await page.getByLabel('Password').fill('cashier');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/pos\/cart/);
  await page.getByText('All changes synced').first().waitFor({ timeout: 120_000 });
  await ctx.setOffline(true);

  const search = page.getByLabel('Add a part');
  const rows = () => page.locator('tbody tr').count();
  // 30 lines first (by part number + Enter, as a scanner would).
  let used = 0;
  while ((await rows()) < 30 && used < products.length) {
    const before = await rows();
    await search.fill(products[used++]!.mpn);
    await search.press('Enter');
    await page
      .waitForFunction((n) => document.querySelectorAll('tbody tr').length > n, before, { timeout: 5_000 })
      .catch(() => undefined);
  }
  if ((await rows()) < 30)
    throw new Error(
      `only ${await rows()} lines after ${used} part numbers: ${(await page.locator('body').innerText()).slice(0, 500)}`,
    );

  const times: number[] = [];
  for (const p of products.slice(used, used + samples)) {
    await search.fill(p.mpn);
    // The plain Add (a part with installation labor also offers 'Add With ...' after it).
    const add = page
      .getByRole('button', { name: new RegExp(`^Add ${p.mpn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) })
      .first();
    await add.waitFor({ timeout: 10_000 });
    const handle = await add.elementHandle();
    const ms = await page.evaluate(
      (button) =>
        new Promise<number>((resolve) => {
          const total = document.querySelector('[data-testid="cart-total"]');
          if (!total || !button) return resolve(NaN);
          const t0 = performance.now();
          const obs = new MutationObserver(() => {
            obs.disconnect();
            resolve(performance.now() - t0);
          });
          obs.observe(total, { subtree: true, characterData: true, childList: true });
          (button as HTMLButtonElement).click();
        }),
      handle,
    );
    times.push(ms);
  }
  const lines = await page.locator('tbody tr').count();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `pos-cart (Chromium ${browser.version()}, offline, ${lines} lines at the end, ${times.length} taps): tap -> updated total p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms [load ${load()}]`,
  );
  console.log('goal p95 < 100 ms');
} finally {
  await browser.close();
  await srv.stop();
}
