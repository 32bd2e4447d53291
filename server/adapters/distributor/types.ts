/**
 * The port to a parts distributor (docs/architecture.md "Outside services (adapters)"): the
 * warehouses a shop orders from when its own shelf is short. pos-back-office.md §3 names the wire
 * a distributor answers in ("Distributor inventory response", "Distributor purchase order"); the
 * adapter speaks exactly that shape, and the server maps it to the POS's own item
 * (server/services, docs/decisions/distributor.md).
 *
 * Contract every adapter keeps:
 * - `inventory` answers the parts it knows, by brand code and part number; a part it does not
 *   carry is simply absent. Prices are the distributor's: `Price` on each location is what the shop
 *   pays there.
 * - `submit` sends one purchase order per warehouse and answers them with the distributor's
 *   numbers; it either accepts the whole order or rejects it (`DistributorError`), never half.
 *   `requestId` makes a retry safe: the same id answers the same purchase orders again.
 * - Either call may fail (`DistributorError`, the distributor is down or slow): callers show
 *   "There was an error!" and change nothing.
 */
import type { DistributorWireItem } from '../../../src/domain/distributor';

export interface DistributorPartRef {
  /** AAIA brand code. */
  aaia: string;
  /** Manufacturer part number. */
  mpn: string;
}

/**
 * A part as the distributor answers it (§3 "Distributor inventory response": AAIABrandCode,
 * PartNumber, Description, ProductId, Locations with Inventory, Name, Price, WarehouseCode, plus its
 * list prices); the domain maps it to the POS item (src/domain/distributor.ts).
 */
export type DistributorItem = DistributorWireItem;
export type DistributorLocation = DistributorWireItem['Locations'][number];

export interface DistributorInventoryResponse {
  Items: DistributorItem[];
}

export interface DistributorWarehouse {
  code: string;
  name: string;
}

export interface DistributorShipTo {
  Name: string;
  Street: string;
  City: string;
  StateProvinceCode: string;
  ZipPostalCode: string;
}

export interface DistributorOrderLine {
  aaia: string;
  mpn: string;
  quantity: number;
  warehouseCode: string;
}

export interface DistributorOrderRequest {
  /** Idempotency key: the same id answers the same purchase orders again. */
  requestId: string;
  /** The shop's own reference (its order number). */
  reference: string;
  shipTo: DistributorShipTo;
  shippingMethod: string;
  notes: string;
  lines: DistributorOrderLine[];
}

/** §3 "Distributor purchase order". */
export interface DistributorPurchaseOrder {
  PurchaseOrderID: string;
  Number: string;
  ConfirmationNumber: string;
  WarehouseConfirmationNumber: string;
  ToWarehouse: { Name: string; Code: string };
  SubmittedToWarehouseDateTime: string;
  CurrentStatus: string;
  ShippingMethod: string;
  Notes: string;
  ShipTo: DistributorShipTo;
  Items: { AAIABrandCode: string; PartNumber: string; Quantity: number; Price: string }[];
  OrderTotalPrice: string;
}

export class DistributorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DistributorError';
  }
}

export interface Distributor {
  readonly name: string;
  /** "A warehouse-inventory refresh appears only when the warehouse API is active" (§3). */
  readonly warehouseApi: boolean;
  warehouses(): Promise<DistributorWarehouse[]>;
  inventory(parts: DistributorPartRef[]): Promise<DistributorInventoryResponse>;
  submit(order: DistributorOrderRequest): Promise<DistributorPurchaseOrder[]>;
}
