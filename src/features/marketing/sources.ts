/**
 * What each storefront reply gives a marketing item (src/features/marketing/ga4.ts ItemSource):
 * listing cards, the product page, cart lines, wishlist rows. Loaded with the event code, after
 * the first paint.
 */
import type { ProductSummary } from '../../contracts/products-list';
import type { ShopCartProduct, ShopCartReply } from '../../contracts/shop-cart';
import type { ListedProduct } from '../../contracts/shop-lists';
import type { ItemSource, OrderFacts } from './ga4';

export function fromSummary(p: ProductSummary): ItemSource {
  return { product_id: p.product_id, name: p.name, brand: p.manufacturer, price: p.price };
}

/** The product page's product: its category path gives the levels. */
export function fromProductPage(p: {
  product_id: number;
  name: string;
  manufacturer: string;
  price: string | null;
  category_path?: readonly { name: string }[];
}): ItemSource {
  return {
    product_id: p.product_id,
    name: p.name,
    brand: p.manufacturer,
    price: p.price,
    categories: (p.category_path ?? []).map((c) => c.name),
  };
}

export function fromCartLine(l: ShopCartProduct, quantity = l.quantity): ItemSource {
  return {
    product_id: l.product_id,
    name: l.name,
    price: l.unit_price,
    categories: l.category_levels,
    quantity,
  };
}

/** The cart's product lines (labor rows are part of their product's service, not items). */
export function cartItems(cart: ShopCartReply): ItemSource[] {
  return cart.products.filter((l) => !l.labor_product).map((l) => fromCartLine(l));
}

export function fromListed(p: ListedProduct): ItemSource {
  return { product_id: p.product_id, name: p.name, brand: p.manufacturer, price: p.price };
}

/** An order placed from `cart`: its total, and its tax as the sum of the lines' tax (in cents). */
export function orderFacts(orderId: number, cart: ShopCartReply): OrderFacts {
  const cents = cart.products.reduce((sum, l) => sum + Math.round(Number(l.tax) * 100), 0);
  return { order_id: orderId, total: cart.total, tax: (cents / 100).toFixed(2), lines: cartItems(cart) };
}
