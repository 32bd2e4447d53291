/**
 * POST /index.php?route=checkout/confirm/createOrder (storefront.md §7, §8 "Order creation on
 * confirm"): the shopper's cart becomes a paid order. `checkout_key` is minted once per checkout
 * page, so a double submit creates one order and answers its number again. A refusal is the usual
 * `{error, message}` with a 4xx; the page shows `message` under the button and resets it.
 */
import { z } from 'zod';
import { emailField, phoneField, requiredText } from '../domain/forms/messages';
import { CARD_CVC_MESSAGE, CARD_EXPIRY_MESSAGE, CARD_NUMBER_MESSAGE } from './payment-link';
import { fulfilmentSchema } from './online-order-fulfilment';

export const createOrderRequestSchema = z.object({
  checkout_key: z.uuid({ error: 'Reload the checkout page and try again.' }),
  firstname: requiredText(1, 32),
  lastname: requiredText(1, 32),
  email: emailField(true),
  telephone: phoneField(false).default(''),
  /** Left out only when gift certificates on the cart pay the whole order. */
  card: z
    .object({
      number: z
        .string({ error: CARD_NUMBER_MESSAGE })
        .transform((s) => s.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, CARD_NUMBER_MESSAGE)),
      expiry: z
        .string({ error: CARD_EXPIRY_MESSAGE })
        .trim()
        .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CARD_EXPIRY_MESSAGE),
      cvc: z
        .string({ error: CARD_CVC_MESSAGE })
        .trim()
        .regex(/^\d{3,4}$/, CARD_CVC_MESSAGE),
    })
    .optional(),
  /**
   * How the order is fulfilled (docs/decisions/storefront.md "Online orders and fulfilment"): pickup
   * at a store (null: the default store) or shipping to an address. Left out: pickup at the default
   * store (clients older than issue 23).
   */
  fulfilment: fulfilmentSchema.default({ method: 'pickup', location_id: null }),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

export const createOrderReplySchema = z.object({
  order_id: z.number().int(),
  total_text: z.string(),
  success: z.string(),
});
export type CreateOrderReply = z.infer<typeof createOrderReplySchema>;

/** Texts the spec does not word (docs/decisions/storefront.md "Online checkout"). */
export const CHECKOUT_MESSAGES = {
  cartEmpty: 'Your shopping cart is empty.',
  loginRequired: 'Please log in to check out.',
  paymentUnavailable: 'The card payment service cannot be reached right now. Please try again in a moment.',
  cartChanged: 'Your cart changed: some items are no longer available. Review your cart and try again.',
  /** The total moved between planning the checkout and storing it (another tab edited the cart). */
  cartMoved: 'Your cart changed while you were checking out. Review your cart and try again.',
  declined: 'Card declined',
} as const;
export const orderPlaced = (orderId: number): string => `Thank you! Your order #${orderId} has been placed.`;
