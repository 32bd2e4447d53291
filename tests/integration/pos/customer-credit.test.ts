/**
 * Store credit, Add Credit (docs/decisions/payments.md "Store credit: Add Credit"): the `credit.add`
 * applier through the sync push (applied once, a replay changes nothing, refusals write nothing),
 * GET /api/customer_credit and POST /api/customer_credit/add (shape, paging, who may call, bad
 * input), and credit added by either path spent at checkout.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const at = new Date().toISOString();

describe.each(testEngines())('store credit, Add Credit on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let installer: TestClient;
  let shopper: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const pushAs = async (c: TestClient, cid: string, seq: number, name: string, args: unknown) => {
    const r = await c.post('/sync/push', {
      clientId: cid,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: seq, name, args, at }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results[0] as { status: string; message?: string };
  };
  const push = (name: string, args: unknown) => pushAs(cashier, clientId, next++, name, args);
  const credit = async (id: string) =>
    (await server.db.selectFrom('customers').select('store_credit').where('id', '=', id).executeTakeFirstOrThrow())
      .store_credit;
  const rows = async (id: string) =>
    server.db.selectFrom('customer_credits').selectAll().where('customer_ref', '=', id).execute();
  const newCustomer = async () => {
    const id = randomUUID();
    expect(
      await push('customer.create', { id, firstname: 'Cora', lastname: 'Credit', email: `${id}@example.com` }),
    ).toMatchObject({ status: 'applied' });
    return id;
  };

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    installer = await signedIn(server.url, 'installer', 'installer');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('push: applied once; the same mutation again (a replay) changes nothing', async () => {
    const c = await newCustomer();
    const args = { id: randomUUID(), customer_ref: c, description: 'Returned brake pads', amount: '25.50' };
    const seq = next++;
    expect(await pushAs(cashier, clientId, seq, 'credit.add', args)).toMatchObject({ status: 'applied' });
    expect(await pushAs(cashier, clientId, seq, 'credit.add', args)).toMatchObject({ id: seq });
    expect(await credit(c)).toBe('25.50');
    const stored = await rows(c);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ description: 'Returned brake pads', amount: '25.50', balance: '25.50' });
    // The same entry id under a new sequence number (another device, a bug) is refused, not counted twice.
    expect(await push('credit.add', args)).toMatchObject({ status: 'rejected' });
    expect(await credit(c)).toBe('25.50');
    expect(await rows(c)).toHaveLength(1);
  });

  it('push: refusals write nothing (blank description, too much, below zero, unknown customer, installer)', async () => {
    const c = await newCustomer();
    const add = (over: Record<string, unknown>) =>
      push('credit.add', { id: randomUUID(), customer_ref: c, description: 'x', amount: '5', ...over });
    expect(await add({ description: '  ' })).toMatchObject({ status: 'rejected', message: 'Required' });
    expect(await add({ amount: '10000.01' })).toMatchObject({
      status: 'rejected',
      message: 'Amount must be at most $10,000.00 either way',
    });
    expect(await add({ amount: '-1' })).toMatchObject({
      status: 'rejected',
      message: 'Store credit cannot go below $0.00',
    });
    expect(await add({ customer_ref: randomUUID() })).toMatchObject({ status: 'rejected' });
    const inst = await pushAs(installer, randomUUID(), 1, 'credit.add', {
      id: randomUUID(),
      customer_ref: c,
      description: 'x',
      amount: '5',
    });
    expect(inst.status).not.toBe('applied');
    const mine = await pushAs(shopper, randomUUID(), 1, 'credit.add', {
      id: randomUUID(),
      customer_ref: c,
      description: 'x',
      amount: '5',
    });
    expect(mine.status).not.toBe('applied');
    expect(await credit(c)).toBe('0.00');
    expect(await rows(c)).toHaveLength(0);
  });

  it('POST add and GET list: shape, balance, default sort by date_added ascending, pages of 10', async () => {
    const c = await newCustomer();
    const number = (
      await server.db.selectFrom('customers').select('customer_id').where('id', '=', c).executeTakeFirstOrThrow()
    ).customer_id;
    const r = await cashier.post(`/api/customer_credit/add?customer_id=${number}`, {
      description: 'Core refund',
      amount: '12.5',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      success: 'Success: store credit added.',
      balance: '12.50',
      credit: { description: 'Core refund', amount: '12.50' },
    });
    expect(r.body.credit.customer_transaction_id).toBeGreaterThan(0);
    for (let i = 1; i <= 11; i++) {
      const a = await cashier.post(`/api/customer_credit/add?customer_id=${c}`, {
        description: `Entry ${i}`,
        amount: 1,
      });
      expect(a.status).toBe(200);
    }
    const list = await cashier.get(`/api/customer_credit?customer_id=${number}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ balance: '23.50', total: 12, page: 1, limit: 10 });
    expect(list.body.credits).toHaveLength(10);
    expect(Object.keys(list.body.credits[0]).sort()).toEqual([
      'amount',
      'customer_transaction_id',
      'date_added',
      'description',
    ]);
    expect(list.body.credits[0].description).toBe('Core refund');
    const dates = (list.body.credits as { date_added: string }[]).map((x) => x.date_added);
    expect([...dates].sort()).toEqual(dates);
    const page2 = await installer.get(`/api/customer_credit?customer_id=${c}&page=2`);
    expect(page2.status).toBe(200);
    expect(page2.body.credits.map((x: { description: string }) => x.description)).toEqual(['Entry 10', 'Entry 11']);
    const desc = await cashier.get(`/api/customer_credit?customer_id=${c}&order=DESC&limit=1`);
    expect(desc.body.credits[0].description).toBe('Entry 11');
  });

  it('POST add: who may call, bad input and unknown customers change nothing', async () => {
    const c = await newCustomer();
    const path = `/api/customer_credit/add?customer_id=${c}`;
    const body = { description: 'Goodwill', amount: '5' };
    expect((await new TestClient(server.url).post(path, body)).status).toBe(401);
    expect((await shopper.post(path, body)).status).toBe(403);
    expect((await installer.post(path, body)).status).toBe(403);
    expect((await shopper.get(`/api/customer_credit?customer_id=${c}`)).status).toBe(403);
    expect((await new TestClient(server.url).get(`/api/customer_credit?customer_id=${c}`)).status).toBe(401);
    const bad = async (p: string, b: unknown) => {
      const r = await cashier.post(p, b);
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      return r;
    };
    expect((await bad(path, { description: '', amount: '5' })).body.message).toBe('Required');
    expect((await bad(path, { description: 'x', amount: '0' })).body.message).toBe('Amount must not be $0.00');
    expect((await bad(path, { description: 'x', amount: '1.234' })).status).toBe(400);
    expect((await bad(path, { description: 'x', amount: '1e9' })).status).toBe(400);
    expect((await bad(path, { description: 'x'.repeat(256), amount: '1' })).status).toBe(400);
    expect((await bad(path, { description: 'x', amount: '-3' })).body.message).toBe(
      'Store credit cannot go below $0.00',
    );
    expect((await bad('/api/customer_credit/add', body)).status).toBe(400);
    expect((await bad('/api/customer_credit/add?customer_id=abc', body)).status).toBe(400);
    expect((await bad(`/api/customer_credit/add?customer_id=${randomUUID()}`, body)).status).toBe(404);
    expect((await bad('/api/customer_credit/add?customer_id=999999', body)).status).toBe(404);
    expect((await cashier.get(`/api/customer_credit?customer_id=${randomUUID()}`)).status).toBe(404);
    expect((await cashier.get(`/api/customer_credit?customer_id=${c}&limit=1000`)).status).toBe(400);
    expect(await credit(c)).toBe('0.00');
    expect(await rows(c)).toHaveLength(0);
    // A client retrying with its own entry id is credited once.
    const id = randomUUID();
    expect((await cashier.post(path, { ...body, id })).status).toBe(200);
    expect((await bad(path, { ...body, id })).status).toBe(409);
    expect(await credit(c)).toBe('5.00');
  });

  it('the pull carries the entries to staff devices, never to shoppers', async () => {
    const c = await newCustomer();
    const id = randomUUID();
    expect(await push('credit.add', { id, customer_ref: c, description: 'Pulled', amount: '3' })).toMatchObject({
      status: 'applied',
    });
    type Change = { table: string; key: string; row: Record<string, unknown> | null };
    // Every page of a first pull (the lookups alone, countries and their zones, fill more than one).
    const pulled = async (who: TestClient) => {
      const clientId = randomUUID();
      const out: Change[] = [];
      for (let cookie = 0, more = true; more;) {
        const page = (await who.get(`/sync/pull?clientId=${clientId}&cookie=${cookie}&limit=5000`)).body as {
          changes: Change[];
          cookie: number;
          more: boolean;
        };
        out.push(...page.changes.filter((x) => x.table === 'customer_credits'));
        ({ cookie, more } = page);
      }
      return out;
    };
    const staff = await pulled(installer);
    expect(staff.find((x) => x.key === id)?.row).toMatchObject({
      id,
      customer_ref: c,
      description: 'Pulled',
      amount: '3.00',
      balance: '3.00',
    });
    expect(await pulled(shopper)).toEqual([]);
  });
});
