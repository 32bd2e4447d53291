import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import {
  applyShopCartCode,
  editShopCart,
  removeFromShopCart,
  removeShopCartCode,
  shopCartQueryKey,
} from '../../api/shop-cart';
import type { ShopCartReply } from '../../contracts/shop-cart';
import { useToast } from '../../ui/toast/toast-context';
import { OFFLINE_CART_MESSAGE } from '../../features/shop-cart/shop-cart-messages';

type Change =
  | { kind: 'edit'; key: string; quantity: number }
  | { kind: 'remove'; key: string }
  | { kind: 'apply'; code: string }
  | { kind: 'removeCodes' };

/**
 * Quantity edits, removals and gift certificate codes on the cart page and popout. The reply replaces the cart state (§4);
 * when it carries a redirect (the last item went) the shopper lands on /checkout/cart.
 */
export function useCartActions() {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  return useMutation({
    networkMode: 'always',
    mutationFn: (c: Change): Promise<ShopCartReply> => {
      switch (c.kind) {
        case 'edit':
          return editShopCart(c.key, c.quantity);
        case 'remove':
          return removeFromShopCart(c.key);
        case 'apply':
          return applyShopCartCode('voucher', c.code);
        case 'removeCodes':
          return removeShopCartCode('voucher');
      }
    },
    onSuccess: async (reply, c) => {
      // A getData still in flight (asked before this change) must not overwrite the newer cart.
      await client.cancelQueries({ queryKey: shopCartQueryKey });
      client.setQueryData(shopCartQueryKey, reply);
      if (reply.error_message) toast.error(reply.error_message);
      // Code apply/remove report in a toast (§8 "Code apply ... shown as a toast").
      else if ((c.kind === 'apply' || c.kind === 'removeCodes') && reply.success) toast.success(reply.success);
      if (reply.redirect) void navigate(reply.redirect);
    },
    onError: (err) => toast.error(err instanceof ApiError && err.isNetwork ? OFFLINE_CART_MESSAGE : err.message),
  });
}
