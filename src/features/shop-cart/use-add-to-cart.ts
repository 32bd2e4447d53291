import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError } from '../../api/api-error';
import { shopCartQueryKey } from '../../api/shop-cart-key';
import type { ShopCartAddRequest } from '../../contracts/shop-cart';
import { useToast } from '../../ui/toast/toast-context';
import type { CartAddRequest, CartAdded, CartAdder } from './cart-adder-types';
import { OFFLINE_CART_MESSAGE } from './shop-cart-messages';

/** storefront.md §2 "Routes": Instant Checkout goes to the online checkout. */
const SHOP_CHECKOUT: CartAdded = { checkoutPath: '/checkout/checkout' };

/**
 * The shopper's add (POST /checkout/cart/add) for product cards and product pages (storefront.md
 * §8 "Cart add"): the reply's error_message (or a refusal's message) is an error toast, success a
 * toast with a link to the product; the cart badge and popout take the reply as the new cart
 * state (§4). Resolves only when the item is in the cart, so callers can show 'Added!' or go to
 * checkout. Use it through useCartAdder (cart-adder.ts), which picks the POS sale for staff.
 */
export function useShopCartAdder(): CartAdder {
  const client = useQueryClient();
  const toast = useToast();
  // The cart's calls and contract load on the first add, not with the storefront entry.
  const mutation = useMutation({
    mutationFn: async (body: ShopCartAddRequest) => (await import('../../api/shop-cart')).addToShopCart(body),
    networkMode: 'always',
  });
  const { mutateAsync } = mutation;

  const add = useCallback(
    async (input: CartAddRequest): Promise<CartAdded | null> => {
      try {
        const reply = await mutateAsync({
          product_id: input.product_id,
          quantity: input.quantity,
          // Checkbox options carry arrays of value ids, which the cart call takes as they are.
          option: (input.option ?? {}) as ShopCartAddRequest['option'],
          apply_labor: input.apply_labor === true,
        });
        // A getData still in flight (asked before this change) must not overwrite the newer cart.
        await client.cancelQueries({ queryKey: shopCartQueryKey });
        client.setQueryData(shopCartQueryKey, reply);
        if (reply.error_message) {
          toast.error(reply.error_message);
          return null;
        }
        const line = reply.products.find((p) => p.product_id === input.product_id && !p.labor_product);
        toast.success(reply.success, {
          actions: [
            ...(line ? [{ label: 'View Product', to: line.links.view }] : []),
            { label: 'View Cart', to: '/checkout/cart' },
          ],
        });
        return SHOP_CHECKOUT;
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) toast.error(OFFLINE_CART_MESSAGE);
        else toast.error(err instanceof Error ? err.message : String(err));
        return null;
      }
    },
    [client, mutateAsync, toast],
  );
  return useMemo(() => ({ add, isPending: mutation.isPending }), [add, mutation.isPending]);
}
