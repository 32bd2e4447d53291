/**
 * Gift certificates: sold on an order (a voucher line), redeemable once that order completes,
 * their balance lowered by voucher payments and restored by voids in the same transaction, the
 * same whether the payment comes through the checkout call or a device's sync push.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { Device, signedIn, startCheckoutServer, type CheckoutServer } from './support/checkout-server';

describe.each(testEngines())('vouchers on %s', (engine) => {
  let server: CheckoutServer;
  let cashier: TestClient;
  let device: Device;

  beforeAll(async () => {
    server = await startCheckoutServer(engine);
    cashier = await signedIn(server.url, 'cashier');
    device = new Device(cashier);
  });
  afterAll(async () => {
    await server?.close();
  });

  const pay = (orderId: string, amount: string, voucher_code: string) =>
    cashier.post('/pos/checkout/addTransaction', {
      orderId,
      transaction: { id: randomUUID(), transaction_type: 'voucher', amount, voucher_code },
    });
  const balance = async (code: string) =>
    (
      await server.db
        .selectFrom('vouchers')
        .select('balance')
        .where(sql<string>`upper(code)`, '=', code.toUpperCase())
        .executeTakeFirstOrThrow()
    ).balance;

  it('a voucher sold on an order is redeemable only once that order is complete', async () => {
    const code = `GIFT-${randomUUID().slice(0, 6)}`;
    const sale = await device.order([], { vouchers: [{ code, amount: '50.00' }] });
    expect((await cashier.get(`/pos/checkout/getVoucher?voucherCode=${code}`)).status).toBe(404);
    const buyer = await device.order(['30.00']);
    const early = await pay(buyer.id, '10', code);
    expect(early.status).toBe(404);
    expect(early.body.message).toBe('Invalid code');
    expect((await cashier.post(`/pos/checkout/complete?orderId=${sale.id}`, {})).status).toBe(200);
    const found = await cashier.get(`/pos/checkout/getVoucher?voucherCode=${code.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body.voucher).toMatchObject({
      code,
      amount: '50.00',
      original_amount: '50.00',
      description: 'Gift Certificate',
    });
  });

  it('redeems up to the lesser of voucher balance and balance due, and restores on void', async () => {
    const code = `GC-${randomUUID().slice(0, 6)}`;
    const sale = await device.order([], { vouchers: [{ code, amount: '25.00' }] });
    await cashier.post(`/pos/checkout/complete?orderId=${sale.id}`, {});
    const o = await device.order(['40.00']);
    const over = await pay(o.id, '25.01', code);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('Max amount allowed: $25.00');
    const ok = await pay(o.id, '20', code);
    expect(ok.status).toBe(200);
    expect(await balance(code)).toBe('5.00');
    expect((await cashier.get(`/pos/checkout/getVoucher?voucherCode=${code}`)).body.voucher.amount).toBe('5.00');
    const small = await device.order(['3.00']);
    expect((await pay(small.id, '4', code)).body.message).toBe('Max amount allowed: $3.00');
    await cashier.post('/pos/checkout/voidTransaction', { transaction: { id: ok.body.transaction.id } });
    expect(await balance(code)).toBe('25.00');
    // Voiding all payments of an order gives every voucher its amount back.
    await pay(o.id, '10', code);
    await pay(o.id, '5', code);
    expect(await balance(code)).toBe('10.00');
    await cashier.get(`/pos/checkout/voidTransactions?orderId=${o.id}`, { 'x-requested-with': 'XMLHttpRequest' });
    expect(await balance(code)).toBe('25.00');
  });

  it('the sync push path redeems a cached voucher the same way (re-checked on the server)', async () => {
    const code = `SYNC-${randomUUID().slice(0, 6)}`;
    const sale = await device.order([], { vouchers: [{ code, amount: '15.00' }] });
    await cashier.post(`/pos/checkout/complete?orderId=${sale.id}`, {});
    const o = await device.order(['30.00']);
    const tooMuch = await device.push('transaction.add', {
      order_ref: o.id,
      id: randomUUID(),
      transaction_type: 'voucher',
      amount: '16.00',
      voucher_code: code,
    });
    expect(tooMuch).toMatchObject({ status: 'rejected', message: 'Max amount allowed: $15.00' });
    const applied = await device.push('transaction.add', {
      order_ref: o.id,
      id: randomUUID(),
      transaction_type: 'voucher',
      amount: '15.00',
      voucher_code: code,
    });
    expect(applied.status).toBe('applied');
    expect(await balance(code)).toBe('0.00');
    const unknown = await device.push('transaction.add', {
      order_ref: o.id,
      id: randomUUID(),
      transaction_type: 'voucher',
      amount: '1.00',
      voucher_code: 'NO-SUCH',
    });
    expect(unknown).toMatchObject({ status: 'rejected', message: 'Invalid code' });
  });

  it('staff devices pull the vouchers (code, balance, status) to take them offline; shoppers never see them', async () => {
    const code = `PULL-${randomUUID().slice(0, 6)}`;
    const sale = await device.order([], { vouchers: [{ code, amount: '12.00' }] });
    await cashier.post(`/pos/checkout/complete?orderId=${sale.id}`, {});
    const pulled = async (c: TestClient) => {
      const changes: { table: string; row: Record<string, unknown> | null }[] = [];
      for (let cookie = 0, more = true; more;) {
        const r = await c.get(`/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=5000`);
        expect(r.status).toBe(200);
        changes.push(...r.body.changes);
        ({ cookie, more } = r.body);
      }
      return changes.filter((ch) => ch.table === 'vouchers');
    };
    const staffRows = await pulled(cashier);
    const row = staffRows.find((ch) => ch.row?.code === code)?.row;
    expect(row).toMatchObject({ code, balance: '12.00', original_amount: '12.00', status: 'active' });
    expect(row).not.toHaveProperty('order_ref');
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    expect(await pulled(shopper)).toEqual([]);
  });

  it('a code already on a sale cannot be sold again; voiding the selling order voids its voucher', async () => {
    const code = `DUP-${randomUUID().slice(0, 6)}`;
    const first = await device.order([], { vouchers: [{ code, amount: '10.00' }] });
    // The door refuses the second sale's line (server/commands/appliers/gift-codes.ts), before any completion.
    await expect(device.order([], { vouchers: [{ code, amount: '10.00' }] })).rejects.toThrow(
      `Gift certificate code ${code.toUpperCase()} is already in use.`,
    );
    expect((await cashier.post(`/pos/checkout/complete?orderId=${first.id}`, {})).status).toBe(200);
    await device.apply('order.void', { order_ref: first.id });
    const gone = await cashier.get(`/pos/checkout/getVoucher?voucherCode=${code}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Invalid code');
  });

  it('getVoucher: a missing or blank code is "Invalid code", never a 500', async () => {
    for (const q of ['', '?voucherCode=', `?voucherCode=${'x'.repeat(80)}`, '?voucherCode=%27%3B--']) {
      const r = await cashier.get(`/pos/checkout/getVoucher${q}`);
      expect([400, 404]).toContain(r.status);
      expect(r.body.message).toBe('Invalid code');
    }
  });
});
