import { z } from 'zod';

/**
 * GET /api/search/autocomplete — the search bar's suggestions (storefront.md §2 "Search bar",
 * §7 "Search": parts, brand, categories and series indexes; §9 hits per page). The spec names a
 * hosted search service, not a path; this call stands in for it (docs/api.md).
 */
export const searchAutocompleteQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(100, 'Search text is limited to 100 characters.'),
  /** Viewport width: parts hits per page 8 over 1199 px, else 5 (§9). Ignored when `limit` is set. */
  width: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
  /** Parts per answer (the listing page asks for 15, the analytics page size). */
  limit: z.coerce.number().int().min(1).max(50).optional().catch(undefined),
  /** Entries per Categories / Series / Brands section. */
  section_limit: z.coerce.number().int().min(0).max(20).catch(5),
});
export type SearchAutocompleteQuery = z.infer<typeof searchAutocompleteQuerySchema>;

/** Money travels as a decimal string with 2 places, never a float. */
const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** Why a part matched, best first (the same tiers as the offline index, sync/search). */
export const searchMatchKinds = ['part-number', 'part-number-prefix', 'name', 'any-field'] as const;

export const searchPartHitSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  mpn: z.string(),
  brand: z.string(),
  image: z.string(),
  /** Null when the product's pricing is disabled, or prices need a login the caller has not (src/domain/price-visibility.ts). */
  price: money.nullable(),
  match: z.enum(searchMatchKinds),
  /** '/{slug}?queryID=...' (§2: hits link to the product carrying queryID). */
  url: z.string(),
});
export type SearchPartHit = z.infer<typeof searchPartHitSchema>;

export const searchSectionHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Matching parts carrying this value (0 when only its name matched). */
  count: z.number().int(),
  url: z.string(),
});
export type SearchSectionHit = z.infer<typeof searchSectionHitSchema>;

export const searchAutocompleteReplySchema = z.object({
  /** Ties clicks to this answer (§7 "parts index with click analytics"); opaque. */
  queryID: z.string(),
  parts: z.array(searchPartHitSchema),
  /** All matching parts, for 'Show More'. */
  total: z.number().int(),
  /**
   * The suggestions read at most 1,000 rows per kind of match (a first keystroke matches half the
   * catalog): then `total` and the section counts are lower bounds. The search page counts exactly.
   */
  total_capped: z.boolean(),
  categories: z.array(searchSectionHitSchema),
  series: z.array(searchSectionHitSchema),
  brands: z.array(searchSectionHitSchema),
  /** '/index.php?route=product/search&search=...&queryID=...'. */
  show_more_url: z.string(),
});
export type SearchAutocompleteReply = z.infer<typeof searchAutocompleteReplySchema>;
