import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../api/api-error';
import { shopCartQueryKey } from '../../api/shop-cart-key';
import type { ShopCartAddRequest } from '../../contracts/shop-cart';
import { useToast } from '../../ui/toast/toast-context';
import { OFFLINE_CART_MESSAGE } from './shop-cart-messages';

export interface AddToCartInput {
  product_id: number;
  quantity: number;
  /** product_option_id -> product_option_value_id (or text), as the product page's form holds them. */
  option?: Record<string, string>;
  /** 1 adds the product's installation labor with it ('Add With {labor title}'). */
  apply_labor?: number;
}

/**
 * POST /checkout/cart/add for product cards and product pages (storefront.md §8 "Cart add"): the
 * reply's error_message (or a refusal's message) is an error toast, success a toast with a link to
 * the product; the cart badge and popout take the reply as the new cart state (§4). Resolves true
 * only when the item is in the cart, so callers can show 'Added!' or go to checkout.
 */
export function useAddToCart(): { addToCart: (input: AddToCartInput) => Promise<boolean>; isPending: boolean } {
  const client = useQueryClient();
  const toast = useToast();
  // The cart's calls and contract load on the first add, not with the storefront entry.
  const mutation = useMutation({
    mutationFn: async (body: ShopCartAddRequest) => (await import('../../api/shop-cart')).addToShopCart(body),
    networkMode: 'always',
  });
  const { mutateAsync } = mutation;

  const addToCart = useCallback(
    async (input: AddToCartInput): Promise<boolean> => {
      try {
        const reply = await mutateAsync({
          product_id: input.product_id,
          quantity: input.quantity,
          option: input.option ?? {},
          apply_labor: input.apply_labor === 1,
        });
        // A getData still in flight (asked before this change) must not overwrite the newer cart.
        await client.cancelQueries({ queryKey: shopCartQueryKey });
        client.setQueryData(shopCartQueryKey, reply);
        if (reply.error_message) {
          toast.error(reply.error_message);
          return false;
        }
        const line = reply.products.find((p) => p.product_id === input.product_id && !p.labor_product);
        toast.success(reply.success, {
          actions: [...(line ? [{ label: 'View Product', to: line.links.view }] : []), { label: 'View Cart', to: '/checkout/cart' }],
        });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) toast.error(OFFLINE_CART_MESSAGE);
        else toast.error(err instanceof Error ? err.message : String(err));
        return false;
      }
    },
    [client, mutateAsync, toast],
  );
  return { addToCart, isPending: mutation.isPending };
}
