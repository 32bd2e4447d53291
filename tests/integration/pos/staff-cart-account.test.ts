/**
 * The staff cart's logoutCustomer, processPost (registration) and setPaymentData
 * (pos-back-office.md §7 "Staff cart"; server/services/pos/staff-cart-account.ts): staff only,
 * registration with every error listed and nothing written, the shop's custom fields answered and
 * checked as the customer form does (a required one missing is in the list), the new customer assigned to the cart,
 * the payment item checked against the store's payment types and the order's balance.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { signedIn } from '../sync/support/sync-server';
import { freshCashier, refused, startPos, type PosWorld } from './support';

describe.each(testEngines())('staff cart account calls on %s', (engine) => {
  let w: PosWorld;
  const customers = async () =>
    Number(
      (
        await w.server.db
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  beforeAll(async () => {
    w = await startPos(engine);
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('shoppers and strangers are refused', async () => {
    for (const [path, body] of [
      ['/checkout/cart/processPost', { firstname: 'Sam', lastname: 'Shopper' }],
      ['/checkout/cart/setPaymentData', { itemId: 'cash' }],
    ] as const) {
      refused(await w.guest.post(path, body), 401);
      refused(await w.shopper.post(path, body), 403);
    }
    refused(await w.guest.get('/checkout/cart/logoutCustomer'), 401);
    refused(await w.shopper.get('/checkout/cart/logoutCustomer'), 403);
  });

  it('processPost: invalid input lists every error and writes nothing; valid registers and assigns', async () => {
    const c = await freshCashier(w);
    const before = await customers();
    const bad = await c.post('/checkout/cart/processPost', { firstname: 'A', lastname: '', email: 'nope' });
    refused(bad, 400);
    expect(bad.body.errors.length).toBeGreaterThanOrEqual(2);
    expect(bad.body.errors).toContain('Minimum 2 characters');
    expect(await customers()).toBe(before);
    const email = `${randomUUID()}@example.com`;
    const ok = await c.post('/checkout/cart/processPost', {
      firstname: 'Rita',
      lastname: 'Register',
      email,
      telephone: '(555) 123-4567',
      password: 'secret1',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ errors: [], customer: { firstname: 'Rita' } });
    expect(ok.body.success).toMatch(/^Success/);
    const row = await w.server.db
      .selectFrom('customers')
      .select(['customer_id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(ok.body.customer_id).toBe(row.customer_id);
    expect(row.password_hash).toMatch(/^\$argon2/);

    // logoutCustomer: the customer leaves the cart, the client is sent to the cart page.
    const out = await c.get('/checkout/cart/logoutCustomer');
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body).toMatchObject({ redirect: '/pos/cart', customer: null });
  });

  it('setPaymentData: an enabled type with a balance due; otherwise a 4xx message', async () => {
    const c = await freshCashier(w);
    refused(await c.post('/checkout/cart/setPaymentData', { itemId: 'cash' }), 404);
    expect((await c.post('/checkout/cart/addCustomProduct', { name: 'Oil', price: '12', quantity: 1 })).status).toBe(
      200,
    );
    const cash = await c.post('/checkout/cart/setPaymentData', { itemId: 'cash' });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    expect(cash.body).toMatchObject({ payment_type: 'cash', label: 'Cash' });
    refused(await c.post('/checkout/cart/setPaymentData', { itemId: 'bitcoin' }), 400, 'Choose a payment type.');
    refused(await c.post('/checkout/cart/setPaymentData', {}), 400);
    // No customer, so no store credit to spend: said so (not "not enabled").
    const credit = await c.post('/checkout/cart/setPaymentData', { itemId: 'store_credit' });
    expect([409, 422]).toContain(credit.status);
    expect(credit.body.message).toBe('The customer could not be found.');
  });
  it('processPost: a required account custom field is listed when missing and stored when answered', async () => {
    const admin = await signedIn(w.server.url, 'admin', 'admin');
    const field = await admin.post('/api/custom_field/save', {
      name: 'Fleet number',
      type: 'text',
      location: 'account',
      required: true,
    });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    const id = String(field.body.custom_field.custom_field_id);
    try {
      const c = await freshCashier(w);
      const before = await customers();
      const missing = await c.post('/checkout/cart/processPost', { firstname: 'Fay', lastname: 'F' });
      refused(missing, 400);
      expect(missing.body.errors).toEqual(['Minimum 2 characters', 'Fleet number: Required']);
      expect(missing.body.fields).toMatchObject({
        lastname: ['Minimum 2 characters'],
        [`account_custom_field.${id}`]: ['Required'],
      });
      expect(await customers()).toBe(before);

      const stored = async (email: string) =>
        (
          await w.server.db
            .selectFrom('customers')
            .select('account_custom_field')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).account_custom_field;
      // JSON, nested as the form holds it.
      const email = `${randomUUID()}@example.com`;
      const ok = await c.post('/checkout/cart/processPost', {
        firstname: 'Fay',
        lastname: 'Fleet',
        email,
        account_custom_field: { [id]: ' F-12 ', 999: 'not a field' },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toMatchObject({ errors: [], customer: { firstname: 'Fay' } });
      expect(await stored(email)).toEqual({ [id]: 'F-12' });
      // Form-encoded names, as POST /api/customer/save takes them.
      const c2 = await freshCashier(w);
      const email2 = `${randomUUID()}@example.com`;
      const form = await c2.post('/checkout/cart/processPost', {
        firstname: 'Flo',
        lastname: 'Fleet',
        email: email2,
        [`account_custom_field[${id}]`]: 'F-13',
      });
      expect(form.status, JSON.stringify(form.body)).toBe(200);
      expect(await stored(email2)).toEqual({ [id]: 'F-13' });
    } finally {
      expect((await admin.post('/api/custom_field/save', { ...field.body.custom_field, status: false })).status).toBe(
        200,
      );
    }
  });
});
