/**
 * The checkout's marketing events as one hook the checkout page calls (docs/decisions/storefront.md
 * "Marketing events"): `begin_checkout` once the cart shows, `add_shipping_info` (checkout step 2:
 * pickup or shipping) and `add_payment_info` (step 3) at Confirm Order, `purchase` when the order is
 * placed (from the cart as it was, before it is forgotten).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ShopCartReply } from '../../contracts/shop-cart';
import { useMarketing } from './track';

/** GA4's shipping_tier for the checkout's fulfilment (§4 step 2's option). */
const SHIPPING_TIER = { pickup: 'Pickup in store', shipping: 'Shipping' } as const;

export interface CheckoutEvents {
  /** Confirm Order pressed: the shipping step (GA4 add_shipping_info), then the payment step (add_payment_info). */
  confirming(fulfilment: 'pickup' | 'shipping', paymentType: string): void;
  /** The order is placed. */
  purchased(orderId: number): void;
}

export function useCheckoutEvents(cart: ShopCartReply | undefined): CheckoutEvents {
  const marketing = useMarketing();
  const latest = useRef(cart);
  latest.current = cart;
  const begun = useRef(false);
  const hasItems = (cart?.products.length ?? 0) > 0;
  useEffect(() => {
    if (begun.current || !hasItems || !latest.current) return;
    begun.current = true;
    marketing.beginCheckout(latest.current);
  }, [hasItems, marketing]);
  return useMemo(
    () => ({
      confirming: (fulfilment, paymentType) => {
        marketing.checkoutProgress(2, SHIPPING_TIER[fulfilment], latest.current);
        marketing.checkoutProgress(3, paymentType, latest.current);
      },
      purchased: (orderId) => {
        if (latest.current) marketing.purchase(orderId, latest.current);
      },
    }),
    [marketing],
  );
}
