/**
 * The checkout's marketing events as one hook the checkout page calls (docs/decisions/storefront.md
 * "Marketing events"): `begin_checkout` once the cart shows, `add_payment_info` at Confirm Order,
 * `purchase` when the order is placed (from the cart as it was, before it is forgotten).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ShopCartReply } from '../../contracts/shop-cart';
import { useMarketing } from './track';

export interface CheckoutEvents {
  /** Confirm Order pressed: the payment step (GA4 add_payment_info). */
  confirming(paymentType: string): void;
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
      confirming: (paymentType) => marketing.checkoutProgress(3, paymentType, latest.current),
      purchased: (orderId) => {
        if (latest.current) marketing.purchase(orderId, latest.current);
      },
    }),
    [marketing],
  );
}
