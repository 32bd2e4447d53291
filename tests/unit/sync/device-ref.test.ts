import { describe, expect, it } from 'vitest';
import { fallbackPrefix } from '../../../src/db/device-ref';
import { ensureClientId, getMeta } from '../../../src/db/meta';
import { orderHistoryRows } from '../../../src/db/queries';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { pullAll } from '../../../sync/pull';
import { pushOnce } from '../../../sync/push';
import { domainRegistry } from '../../../sync/registry';
import { at, freshDb, page, scripted, staff, uuid } from './support';

const input = (name: string, args: unknown, n = 0) => ({
  name,
  args,
  actor: staff,
  now: at(n),
  settings: defaultStoreSettings,
});
const CLIENT = '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
const pullOpts = { clientId: CLIENT, limit: 100, registry: domainRegistry, settings: () => defaultStoreSettings };

async function deviceRefOf(db: ReturnType<typeof freshDb>, id: string): Promise<unknown> {
  return (await db.orders.get(id))?.device_ref;
}

describe('offline order references (device prefix)', () => {
  it('before the server gave a prefix, orders are numbered with the client-id fallback; after it, with the prefix', async () => {
    const db = freshDb();
    await ensureClientId(db, () => CLIENT);
    const first = uuid();
    expect(await mutate(db, domainRegistry, input('order.create', { id: first, device_ref: null }))).toMatchObject({
      ok: true,
    });
    expect(await deviceRefOf(db, first)).toBe('X3F4A5B-0001');
    expect(fallbackPrefix(CLIENT)).toBe('X3F4A5B');
    // The outbox carries the number, so the server stores the same reference as the receipt.
    expect((await db.outbox.get({ id: 1 }))?.args).toMatchObject({ device_ref: 'X3F4A5B-0001' });

    const t = scripted([() => page(5, [], false, 0, { devicePrefix: 'C2' })]);
    expect(await pullAll(db, t, pullOpts)).toMatchObject({ kind: 'done' });
    expect(await getMeta(db, 'devicePrefix')).toBe('C2');
    const second = uuid();
    await mutate(db, domainRegistry, input('order.create', { id: second }, 1));
    expect(await deviceRefOf(db, second)).toBe('C2-0002');
    // The next pull names the prefix the device holds (a restored server records it again).
    const next = scripted([() => page(6, [], false, 0)]);
    await pullAll(db, next, pullOpts);
    expect(next.calls[0]!.path).toContain('&prefix=C2');
    // ... and how many changes wait in its outbox (never pushed here: both creates), for GET /metrics.
    expect(t.calls[0]!.path).toContain('&queue=1');
    expect(next.calls[0]!.path).toContain('&queue=2');
  });

  it('a refused create takes no number; a reference given in the args is kept', async () => {
    const db = freshDb();
    await ensureClientId(db, () => CLIENT);
    const id = uuid();
    await mutate(db, domainRegistry, input('order.create', { id }));
    expect(await mutate(db, domainRegistry, input('order.create', { id }))).toMatchObject({
      ok: false,
      code: 'duplicate_id',
    });
    expect(await getMeta(db, 'nextOrderRef')).toBe(2);
    const given = uuid();
    await mutate(db, domainRegistry, input('order.create', { id: given, device_ref: 'RT-0001' }));
    expect(await deviceRefOf(db, given)).toBe('RT-0001');
    expect(await getMeta(db, 'nextOrderRef')).toBe(2);
  });

  it('push sends the held prefix and keeps the one the reply carries', async () => {
    const db = freshDb();
    await ensureClientId(db, () => CLIENT);
    await mutate(db, domainRegistry, input('order.create', { id: uuid() }));
    const t = scripted([
      (req) => ({
        status: 200,
        body: { lastMutationId: 1, results: [{ id: 1, status: 'applied' }], devicePrefix: 'C7', echo: req.body },
      }),
    ]);
    expect(await pushOnce(db, t, CLIENT, () => Date.now())).toMatchObject({ kind: 'progress' });
    expect(t.calls[0]!.body).not.toHaveProperty('devicePrefix');
    expect(await getMeta(db, 'devicePrefix')).toBe('C7');
  });
});

describe('order history on the device', () => {
  it('an entry added here shows at once, survives a rebase, and is replaced by the server copy', async () => {
    const db = freshDb();
    await ensureClientId(db, () => CLIENT);
    const order = uuid();
    const entry = uuid();
    await mutate(db, domainRegistry, input('order.create', { id: order }));
    const r = await mutate(
      db,
      domainRegistry,
      input('orderHistory.add', { order_ref: order, id: entry, order_status_id: 5, comment: 'Called the customer' }, 1),
    );
    expect(r).toMatchObject({ ok: true });
    expect(await orderHistoryRows(db, order)).toMatchObject([
      { id: entry, comment: 'Called the customer', order_status_id: 5 },
    ]);

    // A pull that does not yet hold it: the rebase re-applies the pending entry.
    await pullAll(db, scripted([() => page(3, [], false, 0)]), pullOpts);
    expect(await orderHistoryRows(db, order)).toHaveLength(1);

    // The server applied both and sends its rows: the device shows the server's copy.
    const server = {
      id: entry,
      order_ref: order,
      order_status_id: 5,
      comment: 'Called the customer',
      notify_customer: false,
      date_added: at(9),
    };
    await pullAll(
      db,
      scripted([() => page(4, [{ table: 'order_history', key: entry, version: 4, row: server }], false, 2)]),
      pullOpts,
    );
    expect(await orderHistoryRows(db, order)).toEqual([server]);
    expect(await db.lookups.count()).toBe(0);
  });
});
