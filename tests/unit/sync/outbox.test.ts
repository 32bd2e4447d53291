import { describe, expect, it } from 'vitest';
import { getMeta } from '../../../src/db/meta';
import { mutate } from '../../../sync/outbox';
import { domainRegistry, type MutationRegistry } from '../../../sync/registry';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { at, freshDb, staff, uuid } from './support';

const input = (name: string, args: unknown, n = 0) => ({
  name,
  args,
  actor: staff,
  now: at(n),
  settings: defaultStoreSettings,
});

describe('outbox: mutate is one transaction', () => {
  it('writes the record, the outbox row and the next id together, ids 1, 2, 3', async () => {
    const db = freshDb();
    const order = uuid();
    expect(await mutate(db, domainRegistry, input('order.create', { id: order }))).toEqual({ ok: true, id: 1 });
    const line = uuid();
    const r = await mutate(
      db,
      domainRegistry,
      input(
        'cart.addCustomProduct',
        { order_ref: order, line_id: line, name: 'Wiper', price: '12.5', quantity: 2, tax_class_id: null },
        1,
      ),
    );
    expect(r).toEqual({ ok: true, id: 2 });
    expect(await db.outbox.orderBy('id').toArray()).toMatchObject([
      { id: 1, name: 'order.create' },
      // Stored parsed: money normalised to 2 places, defaults filled.
      { id: 2, name: 'cart.addCustomProduct', args: { price: '12.50' } },
    ]);
    expect(await getMeta(db, 'nextMutationId')).toBe(3);
    expect(await db.orders.get(order)).toMatchObject({ id: order, totals: { order_total: '25.00' } });
    expect(await db.orderLines.get(line)).toMatchObject({ order_ref: order, position: 0, price: '12.50' });
    expect((await db.dirty.toArray()).map((d) => d.table).sort()).toEqual(['order_lines', 'orders']);
  });

  it('a refusal writes nothing and takes no id', async () => {
    const db = freshDb();
    const r = await mutate(db, domainRegistry, input('cart.removeLine', { order_ref: uuid(), line_id: uuid() }));
    expect(r).toMatchObject({ ok: false, code: 'not_found' });
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'nextMutationId')).toBe(1);
    const bad = await mutate(db, domainRegistry, input('order.create', { id: 'not-a-uuid' }));
    expect(bad).toMatchObject({ ok: false, code: 'invalid_args' });
    expect(await db.orders.count()).toBe(0);
  });

  it('a failure after the records were written rolls the records back too', async () => {
    const db = freshDb();
    const order = uuid();
    // Occupy mutation id 1 so appending the outbox row (unique id) fails AFTER the order was put.
    await db.outbox.add({ id: 1, name: 'x', args: {}, at: at(0), actor: staff, status: 'pending' });
    await db.meta.put({ key: 'nextMutationId', value: 1 });
    await expect(mutate(db, domainRegistry, input('order.create', { id: order }))).rejects.toThrow();
    expect(await db.orders.get(order)).toBeUndefined();
    expect(await db.dirty.count()).toBe(0);
    expect(await getMeta(db, 'nextMutationId')).toBe(1);
  });

  it('a mutator that throws leaves no trace', async () => {
    const db = freshDb();
    const boom: MutationRegistry = {
      validate: (_n, args) => ({ ok: true, args }),
      run: () => {
        throw new Error('bug');
      },
    };
    await expect(mutate(db, boom, input('order.create', {}))).rejects.toThrow('bug');
    expect(await db.outbox.count()).toBe(0);
  });

  it('concurrent mutate calls get distinct consecutive ids', async () => {
    const db = freshDb();
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => mutate(db, domainRegistry, input('order.create', { id: uuid() }))),
    );
    expect(ids.map((r) => (r.ok ? r.id : 0)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});

describe('outbox: what the engine cannot store is not queued', () => {
  it('refuses a mutation whose records have no store yet', async () => {
    const db = freshDb();
    const customer = uuid();
    await mutate(db, domainRegistry, input('customer.create', { id: customer, firstname: 'Dana', lastname: 'Lopez' }));
    // A mutator returning a record kind this engine does not know (every domain one is stored today).
    const unknownRecords: MutationRegistry = {
      validate: (name, args) => domainRegistry.validate(name, args),
      run: () => ({ ok: true, changes: { notARecord: {} } as never }),
    };
    const r = await mutate(
      db,
      unknownRecords,
      input('customerHistory.add', { customer_ref: customer, id: uuid(), comment: 'x' }),
    );
    expect(r).toMatchObject({ ok: false, code: 'invalid_args' });
    expect(await db.outbox.count()).toBe(1);
  });
});
