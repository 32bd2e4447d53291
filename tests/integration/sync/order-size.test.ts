/**
 * An order's size does not make each change slower, and a push is bounded in time.
 * - A mutation writes only the rows it changes: on a 500-line order, a quantity change bumps the
 *   version of one line (and the order), a removal deletes one row and renumbers nothing.
 * - The line cap (ORDER_LINE_CAP): the 501st line is refused as a conflict with a clear message;
 *   raising an existing line's quantity is not a new line.
 * - The push deadline: the server here answers after ONE mutation (pushDeadlineMs 0, so no timing
 *   luck is involved); the reply names only what was applied, the rest is not applied, and the
 *   real device engine drains its queue over as many pushes as it takes.
 * The cost figures are a benchmark (`npm run bench push-order-size`, docs/figures.md).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { ORDER_LINE_CAP, orderLineCapMessage } from '../../../src/domain/constants';
import type { Order, OrderLine } from '../../../src/domain/mutations/records';
import { loadOrder, saveOrder } from '../../../server/commands/records/orders';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();
const zero = {
  parts: '0.00',
  surcharge: '0.00',
  labor: '0.00',
  tax: '0.00',
  card_surcharge: '0.00',
  card_surcharge_tax: '0.00',
  order_total: '0.00',
  amount_paid: '0.00',
  balance_due: '0.00',
  paid_in_full: true,
};
const custom = (i: number): OrderLine => ({
  kind: 'custom',
  id: randomUUID(),
  name: `Part ${i}`,
  price: '1.00',
  quantity: 1,
  tax_class_id: null,
  po_number: null,
});

describe.each(testEngines())('order size and push deadline on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = (mutations: { name: string; args: unknown }[]) =>
    cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: mutations.map((m, i) => ({ id: next + i, ...m, at })),
    });
  /** Pushes one mutation and expects it answered (one per push: the deadline here is 0). */
  const one = async (name: string, args: unknown) => {
    const r = await push([{ name, args }]);
    expect(r.status).toBe(200);
    next++;
    return r.body.results[0] as { status: string; code?: string; message?: string };
  };

  /** A draft order of `n` custom lines at $1.00, written directly (not the subject here). */
  async function bigOrder(n: number): Promise<Order> {
    const id = randomUUID();
    const order: Order = {
      id,
      order_id: null,
      device_ref: null,
      status: 'draft',
      order_status_id: null,
      customer_ref: null,
      customer_id: null,
      customer_name: null,
      tax_exempt: false,
      tax_exempt_number: null,
      location_id: null,
      lines: Array.from({ length: n }, (_, i) => custom(i)),
      shipping_method: null,
      payment_method: null,
      cashier_id: null,
      totals: { ...zero, parts: `${n}.00`, order_total: `${n}.00`, balance_due: `${n}.00`, paid_in_full: false },
      created_at: at,
      updated_at: at,
      completed_at: null,
      voided_at: null,
    };
    await server.db.transaction().execute((trx) => saveOrder(trx, order));
    return order;
  }
  const lineVersions = async (orderId: string) =>
    new Map(
      (
        await server.db
          .selectFrom('order_lines')
          .select(['id', 'version', 'position'])
          .where('order_ref', '=', orderId)
          .execute()
      ).map((r) => [r.id, r]),
    );

  beforeAll(async () => {
    server = await startSyncServer(engine, { pushDeadlineMs: 0 });
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a change to a 500-line order writes the one line it changes, and removing a line renumbers nothing', async () => {
    const order = await bigOrder(ORDER_LINE_CAP);
    const before = await lineVersions(order.id);
    const target = order.lines[7]!.id;
    expect(await one('cart.setQuantity', { order_ref: order.id, line_id: target, quantity: 3 })).toEqual({
      id: next - 1,
      status: 'applied',
    });
    const after = await lineVersions(order.id);
    const changed = [...after].filter(([id, r]) => r.version !== before.get(id)?.version).map(([id]) => id);
    expect(changed).toEqual([target]);
    const row = await server.db
      .selectFrom('orders')
      .select(['order_total', 'total_items'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ order_total: `${ORDER_LINE_CAP + 2}.00`, total_items: ORDER_LINE_CAP + 2 });

    const removed = order.lines[3]!.id;
    expect((await one('cart.removeLine', { order_ref: order.id, line_id: removed })).status).toBe('applied');
    const afterRemove = await lineVersions(order.id);
    expect(afterRemove.has(removed)).toBe(false);
    expect([...afterRemove].filter(([id, r]) => r.version !== after.get(id)?.version)).toEqual([]);
    // A line added now goes last, after the gap the removal left; the order reads back in order.
    const added = randomUUID();
    expect(
      (
        await one('cart.addCustomProduct', {
          order_ref: order.id,
          line_id: added,
          name: 'Late part',
          price: '2.00',
          quantity: 1,
          tax_class_id: null,
        })
      ).status,
    ).toBe('applied');
    const loaded = await server.db.transaction().execute((trx) => loadOrder(trx, order.id, false));
    const expected = [...order.lines.map((l) => l.id).filter((id) => id !== removed), added];
    expect(loaded?.order.lines.map((l) => l.id)).toEqual(expected);
    expect(loaded?.order.totals.order_total).toBe(`${ORDER_LINE_CAP - 1 + 2 + 2}.00`);
  });

  it(`refuses line ${ORDER_LINE_CAP + 1} as a conflict with a clear message; a quantity change still applies`, async () => {
    const order = await bigOrder(ORDER_LINE_CAP);
    const refused = await one('cart.addCustomProduct', {
      order_ref: order.id,
      line_id: randomUUID(),
      name: 'One too many',
      price: '1.00',
      quantity: 1,
      tax_class_id: null,
    });
    expect(refused).toMatchObject({ status: 'rejected', code: 'order_line_cap', message: orderLineCapMessage() });
    expect(orderLineCapMessage()).toBe(
      'An order can hold at most 500 lines. Save this order and start a new one for the rest.',
    );
    expect(
      await server.db
        .selectFrom('order_lines')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('order_ref', '=', order.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: String(ORDER_LINE_CAP) });
    expect(
      (await one('cart.setQuantity', { order_ref: order.id, line_id: order.lines[0]!.id, quantity: 2 })).status,
    ).toBe('applied');
    // Below the cap again, a line may be added.
    expect((await one('cart.removeLine', { order_ref: order.id, line_id: order.lines[1]!.id })).status).toBe('applied');
    expect(
      (
        await one('cart.addCustomProduct', {
          order_ref: order.id,
          line_id: randomUUID(),
          name: 'Fits now',
          price: '1.00',
          quantity: 1,
          tax_class_id: null,
        })
      ).status,
    ).toBe('applied');
  });

  it('past the deadline a push answers what it applied; the rest is not applied and is taken when sent again', async () => {
    const id = randomUUID();
    const batch = [
      { name: 'order.create', args: { id, device_ref: null } },
      {
        name: 'cart.addCustomProduct',
        args: { order_ref: id, line_id: randomUUID(), name: 'Filter', price: '5.00', quantity: 1, tax_class_id: null },
      },
      {
        name: 'cart.addCustomProduct',
        args: { order_ref: id, line_id: randomUUID(), name: 'Belt', price: '7.00', quantity: 1, tax_class_id: null },
      },
    ];
    const first = await push(batch);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ lastMutationId: next, results: [{ id: next, status: 'applied' }] });
    expect(first.body.results).toHaveLength(1);
    expect(await server.db.selectFrom('order_lines').select('id').where('order_ref', '=', id).execute()).toEqual([]);
    next++;
    const second = await push(batch.slice(1));
    expect(second.body.results).toEqual([{ id: next, status: 'applied' }]);
    next++;
    const third = await push(batch.slice(2));
    expect(third.body.results).toEqual([{ id: next, status: 'applied' }]);
    next++;
    expect(
      (await server.db.selectFrom('orders').select('order_total').where('id', '=', id).executeTakeFirstOrThrow())
        .order_total,
    ).toBe('12.00');
  });

  it('the device engine drains a queue the server answers one mutation at a time', async () => {
    const { device, db } = await signedInDevice(server, `deadline-${engine}`, 5000);
    const id = randomUUID();
    expect(await device.mutate('order.create', { id, device_ref: null })).toMatchObject({ ok: true });
    for (let i = 0; i < 6; i++) {
      expect(
        await device.mutate('cart.addCustomProduct', {
          order_ref: id,
          line_id: randomUUID(),
          name: `P${i}`,
          price: '3.00',
          quantity: 1,
          tax_class_id: null,
        }),
      ).toMatchObject({ ok: true });
    }
    expect(await device.syncNow()).toBe('ok');
    expect(await db.outbox.count()).toBe(0);
    expect(
      (await server.db.selectFrom('orders').select('order_total').where('id', '=', id).executeTakeFirstOrThrow())
        .order_total,
    ).toBe('18.00');
  });
});
