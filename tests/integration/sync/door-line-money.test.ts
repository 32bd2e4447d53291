/**
 * Every money field of a cart line comes from the catalog (price, surcharge,
 * option prices, labor rate) or from a staff override mutation with its own rules; a line whose
 * total would be negative is refused with the spec's message, whichever way it got there.
 * The core charge (products.surcharge) and a core return's credit are the catalog's too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORE_RETURN_ABOVE_TOTAL,
  CORE_RETURN_QUANTITY,
  coreReturnName,
  LINE_PRICE_MESSAGE,
  NO_CORE_CHARGE,
} from '../../../src/domain/mutations/cart';
import { testEngines } from '../../support/engines';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('line money comes from the catalog on %s', (engine) => {
  let server: CheckoutServer;
  let installer: Device;
  let product: { product_id: number; price: string };
  /** A part with a core charge (set here, as a shop edits its catalog). */
  let cored: { product_id: number; price: string; name: string };

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    installer = new Device(await signedIn(server.url, 'installer'));
    product = await server.db
      .selectFrom('products')
      .select(['product_id', 'price'])
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('price', '>', '5')
      .where('product_id', 'not in', server.db.selectFrom('product_options').select('product_id'))
      .where('surcharge', '=', '0')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    cored = await server.db
      .selectFrom('products')
      .select(['product_id', 'price', 'name'])
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('price', '>', '5')
      .where('product_id', 'not in', server.db.selectFrom('product_options').select('product_id'))
      .where('product_id', '<>', product.product_id)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('products')
      .set({ surcharge: '45.00', tax_class_id: null })
      .where('product_id', '=', cored.product_id)
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  const orderRow = (id: string) =>
    server.db
      .selectFrom('orders')
      .select(['order_total', 'totals', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('ignores a device surcharge (core charge): an installer cannot push an order total below zero', async () => {
    const order = randomUUID();
    await installer.apply('order.create', { id: order });
    const line = randomUUID();
    await installer.apply('cart.addProduct', {
      order_ref: order,
      line_id: line,
      product_id: product.product_id,
      name: 'x',
      price: '0.01',
      quantity: 1,
      tax_class_id: null,
      surcharge: '-500.00',
    });
    const row = await server.db
      .selectFrom('order_lines')
      .select('data')
      .where('id', '=', line)
      .executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ surcharge: '0.00', price: product.price });
    const o = await orderRow(order);
    expect((o.totals as { surcharge: string }).surcharge).toBe('0.00');
    expect(Number(o.order_total)).toBeGreaterThan(0);
  });

  it('refuses a line whose catalog options would make its total negative, with the spec’s message', async () => {
    const [opt] = await server.db
      .insertInto('product_options')
      .values({ product_id: product.product_id, name: 'Trade-in', type: 'select', required: false, sort_order: 1 })
      .returning('product_option_id')
      .execute();
    const [val] = await server.db
      .insertInto('product_option_values')
      .values({
        product_option_id: opt!.product_option_id,
        name: 'Huge credit',
        price: '100000.00',
        price_prefix: '-',
        sort_order: 1,
      })
      .returning('product_option_value_id')
      .execute();
    const order = randomUUID();
    await installer.apply('order.create', { id: order });
    const r = await installer.push('cart.addProduct', {
      order_ref: order,
      line_id: randomUUID(),
      product_id: product.product_id,
      name: 'x',
      price: '1.00',
      quantity: 1,
      tax_class_id: null,
      options: [
        {
          name: 'Trade-in',
          value: 'Huge credit',
          price: '0.00',
          product_option_id: opt!.product_option_id,
          product_option_value_id: val!.product_option_value_id,
        },
      ],
    });
    expect(r).toMatchObject({ status: 'rejected', code: 'invalid_args', message: LINE_PRICE_MESSAGE });
    expect(
      await server.db.selectFrom('order_lines').select('id').where('order_ref', '=', order).execute(),
    ).toHaveLength(0);
    await server.db.deleteFrom('product_options').where('product_option_id', '=', opt!.product_option_id).execute();
  });

  it('refuses a negative custom line price with the spec’s message', async () => {
    const order = randomUUID();
    await installer.apply('order.create', { id: order });
    const custom = await installer.push('cart.addCustomProduct', {
      order_ref: order,
      line_id: randomUUID(),
      name: 'Credit',
      price: '-50.00',
      quantity: 1,
      tax_class_id: null,
    });
    expect(custom).toMatchObject({ status: 'rejected', message: 'Price must be a positive number.' });
    expect((await orderRow(order)).order_total).toBe('0.00');
  });

  const addCored = async (order: string, surcharge: string, quantity = 1) => {
    const line = randomUUID();
    await installer.apply('cart.addProduct', {
      order_ref: order,
      line_id: line,
      product_id: cored.product_id,
      name: 'x',
      price: '0.01',
      quantity,
      tax_class_id: null,
      surcharge,
    });
    return line;
  };
  const lineData = async (id: string) =>
    await server.db.selectFrom('order_lines').select(['kind', 'data']).where('id', '=', id).executeTakeFirstOrThrow();

  it('takes a line’s core charge from the catalog, whatever the device sent', async () => {
    for (const sent of ['0.00', '999.00']) {
      const order = randomUUID();
      await installer.apply('order.create', { id: order });
      const line = await addCored(order, sent, 2);
      expect((await lineData(line)).data).toMatchObject({ surcharge: '45.00', price: cored.price });
      expect((await orderRow(order)).totals).toMatchObject({ surcharge: '90.00' });
    }
  });

  it('credits a core return at the catalog’s core charge, never the device’s', async () => {
    const order = randomUUID();
    await installer.apply('order.create', { id: order });
    await addCored(order, '45.00', 2);
    const back = randomUUID();
    const r = await installer.push('cart.addCoreReturn', {
      order_ref: order,
      line_id: back,
      product_id: cored.product_id,
      name: 'Forged',
      quantity: 2,
      surcharge: '500.00',
      tax_class_id: null,
    });
    expect(r).toMatchObject({ status: 'applied' });
    const row = await lineData(back);
    expect(row.kind).toBe('core_return');
    expect(row.data).toMatchObject({ surcharge: '45.00', quantity: 2, name: coreReturnName(cored.name) });
    const o = await orderRow(order);
    expect(o.totals).toMatchObject({ surcharge: '0.00' });
    expect(o.order_total).toBe((o.totals as { parts: string }).parts);
  });

  it('refuses a core return of a part without a core charge, even when the device claims one', async () => {
    const order = randomUUID();
    await installer.apply('order.create', { id: order });
    await addCored(order, '45.00');
    const r = await installer.push('cart.addCoreReturn', {
      order_ref: order,
      line_id: randomUUID(),
      product_id: product.product_id,
      name: 'x',
      quantity: 1,
      surcharge: '45.00',
      tax_class_id: null,
    });
    expect(r).toMatchObject({ status: 'rejected', code: 'invalid_args', message: NO_CORE_CHARGE });
    const missing = await installer.push('cart.addCoreReturn', {
      order_ref: order,
      line_id: randomUUID(),
      product_id: 2_000_000_000,
      name: 'x',
      quantity: 1,
      surcharge: '45.00',
      tax_class_id: null,
    });
    expect(missing).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(await server.db.selectFrom('order_lines').select('kind').where('order_ref', '=', order).execute()).toEqual([
      { kind: 'product' },
    ]);
  });

  it('refuses a core return above 99 parts or one that would take the order below $0.00', async () => {
    const order = randomUUID();
    await installer.apply('order.create', { id: order });
    const args = {
      order_ref: order,
      product_id: cored.product_id,
      name: 'x',
      surcharge: '45.00',
      tax_class_id: null,
    };
    expect(await installer.push('cart.addCoreReturn', { ...args, line_id: randomUUID(), quantity: 1 })).toMatchObject({
      status: 'rejected',
      message: CORE_RETURN_ABOVE_TOTAL,
    });
    await addCored(order, '45.00', 200);
    expect(await installer.push('cart.addCoreReturn', { ...args, line_id: randomUUID(), quantity: 100 })).toMatchObject(
      { status: 'rejected', message: CORE_RETURN_QUANTITY },
    );
    expect((await orderRow(order)).totals).toMatchObject({ surcharge: '9000.00' });
  });
});
