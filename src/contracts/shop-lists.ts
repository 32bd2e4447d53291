/**
 * Compare and wishlist (storefront.md §2 "Compare and wishlist", §7): GET getCompare /
 * getWishlist answer the whole list; POST add and remove take a form payload `product_id` and
 * answer the list too, so the UI replaces its state with the reply. Failures are only logged (§8).
 */
import * as z from 'zod/mini';

// zod/mini: compare loads with the storefront's first page (see contracts/paging.ts).
const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/** At most this many products are compared side by side; adding a fifth drops the oldest. */
export const COMPARE_LIMIT = 4;

export const SHOP_LIST_MESSAGES = {
  productNotFound: 'This product is not available.',
  loginRequired: 'Log in or create an account to keep a wishlist.',
} as const;

export const productIdRequestSchema = z.object({
  product_id: z.coerce
    .number({ error: SHOP_LIST_MESSAGES.productNotFound })
    .check(
      z.int(SHOP_LIST_MESSAGES.productNotFound),
      z.positive(SHOP_LIST_MESSAGES.productNotFound),
      z.maximum(2_147_483_647, SHOP_LIST_MESSAGES.productNotFound),
    ),
});

/** One product as the compare and wishlist tables show it. */
export const listedProductSchema = z.object({
  product_id: z.number().check(z.int()),
  name: z.string(),
  manufacturer: z.string(),
  part_number: z.string(),
  short_description: z.string(),
  thumbnail: z.string(),
  /** Null when withheld (src/domain/price-visibility.ts): pricing off, or a login the caller has not. */
  price: z.nullable(money),
  /** '$12.34', or what the table shows instead ('Login Required To View Price', the pricing-off notice). */
  price_text: z.string(),
  price_login_required: z.boolean(),
  /** Pricing switched off for this product: the table shows 'Product Unavailable' (or the shop's notice) instead. */
  disable_pricing: z.boolean(),
  is_orderable: z.boolean(),
  requires_options: z.boolean(),
  /** '{n} in Stock' or 'Out of Stock'. */
  stock_text: z.string(),
  weight: z.string(),
  links: z.object({ view: z.string() }),
});
export type ListedProduct = z.infer<typeof listedProductSchema>;

export const compareReplySchema = z.object({ products: z.array(listedProductSchema) });
export type CompareReply = z.infer<typeof compareReplySchema>;

export const wishlistReplySchema = z.object({
  products: z.array(listedProductSchema),
  /** False for a guest: the wishlist page asks them to log in (docs/decisions/storefront.md "Wishlist for guests"). */
  logged_in: z.boolean(),
});
export type WishlistReply = z.infer<typeof wishlistReplySchema>;
