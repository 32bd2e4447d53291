import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { launchBrowser } from './support/browser';
import { addPart, cashierDevice, pageText, serverOrders, visible, waitSynced } from './support/pos';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * Live across tablets (docs/decisions/sync.md "Poke"): two tablets (two browser
 * contexts at 1024x768) on one server. A sale saved on A shows in B's Orders list with no reload
 * and no click on B; after B's poke stream drops, B opens it again and still hears the next sale.
 */
describe('live across tablets (headless Chromium)', () => {
  let srv: E2EServer;
  let browser: Browser;
  let part: { mpn: string; name: string };
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startE2EServer(), launchBrowser({ serviceWorkers: 'block' })]);
    const r = await new TestClient(srv.server.url).get('/api/products/?limit=24&sort=price&order=desc');
    part = r.body.products.find(
      (p: { requires_options: boolean; is_orderable: boolean; price: string | null }) =>
        !p.requires_options && p.is_orderable && p.price !== null,
    );
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await srv?.close();
  });

  async function tablet(): Promise<{ ctx: BrowserContext; page: Page }> {
    const t = await cashierDevice(browser, srv.server.url);
    contexts.push(t.ctx);
    return t;
  }

  /** Saves a one-part sale on `page` and returns its order number once the server has it. */
  async function saveSale(page: Page): Promise<number> {
    const before = new Set((await serverOrders(srv.server.url, 'saved')).map((o) => o.id));
    await page.getByRole('link', { name: 'Cart' }).click();
    await page.waitForURL(/\/pos\/cart/);
    await expect.poll(visible(page, 'Your shopping cart is empty!'), { timeout: 10_000 }).toBe(true);
    await addPart(page, part.mpn);
    await expect
      .poll(
        () =>
          page
            .getByRole('cell', { name: new RegExp(part.name.slice(0, 20)) })
            .first()
            .isVisible(),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Save Order' }).click();
    await expect.poll(visible(page, 'Order Saved!')).toBe(true);
    await waitSynced(page);
    const fresh = (await serverOrders(srv.server.url, 'saved')).filter((o) => !before.has(o.id));
    expect(fresh).toHaveLength(1);
    return fresh[0]!.order_id!;
  }

  const listed = (page: Page, orderId: number) => () =>
    page.getByRole('checkbox', { name: `Select order #${orderId}`, exact: true }).isVisible();

  it("a sale saved on tablet A appears in tablet B's Orders list without a reload or a click", async () => {
    const a = await tablet();
    const b = await tablet();
    await b.page.goto(`${srv.server.url}/pos/order?status=saved`);
    await expect.poll(visible(b.page, 'Orders'), { timeout: 10_000 }).toBe(true);

    const first = await saveSale(a.page);
    await expect.poll(listed(b.page, first), { timeout: 10_000, message: await pageText(b.page) }).toBe(true);

    // Drop B's stream from the server side: a stream opened with B's device id replaces B's
    // (server/sync/poke-hub.ts), so the server ends B's. B opens its own again after its backoff,
    // which in turn ends this one: that proves B reconnected.
    const clientId = await b.page.evaluate(async () => {
      const idb = await new Promise<IDBDatabase>((res, rej) => {
        const req = indexedDB.open('partsdesk');
        req.onsuccess = () => res(req.result);
        req.onerror = () => rej(new Error(String(req.error)));
      });
      return new Promise<string>((res, rej) => {
        const get = idb.transaction('meta').objectStore('meta').get('clientId');
        get.onsuccess = () => (idb.close(), res((get.result as { value: string }).value));
        get.onerror = () => rej(new Error(String(get.error)));
      });
    });
    const session = (await b.ctx.cookies()).find((c) => c.name === 'pd_session')!;
    const intruder = await fetch(`${srv.server.url}/sync/poke?clientId=${clientId}`, {
      headers: { cookie: `pd_session=${session.value}`, accept: 'text/event-stream' },
    });
    expect(intruder.status).toBe(200);
    await intruder.text(); // ends when B's reconnected stream replaces this one

    const second = await saveSale(a.page);
    await expect.poll(listed(b.page, second), { timeout: 10_000, message: await pageText(b.page) }).toBe(true);
  });
});
