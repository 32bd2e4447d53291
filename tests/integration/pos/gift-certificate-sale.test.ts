/**
 * Gift certificates sold at the counter (docs/decisions/pos.md "Gift certificates at the
 * counter"): cart.addVoucher with its recipient, issued at completion (active, balance = amount),
 * redeemed on another sale (the balance falls), voided with the selling order (no longer
 * redeemable); a code already issued or on another open sale is refused when the push arrives and
 * nothing is written; a code twice on one order is refused by the mutator.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('gift certificate sale on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = async (name: string, args: unknown) => {
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results[0] as { status: string; message?: string };
  };
  const applied = async (name: string, args: unknown) =>
    expect(await push(name, args), `${name} ${JSON.stringify(args)}`).toMatchObject({ status: 'applied' });
  const voucher = (code: string) =>
    server.db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
  const sell = async (code: string, amount = '25.00') => {
    const o = randomUUID();
    await applied('order.create', { id: o });
    const line = randomUUID();
    const r = await push('cart.addVoucher', {
      order_ref: o,
      line_id: line,
      code,
      amount,
      to_name: 'Robin Recipient',
      to_email: 'robin@example.com',
      message: 'Happy birthday',
    });
    return { o, line, r };
  };

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sell -> complete issues it; redeem lowers it; voiding the sale voids it', async () => {
    const code = `GC-${randomUUID().slice(0, 8)}`.toUpperCase();
    const { o, line, r } = await sell(code);
    expect(r).toMatchObject({ status: 'applied' });
    const stored = await server.db
      .selectFrom('order_lines')
      .select('data')
      .where('id', '=', line)
      .executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({
      kind: 'voucher',
      code,
      to_name: 'Robin Recipient',
      to_email: 'robin@example.com',
    });
    expect(await voucher(code)).toBeUndefined();
    await applied('transaction.add', { order_ref: o, id: randomUUID(), transaction_type: 'cash', amount: '25' });
    await applied('order.complete', { order_ref: o });
    expect(await voucher(code)).toMatchObject({
      status: 'active',
      balance: '25.00',
      original_amount: '25.00',
      order_ref: o,
    });

    const spend = randomUUID();
    await applied('order.create', { id: spend });
    await applied('cart.addCustomProduct', {
      order_ref: spend,
      line_id: randomUUID(),
      name: 'Wipers',
      price: '30.00',
      quantity: 1,
      tax_class_id: null,
    });
    await applied('transaction.add', {
      order_ref: spend,
      id: randomUUID(),
      transaction_type: 'voucher',
      voucher_code: code.toLowerCase(),
      amount: '10',
    });
    expect(await voucher(code)).toMatchObject({ balance: '15.00' });

    await applied('order.void', { order_ref: o });
    expect(await voucher(code)).toMatchObject({ status: 'void' });
    const after = await push('transaction.add', {
      order_ref: spend,
      id: randomUUID(),
      transaction_type: 'voucher',
      voucher_code: code,
      amount: '5',
    });
    expect(after.status).not.toBe('applied');
    expect(await voucher(code)).toMatchObject({ balance: '15.00' });
  });

  it('a duplicate code is refused at sync with the reason, and writes nothing', async () => {
    const code = `DUP-${randomUUID().slice(0, 8)}`.toUpperCase();
    expect((await sell(code)).r).toMatchObject({ status: 'applied' });
    // Another open sale with the same code (any case): refused, its cart unchanged.
    const second = await sell(code.toLowerCase());
    expect(second.r).toMatchObject({
      status: 'rejected',
      message: `Gift certificate code ${code} is already in use.`,
    });
    expect(
      await server.db.selectFrom('order_lines').select('id').where('id', '=', second.line).executeTakeFirst(),
    ).toBeUndefined();
    // Twice on one order: the mutator refuses.
    const { o } = await sell(`ONE-${randomUUID().slice(0, 8)}`.toUpperCase());
    const again = await server.db
      .selectFrom('order_lines')
      .select('data')
      .where('order_ref', '=', o)
      .executeTakeFirstOrThrow();
    const dup = await push('cart.addVoucher', {
      order_ref: o,
      line_id: randomUUID(),
      code: (again.data as { code: string }).code,
      amount: '5',
    });
    expect(dup).toMatchObject({ status: 'rejected', message: 'This code is already on this order.' });
    // Bad amounts are refused too.
    const { r } = await sell(`NEG-${randomUUID().slice(0, 8)}`.toUpperCase(), '-5');
    expect(r.status).not.toBe('applied');
  });
});
