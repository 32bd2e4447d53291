/**
 * The staff view of gift certificates (docs/decisions/pos.md "Gift certificate lookup"): a sold
 * certificate looked up by code shows its amount, balance, recipient and selling order, and a
 * history rebuilt from the voucher payments (redeemed, a redemption voided, the sale voided) whose
 * running balance ends at the stored balance; the list pages 10 newest first and filters by code or
 * recipient; shoppers and strangers are refused, bad input is a 4xx with its message.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import {
  GIFT_FILTER_MESSAGE,
  GIFT_LOOKUP_CODE_MESSAGE,
  GIFT_NOT_FOUND,
  type GiftInfoReply,
  type GiftListReply,
} from '../../../src/contracts/gift-certificate';
import * as migration from '../../../server/db/migrations/0029-c-gift-recipients';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

describe.each(testEngines())('gift certificate lookup on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const applied = async (name: string, args: unknown) => {
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at: new Date().toISOString() }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results[0], `${name} ${JSON.stringify(args)}`).toMatchObject({ status: 'applied' });
  };
  const info = (c: TestClient, code: string) =>
    c.get<GiftInfoReply>(`/api/gift_certificate/info?code=${encodeURIComponent(code)}`);
  const spendOrder = async () => {
    const o = randomUUID();
    await applied('order.create', { id: o });
    await applied('cart.addCustomProduct', {
      order_ref: o,
      line_id: randomUUID(),
      name: 'Wipers',
      price: '30.00',
      quantity: 1,
      tax_class_id: null,
    });
    return o;
  };
  const pay = async (order: string, code: string, amount: string) => {
    const id = randomUUID();
    await applied('transaction.add', { order_ref: order, id, transaction_type: 'voucher', voucher_code: code, amount });
    return id;
  };

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a sold certificate: amount, balance, recipient, selling order and its history', async () => {
    const code = `LK-${randomUUID().slice(0, 8)}`.toUpperCase();
    const sold = randomUUID();
    await applied('order.create', { id: sold });
    await applied('cart.addVoucher', {
      order_ref: sold,
      line_id: randomUUID(),
      code,
      amount: '25.00',
      to_name: 'Robin Recipient',
      to_email: 'robin@example.com',
      message: 'Happy birthday',
    });
    // Not issued before the sale completes.
    expect((await info(cashier, code)).status).toBe(404);
    await applied('transaction.add', { order_ref: sold, id: randomUUID(), transaction_type: 'cash', amount: '25' });
    await applied('order.complete', { order_ref: sold });
    const number = (
      await server.db.selectFrom('orders').select('order_id').where('id', '=', sold).executeTakeFirstOrThrow()
    ).order_id;

    const first = await spendOrder();
    await pay(first, code.toLowerCase(), '10');
    const second = await spendOrder();
    const undone = await pay(second, code, '5');
    await applied('transaction.void', { order_ref: second, transaction_ref: undone });

    const installer = await signedIn(server.url, 'installer', 'installer');
    const r = await info(installer, `  ${code.toLowerCase()} `);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.certificate).toMatchObject({
      code,
      status: 'active',
      original_amount: '25.00',
      balance: '15.00',
      message: 'Happy birthday',
      recipient_name: 'Robin Recipient',
      recipient_email: 'robin@example.com',
      sold_on: { order_ref: sold, order_id: number },
    });
    expect(r.body.history.map((h) => [h.kind, h.amount, h.balance, h.order?.order_ref])).toEqual([
      ['issued', '25.00', '25.00', sold],
      ['redeemed', '10.00', '15.00', first],
      ['redeemed', '5.00', '10.00', second],
      ['redemption_voided', '5.00', '15.00', second],
    ]);
    expect(r.body.history.at(-1)?.balance).toBe(r.body.certificate.balance);
    // Where it was sold: the order's store, on the certificate and on each row's order.
    const store = await server.db
      .selectFrom('orders as o')
      .leftJoin('locations as s', 's.location_id', 'o.location_id')
      .select('s.name')
      .where('o.id', '=', sold)
      .executeTakeFirstOrThrow();
    expect(store.name).toBeTruthy(); // the cashier's store (order.create takes the actor's)
    expect(r.body.certificate.sold_on?.store_name).toBe(store.name);
    expect(r.body.history[0]?.order?.store_name).toBe(store.name ?? '');
    // The recipient is the certificate's own (migration 0029-c), not read from the sold line.
    expect(
      await server.db
        .selectFrom('vouchers')
        .select(['to_name', 'to_email'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow(),
    ).toEqual({ to_name: 'Robin Recipient', to_email: 'robin@example.com' });
    expect(r.body.history[1]?.transaction_id).toEqual(expect.any(Number));
    for (const h of r.body.history) expect(Number.isNaN(Date.parse(h.date))).toBe(false);

    await applied('order.void', { order_ref: sold });
    const after = await info(cashier, code);
    expect(after.body.certificate.status).toBe('void');
    expect(after.body.history.at(-1)).toMatchObject({ kind: 'voided', amount: '0.00', order: { order_ref: sold } });

    // The list finds it by part of the code and by the recipient's name.
    const byCode = await cashier.get<GiftListReply>(`/api/gift_certificate?filter=${code.slice(3, 9).toLowerCase()}`);
    expect(byCode.body.certificates.map((c) => c.code)).toEqual([code]);
    const byName = await cashier.get<GiftListReply>('/api/gift_certificate?filter=robin%20recip');
    expect(byName.body.certificates.map((c) => c.code)).toContain(code);
  });

  it('migration 0029-c brings the recipient of certificates issued before it forward from their sold line', async () => {
    const code = `MG-${randomUUID().slice(0, 8)}`.toUpperCase();
    const sold = randomUUID();
    await applied('order.create', { id: sold });
    await applied('cart.addVoucher', {
      order_ref: sold,
      line_id: randomUUID(),
      code,
      amount: '10.00',
      to_name: 'Old Row',
    });
    await applied('transaction.add', { order_ref: sold, id: randomUUID(), transaction_type: 'cash', amount: '10' });
    await applied('order.complete', { order_ref: sold });
    const loose = `${code}-X`;
    await server.db.insertInto('vouchers').values({ code: loose, original_amount: '5.00', balance: '5.00' }).execute();
    // As a database from before 0029-c: no recipient columns; then the migration runs.
    await migration.down(server.db as never);
    await migration.up(server.db as never);
    const rows = await server.db
      .selectFrom('vouchers')
      .select(['code', 'to_name', 'to_email'])
      .where('code', 'in', [code, loose])
      .orderBy('code')
      .execute();
    expect(rows).toEqual([
      { code, to_name: 'Old Row', to_email: '' },
      { code: loose, to_name: '', to_email: '' },
    ]);
    expect((await info(cashier, code)).body.certificate.recipient_name).toBe('Old Row');
  });

  it('lists 10 a page, newest issued first; a wildcard in the search matches itself', async () => {
    const prefix = `PG${randomUUID().slice(0, 6)}`.toUpperCase();
    const start = Date.now() - 60_000;
    for (let i = 0; i < 11; i++)
      await server.db
        .insertInto('vouchers')
        .values({
          code: `${prefix}-${String(i).padStart(2, '0')}`,
          original_amount: '20.00',
          balance: '20.00',
          created_at: new Date(start + i * 1000),
        })
        .execute();
    const page1 = await cashier.get<GiftListReply>(`/api/gift_certificate?filter=${prefix}`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 11, page: 1, limit: 10 });
    expect(page1.body.certificates).toHaveLength(10);
    expect(page1.body.certificates[0]).toMatchObject({ code: `${prefix}-10`, sold_on: null, recipient_name: '' });
    const page2 = await cashier.get<GiftListReply>(`/api/gift_certificate?filter=${prefix}&page=2`);
    expect(page2.body.certificates.map((c) => c.code)).toEqual([`${prefix}-00`]);
    const wild = await cashier.get<GiftListReply>('/api/gift_certificate?filter=%25');
    expect(wild.body).toMatchObject({ total: 0, certificates: [] });
  });

  it('refuses shoppers, strangers, unknown codes and bad input with a clear 4xx', async () => {
    const shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    const stranger = new TestClient(server.url);
    for (const path of ['/api/gift_certificate', '/api/gift_certificate/info?code=ABCD']) {
      expect((await shopper.get(path)).status).toBe(403);
      expect((await stranger.get(path)).status).toBe(401);
    }
    const unknown = await info(cashier, 'NO-SUCH-CODE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: GIFT_NOT_FOUND });
    for (const bad of ['bad code!', 'x'.repeat(65), '', "'; drop table vouchers; --"]) {
      const r = await info(cashier, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body).toMatchObject({ message: GIFT_LOOKUP_CODE_MESSAGE });
    }
    expect((await cashier.get('/api/gift_certificate/info')).status).toBe(400);
    for (const q of ['page=abc', 'page=0', 'page=1.5', 'limit=101']) {
      const r = await cashier.get(`/api/gift_certificate?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message, q).toMatch(/^(Page|Limit) must be a whole number from 1 to \d+\.$/);
    }
    const longFilter = await cashier.get(`/api/gift_certificate?filter=${'a'.repeat(65)}`);
    expect(longFilter.status).toBe(400);
    expect(longFilter.body).toMatchObject({ message: GIFT_FILTER_MESSAGE });
  });
});
