/**
 * The shopper cart under /checkout/cart/ (storefront.md §3 "Cart product", "Cart data", §7 "Cart").
 * A guest's cart hangs off an anonymous cookie, a customer's off the account
 * (docs/decisions/storefront.md "Shopper cart"). Every call answers the whole cart and the UI
 * replaces its cart state with it (§4). Staff sessions reach the staff cart on the same paths
 * (src/contracts/staff-cart.ts). Money is a 2-place decimal string; `*_text` is en-US USD.
 */
import { z } from 'zod';
import {
  DEFAULT_MAX_QUANTITY,
  DEFAULT_MIN_QUANTITY,
  maxQuantityMessage,
  minQuantityMessage,
  NOT_A_NUMBER_MESSAGE,
} from '../domain/quantity';

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const SHOP_CART_MESSAGES = {
  /** 404 for an add of a product that is not in the catalog (or switched off). */
  productNotFound: 'This product is not available.',
  notOrderable: 'This product cannot be ordered online. Contact us about availability.',
  lineNotFound: 'This item is no longer in your cart.',
  invalidCode: 'Invalid code',
  optionInvalid: 'Choose one of the listed options.',
  /** 401 for a guest's add while the shop allows no guest checkout (§2: products show a login link). */
  loginRequired: 'Please log in to add products to your cart.',
} as const;
export const addedToShopCart = (name: string): string => `Success: You have added ${name} to your shopping cart!`;

/**
 * A quantity as sent: a whole number 1..10000 or its text. The product page clamps what is typed
 * (§5) before it sends, so out-of-range here is a refusal, not a silent clamp.
 */
export const shopQuantity = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, NOT_A_NUMBER_MESSAGE).transform(Number)], {
    error: NOT_A_NUMBER_MESSAGE,
  })
  .pipe(
    z
      .number({ error: NOT_A_NUMBER_MESSAGE })
      .int(NOT_A_NUMBER_MESSAGE)
      .min(DEFAULT_MIN_QUANTITY, minQuantityMessage(DEFAULT_MIN_QUANTITY))
      .max(DEFAULT_MAX_QUANTITY, maxQuantityMessage(DEFAULT_MAX_QUANTITY)),
  );

const optionValue = z.union([
  z.string().max(255),
  z.number().int(),
  z.array(z.union([z.string().max(64), z.number().int()])).max(50),
]);

/** POST add: option maps product_option_id -> product_option_value_id (select, radio), ids (checkbox) or text. */
export const shopCartAddRequestSchema = z.object({
  product_id: z.coerce
    .number({ error: SHOP_CART_MESSAGES.productNotFound })
    .int(SHOP_CART_MESSAGES.productNotFound)
    .positive(SHOP_CART_MESSAGES.productNotFound),
  quantity: shopQuantity.default(1),
  option: z
    .record(z.string().regex(/^\d{1,9}$/, SHOP_CART_MESSAGES.optionInvalid), optionValue, {
      error: SHOP_CART_MESSAGES.optionInvalid,
    })
    .default({}),
  apply_labor: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('')])
    .default(false)
    .transform((v) => v === true || v === 1 || v === '1'),
});
export type ShopCartAddRequest = z.input<typeof shopCartAddRequestSchema>;

const lineKey = z.uuid({ error: SHOP_CART_MESSAGES.lineNotFound });
export const shopCartEditRequestSchema = z.object({ key: lineKey, quantity: shopQuantity });
export const shopCartKeyRequestSchema = z.object({ key: lineKey });

export const shopSelectedOptionSchema = z.object({
  product_option_id: z.number().int(),
  name: z.string(),
  value: z.string(),
  price: money,
});

export const shopCartProductSchema = z.object({
  key: z.uuid(),
  product_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  minimum: z.number().int(),
  /** Charged per unit: catalog price plus options (labor lines: rate x minutes / 60). */
  unit_price: money,
  unit_price_text: z.string(),
  unit_price_before_discounts: money,
  original_unit_price: money,
  total: money,
  total_text: z.string(),
  /** Tax on this line's total at its class rate, before the order-level rounding. */
  tax: money,
  selected_options: z.array(shopSelectedOptionSchema),
  has_shipping_cost: z.boolean(),
  shipping_cost: money,
  enough_inventory: z.boolean(),
  show_stock_warning: z.boolean(),
  /** The warning text to show when `show_stock_warning` (the product's own, else the default). */
  oos_text: z.string(),
  /** True on the installation labor row added with apply_labor; it follows its product's quantity. */
  labor_product: z.boolean(),
  /** On a labor row: the product row's key; on a product row with labor: the labor row's key. */
  product_labor_key: z.string().nullable(),
  sku: z.string(),
  ean: z.string(),
  category_levels: z.array(z.string()),
  currency_code: z.literal('USD'),
  thumbnail: z.string(),
  links: z.object({ view: z.string() }),
});
export type ShopCartProduct = z.infer<typeof shopCartProductSchema>;

export const shopCartVoucherSchema = z.object({ key: z.string(), description: z.string(), amount_text: z.string() });
export const shopCartTotalSchema = z.object({ title: z.string(), code: z.string(), text: z.string() });

/** A marketing event for the browser's tag manager (§9: add/remove from cart, checkout begin). */
export const shopMarketingEventSchema = z.object({
  event: z.string(),
  product_id: z.number().int().optional(),
  quantity: z.number().int().optional(),
});

export const shopCartReplySchema = z.object({
  products: z.array(shopCartProductSchema),
  vouchers: z.array(shopCartVoucherSchema),
  totals: z.array(shopCartTotalSchema),
  /** The order total, as a separate field (§3). */
  total: money,
  total_text: z.string(),
  /** Units in the cart (labor rows not counted): the badge number. */
  total_items: z.number().int(),
  /** Checkout may start: the cart has items, every item has stock, and the shopper may check out. */
  confirm_button: z.boolean(),
  marketing_tracking: z.array(shopMarketingEventSchema),
  order_id: z.number().int().nullable(),
  success: z.string(),
  error_message: z.string(),
  /** '/checkout/cart' after the last item is removed, else null. */
  redirect: z.string().nullable(),
  /** Store setting: guests may check out. Popout and checkout need it or a signed-in customer (§4). */
  guest_checkout: z.boolean(),
  logged_in: z.boolean(),
  /** Store setting 'hide': the header shows a plain cart link instead of the popout. */
  popout_hidden: z.boolean(),
  /**
   * The online card processor is the built-in simulator: the checkout labels its card form "Test
   * mode" and names a test card; a live shop says nothing of test cards. Optional: older replies.
   */
  card_test_mode: z.boolean().optional(),
});
export type ShopCartReply = z.infer<typeof shopCartReplySchema>;
