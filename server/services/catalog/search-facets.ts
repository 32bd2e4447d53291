/**
 * The brand, series and category names the search sections show, with their word tokens, kept in
 * memory: a few hundred rows read once per TTL instead of on every keystroke. A rename shows up in
 * the sections within TTL_MS (the product tokens in product_search change at once, by trigger).
 */
import type { Kysely } from 'kysely';
import { partKey, wordTokens } from '../../../src/domain/search-normalize';
import type { DB } from '../../db/schema';
import type { BrandKey } from './search-query';

const TTL_MS = 30_000;

export interface Facet {
  id: number;
  name: string;
  /** Lower-cased word tokens of the name (search-normalize rules). */
  tokens: readonly string[];
  slug: string;
  /** Series: its brand. */
  manufacturer_id?: number;
}

export interface Facets {
  brands: Map<number, Facet>;
  series: Map<number, Facet>;
  categories: Map<number, Facet>;
  brandKeys: BrandKey[];
}

const facet = (id: number, name: string, slug: string, extra: Partial<Facet> = {}): Facet => ({
  id,
  name,
  slug,
  tokens: wordTokens(name),
  ...extra,
});

export class SearchFacets {
  private cached: { at: number; facets: Promise<Facets> } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => number = Date.now,
  ) {}

  get(): Promise<Facets> {
    const now = this.clock();
    if (!this.cached || now - this.cached.at > TTL_MS) {
      const facets = this.load();
      this.cached = { at: now, facets };
      // A failed read is not kept: the next call tries again.
      facets.catch(() => {
        if (this.cached?.facets === facets) this.cached = null;
      });
    }
    return this.cached.facets;
  }

  private async load(): Promise<Facets> {
    const [brands, series, categories] = await Promise.all([
      this.db.selectFrom('manufacturers').select(['manufacturer_id', 'name', 'aaia_code', 'slug']).execute(),
      this.db.selectFrom('series').select(['series_id', 'name', 'slug', 'manufacturer_id']).execute(),
      this.db.selectFrom('categories').select(['category_id', 'name', 'slug']).where('status', '=', true).execute(),
    ]);
    return {
      brands: new Map(brands.map((b) => [b.manufacturer_id, facet(b.manufacturer_id, b.name, b.slug)])),
      series: new Map(
        series.map((s) => [s.series_id, facet(s.series_id, s.name, s.slug, { manufacturer_id: s.manufacturer_id })]),
      ),
      categories: new Map(categories.map((c) => [c.category_id, facet(c.category_id, c.name, c.slug)])),
      brandKeys: brands.map((b) => ({
        manufacturer_id: b.manufacturer_id,
        keys: [...new Set([partKey(b.name), partKey(b.aaia_code)])],
      })),
    };
  }
}

/** Every term starts one of the value's tokens (the "name matches" of a section entry). */
export function nameMatches(f: Facet, terms: readonly string[]): boolean {
  return terms.length > 0 && terms.every((t) => f.tokens.some((w) => w.startsWith(t)));
}
