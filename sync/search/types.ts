/** The shapes that cross the search index's boundary: rows in, results out. */

/** One cached product as the index needs it (the worker maps its Dexie rows to this). */
export interface SearchProductRow {
  product_id: number;
  /** The part number as the brand writes it ('33-2304'). */
  mpn: string;
  name: string;
  /** Brand code ('KNFL'); searchable as a word. */
  aaia?: string | null;
  manufacturer_id?: number | null;
  /** The manufacturer's (brand's) name. */
  manufacturer?: string | null;
  series_id?: number | null;
  series?: string | null;
  categories?: readonly { category_id: number; name: string }[];
  /** UPC/EAN; found by an exact scan, not by prefix. */
  upc?: string | null;
}

/**
 * What a pulled product row itself holds for the index: its brand and series by id only (their
 * names, and the product's categories, may arrive in later pages of a download).
 */
export interface OwnSearchRow {
  product_id: number;
  mpn: string;
  name: string;
  aaia?: string | null;
  manufacturer_id?: number | null;
  series_id?: number | null;
  upc?: string | null;
}

/** Why a part matched, best first; the order of this list is the ranking order. */
export const MATCH_KINDS = ['part-number', 'part-number-prefix', 'name', 'any-field'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface PartHit {
  product_id: number;
  mpn: string;
  name: string;
  brand: string | null;
  match: MatchKind;
}

/** One entry of the Categories, Series or Brands section. */
export interface SectionHit {
  id: number;
  name: string;
  /** Matching parts carrying this value. */
  count: number;
  /** The value's own name matches every query term (listed before values that only hold matches). */
  nameMatches: boolean;
}

export interface SearchResult {
  parts: PartHit[];
  /** All matching parts (for 'Show More'). */
  total: number;
  categories: SectionHit[];
  series: SectionHit[];
  brands: SectionHit[];
  tookMs: number;
}

export interface QueryOptions {
  /** Part hits to return; use partsHitsPerPage / searchHitsPerPage of src/domain/constants. */
  limit?: number;
  /** Entries per section. */
  sectionLimit?: number;
}

export interface BuildProgress {
  phase: 'rows' | 'words' | 'part-numbers' | 'order';
  done: number;
  total: number;
}

export type ProgressCallback = (p: BuildProgress) => void;
