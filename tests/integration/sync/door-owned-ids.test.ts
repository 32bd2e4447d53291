/**
 * Record ids are owned. A pushed line or payment whose id belongs to another
 * order (and the public payment link paying with such an id) is refused as a conflict with a
 * clear message; the other order's row keeps its owner and its amount.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/services/notifications/notification-service';
import { ID_USED_ELSEWHERE } from '../../../server/services/checkout/checkout-service';
import { ID_TAKEN_MESSAGE } from '../../../server/commands/appliers/owned-ids';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('record ids are owned on %s', (engine) => {
  let server: CheckoutServer;
  let device: Device;
  let paid: { id: string; number: number };
  const payment = randomUUID();
  let lineOfPaid: string;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    device = new Device(await signedIn(server.url, 'cashier'));
    // A completed order paid in full with $100 cash.
    paid = await device.order(['100.00']);
    await device.apply('transaction.add', {
      order_ref: paid.id,
      id: payment,
      transaction_type: 'cash',
      amount: '100.00',
    });
    await device.apply('order.complete', { order_ref: paid.id });
    lineOfPaid = (
      await server.db.selectFrom('order_lines').select('id').where('order_ref', '=', paid.id).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const paymentRow = () =>
    server.db
      .selectFrom('transactions')
      .select(['order_ref', 'amount', 'status'])
      .where('id', '=', payment)
      .executeTakeFirstOrThrow();
  const lineRow = () =>
    server.db
      .selectFrom('order_lines')
      .select(['order_ref', 'name'])
      .where('id', '=', lineOfPaid)
      .executeTakeFirstOrThrow();

  it('refuses a pushed payment that reuses the id of another order’s payment', async () => {
    const draft = await device.order(['5.00']);
    const r = await device.push('transaction.add', {
      order_ref: draft.id,
      id: payment,
      transaction_type: 'cash',
      amount: '1.00',
    });
    expect(r).toMatchObject({ status: 'rejected', code: 'duplicate_id', message: ID_TAKEN_MESSAGE });
    expect(await paymentRow()).toEqual({ order_ref: paid.id, amount: '100.00', status: 'approved' });
  });

  it('refuses a pushed line (product, custom, labor, voucher) that reuses the id of another order’s line', async () => {
    const draft = await device.order(['5.00']);
    const labor = await server.db
      .selectFrom('labor_types')
      .select('labor_id')
      .orderBy('labor_id')
      .executeTakeFirstOrThrow();
    const product = await server.db
      .selectFrom('products')
      .select('product_id')
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('product_id', 'not in', server.db.selectFrom('product_options').select('product_id'))
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const attempts: [string, Record<string, unknown>][] = [
      [
        'cart.addCustomProduct',
        { order_ref: draft.id, line_id: lineOfPaid, name: 'Stolen', price: '1.00', quantity: 1, tax_class_id: null },
      ],
      [
        'cart.addProduct',
        {
          order_ref: draft.id,
          line_id: lineOfPaid,
          product_id: product.product_id,
          name: 'x',
          price: '1.00',
          quantity: 1,
          tax_class_id: null,
        },
      ],
      [
        'cart.addLabor',
        {
          order_ref: draft.id,
          line_id: lineOfPaid,
          labor_id: labor.labor_id,
          name: 'x',
          rate: '1.00',
          minutes: 60,
          quantity: 1,
        },
      ],
      [
        'cart.addVoucher',
        { order_ref: draft.id, line_id: lineOfPaid, code: `GC${randomUUID().slice(0, 8)}`, amount: '5.00' },
      ],
    ];
    for (const [name, args] of attempts) {
      expect(await device.push(name, args), name).toMatchObject({
        status: 'rejected',
        code: 'duplicate_id',
        message: ID_TAKEN_MESSAGE,
      });
    }
    expect(await lineRow()).toEqual({ order_ref: paid.id, name: 'Part 100.00' });
    const draftLines = await server.db
      .selectFrom('order_lines')
      .select('id')
      .where('order_ref', '=', draft.id)
      .execute();
    expect(draftLines).toHaveLength(1);
  });

  it('refuses a customer address id that belongs to another customer', async () => {
    const address = (a: string) => ({
      address_id: a,
      firstname: 'Ann',
      lastname: 'Owner',
      address_1: '1 Main Street',
      city: 'Austin',
      postcode: '78701',
      country_id: 223,
      zone_id: 0,
    });
    const a = randomUUID();
    const mine = randomUUID();
    await device.apply('customer.create', {
      id: mine,
      firstname: 'Ann',
      lastname: 'Owner',
      email: `ann-${mine.slice(0, 8)}@example.com`,
      telephone: '(512) 555-0100',
      addresses: [address(a)],
    });
    const other = randomUUID();
    const r = await device.push('customer.create', {
      id: other,
      firstname: 'Bob',
      lastname: 'Taker',
      email: `bob-${other.slice(0, 8)}@example.com`,
      telephone: '(512) 555-0101',
      addresses: [address(a)],
    });
    expect(r).toMatchObject({ status: 'rejected', code: 'duplicate_id', message: ID_TAKEN_MESSAGE });
    expect(
      (await server.db.selectFrom('addresses').select('customer_id').where('id', '=', a).executeTakeFirstOrThrow())
        .customer_id,
    ).toBe(mine);
  });

  it('refuses a payment-link payment (no sign-in) whose id is another order’s payment', async () => {
    const open = await device.order(['40.00']);
    const token = `t-${randomUUID()}`;
    await server.db
      .insertInto('payment_links')
      .values({
        order_ref: open.id,
        token_hash: hashToken(token),
        actor_id: '1',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const anon = new TestClient(server.url);
    const r = await anon.post('/api/pay/link', {
      token,
      id: payment,
      amount: '10.00',
      card: { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Pat' },
    });
    // Refused before the applier by the payment link's own check (it also covers card attempts);
    // the applier's owned-ids check is the backstop for every other path.
    expect(r.status).toBe(409);
    // The same answer as the HTTP addTransaction's (server/services/checkout/checkout-service.ts).
    expect(r.body).toMatchObject({ error: 'conflict', message: ID_USED_ELSEWHERE });
    expect(await paymentRow()).toEqual({ order_ref: paid.id, amount: '100.00', status: 'approved' });
    const openTx = await server.db.selectFrom('transactions').select('id').where('order_ref', '=', open.id).execute();
    expect(openTx).toHaveLength(0);
  });
});
