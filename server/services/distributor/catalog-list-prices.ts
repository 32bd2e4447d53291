/**
 * The simulated distributor's price list (server/adapters/distributor/simulator.ts `listPrices`):
 * the shop's catalog price of each part asked, by brand code and part number. A real distributor
 * prices from the manufacturer's list, as the shop's catalog does; giving the simulator the same
 * list keeps its costs plausible (below what the shop sells the part for; docs/decisions/distributor.md).
 */
import { sql, type Kysely } from 'kysely';
import type { DistributorPartRef } from '../../adapters/distributor/types';
import type { DB } from '../../db/schema';

export function catalogListPrices(db: Kysely<DB>): (parts: DistributorPartRef[]) => Promise<Map<string, string>> {
  return async (parts) => {
    const keys = [...new Set(parts.map((p) => `${p.aaia}~${p.mpn}`))];
    if (keys.length === 0) return new Map();
    const rows = await db
      .selectFrom('products')
      .select(['aaia', 'mpn', sql<string>`price::text`.as('price')])
      .where(sql<string>`aaia || '~' || mpn`, 'in', keys)
      .orderBy('product_id')
      .execute();
    const out = new Map<string, string>();
    for (const r of rows) if (!out.has(`${r.aaia}~${r.mpn}`)) out.set(`${r.aaia}~${r.mpn}`, r.price);
    return out;
  };
}
