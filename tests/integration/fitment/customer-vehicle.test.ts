/**
 * POST /api/customer_vehicle/add and getVehicleJson (storefront.md §7 "Customer vehicle (staff,
 * from storefront)"): staff add the fitment form's vehicle to a customer's garage through the
 * domain's vehicle.create; shoppers and guests are refused; bad input is a 4xx that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../support/engines';
import { startPos, type PosWorld } from '../pos/support';

const ymm = {
  Year: { api_field: 'Year', api_value: '2019', label_field: 'Year', label_value: '2019' },
  MakeID: { api_field: 'MakeID', api_value: '54', label_field: 'Make', label_value: 'Ford' },
};

describe.each(testEngines())('customer vehicle calls on %s', (engine) => {
  let w: PosWorld;
  let customer: { id: string; customer_id: number };
  const count = async () =>
    Number(
      (
        await w.server.db
          .selectFrom('customer_vehicles')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    w = await startPos(engine);
    customer = await w.server.db
      .selectFrom('customers')
      .select(['id', 'customer_id'])
      .orderBy('customer_id')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await w?.server.close();
  });

  it('staff add a vehicle by customer number and read it back by vehicle number', async () => {
    const r = await w.cashier.post('/api/customer_vehicle/add', {
      customer_id: customer.customer_id,
      title: '2019 Ford',
      vin: '',
      notes: 'From the counter',
      ymm_data: ymm,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toMatch(/^Success/);
    expect(r.body.vehicle).toMatchObject({
      customer_id: customer.customer_id,
      title: '2019 Ford',
      notes: 'From the counter',
      ymm_data: ymm,
    });
    const got = await w.cashier.post('/api/customer_vehicle/getVehicleJson', { vehicleId: r.body.vehicle.vehicle_id });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body.vehicle);
    // By row id too, and ymm_data as JSON text (a form post).
    const again = await w.cashier.post('/api/customer_vehicle/add', {
      customer_id: customer.id,
      title: 'Second',
      ymm_data: JSON.stringify(ymm),
    });
    expect(again.status).toBe(200);
    expect(
      (await w.cashier.post('/api/customer_vehicle/getVehicleJson', { vehicleId: again.body.vehicle.id })).body.title,
    ).toBe('Second');
  });

  it("no customer: 'A customer must be selected!' and nothing stored", async () => {
    const before = await count();
    for (const customer_id of [null, '', 0, 99999999, '00000000-0000-4000-8000-000000000000']) {
      const r = await w.cashier.post('/api/customer_vehicle/add', { customer_id, title: 'x', ymm_data: ymm });
      expect(r.status, String(customer_id)).toBe(422);
      expect(r.body.message).toBe('A customer must be selected!');
    }
    expect((await w.cashier.post('/api/customer_vehicle/add', { title: 'x' })).body.message).toBe(
      'A customer must be selected!',
    );
    expect(await count()).toBe(before);
  });

  it('bad input is a 400 with a clear message, never a 500', async () => {
    const before = await count();
    const bad = [
      { customer_id: 'drop table', title: 'x' },
      { customer_id: customer.customer_id, vin: 'SHORT' },
      { customer_id: customer.customer_id, ymm_data: '{not json' },
      { customer_id: customer.customer_id, ymm_data: { Year: { api_field: 'Year' } } },
      { customer_id: customer.customer_id, title: 'x'.repeat(200) },
    ];
    for (const body of bad) {
      const r = await w.cashier.post('/api/customer_vehicle/add', body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      expect(typeof r.body.message).toBe('string');
    }
    expect(
      (await w.cashier.post('/api/customer_vehicle/add', { customer_id: customer.customer_id, vin: 'SHORT' })).body
        .message,
    ).toBe('VIN must be 17 characters');
    expect(await count()).toBe(before);
    for (const vehicleId of ['abc', -1, null, '1; drop']) {
      const r = await w.cashier.post('/api/customer_vehicle/getVehicleJson', { vehicleId });
      expect(r.status, String(vehicleId)).toBe(400);
    }
    expect((await w.cashier.post('/api/customer_vehicle/getVehicleJson', { vehicleId: 99999999 })).status).toBe(404);
  });

  it('shoppers and guests are refused and change nothing', async () => {
    const before = await count();
    const body = { customer_id: customer.customer_id, title: 'x', ymm_data: ymm };
    expect((await w.guest.post('/api/customer_vehicle/add', body)).status).toBe(401);
    expect((await w.shopper.post('/api/customer_vehicle/add', body)).status).toBe(403);
    expect((await w.guest.post('/api/customer_vehicle/getVehicleJson', { vehicleId: 1 })).status).toBe(401);
    expect((await w.shopper.post('/api/customer_vehicle/getVehicleJson', { vehicleId: 1 })).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
