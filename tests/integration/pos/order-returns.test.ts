/**
 * Returns (docs/decisions/pos.md "Returns"): POST /api/order/return (cash, store credit, card
 * through the terminal) and `order.return` through the sync push, with the server's own amounts
 * (price + core charge + tax, partial quantities), restock, and the refusals (another order's
 * line, more than is left, a shopper, an installer, bad input); GET /api/customer_return,
 * GET /api/customer_order and GET /api/order/delete.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimal, formatUSD, roundMoney, toWire } from '../../../src/domain/money';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import {
  Device,
  eventually,
  signedIn,
  startCheckoutServer,
  type CheckoutServer,
} from '../checkout/support/checkout-server';

const RATE = '8.25';

describe.each(testEngines())('returns on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let installer: TestClient;
  let shopper: TestClient;
  let device: Device;
  let part: { product_id: number; name: string; price: string; tax_class_id: number };

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    cashier = await signedIn(server.url, 'cashier');
    installer = await signedIn(server.url, 'installer');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    device = new Device(cashier);
    const p = await server.db
      .selectFrom('products')
      .select(['product_id', 'name', 'price', 'tax_class_id'])
      .where('tax_class_id', 'is not', null)
      .where('surcharge', '=', '0')
      .where('status', '=', true)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    part = { ...p, tax_class_id: p.tax_class_id! };
    server.settings.taxClasses = [{ tax_class_id: part.tax_class_id, title: 'Taxable Goods', rate: RATE }];
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A completed order: 3 of the part, 2 untaxed supplies at 4.10, paid in cash (or by card on the terminal). */
  async function sold(customer: string | null, pay: 'cash' | 'card' = 'cash') {
    const id = randomUUID();
    const partLine = randomUUID();
    const supplies = randomUUID();
    await device.apply('order.create', { id });
    await device.apply('cart.addProduct', {
      order_ref: id,
      line_id: partLine,
      product_id: part.product_id,
      name: part.name,
      price: part.price,
      quantity: 3,
      tax_class_id: part.tax_class_id,
    });
    await device.apply('cart.addCustomProduct', {
      order_ref: id,
      line_id: supplies,
      name: 'Shop supplies',
      price: '4.10',
      quantity: 2,
      tax_class_id: null,
    });
    if (customer) await device.apply('order.setCustomer', { order_ref: id, customer_ref: customer });
    const o = await server.db
      .selectFrom('orders')
      .select(['order_id', 'order_total'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (pay === 'cash')
      await device.apply('transaction.add', {
        order_ref: id,
        id: randomUUID(),
        transaction_type: 'cash',
        amount: o.order_total,
      });
    else {
      const attemptId = randomUUID();
      const r = await cashier.post('/pos/checkout/cardPayment', {
        orderId: id,
        attemptId,
        amount: o.order_total,
        department: 'retail',
        device: 'sim-counter-1',
        cardType: 'credit',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      await eventually(async () => {
        const a = await server.db
          .selectFrom('payment_attempts')
          .select('status')
          .where('id', '=', attemptId)
          .executeTakeFirstOrThrow();
        return a.status === 'approved' ? a : null;
      });
    }
    await device.apply('order.complete', { order_ref: id });
    return { id, number: o.order_id, partLine, supplies, total: o.order_total };
  }
  const unitRefund = (qty: number) => {
    const amount = decimal(part.price).times(qty);
    const tax = roundMoney(amount.times(RATE).div(100));
    return toWire(roundMoney(amount).plus(tax));
  };
  const stock = async () =>
    Number(
      (
        await server.db
          .selectFrom('product_stock')
          .select((eb) => eb.fn.sum<string>('quantity').as('n'))
          .where('product_id', '=', part.product_id)
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );
  const returnLine = (line_id: string, quantity: number, restock = true) => ({
    line_id,
    quantity,
    reason: 'Defective',
    condition: 'Unopened',
    restock,
  });
  const credit = async (id: string) =>
    (await server.db.selectFrom('customers').select('store_credit').where('id', '=', id).executeTakeFirstOrThrow())
      .store_credit;

  it('online cash return: the server derives price + tax per partial quantity, restocks, refuses the rest', async () => {
    const o = await sold(null);
    const before = await stock();
    const r = await cashier.post(`/api/order/return?order_id=${o.number}`, {
      refund_method: 'cash',
      lines: [returnLine(o.partLine, 1)],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: 'Success: the return was recorded.', refund_method: 'cash' });
    expect(r.body.refunded).toBe(unitRefund(1));
    expect(r.body.returns[0]).toMatchObject({ quantity: 1, product: part.name, return_status: 'Complete' });
    expect(await stock()).toBe(before + 1);
    // The other two, not restocked: together they make exactly the line's price and tax.
    const rest = await cashier.post(`/api/order/return?order_id=${o.id}`, {
      refund_method: 'check',
      lines: [returnLine(o.partLine, 2, false)],
    });
    expect(rest.status).toBe(200);
    expect(toWire(decimal(r.body.refunded).plus(rest.body.refunded))).toBe(unitRefund(3));
    expect(await stock()).toBe(before + 1);
    const more = await cashier.post(`/api/order/return?order_id=${o.number}`, {
      refund_method: 'cash',
      lines: [returnLine(o.partLine, 1)],
    });
    expect(more.status).toBe(400);
    expect(more.body.message).toBe(`${part.name} has already been returned.`);
  });

  it('refusals write nothing: another order’s line, over-quantity, unknown order, bad input, who may call', async () => {
    const a = await sold(null);
    const b = await sold(null);
    const count = async () => (await server.db.selectFrom('order_returns').select('id').execute()).length;
    const n = await count();
    const call = (c: TestClient, order: string | number, body: unknown) =>
      c.post(`/api/order/return?order_id=${order}`, body);
    const other = await call(cashier, a.number, { refund_method: 'cash', lines: [returnLine(b.partLine, 1)] });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('The item could not be found on this order.');
    const over = await call(cashier, a.number, { refund_method: 'cash', lines: [returnLine(a.supplies, 3)] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Only 2 of Shop supplies can be returned.');
    expect(
      (await call(cashier, 99_999_999, { refund_method: 'cash', lines: [returnLine(a.partLine, 1)] })).status,
    ).toBe(404);
    const bad = await call(cashier, 'abc', { refund_method: 'cash', lines: [] });
    expect(bad.status).toBe(400);
    const method = await call(cashier, a.number, { refund_method: 'bitcoin', lines: [returnLine(a.partLine, 1)] });
    expect(method.status).toBe(400);
    expect(method.body.message).toBe('Choose how to refund.');
    const noCustomer = await call(cashier, a.number, {
      refund_method: 'store_credit',
      lines: [returnLine(a.partLine, 1)],
    });
    expect(noCustomer.status).toBe(422);
    expect(noCustomer.body.message).toBe('Store credit needs a customer on the order.');
    expect((await call(shopper, a.number, { refund_method: 'cash', lines: [returnLine(a.partLine, 1)] })).status).toBe(
      403,
    );
    expect(
      (await call(installer, a.number, { refund_method: 'cash', lines: [returnLine(a.partLine, 1)] })).status,
    ).toBe(403);
    expect(await count()).toBe(n);
  });

  it('push: a store credit return applies once and raises the balance; refusals are rejected', async () => {
    const customer = await device.customer(server.db, '5.00');
    const o = await sold(customer);
    const args = {
      order_ref: o.id,
      id: randomUUID(),
      customer_ref: customer,
      refund_method: 'store_credit',
      credit_id: randomUUID(),
      lines: [{ id: randomUUID(), line_ref: o.supplies, quantity: 2, reason: 'Other', condition: 'Opened' }],
    };
    expect(await device.push('order.return', args)).toMatchObject({ status: 'applied' });
    expect(await credit(customer)).toBe('13.20');
    const entries = await server.db
      .selectFrom('customer_credits')
      .select(['amount', 'balance', 'order_ref'])
      .where('customer_ref', '=', customer)
      .execute();
    expect(entries).toEqual([{ amount: '8.20', balance: '13.20', order_ref: o.id }]);
    // The same return again (another sequence number) is refused, never credited twice.
    expect(await device.push('order.return', args)).toMatchObject({ status: 'rejected' });
    expect(await credit(customer)).toBe('13.20');
    const other = await sold(null);
    expect(
      await device.push('order.return', {
        ...args,
        id: randomUUID(),
        credit_id: randomUUID(),
        lines: [{ ...args.lines[0], id: randomUUID(), line_ref: other.partLine, quantity: 1 }],
      }),
    ).toMatchObject({ status: 'rejected', message: 'The item could not be found on this order.' });
    expect(
      await device.push('order.return', {
        ...args,
        id: randomUUID(),
        credit_id: randomUUID(),
        lines: [{ ...args.lines[0], id: randomUUID(), line_ref: o.partLine, quantity: 4 }],
      }),
    ).toMatchObject({ status: 'rejected', message: `Only 3 of ${part.name} can be returned.` });
    // A card refund never comes through the push; the server-only mutation is refused from a device.
    expect(
      await device.push('order.returnAtTerminal', { ...args, id: randomUUID(), refund_method: 'card' }),
    ).toMatchObject({ status: 'rejected' });
    const installerDevice = new Device(installer);
    expect(
      await installerDevice.push('order.return', {
        ...args,
        id: randomUUID(),
        refund_method: 'cash',
        credit_id: null,
        lines: [{ ...args.lines[0], id: randomUUID(), line_ref: o.partLine, quantity: 1 }],
      }),
    ).toMatchObject({ status: 'rejected' });
    expect(await credit(customer)).toBe('13.20');
  });

  it('card: refunded at the terminal for the derived amount; the payment’s Void/Return then refuses', async () => {
    const o = await sold(null, 'card');
    const r = await cashier.post(`/api/order/return?order_id=${o.number}`, {
      refund_method: 'card',
      lines: [returnLine(o.partLine, 1)],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.refunded).toBe(unitRefund(1));
    const refunds = await server.db
      .selectFrom('payment_attempts')
      .select(['status', 'amount', 'transaction_ref'])
      .where('order_ref', '=', o.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ status: 'approved', amount: unitRefund(1), transaction_ref: expect.any(String) }]);
    const v = await cashier.get(`/pos/checkout/voidOrReturn?transactionId=${refunds[0]!.transaction_ref}&from_pos=1`, {
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(v.status).toBe(409);
    // More than the card took cannot be refunded to it.
    const cash = await sold(null);
    const none = await cashier.post(`/api/order/return?order_id=${cash.number}`, {
      refund_method: 'card',
      lines: [returnLine(cash.partLine, 1)],
    });
    expect(none.status).toBe(422);
  });

  it('GET /api/customer_return and /api/customer_order: shape, sorts, paging, summary; /api/order/delete', async () => {
    const customer = await device.customer(server.db, '0.00');
    const o = await sold(customer);
    await cashier.post(`/api/order/return?order_id=${o.number}`, {
      refund_method: 'store_credit',
      lines: [returnLine(o.partLine, 1), returnLine(o.supplies, 1)],
    });
    const saved = randomUUID();
    await device.apply('order.create', { id: saved });
    await device.apply('cart.addCustomProduct', {
      order_ref: saved,
      line_id: randomUUID(),
      name: 'Wipers',
      price: '12.00',
      quantity: 1,
      tax_class_id: null,
    });
    await device.apply('order.setCustomer', { order_ref: saved, customer_ref: customer });
    await device.apply('order.save', { order_ref: saved });
    const savedNo = (
      await server.db.selectFrom('orders').select('order_id').where('id', '=', saved).executeTakeFirstOrThrow()
    ).order_id;

    const rets = await cashier.get(`/api/customer_return?customer_id=${customer}`);
    expect(rets.status).toBe(200);
    expect(rets.body).toMatchObject({ results: 2, totalPages: 1, position: 1 });
    expect(rets.body.data[0]).toMatchObject({
      order_id: o.number,
      product: part.name,
      return_status: 'Complete',
      editUrl: `/pos/order/view?order_id=${o.number}#returns`,
    });
    expect(Object.keys(rets.body.data[0])).toEqual(
      expect.arrayContaining([
        'return_id',
        'order_id',
        'product',
        'model',
        'return_status',
        'date_added',
        'date_modified',
        'editUrl',
      ]),
    );
    expect(rets.body.data[0].return_id).toBeLessThan(rets.body.data[1].return_id);
    const desc = await cashier.get(`/api/customer_return?customerId=${customer}&order=desc&limit=1&page=2`);
    expect(desc.body).toMatchObject({ results: 2, totalPages: 2, position: 2 });
    expect(desc.body.data[0].return_id).toBe(rets.body.data[0].return_id);

    const ords = await cashier.get(`/api/customer_order?customer_id=${customer}`);
    expect(ords.status).toBe(200);
    const spent = toWire(decimal(o.total).minus(unitRefund(1)).minus('4.10'));
    expect(ords.body).toMatchObject({
      results: 2,
      total_orders: 2,
      total_returns: 2,
      total_spent_text: formatUSD(decimal(spent)),
      outstanding_balance_text: '$12.00',
    });
    const [first, second] = ords.body.data;
    expect(first).toMatchObject({ order_id: o.number, deleteUrl: '', balance: '0.00', paceapi: '' });
    expect(second).toMatchObject({
      order_id: savedNo,
      balance: '12.00',
      balance_text: '$12.00',
      total_text: '$12.00',
      deleteUrl: `/api/order/delete?order_id=${savedNo}`,
      viewUrl: `/pos/order/view?order_id=${savedNo}`,
      editUrl: `/pos/order/continue?order_id=${savedNo}`,
    });

    const refused = await cashier.get(`/api/order/delete?order_id=${o.number}`);
    expect(refused.status).toBe(422);
    expect((await installer.get(`/api/order/delete?order_id=${savedNo}`)).status).toBe(403);
    expect((await shopper.get(`/api/customer_order?customer_id=${customer}`)).status).toBe(403);
    expect((await shopper.get(`/api/customer_return?customer_id=${customer}`)).status).toBe(403);
    expect((await cashier.get(`/api/customer_order?customer_id=nope`)).status).toBe(400);
    expect((await cashier.get(`/api/customer_order?customer_id=99999999`)).status).toBe(404);
    expect((await cashier.get(`/api/customer_return?customer_id=${customer}&sort=evil`)).status).toBe(400);
    expect((await cashier.get(`/api/order/delete?order_id=x`)).status).toBe(400);
    // A GET that deletes needs the session's CSRF token.
    expect((await cashier.get(`/api/order/delete?order_id=${savedNo}`, { 'x-csrf-token': 'forged' })).status).toBe(403);
    const del = await cashier.get(`/api/order/delete?order_id=${savedNo}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: 'Success: the order was deleted.' });
    expect(await server.db.selectFrom('orders').select('id').where('id', '=', saved).executeTakeFirst()).toBe(
      undefined,
    );
    expect((await cashier.get(`/api/order/delete?order_id=${savedNo}`)).status).toBe(404);
  });
});
