/**
 * POST /api/inventory/getInventoriesByProductId. Everyone gets the total and their store's count
 * (the stock line, 'Out of Stock' / '{n} in Stock'); only staff get stock per location and the
 * reseller prices (storefront.md §6: "Staff in POS mode ... see inventory per location"), so a
 * shopper's reply never carries cost or another store's shelf counts.
 */
import { sql, type Kysely } from 'kysely';
import type { InventoryReply } from '../../../src/contracts/product-inventory';
import type { SessionUser } from '../../../src/contracts/session';
import { staffRoles } from '../../../src/contracts/session';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';

/** Formats the exact decimal string (ECMA-402 v3 takes numeric strings): no float on the way. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const PRICE_NAMES = { msrp: 'MSRP', retail: 'Retail', cost: 'Cost' } as const;

export class ProductInventoryService {
  constructor(private readonly db: Kysely<DB>) {}

  async forProduct(
    productId: number,
    user: SessionUser | null,
    pickupLocationId: number | null,
  ): Promise<InventoryReply> {
    const p = await this.db
      .selectFrom('products')
      .select([
        'product_id',
        'aaia',
        'mpn',
        sql<string>`price::numeric(12,2)::text`.as('price'),
        sql<string>`msrp::numeric(12,2)::text`.as('msrp'),
        sql<string>`cost::numeric(12,2)::text`.as('cost'),
      ])
      .where('product_id', '=', productId)
      .where('status', '=', true)
      .executeTakeFirst();
    if (!p) throw notFound('This product could not be found.');

    const rows = await this.db
      .selectFrom('locations as l')
      .leftJoin('product_stock as s', (j) =>
        j.onRef('s.location_id', '=', 'l.location_id').on('s.product_id', '=', productId),
      )
      .select(['l.location_id', 'l.name', 'l.is_default', sql<number>`coalesce(s.quantity, 0)::int`.as('quantity')])
      .where('l.status', '=', true)
      .orderBy('l.location_id')
      .execute();
    const total = rows.reduce((n, r) => n + Math.max(0, r.quantity), 0);
    const storeId = user?.locationId ?? pickupLocationId;
    const store = rows.find((r) => r.location_id === storeId) ?? rows.find((r) => r.is_default) ?? null;

    const isStaff = user !== null && (staffRoles as readonly string[]).includes(user.role);
    const prices = isStaff
      ? (Object.keys(PRICE_NAMES) as (keyof typeof PRICE_NAMES)[])
          // Cost is the shop's margin: admins only.
          .filter((key) => key !== 'cost' || user.role === 'admin')
          .map((key) => {
            const value = key === 'retail' ? p.price : p[key];
            return { key, name: PRICE_NAMES[key], text: usd.format(value as `${number}`), value };
          })
      : [];
    return {
      aaia: p.aaia,
      mpn: p.mpn,
      locations: isStaff ? rows.map((r) => ({ location_id: r.location_id, name: r.name, inventory: r.quantity })) : [],
      totalInventory: total,
      storeInventory: store ? Math.max(0, store.quantity) : 0,
      prices,
    };
  }
}
