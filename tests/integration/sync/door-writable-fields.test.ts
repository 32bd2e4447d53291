/**
 * Per role, the fields of customer and order mutations it may write
 * (src/domain/mutations/writable-fields.ts). A shopper cannot grant themself tax exemption, a
 * customer group, "safe" or another status; an installer cannot either, nor override a price; a
 * cashier can. Staff-only fields left out of an update keep their value.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldNotWritable, MUTATION_NOT_PERMITTED } from '../../../src/domain/mutations/writable-fields';
import { FORBIDDEN_MESSAGE } from '../../../server/sync/door';
import { testEngines } from '../../support/engines';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('writable fields per role on %s', (engine) => {
  let server: CheckoutServer;
  let shopper: Device;
  let installer: Device;
  let cashier: Device;
  let me: string;
  let wholesale: number;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    const s = await signedIn(server.url, 'shopper@example.com', 'shopper');
    me = (await s.get('/api/session')).body.user.id;
    shopper = new Device(s);
    installer = new Device(await signedIn(server.url, 'installer'));
    cashier = new Device(await signedIn(server.url, 'cashier'));
    wholesale = (
      await server.db
        .selectFrom('customer_groups')
        .select('customer_group_id')
        .where('name', '=', 'Wholesale')
        .executeTakeFirstOrThrow()
    ).customer_group_id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const privileges = (id: string) =>
    server.db
      .selectFrom('customers')
      .select(['firstname', 'tax_exempt', 'tax_exempt_number', 'customer_group_id', 'safe', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const base = { firstname: 'Sam', lastname: 'Shopper', email: 'shopper@example.com', telephone: '(512) 555-0199' };

  it('refuses a shopper who grants themself tax exemption, Wholesale, safe; their record is unchanged', async () => {
    const before = await privileges(me);
    const tries: [Record<string, unknown>, string][] = [
      [{ tax_exempt: true, tax_exempt_number: 'TX-1' }, 'tax_exempt'],
      [{ tax_exempt_number: 'TX-1' }, 'tax_exempt_number'],
      [{ customer_group_id: wholesale }, 'customer_group_id'],
      [{ safe: !before.safe }, 'safe'],
      [{ status: !before.status }, 'status'],
    ];
    for (const [extra, key] of tries) {
      const r = await shopper.push('customer.update', { customer_ref: me, ...base, ...extra });
      expect(r, key).toMatchObject({ status: 'rejected', code: 'not_permitted', message: fieldNotWritable(key) });
    }
    expect(await privileges(me)).toEqual(before);
  });

  it('lets a shopper edit their own name; staff-only fields left out keep their value', async () => {
    await server.db
      .updateTable('customers')
      .set({ tax_exempt: true, tax_exempt_number: 'EX-9', customer_group_id: wholesale })
      .where('id', '=', me)
      .execute();
    const r = await shopper.push('customer.update', { customer_ref: me, ...base, firstname: 'Samuel' });
    expect(r).toMatchObject({ status: 'applied' });
    expect(await privileges(me)).toMatchObject({
      firstname: 'Samuel',
      tax_exempt: true,
      tax_exempt_number: 'EX-9',
      customer_group_id: wholesale,
    });
    // Sending the current values back unchanged is fine too.
    const same = await shopper.push('customer.update', {
      customer_ref: me,
      ...base,
      tax_exempt: true,
      tax_exempt_number: 'EX-9',
      customer_group_id: wholesale,
    });
    expect(same).toMatchObject({ status: 'applied' });
  });

  it('refuses an installer who makes a customer tax exempt or overrides a price; a cashier may', async () => {
    const id = randomUUID();
    const customer = {
      id,
      firstname: 'Ivy',
      lastname: 'Install',
      email: `ivy-${id.slice(0, 8)}@example.com`,
      telephone: '(512) 555-0123',
    };
    expect(
      await installer.push('customer.create', { ...customer, tax_exempt: true, tax_exempt_number: 'X' }),
    ).toMatchObject({ status: 'rejected', message: fieldNotWritable('tax_exempt') });
    await installer.apply('customer.create', customer);
    expect(
      await installer.push('customer.update', {
        customer_ref: id,
        ...customer,
        id: undefined,
        tax_exempt: true,
        tax_exempt_number: 'X',
      }),
    ).toMatchObject({
      status: 'rejected',
      message: fieldNotWritable('tax_exempt'),
    });
    await cashier.apply('customer.update', {
      customer_ref: id,
      ...customer,
      id: undefined,
      tax_exempt: true,
      tax_exempt_number: 'X',
    });
    expect((await privileges(id)).tax_exempt).toBe(true);

    const order = await installer.order(['20.00']);
    const line = (
      await server.db.selectFrom('order_lines').select('id').where('order_ref', '=', order.id).executeTakeFirstOrThrow()
    ).id;
    expect(
      await installer.push('cart.updatePrice', { order_ref: order.id, line_id: line, new_price: '0.01' }),
    ).toMatchObject({ status: 'rejected', code: 'not_permitted', message: fieldNotWritable('new_price') });
    expect(
      (await server.db.selectFrom('orders').select('order_total').where('id', '=', order.id).executeTakeFirstOrThrow())
        .order_total,
    ).toBe('20.00');
    expect(
      await cashier.push('cart.updatePrice', { order_ref: order.id, line_id: line, new_price: '15.00' }),
    ).toMatchObject({ status: 'applied' });
  });

  it('refuses an installer who takes, voids or completes money through the push, as the HTTP calls do; a cashier may', async () => {
    const order = await installer.order(['20.00']);
    const pay = { order_ref: order.id, transaction_type: 'cash', amount: '20.00' };
    const refused = { status: 'rejected', code: 'forbidden', message: FORBIDDEN_MESSAGE };
    expect(await installer.push('transaction.add', { ...pay, id: randomUUID() })).toMatchObject(refused);
    expect(await installer.push('order.void', { order_ref: order.id })).toMatchObject(refused);
    expect(await installer.push('order.complete', { order_ref: order.id })).toMatchObject(refused);
    expect(
      await server.db
        .selectFrom('orders')
        .select(['amount_paid', 'status'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ amount_paid: '0.00', status: 'saved' });
    const txId = randomUUID();
    expect(await cashier.push('transaction.add', { ...pay, id: txId })).toMatchObject({ status: 'applied' });
    expect(await installer.push('transaction.void', { order_ref: order.id, transaction_ref: txId })).toMatchObject(
      refused,
    );
    expect(await installer.push('transaction.voidAll', { order_ref: order.id })).toMatchObject(refused);
    expect(
      (await server.db.selectFrom('orders').select('amount_paid').where('id', '=', order.id).executeTakeFirstOrThrow())
        .amount_paid,
    ).toBe('20.00');
  });

  it('refuses every order mutation from a shopper', async () => {
    const r = await shopper.push('order.create', { id: randomUUID() });
    expect(r).toMatchObject({ status: 'rejected' });
    expect(r.message).toBe(MUTATION_NOT_PERMITTED);
  });
});
