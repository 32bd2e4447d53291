import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { submitStaffLogin } from './support/pages';
import { cashierDevice, pageText, queueOffline, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';

/**
 * The queue survives what a till meets in a shop, in headless
 * Chromium against the real server: the session expiring on the server while a sale waits (401 on
 * push), and the page closing while a push is in flight. Nothing is lost, nothing is doubled.
 */
describe('the sale queue survives a 401 and a page closed mid-push (headless Chromium)', () => {
  const world = e2eWorld();

  const session = (page: Page) =>
    page.evaluate(
      async () =>
        (
          (await (await fetch('/api/session', { headers: { accept: 'application/json' } })).json()) as {
            user: { id: string; role: string };
          }
        ).user,
    );
  const outboxCount = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((res, rej) => {
          const req = indexedDB.open('partsdesk');
          req.onerror = () => rej(new Error(String(req.error)));
          req.onsuccess = () => {
            const c = req.result.transaction('outbox').objectStore('outbox').count();
            c.onsuccess = () => (req.result.close(), res(c.result));
          };
        }),
    );

  /** A sale of `amount` paid in cash: three queued mutations. */
  async function queueSale(page: Page, actor: { id: string; role: string }, amount: string) {
    const order = randomUUID();
    const pay = randomUUID();
    await queueOffline(page, actor, 'order.create', { id: order });
    await queueOffline(page, actor, 'cart.addCustomProduct', {
      order_ref: order,
      line_id: randomUUID(),
      name: 'Spark plug',
      price: amount,
      quantity: 1,
      tax_class_id: null,
    });
    await queueOffline(page, actor, 'transaction.add', { order_ref: order, id: pay, transaction_type: 'cash', amount });
    return { order, pay };
  }

  /** The server's view of an order's payments (as the admin). */
  async function serverPayments(order: string) {
    const admin = new TestClient(world.srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const r = await admin.get(`/pos/checkout/getTransactions?orderId=${order}`);
    if (r.status !== 200) return { status: r.status };
    const body = r.body as {
      transactions: { id: string; amount: string; status: string }[];
      checkout: { amountPaid: string };
    };
    return {
      paid: body.checkout.amountPaid,
      transactions: body.transactions.map((t) => ({ id: t.id, amount: t.amount, status: t.status })),
    };
  }

  it('a 401 while pushing keeps the queued sale, asks the cashier to log in, and the sale drains once after login', async () => {
    const { ctx, page } = await cashierDevice(world.browser, world.srv.server.url);
    const me = await session(page);
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    const sale = await queueSale(page, me, '12.50');
    expect(await outboxCount(page)).toBe(3);

    // The session ends on the server (the browser still holds its cookie): log it out from outside.
    const cookie = (await ctx.cookies()).find((c) => c.name === 'pd_session');
    expect(cookie).toBeTruthy();
    const headers = { cookie: `pd_session=${cookie!.value}`, accept: 'application/json' };
    const { csrfToken } = (await (await fetch(`${world.srv.server.url}/api/session`, { headers })).json()) as {
      csrfToken: string;
    };
    const out = await fetch(`${world.srv.server.url}/api/session`, {
      method: 'DELETE',
      headers: { ...headers, 'x-csrf-token': csrfToken },
    });
    expect(out.status).toBeLessThan(300);

    // Back online: the push gets 401; the app asks for a login and the queue stays.
    await ctx.setOffline(false);
    await page.waitForURL(/\/pos\/login\?redirect=/, { timeout: 15_000 });
    expect(await outboxCount(page)).toBe(3);
    expect(await serverPayments(sale.order)).toMatchObject({ status: 404 });

    await submitStaffLogin(page, 'cashier', 'cashier');
    await page.waitForURL(/\/pos\/order/, { timeout: 15_000 });
    await waitSynced(page);
    expect(await outboxCount(page)).toBe(0);
    expect(await serverPayments(sale.order), await pageText(page)).toEqual({
      paid: '12.50',
      transactions: [{ id: sale.pay, amount: '12.50', status: 'approved' }],
    });
    await ctx.close();
  });

  it('closing the page while a push is in flight loses nothing and doubles nothing after reopening', async () => {
    const { ctx, page } = await cashierDevice(world.browser, world.srv.server.url);
    const me = await session(page);
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    const first = await queueSale(page, me, '20.00');
    const second = await queueSale(page, me, '7.25');

    // The push reaches the server and is applied, but the page dies before the reply arrives.
    let reached: () => void = () => undefined;
    const pushed = new Promise<void>((r) => (reached = r));
    await ctx.route('**/sync/push', async (route) => {
      await route.fetch(); // the server applies the batch
      reached();
      await new Promise(() => undefined); // the reply never reaches the page
    });
    await ctx.setOffline(false);
    await pushed;
    await page.close({ runBeforeUnload: false });
    await ctx.unroute('**/sync/push');

    // Reopen: the queue is still on the device (outcome unknown), it is pushed again and drains.
    const again = await ctx.newPage();
    await again.goto(`${world.srv.server.url}/pos/order`);
    await waitSynced(again);
    expect(await outboxCount(again)).toBe(0);
    expect(await serverPayments(first.order), await pageText(again)).toEqual({
      paid: '20.00',
      transactions: [{ id: first.pay, amount: '20.00', status: 'approved' }],
    });
    expect(await serverPayments(second.order)).toEqual({
      paid: '7.25',
      transactions: [{ id: second.pay, amount: '7.25', status: 'approved' }],
    });
    await ctx.close();
  });
});
