/**
 * Distributor ordering (pos-back-office.md §3 "Inventory", "Distributor inventory response",
 * "Distributor order form"; §4 and §5 "Distributor quantities"): the POS's own inventory item made
 * from a distributor's answer, the order form's lines, and the "Your Cost" footer. Quantities are
 * clamped by src/domain/quantity.ts (clampDistributorQuantity); money is decimal.js, 2 places.
 */
import { clampDistributorQuantity, type DistributorStock } from './quantity';
import { formatUSD, money, sum, mul, toWire, type Money, type MoneyString } from './money';

/** One warehouse's line in the POS item (§3 "Inventory"). */
export interface InventoryLocation {
  location_name: string;
  quantity: number;
  warehouse_location: string;
  wd_inventory: number;
  pace_inventory: number;
  /** The shop's cost from this warehouse. */
  price: MoneyString;
}

export interface InventoryPrice {
  key: 'your_cost' | 'retail' | 'msrp';
  name: string;
  text: string;
  value: MoneyString;
}

/** §3 "Internal item". */
export interface InventoryItem {
  aaia: string;
  mpn: string;
  name: string;
  productId: string;
  totalInventory: number;
  storeInventory: number;
  locations: InventoryLocation[];
  prices: InventoryPrice[];
}

/** The distributor's item as its API answers it (§3 "Distributor inventory response"). */
export interface DistributorWireItem {
  AAIABrandCode: string;
  PartNumber: string;
  Description: string;
  ProductId: string;
  Msrp: string;
  Retail: string;
  Locations: { Inventory: number; Name: string; Price: string; WarehouseCode: string }[];
}

const nonNegative = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The POS item for one part: the distributor's warehouses plus the shop's own stock. Total
 * inventory counts the shop's shelf and every warehouse, so "total minus store stock" is what the
 * distributor can send when no warehouse is chosen (§5).
 */
export function inventoryItem(wire: DistributorWireItem, store: { name: string; quantity: number }): InventoryItem {
  const locations = wire.Locations.map((l) => ({
    location_name: l.Name,
    quantity: nonNegative(l.Inventory),
    warehouse_location: l.WarehouseCode,
    wd_inventory: nonNegative(l.Inventory),
    pace_inventory: 0,
    price: toWire(money(l.Price)),
  }));
  const storeInventory = nonNegative(store.quantity);
  const cost = locations[0]?.price ?? '0.00';
  const price = (key: InventoryPrice['key'], name: string, value: unknown): InventoryPrice => {
    const m = money(value);
    return { key, name, text: formatUSD(m), value: toWire(m) };
  };
  return {
    aaia: wire.AAIABrandCode,
    mpn: wire.PartNumber,
    name: store.name || wire.Description,
    productId: wire.ProductId,
    totalInventory: storeInventory + locations.reduce((s, l) => s + l.wd_inventory, 0),
    storeInventory,
    locations,
    prices: [
      price('your_cost', 'Your Cost', cost),
      price('retail', 'Retail', wire.Retail),
      price('msrp', 'MSRP', wire.Msrp),
    ],
  };
}

/** What the quantity rule needs of an item and the warehouse chosen for it (null: none chosen). */
export function stockFor(item: InventoryItem, warehouse: string | null): DistributorStock {
  const loc = warehouse === null ? undefined : item.locations.find((l) => l.warehouse_location === warehouse);
  return {
    warehouseInventory: loc ? loc.wd_inventory : warehouse === null ? null : 0,
    totalInventory: item.totalInventory,
    storeInventory: item.storeInventory,
  };
}

/** A row of the "Order From Your Distributor" table as the cashier set it. */
export interface DistributorRow {
  item: InventoryItem;
  quantity: number;
  warehouse: string | null;
}

/** The first warehouse that has the part, else the first warehouse (§3: cost shows the first location's price). */
export function defaultWarehouse(item: InventoryItem): string | null {
  return (item.locations.find((l) => l.wd_inventory > 0) ?? item.locations[0])?.warehouse_location ?? null;
}

/** Changing the warehouse clamps the quantity down to that warehouse's inventory (§4). */
export function chooseWarehouse(row: DistributorRow, warehouse: string | null): DistributorRow {
  return { ...row, warehouse, quantity: clampDistributorQuantity(row.quantity, stockFor(row.item, warehouse)) };
}

export function setQuantity(row: DistributorRow, input: unknown): DistributorRow {
  return { ...row, quantity: clampDistributorQuantity(input, stockFor(row.item, row.warehouse)) };
}

/** Unit cost of a row: the chosen warehouse's price, else the first location's. */
export function rowCost(row: DistributorRow): Money {
  const loc = row.item.locations.find((l) => l.warehouse_location === row.warehouse) ?? row.item.locations[0];
  return money(loc?.price ?? 0);
}

/** The footer "Your Cost": every row's quantity times its unit cost. */
export function yourCost(rows: readonly DistributorRow[]): Money {
  return sum(rows.map((r) => mul(rowCost(r), r.quantity)));
}

/** §3 "Distributor order form": the lines with a quantity, each from its chosen warehouse. */
export interface DistributorOrderForm {
  items: {
    aaia: string;
    mpn: string;
    orderQuantity: number;
    selectedLocations: { quantity: number; warehouseCode: string }[];
  }[];
}

export function orderForm(rows: readonly DistributorRow[]): DistributorOrderForm {
  return {
    items: rows
      .filter((r) => r.quantity > 0 && r.warehouse !== null)
      .map((r) => ({
        aaia: r.item.aaia,
        mpn: r.item.mpn,
        orderQuantity: r.quantity,
        selectedLocations: [{ quantity: r.quantity, warehouseCode: r.warehouse! }],
      })),
  };
}
