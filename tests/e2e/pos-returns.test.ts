import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/contracts/protocol-version';
import { ORDER_DELETE_CONFIRM } from '../../src/domain/customer-orders';
import { RETURN_CARD_NEEDS_NETWORK } from '../../src/domain/returns';
import { TestClient } from '../support/http-client';
import { cashierDevice, cutNetwork, pageText, visible, waitSynced } from './support/pos';
import { e2eWorld } from './support/world';
import { shot } from './support/shots';

/**
 * Returns (docs/decisions/pos.md "Returns"): on a completed order's view the cashier returns one
 * line for cash online (refund shown, row synced), then with the network cut returns another line
 * to store credit (queued; the card refund is refused offline with its sentence); back online the
 * server has both returns and the credit once. The customer's Returns and Orders tabs read the
 * device offline; Delete removes a saved order online after "Are you sure you want to delete this
 * order?". Screenshots: /tmp/pd-returns-*.png at 1024x768 and 390x844.
 */
describe('POS returns (headless Chromium)', () => {
  const world = e2eWorld();

  /** A customer, a completed order (2 alternators at 42.00, a wiper at 10.00) paid in cash or by card, a saved order. */
  async function setup(url: string, pay: 'cash' | 'card' = 'cash') {
    const till = new TestClient(url);
    if ((await till.login('cashier', 'cashier')).status !== 200) throw new Error('cashier login failed');
    const [customer, sold, saved] = [randomUUID(), randomUUID(), randomUUID()];
    const clientId = randomUUID();
    let seq = 1;
    const push = async (mutations: { name: string; args: Record<string, unknown> }[]) => {
      const r = await till.post('/sync/push', {
        clientId,
        protocolVersion: PROTOCOL_VERSION,
        mutations: mutations.map((m) => ({ ...m, id: seq++, at: new Date().toISOString() })),
      });
      if (r.status !== 200 || r.body.results.some((x: { status: string }) => x.status !== 'applied'))
        throw new Error(`push: ${JSON.stringify(r.body)}`);
    };
    const line = (order: string, name: string, price: string, quantity: number) => ({
      name: 'cart.addCustomProduct',
      args: { order_ref: order, line_id: randomUUID(), name, price, quantity, tax_class_id: null },
    });
    const email = `rita-${customer.slice(0, 8)}@example.net`;
    await push([
      { name: 'customer.create', args: { id: customer, firstname: 'Rita', lastname: 'Return', email } },
      { name: 'order.create', args: { id: sold, customer_ref: customer } },
      line(sold, 'Alternator', '42.00', 2),
      line(sold, 'Wiper blade', '10.00', 1),
    ]);
    if (pay === 'cash')
      await push([
        {
          name: 'transaction.add',
          args: { order_ref: sold, id: randomUUID(), transaction_type: 'cash', amount: '94.00' },
        },
      ]);
    else {
      const attemptId = randomUUID();
      const started = await till.post('/pos/checkout/cardPayment', {
        orderId: sold,
        attemptId,
        amount: '94.00',
        department: 'retail',
        device: 'sim-counter-1',
        cardType: 'credit',
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await expect
        .poll(async () => (await till.get(`/pos/checkout/cardPayment?attemptId=${attemptId}`)).body.status, {
          timeout: 15_000,
        })
        .toBe('approved');
    }
    await push([
      { name: 'order.complete', args: { order_ref: sold } },
      { name: 'order.create', args: { id: saved, customer_ref: customer } },
      line(saved, 'Floor mats', '12.00', 1),
      { name: 'order.save', args: { order_ref: saved } },
    ]);
    return { customer, sold, saved };
  }

  const shoot = async (page: Page, name: string) => {
    for (const [w, h] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `pd-returns-${name}-${w}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  };

  it('returns a line for cash online, another for store credit offline; tabs and delete', async () => {
    const { srv, browser } = world;
    const { customer, sold } = await setup(srv.server.url);
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });

    await page.goto(`${srv.server.url}/pos/order/view?order_id=${sold}`);
    const panel = page.getByRole('region', { name: 'Returns' });
    await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(visible(page, 'No items have been returned.')).toBe(true);

    // Online, cash: one of the two alternators.
    await panel.getByRole('button', { name: 'Return Items' }).click();
    const modal = page.getByRole('dialog', { name: 'Return Items' });
    await modal.getByLabel('Quantity to return of Alternator').fill('1');
    await expect.poll(() => modal.getByRole('status').textContent()).toContain('$42.00');
    await shoot(page, 'modal');
    await modal.getByRole('button', { name: 'Return and Refund' }).click();
    await expect.poll(visible(page, 'Success: the return was recorded.'), { message: await pageText(page) }).toBe(true);
    await expect.poll(() => panel.textContent()).toContain('Refunded: $42.00');
    await waitSynced(page);
    const afterCash = await admin.get(`/api/customer_return?customer_id=${customer}`);
    expect(afterCash.body).toMatchObject({ results: 1 });
    expect(afterCash.body.data[0]).toMatchObject({ product: 'Alternator', return_status: 'Complete' });

    // Offline: the card refund says it needs the network; store credit is queued.
    await cutNetwork(ctx, true);
    await panel.getByRole('button', { name: 'Return Items' }).click();
    await expect.poll(() => modal.isVisible()).toBe(true);
    await expect.poll(() => modal.getByText('Sold 2, 1 can be returned').isVisible()).toBe(true);
    await modal.getByLabel('Quantity to return of Wiper blade').fill('1');
    await modal.getByLabel('Reason for returning Wiper blade').selectOption('Wrong part');
    await modal.getByLabel('Restock Wiper blade').uncheck();
    await modal.getByRole('radio', { name: 'Store Credit' }).check();
    await modal.getByRole('button', { name: 'Return and Refund' }).click();
    await expect.poll(() => panel.textContent()).toContain('Refunded: $52.00');
    await expect.poll(() => panel.textContent()).toContain('(pending sync)');
    await shoot(page, 'order-offline');

    // The customer's tabs offline, from the device.
    await page.goto(`${srv.server.url}/pos/customer/edit?customer_id=${customer}&tab=returns`);
    const returnsTab = page.getByRole('region', { name: 'Returns' });
    await expect.poll(() => returnsTab.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => returnsTab.getByRole('row').count()).toBe(3);
    await expect.poll(() => returnsTab.textContent()).toContain('Not synced yet');
    await returnsTab.getByRole('button', { name: /Return ID/ }).click();
    await expect.poll(() => returnsTab.getByRole('row').nth(1).textContent()).toContain('Not synced yet');
    await shoot(page, 'tab-offline');
    await page.goto(`${srv.server.url}/pos/customer/edit?customer_id=${customer}&tab=orders`);
    const ordersTab = page.getByRole('region', { name: 'Orders' });
    await expect.poll(() => ordersTab.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => ordersTab.textContent()).toContain('Deleting an order needs the network.');
    expect(await ordersTab.getByRole('row').count()).toBeGreaterThan(1); // the orders, from the device
    expect(await ordersTab.getByRole('button', { name: /^Delete order/ }).isDisabled()).toBe(true);

    // Back online: both returns and the credit once.
    await cutNetwork(ctx, false);
    await waitSynced(page);
    const rets = await admin.get(`/api/customer_return?customer_id=${customer}`);
    expect(rets.body).toMatchObject({ results: 2 });
    const credit = await admin.get(`/api/customer_credit?customer_id=${customer}`);
    expect(credit.body).toMatchObject({ balance: '10.00', total: 1 });
    await expect.poll(() => ordersTab.textContent()).toContain('$42.00'); // 94 spent less 52 refunded
    await expect.poll(() => ordersTab.getByText('Returns').first().isVisible()).toBe(true);
    await shoot(page, 'orders-tab');

    // Delete the saved order (online): confirmed, gone from the server and the tab.
    await ordersTab.getByRole('button', { name: /^Delete order/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Order' });
    await expect.poll(() => confirm.textContent()).toContain(ORDER_DELETE_CONFIRM);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(visible(page, 'Success: the order was deleted.')).toBe(true);
    await expect.poll(() => ordersTab.getByRole('row').count()).toBe(2);
    const orders = await admin.get(`/api/customer_order?customer_id=${customer}`);
    expect(orders.body).toMatchObject({ results: 1, total_orders: 1, total_returns: 2 });
    await ctx.close();
  });

  it('a card refund is refused offline with its sentence, and refunded through the terminal online', async () => {
    const { srv, browser } = world;
    const { customer, sold } = await setup(srv.server.url, 'card');
    const { ctx, page } = await cashierDevice(browser, srv.server.url, { offlineReady: true });
    await page.goto(`${srv.server.url}/pos/order/view?order_id=${sold}`);
    const panel = page.getByRole('region', { name: 'Returns' });
    await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
    await cutNetwork(ctx, true);
    await panel.getByRole('button', { name: 'Return Items' }).click();
    const modal = page.getByRole('dialog', { name: 'Return Items' });
    await modal.getByLabel('Quantity to return of Alternator').fill('1');
    await modal.getByRole('radio', { name: 'Card (terminal refund)' }).check();
    await expect.poll(() => modal.getByRole('alert').textContent()).toBe(RETURN_CARD_NEEDS_NETWORK);
    expect(await modal.getByRole('button', { name: 'Return and Refund' }).isDisabled()).toBe(true);
    await shot(page, 'pd-returns-card-offline-1024');

    await cutNetwork(ctx, false);
    await expect.poll(() => modal.getByRole('alert').count()).toBe(0);
    await modal.getByRole('button', { name: 'Return and Refund' }).click();
    await expect.poll(visible(page, 'Success: the return was recorded.'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => panel.textContent(), { timeout: 15_000 }).toContain('Card (terminal refund) · Complete');
    await expect.poll(() => panel.textContent()).not.toContain('(pending sync)');
    const admin = new TestClient(srv.server.url);
    expect((await admin.login('admin', 'admin')).status).toBe(200);
    const rets = await admin.get(`/api/customer_return?customer_id=${customer}`);
    expect(rets.body).toMatchObject({ results: 1 });
    expect(rets.body.data[0]).toMatchObject({ product: 'Alternator', refund_method: 'card', total: '42.00' });
    await ctx.close();
  });
});
