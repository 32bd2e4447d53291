import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/db/ids';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { domainRegistry } from '../../../sync/registry';
import { at, freshDb, staff } from '../sync/support';

const run = (db: ReturnType<typeof freshDb>, name: string, args: unknown, n = 0) =>
  mutate(db, domainRegistry, { name, args, actor: staff, now: at(n), settings: defaultStoreSettings });

describe('writeChanges rewrites only what a mutation changed', () => {
  it('adding a line writes that line; removing one rewrites the lines that moved up', async () => {
    const db = freshDb();
    const order = uuidv7();
    await run(db, 'order.create', { id: order });
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    for (const [i, id] of ids.entries()) {
      await run(
        db,
        'cart.addCustomProduct',
        { order_ref: order, line_id: id, name: `Item ${i}`, price: '1.00', quantity: 1, tax_class_id: null },
        i + 1,
      );
    }
    const dirtyLines = async () =>
      (await db.dirty.toArray())
        .filter((d) => d.table === 'order_lines')
        .map((d) => d.k)
        .sort();

    await db.dirty.clear();
    const added = uuidv7();
    await run(
      db,
      'cart.addCustomProduct',
      { order_ref: order, line_id: added, name: 'Item 3', price: '1.00', quantity: 1, tax_class_id: null },
      5,
    );
    expect(await dirtyLines()).toEqual([added]);

    await db.dirty.clear();
    await run(db, 'cart.setQuantity', { order_ref: order, line_id: ids[1], quantity: 4 }, 6);
    expect(await dirtyLines()).toEqual([ids[1]]);

    await db.dirty.clear();
    await run(db, 'cart.removeLine', { order_ref: order, line_id: ids[0] }, 7);
    // The removed line is deleted; every later line moved up one position and is rewritten.
    expect(await dirtyLines()).toEqual([ids[0], ids[1], ids[2], added].sort());
    const stored = await db.orderLines.where('order_ref').equals(order).toArray();
    expect(stored.map((l) => [l.id, l.position]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [ids[1], 0],
      [ids[2], 1],
      [added, 2],
    ]);
    expect(await db.orders.get(order)).toMatchObject({ totals: { order_total: '6.00' } });
  });
});
