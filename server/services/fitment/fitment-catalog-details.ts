import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ENGINE_KEYS,
  YMM_KEYS,
  facetId,
  hasEngine,
  hasYmm,
  isEmptyVehicle,
  type FacetKey,
  type FitmentVehicle,
} from '../../../src/domain/fitment-facets';
import type { DB } from '../../db/schema';
import type { CatalogDetailsBody, CatalogDetailsReply } from '../../../src/contracts/fitment/catalog-details';

/**
 * "Find Products That Fit" (storefront.md §2 product page, §7 getCatalogDetails): how many active
 * products in the same series / category / brand fit the shopper's vehicle, and where to list them.
 *
 * "Fit" is the domain's 'yes' (src/domain/fitment.ts judgePart), written as SQL so it is counted
 * in the database instead of judging every product of a brand one by one: a fitment row fits when
 * every constraint it carries is met by a chosen facet. Universal products count when the shopper
 * shows universal parts. No vehicle: every count is 0 (the panel is then hidden). The integration
 * tests check these counts against validateFitment, so the two definitions cannot drift apart.
 *
 * URLs are the catalogue page with the listing filter and `fits=1` (`/product/catalog?series_id=N&fits=1`),
 * which lists just the parts counted here; '' when the product has no such group.
 */
export async function catalogDetails(
  db: Kysely<DB>,
  body: CatalogDetailsBody,
  vehicle: FitmentVehicle,
): Promise<CatalogDetailsReply> {
  const series = body.series_id;
  const category = body.category_id;
  const maker = body.manufacturer_id;
  const counts = { seriesCount: 0, categoryCount: 0, manufacturerCount: 0 };
  const fitting = fittingProducts(vehicle);
  if (fitting && (series || category || maker)) {
    const r = await sql<{ series_count: string; category_count: string; manufacturer_count: string }>`
with fit as (${fitting})
select
  count(*) filter (where p.series_id = ${series}) as series_count,
  count(*) filter (where exists (select 1 from product_categories pc where pc.product_id = p.product_id and pc.category_id = ${category})) as category_count,
  count(*) filter (where p.manufacturer_id = ${maker}) as manufacturer_count
from fit join products p on p.product_id = fit.product_id
where p.status
`.execute(db);
    const row = r.rows[0];
    if (row) {
      counts.seriesCount = series ? Number(row.series_count) : 0;
      counts.categoryCount = category ? Number(row.category_count) : 0;
      counts.manufacturerCount = maker ? Number(row.manufacturer_count) : 0;
    }
  }
  const url = (param: string, id: number) => (id ? `/product/catalog?${param}=${id}&fits=1` : '');
  return {
    aaia: body.aaia,
    mpn: body.mpn,
    catalogDetails: {
      ...counts,
      seriesUrl: url('series_id', series),
      categoryUrl: url('category_id', category),
      manufacturerUrl: url('manufacturer_id', maker),
    },
  };
}

/**
 * `select product_id` of every product that fits the vehicle (some fitment row fully matches, or
 * universal while the shopper shows universal parts), duplicates removed; null when no vehicle is
 * chosen. The listing's `fits=1` filter uses the same set, so a tile's count is its listing's size.
 */
export function fittingProducts(vehicle: FitmentVehicle): RawBuilder<{ product_id: number }> | null {
  const fits = fittingCondition(vehicle);
  if (!fits) return null;
  return sql<{ product_id: number }>`
  select f.product_id from part_fitment f
  left join engine_configs ec on ec.engine_config_id = f.engine_config_id
  where ${fits}
  union
  select p.product_id from products p where p.is_universal and ${vehicle.showUniversal}`;
}

/** SQL over `f` (part_fitment) and `ec` (its engine config) for "this row fully matches"; null = no vehicle. */
function fittingCondition(vehicle: FitmentVehicle): RawBuilder<unknown> | null {
  const f = vehicle.facets;
  if (isEmptyVehicle(f)) return null;
  const id = (k: FacetKey) => {
    const v = f[k];
    return v ? facetId(v) : null;
  };
  const engineOnly = YMM_KEYS.every((k) => !f[k]) && ENGINE_KEYS.some((k) => f[k]);
  const conds: RawBuilder<unknown>[] = [];
  if (engineOnly) {
    // Year/make/model are waived only for rows naming an engine, so such a row is required.
    if (!hasEngine(f)) return sql`false`;
    conds.push(sql`f.engine_config_id is not null`);
  } else {
    if (!hasYmm(f)) return sql`false`;
    conds.push(
      sql`f.make_id = ${id('MakeID')} and f.model_id = ${id('ModelID')} and f.year_from <= ${id('Year')} and f.year_to >= ${id('Year')}`,
    );
  }
  for (const [key, col] of [
    ['SubModelID', sql.ref('f.sub_model_id')],
    ['BodyTypeID', sql.ref('f.body_type_id')],
    ['BedLengthID', sql.ref('f.bed_length_id')],
  ] as const) {
    const v = id(key);
    conds.push(v === null ? sql`${col} is null` : sql`(${col} is null or ${col} = ${v})`);
  }
  conds.push(
    hasEngine(f)
      ? sql`(f.engine_config_id is null or (ec.engine_mfr_id = ${id('EngineMfrID')} and ec.engine_family_id = ${id('EngineFamilyID')} and ec.engine_size_id = ${id('EngineSizeID')}))`
      : sql`f.engine_config_id is null`,
  );
  return sql.join(conds, sql` and `);
}
