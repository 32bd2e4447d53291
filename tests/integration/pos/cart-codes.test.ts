/**
 * Cart codes (POST /checkout/cart/applyCode, removeCode): a gift certificate is redeemed on the
 * cart up to the balance due, shows in the totals after Order Total, lowers the certificate's
 * balance in the same transaction, and removing it restores both; coupons, unknown, void and
 * used-up codes answer "Invalid code"; a device's own cart is reachable by order_ref, another
 * cashier's is not.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCartReplySchema, type StaffCartReply } from '../../../src/contracts/staff-cart';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { domainTotals, freshCashier, refused, startPos, type PosWorld } from './support';

const cart = (r: { status: number; body: unknown }): StaffCartReply => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return staffCartReplySchema.parse(r.body);
};
const rows = (r: StaffCartReply) => r.order_data!.totals.map((t) => [t.code, t.title, t.value]);

describe.each(testEngines())('cart codes on %s', (engine) => {
  let w: PosWorld;
  beforeAll(async () => {
    w = await startPos(engine);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  const certificate = async (amount: string, opts: { balance?: string; status?: 'active' | 'void' } = {}) => {
    const code = `GC-${randomUUID().slice(0, 8).toUpperCase()}`;
    await w.server.db
      .insertInto('vouchers')
      .values({
        code,
        original_amount: amount,
        balance: opts.balance ?? amount,
        status: opts.status ?? 'active',
        description: 'Gift Certificate',
      })
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
  /** A cashier whose cart holds one untaxed custom line at `price`. */
  const cartOf = async (price: string, user = 'cashier'): Promise<{ c: TestClient; ref: string }> => {
    const c = await freshCashier(w, user);
    const r = cart(
      await c.post('/checkout/cart/addCustomProduct', { name: 'Brake job', price, quantity: 1, tax_class_id: null }),
    );
    return { c, ref: r.order_ref! };
  };

  it('refuses bad input: missing or unknown type, empty code, no cart, coupons, unknown codes', async () => {
    const c = await freshCashier(w);
    refused(
      await c.post('/checkout/cart/applyCode', { type: 'voucher', code: 'GC-1' }),
      404,
      'There is no order in the cart.',
    );
    await c.post('/checkout/cart/addCustomProduct', { name: 'Wiper', price: '9.00', quantity: 1, tax_class_id: null });
    refused(await c.post('/checkout/cart/applyCode', { code: 'GC-1' }), 400, 'Invalid code');
    refused(await c.post('/checkout/cart/applyCode', { type: 'discount', code: 'GC-1' }), 400, 'Invalid code');
    refused(await c.post('/checkout/cart/applyCode', { type: 'voucher', code: '   ' }), 400, 'Invalid code');
    refused(await c.post('/checkout/cart/applyCode', { type: 'voucher', code: 'x'.repeat(65) }), 400, 'Invalid code');
    refused(await c.post('/checkout/cart/applyCode', { type: 'coupon', code: 'SAVE10' }), 404, 'Invalid code');
    refused(await c.post('/checkout/cart/applyCode', { type: 'voucher', code: 'NO-SUCH-CODE' }), 404, 'Invalid code');
    refused(await c.post('/checkout/cart/removeCode', { type: 'voucher', code: 'NO-SUCH-CODE' }), 404, 'Invalid code');
    refused(
      await c.post('/checkout/cart/applyCode', {
        type: 'voucher',
        code: await certificate('20.00', { balance: '0.00' }),
      }),
      404,
      'Invalid code',
    );
    refused(
      await c.post('/checkout/cart/applyCode', {
        type: 'voucher',
        code: await certificate('20.00', { status: 'void' }),
      }),
      404,
      'Invalid code',
    );
  });

  it('applies a certificate (any case) up to its balance, shows it in the totals, and remove restores everything', async () => {
    const code = await certificate('25.00');
    const { c, ref } = await cartOf('40.00');
    const applied = cart(
      await c.post('/checkout/cart/applyCode', { type: 'voucher', code: ` ${code.toLowerCase()} ` }),
    );
    expect(applied.success).toBe(`Gift certificate ${code} has been applied.`);
    expect(applied.order_data).toMatchObject({ order_total: '40.00', amount_paid: '25.00', balance_due: '15.00' });
    expect(rows(applied).slice(-3)).toEqual([
      ['total', 'Order Total', '40.00'],
      ['voucher', `Gift Certificate (${code})`, '-25.00'],
      ['balance', 'Balance Due', '15.00'],
    ]);
    const domain = await domainTotals(w, ref);
    expect(applied.order_data!.order_total).toBe(domain.order_total);
    expect(applied.order_data!.balance_due).toBe(domain.balance_due);
    expect(await balance(code)).toBe('0.00');

    refused(
      await c.post('/checkout/cart/applyCode', { type: 'voucher', code }),
      409,
      'This code has already been applied to the order.',
    );
    refused(await c.post('/checkout/cart/removeCode', { type: 'coupon', code }), 404, 'Invalid code');

    const removed = cart(await c.post('/checkout/cart/removeCode', { type: 'voucher', code: code.toLowerCase() }));
    expect(removed.success).toBe(`Gift certificate ${code} has been removed.`);
    expect(removed.order_data).toMatchObject({ order_total: '40.00', amount_paid: '0.00', balance_due: '40.00' });
    expect(rows(removed).map((r) => r[0])).not.toContain('voucher');
    expect(await balance(code)).toBe('25.00');
    refused(await c.post('/checkout/cart/removeCode', { type: 'voucher', code }), 404, 'Invalid code');
  });

  it('takes only the balance due from a larger certificate; the rest stays on it for the next sale', async () => {
    const code = await certificate('100.00');
    const first = await cartOf('30.00');
    const a = cart(await first.c.post('/checkout/cart/applyCode', { type: 'voucher', code }));
    expect(a.order_data).toMatchObject({ amount_paid: '30.00', balance_due: '0.00', paid_in_full: true });
    expect(rows(a).slice(-2)).toEqual([
      ['voucher', `Gift Certificate (${code})`, '-30.00'],
      ['balance', 'Balance Due', '0.00'],
    ]);
    expect(await balance(code)).toBe('70.00');
    refused(
      await first.c.post('/checkout/cart/applyCode', { type: 'voucher', code: await certificate('5.00') }),
      409,
      'There is no balance due on this order.',
    );

    const second = await cartOf('90.00');
    const b = cart(await second.c.post('/checkout/cart/applyCode', { type: 'voucher', code }));
    expect(b.order_data).toMatchObject({ amount_paid: '70.00', balance_due: '20.00' });
    expect(await balance(code)).toBe('0.00');
    refused(
      await (await cartOf('10.00')).c.post('/checkout/cart/applyCode', { type: 'voucher', code }),
      404,
      'Invalid code',
    );
  });

  it("order_ref: a device's cart order is reachable by its cashier, never by another cashier, never once complete", async () => {
    const code = await certificate('10.00');
    const { ref } = await cartOf('50.00');
    const other = await freshCashier(w, 'cashier2');
    refused(
      await other.post('/checkout/cart/applyCode', { type: 'voucher', code, order_ref: ref }),
      409,
      "This order is open in another cashier's cart.",
    );
    refused(await other.post('/checkout/cart/applyCode', { type: 'voucher', code, order_ref: randomUUID() }), 404);
    refused(await other.post('/checkout/cart/applyCode', { type: 'voucher', code, order_ref: 'not-a-uuid' }), 400);
    expect(await balance(code)).toBe('10.00');

    const sameUser = await freshCashier(w);
    const r = cart(await sameUser.post('/checkout/cart/applyCode', { type: 'voucher', code, order_ref: ref }));
    expect(r.order_ref).toBe(ref);
    expect(r.order_data).toMatchObject({ amount_paid: '10.00', balance_due: '40.00' });
    // The session's own cart is untouched: it still has none.
    expect(cart(await sameUser.get('/checkout/cart/getData')).order_ref).toBeNull();

    const done = await cartOf('10.00');
    await done.c.post('/pos/checkout/addTransaction', {
      orderId: done.ref,
      transaction: { id: randomUUID(), transaction_type: 'cash', amount: '10.00' },
    });
    expect((await done.c.post(`/pos/checkout/complete?orderId=${done.ref}`, {})).status).toBe(200);
    refused(
      await sameUser.post('/checkout/cart/applyCode', {
        type: 'voucher',
        code: await certificate('5.00'),
        order_ref: done.ref,
      }),
      409,
    );
  });
});
