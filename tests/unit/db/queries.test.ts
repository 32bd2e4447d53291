import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/db/ids';
import {
  customerVehicles,
  findOrder,
  getCatalogProduct,
  lookupRows,
  pendingOrders,
  searchCustomers,
} from '../../../src/db/queries';
import { applyServerChange } from '../../../src/db/tables';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { mutate } from '../../../sync/outbox';
import { domainRegistry } from '../../../sync/registry';
import { at, freshDb, staff } from '../sync/support';

const run = (db: ReturnType<typeof freshDb>, name: string, args: unknown, n = 0) =>
  mutate(db, domainRegistry, { name, args, actor: staff, now: at(n), settings: defaultStoreSettings });

describe('uuidv7', () => {
  it('is an RFC 9562 version 7 uuid whose first 48 bits are the time, so ids sort by creation', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(a.replace(/-/g, '').slice(0, 12), 16)).toBe(1_700_000_000_000);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000);
  });
});

describe('device read queries', () => {
  it('finds an order by its uuid or, once numbered, by order_id, with its transactions and pending flag', async () => {
    const db = freshDb();
    const id = uuidv7();
    await run(db, 'order.create', { id });
    await run(
      db,
      'cart.addCustomProduct',
      { order_ref: id, line_id: uuidv7(), name: 'Rag', price: '3.00', quantity: 2, tax_class_id: null },
      1,
    );
    const local = await findOrder(db, id);
    expect(local).toMatchObject({ pending: true, order: { id, totals: { order_total: '6.00' } }, transactions: [] });
    expect(await findOrder(db, '1042')).toBeNull();

    // The server numbers it: a pull writes the row (and base) - no longer dirty after a rebase.
    await db.orders.update(id, { order_id: 1042 });
    await db.dirty.clear();
    expect(await findOrder(db, '1042')).toMatchObject({ pending: false, order: { id, order_id: 1042 } });
    expect(await findOrder(db, 'nope')).toBeNull();
  });

  it('lists only saved-or-later orders not yet confirmed as pending, newest first; drafts are carts, not orders', async () => {
    const db = freshDb();
    const draft = uuidv7(1000);
    const saved = uuidv7(2000);
    const saved2 = uuidv7(3000);
    await run(db, 'order.create', { id: draft }, 1);
    await run(db, 'order.create', { id: saved }, 2);
    await run(db, 'order.save', { order_ref: saved }, 3);
    await run(db, 'order.create', { id: saved2 }, 4);
    await run(db, 'order.quote', { order_ref: saved2 }, 5);
    expect((await pendingOrders(db)).map((v) => [v.order.id, v.order.status])).toEqual([
      [saved2, 'quote'],
      [saved, 'saved'],
    ]);
  });

  it('searches customers by every word across name, email and phone digits; empty text finds nothing', async () => {
    const db = freshDb();
    const mk = (firstname: string, lastname: string, email: string, telephone: string) =>
      run(db, 'customer.create', { id: uuidv7(), firstname, lastname, email, telephone });
    await mk('Maria', 'Lopez', 'maria@example.com', '(512) 555-0101');
    await mk('Mario', 'Rossi', 'rossi@example.com', '');
    await mk('Ann', 'Smith', 'ann@shop.test', '512.555.0199');
    const names = async (q: string) => (await searchCustomers(db, q)).map((c) => c.firstname).sort();
    expect(await names('mari')).toEqual(['Maria', 'Mario']);
    expect(await names('maria lopez')).toEqual(['Maria']);
    expect(await names('ROSSI@')).toEqual(['Mario']);
    expect(await names('555-0199')).toEqual(['Ann']);
    expect(await names('5125550101')).toEqual(['Maria']);
    expect(await names('   ')).toEqual([]);
    expect(await searchCustomers(db, 'a', 1)).toHaveLength(1);
  });

  it('reads lookups, vehicles and catalog products as the pull stored them', async () => {
    const db = freshDb();
    await applyServerChange(db, {
      table: 'labor_types',
      key: '1',
      version: 1,
      row: { labor_id: 1, title: 'Standard Labor', amount: '120.00' },
    });
    await applyServerChange(db, {
      table: 'tax_classes',
      key: '1',
      version: 2,
      row: { tax_class_id: 1, title: 'Taxable Goods' },
    });
    await applyServerChange(db, {
      table: 'products',
      key: '7',
      version: 3,
      row: {
        product_id: 7,
        name: 'Air Filter',
        mpn: '33-2304',
        aaia: 'KNFL',
        price: '54.99',
        minimum: 2,
        tax_class_id: 1,
        labor_id: null,
        labor_time: null,
        is_orderable: true,
      },
    });
    expect(await lookupRows(db, 'labor_types')).toEqual([{ labor_id: 1, title: 'Standard Labor', amount: '120.00' }]);
    expect(await lookupRows(db, 'labor')).toEqual([]);
    expect(await getCatalogProduct(db, 7)).toMatchObject({
      product_id: 7,
      mpn: '33-2304',
      model: '33-2304',
      price: '54.99',
      minimum: 2,
      tax_class_id: 1,
      is_orderable: true,
      surcharge: '0.00', // a row pulled before migration 0021 has no core charge
    });
    expect(await getCatalogProduct(db, 8)).toBeNull();
    const customer = uuidv7();
    await run(db, 'customer.create', { id: customer, firstname: 'Ann', lastname: 'Smith' });
    await run(db, 'vehicle.create', { id: uuidv7(), customer_ref: customer, title: '2019 Ford F-150' }, 1);
    expect((await customerVehicles(db, customer)).map((v) => v.title)).toEqual(['2019 Ford F-150']);
  });
});

describe('core charges on the device', () => {
  it('a pulled core charge prices the line and a core return offline, as the server does', async () => {
    const db = freshDb(`core-${uuidv7()}`);
    await applyServerChange(db, {
      table: 'products',
      key: '9',
      version: 4,
      row: {
        product_id: 9,
        name: 'Alternator',
        mpn: 'AL-1',
        aaia: 'BOSC',
        price: '189.99',
        surcharge: '45.00',
        minimum: 1,
        tax_class_id: null,
        is_orderable: true,
      },
    });
    const p = (await getCatalogProduct(db, 9))!;
    expect(p.surcharge).toBe('45.00');
    const order = uuidv7();
    await run(db, 'order.create', { id: order });
    const line = { order_ref: order, product_id: 9, name: p.name, mpn: p.mpn, aaia: p.aaia, tax_class_id: null };
    await run(
      db,
      'cart.addProduct',
      { ...line, line_id: uuidv7(), price: p.price, surcharge: p.surcharge, quantity: 2 },
      1,
    );
    expect((await findOrder(db, order))?.order.totals).toMatchObject({ surcharge: '90.00', order_total: '469.98' });
    await run(db, 'cart.addCoreReturn', { ...line, line_id: uuidv7(), surcharge: p.surcharge, quantity: 2 }, 2);
    const after = (await findOrder(db, order))!.order;
    expect(after.lines.map((l) => l.kind)).toEqual(['product', 'core_return']);
    expect(after.totals).toMatchObject({ parts: '379.98', surcharge: '0.00', order_total: '379.98' });
  });
});
