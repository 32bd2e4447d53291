/**
 * Distributor ordering rules (src/domain/distributor.ts; pos-back-office.md §3 "Inventory", §4 and
 * §5 "Distributor quantities"): the POS item made from a distributor's answer, the warehouse
 * clamp, the "Your Cost" footer and the order form.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseWarehouse,
  defaultWarehouse,
  inventoryItem,
  orderForm,
  rowCost,
  setQuantity,
  stockFor,
  yourCost,
  type DistributorRow,
  type DistributorWireItem,
} from '../../../src/domain/distributor';
import { toWire } from '../../../src/domain/money';

const wire: DistributorWireItem = {
  AAIABrandCode: 'BBHK',
  PartNumber: 'P-100',
  Description: 'Brake pad set',
  ProductId: 'D42',
  Msrp: '90.00',
  Retail: '72.50',
  Locations: [
    { Inventory: 0, Name: 'Atlanta DC', Price: '50.10', WarehouseCode: 'ATL' },
    { Inventory: 7, Name: 'Dallas DC', Price: '49.95', WarehouseCode: 'DAL' },
    { Inventory: 3, Name: 'Chicago DC', Price: '51.00', WarehouseCode: 'CHI' },
  ],
};

describe('the POS inventory item', () => {
  const item = inventoryItem(wire, { name: 'Brake Pads, Front', quantity: 2 });

  it('counts the shop shelf and every warehouse in the total, names the part as the shop does', () => {
    expect(item).toMatchObject({
      aaia: 'BBHK',
      mpn: 'P-100',
      name: 'Brake Pads, Front',
      productId: 'D42',
      totalInventory: 12,
      storeInventory: 2,
    });
    expect(
      item.locations.map((l) => [
        l.location_name,
        l.quantity,
        l.warehouse_location,
        l.wd_inventory,
        l.pace_inventory,
        l.price,
      ]),
    ).toEqual([
      ['Atlanta DC', 0, 'ATL', 0, 0, '50.10'],
      ['Dallas DC', 7, 'DAL', 7, 0, '49.95'],
      ['Chicago DC', 3, 'CHI', 3, 0, '51.00'],
    ]);
  });

  it("prices: your cost is the first location's, with retail and msrp, $ and 2 decimals", () => {
    expect(item.prices).toEqual([
      { key: 'your_cost', name: 'Your Cost', text: '$50.10', value: '50.10' },
      { key: 'retail', name: 'Retail', text: '$72.50', value: '72.50' },
      { key: 'msrp', name: 'MSRP', text: '$90.00', value: '90.00' },
    ]);
  });

  it('a negative or broken inventory from the distributor counts as none', () => {
    const odd = inventoryItem(
      {
        ...wire,
        Locations: [
          { Inventory: -4, Name: 'X', Price: '1', WarehouseCode: 'X' },
          { Inventory: Number.NaN, Name: 'Y', Price: '1', WarehouseCode: 'Y' },
        ],
      },
      { name: '', quantity: -1 },
    );
    expect([odd.totalInventory, odd.storeInventory, odd.name]).toEqual([0, 0, 'Brake pad set']);
  });

  it('the default warehouse is the first that has the part', () => {
    expect(defaultWarehouse(item)).toBe('DAL');
    expect(defaultWarehouse({ ...item, locations: [] })).toBeNull();
  });
});

describe('quantities (§5): integer ≥ 0, invalid → 0, max the warehouse or total minus store', () => {
  const item = inventoryItem(wire, { name: 'Pads', quantity: 2 });
  const row: DistributorRow = { item, quantity: 0, warehouse: 'DAL' };

  it('clamps to the chosen warehouse and turns bad input into 0', () => {
    expect(setQuantity(row, 5).quantity).toBe(5);
    expect(setQuantity(row, '9').quantity).toBe(7);
    expect(setQuantity(row, -3).quantity).toBe(0);
    expect(setQuantity(row, 'abc').quantity).toBe(0);
    expect(setQuantity(row, 2.8).quantity).toBe(2);
  });

  it('without a warehouse the max is total minus store stock', () => {
    expect(setQuantity({ ...row, warehouse: null }, 50).quantity).toBe(10);
  });

  it('changing the warehouse clamps the quantity down to that warehouse (§4)', () => {
    const seven = setQuantity(row, 7);
    expect(chooseWarehouse(seven, 'CHI').quantity).toBe(3);
    expect(chooseWarehouse(seven, 'ATL').quantity).toBe(0);
    expect(stockFor(item, 'nowhere').warehouseInventory).toBe(0);
  });

  it('property: a quantity is always a whole number between 0 and the max', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double(), fc.string()),
        fc.constantFrom('ATL', 'DAL', 'CHI', null),
        (input, wh) => {
          const q = setQuantity({ item, quantity: 0, warehouse: wh }, input).quantity;
          const max = wh === null ? 10 : item.locations.find((l) => l.warehouse_location === wh)!.wd_inventory;
          return Number.isInteger(q) && q >= 0 && q <= max;
        },
      ),
    );
  });
});

describe('"Your Cost" and the order form', () => {
  const item = inventoryItem(wire, { name: 'Pads', quantity: 0 });

  it("each row costs its warehouse's price, the footer sums quantity × cost exactly", () => {
    const rows: DistributorRow[] = [
      { item, quantity: 3, warehouse: 'DAL' },
      { item, quantity: 1, warehouse: 'CHI' },
      { item, quantity: 0, warehouse: 'ATL' },
    ];
    expect(toWire(rowCost(rows[0]!))).toBe('49.95');
    expect(toWire(yourCost(rows))).toBe('200.85');
    expect(orderForm(rows)).toEqual({
      items: [
        { aaia: 'BBHK', mpn: 'P-100', orderQuantity: 3, selectedLocations: [{ quantity: 3, warehouseCode: 'DAL' }] },
        { aaia: 'BBHK', mpn: 'P-100', orderQuantity: 1, selectedLocations: [{ quantity: 1, warehouseCode: 'CHI' }] },
      ],
    });
  });

  it('property: the footer is the cent-exact sum of the rows', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ q: fc.nat(50), cents: fc.nat(100_000) }), { maxLength: 20 }), (specs) => {
        const rows = specs.map(({ q, cents }) => ({
          item: inventoryItem(
            {
              ...wire,
              Locations: [{ Inventory: 100, Name: 'A', Price: (cents / 100).toFixed(2), WarehouseCode: 'A' }],
            },
            { name: 'x', quantity: 0 },
          ),
          quantity: q,
          warehouse: 'A',
        }));
        const cents = specs.reduce((s, { q, cents: c }) => s + BigInt(q) * BigInt(c), 0n);
        return toWire(yourCost(rows)) === `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      }),
    );
  });
});
