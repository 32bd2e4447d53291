/**
 * What a typed search means, and the one SQL that finds and ranks its parts, shared by the
 * autocomplete (search-service.ts) and the search listing (GET /api/products/?search=,
 * product-service.ts) so both list the same parts in the same order.
 *
 * Tiers, best first (the offline index's, docs/decisions/search.md "Offline part search
 * (sync/search)"), encoded in one `rank` number = tier * 1,000,000 + a tie-break inside the tier:
 * 1. part number: the query's part-number key equals a product's (`33-2304` = `332304`), or the
 *    key is a brand's name or code followed by the part number (`KN-33-2304`, `KNFL332304`), or
 *    the query is a barcode equal to the UPC;
 * 2. part-number prefix: the key starts a part number (fewer missing characters first), also
 *    after a brand prefix;
 * 3. name: every query term starts a word of the name;
 * 4. any field: every term starts a word of name, part number, brand, brand code, series or a
 *    category.
 */
import { sql, type RawBuilder } from 'kysely';
import { barcodeValue, partKey, queryTerms } from '../../../src/domain/search-normalize';

const TIER = 1_000_000;

export interface ParsedSearch {
  /** Part-number key of the whole query ('' when it has no letter or digit). */
  key: string;
  /** Word terms, each matched as a prefix. */
  terms: string[];
  /** A plausible barcode (8-14 digits), matched exactly. */
  upc: string | null;
  /** Brands whose name or code starts the key, with the rest of the key. */
  brandParts: { manufacturer_id: number; rest: string }[];
}

export interface BrandKey {
  manufacturer_id: number;
  /** partKey of the brand's name ('KN') and of its code ('KNFL'). */
  keys: readonly string[];
}

export function parseSearch(text: string, brands: readonly BrandKey[]): ParsedSearch {
  const key = partKey(text);
  const brandParts: ParsedSearch['brandParts'] = [];
  for (const b of brands) {
    for (const k of b.keys) {
      // Two characters at least: a one-letter brand key would turn every part number into a brand search.
      if (k.length >= 2 && key.length > k.length && key.startsWith(k))
        brandParts.push({ manufacturer_id: b.manufacturer_id, rest: key.slice(k.length) });
    }
  }
  return { key, terms: queryTerms(text), upc: barcodeValue(text) === null ? null : key, brandParts };
}

/** True when the query can match anything at all (it has a letter or a digit). */
export const searchable = (s: ParsedSearch): boolean => s.key !== '' || s.terms.length > 0;

/** `'kn':* & '332304':*` — terms hold only letters and digits, so quoting cannot break out. */
function tsquery(terms: readonly string[]): string {
  return terms.map((t) => `'${t}':*`).join(' & ');
}

/** `like` pattern for "starts with": keys are letters and digits only, nothing to escape. */
const startsWith = (k: string): string => `${k}%`;

/**
 * Every matching enabled product once with its best rank: `select product_id, rank`. Callers
 * join it to products and order by rank, then lower(name), then product_id.
 */
export function matchSql(s: ParsedSearch, cap?: number): RawBuilder<{ product_id: number; rank: number }> {
  const branches: RawBuilder<unknown>[] = [];
  // With a cap each broad branch reads at most `cap` rows in index order (part numbers by key,
  // words by name): a first keystroke matches half the catalog, and counting and sorting all of
  // it took seconds on PGlite. Exact part numbers and barcodes are never capped.
  const limit = (by: string) => (cap === undefined ? sql`` : sql` order by ${sql.raw(by)} limit ${cap}`);
  if (s.key) {
    branches.push(sql`select product_id, ${sql.lit(TIER)} as rank from products where status and mpn_key = ${s.key}`);
    branches.push(
      sql`select product_id, ${sql.lit(2 * TIER)} + length(mpn_key) - ${s.key.length}::int as rank
            from products where status and mpn_key like ${startsWith(s.key)} and mpn_key <> ${s.key}${limit('mpn_key')}`,
    );
  }
  if (s.upc)
    branches.push(sql`select product_id, ${sql.lit(TIER)} as rank from products where status and upc = ${s.upc}`);
  for (const b of s.brandParts) {
    branches.push(
      sql`select product_id,
                 case when mpn_key = ${b.rest} then ${sql.lit(TIER)} else ${sql.lit(2 * TIER)} + length(mpn_key) - ${b.rest.length}::int end as rank
            from products where status and manufacturer_id = ${b.manufacturer_id} and mpn_key like ${startsWith(b.rest)}${limit('mpn_key')}`,
    );
  }
  if (s.terms.length > 0) {
    const q = tsquery(s.terms);
    branches.push(
      sql`select product_id, case when name_words @@ ${q}::tsquery then ${sql.lit(3 * TIER)} else ${sql.lit(4 * TIER)} end as rank
            from product_search where words @@ ${q}::tsquery${limit('name_fold, product_id')}`,
    );
  }
  if (branches.length === 0) return sql`select null::int as product_id, null::int as rank where false`;
  // Parenthesised: a branch with its own order by / limit is only valid inside parentheses in a union.
  return sql`select product_id, min(rank)::int as rank from (${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` union all `,
  )}) hits group by product_id`;
}

const KINDS = ['part-number', 'part-number-prefix', 'name', 'any-field'] as const;

/** The match tier a rank stands for. */
export function matchKind(rank: number): (typeof KINDS)[number] {
  return KINDS[Math.min(KINDS.length - 1, Math.max(0, Math.floor(rank / TIER) - 1))]!;
}
