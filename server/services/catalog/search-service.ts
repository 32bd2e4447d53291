/**
 * The search bar's suggestions (GET /api/search/autocomplete): ranked parts, and the Categories,
 * Series and brand sections of what matched. One SQL round trip per keystroke (on PGlite every
 * extra statement is queue time on its single connection); the ranking is search-query.ts's, the
 * same as the search listing's.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  SearchAutocompleteQuery,
  SearchAutocompleteReply,
  SearchSectionHit,
} from '../../../src/contracts/search-autocomplete';
import { partsHitsPerPage } from '../../../src/domain/constants';
import type { DB } from '../../db/schema';
import { ProductSettingsCache, SETTINGS_STAMP, shownPrice } from './product-settings';
import { nameMatches, SearchFacets, type Facet } from './search-facets';
import { matchKind, matchSql, parseSearch, searchable } from './search-query';

interface Row {
  total: number;
  settings_stamp: string;
  parts: {
    product_id: number;
    name: string;
    mpn: string;
    brand: string;
    image: string;
    slug: string;
    price: string;
    disable_pricing: boolean;
    rank: number;
  }[];
  brands: [number, number][];
  series: [number, number][];
  categories: [number, number][];
}

const SEARCH_PAGE = '/index.php?route=product/search';
/** Rows read per broad branch of a suggestion query (search-query.ts matchSql). */
const SUGGEST_CAP = 1000;

export class SearchService {
  readonly facets: SearchFacets;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: ProductSettingsCache = new ProductSettingsCache(),
  ) {
    this.facets = new SearchFacets(db);
  }

  /** `signedIn`: a customer or staff session (prices behind `customer_price`, as on the listing). */
  async autocomplete(q: SearchAutocompleteQuery, signedIn = false): Promise<SearchAutocompleteReply> {
    const queryID = randomUUID().replace(/-/g, '');
    const enc = encodeURIComponent;
    const withId = (url: string) => `${url}${url.includes('?') ? '&' : '?'}queryID=${queryID}`;
    const reply: SearchAutocompleteReply = {
      queryID,
      parts: [],
      total: 0,
      total_capped: false,
      categories: [],
      series: [],
      brands: [],
      show_more_url: withId(`${SEARCH_PAGE}&search=${enc(q.q)}`),
    };
    const facets = await this.facets.get();
    const parsed = parseSearch(q.q, facets.brandKeys);
    if (!searchable(parsed)) return reply;
    const limit = q.limit ?? partsHitsPerPage(q.width ?? 0);

    const { rows } = await sql<Row>`
      with m as materialized (${matchSql(parsed, SUGGEST_CAP)}),
      top as (
        select m.product_id, m.rank from m join products p on p.product_id = m.product_id
         order by m.rank, lower(p.name), m.product_id limit ${limit}
      )
      select
        (select count(*)::int from m) as total,
        ${SETTINGS_STAMP} as settings_stamp,
        (select coalesce(json_agg(t order by t.rank, lower(t.name), t.product_id), '[]')
           from (select p.product_id, p.name, p.mpn, mf.name as brand, p.image, p.slug, top.rank,
                        p.disable_pricing, p.price::numeric(12,2)::text as price
                   from top join products p on p.product_id = top.product_id
                   join manufacturers mf on mf.manufacturer_id = p.manufacturer_id) t) as parts,
        (select coalesce(json_agg(json_build_array(id, n)), '[]')
           from (select p.manufacturer_id as id, count(*) as n from m join products p on p.product_id = m.product_id group by 1) b) as brands,
        (select coalesce(json_agg(json_build_array(id, n)), '[]')
           from (select p.series_id as id, count(*) as n from m join products p on p.product_id = m.product_id
                  where p.series_id is not null group by 1) s) as series,
        (select coalesce(json_agg(json_build_array(id, n)), '[]')
           from (select pc.category_id as id, count(*) as n from m join product_categories pc on pc.product_id = m.product_id group by 1) c) as categories
    `.execute(this.db);
    const row = rows[0];
    if (!row) return reply;
    const shop = await this.settings.get(this.db, row.settings_stamp);

    const section = (
      counts: [number, number][],
      of: Map<number, Facet>,
      url: (f: Facet) => string,
    ): SearchSectionHit[] =>
      counts
        .flatMap(([id, count]) => {
          const f = of.get(id);
          return f ? [{ f, count, named: nameMatches(f, parsed.terms) }] : [];
        })
        // Values named like the query first ('brake' lists "Brake Pads" before "Calipers"), then by count.
        .sort((a, b) => Number(b.named) - Number(a.named) || b.count - a.count || a.f.name.localeCompare(b.f.name))
        .slice(0, q.section_limit)
        .map(({ f, count }) => ({ id: f.id, name: f.name, count, url: withId(url(f)) }));

    return {
      ...reply,
      total: row.total,
      total_capped: row.total >= SUGGEST_CAP,
      parts: row.parts.map((p) => ({
        product_id: p.product_id,
        name: p.name,
        mpn: p.mpn,
        brand: p.brand,
        image: p.image,
        price: shownPrice(shop, signedIn, p.disable_pricing, p.price),
        match: matchKind(p.rank),
        url: withId(`/${p.slug}`),
      })),
      brands: section(row.brands, facets.brands, (f) => `/${f.slug}`),
      series: section(
        row.series,
        facets.series,
        (f) => `${SEARCH_PAGE}&search=${enc(f.name)}&manufacturer_id=${f.manufacturer_id ?? ''}`,
      ),
      // Brands and categories have pages of their own at /{slug} (app/slug-page.tsx).
      categories: section(row.categories, facets.categories, (f) => `/${f.slug}`),
    };
  }
}
