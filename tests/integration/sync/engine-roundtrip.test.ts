/**
 * A device engine against the real server, no faults: the minimum mutation set of the sync engine
 * (customer create and edit, vehicle add, cart line add/edit/remove, order save, cash payment
 * add/void) made offline, pushed, pulled back. After the round trip the device holds the server's
 * records, and they equal what the device computed optimistically except for what the server
 * stamps (human numbers, times) — the SQL <-> record mapping loses nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartsdeskDb } from '../../../src/db/database';
import { loadCustomer, loadOrder } from '../../../src/db/records';
import type { SyncEngine } from '../../../sync/engine';
import { testEngines } from '../../support/engines';
import { signedInDevice, startSyncServer, type SyncTestServer } from './support/sync-server';

const stamped = new Set([
  'order_id',
  'customer_id',
  'vehicle_id',
  'transaction_id',
  'created_at',
  'updated_at',
  'voided_at',
  'completed_at',
  'order_status_id',
  'customer_group_id',
]);
/** The record without what only the server decides (numbers, times; status id and customer group, which SQL defaults when the record has none). */
function comparable(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(comparable);
  if (x && typeof x === 'object')
    return Object.fromEntries(
      Object.entries(x)
        .filter(([k]) => !stamped.has(k))
        .map(([k, v]) => [k, comparable(v)]),
    );
  return x;
}

describe.each(testEngines())('device round trip on %s', (engine) => {
  let server: SyncTestServer;
  let device: SyncEngine;
  let db: PartsdeskDb;
  let locationId: number | null;

  beforeAll(async () => {
    server = await startSyncServer(engine);
    ({ device, db, locationId } = await signedInDevice(server, 'roundtrip', 2000));
    expect(await device.syncNow()).toBe('ok');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pulls the catalog and lookups on first sync', async () => {
    expect((await db.productChunks.toArray()).reduce((n, c) => n + c.keys.length, 0)).toBeGreaterThan(100);
    expect(
      await db.lookups.where('[table+k]').between(['order_statuses', ''], ['order_statuses', '\uffff']).count(),
    ).toBeGreaterThan(0);
    expect(await db.customers.count()).toBeGreaterThan(10);
  });

  it('customer, vehicle, cart, save and cash payments survive the trip unchanged', async () => {
    const zone = await server.db.selectFrom('zones').select('zone_id').limit(1).executeTakeFirstOrThrow();
    const customer = randomUUID();
    const address = (id: string, city: string) => ({
      address_id: id,
      firstname: 'Dana',
      lastname: 'Lopez',
      address_1: '12 Main St',
      city,
      postcode: '78701',
      country_id: 223,
      zone_id: zone.zone_id,
      default: true,
    });
    const fields = {
      firstname: 'Dana',
      lastname: 'Lopez',
      email: 'dana.rt@example.com',
      telephone: '',
      addresses: [address(randomUUID(), 'Austin')],
    };
    const ok = async (name: string, args: unknown) =>
      expect(await device.mutate(name, args)).toMatchObject({ ok: true });
    await ok('customer.create', { id: customer, ...fields });
    await ok('customer.update', {
      customer_ref: customer,
      ...fields,
      lastname: 'Lopez-Reyes',
      addresses: [address(randomUUID(), 'Round Rock')],
    });
    const vehicle = randomUUID();
    await ok('vehicle.create', {
      id: vehicle,
      customer_ref: customer,
      title: '2019 Ford F-150',
      vin: '1FTEW1E50KFA00001',
      ymm_data: { year: { api_field: 'year', api_value: '2019', label_field: 'year', label_value: '2019' } },
    });
    const order = randomUUID();
    const [l1, l2, l3] = [randomUUID(), randomUUID(), randomUUID()];
    // As the POS does: the sale is rung up at the signed-in cashier's store (the server stamps the same).
    await ok('order.create', { id: order, device_ref: 'RT-0001', customer_ref: customer, location_id: locationId });
    await ok('cart.addCustomProduct', {
      order_ref: order,
      line_id: l1,
      name: 'Oil filter',
      price: '9.99',
      quantity: 2,
      tax_class_id: 1,
    });
    await ok('cart.addCustomProduct', {
      order_ref: order,
      line_id: l2,
      name: 'Wiper',
      price: '15.00',
      quantity: 1,
      tax_class_id: null,
    });
    await ok('cart.addCustomProduct', {
      order_ref: order,
      line_id: l3,
      name: 'Bulb',
      price: '4.25',
      quantity: 3,
      tax_class_id: 1,
    });
    await ok('cart.setQuantity', { order_ref: order, line_id: l1, quantity: 3 });
    await ok('cart.removeLine', { order_ref: order, line_id: l2 });
    await ok('order.save', { order_ref: order });
    const cash = randomUUID();
    await ok('transaction.add', { order_ref: order, id: cash, transaction_type: 'cash', amount: '20.00' });
    await ok('transaction.void', { order_ref: order, transaction_ref: cash });
    await ok('transaction.add', { order_ref: order, id: randomUUID(), transaction_type: 'cash', amount: '5.00' });

    const before = {
      order: await loadOrder(db, order),
      customer: await loadCustomer(db, customer),
      vehicle: await db.vehicles.get(vehicle),
      txs: await db.transactions.where('order_ref').equals(order).sortBy('id'),
    };
    expect((await device.status()).pending).toBe(13);
    expect(await device.syncNow()).toBe('ok');
    expect(await device.status()).toMatchObject({ pending: 0, conflicts: 0 });
    const after = {
      order: await loadOrder(db, order),
      customer: await loadCustomer(db, customer),
      vehicle: await db.vehicles.get(vehicle),
      txs: await db.transactions.where('order_ref').equals(order).sortBy('id'),
    };

    expect(comparable(after)).toEqual(comparable(before));
    expect(after.order?.order_id).toBeGreaterThan(0);
    expect(after.customer?.customer_id).toBeGreaterThan(0);
    expect(after.order).toMatchObject({
      status: 'saved',
      device_ref: 'RT-0001',
      totals: { order_total: before.order!.totals.order_total, amount_paid: '5.00' },
    });
    expect(after.customer?.addresses.map((a) => a.city)).toEqual(['Round Rock']);
    // Nothing optimistic is left over: every live row equals the server's copy.
    expect(await db.dirty.count()).toBe(0);
  });
});
