/**
 * The Tags tab's calls (docs/decisions/pos.md "Customer IP addresses and tags"):
 * GET /api/customer_tag/?customerId= (customerTags, assignedTags, createTagUrl), POST
 * /api/customer_tag/save (the whole set replaced; unknown ids change nothing), POST
 * /api/customer_tag/create; who may call; bad input 4xx. And offline (docs/decisions/pos.md
 * "Customer tags offline"): customer.setTags through the sync push, the same applier as the save
 * (applied once, a replay changes nothing, unknown tags and customers refused with a reason,
 * shoppers and strangers refused), merged by tag with its base; tags and assignments pulled by
 * staff devices only, an unassigned tag as a tombstone keyed `customer_ref:tag_id`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { DEMO_TAGS } from '../../../server/db/demo/customer-admin';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

describe.each(testEngines())('customer tags on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let installer: TestClient;
  let shopper: TestClient;
  let shopperNo: number;
  let shopperId: string;
  let otherNo: number;

  const assigned = async (id: string) =>
    (
      await server.db
        .selectFrom('customer_tag_assignments')
        .select('tag_id')
        .where('customer_ref', '=', id)
        .orderBy('tag_id')
        .execute()
    ).map((r) => r.tag_id);

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    installer = await signedIn(server.url, 'installer', 'installer');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
    const me = await server.db
      .selectFrom('customers')
      .select(['id', 'customer_id'])
      .where('email', '=', 'shopper@example.com')
      .executeTakeFirstOrThrow();
    shopperNo = me.customer_id;
    shopperId = me.id;
    otherNo = (
      await server.db
        .selectFrom('customers')
        .select('customer_id')
        .where('id', '<>', me.id)
        .orderBy('customer_id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).customer_id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const at = new Date().toISOString();
  const clientId = randomUUID();
  let seq = 1;
  const pushAs = async (who: TestClient, cid: string, id: number, args: unknown) => {
    const r = await who.post('/sync/push', {
      clientId: cid,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id, name: 'customer.setTags', args, at }],
    });
    return r;
  };
  const push = async (args: unknown, id = seq++) => {
    const r = await pushAs(cashier, clientId, id, args);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results[0] as { status: string; code?: string; message?: string };
  };
  /** The shop's first three tags. */
  const tagIds = async (): Promise<[number, number, number]> => {
    const [a = 0, b = 0, c = 0] = (
      await server.db.selectFrom('customer_tags').select('tag_id').orderBy('tag_id').execute()
    ).map((t) => t.tag_id);
    return [a, b, c];
  };
  const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
  const versions = async (id: string) =>
    (
      await server.db
        .selectFrom('customer_tag_assignments')
        .select(['tag_id', 'version'])
        .where('customer_ref', '=', id)
        .orderBy('tag_id')
        .execute()
    ).map((r) => `${r.tag_id}@${r.version}`);

  it('GET: every tag, the customer’s ids and where "Create a tag" goes', async () => {
    const r = await installer.get(`/api/customer_tag/?customerId=${shopperNo}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.customerTags.map((t: { title: string }) => t.title)).toEqual([...DEMO_TAGS]);
    const vip = r.body.customerTags.find((t: { title: string }) => t.title === 'VIP');
    expect(r.body.assignedTags).toEqual([vip.tag_id]);
    expect(r.body.createTagUrl).toBe(`/pos/customer/edit?customer_id=${shopperNo}&tab=tags&create_tag=1`);
    // By uuid too.
    expect((await cashier.get(`/api/customer_tag/?customerId=${shopperId}`)).body.assignedTags).toEqual([vip.tag_id]);
  });

  it('save replaces the whole set (JSON or a form’s tags[]); create adds a tag', async () => {
    const tags = (await cashier.get(`/api/customer_tag/?customerId=${shopperNo}`)).body.customerTags as {
      tag_id: number;
      title: string;
    }[];
    const ids = tags.slice(0, 2).map((t) => t.tag_id);
    const r = await installer.post(`/api/customer_tag/save?customerId=${shopperNo}`, { tags: [...ids, ids[0]] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: 'Success: customer tags saved.', assignedTags: [...ids].sort((a, b) => a - b) });
    expect(await assigned(shopperId)).toEqual([...ids].sort((a, b) => a - b));
    const form = await cashier.post(`/api/customer_tag/save?customerId=${shopperNo}`, `tags[]=${ids[1]}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(await assigned(shopperId)).toEqual([ids[1]]);
    expect((await cashier.post(`/api/customer_tag/save?customerId=${shopperNo}`, { tags: [] })).status).toBe(200);
    expect(await assigned(shopperId)).toEqual([]);

    const made = await installer.post('/api/customer_tag/create', { title: '  Cash only ' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ success: 'Success: tag created.', tag: { title: 'Cash only' } });
    const again = await cashier.post('/api/customer_tag/create', { title: 'CASH ONLY' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A tag with this title already exists.');
    expect((await cashier.post('/api/customer_tag/create', { title: '' })).body.message).toBe('Required');
    expect((await cashier.post('/api/customer_tag/create', { title: 'x'.repeat(65) })).status).toBe(400);
    const saved = await cashier.post(`/api/customer_tag/save?customerId=${shopperNo}`, {
      tags: [made.body.tag.tag_id],
    });
    expect(saved.body.assignedTags).toEqual([made.body.tag.tag_id]);
  });

  it('unknown tags, bad ids and unknown customers are 4xx and change nothing', async () => {
    const before = await assigned(shopperId);
    const bad = async (path: string, body: unknown, status: number) => {
      const r = await cashier.post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`).toBe(status);
      return r;
    };
    const save = `/api/customer_tag/save?customerId=${shopperNo}`;
    expect((await bad(save, { tags: [999_999] }, 400)).body.message).toBe(
      'One of the tags no longer exists. Reload the tab and try again.',
    );
    await bad(save, { tags: ['abc'] }, 400);
    await bad(save, { tags: [-1] }, 400);
    await bad(save, { tags: [1.5] }, 400);
    await bad(save, { tags: Array.from({ length: 201 }, (_, i) => i + 1) }, 400);
    await bad(save, { tags: { a: 1 } }, 400);
    await bad(`/api/customer_tag/save?customerId=${randomUUID()}`, { tags: [] }, 404);
    await bad('/api/customer_tag/save?customerId=0', { tags: [] }, 400);
    await bad('/api/customer_tag/save', { tags: [] }, 400);
    expect((await cashier.get('/api/customer_tag/?customerId=999999')).status).toBe(404);
    expect((await cashier.get('/api/customer_tag/')).status).toBe(400);
    expect(await assigned(shopperId)).toEqual(before);
  });

  it('a save for one customer never touches another’s tags', async () => {
    const other = await cashier.get(`/api/customer_tag/?customerId=${otherNo}`);
    const ids = (other.body.customerTags as { tag_id: number }[]).map((t) => t.tag_id).sort((a, b) => a - b);
    expect((await cashier.post(`/api/customer_tag/save?customerId=${otherNo}`, { tags: ids })).status).toBe(200);
    expect((await cashier.post(`/api/customer_tag/save?customerId=${shopperNo}`, { tags: [] })).status).toBe(200);
    expect(await assigned(shopperId)).toEqual([]);
    expect((await cashier.get(`/api/customer_tag/?customerId=${otherNo}`)).body.assignedTags).toEqual(ids);
  });

  it('shoppers and strangers are refused every call', async () => {
    const stranger = new TestClient(server.url);
    const before = await assigned(shopperId);
    for (const [who, status] of [
      [shopper, 403],
      [stranger, 401],
    ] as const) {
      expect((await who.get(`/api/customer_tag/?customerId=${shopperNo}`)).status).toBe(status);
      expect((await who.post(`/api/customer_tag/save?customerId=${shopperNo}`, { tags: [1] })).status).toBe(status);
      expect((await who.post('/api/customer_tag/create', { title: 'Mine' })).status).toBe(status);
    }
    expect(await assigned(shopperId)).toEqual(before);
    expect(
      await server.db.selectFrom('customer_tags').select('tag_id').where('title', '=', 'Mine').execute(),
    ).toHaveLength(0);
  });

  it('push: applied once, a replay changes nothing; the HTTP save runs the same rule', async () => {
    const [a, b, c] = await tagIds();
    const id = seq++;
    const args = { customer_ref: shopperId, tag_ids: [b, a] };
    expect(await push(args, id)).toMatchObject({ status: 'applied' });
    expect(await assigned(shopperId)).toEqual(sorted([a, b]));
    const stamped = await versions(shopperId);
    // The same mutation again (a retried push): answered from the record, nothing rewritten.
    expect(await push(args, id)).toMatchObject({ id });
    expect(await versions(shopperId)).toEqual(stamped);
    // The same set under a new id: applied, and nothing rewritten either (only the difference is written).
    expect(await push(args)).toMatchObject({ status: 'applied' });
    expect(await versions(shopperId)).toEqual(stamped);
    // Merged by tag: this device unticked a and ticked c from the set it showed ([a]); b (another
    // device's) stays.
    expect(await push({ customer_ref: shopperId, tag_ids: [c], base: [a] })).toMatchObject({ status: 'applied' });
    expect(await assigned(shopperId)).toEqual(sorted([b, c]));
    // The HTTP save (no base) replaces the set, through the same applier and its refusal.
    const r = await cashier.post(`/api/customer_tag/save?customerId=${shopperNo}`, { tags: [a] });
    expect(r.body.assignedTags).toEqual([a]);
  });

  it('push: unknown tags and customers are refused with a reason and change nothing; another customer is untouched', async () => {
    const [a, b] = await tagIds();
    expect(await push({ customer_ref: shopperId, tag_ids: [a] })).toMatchObject({ status: 'applied' });
    const other = (
      await server.db.selectFrom('customers').select('id').where('customer_id', '=', otherNo).executeTakeFirstOrThrow()
    ).id;
    expect(await push({ customer_ref: other, tag_ids: [b] })).toMatchObject({ status: 'applied' });
    const mine = await versions(shopperId);
    const theirs = await versions(other);
    expect(await push({ customer_ref: shopperId, tag_ids: [a, 999_999] })).toMatchObject({
      status: 'rejected',
      message: 'One of the tags no longer exists. Reload the tab and try again.',
    });
    expect(await push({ customer_ref: randomUUID(), tag_ids: [a] })).toMatchObject({
      status: 'rejected',
      message: 'The customer could not be found.',
    });
    expect(await push({ customer_ref: shopperId, tag_ids: [0] })).toMatchObject({ status: 'rejected' });
    expect(await push({ customer_ref: shopperId, tag_ids: ['1'] })).toMatchObject({ status: 'rejected' });
    // A save for the shopper names tags only: the other customer's rows are not reachable through it.
    expect(await push({ customer_ref: shopperId, tag_ids: [], base: [a, b] })).toMatchObject({ status: 'applied' });
    expect(await assigned(shopperId)).toEqual([]);
    expect(await versions(other)).toEqual(theirs);
    expect(mine).toHaveLength(1);
  });

  it('push: shoppers and strangers are refused; nothing changes', async () => {
    const before = await versions(shopperId);
    const [a] = await tagIds();
    const mine = await pushAs(shopper, randomUUID(), 1, { customer_ref: shopperId, tag_ids: [a] });
    expect(mine.status === 403 || mine.body?.results?.[0]?.status === 'rejected', JSON.stringify(mine.body)).toBe(true);
    const stranger = await pushAs(new TestClient(server.url), randomUUID(), 1, {
      customer_ref: shopperId,
      tag_ids: [a],
    });
    expect(stranger.status).toBe(401);
    expect(await versions(shopperId)).toEqual(before);
  });

  it('pull: staff get the tags and who has them (an unassigned tag as a tombstone); shoppers get neither', async () => {
    const [a, b] = await tagIds();
    expect(await push({ customer_ref: shopperId, tag_ids: [a, b] })).toMatchObject({ status: 'applied' });
    const { version } = await server.db
      .selectFrom('customer_tag_assignments')
      .select((eb) => eb.fn.min('version').as('version'))
      .where('customer_ref', '=', shopperId)
      .executeTakeFirstOrThrow();
    const cookie = Number(version) - 1;
    expect(await push({ customer_ref: shopperId, tag_ids: [a] })).toMatchObject({ status: 'applied' });
    const made = await cashier.post('/api/customer_tag/create', { title: 'Pulled tag' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    type Change = { table: string; key: string; row: Record<string, unknown> | null };
    const pulled = async (who: TestClient) =>
      (
        (await who.get(`/sync/pull?clientId=${randomUUID()}&cookie=${cookie}&limit=5000`)).body.changes as Change[]
      ).filter((x) => x.table === 'customer_tags' || x.table === 'customer_tag_assignments');
    const staff = await pulled(cashier);
    expect(staff).toEqual(
      expect.arrayContaining([
        {
          table: 'customer_tag_assignments',
          key: `${shopperId}:${a}`,
          version: expect.any(Number),
          row: { id: `${shopperId}:${a}`, customer_ref: shopperId, tag_id: a },
        },
        { table: 'customer_tag_assignments', key: `${shopperId}:${b}`, version: expect.any(Number), row: null },
        {
          table: 'customer_tags',
          key: String(made.body.tag.tag_id),
          version: expect.any(Number),
          row: expect.objectContaining({ tag_id: made.body.tag.tag_id, title: 'Pulled tag' }),
        },
      ]),
    );
    expect(await pulled(shopper)).toEqual([]);
  });
});
