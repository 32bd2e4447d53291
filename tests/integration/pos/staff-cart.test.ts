/**
 * The staff cart calls (/checkout/cart/*) on the real server: roles, lines (catalog prices only,
 * options, labor), quantities, prices, custom products and labor with the spec's messages, and
 * totals equal to the domain's. Lifecycle calls are in staff-cart-lifecycle.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCartReplySchema, type StaffCartReply } from '../../../src/contracts/staff-cart';
import { decimal, toWire } from '../../../src/domain/money';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import {
  domainTotals,
  freshCashier,
  pickProducts,
  refused,
  startPos,
  type PickedProducts,
  type PosWorld,
} from './support';

const cart = (r: { status: number; body: unknown }): StaffCartReply => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return staffCartReplySchema.parse(r.body);
};

describe.each(testEngines())('staff cart calls on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('staff-only calls: a guest gets 401, a shopper 403; the shared paths give them the shopper cart, never a staff cart', async () => {
    refused(await w.guest.post('/checkout/cart/updatePrice', { key: randomUUID(), newPrice: '1.00' }), 401);
    refused(await w.shopper.post('/checkout/cart/updatePrice', { key: randomUUID(), newPrice: '1.00' }), 403);
    refused(
      await w.guest.post('/checkout/cart/addCustomProduct', {
        name: 'Rag',
        price: '1.00',
        quantity: 1,
        tax_class_id: null,
      }),
      401,
    );
    refused(await w.shopper.post('/checkout/cart/setCustomer', { customer_id: 1 }), 403);
    refused(await w.shopper.get('/checkout/cart/saveOrder'), 403);
    refused(await w.guest.post('/api/cart/applyPoNumber', { products: [] }), 401);
    for (const c of [w.guest, w.shopper]) {
      const r = await c.get('/checkout/cart/getData');
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty('order_ref');
      expect(r.body).not.toHaveProperty('order_data');
    }
  });

  it('starts empty and creates the cart on the first add, at the catalog price whatever the client sends', async () => {
    const c = await freshCashier(w);
    const empty = cart(await c.get('/checkout/cart/getData'));
    expect(empty).toMatchObject({
      products: [],
      order_id: null,
      order_ref: null,
      total_items: 0,
      confirm_button: false,
      order_data: null,
      total_text: '0 item(s) - $0.00',
    });
    const r = cart(
      await c.post('/checkout/cart/add', {
        product_id: p.plain.product_id,
        quantity: 2,
        price: '0.01',
        name: 'Free part',
      }),
    );
    expect(r.order_ref).not.toBeNull();
    expect(r.order_id).toBeGreaterThan(0);
    expect(r.products).toHaveLength(1);
    expect(r.products[0]).toMatchObject({
      product_id: p.plain.product_id,
      name: p.plain.name,
      quantity: 2,
      price: toWire(decimal(p.plain.price)),
      po_number: null,
    });
    expect(r.products[0]!.total).toBe(toWire(decimal(p.plain.price).times(2)));
    expect(r.success).toBe(`${p.plain.name} has been added to the cart.`);
    expect(r.confirm_button).toBe(true);
    expect(r.show_weight).toBe(true);
    expect(r.weight_text).toMatch(/^\d+\.\d{2} lb$/);
    // The same product again raises the quantity of its line.
    const again = cart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: '1' }));
    expect(again.products).toHaveLength(1);
    expect(again.products[0]!.quantity).toBe(3);
    expect(again.order_ref).toBe(r.order_ref);
  });

  it('refuses bad input: unknown or unorderable product, missing product, non-numeric quantity', async () => {
    const c = await freshCashier(w);
    refused(
      await c.post('/checkout/cart/add', { product_id: 99_999_999, quantity: 1 }),
      404,
      'This product could not be found.',
    );
    refused(
      await c.post('/checkout/cart/add', { product_id: p.notOrderable, quantity: 1 }),
      400,
      'This product cannot be ordered.',
    );
    refused(await c.post('/checkout/cart/add', { quantity: 1 }), 400, 'Select a product');
    refused(
      await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 'lots' }),
      400,
      'A number must be input',
    );
    // Nothing of a refused call is kept: still no cart.
    expect(cart(await c.get('/checkout/cart/getData')).order_ref).toBeNull();
  });

  it('quantities follow the spec: 0 falls back to the minimum, 10001 clamps to 10000 with its message', async () => {
    const c = await freshCashier(w);
    const zero = cart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 0 }));
    expect(zero.products[0]!.quantity).toBe(1);
    expect(zero.error_message).toBe('');
    const key = zero.products[0]!.key;
    const big = cart(await c.request('PUT', '/checkout/cart/edit', { key, quantity: 10001 }));
    expect(big.products[0]!.quantity).toBe(10000);
    expect(big.error_message).toBe('Maximum quantity is 10000');
    const back = cart(await c.request('PUT', '/checkout/cart/edit', { key, quantity: '0' }));
    expect(back.products[0]!.quantity).toBe(1);
    refused(
      await c.request('PUT', '/checkout/cart/edit', { quantity: 2 }),
      400,
      'The item could not be found on this order.',
    );
    refused(
      await c.request('PUT', '/checkout/cart/edit', { key: randomUUID(), quantity: 2 }),
      404,
      'The item could not be found on this order.',
    );
    refused(await c.request('PUT', '/checkout/cart/edit', { key, quantity: 'x' }), 400, 'A number must be input');
  });

  it('options are priced from the catalog; a required option must be chosen', async () => {
    const c = await freshCashier(w);
    refused(await c.post('/checkout/cart/add', { product_id: p.optioned.product_id, quantity: 1 }), 400);
    refused(
      await c.post('/checkout/cart/add', {
        product_id: p.optioned.product_id,
        quantity: 1,
        option: { [p.optioned.option_id]: 99_999_999 },
      }),
      400,
      'Choose one of the listed options.',
    );
    const r = cart(
      await c.post('/checkout/cart/add', {
        product_id: p.optioned.product_id,
        quantity: 1,
        option: { [p.optioned.option_id]: p.optioned.value_id },
      }),
    );
    const unit = decimal(p.optioned.price).plus(decimal(p.optioned.value_price));
    expect(r.products[0]!.option).toHaveLength(1);
    expect(r.products[0]!.option[0]!.option_price).toBe(toWire(decimal(p.optioned.value_price)));
    expect(r.products[0]!.price).toBe(toWire(unit));
  });

  it("apply_labor adds the product's installation labor once, at the labor type's rate", async () => {
    const c = await freshCashier(w);
    const r = cart(
      await c.post('/checkout/cart/add', { product_id: p.withLabor.product_id, quantity: 2, apply_labor: 1 }),
    );
    const product = r.products.find((x) => x.kind === 'product')!;
    const labor = r.products.find((x) => x.kind === 'labor')!;
    expect(labor.labor).toMatchObject({
      labor_id: p.withLabor.labor_id,
      minutes: p.withLabor.labor_time,
      rate: toWire(decimal(p.withLabor.rate)),
      product_key: product.key,
    });
    expect(labor.quantity).toBe(2);
    expect(labor.total).toBe(
      toWire(decimal(p.withLabor.rate).times(p.withLabor.labor_time).div(60).times(2).toDecimalPlaces(2)),
    );
    const again = cart(
      await c.post('/checkout/cart/add', { product_id: p.withLabor.product_id, quantity: 1, apply_labor: true }),
    );
    expect(again.products.filter((x) => x.kind === 'labor')).toHaveLength(1);
    // Removing the product removes its labor; removing the last line sends the client to the cart page.
    const gone = cart(await c.post('/checkout/cart/remove', { key: product.key }));
    expect(gone.products).toEqual([]);
    expect(gone.redirect).toBe('/checkout/cart');
  });

  it('remove: the last item redirects to /checkout/cart, others do not; a missing key is refused', async () => {
    const c = await freshCashier(w);
    cart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const two = cart(await c.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }));
    const one = cart(await c.post('/checkout/cart/remove', { key: two.products[0]!.key }));
    expect(one.redirect).toBeNull();
    expect(one.products).toHaveLength(1);
    refused(await c.post('/checkout/cart/remove', {}), 400);
    refused(
      await c.post('/checkout/cart/remove', { key: randomUUID() }),
      404,
      'The item could not be found on this order.',
    );
    const none = cart(await c.post('/checkout/cart/remove', { key: one.products[0]!.key }));
    expect(none.redirect).toBe('/checkout/cart');
  });

  it("updatePrice: the spec's messages; a negative price is refused with the reason", async () => {
    const c = await freshCashier(w);
    const r = cart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 }));
    const key = r.products[0]!.key;
    const ok = cart(await c.post('/checkout/cart/updatePrice', { key, newPrice: '5.5' }));
    expect(ok.success).toBe('The unit price has been updated.');
    expect(ok.products[0]).toMatchObject({
      price: '5.50',
      total: '11.00',
      price_overridden: true,
      original_price: toWire(decimal(p.plain.price)),
    });
    const neg = await c.post('/checkout/cart/updatePrice', { key, newPrice: '-1' });
    refused(neg, 400, "The unit price couldn't be updated.");
    expect(neg.body.fields.newPrice).toEqual(['Price must be at least $0.00']);
    refused(
      await c.post('/checkout/cart/updatePrice', { key, newPrice: '1.234' }),
      400,
      "The unit price couldn't be updated.",
    );
    refused(await c.post('/checkout/cart/updatePrice', { key, newPrice: 'abc' }), 400, 'A number must be input');
    refused(
      await c.post('/checkout/cart/updatePrice', { key: randomUUID(), newPrice: '3' }),
      404,
      "The unit price couldn't be updated.",
    );
  });

  it("addCustomProduct: the spec's validation messages, and totals equal to the domain's (8.25 % tax class)", async () => {
    const c = await freshCashier(w);
    refused(
      await c.post('/checkout/cart/addCustomProduct', { name: '', price: '10', quantity: 1 }),
      400,
      'Name is a required field.',
    );
    refused(
      await c.post('/checkout/cart/addCustomProduct', { name: 'Core', price: '-3', quantity: 1 }),
      400,
      'Price must be a positive number.',
    );
    refused(
      await c.post('/checkout/cart/addCustomProduct', { name: 'Core', price: '3', quantity: 0 }),
      400,
      'Quantity must be a positive number.',
    );
    const r = cart(
      await c.post('/checkout/cart/addCustomProduct', {
        name: 'Shop rag',
        price: '10.00',
        quantity: 2,
        tax_class_id: 1,
      }),
    );
    expect(r.order_data).toMatchObject({
      parts: '20.00',
      tax: '1.65',
      order_total: '21.65',
      balance_due: '21.65',
      paid_in_full: false,
    });
    const withPart = cart(await c.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 3 }));
    const d = await domainTotals(w, withPart.order_ref!);
    expect(withPart.order_data).toMatchObject({
      parts: d.parts,
      tax: d.tax,
      labor: d.labor,
      order_total: d.order_total,
      balance_due: d.balance_due,
    });
    expect(withPart.order_data!.totals.map((t) => [t.code, t.title, t.text])).toEqual(
      d.rows.map((t) => [t.code, t.title, t.text]),
    );
    expect(withPart.total_text).toBe(`5 item(s) - ${d.rows.at(-1)!.text}`);
  });

  it("applyLabor and updateLabor: custom labor with the spec's messages", async () => {
    const c = await freshCashier(w);
    refused(
      await c.post('/checkout/cart/applyLabor', { laborId: p.withLabor.labor_id, laborTime: 0, quantity: 1 }),
      400,
      'Time must be a positive number',
    );
    refused(
      await c.post('/checkout/cart/applyLabor', { laborId: p.withLabor.labor_id, laborTime: 30, quantity: -1 }),
      400,
      'Quantity must be a positive number',
    );
    refused(
      await c.post('/checkout/cart/applyLabor', { laborId: 99_999, laborTime: 30, quantity: 1 }),
      404,
      'This labor type could not be found.',
    );
    const r = cart(
      await c.post('/checkout/cart/applyLabor', {
        laborId: p.withLabor.labor_id,
        laborTime: 90,
        quantity: 1,
        name: 'Brake bleed',
      }),
    );
    const labor = r.products[0]!;
    expect(labor).toMatchObject({
      kind: 'labor',
      name: 'Brake bleed',
      total: toWire(decimal(p.withLabor.rate).times(1.5)),
    });
    expect(labor.labor!.time_text).toBe('1 hr 30 min');
    const time = cart(await c.post('/checkout/cart/updateLabor', { key: labor.key, laborTime: 60, quantity: 2 }));
    expect(time.success).toBe('The labor has been updated.');
    expect(time.products[0]).toMatchObject({ quantity: 2, total: toWire(decimal(p.withLabor.rate).times(2)) });
    const price = cart(await c.post('/checkout/cart/updateLabor', { key: labor.key, price: '40' }));
    expect(price.products[0]).toMatchObject({ price: '40.00', total: '80.00', price_overridden: true });
    const bad = await c.post('/checkout/cart/updateLabor', { key: labor.key, price: '-5' });
    refused(bad, 400, "The labor couldn't be updated.");
    expect(bad.body.fields.price).toEqual(['Price must be at least $0.00']);
    refused(
      await c.post('/checkout/cart/updateLabor', { key: randomUUID(), laborTime: 30 }),
      404,
      "The labor couldn't be updated.",
    );
    const cleared = cart(await c.post('/checkout/cart/updateLabor', { key: labor.key, price: null }));
    expect(cleared.products[0]!.price_overridden).toBe(false);
  });

  it('a cart belongs to its session: another cashier never sees or edits it', async () => {
    const a: TestClient = await freshCashier(w);
    const b: TestClient = await freshCashier(w, 'cashier2');
    const mine = cart(await a.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    const theirs = cart(await b.get('/checkout/cart/getData'));
    expect(theirs.order_ref).toBeNull();
    refused(
      await b.request('PUT', '/checkout/cart/edit', { key: mine.products[0]!.key, quantity: 5 }),
      404,
      'There is no order in the cart.',
    );
    const other = cart(await b.post('/checkout/cart/add', { product_id: p.plain2.product_id, quantity: 1 }));
    expect(other.order_ref).not.toBe(mine.order_ref);
    refused(
      await b.request('PUT', '/checkout/cart/edit', { key: mine.products[0]!.key, quantity: 5 }),
      404,
      'The item could not be found on this order.',
    );
    expect(cart(await a.get('/checkout/cart/getData')).products[0]!.quantity).toBe(1);
    // The same cashier signed in twice has two sessions, so two carts.
    const a2 = await freshCashier(w);
    expect(cart(await a2.get('/checkout/cart/getData')).order_ref).toBeNull();
  });
});
