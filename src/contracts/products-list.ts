import * as z from 'zod/mini';
import { limitParam, pageParam } from './paging';

// zod/mini: these load with the storefront's first page (see contracts/paging.ts).

/** GET /api/products/ — the catalog listing (spec: "Products client base path /api/products/"). */
export const productsListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(24, 100),
  category_id: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))), undefined),
  manufacturer_id: z.catch(
    z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
    undefined,
  ),
  series_id: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))), undefined),
  /** Specials (index.php?route=product/special): products selling below their MSRP. */
  special: z.catch(z.optional(z.enum(['1', 'true'])), undefined),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /**
   * Only parts that fit the shopper's saved vehicle (the `pd_vehicle` cookie), as the "Find
   * Products That Fit" tiles count them; without a vehicle the filter does nothing. Absent: narrowed
   * once a whole vehicle is chosen; '0' shows every part (src/domain/listing-narrowing.ts).
   */
  fits: z.catch(z.optional(z.enum(['1', 'true', '0'])), undefined),
  /**
   * The shopper's chosen store (the locator_pickup_location cookie, which the client sends here so
   * each store's listing is its own URL and cache entry): cards count that store's stock. Not a
   * number, or not an active store: ignored, the cards count every store (docs/decisions/storefront.md
   * "Stock on cards and in the cart").
   */
  store: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))), undefined),
  /** 'relevance' orders a search by the search ranking (server/services/catalog/search-query.ts); without a search it is 'name'. */
  sort: z.catch(z.enum(['name', 'price', 'date_added', 'mpn', 'relevance']), 'name'),
  order: z.catch(z.enum(['asc', 'desc']), 'asc'),
});
export type ProductsListQuery = z.infer<typeof productsListQuerySchema>;

/** Money travels as a decimal string with 2 places ("1234.50"), never a float. */
const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/** A product card of the listing (storefront.md §3 "Product", the fields a card shows). */
export const productSummarySchema = z.object({
  product_id: z.number().check(z.int()),
  aaia: z.string(),
  mpn: z.string(),
  part_number: z.string(),
  name: z.string(),
  short_description: z.string(),
  manufacturer: z.string(),
  manufacturer_id: z.number().check(z.int()),
  series_id: z.nullable(z.number().check(z.int())),
  categories: z.array(z.object({ category_id: z.number().check(z.int()) })),
  /** Null when the caller may not see prices: 'Login Required To View Price', or pricing off. */
  price: z.nullable(money),
  msrp: z.nullable(money),
  is_new: z.boolean(),
  is_orderable: z.boolean(),
  disable_pricing: z.boolean(),
  /** Shown instead of the price when pricing is off; the spec's default is 'Product Unavailable'. */
  disable_pricing_notice: z.string(),
  /** The shop shows prices to signed-in visitors only (`customer_price`) and this caller is not. */
  price_login_required: z.boolean(),
  /** Options must be chosen on the product page: the card offers 'View Product'. */
  requires_options: z.boolean(),
  /** Guests may check out (store setting); when false a guest gets the login link instead of Add. */
  guest_checkout: z.boolean(),
  logged_in: z.boolean(),
  show_install_graphic: z.boolean(),
  thumbnails: z.object({ primary: z.string(), cart: z.string() }),
  links: z.object({ view: z.string(), manufacturer: z.string() }),
  /**
   * Stock over every store, or at the reply's `store` (src/domain/inventory.ts `stockStatus`): on
   * the shelf, supplied when out (the product's own out-of-stock text, e.g. ships from the
   * distributor), or out. Optional: a reply cached before these fields existed still parses.
   */
  stock_status: z.optional(z.enum(['in_stock', 'distributor', 'out_of_stock'])),
  /**
   * '{n} in Stock', the product's own out-of-stock text, or 'Out of Stock'; with a store, '{n} in
   * Stock at {store}' / 'Out of Stock at {store}' (`cardStockText`).
   */
  stock_text: z.optional(z.string()),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productsListReplySchema = z.object({
  products: z.array(productSummarySchema),
  total_items: z.number().check(z.int()),
  total_pages: z.number().check(z.int()),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
  /** With `fits`: the vehicle the list is narrowed to ('2019 Ford F-150'); null when not narrowed. */
  fits_vehicle: z.optional(z.nullable(z.string())),
  /** The shopper's saved vehicle, narrowed or not ('2018 Ford F-150'); null without one. */
  vehicle: z.optional(z.nullable(z.string())),
  /** With a vehicle: the listing's size without narrowing to it ("Show all 4,952 parts"). */
  all_items: z.optional(z.nullable(z.number().check(z.int()))),
  /** With a vehicle: how many of the listing's parts fit it ("Show only the 312 parts that fit"). */
  fitting_items: z.optional(z.nullable(z.number().check(z.int()))),
  /** The store the cards' stock is counted at (the query's `store`, when it is an active store); null: every store. */
  store: z.optional(z.nullable(z.object({ location_id: z.number().check(z.int()), name: z.string() }))),
});
export type ProductsListReply = z.infer<typeof productsListReplySchema>;
