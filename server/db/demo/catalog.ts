/**
 * Demo catalog structure: manufacturers (brands), the two-level category tree and each brand's
 * series. Products are generated against it by parts.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { BRANDS, type BrandDef } from './brands';
import { insertReturning } from './bulk';
import { CATEGORY_TREE, type LeafDef } from './categories';
import { slugify } from './prng';

export interface BrandRef {
  def: BrandDef;
  manufacturerId: number;
  /** Index into `seriesIds` matches def.series. */
  seriesIds: number[];
  /** Leaves this brand makes, in def.lines order. */
  leaves: LeafRef[];
  /** Six digits used as this brand's UPC company prefix. */
  upcPrefix: string;
}

export interface LeafRef {
  def: LeafDef;
  categoryId: number;
  parentId: number;
}

export interface CatalogRefs {
  brands: BrandRef[];
  leaves: LeafRef[];
}

export async function seedCatalogStructure(db: Kysely<DB>): Promise<CatalogRefs> {
  const makers = await insertReturning(
    db,
    'manufacturers',
    BRANDS.map((b) => ({ name: b.name, aaia_code: b.code, slug: slugify(b.name) })),
    ['manufacturer_id', 'aaia_code'],
  );
  const makerId = new Map(makers.map((m) => [m.aaia_code, m.manufacturer_id]));

  const tops = await insertReturning(
    db,
    'categories',
    CATEGORY_TREE.map((t, i) => ({ parent_id: null, name: t.name, slug: t.slug, sort_order: i + 1 })),
    ['category_id', 'slug'],
  );
  const topId = new Map(tops.map((t) => [t.slug, t.category_id]));
  const leafRows = CATEGORY_TREE.flatMap((t) =>
    t.leaves.map((l, i) => ({ parent_id: topId.get(t.slug)!, name: l.name, slug: l.slug, sort_order: i + 1 })),
  );
  const leafIds = new Map(
    (await insertReturning(db, 'categories', leafRows, ['category_id', 'slug'])).map((l) => [l.slug, l.category_id]),
  );
  const leaves = new Map<string, LeafRef>();
  for (const t of CATEGORY_TREE) {
    for (const l of t.leaves)
      leaves.set(l.slug, { def: l, categoryId: leafIds.get(l.slug)!, parentId: topId.get(t.slug)! });
  }

  const seriesRows = BRANDS.flatMap((b) =>
    b.series.map((name) => ({ manufacturer_id: makerId.get(b.code)!, name, slug: slugify(name) })),
  );
  const series = await insertReturning(db, 'series', seriesRows, ['series_id', 'manufacturer_id', 'slug']);
  const seriesId = new Map(series.map((s) => [`${s.manufacturer_id}|${s.slug}`, s.series_id]));

  const brands = BRANDS.map((def, i) => {
    const manufacturerId = makerId.get(def.code)!;
    return {
      def,
      manufacturerId,
      seriesIds: def.series.map((s) => seriesId.get(`${manufacturerId}|${slugify(s)}`)!),
      leaves: Object.keys(def.lines).map((slug) => {
        const leaf = leaves.get(slug);
        if (!leaf) throw new Error(`demo catalog: brand ${def.name} lists unknown category ${slug}`);
        return leaf;
      }),
      upcPrefix: String(700000 + i * 1373).slice(0, 6),
    };
  });
  return { brands, leaves: [...leaves.values()] };
}
