/**
 * Stock in the shopper cart never contradicts itself (docs/decisions/storefront.md "Stock on cards
 * and in the cart"): a short line whose product ships from the distributor (its own out-of-stock
 * text) shows that text and may be checked out; a short line with §8's default text stops checkout
 * (confirm_button false, createOrder 409) unless the shop allows checking out short. The cart also
 * says whether the card processor is the simulator (the checkout's "Test mode" label).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_ORDER_TEXT } from '../../../server/db/demo/parts';
import { DEFAULT_OOS_TEXT } from '../../../src/domain/inventory';
import { testEngines } from '../../support/engines';
import { pickProducts, startPos, type PickedProducts, type PosWorld } from '../pos/support';
import { shopCart, ShopClient } from './support';

const R = '/index.php?route=checkout/confirm/createOrder';
const order = () => ({
  checkout_key: randomUUID(),
  firstname: 'Pat',
  lastname: 'Guest',
  email: 'pat@example.com',
  telephone: '',
  card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
});

describe.each(testEngines())('stock in the shopper cart on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('a part that ships from the distributor may be checked out short; its line shows only its own text', async () => {
    const own = await w.server.db
      .selectFrom('products')
      .select('product_id')
      .where('oos_text', '=', SPECIAL_ORDER_TEXT)
      .where('status', '=', true)
      .where('is_orderable', '=', true)
      .where('disable_pricing', '=', false)
      .where('requires_options', '=', false)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const g = new ShopClient(w.server.url);
    const r = shopCart(await g.post('/checkout/cart/add', { product_id: own.product_id, quantity: 9_999 }));
    expect(r.products[0]).toMatchObject({ show_stock_warning: true, oos_text: SPECIAL_ORDER_TEXT });
    expect(r.confirm_button).toBe(true);
    expect(r.card_test_mode).toBe(true);
    const placed = await g.post(R, order());
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('a short part with the default text stops checkout, in the cart and at createOrder', async () => {
    const g = new ShopClient(w.server.url);
    const r = shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 9_999 }));
    expect(r.products[0]).toMatchObject({ show_stock_warning: true, oos_text: DEFAULT_OOS_TEXT });
    expect(r.confirm_button).toBe(false);
    const refused = await g.post(R, order());
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(DEFAULT_OOS_TEXT);
  });
});
