/**
 * The audit log (server/commands/audit.ts, migration 0017-c): voids, price overrides,
 * tax-exempt changes, store credit changes and discarded conflicts are recorded with who (the
 * trusted staff user), when, which device and before/after, in the transaction of the change
 * itself, by a sync push and by the HTTP calls alike; GET /api/audit shows them to admins only,
 * newest first, paged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryRow } from '../../../src/contracts/audit';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from './support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('audit log on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let admin: TestClient;
  let cashierId: string;
  const clientId = randomUUID();
  let next = 1;
  const push = async (name: string, args: unknown) => {
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next, name, args, at }],
    });
    expect(r.status).toBe(200);
    next++;
    return r.body.results[0] as { id: number; status: string; code?: string; message?: string };
  };
  /** Entries added since `since` (an id), oldest first. */
  const entriesSince = async (since: number, kind?: string): Promise<AuditEntryRow[]> => {
    const r = await admin.get(`/api/audit?limit=200${kind ? `&kind=${kind}` : ''}`);
    expect(r.status).toBe(200);
    return (r.body.entries as AuditEntryRow[]).filter((e) => e.id > since).reverse();
  };
  const lastId = async () => ((await admin.get('/api/audit?limit=1')).body.entries[0]?.id as number | undefined) ?? 0;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    admin = await signedIn(server.url, 'admin', 'admin');
    cashierId = (await cashier.get('/api/session')).body.user.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a pushed price override is recorded with the staff user, the device, the time and before/after', async () => {
    const since = await lastId();
    const order = randomUUID();
    const line = randomUUID();
    expect((await push('order.create', { id: order, device_ref: null })).status).toBe('applied');
    expect(
      (
        await push('cart.addCustomProduct', {
          order_ref: order,
          line_id: line,
          name: 'Brake rotor',
          price: '80.00',
          quantity: 1,
          tax_class_id: null,
        })
      ).status,
    ).toBe('applied');
    const m = next;
    expect((await push('cart.updatePrice', { order_ref: order, line_id: line, new_price: '65.50' })).status).toBe(
      'applied',
    );
    // A refused change records nothing.
    expect(
      (await push('cart.updatePrice', { order_ref: order, line_id: randomUUID(), new_price: '1.00' })).status,
    ).toBe('rejected');
    const entries = await entriesSince(since);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        kind: 'price_override',
        action: 'cart.updatePrice',
        actor: { kind: 'staff', id: cashierId, role: 'cashier' },
        device: { clientId, mutationId: m },
        record: { table: 'order_lines', id: line },
        order_ref: order,
        before: { name: 'Brake rotor', price: '80.00', price_override: null },
        after: { name: 'Brake rotor', price: '65.50', price_override: null },
        at: expect.any(String),
        recorded_at: expect.any(String),
      },
    ]);
    expect(Math.abs(Date.parse(entries[0]!.at) - Date.parse(at))).toBeLessThan(1000);
  });

  it('payment voids, an order void over HTTP, tax exemption and store credit are recorded', async () => {
    const customer = await server.db
      .selectFrom('customers')
      .select(['id'])
      .where('status', '=', true)
      .orderBy('customer_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('customers')
      .set({ store_credit: '50.00', tax_exempt: false, tax_exempt_number: '' })
      .where('id', '=', customer.id)
      .execute();
    const since = await lastId();
    const order = randomUUID();
    expect((await push('order.create', { id: order, device_ref: null, customer_ref: customer.id })).status).toBe(
      'applied',
    );
    expect(
      (
        await push('cart.addCustomProduct', {
          order_ref: order,
          line_id: randomUUID(),
          name: 'Alternator',
          price: '200.00',
          quantity: 1,
          tax_class_id: null,
        })
      ).status,
    ).toBe('applied');
    const cash = randomUUID();
    expect(
      (await push('transaction.add', { order_ref: order, id: cash, transaction_type: 'cash', amount: '20.00' })).status,
    ).toBe('applied');
    expect((await push('transaction.void', { order_ref: order, transaction_ref: cash })).status).toBe('applied');
    const credit = randomUUID();
    expect(
      (
        await push('transaction.add', {
          order_ref: order,
          id: credit,
          transaction_type: 'store_credit',
          amount: '30.00',
        })
      ).status,
    ).toBe('applied');

    // Tax exemption through the customer form's mutation.
    const c = await server.db
      .selectFrom('customers')
      .select(['firstname', 'lastname', 'email', 'telephone'])
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    const update = await push('customer.update', {
      customer_ref: customer.id,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email ?? '',
      telephone: c.telephone,
      tax_exempt: true,
      tax_exempt_number: 'TX-99',
      addresses: [],
    });
    expect(update).toMatchObject({ status: 'applied' });

    // The order voided through the HTTP call (no device).
    const number = (
      await server.db.selectFrom('orders').select('order_id').where('id', '=', order).executeTakeFirstOrThrow()
    ).order_id;
    expect((await cashier.get(`/pos/order/void?order_id=${number}`)).status).toBe(200);

    const entries = await entriesSince(since);
    const brief = entries.map((e) => [e.kind, e.action, e.record.table, e.device === null ? 'http' : 'push']);
    expect(brief).toEqual([
      ['void', 'transaction.void', 'transactions', 'push'],
      ['store_credit', 'transaction.add', 'customers', 'push'],
      ['tax_exempt', 'customer.update', 'customers', 'push'],
      ['void', 'order.void', 'orders', 'http'],
    ]);
    expect(entries[0]).toMatchObject({
      record: { id: cash },
      order_ref: order,
      before: { status: 'approved', amount: '20.00' },
      after: { status: 'void' },
    });
    expect(entries[1]).toMatchObject({
      record: { id: customer.id },
      before: { store_credit: '50.00' },
      after: { store_credit: '20.00' },
    });
    expect(entries[2]).toMatchObject({
      before: { tax_exempt: false, tax_exempt_number: null },
      after: { tax_exempt: true, tax_exempt_number: 'TX-99' },
    });
    expect(entries[3]).toMatchObject({
      actor: { id: cashierId, role: 'cashier' },
      device: null,
      before: { status: 'draft' },
      after: { status: 'voided' },
    });
    for (const e of entries) expect(e.actor).toEqual({ kind: 'staff', id: cashierId, role: 'cashier' });
  });

  it('a price override through the staff cart call is recorded too, without a device', async () => {
    const since = await lastId();
    const added = await cashier.post('/checkout/cart/addCustomProduct', {
      name: 'Shop rag',
      price: '2.00',
      quantity: 1,
      tax_class_id: null,
    });
    expect(added.status).toBe(200);
    const key = (added.body.products as { key: string; name: string }[]).find((x) => x.name === 'Shop rag')!.key;
    expect((await cashier.post('/checkout/cart/updatePrice', { key, newPrice: '1.50' })).status).toBe(200);
    const entries = await entriesSince(since);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'price_override',
      action: 'cart.updatePrice',
      actor: { kind: 'staff', id: cashierId, role: 'cashier' },
      device: null,
      record: { table: 'order_lines', id: key },
      before: { price: '2.00' },
      after: { price: '1.50' },
    });
  });

  it('a discarded conflict is recorded once, with who discarded it and the change as the device held it', async () => {
    const since = await lastId();
    const args = { order_ref: randomUUID(), transaction_ref: randomUUID() };
    const m = next;
    expect((await push('transaction.void', args)).status).toBe('rejected');
    const body = { clientId, mutationId: m, name: 'transaction.void', args, discardedAt: at };
    expect((await cashier.post('/sync/discard', body)).status).toBe(200);
    expect((await cashier.post('/sync/discard', body)).status).toBe(200);
    const entries = await entriesSince(since, 'conflict_discard');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'conflict_discard',
      action: 'sync.discard',
      actor: { kind: 'staff', id: cashierId },
      device: { clientId, mutationId: m },
      record: { table: 'sync_mutations', id: `${clientId}:${m}` },
      before: { name: 'transaction.void', args, code: 'not_found' },
      after: null,
    });
  });

  it('is readable by admins only, newest first and paged', async () => {
    const all = await admin.get('/api/audit?limit=200');
    expect(all.status).toBe(200);
    const ids = (all.body.entries as AuditEntryRow[]).map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await admin.get('/api/audit?limit=2&page=2');
    expect(page2.body).toMatchObject({ page: 2, limit: 2, total_items: all.body.total_items });
    expect((page2.body.entries as AuditEntryRow[]).map((e) => e.id)).toEqual(ids.slice(2, 4));
    const voids = await admin.get('/api/audit?kind=void');
    expect((voids.body.entries as AuditEntryRow[]).every((e) => e.kind === 'void')).toBe(true);
    expect((await admin.get('/api/audit?kind=everything')).status).toBe(400);

    expect((await cashier.get('/api/audit')).status).toBe(403);
    expect((await signedIn(server.url, 'installer', 'installer').then((c) => c.get('/api/audit'))).status).toBe(403);
    expect((await signedIn(server.url, 'shopper@example.com', 'shopper').then((c) => c.get('/api/audit'))).status).toBe(
      403,
    );
    expect((await new TestClient(server.url).get('/api/audit')).status).toBe(401);
  });
});
