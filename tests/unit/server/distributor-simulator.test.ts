/**
 * The simulated warehouse distributor (server/adapters/distributor/simulator.ts): repeatable by
 * seed, prices to the cent, parts it does not carry absent, seeded failures, orders taken whole or
 * refused whole, stock taken by an order, and a repeated request answered with the same purchase
 * orders.
 */
import { describe, expect, it } from 'vitest';
import { distributorFrom } from '../../../server/adapters/distributor/create';
import { distributorConfig } from '../../../server/config';
import { SimulatedDistributor } from '../../../server/adapters/distributor/simulator';
import { DistributorError } from '../../../server/adapters/distributor/types';

const sim = (over: Partial<ConstructorParameters<typeof SimulatedDistributor>[0]> = {}) =>
  new SimulatedDistributor({
    seed: 7,
    latencyMs: 0,
    failureRate: 0,
    now: () => new Date('2026-11-27T10:00:00Z'),
    ...over,
  });
const shipTo = {
  Name: 'Main St Auto',
  Street: '1 Main St',
  City: 'Springfield',
  StateProvinceCode: 'IL',
  ZipPostalCode: '62701',
};

describe('simulated distributor', () => {
  it('answers the same stock and prices for the same seed, other ones for another seed', async () => {
    const parts = [
      { aaia: 'BBHK', mpn: 'P-1' },
      { aaia: 'BBHK', mpn: 'P-2' },
    ];
    const a = await sim().inventory(parts);
    expect(await sim().inventory(parts)).toEqual(a);
    expect(await sim({ seed: 8 }).inventory(parts)).not.toEqual(a);
    expect(a.Items).toHaveLength(2);
    for (const item of a.Items) {
      expect(item.Locations.map((l) => l.WarehouseCode)).toEqual(['ATL', 'DAL', 'CHI']);
      for (const l of item.Locations) {
        expect(l.Price).toMatch(/^\d+\.\d{2}$/);
        expect(Number.isInteger(l.Inventory) && l.Inventory >= 0).toBe(true);
      }
      expect(item.Retail).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it("costs a part the shop lists below the shop's price: a $9.99 oil filter, not $246.08", async () => {
    const part = { aaia: 'BBHK', mpn: 'OF-1' };
    const d = sim({ listPrices: () => Promise.resolve(new Map([['BBHK~OF-1', '9.99']])) });
    const [item] = (await d.inventory([part])).Items;
    for (const l of item!.Locations) {
      expect(Number(l.Price)).toBeLessThan(9.99);
      expect(Number(l.Price)).toBeGreaterThanOrEqual(5.3);
    }
    const [po] = await d.submit({
      requestId: 'r-oil',
      reference: '1',
      shipTo,
      shippingMethod: 'Ground',
      notes: '',
      lines: [{ ...part, quantity: 1, warehouseCode: item!.Locations.find((l) => l.Inventory > 0)!.WarehouseCode }],
    });
    expect(Number(po!.OrderTotalPrice)).toBeLessThan(9.99);
    // A part the shop does not list keeps the seeded cost.
    const other = (await d.inventory([{ aaia: 'BBHK', mpn: 'UNLISTED' }])).Items[0]!;
    expect(other.Locations[0]!.Price).toBe(
      (await sim().inventory([{ aaia: 'BBHK', mpn: 'UNLISTED' }])).Items[0]!.Locations[0]!.Price,
    );
  });

  it('leaves out a part it does not carry and answers a part asked twice once', async () => {
    const r = await sim().inventory([
      { aaia: 'X', mpn: 'GONE-NA' },
      { aaia: 'X', mpn: 'A' },
      { aaia: 'X', mpn: 'A' },
    ]);
    expect(r.Items.map((i) => i.PartNumber)).toEqual(['A']);
  });

  it('fails the calls its seed says, with a DistributorError', async () => {
    const d = sim({ failureRate: 0.5 });
    const outcomes: string[] = [];
    for (let i = 0; i < 40; i++)
      outcomes.push(
        await d.inventory([{ aaia: 'X', mpn: 'A' }]).then(
          () => 'ok',
          (e: unknown) => (e instanceof DistributorError ? 'fail' : 'other'),
        ),
      );
    expect(outcomes).toContain('ok');
    expect(outcomes).toContain('fail');
    expect(outcomes).not.toContain('other');
    const again: string[] = [];
    const d2 = sim({ failureRate: 0.5 });
    for (let i = 0; i < 40; i++)
      again.push(
        await d2.inventory([{ aaia: 'X', mpn: 'A' }]).then(
          () => 'ok',
          () => 'fail',
        ),
      );
    expect(again).toEqual(outcomes);
  });

  it('takes latency from its options', async () => {
    const waits: number[] = [];
    await sim({
      latencyMs: 100,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    }).warehouses();
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(150);
  });

  it('an order becomes one purchase order per warehouse and takes the stock', async () => {
    const d = sim();
    const [item] = (await d.inventory([{ aaia: 'BBHK', mpn: 'P-1' }])).Items;
    const stocked = item!.Locations.filter((l) => l.Inventory >= 1);
    expect(stocked.length).toBeGreaterThanOrEqual(1);
    const wh = stocked[0]!;
    const pos = await d.submit({
      requestId: 'r1',
      reference: '1042',
      shipTo,
      shippingMethod: 'Ground',
      notes: 'rush',
      lines: [{ aaia: 'BBHK', mpn: 'P-1', quantity: 1, warehouseCode: wh.WarehouseCode }],
    });
    expect(pos).toHaveLength(1);
    expect(pos[0]).toMatchObject({
      Number: '1042-1',
      ToWarehouse: { Code: wh.WarehouseCode, Name: wh.Name },
      CurrentStatus: 'Submitted',
      ShippingMethod: 'Ground',
      Notes: 'rush',
      ShipTo: shipTo,
      OrderTotalPrice: wh.Price,
      SubmittedToWarehouseDateTime: '2026-11-27T10:00:00.000Z',
    });
    expect(pos[0]!.Items).toEqual([{ AAIABrandCode: 'BBHK', PartNumber: 'P-1', Quantity: 1, Price: wh.Price }]);
    const after = (await d.inventory([{ aaia: 'BBHK', mpn: 'P-1' }])).Items[0]!.Locations.find(
      (l) => l.WarehouseCode === wh.WarehouseCode,
    )!;
    expect(after.Inventory).toBe(wh.Inventory - 1);
    // The same request again: the same purchase orders, no more stock taken.
    expect(
      await d.submit({
        requestId: 'r1',
        reference: '1042',
        shipTo,
        shippingMethod: 'Ground',
        notes: 'rush',
        lines: [{ aaia: 'BBHK', mpn: 'P-1', quantity: 1, warehouseCode: wh.WarehouseCode }],
      }),
    ).toEqual(pos);
    expect(
      (await d.inventory([{ aaia: 'BBHK', mpn: 'P-1' }])).Items[0]!.Locations.find(
        (l) => l.WarehouseCode === wh.WarehouseCode,
      )!.Inventory,
    ).toBe(wh.Inventory - 1);
  });

  it('refuses a whole order when one line asks for more than the warehouse has, taking nothing', async () => {
    const d = sim();
    const [item] = (await d.inventory([{ aaia: 'BBHK', mpn: 'P-1' }])).Items;
    const wh = item!.Locations.find((l) => l.Inventory >= 1)!;
    const lines = [
      { aaia: 'BBHK', mpn: 'P-1', quantity: 1, warehouseCode: wh.WarehouseCode },
      { aaia: 'BBHK', mpn: 'P-1', quantity: wh.Inventory, warehouseCode: wh.WarehouseCode },
    ];
    await expect(
      d.submit({ requestId: 'r2', reference: '1', shipTo, shippingMethod: 'Ground', notes: '', lines }),
    ).rejects.toThrow(/Only \d+ of BBHK P-1/);
    expect(
      (await d.inventory([{ aaia: 'BBHK', mpn: 'P-1' }])).Items[0]!.Locations.find(
        (l) => l.WarehouseCode === wh.WarehouseCode,
      )!.Inventory,
    ).toBe(wh.Inventory);
    await expect(
      d.submit({ requestId: 'r3', reference: '1', shipTo, shippingMethod: 'Ground', notes: '', lines: [] }),
    ).rejects.toThrow(DistributorError);
    await expect(
      d.submit({
        requestId: 'r4',
        reference: '1',
        shipTo,
        shippingMethod: 'Ground',
        notes: '',
        lines: [{ aaia: 'X', mpn: 'Z-NA', quantity: 1, warehouseCode: 'ATL' }],
      }),
    ).rejects.toThrow(/not carried/);
  });

  it('is chosen by DISTRIBUTOR (simulator by default, none for no distributor) and refuses bad settings', () => {
    expect(distributorConfig({})).toEqual({ kind: 'simulator', seed: 1, latencyMs: 250, failureRate: 0.02 });
    expect(distributorFrom(distributorConfig({}))).toBeInstanceOf(SimulatedDistributor);
    expect(distributorFrom(distributorConfig({ DISTRIBUTOR: 'none' }))).toBeNull();
    expect(() => distributorConfig({ DISTRIBUTOR: 'acme' })).toThrow(/Unknown DISTRIBUTOR/);
    expect(() => distributorConfig({ DISTRIBUTOR_FAILURE_RATE: '2' })).toThrow(/DISTRIBUTOR_FAILURE_RATE/);
    expect(() => distributorConfig({ DISTRIBUTOR_FAILURE_RATE: 'x' })).toThrow(/DISTRIBUTOR_FAILURE_RATE/);
  });
});
