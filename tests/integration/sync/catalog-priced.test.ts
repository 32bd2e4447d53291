import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { money, toWire } from '../../../src/domain/money';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('catalog facts are re-read by the server on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  const order = randomUUID();
  let next = 1;
  const push = (name: string, args: unknown) =>
    cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at }],
    });

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    expect((await push('order.create', { id: order })).body.results[0].status).toBe('applied');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds a product at the catalog price, name and minimum whatever the device sent', async () => {
    const p = await server.db
      .selectFrom('products')
      .select(['product_id', 'name', 'mpn', 'price', 'minimum'])
      .where('price', '>', '10')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const r = await push('cart.addProduct', {
      order_ref: order,
      line_id: randomUUID(),
      product_id: p.product_id,
      name: 'Cheap thing',
      price: '0.01',
      quantity: 1,
      minimum: 1,
      tax_class_id: null,
    });
    expect(r.body.results[0]).toEqual({ id: next - 1, status: 'applied' });
    const line = await server.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_ref', '=', order)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ name: p.name, quantity: Math.max(1, p.minimum) });
    expect(line.data).toMatchObject({ mpn: p.mpn, price: p.price });
  });

  it('rejects an unknown product with a clear reason, and the queue moves on', async () => {
    const r = await push('cart.addProduct', {
      order_ref: order,
      line_id: randomUUID(),
      product_id: 999999999,
      name: 'x',
      price: '1.00',
      quantity: 1,
      tax_class_id: null,
    });
    expect(r.body.results[0]).toMatchObject({
      status: 'rejected',
      code: 'not_found',
      message: 'This product could not be found.',
    });
  });

  /** A product of its own with a required Size and an optional Finish (one value subtracts), written for this test. */
  async function optionedProduct() {
    const p = await server.db
      .selectFrom('products')
      .select(['product_id', 'price'])
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('product_id', 'not in', server.db.selectFrom('product_options').select('product_id'))
      .orderBy('product_id', 'desc')
      .executeTakeFirstOrThrow();
    const [size, finish] = await server.db
      .insertInto('product_options')
      .values([
        { product_id: p.product_id, name: 'Size', type: 'select', required: true, sort_order: 1 },
        { product_id: p.product_id, name: 'Finish', type: 'radio', required: false, sort_order: 2 },
      ])
      .returning('product_option_id')
      .execute();
    const [big, small, matte] = await server.db
      .insertInto('product_option_values')
      .values([
        { product_option_id: size!.product_option_id, name: '20x9', price: '50.00', price_prefix: '+', sort_order: 1 },
        { product_option_id: size!.product_option_id, name: '17x8.5', price: '0.00', price_prefix: '+', sort_order: 2 },
        {
          product_option_id: finish!.product_option_id,
          name: 'Matte',
          price: '12.50',
          price_prefix: '-',
          sort_order: 1,
        },
      ])
      .returning('product_option_value_id')
      .execute();
    return {
      product: p,
      size: size!.product_option_id,
      finish: finish!.product_option_id,
      big: big!.product_option_value_id,
      small: small!.product_option_value_id,
      matte: matte!.product_option_value_id,
    };
  }

  it('prices chosen options from the catalog by their ids, never from the device (names, values, prices, total)', async () => {
    const o = await optionedProduct();
    const lineId = randomUUID();
    const parts = async () =>
      (
        (await server.db.selectFrom('orders').select('totals').where('id', '=', order).executeTakeFirstOrThrow())
          .totals as { parts: string }
      ).parts;
    const partsBefore = await parts();
    const r = await push('cart.addProduct', {
      order_ref: order,
      line_id: lineId,
      product_id: o.product.product_id,
      name: 'x',
      price: '0.01',
      quantity: 2,
      tax_class_id: null,
      options: [
        {
          name: 'Size',
          value: 'Free upgrade',
          price: '-500.00',
          product_option_id: o.size,
          product_option_value_id: o.big,
        },
        {
          name: 'Finish',
          value: 'Matte',
          price: '0.00',
          product_option_id: o.finish,
          product_option_value_id: o.matte,
        },
      ],
    });
    expect(r.body.results[0]).toEqual({ id: next - 1, status: 'applied' });
    const line = await server.db
      .selectFrom('order_lines')
      .selectAll()
      .where('id', '=', lineId)
      .executeTakeFirstOrThrow();
    expect((line.data as { options: unknown }).options).toEqual([
      { name: 'Size', value: '20x9', price: '50.00', product_option_id: o.size, product_option_value_id: o.big },
      {
        name: 'Finish',
        value: 'Matte',
        price: '-12.50',
        product_option_id: o.finish,
        product_option_value_id: o.matte,
      },
    ]);
    const unit = money(o.product.price).plus('50.00').minus('12.50');
    expect(line.data).toMatchObject({ price: o.product.price });
    expect(await parts()).toBe(toWire(money(partsBefore).plus(unit.times(2))));
  });

  it('refuses an option without its ids, a missing required option and a value of another option; nothing is added', async () => {
    const o = await optionedProduct();
    const before = await server.db.selectFrom('order_lines').select('id').where('order_ref', '=', order).execute();
    const add = (options: unknown[]) =>
      push('cart.addProduct', {
        order_ref: order,
        line_id: randomUUID(),
        product_id: o.product.product_id,
        name: 'x',
        price: '1.00',
        quantity: 1,
        tax_class_id: null,
        options,
      });
    expect((await add([{ name: 'Size', value: '20x9', price: '-500.00' }])).body.results[0]).toMatchObject({
      status: 'rejected',
      code: 'invalid_args',
      message: 'Choose one of the listed options.',
    });
    expect((await add([])).body.results[0]).toMatchObject({
      status: 'rejected',
      code: 'invalid_args',
      message: 'Size required!',
    });
    expect(
      (
        await add([
          { name: 'Size', value: 'Matte', price: '0.00', product_option_id: o.size, product_option_value_id: o.matte },
        ])
      ).body.results[0],
    ).toMatchObject({
      status: 'rejected',
      message: 'Choose one of the listed options.',
    });
    expect(
      await server.db.selectFrom('order_lines').select('id').where('order_ref', '=', order).execute(),
    ).toHaveLength(before.length);
  });

  it('adds labor at the labor type rate, not the device rate', async () => {
    const l = await server.db.selectFrom('labor_types').selectAll().orderBy('labor_id').executeTakeFirstOrThrow();
    const lineId = randomUUID();
    const r = await push('cart.addLabor', {
      order_ref: order,
      line_id: lineId,
      labor_id: l.labor_id,
      name: l.title,
      rate: '1.00',
      minutes: 60,
      quantity: 1,
    });
    expect(r.body.results[0].status).toBe('applied');
    const line = await server.db
      .selectFrom('order_lines')
      .selectAll()
      .where('id', '=', lineId)
      .executeTakeFirstOrThrow();
    expect(line.data).toMatchObject({ rate: l.amount });
  });
});
