import { z } from 'zod';
import { limitParam, pageParam } from './paging';

/** GET /api/products/ — the catalog listing (spec: "Products client base path /api/products/"). */
export const productsListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(24, 100),
  category_id: z.coerce.number().int().positive().optional().catch(undefined),
  manufacturer_id: z.coerce.number().int().positive().optional().catch(undefined),
  series_id: z.coerce.number().int().positive().optional().catch(undefined),
  /** Specials (index.php?route=product/special): products selling below their MSRP. */
  special: z.enum(['1', 'true']).optional().catch(undefined),
  search: z.string().trim().max(100).optional(),
  /**
   * Only parts that fit the shopper's saved vehicle (the `pd_vehicle` cookie), as the "Find
   * Products That Fit" tiles count them; without a vehicle the filter does nothing.
   */
  fits: z.enum(['1', 'true']).optional().catch(undefined),
  /** 'relevance' orders a search by the search ranking (server/services/search-query.ts); without a search it is 'name'. */
  sort: z.enum(['name', 'price', 'date_added', 'mpn', 'relevance']).catch('name'),
  order: z.enum(['asc', 'desc']).catch('asc'),
});
export type ProductsListQuery = z.infer<typeof productsListQuerySchema>;

/** Money travels as a decimal string with 2 places ("1234.50"), never a float. */
const money = z.string().regex(/^-?\d+\.\d{2}$/);

/** A product card of the listing (storefront.md §3 "Product", the fields a card shows). */
export const productSummarySchema = z.object({
  product_id: z.number().int(),
  aaia: z.string(),
  mpn: z.string(),
  part_number: z.string(),
  name: z.string(),
  short_description: z.string(),
  manufacturer: z.string(),
  manufacturer_id: z.number().int(),
  series_id: z.number().int().nullable(),
  categories: z.array(z.object({ category_id: z.number().int() })),
  /** Null when the caller may not see prices: 'Login Required To View Price', or pricing off. */
  price: money.nullable(),
  msrp: money.nullable(),
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
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productsListReplySchema = z.object({
  products: z.array(productSummarySchema),
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** With `fits`: the vehicle the list is narrowed to ('2019 Ford F-150'); null when not narrowed. */
  fits_vehicle: z.string().nullable().optional(),
});
export type ProductsListReply = z.infer<typeof productsListReplySchema>;
