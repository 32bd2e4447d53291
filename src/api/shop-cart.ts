import { queryOptions } from '@tanstack/react-query';
import { shopCartReplySchema, type ShopCartAddRequest, type ShopCartReply } from '../contracts/shop-cart';
import { ApiError } from './api-error';
import { request } from './http';
import { emitShopCartReply } from './cart-replies';

/**
 * The shopper cart (storefront.md §7 "Cart"); every call answers the whole cart. The last answer is
 * kept in localStorage so a shopper offline still sees their cart as last seen, even after a
 * reload (docs/decisions/storefront.md "Shopper cart offline"); changes need the network.
 */
import { forgetShopCart, SHOP_CART_STORAGE_KEY as KEY, shopCartQueryKey } from './shop-cart-key';

export { forgetShopCart, shopCartQueryKey };

function remember(reply: ShopCartReply): ShopCartReply {
  emitShopCartReply(reply);
  try {
    localStorage.setItem(KEY, JSON.stringify(reply));
  } catch {
    // storage blocked or full: offline the cart page then shows the network error instead
  }
  return reply;
}

function lastSeen(): ShopCartReply | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? shopCartReplySchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function getShopCart(signal?: AbortSignal): Promise<ShopCartReply> {
  try {
    return remember(await request('/checkout/cart/getData', shopCartReplySchema, { signal }));
  } catch (err) {
    const cached = err instanceof ApiError && err.isNetwork ? lastSeen() : null;
    if (!cached) throw err;
    return cached;
  }
}

export const shopCartQueryOptions = queryOptions({
  queryKey: shopCartQueryKey,
  queryFn: ({ signal }) => getShopCart(signal),
  staleTime: 30_000,
});

export async function addToShopCart(body: ShopCartAddRequest): Promise<ShopCartReply> {
  return remember(await request('/checkout/cart/add', shopCartReplySchema, { method: 'POST', body }));
}

export async function editShopCart(key: string, quantity: number): Promise<ShopCartReply> {
  return remember(
    await request('/checkout/cart/edit', shopCartReplySchema, { method: 'PUT', body: { key, quantity } }),
  );
}

export async function removeFromShopCart(key: string): Promise<ShopCartReply> {
  return remember(await request('/checkout/cart/remove', shopCartReplySchema, { method: 'POST', body: { key } }));
}

/** POST applyCode: a gift certificate code for the cart ('voucher'; coupons are always invalid). */
export async function applyShopCartCode(type: 'voucher' | 'coupon', code: string): Promise<ShopCartReply> {
  return remember(
    await request('/checkout/cart/applyCode', shopCartReplySchema, { method: 'POST', body: { type, code } }),
  );
}

/** GET /index.php?route=checkout/{code}/remove: drops a total line's code (a voucher or coupon). */
export async function removeShopCartCode(code: string): Promise<ShopCartReply> {
  return remember(await request(`/index.php?route=checkout/${encodeURIComponent(code)}/remove`, shopCartReplySchema));
}
