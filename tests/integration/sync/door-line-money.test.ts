/**
 * Every money field of a cart line comes from the catalog (price, surcharge,
 * option prices, labor rate) or from a staff override mutation with its own rules; a line whose
 * total would be negative is refused with the spec's message, whichever way it got there.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_PRICE_MESSAGE } from '../../../src/domain/mutations/cart';
import { testEngines } from '../../support/engines';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from '../checkout/support/checkout-server';

describe.each(testEngines())('line money comes from the catalog on %s', (engine) => {
  let server: CheckoutServer;
  let installer: Device;
  let product: { product_id: number; price: string };

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
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
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
});
