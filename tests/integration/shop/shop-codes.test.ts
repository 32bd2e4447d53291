/**
 * Gift certificate codes on the shopper cart: applied codes show what they would redeem after the
 * total, coupons and unknown codes are 'Invalid code', removal (POST removeCode and GET
 * index.php?route=checkout/voucher/remove), and checkout redeeming them as voucher payments with
 * the card paying the rest (or no card at all when the certificate covers the order).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderReplySchema } from '../../../src/contracts/shop-checkout';
import { decimal, toWire } from '../../../src/domain/money';
import { testEngines } from '../../support/engines';
import { domainTotals, pickProducts, refused, startPos, type PickedProducts, type PosWorld } from '../pos/support';
import { shopCart, ShopClient } from './support';

const R = '/index.php?route=checkout/confirm/createOrder';

describe.each(testEngines())('shopper cart codes on %s', (engine) => {
  let w: PosWorld;
  let p: PickedProducts;
  beforeAll(async () => {
    w = await startPos(engine);
    p = await pickProducts(w);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  const certificate = async (amount: string) => {
    const code = `GC-${randomUUID().slice(0, 8).toUpperCase()}`;
    await w.server.db
      .insertInto('vouchers')
      .values({ code, original_amount: amount, balance: amount, status: 'active', description: 'Gift Certificate' })
      .execute();
    return code;
  };
  const balance = async (code: string) =>
    (
      await w.server.db
        .selectFrom('vouchers')
        .select('balance')
        .where(sql<string>`upper(code)`, '=', code.toUpperCase())
        .executeTakeFirstOrThrow()
    ).balance;
  const body = (card = true) => ({
    checkout_key: randomUUID(),
    firstname: 'Gia',
    lastname: 'Gift',
    email: 'gia@example.com',
    ...(card ? { card: { number: '4242424242424242', expiry: '12/39', cvc: '123' } } : {}),
  });

  it('refuses coupons, unknown codes, an empty cart and a code twice; removes codes', async () => {
    const g = new ShopClient(w.server.url);
    const code = await certificate('5.00');
    refused(await g.post('/checkout/cart/applyCode', { type: 'voucher', code }), 404, 'Invalid code');
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    refused(await g.post('/checkout/cart/applyCode', { type: 'coupon', code: 'SAVE10' }), 404, 'Invalid code');
    refused(await g.post('/checkout/cart/applyCode', { type: 'voucher', code: 'NOPE-123' }), 404, 'Invalid code');
    refused(await g.post('/checkout/cart/applyCode', { type: 'voucher', code: '' }), 400, 'Invalid code');
    const r = shopCart(await g.post('/checkout/cart/applyCode', { type: 'voucher', code: code.toLowerCase() }));
    expect(r.success).toBe(`Gift certificate ${code} has been applied.`);
    expect(r.totals.slice(-2)).toEqual([
      { code: 'voucher', title: `Gift Certificate (${code})`, text: '-$5.00' },
      { code: 'balance', title: 'Balance Due', text: expect.stringMatching(/^\$/) },
    ]);
    refused(
      await g.post('/checkout/cart/applyCode', { type: 'voucher', code }),
      409,
      'This code has already been applied to the order.',
    );
    const other = new ShopClient(w.server.url);
    refused(await other.post('/checkout/cart/removeCode', { type: 'voucher', code }), 404, 'Invalid code');
    const removed = shopCart(await g.post('/checkout/cart/removeCode', { type: 'voucher', code }));
    expect(removed.totals.some((t) => t.code === 'voucher')).toBe(false);
    shopCart(await g.post('/checkout/cart/applyCode', { type: 'voucher', code }));
    const viaGet = shopCart(await g.get('/index.php?route=checkout/voucher/remove'));
    expect(viaGet.totals.some((t) => t.code === 'voucher')).toBe(false);
    refused(await g.get('/index.php?route=checkout/coupon/remove'), 404, 'Invalid code');
    expect(await balance(code)).toBe('5.00');
  });

  it('redeems the certificate at checkout and charges the card the rest', async () => {
    const g = new ShopClient(w.server.url);
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 2 }));
    const code = await certificate('10.00');
    shopCart(await g.post('/checkout/cart/applyCode', { type: 'voucher', code }));
    const r = await g.post(R, body());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const order = createOrderReplySchema.parse(r.body);
    const row = await w.server.db
      .selectFrom('orders')
      .select('id')
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    const t = await domainTotals(w, row.id);
    expect(t.balance_due).toBe('0.00');
    const byType = Object.fromEntries(t.transactions.map((x) => [x.transaction_type, x.amount]));
    expect(byType.voucher).toBe('10.00');
    expect(byType.online).toBe(toWire(decimal(t.order_total).minus(10)));
    expect(await balance(code)).toBe('0.00');
    expect(shopCart(await g.get('/checkout/cart/getData')).totals.some((x) => x.code === 'voucher')).toBe(false);
  });

  it('needs no card when the certificate pays everything, and refuses a missing card otherwise', async () => {
    const g = new ShopClient(w.server.url);
    shopCart(await g.post('/checkout/cart/add', { product_id: p.plain.product_id, quantity: 1 }));
    refused(await g.post(R, body(false)), 400);
    const code = await certificate('9999.00');
    shopCart(await g.post('/checkout/cart/applyCode', { type: 'voucher', code }));
    const r = await g.post(R, body(false));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const left = await balance(code);
    expect(decimal(left).lt(9999)).toBe(true);
  });
});
