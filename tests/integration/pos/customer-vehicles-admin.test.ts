/**
 * The customer admin's Vehicles tab calls (pos-back-office.md §7 "/api/customer_vehicle: GET list
 * (customerId, paging, sort); POST add and edit; POST delete (vehicleId)"): list shape and default
 * sort (title ascending), edit and delete through the domain's vehicle.update / vehicle.delete,
 * another customer's vehicle refused (404, nothing changes), shoppers and strangers refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { refused, startPos, type PosWorld } from './support';

const ymm = {
  Year: { api_field: 'Year', api_value: '2019', label_field: 'Year', label_value: '2019' },
  MakeID: { api_field: 'MakeID', api_value: '54', label_field: 'Make', label_value: 'Ford' },
};

describe.each(testEngines())('customer admin vehicles on %s', (engine) => {
  let w: PosWorld;
  let mine: { id: string; customer_id: number };
  let other: { id: string; customer_id: number };
  const add = async (customer_id: number, title: string) => {
    const r = await w.cashier.post('/api/customer_vehicle/add', {
      customer_id,
      title,
      vin: '',
      notes: '',
      ymm_data: ymm,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.vehicle as { id: string; vehicle_id: number; title: string };
  };
  const stored = (id: string) =>
    w.server.db.selectFrom('customer_vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    w = await startPos(engine);
    const two = await w.server.db
      .selectFrom('customers')
      .select(['id', 'customer_id'])
      .orderBy('customer_id')
      .limit(2)
      .execute();
    [mine, other] = [two[0]!, two[1]!];
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('lists a customer’s vehicles by title ascending (then desc), paged, with results/totalPages/position/data', async () => {
    for (const t of ['Zed truck', 'Alpha car', 'Mid van']) await add(mine.customer_id, t);
    const r = await w.cashier.get(`/api/customer_vehicle?customerId=${mine.customer_id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const titles = (r.body.data as { title: string }[]).map((v) => v.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(titles).toEqual(expect.arrayContaining(['Alpha car', 'Mid van', 'Zed truck']));
    expect(r.body).toMatchObject({ results: titles.length, position: 1, totalPages: 1 });
    const desc = await w.cashier.get(`/api/customer_vehicle?customerId=${mine.id}&order=DESC&limit=2&page=1`);
    expect(desc.status).toBe(200);
    expect(desc.body.data).toHaveLength(2);
    expect(desc.body.data[0].title).toBe([...titles].sort((a, b) => b.localeCompare(a))[0]);
    expect(desc.body.totalPages).toBe(Math.ceil(titles.length / 2));
    // Another customer's list does not carry them.
    const theirs = await w.cashier.get(`/api/customer_vehicle?customerId=${other.customer_id}`);
    expect((theirs.body.data as { title: string }[]).map((v) => v.title)).not.toContain('Alpha car');
  });

  it('edit saves the form fields; delete removes the vehicle from the list (a tombstone)', async () => {
    const v = await add(mine.customer_id, 'Before');
    const e = await w.cashier.post('/api/customer_vehicle/edit', {
      vehicle_id: v.vehicle_id,
      customer_id: mine.customer_id,
      title: 'After',
      vin: '1ftfw1et5dfc10312',
      notes: 'Winter tyres',
      ymm_data: JSON.stringify(ymm),
    });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(e.body.vehicle).toMatchObject({ title: 'After', vin: '1FTFW1ET5DFC10312', notes: 'Winter tyres' });
    const d = await w.cashier.post('/api/customer_vehicle/delete', { vehicleId: v.vehicle_id });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect((await stored(v.id)).deleted_at).not.toBeNull();
    const list = await w.cashier.get(`/api/customer_vehicle?customerId=${mine.customer_id}&limit=100`);
    expect((list.body.data as { id: string }[]).map((x) => x.id)).not.toContain(v.id);
    // Deleting again: not found, not a 500.
    refused(await w.cashier.post('/api/customer_vehicle/delete', { vehicleId: v.vehicle_id }), 404);
  });

  it('another customer’s vehicle id is refused (404) and nothing changes', async () => {
    const v = await add(other.customer_id, 'Not yours');
    refused(
      await w.cashier.post('/api/customer_vehicle/edit', {
        vehicle_id: v.vehicle_id,
        customer_id: mine.customer_id,
        title: 'Stolen',
      }),
      404,
      'The vehicle could not be found.',
    );
    refused(
      await w.cashier.post('/api/customer_vehicle/delete', { vehicleId: v.id, customer_id: mine.customer_id }),
      404,
    );
    expect(await stored(v.id)).toMatchObject({ title: 'Not yours', deleted_at: null });
  });

  it('bad input is a 4xx; shoppers and strangers are refused', async () => {
    refused(await w.cashier.get('/api/customer_vehicle?customerId=abc'), 400);
    refused(await w.cashier.get('/api/customer_vehicle?customerId=999999'), 422);
    refused(await w.cashier.get(`/api/customer_vehicle?customerId=${mine.customer_id}&sort=password`), 400);
    refused(await w.cashier.post('/api/customer_vehicle/edit', { vehicle_id: 'x' }), 400);
    refused(await w.cashier.post('/api/customer_vehicle/delete', {}), 400);
    const v = await add(mine.customer_id, 'Guarded');
    refused(
      await w.cashier.post('/api/customer_vehicle/edit', { vehicle_id: v.vehicle_id, vin: 'short' }),
      400,
      'VIN must be 17 characters',
    );
    for (const c of [w.shopper, w.guest]) {
      expect([401, 403]).toContain((await c.get(`/api/customer_vehicle?customerId=${mine.customer_id}`)).status);
      expect([401, 403]).toContain((await c.post('/api/customer_vehicle/delete', { vehicleId: v.vehicle_id })).status);
      expect([401, 403]).toContain(
        (await c.post('/api/customer_vehicle/edit', { vehicle_id: v.vehicle_id, title: 'x' })).status,
      );
    }
    expect(await stored(v.id)).toMatchObject({ title: 'Guarded', deleted_at: null });
  });
});
