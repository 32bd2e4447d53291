import type { Browser, BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { TestClient } from '../../support/http-client';
import { newContext } from './browser';
import { submitStaffLogin } from './pages';
import { waitForServiceWorkerControl } from './service-worker';

export const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/**
 * A cashier signed in on a fresh device whose first sync (catalog download) has finished; `user`
 * picks another demo cashier (cashier2 works at the Denver store; password = username).
 */
export async function cashierDevice(
  browser: Browser,
  url: string,
  opts: { offlineReady?: boolean; user?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, opts.viewport);
  const page = await ctx.newPage();
  await page.goto(`${url}/pos/login`);
  const user = opts.user ?? 'cashier';
  await submitStaffLogin(page, user, user);
  await page.waitForURL(/\/pos\/order/);
  await waitSynced(page);
  if (opts.offlineReady) {
    // Going offline later needs the app shell and route chunks in the service worker's cache.
    await waitForServiceWorkerControl(page);
    await waitSynced(page);
  }
  return { ctx, page };
}

/** A showroom kiosk's screen (1080 x 1920, portrait). */
export const KIOSK_VIEWPORT = { width: 1080, height: 1920 };

/**
 * A kiosk as staff set one up: a cashier signs in on a fresh 1080 x 1920 device, waits for the
 * first sync and the service worker, turns on "Kiosk device" and logs out, which hands the device
 * to the showroom's splash ("Press here to get started", returned as `start`).
 */
export async function kioskDevice(
  browser: Browser,
  url: string,
): Promise<{ ctx: BrowserContext; page: Page; start: Locator }> {
  const { ctx, page } = await cashierDevice(browser, url, { offlineReady: true, viewport: KIOSK_VIEWPORT });
  await page.getByRole('button', { name: 'Kiosk device' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/product\/catalog/);
  const start = page.getByRole('button', { name: 'Press here to get started' });
  await expect.poll(() => start.isVisible(), { timeout: 15_000 }).toBe(true);
  return { ctx, page, start };
}

/** What the page shows, for a failing assertion's message. */
export async function pageText(page: Page): Promise<string> {
  return (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  ).slice(0, 2000);
}

/**
 * How many changes the device's outbox holds (the server has not acknowledged them), read from
 * IndexedDB itself; -1 before the device store exists.
 */
export async function outboxSize(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'partsdesk')) return -1;
    const idb = await new Promise<IDBDatabase>((res, rej) => {
      const req = indexedDB.open('partsdesk');
      req.onsuccess = () => res(req.result);
      req.onerror = () => rej(new Error(String(req.error)));
    });
    if (!idb.objectStoreNames.contains('outbox')) return (idb.close(), -1);
    return new Promise<number>((res, rej) => {
      const count = idb.transaction('outbox').objectStore('outbox').count();
      count.onsuccess = () => (idb.close(), res(count.result));
      count.onerror = () => rej(new Error(String(count.error)));
    });
  });
}

/**
 * Waits until the device's queue is empty AND the bar says so. The bar alone is not enough: right
 * after a change is queued the bar may still show the last "All changes synced" for a moment (its
 * status reaches the page asynchronously), so a test reading the server then could run before the
 * push (CI saw exactly that in tests/e2e/live-tablets.test.ts).
 */
export async function waitSynced(page: Page, timeout = 30_000): Promise<void> {
  // What the device asked the server meanwhile, printed if it never gets there.
  const started = Date.now();
  const calls: string[] = [];
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const server = (url: string) => /\/(api|sync)\//.test(new URL(url).pathname);
  const answered = (r: Response) =>
    server(r.url()) && calls.push(`${at()} ${r.request().method()} ${r.url()} -> ${r.status()}`);
  const failed = (r: Request) =>
    server(r.url()) && calls.push(`${at()} ${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`);
  page.on('response', answered);
  page.on('requestfailed', failed);
  try {
    await expect
      .poll(async () => (await outboxSize(page)) === 0 && (await visible(page, 'All changes synced')()), { timeout })
      .toBe(true)
      .catch(async (e: Error) => {
        const page_ = await pageText(page);
        throw new Error(
          `${e.message}\noutbox: ${await outboxSize(page)}\ncalls:\n  ${calls.slice(-30).join('\n  ')}\npage: ${page_}`,
        );
      });
  } finally {
    page.off('response', answered);
    page.off('requestfailed', failed);
  }
}

/** The server's own view (GET /api/order as admin), to prove what reached it and how many times. */
export async function serverOrders(
  url: string,
  status = 'all',
): Promise<{ id: string; order_id: number | null; order_total: string; paid_amount: string; order_status: string }[]> {
  const admin = new TestClient(url);
  const login = await admin.login('admin', 'admin');
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  const r = await admin.get(`/api/order?status=${status}&limit=100`);
  return r.body.orders;
}

/** Types a part number into "Add a part" and presses Enter (what a scanner does too). */
export async function addPart(page: Page, code: string): Promise<void> {
  const box = page.getByLabel('Add a part');
  await box.fill(code);
  await box.press('Enter');
}

/**
 * Cuts (or restores) the network of a whole device. The context's setOffline (support/browser.ts)
 * cuts its network link and emulates offline, so pages, workers and the service worker all lose
 * the server at once, however soon after the cut one of them starts.
 */
export async function cutNetwork(ctx: BrowserContext, cut: boolean): Promise<void> {
  await ctx.setOffline(cut);
}

/**
 * Queues a change in the device's outbox the way the worker's mutate does (same record, same
 * meta counter), without its optimistic effect: for tests about the queue, not the screens.
 */
export async function queueOffline(
  page: Page,
  actor: { id: string; role: string },
  name: string,
  args: unknown,
): Promise<number> {
  return page.evaluate(
    async ({ actor, name, args }) => {
      const idb = await new Promise<IDBDatabase>((res, rej) => {
        const req = indexedDB.open('partsdesk');
        req.onsuccess = () => res(req.result);
        req.onerror = () => rej(new Error(String(req.error)));
      });
      return new Promise<number>((res, rej) => {
        const tx = idb.transaction(['outbox', 'meta'], 'readwrite');
        let id = 0;
        const get = tx.objectStore('meta').get('nextMutationId');
        get.onsuccess = () => {
          id = (get.result as { value: number } | undefined)?.value ?? 1;
          tx.objectStore('outbox').add({ id, name, args, at: new Date().toISOString(), actor, status: 'pending' });
          tx.objectStore('meta').put({ key: 'nextMutationId', value: id + 1 });
        };
        tx.oncomplete = () => (idb.close(), res(id));
        tx.onerror = () => rej(new Error(String(tx.error)));
      });
    },
    { actor, name, args },
  );
}

/** The role the server gives this page's session (GET /api/session), or null for none. */
export async function sessionRole(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const reply = (await (await fetch('/api/session')).json()) as { user: { role: string } | null };
    return reply.user?.role ?? null;
  });
}
