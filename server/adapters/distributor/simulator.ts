/**
 * A warehouse distributor in software (DISTRIBUTOR=simulator, the default), for demos,
 * development and tests. It behaves as a real one does from the server's side:
 *
 * - three warehouses (Atlanta, Dallas, Chicago); each part's stock per warehouse and its prices
 *   derive from the seed, the brand code and the part number, so a run is repeatable and two
 *   parts differ (about one warehouse in five has none of a part);
 * - prices: a part's cost follows the manufacturer's list price, which the shop's own catalog price
 *   is (`listPrices`: 55-70 % of it, so the shop buys below what it sells for; a part the shop
 *   does not list costs 4.00 to 399.99); your cost per warehouse within a few percent of each
 *   other, retail = cost × 1.45, msrp = cost × 1.80, all in decimal.js to the cent;
 * - each call takes `latencyMs` (plus up to 50 % jitter from the seed) and fails with
 *   `DistributorError` at `failureRate` (a seeded sequence, so a test names the seed that fails);
 * - a part number ending in `-NA` is not carried (absent from the answer, as real APIs do);
 * - an order takes stock out of the warehouse it names and is refused whole when a line asks
 *   for more than that warehouse has; a repeated `requestId` answers the first purchase orders.
 *
 * State (stock taken, orders) lives in memory: a restart restocks.
 */
import { createHash } from 'node:crypto';
import { decimal, toWire } from '../../../src/domain/money';
import {
  DistributorError,
  type Distributor,
  type DistributorInventoryResponse,
  type DistributorItem,
  type DistributorOrderRequest,
  type DistributorPartRef,
  type DistributorPurchaseOrder,
  type DistributorWarehouse,
} from './types';

export const SIMULATOR_WAREHOUSES: DistributorWarehouse[] = [
  { code: 'ATL', name: 'Atlanta DC' },
  { code: 'DAL', name: 'Dallas DC' },
  { code: 'CHI', name: 'Chicago DC' },
];

export interface DistributorSimulatorOptions {
  seed: number;
  latencyMs: number;
  /** 0 to 1: the share of calls that fail. */
  failureRate: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /**
   * The list prices of the parts asked (`${aaia}~${mpn}` → decimal string), as the shop's catalog
   * has them: the composition reads them from the catalog. Absent, or a part not listed: the
   * seeded cost alone.
   */
  listPrices?: (parts: DistributorPartRef[]) => Promise<ReadonlyMap<string, string>>;
}

type ListPrices = ReadonlyMap<string, string>;

/** Up to 100 parts per inventory call, 200 lines per order: what a real API bounds. */
export const MAX_INVENTORY_PARTS = 100;
export const MAX_ORDER_LINES = 200;

function hash(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

export class SimulatedDistributor implements Distributor {
  readonly name = 'Simulated warehouse distributor';
  readonly warehouseApi = true;
  private calls = 0;
  private orderSeq = 0;
  /** Stock taken by orders: `${warehouse}~${aaia}~${mpn}` → quantity. */
  private readonly taken = new Map<string, number>();
  private readonly answered = new Map<string, DistributorPurchaseOrder[]>();
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: DistributorSimulatorOptions) {
    this.now = opts.now ?? (() => new Date());
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async warehouses(): Promise<DistributorWarehouse[]> {
    await this.call('warehouses');
    return SIMULATOR_WAREHOUSES.map((w) => ({ ...w }));
  }

  async inventory(parts: DistributorPartRef[]): Promise<DistributorInventoryResponse> {
    if (parts.length > MAX_INVENTORY_PARTS)
      throw new DistributorError(`At most ${MAX_INVENTORY_PARTS} parts per inventory request`);
    await this.call('inventory');
    const list = await this.listPrices(parts);
    const seen = new Set<string>();
    const items: DistributorItem[] = [];
    for (const p of parts) {
      const key = `${p.aaia}~${p.mpn}`;
      if (seen.has(key) || !this.carries(p)) continue;
      seen.add(key);
      items.push(this.item(p, list));
    }
    return { Items: items };
  }

  async submit(order: DistributorOrderRequest): Promise<DistributorPurchaseOrder[]> {
    const again = this.answered.get(order.requestId);
    if (again) {
      await this.call('submit');
      return structuredClone(again);
    }
    if (order.lines.length === 0) throw new DistributorError('The order has no lines');
    if (order.lines.length > MAX_ORDER_LINES) throw new DistributorError(`At most ${MAX_ORDER_LINES} lines per order`);
    await this.call('submit');
    // Check every line before taking any stock: the order is accepted whole or not at all.
    const want = new Map<string, number>();
    for (const l of order.lines) {
      if (!Number.isInteger(l.quantity) || l.quantity <= 0) throw new DistributorError(`Invalid quantity for ${l.mpn}`);
      if (!this.carries(l)) throw new DistributorError(`Part ${l.aaia} ${l.mpn} is not carried`);
      if (!SIMULATOR_WAREHOUSES.some((w) => w.code === l.warehouseCode))
        throw new DistributorError(`Unknown warehouse ${l.warehouseCode}`);
      const k = `${l.warehouseCode}~${l.aaia}~${l.mpn}`;
      want.set(k, (want.get(k) ?? 0) + l.quantity);
    }
    for (const [k, q] of want) {
      const [wh, aaia, mpn] = k.split('~') as [string, string, string];
      const have = this.stock(wh, { aaia, mpn });
      if (q > have) throw new DistributorError(`Only ${have} of ${aaia} ${mpn} in ${this.warehouseName(wh)}`);
    }
    for (const [k, q] of want) this.taken.set(k, (this.taken.get(k) ?? 0) + q);
    const list = await this.listPrices(order.lines);

    const submitted = this.now().toISOString();
    const byWarehouse = new Map<string, typeof order.lines>();
    for (const l of order.lines) byWarehouse.set(l.warehouseCode, [...(byWarehouse.get(l.warehouseCode) ?? []), l]);
    const pos: DistributorPurchaseOrder[] = [];
    for (const [wh, lines] of byWarehouse) {
      const n = ++this.orderSeq;
      const h = hash(this.opts.seed, order.requestId, wh).toString('hex').toUpperCase();
      const items = lines.map((l) => ({
        AAIABrandCode: l.aaia,
        PartNumber: l.mpn,
        Quantity: l.quantity,
        Price: this.price(wh, l, list),
      }));
      const total = items.reduce((s, i) => s.plus(decimal(i.Price).times(i.Quantity)), decimal(0));
      pos.push({
        PurchaseOrderID: `SIM-PO-${h.slice(0, 10)}`,
        Number: `${order.reference}-${n}`,
        ConfirmationNumber: `C${h.slice(10, 18)}`,
        WarehouseConfirmationNumber: `${wh}-${h.slice(18, 24)}`,
        ToWarehouse: { Name: this.warehouseName(wh), Code: wh },
        SubmittedToWarehouseDateTime: submitted,
        CurrentStatus: 'Submitted',
        ShippingMethod: order.shippingMethod,
        Notes: order.notes,
        ShipTo: { ...order.shipTo },
        Items: items,
        OrderTotalPrice: toWire(total),
      });
    }
    this.answered.set(order.requestId, structuredClone(pos));
    return pos;
  }

  private async call(kind: string): Promise<void> {
    const n = this.calls++;
    const h = hash(this.opts.seed, 'call', n);
    const jitter = this.opts.latencyMs > 0 ? Math.floor(((h[0]! / 255) * this.opts.latencyMs) / 2) : 0;
    if (this.opts.latencyMs > 0) await this.sleep(this.opts.latencyMs + jitter);
    if (h.readUInt32BE(1) / 0xffffffff < this.opts.failureRate)
      throw new DistributorError(`The distributor did not answer (${kind})`);
  }

  private carries(p: DistributorPartRef): boolean {
    return !/-NA$/i.test(p.mpn);
  }

  private warehouseName(code: string): string {
    return SIMULATOR_WAREHOUSES.find((w) => w.code === code)?.name ?? code;
  }

  private async listPrices(parts: DistributorPartRef[]): Promise<ListPrices> {
    return this.opts.listPrices && parts.length ? this.opts.listPrices(parts) : new Map();
  }

  /**
   * Base cost of a part, from the seed and the part: 55 to 70 % of its list price when it has one
   * above 0, else 4.00 to 399.99. With the warehouses' ±3 % the cost stays below the list price.
   */
  private baseCost(p: DistributorPartRef, list: ListPrices) {
    const h = hash(this.opts.seed, 'cost', p.aaia, p.mpn);
    const listed = list.get(`${p.aaia}~${p.mpn}`);
    if (listed !== undefined && decimal(listed).gt(0))
      return decimal(listed).times(decimal(55 + (h.readUInt32BE(0) % 16)).dividedBy(100));
    return decimal(400 + (h.readUInt32BE(0) % 39_600)).dividedBy(100);
  }

  private price(warehouse: string, p: DistributorPartRef, list: ListPrices): string {
    const h = hash(this.opts.seed, 'price', warehouse, p.aaia, p.mpn);
    const pct = decimal(97 + (h[0]! % 7)).dividedBy(100); // 0.97 … 1.03
    return toWire(this.baseCost(p, list).times(pct));
  }

  private stock(warehouse: string, p: DistributorPartRef): number {
    const h = hash(this.opts.seed, 'stock', warehouse, p.aaia, p.mpn);
    const initial = h[0]! % 5 === 0 ? 0 : 1 + (h[1]! % 40);
    return Math.max(0, initial - (this.taken.get(`${warehouse}~${p.aaia}~${p.mpn}`) ?? 0));
  }

  private item(p: DistributorPartRef, list: ListPrices): DistributorItem {
    const h = hash(this.opts.seed, 'item', p.aaia, p.mpn);
    const base = this.baseCost(p, list);
    return {
      AAIABrandCode: p.aaia,
      PartNumber: p.mpn,
      Description: `${p.aaia} ${p.mpn}`,
      ProductId: `D${h.readUInt32BE(0) % 10_000_000}`,
      Msrp: toWire(base.times('1.80')),
      Retail: toWire(base.times('1.45')),
      Locations: SIMULATOR_WAREHOUSES.map((w) => ({
        Inventory: this.stock(w.code, p),
        Name: w.name,
        Price: this.price(w.code, p, list),
        WarehouseCode: w.code,
      })),
    };
  }
}
