/**
 * Online orders (issue 23; docs/decisions/storefront.md "Online orders and fulfilment",
 * docs/decisions/pos.md "Online orders at the counter"): the shipping method the checkout page shows, the counter's pick list and steps, and the shopper's
 * order history. The paths are ours (the spec names none): the storefront's under index.php like
 * its other shopper calls, the counter's under /api/online_order. The fulfilment a checkout sends
 * is in online-order-fulfilment.ts: its address rules are checked at submit, so the checkout
 * page's first paint does not load them (docs/decisions/storefront.md "Lazy areas under 50 KB").
 */
import { z } from 'zod';
/** GET /index.php?route=checkout/shipping_method: what shipping costs (null: not offered). */
export const shippingMethodReplySchema = z.object({
  shipping: z.object({ code: z.literal('flat'), title: z.string(), cost: z.string(), text: z.string() }).nullable(),
});
export type ShippingMethodReply = z.infer<typeof shippingMethodReplySchema>;

/** GET /api/localization/ (public): countries and zones for the shipping address. */
export const localizationReplySchema = z.object({
  countries: z.array(z.object({ country_id: z.number(), name: z.string() }).loose()),
  zones: z.array(z.object({ zone_id: z.number(), country_id: z.number(), name: z.string() }).loose()),
});
export type LocalizationReply = z.infer<typeof localizationReplySchema>;

const statusFields = {
  order_status_id: z.number().int(),
  order_status: z.string(),
};

/** GET /api/account/order: the signed-in shopper's own orders, newest first. */
export const accountOrdersReplySchema = z.object({
  orders: z.array(
    z.object({
      order_id: z.number().int(),
      date_added: z.string(),
      ...statusFields,
      total_text: z.string(),
      total_items: z.number().int(),
      fulfilment: z.enum(['pickup', 'shipping']).nullable(),
      store: z.string().nullable(),
    }),
  ),
});
export type AccountOrdersReply = z.infer<typeof accountOrdersReplySchema>;

export const onlineOrderQuerySchema = z.object({
  order_id: z.coerce.number({ error: 'Unknown order.' }).int('Unknown order.').positive('Unknown order.'),
});

/** GET /api/online_order/pick_list?order_id=: what to take off the shelves, and where it goes. */
export const pickListReplySchema = z.object({
  order_id: z.number().int(),
  date_added: z.string(),
  ...statusFields,
  fulfilment: z.enum(['pickup', 'shipping']),
  store: z.object({ location_id: z.number().int(), name: z.string() }),
  customer: z.object({ name: z.string(), email: z.string(), telephone: z.string() }),
  shipping_address: z.array(z.string()).nullable(),
  lines: z.array(
    z.object({
      name: z.string(),
      model: z.string(),
      mpn: z.string(),
      options: z.array(z.string()),
      quantity: z.number(),
    }),
  ),
  total_items: z.number().int(),
  total_text: z.string(),
  actions: z.array(z.enum(['ready', 'complete', 'ship'])),
});
export type PickListReply = z.infer<typeof pickListReplySchema>;

/** POST /api/online_order/{ready|complete|ship} {order_id}: the step done, and what the order is now. */
export const onlineStepReplySchema = z.object({
  success: z.string(),
  ...statusFields,
  notified: z.array(z.enum(['email', 'sms'])),
});
export type OnlineStepReply = z.infer<typeof onlineStepReplySchema>;
