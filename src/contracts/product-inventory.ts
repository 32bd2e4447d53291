import { z } from 'zod';

/**
 * POST /api/inventory/getInventoriesByProductId (storefront.md §7, §3 "Inventory detail per
 * part"). Anyone may ask for the total; per-location stock and reseller prices are for staff only
 * (§6) and come back empty to everyone else.
 */
export const inventoryRequestSchema = z.object({
  productId: z.coerce
    .number({ error: 'productId must be a product id.' })
    .int('productId must be a product id.')
    .positive('productId must be a product id.')
    .max(2_147_483_647, 'productId must be a product id.'),
});
export type InventoryRequest = z.infer<typeof inventoryRequestSchema>;

export const inventoryReplySchema = z.object({
  aaia: z.string(),
  mpn: z.string(),
  locations: z.array(z.object({ location_id: z.number().int(), name: z.string(), inventory: z.number().int() })),
  totalInventory: z.number().int(),
  /** Stock at the caller's store: the staff member's location, else the chosen pickup store, else the default store. */
  storeInventory: z.number().int(),
  prices: z.array(
    z.object({ key: z.string(), name: z.string(), text: z.string(), value: z.string().regex(/^-?\d+\.\d{2}$/) }),
  ),
});
export type InventoryReply = z.infer<typeof inventoryReplySchema>;
