/**
 * Tax per store (docs/decisions/domain.md "Tax rates by location"), on the real server and
 * database: a sale rung up by a Denver cashier is taxed at Denver's 9.15 %, an Austin cashier's at
 * 8.25 %, whether the device queued it (offline engine, optimistic totals) or the cart call made
 * it; the server stamps the store from the staff member, never from what a device claims.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCartReplySchema } from '../../../src/contracts/staff-cart';
import { loadOrder as loadDeviceOrder } from '../../../src/db/records';
import { decimal, roundMoney, toWire } from '../../../src/domain/money';
import { loadOrder } from '../../../server/commands/records/orders';
import { testEngines } from '../../support/engines';
import { signedInDevice } from '../sync/support/sync-server';
import { freshCashier, startPos, type PosWorld } from './support';

/** The part's price with `rate` % tax on it, as the order total shows it. */
const taxed = (price: string, rate: string) => toWire(roundMoney(decimal(price).times(decimal(rate).div(100).plus(1))));
const taxOn = (price: string, rate: string) => toWire(roundMoney(decimal(price).times(decimal(rate)).div(100)));

describe.each(testEngines())('tax by store on %s', (engine) => {
  let w: PosWorld;
  let part: { product_id: number; price: string; name: string; tax_class_id: number | null };
  let store: { austin: number; denver: number };
  beforeAll(async () => {
    w = await startPos(engine);
    const db = w.server.db;
    const loc = await db.selectFrom('locations').select(['location_id', 'city']).execute();
    const id = (city: string) => loc.find((l) => l.city === city)!.location_id;
    store = { austin: id('Austin'), denver: id('Denver') };
    part = await db
      .selectFrom('products as p')
      .innerJoin('tax_classes as t', 't.tax_class_id', 'p.tax_class_id')
      .select(['p.product_id', sql<string>`p.price::text`.as('price'), 'p.name', 'p.tax_class_id'])
      .where('t.title', '=', 'Taxable Goods')
      .where('p.status', '=', true)
      .where('p.is_orderable', '=', true)
      .where('p.minimum', '=', 1)
      .where('p.labor_id', 'is', null)
      .where('p.requires_options', '=', false)
      .where('p.surcharge', '=', '0')
      .where('p.price', '>', '20')
      .orderBy('p.product_id')
      .limit(1)
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('the demo stores carry their own rates: Austin 8.25 %, Denver 9.15 %, Phoenix 8.60 %', async () => {
    const rates = await sql<{ city: string; rate: string }>`
      select l.city, sum(r.rate)::text as rate
      from locations l
      join tax_rates r on (r.location_id is null or r.location_id = l.location_id)
        and (r.zone_code is null or r.zone_code = l.zone_code)
      join tax_classes c on c.tax_class_id = r.tax_class_id and c.title = 'Taxable Goods'
      group by l.city order by l.city`.execute(w.server.db);
    expect(rates.rows.map((r) => [r.city, decimal(r.rate).toFixed(2)])).toEqual([
      ['Austin', '8.25'],
      ['Denver', '9.15'],
      ['Phoenix', '8.60'],
    ]);
  });

  it('a sale a Denver device queues is taxed at Denver rate on the device and again by the server', async () => {
    const { device, db, settings, locationId } = await signedInDevice(
      w.server,
      `tax-denver-${engine}`,
      5000,
      'cashier2',
    );
    expect(locationId).toBe(store.denver);
    expect(await device.syncNow()).toBe('ok');
    await settings.refresh();
    const id = randomUUID();
    expect(await device.mutate('order.create', { id, device_ref: null, location_id: locationId })).toMatchObject({
      ok: true,
    });
    const add = {
      order_ref: id,
      line_id: randomUUID(),
      product_id: part.product_id,
      quantity: 1,
      name: part.name,
      price: part.price,
      tax_class_id: part.tax_class_id,
    };
    expect(await device.mutate('cart.addProduct', add)).toMatchObject({ ok: true });
    // What the counter shows before the server answers: Denver's rate.
    expect((await loadDeviceOrder(db, id))!.totals).toMatchObject({
      tax: taxOn(part.price, '9.15'),
      order_total: taxed(part.price, '9.15'),
    });
    expect(await device.syncNow()).toBe('ok');
    const stored = await loadOrder(w.server.db, id, false);
    expect(stored!.order.location_id).toBe(store.denver);
    expect(stored!.order.totals).toMatchObject({
      tax: taxOn(part.price, '9.15'),
      order_total: taxed(part.price, '9.15'),
    });
    // The pull brings the server's record back unchanged.
    expect((await loadDeviceOrder(db, id))!.totals.order_total).toBe(taxed(part.price, '9.15'));
    device.stop();
  });

  it('the server stamps the staff member store, whatever store the device claims', async () => {
    const { device } = await signedInDevice(w.server, `tax-claim-${engine}`, 5000, 'cashier2');
    expect(await device.syncNow()).toBe('ok');
    const id = randomUUID();
    await device.mutate('order.create', { id, device_ref: null, location_id: store.austin });
    await device.mutate('cart.addProduct', {
      order_ref: id,
      line_id: randomUUID(),
      product_id: part.product_id,
      quantity: 1,
      name: part.name,
      price: part.price,
      tax_class_id: null,
    });
    expect(await device.syncNow()).toBe('ok');
    const stored = await loadOrder(w.server.db, id, false);
    expect(stored!.order.location_id).toBe(store.denver);
    expect(stored!.order.totals.order_total).toBe(taxed(part.price, '9.15'));
    device.stop();
  });

  it('the cart call taxes a Denver cashier sale at 9.15 % and an Austin cashier sale at 8.25 %', async () => {
    const denver = await freshCashier(w, 'cashier2');
    const d = staffCartReplySchema.parse(
      (await denver.post('/checkout/cart/add', { product_id: part.product_id, quantity: 1 })).body,
    );
    expect(d.order_data).toMatchObject({ tax: taxOn(part.price, '9.15'), order_total: taxed(part.price, '9.15') });
    expect(d.order_data!.totals.find((r) => r.code === 'tax')).toMatchObject({ title: 'Tax' });

    const austin = await freshCashier(w, 'cashier');
    const a = staffCartReplySchema.parse(
      (await austin.post('/checkout/cart/add', { product_id: part.product_id, quantity: 1 })).body,
    );
    expect(a.order_data).toMatchObject({ tax: taxOn(part.price, '8.25'), order_total: taxed(part.price, '8.25') });
  });
});
