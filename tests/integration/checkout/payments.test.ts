/**
 * The checkout's payment calls on a real server: every payment type's rule comes back from the
 * domain with its message, retries are idempotent, voids reverse what adding did, completion
 * follows order.complete, and only staff may call any of it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, testSettings, type CheckoutServer } from './support/checkout-server';

describe.each(testEngines())('checkout payments on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let device: Device;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    cashier = await signedIn(server.url, 'cashier');
    device = new Device(cashier);
  });
  afterAll(async () => {
    await server?.close();
  });

  const pay = (orderId: string | number, transaction: Record<string, unknown>) =>
    cashier.post('/pos/checkout/addTransaction', { orderId, transaction: { id: randomUUID(), ...transaction } });

  it('answers the transactions and the Checkout state by uuid or by order number', async () => {
    const o = await device.order(['40.00', '10.00']);
    expect((await pay(o.id, { transaction_type: 'cash', amount: '15' })).status).toBe(200);
    for (const ref of [o.id, String(o.number)]) {
      const r = await cashier.get(`/pos/checkout/getTransactions?orderId=${ref}`);
      expect(r.status).toBe(200);
      expect(r.body.checkout).toMatchObject({
        orderTotal: '50.00',
        costParts: '50.00',
        costTax: '0.00',
        amountPaid: '15.00',
        balanceDue: '35.00',
        storeCredit: '0.00',
        bookedAppointments: [],
        statusText: 'Outstanding Balance',
      });
      expect(r.body.transactions).toMatchObject([
        {
          transaction_type: 'cash',
          amount: '15.00',
          void: false,
          status: 'approved',
          card: null,
          datacap_dc_direct: null,
        },
      ]);
    }
    expect((await cashier.get('/pos/checkout/getTransactions?orderId=999999')).status).toBe(404);
  });

  it('refuses amounts of $0.00 or less and bad amounts with the spec message, never a 500', async () => {
    const o = await device.order(['20.00']);
    for (const amount of ['0', '-5', 'abc', '0.001']) {
      const r = await pay(o.id, { transaction_type: 'cash', amount });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'amount_not_positive', message: 'Amount must be more than $0.00' });
    }
    for (const body of [
      {},
      { orderId: o.id },
      { orderId: 'nope', transaction: {} },
      { orderId: o.id, transaction: { id: 'x', transaction_type: 'cash', amount: '1' } },
      { orderId: o.id, transaction: { id: randomUUID(), transaction_type: 'gold', amount: '1' } },
    ]) {
      const r = await cashier.post('/pos/checkout/addTransaction', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid_input');
    }
    expect(
      (await cashier.post('/pos/checkout/addTransaction', '{broken', { 'content-type': 'application/json' })).status,
    ).toBe(400);
  });

  it('caps check, card and online at the balance, lets cash overpay (Change Due), checks check numbers', async () => {
    const o = await device.order(['30.00']);
    for (const type of ['check', 'card', 'online']) {
      const r = await pay(o.id, { transaction_type: type, amount: '30.01', check_number: 100 });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Max amount allowed: $30.00');
    }
    for (const check_number of [null, 0, 'abc', 1.5, '-3']) {
      const r = await pay(o.id, { transaction_type: 'check', amount: '5', check_number });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Check number must be a whole number of at least 1');
    }
    expect(
      (await pay(o.id, { transaction_type: 'check', amount: '5', check_number: '1001' })).body.transaction,
    ).toMatchObject({ check_number: 1001, amount: '5.00' });
    const cash = await pay(o.id, { transaction_type: 'cash', amount: '40' });
    expect(cash.body.checkout).toMatchObject({
      amountPaid: '45.00',
      balanceDue: '-15.00',
      balanceLabel: 'Change Due',
      statusText: 'Paid In Full',
    });
    const more = await pay(o.id, { transaction_type: 'cash', amount: '1' });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('There is no balance due on this order.');
  });

  it('store credit: capped at the lesser of credit and balance, lowered on add, restored on void', async () => {
    const customer = await device.customer(server.db, '25.00');
    const o = await device.order(['60.00'], { customer });
    const over = await pay(o.id, { transaction_type: 'store_credit', amount: '25.01' });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('Not enough store credit: $25.00 available.');
    const ok = await pay(o.id, { transaction_type: 'store_credit', amount: '20' });
    expect(ok.status).toBe(200);
    expect(ok.body.checkout).toMatchObject({ storeCredit: '5.00', amountPaid: '20.00', balanceDue: '40.00' });
    const credit = async () =>
      (
        await server.db
          .selectFrom('customers')
          .select('store_credit')
          .where('id', '=', customer)
          .executeTakeFirstOrThrow()
      ).store_credit;
    expect(await credit()).toBe('5.00');
    const v = await cashier.post('/pos/checkout/voidTransaction', { transaction: { id: ok.body.transaction.id } });
    expect(v.status).toBe(200);
    expect(v.body.transaction).toMatchObject({ void: true, status: 'void' });
    expect(v.body.checkout).toMatchObject({ storeCredit: '25.00', amountPaid: '0.00' });
    expect(await credit()).toBe('25.00');
    const noCustomer = await device.order(['5.00']);
    expect((await pay(noCustomer.id, { transaction_type: 'store_credit', amount: '1' })).status).toBe(422);
  });

  it('replays a retried addTransaction: the same id twice is one transaction, answered again', async () => {
    const o = await device.order(['12.00']);
    const transaction = { id: randomUUID(), transaction_type: 'cash', amount: '5.00' };
    const first = await cashier.post('/pos/checkout/addTransaction', { orderId: o.id, transaction });
    const again = await Promise.all(
      [1, 2, 3].map(() => cashier.post('/pos/checkout/addTransaction', { orderId: o.id, transaction })),
    );
    expect(first.body.replayed).toBe(false);
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        replayed: true,
        transaction: { id: transaction.id, amount: '5.00' },
        checkout: { amountPaid: '5.00' },
      });
    }
    const rows = await server.db.selectFrom('transactions').select('id').where('order_ref', '=', o.id).execute();
    expect(rows).toHaveLength(1);
    const other = await device.order(['3.00']);
    const stolen = await cashier.post('/pos/checkout/addTransaction', { orderId: other.id, transaction });
    expect(stolen.status).toBe(409);
  });

  it('voids one (by number too), refuses a second void, and voids all', async () => {
    const o = await device.order(['50.00']);
    const a = (await pay(o.id, { transaction_type: 'cash', amount: '10' })).body.transaction;
    const b = (await pay(o.id, { transaction_type: 'check', amount: '15', check_number: 7 })).body.transaction;
    const v = await cashier.post('/pos/checkout/voidTransaction', {
      transaction: { transaction_id: a.transaction_id },
    });
    expect(v.body.checkout).toMatchObject({ amountPaid: '15.00', balanceDue: '35.00' });
    const twice = await cashier.post('/pos/checkout/voidTransaction', { transaction: { id: a.id } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This transaction has already been voided.');
    expect((await cashier.post('/pos/checkout/voidTransaction', { transaction: { id: randomUUID() } })).status).toBe(
      404,
    );
    expect((await cashier.post('/pos/checkout/voidTransaction', { transaction: {} })).status).toBe(400);
    // A state-changing GET needs the CSRF token, as a POST does (X-Requested-With alone no longer does).
    expect(
      (
        await cashier.get(`/pos/checkout/voidTransactions?orderId=${o.id}`, {
          'x-requested-with': 'XMLHttpRequest',
          'x-csrf-token': '',
        })
      ).status,
    ).toBe(403);
    const all = await cashier.get(`/pos/checkout/voidTransactions?orderId=${o.id}`, {
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(all.status).toBe(200);
    expect(all.body.checkout).toMatchObject({ amountPaid: '0.00', balanceDue: '50.00' });
    expect(all.body.transactions.map((t: any) => [t.id, t.void])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
  });

  it('completes an order; the PO-number rule and an empty order are refused with messages.error', async () => {
    const o = await device.order(['8.00']);
    const done = await cashier.post(`/pos/checkout/complete?orderId=${o.number}`, {});
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ orderId: o.number, orderRef: o.id, messages: { error: [] } });
    const again = await cashier.post(`/pos/checkout/complete?orderId=${o.id}`, {});
    expect(again.status).toBe(409);
    expect(again.body.messages.error).toEqual(['This order is complete and can no longer be changed.']);
    // Payments are still taken on a complete order with a balance (the outstanding_balance tab).
    expect((await pay(o.id, { transaction_type: 'cash', amount: '8' })).status).toBe(200);

    server.settings = { ...testSettings(), poNumbersEnabled: true, requirePoNumbers: true };
    try {
      const po = await device.order(['9.00']);
      const r = await cashier.post(`/pos/checkout/complete?orderId=${po.id}`, {});
      expect(r.status).toBe(422);
      expect(r.body.messages.error).toEqual(['Please add a PO Number to each product before completing check out']);
    } finally {
      server.settings = testSettings();
    }
    const empty = (await device.order([])).id;
    expect((await cashier.post(`/pos/checkout/complete?orderId=${empty}`, {})).body.messages.error).toEqual([
      'There are no items on this order.',
    ]);
  });

  it('adds the card surcharge per settings to a card payment (credit, not debit)', async () => {
    server.settings = { ...testSettings(), cardSurcharge: { percent: '3', applyToDebit: false, taxClassId: null } };
    try {
      const o = await device.order(['100.00']);
      const credit = await pay(o.id, { transaction_type: 'card', amount: '50', card_type: 'credit' });
      expect(credit.body.transaction).toMatchObject({ amount: '50.00', surcharge: '1.50' });
      expect(credit.body.checkout).toMatchObject({
        orderTotal: '101.50',
        costCreditCardSurcharge: '1.50',
        amountPaid: '51.50',
        balanceDue: '50.00',
      });
      const debit = await pay(o.id, { transaction_type: 'card', amount: '50', card_type: 'debit' });
      expect(debit.body.transaction).toMatchObject({ surcharge: '0.00' });
    } finally {
      server.settings = testSettings();
    }
  });

  it('a disabled payment type is refused by the domain', async () => {
    server.settings = { ...testSettings(), paymentTypeFlags: { ...testSettings().paymentTypeFlags, check: false } };
    try {
      const o = await device.order(['5.00']);
      const r = await pay(o.id, { transaction_type: 'check', amount: '1', check_number: 1 });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Check payments are not enabled.');
    } finally {
      server.settings = testSettings();
    }
  });

  it('lets only staff call: guest 401, shopper 403', async () => {
    const guest = new TestClient(server.url);
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    const o = await device.order(['1.00']);
    for (const [c, status] of [
      [guest, 401],
      [shopper, 403],
    ] as const) {
      expect((await c.get(`/pos/checkout/getTransactions?orderId=${o.id}`)).status).toBe(status);
      expect(
        (
          await c.post('/pos/checkout/addTransaction', {
            orderId: o.id,
            transaction: { id: randomUUID(), transaction_type: 'cash', amount: '1' },
          })
        ).status,
      ).toBe(status);
      expect((await c.post(`/pos/checkout/complete?orderId=${o.id}`, {})).status).toBe(status);
      expect((await c.get('/pos/checkout/getVoucher?voucherCode=X')).status).toBe(status);
    }
  });
});
