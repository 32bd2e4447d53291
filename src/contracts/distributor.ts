/**
 * Distributor ordering on the wire (pos-back-office.md §3 "Inventory", "Distributor purchase
 * order", "Distributor order form"; §7 POST getInventoryDetails). The call that submits the order
 * form is not named by the spec: POST orderFromDistributor?orderId= beside getInventoryDetails
 * (docs/decisions/distributor.md). Quantities and costs are re-derived by the server from the
 * distributor's own answer; what a device sends is only which part, how many and from where.
 */
import { z } from 'zod';
import { orderRefParam } from './checkout-transactions';

const moneyWire = z.string().regex(/^-?\d+\.\d{2}$/);
const code = z.string().trim().min(1).max(64);

/** POST getInventoryDetails: products (aaia, mpn). */
export const inventoryDetailsRequestSchema = z.object({
  products: z
    .array(z.object({ aaia: code, mpn: code }))
    .min(1)
    .max(100),
});
export type InventoryDetailsRequest = z.infer<typeof inventoryDetailsRequestSchema>;

export const inventoryLocationSchema = z.object({
  location_name: z.string(),
  quantity: z.number().int(),
  warehouse_location: z.string(),
  wd_inventory: z.number().int(),
  pace_inventory: z.number().int(),
  price: moneyWire,
});

export const inventoryItemSchema = z.object({
  aaia: z.string(),
  mpn: z.string(),
  name: z.string(),
  productId: z.string(),
  totalInventory: z.number().int(),
  storeInventory: z.number().int(),
  locations: z.array(inventoryLocationSchema),
  prices: z.array(
    z.object({ key: z.enum(['your_cost', 'retail', 'msrp']), name: z.string(), text: z.string(), value: moneyWire }),
  ),
});

/** Answer: Items, and whether the warehouse API is active (the refresh control shows only then). */
export const inventoryDetailsReplySchema = z.object({ Items: z.array(inventoryItemSchema), warehouseApi: z.boolean() });
export type InventoryDetailsReply = z.infer<typeof inventoryDetailsReplySchema>;

/** §3 "Distributor order form", plus how it ships. */
export const distributorOrderRequestSchema = z.object({
  /** The device's id for this submit: a retry answers the same purchase orders. */
  requestId: z.uuid(),
  items: z
    .array(
      z.object({
        aaia: code,
        mpn: code,
        orderQuantity: z.number().int().positive().max(10_000),
        selectedLocations: z
          .array(z.object({ quantity: z.number().int().positive().max(10_000), warehouseCode: code }))
          .min(1)
          .max(10),
      }),
    )
    .min(1)
    .max(100),
  shippingMethod: z.string().trim().max(64).default('Ground'),
  notes: z.string().max(1_000).default(''),
});
export type DistributorOrderRequest = z.infer<typeof distributorOrderRequestSchema>;

export const orderFromDistributorQuerySchema = z.object({ orderId: orderRefParam });

/** §3 "Distributor purchase order", as stored and shown on order detail and the receipt. */
export const purchaseOrderSchema = z.object({
  PurchaseOrderID: z.string(),
  Number: z.string(),
  ConfirmationNumber: z.string(),
  WarehouseConfirmationNumber: z.string(),
  ToWarehouse: z.object({ Name: z.string() }).loose(),
  SubmittedToWarehouseDateTime: z.string(),
  CurrentStatus: z.string(),
  ShippingMethod: z.string(),
  Notes: z.string(),
  ShipTo: z.object({
    Name: z.string(),
    Street: z.string(),
    City: z.string(),
    StateProvinceCode: z.string(),
    ZipPostalCode: z.string(),
  }),
  Items: z.array(z.object({ AAIABrandCode: z.string(), PartNumber: z.string(), Quantity: z.number().int() }).loose()),
  OrderTotalPrice: moneyWire,
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const distributorOrderReplySchema = z.object({
  success: z.string(),
  purchase_orders: z.array(purchaseOrderSchema),
});
export type DistributorOrderReply = z.infer<typeof distributorOrderReplySchema>;

/** The failure text of §7 getInventoryDetails / inventory calls. */
export const DISTRIBUTOR_ERROR = 'There was an error!';
