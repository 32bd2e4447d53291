import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { defaultAppliers } from '../../../server/commands/appliers/registry';
import type { Applier } from '../../../server/commands/appliers/types';
import { saveOrder } from '../../../server/commands/records/orders';
import { testEngines } from '../../support/engines';
import type { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();
let failNext: 'plain' | 'serialization' | 'integrity' | null = null;

/** Writes an order, then fails the way the test asks: the write must not survive a plain failure. */
const flaky: Applier = {
  access: 'staff',
  async apply(args, ctx) {
    const id = (args as { id: string }).id;
    await saveOrder(ctx.trx, {
      id,
      order_id: null,
      device_ref: null,
      status: 'draft',
      order_status_id: null,
      customer_ref: null,
      customer_id: null,
      customer_name: null,
      tax_exempt: false,
      tax_exempt_number: null,
      location_id: null,
      lines: [],
      shipping_method: null,
      payment_method: null,
      cashier_id: ctx.actor.id,
      totals: {
        parts: '0.00',
        surcharge: '0.00',
        labor: '0.00',
        tax: '0.00',
        card_surcharge: '0.00',
        card_surcharge_tax: '0.00',
        order_total: '0.00',
        amount_paid: '0.00',
        balance_due: '0.00',
        paid_in_full: true,
      },
      created_at: ctx.now,
      updated_at: ctx.now,
      completed_at: null,
      voided_at: null,
    });
    const mode = failNext;
    failNext = null;
    if (mode === 'plain') throw new Error('connection reset by peer');
    if (mode === 'serialization') throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    if (mode === 'integrity')
      throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    return { ok: true };
  },
};

describe.each(testEngines())('sync push on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  const clientId = randomUUID();
  const order = randomUUID();
  const push = (mutations: { id: number; name: string; args: unknown }[], c = cashier, cid = clientId) =>
    c.post('/sync/push', {
      clientId: cid,
      protocolVersion: PROTOCOL_VERSION,
      mutations: mutations.map((m) => ({ ...m, at })),
    });
  const last = async (cid = clientId) =>
    Number(
      (
        await server.db
          .selectFrom('sync_clients')
          .select('last_mutation_id')
          .where('client_id', '=', cid)
          .executeTakeFirst()
      )?.last_mutation_id ?? 0,
    );

  beforeAll(async () => {
    server = await startSyncServer(engine, { appliers: { ...defaultAppliers, 'test.flaky': flaky } });
    cashier = await signedIn(server.url, 'cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  const batch = [
    { id: 1, name: 'order.create', args: { id: order, device_ref: 'C9-0001' } },
    {
      id: 2,
      name: 'cart.addCustomProduct',
      args: {
        order_ref: order,
        line_id: randomUUID(),
        name: 'Brake pads',
        price: '40.00',
        quantity: 2,
        tax_class_id: null,
      },
    },
    {
      id: 3,
      name: 'transaction.add',
      args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '25.5' },
    },
  ];

  it('applies a batch in order and records each mutation with its actor', async () => {
    const r = await push(batch);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      lastMutationId: 3,
      results: [1, 2, 3].map((id) => ({ id, status: 'applied' })),
      epoch: expect.stringMatching(/^[0-9a-f-]{36}$/),
      devicePrefix: expect.stringMatching(/^C\d+$/),
    });
    const o = await server.db.selectFrom('orders').selectAll().where('id', '=', order).executeTakeFirstOrThrow();
    expect(o).toMatchObject({ order_total: '80.00', amount_paid: '25.50', device_ref: 'C9-0001', total_items: 2 });
    expect(o.order_id).toBeGreaterThan(0);
    const rec = await server.db
      .selectFrom('sync_mutations')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('seq')
      .execute();
    expect(rec.map((m) => [Number(m.mutation_id), m.status, m.actor_kind])).toEqual([
      [1, 'applied', 'staff'],
      [2, 'applied', 'staff'],
      [3, 'applied', 'staff'],
    ]);
  });

  it('is exactly-once on replay: every id comes back skipped and nothing is written twice', async () => {
    const before = await server.db
      .selectFrom('orders')
      .select('version')
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    const r = await push(batch);
    expect(r.body.results).toEqual([1, 2, 3].map((id) => ({ id, status: 'skipped', was: 'applied' })));
    const txs = await server.db.selectFrom('transactions').selectAll().where('order_ref', '=', order).execute();
    expect(txs).toHaveLength(1);
    const after = await server.db
      .selectFrom('orders')
      .select(['version', 'amount_paid'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ version: before.version, amount_paid: '25.50' });
  });

  it('refuses a gap with 409 and applies nothing from the gap on', async () => {
    const r = await push([{ id: 5, name: 'order.save', args: { order_ref: order } }]);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'mutation_gap', expected: 4, lastMutationId: 3 });
    // A batch that starts well but contains a gap: 4 applies, 6 is refused.
    const r2 = await push([
      { id: 4, name: 'order.save', args: { order_ref: order } },
      { id: 6, name: 'order.void', args: { order_ref: order } },
    ]);
    expect(r2.status).toBe(409);
    expect(r2.body).toMatchObject({ expected: 5, results: [{ id: 4, status: 'applied' }] });
    expect(await last()).toBe(4);
    expect(
      (await server.db.selectFrom('orders').select('status').where('id', '=', order).executeTakeFirstOrThrow()).status,
    ).toBe('saved');
  });

  it('records a domain refusal as rejected, advances, and applies the next one', async () => {
    const r = await push([
      { id: 5, name: 'transaction.void', args: { order_ref: order, transaction_ref: randomUUID() } },
      {
        id: 6,
        name: 'transaction.add',
        args: { order_ref: order, id: randomUUID(), transaction_type: 'check', amount: '1000.00', check_number: 7 },
      },
      {
        id: 7,
        name: 'transaction.add',
        args: { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '4.50' },
      },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.results).toMatchObject([
      { id: 5, status: 'rejected', code: 'transaction_not_found' },
      { id: 6, status: 'rejected', code: 'amount_above_balance', message: 'Max amount allowed: $54.50' },
      { id: 7, status: 'applied' },
    ]);
    const rec = await server.db
      .selectFrom('sync_mutations')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('mutation_id', '=', '6')
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ status: 'rejected', code: 'amount_above_balance', actor_kind: 'staff' });
    // A replay of a rejected id repeats the recorded outcome, so a lost reply cannot hide it.
    const replay = await push([{ id: 6, name: 'transaction.add', args: {} }]);
    expect(replay.body.results).toEqual([
      {
        id: 6,
        status: 'skipped',
        was: 'rejected',
        code: 'amount_above_balance',
        message: 'Max amount allowed: $54.50',
      },
    ]);
    expect(
      (await server.db.selectFrom('orders').select('amount_paid').where('id', '=', order).executeTakeFirstOrThrow())
        .amount_paid,
    ).toBe('30.00');
  });

  it('a transient failure rolls the mutation back, answers 503, and the retry applies it once', async () => {
    const id = randomUUID();
    failNext = 'plain';
    const r = await push([{ id: 8, name: 'test.flaky', args: { id } }]);
    expect(r.status).toBe(503);
    expect(await server.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await last()).toBe(7);
    const again = await push([{ id: 8, name: 'test.flaky', args: { id } }]);
    expect(again.body.results).toEqual([{ id: 8, status: 'applied' }]);
    expect(await last()).toBe(8);
  });

  it('retries a serialization failure (40001) itself', async () => {
    failNext = 'serialization';
    const r = await push([{ id: 9, name: 'test.flaky', args: { id: randomUUID() } }]);
    expect(r.body.results).toEqual([{ id: 9, status: 'applied' }]);
  });

  it('rejects an integrity violation instead of retrying it forever', async () => {
    failNext = 'integrity';
    const id = randomUUID();
    const r = await push([{ id: 10, name: 'test.flaky', args: { id } }]);
    expect(r.body.results).toMatchObject([{ id: 10, status: 'rejected', code: 'conflict' }]);
    expect(await last()).toBe(10);
    expect(await server.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('keeps an order whose device reference another order holds (the sale happened), with the reference made unique', async () => {
    const id = randomUUID();
    const r = await push([{ id: 1, name: 'order.create', args: { id, device_ref: 'C9-0001' } }], cashier, randomUUID());
    expect(r.body.results).toEqual([{ id: 1, status: 'applied' }]);
    const o = await server.db.selectFrom('orders').select('device_ref').where('id', '=', id).executeTakeFirstOrThrow();
    expect(o.device_ref).toBe(`C9-0001-${id.slice(-4).toUpperCase()}`);
  });

  it('answers 422 for a mutation this server does not know and keeps the client where it was', async () => {
    const r = await push([{ id: 11, name: 'teleport.order', args: {} }]);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('unsupported_mutation');
    expect(await last()).toBe(10);
  });

  it('refuses another protocol version, guests, and staff mutations from a shopper', async () => {
    const wrong = await cashier.post('/sync/push', { clientId, protocolVersion: PROTOCOL_VERSION + 1, mutations: [] });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error).toBe('protocol_mismatch');
    const { TestClient } = await import('../../support/http-client');
    expect(
      (
        await new TestClient(server.url).post('/sync/push', {
          clientId,
          protocolVersion: PROTOCOL_VERSION,
          mutations: [],
        })
      ).status,
    ).toBe(401);
    const shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    const shopperClient = randomUUID();
    const r = await push([{ id: 1, name: 'order.create', args: { id: randomUUID() } }], shopper, shopperClient);
    expect(r.body.results).toMatchObject([{ id: 1, status: 'rejected', code: 'forbidden' }]);
    // Nor may a shopper push as a staff device's client id.
    expect((await push([], shopper, clientId)).status).toBe(403);
  });
});
