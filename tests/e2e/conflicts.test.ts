import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { openDatabase } from '../../server/db/database';
import { TestClient } from '../support/http-client';
import { cashierDevice, pageText, queueOffline, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';

/**
 * The conflicts panel (src/features/sync-status/conflicts-panel.tsx) in headless Chromium: a cash payment the
 * server rejects (another till took the whole balance meanwhile) shows with the server's reason;
 * Retry while the device itself still refuses it says why and keeps it; after the other payment is
 * voided, Retry queues it again, it reaches the server once, and the conflict is gone.
 */
describe('POS conflicts: retry a rejected change (headless Chromium)', () => {
  const world = e2eWorld();

  /** Another till, as the admin, pushing through the real sync API. */
  async function otherTill() {
    const client = new TestClient(world.srv.server.url);
    expect((await client.login('admin', 'admin')).status).toBe(200);
    const clientId = randomUUID();
    let next = 1;
    const push = async (name: string, args: unknown) => {
      const r = await client.post('/sync/push', {
        clientId,
        protocolVersion: PROTOCOL_VERSION,
        mutations: [{ id: next++, name, args, at: new Date().toISOString() }],
      });
      expect(r.body.results?.[0]?.status, JSON.stringify(r.body)).toBe('applied');
    };
    /** The server's payments on an order and what it counts as paid. */
    const payments = async (order: string) => {
      const r = await client.get(`/pos/checkout/getTransactions?orderId=${order}`);
      const body = r.body as {
        transactions: { id: string; amount: string; status: string }[];
        checkout: { amountPaid: string };
      };
      return {
        paid: body.checkout.amountPaid,
        transactions: body.transactions.map((t) => ({ id: t.id, amount: t.amount, status: t.status })),
      };
    };
    return { push, payments };
  }

  it('shows the rejection, refuses a retry the device would refuse, then retries it into the server once', async () => {
    const { push: other, payments } = await otherTill();
    const order = randomUUID();
    const theirs = randomUUID();
    await other('order.create', { id: order });
    await other('cart.addCustomProduct', {
      order_ref: order,
      line_id: randomUUID(),
      name: 'Rotor',
      price: '100.00',
      quantity: 1,
      tax_class_id: null,
    });
    await other('transaction.add', { order_ref: order, id: theirs, transaction_type: 'cash', amount: '100.00' });

    const { ctx, page } = await cashierDevice(world.browser, world.srv.server.url);
    const me = await page.evaluate(
      async () =>
        (
          (await (await fetch('/api/session', { headers: { accept: 'application/json' } })).json()) as {
            user: { id: string; role: string };
          }
        ).user,
    );
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    const mine = randomUUID();
    await queueOffline(page, { id: me.id, role: me.role }, 'transaction.add', {
      order_ref: order,
      id: mine,
      transaction_type: 'cash',
      amount: '50.00',
    });
    await ctx.setOffline(false);

    // The server refuses it (nothing is due any more) and the queue moves on.
    const button = page.getByRole('button', { name: 'Conflicts (1)' });
    await expect.poll(() => button.isVisible(), { timeout: 15_000 }).toBe(true);
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Changes the server rejected' });
    await expect.poll(() => panel.getByText('Take a payment').isVisible()).toBe(true);
    expect(await panel.textContent()).toMatch(/code no_balance_due/);
    const retry = panel.getByRole('button', { name: 'Retry', exact: true });
    for (const b of [retry, panel.getByRole('button', { name: /^Dismiss/ })]) {
      const box = await b.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }

    // The device agrees with the server for now: the retry is refused, nothing is queued.
    await retry.click();
    await expect.poll(visible(page, /^Take a payment was not retried: /), { timeout: 5_000 }).toBe(true);
    expect(await panel.getByText('Take a payment').isVisible()).toBe(true);
    await waitSynced(page);

    // The other till voids its payment; once the device has pulled that, the retry goes through.
    await other('transaction.void', { order_ref: order, transaction_ref: theirs });
    const synced = async () =>
      Date.parse((await page.locator('header time').first().getAttribute('datetime')) ?? '') || 0;
    const before = await synced();
    await ctx.setOffline(true);
    await ctx.setOffline(false);
    await expect.poll(synced, { timeout: 10_000 }).toBeGreaterThan(before);
    // The panel stayed open; the list follows the worker.
    await retry.click();
    await expect
      .poll(visible(page, 'Take a payment is queued again and syncs with the next push.'), { timeout: 5_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Conflicts/ }).count(), { timeout: 15_000 }).toBe(0);
    await waitSynced(page);
    // Once on the server, under its own id, beside the other till's voided payment.
    const onServer = await payments(order);
    expect(onServer.paid, await pageText(page)).toBe('50.00');
    expect(onServer.transactions.sort((x, y) => x.amount.localeCompare(y.amount))).toEqual([
      { id: theirs, amount: '100.00', status: 'void' },
      { id: mine, amount: '50.00', status: 'approved' },
    ]);
    await ctx.close();
  });

  it('Dismiss made offline reaches the server with the next sync, which records who discarded which change', async () => {
    const { push: other } = await otherTill();
    const order = randomUUID();
    await other('order.create', { id: order });
    await other('cart.addCustomProduct', {
      order_ref: order,
      line_id: randomUUID(),
      name: 'Wiper',
      price: '20.00',
      quantity: 1,
      tax_class_id: null,
    });
    await other('transaction.add', { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '20.00' });

    const { ctx, page } = await cashierDevice(world.browser, world.srv.server.url);
    const me = await page.evaluate(
      async () =>
        (
          (await (await fetch('/api/session', { headers: { accept: 'application/json' } })).json()) as {
            user: { id: string; role: string };
          }
        ).user,
    );
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    const args = { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '5.00' };
    const id = await queueOffline(page, { id: me.id, role: me.role }, 'transaction.add', args);
    await ctx.setOffline(false);
    const button = page.getByRole('button', { name: 'Conflicts (1)' });
    await expect.poll(() => button.isVisible(), { timeout: 15_000 }).toBe(true);
    await waitSynced(page);

    // Offline again: Dismiss is recorded on the device at once and waits for the network.
    await ctx.setOffline(true);
    await expect.poll(visible(page, /^Offline$/), { timeout: 5_000 }).toBe(true);
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Changes the server rejected' });
    await panel.getByRole('button', { name: 'Dismiss: Take a payment' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Conflicts/ }).count(), { timeout: 5_000 }).toBe(0);
    const pendingDiscard = () =>
      page.evaluate(
        (mid) =>
          new Promise<unknown>((res, rej) => {
            const req = indexedDB.open('partsdesk');
            req.onerror = () => rej(new Error(String(req.error)));
            req.onsuccess = () => {
              const get = req.result.transaction('conflicts').objectStore('conflicts').get(mid);
              get.onsuccess = () => (
                req.result.close(),
                res((get.result as { discard?: unknown } | undefined)?.discard)
              );
            };
          }),
        id,
      );
    expect(await pendingDiscard()).toEqual({ pending: true });
    await ctx.setOffline(false);
    await expect
      .poll(pendingDiscard, { timeout: 15_000 })
      .toMatchObject({ pending: false, recordedAt: expect.any(String) });
    await ctx.close();

    // The server's record (PGlite serves one process: read it once the server has stopped).
    await world.srv.server.stop();
    const open = await openDatabase({ dataDir: world.srv.db.dataDir });
    try {
      const rows = await open.db.selectFrom('sync_discards').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        mutation_id: String(id),
        name: 'transaction.add',
        args,
        code: 'no_balance_due',
        discarded_by_kind: 'staff',
        discarded_by_id: String(me.id),
      });
    } finally {
      await open.close();
    }
  });
});
